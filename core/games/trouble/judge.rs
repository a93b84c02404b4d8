//! Trouble's judge: the race evaluation with Trouble's weights, and where a side is one colour,
//! the fitted chance of winning and a learned value.

use crate::ai::features::Features;
use crate::ai::fitted::{FittedChances, WinModel};
use crate::ai::hits::one_die_hits;
use crate::ai::judge::Judging;
use crate::ai::race_eval::{RaceEval, RaceWeights, RACE_WEIGHTS};
use crate::ai::race_judge::RaceJudge;
use crate::ai::value::Learning;
use crate::engine::Game;
use crate::games::trouble::Trouble;

/// Trouble's weights (docs/ai.md): pieces out of home matter more, and being within one die of
/// an opponent less, than the race default.
const TROUBLE_WEIGHTS: RaceWeights = RaceWeights {
    out_bonus: 20.0,
    risk_share: 0.25,
    risk_flat: 2.0,
    ..RACE_WEIGHTS
};

/// The expert's rollouts in Trouble: one round of four decisions, back to the position its
/// one-ply leaves rate (against 3 hard, 28.9% [26.9, 30.9] of 2,000 games on seed 4040, where
/// its one-ply player won 25.0% of 4,000: docs/results/expert-strength.md); with two sets, where
/// no value is learned, expectimax as before.
const ROLLOUT_HORIZON: u32 = 4;

impl Judging for Trouble {
    type Judge = RaceJudge<Trouble>;

    fn judge(self) -> RaceJudge<Trouble> {
        judge(self)
    }
}

fn judge(rules: Trouble) -> RaceJudge<Trouble> {
    let race = RaceEval::new(rules.shape(), rules.table.sides, TROUBLE_WEIGHTS);
    // a side of two colours wins only with both home: the models are for one colour a side
    let fitted = (!rules.two_sets()).then(|| win_chances(&race));
    let features = (!rules.two_sets()).then(|| Features::one_die(&race, &[6]));
    let learning = Learning::new(Trouble::SPEC, features, &rules.table);
    let rollout_horizon = if rules.two_sets() { 0 } else { ROLLOUT_HORIZON };
    RaceJudge {
        rules,
        race,
        fitted,
        learning,
        rollout_horizon,
    }
}

/// Trouble's fitted chance of winning (for one colour a side): the pops that land on a space.
fn win_chances(race: &RaceEval) -> FittedChances {
    let hits = one_die_hits(race, &[6]);
    let model = WinModel {
        steps: 0.000171,
        out: 0.1766,
        lane: 0.0778,
        exit: -0.0142,
        lead: 0.01557,
        steps_squared: 2.1863,
        exposure: -0.04404,
        tempo: [0.0, -0.01595, -0.04017, -0.05538],
    };
    FittedChances::new(model, hits, race)
}
