//! pegrace's native core (`pegrace._core`): the rules of the games and simulations that run
//! without the interpreter. Python calls it in coarse steps (a whole batch of games, one
//! position's moves), never once per move in bulk work.

pub mod ai;
pub mod engine;
pub mod games;
pub mod play;
pub mod rl;
pub mod rl_moves;
pub mod rng;
pub mod simulate;

use ai::eval::{Judge, RaceJudge};
use ai::headache::HeadacheJudge;
use ai::learned::{LudoJudge, MarblesJudge};
use ai::players::Kind;
use ai::search::{ranking, Memory, Settings};
use ai::train::{Schedule, Training};
use std::cell::Cell;
use std::collections::HashMap;
use std::sync::Mutex;

use engine::{End, Game, Phase, Seats, State, MAX_SEATS, PIECES};
use games::headache::Headache;
use games::ludo::{ClassicLudo, LudopyLudo, TwoDiceLudo, Variant};
use games::marbles::Marbles;
use games::trouble::Trouble;
use pyo3::buffer::{Element, PyBuffer};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

/// A state as Python's `pegrace.state.State` holds it, field for field, with its roll as `R`.
type StateTuple<R> = (
    Vec<Vec<i16>>,
    u8,
    u8,
    Option<R>,
    u8,
    u32,
    Vec<u8>,
    Vec<u8>,
    Vec<u8>,
    Vec<u8>,
    Vec<i64>,
    String,
);
/// A state from Python: its roll as Python writes it.
type PyStateIn = StateTuple<Roll>;

/// A roll as Python writes it: one die, or two as a pair.
#[derive(FromPyObject)]
enum Roll {
    One(u8),
    Two((u8, u8)),
}

impl Roll {
    fn dice(&self) -> [u8; 2] {
        match *self {
            Roll::One(die) => [die, 0],
            Roll::Two((a, b)) => [a, b],
        }
    }
}

type Options = Vec<(String, String)>;

/// The rules of a game the core plays.
enum Rules {
    Trouble(Box<Trouble>),
    Ludo(Box<TwoDiceLudo>),
    ClassicLudo(Box<ClassicLudo>),
    Marbles(Box<Marbles>),
    Headache(Box<Headache>),
    Ludopy(Box<LudopyLudo>),
}

/// `$body` with `$r` bound to the rules of whichever game `$rules` holds.
macro_rules! on_rules {
    ($rules:expr, $r:ident => $body:expr) => {
        match $rules {
            Rules::Trouble($r) => $body,
            Rules::Ludo($r) => $body,
            Rules::ClassicLudo($r) => $body,
            Rules::Marbles($r) => $body,
            Rules::Headache($r) => $body,
            Rules::Ludopy($r) => $body,
        }
    };
}

/// A game's rules with its computer players' evaluation.
enum Judged {
    Trouble(Box<RaceJudge<Trouble>>),
    Ludo(Box<LudoJudge>),
    ClassicLudo(Box<RaceJudge<ClassicLudo>>),
    Marbles(Box<MarblesJudge>),
    Headache(Box<HeadacheJudge>),
    Ludopy(Box<RaceJudge<LudopyLudo>>),
}

/// `$body` with `$j` bound to the judge of whichever game `$judged` holds.
macro_rules! on_judge {
    ($judged:expr, $j:ident => $body:expr) => {
        match $judged {
            Judged::Trouble($j) => $body,
            Judged::Ludo($j) => $body,
            Judged::ClassicLudo($j) => $body,
            Judged::Marbles($j) => $body,
            Judged::Headache($j) => $body,
            Judged::Ludopy($j) => $body,
        }
    };
}

fn judged(game: &str, players: usize, options: &Options) -> PyResult<Judged> {
    Ok(match rules(game, players, options)? {
        Rules::Trouble(r) => Judged::Trouble(Box::new(ai::trouble(*r))),
        Rules::Ludo(r) => Judged::Ludo(Box::new(ai::two_dice_ludo(*r))),
        Rules::ClassicLudo(r) => Judged::ClassicLudo(Box::new(ai::classic_ludo(*r))),
        Rules::Marbles(r) => Judged::Marbles(Box::new(ai::marbles(*r))),
        Rules::Headache(r) => Judged::Headache(Box::new(ai::headache(*r))),
        Rules::Ludopy(r) => Judged::Ludopy(Box::new(ai::ludopy(*r))),
    })
}

