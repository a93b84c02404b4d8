"""Game night in a real headless Chromium (issue 52): quick play from a game's card (the
computers' level, then a colour at a player count: two taps; remembered; not listed, no idle
clock), and the turn's controls (passing away from Pop, so a double tap on Pop never passes;
"move by itself" playing every turn with one move, passing aside)."""

from __future__ import annotations

import re
from typing import Any

from pages import Server, new_page, pop, quick_computer, set_up_game, wait_synced, waiting

PHONE = (390, 844)
TURNS = 12  # of the person's turns looked at in each game


def test_two_player_ludo_as_green_against_hard_is_two_taps_and_remembered(
    browser: Any, server: Server
) -> None:
    context, page, errors = new_page(browser, viewport=PHONE, touch=True)
    page.goto(server.url + "/")
    card = ".game-card[data-game=ludo]"
    page.tap(f"{card} .quick-levels label:has(input[value='computer:hard'])")  # tap 1
    page.tap(f"{card} button.quick-as[data-players='2'][data-colour=green]")  # tap 2
    page.wait_for_url(re.compile(r"/game/[^/?]+$"))
    wait_synced(page)
    game_id = page.url.rsplit("/", 1)[1]
    state = server.get(f"/api/games/{game_id}")
    assert state["game"]["players"] == 2
    assert {c: s["kind"] for c, s in state["seats"].items()} == {
        "green": "human",
        "blue": "computer:hard",
    }
    assert state["idle_left"] is None  # nobody waits on one person against computers
    assert page.get_attribute("#app", "data-you") == "green"
    assert page.locator("#countdown").is_hidden()
    # not listed: nobody else's front page shows it among the open games or those to watch
    lobby = server.get("/api/lobby?mine=")
    assert game_id not in [g["id"] for g in lobby["open"] + lobby["watch"]]

    page.goto(server.url + "/")  # remembered: "Play vs computers" plays it again, in one tap
    assert page.is_checked(f"{card} input[value='computer:hard']")
    assert page.locator(f"{card} button.quick-as.last").get_attribute("data-colour") == "green"
    page.tap(f"{card} button.play")
    page.wait_for_url(re.compile(r"/game/[^/?]+$"))
    wait_synced(page)
    again = server.get(f"/api/games/{page.url.rsplit('/', 1)[1]}")
    assert again["game"]["players"] == 2 and again["seats"]["green"]["kind"] == "human"
    assert again["seats"]["blue"]["kind"] == "computer:hard"
    assert errors == []
    context.close()


def test_every_colour_that_can_play_at_a_count_is_offered_and_no_other(
    browser: Any, server: Server
) -> None:
    """Offered right: a colour button for each colour that can play at the count, none for
    one that cannot (the server is never asked for a seating it refuses)."""
    context, page, errors = new_page(browser)
    catalog = server.get("/api/catalog")
    page.goto(server.url + "/")
    page.wait_for_selector(f".game-card[data-game={catalog['games'][-1]['name']}] .quick-as")
    for game in catalog["games"]:
        for players in game["players"]:
            seatings = game.get("seatings", {}).get(str(players)) or [
                {"colours": game["colours"][str(players)]}
            ]
            playable = {c for s in seatings for c in s["colours"]}
            shown = page.eval_on_selector_all(
                f".game-card[data-game={game['name']}] button.quick-as[data-players='{players}']",
                "buttons => buttons.map(b => b.dataset.colour)",
            )
            assert set(shown) == playable and len(shown) == len(playable), (game["name"], players)
    assert errors == []
    context.close()


def test_a_double_tap_on_pop_never_passes_and_passing_stays_at_the_moves_foot(
    browser: Any, server: Server
) -> None:
    context, page, errors = new_page(browser, viewport=PHONE, touch=True)
    computer = quick_computer(server.get("/api/catalog"))
    game_id = set_up_game(page, server.url, "trouble", {"red": "human", "green": computer})
    assert page.locator("#moves-card #pass").count() == 1  # in the moves' card, not by Pop
    doubled = 0
    for _ in range(200):
        asked = waiting(page)
        if asked["what"] == "over" or doubled >= TURNS:
            break
        if asked["what"] == "roll":
            box = page.locator("#pop").bounding_box()
            x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
            before = int(page.get_attribute("#app", "data-seq"))
            page.touchscreen.tap(x, y)
            page.wait_for_function(f"Number(document.getElementById('app').dataset.seq) > {before}")
            page.touchscreen.tap(x, y)  # the second tap of a double tap, where Pop was
            page.wait_for_timeout(300)  # time for a pass it might send to be played
            doubled += 1
            continue
        # a choice: the turn's last event is red's pop, not a pass
        log = server.get(f"/api/games/{game_id}")["log"]
        assert log[-1]["colour"] == "red" and log[-1]["move"] is None, log[-1]
        page.keyboard.press("1")
    state = server.get(f"/api/games/{game_id}")
    assert doubled >= 1
    passes = [e for e in state["log"] if e["colour"] == "red" and e["move"] == "pass"]
    assert all(e["said"]["t"].endswith("passes: nothing can move") for e in passes), passes
    assert errors == []
    context.close()


