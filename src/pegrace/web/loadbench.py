"""Load benchmark of the web server (`pegrace bench-web`; a measurement, not a test).

Starts `pegrace serve` in a separate process on 127.0.0.1 with a throw-away store, creates many
games whose seats are all held by benchmark clients, and drives each game over its own
WebSocket: a client rolls or sends a random listed move as soon as its game's state says one
of its seats is to act. Latency is the time from sending a roll or move to receiving the state
update it caused. Runs for a fixed time (a finished game is replaced by a new one), then stops
the server. Loopback only: nothing here can be pointed at another host.

The clients share the machine with the server, so they are kept cheap: one uvloop event loop,
and each game's socket answered straight from its transport callbacks (websockets' sans-I/O
protocol, orjson), with no task or queue per message.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Coroutine, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar, cast

import orjson
from websockets.client import ClientProtocol
from websockets.frames import Frame, Opcode
from websockets.http11 import Response
from websockets.uri import parse_uri

from pegrace.errors import PegraceError, saying
from pegrace.i18n import said, said_n
from pegrace.web.procstat import (
    children,
    cpu_seconds,
    own_cpu_seconds,
    postmaster,
    start_time,
    tree_cpu_seconds,
)
from pegrace.web.server import free_port

HOST = "127.0.0.1"  # never anything else: the benchmark only loads this machine


@dataclass
class Tally:
    """What every client saw, merged."""

    latencies: list[float] = field(default_factory=list)  # seconds, every roll and move
    move_latencies: list[float] = field(default_factory=list)
    rolls: int = 0
    moves: int = 0
    errors: int = 0
    finished: int = 0
    started: int = 0


def percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


class Bench:
    """The clients: game ``number``'s go to server ``number % len(ports)`` (several servers
    on one store: the clients are their router). The servers' CPU is summed, and with
    ``db_pid`` (a local PostgreSQL's postmaster) the database's too."""

    def __init__(
        self,
        ports: list[int],
        server_pids: list[int],
        game: str,
        players: int,
        seed: int,
        db_pid: int | None = None,
    ) -> None:
        self.server_pids, self.db_pid = server_pids, db_pid
        self.cpu_at_start: tuple[float | None, float] = (None, 0.0)
        self.cpu_at_end: tuple[float | None, float] = (None, 0.0)
        self.db_cpu = 0.0
        self.ports = ports
        self.base = f"http://{HOST}:{ports[0]}"
        self.game = game
        self.players = players
        self.seed = seed
        self.tally = Tally()
        self.colours = self._colours()
        self.deadline = float("inf")

    def _colours(self) -> list[str]:
        catalog = self.http("GET", "/api/catalog")
        for entry in catalog["games"]:
            if entry["name"] == self.game:
                colours: list[str] = entry["colours"][str(self.players)]
                return colours
        # TRANSLATORS: {game} is a game's name as given, quoted
        raise saying(PegraceError, said("the server offers no game {game}", game=repr(self.game)))

    def http(self, method: str, path: str, body: Any = None, port: int | None = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        base = self.base if port is None else f"http://{HOST}:{port}"
        request = urllib.request.Request(
            base + path, data=data, method=method, headers={"Content-Type": "application/json"}
        )
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.loads(response.read())

    def new_game(self, number: int) -> dict[str, Any]:
        body = {
            "game": self.game,
            "seats": dict.fromkeys(self.colours, "human"),
            "seed": self.seed * 1000003 + number,
            "idle_seconds": 0,
        }
        self.tally.started += 1
        game: dict[str, Any] = self.http("POST", "/api/games", body, self.port_of(number))
        return game

    def port_of(self, number: int) -> int:
        return self.ports[number % len(self.ports)]

    def cpu(self) -> float | None:
        """The servers' CPU seconds so far (None where that cannot be read)."""
        found = [cpu_seconds(pid) for pid in self.server_pids]
        return None if None in found else sum(f for f in found if f is not None)

    async def client(self, number: int, go: asyncio.Event, ready: list[int]) -> None:
        """One table: sets its first game up, waits for the start, then plays games back to
        back until the deadline (``self.deadline``, set when ``go`` fires)."""
        rng = random.Random(f"{self.seed}:{number}")
        game_number = number
        while True:
            game = await asyncio.to_thread(self.new_game, game_number)
            if not await self.play(game, rng, go, ready, self.port_of(number)):
                return
            game_number += 1_000_000

    async def play(
        self,
        game: dict[str, Any],
        rng: random.Random,
        go: asyncio.Event,
        ready: list[int],
        port: int,
    ) -> bool:
        """Play one game on the server at ``port``; True if it ended before the deadline."""
        url = f"ws://{HOST}:{port}/ws/{game['id']}"
        table = Table(self, url, list(game["tokens"].values()), rng, playing=go.is_set())
        await asyncio.get_running_loop().create_connection(lambda: table, HOST, port)
        try:
            if not go.is_set():  # the first game: every table is set up before the clock starts
                await table.waiting  # its first state
                ready[0] += 1
                await go.wait()
                table.start()
            return await table.waiting
        finally:
            table.close()

    async def run(self, games: int, seconds: float) -> float:
        """Set every table up, then drive them all for ``seconds``; the time taken."""
        go, ready = asyncio.Event(), [0]
        clients = asyncio.gather(*(self.client(number, go, ready) for number in range(games)))
        try:
            setup_limit = time.perf_counter() + 60 + games * 0.1
            while ready[0] < games and not clients.done():
                if time.perf_counter() > setup_limit:
                    raise saying(PegraceError, said_n(
                        "only {ready} of {count} game was set up in time",
                        "only {ready} of {count} games were set up in time", games, ready=ready[0],
                    ))  # fmt: skip
                await asyncio.sleep(0.05)
            self.cpu_at_start = (self.cpu(), own_cpu_seconds())
            db_start = tree_cpu_seconds(self.db_pid) if self.db_pid else 0.0
            start = time.perf_counter()
            self.deadline = start + seconds
            go.set()
            await asyncio.wait_for(clients, seconds + 60)
        finally:
            if not clients.done():  # stopped early (an error, Ctrl-C, SIGTERM): stop them too
                clients.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await clients
        elapsed = time.perf_counter() - start
        self.cpu_at_end = (self.cpu(), own_cpu_seconds())
        if self.db_pid:
            self.db_cpu = tree_cpu_seconds(self.db_pid) - db_start
        return elapsed


class Table(asyncio.Protocol):
    """One game's WebSocket, played from the transport's callbacks: every state update that
    a roll or move caused is timed, and answered at once with the next roll or move."""

    def __init__(
        self, bench: Bench, url: str, tokens: list[str], rng: random.Random, playing: bool
    ) -> None:
        self.bench = bench
        self.rng = rng
        self.playing = playing  # False until start(): the first game waits for every table
        self.socket = ClientProtocol(parse_uri(url), max_size=None)
        self.hello = orjson.dumps({"type": "hello", "tokens": tokens})
        self.transport: asyncio.Transport | None = None
        self.failure: Exception | None = None  # why the socket broke, if it did
        # what play() waits for: the first state (until started), then the game's end (True:
        # it ended before the deadline)
        self.waiting = self.expect()
        self.fragments: list[bytes] = []
        self.sent_at, self.sent_seq, self.was_move = 0.0, 0, False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.Transport, transport)  # uvloop's is not a subclass
        self.socket.send_request(self.socket.connect())
        self.flush()

    def connection_lost(self, exc: Exception | None) -> None:
        self.transport = None
        problem = said("no reason") if exc is None else str(exc)
        # TRANSLATORS: {problem} is the system's words for why (in English), or "no reason"
        closed = said("the server closed a game's socket: {problem}", problem=problem)
        self.finish(saying(PegraceError, closed))

    def data_received(self, data: bytes) -> None:
        self.socket.receive_data(data)
        for event in self.socket.events_received():
            if isinstance(event, Response):
                if self.socket.handshake_exc is not None:
                    # TRANSLATORS: {problem} is the WebSocket library's words (in English)
                    problem = str(self.socket.handshake_exc)
                    refused = said("WebSocket refused: {problem}", problem=problem)
                    self.finish(saying(PegraceError, refused))
                else:
                    self.send(self.hello)
            elif isinstance(event, Frame) and event.opcode in (Opcode.TEXT, Opcode.CONT):
                self.fragments.append(bytes(event.data))
                if event.fin:
                    text, self.fragments = b"".join(self.fragments), []
                    self.received(orjson.loads(text))
        self.flush()  # whatever the protocol answers by itself (pongs, the closing handshake)

    def received(self, message: dict[str, Any]) -> None:
        tally = self.bench.tally
        if message["type"] == "error":
            tally.errors += 1
        if message["type"] != "state":
            return
        if not self.playing:
            self.finish(True)
            return
        now = time.perf_counter()
        if self.sent_at and message["seq"] > self.sent_seq:
            tally.latencies.append(now - self.sent_at)
            if self.was_move:
                tally.move_latencies.append(now - self.sent_at)
                tally.moves += 1
            else:
                tally.rolls += 1
            self.sent_at = 0.0
        if message["phase"] == "over":
            tally.finished += 1
            self.finish(True)
        elif now >= self.bench.deadline:
            self.finish(False)
        else:
            self.act(message)

    def act(self, state: dict[str, Any]) -> None:
        self.was_move = state["phase"] == "move"
        if self.was_move:
            choice = self.rng.choice(state["moves"])["text"]
            reply = orjson.dumps({"type": "move", "move": choice})
        else:
            reply = b'{"type":"roll"}'
        self.sent_at, self.sent_seq = time.perf_counter(), state["seq"]
        self.send(reply)

    def start(self) -> None:
        """The clock has started: pop first (every seat is ours)."""
        self.playing = True
        self.waiting = self.expect()
        self.sent_at, self.sent_seq, self.was_move = time.perf_counter(), 0, False
        self.send(b'{"type":"roll"}')

    def send(self, text: bytes) -> None:
        self.socket.send_text(text)
        self.flush()

    def flush(self) -> None:
        if self.transport is not None:
            self.transport.write(b"".join(self.socket.data_to_send()))

    def expect(self) -> asyncio.Future[bool]:
        waiting: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        if self.failure is not None:
            waiting.set_exception(self.failure)
        return waiting

    def finish(self, outcome: bool | Exception) -> None:
        if isinstance(outcome, Exception):
            self.failure = outcome
        if self.waiting.done():
            return
        if isinstance(outcome, Exception):
            self.waiting.set_exception(outcome)
        else:
            self.waiting.set_result(outcome)

    def close(self) -> None:
        if self.transport is not None:
            self.socket.send_close()
            self.flush()
            self.transport.close()
            self.transport = None


