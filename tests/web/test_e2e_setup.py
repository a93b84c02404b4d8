"""The front page for a first-time player, in a real headless Chromium: a card per game (its
board as a picture, its one line) that plays it against computers in one click, the form's
Start button in view once "Set up…" is chosen, computer strengths in stars, rule options in
words under "More rules", and the lobby (people's games only, unless asked; a finger's size
on a phone; the cards never below it)."""

from __future__ import annotations

import math
import re
from typing import Any

from pages import Server, new_page, wait_synced

DESKTOP, PHONE = (1280, 800), (390, 844)
FINGER = 44  # CSS pixels
WAITING = {"red": "human", "green": "open"}  # someone may join: listed under "open"
SOLO = {"red": "human", "green": "computer:easy"}  # one person against a computer

CREATE = """async (request) => {
    const response = await fetch('/api/games', {method: 'POST',
        headers: {'Content-Type': 'application/json'}, body: JSON.stringify(request)});
    return (await response.json()).id;
}"""


def create(page: Any, seats: dict[str, str], game: str = "trouble") -> str:
    """A listed game made from the page's own address (as its form would), without its
    tokens kept: somebody else's game."""
    game_id: str = page.evaluate(CREATE, {"game": game, "seats": seats, "listed": True})
    return game_id


def in_view(page: Any, selector: str, viewport: tuple[int, int]) -> bool:
    box = page.locator(selector).bounding_box()
    return bool(box) and box["y"] >= -0.5 and box["y"] + box["height"] <= viewport[1] + 0.5


def overflow(page: Any) -> int:
    """How far the page is wider than the screen (0: no sideways scrolling)."""
    width: int = page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    return width


def test_each_card_shows_its_board_and_pitch_and_plays_against_medium_computers_in_one_click(
    browser: Any, server: Server
) -> None:
    context, page, errors = new_page(browser, viewport=DESKTOP)
    catalog = server.get("/api/catalog")
    page.goto(server.url + "/")
    page.wait_for_selector(".game-card .thumb svg")
    assert page.inner_text("h1") == "Pick a game and play"
    for game in catalog["games"]:
        card = f".game-card[data-game={game['name']}]"
        assert page.inner_text(f"{card} h2") == game["title"]
        assert page.inner_text(f"{card} .pitch") == game["pitch"]
        drawn = game["board"]
        assert page.locator(f"{card} .thumb svg .spot").count() == len(drawn["layout"]["spots"])
        assert page.locator(f"{card} .thumb svg .piece").count() == len(drawn["pieces"])
        thumb = page.locator(f"{card} .thumb")  # a picture: nothing in it to reach or click
        assert thumb.get_attribute("aria-hidden") == "true" and thumb.get_attribute("inert") == ""
        assert thumb.evaluate("node => getComputedStyle(node).pointerEvents") == "none"
        assert page.locator(f"{card} .thumb :is([tabindex], [role])").count() == 0
        assert page.locator(f"{card} a:has-text('How to play')").get_attribute("href") == (
            f"/rules/{game['name']}"
        )
        assert in_view(page, f"{card} button.play", DESKTOP)  # no scrolling to any card
    for _ in range(12):  # the keyboard passes every picture by
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.closest('.thumb') === null")
    page.click(".game-card[data-game=headache] button.play")
    page.wait_for_url(re.compile(r"/game/[^/?]+$"))
    wait_synced(page)
    game_id = page.url.rsplit("/", 1)[1]
    state = server.get(f"/api/games/{game_id}")
    (headache,) = [g for g in catalog["games"] if g["name"] == "headache"]
    colours = headache["colours"][str(max(headache["players"]))]
    assert state["game"]["game"] == "headache" and state["game"]["players"] == len(colours)
    assert {c: s["kind"] for c, s in state["seats"].items()} == {
        c: "human" if i == 0 else "computer:medium" for i, c in enumerate(colours)
    }
    assert state["game"]["options"] == {o["name"]: o["default"] for o in headache["options"]}
    page.wait_for_function("document.getElementById('app').dataset.you === 'red'")
    assert errors == []
    context.close()


