//! Reinforcement learning on the core: each game's fixed action space and observation, seen
//! from one seat (the layout `pegrace.rl.encoding` documents, value for value), and `Batch`,
//! many games stepped at once, the learner's seats left to the caller and every other seat
//! played by a computer player here, with the dice and players seeded as
//! `pegrace.match.run_game` seeds them (so an episode is the Python environment's episode of
//! the same seed).

use std::cell::Cell;

use crate::ai::eval::Judge;
use crate::ai::players::{Kind, Player};
use crate::engine::{Game, MoveView, Phase, RaceShape, State, PIECES};
use crate::games::headache::{HEIGHT_BITS, HEIGHT_MASK, SPACES};
use crate::rng::{int_key, text_key, Draw, PyRandom};

/// Observations list 4 seats, whatever the player count; a roll is up to two dice of 6 faces.
const SEATS: usize = 4;
const FACES: usize = 6;
/// Headache's START as an action's origin (past the board's spaces).
const START_ORIGIN: usize = SPACES;
/// The longest observation (Headache's).
const MAX_OBSERVATION: usize = SPACES * (SEATS + 1) + 2 * SEATS + 2 * FACES;

/// How a game's moves become actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Layout {
    /// `owner * 4 + piece` (9): one piece moves with one die (Trouble, one-die Ludo, Marbles).
    OneDie,
    /// `(die * 4 + first) * 5 + second` (41): two-dice Ludo's ordered uses of the dice.
    TwoDice,
    /// `(origin * 48 + target) * 2 + ccw` (4,705): Headache's cones and stacks.
    Headache,
}

/// A game's action space and observation (`pegrace.rl.encoding`).
#[derive(Clone, Debug)]
pub struct Encoding {
    layout: Layout,
    seats: usize,
    race: Option<RaceShape>,
}

impl Encoding {
    /// A race game's: one die, or two-dice Ludo's two.
    pub fn race(shape: RaceShape, two_dice: bool) -> Self {
        Encoding {
            layout: if two_dice {
                Layout::TwoDice
            } else {
                Layout::OneDie
            },
            seats: shape.seats,
            race: Some(shape),
        }
    }

    pub fn headache(seats: usize) -> Self {
        Encoding {
            layout: Layout::Headache,
            seats,
            race: None,
        }
    }

    /// How many actions the game has (the last is the pass).
    pub fn actions(&self) -> usize {
        match self.layout {
            Layout::OneDie => 2 * PIECES + 1,
            Layout::TwoDice => 2 * PIECES * (PIECES + 1) + 1,
            Layout::Headache => (SPACES + 1) * SPACES * 2 + 1,
        }
    }

    pub fn observation_size(&self) -> usize {
        let seat_and_roll = SEATS + 2 * FACES;
        match self.layout {
            Layout::Headache => SPACES * (SEATS + 1) + SEATS + seat_and_roll,
            _ => SEATS * PIECES * 2 + seat_and_roll,
        }
    }

    /// The action of a legal move of `state`'s seat to move (`view`: the move as Python
    /// holds it).
    pub fn action(&self, state: &State, view: &MoveView) -> usize {
        let Some(&(die, origin, target)) = view.uses.first() else {
            return self.actions() - 1;
        };
        let row = &state.pieces[view.owner as usize];
        let index = |row: &[i16], at: i16| row.iter().position(|&p| p == at).unwrap_or(0);
        match self.layout {
            Layout::Headache => {
                let from = if view.from_start {
                    START_ORIGIN
                } else {
                    origin as usize
                };
                (from * SPACES + target as usize) * 2 + usize::from(view.backward)
            }
            Layout::TwoDice => {
                let first = index(row, origin);
                let mut after = *row;
                after[first] = target;
                after.sort_unstable();
                let second = view.uses.get(1).map_or(PIECES, |u| index(&after, u.1));
                let lower = die != state.roll[0].min(state.roll[1]);
                (usize::from(lower) * PIECES + first) * (PIECES + 1) + second
            }
            Layout::OneDie => {
                usize::from(view.owner != state.current) * PIECES + index(row, origin)
            }
        }
    }

    /// `state` as `seat` sees it, into `out` (`observation_size` long; every value written).
    pub fn observe<G: Game>(&self, rules: &G, state: &State, seat: usize, out: &mut [f32]) {
        out.fill(0.0);
        let at = match &self.race {
            Some(shape) => self.observe_race(shape, state, seat, out),
            None => self.observe_headache(state, seat, out),
        };
        self.seat_and_roll(rules, state, seat, &mut out[at..]);
    }

    /// A seat's place round the table from `seat` (0: `seat` itself).
    fn round(&self, seat: usize, other: usize) -> usize {
        (other + self.seats - seat) % self.seats
    }

