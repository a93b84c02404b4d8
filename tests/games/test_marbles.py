"""Marbles: one scenario per rule and option (exact legal moves), bad input.
Each test names the rule it guards (docs/rules/marbles.md); random play and the
golden transcript are in test_marbles_play.py."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

import positions
from pegrace import IllegalMoveError, NotationError, OptionError, get_rules
from pegrace.engine import Rules
from pegrace.games.marbles import Marbles, MarbleStep
from pegrace.moves import PASS
from pegrace.notation import load_state
from pegrace.pictures import draw
from pegrace.state import Phase, State
from positions import after, every, moves

BASE4 = ["base"] * 4
HOME4 = ["home:1", "home:2", "home:3", "home:4"]
COLOURS = ("red", "yellow", "green", "blue")


def position(
    pieces: dict[str, list[str]], roll: Any = None, to_move: str = "red", **extra: Any
) -> tuple[Rules, State]:
    return positions.position("marbles", pieces, roll, to_move, **extra)


def four(**pieces: list[str]) -> dict[str, list[str]]:
    """Pieces for a 4-player game: colours not named keep all their pieces off the board."""
    return every(COLOURS, BASE4, **pieces)


def two(**pieces: list[str]) -> dict[str, list[str]]:
    return {c: pieces.get(c, BASE4) for c in ("red", "green")}


def marbles_rules(rules: Rules) -> Marbles:
    assert isinstance(rules, Marbles)
    return rules


def marbles(*positions: str) -> list[str]:
    """A colour's 4 marbles: those given, the rest in the base."""
    return [*positions, *["base"] * (4 - len(positions))]


WAR = {"mode": "war"}
TEAMS = {"teams": "on"}


# --- board and seating ---------------------------------------------------------------


def test_board_is_a_loop_of_56_with_starts_14_apart_and_4_home_spaces() -> None:
    rules = get_rules("marbles", 4)
    assert rules.colours == COLOURS
    assert [rules.track.starts[c] for c in rules.colours] == [0, 14, 28, 42]
    assert rules.track.loop_length == 56
    assert get_rules("marbles", 2).colours == ("red", "green")  # opposite each other
    assert get_rules("marbles", 3).colours == ("red", "yellow", "green")


def test_home_is_entered_from_the_space_before_the_start_after_a_full_lap() -> None:
    rules = get_rules("marbles", 4)
    red, yellow = rules.abs_of[0], rules.abs_of[1]
    assert red == tuple(range(56))  # the whole loop, start space first
    assert yellow[55] == 13  # yellow's last loop space is the one before its start
    assert rules.track.lane_start == 56
    assert [rules.piece_text(1, p) for p in range(56, 60)] == [f"home:{k}" for k in (1, 2, 3, 4)]


def test_positions_read_base_track_home_and_absolute_spaces() -> None:
    rules, state = position(four(yellow=marbles("space:16", "home:2")), to_move="yellow")
    assert state.pieces[1] == (-1, -1, 2, 57)  # space 16 is 2 past yellow's start (14)
    assert rules.abs_of[1][2] == 16  # and back


def test_player_count_outside_two_to_four_is_refused() -> None:
    with pytest.raises(OptionError, match="2 to 4 players"):
        get_rules("marbles", 5)


# --- leaving the base ------------------------------------------------------------------


@pytest.mark.parametrize("roll", [1, 6])
def test_a_one_or_a_six_may_bring_a_marble_out(roll: int) -> None:
    rules, state = position(four(red=marbles("track:10")), roll)
    assert moves(rules, state) == {"base>track:0", f"track:10>track:{10 + roll}"}


@pytest.mark.parametrize("roll", [2, 3, 4, 5])
def test_other_rolls_only_move_marbles_on_the_path(roll: int) -> None:
    rules, state = position(four(red=marbles("track:10")), roll)
    assert moves(rules, state) == {f"track:10>track:{10 + roll}"}
    rules, state = position(four(), roll)
    assert moves(rules, state) == {"pass"}


