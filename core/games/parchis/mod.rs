//! Parchís, the Spanish game (docs/rules/parchis.md gives the source behind each rule and the
//! rulings where the sources are silent). 2-4 players, yellow, blue, red, green in turn order
//! (counter-clockwise on the board: pieces walk the spaces in ascending order), one die.
//!
//! - A shared track of 68 spaces; each colour's exit 17 apart; 12 safe spaces (each exit, the
//!   space 7 past it and the one 12 past it). A piece's own frame: -1 home, 0 its exit, 1..63
//!   the track, 64..70 its home column (`lane:1..7`), 71 the goal; from exit to goal 71 steps.
//! - A 5 brings a piece out onto its exit, and must while one is at home and the exit allows:
//!   an exit holding two pieces of the mover's is shut; one holding two with an opponent among
//!   them lets the piece out capturing the opponent (of two opponents, the last to arrive;
//!   `exit_capture=off`: shut).
//! - A piece moves exactly the count, never past a blockade (two pieces of one colour on one
//!   space: everyone's, the owner's too), never onto a space holding two pieces. Landing on a
//!   lone opponent on a track space that is not safe captures it (home); on a safe space they
//!   share. A 6 counts 7 while no piece of the seat is at home (`six_counts`), and must open
//!   one of the seat's blockades where a piece of one can move (`blockade_six`).
//! - A capture earns a bonus of 20, reaching the goal one of 10: one move of exactly that
//!   count by any own piece in play, at once, the die's extra roll after it; lost (a pass)
//!   where none can; a bonus move earns its own bonus in turn.
//! - A 6 rolls again; the third 6 in a row is not played: the piece the seat moved last this
//!   turn goes home unless it is in its column or at the goal (`three_sixes`), and the turn
//!   passes. No voluntary pass: the pass only when nothing can move.
//! - The first with all four pieces at the goal wins (`play_on=on`: the others play on).
//!
//! `State::aux`: 0 the bonus to move (0, 10 or 20), 1 the seat's last moved piece this turn
//! (its position + 2; 0: none), 2 who arrived last on each exit (two bits an exit: the seat).

use crate::engine::reach::{self, Sharing};
use crate::engine::{
    self, Game, Move, MoveList, MoveView, Phase, RaceShape, RaceWords, Row, State, Table,
    MAX_SEATS, PIECES,
};
use crate::facts::{Fact, Facts};
use crate::options;
use crate::refusal::{self, Refusal};
use crate::spec::{Spec, Weights};

pub mod judge;
mod rule_options;
#[cfg(test)]
mod tests;

pub use rule_options::OPTIONS;

const TRACK: usize = 68;
const SPACING: i16 = 17;
const LANE: i16 = 64;
const GOAL: i16 = 71;
const HOME: i16 = -1;
/// How the notation names Parchís' places: pieces wait at home, walk their lane and end in
/// the goal, a place of its own.
const WORDS: RaceWords = RaceWords {
    base: "home",
    lane: "lane",
    goal: Some("goal"),
};
/// The roll that brings a piece out.
pub const EXIT_DIE: u8 = 5;
const CAPTURE_BONUS: u16 = 20;
const GOAL_BONUS: u16 = 10;
/// `State::aux`'s counters.
const BONUS: usize = 0;
const LAST_MOVED: usize = 1;
const ARRIVED: usize = 2;

/// The number the board prints on track space 0, yellow's exit (the spaces are printed 1 to
/// 68, counter-clockwise, 5 on: the names players and Python's words use).
const PRINTED_EXIT: i64 = 5;

/// What Python's face needs beyond the track (`Game::race_shape`): the board's printed numbers.
pub const FACTS: Facts = &[("printed_exit", Fact::Number(PRINTED_EXIT))];

/// What the game says of itself (`crate::spec`), the registry's line.
pub const SPEC: &Spec = &Spec {
    name: "parchis",
    variant: None,
    options: OPTIONS,
    facts: FACTS,
    weights: Some(&Weights {
        model: "parchis",
        json: include_str!("../../../src/pegrace/weights/parchis.json"),
    }),
};

/// What a third 6 in a row does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ThirdSix {
    Home,
    LaneStart,
    Off,
}

#[derive(Clone, Debug)]
pub struct Parchis {
    pub table: Table,
    space_of: [[i16; TRACK]; MAX_SEATS],
    safe: [bool; TRACK],
    start_out: usize,
    six_counts: i16,
    third_six: ThirdSix,
    blockades_anywhere: bool,
    six_opens: bool,
    exit_capture: bool,
    capture_bonus: u16,
    goal_bonus: u16,
    bounce: bool,
    roll_off: bool,
}

/// Who stands on each track space: each seat's pieces there.
type Crowd = [[u8; MAX_SEATS]; TRACK];

