"""A plugin's message catalogs: extract, update, compile and check them.

    python -m rulebench.testing.catalogs update  [PACKAGE]   # extract the messages, update each language's .po
    python -m rulebench.testing.catalogs init LANG [PACKAGE] # start a language: a .po with every message untranslated
    python -m rulebench.testing.catalogs compile [PACKAGE]   # .po -> .mo (the compiled catalogs ship in the wheel)
    python -m rulebench.testing.catalogs check   [PACKAGE]   # every message in every .po, translated, not fuzzy, compiled

``PACKAGE`` is the folder of the plugin's Python package (``rulebench_myrules/``, the current
folder's only package by default); its domain is named by the ``locale/*.pot`` there, else by the
project's name (``rulebench-myrules``). A domain is one folder of code with its own ``locale/``
folder beside it, as ``Messages(DOMAIN, Path(__file__).with_name("locale"))`` reads it: each
language's ``locale/LANG/LC_MESSAGES/DOMAIN.po`` and the ``.mo`` compiled from it. The conformance
kit's ``catalogs`` check (``rulebench check NAME``) runs ``problems`` on every domain a ruleset's
modules build a ``Messages`` for. rulebench keeps its own catalogs with the same functions
(``tools/catalogs.py``). Babel does the work.
"""

from __future__ import annotations

import argparse
import inspect
import io
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po, write_po

from rulebench.core.i18n import Messages, _

COMMENT_TAGS = ("TRANSLATORS:",)
"""Comments above a message that go into the catalog for its translators."""


@dataclass(frozen=True)
class Domain:
    """A gettext domain: the code its messages are extracted from and the folder its catalogs live in.

    Attributes:
        name: the domain (``rulebench-myrules``), as the plugin's ``Messages`` names it.
        source: the folder of code; its ``locale/`` folder holds the catalogs.
        ignore: glob patterns (relative to ``source``) of code that belongs to other domains.
        root: what the catalogs' source locations and the problems' paths are given relative to:
            the project folder (the source's parent) unless given.
        project: the project the catalogs' headers name: the domain's name unless given.
    """

    name: str
    source: Path
    ignore: tuple[str, ...] = ()
    root: Path | None = None
    project: str | None = None

    @property
    def base(self) -> Path:
        """The folder paths are shown relative to."""
        return self.root if self.root is not None else self.source.parent

    @property
    def localedir(self) -> Path:
        """The ``locale/`` folder beside the code."""
        return self.source / "locale"

    @property
    def template(self) -> Path:
        """The extracted template, ``locale/DOMAIN.pot``."""
        return self.localedir / f"{self.name}.pot"

    def po(self, lang: str) -> Path:
        """The catalog translators edit for ``lang``."""
        return self.localedir / lang / "LC_MESSAGES" / f"{self.name}.po"

    def mo(self, lang: str) -> Path:
        """The compiled catalog for ``lang`` that ``Messages`` reads."""
        return self.po(lang).with_suffix(".mo")

    def languages(self) -> list[str]:
        """Every language with a ``.po``, sorted."""
        if not self.localedir.is_dir():
            return []
        return sorted(p.parent.parent.name for p in self.localedir.glob(f"*/LC_MESSAGES/{self.name}.po"))

    def shown(self, path: Path) -> str:
        """``path`` relative to ``base`` where it lies inside it, else as it is."""
        return str(path.relative_to(self.base)) if path.is_relative_to(self.base) else str(path)


def extract(domain: Domain) -> Catalog:
    """Every message ``domain``'s code marks (``_``, ``ngettext``, ``pgettext``, ``N_``; Jinja templates too)."""
    method_map = [(pattern, "ignore") for pattern in domain.ignore]
    method_map += [("**.py", "python"), ("**/templates/**.j2", "jinja2")]
    catalog = Catalog(project=domain.project or domain.name, domain=domain.name, charset="utf-8")
    # newstyle_gettext: templates render with newstyle gettext (report.py), whose msgids keep a literal % as %%.
    options = {"**/templates/**.j2": {"extensions": "jinja2.ext.i18n", "trimmed": "true", "newstyle_gettext": "true"}}
    for filename, lineno, message, comments, context in extract_from_dir(
        str(domain.source), method_map, options, keywords=DEFAULT_KEYWORDS, comment_tags=COMMENT_TAGS, strip_comment_tags=True
    ):
        location = (f"{domain.shown(domain.source)}/{filename}", lineno)
        catalog.add(message, None, [location], auto_comments=comments, context=context)
    return catalog


