"""What a client can do to a served app, over real sockets: never read, flood, send too much,
forge tokens, act out of turn, rematch someone else's game, ask for endless computing, come
from another site's page. Each test checks that nothing changed where it must not, and that
another game's moves are still answered within ``ANSWER_LIMIT`` while the abuse goes on.

The served app runs with its default limits but a few: new games a minute (the tests make many
games from one address), messages a second (a test's table plays as fast as the server
answers, far faster than people click), and hellos, replays and QR codes an address may ask
for and the pace of its requests (the tests of what they cost others ask for many, fast).
The tests of those limits, and others that need a small setting, run on an app of their own."""

from __future__ import annotations

import asyncio
import base64
import concurrent.futures
import itertools
import json
import os
import socket
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from pages import Server, serving
from webclient import TWO_HUMANS, Json, hello, new_game, next_of, running, send, watch
from webclient import receive as ws_receive
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import ClientConnection, connect

from pegrace.games import get_rules
from pegrace.record import replay
from pegrace.state import Phase
from pegrace.web.hub import GameHub
from pegrace.web.limits import Limits
from pegrace.web.settings import GameSettings, parse_settings
from pegrace.web.store import Store

ANSWER_LIMIT = 1.0  # seconds: the slowest answer another game may get while abuse goes on
WAIT = 10.0  # seconds: only reached when the server is broken
RATE = 400  # messages a second a socket of the served app may send (twice that in a burst)
# the served app lets one address ask for as many hellos, replays and QR codes as it likes, as
# fast as it likes (no pace): the tests that use it check what asking costs others; those of the
# limits run apps of their own
UNLIMITED_ASKING = (
    "hellos_per_minute=100000,replays_per_minute=100000,qr_per_minute=100000,requests_per_second=0"
)


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("abuse")
    limits = f"games_per_minute=100000,messages_per_second={RATE},{UNLIMITED_ASKING}"
    with serving(folder, "--limit", limits) as server:
        yield server


def post(server: Server, path: str, body: Any = None, **headers: str) -> httpx.Response:
    return httpx.post(server.url + path, json=body, headers=headers, timeout=WAIT)


def create(server: Server, seats: dict[str, str] | None = None, **fields: Any) -> Json:
    answer = post(server, "/api/games", {"game": "trouble", "seats": seats or TWO_HUMANS, **fields})
    assert answer.status_code == 201, answer.text
    body: Json = answer.json()
    return body


def game_state(server: Server, game_id: str) -> Json:
    answer = httpx.get(f"{server.url}/api/games/{game_id}", timeout=WAIT)
    assert answer.status_code == 200, answer.text
    body: Json = answer.json()
    return {k: body[k] for k in ("seq", "phase", "current", "roll", "pieces")}


def games_stored(server: Server) -> int:
    with sqlite3.connect(server.db) as db:
        count: int = db.execute("SELECT count(*) FROM games").fetchone()[0]
    return count


def socket_url(server: Server, game_id: str) -> str:
    return f"ws://127.0.0.1:{server.port}/ws/{game_id}"


def receive(ws: ClientConnection) -> Json:
    message: Json = json.loads(ws.recv(timeout=WAIT))
    return message


def until(ws: ClientConnection, kind: str) -> Json:
    while (message := receive(ws))["type"] != kind:
        pass
    return message


class Table:
    """A 2-player game of people, both seats on one connection, playing the first listed move."""

    def __init__(self, server: Server, seats: dict[str, str] | None = None) -> None:
        created = create(server, seats)
        self.id = created["id"]
        self.ws = connect(socket_url(server, self.id), max_size=None, legacy=True)
        self.ws.send(json.dumps({"type": "hello", "tokens": list(created["tokens"].values())}))
        self.state = until(self.ws, "state")

    def play(self, events: int) -> float:
        """Play ``events`` events; the slowest answer in seconds."""
        slowest = 0.0
        for _ in range(events):
            if self.state["phase"] == "over":
                break
            moves = self.state["moves"]
            message = {"type": "move", "move": moves[0]["text"]} if moves else {"type": "roll"}
            sent = time.monotonic()
            self.ws.send(json.dumps(message))
            self.state = until(self.ws, "state")
            slowest = max(slowest, time.monotonic() - sent)
        return slowest

    def close(self) -> None:
        self.ws.close()


@pytest.fixture
def table(served: Server) -> Iterator[Table]:
    playing = Table(served)
    try:
        yield playing
    finally:
        playing.close()


# ---------------------------------------------------------------- raw sockets


def raw_socket(server: Server, path: str, receive_buffer: int = 4096) -> socket.socket:
    """A WebSocket opened by hand, with a small receive buffer, that reads nothing after the
    handshake unless told to."""
    raw = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
    raw.settimeout(WAIT)
    raw.connect(("127.0.0.1", server.port))
    key = base64.b64encode(os.urandom(16)).decode()
    raw.sendall(
        f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nUpgrade: websocket\r\n"
        f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
        "Sec-WebSocket-Version: 13\r\n\r\n".encode()
    )
    head = b""
    while not head.endswith(b"\r\n\r\n"):
        head += raw.recv(1)  # a byte at a time: nothing after the handshake is read
    assert b" 101 " in head.split(b"\r\n")[0], head
    return raw


def frame(text: str) -> bytes:
    """A masked text frame, as a client sends it."""
    payload, mask = text.encode(), os.urandom(4)
    size = len(payload)
    if size < 126:
        head = bytes([0x81, 0x80 | size])
    elif size < 65536:
        head = bytes([0x81, 0x80 | 126]) + size.to_bytes(2, "big")
    else:
        head = bytes([0x81, 0x80 | 127]) + size.to_bytes(8, "big")
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


def read_to_end(raw: socket.socket, seconds: float) -> bool:
    """Read whatever the server sends; True if it closed the connection within ``seconds``."""
    deadline = time.monotonic() + seconds
    raw.settimeout(0.5)
    while time.monotonic() < deadline:
        try:
            if not raw.recv(65536):
                return True
        except TimeoutError:
            continue
        except ConnectionError:
            return True
    return False


