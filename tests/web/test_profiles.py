"""Profiles without a password (issue 54, item 1) through the API, with a software passkey
authenticator (authenticator.py: real ES256 signatures the server checks): making one, the
name's rules, signing in on another device by passkey or one-time link, a replayed, forged or
cloned assertion refused, the data exported, the profile deleted with its games kept, and the
limits by address."""

from __future__ import annotations

import contextlib
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from webclient import running

from pegrace.web.attackbench.authenticator import Authenticator, b64, unb64
from pegrace.web.limits import Limits
from pegrace.web.profiles import COOKIE

Json = dict[str, Any]


def make_profile(client: TestClient, key: Authenticator, name: str) -> Any:
    begun = client.post("/api/profiles/begin", json={"name": name})
    assert begun.status_code == 200, begun.text
    body = begun.json()
    credential = key.create(body["options"])
    return client.post(
        "/api/profiles/finish", json={"ceremony": body["ceremony"], "credential": credential}
    )


def sign_in(client: TestClient, key: Authenticator, which: str | None = None) -> Any:
    begun = client.post("/api/signin/begin", json={}).json()
    answer = key.get(begun["options"], which)
    return client.post(
        "/api/signin/finish", json={"ceremony": begun["ceremony"], "credential": answer}
    )


@pytest.fixture
def app(tmp_path: Path) -> Any:
    with running(tmp_path / "games.sqlite3") as client:
        yield client


def another(client: TestClient) -> TestClient:
    """The client as a new device: none of the cookies it held (the app, its lifespan running,
    is the same: a second client would run the app on another event loop)."""
    client.cookies.clear()
    return client


def test_a_profile_is_made_with_a_passkey_and_its_cookie_is_safe(app: TestClient) -> None:
    key = Authenticator()
    made = make_profile(app, key, "Ann")
    assert made.status_code == 201, made.text
    assert made.json() == {"name": "Ann"}
    cookie = made.headers["set-cookie"]
    assert cookie.startswith(f"{COOKIE}=") and "HttpOnly" in cookie and "SameSite=lax" in cookie
    assert "Secure" not in cookie  # plain http here; behind TLS it is Secure
    assert app.get("/api/me").json() == {"name": "Ann"}


def test_a_name_is_one_profiles_and_names_no_colour(app: TestClient) -> None:
    assert make_profile(app, Authenticator(), "Ann").status_code == 201
    for same in ("ann", "A.N.N", " ANN "):
        refused = app.post("/api/profiles/begin", json={"name": same})
        assert refused.status_code == 409 and "taken" in refused.json()["error"]
    for bad, says in (("Red", "colour"), ("", "1 to"), ("!!!", "letter or a digit"), (7, "text")):
        refused = app.post("/api/profiles/begin", json={"name": bad})
        assert refused.status_code == 400 and says in refused.json()["error"], refused.text


def test_another_device_signs_in_with_the_passkey(app: TestClient) -> None:
    key = Authenticator()
    make_profile(app, key, "Ann")
    phone = another(app)
    assert phone.get("/api/me").json() == {"name": None}
    signed = sign_in(phone, key)
    assert signed.status_code == 200 and signed.json() == {"name": "Ann"}
    assert phone.get("/api/me").json() == {"name": "Ann"}


def test_a_replayed_forged_or_cloned_assertion_is_refused(app: TestClient) -> None:
    key = Authenticator()
    make_profile(app, key, "Ann")
    device = another(app)
    begun = device.post("/api/signin/begin", json={}).json()
    answer = key.get(begun["options"])
    body = {"ceremony": begun["ceremony"], "credential": answer}
    assert device.post("/api/signin/finish", json=body).status_code == 200
    # the same answer again: its ceremony is over
    again = another(app)
    replayed = again.post("/api/signin/finish", json=body)
    assert replayed.status_code == 403 and again.get("/api/me").json() == {"name": None}
    # the old answer to a new challenge
    fresh = again.post("/api/signin/begin", json={}).json()
    stale = again.post(
        "/api/signin/finish", json={"ceremony": fresh["ceremony"], "credential": answer}
    )
    assert stale.status_code == 403, stale.text
    # a signature that is not the key's
    fresh = again.post("/api/signin/begin", json={}).json()
    forged = key.get(fresh["options"])
    signature = bytearray(unb64(forged["response"]["signature"]))
    signature[-1] ^= 1
    forged["response"]["signature"] = b64(bytes(signature))
    bad = again.post(
        "/api/signin/finish", json={"ceremony": fresh["ceremony"], "credential": forged}
    )
    assert bad.status_code == 403
    # a copy of the key whose count fell behind (a cloned authenticator)
    credential = next(iter(key.credentials.values()))
    credential.count = 0
    cloned = sign_in(again, key)
    assert cloned.status_code == 403 and again.get("/api/me").json() == {"name": None}


