//! LUDOpy 1.5.0's Danish Ludo (`variant=ludopy`), quirks included.

use super::common::*;
use crate::engine::{
    self, Game, List, MoveView, Phase, RaceShape, Row, State, Table, MAX_SEATS, PIECES,
};
use crate::facts::{Fact, Facts};
use crate::refusal::Refusal;
use crate::spec::{Spec, Weights};

/// LUDOpy's squares, in its own frame (ours + 1): stars, globes, the goal star and the goal.
pub(super) const LP_STARS: [i16; 8] = [5, 12, 18, 25, 31, 38, 44, 51];
pub(super) const LP_GLOBES: [i16; 4] = [9, 22, 35, 48];

/// What Python's face reads: LUDOpy's stars and globes, by LUDOpy's own position (ours + 1).
pub const FACTS: Facts = &[
    ("ludopy_stars", Fact::Numbers(&LP_STARS)),
    ("ludopy_globes", Fact::Numbers(&LP_GLOBES)),
];
pub(super) const LP_GOAL_STAR: i16 = 51;
pub(super) const LP_GOAL: i16 = 57;
pub(super) const LUDOPY_GOAL: i16 = 56;
/// What the turn structure keeps in `aux`: LUDOpy's round, and the tries to get out of home.
pub(super) const ROUND: usize = 0;
pub(super) const ATTEMPTS: usize = 1;

/// Enemies on one square, in LUDOpy's order: (seat, the position in its frame at which its
/// pins count as there, whether one pin there is enough to send the mover home).
pub(super) type Probe = Vec<(usize, i16, bool)>;

/// A move worked out once: where the pin ends if nothing sends it home, and the squares
/// whose enemies are then resolved.
#[derive(Clone, Debug)]
pub(super) struct Plan {
    end: i16,
    probes: Vec<Probe>,
}

/// A LUDOpy move: the pin at `origin` moved by `die` (where it ends depends on the board).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct DieMove {
    pub origin: i16,
    pub die: u8,
    pub pass: bool,
}

pub type DieMoves = List<DieMove, 8>;

/// Ludo `variant=ludopy`: Danish Ludo exactly as the LUDOpy 1.5.0 package plays it, quirks
/// included (`pegrace.games.ludo.ludopy` lists its rules): no roll-off, three tries to get out
/// in the first round, stars, globes, the bounce at the goal; nothing is ever blocked.
#[derive(Clone, Debug)]
pub struct LudopyLudo {
    pub table: Table,
    plans: Vec<Vec<Vec<Plan>>>, // [seat][origin + 1][die]
    board: Board<CLASSIC_LOOP>,
}

impl LudopyLudo {
    pub fn new(players: usize, options: &[(String, String)]) -> Result<Self, Refusal> {
        let chosen = read_options(players, options)?;
        if chosen.variant != Variant::Ludopy {
            return Err("the variant is not ludopy".into());
        }
        let colours: Vec<usize> = chosen.colours.iter().map(|&c| c as usize).collect();
        let plans = (0..players)
            .map(|seat| {
                (-1..=LUDOPY_GOAL)
                    .map(|origin| {
                        (0..=6)
                            .map(|die| plan(&colours, seat, origin, die))
                            .collect()
                    })
                    .collect()
            })
            .collect();
        // where a pin is never hit: the starts and globes (of every colour, seated or not)
        let never_hit: Vec<usize> = [0, 13, 26, 39]
            .iter()
            .flat_map(|&s| {
                std::iter::once(s).chain(LP_GLOBES.iter().map(move |&g| (s + g as usize - 1) % 52))
            })
            .collect();
        let board = Board::new(chosen.colours, 13, CLASSIC_LANE, &never_hit);
        Ok(LudopyLudo {
            table: board.table(chosen.play_on),
            plans,
            board,
        })
    }

    pub fn shape(&self) -> RaceShape {
        self.board.shape(LUDOPY_GOAL, "goal")
    }

