//! Trouble (Hasbro) (`pegrace.games.trouble` is its face); docs/rules/trouble.md gives the seed
//! sentence behind each rule. Positions are in each colour's own frame: -1 home, 0 start,
//! 1..27 the loop, 28..31 the finish slots. Colours sit 7 spaces apart (red 0, yellow 7,
//! green 14, blue 21); 2 players sit opposite (red, green), 3 take red, yellow, green
//! (`seating`: turned round the board, `engine::SEATING`).

use crate::engine::reach::{self, Sharing};
use crate::engine::{
    self, Game, Move, MoveList, MoveView, Phase, RaceShape, RaceWords, Row, State, Table,
    MAX_SEATS, PIECES,
};
use crate::facts::Facts;
use crate::options::{self, RuleOption};
use crate::refusal::{self, Refusal};
use crate::spec::{Spec, Weights};

pub mod judge;

const LOOP: i16 = 28;
const GOAL: i16 = LOOP + 3;
const SPACING: i16 = 7;
const HOME: i16 = -1;
/// How the notation names Trouble's places: pegs wait at home and end in the finish lane.
const WORDS: RaceWords = RaceWords {
    base: "home",
    lane: "finish",
    goal: None,
};

#[derive(Clone, Debug)]
pub struct Trouble {
    pub table: Table,
    // loop space (0..28) of a seat's loop position, and a seat's loop position on a space
    space_of: [[i16; LOOP as usize]; MAX_SEATS],
    position_on: [[i16; LOOP as usize]; MAX_SEATS],
    voluntary: bool,
    six_always: bool,
    forfeit_third_six: bool,
    deepest_first: bool,
}

/// Nothing Python's face needs beyond the track (`Game::race_shape`).
pub const FACTS: Facts = &[];

/// What the game says of itself (`crate::spec`), the registry's line.
pub const SPEC: &Spec = &Spec {
    name: "trouble",
    variant: None,
    options: OPTIONS,
    facts: FACTS,
    weights: Some(&Weights {
        model: "trouble",
        json: include_str!("../../../src/pegrace/weights/trouble.json"),
    }),
};

/// The rule options, each value with its words (`crate::options`; docs/rules/trouble.md has their
/// sources).
pub const OPTIONS: &[RuleOption] = &[
    RuleOption {
        name: "turn_order",
        default: "clockwise",
        values: &[
            ("clockwise", "turns pass to the left, the way the pegs move"),
            ("counterclockwise", "turns pass to the right; pegs still move clockwise"),
        ],
        help: "the direction turns pass round the table (pegs always move clockwise)",
    },
    RuleOption {
        name: "voluntary_pass",
        default: "on",
        values: &[
            ("on", "you may pass your turn even when a peg could move"),
            ("off", "you may pass only when no peg can move"),
        ],
        help: "a player may pass even when a peg could move",
    },
    RuleOption {
        name: "six_bonus",
        default: "always",
        values: &[
            ("always", "every 6 gives another pop, even a 6 no peg could use"),
            ("if-played", "a 6 gives another pop only when it moved a peg"),
        ],
        help: "a 6 grants another pop always, or only when the 6 moved a peg",
    },
    RuleOption {
        name: "three_sixes",
        default: "off",
        values: &[
            ("off", "every 6 in a row gives another pop, without limit"),
            ("forfeit", "a third 6 in a row is not played, and the turn passes at once"),
        ],
        help: "whether a third 6 in a row ends the turn",
    },
    RuleOption {
        name: "finish",
        default: "exact",
        values: &[
            ("exact", "a peg enters any free Finish slot by exact count, and may move on inside the lane"),
            ("deepest-first", "each peg must land exactly on the deepest free Finish slot, and pegs in the lane do not move"),
        ],
        help: "how pegs enter the Finish lane: into any free slot, or only the deepest free one",
    },
    RuleOption {
        name: "play_on",
        default: "on",
        values: &[
            ("on", "after the winner, the others play on for second and third place"),
            ("off", "the game stops at the first winner; the others are ranked by how far their pegs got"),
        ],
        help: "whether the others play on after the winner, to decide every place",
    },
    engine::TWO_SETS,
    engine::SEATING,
];

