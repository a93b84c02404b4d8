"""OpenSpiel's AlphaZero trained on 2-player Trouble, then measured against pegrace's `random`
and against OpenSpiel's MCTS with random rollouts (issue 56).

    pip install -e '.[openspiel]' jax flax chex optax
    python benchmarks/alphazero_trouble.py --minutes 5 --out az-run

Trains with open_spiel.python.algorithms.alpha_zero (JAX and Flax: a learner in this process,
``--actors`` actor and ``--evaluators`` evaluator processes, spawned) for ``--minutes`` of wall
time or ``--steps`` learner steps, whichever comes first; its logs, config.json, learner.jsonl
and checkpoints go to ``OUT/az``. Then the last checkpoint's net plays in an MCTS with
OpenSpiel's AlphaZero evaluator (``--eval-simulations``, no noise, the most visited move)
``--games`` games against pegrace's `random` (a uniformly random legal action, never the
pass while a peg can move) and as many against ``mcts.MCTSBot`` with one random rollout a
simulation (the same simulations); the untrained net (checkpoint 0) plays `random` too, for
reference. Seats alternate, the dice are seeded (``--seed``), a decision with one legal action
is played without asking any bot. Each line's win rate with its 95% Wilson interval and how
often each side passed while a peg could move (Trouble's voluntary pass), the learner's
figures (learner.jsonl) and the evaluator processes' games (their logs) go to
``OUT/evaluation.json`` and ``OUT/summary.md``. The training is not seeded: OpenSpiel's actors
draw from unseeded generators.

The game is ``pegrace_trouble_az``: pegrace_trouble's rules, actions and chance nodes (every
Trouble option, 2 players), with what OpenSpiel's AlphaZero takes for granted. Its returns are
zero-sum, +1 and -1 (pegrace_trouble's 1 and 0, scaled), because the AlphaZero evaluator values
a position as ``[v, -v]``; and every observation is player 0's (pegrace's observation from the
first seat, whose seat-to-act field then says who moves), because the learner's value target
is player 0's return whoever moves, where pegrace_trouble's observation is the mover's own and
the same for either player. And a game ends, drawn (0 each), after ``ACTION_LIMIT`` actions
(rolls included): Trouble lets a player pass while a peg can move (``voluntary_pass=on``, the
default), and a net that has learned to pass, playing itself, can pass for ever, where the
actor process plays each game to its end. This module registers the game on import, so the
processes OpenSpiel spawns (which import this script again) know it, and a game pickles as its
string.

The net's inference is compiled (``jax.jit``) in every process: OpenSpiel's ``Model.inference``
runs the net op by op, 2.6 ms a call here, where the compiled one gives the same numbers in
0.15 ms; ``--eager`` keeps OpenSpiel's.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import resource
import signal
import time
from collections.abc import Callable
from importlib.metadata import version
from pathlib import Path
from types import FrameType
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

import pegrace.rl.openspiel  # noqa: F401 - registers the games, in every spawned process too
from pegrace.games import get_rules
from pegrace.provenance import DEFAULT_SEED, provenance
from pegrace.rl.encoding import action_count, observation_size
from pegrace.rl.openspiel import TERMINAL, Observer, PegraceState, Shared
from pegrace.simulate import wilson

GAME = "pegrace_trouble_az"
PACKAGES = ("open_spiel", "jax", "jaxlib", "flax", "optax", "chex", "orbax-checkpoint")
# one thread for XLA in each process: the machine is shared, and the net is small
XLA_FLAGS = "--xla_cpu_multi_thread_eigen=false intra_op_parallelism_threads=1"
INFERENCE = "PEGRACE_AZ_INFERENCE"  # "jit": the spawned processes compile the inference too
# 2-player Trouble's games take 222 actions (the median; 400 at most in 300 games) between
# two `random` players, 380 (764) between two that pass half their turns
ACTION_LIMIT = 3_000
EVAL_LEVELS = 2  # the AlphaZero evaluator's MCTS at the simulations and at 10**0.5 times them

Bot = Callable[[pyspiel.State], int]


def _game_type() -> pyspiel.GameType:
    trouble = pyspiel.load_game("pegrace_trouble", {"players": 2}).get_type()
    return pyspiel.GameType(
        short_name=GAME,
        long_name="pegrace Trouble, zero-sum, for AlphaZero",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={**trouble.parameter_specification, "players": 2},
    )


class ZeroSumTrouble(pyspiel.Game):  # type: ignore[misc]  # pyspiel's types are not published
    """2-player Trouble as pegrace_trouble plays it, returns +1/-1, observations player 0's."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        given = {k: str(v) for k, v in (params or {}).items() if k != "players"}
        rules = get_rules("trouble", 2, given)
        info = pyspiel.GameInfo(
            num_distinct_actions=action_count(rules),
            max_chance_outcomes=max(len(rules.dice.outcomes), 6),
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=ACTION_LIMIT,
        )
        super().__init__(_game_type(), info, params or {})
        self.shared = Shared(rules)

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        """Pickled as its string (OpenSpiel hands the game to the processes it spawns)."""
        return pyspiel.load_game, (str(self),)

    def new_initial_state(self) -> ZeroSumState:
        return ZeroSumState(self, self.shared.initial)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Any = None
    ) -> FirstSeatObserver:
        if params:
            raise ValueError(f"observation parameters not supported: {params}")
        return FirstSeatObserver(observation_size(self.shared.rules))


