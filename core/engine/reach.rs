//! Which positions a game could reach: the check a position written by hand (a puzzle, a
//! saved game, a client's state) passes before anything plays from it. Its failures are the
//! catalogs' refusals (core/refusal.rs), naming the seats by the colours the caller gives (the
//! core knows colours only by number).

use super::shape::RaceShape;
use super::state::Row;
use crate::refusal::{self, Refusal};

/// Who may share a loop space in a race game.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Sharing {
    /// Nobody: one piece a space, lane slots included (Trouble, Marbles).
    Alone,
    /// A colour's own pieces stack anywhere; colours meet only on the safe spaces (Ludo).
    OwnAndSafe,
    /// Two pieces a space at most, lane slots included; colours meet only on the safe spaces,
    /// and a colour's two pieces stand off them only where `own_pairs_anywhere` (Parchís).
    Pairs { own_pairs_anywhere: bool },
}

/// Why no game of a race could reach `pieces` (each seat's row, its colour in `colours`) with
/// this sharing; `name` writes a position in its owner's frame.
pub fn race(
    shape: &RaceShape,
    pieces: &[Row],
    sharing: Sharing,
    colours: &[String],
    name: impl Fn(i16) -> String,
) -> Option<Refusal> {
    if sharing == Sharing::Alone {
        for (seat, row) in pieces.iter().enumerate() {
            let placed: Vec<i16> = row.iter().copied().filter(|&p| p >= 0).collect();
            if let Some(&clash) = placed
                .iter()
                .find(|&&p| placed.iter().filter(|&&q| q == p).count() > 1)
            {
                let args = [("colour", colours[seat].clone()), ("place", name(clash))];
                return Some(Refusal::new(refusal::TWO_ALONE, &args, None));
            }
        }
    }
    if let Sharing::Pairs { own_pairs_anywhere } = sharing {
        if let Some(problem) = crowded(shape, pieces, own_pairs_anywhere, colours, &name) {
            return Some(problem);
        }
    }
    let mut seen: Vec<Option<usize>> = vec![None; shape.safe.len()];
    for (seat, row) in pieces.iter().enumerate() {
        for &p in row.iter().filter(|&&p| 0 <= p && p < shape.lane_start) {
            let space = shape.space_of[seat][p as usize] as usize;
            let shared_here = sharing != Sharing::Alone && shape.safe[space];
            if let Some(other) = seen[space].filter(|&other| other != seat && !shared_here) {
                let message = match sharing {
                    Sharing::Alone => refusal::BOTH_ON_SPACE,
                    _ => refusal::BOTH_OFF_SAFE,
                };
                let args = [
                    ("first", colours[other].clone()),
                    ("colour", colours[seat].clone()),
                    ("space", space.to_string()),
                ];
                return Some(Refusal::new(message, &args, None));
            }
            seen[space] = Some(seat);
        }
    }
    None
}

/// Where a space holds more than two pieces, or two of one colour stand off the safe spaces
/// where the rules keep them apart (`Sharing::Pairs`).
fn crowded(
    shape: &RaceShape,
    pieces: &[Row],
    own_pairs_anywhere: bool,
    colours: &[String],
    name: impl Fn(i16) -> String,
) -> Option<Refusal> {
    let mut on_track = vec![0u8; shape.safe.len()];
    for (seat, row) in pieces.iter().enumerate() {
        let here = |p: i16| [("colour", colours[seat].clone()), ("place", name(p))];
        for &p in row.iter().filter(|&&p| 0 <= p && p < shape.goal) {
            let own = row.iter().filter(|&&q| q == p).count();
            if own > 2 {
                return Some(Refusal::new(
                    refusal::MANY_ON_ONE,
                    &here(p),
                    Some(own as u64),
                ));
            }
            if p >= shape.lane_start {
                continue;
            }
            let space = shape.space_of[seat][p as usize] as usize;
            if own == 2 && !own_pairs_anywhere && !shape.safe[space] {
                return Some(Refusal::new(refusal::PAIR_OFF_SAFE, &here(p), None));
            }
            on_track[space] += 1;
            if on_track[space] > 2 {
                let args = [("space", space.to_string())];
                return Some(Refusal::new(refusal::MORE_THAN_TWO, &args, None));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::MAX_SEATS;

    /// Two seats on an 8-space loop, the second starting 4 spaces on; space 2 is safe.
    fn shape() -> RaceShape {
        let mut space_of = [[0i16; 8]; MAX_SEATS];
        space_of[0] = std::array::from_fn(|position| position as i16);
        space_of[1] = std::array::from_fn(|position| ((position + 4) % 8) as i16);
        let mut safe = [false; 8];
        safe[2] = true;
        let words = crate::engine::RaceWords {
            base: "base",
            lane: "lane",
            goal: None,
        };
        RaceShape::new(2, &space_of, (8, 10), &safe, 4, words)
    }

    fn check(pieces: [[i16; 4]; 2], sharing: Sharing) -> Option<String> {
        let colours = ["red".to_string(), "blue".to_string()];
        race(&shape(), &pieces, sharing, &colours, |p| {
            format!("track:{p}")
        })
        .map(|refused| refused.english())
    }

    #[test]
    fn own_pieces_stack_only_where_the_rules_let_them() {
        let stacked = [[-1, -1, 3, 3], [-1; 4]];
        assert_eq!(
            check(stacked, Sharing::Alone).unwrap(),
            "red has two pieces on track:3: a space holds one piece"
        );
        assert_eq!(check(stacked, Sharing::OwnAndSafe), None);
    }

    #[test]
    fn colours_meet_only_on_safe_spaces() {
        // red's 2 and blue's 6 are space 2 (safe); red's 5 and blue's 1 are space 5 (not)
        assert_eq!(
            check([[-1, -1, -1, 2], [-1, -1, -1, 6]], Sharing::OwnAndSafe),
            None
        );
        let problem = check([[-1, -1, -1, 5], [-1, -1, -1, 1]], Sharing::OwnAndSafe);
        assert_eq!(
            problem.unwrap(),
            "red and blue both have a piece on space:5, which is not a safe square"
        );
        let apart = check([[-1, -1, -1, 2], [-1, -1, -1, 6]], Sharing::Alone);
        assert_eq!(apart.unwrap(), "red and blue both have a piece on space:2");
    }

    #[test]
    fn in_pairs_a_space_holds_two_and_a_colour_pairs_off_the_safe_spaces_only_if_allowed() {
        let anywhere = Sharing::Pairs {
            own_pairs_anywhere: true,
        };
        let safe_only = Sharing::Pairs {
            own_pairs_anywhere: false,
        };
        assert_eq!(
            check([[-1, 3, 3, 3], [-1; 4]], anywhere).unwrap(),
            "red has 3 pieces on track:3"
        );
        assert_eq!(check([[-1, -1, 3, 3], [-1; 4]], anywhere), None);
        assert_eq!(
            check([[-1, -1, 3, 3], [-1; 4]], safe_only).unwrap(),
            "red has two pieces on track:3, which is not a safe square"
        );
        assert_eq!(check([[-1, -1, 2, 2], [-1; 4]], safe_only), None);
        // two lane slots of one colour (8 and 9) hold two each, never three
        assert_eq!(check([[-1, -1, 8, 8], [-1; 4]], safe_only), None);
        // red's pair on safe space 2 and blue's piece there (its 6): three on one space
        let crowded = check([[-1, -1, 2, 2], [-1, -1, -1, 6]], anywhere);
        assert_eq!(crowded.unwrap(), "more than two pieces on space:2");
    }
}
