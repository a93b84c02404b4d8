"""Typed errors. Every message names what was wrong so a one-line report is enough."""

from __future__ import annotations

import errno
from typing import TypeVar

from pegrace.i18n import N_, Said, said_of_core
from pegrace.words import NAMED as COLOUR_NAMES


class PegraceError(Exception):
    """Base class of every error pegrace raises on bad input. ``said``, where the raiser gave
    it (``saying``, or the core: its English, then its words), is its message in words a
    person reads in their language, the English text being made of it."""

    said: Said | None = None

    def __init__(self, *args: object) -> None:
        super().__init__(*args)
        if len(args) == 2 and isinstance(args[1], tuple):  # core/binding/error.rs's Refused
            self.said = said_of_core(args[1], COLOUR_NAMES)

    def __str__(self) -> str:
        if len(self.args) == 2 and self.said is not None:
            return str(self.said)  # the English of the words a person reads
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


# the system's commonest failures, in words the catalogs have (its own words are English)
SYSTEM_WORDS = {
    # TRANSLATORS: why a file could not be read or written (the system's words, for errno)
    errno.ENOENT: N_("no such file or folder"),
    # TRANSLATORS: why a file could not be read or written
    errno.EACCES: N_("permission denied"),
    # TRANSLATORS: why a file could not be read or written
    errno.EPERM: N_("not permitted"),
    # TRANSLATORS: why a file could not be read or written: the path is a folder
    errno.EISDIR: N_("it is a folder"),
    # TRANSLATORS: why a file could not be read or written: a part of its path is a file
    errno.ENOTDIR: N_("a part of the path is not a folder"),
    # TRANSLATORS: why a file could not be written
    errno.ENOSPC: N_("no space left on the disk"),
    # TRANSLATORS: why a file could not be written
    errno.EROFS: N_("the file system is read-only"),
    # TRANSLATORS: why a file could not be read or written
    errno.ENAMETOOLONG: N_("the name is too long"),
    # TRANSLATORS: why a server could not listen on an address and port
    errno.EADDRINUSE: N_("the address is already in use"),
}


def system_words(err: OSError) -> Said | str:
    """Why ``err`` failed, in a person's language where the catalogs have its words, else the
    system's own."""
    words = SYSTEM_WORDS.get(err.errno or 0)
    return Said(words) if words else str(err.strerror or err)
