"""Parchís: one scenario per rule and option (exact legal moves, as text), how moves read, and
bad input. Each test names the rule it guards (docs/rules/parchis.md; the core's header in
core/games/parchis/mod.rs lists them). Random-play invariants and the golden transcript are in
test_parchis_play.py.

Positions are in each colour's own frame: yellow's ``track:N`` is board space N (the printed
number minus 5), red's is space N + 34, blue's N + 17, green's N + 51 (mod 68); an opponent's
piece is written ``space:N`` where the board space is what matters. The safe spaces are 0, 7
and 12 past each exit."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

import positions
from pegrace import IllegalMoveError, NotationError, OptionError, get_rules
from pegrace.engine import Rules
from pegrace.moves import PASS, Step
from pegrace.state import Phase, State
from positions import after, every, moves

HOME = ["home"] * 4
FOUR = ("yellow", "blue", "red", "green")


def position(
    pieces: dict[str, list[str]], roll: Any = None, to_move: str = "yellow", **extra: Any
) -> tuple[Rules, State]:
    return positions.position("parchis", pieces, roll, to_move, **extra)


def two(**pieces: list[str]) -> dict[str, list[str]]:
    """Pieces for a 2-player game (yellow and red): a colour not named has all four at home."""
    return every(("yellow", "red"), HOME, **pieces)


def four(**pieces: list[str]) -> dict[str, list[str]]:
    return every(FOUR, HOME, **pieces)


def turn(rules: Rules, state: State, roll: int, move: str) -> State:
    """The seat to roll rolls ``roll`` and plays ``move``."""
    return after(rules, rules.roll(state, roll), move)


def say(rules: Rules, state: State, text: str, who: str | None = None) -> str:
    return str(rules.describe(state, rules.parse_move(state, text), who))


# --- board, seating, who starts ------------------------------------------------------


def test_colours_exits_and_safe_spaces_by_player_count() -> None:
    rules = get_rules("parchis", 4)
    assert rules.colours == FOUR
    assert get_rules("parchis", 3).colours == ("yellow", "blue", "red")
    assert get_rules("parchis", 2).colours == ("yellow", "red")  # opposite each other
    assert [rules.track.starts[c] for c in FOUR] == [0, 17, 34, 51]
    assert rules.track.loop_length == 68
    assert rules.safe == {0, 7, 12, 17, 24, 29, 34, 41, 46, 51, 58, 63}
    assert (rules.lane_start, rules.goal) == (64, 71)  # 7 column spaces, then the goal
    with pytest.raises(OptionError, match="2 to 4 players"):
        get_rules("parchis", 5)


def test_positions_are_read_in_each_colours_own_frame() -> None:
    rules, state = position(
        two(yellow=["track:63", "lane:7", "goal", "home"], red=["space:0", *HOME[:3]])
    )
    assert state.pieces[0] == (-1, 63, 70, 71)
    assert state.pieces[1] == (-1, -1, -1, 34)  # board space 0 is red's track:34
    assert rules.abs_of[1][34] == 0


def test_everyone_rolls_off_and_the_highest_starts() -> None:
    rules = get_rules("parchis", 3)
    state = rules.initial_state()
    assert state.phase == Phase.ROLLOFF and state.contenders == (0, 1, 2)
    for pop in (4, 6, 6):
        state = rules.roll(state, pop)
    assert state.phase == Phase.ROLLOFF and state.contenders == (1, 2)  # the tied roll again
    state = rules.roll(rules.roll(state, 2), 5)
    assert (state.phase, state.current) == (Phase.ROLL, 2)  # red starts


def test_first_yellow_starts_without_a_rolloff_or_the_first_colour_seated() -> None:
    state = get_rules("parchis", 3, {"first": "yellow"}).initial_state()
    assert (state.phase, state.current, state.turn) == (Phase.ROLL, 0, 1)
    rules = get_rules("parchis", 2, {"first": "yellow", "seating": "1"})
    assert rules.colours == ("blue", "green")
    assert (rules.initial_state().phase, rules.initial_state().current) == (Phase.ROLL, 0)


def test_turns_pass_to_the_right_and_to_the_left_with_turn_order_clockwise() -> None:
    assert get_rules("parchis", 4).next_seat == (1, 2, 3, 0)  # yellow blue red green
    assert get_rules("parchis", 4, {"turn_order": "clockwise"}).next_seat == (3, 0, 1, 2)
    rules, state = position(
        four(yellow=["track:3", *HOME[:3]]), 2, rules={"turn_order": "clockwise"}
    )
    assert rules.colours[after(rules, state, "track:3>track:5").current] == "green"


@pytest.mark.parametrize(
    ("count", "row"), [("0", (-1, -1, -1, -1)), ("1", (-1, -1, -1, 0)), ("2", (-1, -1, 0, 0))]
)
def test_start_out_puts_pieces_on_their_exit(count: str, row: tuple[int, ...]) -> None:
    assert get_rules("parchis", 3, {"start_out": count}).initial_state().pieces == (row,) * 3


def test_start_out_2_starts_each_colour_with_a_blockade_on_its_exit() -> None:
    rules = get_rules("parchis", 4, {"start_out": "2", "first": "yellow"})
    state = rules.initial_state()
    assert all(row == (-1, -1, 0, 0) for row in state.pieces)
    rolled = rules.roll(state, 5)  # the exit holds two own pieces: nothing comes out
    assert moves(rules, rolled) == {"track:0>track:5"}


# --- leaving home --------------------------------------------------------------------


def test_a_5_brings_a_piece_out_and_must_while_the_exit_allows() -> None:
    rules, state = position(two(yellow=["home", "home", "home", "track:10"]), 5)
    assert moves(rules, state) == {"home>track:0"}  # not track:10>track:15
    state = after(rules, state, "home>track:0")
    assert state.pieces[0] == (-1, -1, 0, 10)
    assert (state.phase, state.current) == (Phase.ROLL, 1)  # the 5 is used up: not moved on
    rules, state = position(two(yellow=["home", "home", "track:0", "track:10"]), 5)
    assert moves(rules, state) == {"home>track:0"}  # one own piece on the exit: room for two


@pytest.mark.parametrize("roll", [1, 4, 6])
def test_only_a_5_brings_a_piece_out(roll: int) -> None:
    rules, state = position(two(), roll)
    assert moves(rules, state) == {"pass"}


def test_an_exit_holding_two_own_pieces_is_shut_and_the_5_moves_another_piece() -> None:
    rules, state = position(two(yellow=["home", "track:0", "track:0", "track:10"]), 5)
    assert moves(rules, state) == {"track:0>track:5", "track:10>track:15"}


def test_coming_out_shares_an_exit_with_one_piece_and_nobody_is_captured() -> None:
    rules, state = position(two(yellow=HOME, red=["space:0", *HOME[:3]]), 5)
    state = after(rules, state, "home>track:0")
    assert state.pieces == ((-1, -1, -1, 0), (-1, -1, -1, 34))
    assert (rules.bonus(state), state.phase, state.current) == (0, Phase.ROLL, 1)


def test_coming_out_onto_an_own_and_an_opponents_piece_captures_the_opponent() -> None:
    rules, state = position(two(yellow=[*HOME[:3], "track:0"], red=["space:0", *HOME[:3]]), 5)
    assert moves(rules, state) == {"home>track:0"}
    state = after(rules, state, "home>track:0")
    assert state.pieces == ((-1, -1, 0, 0), (-1, -1, -1, -1))
    assert (state.phase, state.current, rules.bonus(state)) == (Phase.MOVE, 0, 20)
    assert moves(rules, state) == {"track:0>track:20"}  # the two on the exit move alike


def test_an_opponents_blockade_on_the_exit_does_not_keep_a_piece_in() -> None:
    rules, state = position(two(red=["space:0", "space:0", "home", "home"]), 5)
    assert moves(rules, state) == {"home>track:0"}
    state = after(rules, state, "home>track:0")
    assert state.pieces == ((-1, -1, -1, 0), (-1, -1, -1, 34))
    assert rules.bonus(state) == 20


def test_exit_capture_off_shuts_a_full_exit() -> None:
    off = {"exit_capture": "off"}
    pieces = two(yellow=[*HOME[:3], "track:0"], red=["space:0", *HOME[:3]])
    rules, state = position(pieces, 5, rules=off)
    assert moves(rules, state) == {"track:0>track:5"}
    rules, state = position(two(red=["space:0", "space:0", "home", "home"]), 5, rules=off)
    assert moves(rules, state) == {"pass"}


def test_of_two_opponents_on_the_exit_the_last_to_arrive_is_captured() -> None:
    """Played out: who arrived last on yellow's exit (board space 0) is whom yellow's piece
    coming out captures, whichever seat that is."""
    # blue stood there already; green arrives (its track:17 is space 0), then yellow comes out
    rules, state = position(
        four(blue=["space:0", *HOME[:3]], green=["space:64", *HOME[:3]]), to_move="green"
    )
    state = turn(rules, state, 4, "track:13>track:17")
    state = turn(rules, state, 5, "home>track:0")
    assert state.pieces[3] == (-1, -1, -1, -1) and state.pieces[1] == (-1, -1, -1, 51)
    # green arrives first, blue later: blue is captured (and green would have been, had the
    # first to arrive counted)
    rules, state = position(
        four(blue=["space:65", *HOME[:3]], green=["space:64", *HOME[:3]]), to_move="green"
    )
    state = turn(rules, state, 4, "track:13>track:17")  # green arrives
    state = turn(rules, state, 3, "pass")  # yellow
    state = turn(rules, state, 3, "track:48>track:51")  # blue arrives
    state = turn(rules, state, 3, "pass")  # red
    state = turn(rules, state, 5, "home>track:0")  # green comes out on its own exit
    state = turn(rules, state, 5, "home>track:0")  # yellow
    assert state.pieces[1] == (-1, -1, -1, -1)
    assert state.pieces[3] == (-1, -1, 0, 17)


# --- moving ----------------------------------------------------------------------------


def test_a_piece_moves_exactly_the_count_and_turns_into_its_own_column() -> None:
    rules, state = position(two(yellow=["track:3", "track:60", "home", "home"]), 4)
    assert moves(rules, state) == {"track:3>track:7", "track:60>lane:1"}
    rules, state = position(two(yellow=["track:62", "lane:3", "lane:6", "goal"]), 2)
    assert moves(rules, state) == {"track:62>lane:1", "lane:3>lane:5", "lane:6>goal"}


def test_a_6_counts_7_while_no_piece_is_at_home() -> None:
    rules, state = position(two(yellow=["track:3", "track:10", "track:20", "goal"]), 6)
    assert moves(rules, state) == {"track:3>track:10", "track:10>track:17", "track:20>track:27"}
    rules, state = position(two(yellow=["track:3", "track:10", "track:20", "home"]), 6)
    assert moves(rules, state) == {"track:3>track:9", "track:10>track:16", "track:20>track:26"}


@pytest.mark.parametrize(
    ("count", "target"), [("6", "track:9"), ("7", "track:10"), ("12", "track:15")]
)
def test_six_counts_option(count: str, target: str) -> None:
    rules, state = position(
        two(yellow=["track:3", "goal", "goal", "goal"]), 6, rules={"six_counts": count}
    )
    assert moves(rules, state) == {f"track:3>{target}"}


def test_a_6_rolls_again_even_when_nothing_can_move() -> None:
    rules, state = position(two(yellow=["track:3", *HOME[:3]]), 6)
    state = after(rules, state, "track:3>track:9")
    assert (state.phase, state.current, state.streak) == (Phase.ROLL, 0, 1)
    rules, state = position(two(), 6)
    assert rules.legal_moves(state) == [PASS]
    state = rules.play(state, PASS)
    assert (state.phase, state.current, state.streak) == (Phase.ROLL, 0, 1)


def test_a_third_6_in_a_row_sends_the_last_moved_piece_home_and_the_turn_passes() -> None:
    rules, state = position(two(yellow=["home", "track:5", "track:20", "track:30"]))
    state = turn(rules, state, 6, "track:30>track:36")
    state = turn(rules, state, 6, "track:5>track:11")
    state = rules.roll(state, 6)
    assert state.pieces[0] == (-1, -1, 20, 36)  # the piece moved with the second 6
    assert (state.phase, state.current, state.streak) == (Phase.ROLL, 1, 0)


def test_the_third_6_spares_a_piece_in_its_column_or_puts_it_at_the_column_start() -> None:
    pieces = two(yellow=["home", "track:5", "track:20", "track:60"])
    for options, last in [({}, 66), ({"three_sixes": "lane-start"}, 64)]:
        rules, state = position(pieces, rules=options)
        state = turn(rules, state, 6, "track:20>track:26")
        state = turn(rules, state, 6, "track:60>lane:3")
        state = rules.roll(state, 6)
        assert state.pieces[0] == (-1, 5, 26, last)
        assert (state.phase, state.current) == (Phase.ROLL, 1)


def test_a_third_6_with_no_piece_moved_this_turn_sends_nothing_home() -> None:
    rules, state = position(two(red=["space:10", *HOME[:3]]))
    state = turn(rules, turn(rules, state, 6, "pass"), 6, "pass")
    state = rules.roll(state, 6)
    assert state.pieces == ((-1,) * 4, (-1, -1, -1, 44))
    assert (state.phase, state.current) == (Phase.ROLL, 1)


def test_three_sixes_off_plays_the_third_6() -> None:
    rules, state = position(two(yellow=["track:3", *HOME[:3]]), rules={"three_sixes": "off"})
    state = turn(rules, state, 6, "track:3>track:9")
    state = turn(rules, state, 6, "track:9>track:15")
    state = rules.roll(state, 6)
    assert (state.phase, state.streak) == (Phase.MOVE, 2)
    assert moves(rules, state) == {"track:15>track:21"}


# --- blockades and full spaces ------------------------------------------------------------


def test_nobody_passes_or_lands_on_a_blockade() -> None:
    pieces = two(yellow=["track:7", *HOME[:3]], red=["space:10", "space:10", "home", "home"])
    for roll, expected in [(4, {"pass"}), (3, {"pass"}), (2, {"track:7>track:9"})]:
        rules, state = position(pieces, roll)
        assert moves(rules, state) == expected


def test_not_even_its_owner_passes_its_blockade_on_the_track_or_in_the_column() -> None:
    rules, state = position(two(yellow=["home", "track:3", "track:5", "track:5"]), 4)
    assert moves(rules, state) == {"track:5>track:9"}
    rules, state = position(two(yellow=["home", "lane:1", "lane:2", "lane:2"]), 3)
    assert moves(rules, state) == {"lane:2>lane:5"}


def test_two_colours_on_a_safe_space_are_no_blockade_but_fill_it() -> None:
    pieces = two(yellow=["home", "home", "track:5", "track:7"], red=["space:7", *HOME[:3]])
    rules, state = position(pieces, 4)
    assert moves(rules, state) == {"track:5>track:9", "track:7>track:11"}  # 5 passes 7
    rules, state = position(pieces, 2)
    assert moves(rules, state) == {"track:7>track:9"}  # nobody lands on a full space


def test_a_6_must_open_a_blockade_where_a_piece_of_it_can_move() -> None:
    rules, state = position(two(yellow=["home", "track:10", "track:10", "track:20"]), 6)
    assert moves(rules, state) == {"track:10>track:16"}
    rules, state = position(two(yellow=["home", "track:10", "track:10", "track:16"]), 6)
    assert moves(rules, state) == {"track:10>track:16"}  # onto an own piece: a new blockade
    stuck = two(
        yellow=["home", "track:10", "track:10", "track:20"],
        red=["space:16", "space:16", "home", "home"],
    )
    rules, state = position(stuck, 6)
    assert moves(rules, state) == {"track:20>track:26"}  # no piece of it can move


def test_blockade_six_free_opens_blockades_at_will() -> None:
    pieces = two(yellow=["home", "track:10", "track:10", "track:20"])
    rules, state = position(pieces, 6, rules={"blockade_six": "free"})
    assert moves(rules, state) == {"track:10>track:16", "track:20>track:26"}


def test_a_bonus_never_has_to_open_a_blockade() -> None:
    """The die still reads 6 while the bonus is moved: the bonus may leave a blockade shut."""
    pieces = two(
        yellow=["track:10", "track:10", "track:20", "track:20"], red=["space:27", *HOME[:3]]
    )
    rules, state = position(pieces, 6)  # no piece at home: 7, out of one of the blockades
    assert moves(rules, state) == {"track:10>track:17", "track:20>track:27"}
    state = after(rules, state, "track:20>track:27")
    assert (rules.bonus(state), state.roll) == (20, 6)
    assert moves(rules, state) == {"track:10>track:30", "track:20>track:40", "track:27>track:47"}


def test_blockades_safe_lets_two_own_pieces_share_only_a_safe_space_or_the_column() -> None:
    safe = {"blockades": "safe"}
    rules, state = position(two(yellow=["home", "home", "track:3", "track:5"]), 2)
    assert moves(rules, state) == {"track:3>track:5", "track:5>track:7"}
    rules, state = position(two(yellow=["home", "home", "track:3", "track:5"]), 2, rules=safe)
    assert moves(rules, state) == {"track:5>track:7"}
    rules, state = position(two(yellow=["home", "home", "track:5", "track:7"]), 2, rules=safe)
    assert moves(rules, state) == {"track:5>track:7", "track:7>track:9"}  # 7 is safe
    rules, state = position(two(yellow=["home", "home", "lane:1", "lane:3"]), 2, rules=safe)
    assert moves(rules, state) == {"lane:1>lane:3", "lane:3>lane:5"}


# --- captures and bonuses -------------------------------------------------------------------


def test_landing_on_a_lone_opponent_sends_it_home_and_earns_a_move_of_20() -> None:
    pieces = two(yellow=["home", "home", "track:5", "track:20"], red=["space:23", *HOME[:3]])
    rules, state = position(pieces, 3)
    assert moves(rules, state) == {"track:5>track:8", "track:20>track:23"}
    state = after(rules, state, "track:20>track:23")
    assert state.pieces == ((-1, -1, 5, 23), (-1,) * 4)
    assert (state.phase, state.current, rules.bonus(state)) == (Phase.MOVE, 0, 20)
    # any own piece in play, the capturer too; the home pieces stay home
    assert moves(rules, state) == {"track:5>track:25", "track:23>track:43"}
    state = after(rules, state, "track:23>track:43")
    assert (state.phase, state.current, rules.bonus(state)) == (Phase.ROLL, 1, 0)


def test_passing_over_an_opponent_captures_nothing() -> None:
    rules, state = position(two(yellow=["track:20", *HOME[:3]], red=["space:23", *HOME[:3]]), 4)
    state = after(rules, state, "track:20>track:24")
    assert state.pieces[1] == (-1, -1, -1, 57) and rules.bonus(state) == 0


def test_no_capture_on_a_safe_space_the_pieces_share_it() -> None:
    rules, state = position(two(yellow=["track:9", *HOME[:3]], red=["space:12", *HOME[:3]]), 3)
    assert moves(rules, state) == {"track:9>track:12"}
    state = after(rules, state, "track:9>track:12")
    assert state.pieces == ((-1, -1, -1, 12), (-1, -1, -1, 46))
    assert (rules.bonus(state), state.current) == (0, 1)


def test_the_bonus_counts_20_even_after_a_6_that_counted_7() -> None:
    pieces = two(yellow=["track:3", "track:13", "goal", "goal"], red=["space:20", *HOME[:3]])
    rules, state = position(pieces, 6)  # no piece at home: 7
    assert moves(rules, state) == {"track:3>track:10", "track:13>track:20"}
    state = after(rules, state, "track:13>track:20")
    assert rules.bonus(state) == 20
    assert moves(rules, state) == {"track:3>track:23", "track:20>track:40"}


def test_a_bonus_move_that_captures_earns_another_20() -> None:
    pieces = two(
        yellow=["home", "home", "track:5", "track:20"], red=["space:23", "space:25", "home", "home"]
    )
    rules, state = position(pieces, 3)
    state = after(rules, state, "track:20>track:23")
    state = after(rules, state, "track:5>track:25")
    assert state.pieces[1] == (-1,) * 4
    assert (state.phase, state.current, rules.bonus(state)) == (Phase.MOVE, 0, 20)
    assert moves(rules, state) == {"track:23>track:43", "track:25>track:45"}


def test_a_bonus_no_piece_can_move_is_lost_as_a_pass() -> None:
    rules, state = position(
        two(yellow=["home", "home", "home", "track:57"], red=["space:60", *HOME[:3]]), 3
    )
    state = after(rules, state, "track:57>track:60")
    assert rules.bonus(state) == 20 and moves(rules, state) == {"pass"}  # 60 + 20 is past the goal
    state = rules.play(state, PASS)
    assert (state.phase, state.current, rules.bonus(state)) == (Phase.ROLL, 1, 0)


def test_after_a_6_the_bonus_comes_first_then_the_extra_roll() -> None:
    pieces = two(yellow=["home", "track:4", "track:30", "goal"], red=["space:10", *HOME[:3]])
    rules, state = position(pieces, 6)
    state = after(rules, state, "track:4>track:10")
    assert (state.phase, rules.bonus(state)) == (Phase.MOVE, 20)
    # the capturer may join its own piece on 30: a blockade
    assert moves(rules, state) == {"track:10>track:30", "track:30>track:50"}
    state = after(rules, state, "track:30>track:50")
    assert (state.phase, state.current, state.streak) == (Phase.ROLL, 0, 1)
    # lost as a pass: the 6 still rolls again
    rules, state = position(
        two(yellow=["home", "home", "home", "track:55"], red=["space:61", *HOME[:3]]), 6
    )
    state = rules.play(after(rules, state, "track:55>track:61"), PASS)
    assert (state.phase, state.current, state.streak) == (Phase.ROLL, 0, 1)


def test_a_bonus_move_is_the_last_moved_piece_a_third_6_sends_home() -> None:
    pieces = two(yellow=["home", "track:2", "track:30", "track:40"], red=["space:8", *HOME[:3]])
    rules, state = position(pieces)
    state = turn(rules, state, 6, "track:40>track:46")
    state = turn(rules, state, 6, "track:2>track:8")  # captures: a bonus of 20
    state = after(rules, state, "track:30>track:50")
    assert (state.phase, state.current, state.streak) == (Phase.ROLL, 0, 2)
    state = rules.roll(state, 6)
    assert state.pieces[0] == (-1, -1, 8, 46)
    assert (state.phase, state.current) == (Phase.ROLL, 1)


def test_capture_bonus_0_sends_home_and_earns_nothing() -> None:
    pieces = two(yellow=["home", "home", "track:5", "track:20"], red=["space:23", *HOME[:3]])
    rules, state = position(pieces, 3, rules={"capture_bonus": "0"})
    state = after(rules, state, "track:20>track:23")
    assert state.pieces[1] == (-1,) * 4
    assert (state.phase, state.current, rules.bonus(state)) == (Phase.ROLL, 1, 0)


# --- the column and the goal ---------------------------------------------------------------


def test_the_goal_needs_the_exact_count_and_earns_a_move_of_10() -> None:
    rules, state = position(two(yellow=["home", "home", "track:20", "lane:5"]), 4)
    assert moves(rules, state) == {"track:20>track:24"}  # lane:5 + 4 is past the goal
    rules, state = position(two(yellow=["home", "home", "track:20", "lane:5"]), 3)
    assert moves(rules, state) == {"track:20>track:23", "lane:5>goal"}
    state = after(rules, state, "lane:5>goal")
    assert (state.phase, state.current, rules.bonus(state)) == (Phase.MOVE, 0, 10)
    assert moves(rules, state) == {"track:20>track:30"}
    assert after(rules, state, "track:20>track:30").current == 1


def test_a_bonus_move_into_the_goal_earns_10_more() -> None:
    pieces = two(yellow=["home", "home", "track:10", "track:51"], red=["space:13", *HOME[:3]])
    rules, state = position(pieces, 3)
    state = after(rules, state, "track:10>track:13")
    assert moves(rules, state) == {"track:13>track:33", "track:51>goal"}
    state = after(rules, state, "track:51>goal")
    assert (state.phase, state.current, rules.bonus(state)) == (Phase.MOVE, 0, 10)
    assert moves(rules, state) == {"track:13>track:23"}
    assert after(rules, state, "track:13>track:23").current == 1


def test_goal_bonus_0_earns_nothing() -> None:
    rules, state = position(
        two(yellow=["home", "home", "track:20", "lane:5"]), 3, rules={"goal_bonus": "0"}
    )
    state = after(rules, state, "lane:5>goal")
    assert (state.phase, state.current, rules.bonus(state)) == (Phase.ROLL, 1, 0)


def test_finish_bounce_walks_the_surplus_back_from_the_goal() -> None:
    bounce = {"finish": "bounce"}
    rules, state = position(two(yellow=["home", "home", "home", "lane:5"]), 4, rules=bounce)
    assert moves(rules, state) == {"lane:5>lane:7"}
    state = after(rules, state, "lane:5>lane:7")
    assert state.pieces[0] == (-1, -1, -1, 70) and rules.bonus(state) == 0  # not in the goal
    rules, state = position(two(yellow=["home", "home", "home", "lane:5"]), 3, rules=bounce)
    assert moves(rules, state) == {"lane:5>goal"}
    assert rules.bonus(after(rules, state, "lane:5>goal")) == 10
    # a bounce ends on no space holding two: lane:7's 4 would end on lane:5's pair
    rules, state = position(two(yellow=["home", "lane:5", "lane:5", "lane:7"]), 4, rules=bounce)
    assert moves(rules, state) == {"lane:5>lane:7"}
    # nor passes a blockade: lane:4's 5 would pass lane:6's pair; one of the pair bounces
    rules, state = position(two(yellow=["lane:4", "lane:6", "lane:6", "goal"]), 5, rules=bounce)
    assert moves(rules, state) == {"lane:6>lane:5"}


def test_a_bounce_out_of_its_own_blockade_is_not_stopped_by_it() -> None:
    rules, state = position(
        two(yellow=["home", "home", "lane:7", "lane:7"]), 4, rules={"finish": "bounce"}
    )
    assert moves(rules, state) == {"lane:7>lane:5"}  # 70, goal, back to 70 (one piece), 69, 68


# --- the end --------------------------------------------------------------------------------


def test_the_first_with_four_at_the_goal_wins_and_the_game_stops() -> None:
    rules, state = position(
        two(yellow=["lane:5", "goal", "goal", "goal"], red=["space:40", *HOME[:3]]), 3
    )
    state = after(rules, state, "lane:5>goal")
    assert state.is_over and rules.bonus(state) == 0  # no bonus move after the last piece
    outcome = rules.outcome(state)
    assert outcome.places == (1, 2) and outcome.winners == (0,)


def test_play_on_goes_on_for_every_place() -> None:
    nearly = ["lane:5", "goal", "goal", "goal"]
    pieces = every(("yellow", "blue", "red"), HOME, yellow=nearly)
    rules, state = position(pieces, 3, rules={"play_on": "on"})
    state = after(rules, state, "lane:5>goal")
    assert not state.is_over and state.finished == (0,) and state.current == 1
    done = ["goal"] * 4
    pieces = every(("yellow", "blue", "red"), HOME, yellow=done, red=nearly)
    rules, state = position(pieces, 3, to_move="red", rules={"play_on": "on"})
    state = after(rules, state, "lane:5>goal")
    assert state.is_over and rules.outcome(state).places == (1, 3, 2)


def test_teams_partners_sit_opposite_and_the_first_home_wins_for_the_pair() -> None:
    rules = get_rules("parchis", 4, {"teams": "on"})
    assert rules.sides == (0, 1, 0, 1) and rules.side_name(0) == "yellow+red"
    pieces = four(red=["lane:5", "goal", "goal", "goal"], yellow=["track:3", *HOME[:3]])
    rules, state = position(pieces, 3, to_move="red", rules={"teams": "on"})
    state = after(rules, state, "lane:5>goal")
    assert state.is_over
    outcome = rules.outcome(state)
    assert outcome.places == (1, 2) and outcome.winners == (0,)  # each pair's place
    # partners are opponents on the board: yellow captures red
    pieces = four(yellow=["track:20", *HOME[:3]], red=["space:23", *HOME[:3]])
    rules, state = position(pieces, 3, rules={"teams": "on"})
    state = after(rules, state, "track:20>track:23")
    assert state.pieces[2] == (-1,) * 4 and rules.bonus(state) == 20


def test_two_sets_each_player_plays_two_opposite_colours() -> None:
    rules = get_rules("parchis", 2, {"two_sets": "on"})
    assert rules.colours == FOUR
    assert rules.player_of_seat == (0, 1, 0, 1) and rules.side_name(0) == "yellow+red"
    assert rules.initial_state().contenders == (0, 1)  # one roll-off pop a player
    nearly = ["lane:5", "goal", "goal", "goal"]
    rules, state = position(four(yellow=nearly), 3, players=2, rules={"two_sets": "on"})
    state = after(rules, state, "lane:5>goal")
    assert not state.is_over and state.finished == (0,)
    pieces = four(yellow=["goal"] * 4, red=nearly)
    rules, state = position(pieces, 3, to_move="red", players=2, rules={"two_sets": "on"})
    state = after(rules, state, "lane:5>goal")
    assert state.is_over and rules.outcome(state).winners == (0,)


@pytest.mark.parametrize(
    ("players", "options", "message"),
    [
        (2, {"teams": "on"}, "teams=on needs exactly 4 players"),
        (3, {"two_sets": "on"}, "two_sets=on needs exactly 2 players"),
        (2, {"two_sets": "on", "seating": "1"}, "does not go with two_sets=on"),
        (2, {"six_counts": "8"}, "six_counts"),
    ],
)
def test_options_are_refused_where_they_cannot_apply(
    players: int, options: dict[str, str], message: str
) -> None:
    with pytest.raises(OptionError, match=message):
        get_rules("parchis", players, options)


# --- how moves read -------------------------------------------------------------------------


def test_how_moves_read() -> None:
    """Spaces by the numbers the board prints (yellow's exit is 5), alike for every colour."""
    rules, state = position(two(yellow=[*HOME[:3], "track:0"], red=["space:0", *HOME[:3]]), 5)
    assert say(rules, state, "home>track:0") == "Bring a piece out and send Red home"
    assert say(rules, state, "home>track:0", "Yellow") == (
        "Yellow brings a piece out and sends Red home"
    )
    rules, state = position(two(), 5)
    assert say(rules, state, "home>track:0", "Yellow") == "Yellow brings a piece out"
    pieces = two(yellow=["home", "track:0", "track:20", "lane:4"], red=["space:23", *HOME[:3]])
    rules, state = position(pieces, 3)
    assert say(rules, state, "track:0>track:3") == "Move the piece from 5 to 8"
    assert say(rules, state, "track:20>track:23") == (
        "Move the piece from 25 to 28 and send Red home"
    )
    assert say(rules, state, "lane:4>lane:7") == "Move the piece from lane 4 to lane 7"
    rules, state = position(two(yellow=["home", "home", "track:60", "lane:5"]), 3)
    assert say(rules, state, "lane:5>goal", "Yellow") == (
        "Yellow moves the piece from lane 5 into the goal"
    )
    assert say(rules, state, "track:60>track:63") == "Move the piece from 65 to 68"


def test_a_bonus_move_says_it_is_one() -> None:
    pieces = two(yellow=["home", "home", "track:5", "track:20"], red=["space:23", *HOME[:3]])
    rules, state = position(pieces, 3)
    state = after(rules, state, "track:20>track:23")
    assert say(rules, state, "track:5>track:25") == "Move the piece from 10 to 30 (a bonus of 20)"
    assert say(rules, state, "track:23>track:43", "Yellow") == (
        "Yellow moves the piece from 28 to 48 (a bonus of 20)"
    )
    rules, state = position(two(yellow=["home", "home", "track:20", "lane:5"]), 3)
    state = after(rules, state, "lane:5>goal")
    assert say(rules, state, "track:20>track:30") == "Move the piece from 25 to 35 (a bonus of 10)"
    rules, state = position(
        two(yellow=["home", "home", "home", "track:57"], red=["space:60", *HOME[:3]]), 3
    )
    state = after(rules, state, "track:57>track:60")
    assert str(rules.describe(state, PASS)) == "Pass: nothing can move"  # no bonus words


# --- dice and bad input ---------------------------------------------------------------------


def test_the_roll_is_a_fair_d6() -> None:
    rules, state = position(two(yellow=["track:3", *HOME[:3]]))
    assert rules.chance_outcomes(state) == tuple((n, Fraction(1, 6)) for n in range(1, 7))


def test_an_illegal_move_is_refused_and_changes_nothing() -> None:
    rules, state = position(two(yellow=["track:3", *HOME[:3]]), 2)
    before = state
    with pytest.raises(IllegalMoveError, match=r"'track:3>track:9' is not a legal move"):
        rules.parse_move(state, "track:3>track:9")
    with pytest.raises(IllegalMoveError, match=r"home>track:0 is not a legal move: yellow to"):
        rules.play(state, Step(-1, 0, "home>track:0"))
    assert state == before


@pytest.mark.parametrize(
    ("pieces", "message"),
    [
        (
            two(yellow=["track:3", *HOME[:3]], red=["space:3", *HOME[:3]]),
            "Yellow and Red both have a piece on space:3, which is not a safe square",
        ),
        (two(yellow=["track:64", *HOME[:3]]), "Yellow position 'track:64' is not one of"),
        (two(yellow=["lane:8", *HOME[:3]]), "lane:1..7, goal"),
        (two(yellow=HOME[:3]), "Yellow has 3 pieces, not 4"),
        (two(red=["space:31", *HOME[:3]]), "Red position 'space:31'"),  # past red's column
    ],
)
def test_malformed_states_are_refused(pieces: dict[str, list[str]], message: str) -> None:
    with pytest.raises(NotationError, match=message):
        position(pieces, 3)


@pytest.mark.parametrize(
    ("pieces", "options"),
    [
        (two(yellow=["track:3", "track:3", "track:3", "home"]), {}),
        (two(yellow=["track:7", *HOME[:3]], red=["space:7", "space:7", "home", "home"]), {}),
        (two(yellow=["track:3", "track:3", "home", "home"]), {"blockades": "safe"}),
    ],
)
def test_a_position_no_game_reaches_is_refused(
    pieces: dict[str, list[str]], options: dict[str, str]
) -> None:
    with pytest.raises(NotationError):
        position(pieces, 3, rules=options)
