"""The shared engine: turn structure, chance events, legality, outcome.

A game is a subclass of :class:`Rules` that supplies its board and a few hooks
(``initial_pieces``, ``piece_moves``, ``move_pieces``, ``extra_roll``,
``seat_finished``; optionally ``may_pass``, ``eliminated``, ``score``).
Everything else (the roll-off, whose turn it is, extra rolls, players finishing
and play going on for the lower places, elimination, teams, the outcome, and
the checked ``play``) lives here once.

Two ways in:
- ``roll``/``play`` check what they are given and raise typed errors;
- ``apply_roll``/``apply_move`` trust their caller (search and simulation).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import ClassVar

from pegrace.dice import D6, Dice, Roll
from pegrace.errors import IllegalMoveError, NotationError, OptionError
from pegrace.moves import PASS, Move
from pegrace.state import Phase, State

Pieces = tuple[tuple[int, ...], ...]
ROLL, MOVE, OVER = Phase.ROLL, Phase.MOVE, Phase.OVER
# What a finished game's places are worth to a search (search.py), and so the scale an
# evaluation must stay below: a side's evaluation is less than a quarter of it, or a search
# would trade a win for a position in play.
TERMINAL_WEIGHT = 1000.0


@cache
def attacker_table(count: int, to_move: int | None = None) -> tuple[tuple[int, ...], ...]:
    """Per seat, the other seats, in seat order, whose threats to it an evaluation counts:
    every one, or with ``to_move`` (a search leaf) only those that move from ``to_move``
    (first) until the seat's next turn; the seats after them were searched already."""
    return tuple(
        tuple(
            o
            for o in range(count)
            if o != seat and (to_move is None or (o - to_move) % count < (seat - to_move) % count)
        )
        for seat in range(count)
    )


def _state(*fields: object) -> State:
    """Build a State from its fields in order, skipping NamedTuple's argument parsing."""
    return _new(State, fields)


_new = tuple.__new__  # the hot paths build States with it directly: one call fewer


@dataclass(frozen=True)
class Option:
    """A named rule option: its values, default, meaning and the seed/ruling it follows."""

    name: str
    default: str
    choices: tuple[str, ...]  # empty: any whole number >= 0
    help: str

    def check(self, value: str, game: str) -> str:
        value = value.strip().lower()
        if self.choices and value not in self.choices:
            raise OptionError(
                f"{game} option {self.name}={value!r}: choose one of {', '.join(self.choices)}"
            )
        if not self.choices and not value.isdigit():
            raise OptionError(f"{game} option {self.name}={value!r}: expected a whole number")
        return value


@dataclass(frozen=True)
class Outcome:
    places: tuple[int, ...]  # per side: 1 is first; sides that tie share a place
    winners: tuple[int, ...]  # the sides in first place
    reason: str


