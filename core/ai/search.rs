//! Expectimax over the rules' explicit chance events (`pegrace.search` is its face): a value per
//! side (max-n; or paranoid, every opponent minimising the searching side's value); at a
//! decision the side to move takes the child best for itself, at a chance node the children
//! are weighted by the dice's probabilities in the rules' order; at the horizon the game's
//! leaf (its evaluation, its fitted chance of winning or its learned value) rates every side; a
//! finished game is worth its places, and places settled in a game still in play count at the
//! leaves.
//!
//! Depth counts decisions. Iterative deepening spends a budget of searched nodes, never
//! wall-clock time, so a choice depends only on the seed and the position. Every node is
//! counted where the Python search counts it, so the same budget searches the same depths and
//! the ranking's values are the Python values bit for bit.

use crate::ai::fitted::FittedChances;
use crate::ai::hits::ReachMemo;
use crate::ai::judge::Judge;
use crate::ai::transposition::{key_hash, Transpositions};
use crate::ai::value::Value;
use crate::ai::vocab::{Values, TERMINAL_WEIGHT};
use crate::dice;
use crate::engine::Table;
use crate::engine::{Game, Phase, State, MAX_SEATS};

pub const MAX_DEPTH: u32 = 12;
/// Two values closer than this are a tie (broken by the player's generator); Python reads it
/// (`_core.TIE`).
pub const TIE: f64 = 1e-9;

/// What a search player keeps from one decision to the next: what its searches read, and the
/// transposition table's memory (emptied for every search; given back past `TABLE_KEPT`).
pub struct Memory {
    known: Known,
    table: Transpositions,
}

/// What a player's searches read and never change: the chance events, and the value given for
/// its leaves (`Settings::value`) with its number, built over the judge's features once rather
/// than for every search (a network's is some 200 KB).
pub struct Known {
    chances: Chances,
    value: Option<(u32, Value)>,
}

const TABLE_KEPT: usize = 1 << 18;

impl Memory {
    pub fn new<G: Game>(rules: &G) -> Self {
        Memory {
            known: Known {
                chances: Chances::of(rules),
                value: None,
            },
            table: Transpositions::default(),
        }
    }

    /// What searches with `settings` read, ready, and the table they may fill.
    pub fn ready<J: Judge>(
        &mut self,
        judge: &J,
        settings: &Settings,
    ) -> (&Known, &mut Transpositions) {
        self.fit(judge, settings);
        (&self.known, &mut self.table)
    }

    /// Ready for searches with `settings`: the value they name built, where it is not yet.
    fn fit<J: Judge>(&mut self, judge: &J, settings: &Settings) {
        let number = settings.value;
        if self.known.value.as_ref().map(|(n, _)| *n) != number {
            let table: &Table = judge.rules().table();
            // the number was checked to fit this game where the settings came in (binding/shared.rs)
            let built = |n| Some((n, judge.learning().given(n, table).ok()?));
            self.known.value = number.and_then(built);
        }
    }
}

/// An iteration grew past its node limit: the shallower answer stands.
#[derive(Debug)]
pub struct Spent;

/// A legal move (its index in the legal moves) with its search values.
#[derive(Clone, Debug, PartialEq)]
pub struct Ranked {
    pub index: usize,
    /// The mover's side's value.
    pub value: f64,
    /// Every side's value after the move.
    pub values: Values,
}

/// How a search player searches.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    /// A fixed depth; none: iterative deepening within `budget`.
    pub depth: Option<u32>,
    /// Searched nodes a decision may spend.
    pub budget: f64,
    /// Below the root, follow only the moves the one-ply leaves like best.
    pub width: Option<usize>,
    pub paranoid: bool,
    /// What rates the leaves: 0 the game's evaluation, 1 the fitted chance of winning where
    /// the game has one (`fitted.rs`), 2 the value learned by self-play (`value.rs`) where it
    /// has one, else as 1.
    pub model: u8,
    /// Threads sharing the root moves (1: one search, node for node as recorded).
    pub threads: usize,
    /// A value given at run time (`value::give`'s number), read at the leaves with `model` 2
    /// instead of the shipped one.
    pub value: Option<u32>,
    /// Deepening ranks the moves by rollouts of this many decisions (`rollout.rs`) instead of
    /// by expectimax where it is above 0; none: as the judge says (`Judge::rollout_horizon`).
    /// The search player reads it (`players::ranking`); the expectimax here does not.
    pub horizon: Option<u32>,
}