T = TypeVar("T")


def run_loop(main: Coroutine[Any, Any, T]) -> T:
    """Run ``main`` on uvloop (a dependency except on Windows), else on asyncio's loop. Ctrl-C
    (asyncio's own handling) and SIGTERM cancel it, so its `finally` blocks run in the loop;
    then KeyboardInterrupt, or ``Terminated``, is raised."""
    terminated = False

    async def guarded() -> T:
        nonlocal terminated
        loop, task = asyncio.get_running_loop(), asyncio.current_task()

        def stop() -> None:
            nonlocal terminated
            terminated = True
            if task is not None:
                task.cancel()

        # (no signal handlers on Windows' loop, nor outside the main thread)
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            loop.add_signal_handler(signal.SIGTERM, stop)
        return await main

    previous = signal.getsignal(signal.SIGTERM)
    try:
        try:
            import uvloop
        except ImportError:
            return asyncio.run(guarded())
        return uvloop.run(guarded())
    except asyncio.CancelledError:
        if terminated:
            raise Terminated from None
        raise
    finally:
        if previous is not None and threading.current_thread() is threading.main_thread():
            signal.signal(signal.SIGTERM, previous)  # the loop's closing reset it


# Every benchmark client comes from this one address and plays as fast as the server answers:
# the limits on what one address or socket may do are lifted (all else is as served).
UNLIMITED = "games_per_minute=100000000,sockets_per_address=100000000,messages_per_second=1e8"


