"""Resigning in the terminal game (issue 57): r at a person's prompt, confirmed with y, resigns
every seat they hold (both sets with Trouble's two_sets), the record keeps it and replays it,
and pegrace replay says it; any other answer changes nothing."""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path

import pytest
from rich.console import Console

from pegrace import get_rules
from pegrace.cli import main
from pegrace.engine import Rules
from pegrace.match import parse_seats
from pegrace.record import RESIGN, Event, Record, replay
from pegrace.screen import Screen
from pegrace.state import Phase, State
from pegrace.terminal import Resigned, TerminalGame
from positions import position


class Resigning:
    """Answers prompts: Enter to pop and 1 to move, r at red's ``at``-th prompt after the
    roll-off (r in the roll-off too, which the engine refuses), then ``confirm``; q after
    ``quit_after`` prompts."""

    def __init__(self, at: int, confirm: str, quit_after: int = 400) -> None:
        self.at, self.confirm, self.quit_after = at, confirm, quit_after
        self.prompts: list[str] = []
        self.asked_in_rolloff = False

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if len(self.prompts) > self.quit_after:
            return "q"
        if "first turn" in prompt and not self.asked_in_rolloff:
            self.asked_in_rolloff = True
            return "r"  # refused: nobody resigns in the roll-off
        if prompt.strip().startswith("Resign"):
            return self.confirm
        played = [p for p in self.prompts if "first turn" not in p and "Resign" not in p]
        if len(played) == self.at:
            return "r"
        return "1" if "Your move" in prompt else ""


def game_of(
    rules: Rules, humans: list[str], ask: Callable[[str], str], path: Path | None, seed: int
) -> tuple[TerminalGame, io.StringIO]:
    seats = parse_seats(rules, humans, "computer:random")
    out = io.StringIO()
    game = TerminalGame(
        rules, seats, seed, out=out, ask=ask, use_colour=False, delay=0.0, record_path=path
    )
    return game, out


def test_a_confirmed_r_resigns_and_the_record_keeps_it_and_replays(tmp_path: Path) -> None:
    """Two-player Trouble: red resigns at its third prompt, green is left standing and wins;
    the roll-off's r is refused in words, the game goes on."""
    rules = get_rules("trouble", 2, {"voluntary_pass": "off"})
    script = Resigning(at=3, confirm="y")
    path = tmp_path / "game.json"
    game, out = game_of(rules, ["red=human"], script, path, 11)
    assert game.run() == 0
    text = out.getvalue()
    assert "r resigns, ? how to play" in text  # the keys line
    assert "a seat can resign once the roll-off is over" in text
    assert "  Resign Red? (y/n) " in script.prompts
    assert "Red (you) resigns" in text.splitlines()
    assert game.state.is_over and rules.outcome(game.state).winners == (1,)
    assert "Game over" in text and "  2. Red (you)" in text
    record = Record.load(path)
    assert record.events[-1] == Event("red", resign=True) and record.events[-1].kind == RESIGN
    assert sum(event.kind == RESIGN for event in record.events) == 1
    assert replay(record)[1][-1] == game.state
    assert record.result is not None and record.result["winners"] == ["green"]


def test_any_answer_but_y_cancels_and_nothing_changes() -> None:
    rules = get_rules("trouble", 2, {"voluntary_pass": "off"})
    script = Resigning(at=3, confirm="n", quit_after=12)
    seen: list[tuple[State, int]] = []  # the position and the events so far at each prompt

    def ask(prompt: str) -> str:
        seen.append((game.state, len(game.record.events)))
        return script(prompt)

    game, out = game_of(rules, ["red=human"], ask, None, 11)
    game.run()
    asked = script.prompts.index("  Resign Red? (y/n) ")
    assert script.prompts[asked + 1] == script.prompts[asked - 1]  # asked again, as it was
    assert seen[asked + 1] == seen[asked - 1]  # nothing played, nothing recorded
    assert not any(event.kind == RESIGN for event in game.record.events)
    assert " resigns\n" not in out.getvalue() and not game.state.out


def test_the_game_goes_on_without_the_person_and_says_their_place() -> None:
    """Four-player Trouble: red resigns at a move; the computers play it to the end, red
    last."""
    rules = get_rules("trouble", 4)
    script = Resigning(at=6, confirm="yes")
    game, out = game_of(rules, ["red=human"], script, None, 5)
    game.run()
    lines = out.getvalue().splitlines()
    assert "Red (you) resigns" in lines and "Red is out: 4th." in lines
    events = game.record.events
    resigned = events.index(Event("red", resign=True))
    assert all(event.colour != "red" for event in events[resigned + 1 :])
    assert game.state.is_over and rules.outcome(game.state).places[0] == 4
    assert replay(game.record)[1][-1] == game.state


def test_with_two_sets_the_person_resigns_both_colours() -> None:
    rules = get_rules("trouble", 2, {"two_sets": "on"})
    script = Resigning(at=2, confirm="y")
    game, out = game_of(rules, ["red=human", "green=human"], script, None, 3)
    game.run()
    assert "  Resign Red and Green? (y/n) " in script.prompts
    assert [event for event in game.record.events if event.kind == RESIGN] == [
        Event("red", resign=True),
        Event("green", resign=True),
    ]
    lines = out.getvalue().splitlines()
    assert "Red (you) resigns" in lines and "Green (you) resigns" in lines
    assert game.state.is_over and rules.outcome(game.state).winners == (1,)


def test_on_the_screen_a_resign_at_a_move_clears_the_moves_and_shows_the_board() -> None:
    home = ["home"] * 4
    rules, state = position("trouble", {"red": ["track:4", *home[1:]], "green": home}, 3)
    answers = iter(["r", "y"])
    screen = Screen("pegrace", Console(file=io.StringIO(), width=80, height=24))
    seats = parse_seats(rules, ["red=human"], "computer:random")
    game = TerminalGame(
        rules,
        seats,
        1,
        out=io.StringIO(),
        ask=lambda _: next(answers),
        use_colour=False,
        delay=0.0,
        record_path=None,
        screen=screen,
    )
    game.state = state
    with pytest.raises(Resigned):
        game.step()
    assert screen.choices == [] and game.state.phase == Phase.OVER
    assert [message for _, message in screen.log][-1] == "Red (you) resigns"
    assert game.record.events == [Event("red", resign=True)]


def test_replay_says_who_resigns(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    rules = get_rules("ludo", 3)
    record = Record.start(rules, 1, {})
    state = rules.initial_state()
    while state.phase == Phase.ROLLOFF:  # everyone pops 6 then 1 in turn: no tie
        roll = 6 if state.current == 0 else 1
        record.events.append(Event(rules.colours[state.current], roll=roll))
        state = rules.apply_roll(state, roll)
    record.events.append(Event("green", resign=True))
    path = tmp_path / "game.json"
    record.save(path)
    assert main(["replay", str(path), "--no-colour"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "Green resigns" in lines
    assert lines.index("Red pops 6") < lines.index("Green resigns")
