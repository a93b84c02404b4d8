"""Resigning in a real headless Chromium (issue 57): the button asks on the page first,
"Keep playing" changes nothing, "Resign" leaves the game for good: said in the log, the seat
placed last, the computers play it out to the end."""

from __future__ import annotations

from typing import Any

from pages import Server, act, new_page, quick_computer, set_up_game, wait_synced, waiting


def test_a_person_resigns_after_confirming_and_the_computers_play_on(
    browser: Any, server: Server
) -> None:
    context, page, errors = new_page(browser)
    computer = quick_computer(server.get("/api/catalog"))
    seats = {"red": "human"} | dict.fromkeys(("yellow", "green", "blue"), computer)
    set_up_game(page, server.url, "trouble", seats, seed=3)
    wait_synced(page)
    assert page.locator("#resign").is_hidden(), "not in the roll-off"
    while page.get_attribute("#app", "data-phase") == "rolloff":
        act(page)
        wait_synced(page)
    page.wait_for_selector("#resign:not([hidden])")
    page.click("#resign")
    page.wait_for_selector("#resign-card:not([hidden]):has-text('Resign Red?')")
    page.click("#resign-no")
    assert page.locator("#resign-card").is_hidden()
    assert page.locator("#log li:has-text('resigns')").count() == 0
    page.click("#resign")
    page.click("#resign-yes")
    page.wait_for_selector("#log li:has-text('Red resigns')")
    assert waiting(page)["what"] == "over", "the computers played it out"
    page.wait_for_selector("#players li[data-colour=red] .place[data-place='4']")
    assert page.locator("#resign").is_hidden()
    assert errors == []
    context.close()
