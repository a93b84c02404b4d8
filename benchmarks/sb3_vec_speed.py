"""Stable-Baselines3's make_vec_env against pegrace's SB3 VecEnv over the core, in steps per CPU s.

    python benchmarks/sb3_vec_speed.py [--rounds 5] [--steps 20000] [--envs 64]
                                       [--games trouble,ludo,headache,marbles] [--ppo 4096]

For each game (4 players, default rules, the learner against 3 ``random`` computer players),
each round times the two sides one after the other (which goes first alternates from round to
round: a busy machine's slow spells fall on both), in CPU seconds (``time.process_time``):
- ``make_vec_env``: SB3's standard recipe, ``make_vec_env("pegrace/<Game>-v0", n_envs=N)``: a
  DummyVecEnv stepping N single-agent environments (each under Gymnasium's checkers and SB3's
  Monitor) one by one from Python;
- ``Sb3VecEnv``: ``pegrace.rl.sb3.vec_env(game, n_envs=N)``: the N games stepped in one call in
  the core (its episode statistics on, as the Monitor's are on the other side).
Both play the same masks-driven random legal actions: the masks as MaskablePPO asks for them
(``get_action_masks``: ``env_method("action_masks")``), an action drawn per game with numpy
(``mask * random``, ``argmax``); the draw and the masks are timed too. ``--steps`` agent steps a
side (rounded to whole steps of N games).

``--ppo STEPS`` also times sb3-contrib's MaskablePPO learning STEPS steps on each side
(``n_steps=64`` a game, ``batch_size=256``, 4 epochs, PyTorch on one thread): collection and
training together, the model made before the clock starts.

Prints each round's figures, then each side's median and range over the rounds and the median
of the rounds' speed-ups (Sb3VecEnv / make_vec_env)."""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import sb3_contrib
import stable_baselines3
import torch
from sb3_contrib import MaskablePPO
from sb3_contrib.common.maskable.utils import get_action_masks
from stable_baselines3.common.env_util import make_vec_env

import pegrace.rl  # noqa: F401 - registers the environments
from pegrace.games import ENTRIES
from pegrace.rl.sb3 import vec_env

SIDES = ("make_vec_env", "Sb3VecEnv")


def make(side: str, game: str, envs: int, seed: int) -> Any:
    if side == "make_vec_env":
        kwargs = {"players": 4, "opponents": "random"}
        return make_vec_env(ENTRIES[game].gym_id, n_envs=envs, seed=seed, env_kwargs=kwargs)
    return vec_env(game, n_envs=envs, players=4, opponents="random", seed=seed)


def stepping(side: str, game: str, envs: int, steps: int, seed: int) -> float:
    """Agent steps per CPU second of random legal actions."""
    env = make(side, game, envs, seed)
    env.reset()
    choose = np.random.default_rng(seed)
    rounds = max(steps // envs, 1)
    started = time.process_time()
    for _ in range(rounds):
        masks = get_action_masks(env)
        env.step((masks * choose.random(masks.shape)).argmax(axis=1))
    spent = time.process_time() - started
    env.close()
    return rounds * envs / spent


def learning(side: str, game: str, envs: int, steps: int, seed: int) -> float:
    """MaskablePPO's steps per CPU second, collecting and training."""
    env = make(side, game, envs, seed)
    model = MaskablePPO("MlpPolicy", env, n_steps=64, batch_size=256, n_epochs=4, seed=seed)
    started = time.process_time()
    model.learn(total_timesteps=steps)
    spent = time.process_time() - started
    env.close()
    return model.num_timesteps / spent


def measure(
    name: str, rounds: int, run: Callable[[str, str, int, int, int], float], *settings: Any
) -> dict[str, list[float]]:
    """Each side's figure for each round (``run(side, game, envs, steps, round)``), the sides
    alternating which goes first."""
    figures: dict[str, list[float]] = {side: [] for side in SIDES}
    for round_ in range(rounds):
        order = SIDES if round_ % 2 == 0 else SIDES[::-1]
        for side in order:
            figures[side].append(run(side, *settings, round_))
        print(
            f"  {name:8} round {round_}: "
            + ", ".join(f"{side} {figures[side][-1]:,.0f}/s" for side in SIDES)
        )
    return figures


def summary(game: str, name: str, figures: dict[str, list[float]]) -> str:
    ranges = " | ".join(
        f"{statistics.median(figures[s]):,.0f} ({min(figures[s]):,.0f}–{max(figures[s]):,.0f})"
        for s in SIDES
    )
    ratios = [b / a for a, b in zip(*(figures[s] for s in SIDES), strict=True)]
    return f"| {game} | {name} | {ranges} | **{statistics.median(ratios):.1f}x** |"  # the median


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rounds", type=int, default=5, help="rounds per game (default 5)")
    parser.add_argument(
        "--steps", type=int, default=20_000, help="agent steps a side a round (default 20000)"
    )
    parser.add_argument("--envs", type=int, default=64, help="games a side, N (default 64)")
    parser.add_argument("--games", default=",".join(ENTRIES), help="comma-separated games")
    parser.add_argument(
        "--ppo", type=int, default=0, metavar="STEPS", help="also time MaskablePPO (default off)"
    )
    args = parser.parse_args()
    torch.set_num_threads(1)  # one core: PyTorch's threads would also take the other's time
    print(
        f"stable-baselines3 {stable_baselines3.__version__}, sb3-contrib "
        f"{sb3_contrib.__version__}, torch {torch.__version__}; {args.envs} games a side"
    )
    rows = [
        "| game | loop | make_vec_env: median (range) | Sb3VecEnv: median (range) | speed-up |",
        "|---|---|---:|---:|---:|",
    ]
    for game in args.games.split(","):
        print(game)
        random_steps = measure("random", args.rounds, stepping, game, args.envs, args.steps)
        rows.append(summary(game, "random legal actions", random_steps))
        if args.ppo:
            ppo = measure("ppo", args.rounds, learning, game, args.envs, args.ppo)
            rows.append(summary(game, "MaskablePPO learn", ppo))
    print("\nsteps per CPU second\n" + "\n".join(rows))


if __name__ == "__main__":
    main()
