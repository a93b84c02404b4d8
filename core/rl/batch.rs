//! `Batch`: many games stepped at once, the learner's seats left to the caller and every other
//! seat played by a computer player here, with the dice and players seeded as
//! `pegrace.match.run_game` seeds them (so an episode is the Python environment's episode of
//! the same seed).

use std::cell::Cell;

use crate::ai::judge::Judge;
use crate::ai::players::{Kind, Player};
use crate::engine::{Game, Phase, State};
use crate::rl::encoding::{Encoding, MAX_OBSERVATION};
use crate::rng::{int_key, text_key, Draw, PyRandom};

/// The next episode's seed after one seeded `seed` (splitmix64, kept to 63 bits).
pub fn next_seed(seed: u64) -> u64 {
    let mut z = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (z ^ (z >> 31)) >> 1
}

/// One game of a batch.
struct Slot {
    state: State,
    dice: PyRandom,
    /// Per seat: its computer player; none for the learner's seats.
    players: Vec<Option<Player>>,
    seed: u64,
    /// The actions of the legal moves at the learner's decision, in the moves' order.
    actions: Vec<u16>,
    /// Every roll, pop and move so far, where the batch keeps a log.
    events: Vec<Logged>,
}

/// A roll (the dice as Python writes them; a roll-off pop: one die) or a move (its text), and
/// the seat it was of.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Logged {
    Roll { seat: u8, dice: Vec<u8>, pop: bool },
    Move { seat: u8, text: String },
}

/// What one call of `Batch::step` writes, a row per game (numpy's arrays, written in place).
pub struct Outputs<'a> {
    pub observations: &'a [Cell<f32>],
    pub masks: &'a [Cell<u8>],
    pub rewards: &'a [Cell<f64>],
    pub ended: &'a [Cell<u8>],
    /// The last observation of each game that ended (its row is the next game's first).
    pub finals: &'a [Cell<f32>],
}

/// `values` into `cells`, one by one.
pub fn put<T: Copy>(cells: &[Cell<T>], values: &[T]) {
    for (cell, &value) in cells.iter().zip(values) {
        cell.set(value);
    }
}

/// Many games: the learner's seats (`kinds[seat]` none) are asked for their moves, every
/// other seat plays here.
pub struct Batch {
    pub encoding: Encoding,
    colours: Vec<String>,
    kinds: Vec<Option<Kind>>,
    /// The seat an observation is from when none of the learner's seats is to move.
    viewer: usize,
    /// Whether the caller rolls the dice (`roll`: chance nodes), and whether games keep a log.
    pub chance_nodes: bool,
    pub log: bool,
    slots: Vec<Slot>,
}

impl Batch {
    /// `viewer`: the learner's seat that observations are from when no learner's seat is to
    /// move (its first).
    pub fn new(
        encoding: Encoding,
        colours: Vec<String>,
        kinds: Vec<Option<Kind>>,
        viewer: usize,
        count: usize,
        initial: State,
    ) -> Result<Self, String> {
        if kinds.len() != colours.len() {
            return Err(format!("{} seats, {} players", colours.len(), kinds.len()));
        }
        if kinds.get(viewer).is_none_or(Option::is_some) {
            return Err(format!("seat {viewer} is not the learner's"));
        }
        let slots = (0..count)
            .map(|_| Slot {
                state: initial,
                dice: PyRandom::from_int(0),
                players: Vec::new(),
                seed: 0,
                actions: Vec::new(),
                events: Vec::new(),
            })
            .collect();
        Ok(Batch {
            encoding,
            colours,
            kinds,
            viewer,
            chance_nodes: false,
            log: false,
            slots,
        })
    }

    pub fn len(&self) -> usize {
        self.slots.len()
    }

    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    pub fn seeds(&self) -> Vec<u64> {
        self.slots.iter().map(|s| s.seed).collect()
    }

    pub fn state(&self, index: usize) -> &State {
        &self.slots[index].state
    }

    /// Game `index` anew, seeded `seed` (the dice `random.Random(seed)`, each computer seat's
    /// player `random.Random(f"{seed}:{colour}")`), played on to the learner's first decision.
    pub fn reset<J: Judge>(&mut self, judge: &J, index: usize, seed: u64) {
        let mut keys = vec![int_key(u128::from(seed))];
        let computers: Vec<usize> = (0..self.kinds.len())
            .filter(|&s| self.kinds[s].is_some())
            .collect();
        keys.extend(
            computers
                .iter()
                .map(|&s| text_key(&format!("{seed}:{}", self.colours[s]))),
        );
        let mut generators = PyRandom::from_keys(&keys).into_iter();
        let slot = &mut self.slots[index];
        slot.dice = generators.next().expect("the dice's generator");
        slot.players = self.kinds.iter().map(|_| None).collect();
        for (&seat, rng) in computers.iter().zip(generators) {
            let kind = self.kinds[seat].expect("a computer seat");
            slot.players[seat] = Some(Player::new(kind, rng));
        }
        slot.seed = seed;
        slot.state = judge.rules().initial_state();
        slot.events.clear();
        self.advance(judge, index);
    }

