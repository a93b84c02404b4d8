//! The race games' evaluation: each piece's standing on its path, minus what an exposed piece
//! costs where an opponent's next roll could reach it; a side's value is its own against the
//! other sides'. Every sum runs in the order the Python evaluation summed, so the values are
//! the recorded ones bit for bit (tests/corpus/players.json.xz).

use crate::ai::vocab::{Pieces, Values, LOWEST_POSITION};
use crate::engine::{RaceShape, Row, MAX_SEATS};

/// A race game's evaluation weights (the race games' defaults and a game's own).
#[derive(Clone, Copy, Debug)]
pub struct RaceWeights {
    pub out_bonus: f64,
    pub lane_bonus: f64,
    pub goal_bonus: f64,
    pub risk_share: f64,
    pub risk_flat: f64,
    /// The farthest one roll carries a piece, and how far a piece entering can hit.
    pub reach: i16,
    pub base_reach: i16,
}

pub const RACE_WEIGHTS: RaceWeights = RaceWeights {
    out_bonus: 8.0,
    lane_bonus: 10.0,
    goal_bonus: 0.0,
    risk_share: 0.5,
    risk_flat: 4.0,
    reach: 6,
    base_reach: 1,
};

/// A set of loop spaces, bit `s` for space `s` (Parchís' 68 need more than 64 bits).
type Spaces = u128;

/// The race evaluation's tables, built once per rules: bitmasks over the loop spaces (bit `s`
/// is space `s`), so an exposure check is a few ORs and ANDs.
#[derive(Clone, Debug)]
pub struct RaceEval {
    pub shape: RaceShape,
    sides: [u8; MAX_SEATS],
    /// `[seat][loop position]`: the spaces a piece there can hit.
    ahead: Vec<Vec<Spaces>>,
    /// `[seat]`: the spaces a piece entering from the base can hit.
    from_base: Vec<Spaces>,
    /// `[seat][position < lane]`: its space's bit, 0 where it is never hit.
    bit: Vec<Vec<Spaces>>,
    /// `[position]`: what an exposed piece there costs.
    cost: Vec<f64>,
    /// `[position - LOWEST_POSITION]`: a piece's standing there.
    pub worth: Vec<f64>,
}

impl RaceEval {
    pub fn new(shape: RaceShape, sides: [u8; MAX_SEATS], weights: RaceWeights) -> Self {
        let lane = shape.lane_start;
        let loop_len = shape.space_of[0].len() as i16;
        assert!(
            loop_len as u32 <= Spaces::BITS,
            "{loop_len} loop spaces: a mask holds 128"
        );
        let spaces = |seat: usize, relative: std::ops::Range<i16>| -> Spaces {
            relative.fold(0, |mask, h| mask | 1 << shape.space_of[seat][h as usize])
        };
        let seats = 0..shape.seats;
        let ahead = seats
            .clone()
            .map(|s| {
                (0..lane)
                    .map(|q| spaces(s, q + 1..(q + weights.reach).min(lane - 1) + 1))
                    .collect()
            })
            .collect();
        let bit = seats
            .clone()
            .map(|s| {
                (0..lane)
                    .map(|p| {
                        let space = shape.space_of[s][(p % loop_len) as usize];
                        if shape.safe[space as usize] {
                            0
                        } else {
                            1 << space
                        }
                    })
                    .collect()
            })
            .collect();
        let from_base = seats.map(|s| spaces(s, 0..weights.base_reach)).collect();
        let cost = (0..lane)
            .map(|p| weights.risk_share * f64::from(p + 1) + weights.risk_flat)
            .collect();
        let worth = (LOWEST_POSITION..=shape.goal)
            .map(|p| {
                let mut value = f64::from(p + 1);
                if p >= 0 {
                    value += weights.out_bonus;
                }
                if p >= lane {
                    value += weights.lane_bonus;
                }
                if p == shape.goal {
                    value += weights.goal_bonus;
                }
                value
            })
            .collect();
        RaceEval {
            shape,
            sides,
            ahead,
            from_base,
            bit,
            cost,
            worth,
        }
    }

    pub fn seats(&self) -> usize {
        self.shape.seats
    }

