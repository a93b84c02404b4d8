"""The drawing data of pegrace/boards (each game's board.py): every piece and every legal
move lands on a spot of the board's layout, pieces sit where the games' own encodings put
them, and moves point at the piece that moves; the board's labels name every place as the
move words do."""

from __future__ import annotations

import json
import math
import random
import re
from typing import Any

import pytest

from pegrace.boards import board_layout, move_view, piece_spots
from pegrace.boards.labels import CHAR_WIDTH, HALF_HEIGHT
from pegrace.engine import Rules
from pegrace.games import get_rules
from pegrace.games.headache import START_X
from pegrace.games.ludo import GOAL_WORDS
from pegrace.games.parchis import Parchis
from pegrace.i18n import said_from_json
from pegrace.race import RaceRules
from pegrace.state import Phase, State
from positions import position


def english(words: Any) -> str:
    """Words as the layout and views carry them (a Said's JSON, or a number as text), in
    English."""
    return words if isinstance(words, str) else str(said_from_json(words))


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
    ("parchis", 4, {}),
    ("parchis", 2, {"two_sets": "on"}),
    ("parchis", 3, {"turn_order": "clockwise"}),
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
    steps = [{**step, "to_words": english(step["to_words"])} for step in enter_then_two["steps"]]
    assert steps == [
        {"from": "base-red-2", "to": "t0", "path": ["t0"], "die": 6, "to_words": "to start"},
        {"from": "t0", "to": "t2", "path": ["t1", "t2"], "die": 2, "to_words": "to 2"},
    ]
    said = english(enter_then_two["said"])
    assert said == "Bring a pin out with the 6, then move it on to 2 with the 2"
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
    assert english(stack["words"]) == "Red stack of 2 on outer 1 (top first: Red, Yellow)"
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
        starts = {c: f"t{s}" for c, s in rules.track.starts.items()}
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
    words = sorted(english(p["words"]) for p in piece_spots(rules, state) if p["colour"] == "red")
    assert words == sorted(said)


# the places move words name: a space ("from 13", "to finish 2", "on outer 7", "a cone off
# START"), Ludo's goal by its word ("from 45 out", "move it on home"), and the bases pieces
# are sent back to ("send Green home", "it is sent back to base")
SPACE = re.compile(r"\b(?:from|to|on) (start|\d+|(?:finish|lane|home|X|outer|inner) \d+)\b|(START)")
GOAL = re.compile(r"(?:\d|move it on)(?: with the \d)? (out|home|into the goal)\b")
SENT = re.compile(r"send ((?:[A-Z][a-z]+(?:, | and )?)+) (home|back to base)")
SENT_BACK = re.compile(r"it is sent back to (base)")


def spot_names(layout: dict[str, Any], colour: str) -> dict[str, str]:
    """What ``colour``'s words call each spot the layout names (in English)."""
    return {
        s["id"]: english(s["names"][colour])
        for s in layout["spots"]
        if colour in s.get("names", {})
    }


def named_places(words: str) -> list[str]:
    """The names of the spaces ``words`` name (Ludo's goal by its name on the board)."""
    goal_by_word = {str(word): name for name, word in GOAL_WORDS.items()}
    spaces = [space or start for space, start in SPACE.findall(words)]
    return spaces + [goal_by_word[word] for word in GOAL.findall(words)]


def named_bases(words: str, mover: str) -> list[tuple[str, str]]:
    """The colours ``words`` send back, each with the name of its base."""
    sent = [
        (colour.lower(), base)
        for colours, base in SENT.findall(words)
        for colour in re.split(", | and ", colours)
    ]
    return sent + [(mover, base) for base in SENT_BACK.findall(words)]


@pytest.mark.parametrize("settings", SETTINGS, ids=ids)
def test_every_place_the_move_words_name_is_a_label_on_the_moves_route(
    settings: tuple[str, int, dict[str, str]],
) -> None:
    game, players, options = settings
    rules = get_rules(game, players, options)
    layout = board_layout(rules)
    named = 0
    for state in random_states(rules, seed=11, limit=1500):
        if state.phase != Phase.MOVE:
            continue
        for move in rules.legal_moves(state):
            if move.is_pass:
                continue
            view = move_view(rules, state, move)
            colour = view["piece"]["colour"]
            names = spot_names(layout, colour)
            route = {s for step in view["steps"] for s in (step["from"], step["to"], *step["path"])}
            on_route = {names[spot] for spot in route if spot in names}
            said = english(view["said"])
            for place in named_places(said):
                assert place in on_route, (said, place, sorted(on_route))
                named += 1
            for victim, base in named_bases(said, colour):
                bases = {n for spot, n in spot_names(layout, victim).items() if "base" in spot}
                assert bases == {base.removeprefix("back to ")}, (said, victim)
    assert named > 100  # the words were read: places were found in them