def test_set_up_shows_the_form_with_start_in_view_and_the_cards_stay_above_a_long_lobby(
    browser: Any, server: Server
) -> None:
    context, page, errors = new_page(browser, viewport=DESKTOP)
    page.goto(server.url + "/")
    for _ in range(8):
        create(page, WAITING)
    page.reload()
    page.wait_for_selector("#lobby-open li >> nth=7")
    for card in page.locator(".game-card button.play").all():
        assert card.is_visible()
    assert in_view(page, ".game-card button.play >> nth=-1", DESKTOP)  # every card begins above
    page.click(".game-card[data-game=ludo] button.set-up")
    assert page.is_checked("input[name=game][value=ludo]")
    assert page.locator("#seat-yellow").count() == 1  # Ludo's seats
    assert page.evaluate("window.scrollY") > 0  # the form was brought up
    assert in_view(page, "#start", DESKTOP)
    assert in_view(page, "#seat-blue", DESKTOP)
    assert errors == []
    context.close()


def test_the_strength_menu_is_in_stars_ordered_by_rating(browser: Any, server: Server) -> None:
    context, page, errors = new_page(browser, viewport=DESKTOP)
    catalog = server.get("/api/catalog")
    page.goto(server.url + "/")
    for game in catalog["games"]:
        page.check(f"input[name=game][value={game['name']}]")
        second = game["colours"][str(max(game["players"]))][1]
        menu = page.eval_on_selector_all(
            f"#seat-{second} option",
            "options => options.map(o => ({value: o.value, text: o.textContent, title: o.title}))",
        )
        computers = [o for o in menu if o["value"].startswith("computer:")]
        elo = {k: r["elo"] for k, r in game["ratings"].items()}
        kinds = [k for k in catalog["seat_kinds"] if k.startswith("computer:")]
        if not elo:  # a game not rated yet: the catalog's order, no stars, no rating
            assert [o["value"] for o in computers] == kinds
            assert all(re.fullmatch(r"[A-Z][a-z]+ computer", o["text"]) for o in computers)
            assert not any("rated" in o["title"] for o in computers)
            continue
        assert [o["value"] for o in computers] == sorted(kinds, key=elo.__getitem__)
        stars = {o["value"]: o["text"].count("★") for o in computers}
        for option in computers:  # a short line: the name and the stars
            assert re.fullmatch(r"[A-Z][a-z]+ computer [★☆]{5}", option["text"]), option
            assert "wins" not in option["text"] and "against" not in option["text"]
            if option["value"] != "computer:random":  # the scale's zero
                shown = math.floor(elo[option["value"]] + 0.5)  # as JavaScript rounds
                rated = f"rated {shown} in {game['title']} (95%: "
                assert rated.lower() in option["title"].lower()
        assert [stars[o["value"]] for o in computers] == sorted(stars.values())  # never less
        assert stars["computer:random"] == 1 and max(stars.values()) == 5
        assert stars["computer:expert"] == 5  # the strongest in every game
        if elo["computer:expert"] > elo["computer:medium"]:
            assert stars["computer:expert"] >= stars["computer:medium"]
        assert "% of the time" in next(
            o["title"] for o in computers if o["value"] == "computer:expert"
        )
        ahead = {
            o["value"]: int(re.findall(r"ahead of the medium computer (\d+)%", o["title"])[0])
            for o in computers
            if o["value"] not in ("computer:medium", "computer:random")
        }
        assert ahead["computer:easy"] < 50 < ahead["computer:expert"]  # told apart in words
        # the levels told apart, a star each; any other computer as many as the levels it
        # plays as well as (six of Trouble's are not all five stars)
        levels = catalog["levels"]
        assert [stars[level] for level in levels] == [1, 2, 3, 4, 5]
        for kind, count in stars.items():
            assert count == sum(elo[level] <= elo[kind] for level in levels)
    assert errors == []
    context.close()


