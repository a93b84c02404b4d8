//! Marbles (an Aggravation-style race, seed 004; `pegrace.games.marbles` is its face);
//! docs/rules/marbles.md gives the seed sentence or ruling behind each rule.
//! - Red, yellow, green, blue, starts 14 apart on a loop of 56; 2 players sit opposite (red,
//!   green; `seating` turns them round the board). One die. A 1 or a 6 brings a marble from
//!   the base to the start, or moves one; marbles jump over marbles; never end on an own
//!   marble; ending on an opponent's sends it to its base. No voluntary pass. A 6 rolls
//!   again, also when it could not be used.
//! - Home: 4 spaces after one lap, by exact count, onto an empty space only. First with 4
//!   Home wins (`play_on=on`: play on for every place).
//! - Teams (`teams=on`, 4 players): partners sit opposite. Landing on a partner's marble only
//!   when no other move is possible, then it must (the partner's marble goes to its base).
//!   `partner_roll` (on): a player whose marbles are all Home moves the partner's.
//! - War (`mode=war`): no Home, marbles circle on; landing on another's marble removes it from
//!   the game; a player with no marble left is out; the last side with marbles wins; after
//!   `turn_limit` turns (0: none) the game stops, ranked by marbles left.
//!
//! Positions in each colour's frame: -2 removed (War), -1 base, 0 start, 1..55 the loop,
//! 56..59 Home 1..4.

use crate::engine::reach::{self, Sharing};
use crate::engine::RaceWords;
use crate::engine::{
    self, End, Game, List, MoveView, Phase, RaceShape, Row, State, Table, MAX_SEATS, PIECES,
};
use crate::facts::{Fact, Facts};
use crate::options::{self, RuleOption};
use crate::refusal::{self, quoted, Refusal};
use crate::spec::{Spec, Weights};

pub mod judge;

const LOOP: usize = 56;
const HOME_START: i16 = 56;
const GOAL: i16 = 59;
const BASE: i16 = -1;
const REMOVED: i16 = -2;
/// How many loop spaces apart the colours start.
const SPACING: i16 = 14;
/// How the notation names Marbles' places: marbles wait in the base and end in the Home
/// (War's removed marbles are `removed`).
const WORDS: RaceWords = RaceWords {
    base: "base",
    lane: "home",
    goal: None,
};

/// What Python's face reads: where a marble out of the game (War) stands.
pub const FACTS: Facts = &[("removed", Fact::Number(REMOVED as i64))];
const COLOURS: [&str; 4] = ["red", "yellow", "green", "blue"];

/// One marble from `origin` to `target` in its owner's frame (the owner: the seat to move, or
/// with partner roll its partner). `owner` 255: the pass.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct MarbleMove {
    pub owner: u8,
    pub origin: i16,
    pub target: i16,
}

const PASS: MarbleMove = MarbleMove {
    owner: u8::MAX,
    origin: 0,
    target: 0,
};

impl Default for MarbleMove {
    fn default() -> Self {
        PASS
    }
}

pub type MarbleMoves = List<MarbleMove, 8>;

#[derive(Clone, Debug)]
pub struct Marbles {
    pub table: Table,
    colours: Vec<usize>,
    space_of: [[i16; LOOP]; MAX_SEATS],
    position_on: [[i16; LOOP]; MAX_SEATS],
    war: bool,
    teams: bool,
}

struct Options {
    /// Each seat's colour (`engine::seat_colours`).
    colours: Vec<i16>,
    war: bool,
    teams: bool,
    partner_roll: bool,
    play_on: bool,
    turn_limit: u32,
}

/// The rule options, each value with its words (`crate::options`; docs/rules/marbles.md has their
/// sources).
/// What the game says of itself (`crate::spec`), the registry's line.
pub const SPEC: &Spec = &Spec {
    name: "marbles",
    variant: None,
    options: OPTIONS,
    facts: FACTS,
    weights: Some(&Weights {
        model: "marbles",
        json: include_str!("../../../src/pegrace/weights/marbles.json"),
    }),
};

