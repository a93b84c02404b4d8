//! Values and policies given from files: the numbers the players' settings name them by.

use pyo3::prelude::*;

use super::error::CoreError;
use crate::ai;

/// The number a policy player's settings name the policy in the file `text` by (`policy`):
/// the same for the same policy.
#[pyfunction]
pub(super) fn give_policy(text: &str) -> PyResult<u32> {
    ai::policy::give(text).map_err(|message| CoreError::Option(message).into())
}

/// The number a search player's settings name the value in the weights file `text` by
/// (`value`): the same for the same value.
#[pyfunction]
pub(super) fn give_value(text: &str) -> PyResult<u32> {
    ai::value::give(text).ok_or_else(|| {
        CoreError::Option("not a weights file (its model's name, weights and network)".into())
            .into()
    })
}