    /// Where the moved pin ends (home when an enemy sends it back) and the enemy pins it sends
    /// home (`Player.move_piece`, quirks kept).
    fn resolve(
        &self,
        before: &[Row; MAX_SEATS],
        seat: usize,
        chosen: DieMove,
    ) -> (i16, List<(usize, i16), 8>) {
        let plan = &self.plans[seat][(chosen.origin + 1) as usize][chosen.die as usize];
        let mut end = plan.end;
        let mut captures = List::<(usize, i16), 8>::default();
        for probe in &plan.probes {
            if let Some(&(enemy, at, alone)) = probe
                .iter()
                .find(|(enemy, at, _)| before[*enemy].contains(at))
            {
                if alone || before[enemy].iter().filter(|&&p| p == at).count() > 1 {
                    end = BASE;
                } else {
                    captures.push((enemy, at));
                }
            }
        }
        (end, captures)
    }

    /// The pieces after the move.
    fn moved(&self, before: &[Row; MAX_SEATS], seat: usize, chosen: DieMove) -> [Row; MAX_SEATS] {
        let (end, captures) = self.resolve(before, seat, chosen);
        let mut pieces = *before;
        let row = &mut pieces[seat];
        if let Some(i) = row.iter().position(|&p| p == chosen.origin) {
            row[i] = end;
        }
        engine::sort_row(row);
        for &(enemy, at) in captures.as_slice() {
            let theirs = &mut pieces[enemy];
            if let Some(i) = theirs.iter().position(|&p| p == at) {
                theirs[i] = BASE;
            }
            engine::sort_row(theirs);
        }
        pieces
    }

    fn extra_roll(&self, state: &State, after: &[Row; MAX_SEATS]) -> bool {
        if state.aux[ROUND] != 1 {
            return state.roll[0] == 6;
        }
        let seat = state.current as usize;
        state.aux[ATTEMPTS] < 3 && after[seat].iter().all(|&p| p < 0)
    }

    /// LUDOpy's round and tries after the move: a round counts when play wraps past its last
    /// player.
    fn next_aux(&self, state: &State, after: &[Row; MAX_SEATS]) -> (u16, u16) {
        let (round, attempts) = (state.aux[ROUND], state.aux[ATTEMPTS]);
        let seat = state.current;
        let reset = (round, 0); // the tries count only in round 1
        if round != 1 {
            if state.roll[0] == 6 {
                return reset;
            }
        } else if attempts < 3 && after[seat as usize].iter().all(|&p| p < 0) {
            return (1, attempts + 1); // another try to get out of home
        }
        if seat as usize == self.table.seats - 1 {
            return (round + 1, 0);
        }
        let mut next = self.table.next_seat[seat as usize];
        while next > seat && after[next as usize] == [LUDOPY_GOAL; PIECES] {
            next = self.table.next_seat[next as usize]; // finished seats are skipped
        }
        if next < seat {
            return (round + 1, 0);
        }
        reset
    }
}

/// `Player.move_piece` for a pin at `origin` (our frame) moved by `die`, worked out once.
pub(super) fn plan(colours: &[usize], seat: usize, origin: i16, die: i16) -> Plan {
    let (old, new) = (origin + 1, origin + 1 + die);
    let plain = |end: i16, squares: &[i16]| Plan {
        end,
        probes: probes(colours, seat, squares),
    };
    if die == 0 || old == LP_GOAL || (old == 0 && die != 6) {
        return plain(origin, &[]); // not a legal move
    }
    if old >= 52 {
        // the home stretch: no enemies; an overshoot bounces back from the goal
        return plain((if new <= LP_GOAL { new } else { LP_GOAL - die }) - 1, &[]);
    }
    if old == 0 {
        return plain(0, &[1]);
    }
    if new == LP_GOAL_STAR {
        return plain(LP_GOAL - 1, &[new]);
    }
    if let Some(i) = LP_STARS.iter().position(|&star| star == new) {
        let next = LP_STARS[(i + 1) % LP_STARS.len()];
        return plain(next - 1, &[new, next]);
    }
    plain(new - 1, &[new])
}

/// The enemies LUDOpy looks for on squares of `seat`'s frame, quirks kept.
pub(super) fn probes(colours: &[usize], seat: usize, squares: &[i16]) -> Vec<Probe> {
    let me = colours[seat];
    let seat_of = |index: usize| colours.iter().position(|&c| c == index);
    let mut found = Vec::new();
    for &x in squares {
        let mut probe = Probe::new();
        for k in 1..=3 {
            let Some(enemy) = seat_of((me + k) % 4) else {
                continue; // a ghost player
            };
            if x > 52 {
                continue;
            }
            if x == 13 * k as i16 + 1 {
                // an enemy's start globe: one pin there, or (quirk) on its 52, is enough
                probe.extend([(enemy, 0, true), (enemy, 51, true)]);
            } else {
                let at = (x - 1 - 13 * k as i16).rem_euclid(52);
                probe.push((enemy, at, LP_GLOBES.contains(&x)));
            }
        }
        if !probe.is_empty() {
            found.push(probe);
        }
    }
    found
}