# ---------------------------------------------------------------- the tests


def test_a_watcher_that_never_reads_holds_up_nobody(served: Server) -> None:
    """Every hello is answered with the whole log: a watcher that asks and never reads fills
    its socket, then its outbox, and is dropped; before, the game waited on it, frozen."""
    table = Table(served, dict.fromkeys(("red", "yellow", "green", "blue"), "human"))
    table.play(500)  # a long log: every answer to a hello is tens of kB
    slow = raw_socket(served, f"/ws/{table.id}")
    try:
        hellos = frame(json.dumps({"type": "hello", "tokens": []}))
        dropped = False
        for _ in range(4):
            try:
                slow.sendall(hellos * 90)  # within the burst a connection may send
            except (BrokenPipeError, ConnectionResetError):
                dropped = True  # the server has closed the connection
                break
            assert table.play(10) < ANSWER_LIMIT
            time.sleep(0.5)
        assert dropped or read_to_end(slow, WAIT), "the watcher that did not read was kept"
        assert table.play(10) < ANSWER_LIMIT
    finally:
        slow.close()
        table.close()


def test_a_flood_of_messages_closes_that_socket_only(served: Server, table: Table) -> None:
    before = game_state(served, table.id)
    with connect(socket_url(served, table.id)) as flood:
        for _ in range(5 * RATE):
            try:
                flood.send(json.dumps({"type": "ping"}))  # the cheapest message to answer
            except ConnectionClosed:
                break
        errors = []
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                message = receive(flood)
                if message["type"] == "error":
                    errors.append(message["message"])
        assert errors == [f"more than {RATE} messages a second: closed"]
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4429
    assert game_state(served, table.id) == before
    assert table.play(10) < ANSWER_LIMIT


def test_a_flood_of_hellos_is_cut_off_and_holds_up_nobody(served: Server, table: Table) -> None:
    """Each hello costs the whole log: a client asking for it as fast as it can is closed
    (too many messages) or dropped (too far behind), and the game plays on meanwhile."""
    before = game_state(served, table.id)
    with connect(socket_url(served, table.id), max_size=None) as flood:
        for _ in range(5 * RATE):
            try:
                flood.send(json.dumps({"type": "hello", "tokens": []}))
            except ConnectionClosed:
                break
        assert table.play(10) < ANSWER_LIMIT
        with pytest.raises(ConnectionClosed):
            while True:
                receive(flood)
    assert game_state(served, table.id)["seq"] == before["seq"] + 10
    assert table.play(10) < ANSWER_LIMIT


def test_an_oversized_frame_closes_that_socket_only(served: Server, table: Table) -> None:
    before = game_state(served, table.id)
    with connect(socket_url(served, table.id), max_size=None) as big:
        big.send(json.dumps({"type": "hello", "tokens": ["x" * 100_000]}))
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                receive(big)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009  # too big
    assert game_state(served, table.id) == before
    assert table.play(5) < ANSWER_LIMIT


def test_an_oversized_body_is_refused_before_it_is_read(served: Server, table: Table) -> None:
    stored = games_stored(served)
    with socket.create_connection(("127.0.0.1", served.port), timeout=WAIT) as raw:
        raw.sendall(
            f"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1:{served.port}\r\n"
            "Content-Type: application/json\r\nContent-Length: 300000000\r\n\r\n"
            '{"game": "trouble", '.encode()
        )
        answer = b""
        while b"}}" not in answer and (part := raw.recv(65536)):
            answer += part
    text = answer.decode()
    assert text.startswith("HTTP/1.1 413"), text
    assert '{"error": "a request body may hold at most 65536 bytes", "said": {' in text
    chunks = (b" " * 4096 for _ in range(40))  # 160 kB, sent without a length
    answer_json = httpx.post(
        served.url + "/api/games",
        content=chunks,
        timeout=WAIT,
        headers={"Content-Type": "application/json"},
    )
    assert answer_json.status_code == 413 and "at most 65536 bytes" in answer_json.json()["error"]
    assert games_stored(served) == stored
    assert table.play(5) < ANSWER_LIMIT


@pytest.mark.parametrize(
    ("body", "headers", "problem"),
    [
        (b"[" * 50_000, {}, "not valid JSON: nested too deeply"),
        (b'{"game": "trouble", "seed": 1' + b"0" * 5000 + b"}", {}, "not valid JSON"),
        (b'{"game": "trouble"', {}, "not valid JSON"),
        (b"\xff\xfe{}", {}, "not valid JSON"),
        (b'{"game": "trouble"}', {"Content-Type": "text/plain"}, "send the body as JSON"),
        (
            b"game=trouble",
            {"Content-Type": "application/x-www-form-urlencoded"},
            "send the body as JSON",
        ),
    ],
)
def test_a_malformed_body_gets_a_json_400(
    served: Server, body: bytes, headers: dict[str, str], problem: str
) -> None:
    stored = games_stored(served)
    answer = httpx.post(
        served.url + "/api/games",
        content=body,
        timeout=WAIT,
        headers={"Content-Type": "application/json", **headers},
    )
    assert answer.status_code == 400, answer.text
    assert problem in answer.json()["error"]
    assert games_stored(served) == stored


def test_every_refusal_is_json(served: Server) -> None:
    for method, path, status in [
        ("GET", "/api/nothing", 404),
        ("DELETE", "/api/games", 405),
        ("GET", "/api/games/nosuchgame", 404),
    ]:
        answer = httpx.request(method, served.url + path, timeout=WAIT)
        assert answer.status_code == status
        assert answer.headers["content-type"] == "application/json"
        assert answer.json()["error"]