fn rules(game: &str, players: usize, options: &Options) -> PyResult<Rules> {
    let made = match game {
        "trouble" => Trouble::new(players, options).map(|r| Rules::Trouble(Box::new(r))),
        "ludo" => match games::ludo::variant(options) {
            Variant::TwoDice => {
                TwoDiceLudo::new(players, options).map(|r| Rules::Ludo(Box::new(r)))
            }
            Variant::Classic => {
                ClassicLudo::new(players, options).map(|r| Rules::ClassicLudo(Box::new(r)))
            }
            Variant::Ludopy => {
                LudopyLudo::new(players, options).map(|r| Rules::Ludopy(Box::new(r)))
            }
        },
        "marbles" => Marbles::new(players, options).map(|r| Rules::Marbles(Box::new(r))),
        "headache" => Headache::new(players, options).map(|r| Rules::Headache(Box::new(r))),
        _ => Err(format!("the native core has no {game} yet")),
    };
    made.map_err(PyValueError::new_err)
}

fn from_python<G: Game>(rules: &G, state: PyStateIn) -> PyResult<State> {
    let (pieces, phase, current, roll, streak, turn, finished, out, contenders, rolloff, aux, end) =
        state;
    let mut rows = [[-1i16; PIECES]; MAX_SEATS];
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
    .or_else(|| end.starts_with("turn limit").then_some(End::TurnLimit))
    .ok_or_else(|| PyValueError::new_err(format!("unknown end {end:?}")))?;
    let seats = rules.table().seats;
    for listed in [&finished, &out, &contenders] {
        if listed.len() > seats || listed.iter().any(|&seat| usize::from(seat) >= seats) {
            return Err(PyValueError::new_err(format!(
                "not a list of seats: {listed:?}"
            )));
        }
    }
    if rolloff.len() > contenders.len() || usize::from(current) >= seats {
        return Err(PyValueError::new_err("no such seat or roll-off"));
    }
    let mut counters = [0u16; MAX_SEATS + 1];
    for (counter, &value) in counters.iter_mut().zip(&aux) {
        *counter = u16::try_from(value).map_err(|_| PyValueError::new_err("aux out of range"))?;
    }
    Ok(State {
        pieces: rows,
        phase,
        current,
        roll: roll.map_or([0, 0], |r| rules.roll_from_python(r.dice())),
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
fn to_python<'py, G: Game>(
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
    let roll = match rules.roll_to_python(state.roll).as_slice() {
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

/// A move for Python: its text, whose pieces it moves, each use of the roll (die, origin,
/// target), the spaces it passes, whether it goes counter-clockwise and leaves START.
type PyMove = (String, u8, Vec<(u8, i16, i16)>, Vec<i16>, bool, bool);

fn legal<G: Game>(rules: &G, state: &State) -> Vec<PyMove> {
    if state.phase != Phase::Move {
        return Vec::new();
    }
    let moves = rules.legal_moves(state);
    moves
        .as_ref()
        .iter()
        .map(|&chosen| {
            let view = rules.move_view(state, chosen);
            let text = rules.move_text(state, chosen);
            (
                text,
                view.owner,
                view.uses,
                view.path,
                view.backward,
                view.from_start,
            )
        })
        .collect()
}

/// The position after the legal move written `text`; None when no legal move is.
fn play_text<G: Game>(rules: &G, mut state: State, text: &str) -> Option<State> {
    if state.phase != Phase::Move {
        return None;
    }
    let moves = rules.legal_moves(&state);
    let chosen = *moves
        .as_ref()
        .iter()
        .find(|&&chosen| rules.move_text(&state, chosen) == text)?;
    rules.play(&mut state, chosen);
    Some(state)
}

/// A game's rules, built once (Headache's walks and LUDOpy's move plans take a while) and
/// asked position by position. It makes the `pegrace.state.State`s it gives, and remembers
/// the last one, so that the next call about that very object reads nothing.
#[pyclass(frozen)]
struct CoreRules {
    rules: Rules,
    phases: Vec<Py<PyAny>>,
    state_class: Py<PyAny>,
    new_tuple: Py<PyAny>,
    last: Mutex<Option<(Py<PyAny>, State)>>,
}

impl CoreRules {
    /// The state `given` holds: the last one given out if it is that very object, else read.
    fn read(&self, given: &Bound<'_, PyAny>) -> PyResult<State> {
        if let Some((object, state)) = &*self.last.lock().unwrap_or_else(|e| e.into_inner()) {
            if object.is(given) {
                return Ok(*state);
            }
        }
        let fields: PyStateIn = given.extract()?;
        on_rules!(&self.rules, r => from_python(&**r, fields))
    }

    /// A `State` for Python, remembered as the last one given out.
    fn give<'py>(&self, py: Python<'py>, state: State) -> PyResult<Bound<'py, PyAny>> {
        let fields = on_rules!(&self.rules, r => to_python(py, &**r, &state, &self.phases))?;
        let object = self
            .new_tuple
            .bind(py)
            .call1((self.state_class.bind(py), fields))?;
        *self.last.lock().unwrap_or_else(|e| e.into_inner()) =
            Some((object.clone().unbind(), state));
        Ok(object)
    }
}

#[pymethods]
impl CoreRules {
    /// `phases`: the `pegrace.state.Phase` members, in order; `state_class`: `State`.
    #[new]
    fn new(
        py: Python<'_>,
        game: &str,
        players: usize,
        options: Options,
        phases: Vec<Py<PyAny>>,
        state_class: Py<PyAny>,
    ) -> PyResult<Self> {
        if phases.len() != 4 {
            return Err(PyValueError::new_err("the four phases, in order"));
        }
        Ok(CoreRules {
            rules: rules(game, players, &options)?,
            phases,
            state_class,
            new_tuple: py.get_type::<PyTuple>().getattr("__new__")?.unbind(),
            last: Mutex::new(None),
        })
    }

    /// The position after a roll (or a roll-off pop).
    fn roll<'py>(
        &self,
        py: Python<'py>,
        state: &Bound<'py, PyAny>,
        roll: Roll,
    ) -> PyResult<Bound<'py, PyAny>> {
        let before = self.read(state)?;
        let after = on_rules!(&self.rules, r => Game::apply_roll(&**r, &before, roll.dice()));
        self.give(py, after)
    }

    /// The position before the roll-off.
    fn initial<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let state = on_rules!(&self.rules, r => r.initial_state());
        self.give(py, state)
    }

    /// The legal moves of a position, in order (none unless a move is due).
    fn legal(&self, state: &Bound<'_, PyAny>) -> PyResult<Vec<PyMove>> {
        let state = self.read(state)?;
        Ok(on_rules!(&self.rules, r => legal(&**r, &state)))
    }

    /// The position after the legal move written `text`; None when no legal move is.
    fn play<'py>(
        &self,
        py: Python<'py>,
        state: &Bound<'py, PyAny>,
        text: &str,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        let before = self.read(state)?;
        match on_rules!(&self.rules, r => play_text(&**r, before, text)) {
            Some(after) => self.give(py, after).map(Some),
            None => Ok(None),
        }
    }

    /// Every side's place (1 first; equal places tie), meaningful once the game is over.
    fn places(&self, state: &Bound<'_, PyAny>) -> PyResult<Vec<u8>> {
        let state = self.read(state)?;
        Ok(on_rules!(&self.rules, r => r.places(&state)[..r.table().side_count].to_vec()))
    }

    /// The places already settled, by side (0: not yet).
    fn decided(&self, state: &Bound<'_, PyAny>) -> PyResult<Vec<u8>> {
        let state = self.read(state)?;
        Ok(on_rules!(&self.rules, r => r.table().decided(&state)[..r.table().side_count].to_vec()))
    }

    /// Whether a seat still takes turns, given the seats finished and out.
    fn seat_active(&self, seat: u8, finished: Vec<u8>, out: Vec<u8>) -> bool {
        let (finished, out) = (Seats::from_slice(&finished), Seats::from_slice(&out));
        on_rules!(&self.rules, r => r.table().seat_active(seat, &finished, &out))
    }

    /// Each seat's side (a player, or a team), the seat whose turn follows its own, and
    /// whether play goes on for the lower places once a side has finished.
    fn seating(&self) -> (Vec<u8>, Vec<u8>, bool) {
        on_rules!(&self.rules, r => {
            let table = r.table();
            let seats = table.seats;
            (table.sides[..seats].to_vec(), table.next_seat[..seats].to_vec(), table.play_on)
        })
    }

    /// Whether a seat with these pieces has brought them all in.
    fn row_finished(&self, row: Vec<i16>) -> PyResult<bool> {
        let row: engine::Row = row
            .try_into()
            .map_err(|_| PyValueError::new_err("a seat holds 4 pieces"))?;
        Ok(on_rules!(&self.rules, r => r.row_finished(&row)))
    }
}

