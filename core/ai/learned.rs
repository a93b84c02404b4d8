//! Chance-weighted threats and the learned chance of winning of the race games that have one
//! (`HitTables` and `WinModel`; two-dice Ludo's and Trouble's), and the
//! evaluations built on them: two-dice Ludo's and Marbles'.

use crate::ai::eval::{attackers, turns_after, Judge, Pieces, RaceEval, Values, LOWEST_POSITION};
use crate::ai::value::Learning;
use crate::engine::{Row, MAX_SEATS};
use crate::games::ludo::TwoDiceLudo;
use crate::games::marbles::Marbles;
use std::sync::OnceLock;

/// The most loop spaces a race board has.
const SPACES: usize = 56;
/// A seat's reach: per loop space, a key saying how its next throw could land there (0: not).
pub type Reach = [u16; SPACES];

/// A search value per unit of the chance of winning: a certain win is a quarter of a finished
/// game's win.
pub fn win_scale(seats: usize) -> f64 {
    crate::ai::TERMINAL_WEIGHT / 4.0 / (1.0 - 1.0 / seats as f64)
}

/// Chance-weighted exposure, built once per rules.
#[derive(Clone, Debug)]
pub struct HitTables {
    /// `[seat][loop position]`: the reach of a piece there.
    from_loop: Vec<Vec<Reach>>,
    /// `[seat]`: the reach of a piece in its base.
    from_base: Vec<Reach>,
    /// `[seat][loop position]`: its loop space, or -1 where it is never hit.
    space: Vec<Vec<i16>>,
    /// `[loop position]`: what a hit there takes.
    cost: Vec<f64>,
    /// `[key]`: how many of the throws land on a space with that key (a byte each, so that
    /// two-dice Ludo's 32,768 keys stay in the fastest cache), and `[hits]`: their share.
    hits: Vec<u8>,
    share: Vec<f64>,
    /// The board's loop spaces (the part of a reach in use).
    spaces: usize,
    /// `[to_move][seat]`: `attackers` of the seat with `to_move` to move next.
    attackers: Vec<Vec<([usize; MAX_SEATS], usize)>>,
}

/// Each seat's reach for the pieces it was last worked out for.
#[derive(Clone)]
pub struct ReachMemo {
    rows: [Row; MAX_SEATS],
    reach: [Reach; MAX_SEATS],
}

impl Default for ReachMemo {
    fn default() -> Self {
        ReachMemo {
            rows: [[i16::MIN; crate::engine::PIECES]; MAX_SEATS], // no seat's pieces
            reach: [[0; SPACES]; MAX_SEATS],
        }
    }
}

impl HitTables {
    /// `keys(origin)`: the (target, key) pairs a piece at `origin` (-1: the base) could land on
    /// with the next throw, in its own frame; `hits(key)` how many of the `throws` land with it.
    pub fn new(
        race: &RaceEval,
        key_bits: u32,
        (hits, throws): (impl Fn(u32) -> u8, u8),
        keys: impl Fn(i16) -> Vec<(i16, u16)>,
        cost: Vec<f64>,
    ) -> Self {
        let shape = &race.shape;
        let lane = shape.lane_start;
        let reach = |seat: usize, origin: i16| -> Reach {
            let mut mask = [0; SPACES];
            for (target, key) in keys(origin) {
                mask[shape.space_of[seat][target as usize] as usize] |= key;
            }
            mask
        };
        let seats = 0..shape.seats;
        HitTables {
            from_loop: seats
                .clone()
                .map(|s| (0..lane).map(|q| reach(s, q)).collect())
                .collect(),
            from_base: seats.clone().map(|s| reach(s, -1)).collect(),
            space: seats
                .map(|s| {
                    (0..lane)
                        .map(|p| {
                            let space = shape.space_of[s][p as usize];
                            if shape.safe[space as usize] {
                                -1
                            } else {
                                space
                            }
                        })
                        .collect()
                })
                .collect(),
            cost,
            hits: (0..1u32 << key_bits).map(hits).collect(),
            spaces: shape.safe.len(),
            attackers: (0..shape.seats)
                .map(|t| {
                    (0..shape.seats)
                        .map(|s| attacker_list(shape.seats, s, Some(t)))
                        .collect()
                })
                .collect(),
            share: (0..=throws)
                .map(|h| f64::from(h) / f64::from(throws))
                .collect(),
        }
    }

