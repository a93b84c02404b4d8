"""How to play each game, in plain words for a newcomer: a page of short sections, a pop to
show on the board, and every rule option with each of its values in words (the options' own
``choices_help``). One text for every place that teaches a game: the web's rules page
(/rules/GAME, through the catalog) and the terminal's ? key. docs/rules/<game>.md holds the
exact rules, with their sources, that this sums up."""

from __future__ import annotations

import textwrap
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol, TypedDict

from pegrace.engine import Option, Rules
from pegrace.i18n import fill, gettext


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


class Guided(Protocol):
    """What the guide reads of a game's entry (games/entry.py's GameEntry, which holds a
    Guide: named here by what it has, so this module is below the entry)."""

    @property
    def rules(self) -> type[Rules]: ...

    @property
    def guide(self) -> Guide: ...


class ValueWords(TypedDict):
    value: str  # as a new game's request and `pegrace play --rules` write it
    label: str  # its name for people (a message id: "Deepest first")
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
    in words (none for a whole number: ``help`` says what it counts). The words are message ids
    (English; ``guide_messages`` gives them to the catalogs), put into a person's language
    where they are shown: the page's ``t``, the terminal's ``gettext``."""
    return {
        "name": option.name,
        "title": option.title,
        "default": option.default,
        "number": not option.choices,
        "help": option.help,
        "values": [
            {"value": v, "label": value_label(v), "words": option.choices_help[v]}
            for v in option.choices
        ],
    }


def guide_view(game: Guided) -> GuideView:
    """What the rules page shows of a game (the catalog carries it): the same in every
    language, its headings, paragraphs and ``pop_words`` message ids as ``option_view``'s."""
    found = game.guide
    return {
        "sections": [{"heading": h, "text": t} for h, t in found.sections],
        "pop": found.pop,
        "pop_words": found.pop_words,
        "options": [option_view(option) for option in game.rules.option_specs],
    }


def guide_text(game: Guided, chosen: Mapping[str, str] | None = None, width: int = 78) -> str:
    """The guide as plain text wrapped to ``width`` (the terminal), in the person's language
    (its texts are the game's: guide_messages gives them to the catalogs); with ``chosen``,
    each option also says its value in this game. Wrapped by characters: no language pegrace
    speaks has a character two columns wide."""
    width = max(width, 30)
    para = textwrap.TextWrapper(width, initial_indent="  ", subsequent_indent="  ")
    value = textwrap.TextWrapper(width, initial_indent="    ", subsequent_indent="      ")
    cls = game.rules
    # TRANSLATORS: the heading of a game's rules in the terminal ("How to play Trouble")
    lines = [fill(gettext("How to play {game}"), game=gettext(cls.title)), ""]
    for heading, text in game.guide.sections:
        lines += [gettext(heading), *para.wrap(gettext(text)), ""]
    # TRANSLATORS: the heading of a game's options; {command} is how to set them, as typed
    options = gettext("Options ({command})")
    lines.append(fill(options, command="pegrace play --rules NAME=VALUE"))
    # TRANSLATORS: an option's value as typed ("on") and what it does
    value_words = gettext("{value}: {words}")
    for option in cls.option_specs:
        lines += para.wrap(option_line(option, chosen or {}))
        said = [
            fill(value_words, value=value, words=gettext(option.choices_help[value]))
            for value in option.choices
        ]
        for line in said or [gettext(option.help)]:  # a whole number: what it counts
            lines += value.wrap(line)
    return "\n".join(lines)


def option_line(option: Option, chosen: Mapping[str, str]) -> str:
    """An option's name in words and as typed, its default and its value in this game:
    "Voluntary pass (voluntary_pass): default on, this game: off"."""
    if option.choices:
        # TRANSLATORS: an option's default value, as typed ("on")
        about = fill(gettext("default {default}"), default=option.default)
    else:
        # TRANSLATORS: an option that takes a number, and its default ("40")
        about = fill(gettext("a whole number, default {default}"), default=option.default)
    if option.name in chosen:
        # TRANSLATORS: {about} says an option's default; {value} is its value in this game
        this_game = gettext("{about}, this game: {value}")
        about = fill(this_game, about=about, value=chosen[option.name])
    # TRANSLATORS: an option: its name in words, its name as typed, its default
    line = gettext("{title} ({name}): {about}")
    return fill(line, title=gettext(option.title), name=option.name, about=about)


# values whose name for people is not the value written out ("two-dice" is "Two dice")
VALUE_LABELS = {"ludopy": "LUDOpy"}


def value_label(value: str) -> str:
    """A rule option's value as people read it (a message id): ``deepest-first`` is
    "Deepest first"; a number is itself."""
    found = VALUE_LABELS.get(value) or value.replace("-", " ")
    return found[:1].upper() + found[1:]


def guide_messages(game: Guided) -> list[str]:
    """Every text of ``game`` a person reads that its code does not mark where it is written
    (its title, its guide's headings and paragraphs, its options' words): the catalogs'
    extraction reads them here (tools/catalogs.py), the page and terminal translate them as
    they show them."""
    found, cls = game.guide, game.rules
    texts = [cls.title, cls.pitch, found.pop_words]  # the pitch: each game's card and rules page
    for heading, paragraph in found.sections:
        texts += [heading, paragraph]
    for option in cls.option_specs:
        texts += [option.title, option.help, *option.choices_help.values()]
        texts += [value_label(v) for v in option.choices if not v.isdigit()]
    return texts
