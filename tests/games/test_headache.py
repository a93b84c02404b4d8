"""Headache: one scenario per rule and option (exact legal moves), bad input, the
picture. Each test names the rule it guards (docs/rules/headache.md); random-play
invariants and the golden transcript are in test_headache_play.py."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from pegrace import IllegalMoveError, NotationError, OptionError, get_rules
from pegrace.dice import BONUS
from pegrace.engine import Rules
from pegrace.games.headache import ConeMove, Headache
from pegrace.moves import PASS
from pegrace.native import Computer
from pegrace.notation import load_state, rules_for_state, state_from_json, state_to_json
from pegrace.pictures import draw
from pegrace.state import Phase, State

START4 = ["start"] * 4
# red cones not in play parked under a green cone on inner:12, far from the action
PARKED_RED = ["inner:12/1", "inner:12/2", "inner:12/3"]
PARKED_GREEN_TOP = "inner:12/4"  # on top of all three


def position(
    pieces: dict[str, list[str]],
    roll: str | None = None,
    to_move: str = "red",
    turns: int | dict[str, int] = 4,
    bonus: int = 0,
    **extra: Any,
) -> tuple[Headache, State]:
    """A state from hand-written JSON. ``turns``: turns each colour has finished (4: the
    first-four-turns rule is over); ``bonus``: 1 when the pop to play is a bonus pop."""
    data: dict[str, Any] = {"game": "headache", "pieces": pieces, "to_move": to_move}
    data.update(extra)
    rules = rules_for_state(data)
    assert isinstance(rules, Headache)
    done = turns if isinstance(turns, dict) else dict.fromkeys(rules.colours, turns)
    data["aux"] = [done.get(c, 4) for c in rules.colours] + [bonus]
    if roll is not None:
        data["roll"] = list(BONUS.parse(roll))  # type: ignore[arg-type]
    return rules, state_from_json(rules, data)


def moves(rules: Rules, state: State) -> set[str]:
    return {str(m) for m in rules.legal_moves(state)}


def after(rules: Rules, state: State, text: str) -> State:
    return rules.play(state, rules.parse_move(state, text))


def written(rules: Rules, state: State) -> dict[str, list[str]]:
    return state_to_json(rules, state)["pieces"]  # type: ignore[no-any-return]


def lone_red(*red: str, green: tuple[str, ...] = ("start",) * 3) -> dict[str, list[str]]:
    """Two players: the given red cones, the other red cones parked on inner:12 under a
    green cone, and three more green cones (on START unless given)."""
    parked = PARKED_RED[: 4 - len(red)]
    return {"red": [*red, *parked], "green": [f"inner:12/{len(parked) + 1}", *green]}


# --- board -----------------------------------------------------------------------


# the published board as the seed describes it, a model of the test's own for the core's walks
# to be checked against: each X leads onto both tracks, each track to the next X
def successors(name: str) -> list[str]:
    kind, number = name.split(":")
    k = int(number)
    if kind == "x":
        return [f"outer:{3 * k}", f"inner:{2 * k}"]
    per = 3 if kind == "outer" else 2
    return [f"x:{(k // per + 1) % 8}" if k % per == per - 1 else f"{kind}:{k + 1}"]


def walks(origin: str, steps: int, backward: bool) -> list[tuple[str, ...]]:
    """Every walk of exactly ``steps`` spaces from ``origin`` (origin left out)."""
    names = [f"x:{k}" for k in range(8)] + [f"outer:{j}" for j in range(24)]
    names += [f"inner:{j}" for j in range(16)]
    before = {name: [n for n in names if name in successors(n)] for name in names}
    step = (lambda name: before[name]) if backward else successors
    found: list[tuple[str, ...]] = [()]
    for _ in range(steps):
        found = [(*w, n) for w in found for n in step(w[-1] if w else origin)]
    return found


def test_board_has_48_spaces_8_xs_and_two_tracks() -> None:
    rules = get_rules("headache", 4)
    assert isinstance(rules, Headache)
    board = rules.board
    assert len(board.spaces) == 48
    assert [s.kind for s in board.spaces].count("x") == 8
    assert [s.kind for s in board.spaces].count("outer") == 24
    assert [s.kind for s in board.spaces].count("inner") == 16
    assert [board.spaces[board.space(f"x:{k}")].kind for k in range(8)] == ["x"] * 8
    assert [rules.start_space[s] for s in range(4)] == [0, 2, 4, 6]
    assert get_rules("headache", 2).colours == ("red", "green")


def test_every_move_walks_the_pop_and_every_destination_is_listed() -> None:
    """A stack red tops, alone on the board: its moves reach every space a walk of the pop
    ends on, both ways, each along the first such walk in the board's edge order (the
    test's own model of the board, ``walks``)."""
    rules = get_rules("headache", 2)
    assert isinstance(rules, Headache)
    board = rules.board
    for space in range(48):
        red = tuple(space * 16 + h for h in (1, 3, 5, 7))
        green = tuple(space * 16 + h for h in (0, 2, 4, 6))
        for number in range(1, 7):
            state = rules.initial_state()._replace(
                pieces=(red, green),
                phase=Phase.MOVE,
                current=0,
                roll=(number, 0),
                turn=9,
                contenders=(),
                aux=(4, 4, 0),
            )
            moves = rules.legal_moves(state)
            for backward in (False, True):
                listed = [m for m in moves if isinstance(m, ConeMove) and m.backward == backward]
                found = walks(board.spaces[space].name, number, backward)
                assert sorted(board.spaces[m.target].name for m in listed) == sorted(
                    {w[-1] for w in found}
                )
                for move in listed:
                    path = next(w for w in found if w[-1] == board.spaces[move.target].name)
                    assert [board.spaces[s].name for s in move.path] == list(path)


