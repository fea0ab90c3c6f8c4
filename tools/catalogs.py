"""Keep rulebench's message catalogs: extract, update, compile, check, merge.

    python tools/catalogs.py update [DOMAIN]       # extract the messages, update each language's .po
    python tools/catalogs.py compile [DOMAIN]      # .po -> .mo (the compiled catalogs ship in the wheel)
    python tools/catalogs.py check                 # every message translated, none fuzzy, every .mo current
    python tools/catalogs.py merge FILE.po DOMAIN  # take the translations FILE has into DOMAIN's .po
    python tools/catalogs.py init LANG             # start a new language in every domain

Each domain is one folder of code with its own ``locale/`` folder: rulebench's own texts
(``rulebench``), each built-in ruleset (``rulebench-dsa``…) and the built-in plugins
(``rulebench-plugins``). The work is ``rulebench.testing.catalogs``', the module a third-party
plugin keeps its own catalog with (``python -m rulebench.testing.catalogs``); this script knows
where rulebench's domains are, and locks the catalogs while it writes them.
"""

from __future__ import annotations

import argparse
import fcntl
import io
import sys
from dataclasses import dataclass
from pathlib import Path

from rulebench.testing import catalogs as library
from rulebench.testing.catalogs import Domain

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "rulebench"
LOCK = ROOT / ".catalogs.lock"
"""The file :class:`_Lock` locks (not committed); a test of a domain outside the checkout locks its own."""
RULESETS = sorted(p.name for p in (PACKAGE / "rulesets").iterdir() if (p / "locale").is_dir())
"""Every built-in ruleset with a catalog: a new ruleset joins by having a ``locale/`` folder."""


def _domain(name: str, source: Path, ignore: tuple[str, ...] = ()) -> Domain:
    """One of rulebench's domains: its locations relative to the checkout, its headers naming rulebench."""
    return Domain(name, source, ignore, root=ROOT, project="rulebench")


DOMAINS = (
    _domain("rulebench", PACKAGE, ignore=("rulesets/**", "plugins/**", "cli/templates/**")),
    *(_domain(f"rulebench-{name}", PACKAGE / "rulesets" / name) for name in RULESETS),
    _domain("rulebench-plugins", PACKAGE / "plugins"),
)

__all__ = ["DOMAINS", "LOCK", "Domain", "compile_all", "init", "main", "merge", "problems", "update"]


@dataclass
class _Lock:
    """An exclusive lock on the catalogs, so two people merging at once do not lose each other's work."""

    handle: io.TextIOWrapper | None = None

    def __enter__(self) -> None:
        self.handle = LOCK.open("w")
        fcntl.flock(self.handle, fcntl.LOCK_EX)

    def __exit__(self, *_: object) -> None:
        assert self.handle is not None
        self.handle.close()


def update(domains: tuple[Domain, ...] = DOMAINS) -> None:
    """Write each domain's template and bring each of its languages' .po up to date with it."""
    with _Lock():
        library.update(domains)


def compile_all(domains: tuple[Domain, ...] = DOMAINS) -> None:
    """Compile every .po into the .mo that ships."""
    library.compile_all(domains)


def problems(domains: tuple[Domain, ...] = DOMAINS) -> list[str]:
    """What keeps the catalogs from shipping: messages missing from a .po, untranslated or fuzzy, stale .mo files."""
    return library.problems(domains)


def _domains(name: str | None) -> tuple[Domain, ...]:
    """The domain called ``name``, or every domain for None."""
    if name is None:
        return DOMAINS
    chosen = tuple(d for d in DOMAINS if d.name == name)
    if not chosen:
        raise SystemExit(f"no domain {name!r}; the domains are {', '.join(d.name for d in DOMAINS)}")
    return chosen


def merge(fragment: Path, name: str) -> int:
    """Copy the translations ``fragment`` holds into domain ``name``'s catalog, in the language its header names.

    Several translators can work on one domain at once this way: each keeps a fragment, and only
    this function (under the lock) writes the domain's .po.
    """
    incoming = library.read(fragment)
    (domain,) = _domains(name)
    lang = str(incoming.locale) if incoming.locale else ""
    if not lang:
        raise SystemExit(f"{fragment}: its header must name the language (\"Language: de\\n\")")
    with _Lock():
        catalog = library.read(domain.po(lang))
        taken = 0
        for message in incoming:
            target = catalog.get(message.id, context=message.context) if message.id else None
            if target is not None and message.string:
                target.string = message.string
                target.flags.discard("fuzzy")
                taken += 1
        library.write(catalog, domain.po(lang))
    return taken


def init(lang: str) -> None:
    """Start ``lang`` in every domain: a .po per domain from its template, every message untranslated."""
    with _Lock():
        for domain in DOMAINS:
            library.init(domain, lang, translator="rulebench contributors",
                         header=f"# {lang} translations of rulebench ({domain.name}).\n# Same license as rulebench.")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("action", choices=("update", "compile", "check", "merge", "init"))
    parser.add_argument("argument", nargs="?", help="update, compile: a domain; merge: the .po fragment; init: the language code")
    parser.add_argument("domain", nargs="?", help="merge: the domain to merge into")
    args = parser.parse_args(argv)
    if args.action == "update":
        update(_domains(args.argument))
    elif args.action == "compile":
        compile_all(_domains(args.argument))
    elif args.action == "check":
        found = problems()
        print("\n".join(found) or "every catalog complete and compiled")
        return 1 if found else 0
    elif args.action == "merge":
        if args.argument is None or args.domain is None:
            parser.error("merge needs a fragment and a domain")
        print(f"took {merge(Path(args.argument), args.domain)} translations")
    else:
        init(args.argument)
    return 0


if __name__ == "__main__":
    sys.exit(main())
