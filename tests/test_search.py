"""The search (in the native core): its values are exact expectations over the game's chance
events with the evaluation at the horizon, a finished game is worth its places above any
evaluation, places settled during play count at the leaves, paranoid opponents never help the
searcher, and iterative deepening keeps to its node budget."""

from __future__ import annotations

import random

import pytest

from pegrace import get_rules
from pegrace._core import TERMINAL_WEIGHT
from pegrace.engine import Rules
from pegrace.games import list_games
from pegrace.match import run_game
from pegrace.moves import Move
from pegrace.native import Computer
from pegrace.search import SearchPlayer, node_rate
from pegrace.state import Phase, State

SETTINGS = [
    ("trouble", 4, {}),
    ("trouble", 2, {"two_sets": "on"}),
    ("ludo", 4, {}),
    ("ludo", 3, {"variant": "classic"}),
    ("ludo", 4, {"variant": "ludopy"}),
    ("headache", 4, {}),
    ("marbles", 4, {}),
    ("marbles", 4, {"teams": "on"}),
    ("marbles", 3, {"mode": "war"}),
    ("parchis", 4, {}),
    ("parchis", 2, {"two_sets": "on"}),
]


def positions_with_choices(rules: Rules, seed: int, count: int) -> list[State]:
    """Decision states with more than one legal move, from seeded random play."""
    rng = random.Random(seed)
    found: list[State] = []
    state = rules.initial_state()
    while len(found) < count:
        if state.phase == Phase.OVER:
            state = rules.initial_state()
        elif state.phase == Phase.MOVE:
            moves = rules.legal_moves(state)
            if len(moves) > 1 and rng.random() < 0.2:
                found.append(state)
            state = rules.apply_move(state, moves[int(rng.random() * len(moves))])
        else:
            state = rules.apply_roll(state, rules.sample_roll(state, rng))
    return found


def values_by_move(player: SearchPlayer, rules: Rules, state: State) -> dict[Move, tuple]:
    return {r.move: r.values for r in player.ranking(rules, state, rules.legal_moves(state))}


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [s for s in SETTINGS if s not in (("ludo", 4, {}), ("headache", 4, {}))],
)
def test_every_side_leaf_agrees_with_the_evaluation_where_it_reads_no_turn(
    game: str, players: int, options: dict[str, str]
) -> None:
    rules = get_rules(game, players, options)
    computer = Computer(rules)
    for state in positions_with_choices(rules, 1, 30):
        look = computer.look(state)
        expected = [look.evaluation[seats[0]] for seats in rules.side_seats]
        assert look.leaf == pytest.approx(expected)


@pytest.mark.parametrize("game", list_games())
def test_a_move_is_worth_the_probability_weighted_mean_of_the_best_replies(game: str) -> None:
    """Two decisions deep: each roll after the move, weighted by its chance, is worth the best
    reply for the seat that rolled it, rated by the evaluation's leaf."""
    rules = get_rules(game, 4)
    computer = Computer(rules)
    state = positions_with_choices(rules, 2, 1)[0]
    found = values_by_move(SearchPlayer(0, depth=2, model=0), rules, state)
    for move, values in found.items():
        chance = rules.apply_move(state, move)
        assert chance.phase == Phase.ROLL and not chance.finished
        expected = [0.0] * rules.side_count
        for roll, probability in rules.chance_outcomes(chance):
            after = rules.apply_roll(chance, roll)
            replies = [rules.apply_move(after, m) for m in rules.legal_moves(after)]
            leaves = [computer.look(reply, reply.current).leaf for reply in replies]
            mover = rules.sides[after.current]
            best = max(leaves, key=lambda leaf: leaf[mover])
            for side, value in enumerate(best):
                expected[side] += float(probability) * value
        assert values == pytest.approx(expected)
        assert sum(float(p) for _, p in rules.chance_outcomes(chance)) == pytest.approx(1.0)


@pytest.mark.parametrize("game", list_games())
def test_iterative_deepening_keeps_to_its_node_budget(game: str) -> None:
    rules = get_rules(game, 4)
    player = SearchPlayer(0, ms=400 / node_rate(rules))  # 400 nodes
    for state in positions_with_choices(rules, 3, 3):
        moves = rules.legal_moves(state)
        ranked = player.ranking(rules, state, moves)
        assert player.last_nodes <= 2 * 400 + len(moves)
        assert player.last_depth >= 1
        assert {r.move for r in ranked} == set(moves)
        assert [r.value for r in ranked] == sorted((r.value for r in ranked), reverse=True)


@pytest.mark.parametrize(("game", "players", "options"), SETTINGS)
def test_a_won_game_is_worth_more_than_any_evaluation(
    game: str, players: int, options: dict[str, str]
) -> None:
    """A win must outweigh every evaluation (4 sides: +3/4 of TERMINAL_WEIGHT, a loss -1/4), or
    search would trade a win away."""
    rules = get_rules(game, players, options)
    computer = Computer(rules)
    for state in positions_with_choices(rules, 4, 40):
        look = computer.look(state)
        assert max(abs(v) for v in look.leaf) < TERMINAL_WEIGHT / 4
        if look.learned is not None:  # the expert's leaves, where the game has a learned model
            assert max(abs(v) for v in look.learned) < TERMINAL_WEIGHT / 4


