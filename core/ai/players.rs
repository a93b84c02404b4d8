//! The computer players (`pegrace.players` and `pegrace.search` name them): random (any legal
//! move but a voluntary pass), uniform (any legal move, the pass too), easy
//! (the medium move, but a share of its choices random's), medium (the move whose position the
//! game's evaluation rates best), the personalities (aggressive, runner, cautious), and the
//! search players (hard and expert: `search::Settings`).
//! Each draws from its own Python-seeded generator exactly as the Python players draw, so a
//! game played here makes the same choices as the same game played by `pegrace.match`.

use crate::ai::judge::Judge;
use crate::ai::policy;
use crate::ai::rollout;
use crate::ai::search::{self, Memory, Ranked, Settings, TIE};
use crate::engine::{Game, State};
use crate::rl::encoding::Encoding;
use crate::rng::{Draw, PyRandom};

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Kind {
    /// Any legal move, all equally likely, but never a pass while a piece can move: the
    /// baseline. Uniform over every move, a random Trouble player passes about half its turns
    /// (`voluntary_pass`), a trap for learners and a false measure of skill (issue 56).
    Random,
    /// Any legal move, the voluntary pass included, all equally likely (`random` until issue 56).
    Uniform,
    Easy {
        mistakes: f64,
    },
    Medium,
    Aggressive,
    Runner,
    Cautious,
    Search(Settings),
    /// A learned policy, by the number `policy::give` gave it.
    Policy(u32),
}

/// How a player named in `COMPUTERS` is made, from easy's share of random moves.
type MakeKind = fn(f64) -> Kind;

/// What a computer player is to the people offered it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// A level of strength, offered weakest first.
    Level,
    /// Medium's strength, another style of play.
    Personality,
    /// A baseline for study, played when named, never offered as an opponent.
    Baseline,
    /// A learned policy, played when named: it plays only the game it learned.
    Learned,
}

impl Role {
    pub fn name(self) -> &'static str {
        match self {
            Role::Level => "level",
            Role::Personality => "personality",
            Role::Baseline => "baseline",
            Role::Learned => "learned",
        }
    }
}

/// How the core plays a listed player.
#[derive(Clone, Copy)]
pub enum Plays {
    /// By its name (`Kind::named`), made with easy's share of random moves.
    Named(MakeKind),
    /// A search of a fixed `depth` (none: deepening) whose leaves read `model`
    /// (`Settings::model`); its budget is the caller's.
    Search { depth: Option<u32>, model: u8 },
    /// A learned policy, by the number its file was given.
    Policy,
}

/// A computer player as people are offered it: its name (which is also its word, in the
/// context "computer", that the catalogs translate), what it is to them, how the core plays it,
/// and what its translators are told of it.
pub struct Computer {
    pub name: &'static str,
    pub role: Role,
    pub plays: Plays,
    pub note: &'static str,
}

/// Every computer player, in the order people are offered them: the levels weakest first, then
/// the personalities; the baseline and the learned policy are played only when named. Python
/// reads this list (`_core.computer_players`), the page and the terminal its words.
pub const COMPUTERS: &[Computer] = &[
    Computer {
        name: "random",
        role: Role::Level,
        plays: Plays::Named(|_| Kind::Random),
        note: "a computer player's level: any legal move, never a pass while a piece can move, as in \"Random computer\", \"Computer (random)\"",
    },
    Computer {
        name: "uniform",
        role: Role::Baseline,
        plays: Plays::Named(|_| Kind::Uniform),
        note: "a computer player for study: any legal move, the pass too, all equally likely",
    },
    Computer {
        name: "easy",
        role: Role::Level,
        plays: Plays::Named(|mistakes| Kind::Easy { mistakes }),
        note: "a computer player's level (or way of playing, below), as in \"Easy computer\", \"Computer (easy)\"",
    },
    Computer {
        name: "medium",
        role: Role::Level,
        plays: Plays::Named(|_| Kind::Medium),
        note: "a computer player's level, as in \"Computer (medium)\"",
    },
    Computer {
        name: "hard",
        role: Role::Level,
        plays: Plays::Search {
            depth: Some(2),
            model: 0,
        },
        note: "a computer player's level, as in \"Computer (hard)\"",
    },
    Computer {
        name: "expert",
        role: Role::Level,
        plays: Plays::Search {
            depth: None,
            model: 2,
        },
        note: "a computer player's level, as in \"Computer (expert)\"",
    },
    Computer {
        name: "aggressive",
        role: Role::Personality,
        plays: Plays::Named(|_| Kind::Aggressive),
        note: "a computer player's way of playing: it captures first",
    },
    Computer {
        name: "runner",
        role: Role::Personality,
        plays: Plays::Named(|_| Kind::Runner),
        note: "a computer player's way of playing: it races ahead, caring little for safety",
    },
    Computer {
        name: "cautious",
        role: Role::Personality,
        plays: Plays::Named(|_| Kind::Cautious),
        note: "a computer player's way of playing: it keeps out of reach",
    },
    Computer {
        name: "policy",
        role: Role::Learned,
        plays: Plays::Policy,
        note: "a computer player that plays a policy learned by a network, as in \"Computer (policy)\"",
    },
];