impl Parchis {
    pub fn new(players: usize, options: &[(String, String)]) -> Result<Self, Refusal> {
        let chosen = options::choose(SPEC.name, OPTIONS, options)?;
        let (teams, two_sets) = (chosen.is("teams", "on"), chosen.is("two_sets", "on"));
        let game = || ("game", SPEC.name.to_owned());
        if teams && players != 4 {
            let args = [game(), ("players", players.to_string())];
            return Err(Refusal::new(refusal::TEAMS_PLAYERS, &args, Some(4)));
        }
        let mut colours = engine::seat_colours(SPEC.name, players, &chosen)?;
        if two_sets {
            if players != 2 {
                return Err(Refusal::new(refusal::TWO_SETS_PLAYERS, &[game()], Some(2)));
            }
            if !chosen.is_default(engine::SEATING.name) {
                let turn = ("turn", chosen.value(engine::SEATING.name).to_owned());
                return Err(Refusal::new(
                    refusal::TWO_SETS_SEATING,
                    &[game(), turn],
                    None,
                ));
            }
            colours = engine::seat_colours(SPEC.name, 4, &chosen)?; // each player holds two
        }
        let [space_of, _] = engine::frames(&colours, SPACING);
        let seats = colours.len() as u8;
        let mut order: Vec<u8> = (0..seats).collect();
        if chosen.is("turn_order", "clockwise") {
            order[1..].reverse();
        }
        // partners and a player's two colours sit opposite: seats 0 and 2, 1 and 3
        let paired = teams || two_sets;
        let sides: Vec<u8> = (0..seats).map(|s| if paired { s % 2 } else { s }).collect();
        let mut table = Table::new(&colours, &order, &sides, chosen.is("play_on", "on"));
        table.first_home_wins = teams;
        let mut safe = [false; TRACK];
        for (space, safe) in safe.iter_mut().enumerate() {
            *safe = [0, 7, 12].contains(&(space as i16 % SPACING));
        }
        let third_six = match chosen.value("three_sixes") {
            "off" => ThirdSix::Off,
            "lane-start" => ThirdSix::LaneStart,
            _ => ThirdSix::Home,
        };
        Ok(Parchis {
            table,
            space_of,
            safe,
            start_out: chosen.number("start_out", 0)? as usize,
            six_counts: chosen.number("six_counts", 6)? as i16,
            third_six,
            blockades_anywhere: chosen.is("blockades", "anywhere"),
            six_opens: chosen.is("blockade_six", "must-open"),
            exit_capture: chosen.is("exit_capture", "on"),
            capture_bonus: if chosen.is("capture_bonus", "20") {
                CAPTURE_BONUS
            } else {
                0
            },
            goal_bonus: if chosen.is("goal_bonus", "10") {
                GOAL_BONUS
            } else {
                0
            },
            bounce: chosen.is("finish", "bounce"),
            roll_off: chosen.is("first", "roll"),
        })
    }

    pub fn initial_state(&self) -> State {
        let mut row = [HOME; PIECES];
        row[PIECES - self.start_out..].fill(0);
        engine::sort_row(&mut row);
        let mut state = self.table.initial_state([row; MAX_SEATS]);
        if !self.roll_off {
            state.phase = Phase::Roll;
            state.contenders = Default::default();
            state.turn = 1;
        }
        state
    }

    pub fn shape(&self) -> RaceShape {
        RaceShape::new(
            self.table.seats,
            &self.space_of,
            (LANE, GOAL),
            &self.safe,
            SPACING,
            WORDS,
        )
    }

    /// The track space of a seat's position, none off the track (home, column, goal).
    fn space(&self, seat: usize, position: i16) -> Option<usize> {
        (0..LANE)
            .contains(&position)
            .then(|| self.space_of[seat][position as usize] as usize)
    }

    fn crowd(&self, state: &State) -> Crowd {
        let mut crowd = [[0u8; MAX_SEATS]; TRACK];
        for (seat, row) in state.pieces[..self.table.seats].iter().enumerate() {
            for &p in row {
                if let Some(space) = self.space(seat, p) {
                    crowd[space][seat] += 1;
                }
            }
        }
        crowd
    }

    /// Whether a piece of `seat` cannot pass its own position `position`: a blockade there.
    fn blocked(&self, state: &State, crowd: &Crowd, seat: usize, position: i16) -> bool {
        match self.space(seat, position) {
            Some(space) => crowd[space].contains(&2),
            None => own_at(state, seat, position) >= 2,
        }
    }