class Rules:
    """The engine, specialised by a game. One instance holds one game's settings."""

    name: ClassVar[str]
    title: ClassVar[str]
    version: ClassVar[int]  # bumped when behaviour changes; stored in every record
    all_colours: ClassVar[tuple[str, ...]]
    option_specs: ClassVar[tuple[Option, ...]]
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    dice: Dice = D6
    roll_verb: ClassVar[str] = "roll"  # what the seat to act does, in ``summary`` ("pop")
    # Which optional hooks can matter: a game (or a rules instance, per its options) sets
    # them, and the engine skips the rest on its hot path.
    eliminates: bool = False  # whether ``eliminated`` can ever be true
    counts_aux: bool = False  # whether ``next_aux`` changes anything
    stops: bool = False  # whether ``stop_after`` can ever stop a game
    moves_others: bool = False  # whether a seat can move another seat's pieces

    def __init__(self, players: int = 4, options: Mapping[str, str] | None = None) -> None:
        if not self.min_players <= players <= self.max_players:
            raise OptionError(
                f"{self.name} is for {self.min_players} to {self.max_players} players, "
                f"not {players}"
            )
        self.players = players
        self.options = self._resolve_options(options or {})
        self.colours = self.seat_colours(players)
        self.sides = self.seat_sides()
        self.side_count = max(self.sides) + 1
        self.side_seats = tuple(
            tuple(s for s in range(len(self.colours)) if self.sides[s] == side)
            for side in range(self.side_count)
        )
        order = self.turn_order()
        self.next_seat = tuple(order[(order.index(s) + 1) % len(order)] for s in range(len(order)))
        self.setup()
        # copied onto the instance: the hot path then finds them without a class lookup
        self.eliminates, self.counts_aux = self.eliminates, self.counts_aux
        self.stops, self.moves_others = self.stops, self.moves_others
        self.passes = type(self).may_pass is not Rules.may_pass  # whether to ask may_pass

    # ------------------------------------------------------------------ options
    @classmethod
    def option(cls, name: str) -> Option:
        for spec in cls.option_specs:
            if spec.name == name:
                return spec
        raise OptionError(
            f"unknown {cls.name} option {name!r} (options: "
            f"{', '.join(o.name for o in cls.option_specs)})"
        )

    def _resolve_options(self, given: Mapping[str, str]) -> dict[str, str]:
        resolved = {spec.name: spec.default for spec in self.option_specs}
        for key, value in given.items():
            resolved[key] = self.option(key).check(str(value), self.name)
        self.check_options(resolved)
        return resolved

    def check_options(self, options: Mapping[str, str]) -> None:
        """Hook: reject option combinations that make no sense for this player count."""

    def on(self, name: str) -> bool:
        return self.options[name] == "on"

    # ------------------------------------------------------------- seating
    def seat_colours(self, players: int) -> tuple[str, ...]:
        """The colours in play, in board order (clockwise from the first colour)."""
        spacing = {2: (0, 2), 3: (0, 1, 2), 4: (0, 1, 2, 3)}[players]
        return tuple(self.all_colours[i] for i in spacing)

    def seat_sides(self) -> tuple[int, ...]:
        """Which side (player or team) each seat plays for; by default one side each."""
        return tuple(range(len(self.colours)))

    def turn_order(self) -> list[int]:
        return list(range(len(self.colours)))

    def side_name(self, side: int) -> str:
        return "+".join(self.colours[s] for s in self.side_seats[side])

    def seat_of(self, colour: str) -> int:
        try:
            return self.colours.index(colour)
        except ValueError:
            raise NotationError(
                f"{colour!r} is not playing in this {self.name} game "
                f"(colours: {', '.join(self.colours)})"
            ) from None

    # --------------------------------------------------------------- hooks
    def setup(self) -> None:
        """Hook: build the board and lookup tables once per rules instance."""

    def initial_pieces(self) -> Pieces:
        raise NotImplementedError

    def initial_aux(self) -> tuple[int, ...]:
        return ()

    def piece_moves(self, state: State) -> list[Move]:
        """The moves that move something with ``state.roll`` (no pass)."""
        raise NotImplementedError

    def may_pass(self, state: State) -> bool:
        """Whether the seat may pass although it has a move."""
        return False

    def move_pieces(self, state: State, move: Move) -> Pieces:
        raise NotImplementedError

    def extra_roll(self, state: State, move: Move) -> bool:
        """Whether the seat that just played ``move`` (from ``state``) rolls again."""
        return False

    def next_aux(self, state: State, move: Move, pieces: Pieces) -> tuple[int, ...]:
        return state.aux

    def seat_finished(self, pieces: Pieces, seat: int) -> bool:
        raise NotImplementedError

    def eliminated(self, pieces: Pieces, seat: int) -> bool:
        return False

    def piece_owner(self, state: State, move: Move) -> int:
        """The seat whose pieces ``move`` moves (only asked when ``moves_others``)."""
        return state.current

    def stop_after(self, state: State) -> str:
        """Hook: a reason to stop now that the rules name (e.g. a turn limit), or ""."""
        return ""

    def play_on(self) -> bool:
        """Whether play goes on after the first side finishes, for the lower places."""
        return True

    def score(self, state: State, seat: int) -> float:
        """How far a seat has got, to rank seats that neither finished nor went out."""
        return 0.0

    def evaluate(self, pieces: Pieces, seat: int) -> float:
        """How good ``pieces`` look for ``seat``'s side; computer players maximise it."""
        return 0.0

    def evaluate_sides(self, pieces: Pieces) -> tuple[float, ...]:
        """``evaluate`` for every side at once (searches rate every leaf for every side);
        games override it to share the work between sides."""
        return tuple(self.evaluate(pieces, seats[0]) for seats in self.side_seats)

    # whether evaluate_sides_before reads whose turn it is (searches then cache leaves by turn)
    evaluation_reads_turn = False

    def learned_leaf(self) -> Callable[[Pieces, int], tuple[float, ...]] | None:
        """The game's learned chance of winning as a search leaf (``evaluate_sides_before``'s
        form, on the same scale), where it has one: the expert reads it (docs/ai.md)."""
        return None

    def learned_chance(self, value: float) -> float | None:
        """The chance of winning a search value on ``learned_leaf``'s scale stands for; None
        without a learned leaf, or outside the leaves' range (a value that counts finished
        games, which a search weighs above any leaf)."""
        return None

    def evaluate_sides_before(self, pieces: Pieces, to_move: int) -> tuple[float, ...]:
        """``evaluate_sides`` where ``to_move`` moves next, as a search's leaf: a game may count
        only the threats of the seats that move before each side's next turn (the seats after
        it were searched already, and will not move again before it)."""
        return self.evaluate_sides(pieces)

    def captured(self, state: State, move: Move) -> int:
        """How many opponent pieces ``move`` captures. Only a capture moves another side's
        pieces, so by default: the pieces of other sides that are no longer where they were."""
        if move.is_pass:
            return 0
        after = self.move_pieces(state, move)
        side = self.sides[state.current]
        return sum(
            len(Counter(before) - Counter(now))
            for seat, (before, now) in enumerate(zip(state.pieces, after, strict=True))
            if self.sides[seat] != side
        )

    def danger(self, pieces: Pieces, seat: int) -> float:
        """The part of ``evaluate`` that is ``seat``'s exposure to being hit next turn (0 where
        a game does not measure it); personalities weigh it differently."""
        return 0.0

    def describe(self, state: State, move: Move) -> str:
        return str(move)

    def parse_move(self, state: State, text: str) -> Move:
        text = text.strip()
        for move in self.legal_moves(state):
            if str(move) == text:
                return move
        raise IllegalMoveError(f"{text!r} is not a legal move: {self.summary(state)}")

    def summary(self, state: State) -> str:
        """A one-line picture of the position, used in error messages:
        ``red to move with 5 | red: track:3 home ...; yellow: ...``."""
        who = self.colours[state.current]
        roll = state.roll
        doing = (
            f"{who} to move with {self.dice.format(roll)}"
            if roll is not None
            else f"{who} to {self.roll_verb}"
        )
        rows = "; ".join(
            f"{c}: {' '.join(self.piece_text(seat, p) for p in row)}"
            for seat, (c, row) in enumerate(zip(self.colours, state.pieces, strict=True))
        )
        return f"{doing} | {rows}"

    def piece_text(self, seat: int, piece: int) -> str:
        """A piece's position as written in state JSON (e.g. ``track:5``)."""
        raise NotImplementedError

    def parse_piece(self, seat: int, text: str) -> int:
        raise NotImplementedError

    def check_pieces(self, pieces: Pieces) -> None:
        """Raise NotationError if no game could reach these pieces."""

    def check_aux(self, aux: tuple[int, ...]) -> None:
        """Raise NotationError if ``aux`` is not a valid set of this game's counters (a game
        with counters of its own checks their values too)."""
        expected = self.initial_aux()
        if len(aux) != len(expected) or any(value < 0 for value in aux):
            keeps = f"{len(expected)} counters" if expected else "no counters"
            raise NotationError(f'{self.name} keeps {keeps} in "aux", not {list(aux)}')

    # --------------------------------------------------------------- engine
    def initial_state(self) -> State:
        leads = tuple(seats[0] for seats in self.side_seats)
        return State(
            self.initial_pieces(), Phase.ROLLOFF, leads[0], None, 0, 0, (), (), leads, (),
            self.initial_aux(), "",
        )  # fmt: skip

    def chance_outcomes(self, state: State) -> tuple[tuple[Roll, Fraction], ...]:
        return self.dice_at(state).outcomes if state.phase <= ROLL else ()

    def dice_at(self, state: State) -> Dice:
        """The dice a chance node is waiting for (a roll-off pop is one d6)."""
        return self.dice if state.phase == ROLL else D6

    def sample_roll(self, state: State, rng: random.Random) -> Roll:
        """Draw the roll a chance node is waiting for."""
        return self.dice_at(state).sample(rng)

    def apply_roll(self, state: State, roll: Roll) -> State:
        if state.phase == ROLL:
            return _new(State, (
                state.pieces, MOVE, state.current, roll, state.streak, state.turn, state.finished,
                state.out, (), (), state.aux, "",
            ))  # fmt: skip
        return self._rolloff(state, roll)

    def roll(self, state: State, roll: Roll) -> State:
        """Checked ``apply_roll``."""
        if not state.is_chance:
            raise IllegalMoveError(f"no roll is due: {self.summary(state)}")
        if all(roll != r for r, _ in self.chance_outcomes(state)):
            raise IllegalMoveError(f"{roll!r} is not a possible roll: {self.summary(state)}")
        return self.apply_roll(state, roll)

    def _rolloff(self, state: State, roll: Roll) -> State:
        assert isinstance(roll, int)  # the roll-off always pops one d6
        pops = (*state.rolloff, roll)
        contenders = state.contenders
        if len(pops) < len(contenders):
            return state._replace(current=contenders[len(pops)], rolloff=pops)
        top = max(pops)
        tied = tuple(s for s, r in zip(contenders, pops, strict=True) if r == top)
        if len(tied) > 1:
            return state._replace(current=tied[0], contenders=tied, rolloff=())
        return state._replace(phase=Phase.ROLL, current=tied[0], turn=1, contenders=(), rolloff=())

    def legal_moves(self, state: State) -> list[Move]:
        """Never empty for a seat to move: when nothing can move, it holds the pass."""
        if state.phase != MOVE:
            return []
        moves = self.piece_moves(state)
        if not moves:
            return [PASS]
        if self.passes and self.may_pass(state):
            moves.append(PASS)
        return moves

    def play(self, state: State, move: Move) -> State:
        """Checked ``apply_move``: raises IllegalMoveError naming the move and position."""
        if state.phase != Phase.MOVE:
            raise IllegalMoveError(f"{move} cannot be played now: {self.summary(state)}")
        if move not in self.legal_moves(state):
            raise IllegalMoveError(f"{move} is not a legal move: {self.summary(state)}")
        return self.apply_move(state, move)

    def apply_move(self, state: State, move: Move) -> State:
        seat = state.current
        finished, out, aux = state.finished, state.out, state.aux
        if move.is_pass:
            pieces = state.pieces
        else:
            pieces = self.move_pieces(state, move)
            owner = self.piece_owner(state, move) if self.moves_others else seat
            if owner not in finished and self.seat_finished(pieces, owner):
                finished += (owner,)
            if self.eliminates:
                out = self._eliminations(pieces, finished, out)
            if finished is not state.finished or out is not state.out:
                end = self._game_over(finished, out)
                if end:
                    aux = self.next_aux(state, move, pieces)
                    return _state(
                        pieces, OVER, seat, None, state.streak, state.turn, finished, out, (), (),
                        aux, end,
                    )  # fmt: skip
        if self.counts_aux:
            aux = self.next_aux(state, move, pieces)
        if self.extra_roll(state, move) and self.seat_active(seat, finished, out):
            return _new(State, (
                pieces, ROLL, seat, None, state.streak + 1, state.turn, finished, out, (), (),
                aux, "",
            ))  # fmt: skip
        nxt = self.next_seat[seat]
        if finished or out or self.moves_others:
            while not self.seat_active(nxt, finished, out):
                nxt = self.next_seat[nxt]
        following = _new(State, (
            pieces, ROLL, nxt, None, 0, state.turn + 1, finished, out, (), (), aux, ""
        ))  # fmt: skip
        if self.stops:
            stop = self.stop_after(following)
            if stop:
                return following._replace(phase=Phase.OVER, end=stop)
        return following

    def seat_active(self, seat: int, finished: tuple[int, ...], out: tuple[int, ...]) -> bool:
        return seat not in finished and seat not in out

    def _eliminations(
        self, pieces: Pieces, finished: tuple[int, ...], out: tuple[int, ...]
    ) -> tuple[int, ...]:
        for seat in range(len(self.colours)):
            if seat not in out and seat not in finished and self.eliminated(pieces, seat):
                out += (seat,)
        return out

    def side_done(self, side: int, finished: tuple[int, ...]) -> bool:
        return all(s in finished for s in self.side_seats[side])

    def _game_over(self, finished: tuple[int, ...], out: tuple[int, ...]) -> str:
        done = sum(1 for side in range(self.side_count) if self.side_done(side, finished))
        standing = (
            self.side_count
            - done
            - sum(1 for side in range(self.side_count) if self._side_out(side, out))
        )
        if done and not self.play_on():
            return "first place decided"
        if standing <= 1:
            return "all places decided" if done or standing else "no side left"
        return ""

    def _side_out(self, side: int, out: tuple[int, ...]) -> bool:
        return all(s in out for s in self.side_seats[side])

    def decided(self, state: State) -> dict[int, int]:
        """The places already settled, by side: sides finished take the top places in the
        order they finished, sides out of the game the bottom ones (the first out, last)."""
        places: dict[int, int] = {}
        for seat in state.finished:
            side = self.sides[seat]
            if side not in places and self.side_done(side, state.finished):
                places[side] = len(places) + 1
        out = 0
        for seat in state.out:
            side = self.sides[seat]
            if side not in places and self._side_out(side, state.out):
                places[side] = self.side_count - out
                out += 1
        return places

    def outcome(self, state: State) -> Outcome:
        """Places of every side; meaningful once the game is over."""
        settled = self.decided(state)
        rest = [s for s in range(self.side_count) if s not in settled]
        free = min(set(range(1, self.side_count + 1)) - set(settled.values()), default=1)
        places = [settled.get(side, 0) for side in range(self.side_count)]
        side_score = {
            side: sum(self.score(state, seat) for seat in self.side_seats[side]) for side in rest
        }
        for side in rest:
            places[side] = free + sum(1 for other in rest if side_score[other] > side_score[side])
        winners = tuple(s for s in range(self.side_count) if places[s] == 1)
        return Outcome(tuple(places), winners, state.end)

    def returns(self, state: State) -> tuple[float, ...]:
        """Per-side reward in [0, 1]: 1 for first place, 0 for last, linear between."""
        return tuple(self.place_reward(p) for p in self.outcome(state).places)

    def place_reward(self, place: int) -> float:
        return (self.side_count - place) / max(self.side_count - 1, 1)
