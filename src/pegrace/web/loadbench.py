"""Load benchmark of the web server (`pegrace bench-web`; a measurement, not a test).

Starts `pegrace serve` in a separate process on 127.0.0.1 with a throw-away store, creates many
games whose seats are all held by benchmark clients, and drives each game over its own
WebSocket: a client rolls or sends a random listed move as soon as its game's state says one
of its seats is to act. Latency is the time from sending a roll or move to receiving the state
update it caused. Runs for a fixed time (a finished game is replaced by a new one), then stops
the server. Loopback only: nothing here can be pointed at another host.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

from pegrace.errors import PegraceError
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


def cpu_seconds(pid: int) -> float | None:
    """User + system CPU time of a process (Linux /proc), None where that is not available."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def own_cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


class Bench:
    def __init__(self, port: int, server_pid: int, game: str, players: int, seed: int) -> None:
        self.server_pid = server_pid
        self.cpu_at_start: tuple[float | None, float] = (None, 0.0)
        self.cpu_at_end: tuple[float | None, float] = (None, 0.0)
        self.base = f"http://{HOST}:{port}"
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
        raise PegraceError(f"the server offers no game {self.game!r}")

    def http(self, method: str, path: str, body: Any = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method,
                                         headers={"Content-Type": "application/json"})  # fmt: skip
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.loads(response.read())

    def new_game(self, number: int) -> dict[str, Any]:
        body = {"game": self.game, "seats": dict.fromkeys(self.colours, "human"),
                "seed": self.seed * 1000003 + number, "idle_seconds": 0}  # fmt: skip
        self.tally.started += 1
        game: dict[str, Any] = self.http("POST", "/api/games", body)
        return game

    async def client(self, number: int, go: asyncio.Event, ready: list[int]) -> None:
        """One table: sets its first game up, waits for the start, then plays games back to
        back until the deadline (``self.deadline``, set when ``go`` fires)."""
        rng = random.Random(f"{self.seed}:{number}")
        game_number = number
        while True:
            game = await asyncio.to_thread(self.new_game, game_number)
            if not await self.play(game, rng, go, ready):
                return
            game_number += 1_000_000

    async def play(
        self, game: dict[str, Any], rng: random.Random, go: asyncio.Event, ready: list[int]
    ) -> bool:
        """Play one game; True if it ended before the deadline."""
        tally = self.tally
        url = f"ws://{HOST}:{self.base.rsplit(':', 1)[1]}/ws/{game['id']}"
        async with connect(url, max_size=None) as socket:
            tokens = list(game["tokens"].values())
            await socket.send(json.dumps({"type": "hello", "tokens": tokens}))
            if not go.is_set():  # the first game: every table is set up before the clock starts
                await self.first_state(socket)
                ready[0] += 1
                await go.wait()
                await socket.send('{"type": "roll"}')  # the seat to pop first: ours
            sent_at, sent_seq, was_move = time.perf_counter(), 0, False
            async for text in socket:
                message = json.loads(text)
                if message["type"] == "error":
                    tally.errors += 1
                if message["type"] != "state":
                    continue
                now = time.perf_counter()
                if sent_at and message["seq"] > sent_seq:
                    tally.latencies.append(now - sent_at)
                    if was_move:
                        tally.move_latencies.append(now - sent_at)
                        tally.moves += 1
                    else:
                        tally.rolls += 1
                    sent_at = 0.0
                if message["phase"] == "over":
                    tally.finished += 1
                    return True
                if now >= self.deadline:
                    return False
                was_move = message["phase"] == "move"
                if was_move:
                    choice = rng.choice(message["moves"])["text"]
                    reply = json.dumps({"type": "move", "move": choice})
                else:
                    reply = '{"type": "roll"}'
                sent_at, sent_seq = time.perf_counter(), message["seq"]
                await socket.send(reply)
        return False

    @staticmethod
    async def first_state(socket: Any) -> None:
        async for text in socket:
            if json.loads(text)["type"] == "state":
                return

    async def run(self, games: int, seconds: float) -> float:
        """Set every table up, then drive them all for ``seconds``; the time taken."""
        go, ready = asyncio.Event(), [0]
        clients = asyncio.gather(*(self.client(number, go, ready) for number in range(games)))
        setup_limit = time.perf_counter() + 60 + games * 0.1
        while ready[0] < games and not clients.done():
            if time.perf_counter() > setup_limit:
                clients.cancel()
                raise PegraceError(f"only {ready[0]} of {games} games were set up in time")
            await asyncio.sleep(0.05)
        self.cpu_at_start = (cpu_seconds(self.server_pid), own_cpu_seconds())
        start = time.perf_counter()
        self.deadline = start + seconds
        go.set()
        await asyncio.wait_for(clients, seconds + 60)
        elapsed = time.perf_counter() - start
        self.cpu_at_end = (cpu_seconds(self.server_pid), own_cpu_seconds())
        return elapsed


