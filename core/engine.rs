//! What every game shares: the state of a game (a few machine words, `Copy` and hashable),
//! its phases, moves and the reasons a game ends. The turn structure mirrors
//! `pegrace.engine.Rules`: a roll-off of one pop each (ties pop again), then turns of one roll
//! and one move, extra rolls, finishing, and the end of the game.

/// The most seats a game has, and the most pieces a seat has.
pub const MAX_SEATS: usize = 4;
pub const PIECES: usize = 4;
/// A seat's pieces, sorted from the least to the most advanced (-1: at home).
pub type Row = [i8; PIECES];

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
}

impl End {
    pub fn text(self) -> &'static str {
        match self {
            End::Running => "",
            End::FirstPlace => "first place decided",
            End::AllPlaces => "all places decided",
            End::NoSideLeft => "no side left",
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

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct State {
    pub pieces: [Row; MAX_SEATS],
    pub phase: Phase,
    pub current: u8,
    pub roll: u8, // 0: no roll
    pub streak: u8,
    pub turn: u32,
    pub finished: Seats,
    pub contenders: Seats,
    pub rolloff: Seats,
    pub end: End,
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Move {
    Pass,
    /// One piece from `origin` to `target`, in the mover's own frame.
    Step {
        origin: i8,
        target: i8,
    },
}

/// The legal moves of a position, without allocating.
#[derive(Clone, Copy, Debug)]
pub struct MoveList {
    len: usize,
    items: [Move; 8],
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList {
            len: 0,
            items: [Move::Pass; 8],
        }
    }
}

impl MoveList {
    pub fn push(&mut self, item: Move) {
        self.items[self.len] = item;
        self.len += 1;
    }

    pub fn as_slice(&self) -> &[Move] {
        &self.items[..self.len]
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
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
