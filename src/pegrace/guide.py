"""How to play each game, in plain words for a newcomer: a page of short sections, a pop to
show on the board, and every rule option with each of its values in words (the options' own
``choices_help``). One text for every place that teaches a game: the web's rules page
(/rules/GAME, through the catalog) and the terminal's ? key. docs/rules/<game>.md holds the
exact rules, with their sources, that this sums up."""

from __future__ import annotations

import textwrap
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pegrace.engine import Option, Rules


@dataclass(frozen=True)
class Guide:
    # one paragraph a section, "Heading: what it says", separated by blank lines
    text: str
    pop: str  # a pop the page's dome shows beside the text, as rolls are written ("5*")
    pop_words: str  # what that pop lets the player do

    @property
    def sections(self) -> list[tuple[str, str]]:
        """(heading, paragraph) pairs, in reading order, each paragraph on one line."""
        paragraphs = (" ".join(p.split()) for p in self.text.strip().split("\n\n"))
        return [(heading, said) for heading, said in (p.split(": ", 1) for p in paragraphs)]


GUIDES: dict[str, Guide] = {
    "trouble": Guide(
        pop="6",
        pop_words="A 6: bring a peg out onto your start space, or move a peg 6, then pop again.",
        text="""
Goal: Be the first to move all 4 of your pegs out of Home, once round the board and into your
Finish lane.

A turn: Pop the dome to roll the die, then move one peg exactly that many spaces. Everyone pops
once at the start: the highest number goes first, and ties pop again.

Leaving Home: Only a 6 brings a peg out of Home, onto your start space (not while one of your
own pegs stands there). An opponent on your start space is sent back to its Home.

Moving: Pegs move clockwise, counting every space, empty or not. You can never land on your own
peg. If no peg can move, the turn passes; you may also pass when you would rather not move.

Sending home: Land exactly on an opponent's peg to send it back to its Home. Jumping over pegs
does nothing. No space on the loop is safe.

Sixes: A 6 gives you another pop, even when no peg could use it.

Finishing: After one lap a peg turns into your own Finish lane of 4 slots instead of passing
your start: it needs the exact number to reach a free slot, and may move on inside the lane by
exact count. Nobody else enters your lane, so pegs there are safe.

The end: The first to bring all 4 pegs into Finish wins; the others play on for second and third
place.
""",
    ),
    "ludo": Guide(
        pop="6+3",
        pop_words="A 6 and a 3: bring a pin out with the 6 and move it on 3, or move two pins.",
        text="""
Goal: Be the first to bring all 4 of your pins round the board and out at your exit. These are
the rules of two-dice Ludo, the default variant.

A turn: Pop the dome to roll two dice. Each die moves a pin on its own, in the order you
choose: one pin twice, or two pins once each. You must use both dice if some order lets you; a
die no pin can use is lost. Everyone pops once at the start: the highest goes first.

Leaving the base: A 6 on either die may bring a pin out of your base onto your start corner.
With no pin out and no 6, the turn passes.

Moving: Pins run counter-clockwise round a loop of 48 points, counting every point. Your own
pins may share a point; nothing blocks the way.

Sending home: Landing with either die on a point that is not a safe spot sends every opponent
pin there back to its base. Passing over pins does nothing.

Safe spots: The 4 corners (the starts) and the 4 points in the middle of the sides: nobody is
hit there, and colours may share them.

Sixes: A double 6 may bring two pins out, and after it you pop again, even if the sixes could
not be used.

Finishing: After nearly a lap, at the middle of the side before your start, a pin turns into
your own lane of 4 coloured points and then the exit. It needs the exact number to reach the
exit.

The end: The first with all 4 pins out wins, and the game stops there.

Other variants: Classic Ludo plays with one die on 52 squares: a 6 brings a pin out and rolls
again, and two pins of a colour form a block nobody may land on or pass. LUDOpy's Danish Ludo
adds globes and stars that jump to the next star. Choose one with the variant option below.
""",
    ),
    "marbles": Guide(
        pop="1",
        pop_words="A 1: bring a marble out onto your start space, or move a marble 1.",
        text="""
Goal: Be the first to move all 4 of your marbles from your base, once round the shared loop and
into your Home.

A turn: Pop the dome to roll the die, then move one marble exactly that many spaces: a roll is
never split between marbles. If any marble can move, you must move one. Everyone pops once at
the start: the highest goes first.

Leaving the base: A 1 or a 6 brings a marble out of your base onto your start space (or moves a
marble already out). An opponent on your start space is sent back to its base.

Moving: Marbles move clockwise round a loop of 56 spaces, and jump over any marbles on the way.
You may move any of your marbles, but never land on your own.

Sending back: Land on another player's marble to send it back to its base. No space on the loop
is safe.

Sixes: A 6 gives you another pop, even when no marble could use it.

Home: After a full lap, from the space before your start, a marble turns into your Home of 4
spaces. It needs the exact number to reach an empty Home space, and may move on inside Home by
exact count. Marbles at Home are safe.

The end: The first with all 4 marbles Home wins, and the game stops there.

Teams: With the teams option, 4 players play as two teams, partners sitting opposite. You may
land on your partner's marble only when it is your only move, and then you must: it goes back to
its base. A team wins when all 8 of its marbles are Home; with partner roll, whoever is Home
first moves the partner's marbles.

War: In the war mode a marble you land on leaves the game for good; there is no Home, marbles
keep circling, and the last player with marbles left wins.
""",
    ),
    "headache": Guide(
        pop="5*",
        pop_words="A 5 with the red dot: move 5, then pop again (a bonus pop).",
        text="""
Goal: Capture everyone else: win by owning every cone and stack on the board. A player whose
cones have all been captured is out.

The board: Two tracks run round the board, an outer one and an inner one, and they cross at
every X. Four of the Xs are START spaces, one per colour: your 4 cones start stacked on yours.

A turn: Pop the dome: a number die (1 to 6) and a bonus die. Move one of your cones or stacks by
the number, counting every space (the Xs too), empty or not. Passing over cones does nothing.
Everyone pops once at the start: the highest number goes first.

The bonus die: One face of the bonus die has a red dot. When it shows, you get a bonus pop and
move after this one (and another, if the bonus pop shows the dot too). A bonus pop may not move
a cone off START.

Leaving START: In each of your first 4 turns your pop must move a cone off START. START cones
leave clockwise, one at a time. Cones still on START cannot be captured, and nothing may end on
them.

Crossing: Any cone or stack may change from one track to the other at every X it passes, so one
pop can reach several spaces: choose where to end.

Moving: A single cone moves clockwise only. You can never end on your own cone or stack.

Capturing and stacks: End on an opponent's cone or stack to capture it: yours goes on top, and
the whole stack is now yours. A stack belongs to the colour of its top cone and moves as one,
clockwise or counter-clockwise (one way per pop). Anyone can take it over by landing on it.

Safe spaces: Only cones still on START are safe. With the challenge option, every X is safe too.

Pop again: If none of your cones or stacks can move, you pop again. When no number at all would
let you move, the turn passes.

The end: The last player who still owns cones wins; the others place in the order they went out.
A game that reaches the turn limit is ranked by cones owned.
""",
    ),
}


