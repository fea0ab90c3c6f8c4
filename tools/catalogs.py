"""Keep rulebench's message catalogs: extract, update, compile, check, merge.

    python tools/catalogs.py update            # extract every domain's messages, update each .po
    python tools/catalogs.py compile           # .po -> .mo (the compiled catalogs ship in the wheel)
    python tools/catalogs.py check             # every message translated, every .mo current
    python tools/catalogs.py merge FILE.po     # take the translations FILE has into its domain's .po
    python tools/catalogs.py init LANG         # start a new language from the templates

Each domain is one folder of code with its own ``locale/`` folder: rulebench's own texts
(``rulebench``), each built-in ruleset (``rulebench-dsa``…) and the built-in plugins
(``rulebench-plugins``). A third-party plugin keeps its catalog the same way, in its own package.
Babel does the work; this script only knows where the domains are.
"""

from __future__ import annotations

import argparse
import fcntl
import io
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "rulebench"
RULESETS = ("ambermarch", "classic", "talisman", "dsa", "endurance")
COMMENT_TAGS = ("TRANSLATORS:",)


@dataclass(frozen=True)
class Domain:
    """A gettext domain: the code its messages are extracted from and the folder its catalogs live in."""

    name: str
    source: Path
    ignore: tuple[str, ...] = ()

    @property
    def localedir(self) -> Path:
        return self.source / "locale"

    @property
    def template(self) -> Path:
        return self.localedir / f"{self.name}.pot"

    def po(self, lang: str) -> Path:
        return self.localedir / lang / "LC_MESSAGES" / f"{self.name}.po"

    def mo(self, lang: str) -> Path:
        return self.po(lang).with_suffix(".mo")

    def languages(self) -> list[str]:
        if not self.localedir.is_dir():
            return []
        return sorted(p.parent.parent.name for p in self.localedir.glob(f"*/LC_MESSAGES/{self.name}.po"))


DOMAINS = (
    Domain("rulebench", PACKAGE, ignore=("rulesets/**", "plugins/**", "cli/templates/**")),
    *(Domain(f"rulebench-{name}", PACKAGE / "rulesets" / name) for name in RULESETS),
    Domain("rulebench-plugins", PACKAGE / "plugins"),
)


def extract(domain: Domain) -> Catalog:
    """Every message ``domain``'s code marks (``_``, ``ngettext``, ``pgettext``, ``N_``; Jinja templates too)."""
    method_map = [(pattern, "ignore") for pattern in domain.ignore]
    method_map += [("**.py", "python"), ("**/templates/**.j2", "jinja2")]
    catalog = Catalog(project="rulebench", domain=domain.name, charset="utf-8")
    options = {"**/templates/**.j2": {"extensions": "jinja2.ext.i18n", "trimmed": "true"}}
    for filename, lineno, message, comments, context in extract_from_dir(
        str(domain.source), method_map, options, keywords=DEFAULT_KEYWORDS, comment_tags=COMMENT_TAGS, strip_comment_tags=True
    ):
        location = (f"{domain.source.relative_to(ROOT)}/{filename}", lineno)
        catalog.add(message, None, [location], auto_comments=comments, context=context)
    return catalog


def _read(path: Path) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle)


def _write(catalog: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, omit_header=False, sort_output=False, ignore_obsolete=True)
    path.write_bytes(buffer.getvalue())


@dataclass
class _Lock:
    """An exclusive lock on the catalogs, so two people merging at once do not lose each other's work."""

    handle: io.TextIOWrapper | None = None

    def __enter__(self) -> None:
        self.handle = (ROOT / ".catalogs.lock").open("w")
        fcntl.flock(self.handle, fcntl.LOCK_EX)

    def __exit__(self, *_: object) -> None:
        assert self.handle is not None
        self.handle.close()


