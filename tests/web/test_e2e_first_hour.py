"""A newcomer's first games in the browser (issue 36): your colour and the turn marked on the
board, the end's headline and celebration, moving by itself when only one move is possible,
moves that end the same way listed once, the log pointing at its moves on the board, words
a phone can read and no keyboard hints on a touch screen."""

from __future__ import annotations

from typing import Any

from pages import (
    APP,
    Server,
    act,
    awaiting,
    click,
    new_game,
    open_game,
    play_to_end,
    wait_synced,
    waiting,
)

SOLO = {
    "red": "human",
    "yellow": "computer:easy",
    "green": "computer:easy",
    "blue": "computer:easy",
}


def create(
    server: Server,
    game: str,
    seats: dict[str, str],
    seed: int | None = 3,
    options: dict[str, str] | None = None,
) -> dict[str, Any]:
    """A game made through the API (not the setup page): its id, url and seat tokens."""
    body: dict[str, Any] = {
        "game": game,
        "players": len(seats),
        "seats": seats,
        "options": options or {},
    }
    if seed is not None:  # (a game with open seats has the server's dice)
        body["seed"] = seed
    return new_game(server.url, body)


def test_your_colour_and_the_turn_are_marked_on_the_board_from_the_first_second(
    browser: Any, server: Server
) -> None:
    made = create(server, "trouble", SOLO)
    context, page, errors = open_game(browser, server, made)
    page.wait_for_selector(".names [data-name=red]")
    assert page.text_content(".names [data-name=red]") == "You · Red"  # before any name is typed
    assert page.locator(".names [data-name=yellow]").count() == 0  # nameless computers: nothing
    page.wait_for_selector(".names .turn-ring[data-turn=red]")  # red pops first in the roll-off
    for _ in range(6):  # the ring follows the turn: one ring, at the seat the Players card marks
        act(page)
        marked = page.evaluate("""() => [
            [...document.querySelectorAll('.names .turn-ring')].map(n => n.dataset.turn),
            [...document.querySelectorAll('#players li.turn')].map(n => n.dataset.colour)]""")
        assert marked[0] == marked[1] and len(marked[0]) <= 1, marked
    assert errors == []
    context.close()


def test_the_end_names_the_winner_and_your_place_once_celebrates_and_offers_a_rematch(
    browser: Any, server: Server
) -> None:
    made = create(server, "trouble", SOLO, seed=11)
    context, page, errors = open_game(browser, server, made, reduced_motion="no-preference")
    page.uncheck("#sound")  # no sound in a test: the celebration is seen, not heard
    page.evaluate("document.activeElement.blur()")  # Space pops, not ticks the box
    play_to_end(page, keys=True)
    status = page.inner_text("#status")
    outcome = server.get(f"/api/games/{made['id']}")["outcome"]
    winner = next(side for side, place in outcome["places"].items() if place == 1)
    place = outcome["places"]["red"]
    finished = ["", "", "2nd", "3rd", "4th"][place]
    expected = (
        "You win! (Red)" if place == 1 else f"{winner.capitalize()} wins! You finished {finished}"
    )
    assert status.startswith(expected), status
    page.wait_for_function(f"{APP}.dataset.celebrated === '1'")
    page.wait_for_selector(".end.celebrate")
    text = page.inner_text("#app")
    assert text.count("Game over") == 0  # the headline says it, once
    assert "null" not in text and "undefined" not in text
    buttons = page.locator("#end button")
    assert buttons.first.get_attribute("id") == "rematch"
    assert "primary" in (buttons.first.get_attribute("class") or "")
    # a page loaded on a finished game says who won but does not celebrate again
    page.reload()
    wait_synced(page)
    assert page.inner_text("#status").startswith(expected)
    assert page.get_attribute("#app", "data-celebrated") is None
    assert errors == []
    context.close()


def test_the_celebration_keeps_still_where_reduced_motion_is_asked(
    browser: Any, server: Server
) -> None:
    made = create(server, "trouble", SOLO, seed=11)
    context, page, errors = open_game(browser, server, made)  # reduced motion
    play_to_end(page, keys=True)
    page.wait_for_function(f"{APP}.dataset.celebrated === '1'")
    assert page.locator(".confetti").count() == 0
    animation = page.eval_on_selector(".end", "n => getComputedStyle(n).animationName")
    assert animation == "none"
    assert errors == []
    context.close()


def test_move_by_itself_is_off_by_default_and_plays_a_lone_move_when_on(
    browser: Any, server: Server
) -> None:
    # (Trouble lets a player pass by default: a lone move and the pass are two choices)
    made = create(server, "trouble", SOLO, seed=5, options={"voluntary_pass": "off"})
    context, page, errors = open_game(browser, server, made)
    assert not page.is_checked("#auto-move")
    lone_seen_waiting = False
    for _ in range(400):  # off: a lone move waits for the player
        if awaiting(page) == "move" and page.locator("#moves li button").count() == 1:
            page.wait_for_timeout(1200)
            assert page.get_attribute("#app", "data-await") == "move"
            lone_seen_waiting = True
            break
        act(page, keys=True)
    assert lone_seen_waiting
    page.check("#auto-move")  # on: the waiting lone move goes by itself, and later ones too
    page.evaluate("document.activeElement.blur()")
    page.wait_for_function(f"{APP}.dataset.await !== 'move'")
    automatic = 0
    for _ in range(300):
        asked = waiting(page)
        if asked["what"] == "over":
            break
        if asked["what"] == "roll":
            click(page, ".dome")
            continue
        count = page.locator("#moves li button").count()
        if count == 1:  # it must go by itself: never wait for a key
            before = page.get_attribute("#app", "data-seq")
            page.wait_for_function(f"{APP}.dataset.seq !== '{before}'")
            automatic += 1
            continue
        page.keyboard.press("1")
    assert automatic > 0
    assert page.evaluate("localStorage.getItem('pegrace:auto-move')") == "on"
    assert errors == []
    context.close()


