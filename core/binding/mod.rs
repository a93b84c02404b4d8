//! The Python boundary, `pegrace._core`: coarse calls only (a batch of games, a batch of
//! playouts, one decision's search), never one call per move in bulk work. Its types are
//! `src/pegrace/_core.pyi`; its failures are `pegrace.errors`' classes (`error`).
//!
//! - `rules`: `CoreRules`, the rules behind `pegrace.engine.Rules`, position by position
//! - `computer`: `Computer`, a decision's search, one-move players' best moves, what they see
//! - `games`: `Games`, the RL environments' batch of games stepped a call into numpy arrays
//! - `trainer`: `Trainer`, a value learned by self-play
//! - `playing`: `play_games` and `playouts`, whole games and playouts with computer players
//! - `random`: `random_games`, random games played to the end
//! - `catalog`: `game_names`, `player_names`, `computer_players`, `learned_models`, `rule_options`, `check_option`, `game_facts`, `dice_outcomes`, `write_roll`, `read_roll`:
//!   what the core says of its games (and `build_info`, of its own build)
//! - `player`: `CorePlayer`, a computer player as Python hands it over, its settings typed
//! - `given`: `give_value` and `give_policy`, the numbers of values and policies from files
//! - `shared`: what those share: the rules and judges made from a game's name, players and
//!   options, players checked to fit a game, states to and from Python's
//! - `error`: `CoreError`, a failure by its `pegrace.errors` class

mod catalog;
mod computer;
mod error;
mod games;
mod given;
mod player;
mod playing;
mod random;
mod rules;
mod shared;
mod trainer;

use pyo3::prelude::*;

#[pymodule]
fn _core(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(catalog::game_names, module)?)?;
    module.add_function(wrap_pyfunction!(catalog::learned_models, module)?)?;
    module.add_function(wrap_pyfunction!(catalog::player_names, module)?)?;
    module.add_function(wrap_pyfunction!(catalog::computer_players, module)?)?;
    module.add_function(wrap_pyfunction!(catalog::rule_options, module)?)?;
    module.add_function(wrap_pyfunction!(catalog::check_option, module)?)?;
    module.add_function(wrap_pyfunction!(catalog::game_facts, module)?)?;
    module.add_function(wrap_pyfunction!(catalog::refusal_messages, module)?)?;
    module.add_function(wrap_pyfunction!(catalog::build_info, module)?)?;
    module.add("PLAYERS", crate::engine::PLAYERS)?;
    module.add("PIECES", crate::engine::PIECES)?;
    module.add_function(wrap_pyfunction!(catalog::dice_outcomes, module)?)?;
    module.add_function(wrap_pyfunction!(catalog::write_roll, module)?)?;
    module.add_function(wrap_pyfunction!(catalog::read_roll, module)?)?;
    module.add("TERMINAL_WEIGHT", crate::ai::vocab::TERMINAL_WEIGHT)?;
    module.add("TIE", crate::ai::search::TIE)?;
    module.add_function(wrap_pyfunction!(given::give_value, module)?)?;
    module.add_function(wrap_pyfunction!(given::give_policy, module)?)?;
    module.add_function(wrap_pyfunction!(playing::play_games, module)?)?;
    module.add_function(wrap_pyfunction!(playing::playouts, module)?)?;
    module.add_class::<playing::CoreSummary>()?;
    module.add_class::<computer::Computer>()?;
    module.add_class::<player::PyPlayer>()?;
    module.add_class::<rules::CoreRules>()?;
    module.add_class::<rules::CoreMove>()?;
    module.add_class::<rules::CorePosition>()?;
    module.add_class::<games::Games>()?;
    module.add_class::<trainer::Trainer>()?;
    module.add_function(wrap_pyfunction!(random::random_games, module)?)?;
    Ok(())
}
