"""Players from outside in the web app (issue 56): only those the server's operator lists
(`pegrace serve --outside-player NAME=SPEC`) are seat kinds; a client that names code
(``module:``, ``bot:``) is refused before anything is loaded or started, and an offered player
plays its seat through the worker processes, by the name the operator gave it."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from webclient import FAST_PLAY, TestClient, new_game, receive_until, send

from pegrace.errors import OptionError
from pegrace.record import Record
from pegrace.web.app import create_app
from pegrace.web.settings import catalog

CANARY = "outside_canary_never_imported"  # a module name a refused seat must not import
BOT = Path(__file__).resolve().parents[1] / "bots" / "first_legal.py"
OFFER = ("first=module:outside_agents:first_legal", f"botty=bot:{sys.executable} {BOT}")


@pytest.fixture
def offering(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(
        tmp_path / "games.sqlite3", computer_delay=0.0, limits=FAST_PLAY, outside_players=OFFER
    )
    with TestClient(app) as client:
        yield client
    create_app(tmp_path / "other.sqlite3")  # the next test's server offers none


@pytest.mark.parametrize(
    "kind",
    [
        f"module:{CANARY}:play",
        f"computer:module:{CANARY}:play",
        "bot:ms=1",
        "computer:bot:touch /tmp/pwned",
        "outside:nobody",
    ],
)
def test_a_client_naming_code_or_an_unlisted_player_is_refused(
    offering: TestClient, kind: str
) -> None:
    seats = {"red": kind, "green": "human"}
    response = offering.post("/api/games", json={"game": "trouble", "seats": seats})
    assert response.status_code == 400
    words = response.json()["error"]
    assert "plays only the players from outside its server offers" in words
    assert "computer:outside:first, computer:outside:botty" in words
    assert CANARY not in sys.modules


def test_the_catalog_offers_the_operators_players_by_their_names(offering: TestClient) -> None:
    kinds = offering.get("/api/catalog").json()["seat_kinds"]
    assert kinds[-2:] == ["computer:outside:first", "computer:outside:botty"]
    assert not any("module:" in kind or "bot:" in kind for kind in kinds)


@pytest.mark.parametrize("seat", ["outside:first", "computer:outside:botty"])
def test_an_offered_player_plays_its_seat_to_the_end(offering: TestClient, seat: str) -> None:
    seats = {"red": seat, "green": "computer:random"}
    created = new_game(offering, game="trouble", seats=seats, seed=5)
    with offering.websocket_connect(f"/ws/{created['id']}") as ws:
        send(ws, type="hello", tokens=[])
        end = receive_until(ws, lambda m: m["type"] == "state" and m["phase"] == "over")
    assert end["outcome"]["winners"]
    record = Record.from_json(offering.get(f"/api/games/{created['id']}/record").json())
    kind = "computer:" + seat.removeprefix("computer:")
    assert record.seats["red"] == kind  # the name, never the operator's command line
    assert "module:" not in str(record.to_json()) and "first_legal" not in str(record.to_json())


@pytest.mark.parametrize(
    "entry",
    ["first", "First=module:outside_agents:first_legal", "x=medium", "a=b=c", "ok=module:nope:f"],
)
def test_the_operators_list_is_checked_at_start(tmp_path: Path, entry: str) -> None:
    with pytest.raises(OptionError):
        create_app(tmp_path / "games.sqlite3", outside_players=(entry,))
    create_app(tmp_path / "games.sqlite3")
    assert not [k for k in catalog()["seat_kinds"] if "outside" in k]
