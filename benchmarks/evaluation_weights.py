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

import json
from collections.abc import Sequence

from candidate import candidate_line, candidate_parser, parse_candidate_args

from pegrace.engine import Rules
from pegrace.games import get_rules
from pegrace.moves import Move
from pegrace.players import Player, make_player
from pegrace.state import State


def main(argv: Sequence[str] | None = None) -> int:
    parser = candidate_parser(__doc__, "weights", 'JSON object, e.g. {"OUT_BONUS": 20}', 4000, 31)
    parser.add_argument("--player", default="medium", help="the candidate's player spec")
    parser.add_argument("--opponent", default="medium")
    args, weights, options = parse_candidate_args(parser, argv, "weights")

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

    label = f"{args.player} {json.dumps(weights)}"
    print(candidate_line(args, options, Candidate, args.opponent, label))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
