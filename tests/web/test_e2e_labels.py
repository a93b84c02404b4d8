"""The board's own labels in a real headless Chromium on a phone (a touch screen, no pointer to
trace a route with): a listed move tapped once shows its route and the name of where it ends,
the name its words say, and is not played; tapped again it is played. The names the real boards
print are drawn in the count of the page's player; Ludo's pins at the exit are counted."""

from __future__ import annotations

import json
from typing import Any

from pages import Server, new_page, quick_computer, seq, set_up_game, waiting

from pegrace.boards import piece_spots
from pegrace.i18n import said_from_json
from positions import position

PHONE = (390, 844)
APP = "document.getElementById('app')"


def english(words: Any) -> str:
    """Words as the server sends them (a Said's JSON, or a number as text), in English."""
    return words if isinstance(words, str) else str(said_from_json(words))


def against_computers(page: Any, server: Server, game: str, seed: int) -> None:
    computer = quick_computer(server.get("/api/catalog"))
    seats = {"red": "human"} | dict.fromkeys(("yellow", "green", "blue"), computer)
    set_up_game(page, server.url, game, seats, seed=seed)


def until_moves_are_listed(page: Any) -> None:
    """Tap the dome (and pass) until the page lists moves for this seat."""
    for _ in range(200):
        asked = waiting(page)
        if asked["what"] == "move" and asked["movable"]:
            return
        assert asked["what"] != "over"
        page.tap(".dome" if asked["what"] == "roll" else "#pass")
    raise AssertionError("no move to make after 200 taps")


def test_on_a_phone_a_tapped_move_shows_its_route_and_where_it_ends_and_a_second_tap_plays_it(
    browser: Any, server: Server
) -> None:
    context, page, errors = new_page(browser, viewport=PHONE, touch=True)
    against_computers(page, server, "headache", seed=4)  # a first turn moves off START
    assert page.evaluate("matchMedia('(hover: none) and (pointer: coarse)').matches")
    assert page.locator(".labels .place-name").all_text_contents() == [f"X {k}" for k in range(8)]
    until_moves_are_listed(page)
    button = page.locator("#moves li button").first
    view = page.evaluate(
        "text => window.pegrace.shown().moves.find((m) => m.text === text)",
        button.get_attribute("data-move"),
    )
    end = view["steps"][-1]["to"]
    names = page.evaluate("id => window.pegrace.layout.spots.find((s) => s.id === id).names", end)
    before = seq(page)
    button.tap()
    # shown, not played
    assert page.evaluate("window.pegrace.pending") is False
    assert seq(page) == before and waiting(page)["what"] == "move"
    assert button.get_attribute("data-previewed") == "1"
    assert "tap again to play" in button.inner_text()
    page.wait_for_timeout(250)  # the tap's emulated pointer events are over: it stays shown
    assert page.locator(".targets polyline.preview").count() == 1  # the route
    tag = page.locator(f".tags .place-tag[data-place='{end}']")
    assert tag.count() == 1 and tag.is_visible()
    # the board names the place as the move's words do: "... to outer 2"
    name = english(names["red"])
    assert tag.text_content() == name
    order = english(view["said"])
    assert order.endswith(f" to {name}"), order
    board = page.locator("#board svg").bounding_box()
    shown = tag.bounding_box()
    assert board["x"] <= shown["x"] and shown["x"] + shown["width"] <= board["x"] + board["width"]
    button.tap()
    page.wait_for_function(f"Number({APP}.dataset.seq) > {before}")
    said = "Red moves " + order.removeprefix("Move ")
    page.wait_for_selector(f"#log li:has-text({json.dumps(said)})")
    assert errors == []
    context.close()


def test_a_race_board_counts_from_its_players_start_and_counts_the_pins_out(
    browser: Any, server: Server
) -> None:
    context, page, errors = new_page(browser, viewport=PHONE, touch=True)
    against_computers(page, server, "ludo", seed=2)
    layout = page.evaluate("window.pegrace.layout")
    shown = {s["id"]: english(s["names"]["red"]) for s in layout["spots"] if s.get("shown")}
    drawn = page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('.labels .place-name')]
            .map((n) => [n.dataset.place, n.textContent]))"""
    )
    assert drawn == shown  # red's count: its start "start", the corners and mid-sides by number
    assert drawn["t0"] == "start" and drawn["t12"] == "12"
    rules, state = position(
        "ludo",
        pieces={
            "red": ["exit", "exit", "exit", "base"],
            "green": ["exit", "base", "base", "base"],
            "yellow": ["base"] * 4,
            "blue": ["base"] * 4,
        },
    )
    page.evaluate("pieces => window.pegrace.board.render(pieces, 0)", piece_spots(rules, state))
    counted = page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('.tallies [data-tally]')]
            .map((n) => [n.dataset.tally, n.textContent]))"""
    )
    assert counted == {"red": "3", "green": "1"}
    # drawn out from under the dome: what is seen at a count's middle is the count
    on_top = page.evaluate(
        """() => [...document.querySelectorAll('.tallies [data-tally]')].map((n) => {
            const box = n.getBoundingClientRect();
            const seen = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
            return Boolean(seen && seen.closest('.tally'));
        })"""
    )
    assert on_top == [True, True]
    assert errors == []
    context.close()
