"""Every report says what made it (pegrace.provenance): the pegrace version, the learned
values' versions and checksums, the command line and the seed; and every command's --seed
has the same default."""

from __future__ import annotations

import argparse
import hashlib
import json
import platform
import shlex
import subprocess
from importlib.metadata import version
from pathlib import Path
from typing import Any

import pytest

from pegrace import _core, value
from pegrace.cli import make_parser
from pegrace.games import list_games, rules_class
from pegrace.provenance import CHECKSUM_DIGITS, DEFAULT_SEED, pegrace_version
from test_cli import run


def shipped_checksums() -> dict[str, str]:
    return {
        model: hashlib.sha256((value.WEIGHTS / f"{model}.json").read_bytes()).hexdigest()
        for model in value.MODELS
    }


def check_provenance(report: dict[str, Any], args: list[str], seed: int) -> None:
    assert report["pegrace"] == pegrace_version()
    assert report["pegrace"].startswith(version("pegrace") + "+g")  # the commit it comes from
    assert report["core"] == dict(_core.build_info()) and len(report["core"]["source"]) == 12
    assert report["rules_versions"] == {game: rules_class(game).version for game in list_games()}
    assert report["python"] == platform.python_version() and report["platform"]
    assert report["numpy"] == version("numpy")
    assert report["learned_values"] == value.versions() and report["learned_values"]
    sums = report["learned_values_sha256"]
    assert list(sums) == list(report["learned_values"])  # the same models, in the same order
    for model, digest in shipped_checksums().items():
        assert len(sums[model]) == CHECKSUM_DIGITS and digest.startswith(sums[model])
    assert report["command"] == shlex.join(["pegrace", *args]) and report["seed"] == seed


def test_simulate_json_says_what_made_it(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "trouble", "--games", "20", "--seed", "3", "--json"]
    code, out, _ = run(capsys, *args)
    assert code == 0
    check_provenance(json.loads(out), args, 3)
    args = ["simulate", "ludo", "--games", "8", "--players", "2", "--json"]  # the default seed
    check_provenance(json.loads(run(capsys, *args)[1]), args, DEFAULT_SEED)


def test_simulate_text_says_what_made_it(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "headache", "--games", "6", "--seed", "4")
    assert code == 0
    made = "made by: pegrace simulate headache --games 6 --seed 4"
    assert f"\n{made} (pegrace {pegrace_version()}, seed 4)\n" in out
    assert f"\ncore: {_core.build_info()[0][1]} (" in out and "; rules: headache v" in out
    assert f"\non: Python {platform.python_version()}, numpy " in out
    ludo = shipped_checksums()["ludo"][:CHECKSUM_DIGITS]
    assert f"learned values: trouble v{value.versions()['trouble']} " in out
    assert f"ludo v{value.versions()['ludo']} {ludo}" in out


def test_every_tournament_file_says_what_made_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "two words"  # quoted in the command line
    args = [
        "tournament",
        "trouble",
        "--player",
        "medium",
        "--player",
        "random",
        "--games",
        "4",
        "--seed",
        "6",
        "--out",
        str(out),
    ]
    code, text, _ = run(capsys, *args, "--json")
    assert code == 0
    check_provenance(json.loads(text), [*args, "--json"], 6)
    check_provenance(json.loads((out / "results.json").read_text()), [*args, "--json"], 6)
    code, text, _ = run(capsys, *args)
    assert code == 0 and f"made by: {shlex.join(['pegrace', *args])} (pegrace " in text
    assert "learned values: trouble v" in text


def test_every_command_has_the_same_default_seed() -> None:
    parser = make_parser()
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    defaults = {
        name: action.default
        for name, command in commands.choices.items()
        for action in command._actions
        if action.dest == "seed"
    }
    assert defaults.pop("play") is None  # a new game each time (the seed is printed)
    assert defaults.pop("rate") is None  # the strength protocol's: given, stated beforehand
    assert set(defaults) >= {"simulate", "tournament", "lab", "bench", "train", "bench-web"}
    assert set(defaults.values()) == {DEFAULT_SEED}
    for name in defaults:
        help_text = commands.choices[name].format_help()
        assert f"(default {DEFAULT_SEED})" in help_text, name


def test_the_version_names_the_commit_pegrace_runs_from() -> None:
    """Run from a checkout (as the tests are), the version's local part is its commit (a wheel
    keeps the commit its core was built at)."""
    root = Path(__file__).resolve().parent.parent
    head = subprocess.run(
        ["git", "-C", str(root), "rev-parse", "HEAD"], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert pegrace_version().split("+")[1].removesuffix(".dirty") == f"g{head[:12]}"
