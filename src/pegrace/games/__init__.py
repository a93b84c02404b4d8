"""The game registry: one line per game, its module's ``ENTRY`` (games/entry.py says what an
entry holds). Every other list of games in the package is read from here."""

from __future__ import annotations

from collections.abc import Mapping

from pegrace.engine import Rules
from pegrace.errors import OptionError, saying
from pegrace.games import headache, ludo, marbles, parchis, trouble
from pegrace.games.entry import GameEntry
from pegrace.i18n import said

ENTRIES: dict[str, GameEntry] = {
    game.name: game
    for game in (
        trouble.ENTRY,
        ludo.ENTRY,
        marbles.ENTRY,
        headache.ENTRY,
        parchis.ENTRY,
    )
}


def list_games() -> list[str]:
    return sorted(ENTRIES)


def _known(game: str) -> str:
    name = game.strip().lower()
    if name not in ENTRIES:
        # TRANSLATORS: {game} is the name given, quoted; the {games}' names as typed
        unknown = said(
            "unknown game {game} (games: {games})", game=repr(game), games=", ".join(list_games())
        )
        raise saying(OptionError, unknown)
    return name


def entry(game: str) -> GameEntry:
    """Everything the package says of ``game`` (OptionError naming the games if unknown)."""
    return ENTRIES[_known(game)]


def rules_class(game: str) -> type[Rules]:
    """A game's class, for what it says of itself (name, title, options, seats); its rules
    are built by ``get_rules``."""
    return entry(game).rules


def get_rules(game: str, players: int = 4, options: Mapping[str, str] | None = None) -> Rules:
    return entry(game).build(players, options)
