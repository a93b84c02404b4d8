"""The review of a finished game (pegrace.review, `pegrace review`): luck and chance lost worked
by hand from the judge's chances, forced moves and rolls that change nothing left out, the
identity per side in every game, the grades' bounds, and a random player's decisions costing
several times the expert's."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from pegrace import native
from pegrace.cli import main
from pegrace.games import get_rules
from pegrace.match import run_game
from pegrace.record import Record, replay
from pegrace.review import CLOSE, GRADE_BOUNDS, Review, grade, review_record
from pegrace.state import Phase, State

GAMES = ("trouble", "ludo", "headache", "marbles")
# seeds none of the measurements that chose the grades' bounds used (docs/review.md)
FRESH = (9101, 9102)


def reviewed(game: str, seed: int, lineup: str = "medium") -> tuple[Record, Review]:
    rules = get_rules(game, 4, {})
    seats = {colour: f"computer:{lineup}" for colour in rules.colours}
    seats[rules.colours[0]] = "computer:random"
    record = run_game(rules, seats, seed).record
    return record, review_record(record)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", FRESH)
def test_every_side_ends_where_its_luck_skill_and_the_judges_error_take_it(
    game: str, seed: int
) -> None:
    _, review = reviewed(game, seed)
    for side in review.sides:
        total = side.start + side.luck - side.chance_lost + side.gifts + side.error
        assert total == pytest.approx(side.final, abs=1e-6), side
        assert side.final in (0.0, 100.0)
    assert sum(side.start for side in review.sides) == pytest.approx(100)
    for roll in review.rolls:  # luck is shared out: what one side gains the others lose
        assert sum(roll.luck) == pytest.approx(0, abs=1e-9)


@pytest.mark.parametrize("game", GAMES)
def test_luck_and_chance_lost_worked_by_hand(game: str) -> None:
    """Each roll's luck is the chance after it minus the average over every roll; each
    decision's chance lost is the best move's chance minus the played one's, every chance the
    learned value's of the position after the mover's best move (or after a roll, as is); where
    the move played is close to the best, the close moves' chances a roll later."""
    record, review = reviewed(game, FRESH[0])
    rules, states = replay(record)
    computer = native.Computer(rules)

    def chances(state: State) -> tuple[float, ...]:
        if state.phase != Phase.MOVE:
            found = computer.value_chances(state)
            assert found is not None
            return found
        mover = rules.sides[state.current]
        children = [rules.apply_move(state, m) for m in rules.distinct_moves(state)]
        return max((chances(child) for child in children), key=lambda c: c[mover])

    roll = max(review.rolls, key=lambda r: max(abs(x) for x in r.luck))
    before = states[roll.event]
    average = [Fraction(0)] * rules.side_count
    for outcome, chance in rules.chance_outcomes(before):
        after = chances(rules.apply_roll(before, outcome))
        average = [a + chance * Fraction(c) for a, c in zip(average, after, strict=True)]
    actual = chances(states[roll.event + 1])
    expected = [a - float(m) for a, m in zip(actual, average, strict=True)]
    assert roll.luck == pytest.approx(expected, abs=1e-9)

    decision = max((d for d in review.decisions if d.judge == "value"), key=lambda d: d.lost)
    state = states[decision.event]
    mover = rules.sides[state.current]
    best = max(chances(rules.apply_move(state, m))[mover] for m in rules.distinct_moves(state))
    played = chances(states[decision.event + 1])[mover]
    assert decision.lost == pytest.approx(100 * (best - played), abs=1e-9)
    assert decision.lost >= 100 * CLOSE  # a close one would have been looked at a roll deeper
    assert decision.grade == grade(decision.lost)

    def deeper(state: State) -> float:  # the mover's chance a roll after its move
        if state.phase == Phase.MOVE:
            return max(deeper(rules.apply_move(state, m)) for m in rules.distinct_moves(state))
        if not state.is_chance:
            return chances(state)[mover]
        outcomes = rules.chance_outcomes(state)
        return sum(float(p) * chances(rules.apply_roll(state, r))[mover] for r, p in outcomes)

    close = max((d for d in review.decisions if d.judge == "look-ahead"), key=lambda d: d.lost)
    state = states[close.event]
    mover = rules.sides[state.current]
    options = [rules.apply_move(state, m) for m in rules.distinct_moves(state)]
    top = max(chances(child)[mover] for child in options)
    near = [child for child in options if chances(child)[mover] > top - CLOSE]
    played_after = states[close.event + 1]
    assert played_after in near and len(near) > 1
    expected_lost = max(deeper(child) for child in near) - deeper(played_after)
    assert close.lost == pytest.approx(100 * max(0.0, expected_lost), abs=1e-9)


