"""Fit a race game's win model (core/ai/fitted.rs ``WinModel``: two-dice Ludo's, Trouble's) to
self-play.

Usage: python benchmarks/win_model.py {ludo,trouble} [--games 20000] [--seed 2]
       [--player medium] [--every 2] [--players 4]
Plays ``--games`` games (stopped at the first winner, under the rules in ``RULES``) with
``--player`` on every seat, keeps every ``--every``-th turn start (each seat's features, as the
core works them out: ``native.Computer.look``, and who won in the end), and fits a multinomial
logit (a seat's chance of winning is its share of exp(weights · features)) by Newton's method.
Prints the fit's mean log-likelihood per position against the even chance's and against the
model in the core, and the fitted model as the Rust literal ``WinModel { ... }`` that
``win_chances`` in core/games/trouble/judge.rs or core/games/ludo/judge.rs takes. Needs numpy
(matplotlib brings it).
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

import numpy as np

from pegrace.engine import Rules
from pegrace.games import get_rules
from pegrace.match import run_game
from pegrace.native import Computer
from pegrace.simulate import game_seed
from pegrace.state import Phase, State

# the rules each model is fitted under: the strength lines' (docs/ai.md)
RULES = {
    "ludo": {"variant": "two-dice", "play_on": "off"},
    "trouble": {"voluntary_pass": "off", "play_on": "off"},
}
RIDGE = 1e-3  # keeps the fit well-posed (the features are strongly correlated)
FEATURES = ("steps", "out", "lane", "exit", "lead", "steps_squared", "exposure")


def self_play(rules: Rules, games: int, seed: int, player: str, every: int) -> Any:
    """The features of every seat at every ``every``-th turn start, and each game's winner."""
    computer = Computer(rules)
    features: list[tuple[tuple[float, ...], ...]] = []
    winners: list[int] = []
    seats = dict.fromkeys(rules.colours, player)
    for index in range(games):
        starts = turn_starts(rules, seats, game_seed(seed, index))
        (winner,) = rules.outcome(starts[-1]).winners
        for state in starts[:-1:every]:
            seen = computer.look(state).features
            assert seen is not None  # the game has a model
            features.append(seen)
            winners.append(winner)
        if (index + 1) % 1000 == 0:
            print(f"  {index + 1} games, {len(winners)} positions", file=sys.stderr)
    return np.array(features), np.array(winners)


def turn_starts(rules: Rules, seats: dict[str, str], seed: int) -> list[State]:
    """Every position where a seat is about to roll (after the roll-off), then the end."""
    starts: list[State] = []

    def observe(before: State, event: object, after: State) -> None:
        if after.phase == Phase.ROLL and before.phase != Phase.ROLLOFF:
            starts.append(after)

    starts.append(run_game(rules, seats, seed, observer=observe).state)
    return starts


def log_likelihood(x: Any, y: Any, weights: Any) -> float:
    strengths = x @ weights
    strengths -= strengths.max(axis=1, keepdims=True)
    log_shares = strengths - np.log(np.exp(strengths).sum(axis=1, keepdims=True))
    return float(log_shares[np.arange(len(y)), y].mean())


def fit(x: Any, y: Any, iterations: int = 25) -> Any:
    """Newton's method on the mean log-likelihood (features standardised, a small ridge)."""
    flat = x.reshape(-1, x.shape[2])
    mean, spread = flat.mean(axis=0), flat.std(axis=0) + 1e-12
    z = (x - mean) / spread
    n, seats, k = z.shape
    won = np.zeros((n, seats))
    won[np.arange(n), y] = 1.0
    weights = np.zeros(k)
    for _ in range(iterations):
        strengths = z @ weights
        shares = np.exp(strengths - strengths.max(axis=1, keepdims=True))
        shares /= shares.sum(axis=1, keepdims=True)
        gradient = np.einsum("ns,nsk->k", shares - won, z) / n + RIDGE * weights
        expected = np.einsum("ns,nsk->nk", shares, z)
        hessian = (
            np.einsum("ns,nsk,nsl->kl", shares, z, z) / n
            - np.einsum("nk,nl->kl", expected, expected) / n
            + RIDGE * np.eye(k)
        )
        weights -= np.linalg.solve(hessian, gradient)
    return weights / spread  # per unit of each raw feature (the offset cancels in the shares)


def rust_float(value: float) -> str:
    text = f"{value:.6g}"
    return text if any(c in text for c in ".en") else f"{text}.0"  # 0 -> 0.0, 1e-05 stays


def as_literal(weights: Any) -> str:
    fields = [f"    {name}: {rust_float(weights[i])}," for i, name in enumerate(FEATURES)]
    tempo = ", ".join(rust_float(w) for w in [0.0, *weights[len(FEATURES) :]])
    return "WinModel {\n" + "\n".join(fields) + f"\n    tempo: [{tempo}],\n}}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", maxsplit=1)[0])
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=2)
    parser.add_argument("--player", default="medium")
    parser.add_argument("--every", type=int, default=2, help="keep every N-th turn start")
    parser.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    parser.add_argument("game", choices=sorted(RULES))
    args = parser.parse_args(argv)
    if args.games < 1 or args.every < 1:
        parser.error("--games and --every must be at least 1")
    rules = get_rules(args.game, args.players, RULES[args.game])
    x, y = self_play(rules, args.games, args.seed, args.player, args.every)
    weights = fit(x, y)
    current = np.array(Computer(rules).look(rules.initial_state(), 0).weights)
    print(f"{len(y)} positions from {args.games} games of {args.player} self-play")
    print(f"mean log-likelihood: even chance {-np.log(args.players):.4f}, ", end="")
    print(f"the model in the code {log_likelihood(x, y, current):.4f}, ", end="")
    print(f"this fit {log_likelihood(x, y, weights):.4f}")
    print(as_literal(weights))
    return 0


if __name__ == "__main__":
    sys.exit(main())
