//! What every game shares: the state of a game (a few machine words, `Copy` and hashable),
//! its phases, moves and the reasons a game ends, and the turn structure behind
//! `pegrace.engine.Rules`: a roll-off of one pop each (ties pop again), then turns of one roll
//! and one move, extra rolls, finishing, and the end of the game. The state is `state`'s and
//! the turn structure `table`'s (`Table`), both used from here.

pub mod notation;
pub mod reach;
#[cfg(test)]
mod resign_tests;
mod shape;
mod state;
mod table;

use crate::dice::{self, Dice};
use crate::options::{Chosen, RuleOption};
use crate::refusal::{self, Refusal};
use crate::rng::Draw;
use crate::spec::Spec;
use std::mem::MaybeUninit;

pub use shape::{RaceShape, RaceWords};
pub use state::{packed_pieces, End, Phase, Row, Seats, State, MAX_SEATS, PIECES};
pub use table::Table;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Move {
    #[default]
    Pass,
    /// One piece from `origin` to `target`, in the mover's own frame.
    Step { origin: i16, target: i16 },
}

impl Move {
    /// The origin and target of a step; none for the pass.
    pub fn step(self) -> Option<(i16, i16)> {
        match self {
            Move::Pass => None,
            Move::Step { origin, target } => Some((origin, target)),
        }
    }
}

/// The legal moves of a position, without allocating: at most `N` of them. The free slots
/// are left uninitialised (filling them measurably slowed move generation, which runs at
/// every node): only the first `len` are ever read.
#[derive(Clone, Copy)]
pub struct List<T: Copy, const N: usize> {
    len: usize,
    items: [MaybeUninit<T>; N],
}

impl<T: Copy, const N: usize> Default for List<T, N> {
    fn default() -> Self {
        List {
            len: 0,
            items: [const { MaybeUninit::uninit() }; N],
        }
    }
}

impl<T: Copy + std::fmt::Debug, const N: usize> std::fmt::Debug for List<T, N> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl<T: Copy, const N: usize> List<T, N> {
    pub fn push(&mut self, item: T) {
        self.items[self.len].write(item); // past N: the index panics, nothing is written
        self.len += 1;
    }