class ZeroSumState(PegraceState):  # type: ignore[misc]
    """A position of pegrace_trouble, over (a draw) at ``ACTION_LIMIT`` actions."""

    def current_player(self) -> int:
        return TERMINAL if self.move_number() >= ACTION_LIMIT else self.node.player

    def is_terminal(self) -> bool:
        return self.move_number() >= ACTION_LIMIT or self.node.position.is_over

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [] if self.move_number() >= ACTION_LIMIT else super().chance_outcomes()

    def returns(self) -> list[float]:
        if not self.node.position.is_over:
            return [0.0, 0.0]  # playing, or drawn at the limit
        return [2.0 * r - 1.0 for r in super().returns()]


class FirstSeatObserver(Observer):
    """Player 0's observation, whoever asks: the seat-to-act field tells the players apart."""

    def set_from(self, state: PegraceState, player: int) -> None:
        super().set_from(state, 0)


def register() -> None:
    if GAME not in pyspiel.registered_names():
        pyspiel.register_game(_game_type(), ZeroSumTrouble)


register()


def compiled_inference() -> Callable[[Any, Any, Any], tuple[np.ndarray, np.ndarray]]:
    """OpenSpiel's ``Model.inference`` (model_nnx: the net, eval mode, illegal actions'
    logits at the lowest float, softmax) compiled once for the net's structure."""
    import flax.nnx as nn
    import jax
    import jax.numpy as jnp

    def infer(graphdef: Any, params: Any, stats: Any, observation: Any, mask: Any) -> Any:
        net = nn.merge(graphdef, params, stats)
        net.eval()
        logits, value = net(jnp.asarray(observation, dtype=jnp.float32))
        logits = jnp.where(mask, logits, jnp.finfo(jnp.float32).min)
        return value, nn.softmax(logits)

    compiled = jax.jit(infer, static_argnums=0)

    def inference(model: Any, observation: Any, mask: Any) -> tuple[np.ndarray, np.ndarray]:
        state = model._state
        value, policy = compiled(
            state.graphdef, state.params, state.batch_stats, observation, np.asarray(mask, bool)
        )
        return np.asarray(value), np.asarray(policy)

    return inference


def use_compiled_inference() -> None:
    from open_spiel.python.algorithms.alpha_zero import model_nnx

    model_nnx.Model.inference = compiled_inference()


