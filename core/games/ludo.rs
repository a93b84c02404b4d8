//! Two-dice Ludo (seed 002, with the board ruling of issue 3), as `pegrace.games.ludo`'s
//! `TwoDiceLudo` plays it; docs/rules/ludo.md gives the seed sentence behind each rule.
//! - A loop of 48 points; starts 12 apart (red, green, yellow, blue, the turn order too);
//!   2 players sit opposite (red, yellow). Safe: the corners and mid-side points (every 6th).
//! - A pin's own frame: -1 base, 0 its start, 0..42 the loop, 43..46 its lane, 47 the exit.
//! - Two dice, each used on its own, in the order the player chooses: both if both can be
//!   (in some order), else one that can be, else the turn passes. A 6 may bring a pin from
//!   the base to the start. Own pins stack anywhere; landing where it is not safe sends every
//!   opponent pin there to its base. Exit by exact count. A double 6 rolls again.
//! - The first with all 4 pins out wins (option `play_on`: play on for every place).
//!
//! The classic and LUDOpy variants are not ported yet.

use crate::engine::{self, Game, List, Phase, Row, State, Table, MAX_SEATS, PIECES};
use crate::rng::Rng;

const LOOP: i8 = 48;
const LANE_START: i8 = 43;
const EXIT: i8 = 47;
const SPACING: i8 = 12;
const BASE: i8 = -1;

/// One die's use: the pin at `origin` to `target` (in the mover's frame).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Use {
    pub die: u8,
    pub origin: i8,
    pub target: i8,
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
    space_of: [[i8; LOOP as usize]; MAX_SEATS],
    position_on: [[i8; LOOP as usize]; MAX_SEATS],
    safe: [bool; LOOP as usize],
}

/// The options and the values a two-dice game takes, the default first.
const OPTIONS: [(&str, &[&str]); 4] = [
    ("variant", &["two-dice"]),
    ("play_on", &["off", "on"]),
    ("three_sixes", &["forfeit"]),
    ("safe_squares", &["on"]),
];

impl TwoDiceLudo {
    pub fn new(players: usize, options: &[(String, String)]) -> Result<Self, String> {
        let mut play_on = false;
        for (name, value) in options {
            let (_, values) = OPTIONS
                .iter()
                .find(|(known, _)| known == name)
                .ok_or_else(|| format!("unknown ludo option {name:?}"))?;
            if !values.contains(&value.as_str()) {
                return Err(format!(
                    "ludo option {name}={value:?}: the native core plays {values:?}"
                ));
            }
            play_on |= name == "play_on" && value == "on";
        }
        let colours: &[i8] = match players {
            2 => &[0, 2],
            3 => &[0, 1, 2],
            4 => &[0, 1, 2, 3],
            _ => return Err(format!("ludo is for 2 to 4 players, not {players}")),
        };
        let mut space_of = [[0; LOOP as usize]; MAX_SEATS];
        let mut position_on = [[0; LOOP as usize]; MAX_SEATS];
        for (seat, &colour) in colours.iter().enumerate() {
            for position in 0..LOOP {
                let space = (colour * SPACING + position) % LOOP;
                space_of[seat][position as usize] = space;
                position_on[seat][space as usize] = position;
            }
        }
        let order: Vec<u8> = (0..colours.len() as u8).collect();
        let mut safe = [false; LOOP as usize];
        for space in (0..LOOP as usize).step_by(6) {
            safe[space] = true;
        }
        Ok(TwoDiceLudo {
            table: Table::new(&order, &order, play_on),
            space_of,
            position_on,
            safe,
        })
    }

    /// Every legal turn: both dice used if that can be done, else one, else the pass.
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

    /// Every opponent pin on `target` (the mover's frame) goes to its base, unless it is safe.
    fn hit_all(&self, pieces: &mut [Row; MAX_SEATS], seat: usize, target: i8) {
        if target >= LANE_START {
            return;
        }
        let space = self.space_of[seat][target as usize] as usize;
        if self.safe[space] {
            return;
        }
        for other in (0..self.table.seats).filter(|&o| o != seat) {
            let here = self.position_on[other][space];
            if here < LANE_START && pieces[other].contains(&here) {
                for pin in pieces[other].iter_mut().filter(|p| **p == here) {
                    *pin = BASE;
                }
                engine::sort_row(&mut pieces[other]);
            }
        }
    }
}