    pub fn as_slice(&self) -> &[T] {
        // SAFETY: `push` wrote each of the first `len` slots, and MaybeUninit<T> has T's layout
        unsafe { std::slice::from_raw_parts(self.items.as_ptr().cast::<T>(), self.len) }
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// The stacks on a board whose pieces stack: each space holding pieces, and their seats,
/// bottom first (`Game::stacks`).
pub type Stacks = Vec<(i16, Vec<u8>)>;

/// A one-step game's moves (Trouble): four pegs and the pass.
pub type MoveList = List<Move, 8>;

/// What a batch of games needs of a game's rules (simulate.rs).
/// A move as Python's `pegrace.moves` holds it: whose pieces it moves, each use of the roll
/// (the die, 0 where the whole roll moves one piece; the origin and the target in the owner's
/// frame; none for the pass), and for Headache the spaces it passes (its target last), its
/// direction and whether a cone leaves START.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveView {
    pub owner: u8,
    pub uses: Vec<(u8, i16, i16)>,
    pub path: Vec<i16>,
    pub backward: bool,
    pub from_start: bool,
}

impl MoveView {
    /// One piece of the seat to move from `origin` to `target` (no move: the pass).
    pub fn step(state: &State, step: Option<(i16, i16)>) -> Self {
        MoveView {
            owner: state.current,
            uses: step.map(|(o, t)| (0, o, t)).into_iter().collect(),
            ..MoveView::default()
        }
    }
}

pub trait Game {
    type Move: Copy + Send + Sync;
    type Moves: AsRef<[Self::Move]>;
    /// What the game says of itself (`crate::spec`): the registry lists it.
    const SPEC: &'static Spec;
    fn table(&self) -> &Table;
    /// The board of a race game (none for Headache's, which is no race).
    fn race_shape(&self) -> Option<RaceShape> {
        None
    }
    /// How many dice one move uses (two-dice Ludo's: both, in either order).
    fn dice_per_move(&self) -> usize {
        1
    }
    fn initial_state(&self) -> State;
    /// A roll-off pop (one die) or a turn's roll (its outcome as its `Dice` lists it).
    fn apply_roll(&self, state: &State, roll: [u8; 2]) -> State {
        if state.phase != Phase::Roll {
            return rolloff(state, roll[0]);
        }
        State {
            phase: Phase::Move,
            roll: self.roll_of(roll),
            ..*state
        }
    }
    /// What a turn's roll throws (one die unless the game says otherwise).
    fn dice(&self) -> &'static Dice {
        &dice::D6
    }
    /// A turn roll's outcomes as `Rules.chance_outcomes` lists them, in its order: the dice as
    /// Python writes them and their probability.
    fn outcomes(&self) -> Vec<([u8; 2], f64)> {
        self.dice().chances()
    }
    /// A turn's roll drawn from `rng` (one die unless the game says otherwise).
    fn throw<R: crate::rng::Draw>(&self, rng: &mut R) -> [u8; 2] {
        [rng.d6(), 0]
    }
    fn legal_moves(&self, state: &State) -> Self::Moves;
    /// The move, in place.
    fn play(&self, state: &mut State, chosen: Self::Move);
    /// Whether the move is the pass (moves nothing).
    fn is_pass(&self, chosen: Self::Move) -> bool;
    /// A move's text as the seat to move in `state` writes it.
    fn move_text(&self, state: &State, chosen: Self::Move) -> String;
    /// A move as Python's `pegrace.moves` holds it.
    fn move_view(&self, state: &State, chosen: Self::Move) -> MoveView;
    /// A piece's place as the notation writes it (`track:5`, `home`, `x:3/2`).
    fn piece_name(&self, seat: usize, piece: i16) -> String;
    /// A piece's place read from the notation; refused, naming the places there are, where it
    /// is none. `colour`: the seat's colour as the notation writes it (the refusal names it).
    fn read_piece(&self, seat: usize, text: &str, colour: &str) -> Result<i16, Refusal>;
    /// The pieces `chosen` sends back or captures, each (seat, place) once, `after` being the
    /// position it leads to: those of every seat but the moving piece's owner no longer where they were (a partner's too); a
    /// game that captures without moving them says which.
    fn victims(&self, before: &State, chosen: Self::Move, after: &State) -> Vec<(u8, i16)> {
        let owner = usize::from(self.move_view(before, chosen).owner);
        (0..self.table().seats)
            .filter(|&seat| seat != owner)
            .flat_map(|seat| {
                places_left(&before.pieces[seat], &after.pieces[seat]).map(move |p| (seat as u8, p))
            })
            .collect()
    }
    /// The stacks on the board of a game whose pieces stack (Headache): each space holding
    /// pieces and their seats, bottom first; none for a game whose pieces do not stack.
    fn stacks(&self, state: &State) -> Option<Stacks> {
        let _ = state;
        None
    }
    /// What ranks the seats still in where a game stops before its places are played out: how
    /// far their pieces got, or (Headache) the cones each owns.
    fn scores(&self, state: &State) -> [i32; MAX_SEATS] {
        std::array::from_fn(|seat| progress(&state.pieces[seat]))
    }
    /// Where a seat that resigns leaves its pieces: back as they began, out of everyone's way
    /// (a game whose pieces stay on the board says so).
    fn resigned_row(&self, state: &State, seat: usize) -> Row {
        let _ = state;
        self.initial_state().pieces[seat]
    }
    /// `seat` leaves the game (resigns), its pieces where `resigned_row` puts them: it takes
    /// no more turns, its side's place is the last not yet decided once every seat of the side
    /// has left, and the game ends when one side is left standing; if it was to act, the turn
    /// passes. Why not, where it cannot: the roll-off is not over, the game is, or the seat
    /// has already finished or left.
    fn resign(&self, state: &mut State, seat: u8) -> Result<(), Refusal>
    where
        Self: Sized,
    {
        let table = self.table();
        if usize::from(seat) >= table.seats {
            return Err(format!("no seat {seat}").into());
        }
        let refused = match state.phase {
            Phase::Rolloff => Some(refusal::RESIGN_ROLLOFF),
            Phase::Over => Some(refusal::RESIGN_OVER),
            _ if state.finished.contains(seat) || state.out.contains(seat) => {
                Some(refusal::RESIGN_GONE)
            }
            _ => None,
        };
        if let Some(message) = refused {
            return Err(Refusal::new(message, &[], None));
        }
        state.pieces[usize::from(seat)] = self.resigned_row(state, usize::from(seat));
        table.resign(state, seat);
        Ok(())
    }
    /// Whether a seat with these pieces has brought them all in (none in Headache).
    fn row_finished(&self, row: &Row) -> bool;
    /// Why no game of these rules could reach `pieces` (each seat's row, its colour in
    /// `colours`); None when one could (`reach`).
    fn unreachable(&self, pieces: &[Row], colours: &[String]) -> Option<Refusal>;
    fn places(&self, state: &State) -> [u8; MAX_SEATS] {
        let scores = self.scores(state);
        self.table().places(state, |seat| scores[seat])
    }
    /// Why the game ended, in the game's words.
    fn end_text(&self, end: End) -> String {
        end.text().to_string()
    }
    /// The count of the bonus move due in `state` (a move the rules grant with no roll, as
    /// Parchís' 20 after a capture); 0 where the move due is the roll's.
    fn bonus(&self, state: &State) -> u16 {
        let _ = state;
        0
    }
    /// How many of `State::aux`'s counters the game keeps.
    fn aux_len(&self) -> usize {
        0
    }
    /// A roll as the state holds it, from a throw's outcome as its `Dice` lists it (one die:
    /// `[n, 0]`).
    fn roll_of(&self, outcome: [u8; 2]) -> [u8; 2] {
        outcome
    }
    /// The numbers of the outcome (as its `Dice` lists it: one for one die) that left `roll`.
    fn outcome_numbers(&self, roll: [u8; 2]) -> Vec<u8> {
        match roll {
            [die, 0] => vec![die],
            dice => dice.to_vec(),
        }
    }
}

