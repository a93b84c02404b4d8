"""A game over days in Debian's chromium (issue 54, item 4): when the turn comes to the page's
seat while its tab is hidden, the service worker shows a "your turn" notification, counted in
the page; the button that asks the browser's leave is offered in such a game alone."""

from __future__ import annotations

from typing import Any

from pages import Server, new_game, open_game

# the tab as the browser has it when another tab is in front
HIDDEN = """
Object.defineProperty(document, 'visibilityState', { get: () => 'hidden' });
Object.defineProperty(document, 'hidden', { get: () => true });
"""
AGAINST = {"red": "human", "green": "computer:random"}


def test_a_hidden_tab_is_notified_of_its_turn(browser: Any, server: Server) -> None:
    body = {"game": "trouble", "players": 2, "seats": AGAINST, "idle_seconds": 3600,
            "turn_based": "play"}  # fmt: skip
    made = new_game(server.url, body)
    context, page, errors = open_game(browser, server, made, HIDDEN, permissions=["notifications"])
    page.wait_for_function("window.pegraceNotices >= 1")  # red pops first: its turn
    shown = page.evaluate(
        "navigator.serviceWorker.ready.then((r) => r.getNotifications())"
        ".then((all) => all.map((n) => [n.title, n.tag]))"
    )
    assert [title for title, _ in shown] == ["Your turn in Trouble"]
    assert shown[0][1] == f"pegrace-{made['id']}"
    assert page.is_hidden("#notify-turns")  # leave given already: nothing to ask
    assert errors == []
    context.close()


def test_the_notice_button_asks_only_in_a_game_over_days(browser: Any, server: Server) -> None:
    live = new_game(server.url, {"game": "trouble", "players": 2, "seats": AGAINST})
    context, page, _ = open_game(browser, server, live)
    assert page.is_hidden("#notify-turns")
    context.close()
    body = {"game": "trouble", "players": 2, "seats": AGAINST, "idle_seconds": 7200,
            "turn_based": "away"}  # fmt: skip
    context, page, _ = open_game(browser, server, new_game(server.url, body))
    assert page.is_visible("#notify-turns")  # the browser has not been asked yet
    context.close()
