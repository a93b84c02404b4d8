"""The page in a real headless Chromium against a real `pegrace serve`: whole games played
by clicking (one per game), two browsers sharing one online game, and a server killed and
restarted mid-game. Everything waits on page state (see pages.py), never on time."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from pages import (
    Server,
    act,
    awaiting,
    board_spots,
    new_page,
    play_to_end,
    quick_computer,
    seq,
    set_up_game,
    wait_synced,
)

from pegrace.advice import hint
from pegrace.games import get_rules
from pegrace.i18n import said_from_json
from pegrace.record import Record, replay
from pegrace.web.settings import lab_effects

# games short enough for a test: stop at the first winner, a turn limit for Headache
WHOLE_GAMES = [
    ("trouble", {"play_on": "off"}, 20, False),
    ("ludo", {}, 12, False),
    ("headache", {"turn_limit": "60"}, 13, True),  # popped with space, moves by number keys
    ("marbles", {}, 34, False),
]


def others(server: Server, colours: list[str]) -> dict[str, str]:
    computer = quick_computer(server.get("/api/catalog"))
    return {colour: computer for colour in colours}


def settled(server: Server, game_id: str) -> dict[str, Any]:
    """The game's state once no forced pass is pending (the server plays those itself)."""
    while True:
        state: dict[str, Any] = server.get(f"/api/games/{game_id}")
        if not state["forced_pass"]:
            return state
        time.sleep(0.01)  # the pass is due at once: the e2e server has no computer delay


def red_against_computers(page: Any, server: Server) -> str:
    """A Trouble game (seed 8): this page plays red against three quick computers."""
    rest = others(server, ["yellow", "green", "blue"])
    return set_up_game(page, server.url, "trouble", {"red": "human", **rest}, seed=8)


@pytest.mark.parametrize(
    ("game", "options", "seed", "keys"), WHOLE_GAMES, ids=[g[0] for g in WHOLE_GAMES]
)
def test_one_human_plays_a_whole_game_against_three_computers(
    browser: Any, server: Server, game: str, options: dict[str, str], seed: int, keys: bool
) -> None:
    context, page, errors = new_page(browser)
    colours = server.get("/api/catalog")
    (entry,) = [g for g in colours["games"] if g["name"] == game]
    red, *rest = entry["colours"]["4"]
    game_id = set_up_game(
        page, server.url, game, {red: "human", **others(server, rest)}, options, seed
    )
    assert page.get_attribute("#app", "data-you") == red
    assert awaiting(page) in ("roll", "move") and page.title().startswith("▶ Your turn · ")
    actions = play_to_end(page, keys)
    assert not page.title().startswith("▶ Your turn")  # over: nobody's turn
    assert actions > 0

    # the end: every place shown, a rematch offered
    final = server.get(f"/api/games/{game_id}")
    assert final["phase"] == "over"
    assert page.locator("#places li").count() == len(final["outcome"]["places"])
    unplayed = final["outcome"]["unplayed"]  # stopped at the first winner: the rest unplayed
    assert page.locator("#places li.unplayed").count() == len(unplayed)  # marked; why: once
    if options.get("play_on") == "off" or game in ("ludo", "marbles"):  # their default is off
        assert len(unplayed) == 3 and page.locator("#unplayed").is_visible()
    assert page.locator("#rematch").is_visible()
    shown = page.inner_text("#end")  # every place played or not: no card says null
    assert "null" not in shown and "undefined" not in shown
    assert board_spots(page) == sorted(p["spot"] for p in final["pieces"])
    assert page.locator("#log li").count() == final["seq"]

    # a forced pass plays itself: the page never asks for one, and the log says so
    mine = [entry for entry in final["log"] if entry["colour"] == red]
    passes = [entry for entry in mine if entry["move"] == "pass"]
    assert actions == len(mine) - len(passes)
    if game != "headache":  # Headache's pass says why: the pop is taken again, or the turn passes
        said = f"{red.capitalize()} passes: nothing can move"
        assert all(str(said_from_json(entry["said"])) == said for entry in passes)
        assert page.locator("#log li", has_text="passes: nothing can move").count() >= len(passes)
    if game == "trouble":
        assert passes  # no 6 at the start: nothing to move

    # the record downloads as JSON and replays to the same end
    with page.expect_download() as download:
        page.click("#download")
    record = Record.from_json(json.loads(Path(download.value.path()).read_text()))
    _, states = replay(record)
    assert states[-1].is_over and len(record.events) == final["seq"]
    assert record.seats[red] == "human"

    # the replay steps through every position, ending where the game ended
    page.click("#replay")
    page.wait_for_function("document.getElementById('app').dataset.frame === '0'")
    page.click("#replay-next")
    page.wait_for_function("document.getElementById('app').dataset.frame === '1'")
    page.click("#replay-last")
    page.wait_for_function(f"document.getElementById('app').dataset.frame === '{final['seq']}'")
    assert board_spots(page) == sorted(p["spot"] for p in final["pieces"])
    page.click("#replay-close")

    # a rematch is a new game with the same settings, this browser in the same seat
    page.click("#rematch")
    page.wait_for_url(lambda url: game_id not in url)
    wait_synced(page)
    assert page.get_attribute("#app", "data-you") == red
    assert errors == []
    context.close()


