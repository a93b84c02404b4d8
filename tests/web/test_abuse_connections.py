"""What clients can do to the server's connections, over real sockets against `pegrace serve`:
open them and send nothing, or a request a byte at a time (slowloris), or fill every
connection the server has with idle ones from many addresses. Each is closed or refused with
a clear answer, and a newcomer still loads the page and plays.

The other addresses are loopback ones (127.0.0.2, ...): Linux answers every 127.x.y.z, so a
client can choose which one it comes from. 127.0.0.1 is the address uvicorn trusts as a proxy
(its requests may name the address they come for), so it is the newcomer, never the crowd.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import json
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from pages import Server, serving
from webclient import TWO_HUMANS
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

REQUEST_SECONDS = 2.0  # the served app's time to send a request's headers, and its body's grace
BODY_RATE = 500  # bytes a second a body must average past its grace
CONNECTIONS = 60  # its connections in all
PER_ADDRESS = 10  # connections one address may hold
SOCKETS_PER_ADDRESS = 6  # WebSockets one address may hold
WAIT = 10.0  # seconds: only reached when the server is broken


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("connections")
    limits = (
        f"request_seconds={REQUEST_SECONDS:g},body_seconds={REQUEST_SECONDS:g},"
        f"body_rate={BODY_RATE},connections={CONNECTIONS},"
        f"sockets={CONNECTIONS},connections_per_address={PER_ADDRESS},"
        f"sockets_per_address={SOCKETS_PER_ADDRESS},messages_per_second=400"
    )
    with serving(folder, "--limit", limits) as server:
        yield server


def tcp(server: Server, source: str = "127.0.0.2") -> socket.socket:
    """A connection to the server from ``source``."""
    raw = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    raw.bind((source, 0))
    raw.settimeout(WAIT)
    raw.connect(("127.0.0.1", server.port))
    return raw


def closed_within(raw: socket.socket, seconds: float) -> tuple[bool, bytes]:
    """Whether the server closed the connection within ``seconds``, and what it sent."""
    deadline = time.monotonic() + seconds
    said = b""
    raw.settimeout(0.2)
    while time.monotonic() < deadline:
        try:
            part = raw.recv(65536)
        except TimeoutError:
            continue
        except ConnectionError:
            return True, said
        if not part:
            return True, said
        said += part
    return False, said


def host(server: Server) -> bytes:
    return f"Host: 127.0.0.1:{server.port}\r\n".encode()


def test_connections_that_dawdle_are_closed(served: Server) -> None:
    """The slowloris shapes: nothing at all; half a request line; headers and then silence;
    a body trickled a byte at a time; a second request begun after a first was answered."""
    shapes: dict[str, list[bytes]] = {
        "nothing": [],
        "half a request line": [b"GET / HT"],
        "headers then silence": [b"GET / HTTP/1.1\r\n" + host(served)],
        "a body trickled": [
            b"POST /api/games HTTP/1.1\r\n"
            + host(served)
            + b"Content-Type: application/json\r\nContent-Length: 200\r\n\r\n{"
        ],
        "after an answer": [b"GET /api/catalog HTTP/1.1\r\n" + host(served) + b"\r\nGET /"],
    }
    opened = {}
    for shape, parts in shapes.items():
        raw = tcp(served)
        for part in parts:
            raw.sendall(part)
        opened[shape] = raw
    started = time.monotonic()
    trickled = opened["a body trickled"]
    for _ in range(int(REQUEST_SECONDS * 4)):
        with contextlib.suppress(OSError):
            trickled.sendall(b" ")  # a byte every quarter second: never the whole body
        time.sleep(0.25)
    for shape, raw in opened.items():
        closed, said = closed_within(raw, 3 * REQUEST_SECONDS + 2.0)
        assert closed, f"{shape}: still open after {time.monotonic() - started:.1f} s"
        if shape == "a body trickled":
            assert b"408" in said.split(b"\r\n")[0], said
            assert b"came too slowly" in said
        raw.close()
    assert time.monotonic() - started < 3 * REQUEST_SECONDS + 4.0


def test_an_address_past_its_connections_is_refused_clearly(served: Server) -> None:
    held = [tcp(served, "127.0.0.3") for _ in range(PER_ADDRESS)]
    try:
        refused = tcp(served, "127.0.0.3")
        closed, said = closed_within(refused, WAIT)
        assert closed and said.startswith(b"HTTP/1.1 503"), said
        assert b"too many connections from your address" in said
        refused.close()
        other = httpx.get(served.url + "/api/catalog", timeout=WAIT)  # others still come in
        assert other.status_code == 200
    finally:
        for raw in held:
            raw.close()


def game_socket(server: Server, game_id: str, source: str) -> ClientConnection:
    """A WebSocket to a game from ``source``, said hello to as a watcher."""
    raw = tcp(server, source)
    ws = connect(f"ws://127.0.0.1:{server.port}/ws/{game_id}", sock=raw, legacy=True)
    ws.send(json.dumps({"type": "hello", "tokens": []}))
    return ws


def test_a_newcomer_plays_while_idle_sockets_fill_the_server(served: Server) -> None:
    """Ten other addresses hold as many game sockets as each may, every connection the server
    has: a newcomer still loads the page, starts a game and plays it, each of its connections
    made room for by closing one of the crowd's."""
    created = httpx.post(
        served.url + "/api/games", json={"game": "trouble", "seats": TWO_HUMANS}, timeout=WAIT
    ).json()
    crowd: list[ClientConnection] = []
    try:
        for n in range(2, 12):
            for _ in range(SOCKETS_PER_ADDRESS):
                with contextlib.suppress(OSError, ConnectionClosed):
                    crowd.append(game_socket(served, created["id"], f"127.0.0.{n}"))
        assert len(crowd) >= CONNECTIONS - 2  # (the last may have found the server full)
        page = httpx.get(served.url + "/", timeout=WAIT)
        assert page.status_code == 200 and "<html" in page.text
        game = httpx.post(
            served.url + "/api/games", json={"game": "trouble", "seats": TWO_HUMANS}, timeout=WAIT
        ).json()
        with connect(f"ws://127.0.0.1:{served.port}/ws/{game['id']}") as ws:
            ws.send(json.dumps({"type": "hello", "tokens": list(game["tokens"].values())}))
            while json.loads(ws.recv(timeout=WAIT))["type"] != "state":
                pass
            for _ in range(3):
                ws.send(json.dumps({"type": "roll"}))
                while json.loads(ws.recv(timeout=WAIT))["type"] != "state":
                    pass
        made_room = sum(closed_within_ws(ws) for ws in crowd)
        assert made_room >= 1
    finally:
        for ws in crowd:
            ws.close()


