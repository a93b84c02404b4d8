"""``pegrace store copy``: every game of one store into another (SQLite to PostgreSQL and
back), all in one transaction, each checked: the copy's rows are the source's, and every game
replays from the copy as a server would resume it. A game that does not replay in the source
either (a damaged row) is copied as it is and named in the result. Should anything fail, the
target is left as it was, so that a retry starts afresh. The source is only read (opened
read-only: ``stores.open_store``)."""

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
    """Copy every game of ``source`` into ``target``, which must hold none of them, in one
    transaction: all of them or, should anything fail, none. StoreError names the first game
    already there, one whose copy differs from it or does not replay where the source's does,
    or what a database refused (a damaged row, say). ``progress(1)`` is told after each game.
    """
    ids: list[str] = []
    copied = Copied()
    try:
        ids = source.game_ids()
        with target.transaction():
            refuse_games_there(source, target, ids)
            for game_id in ids:
                copy_game(source, target, game_id, copied)
                progress(1)
    except StoreError as err:
        raise StoreError(f"{err} (nothing was copied)") from None
    except (*source.failures, *target.failures) as err:
        failed = f"game {ids[copied.games]}" if copied.games < len(ids) else "the games"
        said = target.said(err) if isinstance(err, target.failures) else source.said(err)
        raise StoreError(
            f"could not copy {failed} from {source.where} into {target.where}: {said} "
            "(nothing was copied)"
        ) from None
    return copied


def count_games(store: GameStore) -> int:
    """How many games ``store`` holds (a progress bar's total); StoreError if it cannot say."""
    try:
        return len(store.game_ids())
    except store.failures as err:
        raise StoreError(f"cannot read the games of {store.where}: {store.said(err)}") from None


def refuse_games_there(source: GameStore, target: GameStore, ids: list[str]) -> None:
    there = set(target.game_ids()).intersection(ids)
    if there:
        raise StoreError(
            f"{target.where} already holds game {min(there)} ({len(there)} of the {len(ids)} "
            f"games of {source.where}): copy into a store that holds none of them"
        )


def copy_game(source: GameStore, target: GameStore, game_id: str, copied: Copied) -> None:
    """One game's rows into ``target``, read back and replayed there; counted in ``copied``."""
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


def replays(store: GameStore, game_id: str) -> bool:
    try:
        stored = store.load_game(game_id)
        if stored is None:
            return False
        replay_stored(stored)
    except PegraceError:
        return False
    return True
