//! Computer play, apart from the rules: how positions are rated, by each game's judge
//! (the `Judge` trait in `judge`; each game's in its folder, `games/<game>/judge.rs`), and the players
//! that choose by it (`players`, `search`, `policy`), and a learned value's training (`train`).
//!
//! The modules are layered, each using only those below it: `vocab` (what every judge shares);
//! the evaluations (`race_eval`, `headache_eval`) and the race games' threats (`hits`); the
//! fitted chance of winning (`fitted`); the learned value (`net`, `features`, `value`); `judge`
//! (each game's judge); the searches (`search`, then `rollout`, which rates by its leaves); the
//! players.

pub mod features;
pub mod fitted;
pub mod headache_eval;
pub mod hits;
pub mod judge;
pub mod net;
pub mod players;
pub mod policy;
pub mod race_eval;
pub mod race_judge;
pub mod rollout;
pub mod search;
pub mod train;
pub mod transposition;
pub mod value;
pub mod vocab;
