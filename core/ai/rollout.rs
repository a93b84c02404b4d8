//! Truncated rollouts (Monte Carlo policy improvement), the search player's other way to rank
//! its moves (`Settings::horizon`): each move is played on for `horizon` decisions by every
//! seat's one-move player of the search's leaves (the move after which its side's leaf value is
//! highest), and the position reached is rated by the leaves (or by its places, where the game
//! ended). A move's values are the mean over rounds; round r draws every move's dice from one
//! generator seeded by the position and r, so the moves are compared on the same throws. Rounds
//! go on until the node budget is spent (every leaf a node) or one move leads every other
//! clearly, each move getting every round: a choice depends only on the position and the
//! settings.

use crate::ai::judge::Judge;
use crate::ai::search::{descending, Known, Ranked, Search, Settings};
use crate::ai::transposition::{key_hash, Transpositions};
use crate::ai::vocab::Values;
use crate::engine::{advance, Game, Phase, State, MAX_SEATS};
use crate::rng::Rng;

/// Rounds never go past this many, whatever the budget.
pub const MAX_ROUNDS: u32 = 100_000;
/// The rounds stop early once the leading move's mean is this many standard errors above
/// every other move's (the standard error of the paired difference over the rounds).
const CLEAR_LEAD: f64 = 3.0;
/// Rounds played before the lead is judged.
const FIRST_ROUNDS: u32 = 16;

/// Every legal move with its rollout values, best first (stable); the rounds played and the
/// nodes spent.
pub fn rank<J: Judge>(
    judge: &J,
    (known, table): (&Known, &mut Transpositions),
    state: &State,
    (moves, horizon): (&[<J::G as Game>::Move], u32),
    settings: &Settings,
) -> (Vec<Ranked>, u32, u64) {
    let mut search = Search::new(judge, known, table, f64::INFINITY, settings);
    let rules = judge.rules();
    let side = search.side(state.current);
    // moves that reach the same position (two dice used in either order) are rolled out once
    let (mut afters, mut of_move) = (Vec::<State>::new(), Vec::with_capacity(moves.len()));
    for &chosen in moves {
        let mut next = *state;
        rules.play(&mut next, chosen);
        of_move.push(afters.iter().position(|a| *a == next).unwrap_or_else(|| {
            afters.push(next);
            afters.len() - 1
        }));
    }
    let base = key_hash(state, 0);
    let mut tally = Tally::new(afters.len());
    while tally.rounds == 0
        || (tally.rounds < MAX_ROUNDS
            && (search.nodes as f64) < settings.budget
            && !tally.clear(side))
    {
        let seed = base ^ u64::from(tally.rounds).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let round: Vec<Values> = afters
            .iter()
            .map(|after| play_out(&mut search, *after, horizon, &mut Rng::new(seed)))
            .collect();
        tally.add(&round, side);
    }
    let mut ranked: Vec<Ranked> = of_move
        .iter()
        .enumerate()
        .map(|(index, &after)| {
            let values: Values = tally.totals[after].map(|t| t / f64::from(tally.rounds));
            Ranked {
                index,
                value: values[side],
                values,
            }
        })
        .collect();
    ranked.sort_by(|a, b| descending(a.value, b.value));
    (ranked, tally.rounds, search.nodes)
}

/// The rounds' sums: every side's values per move, and the mover's side's products of every
/// two moves' values (for the variance of their paired difference).
struct Tally {
    rounds: u32,
    totals: Vec<Values>,
    products: Vec<Vec<f64>>,
}

impl Tally {
    fn new(moves: usize) -> Self {
        Tally {
            rounds: 0,
            totals: vec![[0.0; MAX_SEATS]; moves],
            products: vec![vec![0.0; moves]; moves],
        }
    }

    fn add(&mut self, round: &[Values], side: usize) {
        for (total, values) in self.totals.iter_mut().zip(round) {
            for (t, v) in total.iter_mut().zip(values) {
                *t += v;
            }
        }
        for (row, a) in self.products.iter_mut().zip(round) {
            for (product, b) in row.iter_mut().zip(round) {
                *product += a[side] * b[side];
            }
        }
        self.rounds += 1;
    }

    /// Whether the leading move (for `side`) is clearly ahead of every other.
    fn clear(&self, side: usize) -> bool {
        let moves = self.totals.len();
        if moves == 1 {
            return true;
        }
        if self.rounds < FIRST_ROUNDS {
            return false;
        }
        let n = f64::from(self.rounds);
        let mean = |i: usize| self.totals[i][side] / n;
        let leader = (0..moves).fold(0, |best, i| if mean(i) > mean(best) { i } else { best });
        (0..moves).filter(|&i| i != leader).all(|i| {
            let lead = mean(leader) - mean(i);
            let p = &self.products;
            let squares = p[leader][leader] - 2.0 * p[leader][i] + p[i][i];
            let variance = ((squares - n * lead * lead) / (n - 1.0)).max(0.0);
            lead > CLEAR_LEAD * (variance / n).sqrt()
        })
    }
}

