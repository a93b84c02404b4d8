//! Headache (Milton Bradley, Pop-O-Matic; `pegrace.games.headache` is its face);
//! docs/rules/headache.md gives the seed sentence or ruling behind each rule.
//! - 8 X spaces round a circle; between neighbouring Xs an outer track of 3 spaces and an
//!   inner one of 2 (48 spaces); both tracks meet at every X. START: red x:0, yellow x:2,
//!   green x:4, blue x:6 (2 players: red and green).
//! - A pop: a number die and a bonus die whose red dot (1 face in 6) grants one more pop.
//! - Cones leave START one at a time. A pop moves one cone or stack exactly that many spaces,
//!   changing track at any X; a single cone clockwise only, a stack (2+) the mover tops either
//!   way. Never end on an own cone or stack, nor on a START still holding cones. Ending on an
//!   opponent's cone or stack captures it: the mover goes on top and owns the whole stack.
//! - A seat's first 4 turns must move a cone off START while one is there; a bonus pop never
//!   does. No move: pop again (the kind of pop kept), unless no number would give a move (then
//!   the turn passes).
//! - A seat with no START cone and no stack it tops is out; the last one in wins.
//!   `turn_limit`: stop then, ranked by cones owned. `challenge`: the Xs are safe.
//!
//! A cone: -1 on START, else `space * 16 + height` (0: the bottom of its stack); spaces x:0..7
//! are 0..7, outer:0..23 8..31, inner:0..15 32..47. The roll holds the number and 1 + the dot;
//! `aux`: each seat's finished turns (up to 4), then 1 while the pop to play is a bonus pop.

use crate::dice::{self, Dice};
use crate::engine::{self, End, Game, List, MoveView, Phase, Row, State, Table, MAX_SEATS, PIECES};
use crate::facts::{Fact, Facts};
use crate::options::{self, RuleOption};
use crate::refusal::{self, Refusal};
use crate::rng::Draw;
use crate::spec::{Spec, Weights};
use std::collections::BTreeMap;

mod board;
pub mod judge;
mod notation;

use board::{
    targets, walk, Targets, EMPTY, FIRST_TURNS, INNER_BASE, OUTER_BASE, PASS, START_X_STEP,
};
pub use board::{
    ConeMove, BLOCKED, HEIGHT_BITS, HEIGHT_MASK, SEAT_BITS, SEAT_MASK, SPACES, START, X_COUNT,
};
pub use notation::space_name;

/// What Python's face reads of the board to draw it (the stacks are the core's to read).
pub const FACTS: Facts = &[
    ("x_count", Fact::Number(X_COUNT as i64)),
    (
        "outer_per",
        Fact::Number(((INNER_BASE - OUTER_BASE) / X_COUNT) as i64),
    ),
    (
        "inner_per",
        Fact::Number(((SPACES - INNER_BASE) / X_COUNT) as i64),
    ),
    ("start_x_step", Fact::Number(START_X_STEP as i64)),
    ("first_turns", Fact::Number(FIRST_TURNS as i64)),
    ("space_names", Fact::Names(notation::space_names)),
];

pub type ConeMoves = List<ConeMove, 64>;

#[derive(Clone, Debug)]
pub struct Headache {
    pub table: Table,
    start_space: [i16; MAX_SEATS],
    challenge: bool,
    forward: Targets,
    backward: Targets,
}

/// The rule options, each with its values in words (`crate::options`; docs/rules/headache.md has their sources).
/// What the game says of itself (`crate::spec`), the registry's line.
pub const SPEC: &Spec = &Spec {
    name: "headache",
    variant: None,
    options: OPTIONS,
    facts: FACTS,
    weights: Some(&Weights {
        model: "headache",
        json: include_str!("../../../src/pegrace/weights/headache.json"),
    }),
};