# --- movement and track changes ------------------------------------------------------


@pytest.mark.parametrize(
    ("roll", "expected"),
    [
        ("1", {"x:1>outer:3", "x:1>inner:2"}),
        ("3", {"x:1>outer:5", "x:1>x:2"}),  # inner reaches the next X in 3
        ("4", {"x:1>x:2", "x:1>outer:6", "x:1>inner:4"}),  # change track at x:2
        ("6", {"x:1>outer:7", "x:1>inner:5", "x:1>outer:8", "x:1>x:3"}),
    ],
)
def test_a_cone_may_change_track_at_every_x_and_each_destination_is_listed_once(
    roll: str, expected: set[str]
) -> None:
    rules, state = position(lone_red("x:1"), roll)
    assert moves(rules, state) == expected


def test_the_listed_path_reaches_the_destination() -> None:
    rules, state = position(lone_red("x:1"), "6")
    by_text = {str(m): m for m in rules.legal_moves(state)}
    move = by_text["x:1>x:3"]
    assert isinstance(move, ConeMove)
    assert [rules.board.spaces[s].name for s in move.path] == [
        "inner:2",
        "inner:3",
        "x:2",
        "inner:4",
        "inner:5",
        "x:3",
    ]
    assert str(rules.describe(state, move)) == "Move the cone on X 1 to X 3"


def test_a_single_cone_moves_clockwise_only() -> None:
    rules, state = position(lone_red("outer:5"), "2")
    assert moves(rules, state) == {"outer:5>outer:6", "outer:5>inner:4"}


def test_a_stack_moves_either_way_but_one_direction_per_pop() -> None:
    pieces = {
        "red": ["x:1/2", *PARKED_RED],
        "green": ["x:1/1", PARKED_GREEN_TOP, "start", "start"],
    }
    rules, state = position(pieces, "2")
    assert moves(rules, state) == {
        "x:1>outer:4",
        "x:1>inner:3",
        "x:1>outer:1 ccw",
        "x:1>inner:0 ccw",
    }
    moved = after(rules, state, "x:1>inner:0 ccw")
    assert written(rules, moved)["red"][0] == "inner:0/2"
    assert "inner:0/1" in written(rules, moved)["green"]


