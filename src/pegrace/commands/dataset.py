"""``pegrace dataset``: games of computer players written as a dataset for offline
reinforcement learning (pegrace.rl.dataset; docs/rl-baselines.md, "Datasets")."""

from __future__ import annotations

import argparse
from pathlib import Path

from pegrace import outputs
from pegrace.commands.common import (
    Command,
    check_where,
    computer_seats,
    game_flags,
    help_words,
    new_rules,
    one_of_the_games,
)
from pegrace.errors import OptionError, saying
from pegrace.i18n import N_, said
from pegrace.provenance import provenance
from pegrace.simulate import progress_bar


def declare(data: argparse.ArgumentParser) -> None:
    data.add_argument("game", help=one_of_the_games())
    data.add_argument(
        "--games", type=int, default=1000, metavar="N", help=help_words(N_("games (default 1000)"))
    )
    game_flags(data, "computer:expert")
    data.add_argument(
        "--workers",
        type=int,
        default=1,
        metavar="W",
        help=help_words(N_("worker processes on this machine (default 1)")),
    )
    data.add_argument(
        "--out",
        type=Path,
        metavar="DIR",
        required=True,
        help=help_words(
            N_("write the dataset here: DIR/dataset.json and DIR/shard-NNNNN.npz (NumPy)")
        ),
    )


def run(args: argparse.Namespace) -> int:
    if args.games < 1:
        # TRANSLATORS: --games is an option, as typed; {games} its value
        few = said("--games {games}: play at least 1 game", games=str(args.games))
        raise saying(OptionError, few)
    args.scheduler = None
    check_where(args)
    rules = new_rules(args)
    seats = computer_seats(rules, args.seat, "computer:expert", "dataset")
    outputs.check_folder(args.out, "--out")
    from pegrace.rl.dataset import write_dataset  # numpy: the rl extra's

    bar = progress_bar(args.games)
    try:
        made = write_dataset(
            rules, seats, args.games, args.seed, args.out, args.workers,
            provenance(args.argv, args.seed), bar,
        )  # fmt: skip
    finally:
        bar.close()
    moves = sum(shard["moves"] for shard in made["shards"])
    print(f"{args.games} games, {moves} moves: {args.out / 'dataset.json'}")
    return 0


COMMAND = Command(
    "dataset",
    help=N_("write computer players' games as a dataset for offline RL"),
    description=N_(
        "Play games of computer players (--seat, default computer:expert in every seat) and "
        "write every move as a learner sees it: the observation, the legal actions' mask, the "
        "action taken and the mover's return at the end, in NumPy files (DIR/shard-NNNNN.npz) "
        "with DIR/dataset.json naming the schema, the games and what made them (docs/rl.md)."
    ),
    declare=declare,
    run=run,
)
