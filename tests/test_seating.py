"""The rule option ``seating`` (issue 52: 2-player Ludo as green): with fewer than 4 players
the colours that play may be the usual ones turned round the board, each from its own start.
A turned game is the usual game played from other corners: the same seeded game, move for
move (in the mover's frame, or on spaces turned round the board), its words naming the
turned colours; its records and states round trip; the web offers each set of colours."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from pegrace.boards import piece_spots
from pegrace.engine import Rules, core_number
from pegrace.errors import OptionError
from pegrace.games import get_rules, list_games
from pegrace.games.headache import INNER_BASE, OUTER_BASE, X_COUNT
from pegrace.match import run_game
from pegrace.moves import Move
from pegrace.notation import dump_state, load_state
from pegrace.player import Player
from pegrace.race import RaceRules
from pegrace.record import Event, Record, replay
from pegrace.state import State
from pegrace.web.settings import catalog, parse_settings
from pegrace.words import colour_name

GAMES = [
    ("trouble", {}),
    ("trouble", {"turn_order": "counterclockwise", "finish": "deepest-first"}),
    ("ludo", {}),
    ("ludo", {"variant": "classic"}),
    ("ludo", {"variant": "ludopy", "play_on": "on"}),
    ("marbles", {}),
    ("marbles", {"mode": "war", "turn_limit": "80"}),
    ("headache", {}),
    ("headache", {"challenge": "on"}),
]
TURNS = [(2, 1), (3, 1), (3, 2), (3, 3)]  # (players, seats turned)
SEEDS = range(3)

# Headache's pieces stand on board spaces, not in their owner's frame: a turned game's spaces
# are the usual game's turned by the colours' START Xs
START_X_STEP = core_number("headache", "start_x_step")
# a space as the notation (x:3, outer:8) and the words (X 3, outer 8) write it
SPACE_NAME = re.compile(r"\b(x|X|outer|inner)([: ])(\d+)\b")
KINDS = {"x": (0, X_COUNT), "outer": (OUTER_BASE, INNER_BASE), "inner": (INNER_BASE, 48)}


def turned_back(space: int, turn: int) -> int:
    """A Headache space of a game turned ``turn`` seats, where the usual game has it."""
    for first, end in KINDS.values():
        if first <= space < end:
            per = (end - first) // X_COUNT  # spaces between neighbouring Xs
            return first + (space - first - turn * START_X_STEP * per) % (end - first)
    raise AssertionError(space)


def text_back(rules: Rules, text: str, turn: int) -> str:
    """A move's text or words as the usual game says them (a race game's moves: already in
    the mover's frame)."""
    if rules.name != "headache":
        return text

    def back(found: re.Match[str]) -> str:
        kind, between, number = found.groups()
        first = KINDS[kind.lower()][0]
        return f"{kind}{between}{turned_back(first + int(number), turn) - first}"

    return SPACE_NAME.sub(back, text)


def pieces_back(rules: Rules, state: State, turn: int) -> tuple[tuple[int, ...], ...]:
    if rules.name != "headache":
        return state.pieces

    def cone(seat: int, c: int) -> int:
        return rules.parse_piece(seat, text_back(rules, rules.piece_text(seat, c), turn))

    return tuple(tuple(sorted(cone(seat, c) for c in row)) for seat, row in enumerate(state.pieces))


def move_key(rules: Rules, move: Move, turn: int) -> tuple[str, tuple[int, ...]]:
    """A move as the usual game has it: its text, and a Headache move's path."""
    path = tuple(turned_back(s, turn) for s in getattr(move, "path", ()))
    return text_back(rules, move.text, turn), path


class SeatPlayer(Player):
    """Picks among the legal moves put in the usual game's order by a generator of its seat's
    own: the same seat of a turned game picks the same move."""

    def __init__(self, seed: str, key: Callable[[Move], Any]) -> None:
        self.rng, self.key = random.Random(seed), key

    def choose(self, rules: Rules, state: State, moves: Sequence[Move]) -> Move:
        ordered = sorted(moves, key=self.key)
        return ordered[self.rng.randrange(len(ordered))]


