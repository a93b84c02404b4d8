//! Marbles' judge: the race evaluation with Marbles' weights, or in War, marbles left.

use crate::ai::features::Features;
use crate::ai::judge::{Judge, Judging};
use crate::ai::race_eval::{RaceEval, RaceWeights, RACE_WEIGHTS};
use crate::ai::value::Learning;
use crate::ai::vocab::{Pieces, Values};
use crate::engine::{Game, MAX_SEATS};
use crate::games::marbles::Marbles;

/// Marbles: an exposed marble costs a quarter of its steps (plus the flat part), not half.
const MARBLES_WEIGHTS: RaceWeights = RaceWeights {
    risk_share: 0.25,
    ..RACE_WEIGHTS
};

/// The expert's rollouts in Marbles: one round of four decisions (against 3 hard, 38.3%
/// [36.2, 40.5] of 2,000 games on seed 4040, as strong as its expectimax on the same games at a
/// seventh of the time: docs/results/expert-strength.md); in War, where no value is learned,
/// expectimax as before.
const ROLLOUT_HORIZON: u32 = 4;

impl Judging for Marbles {
    type Judge = MarblesJudge;

    fn judge(self) -> MarblesJudge {
        judge(self)
    }
}

fn judge(rules: Marbles) -> MarblesJudge {
    let race = RaceEval::new(rules.shape(), rules.table.sides, MARBLES_WEIGHTS);
    let sides = rules.table.sides;
    // War is won by marbles left, not by the race these features describe
    let features = (!rules.war()).then(|| Features::one_die(&race, &[1, 6]));
    let learning = Learning::new(Marbles::SPEC, features, &rules.table);
    MarblesJudge {
        rules,
        race,
        sides,
        learning,
    }
}

/// Marbles' evaluation: the race's, or in War marbles left, marbles on the loop and marbles
/// an opponent could remove with one roll.
pub struct MarblesJudge {
    pub rules: Marbles,
    pub race: RaceEval,
    pub sides: [u8; MAX_SEATS],
    pub learning: Learning,
}

const REMOVED: i16 = -2;
const MARBLES_LOOP: i16 = 56;

impl MarblesJudge {
    fn value(&self, pieces: &Pieces, seat: usize) -> f64 {
        if !self.rules.war() {
            return self.race.standing(&pieces[seat]) - self.race.at_risk(pieces, seat);
        }
        let row = &pieces[seat];
        let mut left = 0.0;
        for _ in row.iter().filter(|&&p| p != REMOVED) {
            left += 15.0;
        }
        let mut active = 0.0;
        for _ in row.iter().filter(|&&p| p >= 0) {
            active += 2.0;
        }
        left + active - 6.0 * f64::from(self.war_threats(pieces, seat))
    }

    fn war_threats(&self, pieces: &Pieces, seat: usize) -> u32 {
        let shape = &self.race.shape;
        let mut threatened = 0;
        for &p in pieces[seat].iter().filter(|&&p| p >= 0) {
            let space = shape.space_of[seat][p as usize];
            let hunted = (0..shape.seats)
                .filter(|&o| self.sides[o] != self.sides[seat])
                .any(|other| {
                    let here = shape.space_of[other]
                        .iter()
                        .position(|&s| s == space)
                        .unwrap_or(0) as i16;
                    let row = &pieces[other];
                    row.iter()
                        .filter(|&&q| q >= 0)
                        .any(|&q| (1..=6).contains(&(here - q).rem_euclid(MARBLES_LOOP)))
                        || (here == 0 && row.contains(&-1))
                });
            threatened += u32::from(hunted);
        }
        threatened
    }
}

impl Judge for MarblesJudge {
    type G = Marbles;
    fn rules(&self) -> &Marbles {
        &self.rules
    }

    fn evaluate(&self, pieces: &Pieces, seat: usize) -> f64 {
        let side = self.sides[seat];
        let (mut own, mut theirs, mut ours_count, mut theirs_count) = (0.0, 0.0, 0, 0);
        for s in 0..self.race.seats() {
            if self.sides[s] == side {
                own += self.value(pieces, s);
                ours_count += 1;
            } else {
                theirs += self.value(pieces, s);
                theirs_count += 1;
            }
        }
        own - theirs * f64::from(ours_count) / f64::from(theirs_count)
    }

    fn danger(&self, pieces: &Pieces, seat: usize) -> f64 {
        self.race.at_risk(pieces, seat)
    }

    fn learning(&self) -> &Learning {
        &self.learning
    }

    fn rollout_horizon(&self) -> u32 {
        if self.rules.war() {
            0
        } else {
            ROLLOUT_HORIZON
        }
    }

    /// `Marbles.evaluate_sides`: each side's seats' values against the others'.
    fn leaf(&self, pieces: &Pieces, _to_move: usize) -> Values {
        let seats = self.race.seats();
        let exposure = if self.rules.war() {
            [0.0; MAX_SEATS]
        } else {
            self.race.exposures(pieces)
        };
        let mut seat_values = [0.0; MAX_SEATS];
        let mut total = 0.0;
        for (s, value) in seat_values.iter_mut().enumerate().take(seats) {
            *value = if self.rules.war() {
                self.value(pieces, s)
            } else {
                self.race.standing(&pieces[s]) - exposure[s]
            };
            total += *value;
        }
        let mut values = [0.0; MAX_SEATS];
        let side_count = self.rules.table.side_count;
        for (side, value) in values.iter_mut().enumerate().take(side_count) {
            let (mut own, mut count) = (0.0, 0u32);
            for s in (0..seats).filter(|&s| self.sides[s] as usize == side) {
                own += seat_values[s];
                count += 1;
            }
            *value = own - (total - own) * f64::from(count) / f64::from(seats as u32 - count);
        }
        values
    }
}