    /// Roll and let the computer seats move until a learner's seat must choose (or, with
    /// chance nodes, the dice must be rolled) or the game is over; then list the choice's
    /// actions.
    fn advance<J: Judge>(&mut self, judge: &J, index: usize) {
        let rules = judge.rules();
        let (encoding, log, chance_nodes) = (&self.encoding, self.log, self.chance_nodes);
        let slot = &mut self.slots[index];
        slot.actions.clear();
        loop {
            let state = &mut slot.state;
            match state.phase {
                Phase::Over => return,
                Phase::Move => {
                    let moves = rules.legal_moves(state);
                    let moves = moves.as_ref();
                    let Some(player) = &mut slot.players[state.current as usize] else {
                        slot.actions.extend(
                            moves.iter().map(|&m| {
                                encoding.action(state, &rules.move_view(state, m)) as u16
                            }),
                        );
                        return;
                    };
                    let pick = if moves.len() == 1 {
                        0
                    } else {
                        player.choose(judge, state, moves)
                    };
                    if log {
                        slot.events.push(Logged::Move {
                            seat: state.current,
                            text: rules.move_text(state, moves[pick]),
                        });
                    }
                    rules.play(state, moves[pick]);
                }
                _ if chance_nodes => return,
                Phase::Roll => {
                    let thrown = rules.throw(&mut slot.dice);
                    Self::rolled(rules, slot, thrown, log);
                }
                Phase::Rolloff => {
                    let pop = [slot.dice.d6(), 0];
                    Self::rolled(rules, slot, pop, log);
                }
            }
        }
    }

    /// A roll, as the state holds it (`throw` draws it so), or a roll-off pop, played (and
    /// logged as Python writes it).
    fn rolled<G: Game>(rules: &G, slot: &mut Slot, held: [u8; 2], log: bool) {
        let state = &mut slot.state;
        let pop = state.phase == Phase::Rolloff;
        if log {
            let dice = if pop {
                vec![held[0]]
            } else {
                rules.outcome_numbers(held)
            };
            slot.events.push(Logged::Roll {
                seat: state.current,
                dice,
                pop,
            });
        }
        if pop {
            *state = rules.apply_roll(state, held);
        } else {
            // as `play::play_out` rolls: the roll is already in the state's form
            state.roll = held;
            state.phase = Phase::Move;
        }
    }

    /// The chances of the outcomes of game `index`'s chance node, in `Rules.chance_outcomes`
    /// order (none where it is not at one).
    pub fn chances<J: Judge>(&self, judge: &J, index: usize) -> Vec<f64> {
        match self.slots[index].state.phase {
            Phase::Roll => judge.rules().outcomes().iter().map(|o| o.1).collect(),
            Phase::Rolloff => vec![1.0 / 6.0; 6],
            _ => Vec::new(),
        }
    }

    /// Outcome `outcome` of game `index`'s chance node (with chance nodes), then on to the next
    /// node; false (nothing changed) where there is no such outcome.
    pub fn roll<J: Judge>(&mut self, judge: &J, index: usize, outcome: usize) -> bool {
        let rules = judge.rules();
        let held = match self.slots[index].state.phase {
            Phase::Roll => rules.outcomes().get(outcome).map(|o| rules.roll_of(o.0)),
            Phase::Rolloff => (outcome < 6).then_some([outcome as u8 + 1, 0]),
            _ => None,
        };
        let Some(held) = held else { return false };
        Self::rolled(rules, &mut self.slots[index], held, self.log);
        self.advance(judge, index);
        true
    }

    /// The learner's `action` in game `index`, then the game played on to the learner's next
    /// decision; false (nothing changed) if it is not a legal move there.
    pub fn act<J: Judge>(&mut self, judge: &J, index: usize, action: i64) -> bool {
        let slot = &mut self.slots[index];
        let Some(k) = slot.actions.iter().position(|&a| i64::from(a) == action) else {
            return false;
        };
        let rules = judge.rules();
        let chosen = rules.legal_moves(&slot.state).as_ref()[k];
        if self.log {
            let (seat, text) = (slot.state.current, rules.move_text(&slot.state, chosen));
            slot.events.push(Logged::Move { seat, text });
        }
        rules.play(&mut slot.state, chosen);
        self.advance(judge, index);
        true
    }

    pub fn events(&self, index: usize) -> &[Logged] {
        &self.slots[index].events
    }

