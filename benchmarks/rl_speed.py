"""What an RL environment step costs next to the bare engine's step, measured side by side.

    python benchmarks/rl_speed.py [--rounds 5] [--steps 20000] [--games trouble,ludo]

For each game, alternates two loops in one process, each playing random legal moves from a
seeded generator for ``--steps`` decisions (a new game after each end), timed in CPU seconds:
- ``engine``: the Rules API: legal moves, a move applied, rolls sampled and applied until the
  next decision;
- ``aec``: the raw PettingZoo environment (``pegrace.rl.<game>_v0.raw_env()``): an observation
  with its action mask for the agent to act, then ``step``; the dead steps at an episode's end
  are not counted as decisions;
- ``env()``: the same loop on the environment as PettingZoo's classic games wrap it
  (``pegrace.rl.<game>_v0.env()``: PettingZoo's order, bounds and illegal-move wrappers),
  shown as the cost of its step in raw steps;
- ``gym``: the Gymnasium single-agent environment against 3 random players
  (``gym.make("pegrace/<Game>-v0", opponents="random")``): each learner step plays the
  opponents' moves too, so it is shown as learner steps per CPU second, not as a ratio;
- ``vector``: the vector environment (``pegrace.rl.vector.VectorEnv``, ``--envs`` games)
  against 3 random players: agent steps per CPU second, each step's observations, masks,
  rewards and ends written, its actions drawn at random among the legal ones with numpy
  (that draw included).
Prints each round's figures and the median cost of an AEC step in bare engine steps.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import numpy as np

import pegrace.rl
from pegrace.games import get_rules
from pegrace.rl.aec import PegraceEnv
from pegrace.rl.single import SingleAgentEnv
from pegrace.rl.vector import VectorEnv


def engine_loop(game: str, steps: int, seed: int) -> float:
    rules = get_rules(game, 4)
    rng, state = random.Random(seed), rules.initial_state()
    started = time.process_time()
    done = 0
    while done < steps:
        if state.is_over:
            state = rules.initial_state()
        elif state.is_chance:
            state = rules.apply_roll(state, rules.sample_roll(state, rng))
        else:
            legal = rules.legal_moves(state)
            state = rules.apply_move(state, legal[int(rng.random() * len(legal))])
            done += 1
    return steps / (time.process_time() - started)


def aec_loop(game: str, steps: int, seed: int, wrapped: bool = False) -> float:
    env = getattr(pegrace.rl, f"{game}_v0").env() if wrapped else PegraceEnv(game, 4)
    rng = random.Random(seed)
    env.reset(seed=seed)
    started = time.process_time()
    done = 0
    while done < steps:
        agent = env.agent_selection
        if not env.agents:
            env.reset(seed=seed + done)
        elif env.terminations[agent]:
            env.step(None)
        else:
            mask = env.observe(agent)["action_mask"]
            actions = mask.nonzero()[0]
            env.step(int(actions[int(rng.random() * len(actions))]))
            done += 1
    return steps / (time.process_time() - started)


def gym_loop(game: str, steps: int, seed: int) -> float:
    env = SingleAgentEnv(game, 4, opponents="random")
    choose = np.random.default_rng(seed)
    _, info = env.reset(seed=seed)
    started = time.process_time()
    for done in range(steps):
        _, _, over, _, info = env.step(choose.choice(np.flatnonzero(info["action_mask"])))
        if over:
            _, info = env.reset(seed=seed + done)
    return steps / (time.process_time() - started)


def vector_loop(game: str, steps: int, seed: int, envs: int) -> float:
    env = VectorEnv(game, num_envs=envs, copy=False)
    choose = np.random.default_rng(seed)
    _, info = env.reset(seed=seed)
    started = time.process_time()
    for _ in range(max(steps // envs, 1)):
        mask = info["action_mask"]
        _, _, _, _, info = env.step((mask * choose.random(mask.shape)).argmax(1))
    return max(steps // envs, 1) * envs / (time.process_time() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--steps", type=int, default=20_000)
    parser.add_argument("--games", default="trouble,ludo,headache,marbles")
    parser.add_argument("--envs", type=int, default=256, help="the vector env's games")
    args = parser.parse_args()
    print(
        "game      round  engine/s    aec/s  aec step cost  env()/s  env() cost   gym/s   vector/s"
    )
    for game in args.games.split(","):
        costs, wrapping = [], []
        for round_ in range(args.rounds):
            engine = engine_loop(game, args.steps, round_)
            aec = aec_loop(game, args.steps, round_)
            wrapped = aec_loop(game, args.steps, round_, wrapped=True)
            learner = gym_loop(game, args.steps // 4, round_)
            vector = vector_loop(game, args.steps * 20, round_, args.envs)
            costs.append(engine / aec)
            wrapping.append(aec / wrapped)
            print(
                f"{game:9} {round_:5} {engine:9,.0f} {aec:8,.0f} {engine / aec:9.2f}x "
                f"{wrapped:9,.0f} {aec / wrapped:9.2f}x {learner:10,.0f} {vector:10,.0f}"
            )
        print(
            f"{game:9} median AEC step cost {statistics.median(costs):.2f} engine steps; "
            f"env()'s step {statistics.median(wrapping):.2f} raw_env()'s"
        )


if __name__ == "__main__":
    main()