def test_forged_and_stale_tokens_only_watch(served: Server, table: Table) -> None:
    other = create(served)
    before = game_state(served, table.id)
    with connect(socket_url(served, table.id)) as forger:
        for tokens in (["made-up"], list(other["tokens"].values())):
            forger.send(json.dumps({"type": "hello", "tokens": tokens}))
            assert until(forger, "welcome")["you"] == []
            assert "are not for this game (you watch)" in until(forger, "error")["message"]
            for message in ({"type": "roll"}, {"type": "move", "move": "pass"}):
                forger.send(json.dumps(message))
                assert "you are watching" in until(forger, "error")["message"]
    assert game_state(served, table.id) == before
    assert table.play(5) < ANSWER_LIMIT


def test_out_of_turn_and_replayed_moves_change_nothing(served: Server) -> None:
    created = create(served)
    url, tokens = socket_url(served, created["id"]), created["tokens"]
    with connect(url) as red, connect(url) as green:
        red.send(json.dumps({"type": "hello", "tokens": [tokens["red"]]}))
        green.send(json.dumps({"type": "hello", "tokens": [tokens["green"]]}))
        state = until(red, "state")
        until(green, "state")
        before = game_state(served, created["id"])
        green.send(json.dumps({"type": "roll"}))
        assert "it is Red's turn, not yours" in until(green, "error")["message"]
        assert game_state(served, created["id"]) == before
        red.send(json.dumps({"type": "roll"}))
        state = until(red, "state")
        seq = state["seq"]
        red.send(json.dumps({"type": "roll"}))  # the same pop again: now green's
        assert "it is Green's turn, not yours" in until(red, "error")["message"]
    assert game_state(served, created["id"])["seq"] == seq


def test_a_rematch_is_for_the_players_and_keeps_their_seats(served: Server) -> None:
    seats = {"red": "human", "green": "human"}
    created = create(served, seats, idle_seconds=0.001)  # the computer plays both seats out
    game_id = created["id"]
    with connect(socket_url(served, game_id)) as watcher:
        watcher.send(json.dumps({"type": "hello", "tokens": []}))
        while until(watcher, "state")["phase"] != "over":
            pass
    stored = games_stored(served)
    stranger = create(served)["tokens"]["red"]
    for tokens in ([], [stranger], ["made-up"]):
        refused = post(served, f"/api/games/{game_id}/rematch", {"tokens": tokens})
        assert refused.status_code == 403 and "for its players" in refused.json()["error"]
    assert games_stored(served) == stored + 1  # the stranger's game only
    mine = post(served, f"/api/games/{game_id}/rematch", {"tokens": [created["tokens"]["red"]]})
    assert mine.status_code == 201 and mine.json()["tokens"] == {"red": created["tokens"]["red"]}
    new_id = mine.json()["id"]
    taken = post(served, f"/api/games/{new_id}/claim", {"colour": "green"})
    assert taken.status_code == 409  # kept for green's player, not open to anyone
    # green joins once the computer has played the idle seats out (while someone watches: a
    # game nobody watches waits): a finished game's welcome shows its seed, 128 bits, which
    # orjson cannot write as a number
    with connect(socket_url(served, new_id)) as watcher:
        watcher.send(json.dumps({"type": "hello", "tokens": []}))
        while until(watcher, "state")["phase"] != "over":
            pass
    with connect(socket_url(served, new_id)) as green:
        green.send(json.dumps({"type": "hello", "tokens": [created["tokens"]["green"]]}))
        welcome = until(green, "welcome")
        assert welcome["you"] == ["green"]
        assert welcome["game"]["seed"].isdigit()  # shown once over, as text: 128 bits


@pytest.mark.parametrize(
    ("seat", "problem"),
    [
        ("computer:hard:depth=40", "depth=40; at most depth=3"),
        ("computer:expert:ms=100000", "ms=100000; at most ms=2000"),
        ("computer:expert:depth=4,ms=10", "depth=4; at most depth=3"),
        ("computer:expert:horizon=13", "horizon=13; at most horizon=12"),
    ],
)
def test_computer_seats_cannot_be_set_to_think_without_end(
    served: Server, seat: str, problem: str
) -> None:
    stored = games_stored(served)
    answer = post(
        served, "/api/games", {"game": "trouble", "seats": {"red": "human", "green": seat}}
    )
    assert answer.status_code == 400 and problem in answer.json()["error"]
    assert games_stored(served) == stored
    assert create(served, {"red": "human", "green": "computer:expert:ms=2000"})


def test_pages_of_other_sites_are_refused(served: Server, table: Table) -> None:
    stored = games_stored(served)
    with (
        pytest.raises(InvalidStatus) as refused,
        connect(socket_url(served, table.id), origin="http://evil.example"),
    ):
        pass
    assert refused.value.response.status_code == 403
    body = {"game": "trouble", "seats": TWO_HUMANS}
    answer = post(served, "/api/games", body, Origin="http://evil.example")
    assert answer.status_code == 403 and "evil.example" in answer.json()["error"]
    answer = post(served, "/api/games", body, Host="evil.example")
    assert answer.status_code == 421 and "--allow-origin" in answer.json()["error"]
    assert games_stored(served) == stored
    same_site = post(served, "/api/games", body, Origin=served.url)
    assert same_site.status_code == 201
    with connect(socket_url(served, table.id), origin=served.url) as ws:
        ws.send(json.dumps({"type": "ping"}))
        assert receive(ws) == {"type": "pong"}


def test_every_answer_carries_the_security_headers(served: Server) -> None:
    for path in ("/", "/api/catalog", "/static/main.js", "/api/nothing"):
        headers = httpx.get(served.url + path, timeout=WAIT).headers
        policy = headers["content-security-policy"]
        assert "default-src 'self'" in policy and "frame-ancestors 'none'" in policy
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["referrer-policy"] == "same-origin"


def test_the_seed_of_a_game_with_open_seats_is_the_servers(served: Server) -> None:
    answer = post(
        served,
        "/api/games",
        {"game": "trouble", "seed": 7, "seats": {"red": "human", "green": "open"}},
    )
    assert answer.status_code == 400 and "open seats" in answer.json()["error"]
    created = create(served, {"red": "human", "green": "open"})
    with sqlite3.connect(served.db) as db:
        (settings,) = db.execute("SELECT settings FROM games WHERE id = ?", (created["id"],))
    assert json.loads(settings[0])["seed"] >= 0  # 128 random bits, never shown while it runs