def test_with_two_sets_the_page_plays_both_colours_of_your_side(
    browser: Any, server: Server
) -> None:
    """The new-game page's defaults (you red, computers elsewhere) with Trouble's two sets:
    green is yours too, and you play it."""
    context, page, errors = new_page(browser)
    game_id = set_up_game(page, server.url, "trouble", {}, {"two_sets": "on", "play_on": "off"}, 9)
    assert page.get_attribute("#app", "data-you") == "red green"
    play_to_end(page)
    log = server.get(f"/api/games/{game_id}")["log"]
    assert {e["colour"] for e in log if e["by"] == "human"} == {"red", "green"}
    assert errors == []
    context.close()


@pytest.mark.parametrize("viewport", [(1280, 800), (390, 844)], ids=["desktop", "phone"])
def test_the_replay_sits_under_the_board_and_plays_and_pauses_in_place(
    browser: Any, server: Server, viewport: tuple[int, int]
) -> None:
    context, page, errors = new_page(browser, speed="fast", viewport=viewport)
    computer = quick_computer(server.get("/api/catalog"))
    seats = dict.fromkeys(("red", "yellow", "green", "blue"), computer)
    set_up_game(page, server.url, "trouble", seats, {"play_on": "off"}, 5)
    assert awaiting(page) == "over"
    page.click("#replay")  # on a phone, far below the board
    page.wait_for_selector("#replay-bar:not([hidden])")
    board, bar = page.locator("#board").bounding_box(), page.locator("#replay-bar").bounding_box()
    assert bar["y"] >= board["y"] + board["height"] - 1  # under the board
    assert board["y"] >= -1 and bar["y"] + bar["height"] <= viewport[1] + 1  # both in view
    scrolled = page.evaluate("window.scrollY")
    for name in ("#replay-first", "#replay-back", "#replay-next", "#replay-last"):
        label = page.inner_text(name)
        assert label.strip() and not any(0x2300 <= ord(c) <= 0x23FF for c in label)
        box = page.locator(name).bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44  # a finger's size
    page.click("#replay-play")
    assert page.inner_text("#replay-play") == "‖ Pause"
    page.wait_for_function("Number(document.getElementById('app').dataset.frame) >= 3")
    page.click("#replay-play")
    assert page.inner_text("#replay-play") == "▶ Play"
    assert page.get_attribute("#app", "data-playing") is None  # paused: its timer stopped
    assert page.evaluate("window.scrollY") == scrolled  # playing never scrolled the page
    assert errors == []
    context.close()


def brightness(page: Any, selector: str, prop: str) -> int:
    """The sum of the red, green and blue of an element's computed colour property."""
    value = page.eval_on_selector(selector, f"node => getComputedStyle(node).{prop}")
    return sum(int(part) for part in value[value.index("(") + 1 : -1].split(",")[:3])


def test_the_page_follows_the_systems_dark_scheme(browser: Any, server: Server) -> None:
    seen = {}
    for scheme in ("light", "dark"):
        context, page, errors = new_page(browser, scheme=scheme)
        red_against_computers(page, server)
        seen[scheme] = (
            brightness(page, "html", "backgroundColor"),
            brightness(page, ".card", "backgroundColor"),
            brightness(page, "#status", "color"),
        )
        assert errors == []
        context.close()
    (page_light, card_light, text_light), (page_dark, card_dark, text_dark) = seen.values()
    assert page_dark < page_light and card_dark < card_light  # dark backgrounds...
    assert text_dark > text_light  # ...under light text
    assert text_dark - card_dark > 300  # and still far apart


def test_a_link_to_no_game_shows_a_not_found_page(browser: Any, server: Server) -> None:
    context, page, errors = new_page(browser, policy=True)
    response = page.goto(server.url + "/game/doesnotexist")
    assert response is not None and response.status == 404
    assert page.locator("h1").inner_text() == "No such game"
    assert page.locator("#pass, #replay, .board").count() == 0
    page.click("text=start a new game")
    page.wait_for_selector("#start")  # the new-game page
    assert errors == []
    context.close()