    /// Every seat's reach: the spaces its next throw could land a piece on.
    pub fn reach(&self, pieces: &Pieces, seats: usize) -> [Reach; MAX_SEATS] {
        let mut memo = ReachMemo::default();
        self.update(&mut memo, pieces, seats);
        memo.reach
    }

    /// The memo's reach brought up to `pieces`: only the seats whose pieces changed are
    /// worked out again (a search's sibling leaves differ in one or two seats).
    pub fn update(&self, memo: &mut ReachMemo, pieces: &Pieces, seats: usize) {
        for (seat, row) in pieces.iter().enumerate().take(seats) {
            if memo.rows[seat] == *row {
                continue;
            }
            memo.rows[seat] = *row;
            let mask = &mut memo.reach[seat];
            *mask = if row[0] < 0 {
                self.from_base[seat]
            } else {
                [0; SPACES]
            };
            for &q in row {
                if let Some(from) = self.from_loop[seat].get(q as usize).filter(|_| q >= 0) {
                    for (m, f) in mask[..self.spaces].iter_mut().zip(from) {
                        *m |= f;
                    }
                }
            }
        }
    }

    /// What `seat`'s pieces are expected to lose to the next throws of the seats `against`
    /// (their reach in `reach`).
    pub fn risk(
        &self,
        row: &Row,
        seat: usize,
        reach: &[Reach; MAX_SEATS],
        against: &[usize],
    ) -> f64 {
        let mut risk = 0.0;
        for &p in row {
            let Some(&space) = self.space[seat].get(p as usize).filter(|_| p >= 0) else {
                continue;
            };
            if space < 0 {
                continue;
            }
            let mut missed = 1.0;
            for &o in against {
                let key = reach[o][space as usize];
                if key != 0 {
                    missed *= 1.0 - self.share[self.hits[key as usize] as usize];
                }
            }
            risk += self.cost[p as usize] * (1.0 - missed);
        }
        risk
    }

    /// Every seat's expected loss to the opponents' next throws; with `to_move`, only to the
    /// seats that move before its own next turn.
    pub fn expected_losses(
        &self,
        pieces: &Pieces,
        seats: usize,
        to_move: usize,
        memo: &mut ReachMemo,
    ) -> [f64; MAX_SEATS] {
        self.update(memo, pieces, seats);
        let mut losses = [0.0; MAX_SEATS];
        for (seat, loss) in losses.iter_mut().enumerate().take(seats) {
            let (against, count) = &self.attackers[to_move][seat];
            *loss = self.risk(&pieces[seat], seat, &memo.reach, &against[..*count]);
        }
        losses
    }
}

/// `(steps / 100) ** 2` as Python works it out (`pow`): for the steps a race game's pieces can
/// have (under 9,597), a product gives the same double, far quicker (a test checks it).
fn squared(steps: i32) -> f64 {
    let x = f64::from(steps) / 100.0;
    x * x
}

/// `attackers` as a list that does not allocate, and its length.
fn attacker_list(count: usize, seat: usize, to_move: Option<usize>) -> ([usize; MAX_SEATS], usize) {
    let mut list = [0; MAX_SEATS];
    let mut found = 0;
    for o in attackers(count, seat, to_move) {
        list[found] = o;
        found += 1;
    }
    (list, found)
}

