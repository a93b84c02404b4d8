"""Fixtures for the web tests: the app on a fresh store for the protocol tests; for the
browser tests (test_e2e*.py) a real `pegrace serve` subprocess on a free 127.0.0.1 port with
its own game store, and Debian's headless Chromium driven by Playwright."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pages import Server, serving
from webclient import TestClient, running

import postgres

CHROMIUM = Path("/usr/bin/chromium")


@pytest.fixture
def db(tmp_path: Path) -> Path:
    """A fresh game store's path."""
    return tmp_path / "games.sqlite3"


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """A throwaway PostgreSQL server for the whole run (tests/postgres.py): its URL."""
    with postgres.server() as url:
        yield url


@pytest.fixture
def pg_url(postgres_server: str) -> str:
    """A fresh, empty PostgreSQL database of its own: its URL."""
    return postgres.fresh_database(postgres_server)


@pytest.fixture(params=["sqlite", "postgres"])
def where(request: pytest.FixtureRequest, tmp_path: Path) -> Path | str:
    """A fresh game store of each kind: an SQLite file's path, a PostgreSQL database's URL."""
    if request.param == "sqlite":
        return tmp_path / "games.sqlite3"
    url: str = request.getfixturevalue("pg_url")
    return url


@pytest.fixture
def client(db: Path) -> Iterator[TestClient]:
    """The app on a fresh store, its lifespan running, for protocol tests."""
    with running(db) as client:
        yield client


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    with serving(tmp_path) as running:
        yield running


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Chromium for one test module. Not for the whole session: while Playwright's sync API
    runs, its event loop is the thread's running loop, and other tests' asyncio.run() fails."""
    if not CHROMIUM.exists():
        pytest.skip(f"browser tests need Debian's chromium at {CHROMIUM} (`make test` installs it)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=["--headless", "--no-sandbox", "--disable-gpu"]
        )
        try:
            yield launched
        finally:
            launched.close()
