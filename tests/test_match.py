"""The engine never trusts a player: an illegal answer from a computer player is a fault."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from pegrace import get_rules
from pegrace.engine import Rules
from pegrace.match import PlayerFault, run_game, seat_players
from pegrace.moves import Move, Step
from pegrace.players import Player
from pegrace.state import State


class Cheat(Player):
    """Always tries to bring a peg out, six or not."""

    name = "cheat"

    def choose(self, rules: Rules, state: State, moves: Sequence[Move]) -> Move:
        return Step(-1, 0, "home>track:0")


def test_an_illegal_computer_move_is_a_fault_naming_player_and_position() -> None:
    rules = get_rules("trouble", 2)
    seats = {"red": "computer:random", "green": "computer:random"}
    players = [Cheat(), *seat_players(seats, 1)[1:]]
    with pytest.raises(
        PlayerFault,
        match=r"computer player cheat chose illegal move "
        r"home>track:0: red to move with [1-5]",
    ):
        run_game(rules, seats, 1, players=players)