/// Who wins a race game, as a multinomial logit over the seats (fitted to self-play by
/// `benchmarks/win_model.py`).
#[derive(Clone, Copy, Debug)]
pub struct WinModel {
    pub steps: f64,
    pub out: f64,
    pub lane: f64,
    pub exit: f64,
    pub lead: f64,
    pub steps_squared: f64,
    pub exposure: f64,
    pub tempo: [f64; MAX_SEATS],
}

/// The learned chance of winning of a race game: its model and the tables it reads.
#[derive(Clone, Debug)]
pub struct WinChances {
    model: WinModel,
    pub hits: HitTables,
    /// `[position - LOWEST_POSITION]`: what a piece there adds to its seat's strength.
    pin_strength: Vec<f64>,
    lane_start: i16,
    seats: usize,
}

impl WinChances {
    pub fn new(model: WinModel, hits: HitTables, race: &RaceEval) -> Self {
        let (lane, goal) = (race.shape.lane_start, race.shape.goal);
        let pin_strength = (LOWEST_POSITION..=goal)
            .map(|p| {
                if p < 0 {
                    0.0
                } else {
                    model.steps * f64::from(p + 1)
                        + model.out
                        + model.lane * f64::from(u8::from(p >= lane))
                        + model.exit * f64::from(u8::from(p == goal))
                }
            })
            .collect();
        WinChances {
            model,
            hits,
            pin_strength,
            lane_start: lane,
            seats: race.seats(),
        }
    }

    /// Each seat's chance of winning, `to_move` to roll next (`memo`: the seats' reach).
    pub fn chances(
        &self,
        pieces: &Pieces,
        to_move: usize,
        memo: &mut ReachMemo,
    ) -> [f64; MAX_SEATS] {
        let (m, count) = (&self.model, self.seats);
        let exposure = self.hits.expected_losses(pieces, count, to_move, memo);
        let mut strengths = [0.0; MAX_SEATS];
        for (seat, strength) in strengths.iter_mut().enumerate().take(count) {
            let row = &pieces[seat];
            let mut value =
                m.exposure * exposure[seat] + m.tempo[turns_after(seat, to_move, count)];
            let mut steps = 0;
            for &p in row {
                value += self.pin_strength[(p - LOWEST_POSITION) as usize];
                if p >= 0 {
                    steps += i32::from(p) + 1;
                }
            }
            let furthest = row.iter().max().map_or(0, |&p| i32::from(p) + 1);
            *strength = value + m.lead * f64::from(furthest) + m.steps_squared * squared(steps);
        }
        let top = strengths[..count]
            .iter()
            .copied()
            .fold(f64::NEG_INFINITY, f64::max);
        let mut shares = [0.0; MAX_SEATS];
        let mut total = 0.0;
        for (share, &strength) in shares.iter_mut().zip(&strengths).take(count) {
            *share = (strength - top).exp();
            total += *share;
        }
        for share in shares.iter_mut().take(count) {
            *share /= total;
        }
        shares
    }

    /// The model's weights in the order of `features` (the tempo of the seat to roll next, the
    /// baseline, left out).
    pub fn weights(&self) -> Vec<f64> {
        let m = &self.model;
        let fields = [
            m.steps,
            m.out,
            m.lane,
            m.exit,
            m.lead,
            m.steps_squared,
            m.exposure,
        ];
        fields
            .into_iter()
            .chain(m.tempo[1..].iter().copied())
            .collect()
    }

    /// Every seat's expected loss to the throws of the seats that move before its next turn,
    /// `to_move` to roll next.
    pub fn losses(&self, pieces: &Pieces, to_move: usize) -> [f64; MAX_SEATS] {
        let memo = &mut ReachMemo::default();
        self.hits.expected_losses(pieces, self.seats, to_move, memo)
    }

