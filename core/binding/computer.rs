//! The Python class `Computer`: computer play of one game, a decision at a time (the search
//! players' rankings, the one-move players' best moves, what the players see).

use std::sync::Mutex;

use pyo3::prelude::*;
use pyo3::types::PyDict;

use super::error::CoreError;
use super::player::PyPlayer;
use super::shared::{from_python, judged, on_judged, player, policy_fits, Judged};
use super::shared::{Options, PyStateIn};
use crate::ai;
use crate::ai::hits::ReachMemo;
use crate::ai::judge::Judge;
use crate::ai::players::{ranking, Kind};
use crate::ai::search::Memory;
use crate::ai::vocab::win_scale;
use crate::engine::{Game, Phase};

/// A call for a move where none is due.
fn no_move_due() -> PyErr {
    CoreError::IllegalMove("no move is due".into()).into()
}

/// Computer play of one game (its rules and evaluation built once): the search players'
/// rankings, the one-move players' best moves.
#[pyclass(frozen)]
pub(super) struct Computer {
    judged: Judged,
    memory: Mutex<Memory>,
}

/// A ranking for Python: (move index, the mover's value, every side's values) best first,
/// the depth reached and the nodes searched.
type PyRanking = (Vec<(usize, f64, Vec<f64>)>, u32, u64);

#[pymethods]
impl Computer {
    #[new]
    fn new(game: &str, players: usize, options: Options) -> PyResult<Self> {
        let judged = judged(game, players, &options)?;
        let memory = on_judged!(&judged, j => Memory::new(j.rules()));
        Ok(Computer {
            judged,
            memory: Mutex::new(memory),
        })
    }

    /// The legal moves (their indices) the one-move player `given` (medium, easy's, the
    /// personalities', a policy) rates best at `state`, tied: its generator picks among them.
    fn best(&self, state: PyStateIn, given: PyRef<'_, PyPlayer>) -> PyResult<Vec<usize>> {
        let kind = player(&self.judged, &given)?;
        if matches!(kind, Kind::Random | Kind::Uniform | Kind::Search(_)) {
            let name = kind.name();
            return Err(CoreError::Option(format!("{name} rates no moves one by one")).into());
        }
        on_judged!(&self.judged, j => {
            let state = from_python(j.rules(), state)?;
            if state.phase != Phase::Move {
                return Err(no_move_due());
            }
            let moves = j.rules().legal_moves(&state);
            Ok(ai::players::best_moves(kind, j.judge(), &state, moves.as_ref()))
        })
    }

    /// What the computer players see in `state` with `to_move` to move next: every seat's
    /// evaluation and its danger part, every side's search leaf, every seat's chance by the
    /// learned value (`"value"`) and, where the game has a fitted chance of winning, every
    /// seat's expected loss to hits, its chance of winning, the model's features and weights,
    /// and every side's fitted leaf (`"learned"`, Python's name for it).
    fn look<'py>(
        &self,
        py: Python<'py>,
        state: PyStateIn,
        to_move: usize,
    ) -> PyResult<Bound<'py, PyDict>> {
        let answer = PyDict::new(py);
        on_judged!(&self.judged, j => {
            let state = from_python(j.rules(), state)?;
            let (seats, sides) = (j.rules().table().seats, j.rules().table().side_count);
            if to_move >= seats {
                return Err(CoreError::Value(format!("no seat {to_move}")).into());
            }
            let (pieces, judge) = (&state.pieces, j.judge());
            let each = |f: &dyn Fn(usize) -> f64| (0..seats).map(f).collect::<Vec<f64>>();
            answer.set_item("evaluation", each(&|seat| judge.evaluate(pieces, seat)))?;
            answer.set_item("danger", each(&|seat| judge.danger(pieces, seat)))?;
            answer.set_item("leaf", judge.leaf(pieces, to_move)[..sides].to_vec())?;
            if let Some(value) = judge.value() {
                let memo = &mut ReachMemo::default();
                let chances = value.chances(pieces, to_move, memo);
                answer.set_item("value", chances[..seats].to_vec())?;
            }
            if let Some(fitted) = judge.fitted() {
                let memo = &mut ReachMemo::default();
                answer.set_item("losses", fitted.losses(pieces, to_move)[..seats].to_vec())?;
                answer.set_item("chances", fitted.chances(pieces, to_move, memo)[..seats].to_vec())?;
                answer.set_item("features", fitted.features(pieces, to_move))?;
                answer.set_item("learned", fitted.values(pieces, to_move)[..sides].to_vec())?;
                answer.set_item("weights", fitted.weights())?;
            }
            Ok(answer)
        })
    }

    /// Each side's chance of winning from `state` by the value learned by self-play, exact once
    /// the winner is settled; None where the rules have no learned value.
    fn value_chances(&self, state: PyStateIn) -> PyResult<Option<Vec<f64>>> {
        on_judged!(&self.judged, j => {
            let Some(value) = j.judge().value() else {
                return Ok(None);
            };
            let state = from_python(j.rules(), state)?;
            let sides = j.rules().table().side_count;
            Ok(Some(value.state_chances(j.rules(), &state)[..sides].to_vec()))
        })
    }

    /// The chance of winning a search value on the leaves' chance scale (the learned value's
    /// or the fitted chance's) stands for; None without such a leaf, or outside the leaves'
    /// range (a value that counts a finished game).
    fn learned_chance(&self, value: f64) -> Option<f64> {
        on_judged!(&self.judged, j => {
            let judge = j.judge();
            if judge.value().is_none() {
                judge.fitted()?;
            }
            let sides = j.rules().table().side_count;
            let chance = 1.0 / sides as f64 + value / win_scale(sides);
            (0.0..=1.0).contains(&chance).then_some(chance)
        })
    }

    /// Why the policy given as `number` (`give_policy`) cannot play this game, if it cannot.
    fn check_policy(&self, number: u32) -> PyResult<()> {
        policy_fits(&self.judged, number).map_err(|message| CoreError::Option(message).into())
    }

    /// Why the value given as `number` (`give_value`) does not fit this game, if it does not.
    fn check_value(&self, number: u32) -> PyResult<()> {
        on_judged!(&self.judged, j => j.judge().learning().given(number, j.rules().table()))
            .map(|_| ())
            .map_err(|message| CoreError::Option(message).into())
    }

    /// The legal moves of `state` ranked as `pegrace.search.SearchPlayer.ranking` ranks them,
    /// by the search player `given`. Runs without the interpreter lock.
    fn rank(
        &self,
        py: Python<'_>,
        state: PyStateIn,
        given: PyRef<'_, PyPlayer>,
    ) -> PyResult<PyRanking> {
        let Kind::Search(settings) = player(&self.judged, &given)? else {
            let name = given.0.name();
            return Err(
                CoreError::Option(format!("{name} is no search: it ranks no moves")).into(),
            );
        };
        on_judged!(&self.judged, j => {
            let state = from_python(j.rules(), state)?;
            if state.phase != Phase::Move {
                return Err(no_move_due());
            }
            let (ranked, depth, nodes) = py.detach(|| {
                let mut memory = self.memory.lock().unwrap_or_else(|e| e.into_inner());
                let moves = j.rules().legal_moves(&state);
                ranking(j.judge(), &mut memory, &state, moves.as_ref(), &settings)
            });
            let count = j.rules().table().side_count;
            let ranked = ranked
                .into_iter()
                .map(|r| (r.index, r.value, r.values[..count].to_vec()))
                .collect();
            Ok((ranked, depth, nodes))
        })
    }
}