    /// The seat game `index` is seen from: the learner's seat to move, else the viewer's.
    fn seen_from(&self, index: usize) -> usize {
        let slot = &self.slots[index];
        let current = slot.state.current as usize;
        if slot.state.phase != Phase::Over && slot.players[current].is_none() {
            current
        } else {
            self.viewer
        }
    }

    pub fn observe<J: Judge>(&self, judge: &J, index: usize, out: &mut [f32]) {
        self.observe_from(judge, index, self.seen_from(index), out);
    }

    /// Game `index` as `seat` sees it.
    pub fn observe_from<J: Judge>(&self, judge: &J, index: usize, seat: usize, out: &mut [f32]) {
        self.encoding
            .observe_judged(judge, &self.slots[index].state, seat, out);
    }

    /// Game `index`'s legal actions (1) among all (0).
    pub fn mask(&self, index: usize, out: &[Cell<u8>]) {
        out.iter().for_each(|cell| cell.set(0));
        for &action in &self.slots[index].actions {
            out[usize::from(action)].set(1);
        }
    }

    /// The learner's reward in game `index`: its side's place reward once over, else 0.
    pub fn reward<J: Judge>(&self, judge: &J, index: usize) -> f64 {
        if self.slots[index].state.phase != Phase::Over {
            return 0.0;
        }
        let table = judge.rules().table();
        self.returns(judge, index)[table.sides[self.viewer] as usize]
    }

    /// Each side's place reward in game `index` (`Rules.returns`).
    pub fn returns<J: Judge>(&self, judge: &J, index: usize) -> Vec<f64> {
        let table = judge.rules().table();
        let places = judge.rules().places(&self.slots[index].state);
        places[..table.side_count]
            .iter()
            .map(|&place| table.place_reward(place))
            .collect()
    }

    /// Game `index`'s observation and mask, into its rows of `observations` and `masks`.
    fn show<J: Judge>(
        &self,
        judge: &J,
        index: usize,
        observations: &[Cell<f32>],
        masks: &[Cell<u8>],
    ) {
        let (size, width) = (self.encoding.observation_size(), self.encoding.actions());
        let mut seen = [0.0f32; MAX_OBSERVATION];
        self.observe(judge, index, &mut seen[..size]);
        put(&observations[index * size..][..size], &seen[..size]);
        self.mask(index, &masks[index * width..][..width]);
    }

    /// Every game's observation and mask (after a reset).
    pub fn look<J: Judge>(&self, judge: &J, observations: &[Cell<f32>], masks: &[Cell<u8>]) {
        for index in 0..self.slots.len() {
            self.show(judge, index, observations, masks);
        }
    }

