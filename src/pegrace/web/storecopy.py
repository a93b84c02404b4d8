"""``pegrace store copy``: every game of one store into another (SQLite to PostgreSQL and
back), each in a transaction of its own, then checked: the copy's rows are the source's, and
every game replays from the copy as a server would resume it. A game that does not replay in
the source either (a damaged row) is copied as it is and named in the result."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from pegrace.errors import PegraceError
from pegrace.web.gamestore import GameStore, StoreError
from pegrace.web.replaying import replay_stored


@dataclass
class Copied:
    games: int = 0
    seats: int = 0
    events: int = 0
    damaged: list[str] = field(default_factory=list)  # copied as they were: they do not replay


def copy_games(
    source: GameStore,
    target: GameStore,
    progress: Callable[[int], None] = lambda games: None,
) -> Copied:
    """Copy every game of ``source`` into ``target``, which must hold none of them; StoreError
    names the first game already there, or whose copy differs from it or does not replay
    where the source's does. ``progress(1)`` is told after each game."""
    ids = source.game_ids()
    there = set(target.game_ids()).intersection(ids)
    if there:
        raise StoreError(
            f"{target.where} already holds game {min(there)} ({len(there)} of the {len(ids)} "
            f"games of {source.where}): copy into a store that holds none of them"
        )
    copied = Copied()
    for game_id in ids:
        rows = source.game_rows(game_id)
        target.put_game_rows(*rows)
        if target.game_rows(game_id) != rows:
            raise StoreError(f"game {game_id}: the copy in {target.where} differs from it")
        if not replays(target, game_id):
            if replays(source, game_id):
                raise StoreError(f"game {game_id} replays in {source.where} but not its copy")
            copied.damaged.append(game_id)
        copied.games += 1
        copied.seats += len(rows[1])
        copied.events += len(rows[2])
        progress(1)
    return copied


def replays(store: GameStore, game_id: str) -> bool:
    try:
        stored = store.load_game(game_id)
        if stored is None:
            return False
        replay_stored(stored)
    except PegraceError:
        return False
    return True
