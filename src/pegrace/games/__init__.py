"""The game registry: every game module registers its Rules class here by name."""

from __future__ import annotations

from collections.abc import Mapping

from pegrace.engine import Rules
from pegrace.errors import OptionError
from pegrace.games.headache import Headache
from pegrace.games.ludo import Ludo
from pegrace.games.marbles import Marbles
from pegrace.games.trouble import Trouble

GAMES: dict[str, type[Rules]] = {cls.name: cls for cls in (Trouble, Marbles, Headache, Ludo)}


def list_games() -> list[str]:
    return sorted(GAMES)


def rules_class(game: str) -> type[Rules]:
    try:
        return GAMES[game.strip().lower()]
    except KeyError:
        raise OptionError(f"unknown game {game!r} (games: {', '.join(list_games())})") from None


def get_rules(game: str, players: int = 4, options: Mapping[str, str] | None = None) -> Rules:
    return rules_class(game)(players, options)
