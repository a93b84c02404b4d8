"""Play people now in a real headless Chromium (issue 54, item 6): three browsers that do not
know each other queue for 3-player Trouble from its card (the third through the lobby's "Join
them") and all land on one game, each in a seat of its own; a place can be left."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pages import Server, new_page, serving, wait_synced

CARD = ".game-card[data-game=trouble]"


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    """The three browsers come from one address (127.0.0.1): it may hold three places."""
    with serving(tmp_path, "--limit", "queue_tickets_per_address=3") as running:
        yield running


def choose(page: Any, players: int, name: str) -> None:
    """Open the card's "Play people now" and choose ``players``, people only, and a name."""
    page.click(f"{CARD} button.strangers-open")
    page.check(f"{CARD} input[name=strangers-players-trouble][value='{players}']")
    page.check(f"{CARD} input[name=strangers-wait-trouble][value=people]")
    page.fill(f"{CARD} input.strangers-name", name)


def test_three_strangers_queue_for_three_player_trouble_and_share_one_game(
    browser: Any, server: Server
) -> None:
    pages = [new_page(browser) for _ in range(3)]
    (_, first, _), (_, second, _), (_, third, _) = pages
    for page, name in ((first, "Ann"), (second, "Bo")):
        page.goto(server.url + "/")
        choose(page, 3, name)
        page.click(f"{CARD} button.strangers-join")
        page.wait_for_selector(f"{CARD} .strangers-wait")
    # the first is told of the second as it comes (the long poll answers the change)
    first.wait_for_selector(f"{CARD} .strangers-count:has-text('2 people waiting')")
    assert "The game starts once every seat has a person" in first.inner_text(f"{CARD} .strangers")
    # the third sees them in the lobby and joins them from there
    third.goto(server.url + "/")
    waiting = third.wait_for_selector("#lobby-queues li[data-game=trouble][data-players='3']")
    assert "2 waiting" in waiting.inner_text()
    third.click("#lobby-queues button.join-queue")
    assert third.is_checked(f"{CARD} input[name=strangers-players-trouble][value='3']")
    third.fill(f"{CARD} input.strangers-name", "Cy")
    third.click(f"{CARD} button.strangers-join")
    for page in (first, second, third):
        page.wait_for_url(re.compile(r"/game/[^/?]+$"))
        wait_synced(page)
    (game_id,) = {page.url.rsplit("/", 1)[1] for page in (first, second, third)}
    yours = [page.get_attribute("#app", "data-you") for page in (first, second, third)]
    state = server.get(f"/api/games/{game_id}")
    assert sorted(yours) == sorted(state["seats"])  # each in a seat of its own, every seat
    assert {seat["kind"] for seat in state["seats"].values()} == {"human"}
    names = {colour: seat["name"] for colour, seat in state["seats"].items()}
    assert sorted(names.values()) == ["Ann", "Bo", "Cy"]
    assert server.get("/api/lobby")["queues"] == []
    for context, _, errors in pages:
        assert errors == []
        context.close()


def test_a_place_can_be_left(browser: Any, server: Server) -> None:
    context, page, errors = new_page(browser)
    page.goto(server.url + "/")
    choose(page, 2, "Di")
    page.check(f"{CARD} input[name=strangers-wait-trouble][value=computers]")
    page.click(f"{CARD} button.strangers-join")
    page.wait_for_selector(f"{CARD} .strangers-when:has-text('Computers fill the empty seats in')")
    assert server.get("/api/lobby")["queues"][0]["waiting"] == 1
    page.click(f"{CARD} button.strangers-leave")
    page.wait_for_selector(f"{CARD} button.strangers-join")
    # the choice is remembered: two players, computers after a while
    assert page.is_checked(f"{CARD} input[name=strangers-players-trouble][value='2']")
    assert page.is_checked(f"{CARD} input[name=strangers-wait-trouble][value=computers]")
    page.wait_for_function("fetch('/api/lobby').then(r => r.json()).then(l => !l.queues.length)")
    assert errors == []
    context.close()