def guide(game: str) -> Guide:
    """The game's guide; KeyError for a game that has none (a test holds every game to one)."""
    return GUIDES[game]


def option_view(option: Option) -> dict[str, Any]:
    """An option as the rules page reads it: its name in words, its default, and each value
    in words (none for a whole number: ``help`` says what it counts)."""
    return {
        "name": option.name,
        "title": option.title,
        "default": option.default,
        "number": not option.choices,
        "help": option.help,
        "values": [{"value": v, "words": option.choices_help[v]} for v in option.choices],
    }


def guide_view(cls: type[Rules]) -> dict[str, Any]:
    """What the rules page shows of a game (the catalog carries it)."""
    found = guide(cls.name)
    return {
        "sections": [{"heading": h, "text": t} for h, t in found.sections],
        "pop": found.pop,
        "pop_words": found.pop_words,
        "options": [option_view(option) for option in cls.option_specs],
    }


def guide_text(cls: type[Rules], chosen: Mapping[str, str] | None = None, width: int = 78) -> str:
    """The guide as plain text wrapped to ``width`` (the terminal); with ``chosen``, each
    option also says its value in this game."""
    width = max(width, 30)
    para = textwrap.TextWrapper(width, initial_indent="  ", subsequent_indent="  ")
    value = textwrap.TextWrapper(width, initial_indent="    ", subsequent_indent="      ")
    lines = [f"How to play {cls.title}", ""]
    for heading, text in guide(cls.name).sections:
        lines += [heading, *para.wrap(text), ""]
    lines.append("Options (pegrace play --rules NAME=VALUE)")
    for option in cls.option_specs:
        view = option_view(option)
        kind = "a whole number, " if view["number"] else ""
        this = f", this game: {chosen[option.name]}" if chosen and option.name in chosen else ""
        lines += para.wrap(f"{view['title']} ({option.name}): {kind}default {option.default}{this}")
        said = (
            [view["help"]]
            if view["number"]
            else [f"{v['value']}: {v['words']}" for v in view["values"]]
        )
        for line in said:
            lines += value.wrap(line)
    return "\n".join(lines)
