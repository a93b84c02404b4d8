"""The game page in the pseudo-locale (issue 53), in a real headless Chromium: a game against
the computers played to its end, and every word the page shows on the way (its text, the
aria-labels, tooltips and placeholders, at every event and at the moments between: the moves
listed and chosen on the board, advice, the handover card, the end card, the replay) came out
of the catalog. The pseudo-locale (en-XA) accents and brackets every message, so an English
word left outside brackets is one nobody can translate. And a right-to-left page (Arabic)
keeps the board a picture, its replay's arrows and slider going the way it reads."""

from __future__ import annotations

import re
from typing import Any

from pages import APP, Server, new_game, open_game, wait_synced
from words_on_page import COLLECT, play, shown_lines

AGAINST = {
    "red": "human",
    "yellow": "computer:easy",
    "green": "computer:easy",
    "blue": "computer:easy",
}
COMPUTERS = dict.fromkeys(AGAINST, "computer:easy")
BRACKETED = re.compile(r"\[[^\[\]]*\]")  # a message in the pseudo-locale (its innermost)
WORD = re.compile(r"[A-Za-z]{2,}")  # single letters pass: the colours' tokens (R, Y...)
ALLOWED = {"pegrace"}  # the program's name; notation ("13>17", "4*") and digits have no words


def english(line: str) -> list[str]:
    """The English words of ``line`` outside the pseudo-locale's brackets."""
    while True:
        inner = BRACKETED.sub(" ", line)
        if inner == line:
            break
        line = inner
    return [word for word in WORD.findall(line) if word.lower() not in ALLOWED]


def untranslated(page: Any) -> dict[str, list[str]]:
    """Each line the page showed with English left in it, and those words."""
    return {line: words for line in shown_lines(page) if (words := english(line))}


def create(server: Server, seats: dict[str, str], seed: int) -> dict[str, Any]:
    body = {"game": "trouble", "players": len(seats), "seats": seats, "seed": seed}
    return new_game(server.url, body)


def test_every_word_of_a_game_in_the_pseudo_locale_went_through_the_catalog(
    browser: Any, server: Server
) -> None:
    made = create(server, AGAINST, seed=12)
    context, page, errors = open_game(browser, server, made, COLLECT, locale="en-XA")
    assert page.get_attribute("html", "lang") == "en-XA"
    page.evaluate("window.__collect()")  # the game's start
    page.click("#handoff")  # the card that carries the seat to another device
    page.wait_for_selector("#handoff-qr svg")
    page.evaluate("window.__collect()")
    page.click("#handoff")
    play(page)
    page.wait_for_selector("#end:not([hidden]) #places li")
    page.click("#replay")  # the replay's bar and status
    page.wait_for_selector("#replay-bar:not([hidden])")
    page.click("#replay-next")
    page.click("#replay-play")
    page.wait_for_function(f"{APP}.dataset.playing === '1'")
    page.evaluate("window.__collect()")
    page.click("#replay-play")
    page.click("#replay-close")
    left = untranslated(page)
    assert not left, "\n".join(f"{words}: {line!r}" for line, words in left.items())
    assert errors == []
    context.close()


def test_a_right_to_left_page_keeps_the_board_a_picture_and_its_replay_reads_its_way(
    browser: Any, server: Server
) -> None:
    made = create(server, COMPUTERS, seed=4)
    context, page, errors = open_game(browser, server, made, locale="ar")
    assert page.get_attribute("html", "dir") == "rtl"
    page.wait_for_function(f"{APP}.dataset.phase === 'over'", timeout=120_000)
    wait_synced(page)
    # the board is drawn as it is: its texts anchored as drawn, never mirrored
    assert page.eval_on_selector(".board", "n => getComputedStyle(n).direction") == "ltr"
    page.click("#replay")
    page.wait_for_selector("#replay-bar:not([hidden])")
    arrows = page.eval_on_selector_all(
        "#replay-bar button", "nodes => nodes.map(n => [n.id, n.textContent])"
    )
    assert dict(arrows)["replay-first"] == "»" and dict(arrows)["replay-last"] == "«"
    first = page.eval_on_selector("#replay-first", "n => n.getBoundingClientRect().x")
    last = page.eval_on_selector("#replay-last", "n => n.getBoundingClientRect().x")
    assert first > last  # the first position on the right, where the page starts
    page.focus("#replay-range")
    page.keyboard.press("ArrowLeft")  # leftwards: onwards, in a page read from the right
    assert page.get_attribute("#app", "data-frame") == "1"
    assert errors == []
    context.close()
