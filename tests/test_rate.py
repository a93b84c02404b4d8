"""`pegrace rate`: named players, built-in or from outside, rated on one scale with the levels they
play against, by the strength protocol: a seed given, lines of one fixed size (shorter only as a
draft), seats rotated, intervals, a report as a table and JSON with its provenance, each line's
games kept and read back (a stopped run plays on to the whole run's report; a line kept by
another pegrace is refused), an outside player's faults counted, a signal ending it as Ctrl-C
does. Small drafts of two-player Trouble keep it cheap."""

from __future__ import annotations

import json
import os
import shlex
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from pegrace.cli import main, make_parser
from pegrace.commands import rate
from pegrace.games import get_rules
from pegrace.kept import PARTIAL
from pegrace.provenance import core_build, pegrace_version
from pegrace.rating_lines import protocol_lines
from reports import without_command
from stopping import count_games, stop_after
from test_cli import run
from test_docs import ROOT, documented_commands
from test_signals import WAIT, session_processes, until

AGENT = "module:outside_agents:first_legal"
BOT = f"bot:{sys.executable} {Path(__file__).resolve().parent / 'bots' / 'first_legal.py'}"
# easy rated against random and medium, which are rated on their own lines too: 4 lines
RATE = ["rate", "trouble", "--players", "2", "--against", "random,medium", "--seed", "7"]
DRAFT = ["--games", "40", "--draft"]


