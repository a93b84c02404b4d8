"""Ludo ``variant=ludopy``: Danish Ludo exactly as the LUDOpy 1.5.0 package plays it,
quirks included (docs/rules/ludo.md section 3; checked move for move against the package by
tests/games/test_ludo_ludopy.py). ``get_rules("ludo", n, {"variant": "ludopy"})`` builds it.

Rules used:
- One die; player 0 (red) starts, no roll-off; 4 seats in LUDOpy's order, absent seats are
  LUDOpy's ghost players.
- In round 1 a player whose pins are all at home after its roll rolls again, up to 3 times
  (4 rolls); a 6 there brings a pin out and ends the turn. From round 2 every 6 gives
  another roll, without limit.
- Any pin not at goal may move (home pins only with a 6, to the start); useless and
  suicidal moves are legal. Landing resolution, globes, enemy globes, stars, the goal
  star, the bounce at the goal and the home-stretch quirk follow ``Player.move_piece``
  (see ``LudopyLudo._plan``).

Positions are ours, LUDOpy's index minus 1: -1 home (its 0), 0 start, 0..50 the loop,
51..55 the home stretch (its 52..56), 56 the goal (its 57).
"""

from __future__ import annotations

from pegrace.dice import D6, Roll
from pegrace.engine import Pieces
from pegrace.games.ludo import (
    LP_GLOBES,
    LP_GOAL,
    LP_GOAL_STAR,
    LP_STARS,
    DieMove,
    Ludo,
    per_position,
)
from pegrace.moves import Move
from pegrace.state import Phase, State

# A square's enemies, in LUDOpy's order (1, 2, 3 places ahead): (seat, the position in that
# seat's frame at which its pins count as being on the square, whether one pin there is
# enough to send the mover home). Only the first enemy found on a square is considered.
Probe = tuple[tuple[int, int, bool], ...]
# A move worked out once: where the pin ends if nothing sends it home, and the squares whose
# enemies are then resolved (a lone pin is sent home, a stack of two or more or a pin whose
# presence is enough sends the mover home).
Plan = tuple[int, tuple[Probe, ...]]


