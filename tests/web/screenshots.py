"""The README's screenshots, taken from a real `pegrace serve` in Debian's headless Chromium:
each game on a desktop (1280x800) part way through, the moves in plain words and the player's
name on the board, the Trouble one with a hint, everyone's chances of winning and a chat line;
Trouble on a phone (390x844); the front page and Headache's how-to-play page; a game's card
with quick play, Headache's labelled board with a tapped move, and the end of a win and of a
loss; and a few pages in other languages (lang-*.png).

    .venv/bin/python tests/web/screenshots.py          # writes docs/screenshots/*.png
    .venv/bin/python tests/web/screenshots.py --languages   # only the other languages' pages
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from pages import (
    Server,
    click,
    new_game,
    new_page,
    open_game,
    play_to_end,
    quick_computer,
    set_up_game,
    waiting,
)

OUT = Path(__file__).parents[2] / "docs" / "screenshots"
CHROMIUM = "/usr/bin/chromium"
DESKTOP, PHONE = (1280, 800), (390, 844)
# game, seed, how many of this seat's moves to play before the picture
SHOTS = [("trouble", 11, 6), ("ludo", 5, 5), ("headache", 3, 5), ("marbles", 7, 8)]


def play_until_a_choice(page: Any, moves: int) -> None:
    """Pop and move (the first listed move) until ``moves`` moves are made and the seat has
    a choice of two or more moves."""
    made = 0
    for _ in range(2000):
        asked = waiting(page)
        if asked["what"] == "over":
            raise RuntimeError("the game ended before the picture: choose another seed")
        if asked["what"] == "roll":
            click(page, ".dome")
            continue
        choices = page.locator("#moves li button").count()
        if made >= moves and choices >= 2 and asked["movable"]:
            return
        page.keyboard.press("1")
        made += 1
    raise RuntimeError("no choice of moves came up")


def shoot(
    browser: Any,
    server: Server,
    game: str,
    seed: int,
    moves: int,
    viewport: tuple[int, int],
    name: str,
    advice: bool,
) -> None:
    context, page, _ = new_page(browser, viewport=viewport)
    context.add_init_script("localStorage.setItem('pegrace:name', 'Ann')")  # asked once
    computer = quick_computer(server.get("/api/catalog"))
    seats = {"red": "human"} | dict.fromkeys(("yellow", "green", "blue"), computer)
    set_up_game(page, server.url, game, seats, seed=seed)
    play_until_a_choice(page, moves)
    if advice:
        page.fill("#chat-text", "good luck, all!")
        page.press("#chat-text", "Enter")
        page.keyboard.press("Escape")
        page.evaluate("document.activeElement.blur()")
        page.keyboard.press("h")
        page.wait_for_selector("#hint-answer:not([hidden])")
        page.keyboard.press("w")
        page.wait_for_function("document.getElementById('winprob').textContent.startsWith('Win')")
    page.set_default_timeout(60_000)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(OUT / f"{name}.png"))
    context.close()
    print(f"wrote {OUT / name}.png")


def shoot_page(
    browser: Any, server: Server, path: str, viewport: tuple[int, int], name: str
) -> None:
    """A page that is not a game (the front page, a rules page), from its top."""
    context, page, _ = new_page(browser, viewport=viewport)
    page.goto(server.url + path)
    page.wait_for_selector("svg.board")
    page.screenshot(path=str(OUT / f"{name}.png"))
    context.close()
    print(f"wrote {OUT / name}.png")


def shoot_end(browser: Any, server: Server, seed: int, name: str) -> None:
    """Red (the first listed move each time) against three easy computers in Trouble stopped
    at its first winner, played out: seed 18 is a win, 12 a loss (test_e2e_end.py's seeds);
    the end as it happens, on a desktop."""
    computers = dict.fromkeys(("yellow", "green", "blue"), "computer:easy")
    body = {"game": "trouble", "players": 4, "seats": {"red": "human", **computers}, "seed": seed}
    made = new_game(server.url, {**body, "options": {"play_on": "off"}})
    name_ann = "localStorage.setItem('pegrace:name', 'Ann')"
    size = {"width": DESKTOP[0], "height": DESKTOP[1]}
    context, page, _ = open_game(
        browser, server, made, name_ann, viewport=size, reduced_motion="no-preference"
    )
    play_to_end(page, keys=True)
    page.wait_for_selector("#end:not([hidden])")
    page.wait_for_timeout(900)  # the burst part way
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(OUT / f"{name}.png"))
    context.close()
    print(f"wrote {OUT / name}.png")


def shoot_labels(browser: Any, server: Server) -> None:
    """Headache on a phone, a listed move tapped once: its route and where it ends, named as
    the move's words name it, on the board."""
    context, page, _ = new_page(browser, viewport=PHONE, touch=True)
    context.add_init_script("localStorage.setItem('pegrace:name', 'Ann')")
    computer = quick_computer(server.get("/api/catalog"))
    seats = {"red": "human"} | dict.fromkeys(("yellow", "green", "blue"), computer)
    set_up_game(page, server.url, "headache", seats, seed=3)
    play_until_a_choice(page, 5)
    page.tap("#moves li button >> nth=0")
    page.wait_for_selector("#moves li button[data-previewed]")
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(OUT / "labels.png"))
    context.close()
    print(f"wrote {OUT / 'labels'}.png")


