"""Ludo: one scenario per rule and option of each rule set (exact legal moves; for the
two-dice game, the exact legal sequences of die uses), bad input, random-play invariants
over every variant and player count, and a golden transcript. docs/rules/ludo.md names the
rule each test guards. (LUDOpy's rules are checked move for move in test_ludo_ludopy.py.)"""

from __future__ import annotations

import json
import pickle
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

import positions
from invariants import check_random_games
from pegrace import IllegalMoveError, NotationError, OptionError, get_rules
from pegrace.engine import Rules
from pegrace.games.ludo import Ludo, ludo_rules, variant_class
from pegrace.match import run_game
from pegrace.moves import PASS
from pegrace.native import Computer
from pegrace.notation import load_state, state_to_json
from pegrace.pictures import draw
from pegrace.simulate import heading, simulate
from pegrace.state import Phase, State
from positions import after, every, moves

BASE = ["base"] * 4
COLOURS = ("red", "green", "yellow", "blue")
GOLDEN = Path(__file__).parent.parent / "golden" / "ludo_seed_2024.json"


def position(
    pieces: dict[str, list[str]], roll: Any = None, to_move: str = "red", **extra: Any
) -> tuple[Rules, State]:
    return positions.position("ludo", pieces, roll, to_move, **extra)


def four(**pieces: list[str]) -> dict[str, list[str]]:
    """Pieces for a 4-player game: colours not named keep all their pieces off the board."""
    return every(COLOURS, BASE, **pieces)


def texts(rules: Rules, state: State) -> dict[str, list[str]]:
    pieces: dict[str, list[str]] = state_to_json(rules, state)["pieces"]
    return pieces


# === two-dice Ludo (seed 002), the default ==========================================


def test_board_48_points_corners_12_apart_lane_after_42_steps() -> None:
    rules = get_rules("ludo")
    assert rules.options["variant"] == "two-dice"
    assert rules.colours == COLOURS  # turn order follows the direction of movement
    assert [rules.track.starts[c] for c in COLOURS] == [0, 12, 24, 36]
    assert rules.track.loop_length == 48
    assert rules.abs_of[0][42] == 42  # the mid-side point before red's corner
    assert rules.abs_of[1][42] == 6
    assert rules.lane_start == 43 and rules.goal == 47  # 4 coloured points, then the exit
    assert rules.safe == {0, 6, 12, 18, 24, 30, 36, 42}
    assert get_rules("ludo", 2).colours == ("red", "yellow")


def test_all_pins_in_base_and_no_six_skips_the_turn() -> None:
    rules, state = position(four(), [3, 5])
    assert rules.legal_moves(state) == [PASS]
    assert rules.play(state, PASS).current == 1


def test_a_six_enters_a_pin_and_the_other_die_moves_it() -> None:
    rules, state = position(four(), [3, 6])
    assert moves(rules, state) == {"6:base>track:0 3:track:0>track:3"}


def test_double_six_enters_two_pins_or_one_pin_moved_six() -> None:
    rules, state = position(four(), [6, 6])
    assert moves(rules, state) == {
        "6:base>track:0 6:base>track:0",
        "6:base>track:0 6:track:0>track:6",
    }
    two_out = after(rules, state, "6:base>track:0 6:base>track:0")
    assert two_out.pieces[0] == (-1, -1, 0, 0)


def test_six_enters_or_moves_and_the_dice_are_used_in_either_order() -> None:
    rules, state = position(four(red=["track:10", "base", "base", "base"]), [2, 6])
    assert moves(rules, state) == {
        "6:base>track:0 2:track:0>track:2",
        "6:base>track:0 2:track:10>track:12",
        "6:track:10>track:16 2:track:16>track:18",
        "2:track:10>track:12 6:base>track:0",
        "2:track:10>track:12 6:track:12>track:18",
    }


def test_double_six_with_pins_out_every_combination() -> None:
    rules, state = position(four(red=["track:10", "base", "base", "base"]), [6, 6])
    assert moves(rules, state) == {
        "6:base>track:0 6:base>track:0",
        "6:base>track:0 6:track:0>track:6",
        "6:base>track:0 6:track:10>track:16",
        "6:track:10>track:16 6:base>track:0",
        "6:track:10>track:16 6:track:16>track:22",
    }


