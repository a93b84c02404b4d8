"""The sequential test (SPRT) behind ``tournament --until-decided``: its error rates checked by
simulation on a synthetic game (a biased coin: the player wins with a set chance), and the
tournament that stops when the test decides: deterministic, at a full rotation, capped."""

from __future__ import annotations

import random

import pytest

from pegrace.errors import OptionError
from pegrace.games import get_rules
from pegrace.sequential import H0, H1, UNDECIDED, Hypotheses, first_decision, parse_hypotheses
from pegrace.tournament import format_report, run_until_decided
from test_cli import run

RUNS = 1500


def coin_game_decisions(hypotheses: Hypotheses, true_rate: float, seed: int) -> list[str]:
    """The test's decision in each of ``RUNS`` runs of a synthetic game won with chance
    ``true_rate``, played until decided (step 1, no cap)."""
    rng = random.Random(seed)
    decisions = []
    for _ in range(RUNS):
        wins = games = 0
        decided = UNDECIDED
        while decided == UNDECIDED:
            wins += rng.random() < true_rate
            games += 1
            decided = hypotheses.decision(wins, games)
        decisions.append(decided)
    return decisions


@pytest.mark.parametrize(("p0", "p1"), [(0.25, 0.32), (0.5, 0.42)])
def test_its_error_rates_are_at_most_the_stated_ones(p0: float, p1: float) -> None:
    hypotheses = Hypotheses(p0, p1, alpha=0.05, beta=0.10)
    wrong_h1 = coin_game_decisions(hypotheses, p0, 1).count(H1) / RUNS
    wrong_h0 = coin_game_decisions(hypotheses, p1, 2).count(H0) / RUNS
    slack = 3 * (0.1 * 0.9 / RUNS) ** 0.5  # three standard errors of the estimate
    assert wrong_h1 <= 0.05 + slack
    assert wrong_h0 <= 0.10 + slack
    # and it is a real test: far from the truth it decides the right way nearly always
    assert coin_game_decisions(hypotheses, p1 + (p1 - p0), 3).count(H1) / RUNS > 0.95


def test_the_bounds_and_the_likelihood_ratio_are_walds() -> None:
    h = Hypotheses(0.25, 0.27)
    assert h.upper == pytest.approx(2.944, abs=1e-3) and h.lower == pytest.approx(-2.944, abs=1e-3)
    assert h.llr(0, 0) == 0.0
    assert h.llr(27, 100) == pytest.approx(27 * 0.07696 + 73 * -0.02702, abs=1e-3)


def test_decisions_are_checked_only_after_whole_steps() -> None:
    h = Hypotheses(0.2, 0.8)
    # 3 wins then a loss: after 3 the ratio is past H1's bound, but steps are of 4
    assert first_decision(h, [True, True, True, False], 4) == (UNDECIDED, 3, 4)
    assert first_decision(h, [True] * 8, 4) == (H1, 4, 4)
    assert first_decision(h, [True] * 4, 4, already=(0, 4)) == (UNDECIDED, 4, 8)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("0.25", "two win rates"),
        ("a,b", "two win rates"),
        ("0.3,0.3", "two different"),
        ("0,0.5", "between 0 and 1"),
    ],
)
def test_bad_hypotheses_are_refused_by_name(text: str, message: str) -> None:
    with pytest.raises(OptionError, match=message):
        parse_hypotheses(text, 0.05, 0.05)
    with pytest.raises(OptionError, match="error rates"):
        parse_hypotheses("0.2,0.3", 0.6, 0.05)
    assert parse_hypotheses("25%, 27%", 0.05, 0.05) == Hypotheses(0.25, 0.27)


LINEUP = ["medium", "random", "random", "random"]


def test_a_tournament_stops_at_the_decision_the_same_however_its_games_are_shared() -> None:
    rules = get_rules("ludo", 4, {})
    h = Hypotheses(0.6, 0.7)  # medium wins about 78% of games against 3 random
    runs = [run_until_decided(rules, LINEUP, 4000, 9, h, workers=w)[0] for w in (1, 2)]
    assert runs[0] == runs[1]
    report = runs[0]
    test = report["sequential"]
    assert test["decision"] == H1 and test["games"] == report["games"] < 4000
    assert report["games"] % 4 == 0  # a whole rotation of seats
    assert test["wins"] == report["entries"][0]["wins"]
    assert test["llr"] >= test["bounds"][1]
    assert "H1 (70.0%) accepted after" in format_report(report)


def test_at_the_cap_it_is_undecided_and_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        capsys,
        "tournament",
        "trouble",
        "--player",
        "medium",
        "--player",
        "random",
        "--games",
        "8",
        "--until-decided",
        "0.9,0.91",
    )
    assert code == 0 and "undecided at the cap of 8 games" in out
    code, out, err = run(
        capsys,
        "tournament",
        "trouble",
        "--player",
        "random",
        "--player",
        "random",
        "--until-decided",
        "0.4,0.6",
    )
    assert code == 2 and "list it once" in err
