"""Trouble: one scenario per rule and option (exact legal moves), bad input, and
random-play invariants. Each test names the rule it guards (docs/rules/trouble.md)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

import positions
from pegrace import IllegalMoveError, NotationError, OptionError, get_rules
from pegrace.engine import Rules
from pegrace.moves import PASS, Step
from pegrace.native import Computer
from pegrace.state import Phase, State
from positions import after, every, moves

ALL_HOME = ["home"] * 4


def position(
    pieces: dict[str, list[str]], roll: Any = None, to_move: str = "red", **extra: Any
) -> tuple[Rules, State]:
    return positions.position("trouble", pieces, roll, to_move, **extra)


def four(**pieces: list[str]) -> dict[str, list[str]]:
    """Pieces for a 4-player game: colours not named keep all their pieces off the board."""
    return every(("red", "yellow", "green", "blue"), ALL_HOME, **pieces)


# --- board and seating ---------------------------------------------------------


def test_colours_and_starts_by_player_count() -> None:
    assert get_rules("trouble", 4).colours == ("red", "yellow", "green", "blue")
    assert get_rules("trouble", 3).colours == ("red", "yellow", "green")
    assert get_rules("trouble", 2).colours == ("red", "green")  # opposite each other
    rules = get_rules("trouble", 4)
    assert [rules.track.starts[c] for c in rules.colours] == [0, 7, 14, 21]
    assert rules.track.loop_length == 28


def test_player_count_outside_two_to_four_is_refused() -> None:
    with pytest.raises(OptionError, match="2 to 4 players"):
        get_rules("trouble", 5)


def test_absolute_and_relative_positions_agree() -> None:
    rules, state = position(four(yellow=["space:9", "home", "home", "home"]), to_move="yellow")
    assert state.pieces[1] == (-1, -1, -1, 2)  # space 9 is 2 steps past yellow's start (7)
    assert rules.abs_of[1][2] == 9  # and back


# --- roll-off --------------------------------------------------------------------


def test_rolloff_highest_starts_and_ties_repop_among_tied_only() -> None:
    rules = get_rules("trouble", 4)
    state = rules.initial_state()
    assert state.phase == Phase.ROLLOFF and state.contenders == (0, 1, 2, 3)
    for pop in (3, 6, 6, 2):
        state = rules.roll(state, pop)
    assert state.phase == Phase.ROLLOFF and state.contenders == (1, 2)
    assert state.current == 1
    state = rules.roll(rules.roll(state, 4), 5)
    assert state.phase == Phase.ROLL and state.current == 2  # green starts
    assert state.turn == 1


def test_rolloff_pops_are_d6_chance_events() -> None:
    rules = get_rules("trouble", 2)
    outcomes = rules.chance_outcomes(rules.initial_state())
    assert [r for r, _ in outcomes] == [1, 2, 3, 4, 5, 6]
    assert sum(p for _, p in outcomes) == 1
    with pytest.raises(IllegalMoveError, match="not a possible roll"):
        rules.roll(rules.initial_state(), 7)


# --- turn order -----------------------------------------------------------------


def test_turns_pass_clockwise_by_default() -> None:
    rules = get_rules("trouble", 4)
    assert [rules.next_seat[s] for s in range(4)] == [1, 2, 3, 0]  # red yellow green blue


def test_turn_order_counterclockwise_option() -> None:
    rules = get_rules("trouble", 4, {"turn_order": "counterclockwise"})
    assert [rules.colours[rules.next_seat[s]] for s in range(4)] == [
        "blue",
        "red",
        "yellow",
        "green",
    ]
    rules, state = position(
        four(red=["track:3", "home", "home", "home"]), 2, rules={"turn_order": "counterclockwise"}
    )
    assert rules.colours[after(rules, state, "track:3>track:5").current] == "blue"


# --- leaving home ---------------------------------------------------------------


def test_a_six_is_needed_to_leave_home() -> None:
    rules, state = position(four(), 5)
    assert moves(rules, state) == {"pass"}
    rules, state = position(four(), 6)
    assert moves(rules, state) == {"home>track:0", "pass"}


def test_leaving_home_uses_the_six() -> None:
    rules, state = position(four(), 6)
    state = after(rules, state, "home>track:0")
    assert state.pieces[0] == (-1, -1, -1, 0)
    assert state.phase == Phase.ROLL and state.current == 0  # the extra pop of the 6


def test_own_peg_on_start_blocks_bringing_one_out() -> None:
    rules, state = position(four(red=["track:0", "home", "home", "home"]), 6)
    assert moves(rules, state) == {"track:0>track:6", "pass"}


def test_bringing_a_peg_out_sends_an_opponent_on_start_home() -> None:
    # yellow's track:21 is space 0, red's start
    rules, state = position(four(yellow=["track:21", "home", "home", "home"]), 6)
    state = after(rules, state, "home>track:0")
    assert state.pieces[0] == (-1, -1, -1, 0)
    assert state.pieces[1] == (-1, -1, -1, -1)


# --- sixes ------------------------------------------------------------------------

STUCK = ["finish:4", "finish:3", "track:27", "track:26"]  # no peg can move a 6


def test_a_six_grants_another_pop_even_when_unusable() -> None:
    rules, state = position(four(red=STUCK), 6, rules={"voluntary_pass": "off"})
    assert moves(rules, state) == {"pass"}
    state = rules.play(state, PASS)
    assert state.phase == Phase.ROLL and state.current == 0 and state.streak == 1


def test_six_bonus_if_played_option_needs_the_six_moved() -> None:
    rules, state = position(four(red=STUCK), 6, rules={"six_bonus": "if-played"})
    state = rules.play(state, PASS)
    assert state.current == 1 and state.streak == 0
    rules, state = position(four(), 6, rules={"six_bonus": "if-played"})
    assert after(rules, state, "home>track:0").current == 0


def test_no_penalty_for_repeated_sixes_by_default() -> None:
    rules, state = position(four(red=["track:3", "home", "home", "home"]), 6, streak=2)
    assert moves(rules, state) == {"track:3>track:9", "home>track:0", "pass"}
    assert after(rules, state, "track:3>track:9").current == 0


def test_three_sixes_forfeit_option() -> None:
    options = {"three_sixes": "forfeit"}
    pieces = four(red=["track:3", "home", "home", "home"])
    rules, state = position(pieces, 6, streak=2, rules=options)
    assert moves(rules, state) == {"pass"}
    assert rules.play(state, PASS).current == 1
    rules, state = position(pieces, 6, streak=1, rules=options)  # the second 6 still plays
    assert moves(rules, state) == {"track:3>track:9", "home>track:0", "pass"}


# --- moving and capturing ----------------------------------------------------------


def test_move_exactly_the_pop_but_never_onto_an_own_peg() -> None:
    rules, state = position(four(red=["track:3", "track:5", "home", "home"]), 2)
    assert moves(rules, state) == {"track:5>track:7", "pass"}


def test_landing_on_an_opponent_sends_it_home() -> None:
    rules, state = position(
        four(red=["track:3", "home", "home", "home"], yellow=["track:0", "home", "home", "home"]), 4
    )
    state = after(rules, state, "track:3>track:7")
    assert state.pieces[0] == (-1, -1, -1, 7)
    assert state.pieces[1] == (-1, -1, -1, -1)


def test_passing_over_pegs_does_not_capture() -> None:
    rules, state = position(
        four(red=["track:3", "home", "home", "home"], yellow=["track:0", "home", "home", "home"]), 6
    )
    state = after(rules, state, "track:3>track:9")
    assert state.pieces[1] == (-1, -1, -1, 0)


def test_pegs_never_enter_another_colours_lane() -> None:
    # yellow on space 26 passes red's lane entry (space 27) and red's start (space 0)
    rules, state = position(four(yellow=["track:19", "home", "home", "home"]), 3, to_move="yellow")
    assert moves(rules, state) == {"track:19>track:22", "pass"}
    assert rules.abs_of[1][22] == 1  # red's space 1, past red's lane entry


# --- the finish lane ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("roll", "expected"),
    [(1, {"track:27>finish:1"}), (4, {"track:27>finish:4"}), (5, set()), (6, set())],
)
def test_finish_slot_n_needs_n_plus_spaces_left(roll: int, expected: set[str]) -> None:
    rules, state = position(
        four(red=["track:27", "home", "home", "home"]), roll, rules={"voluntary_pass": "off"}
    )
    if roll == 6:
        expected = {"home>track:0"}
    assert moves(rules, state) == (expected or {"pass"})


def test_finish_entry_from_further_back() -> None:
    rules, state = position(four(red=["track:25", "home", "home", "home"]), 3)
    assert moves(rules, state) == {"track:25>finish:1", "pass"}


def test_pegs_move_inside_the_lane_by_exact_count_not_onto_own() -> None:
    rules, state = position(four(red=["finish:1", "finish:3", "home", "home"]), 2)
    assert moves(rules, state) == {"pass"}  # finish:1>finish:3 is own-occupied
    rules, state = position(four(red=["finish:1", "finish:4", "home", "home"]), 2)
    assert moves(rules, state) == {"finish:1>finish:3", "pass"}
    rules, state = position(four(red=["finish:2", "home", "home", "home"]), 3)
    assert moves(rules, state) == {"pass"}  # would overshoot the lane


def test_deepest_first_option_fills_the_lane_from_the_back() -> None:
    options = {"finish": "deepest-first"}
    rules, state = position(four(red=["track:27", "home", "home", "home"]), 1, rules=options)
    assert moves(rules, state) == {"pass"}
    rules, state = position(four(red=["track:27", "home", "home", "home"]), 4, rules=options)
    assert moves(rules, state) == {"track:27>finish:4", "pass"}
    rules, state = position(four(red=["track:27", "finish:4", "home", "home"]), 3, rules=options)
    assert moves(rules, state) == {"track:27>finish:3", "pass"}
    rules, state = position(four(red=["finish:2", "home", "home", "home"]), 1, rules=options)
    assert moves(rules, state) == {"pass"}  # no moves inside the lane


# --- passing -----------------------------------------------------------------------


def test_no_move_means_the_turn_passes() -> None:
    rules, state = position(four(), 3, rules={"voluntary_pass": "off"})
    assert rules.legal_moves(state) == [PASS]
    state = rules.play(state, PASS)
    assert state.current == 1 and state.phase == Phase.ROLL


def test_voluntary_pass_option() -> None:
    pieces = four(red=["track:3", "home", "home", "home"])
    rules, state = position(pieces, 2)
    assert moves(rules, state) == {"track:3>track:5", "pass"}
    rules, state = position(pieces, 2, rules={"voluntary_pass": "off"})
    assert moves(rules, state) == {"track:3>track:5"}


# --- the end of the game --------------------------------------------------------------

NEARLY = ["track:27", "finish:2", "finish:3", "finish:4"]


def test_play_goes_on_for_second_and_third_place_by_default() -> None:
    rules, state = position(four(red=NEARLY), 1)
    state = after(rules, state, "track:27>finish:1")
    assert state.finished == (0,) and not state.is_over
    assert state.current == 1
    rules, state = position(
        four(
            red=["finish:1", "finish:2", "finish:3", "finish:4"],
            yellow=NEARLY,
            green=["finish:1", "finish:2", "finish:3", "finish:4"],
        ),
        1,
        to_move="yellow",
        finished=["green", "red"],
    )
    state = after(rules, state, "track:27>finish:1")
    assert state.is_over
    outcome = rules.outcome(state)
    assert outcome.places == (2, 3, 1, 4)
    assert outcome.winners == (2,)
    assert rules.returns(state) == (2 / 3, 1 / 3, 1.0, 0.0)


def test_play_on_off_stops_at_the_first_winner() -> None:
    rules, state = position(four(red=NEARLY), 1, rules={"play_on": "off"})
    state = after(rules, state, "track:27>finish:1")
    assert state.is_over
    assert rules.outcome(state).winners == (0,)
    assert rules.outcome(state).places[0] == 1


def test_finished_players_are_skipped() -> None:
    done = ["finish:1", "finish:2", "finish:3", "finish:4"]
    rules, state = position(four(yellow=done, red=["track:3", "home", "home", "home"]), 2)
    state = after(rules, state, "track:3>track:5")
    assert rules.colours[state.current] == "green"


# --- two sets of pegs ----------------------------------------------------------------


def test_two_sets_each_player_plays_two_opposite_colours() -> None:
    rules = get_rules("trouble", 2, {"two_sets": "on"})
    assert rules.colours == ("red", "yellow", "green", "blue")
    assert rules.side_name(0) == "red+green" and rules.side_name(1) == "yellow+blue"
    assert rules.initial_state().contenders == (0, 1)  # one roll-off pop per player
    assert rules.one_player_sides and rules.player_of_seat == (0, 1, 0, 1)
    assert not get_rules("trouble", 2).one_player_sides
    assert not get_rules("marbles", 4, {"teams": "on"}).one_player_sides  # partners, not one


def test_two_sets_a_player_wins_when_both_colours_finish() -> None:
    done = ["finish:1", "finish:2", "finish:3", "finish:4"]
    options = {"two_sets": "on"}
    rules, state = position(four(red=NEARLY), 1, players=2, rules=options)
    state = after(rules, state, "track:27>finish:1")
    assert not state.is_over and state.finished == (0,)
    rules, state = position(
        four(red=done, green=NEARLY), 1, to_move="green", players=2, rules=options
    )
    state = after(rules, state, "track:27>finish:1")
    assert state.is_over and rules.outcome(state).winners == (0,)


def test_two_sets_needs_two_players() -> None:
    with pytest.raises(OptionError, match="two_sets=on needs exactly 2 players"):
        get_rules("trouble", 4, {"two_sets": "on"})


# --- the expert's chance of winning (docs/ai.md) ---------------------------------------


def losses(rules: Rules, state: State, to_move: int) -> tuple[float, ...]:
    """Every seat's expected loss to hits, as the expert's learned chance of winning counts it."""
    found = Computer(rules).look(state, to_move).losses
    assert found is not None
    return found


def chances(rules: Rules, state: State, to_move: int) -> tuple[float, ...]:
    found = Computer(rules).look(state, to_move).chances
    assert found is not None
    return found


def test_a_peg_loses_its_steps_times_the_chance_of_a_pop_that_hits_it() -> None:
    # yellow's peg on space 7 is 3 behind red's on space 10: one pop in 6 hits it
    rules, state = position(
        four(red=["track:10", *ALL_HOME[:3]], yellow=["space:7", *ALL_HOME[:3]])
    )
    red, yellow, blue = 0, 1, 3
    assert losses(rules, state, yellow)[red] == pytest.approx(11 / 6)
    # blue or red to roll: yellow pops only after red's turn, which the leaf has not reached
    assert losses(rules, state, blue)[red] == 0
    assert losses(rules, state, red)[red] == 0
    assert chances(rules, state, yellow)[red] < chances(rules, state, blue)[red]


def test_pops_that_hit_combine_within_and_across_opponents() -> None:
    two_pegs = four(red=["track:10", *ALL_HOME[:3]], yellow=["space:7", "space:8", "home", "home"])
    rules, state = position(two_pegs)
    assert losses(rules, state, 1)[0] == pytest.approx(11 * 2 / 6)
    two_seats = four(
        red=["track:10", *ALL_HOME[:3]],
        yellow=["space:7", *ALL_HOME[:3]],
        blue=["space:4", *ALL_HOME[:3]],
    )
    rules, state = position(two_seats)
    missed = (1 - 1 / 6) * (1 - 1 / 6)
    assert losses(rules, state, 1)[0] == pytest.approx(11 * (1 - missed))


def test_a_peg_on_an_opponents_start_is_hit_by_a_six_from_home() -> None:
    rules, state = position(four(red=["space:7", *ALL_HOME[:3]]))  # yellow's start, yellow at home
    assert losses(rules, state, 1)[0] == pytest.approx(8 / 6)
    # a peg in its finish lane is out of reach
    rules, state = position(
        four(red=["finish:1", *ALL_HOME[:3]], yellow=["space:25", *ALL_HOME[:3]])
    )
    assert losses(rules, state, 1)[0] == 0


def test_a_capture_lowers_the_victims_chance_of_winning_and_raises_the_capturers() -> None:
    rules, before = position(
        four(red=["space:7", *ALL_HOME[:3]], yellow=["space:20", *ALL_HOME[:3]])
    )
    _, after = position(four(red=["space:20", *ALL_HOME[:3]]))  # red took yellow's peg there
    old, new = chances(rules, before, 1), chances(rules, after, 1)
    assert new[1] < old[1] and new[0] > old[0]


def test_two_sets_have_no_win_model_so_the_expert_reads_the_evaluation() -> None:
    rules = get_rules("trouble", 2, {"two_sets": "on"})
    assert not Computer(rules).learns
    assert Computer(get_rules("trouble", 2)).learns


# --- dice ------------------------------------------------------------------------------


def test_the_pop_is_a_fair_d6_chance_event() -> None:
    rules, state = position(four(), None)
    assert rules.chance_outcomes(state) == tuple((n, Fraction(1, 6)) for n in range(1, 7))


# --- bad input ---------------------------------------------------------------------------


def test_an_illegal_move_is_refused_naming_move_and_position() -> None:
    rules, state = position(four(red=["track:3", "home", "home", "home"]), 2)
    snapshot = state
    with pytest.raises(IllegalMoveError, match=r"home>track:0 is not a legal move: red to move"):
        rules.play(state, Step(-1, 0, "home>track:0"))
    with pytest.raises(IllegalMoveError, match="'track:3>track:9' is not a legal move"):
        rules.parse_move(state, "track:3>track:9")
    assert state == snapshot
    with pytest.raises(IllegalMoveError, match="cannot be played now"):
        rules.play(state._replace(phase=Phase.ROLL, roll=None), PASS)


@pytest.mark.parametrize(
    ("pieces", "message"),
    [
        (four(red=["track:3", "track:3", "home", "home"]), "Red has two pieces on track:3"),
        (
            four(
                red=["track:7", "home", "home", "home"], yellow=["track:0", "home", "home", "home"]
            ),
            "Red and Yellow both have a piece on space:7",
        ),
        (four(red=["home", "home", "home"]), "Red has 3 pieces, not 4"),
        (four(red=["track:28", "home", "home", "home"]), "Red position 'track:28'"),
        (four(red=["finish:5", "home", "home", "home"]), "Red position 'finish:5'"),
        ({"red": ALL_HOME, "pink": ALL_HOME}, "pieces are given for red, pink; this 2-player"),
    ],
)
def test_malformed_states_are_refused(pieces: dict[str, list[str]], message: str) -> None:
    with pytest.raises(NotationError, match=message):
        position(pieces, 3)


def test_rolls_outside_one_to_six_are_refused() -> None:
    rules = get_rules("trouble")
    with pytest.raises(NotationError, match="roll '7' is not a d6 roll"):
        rules.dice.parse("7")
    with pytest.raises(NotationError, match="not a d6 roll"):
        position(four(), 0)