# ---------------------------------------------------------------- apps of their own


def test_new_games_from_one_address_are_limited(db: Path) -> None:
    with running(db, limits=Limits(games_per_minute=2)) as client:
        for _ in range(2):
            new_game(client, game="trouble", seats=TWO_HUMANS)
        refused = client.post("/api/games", json={"game": "trouble", "seats": TWO_HUMANS})
        assert refused.status_code == 429 and "new games a minute" in refused.json()["error"]
    store = Store(db)
    assert len(store.game_ids()) == 2
    store.close()


def test_open_sockets_from_one_address_are_limited(db: Path) -> None:
    with running(db, limits=Limits(sockets_per_address=2)) as client:
        created = new_game(client, game="trouble", seats=TWO_HUMANS)
        path = f"/ws/{created['id']}"
        with (
            client.websocket_connect(path),
            client.websocket_connect(path),
            client.websocket_connect(path) as third,
        ):
            assert "open game connections" in third.receive_json()["message"]
            assert third.receive()["code"] == 4429
        with client.websocket_connect(path) as again:  # closed ones no longer count
            send(again, type="ping")
            assert again.receive_json() == {"type": "pong"}


def test_new_win_chances_are_for_players_and_limited(db: Path) -> None:
    with running(db, limits=Limits(winprob_per_minute=1)) as client:
        created = new_game(client, game="trouble", seats=TWO_HUMANS)
        path = f"/ws/{created['id']}"
        with client.websocket_connect(path) as player, client.websocket_connect(path) as watcher:
            hello(watcher, [])
            send(watcher, type="winprob")
            assert "only the game's players" in next_of(watcher, "error")["message"]
            hello(player, list(created["tokens"].values()))
            send(player, type="winprob")
            assert next_of(player, "winprob")["seq"] == 0
            send(player, type="roll")
            next_of(player, "state")
            send(player, type="winprob")
            assert "at most 1 time a minute" in next_of(player, "error")["message"]


def test_only_an_accepted_action_restarts_the_idle_clock(db: Path) -> None:
    """Red keeps sending moves that are refused (no such move): the computer still takes red's
    seat over once red has kept the game waiting ``idle_seconds``."""
    with running(db, computer_delay=0.0) as client:
        seats = {"red": "human", "green": "computer:random"}
        created = new_game(client, game="trouble", seats=seats, idle_seconds=1.0)
        with client.websocket_connect(f"/ws/{created['id']}") as red:
            hello(red, [created["tokens"]["red"]])
            started, taken = time.monotonic(), False
            while not taken:
                send(red, type="move", move="nonsense")  # always refused
                while (message := ws_receive(red))["type"] != "error":
                    taken |= message["type"] == "seats" and message["seats"]["red"]["takeover"]
                assert time.monotonic() - started < WAIT, "refused messages kept red's seat"
                time.sleep(0.1)
        assert time.monotonic() - started < 3.0


def test_a_computer_past_its_time_limit_is_replaced_and_others_play_on(tmp_path: Path) -> None:
    """A game stored before the web's bounds, with a seat whose search takes minutes a move:
    each of its choices is made by the takeover player once the time limit passes, and
    another game's computer seats play on meanwhile."""
    seats = {"red": "computer:hard:depth=9", "green": "computer:random"}
    slow = GameSettings("trouble", 2, trouble_options(), seats, 1, 0.0)
    quick = GameSettings(
        "trouble", 2, trouble_options(), dict.fromkeys(seats, "computer:random"), 2, 0.0
    )

    async def play() -> tuple[int, int]:
        store = Store(tmp_path / "games.sqlite3")
        hub = GameHub(store, computer_delay=0.0, limits=Limits(move_seconds=0.5, workers=2))
        stuck, _ = await hub.create(slow, slow.rules())
        other, _ = await hub.create(quick, quick.rules())
        await watch(stuck)  # a game nobody watches waits
        await watch(other)
        started = time.monotonic()
        while len(stuck.events) < 100 and not stuck.state.is_over:
            await asyncio.sleep(0.05)
            assert time.monotonic() - started < 3 * WAIT, "the slow seat held its game up"
        rules, states = replay(stuck.views.record())
        choices = sum(
            s.phase == Phase.MOVE and s.current == 0 and len(rules.legal_moves(s)) > 1
            for s in states
        )
        played = len(other.events)
        await hub.close()
        store.close()
        return choices, played

    choices, played = asyncio.run(play())
    assert choices >= 2  # red chose (by the takeover player) among several moves
    assert played > 100  # the other game played on meanwhile


def trouble_options() -> dict[str, str]:
    return dict(get_rules("trouble", 2).options)


def test_idle_games_leave_memory_past_the_live_limit(tmp_path: Path) -> None:
    async def play() -> None:
        store = Store(tmp_path / "games.sqlite3")
        hub = GameHub(store, computer_delay=0.0, limits=Limits(live_games=2))
        settings = GameSettings("trouble", 2, trouble_options(), TWO_HUMANS, 3, 0.0)
        first, _ = await hub.create(settings, settings.rules())
        second, _ = await hub.create(settings, settings.rules())
        third, _ = await hub.create(settings, settings.rules())
        assert set(hub.sessions) == {second.id, third.id}  # the longest idle went
        assert (await hub.get(first.id)).state == first.state  # and comes back from the store
        await hub.close()
        store.close()

    asyncio.run(play())


# ---------------------------------------------------------------- numbers, stored rows