def test_the_not_found_page_keeps_its_words_off_a_phones_edges(
    browser: Any, server: Server
) -> None:
    width = 390
    context, page, errors = new_page(browser, policy=True, viewport=(width, 844))
    page.goto(server.url + "/game/doesnotexist")
    for words in (page.locator("h1"), page.locator("main p")):
        box = words.bounding_box()
        assert box is not None and box["x"] >= 12 and box["x"] + box["width"] <= width - 12, box
    assert errors == []
    context.close()


def test_two_browsers_share_one_game_and_a_spectator_watches(browser: Any, server: Server) -> None:
    host_context, host, host_errors = new_page(browser, speed="fast")
    host_context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.url)
    game_id = set_up_game(
        host,
        server.url,
        "trouble",
        {"red": "human", "yellow": "empty", "green": "open", "blue": "empty"},
    )
    host.click("button.invite[data-colour=green]")
    host.wait_for_selector("button.invite[data-colour=green]:text('Copied!')")
    # a link from 127.0.0.1 opens on this machine alone: said, as the hand-off card says it
    assert "only works on this machine" in host.inner_text("#toast")
    invite = host.evaluate("navigator.clipboard.readText()")
    assert invite.endswith(f"/game/{game_id}?claim=green")
    assert host.locator("button.take").count() == 0  # who plays here invites to a seat
    guest_context, guest, guest_errors = new_page(browser, speed="fast")
    guest.goto(f"{server.url}/game/{game_id}")
    guest.wait_for_selector("button.take[data-colour=green]")  # who watches may take it
    assert guest.is_hidden("#moves-hint")  # and is not told how to move pieces it cannot
    assert host.is_visible("#moves-hint")
    assert guest_errors == []
    guest_context.close()

    friend_context, friend, friend_errors = new_page(browser, speed="fast")
    friend.goto(invite)
    friend.wait_for_function("document.getElementById('app').dataset.you === 'green'")
    # someone late with the same invitation: the seat is taken, they may watch
    watcher_context, watcher, watcher_errors = new_page(browser, speed="fast")
    watcher.goto(invite)
    wait_synced(watcher)
    watcher.wait_for_selector("#notice:not([hidden])")
    assert "Green was offered in your invitation" in watcher.inner_text("#notice")
    watcher.click("#watch")
    assert watcher.is_hidden("#notice")
    assert watcher.get_attribute("#app", "data-you") == ""

    players = {"red": host, "green": friend}
    acted = {"red": 0, "green": 0}
    while min(acted.values()) < 6:
        state = settled(server, game_id)
        if state["phase"] == "over":
            break
        colour = state["current"]
        assert act(players[colour]) in ("roll", "move")
        acted[colour] += 1
        # every browser shows the event: the same position and the same log
        after = settled(server, game_id)["seq"]
        for page in (host, friend, watcher):
            page.wait_for_function(f"Number(document.getElementById('app').dataset.seq) >= {after}")
        logs = [page.locator("#log li").all_inner_texts() for page in (host, friend, watcher)]
        assert logs[0] == logs[1] == logs[2]
        assert board_spots(host) == board_spots(friend) == board_spots(watcher)
    assert min(acted.values()) >= 6
    # the watcher is never asked to act
    assert watcher.get_attribute("#app", "data-await") in ("none", "over")
    assert host_errors == friend_errors == watcher_errors == []
    for context in (host_context, friend_context, watcher_context):
        context.close()


def test_the_game_resumes_in_the_page_after_a_server_restart_and_a_reload(
    browser: Any, server: Server
) -> None:
    context, page, errors = new_page(browser)
    game_id = red_against_computers(page, server)
    for _ in range(12):
        act(page)
    awaiting(page)
    before = seq(page)
    log_before = page.locator("#log li").all_inner_texts()

    server.stop()
    page.wait_for_function("document.getElementById('app').dataset.connected === '0'")
    server.start()
    page.wait_for_function("document.getElementById('app').dataset.connected === '1'")
    wait_synced(page)
    awaiting(page)
    assert seq(page) == before
    assert page.locator("#log li").all_inner_texts() == log_before
    assert board_spots(page) == sorted(
        p["spot"] for p in server.get(f"/api/games/{game_id}")["pieces"]
    )
    for _ in range(6):
        act(page)
    assert seq(page) > before

    page.reload()  # the seat token is in localStorage: still red's game
    wait_synced(page)
    assert page.get_attribute("#app", "data-you") == "red"
    assert awaiting(page) in ("roll", "move", "over")
    assert errors == []
    context.close()


