"""``pegrace review``: a finished game's luck and skill per side, its turning points and, for one
colour, every decision graded (pegrace.review; words here, numbers there)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from pegrace.commands.common import Command, help_words
from pegrace.engine import Rules
from pegrace.errors import OptionError, saying
from pegrace.i18n import N_, Fixed, Said, fill, gettext, said, said_n, say
from pegrace.record import Record, replay
from pegrace.review import Decision, Review, Side, TurningPoint, review_states
from pegrace.state import State
from pegrace.words import colour_name

# the grades' names, as a person reads them (the JSON keeps GRADES' own)
GRADE_WORDS = {
    # TRANSLATORS: a decision's grade in a game's review (GNU Backgammon's and lichess's)
    "good": N_("good"),
    # TRANSLATORS: a decision's grade in a game's review: a small loss
    "doubtful": N_("doubtful"),
    # TRANSLATORS: a decision's grade in a game's review
    "mistake": N_("mistake"),
    # TRANSLATORS: a decision's grade in a game's review: a large loss
    "blunder": N_("blunder"),
}


def declare(rev: argparse.ArgumentParser) -> None:
    rev.add_argument("record", type=Path, help=help_words(N_("a record JSON file")))
    rev.add_argument(
        "--json",
        action="store_true",
        help=help_words(N_("print the review as JSON (numbers in percentage points)")),
    )
    rev.add_argument(
        "--seat",
        metavar="COLOUR",
        help=help_words(N_("list this colour's decisions, each graded")),
    )


def run(args: argparse.Namespace) -> int:
    record = Record.load(args.record)
    rules, states = replay(record)
    if args.seat is not None and args.seat not in rules.colours:
        wrong = said(
            "--seat {seat}: {colour} is not playing (colours: {colours})",
            seat=repr(args.seat),
            colour=repr(args.seat),
            colours=", ".join(rules.colours),
        )
        raise saying(OptionError, wrong)
    review = review_states(rules, states, record.events, record.options)
    if args.json:
        data = review.to_json()
        if args.seat is not None:
            for side in data["sides"]:
                side["decisions"] = [d for d in side["decisions"] if d["colour"] == args.seat]
        print(json.dumps(data, indent=1))
        return 0
    for line in review_lines(rules, states, review, args.seat):
        print(say(line))
    return 0


def review_lines(
    rules: Rules, states: list[State], review: Review, colour: str | None
) -> list[Said]:
    """The review in words: a line per side, the turning points, one colour's decisions."""
    # TRANSLATORS: {game} is the game's name; the judge is the expert computer player
    lines = [
        said("{game}: judged by the expert's learned chance of winning", game=Said(rules.title))
    ]
    lines += [side_said(side) for side in review.sides]
    if review.turning_points:
        lines.append(said("The turning points:"))
        lines += [turning_said(rules, states, point) for point in review.turning_points]
    if colour is not None:
        # TRANSLATORS: {colour} is a colour's name ("red")
        lines.append(said("{colour}'s decisions:", colour=colour_name(colour)))
        lines += [decision_said(d) for d in review.decisions if d.colour == colour]
    return lines


def points(value: float) -> Fixed:
    return Fixed(round(value, 1) + 0.0, 1)  # + 0.0: never "-0.0"


def side_said(side: Side) -> Said:
    # TRANSLATORS: how many of a side's decisions had a grade ("doubtful: 12"), listed
    tally = gettext("{grade}: {count}")
    counted = ", ".join(
        fill(tally, grade=gettext(GRADE_WORDS[name]), count=count)
        for name, count in side.grades.items()
        if count
    )
    made = said_n(
        "{count} decision, {lost} points lost on average ({grades})",
        "{count} decisions, {lost} points lost on average ({grades})",
        side.decision_count,
        lost=points(side.chance_lost_mean),
        grades=counted or "-",
    )
    # TRANSLATORS: a side's review: {side} its colour(s); the numbers are percentage points of
    # its chance of winning: at the start, what every roll gave it, what its own decisions
    # cost, what the others' decisions gave it, the judge's own error, at the end
    return said(
        "{side}: started at {start}%, the dice gave {luck}, its decisions cost {lost} ({made}), "
        "the others' decisions gave {gifts}, the judge's error {error}: ended at {final}%",
        side=" + ".join(say(colour_name(c)) for c in side.side.split("+")),
        start=points(side.start),
        luck=points(side.luck),
        lost=points(side.chance_lost),
        made=made,
        gifts=points(side.gifts),
        error=points(side.error),
        final=points(side.final),
    )


def turning_said(rules: Rules, states: list[State], point: TurningPoint) -> Said:
    before = states[point.event]
    hit = " + ".join(say(colour_name(c)) for c in point.side.split("+"))
    if point.kind == "roll":
        dice = rules.dice_at(before)
        roll = dice.format(dice.from_json(json.loads(point.what)))
        if point.then is None:
            # TRANSLATORS: a turning point: {who} rolled {roll} at turn {turn}, which changed
            # {side}'s chance of winning by {swing} percentage points
            return said(
                "turn {turn}: {who} rolled {roll}: {side} {swing} points",
                turn=before.turn,
                who=colour_name(point.colour),
                roll=roll,
                side=hit,
                swing=points(point.swing),
            )
        rolled = states[point.event + 1]
        move = rules.describe(
            rolled, rules.parse_move(rolled, point.then), colour_name(point.colour)
        )
        # TRANSLATORS: a turning point: {who} rolled {roll} at turn {turn} and made {move} of
        # it (in words), which changed {side}'s chance of winning by {swing} percentage points
        return said(
            "turn {turn}: {who} rolled {roll}; {move}: {side} {swing} points",
            turn=before.turn,
            who=colour_name(point.colour),
            roll=roll,
            move=move,
            side=hit,
            swing=points(point.swing),
        )
    move = rules.describe(before, rules.parse_move(before, point.what), colour_name(point.colour))
    # TRANSLATORS: a turning point: at turn {turn}, {move} (in words), which cost {side}
    # {swing} percentage points of its chance of winning against the best move
    return said(
        "turn {turn}: {move}: {side} {swing} points", turn=before.turn, move=move, side=hit,
        swing=points(point.swing),
    )  # fmt: skip


def decision_said(decision: Decision) -> Said:
    grade = said(GRADE_WORDS[decision.grade])
    if decision.played == decision.best:
        # TRANSLATORS: a decision in a review: at turn {turn}, the move played ({move}, in the
        # game's notation) was the best; {grade} its grade ("good")
        return said(
            "turn {turn}: {move}, the best: {grade}",
            turn=decision.turn,
            move=decision.played,
            grade=grade,
        )
    # TRANSLATORS: a decision in a review: the move played and the best (in the game's
    # notation), the percentage points of the chance of winning lost, the grade ("mistake")
    return said(
        "turn {turn}: {move} (best {best}): {lost} points lost, {grade}",
        turn=decision.turn,
        move=decision.played,
        best=decision.best,
        lost=points(decision.lost),
        grade=grade,
    )


COMMAND = Command(
    "review",
    help=N_("review a finished game: luck and skill per side"),
    description=N_(
        "Review a game record (`pegrace play --record`, `simulate --record-dir`, the web game's "
        "download): for every roll, how much it changed each side's chance of winning against "
        "the average roll (luck); for every decision, the chance of winning the move played "
        "lost against the expert's best (skill), graded good, doubtful, mistake or blunder "
        "(docs/review.md); per side the sums, and the game's turning points. Chances are the "
        "expert's learned ones, in percentage points."
    ),
    declare=declare,
    run=run,
)
