"""Every page checked by axe-core (it ships inside the axe-playwright-python wheel), in a real
headless Chromium against a real `pegrace serve`: not one violation, of any impact, on the
front page, a game in play (a move to choose, with a hint, the win chances and a chat that
scrolls), a finished game's end card and its replay, a win as it happens (its trophy) and every
rules page, on a desktop and on a phone's touch screen. And what the win chances' note
promises works on a touch screen: a tap on a side shows its 95% interval."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from pages import (
    Server,
    click,
    new_game,
    new_page,
    play_to_end,
    quick_computer,
    serving,
    set_up_game,
    wait_synced,
    waiting,
)
from test_e2e_access import against_computers, until_a_piece_can_move
from test_e2e_end import AGAINST, WIN_SEED

from pegrace.games import list_games

# a desktop, and a phone held upright (a touch screen: no hover, a coarse pointer)
SIZES = {"desktop": ((1280, 800), False), "phone": ((390, 844), True)}
AXE = Axe()


def violations(page: Any) -> list[str]:
    """What axe-core finds wrong on the page as it stands: each violation's rule, impact and
    the elements it found it on (their CSS selectors)."""
    found: list[dict[str, Any]] = AXE.run(page).response["violations"]
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at "
        + "; ".join(" ".join(map(str, node["target"])) for node in v["nodes"])
        for v in found
    ]


def sized_page(browser: Any, size: str, speed: str = "instant") -> tuple[Any, Any, list[str]]:
    viewport, touch = SIZES[size]
    return new_page(browser, speed=speed, viewport=viewport, touch=touch)


@pytest.mark.parametrize("size", SIZES)
def test_the_front_page_has_no_violations(browser: Any, server: Server, size: str) -> None:
    context, page, errors = sized_page(browser, size)
    page.goto(server.url + "/")
    page.wait_for_selector("#start")
    assert violations(page) == []
    assert errors == []
    context.close()


@pytest.mark.parametrize("size", SIZES)
def test_every_rules_page_has_no_violations(browser: Any, server: Server, size: str) -> None:
    context, page, errors = sized_page(browser, size)
    found = {}
    for path in ["/rules", *(f"/rules/{game}" for game in list_games())]:
        page.goto(server.url + path)
        page.wait_for_selector("#rules svg.board" if path != "/rules" else "#rules .rules-games")
        found[path] = violations(page)
    page.goto(server.url + "/rules/chess")  # the server's own page for a game it has not
    assert page.locator("h1").inner_text() == "Unknown game"
    found["/rules/chess"] = violations(page)
    assert {path: said for path, said in found.items() if said} == {}
    assert errors == []
    context.close()


def chat_until_it_scrolls(page: Any) -> None:
    """Say lines in the chat until its list scrolls."""
    for line in range(1, 30):
        page.fill("#chat-text", f"line {line} of the chat")
        page.press("#chat-text", "Enter")
        page.wait_for_selector(f"#chat-log li >> nth={line - 1}")
        if page.eval_on_selector("#chat-log", "n => n.scrollHeight > n.clientHeight"):
            return


@pytest.mark.parametrize("size", SIZES)
def test_a_game_in_play_has_no_violations_with_its_hint_and_win_chances(
    browser: Any, tmp_path: Path, size: str
) -> None:
    with serving(tmp_path, "--limit", "chats_per_minute=600") as server:  # chat till it scrolls
        game_in_play(browser, server, size)


def game_in_play(browser: Any, server: Server, size: str) -> None:
    context, page, errors = sized_page(browser, size)
    against_computers(page, server, "trouble", seed=8)
    page.wait_for_selector("#board svg.board")
    assert violations(page) == []  # the roll-off: the dome to pop
    asked = until_a_piece_can_move(page)
    assert asked["what"] == "move"
    page.wait_for_selector("#moves li button")
    click(page, "#hint")
    page.wait_for_selector("#hint-answer:not([hidden])")
    click(page, "#winprob")
    page.wait_for_selector("#chances[data-final=true] li >> nth=3")  # no more narrowing
    chat_until_it_scrolls(page)
    for log in ("#log", "#chat-log"):  # they scroll, so the keyboard reaches them
        assert page.eval_on_selector(log, "n => n.scrollHeight > n.clientHeight"), log
    assert page.get_by_role("list", name="Log").get_attribute("tabindex") == "0"
    assert violations(page) == []
    assert errors == []
    context.close()


@pytest.mark.parametrize("size", SIZES)
def test_a_finished_games_end_card_and_replay_have_no_violations(
    browser: Any, server: Server, size: str
) -> None:
    context, page, errors = sized_page(browser, size)
    computer = quick_computer(server.get("/api/catalog"))
    seats = dict.fromkeys(("red", "yellow", "green", "blue"), computer)
    set_up_game(page, server.url, "trouble", seats, {"play_on": "off"}, 5)
    assert waiting(page)["what"] == "over"
    page.wait_for_selector("#end:not([hidden]) #rematch")
    assert violations(page) == []
    page.click("#replay")  # and its replay, stepped through under the board
    page.wait_for_selector("#replay-bar:not([hidden])")
    assert violations(page) == []
    assert errors == []
    context.close()


@pytest.mark.parametrize("size", SIZES)
def test_a_win_as_it_happens_has_no_violations_with_its_trophy(
    browser: Any, server: Server, size: str
) -> None:
    """Red (this page) against three computers, to the end: red wins, and the trophy and its
    podium stand over the board."""
    made = new_game(
        server.url,
        {"game": "trouble", "seats": AGAINST, "seed": WIN_SEED, "options": {"play_on": "off"}},
    )
    context, page, errors = sized_page(browser, size)
    tokens = json.dumps(json.dumps(made["tokens"]))
    context.add_init_script(f"localStorage.setItem('pegrace:tokens:{made['id']}', {tokens})")
    page.goto(server.url + made["url"])
    wait_synced(page)
    page.uncheck("#sound")
    page.evaluate("document.activeElement.blur()")  # keys go to the game
    play_to_end(page, keys=True)
    page.wait_for_selector("#trophy")
    assert page.inner_text("#status").startswith("You win! (Red)")
    assert violations(page) == []
    page.click("#trophy-close")
    assert violations(page) == []
    assert errors == []
    context.close()


def shown(locator: Any) -> bool:
    """Whether the element is there to be seen: more than the one pixel that text read out
    to a screen reader alone takes (.sr-only)."""
    box = locator.bounding_box()
    return box is not None and box["width"] > 1 and box["height"] > 1


def test_a_tap_on_a_side_of_the_win_chances_shows_its_interval(
    browser: Any, server: Server
) -> None:
    context, page, errors = sized_page(browser, "phone")
    computer = quick_computer(server.get("/api/catalog"))
    seats = {"red": "human", "yellow": "empty", "green": computer, "blue": "empty"}
    set_up_game(page, server.url, "trouble", seats, seed=3)
    page.wait_for_selector("#winprob:not([disabled])")
    page.tap("#winprob")
    page.wait_for_selector("#chances[data-final=true] li >> nth=1")
    note = page.inner_text("#chances-note")
    assert "Tap a side for its 95% interval" in note and "Point" not in note
    red = page.locator("#chances li[data-side=red]")
    interval = red.locator(".interval")
    assert not shown(interval)  # read out, not shown, until tapped
    red.tap()
    assert shown(interval)
    assert interval.inner_text().startswith("95% interval ")
    low, high = interval.inner_text().removeprefix("95% interval ").split("–")[:2]
    assert low.endswith("%") and high.split("%")[0].isdigit()
    assert not shown(page.locator("#chances li[data-side=green] .interval"))
    red.tap()  # tapped again: put away
    assert not shown(interval)
    assert errors == []
    context.close()
