"""A bonus move in a real headless Chromium (issue 57): in Parchís a capture earns a move of
20 with no roll. The page says so in the status (no pop asked), offers the moves at once, and
the log says the move was a bonus."""

from __future__ import annotations

from typing import Any

from pages import ACTION_LIMIT, Server, act, new_page, set_up_game, wait_synced, waiting

# the games' seeds: the page plays its first movable piece each time, and which piece that is
# may follow the page's timing, so a game may end without a capture: the next seed is played
SEEDS = (57, 58, 59, 60, 61)
BONUS_DUE = "a bonus of 20: move any piece 20"


def bonus_due(page: Any) -> bool:
    """Play the page's game until it asks for a bonus move of 20 (True) or is over (False)."""
    for _ in range(ACTION_LIMIT):
        # what the page asks once it has settled, and its status then (a bonus no piece can
        # move is lost: the server plays its pass at once, nobody is asked)
        asked = waiting(page)["what"]
        if asked == "over":
            return False
        if asked == "move" and BONUS_DUE in page.inner_text("#status"):
            return True
        act(page)
        wait_synced(page)
    raise AssertionError(f"no end after {ACTION_LIMIT} actions")


def test_the_page_offers_a_bonus_move_without_a_pop_and_logs_it(
    browser: Any, server: Server
) -> None:
    seats = dict.fromkeys(("yellow", "blue", "red", "green"), "human")
    for seed in SEEDS:
        context, page, errors = new_page(browser)
        set_up_game(page, server.url, "parchis", seats, seed=seed)
        wait_synced(page)
        if bonus_due(page):
            break
        context.close()
    else:
        raise AssertionError(f"no capture in the games of seeds {SEEDS}")
    assert page.locator("#pop").is_hidden(), "a bonus move is not popped for"
    act(page)
    page.wait_for_selector("#log li:has-text('(a bonus of 20)')")
    assert errors == []
    context.close()