def read(path: Path) -> Catalog:
    """A ``.po`` or ``.pot`` file."""
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


def write(catalog: Catalog, path: Path) -> None:
    """Write ``catalog`` as a ``.po`` (or ``.pot``) 100 columns wide, in the order of its messages."""
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, omit_header=False, sort_output=False, ignore_obsolete=True)
    _replace(path, buffer.getvalue())


def update(domains: Iterable[Domain]) -> None:
    """Write each domain's template and bring each of its languages' .po up to date with it."""
    for domain in domains:
        template = extract(domain)
        write(template, domain.template)
        for lang in domain.languages():
            catalog = read(domain.po(lang))
            # No fuzzy matching: a guessed translation of a changed message is worse than none.
            catalog.update(template, no_fuzzy_matching=True)
            write(catalog, domain.po(lang))


def init(domain: Domain, lang: str, *, translator: str | None = None, header: str | None = None) -> Path:
    """Start ``lang`` in ``domain``: its .po from the extracted messages, every one untranslated
    (a language already started is left as it is), with the translators and the header comment
    given. Returns the .po's path."""
    po = domain.po(lang)
    if not po.exists():
        project = domain.project or domain.name
        catalog = Catalog(
            locale=lang, domain=domain.name, project=project, charset="utf-8", fuzzy=False,
            last_translator=translator, language_team=lang if translator else None,
            header_comment=header or f"# {lang} translations of {project}.",
        )
        catalog.update(extract(domain), no_fuzzy_matching=True)
        write(catalog, po)
    return po


def compile_all(domains: Iterable[Domain]) -> None:
    """Compile every .po into the .mo that ships (a .mo that already says the same is left alone)."""
    for domain in domains:
        for lang in domain.languages():
            catalog = read(domain.po(lang))
            if domain.mo(lang).exists():
                with domain.mo(lang).open("rb") as handle:
                    if _messages(read_mo(handle)) == _messages(catalog):
                        continue
            buffer = io.BytesIO()
            write_mo(buffer, catalog)
            domain.mo(lang).write_bytes(buffer.getvalue())


def _message_id(message: Any) -> str:
    return message.id if isinstance(message.id, str) else message.id[0]


def untranslated(catalog: Catalog) -> Iterator[str]:
    """The messages of ``catalog`` that have no translation (a plural one: not every form)."""
    for message in catalog:
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.id and not message.fuzzy and not all(strings):
            yield _message_id(message)


def fuzzy(catalog: Catalog) -> Iterator[str]:
    """The messages of ``catalog`` whose translation is only a guess (marked fuzzy): gettext ignores it."""
    for message in catalog:
        if message.id and message.fuzzy:
            yield _message_id(message)


def _messages(catalog: Catalog) -> dict[object, object]:
    """What a compiled catalog answers: each translated, settled message by its id and context."""
    # A plural message reads back from a .mo as lists, from a .po as tuples: compare them as tuples.
    def settled(value: object) -> object:
        return tuple(value) if isinstance(value, list) else value

    return {(m.context, settled(m.id)): settled(m.string) for m in catalog if m.id and m.string and not m.fuzzy}


