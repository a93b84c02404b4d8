"""The front page (its cards, quick play, the whole new-game form), the lobby and the rules
pages in the pseudo-locale (issue 53): every message comes out accented and bracketed
("[Ƥŏƥ ţĥé đŏɱé !!!]"), so an English word left outside brackets - in the words shown, in
aria-labels, titles, placeholders or a menu's options - is one that never went through the
catalog. Allowed: "pegrace", numbers, single letters, and the rule options' names and values,
shown as they are sent to the server (``finish=deepest-first``). The pages also fit a phone's
width in words a third longer than English."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from pages import Server, new_page

from pegrace.games import list_games

PSEUDO = "en-XA"
PHONE = (390, 844)
BRACKETED = re.compile(r"\[[^\[\]]*\]")  # the innermost pseudo message (they nest)
WORD = re.compile(r"[A-Za-z]{2,}")
ALLOWED = {"pegrace"}

# every text a person meets on the page: the words shown, the names and hints given to
# assistive technology and the mouse, every option of a menu, the window's title (left out:
# the header's language menu, naming each language in itself, and the game's name printed on
# a board as on the box, a picture like the board's colours)
TEXTS = """() => {
    const found = [];
    const where = (node) => node.id
        ? `#${node.id}` : `${node.tagName.toLowerCase()}.${node.getAttribute('class') || ''}`;
    const shown = (node) => {
        const style = getComputedStyle(node);
        const box = node.getBoundingClientRect();
        return style.visibility !== 'hidden' && style.display !== 'none'
            && (box.width > 0 || box.height > 0);
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
        const node = text.parentElement;
        if (!node || node.closest('#language, select, script, style, noscript')) continue;
        if (node.closest('svg.board text.title')) continue;
        if (!shown(node)) continue;
        if (text.textContent.trim()) found.push([where(node), text.textContent]);
    }
    for (const node of document.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
        if (node.closest('#language')) continue;
        for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
            const value = node.getAttribute(name);
            if (value) found.push([`${where(node)}@${name}`, value]);
        }
    }
    for (const menu of document.querySelectorAll('select:not(#language)')) {
        for (const option of menu.options) found.push([where(menu), option.textContent]);
    }
    found.push(['title', document.title]);
    return found;
}"""


def allowed_words(catalog: dict[str, Any]) -> set[str]:
    """What may be shown as it is: the rule options' names and values, as sent."""
    words = set(ALLOWED)
    for game in catalog["games"]:
        for option in game["options"]:
            for text in (option["name"], *option["choices"]):
                words.update(w.lower() for w in WORD.findall(text))
    return words


def english_left(page: Any, allowed: set[str]) -> list[tuple[str, str]]:
    """Each text on the page with a word outside the pseudo brackets: (where, the text)."""
    left = []
    for where, text in page.evaluate(TEXTS):
        rest, before = text, None
        while rest != before:
            before, rest = rest, BRACKETED.sub(" ", rest)
        if any(w.lower() not in allowed for w in WORD.findall(rest)):
            left.append((where, text))
    return left


def pseudo_page(browser: Any, server: Server, viewport: tuple[int, int] = (1280, 900)) -> Any:
    """A page whose person chose the pseudo-locale in the language menu (its cookie)."""
    context, page, errors = new_page(browser, viewport=viewport)
    context.add_cookies([{"name": "pegrace-lang", "value": PSEUDO, "url": server.url}])
    return context, page, errors


def assert_all_translated(page: Any, allowed: set[str]) -> None:
    assert page.get_attribute("html", "lang") == PSEUDO
    left = english_left(page, allowed)
    assert left == [], "\n".join(f"{where}: {text!r}" for where, text in left)


def test_the_front_page_quick_play_and_the_whole_form_are_in_the_pages_language(
    browser: Any, server: Server
) -> None:
    catalog = server.get("/api/catalog")
    allowed = allowed_words(catalog)
    context, page, errors = pseudo_page(browser, server)
    page.goto(server.url + "/")
    page.wait_for_selector(".game-card .quick-as")
    page.wait_for_selector("#lobby-lists p.hint")  # nobody else here: said so
    assert_all_translated(page, allowed)
    # friends at this device: every seat a person, each with a name field
    page.click(".game-card[data-game=trouble] button.friends")
    page.wait_for_selector("#seat-name-green:visible")
    page.click("#more-rules summary")
    page.click("#more summary")
    page.select_option("#option-finish", "deepest-first")  # what the lab measured it to do
    page.wait_for_selector("#effect-finish:not(:empty)")
    assert_all_translated(page, allowed)
    # seats that cannot play together: the form says which can, in words
    page.select_option("#seat-green", "empty")
    page.select_option("#seat-blue", "empty")
    page.wait_for_selector("#setup-error:not(:empty)")
    assert_all_translated(page, allowed)
    # a game whose rules make partners, and a game of every other sort
    for game in (g["name"] for g in catalog["games"]):
        page.check(f"input[name=game][value={game}]")
        page.click("#more-rules summary")
        assert_all_translated(page, allowed)
    if page.locator("#option-teams").count():
        page.select_option("#option-teams", "on")
        page.wait_for_selector(".seats .team-caption")
        assert_all_translated(page, allowed)
    assert errors == []
    context.close()


