"""What people type for others to read: a player's name and chat lines, as everyone is shown
them. Text is put in Unicode's compatibility form (NFKC: full-width letters, ligatures and
the like become plain ones, so one line of characters cannot pass for another), spaces are
collapsed, control and invisible characters refused, and a letter may carry only a few
combining marks (text "stacked" with dozens of them spills over everything drawn near it),
and the few characters drawn many letters wide (U+FDFD, a whole Arabic phrase as one sign,
and cuneiform) are refused: twenty of them fill a screen.
A name may not be another seat's colour or one of the server's own labels: the log would
then say that somebody else had moved."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from typing import Any

from pegrace.errors import OptionError
from pegrace.i18n import N_, said, said_n
from pegrace.web.refusals import saying

NAME_LENGTH = 20  # characters in a player's name, at most
CHAT_LENGTH = 140  # characters in a chat line, at most
# what ``shown_text`` checks, as its refusals name it
# TRANSLATORS: what a person typed, named in a refusal ("a name is 1 to 20 characters")
A_NAME = N_("a name")
# TRANSLATORS: what a person typed, named in a refusal ("a chat line is 1 to 140 characters")
A_CHAT_LINE = N_("a chat line")
MARKS_PER_LETTER = 3  # combining marks in a row (scripts that stack vowel signs need 2 or 3)
# characters drawn many letters wide, which NFKC leaves as they are (others, such as U+FDFA,
# it spells out letter by letter, and the length limit holds them)
WIDE = ((0xFDFD, 0xFDFD), (0x12000, 0x1254F))
# what the server itself calls people, besides the colours: no name may be one of these
SERVER_LABELS = (
    "a watcher",
    "watcher",
    "watchers",
    "computer",
    "the computer",
    "takeover",
    "server",
    "pegrace",
    "nobody",
    "open seat",
    "you",
    "host",
)


def shown_text(text: str, what: str, longest: int) -> str:
    """Text people typed, as others are shown it (the module's docstring); OptionError naming
    ``what`` (``A_NAME``, ``A_CHAT_LINE``) and the problem unless it is 1 to ``longest``
    characters once normalised."""
    cleaned = " ".join(unicodedata.normalize("NFKC", text).split())
    named = said(what)
    if not 1 <= len(cleaned) <= longest:
        raise saying(OptionError, said_n(
            "{what} is 1 to {count} character, not {length}",
            "{what} is 1 to {count} characters, not {length}",
            longest, what=named, length=len(cleaned),
        ))  # fmt: skip
    if any(unicodedata.category(c)[0] == "C" for c in cleaned):
        raise saying(OptionError, said(
            "{what} cannot hold control, invisible or unassigned characters", what=named
        ))  # fmt: skip
    if any(low <= ord(c) <= high for c in cleaned for low, high in WIDE):
        raise saying(OptionError, said("{what} holds a character drawn many letters wide",
                                       what=named))  # fmt: skip
    if marks_in_a_row(cleaned) > MARKS_PER_LETTER:
        raise saying(OptionError, said_n(
            "{what} stacks more than {count} accent on one letter",
            "{what} stacks more than {count} accents on one letter",
            MARKS_PER_LETTER, what=named,
        ))  # fmt: skip
    return cleaned


def marks_in_a_row(text: str) -> int:
    """The most combining marks in a row in ``text``."""
    most = run = 0
    for char in text:
        run = run + 1 if unicodedata.category(char)[0] == "M" else 0
        most = max(most, run)
    return most


def bare(text: str) -> str:
    """What a name says, for comparing: letters and digits only, case folded."""
    return "".join(c for c in text.casefold() if c.isalnum())


def checked_name(name: Any, own: Iterable[str] = (), others: Iterable[str] = ()) -> str:
    """A player's name as shown: OptionError if it is not text, not fit to be shown, or says
    one of ``others`` (the colours of other seats) or a label of the server's. A seat's own
    colours (``own``) may be its name."""
    if not isinstance(name, str):
        raise saying(OptionError, said('"name" must be text'))
    cleaned = shown_text(name, A_NAME, NAME_LENGTH)
    says = bare(cleaned)
    mine = {bare(colour) for colour in own}
    taken = {bare(colour) for colour in others} - mine
    if says in taken:
        # TRANSLATORS: {name} is the name refused, quoted
        refused = said("a name cannot be another seat's colour ({name})", name=repr(cleaned))
        raise saying(OptionError, refused)
    if says in {bare(label) for label in SERVER_LABELS}:
        # TRANSLATORS: {name} is the name refused, quoted: one of the server's own words
        # for people ("a watcher", "the computer")
        refused = said("{name} is what the server calls others: choose another name",
                       name=repr(cleaned))  # fmt: skip
        raise saying(OptionError, refused)
    return cleaned


def seat_names(given: Any, seats: dict[str, str], colours: Iterable[str]) -> dict[str, str]:
    """The names a new game gives its people at one device (pass and play: a name per
    colour), each checked as ``checked_name`` checks one; only a seat played by a person here
    ("human") is named, and no two alike. ``colours``: every colour of the game."""
    if given is None:
        return {}
    if not isinstance(given, dict):
        example = '{"red": "Ann", ...}'
        raise saying(OptionError, said('"names" must map colours to names: {example}',
                                       example=example))  # fmt: skip
    names: dict[str, str] = {}
    for colour, name in given.items():
        if seats.get(colour) != "human":
            # TRANSLATORS: {colour} is what the client sent, quoted
            refused = said("names: {colour} is not a seat played at this device",
                           colour=repr(str(colour)[:20]))  # fmt: skip
            raise saying(OptionError, refused)
        cleaned = checked_name(name, own=[colour], others=[c for c in colours if c != colour])
        if bare(cleaned) in {bare(other) for other in names.values()}:
            # TRANSLATORS: {name} is the name given to two seats, quoted
            refused = said("names: two seats cannot both be called {name}", name=repr(cleaned))
            raise saying(OptionError, refused)
        names[colour] = cleaned
    return names
