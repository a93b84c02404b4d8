"""The guided first games in a real headless Chromium against a real `pegrace serve`: from a
game's card to its lesson, followed from start to "Now play a real game" by doing only what
each step asks (popping, then the highlighted move); a wrong move gets its explanation."""

from __future__ import annotations

from typing import Any

import pytest
from pages import Server, new_page
from test_e2e_rules import status

from pegrace.games import list_games
from pegrace.lessons import LESSONS

GAMES = ["trouble", "ludo", "headache", "marbles", "parchis"]


def test_every_lesson_is_served_whole_and_an_unknown_game_is_a_404(server: Server) -> None:
    for game in list_games():
        code, text = status(server, f"/learn/{game}")
        assert code == 200 and "/static/main.js" in text, game
        lesson = server.get(f"/api/lessons/{game}")
        assert len(lesson["steps"]) == len(LESSONS[game].steps)
        for step in lesson["steps"]:
            assert any(move["expected"] for move in step["moves"]) and step["highlight"]
            assert all(move["expected"] or move["why"] for move in step["moves"])
    assert status(server, "/learn/chess")[0] == 404
    code, text = status(server, "/api/lessons/chess")
    assert code == 404 and "no lesson for 'chess'" in text


@pytest.mark.parametrize("game", GAMES)
def test_a_lesson_followed_from_the_card_to_play_a_real_game(
    browser: Any, server: Server, game: str
) -> None:
    context, page, errors = new_page(browser, policy=True)  # under the page's own CSP
    page.goto(server.url + "/")
    page.click(f"article.game-card[data-game='{game}'] a.learn-link")
    page.wait_for_selector(f"#learn[data-game='{game}'] svg.board.game-{game}")
    steps = len(LESSONS[game].steps)
    explained = False
    for number, step in enumerate(LESSONS[game].steps, 1):
        if step.roll is None:  # a bonus move (Parchís): no pop, the moves at once
            page.wait_for_selector(f"#app[data-step='{number}'][data-await='move']")
            assert page.locator("#learn-pop").is_hidden()
        else:
            page.wait_for_selector(f"#app[data-step='{number}'][data-await='pop']")
            page.click("#learn-pop")
            page.wait_for_selector("#app[data-await='move']")
            assert page.locator(".dome .die").count() >= 1
        assert page.locator("#learn-progress").inner_text() == f"Step {number} of {steps}"
        assert page.locator("svg.board .marks .mark.chosen").count() >= 1  # what to touch
        wrong = page.locator(".learn-move:not(.suggested)")
        if not explained and wrong.count():
            wrong.first.click()
            feedback = page.locator("#learn-feedback").inner_text()
            assert feedback.startswith("Not this one:") and "not what this step teaches" in feedback
            assert page.locator(f"#app[data-step='{number}'][data-await='move']").count() == 1
            explained = True
        page.locator(".learn-move.suggested").first.click()
    page.wait_for_selector("#app[data-await='over']")
    assert "Now play a real game" in page.locator("#learn-words").inner_text()
    assert explained
    page.click("#learn-play")
    page.wait_for_selector(f"article.game-card[data-game='{game}']")
    assert page.url.endswith(f"/?game={game}")
    assert errors == []
    context.close()


def test_a_lesson_is_followed_by_touching_the_board_too(browser: Any, server: Server) -> None:
    context, page, errors = new_page(browser, viewport=(390, 844), touch=True)
    page.goto(f"{server.url}/learn/trouble")
    page.wait_for_selector("#learn svg.board")
    page.click("#learn-pop")  # step 1: a pass, chosen from the list
    page.locator(".learn-move.suggested").click()
    page.wait_for_selector("#app[data-step='2'][data-await='pop']")
    page.click("svg.board .dome")
    page.wait_for_selector("#app[data-await='move']")
    page.locator("svg.board .targets .hit.from").first.click()  # the peg to bring out
    page.wait_for_selector("#app[data-step='3'][data-await='pop']")
    assert "brings a peg out" in page.locator("#learn-story").inner_text()
    assert errors == []
    context.close()


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_lesson_page_has_no_axe_violations(browser: Any, server: Server, size: str) -> None:
    from test_e2e_axe import sized_page, violations

    context, page, errors = sized_page(browser, size)
    page.goto(f"{server.url}/learn/headache")
    page.wait_for_selector("#app[data-await='pop']")
    found = {"pop": violations(page)}
    page.click("#learn-pop")
    page.locator(".learn-move.suggested").first.click()
    page.wait_for_selector("#app[data-step='2'][data-await='pop']")
    page.click("#learn-pop")
    page.locator(".learn-move:not(.suggested)").first.click()  # explained
    found["wrong move"] = violations(page)
    for _ in range(2, len(LESSONS["headache"].steps) + 1):
        page.locator(".learn-move.suggested").first.click()
        if page.locator("#app[data-await='pop']").count():
            page.click("#learn-pop")
    page.wait_for_selector("#app[data-await='over']")
    found["end"] = violations(page)
    assert {moment: said for moment, said in found.items() if said} == {}
    assert errors == []
    context.close()
