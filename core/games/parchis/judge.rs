//! Parchís' judge: the race evaluation with Parchís' reach (a 6 may count 7, a 5 brings a
//! piece out onto its exit), and where a side is one colour, a learned value.

use crate::ai::features::Features;
use crate::ai::judge::Judging;
use crate::ai::race_eval::{RaceEval, RaceWeights, RACE_WEIGHTS};
use crate::ai::race_judge::RaceJudge;
use crate::ai::value::Learning;
use crate::engine::Game;
use crate::games::parchis::{Parchis, EXIT_DIE};

/// Parchís: the track is long and a capture earns 20 more, so a piece out is worth more and an
/// exposed one costs more than the race default; a 6 counting 7 reaches one space farther.
const PARCHIS_WEIGHTS: RaceWeights = RaceWeights {
    out_bonus: 16.0,
    risk_share: 0.5,
    risk_flat: 12.0,
    reach: 7,
    ..RACE_WEIGHTS
};

/// The expert's rollouts in Parchís: one round of four decisions, back to the position its
/// one-ply leaves rate (against 3 hard, 41.2% [37.9, 44.7] of 800 games on seed 2026, the
/// seed used while developing; the protocol's figure is in docs/ai.md); with pairs or two
/// sets, where no value is learned, expectimax.
const ROLLOUT_HORIZON: u32 = 4;

impl Judging for Parchis {
    type Judge = RaceJudge<Parchis>;

    fn judge(self) -> RaceJudge<Parchis> {
        let race = RaceEval::new(self.shape(), self.table.sides, PARCHIS_WEIGHTS);
        // partners and a player's two colours win together: the features are one colour's
        let one_colour_sides = self.table.side_count == self.table.seats;
        let features = one_colour_sides.then(|| Features::one_die(&race, &[EXIT_DIE.into()]));
        let learning = Learning::new(Parchis::SPEC, features, &self.table);
        let rollout_horizon = if one_colour_sides { ROLLOUT_HORIZON } else { 0 };
        RaceJudge {
            rules: self,
            race,
            fitted: None,
            learning,
            rollout_horizon,
        }
    }
}