def test_the_new_game_page_offers_the_catalog_and_names_a_seating_problem(
    browser: Any, server: Server
) -> None:
    context, page, errors = new_page(browser)
    catalog = server.get("/api/catalog")
    page.goto(server.url + "/")
    page.check("input[name=game][value=headache]")
    (headache,) = [g for g in catalog["games"] if g["name"] == "headache"]
    assert page.locator("#option-seating").count() == 0  # the seats chosen set it
    for option in (o for o in headache["options"] if o["name"] != "seating"):
        assert page.input_value(f"#option-{option['name']}") == option["default"]
        assert page.locator(".options .help", has_text=option["help"]).count() == 1
    offered = page.eval_on_selector_all("#seat-blue option", "options => options.map(o => o.value)")
    computers = sorted(
        (k for k in catalog["seat_kinds"] if k.startswith("computer:")),
        key=lambda k: headache["ratings"][k]["elo"],
    )
    assert offered == ["human", "open", *computers, "empty"]  # weakest computer first
    label = page.locator("#seat-blue option[value='computer:expert']").inner_text()
    assert label == "Expert computer ★★★★★"  # the strongest, in a short line
    # beside an option (folded under More rules), what the lab measured the chosen value to do
    page.click("#more-rules summary")
    page.select_option("#option-challenge", "on")
    # the catalog says it as words to translate (a Said): in English, the lab's own sentence
    challenge = lab_effects()["games"]["headache"]["options"]["challenge"]["on"]
    expected = f"Measured: {challenge['summary']}."
    page.wait_for_selector(f"#effect-challenge:has-text({expected!r})")
    page.select_option("#option-challenge", "off")  # the default: what the others are against
    page.wait_for_function("document.querySelector('#effect-challenge').textContent === ''")
    # 2-player Headache is red and green: leaving green out is named, and no game is made
    page.select_option("#seat-green", "empty")
    page.select_option("#seat-blue", "empty")
    page.click("#start")
    page.wait_for_selector("#setup-error:has-text('played by Red & Green')")
    assert page.url == server.url + "/"
    assert errors == []
    context.close()


def test_a_hint_marks_the_experts_move_and_win_chances_show_every_side(
    browser: Any, server: Server
) -> None:
    context, page, errors = new_page(browser)
    game_id = red_against_computers(page, server)
    assert page.is_disabled("#hint")  # Red must pop first
    while awaiting(page) != "move" or page.locator("#moves li button").count() < 2:
        act(page)
    record = Record.from_json(server.get(f"/api/games/{game_id}/record"))
    _, states = replay(record)
    expected = hint(get_rules("trouble"), states[-1], seed=f"{game_id}:{seq(page)}")

    page.keyboard.press("h")
    suggested = page.wait_for_selector("#moves li.suggested button")
    assert suggested.get_attribute("data-move") == expected.move.text
    answer = page.inner_text("#hint-answer")
    assert str(expected.described) in answer and expected.why[1:] in answer
    page.click("#winprob")
    page.wait_for_selector("#chances li >> nth=3")
    shown = page.eval_on_selector_all("#chances li", "items => items.map(i => i.dataset.side)")
    assert shown == ["red", "yellow", "green", "blue"]
    page.wait_for_selector("#chances[data-final=true]")  # 200 games first, then more
    assert "2,000 games played on from here" in page.inner_text("#chances")  # as English writes it
    assert page.locator("#chances .value").count() == 4  # one number a side
    details = page.eval_on_selector_all("#chances li", "items => items.map(i => i.title)")
    assert all("95% interval" in d and "learned estimate" in d for d in details), details

    # once the move is played, the hint is gone and the chances say they are out of date
    before = seq(page)
    suggested.click()
    page.wait_for_function(f"Number(document.getElementById('app').dataset.seq) > {before}")
    assert page.locator("#moves li.suggested").count() == 0
    assert page.is_hidden("#hint-answer")
    page.wait_for_selector("#chances.stale")

    # the game's end drops chances worked out before it (the over game's are exact)
    play_to_end(page)
    assert page.is_hidden("#chances")
    page.click("#winprob")
    page.wait_for_selector("#chances li >> nth=3")
    assert "exact" in page.inner_text("#chances")
    assert errors == []
    context.close()


def test_the_page_runs_under_its_content_security_policy(browser: Any, server: Server) -> None:
    """With the server's CSP in force (the other tests bypass it to wait on expressions),
    setting a game up, popping and drawing the win chances break none of its rules."""
    context, page, errors = new_page(browser, policy=True)
    page.goto(server.url + "/")
    page.check("input[name=game][value=trouble]")
    seats = {"red": "human", "yellow": "empty", **others(server, ["green"]), "blue": "empty"}
    for colour, kind in seats.items():  # two players: the win chances come quicker
        page.select_option(f"#seat-{colour}", kind)
    page.click("#start")
    page.wait_for_selector("#app[data-connected='1'][data-await='roll']")
    page.click(".dome", force=True)
    page.wait_for_selector("#app[data-seq]:not([data-seq='0'])")
    page.click("#winprob")
    page.wait_for_selector("#chances li >> nth=1")
    assert page.eval_on_selector("#chances .fill", "bar => bar.style.width").endswith("%")
    assert errors == []
    context.close()
