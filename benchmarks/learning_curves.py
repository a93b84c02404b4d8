"""Learning curves of two standard learners in every game (issue 56): sb3-contrib's MaskablePPO
on pegrace's SB3 VecEnv (pegrace.rl.sb3) and OpenSpiel's PyTorch DQN on the single-agent
Gymnasium environment (pegrace.rl.single), the learner as red against 3 `random` players (4
players, each game's default rules; `random` never passes while a piece can move).

    python benchmarks/learning_curves.py --algo ppo --game ludo --seed 1 --out DIR
    nice -n 10 python benchmarks/learning_curves.py --all --seed 1 --out docs/results/curves

Writes DIR/<algo>-<game>/curve.csv (agent steps, games finished, the learner's first places and
mean reward in its last 500 games, actions drawn as in training: PPO's sampled, DQN's
epsilon-greedy; CPU seconds) and report.json (the settings, the versions as
pegrace.provenance records them with PyTorch's, SB3's and OpenSpiel's, the time taken, the final
evaluation and the references), then draws DIR/curves.png: a panel a game, both learners'
curves with their final evaluations and the references. One process, PyTorch on one thread.

Steps (``--steps`` sets them for every run asked for), chosen for about 3 CPU minutes a run
here: PPO 3,000,000 and DQN 300,000 agent steps; Headache (4,705 actions, a 260-float
observation, each step ~10x dearer) PPO 200,000 and DQN 50,000.

MaskablePPO: ``MlpPolicy`` defaults (two hidden layers of 64, tanh, separate policy and value
networks; gamma 0.99, GAE lambda 0.95, clip 0.2, no entropy bonus), 64 games stepped together,
n_steps 128 a game (8,192 steps a rollout), batch size 256, 4 epochs, learning rate 3e-4;
illegal actions masked through ``action_masks()``.
DQN (open_spiel.python.pytorch.dqn): an MLP of two hidden layers of 128 (ReLU), Adam at 1e-4,
Huber loss, batch 128, a replay memory of 100,000 transitions (Headache 20,000: each keeps its
4,705-action mask), learning every 4 steps once it holds 1,000, the target network refreshed
every 1,000 steps (OpenSpiel's soft update: 0.995 of the online weights), discount 0.99,
epsilon from 1.0 to 0.05 linearly over the first fifth of the steps; illegal actions masked
through ``legal_actions`` (acting and in the targets).

Evaluation: the trained agent's greedy action (PPO deterministic, DQN the best Q value) in
2,000 games against 3 random players, a quarter at each seat; 50 games played side by side,
each slot counting only its first games (so short games are not favoured); each slot's first
game seeded (E + seat) * 1,000,003 + slot, E = 20261130, far from every training seed. Beside
it: `random` measured the same way, in the same games (a legal move at random, never the pass
while another is legal), and `medium` in ``pegrace tournament GAME --player medium --player
random --player random --player random --games 2000 --seed 2026`` (seats rotated)."""

from __future__ import annotations

import argparse
import csv
import json
import time
from collections import deque
from collections.abc import Callable, Mapping
from importlib.metadata import version
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import torch

import pegrace.rl  # noqa: F401 - registers the environments
from pegrace.games import ENTRIES, get_rules
from pegrace.provenance import provenance
from pegrace.rl.vector import VectorEnv
from pegrace.simulate import wilson
from pegrace.tournament import run_tournament