def test_after_a_double_six_the_player_rolls_again() -> None:
    rules, state = position(four(), [6, 6])
    again = after(rules, state, "6:base>track:0 6:track:0>track:6")
    assert again.phase == Phase.ROLL and again.current == 0 and again.streak == 1
    rules, state = position(four(red=["track:10", *BASE[:3]]), [5, 6])
    assert after(rules, state, "5:track:10>track:15 6:base>track:0").current == 1


def test_a_double_six_that_cannot_be_used_still_rolls_again() -> None:
    rules, state = position(four(red=["exit", "exit", "exit", "lane:2"]), [6, 6])
    assert rules.legal_moves(state) == [PASS]
    assert rules.play(state, PASS).current == 0


def test_exit_only_by_the_exact_number() -> None:
    rules, state = position(four(red=["lane:2", *BASE[:3]]), [1, 2])
    assert moves(rules, state) == {
        "1:lane:2>lane:3 2:lane:3>exit",
        "2:lane:2>lane:4 1:lane:4>exit",
    }
    rules, state = position(four(red=["lane:2", *BASE[:3]]), [1, 5])
    assert moves(rules, state) == {"1:lane:2>lane:3"}  # the 5 would overshoot: lost


def test_when_only_one_die_can_be_used_either_usable_die_may_be() -> None:
    rules, state = position(four(red=["lane:3", *BASE[:3]]), [1, 2])
    assert moves(rules, state) == {"1:lane:3>lane:4", "2:lane:3>exit"}


def test_both_dice_must_be_used_when_some_order_allows_it() -> None:
    # 1:lane:3>lane:4 would leave the 2 without a use, so it is not a legal turn
    rules, state = position(four(red=["lane:4", "lane:3", "exit", "exit"]), [1, 2])
    assert moves(rules, state) == {
        "1:lane:4>exit 2:lane:3>exit",
        "2:lane:3>exit 1:lane:4>exit",
    }


def test_pins_leave_the_loop_into_their_own_lane() -> None:
    rules, state = position(four(red=["track:40", *BASE[:3]]), [2, 3])
    assert moves(rules, state) == {
        "2:track:40>track:42 3:track:42>lane:3",
        "3:track:40>lane:1 2:lane:1>lane:3",
    }
    rules, state = position(four(green=["track:41", *BASE[:3]]), [1, 1], to_move="green")
    assert moves(rules, state) == {"1:track:41>track:42 1:track:42>lane:1"}


def test_landing_on_an_opponent_sends_it_to_base() -> None:
    rules, state = position(four(red=["track:5", *BASE[:3]], yellow=["space:8", *BASE[:3]]), [3, 4])
    moved = after(rules, state, "3:track:5>track:8 4:track:8>track:12")
    assert moved.pieces[2] == (-1, -1, -1, -1)  # hit by the first die of the pair
    assert moved.pieces[0] == (-1, -1, -1, 12)


def test_a_stack_of_opponent_pins_is_hit_by_one_pin() -> None:
    pieces = four(red=["track:5", *BASE[:3]], yellow=["space:9", "space:9", "base", "base"])
    rules, state = position(pieces, [1, 4])
    moved = after(rules, state, "4:track:5>track:9 1:track:9>track:10")
    assert moved.pieces[2] == (-1, -1, -1, -1)


def test_passing_over_opponents_hits_nothing() -> None:
    rules, state = position(four(red=["track:5", *BASE[:3]], yellow=["space:8", *BASE[:3]]), [1, 4])
    moved = after(rules, state, "4:track:5>track:9 1:track:9>track:10")
    assert texts(rules, moved)["yellow"][-1] == "track:32"


def test_safe_spots_are_shared_and_nothing_is_hit_there() -> None:
    pieces = four(red=["track:3", "track:20", "base", "base"], blue=["space:6", *BASE[:3]])
    rules, state = position(pieces, [2, 3])
    shared = after(rules, state, "3:track:3>track:6 2:track:20>track:22")
    assert shared.pieces[0] == (-1, -1, 6, 22)
    assert shared.pieces[3] == (-1, -1, -1, 18)  # blue untouched on the mid-side point
    assert texts(rules, shared)["blue"][-1] == "track:18"