/// `games` games of random players, played to the end: totals of wins by side, moves, rolls
/// and turns. Runs without the interpreter lock.
#[pyfunction]
fn random_games<'py>(
    py: Python<'py>,
    game: &str,
    players: usize,
    options: Options,
    games: u64,
    seed: u64,
) -> PyResult<Bound<'py, PyDict>> {
    let rules = rules(game, players, &options)?;
    let (tally, sides) = py.detach(
        || on_rules!(&rules, r => (simulate::random_games(&**r, games, seed), r.table.side_count)),
    );
    let answer = PyDict::new(py);
    answer.set_item("games", tally.games)?;
    answer.set_item("wins", tally.wins[..sides].to_vec())?;
    answer.set_item("moves", tally.moves)?;
    answer.set_item("rolls", tally.rolls)?;
    answer.set_item("turns", tally.turns)?;
    Ok(answer)
}

/// A seat as Python sends it: its colour, its player's name and settings (`native.CoreSeat`).
type SeatSpec = (String, String, HashMap<String, f64>);
/// A game's summary for Python: places per seat, turns, rolls, the starter, events, moves,
/// and where asked for its drama: captures, lead changes, whether the half-time leader won.
type PySummary = (
    Vec<u32>,
    u32,
    u64,
    u8,
    u64,
    u64,
    Option<(u32, u32, Option<bool>)>,
);

