"""What a simulation of OpenSpiel's MCTS costs on the pegrace games (pegrace.rl.openspiel).

    python benchmarks/openspiel_speed.py [--rounds 3] [--simulations 200] [--baseline HEAD]

For each game (Trouble and classic Ludo, 2 players), OpenSpiel's ``MCTSBot`` with a
``RandomRolloutEvaluator`` (one rollout: a random game to its end) chooses a move in the same
few positions, timed in CPU seconds; then the game's own cost: microseconds per step of random
games played through the pyspiel API alone (a clone, legal actions or chance outcomes, an
action applied; Python's generator choosing). With ``--baseline REV``, pegrace.rl.openspiel as
it was at git revision REV is loaded too (its games registered as ``baseline_*``) and the two
sides alternate in each round. OpenSpiel's own C++ ``maedn`` (Mensch ärgere dich nicht, 2
players) is measured the same way, for reference: what the Python MCTS costs on a game that
costs almost nothing. Prints each round's figures and the medians.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import time
import types
from pathlib import Path

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

import pegrace.rl.openspiel  # noqa: F401 - registers the games

GAMES = {"trouble": {"players": 2}, "ludo": {"players": 2, "variant": "classic"}}
REFERENCE = ("maedn", {"players": 2})
MODULE = "src/pegrace/rl/openspiel.py"


def load_baseline(revision: str) -> None:
    """Register the games of ``MODULE`` at ``revision`` as ``baseline_<game>``."""
    root = Path(__file__).resolve().parent.parent
    source = subprocess.run(
        ["git", "show", f"{revision}:{MODULE}"],
        cwd=root,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    module = types.ModuleType("baseline_openspiel")
    exec(
        compile(source.replace('f"pegrace_{name}"', 'f"baseline_{name}"'), MODULE, "exec"),
        module.__dict__,
    )


def positions(game: pyspiel.Game, count: int, seed: int) -> list[pyspiel.State]:
    """``count`` decisions a few random moves into games from ``seed``."""
    rng = np.random.RandomState(seed)
    found = []
    while len(found) < count:
        state = game.new_initial_state()
        for _ in range(rng.randint(10, 60)):
            if state.is_terminal():
                break
            if state.is_chance_node():
                actions, chances = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(actions, p=chances)))
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
        if not state.is_terminal() and not state.is_chance_node():
            found.append(state)
    return found


def ms_per_simulation(name: str, params: dict[str, object], simulations: int, seed: int) -> float:
    game = pyspiel.load_game(name, params)
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = mcts.MCTSBot(game, 2.0, simulations, evaluator, random_state=rng)
    states = positions(game, 3, seed)
    started = time.process_time()
    for state in states:
        bot.step(state)
    return (time.process_time() - started) * 1000 / (simulations * len(states))


def us_per_step(name: str, params: dict[str, object], games: int, seed: int) -> float:
    game = pyspiel.load_game(name, params)
    rng = random.Random(seed)
    steps = 0
    started = time.process_time()
    for _ in range(games):
        state = game.new_initial_state().clone()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
            else:
                actions = state.legal_actions()
                state.apply_action(actions[int(rng.random() * len(actions))])
            steps += 1
    return (time.process_time() - started) * 1e6 / steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--simulations", type=int, default=200)
    parser.add_argument("--baseline", help="a git revision to compare with (e.g. HEAD)")
    args = parser.parse_args()
    prefixes = ["pegrace"]
    if args.baseline:
        load_baseline(args.baseline)
        prefixes.insert(0, "baseline")
    cases = [(f"{p}_{g}", params) for g, params in GAMES.items() for p in prefixes]
    figures: dict[str, list[float]] = {}
    for round_ in range(args.rounds):
        for name, params in [*cases, REFERENCE]:
            ms = ms_per_simulation(name, params, args.simulations, seed=round_)
            us = us_per_step(name, params, 20, seed=round_)
            figures.setdefault(f"{name} ms/simulation", []).append(ms)
            figures.setdefault(f"{name} us/step", []).append(us)
            print(
                f"round {round_ + 1} {name}: {ms:.3f} ms/simulation, {us:.2f} us/step", flush=True
            )
    for measure, values in figures.items():
        print(
            f"median {measure}: {statistics.median(values):.3f} "
            f"(range {min(values):.3f}-{max(values):.3f})"
        )


if __name__ == "__main__":
    main()