@pytest.mark.parametrize(
    ("number", "problem"),
    [
        ("NaN", "not valid JSON: NaN is not a JSON number"),
        ("Infinity", "not valid JSON: Infinity is not a JSON number"),
        ("-Infinity", "not valid JSON: -Infinity is not a JSON number"),
        ("1e400", "not valid JSON: 1e400 is too large a number"),
        ("1e300", "idle_seconds 1e+300: expected a number of seconds from 0"),
        ("-1", "idle_seconds -1: expected a number of seconds from 0"),
    ],
)
def test_numbers_that_are_not_finite_and_bounded_are_refused(
    served: Server, number: str, problem: str
) -> None:
    """One such number used to be stored as NaN, which is not JSON: from then on the lobby
    answered 500 to everyone, also after a restart."""
    stored = games_stored(served)
    body = f'{{"game": "trouble", "seats": {json.dumps(TWO_HUMANS)}, "idle_seconds": {number}}}'
    answer = httpx.post(
        served.url + "/api/games",
        content=body.encode(),
        timeout=WAIT,
        headers={"Content-Type": "application/json"},
    )
    assert answer.status_code == 400, answer.text
    assert problem in answer.json()["error"]
    assert games_stored(served) == stored
    assert httpx.get(served.url + "/api/lobby", timeout=WAIT).status_code == 200


def test_a_websocket_message_holding_nan_is_refused(served: Server, table: Table) -> None:
    with connect(socket_url(served, table.id)) as ws:
        ws.send('{"type": "hello", "tokens": NaN}')
        assert "not valid JSON" in until(ws, "error")["message"]
    assert table.play(2) < ANSWER_LIMIT


def test_a_damaged_stored_game_is_left_out_of_the_lobby(served: Server) -> None:
    """A listed game whose stored settings hold NaN (as an older server wrote them), and one
    whose settings are not JSON at all: the lobby answers everyone and lists the rest, also
    after a restart; only the damaged game's own requests answer 500, naming it."""
    good = create(served, {"red": "human", "green": "open"}, listed=True)
    settings = {
        "game": "trouble",
        "players": 2,
        "options": trouble_options(),
        "seed": 1,
        "seats": {"red": "human", "green": "open"},
        "idle_seconds": 1.0,
        "listed": True,
    }
    rows = {
        "nanGame": json.dumps({**settings, "idle_seconds": float("nan")}),
        "junkGame": '{"game": "trouble", "listed": true',
    }
    with sqlite3.connect(served.db) as db:
        for game_id, text in rows.items():
            db.execute(
                "INSERT INTO games (id, created, settings) VALUES (?, ?, ?)",
                (game_id, time.time() + 1, text),
            )
    for restart in (False, True):
        if restart:
            served.stop()
            served.start()
        lobby = httpx.get(served.url + "/api/lobby?mine=nanGame", timeout=WAIT)
        assert lobby.status_code == 200, lobby.text
        assert good["id"] in [game["id"] for game in lobby.json()["open"]]
        assert lobby.json()["mine"] == []
        for game_id in rows:
            answer = httpx.get(f"{served.url}/api/games/{game_id}", timeout=WAIT)
            assert answer.status_code == 500
            assert f"game {game_id} cannot be loaded" in answer.json()["error"]
    assert "the lobby leaves out game nanGame cannot be loaded" in served.log.read_text()


# ---------------------------------------------------------------- heavy answers


def long_finished_game(served: Server) -> Table:
    """A game of people played to its end (hundreds of events): its replay is the heaviest."""
    table = Table(served, dict.fromkeys(("red", "yellow", "green", "blue"), "human"))
    while table.state["phase"] != "over":
        table.play(200)
        time.sleep(0.5)  # under the served app's messages a second, however fast it answers
    return table


def fetch_while(stop: threading.Event, fetch: Callable[[int], httpx.Response]) -> list[int]:
    """Call ``fetch(i)`` for i = 0, 1, ... until ``stop``; the status of each answer."""
    statuses = []
    for i in itertools.count():
        if stop.is_set():
            break
        statuses.append(fetch(i).status_code)
    return statuses


def flood(
    threads: int, fetch: Callable[[int], httpx.Response], victim: Table
) -> tuple[float, list[int]]:
    """``threads`` clients calling ``fetch`` in a loop while the victim plays 30 events: the
    victim's slowest answer, and every status the flood got."""
    stop = threading.Event()
    with concurrent.futures.ThreadPoolExecutor(threads) as pool:
        flooding = [pool.submit(fetch_while, stop, fetch) for _ in range(threads)]
        time.sleep(0.5)  # the flood under way
        try:
            slowest = victim.play(30)
        finally:
            stop.set()
        statuses = [status for each in flooding for status in each.result()]
    return slowest, statuses


def test_replays_are_worked_out_off_the_event_loop_and_kept(served: Server, table: Table) -> None:
    """Rebuilding every position of a long game took half a second of the event loop, and
    eight clients asking in a loop held every other game up for seconds. Now it is worked out
    in a worker process, once per game and event count: a flood of replays of a game that
    keeps changing (each one new) holds nobody up, and every answer is the whole game."""
    long = long_finished_game(served)
    path = f"{served.url}/api/games/{long.id}/replay"
    slowest, statuses = flood(4, lambda i: httpx.get(path, timeout=3 * WAIT), table)
    assert slowest < ANSWER_LIMIT
    assert statuses and set(statuses) == {200}
    frames = httpx.get(path, timeout=WAIT).json()["frames"]
    assert len(frames) == long.state["seq"] + 1 and frames[-1]["pieces"] == long.state["pieces"]
    # a game still changing: each replay is worked out anew, off the loop
    growing = Table(served, dict.fromkeys(("red", "yellow", "green", "blue"), "human"))
    for _ in range(2):
        growing.play(200)
        time.sleep(0.5)
    grow = f"{served.url}/api/games/{growing.id}/replay"

    def replay_and_play(i: int) -> httpx.Response:
        return httpx.get(grow, timeout=3 * WAIT)

    stop = threading.Event()
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        flooding = [pool.submit(fetch_while, stop, replay_and_play) for _ in range(4)]
        slowest = 0.0
        for _ in range(10):
            growing.play(2)  # a new event count: the next replays are new
            slowest = max(slowest, table.play(3))
        stop.set()
        assert {s for each in flooding for s in each.result()} == {200}
    assert slowest < ANSWER_LIMIT
    growing.close()
    long.close()