    /// Where a piece of `seat` at `origin` ends counting `count`, where it may.
    fn target(
        &self,
        state: &State,
        crowd: &Crowd,
        seat: usize,
        origin: i16,
        count: i16,
    ) -> Option<i16> {
        let end = origin + count;
        let target = if end > GOAL { 2 * GOAL - end } else { end };
        if end > GOAL && (!self.bounce || target < LANE) {
            return None;
        }
        // the spaces walked before the target: on to it, or to the goal and back
        let back = if end > GOAL { target + 1..GOAL } else { 0..0 };
        let mut passed = (origin + 1..end.min(GOAL)).chain(back);
        // a piece bouncing back over where it began leaves one piece there, no blockade
        if passed.any(|p| p != origin && self.blocked(state, crowd, seat, p)) {
            return None;
        }
        if target == GOAL {
            return Some(target);
        }
        let (own, there) = match self.space(seat, target) {
            Some(space) => (crowd[space][seat], crowd[space].iter().sum::<u8>()),
            None => (own_at(state, seat, target), own_at(state, seat, target)),
        };
        let allowed = match (there, own) {
            (0, _) => true,
            (1, 1) => {
                self.blockades_anywhere || self.space(seat, target).is_none_or(|s| self.safe[s])
            }
            (1, _) => true, // a capture, or sharing a safe space
            _ => false,
        };
        allowed.then_some(target)
    }

    /// The piece a piece of `seat` coming out onto its exit captures there (its seat), if
    /// it does; `Err` where the exit is shut to it.
    fn exit_victim(&self, state: &State, crowd: &Crowd, seat: usize) -> Result<Option<usize>, ()> {
        let exit = self.space_of[seat][0] as usize;
        let here = &crowd[exit];
        if here.iter().sum::<u8>() < 2 {
            return Ok(None);
        }
        if here[seat] == 2 || !self.exit_capture {
            return Err(());
        }
        let opponents: Vec<usize> = (0..self.table.seats)
            .filter(|&o| o != seat && here[o] > 0)
            .collect();
        let last = arrived(state, exit);
        Ok(Some(if opponents.contains(&last) {
            last
        } else {
            opponents[0]
        }))
    }

    /// Never empty for a seat to move: when nothing can move, the pass (a bonus lost too).
    pub fn legal_moves(&self, state: &State) -> MoveList {
        let mut moves = MoveList::default();
        if state.phase != Phase::Move {
            return moves;
        }
        let seat = state.current as usize;
        let crowd = self.crowd(state);
        let mine = &state.pieces[seat];
        let bonus = state.aux[BONUS];
        if bonus > 0 {
            self.piece_moves(state, &crowd, bonus as i16, None, &mut moves);
        } else {
            let die = state.roll[0];
            let at_home = mine[0] == HOME;
            if die == EXIT_DIE && at_home && self.exit_victim(state, &crowd, seat).is_ok() {
                moves.push(Move::Step {
                    origin: HOME,
                    target: 0,
                });
                return moves;
            }
            let count = if die == 6 && !at_home {
                self.six_counts
            } else {
                i16::from(die)
            };
            if die == 6 && self.six_opens {
                self.piece_moves(state, &crowd, count, Some(true), &mut moves);
            }
            if moves.is_empty() {
                self.piece_moves(state, &crowd, count, None, &mut moves);
            }
        }
        if moves.is_empty() {
            moves.push(Move::Pass);
        }
        moves
    }

    /// The moves of `count` of each of the seat's pieces in play (`blockades`: only those out
    /// of one of its blockades).
    fn piece_moves(
        &self,
        state: &State,
        crowd: &Crowd,
        count: i16,
        blockades: Option<bool>,
        moves: &mut MoveList,
    ) {
        let seat = state.current as usize;
        let mine = &state.pieces[seat];
        let mut previous = HOME;
        for &piece in mine {
            if piece == previous || piece == HOME || piece == GOAL {
                continue; // two pieces on one space move alike
            }
            previous = piece;
            if blockades.is_some() && own_at(state, seat, piece) < 2 {
                continue;
            }
            if let Some(target) = self.target(state, crowd, seat, piece, count) {
                moves.push(Move::Step {
                    origin: piece,
                    target,
                });
            }
        }
    }

    /// `apply_move` in place.
    pub fn play(&self, state: &mut State, chosen: Move) {
        let seat = state.current as usize;
        let mut earned = 0;
        if let Move::Step { origin, target } = chosen {
            earned = self.move_piece(state, seat, origin, target);
        }
        let finished = Game::row_finished(self, &state.pieces[seat]);
        if earned > 0 && !finished {
            state.aux[BONUS] = earned;
            return; // the bonus is moved before anything else
        }
        state.aux[BONUS] = 0;
        let again = state.roll[0] == 6;
        self.table.after_move(
            state,
            seat as u8,
            finished.then_some(seat as u8),
            &[],
            again,
        );
        if state.current as usize != seat || state.phase == Phase::Over {
            state.aux[LAST_MOVED] = 0;
        }
    }

