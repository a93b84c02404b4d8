"""How to play each game, in plain words for a newcomer: a page of short sections, a pop to
show on the board, and every rule option with each of its values in words (the options' own
``choices_help``). One text for every place that teaches a game: the web's rules page
(/rules/GAME, through the catalog) and the terminal's ? key. docs/rules/<game>.md holds the
exact rules, with their sources, that this sums up."""

from __future__ import annotations

import textwrap
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypedDict

from pegrace.engine import Option

if TYPE_CHECKING:
    from pegrace.games.entry import GameEntry


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


class ValueWords(TypedDict):
    value: str
    words: str


class OptionView(TypedDict):
    """An option on the rules page (the catalog's ``guide.options``)."""

    name: str
    title: str
    default: str
    number: bool  # takes a whole number (no choices)
    help: str
    values: list[ValueWords]


class Section(TypedDict):
    heading: str
    text: str


class GuideView(TypedDict):
    """A game's guide as the catalog carries it (``guide`` of each game)."""

    sections: list[Section]
    pop: str
    pop_words: str
    options: list[OptionView]


def option_view(option: Option) -> OptionView:
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


def guide_view(game: GameEntry) -> GuideView:
    """What the rules page shows of a game (the catalog carries it)."""
    found = game.guide
    return {
        "sections": [{"heading": h, "text": t} for h, t in found.sections],
        "pop": found.pop,
        "pop_words": found.pop_words,
        "options": [option_view(option) for option in game.rules.option_specs],
    }


def guide_text(game: GameEntry, chosen: Mapping[str, str] | None = None, width: int = 78) -> str:
    """The guide as plain text wrapped to ``width`` (the terminal); with ``chosen``, each
    option also says its value in this game."""
    width = max(width, 30)
    para = textwrap.TextWrapper(width, initial_indent="  ", subsequent_indent="  ")
    value = textwrap.TextWrapper(width, initial_indent="    ", subsequent_indent="      ")
    cls = game.rules
    lines = [f"How to play {cls.title}", ""]
    for heading, text in game.guide.sections:
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
