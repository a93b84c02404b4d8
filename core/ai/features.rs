//! The sparse features a learned value weighs, per game (`value.rs` holds the model over
//! them). In the race games: where each piece stands (one weight per position, a learned table
//! of what a piece there is worth), the square of the steps come, the leading piece, the
//! expected loss to the next throws of the seats before the seat's next turn; in Headache the
//! cones owned, their exposure, the biggest stack within reach, stacks, cones in START. In
//! every game, how many turns away the seat's own turn is.

use crate::ai::headache_eval::HeadacheEval;
use crate::ai::hits::{one_die_hits, HitTables, ReachMemo};
use crate::ai::race_eval::RaceEval;
use crate::ai::vocab::{turns_after, Pieces, Terms, LOWEST_POSITION};
use crate::engine::MAX_SEATS;

/// What a game's features are made of.
#[derive(Clone, Debug)]
pub enum Features {
    Race(RaceFeatures),
    Headache(Box<HeadacheEval>),
}

/// The race games' features (see the module's header).
#[derive(Clone, Debug)]
pub struct RaceFeatures {
    hits: HitTables,
    /// How many positions a piece can have (from `LOWEST_POSITION` to the goal).
    positions: usize,
    seats: usize,
}

/// Headache's features, in this order, then the tempo.
const HEADACHE_FEATURES: [&str; 7] = [
    "cones owned / 4",
    "cones owned squared / 16",
    "expected cones lost / 4",
    "biggest stack in reach / 4",
    "stacks",
    "cones in START / 4",
    "tallest stack / 4",
];

impl Features {
    /// A one-die race game's features: a piece enters on the `entering` rolls.
    pub fn one_die(race: &RaceEval, entering: &[i16]) -> Self {
        Features::race(race, one_die_hits(race, entering))
    }

    pub fn race(race: &RaceEval, hits: HitTables) -> Self {
        let positions = (race.shape.goal - LOWEST_POSITION + 1) as usize;
        Features::Race(RaceFeatures {
            hits,
            positions,
            seats: race.seats(),
        })
    }

    /// Every seat's expected loss in steps to the throws of the seats before its next turn,
    /// `to_move` to roll next (the race games' hit tables; none for Headache).
    pub fn expected_losses(
        &self,
        pieces: &Pieces,
        to_move: usize,
        memo: &mut ReachMemo,
    ) -> Option<[f64; MAX_SEATS]> {
        match self {
            Features::Race(r) => Some(r.hits.expected_losses(pieces, r.seats, to_move, memo)),
            Features::Headache(_) => None,
        }
    }

    fn seats(&self) -> usize {
        match self {
            Features::Race(r) => r.seats,
            Features::Headache(h) => h.rules.table.seats,
        }
    }

    /// The features' names, a weight each.
    pub fn names(&self) -> Vec<String> {
        let mut names: Vec<String> = match self {
            Features::Race(r) => {
                let mut names: Vec<String> = (0..r.positions)
                    .map(|p| format!("a piece at {}", p as i16 + LOWEST_POSITION))
                    .collect();
                names.extend(
                    [
                        "steps squared / 10,000",
                        "leading piece / 10",
                        "expected loss / 10",
                    ]
                    .map(String::from),
                );
                names
            }
            Features::Headache(_) => HEADACHE_FEATURES.map(String::from).to_vec(),
        };
        // as many as four seats have: a model learned with four plays with fewer
        names.extend((1..MAX_SEATS).map(|later| format!("moves {later} turns later")));
        names
    }

    /// Every seat's features with `to_move` to roll next.
    pub fn terms(&self, pieces: &Pieces, to_move: usize, memo: &mut ReachMemo) -> Terms {
        let mut terms = Terms {
            to_move,
            ..Terms::default()
        };
        let seats = self.seats();
        let tempo = match self {
            Features::Race(r) => r.terms(pieces, to_move, memo, &mut terms),
            Features::Headache(h) => headache_terms(h, pieces, to_move, &mut terms),
        };
        for seat in 0..seats {
            let later = turns_after(seat, to_move, seats);
            if later > 0 {
                terms.push(seat, tempo + later - 1, 1.0);
            }
        }
        terms
    }
}

impl RaceFeatures {
    /// The race terms; the index the tempo's weights start at.
    fn terms(
        &self,
        pieces: &Pieces,
        to_move: usize,
        memo: &mut ReachMemo,
        terms: &mut Terms,
    ) -> usize {
        let losses = self.hits.expected_losses(pieces, self.seats, to_move, memo);
        let p = self.positions;
        for (seat, row) in pieces.iter().enumerate().take(self.seats) {
            let mut steps = 0;
            for &at in row {
                terms.push(seat, (at - LOWEST_POSITION) as usize, 1.0);
                if at >= 0 {
                    steps += i32::from(at) + 1;
                }
            }
            let furthest = row.iter().max().map_or(0, |&at| i32::from(at) + 1);
            let steps = f64::from(steps) / 100.0;
            terms.push(seat, p, steps * steps);
            terms.push(seat, p + 1, f64::from(furthest) / 10.0);
            terms.push(seat, p + 2, losses[seat] / 10.0);
        }
        p + 3
    }
}

fn headache_terms(
    judge: &HeadacheEval,
    pieces: &Pieces,
    to_move: usize,
    terms: &mut Terms,
) -> usize {
    let standings = judge.standings(pieces, Some(to_move));
    for (seat, s) in standings.iter().enumerate().take(judge.rules.table.seats) {
        let owned = f64::from(s.owned) / 4.0;
        terms.playing[seat] = s.owned > 0;
        let values = [
            owned,
            owned * owned,
            s.risk / 4.0,
            f64::from(s.chance) / 4.0,
            f64::from(s.stacks),
            f64::from(s.start) / 4.0,
            f64::from(s.tallest) / 4.0,
        ];
        for (index, value) in values.into_iter().enumerate() {
            terms.push(seat, index, value);
        }
    }
    HEADACHE_FEATURES.len()
}