/// What rates a search's leaves (`Settings::model`).
#[derive(Clone, Copy)]
enum Leaf<'a> {
    Evaluation,
    Fitted(&'a FittedChances),
    Value(&'a Value),
}

/// One iteration's search: a transposition table and a node count.
pub struct Search<'a, J: Judge> {
    judge: &'a J,
    leaf: Leaf<'a>,
    node_limit: f64,
    width: Option<usize>,
    paranoid: bool,
    root_side: usize,
    pub nodes: u64,
    table: &'a mut Transpositions,
    /// The seats' reach at the last fitted or learned leaf (siblings share most of it).
    memo: ReachMemo,
    outcomes: &'a Chances,
}

/// The chance events: a turn roll's outcomes and a roll-off pop's.
pub struct Chances {
    roll: Vec<([u8; 2], f64)>,
    pop: Vec<([u8; 2], f64)>,
}

impl Chances {
    pub fn of<G: Game>(rules: &G) -> Self {
        Chances {
            roll: rules.outcomes(),
            pop: dice::D6.chances(),
        }
    }
}

impl<'a, J: Judge> Search<'a, J> {
    /// A search with an empty `table`.
    pub fn new(
        judge: &'a J,
        known: &'a Known,
        table: &'a mut Transpositions,
        node_limit: f64,
        settings: &Settings,
    ) -> Self {
        table.clear();
        let given = known.value.as_ref().map(|(_, value)| value);
        let value = given
            .or_else(|| judge.value())
            .filter(|_| settings.model >= 2)
            .map(Leaf::Value);
        let fitted = judge
            .fitted()
            .filter(|_| settings.model >= 1)
            .map(Leaf::Fitted);
        Search {
            judge,
            leaf: value.or(fitted).unwrap_or(Leaf::Evaluation),
            node_limit,
            width: settings.width,
            paranoid: settings.paranoid,
            root_side: 0,
            nodes: 0,
            table,
            memo: ReachMemo::default(),
            outcomes: &known.chances,
        }
    }