@pytest.mark.parametrize("roll", [1, 6])
def test_with_nothing_on_the_path_a_marble_must_come_out(roll: int) -> None:
    rules, state = position(four(), roll)
    assert moves(rules, state) == {"base>track:0"}  # no pass: the move is forced
    state = after(rules, state, "base>track:0")
    assert state.pieces[0] == (-1, -1, -1, 0)


def test_own_marble_on_start_blocks_bringing_one_out() -> None:
    rules, state = position(four(red=marbles("track:0")), 1)
    assert moves(rules, state) == {"track:0>track:1"}


def test_bringing_a_marble_out_sends_an_opponent_on_the_start_space_back() -> None:
    rules, state = position(four(yellow=marbles("space:0")), 6)  # on red's start
    assert moves(rules, state) == {"base>track:0"}
    state = after(rules, state, "base>track:0")
    assert state.pieces[0] == (-1, -1, -1, 0)
    assert state.pieces[1] == (-1, -1, -1, -1)


# --- moving on the path -----------------------------------------------------------------


def test_any_marble_may_move_the_whole_roll_and_marbles_jump_over_marbles() -> None:
    pieces = four(red=marbles("track:3", "track:5"), yellow=marbles("space:6"))
    rules, state = position(pieces, 4)
    assert moves(rules, state) == {"track:3>track:7", "track:5>track:9"}
    state = after(rules, state, "track:3>track:7")  # over its own and a yellow marble
    assert state.pieces[0] == (-1, -1, 5, 7)
    assert state.pieces[1] == (-1, -1, -1, 48)  # yellow's track:48 is space 6, untouched


def test_a_marble_may_not_end_on_an_own_marble() -> None:
    rules, state = position(four(red=marbles("track:3", "track:7")), 4)
    assert moves(rules, state) == {"track:7>track:11"}


def test_with_no_legal_move_the_turn_ends() -> None:
    rules, state = position(four(), 4)
    assert rules.legal_moves(state) == [PASS]
    state = rules.play(state, PASS)
    assert state.phase == Phase.ROLL and state.current == 1 and state.turn == 2


def test_landing_on_an_opponent_sends_it_back_to_its_base() -> None:
    rules, state = position(four(red=marbles("track:10"), green=marbles("space:13")), 3)
    move = rules.parse_move(state, "track:10>track:13")
    assert str(rules.describe(state, move)) == (
        "Move the marble from 10 to 13 and send Green back to base"
    )
    state = rules.play(state, move)
    assert state.pieces[2] == (-1, -1, -1, -1)


def test_marbles_pass_other_colours_home_entries() -> None:
    # space 13 is where yellow turns into its Home; red walks on along the loop
    rules, state = position(four(red=marbles("track:12")), 3)
    assert moves(rules, state) == {"track:12>track:15"}


def test_turns_pass_clockwise() -> None:
    rules = get_rules("marbles", 4)
    assert [rules.next_seat[s] for s in range(4)] == [1, 2, 3, 0]


# --- sixes ------------------------------------------------------------------------------


def test_a_six_grants_another_roll() -> None:
    rules, state = position(four(red=marbles("track:10")), 6)
    state = after(rules, state, "track:10>track:16")
    assert state.phase == Phase.ROLL and state.current == 0 and state.streak == 1


def test_a_six_grants_another_roll_even_when_it_could_not_be_used() -> None:
    # no base marble, the path marble is too close to Home for a 6, Home moves blocked
    rules, state = position(four(red=["track:55", "home:2", "home:3", "home:4"]), 6)
    assert rules.legal_moves(state) == [PASS]
    state = rules.play(state, PASS)
    assert state.phase == Phase.ROLL and state.current == 0 and state.streak == 1


# --- Home ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("roll", "expected"),
    [
        (1, {"track:54>track:55"}),
        (2, {"track:54>home:1"}),
        (3, {"track:54>home:2"}),
        (5, {"track:54>home:4"}),
        (6, set()),  # past the last Home space: this marble waits
    ],
)
def test_home_is_entered_by_exact_count(roll: int, expected: set[str]) -> None:
    rules, state = position(four(red=["track:54", "track:30", "track:20", "track:40"]), roll)
    others = {f"track:{p}>track:{p + roll}" for p in (20, 30, 40)}
    assert moves(rules, state) == expected | others