def test_the_lobby_is_in_the_pages_language(browser: Any, server: Server) -> None:
    allowed = allowed_words(server.get("/api/catalog"))
    context, page, errors = pseudo_page(browser, server)
    page.goto(server.url + "/")
    make = """async (request) => {
        const response = await fetch('/api/games', {method: 'POST',
            headers: {'Content-Type': 'application/json'}, body: JSON.stringify(request)});
        return await response.json();
    }"""
    waiting = {"red": "human", "green": "open"}
    page.evaluate(make, {"game": "trouble", "seats": waiting, "listed": True})
    watched = {"red": "human", "yellow": "human", "green": "computer:easy"}
    page.evaluate(make, {"game": "ludo", "seats": watched | {"blue": "empty"}, "listed": True})
    mine = page.evaluate(make, {"game": "marbles", "seats": {"red": "human", "green": "human"}})
    page.evaluate(
        "([id, tokens]) => localStorage.setItem(`pegrace:tokens:${id}`, JSON.stringify(tokens))",
        [mine["id"], mine["tokens"]],
    )
    page.reload()
    for listed in ("#lobby-mine", "#lobby-open", "#lobby-watch"):
        page.wait_for_selector(f"{listed} li")
    page.check("#lobby-all")
    assert_all_translated(page, allowed)
    assert errors == []
    context.close()


@pytest.mark.parametrize("game", [None, *list_games()])
def test_the_rules_pages_are_in_the_pages_language(
    browser: Any, server: Server, game: str | None
) -> None:
    allowed = allowed_words(server.get("/api/catalog"))
    context, page, errors = pseudo_page(browser, server)
    page.goto(server.url + ("/rules" if game is None else f"/rules/{game}"))
    page.wait_for_selector("#rules")
    if game is not None:
        page.wait_for_selector(".rules-board svg .spot")
    assert_all_translated(page, allowed)
    assert errors == []
    context.close()


def test_a_browser_asking_for_the_pseudo_locale_gets_it(browser: Any, server: Server) -> None:
    """Without a choice made in the menu, the browser's own language (Accept-Language)."""
    context = browser.new_context(locale=PSEUDO, bypass_csp=True)
    page = context.new_page()
    page.goto(server.url + "/rules")
    page.wait_for_selector("#rules")
    assert_all_translated(page, allowed_words(server.get("/api/catalog")))
    context.close()


def test_on_a_phone_the_longer_words_fit_the_screen(browser: Any, server: Server) -> None:
    context, page, errors = pseudo_page(browser, server, viewport=PHONE)
    page.goto(server.url + "/")
    page.wait_for_selector(".game-card .quick-as")
    widths = "document.documentElement.scrollWidth - document.documentElement.clientWidth"
    assert page.evaluate(widths) == 0
    page.click(".game-card[data-game=marbles] button.friends")
    page.click("#more-rules summary")
    page.click("#more summary")
    assert page.evaluate(widths) == 0
    page.goto(server.url + "/rules/headache")
    page.wait_for_selector(".rules-board svg .spot")
    assert page.evaluate(widths) == 0
    assert errors == []
    context.close()


def test_the_language_menu_keeps_the_choice_and_shows_the_page_in_it(
    browser: Any, server: Server
) -> None:
    context, page, errors = new_page(browser)
    page.goto(server.url + "/rules")
    page.wait_for_selector("#rules")
    assert page.get_attribute("html", "lang") == "en"
    with page.expect_navigation():
        page.select_option("#language", "ar")
    page.wait_for_selector("#rules")
    assert page.get_attribute("html", "lang") == "ar" and page.get_attribute("html", "dir") == "rtl"
    (cookie,) = [c for c in context.cookies() if c["name"] == "pegrace-lang"]
    assert cookie["value"] == "ar" and cookie["path"] == "/" and cookie["sameSite"] == "Lax"
    assert cookie["expires"] > time.time() + 300 * 86400  # a year
    page.goto(server.url + "/")  # kept for every page
    page.wait_for_selector(".game-card")
    assert page.input_value("#language") == "ar"
    assert errors == []
    context.close()
