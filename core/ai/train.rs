//! Learning a game's value (`value.rs`) by self-play, TD(λ): every seat is played by the
//! one-move player of the value being learned (the move after which the mover's side's chance
//! is highest), dice from a seeded generator; after each game every turn start's predicted
//! chances move towards its λ-return (the next prediction, mixed λ-wise with the later ones,
//! ending in the game's winner), by Adam on the cross-entropy. A fixed set of positions from
//! games of the medium players, with their winners, scores the value as it learns. Everything is
//! deterministic given the seed. A share of the seats (`Schedule::medium`, none by default) may
//! be played by medium players instead, drawn afresh each game, so that the value also learns
//! the positions its searches meet against them.

use crate::ai::features::Features;
use crate::ai::hits::ReachMemo;
use crate::ai::judge::Judge;
use crate::ai::net::{Net, MAX_HIDDEN};
use crate::ai::players::{Kind, Player};
use crate::ai::value::{settled_winner as winner, shares, side_chances, Model};
use crate::ai::vocab::Terms;
use crate::engine::{advance, Game, Phase, State, MAX_SEATS};
use crate::rng::{PyRandom, Rng};

/// A game longer than this many events is left out (none of the rules makes one this long).
const MAX_EVENTS: u32 = 20_000;
/// Chances closer than this are equal.
const TIE: f64 = 1e-12;
const BETA1: f64 = 0.9;
const BETA2: f64 = 0.999;
/// Turn starts kept of each scoring game (every n-th).
const SCORE_EVERY: usize = 4;
/// The medium share is drawn in steps of one in this many.
const SHARE_SCALE: u32 = 1_000_000;

/// How the learning goes: λ, Adam's step size, games of medium players to score on, and the
/// network's hidden units (0: the linear model alone).
#[derive(Clone, Copy, Debug)]
pub struct Schedule {
    pub lambda: f64,
    pub rate: f64,
    pub score_games: u32,
    pub hidden: usize,
    /// The chance that a seat of a self-play game is played by a medium player (0 to 1).
    pub medium: f64,
}

/// Adam's moments for one list of parameters.
struct Adam {
    first: Vec<f64>,
    second: Vec<f64>,
}

impl Adam {
    fn new(size: usize) -> Self {
        Adam {
            first: vec![0.0; size],
            second: vec![0.0; size],
        }
    }

    /// One step of `rate` down the gradient (`grad` times `scale`), the `steps`-th.
    fn step<P: Param>(
        &mut self,
        params: &mut [P],
        grad: &[f64],
        (scale, rate, steps): (f64, f64, i32),
    ) {
        let unbias1 = 1.0 - BETA1.powi(steps);
        let unbias2 = 1.0 - BETA2.powi(steps);
        for (i, &g) in grad.iter().enumerate() {
            let g = g * scale;
            self.first[i] = BETA1 * self.first[i] + (1.0 - BETA1) * g;
            self.second[i] = BETA2 * self.second[i] + (1.0 - BETA2) * g * g;
            let step = self.first[i] / unbias1 / ((self.second[i] / unbias2).sqrt() + 1e-8);
            params[i].lower(rate * step);
        }
    }
}

/// A parameter Adam steps: the linear model's (double) or the network's (single precision).
trait Param {
    fn lower(&mut self, by: f64);
}

impl Param for f64 {
    fn lower(&mut self, by: f64) {
        *self -= by;
    }
}

impl Param for f32 {
    fn lower(&mut self, by: f64) {
        *self = (f64::from(*self) - by) as f32;
    }
}

/// A position's features and the side that won from it.
type Scored = (Terms, usize);

pub struct Trainer<J: Judge> {
    judge: J,
    features: Features,
    pub model: Model,
    moments: (Adam, Adam),
    steps: i32,
    dice: Rng,
    ties: Rng,
    seating: Rng,
    schedule: Schedule,
    pub games: u64,
    scoring: Vec<Scored>,
    memo: ReachMemo,
}