def decisive_move(rules: Rules, seed: int, ends: str = "game") -> tuple[State, Move, State]:
    """The move of a seeded random game that ended it (``ends="game"``) or that first finished
    a side with play going on (``ends="first"``): the position, the move and the next one."""
    seen: list[tuple[State, Move, State]] = []

    def watch(before: State, event: object, after: State) -> None:
        move = getattr(event, "move", None)
        done = after.is_over if ends == "game" else after.finished and not after.is_over
        if move is not None and done and not seen:
            seen.append((before, rules.parse_move(before, move), after))

    run_game(rules, dict.fromkeys(rules.colours, "random"), seed, observer=watch)
    return seen[0]


def decided_values(rules: Rules, seed: int, ends: str = "game") -> tuple[tuple, State]:
    """The search's values of the decisive move (one decision deep) and the position after it."""
    before, move, after = decisive_move(rules, seed, ends)
    return values_by_move(SearchPlayer(0, depth=1, model=0), rules, before)[move], after


@pytest.mark.parametrize("seed", range(4))
def test_a_game_stopped_at_its_first_winner_is_worth_the_win_alone(seed: int) -> None:
    """Centred like the leaves: second place by score is a loss, not a consolation."""
    rules = get_rules("ludo", 4, {"play_on": "off"})
    values, state = decided_values(rules, seed)
    (winner,) = rules.outcome(state).winners
    assert values[winner] == TERMINAL_WEIGHT * 3 / 4
    assert [v for side, v in enumerate(values) if side != winner] == [-TERMINAL_WEIGHT / 4] * 3
    assert sorted(rules.outcome(state).places) == [1, 2, 3, 4]  # places still ranked by score


def test_where_play_goes_on_a_finished_game_is_worth_its_places() -> None:
    rules = get_rules("trouble", 4, {"play_on": "on"})
    values, state = decided_values(rules, 1)
    third = TERMINAL_WEIGHT / 3
    assert values == pytest.approx([TERMINAL_WEIGHT * (r - 0.5) for r in rules.returns(state)])
    assert sorted(values) == pytest.approx([-1.5 * third, -0.5 * third, 0.5 * third, 1.5 * third])


@pytest.mark.parametrize("seed", range(3))
def test_a_settled_place_counts_at_the_leaves(seed: int) -> None:
    """Once a side has finished first, the others play for the places left: they share their
    worth and differ by the evaluation, so ending the game is no prize in itself."""
    rules = get_rules("trouble", 4, {"play_on": "on"})
    values, state = decided_values(rules, seed, ends="first")
    (winner,) = (rules.sides[seat] for seat in state.finished)
    leaf = Computer(rules).look(state).leaf
    others = [side for side in range(4) if side != winner]
    assert values[winner] == TERMINAL_WEIGHT / 2  # first place: 1 against the mean 1/2
    assert sum(values) == pytest.approx(0.0, abs=1e-9)
    mean = sum(leaf[s] for s in others) / 3
    for side in others:  # places 2-4 are worth 1/3 on average: -1/6 of TERMINAL_WEIGHT
        assert values[side] == pytest.approx(-TERMINAL_WEIGHT / 6 + leaf[side] - mean)
    second = TERMINAL_WEIGHT * (rules.place_reward(2) - 0.5)
    assert max(values[side] for side in others) < second  # reaching second place is a gain


def test_the_expert_reports_how_deep_it_searched() -> None:
    rules = get_rules("trouble", 4)
    expert = SearchPlayer(0, ms=20)
    for state in positions_with_choices(rules, 5, 5):
        expert.choose(rules, state, rules.legal_moves(state))
        assert expert.last_depth >= 2
        assert 0 < expert.last_nodes <= 2 * 20 * node_rate(rules) + 10


def paranoid_and_max_n(rules: Rules, state: State) -> list[tuple[float, float]]:
    """(paranoid value, max-n value) of every move at depth 2."""
    max_n = SearchPlayer(0, depth=2, model=0).ranking(rules, state, rules.legal_moves(state))
    side = rules.sides[state.current]
    by_move = {r.move: r.values[side] for r in max_n}
    paranoid = SearchPlayer(0, depth=2, model=0, paranoid=1)
    ranked = paranoid.ranking(rules, state, rules.legal_moves(state))
    return [(r.value, by_move[r.move]) for r in ranked]


@pytest.mark.parametrize(("game", "players", "options"), SETTINGS)
def test_paranoid_opponents_never_leave_the_searcher_better_off(
    game: str, players: int, options: dict[str, str]
) -> None:
    """Paranoid opponents minimise the searching side's value where max-n opponents play
    for themselves, so at the same depth a move is never worth more to the searcher."""
    rules = get_rules(game, players, options)
    for state in positions_with_choices(rules, 5, 6):
        assert all(p <= m + 1e-6 for p, m in paranoid_and_max_n(rules, state))


def test_paranoid_opponents_choose_differently_somewhere() -> None:
    rules = get_rules("ludo", 4)
    values = [v for s in positions_with_choices(rules, 5, 6) for v in paranoid_and_max_n(rules, s)]
    assert any(p < m - 1e-6 for p, m in values)


@pytest.mark.parametrize("game", ["trouble", "ludo"])
def test_a_narrow_search_is_smaller_and_exact_when_wide_enough(game: str) -> None:
    rules = get_rules(game, 4)
    for state in positions_with_choices(rules, 11, 4):
        full, wide = SearchPlayer(0, depth=3), SearchPlayer(0, depth=3, width=1000)
        narrow = SearchPlayer(0, depth=3, width=1)
        values = values_by_move(full, rules, state)
        assert values_by_move(wide, rules, state) == values
        values_by_move(narrow, rules, state)
        assert narrow.last_nodes < full.last_nodes