def start_server(port: int, db: Path) -> subprocess.Popen[bytes]:
    command = [
        sys.executable, "-m", "pegrace.cli", "serve", "--host", HOST, "--port", str(port),
        "--db", str(db), "--no-open", "--computer-delay", "0", "--log-level", "warning",
    ]  # fmt: skip
    return subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def wait_until_up(server: subprocess.Popen[bytes], port: int) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if server.poll() is not None:
            problem = server.stderr.read().decode() if server.stderr else ""
            raise PegraceError(f"the server did not start: {problem.strip()}")
        try:
            with urllib.request.urlopen(f"http://{HOST}:{port}/api/catalog", timeout=1):
                return
        except (urllib.error.URLError, OSError):
            time.sleep(0.1)
    raise PegraceError("the server did not answer within 30 s")


def stop_server(server: subprocess.Popen[bytes]) -> None:
    server.terminate()
    try:
        server.wait(10)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()
    if server.stderr is not None:
        server.stderr.close()


def bench_web(games: int, seconds: float, game: str, players: int, seed: int) -> dict[str, Any]:
    """Drive ``games`` concurrent games for ``seconds``; the figures as a dict."""
    if games < 1 or seconds <= 0:
        raise PegraceError("bench-web needs at least 1 game and a positive number of seconds")
    port = free_port(HOST)
    with tempfile.TemporaryDirectory(prefix="pegrace-bench-") as folder:
        server = start_server(port, Path(folder) / "games.sqlite3")
        try:
            wait_until_up(server, port)
            bench = Bench(port, server.pid, game, players, seed)
            elapsed = asyncio.run(bench.run(games, seconds))
        finally:
            stop_server(server)
    tally = bench.tally
    (server_cpu, client_cpu), (server_end, client_end) = bench.cpu_at_start, bench.cpu_at_end
    server_used = None if server_cpu is None or server_end is None else server_end - server_cpu
    client_used = client_end - client_cpu
    return {
        "game": game, "players": players, "concurrent_games": games, "seconds": round(elapsed, 2),
        "games_started": tally.started, "games_finished": tally.finished,
        "rolls": tally.rolls, "moves": tally.moves, "errors": tally.errors,
        "events_per_second": round((tally.rolls + tally.moves) / elapsed),
        "moves_per_second": round(tally.moves / elapsed),
        "latency_ms": _latency(tally.latencies),
        "move_latency_ms": _latency(tally.move_latencies),
        "server_cpu_seconds": None if server_used is None else round(server_used, 1),
        "client_cpu_seconds": round(client_used, 1),
    }  # fmt: skip


def _latency(values: list[float]) -> dict[str, float]:
    shares = {"p50": 0.5, "p90": 0.9, "p99": 0.99, "max": 1.0}
    return {name: round(percentile(values, share) * 1000, 2) for name, share in shares.items()}


def format_bench_web(report: dict[str, Any]) -> str:
    lat, moves = report["latency_ms"], report["move_latency_ms"]
    return "\n".join([
        f"{report['concurrent_games']} concurrent {report['players']}-player {report['game']} "
        f"games for {report['seconds']} s on {HOST} ({report['games_finished']} finished, "
        f"{report['games_started']} started)",
        f"  {report['moves_per_second']} moves/s, {report['events_per_second']} events/s "
        f"(rolls and moves; {report['errors']} errors)",
        f"  latency, roll or move sent -> update received: p50 {lat['p50']} ms, "
        f"p90 {lat['p90']} ms, p99 {lat['p99']} ms, max {lat['max']} ms",
        f"  moves only: p50 {moves['p50']} ms, p99 {moves['p99']} ms",
        f"  CPU: server {report['server_cpu_seconds']} s, clients {report['client_cpu_seconds']} s",
    ])  # fmt: skip