def problems(domains: Iterable[Domain]) -> list[str]:
    """What keeps the catalogs from shipping, one line each: messages missing from a .po,
    untranslated or fuzzy, and a .mo missing or older than its .po."""
    found = []
    for domain in domains:
        template = extract(domain)
        for lang in domain.languages():
            po = domain.shown(domain.po(lang))
            catalog = read(domain.po(lang))
            for message in template:
                if message.id and catalog.get(message.id, context=message.context) is None:
                    found.append(_("{po}: not in the catalog: {message!r}").format(po=po, message=_message_id(message)))
            found += [_("{po}: untranslated: {message!r}").format(po=po, message=mid) for mid in untranslated(catalog)]
            found += [_("{po}: fuzzy: {message!r}").format(po=po, message=mid) for mid in fuzzy(catalog)]
            if not domain.mo(lang).exists():
                found.append(_("{mo}: missing (run compile)").format(mo=domain.shown(domain.mo(lang))))
                continue
            with domain.mo(lang).open("rb") as handle:
                compiled = read_mo(handle)
            if _messages(compiled) != _messages(catalog):
                found.append(_("{mo}: older than its .po (run compile)").format(mo=domain.shown(domain.mo(lang))))
    return found


def domains_of(modules: Iterable[Any]) -> list[Domain]:
    """The domains whose ``Messages`` the given modules build: each one that reads its catalogs from a
    ``locale/`` folder inside the modules' own folders (rulebench's own catalog, which a plugin may
    use too, is rulebench's to keep)."""
    folders = {Path(inspect.getfile(m)).resolve().parent for m in modules if getattr(m, "__file__", None)}
    found: dict[tuple[str, Path], Domain] = {}
    for module in modules:
        for value in vars(module).values():
            if isinstance(value, Messages):
                localedir = Path(value.localedir).resolve()
                if localedir.name == "locale" and localedir.parent in folders:
                    found.setdefault((value.domain, localedir), Domain(value.domain, localedir.parent))
    return sorted(found.values(), key=lambda d: (d.name, str(d.source)))


def package_domain(package: Path) -> Domain:
    """The domain of the plugin package in the folder ``package``: named by its ``locale/*.pot``,
    else after the project (``rulebench_myrules`` is ``rulebench-myrules``).

    Raises:
        SystemExit: ``package`` is no folder of Python code, or its locale folder holds several templates.
    """
    package = package.resolve()
    if not package.is_dir() or not any(package.glob("*.py")):
        raise SystemExit(_("{folder}: expected the folder of the plugin's Python package (with its __init__.py)").format(folder=package))
    templates = sorted((package / "locale").glob("*.pot"))
    if len(templates) > 1:
        raise SystemExit(_("{folder}: several templates ({names}); keep one per package").format(
            folder=package / "locale", names=", ".join(t.name for t in templates)))
    name = templates[0].stem if templates else package.name.replace("_", "-")
    return Domain(name, package)


def _package(given: str | None) -> Path:
    """The package folder given, or the current folder's only Python package."""
    if given is not None:
        return Path(given)
    packages = sorted(p.parent for p in Path().glob("*/__init__.py") if p.parent.name != "tests")
    if len(packages) != 1:
        raise SystemExit(_("name the package folder: the current folder has {count} Python packages").format(count=len(packages)))
    return packages[0]


def main(argv: list[str] | None = None) -> int:
    """The command line of the module docstring; ``check`` exits 1 when something keeps the catalogs from shipping."""
    parser = argparse.ArgumentParser(prog="python -m rulebench.testing.catalogs", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("action", choices=("update", "init", "compile", "check"))
    parser.add_argument("arguments", nargs="*", help=_("init: the language, then the package folder; the others: the package folder"))
    args = parser.parse_args(argv)
    if args.action == "init":
        if not args.arguments:
            parser.error(_("init needs the language to start, e.g. de"))
        lang, rest = args.arguments[0], args.arguments[1:]
    else:
        lang, rest = "", args.arguments
    if len(rest) > 1:
        parser.error(_("one package folder at most"))
    domain = package_domain(_package(rest[0] if rest else None))
    if args.action == "update":
        update((domain,))
        print(_("{template} and {count} languages updated").format(template=domain.shown(domain.template), count=len(domain.languages())))
    elif args.action == "init":
        update((domain,))
        print(_("{po}: translate it, then compile").format(po=domain.shown(init(domain, lang))))
    elif args.action == "compile":
        compile_all((domain,))
        print(_("{count} languages compiled").format(count=len(domain.languages())))
    else:
        found = problems((domain,))
        print("\n".join(found) or _("{domain}: every catalog complete and compiled").format(domain=domain.name))
        return 1 if found else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