impl Trouble {
    pub fn new(players: usize, options: &[(String, String)]) -> Result<Self, Refusal> {
        let chosen = options::choose(SPEC.name, OPTIONS, options)?;
        let counterclockwise = chosen.is("turn_order", "counterclockwise");
        let no_pass = chosen.is("voluntary_pass", "off");
        let if_played = chosen.is("six_bonus", "if-played");
        let forfeit = chosen.is("three_sixes", "forfeit");
        let deepest = chosen.is("finish", "deepest-first");
        let first_only = chosen.is("play_on", "off");
        let two_sets = chosen.is("two_sets", "on");
        let mut colours = engine::seat_colours(SPEC.name, players, &chosen)?;
        if two_sets {
            let game = [("game", SPEC.name.to_owned())];
            if players != 2 {
                return Err(Refusal::new(refusal::TWO_SETS_PLAYERS, &game, Some(2)));
            }
            if !chosen.is_default(engine::SEATING.name) {
                let turn = chosen.value(engine::SEATING.name).to_owned();
                return Err(Refusal::new(
                    refusal::TWO_SETS_SEATING,
                    &[game[0].clone(), ("turn", turn)],
                    None,
                ));
            }
            colours = engine::seat_colours(SPEC.name, 4, &chosen)?; // each player holds two
        }
        let [space_of, position_on] = engine::frames(&colours, SPACING);
        let seats = colours.len() as u8;
        let mut order: Vec<u8> = (0..seats).collect();
        if counterclockwise {
            order[1..].reverse();
        }
        let sides: Vec<u8> = (0..seats)
            .map(|s| if two_sets { s % 2 } else { s })
            .collect();
        Ok(Trouble {
            table: Table::new(&colours, &order, &sides, !first_only),
            space_of,
            position_on,
            voluntary: !no_pass,
            six_always: !if_played,
            forfeit_third_six: forfeit,
            deepest_first: deepest,
        })
    }

    pub fn initial_state(&self) -> State {
        self.table.initial_state([[HOME; PIECES]; MAX_SEATS])
    }

    pub fn shape(&self) -> RaceShape {
        RaceShape::new(
            self.table.seats,
            &self.space_of,
            (LOOP, GOAL),
            &[],
            SPACING,
            WORDS,
        )
    }

    /// `two_sets`: a side of two colours, which the fitted chance of winning and the learned value do not model.
    pub fn two_sets(&self) -> bool {
        self.table.side_count < self.table.seats
    }

    pub fn apply_roll(&self, state: &State, roll: u8) -> State {
        if state.phase != Phase::Roll {
            return engine::rolloff(state, roll);
        }
        let mut next = *state;
        self.roll(&mut next, roll);
        next
    }

    /// A turn's roll, in place (the roll-off goes through `apply_roll`).
    pub fn roll(&self, state: &mut State, roll: u8) {
        state.phase = Phase::Move;
        state.roll = [roll, 0];
    }

    /// Never empty for a seat to move: when no peg can move, the pass.
    pub fn legal_moves(&self, state: &State) -> MoveList {
        let mut moves = MoveList::default();
        if state.phase != Phase::Move {
            return moves;
        }
        self.peg_moves(state, &mut moves);
        if moves.is_empty() || self.voluntary {
            moves.push(Move::Pass);
        }
        moves
    }

    fn peg_moves(&self, state: &State, moves: &mut MoveList) {
        let roll = state.roll[0] as i16;
        if self.forfeit_third_six && roll == 6 && state.streak >= 2 {
            return;
        }
        let mine = &state.pieces[state.current as usize];
        let deepest = if self.deepest_first {
            GOAL - mine.iter().filter(|&&p| p >= LOOP).count() as i16
        } else {
            -1
        };
        let mut previous = -2;
        for &peg in mine {
            if peg == previous {
                continue; // pegs at home are interchangeable
            }
            previous = peg;
            if peg < 0 {
                if roll == 6 && !mine.contains(&0) {
                    moves.push(Move::Step {
                        origin: HOME,
                        target: 0,
                    });
                }
                continue;
            }
            let target = peg + roll;
            let deep_only = deepest >= 0 && target >= LOOP && (peg >= LOOP || target != deepest);
            if target <= GOAL && !mine.contains(&target) && !deep_only {
                moves.push(Move::Step {
                    origin: peg,
                    target,
                });
            }
        }
    }

    pub fn apply_move(&self, state: &State, chosen: Move) -> State {
        let mut next = *state;
        self.play(&mut next, chosen);
        next
    }

    /// `apply_move` in place (the simulations' hot path: no copy of the state).
    pub fn play(&self, state: &mut State, chosen: Move) {
        let seat = state.current;
        let again = self.extra_roll(state.roll[0], state.streak, chosen);
        let mut finisher = None;
        if let Move::Step { origin, target } = chosen {
            self.move_peg(&mut state.pieces, seat as usize, origin, target);
            finisher = Game::row_finished(self, &state.pieces[seat as usize]).then_some(seat);
        }
        self.table.after_move(state, seat, finisher, &[], again);
    }

