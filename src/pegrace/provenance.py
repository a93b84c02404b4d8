"""What every report records so that it can be read later and made again (issue 37): the
pegrace version, the shipped learned values' versions (pegrace.value), the command line and
the seed."""

from __future__ import annotations

import hashlib
import shlex
import sys
from collections.abc import Mapping, Sequence
from functools import cache
from importlib.metadata import version
from typing import Any, TypedDict

from pegrace import value

# every command's --seed default (`pegrace play` alone takes a new random seed, and prints it)
DEFAULT_SEED = 0
CHECKSUM_DIGITS = 12  # of a weights file's SHA-256: enough to tell two files apart


class Provenance(TypedDict):
    """What every report (the lab's, a tournament's, a simulation's) starts with."""

    pegrace: str
    learned_values: dict[str, int]
    learned_values_sha256: dict[str, str]
    command: str
    seed: int


def provenance(argv: Sequence[str] | None, seed: int) -> Provenance:
    """The report's origin. ``argv``: the arguments after ``pegrace`` (``cli.main`` keeps them
    as ``args.argv``); None for this process's own command line (a benchmark script)."""
    command = sys.argv if argv is None else ["pegrace", *argv]
    return {
        "pegrace": version("pegrace"),
        # a report reads with the weights it had: their versions go up when the weights change
        "learned_values": value.versions(),
        "learned_values_sha256": weights_checksums(),  # each shipped file, byte for byte
        "command": shlex.join(command),
        "seed": seed,
    }


@cache
def weights_checksums() -> dict[str, str]:
    """The first ``CHECKSUM_DIGITS`` hex digits of each shipped weights file's SHA-256."""
    files = {model: value.WEIGHTS / f"{model}.json" for model in value.versions()}  # shipped
    return {
        model: hashlib.sha256(path.read_bytes()).hexdigest()[:CHECKSUM_DIGITS]
        for model, path in files.items()
    }


def provenance_lines(report: Mapping[str, Any]) -> list[str]:
    """A report's provenance in words, for its text form."""
    sums = report["learned_values_sha256"]
    values = ", ".join(f"{m} v{v} {sums.get(m, '')}" for m, v in report["learned_values"].items())
    return [
        f"made by: {report['command']} (pegrace {report['pegrace']}, seed {report['seed']})",
        f"learned values: {values or 'none shipped'}",
    ]