def test_qr_codes_are_made_off_the_event_loop(served: Server, table: Table) -> None:
    """A QR code took ~28 ms of the event loop; 36 a second held every game up."""
    head = f"{served.url}/game/x#seat=red."
    texts = [f"{head}{i:0>{512 - len(head)}}" for i in range(4000)]  # 512 characters, the most
    counter = itertools.count()

    def ask(i: int) -> httpx.Response:
        return httpx.post(
            served.url + "/api/qr", json={"text": texts[next(counter)]}, timeout=3 * WAIT
        )

    slowest, statuses = flood(4, ask, table)
    assert slowest < ANSWER_LIMIT
    assert statuses and set(statuses) == {200}


def test_a_thousand_wrong_room_codes_are_refused_past_the_first_few_dozen(
    served: Server, table: Table
) -> None:
    """Room codes are guessed no faster than games are made: of 1,000 wrong codes from one
    address, the first ``codes_per_minute`` (and what comes back meanwhile) are answered,
    every other refused with 429, and a right code then too; another game plays on."""
    created = create(served, {"red": "human", "green": "open"})
    view = httpx.get(f"{served.url}/api/games/{created['id']}", timeout=WAIT).json()
    right = view["game"]["code"]
    letters = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
    codes = ("".join(p) for p in itertools.product(letters, repeat=6))
    wrong = [c for c in itertools.islice(codes, 1001) if c != right][:1000]

    def guess(codes: list[str]) -> list[int]:
        with httpx.Client(base_url=served.url, timeout=WAIT) as asking:
            return [asking.get(f"/api/rooms/{c}").status_code for c in codes]

    start = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        guessing = [pool.submit(guess, wrong[i:1000:4]) for i in range(4)]
        slowest = table.play(30)
        statuses = [status for each in guessing for status in each.result()]
    refused = httpx.get(f"{served.url}/api/rooms/{right}", timeout=WAIT)
    most = Limits().codes_per_minute
    answered = len(statuses) - statuses.count(429)
    assert len(statuses) == 1000 and set(statuses) <= {404, 200, 429}
    assert most <= answered <= most + (time.monotonic() - start) * most / 60 + 1
    assert refused.status_code == 429 and "room codes a minute" in refused.json()["error"]
    assert slowest < ANSWER_LIMIT


def test_a_game_nobody_watches_waits_for_somebody(served: Server) -> None:
    """Computer seats do not think for nobody: a game with nobody connected stands still, and
    goes on when someone comes (it may also leave memory meanwhile)."""
    created = create(served, dict.fromkeys(("red", "green"), "computer:random"))
    time.sleep(1.0)
    assert game_state(served, created["id"])["seq"] == 0
    with connect(socket_url(served, created["id"])) as watcher:
        watcher.send(json.dumps({"type": "hello", "tokens": []}))
        while until(watcher, "state")["seq"] < 20:
            pass
    time.sleep(0.5)  # a move under way when the watcher left is played
    stopped = game_state(served, created["id"])["seq"]
    time.sleep(1.0)
    assert game_state(served, created["id"])["seq"] == stopped


# ---------------------------------------------------------------- what one seat may send


def test_a_name_storm_from_many_sockets_is_one_name(served: Server, table: Table) -> None:
    """One seat on 16 sockets, each sending names under its own message limit: the seat
    changes its name a few times a minute however many sockets it opens, a name that does
    not change is neither stored nor sent, and other games play on."""
    created = create(served)
    url, red = socket_url(served, created["id"]), created["tokens"]["red"]
    with connect(url) as watcher:
        watcher.send(json.dumps({"type": "hello", "tokens": []}))
        until(watcher, "state")
        sockets = [connect(url, legacy=True) for _ in range(16)]
        try:
            for ws in sockets:
                ws.send(json.dumps({"type": "hello", "tokens": [red]}))
                until(ws, "state")
            for round_ in range(10):
                for i, ws in enumerate(sockets):
                    ws.send(json.dumps({"type": "name", "name": f"Ann {round_}-{i}"}))
            refused = sum(
                "slow down: a seat may change its name" in until(ws, "error")["message"]
                for ws in sockets
            )
            assert refused == len(sockets)
            assert table.play(10) < ANSWER_LIMIT
        finally:
            for ws in sockets:
                ws.close()
        names = seat_names(served, created["id"])
        assert names["red"] == "Ann 0-0"  # the first one only
        # 16 sockets came, renamed and went: a few merged seats messages, not one per change
        seats = [m for m in drain(watcher) if m["type"] == "seats"]
        assert {m["seats"]["red"]["name"] for m in seats} <= {None, "Ann 0-0"}
        assert len(seats) <= 8


def seat_names(server: Server, game_id: str) -> dict[str, str | None]:
    with sqlite3.connect(server.db) as db:
        rows = db.execute("SELECT colour, name FROM seats WHERE game = ?", (game_id,))
        return dict(rows.fetchall())


def drain(ws: ClientConnection, seconds: float = 1.0) -> list[Json]:
    """Every message that comes within ``seconds``."""
    messages: list[Json] = []
    deadline = time.monotonic() + seconds
    while (left := deadline - time.monotonic()) > 0:
        try:
            messages.append(json.loads(ws.recv(timeout=left)))
        except TimeoutError:
            break
    return messages


def test_the_same_name_again_changes_nothing(served: Server) -> None:
    created = create(served)
    url = socket_url(served, created["id"])
    with connect(url) as red, connect(url) as watcher:
        red.send(json.dumps({"type": "hello", "tokens": [created["tokens"]["red"]]}))
        until(red, "state")
        watcher.send(json.dumps({"type": "hello", "tokens": []}))
        until(watcher, "state")
        red.send(json.dumps({"type": "name", "name": "Ann"}))
        assert until(watcher, "seats")["seats"]["red"]["name"] == "Ann"
        for _ in range(5):
            red.send(json.dumps({"type": "name", "name": " Ann "}))  # the same, once cleaned
        assert [m for m in drain(watcher) if m["type"] in ("seats", "error")] == []
        assert [m for m in drain(red) if m["type"] == "error"] == []


