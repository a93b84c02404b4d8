"""Games of a computer player as a dataset for offline reinforcement learning (``pegrace dataset``,
issue 56): every move of every seat, with what a learner sees (the observation and the legal
actions' mask of pegrace.rl.encoding, the PettingZoo and Gymnasium environments' own), the
action taken and the seat's return at the game's end, in NumPy files (``DIR/shard-NNNNN.npz``)
with ``DIR/dataset.json`` naming the schema, the games and what made them.

Game ``i`` of a dataset seeded ``S`` is seeded as a simulation's (``simulate.game_seed``), each
seat's player from it, so the same command writes the same files, whatever ``workers``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from io import BytesIO
from pathlib import Path
from typing import Any

import numpy as np

from pegrace.engine import Rules
from pegrace.games import get_rules
from pegrace.match import run_game
from pegrace.outside import BOTS
from pegrace.provenance import Provenance
from pegrace.record import Event
from pegrace.rl.encoding import action_count, action_of, legal_actions, observe
from pegrace.simulate import game_seed
from pegrace.state import Phase, State
from pegrace.worker_pool import worker_pool

FORMAT = "pegrace-dataset"
GAMES_PER_SHARD = 200

# each array of a shard: its type, its shape (N: the shard's moves) and what it holds
SCHEMA: dict[str, tuple[str, str, str]] = {
    "observation": ("float32", "N x O", "the position as the mover sees it (docs/rl.md)"),
    "mask": ("bool", "N x A", "the legal actions: True where the action is a legal move"),
    "action": ("int32", "N", "the action played (an index of the game's action space)"),
    "choices": ("int16", "N", "how many legal moves there were (1: a forced move or a pass)"),
    "seat": ("int8", "N", "the mover's seat (0 = the first colour)"),
    "game": ("int64", "N", "the game's index in the dataset (its seed: simulate.game_seed)"),
    "turn": ("int32", "N", "the game's turn when the move was made"),
    "reward": ("float32", "N", "the mover's return at the end: 1 first place ... 0 last"),
}


def game_moves(rules: Rules, seats: Mapping[str, str], seed: int, index: int) -> dict[str, Any]:
    """One game's moves as the schema's columns (lists)."""
    seen: list[tuple[State, Event]] = []

    def watch(before: State, event: Event, _after: State) -> None:
        if before.phase == Phase.MOVE:
            seen.append((before, event))

    result = run_game(rules, seats, game_seed(seed, index), observer=watch)
    returns = rules.returns(result.state)
    columns: dict[str, list[Any]] = {name: [] for name in SCHEMA}
    actions = action_count(rules)
    for state, event in seen:
        legal = legal_actions(rules, state)
        move = rules.parse_move(state, str(event.move))
        mask = np.zeros(actions, dtype=bool)
        mask[list(legal)] = True
        columns["observation"].append(observe(rules, state, state.current))
        columns["mask"].append(mask)
        columns["action"].append(action_of(rules, state, move))
        columns["choices"].append(len(legal))
        columns["seat"].append(state.current)
        columns["game"].append(index)
        columns["turn"].append(state.turn)
        columns["reward"].append(returns[rules.sides[state.current]])
    return columns


def shard_arrays(job: tuple[str, int, dict[str, str], dict[str, str], int, int, int]) -> bytes:
    """A shard's games (``count`` from ``first``) as an ``.npz`` file's bytes (a worker's job)."""
    game, players, options, seats, seed, first, count = job
    rules = get_rules(game, players, options)
    columns: dict[str, list[Any]] = {name: [] for name in SCHEMA}
    try:
        for index in range(first, first + count):
            for name, values in game_moves(rules, seats, seed, index).items():
                columns[name].extend(values)
    finally:
        BOTS.close()  # a bot seat's program (pegrace.outside)
    arrays: dict[str, Any] = {
        name: np.array(columns[name], dtype=kind).reshape(
            (len(columns[name]), -1) if "x" in shape else (len(columns[name]),)
        )
        for name, (kind, shape, _) in SCHEMA.items()
    }
    out = BytesIO()
    np.savez_compressed(out, **arrays)
    return out.getvalue()


def write_dataset(
    rules: Rules,
    seats: Mapping[str, str],
    games: int,
    seed: int,
    out: Path,
    workers: int,
    made_by: Provenance,
    progress: Callable[[int], None],
) -> dict[str, Any]:
    """Play ``games`` games and write them to ``out`` (shards in order, then dataset.json);
    the description written."""
    jobs = [
        (rules.name, rules.players, dict(rules.options), dict(seats), seed, first, count)
        for first, count in shards(games)
    ]
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for number, ((_, _, _, _, _, first, count), data) in enumerate(
        zip(jobs, played(jobs, workers), strict=True)
    ):
        name = f"shard-{number:05d}.npz"
        (out / name).write_bytes(data)
        with np.load(out / name) as shard:
            moves = int(shard["action"].shape[0])
        written.append({"file": name, "first_game": first, "games": count, "moves": moves})
        progress(count)
    description = {
        "format": FORMAT,
        "game": rules.name,
        "players": rules.players,
        "options": dict(rules.options),
        "rules_version": rules.version,
        "seats": dict(seats),
        "games": games,
        "seed": seed,
        "actions": action_count(rules),
        "schema": {
            name: {"dtype": kind, "shape": shape, "meaning": meaning}
            for name, (kind, shape, meaning) in SCHEMA.items()
        },
        "shards": written,
        "made_by": dict(made_by),
    }
    (out / "dataset.json").write_text(json.dumps(description, indent=1) + "\n")
    return description


def shards(games: int) -> Iterator[tuple[int, int]]:
    for first in range(0, games, GAMES_PER_SHARD):
        yield first, min(GAMES_PER_SHARD, games - first)


def played(jobs: Sequence[Any], workers: int) -> Iterator[bytes]:
    """Each shard's bytes, in order: here, or in ``workers`` processes."""
    if workers <= 1:
        yield from (shard_arrays(job) for job in jobs)
        return
    with worker_pool(workers) as pool:
        assert pool is not None
        yield from pool.map(shard_arrays, jobs)
