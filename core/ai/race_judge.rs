//! The judge of the race games that read the race evaluation as it is.

use crate::ai::fitted::FittedChances;
use crate::ai::judge::Judge;
use crate::ai::race_eval::RaceEval;
use crate::ai::value::Learning;
use crate::ai::vocab::{Pieces, Values};
use crate::engine::Game;

/// A race game whose computer players read the race evaluation as it is: Trouble, classic Ludo
/// and LUDOpy's.
pub struct RaceJudge<G> {
    pub rules: G,
    pub race: RaceEval,
    /// Trouble's fitted chance of winning (not with two sets).
    pub fitted: Option<FittedChances>,
    pub learning: Learning,
    /// The expert's rollout horizon (`Judge::rollout_horizon`); 0: it searches by expectimax.
    pub rollout_horizon: u32,
}

impl<G: Game + Sync> Judge for RaceJudge<G> {
    type G = G;
    fn rules(&self) -> &G {
        &self.rules
    }

    fn evaluate(&self, pieces: &Pieces, seat: usize) -> f64 {
        self.race
            .evaluate(pieces, seat, |s| self.race.at_risk(pieces, s))
    }

    fn danger(&self, pieces: &Pieces, seat: usize) -> f64 {
        self.race.at_risk(pieces, seat)
    }

    fn leaf(&self, pieces: &Pieces, _to_move: usize) -> Values {
        self.race.sides(pieces, self.rules.table().side_count)
    }

    fn fitted(&self) -> Option<&FittedChances> {
        self.fitted.as_ref()
    }

    fn learning(&self) -> &Learning {
        &self.learning
    }

    fn rollout_horizon(&self) -> u32 {
        self.rollout_horizon
    }
}
