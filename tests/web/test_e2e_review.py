"""The after-game review in a real headless Chromium (issue 55, item 2): a finished game's
Review, from its end card at 1280x800 and from "Your games" on a phone (390x844), says it is
working while the server reviews the game, then shows the advantage chart (a line per side,
its numbers in a table a screen reader names), each side's luck and skill, the turning points
and your decisions, each graded; a clicked decision shows its position on the board with the
move played and the expert's, both routes drawn and a legend, and why in the hint's words.
Nothing scrolls sideways, and axe-core finds nothing wrong."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pages
import pytest
from axe_playwright_python.sync_playwright import Axe
from pages import Server, new_game, play_to_end, serving

# red plays the first listed move (key 1) against an easy computer, Trouble stopped at its
# first winner: short, and red misses the expert's move now and then
SEATS = {"red": "human", "green": "computer:easy"}
SEED = 7
CAPTION = "Each side's chance of winning over the game"
DESKTOP, PHONE = {"width": 1280, "height": 800}, {"width": 390, "height": 844}

# the progress line, kept as it appears (it is gone once the review is shown)
PROGRESS = """
window.__progress = [];
new MutationObserver(() => {
  const line = document.getElementById('review-progress');
  const seen = window.__progress;
  if (line && !seen.includes(line.textContent)) seen.push(line.textContent);
}).observe(document, { childList: true, subtree: true });
"""
NO_SIDEWAYS = "document.documentElement.scrollWidth <= window.innerWidth"
AXE = Axe()


@pytest.fixture
def reviewing(tmp_path: Path) -> Iterator[Server]:
    """A server whose reviews the test reads too (a browser's and the test's share an
    address and its reviews_per_minute)."""
    with serving(tmp_path, "--limit", "reviews_per_minute=1000") as server:
        yield server


def missed_move(review: dict[str, Any]) -> dict[str, Any]:
    """One of red's decisions where the expert would have moved another piece (both moves
    with a route to draw)."""
    red = next(side for side in review["sides"] if side["side"] == "red")
    return next(
        d
        for d in red["decisions"]
        if d["best"] != d["played"] and d["played_move"]["steps"] and d["best_move"]["steps"]
    )


def check_review(page: Any, server: Server, game_id: str) -> None:
    """The review shown (after its progress line), and a missed move of red's clicked."""
    page.wait_for_selector("#review-chart")
    assert page.evaluate("window.__progress") == ["Reviewing the game..."]
    review = server.get(f"/api/games/{game_id}/review")
    assert page.locator("#review-chart polyline.side").count() == 2
    table = page.get_by_role("table", name=CAPTION)
    assert table.count() == 1
    assert table.get_by_role("columnheader", name="Red").count() == 1
    assert table.get_by_role("row").count() > 2
    sides = page.locator(".review-side-list > li")
    assert sides.evaluate_all("items => items.map(i => i.dataset.side)") == ["red", "green"]
    assert "Luck" in sides.first.inner_text() and "blunder" in sides.first.inner_text()
    turning = page.locator("#review-turning button")
    assert turning.count() == len(review["turning_points"]) > 0
    assert page.inner_text(".review-decisions h3") == "Your decisions"
    grades = page.locator("#review-decisions button").evaluate_all(
        "buttons => buttons.map(b => b.dataset.grade)"
    )
    red = next(side for side in review["sides"] if side["side"] == "red")
    assert grades == [d["grade"] for d in red["decisions"]]
    missed = missed_move(review)
    page.click(f"#review-decisions button[data-event='{missed['event']}']")
    assert page.get_attribute("#app", "data-review-event") == str(missed["event"])
    assert page.locator("#board .review-played.route").count() >= 1
    assert page.locator("#board .review-best.route").count() >= 1
    assert page.locator(".legend-played .route-sample").is_visible()
    assert page.locator(".legend-best .route-sample").is_visible()
    assert page.inner_text(".legend-best").startswith("The expert's move: ")
    assert "than the move played" in page.inner_text("#review-why")
    found = AXE.run(page).response["violations"]  # axe-core: what a screen reader meets
    assert [(v["id"], [n["target"] for n in v["nodes"]]) for v in found] == []
    # the board shows the position before the move: red's pieces where the review has them
    position = review["positions"][str(missed["event"])]
    drawn = sorted(pages.board_spots(page))
    assert drawn == sorted(piece["spot"] for piece in position["pieces"])
    turning.first.click()
    assert page.get_attribute("#app", "data-review-event") == str(
        review["turning_points"][0]["shown"]
    )
    assert page.evaluate(NO_SIDEWAYS)


def test_a_finished_games_review_at_1280x800_and_on_a_phone_from_your_games(
    browser: Any, reviewing: Server
) -> None:
    server = reviewing
    made = new_game(
        server.url,
        {
            "game": "trouble",
            "players": 2,
            "seats": SEATS,
            "seed": SEED,
            "options": {"play_on": "off"},
        },
    )
    context, page, errors = pages.open_game(browser, server, made, PROGRESS, viewport=DESKTOP)
    page.evaluate("document.activeElement.blur()")  # keys go to the game
    play_to_end(page, keys=True)
    assert page.locator("#trophy").is_visible()  # red wins: its podium over the board
    page.click("#review-open")
    assert page.locator("#trophy").count() == 0  # gone: the review shows positions there
    check_review(page, server, made["id"])
    page.click("#review-close")
    assert page.locator("#review").is_hidden()
    assert errors == []
    context.close()

    # a phone holding the game's seat: its lobby lists it under "Your games", with Review
    context, page, errors = pages.open_game(browser, server, made, PROGRESS, viewport=PHONE)
    page.goto(server.url + "/")
    page.click(f"#lobby-mine li[data-game='{made['id']}'] a.lobby-review")
    pages.wait_synced(page)
    check_review(page, server, made["id"])
    assert errors == []
    context.close()