def closed_within_ws(ws: ClientConnection) -> bool:
    """Whether the server has closed this socket to make room (code 4503), or closed it."""
    try:
        while True:
            ws.recv(timeout=0.01)
    except TimeoutError:
        return False
    except ConnectionClosed as closed:
        return closed.rcvd is None or closed.rcvd.code == 4503


def test_the_open_files_limit_is_raised_to_the_hard_one(served: Server) -> None:
    assert served.process is not None
    limits = Path(f"/proc/{served.process.pid}/limits").read_text()
    line = next(line for line in limits.splitlines() if line.startswith("Max open files"))
    soft, hard = line.split()[3:5]
    assert soft == hard, line


def test_an_ipv6_subscriber_counts_once_for_new_games(served: Server) -> None:
    """Forty addresses of one IPv6 /64 (one subscriber's block) used to create forty games a
    minute, past the limit of 30. Through a proxy on 127.0.0.1 (trusted to name the client)
    each request comes from another address of the same /64: the 31st is refused, and an
    address of another /64 is not."""

    def create_from(address: str) -> httpx.Response:
        return httpx.post(
            served.url + "/api/games",
            json={"game": "trouble", "seats": TWO_HUMANS},
            headers={"X-Forwarded-For": address},
            timeout=WAIT,
        )

    answers = [create_from(f"2001:db8:1:2::{n:x}") for n in range(1, 32)]
    assert [a.status_code for a in answers] == [201] * 30 + [429]
    assert "new games a minute from one address" in answers[-1].json()["error"]
    assert create_from("2001:db8:1:3::1").status_code == 201


def post_head(server: Server, length: int) -> bytes:
    return (
        b"POST /api/games HTTP/1.1\r\n"
        + host(server)
        + f"Content-Type: application/json\r\nContent-Length: {length}\r\n\r\n".encode()
    )


def trickled_until_closed(raws: list[socket.socket], gap: float, seconds: float) -> list[bytes]:
    """A byte every ``gap`` seconds on each of ``raws`` until the server closes it, for at most
    ``seconds``: what the server said on each before closing it (b"": it never did)."""
    said: list[bytes | None] = [None] * len(raws)
    answers = [b""] * len(raws)
    deadline = time.monotonic() + seconds
    for raw in raws:
        raw.settimeout(0.01)
    while None in said and time.monotonic() < deadline:
        for n, raw in enumerate(raws):
            if said[n] is not None:
                continue
            try:
                raw.sendall(b" ")
                part = raw.recv(65536)
            except TimeoutError:
                continue  # nothing said yet
            except OSError:
                part = b""  # closed while we sent
            answers[n] += part
            if not part:
                said[n] = answers[n]
        time.sleep(gap)
    return [b"" if s is None else s for s in said]  # b"": never closed


