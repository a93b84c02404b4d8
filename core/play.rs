//! Whole games with computer players, as `pegrace.match.run_game` plays them: the dice from
//! Python's generator seeded with the game's seed, each player's choices from its own
//! generator seeded `"{seed}:{colour}"`, a player asked only when there is a choice. The same
//! seeds give the same games as the Python runner, event for event.

use crate::ai::judge::Judge;
use crate::ai::players::{Kind, Player};
use crate::engine::{advance, Game, Phase, State, Stepped};
use crate::rng::{int_key, text_key, PyRandom};

/// A seat: its colour (which seeds its player) and its player.
#[derive(Clone, Debug)]
pub struct Seat {
    pub colour: String,
    pub kind: Kind,
}

/// What `pegrace.simulate` keeps of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    /// Per seat: its side's place.
    pub places: Vec<u8>,
    pub turns: u32,
    /// Turn rolls (the roll-off's pops not counted).
    pub rolls: u64,
    /// The seat that won the roll-off and moved first.
    pub starter: u8,
    /// Every roll, pop and move.
    pub events: u64,
    pub moves: u64,
    /// What made it exciting, where asked for (the lab's drama).
    pub drama: Option<Drama>,
}

/// What makes a game exciting to watch: pieces captured, how often the lead changed hands,
/// and the leader at the end of each turn (the side alone in first place by the game's own
/// ranking: finished sides, then progress; none while sides tie).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Drama {
    pub captures: u32,
    pub lead_changes: u32,
    leaders: Vec<Option<u8>>,
    last: Option<u8>,
}

impl Drama {
    fn moved<J: Judge>(
        &mut self,
        judge: &J,
        before: &State,
        after: &State,
        chosen: <J::G as Game>::Move,
    ) {
        self.captures += judge.captured(before, after, chosen);
        if after.turn != before.turn || after.phase == Phase::Over {
            let places = judge.rules().places(after);
            let sides = judge.rules().table().side_count;
            let first: Vec<u8> = (0..sides as u8)
                .filter(|&s| places[s as usize] == 1)
                .collect();
            let leader = (first.len() == 1).then(|| first[0]);
            if let Some(side) = leader {
                self.lead_changes += u32::from(self.last.is_some_and(|l| l != side));
                self.last = Some(side);
            }
            self.leaders.push(leader);
        }
    }

    /// Whether the side leading at half-time (half the game's turns) won; none where no side
    /// led alone then.
    pub fn half_time_leader_won(&self, places: &[u8]) -> Option<bool> {
        let leader = (*self.leaders.get(self.leaders.len() / 2)?)?;
        Some(places[leader as usize] == 1)
    }
}

/// `pegrace.simulate.game_seed`: game `index` of a run seeded `seed`.
pub fn game_seed(seed: u128, index: u64) -> Option<u128> {
    seed.checked_mul(1_000_003)?.checked_add(u128::from(index))
}

/// A game played on to its end.
pub struct Played {
    pub state: State,
    pub drama: Option<Drama>,
    pub rolls: u64,
    /// The seat to move at the first turn roll (none if there was none).
    pub starter: Option<u8>,
    pub events: u64,
    pub moves: u64,
}

/// Play on from `state` to the end (`pegrace.match.playout`); none after `max_events`.
/// `drama`: keep a `Drama` of the game.
pub fn play_out<J: Judge>(
    judge: &J,
    mut state: State,
    dice: &mut PyRandom,
    players: &mut [Player],
    max_events: u64,
    drama: bool,
) -> Option<Played> {
    let mut kept = drama.then(Drama::default);
    let rules = judge.rules();
    let (mut events, mut rolls, mut moves_made, mut starter) = (0, 0, 0, None);
    while state.phase != Phase::Over {
        if events >= max_events {
            return None;
        }
        let choose =
            |now: &State, moves: &[_]| players[now.current as usize].choose(judge, now, moves);
        match advance(rules, &mut state, dice, choose) {
            Stepped::Moved { before, chosen } => {
                if let Some(drama) = &mut kept {
                    drama.moved(judge, &before, &state, chosen);
                }
                moves_made += 1;
            }
            Stepped::Rolled => {
                starter.get_or_insert(state.current);
                rolls += 1;
            }
            Stepped::Popped => {}
        }
        events += 1;
    }
    Some(Played {
        state,
        drama: kept,
        rolls,
        starter,
        events,
        moves: moves_made,
    })
}