@pytest.mark.parametrize("game", GAMES)
def test_a_forced_move_is_no_decision_and_a_roll_that_changes_nothing_no_luck(game: str) -> None:
    record, review = reviewed(game, FRESH[1])
    rules, states = replay(record)
    decided = {d.event for d in review.decisions}
    lucky = {r.event for r in review.rolls}
    forced = 0
    for k, event in enumerate(record.events):
        before = states[k]
        if event.move is not None:
            choices = len(rules.distinct_moves(before))
            assert (k in decided) == (choices >= 2), (k, event)
            forced += choices < 2
        elif before.phase == Phase.ROLL:
            afters = {rules.apply_roll(before, r) for r, _ in rules.chance_outcomes(before)}
            if len(afters) == 1:  # every roll leads to the same position: no luck in it
                assert k not in lucky
    assert forced > 0
    assert all(d.options >= 2 for d in review.decisions)
    assert all(any(abs(x) > 1e-9 for x in r.luck) for r in review.rolls)


def test_grades_by_their_bounds() -> None:
    doubtful, mistake, blunder = GRADE_BOUNDS
    assert [grade(0.0), grade(doubtful - 1e-6)] == ["good", "good"]
    assert [grade(doubtful), grade(mistake - 1e-6)] == ["doubtful", "doubtful"]
    assert [grade(mistake), grade(blunder - 1e-6)] == ["mistake", "mistake"]
    assert [grade(blunder), grade(100)] == ["blunder", "blunder"]


def test_random_loses_several_times_the_experts_chance_a_decision(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`pegrace play trouble --seat red=computer:random --seat all=computer:expert`, then
    `pegrace review --json`: over three fresh games red's chance lost a decision is several
    times the expert seats', theirs near zero, and every side's sum comes out."""
    red: list[float] = []
    experts: list[float] = []
    for seed in (9201, 9202, 9203):
        record = tmp_path / f"game-{seed}.json"
        seats = ["--seat", "red=computer:random", "--seat", "all=computer:expert"]
        assert (
            main(
                ["play", "trouble", *seats, "--fast", "--seed", str(seed), "--record", str(record)]
            )
            == 0
        )
        capsys.readouterr()
        assert main(["review", str(record), "--json"]) == 0
        data = json.loads(capsys.readouterr().out)
        for side in data["sides"]:
            lost = [d["lost"] for d in side["decisions"]]
            assert side["decision_count"] == len(lost)
            assert side["chance_lost_mean"] == pytest.approx(sum(lost) / max(len(lost), 1))
            assert {d["grade"] for d in side["decisions"]} <= {
                "good",
                "doubtful",
                "mistake",
                "blunder",
            }
            (red if side["side"] == "red" else experts).extend(lost)
    red_mean, expert_mean = sum(red) / len(red), sum(experts) / len(experts)
    assert expert_mean < 0.15
    assert red_mean > 3 * expert_mean


def test_the_review_in_words_and_one_colours_decisions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record, review = reviewed("ludo", FRESH[0])
    path = tmp_path / "game.json"
    record.save(path)
    assert main(["review", str(path), "--seat", "red"]) == 0
    out = capsys.readouterr().out
    assert "judged by the expert's learned chance of winning" in out
    assert "The turning points:" in out
    reds = [d for d in review.decisions if d.colour == "red"]
    assert out.count("\nturn ") >= len(reds)
    assert "Red's decisions:" in out


def test_a_wrong_colour_and_a_game_without_a_learned_value_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record, _ = reviewed("trouble", FRESH[0])
    path = tmp_path / "game.json"
    record.save(path)
    assert main(["review", str(path), "--seat", "purple"]) == 2
    assert "--seat 'purple': 'purple' is not playing (colours: red, " in capsys.readouterr().err
    war = get_rules("marbles", 4, {"mode": "war"})
    record = run_game(war, {c: "computer:random" for c in war.colours}, 1).record
    record.save(path)
    assert main(["review", str(path)]) != 0
    assert "has no learned chance of winning to review with" in capsys.readouterr().err


def test_once_the_winner_is_settled_no_roll_has_luck_and_no_decision_costs() -> None:
    """Marbles with play_on=on plays on for the places after the first winner: from then on
    the judge's chances are exact (1 and 0) whatever is rolled or played, so no roll has luck
    and every decision loses nothing."""
    rules = get_rules("marbles", 4, {"play_on": "on"})
    record = run_game(rules, {c: "computer:medium" for c in rules.colours}, FRESH[0]).record
    _, states = replay(record)
    settled = next(k for k, state in enumerate(states) if state.finished)
    review = review_record(record)
    assert len(states) - settled > 50  # the game went on for the places
    assert all(roll.event < settled for roll in review.rolls)
    later = [d for d in review.decisions if d.event >= settled]
    assert later and all(d.lost == 0 and d.grade == "good" for d in later)
    assert [side.final for side in review.sides].count(100.0) == 1
