"""The prototype of Headache's chance-weighted threat (now the game's evaluation), played one
ply deep against three medium players of the evaluation before it: each of our stacks an
opponent could capture next pop costs ``wr`` times its cones times the share of the pops that
capture it (opponents combine as independent misses), where the old evaluation charged half a
cone whatever the chance. docs/ai.md keeps its runs.

It reads the old evaluation's internals (``Headache._stacks``), so run it on commit 158e8a0:
    git worktree add /tmp/old 158e8a0
    PYTHONPATH=/tmp/old/src:/tmp/old/benchmarks python benchmarks/headache_hit_chance.py \\
        headache '{"wr": 2.0}' --games 4000 --seed 41

VARIANT_JSON keys: ``wr`` the weight of the expected capture (1.0), ``wc`` the weight of the
biggest opponent stack within reach (the game's ``CHANCE_WEIGHT`` by default).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from candidate import one_ply_main

from pegrace.engine import Pieces
from pegrace.games.headache import BLOCKED, Headache

ByPop = list[list[int]]  # [space][pop - 1]: the spaces that pop reaches from there
_BY_POP: dict[int, tuple[ByPop, ByPop]] = {}


def by_pop(rules: Headache) -> tuple[ByPop, ByPop]:
    """A single cone's (clockwise) and a stack's (either way) reach, by pop."""
    if id(rules) not in _BY_POP:

        def masks(tables: tuple[Any, ...]) -> ByPop:
            rows = []
            for space in range(len(rules.forward)):
                row = []
                for number in range(1, 7):
                    mask = 0
                    for table in tables:
                        for move in table[space][number]:
                            mask |= 1 << move.target
                    row.append(mask)
                rows.append(row)
            return rows

        _BY_POP[id(rules)] = (masks((rules.forward,)), masks((rules.forward, rules.backward)))
    return _BY_POP[id(rules)]


def chance_value(rules: Headache, pieces: Pieces, seat: int, variant: dict[str, Any]) -> float:
    cone_pops, stack_pops = by_pop(rules)
    occ, owned, board = rules._stacks(pieces)  # type: ignore[attr-defined]
    stacks = list(board)
    for s, row in enumerate(pieces):
        if row[0] < 0 and s != seat:
            stacks.append((rules.start_space[s], s, 1))  # a START pile attacks clockwise
    risk = chances = 0.0
    for space, owner, count in stacks:
        if owner != seat:
            continue
        reach = rules.stack_reach[space] if count > 1 else rules.cone_reach[space]
        for other_space, other, other_count in stacks:
            if other == seat or occ[other_space] == BLOCKED:
                continue
            if (reach >> other_space) & 1 and not (rules.challenge and rules.is_x[other_space]):
                chances = max(chances, other_count)
        if rules.challenge and rules.is_x[space]:
            continue
        missed = 1.0
        for opponent in range(len(pieces)):
            if opponent == seat:
                continue
            pops = set()
            for other_space, other, other_count in stacks:
                table = stack_pops if other_count > 1 else cone_pops
                if other == opponent:
                    pops |= {n for n in range(6) if (table[other_space][n] >> space) & 1}
            missed *= 1 - len(pops) / 6
        risk += count * (1 - missed)
    others = [owned[s] for s in range(len(pieces)) if s != seat]
    return (
        owned[seat]
        - variant.get("wr", 1.0) * risk
        + variant.get("wc", rules.CHANCE_WEIGHT) * chances
        - sum(others) / len(others)
    )


def main(argv: Sequence[str] | None = None) -> int:
    return one_ply_main(__doc__, argv, 4000, 41, ["headache"], chance_value)


if __name__ == "__main__":
    raise SystemExit(main())
