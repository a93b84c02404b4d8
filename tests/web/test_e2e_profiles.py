"""Profiles in Debian's chromium (issue 54, items 1 to 3), each browser context with Chromium's
own virtual passkey authenticator (CDP's WebAuthn domain): two people make profiles with
passkeys, play a rated two-player game against each other, both ratings change, and the
player's page shows the game, the stats and the rating's graph; the passkey signs in again on
a new device (a new context holding the same credential). Passkeys want the server by name:
the pages are opened on localhost."""

from __future__ import annotations

import json
import time
from typing import Any

from pages import ACTION_LIMIT, WAITING, Server, act, new_page, wait_synced

AUTHENTICATOR = {
    "protocol": "ctap2",
    "transport": "internal",
    "hasResidentKey": True,
    "hasUserVerification": True,
    "isUserVerified": True,
    "automaticPresenceSimulation": True,
}
MAKE = """async (body) => {
  const headers = {'Content-Type': 'application/json'};
  const answer = await fetch(body.path, {method: 'POST', headers, body: JSON.stringify(body.json)});
  return {status: answer.status, json: await answer.json()};
}"""


def named(server: Server) -> str:
    return server.url.replace("127.0.0.1", "localhost")


def device(browser: Any, credential: dict[str, Any] | None = None) -> tuple[Any, Any, Any, str]:
    """A context with its own virtual authenticator (holding ``credential``, if given): the
    context, its page, the CDP session and the authenticator's id."""
    context, page, _errors = new_page(browser)
    cdp = context.new_cdp_session(page)
    cdp.send("WebAuthn.enable")
    made = cdp.send("WebAuthn.addVirtualAuthenticator", {"options": AUTHENTICATOR})
    if credential is not None:
        cdp.send("WebAuthn.addCredential", {"authenticatorId": made["authenticatorId"],
                                            "credential": credential})  # fmt: skip
    return context, page, cdp, made["authenticatorId"]


def make_profile(page: Any, base: str, name: str) -> None:
    page.goto(base + "/")
    page.click("#profile")
    page.fill("#profile-name", name)
    page.click("#profile-make")
    page.wait_for_selector(f"#profile-panel >> text=Signed in as {name}")
    assert page.inner_text("#profile") == name


def play_both(*pages: Any) -> None:
    """Each page acts when it is asked to, until the game is over."""
    for _ in range(ACTION_LIMIT):
        for page in pages:
            asked = page.evaluate(WAITING)
            if asked and asked["what"] == "over":
                return
            if asked:
                act(page, keys=True)
    raise AssertionError("the game did not end")


def rated(server: Server, name: str) -> Any:
    """The player's page's data, once its rating is there (stored as the game ends)."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        player = server.get(f"/api/players/{name}")
        if player["games"].get("trouble", {}).get("rating"):
            return player
        time.sleep(0.1)
    raise AssertionError(f"{name}: no rating")


def test_two_profiles_play_a_rated_game_and_see_their_ratings(browser: Any, server: Server) -> None:
    base = named(server)
    ann_context, ann, ann_cdp, ann_key = device(browser)
    bob_context, bob, _, _ = device(browser)
    make_profile(ann, base, "Ann")
    make_profile(bob, base, "Bob")
    seats = {"red": "human", "green": "open"}
    made = ann.evaluate(MAKE, {"path": "/api/games", "json": {
        "game": "trouble", "players": 2, "seats": seats, "rated": True}})  # fmt: skip
    assert made["status"] == 201, made
    game = made["json"]
    claimed = bob.evaluate(MAKE, {"path": f"/api/games/{game['id']}/claim",
                                  "json": {"colour": "green"}})  # fmt: skip
    assert claimed["status"] == 200, claimed
    for page, tokens in ((ann, game["tokens"]), (bob, claimed["json"]["tokens"])):
        page.evaluate(
            "([id, tokens]) => localStorage.setItem('pegrace:tokens:' + id, tokens)",
            [game["id"], json.dumps(tokens)],
        )
        page.goto(base + game["url"])
        wait_synced(page)
    play_both(ann, bob)
    ann_page, bob_page = rated(server, "Ann"), rated(server, "Bob")
    ratings = [p["games"]["trouble"]["rating"]["mu"] for p in (ann_page, bob_page)]
    winner = 0 if ann_page["played"][0]["place"] == 1 else 1
    assert ratings[winner] > 25 > ratings[1 - winner]  # a newcomer's is 25
    assert ann_page["played"][0]["game"] == game["id"] and ann_page["played"][0]["rated"]

    ann.goto(base + "/players/Ann")
    ann.wait_for_selector("#played li a")
    assert ann.get_attribute("#played li a", "href") == f"/game/{game['id']}"
    assert ann.inner_text("#player-name") == "Ann"
    tally = ann.inner_text(".player-game table.tally")
    assert "against people" in tally and "1" in tally
    assert ann.is_visible("svg.course polyline")  # the rating's course
    assert "plays like" in ann.inner_text(".rating") or "below" in ann.inner_text(".rating")

    # a new device holding Ann's passkey signs in with it
    (credential,) = ann_cdp.send("WebAuthn.getCredentials", {"authenticatorId": ann_key})[
        "credentials"
    ]
    phone_context, phone, _, _ = device(browser, credential)
    phone.goto(base + "/")
    phone.click("#profile")
    phone.click("#profile-signin")
    phone.wait_for_selector("#profile-panel >> text=Signed in as Ann")
    for context in (ann_context, bob_context, phone_context):
        context.close()


def test_a_one_time_link_signs_another_device_in(browser: Any, server: Server) -> None:
    base = named(server)
    context, page, _, _ = device(browser)
    make_profile(page, base, "Cat")
    page.click("#profile-another")
    page.wait_for_selector("#profile-link")
    page.wait_for_selector(".profile-link .qr svg")
    link = page.input_value("#profile-link")
    other, tablet, _errors = new_page(browser)
    tablet.goto(link)
    tablet.wait_for_function("document.getElementById('profile').textContent === 'Cat'")
    assert "signin=" not in tablet.url  # taken off the address at once
    context.close()
    other.close()
