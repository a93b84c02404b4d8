"""How every JSON route answers: its request's body read strictly, a refusal as
{"error": ...} with the HTTP status of its kind, an answer already encoded. The routes of
app.py and of the modules beside it (profiles, rooms, the queue) share them from here."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from pegrace.errors import OptionError, PegraceError
from pegrace.i18n import said
from pegrace.readers import loads as strict_loads
from pegrace.web.gamestore import StoreError, StoreUnavailable
from pegrace.web.refusals import (
    Conflict,
    Forbidden,
    Full,
    GameNotFound,
    TooMany,
    error_body,
    saying,
    words_of,
)

Handler = Callable[[Request], Awaitable[Response]]

# the HTTP status of each refusal; any other PegraceError is bad input (400)
STATUS: tuple[tuple[type[PegraceError], int], ...] = (
    (GameNotFound, 404),
    (Forbidden, 403),
    (Conflict, 409),
    (TooMany, 429),
    (Full, 503),
    (StoreUnavailable, 503),
    (StoreError, 500),
)


def api(handler: Handler) -> Handler:
    """Bad input answers with {"error": ...} naming the problem, and changes nothing."""

    async def answer(request: Request) -> Response:
        try:
            return await handler(request)
        except PegraceError as err:
            status = next((code for kind, code in STATUS if isinstance(err, kind)), 400)
            return JSONResponse(error_body(words_of(err)), status)

    return answer


async def json_body(request: Request, empty: Any = None) -> Any:
    """The request's JSON body (Guard has checked its size and type); NaN and Infinity,
    which are not JSON, are refused (readers.py)."""
    body = await request.body()
    if not body.strip() and empty is not None:
        return empty
    try:
        return strict_loads(body)
    except (ValueError, RecursionError) as err:  # ValueError: JSON, UTF-8, over-long numbers
        problem = "nested too deeply" if isinstance(err, RecursionError) else str(err)
        not_json = said("the request body is not valid JSON: {problem}", problem=problem)
        raise saying(OptionError, not_json) from None


class JSONBytes(Response):
    """An answer already encoded as JSON (a kept one: heavy.py)."""

    media_type = "application/json"
