"""Keep rulebench's message catalogs: extract, update, compile, check, merge.

    python tools/catalogs.py update [DOMAIN]       # extract the messages, update each language's .po
    python tools/catalogs.py compile [DOMAIN]      # .po -> .mo (the compiled catalogs ship in the wheel)
    python tools/catalogs.py check                 # every message translated, every .mo current
    python tools/catalogs.py merge FILE.po DOMAIN  # take the translations FILE has into DOMAIN's .po
    python tools/catalogs.py init LANG             # start a new language in every domain

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
LOCK = ROOT / ".catalogs.lock"
"""The file :class:`_Lock` locks (not committed); a test of a domain outside the checkout locks its own."""
RULESETS = sorted(p.name for p in (PACKAGE / "rulesets").iterdir() if (p / "locale").is_dir())
"""Every built-in ruleset with a catalog: a new ruleset joins by having a ``locale/`` folder."""
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


def _shown(path: Path) -> str:
    """``path`` relative to the checkout where it lies inside it (catalog locations, messages), else as it is."""
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def extract(domain: Domain) -> Catalog:
    """Every message ``domain``'s code marks (``_``, ``ngettext``, ``pgettext``, ``N_``; Jinja templates too)."""
    method_map = [(pattern, "ignore") for pattern in domain.ignore]
    method_map += [("**.py", "python"), ("**/templates/**.j2", "jinja2")]
    catalog = Catalog(project="rulebench", domain=domain.name, charset="utf-8")
    # newstyle_gettext: templates render with newstyle gettext (report.py), whose msgids keep a literal % as %%.
    options = {"**/templates/**.j2": {"extensions": "jinja2.ext.i18n", "trimmed": "true", "newstyle_gettext": "true"}}
    for filename, lineno, message, comments, context in extract_from_dir(
        str(domain.source), method_map, options, keywords=DEFAULT_KEYWORDS, comment_tags=COMMENT_TAGS, strip_comment_tags=True
    ):
        location = (f"{_shown(domain.source)}/{filename}", lineno)
        catalog.add(message, None, [location], auto_comments=comments, context=context)
    return catalog


def _read(path: Path) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle)


def _dated(line: bytes) -> bool:
    return line.startswith((b'"POT-Creation-Date:', b'"PO-Revision-Date:'))


def _replace(path: Path, content: bytes) -> None:
    """Write ``content`` unless ``path`` holds the same apart from its dates, so catalogs change only with their messages."""
    if path.exists():
        old = [line for line in path.read_bytes().splitlines() if not _dated(line)]
        if old == [line for line in content.splitlines() if not _dated(line)]:
            return
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)


def _write(catalog: Catalog, path: Path) -> None:
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, omit_header=False, sort_output=False, ignore_obsolete=True)
    _replace(path, buffer.getvalue())


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
            catalog = _read(domain.po(lang))
            if domain.mo(lang).exists():
                with domain.mo(lang).open("rb") as handle:
                    if _messages(read_mo(handle)) == _messages(catalog):
                        continue
            buffer = io.BytesIO()
            write_mo(buffer, catalog)
            domain.mo(lang).write_bytes(buffer.getvalue())


def untranslated(catalog: Catalog) -> Iterator[str]:
    """The messages of ``catalog`` that have no translation, or only a fuzzy one."""
    for message in catalog:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy or not all(strings):
            yield message.id if isinstance(message.id, str) else message.id[0]


def _messages(catalog: Catalog) -> dict[object, object]:
    """What a compiled catalog answers: each translated, settled message by its id and context."""
    # A plural message reads back from a .mo as lists, from a .po as tuples: compare them as tuples.
    def settled(value: object) -> object:
        return tuple(value) if isinstance(value, list) else value

    return {(m.context, settled(m.id)): settled(m.string) for m in catalog if m.id and m.string and not m.fuzzy}


def problems(domains: tuple[Domain, ...] = DOMAINS) -> list[str]:
    """What keeps the catalogs from shipping: messages missing from a .po or untranslated, stale .mo files."""
    found = []
    for domain in domains:
        template = extract(domain)
        for lang in domain.languages():
            catalog = _read(domain.po(lang))
            for message in template:
                if message.id and catalog.get(message.id, context=message.context) is None:
                    found.append(f"{_shown(domain.po(lang))}: not in the catalog: {message.id!r}")
            found += [f"{_shown(domain.po(lang))}: untranslated: {mid!r}" for mid in untranslated(catalog)]
            if not domain.mo(lang).exists():
                found.append(f"{_shown(domain.mo(lang))}: missing (run compile)")
                continue
            with domain.mo(lang).open("rb") as handle:
                compiled = read_mo(handle)
            if _messages(compiled) != _messages(catalog):
                found.append(f"{_shown(domain.mo(lang))}: older than its .po (run compile)")
    return found


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
    incoming = _read(fragment)
    (domain,) = _domains(name)
    lang = str(incoming.locale) if incoming.locale else ""
    if not lang:
        raise SystemExit(f"{fragment}: its header must name the language (\"Language: de\\n\")")
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