Act = Callable[[npt.NDArray[np.float32], npt.NDArray[np.bool_]], npt.NDArray[np.int64]]
ALGOS = ("ppo", "dqn")
GAMES = tuple(ENTRIES)
PLAYERS, OPPONENTS = 4, "random"
STEPS = {"ppo": 3_000_000, "dqn": 300_000}
HEADACHE_STEPS = {"ppo": 200_000, "dqn": 50_000}  # ~10x dearer a step
WINDOW = 500  # the curve's recent games
DRAWN_FROM = 100  # games finished before the plot draws the curve: fewer say little
ROWS = 100  # the curve's rows, about
EVAL_GAMES, EVAL_SEED, EVAL_SLOTS = 2_000, 20_261_130, 50
REFERENCE_SEED = 2026  # the medium line's tournament
PPO = {"n_envs": 64, "n_steps": 128, "batch_size": 256, "n_epochs": 4, "learning_rate": 3e-4}
DQN: dict[str, Any] = {
    "hidden_layers_sizes": [128, 128],
    "replay_buffer_capacity": 100_000,
    "batch_size": 128,
    "learning_rate": 1e-4,
    "optimizer_str": "adam",
    "loss_str": "huber",
    "learn_every": 4,
    "min_buffer_size_to_learn": 1_000,
    "update_target_network_every": 1_000,
    "discount_factor": 0.99,
    "epsilon_start": 1.0,
    "epsilon_end": 0.05,
    "epsilon_decay_schedule_str": "linear",
    "gradient_clipping": 10.0,
}
HEADACHE_REPLAY = 20_000
PACKAGES = ("torch", "stable_baselines3", "sb3_contrib", "open_spiel", "gymnasium", "matplotlib")


def default_steps(algo: str, game: str) -> int:
    return (HEADACHE_STEPS if game == "headache" else STEPS)[algo]


