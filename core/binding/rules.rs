//! The Python class `CoreRules`: the rules behind `pegrace.engine.Rules`, position by position.

use std::sync::{Arc, Mutex, OnceLock};

use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple};

use super::error::CoreError;
use super::shared::{
    encoding, from_python, judged, not_a_row, on_judged, to_python, Judged, Options, PyStateIn,
    Roll,
};
use crate::engine::{self, Game, Phase, Seats, State, PIECES};
use crate::refusal::{self, Refusal};

/// A legal move as the core lists it for Python: its text, whose pieces it moves (`owner`),
/// each use of the roll as (die, origin, target), the spaces it passes (`path`), whether it
/// goes counter-clockwise (`backward`), whether a cone leaves START (`from_start`); and, worked
/// out when first asked (listing stays as cheap as it was), the pieces it captures or sends
/// back (`victims`: `Game::victims`) and the count of the bonus move it earns (`bonus`: 0 none,
/// or one no piece could use). Each game's `Rules.core_move` makes its own `Move` of it.
#[pyclass(frozen, module = "pegrace._core")]
pub(super) struct CoreMove {
    #[pyo3(get)]
    text: Py<PyString>,
    #[pyo3(get)]
    owner: u8,
    #[pyo3(get)]
    uses: Py<PyTuple>,
    #[pyo3(get)]
    path: Py<PyTuple>,
    #[pyo3(get)]
    backward: bool,
    #[pyo3(get)]
    from_start: bool,
    /// Its place in the listing, and what the listing's moves do: worked out for them all at
    /// the first asking of any (a listing is the costly part, Headache's above all).
    index: usize,
    listing: Arc<Listing>,
}

/// A listing's rules and position, and what its moves do once asked.
struct Listing {
    rules: Py<CoreRules>,
    before: State,
    outcomes: OnceLock<Vec<Outcome>>,
}

/// What a move does besides moving: its victims and the bonus move it earns.
type Outcome = (Vec<(u8, i16)>, u16);

#[pymethods]
impl CoreMove {
    #[getter]
    fn victims(&self) -> Vec<(u8, i16)> {
        self.outcome().0.clone()
    }

    #[getter]
    fn bonus(&self) -> u16 {
        self.outcome().1
    }
}

impl CoreMove {
    fn outcome(&self) -> &Outcome {
        let listing = &self.listing;
        let outcomes = listing.outcomes.get_or_init(|| {
            let rules = listing.rules.get();
            on_judged!(&rules.judged, j => outcomes(j.rules(), &listing.before))
        });
        &outcomes[self.index]
    }
}

/// What each legal move of `before` does besides moving, in the listing's order.
fn outcomes<G: Game>(rules: &G, before: &State) -> Vec<Outcome> {
    let moves = rules.legal_moves(before);
    let outcome = |&chosen: &G::Move| {
        let mut after = *before;
        rules.play(&mut after, chosen);
        let again = after.phase == Phase::Move && after.current == before.current;
        let bonus = if again { rules.bonus(&after) } else { 0 };
        (rules.victims(before, chosen, &after), bonus)
    };
    moves.as_ref().iter().map(outcome).collect()
}

fn legal<G: Game>(
    py: Python<'_>,
    listing: &Py<CoreRules>,
    rules: &G,
    state: &State,
) -> PyResult<Vec<CoreMove>> {
    if state.phase != Phase::Move {
        return Ok(Vec::new());
    }
    let moves = rules.legal_moves(state);
    let shared = Arc::new(Listing {
        rules: listing.clone_ref(py),
        before: *state,
        outcomes: OnceLock::new(),
    });
    moves
        .as_ref()
        .iter()
        .enumerate()
        .map(|(index, &chosen)| {
            let view = rules.move_view(state, chosen);
            Ok(CoreMove {
                text: PyString::new(py, &rules.move_text(state, chosen)).unbind(),
                owner: view.owner,
                uses: PyTuple::new(py, view.uses)?.unbind(),
                path: PyTuple::new(py, view.path)?.unbind(),
                backward: view.backward,
                from_start: view.from_start,
                index,
                listing: Arc::clone(&shared),
            })
        })
        .collect()
}

