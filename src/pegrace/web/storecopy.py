"""``pegrace store copy``: every game of one store into another (SQLite to PostgreSQL and
back), and every profile with its passkeys, sign-ins and results, all in one transaction,
each game checked: the copy's rows are the source's, and it replays from the copy as a
server would resume it. A game that does not replay in the source
either (a damaged row) is copied as it is and named in the result. Should anything fail, the
target is left as it was, so that a retry starts afresh. The source is only read (opened
read-only: ``stores.open_store``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from pegrace.errors import PegraceError, saying, words_of
from pegrace.i18n import Said, said, said_n
from pegrace.web.gamestore import GameStore, StoreError
from pegrace.web.profilestore import copy_profiles
from pegrace.web.replaying import replay_stored


@dataclass
class Copied:
    games: int = 0
    seats: int = 0
    events: int = 0
    profiles: int = 0
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
            copied.profiles = copy_profiles(source, target)
    except StoreError as err:
        # TRANSLATORS: {problem} is what went wrong
        nothing = said("{problem} (nothing was copied)", problem=words_of(err))
        raise saying(StoreError, nothing) from None
    except (*source.failures, *target.failures) as err:
        game = ids[copied.games] if copied.games < len(ids) else None
        raise saying(StoreError, not_copied(source, target, game, err)) from None
    return copied


def not_copied(source: GameStore, target: GameStore, game: str | None, err: Exception) -> Said:
    """A database's error ``err`` while copying ``game`` (None: before the first), in words."""
    problem = target.said(err) if isinstance(err, target.failures) else source.said(err)
    if game is None:
        # TRANSLATORS: {source} and {target} are stores (paths or URLs); {problem} the
        # database's words (in English)
        return said(
            "could not copy the games from {source} into {target}: {problem} (nothing was copied)",
            source=source.where,
            target=target.where,
            problem=problem,
        )
    # TRANSLATORS: {source} and {target} are stores (paths or URLs); {problem} the
    # database's words (in English)
    return said(
        "could not copy game {game} from {source} into {target}: {problem} (nothing was copied)",
        game=game,
        source=source.where,
        target=target.where,
        problem=problem,
    )


def count_games(store: GameStore) -> int:
    """How many games ``store`` holds (a progress bar's total); StoreError if it cannot say."""
    try:
        return len(store.game_ids())
    except store.failures as err:
        # TRANSLATORS: {store} is a path or URL; {problem} the database's words (in English)
        unread = said(
            "cannot read the games of {store}: {problem}",
            store=store.where,
            problem=store.said(err),
        )
        raise saying(StoreError, unread) from None


def refuse_games_there(source: GameStore, target: GameStore, ids: list[str]) -> None:
    there = set(target.game_ids()).intersection(ids)
    if there:
        # TRANSLATORS: {target} and {source} are stores (paths or URLs); {held} of the
        # {count} games of the source are in the target already
        held = said_n(
            "{target} already holds game {game} ({held} of the {count} game of {source}): "
            "copy into a store that holds none of them",
            "{target} already holds game {game} ({held} of the {count} games of {source}): "
            "copy into a store that holds none of them",
            len(ids),
            target=target.where,
            game=min(there),
            held=len(there),
            source=source.where,
        )
        raise saying(StoreError, held)


def copy_game(source: GameStore, target: GameStore, game_id: str, copied: Copied) -> None:
    """One game's rows into ``target``, read back and replayed there; counted in ``copied``."""
    rows = source.game_rows(game_id)
    target.put_game_rows(*rows)
    if target.game_rows(game_id) != rows:
        # TRANSLATORS: {target} is a store (a path or URL)
        differs = said(
            "game {game}: the copy in {target} differs from it", game=game_id, target=target.where
        )
        raise saying(StoreError, differs)
    if not replays(target, game_id):
        if replays(source, game_id):
            # TRANSLATORS: {source} is a store (a path or URL)
            only = said(
                "game {game} replays in {source} but not its copy",
                game=game_id,
                source=source.where,
            )
            raise saying(StoreError, only)
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
