"""Room codes (roomcodes.py, rooms.py): six characters without look-alikes, drawn for every
new game and unique in the store (SQLite's and PostgreSQL's, whose schema gains them by a
migration), typed forgivingly and refused in words otherwise; ``GET /api/rooms/{code}``
finds the game, at most ``codes_per_minute`` lookups an address, right or wrong; and the
invite card's addresses of this machine, told only to a page on it."""

from __future__ import annotations

import ipaddress
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from webclient import TWO_HUMANS, TestClient, hello, new_game, running

from pegrace.errors import OptionError
from pegrace.i18n import Said
from pegrace.web import pgstore, rooms, store
from pegrace.web.app import create_app
from pegrace.web.gamestore import GameStore
from pegrace.web.limits import Limits
from pegrace.web.roomcodes import (
    ALPHABET,
    CODE_MIGRATION,
    LENGTH,
    game_with_code,
    give_code,
    new_code,
    normalise,
)
from pegrace.web.settings import parse_settings
from pegrace.web.storecopy import copy_games
from pegrace.web.stores import Where, is_postgres, open_store

OPEN_SEAT = {"red": "human", "green": "open"}


# ---------------------------------------------------------------- the codes


def test_the_alphabet_leaves_out_the_look_alikes() -> None:
    assert not set("0O1IL") & set(ALPHABET)
    assert len(set(ALPHABET)) == len(ALPHABET) == 31
    assert set(ALPHABET) == set("23456789ABCDEFGHJKMNPQRSTUVWXYZ")
    codes = {new_code() for _ in range(200)}
    assert all(len(code) == LENGTH and set(code) <= set(ALPHABET) for code in codes)
    assert len(codes) == 200  # drawn, not counted


@pytest.mark.parametrize(
    "typed", ["K7M4QX", "k7m4qx", "K7M 4QX", "k7m-4qx", " K7M\u20134QX ", "K-7-M-4-Q-X"]
)
def test_what_people_type_is_forgiven_where_it_is_unambiguous(typed: str) -> None:
    assert normalise(typed) == "K7M4QX"


@pytest.mark.parametrize(
    ("typed", "problem"),
    [
        ("", "type a room code: 6 letters and digits"),
        ("  - ", "type a room code: 6 letters and digits"),
        ("K7M4Q0", "'K7M4Q0' is not a room code: '0' is in none"),
        ("K7MOQX", "'O' is in none (codes leave out 0, O, 1, I and L, which look alike)"),
        ("k7m4ql", "'l' is in none"),
        ("K7M4Q1", "'1' is in none"),
        ("K7M4Qi", "'i' is in none"),
        ("K7M4Q\u00df", "'\u00df' is in none"),  # upper-cased it would be two letters
        ("K7M4Q", "'K7M4Q' is not a room code: a code has 6 letters and digits, not 5"),
        ("K7M 4QXX", "a code has 6 letters and digits, not 7"),
        ("2" * 100, "a code has 6 letters and digits, not 100"),
        ("K7M/4QX", "'/' is in none"),
    ],
)
def test_anything_else_is_refused_naming_it(typed: str, problem: str) -> None:
    with pytest.raises(OptionError, match=problem.replace("(", r"\(").replace(")", r"\)")):
        normalise(typed)
    try:
        normalise(typed)
    except OptionError as err:
        assert isinstance(err.said, Said)  # the page says it in the person's language


# ---------------------------------------------------------------- the store


def made(store: GameStore, game_id: str) -> None:
    settings, _ = parse_settings({"game": "trouble", "seats": TWO_HUMANS})
    assert store.create_game(game_id, settings, {"red": "r", "green": "g"})


def test_a_code_is_stored_with_its_game_and_found_again(where: Where) -> None:
    with open_store(where) as opened:
        made(opened, "g1")
        code = give_code(opened, "g1")
        loaded = opened.load_game("g1")
        assert loaded is not None and loaded.code == code
        assert game_with_code(opened, code) == "g1"
        assert game_with_code(opened, "222222" if code != "222222" else "333333") is None


