"""When a line of games earns a strength claim's tick: the one rule docs/ai.md's
table, the ratings and the web's seat menu are held to.

A claim "the first player wins at least X" is read from a fixed-size line of games (at least
``MIN_GAMES``, on a seed stated beforehand, seats rotated) and its 95% Wilson interval:

- met (✔): the point estimate wins/games is at least X, the interval's lower end is above the
  level below (L: 25% for four equal players, the fair share) and the line is long enough;
- above the level below, target not shown (~): the lower end is above L, but the point
  estimate falls short of X or the line is shorter than ``MIN_GAMES``;
- not shown (✘): the lower end is at or below L.

A claim of just "above the fair share" is the target X = L: met when the lower end is above it.

A sequential test (``pegrace.sequential``) may decide earlier than a fixed line, but only with
its null hypothesis at the target itself (``sequential_verdict``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import Enum

from pegrace.errors import OptionError, saying
from pegrace.i18n import said, said_n
from pegrace.sequential import H1, Hypotheses
from pegrace.simulate import wilson

MIN_GAMES = 4000  # the shortest line whose tick counts: an interval about ±1.4 points wide
FAIR_SHARE = 0.25  # four equal players: the level below every claim in docs/ai.md
MOST_ALPHA = 0.05  # a sequential test's largest error rate that still earns a tick


class Verdict(Enum):
    MET = "met"
    ABOVE_SHARE = "above fair share, target not shown"
    NOT_SHOWN = "not shown"

    @property
    def mark(self) -> str:
        """What docs/ai.md's table shows: ✔, ~ or ✘."""
        return MARKS[self]


MARKS = {Verdict.MET: "✔", Verdict.ABOVE_SHARE: "~", Verdict.NOT_SHOWN: "✘"}


@dataclass(frozen=True)
class Judgement:
    """A line's point estimate, its 95% Wilson interval and the verdict they earn."""

    estimate: float
    low: float
    high: float
    verdict: Verdict


def judge(wins: int, games: int, target: float, below: float = FAIR_SHARE) -> Judgement:
    """The verdict on "wins at least ``target``" from ``wins`` of ``games`` (a fixed-size line),
    the level below being ``below``."""
    check_line(wins, games)
    check_rates(target, below)
    low, high = wilson(wins, games)
    estimate = wins / games
    if low <= below:
        verdict = Verdict.NOT_SHOWN
    elif estimate >= target and games >= MIN_GAMES:
        verdict = Verdict.MET
    else:
        verdict = Verdict.ABOVE_SHARE
    return Judgement(estimate, low, high, verdict)


def sequential_can_tick(hypotheses: Hypotheses, target: float) -> bool:
    """Whether an SPRT between these hypotheses can earn ``target``'s tick by accepting H1.

    The SPRT of p0 against a higher p1 accepts H1 with chance at most alpha when the true rate
    is p0, and with less still when it is below p0 (the chance of accepting H1 grows with the
    rate). So accepting H1 shows the rate above p0 at error alpha: with p0 at the target, above
    the target, which is the claim. With p0 below the target (the old lines' 25% against a
    30% target, or 27.5% against 32.5%) it shows only the rate above p0: when the true rate
    lies between p0 and p1, near their midpoint, the test accepts either with about even
    chances, so its answer says nothing of the target. A null above the target would show more,
    but the rule is one design, the null at the target, fixed before the games, so
    that no test is picked for the answer it gives. Accepting H0 never shows a rate high,
    and a test of a lower p1 looks the other way. Its alpha is held to ``MOST_ALPHA`` (5%, the
    docs' sequential tests' error rate): a fixed line's lower end errs 2.5% one-sided, but on
    the level below only, its target resting on the point estimate, so a test that shows the
    target itself at 5% claims no less than a ticked fixed line does.
    """
    check_target(target)
    return (
        math.isclose(hypotheses.p0, target, abs_tol=1e-9)
        and hypotheses.p1 > hypotheses.p0
        and hypotheses.alpha <= MOST_ALPHA
    )


def sequential_verdict(
    hypotheses: Hypotheses, decision: str, target: float, below: float = FAIR_SHARE
) -> Verdict:
    """The verdict a sequential test's ``decision`` (``sequential.H0``, ``H1`` or undecided)
    earns for "wins at least ``target``": met only when it accepted H1 with its null at the
    target (``sequential_can_tick``); above the level below when it accepted H1 with its null
    at or above ``below`` (the rate shown above p0, so above the level below); else not shown.
    """
    check_rates(target, below)
    if decision != H1 or hypotheses.p1 <= hypotheses.p0 or hypotheses.alpha > MOST_ALPHA:
        return Verdict.NOT_SHOWN
    if sequential_can_tick(hypotheses, target):
        return Verdict.MET
    return Verdict.ABOVE_SHARE if hypotheses.p0 >= below else Verdict.NOT_SHOWN


def check_line(wins: int, games: int) -> None:
    if games <= 0:
        # TRANSLATORS: {games} is the number of games asked for (0 or less)
        short = said("games {games}: a line has at least 1 game", games=games)
        raise saying(OptionError, short)
    if not 0 <= wins <= games:
        # TRANSLATORS: {wins} is a number of games won, {count} the games played
        wrong = said_n(
            "wins {wins} of {count} game: 0 or 1",
            "wins {wins} of {count} games: between 0 and the games",
            games,
            wins=wins,
        )
        raise saying(OptionError, wrong)


def check_target(target: float) -> None:
    if not 0 < target < 1:
        # TRANSLATORS: {target} is the win rate asked for, {example} one as the program reads
        # it (written as typed: "0.325")
        rate = said(
            "target {target}: a win rate between 0 and 1, e.g. {example}",
            target=float(target),
            example="0.325",
        )
        raise saying(OptionError, rate)


def check_rates(target: float, below: float) -> None:
    check_target(target)
    if not 0 < below <= target:
        # TRANSLATORS: {below} and {target} are win rates (0.25, 0.325)
        level = said(
            "level below {below}: a win rate above 0 and at most the target {target}",
            below=float(below),
            target=float(target),
        )
        raise saying(OptionError, level)


def line_folder(game: str, first: str, others: str, seed: int, games: int) -> str:
    """The folder name a protocol line's games are kept under (``--out DIR``), the same for
    every script that plays lines (benchmarks/strength_table.py, tools/ratings.py), so a line
    one of them played serves the other."""
    return f"{game}-{first}-vs-{others}-s{seed}-g{games}"
