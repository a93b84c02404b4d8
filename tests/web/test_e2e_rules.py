"""How to play, in a real headless Chromium against a real `pegrace serve`: each game's rules
page draws its own board and says the rules and every option's values in words; a game's
page links to its rules; an unknown game gets a clear page (404)."""

from __future__ import annotations

import re
import urllib.error
import urllib.request
from importlib import resources
from typing import Any

import httpx
import pytest
from pages import Server, new_page, wait_synced
from test_e2e_access import too_small

from pegrace.games import ENTRIES, list_games

# words a newcomer must meet on each game's page (its specials)
KEY_WORDS = {
    "trouble": ["Pop the dome", "6", "another pop", "Finish lane", "send it back to its Home"],
    "ludo": ["two dice", "both dice", "double 6", "safe spot", "exact number"],
    "marbles": ["1 or a 6", "teams", "partner", "Home", "War"],
    "parchis": ["a 5", "wall", "bonus", "20", "marked spaces", "exact number", "goal"],
    "headache": [
        "stack",
        "cross at every X",
        "bonus die",
        "red dot",
        "bonus pop",
        "START",
        "clockwise or counter-clockwise",
    ],
}


def status(server: Server, path: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(server.url + path, timeout=5) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def test_the_rules_routes_serve_the_page_and_a_404_for_an_unknown_game(server: Server) -> None:
    for path in ["/rules", *(f"/rules/{game}" for game in list_games())]:
        code, text = status(server, path)
        assert code == 200 and "/static/main.js" in text, path
    code, text = status(server, "/rules/chess<b>")
    assert code == 404
    assert "Unknown game" in text and "chess&lt;b&gt;" in text and "<b>" not in text
    assert all(f'href="/rules/{game}"' in text for game in list_games())  # the ones it has


def test_every_game_in_the_catalog_has_its_guide(server: Server) -> None:
    for game in server.get("/api/catalog")["games"]:
        guide = game["guide"]
        assert len(guide["sections"]) >= 6 and guide["pop"] and guide["pop_words"]
        assert [o["name"] for o in guide["options"]] == [o["name"] for o in game["options"]]


def own_board_fill(game: str) -> str:
    """The board's fill the game's style.css gives it, as the browser computes it."""
    style = (resources.files(ENTRIES[game].package) / "style.css").read_text()
    found = re.search(rf"\.game-{game} \.board {{ fill: #(\w\w)(\w\w)(\w\w);", style)
    assert found, f"{game}'s style.css gives its board no fill"
    red, green, blue = (int(part, 16) for part in found.groups())
    return f"rgb({red}, {green}, {blue})"


def game_entry(server: Server, name: str) -> dict[str, Any]:
    (entry,) = [g for g in server.get("/api/catalog")["games"] if g["name"] == name]
    return entry


@pytest.mark.parametrize("game", list_games())
def test_a_rules_page_draws_its_board_and_says_the_rules_and_options_in_words(
    browser: Any, server: Server, game: str
) -> None:
    entry = game_entry(server, game)
    context, page, errors = new_page(browser, policy=True)  # under the page's own CSP
    page.goto(f"{server.url}/rules/{game}")
    page.wait_for_selector("#rules svg.board")
    assert page.locator("h1").inner_text() == f"How to play {entry['title']}"
    assert page.title() == f"How to play {entry['title']} – pegrace"
    # the game's own board, with its pieces at the start
    board = entry["board"]
    assert page.locator(f"svg.board.game-{game} .spots [data-spot]").count() == len(
        board["layout"]["spots"]
    )
    assert page.locator("svg.board .pieces > *").count() == len(board["pieces"])
    assert page.locator("svg.board .dome .die").count() >= 1  # the guide's pop in the dome
    # in its own colours: its package's style.css, which /games.css serves, under the CSP
    fill = page.eval_on_selector(f"svg.board.game-{game} .board", "n => getComputedStyle(n).fill")
    assert fill == own_board_fill(game), fill
    text = page.locator("#rules").inner_text()
    for words in KEY_WORDS[game]:
        assert words in text, words
    for section in entry["guide"]["sections"]:
        assert section["heading"] in text
    # every option: its name in words, and each value (or a whole number) in words
    for option in entry["guide"]["options"]:
        said = page.locator(f"#option-{option['name']} + dd").inner_text()
        assert option["title"] in page.locator(f"#option-{option['name']}").inner_text()
        if option["number"]:
            assert said.startswith(f"A whole number, {option['default']} by default.")
        for value in option["values"]:
            shown = page.locator(f"#option-{option['name']} + dd li[data-value='{value['value']}']")
            default = " (the default)" if value["value"] == option["default"] else ""
            assert shown.inner_text() == f"{value['label']}{default}: {value['words']}."
    assert "null" not in text and "undefined" not in text and "[object" not in text
    assert errors == []
    context.close()


def test_headache_teaches_stacks_crossings_and_the_bonus_die(browser: Any, server: Server) -> None:
    context, page, _ = new_page(browser)
    page.goto(f"{server.url}/rules/headache")
    page.wait_for_selector("#rules svg.board")
    assert page.locator(".dome .bonus-die .red-dot").count() == 1  # the pop shows the red dot
    caption = page.locator(".rules-board figcaption").inner_text()
    assert "red dot" in caption and "pop again" in caption
    headings = page.locator(".rules-text h2").all_inner_texts()
    assert {"The bonus die", "Crossing", "Capturing and stacks"} <= set(headings)
    context.close()


def test_the_list_links_every_game_and_an_unknown_game_says_so(
    browser: Any, server: Server
) -> None:
    context, page, errors = new_page(browser)
    page.goto(f"{server.url}/rules")
    page.wait_for_selector("#rules .rules-games")
    links = page.locator(".rules-games a").evaluate_all("links => links.map(a => a.pathname)")
    assert links == [f"/rules/{game}" for game in list_games()]
    page.click("text=Headache")
    page.wait_for_selector("#rules svg.board.game-headache")

    answer = page.goto(f"{server.url}/rules/chess")
    assert answer is not None and answer.status == 404
    assert page.locator("h1").inner_text() == "Unknown game"
    assert "pegrace has no rules for a game called chess" in page.locator("main").inner_text()
    page.click("text=Ludo")
    page.wait_for_selector("#rules svg.board.game-ludo")
    assert errors == []
    context.close()


def test_a_game_page_links_to_its_rules_in_a_new_tab(browser: Any, server: Server) -> None:
    seats = {"red": "human", "green": "open"}  # nobody plays: the game waits
    made = httpx.post(server.url + "/api/games", json={"game": "headache", "seats": seats})
    assert made.status_code == 201, made.text
    context, page, errors = new_page(browser)
    page.goto(server.url + made.json()["url"])  # watching: no seat token here
    wait_synced(page)
    link = page.locator("#how-to-play")
    assert link.is_visible() and link.inner_text() == "How to play"
    assert link.get_attribute("href") == "/rules/headache"
    assert link.get_attribute("target") == "_blank"
    with context.expect_page() as opened:
        link.click()
    rules = opened.value
    rules.wait_for_selector("#rules svg.board.game-headache")
    assert rules.url == f"{server.url}/rules/headache"
    assert page.url == server.url + made.json()["url"]  # the game stays where it was
    assert errors == []
    context.close()


@pytest.mark.parametrize("path", ["/rules", "/rules/marbles"])
def test_on_a_phone_every_link_is_finger_sized(browser: Any, server: Server, path: str) -> None:
    context, page, errors = new_page(browser, viewport=(390, 844))
    page.goto(server.url + path)
    page.wait_for_selector("#rules a")
    assert too_small(page) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # nothing spills over
    assert errors == []
    context.close()