/// Each distinct use of `die` by a seat's pins (pins on one point are alike), in order.
fn for_each_use(row: &Row, die: u8, mut found: impl FnMut(Use)) {
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
            origin + die as i8
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

fn advance(row: &Row, one: Use) -> Row {
    let mut next = *row;
    if let Some(i) = next.iter().position(|&p| p == one.origin) {
        next[i] = one.target;
    }
    engine::sort_row(&mut next);
    next
}

impl Game for TwoDiceLudo {
    type Move = Turn;
    type Moves = Turns;

    fn table(&self) -> &Table {
        &self.table
    }

    fn initial_state(&self) -> State {
        self.table.initial_state([[BASE; PIECES]; MAX_SEATS])
    }

    fn apply_roll(&self, state: &State, roll: [u8; 2]) -> State {
        if state.phase != Phase::Roll {
            return engine::rolloff(state, roll[0]);
        }
        State {
            phase: Phase::Move,
            roll: [roll[0].min(roll[1]), roll[0].max(roll[1])],
            ..*state
        }
    }

    fn throw(&self, rng: &mut Rng) -> [u8; 2] {
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
            self.hit_all(&mut state.pieces, seat, one.target);
        }
        let finished_now = turn.count > 0 && state.pieces[seat] == [EXIT; PIECES];
        self.table
            .after_move(state, seat as u8, finished_now, again);
    }

    fn move_text(&self, turn: Turn) -> String {
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
}

/// A position's name in a colour's own frame, as pegrace's notation writes it.
pub fn position_name(position: i8) -> String {
    match position {
        BASE => "base".to_string(),
        EXIT => "exit".to_string(),
        p if p < LANE_START => format!("track:{p}"),
        p => format!("lane:{}", p - LANE_START + 1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Seats;

    fn rules(players: usize) -> TwoDiceLudo {
        TwoDiceLudo::new(players, &[]).expect("valid options")
    }

    fn to_move(rules: &TwoDiceLudo, pieces: &[Row], roll: [u8; 2]) -> State {
        let mut state = Game::initial_state(rules);
        state.pieces[..pieces.len()].copy_from_slice(pieces);
        State {
            phase: Phase::Move,
            roll,
            contenders: Seats::default(),
            turn: 1,
            ..state
        }
    }

    fn texts(rules: &TwoDiceLudo, state: &State) -> Vec<String> {
        let turns = rules.turns(state);
        turns
            .as_slice()
            .iter()
            .map(|&t| rules.move_text(t))
            .collect()
    }

    #[test]
    fn both_dice_are_used_when_they_can_be_in_either_order() {
        let game = rules(2);
        let state = to_move(&game, &[[-1, -1, -1, 0], [-1; 4]], [2, 3]);
        assert_eq!(
            texts(&game, &state),
            [
                "2:track:0>track:2 3:track:2>track:5",
                "3:track:0>track:3 2:track:3>track:5"
            ]
        );
    }

    #[test]
    fn a_six_brings_a_pin_out_and_one_die_alone_is_used_when_both_cannot_be() {
        let game = rules(2);
        let state = to_move(&game, &[[-1, -1, -1, -1], [-1; 4]], [4, 6]);
        assert_eq!(texts(&game, &state), ["6:base>track:0 4:track:0>track:4"]);
        let near_exit = to_move(&game, &[[-1, -1, -1, 45], [-1; 4]], [1, 5]);
        assert_eq!(texts(&game, &near_exit), ["1:lane:3>lane:4"]);
        let stuck = to_move(&game, &[[-1; 4], [-1; 4]], [1, 5]);
        assert_eq!(texts(&game, &stuck), ["pass"]);
    }

    #[test]
    fn landing_sends_every_opponent_pin_there_home_but_not_on_a_safe_point() {
        let game = rules(2);
        // yellow's track:1 is red's track:25 (yellow starts 24 points on)
        let state = to_move(&game, &[[-1, -1, -1, 20], [-1, -1, 1, 1]], [2, 3]);
        let mut after = state;
        game.play(&mut after, game.turns(&state).as_slice()[0]);
        assert_eq!(after.pieces[1], [-1, -1, -1, -1]);
        let safe = to_move(&game, &[[-1, -1, -1, 1], [-1, -1, -1, 6]], [2, 3]); // point 30
        let mut kept = safe;
        game.play(&mut kept, game.turns(&safe).as_slice()[0]);
        assert_eq!(kept.pieces[1], [-1, -1, -1, 6]);
    }

    #[test]
    fn a_double_six_rolls_again() {
        let game = rules(2);
        let state = to_move(&game, &[[-1, -1, -1, 3], [-1; 4]], [6, 6]);
        let mut after = state;
        game.play(&mut after, game.turns(&state).as_slice()[0]);
        assert_eq!((after.current, after.streak), (0, 1));
    }

    #[test]
    fn the_first_with_every_pin_out_wins() {
        let game = rules(3);
        let state = to_move(&game, &[[44, 47, 47, 47], [-1; 4], [-1, -1, 0, 0]], [3, 5]);
        let mut after = state;
        game.play(&mut after, game.turns(&state).as_slice()[0]);
        assert_eq!(after.phase, Phase::Over);
        assert_eq!(&game.places(&after)[..3], &[1, 3, 2]);
    }

    #[test]
    fn other_variants_are_not_ported_yet() {
        let classic = [("variant".to_string(), "classic".to_string())];
        assert!(TwoDiceLudo::new(4, &classic).is_err());
        assert!(TwoDiceLudo::new(5, &[]).is_err());
    }
}
