//! The vocabulary every judge shares, below them all: a position's pieces and a value per
//! side, the scale of a finished game and of a chance of winning, whose threats a seat's
//! evaluation counts, and the sparse features (`Terms`) a learned value and its network read.

use crate::engine::{Row, MAX_SEATS};

/// What a finished game's places are worth to a search, against the leaves' evaluations.
pub const TERMINAL_WEIGHT: f64 = 1000.0;

/// Every seat's pieces: the position as the judges read it.
pub type Pieces = [Row; MAX_SEATS];
/// A value per side (a search's values, the leaves' evaluations).
pub type Values = [f64; MAX_SEATS];

/// The lowest position a piece can have (Marbles' "removed" in War): the value tables' offset.
pub const LOWEST_POSITION: i16 = -2;

/// A search value per unit of the chance of winning: a certain win is a quarter of a finished
/// game's win.
pub fn win_scale(seats: usize) -> f64 {
    TERMINAL_WEIGHT / 4.0 / (1.0 - 1.0 / seats as f64)
}

/// Per seat, the other seats (in seat order) whose threats to it an evaluation counts: every
/// one, or with `to_move` only those that move from `to_move` (first) until the seat's next
/// turn.
pub fn attackers(
    count: usize,
    seat: usize,
    to_move: Option<usize>,
) -> impl Iterator<Item = usize> + Clone {
    (0..count).filter(move |&o| {
        o != seat && to_move.is_none_or(|t| turns_after(o, t, count) < turns_after(seat, t, count))
    })
}

/// How many turns after `to_move`'s the seat's turn comes (`(seat - to_move) % count`, without
/// a division: this runs at every leaf).
#[inline]
pub fn turns_after(seat: usize, to_move: usize, count: usize) -> usize {
    if seat >= to_move {
        seat - to_move
    } else {
        seat + count - to_move
    }
}

/// `attackers` as a list that does not allocate, and its length.
pub fn attacker_list(
    count: usize,
    seat: usize,
    to_move: Option<usize>,
) -> ([usize; MAX_SEATS], usize) {
    let mut list = [0; MAX_SEATS];
    let mut found = 0;
    for o in attackers(count, seat, to_move) {
        list[found] = o;
        found += 1;
    }
    (list, found)
}

/// The most terms a seat's features have.
pub const TERMS: usize = 12;

/// Every seat's features: sparse terms (a weight's index, its feature's value).
#[derive(Clone, Copy, Debug)]
pub struct Terms {
    pub index: [[u16; TERMS]; MAX_SEATS],
    pub value: [[f64; TERMS]; MAX_SEATS],
    pub len: [u8; MAX_SEATS],
    /// Seats out of the game (no cones left in Headache) have no chance.
    pub playing: [bool; MAX_SEATS],
    /// The seat to move next (the network places each seat's terms by their turns after it).
    pub to_move: usize,
}

impl Default for Terms {
    fn default() -> Self {
        Terms {
            index: [[0; TERMS]; MAX_SEATS],
            value: [[0.0; TERMS]; MAX_SEATS],
            len: [0; MAX_SEATS],
            playing: [true; MAX_SEATS],
            to_move: 0,
        }
    }
}

impl Terms {
    /// One more of `seat`'s terms: the feature `index` with `value`.
    pub fn push(&mut self, seat: usize, index: usize, value: f64) {
        let at = self.len[seat] as usize;
        self.index[seat][at] = index as u16;
        self.value[seat][at] = value;
        self.len[seat] += 1;
    }

    /// The seat's terms as (index, value) pairs.
    pub fn of(&self, seat: usize) -> impl Iterator<Item = (usize, f64)> + '_ {
        let len = self.len[seat] as usize;
        self.index[seat][..len]
            .iter()
            .zip(&self.value[seat][..len])
            .map(|(&i, &v)| (i as usize, v))
    }
}
