"""Live games over a real WebSocket: a restarted server resumes every game exactly, idle seats
are played by the computer until their person returns, and two messages never interleave."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from webclient import (
    Json,
    TestClient,
    WebSocketTestSession,
    act,
    hello,
    new_game,
    next_of,
    receive_until,
    running,
    send,
    without_seats,
)

from pegrace import boards
from pegrace.record import Record, replay
from pegrace.state import Phase
from pegrace.web.hub import FINISHED_KEPT, GameHub
from pegrace.web.session import GameSession
from pegrace.web.settings import catalog, parse_settings
from pegrace.web.store import Store, StoreError

SEATS = {"red": "human", "blue": "computer:medium", "green": "human", "yellow": "computer:random"}
HUMANS = ("red", "green")


def play_events(ws: WebSocketTestSession, state: Json, until_seq: int) -> Json:
    """Play the human seats (the second listed move each time) until at least ``until_seq``
    events are played and a human seat is to act (so the computer seats wait)."""
    while state["seq"] < until_seq or state["current"] not in HUMANS or state["forced_pass"]:
        if state["current"] in HUMANS:
            act(ws, state, pick=1)
        state = next_of(ws, "state")
    return state


@contextmanager
def two_people(client: TestClient) -> Iterator[tuple[Json, WebSocketTestSession, Json]]:
    """A 2-player Trouble game of people, both seats held by one connection: the answer to
    creating it, the connection and the first state."""
    created = new_game(client, game="trouble", seats={"red": "human", "green": "human"})
    with client.websocket_connect(f"/ws/{created['id']}") as ws:
        _, state = hello(ws, list(created["tokens"].values()))
        yield created, ws, state


def played_log(client: TestClient, game_id: str) -> list[Json]:
    log: list[Json] = client.get(f"/api/games/{game_id}").json()["log"]
    return log


@pytest.mark.parametrize("game", ["trouble", "ludo", "headache", "marbles"])
def test_a_restarted_server_resumes_the_game_exactly(tmp_path: Path, game: str) -> None:
    """Half a game, a restart, the other half: the same events (rolls, computer choices)
    as the same seed and the same human choices played without a restart."""
    fields = {"game": game, "seats": SEATS, "seed": 21}
    with running(tmp_path / "ref.sqlite3") as client:
        ref = new_game(client, **fields)
        with client.websocket_connect(f"/ws/{ref['id']}") as ws:
            _, state = hello(ws, list(ref["tokens"].values()))
            play_events(ws, state, 120)
        reference = played_log(client, ref["id"])
    db = tmp_path / "games.sqlite3"
    with running(db) as client:
        created = new_game(client, **fields)
        tokens = list(created["tokens"].values())
        with client.websocket_connect(f"/ws/{created['id']}") as ws:
            _, state = hello(ws, tokens)
            before = play_events(ws, state, 60)
    with running(db) as client:  # a new app on the same store
        with client.websocket_connect(f"/ws/{created['id']}") as ws:
            _, state = hello(ws, tokens)
            assert without_seats(state) == without_seats(before)
            play_events(ws, state, 120)
        resumed = played_log(client, created["id"])
    assert len(resumed) >= 120 and resumed[:120] == reference[:120]


def test_the_store_holds_every_event_as_it_happens(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    with running(db) as client, two_people(client) as (created, ws, state):
        last = play_events(ws, state, 7)
        # read by another connection while the server runs: nothing waits for a shutdown
        store = Store(db)
        stored = store.load_game(created["id"])
        store.close()
        log = played_log(client, created["id"])
    assert stored is not None
    assert [(e.seq, e.colour, e.move, e.actor) for e in stored.events] == [
        (entry["seq"], entry["colour"], entry["move"], entry["by"]) for entry in log
    ]
    assert len(log) == last["seq"] >= 7


def test_a_tampered_roll_is_found_when_the_game_is_resumed(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    with running(db) as client, two_people(client) as (created, ws, first):
        state = play_events(ws, first, 5)
        while state["phase"] != "move":  # the last event a roll
            act(ws, state)
            state = next_of(ws, "state")
    last = state["seq"]
    with sqlite3.connect(db) as raw:
        (roll,) = raw.execute("SELECT roll FROM events WHERE seq = ?", (last,)).fetchone()
        # a roll the checked engine accepts (nothing follows it) but the seeded dice never drew
        raw.execute("UPDATE events SET roll = ? WHERE seq = ?", (str(int(roll) % 6 + 1), last))
    raw.close()
    with running(db) as client:
        answer = client.get(f"/api/games/{created['id']}")
        assert answer.status_code == 500
        assert (
            f"event {last}: stored roll {int(roll) % 6 + 1} but the seeded dice give {roll}"
            in (answer.json()["error"])
        )


@contextmanager
def red_taken_over(
    tmp_path: Path, idle_seconds: float
) -> Iterator[tuple[Json, WebSocketTestSession]]:
    """Red (a person who does nothing) against a computer: yields once the computer has
    played one of red's events; the answer to creating the game and red's connection."""
    with running(tmp_path / "games.sqlite3", computer_delay=0.02) as client:
        seats = {"red": "human", "green": "computer:random"}
        created = new_game(client, game="trouble", seats=seats, idle_seconds=idle_seconds, seed=9)
        with client.websocket_connect(f"/ws/{created['id']}") as ws:
            hello(ws, [created["tokens"]["red"]])
            receive_until(ws, lambda m: m["type"] == "seats" and m["seats"]["red"]["takeover"])
            taken = receive_until(
                ws, lambda m: m["type"] == "state" and m["last"]["colour"] == "red"
            )
            assert taken["last"]["by"] == "takeover"
            yield created, ws


def test_an_idle_seat_is_played_by_the_computer_until_its_person_returns(tmp_path: Path) -> None:
    # the person then has 2 s to act each time, far more than a message takes
    with red_taken_over(tmp_path, idle_seconds=2.0) as (created, ws):
        _, state = hello(ws, [created["tokens"]["red"]])  # the person is back
        assert not state["seats"]["red"]["takeover"]
        red_events: list[str] = []
        while len(red_events) < 6 and state["phase"] != "over":
            if state["current"] == "red":
                act(ws, state)
            state = next_of(ws, "state")
            if state["last"]["colour"] == "red":
                red_events.append(state["last"]["by"])
    assert red_events == ["human"] * len(red_events) and red_events


def test_a_ping_does_not_count_as_returning(tmp_path: Path) -> None:
    with red_taken_over(tmp_path, idle_seconds=0.2) as (_, ws):
        send(ws, type="ping")
        taken = receive_until(ws, lambda m: m["type"] == "state" and m["last"]["colour"] == "red")
        assert taken["last"]["by"] == "takeover"
        assert taken["seats"]["red"]["takeover"]


class Inbox:
    """A client that keeps what it is sent."""

    def __init__(self, key: str = "127.0.0.1") -> None:
        self.messages: list[Json] = []
        self.key = key  # the address the limits count it by

    async def send_text(self, data: str) -> None:
        self.messages.append(json.loads(data))
        await asyncio.sleep(0)  # let other tasks run mid-broadcast, as a real socket may


def test_two_messages_at_once_never_interleave(tmp_path: Path) -> None:
    """The same seat on two connections, both rolling at the same moment: one roll counts and
    the other is told the seat must now move."""

    async def race() -> tuple[GameSession, Inbox, Inbox]:
        store = Store(tmp_path / "games.sqlite3")
        hub = GameHub(store, computer_delay=0.0)
        settings, rules = parse_settings(
            {"game": "ludo", "seats": {"red": "human", "yellow": "human"}, "seed": 3}
        )
        game, tokens = await hub.create(settings, rules)
        one, two = Inbox(), Inbox()
        hello_message = json.dumps({"type": "hello", "tokens": list(tokens.values())})
        await game.receive(one, hello_message)
        await game.receive(two, hello_message)
        while game.state.phase != Phase.ROLL:
            await game.receive(one, '{"type": "roll"}')
        before = len(game.events)
        await asyncio.gather(
            game.receive(one, '{"type": "roll"}'), game.receive(two, '{"type": "roll"}')
        )
        assert len(game.events) == before + 1
        await hub.close()
        store.close()
        return game, one, two

    game, one, two = asyncio.run(race())
    assert game.state.phase == Phase.MOVE
    errors = [m["message"] for m in one.messages + two.messages if m["type"] == "error"]
    assert len(errors) == 1 and "must move" in errors[0]
    _, states = replay(game.views.record())
    assert states[-1] == game.state


def test_every_state_sent_shows_the_seats_and_pieces_as_they_are_now(tmp_path: Path) -> None:
    """The seats' and pieces' JSON is kept from one message to the next: it must still follow
    every move, and every connection coming and going."""

    def seats(message: Json) -> dict[str, bool]:
        return {colour: seat["connected"] for colour, seat in message["seats"].items()}

    async def play() -> None:
        store = Store(tmp_path / "games.sqlite3")
        hub = GameHub(store, computer_delay=0.0)
        settings, rules = parse_settings(
            {"game": "trouble", "seed": 5, "seats": {"red": "human", "green": "human"}}
        )
        game, tokens = await hub.create(settings, rules)
        red, green = Inbox(), Inbox()
        await game.receive(red, json.dumps({"type": "hello", "tokens": [tokens["red"]]}))
        assert seats(json.loads(game.views.state_message(full_log=True))) == {
            "red": True,
            "green": False,
        }
        await game.receive(green, json.dumps({"type": "hello", "tokens": [tokens["green"]]}))
        assert seats(json.loads(game.views.state_message(full_log=True))) == {
            "red": True,
            "green": True,
        }
        moved = 0
        while moved < 12:
            state = [m for m in red.messages if m["type"] == "state"][-1]
            player = red if state["current"] == "red" else green
            if state["forced_pass"]:  # the server plays it: wait for the state after it
                while [m for m in red.messages if m["type"] == "state"][-1] is state:
                    await asyncio.sleep(0.001)
            elif state["phase"] == "move":
                moved += 1
                move = {"type": "move", "move": state["moves"][-1]["text"]}
                await game.receive(player, json.dumps(move))
            else:
                await game.receive(player, '{"type": "roll"}')
            sent = red.messages[-1]
            assert sent["type"] == "state" and sent["seq"] == len(game.events)
            assert sent["pieces"] == boards.piece_spots(rules, game.state)
        await game.leave(green)
        assert seats(json.loads(game.views.state_message(full_log=True))) == {
            "red": True,
            "green": False,
        }
        await hub.close()
        store.close()

    asyncio.run(play())


@pytest.mark.parametrize("game", ["trouble", "ludo", "headache", "marbles"])
def test_the_state_sent_is_the_state_view_in_every_game(tmp_path: Path, game: str) -> None:
    """The message splices kept JSON into the view: it must read back as the view itself."""

    async def play() -> None:
        store = Store(tmp_path / "games.sqlite3")
        hub = GameHub(store, computer_delay=0.0)
        colours = next(g["colours"]["4"] for g in catalog()["games"] if g["name"] == game)
        seats = dict.fromkeys(colours, "human")
        settings, rules = parse_settings({"game": game, "seed": 8, "seats": seats})
        session, tokens = await hub.create(settings, rules)
        inbox = Inbox()
        await session.receive(inbox, json.dumps({"type": "hello", "tokens": list(tokens.values())}))
        for _ in range(60):
            sent = json.loads(session.views.state_message())
            view = json.loads(json.dumps(session.views.state_view(session.log[-1:])))
            assert 0 < sent.pop("idle_left") <= 120  # the clock, read as each is made
            assert sent == {k: v for k, v in view.items() if k != "idle_left"}
            if sent["phase"] == "over":
                break
            if sent["phase"] == "move":
                move = {"type": "move", "move": sent["moves"][0]["text"]}
                await session.receive(inbox, json.dumps(move))
            else:
                await session.receive(inbox, '{"type": "roll"}')
        await hub.close()
        store.close()

    asyncio.run(play())


@pytest.mark.parametrize("game", ["trouble", "ludo", "headache", "marbles"])
def test_moves_ending_alike_are_listed_once_and_the_log_says_where_each_move_went(
    tmp_path: Path, game: str
) -> None:
    """The page lists one move per position reached (the others' texts in ``same``, every
    legal move somewhere), and a move's log line carries its route on the board."""

    async def play() -> None:
        store = Store(tmp_path / "games.sqlite3")
        hub = GameHub(store, computer_delay=0.0)
        colours = next(g["colours"]["2"] for g in catalog()["games"] if g["name"] == game)
        settings, rules = parse_settings(
            {"game": game, "seed": 5, "seats": dict.fromkeys(colours, "human")}
        )
        session, tokens = await hub.create(settings, rules)
        inbox = Inbox()
        await session.receive(inbox, json.dumps({"type": "hello", "tokens": list(tokens.values())}))
        for turn in range(200):
            view = session.views.state_view([])
            if view["phase"] == "over":
                break
            if view["phase"] != "move":
                await session.receive(inbox, '{"type": "roll"}')
                continue
            before = session.state
            listed = [m["text"] for m in view["moves"]]
            every = sorted(t for m in view["moves"] for t in [m["text"], *m["same"]])
            assert every == sorted(m.text for m in rules.legal_moves(before))
            reached = [rules.apply_move(before, rules.parse_move(before, t)) for t in listed]
            assert len(set(reached)) == len(reached)
            last = view["moves"][
                -1
            ]  # played as listed, or (every other turn) in an order not listed
            text = last["same"][0] if last["same"] and turn % 2 else last["text"]
            played = rules.parse_move(before, text)
            await session.receive(inbox, json.dumps({"type": "move", "move": played.text}))
            steps = boards.move_view(rules, before, played)["steps"]
            entry = session.log[-1]
            assert entry["move"] == played.text
            assert [(s["from"], s["to"]) for s in entry["steps"]] == [
                (s["from"], s["to"]) for s in steps
            ]
        await hub.close()
        store.close()

    asyncio.run(play())