    fn observe_race(
        &self,
        shape: &RaceShape,
        state: &State,
        seat: usize,
        out: &mut [f32],
    ) -> usize {
        let loop_len = shape.space_of[0].len() as i16;
        let mine = shape.space_of[seat][0];
        let goal = f64::from(shape.goal + 1);
        for other in 0..self.seats {
            let k = self.round(seat, other);
            for (p, &position) in state.pieces[other].iter().enumerate() {
                let at = (k * PIECES + p) * 2;
                if position >= 0 {
                    out[at] = (f64::from(position + 1) / goal) as f32;
                }
                out[at + 1] = if (0..shape.lane_start).contains(&position) {
                    let space = shape.space_of[other][(position % loop_len) as usize];
                    (f64::from((space - mine).rem_euclid(loop_len)) / f64::from(loop_len)) as f32
                } else {
                    -1.0
                };
            }
        }
        SEATS * PIECES * 2
    }

    fn observe_headache(&self, state: &State, seat: usize, out: &mut [f32]) -> usize {
        let start_counts = SPACES * (SEATS + 1);
        let mut tops = [-1i16; SPACES];
        for other in 0..self.seats {
            let k = self.round(seat, other);
            for &cone in &state.pieces[other] {
                if cone < 0 {
                    out[start_counts + k] += 1.0 / PIECES as f32;
                    continue;
                }
                let (space, height) = ((cone >> HEIGHT_BITS) as usize, cone & HEIGHT_MASK);
                if height > tops[space] {
                    // the top cone owns the stack
                    tops[space] = height;
                    let cell = &mut out[space * (SEATS + 1)..(space + 1) * (SEATS + 1)];
                    cell.fill(0.0);
                    cell[k] = 1.0;
                    cell[SEATS] = (f64::from(height + 1) / 16.0) as f32;
                }
            }
        }
        start_counts + SEATS
    }

    /// The seat to act (from `seat`), then the dice: one-hot of 6 per die (Headache: the
    /// number die, then its bonus dot where a second die would be).
    fn seat_and_roll<G: Game>(&self, rules: &G, state: &State, seat: usize, out: &mut [f32]) {
        if state.phase != Phase::Over {
            out[self.round(seat, state.current as usize)] = 1.0;
        }
        if state.roll[0] == 0 {
            return;
        }
        let dice = rules.roll_to_python(state.roll);
        if self.layout == Layout::Headache {
            out[SEATS + usize::from(dice[0]) - 1] = 1.0;
            out[SEATS + FACES] = f32::from(dice[1]);
            return;
        }
        for (k, &face) in dice.iter().take(2).enumerate() {
            out[SEATS + k * FACES + usize::from(face) - 1] = 1.0;
        }
    }
}

/// A side's reward for its place: 1 for first down to 0 for last (`Rules.place_reward`).
pub fn place_reward(place: u8, sides: usize) -> f64 {
    (sides as f64 - f64::from(place)) / (sides.max(2) - 1) as f64
}

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

fn put<T: Copy>(cells: &[Cell<T>], values: &[T]) {
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
    slots: Vec<Slot>,
}

impl Batch {
    pub fn new(
        encoding: Encoding,
        colours: Vec<String>,
        kinds: Vec<Option<Kind>>,
        count: usize,
        initial: State,
    ) -> Result<Self, String> {
        let viewer = kinds
            .iter()
            .position(Option::is_none)
            .ok_or("no seat is the learner's")?;
        if kinds.len() != colours.len() {
            return Err(format!("{} seats, {} players", colours.len(), kinds.len()));
        }
        let slots = (0..count)
            .map(|_| Slot {
                state: initial,
                dice: PyRandom::from_int(0),
                players: Vec::new(),
                seed: 0,
                actions: Vec::new(),
            })
            .collect();
        Ok(Batch {
            encoding,
            colours,
            kinds,
            viewer,
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
        self.advance(judge, index);
    }

    /// Roll and let the computer seats move until a learner's seat must choose or the game
    /// is over; then list the choice's actions.
    fn advance<J: Judge>(&mut self, judge: &J, index: usize) {
        let rules = judge.rules();
        let encoding = &self.encoding;
        let slot = &mut self.slots[index];
        let state = &mut slot.state;
        slot.actions.clear();
        loop {
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
                    rules.play(state, moves[pick]);
                }
                Phase::Roll => {
                    state.roll = rules.throw(&mut slot.dice);
                    state.phase = Phase::Move;
                }
                Phase::Rolloff => *state = rules.apply_roll(state, [slot.dice.d6(), 0]),
            }
        }
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
        rules.play(&mut slot.state, chosen);
        self.advance(judge, index);
        true
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
        let seat = self.seen_from(index);
        self.encoding
            .observe(judge.rules(), &self.slots[index].state, seat, out);
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
        let state = &self.slots[index].state;
        if state.phase != Phase::Over {
            return 0.0;
        }
        let table = judge.rules().table();
        let places = judge.rules().places(state);
        place_reward(places[table.sides[self.viewer] as usize], table.side_count)
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
