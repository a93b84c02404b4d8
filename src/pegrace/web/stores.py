"""A game store by its address: an SQLite file's path (the default, ``store.Store``) or a
PostgreSQL URL (``pgstore.PostgresStore``, which needs the ``postgres`` extra: psycopg),
opened (read-only too: the source of a copy), held for one server, or named in a message (its
secrets masked, masking.py)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from pegrace.errors import saying
from pegrace.i18n import said
from pegrace.web.gamestore import GameStore, StoreError
from pegrace.web.masking import without_password
from pegrace.web.store import Store, StoreLock

if TYPE_CHECKING:
    from pegrace.web.pgstore import PostgresStore

Where = Path | str  # a path, or a postgresql:// URL
SCHEMES = ("postgresql://", "postgres://")


def is_postgres(where: Where) -> bool:
    """Whether a store's address names a PostgreSQL database (else it is an SQLite file)."""
    return isinstance(where, str) and where.startswith(SCHEMES)


def shown(where: Where) -> str:
    """The store as messages and logs name it (a URL without its password)."""
    return without_password(str(where)) if is_postgres(where) else str(where)


def _postgres(url: str, read_only: bool = False) -> PostgresStore:
    try:
        from pegrace.web.pgstore import PostgresStore
    except ImportError:
        # TRANSLATORS: {store} is a URL; the command pip install 'pegrace[postgres]' is kept
        # as it is
        needs = said(
            "the game store {store} is PostgreSQL's, which needs psycopg: "
            "pip install 'pegrace[postgres]'",
            store=shown(url),
        )
        raise saying(StoreError, needs) from None
    return PostgresStore(url, read_only=read_only)


def open_store(where: Where, *, server: bool = False, read_only: bool = False) -> GameStore:
    """The store at ``where`` (made if missing); ``server``: as a server uses it (SQLite's
    log copied by a thread of its own); ``read_only``: as it is, to be read only (the source
    of a copy): never made, migrated or changed, and refused unless a pegrace store of this
    pegrace's schema."""
    if is_postgres(where):
        return _postgres(str(where), read_only)
    return Store(Path(where), background_checkpoints=server, read_only=read_only)


@contextlib.contextmanager
def held(where: Where) -> Iterator[None]:
    """The store held for this server while the block runs: another server on an SQLite
    file is refused (a StoreError naming it), as each of its games is kept in one process's
    memory; any number share a PostgreSQL store, which is only opened here (so that one that
    cannot be is refused before the server listens)."""
    if is_postgres(where):
        _postgres(str(where)).close()
        yield
    else:
        with StoreLock(Path(where)):
            yield