def test_home_entry_jumps_over_full_home_spaces_onto_an_empty_one() -> None:
    red = ["track:54", "home:1", "home:3", "track:20"]
    rules, state = position(four(red=red), 3)
    assert moves(rules, state) == {"track:54>home:2", "home:1>home:4", "track:20>track:23"}
    rules, state = position(four(red=red), 5)
    assert moves(rules, state) == {"track:54>home:4", "track:20>track:25"}


def test_home_space_taken_by_an_own_marble_cannot_be_entered() -> None:
    rules, state = position(four(red=["track:54", "home:2", "track:20", "base"]), 3)
    assert moves(rules, state) == {"track:20>track:23"}
    rules, state = position(four(red=["track:54", "home:1", "home:2", "base"]), 4)
    assert moves(rules, state) == {"track:54>home:3"}  # over home:1 and home:2


def test_a_marble_in_home_moves_on_by_exact_count_to_an_empty_space() -> None:
    rules, state = position(four(red=["home:1", "home:3", "base", "base"]), 2)
    assert moves(rules, state) == {"pass"}  # home:3 is taken; home:3 has one space left
    rules, state = position(four(red=["home:1", "home:3", "base", "base"]), 1)
    assert moves(rules, state) == {"base>track:0", "home:1>home:2", "home:3>home:4"}
    rules, state = position(four(red=["home:1", "track:30", "base", "base"]), 3)
    assert moves(rules, state) == {"home:1>home:4", "track:30>track:33"}


def test_a_marble_that_cannot_enter_home_waits_while_others_move() -> None:
    rules, state = position(four(red=["track:55", "track:10", "home:4", "base"]), 4)
    assert moves(rules, state) == {"track:10>track:14"}  # home:4 is taken


def test_opponents_cannot_reach_a_marble_in_home() -> None:
    rules, state = position(
        four(red=["home:1"] + ["base"] * 3, blue=marbles("space:54")), 3, to_move="blue"
    )
    assert moves(rules, state) == {"track:12>track:15"}  # blue walks past red's Home


# --- winning -----------------------------------------------------------------------------


def test_first_to_bring_all_four_home_wins() -> None:
    pieces = four(red=["track:55", "home:2", "home:3", "home:4"], green=marbles("track:9"))
    rules, state = position(pieces, 1)
    state = after(rules, state, "track:55>home:1")
    assert state.is_over and state.finished == (0,)
    outcome = rules.outcome(state)
    assert outcome.winners == (0,) and outcome.places[0] == 1
    assert outcome.places[2] == 2 and outcome.reason == "first place decided"


def test_play_on_option_decides_every_place() -> None:
    pieces = four(red=["track:55", "home:2", "home:3", "home:4"])
    rules, state = position(pieces, 1, rules={"play_on": "on"})
    state = after(rules, state, "track:55>home:1")
    assert not state.is_over and state.finished == (0,) and state.current == 1
    # red has no turns left: play goes yellow, green, blue, yellow, ...
    state = rules.play(rules.roll(state, 3), PASS)
    state = rules.play(rules.roll(state, 3), PASS)
    state = rules.play(rules.roll(state, 3), PASS)
    assert state.current == 1


# --- teams -------------------------------------------------------------------------------


def test_teams_need_four_players() -> None:
    with pytest.raises(OptionError, match="teams=on needs exactly 4 players"):
        get_rules("marbles", 2, TEAMS)


def test_teams_are_partners_sitting_opposite() -> None:
    rules = get_rules("marbles", 4, TEAMS)
    assert rules.side_count == 2
    assert [rules.side_name(s) for s in range(2)] == ["red+green", "yellow+blue"]


def test_landing_on_a_partner_is_illegal_while_another_move_exists() -> None:
    pieces = four(red=marbles("track:10", "track:20"), green=marbles("space:14"))
    rules, state = position(pieces, 4, rules=TEAMS)
    assert moves(rules, state) == {"track:20>track:24"}
    # without teams green is an opponent like any other
    rules, state = position(pieces, 4)
    assert moves(rules, state) == {"track:20>track:24", "track:10>track:14"}


