"""The terminal game's words (issue 53) in the language the person chose (``pegrace --lang``,
else the environment's: pegrace.i18n's process language): the colours and places as its
sentences name them, whose count the board's numbers are, why a game ended and the chances
of winning. Each is a whole message of the catalogs; terminal.py puts them on the screen."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Protocol

from pegrace.engine import Rules
from pegrace.i18n import N_, Said, fill, gettext, said, said_c, said_n, say
from pegrace.race import RaceRules
from pegrace.words import colour_name, commas

# a place in a game, as a word of its own: every language writes its ordinals its own way
PLACES = {
    # TRANSLATORS: first place in a game ("Red finishes 1st")
    1: said_c("place", "1st"),
    # TRANSLATORS: second place in a game ("Red finishes 2nd")
    2: said_c("place", "2nd"),
    # TRANSLATORS: third place in a game
    3: said_c("place", "3rd"),
    # TRANSLATORS: fourth place in a game
    4: said_c("place", "4th"),
    # TRANSLATORS: fifth place in a game
    5: said_c("place", "5th"),
    # TRANSLATORS: sixth place in a game
    6: said_c("place", "6th"),
}

# why a game ended, as the core says it (``State.end``)
ENDS = {
    # TRANSLATORS: why a game ended ("Game over (first place decided) after 80 turns.")
    "first place decided": N_("first place decided"),
    # TRANSLATORS: why a game ended ("Game over (all places decided) after 80 turns.")
    "all places decided": N_("all places decided"),
    # TRANSLATORS: why a game ended: every side has left the game
    "no side left": N_("no side left"),
    # TRANSLATORS: why a game ended: the rules' most turns were played
    "turn limit reached": N_("turn limit reached"),
}
LIMIT_OF = re.compile(r"turn limit of (\d+) reached")  # Marbles' words for its turn limit
LIMIT_TURNS = re.compile(r"turn limit \((\d+) turns\) reached")  # Headache's


class Chance(Protocol):
    """A side's chance of winning measured by playouts (advice.WinChance)."""

    @property
    def playouts(self) -> int: ...  # 0: the game is over, the chance exact
    @property
    def chance(self) -> float: ...
    @property
    def low(self) -> float: ...
    @property
    def high(self) -> float: ...


def colour_words(colour: str) -> Said:
    """A colour inside a sentence: "Red" (words.py names the colours)."""
    return colour_name(colour)


def colours_listed(colours: Sequence[str]) -> Said:
    """Colours listed with commas: "red, blue"."""
    return commas([colour_words(colour) for colour in colours])


def side_words(rules: Rules, side: int) -> str:
    """A side's colours as the terminal names a side: "red+green"."""
    return "+".join(say(colour_words(rules.colours[seat])) for seat in rules.side_seats[side])


def place_words(place: int) -> Said | str:
    """``1st``, ``2nd`` ... in the person's language (a place past the sixth: its number)."""
    return PLACES.get(place, str(place))


def end_words(reason: str) -> Said | str:
    """Why a game ended, in words (a reason of no game's words: as the core says it)."""
    if reason in ENDS:
        return said(ENDS[reason])
    if found := LIMIT_OF.fullmatch(reason):
        # TRANSLATORS: why a game ended; {turns} is a number of turns
        return said("turn limit of {turns} reached", turns=found[1])
    if found := LIMIT_TURNS.fullmatch(reason):
        turns = int(found[1])
        # TRANSLATORS: why a game ended: the most turns the rules allow were played
        return said_n(
            "turn limit ({count} turn) reached", "turn limit ({count} turns) reached", turns
        )
    return reason


def counting_words(rules: Rules) -> str:
    """Whose count the numbers are: the board's from the first colour's start, a move's
    from its mover's start (they differ for every other colour), so either can be found."""
    if not isinstance(rules, RaceRules) or rules.printed_numbers:
        return ""  # Headache names its spaces, Parchís prints its numbers: alike for everyone
    starts = rules.track.starts
    first, second, *rest = rules.colours
    # TRANSLATORS: {colour} is a colour ("green"), {space} a number on the board
    moves = gettext("{colour}'s moves count from {space}")
    others = [fill(moves, colour=say(colour_words(second)), space=starts[second])]
    # TRANSLATORS: more colours after "green's moves count from 14": where {colour}'s moves
    # count from ("yellow's from 7")
    more = gettext("{colour}'s from {space}")
    others += [fill(more, colour=say(colour_words(c)), space=starts[c]) for c in rest]
    # TRANSLATORS: {colour} is the first colour ("red"); {others} says where the other colours'
    # moves count from ("green's moves count from 14, yellow's from 7")
    board = gettext("Board numbers count from {colour}'s start; {others}.")
    return fill(board, colour=say(colour_words(first)), others=", ".join(others))


def percent(chance: float) -> Said:
    """A chance as a whole percentage ("42%")."""
    whole = f"{chance:.0%}".removesuffix("%")  # rounded as Python rounds percentages
    # TRANSLATORS: a percentage; {percent} is a whole number ("42%")
    return said("{percent}%", percent=whole)


def chances_words(rules: Rules, chances: Sequence[Chance | float]) -> str:
    """Each side's chance of winning, a side a time: "red: 40%, green: 60%", with its 95%
    interval where playouts measured it."""
    return say(commas([chance_words(side_words(rules, s), c) for s, c in enumerate(chances)]))


def chance_words(side: str, found: Chance | float) -> Said:
    """A side's chance of winning: "red: 40%", "red: 40% [33%, 47%]" (its 95% interval)."""
    if isinstance(found, float):
        # TRANSLATORS: a side's chance of winning ("red: 40%")
        return said("{side}: {chance}", side=side, chance=percent(found))
    chance = percent(found.chance)
    if found.playouts == 0:
        # TRANSLATORS: a side's chance of winning once the game is over ("red: 100%")
        return said("{side}: {chance} (game over)", side=side, chance=chance)
    low, high = percent(found.low), percent(found.high)
    # TRANSLATORS: a side's chance of winning and its 95% interval ("red: 40% [33%, 47%]")
    return said("{side}: {chance} [{low}, {high}]", side=side, chance=chance, low=low, high=high)
