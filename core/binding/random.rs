//! Random games played to the end without the interpreter (`simulate`).

use pyo3::prelude::*;
use pyo3::types::PyDict;

use super::shared::{judged, on_judged, Options};
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
    let judged = judged(game, players, &options)?;
    let (tally, sides) = py.detach(|| {
        on_judged!(&judged, j => {
            let rules = j.rules();
            (simulate::random_games(rules, games, seed), rules.table.side_count)
        })
    });
    let answer = PyDict::new(py);
    answer.set_item("games", tally.games)?;
    answer.set_item("wins", tally.wins[..sides].to_vec())?;
    answer.set_item("moves", tally.moves)?;
    answer.set_item("rolls", tally.rolls)?;
    answer.set_item("turns", tally.turns)?;
    Ok(answer)
}