impl<T: Copy, const N: usize> AsRef<[T]> for List<T, N> {
    fn as_ref(&self) -> &[T] {
        self.as_slice()
    }
}

/// Sort a row after one piece moved (insertion sort: for four pieces far quicker than the
/// standard library's general sort, which this hot path measurably paid for).
#[inline]
pub fn sort_row(row: &mut Row) {
    for i in 1..PIECES {
        let mut j = i;
        while j > 0 && row[j - 1] > row[j] {
            row.swap(j - 1, j);
            j -= 1;
        }
    }
}

/// The roll-off: every contender pops once; a tie for the highest pops again among the tied.
pub fn rolloff(state: &State, pop: u8) -> State {
    let mut next = *state;
    next.rolloff.push(pop);
    let contenders = state.contenders.as_slice();
    let pops = next.rolloff.as_slice();
    if pops.len() < contenders.len() {
        next.current = contenders[pops.len()];
        return next;
    }
    let top = *pops.iter().max().unwrap_or(&0);
    let mut tied = Seats::default();
    for (&seat, &p) in contenders.iter().zip(pops) {
        if p == top {
            tied.push(seat);
        }
    }
    next.current = tied.as_slice()[0];
    next.rolloff = Seats::default();
    if tied.len() > 1 {
        next.contenders = tied;
    } else {
        next.phase = Phase::Roll;
        next.turn = 1;
        next.contenders = Seats::default();
    }
    next
}

/// How far a seat's pieces have got: each piece's position + 1 (ranks the seats still racing).
pub fn progress(row: &Row) -> i32 {
    row.iter().map(|&p| i32::from(p) + 1).sum()
}

/// The loop space of each seat's loop position, and each seat's position on each space, for
/// colours `spacing` spaces apart on a loop of `N` (`colours`: each seat's colour index).
pub fn frames<const N: usize>(colours: &[i16], spacing: i16) -> [[[i16; N]; MAX_SEATS]; 2] {
    let mut space_of = [[0; N]; MAX_SEATS];
    let mut position_on = [[0; N]; MAX_SEATS];
    for (seat, &colour) in colours.iter().enumerate() {
        for position in 0..N as i16 {
            let space = (colour * spacing + position) % N as i16;
            space_of[seat][position as usize] = space;
            position_on[seat][space as usize] = position;
        }
    }
    [space_of, position_on]
}

