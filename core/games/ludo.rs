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

use crate::engine::{
    self, Game, List, Move, MoveList, MoveView, Phase, RaceShape, Row, State, Table, MAX_SEATS,
    PIECES,
};
use crate::rng::Draw;

const BASE: i16 = -1;

/// Two-dice Ludo's board.
const LOOP: usize = 48;
const LANE_START: i16 = 43;
const EXIT: i16 = 47;
/// Classic Ludo's board.
const CLASSIC_LOOP: usize = 52;
const CLASSIC_LANE: i16 = 51;
const HOME: i16 = 56;

/// The options the variants take and their values (the default first), checked as the Python
/// rules check them: the classic-only options keep their defaults in other variants.
struct Options {
    variant: Variant,
    play_on: bool,
    forfeit_third_six: bool,
    safe_squares: bool,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Variant {
    TwoDice,
    Classic,
    Ludopy,
}

/// The variant the options name (two-dice unless they say otherwise).
pub fn variant(given: &[(String, String)]) -> Variant {
    match given
        .iter()
        .find(|(k, _)| k == "variant")
        .map(|(_, v)| v.as_str())
    {
        Some("classic") => Variant::Classic,
        Some("ludopy") => Variant::Ludopy,
        _ => Variant::TwoDice,
    }
}

fn read_options(given: &[(String, String)]) -> Result<Options, String> {
    let known: [(&str, [&str; 2]); 3] = [
        ("play_on", ["off", "on"]),
        ("three_sixes", ["forfeit", "off"]),
        ("safe_squares", ["on", "off"]),
    ];
    let mut other = [false; 3];
    for (name, value) in given {
        if name == "variant" {
            if !["two-dice", "classic", "ludopy"].contains(&value.as_str()) {
                return Err(format!(
                    "ludo option variant={value:?}: two-dice, classic or ludopy"
                ));
            }
            continue;
        }
        let index = known
            .iter()
            .position(|(k, _)| k == name)
            .ok_or_else(|| format!("unknown ludo option {name:?}"))?;
        let values = known[index].1;
        other[index] = match values.iter().position(|v| v == value) {
            Some(i) => i == 1,
            None => {
                return Err(format!(
                    "ludo option {name}={value:?}: the core plays {values:?}"
                ))
            }
        };
    }
    let [play_on, no_forfeit, no_safe] = other;
    let variant = variant(given);
    if variant != Variant::Classic {
        if no_forfeit {
            return Err("ludo option three_sixes is for variant=classic only".into());
        }
        if no_safe {
            return Err("ludo option safe_squares is for variant=classic only".into());
        }
    }
    Ok(Options {
        variant,
        play_on,
        forfeit_third_six: !no_forfeit,
        safe_squares: !no_safe,
    })
}

/// A Ludo board of `N` points: where each seat's positions lie, and which points are safe.
#[derive(Clone, Debug)]
struct Board<const N: usize> {
    space_of: [[i16; N]; MAX_SEATS],
    position_on: [[i16; N]; MAX_SEATS],
    safe: [bool; N],
    lane_start: i16,
    seats: usize,
}

impl<const N: usize> Board<N> {
    fn new(players: usize, spacing: i16, lane_start: i16, safe: &[usize]) -> Result<Self, String> {
        let colours: &[i16] = match players {
            2 => &[0, 2],
            3 => &[0, 1, 2],
            4 => &[0, 1, 2, 3],
            _ => return Err(format!("ludo is for 2 to 4 players, not {players}")),
        };
        let [space_of, position_on] = engine::frames(colours, spacing);
        let mut board = Board {
            space_of,
            position_on,
            safe: [false; N],
            lane_start,
            seats: colours.len(),
        };
        for &space in safe {
            board.safe[space] = true;
        }
        Ok(board)
    }

    fn shape(&self, goal: i16) -> RaceShape {
        RaceShape::new(
            self.seats,
            &self.space_of,
            self.lane_start,
            goal,
            &self.safe,
        )
    }

    fn table(&self, play_on: bool) -> Table {
        let order: Vec<u8> = (0..self.seats as u8).collect();
        Table::new(&order, &order, play_on)
    }

