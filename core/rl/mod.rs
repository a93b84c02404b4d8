//! Reinforcement learning on the core: each game's action space and observation (`encoding`,
//! with what each move would do: `moves`) and `Batch`, many games stepped for a learner.

pub mod batch;
pub mod encoding;
pub mod moves;

pub use batch::{next_seed, put, Batch, Logged, Outputs};
pub use encoding::Encoding;