/// One game from the start (`pegrace.match.run_game`), seeded `seed`; with its `Drama` if
/// `drama`.
pub fn play_game<J: Judge>(
    judge: &J,
    seats: &[Seat],
    seed: u128,
    max_events: u64,
    drama: bool,
) -> Result<Summary, String> {
    let rules = judge.rules();
    let mut keys = vec![int_key(seed)];
    keys.extend(
        seats
            .iter()
            .map(|s| text_key(&format!("{seed}:{}", s.colour))),
    );
    let mut generators = PyRandom::from_keys(&keys).into_iter();
    let mut dice = generators.next().expect("the dice's generator");
    let mut players: Vec<Player> = seats
        .iter()
        .zip(generators)
        .map(|(s, rng)| Player::new(s.kind, rng))
        .collect();
    let played = play_out(
        judge,
        rules.initial_state(),
        &mut dice,
        &mut players,
        max_events,
        drama,
    )
    .ok_or_else(|| format!("game {seed} did not end within {max_events} events"))?;
    let places = rules.places(&played.state);
    let sides = &rules.table().sides;
    Ok(Summary {
        places: (0..seats.len())
            .map(|s| places[sides[s] as usize])
            .collect(),
        turns: played.state.turn,
        rolls: played.rolls,
        starter: played.starter.unwrap_or(played.state.current),
        events: played.events,
        moves: played.moves,
        drama: played.drama,
    })
}

/// Each side's wins in the playouts `indices` (`first..first + count`) from `state` with
/// `kind` in every seat (`colours`), playout `i` seeded as `pegrace.advice.winprob` seeds it:
/// dice `"{seed}:{i}"`, players `"{seed}:{i}:{colour}"`. Shared out over `threads`: the same
/// wins whatever their number.
pub fn playouts<J: Judge + Sync>(
    judge: &J,
    state: &State,
    colours: &[String],
    kind: Kind,
    seed: &str,
    indices: std::ops::Range<u64>,
    threads: u64,
) -> Result<Vec<u64>, String> {
    let (first, count) = (indices.start, indices.end.saturating_sub(indices.start));
    let threads = threads.clamp(1, count.max(1));
    let share = count.div_ceil(threads);
    let parts: Vec<Result<Vec<u64>, String>> = std::thread::scope(|scope| {
        let running: Vec<_> = (0..threads)
            .map(|t| {
                let indices = first + t * share..first + ((t + 1) * share).min(count);
                scope.spawn(move || playout_range(judge, state, colours, kind, seed, indices))
            })
            .collect();
        running
            .into_iter()
            .map(|r| {
                r.join()
                    .unwrap_or_else(|_| Err("a playout thread failed".into()))
            })
            .collect()
    });
    let mut wins = vec![0; judge.rules().table().side_count];
    for part in parts {
        for (total, won) in wins.iter_mut().zip(part?) {
            *total += won;
        }
    }
    Ok(wins)
}

fn playout_range<J: Judge>(
    judge: &J,
    state: &State,
    colours: &[String],
    kind: Kind,
    seed: &str,
    indices: std::ops::Range<u64>,
) -> Result<Vec<u64>, String> {
    let rules = judge.rules();
    let mut wins = vec![0; rules.table().side_count];
    for index in indices {
        let mut keys = vec![text_key(&format!("{seed}:{index}"))];
        keys.extend(
            colours
                .iter()
                .map(|c| text_key(&format!("{seed}:{index}:{c}"))),
        );
        let mut generators = PyRandom::from_keys(&keys).into_iter();
        let mut dice = generators.next().expect("the dice's generator");
        let mut players: Vec<Player> = generators.map(|rng| Player::new(kind, rng)).collect();
        let played = play_out(judge, *state, &mut dice, &mut players, 100_000, false)
            .ok_or_else(|| format!("playout {index} did not end within 100000 events"))?;
        let places = rules.places(&played.state);
        for (side, won) in wins.iter_mut().enumerate() {
            *won += u64::from(places[side] == 1);
        }
    }
    Ok(wins)
}