def test_own_pins_stack_on_any_point() -> None:
    rules, state = position(four(red=["track:2", "track:9", "base", "base"]), [3, 4])
    stacked = after(rules, state, "3:track:2>track:5 4:track:5>track:9")
    assert stacked.pieces[0] == (-1, -1, 9, 9)
    rules, state = position(four(red=["track:5", "track:5", "base", "base"]), [1, 2])
    assert "1:track:5>track:6 2:track:5>track:7" in moves(rules, state)  # two pins, one point


def test_first_to_bring_all_four_out_wins_and_the_game_ends() -> None:
    rules, state = position(four(red=["exit", "exit", "exit", "lane:3"]), [2, 5])
    won = after(rules, state, "2:lane:3>exit")
    assert won.is_over and won.finished == (0,)
    assert rules.outcome(won).winners == (0,)


def test_play_on_option_goes_on_for_places() -> None:
    pieces = four(red=["exit", "exit", "exit", "lane:3"])
    rules, state = position(pieces, [2, 5], rules={"play_on": "on"})
    won = after(rules, state, "2:lane:3>exit")
    assert not won.is_over and won.finished == (0,) and won.current == 1


def test_two_dice_roll_is_the_sorted_pair_with_its_chance() -> None:
    rules = get_rules("ludo")
    outcomes = dict(rules.chance_outcomes(rules.initial_state()._replace(phase=Phase.ROLL)))
    pairs = [(low, high) for low in range(1, 7) for high in range(low, 7)]
    # of the 36 throws a double is 1, any other pair 2 (either die the higher): exact chances
    assert outcomes == {(a, b): Fraction(1 if a == b else 2, 36) for a, b in pairs}
    assert len(outcomes) == 21 and sum(outcomes.values()) == 1
    assert rules.dice.format((3, 5)) == "3+5"


# --- the two-dice evaluation: an exposed pin costs its standing times its chance of a hit


# what the core's two-dice evaluation weighs (core/games/ludo/judge.rs): a pin out of the base is
# worth its steps plus OUT_BONUS; an exposed one costs HIT_WEIGHT times that times its chance of a
# hit
OUT_BONUS, HIT_WEIGHT = 28.0, 1.0


def danger(rules: Rules, state: State, seat: int = 0) -> float:
    return Computer(rules).look(state).danger[seat]


def pin_worth(track: int) -> float:
    return track + 1 + OUT_BONUS


@pytest.mark.parametrize(
    ("green", "red", "throws"),
    [
        (["space:30"], 31, 11),  # 1 point behind: either die shows 1
        (["space:28"], 31, 13),  # 3: either die shows 3, or 1+2, 2+1
        (["space:25"], 31, 16),
        (["space:24"], 31, 6),  # 7: only a sum reaches past one die
        (["space:19"], 31, 1),  # 12: a double 6
        (["space:29", "space:22"], 31, 12 + 4),  # 2 and 9 points behind
        ([], 15, 2),  # green's point 3: 6+3 or 3+6 (a 6 brings the pin out, the 3 moves it on)
        (["space:14"], 15, 11 + 2),  # and a pin 1 point behind
    ],
)
def test_an_exposed_pin_costs_its_standing_times_the_share_of_throws_that_land_on_it(
    green: list[str], red: int, throws: int
) -> None:
    rules, state = position(
        four(red=[f"track:{red}", *BASE[:3]], green=[*green, *BASE[: 4 - len(green)]])
    )
    assert danger(rules, state) == pytest.approx(HIT_WEIGHT * pin_worth(red) * throws / 36)


def test_the_chances_of_several_opponents_combine() -> None:
    pieces = four(red=["track:10", *BASE[:3]], yellow=["space:7", *BASE[:3]])
    pieces["blue"] = ["space:2", *BASE[:3]]  # 8 points behind: 5 throws
    rules, state = position(pieces)
    missed = (1 - 13 / 36) * (1 - 5 / 36)
    assert danger(rules, state) == pytest.approx(HIT_WEIGHT * pin_worth(10) * (1 - missed))


def test_a_pin_counts_only_the_threats_of_seats_that_roll_before_its_next_turn() -> None:
    rules, state = position(four(red=["track:10", *BASE[:3]], yellow=["space:7", *BASE[:3]]))
    computer = Computer(rules)
    risk = danger(rules, state)
    assert risk == pytest.approx(HIT_WEIGHT * pin_worth(10) * 13 / 36)
    red, yellow, blue = 0, 2, 3
    # yellow to roll: yellow's threat to red counts; blue or red: yellow rolls only after red
    exposure = 6  # the expected loss, among the learned model's features
    assert computer.look(state, yellow).features[red][exposure] == pytest.approx(risk)
    for to_move in (blue, red):
        assert computer.look(state, to_move).features[red][exposure] == 0
    chances = {to_move: computer.look(state, to_move).chances[red] for to_move in (yellow, blue)}
    assert chances[yellow] < chances[blue]