pub const OPTIONS: &[RuleOption] = &[
    RuleOption {
        name: "challenge",
        default: "off",
        values: &[
            ("on", "every X is a safe space: nothing on an X can be captured, and no opponent may end there"),
            ("off", "only cones still on their START are safe"),
        ],
        help: "whether every X is a safe space (nothing on an X can be captured, no opponent may end there)",
    },
    RuleOption {
        name: "turn_limit",
        default: "600",
        values: &[],
        help: "stop after this many turns (all players' turns counted); the players still in are then ranked by cones owned",
    },
    engine::SEATING,
];

impl Headache {
    pub fn new(players: usize, options: &[(String, String)]) -> Result<Self, Refusal> {
        let chosen = options::choose(SPEC.name, OPTIONS, options)?;
        let challenge = chosen.is("challenge", "on");
        let turn_limit = chosen.number("turn_limit", 1)?;
        let colours = engine::seat_colours(SPEC.name, players, &chosen)?;
        let mut start_space = [0; MAX_SEATS];
        for (seat, &colour) in colours.iter().enumerate() {
            start_space[seat] = START_X_STEP * colour;
        }
        let order: Vec<u8> = (0..players as u8).collect();
        let mut table = Table::new(&colours, &order, &order, true);
        table.turn_limit = turn_limit;
        Ok(Headache {
            table,
            start_space,
            challenge,
            forward: targets(false),
            backward: targets(true),
        })
    }

    pub fn start_space(&self, seat: usize) -> i16 {
        self.start_space[seat]
    }

