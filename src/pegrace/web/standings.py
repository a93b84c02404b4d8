"""What a finished game leaves its profiles (issue 54): each profile's place, captures and
whether it played people or computers, and in a rated game the new ratings (OpenSkill's
Plackett-Luce model: any number of sides, a side of several people as Marbles' teams are).
A game is rated when its creator asked for it and, at its end, every seat is a signed-in
person's, each side one person's or a team's, no person on two sides. Computer levels sit on
the same scale at fixed ratings drawn from their measured Elo (ratings.json, docs/ai.md), so
a person reads which level they play like."""

from __future__ import annotations

import math
import time
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from openskill.models import PlackettLuce

from pegrace.engine import Rules
from pegrace.state import State
from pegrace.web import profilestore as kept
from pegrace.web.gamestore import GameStore
from pegrace.web.settings import ratings

if TYPE_CHECKING:
    from pegrace.web.protocol import LogEntry

MODEL = PlackettLuce()
# Elo points to OpenSkill's mu: a difference of D Elo points wins 1 / (1 + 10^(-D/400)) of
# two-player games; OpenSkill's, Phi(d / sqrt(2) beta) for a difference d of mu once sigma is
# small. The logistic curve is the normal one scaled by 1.702, so d = D ln10/400/1.702 *
# sqrt(2) beta. The computer level 'medium' sits at the newcomer's mu.
MU_PER_ELO = math.log(10) / 400 / 1.702 * math.sqrt(2) * MODEL.beta
ANCHOR = "medium"


def game_results(
    game_id: str,
    rules: Rules,
    state: State,
    log: list[LogEntry],
    kinds: dict[str, str],
    profiles: dict[str, str],
) -> list[kept.Result]:
    """Each profile's seat in the finished game, unrated."""
    places = rules.outcome(state).places
    captures = {colour: 0 for colour in rules.colours}
    for entry in log:
        captures[entry["colour"]] = captures.get(entry["colour"], 0) + entry["captured"]
    people = all(not kind.startswith("computer") for kind in kinds.values())
    ended = time.time()
    return [
        kept.Result(
            game_id,
            colour,
            profile,
            rules.name,
            places[rules.sides[rules.seat_of(colour)]],
            rules.players,
            captures[colour],
            people,
            rated=False,
            mu=None,
            sigma=None,
            ended=ended,
        )
        for colour, profile in sorted(profiles.items())
    ]


def sides_of(rules: Rules, profiles: dict[str, str]) -> list[list[str]] | None:
    """The profiles of each side, if the game can be rated: every seat a profile's, no profile
    on two sides."""
    if set(profiles) != set(rules.colours):
        return None
    sides: dict[int, list[str]] = {}
    for colour in rules.colours:
        side = sides.setdefault(rules.sides[rules.seat_of(colour)], [])
        if profiles[colour] not in side:
            side.append(profiles[colour])
    every = [p for side in sides.values() for p in side]
    if len(every) != len(set(every)) or len(sides) < 2:
        return None
    return [sides[s] for s in sorted(sides)]


def rated(
    results: list[kept.Result], sides: list[list[str]], before: dict[str, Any]
) -> list[kept.Result]:
    """The results with each profile's new rating; ``before``: each profile's (mu, sigma)."""
    place_of = {r.profile: r.place for r in results}
    teams = [
        [MODEL.rating(*before[p]) if p in before else MODEL.rating() for p in side]
        for side in sides
    ]
    ranks = [float(place_of[side[0]]) for side in sides]
    after = MODEL.rate(teams, ranks=ranks)
    new = {
        profile: (float(r.mu), float(r.sigma))
        for side, team in zip(sides, after, strict=True)
        for profile, r in zip(side, team, strict=True)
    }
    return [replace(r, rated=True, mu=new[r.profile][0], sigma=new[r.profile][1]) for r in results]


