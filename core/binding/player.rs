//! A computer player as Python hands it to the core (`pegrace.native.CorePlayer`): made by
//! name, by a policy's number or by a search's settings, each typed and checked where made.

use pyo3::prelude::*;

use super::error::CoreError;
use crate::ai::players::Kind;
use crate::ai::search::Settings;

/// The most decisions a search's rollouts may look ahead (`Settings::horizon`).
const MAX_HORIZON: u32 = 1000;

/// A computer player the core plays: one it knows by name (`player_names`), a learned policy
/// (`policy`) or a search (`search`). Whether it fits a game (a policy's actions, a value's
/// board) is checked where it is given one.
#[pyclass(
    frozen,
    eq,
    from_py_object,
    module = "pegrace._core",
    name = "CorePlayer"
)]
#[derive(Clone, PartialEq)]
pub(super) struct PyPlayer(pub(super) Kind);

#[pymethods]
impl PyPlayer {
    /// A player the core knows by its name; `mistakes`: easy's share of random moves.
    #[staticmethod]
    #[pyo3(signature = (name, mistakes = 0.5))]
    fn named(name: &str, mistakes: f64) -> PyResult<Self> {
        if !(0.0..=1.0).contains(&mistakes) {
            return Err(CoreError::Option(format!("mistakes {mistakes}: a share, 0 to 1")).into());
        }
        Kind::named(name, mistakes).map(PyPlayer).ok_or_else(|| {
            CoreError::Option(format!("the native core has no player {name:?}")).into()
        })
    }

    /// A learned policy, by the number `give_policy` gave it.
    #[staticmethod]
    fn policy(number: u32) -> Self {
        PyPlayer(Kind::Policy(number))
    }

    /// A search: `budget` nodes a decision; a fixed `depth` (none: deepening); below the root
    /// only the `width` moves the one-ply leaves like best (none: every move); `paranoid`;
    /// the leaves' `model` (`Settings::model`, 0-2); `threads`; a given `value`'s number;
    /// the rollouts' `horizon` (none: the judge's).
    #[staticmethod]
    #[pyo3(signature = (*, budget, depth=None, width=None, paranoid=false, model=0, threads=1,
        value=None, horizon=None))]
    #[allow(clippy::too_many_arguments)]
    fn search(
        budget: f64,
        depth: Option<u32>,
        width: Option<usize>,
        paranoid: bool,
        model: u8,
        threads: usize,
        value: Option<u32>,
        horizon: Option<u32>,
    ) -> PyResult<Self> {
        let refused = |problem: String| Err(CoreError::Option(problem).into());
        if !budget.is_finite() || budget < 0.0 {
            return refused(format!("budget {budget}: a number of nodes, 0 or more"));
        }
        if model > 2 {
            return refused(format!("model {model}: 0, 1 or 2"));
        }
        if threads == 0 || width == Some(0) {
            return refused("threads and width: at least 1".into());
        }
        if horizon.is_some_and(|h| h > MAX_HORIZON) {
            return refused(format!("horizon: at most {MAX_HORIZON} decisions"));
        }
        Ok(PyPlayer(Kind::Search(Settings {
            depth,
            budget,
            width,
            paranoid,
            model,
            threads,
            value,
            horizon,
        })))
    }

    /// `search`, `policy` or the name it was made by.
    #[getter]
    fn name(&self) -> &'static str {
        self.0.name()
    }

    fn __repr__(&self) -> String {
        format!("CorePlayer({:?})", self.0)
    }
}
