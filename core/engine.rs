//! What every game shares: the state of a game (a few machine words, `Copy` and hashable),
//! its phases, moves and the reasons a game ends, and the turn structure behind
//! `pegrace.engine.Rules`: a roll-off of one pop each (ties pop again), then turns of one roll
//! and one move, extra rolls, finishing, and the end of the game.

use std::mem::MaybeUninit;

/// The most seats a game has, and the most pieces a seat has.
pub const MAX_SEATS: usize = 4;
pub const PIECES: usize = 4;
/// A seat's pieces, sorted from the least to the most advanced (-1: at home).
pub type Row = [i16; PIECES];

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Phase {
    Rolloff = 0,
    Roll = 1,
    Move = 2,
    Over = 3,
}

/// Why a game ended (`State.end` in Python).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum End {
    Running,
    FirstPlace,
    AllPlaces,
    NoSideLeft,
    /// A turn limit the rules name (`Table::turn_limit`); its words are the game's.
    TurnLimit,
}

impl End {
    /// The reason in pegrace's words (a turn limit's are the game's: `Game::end_text`).
    pub fn text(self) -> &'static str {
        match self {
            End::Running => "",
            End::FirstPlace => "first place decided",
            End::AllPlaces => "all places decided",
            End::NoSideLeft => "no side left",
            End::TurnLimit => "turn limit reached",
        }
    }
}

/// A short ordered list of seats (or of roll-off pops), at most `MAX_SEATS` long.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Seats {
    len: u8,
    items: [u8; MAX_SEATS],
}

impl Seats {
    pub fn from_slice(items: &[u8]) -> Self {
        let mut seats = Seats::default();
        for &item in items {
            seats.push(item);
        }
        seats
    }

    pub fn push(&mut self, item: u8) {
        self.items[self.len as usize] = item;
        self.len += 1;
    }

    pub fn as_slice(&self) -> &[u8] {
        &self.items[..self.len as usize]
    }

    pub fn contains(&self, item: u8) -> bool {
        self.as_slice().contains(&item)
    }