def test_landing_on_a_partner_is_required_when_it_is_the_only_move() -> None:
    pieces = four(red=marbles("track:10"), green=marbles("space:14"))
    rules, state = position(pieces, 4, rules=TEAMS)
    assert moves(rules, state) == {"track:10>track:14"}  # no pass
    state = after(rules, state, "track:10>track:14")
    assert state.pieces[0] == (-1, -1, -1, 14)
    assert state.pieces[2] == (-1, -1, -1, -1)  # the partner's marble went back to base


def test_a_partner_on_the_start_space_blocks_entry_unless_forced() -> None:
    pieces = four(red=marbles("track:10"), green=marbles("space:0"))
    rules, state = position(pieces, 6, rules=TEAMS)
    assert moves(rules, state) == {"track:10>track:16"}
    rules, state = position(four(green=marbles("space:0")), 6, rules=TEAMS)
    assert moves(rules, state) == {"base>track:0"}


def test_opponents_are_still_captured_in_team_play() -> None:
    pieces = four(red=marbles("track:10", "track:20"), yellow=marbles("space:14"))
    rules, state = position(pieces, 4, rules=TEAMS)
    assert moves(rules, state) == {"track:10>track:14", "track:20>track:24"}


def test_a_player_with_all_marbles_home_moves_the_partners_marbles() -> None:
    pieces = four(red=HOME4, green=marbles("track:5", "track:40"))
    rules, state = position(pieces, 3, rules=TEAMS)
    assert state.finished == (0,)
    assert moves(rules, state) == {"green track:5>track:8", "green track:40>track:43"}
    move = rules.parse_move(state, "green track:5>track:8")
    assert isinstance(move, MarbleStep) and move.owner == 2
    assert str(rules.describe(state, move)) == (
        "Move Green's marble from 5 to 8"  # counted from Green's start
    )
    state = rules.play(state, move)
    assert state.pieces[0] == (56, 57, 58, 59)
    assert state.pieces[2] == (-1, -1, 8, 40)
    assert state.current == 1  # yellow next
    # red keeps its turns: after yellow, green and blue, red rolls again
    for _ in range(3):
        state = rules.roll(state, 2)
        state = rules.play(state, rules.legal_moves(state)[0])
    assert state.current == 0 and state.phase == Phase.ROLL


def test_partner_roll_brings_partner_marbles_out_and_keeps_the_six_bonus() -> None:
    rules, state = position(four(red=HOME4), 6, rules=TEAMS)
    assert moves(rules, state) == {"green base>track:0"}
    state = after(rules, state, "green base>track:0")
    assert state.pieces[2] == (-1, -1, -1, 0)
    assert state.current == 0 and state.phase == Phase.ROLL


def test_a_partner_move_written_without_the_colour_is_refused() -> None:
    rules, state = position(four(red=HOME4, green=marbles("track:5")), 3, rules=TEAMS)
    with pytest.raises(IllegalMoveError, match="'track:5>track:8' is not a legal move"):
        rules.parse_move(state, "track:5>track:8")
    with pytest.raises(IllegalMoveError, match="is not a legal move"):
        rules.play(state, MarbleStep(0, 5, 8, "track:5>track:8"))  # red's own 5>8


def test_a_team_wins_when_all_eight_marbles_are_home() -> None:
    pieces = four(red=HOME4, green=["track:55", "home:2", "home:3", "home:4"])
    rules, state = position(pieces, 1, rules=TEAMS)
    state = after(rules, state, "green track:55>home:1")
    assert state.is_over and set(state.finished) == {0, 2}
    outcome = rules.outcome(state)
    assert outcome.winners == (0,) and outcome.places == (1, 2)


def test_one_partner_home_is_not_a_team_win() -> None:
    pieces = four(red=["track:55", "home:2", "home:3", "home:4"], green=marbles("track:3"))
    rules, state = position(pieces, 1, rules=TEAMS)
    state = after(rules, state, "track:55>home:1")
    assert not state.is_over and state.finished == (0,) and state.current == 1