def test_the_same_seed_and_choices_replay_the_same_computer_game(tmp_path: Path) -> None:
    def play(db: Path) -> Record:
        with running(db) as client:
            seats = {"red": "computer:easy", "green": "computer:medium"}
            created = new_game(client, game="headache", seed=77, seats=seats)
            with client.websocket_connect(f"/ws/{created['id']}") as ws:
                send(ws, type="hello", tokens=[])
                receive_until(ws, lambda m: m["type"] == "state" and m["phase"] == "over")
            return Record.from_json(client.get(f"/api/games/{created['id']}/record").json())

    first, second = play(tmp_path / "one.sqlite3"), play(tmp_path / "two.sqlite3")
    assert first.events == second.events and first.result == second.result


def test_a_store_that_cannot_be_opened_is_named(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(StoreError, match="cannot open the game store"):
        Store(blocker / "games.sqlite3")


def test_a_finished_game_nobody_watches_leaves_memory_and_comes_back_the_same(
    tmp_path: Path,
) -> None:
    """Once nobody has asked for it in FINISHED_KEPT seconds (until then asking again costs
    no reload)."""

    async def play() -> None:
        store = Store(tmp_path / "games.sqlite3")
        hub = GameHub(store, computer_delay=0.0)
        seats = {"red": "computer:random", "green": "computer:easy"}
        settings, rules = parse_settings({"game": "marbles", "seats": seats, "seed": 8})
        finished, _ = await hub.create(settings, rules)
        assert finished.task is not None
        watcher = Inbox()
        await finished.receive(watcher, '{"type": "hello", "tokens": []}')
        await finished.task  # the computers play it to the end while somebody watches
        await finished.leave(watcher)
        await hub.create(settings, rules)
        assert (await hub.get(finished.id)) is finished  # kept a while
        finished.used -= FINISHED_KEPT + 1
        await hub.create(settings, rules)
        assert finished.id not in hub.sessions
        again = await hub.get(finished.id)
        assert again is not finished
        assert again.state == finished.state and again.log == finished.log
        assert again.events == finished.events and again.rng.getstate() == finished.rng.getstate()
        await hub.close()
        store.close()

    asyncio.run(play())