    /// The peg steps to its target; an opponent on that loop space goes home.
    fn move_peg(&self, pieces: &mut [Row; MAX_SEATS], seat: usize, origin: i16, target: i16) {
        if (0..LOOP).contains(&target) {
            let space = self.space_of[seat][target as usize] as usize;
            for other in (0..self.table.seats).filter(|&o| o != seat) {
                let relative = self.position_on[other][space];
                if let Some(i) = pieces[other].iter().position(|&p| p == relative) {
                    pieces[other][i] = HOME;
                    engine::sort_row(&mut pieces[other]);
                    break;
                }
            }
        }
        let row = &mut pieces[seat];
        if let Some(i) = row.iter().position(|&p| p == origin) {
            row[i] = target;
        }
        engine::sort_row(row);
    }

    fn extra_roll(&self, roll: u8, streak: u8, chosen: Move) -> bool {
        if roll != 6 || (self.forfeit_third_six && streak >= 2) {
            return false;
        }
        self.six_always || chosen != Move::Pass
    }
}

impl Game for Trouble {
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
        Trouble::initial_state(self)
    }

    fn legal_moves(&self, state: &State) -> MoveList {
        Trouble::legal_moves(self, state)
    }

    fn play(&self, state: &mut State, chosen: Move) {
        Trouble::play(self, state, chosen)
    }

    fn is_pass(&self, chosen: Move) -> bool {
        chosen == Move::Pass
    }

    fn move_text(&self, _: &State, chosen: Move) -> String {
        move_text(chosen)
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
        row[0] >= LOOP
    }

    fn unreachable(&self, pieces: &[Row], colours: &[String]) -> Option<Refusal> {
        reach::race(
            &self.shape(),
            pieces,
            Sharing::Alone,
            colours,
            position_name,
        )
    }
}

/// A position's name in a colour's own frame, as pegrace's notation writes it.
pub fn position_name(position: i16) -> String {
    WORDS.write(position, LOOP, GOAL)
}