/// How many players a game seats, at least and at most.
pub const PLAYERS: (usize, usize) = (2, 4);

/// The option every game shares (each game's `OPTIONS` lists it): which colours play when
/// fewer than 4 do. The usual ones (`seat_colours`) turned this many seats round the board,
/// the way the pieces move: each colour index + k (mod 4), each at its own start, so a turned
/// game is the usual game played round the board from another corner.
pub const SEATING: RuleOption = RuleOption {
    name: "seating",
    default: "0",
    values: &[
        ("0", "the usual colours: with 2 players the first and the third of the game's colours, with 3 the first three"),
        ("1", "each colour one seat further round the board: with 2 players the second and the fourth of the game's colours"),
        ("2", "3 players only: each colour two seats further round the board"),
        ("3", "3 players only: each colour three seats further round the board"),
    ],
    help: "which colours play when fewer than 4 do: the usual ones turned this many seats round the board, the way the pieces move",
};

/// Two players each playing two opposite colours (Trouble's, Parchís'): a game that offers it
/// checks the count and the seating (`TWO_SETS_PLAYERS`, `TWO_SETS_SEATING`).
pub const TWO_SETS: RuleOption = RuleOption {
    name: "two_sets",
    default: "off",
    values: &[
        (
            "on",
            "2 players only: each plays two opposite colours, and wins by finishing both",
        ),
        ("off", "each player plays one colour"),
    ],
    help: "2 players only: each plays two opposite colours and must finish both",
};

/// A step's text, `origin>target` with each position as `name` writes it, or `pass`.
pub fn step_text(chosen: Move, name: impl Fn(i16) -> String) -> String {
    match chosen {
        Move::Pass => "pass".to_string(),
        Move::Step { origin, target } => format!("{}>{}", name(origin), name(target)),
    }
}

/// The colours (by their index in the game's colour order) at a table of `players`, in turn
/// order from seat 0: two sit opposite, three take the first three places, each turned
/// round the board by the `seating` the options chose (`SEATING`). Refused by name: a count
/// beyond `PLAYERS`; a turn with 4 players (every colour plays); a turn of 2 or 3 seats with
/// 2 players (the same two colours again).
pub fn seat_colours(
    game: &'static str,
    players: usize,
    chosen: &Chosen,
) -> Result<Vec<i16>, Refusal> {
    let usual: &[i16] = match players {
        2 => &[0, 2],
        3 => &[0, 1, 2],
        4 => &[0, 1, 2, 3],
        _ => {
            return Err(format!(
                "{game} is for {} to {} players, not {players}",
                PLAYERS.0, PLAYERS.1
            )
            .into())
        }
    };
    let turn: i16 = chosen.number(SEATING.name, 0)? as i16; // one of SEATING's values
    let refused = match (players, turn) {
        (_, 0) => None,
        (4, _) => Some(refusal::SEATING_WITH_FOUR),
        (2, 2..) => Some(refusal::SEATING_WITH_TWO),
        _ => None,
    };
    if let Some(message) = refused {
        let args = [("game", game.to_owned()), ("turn", turn.to_string())];
        return Err(Refusal::new(message, &args, None));
    }
    let colours = MAX_SEATS as i16;
    Ok(usual.iter().map(|&c| (c + turn) % colours).collect())
}

/// The pieces of other sides no longer where they were (only a capture moves them): per seat,
/// the positions it has fewer pieces on (`len(Counter(before) - Counter(now))`).
pub fn captured_by_change<G: Game + ?Sized>(rules: &G, before: &State, after: &State) -> u32 {
    let table = rules.table();
    let side = table.sides[before.current as usize];
    (0..table.seats)
        .filter(|&seat| table.sides[seat] != side)
        .map(|seat| places_left(&before.pieces[seat], &after.pieces[seat]).count() as u32)
        .sum()
}

/// Each place a row has fewer pieces on than it had, once: where its pieces were taken from.
fn places_left<'a>(was: &'a Row, now: &'a Row) -> impl Iterator<Item = i16> + 'a {
    let count = |row: &Row, place: i16| row.iter().filter(|&&q| q == place).count();
    was.iter()
        .enumerate()
        .filter(move |&(i, &p)| !was[..i].contains(&p) && count(was, p) > count(now, p))
        .map(|(_, &p)| p)
}

