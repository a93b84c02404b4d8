"""Every language in a real headless Chromium (issue 53), as a person opening pegrace with their
browser set to it would: the front page, a game against computers played to its end with its
end card, and /rules/trouble, with no English word from the app (tests/leaks.py: a word of
pegrace's English messages that the language's own catalog never uses), at 1280x800 and at a
phone's 390x844 with nothing running off the side; Arabic right to left. And two people in one
game, one reading Hindi and one French, each reading every move, log line and end card in
their own language."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from babel.numbers import format_percent
from pages import ACTION_LIMIT, WAITING, Server, new_game, open_game, wait_synced
from words_on_page import COLLECT, play, shown_lines

from leaks import english_leaks
from pegrace import i18n
from pegrace.games import list_games, rules_class

LANGUAGES = [tag for tag in i18n.LANGUAGES if tag != i18n.SOURCE]
AGAINST = {
    "red": "human",
    "yellow": "computer:easy",
    "green": "computer:easy",
    "blue": "computer:easy",
}
WIDE, PHONE = (1280, 800), (390, 844)
# looks at two pages with neither asked: a bound only a stuck game reaches (20 minutes' worth),
# not a deadline a slow machine could miss
IDLE_LIMIT = 24_000

# the elements whose text runs past their box (cut, or off the side), and the page's width
OVERFLOW = """() => {
  const cut = [];
  for (const node of document.querySelectorAll('body *')) {
    if (node.closest('svg, select, #language, .sr-only') || !node.offsetParent) continue;
    const own = [...node.childNodes].some((c) => c.nodeType === 3 && c.textContent.trim());
    if (own && node.scrollWidth > node.clientWidth + 1
        && getComputedStyle(node).overflowX !== 'visible') {
      cut.push(`${node.tagName}#${node.id}.${node.className}: ${node.textContent.trim()}`);
    }
  }
  return {cut, width: document.documentElement.scrollWidth, inner: innerWidth};
}"""


# the rule options' names as typed (the rules page shows each beside its words, as
# `pegrace play --rules NAME=VALUE` takes it): notation, like a move's "13>17"
TYPED = {
    word
    for game in list_games()
    for option in rules_class(game).option_specs
    for word in option.name.split("_")
}


def leaks_of(page: Any, language: str) -> dict[str, set[str]]:
    """Each line the page showed with English in it, and those words."""
    return {
        line: words for line in shown_lines(page) if (words := english_leaks(line, language, TYPED))
    }


def fits(page: Any, where: str) -> None:
    """Nothing runs off the page's side, no text is cut by its box."""
    found = page.evaluate(OVERFLOW)
    assert found["width"] <= found["inner"], f"{where}: the page is wider than the screen"
    assert found["cut"] == [], f"{where}: text cut: {found['cut']}"


def look(page: Any, folder: Path, name: str) -> None:
    """Screenshots at both sizes (the phone's checked to fit), the page left wide."""
    for size in (WIDE, PHONE):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        page.wait_for_timeout(50)  # a layout pass
        if size == PHONE:
            fits(page, name)
        page.screenshot(path=folder / f"{name}-{size[0]}.png")
    page.set_viewport_size({"width": WIDE[0], "height": WIDE[1]})


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_person_reads_pegrace_in_their_language_from_the_front_page_to_the_end(
    browser: Any, server: Server, language: str, tmp_path: Path
) -> None:
    made = new_game(server.url, {"game": "trouble", "seats": AGAINST, "seed": 21})
    wide = {"width": WIDE[0], "height": WIDE[1]}
    context, page, errors = open_game(
        browser, server, made, COLLECT, locale=language, viewport=wide
    )
    assert page.get_attribute("html", "lang") == language
    assert page.get_attribute("html", "dir") == ("rtl" if language == "ar" else "ltr")
    look(page, tmp_path, "game")
    play(page)
    page.wait_for_selector("#end:not([hidden]) #places li")
    look(page, tmp_path, "end")
    page.goto(server.url + "/")  # the front page: quick play on every card, the lobby
    page.wait_for_selector(".game-cards .quick-as")
    look(page, tmp_path, "front")
    page.click("#more-rules summary")  # the whole form, its rule options unfolded
    page.evaluate("window.__collect()")
    page.goto(server.url + "/rules/trouble")
    page.wait_for_selector("#rules svg.board")
    look(page, tmp_path, "rules")
    left = leaks_of(page, language)
    assert not left, "\n".join(f"{sorted(words)}: {line!r}" for line, words in left.items())
    assert errors == []
    context.close()


def turn_of(page: Any) -> str | None:
    """What the page asks its person for now (roll, move, over), or None."""
    asked = page.evaluate(WAITING)
    return None if asked is None else str(asked["what"])


def test_two_people_in_one_game_each_read_it_in_their_own_language(
    browser: Any, server: Server
) -> None:
    seats = {"red": "human", "yellow": "computer:easy", "green": "human", "blue": "computer:easy"}
    made = new_game(server.url, {"game": "trouble", "seats": seats, "seed": 8})
    pages = {}
    for language, colour in (("hi", "red"), ("fr", "green")):
        mine = {**made, "tokens": {colour: made["tokens"][colour]}}
        pages[language] = open_game(browser, server, mine, COLLECT, locale=language)
    over: set[str] = set()
    actions = idle = 0
    while actions < ACTION_LIMIT and idle < IDLE_LIMIT:
        acted = False
        for language, (_, page, _) in pages.items():
            what = turn_of(page)
            if what == "over":
                over.add(language)
            elif what in ("roll", "move"):
                page.keyboard.press("Space" if what == "roll" else "1")
                acted = True
        if len(over) == len(pages):
            break
        actions, idle = actions + acted, idle + (not acted)
        if not acted:  # the computers' turns (or a page drawing): look again a moment later
            next(iter(pages.values()))[1].wait_for_timeout(50)
    assert len(over) == len(pages), "the game did not end"
    for language, (context, page, errors) in pages.items():
        wait_synced(page)
        page.wait_for_selector("#end:not([hidden]) #places li")
        log = page.locator("#log").inner_text()
        other = "fr" if language == "hi" else "hi"
        # every move in the log, the other person's too, in this page's language
        assert not leaks_of(page, language), (language, leaks_of(page, language))
        assert i18n.translations(language).gettext("Red") in log
        assert i18n.translations(other).gettext("Red") not in log
        assert errors == []
        context.close()


NUMBERS = """async () => {
  const words = await import('/static/i18n.js');
  return [words.number(-1234567.25), words.number(3), words.percent(0.42)];
}"""


@pytest.mark.parametrize("language", ["en", "de", "fr", "hi", "ar"])
def test_the_page_writes_numbers_as_the_terminal_does(
    browser: Any, server: Server, language: str
) -> None:
    context = browser.new_context(locale=language, bypass_csp=True)
    page = context.new_page()
    page.goto(f"{server.url}/rules")
    written = page.evaluate(NUMBERS)
    context.close()
    locale = i18n.catalog_id(language)
    assert written == [
        i18n.written(-1234567.25, language),
        "3",
        format_percent(0.42, locale=locale),
    ]
