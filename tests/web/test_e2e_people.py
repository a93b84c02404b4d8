"""Playing with people, in a real headless Chromium: a name asked once and shown on the
board, the players list and the log; a tone on your turn with a switch to silence it; the idle
limit counting down, and the "I'm back" button after the computer took over."""

from __future__ import annotations

import re
from typing import Any

from pages import Server, act, new_page, quick_computer, set_up_game, wait_synced, waiting

APP = "document.getElementById('app')"


def against_computers(page: Any, server: Server, idle: int | None = None) -> str:
    """Trouble (seed 3), this page red against three quick computers; ``idle``: the game's
    idle limit in seconds."""
    computer = quick_computer(server.get("/api/catalog"))
    seats = {"red": "human"} | dict.fromkeys(("yellow", "green", "blue"), computer)
    return set_up_game(page, server.url, "trouble", seats, seed=3, idle=idle)


def test_a_name_is_asked_once_and_shown_on_the_board_players_and_log(
    browser: Any, server: Server
) -> None:
    context, page, errors = new_page(browser)
    computer = quick_computer(server.get("/api/catalog"))
    seats = {"red": "human", "yellow": "open", "green": computer, "blue": computer}
    set_up_game(page, server.url, "trouble", seats)  # a friend to come: names are shown
    page.wait_for_selector("#name-form:not([hidden])")
    page.fill("#name", "Ann")
    page.click("#name-form button")
    page.wait_for_selector("#players li[data-colour=red]:has-text('Ann · Red (you)')")
    assert page.locator("#name-form").is_hidden()
    assert page.locator(".board .names text").all_text_contents() == ["You · Ann"]
    act(page)  # red's pop in the roll-off
    page.wait_for_selector("#log li:has-text('Ann pops')")
    page.reload()  # kept in this browser: not asked again, and still shown
    wait_synced(page)
    page.wait_for_selector("#players li[data-colour=red]:has-text('Ann')")
    assert page.locator("#name-form").is_hidden()
    assert errors == []
    context.close()


def test_no_name_is_asked_in_a_game_against_computers_only(browser: Any, server: Server) -> None:
    """Nobody else would be shown it."""
    context, page, errors = new_page(browser)
    against_computers(page, server)
    wait_synced(page)
    act(page)  # a pop: the page has had its state and seats
    wait_synced(page)
    assert page.locator("#name-form").is_hidden()
    assert errors == []
    context.close()


def chimes(page: Any) -> int:
    return int(page.evaluate(f"Number({APP}.dataset.chimes || 0)"))


def test_your_turn_sounds_a_tone_unless_the_sound_is_switched_off(
    browser: Any, server: Server
) -> None:
    context, page, errors = new_page(browser)
    against_computers(page, server)
    assert waiting(page)["what"] == "roll"
    page.wait_for_function(f"Number({APP}.dataset.chimes || 0) >= 1")  # the first turn
    page.uncheck("#sound")
    heard = chimes(page)
    for _ in range(4):  # a few more of red's turns, in silence
        assert act(page) != "over"
    waiting(page)
    assert chimes(page) == heard
    page.reload()  # the switch is kept in this browser
    wait_synced(page)
    assert not page.is_checked("#sound")
    assert errors == []
    context.close()


def test_the_idle_limit_counts_down_and_im_back_takes_the_seat_back(
    browser: Any, server: Server
) -> None:
    context, page, errors = new_page(browser)
    against_computers(page, server, idle=4)
    page.wait_for_selector("#countdown:not([hidden])")
    assert re.fullmatch(
        r"0:0[0-4] left before the computer plays for you", page.inner_text("#countdown")
    )
    page.wait_for_selector("#away:not([hidden])", timeout=20_000)  # 4 s idle: taken over
    assert "computer playing for now" in page.inner_text("#players li[data-colour=red]")
    page.click("#back")
    page.wait_for_selector("#away", state="hidden")
    assert errors == []
    context.close()


def test_the_lobby_joins_an_open_game_in_one_click_and_lists_your_games(
    browser: Any, server: Server
) -> None:
    host_context, host, host_errors = new_page(browser)
    seats = {"red": "human", "green": "open", "yellow": "empty", "blue": "empty"}
    game_id = set_up_game(host, server.url, "trouble", seats)  # listed: the page's default
    guest_context, guest, guest_errors = new_page(browser)
    guest.goto(server.url + "/")
    join = f"#lobby-open li[data-game='{game_id}'] button.join[data-colour=green]"
    guest.wait_for_selector(join)
    assert guest.locator("#lobby-mine").count() == 0  # this browser holds no seat yet
    guest.click(join)
    guest.wait_for_url(f"**/game/{game_id}")
    guest.wait_for_function(f"{APP}.dataset.you === 'green'")
    host.goto(server.url + "/")  # the host's own game, from its tokens: red pops first
    host.wait_for_selector(f"#lobby-mine li[data-game='{game_id}'] a:has-text('Your turn')")
    assert host.locator(f"#lobby-open li[data-game='{game_id}']").count() == 0  # seat taken
    assert host_errors == [] and guest_errors == []
    host_context.close()
    guest_context.close()