/// Games `first..first + count` of a run seeded `seed`; game `i` seats `seatings[i % len]`.
pub fn play_games<J: Judge>(
    judge: &J,
    seatings: &[Vec<Seat>],
    seed: u128,
    indices: std::ops::Range<u64>,
    drama: bool,
) -> Result<Vec<Summary>, String> {
    indices
        .map(|index| {
            let seats = &seatings[(index % seatings.len() as u64) as usize];
            let game = game_seed(seed, index).ok_or("the seed is too large for the core")?;
            play_game(judge, seats, game, 1_000_000, drama)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::judge::judge_of;
    use crate::games::headache::Headache;
    use crate::games::trouble::Trouble;

    fn seats(kinds: &[Kind]) -> Vec<Seat> {
        ["red", "yellow", "green", "blue"]
            .iter()
            .zip(kinds)
            .map(|(colour, &kind)| Seat {
                colour: colour.to_string(),
                kind,
            })
            .collect()
    }

    #[test]
    fn a_seed_replays_its_game_and_another_seed_plays_another() {
        let judge = judge_of(Trouble::new(4, &[]).unwrap());
        let table = seats(&[Kind::Medium, Kind::Random, Kind::Aggressive, Kind::Cautious]);
        let first = play_game(&judge, &table, 12, 1_000_000, false).unwrap();
        assert_eq!(
            first,
            play_game(&judge, &table, 12, 1_000_000, false).unwrap()
        );
        assert_ne!(
            first,
            play_game(&judge, &table, 13, 1_000_000, false).unwrap()
        );
        let mut places = first.places.clone();
        places.sort_unstable();
        assert_eq!(places, [1, 2, 3, 4]);
        assert!(play_game(&judge, &table, 12, 50, false).is_err()); // the event limit is kept
    }

    #[test]
    fn drama_counts_captures_and_lead_changes_and_changes_no_game() {
        let judge = judge_of(Trouble::new(4, &[]).unwrap());
        let table = vec![seats(&[Kind::Random; 4])];
        let plain = play_games(&judge, &table, 3, 0..40, false).unwrap();
        let watched = play_games(&judge, &table, 3, 0..40, true).unwrap();
        let (mut captures, mut changes, mut leader_won, mut led) = (0, 0, 0, 0);
        for (a, b) in plain.iter().zip(&watched) {
            assert_eq!(
                (&a.places, a.turns, a.drama.is_none()),
                (&b.places, b.turns, true)
            );
            let drama = b.drama.as_ref().expect("kept");
            captures += drama.captures;
            changes += drama.lead_changes;
            if let Some(won) = drama.half_time_leader_won(&b.places) {
                led += 1; // none where sides tied for the lead at half-time
                leader_won += u32::from(won);
            }
        }
        assert!(led > 30, "a lone leader at half-time in {led} of 40 games");
        assert!(
            captures > 40 && changes > 40,
            "{captures} captures, {changes} lead changes"
        );
        assert!(
            (10..40).contains(&leader_won),
            "the half-time leader won {leader_won} of 40"
        );
    }

    #[test]
    fn medium_wins_far_more_than_its_share_against_random_players() {
        let judge = judge_of(Headache::new(4, &[]).unwrap());
        let table = vec![seats(&[
            Kind::Medium,
            Kind::Random,
            Kind::Random,
            Kind::Random,
        ])];
        let games = play_games(&judge, &table, 1, 0..100, false).unwrap();
        let wins = games.iter().filter(|g| g.places[0] == 1).count();
        assert!(wins > 60, "medium won {wins} of 100");
    }

    #[test]
    fn playouts_count_the_same_wins_on_any_number_of_threads() {
        let judge = judge_of(Trouble::new(3, &[]).unwrap());
        let colours: Vec<String> = ["red", "yellow", "green"].map(String::from).to_vec();
        let state = judge.rules.initial_state();
        let one = playouts(&judge, &state, &colours, Kind::Medium, "x", 0..30, 1).unwrap();
        assert_eq!(one.iter().sum::<u64>(), 30);
        assert_eq!(
            one,
            playouts(&judge, &state, &colours, Kind::Medium, "x", 0..30, 4).unwrap()
        );
        // the same playouts in two parts: the same wins
        let first = playouts(&judge, &state, &colours, Kind::Medium, "x", 0..12, 2).unwrap();
        let rest = playouts(&judge, &state, &colours, Kind::Medium, "x", 12..30, 3).unwrap();
        let parts: Vec<u64> = first.iter().zip(&rest).map(|(a, b)| a + b).collect();
        assert_eq!(parts, one);
    }
}
