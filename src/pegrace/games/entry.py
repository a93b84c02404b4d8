"""What a game says of itself beyond its rules, declared once in its own package as ``ENTRY``
(pegrace/games/<game>/__init__.py): its rules class (and, where an option picks among classes,
the maker that builds them), how to play it and its search speed (its learned models are the
core's: `_core.learned_models`). Its other parts are modules of its package, found by their
names: ``picture`` (the terminal picture), ``board`` (the web board), ``lesson`` (its guided
first game), and its ``style.css`` beside them.
``pegrace.games`` lists every game's entry; everything else iterates that list, so adding a
game is docs/architecture.md's short checklist, which tests/test_registry.py enforces."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from pegrace.engine import Rules
from pegrace.guide import Guide

Maker = Callable[[int, Mapping[str, str] | None], Rules]


@dataclass(frozen=True)
class GameEntry:
    rules: type[Rules]  # its name, title, options and seats (Ludo's: what its variants share)
    guide: Guide  # how to play, for a newcomer (the web's rules page, the terminal's ? key)
    # the core's searched nodes per millisecond on the reference machine (docs/ai.md has the
    # command): a search's ``ms`` becomes nodes at this rate
    nodes_per_ms: float
    make: Maker | None = None  # builds its rules when an option picks the class (Ludo's variant)

    @property
    def name(self) -> str:
        return self.rules.name

    @property
    def package(self) -> str:
        """Its package, which holds every part of it (pegrace.games.<game>)."""
        return f"pegrace.games.{self.name}"

    @property
    def picture(self) -> str:
        """The module whose ``draw(rules, state, use_colour, big)`` is its terminal picture."""
        return f"{self.package}.picture"

    @property
    def board(self) -> str:
        """The module whose ``BOARD`` draws it on the web page (pegrace.boards)."""
        return f"{self.package}.board"

    @property
    def lesson(self) -> str:
        """The module whose ``LESSON`` is its guided first game (pegrace.lessons)."""
        return f"{self.package}.lesson"

    @property
    def gym_id(self) -> str:
        """Its Gymnasium single-agent environment's id (pegrace.rl.single)."""
        return f"pegrace/{self.name.capitalize()}-v0"

    @property
    def aec_module(self) -> str:
        """Its PettingZoo AEC environment's module (pegrace.rl)."""
        return f"pegrace.rl.{self.name}_v0"

    def build(self, players: int, options: Mapping[str, str] | None) -> Rules:
        return (self.make or self.rules)(players, options)
