"""Run every command of the course's lessons and write its real output under it.

    python docs/course/regenerate.py           # rewrite the outputs in docs/course/NN-*.md and solutions.md
    python docs/course/regenerate.py --check   # only compare; exit 1 and name the blocks that differ

A lesson shows a command as a ``console`` block: a line ``$ COMMAND`` followed by its output, up to
the next ``$`` line or the end of the block. A block whose fence says ``file=NAME`` (```` ```python
file=house_rule.py ````) shows a file of ``docs/course/code/`` and is rewritten from it.

Each lesson runs in a fresh scratch folder holding ``examples/`` (a link to the repository's) and
the files of ``docs/course/code/``, with a fixed terminal width and no colour, so the outputs are
the same on every machine. ``pip install ./PACKAGE_FOLDER`` is carried out without touching the
environment, and shows no output: the package's entry points are registered in the scratch folder (a ``.dist-info``)
and its source goes on ``PYTHONPATH``, which is how Python finds an installed package too. The
comparison (``--check``, and the test that calls it) ignores what differs between two honest
runs: timings, the scratch folder's path, table rules and spacing. The solutions run one scratch
folder per ``## `` section (each lesson's answers stand alone), so a test can check each apart.

A command is a process of its own, as the reader's is, but most are not started from scratch: a
fork server (``regenerate.py --serve``, see :class:`ForkServer`) imports rulebench's command line
once and forks a child per ``rulebench ...``, ``python3 FILE ...`` or ``python3 -c CODE ...``
command, which sets up what a fresh interpreter would see (folder, environment, ``sys.argv``,
``sys.path``, a new ``__main__``) and runs the script; its output goes through a pipe and its exit
status is the child's own. Anything else (shell syntax, another environment) is started by ``bash``.
"""

from __future__ import annotations

import argparse
import atexit
import bisect
import builtins
import contextlib
import gc
import importlib
import importlib.machinery
import itertools
import json
import locale
import os
import pkgutil
import re
import select
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import types
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NoReturn, TypedDict

if sys.version_info >= (3, 11):
    import tomllib
else:  # Python 3.10
    import tomli as tomllib

COURSE = Path(__file__).resolve().parent
ROOT = COURSE.parents[1]
CODE = COURSE / "code"
WIDTH = 100
TIMEOUT = 600
FENCE = re.compile(r"^(?P<indent>[ \t]*)```(?P<lang>\w*)(?P<info>[^\n]*)\n(?P<body>.*?)^(?P=indent)```$", re.MULTILINE | re.DOTALL)
"""A fenced block, possibly indented (inside a list item); its body is indented as the fence is."""
SOLUTIONS = "solutions.md"
PIP = re.compile(r"^python3? -m pip install (?:-e )?(?P<path>\./\S+)$")
PYTHON = "python3"
"""The interpreter the fork server is, started by this name as the commands' ``python3`` is."""
SCRIPTS = ("rulebench",)
"""Console scripts the fork server runs itself, when they are its own (see :func:`own_scripts`)."""
PRELOAD = ("rulebench.cli.app", "rulebench.api", "rulebench.analysis.analyse", "rulebench.analysis.sweeps",
           "rulebench.api.narrated_fight", "rulebench.cli.narrate", "rulebench.cli.progress",
           # what those import lazily, as a command runs: numbers in prose, the CLI's parser, the
           # encounter model, plugin metadata (one that is not there is skipped)
           "babel.numbers", "babel.dates", "typer._adapters", "pydantic.type_adapter", "pydantic.dataclasses",
           "rich._emoji_codes", "email.parser")
"""What most commands of the course import, imported once by the fork server. Imports only: nothing
that reads the folder, the environment, the installed plugins or the language runs before a fork
(plugin discovery is each child's own, so a plugin a lesson installs is found)."""
PRELOAD_PACKAGES = ("rulebench.rulesets", "rulebench.plugins")
"""Packages whose every module the fork server imports too: the built-in plugins (importing them is
not discovering them: the child still reads the entry points and registers what it finds)."""
QUOTED = re.compile("'[^']*'|\"[^\"$`\\\\]*\"")
"""A quoted word bash takes as it is written (no expansion inside)."""
PER_COMMAND = ("PYTHONPATH", "PYTEST_CURRENT_TEST")
"""Environment variables that may differ from the fork server's: a child sets them (pytest names the
running test in the second, which nothing reads as it starts)."""
SHELL = re.compile(r"""[|&;<>()$`\\*?\[\]{}~!#"'=\n]""")
"""What asks ``bash`` for more than splitting words, outside quotes: such a command is started by bash."""


