//! pegrace's native core (`pegrace._core`): the rules of the games and simulations that run
//! without the interpreter. Python calls it in coarse steps (a whole batch of games, one
//! position's moves), never once per move in bulk work; the boundary is `binding`.

pub mod ai;
mod binding;
pub mod dice;
pub mod engine;
pub mod facts;
pub mod games;
pub mod options;
pub mod play;
pub mod refusal;
pub mod registry;
pub mod rl;
pub mod rng;
pub mod simulate;
pub mod spec;