    /// One learner action per game. A game that ends (or whose action was illegal: reward
    /// -1, nothing played) is reset with its next seed; its last observation goes to
    /// `finals`.
    pub fn step<J: Judge>(&mut self, judge: &J, actions: &[i64], out: &Outputs<'_>) {
        let size = self.encoding.observation_size();
        let mut seen = [0.0f32; MAX_OBSERVATION];
        for (index, &action) in actions.iter().enumerate() {
            let legal = self.act(judge, index, action);
            let over = !legal || self.slots[index].state.phase == Phase::Over;
            out.rewards[index].set(if legal {
                self.reward(judge, index)
            } else {
                -1.0
            });
            out.ended[index].set(u8::from(over));
            if over {
                self.observe(judge, index, &mut seen[..size]);
                put(&out.finals[index * size..][..size], &seen[..size]);
                let seed = next_seed(self.slots[index].seed);
                self.reset(judge, index, seed);
            }
            self.show(judge, index, out.observations, out.masks);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::judge::judge_of;
    use crate::games::headache::Headache;
    use crate::games::ludo::TwoDiceLudo;
    use crate::games::trouble::Trouble;

    const COLOURS: [&str; 4] = ["red", "yellow", "green", "blue"];

    fn batch<J: Judge>(judge: &J, encoding: Encoding, kinds: Vec<Option<Kind>>) -> Batch {
        let colours = COLOURS[..kinds.len()]
            .iter()
            .map(|c| c.to_string())
            .collect();
        let initial = judge.rules().initial_state();
        Batch::new(encoding, colours, kinds, 0, 3, initial).expect("a learner's seat")
    }

    fn random_others(seats: usize) -> Vec<Option<Kind>> {
        (0..seats)
            .map(|s| (s > 0).then_some(Kind::Random))
            .collect()
    }

    /// Plays the first legal action `steps` times in every game; checks each decision.
    fn play_first_actions<J: Judge>(judge: &J, batch: &mut Batch, steps: usize) -> usize {
        let mut ended = 0;
        for _ in 0..steps {
            for index in 0..batch.len() {
                let state = *batch.state(index);
                assert_eq!(
                    state.phase,
                    Phase::Move,
                    "stopped at the learner's decision"
                );
                assert_eq!(state.current, 0, "the learner (red) is to move");
                let actions = batch.slots[index].actions.clone();
                let moves = judge.rules().legal_moves(&state);
                assert_eq!(
                    actions.len(),
                    moves.as_ref().len(),
                    "an action per legal move"
                );
                let mut distinct = actions.clone();
                distinct.sort_unstable();
                distinct.dedup();
                assert_eq!(
                    distinct.len(),
                    actions.len(),
                    "no two moves share an action"
                );
                assert!(actions
                    .iter()
                    .all(|&a| usize::from(a) < batch.encoding.actions()));
                assert!(batch.act(judge, index, i64::from(actions[0])));
                if batch.state(index).phase == Phase::Over {
                    ended += 1;
                    let seed = next_seed(batch.slots[index].seed);
                    batch.reset(judge, index, seed);
                }
            }
        }
        ended
    }

    #[test]
    fn each_games_spaces_have_their_documented_sizes() {
        let trouble = judge_of(Trouble::new(4, &[]).unwrap());
        let ludo = judge_of(TwoDiceLudo::new(4, &[]).unwrap());
        let race = Encoding::race(trouble.race.shape.clone(), false);
        let two_dice = Encoding::race(ludo.race.shape.clone(), true);
        let headache = Encoding::headache(4);
        assert_eq!((race.actions(), race.observation_size()), (9, 48));
        assert_eq!((two_dice.actions(), two_dice.observation_size()), (41, 48));
        assert_eq!(
            (headache.actions(), headache.observation_size()),
            (4705, 260)
        );
        assert!(headache.observation_size() <= MAX_OBSERVATION);
    }

    #[test]
    fn the_learner_is_asked_at_each_of_its_decisions_with_an_action_per_move() {
        let judge = judge_of(Trouble::new(4, &[]).unwrap());
        let encoding = Encoding::race(judge.race.shape.clone(), false);
        let mut games = batch(&judge, encoding, random_others(4));
        (0..games.len()).for_each(|i| games.reset(&judge, i, i as u64));
        assert!(
            play_first_actions(&judge, &mut games, 400) > 0,
            "games ended"
        );
        let judge = judge_of(TwoDiceLudo::new(4, &[]).unwrap());
        let encoding = Encoding::race(judge.race.shape.clone(), true);
        let mut games = batch(&judge, encoding, random_others(4));
        (0..games.len()).for_each(|i| games.reset(&judge, i, 7 + i as u64));
        assert!(play_first_actions(&judge, &mut games, 300) > 0);
        let judge = judge_of(Headache::new(4, &[]).unwrap());
        let mut games = batch(&judge, Encoding::headache(4), random_others(4));
        (0..games.len()).for_each(|i| games.reset(&judge, i, i as u64));
        play_first_actions(&judge, &mut games, 100);
    }

    #[test]
    fn an_illegal_action_changes_nothing() {
        let judge = judge_of(Trouble::new(2, &[]).unwrap());
        let encoding = Encoding::race(judge.race.shape.clone(), false);
        let mut games = batch(&judge, encoding, random_others(2));
        games.reset(&judge, 0, 3);
        let before = *games.state(0);
        let illegal = (0..9)
            .find(|a| !games.slots[0].actions.contains(a))
            .unwrap();
        assert!(!games.act(&judge, 0, i64::from(illegal)));
        assert!(!games.act(&judge, 0, -1));
        assert_eq!(*games.state(0), before);
    }

    #[test]
    fn with_chance_nodes_the_caller_rolls_and_the_log_keeps_every_event() {
        let judge = judge_of(TwoDiceLudo::new(2, &[]).unwrap());
        let encoding = Encoding::race(judge.race.shape.clone(), true);
        let mut games = batch(&judge, encoding, vec![None, None]);
        (games.chance_nodes, games.log) = (true, true);
        games.reset(&judge, 0, 1);
        assert_eq!(games.state(0).phase, Phase::Rolloff);
        assert_eq!(games.chances(&judge, 0), vec![1.0 / 6.0; 6]);
        assert!(!games.roll(&judge, 0, 6), "a pop is one of 6");
        let mut rolls = 0;
        while games.state(0).phase != Phase::Move {
            assert!(games.roll(&judge, 0, rolls % 6));
            rolls += 1;
        }
        assert_eq!(games.events(0).len(), rolls);
        let chances: f64 = games.chances(&judge, 0).iter().sum();
        assert_eq!(chances, 0.0, "a decision is no chance node");
    }

    #[test]
    fn the_next_seed_is_fixed_and_fits_63_bits() {
        assert_eq!(next_seed(5), next_seed(5));
        assert_ne!(next_seed(5), next_seed(6));
        assert!([0, 1, u64::MAX].iter().all(|&s| next_seed(s) < 1 << 63));
    }
}