def played(rules: Rules, turn: int, seed: int) -> tuple[list[Any], Any, Any]:
    """A seeded game: each event by seat (a move with every legal move and its words, as the
    usual game has them), the final pieces there, and the places by seat; and the record."""
    every = rules.all_colours
    by_name = {
        str(colour_name(c)): str(colour_name(every[(i - turn) % 4])) for i, c in enumerate(every)
    }
    usual_words = re.compile(r"\b(" + "|".join(by_name) + r")\b")

    def key(move: Move) -> tuple[str, tuple[int, ...]]:
        return move_key(rules, move, turn)

    events: list[Any] = []

    def observe(before: State, event: Event, after: State) -> None:
        if event.move is None:
            events.append((before.current, event.roll))
            return
        (move,) = [m for m in rules.legal_moves(before) if m.text == event.move]
        said = str(rules.describe(before, move))
        words = usual_words.sub(lambda found: by_name[found[1]], said)
        words = text_back(rules, words, turn)
        legal = sorted(key(m) for m in rules.legal_moves(before))
        events.append((before.current, key(move), legal, words))

    players = [SeatPlayer(f"{seed}:{seat}", key) for seat in range(len(rules.colours))]
    seats = dict.fromkeys(rules.colours, "computer:random")
    result = run_game(rules, seats, seed, players=players, observer=observe)
    places = rules.outcome(result.state).places
    return [events, pieces_back(rules, result.state, turn), places], result.state, result.record