def test_a_seat_continues_on_another_device_by_its_link(browser: Any, server: Server) -> None:
    context, page, errors = new_page(browser)
    game_id = against_computers(page, server)
    page.click("#handoff")
    page.wait_for_selector("#handoff-qr svg path")
    link = page.input_value("#handoff-link")
    assert re.fullmatch(rf"{server.url}/game/{game_id}#seat=red\.[A-Za-z0-9_-]+", link)
    card = page.inner_text("#handoff-card")
    assert "your seat's secret" in card
    assert "null" not in card and "undefined" not in card
    other_context, other, other_errors = new_page(browser)  # the other device
    other.goto(link)
    other.wait_for_function(f"{APP}.dataset.you === 'red'")
    assert other.evaluate("location.hash") == ""  # the secret leaves the address bar
    assert errors == [] and other_errors == []
    context.close()
    other_context.close()


def test_a_crafted_hand_off_link_never_costs_a_seat_its_token(browser: Any, server: Server) -> None:
    """A link carrying a wrong token for red, opened in the browser that holds red's real one:
    the real token is kept (the server refused the link's), the page says so, and red is still
    played here after a reload; a link whose token is right is kept as before."""
    context, page, errors = new_page(browser)
    game_id = against_computers(page, server)
    key = f"pegrace:tokens:{game_id}"
    real = page.evaluate(f"JSON.parse(localStorage.getItem('{key}')).red")
    page.goto(server.url + "/")  # the link is opened afresh, as from a message
    page.goto(f"{server.url}/game/{game_id}#seat=red.{'A' * 24}")
    page.wait_for_selector(".toast:has-text('not accepted: you keep the seat you held')")
    page.wait_for_function(f"{APP}.dataset.you === 'red'")
    assert page.evaluate(f"JSON.parse(localStorage.getItem('{key}')).red") == real
    page.reload()
    page.wait_for_function(f"{APP}.dataset.you === 'red'")
    page.goto(server.url + "/")
    page.goto(f"{server.url}/game/{game_id}#seat=red.{real}")  # the right token: still red
    page.wait_for_function(f"{APP}.dataset.you === 'red'")
    assert page.evaluate(f"JSON.parse(localStorage.getItem('{key}')).red") == real
    assert errors == []
    context.close()


def test_chat_shows_what_people_type_as_text_and_emotes_in_one_click(
    browser: Any, server: Server
) -> None:
    context, page, errors = new_page(browser)
    game_id = against_computers(page, server)
    watch_context, watcher, watch_errors = new_page(browser)
    watcher.goto(f"{server.url}/game/{game_id}")
    wait_synced(watcher)
    page.wait_for_selector("#watchers:has-text('1 watching')")  # the players see who watches
    page.fill("#chat-text", "good luck <b>all</b>")
    page.press("#chat-text", "Enter")
    assert page.evaluate("document.activeElement.id") != "chat-text"  # back to the game: Space pops
    watcher.wait_for_selector("#chat-log li:has-text('good luck <b>all</b>')")
    assert watcher.locator("#chat-log b").count() == 0  # shown as typed, never as markup
    watcher.click("#emotes button[aria-label='send Yay!']")
    page.wait_for_selector("#chat-log li:has-text('a watcher: Yay!')")
    assert errors == [] and watch_errors == []
    context.close()
    watch_context.close()


def test_a_marbles_team_mate_is_shown_as_your_partner(browser: Any, server: Server) -> None:
    from pegrace.games import get_rules

    rules = get_rules("marbles", 4, {"teams": "on"})
    (partner,) = [c for c in rules.side_of("red") if c != "red"]
    context, page, errors = new_page(browser)
    computer = quick_computer(server.get("/api/catalog"))
    seats = {"red": "human"} | {c: computer for c in rules.colours if c != "red"}
    set_up_game(page, server.url, "marbles", seats, {"teams": "on"}, seed=3)
    wait_synced(page)
    page.wait_for_selector(f"#players li[data-colour={partner}]:has-text('(your partner)')")
    assert page.locator("#players li:has-text('(your partner)')").count() == 1
    assert errors == []
    context.close()
