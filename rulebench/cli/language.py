"""The language of one ``rulebench`` command line: chosen before anything is parsed, then applied
to the command's help, to typer's and click's own words, and to their usage errors.

Typer evaluates every help text when the command modules are imported, and builds click's
commands from them each time the app runs. The help texts are therefore kept in English (marked
with ``N_``) and translated on the click commands of this run, once its language is settled from
``--lang`` (read from the arguments before click parses them) or the locale variables. The same
process can so run one command in German and the next in English, as the tests do.

Click's words live in typer's own copy of click as English literals, not in a gettext catalog: the
help option's text, the usage prefix and the messages of usage errors are given here in
rulebench's catalog and put in their place (the help option, :func:`usage_prefix`,
:func:`translated_usage_error`); typer's panel titles are module constants meant to be set.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any, Literal, get_args

import typer

from rulebench.core.i18n import LANGUAGES, N_, SOURCE_LANGUAGE, _, language, set_language

Lang = Literal["en", "de"]
"""The values ``--lang`` accepts: the languages rulebench's own catalog speaks (:data:`LANGUAGES`)."""

LANG_CHOICES: tuple[str, ...] = get_args(Lang)

# typer's own words, as its rich help and error panels print them; put in place by put_typer_words.
_TYPER_WORDS = {
    "DEPRECATED_STRING": N_("(deprecated) "),
    "DEFAULT_STRING": N_("[default: {}]"),
    "ENVVAR_STRING": N_("[env var: {}]"),
    "REQUIRED_LONG_STRING": N_("[required]"),
    "ARGUMENTS_PANEL_TITLE": N_("Arguments"),
    "OPTIONS_PANEL_TITLE": N_("Options"),
    "COMMANDS_PANEL_TITLE": N_("Commands"),
    "ERRORS_PANEL_TITLE": N_("Error"),
    "ABORTED_TEXT": N_("Aborted."),
    "RICH_HELP": N_("Try [blue]'{command_path} {help_option}'[/] for help."),
}

HELP_OPTION = N_("Show this message and exit.")
OPTIONS_METAVAR = N_("[OPTIONS]")
SUBCOMMAND_METAVAR = N_("COMMAND [ARGS]...")


def lang_from_argv(argv: Sequence[str]) -> str | None:
    """The value of ``--lang`` among ``argv`` (``--lang de`` or ``--lang=de``, before a ``--``), or None."""
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(argv):
            return argv[i + 1]
        if arg.startswith("--lang="):
            return arg.removeprefix("--lang=")
    return None


def hoisted(argv: Sequence[str]) -> list[str]:
    """``argv`` with its ``--lang`` options moved in front of the command, where click reads them:
    ``rulebench fight x.toml --lang de`` means ``rulebench --lang de fight x.toml``, since the
    language is the whole run's, not one command's (arguments after a ``--`` stay as they are)."""
    langs: list[str] = []
    rest: list[str] = []
    i = 0
    while i < len(argv):
        arg = argv[i]
        if arg == "--":
            rest.extend(argv[i:])
            break
        if arg == "--lang" and i + 1 < len(argv):
            langs.extend(argv[i : i + 2])
            i += 2
            continue
        if arg.startswith("--lang="):
            langs.append(arg)
        else:
            rest.append(arg)
        i += 1
    return langs + rest


def settle(argv: Sequence[str]) -> None:
    """Speak the language ``argv`` asks for with ``--lang``, else the locale variables' one.

    A ``--lang`` value rulebench does not speak is left to click to refuse (in the environment's
    language); every run settles afresh, so one run's ``--lang`` never leaks into the next.
    """
    chosen = lang_from_argv(argv)
    set_language(chosen if chosen in LANGUAGES else None)


def put_typer_words() -> None:
    """Give typer's help and error panels their words in the current language.

    Called just before typer prints help, a usage error or "Aborted": its rich module (which brings
    rich's Markdown and markdown-it) is imported then, not at the start of every command.
    """
    import typer.rich_utils as rich_utils

    for name, english in _TYPER_WORDS.items():
        setattr(rich_utils, name, _(english))


def translate_help(command: Any) -> None:
    """Translate the help texts of ``command`` (a click command or group) and of all its subcommands.

    Each text is looked up by its English original, kept on first translation, so a command tree
    translated for one language can be translated again for another.
    """
    for attribute in ("help", "short_help", "epilog", "options_metavar", "subcommand_metavar"):
        _translate_attribute(command, attribute)
    for param in command.params:
        _translate_attribute(param, "help")
    for sub in getattr(command, "commands", {}).values():
        translate_help(sub)


def _translate_attribute(owner: Any, attribute: str) -> None:
    originals: dict[str, str | None] = owner.__dict__.setdefault("_rulebench_english", {})
    text = originals.setdefault(attribute, getattr(owner, attribute, None))
    if isinstance(text, str) and text:
        setattr(owner, attribute, _(text))


