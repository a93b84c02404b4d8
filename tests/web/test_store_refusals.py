"""What a game store refuses, and what it never shows (issue 51), on real SQLite files and the
real PostgreSQL of the fixtures: `pegrace store copy` reads its source as it is (another
program's database is refused and left byte for byte as it was) and writes its target in one
transaction (a copy failing part way leaves nothing, and a retry copies everything); a store
of a newer schema is refused by name; a store opening while another server migrates it says
what it waits for and gives up in time; and a password, in either of a URL's forms, never
appears in what the server prints or logs, in a copy's summary or in a refusal."""

from __future__ import annotations

import logging
import os
import sqlite3
import stat
import threading
import time
from pathlib import Path

import psycopg
import pytest
from pages import Server

import postgres
from pegrace import cli
from pegrace.web.gamestore import GameStore, StoreError
from pegrace.web.masking import without_password
from pegrace.web.pgstore import MIGRATION_LOCK, PostgresStore
from pegrace.web.pgstore import MIGRATIONS as PG_MIGRATIONS
from pegrace.web.settings import parse_settings
from pegrace.web.store import MIGRATIONS as SQLITE_MIGRATIONS
from pegrace.web.stores import Where, open_store, shown

PASSWORD = "hunter2"


def a_game(store: GameStore, game_id: str) -> None:
    settings, _ = parse_settings({"game": "trouble", "seats": {"red": "human", "green": "open"}})
    store.create_game(game_id, settings, {"red": "secret-red"})
    store.add_events([(game_id, 1, "red", 5, None, "human", False)])


def a_store(path: Path, *game_ids: str) -> Path:
    with open_store(path) as store:
        for game_id in game_ids:
            a_game(store, game_id)
    return path


def run_sql(path: Path, *statements: str) -> None:
    """Statements run on an SQLite file by hand, as another program would."""
    db = sqlite3.connect(path, isolation_level=None)
    try:
        for statement in statements:
            db.execute(statement)
    finally:
        db.close()


def stored_version(where: Where) -> int:
    """A store's schema version as stored, read by hand (pegrace refuses a newer one)."""
    if isinstance(where, str):
        with psycopg.connect(where) as pg:
            found = pg.execute("SELECT max(version) FROM schema_version").fetchone()
    else:
        db = sqlite3.connect(where)
        try:
            found = db.execute("PRAGMA user_version").fetchone()
        finally:
            db.close()
    assert found is not None
    return int(found[0])


def tables(url: str) -> list[str]:
    with psycopg.connect(url) as db:
        found = db.execute("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")
        return sorted(row[0] for row in found)


def with_password(url: str, form: str) -> str:
    """``url`` (postgresql://USER@HOST...) with PASSWORD in it, as ``user:pass@`` or as a
    query's ``?password=`` (the throwaway server trusts every local user: it is not checked)."""
    if form == "userinfo":
        scheme, rest = url.split("://", 1)
        user, host = rest.split("@", 1)
        return f"{scheme}://{user}:{PASSWORD}@{host}"
    return f"{url}?password={PASSWORD}"


