//! Two-dice Ludo (`variant=two-dice`): the module header of `ludo` gives its rules.

use super::common::*;
use crate::dice::{self, Dice};
use crate::engine::reach::{self, Sharing};
use crate::engine::{
    self, Game, List, MoveView, Phase, RaceShape, Row, State, Table, MAX_SEATS, PIECES,
};
use crate::refusal::Refusal;
use crate::rng::Draw;
use crate::spec::{Spec, Weights};

/// Two-dice Ludo's board.
pub(super) const LOOP: usize = 48;
pub(super) const LANE_START: i16 = 43;
pub(super) const EXIT: i16 = 47;

/// One die's use: the pin at `origin` to `target` (in the mover's frame).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Use {
    pub die: u8,
    pub origin: i16,
    pub target: i16,
}

/// A whole turn: its die uses in order (none: the pass).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Turn {
    pub uses: [Use; 2],
    pub count: u8,
}

/// At most 4 distinct points × 4 × both orders of the dice.
pub type Turns = List<Turn, 40>;

#[derive(Clone, Debug)]
pub struct TwoDiceLudo {
    pub table: Table,
    board: Board<LOOP>,
}

impl TwoDiceLudo {
    pub fn new(players: usize, options: &[(String, String)]) -> Result<Self, Refusal> {
        let chosen = read_options(players, options)?;
        if chosen.variant != Variant::TwoDice {
            return Err("the variant is not two-dice".into());
        }
        let safe: Vec<usize> = (0..LOOP).step_by(6).collect();
        let board = Board::new(chosen.colours, 12, LANE_START, &safe);
        Ok(TwoDiceLudo {
            table: board.table(chosen.play_on),
            board,
        })
    }

    /// Every legal turn: both dice used if that can be done, else one, else the pass.
    pub fn shape(&self) -> RaceShape {
        self.board.shape(EXIT, "exit")
    }

    pub fn turns(&self, state: &State) -> Turns {
        let mut turns = Turns::default();
        if state.phase != Phase::Move {
            return turns;
        }
        let [a, b] = state.roll;
        let mine = state.pieces[state.current as usize];
        let orders: &[(u8, u8)] = if a == b { &[(a, b)] } else { &[(a, b), (b, a)] };
        for &(first, second) in orders {
            for_each_use(&mine, first, |one| {
                for_each_use(&advance(&mine, one), second, |two| {
                    turns.push(Turn {
                        uses: [one, two],
                        count: 2,
                    })
                });
            });
        }
        if turns.is_empty() {
            let dice: &[u8] = if a == b { &[a] } else { &[a, b] };
            for &die in dice {
                for_each_use(&mine, die, |one| {
                    turns.push(Turn {
                        uses: [one, Use::default()],
                        count: 1,
                    })
                });
            }
        }
        if turns.is_empty() {
            turns.push(Turn::default()); // the pass
        }
        turns
    }
}

/// Each distinct use of `die` by a seat's pins (pins on one point are alike), in order.
pub(super) fn for_each_use(row: &Row, die: u8, mut found: impl FnMut(Use)) {
    let mut previous = -2;
    for &origin in row {
        if origin == previous {
            continue;
        }
        previous = origin;
        let target = if origin < 0 {
            if die == 6 {
                0
            } else {
                continue;
            }
        } else {
            origin + die as i16
        };
        if origin != EXIT && target <= EXIT {
            found(Use {
                die,
                origin,
                target,
            });
        }
    }
}

pub(super) fn advance(row: &Row, one: Use) -> Row {
    let mut next = *row;
    if let Some(i) = next.iter().position(|&p| p == one.origin) {
        next[i] = one.target;
    }
    engine::sort_row(&mut next);
    next
}

/// What the game says of itself (`crate::spec`), the registry's line.
pub const SPEC: &Spec = &Spec {
    name: "ludo",
    variant: Some("two-dice"),
    options: OPTIONS,
    facts: super::ludopy::FACTS,
    weights: Some(&Weights {
        model: "ludo",
        json: include_str!("../../../src/pegrace/weights/ludo.json"),
    }),
};

impl Game for TwoDiceLudo {
    const SPEC: &'static Spec = SPEC;
    type Move = Turn;
    type Moves = Turns;

    fn table(&self) -> &Table {
        &self.table
    }

    fn race_shape(&self) -> Option<RaceShape> {
        Some(self.shape())
    }

    fn dice_per_move(&self) -> usize {
        2
    }

    fn initial_state(&self) -> State {
        self.table.initial_state([[BASE; PIECES]; MAX_SEATS])
    }

    /// Two dice, the lower first.
    fn roll_of(&self, outcome: [u8; 2]) -> [u8; 2] {
        [outcome[0].min(outcome[1]), outcome[0].max(outcome[1])]
    }

    fn dice(&self) -> &'static Dice {
        &dice::TWO_D6
    }

    fn throw<R: Draw>(&self, rng: &mut R) -> [u8; 2] {
        let (a, b) = (rng.d6(), rng.d6());
        [a.min(b), a.max(b)]
    }

    fn legal_moves(&self, state: &State) -> Turns {
        self.turns(state)
    }

    fn play(&self, state: &mut State, turn: Turn) {
        let seat = state.current as usize;
        let again = state.roll == [6, 6];
        for one in &turn.uses[..turn.count as usize] {
            state.pieces[seat] = advance(&state.pieces[seat], *one);
            self.board.hit_all(&mut state.pieces, seat, one.target);
        }
        let finished_now = turn.count > 0 && self.row_finished(&state.pieces[seat]);
        let finisher = finished_now.then_some(seat as u8);
        self.table
            .after_move(state, seat as u8, finisher, &[], again);
    }

    fn is_pass(&self, turn: Turn) -> bool {
        turn.count == 0
    }

    fn move_text(&self, _: &State, turn: Turn) -> String {
        if turn.count == 0 {
            return "pass".to_string();
        }
        let texts: Vec<String> = turn.uses[..turn.count as usize]
            .iter()
            .map(|one| {
                let (from, to) = (position_name(one.origin), position_name(one.target));
                format!("{}:{from}>{to}", one.die)
            })
            .collect();
        texts.join(" ")
    }

    fn piece_name(&self, _: usize, piece: i16) -> String {
        name(piece, self.board.lane_start, EXIT, "exit")
    }

    fn read_piece(&self, seat: usize, text: &str, colour: &str) -> Result<i16, Refusal> {
        read(&self.shape(), seat, text, colour, "exit")
    }

    fn move_view(&self, state: &State, turn: Turn) -> MoveView {
        let uses = turn.uses[..turn.count as usize]
            .iter()
            .map(|one| (one.die, one.origin, one.target))
            .collect();
        MoveView {
            uses,
            ..MoveView::step(state, None)
        }
    }

    fn row_finished(&self, row: &Row) -> bool {
        *row == [EXIT; PIECES]
    }

    fn unreachable(&self, pieces: &[Row], colours: &[String]) -> Option<Refusal> {
        reach::race(
            &self.shape(),
            pieces,
            Sharing::OwnAndSafe,
            colours,
            position_name,
        )
    }
}

/// A two-dice position's name in a colour's own frame, as pegrace's notation writes it.
pub fn position_name(position: i16) -> String {
    name(position, LANE_START, EXIT, "exit")
}
