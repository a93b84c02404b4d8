//! The core's failures as Python sees them: each of a kind of `pegrace.errors`, mapped to its
//! class here and nowhere else. Every one of those classes subclasses ValueError, so Python's
//! `except ValueError` still catches them all.

use pyo3::exceptions::PyValueError;
use pyo3::PyErr;

use crate::refusal::Refusal;

/// The classes of `pegrace.errors`, imported when the first of them is raised.
mod classes {
    pyo3::import_exception!(pegrace.errors, IllegalMoveError);
    pyo3::import_exception!(pegrace.errors, NotationError);
    pyo3::import_exception!(pegrace.errors, OptionError);
}

/// A failure of a call into the core, by the Python error class it belongs to; its message
/// says what was wrong.
#[derive(Debug)]
pub enum CoreError {
    /// A game, rule option, player or player setting, seed or file given that the core cannot
    /// play with (`OptionError`).
    Option(String),
    /// A move or roll asked for where it is not legal (`IllegalMoveError`).
    IllegalMove(String),
    /// A state or move handed in that cannot be read (`NotationError`).
    Notation(String),
    /// Anything else wrong with an argument: an index out of range, an array of the wrong
    /// size, a game that does not end (`ValueError`).
    Value(String),
    /// Rule options that do not go together (`OptionError`), in words for the catalogs.
    Refused(Refusal),
    /// A step the rules do not allow now (`IllegalMoveError`), in words for the catalogs.
    Illegal(Refusal),
    /// A piece's place the notation cannot read (`NotationError`), in words for the catalogs.
    Unreadable(Refusal),
}

/// A refusal as the arguments of a `pegrace.errors` class: its English, and its words where
/// the catalogs have them.
fn said(refusal: Refusal) -> (String, Option<Words>) {
    let english = refusal.english();
    if !refusal.catalogued {
        return (english, None);
    }
    let (plural, count) = refusal
        .plural
        .map_or((None, None), |(p, n)| (Some(p), Some(n)));
    (
        english,
        Some((refusal.text.into_owned(), plural, count, refusal.args)),
    )
}

/// A refusal's words as `pegrace.errors.PegraceError` reads them: (message, plural form,
/// count, arguments), beside its English.
type Words = (
    String,
    Option<&'static str>,
    Option<u64>,
    Vec<(&'static str, String)>,
);

impl From<CoreError> for PyErr {
    fn from(error: CoreError) -> PyErr {
        match error {
            CoreError::Option(message) => classes::OptionError::new_err(message),
            CoreError::IllegalMove(message) => classes::IllegalMoveError::new_err(message),
            CoreError::Notation(message) => classes::NotationError::new_err(message),
            CoreError::Value(message) => PyValueError::new_err(message),
            CoreError::Refused(refusal) => match said(refusal) {
                (english, Some(words)) => classes::OptionError::new_err((english, words)),
                (english, None) => classes::OptionError::new_err(english),
            },
            CoreError::Illegal(refusal) => match said(refusal) {
                (english, Some(words)) => classes::IllegalMoveError::new_err((english, words)),
                (english, None) => classes::IllegalMoveError::new_err(english),
            },
            CoreError::Unreadable(refusal) => match said(refusal) {
                (english, Some(words)) => classes::NotationError::new_err((english, words)),
                (english, None) => classes::NotationError::new_err(english),
            },
        }
    }
}
