"""What every report records so that it can be read later and made again (issues 37 and 56):
the pegrace version with the commit it comes from, the native core's build, each game's rules
version, the shipped learned values' versions (pegrace.value), Python, numpy and the platform,
the command line and the seed."""

from __future__ import annotations

import hashlib
import platform
import shlex
import subprocess
import sys
from collections.abc import Mapping, Sequence
from functools import cache
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any, TypedDict

from pegrace import _core, value
from pegrace.games import list_games, rules_class

# every command's --seed default (`pegrace play` alone takes a new random seed, and prints it)
DEFAULT_SEED = 0
CHECKSUM_DIGITS = 12  # of a weights file's SHA-256: enough to tell two files apart
COMMIT_DIGITS = 12  # of a commit's hash in the version, as git's short hashes
# pegrace's own checkout, where it runs from one (an editable install): src/pegrace/ -> the root
CHECKOUT = Path(__file__).resolve().parent.parent.parent


class Provenance(TypedDict):
    """What every report (the lab's, a tournament's, a simulation's) starts with."""

    pegrace: str
    core: dict[str, str]
    rules_versions: dict[str, int]
    learned_values: dict[str, int]
    learned_values_sha256: dict[str, str]
    python: str
    numpy: str
    platform: str
    command: str
    seed: int


def provenance(argv: Sequence[str] | None, seed: int) -> Provenance:
    """The report's origin. ``argv``: the arguments after ``pegrace`` (``cli.main`` keeps them
    as ``args.argv``); None for this process's own command line (a benchmark script)."""
    command = sys.argv if argv is None else ["pegrace", *argv]
    return {
        "pegrace": pegrace_version(),
        "core": core_build(),
        "rules_versions": rules_versions(),
        # a report reads with the weights it had: their versions go up when the weights change
        "learned_values": value.versions(),
        "learned_values_sha256": weights_checksums(),  # each shipped file, byte for byte
        "python": platform.python_version(),
        "numpy": numpy_version(),
        "platform": platform.platform(),
        "command": shlex.join(command),
        "seed": seed,
    }


@cache
def pegrace_version() -> str:
    """This pegrace: its release and, as setuptools-scm writes it, the commit it comes from
    (``0.1.0+g1a2b3c4d5e6f``; ``.dirty`` after it when run from a checkout with changes not
    committed). The commit is the checkout's where pegrace runs from one, else the one the
    core was built in (a wheel keeps it); "+unknown" where neither is known."""
    commit, dirty = checkout_commit() or (core_build()["commit"], False)
    if len(commit) != 40:
        return f"{version('pegrace')}+unknown"
    return f"{version('pegrace')}+g{commit[:COMMIT_DIGITS]}{'.dirty' if dirty else ''}"


def checkout_commit() -> tuple[str, bool] | None:
    """The commit of the checkout pegrace runs from, and whether tracked files changed since;
    None where it runs from no checkout (or git is not at hand)."""
    if not (CHECKOUT / ".git").exists():
        return None
    try:
        head = git("rev-parse", "HEAD")
        changed = git("status", "--porcelain", "--untracked-files=no")
    except (OSError, subprocess.SubprocessError):
        return None
    return (head, bool(changed)) if len(head) == 40 else None


def git(*args: str) -> str:
    done = subprocess.run(
        ["git", "-C", str(CHECKOUT), *args], capture_output=True, text=True, timeout=10, check=True
    )
    return done.stdout.strip()


@cache
def core_build() -> dict[str, str]:
    """The native core's build (build.rs): ``source``, a hash of the sources it was compiled
    from; ``commit``, the checkout's it was built in ("unknown" if none); ``profile``."""
    return dict(_core.build_info())


def rules_versions() -> dict[str, int]:
    """Each game's rules version (stored in every record; bumped when a rule's behaviour
    changes)."""
    return {game: rules_class(game).version for game in list_games()}


def numpy_version() -> str:
    """numpy's version, or "none" (pegrace plays without it; its learners need it)."""
    try:
        return version("numpy")
    except PackageNotFoundError:
        return "none"


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
    core = report["core"]
    rules = ", ".join(f"{game} v{number}" for game, number in report["rules_versions"].items())
    return [
        f"made by: {report['command']} (pegrace {report['pegrace']}, seed {report['seed']})",
        f"core: {core['source']} ({core['profile']}, built at {core['commit'][:COMMIT_DIGITS]}); "
        f"rules: {rules}",
        f"learned values: {values or 'none shipped'}",
        f"on: Python {report['python']}, numpy {report['numpy']}, {report['platform']}",
    ]