def start_server(
    port: int,
    db: Path,
    limits: str | None = UNLIMITED,
    src: Path | None = None,
    store: str | None = None,
) -> subprocess.Popen[bytes]:
    """`pegrace serve` on ``port`` with the store ``db`` (or ``store``, a PostgreSQL URL),
    ``--computer-delay 0`` and ``limits`` (None: the defaults); ``src``: the pegrace it runs,
    from that source folder (another commit's, to compare), else this one. Its log goes to a
    file beside ``db`` (``server_log``): a pipe nobody reads would stall the server once it
    fills."""
    env = None if src is None else {**os.environ, "PYTHONPATH": str(src)}
    command = [sys.executable, "-m", "pegrace.cli", "serve", "--host", HOST, "--port", str(port)]
    # --db (an earlier pegrace's name for --store, which --server-src may run) or a URL
    command += ("--store", store) if store else ("--db", str(db))
    command += ("--no-open", "--computer-delay", "0", "--log-level", "warning")
    command += ("--limit", limits) if limits is not None else ()
    with server_log(db).open("ab") as log:
        # preexec_fn: the benchmark starts servers from its main thread, between event loops
        return subprocess.Popen(
            command,
            stdout=subprocess.DEVNULL,
            stderr=log,
            env=env,
            preexec_fn=die_with_parent,  # noqa: PLW1509
        )


