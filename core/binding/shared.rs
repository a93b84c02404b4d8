//! What the Python classes and functions share: a game's rules and its judge made from its
//! name, players and options (the registry's `Judged`, dispatched by `on_judged!`), players checked to fit
//! them, and states converted to and from Python's.

use pyo3::prelude::*;
use pyo3::types::PyTuple;

use super::error::CoreError;
use super::player::PyPlayer;
use crate::ai;
use crate::ai::judge::Judge;
use crate::ai::players::Kind;
use crate::ai::search::Settings;
use crate::engine::{End, Game, Phase, Seats, State, MAX_SEATS, PIECES};
use crate::registry;
pub(super) use crate::registry::{on_judged, Judged};
use crate::rl;

/// A state from Python: `pegrace.state.State`'s fields, read by their names, its roll as Python
/// writes it.
#[derive(FromPyObject)]
pub(super) struct PyStateIn {
    pieces: Vec<Vec<i16>>,
    phase: u8,
    current: u8,
    roll: Option<Roll>,
    streak: u8,
    turn: u32,
    finished: Vec<u8>,
    out: Vec<u8>,
    contenders: Vec<u8>,
    rolloff: Vec<u8>,
    aux: Vec<i64>,
    end: String,
}

/// A roll as Python writes it: one die, or two as a pair.
#[derive(FromPyObject)]
pub(super) enum Roll {
    One(u8),
    Two((u8, u8)),
}

impl Roll {
    pub(super) fn dice(&self) -> [u8; 2] {
        match *self {
            Roll::One(die) => [die, 0],
            Roll::Two((a, b)) => [a, b],
        }
    }
}

pub(super) type Options = Vec<(String, String)>;

/// The game `game` (`variant` picks Ludo's rules) for `players` with `options`.
pub(super) fn judged(game: &str, players: usize, options: &Options) -> PyResult<Judged> {
    registry::judged(game, players, options).map_err(|refusal| CoreError::Refused(refusal).into())
}

/// A seat's pieces handed in that are not a row of them.
pub(super) fn not_a_row() -> CoreError {
    CoreError::Notation(format!("a seat holds {PIECES} pieces"))
}

pub(super) fn from_python<G: Game>(rules: &G, state: PyStateIn) -> PyResult<State> {
    let PyStateIn {
        pieces,
        phase,
        current,
        roll,
        streak,
        turn,
        finished,
        out,
        contenders,
        rolloff,
        aux,
        end,
    } = state;
    let mut rows = [[-1i16; PIECES]; MAX_SEATS];
    for (row, given) in rows.iter_mut().zip(&pieces) {
        if given.len() != PIECES {
            return Err(not_a_row().into());
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
    .or_else(|| end.starts_with("turn limit").then_some(End::TurnLimit))
    .ok_or_else(|| CoreError::Notation(format!("unknown end {end:?}")))?;
    let seats = rules.table().seats;
    for listed in [&finished, &out, &contenders] {
        if listed.len() > seats || listed.iter().any(|&seat| usize::from(seat) >= seats) {
            return Err(CoreError::Notation(format!("not a list of seats: {listed:?}")).into());
        }
    }
    if rolloff.len() > contenders.len() || usize::from(current) >= seats {
        return Err(CoreError::Notation("no such seat or roll-off".into()).into());
    }
    let mut counters = [0u16; MAX_SEATS + 1];
    for (counter, &value) in counters.iter_mut().zip(&aux) {
        *counter =
            u16::try_from(value).map_err(|_| CoreError::Notation("aux out of range".into()))?;
    }
    Ok(State {
        pieces: rows,
        phase,
        current,
        roll: roll.map_or([0, 0], |r| rules.roll_of(r.dice())),
        streak,
        turn,
        finished: Seats::from_slice(&finished),
        out: Seats::from_slice(&out),
        contenders: Seats::from_slice(&contenders),
        rolloff: Seats::from_slice(&rolloff),
        aux: counters,
        end,
    })
}

/// A state as `pegrace.state.State` holds it, field for field, as a tuple that Python makes a
/// `State` in one step (`phases`: the `pegrace.state.Phase` members, in order).
pub(super) fn to_python<'py, G: Game>(
    py: Python<'py>,
    rules: &G,
    state: &State,
    phases: &[Py<PyAny>],
) -> PyResult<Bound<'py, PyTuple>> {
    let seats = rules.table().seats;
    let rows = state.pieces[..seats]
        .iter()
        .map(|row| PyTuple::new(py, row))
        .collect::<PyResult<Vec<_>>>()?;
    let roll = match rules.outcome_numbers(state.roll).as_slice() {
        _ if state.roll[0] == 0 => py.None().into_bound(py),
        [die] => die.into_pyobject(py)?.into_any(),
        [a, b] => (a, b).into_pyobject(py)?.into_any(),
        _ => unreachable!("a roll is one die or two"),
    };
    let aux = state.aux[..rules.aux_len()].iter().map(|&a| i64::from(a));
    (
        PyTuple::new(py, rows)?,
        phases[state.phase as usize].bind(py),
        state.current,
        roll,
        state.streak,
        state.turn,
        PyTuple::new(py, state.finished.as_slice())?,
        PyTuple::new(py, state.out.as_slice())?,
        PyTuple::new(py, state.contenders.as_slice())?,
        PyTuple::new(py, state.rolloff.as_slice())?,
        PyTuple::new(py, aux)?,
        rules.end_text(state.end),
    )
        .into_pyobject(py)
}

/// The player as the core plays it, checked to fit `judged`'s game: a policy's actions, a
/// given value's board.
pub(super) fn player(judged: &Judged, given: &PyPlayer) -> PyResult<Kind> {
    let kind = given.0;
    if let Kind::Policy(number) = kind {
        policy_fits(judged, number).map_err(CoreError::Option)?;
    }
    if let Kind::Search(Settings {
        value: Some(number),
        ..
    }) = kind
    {
        on_judged!(judged, j => j.judge().learning().given(number, j.rules().table()))
            .map_err(CoreError::Option)?;
    }
    Ok(kind)
}

/// Why the policy given as `number` cannot play `judged`'s game, if it cannot.
pub(super) fn policy_fits(judged: &Judged, number: u32) -> Result<(), String> {
    let policy = ai::policy::given(number)?;
    let encoding = encoding(judged).with_moves()?;
    on_judged!(judged, j => policy.fits(j.judge().learning().model, &encoding))
}

/// A game's action space and observation (`pegrace.rl.encoding`).
pub(super) fn encoding(judged: &Judged) -> rl::Encoding {
    on_judged!(judged, j => rl::Encoding::of(j.rules()))
}