def test_chat_limits_hold_across_reconnects(served: Server) -> None:
    """A watcher reconnecting in a loop used to start each time with a full chat allowance
    (99 lines in 10 s); now a watcher's address has one allowance in a game, and a seat one
    however many sockets it uses."""
    created = create(served)
    url = socket_url(served, created["id"])
    with connect(url) as listener:
        listener.send(json.dumps({"type": "hello", "tokens": []}))
        until(listener, "state")
        for tokens in ([], [created["tokens"]["red"]]):
            for i in range(12):
                with connect(url) as talker:
                    talker.send(json.dumps({"type": "hello", "tokens": tokens}))
                    until(talker, "state")
                    talker.send(json.dumps({"type": "chat", "text": f"line {i}"}))
                    reply = until(talker, "chat" if i < 3 else "error")
                    assert reply["type"] == "chat" or "slow down" in reply["message"]
        lines = [m for m in drain(listener) if m["type"] == "chat"]
        assert len(lines) == 6  # three a minute at once: the watcher's, then red's


def test_one_address_s_computer_games_leave_others_their_share(tmp_path: Path) -> None:
    """Six games of four `expert:ms=2000` from one address (watched from it: a game nobody
    watches waits) used to take every worker, and another address's computer waited behind
    them for seconds a move. Now one address holds at most half the workers, and the others'
    jobs are served in turn: the other game's computer answers at once."""
    watchers: list[ClientConnection] = []
    with serving(tmp_path, "--limit", "workers=2,games_per_minute=1000") as server:
        attacker = httpx.Client(
            transport=httpx.HTTPTransport(local_address="127.0.0.2"),
            base_url=server.url,
            timeout=WAIT,
        )
        expert = dict.fromkeys(("red", "yellow", "green", "blue"), "computer:expert:ms=2000")
        try:
            for _ in range(6):
                created = attacker.post("/api/games", json={"game": "trouble", "seats": expert})
                assert created.status_code == 201, created.text
                watchers.append(watch_from(server, created.json()["id"], "127.0.0.2"))
            time.sleep(1.0)  # every heavy game thinking
            replies = computer_replies(server, 12)
            assert max(replies) < 2.0, replies
        finally:
            attacker.close()
            for ws in watchers:
                ws.close()


def watch_from(server: Server, game_id: str, source: str) -> ClientConnection:
    raw = socket.create_connection(("127.0.0.1", server.port), WAIT, (source, 0))
    # the messages it never reads pile up here (max_queue), not in the server
    ws = connect(socket_url(server, game_id), sock=raw, legacy=True, max_queue=None)
    ws.send(json.dumps({"type": "hello", "tokens": []}))
    return ws


def computer_replies(server: Server, count: int) -> list[float]:
    """Red (this client) against a quick computer: the seconds green's computer took to
    choose, from the state that asked it to (a choice of several moves) to the next state,
    ``count`` times."""
    created = create(server, {"red": "human", "green": "computer:easy"})
    replies: list[float] = []
    with connect(socket_url(server, created["id"])) as ws:
        ws.send(json.dumps({"type": "hello", "tokens": [created["tokens"]["red"]]}))
        state, since = until(ws, "state"), time.monotonic()
        while len(replies) < count and state["phase"] != "over":
            if state["current"] == "red" and not state["forced_pass"]:
                moves = state["moves"]
                ws.send(
                    json.dumps(
                        {"type": "move", "move": moves[0]["text"]} if moves else {"type": "roll"}
                    )
                )
            choosing = state["current"] == "green" and len(state["moves"]) > 1
            state, now = until(ws, "state"), time.monotonic()
            if choosing:
                replies.append(now - since)
            since = now
    return replies


def test_a_name_that_says_another_seat_or_the_server_is_refused(served: Server) -> None:
    """ "Green" on red's seat made the log say that Green moved."""
    created = create(served)
    with connect(socket_url(served, created["id"])) as red:
        red.send(json.dumps({"type": "hello", "tokens": [created["tokens"]["red"]]}))
        until(red, "state")
        for name, problem in (
            ("Green", "another seat's colour"),
            ("a watcher", "what the server calls others"),
            ("Z" + "\u0301" * 19, "accents on one letter"),
            ("\ufdfd" * 20, "many letters wide"),
        ):
            red.send(json.dumps({"type": "name", "name": name}))
            assert problem in until(red, "error")["message"]
    assert seat_names(served, created["id"]) == {"red": None, "green": None}


def test_hellos_replays_and_qr_codes_are_limited_per_address(db: Path) -> None:
    limits = Limits(hellos_per_minute=4, replays_per_minute=4, qr_per_minute=4)
    with running(db, limits=limits) as client:
        created = new_game(client, game="trouble", seats=TWO_HUMANS)
        with client.websocket_connect(f"/ws/{created['id']}") as ws:
            hello(ws, [])
            send(ws, type="hello", tokens=[])
            assert "at most 4 hellos a minute" in next_of(ws, "error")["message"]
        replay = f"/api/games/{created['id']}/replay"
        assert client.get(replay).status_code == 200
        refused = client.get(replay)
        assert refused.status_code == 429 and "4 replays a minute" in refused.json()["error"]
        assert client.post("/api/qr", json={"text": "x"}).status_code == 200
        refused = client.post("/api/qr", json={"text": "y"})
        assert refused.status_code == 429 and "4 QR codes a minute" in refused.json()["error"]


