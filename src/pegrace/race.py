"""What the race games (Trouble, Ludo, Marbles) share on top of the engine.

Pieces are written in each colour's own frame (see ``board.RaceTrack``): -1 is
the base, 0 the start space, then the loop, then the lane. This module turns
that frame into absolute spaces, reads and writes it as text, precomputes every
``Step`` once, and finds which opponents stand on a space.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cached_property
from math import exp

from pegrace.board import RaceTrack
from pegrace.engine import TERMINAL_WEIGHT, Pieces, Rules, attacker_table
from pegrace.errors import NotationError
from pegrace.moves import Move, Step
from pegrace.state import State

# the lowest position code a piece can have (Marbles' "removed" in War): offset of value tables
LOWEST_POSITION = -2


@dataclass(frozen=True)
class Threats:
    """The evaluation's tables, built once per rules: bitmasks over the absolute loop spaces,
    so an exposure check is a few ORs and ANDs. Bit ``s`` is the absolute space ``s``."""

    ahead: tuple[tuple[int, ...], ...]  # [seat][loop position]: spaces a piece there can hit
    from_base: tuple[int, ...]  # [seat]: spaces a piece entering from the base can hit
    bit: tuple[tuple[int, ...], ...]  # [seat][position < lane]: its space, 0 where never hit
    cost: tuple[float, ...]  # [position]: what an exposed piece there costs
    worth: tuple[float, ...]  # [position - LOWEST_POSITION]: a piece's standing there


@dataclass(frozen=True)
class HitTables:
    """Chance-weighted exposure, built once per rules by a game's ``build_hit_tables``. Each
    seat's reach is one int holding ``key_bits`` bits per absolute loop space: a key saying how
    its next throw could land there (the game's own code), and ``share(key)`` the share of the
    throws that do."""

    key_bits: int
    share: Callable[[int], float]
    from_loop: tuple[tuple[int, ...], ...]  # [seat][loop position]: the reach of a piece there
    from_base: tuple[int, ...]  # [seat]: the reach of a piece in its base
    shift: tuple[tuple[int, ...], ...]  # [seat][loop position]: its space's key offset, -1 if safe
    cost: tuple[float, ...]  # [loop position]: what a hit there takes
    shares: dict[int, float] = field(default_factory=dict)  # key -> share(key), as met

    @classmethod
    def build(
        cls,
        rules: RaceRules,
        key_bits: int,
        share: Callable[[int], float],
        keys: Callable[[int], Iterable[tuple[int, int]]],
        cost: tuple[float, ...],
    ) -> HitTables:
        """``keys(origin)``: the (target, key) pairs a piece at ``origin`` (-1: the base) could
        land on with the next throw, in its own frame."""
        lane, seats = rules.lane_start, range(len(rules.colours))

        def reach(seat: int, origin: int) -> int:
            mask = 0
            for target, key in keys(origin):
                mask |= key << (key_bits * rules.abs_of[seat][target])
            return mask

        shift = tuple(
            tuple(
                -1 if rules.abs_of[s][p] in rules.safe else key_bits * rules.abs_of[s][p]
                for p in range(lane)
            )
            for s in seats
        )
        from_loop = tuple(tuple(reach(s, q) for q in range(lane)) for s in seats)
        from_base = tuple(reach(s, -1) for s in seats)
        return cls(key_bits, share, from_loop, from_base, shift, cost)

    def reach(self, pieces: Pieces) -> list[int]:
        """Every seat's reach: the spaces its next throw could land a piece on."""
        masks = []
        for seat, row in enumerate(pieces):
            from_loop = self.from_loop[seat]
            mask = self.from_base[seat] if row[0] < 0 else 0
            for q in row:
                if 0 <= q < len(from_loop):
                    mask |= from_loop[q]
            masks.append(mask)
        return masks

    def risk(self, row: tuple[int, ...], seat: int, attackers: list[int]) -> float:
        """What ``seat``'s pieces are expected to lose to the next throws of the opponents whose
        reach is in ``attackers``."""
        shift, shares, risk = self.shift[seat], self.shares, 0.0
        key_mask = (1 << self.key_bits) - 1
        for p in row:
            if 0 <= p < len(shift) and shift[p] >= 0:
                missed = 1.0
                for mask in attackers:
                    key = (mask >> shift[p]) & key_mask
                    if key:
                        share = shares.get(key)
                        if share is None:
                            share = shares[key] = self.share(key)
                        missed *= 1.0 - share
                risk += self.cost[p] * (1.0 - missed)
        return risk


def win_scale(seats: int) -> float:
    """Search value per unit of the chance of winning (``RaceRules.win_values``): a certain
    win is worth a quarter of what a finished game's win is worth to a search."""
    return TERMINAL_WEIGHT / 4 / (1 - 1 / seats)


@dataclass(frozen=True)
class WinModel:
    """Who wins a race game, as a multinomial logit over the seats: a seat's strength is these
    weights times its features, and its chance of winning its share of ``exp(strength)`` over
    the seats (docs/ai.md, "A learned chance of winning"). Fitted to self-play by
    ``benchmarks/win_model.py``, which prints it in this form."""

    steps: float  # per step its pieces have come (a piece on its start space: 1)
    out: float  # per piece out of the base
    lane: float  # per piece in its lane (or at its end)
    exit: float  # per piece on the lane's last space
    lead: float  # per step of its piece furthest along
    steps_squared: float  # per (steps / 100) squared: the race's end counts more
    exposure: float  # per point of expected loss to hits (``HitTables.risk``)
    tempo: tuple[float, ...]  # by turn order: 0 its turn next, 1 one seat later, ...

    FEATURES = ("steps", "out", "lane", "exit", "lead", "steps_squared", "exposure", "tempo")

    def weights(self) -> list[float]:
        """The weights in the order of ``RaceRules.win_features`` (the tempo of the seat to
        roll next, ``tempo[0]``, is the baseline the others are measured from)."""
        return [getattr(self, name) for name in self.FEATURES[:-1]] + list(self.tempo[1:])


class RaceRules(Rules):
    """A race game: every piece walks its colour's own path from base to goal."""

    pieces_per_colour = 4
    # evaluation weights (tuned per game, docs/ai.md): the worth of a piece out of its base, of
    # one in its finish lane and of one on the goal on top of its steps; an exposed piece costs
    # RISK_SHARE of its steps plus RISK_FLAT (two-dice Ludo weighs exposure its own way)
    OUT_BONUS, LANE_BONUS, GOAL_BONUS, RISK_SHARE, RISK_FLAT = 8.0, 10.0, 0.0, 0.5, 4.0
    # the evaluation's view of danger: the farthest one roll carries a piece, the loop spaces
    # where nobody is hit, and how far along its path a piece entering from the base can hit
    reach = 6
    safe: frozenset[int] = frozenset()
    base_reach = 1
    track: RaceTrack
    _threats: Threats | None = None

    def build_track(self, track: RaceTrack) -> None:
        """Called from ``setup``: index the track for the seats in play."""
        self.track = track
        loop = track.loop_length
        self.lane_start = track.lane_start
        self.goal = track.goal
        starts = [track.board.starts[c] for c in self.colours]
        # absolute loop space of each seat's relative loop position, and back
        self.abs_of = tuple(tuple((s + p) % loop for p in range(loop)) for s in starts)
        self.rel_at = tuple(tuple((a - s) % loop for a in range(loop)) for s in starts)

    def step(self, origin: int, target: int) -> Step:
        """A step of the seat to move, written as the notation writes it."""
        name = self.track.position_name
        return Step(origin, target, f"{name(origin)}>{name(target)}")

    def evaluate(self, pieces: Pieces, seat: int) -> float:
        """Progress, pieces out and home, captures (an opponent's loss), minus the value
        of own pieces an opponent could hit with one die; summed over ``seat``'s side and
        measured against the other sides."""
        side = self.sides[seat]
        ours = self.side_seats[side]
        own = sum(self._standing(pieces, s) - self.danger(pieces, s) for s in ours)
        others = [self._standing(pieces, s) for s in range(len(pieces)) if self.sides[s] != side]
        return own - sum(others) * len(ours) / len(others)

    def evaluate_sides(self, pieces: Pieces) -> tuple[float, ...]:
        """``evaluate`` for every side in one pass (the search's leaves: keep it lean)."""
        if type(self).evaluate is not RaceRules.evaluate:
            return super().evaluate_sides(pieces)  # a game's own evaluation
        return self._side_values(pieces, self._exposures(pieces))

    def _side_values(self, pieces: Pieces, exposure: list[float]) -> tuple[float, ...]:
        """Each side's standing minus its seats' ``exposure``, against the other sides'."""
        standing = [self._standing(pieces, seat) for seat in range(len(pieces))]
        total, seat_count = sum(standing), len(pieces)
        if len(self.side_seats) == seat_count:  # a side per seat: the search's common case
            rest = seat_count - 1
            return tuple(own - exposure[s] - (total - own) / rest for s, own in enumerate(standing))
        values = []
        for ours in self.side_seats:
            own = sum(standing[s] for s in ours)
            net = own
            for s in ours:
                net -= exposure[s]
            values.append(net - (total - own) * len(ours) / (seat_count - len(ours)))
        return tuple(values)

    def danger(self, pieces: Pieces, seat: int) -> float:
        return self._at_risk(pieces, seat)

    @property
    def threats(self) -> Threats:
        """Built on first use: the variants set ``reach`` and ``safe`` after the track."""
        if self._threats is None:
            self._threats = self._build_threats()
        return self._threats

    def _build_threats(self) -> Threats:
        loop, lane, seats = self.track.loop_length, self.lane_start, range(len(self.colours))

        def spaces(seat: int, relative: range) -> int:
            mask = 0
            for h in relative:
                mask |= 1 << self.abs_of[seat][h]
            return mask

        ahead = tuple(
            tuple(spaces(s, range(q + 1, min(q + self.reach, lane - 1) + 1)) for q in range(lane))
            for s in seats
        )
        bit = tuple(
            tuple(
                0 if self.abs_of[s][p % loop] in self.safe else 1 << self.abs_of[s][p % loop]
                for p in range(lane)
            )
            for s in seats
        )
        cost = tuple(self.RISK_SHARE * (p + 1) + self.RISK_FLAT for p in range(lane))
        worth = tuple(
            p
            + 1
            + (self.OUT_BONUS if p >= 0 else 0)
            + (self.LANE_BONUS if p >= lane else 0)
            + (self.GOAL_BONUS if p == self.goal else 0)
            for p in range(LOWEST_POSITION, self.goal + 1)
        )
        from_base = tuple(spaces(s, range(self.base_reach)) for s in seats)
        return Threats(ahead, from_base, bit, cost, worth)

    def _standing(self, pieces: Pieces, seat: int) -> float:
        worth, value = self.threats.worth, 0.0
        for p in pieces[seat]:
            value += worth[p - LOWEST_POSITION]
        return value

    def _threat_masks(self, pieces: Pieces) -> list[int]:
        """For each seat, the loop spaces one of its pieces could hit with its next roll."""
        threats, lane = self.threats, self.lane_start
        masks = []
        for seat, row in enumerate(pieces):
            ahead = threats.ahead[seat]
            mask = threats.from_base[seat] if row[0] < 0 else 0
            for q in row:
                if 0 <= q < lane:
                    mask |= ahead[q]
            masks.append(mask)
        return masks

    @staticmethod
    def _others_mask(masks: list[int], seat: int) -> int:
        others = 0
        for other, mask in enumerate(masks):
            if other != seat:
                others |= mask
        return others

    def _exposure(self, row: tuple[int, ...], seat: int, others: int) -> float:
        """What ``seat``'s pieces on spaces in ``others`` (the opponents' reach) cost."""
        if not others:
            return 0.0
        threats, lane = self.threats, self.lane_start
        bit, cost = threats.bit[seat], threats.cost
        risk = 0.0
        for p in row:
            if 0 <= p < lane and others & bit[p]:
                risk += cost[p]
        return risk

    def _exposures(self, pieces: Pieces) -> list[float]:
        """``_at_risk`` of every seat at once."""
        masks = self._threat_masks(pieces)
        return [
            self._exposure(row, seat, self._others_mask(masks, seat))
            for seat, row in enumerate(pieces)
        ]

    def _at_risk(self, pieces: Pieces, seat: int) -> float:
        others = self._others_mask(self._threat_masks(pieces), seat)
        return self._exposure(pieces[seat], seat, others)

    # ------------------------------------------------ a learned chance of winning
    # games with a model set it (in ``setup`` where it depends on the options)
    win_model: WinModel | None = None

    def build_hit_tables(self) -> HitTables:
        raise NotImplementedError(f"{self.name} weighs no hits by their chance")

    @cached_property
    def hit_tables(self) -> HitTables:
        return self.build_hit_tables()

    def expected_losses(self, pieces: Pieces, to_move: int | None = None) -> list[float]:
        """Every seat's expected loss to the opponents' next throws; with ``to_move``, only to
        the seats that move before its own next turn (``to_move`` first, in seat order)."""
        tables = self.hit_tables
        reach = tables.reach(pieces)
        counted = attacker_table(len(pieces), to_move)
        return [
            tables.risk(row, seat, [reach[o] for o in counted[seat]])
            for seat, row in enumerate(pieces)
        ]

    @cached_property
    def _pin_strength(self) -> tuple[float, ...]:
        """[position - LOWEST_POSITION]: what a piece there adds to its seat's strength (all
        but the lead, the squared steps and the exposure, which depend on the other pieces)."""
        m, lane, goal = self.model, self.lane_start, self.goal
        return tuple(
            0.0
            if p < 0
            else m.steps * (p + 1) + m.out + m.lane * (p >= lane) + m.exit * (p == goal)
            for p in range(LOWEST_POSITION, goal + 1)
        )

    @property
    def model(self) -> WinModel:
        if self.win_model is None:
            raise NotImplementedError(f"{self.name} with these options has no win model")
        return self.win_model

    def win_chances(self, pieces: Pieces, to_move: int) -> list[float]:
        """Each seat's chance of winning by the win model, ``to_move`` to roll next; a piece's
        threats count only from the seats that roll before its own seat's next turn."""
        m, table, count = self.model, self._pin_strength, len(pieces)
        exposure = self.expected_losses(pieces, to_move)
        strengths = []
        for seat, row in enumerate(pieces):
            strength = m.exposure * exposure[seat] + m.tempo[(seat - to_move) % count]
            steps = 0
            for p in row:
                strength += table[p - LOWEST_POSITION]
                if p >= 0:
                    steps += p + 1
            strengths.append(
                strength + m.lead * (max(row) + 1) + m.steps_squared * (steps / 100) ** 2
            )
        top = max(strengths)
        shares = [exp(strength - top) for strength in strengths]
        total = sum(shares)
        return [share / total for share in shares]

    def win_features(self, pieces: Pieces, to_move: int) -> list[tuple[float, ...]]:
        """Per seat, the features the win model weighs (``WinModel.FEATURES``, the tempo as
        one 0/1 feature per later turn), for fitting it (benchmarks/win_model.py)."""
        exposure, count = self.expected_losses(pieces, to_move), len(pieces)
        features = []
        for seat, row in enumerate(pieces):
            out = [p for p in row if p >= 0]
            steps = sum(p + 1 for p in out)
            order = (seat - to_move) % count
            tempo = tuple(float(order == later) for later in range(1, len(self.model.tempo)))
            features.append((
                float(steps), float(len(out)), float(sum(p >= self.lane_start for p in out)),
                float(sum(p == self.goal for p in out)), float(max(row) + 1),
                (steps / 100) ** 2, exposure[seat], *tempo,
            ))  # fmt: skip
        return features

    def win_values(self, pieces: Pieces, to_move: int) -> tuple[float, ...]:
        """The win chances centred like every evaluation and scaled so that a certain win
        would be a quarter of what a finished game's win is worth to a search: a search
        still takes a win over any position in play."""
        count = len(pieces)
        scale = win_scale(count)
        return tuple(scale * (chance - 1 / count) for chance in self.win_chances(pieces, to_move))

    def learned_leaf(self) -> Callable[[Pieces, int], tuple[float, ...]] | None:
        return None if self.win_model is None else self.win_values

    def learned_chance(self, value: float) -> float | None:
        if self.win_model is None:
            return None
        seats = len(self.colours)
        chance = 1 / seats + value / win_scale(seats)
        return chance if 0.0 <= chance <= 1.0 else None

    # -------------------------------------------------------------- notation
    def piece_text(self, seat: int, position: int) -> str:
        return self.track.position_name(position)

    def parse_piece(self, seat: int, text: str) -> int:
        return self.track.parse_position(self.colours[seat], text)

    def check_pieces(self, pieces: Pieces) -> None:
        """Reject positions no game could reach: piece counts, own pieces sharing."""
        for seat, row in enumerate(pieces):
            colour = self.colours[seat]
            if len(row) != self.pieces_per_colour:
                raise NotationError(
                    f"{colour} has {len(row)} pieces; {self.name} needs {self.pieces_per_colour}"
                )
            placed = [p for p in row if p >= 0]
            if len(set(placed)) != len(placed):
                clash = next(p for p in placed if placed.count(p) > 1)
                raise NotationError(f"two {colour} pieces on {self.track.position_name(clash)}")
        seen: dict[int, str] = {}
        for seat, row in enumerate(pieces):
            for p in row:
                if 0 <= p < self.lane_start:
                    space = self.abs_of[seat][p]
                    colour = self.colours[seat]
                    if space in seen and seen[space] != colour:
                        raise NotationError(
                            f"{seen[space]} and {colour} pieces both on space:{space}"
                        )
                    seen[space] = colour

    def where(self, seat: int, position: int) -> str:
        """Relative and absolute: ``track:5 (space:12)``."""
        text = self.track.position_name(position)
        if 0 <= position < self.lane_start:
            return f"{text} (space:{self.abs_of[seat][position]})"
        return text

    def describe(self, state: State, move: Move) -> str:
        """``track:3 (space:10) -> track:8 (space:15)``, and whom the move sends back."""
        if not isinstance(move, Step):
            return str(move)
        seat = state.current
        text = f"{self.where(seat, move.origin)} -> {self.where(seat, move.target)}"
        after = self.apply_move(state, move).pieces
        for victim, _ in self.sent_back(state.pieces, after, seat):
            text += f", sends {self.colours[victim]} back to {self.track.base_name}"
        return text
