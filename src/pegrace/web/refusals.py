"""What a request to the web server may be refused with beyond bad input (a PegraceError of
its own): each is answered with its HTTP status (app.STATUS) or its WebSocket close code."""

from __future__ import annotations

from pegrace.errors import PegraceError


class GameNotFound(PegraceError):
    """No game has the id asked for."""


class Forbidden(PegraceError):
    """A request only a game's players may make (a rematch of a game with people)."""


class Full(PegraceError):
    """The server holds as many live games as its limits allow, every one of them in use."""


class TooMany(PegraceError):
    """A client past one of its limits (games a minute, open sockets, loads)."""


class Conflict(PegraceError):
    """A request the game's state refuses: claiming a seat that is not open, or a rematch
    of a game still running."""