def test_passing_over_cones_neither_blocks_nor_captures() -> None:
    pieces = lone_red("x:1", green=("outer:3", "outer:4", "start"))
    rules, state = position(pieces, "3")
    assert moves(rules, state) == {"x:1>outer:5", "x:1>x:2"}


def test_never_end_on_an_own_cone_or_stack() -> None:
    rules, state = position(lone_red("x:1", "outer:5"), "3")
    assert moves(rules, state) == {"x:1>x:2", "outer:5>outer:7", "outer:5>inner:5"}


# --- capturing -------------------------------------------------------------------------


def test_a_single_cone_captures_a_stack_and_owns_it() -> None:
    pieces = {
        "red": ["x:1", "outer:5/1", "inner:12/1", "inner:12/2"],
        "green": ["outer:5/2", "inner:12/3", "start", "start"],
    }
    rules, state = position(pieces, "3")
    assert "x:1>outer:5" in moves(rules, state)
    move = rules.parse_move(state, "x:1>outer:5")
    assert str(rules.describe(state, move)) == (
        "Move the cone on X 1 onto Green's stack of 2 on outer 5, capturing it"
    )
    captured = after(rules, state, "x:1>outer:5")
    assert sorted(written(rules, captured)["red"]) == sorted(
        ["outer:5/3", "outer:5/1", "inner:12/1", "inner:12/2"]
    )
    assert "outer:5/2" in written(rules, captured)["green"]
    assert rules.stack_colours(captured, rules.board.space("outer:5")) == ["red", "green", "red"]


def test_a_stack_captures_a_single_cone() -> None:
    pieces = {
        "red": ["x:1/2", *PARKED_RED],
        "green": ["x:1/1", "inner:3", PARKED_GREEN_TOP, "start"],
    }
    rules, state = position(pieces, "2")
    move = rules.parse_move(state, "x:1>inner:3")
    assert str(rules.describe(state, move)).endswith("onto Green's cone on inner 3, capturing it")
    captured = after(rules, state, "x:1>inner:3")
    space = rules.board.space("inner:3")
    assert rules.stack_colours(captured, space) == ["green", "green", "red"]  # bottom first
    assert rules.scores(captured) == [3, 5]  # green: the parked stack and START


def test_ownership_changes_hands_with_the_top_cone() -> None:
    pieces = {
        "red": ["x:1", "outer:5/1", *PARKED_RED[:2]],
        "green": ["outer:5/2", "x:3", "inner:12/3", "start"],
    }
    rules, state = position(pieces, "3")
    green_first = state._replace(current=1, roll=(2, 0))
    assert {"outer:5>outer:6", "outer:5>outer:3 ccw"} <= moves(rules, green_first)
    state = after(rules, state, "x:1>outer:5")  # red tops the stack R G R
    # green pops 2: the stack on outer:5 is red's now
    green = state._replace(phase=Phase.MOVE, current=1, roll=(2, 0))
    assert moves(rules, green) == {
        "x:3>outer:10",
        "x:3>inner:7",
        "start>outer:13",
        "start>inner:9",
        "inner:12>x:7",
        "inner:12>outer:17 ccw",
        "inner:12>inner:11 ccw",
    }
    # red, next turn, moves the captured stack both ways
    red = state._replace(phase=Phase.MOVE, current=0, roll=(1, 0))
    assert {"outer:5>x:2", "outer:5>outer:4 ccw"} <= moves(rules, red)


# --- START ---------------------------------------------------------------------------------


def test_nothing_may_end_on_a_start_space_holding_start_cones() -> None:
    rules, state = position(lone_red("x:3"), "4")
    assert moves(rules, state) == {"x:3>inner:8", "x:3>outer:12"}  # not x:4 (green START)
    rules, state = position(lone_red("x:3", green=("x:5", "x:7", "outer:1")), "4")
    assert moves(rules, state) == {"x:3>x:4", "x:3>inner:8", "x:3>outer:12"}