    /// The loop space of a seat's position, if it is on the loop.
    fn space(&self, seat: usize, position: i16) -> Option<usize> {
        (0..self.lane_start)
            .contains(&position)
            .then(|| self.space_of[seat][position as usize] as usize)
    }

    /// Every opponent pin on `target` (the mover's frame) goes to its base, unless it is safe.
    fn hit_all(&self, pieces: &mut [Row; MAX_SEATS], seat: usize, target: i16) {
        let Some(space) = self.space(seat, target) else {
            return;
        };
        if self.safe[space] {
            return;
        }
        for other in (0..self.seats).filter(|&o| o != seat) {
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
    pub fn new(players: usize, options: &[(String, String)]) -> Result<Self, String> {
        let chosen = read_options(options)?;
        if chosen.variant != Variant::TwoDice {
            return Err("the variant is not two-dice".into());
        }
        let safe: Vec<usize> = (0..LOOP).step_by(6).collect();
        let board = Board::new(players, 12, LANE_START, &safe)?;
        Ok(TwoDiceLudo {
            table: board.table(chosen.play_on),
            board,
        })
    }

    /// Every legal turn: both dice used if that can be done, else one, else the pass.
    pub fn shape(&self) -> RaceShape {
        self.board.shape(EXIT)
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
    fn roll_from_python(&self, dice: [u8; 2]) -> [u8; 2] {
        [dice[0].min(dice[1]), dice[0].max(dice[1])]
    }

    /// Each unordered pair once (low, high): a double 1/36, any other 2/36.
    fn outcomes(&self) -> Vec<([u8; 2], f64)> {
        (1..=6u8)
            .flat_map(|a| (a..=6).map(move |b| ([a, b], if a == b { 1.0 } else { 2.0 } / 36.0)))
            .collect()
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
}

/// A two-dice position's name in a colour's own frame, as pegrace's notation writes it.
pub fn position_name(position: i16) -> String {
    name(position, LANE_START, EXIT, "exit")
}

fn name(position: i16, lane_start: i16, last: i16, last_name: &str) -> String {
    match position {
        BASE => "base".to_string(),
        p if p == last => last_name.to_string(),
        p if p < lane_start => format!("track:{p}"),
        p => format!("lane:{}", p - lane_start + 1),
    }
}

#[derive(Clone, Debug)]
pub struct ClassicLudo {
    pub table: Table,
    board: Board<CLASSIC_LOOP>,
    forfeit_third_six: bool,
}

impl ClassicLudo {
    pub fn new(players: usize, options: &[(String, String)]) -> Result<Self, String> {
        let chosen = read_options(options)?;
        if chosen.variant != Variant::Classic {
            return Err("the variant is not classic".into());
        }
        let stars: Vec<usize> = [0, 13, 26, 39].iter().flat_map(|&s| [s, s + 8]).collect();
        let safe = if chosen.safe_squares { &stars[..] } else { &[] };
        let board = Board::new(players, 13, CLASSIC_LANE, safe)?;
        Ok(ClassicLudo {
            table: board.table(chosen.play_on),
            board,
            forfeit_third_six: chosen.forfeit_third_six,
        })
    }

    pub fn shape(&self) -> RaceShape {
        self.board.shape(HOME)
    }

    /// Loop spaces holding two or more pins of one opponent of `seat`.
    fn blocks(&self, pieces: &[Row; MAX_SEATS], seat: usize) -> [bool; CLASSIC_LOOP] {
        let mut blocked = [false; CLASSIC_LOOP];
        for other in (0..self.board.seats).filter(|&o| o != seat) {
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

impl Game for ClassicLudo {
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

    fn move_text(&self, _: &State, chosen: Move) -> String {
        match chosen {
            Move::Pass => "pass".to_string(),
            Move::Step { origin, target } => {
                let (from, to) = (classic_name(origin), classic_name(target));
                format!("{from}>{to}")
            }
        }
    }

    fn move_view(&self, state: &State, chosen: Move) -> MoveView {
        MoveView::step(state, chosen.step())
    }

    fn row_finished(&self, row: &Row) -> bool {
        *row == [HOME; PIECES]
    }
}

fn classic_name(position: i16) -> String {
    name(position, CLASSIC_LANE, HOME, "home")
}

/// LUDOpy's squares, in its own frame (ours + 1): stars, globes, the goal star and the goal.
const LP_STARS: [i16; 8] = [5, 12, 18, 25, 31, 38, 44, 51];
const LP_GLOBES: [i16; 4] = [9, 22, 35, 48];
const LP_GOAL_STAR: i16 = 51;
const LP_GOAL: i16 = 57;
const LUDOPY_GOAL: i16 = 56;
/// What the turn structure keeps in `aux`: LUDOpy's round, and the tries to get out of home.
const ROUND: usize = 0;
const ATTEMPTS: usize = 1;

/// Enemies on one square, in LUDOpy's order: (seat, the position in its frame at which its
/// pins count as there, whether one pin there is enough to send the mover home).
type Probe = Vec<(usize, i16, bool)>;

/// A move worked out once: where the pin ends if nothing sends it home, and the squares
/// whose enemies are then resolved.
#[derive(Clone, Debug)]
struct Plan {
    end: i16,
    probes: Vec<Probe>,
}

/// A LUDOpy move: the pin at `origin` moved by `die` (where it ends depends on the board).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct DieMove {
    pub origin: i16,
    pub die: u8,
    pub pass: bool,
}

pub type DieMoves = List<DieMove, 8>;

/// Ludo `variant=ludopy`: Danish Ludo exactly as the LUDOpy 1.5.0 package plays it, quirks
/// included (`pegrace.games.ludo.ludopy` lists its rules): no roll-off, three tries to get out
/// in the first round, stars, globes, the bounce at the goal; nothing is ever blocked.
#[derive(Clone, Debug)]
pub struct LudopyLudo {
    pub table: Table,
    plans: Vec<Vec<Vec<Plan>>>, // [seat][origin + 1][die]
    board: Board<CLASSIC_LOOP>,
}

impl LudopyLudo {
    pub fn new(players: usize, options: &[(String, String)]) -> Result<Self, String> {
        let chosen = read_options(options)?;
        if chosen.variant != Variant::Ludopy {
            return Err("the variant is not ludopy".into());
        }
        let colours: &[usize] = match players {
            2 => &[0, 2],
            3 => &[0, 1, 2],
            4 => &[0, 1, 2, 3],
            _ => return Err(format!("ludo is for 2 to 4 players, not {players}")),
        };
        let plans = (0..players)
            .map(|seat| {
                (-1..=LUDOPY_GOAL)
                    .map(|origin| {
                        (0..=6)
                            .map(|die| plan(colours, seat, origin, die))
                            .collect()
                    })
                    .collect()
            })
            .collect();
        let order: Vec<u8> = (0..players as u8).collect();
        // where a pin is never hit: the starts and globes (of every colour, seated or not)
        let never_hit: Vec<usize> = [0, 13, 26, 39]
            .iter()
            .flat_map(|&s| {
                std::iter::once(s).chain(LP_GLOBES.iter().map(move |&g| (s + g as usize - 1) % 52))
            })
            .collect();
        Ok(LudopyLudo {
            table: Table::new(&order, &order, chosen.play_on),
            plans,
            board: Board::new(players, 13, CLASSIC_LANE, &never_hit)?,
        })
    }

    pub fn shape(&self) -> RaceShape {
        self.board.shape(LUDOPY_GOAL)
    }

    /// Where the moved pin ends (home when an enemy sends it back) and the enemy pins it sends
    /// home (`Player.move_piece`, quirks kept).
    fn resolve(
        &self,
        before: &[Row; MAX_SEATS],
        seat: usize,
        chosen: DieMove,
    ) -> (i16, List<(usize, i16), 8>) {
        let plan = &self.plans[seat][(chosen.origin + 1) as usize][chosen.die as usize];
        let mut end = plan.end;
        let mut captures = List::<(usize, i16), 8>::default();
        for probe in &plan.probes {
            if let Some(&(enemy, at, alone)) = probe
                .iter()
                .find(|(enemy, at, _)| before[*enemy].contains(at))
            {
                if alone || before[enemy].iter().filter(|&&p| p == at).count() > 1 {
                    end = BASE;
                } else {
                    captures.push((enemy, at));
                }
            }
        }
        (end, captures)
    }

    /// The pieces after the move.
    fn moved(&self, before: &[Row; MAX_SEATS], seat: usize, chosen: DieMove) -> [Row; MAX_SEATS] {
        let (end, captures) = self.resolve(before, seat, chosen);
        let mut pieces = *before;
        let row = &mut pieces[seat];
        if let Some(i) = row.iter().position(|&p| p == chosen.origin) {
            row[i] = end;
        }
        engine::sort_row(row);
        for &(enemy, at) in captures.as_slice() {
            let theirs = &mut pieces[enemy];
            if let Some(i) = theirs.iter().position(|&p| p == at) {
                theirs[i] = BASE;
            }
            engine::sort_row(theirs);
        }
        pieces
    }

    fn extra_roll(&self, state: &State, after: &[Row; MAX_SEATS]) -> bool {
        if state.aux[ROUND] != 1 {
            return state.roll[0] == 6;
        }
        let seat = state.current as usize;
        state.aux[ATTEMPTS] < 3 && after[seat].iter().all(|&p| p < 0)
    }

    /// LUDOpy's round and tries after the move: a round counts when play wraps past its last
    /// player.
    fn next_aux(&self, state: &State, after: &[Row; MAX_SEATS]) -> (u16, u16) {
        let (round, attempts) = (state.aux[ROUND], state.aux[ATTEMPTS]);
        let seat = state.current;
        let reset = (round, 0); // the tries count only in round 1
        if round != 1 {
            if state.roll[0] == 6 {
                return reset;
            }
        } else if attempts < 3 && after[seat as usize].iter().all(|&p| p < 0) {
            return (1, attempts + 1); // another try to get out of home
        }
        if seat as usize == self.table.seats - 1 {
            return (round + 1, 0);
        }
        let mut next = self.table.next_seat[seat as usize];
        while next > seat && after[next as usize] == [LUDOPY_GOAL; PIECES] {
            next = self.table.next_seat[next as usize]; // finished seats are skipped
        }
        if next < seat {
            return (round + 1, 0);
        }
        reset
    }
}

/// `Player.move_piece` for a pin at `origin` (our frame) moved by `die`, worked out once.
fn plan(colours: &[usize], seat: usize, origin: i16, die: i16) -> Plan {
    let (old, new) = (origin + 1, origin + 1 + die);
    let plain = |end: i16, squares: &[i16]| Plan {
        end,
        probes: probes(colours, seat, squares),
    };
    if die == 0 || old == LP_GOAL || (old == 0 && die != 6) {
        return plain(origin, &[]); // not a legal move
    }
    if old >= 52 {
        // the home stretch: no enemies; an overshoot bounces back from the goal
        return plain((if new <= LP_GOAL { new } else { LP_GOAL - die }) - 1, &[]);
    }
    if old == 0 {
        return plain(0, &[1]);
    }
    if new == LP_GOAL_STAR {
        return plain(LP_GOAL - 1, &[new]);
    }
    if let Some(i) = LP_STARS.iter().position(|&star| star == new) {
        let next = LP_STARS[(i + 1) % LP_STARS.len()];
        return plain(next - 1, &[new, next]);
    }
    plain(new - 1, &[new])
}

/// The enemies LUDOpy looks for on squares of `seat`'s frame, quirks kept.
fn probes(colours: &[usize], seat: usize, squares: &[i16]) -> Vec<Probe> {
    let me = colours[seat];
    let seat_of = |index: usize| colours.iter().position(|&c| c == index);
    let mut found = Vec::new();
    for &x in squares {
        let mut probe = Probe::new();
        for k in 1..=3 {
            let Some(enemy) = seat_of((me + k) % 4) else {
                continue; // a ghost player
            };
            if x > 52 {
                continue;
            }
            if x == 13 * k as i16 + 1 {
                // an enemy's start globe: one pin there, or (quirk) on its 52, is enough
                probe.extend([(enemy, 0, true), (enemy, 51, true)]);
            } else {
                let at = (x - 1 - 13 * k as i16).rem_euclid(52);
                probe.push((enemy, at, LP_GLOBES.contains(&x)));
            }
        }
        if !probe.is_empty() {
            found.push(probe);
        }
    }
    found
}

impl Game for LudopyLudo {
    type Move = DieMove;
    type Moves = DieMoves;

    fn table(&self) -> &Table {
        &self.table
    }

    fn race_shape(&self) -> Option<RaceShape> {
        Some(self.shape())
    }

    /// No roll-off: player 0 starts, in round 1.
    fn initial_state(&self) -> State {
        let mut state = self.table.initial_state([[BASE; PIECES]; MAX_SEATS]);
        state.phase = Phase::Roll;
        state.current = 0;
        state.turn = 1;
        state.contenders = engine::Seats::default();
        state.aux[ROUND] = 1;
        state
    }

    fn legal_moves(&self, state: &State) -> DieMoves {
        let mut moves = DieMoves::default();
        if state.phase != Phase::Move {
            return moves;
        }
        let die = state.roll[0];
        let mut previous = -2;
        for &origin in &state.pieces[state.current as usize] {
            if origin == previous {
                continue;
            }
            previous = origin;
            if origin != LUDOPY_GOAL && (origin >= 0 || die == 6) {
                moves.push(DieMove {
                    origin,
                    die,
                    pass: false,
                });
            }
        }
        if moves.is_empty() {
            moves.push(DieMove {
                pass: true,
                ..DieMove::default()
            });
        }
        moves
    }

    fn play(&self, state: &mut State, chosen: DieMove) {
        let seat = state.current;
        let after = if chosen.pass {
            state.pieces
        } else {
            self.moved(&state.pieces, seat as usize, chosen)
        };
        let again = self.extra_roll(state, &after);
        let (round, attempts) = self.next_aux(state, &after);
        state.aux[ROUND] = round;
        state.aux[ATTEMPTS] = attempts;
        state.pieces = after;
        let done = !chosen.pass && self.row_finished(&after[seat as usize]);
        self.table
            .after_move(state, seat, done.then_some(seat), &[], again);
    }

    fn move_text(&self, _: &State, chosen: DieMove) -> String {
        if chosen.pass {
            return "pass".to_string();
        }
        let from = name(chosen.origin, CLASSIC_LANE, LUDOPY_GOAL, "goal");
        format!("{from}+{}", chosen.die)
    }

    /// The pin's use of the die ends where LUDOpy puts it (a star's jump, the bounce at the
    /// goal; home when it is sent back).
    fn move_view(&self, state: &State, chosen: DieMove) -> MoveView {
        if chosen.pass {
            return MoveView::step(state, None);
        }
        let (end, _) = self.resolve(&state.pieces, state.current as usize, chosen);
        MoveView {
            uses: vec![(chosen.die, chosen.origin, end)],
            ..MoveView::step(state, None)
        }
    }

    fn row_finished(&self, row: &Row) -> bool {
        *row == [LUDOPY_GOAL; PIECES]
    }

    fn aux_len(&self) -> usize {
        2
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::testing;

    fn rules(players: usize) -> TwoDiceLudo {
        TwoDiceLudo::new(players, &[]).expect("valid options")
    }

    fn to_move(rules: &TwoDiceLudo, pieces: &[Row], roll: [u8; 2]) -> State {
        testing::to_move(rules, pieces, roll)
    }

    fn texts(rules: &TwoDiceLudo, state: &State) -> Vec<String> {
        testing::texts(rules, state)
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

    fn ludopy() -> LudopyLudo {
        LudopyLudo::new(2, &testing::options(&[("variant", "ludopy")])).expect("valid options")
    }

    #[test]
    fn ludopy_has_no_roll_off_and_three_tries_to_get_out_in_round_one() {
        let game = ludopy();
        let start = game.initial_state();
        assert_eq!(
            (start.phase, start.current, start.aux[..2].to_vec()),
            (Phase::Roll, 0, vec![1, 0])
        );
        let home = State {
            phase: Phase::Move,
            roll: [3, 0],
            ..start
        };
        assert_eq!(testing::texts(&game, &home), ["pass"]);
        let mut after = home;
        game.play(&mut after, game.legal_moves(&home).as_slice()[0]);
        assert_eq!((after.current, after.aux[..2].to_vec()), (0, vec![1, 1]));
        let six = State {
            roll: [6, 0],
            ..home
        };
        assert_eq!(testing::texts(&game, &six), ["base+6"]);
    }

    #[test]
    fn ludopy_a_star_jumps_to_the_next_star() {
        let game = ludopy();
        let state = testing::to_move(&game, &[[-1, -1, -1, 3], [-1; 4]], [1, 0]);
        let mut after = state;
        game.play(&mut after, game.legal_moves(&state).as_slice()[0]);
        assert_eq!(after.pieces[0], [-1, -1, -1, 11]); // LUDOpy's star 5 leads to its 12
    }

    #[test]
    fn each_variant_has_its_rules_and_options_are_checked() {
        let ludopy = [("variant".to_string(), "ludopy".to_string())];
        assert!(TwoDiceLudo::new(4, &ludopy).is_err());
        assert!(LudopyLudo::new(4, &ludopy).is_ok());
        assert!(TwoDiceLudo::new(5, &[]).is_err());
        let unsafe_two_dice = [("safe_squares".to_string(), "off".to_string())];
        assert!(TwoDiceLudo::new(4, &unsafe_two_dice).is_err());
    }

    fn classic(options: &[(&str, &str)]) -> ClassicLudo {
        let mut owned = vec![("variant", "classic")];
        owned.extend_from_slice(options);
        ClassicLudo::new(2, &testing::options(&owned)).expect("valid options")
    }

    fn classic_texts(rules: &ClassicLudo, pieces: &[Row], roll: u8, streak: u8) -> Vec<String> {
        let state = testing::to_move(rules, pieces, [roll, 0]);
        testing::texts(rules, &State { streak, ..state })
    }

    #[test]
    fn classic_a_block_is_neither_passed_nor_landed_on() {
        let game = classic(&[]);
        // yellow's two pins on its track:2 are red's track:28
        let blocked = [[-1, -1, -1, 25], [-1, -1, 2, 2]];
        assert_eq!(classic_texts(&game, &blocked, 3, 0), ["pass"]);
        assert_eq!(classic_texts(&game, &blocked, 2, 0), ["track:25>track:27"]);
    }

    #[test]
    fn classic_a_six_brings_a_pin_out_and_a_third_is_forfeit() {
        let game = classic(&[]);
        let home = [[-1; 4], [-1; 4]];
        assert_eq!(classic_texts(&game, &home, 6, 0), ["base>track:0"]);
        assert_eq!(classic_texts(&game, &home, 6, 2), ["pass"]);
        let no_limit = classic(&[("three_sixes", "off")]);
        assert_eq!(classic_texts(&no_limit, &home, 6, 2), ["base>track:0"]);
    }

    #[test]
    fn classic_home_by_exact_count_and_nothing_is_hit_on_a_safe_square() {
        let game = classic(&[]);
        let near = [[-1, -1, -1, 54], [-1; 4]];
        assert_eq!(classic_texts(&game, &near, 2, 0), ["lane:4>home"]);
        assert_eq!(classic_texts(&game, &near, 3, 0), ["pass"]);
        // red's track:8 is a star, yellow's track:34 (red starts 26 squares on)
        let state = testing::to_move(&game, &[[-1, -1, -1, 5], [-1, -1, -1, 34]], [3, 0]);
        let mut after = state;
        game.play(
            &mut after,
            Move::Step {
                origin: 5,
                target: 8,
            },
        );
        assert_eq!(after.pieces[1], [-1, -1, -1, 34]);
        let open = classic(&[("safe_squares", "off")]);
        let mut hit = state;
        open.play(
            &mut hit,
            Move::Step {
                origin: 5,
                target: 8,
            },
        );
        assert_eq!(hit.pieces[1], [-1, -1, -1, -1]);
    }
}