def test_rule_options_are_in_words_under_more_rules(browser: Any, server: Server) -> None:
    context, page, errors = new_page(browser, viewport=DESKTOP)
    page.goto(server.url + "/")
    page.check("input[name=game][value=trouble]")
    assert page.is_hidden("#option-six_bonus")  # folded away
    page.click("#more-rules summary")
    assert page.inner_text("label[for=option-six_bonus]") == "Six bonus"
    texts = page.eval_on_selector_all("#option-finish option", "os => os.map(o => o.textContent)")
    values = page.eval_on_selector_all("#option-finish option", "os => os.map(o => o.value)")
    assert values == ["exact", "deepest-first"]  # what is sent stays the value
    assert texts[0].startswith("Exact — a peg enters") and texts[0].endswith(" (usual)")
    assert texts[1].startswith("Deepest first — each peg must land")
    assert not texts[1].endswith("(usual)")
    six = page.eval_on_selector_all("#option-six_bonus option", "os => os.map(o => o.textContent)")
    assert six[0].startswith("Always — ") and six[1].startswith("If played — ")
    assert all(len(text) < 80 for text in texts + six)  # a short meaning: the help has it all
    assert "another pop" in page.inner_text("#option-six_bonus + .help")  # its help, under it
    page.select_option("#option-finish", "deepest-first")
    page.wait_for_selector("#effect-finish:has-text('Measured:')")
    assert errors == []
    context.close()


def test_on_a_phone_the_lobby_is_tappable_and_nothing_scrolls_sideways(
    browser: Any, server: Server
) -> None:
    context, page, errors = new_page(browser, viewport=PHONE)
    page.goto(server.url + "/")
    waiting = create(page, WAITING)
    playing = create(page, {"red": "human", "green": "human"})
    page.reload()
    page.wait_for_selector(f"#lobby-watch li[data-game='{playing}'] a.lobby-go")
    assert in_view(page, ".game-card button.play >> nth=0", PHONE)  # the first card, at once
    controls = [
        f"#lobby-watch li[data-game='{playing}'] a.lobby-go",
        f"#lobby-open li[data-game='{waiting}'] button.join",
        ".game-card a.rules-link >> nth=0",
        ".game-card button.set-up >> nth=0",
        ".game-card button.play >> nth=0",
        ".game-card button.quick-as >> nth=0",
        "label:has(#lobby-all)",  # a box is tapped through its label
    ]
    for selector in controls:
        box = page.locator(selector).bounding_box()
        assert box["height"] >= FINGER - 0.5 and box["width"] >= FINGER - 0.5, selector
    assert overflow(page) == 0
    page.click("#more-rules summary")  # long option words stay within the screen
    assert overflow(page) == 0
    assert errors == []
    context.close()


def test_the_lobby_leaves_solo_games_out_unless_asked_and_says_how_far_each_game_is(
    browser: Any, server: Server
) -> None:
    context, page, errors = new_page(browser, viewport=DESKTOP)
    page.goto(server.url + "/")
    solo = create(page, SOLO)
    people = create(page, {"red": "human", "green": "human"})
    page.reload()
    page.wait_for_selector(f"#lobby-watch li[data-game='{people}']")
    assert page.locator(f"#lobby li[data-game='{solo}']").count() == 0
    line = page.inner_text(f"#lobby-watch li[data-game='{people}']")
    assert "rolling to start · started just now" in line and "events" not in line
    page.check("#lobby-all")
    page.wait_for_selector(f"#lobby-watch li[data-game='{solo}']")
    page.reload()  # the choice is kept in the browser
    page.wait_for_selector(f"#lobby-watch li[data-game='{solo}']")
    assert page.is_checked("#lobby-all")
    page.uncheck("#lobby-all")
    page.wait_for_selector(f"#lobby-watch li[data-game='{solo}']", state="detached")
    assert errors == []
    context.close()