/// What the value makes of the scoring positions: the mean log-likelihood of the winner above
/// the even chance's (nats), the Brier score, and the share of positions whose favourite won.
#[derive(Clone, Copy, Debug, Default)]
pub struct Score {
    pub gain: f64,
    pub brier: f64,
    pub favourite_won: f64,
}

impl<J: Judge> Trainer<J> {
    pub fn new(judge: J, features: Features, seed: u64, schedule: Schedule) -> Self {
        let count = features.names().len();
        let hidden = schedule.hidden.min(MAX_HIDDEN);
        let net = (hidden > 0).then(|| Net::new(count, hidden, &mut Rng::new(seed ^ 0xbe7)));
        let moments = (
            Adam::new(count),
            Adam::new(net.as_ref().map_or(0, |n| n.params.len())),
        );
        let mut trainer = Trainer {
            judge,
            features,
            model: Model {
                linear: vec![0.0; count],
                net,
            },
            moments,
            steps: 0,
            dice: Rng::new(seed),
            ties: Rng::new(seed ^ 0x71e5),
            seating: Rng::new(seed ^ 0x5ea7),
            schedule,
            games: 0,
            scoring: Vec::new(),
            memo: ReachMemo::default(),
        };
        trainer.scoring = trainer.scoring_positions(seed);
        trainer
    }

    /// Every `SCORE_EVERY`-th turn start of the medium players' games, and who won.
    fn scoring_positions(&mut self, seed: u64) -> Vec<Scored> {
        let (judge, features, memo) = (&self.judge, &self.features, &mut self.memo);
        let rules = judge.rules();
        let seats = rules.table().seats;
        let mut dice = Rng::new(seed ^ 0x5eed_5c0e);
        let mut kept = Vec::new();
        for game in 0..self.schedule.score_games {
            let keys: Vec<Vec<u32>> = (0..seats)
                .map(|s| vec![game, s as u32, seed as u32])
                .collect();
            let mut players: Vec<Player> = PyRandom::from_keys(&keys)
                .into_iter()
                .map(|rng| Player::new(Kind::Medium, rng))
                .collect();
            let choose = |state: &State, moves: &[<J::G as Game>::Move]| {
                players[state.current as usize].choose(judge, state, moves)
            };
            let Some((starts, end)) = play(rules, features, memo, &mut dice, choose) else {
                continue;
            };
            let winner = winning_side(rules, &end);
            kept.extend(starts.into_iter().step_by(SCORE_EVERY).map(|t| (t, winner)));
        }
        kept
    }

    /// `count` more games of self-play, learning after each.
    pub fn train(&mut self, count: u64) {
        let mut choosing = ReachMemo::default();
        for _ in 0..count {
            let mut players = self.seating();
            let (judge, features, model) = (&self.judge, &self.features, &self.model);
            let rules = judge.rules();
            let ties = &mut self.ties;
            let choose = |state: &State, moves: &[<J::G as Game>::Move]| match &mut players
                [state.current as usize]
            {
                Some(player) => player.choose(judge, state, moves),
                None => greedy((rules, features, model), &mut choosing, ties, state, moves),
            };
            let played = play(rules, features, &mut self.memo, &mut self.dice, choose);
            self.games += 1;
            if let Some((starts, end)) = played {
                let outcome = outcome(rules, &end);
                self.learn(&starts, outcome);
            }
        }
    }

    /// Each seat's player in the next self-play game: a medium player with the schedule's
    /// chance, else the value's own one-move player (None). With no medium share nothing is
    /// drawn, so that a seed trains the same weights as before the share existed.
    fn seating(&mut self) -> Vec<Option<Player>> {
        let seats = self.judge.rules().table().seats;
        let share = (self.schedule.medium.clamp(0.0, 1.0) * f64::from(SHARE_SCALE)) as u32;
        let game = self.games;
        (0..seats)
            .map(|seat| {
                (share > 0 && self.seating.below(SHARE_SCALE) < share).then(|| {
                    let key = vec![game as u32, (game >> 32) as u32, seat as u32, 0x5ea7];
                    let rng = PyRandom::from_keys(&[key]).pop();
                    Player::new(Kind::Medium, rng.expect("one key seeds one generator"))
                })
            })
            .collect()
    }