impl Kind {
    /// A player by its name (`COMPUTERS`, played by name; `mistakes`: easy's share).
    pub fn named(name: &str, mistakes: f64) -> Option<Kind> {
        Self::makers()
            .find(|(named, _)| *named == name)
            .map(|(_, make)| make(mistakes))
    }

    /// The names `named` knows, in order.
    pub fn names() -> Vec<&'static str> {
        Self::makers().map(|(name, _)| name).collect()
    }

    fn makers() -> impl Iterator<Item = (&'static str, MakeKind)> {
        COMPUTERS
            .iter()
            .filter_map(|computer| match computer.plays {
                Plays::Named(make) => Some((computer.name, make)),
                _ => None,
            })
    }

    /// The name this player is known by: its own (`COMPUTERS`), `search` or `policy`.
    pub fn name(&self) -> &'static str {
        let same = |made: &Kind| std::mem::discriminant(made) == std::mem::discriminant(self);
        match self {
            Kind::Search(_) => "search",
            Kind::Policy(_) => "policy",
            _ => Self::makers()
                .find(|(_, make)| same(&make(0.0)))
                .map_or("unnamed", |(name, _)| name),
        }
    }
}

pub struct Player {
    pub kind: Kind,
    rng: PyRandom,
    /// A search player's memory, from its first search on.
    memory: Option<Memory>,
}

impl Player {
    pub fn new(kind: Kind, rng: PyRandom) -> Self {
        Player {
            kind,
            rng,
            memory: None,
        }
    }

    /// The index of the chosen move among `moves` (more than one).
    pub fn choose<J: Judge>(
        &mut self,
        judge: &J,
        state: &State,
        moves: &[<J::G as Game>::Move],
    ) -> usize {
        let count = moves.len() as u32;
        match self.kind {
            Kind::Random => return self.random(judge.rules(), moves),
            Kind::Uniform => return self.rng.below(count) as usize,
            Kind::Easy { mistakes } if self.rng.random() < mistakes => {
                return self.random(judge.rules(), moves)
            }
            Kind::Search(settings) => return self.search(judge, state, moves, &settings),
            _ => {}
        }
        let best = best_moves(self.kind, judge, state, moves);
        if best.len() > 1 {
            best[self.rng.below(best.len() as u32) as usize]
        } else {
            best[0]
        }
    }

    /// Any move but the pass, all equally likely (the pass when it is all there is); counted
    /// twice rather than collected, as random play runs at millions of moves a second.
    fn random<G: Game>(&mut self, game: &G, moves: &[G::Move]) -> usize {
        let playable = moves.iter().filter(|&&m| !game.is_pass(m)).count();
        if playable == moves.len() || playable == 0 {
            return self.rng.below(moves.len() as u32) as usize;
        }
        let pick = self.rng.below(playable as u32) as usize;
        (0..moves.len())
            .filter(|&i| !game.is_pass(moves[i]))
            .nth(pick)
            .unwrap_or(0)
    }

    /// A best move by the search's ranking, ties broken by the player's generator.
    fn search<J: Judge>(
        &mut self,
        judge: &J,
        state: &State,
        moves: &[<J::G as Game>::Move],
        settings: &Settings,
    ) -> usize {
        let memory = self
            .memory
            .get_or_insert_with(|| Memory::new(judge.rules()));
        let (ranked, _, _) = ranking(judge, memory, state, moves, settings);
        let top = ranked[0].value;
        let best: Vec<usize> = ranked
            .iter()
            .filter(|r| r.value > top - TIE)
            .map(|r| r.index)
            .collect();
        if best.len() > 1 {
            best[self.rng.below(best.len() as u32) as usize]
        } else {
            best[0]
        }
    }
}

/// The search player's ranking of `moves` (more than one), best first, with its depth (or its
/// rollouts' rounds) and the nodes searched: by rollouts where its deepening rolls out (the
/// settings' horizon, else the judge's), else by expectimax.
pub fn ranking<J: Judge>(
    judge: &J,
    memory: &mut Memory,
    state: &State,
    moves: &[<J::G as Game>::Move],
    settings: &Settings,
) -> (Vec<Ranked>, u32, u64) {
    let horizon = settings.horizon.unwrap_or_else(|| judge.rollout_horizon());
    if settings.depth.is_none() && horizon > 0 {
        let tables = memory.ready(judge, settings);
        return rollout::rank(judge, tables, state, (moves, horizon), settings);
    }
    search::ranking(judge, memory, state, moves, settings)
}

