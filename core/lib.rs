//! pegrace's native core (`pegrace._core`): the rules of the games and simulations that run
//! without the interpreter. Python calls it in coarse steps (a whole batch of games, one
//! position's moves), never once per move in bulk work.

pub mod engine;
pub mod games;
pub mod rng;
pub mod simulate;

use engine::{End, Move, Phase, Seats, State, MAX_SEATS, PIECES};
use games::trouble::{move_text, Trouble};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// A state as Python's `pegrace.state.State` holds it (field for field).
type PyState = (
    Vec<Vec<i8>>,
    u8,
    u8,
    Option<u8>,
    u8,
    u32,
    Vec<u8>,
    Vec<u8>,
    Vec<u8>,
    Vec<u8>,
    Vec<i64>,
    String,
);

fn trouble(players: usize, options: Vec<(String, String)>) -> PyResult<Trouble> {
    Trouble::new(players, &options).map_err(PyValueError::new_err)
}

fn from_python(state: PyState) -> PyResult<State> {
    let (pieces, phase, current, roll, streak, turn, finished, _, contenders, rolloff, _, end) =
        state;
    let mut rows = [[-1i8; PIECES]; MAX_SEATS];
    for (row, given) in rows.iter_mut().zip(&pieces) {
        if given.len() != PIECES {
            return Err(PyValueError::new_err("a seat holds 4 pieces"));
        }
        row.copy_from_slice(given);
    }
    let phase = match phase {
        0 => Phase::Rolloff,
        1 => Phase::Roll,
        2 => Phase::Move,
        _ => Phase::Over,
    };
    let end = [
        End::Running,
        End::FirstPlace,
        End::AllPlaces,
        End::NoSideLeft,
    ]
    .into_iter()
    .find(|e| e.text() == end)
    .ok_or_else(|| PyValueError::new_err(format!("unknown end {end:?}")))?;
    Ok(State {
        pieces: rows,
        phase,
        current,
        roll: roll.unwrap_or(0),
        streak,
        turn,
        finished: Seats::from_slice(&finished),
        contenders: Seats::from_slice(&contenders),
        rolloff: Seats::from_slice(&rolloff),
        end,
    })
}

fn to_python(rules: &Trouble, state: &State) -> PyState {
    (
        state.pieces[..rules.seats]
            .iter()
            .map(|row| row.to_vec())
            .collect(),
        state.phase as u8,
        state.current,
        (state.roll > 0).then_some(state.roll),
        state.streak,
        state.turn,
        state.finished.as_slice().to_vec(),
        Vec::new(),
        state.contenders.as_slice().to_vec(),
        state.rolloff.as_slice().to_vec(),
        Vec::new(),
        state.end.text().to_string(),
    )
}

/// Every legal move of a Trouble position (by its text), and the position after each.
#[pyfunction]
fn trouble_moves(
    players: usize,
    options: Vec<(String, String)>,
    state: PyState,
) -> PyResult<Vec<(String, PyState)>> {
    let rules = trouble(players, options)?;
    let state = from_python(state)?;
    let moves = rules.legal_moves(&state);
    Ok(moves
        .as_slice()
        .iter()
        .map(|&m: &Move| {
            (
                move_text(m),
                to_python(&rules, &rules.apply_move(&state, m)),
            )
        })
        .collect())
}

/// The Trouble position after a roll (or a roll-off pop).
#[pyfunction]
fn trouble_roll(
    players: usize,
    options: Vec<(String, String)>,
    state: PyState,
    roll: u8,
) -> PyResult<PyState> {
    let rules = trouble(players, options)?;
    let state = from_python(state)?;
    Ok(to_python(&rules, &rules.apply_roll(&state, roll)))
}

/// `games` games of random players, played to the end: totals of wins by side, moves, rolls
/// and turns. Runs without the interpreter lock.
#[pyfunction]
fn random_games<'py>(
    py: Python<'py>,
    game: &str,
    players: usize,
    options: Vec<(String, String)>,
    games: u64,
    seed: u64,
) -> PyResult<Bound<'py, PyDict>> {
    if game != "trouble" {
        return Err(PyValueError::new_err(format!(
            "the native core has no {game} yet"
        )));
    }
    let rules = trouble(players, options)?;
    let tally = py.detach(|| simulate::random_games(&rules, games, seed));
    let answer = PyDict::new(py);
    answer.set_item("games", tally.games)?;
    answer.set_item("wins", tally.wins[..rules.side_count].to_vec())?;
    answer.set_item("moves", tally.moves)?;
    answer.set_item("rolls", tally.rolls)?;
    answer.set_item("turns", tally.turns)?;
    Ok(answer)
}

#[pymodule]
fn _core(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(trouble_moves, module)?)?;
    module.add_function(wrap_pyfunction!(trouble_roll, module)?)?;
    module.add_function(wrap_pyfunction!(random_games, module)?)?;
    Ok(())
}