    /// Per seat, the features the model weighs (`WinModel`'s fields in order, the tempo as one
    /// 0/1 feature per later turn): what `benchmarks/win_model.py` fits it to.
    pub fn features(&self, pieces: &Pieces, to_move: usize) -> Vec<Vec<f64>> {
        let (losses, count) = (self.losses(pieces, to_move), self.seats);
        let goal = self.pin_strength.len() as i16 - 1 + LOWEST_POSITION;
        (0..count)
            .map(|seat| {
                let row = &pieces[seat];
                let out: Vec<i16> = row.iter().copied().filter(|&p| p >= 0).collect();
                let steps: i32 = out.iter().map(|&p| i32::from(p) + 1).sum();
                let count_of =
                    |test: &dyn Fn(i16) -> bool| out.iter().filter(|&&p| test(p)).count();
                let furthest = row.iter().max().map_or(0, |&p| i32::from(p) + 1);
                let mut features = vec![
                    f64::from(steps),
                    out.len() as f64,
                    count_of(&|p| p >= self.lane_start) as f64,
                    count_of(&|p| p == goal) as f64,
                    f64::from(furthest),
                    squared(steps),
                    losses[seat],
                ];
                let order = turns_after(seat, to_move, count);
                let tempo = 1..self.model.tempo.len();
                features.extend(tempo.map(|later| f64::from(u8::from(order == later))));
                features
            })
            .collect()
    }

    /// The chances centred like every evaluation and scaled so a certain win is a quarter of
    /// a finished game's win.
    pub fn values(&self, pieces: &Pieces, to_move: usize) -> [f64; MAX_SEATS] {
        self.values_with(pieces, to_move, &mut ReachMemo::default())
    }

    /// `values`, the seats' reach kept in `memo` from one call to the next.
    pub fn values_with(
        &self,
        pieces: &Pieces,
        to_move: usize,
        memo: &mut ReachMemo,
    ) -> [f64; MAX_SEATS] {
        let count = self.seats;
        let (scale, even) = (win_scale(count), 1.0 / count as f64);
        let mut values = self.chances(pieces, to_move, memo);
        for value in values.iter_mut().take(count) {
            *value = scale * (*value - even);
        }
        values
    }
}

/// Two-dice Ludo's evaluation: the seat's chance of winning with the next seat to roll.
pub struct LudoJudge {
    pub rules: TwoDiceLudo,
    pub race: RaceEval,
    pub win: WinChances,
    pub learning: Learning,
}

impl Judge for LudoJudge {
    type G = TwoDiceLudo;
    fn rules(&self) -> &TwoDiceLudo {
        &self.rules
    }

    fn evaluate(&self, pieces: &Pieces, seat: usize) -> f64 {
        self.win.values(pieces, (seat + 1) % self.race.seats())[seat]
    }

    fn leaf(&self, pieces: &Pieces, to_move: usize) -> Values {
        self.win.values(pieces, to_move)
    }

    fn learned(&self) -> Option<&WinChances> {
        Some(&self.win)
    }

    fn learning(&self) -> &Learning {
        &self.learning
    }

    fn danger(&self, pieces: &Pieces, seat: usize) -> f64 {
        let seats = self.race.seats();
        let reach = self.win.hits.reach(pieces, seats);
        let (against, count) = attacker_list(seats, seat, None);
        self.win
            .hits
            .risk(&pieces[seat], seat, &reach, &against[..count])
    }
}

/// Marbles' evaluation: the race's, or in War marbles left, marbles on the loop and marbles
/// an opponent could remove with one roll.
pub struct MarblesJudge {
    pub rules: Marbles,
    pub race: RaceEval,
    pub sides: [u8; MAX_SEATS],
    pub learning: Learning,
}

const REMOVED: i16 = -2;
const MARBLES_LOOP: i16 = 56;

