//! Classic Ludo (`variant=classic`): the module header of `ludo` gives its rules.

use super::common::*;
use crate::engine::reach::{self, Sharing};
use crate::engine::{
    self, Game, Move, MoveList, MoveView, Phase, RaceShape, Row, State, Table, MAX_SEATS, PIECES,
};
use crate::refusal::Refusal;
use crate::spec::{Spec, Weights};

#[derive(Clone, Debug)]
pub struct ClassicLudo {
    pub table: Table,
    board: Board<CLASSIC_LOOP>,
    forfeit_third_six: bool,
}

impl ClassicLudo {
    pub fn new(players: usize, options: &[(String, String)]) -> Result<Self, Refusal> {
        let chosen = read_options(players, options)?;
        if chosen.variant != Variant::Classic {
            return Err("the variant is not classic".into());
        }
        let stars: Vec<usize> = [0, 13, 26, 39].iter().flat_map(|&s| [s, s + 8]).collect();
        let safe = if chosen.safe_squares { &stars[..] } else { &[] };
        let board = Board::new(chosen.colours, 13, CLASSIC_LANE, safe);
        Ok(ClassicLudo {
            table: board.table(chosen.play_on),
            board,
            forfeit_third_six: chosen.forfeit_third_six,
        })
    }

    pub fn shape(&self) -> RaceShape {
        self.board.shape(HOME, "home")
    }

    /// Loop spaces holding two or more pins of one opponent of `seat`.
    fn blocks(&self, pieces: &[Row; MAX_SEATS], seat: usize) -> [bool; CLASSIC_LOOP] {
        let mut blocked = [false; CLASSIC_LOOP];
        for other in (0..self.board.colours.len()).filter(|&o| o != seat) {
            let row = &pieces[other];
            for pair in row.windows(2) {
                if pair[0] == pair[1] {
                    if let Some(space) = self.board.space(other, pair[0]) {
                        blocked[space] = true;
                    }
                }
            }
        }
        blocked
    }

    fn peg_moves(&self, state: &State, moves: &mut MoveList) {
        let roll = state.roll[0] as i16;
        if self.forfeit_third_six && roll == 6 && state.streak >= 2 {
            return;
        }
        let seat = state.current as usize;
        let blocked = self.blocks(&state.pieces, seat);
        let path = &self.board.space_of[seat];
        let mut previous = -2;
        for &pin in &state.pieces[seat] {
            if pin == previous || pin == HOME {
                continue;
            }
            previous = pin;
            if pin < 0 {
                if roll == 6 && !blocked[path[0] as usize] {
                    moves.push(Move::Step {
                        origin: BASE,
                        target: 0,
                    });
                }
                continue;
            }
            let target = pin + roll;
            let last_on_loop = target.min(CLASSIC_LANE - 1);
            let passes_block = (pin + 1..=last_on_loop).any(|q| blocked[path[q as usize] as usize]);
            if target <= HOME && !passes_block {
                moves.push(Move::Step {
                    origin: pin,
                    target,
                });
            }
        }
    }
}

/// What the game says of itself (`crate::spec`), the registry's line.
pub const SPEC: &Spec = &Spec {
    name: "ludo",
    variant: Some("classic"),
    options: OPTIONS,
    facts: super::ludopy::FACTS,
    weights: Some(&Weights {
        model: "classic-ludo",
        json: include_str!("../../../src/pegrace/weights/classic-ludo.json"),
    }),
};

impl Game for ClassicLudo {
    const SPEC: &'static Spec = SPEC;
    type Move = Move;
    type Moves = MoveList;

    fn table(&self) -> &Table {
        &self.table
    }

    fn race_shape(&self) -> Option<RaceShape> {
        Some(self.shape())
    }

    fn initial_state(&self) -> State {
        self.table.initial_state([[BASE; PIECES]; MAX_SEATS])
    }

    fn legal_moves(&self, state: &State) -> MoveList {
        let mut moves = MoveList::default();
        if state.phase == Phase::Move {
            self.peg_moves(state, &mut moves);
            if moves.is_empty() {
                moves.push(Move::Pass);
            }
        }
        moves
    }

    fn play(&self, state: &mut State, chosen: Move) {
        let seat = state.current as usize;
        let forfeit = self.forfeit_third_six && state.streak >= 2;
        let again = state.roll[0] == 6 && !forfeit;
        let mut finisher = None;
        if let Move::Step { origin, target } = chosen {
            let row = &mut state.pieces[seat];
            if let Some(i) = row.iter().position(|&p| p == origin) {
                row[i] = target;
            }
            engine::sort_row(row);
            self.board.hit_all(&mut state.pieces, seat, target);
            finisher = self.row_finished(&state.pieces[seat]).then_some(seat as u8);
        }
        self.table
            .after_move(state, seat as u8, finisher, &[], again);
    }

    fn is_pass(&self, chosen: Move) -> bool {
        chosen == Move::Pass
    }

    fn move_text(&self, _: &State, chosen: Move) -> String {
        match chosen {
            Move::Pass => "pass".to_string(),
            Move::Step { origin, target } => {
                let (from, to) = (classic_name(origin), classic_name(target));
                format!("{from}>{to}")
            }
        }
    }

    fn piece_name(&self, _: usize, piece: i16) -> String {
        name(piece, self.board.lane_start, HOME, "home")
    }

    fn read_piece(&self, seat: usize, text: &str, colour: &str) -> Result<i16, Refusal> {
        read(&self.shape(), seat, text, colour, "home")
    }

    fn move_view(&self, state: &State, chosen: Move) -> MoveView {
        MoveView::step(state, chosen.step())
    }

    fn row_finished(&self, row: &Row) -> bool {
        *row == [HOME; PIECES]
    }

    fn unreachable(&self, pieces: &[Row], colours: &[String]) -> Option<Refusal> {
        reach::race(
            &self.shape(),
            pieces,
            Sharing::OwnAndSafe,
            colours,
            classic_name,
        )
    }
}

pub(super) fn classic_name(position: i16) -> String {
    name(position, CLASSIC_LANE, HOME, "home")
}
