"""A bonus move in a real headless Chromium (issue 57): in Parchís a capture earns a move of
20 with no roll. The page says so in the status (no pop asked), offers the moves at once, and
the log says the move was a bonus."""

from __future__ import annotations

from typing import Any

from pages import ACTION_LIMIT, Server, act, new_page, set_up_game, wait_synced, waiting


def test_the_page_offers_a_bonus_move_without_a_pop_and_logs_it(
    browser: Any, server: Server
) -> None:
    context, page, errors = new_page(browser)
    seats = dict.fromkeys(("yellow", "blue", "red", "green"), "human")
    set_up_game(page, server.url, "parchis", seats, seed=57)
    wait_synced(page)
    for _ in range(ACTION_LIMIT):
        # what the page asks once it has settled, and its status then (a bonus no piece can
        # move is lost: the server plays its pass at once, nobody is asked)
        asked = waiting(page)["what"]
        if asked == "move" and "a bonus of 20: move any piece 20" in page.inner_text("#status"):
            break
        act(page)
        wait_synced(page)
    else:
        raise AssertionError("no capture in the game")
    assert page.locator("#pop").is_hidden(), "a bonus move is not popped for"
    act(page)
    page.wait_for_selector("#log li:has-text('(a bonus of 20)')")
    assert errors == []
    context.close()