impl MarblesJudge {
    fn value(&self, pieces: &Pieces, seat: usize) -> f64 {
        if !self.rules.war() {
            return self.race.standing(&pieces[seat]) - self.race.at_risk(pieces, seat);
        }
        let row = &pieces[seat];
        let mut left = 0.0;
        for _ in row.iter().filter(|&&p| p != REMOVED) {
            left += 15.0;
        }
        let mut active = 0.0;
        for _ in row.iter().filter(|&&p| p >= 0) {
            active += 2.0;
        }
        left + active - 6.0 * f64::from(self.war_threats(pieces, seat))
    }

    fn war_threats(&self, pieces: &Pieces, seat: usize) -> u32 {
        let shape = &self.race.shape;
        let mut threatened = 0;
        for &p in pieces[seat].iter().filter(|&&p| p >= 0) {
            let space = shape.space_of[seat][p as usize];
            let hunted = (0..shape.seats)
                .filter(|&o| self.sides[o] != self.sides[seat])
                .any(|other| {
                    let here = shape.space_of[other]
                        .iter()
                        .position(|&s| s == space)
                        .unwrap_or(0) as i16;
                    let row = &pieces[other];
                    row.iter()
                        .filter(|&&q| q >= 0)
                        .any(|&q| (1..=6).contains(&(here - q).rem_euclid(MARBLES_LOOP)))
                        || (here == 0 && row.contains(&-1))
                });
            threatened += u32::from(hunted);
        }
        threatened
    }
}

impl Judge for MarblesJudge {
    type G = Marbles;
    fn rules(&self) -> &Marbles {
        &self.rules
    }

    fn evaluate(&self, pieces: &Pieces, seat: usize) -> f64 {
        let side = self.sides[seat];
        let (mut own, mut theirs, mut ours_count, mut theirs_count) = (0.0, 0.0, 0, 0);
        for s in 0..self.race.seats() {
            if self.sides[s] == side {
                own += self.value(pieces, s);
                ours_count += 1;
            } else {
                theirs += self.value(pieces, s);
                theirs_count += 1;
            }
        }
        own - theirs * f64::from(ours_count) / f64::from(theirs_count)
    }

    fn danger(&self, pieces: &Pieces, seat: usize) -> f64 {
        self.race.at_risk(pieces, seat)
    }

    fn learning(&self) -> &Learning {
        &self.learning
    }

    /// `Marbles.evaluate_sides`: each side's seats' values against the others'.
    fn leaf(&self, pieces: &Pieces, _to_move: usize) -> Values {
        let seats = self.race.seats();
        let exposure = if self.rules.war() {
            [0.0; MAX_SEATS]
        } else {
            self.race.exposures(pieces)
        };
        let mut seat_values = [0.0; MAX_SEATS];
        let mut total = 0.0;
        for (s, value) in seat_values.iter_mut().enumerate().take(seats) {
            *value = if self.rules.war() {
                self.value(pieces, s)
            } else {
                self.race.standing(&pieces[s]) - exposure[s]
            };
            total += *value;
        }
        let mut values = [0.0; MAX_SEATS];
        let side_count = self.rules.table.side_count;
        for (side, value) in values.iter_mut().enumerate().take(side_count) {
            let (mut own, mut count) = (0.0, 0u32);
            for s in (0..seats).filter(|&s| self.sides[s] as usize == side) {
                own += seat_values[s];
                count += 1;
            }
            *value = own - (total - own) * f64::from(count) / f64::from(seats as u32 - count);
        }
        values
    }
}

/// The threats of a one-die race game: per space, bit n - 1 when a roll of n lands there (from
/// the base, the `entering` rolls bring a piece to its start); a hit costs a piece's steps.
pub fn one_die_hits(race: &RaceEval, entering: &[i16]) -> HitTables {
    const DIE: i16 = 6;
    let lane = race.shape.lane_start;
    let enter = entering.iter().fold(0u16, |key, &n| key | 1 << (n - 1));
    let keys = |origin: i16| -> Vec<(i16, u16)> {
        if origin < 0 {
            return vec![(0, enter)];
        }
        (origin + 1..=(origin + DIE).min(lane - 1))
            .map(|target| (target, 1 << (target - origin - 1)))
            .collect()
    };
    let steps = (0..lane).map(|p| f64::from(p + 1)).collect();
    let pops = |key: u32| key.count_ones() as u8;
    HitTables::new(race, 6, (pops, 6), keys, steps)
}

