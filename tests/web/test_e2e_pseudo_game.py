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

from pages import APP, Server, new_game, open_game, wait_synced, waiting

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

# the words the page shows now, kept (each line once) in window.__words: its text, less the
# language menu (each language by its own name) and the board's own prints (a picture, as
# the real board's "TROUBLE"); the board's drawn names; the aria-labels, tooltips,
# placeholders and alt texts (but the tooltips that show a move's notation, never translated:
# the words are its text); the tab's title
COLLECT = """
window.__words = window.__words || new Set();
window.__collect = () => {
  const menu = document.getElementById('language');
  if (menu) menu.style.display = 'none';
  // (Chromium's innerText reads an SVG's texts however they are hidden: the prints step out)
  const prints = [...document.querySelectorAll('.board .decor')]
    .map((node) => [node, node.parentNode, node.nextSibling]);
  for (const [node] of prints) node.remove();
  const lines = [document.body.innerText, document.title];
  for (const [node, parent, next] of prints) parent.insertBefore(node, next);
  if (menu) menu.style.display = '';
  for (const node of document.querySelectorAll('svg text')) {
    if (!node.closest('.decor')) lines.push(node.textContent);
  }
  for (const node of document.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
    for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
      if (name === 'title' && node.matches('#log li, #moves button, #hint-answer strong')) continue;
      const value = node.getAttribute(name);
      if (value) lines.push(value);
    }
  }
  for (const line of lines.join('\\n').split('\\n')) {
    if (line.trim()) window.__words.add(line.trim());
  }
};
new MutationObserver(() => {
  const app = document.getElementById('app');
  if (app && app.dataset.seq !== undefined && app.dataset.seq !== window.__seq) {
    window.__seq = app.dataset.seq;
    window.__collect();
  }
}).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-seq'] });
"""


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
    page.evaluate("window.__collect()")
    lines: list[str] = page.evaluate("[...window.__words]")
    return {line: words for line in lines if (words := english(line))}


def create(server: Server, seats: dict[str, str], seed: int) -> dict[str, Any]:
    body = {"game": "trouble", "players": len(seats), "seats": seats, "seed": seed}
    return new_game(server.url, body)


def ask_advice(page: Any) -> None:
    """The expert's hint and the win chances, shown."""
    page.keyboard.press("h")
    page.wait_for_selector("#hint-answer:not([hidden])")
    page.keyboard.press("w")
    page.wait_for_selector("#chances[data-final=true]")
    page.evaluate("window.__collect()")


def play(page: Any) -> None:
    """Red's moves, by clicks on the board (each piece's and destination's words shown on the
    way), asking for advice once, until the game is over."""
    advised = False
    for _ in range(4000):
        asked = waiting(page)
        page.evaluate("window.__collect()")
        if asked["what"] == "over":
            return
        if asked["what"] == "roll":
            page.click(".dome", force=True)
            continue
        if not advised and page.locator("#moves li button").count() >= 2:
            ask_advice(page)
            advised = True
        if not asked["movable"]:
            page.click("#pass", force=True)
            continue
        page.click(".piece.movable", force=True)
        page.evaluate("window.__collect()")  # the destinations, named
        page.keyboard.press("1")  # the first move listed for the piece chosen
    raise AssertionError("no end after 4000 actions")


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
