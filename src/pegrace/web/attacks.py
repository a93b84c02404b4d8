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
    "slow-body": "60 POSTs to /api/games and /api/qr promising a 60,000-byte body and sending "
    "a byte of it every 3 s, each sent again once closed",
    "heavy-many": "20 addresses (the attacker's and the 19 after it) each make a game of four "
    "computer:expert:ms=2000 and watch it",
    "heavy-network": "the heavy-many games on a server that counts an IPv4 /24 as one network "
    "(--limit network_ipv4_bits=24): 20 addresses of one network",
    "mine-flood": "12 long finished games of the attacker's named in GET /api/lobby?mine= 44 "
    "times a second, on a server holding at most 12 live games (--limit live_games=12)",
    "codes": "4 connections GET /api/rooms/CODE with random room codes (wrong ones) as fast as "
    "answered",
    "queue": "4 connections POST /api/queue (play people now: Trouble at 2 to 4 players) as "
    "fast as answered, each place got held by a long poll until it is seated",
    "profiles": "4 connections POST /api/profiles/begin (a new profile, a new name each time) "
    "as fast as answered, the server reached as localhost",
    "signin": "4 connections POST /api/signin/finish with forged passkey answers to ceremonies "
    "begun for them, as fast as answered",
    "mail": "a profile gives a stranger's e-mail address for its notices again and again on 4 "
    "connections, as fast as answered, on a server that mails (--smtp) through a mail server "
    "taking 2 s a message",
}


def attack_names(text: str) -> list[str]:
    """The attacks ``text`` names: ``all``, or names separated by commas, each once in the
    order given; ValueError for any other."""
    names = list(ATTACKS) if text == "all" else [name.strip() for name in text.split(",")]
    unknown = next((name for name in names if name not in ATTACKS), None)
    if unknown is not None:
        raise ValueError(
            f"invalid choice: {unknown!r} (choose from {', '.join(ATTACKS)} or all; several "
            "separated by commas)"
        )
    return list(dict.fromkeys(names))
