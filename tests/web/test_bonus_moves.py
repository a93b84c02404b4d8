"""A bonus move in a web game (issue 57): Parchís grants a move of 20 after a capture with no
roll. The state says so (``bonus``), the same seat moves again, the log says the move was a
bonus, and the store, a restarted server and the record replay it."""

from __future__ import annotations

from pathlib import Path

from webclient import Json, WebSocketTestSession, act, hello, new_game, next_of, running

from pegrace.games import get_rules
from pegrace.record import Record, replay

SEATS = {"yellow": "human", "blue": "human", "red": "human", "green": "human"}
MOST_STATES = 4000


def to_a_bonus(ws: WebSocketTestSession, state: Json) -> Json:
    """Played on, each seat's first listed move, to the first bonus move due."""
    for _ in range(MOST_STATES):
        if state["bonus"]:
            return state
        act(ws, state)
        state = next_of(ws, "state")
    raise AssertionError("no capture in the game")


def test_a_capture_grants_a_bonus_move_of_20_that_is_logged_stored_and_replayed(
    tmp_path: Path,
) -> None:
    db = tmp_path / "games.sqlite3"
    with running(db) as client:
        created = new_game(client, game="parchis", seats=SEATS, seed=57)
        with client.websocket_connect(f"/ws/{created['id']}") as ws:
            _, state = hello(ws, list(created["tokens"].values()))
            state = to_a_bonus(ws, state)
            captured = state["last"]
            assert captured["captured"] == 1 and captured["move"]
            assert state["bonus"] == 20 and state["phase"] == "move"
            assert state["current"] == captured["colour"], "the capturer moves the bonus"
            if not state["forced_pass"]:
                act(ws, state)
                after = next_of(ws, "state")
                entry = after["last"]
                assert entry["roll"] is None and entry["colour"] == captured["colour"]
                assert entry["said"]["t"] == "{move} (a bonus of {count})"
                assert entry["said"]["a"]["count"] == 20
        record = Record.from_json(client.get(f"/api/games/{created['id']}/record").json())
        shown = client.get(f"/api/games/{created['id']}").json()
    _, states = replay(record)
    rules = get_rules("parchis", 4)
    assert [rules.bonus(s) for s in states].count(20) == 1, "the record replays the bonus"
    with running(db) as client:  # a restarted server plays the stored events again
        again = client.get(f"/api/games/{created['id']}").json()
        assert again["log"][-1] == shown["log"][-1]
