"""Players from outside pegrace (pegrace.outside): a Python function or class
(``module:PACKAGE.MODULE:NAME``) and a program over the bot protocol (``bot:COMMAND``) play
tournaments in every game with the built-in players; the same choices give the same games
either way; an agent that crashes, answers what is not a legal action, garbage or too late is
counted in the report and the tournament finishes; a wrong name is refused in one line."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from pegrace import outside
from pegrace.errors import OptionError
from pegrace.games import list_games
from test_cli import run

ROOT = Path(__file__).resolve().parent
FIRST_BOT = f"bot:{sys.executable} {ROOT / 'bots' / 'first_legal.py'}"
GAMES = list_games()


def misbehaving(how: str) -> str:
    return f"bot:{sys.executable} {ROOT / 'bots' / 'misbehaving.py'} {how}"


def tournament(
    capsys: pytest.CaptureFixture[str], game: str, *players: str, games: int = 4, more: Any = ()
) -> Any:
    line = ["tournament", game, "--games", str(games), "--seed", "5", "--json", *more]
    code, out, err = run(capsys, *line, *(f"--player={p}" for p in players))
    assert code == 0, err
    return json.loads(out)


@pytest.mark.parametrize("game", GAMES)
def test_a_function_and_a_bot_play_every_game_and_are_reported(
    game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    found = tournament(capsys, game, "module:outside_agents:first_legal", FIRST_BOT, "random")
    players = [entry["player"] for entry in found["entries"]]
    assert players[:2] == ["module:outside_agents:first_legal", FIRST_BOT]
    for entry in found["entries"][:2]:
        assert entry["faults"] == 0 and entry["seat_games"] == found["games"]
        assert 0 <= entry["ci95"][0] <= entry["win_rate"] <= entry["ci95"][1] <= 1
    assert "faults" not in found["entries"][2]  # a built-in player has none to count


def test_a_function_and_a_bot_choosing_alike_play_the_same_games(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The first legal action, asked of a function and of a program: the same games."""
    by_function = tournament(capsys, "ludo", "module:outside_agents:first_legal", "medium")
    by_bot = tournament(capsys, "ludo", FIRST_BOT, "medium")
    for found in (by_function, by_bot):
        found.pop("command"), found.pop("lineup")
        for entry in found["entries"]:
            entry.pop("player")
    assert by_function == by_bot


def test_a_class_is_made_once_a_game_and_asked_each_decision(
    capsys: pytest.CaptureFixture[str],
) -> None:
    found = tournament(capsys, "trouble", "module:outside_agents:LastLegal", "easy")
    assert found["entries"][0]["faults"] == 0


@pytest.mark.parametrize(
    "agent",
    [
        "module:outside_agents:crashing",
        "module:outside_agents:illegal",
        misbehaving("crash"),
        misbehaving("garbage"),
        misbehaving("illegal"),
    ],
)
def test_an_agent_that_fails_is_counted_and_the_tournament_finishes(
    agent: str, capsys: pytest.CaptureFixture[str]
) -> None:
    found = tournament(capsys, "trouble", agent, "random", games=2)
    assert found["entries"][0]["faults"] > 0
    assert found["games"] == 2  # every game played to its end, a random legal move instead


def test_an_agent_too_slow_is_cut_off_and_counted(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(outside, "STARTING_SECONDS", 0.0)  # the slow bot is slow from the start
    monkeypatch.setenv(outside.SECONDS_VARIABLE, "5")  # what the flag sets is undone after
    quick = ("--decision-seconds", "0.2", "--workers", "2")  # the workers have it too
    for agent in ("module:outside_agents:sleepy", misbehaving("slow")):
        found = tournament(capsys, "headache", agent, "random", games=2, more=quick)
        assert found["entries"][0]["faults"] > 0 and found["games"] == 2


@pytest.mark.parametrize("given", ["0", "-1", "nan", "inf", "7200"])
def test_a_decision_time_out_of_range_is_refused_in_one_line(
    given: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(outside.SECONDS_VARIABLE, "5")  # what the flag sets is undone after
    line = ["tournament", "trouble", "--player", "random", "--decision-seconds", given]
    code, _, err = run(capsys, *line)
    assert code == 2 and "--decision-seconds" in err and len(err.strip().splitlines()) == 1
    monkeypatch.setenv(outside.SECONDS_VARIABLE, given)
    with pytest.raises(OptionError, match=outside.SECONDS_VARIABLE):
        outside.decision_seconds()


def test_the_text_report_says_how_many_answers_were_not_played(
    capsys: pytest.CaptureFixture[str],
) -> None:
    line = ["tournament", "trouble", "--games", "2", "--player", "module:outside_agents:illegal"]
    code, out, _ = run(capsys, *line, "--player", "random")
    assert code == 0
    assert "module:outside_agents:illegal: " in out
    assert "answers could not be played (a random legal move instead)" in out


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("module:no_such_module:agent", "module:no_such_module:agent: write module:PACKAGE"),
        ("module:outside_agents:nothing_here", "naming a function or class that Python can import"),
        ("module:outside_agents", "write module:PACKAGE.MODULE:NAME"),
        (
            "module:outside_agents:NOT_CALLABLE",
            "module:outside_agents:NOT_CALLABLE is not callable",
        ),
        ("bot:", "bot: name the program to run: bot:COMMAND"),
    ],
)
def test_a_wrong_outside_player_is_refused_in_one_line(
    spec: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(capsys, "tournament", "trouble", "--player", spec, "--player", "random")
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1


def test_a_bot_seat_in_a_simulation_with_workers(capsys: pytest.CaptureFixture[str]) -> None:
    line = ["simulate", "trouble", "--games", "6", "--players", "2", "--workers", "2", "--json"]
    code, out, err = run(capsys, *line, "--seat", f"red={misbehaving('illegal')}")
    assert code == 0, err
    red = json.loads(out)["seats"][0]
    assert red["player"] == f"computer:{misbehaving('illegal')}" and red["faults"] > 0
