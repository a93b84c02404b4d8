"""Places and the end in a real headless Chromium (issue 52, items 2 and 7): in a game that
plays on, the first finisher's place in the log, the players list, the status and a toast
as its event is shown; a win's trophy, podium, big burst and fanfare; a loss's places and best
moment; a watcher's neutral end; and a game stopped at its first winner saying so once."""

from __future__ import annotations

from typing import Any

import pages
from pages import APP, Server, new_game, play_to_end

from pegrace.i18n import said_from_json

COMPUTERS = dict.fromkeys(("red", "yellow", "green", "blue"), "computer:easy")
# red plays the first listed move (key 1) against three easy computers, Trouble stopped at
# its first winner: with seed 23 red wins, with seed 12 red is ranked 4th (the computers'
# choices are seeded by the game's seed: the same every run)
AGAINST = {**COMPUTERS, "red": "human"}
WIN_SEED, LOSS_SEED = 23, 12
FANFARE_NOTES = 7  # end.js's FANFARE
WIN_BITS = 140  # a win's burst (a loss's and a watcher's: 36)

# what the page shows as each event is shown, kept by the event's number (data-seq): the
# observer runs once the page has drawn that event, before it draws the next
SNAPSHOTS = """
window.__seen = {};
new MutationObserver(() => {
  const app = document.getElementById('app');
  if (!app || app.dataset.seq === undefined || app.dataset.seq in window.__seen) return;
  const text = (node) => node.textContent;
  const medal = (node) => (node.querySelector('.medal') || { className: null }).className;
  window.__seen[app.dataset.seq] = {
    status: text(document.getElementById('status')),
    log: [...document.querySelectorAll('#log .placed')].map((n) =>
      [n.closest('li').dataset.seq, n.dataset.place, text(n), medal(n)]),
    players: [...document.querySelectorAll('#players li[data-place]')].map((n) =>
      [n.dataset.colour, n.dataset.place, text(n.querySelector('.place')),
       medal(n.querySelector('.place'))]),
    toast: document.getElementById('toast').hidden ? null : text(document.getElementById('toast')),
  };
}).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-seq'] });
"""


def open_game(browser: Any, server: Server, made: dict[str, Any], motion: str = "reduce") -> Any:
    """The game's page holding its seat tokens (none: a watcher), what it shows kept at each
    event (SNAPSHOTS); returns (context, page, errors)."""
    return pages.open_game(browser, server, made, SNAPSHOTS, reduced_motion=motion)


def create(server: Server, seats: dict[str, str], seed: int, **options: str) -> dict[str, Any]:
    body = {"game": "trouble", "players": 4, "seats": seats, "seed": seed, "options": options}
    return new_game(server.url, body)


def test_a_place_is_said_in_the_log_players_and_status_as_its_event_is_shown(
    browser: Any, server: Server
) -> None:
    """Four computers play on past the first winner (Trouble's default) while a page
    watches: the event that settles 1st shows it everywhere at once."""
    made = create(server, COMPUTERS, seed=4)
    context, page, errors = open_game(browser, server, made)
    page.wait_for_function(f"{APP}.dataset.phase === 'over'", timeout=120_000)
    final = server.get(f"/api/games/{made['id']}")
    first = next(entry for entry in final["log"] if entry["placed"])
    (placed,) = first["placed"]
    seq, winner = first["seq"], placed["side"]
    assert placed == {"side": winner, "place": 1, "out": False}
    seen = page.evaluate("window.__seen")
    assert str(seq) in seen, "the page skipped the event that settled 1st"
    shown, before = seen[str(seq)], seen[str(seq - 1)]
    name = winner.capitalize()
    assert before["log"] == [] and before["players"] == []  # nothing settled before it
    assert f"{name} finished 1st · playing on for 2nd" in shown["status"], shown
    # (the gold medal drawn beside the words)
    assert shown["log"] == [[str(seq), "1", f" · {name} finishes 1st", "medal m-1"]]
    assert shown["players"] == [[winner, "1", "1st", "medal m-1"]]
    assert shown["toast"] == f"{name} finishes 1st"
    # the end: every colour's place in the players list, every settled place in the log
    assert page.locator("#players li[data-place]").count() == 4
    assert page.locator("#log .placed").count() == sum(len(e["placed"]) for e in final["log"])
    assert page.get_attribute("#end", "data-outcome") == "watch"  # no seat here
    assert errors == []
    context.close()


