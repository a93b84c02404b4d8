"""The pieces and moves of the race games (Trouble, Ludo, Marbles) on their spots: race
frames mapped through ``abs_of`` to loop spots, lanes and bases. What differs between them
the rules say (``RaceRules``: a goal of its own, pieces out of the game or circling, a move's
uses of the roll); nothing here knows one game from another."""

from __future__ import annotations

from pegrace.boards.drawing import Json, Names, make_piece
from pegrace.i18n import Said
from pegrace.moves import Move
from pegrace.race import RaceRules
from pegrace.state import State


def race_spot(rules: RaceRules, seat: int, position: int, base_slot: int = 0) -> str:
    """The spot of a piece at ``position`` of ``seat``'s frame (in the base: its slot)."""
    colour = rules.colours[seat]
    if position < -1:  # out of the game (Marbles' War)
        return f"out-{colour}-{base_slot}"
    if position < 0:
        return f"base-{colour}-{base_slot}"
    if position < rules.lane_start:
        return f"t{rules.abs_of[seat][position % rules.track.loop_length]}"
    if position == rules.goal and rules.goal_words() is not None:
        return f"goal-{colour}"
    return f"lane-{colour}-{position - rules.lane_start + 1}"


def race_names(rules: RaceRules) -> Names:
    """What each colour's words call the spots its pieces can stand on (``spot_words``, as the
    move words say them): the loop counted from the colour's start, its lane, its goal (by
    the goal's name: exit, home, goal) and its base."""
    names: Names = {}
    base, goal = rules.base_words(), rules.goal_words()
    for seat, colour in enumerate(rules.colours):
        for position in range(rules.goal + 1):
            words: Said | str = rules.spot_words(seat, position)
            if goal is not None and position == rules.goal:
                words = goal
            names.setdefault(race_spot(rules, seat, position), {})[colour] = words
        for slot in range(rules.pieces_per_colour):
            names.setdefault(race_spot(rules, seat, -1, slot), {})[colour] = base
    return names


def loop_spots(rules: RaceRules, offsets: tuple[int, ...]) -> set[str]:
    """The loop's spots ``offsets`` past each quarter's first (every colour's start is one:
    the same spots are numbered whichever colour's count they show)."""
    quarter = rules.track.loop_length // 4
    return {f"t{space}" for space in range(rules.track.loop_length) if space % quarter in offsets}


def race_pieces(rules: RaceRules, state: State) -> list[Json]:
    pieces = []
    for seat, row in enumerate(state.pieces):
        colour = rules.colours[seat]
        in_base = removed = 0
        for index, position in enumerate(row):
            if position < -1:  # out of the game
                slot, removed = removed, removed + 1
            else:
                slot = in_base
                in_base += position < 0
            spot = race_spot(rules, seat, position, slot)
            words = rules.piece_words(seat, position)
            pieces.append(make_piece(colour, seat, index, spot, words=words))
    return pieces


def race_steps(rules: RaceRules, state: State, move: Move) -> tuple[list[Json], str, int]:
    """The uses of a race move (one for a step, one per die for two-dice Ludo), each from
    and to a spot, following the mover's pieces through the uses."""
    seat, uses = rules.piece_uses(state, move)
    row = list(state.pieces[seat])
    first_index = _piece_index(row, uses[0][0])
    steps = []
    for origin, target, die in uses:
        leaving = race_spot(rules, seat, origin, row.count(-1) - 1)
        row.remove(origin)
        reaching = race_spot(rules, seat, target, row.count(-1))
        row.append(target)
        row.sort()
        step: Json = {
            "from": leaving,
            "to": reaching,
            "path": _hops(rules, seat, origin, target),
            "to_words": rules.to_words(seat, target).json(),
        }
        if die:
            step["die"] = die
        steps.append(step)
    return steps, rules.colours[seat], first_index


def _hops(rules: RaceRules, seat: int, origin: int, target: int) -> list[str]:
    """The spots a piece passes on its way, its destination last (one hop from the base, or
    where it does not walk: a LUDOpy piece sent home or bouncing back from the goal)."""
    reaching = race_spot(rules, seat, target)
    if origin < 0 or target < 0:
        return [reaching]
    loop = rules.track.loop_length
    wraps = target < origin and rules.circling  # War: round and round the loop
    end = target + loop if wraps else target
    if end <= origin:
        return [reaching]
    passed = [race_spot(rules, seat, p % loop if wraps else p) for p in range(origin + 1, end)]
    return [*passed, reaching]


def _piece_index(row: list[int], position: int) -> int:
    """Index in the seat's sorted row of the piece that leaves ``position`` (from the
    base: the last piece there, so the others keep their slots)."""
    if position < 0:
        return row.count(position) - 1 + row.index(position)
    return row.index(position)