def test_a_body_trickled_below_the_rate_is_cut_off_after_its_grace(served: Server) -> None:
    """POSTs that promise 60,000 bytes and send one every half second (a deadline restarted at
    each byte would hold them for good): past the grace each is answered 408 and closed, and
    the address holds none of them any more: it has all its connections again."""
    source = "127.0.0.12"
    raws = [tcp(served, source) for _ in range(PER_ADDRESS)]
    for raw in raws:
        raw.sendall(post_head(served, 60000) + b"{")
    said = trickled_until_closed(raws, 0.5, REQUEST_SECONDS + 6.0)
    for raw in raws:
        raw.close()
    assert all(s.startswith(b"HTTP/1.1 408") for s in said), said
    assert b"came too slowly" in said[0] and b"connection: close" in said[0].lower()
    again = [tcp(served, source) for _ in range(PER_ADDRESS)]  # none refused: the slots are free
    try:
        again[-1].sendall(b"GET /api/catalog HTTP/1.1\r\n" + host(served) + b"\r\n")
        assert again[-1].recv(65536).startswith(b"HTTP/1.1 200")
    finally:
        for raw in again:
            raw.close()


def test_a_slow_honest_body_gets_through(served: Server) -> None:
    """A phone on a poor line: 2 KB sent in 16 parts over 3 s, past the grace of 2 s but well
    above the rate: the game is made."""
    body = json.dumps({"game": "trouble", "seats": TWO_HUMANS}).encode().ljust(2048)
    raw = tcp(served, "127.0.0.13")
    try:
        raw.sendall(post_head(served, len(body)))
        parts = 16
        for n in range(parts):
            raw.sendall(body[n * len(body) // parts : (n + 1) * len(body) // parts])
            time.sleep(3.0 / parts)
        answer = raw.recv(65536)
    finally:
        raw.close()
    assert answer.startswith(b"HTTP/1.1 201"), answer


CROWD = 200  # requests at once through the proxy: all served only if they came over 7.5 s
PACE = 20  # requests a second the paced app serves an address past its burst
BURST = 10


@pytest.fixture(scope="module")
def paced(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("paced")
    limits = f"requests_per_second={PACE},request_burst={BURST}"
    with serving(folder, "--limit", limits) as server:
        yield server


def lobby_from(server: Server, source: str, count: int) -> tuple[list[int], float]:
    """``count`` lobbies asked for on one connection from ``source``: their statuses, and when
    the last was answered (monotonic)."""
    transport = httpx.HTTPTransport(local_address=source)
    with httpx.Client(transport=transport, timeout=WAIT) as client:
        statuses = [client.get(f"{server.url}/api/lobby").status_code for _ in range(count)]
    return statuses, time.monotonic()


def test_an_address_that_floods_waits_its_turn_while_another_is_served(paced: Server) -> None:
    """Past its burst, an address's requests are answered at its pace, each in full (not
    refused): the flood waits on itself. Another address meanwhile is answered at once, done
    long before the flood, which the pace holds to at least (80 - 10) / 20 = 3.5 s."""
    started = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(5) as pool:
        floods = [pool.submit(lobby_from, paced, "127.0.0.4", 20) for _ in range(4)]
        time.sleep(0.5)  # the flood is past its burst
        other, other_done = lobby_from(paced, "127.0.0.5", BURST)
        flooded = [flood.result() for flood in floods]
    assert other == [200] * BURST
    assert [status for statuses, _ in flooded for status in statuses] == [200] * 80
    flood_done = max(done for _, done in flooded)
    assert flood_done - started >= (80 - BURST) / PACE
    assert other_done < flood_done


def test_a_proxys_crowd_from_one_address_past_the_longest_wait_is_refused(
    paced: Server,
) -> None:
    """Through the trusted proxy (127.0.0.1) an address's requests can come on many
    connections at once: those that would wait more than 2 s are refused with a clear 429,
    and the others are served."""

    async def crowd() -> list[httpx.Response]:
        limits = httpx.Limits(max_connections=CROWD)
        async with httpx.AsyncClient(timeout=WAIT, limits=limits) as client:
            forwarded = {"X-Forwarded-For": "198.51.100.9"}
            asks = [client.get(f"{paced.url}/api/lobby", headers=forwarded) for _ in range(CROWD)]
            return await asyncio.gather(*asks)

    answers = asyncio.run(crowd())
    statuses = [answer.status_code for answer in answers]
    # the burst and two seconds' worth at least; more only as far as the crowd came slowly
    assert statuses.count(200) >= BURST + 2 * PACE
    refused = [answer for answer in answers if answer.status_code == 429]
    assert refused and len(refused) == CROWD - statuses.count(200)
    assert "too many requests from your address" in refused[0].json()["error"]
