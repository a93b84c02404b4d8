//! Random games played to the end without the interpreter (`simulate`).

use pyo3::prelude::*;
use pyo3::types::PyDict;

use super::shared::{on_rules, rules, Options};
use crate::simulate;

/// `games` games of random players, played to the end: totals of wins by side, moves, rolls
/// and turns. Runs without the interpreter lock.
#[pyfunction]
pub(super) fn random_games<'py>(
    py: Python<'py>,
    game: &str,
    players: usize,
    options: Options,
    games: u64,
    seed: u64,
) -> PyResult<Bound<'py, PyDict>> {
    let rules = rules(game, players, &options)?;
    let (tally, sides) = py.detach(
        || on_rules!(&rules, r => (simulate::random_games(&**r, games, seed), r.table.side_count)),
    );
    let answer = PyDict::new(py);
    answer.set_item("games", tally.games)?;
    answer.set_item("wins", tally.wins[..sides].to_vec())?;
    answer.set_item("moves", tally.moves)?;
    answer.set_item("rolls", tally.rolls)?;
    answer.set_item("turns", tally.turns)?;
    Ok(answer)
}