def test_partner_roll_off_skips_a_player_with_all_marbles_home() -> None:
    options = {"teams": "on", "partner_roll": "off"}
    pieces = four(red=HOME4, green=marbles("track:5"))
    with pytest.raises(NotationError, match="red is to move but has no turns left"):
        position(pieces, 3, rules=options)
    rules, state = position(pieces, 3, rules=options, to_move="blue")
    state = rules.play(state, PASS)
    assert state.current == 1  # red is skipped


# --- War ---------------------------------------------------------------------------------


def test_war_landing_on_an_opponent_removes_it_from_the_game() -> None:
    pieces = four(red=marbles("track:10"), yellow=marbles("space:13", "space:30"))
    rules, state = position(pieces, 3, rules=WAR)
    move = rules.parse_move(state, "track:10>track:13")
    assert str(rules.describe(state, move)).endswith("and remove a Yellow marble from the game")
    state = rules.play(state, move)
    assert state.pieces[1] == (-2, -1, -1, 16)
    assert rules.piece_text(1, -2) == "removed"
    assert not state.out  # marbles in the base count as left


def test_war_marbles_never_go_home_but_circle_past_their_start() -> None:
    rules, state = position(four(red=marbles("track:54")), 4, rules=WAR)
    assert moves(rules, state) == {"track:54>track:2"}
    rules, state = position(four(red=marbles("track:54", "track:2")), 4, rules=WAR)
    assert moves(rules, state) == {"track:2>track:6"}  # own marble blocks the wrap


def test_war_capture_on_the_start_space_removes_the_marble() -> None:
    rules, state = position(four(yellow=marbles("space:0")), 1, rules=WAR)
    state = after(rules, state, "base>track:0")
    assert state.pieces[1] == (-2, -1, -1, -1)


def test_war_a_player_with_no_marbles_left_is_out_and_places_follow() -> None:
    pieces = {
        "red": marbles("track:10"),
        "yellow": ["space:13", "removed", "removed", "removed"],
        "green": ["track:20", "removed", "removed", "removed"],
    }
    rules, state = position(pieces, 3, rules=WAR, out=[])
    state = after(rules, state, "track:10>track:13")
    assert state.out == (1,) and not state.is_over
    assert state.current == 2  # yellow is out: green plays next
    # red removes green's last marble too: red is the last player with marbles
    rules2, state = position(
        {
            "red": marbles("track:19"),
            "yellow": ["removed"] * 4,
            "green": ["space:20", "removed", "removed", "removed"],
        },
        1,
        rules=WAR,
        out=["yellow"],
    )
    state = after(rules2, state, "track:19>track:20")
    assert state.is_over and state.out == (1, 2)
    outcome = rules2.outcome(state)
    assert outcome.places == (1, 3, 2)  # yellow went out first: last place
    assert outcome.winners == (0,)


def test_war_turn_limit_ends_a_stalled_game_ranked_by_marbles_left() -> None:
    pieces = {
        "red": marbles("track:10", "removed"),
        "yellow": marbles("track:30"),
        "green": ["removed", "removed", "base", "track:3"],
    }
    options = {"mode": "war", "turn_limit": "40"}
    rules, state = position(pieces, 2, rules=options, to_move="green", turn=40)
    state = after(rules, state, "track:3>track:5")
    assert state.is_over and state.end == "turn limit of 40 reached"
    assert rules.outcome(state).places == (2, 1, 3)  # yellow 4 left, red 3, green 2


def test_war_turn_limit_zero_means_no_limit() -> None:
    rules, state = position(
        two(red=marbles("track:3")), 2, rules={"mode": "war", "turn_limit": "0"}, turn=100_000
    )
    state = after(rules, state, "track:3>track:5")
    assert not state.is_over


def test_war_default_turn_limit() -> None:
    rules, state = position(two(red=marbles("track:3")), 2, rules=WAR, turn=1000)
    state = after(rules, state, "track:3>track:5")
    assert state.is_over and state.end == "turn limit of 1000 reached"
    rules, state = position(two(red=marbles("track:3")), 2, turn=100_000)
    assert not after(rules, state, "track:3>track:5").is_over  # classic never stalls


