//! The Ludo judges: classic Ludo's and LUDOpy's read the race evaluation with one die's
//! weights; two-dice Ludo's reads its fitted chance of winning.

use crate::ai::features::Features;
use crate::ai::fitted::{FittedChances, WinModel};
use crate::ai::hits::two_dice_hits;
use crate::ai::judge::{Judge, Judging};
use crate::ai::race_eval::{RaceEval, RaceWeights, RACE_WEIGHTS};
use crate::ai::race_judge::RaceJudge;
use crate::ai::value::Learning;
use crate::ai::vocab::{attacker_list, Pieces, Values};
use crate::engine::{Game, RaceShape};
use crate::games::ludo::{ClassicLudo, LudopyLudo, TwoDiceLudo};

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

/// A one-die Ludo's judge: the race evaluation and the learned value of `model`.
fn one_die_ludo<G: Game>(rules: G, shape: RaceShape) -> RaceJudge<G> {
    let race = RaceEval::new(shape, rules.table().sides, ONE_DIE_LUDO_WEIGHTS);
    let features = Features::one_die(&race, &[6]);
    let learning = Learning::new(G::SPEC, Some(features), rules.table());
    RaceJudge {
        rules,
        race,
        fitted: None,
        learning,
        rollout_horizon: 0,
    }
}

impl Judging for ClassicLudo {
    type Judge = RaceJudge<ClassicLudo>;

    fn judge(self) -> RaceJudge<ClassicLudo> {
        let shape = self.shape();
        one_die_ludo(self, shape)
    }
}

impl Judging for LudopyLudo {
    type Judge = RaceJudge<LudopyLudo>;

    fn judge(self) -> RaceJudge<LudopyLudo> {
        let shape = self.shape();
        one_die_ludo(self, shape)
    }
}

impl Judging for TwoDiceLudo {
    type Judge = LudoJudge;

    fn judge(self) -> LudoJudge {
        two_dice_ludo(self)
    }
}

fn two_dice_ludo(rules: TwoDiceLudo) -> LudoJudge {
    let race = RaceEval::new(rules.shape(), rules.table.sides, TWO_DICE_LUDO_WEIGHTS);
    let fitted = win_chances(&race);
    let features = Features::race(&race, two_dice_hits(&race));
    let learning = Learning::new(TwoDiceLudo::SPEC, Some(features), &rules.table);
    LudoJudge {
        rules,
        race,
        fitted,
        learning,
    }
}

/// The expert's rollouts in two-dice Ludo: one round of four decisions, back to the position
/// its one-ply leaves rate (against 3 medium, 35.5% [33.4, 37.6] of 2,000 games on seed 4040
/// where its expectimax won 31.1%: docs/results/expert-strength.md).
const ROLLOUT_HORIZON: u32 = 4;

/// Two-dice Ludo's evaluation: the seat's fitted chance of winning with the next seat to roll.
pub struct LudoJudge {
    pub rules: TwoDiceLudo,
    pub race: RaceEval,
    pub fitted: FittedChances,
    pub learning: Learning,
}

impl Judge for LudoJudge {
    type G = TwoDiceLudo;
    fn rules(&self) -> &TwoDiceLudo {
        &self.rules
    }

    fn evaluate(&self, pieces: &Pieces, seat: usize) -> f64 {
        self.fitted.values(pieces, (seat + 1) % self.race.seats())[seat]
    }

    fn leaf(&self, pieces: &Pieces, to_move: usize) -> Values {
        self.fitted.values(pieces, to_move)
    }

    fn fitted(&self) -> Option<&FittedChances> {
        Some(&self.fitted)
    }

    fn learning(&self) -> &Learning {
        &self.learning
    }

    fn rollout_horizon(&self) -> u32 {
        ROLLOUT_HORIZON
    }

    fn danger(&self, pieces: &Pieces, seat: usize) -> f64 {
        let seats = self.race.seats();
        let reach = self.fitted.hits.reach(pieces, seats);
        let (against, count) = attacker_list(seats, seat, None);
        self.fitted
            .hits
            .risk(&pieces[seat], seat, &reach, &against[..count])
    }
}

/// Two-dice Ludo with pieces all over the board and 3+6 to move: many moves to rank.
/// Two-dice Ludo's fitted chance of winning.
fn win_chances(race: &RaceEval) -> FittedChances {
    let hits = two_dice_hits(race);
    let model = WinModel {
        steps: -0.0031,
        out: 0.293,
        lane: -0.075,
        exit: 0.0324,
        lead: 0.0108,
        steps_squared: 1.6717,
        exposure: -0.0164,
        tempo: [0.0, -0.0232, -0.0601, -0.0894],
    };
    FittedChances::new(model, hits, race)
}

#[cfg(test)]
pub(crate) fn busy_two_dice_position() -> (LudoJudge, crate::engine::State) {
    use crate::engine::testing;
    let judge = two_dice_ludo(TwoDiceLudo::new(4, &[]).unwrap());
    let state = testing::to_move(
        &judge.rules,
        &[
            [-1, 3, 9, 20],
            [-1, -1, 5, 14],
            [0, 7, 30, 41],
            [-1, -1, -1, 2],
        ],
        [3, 6],
    );
    (judge, state)
}
