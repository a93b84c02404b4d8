"""The web app: the page and its static files, the JSON API that sets games up, and one
WebSocket per game through which players act and everyone watches (docs/web.md)."""

from __future__ import annotations

import contextlib
import json
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

from pegrace.errors import OptionError, PegraceError
from pegrace.web.session import Conflict, GameHub, GameNotFound, GameSession, to_json
from pegrace.web.settings import catalog, parse_settings
from pegrace.web.store import Store, StoreError

STATIC = Path(__file__).parent / "static"
DEFAULT_COMPUTER_DELAY = 0.3  # seconds between a computer seat's events, so people can follow
Handler = Callable[[Request], Awaitable[Response]]
NOT_FOUND_CLOSE, BROKEN_CLOSE = 4404, 4500  # WebSocket close codes: no such game, cannot load


def create_app(db_path: Path, *, computer_delay: float = DEFAULT_COMPUTER_DELAY) -> Starlette:
    """The app on the game store at ``db_path`` (created if missing)."""
    Store(db_path).close()  # a store that cannot be opened fails here, not on first request
    holder: dict[str, GameHub] = {}

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        store = Store(db_path, background_checkpoints=True)
        holder["hub"] = GameHub(store, computer_delay)
        try:
            yield
        finally:
            await holder.pop("hub").close()
            store.close()

    def hub() -> GameHub:
        return holder["hub"]

    def session(request: Request) -> GameSession:
        return hub().get(request.path_params["game_id"])

    async def get_catalog(request: Request) -> Response:
        return JSONResponse(catalog())

    async def create_game(request: Request) -> Response:
        settings, rules = parse_settings(await json_body(request))
        game, tokens = hub().create(settings, rules)
        return JSONResponse({"id": game.id, "tokens": tokens, "url": f"/game/{game.id}"}, 201)

    async def game_state(request: Request) -> Response:
        game = session(request)
        view = game.state_view(game.log)
        summary = game.rules.summary(game.state)
        return JSONResponse({**view, "summary": summary, "game": game.game_view()})

    async def claim(request: Request) -> Response:
        body = await json_body(request)
        colour = body.get("colour") if isinstance(body, dict) else None
        if not isinstance(colour, str):
            raise OptionError('say which seat to claim: {"colour": COLOUR}')
        token = await session(request).claim(colour)
        return JSONResponse({"colour": colour, "token": token})

    async def rematch(request: Request) -> Response:
        body = await json_body(request, empty={})
        tokens = body.get("tokens", []) if isinstance(body, dict) else None
        if not isinstance(tokens, list) or not all(isinstance(t, str) for t in tokens):
            raise OptionError('a rematch takes {"tokens": [...]}: the seat tokens you hold')
        game, mine = await hub().rematch(request.path_params["game_id"], tokens)
        return JSONResponse({"id": game.id, "tokens": mine, "url": f"/game/{game.id}"}, 201)

    async def record(request: Request) -> Response:
        game = session(request)
        name = f"pegrace-{game.settings.game}-{game.id}.json"
        return Response(
            game.record().dumps() + "\n",
            media_type="application/json",
            headers={"Content-Disposition": f'attachment; filename="{name}"'},
        )

    async def frames(request: Request) -> Response:
        return JSONResponse(session(request).frames())

    routes = [
        Route("/", page),
        Route("/game/{game_id}", page),
        Route("/api/catalog", api(get_catalog)),
        Route("/api/games", api(create_game), methods=["POST"]),
        Route("/api/games/{game_id}", api(game_state)),
        Route("/api/games/{game_id}/claim", api(claim), methods=["POST"]),
        Route("/api/games/{game_id}/rematch", api(rematch), methods=["POST"]),
        Route("/api/games/{game_id}/record", api(record)),
        Route("/api/games/{game_id}/replay", api(frames)),
        WebSocketRoute("/ws/{game_id}", GameSocket(hub)),
        Mount("/static", StaticFiles(directory=STATIC, check_dir=False), name="static"),
    ]
    return Starlette(routes=routes, lifespan=lifespan)


class GameSocket:
    """The WebSocket of a game, as a plain ASGI app (an object, so Starlette routes to it as
    it is rather than wrapping it as a function taking a WebSocket)."""

    def __init__(self, hub: Callable[[], GameHub]) -> None:
        self.hub = hub

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        socket = WebSocket(scope, receive, send)  # Starlette's, for the handshake only
        await socket.accept()
        try:
            game = self.hub().get(socket.path_params["game_id"])
        except PegraceError as err:
            await socket.send_text(to_json({"type": "error", "message": str(err)}))
            code = NOT_FOUND_CLOSE if isinstance(err, GameNotFound) else BROKEN_CLOSE
            await socket.close(code)
            return
        await serve_socket(game, Connection(send), receive)


class Connection:
    """A game's connected browser: its messages go straight to the server's ASGI ``send``.
    Starlette's WebSocket checks the socket's state on every message, which a game socket,
    busy with many small messages, does not need after the handshake."""

    __slots__ = ("send",)

    def __init__(self, send: Send) -> None:
        self.send = send

    async def send_text(self, data: str) -> None:
        await self.send({"type": "websocket.send", "text": data})


async def serve_socket(game: GameSession, socket: Connection, receive: Receive) -> None:
    """Pass every text frame to the game until the client goes away."""
    try:
        while True:
            message = await receive()
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            if text is None:
                await game.error(socket, "send JSON text frames, not binary ones")
                continue
            await game.receive(socket, text)
    except (WebSocketDisconnect, OSError):  # OSError: the server's "client disconnected"
        pass
    finally:
        await game.leave(socket)


async def page(request: Request) -> Response:
    index = STATIC / "index.html"
    if not index.exists():
        return PlainTextResponse("the pegrace page is missing (static/index.html)", 503)
    return FileResponse(index)


def api(handler: Handler) -> Handler:
    """Bad input answers with {"error": ...} naming the problem, and changes nothing."""

    async def answer(request: Request) -> Response:
        try:
            return await handler(request)
        except GameNotFound as err:
            return JSONResponse({"error": str(err)}, 404)
        except Conflict as err:
            return JSONResponse({"error": str(err)}, 409)
        except StoreError as err:
            return JSONResponse({"error": str(err)}, 500)
        except PegraceError as err:
            return JSONResponse({"error": str(err)}, 400)

    return answer


async def json_body(request: Request, empty: Any = None) -> Any:
    body = await request.body()
    if not body.strip() and empty is not None:
        return empty
    try:
        return json.loads(body)
    except (json.JSONDecodeError, UnicodeDecodeError) as err:
        raise OptionError(f"the request body is not valid JSON: {err}") from None