def test_a_stack_may_not_end_on_its_own_start_pile() -> None:
    pieces = {"red": ["x:1/2", "start", "start", "start"], "green": ["x:1/1", *START4[:3]]}
    rules, state = position(pieces, "4")
    assert moves(rules, state) == {
        "start>outer:3",
        "start>inner:2",
        "x:1>x:2",
        "x:1>outer:6",
        "x:1>inner:4",
        "x:1>outer:23 ccw",
        "x:1>inner:15 ccw",
    }  # (x:1>x:0 ccw would end on red's own START pile)


def test_cones_leave_start_one_at_a_time_clockwise() -> None:
    rules, state = position({"red": START4, "green": START4}, "4", turns=0)
    assert moves(rules, state) == {"start>x:1", "start>outer:3", "start>inner:2"}
    state = after(rules, state, "start>inner:2")
    assert written(rules, state)["red"] == ["start", "start", "start", "inner:2/1"]


def test_the_first_four_turns_must_move_a_cone_off_start() -> None:
    pieces = {"red": ["x:1", "start", "start", "start"], "green": START4}
    rules, state = position(pieces, "4", turns=3)
    assert moves(rules, state) == {"start>outer:3", "start>inner:2"}  # x:1 is red's own
    rules, state = position(pieces, "4", turns=4)  # afterwards any cone may move
    assert moves(rules, state) == {
        "start>outer:3",
        "start>inner:2",
        "x:1>x:2",
        "x:1>outer:6",
        "x:1>inner:4",
    }


def test_a_bonus_pop_may_not_move_a_cone_off_start() -> None:
    pieces = {"red": ["x:1", "start", "start", "start"], "green": START4}
    rules, state = position(pieces, "4", turns=0, bonus=1)
    assert moves(rules, state) == {"x:1>x:2", "x:1>outer:6", "x:1>inner:4"}
    rules, state = position(pieces, "4", turns=4, bonus=1)
    assert moves(rules, state) == {"x:1>x:2", "x:1>outer:6", "x:1>inner:4"}


def test_first_turns_are_counted_per_seat_when_the_turn_ends() -> None:
    rules, state = position({"red": START4, "green": START4}, "2", turns=0)
    state = after(rules, state, "start>outer:1")
    assert state.aux == (1, 0, 0) and state.current == 1


# --- the red dot, pop again ---------------------------------------------------------------


def test_the_red_dot_grants_a_bonus_pop_and_move() -> None:
    rules, state = position({"red": START4, "green": START4}, "2*", turns=0)
    state = after(rules, state, "start>outer:1")
    assert state.phase == Phase.ROLL and state.current == 0
    assert state.aux == (0, 0, 1)  # the next pop is a bonus pop; the turn goes on
    state = rules.roll(state, (3, 0))
    assert moves(rules, state) == {"outer:1>outer:3", "outer:1>inner:2"}  # no START move
    state = after(rules, state, "outer:1>outer:3")
    assert state.current == 1 and state.aux == (1, 0, 0)


def test_a_red_dot_on_a_bonus_pop_grants_another() -> None:
    rules, state = position(lone_red("x:1"), "1*", bonus=1)
    state = after(rules, state, "x:1>outer:3")
    assert state.phase == Phase.ROLL and state.current == 0 and state.aux[-1] == 1


def test_no_move_with_the_pop_pops_again_as_the_same_kind_of_pop() -> None:
    # first turns: START's 1-space destinations hold red's own cones, a 2 would move
    pieces = {"red": ["outer:0", "inner:0", "start", "start"], "green": START4}
    rules, state = position(pieces, "1*", turns=2)
    assert rules.legal_moves(state) == [PASS]
    assert str(rules.describe(state, PASS)) == "Pop again: no cone can move with this pop"
    again = rules.play(state, PASS)
    assert again.phase == Phase.ROLL and again.current == 0
    assert again.aux == state.aux  # still a normal pop; the unusable pop's red dot is lost
    assert again.pieces == state.pieces