@pytest.mark.parametrize("settings", SETTINGS, ids=ids)
def test_every_piece_on_a_space_says_where_it_stands_by_the_spaces_label(
    settings: tuple[str, int, dict[str, str]],
) -> None:
    game, players, options = settings
    rules = get_rules(game, players, options)
    layout = board_layout(rules)
    said = 0
    for state in random_states(rules, seed=5, limit=400):
        for piece in piece_spots(rules, state):
            name = spot_names(layout, piece["colour"]).get(piece["spot"], "")
            if name in ("start", "START") or name[-1:].isdigit():
                where = f"space {name}" if name.isdigit() else name
                assert f" on {where}" in english(piece["words"]), (piece, name)
                said += 1
    assert said > 50


@pytest.mark.parametrize("settings", SETTINGS, ids=ids)
def test_the_board_numbers_its_starts_and_every_few_spaces_as_each_colour_counts(
    settings: tuple[str, int, dict[str, str]],
) -> None:
    game, players, options = settings
    rules = get_rules(game, players, options)
    layout = board_layout(rules)
    shown = {s["id"] for s in layout["spots"] if s.get("shown")}
    if game == "headache":  # the Xs, and the tracks' names
        assert shown == {f"x{k}" for k in range(8)}
        texts = {english(d["said"]) for d in layout["decor"] if d["shape"] == "text"}
        assert texts == {"outer", "inner"}
        return
    assert isinstance(rules, RaceRules)
    if rules.printed_numbers:  # Parchís: every space printed as on the board, no name drawn
        assert isinstance(rules, Parchis)
        printed = {d.get("text") for d in layout["decor"] if d["shape"] == "text"}
        assert {str(n) for n in range(1, rules.track.loop_length + 1)} <= printed
        by_id = {s["id"]: s for s in layout["spots"]}
        for space in range(rules.track.loop_length):
            names = set(by_id[f"t{space}"]["names"].values())
            assert names == {str(rules.printed(space))}, (space, names)  # every colour's alike
        assert not shown
        return
    loop = rules.track.loop_length
    numbered = sorted(int(spot[1:]) for spot in shown)
    assert {f"t{n}" for n in numbered} == shown  # loop spaces only
    assert set(rules.track.starts.values()) <= set(numbered)
    gaps = [(b - a) % loop for a, b in zip(numbered, numbered[1:] + numbered[:1], strict=True)]
    assert max(gaps) <= 8, gaps
    by_id = {s["id"]: s for s in layout["spots"]}
    for seat, colour in enumerate(rules.colours):
        assert english(by_id[f"t{rules.track.starts[colour]}"]["names"][colour]) == "start"
        # the space 7 on from a colour's start is its 7 (whichever colour's count shows)
        assert by_id[f"t{rules.abs_of[seat][7]}"]["names"][colour] == "7"


@pytest.mark.parametrize("settings", SETTINGS, ids=ids)
def test_each_name_always_drawn_is_nearer_its_own_spot_than_any_other(
    settings: tuple[str, int, dict[str, str]],
) -> None:
    game, players, options = settings
    rules = get_rules(game, players, options)
    layout = board_layout(rules)
    spots = layout["spots"]
    _, _, width, height = layout["viewBox"]
    named = [s for s in spots if "names" in s]
    # a board that prints its numbers (Parchís) draws no name always
    printed = isinstance(rules, RaceRules) and rules.printed_numbers
    assert len(named) > 40 and any(s["shown"] for s in named) != printed
    for spot in named:
        x, y = spot["tag"]["x"], spot["tag"]["y"]
        assert 0 < x < width and 0 < y < height, spot
        if not spot["shown"]:
            continue
        # the name's box, as the page draws it (30 units high, 16.8 a character)
        chars = max(len(english(n)) for n in spot["names"].values())
        box = (x, y, chars * CHAR_WIDTH / 2, HALF_HEIGHT)
        gaps = {o["id"]: box_gap(box, o) for o in spots}
        assert min(gaps, key=gaps.__getitem__) == spot["id"]
        assert sorted(gaps.values())[1] > gaps[spot["id"]] + 1, spot["id"]  # clearly nearer


def box_gap(box: tuple[float, float, float, float], spot: dict[str, Any]) -> float:
    """From a box (its middle, half its width and height) to the edge of a spot."""
    x, y, w, h = box
    return math.hypot(max(abs(spot["x"] - x) - w, 0), max(abs(spot["y"] - y) - h, 0)) - spot["r"]