def shoot_quick(browser: Any, server: Server) -> None:
    """The front page on a phone: the first card with its quick-play line."""
    context, page, _ = new_page(browser, viewport=PHONE, touch=True)
    page.goto(server.url + "/")
    page.wait_for_selector(".game-card .quick-as")
    page.locator(".game-card >> nth=1").screenshot(path=str(OUT / "quick.png"))
    context.close()
    print(f"wrote {OUT / 'quick'}.png")


# a few pages in other languages (issue 53): language, path or a game's seed, size, name
LANGUAGE_SHOTS = [
    ("de", "/", DESKTOP, "lang-de-front"),
    ("ar", 21, PHONE, "lang-ar-game"),
    ("hi", 18, DESKTOP, "lang-hi-end"),
    ("fr", "/rules/trouble", PHONE, "lang-fr-rules"),
    ("es", 11, DESKTOP, "lang-es-game"),
    ("pt-BR", "/", PHONE, "lang-pt-BR-front"),
]


def shoot_language(
    browser: Any, server: Server, language: str, where: str | int, size: tuple[int, int], name: str
) -> None:
    """A page as a browser set to ``language`` opens it: a page by its path, or (a seed) Red
    against three easy computers in Trouble, a few moves in (a desktop: to the end)."""
    viewport = {"width": size[0], "height": size[1]}
    if isinstance(where, str):
        context = browser.new_context(locale=language, viewport=viewport)
        page = context.new_page()
        page.goto(server.url + where)
        page.wait_for_selector("svg.board")
    else:
        computers = dict.fromkeys(("yellow", "green", "blue"), "computer:easy")
        made = new_game(server.url, {"game": "trouble", "seats": {"red": "human", **computers},
                                     "seed": where})  # fmt: skip
        context, page, _ = open_game(browser, server, made, locale=language, viewport=viewport)
        if name.endswith("end"):
            play_to_end(page, keys=True)
            page.wait_for_selector("#end:not([hidden])")
        else:
            play_until_a_choice(page, 4)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(OUT / f"{name}.png"))
    context.close()
    print(f"wrote {OUT / name}.png")


def main() -> None:
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as scratch, sync_playwright() as playwright:
        server = Server(Path(scratch) / "games.sqlite3", Path(scratch) / "server.log")
        server.start()
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--headless", "--no-sandbox", "--disable-gpu"]
        )
        try:
            if "--languages" in sys.argv:
                for language, where, size, name in LANGUAGE_SHOTS:
                    shoot_language(browser, server, language, where, size, name)
                return
            for game, seed, moves in SHOTS:
                shoot(browser, server, game, seed, moves, DESKTOP, game, game == "trouble")
            shoot(browser, server, "trouble", 11, 6, PHONE, "phone", False)
            shoot_page(browser, server, "/", DESKTOP, "front")
            shoot_page(browser, server, "/rules/headache", DESKTOP, "rules")
            shoot_quick(browser, server)
            shoot_labels(browser, server)
            shoot_end(browser, server, 18, "end-win")
            shoot_end(browser, server, 12, "end-loss")
            for language, where, size, name in LANGUAGE_SHOTS:
                shoot_language(browser, server, language, where, size, name)
        finally:
            browser.close()
            server.stop()


if __name__ == "__main__":
    main()