    pub fn judge(&self) -> &'a J {
        self.judge
    }

    /// A position's values as a leaf: its places where the game is over, else the leaves'
    /// rating; a node.
    pub fn leaf_values(&mut self, state: &State) -> Values {
        self.nodes += 1;
        if state.phase == Phase::Over {
            self.terminal(state)
        } else {
            self.horizon(state)
        }
    }

    pub fn side(&self, seat: u8) -> usize {
        self.judge.rules().table().sides[seat as usize] as usize
    }

    fn side_count(&self) -> usize {
        self.judge.rules().table().side_count
    }

    /// Every legal move with its values at `depth` decisions, best first (stable).
    pub fn rank(
        &mut self,
        state: &State,
        moves: &[<J::G as Game>::Move],
        depth: i32,
    ) -> Result<Vec<Ranked>, Spent> {
        let mut ranked = self.rank_some(state, moves, 0..moves.len(), depth)?;
        ranked.sort_by(|a, b| descending(a.value, b.value));
        Ok(ranked)
    }

    /// The moves of `moves` at the indices `which`, with their values, in that order.
    fn rank_some(
        &mut self,
        state: &State,
        moves: &[<J::G as Game>::Move],
        which: impl Iterator<Item = usize>,
        depth: i32,
    ) -> Result<Vec<Ranked>, Spent> {
        let side = self.side(state.current);
        self.root_side = side;
        let mut ranked = Vec::with_capacity(moves.len());
        for index in which {
            let values = self.value(&self.after(state, moves[index]), depth - 1)?;
            ranked.push(Ranked {
                index,
                value: values[side],
                values,
            });
        }
        Ok(ranked)
    }

    fn after(&self, state: &State, chosen: <J::G as Game>::Move) -> State {
        let mut next = *state;
        self.judge.rules().play(&mut next, chosen);
        next
    }

    fn value(&mut self, state: &State, depth: i32) -> Result<Values, Spent> {
        self.nodes += 1;
        if self.nodes as f64 > self.node_limit {
            return Err(Spent);
        }
        if state.phase == Phase::Over {
            return Ok(self.terminal(state));
        }
        if depth <= 0 {
            return Ok(self.horizon(state));
        }
        let hash = key_hash(state, depth);
        if let Some(known) = self.table.get(hash, state, depth) {
            return Ok(known);
        }
        let result = if state.phase == Phase::Move {
            self.best_reply(state, depth)?
        } else {
            self.expectation(state, depth)?
        };
        self.table.insert(hash, state, depth, result);
        Ok(result)
    }

    fn best_reply(&mut self, state: &State, depth: i32) -> Result<Values, Spent> {
        let rules = self.judge.rules();
        let legal = rules.legal_moves(state);
        let chosen_few;
        let mut moves = legal.as_ref();
        if let Some(width) = self.width.filter(|&w| depth > 1 && moves.len() > w) {
            chosen_few = self.promising(state, moves, width)?;
            moves = &chosen_few;
        }
        let (mut side, mut sign) = (self.side(state.current), 1.0);
        if self.paranoid && side != self.root_side {
            (side, sign) = (self.root_side, -1.0); // an opponent plays to hurt the searcher
        }
        let mut best: Option<Values> = None;
        for &chosen in moves {
            let values = self.value(&self.after(state, chosen), depth - 1)?;
            if best.is_none_or(|b| sign * (values[side] - b[side]) > TIE) {
                best = Some(values);
            }
        }
        Ok(best.expect("the legal moves are never empty"))
    }

    /// The `width` moves the mover likes best at one ply, by the search's own leaves.
    fn promising(
        &mut self,
        state: &State,
        moves: &[<J::G as Game>::Move],
        width: usize,
    ) -> Result<Vec<<J::G as Game>::Move>, Spent> {
        let side = self.side(state.current);
        let mut rated = Vec::with_capacity(moves.len());
        for &chosen in moves {
            rated.push((self.value(&self.after(state, chosen), 0)?[side], chosen));
        }
        rated.sort_by(|a, b| descending(a.0, b.0));
        Ok(rated.into_iter().take(width).map(|(_, m)| m).collect())
    }

    fn expectation(&mut self, state: &State, depth: i32) -> Result<Values, Spent> {
        let chances: &'a Chances = self.outcomes;
        let outcomes = if state.phase == Phase::Roll {
            &chances.roll
        } else {
            &chances.pop
        };
        let mut total = [0.0; MAX_SEATS];
        let count = self.side_count();
        for &(roll, chance) in outcomes {
            let child = self.value(&self.judge.rules().apply_roll(state, roll), depth)?;
            for (t, v) in total.iter_mut().zip(child).take(count) {
                *t += chance * v;
            }
        }
        Ok(total)
    }

    fn horizon(&mut self, state: &State) -> Values {
        let to_move = state.current as usize;
        let values = match self.leaf {
            Leaf::Value(value) => value.values_with(&state.pieces, to_move, &mut self.memo),
            Leaf::Fitted(win) => win.values_with(&state.pieces, to_move, &mut self.memo),
            Leaf::Evaluation => self.judge.leaf(&state.pieces, to_move),
        };
        if state.finished.is_empty() && state.out.is_empty() {
            return values;
        }
        placed_values(self.judge.rules(), state, &values)
    }

    fn terminal(&self, state: &State) -> Values {
        let rules = self.judge.rules();
        let places = rules.places(state);
        let count = self.side_count();
        let mut rewards = [0.0; MAX_SEATS];
        for (reward, &place) in rewards.iter_mut().zip(&places).take(count) {
            *reward = place_reward(rules, place);
        }
        centred(&rewards, count)
    }
}

/// Larger values first; equal ones (0.0 and -0.0 too) keep their order in a stable sort.
pub fn descending(a: f64, b: f64) -> std::cmp::Ordering {
    b.partial_cmp(&a).unwrap_or(std::cmp::Ordering::Equal)
}

