"""What an AEC environment step costs next to the bare engine's step, measured side by side.

    python benchmarks/rl_speed.py [--rounds 5] [--steps 20000] [--games trouble,ludo]

For each game, alternates two loops in one process, each playing random legal moves from a
seeded generator for ``--steps`` decisions (a new game after each end), timed in CPU seconds:
- ``engine``: the Rules API: legal moves, a move applied, rolls sampled and applied until the
  next decision;
- ``aec``: the raw PettingZoo environment (``pegrace.rl.<game>_v0.raw_env()``): an observation
  with its action mask for the agent to act, then ``step``; the dead steps at an episode's end
  are not counted as decisions.
Prints each round's decisions per CPU second and the median ratio aec / engine.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from pegrace.games import get_rules
from pegrace.rl.aec import PegraceEnv


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


def aec_loop(game: str, steps: int, seed: int) -> float:
    env = PegraceEnv(game, 4)
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--steps", type=int, default=20_000)
    parser.add_argument("--games", default="trouble,ludo,headache,marbles")
    args = parser.parse_args()
    print("game      round  engine/s   aec/s   aec/engine")
    for game in args.games.split(","):
        ratios = []
        for round_ in range(args.rounds):
            engine = engine_loop(game, args.steps, round_)
            aec = aec_loop(game, args.steps, round_)
            ratios.append(aec / engine)
            print(f"{game:9} {round_:5} {engine:9,.0f} {aec:8,.0f} {aec / engine:9.2f}")
        print(f"{game:9} median ratio {statistics.median(ratios):.2f}")


if __name__ == "__main__":
    main()
