//! Headache's evaluation: cones owned, minus those an opponent could capture next pop weighted
//! by the chance of its pop, plus a little for the biggest opponent stack within reach;
//! relative to the opponents' mean. Its standings are also the learned value's features.

use crate::ai::vocab::{attackers, Pieces};
use crate::engine::MAX_SEATS;
use crate::games::headache::{Headache, BLOCKED, SEAT_BITS, SEAT_MASK, SPACES, START, X_COUNT};

const RISK_WEIGHT: f64 = 2.0;
const CHANCE_WEIGHT: f64 = 0.2;
/// Per space, bit n - 1 when a pop of n ends there.
type Pops = [u8; SPACES];

/// Headache's evaluation over its rules, with the reach tables it reads (made once per rules).
#[derive(Clone, Debug)]
pub struct HeadacheEval {
    pub rules: Headache,
    /// `[space]`: the spaces a pop of 1..6 ends on from there (a cone's, a stack's).
    cone_reach: Vec<u64>,
    stack_reach: Vec<u64>,
    /// `[space]`: the same by pop.
    cone_pops: Vec<Pops>,
    stack_pops: Vec<Pops>,
}

/// What a seat has on the board: cones owned (in START and in the stacks it tops), those in
/// START, its stacks and the tallest, the expected cones lost to the next pops, and the biggest
/// opponent stack one of its stacks could reach.
#[derive(Clone, Copy, Default, Debug)]
pub struct Standing {
    pub owned: i32,
    pub start: i32,
    pub stacks: i32,
    pub tallest: i32,
    pub risk: f64,
    pub chance: i32,
}

/// One stack on the board: its space, owner and cones.
#[derive(Clone, Copy, Default)]
struct Stack {
    space: usize,
    owner: usize,
    cones: i32,
}

impl HeadacheEval {
    pub fn new(rules: Headache) -> Self {
        let masks = |both_ways: bool| -> (Vec<u64>, Vec<Pops>) {
            (0..SPACES)
                .map(|space| {
                    let (mut reach, mut pops) = (0u64, [0u8; SPACES]);
                    for backward in [false, true].into_iter().take(1 + usize::from(both_ways)) {
                        for number in 1..=6 {
                            for &target in rules.ends(space, number, backward) {
                                reach |= 1 << target;
                                pops[target as usize] |= 1 << (number - 1);
                            }
                        }
                    }
                    (reach, pops)
                })
                .unzip()
        };
        let (cone_reach, cone_pops) = masks(false);
        let (stack_reach, stack_pops) = masks(true);
        HeadacheEval {
            rules,
            cone_reach,
            stack_reach,
            cone_pops,
            stack_pops,
        }
    }

    /// Every seat's standing, the threats counted from the seats `attackers` names for
    /// `to_move`.
    pub fn standings(&self, pieces: &Pieces, to_move: Option<usize>) -> [Standing; MAX_SEATS] {
        let count = self.rules.table.seats;
        let mut standings = [Standing::default(); MAX_SEATS];
        let mut attacks = [[0u8; SPACES]; MAX_SEATS];
        for seat in 0..count {
            let row = &pieces[seat];
            let start = row.iter().filter(|&&c| c == START).count() as i32;
            standings[seat].owned = start;
            standings[seat].start = start;
            if row[0] < 0 {
                attacks[seat] = self.cone_pops[self.rules.start_space(seat) as usize];
            }
        }
        let mut stacks = [Stack::default(); SPACES];
        let mut stack_count = 0;
        for (space, &top) in self.rules.occupancy(pieces).iter().enumerate() {
            if (0..BLOCKED).contains(&top) {
                let (cones, owner) = (i32::from(top >> SEAT_BITS) + 1, (top & SEAT_MASK) as usize);
                let standing = &mut standings[owner];
                standing.owned += cones;
                standing.stacks += 1;
                standing.tallest = standing.tallest.max(cones);
                stacks[stack_count] = Stack {
                    space,
                    owner,
                    cones,
                };
                stack_count += 1;
                let pops = if cones > 1 {
                    &self.stack_pops
                } else {
                    &self.cone_pops
                };
                for (a, p) in attacks[owner].iter_mut().zip(&pops[space]) {
                    *a |= p;
                }
            }
        }
        let stacks = &stacks[..stack_count];
        let challenge = self.rules.challenge();
        let safe = |space: usize| challenge && space < X_COUNT;
        for stack in stacks {
            let owner = stack.owner;
            let reach = if stack.cones > 1 {
                self.stack_reach[stack.space]
            } else {
                self.cone_reach[stack.space]
            };
            let mut best = standings[owner].chance;
            for other in stacks {
                if other.cones > best
                    && other.owner != owner
                    && (reach >> other.space) & 1 == 1
                    && !safe(other.space)
                {
                    best = other.cones;
                }
            }
            standings[owner].chance = best;
            if safe(stack.space) {
                continue;
            }
            let mut missed = 1.0;
            for o in attackers(count, owner, to_move) {
                if attacks[o].iter().any(|&p| p != 0) {
                    missed *= 1.0 - f64::from(attacks[o][stack.space].count_ones()) / 6.0;
                }
            }
            standings[owner].risk += f64::from(stack.cones) * (1.0 - missed);
        }
        standings
    }

    /// Every seat's evaluation, the threats counted from the seats `attackers` names for
    /// `to_move`.
    pub fn seat_values(&self, pieces: &Pieces, to_move: Option<usize>) -> [f64; MAX_SEATS] {
        let count = self.rules.table.seats;
        let standings = self.standings(pieces, to_move);
        let total: i32 = standings[..count].iter().map(|s| s.owned).sum();
        let rest = (count - 1) as f64;
        let mut values = [0.0; MAX_SEATS];
        for (value, s) in values.iter_mut().zip(&standings).take(count) {
            *value = f64::from(s.owned) - RISK_WEIGHT * s.risk
                + CHANCE_WEIGHT * f64::from(s.chance)
                - f64::from(total - s.owned) / rest;
        }
        values
    }
}
