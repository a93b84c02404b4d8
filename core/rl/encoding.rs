//! Each game's fixed action space and observation for a learner, seen from one seat (the
//! layout docs/rl.md tabulates; `pegrace.rl.encoding` reads it), with what each move would do
//! where asked (`moves`).

use crate::ai::judge::Judge;
use crate::engine::{Game, MoveView, Phase, RaceShape, State, PIECES};
use crate::games::headache::{HEIGHT_BITS, HEIGHT_MASK, SPACES};
use crate::rl::moves::{observe_moves, MOVE_FEATURES};

/// Observations list 4 seats, whatever the player count; a roll is up to two dice of 6 faces.
const SEATS: usize = 4;
const FACES: usize = 6;
/// A bonus move's count as observed: Parchís' largest, 20, is 1.
const BONUS_SCALE: f32 = 20.0;
/// Headache's START as an action's origin (past the board's spaces).
const START_ORIGIN: usize = SPACES;
/// The longest observation (two-dice Ludo's with what each move would do).
pub const MAX_OBSERVATION: usize =
    SEATS * PIECES * 2 + SEATS + 2 * FACES + (2 * PIECES * (PIECES + 1) + 1) * MOVE_FEATURES;

/// How a game's moves become actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Layout {
    /// `owner * 4 + piece` (9): one piece moves with one die (Trouble, one-die Ludo, Marbles).
    OneDie,
    /// `(die * 4 + first) * 5 + second` (41): two-dice Ludo's ordered uses of the dice.
    TwoDice,
    /// `(origin * 48 + target) * 2 + ccw` (4,705): Headache's cones and stacks.
    Headache,
}

/// A game's action space and observation (`pegrace.rl.encoding`).
#[derive(Clone, Debug)]
pub struct Encoding {
    layout: Layout,
    seats: usize,
    race: Option<RaceShape>,
    /// Whether observations end with what each move would do (`rl_moves`; race games only).
    pub moves: bool,
}

impl Encoding {
    /// The encoding of `rules`' game.
    pub fn of<G: Game>(rules: &G) -> Self {
        match rules.race_shape() {
            Some(shape) => Encoding::race(shape, rules.dice_per_move() == 2),
            None => Encoding::headache(rules.table().seats),
        }
    }

    /// A race game's: one die, or two-dice Ludo's two.
    pub fn race(shape: RaceShape, two_dice: bool) -> Self {
        Encoding {
            layout: if two_dice {
                Layout::TwoDice
            } else {
                Layout::OneDie
            },
            seats: shape.seats,
            race: Some(shape),
            moves: false,
        }
    }

    pub fn headache(seats: usize) -> Self {
        Encoding {
            layout: Layout::Headache,
            seats,
            race: None,
            moves: false,
        }
    }

    /// How many actions the game has (the last is the pass).
    pub fn actions(&self) -> usize {
        match self.layout {
            Layout::OneDie => 2 * PIECES + 1,
            Layout::TwoDice => 2 * PIECES * (PIECES + 1) + 1,
            Layout::Headache => (SPACES + 1) * SPACES * 2 + 1,
        }
    }

    /// What each move would do, after the board (`rl_moves`); an error for Headache, whose
    /// 4,705 actions would make the observation 66,000 numbers long.
    pub fn with_moves(mut self) -> Result<Self, String> {
        if self.race.is_none() {
            return Err("observation 'moves' is for the race games, not Headache".into());
        }
        self.moves = true;
        Ok(self)
    }

    pub fn observation_size(&self) -> usize {
        self.board_size()
            + if self.moves {
                self.actions() * MOVE_FEATURES
            } else {
                0
            }
    }

    /// The board, the seat to act and the dice: the observation without the moves' blocks.
    pub fn board_size(&self) -> usize {
        let seat_and_roll = SEATS + 2 * FACES;
        match self.layout {
            Layout::Headache => SPACES * (SEATS + 1) + SEATS + seat_and_roll,
            _ => SEATS * PIECES * 2 + seat_and_roll,
        }
    }

    /// `state` as `seat` sees it with what each move would do where `moves` asks for it.
    pub fn observe_judged<J: Judge>(&self, judge: &J, state: &State, seat: usize, out: &mut [f32]) {
        let board = self.board_size();
        self.observe(judge.rules(), state, seat, &mut out[..board]);
        if let (true, Some(shape)) = (self.moves, &self.race) {
            let blocks = &mut out[board..];
            blocks.fill(0.0);
            observe_moves(judge, |s, v| self.action(s, v), shape, state, seat, blocks);
        }
    }

