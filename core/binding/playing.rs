//! Whole games and playouts with computer players, as `pegrace.match` and
//! `pegrace.advice.winprob` play them, a batch a call without the interpreter lock.

use pyo3::prelude::*;

use super::error::CoreError;
use super::player::PyPlayer;
use super::shared::{from_python, judged, on_judged, player, Options, PyStateIn};
use crate::engine::{self, Game};
use crate::play;

/// A seat as Python sends it: its colour and its player (`native.CoreSeat`).
type SeatSpec = (String, PyPlayer);
/// A game's summary for Python (`pegrace.simulate.GameSummary` is made of it): each seat's
/// place, the turns, rolls, the seat that won the roll-off, the events and moves, and where
/// asked for its drama: the pieces captured, the changes of the lead and whether the side alone
/// in the lead at half-time won (None: sides tied for it then).
#[pyclass(frozen, get_all, module = "pegrace._core")]
pub(super) struct CoreSummary {
    places: Vec<u32>,
    turns: u32,
    rolls: u64,
    starter: u8,
    events: u64,
    moves: u64,
    captures: Option<u32>,
    lead_changes: Option<u32>,
    half_leader_won: Option<bool>,
}

/// Games `first..first + count` of a run seeded `seed` (game `i` seeded as
/// `pegrace.simulate.game_seed` seeds it), with the computer players of `seatings[i % len]`:
/// the same games as `pegrace.match.run_game` plays. Runs without the interpreter lock.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
pub(super) fn play_games(
    py: Python<'_>,
    game: &str,
    players: usize,
    options: Options,
    seatings: Vec<Vec<SeatSpec>>,
    seed: u128,
    first: u64,
    count: u64,
    drama: bool,
) -> PyResult<Vec<CoreSummary>> {
    let judged = judged(game, players, &options)?;
    let mut tables = Vec::new();
    for seating in &seatings {
        let mut seats = Vec::new();
        for (colour, given) in seating {
            seats.push(play::Seat {
                colour: colour.clone(),
                kind: player(&judged, given)?,
            });
        }
        tables.push(seats);
    }
    if tables.is_empty() {
        return Err(CoreError::Option("no seating to play".into()).into());
    }
    let indices = first..first + count;
    // the seeds are checked before any game is played: a game that does not end is the only
    // failure left to `play::play_games`
    if let Some(last) = indices.clone().next_back() {
        if play::game_seed(seed, last).is_none() {
            return Err(CoreError::Option("the seed is too large for the core".into()).into());
        }
    }
    let played = py.detach(
        || on_judged!(&judged, j => play::play_games(j.judge(), &tables, seed, indices, drama)),
    );
    let summaries = played.map_err(CoreError::Value)?;
    Ok(summaries
        .into_iter()
        .map(|s| {
            let places: Vec<u32> = s.places.iter().map(|&p| u32::from(p)).collect();
            let (captures, lead_changes, half_leader_won) = match s.drama {
                Some(d) => {
                    let side_places =
                        on_judged!(&judged, j => side_places(j.rules().table(), &s.places));
                    (
                        Some(d.captures),
                        Some(d.lead_changes),
                        d.half_time_leader_won(&side_places),
                    )
                }
                None => (None, None, None),
            };
            CoreSummary {
                places,
                turns: s.turns,
                rolls: s.rolls,
                starter: s.starter,
                events: s.events,
                moves: s.moves,
                captures,
                lead_changes,
                half_leader_won,
            }
        })
        .collect())
}

/// Each side's place, from each seat's.
fn side_places(table: &engine::Table, seat_places: &[u8]) -> Vec<u8> {
    let mut places = vec![0; table.side_count];
    for (seat, &place) in seat_places.iter().enumerate() {
        places[table.sides[seat] as usize] = place;
    }
    places
}

/// Each side's wins in the `count` playouts from `first` on from `state`, every seat
/// (`colours`) played by the player `given`, seeded as `pegrace.advice.winprob` seeds them, over
/// `threads` threads.
/// Runs without the interpreter lock.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
pub(super) fn playouts(
    py: Python<'_>,
    game: &str,
    players: usize,
    options: Options,
    state: PyStateIn,
    colours: Vec<String>,
    given: PyPlayer,
    seed: &str,
    first: u64,
    count: u64,
    threads: u64,
) -> PyResult<Vec<u64>> {
    let judged = judged(game, players, &options)?;
    let kind = player(&judged, &given)?;
    let indices = first..first.saturating_add(count);
    on_judged!(&judged, j => {
        let state = from_python(j.rules(), state)?;
        py.detach(|| play::playouts(j.judge(), &state, &colours, kind, seed, indices, threads))
            .map_err(|message| CoreError::Value(message).into())
    })
}