pub const OPTIONS: &[RuleOption] = &[
    RuleOption {
        name: "mode",
        default: "classic",
        values: &[
            ("classic", "the first to bring all 4 marbles Home wins"),
            ("war", "a marble you land on leaves the game for good; there is no Home, marbles keep circling, and the last player with marbles left wins"),
        ],
        help: "the game played: a race to bring 4 marbles Home, or War, where captured marbles leave the game",
    },
    RuleOption {
        name: "teams",
        default: "off",
        values: &[
            ("on", "4 players only: partners sit opposite, red and green against yellow and blue, and a team wins when all 8 of its marbles are Home"),
            ("off", "everyone plays for themselves"),
        ],
        help: "4 players only: partners sit opposite (red+green against yellow+blue)",
    },
    RuleOption {
        name: "partner_roll",
        default: "on",
        values: &[
            ("on", "with teams: a player whose marbles are all Home keeps rolling and moves the partner's marbles"),
            ("off", "with teams: a player whose marbles are all Home sits out, and the partner plays alone"),
        ],
        help: "with teams, in a race Home: what a player whose marbles are all Home does",
    },
    RuleOption {
        name: "play_on",
        default: "off",
        values: &[
            ("on", "play goes on, skipping finished players, until every place is decided"),
            ("off", "the game stops at the first winner"),
        ],
        help: "in a race Home: whether play goes on after the first winner, to decide every place",
    },
    RuleOption {
        name: "turn_limit",
        default: "1000",
        values: &[],
        help: "war: the game stops after this many turns, ranked by marbles left (0: no limit)",
    },
    engine::SEATING,
];

fn read_options(players: usize, given: &[(String, String)]) -> Result<Options, Refusal> {
    let chosen = options::choose(SPEC.name, OPTIONS, given)?;
    Ok(Options {
        colours: engine::seat_colours(SPEC.name, players, &chosen)?,
        war: chosen.is("mode", "war"),
        teams: chosen.is("teams", "on"),
        partner_roll: chosen.is("partner_roll", "on"),
        play_on: chosen.is("play_on", "on"),
        turn_limit: chosen.number("turn_limit", 0)?,
    })
}

impl Marbles {
    pub fn new(players: usize, options: &[(String, String)]) -> Result<Self, Refusal> {
        let chosen = read_options(players, options)?;
        if chosen.teams && players != 4 {
            let args = [
                ("game", SPEC.name.to_owned()),
                ("players", players.to_string()),
            ];
            return Err(Refusal::new(refusal::TEAMS_PLAYERS, &args, Some(4)));
        }
        let colour_indices = chosen.colours;
        let colours: Vec<usize> = colour_indices.iter().map(|&c| c as usize).collect();
        let [space_of, position_on] = engine::frames(&colour_indices, SPACING);
        let order: Vec<u8> = (0..players as u8).collect();
        let sides: Vec<u8> = if chosen.teams {
            vec![0, 1, 0, 1]
        } else {
            order.clone()
        };
        let mut table = Table::new(&colour_indices, &order, &sides, chosen.play_on);
        table.partner_roll = chosen.teams && chosen.partner_roll && !chosen.war;
        table.turn_limit = if chosen.war { chosen.turn_limit } else { 0 };
        Ok(Marbles {
            table,
            colours,
            space_of,
            position_on,
            war: chosen.war,
            teams: chosen.teams,
        })
    }

    pub fn shape(&self) -> RaceShape {
        RaceShape::new(
            self.table.seats,
            &self.space_of,
            (HOME_START, GOAL),
            &[],
            SPACING,
            WORDS,
        )
    }

    pub fn war(&self) -> bool {
        self.war
    }

    fn partner(&self, seat: usize) -> usize {
        (seat + 2) % 4
    }