if __name__ == "__mp_main__" and os.environ.get(INFERENCE) == "jit":
    use_compiled_inference()  # a process AlphaZero spawned: as its parent does


def random_bot(game: pyspiel.Game, seed: int) -> Bot:
    """pegrace's `random`: a uniformly random legal action, not the pass (the game's last
    action, pegrace.rl.encoding) while another is legal."""
    rng = np.random.default_rng(seed)
    pass_action = game.num_distinct_actions() - 1

    def choose(state: pyspiel.State) -> int:
        legal = state.legal_actions()
        moving = [a for a in legal if a != pass_action] or legal
        return int(moving[rng.integers(len(moving))])

    return choose


def rollout_bot(game: pyspiel.Game, simulations: int, uct_c: float, seed: int) -> Bot:
    """OpenSpiel's MCTS with one random rollout a simulation, as its AlphaZero evaluator
    process sets it up (solver on)."""
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = mcts.MCTSBot(
        game,
        uct_c,
        simulations,
        evaluator,
        solve=True,
        random_state=rng,
        dont_return_chance_node=True,
    )
    return lambda state: int(bot.step(state))


def alphazero_bot(game: pyspiel.Game, model: Any, simulations: int, uct_c: float, seed: int) -> Bot:
    """The net in an MCTS as AlphaZero's evaluator process plays it: PUCT, no noise, the
    most visited move."""
    from open_spiel.python.algorithms.alpha_zero import evaluator as evaluator_lib

    bot = mcts.MCTSBot(
        game,
        uct_c,
        simulations,
        evaluator_lib.AlphaZeroEvaluator(game, model),
        solve=False,
        child_selection_fn=mcts.SearchNode.puct_value,
        random_state=np.random.RandomState(seed),
        dont_return_chance_node=True,
    )
    return lambda state: int(bot.step(state))


def play(game: pyspiel.Game, bots: list[Bot], seed: int) -> tuple[list[float], np.ndarray]:
    """One game, ``bots[p]`` playing player p, the dice drawn from ``seed``: the returns, and
    per player the decisions with a choice (a peg could move) and the passes among them."""
    rng = np.random.default_rng(seed)
    pass_action = game.num_distinct_actions() - 1
    tally = np.zeros((2, 2), dtype=int)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, chances = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=chances)))
            continue
        legal, player = state.legal_actions(), state.current_player()
        action = legal[0] if len(legal) == 1 else bots[player](state)
        tally[player] += (len(legal) > 1, len(legal) > 1 and action == pass_action)
        state.apply_action(action)
    return state.returns(), tally


def rate(wins: int, draws: int, games: int) -> dict[str, float | int]:
    low, high = wilson(wins, games)
    rate = wins / max(games, 1)
    return {"games": games, "wins": wins, "draws": draws, "rate": rate, "low": low, "high": high}


def match(
    game: pyspiel.Game, ours: Bot, theirs: Bot, games: int, seed: int
) -> dict[str, float | int]:
    """``games`` games, ``ours`` player 0 in the even ones and player 1 in the odd ones; with
    the share of each side's decisions with a choice where it passed."""
    wins, draws, tallies = 0, 0, np.zeros((2, 2), dtype=int)  # ours, theirs
    for index in range(games):
        seat = index % 2
        bots = [ours, theirs] if seat == 0 else [theirs, ours]
        returns, tally = play(game, bots, seed * 1_000_003 + index)
        wins += returns[seat] > 0
        draws += returns[seat] == 0
        tallies += tally[[seat, 1 - seat]]
    passed = tallies[:, 1] / np.maximum(tallies[:, 0], 1)
    return {
        **rate(wins, draws, games),
        "passes": float(passed[0]),
        "their_passes": float(passed[1]),
    }


