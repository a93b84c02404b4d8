//! Chance-weighted threats of the race games (`HitTables`): per seat, the spaces its next
//! throw could land a piece on and with how many of the throws, and what a seat's pieces are
//! expected to lose to them. One-die games' and two-dice Ludo's tables are made here.

use crate::ai::race_eval::RaceEval;
use crate::ai::vocab::{attacker_list, Pieces, LOWEST_POSITION};
use crate::engine::{Row, MAX_SEATS};
use std::sync::OnceLock;

/// The most loop spaces a race board has (Parchís' 68).
const SPACES: usize = 68;
/// A seat's reach: per loop space, a key saying how its next throw could land there (0: not).
pub type Reach = [u16; SPACES];

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
        let spaces = shape.safe.len();
        assert!(
            spaces <= SPACES,
            "{spaces} loop spaces: a reach holds {SPACES}"
        );
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
            spaces,
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
