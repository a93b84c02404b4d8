"""pegrace: the Pop-O-Matic family of dice race games on one shared engine."""

from pegrace.errors import (
    IllegalMoveError,
    NotationError,
    OptionError,
    PegraceError,
    RecordError,
)
from pegrace.games import get_rules, list_games

__all__ = [
    "IllegalMoveError",
    "NotationError",
    "OptionError",
    "PegraceError",
    "RecordError",
    "get_rules",
    "list_games",
]