def test_no_move_with_any_number_passes_the_turn() -> None:
    rules, state = position({"red": START4, "green": START4}, "3", turns=1, bonus=1)
    assert rules.legal_moves(state) == [PASS]
    assert str(rules.describe(state, PASS)) == "Pass: no cone can move with any number"
    state = rules.play(state, PASS)
    assert state.phase == Phase.ROLL and state.current == 1
    assert state.aux == (2, 1, 0)  # the turn counts; the bonus pop is over


# --- elimination, winning, the turn limit ------------------------------------------------


def test_a_player_whose_every_cone_is_covered_is_eliminated_and_skipped() -> None:
    pieces = {
        "red": ["x:1", "inner:12/1", "inner:12/3", "outer:20/1"],
        "yellow": ["outer:5", "inner:12/2", "outer:20/2", "inner:0/1"],
        "green": ["inner:0/2", "inner:12/4", "outer:20/3", "outer:9"],
    }
    rules, state = position(pieces, "3")
    assert moves(rules, state) == {"x:1>outer:5", "x:1>x:2"}
    state = after(rules, state, "x:1>outer:5")  # yellow's last own top
    assert state.out == (1,) and not state.is_over
    assert state.current == 2  # yellow is skipped


def test_a_cone_left_on_start_keeps_a_player_in() -> None:
    pieces = {
        "red": ["x:1", "inner:12/1", "inner:12/3", "outer:20/1"],
        "yellow": ["outer:5", "inner:12/2", "outer:20/2", "start"],
        "green": ["inner:0", "inner:12/4", "outer:20/3", "outer:9"],
    }
    rules, state = position(pieces, "3")
    state = after(rules, state, "x:1>outer:5")
    assert state.out == () and state.current == 1


def test_the_last_player_standing_wins_and_the_eliminated_rank_in_reverse_order() -> None:
    pieces = {
        "red": ["x:1", "inner:12/5", "outer:20/1", "outer:20/5"],
        "yellow": ["inner:12/1", "inner:12/3", "outer:20/2", "outer:20/4"],
        "green": ["outer:5", "inner:12/2", "inner:12/4", "outer:20/3"],
    }
    rules, state = position(pieces, "3", out=["yellow"])
    state = after(rules, state, "x:1>outer:5")  # green's last own top
    assert state.out == (1, 2)
    assert state.is_over and state.end == "all places decided"
    outcome = rules.outcome(state)
    assert outcome.places == (1, 3, 2) and outcome.winners == (0,)


def test_the_turn_limit_stops_the_game_and_ranks_by_cones_owned() -> None:
    pieces = {
        "red": ["x:1", "outer:5/1", "inner:12/1", "inner:12/2"],
        "green": ["outer:5/2", "inner:12/3", "x:6", "outer:9"],
    }
    rules, state = position(pieces, "3", turn=7, rules={"turn_limit": "7"})
    assert rules.scores(state) == [1, 7]
    over = after(rules, state, "x:1>outer:5")
    assert over.is_over and over.end == "turn limit (7 turns) reached"
    assert rules.scores(over) == [3, 5]
    assert rules.outcome(over).places == (2, 1)  # green owns more cones
    before = after(*position(pieces, "3", turn=6, rules={"turn_limit": "7"}), "x:1>outer:5")
    assert not before.is_over


def test_turn_limit_must_be_a_whole_number_of_at_least_one() -> None:
    with pytest.raises(OptionError, match='turn_limit="0": a whole number, 1 to 4294967295'):
        get_rules("headache", 2, {"turn_limit": "0"})
    with pytest.raises(OptionError, match="whole number"):
        get_rules("headache", 2, {"turn_limit": "many"})


# --- option challenge ----------------------------------------------------------------------


def test_challenge_makes_every_x_a_safety_space() -> None:
    pieces = {
        "red": ["x:1", "x:3/2", "inner:12/1", "inner:12/2"],
        "green": ["x:2", "x:3/1", "inner:12/3", "start"],
    }
    rules, state = position(pieces, "4")
    assert moves(rules, state) == {
        "x:1>x:2",
        "x:1>outer:6",
        "x:1>inner:4",
        "x:3>outer:12",
        "x:3>inner:8",
        "x:3>x:2 ccw",
        "x:3>outer:5 ccw",
        "x:3>inner:3 ccw",
    }
    rules, state = position(pieces, "4", rules={"challenge": "on"})
    assert moves(rules, state) == {
        "x:1>outer:6",
        "x:1>inner:4",
        "x:3>outer:12",
        "x:3>inner:8",
        "x:3>outer:5 ccw",
        "x:3>inner:3 ccw",
    }  # (green's cone on x:2 is safe)