/// `state` played on by the one-move players until `horizon` decisions are made and the next
/// turn's roll is due (or the game ends), and rated there.
fn play_out<J: Judge>(
    search: &mut Search<J>,
    mut state: State,
    horizon: u32,
    dice: &mut Rng,
) -> Values {
    let rules = search.judge().rules();
    let mut decisions = 0;
    loop {
        match state.phase {
            Phase::Over => return search.leaf_values(&state),
            Phase::Roll if decisions >= horizon => return search.leaf_values(&state),
            Phase::Move => decisions += 1,
            _ => {}
        }
        advance(rules, &mut state, dice, |now, moves| {
            one_move(search, now, moves)
        });
    }
}

/// The move after which the mover's side's leaf value is highest (the first of equals).
fn one_move<J: Judge>(
    search: &mut Search<J>,
    state: &State,
    moves: &[<J::G as Game>::Move],
) -> usize {
    let rules = search.judge().rules();
    let side = search.side(state.current);
    let (mut best, mut best_value) = (0, f64::NEG_INFINITY);
    for (index, &chosen) in moves.iter().enumerate() {
        let mut next = *state;
        rules.play(&mut next, chosen);
        let value = search.leaf_values(&next)[side];
        if value > best_value {
            (best, best_value) = (index, value);
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::judge::judge_of;
    use crate::ai::search::{self, Memory};
    use crate::engine::testing;
    use crate::games::ludo::TwoDiceLudo;

    fn settings(budget: f64) -> Settings {
        Settings {
            depth: None,
            budget,
            width: None,
            paranoid: false,
            model: 2,
            threads: 1,
            value: None,
            horizon: Some(4),
        }
    }

    #[test]
    fn rollouts_rank_every_move_once_the_same_way_each_time_and_longer_with_more_budget() {
        let (judge, state) = crate::games::ludo::judge::busy_two_dice_position();
        let moves = judge.rules.legal_moves(&state);
        let moves = moves.as_ref();
        let mut memory = Memory::new(&judge.rules);
        let mut rank = |budget| {
            let settings = settings(budget);
            rank(
                &judge,
                memory.ready(&judge, &settings),
                &state,
                (moves, 4),
                &settings,
            )
        };
        let (ranked, rounds, nodes) = rank(20_000.0);
        let mut indices: Vec<usize> = ranked.iter().map(|r| r.index).collect();
        indices.sort_unstable();
        assert_eq!(indices, (0..moves.len()).collect::<Vec<_>>());
        assert!(ranked.windows(2).all(|w| w[0].value >= w[1].value));
        assert!(nodes >= 20_000 && rounds > 1);
        assert_eq!(rank(20_000.0), (ranked, rounds, nodes));
        let (_, more, _) = rank(80_000.0);
        assert!(more > 2 * rounds);
    }

    #[test]
    fn a_clearly_better_move_ends_the_rounds_early_and_ranks_first() {
        let judge = judge_of(TwoDiceLudo::new(2, &[]).unwrap());
        // with 3 then 1, red's pin lands on yellow's pin (28 points on from its start) and hits it
        let yellow_at_4 = 48 - 24 + 4;
        let state = testing::to_move(
            &judge.rules,
            &[[1, -1, -1, -1], [yellow_at_4, -1, -1, -1]],
            [3, 1],
        );
        let moves = judge.rules.legal_moves(&state);
        let moves = moves.as_ref();
        let mut memory = Memory::new(&judge.rules);
        let budget = 1e9;
        let settings = settings(budget);
        let tables = memory.ready(&judge, &settings);
        let (ranked, rounds, nodes) = rank(&judge, tables, &state, (moves, 4), &settings);
        let mut best = state;
        judge.rules.play(&mut best, moves[ranked[0].index]);
        assert_eq!(best.pieces[1][0], -1); // the hit
        assert!(moves.len() > 1 && rounds < MAX_ROUNDS && (nodes as f64) < budget);
    }

    #[test]
    fn a_rollout_ends_where_the_game_ends_and_rates_it_by_its_places() {
        let judge = judge_of(TwoDiceLudo::new(2, &[]).unwrap());
        let exit = judge.rules.shape().goal;
        // red needs a 3 and a 2 for its last two pins; every legal move uses both and wins
        let state = testing::to_move(
            &judge.rules,
            &[[exit, exit, exit - 3, exit - 2], [-1, -1, -1, 0]],
            [3, 2],
        );
        let moves = judge.rules.legal_moves(&state);
        let mut memory = Memory::new(&judge.rules);
        let rolling = settings(1_000.0);
        let tables = memory.ready(&judge, &rolling);
        let (ranked, rounds, _) = rank(&judge, tables, &state, (moves.as_ref(), 4), &rolling);
        let won = search::ranking(
            &judge,
            &mut memory,
            &state,
            moves.as_ref(),
            &Settings {
                depth: Some(1),
                ..settings(0.0)
            },
        )
        .0;
        assert!(rounds >= 1);
        assert_eq!(ranked[0].values, won[0].values); // the finished game's worth, every round
        assert!(ranked[0].value > 0.0);
    }
}
