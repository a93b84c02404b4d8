//! The Python class `Games`: the RL environments' games (`pegrace.rl`), a whole batch stepped
//! a call, into the caller's numpy arrays.

use std::cell::Cell;

use pyo3::buffer::{Element, PyBuffer};
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use super::error::CoreError;
use super::player::PyPlayer;
use super::shared::{encoding, judged, on_judged, player, to_python, Judged, Options};
use crate::engine::Game;
use crate::rl;

/// A writable numpy array of `len` items, as cells to write in place.
fn cells<'a, T: Element>(
    _py: Python<'a>,
    buffer: &'a PyBuffer<T>,
    len: usize,
    name: &str,
) -> PyResult<&'a [Cell<T>]> {
    let memory = buffer
        .as_slice_ptr()
        .filter(|_| !buffer.readonly())
        .ok_or_else(|| CoreError::Value(format!("{name}: a writable C-contiguous array")))?;
    // SAFETY: the buffer keeps the array's memory alive while it lives (`'a`), and `Cell<T>`
    // has `T`'s layout; the writes go through cells (shared, so two names for one array are
    // harmless) while the interpreter lock is held (`_py`) and no Python code runs.
    let cells: &'a [Cell<T>] = unsafe { &*(memory.as_ptr() as *const [Cell<T>]) };
    if cells.len() != len {
        return Err(CoreError::Value(format!("{name}: {len} items, not {}", cells.len())).into());
    }
    Ok(cells)
}

/// An event for Python: the seat, the dice (a roll) or the text (a move), and whether the
/// roll was a roll-off pop.
type PyEvent = (u8, Option<Vec<u8>>, Option<String>, bool);

/// Many games for a learner (`pegrace.rl.vector`): the learner's seats (`None` in `seats`)
/// choose by action, every other seat is the computer player named, games reset when they
/// end. Observations, masks, rewards and ends are written into the caller's arrays.
#[pyclass]
pub(super) struct Games {
    judged: Judged,
    batch: rl::Batch,
}

impl Games {
    fn check(&self, index: usize) -> PyResult<()> {
        if index >= self.batch.len() {
            let count = self.batch.len();
            return Err(CoreError::Value(format!("no game {index} of {count}")).into());
        }
        Ok(())
    }
}