    /// One step of Adam towards the λ-returns of a game's turn starts.
    fn learn(&mut self, starts: &[Terms], outcome: [f64; MAX_SEATS]) {
        if starts.is_empty() {
            return;
        }
        let seats = self.judge.rules().table().seats;
        let lambda = self.schedule.lambda;
        let model = &self.model;
        let mut linear = vec![0.0; model.linear.len()];
        let mut network = vec![0.0; model.net.as_ref().map_or(0, |n| n.params.len())];
        let (mut target, mut next) = (outcome, outcome);
        for terms in starts.iter().rev() {
            let mut units = [0.0f32; MAX_HIDDEN];
            let prediction = shares(&model.strengths(terms, seats, &mut units), terms, seats);
            let mut error = [0.0; MAX_SEATS];
            for seat in 0..seats {
                target[seat] = (1.0 - lambda) * next[seat] + lambda * target[seat];
                if terms.playing[seat] {
                    error[seat] = prediction[seat] - target[seat];
                    for (i, v) in terms.of(seat) {
                        linear[i] += error[seat] * v;
                    }
                }
            }
            if let Some(net) = &model.net {
                net.backward(terms, seats, (&units, &error), &mut network);
            }
            next = prediction;
        }
        self.steps += 1;
        let step = (1.0 / starts.len() as f64, self.schedule.rate, self.steps);
        self.moments.0.step(&mut self.model.linear, &linear, step);
        if let Some(net) = &mut self.model.net {
            self.moments.1.step(&mut net.params, &network, step);
        }
    }

    /// The value as it stands, on the medium players' positions.
    pub fn score(&self) -> Score {
        let table = self.judge.rules().table();
        let (sides, mut score) = (table.side_count, Score::default());
        if self.scoring.is_empty() {
            return score;
        }
        for (terms, winner) in &self.scoring {
            let chance = side_chances(table, &self.model.chances(terms, table.seats));
            score.gain += chance[*winner].max(1e-12).ln() + (sides as f64).ln();
            for (side, &p) in chance.iter().enumerate().take(sides) {
                let won = f64::from(u8::from(side == *winner));
                score.brier += (p - won) * (p - won);
            }
            let favourite =
                (0..sides).fold(0, |best, s| if chance[s] > chance[best] { s } else { best });
            score.favourite_won += f64::from(u8::from(favourite == *winner));
        }
        let n = self.scoring.len() as f64;
        Score {
            gain: score.gain / n,
            brier: score.brier / n,
            favourite_won: score.favourite_won / n,
        }
    }
}

/// One game with `choose` deciding when there is a choice, until its winner is settled (what
/// the value learns ends there); the features of each turn start and the last state (none for
/// a game past `MAX_EVENTS`).
fn play<G: Game>(
    rules: &G,
    features: &Features,
    memo: &mut ReachMemo,
    dice: &mut Rng,
    mut choose: impl FnMut(&State, &[G::Move]) -> usize,
) -> Option<(Vec<Terms>, State)> {
    let mut state = rules.initial_state();
    let mut starts = Vec::new();
    let mut events = 0;
    while state.phase != Phase::Over && winner(rules, &state).is_none() {
        events += 1;
        if events > MAX_EVENTS {
            return None;
        }
        if state.phase == Phase::Roll {
            let to_move = state.current as usize;
            starts.push(features.terms(&state.pieces, to_move, memo));
        }
        advance(rules, &mut state, dice, &mut choose);
    }
    Some((starts, state))
}

fn winning_side<G: Game>(rules: &G, end: &State) -> usize {
    winner(rules, end).unwrap_or(0)
}