    /// The cones of every seat but the one to move in the stack on `target`: what a move
    /// ending there captures.
    pub fn covered<'a>(
        &'a self,
        state: &'a State,
        target: i16,
    ) -> impl Iterator<Item = (u8, i16)> + 'a {
        let current = usize::from(state.current);
        (0..self.table.seats)
            .filter(move |&seat| seat != current)
            .flat_map(move |seat| {
                state.pieces[seat]
                    .iter()
                    .filter(move |&&c| c >= 0 && c >> HEIGHT_BITS == target)
                    .map(move |&cone| (seat as u8, cone))
            })
    }

    pub fn challenge(&self) -> bool {
        self.challenge
    }

    /// The spaces a walk of `number` from `space` ends on (clockwise, or `backward`).
    pub fn ends(&self, space: usize, number: usize, backward: bool) -> &[i16] {
        let table = if backward {
            &self.backward
        } else {
            &self.forward
        };
        &table[space][number]
    }

    /// Per space: EMPTY, BLOCKED for a START pile, else (top height << 3) | owner.
    pub fn occupancy(&self, pieces: &[Row; MAX_SEATS]) -> [i16; SPACES] {
        let mut occ = [EMPTY; SPACES];
        for (seat, row) in pieces.iter().enumerate().take(self.table.seats) {
            if row[0] < 0 {
                occ[self.start_space[seat] as usize] = BLOCKED;
            }
            for &cone in row.iter().filter(|&&c| c >= 0) {
                let value = ((cone & HEIGHT_MASK) << SEAT_BITS) | seat as i16;
                let space = (cone >> HEIGHT_BITS) as usize;
                occ[space] = occ[space].max(value);
            }
        }
        occ
    }

    fn may_land(&self, occ: &[i16; SPACES], seat: usize, target: i16) -> bool {
        let held = occ[target as usize];
        let safe = self.challenge && (target as usize) < X_COUNT;
        held < 0 || (held < BLOCKED && (held & SEAT_MASK) as usize != seat && !safe)
    }

    /// The moves of `seat` with a pop of `number`, `occ` the board's occupancy.
    fn moves(
        &self,
        (pieces, occ): (&[Row; MAX_SEATS], &[i16; SPACES]),
        seat: usize,
        number: u8,
        aux: &[u16],
    ) -> ConeMoves {
        let row = &pieces[seat];
        let bonus = aux[self.table.seats] != 0;
        let mut moves = ConeMoves::default();
        let n = number as usize;
        if row[0] < 0 && !bonus {
            let origin = self.start_space[seat];
            for &target in &self.forward[origin as usize][n] {
                if self.may_land(occ, seat, target) {
                    moves.push(ConeMove {
                        origin,
                        target,
                        from_start: true,
                        ..ConeMove::default()
                    });
                }
            }
            if aux[seat] < FIRST_TURNS {
                return moves; // the first turns must move a cone off START
            }
        }
        for &cone in row.iter().filter(|&&c| c >= 0) {
            let space = cone >> HEIGHT_BITS;
            let top = occ[space as usize];
            if top != ((cone & HEIGHT_MASK) << SEAT_BITS) | seat as i16 {
                continue; // not the top of its stack
            }
            let stack = top >> SEAT_BITS > 0;
            let ways: &[(&Targets, bool)] = if stack {
                &[(&self.forward, false), (&self.backward, true)]
            } else {
                &[(&self.forward, false)]
            };
            for &(table, backward) in ways {
                for &target in &table[space as usize][n] {
                    if self.may_land(occ, seat, target) {
                        moves.push(ConeMove {
                            origin: space,
                            target,
                            backward,
                            ..ConeMove::default()
                        });
                    }
                }
            }
        }
        moves
    }

    /// Whether some number would give the seat a move with this kind of pop.
    fn can_pop_again(&self, state: &State) -> bool {
        let board = (&state.pieces, &self.occupancy(&state.pieces));
        let seat = state.current as usize;
        (1..=6).any(|n| !self.moves(board, seat, n, &state.aux).is_empty())
    }

    fn extra_roll(&self, state: &State, chosen: ConeMove) -> bool {
        if chosen.pass {
            return self.can_pop_again(state);
        }
        state.roll[1] == 2 // the red dot
    }

    /// The counters after the move: a pop that grants another keeps them (a bonus pop to come
    /// is marked); a turn's last pop counts a first turn and ends the bonus.
    fn next_aux(&self, state: &State, again: bool, chosen: ConeMove) -> [u16; MAX_SEATS + 1] {
        let mut aux = state.aux;
        let seat = state.current as usize;
        let bonus = self.table.seats;
        if again {
            if !chosen.pass && aux[bonus] == 0 {
                aux[bonus] = 1;
            }
            return aux;
        }
        if aux[seat] < FIRST_TURNS || aux[bonus] != 0 {
            aux[seat] = (aux[seat] + 1).min(FIRST_TURNS);
            aux[bonus] = 0;
        }
        aux
    }

    fn move_cones(&self, pieces: &mut [Row; MAX_SEATS], seat: usize, chosen: ConeMove) {
        // the top of the stack landed on (no full occupancy: one space is asked)
        let top = pieces
            .iter()
            .take(self.table.seats)
            .enumerate()
            .flat_map(|(seat, row)| row.iter().map(move |&c| (seat, c)))
            .filter(|&(_, c)| c >= 0 && c >> HEIGHT_BITS == chosen.target)
            .map(|(seat, c)| ((c & HEIGHT_MASK) << SEAT_BITS) | seat as i16)
            .max()
            .unwrap_or(EMPTY);
        let landing =
            (chosen.target << HEIGHT_BITS) + if top >= 0 { (top >> SEAT_BITS) + 1 } else { 0 };
        if chosen.from_start {
            let row = &mut pieces[seat];
            row[0] = landing; // the first of the START cones (they sort first)
            engine::sort_row(row);
            return;
        }
        let (low, high) = (
            chosen.origin << HEIGHT_BITS,
            (chosen.origin << HEIGHT_BITS) | HEIGHT_MASK,
        );
        for row in pieces.iter_mut().take(self.table.seats) {
            if row.iter().any(|&c| (low..=high).contains(&c)) {
                for cone in row.iter_mut().filter(|c| (low..=high).contains(*c)) {
                    *cone = landing + (*cone & HEIGHT_MASK);
                }
                engine::sort_row(row);
            }
        }
    }

    fn eliminated(&self, pieces: &[Row; MAX_SEATS], occ: &[i16; SPACES], seat: usize) -> bool {
        let row = &pieces[seat];
        row[0] >= 0
            && row.iter().all(|&cone| {
                occ[(cone >> HEIGHT_BITS) as usize]
                    != ((cone & HEIGHT_MASK) << SEAT_BITS) | seat as i16
            })
    }

    /// Cones each seat owns: its START cones and every cone in a stack it tops.
    fn owned(&self, pieces: &[Row; MAX_SEATS]) -> [i32; MAX_SEATS] {
        let mut owned = [0; MAX_SEATS];
        for (seat, row) in pieces.iter().enumerate().take(self.table.seats) {
            owned[seat] = row.iter().filter(|&&c| c < 0).count() as i32;
        }
        for top in self.occupancy(pieces) {
            if (0..BLOCKED).contains(&top) {
                owned[(top & SEAT_MASK) as usize] += i32::from(top >> SEAT_BITS) + 1;
            }
        }
        owned
    }
}