def test_an_unknown_passkey_and_bad_answers_are_refused(app: TestClient) -> None:
    make_profile(app, Authenticator(), "Ann")
    stranger = Authenticator()
    begun = app.post("/api/signin/begin", json={}).json()
    stranger.create({"rp": {"id": "testserver"}, "user": {"id": b64(b"x")}, "challenge": "x"})
    answer = stranger.get(begun["options"])
    refused = app.post(
        "/api/signin/finish", json={"ceremony": begun["ceremony"], "credential": answer}
    )
    assert refused.status_code == 403 and "no profile" in refused.json()["error"]
    for body in (
        {},
        {"ceremony": 5},
        {"ceremony": "x" * 100},
        {"ceremony": "nope", "credential": {}},
    ):
        answer_of = app.post("/api/signin/finish", json=body)
        assert answer_of.status_code in (400, 403), answer_of.text
        assert answer_of.json()["error"]


def test_a_one_time_link_signs_another_device_in_once(app: TestClient) -> None:
    make_profile(app, Authenticator(), "Ann")
    link = app.post("/api/signin/link", json={}).json()["url"]
    token = link.split("signin=")[1]
    tablet = another(app)
    assert tablet.post("/api/signin/with-link", json={"token": token}).json() == {"name": "Ann"}
    assert tablet.get("/api/me").json() == {"name": "Ann"}
    later = another(app)
    used = later.post("/api/signin/with-link", json={"token": token})
    assert used.status_code == 403 and later.get("/api/me").json() == {"name": None}
    nobody = another(app)
    assert nobody.post("/api/signin/link", json={}).status_code == 403


def test_the_data_is_exported_and_the_profile_deleted_with_its_games_kept(
    app: TestClient, tmp_path: Path
) -> None:
    make_profile(app, Authenticator(), "Ann")
    made = app.post("/api/games", json={"game": "trouble", "players": 2, "names": {"red": "Annie"},
                                        "seats": {"red": "human", "green": "open"}})  # fmt: skip
    assert made.status_code == 201
    data = app.get("/api/me/export")
    assert "attachment" in data.headers["content-disposition"]
    exported = data.json()
    assert exported["name"] == "Ann" and len(exported["passkeys"]) == 1
    assert exported["seats"] == [{"game": made.json()["id"], "colour": "red"}]
    gone = app.delete("/api/me")
    assert gone.status_code == 200 and app.get("/api/me").json() == {"name": None}
    assert app.get("/api/players/Ann").status_code == 404
    assert app.get(f"/api/games/{made.json()['id']}").status_code == 200  # the game stays
    with contextlib.closing(sqlite3.connect(tmp_path / "games.sqlite3")) as db:
        seat = "SELECT name FROM seats WHERE game = ? AND colour = 'red'"
        assert db.execute(seat, (made.json()["id"],)).fetchone() == (None,)  # its name not
    assert make_profile(app, Authenticator(), "Ann").status_code == 201  # the name is free


def test_a_rated_game_needs_a_signed_in_maker_and_seats_open_to_people(app: TestClient) -> None:
    seats = {"red": "human", "green": "open"}
    body = {"game": "trouble", "players": 2, "seats": seats, "rated": True}
    assert app.post("/api/games", json=body).status_code == 403  # nobody signed in
    make_profile(app, Authenticator(), "Ann")
    assert app.post("/api/games", json=body).status_code == 201
    for bad in ({"red": "human", "green": "computer:easy"}, {"red": "human", "green": "human"}):
        refused = app.post("/api/games", json={**body, "seats": bad})
        assert refused.status_code == 400 and "rated" in refused.json()["error"]
    assert app.post("/api/games", json={**body, "rated": "yes"}).status_code == 400


def test_making_profiles_and_signing_in_are_limited_by_address(tmp_path: Path) -> None:
    few = Limits(profiles_per_minute=4, signins_per_minute=4)
    with running(tmp_path / "games.sqlite3", limits=few) as app:
        codes = [
            app.post("/api/profiles/begin", json={"name": f"Person{i}"}).status_code
            for i in range(8)
        ]
        assert codes == [200] * 4 + [429] * 4  # a minute's worth at once, then no more
        codes = [app.post("/api/signin/begin", json={}).status_code for _ in range(8)]
        assert codes == [200] * 4 + [429] * 4
        refused = app.post("/api/signin/finish", json={})  # the answers count too
        assert refused.status_code == 429 and "tries a minute" in refused.json()["error"]


def test_players_pages_and_leaderboards_are_limited_by_address(tmp_path: Path) -> None:
    """Each reads many rows in the store's one thread: a quarter of a minute's at once."""
    with running(tmp_path / "games.sqlite3", limits=Limits(players_per_minute=8)) as app:
        make_profile(app, Authenticator(), "Ann")
        codes = [app.get("/api/leaderboard/trouble").status_code for _ in range(2)]
        codes += [app.get("/api/players/Ann").status_code for _ in range(2)]
        assert codes == [200, 200, 429, 429]
        assert "a minute" in app.get("/api/leaderboard/trouble").json()["error"]


def test_passkeys_need_the_server_reached_by_a_name(tmp_path: Path) -> None:
    with running(tmp_path / "games.sqlite3") as app:
        refused = app.post("http://127.0.0.1/api/profiles/begin", json={"name": "Ann"})
        assert refused.status_code == 400 and "localhost" in refused.json()["error"]
