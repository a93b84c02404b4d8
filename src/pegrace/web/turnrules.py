"""Games over days (issue 54): a turn-based game gives each seat hours or days per move (its
``idle_seconds``, from an hour to a week, where a live game's is at most a day); the computer
does not take over until that time is spent, and then either plays that one turn for the seat
(``play``) or marks the seat away and plays on until its person is back (``away``), as its
creator chose. What a new game asks for is checked here; the clock is turns.py's."""

from __future__ import annotations

from typing import Any

from pegrace.errors import OptionError
from pegrace.i18n import said
from pegrace.web.refusals import saying

LIVE = ""  # a game played in one sitting: no turn-based clock
WHEN_LATE = ("play", "away")  # what a turn-based seat's spent time leads to
FEWEST_TURN_SECONDS = 3_600.0  # an hour a move
MOST_TURN_SECONDS = 7 * 86_400.0  # a week a move


def parse_turns(given: Any) -> str:
    """``turn_based`` of a new game: absent or false (a live game), ``play`` or ``away``."""
    if given is None or given is False:
        return LIVE
    if given not in WHEN_LATE:
        # TRANSLATORS: {value} is the value sent; play, away and false are kept as they are
        refused = said(
            "turn_based {value}: expected play (the computer plays a late turn), away (it "
            "takes the late seat over) or false",
            value=repr(given)[:40],
        )
        raise saying(OptionError, refused)
    return str(given)


def check_turn_seconds(turns: str, seconds: float) -> None:
    """A turn-based game's time per move is an hour to a week."""
    if turns != LIVE and not FEWEST_TURN_SECONDS <= seconds <= MOST_TURN_SECONDS:
        # TRANSLATORS: {value} is the number of seconds sent
        refused = said(
            "idle_seconds {value}: a turn-based game gives from 3600 (an hour) to 604800 "
            "(a week) seconds a move",
            value=repr(seconds),
        )
        raise saying(OptionError, refused)