def rated(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[dict[str, Any], str]:
    """The JSON report (--json -) and what was said on stderr."""
    code, out, err = run(capsys, *args, "--json", "-")
    assert code == 0, err
    return json.loads(out), err


def test_levels_and_an_outside_agent_are_ranked_with_intervals(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = tmp_path / "rate.json"
    line = [*RATE, "--player", AGENT, "--games", "60", "--draft", "--json", str(report)]
    code, out, err = run(capsys, *line)
    assert code == 0, err
    found = json.loads(report.read_text())
    ratings = {r["player"]: r for r in found["ratings"]}
    assert list(ratings) == [r["player"] for r in sorted(found["ratings"], key=lambda r: -r["elo"])]
    assert set(ratings) == {AGENT, "random", "medium"}
    for r in found["ratings"]:
        assert r["low"] <= r["elo"] <= r["high"] and r["games"] > 0
    assert ratings["random"]["elo"] == ratings["random"]["high"] == 0  # the scale's 0
    assert ratings["medium"]["low"] > ratings["random"]["high"]  # apart, not only ordered
    # every player against 1 of each level but itself, each line the same size
    lines = [(entry["player"], entry["against"]) for entry in found["lines"]]
    assert lines == [
        (AGENT, "random"), (AGENT, "medium"), ("random", "medium"), ("medium", "random"),
    ]  # fmt: skip
    for entry in found["lines"]:
        assert entry["games"] == 60
        assert entry["ci95"][0] <= entry["win_rate"] <= entry["ci95"][1]
        assert entry["win_rate"] == entry["wins"] / 60
    assert found["lines"][0]["faults"] == 0 and "faults" not in found["lines"][2]
    # how it was made: every report's provenance, the command, seed, games, a draft
    assert found["pegrace"] == pegrace_version() and found["core"] == core_build()
    assert found["command"] == "pegrace " + " ".join(line)
    assert (found["seed"], found["games"], found["players"], found["draft"]) == (7, 60, 2, True)
    assert found["against"] == ["random", "medium"] and found["game"] == "trouble"
    assert {"rules_versions", "learned_values", "learned_values_sha256", "python"} <= set(found)
    # the table for people: the ratings best first, each with its interval
    assert "draft: lines shorter than the protocol's 4,000 games claim nothing" in out
    rows = [row.split() for row in out.splitlines()]
    ranked = [row[0] for row in rows if row and row[0] in ratings][:3]
    assert ranked == list(ratings)
    medium = next(row for row in rows if row and row[0] == "medium")
    assert medium[1] == f"{round(ratings['medium']['elo'])}"
    assert "made by: pegrace rate trouble" in out
    assert "line 4 of 4: medium against 1 random" in err


def test_a_bot_is_rated_and_plays_the_games_a_function_choosing_alike_plays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    line = ["rate", "trouble", "--players", "2", "--against", "random", "--seed", "3", *DRAFT]
    found, _ = rated(capsys, *line, "--player", AGENT, "--player", BOT, "--out", str(tmp_path))
    by_function, by_bot = found["lines"]
    assert by_function.pop("player") == AGENT and by_bot.pop("player") == BOT
    assert by_function == by_bot and by_bot["faults"] == 0
    ratings = {r["player"]: r["elo"] for r in found["ratings"]}
    assert ratings[AGENT] == pytest.approx(ratings[BOT])
    # the bot's command (spaces, slashes) names no folder of folders: one a line
    assert len(list(tmp_path.iterdir())) == 2
    assert all((folder / "results.json").exists() for folder in tmp_path.iterdir())


def test_an_outside_players_faults_are_counted(capsys: pytest.CaptureFixture[str]) -> None:
    line = [*RATE[:4], "--against", "random", "--seed", "3", "--games", "4", "--draft"]
    code, out, err = run(capsys, *line, "--player", "module:outside_agents:illegal")
    assert code == 0, err
    said = "module:outside_agents:illegal: {} answers could not be played (a random legal move"
    faults = int(out.split("module:outside_agents:illegal: ")[-1].split()[0])
    assert faults > 0 and said.format(faults) in out


EASY = ["--player", "easy"]


@pytest.mark.parametrize(
    ("args", "says"),
    [
        ([*EASY, "--games", "400"], "--games 400: the protocol's lines have at least 4,000 games"),
        ([*EASY, "--against", "medium", *DRAFT], "the ratings' 0 is the random player"),
        ([*EASY, "--against", "random,,medium", *DRAFT], "--against 'random,,medium': name"),
        (["--player", "chess", *DRAFT], "unknown player 'chess'"),
        (["--player", "human", *DRAFT], "--player 'human': a tournament plays computer players"),
        (["--player", "random", "--against", "random", *DRAFT], "a rating needs two at least"),
        ([*EASY, "--players", "7", *DRAFT], "players"),
    ],
)
def test_what_the_protocol_refuses_is_refused_in_one_line_before_any_game(
    args: list[str],
    says: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    played = count_games(monkeypatch)
    code, out, err = run(capsys, "rate", "trouble", "--seed", "1", *args)
    assert (code, out, played) == (2, "", [])
    assert says in err and len(err.strip().splitlines()) == 1


def test_the_seed_must_be_stated(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "rate", "trouble", *EASY, *DRAFT)
    assert code == 2 and "--seed" in err


def test_a_stopped_run_plays_on_to_the_whole_runs_report(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    whole, stopped = tmp_path / "whole", tmp_path / "stopped"
    line = [*RATE, *EASY, *DRAFT]
    assert main([*line, "--out", str(whole), "--json", str(tmp_path / "whole.json")]) == 0
    with monkeypatch.context() as patch:  # batches of 2 games, 20 a line: stopped in line 2
        stop_after(patch, batches=30)
        assert main([*line, "--out", str(stopped)]) == 130
    kept = sorted(folder.name for folder in stopped.iterdir())
    assert len(kept) == 2 and (stopped / kept[0] / PARTIAL).exists()  # easy-vs-medium
    assert (stopped / kept[1] / "results.json").exists()  # easy-vs-random, finished

    capsys.readouterr()
    played = count_games(monkeypatch)
    assert main([*line, "--out", str(stopped), "--json", str(tmp_path / "stopped.json")]) == 0
    assert played == [(20, 20), (0, 40), (0, 40)]  # the kept games are not played again
    assert without_command((tmp_path / "stopped.json").read_text()) == without_command(
        (tmp_path / "whole.json").read_text()
    )

    # read back again, nothing played, though another commit (of the docs, say) reads them;
    # a line played by another core is refused, naming both
    played.clear()
    results = stopped / kept[1] / "results.json"
    other = json.loads(results.read_text())
    results.write_text(json.dumps({**other, "pegrace": "0.1.0+g0123456789ab"}))
    assert main([*line, "--out", str(stopped)]) == 0 and played == []
    other["core"]["source"] = "0123456789ab"
    results.write_text(json.dumps(other))
    capsys.readouterr()
    assert main([*line, "--out", str(stopped)]) == 2
    err = capsys.readouterr().err
    said = f'core "0123456789ab" (this run: "{core_build()["source"]}")'
    refused = f"pegrace: error: {results} was played by another core or other learned values"
    assert err.splitlines()[-1].startswith(f"{refused}: {said}")


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="counts processes in /proc")
def test_sigterm_ends_the_workers_and_keeps_the_games(tmp_path: Path) -> None:
    command = [sys.executable, "-m", "pegrace.cli", *RATE[:4], "--against", "random"]
    # hard, not medium: a line of medium ends in seconds, before a loaded machine sends the signal
    command += ["--player", "hard", "--games", "40000", "--draft", "--seed", "5"]
    command += ["--workers", "2", "--out", str(tmp_path)]
    rating = subprocess.Popen(
        command, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True,
        start_new_session=True,
    )  # fmt: skip
    partial = tmp_path / "trouble-hard-vs-random-s5-g40000-p2" / PARTIAL
    until(lambda: len(session_processes(rating.pid)) >= 3, "the two workers")
    until(lambda: partial.exists() and partial.read_text().count("\n") > 1, "games kept")
    os.kill(rating.pid, signal.SIGTERM)
    _, stderr = rating.communicate(timeout=WAIT)
    assert rating.returncode == 128 + signal.SIGTERM
    assert "pegrace: stopped" in stderr
    until(lambda: not session_processes(rating.pid), "every worker to end")
    assert partial.read_text().count("\n") > 1


def test_the_documented_commands_pass_the_checks_made_before_any_game() -> None:
    """docs/ai.md's, docs/rl.md's, docs/outside-players.md's and the README's `pegrace rate`
    commands (their players from outside are examples, not imported)."""
    pages = [ROOT / "docs" / name for name in ("ai.md", "rl.md", "outside-players.md")]
    pages.append(ROOT / "README.md")
    documented = [command for page in pages for command in documented_commands(page, "rate")]
    assert len(documented) >= 4
    for command in documented:
        args = make_parser().parse_args(shlex.split(command)[1:])
        named, against = rate.chosen(args)
        assert protocol_lines(named, against, get_rules(args.game, args.players, {}).players)