def test_a_win_puts_a_trophy_over_the_board_with_a_big_burst_and_the_fanfare(
    browser: Any, server: Server
) -> None:
    made = create(server, AGAINST, seed=WIN_SEED, play_on="off")
    context, page, errors = open_game(browser, server, made, motion="no-preference")
    page.evaluate("document.activeElement.blur()")  # keys go to the game
    play_to_end(page, keys=True)
    bits = page.locator(".confetti .bit").count()  # (it fades within 2.6 s)
    outcome = server.get(f"/api/games/{made['id']}")["outcome"]
    assert outcome["places"]["red"] == 1, f"seed {WIN_SEED} no longer gives red the win"
    assert page.get_attribute("#end", "data-outcome") == "win"
    assert page.inner_text("#status").startswith("You win! (Red)")
    assert bits == WIN_BITS
    assert page.get_attribute("#app", "data-fanfare") == str(FANFARE_NOTES)
    trophy = page.locator(".board-wrap #trophy")
    assert trophy.is_visible() and trophy.get_attribute("data-side") == "red"
    podium = trophy.locator(".podium li")
    assert podium.evaluate_all("steps => steps.map(s => s.dataset.place)") == ["1", "2", "3"]
    assert podium.first.get_attribute("data-side") == "red"
    assert trophy.locator("svg.cup").is_visible()
    page.click("#trophy-close")  # out of the way of the board
    assert page.locator("#trophy").count() == 0
    assert errors == []
    context.close()


def best_capture(log: list[dict[str, Any]], colour: str) -> dict[str, Any]:
    """The first of ``colour``'s moves that captured the most pieces."""
    mine = [entry for entry in log if entry["colour"] == colour and entry["captured"]]
    most = max(entry["captured"] for entry in mine)
    return next(entry for entry in mine if entry["captured"] == most)


def test_a_loss_shows_the_places_and_your_best_moment_and_a_first_winner_is_said_once(
    browser: Any, server: Server
) -> None:
    made = create(server, AGAINST, seed=LOSS_SEED, play_on="off")
    context, page, errors = open_game(browser, server, made, motion="no-preference")
    page.evaluate("document.activeElement.blur()")
    play_to_end(page, keys=True)
    final = server.get(f"/api/games/{made['id']}")
    outcome = final["outcome"]
    place = outcome["places"]["red"]
    assert place == 4, f"seed {LOSS_SEED} no longer ranks red 4th"
    assert page.get_attribute("#end", "data-outcome") == "loss"
    assert page.inner_text("#status").endswith("You're ranked 4th")
    assert page.locator("#trophy").count() == 0
    assert page.get_attribute("#app", "data-celebrated") == "1"
    assert page.get_attribute("#app", "data-fanfare") is None  # no fanfare for a loss
    # the places, each with its medal; those not played for marked, and why said once
    rows = page.locator("#places li")
    assert rows.evaluate_all("rows => rows.map(r => r.dataset.place)") == ["1", "2", "3", "4"]
    assert rows.first.locator(".medal.m-1").count() == 1
    assert rows.last.locator(".medal").count() == 0  # three medals, no fourth
    assert page.locator("#places li.unplayed").count() == len(outcome["unplayed"]) == 3
    text = page.inner_text("body").lower()
    assert text.count("first place decided") == 1, text
    assert "not played out" not in text
    # the best moment: red's biggest capture, in the log's words
    best = best_capture(final["log"], "red")
    moment = page.locator("#best-moment")
    assert moment.get_attribute("data-kind") == "capture"
    assert moment.get_attribute("data-seq") == str(best["seq"])
    assert moment.inner_text() == f"Your best moment: {said_from_json(best['said'])}"

    # a watcher of the finished game: the places, nobody's best moment, no trophy
    watcher, watched, watcher_errors = open_game(browser, server, {**made, "tokens": {}})
    assert watched.get_attribute("#end", "data-outcome") == "watch"
    assert watched.locator("#best-moment").count() == 0
    assert watched.locator("#places li").count() == 4
    assert watched.inner_text("body").lower().count("first place decided") == 1
    assert errors == [] and watcher_errors == []
    watcher.close()
    context.close()