def test_a_code_another_game_holds_is_drawn_again(
    where: Where, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn = iter(["AAAAAA", "AAAAAA", "BBBBBB"])
    monkeypatch.setattr("pegrace.web.roomcodes.new_code", lambda: next(drawn))
    with open_store(where) as opened:
        made(opened, "g1")
        made(opened, "g2")
        assert give_code(opened, "g1") == "AAAAAA"
        assert give_code(opened, "g2") == "BBBBBB"  # the store's unique index refused the clash
        assert game_with_code(opened, "AAAAAA") == "g1"
        assert game_with_code(opened, "BBBBBB") == "g2"


def test_the_migration_gives_the_games_of_the_previous_version_no_code(
    where: Where, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A store of the version before codes (every migration before CODE_MIGRATION's) gains
    the column and its unique index; its games have no code, and new ones are given one."""
    kind = pgstore if is_postgres(where) else store
    every = kind.MIGRATIONS
    before = every[: every.index(CODE_MIGRATION)]
    with monkeypatch.context() as patched:
        patched.setattr(kind, "MIGRATIONS", before)
        with open_store(where) as old:
            assert old.schema_version() == len(before)
            made(old, "old")
    with open_store(where) as opened:
        assert opened.schema_version() == len(every)
        loaded = opened.load_game("old")
        assert loaded is not None and loaded.code is None
        made(opened, "new")
        code = give_code(opened, "new")
        assert opened.load_game("new").code == code  # type: ignore[union-attr]
        with pytest.raises(opened.failures):  # unique
            opened.query("UPDATE games SET code = ? WHERE id = 'old'", (code,))


def test_a_copied_store_keeps_its_games_codes(tmp_path: Path, pg_url: str) -> None:
    sqlite = tmp_path / "games.sqlite3"
    with open_store(sqlite) as source:
        made(source, "g1")
        code = give_code(source, "g1")
    with open_store(sqlite) as source, open_store(pg_url) as target:
        copy_games(source, target)
        assert game_with_code(target, code) == "g1"


# ---------------------------------------------------------------- the API


@pytest.fixture
def few(db: Path) -> Iterator[TestClient]:
    """The app with a small allowance of lookups."""
    with running(db, limits=Limits(codes_per_minute=5, messages_per_second=1000)) as client:
        yield client


def code_of(client: TestClient, game_id: str) -> str:
    code: str = client.get(f"/api/games/{game_id}").json()["game"]["code"]
    return code


def test_a_new_game_has_a_code_its_page_is_told_and_the_code_finds_it(
    client: TestClient,
) -> None:
    game = new_game(client, game="trouble", seats=OPEN_SEAT)
    code = code_of(client, game["id"])
    assert len(code) == LENGTH and set(code) <= set(ALPHABET)
    with client.websocket_connect(f"/ws/{game['id']}") as ws:
        welcome, _ = hello(ws, [])
    assert welcome["game"]["code"] == code
    typed = f"{code[:3].lower()} - {code[3:]}"
    found = client.get(f"/api/rooms/{typed}")
    assert found.status_code == 200 and found.json() == {"game": game["id"]}
    other = new_game(client, game="trouble", seats=OPEN_SEAT)
    assert code_of(client, other["id"]) != code


def test_wrong_and_malformed_codes_are_refused_in_words(few: TestClient) -> None:
    unknown = few.get("/api/rooms/22222Z")
    assert unknown.status_code == 404
    assert unknown.json()["error"] == "no game has the room code 22222Z"
    assert unknown.json()["said"]["a"] == {"code": "22222Z"}
    for typed, problem in (("K7MOQX", "'O' is in none"), ("abc", "not 3")):
        refused = few.get(f"/api/rooms/{typed}")
        assert refused.status_code == 400 and problem in refused.json()["error"]


def test_lookups_are_limited_per_address_right_or_wrong(few: TestClient) -> None:
    """Five lookups (wrong, then right) are answered; past them every one is refused, the
    right code too. A malformed code is refused before it counts."""
    game = new_game(few, game="trouble", seats=OPEN_SEAT)
    code = code_of(few, game["id"])
    for _ in range(3):
        assert few.get("/api/rooms/OOOOOO").status_code == 400  # not counted
    start = time.monotonic()
    answered = [few.get("/api/rooms/22222Z").status_code for _ in range(4)]
    answered.append(few.get(f"/api/rooms/{code}").status_code)
    assert answered == [404, 404, 404, 404, 200]
    later = [few.get(f"/api/rooms/{typed}") for typed in ("22222Z", code, code)]
    refilled = int((time.monotonic() - start) * 5 / 60)  # given back meanwhile: 5 a minute
    refused = [answer for answer in later if answer.status_code == 429]
    assert len(refused) >= len(later) - refilled and refused
    assert refused[-1].json()["error"] == (
        "at most 5 room codes a minute from one address: wait a little"
    )


# ---------------------------------------------------------------- this machine's addresses


def addresses(db: Path, host: str, client: tuple[str, int]) -> Any:
    app = create_app(db, computer_delay=0, host=host)
    with TestClient(app, client=client) as asking:
        answer = asking.get("/api/addresses")
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_a_server_on_this_machine_only_says_so(db: Path) -> None:
    assert addresses(db, "127.0.0.1", ("127.0.0.1", 5000)) == {"beyond": False, "hosts": []}


def test_the_machines_addresses_are_told_to_a_page_on_it_alone(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(rooms, "lan_addresses", lambda host: ["192.168.1.20", "fd00::5"])
    here = addresses(db, "0.0.0.0", ("127.0.0.1", 5000))
    assert here == {"beyond": True, "hosts": ["192.168.1.20", "[fd00::5]"]}
    elsewhere = addresses(db, "0.0.0.0", ("192.168.1.31", 5000))
    assert elsewhere == {"beyond": True, "hosts": []}


def test_the_addresses_of_a_wildcard_are_the_machines_usable_ones(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    found = [
        "127.0.0.1",
        "203.0.113.9",
        "192.168.1.20",
        "169.254.3.4",
        "::1",
        "fe80::1",
        "fd00::5",
        "192.168.1.20",
    ]
    monkeypatch.setattr(rooms, "route_addresses", lambda: [])
    monkeypatch.setattr(rooms, "named_addresses", lambda: [ipaddress.ip_address(a) for a in found])
    assert rooms.lan_addresses("0.0.0.0") == ["192.168.1.20", "203.0.113.9"]
    assert rooms.lan_addresses("::") == ["192.168.1.20", "203.0.113.9", "fd00::5"]
    assert rooms.lan_addresses("10.0.0.7") == ["10.0.0.7"]  # one address: that one
    assert rooms.lan_addresses("127.0.0.1") == rooms.lan_addresses("::1") == []


def test_the_machines_own_addresses_are_found_without_help() -> None:
    """Whatever this machine has (a test box may have no network): real addresses, usable
    in a link, none of them loopback."""
    for address in rooms.lan_addresses("::"):
        parsed = ipaddress.ip_address(address)
        assert not (parsed.is_loopback or parsed.is_link_local or parsed.is_unspecified)
