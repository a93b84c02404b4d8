"""The web app: the page and its static files, the JSON API that sets games up, and one
WebSocket per game through which players act and everyone watches (docs/web.md;
the protocol: docs/web-protocol.md)."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import re
from collections import Counter, deque
from collections.abc import AsyncIterator, Callable, Sequence
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import (
    JSONResponse,
    Response,
)
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

from pegrace.errors import OptionError, PegraceError
from pegrace.games import list_games
from pegrace.i18n import Said, said, said_n
from pegrace.web import offered
from pegrace.web.answering import JSONBytes, api, json_body
from pegrace.web.compressed import CompressedStatic, answer, kept_json
from pegrace.web.connections import CURRENT, Doorman
from pegrace.web.gamestore import StoreUnavailable
from pegrace.web.guard import Guard, client_key
from pegrace.web.heavy import KeptAnswers, QrJob
from pegrace.web.hub import GameHub
from pegrace.web.lessons import lesson_routes
from pegrace.web.limits import Buckets, Fleet, Limits, TokenBucket
from pegrace.web.mail import Mailer
from pegrace.web.names import seat_names
from pegrace.web.pages import (
    STATIC,
    games_style,
    manifest,
    no_such_rules_page,
    not_found_page,
    page,
    service_worker,
)
from pegrace.web.pages import catalog as language_catalog
from pegrace.web.profiles import Profiles
from pegrace.web.protocol import error_sent, to_json
from pegrace.web.queueing import Queues, queue_routes
from pegrace.web.refusals import (
    Full,
    GameNotFound,
    TooMany,
    error_body,
    saying,
    words_of,
)
from pegrace.web.rooms import Rooms
from pegrace.web.session import GameSession
from pegrace.web.settings import catalog, catalog_json, parse_settings
from pegrace.web.stores import Where, open_store
from pegrace.web.sweeper import sweep

GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")  # what new_game_id makes, with room to spare
QR_TEXT_LIMIT = 512  # characters a QR code is made for: a link with a few seat tokens
DEFAULT_COMPUTER_DELAY = 0.3  # seconds between a computer seat's events, so people can follow
QR_SECONDS = 10.0  # the time a QR code may take to make
QR_KEPT_BYTES = 4 * 1024 * 1024  # QR codes kept, by text
# WebSocket close codes: no such game, cannot load, too many sockets or messages, too slow,
# the server is full (the socket idle longest of the address holding the most made room)
NOT_FOUND_CLOSE, BROKEN_CLOSE, LIMIT_CLOSE, SLOW_CLOSE = 4404, 4500, 4429, 4408
FULL_CLOSE = 4503


def create_app(
    where: Where,
    *,
    computer_delay: float = DEFAULT_COMPUTER_DELAY,
    limits: Limits | None = None,
    allowed_origins: tuple[str, ...] = (),
    doorman: Doorman | None = None,
    host: str = "127.0.0.1",
    mailer: Mailer | None = None,
    outside_players: Sequence[str] = (),
) -> ASGIApp:
    """The app on the game store at ``where`` (an SQLite file's path or a PostgreSQL URL;
    made if missing), guarded (guard.py);
    ``doorman`` counts the server's connections (connections.py; `pegrace serve` gives it);
    ``host``: the address it listens on (the invite card's addresses: rooms.py);
    ``outside_players``: the operator's players from outside, ``NAME=SPEC`` (offered.py)."""
    offered.offer(outside_players)
    catalog.cache_clear()  # its seat kinds are the server's own
    catalog_json.cache_clear()
    open_store(where).close()  # a store that cannot be opened fails here, not on first request
    limits = limits or Limits()
    doorman = Doorman(limits) if doorman is None else doorman
    holder: dict[str, GameHub] = {}
    fleet = Fleet()  # the servers sharing the store, whose limits these are a share of
    creations = Buckets(limits.games_per_minute / 60, limits.games_per_minute, fleet=fleet)
    replays = Buckets.per_minute(limits.replays_per_minute, fleet=fleet)
    qr_asked = Buckets.per_minute(limits.qr_per_minute, fleet=fleet)
    qr_codes = KeptAnswers(QR_KEPT_BYTES)
    people = Profiles(lambda: holder["hub"], limits, fleet, mailer)
    rooms = Rooms(lambda: holder["hub"], limits, fleet, host)
    queues = Queues(lambda: holder["hub"], limits, fleet)  # play people now (queueing.py)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        store = open_store(where, server=True)
        hub = holder["hub"] = GameHub(store, computer_delay, limits, fleet)
        hub.services.ended = people.ended
        hub.services.turn_to = people.turn_to
        sweeping = asyncio.create_task(sweep(hub), name="pegrace turn-based games")
        sweeper = asyncio.create_task(doorman.run(), name="pegrace connections")
        counter = asyncio.create_task(hub.count_servers(), name="pegrace servers")
        try:
            async with store.notices(hub.heard, hub.resync):  # other servers' (PostgreSQL)
                yield
        finally:
            sweeper.cancel()
            counter.cancel()
            sweeping.cancel()
            await holder.pop("hub").close()
            store.close()

    def hub() -> GameHub:
        return holder["hub"]

    async def session(request: Request) -> GameSession:
        return await hub().get(request.path_params["game_id"], client_key(request.scope))

    async def get_catalog(request: Request) -> Response:
        return answer(request.scope, catalog_json(), "application/json")

    def count_creation(request: Request) -> None:
        if not creations.take(client_key(request.scope)):
            most = limits.games_per_minute
            raise saying(TooMany, said_n(
                "at most {count} new game a minute from one address: wait a little",
                "at most {count} new games a minute from one address: wait a little",
                most,
            ))  # fmt: skip

    async def create_game(request: Request) -> Response:
        body = await json_body(request)
        settings, rules = parse_settings(body)
        names = seat_names(body.get("names"), settings.seats, rules.all_colours)
        count_creation(request)
        rated = await people.rated(request, body, settings)
        game, tokens = await hub().create(
            settings, rules, owner=client_key(request.scope), names=names
        )
        await people.seated(request, game.id, list(tokens), rated)
        return JSONResponse({"id": game.id, "tokens": tokens, "url": f"/game/{game.id}"}, 201)

    async def game_state(request: Request) -> Response:
        game = await session(request)
        view = game.views.state_view(game.log)
        summary = game.rules.summary(game.state)
        return JSONResponse({**view, "summary": summary, "game": game.views.game_view()})

    async def claim(request: Request) -> Response:
        body = await json_body(request)
        colour = body.get("colour") if isinstance(body, dict) else None
        if not isinstance(colour, str):
            example = '{"colour": COLOUR}'
            raise saying(OptionError, said("say which seat to claim: {example}", example=example))
        tokens = await (await session(request)).claim(colour)
        await people.seated(request, request.path_params["game_id"], [colour])
        return JSONResponse({"colour": colour, "token": tokens[colour], "tokens": tokens})

    async def rematch(request: Request) -> Response:
        body = await json_body(request, empty={})
        tokens = body.get("tokens", []) if isinstance(body, dict) else None
        if not isinstance(tokens, list) or not all(isinstance(t, str) for t in tokens):
            example = '{"tokens": [...]}'
            raise saying(OptionError, said("a rematch takes {example}: the seat tokens you hold",
                                           example=example))  # fmt: skip
        count_creation(request)
        game, mine = await hub().rematch(request.path_params["game_id"], tokens)
        return JSONResponse({"id": game.id, "tokens": mine, "url": f"/game/{game.id}"}, 201)

    async def record(request: Request) -> Response:
        game = await session(request)
        name = f"pegrace-{game.settings.game}-{game.id}.json"
        return Response(
            game.views.record().dumps() + "\n",
            media_type="application/json",
            headers={"Content-Disposition": f'attachment; filename="{name}"'},
        )

    async def game_page(request: Request) -> Response:
        """A game's page; a clear "no such game" page (404) for an id no game has. While the
        store does not answer, the page all the same: it says so once it connects."""
        try:
            await session(request)
        except GameNotFound:
            return not_found_page(request, request.path_params["game_id"])
        except StoreUnavailable:
            pass
        return await page(request)

    async def qr_code(request: Request) -> Response:
        """A QR code's modules, for the page to draw: a POST, so a link that carries a seat's
        token is never written into an address (nor a log of one)."""
        body = await json_body(request)
        text = body.get("text") if isinstance(body, dict) else None
        if not isinstance(text, str) or not 0 < len(text) <= QR_TEXT_LIMIT:
            raise saying(OptionError, said_n(
                "a QR code takes {example}: 1 to {count} character",
                "a QR code takes {example}: 1 to {count} characters",
                QR_TEXT_LIMIT, example='{"text": TEXT}',
            ))  # fmt: skip
        key = client_key(request.scope)
        if not qr_asked.take(key):
            raise saying(TooMany, said_n(
                "at most {count} QR code a minute from one address: wait a little",
                "at most {count} QR codes a minute from one address: wait a little",
                limits.qr_per_minute,
            ))  # fmt: skip

        async def make() -> bytes:
            made: bytes = await hub().heavy.run(QrJob(text), QR_SECONDS, f"qr {key}")
            return made

        return JSONBytes(await qr_codes.answer(text, make))

    async def lobby(request: Request) -> Response:
        mine = [i for i in request.query_params.get("mine", "").split(",") if i]
        bad = next((i for i in mine if not GAME_ID.fullmatch(i)), None)
        if bad is not None:
            # TRANSLATORS: {value} is what the page sent, quoted
            problem = said("mine: {value} is not a game id (comma-separated ids)",
                           value=repr(bad[:40]))  # fmt: skip
            raise saying(OptionError, problem)
        every = request.query_params.get("all", "0")  # 1: one person's games against computers too
        if every not in ("0", "1"):
            # TRANSLATORS: {value} is what the page sent, quoted
            problem = said("all: {value} is not 0 or 1 (1: solo games too)",
                           value=repr(every[:40]))  # fmt: skip
            raise saying(OptionError, problem)
        lists = await hub().lobby(mine, client_key(request.scope), solo=every == "1")
        return JSONResponse({**lists, "queues": queues.waiting()})

    async def frames(request: Request) -> Response:
        """Every position of the game (heavy.py: worked out off the event loop, kept)."""
        key = client_key(request.scope)
        if not replays.take(key):
            raise saying(TooMany, said_n(
                "at most {count} replay a minute from one address: wait a little",
                "at most {count} replays a minute from one address: wait a little",
                limits.replays_per_minute,
            ))  # fmt: skip
        return kept_json(request.scope, await hub().replay(request.path_params["game_id"], key))

    async def review(request: Request) -> Response:
        """A finished game's review (heavy.py: worked out off the event loop, kept)."""
        key = client_key(request.scope)
        return kept_json(request.scope, await hub().review(request.path_params["game_id"], key))

    routes = [
        Route("/", page),
        Route("/game/{game_id}", game_page),
        Route("/rules", page),
        Route("/rules/{game}", rules_page),
        Route("/players/{name}", page),
        Route("/leaderboard/{game}", page),
        Route("/unsubscribe/{token}", page),
        Route("/confirm/{token}", page),
        Route("/i18n/{language}", language_catalog),
        Route("/manifest.webmanifest", manifest),
        Route("/sw.js", service_worker),
        Route("/games.css", games_style),
        Route("/api/catalog", api(get_catalog)),
        Route("/api/lobby", api(lobby)),
        Route("/api/qr", api(qr_code), methods=["POST"]),
        *people.routes(),
        *rooms.routes(),
        *lesson_routes(),
        *queue_routes(queues, people),
        Route("/api/games", api(create_game), methods=["POST"]),
        Route("/api/games/{game_id}", api(game_state)),
        Route("/api/games/{game_id}/claim", api(claim), methods=["POST"]),
        Route("/api/games/{game_id}/rematch", api(rematch), methods=["POST"]),
        Route("/api/games/{game_id}/record", api(record)),
        Route("/api/games/{game_id}/replay", api(frames)),
        Route("/api/games/{game_id}/review", api(review)),
        WebSocketRoute("/ws/{game_id}", GameSocket(hub, limits, doorman)),
        Mount("/static", CompressedStatic(directory=STATIC, check_dir=False), name="static"),
    ]
    app = Starlette(
        routes=routes,
        lifespan=lifespan,
        exception_handlers={HTTPException: http_error, Exception: internal_error},
    )
    return Guard(app, limits, allowed_origins, doorman, fleet)


class GameSocket:
    """The WebSocket of a game, as a plain ASGI app (an object, so Starlette routes to it as
    it is rather than wrapping it as a function taking a WebSocket). It counts the sockets
    open, by address and in all: past ``sockets`` in all, the socket idle longest of the
    address holding the most is closed for a newcomer (connections.py)."""

    def __init__(self, hub: Callable[[], GameHub], limits: Limits, doorman: Doorman) -> None:
        self.hub = hub
        self.limits = limits
        self.doorman = doorman
        self.open: Counter[str] = Counter()  # open sockets by client address
        self.total = 0

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        socket = WebSocket(scope, receive, send)  # Starlette's, for the handshake only
        key = client_key(scope)
        await socket.accept()
        self.open[key] += 1
        self.total += 1
        try:
            game = await self._game(socket, key)
        except PegraceError as err:
            await socket.send_text(to_json(error_sent(words_of(err))))
            await socket.close(close_code(err))
            self._closed(key)
            return
        connection = Connection(send, self.limits, key)
        door = CURRENT.get()
        if door is not None:  # what making room for a newcomer does to this socket
            door.close = functools.partial(connection.shut, door.transport, FULL_CLOSE, FULL)
        try:
            await serve_socket(game, connection, receive)
        finally:
            self._closed(key)

    async def _game(self, socket: WebSocket, key: str) -> GameSession:
        most = self.limits.sockets_per_address
        if self.open[key] > most:
            raise saying(TooMany, said_n(
                "at most {count} open game connection from one address: close some",
                "at most {count} open game connections from one address: close some",
                most,
            ))  # fmt: skip
        if self.total > self.limits.sockets and not self.doorman.make_room(key, True):
            raise saying(Full, said(
                "the server holds as many game connections as it can ({count}): try again in "
                "a little while", count=self.limits.sockets,
            ))  # fmt: skip
        return await self.hub().get(socket.path_params["game_id"], key)

    def _closed(self, key: str) -> None:
        self.total -= 1
        self.open[key] -= 1
        if not self.open[key]:
            del self.open[key]


FULL = said("the server is full: this connection made room for a newcomer; reconnect later")


def close_code(err: PegraceError) -> int:
    if isinstance(err, GameNotFound):
        return NOT_FOUND_CLOSE
    return LIMIT_CLOSE if isinstance(err, TooMany | Full) else BROKEN_CLOSE


class Connection:
    """A game's connected browser. Sending never waits: messages go to an outbox of at most
    ``outbox_bytes`` that a task of the connection's own writes to the socket, so a client
    that does not read holds up nobody (a game sends to its clients under its lock); one that
    falls that far behind is dropped (the page reconnects and is sent the whole state).
    Messages go straight to the server's ASGI ``send``: Starlette's WebSocket checks the
    socket's state on every message, which a game socket, busy with small ones, does not need."""

    __slots__ = (
        "dropped",
        "key",
        "limit",
        "outbox",
        "queued",
        "rate",
        "reader",
        "reading",
        "ready",
        "send",
        "writer",
    )

    def __init__(self, send: Send, limits: Limits, key: str = "unknown") -> None:
        self.send = send
        self.key = key  # who the client is, for the limits (an address; an IPv6 one's /64)
        self.limit = limits.outbox_bytes
        self.rate = TokenBucket(limits.messages_per_second, 2 * limits.messages_per_second)
        self.outbox: deque[str | int] = deque()  # messages, then maybe a close code
        self.queued = 0  # characters in the outbox
        self.ready = asyncio.Event()
        self.dropped = False
        self.reading = False  # the reader is waiting for the client's next message
        self.reader = asyncio.current_task()
        self.writer = asyncio.create_task(self._write())

    async def send_text(self, data: str) -> None:
        if self.dropped:
            return
        self.queued += len(data)
        if self.queued > self.limit:
            self.drop()
            return
        self.outbox.append(data)
        self.ready.set()

    async def _write(self) -> None:
        try:
            while True:
                await self.ready.wait()
                while self.outbox:
                    item = self.outbox.popleft()
                    if isinstance(item, int):
                        await self.send({"type": "websocket.close", "code": item})
                        return
                    await self.send({"type": "websocket.send", "text": item})
                    self.queued -= len(item)
                self.ready.clear()
        except Exception:  # the socket has gone
            self.dropped = True

    def drop(self) -> None:
        """Stop sending and reading: the socket is closed once its reader returns."""
        if self.dropped:
            return
        self.dropped = True
        self.outbox.clear()
        self.writer.cancel()
        if self.reading and self.reader is not None:
            self.reader.cancel()

    def shut(self, transport: Any, code: int, message: Said, seconds: float = 1.0) -> None:
        """Say why and close, without waiting (for a caller that cannot): the connection's
        transport is closed after ``seconds`` should the client not answer the close."""
        if not self.dropped:
            self.outbox.append(to_json(error_sent(message)))
            self.outbox.append(code)
            self.ready.set()
        asyncio.get_running_loop().call_later(seconds, transport.close)

    async def close(self, code: int, message: Said, seconds: float = 1.0) -> None:
        """Say why and close, once what was queued before has gone (or ``seconds`` passed)."""
        await self.send_text(to_json(error_sent(message)))
        if not self.dropped:
            self.outbox.append(code)
            self.ready.set()
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(seconds):
                    await asyncio.shield(self.writer)
        self.drop()


async def serve_socket(game: GameSession, socket: Connection, receive: Receive) -> None:
    """Pass every text frame to the game until the client goes away or is dropped."""
    try:
        while not socket.dropped:
            message = await next_message(socket, receive)
            if message["type"] == "websocket.disconnect":
                break
            if not socket.rate.take():
                rate = f"{socket.rate.rate:g}"
                # TRANSLATORS: {rate} is a number: the messages a second a page may send
                too_many = said("more than {rate} messages a second: closed", rate=rate)
                await socket.close(LIMIT_CLOSE, too_many)
                break
            text = message.get("text")
            if text is None:
                await game.error(socket, said("send JSON text frames, not binary ones"))
                continue
            await game.receive(socket, text)
    except (WebSocketDisconnect, OSError):  # OSError: the server's "client disconnected"
        pass
    except asyncio.CancelledError:
        task = asyncio.current_task()
        if not socket.dropped or task is None:
            raise  # the server is stopping
        task.uncancel()
    finally:
        socket.drop()
        await game.leave(socket)


async def next_message(socket: Connection, receive: Receive) -> Message:
    """The client's next message; while waiting for it the reader may be cancelled (drop)."""
    socket.reading = True
    try:
        return await receive()
    finally:
        socket.reading = False


async def rules_page(request: Request) -> Response:
    """How to play a game (the page draws it from the catalog); a clear 404 page for a game
    pegrace does not have, naming those it has."""
    name = request.path_params["game"]
    if name in list_games():
        return await page(request)
    return no_such_rules_page(request, name)


async def http_error(request: Request, exc: Exception) -> Response:
    """Starlette's own refusals (no such route, a method a route does not take) as JSON."""
    assert isinstance(exc, HTTPException)
    return JSONResponse({"error": exc.detail}, exc.status_code, headers=exc.headers)


async def internal_error(request: Request, exc: Exception) -> Response:
    """A bug: the client learns nothing of the server's insides (the log has the trace)."""
    failed = said("internal error: the server could not answer this")
    return JSONResponse(error_body(failed), 500)
