"""What a page shows a person, gathered for the tests of its words (issue 53): every line of
its text, its board's drawn names, aria-labels, tooltips, placeholders and alt texts, at every
event of a game (``COLLECT``, a script run in the page before its own), and a game played to its
end by clicks, asking for advice once (``play``)."""

from __future__ import annotations

from typing import Any

from pages import waiting

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


def shown_lines(page: Any) -> list[str]:
    """Every line the page has shown since it was opened (each once)."""
    page.evaluate("window.__collect()")
    lines: list[str] = page.evaluate("[...window.__words]")
    return lines


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