class LudopyLudo(Ludo):
    """The LUDOpy rule set; every move is resolved from a plan made in ``setup``."""

    is_ludopy = True
    counts_aux = True  # LUDOpy's round and start attempts

    def setup(self) -> None:
        self.dice = D6
        self._build(52, 13, 6, 50, "goal")
        self.reach = self.base_reach = 6
        starts = [self.track.board.starts[c] for c in self.all_colours]
        # for the evaluation only: where a pin is never hit (globes, starts)
        self.safe = frozenset([*starts, *((s + g - 1) % 52 for s in starts for g in LP_GLOBES)])
        # LUDOpy's player index of each seat (absent colours are its ghost players)
        self.lp_index = tuple(self.all_colours.index(c) for c in self.colours)
        self.last_seat = len(self.colours) - 1
        self.next_star = {s: LP_STARS[(i + 1) % len(LP_STARS)] for i, s in enumerate(LP_STARS)}
        self.die_moves = tuple(
            tuple(DieMove(o, d, f"{self.track.position_name(o)}+{d}") for d in range(7))
            for o in range(-1, self.goal + 1)
        )
        # plans[seat][origin + 1][die]
        self.plans = tuple(
            tuple(tuple(self._plan(seat, o, d) for d in range(7)) for o in range(-1, self.goal + 1))
            for seat in range(len(self.colours))
        )
        # movable[die][origin + 1]: the move of a pin there, or None (at the goal; at home
        # without a 6)
        self.movable: dict[Roll | None, tuple[Move | None, ...]] = {
            d: tuple(
                None if o == self.goal or (o < 0 and d != 6) else self.die_moves[o + 1][d]
                for o in range(-1, self.goal + 1)
            )
            for d in range(1, 7)
        }

    def _plan(self, seat: int, origin: int, die: int) -> Plan:
        """``Player.move_piece`` for a pin at ``origin`` (our frame) moved by ``die``, branch
        by branch, with LUDOpy's squares (ours + 1)."""
        old, new = origin + 1, origin + 1 + die
        if old == LP_GOAL or (old == 0 and die != 6):
            return origin, ()  # not a legal move; LUDOpy would leave the pin
        if old >= 52:  # home stretch: no enemy checks; overshoot bounces to 57 - die
            return (new if new <= LP_GOAL else LP_GOAL - die) - 1, ()
        if old == 0:
            return 0, self._probes(seat, (1,))  # out onto the start, a plain square
        if new == LP_GOAL_STAR:
            return LP_GOAL - 1, self._probes(seat, (new,))  # straight to the goal
        if new in self.next_star:  # the star and the star it jumps to are both resolved
            return self.next_star[new] - 1, self._probes(seat, (new, self.next_star[new]))
        return new - 1, self._probes(seat, (new,))

    def _probes(self, seat: int, squares: tuple[int, ...]) -> tuple[Probe, ...]:
        """The probes of LUDOpy squares of ``seat``'s frame (``enemy_pos_at_pos`` and
        ``get_enemy_at_pos``, quirks kept), leaving out squares no enemy can be on."""
        seat_of_index = {index: s for s, index in enumerate(self.lp_index)}
        me = self.lp_index[seat]
        probes = []
        for x in squares:
            probe: list[tuple[int, int, bool]] = []
            for k in (1, 2, 3):
                enemy = seat_of_index.get((me + k) % 4)
                if enemy is None or x > 52:  # a ghost, or the home stretch past 52
                    continue
                if x == 13 * k + 1:
                    # enemy k's start globe: one of its pins there sends the mover home, and
                    # (quirk) so does one on its 52 (our 51)
                    probe += [(enemy, 0, True), (enemy, 51, True)]
                else:
                    probe.append((enemy, (x - 1 - 13 * k) % 52, x in LP_GLOBES))
            if probe:
                probes.append(tuple(probe))
        return tuple(probes)

    # ---------------------------------------------------------------- the engine's hooks
    def initial_state(self) -> State:
        state = super().initial_state()  # LUDOpy has no roll-off: player 0 starts
        return state._replace(phase=Phase.ROLL, current=0, turn=1, contenders=())

    def initial_aux(self) -> tuple[int, ...]:
        return (1, 0)  # LUDOpy's round, start attempts

    def piece_moves(self, state: State) -> list[Move]:
        """One move per position of the mover's pins (pins on one square are alike)."""
        return per_position(self.movable[state.roll], state.pieces[state.current])

    def move_pieces(self, state: State, move: Move) -> Pieces:
        assert isinstance(move, DieMove)
        seat = state.current
        before = state.pieces
        origin = move.origin
        end, probes = self.plans[seat][origin + 1][move.die]
        captures: tuple[tuple[int, int], ...] = ()
        for probe in probes:
            for enemy, at, alone_enough in probe:
                theirs = before[enemy]
                if at in theirs:
                    if alone_enough or theirs.count(at) > 1:
                        end = -1
                    else:
                        captures += ((enemy, at),)
                    break
        row = list(before[seat])
        row[row.index(origin)] = end
        row.sort()
        pieces = list(before)
        pieces[seat] = tuple(row)
        for enemy, at in captures:
            theirs = pieces[enemy]
            i = theirs.index(at)
            pieces[enemy] = (-1, *theirs[:i], *theirs[i + 1 :])  # -1 sorts first
        return tuple(pieces)

    def extra_roll(self, state: State, move: Move) -> bool:
        round_, attempts = state.aux
        if round_ != 1:
            return state.roll == 6
        pieces = state.pieces if move.is_pass else self.move_pieces(state, move)
        return attempts < 3 and max(pieces[state.current]) < 0

    def next_aux(self, state: State, move: Move, pieces: Pieces) -> tuple[int, ...]:
        aux = state.aux
        round_, attempts = aux
        seat = state.current
        if round_ != 1:
            if state.roll == 6:
                return aux if attempts == 0 else (round_, 0)
        elif attempts < 3 and max(pieces[seat]) < 0:
            return (1, attempts + 1)  # another try to get out of home
        # the turn passes; LUDOpy counts a round when it wraps past its last player
        if seat == self.last_seat:
            return (round_ + 1, 0)
        nxt = self.next_seat[seat]
        while nxt > seat and pieces[nxt] == self.finished_row:
            nxt = self.next_seat[nxt]  # finished seats are skipped (play_on=on)
        if nxt < seat:
            return (round_ + 1, 0)
        return aux if attempts == 0 else (round_, 0)

    # ------------------------------------------------------------------ notation
    def check_pieces(self, pieces: Pieces) -> None:
        """Counts only: LUDOpy's quirks let colours share any square."""
        self._check_counts(pieces)

    def describe(self, state: State, move: Move) -> str:
        if not isinstance(move, DieMove):
            return super().describe(state, move)
        seat = state.current
        end, captured = self.die_move_result(state.pieces, seat, move.origin, move.die)
        text = f"{self.where(seat, move.origin)} by {move.die} -> {self.where(seat, end)}"
        if end < 0:
            text += " (the pin is sent back home)"
        for enemy in captured:
            text += f", sends {self.colours[enemy]} back home"
        return text

    def die_move_result(
        self, pieces: Pieces, seat: int, origin: int, die: int
    ) -> tuple[int, list[int]]:
        """Where the pin at ``origin`` moved by ``die`` ends (our frame; -1 when sent home)
        and the seats it sends a pin home, in LUDOpy's order, read off ``move_pieces``."""
        state = self.initial_state()._replace(pieces=pieces, phase=Phase.MOVE, current=seat)
        after = self.move_pieces(state, self.die_moves[origin + 1][die])
        left = list(after[seat])
        stayed = list(pieces[seat])
        stayed.remove(origin)
        for p in stayed:
            left.remove(p)
        _, probes = self.plans[seat][origin + 1][die]
        captured = [
            enemy
            for probe in probes
            for enemy, at, _ in probe
            if after[enemy].count(at) < pieces[enemy].count(at)
        ]
        return left[0], captured