def test_a_computer_stops_thinking_when_everyone_leaves(tmp_path: Path) -> None:
    """Its watchers gone, a game of computers gives up the move it was waiting for a worker
    to think of (thirty such games once kept every worker busy for a minute after their
    watchers had left), and thinks again once someone is back."""

    async def play() -> tuple[int, int, int]:
        store = Store(tmp_path / "games.sqlite3")
        hub = GameHub(store, computer_delay=0.0)
        asked, given_up = [], []

        async def think_forever(
            job: Any, limit: float, owner: str = "", heavy: bool = False
        ) -> Any:
            asked.append(job)
            try:
                await asyncio.Event().wait()
            except asyncio.CancelledError:
                given_up.append(job)
                raise

        hub.services.pool.run = think_forever  # type: ignore[method-assign]
        settings, rules = parse_settings(
            {"game": "ludo", "seats": dict.fromkeys(("red", "yellow"), "computer:expert")}
        )
        game, _ = await hub.create(settings, rules)
        watcher = await watch(game)
        while not asked:  # the roll-off and the first rolls need no worker
            await asyncio.sleep(0.01)
        await game.leave(watcher)
        await asyncio.sleep(0.1)
        gave_up = len(given_up)
        await watch(game)
        while len(asked) < 2:
            await asyncio.sleep(0.01)
        result = (len(asked), gave_up, len(game.events))
        await hub.close()
        store.close()
        return result

    async def bounded() -> tuple[int, int, int]:
        async with asyncio.timeout(WAIT):  # only reached when the server is broken
            return await play()

    asked, gave_up, _ = asyncio.run(bounded())
    assert gave_up == 1 and asked == 2


def test_games_loaded_from_the_store_are_limited_per_address(db: Path) -> None:
    """Loading a game replays its every event (tens of milliseconds for a long one): a client
    naming many stored games (the lobby's `mine`, or one after another) is held to
    ``loads_per_minute``; a game already loaded costs nothing and is not counted."""
    with running(db) as client:
        ids = [new_game(client, game="trouble", seats=TWO_HUMANS)["id"] for _ in range(3)]
    with running(db, limits=Limits(loads_per_minute=2, messages_per_second=1000)) as client:
        lobby = client.get(f"/api/lobby?mine={','.join(ids)}").json()
        assert [game["id"] for game in lobby["mine"]] == ids[:2]
        refused = client.get(f"/api/games/{ids[2]}")
        assert refused.status_code == 429 and "loaded from the store" in refused.json()["error"]
        for game_id in ids[:2]:  # loaded already
            assert client.get(f"/api/games/{game_id}").status_code == 200


def test_a_flood_of_queue_joins_is_limited_and_holds_up_nobody(
    served: Server, table: Table
) -> None:
    """Play people now: four clients joining a queue from one address as fast as answered
    hold its few places (``queue_tickets_per_address``), every other join refused with 429,
    while another game plays on; joining and leaving again and again is held to
    ``queue_joins_per_minute``."""
    tickets: list[str] = []
    body = {"game": "trouble", "players": 4, "wait": "people"}

    def join(i: int) -> httpx.Response:
        answer = post(served, "/api/queue", body)
        if answer.status_code == 201:
            tickets.append(answer.json()["ticket"])
        return answer

    slowest, statuses = flood(4, join, table)
    limits = Limits()
    assert slowest < ANSWER_LIMIT
    assert set(statuses) == {201, 429} and statuses.count(201) == limits.queue_tickets_per_address
    lobby = httpx.get(f"{served.url}/api/lobby", timeout=WAIT).json()
    assert [q["waiting"] for q in lobby["queues"]] == [limits.queue_tickets_per_address]
    joined = len(tickets)
    for _ in range(2 * limits.queue_joins_per_minute):  # join, leave, join again ...
        for ticket in tickets:
            assert httpx.delete(f"{served.url}/api/queue/{ticket}", timeout=WAIT).status_code == 200
        tickets.clear()
        refused = join(0)
        if refused.status_code == 429:
            break
        joined += 1
    assert "joins of a queue a minute from one address" in refused.json()["error"]
    assert joined <= limits.queue_joins_per_minute + 1  # and what came back meanwhile
    for ticket in tickets:
        httpx.delete(f"{served.url}/api/queue/{ticket}", timeout=WAIT)


def test_floods_of_profile_makings_and_sign_ins_are_limited_and_hold_up_nobody(
    served: Server, table: Table
) -> None:
    """Four clients of one address asking to make profiles, and four asking to sign in, twice
    a minute's worth in all: a minute's worth answered, every other refused with 429 before
    any work is done for it, while another game plays on."""
    counter = itertools.count()
    named = {"Host": served.url.replace("http://127.0.0.1", "localhost")}  # passkeys want a name

    def make() -> httpx.Response:
        return post(served, "/api/profiles/begin", {"name": f"Flood{next(counter)}"}, **named)

    def sign_in() -> httpx.Response:
        return post(served, "/api/signin/begin", {}, **named)

    def asking(fetch: Callable[[], httpx.Response], times: int) -> list[int]:
        return [fetch().status_code for _ in range(times)]

    limits = Limits()
    for fetch, most in ((make, limits.profiles_per_minute), (sign_in, limits.signins_per_minute)):
        start = time.monotonic()
        with concurrent.futures.ThreadPoolExecutor(4) as pool:
            flooding = [pool.submit(asking, fetch, most // 2) for _ in range(4)]
            slowest = table.play(30)
            statuses = [status for each in flooding for status in each.result()]
        assert slowest < ANSWER_LIMIT
        assert set(statuses) == {200, 429}
        refilled = (time.monotonic() - start) * most / 60 + 1  # what came back meanwhile
        assert most <= statuses.count(200) <= most + refilled


def test_a_flood_of_leaderboards_is_limited_and_holds_up_nobody(
    served: Server, table: Table
) -> None:
    """Leaderboards and players' pages read rows in the store's thread, which every game's
    events share: four clients of one address asking as fast as answered get a minute's
    worth at once, then 429, while another game plays on."""

    def ask(i: int) -> httpx.Response:
        return httpx.get(f"{served.url}/api/leaderboard/trouble", timeout=WAIT)

    slowest, statuses = flood(4, ask, table)
    assert slowest < ANSWER_LIMIT
    assert set(statuses) == {200, 429}
    assert (
        statuses.count(200) <= Limits().players_per_minute
    )  # a quarter at once, then a second each