    pub fn standing(&self, row: &Row) -> f64 {
        let mut value = 0.0;
        for &p in row {
            value += self.worth[(p - LOWEST_POSITION) as usize];
        }
        value
    }

    /// For each seat, the loop spaces one of its pieces could hit with its next roll.
    fn threat_masks(&self, pieces: &Pieces) -> [Spaces; MAX_SEATS] {
        let mut masks = [0; MAX_SEATS];
        for (seat, mask) in masks.iter_mut().enumerate().take(self.seats()) {
            let row = &pieces[seat];
            if row[0] < 0 {
                *mask = self.from_base[seat];
            }
            for &q in row {
                if (0..self.shape.lane_start).contains(&q) {
                    *mask |= self.ahead[seat][q as usize];
                }
            }
        }
        masks
    }

    /// What `seat`'s pieces on spaces in `others` (the opponents' reach) cost.
    fn exposure(&self, row: &Row, seat: usize, others: Spaces) -> f64 {
        if others == 0 {
            return 0.0;
        }
        let mut risk = 0.0;
        for &p in row {
            if (0..self.shape.lane_start).contains(&p) && others & self.bit[seat][p as usize] != 0 {
                risk += self.cost[p as usize];
            }
        }
        risk
    }

    /// `seat`'s exposure to the other seats' next rolls.
    pub fn at_risk(&self, pieces: &Pieces, seat: usize) -> f64 {
        let masks = self.threat_masks(pieces);
        let others = (0..self.seats())
            .filter(|&o| o != seat)
            .fold(0, |all, o| all | masks[o]);
        self.exposure(&pieces[seat], seat, others)
    }

    /// Every seat's exposure to the other seats' next rolls at once.
    pub fn exposures(&self, pieces: &Pieces) -> [f64; MAX_SEATS] {
        let masks = self.threat_masks(pieces);
        let mut exposures = [0.0; MAX_SEATS];
        for (seat, exposure) in exposures.iter_mut().enumerate().take(self.seats()) {
            let others = (0..self.seats())
                .filter(|&o| o != seat)
                .fold(0, |all, o| all | masks[o]);
            *exposure = self.exposure(&pieces[seat], seat, others);
        }
        exposures
    }

    /// Each side's standing less its exposure, against the others'.
    pub fn sides(&self, pieces: &Pieces, side_count: usize) -> Values {
        let exposure = self.exposures(pieces);
        let seats = self.seats();
        let mut standing = [0.0; MAX_SEATS];
        let mut total = 0.0;
        for (s, value) in standing.iter_mut().enumerate().take(seats) {
            *value = self.standing(&pieces[s]);
            total += *value;
        }
        let mut values = [0.0; MAX_SEATS];
        if side_count == seats {
            let rest = (seats - 1) as f64;
            for (s, value) in values.iter_mut().enumerate().take(seats) {
                *value = standing[s] - exposure[s] - (total - standing[s]) / rest;
            }
            return values;
        }
        for (side, value) in values.iter_mut().enumerate().take(side_count) {
            let ours = (0..seats).filter(|&s| self.sides[s] as usize == side);
            let (mut own, mut count) = (0.0, 0);
            for s in ours.clone() {
                own += standing[s];
                count += 1;
            }
            let mut net = own;
            for s in ours {
                net -= exposure[s];
            }
            *value = net - (total - own) * f64::from(count) / f64::from(seats as u32 - count);
        }
        values
    }

    /// The side's standing less its exposure, against the other sides'.
    pub fn evaluate(&self, pieces: &Pieces, seat: usize, danger: impl Fn(usize) -> f64) -> f64 {
        let side = self.sides[seat];
        let (mut own, mut theirs, mut ours_count, mut theirs_count) = (0.0, 0.0, 0, 0);
        for (s, row) in pieces.iter().enumerate().take(self.seats()) {
            if self.sides[s] == side {
                own += self.standing(row) - danger(s);
                ours_count += 1;
            } else {
                theirs += self.standing(row);
                theirs_count += 1;
            }
        }
        own - theirs * f64::from(ours_count) / f64::from(theirs_count)
    }
}