def test_sending_a_pin_back_lowers_its_seats_chance_and_raises_the_hitters() -> None:
    before = four(red=["track:20", "track:5", *BASE[:2]], green=["track:30", *BASE[:3]])
    rules, state = position(before)
    after = four(red=["track:20", "track:5", *BASE[:2]], green=BASE)
    _, hit = position(after)
    yellow, computer = 2, Computer(rules)
    old, new = computer.look(state, yellow).chances, computer.look(hit, yellow).chances
    assert old is not None and new is not None
    assert new[1] < old[1] and new[0] > old[0]


def test_pins_on_safe_spots_and_past_the_attackers_branch_are_not_exposed() -> None:
    safe = four(red=["track:6", *BASE[:3]], green=["space:3", *BASE[:3]])
    rules, state = position(safe)
    assert danger(rules, state) == 0
    # yellow's pin on space 16 is 40 points along its path: it turns into its lane at 42
    past_branch = four(red=["track:20", *BASE[:3]], yellow=["space:16", *BASE[:3]])
    rules, state = position(past_branch)
    assert danger(rules, state) == 0
    # the same point, 4 ahead of a green pin on space 16, is 14 throws in 36
    reachable = four(red=["track:20", *BASE[:3]], green=["space:16", *BASE[:3]])
    rules, state = position(reachable)
    assert danger(rules, state) == pytest.approx(HIT_WEIGHT * pin_worth(20) * 14 / 36)


# === classic Ludo ====================================================================


CLASSIC = {"variant": "classic"}


def classic(
    pieces: dict[str, list[str]], roll: int, streak: int = 0, **opts: str
) -> tuple[Rules, State]:
    return position(pieces, roll, rules={**CLASSIC, **opts}, streak=streak)


def test_classic_board_52_squares_13_apart_home_column_of_5() -> None:
    rules = get_rules("ludo", 4, CLASSIC)
    assert [rules.track.starts[c] for c in COLOURS] == [0, 13, 26, 39]
    assert rules.track.loop_length == 52
    assert rules.lane_start == 51 and rules.goal == 56
    assert rules.safe == {0, 13, 26, 39, 8, 21, 34, 47}


def test_classic_pin_on_the_point_before_an_attackers_start_is_out_of_its_reach() -> None:
    # green turns into its home column after space 11 and never visits space 12 (its
    # point 51): a green pin on space 9 cannot hit there, a yellow pin on space 9 can
    rules, state = position(
        four(red=["track:12", *BASE[:3]], green=["space:9", *BASE[:3]]), rules=CLASSIC
    )
    assert danger(rules, state) == 0
    rules, state = position(
        four(red=["track:12", *BASE[:3]], yellow=["space:9", *BASE[:3]]), rules=CLASSIC
    )
    assert danger(rules, state) > 0


def test_classic_six_enters_and_rolls_again() -> None:
    rules, state = classic(four(red=["track:4", *BASE[:3]]), 6)
    assert moves(rules, state) == {"base>track:0", "track:4>track:10"}
    assert after(rules, state, "base>track:0").current == 0
    rules, state = classic(four(red=["track:4", *BASE[:3]]), 5)
    assert moves(rules, state) == {"track:4>track:9"}
    assert after(rules, state, "track:4>track:9").current == 1


def test_classic_third_six_forfeits_the_turn() -> None:
    rules, state = classic(four(red=["track:4", *BASE[:3]]), 6, streak=2)
    assert rules.legal_moves(state) == [PASS]
    assert rules.play(state, PASS).current == 1


def test_classic_three_sixes_off_option() -> None:
    rules, state = classic(four(red=["track:4", *BASE[:3]]), 6, streak=2, three_sixes="off")
    assert moves(rules, state) == {"base>track:0", "track:4>track:10"}
    assert after(rules, state, "track:4>track:10").current == 0