/// What a place is worth to the search: its share of the returns where play goes on for the
/// places; where the game stops at its first winner, only the win counts.
fn place_reward<G: Game>(rules: &G, place: u8) -> f64 {
    let table = rules.table();
    if table.play_on {
        table.place_reward(place)
    } else {
        f64::from(u8::from(place == 1))
    }
}

/// On the leaves' scale: the sides' values sum to zero.
fn centred(rewards: &Values, count: usize) -> Values {
    let mut total = 0.0;
    for &r in &rewards[..count] {
        total += r;
    }
    let mean = total / count as f64;
    let mut values = [0.0; MAX_SEATS];
    for (value, &r) in values.iter_mut().zip(rewards).take(count) {
        *value = TERMINAL_WEIGHT * (r - mean);
    }
    values
}

/// A game in play with some places settled: those sides get their place's worth; the sides
/// still playing share the worth of the places left, and differ by their evaluation.
fn placed_values<G: Game>(rules: &G, state: &State, evaluation: &Values) -> Values {
    let count = rules.table().side_count;
    let settled = rules.table().decided(state);
    let (mut free_total, mut free) = (0.0, 0);
    for place in 1..=count as u8 {
        if !settled[..count].contains(&place) {
            free_total += place_reward(rules, place);
            free += 1;
        }
    }
    let share = if free > 0 {
        free_total / f64::from(free)
    } else {
        0.0
    };
    let mut rewards = [0.0; MAX_SEATS];
    for (reward, &place) in rewards.iter_mut().zip(&settled).take(count) {
        *reward = if place > 0 {
            place_reward(rules, place)
        } else {
            share
        };
    }
    let mut values = centred(&rewards, count);
    let playing: Vec<usize> = (0..count).filter(|&s| settled[s] == 0).collect();
    if !playing.is_empty() {
        let mut total = 0.0;
        for &side in &playing {
            total += evaluation[side];
        }
        let mean = total / playing.len() as f64;
        for &side in &playing {
            values[side] += evaluation[side] - mean;
        }
    }
    values
}

/// One iteration's ranking at `depth` within `limit` nodes, and the nodes it searched. With
/// more than one thread the root moves are shared round-robin, each thread searching its own
/// with a table of its own and its share of the limit: the same values and order (ties in the
/// moves' order), more nodes than one thread's search (the tables are not shared).
fn rank_shared<J: Judge>(
    judge: &J,
    (known, table): (&Known, &mut Transpositions),
    state: &State,
    moves: &[<J::G as Game>::Move],
    (depth, limit): (i32, f64),
    settings: &Settings,
) -> (Result<Vec<Ranked>, Spent>, u64) {
    let threads = settings.threads.clamp(1, moves.len().max(1));
    if threads == 1 {
        let mut search = Search::new(judge, known, table, limit, settings);
        let ranked = search.rank(state, moves, depth);
        return (ranked, search.nodes);
    }
    let share = limit / threads as f64;
    let parts: Vec<(Result<Vec<Ranked>, Spent>, u64)> = std::thread::scope(|scope| {
        let running: Vec<_> = (0..threads)
            .map(|first| {
                scope.spawn(move || {
                    let mut own = Transpositions::default();
                    let mut search = Search::new(judge, known, &mut own, share, settings);
                    let which = (first..moves.len()).step_by(threads);
                    let ranked = search.rank_some(state, moves, which, depth);
                    (ranked, search.nodes)
                })
            })
            .collect();
        running
            .into_iter()
            .map(|r| r.join().expect("a search thread panicked"))
            .collect()
    });
    let nodes = parts.iter().map(|(_, n)| n).sum();
    let mut ranked = Vec::with_capacity(moves.len());
    for (part, _) in parts {
        match part {
            Ok(found) => ranked.extend(found),
            Err(spent) => return (Err(spent), nodes),
        }
    }
    ranked.sort_by(|a, b| descending(a.value, b.value).then(a.index.cmp(&b.index)));
    (Ok(ranked), nodes)
}

