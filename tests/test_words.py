"""Moves in plain words: what each game's ``describe`` says to the player, how the log says it
of them (``describe(..., who)``), and, over random play in every setup, that the words of a
position's moves never show notation and never read alike."""

from __future__ import annotations

import re

import pytest

from pegrace.games import get_rules
from pegrace.words import colour_name, names
from positions import position, random_positions
from setups import SETUPS

HOME4 = ["home"] * 4
BASE4 = ["base"] * 4
NOTATION = re.compile(r"track:|space:|lane:|finish:|->|>|\bbase\+|inner:|outer:|x:\d")


def words(
    game: str,
    pieces: dict[str, list[str]],
    roll: object,
    move: str,
    who: str | None = None,
    **extra: object,
) -> str:
    rules, state = position(game, pieces, roll, **extra)
    return str(rules.describe(state, rules.parse_move(state, move), who))


def test_trouble_moves_read_as_a_person_says_them() -> None:
    pieces = {"red": ["track:4", "home", "home", "home"], "green": ["track:21", *HOME4[:3]]}
    assert (
        words("trouble", pieces, 3, "track:4>track:7")
        == "Move the peg from 4 to 7 and send Green home"
    )
    assert words("trouble", pieces, 6, "home>track:0") == "Bring a peg out"
    pieces = {"red": ["track:26", *HOME4[:3]], "green": HOME4}
    assert words("trouble", pieces, 3, "track:26>finish:2") == "Move the peg from 26 to finish 2"
    assert words("trouble", pieces, 3, "pass") == "Pass"  # a voluntary pass


def test_a_forced_pass_says_nothing_can_move() -> None:
    rules, state = position("trouble", {"red": HOME4, "green": HOME4}, 3)
    (only,) = rules.legal_moves(state)
    assert str(rules.describe(state, only)) == "Pass: nothing can move"


def test_two_dice_ludo_says_each_die_in_turn_and_follows_one_pin() -> None:
    pieces = {"red": ["track:20", *BASE4[:3]], "yellow": ["track:40", *BASE4[:3]]}
    assert words("ludo", pieces, [3, 6], "6:base>track:0 3:track:0>track:3") == (
        "Bring a pin out with the 6, then move it on to 3 with the 3"
    )
    assert words("ludo", pieces, [3, 6], "3:track:20>track:23 6:base>track:0") == (
        "Move the pin from 20 to 23 with the 3, then bring a pin out with the 6"
    )
    pieces = {"red": ["track:41", *BASE4[:3]], "yellow": BASE4}
    assert words("ludo", pieces, [1, 2], "2:track:41>lane:1 1:lane:1>lane:2").endswith(
        "then move it on to lane 2 with the 1"
    )


def test_classic_ludo_brings_pins_home() -> None:
    pieces = {"red": ["lane:4", *BASE4[:3]], "yellow": BASE4}
    options = {"variant": "classic"}
    assert words("ludo", pieces, 2, "lane:4>home", rules=options) == "Move the pin from lane 4 home"


def test_marbles_and_headache_moves_read_plainly() -> None:
    pieces = {"red": ["track:55", *BASE4[:3]], "green": BASE4}
    assert words("marbles", pieces, 2, "track:55>home:2") == "Move the marble from 55 to home 2"
    start = ["start"] * 4
    pieces = {"red": ["x:1", *start[:3]], "green": ["outer:5", *start[:3]]}
    assert words("headache", pieces, [3, 0], "x:1>outer:5", aux=[4, 4, 0]) == (
        "Move the cone on X 1 onto Green's cone on outer 5, capturing it"
    )


PIECES = {"red": ["track:4", "home", "home", "home"], "green": ["track:21", *HOME4[:3]]}
TWO_DICE = {"red": ["track:20", *BASE4[:3]], "yellow": ["track:40", *BASE4[:3]]}
WAR = {"red": ["track:1", *BASE4[:3]], "yellow": BASE4, "green": BASE4}
WAR["blue"] = ["space:4", *BASE4[:3]]


@pytest.mark.parametrize(
    ("game", "pieces", "roll", "move", "extra", "order", "said"),
    [
        ("trouble", PIECES, 6, "home>track:0", {}, "Bring a peg out", "Red brings a peg out"),
        (
            "trouble",
            PIECES,
            3,
            "track:4>track:7",
            {},
            "Move the peg from 4 to 7 and send Green home",
            "Red moves the peg from 4 to 7 and sends Green home",
        ),
        (
            "ludo",
            TWO_DICE,
            [3, 6],
            "6:base>track:0 3:track:0>track:3",
            {},
            "Bring a pin out with the 6, then move it on to 3 with the 3",
            "Red brings a pin out with the 6, then moves it on to 3 with the 3",
        ),
        (
            "trouble",
            {"red": HOME4, "green": HOME4},
            3,
            "pass",
            {},
            "Pass: nothing can move",
            "Red passes: nothing can move",
        ),
        (
            "headache",
            {"red": ["outer:0", "inner:0", "start", "start"], "green": ["start"] * 4},
            [1, 0],
            "pass",
            {"aux": [2, 0, 0]},
            "Pop again: no cone can move with this pop",
            "Red pops again: no cone can move with this pop",
        ),
        (
            "marbles",
            WAR,
            3,
            "track:1>track:4",
            {"rules": {"mode": "war"}},
            "Move the marble from 1 to 4 and remove a Blue marble from the game",
            "Red moves the marble from 1 to 4 and removes a Blue marble from the game",
        ),
    ],
)
def test_the_log_says_a_move_of_the_player_who_made_it(
    game: str,
    pieces: dict[str, list[str]],
    roll: object,
    move: str,
    extra: dict[str, object],
    order: str,
    said: str,
) -> None:
    assert words(game, pieces, roll, move, **extra) == order
    assert words(game, pieces, roll, move, "Red", **extra) == said
    rules, state = position(game, pieces, roll, **extra)
    red = colour_name("red")
    assert str(rules.describe(state, rules.parse_move(state, move), red)) == said


def test_colours_are_named_and_listed() -> None:
    assert [str(colour_name(c)) for c in ("red", "yellow", "green", "blue")] == [
        "Red",
        "Yellow",
        "Green",
        "Blue",
    ]
    assert str(names(["green"])) == "Green"
    assert str(names(["green", "blue"])) == "Green and Blue"
    assert str(names(["green", "blue", "yellow"])) == "Green, Blue and Yellow"
    assert str(names(["green", "blue", "yellow", "red"])) == "Green, Blue, Yellow and Red"


@pytest.mark.parametrize(
    ("game", "players", "options"), SETUPS, ids=[f"{g}-{n}-{o}" for g, n, o in SETUPS]
)
def test_every_legal_move_reads_differently_and_shows_no_notation(
    game: str, players: int, options: dict[str, str]
) -> None:
    rules = get_rules(game, players, options)
    for state in random_positions(rules, seed=5, count=150):
        said = [str(rules.describe(state, move)) for move in rules.legal_moves(state)]
        assert len(set(said)) == len(said), said
        for text in said:
            assert text[:1].isupper() and not NOTATION.search(text), text
