"""The review of a finished game: how much the dice gave each side (luck) and how much each
side's own decisions cost it (skill), judged by the expert's learned chance of winning
(pegrace.value; GNU Backgammon's luck and error rates, for dice race games).

The judge's chance of a position (``Judge.chances``, each side's chance of winning):

- a seat to roll, or a game over: the learned value's chances (exact once the winner is settled);
- a seat to move: the chances after the move best for the mover (what the expert would play,
  judged one move ahead); a move with one outcome is no choice.

Every event of the game is then one of:

- a roll (a chance node): its **luck** for each side is the chance after the roll minus the
  average over every roll the dice could have shown, each by its probability. A roll whose every
  outcome leads to the same chances has no luck;
- a decision (a seat choosing among two or more different outcomes): the mover's **chance lost**
  is the chance after the best move minus the chance after the move played (0 for the best);
  what it gives or costs the other sides is their **gift**. Where the move played is within
  CLOSE of the best, the close moves are judged one roll deeper (the average over the next
  roll of the chances after it), which the learned value alone cannot tell apart;
- a forced move: nothing.

Per side, the chance at the start (after the roll-off), plus its luck, minus its chance lost, plus
its gifts equals its chance at the end (1 or 0), but for the judge's own error (``error``): an
exact judge's chance before a roll would be the average after it, and a close decision's
look-ahead would agree with the chances a roll later; the learned value's do not quite. The
review states it per side.

Everything here is language-neutral (numbers, colours, moves in notation): review_words.py says
it in words.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Any

from pegrace import native
from pegrace.engine import Rules
from pegrace.errors import PegraceError, saying
from pegrace.i18n import Said, said
from pegrace.record import Event, Record, replay
from pegrace.state import Phase, State

Chances = tuple[float, ...]

# the grades of a decision by the chance it lost, in percentage points: at least the first's
# bound is doubtful, the second's a mistake, the third's a blunder (docs/review.md: chosen from
# the decisions of `hard` and `random`)
GRADES = ("good", "doubtful", "mistake", "blunder")
GRADE_BOUNDS = (1.0, 3.0, 5.0)
TURNING_POINTS = 5  # the largest swings a review names
NO_LUCK = 1e-9  # a roll whose luck is below this for every side changed nothing
# moves within this of the best by the learned chances (3 percentage points, a mistake's
# bound: about the learned value's own error a roll) are judged again a roll deeper
CLOSE = 0.03


def grade(lost_points: float) -> str:
    """A decision's grade by the chance it lost (percentage points)."""
    return GRADES[sum(lost_points >= bound for bound in GRADE_BOUNDS)]


class Judge:
    """The expert's learned chances of winning, of positions to roll and to move, each worked
    out once."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.computer = native.Computer(rules)
        self.known: dict[State, Chances] = {}
        self.children: dict[State, list[tuple[str, State]]] = {}
        self.looked: dict[State, Chances] = {}

    def value(self, state: State) -> Chances:
        found = self.computer.value_chances(state)
        if found is None:
            # TRANSLATORS: {game} is the game's name; a review needs its learned chance
            none = said(
                "{game} with these rules has no learned chance of winning to review with",
                game=Said(self.rules.title),
            )
            raise saying(PegraceError, none)
        return found

    def chances(self, state: State) -> Chances:
        known = self.known.get(state)
        if known is None:
            if state.phase == Phase.MOVE:
                options = self.outcomes(state)
                mover = self.rules.sides[state.current]
                known = max((self.chances(after) for _, after in options), key=lambda c: c[mover])
            else:
                known = self.value(state)
            self.known[state] = known
        return known

    def outcomes(self, state: State) -> list[tuple[str, State]]:
        """Each different outcome of the seat's move: a move leading to it (the first listed)
        and the position after it."""
        found = self.children.get(state)
        if found is None:
            rules = self.rules
            found = [
                (str(same[0]), rules.apply_move(state, same[0]))
                for same in rules.moves_by_outcome(state)
            ]
            self.children[state] = found
        return found

    def deeper(self, state: State) -> Chances:
        """The chances after a move, looked at one roll deeper: for a seat to roll, the
        average over its rolls of the chances after each (``average_roll``); for a seat to
        move again, its best move's, so judged."""
        found = self.looked.get(state)
        if found is None:
            if state.phase == Phase.MOVE:
                mover = self.rules.sides[state.current]
                options = self.outcomes(state)
                found = max((self.deeper(after) for _, after in options), key=lambda c: c[mover])
            elif state.is_chance:
                found = self.average_roll(state)
            else:
                found = self.chances(state)
            self.looked[state] = found
        return found

    def average_roll(self, state: State) -> Chances:
        """The chances after a roll from ``state``, averaged over every roll by its chance."""
        sides = self.rules.side_count
        total = [0.0] * sides
        for roll, chance in self.rules.chance_outcomes(state):
            after = self.chances(self.rules.apply_roll(state, roll))
            for side in range(sides):
                total[side] += float(chance) * after[side]
        return tuple(total)