def test_classic_landing_on_a_single_opponent_sends_it_home() -> None:
    pieces = four(red=["track:4", *BASE[:3]], green=["space:10", *BASE[:3]])
    rules, state = classic(pieces, 6)
    assert after(rules, state, "track:4>track:10").pieces[1] == (-1, -1, -1, -1)


def test_classic_safe_squares_are_shared() -> None:
    pieces = four(red=["track:4", *BASE[:3]], green=["space:8", *BASE[:3]])
    rules, state = classic(pieces, 4)
    assert after(rules, state, "track:4>track:8").pieces[1] == (-1, -1, -1, 47)
    rules, state = classic(pieces, 4, safe_squares="off")
    assert after(rules, state, "track:4>track:8").pieces[1] == (-1, -1, -1, -1)


def test_classic_a_block_may_not_be_passed_or_landed_on() -> None:
    pieces = four(
        red=["track:4", "track:2", *BASE[:2]], green=["space:7", "space:7", "base", "base"]
    )
    rules, state = classic(pieces, 5)  # onto the block from track:2, past it from track:4
    assert rules.legal_moves(state) == [PASS]
    rules, state = classic(pieces, 2)
    assert moves(rules, state) == {"track:2>track:4", "track:4>track:6"}


def test_classic_home_by_exact_roll() -> None:
    rules, state = classic(four(red=["lane:4", *BASE[:3]]), 2)
    assert moves(rules, state) == {"lane:4>home"}
    rules, state = classic(four(red=["lane:4", *BASE[:3]]), 3)
    assert rules.legal_moves(state) == [PASS]


def test_classic_options_belong_to_the_classic_variant() -> None:
    with pytest.raises(OptionError, match="variant=classic only"):
        get_rules("ludo", 4, {"three_sixes": "off"})


# === LUDOpy ==========================================================================


LUDOPY = {"variant": "ludopy"}


def ludopy(
    pieces: dict[str, list[str]], roll: int, to_move: str = "red", aux: list[int] | None = None
) -> tuple[Rules, State]:
    return position(pieces, roll, to_move, rules=LUDOPY, aux=aux or [2, 0])


def test_ludopy_starts_with_red_without_a_rolloff() -> None:
    rules = get_rules("ludo", 4, LUDOPY)
    state = rules.initial_state()
    assert state.phase == Phase.ROLL and state.current == 0 and state.aux == (1, 0)


def test_ludopy_round_one_gives_three_more_tries_to_get_out() -> None:
    rules = get_rules("ludo", 4, LUDOPY)
    state = rules.initial_state()
    for tries in (1, 2, 3):
        state = rules.play(rules.roll(state, 2), PASS)
        assert state.current == 0 and state.aux == (1, tries)
    state = rules.play(rules.roll(state, 2), PASS)
    assert state.current == 1 and state.aux == (1, 0)
    state = rules.roll(state, 6)
    assert moves(rules, state) == {"base+6"}
    state = after(rules, state, "base+6")
    assert state.current == 2  # no extra roll for a 6 in round 1


def test_ludopy_every_six_rolls_again_from_round_two() -> None:
    rules, state = ludopy(four(red=["track:4", *BASE[:3]]), 6)
    assert moves(rules, state) == {"base+6", "track:4+6"}
    assert after(rules, state, "track:4+6").current == 0
    rules, state = ludopy(four(red=["lane:5", "base", "base", "base"]), 6)
    assert moves(rules, state) == {"base+6", "lane:5+6"}  # an overshoot is a legal move


def test_ludopy_stars_jump_to_the_next_star() -> None:
    rules, state = ludopy(four(red=["track:3", *BASE[:3]]), 1)  # LUDOpy 4 -> star 5 -> 12
    assert texts(rules, after(rules, state, "track:3+1"))["red"][-1] == "track:11"


def test_ludopy_overshooting_the_goal_bounces_to_57_minus_the_die() -> None:
    rules, state = ludopy(four(red=["lane:4", *BASE[:3]]), 4)  # 55 + 4 -> 53
    assert texts(rules, after(rules, state, "lane:4+4"))["red"][-1] == "lane:2"


def test_ludopy_a_globe_with_an_enemy_sends_the_mover_home() -> None:
    pieces = four(red=["track:5", *BASE[:3]], green=["space:8", *BASE[:3]])
    rules, state = ludopy(pieces, 3)  # LUDOpy 6 + 3 = globe 9
    moved = after(rules, state, "track:5+3")
    assert moved.pieces[0] == (-1,) * 4 and moved.pieces[1] == state.pieces[1]