    /// Where a marble at `origin` lands with `roll`, if it can move.
    fn target(&self, origin: i16, roll: i16) -> Option<i16> {
        if origin == BASE {
            return (roll == 1 || roll == 6).then_some(0);
        }
        if self.war {
            return Some((origin + roll) % LOOP as i16);
        }
        (origin + roll <= GOAL).then_some(origin + roll)
    }

    /// The seat's own marbles, or with all of them Home (partner roll) its partner's.
    fn mover(&self, state: &State) -> usize {
        let seat = state.current as usize;
        if self.table.partner_roll && state.pieces[seat][0] >= HOME_START {
            return self.partner(seat);
        }
        seat
    }

    fn on_partner(&self, pieces: &[Row; MAX_SEATS], owner: usize, target: i16) -> bool {
        if !self.teams || !(0..HOME_START).contains(&target) {
            return false;
        }
        let space = self.space_of[owner][target as usize] as usize;
        let partner = self.partner(owner);
        pieces[partner].contains(&self.position_on[partner][space])
    }

    /// The marble of another seat on `target` (the owner's frame), if any: its seat and place.
    fn occupant(&self, pieces: &[Row; MAX_SEATS], owner: usize, target: i16) -> Option<usize> {
        if !(0..HOME_START).contains(&target) {
            return None;
        }
        let space = self.space_of[owner][target as usize] as usize;
        (0..self.table.seats)
            .filter(|&other| other != owner)
            .find(|&other| pieces[other].contains(&self.position_on[other][space]))
    }
}

impl Game for Marbles {
    const SPEC: &'static Spec = SPEC;
    type Move = MarbleMove;
    type Moves = MarbleMoves;

    fn table(&self) -> &Table {
        &self.table
    }

    fn race_shape(&self) -> Option<RaceShape> {
        Some(self.shape())
    }

    fn initial_state(&self) -> State {
        self.table.initial_state([[BASE; PIECES]; MAX_SEATS])
    }

    /// Moves onto a partner's marble only when nothing else can move; else the pass.
    fn legal_moves(&self, state: &State) -> MarbleMoves {
        let mut moves = MarbleMoves::default();
        if state.phase != Phase::Move {
            return moves;
        }
        let owner = self.mover(state);
        let mine = &state.pieces[owner];
        let mut onto_partner = MarbleMoves::default();
        let mut previous = REMOVED; // removed marbles never move; those in the base are alike
        for &origin in mine {
            if origin == previous {
                continue;
            }
            previous = origin;
            let Some(target) = self.target(origin, state.roll[0] as i16) else {
                continue;
            };
            if mine.contains(&target) {
                continue;
            }
            let found = MarbleMove {
                owner: owner as u8,
                origin,
                target,
            };
            if self.on_partner(&state.pieces, owner, target) {
                onto_partner.push(found);
            } else {
                moves.push(found);
            }
        }
        if moves.is_empty() {
            moves = onto_partner;
        }
        if moves.is_empty() {
            moves.push(PASS);
        }
        moves
    }

    fn play(&self, state: &mut State, chosen: MarbleMove) {
        let seat = state.current;
        let again = state.roll[0] == 6; // also when the 6 could not be used (seed FAQ)
        let mut finisher = None;
        let mut gone = List::<u8, MAX_SEATS>::default();
        if chosen != PASS {
            let owner = chosen.owner as usize;
            if let Some(hit) = self.occupant(&state.pieces, owner, chosen.target) {
                let row = &mut state.pieces[hit];
                let here =
                    self.position_on[hit][self.space_of[owner][chosen.target as usize] as usize];
                if let Some(i) = row.iter().position(|&p| p == here) {
                    row[i] = if self.war { REMOVED } else { BASE };
                }
                engine::sort_row(row);
            }
            let row = &mut state.pieces[owner];
            if let Some(i) = row.iter().position(|&p| p == chosen.origin) {
                row[i] = chosen.target;
            }
            engine::sort_row(row);
            let done = self.row_finished(&state.pieces[owner]);
            finisher = done.then_some(owner as u8);
            if self.war {
                for other in 0..self.table.seats as u8 {
                    let all_removed = state.pieces[other as usize][PIECES - 1] == REMOVED;
                    if all_removed && !state.out.contains(other) && !state.finished.contains(other)
                    {
                        gone.push(other);
                    }
                }
            }
        }
        self.table
            .after_move(state, seat, finisher, gone.as_slice(), again);
    }

