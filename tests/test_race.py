"""The learned chance of winning of the race games that have one (two-dice Ludo, Trouble), as
the native core works it out (``native.Computer.look``), checked against the model's formula:
a seat's chance is its share of ``exp(weights · features)``; the expert's leaves are those
chances, centred and scaled, and read back as them."""

from __future__ import annotations

import math

import pytest

from pegrace import get_rules
from pegrace._core import TERMINAL_WEIGHT
from pegrace.native import Computer
from pegrace.search import SearchPlayer
from positions import random_positions

MODEL_GAMES = [(game, players) for game in ("ludo", "trouble") for players in (2, 3, 4)]


@pytest.mark.parametrize(("game", "players"), MODEL_GAMES)
def test_the_win_chances_are_the_models_share_of_each_seats_strength(
    game: str, players: int
) -> None:
    rules = get_rules(game, players)
    computer = Computer(rules)
    for state in random_positions(rules, seed=5, count=40):
        for to_move in range(players):
            look = computer.look(state, to_move)
            assert look.features is not None and look.weights is not None
            assert look.chances is not None and look.losses is not None
            strengths = [
                sum(w * f for w, f in zip(look.weights, row, strict=True)) for row in look.features
            ]
            shares = [math.exp(strength) for strength in strengths]
            assert look.chances == pytest.approx([share / sum(shares) for share in shares])
            assert sum(look.chances) == pytest.approx(1.0)
            exposure = [row[6] for row in look.features]
            assert exposure == list(look.losses)


@pytest.mark.parametrize(("game", "players"), MODEL_GAMES)
def test_a_leafs_value_is_its_chance_of_winning_centred_and_reads_back_as_it(
    game: str, players: int
) -> None:
    rules = get_rules(game, players)
    computer = Computer(rules)
    for state in random_positions(rules, seed=6, count=10):
        look = computer.look(state)
        assert look.learned is not None and look.chances is not None
        assert sum(look.learned) == pytest.approx(0.0, abs=1e-9)
        # the more likely a seat wins, the more its leaf is worth
        assert sorted(range(players), key=lambda s: look.learned[s]) == sorted(
            range(players), key=lambda s: look.chances[s]
        )
        back = [computer.learned_chance(value) for value in look.learned]
        assert back == pytest.approx(list(look.chances))
    assert computer.learned_chance(TERMINAL_WEIGHT * (1 - 1 / players)) is None  # a won game


@pytest.mark.parametrize(("game", "players"), MODEL_GAMES)
def test_the_expert_one_decision_deep_rates_each_move_by_the_chances_after_it(
    game: str, players: int
) -> None:
    rules = get_rules(game, players)
    computer = Computer(rules)
    expert = SearchPlayer(0, depth=1, model=1)  # the fitted chance (model=2: test_value.py)
    for state in random_positions(rules, seed=8, count=10):
        if state.phase != state.phase.MOVE or state.finished:
            continue
        for ranked in expert.ranking(rules, state, rules.legal_moves(state)):
            after = rules.apply_move(state, ranked.move)
            if after.is_chance and not after.finished:
                assert ranked.values == pytest.approx(computer.look(after).learned)


@pytest.mark.parametrize(
    ("game", "options"), [("marbles", {"mode": "war"}), ("trouble", {"two_sets": "on"})]
)
def test_without_a_model_the_expert_reads_the_games_evaluation(
    game: str, options: dict[str, str]
) -> None:
    rules = get_rules(game, 2 if game == "trouble" else 4, options)
    computer = Computer(rules)
    assert not computer.learns
    for state in random_positions(rules, seed=7, count=5):
        look = computer.look(state)
        assert look.learned is None and look.chances is None
        if state.phase == state.phase.MOVE:
            moves = rules.legal_moves(state)
            expert = SearchPlayer(0, depth=2).ranking(rules, state, moves)
            hard = SearchPlayer(0, depth=2, model=0).ranking(rules, state, moves)
            assert [(r.move, r.values) for r in expert] == [(r.move, r.values) for r in hard]