/// A position as the core views it for Python (`Rules.position`): each seat's pieces' places
/// as the notation writes them (`Game::piece_name`), the stacks on the board (`Game::stacks`:
/// each space holding pieces and their seats, bottom first; None where pieces do not stack)
/// and each seat's score (`Game::scores`: what ranks the seats still in where a game stops
/// before its places are played out).
#[pyclass(frozen, get_all, module = "pegrace._core")]
pub(super) struct CorePosition {
    places: Vec<Vec<String>>,
    stacks: Option<engine::Stacks>,
    scores: Vec<i32>,
}

fn position<G: Game>(rules: &G, state: &State) -> CorePosition {
    let seats = rules.table().seats;
    let named = |seat: usize| {
        let row = state.pieces[seat].iter();
        row.map(|&piece| rules.piece_name(seat, piece)).collect()
    };
    CorePosition {
        places: (0..seats).map(named).collect(),
        stacks: rules.stacks(state),
        scores: rules.scores(state)[..seats].to_vec(),
    }
}

/// A race's track as Python reads it (`CoreRules.track`).
type Track = (
    (usize, i16, i16),
    Vec<usize>,
    Vec<i16>,
    (&'static str, &'static str, &'static str),
);

/// The legal move written `text`; None when no legal move is.
fn find_text<G: Game>(rules: &G, state: &State, text: &str) -> Option<G::Move> {
    if state.phase != Phase::Move {
        return None;
    }
    let moves = rules.legal_moves(state);
    let found = moves
        .as_ref()
        .iter()
        .find(|&&chosen| rules.move_text(state, chosen) == text);
    found.copied()
}

/// The position after the legal move written `text`; None when no legal move is.
fn play_text<G: Game>(rules: &G, mut state: State, text: &str) -> Option<State> {
    let chosen = find_text(rules, &state, text)?;
    rules.play(&mut state, chosen);
    Some(state)
}

/// A game's rules, built once (Headache's walks and LUDOpy's move plans take a while) and
/// asked position by position. It makes the `pegrace.state.State`s it gives, and remembers
/// the last one, so that the next call about that very object reads nothing.
#[pyclass(frozen)]
pub(super) struct CoreRules {
    judged: Judged,
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
        on_judged!(&self.judged, j => from_python(j.rules(), fields))
    }

    /// Refuse a seat these rules do not have.
    fn check_seat(&self, seat: usize) -> PyResult<()> {
        let seats = on_judged!(&self.judged, j => j.rules().table().seats);
        if seat >= seats {
            return Err(CoreError::Value(format!("no seat {seat}")).into());
        }
        Ok(())
    }

    /// A `State` for Python, remembered as the last one given out.
    fn give<'py>(&self, py: Python<'py>, state: State) -> PyResult<Bound<'py, PyAny>> {
        let fields = on_judged!(&self.judged, j => to_python(py, j.rules(), &state, &self.phases))?;
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
            return Err(CoreError::Value("the four phases, in order".into()).into());
        }
        Ok(CoreRules {
            judged: judged(game, players, &options)?,
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
        let after =
            on_judged!(&self.judged, j => Game::apply_roll(j.rules(), &before, roll.dice()));
        self.give(py, after)
    }

    /// The position before the roll-off.
    fn initial<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let state = on_judged!(&self.judged, j => j.rules().initial_state());
        self.give(py, state)
    }

    /// The legal moves of a position, in order (none unless a move is due).
    fn legal(slf: &Bound<'_, Self>, state: &Bound<'_, PyAny>) -> PyResult<Vec<CoreMove>> {
        let this = slf.get();
        let state = this.read(state)?;
        let listing = slf.clone().unbind();
        on_judged!(&this.judged, j => legal(slf.py(), &listing, j.rules(), &state))
    }

    /// The name of the throw a turn's roll is (`Game::dice`: `d6`, `two d6`, `d6 + bonus die`).
    fn dice(&self) -> &'static str {
        on_judged!(&self.judged, j => j.rules().dice().name)
    }

    /// The count of the bonus move due (`Game::bonus`): 0 where the move due is the roll's.
    fn bonus(&self, state: &Bound<'_, PyAny>) -> PyResult<u16> {
        let state = self.read(state)?;
        Ok(on_judged!(&self.judged, j => j.rules().bonus(&state)))
    }

    /// The position as the core views it (`CorePosition`).
    fn position(&self, state: &Bound<'_, PyAny>) -> PyResult<CorePosition> {
        let state = self.read(state)?;
        Ok(on_judged!(&self.judged, j => position(j.rules(), &state)))
    }

    /// A piece's place as the notation writes it (`Game::piece_name`).
    fn piece_name(&self, seat: usize, piece: i16) -> PyResult<String> {
        self.check_seat(seat)?;
        Ok(on_judged!(&self.judged, j => j.rules().piece_name(seat, piece)))
    }

    /// A piece's place read from the notation (`Game::read_piece`); a NotationError naming
    /// the places there are, `colour` the seat's, where it is none.
    fn read_piece(&self, seat: usize, text: &str, colour: &str) -> PyResult<i16> {
        self.check_seat(seat)?;
        on_judged!(&self.judged, j => j.rules().read_piece(seat, text, colour))
            .map_err(|refusal| CoreError::Unreadable(refusal).into())
    }

    /// The position after the legal move written `text`; None when no legal move is.
    fn play<'py>(
        &self,
        py: Python<'py>,
        state: &Bound<'py, PyAny>,
        text: &str,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        let before = self.read(state)?;
        match on_judged!(&self.judged, j => play_text(j.rules(), before, text)) {
            Some(after) => self.give(py, after).map(Some),
            None => Ok(None),
        }
    }

    /// The position after `seat` resigns (`Game::resign`); refused (an IllegalMoveError) where
    /// it cannot.
    fn resign<'py>(
        &self,
        py: Python<'py>,
        state: &Bound<'py, PyAny>,
        seat: u8,
    ) -> PyResult<Bound<'py, PyAny>> {
        let mut after = self.read(state)?;
        on_judged!(&self.judged, j => j.rules().resign(&mut after, seat))
            .map_err(CoreError::Illegal)?;
        self.give(py, after)
    }

    /// Every side's place (1 first; equal places tie), meaningful once the game is over.
    fn places(&self, state: &Bound<'_, PyAny>) -> PyResult<Vec<u8>> {
        let state = self.read(state)?;
        Ok(on_judged!(&self.judged, j => {
            let rules = j.rules();
            rules.places(&state)[..rules.table().side_count].to_vec()
        }))
    }

    /// The places already settled, by side (0: not yet).
    fn decided(&self, state: &Bound<'_, PyAny>) -> PyResult<Vec<u8>> {
        let state = self.read(state)?;
        Ok(on_judged!(&self.judged, j => {
            let table = j.rules().table();
            table.decided(&state)[..table.side_count].to_vec()
        }))
    }

    /// Whether a seat still takes turns, given the seats finished and out.
    fn seat_active(&self, seat: u8, finished: Vec<u8>, out: Vec<u8>) -> bool {
        let (finished, out) = (Seats::from_slice(&finished), Seats::from_slice(&out));
        on_judged!(&self.judged, j => j.rules().table().seat_active(seat, &finished, &out))
    }

    /// Each seat's colour (its place among the game's colours), its side (a player, or a
    /// team) and the seat whose turn follows its own, and whether play goes on for the lower
    /// places once a side has finished.
    fn seating(&self) -> (Vec<u8>, Vec<u8>, Vec<u8>, bool) {
        on_judged!(&self.judged, j => {
            let table = j.rules().table();
            let seats = table.seats;
            (
                table.colours[..seats].to_vec(),
                table.sides[..seats].to_vec(),
                table.next_seat[..seats].to_vec(),
                table.play_on,
            )
        })
    }

    /// A race game's track as its rules build it (`RaceShape`): the loop's spaces, the first
    /// lane position, the last (the goal), the loop spaces where nobody is hit, the space each
    /// colour starts on (every colour of the board) and its notation's words for the base, the
    /// lane and the goal (none where the goal is the lane's last slot); None for a game that
    /// is not a race.
    fn track(&self) -> Option<Track> {
        on_judged!(&self.judged, j => j.rules().race_shape()).map(|shape| {
            let safe = (0..shape.safe.len()).filter(|&space| shape.safe[space]);
            let words = shape.words;
            (
                (shape.safe.len(), shape.lane_start, shape.goal),
                safe.collect(),
                shape.starts(),
                (words.base, words.lane, words.goal.unwrap_or_default()),
            )
        })
    }

    /// Whether a seat with these pieces has brought them all in.
    fn row_finished(&self, row: Vec<i16>) -> PyResult<bool> {
        let row: engine::Row = row.try_into().map_err(|_| not_a_row())?;
        Ok(on_judged!(&self.judged, j => j.rules().row_finished(&row)))
    }

    /// The game's number of actions and observation size (`pegrace.rl.encoding`).
    fn encoding_sizes(&self) -> (usize, usize) {
        let encoding = encoding(&self.judged);
        (encoding.actions(), encoding.observation_size())
    }

    /// Each legal move's action, in the order `legal` lists the moves.
    fn actions(&self, state: &Bound<'_, PyAny>) -> PyResult<Vec<usize>> {
        let state = self.read(state)?;
        if state.phase != Phase::Move {
            return Ok(Vec::new());
        }
        let encoding = encoding(&self.judged);
        Ok(on_judged!(&self.judged, j => {
            let rules = j.rules();
            let moves = rules.legal_moves(&state);
            moves
                .as_ref()
                .iter()
                .map(|&chosen| encoding.action(&state, &rules.move_view(&state, chosen)))
                .collect()
        }))
    }

    /// `state` as `seat` sees it, as a learner's observation.
    fn observe(&self, state: &Bound<'_, PyAny>, seat: usize) -> PyResult<Vec<f32>> {
        let state = self.read(state)?;
        self.check_seat(seat)?;
        let encoding = encoding(&self.judged);
        let mut seen = vec![0.0f32; encoding.observation_size()];
        on_judged!(&self.judged, j => encoding.observe_judged(j.judge(), &state, seat, &mut seen));
        Ok(seen)
    }

    /// Refuse (a NotationError in the catalogs' words, each seat named by its colour in
    /// `colours`) pieces that no game of these rules could reach.
    fn check_pieces(&self, pieces: Vec<Vec<i16>>, colours: Vec<String>) -> PyResult<()> {
        if colours.len() != pieces.len() {
            return Err(CoreError::Value("a colour for each seat's pieces".into()).into());
        }
        let mut rows = Vec::with_capacity(pieces.len());
        for (row, colour) in pieces.into_iter().zip(&colours) {
            let count = row.len();
            let row: engine::Row = row.try_into().map_err(|_| {
                let args = [("colour", colour.clone()), ("pieces", PIECES.to_string())];
                CoreError::Unreadable(Refusal::new(refusal::ROW_LENGTH, &args, Some(count as u64)))
            })?;
            rows.push(row);
        }
        match on_judged!(&self.judged, j => j.rules().unreachable(&rows, &colours)) {
            Some(problem) => Err(CoreError::Unreadable(problem).into()),
            None => Ok(()),
        }
    }
}