    fn is_pass(&self, chosen: MarbleMove) -> bool {
        chosen == PASS
    }

    /// A partner's marble has the partner's colour first.
    fn move_text(&self, state: &State, chosen: MarbleMove) -> String {
        if chosen == PASS {
            return "pass".to_string();
        }
        let step = format!(
            "{}>{}",
            position_name(chosen.origin),
            position_name(chosen.target)
        );
        if chosen.owner == state.current {
            return step;
        }
        format!("{} {step}", COLOURS[self.colours[chosen.owner as usize]])
    }

    fn move_view(&self, state: &State, chosen: MarbleMove) -> MoveView {
        if chosen == PASS {
            return MoveView::step(state, None);
        }
        MoveView {
            owner: chosen.owner,
            ..MoveView::step(state, Some((chosen.origin, chosen.target)))
        }
    }

    fn piece_name(&self, _: usize, piece: i16) -> String {
        position_name(piece)
    }

    /// As every race reads it, and `removed` in War; War has no Home.
    fn read_piece(&self, seat: usize, text: &str, colour: &str) -> Result<i16, Refusal> {
        let colour_named = [("colour", colour.to_owned())];
        if text.trim() == "removed" {
            if !self.war {
                return Err(Refusal::new(
                    refusal::REMOVED_IN_WAR_ONLY,
                    &colour_named,
                    None,
                ));
            }
            return Ok(REMOVED);
        }
        let position = WORDS.read(&self.shape(), seat, text, colour)?;
        if self.war && position >= LOOP as i16 {
            let args = [("colour", colour.to_owned()), ("marble", quoted(text))];
            return Err(Refusal::new(refusal::NO_HOME_IN_WAR, &args, None));
        }
        Ok(position)
    }

