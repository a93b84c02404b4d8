"""The native core's computer players against the record of the Python players they replaced
(tests/corpus/players.py): the same evaluation (bit for bit) at every position of seeded games
under every rule option, the same best moves, the very same games from the same seeds (every
roll and choice: same places, turns, rolls, starter and number of events), whether the core
plays a whole batch or Python asks it decision by decision; and the same simulations and win
chances either way."""

from __future__ import annotations

from typing import Any

import pytest

from corpus.players import (
    KINDS,
    ONE_MOVE,
    choices,
    evaluation_digest,
    evaluation_positions,
    load,
    positions,
)
from corpus.record import name
from pegrace import native
from pegrace._core import CorePlayer
from pegrace.advice import winprob
from pegrace.engine import Rules
from pegrace.errors import PegraceError
from pegrace.games import entry, get_rules
from pegrace.match import playout, run_game
from pegrace.players import core_seatings, make_player
from pegrace.simulate import Job, game_seed, roll_off_winner, run_job
from setups import SETUPS

RECORD = load()
# the setups the Python players played before they were deleted (Parchís came after them)
RECORDED = [setup for setup in SETUPS if name(*setup) in RECORD["setups"]]
Setup = tuple[str, int, dict[str, str]]


def setup_id(setup: Setup) -> str:
    return name(*setup)


def recorded(setup: Setup) -> dict[str, Any]:
    found: dict[str, Any] = RECORD["setups"][name(*setup)]
    return found


def summaries_by_python(rules: Rules, seats: dict[str, str], run: int, count: int) -> list[Any]:
    """Games of a run as ``match.run_game`` plays them, asking the core decision by decision."""
    games = []
    for index in range(count):
        result = run_game(rules, seats, game_seed(run, index))
        places = rules.outcome(result.state).places
        games.append(
            [
                [places[rules.sides[s]] for s in range(len(seats))],
                result.state.turn,
                result.rolls,
                len(result.record.events),
                roll_off_winner(rules, result.record),
            ]
        )
    return games


def summaries_by_core(rules: Rules, seats: dict[str, str], run: int, count: int) -> list[Any]:
    """The same games played as one batch in the core."""
    found = core_seatings(rules, [seats])
    assert found is not None
    return [
        [game.places, game.turns, game.rolls, game.events, game.starter]
        for game in native.play_games(rules, found, run, 0, count)
    ]


@pytest.mark.parametrize("setup", RECORDED, ids=setup_id)
def test_the_evaluation_is_the_recorded_one_bit_for_bit(setup: Setup) -> None:
    rules = get_rules(*setup)
    computer = native.Computer(rules)
    expected = recorded(setup)["evaluation"]
    looks = [computer.look(state) for state in evaluation_positions(rules)]
    found = [
        evaluation_digest(list(zip(look.evaluation, look.danger, strict=True))) for look in looks
    ]
    assert len(found) == len(expected)
    for index, (digest, want) in enumerate(zip(found, expected, strict=True)):
        assert digest == want, f"position {index}"


@pytest.mark.parametrize("setup", RECORDED, ids=setup_id)
def test_one_move_players_rate_the_moves_as_recorded(setup: Setup) -> None:
    rules = get_rules(*setup)
    computer = native.Computer(rules)
    expected = recorded(setup)["best"]
    rated = [CorePlayer.named(kind) for kind in ONE_MOVE]
    found = [[computer.best(state, kind) for kind in rated] for state in choices(rules, 4, 150)]
    assert found == expected


@pytest.mark.parametrize("setup", RECORDED, ids=setup_id)
def test_games_of_every_player_are_the_recorded_ones_event_for_event(setup: Setup) -> None:
    rules = get_rules(*setup)
    index = SETUPS.index(setup)
    seats = {
        colour: f"computer:{KINDS[(index + i) % len(KINDS)]}"
        for i, colour in enumerate(rules.colours)
    }
    expected = recorded(setup)["games"]
    assert summaries_by_core(rules, seats, 31, 4) == expected
    if index % 4 == 0:  # decision by decision: slower, so on every fourth setup
        assert summaries_by_python(rules, seats, 31, 4) == expected


def test_a_simulation_job_gives_the_same_summaries_in_the_core_and_in_python() -> None:
    rotations = (
        (("red", "computer:medium"), ("yellow", "computer:random"), ("green", "computer:easy")),
        (("red", "computer:random"), ("yellow", "computer:easy"), ("green", "computer:medium")),
    )
    job = Job("trouble", 3, (), rotations, 5, 3, 6, None)
    assert run_job(job, core=True) == run_job(job, core=False)


def test_people_stay_with_python_and_search_players_play_in_the_core() -> None:
    rules = get_rules("ludo", 2, {})
    assert core_seatings(rules, [{"red": "computer:medium", "yellow": "human"}]) is None
    found = core_seatings(rules, [{"red": "computer:expert:ms=5", "yellow": "hard"}])
    assert found is not None
    (red, yellow) = found[0]
    assert red[1].name == yellow[1].name == "search"
    assert red[1] == CorePlayer.search(budget=5 * entry("ludo").nodes_per_ms, model=2)
    hard = CorePlayer.search(budget=100 * entry("ludo").nodes_per_ms, depth=2, model=0)
    assert yellow[1] == hard  # 2 decisions deep
    job = Job(
        "ludo", 2, (), ((("red", "computer:hard:depth=1"), ("yellow", "random")),), 1, 0, 1, None
    )
    assert run_job(job) == run_job(job, core=False)


@pytest.mark.parametrize(
    ("game", "options"),
    [("trouble", {}), ("ludo", {}), ("headache", {}), ("marbles", {"teams": "on"})],
)
def test_win_chances_are_the_same_playouts_in_the_core_on_any_number_of_threads(
    game: str, options: dict[str, str]
) -> None:
    rules = get_rules(game, 4, options)
    state = positions(rules, 3, 120)[-1]
    medium = CorePlayer.named("medium")
    wins = native.playouts(rules, state, medium, "s", 16)
    assert native.playouts(rules, state, medium, "s", 16, threads=3) == wins
    assert [chance.wins for chance in winprob(rules, state, playouts=16, seed="s")] == wins
    by_decision = [0] * rules.side_count  # winprob's playouts, the core asked move by move
    for index in range(16):
        players = [make_player("medium", f"s:{index}:{colour}") for colour in rules.colours]
        for side in rules.outcome(playout(rules, state, players, f"s:{index}")).winners:
            by_decision[side] += 1
    assert by_decision == wins


def test_seeds_the_core_cannot_take_are_refused_by_name() -> None:
    rules = get_rules("trouble", 2, {})
    medium, random = CorePlayer.named("medium"), CorePlayer.named("random")
    seating: list[list[native.CoreSeat]] = [[("red", medium), ("green", random)]]
    with pytest.raises(PegraceError, match="seed"):
        native.play_games(rules, seating, 2**127, 0, 1)
    with pytest.raises(PegraceError, match="player"):
        CorePlayer.named("hard")  # a search: made by its settings