impl Game for Headache {
    const SPEC: &'static Spec = SPEC;
    type Move = ConeMove;
    type Moves = ConeMoves;

    fn table(&self) -> &Table {
        &self.table
    }

    fn initial_state(&self) -> State {
        self.table.initial_state([[START; PIECES]; MAX_SEATS])
    }

    fn dice(&self) -> &'static Dice {
        &dice::BONUS
    }

    fn throw<R: Draw>(&self, rng: &mut R) -> [u8; 2] {
        let number = rng.d6();
        [number, 1 + u8::from(rng.d6() == 6)]
    }

    fn legal_moves(&self, state: &State) -> ConeMoves {
        if state.phase != Phase::Move {
            return ConeMoves::default();
        }
        let seat = state.current as usize;
        let occ = self.occupancy(&state.pieces);
        let mut moves = self.moves((&state.pieces, &occ), seat, state.roll[0], &state.aux);
        if moves.is_empty() {
            moves.push(PASS);
        }
        moves
    }

    fn play(&self, state: &mut State, chosen: ConeMove) {
        let seat = state.current;
        let again = self.extra_roll(state, chosen);
        state.aux = self.next_aux(state, again, chosen);
        let mut gone = List::<u8, MAX_SEATS>::default();
        if !chosen.pass {
            self.move_cones(&mut state.pieces, seat as usize, chosen);
            let occ = self.occupancy(&state.pieces);
            for other in 0..self.table.seats as u8 {
                let standing = !state.out.contains(other) && !state.finished.contains(other);
                if standing && self.eliminated(&state.pieces, &occ, other as usize) {
                    gone.push(other);
                }
            }
        }
        self.table
            .after_move(state, seat, None, gone.as_slice(), again);
    }

    fn is_pass(&self, chosen: ConeMove) -> bool {
        chosen.pass
    }

    fn move_text(&self, _: &State, chosen: ConeMove) -> String {
        notation::move_text(chosen)
    }

    fn move_view(&self, state: &State, chosen: ConeMove) -> MoveView {
        let (origin, target) = (chosen.origin, chosen.target);
        if chosen.pass {
            return MoveView::step(state, None);
        }
        let number = usize::from(state.roll[0]);
        MoveView {
            path: walk(origin as usize, target as usize, number, chosen.backward),
            backward: chosen.backward,
            from_start: chosen.from_start,
            ..MoveView::step(state, Some((origin, target)))
        }
    }

    fn piece_name(&self, _: usize, piece: i16) -> String {
        notation::piece_name(piece)
    }

    fn read_piece(&self, _: usize, text: &str, colour: &str) -> Result<i16, Refusal> {
        notation::read_piece(text, colour)
    }

    /// Covering captures without moving: the opponents' cones in the stack the move lands on.
    fn victims(&self, before: &State, chosen: ConeMove, _: &State) -> Vec<(u8, i16)> {
        if chosen.pass {
            return Vec::new();
        }
        self.covered(before, chosen.target).collect()
    }

    fn stacks(&self, state: &State) -> Option<engine::Stacks> {
        let mut stacks: BTreeMap<i16, Vec<(i16, u8)>> = BTreeMap::new();
        for (seat, row) in state.pieces.iter().enumerate().take(self.table.seats) {
            for &cone in row.iter().filter(|&&c| c >= 0) {
                let level = (cone & HEIGHT_MASK, seat as u8);
                stacks.entry(cone >> HEIGHT_BITS).or_default().push(level);
            }
        }
        Some(
            stacks
                .into_iter()
                .map(|(space, mut levels)| {
                    levels.sort_unstable();
                    (space, levels.into_iter().map(|(_, seat)| seat).collect())
                })
                .collect(),
        )
    }

    /// Cones owned: START cones and every cone in a stack the seat tops.
    fn scores(&self, state: &State) -> [i32; MAX_SEATS] {
        self.owned(&state.pieces)
    }

    fn row_finished(&self, _: &Row) -> bool {
        false
    }

    /// A seat that resigns leaves its cones where they are, stacks and all: whoever lands on
    /// them takes them as ever.
    fn resigned_row(&self, state: &State, seat: usize) -> Row {
        state.pieces[seat]
    }

    /// Every stack's heights 1..K with no gap or double; a stack's top two cones of two
    /// colours (a cone never lands on its own colour); no cone on a START space still holding
    /// START cones.
    fn unreachable(&self, pieces: &[Row], colours: &[String]) -> Option<Refusal> {
        let mut stacks: BTreeMap<i16, BTreeMap<i16, usize>> = BTreeMap::new(); // space, height: seat
        for (seat, row) in pieces.iter().enumerate() {
            for &cone in row.iter().filter(|&&cone| cone >= 0) {
                let (space, height) = (cone >> HEIGHT_BITS, cone & HEIGHT_MASK);
                let level = stacks.entry(space).or_default();
                if let Some(&other) = level.get(&height) {
                    let args = [
                        ("first", colours[other].clone()),
                        ("colour", colours[seat].clone()),
                        ("place", space_name(space)),
                        ("height", (height + 1).to_string()),
                    ];
                    return Some(Refusal::new(refusal::CONES_AT_ONE_HEIGHT, &args, None));
                }
                level.insert(height, seat);
            }
        }
        for (&space, level) in &stacks {
            let count = level.len();
            if !level.keys().copied().eq(0..count as i16) {
                let heights: Vec<String> = level.keys().map(|h| (h + 1).to_string()).collect();
                let args = [
                    ("place", space_name(space)),
                    ("heights", heights.join(", ")),
                ];
                let refused = Refusal::new(refusal::STACK_HEIGHTS, &args, Some(count as u64));
                return Some(refused);
            }
            let top = count as i16 - 1; // the heights are 0..count: checked above
            if top > 0 && level[&top] == level[&(top - 1)] {
                let args = [
                    ("place", space_name(space)),
                    ("colour", colours[level[&top]].clone()),
                ];
                return Some(Refusal::new(refusal::OWN_ON_TOP, &args, None));
            }
        }
        let at_start = (0..pieces.len()).find(|&seat| {
            pieces[seat].iter().any(|&cone| cone < 0)
                && stacks.contains_key(&self.start_space[seat])
        })?;
        let args = [
            ("place", space_name(self.start_space[at_start])),
            ("colour", colours[at_start].clone()),
        ];
        Some(Refusal::new(refusal::ON_A_START, &args, None))
    }

    fn end_text(&self, end: End) -> String {
        match end {
            End::TurnLimit => format!("turn limit ({} turns) reached", self.table.turn_limit),
            _ => end.text().to_string(),
        }
    }

    fn aux_len(&self) -> usize {
        self.table.seats + 1
    }

    /// The dice list the pop as (number, dot); the state holds (number, 1 + dot).
    fn roll_of(&self, outcome: [u8; 2]) -> [u8; 2] {
        [outcome[0], outcome[1] + 1]
    }

    fn outcome_numbers(&self, roll: [u8; 2]) -> Vec<u8> {
        vec![roll[0], roll[1] - 1]
    }
}

#[cfg(test)]
mod tests;
