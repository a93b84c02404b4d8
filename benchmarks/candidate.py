"""What the candidate benchmarks share (evaluation_weights.py, hit_chance_evaluation.py): a
command line of GAME, a JSON object and the tournament settings, and one line of result for a
candidate player seated against three copies of an opponent, seats rotated."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Sequence
from typing import Any

from pegrace.cli import parse_rules
from pegrace.engine import Pieces, Rules
from pegrace.games import get_rules
from pegrace.moves import Move
from pegrace.players import COMPUTER_PLAYERS, HeuristicPlayer, Player
from pegrace.state import State
from pegrace.tournament import run_tournament

# a prototype evaluation: (rules, pieces, seat, the variant's settings) -> value for seat
Evaluation = Callable[[Any, Pieces, int, dict[str, Any]], float]


def candidate_parser(
    doc: str, json_name: str, json_help: str, games: int, seed: int, **game: Any
) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=doc.split("\n\n", maxsplit=1)[0])
    parser.add_argument("game", **game)
    parser.add_argument(json_name, help=json_help)
    parser.add_argument("--games", type=int, default=games)
    parser.add_argument("--seed", type=int, default=seed)
    parser.add_argument("--rules", action="append", default=[], help="rule options K=V,...")
    return parser


def parse_candidate_args(
    parser: argparse.ArgumentParser, argv: Sequence[str] | None, json_name: str
) -> tuple[argparse.Namespace, dict[str, Any], dict[str, str]]:
    """The arguments, the JSON object (refused by name if it is not JSON) and the rule options."""
    args = parser.parse_args(argv)
    try:
        settings = json.loads(getattr(args, json_name))
    except json.JSONDecodeError as err:
        parser.error(f"{json_name.upper()}_JSON is not JSON: {err}")
    return args, settings, parse_rules(args.rules)


def candidate_line(
    args: argparse.Namespace,
    options: dict[str, str],
    candidate: Callable[..., Player],
    opponent: str,
    label: str,
) -> str:
    """Plays the candidate against three ``opponent``s: its win rate with the 95% interval."""
    COMPUTER_PLAYERS["candidate"] = candidate  # a benchmark's player: not registered in pegrace
    rules = get_rules(args.game, 4, options)
    lineup = ["candidate", *[opponent] * 3]
    report, _ = run_tournament(rules, lineup, args.games, args.seed)
    entry = report["entries"][0]
    low, high = entry["ci95"]
    return (
        f"{args.game} {label} vs 3 {opponent}: {100 * entry['win_rate']:.2f}% "
        f"[{100 * low:.1f}, {100 * high:.1f}] in {args.games} games"
    )


def one_ply_main(
    doc: str,
    argv: Sequence[str] | None,
    games: int,
    seed: int,
    choices: list[str],
    evaluation: Evaluation,
) -> int:
    """A one-ply player rating each move by a prototype ``evaluation`` with the settings of the
    VARIANT_JSON argument, against three medium players: prints its line."""
    parser = candidate_parser(
        doc, "variant", 'JSON object, e.g. {"wr": 1.0}', games, seed, choices=choices
    )
    args, variant, options = parse_candidate_args(parser, argv, "variant")

    class OnePlyPlayer(HeuristicPlayer):
        def value(self, rules: Rules, state: State, move: Move, pieces: Pieces) -> float:
            return evaluation(rules, pieces, state.current, variant)

    print(candidate_line(args, options, OnePlyPlayer, "medium", json.dumps(variant)))
    return 0
