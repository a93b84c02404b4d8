"""The search: its values are exact expectations over the engine's chance events, its
every-side evaluation agrees with the game's own, and iterative deepening keeps to its
node budget."""

from __future__ import annotations

import random

import pytest

from pegrace import get_rules
from pegrace.engine import TERMINAL_WEIGHT, Rules
from pegrace.match import run_game
from pegrace.search import (
    Search,
    SearchPlayer,
    deepen,
    node_rate,
    terminal_values,
)
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


@pytest.mark.parametrize(("game", "players", "options"), SETTINGS)
def test_every_side_evaluation_agrees_with_evaluate(
    game: str, players: int, options: dict[str, str]
) -> None:
    rules = get_rules(game, players, options)
    for state in positions_with_choices(rules, 1, 30):
        expected = [rules.evaluate(state.pieces, seats[0]) for seats in rules.side_seats]
        assert rules.evaluate_sides(state.pieces) == pytest.approx(expected)


@pytest.mark.parametrize("game", ["trouble", "ludo", "headache", "marbles"])
def test_a_chance_node_is_the_probability_weighted_mean_of_its_rolls(game: str) -> None:
    rules = get_rules(game, 4)
    state = positions_with_choices(rules, 2, 1)[0]
    chance = rules.apply_move(state, rules.legal_moves(state)[0])
    assert chance.phase == Phase.ROLL
    search = Search(rules)
    expected = [0.0] * rules.side_count
    for roll, probability in rules.chance_outcomes(chance):
        after = rules.apply_roll(chance, roll)
        replies = [
            Search(rules).value(rules.apply_move(after, m), 0) for m in rules.legal_moves(after)
        ]
        mover = rules.sides[after.current]
        best = max(replies, key=lambda values: values[mover])
        for side, value in enumerate(best):
            expected[side] += float(probability) * value
    assert search.value(chance, 1) == pytest.approx(expected)
    assert sum(float(p) for _, p in rules.chance_outcomes(chance)) == pytest.approx(1.0)


@pytest.mark.parametrize("game", ["trouble", "ludo", "headache", "marbles"])
def test_iterative_deepening_keeps_to_its_node_budget(game: str) -> None:
    rules = get_rules(game, 4)
    for state in positions_with_choices(rules, 3, 3):
        moves = rules.legal_moves(state)
        ranked, depth, nodes = deepen(rules, state, moves, node_budget=400, max_depth=8)
        assert nodes <= 2 * 400 + len(moves)
        assert depth >= 1
        assert {r.move for r in ranked} == set(moves)
        assert [r.value for r in ranked] == sorted((r.value for r in ranked), reverse=True)


@pytest.mark.parametrize(("game", "players", "options"), SETTINGS)
def test_a_won_game_is_worth_more_than_any_evaluation(
    game: str, players: int, options: dict[str, str]
) -> None:
    """A win must outweigh every evaluation (4 sides: +3/4 of TERMINAL_WEIGHT, a loss -1/4), or
    search would trade a win away."""
    rules = get_rules(game, players, options)
    model = rules.learned_leaf()  # the expert's leaves, where the game has a learned model
    for state in positions_with_choices(rules, 4, 40):
        assert max(abs(v) for v in rules.evaluate_sides(state.pieces)) < TERMINAL_WEIGHT / 4
        if model is not None:
            assert max(abs(v) for v in model(state.pieces, state.current)) < TERMINAL_WEIGHT / 4


def finished(rules: Rules, seed: int) -> State:
    return run_game(rules, dict.fromkeys(rules.colours, "random"), seed).state


@pytest.mark.parametrize("seed", range(4))
def test_a_game_stopped_at_its_first_winner_is_worth_the_win_alone(seed: int) -> None:
    """Centred like the leaves: second place by score is a loss, not a consolation."""
    rules = get_rules("ludo", 4, {"play_on": "off"})
    state = finished(rules, seed)
    (winner,) = rules.outcome(state).winners
    values = terminal_values(rules, state)
    assert values[winner] == TERMINAL_WEIGHT * 3 / 4
    assert [v for side, v in enumerate(values) if side != winner] == [-TERMINAL_WEIGHT / 4] * 3
    assert sorted(rules.outcome(state).places) == [1, 2, 3, 4]  # places still ranked by score


