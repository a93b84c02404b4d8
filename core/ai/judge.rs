//! How the computer players rate a position: `Judge`, a game's rules with its evaluation, its
//! fitted chance of winning and its learned value where it has them.

use crate::ai::fitted::FittedChances;
use crate::ai::value::{Learning, Value, NOT_LEARNED};
use crate::ai::vocab::{Pieces, Values};
use crate::engine::{captured_by_change, Game, State};

/// A game's rules and the judge its computer players rate its positions by (each game's
/// `judge.rs`).
pub trait Judging: Game + Clone + Sized {
    type Judge: Judge<G = Self>;
    fn judge(self) -> Self::Judge;
}

/// `rules`' judge.
pub fn judge_of<G: Judging>(rules: G) -> G::Judge {
    rules.judge()
}

/// A game's rules together with how its computer players rate positions.
pub trait Judge: Sync {
    type G: Game;
    fn rules(&self) -> &Self::G;
    /// How good `pieces` look for `seat`'s side (the medium player maximises it).
    fn evaluate(&self, pieces: &Pieces, seat: usize) -> f64;
    /// The part of `evaluate` that is `seat`'s exposure to being hit (personalities weigh it).
    fn danger(&self, _pieces: &Pieces, _seat: usize) -> f64 {
        0.0
    }
    /// How many opponent pieces the move from `before` to `after` captured.
    fn captured(&self, before: &State, after: &State, _chosen: <Self::G as Game>::Move) -> u32 {
        captured_by_change(self.rules(), before, after)
    }
    /// Every side's evaluation as a search's leaf, `to_move` to move next
    /// (only the threats of the seats that move before each side's next turn, where a game says).
    fn leaf(&self, pieces: &Pieces, to_move: usize) -> Values;
    /// The fitted chance of winning as a leaf on the same scale, where the game has one
    /// (the expert's leaf).
    fn fitted(&self) -> Option<&FittedChances> {
        None
    }
    /// The value learned by self-play (`value.rs`), its features and shipped weights.
    fn learning(&self) -> &Learning {
        &NOT_LEARNED
    }
    /// How many decisions the expert's rollouts play (`rollout.rs`), where they rank its moves
    /// better than its expectimax does; 0: it searches by expectimax.
    fn rollout_horizon(&self) -> u32 {
        0
    }
    /// The shipped learned value, where the game has one.
    fn value(&self) -> Option<&Value> {
        self.learning().value.as_ref()
    }
}