def update(domains: tuple[Domain, ...] = DOMAINS) -> None:
    """Write each domain's template and bring each of its languages' .po up to date with it."""
    with _Lock():
        for domain in domains:
            template = extract(domain)
            _write(template, domain.template)
            for lang in domain.languages():
                catalog = _read(domain.po(lang))
                # No fuzzy matching: a guessed translation of a changed message is worse than none.
                catalog.update(template, no_fuzzy_matching=True)
                _write(catalog, domain.po(lang))


def compile_all(domains: tuple[Domain, ...] = DOMAINS) -> None:
    """Compile every .po into the .mo that ships."""
    for domain in domains:
        for lang in domain.languages():
            buffer = io.BytesIO()
            write_mo(buffer, _read(domain.po(lang)))
            domain.mo(lang).write_bytes(buffer.getvalue())


def untranslated(catalog: Catalog) -> Iterator[str]:
    """The messages of ``catalog`` that have no translation, or only a fuzzy one."""
    for message in catalog:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy or not all(strings):
            yield message.id if isinstance(message.id, str) else message.id[0]


def problems(domains: tuple[Domain, ...] = DOMAINS) -> list[str]:
    """What keeps the catalogs from shipping: messages missing from a .po or untranslated, stale .mo files."""
    found = []
    for domain in domains:
        template = extract(domain)
        for lang in domain.languages():
            catalog = _read(domain.po(lang))
            for message in template:
                if message.id and catalog.get(message.id, context=message.context) is None:
                    found.append(f"{domain.po(lang).relative_to(ROOT)}: not in the catalog: {message.id!r}")
            found += [f"{domain.po(lang).relative_to(ROOT)}: untranslated: {mid!r}" for mid in untranslated(catalog)]
            if not domain.mo(lang).exists():
                found.append(f"{domain.mo(lang).relative_to(ROOT)}: missing (run compile)")
                continue
            with domain.mo(lang).open("rb") as handle:
                compiled = read_mo(handle)
            if {m.id: m.string for m in compiled if m.id} != {m.id: m.string for m in catalog if m.id and m.string and not m.fuzzy}:
                found.append(f"{domain.mo(lang).relative_to(ROOT)}: older than its .po (run compile)")
    return found


def merge(fragment: Path) -> int:
    """Copy the translations ``fragment`` holds into its domain's catalog (the domain and language its header names)."""
    incoming = _read(fragment)
    domain = next((d for d in DOMAINS if d.name == incoming.domain), None)
    lang = str(incoming.locale) if incoming.locale else ""
    if domain is None or not lang:
        raise SystemExit(f"{fragment}: its header must name a known domain and a Language: {[d.name for d in DOMAINS]}")
    with _Lock():
        catalog = _read(domain.po(lang))
        taken = 0
        for message in incoming:
            target = catalog.get(message.id, context=message.context) if message.id else None
            if target is not None and message.string:
                target.string = message.string
                target.flags.discard("fuzzy")
                taken += 1
        _write(catalog, domain.po(lang))
    return taken


def init(lang: str) -> None:
    """Start ``lang`` in every domain: a .po per domain from its template, every message untranslated."""
    with _Lock():
        for domain in DOMAINS:
            if domain.po(lang).exists():
                continue
            template = extract(domain)
            catalog = Catalog(
                locale=lang, domain=domain.name, project="rulebench", charset="utf-8", fuzzy=False,
                last_translator="rulebench contributors", language_team=lang,
                header_comment=f"# {lang} translations of rulebench ({domain.name}).\n# Same license as rulebench.",
            )
            catalog.update(template, no_fuzzy_matching=True)
            _write(catalog, domain.po(lang))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("action", choices=("update", "compile", "check", "merge", "init"))
    parser.add_argument("argument", nargs="?", help="merge: the .po fragment; init: the language code")
    args = parser.parse_args(argv)
    if args.action == "update":
        update()
    elif args.action == "compile":
        compile_all()
    elif args.action == "check":
        found = problems()
        print("\n".join(found) or "every catalog complete and compiled")
        return 1 if found else 0
    elif args.action == "merge":
        print(f"took {merge(Path(args.argument))} translations")
    else:
        init(args.argument)
    return 0


if __name__ == "__main__":
    sys.exit(main())
