//! A race game's track as the checks and computer players read it.

use super::state::MAX_SEATS;

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
