"""Plain words for people: what the games' ``describe`` say is an order to the player
("Move the peg from 4 to 7 and send Green home"); the log says it of whoever played it
("Red moves the peg from 4 to 7 and sends Green home"). The notation stays in the record."""

from __future__ import annotations

import re

# the verbs a move's words start their clauses with, and how they read of a player
VERBS = {
    "bring": "brings",
    "move": "moves",
    "send": "sends",
    "pass": "passes",
    "pop": "pops",
    "remove": "removes",
}
_CLAUSE = re.compile(r"(^|, then | and |: )(" + "|".join(VERBS) + r")\b", re.IGNORECASE)


def colour_name(colour: str) -> str:
    """A colour as a player's name: ``Red``."""
    return colour[:1].upper() + colour[1:]


def names(colours: list[str]) -> str:
    """``Green``, ``Green and Blue``, ``Green, Blue and Yellow``."""
    named = [colour_name(c) for c in colours]
    return named[0] if len(named) == 1 else f"{', '.join(named[:-1])} and {named[-1]}"


def sentence(text: str) -> str:
    """``text`` with a capital first letter."""
    return text[:1].upper() + text[1:]


def lower_first(text: str) -> str:
    """``text`` with a small first letter, to go inside a sentence."""
    return text[:1].lower() + text[1:]


def said_of(who: str, order: str) -> str:
    """A move's words said of the player who made it: ``said_of("Red", "Move the peg from 4
    to 7 and send Green home")`` is "Red moves the peg from 4 to 7 and sends Green home".
    Words that do not start with one of the verbs read ``Red: <the words>``."""
    if not _CLAUSE.match(order):
        return f"{who}: {order}"
    return f"{who} " + _CLAUSE.sub(lambda m: m[1] + VERBS[m[2].lower()], lower_first(order))