pub fn move_text(chosen: Move) -> String {
    engine::step_text(chosen, position_name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{testing, End};

    fn rules(players: usize, options: &[(&str, &str)]) -> Trouble {
        Trouble::new(players, &testing::options(options)).expect("valid options")
    }

    fn to_move(rules: &Trouble, pieces: &[Row], roll: u8) -> State {
        testing::to_move(rules, pieces, [roll, 0])
    }

    fn texts(rules: &Trouble, state: &State) -> Vec<String> {
        testing::texts(rules, state)
    }

    #[test]
    fn a_tie_in_the_roll_off_pops_again_among_the_tied() {
        let game = rules(4, &[]);
        let mut state = game.initial_state();
        for pop in [2, 4, 3, 4] {
            state = game.apply_roll(&state, pop);
        }
        assert_eq!(state.contenders.as_slice(), &[1, 3]);
        assert_eq!((state.phase, state.current), (Phase::Rolloff, 1));
        state = game.apply_roll(&game.apply_roll(&state, 1), 5);
        assert_eq!(
            (state.phase, state.current, state.turn),
            (Phase::Roll, 3, 1)
        );
    }

    #[test]
    fn a_six_brings_a_peg_out_unless_an_own_peg_is_on_start() {
        let game = rules(2, &[]);
        let state = to_move(&game, &[[-1, -1, -1, -1], [-1, -1, -1, -1]], 6);
        assert_eq!(texts(&game, &state), ["home>track:0", "pass"]);
        let blocked = to_move(&game, &[[-1, -1, -1, 0], [-1, -1, -1, -1]], 6);
        assert_eq!(texts(&game, &blocked), ["track:0>track:6", "pass"]);
    }

    #[test]
    fn landing_on_an_opponent_sends_it_home() {
        let game = rules(2, &[]);
        // green's track:0 is red's track:14
        let state = to_move(&game, &[[-1, -1, -1, 10], [-1, -1, -1, 0]], 4);
        let after = game.apply_move(
            &state,
            Move::Step {
                origin: 10,
                target: 14,
            },
        );
        assert_eq!(after.pieces[1], [-1, -1, -1, -1]);
        assert_eq!((after.current, after.turn), (1, 2));
    }

    #[test]
    fn finish_slots_are_reached_by_exact_count() {
        let game = rules(2, &[]);
        let state = to_move(&game, &[[-1, -1, 27, 29], [-1; 4]], 4);
        assert_eq!(texts(&game, &state), ["track:27>finish:4", "pass"]);
        let deepest = rules(2, &[("finish", "deepest-first")]);
        assert_eq!(texts(&deepest, &state), ["pass"]); // finish:3 is the deepest free slot
        let three = to_move(&deepest, &[[-1, -1, 27, 29], [-1; 4]], 3);
        assert_eq!(texts(&deepest, &three), ["track:27>finish:3", "pass"]);
    }

    #[test]
    fn a_six_rolls_again_and_the_third_may_be_forfeit() {
        let game = rules(2, &[("three_sixes", "forfeit")]);
        let mut state = to_move(&game, &[[-1, -1, -1, 3], [-1; 4]], 6);
        state.streak = 2;
        assert_eq!(texts(&game, &state), ["pass"]);
        let after = game.apply_move(&state, Move::Pass);
        assert_eq!((after.current, after.streak), (1, 0));
        state.streak = 1;
        let again = game.apply_move(
            &state,
            Move::Step {
                origin: 3,
                target: 9,
            },
        );
        assert_eq!(
            (again.current, again.streak, again.phase),
            (0, 2, Phase::Roll)
        );
    }

    #[test]
    fn a_passed_six_rolls_again_only_if_six_bonus_is_always() {
        let state = to_move(&rules(2, &[]), &[[-1, -1, -1, 3], [-1; 4]], 6);
        assert_eq!(rules(2, &[]).apply_move(&state, Move::Pass).current, 0);
        let if_played = rules(2, &[("six_bonus", "if-played")]);
        assert_eq!(if_played.apply_move(&state, Move::Pass).current, 1);
    }

    #[test]
    fn without_voluntary_pass_a_peg_that_can_move_must() {
        let game = rules(2, &[("voluntary_pass", "off")]);
        let state = to_move(&game, &[[-1, -1, -1, 3], [-1; 4]], 2);
        assert_eq!(texts(&game, &state), ["track:3>track:5"]);
    }

    #[test]
    fn the_first_home_wins_and_play_on_ranks_the_rest() {
        let pieces = [[26, 28, 29, 30], [-1, -1, -1, 5], [-1, -1, 2, 3]];
        let first_only = rules(3, &[("play_on", "off")]);
        let state = to_move(&first_only, &pieces, 5);
        let over = first_only.apply_move(
            &state,
            Move::Step {
                origin: 26,
                target: 31,
            },
        );
        assert_eq!((over.phase, over.end), (Phase::Over, End::FirstPlace));
        assert_eq!(&first_only.places(&over)[..3], &[1, 3, 2]); // green is further on
        let play_on = rules(3, &[]);
        let on = play_on.apply_move(
            &state,
            Move::Step {
                origin: 26,
                target: 31,
            },
        );
        assert_eq!((on.phase, on.current), (Phase::Roll, 1));
    }

    #[test]
    fn two_sets_win_with_both_colours_home_and_turns_go_round_all_four() {
        let game = rules(2, &[("two_sets", "on")]);
        assert_eq!((game.table.seats, game.table.side_count), (4, 2));
        let pieces = [[26, 28, 29, 30], [-1; 4], [-1; 4], [-1; 4]];
        let state = to_move(&game, &pieces, 5);
        let after = game.apply_move(
            &state,
            Move::Step {
                origin: 26,
                target: 31,
            },
        );
        assert_eq!((after.phase, after.current), (Phase::Roll, 1)); // red is in, green is not
    }

    #[test]
    fn counterclockwise_turns_go_the_other_way() {
        let game = rules(4, &[("turn_order", "counterclockwise")]);
        let state = to_move(&game, &[[-1; 4]; 4], 3);
        assert_eq!(game.apply_move(&state, Move::Pass).current, 3);
    }

    #[test]
    fn unknown_options_and_values_are_refused() {
        assert!(Trouble::new(4, &[("colour".into(), "blue".into())]).is_err());
        assert!(Trouble::new(4, &[("play_on".into(), "maybe".into())]).is_err());
        assert!(Trouble::new(4, &[("two_sets".into(), "on".into())]).is_err());
        assert!(Trouble::new(5, &[]).is_err());
    }

    #[test]
    fn turned_seats_play_from_their_own_starts_but_not_with_two_sets() {
        let game = rules(3, &[("seating", "2")]);
        assert_eq!(&game.table.colours[..3], &[2, 3, 0]); // green, blue, red
        let starts: Vec<i16> = game.shape().space_of.iter().map(|row| row[0]).collect();
        assert_eq!(starts, [14, 21, 0]);
        let given = testing::options(&[("two_sets", "on"), ("seating", "1")]);
        let refused = Trouble::new(2, &given).unwrap_err();
        assert_eq!(
            refused.to_string(),
            "trouble option seating=1 does not go with two_sets=on: every colour plays"
        );
    }
}
