//! What the Ludo rule sets share: the options they read, the board, the positions' names.

use crate::engine::RaceWords;
use crate::engine::{self, RaceShape, Row, Table, MAX_SEATS};
use crate::options::{self, RuleOption};
use crate::refusal::{self, quoted, Refusal};

pub(super) const BASE: i16 = -1;
/// Classic Ludo's board (LUDOpy's too).
pub(super) const CLASSIC_LOOP: usize = 52;
pub(super) const CLASSIC_LANE: i16 = 51;
pub(super) const HOME: i16 = 56;
/// The options as the variants read them (`OPTIONS`): the classic-only ones must keep their
/// defaults in the other variants.
pub(super) struct Options {
    pub(super) variant: Variant,
    /// Each seat's colour (`engine::seat_colours`).
    pub(super) colours: Vec<i16>,
    pub(super) play_on: bool,
    pub(super) forfeit_third_six: bool,
    pub(super) safe_squares: bool,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Variant {
    TwoDice,
    Classic,
    Ludopy,
}

/// The rule options, each value with its words (`crate::options`; docs/rules/ludo.md has their
/// sources).
pub const OPTIONS: &[RuleOption] = &[
    RuleOption {
        name: "variant",
        default: "two-dice",
        values: &[
            ("two-dice", "two dice and a loop of 48 points (the rules above)"),
            ("classic", "the Ludo most people know: one die, 52 squares, a 6 brings a pin out and gives another roll, two pins of a colour make a block nobody may land on or pass"),
            ("ludopy", "Danish Ludo exactly as the LUDOpy package plays it: one die, globes, and stars that jump a pin on to the next star"),
        ],
        help: "which Ludo: two dice on a loop of 48 points, the classic one-die game, or LUDOpy's Danish Ludo",
    },
    RuleOption {
        name: "play_on",
        default: "off",
        values: &[
            ("on", "the others play on for the lower places"),
            ("off", "the game ends when the first player has all 4 pins out"),
        ],
        help: "whether the others play on for the lower places once the first player has all 4 pins out",
    },
    RuleOption {
        name: "three_sixes",
        default: "forfeit",
        values: &[
            ("forfeit", "classic Ludo only: a third 6 in a row is not played, and the turn passes"),
            ("off", "no limit on sixes in a row"),
        ],
        help: "classic Ludo only: whether a third 6 in a row ends the turn",
    },
    RuleOption {
        name: "safe_squares",
        default: "on",
        values: &[
            ("on", "classic only: nobody can be hit on the 4 start squares and the 4 star squares"),
            ("off", "no square is safe: an opponent on your start is hit when you come out"),
        ],
        help: "classic Ludo only: whether the 4 start squares and the 4 star squares are safe",
    },
    engine::SEATING,
];

pub(super) fn read_options(players: usize, given: &[(String, String)]) -> Result<Options, Refusal> {
    let chosen = options::choose("ludo", OPTIONS, given)?;
    let variant = [("classic", Variant::Classic), ("ludopy", Variant::Ludopy)]
        .into_iter()
        .find(|(value, _)| chosen.is("variant", value))
        .map_or(Variant::TwoDice, |(_, variant)| variant);
    if variant != Variant::Classic {
        for classic_only in ["three_sixes", "safe_squares"] {
            if !chosen.is_default(classic_only) {
                let args = [
                    ("game", "ludo".to_owned()),
                    ("option", classic_only.to_owned()),
                ];
                return Err(Refusal::new(refusal::CLASSIC_ONLY, &args, None));
            }
        }
    }
    Ok(Options {
        variant,
        colours: engine::seat_colours("ludo", players, &chosen)?,
        play_on: chosen.is("play_on", "on"),
        forfeit_third_six: chosen.is("three_sixes", "forfeit"),
        safe_squares: chosen.is("safe_squares", "on"),
    })
}

/// A Ludo board of `N` points: where each seat's positions lie, and which points are safe.
#[derive(Clone, Debug)]
pub(super) struct Board<const N: usize> {
    pub(super) space_of: [[i16; N]; MAX_SEATS],
    pub(super) position_on: [[i16; N]; MAX_SEATS],
    pub(super) safe: [bool; N],
    pub(super) lane_start: i16,
    /// Each seat's colour (their number is the seats').
    pub(super) colours: Vec<i16>,
    /// How many points apart the colours start.
    spacing: i16,
}

impl<const N: usize> Board<N> {
    /// The board of the seats' `colours` (`Options::colours`).
    pub(super) fn new(colours: Vec<i16>, spacing: i16, lane_start: i16, safe: &[usize]) -> Self {
        let [space_of, position_on] = engine::frames(&colours, spacing);
        let mut board = Board {
            space_of,
            position_on,
            safe: [false; N],
            lane_start,
            colours,
            spacing,
        };
        for &space in safe {
            board.safe[space] = true;
        }
        board
    }

    /// The track, its lane's last slot `goal` named `last_name`.
    pub(super) fn shape(&self, goal: i16, last_name: &'static str) -> RaceShape {
        RaceShape::new(
            self.colours.len(),
            &self.space_of,
            (self.lane_start, goal),
            &self.safe,
            self.spacing,
            words(last_name),
        )
    }

    pub(super) fn table(&self, play_on: bool) -> Table {
        let order: Vec<u8> = (0..self.colours.len() as u8).collect();
        Table::new(&self.colours, &order, &order, play_on)
    }

    /// The loop space of a seat's position, if it is on the loop.
    pub(super) fn space(&self, seat: usize, position: i16) -> Option<usize> {
        (0..self.lane_start)
            .contains(&position)
            .then(|| self.space_of[seat][position as usize] as usize)
    }

    /// Every opponent pin on `target` (the mover's frame) goes to its base, unless it is safe.
    pub(super) fn hit_all(&self, pieces: &mut [Row; MAX_SEATS], seat: usize, target: i16) {
        let Some(space) = self.space(seat, target) else {
            return;
        };
        if self.safe[space] {
            return;
        }
        for other in (0..self.colours.len()).filter(|&o| o != seat) {
            let here = self.position_on[other][space];
            if here < self.lane_start && pieces[other].contains(&here) {
                for pin in pieces[other].iter_mut().filter(|p| **p == here) {
                    *pin = BASE;
                }
                engine::sort_row(&mut pieces[other]);
            }
        }
    }
}

/// How the notation names a Ludo variant's places: pins wait in the base, walk their lane
/// and end on its last slot, a place of its own named `last` (`exit`, `home`, `goal`).
const fn words(last: &'static str) -> RaceWords {
    RaceWords {
        base: "base",
        lane: "lane",
        goal: Some(last),
    }
}

pub(super) fn name(position: i16, lane_start: i16, last: i16, last_name: &'static str) -> String {
    words(last_name).write(position, lane_start, last)
}

/// A pin's place read from the notation: as every race reads it, a lane slot also as
/// `lane:COLOUR:K` (the pin's own colour only: each colour enters its own lane).
pub(super) fn read(
    shape: &RaceShape,
    seat: usize,
    text: &str,
    colour: &str,
    last_name: &'static str,
) -> Result<i16, Refusal> {
    let trimmed = text.trim();
    if let ["lane", other, slot] = trimmed.split(':').collect::<Vec<_>>()[..] {
        if other != colour {
            let args = [
                ("colour", colour.to_owned()),
                ("other", other.to_owned()),
                ("position", quoted(trimmed)),
            ];
            return Err(Refusal::new(refusal::OTHERS_LANE, &args, None));
        }
        return words(last_name).read(shape, seat, &format!("lane:{slot}"), colour);
    }
    words(last_name).read(shape, seat, text, colour)
}
