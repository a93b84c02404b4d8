//! Ludo (`pegrace.games.ludo` is its face; docs/rules/ludo.md gives the seed sentence or ruling
//! behind each rule); red, green, yellow, blue in turn order, 2 players opposite (red, yellow);
//! a pin's own frame: -1 base, 0 its start, then the loop, its lane, and the lane's last slot.
//!
//! `variant=two-dice` (seed 002 with the board ruling of issue 3), `TwoDiceLudo`:
//! - A loop of 48 points, starts 12 apart; safe: the corners and mid-side points (every 6th).
//!   Frame: 0..42 the loop, 43..46 the lane, 47 the exit.
//! - Two dice, each used on its own, in the order the player chooses: both if both can be
//!   (in some order), else one that can be, else the turn passes. A 6 may bring a pin from
//!   the base to the start. Own pins stack anywhere; landing where it is not safe sends every
//!   opponent pin there to its base. Exit by exact count. A double 6 rolls again.
//!
//! `variant=classic`, `ClassicLudo`:
//! - A loop of 52 squares, starts 13 apart; frame 0..50 the loop, 51..55 the lane, 56 home.
//! - One die; a 6 brings a pin out to its start and rolls again (`three_sixes=forfeit`: a third
//!   6 in a row is not played and ends the turn). Two or more pins of one colour on a square
//!   block it: no opponent passes or lands there. Landing on a lone opponent sends it to its
//!   base, but not on a safe square (the starts and the stars 8 past them; `safe_squares=off`:
//!   none). Home by exact count.
//!
//! In both, the first with all 4 pins home wins (`play_on=on`: play on for every place).
//!
//! `variant=ludopy`, `LudopyLudo`: LUDOpy 1.5.0's Danish Ludo, quirks included (below).

pub mod classic;
mod common;
pub mod judge;
pub mod ludopy;
#[cfg(test)]
mod tests;
pub mod two_dice;

pub use classic::ClassicLudo;
pub use common::{Variant, OPTIONS};
pub use ludopy::{DieMove, DieMoves, LudopyLudo, FACTS};
pub use two_dice::{position_name, Turn, Turns, TwoDiceLudo, Use};
