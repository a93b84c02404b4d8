"""Typed errors. Every message names what was wrong so a one-line report is enough."""

from __future__ import annotations

from typing import TypeVar

from pegrace.i18n import Said, said_of_core


class PegraceError(Exception):
    """Base class of every error pegrace raises on bad input. ``said``, where the raiser gave
    it (``saying``, or the core: its English, then its words), is its message in words a
    person reads in their language, the English text being made of it."""

    said: Said | None = None

    def __init__(self, *args: object) -> None:
        super().__init__(*args)
        if len(args) == 2 and isinstance(args[1], tuple):  # core/binding/error.rs's Refused
            self.said = said_of_core(args[1])

    def __str__(self) -> str:
        return str(self.args[0]) if len(self.args) == 2 else super().__str__()


class IllegalMoveError(PegraceError, ValueError):
    """A move (or roll) that is not legal in the position it was offered in."""


class NotationError(PegraceError, ValueError):
    """A state, move, roll or position written in a form pegrace cannot read."""


class OptionError(PegraceError, ValueError):
    """An unknown game, rule option, option value, seat or player specification."""


class RecordError(PegraceError, ValueError):
    """A game record that is malformed or does not replay."""


Raised = TypeVar("Raised", bound=PegraceError)


def saying(kind: type[Raised], words: Said) -> Raised:
    """An error of ``kind`` that says ``words``: its text is their English, so that the two
    never differ."""
    err = kind(str(words))
    err.said = words
    return err


def words_of(err: BaseException) -> Said | str:
    """What an error says to a person: its ``Said``, else (an error raised without one) its
    English text; for an error that says another's in a sentence of its own."""
    said = getattr(err, "said", None)
    return said if said is not None else str(err)