class Curve:
    """The learning curve: each finished game's reward, a row every ``every`` agent steps."""

    def __init__(self, every: int, window: int = WINDOW) -> None:
        self.every, self.due = every, every
        self.recent: deque[float] = deque(maxlen=window)
        self.games = self.steps = 0
        self.rows: list[dict[str, float]] = []
        self.started = time.process_time()

    def finished(self, reward: float) -> None:
        self.games += 1
        self.recent.append(reward)

    def tick(self, steps: int) -> None:
        """A row when ``steps`` passes the next one due."""
        self.steps = steps
        if steps >= self.due:
            self.due = (steps // self.every + 1) * self.every
            self.add(steps)

    def add(self, steps: int) -> None:
        recent = np.array(self.recent) if self.recent else np.zeros(0)
        self.rows.append(
            {
                "agent_steps": steps,
                "games": self.games,
                "win_rate_recent": float((recent == 1.0).mean()) if recent.size else 0.0,
                "mean_reward_recent": float(recent.mean()) if recent.size else 0.0,
                "cpu_seconds": round(time.process_time() - self.started, 2),
            }
        )

    def write(self, path: Path) -> None:
        with path.open("w", newline="") as file:
            writer = csv.DictWriter(file, fieldnames=list(self.rows[0]))
            writer.writeheader()
            writer.writerows(self.rows)


def train_ppo(
    game: str, steps: int, seed: int, curve: Curve, settings: Mapping[str, Any] = PPO
) -> Act:
    """MaskablePPO on ``settings["n_envs"]`` games stepped in the core; its deterministic
    action as the agent."""
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback

    from pegrace.rl.sb3 import vec_env

    class Recording(BaseCallback):
        def _on_step(self) -> bool:
            for info in self.locals["infos"]:
                if "episode" in info:
                    curve.finished(info["episode"]["r"])
            curve.tick(self.num_timesteps)
            return True

    options = dict(settings)
    envs = vec_env(game, options.pop("n_envs"), PLAYERS, OPPONENTS, seed=seed, render_mode=None)
    model = MaskablePPO("MlpPolicy", envs, seed=seed, **options)
    model.learn(total_timesteps=steps, callback=Recording())
    envs.close()

    def act(observations: npt.NDArray[np.float32], masks: npt.NDArray[np.bool_]) -> Any:
        return model.predict(observations, action_masks=masks, deterministic=True)[0]

    return act


def dqn_settings(
    game: str, steps: int, overrides: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    settings = {**DQN, "epsilon_decay_duration": max(steps // 5, 1)}
    if game == "headache":
        settings["replay_buffer_capacity"] = HEADACHE_REPLAY
    return {**settings, **(overrides or {})}


def time_step(
    observation: npt.NDArray[np.float32], mask: npt.NDArray[np.bool_], reward: float, kind: Any
) -> Any:
    """OpenSpiel's TimeStep for the learner, player 0, the one player the agent sees (the
    opponents move inside the environment's step)."""
    from open_spiel.python import rl_environment

    last = kind == rl_environment.StepType.LAST
    return rl_environment.TimeStep(
        observations={
            "info_state": [observation],
            "legal_actions": [np.flatnonzero(mask).tolist()],
            "current_player": 0,
        },
        rewards=[reward],
        discounts=[0.0 if last else 1.0],
        step_type=kind,
    )


def train_dqn(
    game: str, steps: int, seed: int, curve: Curve, settings: Mapping[str, Any] | None = None
) -> Act:
    """OpenSpiel's DQN on the single-agent environment, one decision of the learner a step;
    each game seeded from ``seed``'s generator. Its greedy action as the agent."""
    import gymnasium as gym
    from open_spiel.python import rl_environment
    from open_spiel.python.pytorch import dqn

    env = gym.make(ENTRIES[game].gym_id, players=PLAYERS, opponents=OPPONENTS).unwrapped
    size, actions = int(env.observation_space.shape[0]), int(env.action_space.n)
    chosen = dqn_settings(game, steps) if settings is None else dict(settings)
    agent = dqn.DQN(0, size, actions, seed=seed, **chosen)
    seeds = np.random.default_rng(seed)
    first, mid, last = (rl_environment.StepType[k] for k in ("FIRST", "MID", "LAST"))
    observation, info = env.reset(seed=int(seeds.integers(2**62)))
    step = time_step(observation, info["action_mask"], 0.0, first)
    for done in range(1, steps + 1):
        output = agent.step(step)
        if output is None:  # OpenSpiel's DQN answers None when its loss is not a number
            raise RuntimeError(f"DQN: loss {agent.loss} at step {done}")
        observation, reward, ended, cut, info = env.step(output.action)
        if ended or cut:
            agent.step(time_step(observation, info["action_mask"], float(reward), last))
            curve.finished(float(reward))
            observation, info = env.reset(seed=int(seeds.integers(2**62)))
            step = time_step(observation, info["action_mask"], 0.0, first)
        else:
            step = time_step(observation, info["action_mask"], float(reward), mid)
        curve.tick(done)
    network = agent._q_network  # select_action(greedy=True)'s network, asked a batch at once

    def act(observations: npt.NDArray[np.float32], masks: npt.NDArray[np.bool_]) -> Any:
        with torch.inference_mode():
            values = network(torch.from_numpy(observations))
        return values.masked_fill(~torch.from_numpy(masks), -torch.inf).argmax(1).numpy()

    return act


def shares(total: int, parts: int) -> list[int]:
    """``total`` split into ``parts`` whole shares, the first ones larger by one."""
    return [total // parts + (i < total % parts) for i in range(parts)]


def evaluate(game: str, act: Act, games: int, seed: int, slots: int = EVAL_SLOTS) -> dict[str, Any]:
    """``act``'s first places in ``games`` games against 3 random players, a quarter at each
    seat. ``slots`` games are played side by side and each counts only its first games, its
    share of the seat's: a slot's later games would favour short games."""
    wins_by_seat, games_by_seat = [], []
    for seat, seat_games in enumerate(shares(games, PLAYERS)):
        quotas = np.array([q for q in shares(seat_games, slots) if q])
        if not quotas.size:
            wins_by_seat.append(0)
            games_by_seat.append(0)
            continue
        env = VectorEnv(game, len(quotas), PLAYERS, OPPONENTS, learner=seat)
        observations, info = env.reset(seed=seed + seat)
        counted, wins = np.zeros_like(quotas), 0
        while (counted < quotas).any():
            actions = np.asarray(act(observations, info["action_mask"]), np.int64)
            observations, rewards, ended, _, info = env.step(actions)
            if (rewards < 0).any():
                raise RuntimeError(f"{game}: the agent played an illegal action")
            fresh = ended & (counted < quotas)
            wins += int((rewards[fresh] == 1.0).sum())
            counted += fresh
        wins_by_seat.append(wins)
        games_by_seat.append(int(counted.sum()))
    won, played = sum(wins_by_seat), sum(games_by_seat)
    return {
        "opponents": f"3 {OPPONENTS}",
        "games": played,
        "wins": won,
        "win_rate": won / played if played else 0.0,
        "ci95": list(wilson(won, played)),
        "games_by_seat": games_by_seat,
        "wins_by_seat": wins_by_seat,
        "seed": seed,
        "slots": slots,
    }


def random_player(seed: int) -> Act:
    """`random` as the core plays it: a legal action at random, never the pass (every game's
    last action) while another is legal."""
    chooser = np.random.default_rng(seed)

    def act(observations: npt.NDArray[np.float32], masks: npt.NDArray[np.bool_]) -> Any:
        playable = masks.copy()
        playable[:, -1] &= ~masks[:, :-1].any(axis=1)
        return (playable * chooser.random(masks.shape)).argmax(axis=1)

    return act


def medium_command(game: str, games: int, seed: int) -> str:
    players = " ".join(f"--player {p}" for p in ["medium"] + [OPPONENTS] * (PLAYERS - 1))
    return f"pegrace tournament {game} {players} --games {games} --seed {seed}"


def references(game: str, games: int, seed: int) -> dict[str, dict[str, Any]]:
    """The lines beside the agent: `random` measured as the agent is, and `medium` in a
    tournament against 3 random (seats rotated)."""
    rules = get_rules(game, PLAYERS, {})
    report, _ = run_tournament(rules, ["medium"] + [OPPONENTS] * (PLAYERS - 1), games, seed)
    medium = report["entries"][0]
    return {
        "random": evaluate(game, random_player(seed), games, EVAL_SEED),
        "medium": {
            "games": medium["seat_games"],
            "wins": medium["wins"],
            "win_rate": medium["win_rate"],
            "ci95": medium["ci95"],
            "command": medium_command(game, games, seed),
        },
    }


def run(
    algo: str,
    game: str,
    steps: int,
    seed: int,
    out: Path,
    eval_games: int = EVAL_GAMES,
    settings: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Trains, evaluates, writes DIR/<algo>-<game>/curve.csv and report.json; the report."""
    folder = out / f"{algo}-{game}"
    folder.mkdir(parents=True, exist_ok=True)
    curve = Curve(max(steps // ROWS, 1))
    cpu, wall = time.process_time(), time.time()
    if algo == "ppo":
        chosen = {**PPO, **(settings or {})}
        act = train_ppo(game, steps, seed, curve, chosen)
    else:
        chosen = dqn_settings(game, steps, settings)
        act = train_dqn(game, steps, seed, curve, chosen)
    cpu, wall = time.process_time() - cpu, time.time() - wall
    if not curve.rows or curve.rows[-1]["agent_steps"] < curve.steps:
        curve.add(curve.steps)  # PPO's last rollout ends past ``steps``
    curve.write(folder / "curve.csv")
    evaluated = time.process_time()
    report = {
        **provenance(None, seed),
        "algo": algo,
        "game": game,
        "players": PLAYERS,
        "opponents": f"{PLAYERS - 1} {OPPONENTS}",
        "agent_steps": int(curve.rows[-1]["agent_steps"]),
        "games": curve.games,
        "settings": chosen,
        "versions": {package: version(package) for package in PACKAGES},
        "torch_threads": torch.get_num_threads(),
        "train_cpu_seconds": round(cpu, 1),
        "train_wall_seconds": round(wall, 1),
        "evaluation": evaluate(game, act, eval_games, EVAL_SEED),
        "references": references(game, eval_games, REFERENCE_SEED),
    }
    report["evaluation_cpu_seconds"] = round(time.process_time() - evaluated, 1)
    (folder / "report.json").write_text(json.dumps(report, indent=2) + "\n")
    return report


def plot(out: Path) -> Path:
    """DIR/curves.png: a panel a game, the learners' curves (recent first places, actions as
    in training, once ``DRAWN_FROM`` games have finished), their final greedy evaluations (95%
    intervals) and the references."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = -(-len(GAMES) // 2)  # two panels a row
    figure, axes = plt.subplots(rows, 2, figsize=(11, 3.75 * rows), squeeze=False)
    for spare in axes.flat[len(GAMES) :]:
        spare.set_visible(False)
    colours = {"ppo": "tab:blue", "dqn": "tab:green"}
    names = {"ppo": "PPO (SB3 MaskablePPO)", "dqn": "DQN (OpenSpiel)"}
    for game, ax in zip(GAMES, axes.flat[: len(GAMES)], strict=True):
        drawn = None
        for algo in ALGOS:
            folder = out / f"{algo}-{game}"
            if not (folder / "report.json").exists():
                continue
            report = json.loads((folder / "report.json").read_text())
            rows = list(csv.DictReader((folder / "curve.csv").read_text().splitlines()))
            rows = [r for r in rows if int(r["games"]) >= DRAWN_FROM] or rows[-1:]
            steps = [int(r["agent_steps"]) for r in rows]
            rates = [float(r["win_rate_recent"]) for r in rows]
            ax.plot(steps, rates, color=colours[algo], label=f"{names[algo]}, training")
            final = report["evaluation"]
            low, high = final["ci95"]
            ax.errorbar(
                [steps[-1]],
                [final["win_rate"]],
                yerr=[[final["win_rate"] - low], [high - final["win_rate"]]],
                fmt="o",
                color=colours[algo],
                capsize=3,
                label=f"{algo.upper()} greedy, {final['games']:,} games: {final['win_rate']:.1%}",
            )
            drawn = report["references"]
        if drawn is not None:
            for name, style, colour in (("random", ":", "grey"), ("medium", "--", "tab:orange")):
                rate = drawn[name]["win_rate"]
                said = f"{name} against 3 random: {rate:.1%}"
                ax.axhline(rate, linestyle=style, color=colour, label=said)
        ax.set_xscale("log")
        ax.set_title(game.capitalize() + (" (two-dice)" if game == "ludo" else ""))
        ax.set_xlabel("agent steps")
        ax.set_ylabel("first places against 3 random")
        ax.set_ylim(0, 1.0 if drawn is None else max(0.5, drawn["medium"]["win_rate"] + 0.25))
        ax.grid(alpha=0.3)
        if drawn is not None:
            ax.legend(fontsize=7, loc="upper left", ncol=2)
    figure.suptitle(
        f"Learning curves against 3 random players (4 players): the last {WINDOW} games' first "
        f"places, from the {DRAWN_FROM}th game on"
    )
    figure.tight_layout()
    path = out / "curves.png"
    figure.savefig(path, dpi=100)
    plt.close(figure)
    return path


def summary(report: Mapping[str, Any]) -> str:
    final, refs = report["evaluation"], report["references"]
    low, high = final["ci95"]
    return (
        f"{report['algo']} {report['game']}: {report['agent_steps']:,} steps, "
        f"{report['train_cpu_seconds'] / 60:.1f} CPU min; greedy {final['win_rate']:.1%} "
        f"[{low:.1%}, {high:.1%}] of {final['games']:,}; random "
        f"{refs['random']['win_rate']:.1%}, medium {refs['medium']['win_rate']:.1%}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--algo", choices=ALGOS, help="the learner")
    parser.add_argument("--game", choices=GAMES, help="the game (4 players, default rules)")
    parser.add_argument("--all", action="store_true", help="every game, PPO then DQN in each")
    parser.add_argument("--steps", type=int, help="agent steps a run (default: above)")
    parser.add_argument("--seed", type=int, default=1, help="the training's seed (default 1)")
    parser.add_argument("--out", type=Path, default=Path("learning-curves"), help="DIR")
    parser.add_argument(
        "--eval-games", type=int, default=EVAL_GAMES, help=f"default {EVAL_GAMES:,}"
    )
    parser.add_argument("--plot-only", action="store_true", help="draw DIR/curves.png again")
    args = parser.parse_args()
    if args.all or args.plot_only:
        runs = [(algo, game) for game in GAMES for algo in ALGOS] if args.all else []
    elif args.algo and args.game:
        runs = [(args.algo, args.game)]
    else:
        parser.error("--algo and --game, or --all, or --plot-only")
    torch.set_num_threads(1)  # one core: the machine is shared
    for algo, game in runs:
        steps = args.steps or default_steps(algo, game)
        print(summary(run(algo, game, steps, args.seed, args.out, args.eval_games)), flush=True)
        plot(args.out)
    print(plot(args.out))


if __name__ == "__main__":
    main()
