"""Tune a game's evaluation weights: a player whose evaluation uses other weights, against three
copies of a player with the game's own (docs/ai.md keeps the runs that chose the weights).

Usage: python benchmarks/evaluation_weights.py GAME WEIGHTS_JSON [--player medium]
       [--opponent medium] [--games 4000] [--seed 31] [--rules K=V,...]
e.g.   python benchmarks/evaluation_weights.py ludo '{"OUT_BONUS": 28, "FAR_SHARE": 0.3}'

WEIGHTS_JSON sets class attributes of the game's rules on a copy the candidate alone reads
(``OUT_BONUS``, ``LANE_BONUS``, ``RISK_SHARE``, ``RISK_FLAT``, ``FAR_SHARE`` of the race games;
``RISK_WEIGHT``, ``CHANCE_WEIGHT`` of Headache). Seats are rotated as in ``pegrace tournament``;
the line printed is the candidate's win rate with its 95% interval (fair share 25%).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence

from pegrace.cli import parse_rules
from pegrace.engine import Rules
from pegrace.games import get_rules
from pegrace.moves import Move
from pegrace.players import COMPUTER_PLAYERS, Player, make_player
from pegrace.state import State
from pegrace.tournament import run_tournament


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("weights", help='JSON object, e.g. {"OUT_BONUS": 20}')
    parser.add_argument("--player", default="medium", help="the candidate's player spec")
    parser.add_argument("--opponent", default="medium")
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=31)
    parser.add_argument("--rules", action="append", default=[], help="rule options K=V,...")
    args = parser.parse_args(argv)
    try:
        weights = json.loads(args.weights)
    except json.JSONDecodeError as err:
        parser.error(f"WEIGHTS_JSON is not JSON: {err}")
    options = parse_rules(args.rules)

    class Candidate(Player):
        name = "candidate"

        def __init__(self, seed: int | str = 0, **_: float) -> None:
            self.player = make_player(args.player, seed)
            self.rules = get_rules(args.game, 4, options)
            for name, value in weights.items():
                if not hasattr(self.rules, name):
                    raise SystemExit(f"{args.game} has no evaluation weight {name}")
                setattr(self.rules, name, value)

        def choose(self, rules: Rules, state: State, moves: Sequence[Move]) -> Move:
            return self.player.choose(self.rules, state, moves)

    COMPUTER_PLAYERS["candidate"] = Candidate  # a benchmark's player: not registered in pegrace
    rules = get_rules(args.game, 4, options)
    lineup = ["candidate", *[args.opponent] * 3]
    report, _ = run_tournament(rules, lineup, args.games, args.seed)
    entry = report["entries"][0]
    low, high = entry["ci95"]
    print(
        f"{args.game} {args.player} {json.dumps(weights)} vs 3 {args.opponent}: "
        f"{100 * entry['win_rate']:.2f}% [{100 * low:.1f}, {100 * high:.1f}] in {args.games} games"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