def help_option(command: Any, ctx: Any, base: Callable[[Any], Any]) -> Any:
    """The help option ``base(ctx)`` gives ``command``, its text in the current language."""
    option = base(ctx)
    if option is not None:
        option.help = _(HELP_OPTION)
    return option


def usage_prefix() -> str:
    """The word before a usage line (``Usage: ``)."""
    return _("Usage: ")


def _hint(error: Any) -> str:
    """The option or argument a click error is about, as click names it (``'--seed'``, ``'ENCOUNTER'``)."""
    hint = getattr(error, "param_hint", None)
    param = getattr(error, "param", None)
    if hint is None and param is not None:
        hint = param.get_error_hint()
    if isinstance(hint, (list, tuple)):
        return " / ".join(repr(h) for h in hint)
    return str(hint or "")


# Typer's wording of a bad value (pydantic's, click's), each with what rulebench's catalog says instead.
_PROBLEMS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"Input should be a valid integer.*"), N_("expected a whole number")),
    (re.compile(r"Input should be a valid number.*"), N_("expected a number")),
    (re.compile(r"Input should be greater than or equal to (?P<bound>\S+)"), N_("expected at least {bound}")),
    (re.compile(r"Input should be less than or equal to (?P<bound>\S+)"), N_("expected at most {bound}")),
    (re.compile(r"Input should be greater than (?P<bound>\S+)"), N_("expected more than {bound}")),
    (re.compile(r"Input should be less than (?P<bound>\S+)"), N_("expected less than {bound}")),
    (re.compile(r"(?:Value error, )?(?P<value>'.*') is not one of (?P<choices>.*)\."), N_("{value} is not one of {choices}.")),
    (re.compile(r"(?:Value )?(?P<value>'.*') is not a valid (?P<kind>.*)\."), N_("{value} is not a valid {kind}.")),
)

_USAGE: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"No such option: (?P<name>\S+)"), N_("No such option: {name}")),
    (re.compile(r"No such command (?P<name>'[^']*')\. Did you mean (?P<guess>.*)\?"),
     N_("No such command {name}. Did you mean {guess}?")),
    (re.compile(r"No such command (?P<name>'[^']*')\."), N_("No such command {name}.")),
    (re.compile(r"Missing command\."), N_("Missing command.")),
    (re.compile(r"Got unexpected extra arguments? \((?P<args>.*)\)"), N_("Got unexpected extra argument(s) ({args})")),
    (re.compile(r"Option (?P<name>'.*') requires an argument\."), N_("Option {name} requires an argument.")),
    (re.compile(r"Option (?P<name>'.*') does not take a value\."), N_("Option {name} does not take a value.")),
)


def _reworded(text: str, patterns: tuple[tuple[re.Pattern[str], str], ...]) -> str:
    """``text`` in the current language where one of ``patterns`` recognises it, else unchanged."""
    for pattern, message in patterns:
        match = pattern.fullmatch(text)
        if match:
            return _(message).format(**match.groupdict())
    return text


def usage_message(error: Any) -> str:
    """A click usage error's message in the current language, naming the same option or argument."""
    kind = type(error).__name__
    if kind == "MissingParameter":
        what = str(getattr(error, "param_type", None) or getattr(getattr(error, "param", None), "param_type_name", ""))
        message = {"option": N_("Missing option {name}."), "argument": N_("Missing argument {name}.")}.get(
            what, N_("Missing parameter {name}."))
        return _(message).format(name=_hint(error))
    if kind == "NoSuchOption":
        text = _reworded(str(error.message), _USAGE)
        if getattr(error, "possibilities", None):
            text += " " + _("(Possible options: {names})").format(names=", ".join(sorted(error.possibilities)))
        return text
    if kind == "BadParameter":
        problem = _reworded(str(error.message), _PROBLEMS)
        hint = _hint(error)
        return _("Invalid value for {name}: {problem}").format(name=hint, problem=problem) if hint else \
            _("Invalid value: {problem}").format(problem=problem)
    return _reworded(str(getattr(error, "message", error)), _USAGE)


def translated_usage_error(error: Exception) -> Exception:
    """``error`` (a click usage error) again, its message in the current language; other errors, and
    every error in English (click's own words are the English ones), as they are."""
    usage_error = next((c for c in typer.BadParameter.__mro__ if c.__name__ == "UsageError"), None)
    if usage_error is None or not isinstance(error, usage_error) or language() == SOURCE_LANGUAGE:
        return error
    translated: Exception = usage_error(usage_message(error), getattr(error, "ctx", None))
    translated.exit_code = getattr(error, "exit_code", 2)  # type: ignore[attr-defined]  # click's UsageError has exit_code; the type found above is plain
    return translated