#[pymethods]
impl Games {
    /// `viewer`: the learner's seat observations are from when none of the learner's seats
    /// is to move (its first by default); `chance_nodes`: the caller rolls (`roll`); `log`:
    /// keep each game's events (`events`); `observation`: "board", or "moves" for the board
    /// and what each move would do (`rl_moves`).
    #[new]
    #[pyo3(signature = (game, players, options, colours, seats, count, viewer=None, chance_nodes=false, log=false, observation="board"))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        game: &str,
        players: usize,
        options: Options,
        colours: Vec<String>,
        seats: Vec<Option<PyPlayer>>,
        count: usize,
        viewer: Option<usize>,
        chance_nodes: bool,
        log: bool,
        observation: &str,
    ) -> PyResult<Self> {
        let judged = judged(game, players, &options)?;
        let encoding = match observation {
            "board" => encoding(&judged),
            "moves" => encoding(&judged).with_moves().map_err(CoreError::Option)?,
            _ => {
                return Err(CoreError::Option(format!(
                    "observation {observation:?}: 'board' or 'moves'"
                ))
                .into())
            }
        };
        let kinds = seats
            .iter()
            .map(|seat| {
                seat.as_ref()
                    .map(|given| player(&judged, given))
                    .transpose()
            })
            .collect::<PyResult<Vec<_>>>()?;
        let viewer = viewer
            .or_else(|| kinds.iter().position(Option::is_none))
            .ok_or_else(|| CoreError::Option("no seat is the learner's".into()))?;
        let initial = on_judged!(&judged, j => j.rules().initial_state());
        let mut batch = rl::Batch::new(encoding, colours, kinds, viewer, count, initial)
            .map_err(CoreError::Option)?;
        batch.chance_nodes = chance_nodes;
        batch.log = log;
        Ok(Games { judged, batch })
    }

    /// Game `index` anew from `seed`, to its first decision.
    fn restart(&mut self, index: usize, seed: u64) -> PyResult<()> {
        self.check(index)?;
        let batch = &mut self.batch;
        on_judged!(&self.judged, j => batch.reset(j.judge(), index, seed));
        Ok(())
    }

    /// The move of `action` in game `index`, then on to the next decision; false if it is not
    /// a legal move there (nothing changes).
    fn act(&mut self, index: usize, action: i64) -> PyResult<bool> {
        self.check(index)?;
        let batch = &mut self.batch;
        Ok(on_judged!(&self.judged, j => batch.act(j.judge(), index, action)))
    }

    /// Outcome `outcome` of game `index`'s chance node; false if there is no such outcome.
    fn roll(&mut self, index: usize, outcome: usize) -> PyResult<bool> {
        self.check(index)?;
        let batch = &mut self.batch;
        Ok(on_judged!(&self.judged, j => batch.roll(j.judge(), index, outcome)))
    }

    /// Game `index`'s phase (as `pegrace.state.Phase` numbers it) and seat to act.
    fn turn(&self, index: usize) -> PyResult<(u8, u8)> {
        self.check(index)?;
        let state = self.batch.state(index);
        Ok((state.phase as u8, state.current))
    }

    /// Game `index` as `seat` sees it, into `out`.
    fn observe(
        &self,
        py: Python<'_>,
        index: usize,
        seat: usize,
        out: PyBuffer<f32>,
    ) -> PyResult<()> {
        self.check(index)?;
        let seats = on_judged!(&self.judged, j => j.rules().table().seats);
        if seat >= seats {
            return Err(CoreError::Value(format!("no seat {seat}")).into());
        }
        let size = self.observation_size();
        let mut seen = vec![0.0f32; size];
        on_judged!(&self.judged, j => self.batch.observe_from(j.judge(), index, seat, &mut seen));
        rl::put(cells(py, &out, size, "out")?, &seen);
        Ok(())
    }

    /// Game `index`'s legal actions, into `out` (1 legal, 0 not).
    fn mask(&self, py: Python<'_>, index: usize, out: PyBuffer<u8>) -> PyResult<()> {
        self.check(index)?;
        self.batch
            .mask(index, cells(py, &out, self.actions(), "out")?);
        Ok(())
    }

    /// Game `index`'s state as `pegrace.state.State`'s fields (its phase a number).
    fn state<'py>(&self, py: Python<'py>, index: usize) -> PyResult<Bound<'py, PyTuple>> {
        self.check(index)?;
        let phases = (0u8..4)
            .map(|p| Ok(p.into_pyobject(py)?.into_any().unbind()))
            .collect::<PyResult<Vec<_>>>()?;
        on_judged!(&self.judged, j => to_python(py, j.rules(), self.batch.state(index), &phases))
    }

    /// Each side's place reward in game `index` (`Rules.returns`).
    fn returns(&self, index: usize) -> PyResult<Vec<f64>> {
        self.check(index)?;
        Ok(on_judged!(&self.judged, j => self.batch.returns(j.judge(), index)))
    }

    /// The chances of the outcomes of game `index`'s chance node (none where not at one).
    fn chances(&self, index: usize) -> PyResult<Vec<f64>> {
        self.check(index)?;
        Ok(on_judged!(&self.judged, j => self.batch.chances(j.judge(), index)))
    }

    /// Game `index`'s events (with `log`): (seat, the dice or pop, None) for a roll, (seat,
    /// None, the move's text) for a move; a pop's dice is one die, `pop` telling it apart.
    fn events(&self, index: usize) -> PyResult<Vec<PyEvent>> {
        self.check(index)?;
        Ok(self
            .batch
            .events(index)
            .iter()
            .map(|event| match event {
                rl::Logged::Roll { seat, dice, pop } => (*seat, Some(dice.clone()), None, *pop),
                rl::Logged::Move { seat, text } => (*seat, None, Some(text.clone()), false),
            })
            .collect())
    }

    #[getter]
    fn actions(&self) -> usize {
        self.batch.encoding.actions()
    }

    #[getter]
    fn count(&self) -> usize {
        self.batch.len()
    }

    #[getter]
    fn observation_size(&self) -> usize {
        self.batch.encoding.observation_size()
    }

    /// Each game's episode seed.
    fn seeds(&self) -> Vec<u64> {
        self.batch.seeds()
    }

    /// Every game anew from its seed, to the learner's first decision.
    fn reset(
        &mut self,
        py: Python<'_>,
        seeds: Vec<u64>,
        observations: PyBuffer<f32>,
        masks: PyBuffer<u8>,
    ) -> PyResult<()> {
        let count = self.batch.len();
        if seeds.len() != count {
            let given = seeds.len();
            return Err(CoreError::Option(format!("{count} seeds, not {given}")).into());
        }
        let size = self.batch.encoding.observation_size();
        let observations = cells(py, &observations, count * size, "observations")?;
        let masks = cells(py, &masks, count * self.actions(), "masks")?;
        let batch = &mut self.batch;
        on_judged!(&self.judged, j => {
            for (index, &seed) in seeds.iter().enumerate() {
                batch.reset(j.judge(), index, seed);
            }
            batch.look(j.judge(), observations, masks);
        });
        Ok(())
    }

    /// One learner action per game (see `rl::Batch::step`).
    #[allow(clippy::too_many_arguments)]
    fn step(
        &mut self,
        py: Python<'_>,
        actions: PyBuffer<i64>,
        observations: PyBuffer<f32>,
        masks: PyBuffer<u8>,
        rewards: PyBuffer<f64>,
        ended: PyBuffer<u8>,
        finals: PyBuffer<f32>,
    ) -> PyResult<()> {
        let count = self.batch.len();
        let size = self.batch.encoding.observation_size();
        let actions = actions.to_vec(py)?;
        if actions.len() != count {
            let given = actions.len();
            return Err(CoreError::Value(format!("{count} actions, not {given}")).into());
        }
        let out = rl::Outputs {
            observations: cells(py, &observations, count * size, "observations")?,
            masks: cells(py, &masks, count * self.actions(), "masks")?,
            rewards: cells(py, &rewards, count, "rewards")?,
            ended: cells(py, &ended, count, "ended")?,
            finals: cells(py, &finals, count * size, "finals")?,
        };
        let batch = &mut self.batch;
        on_judged!(&self.judged, j => batch.step(j.judge(), &actions, &out));
        Ok(())
    }
}