@dataclass(frozen=True)
class RollSeen:
    event: int  # the record's event (0-based)
    colour: str
    roll: Any  # as the record writes it
    luck: Chances  # per side: the chance after it minus the average over every roll
    chances: Chances  # per side, after it


@dataclass(frozen=True)
class Decision:
    event: int
    turn: int
    colour: str
    played: str  # the move played, in the game's notation
    best: str  # the best by the judge (the played one when it is among the best)
    played_chance: float  # the mover's side's chance after the move played
    best_chance: float  # after the best
    lost: float  # percentage points: 100 * (best_chance - played_chance)
    grade: str
    options: int  # the different outcomes the seat chose among
    judge: str  # "value": by the learned chances; "look-ahead": close, judged a roll deeper
    gifts: Chances  # per side: what the move played changed against the best (the mover's: -lost)
    chances: Chances  # per side, after the move played


@dataclass(frozen=True)
class Side:
    side: str  # the side's name: its colour (a team's colours joined by "+")
    start: float  # percentage points, after the roll-off
    luck: float  # every roll's effect on this side
    chance_lost: float  # its own decisions' cost
    gifts: float  # the other sides' decisions' effect on it
    error: float  # the judge's own error: what the rest leaves unexplained
    final: float  # 100 for a winner, else 0
    decision_count: int
    chance_lost_mean: float  # per decision (0 when it had none)
    grades: dict[str, int]


@dataclass(frozen=True)
class TurningPoint:
    event: int
    colour: str  # who rolled or moved
    kind: str  # "roll" or "move"
    side: str  # the side the swing hit most
    swing: float  # percentage points, that side's change (luck or gift or loss)
    what: str  # the roll (as JSON text) or the move played
    then: str | None  # after a roll, the move the roller made of it (None: none)


@dataclass
class Review:
    game: str
    players: int
    options: dict[str, str]
    judge: str  # "value": the expert's learned chance of winning
    sides: list[Side]
    rolls: list[RollSeen] = field(default_factory=list)
    decisions: list[Decision] = field(default_factory=list)
    turning_points: list[TurningPoint] = field(default_factory=list)
    curve: list[tuple[int, Chances]] = field(default_factory=list)  # (event, chances) each step

    def to_json(self) -> dict[str, Any]:
        """The review as JSON: each side with its decisions, graded."""
        data = asdict(self)
        decisions = data.pop("decisions")
        for side in data["sides"]:
            colours = side["side"].split("+")
            side["decisions"] = [d for d in decisions if d["colour"] in colours]
        return {"format": "pegrace-review", **data}


def review_record(record: Record) -> Review:
    """The review of a recorded game (finished or not: an unfinished one is reviewed to its last
    event, its final chances the judge's)."""
    rules, states = replay(record)
    return review_states(rules, states, record.events, record.options)