/// Trouble's learned chance of winning (for one colour a side): the pops that land on a space.
pub fn trouble_win_chances(race: &RaceEval) -> WinChances {
    let hits = one_die_hits(race, &[6]);
    let model = WinModel {
        steps: 0.000171,
        out: 0.1766,
        lane: 0.0778,
        exit: -0.0142,
        lead: 0.01557,
        steps_squared: 2.1863,
        exposure: -0.04404,
        tempo: [0.0, -0.01595, -0.04017, -0.05538],
    };
    WinChances::new(model, hits, race)
}

/// Two-dice Ludo's threat keys: 12 bits of distances, 3 of the die entering from the base.
const DISTANCE_BITS: u32 = 12;
const TWO_DICE_KEY_BITS: u32 = DISTANCE_BITS + 3;

/// Two-dice Ludo's threats: per point, bit d - 1 when a pin stands d (1-12) points before it,
/// and in the top bits the k (1-6) with which a pin from the base reaches it (a 6 brings it
/// out, the other die, k, moves it on); a hit costs a pin's standing.
pub fn two_dice_hits(race: &RaceEval) -> HitTables {
    const DIE: i16 = 6;
    let lane = race.shape.lane_start;
    let keys = |origin: i16| -> Vec<(i16, u16)> {
        let (first, last) = if origin < 0 {
            (1, DIE)
        } else {
            (origin + 1, origin + 2 * DIE)
        };
        (first..=last.min(lane - 1))
            .map(|target| {
                let key = if origin < 0 {
                    (target as u16) << DISTANCE_BITS
                } else {
                    1 << (target - origin - 1)
                };
                (target, key)
            })
            .collect()
    };
    // the same for every rules object: made once per process (a million throws checked)
    static HITS: OnceLock<Vec<u8>> = OnceLock::new();
    let table = HITS.get_or_init(|| {
        (0..1u32 << TWO_DICE_KEY_BITS)
            .map(two_dice_throws_landing)
            .collect()
    });
    let cost = (0..lane)
        .map(|p| race.worth[(p - LOWEST_POSITION) as usize])
        .collect();
    HitTables::new(
        race,
        TWO_DICE_KEY_BITS,
        (|key| table[key as usize], 36),
        keys,
        cost,
    )
}

/// Of the 36 throws of two dice, how many land with `key` (`two_dice_hits`).
fn two_dice_throws_landing(key: u32) -> u8 {
    let from_base = key >> DISTANCE_BITS;
    let mut hits = 0;
    for a in 1..=6u32 {
        for b in 1..=6u32 {
            let lands = (key >> (a - 1)) & 1 == 1
                || (key >> (b - 1)) & 1 == 1
                || (key >> (a + b - 1)) & 1 == 1
                || (from_base != 0 && (a == 6 || b == 6) && a + b - 6 == from_base);
            hits += u8::from(lands);
        }
    }
    hits
}

/// Two-dice Ludo's learned chance of winning.
pub fn ludo_win_chances(race: &RaceEval) -> WinChances {
    let hits = two_dice_hits(race);
    let model = WinModel {
        steps: -0.0031,
        out: 0.293,
        lane: -0.075,
        exit: 0.0324,
        lead: 0.0108,
        steps_squared: 1.6717,
        exposure: -0.0164,
        tempo: [0.0, -0.0232, -0.0601, -0.0894],
    };
    WinChances::new(model, hits, race)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_product_squares_every_step_count_as_pow_does() {
        for steps in 0..9_597 {
            let x = f64::from(steps) / 100.0;
            assert_eq!(squared(steps), x.powf(2.0), "{steps}");
        }
    }
}
