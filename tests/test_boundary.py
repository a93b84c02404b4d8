"""The boundary between the core and Python: the core reads and writes the pieces' places, says
who a move captures and which cones stack where; no Python module reads a game's bit layout
or keeps a position grammar of its own (issue 57)."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from pegrace import _core
from pegrace.dice import BY_NAME, Dice
from pegrace.errors import IllegalMoveError, NotationError
from pegrace.games import get_rules, list_games
from pegrace.games.headache import Headache
from pegrace.i18n import Said
from pegrace.moves import Step
from pegrace.notation import load_state, state_to_json
from pegrace.players import COMPUTER_PLAYERS, LEVEL_SEARCH, LEVELS, NAMED_ONLY, make_player
from pegrace.search import SearchPlayer
from pegrace.state import Phase
from pegrace.words import computer_word
from positions import random_positions

ROOT = Path(__file__).resolve().parents[1]
PYTHON = [
    path
    for folder in ("src/pegrace", "benchmarks", "tools", "examples")
    for path in sorted((ROOT / folder).rglob("*.py"))
    if "attackbench" not in path.parts  # a WebSocket frame's bits: not a game's
]
# what reading a game's packed pieces looks like: shifts and masks by a layout's names, the
# facts that named them, a grammar of places (a place's name written by hand too) or the diff
# that found a move's victims; and what restating a board looks like: a graph of its spaces
# and the walks along it
LAYOUT = re.compile(
    r"(>>|<<)\s*[A-Z_]*(HEIGHT|SEAT|BITS)|&\s*[A-Z_]*(MASK|HEIGHT|SEAT)"
    r"|\b(HEIGHT|SEAT)_(BITS|MASK)\b|\bBLOCKED\b"
    r"|\"(height_bits|seat_bits|blocked)\""
    r"|def (position_name|parse_position|sent_back|stack_text|occupancy|owned)\b"
    r"|def (race_board|successors|predecessors|paths)\b|\bEdge\("
    r"|f\"(x|outer|inner|track|space|lane|finish|home|goal|start|base)[a-z]*:\{"
)
# the one module whose piece_text/parse_piece hand the notation to the core
GRAMMAR = re.compile(r"def (piece_text|parse_piece)\b")


def test_no_python_module_reads_a_games_bit_layout_or_restates_its_board() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in PYTHON
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if LAYOUT.search(line) or (GRAMMAR.search(line) and path != ROOT / "src/pegrace/engine.py")
    ]
    assert not found, "\n".join(found)


def test_the_grep_finds_what_it_looks_for() -> None:
    for line in [
        "space = cone >> HEIGHT_BITS",
        "owner = occ[space] & SEAT_MASK",
        'core_number("headache", "height_bits")',
        "    def parse_position(self, colour: str, text: str) -> int:",
        "    def sent_back(before, after, mover):",
        "def race_board(name, colours, loop_length):",
        "        edges.append((Edge(OUTER_BASE + OUTER_PER * k),))",
        '        return f"outer:{index - OUTER_BASE}"',
    ]:
        assert LAYOUT.search(line), line
    assert not LAYOUT.search("length, head = second & 0x7F, 2")


@pytest.mark.parametrize("game", list_games())
def test_every_place_of_random_positions_reads_back_through_the_core(game: str) -> None:
    rules = get_rules(game, 4)
    for state in random_positions(rules, 7, 200):
        for seat, row in enumerate(state.pieces):
            texts = [rules.piece_text(seat, piece) for piece in row]
            assert [rules.parse_piece(seat, text) for text in texts] == list(row)


@pytest.mark.parametrize(
    ("game", "seat", "text", "english"),
    [
        ("trouble", 1, "finish:5", "Yellow position 'finish:5' is not one of home, start"),
        ("ludo", 0, "lane:green:2", "a Red pin cannot stand on Green's lane ('lane:green:2')"),
        ("headache", 0, "x:9", "Red cone 'x:9' is not start or SPACE/K"),
        ("marbles", 0, "removed", "Red marble 'removed': marbles leave the game in War only"),
    ],
)
def test_a_place_the_core_cannot_read_is_refused_in_the_persons_language(
    game: str, seat: int, text: str, english: str
) -> None:
    rules = get_rules(game, 4)
    with pytest.raises(NotationError) as refused:
        rules.parse_piece(seat, text)
    assert str(refused.value).startswith(english)
    words = refused.value.said
    assert words is not None and (words.text, words.plural) in _core.refusal_messages()
    assert words.said_in("es") != str(refused.value)


@pytest.mark.parametrize(
    ("game", "pieces", "spanish"),
    [
        ("trouble", {"red": ["track:3", "track:3", "home", "home"]}, "Rojo tiene dos fichas"),
        ("parchis", {"yellow": ["track:3"] * 3 + ["home"]}, "Amarillo tiene 3 fichas en track:3"),
        ("headache", {"green": ["x:4", *["start"] * 3], "red": ["x:4", "start", "start"]}, None),
    ],
)
def test_a_position_no_game_reaches_is_refused_in_the_persons_language(
    game: str, pieces: dict[str, list[str]], spanish: str | None
) -> None:
    rules = get_rules(game, 4)
    written = state_to_json(rules, rules.initial_state())
    written["pieces"].update(pieces)
    with pytest.raises(NotationError) as refused:
        load_state(json.dumps(written))
    words = refused.value.said
    assert words is not None and (words.text, words.plural) in _core.refusal_messages()
    said = words.said_in("es")
    assert said != str(refused.value) and not re.search(r"\b(red|yellow|green|blue)\b", said)
    if spanish is not None:
        assert said.startswith(spanish)


def test_a_state_file_with_a_place_that_is_none_names_it() -> None:
    rules = get_rules("marbles", 4, {"mode": "war"})
    written = state_to_json(rules, rules.initial_state())
    assert load_state(json.dumps(written))[1] == rules.initial_state()
    written["pieces"]["red"][0] = "home:1"
    with pytest.raises(NotationError, match="Red marble 'home:1': there is no Home in War"):
        load_state(json.dumps(written))


def test_headaches_stacks_and_cones_owned_are_the_cores() -> None:
    rules = get_rules("headache", 4)
    assert isinstance(rules, Headache)
    for state in random_positions(rules, 5, 300):
        stacks = rules.stacks(state)
        on_board = sorted(
            (rules.piece_text(seat, cone).split("/")[0], seat)
            for seat, row in enumerate(state.pieces)
            for cone in row
            if cone >= 0
        )
        listed = sorted(
            (rules.board.spaces[space].name, seat)
            for space, seats in stacks.items()
            for seat in seats
        )
        assert listed == on_board
        owned = rules.scores(state)
        for seat, row in enumerate(state.pieces):
            tops = sum(len(seats) for seats in stacks.values() if seats[-1] == seat)
            assert owned[seat] == tops + sum(1 for cone in row if cone < 0)


@pytest.mark.parametrize("game", list_games())
def test_a_moves_victims_are_the_pieces_no_longer_where_they_were(game: str) -> None:
    rules = get_rules(game, 4)
    found = 0
    for state in random_positions(rules, 11, 400):
        for move in rules.legal_moves(state):
            victims = rules.victims(state, move)
            after = rules.apply_move(state, move)
            for seat, place in victims:
                if game == "headache":  # covered, not moved: under the mover's cone now
                    assert place in after.pieces[seat]
                else:
                    assert after.pieces[seat].count(place) < state.pieces[seat].count(place)
            found += bool(victims)
    assert found, f"no capture in {game}'s random positions"


@pytest.mark.parametrize("game", list_games())
def test_a_listed_moves_bonus_is_the_bonus_move_due_after_it(game: str) -> None:
    rules = get_rules(game, 4)
    earned = 0
    for state in random_positions(rules, 13, 300):
        for move in rules.legal_moves(state):
            after = rules.apply_move(state, move)
            again = after.phase == Phase.MOVE and after.current == state.current
            assert rules.view(state, move).bonus == (rules.bonus(after) if again else 0)
            earned += rules.view(state, move).bonus > 0
    assert bool(earned) == (game == "parchis"), "only Parchís grants a move without a roll"


def test_a_move_is_viewed_in_the_position_asked_about_not_the_last_listed() -> None:
    rules = get_rules("trouble", 4)
    states = [s for s in random_positions(rules, 3, 200) if rules.legal_moves(s)[0].text != "pass"]
    first, second = states[0], states[-1]
    move = rules.legal_moves(first)[0]
    rules.legal_moves(second)  # the last listed: another position
    assert rules.view(first, move).text == move.text
    with pytest.raises(IllegalMoveError, match="is not a legal move"):
        rules.view(first, Step(90, 91, "track:90>track:91"))


@pytest.mark.parametrize(
    ("game", "options", "dice"),
    [
        ("trouble", {}, "d6"),
        ("ludo", {}, "two d6"),
        ("ludo", {"variant": "classic"}, "d6"),
        ("ludo", {"variant": "ludopy"}, "d6"),
        ("headache", {}, "d6 + bonus die"),
        ("parchis", {}, "d6"),
    ],
)
def test_a_games_dice_are_the_ones_its_core_rules_throw(
    game: str, options: dict[str, str], dice: str
) -> None:
    rules = get_rules(game, 4, options)
    assert rules.dice.name == dice
    rng, state = random.Random(5), rules.initial_state()
    while state.roll is None:  # through the roll-off to the first turn's roll
        state = rules.apply_roll(state, rules.sample_roll(state, rng))
    assert state.roll in [roll for roll, _ in rules.dice.outcomes]


def test_every_player_the_core_names_is_played_by_the_core_under_that_name() -> None:
    rules = get_rules("trouble", 4)
    names = _core.player_names()
    assert {"random", "easy", "medium"} <= set(names)
    for name in names:
        played = make_player(f"computer:{name}", seed=1).core_player(rules)
        assert played is not None and played.name == name


def test_the_computer_players_their_order_and_words_are_the_cores() -> None:
    listed = _core.computer_players()
    names = [name for name, *_ in listed]
    assert list(COMPUTER_PLAYERS) == names  # the order people are offered them
    assert LEVELS == ("random", "easy", "medium", "hard", "expert")
    assert set(NAMED_ONLY) == {"uniform", "policy"}
    assert LEVEL_SEARCH["hard"] == {"depth": 2, "model": 0}
    for name, role, plays, search, note in listed:
        player = make_player(f"computer:{name}", seed=1)
        assert player.name == name and note
        core = None if plays == "policy" else player.core_player(get_rules("trouble", 4))
        assert core is None or core.name == ("search" if plays == "search" else name)
        assert (search is not None) == (plays == "search") == isinstance(player, SearchPlayer)
        said = computer_word(name)
        assert isinstance(said, Said) and said.context == "computer" and said.text == name
        assert role == "level" or name not in LEVELS
    assert computer_word("policy:mine.json") == "policy:mine.json"  # a file: by its name


def test_the_catalogs_carry_every_computers_word_with_its_note() -> None:
    spanish = {name: computer_word(name).said_in("es") for name, *_ in _core.computer_players()}
    assert spanish["hard"] == "difícil" and spanish["cautious"] == "prudente"
    assert all(word != name for name, word in spanish.items()), spanish


@pytest.mark.parametrize("dice", list(BY_NAME.values()), ids=list(BY_NAME))
def test_every_roll_is_written_and_read_by_the_core(dice: Dice) -> None:
    for roll, _ in dice.outcomes:
        assert dice.parse(dice.format(roll)) == roll
    with pytest.raises(NotationError) as refused:
        dice.parse("7")
    words = refused.value.said
    assert words is not None and (words.text, words.plural) in _core.refusal_messages()
    assert str(refused.value).startswith(f"roll '7' is not a {dice.name} roll (one of ")
    assert words.said_in("es") != str(refused.value)


@pytest.mark.parametrize("game", list_games())
def test_a_positions_view_is_its_places_by_name_its_stacks_and_its_scores(game: str) -> None:
    rules = get_rules(game, 4)
    for state in random_positions(rules, 19, 120):
        view = rules.position(state)
        assert rules.position(state) is view  # asked again for the same position: kept
        assert view.places == tuple(
            tuple(rules.piece_text(seat, piece) for piece in row)
            for seat, row in enumerate(state.pieces)
        )
        assert (view.stacks is not None) == (game == "headache")
        assert len(view.scores) == len(rules.colours)
        assert load_state(json.dumps(state_to_json(rules, state)))[1] == state