/// A ranking of the legal moves (more than one) as the search player ranks them: at a fixed
/// depth, or the deepest complete ranking within the node budget. With its depth and the
/// nodes searched in all.
pub fn ranking<J: Judge>(
    judge: &J,
    memory: &mut Memory,
    state: &State,
    moves: &[<J::G as Game>::Move],
    settings: &Settings,
) -> (Vec<Ranked>, u32, u64) {
    memory.fit(judge, settings);
    let found = match settings.depth {
        Some(depth) => {
            let tables = (&memory.known, &mut memory.table);
            let bounds = (depth as i32, f64::INFINITY);
            let (ranked, nodes) = rank_shared(judge, tables, state, moves, bounds, settings);
            (ranked.expect("no limit to spend"), depth, nodes)
        }
        None => deepen(judge, memory, state, moves, settings),
    };
    if memory.table.capacity() > TABLE_KEPT {
        memory.table = Transpositions::default();
    }
    found
}

/// Iterative deepening within `settings.budget` nodes: each deeper iteration starts only if
/// its predicted size fits, and is abandoned past twice the budget.
fn deepen<J: Judge>(
    judge: &J,
    memory: &mut Memory,
    state: &State,
    moves: &[<J::G as Game>::Move],
    settings: &Settings,
) -> (Vec<Ranked>, u32, u64) {
    let budget = settings.budget;
    let (known, table) = (&memory.known, &mut memory.table);
    let mut ranked = Search::new(judge, known, table, f64::INFINITY, settings)
        .rank(state, moves, 1)
        .expect("no limit to spend");
    let (mut depth, mut spent, mut last, mut growth) = (1u32, 0u64, 1u64, 8.0f64);
    while depth < MAX_DEPTH && spent as f64 + last as f64 * growth <= budget {
        let limit = 2.0 * budget - spent as f64;
        let bounds = (depth as i32 + 1, limit);
        let (deeper, nodes) =
            rank_shared(judge, (known, &mut *table), state, moves, bounds, settings);
        spent += nodes;
        let Ok(deeper) = deeper else { break };
        if nodes == 0 {
            break; // every line ends the game within the horizon
        }
        let base = if depth == 1 { moves.len() as u64 } else { last };
        growth = (nodes as f64 / base as f64).max(2.0);
        (ranked, depth, last) = (deeper, depth + 1, nodes);
    }
    (ranked, depth, spent)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn threads_sharing_the_root_moves_find_the_same_ranking() {
        let (judge, state) = crate::games::ludo::judge::busy_two_dice_position();
        let moves = judge.rules.legal_moves(&state);
        let mut settings = Settings {
            depth: Some(2),
            budget: 0.0,
            width: None,
            paranoid: false,
            model: 1,
            threads: 1,
            value: None,
            horizon: None,
        };
        let mut memory = Memory::new(&judge.rules);
        let (one, _, nodes) = ranking(&judge, &mut memory, &state, moves.as_ref(), &settings);
        settings.threads = 3;
        let (three, _, shared) = ranking(&judge, &mut memory, &state, moves.as_ref(), &settings);
        assert!(one.len() > 3);
        assert_eq!(one, three);
        assert!(shared >= nodes); // each thread's table is its own
    }

    #[test]
    fn a_given_value_rates_the_leaves_and_the_shipped_one_otherwise() {
        let (judge, state) = crate::games::ludo::judge::busy_two_dice_position();
        let count = judge.learning.features.as_ref().unwrap().names().len();
        let zeros = vec!["0.0"; count].join(",");
        let text = format!(r#"{{"model": "ludo", "weights": [{zeros}]}}"#);
        let mut settings = Settings {
            depth: Some(1),
            budget: 0.0,
            width: None,
            paranoid: false,
            model: 2,
            threads: 1,
            value: crate::ai::value::give(&text),
            horizon: None,
        };
        let moves = judge.rules.legal_moves(&state);
        let mut memory = Memory::new(&judge.rules);
        let mut rank = |settings: &Settings| {
            let (ranked, _, _) = ranking(&judge, &mut memory, &state, moves.as_ref(), settings);
            ranked.iter().map(|r| r.value).collect::<Vec<f64>>()
        };
        assert!(rank(&settings).iter().all(|&v| v == 0.0)); // even chances everywhere
        settings.value = None;
        assert!(rank(&settings).iter().any(|&v| v != 0.0));
    }
}
