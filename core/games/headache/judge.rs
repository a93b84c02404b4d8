//! Headache's judge: its evaluation (`headache_eval.rs`) and the learned value over it.

use crate::ai::features::Features;
use crate::ai::headache_eval::HeadacheEval;
use crate::ai::judge::{Judge, Judging};
use crate::ai::value::Learning;
use crate::ai::vocab::{Pieces, Values};
use crate::engine::{Game, State, MAX_SEATS};
use crate::games::headache::{ConeMove, Headache};

/// Headache's judge: its evaluation's tables (over the rules) and the learned value.
pub struct HeadacheJudge {
    pub eval: HeadacheEval,
    pub learning: Learning,
}

impl Judging for Headache {
    type Judge = HeadacheJudge;

    fn judge(self) -> HeadacheJudge {
        judge(self)
    }
}

fn judge(rules: Headache) -> HeadacheJudge {
    let eval = HeadacheEval::new(rules);
    let features = Features::Headache(Box::new(eval.clone()));
    let learning = Learning::new(Headache::SPEC, Some(features), &eval.rules.table);
    HeadacheJudge { eval, learning }
}

impl Judge for HeadacheJudge {
    type G = Headache;
    fn rules(&self) -> &Headache {
        &self.eval.rules
    }

    fn evaluate(&self, pieces: &Pieces, seat: usize) -> f64 {
        self.eval.seat_values(pieces, None)[seat]
    }

    fn learning(&self) -> &Learning {
        &self.learning
    }

    /// Each side's first seat's value, a stack's threats counted only from the seats that pop
    /// before its owner's next turn.
    fn leaf(&self, pieces: &Pieces, to_move: usize) -> Values {
        let table = &self.eval.rules.table;
        let seats = self.eval.seat_values(pieces, Some(to_move));
        let mut values = [0.0; MAX_SEATS];
        for (side, value) in values.iter_mut().enumerate().take(table.side_count) {
            let first = (0..table.seats).find(|&s| table.sides[s] as usize == side);
            *value = seats[first.unwrap_or(side)];
        }
        values
    }

    /// The opponent cones in the stack the move lands on (covering captures without moving).
    fn captured(&self, before: &State, _after: &State, chosen: ConeMove) -> u32 {
        if chosen.pass {
            return 0;
        }
        self.eval.rules.covered(before, chosen.target).count() as u32
    }
}