/// Each seat's share of the win in a finished game (a side's seats share its win).
fn outcome<G: Game>(rules: &G, end: &State) -> [f64; MAX_SEATS] {
    let table = rules.table();
    let side = winning_side(rules, end);
    let winners = (0..table.seats)
        .filter(|&s| table.sides[s] as usize == side)
        .count();
    let mut shares = [0.0; MAX_SEATS];
    for (seat, share) in shares.iter_mut().enumerate().take(table.seats) {
        if table.sides[seat] as usize == side {
            *share = 1.0 / winners as f64;
        }
    }
    shares
}

/// The move after which the mover's side's learned chance is highest (a finished game: its
/// result); equals (as every move is to a value not learned yet) drawn by `ties`.
fn greedy<G: Game>(
    (rules, features, model): (&G, &Features, &Model),
    memo: &mut ReachMemo,
    ties: &mut Rng,
    state: &State,
    moves: &[G::Move],
) -> usize {
    let table = rules.table();
    let side = table.sides[state.current as usize] as usize;
    let (mut best, mut best_chance, mut equal) = (0, f64::NEG_INFINITY, 0);
    for (i, &chosen) in moves.iter().enumerate() {
        let mut after = *state;
        rules.play(&mut after, chosen);
        let chance = if let Some(won) = winner(rules, &after) {
            f64::from(u8::from(won == side))
        } else {
            let terms = features.terms(&after.pieces, after.current as usize, memo);
            side_chances(table, &model.chances(&terms, table.seats))[side]
        };
        if chance > best_chance + TIE {
            (best, best_chance, equal) = (i, chance, 1);
        } else if chance > best_chance - TIE {
            // each of the equals is kept with an equal chance, one draw per tie
            equal += 1;
            if ties.below(equal) == 0 {
                best = i;
            }
        }
    }
    best
}

/// A trainer of any game (the Python boundary holds one).
pub trait Training: Send + Sync {
    fn train(&mut self, count: u64);
    fn score(&self) -> Score;
    fn weights(&self) -> &[f64];
    /// Go on from `weights` (one per feature).
    fn set_weights(&mut self, weights: Vec<f64>) -> Result<(), String>;
    /// The network's hidden units and parameters, where there is one.
    fn network(&self) -> Option<(usize, Vec<f64>)>;
    /// Go on from the network's `params`.
    fn set_network(&mut self, params: Vec<f64>) -> Result<(), String>;
    /// Adam's step size from now on.
    fn set_rate(&mut self, rate: f64);
    fn names(&self) -> Vec<String>;
    fn games(&self) -> u64;
    fn scored(&self) -> usize;
}

impl<J: Judge + Send + Sync> Training for Trainer<J> {
    fn train(&mut self, count: u64) {
        Trainer::train(self, count);
    }

    fn score(&self) -> Score {
        Trainer::score(self)
    }

    fn weights(&self) -> &[f64] {
        &self.model.linear
    }

    fn set_weights(&mut self, weights: Vec<f64>) -> Result<(), String> {
        let count = self.model.linear.len();
        if weights.len() != count {
            let given = weights.len();
            return Err(format!(
                "{given} weights given, the model has {count} features"
            ));
        }
        self.model.linear = weights;
        Ok(())
    }

    fn network(&self) -> Option<(usize, Vec<f64>)> {
        let net = self.model.net.as_ref()?;
        Some((
            net.hidden,
            net.params.iter().map(|&p| f64::from(p)).collect(),
        ))
    }

    fn set_network(&mut self, params: Vec<f64>) -> Result<(), String> {
        let Some(net) = &mut self.model.net else {
            return Err("this training has no network (hidden units 0)".into());
        };
        if params.len() != net.params.len() {
            let (given, size) = (params.len(), net.params.len());
            return Err(format!(
                "{given} network parameters given, the network has {size}"
            ));
        }
        net.params = params.iter().map(|&p| p as f32).collect();
        Ok(())
    }

