"""The after-game review as the page shows it (review.py's, language-neutral): each decision
with both moves' routes for the board (the move played and the expert's best), why the best
is better in the hint's words where the move played was not the best, and the position each
decision and turning point is shown at. Runs in a heavy worker (heavy.review_json)."""

from __future__ import annotations

from typing import Any

from pegrace import boards, native
from pegrace.advice import joined_reasons, move_reasons
from pegrace.engine import Rules
from pegrace.i18n import Fixed, Said, said
from pegrace.moves import Move
from pegrace.record import Event
from pegrace.state import State

Json = dict[str, Any]
BARELY = 0.05  # percentage points: a loss this small is "barely" one


def annotate(rules: Rules, states: list[State], events: list[Event], review: Json) -> list[int]:
    """Add to ``review`` (``Review.to_json()``) each decision's routes and its ``why``, and
    each turning point's ``shown`` event with the route of the move made there; the events
    whose positions the page shows, in order."""
    computer = native.Computer(rules)
    shown: set[int] = set()
    for side in review["sides"]:
        for decision in side["decisions"]:
            event = decision["event"]
            shown.add(event)
            before = states[event]
            played = rules.parse_move(before, events[event].move or decision["played"])
            best = rules.parse_move(before, decision["best"])
            decision["played_move"] = boards.move_view(rules, before, played)
            decision["best_move"] = boards.move_view(rules, before, best)
            if decision["best"] != decision["played"]:
                decision["why"] = why_best(rules, computer, before, best, decision["lost"]).json()
    for point in review["turning_points"]:
        # a roll is shown with the move its roller made of it (the next event), if any
        at = point["event"] + 1 if point["kind"] == "roll" else point["event"]
        move = events[at].move if at < len(events) else None
        point["shown"] = at if move is not None else point["event"]
        shown.add(point["shown"])
        point["played_move"] = (
            None
            if move is None
            else boards.move_view(rules, states[at], rules.parse_move(states[at], move))
        )
    return sorted(shown)


def why_best(
    rules: Rules, computer: native.Computer, before: State, best: Move, lost: float
) -> Said:
    """Why the expert's move beats the one played, in the hint's words: what it does (advice.py
    ``move_reasons``) and by how much it beats the move played."""
    if lost < BARELY:
        margin = said("barely better than the move played")
    else:
        # TRANSLATORS: {points} is a number with one decimal ("4.2"): how much more likely to
        # win the expert's move leaves the player than the move they played, in percent
        margin = said(
            "{points} percentage points more likely to win than the move played",
            points=Fixed(lost, 1),
        )
    return joined_reasons([*move_reasons(rules, computer, before, best), margin])
