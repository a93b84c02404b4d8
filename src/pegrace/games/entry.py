"""What a game says of itself beyond its rules, declared once in its own module as ``ENTRY``:
its rules class (and, where an option picks among classes, the maker that builds them), how to
play it, its terminal picture and web board and its search speed (its learned models are the
core's: `_core.learned_models`).
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
    picture: str  # the module whose ``draw(rules, state, use_colour)`` is its terminal picture
    board: str  # the module whose ``BOARD`` draws it on the web page (pegrace.web.boards)
    # the core's searched nodes per millisecond on the reference machine (docs/ai.md has the
    # command): a search's ``ms`` becomes nodes at this rate
    nodes_per_ms: float
    make: Maker | None = None  # builds its rules when an option picks the class (Ludo's variant)

    @property
    def name(self) -> str:
        return self.rules.name

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