def review_states(
    rules: Rules, states: list[State], events: list[Event], options: dict[str, str]
) -> Review:
    """The review of a game's ``states`` and the ``events`` between them (a record's)."""
    judge = Judge(rules)
    sides = rules.side_count
    first = next((k for k, s in enumerate(states) if s.phase != Phase.ROLLOFF), len(states) - 1)
    start = judge.chances(states[first])
    luck, lost, gifts = ([0.0] * sides for _ in range(3))
    made: list[list[Decision]] = [[] for _ in range(sides)]
    review = Review(rules.name, rules.players, dict(options), "value", [])
    review.curve.append((first, start))
    for k in range(first, len(states) - 1):
        before, after = states[k], states[k + 1]
        colour = rules.colours[before.current]
        now = judge.chances(after)
        if before.is_chance:
            mean = judge.average_roll(before)
            change = tuple(now[s] - mean[s] for s in range(sides))
            if any(abs(c) > NO_LUCK for c in change):
                review.rolls.append(RollSeen(k, colour, events[k].roll, change, now))
            for s in range(sides):
                luck[s] += change[s]
        else:
            decision = decide(rules, judge, before, after, k, colour)
            if decision is not None:
                mover = rules.sides[before.current]
                made[mover].append(decision)
                lost[mover] += decision.lost / 100
                for s in range(sides):
                    if s != mover:
                        gifts[s] += decision.gifts[s]
        review.curve.append((k + 1, now))
    final = judge.chances(states[-1])
    # what luck, skill and gifts leave unexplained: the judge's own error (the module's doc)
    error = [final[s] - start[s] - luck[s] + lost[s] - gifts[s] for s in range(sides)]
    for s in range(sides):
        counted = {name: sum(d.grade == name for d in made[s]) for name in GRADES}
        points = 100 * lost[s]
        review.sides.append(Side(
            rules.side_name(s), 100 * start[s], 100 * luck[s], points, 100 * gifts[s],
            100 * error[s], 100 * final[s], len(made[s]),
            points / len(made[s]) if made[s] else 0.0, counted,
        ))  # fmt: skip
    review.decisions = sorted((d for ds in made for d in ds), key=lambda d: d.event)
    review.turning_points = turning_points(rules, review, events)
    return review


def decide(
    rules: Rules, judge: Judge, before: State, after: State, event: int, colour: str
) -> Decision | None:
    """The decision a move event was, or None when the move was forced. Where the move played
    and the best are close (within CLOSE by the learned chances), the moves that close are
    judged again one roll deeper (``Judge.deeper``)."""
    options = judge.outcomes(before)
    if len(options) < 2:
        return None
    mover = rules.sides[before.current]
    played_text = next(text for text, child in options if child == after)
    top = max(judge.chances(child)[mover] for _, child in options)
    close = [(text, child) for text, child in options if judge.chances(child)[mover] > top - CLOSE]
    how, judged = "value", judge.chances
    if len(close) > 1 and any(child == after for _, child in close):
        how, judged, options = "look-ahead", judge.deeper, close
    best_text, best_state = max(options, key=lambda o: judged(o[1])[mover])
    best, played = judged(best_state), judged(after)
    if played[mover] >= best[mover]:
        best_text, best = played_text, played
    points = max(0.0, 100 * (best[mover] - played[mover]))
    gifts = tuple(played[s] - best[s] for s in range(rules.side_count))
    return Decision(
        event, before.turn, colour, played_text, best_text, played[mover], best[mover],
        points, grade(points), len(judge.outcomes(before)), how, gifts, played,
    )  # fmt: skip


def turning_points(rules: Rules, review: Review, events: list[Event]) -> list[TurningPoint]:
    """The largest swings of the game: rolls by their largest luck (with the move the roller
    made of it), decisions by their chance lost, each with the side it hit most."""
    swings: list[TurningPoint] = []
    for roll in review.rolls:
        side = max(range(rules.side_count), key=lambda s: abs(roll.luck[s]))
        swings.append(TurningPoint(
            roll.event, roll.colour, "roll", rules.side_name(side), 100 * roll.luck[side],
            json.dumps(roll.roll), following_move(events, roll.event),
        ))  # fmt: skip
    for decision in review.decisions:
        if decision.lost > 0:
            side = rules.sides[rules.seat_of(decision.colour)]
            swings.append(TurningPoint(
                decision.event, decision.colour, "move", rules.side_name(side), -decision.lost,
                decision.played, None,
            ))  # fmt: skip
    swings.sort(key=lambda t: -abs(t.swing))
    return sorted(swings[:TURNING_POINTS], key=lambda t: t.event)


def following_move(events: list[Event], roll_event: int) -> str | None:
    """The move made right after the roll of event ``roll_event`` (None if none followed)."""
    following = events[roll_event + 1] if roll_event + 1 < len(events) else None
    return None if following is None else following.move