def test_war_with_teams_a_team_is_out_when_both_partners_are() -> None:
    pieces = four(
        red=marbles("track:10"),
        yellow=["space:13", "removed", "removed", "removed"],
        blue=marbles("track:5"),
    )
    rules, state = position(pieces, 3, rules={"mode": "war", "teams": "on"})
    state = after(rules, state, "track:10>track:13")
    assert state.out == (1,) and not state.is_over  # blue still plays for yellow+blue


# --- bad input ---------------------------------------------------------------------------


def test_an_illegal_move_is_refused_naming_move_and_position() -> None:
    rules, state = position(four(red=marbles("track:3")), 2)
    snapshot = state
    with pytest.raises(IllegalMoveError, match=r"base>track:0 is not a legal move: red to move"):
        rules.play(state, MarbleStep(0, -1, 0, "base>track:0"))
    with pytest.raises(IllegalMoveError, match="'track:3>track:9' is not a legal move"):
        rules.parse_move(state, "track:3>track:9")
    assert state == snapshot
    with pytest.raises(IllegalMoveError, match="cannot be played now"):
        rules.play(state._replace(phase=Phase.ROLL, roll=None), PASS)


@pytest.mark.parametrize(
    ("pieces", "options", "message"),
    [
        (four(red=["track:3", "track:3", "base", "base"]), {}, "Red has two pieces on track:3"),
        (
            four(red=marbles("track:7"), yellow=marbles("space:7")),
            {},
            "Red and Yellow both have a piece on space:7",
        ),
        (four(red=["base", "base", "base"]), {}, "Red has 3 pieces, not 4"),
        (four(red=marbles("track:56")), {}, "Red position 'track:56'"),
        (four(red=marbles("home:5")), {}, "Red position 'home:5'"),
        (four(red=marbles("removed")), {}, "marbles leave the game in War only"),
        (four(red=marbles("home:1")), WAR, "there is no Home in War"),
        (four(red=marbles("finish:1")), {}, "Red position 'finish:1'"),
    ],
)
def test_malformed_states_are_refused(
    pieces: dict[str, list[str]], options: dict[str, str], message: str
) -> None:
    with pytest.raises(NotationError, match=message):
        position(pieces, 3, rules=options)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"mode": "peace"}, 'marbles option mode="peace": choose one of classic, war'),
        ({"turn_limit": "many"}, 'turn_limit="many": a whole number'),
        ({"colour": "red"}, "unknown marbles option 'colour'"),
    ],
)
def test_bad_options_are_refused(options: dict[str, str], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        get_rules("marbles", 4, options)


def test_rolls_outside_one_to_six_are_refused() -> None:
    rules = get_rules("marbles")
    with pytest.raises(IllegalMoveError, match="not a possible roll"):
        rules.roll(rules.initial_state()._replace(phase=Phase.ROLL), 7)
    with pytest.raises(NotationError, match="not a d6 roll"):
        position(four(), 0)


# --- picture -----------------------------------------------------------------------------


def test_picture_marks_every_marble_with_its_colour_letter() -> None:
    pieces = four(red=["track:3", "home:1", "base", "base"], yellow=marbles("space:20"))
    rules, state = position(pieces, 4)
    picture = draw(rules, state, False)
    assert "[R]" in picture and "[Y]" in picture
    assert "Red base RR··" in picture
    assert "\033[" not in picture
    assert "\033[" in draw(rules, state, True)


# --- documentation -----------------------------------------------------------------------


def test_notation_example_loads_and_moves_the_partners_marbles() -> None:
    text = (Path(__file__).parent.parent.parent / "docs" / "notation.md").read_text()
    section = text.split("\n## Marbles\n", 1)[1].split("\n## ", 1)[0]
    (example,) = re.findall(r"```json\n(.*?)```", section, re.S)
    rules, state = load_state(example)
    assert moves(rules, state) == {"green track:5>track:8", "green track:42>track:45"}