def server_log(db: Path) -> Path:
    return db.with_name(db.name + ".log")


def die_with_parent() -> None:
    """Have this process sent SIGTERM when its parent ends, however it ends (even killed);
    Linux only (elsewhere the parent's `finally` is all there is)."""
    if sys.platform != "linux":
        return
    import ctypes

    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


def wait_until_up(server: subprocess.Popen[bytes], port: int, db: Path | None = None) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if server.poll() is not None:
            log = server_log(db) if db is not None else None
            problem = log.read_text(errors="replace") if log and log.exists() else ""
            # TRANSLATORS: {problem} is the end of the server's log (in English)
            stopped = said("the server did not start: {problem}", problem=problem.strip()[-2000:])
            raise saying(PegraceError, stopped)
        try:
            with urllib.request.urlopen(f"http://{HOST}:{port}/api/catalog", timeout=1):
                return
        except (urllib.error.URLError, OSError):
            time.sleep(0.1)
    # TRANSLATORS: {seconds} is a number of seconds ("s")
    raise saying(PegraceError, said("the server did not answer within {seconds} s", seconds=30))


def stop_server(server: subprocess.Popen[bytes]) -> None:
    """Stop the server (SIGTERM, then SIGKILL after 10 s) and any child of it left behind
    (its worker processes). Ctrl-C and SIGTERM wait meanwhile: stopping is not cut short."""
    with signals_held():
        workers = children(server.pid)
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        for pid, started in workers:  # each still the same process: kill it
            if start_time(pid) == started:
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGKILL)


@contextlib.contextmanager
def signals_held() -> Iterator[None]:
    """SIGINT and SIGTERM wait until the block is done (in the main thread only)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    held = {signal.SIGINT, signal.SIGTERM}
    signal.pthread_sigmask(signal.SIG_BLOCK, held)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, held)


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised where the program is, like Ctrl-C, so every `finally` runs."""


