//! Computer play, apart from the rules: how positions are rated (`eval`, `learned`,
//! `headache`) and the players that choose by it (`players`).

pub mod eval;
pub mod headache;
pub mod learned;
pub mod net;
pub mod players;
pub mod policy;
pub mod search;
pub mod train;
pub mod value;

use crate::games::headache::Headache;
use crate::games::ludo::{ClassicLudo, LudopyLudo, TwoDiceLudo};
use crate::games::marbles::Marbles;
use crate::games::trouble::Trouble;
use eval::{RaceEval, RaceJudge, RaceWeights, RACE_WEIGHTS};
use headache::HeadacheJudge;
use learned::{LudoJudge, MarblesJudge};
use value::{Features, Learning};

/// What a finished game's places are worth to a search, against the leaves' evaluations.
pub const TERMINAL_WEIGHT: f64 = 1000.0;

/// Trouble's weights (docs/ai.md): pieces out of home matter more, and being within one die of
/// an opponent less, than the race default.
const TROUBLE_WEIGHTS: RaceWeights = RaceWeights {
    out_bonus: 20.0,
    risk_share: 0.25,
    risk_flat: 2.0,
    ..RACE_WEIGHTS
};
/// One-die Ludo (classic and LUDOpy's): a pin home is out of play for good; a 6 carries a pin
/// out and anywhere within 6.
const ONE_DIE_LUDO_WEIGHTS: RaceWeights = RaceWeights {
    goal_bonus: 5.0,
    reach: 6,
    base_reach: 6,
    ..RACE_WEIGHTS
};
/// Two-dice Ludo: a pin out of its base is worth much more (it waits for a 6 on either die).
const TWO_DICE_LUDO_WEIGHTS: RaceWeights = RaceWeights {
    out_bonus: 28.0,
    goal_bonus: 5.0,
    ..RACE_WEIGHTS
};
/// Marbles: an exposed marble costs a quarter of its steps (plus the flat part), not half.
const MARBLES_WEIGHTS: RaceWeights = RaceWeights {
    risk_share: 0.25,
    ..RACE_WEIGHTS
};

pub fn trouble(rules: Trouble) -> RaceJudge<Trouble> {
    let race = RaceEval::new(rules.shape(), rules.table.sides, TROUBLE_WEIGHTS);
    // a side of two colours wins only with both home: the models are for one colour a side
    let win = (!rules.two_sets()).then(|| learned::trouble_win_chances(&race));
    let features = (!rules.two_sets()).then(|| one_die(&race, &[6]));
    let learning = Learning::new("trouble", features, &rules.table);
    RaceJudge {
        rules,
        race,
        win,
        learning,
    }
}

/// A one-die race game's learned features: a piece enters on the `entering` rolls.
fn one_die(race: &RaceEval, entering: &[i16]) -> Features {
    Features::race(race, learned::one_die_hits(race, entering))
}

pub fn classic_ludo(rules: ClassicLudo) -> RaceJudge<ClassicLudo> {
    let race = RaceEval::new(rules.shape(), rules.table.sides, ONE_DIE_LUDO_WEIGHTS);
    let learning = Learning::new("classic-ludo", Some(one_die(&race, &[6])), &rules.table);
    RaceJudge {
        rules,
        race,
        win: None,
        learning,
    }
}

pub fn ludopy(rules: LudopyLudo) -> RaceJudge<LudopyLudo> {
    let race = RaceEval::new(rules.shape(), rules.table.sides, ONE_DIE_LUDO_WEIGHTS);
    let learning = Learning::new("ludopy", Some(one_die(&race, &[6])), &rules.table);
    RaceJudge {
        rules,
        race,
        win: None,
        learning,
    }
}

pub fn two_dice_ludo(rules: TwoDiceLudo) -> LudoJudge {
    let race = RaceEval::new(rules.shape(), rules.table.sides, TWO_DICE_LUDO_WEIGHTS);
    let win = learned::ludo_win_chances(&race);
    let features = Features::race(&race, learned::two_dice_hits(&race));
    let learning = Learning::new("ludo", Some(features), &rules.table);
    LudoJudge {
        rules,
        race,
        win,
        learning,
    }
}

pub fn marbles(rules: Marbles) -> MarblesJudge {
    let race = RaceEval::new(rules.shape(), rules.table.sides, MARBLES_WEIGHTS);
    let sides = rules.table.sides;
    // War is won by marbles left, not by the race these features describe
    let features = (!rules.war()).then(|| one_die(&race, &[1, 6]));
    let learning = Learning::new("marbles", features, &rules.table);
    MarblesJudge {
        rules,
        race,
        sides,
        learning,
    }
}

pub fn headache(rules: Headache) -> HeadacheJudge {
    let mut judge = HeadacheJudge::new(rules);
    let features = Features::Headache(Box::new(judge.clone()));
    judge.learning = Learning::new("headache", Some(features), &judge.rules.table);
    judge
}
