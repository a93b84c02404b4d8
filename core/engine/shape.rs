//! A race game's track as the checks and computer players read it.

use super::state::MAX_SEATS;

/// A race game's track as its computer players see it and Python draws it: each seat's loop
/// position on the board's loop spaces, where its lane starts and its goal, the spaces where
/// no piece is ever hit, how far apart the colours start and the words its notation names
/// its places with.
#[derive(Clone, Debug)]
pub struct RaceShape {
    pub seats: usize,
    /// `space_of[seat][position]`: the loop space of a seat's loop position.
    pub space_of: Vec<Vec<i16>>,
    pub lane_start: i16,
    pub goal: i16,
    /// `safe[space]`, over the loop spaces.
    pub safe: Vec<bool>,
    /// How many loop spaces apart the colours start (colour `c` on space `c * spacing`).
    pub spacing: i16,
    pub words: RaceWords,
}

impl RaceShape {
    /// `(lane_start, goal)`: where the lane starts and the goal, in a seat's frame.
    pub fn new<const N: usize>(
        seats: usize,
        space_of: &[[i16; N]; MAX_SEATS],
        (lane_start, goal): (i16, i16),
        safe: &[bool],
        spacing: i16,
        words: RaceWords,
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
            spacing,
            words,
        }
    }

    /// The loop space each colour starts on, every colour of the board (seated or not).
    pub fn starts(&self) -> Vec<i16> {
        let spaces = self.safe.len() as i16;
        (0..MAX_SEATS as i16)
            .map(|colour| colour * self.spacing % spaces)
            .collect()
    }
}

/// A race game's words for its places: the base's (`home`, `base`), the lane's (`finish`,
/// `lane`, `home`) and the goal's own name where it has one (Ludo's `exit`; none: the goal is
/// the lane's last slot, named as the others).
#[derive(Clone, Copy, Debug)]
pub struct RaceWords {
    pub base: &'static str,
    pub lane: &'static str,
    pub goal: Option<&'static str>,
}