/// Games `first..first + count` of a run seeded `seed` (game `i` seeded as
/// `pegrace.simulate.game_seed` seeds it), with the computer players of `seatings[i % len]`:
/// the same games as `pegrace.match.run_game` plays. Runs without the interpreter lock.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
fn play_games(
    py: Python<'_>,
    game: &str,
    players: usize,
    options: Options,
    seatings: Vec<Vec<SeatSpec>>,
    seed: u128,
    first: u64,
    count: u64,
    drama: bool,
) -> PyResult<Vec<PySummary>> {
    let judged = judged(game, players, &options)?;
    let mut tables = Vec::new();
    for seating in &seatings {
        let mut seats = Vec::new();
        for (colour, name, settings) in seating {
            seats.push(play::Seat {
                colour: colour.clone(),
                kind: player(&judged, name, settings)?,
            });
        }
        tables.push(seats);
    }
    if tables.is_empty() {
        return Err(PyValueError::new_err("no seating to play"));
    }
    let indices = first..first + count;
    let played = py
        .detach(|| on_judge!(&judged, j => play::play_games(&**j, &tables, seed, indices, drama)));
    let summaries = played.map_err(PyValueError::new_err)?;
    Ok(summaries
        .into_iter()
        .map(|s| {
            let places: Vec<u32> = s.places.iter().map(|&p| u32::from(p)).collect();
            let drama = s.drama.map(|d| {
                let side_places =
                    on_judge!(&judged, j => side_places(j.rules().table(), &s.places));
                (
                    d.captures,
                    d.lead_changes,
                    d.half_time_leader_won(&side_places),
                )
            });
            (
                places, s.turns, s.rolls, s.starter, s.events, s.moves, drama,
            )
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

/// A player by its name and settings: easy's `mistakes`; a search player's `depth` (absent:
/// deepening), `budget` (nodes), `width` (0: every move), `paranoid` (0 or 1) and `learned`
/// (the leaves' model: `Settings::model`).
fn kind(name: &str, settings: &HashMap<String, f64>) -> PyResult<Kind> {
    let get = |key: &str, default: f64| settings.get(key).copied().unwrap_or(default);
    if name == "search" {
        return Ok(Kind::Search(Settings {
            depth: settings.get("depth").map(|&d| d as u32),
            budget: get("budget", 0.0),
            width: Some(get("width", 0.0) as usize).filter(|&w| w > 0),
            paranoid: get("paranoid", 0.0) != 0.0,
            model: get("learned", 0.0).clamp(0.0, 2.0) as u8,
            threads: get("threads", 1.0).max(1.0) as usize,
            value: settings.get("value").map(|&number| number as u32),
        }));
    }
    if name == "policy" {
        let number = settings
            .get("policy")
            .filter(|n| (0.0..=f64::from(u32::MAX)).contains(*n));
        return number.map(|&n| Kind::Policy(n as u32)).ok_or_else(|| {
            PyValueError::new_err("a policy player names its policy (`policy`, a number)")
        });
    }
    Kind::named(name, get("mistakes", 0.5))
        .ok_or_else(|| PyValueError::new_err(format!("the native core has no player {name:?}")))
}

/// A player of `judged`'s game by its name and settings (`kind`), the value its settings name
/// (`value`, a number `give_value` gave) checked to fit the game.
fn player(judged: &Judged, name: &str, settings: &HashMap<String, f64>) -> PyResult<Kind> {
    let kind = kind(name, settings)?;
    if let Kind::Policy(number) = kind {
        policy_fits(judged, number).map_err(PyValueError::new_err)?;
    }
    if let Kind::Search(Settings {
        value: Some(number),
        ..
    }) = kind
    {
        on_judge!(judged, j => j.learning().given(number, j.rules().table()))
            .map_err(PyValueError::new_err)?;
    }
    Ok(kind)
}

/// Why the policy given as `number` cannot play `judged`'s game, if it cannot.
fn policy_fits(judged: &Judged, number: u32) -> Result<(), String> {
    let policy = ai::policy::given(number)?;
    on_judge!(judged, j => policy.fits(j.learning().model, &j.encoding().with_moves()?))
}

/// The number a policy player's settings name the policy in the file `text` by (`policy`):
/// the same for the same policy.
#[pyfunction]
fn give_policy(text: &str) -> PyResult<u32> {
    ai::policy::give(text).map_err(PyValueError::new_err)
}

/// The number a search player's settings name the value in the weights file `text` by
/// (`value`): the same for the same value.
#[pyfunction]
fn give_value(text: &str) -> PyResult<u32> {
    ai::value::give(text).ok_or_else(|| {
        PyValueError::new_err("not a weights file (its model's name, weights and network)")
    })
}

/// Learning a game's value by self-play (`ai::train`): `train` plays and learns a number of
/// games at a time (without the interpreter lock), `score` rates the value as it stands.
#[pyclass]
struct Trainer {
    inner: Box<dyn Training>,
    model: &'static str,
}

#[pymethods]
impl Trainer {
    #[new]
    fn new(
        game: &str,
        players: usize,
        options: Options,
        seed: u64,
        schedule: HashMap<String, f64>,
    ) -> PyResult<Self> {
        let get = |key: &str, default: f64| schedule.get(key).copied().unwrap_or(default);
        let schedule = Schedule {
            lambda: get("lambda", 0.7),
            rate: get("rate", 0.01),
            score_games: get("score_games", 400.0) as u32,
            hidden: get("hidden", 0.0) as usize,
        };
        if schedule.hidden > ai::net::MAX_HIDDEN {
            let most = ai::net::MAX_HIDDEN;
            return Err(PyValueError::new_err(format!(
                "at most {most} hidden units"
            )));
        }
        fn make<J: Judge + Send + Sync + 'static>(
            judge: J,
            seed: u64,
            schedule: Schedule,
        ) -> PyResult<(Box<dyn Training>, &'static str)> {
            let learning = judge.learning();
            let model = learning.model;
            let features = learning.features.clone().ok_or_else(|| {
                PyValueError::new_err("these rules have no learned value to train")
            })?;
            Ok((
                Box::new(ai::train::Trainer::new(judge, features, seed, schedule)),
                model,
            ))
        }
        let judged = judged(game, players, &options)?;
        let (inner, model) = on_judge!(judged, j => make(*j, seed, schedule))?;
        Ok(Trainer { inner, model })
    }

    /// Play and learn `count` more games.
    fn train(&mut self, py: Python<'_>, count: u64) {
        let inner = &mut self.inner;
        py.detach(|| inner.train(count));
    }

    /// The value on the scoring positions: (mean log-likelihood of the winner above the even
    /// chance's, Brier score, share of positions whose favourite won).
    fn score(&self) -> (f64, f64, f64) {
        let score = self.inner.score();
        (score.gain, score.brier, score.favourite_won)
    }

    #[getter]
    fn weights(&self) -> Vec<f64> {
        self.inner.weights().to_vec()
    }

    #[setter]
    fn set_weights(&mut self, weights: Vec<f64>) -> PyResult<()> {
        self.inner
            .set_weights(weights)
            .map_err(PyValueError::new_err)
    }

    /// The network's hidden units and parameters; None for the linear model alone.
    #[getter]
    fn network(&self) -> Option<(usize, Vec<f64>)> {
        self.inner.network()
    }

    #[setter]
    fn set_network(&mut self, params: Vec<f64>) -> PyResult<()> {
        self.inner
            .set_network(params)
            .map_err(PyValueError::new_err)
    }

    /// Adam's step size for the games to come.
    fn set_rate(&mut self, rate: f64) -> PyResult<()> {
        if !(rate > 0.0 && rate.is_finite()) {
            return Err(PyValueError::new_err(format!(
                "rate {rate}: a step size above 0"
            )));
        }
        self.inner.set_rate(rate);
        Ok(())
    }

    /// The features' names, a weight each.
    #[getter]
    fn features(&self) -> Vec<String> {
        self.inner.names()
    }

    #[getter]
    fn games(&self) -> u64 {
        self.inner.games()
    }

    /// How many positions the score is worked out on.
    #[getter]
    fn scored(&self) -> usize {
        self.inner.scored()
    }

    /// The model's name (its weights file: `src/pegrace/weights/<model>.json`).
    #[getter]
    fn model(&self) -> &'static str {
        self.model
    }
}

/// Computer play of one game (its rules and evaluation built once): the search players'
/// rankings, the one-move players' best moves.
#[pyclass(frozen)]
struct Computer {
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
        let memory = on_judge!(&judged, j => Memory::new(j.rules()));
        Ok(Computer {
            judged,
            memory: Mutex::new(memory),
        })
    }

    /// The legal moves (their indices) the one-move player `name` (medium, easy's, the
    /// personalities') rates best at `state`, tied: its generator picks among them.
    #[pyo3(signature = (state, name, settings=HashMap::new()))]
    fn best(
        &self,
        state: PyStateIn,
        name: &str,
        settings: HashMap<String, f64>,
    ) -> PyResult<Vec<usize>> {
        let kind = player(&self.judged, name, &settings)?;
        if matches!(kind, Kind::Random | Kind::Search(_)) {
            return Err(PyValueError::new_err(format!(
                "{name} rates no moves one by one"
            )));
        }
        on_judge!(&self.judged, j => {
            let state = from_python(j.rules(), state)?;
            if state.phase != Phase::Move {
                return Err(PyValueError::new_err("no move is due"));
            }
            let moves = j.rules().legal_moves(&state);
            Ok(ai::players::best_moves(kind, &**j, &state, moves.as_ref()))
        })
    }

    /// What the computer players see in `state` with `to_move` to move next: every seat's
    /// evaluation and its danger part, every side's search leaf and, where the game has a
    /// learned chance of winning, every seat's expected loss to hits, its chance of winning,
    /// the model's features and weights, and every side's learned leaf.
    fn look<'py>(
        &self,
        py: Python<'py>,
        state: PyStateIn,
        to_move: usize,
    ) -> PyResult<Bound<'py, PyDict>> {
        let answer = PyDict::new(py);
        on_judge!(&self.judged, j => {
            let state = from_python(j.rules(), state)?;
            let (seats, sides) = (j.rules().table().seats, j.rules().table().side_count);
            if to_move >= seats {
                return Err(PyValueError::new_err(format!("no seat {to_move}")));
            }
            let pieces = &state.pieces;
            let each = |f: &dyn Fn(usize) -> f64| (0..seats).map(f).collect::<Vec<f64>>();
            answer.set_item("evaluation", each(&|seat| j.evaluate(pieces, seat)))?;
            answer.set_item("danger", each(&|seat| j.danger(pieces, seat)))?;
            answer.set_item("leaf", j.leaf(pieces, to_move)[..sides].to_vec())?;
            if let Some(value) = j.value() {
                let memo = &mut ai::learned::ReachMemo::default();
                let chances = value.chances(pieces, to_move, memo);
                answer.set_item("value", chances[..seats].to_vec())?;
            }
            if let Some(win) = j.learned() {
                let memo = &mut ai::learned::ReachMemo::default();
                answer.set_item("losses", win.losses(pieces, to_move)[..seats].to_vec())?;
                answer.set_item("chances", win.chances(pieces, to_move, memo)[..seats].to_vec())?;
                answer.set_item("features", win.features(pieces, to_move))?;
                answer.set_item("learned", win.values(pieces, to_move)[..sides].to_vec())?;
                answer.set_item("weights", win.weights())?;
            }
            Ok(answer)
        })
    }

    /// Each side's chance of winning from `state` by the value learned by self-play, exact once
    /// the winner is settled; None where the rules have no learned value.
    fn value_chances(&self, state: PyStateIn) -> PyResult<Option<Vec<f64>>> {
        on_judge!(&self.judged, j => {
            let Some(value) = j.value() else {
                return Ok(None);
            };
            let state = from_python(j.rules(), state)?;
            let sides = j.rules().table().side_count;
            Ok(Some(value.state_chances(j.rules(), &state)[..sides].to_vec()))
        })
    }

    /// The chance of winning a search value on the learned leaf's scale stands for; None
    /// without a learned leaf, or outside the leaves' range (a value that counts a finished
    /// game).
    fn learned_chance(&self, value: f64) -> Option<f64> {
        on_judge!(&self.judged, j => {
            if j.value().is_none() {
                j.learned()?;
            }
            let sides = j.rules().table().side_count;
            let chance = 1.0 / sides as f64 + value / ai::learned::win_scale(sides);
            (0.0..=1.0).contains(&chance).then_some(chance)
        })
    }

    /// Why the value given as `number` (`give_value`) does not fit this game, if it does not.
    /// Why the policy given as `number` (`give_policy`) cannot play this game, if it cannot.
    fn check_policy(&self, number: u32) -> PyResult<()> {
        policy_fits(&self.judged, number).map_err(PyValueError::new_err)
    }

    fn check_value(&self, number: u32) -> PyResult<()> {
        on_judge!(&self.judged, j => j.learning().given(number, j.rules().table()))
            .map(|_| ())
            .map_err(PyValueError::new_err)
    }

    /// The legal moves of `state` ranked as `pegrace.search.SearchPlayer.ranking` ranks them,
    /// with `settings` as `kind` reads a search player's. Runs without the interpreter lock.
    fn rank(
        &self,
        py: Python<'_>,
        state: PyStateIn,
        settings: HashMap<String, f64>,
    ) -> PyResult<PyRanking> {
        let Kind::Search(settings) = player(&self.judged, "search", &settings)? else {
            unreachable!("a search player's settings")
        };
        on_judge!(&self.judged, j => {
            let state = from_python(j.rules(), state)?;
            if state.phase != Phase::Move {
                return Err(PyValueError::new_err("no move is due"));
            }
            let (ranked, depth, nodes) = py.detach(|| {
                let mut memory = self.memory.lock().unwrap_or_else(|e| e.into_inner());
                let moves = j.rules().legal_moves(&state);
                ranking(&**j, &mut memory, &state, moves.as_ref(), &settings)
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

/// Each side's wins in the `count` playouts from `first` on from `state`, every seat
/// (`colours`) played by the player `name`, seeded as `pegrace.advice.winprob` seeds them, over
/// `threads` threads.
/// Runs without the interpreter lock.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
fn playouts(
    py: Python<'_>,
    game: &str,
    players: usize,
    options: Options,
    state: PyStateIn,
    colours: Vec<String>,
    name: &str,
    settings: HashMap<String, f64>,
    seed: &str,
    first: u64,
    count: u64,
    threads: u64,
) -> PyResult<Vec<u64>> {
    let judged = judged(game, players, &options)?;
    let kind = player(&judged, name, &settings)?;
    let indices = first..first.saturating_add(count);
    on_judge!(&judged, j => {
        let state = from_python(j.rules(), state)?;
        py.detach(|| play::playouts(&**j, &state, &colours, kind, seed, indices, threads))
            .map_err(PyValueError::new_err)
    })
}

/// A game's action space and observation (`pegrace.rl.encoding`).
fn encoding(judged: &Judged) -> rl::Encoding {
    on_judge!(judged, j => j.encoding())
}

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
        .ok_or_else(|| PyValueError::new_err(format!("{name}: a writable C-contiguous array")))?;
    // SAFETY: the buffer keeps the array's memory alive while it lives (`'a`), and `Cell<T>`
    // has `T`'s layout; the writes go through cells (shared, so two names for one array are
    // harmless) while the interpreter lock is held (`_py`) and no Python code runs.
    let cells: &'a [Cell<T>] = unsafe { &*(memory.as_ptr() as *const [Cell<T>]) };
    if cells.len() != len {
        return Err(PyValueError::new_err(format!(
            "{name}: {len} items, not {}",
            cells.len()
        )));
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
struct Games {
    judged: Judged,
    batch: rl::Batch,
}

impl Games {
    fn check(&self, index: usize) -> PyResult<()> {
        if index >= self.batch.len() {
            return Err(PyValueError::new_err(format!(
                "no game {index} of {}",
                self.batch.len()
            )));
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
        seats: Vec<Option<(String, HashMap<String, f64>)>>,
        count: usize,
        viewer: Option<usize>,
        chance_nodes: bool,
        log: bool,
        observation: &str,
    ) -> PyResult<Self> {
        let judged = judged(game, players, &options)?;
        let encoding = match observation {
            "board" => encoding(&judged),
            "moves" => encoding(&judged)
                .with_moves()
                .map_err(PyValueError::new_err)?,
            _ => {
                return Err(PyValueError::new_err(format!(
                    "observation {observation:?}: 'board' or 'moves'"
                )))
            }
        };
        let kinds = seats
            .iter()
            .map(|seat| {
                seat.as_ref()
                    .map(|(name, settings)| player(&judged, name, settings))
                    .transpose()
            })
            .collect::<PyResult<Vec<_>>>()?;
        let viewer = viewer
            .or_else(|| kinds.iter().position(Option::is_none))
            .ok_or_else(|| PyValueError::new_err("no seat is the learner's"))?;
        let initial = on_judge!(&judged, j => j.rules().initial_state());
        let mut batch = rl::Batch::new(encoding, colours, kinds, viewer, count, initial)
            .map_err(PyValueError::new_err)?;
        batch.chance_nodes = chance_nodes;
        batch.log = log;
        Ok(Games { judged, batch })
    }

    /// Game `index` anew from `seed`, to its first decision.
    fn restart(&mut self, index: usize, seed: u64) -> PyResult<()> {
        self.check(index)?;
        let batch = &mut self.batch;
        on_judge!(&self.judged, j => batch.reset(&**j, index, seed));
        Ok(())
    }

    /// The move of `action` in game `index`, then on to the next decision; false if it is not
    /// a legal move there (nothing changes).
    fn act(&mut self, index: usize, action: i64) -> PyResult<bool> {
        self.check(index)?;
        let batch = &mut self.batch;
        Ok(on_judge!(&self.judged, j => batch.act(&**j, index, action)))
    }

    /// Outcome `outcome` of game `index`'s chance node; false if there is no such outcome.
    fn roll(&mut self, index: usize, outcome: usize) -> PyResult<bool> {
        self.check(index)?;
        let batch = &mut self.batch;
        Ok(on_judge!(&self.judged, j => batch.roll(&**j, index, outcome)))
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
        let seats = on_judge!(&self.judged, j => j.rules().table().seats);
        if seat >= seats {
            return Err(PyValueError::new_err(format!("no seat {seat}")));
        }
        let size = self.observation_size();
        let mut seen = vec![0.0f32; size];
        on_judge!(&self.judged, j => self.batch.observe_from(&**j, index, seat, &mut seen));
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
        on_judge!(&self.judged, j => to_python(py, j.rules(), self.batch.state(index), &phases))
    }

    /// Each side's place reward in game `index` (`Rules.returns`).
    fn returns(&self, index: usize) -> PyResult<Vec<f64>> {
        self.check(index)?;
        Ok(on_judge!(&self.judged, j => self.batch.returns(&**j, index)))
    }

    /// The chances of the outcomes of game `index`'s chance node (none where not at one).
    fn chances(&self, index: usize) -> PyResult<Vec<f64>> {
        self.check(index)?;
        Ok(on_judge!(&self.judged, j => self.batch.chances(&**j, index)))
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
            return Err(PyValueError::new_err(format!(
                "{count} seeds, not {}",
                seeds.len()
            )));
        }
        let size = self.batch.encoding.observation_size();
        let observations = cells(py, &observations, count * size, "observations")?;
        let masks = cells(py, &masks, count * self.actions(), "masks")?;
        let batch = &mut self.batch;
        on_judge!(&self.judged, j => {
            for (index, &seed) in seeds.iter().enumerate() {
                batch.reset(&**j, index, seed);
            }
            batch.look(&**j, observations, masks);
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
            return Err(PyValueError::new_err(format!(
                "{count} actions, not {}",
                actions.len()
            )));
        }
        let out = rl::Outputs {
            observations: cells(py, &observations, count * size, "observations")?,
            masks: cells(py, &masks, count * self.actions(), "masks")?,
            rewards: cells(py, &rewards, count, "rewards")?,
            ended: cells(py, &ended, count, "ended")?,
            finals: cells(py, &finals, count * size, "finals")?,
        };
        let batch = &mut self.batch;
        on_judge!(&self.judged, j => batch.step(&**j, &actions, &out));
        Ok(())
    }
}

#[pymodule]
fn _core(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(give_value, module)?)?;
    module.add_function(wrap_pyfunction!(give_policy, module)?)?;
    module.add_function(wrap_pyfunction!(play_games, module)?)?;
    module.add_function(wrap_pyfunction!(playouts, module)?)?;
    module.add_class::<Computer>()?;
    module.add_class::<CoreRules>()?;
    module.add_class::<Games>()?;
    module.add_class::<Trainer>()?;
    module.add_function(wrap_pyfunction!(random_games, module)?)?;
    Ok(())
}
