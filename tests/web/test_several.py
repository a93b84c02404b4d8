"""Several servers on one PostgreSQL store (two apps here, each with its own event loop and
connections, as two processes have): an event stored through one reaches the other's clients
in order; moves for one turn sent through both at once are accepted once, the other refused,
and the store's numbers have no gap (a move, not a roll: after a roll the same seat may
well roll again)."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from typing import Any

import psycopg
import pytest
from test_profiles import make_profile
from webclient import (
    LIMIT,
    TWO_HUMANS,
    TestClient,
    WebSocketTestSession,
    hello,
    new_game,
    next_of,
    receive,
    receive_until,
    running,
    send,
)

from pegrace.web.attackbench.authenticator import Authenticator
from pegrace.web.notices import Malformed, parse
from pegrace.web.pgstore import PostgresStore
from pegrace.web.stores import open_store

Json = dict[str, Any]


@pytest.fixture
def servers(pg_url: str) -> Iterator[tuple[TestClient, TestClient]]:
    with running(pg_url) as one, running(pg_url) as two:
        yield one, two


def test_an_event_stored_through_one_server_reaches_the_others_watchers(
    servers: tuple[TestClient, TestClient],
) -> None:
    one, two = servers
    game = new_game(one, game="trouble", seats=TWO_HUMANS, seed=4)
    path = f"/ws/{game['id']}"
    with one.websocket_connect(path) as player, two.websocket_connect(path) as watcher:
        _, state = hello(player, list(game["tokens"].values()))
        _, seen = hello(watcher, [])
        while state["seq"] < 12:
            if not state["forced_pass"]:
                send(player, **action(state))
            state = next_of(player, "state")
            seen = next_of(watcher, "state")
            assert (seen["seq"], seen["log"], seen["pieces"]) == (
                state["seq"],
                state["log"],
                state["pieces"],
            )


def action(state: Json) -> Json:
    if state["phase"] == "move":
        return {"type": "move", "move": state["moves"][0]["text"]}
    return {"type": "roll"}


def test_one_turn_sent_through_two_servers_at_once_is_accepted_once(
    servers: tuple[TestClient, TestClient], pg_url: str
) -> None:
    """1,000 times, over as many games as that takes: the seat's player sends its move through
    both servers at once; one is accepted, the other answered with an error (a forced pass the
    servers play, and the rolls go through one server)."""
    rounds, played, games, refusals = 1000, 0, [], []
    while played < rounds:
        game = new_game(servers[0], game="trouble", seats=TWO_HUMANS, seed=len(games))
        games.append(game["id"])
        played += race_to_the_end(servers, game, rounds - played, refusals)
    # the loser heard of the winner's move first (then it is not its turn, or the game is
    # over) or lost in the store (its event's number taken), and nothing else
    words = ("stored first by another server", "must roll first", "turn", "the game is over")
    assert all(any(word in error for word in words) for error in refusals), set(refusals)
    with open_store(pg_url) as store:
        for game_id in games:
            numbers = [event.seq for event in store.events_after(game_id, 0)]
            assert numbers == list(range(1, len(numbers) + 1))


class Seat:
    """A seat's player on one server's socket: the states it was sent, kept in order until
    the test reads them (a race's pong may come after states played on meanwhile)."""

    def __init__(self, ws: WebSocketTestSession, token: str) -> None:
        self.ws, self.kept = ws, deque([hello(ws, [token])[1]])

    def race(self, state: Json) -> list[str]:
        """Send the action the state asks for, a ping behind it; the errors it was sent."""
        send(self.ws, **action(state))
        send(self.ws, type="ping")
        errors = []
        while (message := receive(self.ws))["type"] != "pong":
            if message["type"] == "error":
                errors.append(message["message"])
            if message["type"] == "state":
                self.kept.append(message)
        return errors

    def state(self, seq: int) -> Json:
        """The state of event ``seq``."""
        while True:
            found = self.kept.popleft() if self.kept else next_of(self.ws, "state")
            if found["seq"] >= seq:
                assert found["seq"] == seq, (found["seq"], seq)  # no event skipped
                return found


def race_to_the_end(
    servers: tuple[TestClient, TestClient], game: Json, most: int, refusals: list[str]
) -> int:
    """Race every move of the game (at most ``most``) through both servers, each seat's
    player connected to both; how many moves. The refusals are added to ``refusals``."""
    path, tokens = f"/ws/{game['id']}", game["tokens"]
    played = 0
    with ExitStack() as sockets:
        seats = [
            {
                colour: Seat(sockets.enter_context(server.websocket_connect(path)), token)
                for colour, token in tokens.items()
            }
            for server in servers
        ]
        everyone = [seat for by_colour in seats for seat in by_colour.values()]
        state = everyone[0].state(0)
        for seat in everyone[1:]:
            seat.state(0)
        while played < most and state["phase"] != "over":
            seq = state["seq"]
            racers = [by_colour[state["current"]] for by_colour in seats]
            if state["phase"] != "move":  # a roll (one server's): after it, a roll may be due
                assert racers[0].race(state) == []  # again (a 6 nobody could use, in Trouble)
            elif not state["forced_pass"]:  # the move, through both servers at once
                errors = [error for racer in racers for error in racer.race(state)]
                assert len(errors) == 1, (game["id"], seq, errors)
                refusals += errors
                played += 1
            seen = [seat.state(seq + 1) for seat in everyone]
            assert all(view["log"] == seen[0]["log"] for view in seen)
            state = seen[0]
    return played


def test_a_server_that_has_not_heard_of_an_event_is_refused_by_the_store(
    pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A server whose notices are late (here: never come) plays on a position gone by: the
    store refuses its event, whose number another server's took, and it catches up."""
    with running(pg_url) as one:
        monkeypatch.setattr(PostgresStore, "notices", lambda *_: contextlib.nullcontext())
        with running(pg_url) as deaf:
            game = new_game(one, game="trouble", seats=TWO_HUMANS, seed=3)
            path, tokens = f"/ws/{game['id']}", list(game["tokens"].values())
            with one.websocket_connect(path) as ws, deaf.websocket_connect(path) as late:
                _, state = hello(ws, tokens)
                _, stale = hello(late, tokens)
                while state["phase"] == "rolloff":  # each pops in turn: no forced pass
                    send(ws, **action(state))
                    state = next_of(ws, "state")
                    send(late, **action(stale))  # what the deaf server still thinks is due
                    refused, stale = refusal_and_state(late, state["seq"])
                    taken = f"event {stale['seq']} was stored first by another server"
                    assert refused.endswith(taken)
                    assert stale["log"] == state["log"] and stale["pieces"] == state["pieces"]


def refusal_and_state(ws: WebSocketTestSession, seq: int) -> tuple[str, Json]:
    """An error's message and the state of event ``seq``, in whichever order they come."""
    refused, found = "", None
    while not refused or found is None:
        message = receive(ws)
        if message["type"] == "error":
            refused = message["message"]
        elif message["type"] == "state" and message["seq"] == seq:
            found = message
    return refused, found


def test_a_chat_line_said_through_one_server_reaches_the_others_clients_once(
    servers: tuple[TestClient, TestClient],
) -> None:
    one, two = servers
    game = new_game(one, game="trouble", seats=TWO_HUMANS, seed=4)
    path, tokens = f"/ws/{game['id']}", list(game["tokens"].values())
    with one.websocket_connect(path) as player, two.websocket_connect(path) as watcher:
        hello(player, tokens[:1])
        hello(watcher, [])
        send(player, type="chat", text="good luck")
        assert next_of(player, "chat")["text"] == "good luck"
        heard = next_of(watcher, "chat")
        assert (heard["text"], heard["colour"]) == ("good luck", "red")
        send(watcher, type="chat", emote="Well played")
        assert next_of(player, "chat")["emote"] == "Well played"
        send(player, type="ping")  # nothing more came before the pong: each line once
        assert receive_until(player, lambda m: m["type"] in ("chat", "pong"))["type"] == "pong"


def test_a_room_code_made_on_one_server_is_found_on_the_other(
    servers: tuple[TestClient, TestClient],
) -> None:
    """The code is stored with the game: the other server finds the game by it (typed as
    people type it), its page is told the same code, and a game it makes has another."""
    one, two = servers
    game = new_game(one, game="trouble", seats={"red": "human", "green": "open"})
    code = one.get(f"/api/games/{game['id']}").json()["game"]["code"]
    found = two.get(f"/api/rooms/{code[:3].lower()} {code[3:]}")
    assert found.status_code == 200 and found.json() == {"game": game["id"]}
    assert two.get(f"/api/games/{game['id']}").json()["game"]["code"] == code
    other = new_game(two, game="trouble", seats=TWO_HUMANS)
    other_code = two.get(f"/api/games/{other['id']}").json()["game"]["code"]
    assert other_code != code and one.get(f"/api/rooms/{other_code}").json() == {
        "game": other["id"]
    }


def test_a_person_back_through_another_server_ends_the_takeover_everywhere(pg_url: str) -> None:
    """Red keeps the game waiting: the server driving it (one) has the computer play for red.
    Red comes back through another server (two), before the idle limit runs out again: one's
    clients are told that red plays again."""
    with running(pg_url, computer_delay=0.2) as one, running(pg_url, computer_delay=0.2) as two:
        seats = {"red": "human", "green": "computer:random"}
        game = new_game(one, game="trouble", seats=seats, seed=5, idle_seconds=2.0)
        path, token = f"/ws/{game['id']}", game["tokens"]["red"]
        with one.websocket_connect(path) as away:
            hello(away, [token])
            # the computer has played for red: the idle clock starts again from its event
            receive_until(away, lambda m: m["type"] == "state" and m["log"][-1]["by"] == "takeover")
            with two.websocket_connect(path) as back:
                hello(back, [token])
                assert not next_of(back, "seats")["seats"]["red"]["takeover"]
                receive_until(
                    away, lambda m: m["type"] == "seats" and not m["seats"]["red"]["takeover"]
                )


def test_a_notice_names_its_server_each_game_and_what_of_it_and_others_are_malformed() -> None:
    assert parse("events h:1:ab g1 5,g-2 7") == ("h:1:ab", [("g1", "5"), ("g-2", "7")])
    assert parse("seats h:1:ab g1") == ("h:1:ab", [("g1", "seats")])
    assert parse("chat h:1:ab g1 42") == ("h:1:ab", [("g1", "chat 42")])
    junk = (
        "", "events", "events s g1 x", "seats s", "chat s g1", "dance s g1 5",
        'chat s g1 {"text": "hi"}', "events s g1 \u00b2", "seats s g1 more", "events s g1 5,",
        "events s " + ",".join(["g 1"] * 201), "seats s " + "g" * 33,
    )  # fmt: skip
    for payload in junk:
        with pytest.raises(Malformed):
            parse(payload)


def test_a_server_hears_the_others_notices_and_not_its_own(pg_url: str) -> None:
    """Its own events it has played: a notice of them would only send it to the store for
    nothing."""
    heard: list[tuple[str, str, str]] = []
    stores = [open_store(pg_url) for _ in range(2)]

    def hearer(server: str) -> Callable[[str, str], None]:
        return lambda game_id, what: heard.append((server, game_id, what))

    async def listen() -> None:
        async with contextlib.AsyncExitStack() as stack:
            for store in stores:
                await stack.enter_async_context(store.notices(hearer(store.server), lambda: None))
            stores[0].announce("seats", "g1")
            stores[1].announce_chat("g2", '{"text": "hi"}')
            await asyncio.sleep(0.5)

    try:
        asyncio.run(listen())
    finally:
        for store in stores:
            store.close()
    assert sorted(heard) == sorted(
        [(stores[1].server, "g1", "seats"), (stores[0].server, "g2", "chat 1")]
    )


def test_a_forged_or_malformed_notice_says_nothing_and_listening_goes_on(
    servers: tuple[TestClient, TestClient], pg_url: str
) -> None:
    """Whoever may notify on the database (a role with no grant on pegrace's tables) sends a
    chat line as red, a notice that names a line no server kept, and junk: nothing of it
    reaches a client, and the next real chat line through the other server still does."""
    one, two = servers
    game = new_game(one, game="trouble", seats=TWO_HUMANS, seed=4)
    path, tokens = f"/ws/{game['id']}", list(game["tokens"].values())
    forged = [
        f'chat evil {game["id"]} {{"colour": "red", "from": "Red", "emote": null, "text": "hi"}}',
        f"chat evil {game['id']} 999999",
        f"events evil {game['id']} \u00b2",
        "x" * 7000,
    ]
    with one.websocket_connect(path) as player, two.websocket_connect(path) as watcher:
        hello(player, tokens[:1])
        hello(watcher, [])
        with psycopg.connect(pg_url, autocommit=True) as stranger:
            for payload in forged:
                stranger.execute("SELECT pg_notify('pegrace', %s)", (payload,))
        send(player, type="chat", text="still here")
        heard = next_of(watcher, "chat")  # the first chat line the watcher is sent
        assert (heard["text"], heard["colour"]) == ("still here", "red")


def test_a_rated_game_ending_on_one_server_is_on_the_profile_page_of_the_other(
    servers: tuple[TestClient, TestClient],
) -> None:
    """Ann signs in through one server, Bob through the other; they play a rated game, each
    through their own server, and the ratings its end stores are read through either."""
    one, two = servers
    assert make_profile(one, Authenticator(), "Ann").status_code == 201
    assert make_profile(two, Authenticator(), "Bob").status_code == 201
    seats = {"red": "human", "green": "open"}
    made = one.post("/api/games", json={"game": "trouble", "players": 2, "seats": seats,
                                         "rated": True})  # fmt: skip
    game = made.json()
    claimed = two.post(f"/api/games/{game['id']}/claim", json={"colour": "green"}).json()
    path = f"/ws/{game['id']}"
    with one.websocket_connect(path) as red, two.websocket_connect(path) as green:
        sockets = {"red": red, "green": green}
        states = {"red": hello(red, list(game["tokens"].values()))[1],
                  "green": hello(green, [claimed["token"]])[1]}  # fmt: skip
        while states["red"]["outcome"] is None:
            seq = max(state["seq"] for state in states.values())
            for colour, socket in sockets.items():  # both at the newest event
                while states[colour]["seq"] < seq:
                    states[colour] = next_of(socket, "state")
            state = states["red"]
            if state["outcome"] is None and not state["forced_pass"]:
                send(sockets[state["current"]], **action(state))
            for colour, socket in sockets.items():
                states[colour] = next_of(socket, "state")
    for server in (two, one):
        deadline = time.monotonic() + LIMIT
        while not (rating := server.get("/api/players/Ann").json()["games"]["trouble"]["rating"]):
            assert time.monotonic() < deadline, "no rating"
            time.sleep(0.05)
        assert rating["mu"] != 25 and rating["sigma"] < 25 / 3