    /// The piece moves; what it captured goes home. The bonus it earned.
    fn move_piece(&self, state: &mut State, seat: usize, origin: i16, target: i16) -> u16 {
        let mut earned = 0;
        if let Some(space) = self.space(seat, target) {
            let crowd = self.crowd(state);
            let victim = if origin == HOME {
                self.exit_victim(state, &crowd, seat).ok().flatten()
            } else {
                (0..self.table.seats)
                    .find(|&o| o != seat && crowd[space][o] > 0 && !self.safe[space])
            };
            if let Some(victim) = victim {
                let row = &mut state.pieces[victim];
                if let Some(i) = row
                    .iter()
                    .position(|&p| self.space(victim, p) == Some(space))
                {
                    row[i] = HOME;
                    engine::sort_row(row);
                    earned = self.capture_bonus;
                }
            }
            if space as i16 % SPACING == 0 {
                let shift = 2 * (space as i16 / SPACING) as u16;
                let arrived = state.aux[ARRIVED] & !(3 << shift);
                state.aux[ARRIVED] = arrived | ((seat as u16) << shift);
            }
        }
        let row = &mut state.pieces[seat];
        if let Some(i) = row.iter().position(|&p| p == origin) {
            row[i] = target;
        }
        engine::sort_row(row);
        state.aux[LAST_MOVED] = (target + 2) as u16;
        if target == GOAL {
            earned = earned.max(self.goal_bonus);
        }
        earned
    }

    /// A roll, in place: a third 6 in a row is not played (its penalty, then the next seat).
    fn roll(&self, state: &mut State, die: u8) {
        let seat = state.current as usize;
        if die != 6 || state.streak < 2 || self.third_six == ThirdSix::Off {
            state.phase = Phase::Move;
            state.roll = [die, 0];
            return;
        }
        let last = state.aux[LAST_MOVED] as i16 - 2;
        let back = match self.third_six {
            _ if last < 0 => None,
            ThirdSix::LaneStart if (LANE..GOAL).contains(&last) => Some(LANE),
            _ if last < LANE => Some(HOME),
            _ => None,
        };
        if let Some(back) = back {
            let row = &mut state.pieces[seat];
            if let Some(i) = row.iter().position(|&p| p == last) {
                row[i] = back;
                engine::sort_row(row);
            }
        }
        self.table.after_move(state, seat as u8, None, &[], false);
        state.aux[LAST_MOVED] = 0;
    }
}

/// How many of `seat`'s pieces stand at its own `position`.
fn own_at(state: &State, seat: usize, position: i16) -> u8 {
    state.pieces[seat]
        .iter()
        .filter(|&&p| p == position)
        .count() as u8
}

/// The seat that arrived last on the exit `space`.
fn arrived(state: &State, space: usize) -> usize {
    let shift = 2 * (space as i16 / SPACING) as u16;
    usize::from((state.aux[ARRIVED] >> shift) & 3)
}

impl Game for Parchis {
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
        Parchis::initial_state(self)
    }

    fn apply_roll(&self, state: &State, roll: [u8; 2]) -> State {
        if state.phase != Phase::Roll {
            return engine::rolloff(state, roll[0]);
        }
        let mut next = *state;
        self.roll(&mut next, roll[0]);
        next
    }

    fn legal_moves(&self, state: &State) -> MoveList {
        Parchis::legal_moves(self, state)
    }

    fn play(&self, state: &mut State, chosen: Move) {
        Parchis::play(self, state, chosen)
    }

    fn is_pass(&self, chosen: Move) -> bool {
        chosen == Move::Pass
    }

    fn move_text(&self, _: &State, chosen: Move) -> String {
        engine::step_text(chosen, position_name)
    }

    fn move_view(&self, state: &State, chosen: Move) -> MoveView {
        MoveView::step(state, chosen.step())
    }

    fn piece_name(&self, _: usize, piece: i16) -> String {
        position_name(piece)
    }

    fn read_piece(&self, seat: usize, text: &str, colour: &str) -> Result<i16, Refusal> {
        WORDS.read(&self.shape(), seat, text, colour)
    }

    fn row_finished(&self, row: &Row) -> bool {
        row[0] == GOAL
    }

    fn bonus(&self, state: &State) -> u16 {
        if state.phase == Phase::Move {
            state.aux[BONUS]
        } else {
            0
        }
    }

    fn aux_len(&self) -> usize {
        3
    }

    fn unreachable(&self, pieces: &[Row], colours: &[String]) -> Option<Refusal> {
        let own_pairs_anywhere = self.blockades_anywhere;
        reach::race(
            &self.shape(),
            pieces,
            Sharing::Pairs { own_pairs_anywhere },
            colours,
            position_name,
        )
    }
}

/// A position's name in a colour's own frame, as pegrace's notation writes it.
pub fn position_name(position: i16) -> String {
    WORDS.write(position, LANE, GOAL)
}
