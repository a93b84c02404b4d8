"""A prototype race evaluation with each exposed piece's chance of being hit (instead of the
yes/no threat of ``RaceRules.evaluate``), played one ply deep against three medium players.
docs/ai.md keeps its runs: in Trouble none was measurably better than medium; in two-dice Ludo
it was, and became the game's evaluation.

Usage: python benchmarks/hit_chance_evaluation.py GAME VARIANT_JSON [--games 8000] [--seed 11]
       [--rules K=V,...]
e.g.   python benchmarks/hit_chance_evaluation.py trouble '{"wr": 1.0, "wc": 0.3}' \\
           --rules voluntary_pass=off,play_on=off

Two-dice Ludo: a distance of 1-12 counts the throws in which a die or the sum of both covers it
(or a 6 brings a pin out and the other die reaches). With ``wr`` 1 that is the game's own
evaluation since commit 429c02c, so its Ludo runs in docs/ai.md were made on the commit before,
158e8a0 (``git worktree add /tmp/old 158e8a0``, then ``PYTHONPATH=/tmp/old/src``).

VARIANT_JSON keys: ``wr`` weight of the expected loss from hits (1.0), ``wc`` weight of the
expected gain from hitting opponents next turn (0), ``wo`` weight of the opponents' standing (1),
``mode`` ``mean`` or ``max`` (the field's mean or the leader), ``opp_risk`` 1 to count the
opponents' own exposure, ``out`` and ``lane`` the piece bonuses (the game's by default). For the
one-die race games (Trouble, Marbles): a distance of 1-6 is one die's face.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from candidate import one_ply_main

from pegrace.engine import Pieces
from pegrace.games.ludo import TwoDiceLudo
from pegrace.race import RaceRules


def hit_chance_value(rules: RaceRules, pieces: Pieces, seat: int, variant: dict[str, Any]) -> float:
    lane, loop, seats = rules.lane_start, rules.track.loop_length, range(len(pieces))
    out = variant.get("out", rules.OUT_BONUS)
    lane_bonus = variant.get("lane", rules.LANE_BONUS)
    goal_bonus = variant.get("goal", rules.GOAL_BONUS)
    two_dice = isinstance(rules, TwoDiceLudo)

    def standing(s: int) -> float:
        return sum(
            p
            + 1
            + (out if p >= 0 else 0)
            + (lane_bonus if p >= lane else 0)
            + (goal_bonus if p == rules.goal else 0)
            for p in pieces[s]
        )

    def share_of_rolls(attacker: int, space: int) -> float:
        """The share of the rolls with which ``attacker`` lands on the absolute ``space``."""
        here = rules.rel_at[attacker][space]
        if space in rules.safe or here >= lane:
            return 0.0
        distances = {here - q for q in pieces[attacker] if 0 <= q < lane and here - q > 0}
        if two_dice:
            from_base = pieces[attacker][0] < 0 and 0 < here <= 6
            hits = sum(
                1
                for a in range(1, 7)
                for b in range(1, 7)
                if a in distances
                or b in distances
                or a + b in distances
                or (from_base and 6 in (a, b) and a + b - 6 == here)
            )
            return hits / 36
        reach = {d for d in distances if d <= 6}
        if here == 0 and pieces[attacker][0] < 0:
            reach.add(6)  # a 6 brings a piece out onto its start
        return len(reach) / 6

    def risk(s: int) -> float:
        total = 0.0
        for p in pieces[s]:
            if 0 <= p < lane:
                missed = 1.0
                for other in seats:
                    if other != s:
                        missed *= 1 - share_of_rolls(other, rules.abs_of[s][p % loop])
                total += (p + 1 + out) * (1 - missed)
        return total

    def chances(s: int) -> float:
        return sum(
            (q + 1 + out) * share_of_rolls(s, rules.abs_of[other][q % loop])
            for other in seats
            if other != s
            for q in pieces[other]
            if 0 <= q < lane
        )

    weight_risk, weight_chances = variant.get("wr", 1.0), variant.get("wc", 0.0)
    own = standing(seat) - weight_risk * risk(seat) + weight_chances * chances(seat)
    others = [
        standing(o) - (weight_risk * risk(o) if variant.get("opp_risk") else 0)
        for o in seats
        if o != seat
    ]
    field = max(others) if variant.get("mode") == "max" else sum(others) / len(others)
    return own - variant.get("wo", 1.0) * field


def main(argv: Sequence[str] | None = None) -> int:
    return one_ply_main(__doc__, argv, 8000, 11, ["trouble", "marbles", "ludo"], hit_chance_value)


if __name__ == "__main__":
    raise SystemExit(main())
