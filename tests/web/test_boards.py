"""The drawing data of web/boards.py: every piece and every legal move lands on a spot of
the board's layout, pieces sit where the games' own encodings put them, and moves point
at the piece that moves."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from pegrace.engine import Rules
from pegrace.games import get_rules
from pegrace.games.headache import START_X
from pegrace.race import RaceRules
from pegrace.state import Phase, State
from pegrace.web.boards import board_layout, move_view, piece_spots
from positions import position

SETTINGS = [
    ("trouble", 4, {}),
    ("trouble", 2, {}),
    ("trouble", 2, {"two_sets": "on"}),
    ("ludo", 4, {}),
    ("ludo", 3, {}),
    ("ludo", 4, {"variant": "classic"}),
    ("ludo", 2, {"variant": "ludopy"}),
    ("headache", 4, {}),
    ("headache", 3, {"challenge": "on"}),
    ("marbles", 4, {}),
    ("marbles", 4, {"teams": "on"}),
    ("marbles", 3, {"mode": "war"}),
]


def ids(settings: tuple[str, int, dict[str, str]]) -> str:
    game, players, options = settings
    return f"{game}-{players}-" + "-".join(f"{k}={v}" for k, v in options.items())


def spot_ids(layout: dict[str, Any]) -> set[str]:
    return {spot["id"] for spot in layout["spots"]}


def random_states(rules: Rules, seed: int, limit: int = 4000) -> list[State]:
    """The states of one random game (every event), at most ``limit`` of them."""
    rng = random.Random(seed)
    state = rules.initial_state()
    states = [state]
    while not state.is_over and len(states) < limit:
        if state.is_chance:
            state = rules.apply_roll(state, rules.sample_roll(state, rng))
        else:
            moves = rules.legal_moves(state)
            state = rules.apply_move(state, moves[int(rng.random() * len(moves))])
        states.append(state)
    return states


@pytest.mark.parametrize("settings", SETTINGS, ids=ids)
def test_layout_is_json_with_unique_spots_inside_the_view(
    settings: tuple[str, int, dict[str, str]],
) -> None:
    game, players, options = settings
    layout = board_layout(get_rules(game, players, options))
    assert json.loads(json.dumps(layout)) == layout
    ids_ = [spot["id"] for spot in layout["spots"]]
    assert len(ids_) == len(set(ids_))
    _, _, width, height = layout["viewBox"]
    for spot in layout["spots"]:
        assert spot["x"] - spot["r"] >= 0 and spot["x"] + spot["r"] <= width, spot
        assert spot["y"] - spot["r"] >= 0 and spot["y"] + spot["r"] <= height, spot
    dome = layout["dome"]
    assert dome["r"] > 0 and 0 < dome["x"] < width and 0 < dome["y"] < height


@pytest.mark.parametrize("settings", SETTINGS, ids=ids)
def test_every_piece_and_move_of_a_random_game_is_on_the_board(
    settings: tuple[str, int, dict[str, str]],
) -> None:
    game, players, options = settings
    rules = get_rules(game, players, options)
    spots = spot_ids(board_layout(rules))
    cones = 4
    for state in random_states(rules, seed=7):
        pieces = piece_spots(rules, state)
        assert {p["spot"] for p in pieces} <= spots
        per_colour: dict[str, int] = {}
        for piece in pieces:
            per_colour[piece["colour"]] = per_colour.get(piece["colour"], 0) + piece["height"]
        assert sum(per_colour.values()) == cones * len(rules.colours)
        if state.phase != Phase.MOVE:
            continue
        occupied = {p["spot"] for p in pieces}
        for move in rules.legal_moves(state):
            view = move_view(rules, state, move)
            assert view["text"] == move.text
            assert view["pass"] == move.is_pass
            if move.is_pass:
                assert view["from"] is None and view["to"] is None
                continue
            assert view["from"] in occupied, (view, state)
            for step in view["steps"]:
                assert {step["from"], step["to"], *step["path"]} <= spots
                assert step["path"][-1] == step["to"]


def test_trouble_pieces_follow_each_colours_frame() -> None:
    rules, state = position(
        "trouble",
        **{
            "pieces": {
                "red": ["home", "home", "track:3", "finish:2"],
                "yellow": ["start", "home", "home", "home"],
                "green": ["home"] * 4,
                "blue": ["track:27", "home", "home", "home"],
            }
        },
    )
    spots = {(p["colour"], p["spot"]) for p in piece_spots(rules, state)}
    assert ("red", "t3") in spots
    assert ("red", "lane-red-2") in spots
    assert ("red", "base-red-1") in spots
    assert ("yellow", "t7") in spots  # yellow's start is loop space 7
    assert ("blue", "t20") in spots  # 27 steps on from space 21 is space 20


def test_a_move_from_the_base_leaves_the_last_base_slot() -> None:
    rules, state = position(
        "trouble",
        **{
            "to_move": "red",
            "roll": 6,
            "pieces": {"red": ["home", "home", "home", "track:3"], "green": ["home"] * 4},
        },
    )
    views = {v["text"]: v for v in (move_view(rules, state, m) for m in rules.legal_moves(state))}
    enter = views["home>track:0"]
    assert (enter["from"], enter["to"]) == ("base-red-2", "t0")
    assert enter["piece"] == {"colour": "red", "index": 2}
    assert views["track:3>track:9"]["from"] == "t3"
    assert views["pass"]["pass"] is True


def test_two_dice_ludo_moves_list_one_step_per_die() -> None:
    rules, state = position(
        "ludo",
        **{
            "to_move": "red",
            "roll": [2, 6],
            "pieces": {"red": ["base", "base", "base", "track:4"], "yellow": ["base"] * 4},
        },
    )
    views = [move_view(rules, state, m) for m in rules.legal_moves(state)]
    enter_then_two = next(v for v in views if v["text"] == "6:base>track:0 2:track:0>track:2")
    assert enter_then_two["steps"] == [
        {"from": "base-red-2", "to": "t0", "path": ["t0"], "die": 6, "to_words": "to start"},
        {"from": "t0", "to": "t2", "path": ["t1", "t2"], "die": 2, "to_words": "to 2"},
    ]
    assert enter_then_two["label"] == "Bring a pin out with the 6, then move it on to 2 with the 2"
    # red walks counter-clockwise from the top-left corner: its track:2 is loop space 2
    assert all(v["from"] in ("base-red-2", "t4") for v in views)


def test_headache_stacks_are_one_piece_with_their_colours() -> None:
    rules, state = position(
        "headache",
        **{
            "to_move": "red",
            "roll": [3, 0],
            "aux": [4, 4, 4, 4, 0],
            "pieces": {
                "red": ["outer:1/2", "start", "start", "start"],
                "yellow": ["outer:1/1", "inner:3", "start", "start"],
                "green": ["start"] * 4,
                "blue": ["start"] * 4,
            },
        },
    )
    pieces = piece_spots(rules, state)
    stack = next(p for p in pieces if p["spot"] == "o1")
    assert stack["stack"] == ["yellow", "red"] and stack["colour"] == "red"
    assert stack["height"] == 2
    assert stack["words"] == "Red stack of 2 on outer 1 (top first: Red, Yellow)"
    waiting = [p for p in pieces if p["colour"] == "red" and p.get("start")]
    assert [p["spot"] for p in waiting] == ["start-red-0", "start-red-1", "start-red-2"]
    views = [move_view(rules, state, m) for m in rules.legal_moves(state)]
    from_stack = [v for v in views if v["from"] == "o1"]
    # a stack moves both ways: some destinations are reached counter-clockwise
    assert any(v["steps"][0]["ccw"] for v in from_stack)
    assert any(not v["steps"][0]["ccw"] for v in from_stack)
    assert all(len(v["steps"][0]["path"]) == 3 for v in views)
    assert {v["from"] for v in views} <= {"o1", "start-red-2"}


def test_marbles_partner_moves_show_the_partners_marble() -> None:
    rules, state = position(
        "marbles",
        **{
            "rules": {"teams": "on"},
            "to_move": "red",
            "roll": 2,
            "pieces": {
                "red": ["home:1", "home:2", "home:3", "home:4"],
                "yellow": ["base"] * 4,
                "green": ["track:5", "base", "base", "base"],
                "blue": ["base"] * 4,
            },
        },
    )
    (view,) = [move_view(rules, state, m) for m in rules.legal_moves(state)]
    assert view["piece"]["colour"] == "green"
    assert view["from"] == f"t{rules.abs_of[2][5]}"


@pytest.mark.parametrize("settings", SETTINGS, ids=ids)
def test_start_spaces_carry_their_colour(settings: tuple[str, int, dict[str, str]]) -> None:
    game, players, options = settings
    rules = get_rules(game, players, options)
    by_id = {spot["id"]: spot for spot in board_layout(rules)["spots"]}
    if game == "headache":
        starts = {colour: f"x{x}" for colour, x in START_X.items()}
    else:
        assert isinstance(rules, RaceRules)
        starts = {c: f"t{s}" for c, s in rules.track.board.starts.items()}
    for colour, spot in starts.items():
        assert by_id[spot]["colour"] == colour


def test_a_walk_into_the_finish_lane_passes_every_space_on_the_way() -> None:
    rules, state = position(
        "trouble",
        **{
            "to_move": "red",
            "roll": 5,
            "pieces": {"red": ["track:25", "home", "home", "home"], "green": ["home"] * 4},
        },
    )
    (view,) = [
        v for v in (move_view(rules, state, m) for m in rules.legal_moves(state)) if not v["pass"]
    ]
    assert view["steps"][0]["path"] == ["t26", "t27", "lane-red-1", "lane-red-2", "lane-red-3"]


def test_a_war_marble_walks_round_past_its_own_start() -> None:
    rules, state = position(
        "marbles",
        **{
            "rules": {"mode": "war"},
            "to_move": "red",
            "roll": 3,
            "pieces": {"red": ["track:54", "base", "base", "base"], "green": ["base"] * 4},
        },
    )
    (view,) = [move_view(rules, state, m) for m in rules.legal_moves(state)]
    assert view["steps"][0]["path"] == ["t55", "t0", "t1"]


@pytest.mark.parametrize(
    ("game", "pieces", "said"),
    [
        (
            "trouble",
            {"red": ["home", "track:4", "finish:2", "track:0"], "green": ["home"] * 4},
            ["Red peg at home", "Red peg on start", "Red peg on space 4", "Red peg on finish 2"],
        ),
        (
            "ludo",
            {"red": ["base", "track:4", "lane:2", "exit"], "yellow": ["base"] * 4},
            ["Red pin in base", "Red pin on space 4", "Red pin on lane 2", "Red pin out"],
        ),
        (
            "marbles",
            {"red": ["base", "track:0", "track:9", "home:1"], "green": ["base"] * 4},
            [
                "Red marble in base",
                "Red marble on start",
                "Red marble on space 9",
                "Red marble on home 1",
            ],
        ),
    ],
)
def test_each_piece_says_where_it_stands_for_a_screen_reader(
    game: str, pieces: dict[str, list[str]], said: list[str]
) -> None:
    rules, state = position(game, to_move="red", pieces=pieces)
    words = sorted(p["words"] for p in piece_spots(rules, state) if p["colour"] == "red")
    assert words == sorted(said)
