"""The tick rule of strength claims on hand-worked numbers, the claims it must refuse
among them, and when a sequential test may earn a tick."""

from __future__ import annotations

import random

import pytest

from pegrace.claims import (
    MIN_GAMES,
    Verdict,
    judge,
    sequential_can_tick,
    sequential_verdict,
)
from pegrace.errors import OptionError
from pegrace.sequential import H0, H1, UNDECIDED, Hypotheses, first_decision


def test_docs_old_ludo_tick_is_refused_322_of_556_against_325() -> None:
    # 179/556 = 0.32194; Wilson: centre (p + z²/2n)/(1 + z²/n) = 0.325395/1.006909 = 0.32316,
    # half 1.96·sqrt(p(1-p)/n + z²/4n²)/1.006909 = 1.96·0.019893/1.006909 = 0.03872
    judgement = judge(179, 556, 0.325)
    assert judgement.estimate == pytest.approx(0.32194, abs=1e-5)
    assert judgement.low == pytest.approx(0.28444, abs=1e-4)
    assert judgement.high == pytest.approx(0.36189, abs=1e-4)
    assert judgement.verdict is Verdict.ABOVE_SHARE  # above 25%, neither 32.5% nor 4,000 games


def test_estimate_above_the_target_with_the_lower_end_below_25_percent_is_refused() -> None:
    # 1040/4000 = 26% against "above 25%": half 1.96·sqrt(0.26·0.74/4000 + 6e-8)/1.00096 =
    # 0.01359 around a centre of 0.26023, so the lower end is 24.66%
    judgement = judge(1040, 4000, 0.25)
    assert judgement.estimate > 0.25
    assert judgement.low == pytest.approx(0.24664, abs=1e-4)
    assert judgement.verdict is Verdict.NOT_SHOWN
    # 35% of 20 against 30%: the lower end 18.1%, far below the fair share
    short = judge(7, 20, 0.30)
    assert short.low == pytest.approx(0.1812, abs=1e-3)
    assert short.verdict is Verdict.NOT_SHOWN


def test_above_25_percent_is_met_once_the_lower_end_clears_it() -> None:
    assert judge(1050, 4000, 0.25).verdict is Verdict.NOT_SHOWN  # lower end 24.91%
    assert judge(1060, 4000, 0.25).low == pytest.approx(0.25155, abs=1e-4)
    assert judge(1060, 4000, 0.25).verdict is Verdict.MET


def test_the_target_is_met_at_the_point_estimate_and_not_below_it() -> None:
    assert judge(1300, 4000, 0.325).verdict is Verdict.MET  # exactly 32.5%
    assert judge(1299, 4000, 0.325).verdict is Verdict.ABOVE_SHARE


def test_a_line_shorter_than_the_minimum_earns_no_tick() -> None:
    assert MIN_GAMES == 4000
    assert judge(1400, 4000, 0.30).verdict is Verdict.MET
    shorter = judge(1400, 3996, 0.30)  # 35.0%, lower end 33.6%: only the size is missing
    assert shorter.low > 0.33
    assert shorter.verdict is Verdict.ABOVE_SHARE


def test_the_old_tables_lines_earn_at_most_a_tilde() -> None:
    assert judge(404, 1452, 0.28).verdict is Verdict.ABOVE_SHARE  # Trouble's 27.8%
    assert judge(31, 68, 0.30).verdict is Verdict.ABOVE_SHARE  # Marbles' 45.6% of 68


def test_marks() -> None:
    assert [v.mark for v in Verdict] == ["✔", "~", "✘"]


@pytest.mark.parametrize(
    ("wins", "games", "target", "below", "named"),
    [
        (0, 0, 0.3, 0.25, "games 0"),
        (1, -4, 0.3, 0.25, "games -4"),
        (5, 4, 0.3, 0.25, "wins 5 of 4"),
        (-1, 4, 0.3, 0.25, "wins -1 of 4"),
        (1, 4, 0.0, 0.0, "target 0"),
        (1, 4, 1.0, 0.25, "target 1"),
        (1, 4, 1.5, 0.25, "target 1.5"),
        (1, 4, 0.3, 0.35, "level below 0.35"),
    ],
)
def test_bad_input_is_refused_by_name(
    wins: int, games: int, target: float, below: float, named: str
) -> None:
    with pytest.raises(OptionError, match=named):
        judge(wins, games, target, below)


def test_a_sequential_test_earns_a_tick_only_with_its_null_at_the_target() -> None:
    at_target = Hypotheses(0.325, 0.375)
    assert sequential_can_tick(at_target, 0.325)
    assert sequential_verdict(at_target, H1, 0.325) is Verdict.MET
    assert sequential_verdict(at_target, H0, 0.325) is Verdict.NOT_SHOWN
    assert sequential_verdict(at_target, UNDECIDED, 0.325) is Verdict.NOT_SHOWN
    # the docs' old tests: their null below the target, their H1 at it
    for old, target in ((Hypotheses(0.275, 0.325), 0.325), (Hypotheses(0.25, 0.30), 0.30)):
        assert not sequential_can_tick(old, target)
        assert sequential_verdict(old, H1, target) is Verdict.ABOVE_SHARE


def test_a_sequential_test_that_looks_down_or_errs_more_earns_nothing() -> None:
    downward = Hypotheses(0.325, 0.275)
    assert not sequential_can_tick(downward, 0.325)
    assert sequential_verdict(downward, H1, 0.325) is Verdict.NOT_SHOWN
    loose = Hypotheses(0.325, 0.375, alpha=0.2)
    assert not sequential_can_tick(loose, 0.325)
    assert sequential_verdict(loose, H1, 0.325) is Verdict.NOT_SHOWN
    below_share = Hypotheses(0.20, 0.30)
    assert sequential_verdict(below_share, H1, 0.30) is Verdict.NOT_SHOWN


def h1_share(hypotheses: Hypotheses, rate: float, runs: int, seed: int) -> float:
    """How often the SPRT accepts H1 on a true ``rate`` (checked every 4 games, as the
    tournament checks after each rotation of seats)."""
    rng = random.Random(seed)
    accepted = 0
    for _ in range(runs):
        wins = [rng.random() < rate for _ in range(4000)]
        accepted += first_decision(hypotheses, wins, 4)[0] == H1
    return accepted / runs


def test_why_the_null_must_be_the_target() -> None:
    """At a true rate of 30%, the midpoint of 27.5% and 32.5%, the old test "prefers" 32.5%
    about as often as not; with its null at 30% it accepts H1 at most about alpha of the time."""
    assert 0.3 < h1_share(Hypotheses(0.275, 0.325), 0.30, 200, seed=1) < 0.7
    assert h1_share(Hypotheses(0.30, 0.35), 0.30, 200, seed=2) < 0.08