    pub fn len(&self) -> usize {
        self.len as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct State {
    pub pieces: [Row; MAX_SEATS],
    pub phase: Phase,
    pub current: u8,
    /// The roll to move with: one die in `roll[0]` (`roll[1]` 0), two dice sorted; 0s: none.
    pub roll: [u8; 2],
    pub streak: u8,
    pub turn: u32,
    pub finished: Seats,
    /// Seats out of the game (War), in the order they went out.
    pub out: Seats,
    pub contenders: Seats,
    pub rolloff: Seats,
    /// A game's own counters (Headache: turns each seat has finished, then the bonus flag).
    pub aux: [u16; MAX_SEATS + 1],
    pub end: End,
}

/// The pieces packed into four words, a row in each (a quick key for a table).
pub fn packed_pieces(pieces: &[Row; MAX_SEATS]) -> [u64; MAX_SEATS] {
    pieces.map(|row| {
        row.iter()
            .fold(0u64, |word, &p| (word << 16) | u64::from(p as u16))
    })
}

impl Seats {
    /// The seats in one word: the length, then each item.
    fn packed(&self) -> u64 {
        self.items
            .iter()
            .fold(self.len as u64, |word, &item| (word << 8) | u64::from(item))
    }
}

/// A state hashes as its packed words (far quicker than field by field, and searches hash a
/// state at every node); equal states pack alike.
impl std::hash::Hash for State {
    fn hash<H: std::hash::Hasher>(&self, hasher: &mut H) {
        for word in packed_pieces(&self.pieces) {
            hasher.write_u64(word);
        }
        let aux = self
            .aux
            .iter()
            .fold(0u64, |word, &a| (word << 12) ^ u64::from(a));
        let small = u64::from(self.phase as u8)
            | u64::from(self.current) << 8
            | u64::from(self.roll[0]) << 16
            | u64::from(self.roll[1]) << 24
            | u64::from(self.streak) << 32
            | (self.end as u64) << 40;
        hasher.write_u64(small ^ u64::from(self.turn).rotate_left(48));
        hasher.write_u64(aux);
        hasher.write_u64(
            self.finished.packed()
                ^ self.out.packed().rotate_left(16)
                ^ self.contenders.packed().rotate_left(32)
                ^ self.rolloff.packed().rotate_left(48),
        );
    }
}

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
    /// A roll-off pop (one die) or a turn's roll (the dice as Python writes them).
    fn apply_roll(&self, state: &State, roll: [u8; 2]) -> State {
        if state.phase != Phase::Roll {
            return rolloff(state, roll[0]);
        }
        State {
            phase: Phase::Move,
            roll: self.roll_from_python(roll),
            ..*state
        }
    }
    /// A turn roll's outcomes as `Rules.chance_outcomes` lists them, in its order: the dice as
    /// Python writes them and their probability (one die unless the game says otherwise).
    fn outcomes(&self) -> Vec<([u8; 2], f64)> {
        die_faces()
    }
    /// A turn's roll drawn from `rng` (one die unless the game says otherwise).
    fn throw<R: crate::rng::Draw>(&self, rng: &mut R) -> [u8; 2] {
        [rng.d6(), 0]
    }
    fn legal_moves(&self, state: &State) -> Self::Moves;
    /// The move, in place.
    fn play(&self, state: &mut State, chosen: Self::Move);
    /// A move's text as the seat to move in `state` writes it.
    fn move_text(&self, state: &State, chosen: Self::Move) -> String;
    /// A move as Python's `pegrace.moves` holds it.
    fn move_view(&self, state: &State, chosen: Self::Move) -> MoveView;
    /// Whether a seat with these pieces has brought them all in (none in Headache).
    fn row_finished(&self, row: &Row) -> bool;
    fn places(&self, state: &State) -> [u8; MAX_SEATS] {
        self.table()
            .places(state, |seat| progress(&state.pieces[seat]))
    }
    /// Why the game ended, in the game's words.
    fn end_text(&self, end: End) -> String {
        end.text().to_string()
    }
    /// How many of `State::aux`'s counters the game keeps.
    fn aux_len(&self) -> usize {
        0
    }
    /// A roll as the state holds it, from the dice as Python writes them (one die: `[n, 0]`).
    fn roll_from_python(&self, dice: [u8; 2]) -> [u8; 2] {
        dice
    }
    /// The dice as Python writes them, from a roll as the state holds it.
    fn roll_to_python(&self, roll: [u8; 2]) -> Vec<u8> {
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

/// One die's faces, each with its chance (a roll-off pop's outcomes too).
pub fn die_faces() -> Vec<([u8; 2], f64)> {
    (1..=6).map(|face| ([face, 0], 1.0 / 6.0)).collect()
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

/// Who plays and how turns pass: the seats in play, the side each plays for (teams, or
/// Trouble's `two_sets`), the next seat round the table, whether play goes on for the lower
/// places once a side is done, whether a seat that is done plays on for its partner (Marbles'
/// partner roll), and a turn limit (0: none). Shared by every game's rules.
#[derive(Clone, Debug)]
pub struct Table {
    pub seats: usize,
    pub sides: [u8; MAX_SEATS],
    pub side_count: usize,
    pub next_seat: [u8; MAX_SEATS],
    pub play_on: bool,
    pub partner_roll: bool,
    pub turn_limit: u32,
}

impl Table {
    /// `order`: the seats in turn order; `sides`: each seat's side.
    pub fn new(order: &[u8], sides: &[u8], play_on: bool) -> Self {
        let mut table = Table {
            seats: order.len(),
            sides: [0; MAX_SEATS],
            side_count: usize::from(*sides.iter().max().unwrap_or(&0)) + 1,
            next_seat: [0; MAX_SEATS],
            play_on,
            partner_roll: false,
            turn_limit: 0,
        };
        table.sides[..sides.len()].copy_from_slice(sides);
        for (i, &seat) in order.iter().enumerate() {
            table.next_seat[seat as usize] = order[(i + 1) % order.len()];
        }
        table
    }

    /// The start of a game: each side's first seat pops in the roll-off.
    pub fn initial_state(&self, pieces: [Row; MAX_SEATS]) -> State {
        let leads: Vec<u8> = (0..self.side_count as u8).collect();
        State {
            pieces,
            phase: Phase::Rolloff,
            current: leads[0],
            roll: [0, 0],
            streak: 0,
            turn: 0,
            finished: Seats::default(),
            out: Seats::default(),
            contenders: Seats::from_slice(&leads),
            rolloff: Seats::default(),
            aux: [0; MAX_SEATS + 1],
            end: End::Running,
        }
    }

    fn side_seats(&self, side: usize) -> impl Iterator<Item = u8> + '_ {
        (0..self.seats as u8).filter(move |&seat| self.sides[seat as usize] as usize == side)
    }

    pub fn side_done(&self, side: usize, finished: &Seats) -> bool {
        self.side_seats(side).all(|seat| finished.contains(seat))
    }

    fn side_out(&self, side: usize, out: &Seats) -> bool {
        self.side_seats(side).all(|seat| out.contains(seat))
    }

    /// A seat still takes turns: not out, and not done (unless it plays for its partner).
    pub fn seat_active(&self, seat: u8, finished: &Seats, out: &Seats) -> bool {
        if out.contains(seat) {
            return false;
        }
        if !finished.contains(seat) {
            return true;
        }
        let side = self.sides[seat as usize] as usize;
        self.partner_roll
            && self
                .side_seats(side)
                .any(|partner| !finished.contains(partner))
    }

    pub fn game_over(&self, finished: &Seats, out: &Seats) -> End {
        let done = (0..self.side_count)
            .filter(|&s| self.side_done(s, finished))
            .count();
        let gone = (0..self.side_count)
            .filter(|&s| self.side_out(s, out))
            .count();
        let standing = self.side_count - done - gone;
        if done > 0 && !self.play_on {
            End::FirstPlace
        } else if standing <= 1 {
            if done > 0 || standing > 0 {
                End::AllPlaces
            } else {
                End::NoSideLeft
            }
        } else {
            End::Running
        }
    }

    /// After `seat`'s move: `finisher` (the owner of the pieces moved) may have finished and
    /// `gone` seats gone out, perhaps ending the game; else `seat` rolls again, or the next
    /// seat still playing rolls (and a turn limit may end the game).
    pub fn after_move(
        &self,
        state: &mut State,
        seat: u8,
        finisher: Option<u8>,
        gone: &[u8],
        again: bool,
    ) {
        state.roll = [0, 0];
        let mut changed = false;
        if let Some(owner) = finisher.filter(|&o| !state.finished.contains(o)) {
            state.finished.push(owner);
            changed = true;
        }
        for &seat_out in gone {
            if !state.out.contains(seat_out) {
                state.out.push(seat_out);
                changed = true;
            }
        }
        if changed {
            state.end = self.game_over(&state.finished, &state.out);
            if state.end != End::Running {
                state.phase = Phase::Over;
                return;
            }
        }
        state.phase = Phase::Roll;
        if again && self.seat_active(seat, &state.finished, &state.out) {
            state.streak += 1;
            return;
        }
        let mut following = self.next_seat[seat as usize];
        while !self.seat_active(following, &state.finished, &state.out) {
            following = self.next_seat[following as usize];
        }
        state.current = following;
        state.streak = 0;
        state.turn += 1;
        if self.turn_limit > 0 && state.turn > self.turn_limit {
            state.phase = Phase::Over;
            state.end = End::TurnLimit;
        }
    }

    /// A side's reward for its place (`Rules.place_reward`): 1 for first down to 0 for last.
    pub fn place_reward(&self, place: u8) -> f64 {
        let count = self.side_count as f64;
        (count - f64::from(place)) / (count - 1.0).max(1.0)
    }

    /// The places already settled, by side (0: not yet): sides done take the top places in
    /// the order they finished, sides out the bottom ones (the first out, last).
    pub fn decided(&self, state: &State) -> [u8; MAX_SEATS] {
        let mut places = [0u8; MAX_SEATS];
        let mut top = 0;
        for &seat in state.finished.as_slice() {
            let side = self.sides[seat as usize] as usize;
            if places[side] == 0 && self.side_done(side, &state.finished) {
                top += 1;
                places[side] = top;
            }
        }
        let mut bottom = self.side_count as u8;
        for &seat in state.out.as_slice() {
            let side = self.sides[seat as usize] as usize;
            if places[side] == 0 && self.side_out(side, &state.out) {
                places[side] = bottom;
                bottom -= 1;
            }
        }
        places
    }

    /// Every side's place: the places `decided`, then the rest by `score` (equal scores,
    /// equal places).
    pub fn places(&self, state: &State, score: impl Fn(usize) -> i32) -> [u8; MAX_SEATS] {
        let mut places = self.decided(state);
        let free = (1..=self.side_count as u8)
            .find(|p| !places.contains(p))
            .unwrap_or(1);
        let side_score =
            |side: usize| -> i32 { self.side_seats(side).map(|s| score(s as usize)).sum() };
        let rest: Vec<usize> = (0..self.side_count).filter(|&s| places[s] == 0).collect();
        for &side in &rest {
            let ahead = rest
                .iter()
                .filter(|&&other| side_score(other) > side_score(side))
                .count();
            places[side] = free + ahead as u8;
        }
        places
    }
}

/// How far a seat's pieces have got: each piece's position + 1 (ranks the seats still racing).
pub fn progress(row: &Row) -> i32 {
    row.iter().map(|&p| i32::from(p) + 1).sum()
}

/// A race game's track as its computer players see it: each seat's loop position on the
/// board's loop spaces, where its lane starts and its goal, and the spaces where no piece is
/// ever hit.
#[derive(Clone, Debug)]
pub struct RaceShape {
    pub seats: usize,
    /// `space_of[seat][position]`: the loop space of a seat's loop position.
    pub space_of: Vec<Vec<i16>>,
    pub lane_start: i16,
    pub goal: i16,
    /// `safe[space]`, over the loop spaces.
    pub safe: Vec<bool>,
}

impl RaceShape {
    pub fn new<const N: usize>(
        seats: usize,
        space_of: &[[i16; N]; MAX_SEATS],
        lane_start: i16,
        goal: i16,
        safe: &[bool],
    ) -> Self {
        RaceShape {
            seats,
            space_of: space_of[..seats].iter().map(|row| row.to_vec()).collect(),
            lane_start,
            goal,
            safe: if safe.is_empty() {
                vec![false; N]
            } else {
                safe.to_vec()
            },
        }
    }
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