def copy(source: Where, target: Where, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    """`pegrace store copy` through the command line: its status, and all it printed."""
    status = cli.main(["store", "copy", str(source), str(target)])
    printed = capsys.readouterr()
    return status, printed.out + printed.err


# ---------------------------------------------------------------- the source, read as it is


def test_another_programs_sqlite_file_is_refused_as_a_source_and_left_as_it_was(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    foreign = tmp_path / "notes.db"
    run_sql(
        foreign,
        "CREATE TABLE notes (body TEXT)",
        "INSERT INTO notes VALUES ('keep me')",
        "PRAGMA user_version = 7",
    )
    os.chmod(foreign, 0o644)
    before = foreign.read_bytes()
    status, printed = copy(foreign, tmp_path / "copy.sqlite3", capsys)
    assert status == 2
    assert printed == f"pegrace: error: {foreign} is not a pegrace game store (no table games)\n"
    assert foreign.read_bytes() == before
    assert stat.S_IMODE(foreign.stat().st_mode) == 0o644
    assert sorted(tmp_path.iterdir()) == [foreign]  # no journal, and no copy begun


def test_a_postgresql_database_without_pegraces_tables_is_refused_and_gains_none(
    pg_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with psycopg.connect(pg_url) as db:
        db.execute("CREATE TABLE notes (body TEXT)")
    status, printed = copy(pg_url, tmp_path / "copy.sqlite3", capsys)
    assert status == 2
    assert printed == f"pegrace: error: {pg_url} is not a pegrace game store (no table games)\n"
    assert tables(pg_url) == ["notes"]
    assert sorted(tmp_path.iterdir()) == []


def test_a_pegrace_source_is_read_without_a_change_and_cannot_be_written(
    tmp_path: Path, pg_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    source = a_store(tmp_path / "games.sqlite3", "g1", "g2")
    os.chmod(source, 0o640)
    before = source.read_bytes()
    status, printed = copy(source, pg_url, capsys)
    assert status == 0 and "copied 2 games" in printed
    assert source.read_bytes() == before and stat.S_IMODE(source.stat().st_mode) == 0o640
    for where, refused in ((source, sqlite3.Error), (pg_url, psycopg.Error)):
        with open_store(where, read_only=True) as store, pytest.raises(refused, match="read"):
            store.query("DELETE FROM events")


def test_a_source_of_an_older_schema_is_refused_unchanged(tmp_path: Path) -> None:
    source = a_store(tmp_path / "games.sqlite3", "g1")
    run_sql(source, "PRAGMA user_version = 2")
    with pytest.raises(StoreError) as refused:
        open_store(source, read_only=True)
    assert str(refused.value) == (
        f"the game store {source} has schema version 2, older than this pegrace's "
        f"{len(SQLITE_MIGRATIONS)}: serve it once with this pegrace, which brings it up to "
        "date, then copy it"
    )
    assert stored_version(source) == 2


# ---------------------------------------------------------------- the target, all or nothing


def test_a_copy_failing_part_way_leaves_nothing_and_a_retry_copies_everything(
    tmp_path: Path, pg_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    source = a_store(tmp_path / "games.sqlite3", "g1", "g2", "g3")
    # SQLite keeps any text where a number belongs, PostgreSQL refuses it; g2 is copied last
    run_sql(source, "UPDATE games SET created = 'soon' WHERE id = 'g2'")
    status, printed = copy(source, pg_url, capsys)
    assert status == 2 and printed.count("\n") == 1 and "Traceback" not in printed
    assert printed.startswith(f"pegrace: error: could not copy game g2 from {source} into ")
    assert printed.endswith("(nothing was copied)\n") and "double precision" in printed
    with open_store(pg_url) as target:
        assert target.game_ids() == []  # g1 and g3 were copied first, and rolled back
    run_sql(source, "UPDATE games SET created = 1 WHERE id = 'g2'")
    status, printed = copy(source, pg_url, capsys)
    assert status == 0 and "copied 3 games" in printed
    with open_store(pg_url) as target:
        assert sorted(target.game_ids()) == ["g1", "g2", "g3"]


def test_an_sqlite_target_refusing_a_row_part_way_is_left_as_it_was(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = a_store(tmp_path / "games.sqlite3", "g1", "g2", "g3")
    target = a_store(tmp_path / "copy.sqlite3")
    run_sql(
        target,
        "CREATE TRIGGER full BEFORE INSERT ON events WHEN NEW.game = 'g3' "
        "BEGIN SELECT RAISE(ABORT, 'no room for g3'); END",
    )
    status, printed = copy(source, target, capsys)
    assert status == 2
    assert printed == (
        f"pegrace: error: could not copy game g3 from {source} into {target}: no room for g3 "
        "(nothing was copied)\n"
    )
    with open_store(target) as store:
        assert store.game_ids() == []
    run_sql(target, "DROP TRIGGER full")
    assert copy(source, target, capsys)[0] == 0
    with open_store(target) as store:
        assert store.game_ids() == ["g1", "g2", "g3"]


# ---------------------------------------------------------------- a newer schema


def test_a_store_of_a_newer_schema_is_refused_by_name(
    where: Where, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    postgresql = isinstance(where, str)
    known = len(PG_MIGRATIONS if postgresql else SQLITE_MIGRATIONS)
    with open_store(where) as store:
        a_game(store, "g1")
        store.set_schema_version(known + 1)
    refusal = (
        f"the game store {shown(where)} has schema version {known + 1}, newer than this "
        f"pegrace's {known}: upgrade pegrace"
    )
    for read_only in (False, True):
        with pytest.raises(StoreError) as refused:
            open_store(where, read_only=read_only)
        assert str(refused.value) == refusal
    argv = ["serve", "--port", "0", "--no-open", "--store", str(where)]
    assert cli.main(argv) == 2
    assert capsys.readouterr().err == f"pegrace: error: {refusal}\n"
    assert copy(where, tmp_path / "copy.sqlite3", capsys)[1] == f"pegrace: error: {refusal}\n"
    assert stored_version(where) == known + 1  # left as it was


# ---------------------------------------------------------------- another server's migration


def test_opening_says_what_it_waits_for_and_gives_up_in_the_time_given(
    pg_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    open_store(pg_url).close()
    with psycopg.connect(pg_url, autocommit=True) as other:
        other.execute("SELECT pg_advisory_lock(%s)", (MIGRATION_LOCK,))
        pid = other.info.backend_pid
        holder = f"advisory lock {MIGRATION_LOCK}, held by the session of pid {pid}"
        started = time.monotonic()
        with (
            caplog.at_level(logging.WARNING, "pegrace.web"),
            pytest.raises(StoreError) as gave_up,
        ):
            PostgresStore(pg_url, migration_wait=1.5)
        waited = time.monotonic() - started
    assert 1.5 <= waited < 30
    assert caplog.messages == [
        f"waiting for another server's migration of {pg_url} ({holder}), at most 1.5 s"
    ]
    assert str(gave_up.value) == (
        f"gave up on the game store {pg_url} after 1.5 s: another server's migration of it "
        f"has not ended ({holder}); let it end, or end that session, and start again"
    )


def test_opening_goes_on_once_the_other_servers_migration_ends(pg_url: str) -> None:
    other = psycopg.connect(pg_url, autocommit=True)
    other.execute("SELECT pg_advisory_lock(%s)", (MIGRATION_LOCK,))
    ends = threading.Timer(1.0, other.close)  # its session ends: the lock is let go
    started = time.monotonic()
    ends.start()
    try:
        PostgresStore(pg_url, migration_wait=60).close()
    finally:
        ends.join()
    assert time.monotonic() - started >= 1.0


# ---------------------------------------------------------------- passwords


def test_every_secret_of_a_url_is_masked_and_nothing_else() -> None:
    assert without_password("postgresql://ann:hunter2@db.example:5432/games") == (
        "postgresql://ann:***@db.example:5432/games"
    )
    assert without_password("postgresql://ann@db/games?sslmode=require&password=hunter2") == (
        "postgresql://ann@db/games?sslmode=require&password=***"
    )
    assert (
        without_password(
            "postgres://ann:p@ss?w@db/games?sslpassword=k3y&pass%77ord=x&passfile=/etc/pgpass"
        )
        == "postgres://ann:***@db/games?sslpassword=***&pass%77ord=***&passfile=/etc/pgpass"
    )
    assert without_password("postgresql://db.example:5432/games") == (
        "postgresql://db.example:5432/games"
    )


@pytest.mark.parametrize(
    "url",
    [
        f"postgresql://ann:{PASSWORD} x@127.0.0.1:1/games",  # libpq quotes the password
        f"postgresql://ann@[::1/games?password={PASSWORD}",  # libpq quotes the whole URL
        f"postgresql://ann:{PASSWORD}@127.0.0.1:1/games",
    ],
)
def test_a_refusal_quoting_the_url_masks_its_password(url: str) -> None:
    with pytest.raises(StoreError) as refused:
        open_store(url)
    said = str(refused.value)
    assert said.startswith(f"cannot open the game store {without_password(url)}: ")
    assert PASSWORD not in said and "\n" not in said


@pytest.mark.parametrize("form", ["userinfo", "query"])
def test_store_copy_never_shows_the_password(
    form: str, postgres_server: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = with_password(postgres.fresh_database(postgres_server), form)
    foreign = with_password(postgres.fresh_database(postgres_server), form)  # no tables
    mistyped = with_password("postgress://ann@db.example/games", form)  # reads as a path
    source = a_store(tmp_path / "games.sqlite3", "g1")
    copies = {
        "copied": copy(source, url, capsys),
        "held": copy(source, url, capsys),  # the target holds g1 now
        "back": copy(url, source, capsys),  # and so does the source
        "foreign": copy(foreign, tmp_path / "copy.sqlite3", capsys),
        "mistyped": copy(mistyped, tmp_path / "copy.sqlite3", capsys),
    }
    assert {what: status for what, (status, _) in copies.items()} == {
        "copied": 0,
        "held": 2,
        "back": 2,
        "foreign": 2,
        "mistyped": 2,
    }
    shown_url = without_password(url)
    assert f"from {source} to {shown_url};" in copies["copied"][1]
    assert f"{shown_url} already holds game g1" in copies["held"][1]
    assert f"(1 of the 1 game of {shown_url})" in copies["back"][1]
    assert f"{without_password(foreign)} is not a pegrace game store" in copies["foreign"][1]
    assert f"SRC {without_password(mistyped)}: no such store" in copies["mistyped"][1]
    assert not [what for what, (_, printed) in copies.items() if PASSWORD in printed]


@pytest.mark.parametrize("form", ["userinfo", "query"])
def test_serve_never_shows_the_password_nor_logs_it(form: str, pg_url: str, tmp_path: Path) -> None:
    url = with_password(pg_url, form)
    log = tmp_path / "server.log"
    server = Server(url, log, extra=("--log-level", "info"))
    other = psycopg.connect(pg_url, autocommit=True)  # another server's migration, a while
    other.execute("SELECT pg_advisory_lock(%s)", (MIGRATION_LOCK,))
    ends = threading.Timer(2.0, other.close)
    ends.start()
    try:
        server.start()
        server.get("/api/catalog")
    finally:
        server.stop()
        ends.join()
    printed = log.read_text()
    assert f"waiting for another server's migration of {without_password(url)} (" in printed
    assert f"(games kept in {without_password(url)})" in printed
    assert PASSWORD not in printed