def test_challenge_still_lets_a_cone_stop_on_an_empty_x() -> None:
    rules, state = position(lone_red("x:1"), "3", rules={"challenge": "on"})
    assert moves(rules, state) == {"x:1>outer:5", "x:1>x:2"}


# --- notation and bad input ------------------------------------------------------------------


# --- the evaluation ------------------------------------------------------------------
# what a cone an opponent could capture next pop costs, in cones, times the chance of its pop
# (core/games/headache/judge.rs)
RISK_WEIGHT = 2.0


@pytest.mark.parametrize(
    ("green_cones", "pops"),
    [
        (["start", "start", "start"], 0),
        (["x:1", "start", "start"], 1),  # a 3 reaches outer:5
        (["x:1", "x:0", "start"], 2),  # a 3 from x:1, a 6 from x:0 (by the inner track)
    ],
)
def test_a_cone_costs_the_risk_weight_times_the_share_of_pops_that_capture_it(
    green_cones: list[str], pops: int
) -> None:
    rules, state = position(
        {"red": ["outer:5", *PARKED_RED], "green": [PARKED_GREEN_TOP, *green_cones]}
    )
    owned = rules.scores(state)
    assert owned == [1, 7]
    expected = owned[0] - RISK_WEIGHT * pops / 6 - owned[1]
    assert Computer(rules).look(state).evaluation[0] == pytest.approx(expected)


def test_a_search_leaf_counts_only_the_threats_of_seats_that_pop_before_the_stack() -> None:
    rules, state = position(
        {"red": ["outer:5", *PARKED_RED], "green": [PARKED_GREEN_TOP, "x:1", "start", "start"]}
    )
    red, green = 0, 1
    computer = Computer(rules)
    every_threat = computer.look(state).evaluation
    # green pops before red's next turn: its threat (a 3 in 6 pops) counts
    assert computer.look(state, green).leaf == pytest.approx(every_threat)
    # red to pop: green pops only after red has moved away, so red's cone costs nothing yet
    values = computer.look(state, red).leaf
    assert values[red] == pytest.approx(every_threat[red] + RISK_WEIGHT / 6)
    assert values[green] == pytest.approx(every_threat[green])


def test_rolls_are_written_with_a_star_for_the_red_dot() -> None:
    assert BONUS.parse("4*") == (4, 1) and BONUS.parse("4") == (4, 0)
    with pytest.raises(NotationError, match="not a d6 \\+ bonus die roll"):
        BONUS.parse("7*")


def test_state_json_round_trips_with_stacks_and_start_cones() -> None:
    rules, state = position(
        {"red": ["x:1/2", "start", "start", "outer:3"], "green": ["x:1/1", *START4[:3]]}, "2*"
    )
    assert written(rules, state) == {
        "red": ["start", "start", "x:1/2", "outer:3/1"],
        "green": ["start", "start", "start", "x:1/1"],
    }
    data = state_to_json(rules, state)
    assert state_from_json(rules, data) == state


def test_an_illegal_move_is_refused_and_the_state_is_unchanged() -> None:
    rules, state = position(lone_red("x:1"), "4")
    copy = State(*state)
    with pytest.raises(IllegalMoveError, match="'x:1>outer:5' is not a legal move: red to move"):
        rules.parse_move(state, "x:1>outer:5")
    illegal = ConeMove(8, 12, False, False, (9, 10, 11, 12), "outer:0>outer:4")
    with pytest.raises(IllegalMoveError, match="outer:0>outer:4 is not a legal move"):
        rules.play(state, illegal)
    assert state == copy