    fn row_finished(&self, row: &Row) -> bool {
        !self.war && row[0] >= HOME_START
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

    /// War ranks by marbles left.
    fn scores(&self, state: &State) -> [i32; MAX_SEATS] {
        std::array::from_fn(|seat| {
            let row = &state.pieces[seat];
            if self.war {
                row.iter().filter(|&&p| p != REMOVED).count() as i32
            } else {
                engine::progress(row)
            }
        })
    }

    fn end_text(&self, end: End) -> String {
        match end {
            End::TurnLimit => format!("turn limit of {} reached", self.table.turn_limit),
            _ => end.text().to_string(),
        }
    }
}

/// A position's name in a colour's own frame, as pegrace's notation writes it.
pub fn position_name(position: i16) -> String {
    match position {
        REMOVED => "removed".to_string(),
        p => WORDS.write(p, HOME_START, GOAL),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::testing;

    fn rules(players: usize, options: &[(&str, &str)]) -> Marbles {
        Marbles::new(players, &testing::options(options)).expect("valid options")
    }

    fn to_move(rules: &Marbles, pieces: &[Row], roll: u8) -> State {
        testing::to_move(rules, pieces, [roll, 0])
    }

    fn texts(rules: &Marbles, state: &State) -> Vec<String> {
        testing::texts(rules, state)
    }

    #[test]
    fn a_one_or_a_six_brings_a_marble_out_and_own_marbles_block_the_landing() {
        let game = rules(2, &[]);
        let out = to_move(&game, &[[-1, -1, -1, 0], [-1; 4]], 1);
        assert_eq!(texts(&game, &out), ["track:0>track:1"]);
        let blocked = to_move(&game, &[[-1, -1, 0, 1], [-1; 4]], 1);
        assert_eq!(texts(&game, &blocked), ["track:1>track:2"]);
        let none = to_move(&game, &[[-1; 4], [-1; 4]], 3);
        assert_eq!(texts(&game, &none), ["pass"]);
    }

    #[test]
    fn turned_seats_play_from_their_own_starts_and_name_their_own_colour() {
        let game = rules(2, &[("seating", "1")]);
        assert_eq!(game.colours, [1, 3]); // yellow and blue
        let starts: Vec<i16> = game.shape().space_of.iter().map(|row| row[0]).collect();
        assert_eq!(starts, [14, 42]);
        let refused = Marbles::new(4, &testing::options(&[("teams", "on"), ("seating", "1")]));
        assert!(refused
            .unwrap_err()
            .contains("every colour plays with 4 players"));
    }

    #[test]
    fn home_by_exact_count_and_a_six_rolls_again_even_unused() {
        let game = rules(2, &[]);
        let state = to_move(&game, &[[-1, -1, -1, 57], [-1; 4]], 3);
        assert_eq!(texts(&game, &state), ["pass"]);
        let six = to_move(&game, &[[57, 58, 59, 59], [-1; 4]], 6);
        let mut after = six;
        game.play(&mut after, PASS);
        assert_eq!((after.current, after.streak), (0, 1));
    }

    #[test]
    fn a_partner_is_landed_on_only_when_nothing_else_can_move() {
        let game = rules(4, &[("teams", "on")]);
        // green (partner) on red's track:30 (green starts 28 on: its track:2)
        let only = to_move(
            &game,
            &[[-1, -1, -1, 28], [-1; 4], [-1, -1, -1, 2], [-1; 4]],
            2,
        );
        assert_eq!(texts(&game, &only), ["track:28>track:30"]);
        let mut after = only;
        game.play(&mut after, game.legal_moves(&only).as_slice()[0]);
        assert_eq!(after.pieces[2], [-1; 4]);
        let other = to_move(
            &game,
            &[[-1, -1, 5, 28], [-1; 4], [-1, -1, -1, 2], [-1; 4]],
            2,
        );
        assert_eq!(texts(&game, &other), ["track:5>track:7"]);
    }

    #[test]
    fn with_partner_roll_a_player_all_home_moves_the_partners_marbles() {
        let game = rules(4, &[("teams", "on")]);
        let state = to_move(
            &game,
            &[[56, 57, 58, 59], [-1; 4], [-1, -1, -1, 3], [-1; 4]],
            2,
        );
        assert_eq!(texts(&game, &state), ["green track:3>track:5"]);
    }

    #[test]
    fn in_war_a_capture_removes_and_the_last_marble_lost_puts_a_player_out() {
        let game = rules(3, &[("mode", "war"), ("turn_limit", "0")]);
        // yellow's track:0 is red's track:14
        let state = to_move(&game, &[[-1, -1, -1, 10], [-2, -2, -2, 0], [-1; 4]], 4);
        let mut after = state;
        game.play(&mut after, game.legal_moves(&state).as_slice()[0]);
        assert_eq!(after.pieces[1], [-2; 4]);
        assert_eq!(after.out.as_slice(), &[1]);
        assert_eq!((after.phase, after.current), (Phase::Roll, 2));
        let wrap = to_move(&game, &[[-1, -1, -1, 54], [-1; 4], [-1; 4]], 4);
        assert_eq!(texts(&game, &wrap), ["track:54>track:2"]);
    }

    #[test]
    fn war_stops_at_its_turn_limit() {
        let game = rules(2, &[("mode", "war"), ("turn_limit", "1")]);
        let state = to_move(&game, &[[-1; 4], [-1; 4]], 3);
        let mut after = state;
        game.play(&mut after, PASS);
        assert_eq!((after.phase, after.end), (Phase::Over, End::TurnLimit));
        assert_eq!(game.end_text(after.end), "turn limit of 1 reached");
    }

    #[test]
    fn teams_need_four_players() {
        assert!(Marbles::new(2, &[("teams".into(), "on".into())]).is_err());
        assert!(Marbles::new(4, &[("mode".into(), "peace".into())]).is_err());
    }
}