/// What one event of a game was.
pub enum Stepped<M> {
    /// A move (`chosen`) from `before`.
    Moved { before: State, chosen: M },
    /// A turn's roll.
    Rolled,
    /// A pop of the roll-off.
    Popped,
}

/// One event of a game in play: the move `choose` picks among the legal ones (asked only when
/// there is a choice), or the dice's roll, or a roll-off pop, drawn from `dice`.
pub fn advance<G: Game, R: Draw>(
    rules: &G,
    state: &mut State,
    dice: &mut R,
    choose: impl FnOnce(&State, &[G::Move]) -> usize,
) -> Stepped<G::Move> {
    match state.phase {
        Phase::Move => {
            let moves = rules.legal_moves(state);
            let moves = moves.as_ref();
            let pick = if moves.len() == 1 {
                0
            } else {
                choose(state, moves)
            };
            let before = *state;
            rules.play(state, moves[pick]);
            Stepped::Moved {
                before,
                chosen: moves[pick],
            }
        }
        Phase::Roll => {
            state.roll = rules.throw(dice);
            state.phase = Phase::Move;
            Stepped::Rolled
        }
        _ => {
            *state = rules.apply_roll(state, [dice.d6(), 0]);
            Stepped::Popped
        }
    }
}

/// What the games' unit tests share: options as the core takes them, a position to move in,
/// and its legal moves as text.
#[cfg(test)]
pub mod testing {
    use super::*;

    pub fn options(given: &[(&str, &str)]) -> Vec<(String, String)> {
        given
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    /// The seats' pieces as given, the roll (as the state holds it) to move with.
    pub fn to_move<G: Game>(rules: &G, pieces: &[Row], roll: [u8; 2]) -> State {
        let mut state = rules.initial_state();
        state.pieces[..pieces.len()].copy_from_slice(pieces);
        State {
            phase: Phase::Move,
            roll,
            contenders: Seats::default(),
            turn: 1,
            ..state
        }
    }

    pub fn texts<G: Game>(rules: &G, state: &State) -> Vec<String> {
        let moves = rules.legal_moves(state);
        moves
            .as_ref()
            .iter()
            .map(|&m| rules.move_text(state, m))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options;

    const GAME: &[RuleOption] = &[SEATING];

    fn colours(players: usize, seating: &str) -> Result<Vec<i16>, String> {
        let given = testing::options(&[("seating", seating)]);
        let chosen = options::choose("game", GAME, &given)?;
        seat_colours("game", players, &chosen).map_err(String::from)
    }

    #[test]
    fn the_usual_colours_turn_round_the_board_each_in_turn_order() {
        assert_eq!(colours(2, "0"), Ok(vec![0, 2]));
        assert_eq!(colours(2, "1"), Ok(vec![1, 3]));
        assert_eq!(colours(3, "0"), Ok(vec![0, 1, 2]));
        assert_eq!(colours(3, "1"), Ok(vec![1, 2, 3]));
        assert_eq!(colours(3, "2"), Ok(vec![2, 3, 0]));
        assert_eq!(colours(3, "3"), Ok(vec![3, 0, 1]));
        assert_eq!(colours(4, "0"), Ok(vec![0, 1, 2, 3]));
    }

    #[test]
    fn a_turn_that_changes_nothing_is_refused_by_name() {
        for seating in ["1", "2", "3"] {
            let refused = colours(4, seating).unwrap_err();
            assert_eq!(
                refused,
                format!(
                    "game option seating={seating}: every colour plays with 4 players, so there is nothing to turn"
                )
            );
        }
        for seating in ["2", "3"] {
            let refused = colours(2, seating).unwrap_err();
            assert!(
                refused.starts_with(&format!(
                    "game option seating={seating}: with 2 players choose 0 or 1"
                )),
                "{refused}"
            );
        }
        assert_eq!(
            colours(5, "0"),
            Err("game is for 2 to 4 players, not 5".into())
        );
        let unknown = colours(2, "4").unwrap_err();
        assert_eq!(
            unknown,
            "game option seating=\"4\": choose one of 0, 1, 2, 3"
        );
    }
}