/// The moves (their indices) a one-move player rates best, tied within `TIE`: the evaluation
/// of the position after each, with the personality's weighing of captures and danger.
pub fn best_moves<J: Judge>(
    kind: Kind,
    judge: &J,
    state: &State,
    moves: &[<J::G as Game>::Move],
) -> Vec<usize> {
    let mut best: Vec<usize> = Vec::with_capacity(moves.len());
    let mut best_value = f64::NEG_INFINITY;
    let rated = match kind {
        Kind::Policy(number) => policy_ratings(number, judge, state, moves),
        _ => Vec::new(),
    };
    for (i, &chosen) in moves.iter().enumerate() {
        let value = match rated.get(i) {
            Some(&rating) => rating,
            None => value(kind, judge, state, chosen),
        };
        if value > best_value + TIE {
            best.clear();
            best.push(i);
            best_value = value;
        } else if value > best_value - TIE {
            best.push(i);
        }
    }
    best
}

/// Each move's rating by the policy given as `number` (none rated where it cannot play this
/// game: `binding/shared.rs` checks a policy fits before a player is made).
fn policy_ratings<J: Judge>(
    number: u32,
    judge: &J,
    state: &State,
    moves: &[<J::G as Game>::Move],
) -> Vec<f64> {
    let found =
        policy::given(number).and_then(|p| Ok((p, Encoding::of(judge.rules()).with_moves()?)));
    match found {
        Ok((policy, encoding)) => policy.ratings(judge, &encoding, state, moves),
        Err(_) => vec![0.0; moves.len()],
    }
}

fn value<J: Judge>(kind: Kind, judge: &J, state: &State, chosen: <J::G as Game>::Move) -> f64 {
    let mut after = *state;
    judge.rules().play(&mut after, chosen);
    let (pieces, seat) = (&after.pieces, state.current as usize);
    let value = judge.evaluate(pieces, seat);
    match kind {
        Kind::Aggressive => value + 100.0 * f64::from(judge.captured(state, &after, chosen)),
        Kind::Runner => value + judge.danger(pieces, seat),
        Kind::Cautious => value - 2.0 * judge.danger(pieces, seat),
        _ => value,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::judge::judge_of;
    use crate::engine::testing;
    use crate::games::trouble::Trouble;

    #[test]
    fn every_listed_player_the_core_plays_by_name_is_made_and_known_by_it() {
        let names: Vec<&str> = COMPUTERS.iter().map(|c| c.name).collect();
        let unique: std::collections::HashSet<&&str> = names.iter().collect();
        assert_eq!(unique.len(), names.len());
        for name in Kind::names() {
            assert_eq!(Kind::named(name, 0.5).unwrap().name(), name);
        }
        assert!(Kind::named("hard", 0.5).is_none()); // a search: made by its settings
        let levels = COMPUTERS
            .iter()
            .filter(|c| c.role == Role::Level)
            .map(|c| c.name);
        let expected = ["random", "easy", "medium", "hard", "expert"];
        assert!(levels.eq(expected), "the levels, weakest first");
    }

    #[test]
    fn the_aggressive_player_captures_and_the_cautious_one_keeps_out_of_reach() {
        let judge = judge_of(Trouble::new(2, &[]).unwrap());
        // red: pegs on 3 and 10; green's peg 2 spaces past red's 3 (space 5) and one at 20
        let green_on_5 = (5 - 14i16).rem_euclid(28);
        let state = testing::to_move(
            &judge.rules,
            &[[-1, -1, 3, 10], [-1, -1, green_on_5, 6]],
            [2, 0],
        );
        let moves = judge.rules.legal_moves(&state);
        let texts = testing::texts(&judge.rules, &state);
        let seeded = || PyRandom::from_int(1);
        let aggressive =
            Player::new(Kind::Aggressive, seeded()).choose(&judge, &state, moves.as_ref());
        assert_eq!(texts[aggressive], "track:3>track:5");
        for kind in [
            Kind::Random,
            Kind::Uniform,
            Kind::Easy { mistakes: 0.5 },
            Kind::Medium,
            Kind::Runner,
            Kind::Cautious,
        ] {
            let pick = Player::new(kind, seeded()).choose(&judge, &state, moves.as_ref());
            assert!(pick < moves.len());
        }
    }
}
