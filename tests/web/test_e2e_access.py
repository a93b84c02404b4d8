"""The page on a phone and without a mouse or without sight, in a real headless Chromium: the
board from edge to edge with the status and Pop button in view (portrait and landscape), every
tappable thing a finger's size, Tab and Enter on the dome, the pieces and their destinations,
and a board a screen reader reads as pieces and places."""

from __future__ import annotations

import re
from typing import Any

import pytest
from pages import Server, click, new_page, quick_computer, set_up_game, waiting

PORTRAIT, LANDSCAPE = (390, 844), (844, 390)
GAMES = ("trouble", "ludo", "headache", "marbles")
# everything a finger can tap, where it is shown
TAPPABLE = "button, a[href], select, input, summary, .games label, [role=button], .hit"
FINGER = 44  # CSS pixels, each way

# a box or a radio is tapped through its label: the label is the finger's target
SIZES = """(selector) => [...document.querySelectorAll(selector)].flatMap((control) => {
    const boxed = control.matches('input[type=checkbox], input[type=radio]');
    const node = boxed ? control.closest('label') || control : control;
    const box = node.getBoundingClientRect();
    const shown = box.width > 0 && box.height > 0 && getComputedStyle(node).visibility !== 'hidden';
    const name = node.id || node.getAttribute('aria-label') || node.textContent.trim().slice(0, 30);
    return shown ? [{name, tag: node.tagName, width: box.width, height: box.height}] : [];
})"""


def too_small(page: Any) -> list[dict[str, Any]]:
    sizes: list[dict[str, Any]] = page.evaluate(SIZES, TAPPABLE)
    assert sizes, "nothing tappable found"
    return [s for s in sizes if s["width"] < FINGER - 0.5 or s["height"] < FINGER - 0.5]


def box(page: Any, selector: str) -> dict[str, float]:
    found: dict[str, float] = page.locator(selector).bounding_box()
    return found


def in_view(page: Any, selector: str, viewport: tuple[int, int]) -> bool:
    where = box(page, selector)
    return where["y"] >= -0.5 and where["y"] + where["height"] <= viewport[1] + 0.5


def against_computers(page: Any, server: Server, game: str, seed: int = 3) -> str:
    computer = quick_computer(server.get("/api/catalog"))
    seats = {"red": "human"} | dict.fromkeys(("yellow", "green", "blue"), computer)
    return set_up_game(page, server.url, game, seats, seed=seed)


def until_a_piece_can_move(page: Any) -> dict[str, Any]:
    """Pop and pass until this seat has a piece to move; what the page then asks for."""
    for _ in range(200):
        asked = waiting(page)
        if asked["what"] == "move" and asked["movable"]:
            return asked
        assert asked["what"] != "over"
        click(page, ".dome" if asked["what"] == "roll" else "#pass")
    raise AssertionError("no piece to move after 200 actions")


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("viewport", [PORTRAIT, LANDSCAPE], ids=["portrait", "landscape"])
def test_on_a_phone_the_board_status_and_pop_are_in_view_and_every_tap_is_a_fingers_size(
    browser: Any, server: Server, game: str, viewport: tuple[int, int]
) -> None:
    context, page, errors = new_page(browser, viewport=viewport)
    page.goto(server.url + "/")
    page.wait_for_selector("#listed")  # the form is drawn once the catalog has come
    page.wait_for_selector("#lobby-all")
    assert too_small(page) == []  # the new-game page
    # its boxes and radios are normal-sized controls inside those targets
    ticks = page.eval_on_selector_all(
        "input[type=checkbox], input[type=radio]",
        "nodes => nodes.filter(n => n.offsetParent).map(n => n.getBoundingClientRect().height)",
    )
    assert ticks and max(ticks) < 30, ticks
    against_computers(page, server, game)
    assert waiting(page)["what"] == "roll"  # the roll-off: this seat pops
    board = box(page, "#board svg")
    width, height = viewport
    if viewport == PORTRAIT:
        assert board["width"] >= width - 1  # edge to edge
    else:
        assert board["height"] >= height - 70  # as tall as the screen, under the header
    for shown in ("#board svg", "#status", "#pop"):
        assert in_view(page, shown, viewport), shown
    assert page.evaluate("window.scrollY") == 0
    assert too_small(page) == []
    until_a_piece_can_move(page)
    page.evaluate("window.scrollTo(0, 0)")
    hits = page.evaluate(SIZES, ".hit")
    assert hits and all(h["width"] >= FINGER - 0.5 and h["height"] >= FINGER - 0.5 for h in hits)
    assert too_small(page) == []
    assert errors == []
    context.close()