def lessons() -> list[Path]:
    """The lesson files, in order."""
    return sorted(COURSE.glob("[0-9][0-9]-*.md"))


def pages() -> list[Path]:
    """Every page with commands: the lessons, then the solutions."""
    return [*lessons(), COURSE / SOLUTIONS]


@dataclass
class Step:
    """One ``$`` command of a lesson and the output shown under it."""

    command: str
    shown: str


@dataclass
class Workspace:
    """A lesson's scratch folder and the environment its commands run in."""

    folder: Path
    site: Path
    env: dict[str, str] = field(default_factory=dict)


def environment(site: Path | None) -> dict[str, str]:
    """The environment of the commands: a fixed width, no colour, ``site`` first on ``PYTHONPATH``."""
    env = dict(os.environ)
    env.update({"COLUMNS": str(WIDTH), "LINES": "50", "NO_COLOR": "1", "TERM": "dumb", "PYTHONUNBUFFERED": "1",
                "PYTHONHASHSEED": "0", "PYTHONPATH": os.pathsep.join(filter(None, [str(site) if site else None, env.get("PYTHONPATH")]))})
    env.pop("FORCE_COLOR", None)
    if not env["PYTHONPATH"]:
        del env["PYTHONPATH"]
    return env


@contextlib.contextmanager
def workspace() -> Iterator[Workspace]:
    """A fresh scratch folder with ``examples/`` and the course's code files."""
    folder = Path(tempfile.mkdtemp(prefix="rulebench-course-"))
    try:
        (folder / "examples").symlink_to(ROOT / "examples", target_is_directory=True)
        for path in sorted(CODE.glob("*")) if CODE.is_dir() else []:
            shutil.copy(path, folder / path.name)
        site = folder / ".site"
        site.mkdir()
        yield Workspace(folder, site, environment(site))
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def install_without_pip(package: Path, space: Workspace) -> str:
    """What ``pip install PACKAGE`` makes visible, done in the scratch folder: metadata with the entry
    points from the package's pyproject.toml, and its source on ``PYTHONPATH``."""
    project = tomllib.loads((package / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    info = space.site / f"{project['name'].replace('-', '_')}-{project['version']}.dist-info"
    info.mkdir(parents=True, exist_ok=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {project['name']}\nVersion: {project['version']}\n", encoding="utf-8")
    groups = "".join(
        f"[{group}]\n" + "".join(f"{name} = {target}\n" for name, target in points.items())
        for group, points in project.get("entry-points", {}).items()
    )
    (info / "entry_points.txt").write_text(groups, encoding="utf-8")
    space.env["PYTHONPATH"] = os.pathsep.join([str(package), space.env["PYTHONPATH"]])
    return ""  # pip's own messages (download, build) differ from machine to machine: none is shown


class Job(TypedDict):
    """What a fork server's child runs: a script file or ``-c`` code, and where."""

    folder: str
    pythonpath: list[str]
    environment: dict[str, str]
    """The command's values of :data:`PER_COMMAND`."""
    argv: list[str]
    path0: str
    """``sys.path[0]``: the script's folder (symbolic links resolved), or ``""`` for ``-c``."""
    file: str | None
    """The script's absolute path; None: ``code`` is ``-c``'s."""
    executable: str
    """``sys.executable``: a console script's interpreter, as its first line names it; ``""``: the server's."""
    code: str
    timeout: float


class ForkServer:
    """A ``regenerate.py --serve`` process that has imported :data:`PRELOAD` and forks a child per command.

    It is started the way a command is (``bash -c`` with the commands' environment, by the name
    ``python3``), so its interpreter, flags, hash seed and environment are a command's; a child
    changes only what differs from command to command: the folder (and ``PWD``), the variables of
    :data:`PER_COMMAND` and so ``sys.path``, ``sys.argv``, ``__main__``, and for a console script
    ``sys.executable`` and ``$_``. It is not used (the command is started by bash) for shell
    syntax, another environment, a relative ``PYTHONPATH`` entry, a ``python3`` option other than
    ``-c``, or when importing :data:`PRELOAD` printed anything (a warning the child would not print
    again). What a child cannot tell from a fresh interpreter: the preloaded modules are imported
    already, and its output pipe was made by the server.
    """

    def __init__(self) -> None:
        self.env = environment(None)
        server_requests, self._requests = os.pipe()
        self._replies, server_replies = os.pipe()
        self.process = subprocess.Popen(
            ["bash", "-c", f'{PYTHON} "$0" --serve "$1" "$2"', __file__, str(server_requests), str(server_replies)],
            cwd=tempfile.gettempdir(), env=self.env, pass_fds=(server_requests, server_replies))
        os.close(server_requests)
        os.close(server_replies)
        self._outbox = os.fdopen(self._requests, "w", encoding="utf-8")
        self._inbox = os.fdopen(self._replies, encoding="utf-8")
        ready = self._receive()
        path = self.env.get("PATH")
        python = shutil.which(PYTHON, path=path)
        # a console script is the server's own only where the commands' PATH finds it beside python3
        self.scripts: dict[str, tuple[str, str]] = {
            name: tuple(script) for name, script in ready.get("scripts", {}).items()
            if python and (found := shutil.which(name, path=path)) and Path(found).parent == Path(python).parent
        }
        self.usable = bool(ready) and not ready.get("noise")

    def _receive(self) -> dict[str, Any]:
        """The server's next reply; empty if it has stopped."""
        line = self._inbox.readline()
        return dict(json.loads(line)) if line else {}

    def job(self, command: str, space: Workspace) -> Job | None:
        """What a child runs for ``command``, or None where only bash can run it faithfully."""
        if not self.usable or SHELL.search(QUOTED.sub("", command)):
            return None
        if {k: v for k, v in space.env.items() if k not in PER_COMMAND} != {k: v for k, v in self.env.items() if k not in PER_COMMAND}:
            return None
        pythonpath = space.env["PYTHONPATH"].split(os.pathsep) if space.env.get("PYTHONPATH") else []
        if not all(Path(entry).is_absolute() for entry in pythonpath):  # the interpreter would resolve them against the folder
            return None
        words = shlex.split(command)
        if not words:
            return None
        name, *args = words

        def job(argv: list[str], file: str | None, code: str = "", executable: str = "") -> Job:
            path0 = str(Path(file).resolve().parent) if file else ""
            return Job(folder=str(space.folder), pythonpath=pythonpath, environment={k: v for k, v in space.env.items() if k in PER_COMMAND},
                       argv=argv, path0=path0, file=file, executable=executable, code=code, timeout=TIMEOUT)

        if name in self.scripts:  # run as its first line `#!INTERPRETER` runs it: INTERPRETER SCRIPT ARGS
            script, interpreter = self.scripts[name]
            return job([script, *args], script, executable=interpreter)
        if name == PYTHON and args[:1] == ["-c"] and len(args) >= 2:
            return job(["-c", *args[2:]], None, args[1])
        if name == PYTHON and args and not args[0].startswith("-") and (space.folder / args[0]).is_file():
            # __file__ is the path as given made absolute, links kept and unnormalised (a Path would drop "./")
            return job(args, args[0] if Path(args[0]).is_absolute() else f"{space.folder}{os.sep}{args[0]}")
        return None

    def run(self, job: Job) -> tuple[int, bytes]:
        """Run ``job`` in a child; its exit code and output (stdout and stderr through one pipe).

        Raises:
            subprocess.TimeoutExpired: the child ran longer than the job's timeout and was killed.
        """
        self._outbox.write(json.dumps(job) + "\n")
        self._outbox.flush()
        reply = self._receive()
        if not reply:
            raise RuntimeError(f"the fork server stopped with {self.process.wait()}")
        if reply["timed_out"]:
            raise subprocess.TimeoutExpired(job["argv"], job["timeout"])
        return int(reply["status"]), str(reply["output"]).encode("latin-1")

    def close(self) -> None:
        """Stop the server: it ends when its requests do."""
        self._outbox.close()
        self.process.wait()
        self._inbox.close()


_server: ForkServer | None = None


def fork_server() -> ForkServer:
    """This process's fork server, started on first use and stopped when the process exits."""
    global _server
    if _server is None:
        _server = ForkServer()
        atexit.register(_server.close)
    return _server


def own_scripts() -> dict[str, tuple[str, str]]:
    """The console scripts of :data:`SCRIPTS` this interpreter runs itself (beside it, written for it),
    each with the interpreter its first line names."""
    found = {}
    for name in SCRIPTS:
        path = Path(sys.executable).parent / name
        try:
            first = path.read_bytes().split(b"\n", 1)[0].decode()
        except (OSError, UnicodeDecodeError):
            continue
        if first.startswith("#!") and os.path.realpath(first[2:].strip()) == os.path.realpath(sys.executable):
            found[name] = (str(path), first[2:].strip())
    return found


def preload() -> str:
    """Import :data:`PRELOAD`; what that printed (a warning, an error) is returned, empty if nothing.
    Both the standard streams and their file descriptors are caught: Python code writes to the first,
    an extension module to the second."""
    saved = os.dup(1), os.dup(2)
    with tempfile.TemporaryFile() as caught:
        text = open(caught.fileno(), "w", encoding="utf-8", errors="backslashreplace", closefd=False)  # noqa: SIM115
        os.dup2(caught.fileno(), 1)
        os.dup2(caught.fileno(), 2)
        try:
            with contextlib.redirect_stdout(text), contextlib.redirect_stderr(text):
                for name in PRELOAD:
                    try:
                        importlib.import_module(name)
                    except ModuleNotFoundError as missing:  # another version of a library: nothing to share
                        if missing.name != name:
                            raise
                for package in PRELOAD_PACKAGES:
                    for module in pkgutil.iter_modules(importlib.import_module(package).__path__, f"{package}."):
                        name = module.name
                        importlib.import_module(name)
        except Exception as err:  # the commands are then all started by bash, and say what is wrong
            print(f"{name}: {type(err).__name__}: {err}", file=text)
        finally:
            text.close()
            os.dup2(saved[0], 1)
            os.dup2(saved[1], 2)
            os.close(saved[0])
            os.close(saved[1])
        caught.seek(0)
        return caught.read().decode(errors="replace")


def serve(requests: int, replies: int) -> None:
    """The fork server's loop: a JSON :class:`Job` a line in, a JSON reply a line out (exit status,
    output as latin-1 so any bytes pass, whether the timeout killed it). The first reply says what
    preloading printed and which console scripts the server runs."""
    environ = dict(os.environ)  # what a command's interpreter finds, PYTHONPATH apart
    own = set(deduplicated(environ["PYTHONPATH"].split(os.pathsep))) if environ.get("PYTHONPATH") else set()
    # sys.path without the script's folder and PYTHONPATH: the standard library and site-packages
    standard = [entry for entry in sys.path[1:] if os.path.normcase(entry) not in {os.path.normcase(p) for p in own}]
    outbox = os.fdopen(replies, "w", encoding="utf-8")
    noise = preload()
    outbox.write(json.dumps({"noise": noise, "scripts": own_scripts()}) + "\n")
    outbox.flush()
    inbox = os.fdopen(requests, encoding="utf-8")
    # What is preloaded lives as long as the server: a child's garbage collections need not walk it
    # (nor copy its pages by touching it), ~0.1 s CPU less for a short command.
    gc.collect()
    gc.freeze()
    for line in inbox if not noise else ():
        job: Job = json.loads(line)
        reading, writing = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(reading)
            inbox.close()
            outbox.close()
            become(job, writing, environ, standard)
        os.close(writing)
        output, timed_out = drain(reading, pid, job["timeout"])
        status = os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])
        outbox.write(json.dumps({"status": status, "output": output.decode("latin-1"), "timed_out": timed_out}) + "\n")
        outbox.flush()


def deduplicated(entries: list[str]) -> list[str]:
    """``sys.path`` entries made absolute, each only the first time, as the ``site`` module leaves
    them when the interpreter starts (before the script's folder goes first)."""
    seen: set[str] = set()
    found = []
    for entry in entries:
        path = os.path.abspath(entry)  # noqa: PTH100  # as site does: links kept, unlike Path.resolve
        if os.path.normcase(path) not in seen:
            seen.add(os.path.normcase(path))
            found.append(path)
    return found


def drain(reading: int, pid: int, timeout: float) -> tuple[bytes, bool]:
    """Everything the child writes until the pipe closes, and whether it was killed for taking longer than ``timeout``."""
    chunks: list[bytes] = []
    timed_out = False
    deadline = time.monotonic() + timeout
    with os.fdopen(reading, "rb", buffering=0) as pipe:
        while True:
            if not timed_out and not select.select([pipe], [], [], max(0.0, deadline - time.monotonic()))[0]:
                os.kill(pid, signal.SIGKILL)
                timed_out = True
            chunk = pipe.read(65536)
            if not chunk:
                return b"".join(chunks), timed_out
            chunks.append(chunk)


def become(job: Job, output: int, environ: dict[str, str], standard: list[str]) -> NoReturn:
    """In the forked child: set up what the interpreter would for the job's command, and run it.

    It never returns: the script's end (or ``sys.exit``) raises SystemExit, which unwinds out of the
    server's loop, so the child ends as an interpreter does (exit handlers, threads joined, streams
    flushed) with the script's exit status; an uncaught exception is printed and exits 1 likewise.
    """
    os.dup2(output, 1)
    os.dup2(output, 2)
    os.close(output)
    os.chdir(job["folder"])
    os.environ.clear()
    os.environ.update({k: v for k, v in environ.items() if k not in PER_COMMAND}, **job["environment"])
    os.environ["PWD"] = str(Path.cwd())  # bash sets PWD to the folder it starts in
    if "_" in environ and job["executable"]:
        os.environ["_"] = job["argv"][0]  # bash's last program run: the console script (python3 for the server)
    sys.argv = job["argv"]
    if job["executable"]:
        if sys._base_executable == sys.executable:  # type: ignore[attr-defined]  # (not in a virtual environment)
            sys._base_executable = job["executable"]  # type: ignore[attr-defined]
        sys.executable = job["executable"]
        if "multiprocessing.spawn" in sys.modules:  # it keeps its own copy, for the spawn start method
            sys.modules["multiprocessing.spawn"].set_executable(job["executable"])
    sys.path[:] = [job["path0"], *deduplicated([*job["pythonpath"], *standard])]
    main = types.ModuleType("__main__")
    main.__dict__.update(__builtins__=builtins, __annotations__={})
    if job["file"] is None:
        main.__loader__ = importlib.machinery.BuiltinImporter
        code = compile(job["code"], "<string>", "exec", dont_inherit=True)
    else:
        main.__file__ = job["file"]
        main.__cached__ = None  # type: ignore[attr-defined]
        main.__loader__ = importlib.machinery.SourceFileLoader("__main__", job["file"])
        code = compile(Path(job["file"]).read_bytes(), job["file"], "exec", dont_inherit=True)
    sys.modules["__main__"] = main
    exec(code, main.__dict__)
    raise SystemExit


def started(command: str, space: Workspace) -> tuple[int, bytes]:
    """Run ``command`` with ``bash`` in a new process; its exit code and output (stdout and stderr together)."""
    done = subprocess.run(["bash", "-c", command], cwd=space.folder, env=space.env, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, timeout=TIMEOUT, check=False)
    return done.returncode, done.stdout


def as_text(output: bytes) -> str:
    """A command's output decoded as ``subprocess`` does in text mode (the locale's encoding, universal newlines)."""
    return output.decode(locale.getpreferredencoding(False)).replace("\r\n", "\n").replace("\r", "\n")


def run(command: str, space: Workspace, fork: bool = True) -> str:
    """Run one lesson command in the workspace; its stdout and stderr as the reader's terminal shows them.
    With ``fork`` (the default) the fork server runs it where it can; else bash starts it.

    Raises:
        RuntimeError: the command failed (every command of the course must succeed).
    """
    pip = PIP.match(command)
    if pip:
        return install_without_pip(space.folder / pip["path"], space)
    job = fork_server().job(command, space) if fork else None
    code, output = fork_server().run(job) if job else started(command, space)
    text = as_text(output)
    if code != 0:
        raise RuntimeError(f"{command!r} exited with {code}:\n{text}")
    return "\n".join(line.rstrip() for line in text.replace(str(space.folder), ".").splitlines()) + "\n"


def steps(body: str) -> list[Step]:
    """The ``$`` commands of a console block and the output shown under each."""
    found: list[Step] = []
    for line in body.splitlines(keepends=True):
        if line.startswith("$ "):
            found.append(Step(line[2:].strip(), ""))
        elif found:
            found[-1].shown += line
    return found


def dedent(body: str, indent: str) -> str:
    """A block's body without the fence's indentation."""
    return "".join(line.removeprefix(indent) for line in body.splitlines(keepends=True))


def reindent(body: str, indent: str) -> str:
    """A block's body indented as its fence (blank lines stay empty)."""
    return "".join(indent + line if line.strip() else line for line in body.splitlines(keepends=True))


def normalise(output: str) -> str:
    """An output with what differs between two honest runs taken out: timings, rules, spacing."""
    text = re.sub(r"\d+(\.\d+)? ?(s|ms|seconds?)\b", "<time>", output)
    text = re.sub(r"\d{4}-\d\d-\d\d[ T]\d\d:\d\d(:\d\d)?( UTC)?", "<date>", text)
    text = re.sub(r"[─━│┃┏┓┗┛┡┩└┘┌┐├┤┬┴┼╇╈═]+", " ", text)
    return " ".join(text.split())


@dataclass
class Difference:
    """A block whose shown output is not what the command prints now."""

    lesson: str
    command: str
    shown: str
    actual: str


def part_of(page: Path, text: str) -> Callable[[re.Match[str]], str]:
    """Which part of ``page`` a block belongs to; each part runs in a fresh scratch folder. A lesson is
    one part, ``""`` (its commands build on each other); the solutions have one per ``## `` heading
    outside a block (each lesson's answers stand alone), named by the heading's line."""
    if page.name != SOLUTIONS:
        return lambda fence: ""
    blocks = [range(*fence.span()) for fence in FENCE.finditer(text)]
    headings = [m for m in re.finditer(r"^## .*$", text, re.MULTILINE) if not any(m.start() in block for block in blocks)]
    starts = [0, *(m.start() for m in headings)]
    names = ["", *(m[0] for m in headings)]
    return lambda fence: names[bisect.bisect_right(starts, fence.start()) - 1]


def parts() -> list[tuple[Path, str]]:
    """Every part with a block to check, as (page, part): see :func:`part_of`."""
    found: list[tuple[Path, str]] = []
    for page in pages():
        text = page.read_text(encoding="utf-8")
        part = part_of(page, text)
        found += [(page, name) for name in dict.fromkeys(part(fence) for fence in FENCE.finditer(text))]
    return found


def process(lesson: Path, write: bool, only: str | None = None) -> tuple[str, list[Difference]]:
    """Run a lesson's commands in order, each part (see :func:`part_of`) in a fresh scratch folder, or
    only the part named ``only``; return its text with real outputs and the blocks that differed."""
    text = lesson.read_text(encoding="utf-8")
    differences: list[Difference] = []
    pieces: list[str] = []
    last = 0
    part = part_of(lesson, text)
    for name, fences in itertools.groupby(FENCE.finditer(text), key=part):
        if only is not None and name != only:
            continue
        with workspace() as space:
            for fence in fences:
                pieces.append(text[last:fence.start("body")] + reindent(rewritten(lesson, fence, space, differences), fence["indent"]))
                last = fence.end("body")
    pieces.append(text[last:])
    new_text = "".join(pieces)
    if write and new_text != text:
        lesson.write_text(new_text, encoding="utf-8")
    return new_text, differences


def rewritten(lesson: Path, fence: re.Match[str], space: Workspace, differences: list[Difference]) -> str:
    """A block's body with the real outputs of its commands (or the file it shows); what differs is
    added to ``differences``."""
    body = dedent(fence["body"], fence["indent"])
    info = fence["info"].strip()
    if fence["lang"] == "console":
        new_body = ""
        for step in steps(body):
            actual = run(step.command, space)
            if normalise(actual) != normalise(step.shown):
                differences.append(Difference(lesson.name, step.command, step.shown, actual))
            new_body += f"$ {step.command}\n{actual}"
        return new_body
    if info.startswith("file="):
        name = info.removeprefix("file=")
        actual = (CODE / name).read_text(encoding="utf-8")
        if actual != body:
            differences.append(Difference(lesson.name, f"file {name}", body, actual))
        return actual
    return body


def main(argv: list[str] | None = None) -> int:
    """Regenerate (or with ``--check`` compare) every lesson, or those named."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="compare only; exit 1 if an output differs")
    parser.add_argument("lessons", nargs="*", help="lesson files (default: every lesson and the solutions)")
    parser.add_argument("--serve", nargs=2, type=int, metavar=("REQUESTS", "REPLIES"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve:  # the fork server (see ForkServer), on the pipes it was given
        serve(*args.serve)
        return 0
    chosen = [Path(p).resolve() for p in args.lessons] or pages()
    failed = 0
    for lesson in chosen:
        _, differences = process(lesson, write=not args.check)
        for d in differences:
            failed += 1
            print(f"{d.lesson}: {d.command}: the output shown differs from the real one", file=sys.stderr)
        print(f"{lesson.name}: {'checked' if args.check else 'regenerated'}", file=sys.stderr)
    return 1 if args.check and failed else 0


if __name__ == "__main__":
    sys.exit(main())
