//! What the core says of its games, for Python to read rather than keep a copy of: their
//! names (`game_names`), each game's rule options (`rule_options`, `check_option`) and facts
//! (`game_facts`), the throws' outcomes with their chances (`dice_outcomes`) and rolls'
//! text (`write_roll`, `read_roll`), the computer players (`computer_players`), and the messages
//! it can refuse rule options with (`refusal_messages`), for the catalogs; and what it says of
//! its own build (`build_info`: build.rs).

use pyo3::prelude::*;
use pyo3::types::PyTuple;

use super::error::CoreError;
use super::shared::Roll;
use crate::ai::players::{self, Plays};
use crate::dice;
use crate::facts::Fact;
use crate::options;
use crate::refusal::{self, Refusal};
use crate::registry;
use crate::spec::Spec;

/// A rule option as Python reads it: its name, default, each value with its words (none: a
/// whole number) and its help.
type OptionView = (
    &'static str,
    &'static str,
    Vec<(&'static str, &'static str)>,
    &'static str,
);

/// The core's build: a hash of the sources it was compiled from, the commit of the checkout it
/// was built in ("unknown" outside one), the cargo profile.
#[pyfunction]
pub(super) fn build_info() -> Vec<(&'static str, &'static str)> {
    vec![
        ("source", env!("PEGRACE_CORE_SOURCE")),
        ("commit", env!("PEGRACE_CORE_COMMIT")),
        ("profile", env!("PEGRACE_CORE_PROFILE")),
    ]
}

/// The name of every game the core plays.
#[pyfunction]
pub(super) fn game_names() -> Vec<&'static str> {
    registry::game_names()
}

/// The computer players the core plays by their own names (`ai::players::Kind::named`).
#[pyfunction]
pub(super) fn player_names() -> Vec<&'static str> {
    crate::ai::players::Kind::names()
}

/// A computer player as Python reads it: its name, role, how the core plays it (`named`,
/// `search` or `policy`), a search's depth (none: deepening) and leaves' model, and its note
/// for translators.
type ComputerRow = (
    &'static str,
    &'static str,
    &'static str,
    Option<(Option<u32>, u8)>,
    &'static str,
);

/// Every computer player in the order people are offered them (`ai::players::COMPUTERS`).
#[pyfunction]
pub(super) fn computer_players() -> Vec<ComputerRow> {
    players::COMPUTERS
        .iter()
        .map(|computer| {
            let (plays, search) = match computer.plays {
                Plays::Named(_) => ("named", None),
                Plays::Search { depth, model } => ("search", Some((depth, model))),
                Plays::Policy => ("policy", None),
            };
            (
                computer.name,
                computer.role.name(),
                plays,
                search,
                computer.note,
            )
        })
        .collect()
}

/// Every shipped learned value: its model's name, its game and the `variant` it was learned
/// for (a game with several rule sets).
#[pyfunction]
pub(super) fn learned_models() -> Vec<(&'static str, &'static str, Option<&'static str>)> {
    registry::SPECS
        .iter()
        .filter_map(|spec| Some((spec.weights?.model, spec.name, spec.variant)))
        .collect()
}

/// `game`'s rule options, as its module in core/games describes them.
#[pyfunction]
pub(super) fn rule_options(game: &str) -> PyResult<Vec<OptionView>> {
    Ok(known(game)?
        .options
        .iter()
        .map(|option| {
            (
                option.name,
                option.default,
                option.values.to_vec(),
                option.help,
            )
        })
        .collect())
}

/// Refuse (an OptionError naming it) a value `game`'s option `name` cannot take: not one of
/// its values, or for a number not a whole number (its range is checked where the game reads
/// it).
#[pyfunction]
pub(super) fn check_option(game: &str, name: &str, value: &str) -> PyResult<()> {
    let spec = known(game)?;
    let given = [(name.to_string(), value.to_string())];
    let refused = |refusal: Refusal| PyErr::from(CoreError::Refused(refusal));
    let chosen = options::choose(spec.name, spec.options, &given).map_err(refused)?;
    if spec
        .options
        .iter()
        .any(|option| option.name == name && option.is_number())
    {
        chosen.number(name, 0).map_err(refused)?;
    }
    Ok(())
}

/// The throw `name`'s outcomes with their chances in 36ths, each roll as Python writes it.
#[pyfunction]
pub(super) fn dice_outcomes<'py>(
    py: Python<'py>,
    name: &str,
) -> PyResult<Vec<(Bound<'py, PyAny>, u32)>> {
    let kind = throw(name)?;
    kind.weights()
        .into_iter()
        .map(|(roll, weight)| Ok((as_python(py, kind, roll)?, weight)))
        .collect()
}

/// A roll of the throw `name` as the notation writes it (`3`, `3+5`, `4*`).
#[pyfunction]
pub(super) fn write_roll(name: &str, roll: Roll) -> PyResult<String> {
    let kind = throw(name)?;
    let dice = roll.dice();
    if !kind.weights().iter().any(|&(outcome, _)| outcome == dice) {
        let problem = format!("{dice:?} is no {name} roll");
        return Err(CoreError::Notation(problem).into());
    }
    Ok(kind.write(dice))
}

/// The roll `text` writes (`Dice::read`), as Python writes a roll; a NotationError in the
/// catalogs' words, naming every roll, where it is none.
#[pyfunction]
pub(super) fn read_roll<'py>(
    py: Python<'py>,
    name: &str,
    text: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let kind = throw(name)?;
    let roll = kind.read(text).map_err(CoreError::Unreadable)?;
    as_python(py, kind, roll)
}

/// The throw named `name`.
fn throw(name: &str) -> PyResult<&'static dice::Dice> {
    let found = dice::KINDS.iter().find(|kind| kind.name == name).copied();
    found.ok_or_else(|| CoreError::Option(format!("the native core throws no {name:?}")).into())
}

/// A roll as Python writes it: one die's number, or a pair.
fn as_python<'py>(
    py: Python<'py>,
    kind: &dice::Dice,
    roll: [u8; 2],
) -> PyResult<Bound<'py, PyAny>> {
    Ok(match kind.numbers {
        1 => roll[0].into_pyobject(py)?.into_any(),
        _ => PyTuple::new(py, roll)?.into_any(),
    })
}

/// `game`'s facts by name: a number, a list of them, or names.
#[pyfunction]
pub(super) fn game_facts<'py>(
    py: Python<'py>,
    game: &str,
) -> PyResult<Vec<(&'static str, Bound<'py, PyAny>)>> {
    known(game)?
        .facts
        .iter()
        .map(|(name, fact)| {
            let value = match fact {
                Fact::Number(number) => number.into_pyobject(py)?.into_any(),
                Fact::Numbers(numbers) => numbers.into_pyobject(py)?.into_any(),
                Fact::Names(names) => names().into_pyobject(py)?.into_any(),
            };
            Ok((*name, value))
        })
        .collect()
}

/// The registry's spec of `game`.
fn known(game: &str) -> PyResult<&'static Spec> {
    registry::spec(game)
        .ok_or_else(|| CoreError::Option(format!("the native core has no {game}")).into())
}

/// Every message the core can refuse a person's rule options with, and its plural form where
/// a count decides the words (core/refusal.rs): the catalogs' translations are of these.
#[pyfunction]
pub(super) fn refusal_messages() -> Vec<(&'static str, Option<&'static str>)> {
    refusal::MESSAGES.to_vec()
}