def focused(page: Any) -> str:
    """The class (or tag) of the focused element."""
    return str(
        page.evaluate(
            "(document.activeElement.getAttribute('class') || document.activeElement.tagName)"
        )
    )


def tab_to(page: Any, css: str) -> None:
    """Press Tab until the focus is on an element of class ``css``."""
    for _ in range(80):
        page.keyboard.press("Tab")
        if css in focused(page).split():
            return
    raise AssertionError(f"Tab never reached .{css}")


def test_the_keyboard_pops_the_dome_and_moves_a_piece_with_tab_and_enter(
    browser: Any, server: Server
) -> None:
    context, page, errors = new_page(browser)
    against_computers(page, server, "headache", seed=4)  # a first turn always moves off START
    for _ in range(100):
        asked = waiting(page)
        if asked["what"] == "move" and asked["movable"]:
            break
        assert asked["what"] == "roll"
        page.evaluate("document.activeElement.blur()")
        tab_to(page, "dome")
        before = int(page.get_attribute("#app", "data-seq"))
        page.keyboard.press("Enter")
        page.wait_for_function(f"Number(document.getElementById('app').dataset.seq) > {before}")
    # popped from the keyboard: the focus is on the first piece that can move, not 22 Tabs away
    assert "from" in focused(page).split()
    page.hover("#moves li button")  # a move in the list shows where it goes on the board
    assert page.locator(".targets circle.preview").count() == 2  # its start and its end
    assert page.locator(".targets polyline.preview").count() == 1  # and the way between
    page.mouse.move(0, 0)
    assert page.locator(".targets .preview").count() == 0
    page.evaluate("document.activeElement.blur()")
    tab_to(page, "hit")
    label = page.evaluate("document.activeElement.getAttribute('aria-label')")
    assert re.fullmatch(r"Red cone on START, can move to (X|outer|inner) \d+( or .+)?", label), (
        label
    )
    assert "from" in focused(page).split()
    page.keyboard.press("Enter")  # the piece: its destinations appear, the first one focused
    page.wait_for_function("document.activeElement.classList.contains('to')")
    said = page.evaluate("document.activeElement.getAttribute('aria-label')")
    assert said.startswith("Move a cone off START")  # the whole move in words
    before = int(page.get_attribute("#app", "data-seq"))
    page.keyboard.press("Enter")
    page.wait_for_function(f"Number(document.getElementById('app').dataset.seq) > {before}")
    page.wait_for_selector("#log li:has-text('Red moves a cone off START')")
    # the newest roll or move is read out in the log's words
    page.wait_for_function("""() => {
        const said = document.getElementById('announce').textContent;
        const last = document.querySelector('#log li:last-child');
        return said.length > 0 && last.textContent.trim().endsWith(said);
    }""")
    assert errors == []
    context.close()


def test_a_screen_reader_reads_the_board_as_pieces_and_places(browser: Any, server: Server) -> None:
    context, page, errors = new_page(browser)
    against_computers(page, server, "trouble")
    tree = page.locator("#board").aria_snapshot()
    assert 'group "Trouble board"' in tree
    assert tree.count('listitem "Red peg at home"') == 4
    assert tree.count('listitem "Green peg at home"') == 4
    assert "TROUBLE" not in tree and " R R R R" not in tree  # the drawing is not read out
    assert 'button "Pop-O-Matic dome' in tree
    assert errors == []
    context.close()
