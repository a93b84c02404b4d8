"""Servers on two "hosts" (network namespaces linked by a veth pair: tests/netns.py), sharing
one PostgreSQL store that runs on the first and that the second reaches by its address: an
event played through either reaches the other's clients. Needs root, as CI has."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

from pages import new_game
from websockets.sync.client import ClientConnection, connect

from netns import Hosts, hosts
from postgres import Cluster

PORT = 8000  # each host has its own ports
LIMIT = 20.0
Json = dict[str, Any]


@contextmanager
def serving(where: Hosts, host: str, address: str, url: str, log: Path) -> Iterator[str]:
    """`pegrace serve` in namespace ``host`` on ``address``; its base URL."""
    command = [
        *where.inside(host),
        str(Path(sys.executable).with_name("pegrace")),
        "serve", "--host", address, "--port", str(PORT), "--public", "--store", url,
        "--no-open", "--computer-delay", "0",
    ]  # fmt: skip
    with log.open("ab") as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)
    base = f"http://{address}:{PORT}"
    try:
        deadline = time.monotonic() + LIMIT
        while True:
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"pegrace serve did not start: {log.read_text()}")
            try:
                urllib.request.urlopen(base + "/api/catalog", timeout=2).close()
                break
            except (urllib.error.URLError, ConnectionError):
                time.sleep(0.2)
        yield base
    finally:
        process.kill()
        process.wait()


def next_state(ws: ClientConnection, seq: int) -> Json:
    """The first state past ``seq``."""
    while True:
        message = json.loads(ws.recv(timeout=LIMIT))
        if message["type"] == "state" and message["seq"] > seq:
            return message


def action(state: Json) -> Json:
    if state["phase"] == "move":
        return {"type": "move", "move": state["moves"][0]["text"]}
    return {"type": "roll"}


def test_servers_on_two_hosts_share_one_postgresql_across_the_network(tmp_path: Path) -> None:
    with ExitStack() as stack:
        where = stack.enter_context(hosts())
        folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="pegrace-pg-")))
        os.chmod(folder, 0o755)
        cluster = Cluster(folder, host=where.a_to_b, inside=where.inside(where.a))
        stack.callback(cluster.stop)
        url = cluster.start()  # on host a, listening on its link to b only
        one = stack.enter_context(serving(where, where.a, where.a_here, url, tmp_path / "a.log"))
        two = stack.enter_context(serving(where, where.b, where.b_here, url, tmp_path / "b.log"))
        game = new_game(one, {"game": "trouble", "seats": {"red": "human", "green": "human"}})
        tokens = list(game["tokens"].values())
        path = f"/ws/{game['id']}"
        player = stack.enter_context(connect(one.replace("http", "ws") + path, open_timeout=LIMIT))
        other = stack.enter_context(connect(two.replace("http", "ws") + path, open_timeout=LIMIT))
        for ws in (player, other):
            ws.send(json.dumps({"type": "hello", "tokens": tokens}))
        state = seen = next_state(player, -1)
        next_state(other, -1)
        for turn in range(20):  # through host a, then through host b, in turns
            acting, watching = (player, other) if turn % 2 else (other, player)
            if not state["forced_pass"]:
                acting.send(json.dumps(action(state)))
            state = next_state(acting, state["seq"])
            seen = next_state(watching, seen["seq"])
            while seen["seq"] < state["seq"]:  # a forced pass played meanwhile
                seen = next_state(watching, seen["seq"])
            assert (seen["seq"], seen["log"], seen["pieces"]) == (
                state["seq"],
                state["log"],
                state["pieces"],
            )
        assert state["seq"] >= 20
