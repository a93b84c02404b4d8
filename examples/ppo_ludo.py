"""Train an agent for two-dice Ludo with PPO (CleanRL-style: one file, invalid actions masked),
on pegrace's vector environment; then measure the trained agent against 3 random and against 3
medium players, its seat rotated, with 95% intervals.

    pip install -e '.[rl]' torch matplotlib
    # the plain board against 3 random players (the first run of docs/rl.md)
    python examples/ppo_ludo.py --steps 30000000 --out docs/results/ppo-ludo
    # the board and what each move would do, against 3 medium players: the shipped policy
    python examples/ppo_ludo.py --observation moves --opponents medium --steps 7000000 \
        --envs 128 --rollout 64 --lr 7e-4 --epochs 2 --entropy 0.002 \\
        --out docs/results/ppo-ludo-moves

Writes to ``--out``: ``curve.csv`` (the learning curve: agent steps, games, the recent games'
win rate and mean reward), ``curve.png`` (its plot), ``agent.pt`` (the network's weights),
``report.json`` (the settings, the time taken, the final win rates, and against 3 random
pegrace's easy and medium for comparison; ``--replot`` measures those and draws the plot again
without training) and, with ``--observation moves``, ``policy.json``: the policy as pegrace
plays it (``--player policy:policy.json``; core/ai/policy.rs). With ``--observation moves`` the
policy is one small network shared by the actions, rating the board with one action's block
(what its move would do, docs/rl.md) at a time. The PPO is the textbook one (clipped objective,
GAE, value loss, entropy bonus); an illegal action is never drawn: the policy's logits are
masked with the environment's ``action_mask`` before sampling and in the loss.
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import sys
import time
from collections import deque
from pathlib import Path

import numpy as np
import torch
from torch import nn

from pegrace.rl.vector import VectorEnv

GAME, PLAYERS = "ludo", 4  # two-dice Ludo is ludo's default variant
BOARD = 48  # the board part of every race game's observation (docs/rl.md)
SCORER_WIDTH = 64


def body(inputs: int, width: int, out: int, scale: float) -> nn.Sequential:
    """Two hidden layers of ``width`` (tanh), orthogonally initialised."""
    layers = [
        nn.Linear(inputs, width),
        nn.Tanh(),
        nn.Linear(width, width),
        nn.Tanh(),
        nn.Linear(width, out),
    ]
    for layer in layers:
        if isinstance(layer, nn.Linear):
            nn.init.orthogonal_(layer.weight, math.sqrt(2))
            nn.init.zeros_(layer.bias)
    nn.init.orthogonal_(layers[-1].weight, scale)
    return nn.Sequential(*layers)


class Agent(nn.Module):
    """A policy and a value from the observation: two hidden layers each. With the ``moves``
    observation the policy is one scorer shared by the actions: it rates the board together
    with one action's block (what that move would do), and the logits are the ratings."""

    def __init__(
        self, observations: int, actions: int, board: int | None = None, width: int = 256
    ) -> None:
        super().__init__()
        self.board, self.actions = board, actions
        if board is None:
            self.policy = body(observations, width, actions, 0.01)
            self.value = body(observations, width, 1, 1.0)
        else:
            self.features = (observations - board) // actions
            self.policy = body(board + self.features, SCORER_WIDTH, 1, 0.01)
            self.value = body(board, width, 1, 1.0)

    def rate(self, observation: torch.Tensor) -> torch.Tensor:
        if self.board is None:
            return self.policy(observation)
        board = observation[:, : self.board]
        blocks = observation[:, self.board :].reshape(-1, self.actions, self.features)
        paired = torch.cat([board.unsqueeze(1).expand(-1, self.actions, -1), blocks], dim=2)
        return self.policy(paired).squeeze(-1)

    def judge(self, observation: torch.Tensor) -> torch.Tensor:
        return self.value(observation if self.board is None else observation[:, : self.board])

    def logits(self, observation: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        return self.rate(observation).masked_fill(~mask, -1e9)

    def act(
        self, observation: torch.Tensor, mask: torch.Tensor, action: torch.Tensor | None = None
    ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]:
        """An action (sampled unless given), its log-chance, the entropy and the value."""
        dist = torch.distributions.Categorical(logits=self.logits(observation, mask))
        if action is None:
            action = dist.sample()
        return action, dist.log_prob(action), dist.entropy(), self.judge(observation).squeeze(-1)

    def export(self, path: Path, args: argparse.Namespace) -> None:
        """The scorer as pegrace's ``policy:FILE`` player reads it (JSON, weights rounded)."""
        layers = [m for m in self.policy if isinstance(m, nn.Linear)]
        rounded = lambda t: [[round(float(x), 6) for x in row] for row in t.tolist()]  # noqa: E731
        path.write_text(
            json.dumps(
                {
                    "model": "pegrace policy",
                    "game": GAME,
                    "players": PLAYERS,
                    "options": {},
                    "observation": "moves",
                    "actions": self.actions,
                    "board": self.board,
                    "features": self.features,
                    "trained": " ".join(["python examples/ppo_ludo.py", *sys.argv[1:]]),
                    "layers": [
                        {
                            "weight": rounded(layer.weight),
                            "bias": [round(float(x), 6) for x in layer.bias.tolist()],
                        }
                        for layer in layers
                    ],
                },
                separators=(",", ":"),
            )
            + "\n"
        )


def train(args: argparse.Namespace, out: Path) -> Agent:
    torch.manual_seed(args.seed)
    env = VectorEnv(
        GAME,
        num_envs=args.envs,
        players=PLAYERS,
        opponents=args.opponents,
        observation=args.observation,
    )
    size, actions = env.single_observation_space.shape[0], int(env.single_action_space.n)
    agent = Agent(size, actions, BOARD if args.observation == "moves" else None)
    optimiser = torch.optim.Adam(agent.parameters(), lr=args.lr, eps=1e-5)
    shape = (args.rollout, args.envs)
    buf_obs = torch.zeros((*shape, size))
    buf_mask = torch.zeros((*shape, actions), dtype=torch.bool)
    buf_act, buf_logp, buf_rew, buf_done, buf_val = (torch.zeros(shape) for _ in range(5))
    observation, info = env.reset(seed=args.seed)
    obs, mask = torch.from_numpy(observation), torch.from_numpy(info["action_mask"])
    done = torch.zeros(args.envs)
    updates = args.steps // (args.envs * args.rollout)
    recent: deque[float] = deque(maxlen=2000)
    games, started = 0, time.time()
    curve = []
    for update in range(1, updates + 1):
        for group in optimiser.param_groups:
            group["lr"] = args.lr * (1 - (update - 1) / updates)
        for t in range(args.rollout):
            buf_obs[t], buf_mask[t], buf_done[t] = obs, mask, done
            with torch.no_grad():
                action, logp, _, value = agent.act(obs, mask)
            buf_act[t], buf_logp[t], buf_val[t] = action, logp, value
            observation, reward, ended, _, info = env.step(action.numpy())
            buf_rew[t] = torch.from_numpy(reward).float()
            obs, mask = torch.from_numpy(observation), torch.from_numpy(info["action_mask"])
            done = torch.from_numpy(ended).float()
            for r in reward[ended]:
                recent.append(float(r))
                games += 1
        with torch.no_grad():  # generalised advantage estimation
            next_value = agent.judge(obs).squeeze(-1)
            advantages = torch.zeros(shape)
            last = torch.zeros(args.envs)
            for t in reversed(range(args.rollout)):
                following = 1.0 - (done if t == args.rollout - 1 else buf_done[t + 1])
                after = next_value if t == args.rollout - 1 else buf_val[t + 1]
                delta = buf_rew[t] + args.gamma * after * following - buf_val[t]
                last = delta + args.gamma * args.gae_lambda * following * last
                advantages[t] = last
            returns = advantages + buf_val
        flat = lambda x: x.reshape(-1, *x.shape[2:])  # noqa: E731
        b_obs, b_mask, b_act, b_logp = flat(buf_obs), flat(buf_mask), flat(buf_act), flat(buf_logp)
        b_adv, b_ret = flat(advantages), flat(returns)
        batch = b_obs.shape[0]
        for _ in range(args.epochs):
            order = torch.randperm(batch)
            for start in range(0, batch, batch // args.minibatches):
                i = order[start : start + batch // args.minibatches]
                _, logp, entropy, value = agent.act(b_obs[i], b_mask[i], b_act[i].long())
                ratio = (logp - b_logp[i]).exp()
                adv = (b_adv[i] - b_adv[i].mean()) / (b_adv[i].std() + 1e-8)
                clipped = ratio.clamp(1 - args.clip, 1 + args.clip)
                policy_loss = torch.max(-adv * ratio, -adv * clipped).mean()
                value_loss = 0.5 * ((value - b_ret[i]) ** 2).mean()
                loss = policy_loss - args.entropy * entropy.mean() + args.value_coef * value_loss
                optimiser.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(agent.parameters(), 0.5)
                optimiser.step()
        steps = update * args.envs * args.rollout
        wins = sum(r == 1.0 for r in recent) / max(len(recent), 1)
        mean = sum(recent) / max(len(recent), 1)
        curve.append((steps, games, wins, mean, time.time() - started))
        if update % 10 == 0 or update == updates:
            rate = steps / (time.time() - started)
            print(
                f"{steps:>11,} steps  {games:>8,} games  win rate (last {len(recent)}) "
                f"{wins:.3f}  reward {mean:.3f}  {rate:,.0f} steps/s",
                flush=True,
            )
    with (out / "curve.csv").open("w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(
            ["agent_steps", "games", "win_rate_recent", "mean_reward_recent", "seconds"]
        )
        writer.writerows(curve)
    torch.save(agent.state_dict(), out / "agent.pt")
    if agent.board is not None:
        agent.export(out / "policy.json", args)
    return agent


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def evaluate(
    agent: Agent | None, opponents: str, games: int, seed: int, seen: str = "board"
) -> dict[str, object]:
    """The agent's first places in ``games`` games against 3 ``opponents``, a quarter at each
    seat; each slot counts its first games only, so short games are not favoured. ``agent``
    None: uniformly random legal actions (the baseline)."""
    per_seat, envs = games // PLAYERS, 50
    quota = per_seat // envs
    chooser = np.random.default_rng(seed)
    wins = []
    for learner in range(PLAYERS):
        env = VectorEnv(
            GAME,
            num_envs=envs,
            players=PLAYERS,
            opponents=opponents,
            learner=learner,
            observation=seen,
        )
        observation, info = env.reset(seed=seed + learner)
        counted = np.zeros(envs, int)
        seat_wins = 0
        while (counted < quota).any():
            mask = info["action_mask"]
            if agent is None:
                action = (mask * chooser.random(mask.shape)).argmax(1)
            else:
                with torch.no_grad():
                    logits = agent.logits(torch.from_numpy(observation), torch.from_numpy(mask))
                action = logits.argmax(1).numpy()
            observation, reward, ended, _, info = env.step(action)
            for i in np.flatnonzero(ended):
                if counted[i] < quota:
                    counted[i] += 1
                    seat_wins += int(reward[i] == 1.0)
        wins.append(seat_wins)
    n = quota * envs * PLAYERS
    low, high = wilson(sum(wins), n)
    return {
        "opponents": f"3 {opponents}",
        "games": n,
        "wins": sum(wins),
        "win_rate": sum(wins) / n,
        "interval": [low, high],
        "wins_by_seat": wins,
    }


def references(games: int) -> dict[str, float]:
    """pegrace's own levels against 3 random players (a tournament, seats rotated): the lines
    the learning curve is drawn against."""
    from pegrace.games import get_rules
    from pegrace.tournament import run_tournament

    rules = get_rules(GAME, PLAYERS, {})
    found = {}
    for level in ("easy", "medium"):
        report, _ = run_tournament(rules, [level] + ["random"] * 3, games, 2026)
        found[level] = report["entries"][0]["win_rate"]
    return found


def plot(out: Path, levels: dict[str, float], opponents: str = "random") -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = list(csv.DictReader((out / "curve.csv").open()))
    steps = [int(r["agent_steps"]) / 1e6 for r in rows]
    fig, ax = plt.subplots(figsize=(7, 4))
    recent = [float(r["win_rate_recent"]) for r in rows]
    ax.plot(steps, recent, label="PPO agent (its last 2,000 games, actions drawn)")
    even = "random player" if opponents == "random" else f"{opponents} itself"
    ax.axhline(0.25, color="grey", linestyle=":", label=f"{even} (1 in 4)")
    for (level, rate), style in zip(levels.items(), ("-.", "--"), strict=False):
        ax.axhline(
            rate,
            color="tab:orange",
            linestyle=style,
            label=f"pegrace {level} against 3 random ({rate:.1%})",
        )
    ax.set_xlabel("agent steps (millions)")
    ax.set_ylabel(f"first places against 3 {opponents} players")
    ax.set_title("Two-dice Ludo: PPO learning curve")
    ax.legend(loc="lower right")
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(out / "curve.png", dpi=110)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=20_000_000, help="agent steps to train")
    parser.add_argument("--envs", type=int, default=64, help="games stepped together")
    parser.add_argument("--rollout", type=int, default=128, help="steps per game per update")
    parser.add_argument("--lr", type=float, default=2.5e-4)
    parser.add_argument("--gamma", type=float, default=0.999)
    parser.add_argument("--gae-lambda", type=float, default=0.95)
    parser.add_argument("--clip", type=float, default=0.2)
    parser.add_argument("--entropy", type=float, default=0.01)
    parser.add_argument("--value-coef", type=float, default=0.5)
    parser.add_argument("--epochs", type=int, default=4)
    parser.add_argument("--minibatches", type=int, default=4)
    parser.add_argument("--eval-games", type=int, default=20_000, help="games per line-up")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--observation",
        choices=["board", "moves"],
        default="board",
        help="the plain board, or the board and what each move would do",
    )
    parser.add_argument("--opponents", default="random", help="the 3 players trained against")
    parser.add_argument("--threads", type=int, default=1, help="torch threads")
    parser.add_argument("--out", type=Path, default=Path("ppo-ludo"))
    parser.add_argument(
        "--replot",
        action="store_true",
        help="only measure the reference levels and draw curve.png again",
    )
    args = parser.parse_args()
    torch.set_num_threads(args.threads)
    args.out.mkdir(parents=True, exist_ok=True)
    if args.replot:
        report = json.loads((args.out / "report.json").read_text())
        report["references"] = references(args.eval_games)
        (args.out / "report.json").write_text(json.dumps(report, indent=2) + "\n")
        plot(args.out, report["references"], args.opponents)
        return
    started = time.time()
    agent = train(args, args.out)
    trained = time.time() - started
    seen = args.observation
    against = {
        "ppo_vs_random": evaluate(agent, "random", args.eval_games, 10_000, seen),
        "ppo_vs_medium": evaluate(agent, "medium", args.eval_games, 20_000, seen),
        "random_vs_random": evaluate(None, "random", args.eval_games, 30_000),
    }
    for name, result in against.items():
        low, high = result["interval"]  # type: ignore[misc]
        print(f"{name:18} {result['win_rate']:.3f} [{low:.3f}, {high:.3f}] of {result['games']:,}")
    levels = references(args.eval_games) if args.opponents == "random" else {}
    report = {
        "settings": {k: str(v) for k, v in vars(args).items()},
        "train_seconds": round(trained),
        "results": against,
        "references": levels,
    }
    (args.out / "report.json").write_text(json.dumps(report, indent=2) + "\n")
    plot(args.out, levels, args.opponents)


if __name__ == "__main__":
    main()
