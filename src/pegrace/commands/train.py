"""``pegrace train``: a game's value (each seat's chance of winning) learned by self-play."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from pegrace import outputs
from pegrace.commands.common import Command, help_words, one_of_the_games, parse_rules, rules_flag
from pegrace.errors import OptionError, saying
from pegrace.i18n import N_, said
from pegrace.provenance import DEFAULT_SEED, provenance
from pegrace.readers import WEIGHTS_FILE, read_json
from pegrace.simulate import progress_bar


def declare(tr: argparse.ArgumentParser) -> None:
    tr.add_argument("game", help=one_of_the_games())
    tr.add_argument(
        "--players",
        type=int,
        default=4,
        metavar="K",
        help=help_words(N_("how many play, 2-4 (default 4)")),
    )
    rules_flag(tr, repeated=False)
    tr.add_argument(
        "--games",
        type=int,
        default=100_000,
        metavar="N",
        help=help_words(N_("self-play games (default 100,000)")),
    )
    tr.add_argument(
        "--seed", type=int, default=DEFAULT_SEED, help=f"seed of the dice (default {DEFAULT_SEED})"
    )
    tr.add_argument(
        "--lambda",
        dest="lam",
        type=float,
        default=0.7,
        metavar="L",
        help=help_words(N_("TD(λ)'s λ (default 0.7)")),
    )
    tr.add_argument(
        "--rate", type=float, default=0.01, help=help_words(N_("first step size (default 0.01)"))
    )
    tr.add_argument(
        "--final-rate",
        type=float,
        default=0.001,
        help=help_words(N_("last step size (default 0.001)")),
    )
    tr.add_argument(
        "--score-games",
        type=int,
        default=400,
        metavar="N",
        help=help_words(N_("medium players' games whose positions score the value (default 400)")),
    )
    tr.add_argument(
        "--hidden",
        type=int,
        default=0,
        metavar="H",
        help=help_words(
            N_("a network of H hidden units beside the linear model (default 0: none)")
        ),
    )
    tr.add_argument(
        "--medium-share",
        dest="medium",
        type=float,
        default=0.0,
        metavar="P",
        help=help_words(
            N_(
                "the chance that a seat of a self-play game is played by a medium player instead "
                "(0 to 1; default 0: every seat by the value's own one-move player)"
            )
        ),
    )
    tr.add_argument(
        "--from",
        dest="start",
        type=Path,
        metavar="FILE",
        help=help_words(N_("go on from a weights file's weights (e.g. the linear model's)")),
    )
    tr.add_argument(
        "--out",
        type=Path,
        metavar="FILE",
        help=help_words(N_("the weights file (default MODEL.json here)")),
    )
    tr.add_argument(
        "--curve", type=Path, metavar="PNG", help=help_words(N_("draw the learning curve"))
    )


def run(args: argparse.Namespace) -> int:
    from pegrace import value
    from pegrace.plots import require_plots

    if args.curve is not None:
        require_plots("--curve")
        outputs.check_file(args.curve, "--curve")
    if args.out is not None:
        outputs.check_file(args.out, "--out", make_parents=True)
    else:  # MODEL.json here, the model named by the core once training starts
        # TRANSLATORS: before a folder's path: where the weights file is written when no --out
        # is given ("the weights file (no --out) goes in /home/ann: cannot write there")
        outputs.check_folder(Path.cwd(), said("the weights file (no --out) goes in"))
    start = None if args.start is None else read_json(args.start, WEIGHTS_FILE, OptionError)
    if start is not None and not isinstance(start, dict):
        # TRANSLATORS: --from is an option, as typed; {path} a file's path
        other = said("--from {path}: not a weights file (a JSON object)", path=str(args.start))
        raise saying(OptionError, other)
    training = value.Training(
        args.game,
        args.players,
        parse_rules(args.rules),
        args.games,
        args.seed,
        args.lam,
        args.rate,
        args.final_rate,
        args.score_games,
        hidden=args.hidden,
        medium=args.medium,
        start=start,
    )
    bar = progress_bar(args.games)
    try:
        found = value.train(training, bar)
    finally:
        bar.close()
    out = args.out or Path(f"{found['model']}.json")
    found["made_by"] = made_by(args)  # which pegrace trained it (not read back: a record)
    found = value.write(out, found)
    if args.curve is not None:
        value.plot_curve(found, args.curve)
    print(value.format_summary(found))
    print(f"  written to {out}" + (f", the curve to {args.curve}" if args.curve else ""))
    return 0


COMMAND = Command(
    "train",
    help=N_("learn a game's value (chance of winning) by self-play"),
    description=N_(
        "Learn the value the expert reads (each seat's chance of winning, a multinomial "
        "logit over the game's features) by TD(λ) self-play in the native core, from zero "
        "weights; the step size falls from --rate to --final-rate over the run. Scores the "
        "value on positions of the medium players' games as it learns (the learning curve) "
        "and writes a weights file. The shipped weights (src/pegrace/weights/) were made "
        "by the commands in docs/ai.md."
    ),
    declare=declare,
    run=run,
)


def made_by(args: argparse.Namespace) -> dict[str, Any]:
    """What a weights file records of what trained it: the report's provenance but the learned
    values' (a weights file is one)."""
    found = provenance(args.argv, args.seed)
    return {key: said for key, said in found.items() if not key.startswith("learned_values")}
