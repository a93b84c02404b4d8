"""Running the web app under uvicorn (`pegrace serve`): refuse an address beyond this machine
unless asked (--public), lock the store (one server per store), check the address is free,
raise the open-files limit and count every connection (connections.py), print the address,
open it in a browser where there is one, and stop cleanly on Ctrl-C or SIGTERM."""

from __future__ import annotations

import gc
import os
import socket
import sys
import threading
import time
import webbrowser
from dataclasses import replace
from typing import TextIO

import uvicorn
from starlette.types import ASGIApp
from uvicorn.protocols.http.auto import AutoHTTPProtocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from pegrace.errors import OptionError, saying, system_words
from pegrace.i18n import said
from pegrace.web.app import create_app
from pegrace.web.connections import Doorman, tracked
from pegrace.web.guard import check_origin, is_loopback
from pegrace.web.limits import Limits
from pegrace.web.mail import Mailer
from pegrace.web.stores import Where, held, shown


def free_port(host: str) -> int:
    """A port the system has free on ``host`` now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((host, 0))
        port: int = probe.getsockname()[1]
        return port


FILES_KEPT = 200  # open files the server keeps for itself: the store, workers' pipes, logs


def raise_open_files() -> int:
    """Raise the soft limit on open files to the hard one (every connection holds a file: at
    the common soft limit of 1,024 a thousand idle connections would lock everyone else out);
    the soft limit now."""
    try:
        import resource
    except ImportError:  # Windows: no such limit
        return 1 << 16
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = hard if hard != resource.RLIM_INFINITY else max(soft, 1 << 20)
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    except (ValueError, OSError):
        return soft
    return wanted


def fit_to_files(limits: Limits, files: int, out: TextIO) -> Limits:
    """The limits with no more connections than the open-files limit leaves room for."""
    room = max(16, files - FILES_KEPT)
    if limits.connections <= room:
        return limits
    print(
        f"pegrace: at most {room} connections (the open-files limit is {files})",
        file=out,
        flush=True,
    )
    return replace(limits, connections=room, sockets=min(limits.sockets, room))


def trusted_proxies() -> tuple[str, ...]:
    """The addresses uvicorn trusts to forward clients' addresses (its default)."""
    given = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")
    return tuple(part.strip() for part in given.split(",") if part.strip())


def check_address(host: str, port: int) -> None:
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind((host, port))
    except OSError as err:
        # TRANSLATORS: {address} is HOST:PORT; {problem} the system's words (in English)
        taken = said(
            "cannot serve on {address}: {problem} (choose another --port, or 0 for any free one)",
            address=host + ":" + str(port),
            problem=system_words(err),
        )
        raise saying(OptionError, taken) from None


def page_address(host: str, port: int) -> str:
    shown = "127.0.0.1" if host in ("0.0.0.0", "") else host
    return f"http://{shown}:{port}/"


def has_browser() -> bool:
    """A graphical browser can open (never a text one that would take over this terminal)."""
    if sys.platform in ("darwin", "win32"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def check_public(host: str, public: bool) -> None:
    """Serving beyond this machine must be asked for: the games and their links would be
    open to anyone who can reach the address, over plain HTTP."""
    if not public and not is_loopback(host):
        # TRANSLATORS: {host} is the address as typed; --public and the section's title in
        # docs/web-public.md ("Behind a TLS reverse proxy") are kept as they are
        public_only = said(
            "--host {host} is not a loopback address: anyone who can reach it could watch and "
            "join games over plain HTTP; add --public to serve there anyway (better: keep "
            "the default and put a TLS reverse proxy in front, see docs/web-public.md, "
            '"Behind a TLS reverse proxy")',
            host=host,
        )
        raise saying(OptionError, public_only)


def serve(
    host: str,
    port: int,
    where: Where,
    *,
    open_browser: bool | None,
    computer_delay: float,
    log_level: str,
    out: TextIO,
    public: bool = False,
    allowed_origins: tuple[str, ...] = (),
    limits: Limits | None = None,
    mailer: Mailer | None = None,
    outside_players: tuple[str, ...] = (),
) -> int:
    """Serve until stopped. ``open_browser`` None: open one if the session has a display.
    Settings are checked, and the store locked (one server per store), before any socket."""
    check_public(host, public)
    origins = tuple(check_origin(origin) for origin in allowed_origins)
    with held(where):
        port = free_port(host) if port == 0 else port
        check_address(host, port)
        limits = fit_to_files(limits or Limits(), raise_open_files(), out)
        doorman = Doorman(limits, trusted_proxies())
        app = create_app(
            where,
            computer_delay=computer_delay,
            limits=limits,
            allowed_origins=origins,
            doorman=doorman,
            host=host,
            mailer=mailer,
            outside_players=outside_players,
        )
        return run(
            app,
            host,
            port,
            where,
            open_browser=open_browser,
            log_level=log_level,
            out=out,
            doorman=doorman,
        )


def run(
    app: ASGIApp,
    host: str,
    port: int,
    where: Where,
    *,
    open_browser: bool | None,
    log_level: str,
    out: TextIO,
    doorman: Doorman | None = None,
) -> int:
    # loop "auto" is uvloop (a dependency except on Windows): its event loop and sockets carry
    # a message for far less CPU than asyncio's; no per-message compression: the messages are
    # small, and deflating each one costs more CPU than the rest of sending it; a player's
    # message is tiny, so 64 KiB is plenty
    # every connection is admitted and timed by the doorman (connections.py)
    doorman = Doorman(Limits(), trusted_proxies()) if doorman is None else doorman
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level=log_level,
        loop="auto",
        http=tracked(AutoHTTPProtocol, doorman, websocket=False),
        ws=tracked(WebSocketsSansIOProtocol, doorman, websocket=True),
        ws_per_message_deflate=False,
        ws_max_size=65536,
    )
    quiet_garbage_collector()
    server = uvicorn.Server(config)
    address = page_address(host, port)
    print(
        f"pegrace: serving {address} (games kept in {shown(where)}); Ctrl-C stops",
        file=out,
        flush=True,
    )
    if not is_loopback(host):
        print(
            "pegrace: not a loopback address: anyone who can reach it can watch and join games",
            file=out,
            flush=True,
        )
    if open_browser if open_browser is not None else has_browser():
        threading.Thread(target=_open_when_up, args=(server, address), daemon=True).start()
    server.run()
    return 0 if server.started else 1


def quiet_garbage_collector() -> None:
    """Every event makes many short-lived objects, and with Python's default threshold the
    cycle collector ran about 25 times a second, now and then scanning the whole heap (each such
    pass held every game up for about 60 ms). Objects made at startup are frozen out of its
    scans, and it runs a hundredth as often (the server's data hold few cycles)."""
    gc.freeze()
    gen0, gen1, gen2 = gc.get_threshold()
    gc.set_threshold(gen0 * 100, gen1, gen2)


def _open_when_up(server: uvicorn.Server, address: str) -> None:
    deadline = time.monotonic() + 10
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    if server.started:
        webbrowser.open(address)
