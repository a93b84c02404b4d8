"""The game registry: every game module registers its Rules class here by name, and how its
rules are built: by the class, or, for a game whose option picks among classes (Ludo's
``variant``), by its maker."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from pegrace.engine import Rules
from pegrace.errors import OptionError
from pegrace.games.headache import Headache
from pegrace.games.ludo import Ludo, ludo_rules
from pegrace.games.marbles import Marbles
from pegrace.games.trouble import Trouble

Maker = Callable[[int, Mapping[str, str] | None], Rules]

# each game's class: its name, title, options and seats (Ludo's, what its variants share)
GAMES: dict[str, type[Rules]] = {cls.name: cls for cls in (Trouble, Marbles, Headache, Ludo)}
MAKERS: dict[str, Maker] = {**GAMES, Ludo.name: ludo_rules}


def list_games() -> list[str]:
    return sorted(GAMES)


def _known(game: str) -> str:
    name = game.strip().lower()
    if name not in GAMES:
        raise OptionError(f"unknown game {game!r} (games: {', '.join(list_games())})")
    return name


def rules_class(game: str) -> type[Rules]:
    """A game's class, for what it says of itself (name, title, options, seats); its rules
    are built by ``get_rules``."""
    return GAMES[_known(game)]


def get_rules(game: str, players: int = 4, options: Mapping[str, str] | None = None) -> Rules:
    return MAKERS[_known(game)](players, options)
