"""The random baseline (issue 56): `random` plays any legal move but never passes while a piece
can move; `uniform` (the old `random`) is uniform over every move, the voluntary pass included.
Python's players and the core's make the same choices from the same seeds."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from pegrace import get_rules, native
from pegrace.engine import Rules
from pegrace.match import run_game
from pegrace.moves import Move
from pegrace.player import Player
from pegrace.players import RandomPlayer, UniformPlayer, core_seatings, make_player, player_names
from pegrace.simulate import game_seed
from pegrace.state import State


class Watched(Player):
    """A player whose every choice with more than one legal move is kept."""

    def __init__(self, player: Player) -> None:
        self.player = player
        self.name = player.name
        self.choices: list[tuple[list[Move], Move]] = []

    def choose(self, rules: Rules, state: State, moves: Sequence[Move]) -> Move:
        chosen = self.player.choose(rules, state, moves)
        self.choices.append((list(moves), chosen))
        return chosen


def choices_of(spec: str, games: int) -> list[tuple[list[Move], Move]]:
    """Every choice of four `spec` players in seeded 4-player Trouble (voluntary pass on)."""
    rules = get_rules("trouble", 4, {"voluntary_pass": "on"})
    kept: list[tuple[list[Move], Move]] = []
    for seed in range(games):
        players = [Watched(make_player(spec, f"{seed}:{seat}")) for seat in range(4)]
        run_game(rules, dict.fromkeys(rules.colours, spec), seed, players=players)
        for player in players:
            kept.extend(player.choices)
    return kept


def test_random_never_passes_while_a_peg_can_move() -> None:
    choices = choices_of("computer:random", 6)
    with_pass = [(moves, chosen) for moves, chosen in choices if any(m.is_pass for m in moves)]
    assert len(with_pass) > 100  # the pass was on offer beside a peg move that often
    assert not any(chosen.is_pass for _, chosen in with_pass)


def test_uniform_passes_as_often_as_it_picks_any_one_move() -> None:
    choices = choices_of("computer:uniform", 6)
    with_pass = [(moves, chosen) for moves, chosen in choices if any(m.is_pass for m in moves)]
    passes = sum(chosen.is_pass for _, chosen in with_pass)
    expected = sum(1 / len(moves) for moves, _ in with_pass)
    assert len(with_pass) > 100
    assert 0.7 * expected < passes < 1.3 * expected


@pytest.mark.parametrize("spec", ["computer:random", "computer:uniform"])
def test_the_core_plays_the_same_games_as_python(spec: str) -> None:
    rules = get_rules("trouble", 4, {"voluntary_pass": "on"})
    seats = dict.fromkeys(rules.colours, spec)
    seatings = core_seatings(rules, [seats])
    assert seatings is not None
    by_core = native.play_games(rules, seatings, 17, 0, 4)
    by_python = [run_game(rules, seats, game_seed(17, index)) for index in range(4)]
    for core_game, python_game in zip(by_core, by_python, strict=True):
        places = rules.outcome(python_game.state).places
        assert core_game.places == [places[rules.sides[s]] for s in range(4)]
        assert core_game.events == len(python_game.record.events)
        assert core_game.rolls == python_game.rolls


def test_random_is_offered_and_uniform_only_named() -> None:
    assert "computer:random" in player_names()
    assert "computer:uniform" not in player_names()
    assert isinstance(make_player("uniform"), UniformPlayer)
    assert type(make_player("random")) is RandomPlayer
