//! The fitted chance of winning of the race games that have one (two-dice Ludo's and
//! Trouble's): `WinModel`, a multinomial logit over the seats fitted to recorded self-play games
//! by `benchmarks/win_model.py`, and `FittedChances`, the model with the hit tables it reads.
//! Not the value learned by self-play (`value.rs`): this one is fitted once, offline, and
//! written here as a literal.

use crate::ai::hits::{HitTables, ReachMemo};
use crate::ai::race_eval::RaceEval;
use crate::ai::vocab::{turns_after, win_scale, Pieces, LOWEST_POSITION};
use crate::engine::MAX_SEATS;

/// `(steps / 100) ** 2` as Python works it out (`pow`): for the steps a race game's pieces can
/// have (under 9,597), a product gives the same double, far quicker (a test checks it).
fn squared(steps: i32) -> f64 {
    let x = f64::from(steps) / 100.0;
    x * x
}

/// Who wins a race game, as a multinomial logit over the seats (fitted to self-play by
/// `benchmarks/win_model.py`).
#[derive(Clone, Copy, Debug)]
pub struct WinModel {
    pub steps: f64,
    pub out: f64,
    pub lane: f64,
    pub exit: f64,
    pub lead: f64,
    pub steps_squared: f64,
    pub exposure: f64,
    pub tempo: [f64; MAX_SEATS],
}

/// The fitted chance of winning of a race game: its model and the tables it reads.
#[derive(Clone, Debug)]
pub struct FittedChances {
    model: WinModel,
    pub hits: HitTables,
    /// `[position - LOWEST_POSITION]`: what a piece there adds to its seat's strength.
    pin_strength: Vec<f64>,
    lane_start: i16,
    seats: usize,
}

impl FittedChances {
    pub fn new(model: WinModel, hits: HitTables, race: &RaceEval) -> Self {
        let (lane, goal) = (race.shape.lane_start, race.shape.goal);
        let pin_strength = (LOWEST_POSITION..=goal)
            .map(|p| {
                if p < 0 {
                    0.0
                } else {
                    model.steps * f64::from(p + 1)
                        + model.out
                        + model.lane * f64::from(u8::from(p >= lane))
                        + model.exit * f64::from(u8::from(p == goal))
                }
            })
            .collect();
        FittedChances {
            model,
            hits,
            pin_strength,
            lane_start: lane,
            seats: race.seats(),
        }
    }

    /// Each seat's chance of winning, `to_move` to roll next (`memo`: the seats' reach).
    pub fn chances(
        &self,
        pieces: &Pieces,
        to_move: usize,
        memo: &mut ReachMemo,
    ) -> [f64; MAX_SEATS] {
        let (m, count) = (&self.model, self.seats);
        let exposure = self.hits.expected_losses(pieces, count, to_move, memo);
        let mut strengths = [0.0; MAX_SEATS];
        for (seat, strength) in strengths.iter_mut().enumerate().take(count) {
            let row = &pieces[seat];
            let mut value =
                m.exposure * exposure[seat] + m.tempo[turns_after(seat, to_move, count)];
            let mut steps = 0;
            for &p in row {
                value += self.pin_strength[(p - LOWEST_POSITION) as usize];
                if p >= 0 {
                    steps += i32::from(p) + 1;
                }
            }
            let furthest = row.iter().max().map_or(0, |&p| i32::from(p) + 1);
            *strength = value + m.lead * f64::from(furthest) + m.steps_squared * squared(steps);
        }
        let top = strengths[..count]
            .iter()
            .copied()
            .fold(f64::NEG_INFINITY, f64::max);
        let mut shares = [0.0; MAX_SEATS];
        let mut total = 0.0;
        for (share, &strength) in shares.iter_mut().zip(&strengths).take(count) {
            *share = (strength - top).exp();
            total += *share;
        }
        for share in shares.iter_mut().take(count) {
            *share /= total;
        }
        shares
    }

    /// The model's weights in the order of `features` (the tempo of the seat to roll next, the
    /// baseline, left out).
    pub fn weights(&self) -> Vec<f64> {
        let m = &self.model;
        let fields = [
            m.steps,
            m.out,
            m.lane,
            m.exit,
            m.lead,
            m.steps_squared,
            m.exposure,
        ];
        fields
            .into_iter()
            .chain(m.tempo[1..].iter().copied())
            .collect()
    }

    /// Every seat's expected loss to the throws of the seats that move before its next turn,
    /// `to_move` to roll next.
    pub fn losses(&self, pieces: &Pieces, to_move: usize) -> [f64; MAX_SEATS] {
        let memo = &mut ReachMemo::default();
        self.hits.expected_losses(pieces, self.seats, to_move, memo)
    }

    /// Per seat, the features the model weighs (`WinModel`'s fields in order, the tempo as one
    /// 0/1 feature per later turn): what `benchmarks/win_model.py` fits it to.
    pub fn features(&self, pieces: &Pieces, to_move: usize) -> Vec<Vec<f64>> {
        let (losses, count) = (self.losses(pieces, to_move), self.seats);
        let goal = self.pin_strength.len() as i16 - 1 + LOWEST_POSITION;
        (0..count)
            .map(|seat| {
                let row = &pieces[seat];
                let out: Vec<i16> = row.iter().copied().filter(|&p| p >= 0).collect();
                let steps: i32 = out.iter().map(|&p| i32::from(p) + 1).sum();
                let count_of =
                    |test: &dyn Fn(i16) -> bool| out.iter().filter(|&&p| test(p)).count();
                let furthest = row.iter().max().map_or(0, |&p| i32::from(p) + 1);
                let mut features = vec![
                    f64::from(steps),
                    out.len() as f64,
                    count_of(&|p| p >= self.lane_start) as f64,
                    count_of(&|p| p == goal) as f64,
                    f64::from(furthest),
                    squared(steps),
                    losses[seat],
                ];
                let order = turns_after(seat, to_move, count);
                let tempo = 1..self.model.tempo.len();
                features.extend(tempo.map(|later| f64::from(u8::from(order == later))));
                features
            })
            .collect()
    }

    /// The chances centred like every evaluation and scaled so a certain win is a quarter of
    /// a finished game's win.
    pub fn values(&self, pieces: &Pieces, to_move: usize) -> [f64; MAX_SEATS] {
        self.values_with(pieces, to_move, &mut ReachMemo::default())
    }

    /// `values`, the seats' reach kept in `memo` from one call to the next.
    pub fn values_with(
        &self,
        pieces: &Pieces,
        to_move: usize,
        memo: &mut ReachMemo,
    ) -> [f64; MAX_SEATS] {
        let count = self.seats;
        let (scale, even) = (win_scale(count), 1.0 / count as f64);
        let mut values = self.chances(pieces, to_move, memo);
        for value in values.iter_mut().take(count) {
            *value = scale * (*value - even);
        }
        values
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_product_squares_every_step_count_as_pow_does() {
        for steps in 0..9_597 {
            let x = f64::from(steps) / 100.0;
            assert_eq!(squared(steps), x.powf(2.0), "{steps}");
        }
    }
}