def test_ludopy_two_enemies_on_a_plain_square_send_the_mover_home() -> None:
    pieces = four(red=["track:5", *BASE[:3]], yellow=["space:7", "space:7", "base", "base"])
    rules, state = ludopy(pieces, 2)
    assert after(rules, state, "track:5+2").pieces[0] == (-1,) * 4
    pieces = four(red=["track:5", *BASE[:3]], yellow=["space:7", *BASE[:3]])
    rules, state = ludopy(pieces, 2)
    assert after(rules, state, "track:5+2").pieces[2] == (-1,) * 4


def test_ludopy_a_star_resolves_both_stars_and_describe_names_them_in_order() -> None:
    pieces = four(red=["track:3", *BASE[:3]], blue=["space:4", *BASE[:3]])
    pieces["yellow"] = ["space:11", *BASE[:3]]
    rules, state = ludopy(pieces, 1)  # LUDOpy 4 + 1 = star 5 (blue) -> star 12 (yellow)
    moved = after(rules, state, "track:3+1")
    assert texts(rules, moved)["red"][-1] == "track:11"
    assert moved.pieces[2] == moved.pieces[3] == (-1,) * 4
    assert str(rules.describe(state, rules.parse_move(state, "track:3+1"))) == (
        # the star landed on first, then the star jumped to
        "Move the pin from 3 with the 1 to 11 and send Blue and Yellow back to base"
    )
    pieces = four(red=["track:5", *BASE[:3]], yellow=["space:7", "space:7", "base", "base"])
    rules, state = ludopy(pieces, 2)
    assert str(rules.describe(state, rules.parse_move(state, "track:5+2"))).endswith(
        "with the 2: it is sent back to base"
    )


@pytest.mark.parametrize(
    ("variant", "name"),
    [("two-dice", "TwoDiceLudo"), ("classic", "ClassicLudo"), (" LudoPy ", "LudopyLudo")],
)
def test_each_variant_is_a_ludo_subclass_chosen_by_the_option(variant: str, name: str) -> None:
    rules = get_rules("ludo", 3, {"variant": variant})
    assert isinstance(rules, Ludo) and type(rules).__name__ == name
    assert type(ludo_rules(3, {"variant": variant})) is type(rules)
    copied = pickle.loads(pickle.dumps(rules))  # worker processes and copies keep the class
    assert type(copied) is type(rules) and copied.options == rules.options
    assert type(ludo_rules()).__name__ == "TwoDiceLudo"  # the default variant
    with pytest.raises(OptionError, match="choose one of two-dice, classic, ludopy"):
        ludo_rules(4, {"variant": "danish"})
    with pytest.raises(TypeError, match="built as one of its variants"):
        Ludo(4, {"variant": variant})  # what the variants share is no rule set of its own


def test_every_variant_the_core_offers_has_the_one_subclass_that_says_it_plays_it() -> None:
    offered = Ludo.option("variant").choices
    assert {value: variant_class(value).variant for value in offered} == {v: v for v in offered}
    with pytest.raises(OptionError, match="choose one of two-dice, classic, ludopy"):

        class Snakes(Ludo, variant="snakes"):  # a variant the core has no rules for
            pass


# === bad input =======================================================================


def test_an_illegal_die_use_is_refused_and_changes_nothing() -> None:
    rules, state = position(four(red=["track:10", *BASE[:3]]), [2, 3])
    before = state
    with pytest.raises(IllegalMoveError, match="is not a legal move"):
        rules.parse_move(state, "2:track:10>track:12")  # the 3 must be used too
    with pytest.raises(IllegalMoveError, match="red to move with 2\\+3"):
        rules.parse_move(state, "5:track:10>track:15")
    assert state == before


@pytest.mark.parametrize(
    ("pieces", "message"),
    [
        (four(green=["lane:red:2", *BASE[:3]]), "cannot stand on Red's lane"),
        (four(red=["track:5", *BASE[:3]], yellow=["space:5", *BASE[:3]]), "not a safe square"),
        (four(red=["base"] * 3), "Red has 3 pieces, not 4"),
        (four(red=["track:43", *BASE[:3]]), "is not one of"),
        (four(green=["space:8", *BASE[:3]]), "is not one of"),  # past green's branch
    ],
)
def test_malformed_states_are_refused(pieces: dict[str, list[str]], message: str) -> None:
    with pytest.raises(NotationError, match=message):
        position(pieces)


