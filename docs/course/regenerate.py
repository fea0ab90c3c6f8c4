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
runs: timings, the scratch folder's path, table rules and spacing.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

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
PIP = re.compile(r"^python3? -m pip install (?:-e )?(?P<path>\./\S+)$")


def lessons() -> list[Path]:
    """The lesson files, in order."""
    return sorted(COURSE.glob("[0-9][0-9]-*.md"))


def pages() -> list[Path]:
    """Every page with commands: the lessons, then the solutions."""
    return [*lessons(), COURSE / "solutions.md"]


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


@contextmanager
def workspace() -> Iterator[Workspace]:
    """A fresh scratch folder with ``examples/`` and the course's code files."""
    folder = Path(tempfile.mkdtemp(prefix="rulebench-course-"))
    try:
        (folder / "examples").symlink_to(ROOT / "examples", target_is_directory=True)
        for path in sorted(CODE.glob("*")) if CODE.is_dir() else []:
            shutil.copy(path, folder / path.name)
        site = folder / ".site"
        site.mkdir()
        env = dict(os.environ)
        env.update({"COLUMNS": str(WIDTH), "LINES": "50", "NO_COLOR": "1", "TERM": "dumb", "PYTHONUNBUFFERED": "1",
                    "PYTHONHASHSEED": "0", "PYTHONPATH": os.pathsep.join(filter(None, [str(site), env.get("PYTHONPATH")]))})
        env.pop("FORCE_COLOR", None)
        yield Workspace(folder, site, env)
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


def run(command: str, space: Workspace) -> str:
    """Run one lesson command in the workspace; its stdout and stderr as the reader's terminal shows them.

    Raises:
        RuntimeError: the command failed (every command of the course must succeed).
    """
    pip = PIP.match(command)
    if pip:
        return install_without_pip(space.folder / pip["path"], space)
    done = subprocess.run(["bash", "-c", command], cwd=space.folder, env=space.env, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, timeout=TIMEOUT, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"{command!r} exited with {done.returncode}:\n{done.stdout}")
    return "\n".join(line.rstrip() for line in done.stdout.replace(str(space.folder), ".").splitlines()) + "\n"


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


def process(lesson: Path, write: bool) -> tuple[str, list[Difference]]:
    """Run a lesson's commands in order; return its text with real outputs and the blocks that differed."""
    text = lesson.read_text(encoding="utf-8")
    differences: list[Difference] = []
    pieces: list[str] = []
    last = 0
    with workspace() as space:
        for fence in FENCE.finditer(text):
            indent = fence["indent"]
            body = dedent(fence["body"], indent)
            info = fence["info"].strip()
            if fence["lang"] == "console":
                new_body = ""
                for step in steps(body):
                    actual = run(step.command, space)
                    if normalise(actual) != normalise(step.shown):
                        differences.append(Difference(lesson.name, step.command, step.shown, actual))
                    new_body += f"$ {step.command}\n{actual}"
                body = new_body
            elif info.startswith("file="):
                name = info.removeprefix("file=")
                actual = (CODE / name).read_text(encoding="utf-8")
                if actual != body:
                    differences.append(Difference(lesson.name, f"file {name}", body, actual))
                body = actual
            pieces.append(text[last:fence.start("body")] + reindent(body, indent))
            last = fence.end("body")
    pieces.append(text[last:])
    new_text = "".join(pieces)
    if write and new_text != text:
        lesson.write_text(new_text, encoding="utf-8")
    return new_text, differences


def main(argv: list[str] | None = None) -> int:
    """Regenerate (or with ``--check`` compare) every lesson, or those named."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="compare only; exit 1 if an output differs")
    parser.add_argument("lessons", nargs="*", help="lesson files (default: every lesson and the solutions)")
    args = parser.parse_args(argv)
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
