"""What the race games share: the learned chance of winning (``race.WinModel``) of the games
that have one (two-dice Ludo, Trouble), checked against the model's formula."""

from __future__ import annotations

import math

import pytest

from pegrace import get_rules
from pegrace.engine import TERMINAL_WEIGHT
from pegrace.race import RaceRules
from pegrace.search import Search
from positions import random_positions

MODEL_GAMES = [(game, players) for game in ("ludo", "trouble") for players in (2, 3, 4)]


def model_rules(game: str, players: int) -> RaceRules:
    rules = get_rules(game, players)
    assert isinstance(rules, RaceRules) and rules.win_model is not None
    return rules


@pytest.mark.parametrize(("game", "players"), MODEL_GAMES)
def test_the_win_chances_are_the_models_share_of_each_seats_strength(
    game: str, players: int
) -> None:
    rules = model_rules(game, players)
    assert rules.model.tempo[0] == 0
    weights = rules.model.weights()
    for state in random_positions(rules, seed=5, count=40):
        for to_move in range(players):
            features = rules.win_features(state.pieces, to_move)
            strengths = [sum(w * f for w, f in zip(weights, row, strict=True)) for row in features]
            shares = [math.exp(strength) for strength in strengths]
            expected = [share / sum(shares) for share in shares]
            chances = rules.win_chances(state.pieces, to_move)
            assert chances == pytest.approx(expected)
            assert sum(chances) == pytest.approx(1.0)


@pytest.mark.parametrize(("game", "players"), MODEL_GAMES)
def test_a_learned_search_rates_its_leaves_by_the_chance_of_winning(
    game: str, players: int
) -> None:
    rules = model_rules(game, players)
    for state in random_positions(rules, seed=6, count=10):
        values = Search(rules, learned=True).horizon(state)
        chances = rules.win_chances(state.pieces, state.current)
        assert values == pytest.approx(rules.win_values(state.pieces, state.current))
        assert sum(values) == pytest.approx(0.0, abs=1e-9)
        # the more likely a seat wins, the more its leaf is worth
        assert sorted(range(players), key=lambda s: values[s]) == sorted(
            range(players), key=lambda s: chances[s]
        )


@pytest.mark.parametrize(("game", "players"), MODEL_GAMES)
def test_a_leafs_value_reads_back_as_its_chance_and_a_won_game_as_none(
    game: str, players: int
) -> None:
    rules = model_rules(game, players)
    for state in random_positions(rules, seed=7, count=10):
        values = rules.win_values(state.pieces, state.current)
        chances = [rules.learned_chance(value) for value in values]
        assert chances == pytest.approx(rules.win_chances(state.pieces, state.current))
    assert rules.learned_chance(TERMINAL_WEIGHT * (1 - 1 / players)) is None  # a won game


@pytest.mark.parametrize(
    ("game", "options"), [("headache", {}), ("marbles", {}), ("trouble", {"two_sets": "on"})]
)
def test_without_a_model_a_learned_search_reads_the_games_evaluation(
    game: str, options: dict[str, str]
) -> None:
    rules = get_rules(game, 2 if options else 4, options)
    assert rules.learned_leaf() is None
    for state in random_positions(rules, seed=7, count=5):
        learned = Search(rules, learned=True).horizon(state)
        assert learned == Search(rules).horizon(state)
