"""A bonus move in the terminal game (issue 57): after a capture in Parchís the same player
moves 20 with no roll; the terminal says so before the move, the move's words say it was a
bonus, and the record keeps it as a move after a move and replays it."""

from __future__ import annotations

import io

from pegrace import get_rules
from pegrace.match import parse_seats
from pegrace.record import replay
from pegrace.terminal import TerminalGame


def first_move(prompt: str) -> str:
    """Enter to pop, the first listed move to move."""
    return "1" if "Your move" in prompt else ""


def test_a_capture_is_followed_by_a_bonus_of_20_said_recorded_and_replayed() -> None:
    rules = get_rules("parchis", 4)
    seats = parse_seats(rules, ["yellow=human", "red=human"], "computer:medium")
    out = io.StringIO()
    game = TerminalGame(
        rules, seats, 57, out=out, ask=first_move, use_colour=False, delay=0.0, record_path=None
    )
    assert game.run() == 0
    lines = out.getvalue().splitlines()
    granted = [n for n, line in enumerate(lines) if ": a bonus of 20, for any piece" in line]
    assert granted, "no capture in the game"
    for n in granted:  # the next line offers or tells the bonus move, saying it is one
        assert lines[n + 1].endswith("(a bonus of 20)"), lines[n + 1]
    events = game.record.events
    after_move = [i for i in range(1, len(events)) if events[i].move and events[i - 1].move]
    assert after_move, "a bonus move follows a move, no roll between"
    assert all(events[i].colour == events[i - 1].colour for i in after_move)
    assert replay(game.record)[1][-1] == game.state
