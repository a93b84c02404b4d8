"""Room codes: six characters anyone can read out across a room and type on the front page to
open a game (rooms.py serves the lookup). Each new game is given one, drawn with ``secrets``
and unique in the store (a unique index: a clash is drawn again); a game made before codes
existed has none. What people type is forgiven where it is unambiguous (lower case, spaces, a
dash); anything else is refused naming what is wrong."""

from __future__ import annotations

import secrets

from pegrace.errors import OptionError, saying
from pegrace.i18n import said, said_n
from pegrace.web.gamestore import GameStore, Migration, StoreError

# Digits and capital letters without the look-alikes: 0 and O (zero, oh), 1, I and L (one,
# eye, ell; a lower-case l typed for a 1 too). A code read from a phone across a room, or
# written down, then has one reading; 31 characters, 31**6 (887 million) codes.
ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
TYPABLE = frozenset(ALPHABET + ALPHABET.lower())  # lower case is forgiven
LENGTH = 6
TYPED_MOST = 40  # characters of what was typed quoted in a refusal
# what people type between the characters, left out: spaces and dashes (a code is shown in
# two halves, and a dash is how many write it)
SEPARATORS = frozenset(" \t-\u2010\u2011\u2012\u2013\u2014\u2212")
DRAWS = 8  # codes drawn for a game before giving up (a clash is one in millions)

# the store's migration (SQLite's and PostgreSQL's alike): a game's code beside it, unique
# (many games made before codes hold NULL, which a unique index allows in both)
CODE_MIGRATION: Migration = (
    "ALTER TABLE games ADD COLUMN code TEXT",
    "CREATE UNIQUE INDEX games_by_code ON games (code)",
)


def new_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def normalise(typed: str) -> str:
    """The code ``typed`` names: upper case, without spaces and dashes; OptionError naming
    what is wrong with anything that is not one."""
    kept = [c for c in typed if c not in SEPARATORS]
    shown = repr(typed[:TYPED_MOST])
    if not kept:
        # TRANSLATORS: {length} is 6
        empty = said("type a room code: {length} letters and digits", length=LENGTH)
        raise saying(OptionError, empty)
    strange = next((c for c in kept if c not in TYPABLE), None)
    if strange is not None:
        # TRANSLATORS: {typed} is what was typed and {char} one character of it, each quoted;
        # 0, O, 1, I and L are kept as they are
        problem = said(
            "{typed} is not a room code: {char} is in none (codes leave out 0, O, 1, I and L, "
            "which look alike)",
            typed=shown,
            char=repr(strange),
        )
        raise saying(OptionError, problem)
    if len(kept) != LENGTH:
        # TRANSLATORS: {typed} is what was typed, quoted; {length} is 6
        problem = said_n(
            "{typed} is not a room code: a code has {length} letters and digits, not {count}",
            "{typed} is not a room code: a code has {length} letters and digits, not {count}",
            len(kept),
            typed=shown,
            length=LENGTH,
        )
        raise saying(OptionError, problem)
    return "".join(kept).upper()


def give_code(store: GameStore, game_id: str) -> str:
    """A new code for game ``game_id`` (just made, and so without one), stored; a code
    another game holds is drawn again (the store's unique index refuses it). In the
    store's thread (storecalls.py)."""
    for _ in range(DRAWS):
        code = new_code()
        try:
            store.query("UPDATE games SET code = ? WHERE id = ?", (code, game_id))
        except store.failures:
            if game_with_code(store, code) is None:
                raise  # not a clash: the store failed
            continue
        return code
    # TRANSLATORS: {game} is a game's id
    failed = said("no free room code for game {game}: every code drawn was taken", game=game_id)
    raise saying(StoreError, failed)


def game_with_code(store: GameStore, code: str) -> str | None:
    """The id of the game whose code is ``code`` (normalised), None if no game's is."""
    found = store.query("SELECT id FROM games WHERE code = ?", (code,))
    return str(found[0][0]) if found else None
