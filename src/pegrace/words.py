"""Plain words for people, language-neutral (``Said``, pegrace.i18n): what the games'
``describe`` say is an order to the player ("Move the peg from 4 to 7 and send Green home");
the log says it of whoever played it ("Red moves the peg from 4 to 7 and sends Green home").
Each sentence is written twice, whole, as a ``Sentence``: translators need the whole of it
(the verb's form, the piece's gender). The notation stays in the record."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from pegrace import _core
from pegrace.i18n import N_, Arg, Said, said

# who a move's words are told of: a player's name, or their colour's (``colour_name``); None
# when they are said to the player, as an order
Who = Said | str | None

# the colours as players' names; the page looks these ids up by the colour, capitalised
COLOURS = {
    # TRANSLATORS: the red player's name, where nobody gave a name of their own
    "red": N_("Red"),
    # TRANSLATORS: the yellow player's name, where nobody gave a name of their own
    "yellow": N_("Yellow"),
    # TRANSLATORS: the green player's name, where nobody gave a name of their own
    "green": N_("Green"),
    # TRANSLATORS: the blue player's name, where nobody gave a name of their own
    "blue": N_("Blue"),
}


NAMED = {colour: said(text) for colour, text in COLOURS.items()}  # made once: said often


# each computer player's word, in the context "computer": its name, as the core lists it with
# its note for translators (core/ai/players.rs COMPUTERS; tools/catalogs.py takes them there)
COMPUTERS = {name: Said(name, context="computer") for name, *_ in _core.computer_players()}


def computer_word(player: str) -> Said | str:
    """A computer player's level or way of playing in words (``hard``, ``cautious``); one the
    core does not list (a policy file, a player from outside) by its name as given."""
    return COMPUTERS.get(player, player)


def colour_name(colour: str) -> Said:
    """A colour as a player's name: ``Red``."""
    return NAMED[colour]


def names(colours: list[str]) -> Said:
    """``Green``, ``Green and Blue``, ``Green, Blue and Yellow``."""
    return listed([colour_name(c) for c in colours])


def listed(items: list[Said]) -> Said:
    """Names listed: ``Green and Blue``, ``Green, Blue and Yellow``."""
    if len(items) == 1:
        return items[0]
    if len(items) == 2:
        # TRANSLATORS: two players' names ("Green and Blue")
        return said("{first} and {second}", first=items[0], second=items[1])
    # TRANSLATORS: players' names listed, the last one added ("Green, Blue and Yellow");
    # {list} holds the others ("Green, Blue")
    return said("{list} and {last}", list=commas(items[:-1]), last=items[-1])


def commas(items: list[Said]) -> Said:
    """Names listed with commas only: ``Red, Green, Green``."""
    found = items[0]
    for item in items[1:]:
        # TRANSLATORS: a list of colours with one more at its end ("Red, Green")
        found = said("{colours}, {colour}", colours=found, colour=item)
    return found


@dataclass(frozen=True, slots=True)
class Sentence:
    """One sentence written twice, each a whole message: ``order``, to the player ("Move the
    peg from {origin} to {target}"), and ``told``, of whoever played it ("{who} moves the peg
    from {origin} to {target}"). Both ids are marked (``N_``) where they are written."""

    order: str
    told: str

    def words(self, who: Who = None, **args: Arg) -> Said:
        """The order (``who`` None), or the words told of ``who`` (a told form with no
        ``{who}``, a clause going on from one that names them, is told without it)."""
        if who is None:
            return said(self.order, **args)
        if "{who}" not in self.told:
            return said(self.told, **args)
        return said(self.told, who=who, **args)


Sentences = dict[tuple[str, str], Sentence]  # a game's sentences: (what is done, its ending)


def pick(sentences: Sentences, kind: str, ending: str) -> Sentence:
    """The sentence of ``kind`` with ``ending``. An ending the rules never give a move of that
    kind (two-dice Ludo's start corner is safe: bringing a pin out sends nobody back) has no
    sentence: the move is said without it."""
    return sentences.get((kind, ending)) or sentences[(kind, "")]


@lru_cache(maxsize=1024)  # made for every listed move's every step: one per space, kept
def towards(space: Said | str) -> Said:
    """Where a move ends, as the board says it with the move's piece ("Move to 7", "Red peg,
    can move to 7 or to 9"): ``to 7``."""
    # TRANSLATORS: where a move ends, shown after "Move" or "can move"; {space} is a space's
    # name ("7", "finish 2", "outer 5")
    return said("to {space}", space=space)


def sentence(text: str) -> str:
    """``text`` with a capital first letter."""
    return text[:1].upper() + text[1:]


def lower_first(text: str) -> str:
    """``text`` with a small first letter, to go inside a sentence."""
    return text[:1].lower() + text[1:]