/// What the game says of itself (`crate::spec`), the registry's line.
pub const SPEC: &Spec = &Spec {
    name: "ludo",
    variant: Some("ludopy"),
    options: OPTIONS,
    facts: FACTS,
    weights: Some(&Weights {
        model: "ludopy",
        json: include_str!("../../../src/pegrace/weights/ludopy.json"),
    }),
};

impl Game for LudopyLudo {
    const SPEC: &'static Spec = SPEC;
    type Move = DieMove;
    type Moves = DieMoves;

    fn table(&self) -> &Table {
        &self.table
    }

    fn race_shape(&self) -> Option<RaceShape> {
        Some(self.shape())
    }

    /// No roll-off: player 0 starts, in round 1.
    fn initial_state(&self) -> State {
        let mut state = self.table.initial_state([[BASE; PIECES]; MAX_SEATS]);
        state.phase = Phase::Roll;
        state.current = 0;
        state.turn = 1;
        state.contenders = engine::Seats::default();
        state.aux[ROUND] = 1;
        state
    }

    fn legal_moves(&self, state: &State) -> DieMoves {
        let mut moves = DieMoves::default();
        if state.phase != Phase::Move {
            return moves;
        }
        let die = state.roll[0];
        let mut previous = -2;
        for &origin in &state.pieces[state.current as usize] {
            if origin == previous {
                continue;
            }
            previous = origin;
            if origin != LUDOPY_GOAL && (origin >= 0 || die == 6) {
                moves.push(DieMove {
                    origin,
                    die,
                    pass: false,
                });
            }
        }
        if moves.is_empty() {
            moves.push(DieMove {
                pass: true,
                ..DieMove::default()
            });
        }
        moves
    }

    fn play(&self, state: &mut State, chosen: DieMove) {
        let seat = state.current;
        let after = if chosen.pass {
            state.pieces
        } else {
            self.moved(&state.pieces, seat as usize, chosen)
        };
        let again = self.extra_roll(state, &after);
        let (round, attempts) = self.next_aux(state, &after);
        state.aux[ROUND] = round;
        state.aux[ATTEMPTS] = attempts;
        state.pieces = after;
        let done = !chosen.pass && self.row_finished(&after[seat as usize]);
        self.table
            .after_move(state, seat, done.then_some(seat), &[], again);
    }

    fn is_pass(&self, chosen: DieMove) -> bool {
        chosen.pass
    }

    fn move_text(&self, _: &State, chosen: DieMove) -> String {
        if chosen.pass {
            return "pass".to_string();
        }
        let from = name(chosen.origin, CLASSIC_LANE, LUDOPY_GOAL, "goal");
        format!("{from}+{}", chosen.die)
    }

    fn piece_name(&self, _: usize, piece: i16) -> String {
        name(piece, self.board.lane_start, LUDOPY_GOAL, "goal")
    }

    fn read_piece(&self, seat: usize, text: &str, colour: &str) -> Result<i16, Refusal> {
        read(&self.shape(), seat, text, colour, "goal")
    }

    /// The pin's use of the die ends where LUDOpy puts it (a star's jump, the bounce at the
    /// goal; home when it is sent back).
    fn move_view(&self, state: &State, chosen: DieMove) -> MoveView {
        if chosen.pass {
            return MoveView::step(state, None);
        }
        let (end, _) = self.resolve(&state.pieces, state.current as usize, chosen);
        MoveView {
            uses: vec![(chosen.die, chosen.origin, end)],
            ..MoveView::step(state, None)
        }
    }

    fn row_finished(&self, row: &Row) -> bool {
        *row == [LUDOPY_GOAL; PIECES]
    }

    /// Any: LUDOpy's quirks let colours share any square.
    fn unreachable(&self, _: &[Row], _: &[String]) -> Option<Refusal> {
        None
    }

    fn aux_len(&self) -> usize {
        2
    }
}