@pytest.mark.parametrize(
    ("pieces", "message"),
    [
        ({"red": ["start"] * 3, "green": START4}, "Red has 3 pieces, not 4"),
        ({"red": ["x:1/2", *START4[:3]], "green": START4}, "heights 2"),
        (
            {"red": ["x:1", *START4[:3]], "green": ["x:1", *START4[:3]]},
            "Red and Green both have a cone at x:1/1",
        ),
        ({"red": ["x:4", *START4[:3]], "green": START4}, "x:4 holds Green's START cones"),
        (
            {"red": ["x:1/2", "x:1/3", "start", "start"], "green": ["x:1/1", *START4[:3]]},
            "two of Red's cones on top",
        ),
        (
            {"red": ["x:1/1", "x:1/3", "start", "start"], "green": ["x:1/2", *START4[:3]]},
            "",
        ),
        ({"red": ["x:9", *START4[:3]], "green": START4}, "Red cone 'x:9' is not start"),
        ({"red": ["outer:5/0", *START4[:3]], "green": START4}, "SPACE/K"),
        ({"red": ["home", *START4[:3]], "green": START4}, "is not start"),
    ],
)
def test_malformed_states_are_refused(pieces: dict[str, list[str]], message: str) -> None:
    data = {"game": "headache", "pieces": pieces}
    rules = rules_for_state(data)
    if not message:  # R G R is a reachable stack: accepted
        state_from_json(rules, data)
        return
    with pytest.raises(NotationError, match=message):
        state_from_json(rules, data)


# --- picture ---------------------------------------------------------------------------


def test_the_picture_shows_both_tracks_stacks_top_first_and_start_piles() -> None:
    rules, state = position(
        {"red": ["x:1/2", "start", "start", "inner:5"], "green": ["x:1/1", *START4[:3]]}, "2*"
    )
    picture = draw(rules, state, False)
    lines = picture.splitlines()
    assert lines[0].split() == ["(R2)", "o0", "o1", "o2", "R2", "o3", "o4", "o5", "x2"]
    assert "i0" in lines[1] and "i5" not in picture and "R" in lines[3].split()
    assert "(G3)" in picture and "popped 2*" in picture
    assert "x:1 2 cones, top first: R G" in " ".join(picture.split())
    assert "cones owned: R 5, G 3" in picture
    coloured = draw(rules, state, True)
    assert "\033[" in coloured


@pytest.mark.parametrize(
    ("aux", "message"),
    [
        ([], "headache aux is"),
        ([4, 4], "headache aux is"),
        ([4, 4, 2], "bonus pop 0 or 1"),
        ([5, 0, 0], "turn counts must be 0-4"),
    ],
)
def test_malformed_counters_are_refused(aux: list[int], message: str) -> None:
    data = {"game": "headache", "pieces": {"red": START4, "green": START4}, "aux": aux}
    with pytest.raises(NotationError, match=message):
        state_from_json(rules_for_state(data), data)


def test_the_notation_docs_example_loads_with_the_moves_it_describes() -> None:
    text = (Path(__file__).parents[2] / "docs" / "notation.md").read_text()
    (example,) = [b for b in re.findall(r"```json\n(.*?)```", text, re.S) if '"headache"' in b]
    rules, state = load_state(example)
    assert state.roll == (4, 1) and state.aux == (4, 4, 4, 0)
    assert moves(rules, state) == {
        "start>x:1",
        "start>outer:3",
        "start>inner:2",
        "x:3>x:4",
        "x:3>outer:12",
        "x:3>inner:8",
        "x:3>inner:3 ccw",
        "outer:5>outer:8",
    }
    capture = rules.parse_move(state, "x:3>outer:12")
    assert str(rules.describe(state, capture)) in text.replace("\n", " ")


def test_a_turn_limit_too_large_is_refused_by_its_value() -> None:
    with pytest.raises(OptionError, match=r'turn_limit="1000000000000000000000": a whole number'):
        get_rules("headache", 2, {"turn_limit": "1000000000000000000000"})
