"""Room codes in a real headless Chromium: the invite card shows the game's code big, with the
game's link and its QR code, and says what others can reach; a friend in another browser types
the code on the front page, as people type it, and lands on the game's page, its open seat
offered; a wrong code is said beside the field."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from pages import Server, new_page, quick_computer, serving, set_up_game, wait_synced

from pegrace.web.rooms import lan_addresses, url_host

CODE_SHOWN = re.compile(r"^[2-9A-HJKMNP-Z]{3} [2-9A-HJKMNP-Z]{3}$")


def game_with_an_open_seat(page: Any, server: Server) -> tuple[str, str]:
    """Red here, yellow open for a friend: the game's id and its code as the card shows it."""
    computer = quick_computer(server.get("/api/catalog"))
    seats = {"red": "human", "yellow": "open", "green": computer, "blue": computer}
    game_id = set_up_game(page, server.url, "trouble", seats)
    page.wait_for_selector("#invite-card:not([hidden]) #room-code")
    shown = page.locator("#room-code").inner_text()
    assert CODE_SHOWN.match(shown), shown
    return game_id, shown


def test_a_friend_types_the_code_on_the_front_page_and_lands_in_the_game(
    browser: Any, server: Server
) -> None:
    host, page, errors = new_page(browser)
    game_id, shown = game_with_an_open_seat(page, server)
    code = shown.replace(" ", "")
    assert page.locator("#room-code-spelled").inner_text() == " ".join(code)
    # an open seat: the fold is open, with the link and its QR code
    page.wait_for_selector("#invite-qr svg[role=img]")
    assert page.input_value("#invite-link") == f"{server.url}/game/{game_id}"
    note = page.locator("#invite-note").inner_text()
    assert "listens on this machine only" in note  # the test server is on 127.0.0.1
    shares = page.evaluate("'share' in navigator")
    assert page.locator("#invite-share").is_visible() == shares
    friend_context, friend, friend_errors = new_page(browser)
    friend.goto(server.url + "/")
    friend.fill("#room-code-field", f"{code[:3].lower()}-{code[3:]}")  # as people type it
    friend.press("#room-code-field", "Enter")
    friend.wait_for_url(f"{server.url}/game/{game_id}")
    wait_synced(friend)
    friend.wait_for_selector("#players li[data-colour=yellow] button.take")  # the seat offered
    friend.click("#players li[data-colour=yellow] button.take")
    page.wait_for_selector("#players li[data-colour=yellow] .kind:has-text('Human')")
    assert errors == friend_errors == []
    friend_context.close()
    host.close()


def test_a_wrong_code_is_said_beside_the_field(browser: Any, server: Server) -> None:
    context, page, errors = new_page(browser)
    page.goto(server.url + "/")
    assert page.get_attribute("#room-error", "aria-live") == "polite"
    assert page.locator("label[for=room-code-field]").inner_text() == "Room code"
    page.click("#room-open")  # nothing typed
    page.wait_for_selector("#room-error:has-text('Type the room code')")
    page.fill("#room-code-field", "22222z")
    page.click("#room-open")
    page.wait_for_selector("#room-error:has-text('no game has the room code 22222Z')")
    assert page.get_attribute("#room-code-field", "aria-invalid") == "true"
    assert page.evaluate("document.activeElement.id") == "room-code-field"
    page.fill("#room-code-field", "K7MOQX")
    page.press("#room-code-field", "Enter")
    page.wait_for_selector("#room-error:has-text(\"'O' is in none\")")
    assert page.url == server.url + "/"
    assert errors == []
    context.close()


def test_a_server_beyond_this_machine_offers_its_network_addresses(
    browser: Any, tmp_path: Path
) -> None:
    """Served on every address but opened at 127.0.0.1: the link (and its QR code) is made
    of the machine's network address, which the card offers; where the machine has none,
    the card says that this page's address only works here."""
    with serving(tmp_path, "--host", "0.0.0.0", "--public") as server:
        context, page, errors = new_page(browser)
        game_id, _ = game_with_an_open_seat(page, server)
        page.wait_for_selector("#invite-qr svg[role=img]")
        note = page.locator("#invite-note").inner_text()
        found = lan_addresses("0.0.0.0")
        if found:
            link = f"http://{url_host(found[0])}:{server.port}/game/{game_id}"
            assert page.input_value("#invite-link") == link
            assert "others on your network open the game at" in note
        else:
            assert page.input_value("#invite-link") == f"{server.url}/game/{game_id}"
            assert "only works on this machine" in note
        assert errors == []
        context.close()
