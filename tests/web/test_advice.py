"""Advice over the web protocol: the player to move asks for a hint, anyone for the win
chances; the answers are advice.py's for the position the game is in, go to the asker alone,
and change nothing."""

from __future__ import annotations

import pytest
from webclient import (
    TWO_HUMANS,
    Json,
    TestClient,
    WebSocketTestSession,
    act,
    hello,
    new_game,
    next_of,
    send,
    without_seats,
)

from pegrace.advice import hint, learned_chances, winprob
from pegrace.games import get_rules
from pegrace.record import Record, replay
from pegrace.state import State
from pegrace.web.advising import WINPROB_STEPS


def position(client: TestClient, game_id: str) -> State:
    """The game's position now, rebuilt from its record."""
    record = Record.from_json(client.get(f"/api/games/{game_id}/record").json())
    _, states = replay(record)
    return states[-1]


def to_a_choice(ws: WebSocketTestSession, state: Json) -> Json:
    """Play (the first listed move each time) until a seat must choose among several moves."""
    while state["phase"] != "move" or len(state["moves"]) < 2:
        act(ws, state)
        state = next_of(ws, "state")
    return state


def test_the_player_to_move_gets_the_experts_move_and_nothing_changes(client: TestClient) -> None:
    created = new_game(client, game="trouble", seats=TWO_HUMANS, seed=4)
    game_id = created["id"]
    with client.websocket_connect(f"/ws/{game_id}") as ws:
        _, state = hello(ws, list(created["tokens"].values()))
        state = to_a_choice(ws, state)
        before = client.get(f"/api/games/{game_id}").json()
        send(ws, type="hint")
        answer = next_of(ws, "hint")
        assert client.get(f"/api/games/{game_id}").json()["seq"] == before["seq"]
        send(ws, type="hint")
        assert next_of(ws, "hint") == answer  # worked out once per position
    expected = hint(
        get_rules("trouble", 2), position(client, game_id), seed=f"{game_id}:{state['seq']}"
    )
    assert answer["seq"] == state["seq"] and answer["colour"] == state["current"]
    assert answer["move"] == expected.move.text
    assert answer["move"] in [move["text"] for move in state["moves"]]
    assert answer["label"] == expected.described.json()
    assert answer["why"] == expected.why_said.json()
    assert answer["depth"] >= 1


def test_a_hint_is_only_for_the_seat_to_move(client: TestClient) -> None:
    created = new_game(client, game="trouble", seats=TWO_HUMANS, seed=4)
    tokens, path = created["tokens"], f"/ws/{created['id']}"
    with (
        client.websocket_connect(path) as red,
        client.websocket_connect(path) as green,
        client.websocket_connect(path) as watcher,
    ):
        _, state = hello(red, [tokens["red"]])
        hello(green, [tokens["green"]])
        hello(watcher, [])
        send(red, type="hint")
        assert next_of(red, "error")["message"] == "no hint now: Red must pop first"
        send(green, type="hint")
        error = next_of(green, "error")["message"]
        assert error == "no hint now: it is Red's turn, not yours (you play Green)"
        send(watcher, type="hint")
        assert "no hint now: you are watching this game" in next_of(watcher, "error")["message"]
        after = client.get(f"/api/games/{created['id']}").json()
    assert without_seats(after) == without_seats({**state, "summary": after["summary"]})


def test_a_player_gets_the_win_chances_narrowing_and_a_watcher_the_final_answer(
    client: TestClient,
) -> None:
    created = new_game(client, game="ludo", seats={"red": "human", "yellow": "human"}, seed=9)
    game_id = created["id"]
    path = f"/ws/{game_id}"
    with client.websocket_connect(path) as ws, client.websocket_connect(path) as watcher:
        hello(watcher, [])
        send(watcher, type="winprob")  # a watcher does not start the computation
        assert "only the game's players" in next_of(watcher, "error")["message"]
        hello(ws, [created["tokens"]["red"]])
        send(ws, type="winprob")
        answers = [next_of(ws, "winprob")]
        while not answers[-1]["final"]:
            answers.append(next_of(ws, "winprob"))
        send(watcher, type="winprob")  # but is given what was worked out
        assert next_of(watcher, "winprob") == answers[-1]
    assert [a["playouts"] for a in answers] == list(WINPROB_STEPS)  # 200, then more...
    assert [a["final"] for a in answers] == [False] * (len(answers) - 1) + [True]
    widths = [sum(c["high"] - c["low"] for c in a["chances"]) for a in answers]
    assert widths == sorted(widths, reverse=True)  # ...the intervals narrowing
    rules, state = get_rules("ludo", 2), position(client, game_id)
    for answer in answers:  # each the first playouts of one run, as winprob plays them
        expected = winprob(rules, state, seed=f"{game_id}:0", playouts=answer["playouts"])
        assert [c["chance"] for c in answer["chances"]] == [c.chance for c in expected]
    answer = answers[-1]
    assert answer["seq"] == 0 and answer["player"] == "medium"
    assert [c["side"] for c in answer["chances"]] == ["red", "yellow"]
    assert sum(c["chance"] for c in answer["chances"]) == pytest.approx(1.0)
    assert all(c["low"] <= c["chance"] <= c["high"] for c in answer["chances"])
    learned = learned_chances(rules, state)  # the learned value's, in every answer
    assert learned is not None and sum(learned) == pytest.approx(1.0)
    for each in answers:
        assert [c["learned"] for c in each["chances"]] == learned


def test_a_finished_game_has_exact_win_chances(client: TestClient) -> None:
    seats = {"red": "computer:random", "green": "computer:random"}
    created = new_game(client, game="trouble", seats=seats, seed=11)
    with client.websocket_connect(f"/ws/{created['id']}") as ws:
        _, state = hello(ws, [])
        while state["phase"] != "over":
            state = next_of(ws, "state")
        send(ws, type="winprob")
        answer = next_of(ws, "winprob")
        send(ws, type="hint")
        assert next_of(ws, "error")["message"] == "no hint now: the game is over"
    (winner,) = state["outcome"]["winners"]
    assert answer["playouts"] == 0
    assert {c["side"]: c["chance"] for c in answer["chances"]} == {
        side: float(side == winner) for side in ("red", "green")
    }
    assert {c["side"]: c["learned"] for c in answer["chances"]} == {
        side: float(side == winner) for side in ("red", "green")
    }