def test_move_by_itself_plays_every_trouble_turn_with_one_move_passing_aside(
    browser: Any, server: Server
) -> None:
    context, page, errors = new_page(browser)
    computer = quick_computer(server.get("/api/catalog"))
    game_id = set_up_game(page, server.url, "trouble", {"red": "human", "green": computer}, seed=3)
    page.check("#auto-move")
    alone = made = 0
    for _ in range(400):
        asked = waiting(page)
        if asked["what"] == "over" or made >= 3 * TURNS:
            break
        if asked["what"] == "roll":
            pop(page)
            continue
        state = server.get(f"/api/games/{game_id}")
        assert state["current"] == "red" and state["phase"] == "move"
        advanced = f"Number(document.getElementById('app').dataset.seq) > {state['seq']}"
        if len([m for m in state["moves"] if not m["pass"]]) == 1:
            page.wait_for_function(advanced)  # one move, passing aside: it plays by itself
            alone += 1
            continue
        page.click("#moves li button >> nth=0")  # a real choice: the person's
        made += 1
        page.wait_for_function(advanced)
    log = server.get(f"/api/games/{game_id}")["log"]
    played = [e for e in log if e["colour"] == "red" and e["move"] not in (None, "pass")]
    # every lone move played by itself (one more may play after the last look)
    assert alone >= 1 and len(played) - (alone + made) in (0, 1)
    chosen_passes = [
        e
        for e in log
        if e["colour"] == "red" and e["move"] == "pass" and "nothing can" not in e["said"]["t"]
    ]
    assert chosen_passes == []  # only the passes the rules force
    assert errors == []
    context.close()


def test_friends_at_this_device_name_each_colour_and_the_table_says_whose_turn(
    browser: Any, server: Server
) -> None:
    context, page, errors = new_page(browser)
    page.goto(server.url + "/")
    page.click(".game-card[data-game=trouble] button.friends")
    assert page.input_value("#seat-blue") == "human"  # every seat a person at this device
    for colour in ("yellow", "blue"):
        page.select_option(f"#seat-{colour}", "empty")
    assert page.is_visible("#seat-name-red") and page.is_visible("#seat-name-green")
    assert page.is_hidden("#seat-name-yellow")  # an empty seat has nobody to name
    page.fill("#seat-name-red", "Ann")
    page.fill("#seat-name-green", "Ben")
    page.click("#start")
    page.wait_for_url(re.compile(r"/game/[^/?]+$"))
    wait_synced(page)
    state = server.get(f"/api/games/{page.url.rsplit('/', 1)[1]}")
    assert {c: seat["name"] for c, seat in state["seats"].items()} == {"red": "Ann", "green": "Ben"}
    assert page.get_attribute("#app", "data-you") == "red green"
    page.wait_for_selector("#players li:has-text('Ann')")
    page.wait_for_selector("#players li:has-text('Ben')")
    game_id = page.url.rsplit("/", 1)[1]
    current = server.get(f"/api/games/{game_id}")["current"] or "red"
    named = {"red": "Ann", "green": "Ben"}[current]
    page.wait_for_selector(f"#status:has-text('{named}')")  # whose turn, by name
    assert page.locator("#name-form").is_hidden()  # nobody asked to rename the table
    assert errors == []
    context.close()


def test_marbles_partners_are_listed_as_pairs(browser: Any, server: Server) -> None:
    from pegrace.games import get_rules

    rules = get_rules("marbles", 4, {"teams": "on"})
    sides = [[rules.colours[seat] for seat in side] for side in rules.side_seats]
    context, page, errors = new_page(browser)
    computer = quick_computer(server.get("/api/catalog"))
    seats = {"red": "human"} | dict.fromkeys(("yellow", "green", "blue"), computer)
    set_up_game(page, server.url, "marbles", seats, options={"teams": "on"})
    page.wait_for_selector("#players li.pair-first")
    order = page.eval_on_selector_all("#players li", "nodes => nodes.map(n => n.dataset.colour)")
    assert order == [colour for side in sides for colour in side]  # partners side by side
    captions = page.eval_on_selector_all(
        "#players .team-caption", "nodes => nodes.map(n => n.textContent)"
    )
    assert captions == [f"Team: {' & '.join(c.capitalize() for c in side)}" for side in sides]
    assert errors == []
    context.close()


def test_one_person_set_up_against_computers_has_no_idle_clock_unless_asked(
    browser: Any, server: Server
) -> None:
    context, page, errors = new_page(browser)
    computer = quick_computer(server.get("/api/catalog"))
    alone = set_up_game(page, server.url, "trouble", {"red": "human", "green": computer})
    assert server.get(f"/api/games/{alone}")["game"]["idle_seconds"] == 0
    assert page.locator("#countdown").is_hidden()
    asked = set_up_game(page, server.url, "trouble", {"red": "human", "green": computer}, idle=30)
    assert server.get(f"/api/games/{asked}")["game"]["idle_seconds"] == 30
    assert errors == []
    context.close()


def test_the_set_up_form_puts_partners_side_by_side(browser: Any, server: Server) -> None:
    (marbles,) = [g for g in server.get("/api/catalog")["games"] if g["name"] == "marbles"]
    (teams,) = marbles["teams"]
    context, page, errors = new_page(browser)
    page.goto(server.url + "/")
    page.check("input[name=game][value=marbles]")
    seat_order = "nodes => nodes.map(n => n.dataset.colour)"
    board_order = marbles["colours"][str(max(marbles["players"]))]
    assert page.eval_on_selector_all(".seats select", seat_order) == board_order
    page.click("#more-rules summary")
    page.select_option("#option-teams", "on")
    paired = [colour for side in teams["sides"] for colour in side]
    page.wait_for_selector(".seats .team-caption")
    assert page.eval_on_selector_all(".seats select", seat_order) == paired
    captions = page.eval_on_selector_all(".seats .team-caption", "n => n.map(x => x.textContent)")
    assert captions == [f"Team: {' & '.join(c.capitalize() for c in s)}" for s in teams["sides"]]
    page.select_option("#option-teams", "off")  # back to the board's order, no captions
    assert page.locator(".seats .team-caption").count() == 0
    assert page.eval_on_selector_all(".seats select", seat_order) == board_order
    assert errors == []
    context.close()
