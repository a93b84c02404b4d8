"""The attacks `pegrace bench-web --attack NAME` measures the server under (attackbench/),
each said in a line: here, apart, so that the command's help can list them without loading
the web stack."""

from __future__ import annotations

ATTACKS: dict[str, str] = {
    "replay": "8 clients fetch GET /api/games/ID/replay of a long finished game (4 random "
    "computers) in a loop",
    "qr": "4 connections POST /api/qr with a 512-character text as fast as answered",
    "computers": "create as many games as the server lets one address create, each of four "
    "computer:expert:ms=2000 with nobody connected",
    "computers-watched": "the computers attack, each game watched by a WebSocket of the "
    "attacker's (computers play only while somebody watches)",
    "names": "one seat on 32 WebSockets, each sending a changing name (and every tenth "
    "message a hello) at 45 a second, just under the per-socket limit",
    "idle": "open idle WebSockets until refused and hold them, plus idle raw TCP connections",
    "slowloris": "raw TCP connections sending half a request line, headers then silence, "
    "nothing at all, or a POST body a byte a second, held open",
}