def test_own_lane_may_be_written_with_its_colour_and_stacks_are_accepted() -> None:
    _, state = position(four(red=["lane:red:2", "track:5", "track:5", "exit"]))
    assert state.pieces[0] == (5, 5, 44, 47)


# === random play, pictures, golden ====================================================


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"play_on": "on"},
        CLASSIC,
        {**CLASSIC, "three_sixes": "off", "safe_squares": "off"},
        LUDOPY,
        {**LUDOPY, "play_on": "on"},
    ],
)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_play_invariants(options: dict[str, str], players: int) -> None:
    rules = get_rules("ludo", players, options)
    check_random_games(rules, range(4))
    check_random_games(rules, range(100, 102), players="computer:heuristic")


@pytest.mark.parametrize("variant", ["two-dice", "classic", "ludopy"])
def test_heuristic_beats_random(variant: str) -> None:
    rules = get_rules("ludo", 2, {"variant": variant})
    wins = sum(
        run_game(
            rules, {"red": "computer:heuristic", "yellow": "computer:random"}, seed
        ).state.finished[:1]
        == (0,)
        for seed in range(60)
    )
    assert wins >= 40


@pytest.mark.parametrize("variant", ["two-dice", "classic", "ludopy"])
def test_picture_marks_every_pin_with_its_letter(variant: str) -> None:
    pieces = four(red=["track:5", "track:5", "base", "lane:1"], green=["lane:2", *BASE[:3]])
    rules, state = position(pieces, rules={"variant": variant})
    picture = draw(rules, state)
    assert "R2" in picture and "G base" in picture and "lane ·G··" in picture  # lane:2


def golden_transcript() -> dict[str, list[str]]:
    transcript = {}
    for variant in ("two-dice", "classic", "ludopy"):
        rules = get_rules("ludo", 4, {"variant": variant})
        seats = {
            c: "computer:heuristic" if i % 2 else "computer:random" for i, c in enumerate(COLOURS)
        }
        record = run_game(rules, seats, 2024).record
        transcript[variant] = [
            f"{e.colour} {e.move if e.move is not None else e.roll}" for e in record.events
        ] + [f"result {json.dumps(record.result, sort_keys=True)}"]
    return transcript


def test_golden_transcript() -> None:
    """Seeded games' every roll and move. A change in the rules is a behaviour change: bump
    Ludo.version. A change in the heuristic player's choices (its evaluation) only changes the
    transcript. Regenerate with `PYTHONPATH=tests python tests/games/test_ludo.py`."""
    assert golden_transcript() == json.loads(GOLDEN.read_text())


if __name__ == "__main__":
    GOLDEN.write_text(json.dumps(golden_transcript(), indent=0) + "\n")


def test_the_notation_docs_example_loads_with_the_moves_it_describes() -> None:
    text = (Path(__file__).parents[2] / "docs" / "notation.md").read_text()
    section = text.split("## Ludo", 1)[1].split("\n## ", 1)[0]
    (example,) = re.findall(r"```json\n(.*?)```", section, re.S)
    rules, state = load_state(example)
    assert len(moves(rules, state)) == 5
    assert {"6:base>track:0 2:track:0>track:2", "2:track:10>track:12 6:base>track:0"} <= moves(
        rules, state
    )


def test_reports_leave_out_the_options_the_variant_leaves_no_choice_in() -> None:
    """Two-dice Ludo refuses the classic-only options' other values: a report's heading that
    listed them would say rules the game does not have."""
    assert get_rules("ludo", 4).options_in_play() == {"variant": "two-dice", "play_on": "off"}
    classic = get_rules("ludo", 4, {"variant": "classic"}).options_in_play()
    assert classic["three_sixes"] == "forfeit" and classic["safe_squares"] == "on"
    assert "two_sets" not in get_rules("trouble", 4).options_in_play()  # 2 players only
    assert get_rules("trouble", 2).options_in_play()["two_sets"] == "off"
    seats = dict.fromkeys(("red", "green", "yellow", "blue"), "computer:random")
    report = simulate("ludo", 2, 4, {}, seats, seed=1)
    assert heading(report) == "ludo: 2 games, seed 1, rules variant=two-dice, play_on=off"