def record_end(
    store: GameStore,
    game_id: str,
    rules: Rules,
    state: State,
    log: list[LogEntry],
    kinds: dict[str, str],
) -> bool:
    """The finished game's results (and ratings) stored, once (in the store's thread)."""
    profiles = kept.seat_profiles(store, game_id)
    if not profiles:
        return False
    results = game_results(game_id, rules, state, log, kinds, profiles)
    sides = sides_of(rules, profiles) if kept.is_rated(store, game_id) else None
    if sides is not None:
        before = kept.latest_ratings(store, sorted(set(profiles.values())), rules.name)
        results = rated(results, sides, before)
    return kept.add_results(store, results)


def computer_ratings(game: str) -> dict[str, float]:
    """Each computer level's mu on the people's scale in ``game`` (none for a game whose
    levels are not rated yet)."""
    rated = ratings()["games"].get(game, {}).get("ratings", [])
    measured = {r["player"]: float(r["elo"]) for r in rated}
    anchor = measured.get(ANCHOR, 0.0)
    return {player: MODEL.mu + (elo - anchor) * MU_PER_ELO for player, elo in measured.items()}


def plays_like(game: str, mu: float) -> str | None:
    """The strongest computer level a rating of ``mu`` is at least, if any."""
    levels = computer_ratings(game)
    below = [(level_mu, level) for level, level_mu in levels.items() if level_mu <= mu]
    return max(below)[1] if below else None


def player_view(store: GameStore, profile: kept.Profile) -> dict[str, Any]:
    """A profile's page (/api/players/NAME): its games newest first, and per game its stats
    against people and against computers, its rating with its uncertainty and its course."""
    results = kept.results_of(store, profile.id)
    games: dict[str, dict[str, Any]] = {}
    for result in reversed(results):  # oldest first: the rating's course in order
        game = games.setdefault(result.game_name, {"people": tally(), "computers": tally(),
                                                   "rating": None, "course": []})  # fmt: skip
        count(game["people" if result.people else "computers"], result)
        if result.rated and result.mu is not None and result.sigma is not None:
            if not game["course"]:  # it starts where every newcomer does
                game["course"].append({"at": None, "mu": MODEL.mu, "sigma": MODEL.sigma})
            game["rating"] = rating_view(result.game_name, result.mu, result.sigma)
            game["course"].append({"at": result.ended, "mu": result.mu, "sigma": result.sigma})
    for game in games.values():
        for side in ("people", "computers"):
            tallied = game[side]
            tallied["average_place"] = (tallied.pop("places") / tallied["played"]
                                        if tallied["played"] else None)  # fmt: skip
    return {
        "name": profile.name,
        "games": games,
        "played": [kept.result_json(r) for r in results[:GAMES_SHOWN]],
    }


GAMES_SHOWN = 100  # a player's page lists their newest games, this many


def tally() -> dict[str, Any]:
    return {"played": 0, "won": 0, "places": 0, "captures": 0}


def count(tallied: dict[str, Any], result: kept.Result) -> None:
    tallied["played"] += 1
    tallied["won"] += result.place == 1
    tallied["places"] += result.place
    tallied["captures"] += result.captures


def rating_view(game: str, mu: float, sigma: float) -> dict[str, Any]:
    """A rating as shown: mu with its uncertainty, the conservative rating (mu - 3 sigma) the
    leaderboard sorts by, and the computer level it plays like."""
    return {"mu": mu, "sigma": sigma, "ordinal": mu - 3 * sigma, "plays_like": plays_like(game, mu)}


def leaderboard_view(store: GameStore, game: str) -> dict[str, Any]:
    """A game's leaderboard (/api/leaderboard/GAME): the rated people, and the computer levels
    on the same scale."""
    return {
        "game": game,
        "players": [
            {"name": name, **rating_view(game, float(mu), float(sigma)), "games": int(n)}
            for name, mu, sigma, n in kept.leaderboard(store, game)
        ],
        "computers": computer_ratings(game),
    }