def config(args: argparse.Namespace, path: Path) -> Any:
    from open_spiel.python.algorithms.alpha_zero import alpha_zero

    return alpha_zero.Config(
        game=GAME,
        path=str(path),
        learning_rate=args.lr,
        weight_decay=1e-4,
        decouple_weight_decay=False,
        train_batch_size=args.batch,
        replay_buffer_size=args.buffer,
        replay_buffer_reuse=args.reuse,
        max_steps=args.steps,
        checkpoint_freq=args.checkpoint_every,
        actors=args.actors,
        evaluators=args.evaluators,
        evaluation_window=50,
        eval_levels=EVAL_LEVELS,
        uct_c=args.uct_c,
        max_simulations=args.simulations,
        policy_alpha=1.0,
        policy_epsilon=0.25,
        temperature=1.0,
        temperature_drop=args.temperature_drop,
        nn_model="mlp",
        nn_width=args.width,
        nn_depth=args.depth,
        observation_shape=None,  # alpha_zero fills in the game's
        output_size=None,
        verbose=False,
        quiet=True,
        nn_api_version="nnx",
    )


def _stop(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt  # alpha_zero stops its processes and returns on it


def train(args: argparse.Namespace, path: Path) -> float:
    """Run OpenSpiel's AlphaZero until ``--steps`` or ``--minutes``; the wall seconds taken."""
    # imported here: its import makes this whole process start children by spawning
    from open_spiel.python.algorithms.alpha_zero import alpha_zero

    started = time.monotonic()
    previous = signal.signal(signal.SIGALRM, _stop)
    signal.setitimer(signal.ITIMER_REAL, args.minutes * 60)
    try:
        alpha_zero.alpha_zero(config(args, path))
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    return time.monotonic() - started


def load_model(args: argparse.Namespace, game: pyspiel.Game, path: Path, step: int) -> Any:
    from open_spiel.python.algorithms.alpha_zero import utils

    model = utils.api_selector("nnx").Model.build_model(
        "mlp",
        game.observation_tensor_shape(),
        game.num_distinct_actions(),
        args.width,
        args.depth,
        1e-4,
        args.lr,
        str(path),
    )
    model.load_checkpoint(step)
    return model


def last_model(args: argparse.Namespace, game: pyspiel.Game, path: Path) -> tuple[Any, int]:
    """The net of the last checkpoint that restores (the one written at the latest step, else
    the numbered ones, newest first: a stop may cut a checkpoint's writing) and its number."""
    numbered = [int(p.name.removeprefix("checkpoint-")) for p in path.glob("checkpoint-*")]
    for step in sorted(numbered, key=lambda s: (s != -1, -s)):  # -1: the latest
        try:
            return load_model(args, game, path, step), step
        except Exception:  # a checkpoint cut short: try the one before
            continue
    raise SystemExit(f"no checkpoint restores in {path}")


def learner_steps(path: Path) -> list[dict[str, Any]]:
    """The learner's steps as its log (learner.jsonl) has them."""
    log = path / "learner.jsonl"
    if not log.exists():
        return []
    return [json.loads(line) for line in log.read_text().splitlines() if line.strip()]


def evaluator_games(path: Path, simulations: int) -> dict[str, dict[str, float | int]]:
    """The AlphaZero evaluator processes' games, counted from their logs by the MCTS's
    simulations (game n plays level (n // 2) % levels): learner.jsonl's "eval" averages over
    a 50-game window whose empty slots count as draws."""
    counts = [[0, 0, 0] for _ in range(EVAL_LEVELS)]  # games, wins, draws
    for log in sorted(path.glob("log-evaluator-*.txt")):
        returns = re.findall(r"\] AZ: (-?[\d.]+),", log.read_text())
        for number, found in enumerate(returns):
            level = counts[(number // 2) % EVAL_LEVELS]
            level[0] += 1
            level[1] += float(found) > 0
            level[2] += float(found) == 0
    return {
        f"MCTS, random rollouts, {int(simulations * 10 ** (level / 2))} simulations": rate(
            wins, draws, games
        )
        for level, (games, wins, draws) in enumerate(counts)
    }


def curve_rows(steps: list[dict[str, Any]], rows: int = 24) -> list[str]:
    """A markdown table of about ``rows`` of the learner's steps, the last included: what each
    step's self-play games were (decisions a game, games drawn at the limit) and the losses
    it trained to. Value loss: half the squared error of the net's value against player 0's
    result (+1/-1, 0 drawn); 0.5 is what a constant 0 scores on decided games."""
    picked = steps[:: max(1, math.ceil(len(steps) / rows))]
    if steps and picked[-1] is not steps[-1]:
        picked.append(steps[-1])
    lines = [
        "| learner step | self-play games (all) | states (all) | states / s "
        "| decisions a game: mean, most | drawn | policy loss | value loss |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for s in picked:
        length, drawn = s["game_length"], s["outcomes"]["counts"][2]
        lines.append(
            f"| {s['step']} | {s['total_trajectories']} | {s['total_states']} "
            f"| {s['states_per_s_actor']:.1f} | {length['avg']:.0f}, {length['max']:.0f} "
            f"| {drawn} of {length['num']} | {s['loss']['policy']:.3f} "
            f"| {s['loss']['value']:.3f} |"
        )
    return lines


def win_table(head: str, lines: dict[str, dict[str, float | int]]) -> list[str]:
    """Win rates; where measured, how often each side passed while a peg could move."""
    passes = all("passes" in line for line in lines.values())
    extra = " | passed while a peg could move: net; opponent" if passes else ""
    table = [
        f"| {head} | games | wins | draws | win rate | 95% interval{extra} |",
        "|---|---:|---:|---:|---:|---:|" + ("---:|" if passes else ""),
    ]
    for name, line in lines.items():
        row = (
            f"| {name} | {line['games']} | {line['wins']} | {line['draws']} "
            f"| **{line['rate']:.1%}** "
            f"| [{line['low']:.1%}, {line['high']:.1%}] |"
        )
        if passes:
            row += f" {line['passes']:.1%}; {line['their_passes']:.1%} |"
        table.append(row)
    return table


def summary(report: dict[str, Any], steps: list[dict[str, Any]]) -> str:
    settings, cpu = report["settings"], report["cpu_seconds"]
    inference = "OpenSpiel's, op by op" if settings["eager"] else "compiled (jax.jit)"
    return "\n".join(
        [
            f"Command: `{report['provenance']['command']}`",
            "",
            f"pegrace {report['provenance']['pegrace']}; "
            + ", ".join(f"{k} {v}" for k, v in report["versions"].items()),
            "",
            f"Training: {report['train_seconds'] / 60:.1f} minutes wall time "
            f"({cpu['learner'] / 60:.1f} CPU minutes in the learner, "
            f"{cpu['spawned'] / 60:.1f} in the actor and evaluator processes), "
            f"{len(steps)} learner steps, checkpoint {report['checkpoint']} measured; "
            f"{settings['simulations']} simulations a move, mlp {settings['width']} x "
            f"{settings['depth']}, {settings['actors']} actor(s), "
            f"{settings['evaluators']} evaluator(s); inference {inference}.",
            "",
            *curve_rows(steps),
            "",
            "AlphaZero's evaluator process during training (the net then current, "
            f"{settings['simulations']} simulations, against MCTS with random rollouts):",
            "",
            *win_table("the net in MCTS against", report["evaluator"]),
            "",
            f"Evaluation: {report['eval_seconds'] / 60:.1f} minutes, "
            f"{settings['eval_simulations']} simulations a move on every MCTS side, "
            f"seed {settings['seed']}; a draw is a game stopped at {ACTION_LIMIT} actions.",
            "",
            *win_table("net, against", report["lines"]),
            "",
        ]
    )


def evaluate(args: argparse.Namespace, path: Path) -> dict[str, Any]:
    game = pyspiel.load_game(GAME)
    trained, checkpoint = last_model(args, game, path)
    sims, seed, uct_c = args.eval_simulations, args.seed, args.uct_c
    ours = alphazero_bot(game, trained, sims, uct_c, seed)
    untrained = alphazero_bot(game, load_model(args, game, path, 0), sims, uct_c, seed)
    pairs = {
        f"trained (checkpoint {checkpoint}), pegrace's `random`": (ours, random_bot(game, seed)),
        f"trained, MCTS with random rollouts, {sims} simulations": (
            ours,
            rollout_bot(game, sims, uct_c, seed),
        ),
        "untrained (checkpoint 0), pegrace's `random`": (untrained, random_bot(game, seed)),
    }
    lines = {}
    for name, (bot, opponent) in pairs.items():
        lines[name] = match(game, bot, opponent, args.games, seed)
        print(f"{name}: {lines[name]}", flush=True)
    return {"checkpoint": checkpoint, "lines": lines}


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n", maxsplit=1)[0],
        epilog="Writes OUT/az (OpenSpiel's logs and checkpoints), OUT/evaluation.json and "
        "OUT/summary.md.",
    )
    add = parser.add_argument
    add("--out", type=Path, required=True, help="the directory for the run's files")
    add("--minutes", type=float, default=5.0, help="training's wall-time budget (default 5)")
    add("--steps", type=int, default=0, help="stop training after this many learner steps")
    add("--simulations", type=int, default=50, help="MCTS simulations a move in training")
    add("--eval-simulations", type=int, default=50, help="simulations a move in evaluation")
    add("--games", type=int, default=200, help="evaluation games in each line")
    add("--seed", type=int, default=DEFAULT_SEED, help="the evaluation's dice and bots")
    add("--width", type=int, default=128, help="the mlp's hidden width")
    add("--depth", type=int, default=2, help="the mlp's hidden layers")
    add("--actors", type=int, default=1)
    add("--evaluators", type=int, default=1)
    add("--lr", type=float, default=1e-3, help="Adam's learning rate")
    add("--batch", type=int, default=128, help="training batch size")
    add("--buffer", type=int, default=4096, help="replay buffer size (states)")
    add("--reuse", type=int, default=4, help="each state is trained on about this many times")
    add("--checkpoint-every", type=int, default=10, help="keep a numbered checkpoint so often")
    add("--uct-c", type=float, default=2.0)
    add(
        "--temperature-drop",
        type=int,
        default=60,
        help="actions (rolls too) played before self-play takes the most visited move "
        "instead of sampling by visits",
    )
    add("--eager", action="store_true", help="OpenSpiel's inference as it is, op by op")
    return parser.parse_args()


def main() -> None:
    args = arguments()
    os.environ.setdefault("XLA_FLAGS", XLA_FLAGS)  # before JAX starts, here and in children
    if not args.eager:
        os.environ[INFERENCE] = "jit"
        use_compiled_inference()
    path = (args.out / "az").resolve()
    args.out.mkdir(parents=True, exist_ok=True)
    train_seconds = train(args, path)
    cpu = {
        "learner": resource.getrusage(resource.RUSAGE_SELF).ru_utime,
        "spawned": resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime,
    }
    started = time.monotonic()
    found = evaluate(args, path)
    report = {
        "provenance": provenance(None, args.seed),
        "versions": {name: version(name) for name in PACKAGES},
        "settings": {k: str(v) if isinstance(v, Path) else v for k, v in vars(args).items()},
        "train_seconds": train_seconds,
        "cpu_seconds": cpu,
        "eval_seconds": time.monotonic() - started,
        "evaluator": evaluator_games(path, args.simulations),
        **found,
    }
    (args.out / "evaluation.json").write_text(json.dumps(report, indent=2) + "\n")
    text = summary(report, learner_steps(path))
    (args.out / "summary.md").write_text(text)
    print(text)


if __name__ == "__main__":
    main()
