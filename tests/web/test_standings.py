"""What a finished game leaves its profiles (issue 54, items 2 and 3), in SQLite and
PostgreSQL alike: each profile's result, the OpenSkill ratings of a rated game (a winner up,
a loser down, both surer), stored once whichever server sees the end, a team's ratings, an
unrated game when a seat is nobody's profile, a player's page and a game's leaderboard, and
the computer levels on the people's scale."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pegrace.match import run_game
from pegrace.web import profilestore as kept
from pegrace.web import standings
from pegrace.web.gamestore import GameStore
from pegrace.web.settings import parse_settings
from pegrace.web.storecopy import copy_games
from pegrace.web.stores import open_store


@pytest.fixture
def store(where: Path | str) -> Any:
    opened = open_store(where)
    yield opened
    opened.close()


def profile(store: GameStore, name: str) -> str:
    key = kept.Passkey(f"key-{name}", "", "cose", 0)
    made = kept.create_profile(store, name, name.casefold(), key)
    assert made is not None
    return made


def finished(store: GameStore, game_id: str, seats: dict[str, str], seed: int, **body: Any) -> Any:
    """A game stored with ``seats`` and played to its end by computers (its seats' people
    are what the store says: the computers only make the moves)."""
    settings, rules = parse_settings({"game": "trouble", "players": len(seats), "seats": seats,
                                      **body})  # fmt: skip
    store.create_game(game_id, settings, {})
    players = dict.fromkeys(rules.colours, "random")
    return rules, run_game(rules, players, seed).state


def test_a_rated_game_moves_the_winner_up_and_the_loser_down(store: GameStore) -> None:
    ann, bob = profile(store, "Ann"), profile(store, "Bob")
    seats = {"red": "human", "green": "open"}
    rules, state = finished(store, "g1", seats, seed=3)
    kept.seat_profile(store, "g1", ["red"], ann)
    kept.seat_profile(store, "g1", ["green"], bob)
    kept.mark_rated(store, "g1")
    assert standings.record_end(store, "g1", rules, state, [], seats)
    assert not standings.record_end(store, "g1", rules, state, [], seats)  # once only
    results = {r.profile: r for r in kept.results_of(store, ann) + kept.results_of(store, bob)}
    winner = next(p for p, r in results.items() if r.place == 1)
    loser = next(p for p, r in results.items() if r.place == 2)
    newcomer = standings.MODEL.rating()
    assert results[winner].mu > newcomer.mu > results[loser].mu
    assert all(r.rated and r.people and r.sigma < newcomer.sigma for r in results.values())
    # the next rated game starts from these ratings
    rules, state = finished(store, "g2", seats, seed=4)
    kept.seat_profile(store, "g2", ["red"], ann)
    kept.seat_profile(store, "g2", ["green"], bob)
    kept.mark_rated(store, "g2")
    standings.record_end(store, "g2", rules, state, [], seats)
    second = {
        r.profile: r for r in kept.results_of(store, ann)[:1] + kept.results_of(store, bob)[:1]
    }
    assert all(second[p].sigma < results[p].sigma for p in (ann, bob))


def test_a_game_with_a_seat_of_nobodys_profile_is_not_rated(store: GameStore) -> None:
    ann = profile(store, "Ann")
    seats = {"red": "human", "green": "open"}
    rules, state = finished(store, "g1", seats, seed=5)
    kept.seat_profile(store, "g1", ["red"], ann)
    kept.mark_rated(store, "g1")
    standings.record_end(store, "g1", rules, state, [], seats)
    (result,) = kept.results_of(store, ann)
    assert not result.rated and result.mu is None


def test_games_against_computers_count_apart_and_the_page_tallies_them(store: GameStore) -> None:
    ann = profile(store, "Ann")
    seats = {"red": "human", "green": "computer:easy"}
    for number in range(3):
        rules, state = finished(store, f"c{number}", seats, seed=number)
        kept.seat_profile(store, f"c{number}", ["red"], ann)
        standings.record_end(store, f"c{number}", rules, state, [], seats)
    found = kept.profile_of(store, ann)
    assert found is not None
    view = standings.player_view(store, found)
    trouble = view["games"]["trouble"]
    assert trouble["computers"]["played"] == 3 and trouble["people"]["played"] == 0
    places = [r["place"] for r in view["played"]]
    assert trouble["computers"]["won"] == places.count(1)
    assert trouble["computers"]["average_place"] == pytest.approx(sum(places) / 3)
    assert trouble["rating"] is None and [r["game"] for r in view["played"]] == ["c2", "c1", "c0"]


def test_teams_are_rated_together_and_the_leaderboard_orders_people_and_computers(
    store: GameStore,
) -> None:
    names = ["Ann", "Bob", "Cat", "Dan"]
    ids = [profile(store, name) for name in names]
    people = dict.fromkeys(("red", "yellow", "green", "blue"), "human")
    body = {"game": "marbles", "players": 4, "seats": people, "options": {"teams": "on"}}
    settings, rules = parse_settings(body)
    store.create_game("m1", settings, {})
    state = run_game(rules, dict.fromkeys(rules.colours, "random"), 7).state
    for colour, person in zip(rules.colours, ids, strict=True):
        kept.seat_profile(store, "m1", [colour], person)
    kept.mark_rated(store, "m1")
    standings.record_end(store, "m1", rules, state, [], dict(settings.seats))
    results = [kept.results_of(store, person)[0] for person in ids]
    assert all(r.rated for r in results)
    by_place: dict[int, set[float]] = {}
    for r in results:
        assert r.mu is not None
        by_place.setdefault(r.place, set()).add(round(r.mu, 9))
    assert sorted(by_place) == [1, 2]  # two sides, each its two partners
    assert max(by_place[1]) > 25 > min(by_place[2])
    board = standings.leaderboard_view(store, "marbles")
    ordinals = [p["ordinal"] for p in board["players"]]
    assert ordinals == sorted(ordinals, reverse=True) and len(ordinals) == 4
    assert board["computers"]["medium"] == pytest.approx(standings.MODEL.mu)
    assert (
        board["computers"]["expert"] > board["computers"]["medium"] > board["computers"]["random"]
    )


def test_a_rating_says_which_computer_level_it_plays_like() -> None:
    levels = standings.computer_ratings("trouble")
    assert standings.plays_like("trouble", levels["hard"] + 0.01) == "hard"
    assert standings.plays_like("trouble", levels["random"] - 1) is None


def test_a_game_whose_levels_are_not_rated_yet_says_no_level(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A game whose computer levels have no ratings yet (tools/ratings.py has not rated it): a
    person's page says no level they play like, and does not fail."""
    shipped = standings.ratings()
    unrated = {**shipped, "games": {k: v for k, v in shipped["games"].items() if k != "parchis"}}
    monkeypatch.setattr(standings, "ratings", lambda: unrated)
    assert standings.computer_ratings("parchis") == {}
    assert standings.plays_like("parchis", 40.0) is None


def test_a_store_copy_takes_the_profiles_with_their_passkeys_and_results(
    tmp_path: Path, pg_url: str
) -> None:
    source = open_store(tmp_path / "games.sqlite3")
    ann, bob = profile(source, "Ann"), profile(source, "Bob")
    seats = {"red": "human", "green": "open"}
    rules, state = finished(source, "g1", seats, seed=3)
    kept.seat_profile(source, "g1", ["red"], ann)
    kept.seat_profile(source, "g1", ["green"], bob)
    kept.mark_rated(source, "g1")
    standings.record_end(source, "g1", rules, state, [], seats)
    kept.sign_in(source, ann, "session", 60.0)
    target = open_store(pg_url)
    try:
        copied = copy_games(source, target)
        assert copied.games == 1 and copied.profiles == 2
        for table in kept.COPIED_TABLES:
            rows = [
                sorted(store.query(f"SELECT * FROM {table}"), key=repr)
                for store in (source, target)
            ]
            assert rows[0] == rows[1], table
            assert rows[0] or table in ("turn_due", "notices"), table  # a live game's none
    finally:
        source.close(), target.close()