    /// The action of a legal move of `state`'s seat to move (`view`: the move as Python
    /// holds it).
    pub fn action(&self, state: &State, view: &MoveView) -> usize {
        let Some(&(die, origin, target)) = view.uses.first() else {
            return self.actions() - 1;
        };
        let row = &state.pieces[view.owner as usize];
        let index = |row: &[i16], at: i16| row.iter().position(|&p| p == at).unwrap_or(0);
        match self.layout {
            Layout::Headache => {
                let from = if view.from_start {
                    START_ORIGIN
                } else {
                    origin as usize
                };
                (from * SPACES + target as usize) * 2 + usize::from(view.backward)
            }
            Layout::TwoDice => {
                let first = index(row, origin);
                let mut after = *row;
                after[first] = target;
                after.sort_unstable();
                let second = view.uses.get(1).map_or(PIECES, |u| index(&after, u.1));
                let lower = die != state.roll[0].min(state.roll[1]);
                (usize::from(lower) * PIECES + first) * (PIECES + 1) + second
            }
            Layout::OneDie => {
                usize::from(view.owner != state.current) * PIECES + index(row, origin)
            }
        }
    }

    /// The board part of `state` as `seat` sees it, into `out` (every value written).
    fn observe<G: Game>(&self, rules: &G, state: &State, seat: usize, out: &mut [f32]) {
        out.fill(0.0);
        let at = match &self.race {
            Some(shape) => self.observe_race(shape, state, seat, out),
            None => self.observe_headache(state, seat, out),
        };
        self.seat_and_roll(rules, state, seat, &mut out[at..]);
    }

    /// A seat's place round the table from `seat` (0: `seat` itself).
    fn round(&self, seat: usize, other: usize) -> usize {
        (other + self.seats - seat) % self.seats
    }

    fn observe_race(
        &self,
        shape: &RaceShape,
        state: &State,
        seat: usize,
        out: &mut [f32],
    ) -> usize {
        let loop_len = shape.space_of[0].len() as i16;
        let mine = shape.space_of[seat][0];
        let goal = f64::from(shape.goal + 1);
        for other in 0..self.seats {
            let k = self.round(seat, other);
            for (p, &position) in state.pieces[other].iter().enumerate() {
                let at = (k * PIECES + p) * 2;
                if position >= 0 {
                    out[at] = (f64::from(position + 1) / goal) as f32;
                }
                out[at + 1] = if (0..shape.lane_start).contains(&position) {
                    let space = shape.space_of[other][(position % loop_len) as usize];
                    (f64::from((space - mine).rem_euclid(loop_len)) / f64::from(loop_len)) as f32
                } else {
                    -1.0
                };
            }
        }
        SEATS * PIECES * 2
    }

    fn observe_headache(&self, state: &State, seat: usize, out: &mut [f32]) -> usize {
        let start_counts = SPACES * (SEATS + 1);
        let mut tops = [-1i16; SPACES];
        for other in 0..self.seats {
            let k = self.round(seat, other);
            for &cone in &state.pieces[other] {
                if cone < 0 {
                    out[start_counts + k] += 1.0 / PIECES as f32;
                    continue;
                }
                let (space, height) = ((cone >> HEIGHT_BITS) as usize, cone & HEIGHT_MASK);
                if height > tops[space] {
                    // the top cone owns the stack
                    tops[space] = height;
                    let cell = &mut out[space * (SEATS + 1)..(space + 1) * (SEATS + 1)];
                    cell.fill(0.0);
                    cell[k] = 1.0;
                    cell[SEATS] = (f64::from(height + 1) / 16.0) as f32;
                }
            }
        }
        start_counts + SEATS
    }

    /// The seat to act (from `seat`), then the dice: one-hot of 6 per die (Headache: the
    /// number die, then its bonus dot where a second die would be; a bonus move due, as
    /// Parchís' 20 after a capture: no die, its count / 20 where a second die would be).
    fn seat_and_roll<G: Game>(&self, rules: &G, state: &State, seat: usize, out: &mut [f32]) {
        if state.phase != Phase::Over {
            out[self.round(seat, state.current as usize)] = 1.0;
        }
        let bonus = rules.bonus(state);
        if bonus > 0 {
            out[SEATS + FACES] = f32::from(bonus) / BONUS_SCALE;
            return;
        }
        if state.roll[0] == 0 {
            return;
        }
        let dice = rules.outcome_numbers(state.roll);
        if self.layout == Layout::Headache {
            out[SEATS + usize::from(dice[0]) - 1] = 1.0;
            out[SEATS + FACES] = f32::from(dice[1]);
            return;
        }
        for (k, &face) in dice.iter().take(2).enumerate() {
            out[SEATS + k * FACES + usize::from(face) - 1] = 1.0;
        }
    }
}
