//! Many games at once, without Python in the loop: every seat played by the random player
//! (a uniform choice among the legal moves, the pass included where the rules allow it, as
//! `pegrace.players.RandomPlayer` chooses), dice and choices from one seeded generator.

use crate::engine::{Game, Phase, MAX_SEATS};
use crate::rng::Rng;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub games: u64,
    pub wins: [u64; MAX_SEATS], // by side: games it placed first
    pub moves: u64,
    pub rolls: u64, // turn rolls, the roll-off's pops not counted
    pub turns: u64,
}

pub fn random_games<G: Game>(rules: &G, games: u64, seed: u64) -> Tally {
    let mut rng = Rng::new(seed);
    let mut tally = Tally {
        games,
        ..Tally::default()
    };
    for _ in 0..games {
        let mut state = rules.initial_state();
        loop {
            match state.phase {
                Phase::Rolloff => state = rules.apply_roll(&state, [rng.d6(), 0]),
                Phase::Roll => {
                    tally.rolls += 1;
                    state.roll = rules.throw(&mut rng);
                    state.phase = Phase::Move;
                }
                Phase::Move => {
                    let moves = rules.legal_moves(&state);
                    let moves = moves.as_ref();
                    let pick = moves[rng.below(moves.len() as u32) as usize];
                    tally.moves += 1;
                    rules.play(&mut state, pick);
                }
                Phase::Over => break,
            }
        }
        tally.turns += u64::from(state.turn);
        let places = rules.places(&state);
        let sides = rules.table().side_count;
        for (side, wins) in tally.wins.iter_mut().enumerate().take(sides) {
            *wins += u64::from(places[side] == 1);
        }
    }
    tally
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::trouble::Trouble;

    #[test]
    fn every_game_is_won_and_a_seed_replays_the_batch() {
        let rules = Trouble::new(4, &[]).unwrap();
        let tally = random_games(&rules, 200, 9);
        assert_eq!(tally.wins.iter().sum::<u64>(), 200);
        assert_eq!(tally, random_games(&rules, 200, 9));
        assert_ne!(tally, random_games(&rules, 200, 10));
        assert_eq!(tally.moves, tally.rolls); // every roll is followed by one move
    }
}
