"""Ludo ``variant=ludopy`` against the real LUDOpy package (a dev-only dependency),
move for move: both engines get the same dice and the same piece choices, and after every
move every piece position, the player to move, LUDOpy's round and start attempts, the
movable pieces and the winner must agree. Games end at the first winner, as LUDOpy's own
loop (README) stops them."""

from __future__ import annotations

import random
from typing import Any

import pytest

from pegrace import get_rules
from pegrace.bench import compare_ludopy
from pegrace.games.ludo import DieMove, Ludo
from pegrace.moves import PASS
from pegrace.state import Phase

ludopy: Any = pytest.importorskip("ludopy")

GHOSTS = {4: [], 3: [3], 2: [1, 3]}  # LUDOpy's ghost players for our 2- and 3-player seats


def play_both(seed: int, players: int) -> int:
    """Play one game in both engines; returns the number of moves compared."""
    dice_rng, choice_rng = random.Random(f"dice:{seed}"), random.Random(f"pick:{seed}")
    rules = get_rules("ludo", players, {"variant": "ludopy"})
    assert isinstance(rules, Ludo)
    game = ludopy.Game(ghost_players=GHOSTS[players])
    die = {"value": 0}

    def roll() -> None:  # LUDOpy's dice come from us (ludopy.md section 7)
        game.current_dice = die["value"]

    game._dice_generator = roll
    state = rules.initial_state()
    seat_of = {index: seat for seat, index in enumerate(rules.lp_index)}
    moves = 0
    while True:
        die["value"] = dice_rng.randint(1, 6)
        (dice, movable, _, _, _, _), player = game.get_observation()
        assert state.phase == Phase.ROLL and seat_of[player] == state.current, (seed, moves)
        state = rules.roll(state, dice)
        legal = rules.legal_moves(state)
        mine = [int(p) - 1 for p in game.players[player].pieces]
        expected = {mine[i] for i in movable}
        if expected:
            assert {m.origin for m in legal if isinstance(m, DieMove)} == expected, (seed, moves)
            piece = int(choice_rng.choice(sorted(int(i) for i in movable)))
            move = next(m for m in legal if isinstance(m, DieMove) and m.origin == mine[piece])
        else:
            assert legal == [PASS], (seed, moves)
            piece, move = -1, PASS
        winner = bool(game.answer_observation(piece)[5])
        state = rules.play(state, move)
        moves += 1
        for index, seat in seat_of.items():
            theirs = tuple(sorted(int(p) - 1 for p in game.players[index].pieces))
            assert state.pieces[seat] == theirs, (seed, moves, index, state.pieces, theirs)
        if winner:
            assert state.is_over, (seed, moves)
            assert state.finished == (seat_of[game.get_winner_of_game()],)
            assert rules.outcome(state).winners == state.finished
            return moves
        assert not state.is_over, (seed, moves)
        assert state.current == seat_of[game.current_player], (seed, moves)
        assert state.aux == (game.round, game.current_start_attempts), (seed, moves)


def test_five_hundred_four_player_games_agree_move_for_move() -> None:
    compared = sum(play_both(seed, 4) for seed in range(500))
    assert compared > 500 * 200  # whole games, not a few moves each


@pytest.mark.parametrize("players", [2, 3])
def test_games_with_ghost_players_agree(players: int) -> None:
    for seed in range(40):
        play_both(seed, players)


def test_the_speed_comparison_plays_whole_games_on_both_sides() -> None:
    report = compare_ludopy({"variant": "ludopy"}, games=3, runs=2, seed=5)
    assert (report["games_per_run"], report["runs"]) == (3, 2)
    rates, per_game = report["games_per_second"], report["moves_per_game"]
    assert per_game["pegrace"] > 100 and per_game["ludopy"] > 100  # whole games, not a few moves
    assert report["ratio"] == pytest.approx(rates["pegrace"] / rates["ludopy"])
    cpu = report["cpu_games_per_second"]
    assert report["cpu_ratio"] == pytest.approx(cpu["pegrace"] / cpu["ludopy"])
