"""Ratings on one scale: the Bradley-Terry fit recovers known strengths from synthetic
multi-player games, its intervals hold them, and the anchor sits at 0."""

from __future__ import annotations

import math
import random

import pytest

from pegrace.errors import PegraceError
from pegrace.ratings import GameResult, expected_score, fit, pairwise, rate

TRUE_ELO = {"random": 0.0, "easy": 150.0, "medium": 420.0, "expert": 600.0}


def synthetic_games(count: int, seed: int) -> list[GameResult]:
    """4-player games whose finishing order is drawn as a Plackett-Luce model of the true
    strengths (under it, any two players' order follows Bradley-Terry exactly); line-ups one
    player against 3 of another, as the rating runs play them."""
    rng = random.Random(seed)
    names = list(TRUE_ELO)
    games = []
    for _ in range(count):
        one, other = rng.sample(names, 2)
        players = (one, other, other, other)
        # Gumbel noise on log strengths: sorting gives a Plackett-Luce order
        keys = [
            TRUE_ELO[p] / 400 * math.log(10) - math.log(-math.log(rng.random())) for p in players
        ]
        order = sorted(range(4), key=lambda i: -keys[i])
        places = [0] * 4
        for place, seat in enumerate(order, start=1):
            places[seat] = place
        games.append(GameResult(players, tuple(places)))
    return games


def test_the_fit_recovers_known_strengths_with_intervals_that_hold_them() -> None:
    games = synthetic_games(4000, 1)
    ratings = {r.player: r for r in rate(games, resamples=60, seed=2)}
    assert ratings["random"].elo == 0.0
    for player, true in TRUE_ELO.items():
        found = ratings[player]
        assert abs(found.elo - true) < 45, (player, found)
        assert found.low - 10 <= true <= found.high + 10
    assert [r.player for r in rate(games, resamples=5)] == ["expert", "medium", "easy", "random"]


def test_ties_count_half_and_one_players_own_seats_are_not_compared() -> None:
    game = GameResult(("medium", "random", "random", "easy"), (1, 3, 3, 2))
    wins = pairwise([game])
    assert wins["medium", "random"] == 2.0 and wins["easy", "random"] == 2.0
    assert ("random", "random") not in wins
    tie = GameResult(("a", "random"), (1, 1))
    assert pairwise([tie]) == {("a", "random"): 0.5, ("random", "a"): 0.5}


def test_a_player_who_always_wins_stays_finite_and_the_anchor_must_play() -> None:
    games = [GameResult(("expert", "random"), (1, 2))] * 20
    elo = fit(games)["expert"]
    assert (
        300 < elo < 1000
        and expected_score({"expert": elo, "random": 0.0}, "expert", "random") > 0.9
    )
    with pytest.raises(PegraceError, match="anchor"):
        fit([GameResult(("easy", "medium"), (1, 2))])
