//! A game's state, a few machine words (`Copy`, hashable), and what it is made of: the
//! pieces, the phases, the seat lists and why a game ended.

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
