//! A seat resigning (`Game::resign`): it leaves, its pieces go where its game says, the turn
//! passes if it was to act, the places and the end follow; and where it cannot.

use super::testing::{self, to_move};
use super::*;
use crate::games::headache::Headache;
use crate::games::ludo::TwoDiceLudo;
use crate::games::trouble::Trouble;

fn trouble(players: usize) -> Trouble {
    Trouble::new(players, &testing::options(&[])).expect("valid options")
}

#[test]
fn the_seat_to_move_resigns_its_pegs_go_home_and_the_next_seat_rolls() {
    let game = trouble(4);
    let mut state = to_move(
        &game,
        &[[-1, -1, 3, 30], [-1; 4], [-1, 5, 9, 12], [-1; 4]],
        [6, 0],
    );
    game.resign(&mut state, 0).expect("red may resign");
    assert_eq!(state.pieces[0], [-1; 4]);
    assert_eq!(state.out.as_slice(), &[0]);
    assert_eq!(
        (state.phase, state.current, state.turn),
        (Phase::Roll, 1, 2)
    );
    assert_eq!((state.roll, state.streak), ([0, 0], 0));
    assert_eq!(state.end, End::Running);
    let mut after = state;
    for _ in 0..3 {
        let seat = after.current;
        game.table().after_move(&mut after, seat, None, &[], false);
    }
    assert_eq!(
        after.current, 1,
        "red is skipped: yellow, green, blue, yellow"
    );
}

#[test]
fn a_seat_resigns_out_of_turn_and_the_seat_to_move_keeps_its_move() {
    let game = trouble(4);
    let mut state = to_move(
        &game,
        &[[-1, -1, 3, 30], [-1; 4], [-1, 5, 9, 12], [-1; 4]],
        [6, 0],
    );
    let moves = testing::texts(&game, &state);
    game.resign(&mut state, 2).expect("green may resign");
    assert_eq!(state.pieces[2], [-1; 4]);
    assert_eq!(
        (state.phase, state.current, state.roll),
        (Phase::Move, 0, [6, 0])
    );
    assert_eq!(testing::texts(&game, &state), moves);
}

#[test]
fn the_last_side_standing_ends_the_game_and_a_resigned_side_takes_the_last_place() {
    let game = trouble(3);
    let mut state = to_move(&game, &[[-1, 2, 3, 30], [-1; 4], [-1, 5, 9, 12]], [2, 0]);
    game.resign(&mut state, 1).expect("yellow may resign");
    assert_eq!(game.table().decided(&state)[..3], [0, 3, 0]);
    game.resign(&mut state, 0).expect("red may resign");
    assert_eq!((state.phase, state.end), (Phase::Over, End::AllPlaces));
    assert_eq!(game.places(&state)[..3], [2, 3, 1]);
}

#[test]
fn a_seat_cannot_resign_in_the_roll_off_twice_or_once_the_game_is_over() {
    let game = trouble(2);
    let mut state = game.initial_state();
    let refused = |r: Result<(), Refusal>| r.expect_err("refused").text.into_owned();
    assert_eq!(
        refused(game.resign(&mut state, 0)),
        crate::refusal::RESIGN_ROLLOFF.0
    );
    assert_eq!(state, game.initial_state(), "nothing changed");
    let mut state = to_move(&game, &[[-1, 2, 3, 30], [-1; 4]], [2, 0]);
    let mut four = to_move(&trouble(4), &[[-1; 4]; 4], [2, 0]);
    trouble(4).resign(&mut four, 3).expect("blue may resign");
    assert_eq!(
        refused(trouble(4).resign(&mut four, 3)),
        crate::refusal::RESIGN_GONE.0
    );
    game.resign(&mut state, 1).expect("green may resign");
    assert_eq!(
        refused(game.resign(&mut state, 0)),
        crate::refusal::RESIGN_OVER.0
    );
    assert!(game.resign(&mut state, 7).is_err(), "no such seat");
}

#[test]
fn a_resigned_ludo_blockade_leaves_the_board_and_headache_cones_stay() {
    let ludo = TwoDiceLudo::new(4, &testing::options(&[])).expect("ludo");
    let mut state = to_move(&ludo, &[[-1; 4], [5, 5, 9, 9]], ludo.roll_of([3, 4]));
    ludo.resign(&mut state, 1).expect("green may resign");
    assert_eq!(state.pieces[1], ludo.initial_state().pieces[1]);
    let headache = Headache::new(4, &testing::options(&[])).expect("headache");
    let mut state = headache.initial_state();
    state.phase = Phase::Roll;
    let cones = state.pieces[2];
    headache.resign(&mut state, 2).expect("a seat may resign");
    assert_eq!(state.pieces[2], cones);
    assert!(state.out.contains(2));
}
