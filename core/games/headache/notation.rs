//! Headache's notation, written and read in one place: a space is `x:N`, `outer:N` or
//! `inner:N`; a cone `start` or `SPACE/K` (the K-th cone from the bottom of the stack on
//! SPACE); a move `ORIGIN>TARGET`, `start>TARGET`, a stack's way back `... ccw`, or `pass`.

use super::board::{ConeMove, HEIGHT_BITS, HEIGHT_MASK, INNER_BASE, OUTER_BASE, SPACES, START};
use crate::refusal::{self, quoted, Refusal};

/// A space's name: `x:3`, `outer:5`, `inner:12`.
pub fn space_name(space: i16) -> String {
    let index = space as usize;
    if index < OUTER_BASE {
        format!("x:{index}")
    } else if index < INNER_BASE {
        format!("outer:{}", index - OUTER_BASE)
    } else {
        format!("inner:{}", index - INNER_BASE)
    }
}

/// Every space's name, by index: what the Python face calls them.
pub fn space_names() -> Vec<String> {
    (0..SPACES as i16).map(space_name).collect()
}

pub(super) fn move_text(chosen: ConeMove) -> String {
    if chosen.pass {
        return "pass".to_string();
    }
    let from = if chosen.from_start {
        "start".to_string()
    } else {
        space_name(chosen.origin)
    };
    let ccw = if chosen.backward { " ccw" } else { "" };
    format!("{from}>{}{ccw}", space_name(chosen.target))
}

/// `start`, or `SPACE/K`: the K-th cone from the bottom of the stack on SPACE.
pub(super) fn piece_name(piece: i16) -> String {
    if piece < 0 {
        return "start".to_string();
    }
    let (space, height) = (piece >> HEIGHT_BITS, piece & HEIGHT_MASK);
    format!("{}/{}", space_name(space), height + 1)
}

/// `start`, or `SPACE/K` (`SPACE` alone is `SPACE/1`), in any case; refused, naming the
/// forms there are (`colour`: the cone's, as the notation writes it), where it is neither.
pub(super) fn read_piece(text: &str, colour: &str) -> Result<i16, Refusal> {
    let cleaned = text.trim().to_lowercase();
    if cleaned == "start" {
        return Ok(START);
    }
    let (name, level) = match cleaned.split_once('/') {
        Some((name, level)) => (name, Some(level)),
        None => (cleaned.as_str(), None),
    };
    let space = (0..SPACES as i16).find(|&space| space_name(space) == name);
    let height = match level {
        None => Some(0),
        Some(digits) if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) => digits
            .parse::<i16>()
            .ok()
            .filter(|k| (1..=HEIGHT_MASK + 1).contains(k))
            .map(|k| k - 1),
        Some(_) => None,
    };
    match (space, height) {
        (Some(space), Some(height)) => Ok((space << HEIGHT_BITS) + height),
        _ => {
            let args = [
                ("colour", colour.to_owned()),
                ("cone", quoted(text)),
                ("most", (HEIGHT_MASK + 1).to_string()),
            ];
            Err(Refusal::new(refusal::NOT_A_CONE, &args, None))
        }
    }
}
