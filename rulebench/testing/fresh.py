"""A fight played as a process's first: in a fresh interpreter, for ``no-outside-state``.

A module global that a ruleset changes only in the first fight of a process (a table filled
once, a flag turned off) leaves every later fight of that process alike, so fights replayed one
after another in the kit's own process all agree. The kit therefore plays one fight in a new
interpreter, where it is the first, and compares it with the same fight played in its own process
after many others.

    python -m rulebench.testing.conformance < REQUEST.json

reads ``{"ruleset", "encounter", "seed"}`` (the encounter as its TOML-shaped dict) and prints the
fight's trace as JSON (:func:`to_json`): its result, its dice and its state round by round. The
fresh process runs the kit's own module, which this one is imported by, never the other way round.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any

from rulebench.core.i18n import _
from rulebench.core.outcome import EndState, Fate, FightResult, Outcome
from rulebench.testing.differences import Trace

TIMEOUT = 120.0
"""Seconds the fresh process may take: an interpreter's start, discovery and one fight."""


class FreshProcessFailed(RuntimeError):
    """The fresh process could not play the fight: it failed, or its answer was not a trace."""


def trace_in_fresh_process(ruleset: str, data: dict[str, Any], seed: int) -> Trace:
    """The trace of the fight of ``data`` from ``seed`` under ``ruleset``, played first in a new
    interpreter with this process's import path and environment.

    Raises:
        FreshProcessFailed: the process failed or timed out; the message has its error output.
    """
    request = json.dumps({"ruleset": ruleset, "encounter": data, "seed": seed})
    # The plugins this process imports, the new one must find: the same path, the same environment.
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(entry for entry in sys.path if entry)}
    try:
        done = subprocess.run(
            [sys.executable, "-m", "rulebench.testing.conformance"], input=request, capture_output=True, text=True, env=env, timeout=TIMEOUT, check=False
        )
    except subprocess.TimeoutExpired as err:
        raise FreshProcessFailed(_("it took longer than {seconds} s").format(seconds=f"{TIMEOUT:.0f}")) from err
    if done.returncode != 0:
        raise FreshProcessFailed(done.stderr.strip().splitlines()[-1] if done.stderr.strip() else f"exit {done.returncode}")
    return from_json(json.loads(done.stdout))


def to_json(trace: Trace) -> dict[str, Any]:
    """A trace as the fresh process prints it."""
    result = trace.result
    return {
        "outcome": result.outcome.value,
        "rounds": result.rounds,
        "fates": [[fate.state.value, fate.condition] for fate in result.fates],
        "faces": trace.faces,
        "states": trace.states,
    }


def from_json(document: dict[str, Any]) -> Trace:
    """A trace read back from the fresh process's output."""
    fates = tuple(Fate(EndState(state), condition) for state, condition in document["fates"])
    result = FightResult(Outcome(document["outcome"]), document["rounds"], fates)
    # JSON has no tuples: each (round, state) pair comes back as a list.
    return Trace(result, list(document["faces"]), [(number, state) for number, state in document["states"]])