    fn set_rate(&mut self, rate: f64) {
        self.schedule.rate = rate;
    }

    fn names(&self) -> Vec<String> {
        self.features.names()
    }

    fn games(&self) -> u64 {
        self.games
    }

    fn scored(&self) -> usize {
        self.scoring.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::judge::judge_of;
    use crate::engine::testing;
    use crate::games::headache::Headache;
    use crate::games::trouble::Trouble;

    const SCHEDULE: Schedule = Schedule {
        lambda: 0.7,
        rate: 0.01,
        score_games: 4,
        hidden: 0,
        medium: 0.0,
    };

    fn trouble_trainer(seed: u64) -> Trainer<crate::ai::race_judge::RaceJudge<Trouble>> {
        mixed_trainer(seed, 0.0)
    }

    fn mixed_trainer(seed: u64, medium: f64) -> Trainer<crate::ai::race_judge::RaceJudge<Trouble>> {
        let judge = judge_of(Trouble::new(4, &testing::options(&[])).unwrap());
        let features = judge.learning.features.clone().unwrap();
        Trainer::new(judge, features, seed, Schedule { medium, ..SCHEDULE })
    }

    #[test]
    fn a_medium_share_seats_medium_players_and_stays_deterministic() {
        let medium_seats = |share: f64| {
            let mut trainer = mixed_trainer(3, share);
            let seated: usize = (0..200)
                .map(|_| trainer.seating().iter().flatten().count())
                .sum();
            seated as f64 / 800.0
        };
        assert_eq!(medium_seats(0.0), 0.0);
        assert_eq!(medium_seats(1.0), 1.0);
        let half = medium_seats(0.5);
        assert!((0.4..0.6).contains(&half), "{half}");
        let (mut one, mut two, mut unmixed) = (
            mixed_trainer(5, 0.5),
            mixed_trainer(5, 0.5),
            mixed_trainer(5, 0.0),
        );
        for trainer in [&mut one, &mut two, &mut unmixed] {
            trainer.train(30);
        }
        assert_eq!(one.model, two.model);
        assert_ne!(one.model, unmixed.model);
    }

    #[test]
    fn training_is_deterministic_given_its_seed() {
        let (mut one, mut two, mut other) =
            (trouble_trainer(5), trouble_trainer(5), trouble_trainer(6));
        for trainer in [&mut one, &mut two, &mut other] {
            trainer.train(30);
        }
        assert_eq!(one.model, two.model);
        assert_ne!(one.model, other.model);
        assert!(
            one.model.linear.iter().any(|&w| w != 0.0),
            "it learnt something"
        );
    }

    #[test]
    fn training_raises_the_winners_likelihood_on_the_scoring_positions() {
        let mut trainer = trouble_trainer(1);
        let before = trainer.score();
        assert!(before.gain.abs() < 1e-12, "zero weights: the even chance");
        trainer.train(2000);
        let after = trainer.score();
        assert!(after.gain > 0.1, "{after:?}");
        assert!(after.brier < before.brier, "{after:?} {before:?}");
    }

    #[test]
    fn a_headache_seat_without_cones_has_no_chance() {
        let judge = judge_of(Headache::new(3, &testing::options(&[])).unwrap());
        let features = judge.learning.features.clone().unwrap();
        let mut trainer = Trainer::new(judge, features, 2, SCHEDULE);
        trainer.train(20);
        let mut state = trainer.judge.rules().initial_state();
        // seat 1's cones all under seat 0's top cone: it owns none
        state.pieces[0] = [-1, -1, -1, 8 * 16 + 4];
        state.pieces[1] = [8 * 16, 8 * 16 + 1, 8 * 16 + 2, 8 * 16 + 3];
        let terms = trainer
            .features
            .terms(&state.pieces, 0, &mut ReachMemo::default());
        let found = trainer.model.chances(&terms, 3);
        assert_eq!(found[1], 0.0);
        assert!((found[0] + found[2] - 1.0).abs() < 1e-12);
    }
}
