//! Computer play, apart from the rules: how positions are rated (`eval`, `learned`,
//! `headache`) and the players that choose by it (`players`).

pub mod eval;
pub mod headache;
pub mod learned;
pub mod players;
pub mod search;

use crate::games::headache::Headache;
use crate::games::ludo::{ClassicLudo, LudopyLudo, TwoDiceLudo};
use crate::games::marbles::Marbles;
use crate::games::trouble::Trouble;
use eval::{RaceEval, RaceJudge, RaceWeights, RACE_WEIGHTS};
use headache::HeadacheJudge;
use learned::{LudoJudge, MarblesJudge};

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
    // a side of two colours wins only with both home: the model is for one colour a side
    let win = (!rules.two_sets()).then(|| learned::trouble_win_chances(&race));
    RaceJudge { rules, race, win }
}

pub fn classic_ludo(rules: ClassicLudo) -> RaceJudge<ClassicLudo> {
    let race = RaceEval::new(rules.shape(), rules.table.sides, ONE_DIE_LUDO_WEIGHTS);
    RaceJudge {
        rules,
        race,
        win: None,
    }
}

pub fn ludopy(rules: LudopyLudo) -> RaceJudge<LudopyLudo> {
    let race = RaceEval::new(rules.shape(), rules.table.sides, ONE_DIE_LUDO_WEIGHTS);
    RaceJudge {
        rules,
        race,
        win: None,
    }
}

pub fn two_dice_ludo(rules: TwoDiceLudo) -> LudoJudge {
    let race = RaceEval::new(rules.shape(), rules.table.sides, TWO_DICE_LUDO_WEIGHTS);
    let win = learned::ludo_win_chances(&race);
    LudoJudge { rules, race, win }
}

pub fn marbles(rules: Marbles) -> MarblesJudge {
    let race = RaceEval::new(rules.shape(), rules.table.sides, MARBLES_WEIGHTS);
    let sides = rules.table.sides;
    MarblesJudge { rules, race, sides }
}

pub fn headache(rules: Headache) -> HeadacheJudge {
    HeadacheJudge::new(rules)
}