def test_where_play_goes_on_a_finished_game_is_worth_its_places() -> None:
    rules = get_rules("trouble", 4, {"play_on": "on"})
    state = finished(rules, 1)
    values = terminal_values(rules, state)
    third = TERMINAL_WEIGHT / 3
    assert values == pytest.approx([TERMINAL_WEIGHT * (r - 0.5) for r in rules.returns(state)])
    assert sorted(values) == pytest.approx([-1.5 * third, -0.5 * third, 0.5 * third, 1.5 * third])


def first_finish(rules: Rules, seed: int) -> State:
    """The first position of a seeded random game where one side has finished, play going on."""
    seen: list[State] = []

    def watch(before: State, event: object, after: State) -> None:
        if after.finished and not after.is_over and not seen:
            seen.append(after)

    run_game(rules, dict.fromkeys(rules.colours, "random"), seed, observer=watch)
    return seen[0]


@pytest.mark.parametrize("seed", range(3))
def test_a_settled_place_counts_at_the_leaves(seed: int) -> None:
    """Once a side has finished first, the others play for the places left: they share their
    worth and differ by the evaluation, so ending the game is no prize in itself."""
    rules = get_rules("trouble", 4, {"play_on": "on"})
    state = first_finish(rules, seed)
    (winner,) = (rules.sides[seat] for seat in state.finished)
    values = Search(rules).horizon(state)
    evaluation = rules.evaluate_sides(state.pieces)
    others = [side for side in range(4) if side != winner]
    assert values[winner] == TERMINAL_WEIGHT / 2  # first place: 1 against the mean 1/2
    assert sum(values) == pytest.approx(0.0, abs=1e-9)
    mean = sum(evaluation[s] for s in others) / 3
    for side in others:  # places 2-4 are worth 1/3 on average: -1/6 of TERMINAL_WEIGHT
        assert values[side] == pytest.approx(-TERMINAL_WEIGHT / 6 + evaluation[side] - mean)
    second = TERMINAL_WEIGHT * (rules.place_reward(2) - 0.5)
    assert max(values[side] for side in others) < second  # reaching second place is a gain


def test_the_expert_reports_how_deep_it_searched() -> None:
    rules = get_rules("trouble", 4)
    expert = SearchPlayer(0, budget_ms=20)
    for state in positions_with_choices(rules, 5, 5):
        expert.choose(rules, state, rules.legal_moves(state))
        assert expert.last_depth >= 2
        assert 0 < expert.last_nodes <= 2 * 20 * node_rate(rules, core=True) + 10


def paranoid_and_max_n(rules: Rules, state: State) -> list[tuple[float, float]]:
    """(paranoid value, max-n value) of every move at depth 2."""
    moves = rules.legal_moves(state)
    max_n = {r.move: r.value for r in Search(rules).rank(state, moves, 2)}
    paranoid = Search(rules, paranoid=True).rank(state, moves, 2)
    assert {r.move for r in paranoid} == set(max_n)
    return [(r.value, max_n[r.move]) for r in paranoid]


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


@pytest.mark.parametrize("learned", [False, True])
@pytest.mark.parametrize("game", ["trouble", "ludo", "headache", "marbles"])
def test_a_narrow_search_follows_the_moves_its_leaves_rate_best(game: str, learned: bool) -> None:
    """``width=K`` keeps, below the root, the K moves whose one-ply leaf is best for the mover:
    the leaf the search itself reads (the learned chance of winning with ``model=1``)."""
    rules = get_rules(game, 4)
    search = Search(rules, width=2, learned=learned)
    for state in positions_with_choices(rules, 9, 8):
        moves = rules.legal_moves(state)
        side = rules.sides[state.current]
        rated = []
        for move in moves:
            child = rules.apply_move(state, move)
            if child.phase == Phase.OVER:
                rated.append((terminal_values(rules, child)[side], move))
            else:
                rated.append((search.leaf(child.pieces, child.current)[side], move))
        kept = search.promising(state, moves)
        assert len(kept) == 2
        worst_kept = min(value for value, move in rated if move in kept)
        assert all(value <= worst_kept + 1e-9 for value, move in rated if move not in kept)


@pytest.mark.parametrize("game", ["trouble", "ludo"])
def test_a_narrow_search_is_smaller_and_exact_when_wide_enough(game: str) -> None:
    rules = get_rules(game, 4)
    for state in positions_with_choices(rules, 11, 4):
        moves = rules.legal_moves(state)
        full, wide, narrow = Search(rules), Search(rules, width=1000), Search(rules, width=1)
        values = [r.values for r in full.rank(state, moves, 3)]
        assert [r.values for r in wide.rank(state, moves, 3)] == values
        narrow.rank(state, moves, 3)
        assert narrow.nodes < full.nodes