@contextlib.contextmanager
def sigterm_as_interrupt() -> Iterator[None]:
    """While the block runs, SIGTERM raises ``Terminated`` (a KeyboardInterrupt) as Ctrl-C
    does: the benchmark stops its server and helpers on the way out (by default SIGTERM ends
    the process at once and leaves them running)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def terminated(signum: int, frame: object) -> None:
        raise Terminated

    previous = signal.signal(signal.SIGTERM, terminated)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def bench_web(
    games: int,
    seconds: float,
    game: str,
    players: int,
    seed: int,
    src: Path | None = None,
    store: str | None = None,
    servers: int = 1,
) -> dict[str, Any]:
    """Drive ``games`` concurrent games for ``seconds`` on ``servers`` servers (of ``src``,
    on the store ``store``, a PostgreSQL URL, else a new SQLite file: start_server), the
    games spread round-robin; the figures as a dict."""
    if servers > 1 and store is None:
        # TRANSLATORS: --store URL is the option to give, kept as it is
        alone = said("several servers share a PostgreSQL store only: give --store URL")
        raise saying(PegraceError, alone)
    with (
        tempfile.TemporaryDirectory(prefix="pegrace-bench-") as folder,
        servers_up(servers, Path(folder) / "games.sqlite3", src=src, store=store) as up,
    ):
        ports, pids = up
        bench = Bench(ports, pids, game, players, seed, postmaster(store))
        elapsed = run_loop(bench.run(games, seconds))
    return _report(bench, games, elapsed, store, servers)


@contextlib.contextmanager
def servers_up(
    count: int,
    db: Path,
    *,
    limits: str | None = UNLIMITED,
    src: Path | None = None,
    store: str | None = None,
) -> Iterator[tuple[list[int], list[int]]]:
    """``count`` servers (start_server) on one store, each said and answering: their ports
    and pids while the block runs; stopped after."""
    ports = [free_port(HOST) for _ in range(count)]
    started: list[subprocess.Popen[bytes]] = []
    try:
        for port in ports:
            started.append(start_server(port, db, limits=limits, src=src, store=store))
            up = f"pegrace: bench-web: server pid {started[-1].pid} on http://{HOST}:{port}/"
            print(up, file=sys.stderr, flush=True)
        for server, port in zip(started, ports, strict=True):
            wait_until_up(server, port, db)
        yield ports, [server.pid for server in started]
    finally:
        for server in started:
            stop_server(server)


def _report(
    bench: Bench, games: int, elapsed: float, store: str | None, servers: int
) -> dict[str, Any]:
    tally = bench.tally
    (server_cpu, client_cpu), (server_end, client_end) = bench.cpu_at_start, bench.cpu_at_end
    server_used = None if server_cpu is None or server_end is None else server_end - server_cpu
    client_used = client_end - client_cpu
    events = tally.rolls + tally.moves
    return {
        "game": bench.game,
        "players": bench.players,
        "store": "postgresql" if store else "sqlite",
        "servers": servers,
        "concurrent_games": games,
        "seconds": round(elapsed, 2),
        "games_started": tally.started,
        "games_finished": tally.finished,
        "rolls": tally.rolls,
        "moves": tally.moves,
        "errors": tally.errors,
        "events_per_second": round(events / elapsed),
        "moves_per_second": round(tally.moves / elapsed),
        "latency_ms": _latency(tally.latencies),
        "move_latency_ms": _latency(tally.move_latencies),
        "server_cpu_seconds": None if server_used is None else round(server_used, 1),
        "server_cpu_ms_per_event": None
        if server_used is None or not events
        else round(1000 * server_used / events, 3),
        "database_cpu_seconds": round(bench.db_cpu, 1) if store else None,
        "client_cpu_seconds": round(client_used, 1),
    }


def _latency(values: list[float]) -> dict[str, float]:
    shares = {"p50": 0.5, "p90": 0.9, "p99": 0.99, "max": 1.0}
    return {name: round(percentile(values, share) * 1000, 2) for name, share in shares.items()}


def format_bench_web(report: dict[str, Any]) -> str:
    lat, moves = report["latency_ms"], report["move_latency_ms"]
    return "\n".join(
        [
            f"{report['concurrent_games']} concurrent {report['players']}-player {report['game']} "
            f"games for {report['seconds']} s on {HOST}, {report.get('servers', 1)} server(s) on "
            f"a {report.get('store', 'sqlite')} store "
            f"({report['games_finished']} finished, "
            f"{report['games_started']} started)",
            f"  {report['moves_per_second']} moves/s, {report['events_per_second']} events/s "
            f"(rolls and moves; {report['errors']} errors)",
            f"  latency, roll or move sent -> update received: p50 {lat['p50']} ms, "
            f"p90 {lat['p90']} ms, p99 {lat['p99']} ms, max {lat['max']} ms",
            f"  moves only: p50 {moves['p50']} ms, p99 {moves['p99']} ms",
            f"  CPU: server {report['server_cpu_seconds']} s "
            f"({report.get('server_cpu_ms_per_event')} ms an event), "
            f"database {report.get('database_cpu_seconds')} s, "
            f"clients {report['client_cpu_seconds']} s",
        ]
    )
