"""Typed errors. Every message names what was wrong so a one-line report is enough."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pegrace.i18n import Said


class PegraceError(Exception):
    """Base class of every error pegrace raises on bad input. ``said``, where the raiser gave
    it (web/refusals.py, ``saying``), is its message in words a person reads in their language,
    the English text being made of it."""

    said: Said | None = None


class IllegalMoveError(PegraceError, ValueError):
    """A move (or roll) that is not legal in the position it was offered in."""


class NotationError(PegraceError, ValueError):
    """A state, move, roll or position written in a form pegrace cannot read."""


class OptionError(PegraceError, ValueError):
    """An unknown game, rule option, option value, seat or player specification."""


class RecordError(PegraceError, ValueError):
    """A game record that is malformed or does not replay."""
