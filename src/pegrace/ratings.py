"""Ratings of players on one scale per game: a Bradley-Terry model fitted to multi-player
games (each game counts as a win for every player placed above another, half a win each for
a tie), shown as Elo points (400 points: ten times the odds of finishing ahead), anchored so
that the random player is 0, with 95% intervals from resampling the games (a bootstrap)."""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pegrace.errors import PegraceError, saying
from pegrace.i18n import said

ELO = 400 / math.log(10)  # Elo points per unit of log strength
ANCHOR = "random"


@dataclass(frozen=True)
class GameResult:
    """Who played (one entry per seat or side) and their places (1 is first)."""

    players: tuple[str, ...]
    places: tuple[int, ...]


def pairwise(results: Sequence[GameResult]) -> dict[tuple[str, str], float]:
    """``(a, b) -> wins of a over b`` over all games (ties half each); pairs of the same
    player (two seats of one level) are left out."""
    wins: dict[tuple[str, str], float] = {}
    for game in results:
        for i, a in enumerate(game.players):
            for j, b in enumerate(game.players):
                if a == b:
                    continue
                won = (
                    1.0
                    if game.places[i] < game.places[j]
                    else 0.5
                    if game.places[i] == (game.places[j])
                    else 0.0
                )
                wins[a, b] = wins.get((a, b), 0.0) + won
    return wins


def fit(
    results: Sequence[GameResult], anchor: str = ANCHOR, rounds: int = 2000
) -> dict[str, float]:
    """Each player's Elo rating (``anchor`` at 0), by Hunter's MM iterations for the
    Bradley-Terry model. One drawn game of each player against the anchor is added (a weak
    prior), which keeps a player who won or lost every comparison finite."""
    wins = pairwise(results)
    players = sorted({p for pair in wins for p in pair})
    if anchor not in players:
        # TRANSLATORS: {anchor} is a player as typed, quoted: the one rated 0
        missing = said("ratings: no game has the anchor player {anchor}", anchor=repr(anchor))
        raise saying(PegraceError, missing)
    for player in players:
        if player != anchor:
            wins[player, anchor] = wins.get((player, anchor), 0.0) + 0.5
            wins[anchor, player] = wins.get((anchor, player), 0.0) + 0.5
    met = {(a, b): wins.get((a, b), 0.0) + wins.get((b, a), 0.0) for a in players for b in players}
    won = {a: sum(wins.get((a, b), 0.0) for b in players) for a in players}
    strength = dict.fromkeys(players, 1.0)
    for _ in range(rounds):
        new = {
            a: won[a]
            / sum(met[a, b] / (strength[a] + strength[b]) for b in players if b != a and met[a, b])
            for a in players
        }
        scale = new[anchor]
        change = max(abs(math.log(new[a] / scale / strength[a])) for a in players)
        strength = {a: new[a] / scale for a in players}
        if change < 1e-10:
            break
    return {a: ELO * math.log(strength[a]) for a in players}


@dataclass(frozen=True)
class Rating:
    player: str
    elo: float
    low: float
    high: float
    games: int


def rate(
    results: Sequence[GameResult], resamples: int = 200, seed: int = 0, anchor: str = ANCHOR
) -> list[Rating]:
    """Ratings, best first, each with the 2.5th and 97.5th percentiles of ``resamples`` fits
    to the games drawn again with replacement."""
    point = fit(results, anchor)
    rng = random.Random(seed)
    draws: dict[str, list[float]] = {p: [] for p in point}
    for _ in range(resamples):
        sample = [results[rng.randrange(len(results))] for _ in results]
        try:
            fitted = fit(sample, anchor, rounds=500)
        except PegraceError:
            continue  # the anchor was not drawn (only in tiny samples)
        for player, elo in fitted.items():
            draws[player].append(elo)
    counts = {p: sum(1 for g in results if p in g.players) for p in point}
    found = []
    for player, elo in point.items():
        values = sorted(draws[player]) or [elo]
        low = values[int(0.025 * (len(values) - 1))]
        high = values[int(0.975 * (len(values) - 1))]
        found.append(Rating(player, elo, low, high, counts[player]))
    return sorted(found, key=lambda r: -r.elo)


def expected_score(ratings: Mapping[str, float], a: str, b: str) -> float:
    """The model's chance that ``a`` finishes ahead of ``b``."""
    return 1 / (1 + 10 ** ((ratings[b] - ratings[a]) / 400))
