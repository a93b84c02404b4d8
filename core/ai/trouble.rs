//! Trouble's judge: the race evaluation with Trouble's weights, and where a side is one colour,
//! the fitted chance of winning and a learned value.

use crate::ai::features::Features;
use crate::ai::fitted::trouble_win_chances;
use crate::ai::race_eval::{RaceEval, RaceWeights, RACE_WEIGHTS};
use crate::ai::race_judge::RaceJudge;
use crate::ai::value::Learning;
use crate::games::trouble::Trouble;

/// Trouble's weights (docs/ai.md): pieces out of home matter more, and being within one die of
/// an opponent less, than the race default.
const TROUBLE_WEIGHTS: RaceWeights = RaceWeights {
    out_bonus: 20.0,
    risk_share: 0.25,
    risk_flat: 2.0,
    ..RACE_WEIGHTS
};

pub fn trouble(rules: Trouble) -> RaceJudge<Trouble> {
    let race = RaceEval::new(rules.shape(), rules.table.sides, TROUBLE_WEIGHTS);
    // a side of two colours wins only with both home: the models are for one colour a side
    let fitted = (!rules.two_sets()).then(|| trouble_win_chances(&race));
    let features = (!rules.two_sets()).then(|| Features::one_die(&race, &[6]));
    let learning = Learning::new("trouble", features, &rules.table);
    RaceJudge {
        rules,
        race,
        fitted,
        learning,
    }
}