def test_two_dice_moves_that_end_the_same_way_are_listed_once(browser: Any, server: Server) -> None:
    made = create(server, "ludo", {"red": "human", "yellow": "computer:easy"}, seed=4)
    context, page, errors = open_game(browser, server, made)
    merged = 0
    for _ in range(120):
        if awaiting(page) == "move":
            state = server.get(f"/api/games/{made['id']}")
            labels = page.eval_on_selector_all(
                "#moves li button", "b => b.map(x => x.dataset.move)"
            )
            assert labels == [m["text"] for m in state["moves"]]
            merged += sum(len(m["same"]) for m in state["moves"])
            if merged:
                break
        act(page, keys=True)
    assert merged, "no two-dice turn with two orders ending the same way came up"
    assert errors == []
    context.close()


def test_pointing_at_a_log_line_shows_its_move_and_a_screen_reader_hears_its_words(
    browser: Any, server: Server
) -> None:
    made = create(server, "headache", {"red": "human", "green": "computer:easy"}, seed=2)
    context, page, errors = open_game(browser, server, made)
    assert "bonus" in page.text_content(".dome .bonus-die")  # the blank die is named
    while page.locator("#log li.move").count() < 2:
        act(page, keys=True)
    line = page.locator("#log li.move").first
    words = line.inner_text().split("\n")[-1].strip()  # after the colour's token
    assert words.startswith("Red ")
    assert line.get_attribute("aria-label") == words  # its words, not "x:0>outer:3"
    line.hover()
    page.wait_for_selector(".targets .preview.route")
    assert page.locator(".targets circle.preview").count() >= 2  # where it left and arrived
    page.mouse.move(0, 0)
    page.wait_for_selector(".targets .preview", state="detached")
    assert errors == []
    context.close()


def test_a_phone_reads_the_dice_and_cones_and_a_touch_screen_gets_no_key_hints(
    browser: Any, server: Server
) -> None:
    phone = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
    for game, seats, part, least in (
        ("ludo", {"red": "human", "yellow": "computer:easy"}, ".dome .die rect", 18),
        (
            "headache",
            {"red": "human", "green": "computer:easy"},
            ".piece[data-spot^=start-] .shape",
            14,
        ),
    ):
        made = create(server, game, seats)
        context, page, errors = open_game(browser, server, made, **phone)
        page.wait_for_selector(part)
        size = page.eval_on_selector(part, "n => n.getBoundingClientRect().width")
        assert size >= least, f"{game}: {part} is {size:.1f} px wide on a phone"
        text = page.inner_text("#app")
        for hint in ("(space)", "press space", "Esc", "(H)", "(W)"):
            assert hint not in text, f"{game}: a touch screen is told {hint!r}"
        assert errors == []
        context.close()


def test_on_a_phone_the_header_and_players_rows_never_wrap_into_squeezed_columns(
    browser: Any, server: Server
) -> None:
    seats = {"red": "human", "yellow": "open", "green": "computer:easy", "blue": "open"}
    made = create(server, "marbles", seats, seed=None, options={"teams": "on"})
    phone = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
    context, page, errors = open_game(browser, server, made, **phone)
    page.fill("#name", "Maximiliana Long")  # a long name beside the partner, seats to offer
    page.click("#name-form button")
    page.wait_for_selector("#players li >> nth=3")
    assert "(your partner)" in page.inner_text("#players")
    # where the board drew "You · Red", read as soon as it has (0 until then); read in the
    # same look, as a later redraw may replace the label with one not yet laid out
    you = page.wait_for_function(
        "() => document.querySelector('.names [data-name=red]')?.getBoundingClientRect().bottom"
    ).json_value()
    assert 0 < you < 844  # "You · Red" above the fold
    heights = page.eval_on_selector_all(  # the words: names, kinds (buttons are 44 px)
        "#players li > :not(button):not(.copied)",
        "parts => parts.map(p => p.getBoundingClientRect().height)",
    )
    assert max(heights) < 30, heights  # each one line (a squeezed column is 2 lines or more)
    title = page.eval_on_selector("#where", "n => n.getBoundingClientRect().height")
    assert title < 25, title  # one line, however long the title ("Marbles (Aggravation-style)")
    wide = page.evaluate("document.documentElement.scrollWidth")
    assert wide <= 390
    assert errors == []
    context.close()


def test_a_touch_screen_is_not_told_to_point(browser: Any, server: Server) -> None:
    """A finger has nothing to hover with: the new-game form does not ask it to point."""
    phone = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
    context = browser.new_context(**phone)
    page = context.new_page()
    page.goto(server.url + "/")
    page.wait_for_selector("#start")
    assert "point at" not in page.inner_text("#app").lower()
    context.close()
