"""The native core's computer players against the Python players, their oracle while the port
goes on: the same evaluation (bit for bit) at every position of seeded games under every rule
option, the very same games from the same seeds (every roll and choice: same places, turns,
rolls, starter and number of events), the same simulations and the same win chances."""

from __future__ import annotations

import pytest

from pegrace import native
from pegrace.advice import winprob
from pegrace.errors import PegraceError
from pegrace.games import get_rules
from pegrace.match import playout, run_game
from pegrace.players import HeuristicPlayer, Player, make_player
from pegrace.search import CORE_NODES_PER_MS, SearchPlayer
from pegrace.simulate import Job, game_seed, roll_off_winner, run_job
from setups import SETUPS
from test_native_rules import positions

KINDS = ("random", "easy:mistakes=0.3", "medium", "aggressive", "runner", "cautious")


def python_players(seats: dict[str, str], seed: int | str) -> list[Player]:
    """The players of ``seats`` as ``run_game`` seats them, choosing in Python (the oracle)."""
    players = [make_player(spec, f"{seed}:{colour}") for colour, spec in seats.items()]
    for player in players:
        if isinstance(player, HeuristicPlayer | SearchPlayer):
            player.native = False
    return players


def setup_id(setup: tuple[str, int, dict[str, str]]) -> str:
    game, players, options = setup
    return "-".join([game, str(players), *(f"{k}={v}" for k, v in options.items())])


@pytest.mark.parametrize("setup", SETUPS, ids=setup_id)
def test_the_evaluation_is_the_pythons_bit_for_bit(setup: tuple[str, int, dict[str, str]]) -> None:
    rules = get_rules(*setup)
    for seed in (1, 2):
        for state in positions(rules, seed, 300):
            for seat in range(len(rules.colours)):
                expected = (rules.evaluate(state.pieces, seat), rules.danger(state.pieces, seat))
                assert native.evaluation(rules, state, seat) == expected, rules.summary(state)


@pytest.mark.parametrize("setup", SETUPS, ids=setup_id)
def test_games_of_every_player_are_the_pythons_event_for_event(
    setup: tuple[str, int, dict[str, str]],
) -> None:
    rules = get_rules(*setup)
    index = SETUPS.index(setup)
    seats = {
        colour: f"computer:{KINDS[(index + i) % len(KINDS)]}"
        for i, colour in enumerate(rules.colours)
    }
    found = native.core_seatings(rules, [seats])
    assert found is not None
    games = native.play_games(rules, found, 31, 0, 4)
    for i, (places, turns, rolls, starter, events, _) in enumerate(games):
        seed = game_seed(31, i)
        result = run_game(rules, seats, seed, players=python_players(seats, seed))
        outcome = rules.outcome(result.state).places
        assert places == [outcome[rules.sides[s]] for s in range(len(seats))]
        length = len(result.record.events)
        assert (turns, rolls, events) == (result.state.turn, result.rolls, length)
        assert starter == roll_off_winner(rules, result.record)


def test_a_simulation_job_gives_the_same_summaries_in_the_core_and_in_python() -> None:
    rotations = (
        (("red", "computer:medium"), ("yellow", "computer:random"), ("green", "computer:easy")),
        (("red", "computer:random"), ("yellow", "computer:easy"), ("green", "computer:medium")),
    )
    job = Job("trouble", 3, (), rotations, 5, 3, 6, None)
    assert run_job(job, core=True) == run_job(job, core=False)


@pytest.mark.parametrize("setup", SETUPS[::3], ids=setup_id)
def test_one_move_players_choose_in_the_core_as_in_python(
    setup: tuple[str, int, dict[str, str]],
) -> None:
    rules = get_rules(*setup)
    for name in ("medium", "easy", "aggressive", "runner", "cautious"):
        core, python = make_player(name, "x"), make_player(name, "x")
        assert isinstance(python, HeuristicPlayer)
        python.native = False
        for state in positions(rules, 4, 150):
            if state.phase == 2 and len(moves := rules.legal_moves(state)) > 1:
                assert core.choose(rules, state, moves) == python.choose(rules, state, moves)


def test_people_stay_with_python_and_search_players_play_in_the_core() -> None:
    rules = get_rules("ludo", 2, {})
    assert native.core_seatings(rules, [{"red": "computer:medium", "yellow": "human"}]) is None
    found = native.core_seatings(rules, [{"red": "computer:expert:ms=5", "yellow": "hard"}])
    assert found is not None
    (red, yellow) = found[0]
    assert red[1] == yellow[1] == "search"
    assert red[2]["budget"] == 5 * CORE_NODES_PER_MS["ludo"] and "depth" not in red[2]
    assert (yellow[2]["depth"], yellow[2]["learned"]) == (2.0, 0.0)  # hard: 2 decisions deep
    job = Job("ludo", 2, (), ((("red", "computer:hard:depth=1"), ("yellow", "random")),), 1, 0, 1,
              None)  # fmt: skip
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
    wins = native.playouts(rules, state, ("medium", {}), "s", 16)
    assert native.playouts(rules, state, ("medium", {}), "s", 16, threads=3) == wins
    assert [chance.wins for chance in winprob(rules, state, playouts=16, seed="s")] == wins
    python = [0] * rules.side_count  # winprob's playouts, played by the Python engine
    for index in range(16):
        players = python_players(dict.fromkeys(rules.colours, "medium"), f"s:{index}")
        for side in rules.outcome(playout(rules, state, players, f"s:{index}")).winners:
            python[side] += 1
    assert python == wins


def test_seeds_the_core_cannot_take_are_refused_by_name() -> None:
    rules = get_rules("trouble", 2, {})
    seating: list[list[native.CoreSeat]] = [[("red", "medium", {}), ("green", "random", {})]]
    with pytest.raises(PegraceError, match="seed"):
        native.play_games(rules, seating, 2**127, 0, 1)
    with pytest.raises(PegraceError, match="player"):
        native.play_games(rules, [[("red", "hard", {}), ("green", "random", {})]], 1, 0, 1)
