"""The places a game settles as it goes (issue 52, item 2), as data in what the page is sent:
a log entry's ``placed`` (the sides its event settled) and ``captured`` (the opponent pieces
its move captured), and a state's ``places`` (all settled so far); a restarted server's log
says the same."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from pegrace.games import get_rules
from pegrace.i18n import said_from_json
from pegrace.record import replay
from pegrace.web.hub import GameHub
from pegrace.web.session import GameSession
from pegrace.web.settings import parse_settings
from pegrace.web.store import Store
from pegrace.web.views import placed

THREE = {"red": "human", "yellow": "human", "green": "human"}  # Trouble plays on by default
BASE = -1  # a race game's piece in its base (notation: "base")


class Inbox:
    """A client that drops what it is sent."""

    key = "127.0.0.1"

    async def send_text(self, data: str) -> None:
        await asyncio.sleep(0)


async def play_out(session: GameSession, tokens: dict[str, str]) -> list[dict[str, Any]]:
    """Play every seat (the first listed move) to the end; the state view after each event."""
    inbox = Inbox()
    await session.receive(inbox, json.dumps({"type": "hello", "tokens": list(tokens.values())}))
    views: list[dict[str, Any]] = []
    while True:
        view = dict(session.views.state_view([]))
        views.append(view)
        if view["phase"] == "over":
            return views
        if view["phase"] == "move":
            move = {"type": "move", "move": view["moves"][0]["text"]}
            await session.receive(inbox, json.dumps(move))
        else:
            await session.receive(inbox, '{"type": "roll"}')


def test_a_game_that_plays_on_says_each_place_as_it_is_settled(tmp_path: Path) -> None:
    async def play() -> None:
        store = Store(tmp_path / "games.sqlite3")
        hub = GameHub(store, computer_delay=0.0)
        settings, rules = parse_settings({"game": "trouble", "seed": 3, "seats": THREE})
        session, tokens = await hub.create(settings, rules)
        views = await play_out(session, tokens)
        log = list(session.log)
        game_id = session.id
        await hub.close()

        placed = [entry for entry in log if entry["placed"]]
        # each finisher's last move settles its place, in order: 1st, then 2nd (the 3rd
        # follows from the rest: the game is over then)
        assert [(e["colour"], e["placed"]) for e in placed] == [
            (e["colour"], [{"side": e["colour"], "place": n, "out": False}])
            for n, e in enumerate(placed, 1)
        ]
        assert len(placed) == 2 and all(e["move"] for e in placed)
        assert "finish" in str(said_from_json(placed[0]["said"]))
        first, second = placed[0]["seq"], placed[1]["seq"]
        # the state after each event holds the places settled so far
        for seq, view in enumerate(views):
            settled = [e["placed"][0] for e in placed if e["seq"] <= seq]
            assert view["places"] == settled, seq
        assert views[first]["phase"] != "over" and views[second]["phase"] == "over"
        outcome = views[-1]["outcome"]
        assert {p["side"]: p["place"] for p in views[-1]["places"]}.items() <= outcome[
            "places"
        ].items()

        # a restarted server (the game loaded from the store) logs the same
        again = GameHub(Store(tmp_path / "games.sqlite3"), computer_delay=0.0)
        loaded = await again.get(game_id)
        assert loaded.log == log
        await again.close()
        store.close()

    asyncio.run(play())


def test_a_moves_captures_are_the_opponent_pieces_it_sent_back_to_base(tmp_path: Path) -> None:
    async def play() -> None:
        store = Store(tmp_path / "games.sqlite3")
        hub = GameHub(store, computer_delay=0.0)
        settings, rules = parse_settings({"game": "trouble", "seed": 3, "seats": THREE})
        session, tokens = await hub.create(settings, rules)
        await play_out(session, tokens)
        _, states = replay(session.views.record())
        log = list(session.log)
        await hub.close()
        store.close()

        for entry, before, after in zip(log, states, states[1:], strict=False):
            mover = rules.colours.index(entry["colour"])
            sent_back = sum(
                max(0, now.count(BASE) - was.count(BASE))
                for seat, (was, now) in enumerate(zip(before.pieces, after.pieces, strict=True))
                if seat != mover
            )
            assert entry["captured"] == (sent_back if entry["move"] else 0), entry
        assert sum(entry["captured"] for entry in log) > 0  # the game had captures to count

    asyncio.run(play())


def test_a_side_out_of_the_game_takes_a_bottom_place_and_is_said_out() -> None:
    rules = get_rules("headache", 3, {})
    start = rules.initial_state()
    assert placed(rules, start) == []
    state = start._replace(finished=(1,), out=(2,))
    assert placed(rules, state) == [
        {"side": "yellow", "place": 1, "out": False},
        {"side": "green", "place": 3, "out": True},
    ]
    # those already settled before an event are not said again
    assert placed(rules, state, settled={1: 1}) == [{"side": "green", "place": 3, "out": True}]


def test_a_team_is_placed_once_both_partners_are_in() -> None:
    rules = get_rules("marbles", 4, {"teams": "on"})
    start = rules.initial_state()
    assert placed(rules, start._replace(finished=(0,))) == []  # red in, green not yet
    assert placed(rules, start._replace(finished=(0, 2))) == [
        {"side": "red+green", "place": 1, "out": False}
    ]
