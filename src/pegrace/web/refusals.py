"""What a request to the web server may be refused with beyond bad input (a PegraceError of
its own): each is answered with its HTTP status (app.STATUS) or its WebSocket close code.

A refusal says why in words the person reads in their language: an error made ``saying`` a
``Said`` carries it (``words_of``), its English text made of it, so that the two never differ.
An answer carries both: the English for developers and bots (``error``, ``message``), the
``Said`` for the page (``said``: pegrace/i18n.py)."""

from __future__ import annotations

from collections.abc import Iterable

from pegrace import errors
from pegrace.engine import Rules
from pegrace.errors import IllegalMoveError, OptionError, PegraceError
from pegrace.i18n import Said, said, said_n
from pegrace.moves import Move
from pegrace.state import Phase, State
from pegrace.web.protocol import DEFS, error_said
from pegrace.words import NAMED, colour_name, commas


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


# made in errors.py, for every module's errors; the web's modules have them from here
saying = errors.saying
words_of = errors.words_of


def error_body(words: Said | str) -> dict[str, object]:
    """The JSON body of a refused request: ``error`` (English) and, where there are words
    for a person, ``said``."""
    if isinstance(words, str):
        return {"error": words}
    return {"error": str(words), "said": words.json()}


def colour_words(colour: str) -> Said:
    """A colour's name in a sentence (words.py names them; one no game has, as it is)."""
    return colour_name(colour) if colour in NAMED else Said(colour)


def colours_words(colours: Iterable[str]) -> Said | str:
    """Colours' names, listed: "Red, Green"."""
    named = [colour_words(colour) for colour in colours]
    return commas(named) if named else ""


# ---------------------------------------------------------------- a game's refusals
def turn_problem(rules: Rules, state: State, colours: tuple[str, ...], kind: str) -> Said | None:
    """Why the holder of ``colours`` may not roll or move (``kind``) now; None: they may."""
    if state.is_over:
        return said("the game is over")
    if not colours:
        return said("you are watching this game: only a seat's player can roll or move")
    current = rules.colours[state.current]
    colour = colour_words(current)
    if current not in colours:
        return said(
            "it is {colour}'s turn, not yours (you play {colours})",
            colour=colour,
            colours=colours_words(colours),
        )
    if kind == "roll" and not state.is_chance:
        roll = "" if state.roll is None else rules.dice.format(state.roll)
        # TRANSLATORS: {roll} is the dice as the game writes them ("3+5")
        return said(
            "{colour} has rolled {roll} and must move (send one of the listed moves)",
            colour=colour,
            roll=roll,
        )
    if kind == "move" and state.is_chance:
        if state.phase == Phase.ROLLOFF:
            return said("{colour} must pop first", colour=colour)
        return said("{colour} must roll first", colour=colour)
    return None


def listed_move(rules: Rules, state: State, move: object) -> Move:
    """The legal move whose text a client sent; IllegalMoveError saying why not."""
    if not isinstance(move, str):
        raise errors.saying(
            IllegalMoveError, error_said(DEFS["MoveMessage"]["properties"]["move"], move)
        )
    try:
        return rules.parse_move(state, move)
    except IllegalMoveError:
        raise errors.saying(IllegalMoveError, not_legal(rules, state, move)) from None


def not_legal(rules: Rules, state: State, move: str) -> Said:
    """A move's text that is none of the legal moves' (the engine's words for it)."""
    # TRANSLATORS: {move} is the move's text as sent ('13>17'), {position} the position in
    # the game's notation: neither is translated
    return said(
        "{move} is not a legal move: {position}",
        move=repr(move.strip()),
        position=rules.summary(state),
    )


def claimable(colour: str, kind: str | None, colours: Iterable[str]) -> None:
    """OptionError if ``colour`` plays no seat of the game (``kind`` None; ``colours``: the
    game's), Conflict if its seat (of ``kind``) is not open."""
    if kind is None:
        # TRANSLATORS: {colour} is what the client sent, quoted
        problem = said(
            "{colour} is not playing in this game (colours: {colours})",
            colour=repr(colour),
            colours=colours_words(colours),
        )
        raise saying(OptionError, problem)
    named = colour_words(colour)
    if kind == "human":
        raise saying(Conflict, said("{colour} is not an open seat (it is human)", colour=named))
    if kind != "open":
        # TRANSLATORS: {kind} is the seat's player as the server names it ("computer:medium")
        taken = said("{colour} is not an open seat (it is {kind})", colour=named, kind=kind)
        raise saying(Conflict, taken)


def too_many_hellos(most: int) -> Said:
    return said_n(
        "slow down: at most {count} hello a minute from one address to a game",
        "slow down: at most {count} hellos a minute from one address to a game",
        most,
    )


def tokens_refused(refused: int, held: int, colours: tuple[str, ...]) -> Said:
    """``refused`` of the ``held`` seat tokens of a hello hold no seat here, and what the
    client does (plays ``colours``, or watches)."""
    if colours:
        doing = said("you play {colours}", colours=colours_words(colours))
    else:
        doing = said("you watch")
    # TRANSLATORS: "1 of 2 seat tokens are not for this game (you play red)": of the tokens
    # a browser holds, those that hold no seat in the game
    return said_n(
        "{count} of {held} seat tokens are not for this game ({doing})",
        "{count} of {held} seat tokens are not for this game ({doing})",
        refused,
        held=held,
        doing=doing,
    )