@pytest.mark.parametrize(("players", "turn"), TURNS)
@pytest.mark.parametrize(("game", "options"), GAMES)
def test_a_turned_game_is_the_usual_game_played_from_other_corners(
    game: str, options: dict[str, str], players: int, turn: int
) -> None:
    usual = get_rules(game, players, options)
    turned = get_rules(game, players, {**options, "seating": str(turn)})
    every = usual.all_colours
    assert turned.colours == tuple(every[(every.index(c) + turn) % 4] for c in usual.colours)
    if isinstance(turned, RaceRules) and isinstance(usual, RaceRules):
        # each seat's pieces walk from its own colour's start: the usual path turned
        loop = turned.track.loop_length
        for seat, path in enumerate(turned.abs_of):
            assert path == tuple((s + turn * loop // 4) % loop for s in usual.abs_of[seat])
    texts = set()
    for seed in SEEDS:
        (events, pieces, places), final, record = played(turned, turn, seed)
        assert [events, pieces, places] == played(usual, 0, seed)[0]
        texts |= {e.move for e in record.events if e.move}
        # the record names the turned colours and its options, and replays to the same end
        kept = Record.from_json(record.to_json())
        assert kept.options["seating"] == str(turn) and set(kept.seats) == set(turned.colours)
        rules, states = replay(kept)
        assert rules.colours == turned.colours and states[-1] == final
        # and a state written out reads back as the same state of the same rules
        middle = states[len(states) // 2]
        again, state = load_state(dump_state(turned, middle))
        assert again.colours == turned.colours and state == middle
    if game == "headache":  # its moves name the board's spaces: the turned game's differ
        assert texts != {text_back(turned, t, turn) for t in texts}


@pytest.mark.parametrize(("players", "turn"), TURNS)
@pytest.mark.parametrize("game", list_games())
def test_each_colour_is_drawn_where_it_is_in_a_game_of_four(
    game: str, players: int, turn: int
) -> None:
    """The board view puts a turned colour's pieces where a 4-player game has that colour's."""
    turned = get_rules(game, players, {"seating": str(turn)})
    four = get_rules(game, 4)

    def spots(rules: Rules) -> dict[str, list[str]]:
        state = rules.initial_state()
        if rules.name != "headache":  # a piece on its start, one 3 on, the rest at home
            state = state._replace(pieces=((-1, -1, 0, 3),) * len(rules.colours))
        found: dict[str, list[str]] = {}
        for piece in piece_spots(rules, state):
            found.setdefault(piece["colour"], []).append(piece["spot"])
        return found

    everywhere = spots(four)
    drawn = spots(turned)
    assert set(drawn) == set(turned.colours)
    for colour, where in drawn.items():
        assert sorted(where) == sorted(everywhere[colour]), colour


@pytest.mark.parametrize("game", list_games())
def test_seating_is_refused_where_it_would_change_nothing(game: str) -> None:
    for turn in "123":
        with pytest.raises(OptionError, match=f"seating={turn}: every colour plays with 4"):
            get_rules(game, 4, {"seating": turn})
    for turn in "23":
        with pytest.raises(OptionError, match="with 2 players choose 0 or 1"):
            get_rules(game, 2, {"seating": turn})
    with pytest.raises(OptionError, match='seating="4": choose one of 0, 1, 2, 3'):
        get_rules(game, 3, {"seating": "4"})


def test_trouble_two_sets_plays_every_colour_so_takes_no_seating() -> None:
    with pytest.raises(OptionError, match="seating=1 does not go with two_sets=on"):
        get_rules("trouble", 2, {"two_sets": "on", "seating": "1"})
    assert "seating" not in get_rules("trouble", 2, {"two_sets": "on"}).options_in_play()
    assert "seating" not in get_rules("ludo", 4).options_in_play()
    assert get_rules("ludo", 2).options_in_play()["seating"] == "0"


GREEN_AGAINST_HARD = {"green": "human", "blue": "computer:hard"}


def test_two_player_ludo_as_green_needs_the_seating_that_seats_green() -> None:
    settings, rules = parse_settings(
        {"game": "ludo", "seats": GREEN_AGAINST_HARD, "options": {"seating": "1"}}
    )
    assert rules.colours == ("green", "blue") and settings.seats == GREEN_AGAINST_HARD
    assert settings.options["seating"] == "1" and settings.rules().colours == rules.colours
    with pytest.raises(OptionError) as refused:
        parse_settings({"game": "ludo", "seats": GREEN_AGAINST_HARD})
    assert str(refused.value) == (
        "2-player ludo is played by Red, Yellow; seats were given for Green, Blue "
        "(set the rule option seating=1 for them)"
    )
    with pytest.raises(OptionError) as no_set:  # red and green never play alone
        parse_settings({"game": "ludo", "seats": {"red": "human", "green": "human"}})
    assert str(no_set.value) == (
        "2-player ludo is played by Red, Yellow; seats were given for Red, Green "
        "(other colours play with the rule option seating: 1 for Green, Blue)"
    )
    three = {"blue": "human", "red": "human", "green": "computer:random"}
    _, rules = parse_settings({"game": "ludo", "seats": three, "options": {"seating": "3"}})
    assert rules.colours == ("blue", "red", "green")  # in turn order, as the board has them


@pytest.mark.parametrize("game", list_games())
def test_the_catalog_offers_every_set_of_colours_with_the_option_that_seats_it(game: str) -> None:
    (entry,) = [g for g in catalog()["games"] if g["name"] == game]
    assert set(entry["seatings"]) == set(entry["colours"])
    for count, offered in entry["seatings"].items():
        assert offered[0] == {"colours": entry["colours"][count], "options": {"seating": "0"}}
        assert len(offered) == {"2": 2, "3": 4, "4": 1}[count]
        sets = [frozenset(s["colours"]) for s in offered]
        assert len(set(sets)) == len(sets)
        for seating in offered:
            assert seating["colours"] == list(
                get_rules(game, int(count), seating["options"]).colours
            )
    every_pair = {frozenset(s["colours"]) for s in entry["seatings"]["2"]}
    colours = get_rules(game, 4).colours
    assert every_pair == {frozenset(colours[0::2]), frozenset(colours[1::2])}  # opposite pairs


def test_the_core_describes_the_option_once_for_every_game() -> None:
    specs = {get_rules(game, 2).option("seating") for game in list_games()}
    (spec,) = specs
    assert spec.default == "0" and spec.choices == ("0", "1", "2", "3")
    assert "fewer than 4" in spec.help and spec.title == "Seating"


def test_a_record_from_before_the_option_replays_with_the_usual_colours() -> None:
    rules = get_rules("ludo", 2)
    result = run_game(rules, dict.fromkeys(rules.colours, "computer:random"), 5)
    written = result.record.to_json()
    del written["rules"]["seating"]  # as records made before it
    again, states = replay(Record.from_json(written))
    assert again.colours == ("red", "yellow") and states[-1] == result.state
