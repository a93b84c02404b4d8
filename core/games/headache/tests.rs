//! Headache's unit tests (`headache.rs`'s rules, option by option).

use super::*;
use crate::engine::testing;

fn rules(players: usize, options: &[(&str, &str)]) -> Headache {
    Headache::new(players, &testing::options(options)).expect("valid options")
}

/// A pop of `number` without the red dot, at turn 9, with the counters `aux`.
fn to_move(rules: &Headache, pieces: &[Row], number: u8, aux: &[u16]) -> State {
    let mut state = testing::to_move(rules, pieces, [number, 1]);
    state.aux[..aux.len()].copy_from_slice(aux);
    State { turn: 9, ..state }
}

fn texts(rules: &Headache, state: &State) -> Vec<String> {
    testing::texts(rules, state)
}

#[test]
fn the_first_turns_must_move_a_cone_off_start_along_either_track() {
    let game = rules(2, &[]);
    let state = to_move(&game, &[[-1; 4], [-1; 4]], 2, &[0, 0, 0]);
    assert_eq!(texts(&game, &state), ["start>outer:1", "start>inner:1"]);
}

#[test]
fn a_stack_moves_either_way_and_a_single_cone_only_clockwise() {
    let game = rules(2, &[]);
    let cone = 10 << HEIGHT_BITS; // outer:2
    let single = to_move(&game, &[[-1, -1, -1, cone], [-1; 4]], 1, &[4, 4, 0]);
    assert_eq!(
        texts(&game, &single),
        ["start>outer:0", "start>inner:0", "outer:2>x:1"]
    );
    let stacked = to_move(&game, &[[-1, -1, cone, cone + 1], [-1; 4]], 1, &[4, 4, 0]);
    assert_eq!(
        texts(&game, &stacked),
        [
            "start>outer:0",
            "start>inner:0",
            "outer:2>x:1",
            "outer:2>outer:1 ccw"
        ]
    );
}

#[test]
fn a_move_shows_the_first_walk_to_its_target() {
    let game = rules(2, &[]);
    let cone = 1 << HEIGHT_BITS; // x:1
    let state = to_move(&game, &[[-1, -1, -1, cone], [-1; 4]], 3, &[4, 4, 0]);
    let to_x2 = game
        .legal_moves(&state)
        .as_slice()
        .iter()
        .map(|&chosen| game.move_view(&state, chosen))
        .find(|view| view.uses == [(0, 1, 2)])
        .expect("x:1>x:2 is legal");
    // inner:2, inner:3, x:2 (the outer track takes 4 to the next X)
    assert_eq!(to_x2.path, [34, 35, 2]);
    assert!(!to_x2.backward && !to_x2.from_start);
}

#[test]
fn a_capture_puts_the_mover_on_top_and_the_loser_with_nothing_left_is_out() {
    let game = rules(3, &[]);
    let mine = 9 << HEIGHT_BITS; // outer:1
    let theirs = 10 << HEIGHT_BITS; // outer:2
    let state = to_move(
        &game,
        &[
            [-1, -1, -1, mine],
            [theirs, theirs + 1, theirs + 2, theirs + 3],
            [-1; 4],
        ],
        1,
        &[4, 4, 4, 0],
    );
    let mut after = state;
    game.play(
        &mut after,
        ConeMove {
            origin: 9,
            target: 10,
            ..ConeMove::default()
        },
    );
    assert_eq!(after.pieces[0][3], (10 << HEIGHT_BITS) + 4);
    assert_eq!(after.out.as_slice(), &[1]);
    assert_eq!(game.owned(&after.pieces)[0], 8);
}

#[test]
fn no_move_pops_again_but_the_turn_passes_when_no_number_would_do() {
    let game = rules(2, &[]);
    // red's last cone tops nothing, START empty: out already; use a cone that cannot land
    let blocked = to_move(&game, &[[-1, -1, -1, -1], [-1; 4]], 4, &[0, 0, 1]);
    assert_eq!(texts(&game, &blocked), ["pass"]); // a bonus pop never leaves START
    let mut after = blocked;
    game.play(&mut after, PASS);
    assert_eq!((after.current, after.aux), (1, [1, 0, 0, 0, 0]));
}

#[test]
fn a_turn_limit_out_of_range_is_refused_by_its_value() {
    for given in ["0", "1000000000000000000000000000000", "ten"] {
        let refused = Headache::new(2, &[("turn_limit".into(), given.into())]).err();
        let said = refused.expect("refused");
        assert!(said.contains(&format!("turn_limit={given:?}")), "{said}");
        assert!(said.contains("1 to 4294967295"), "{said}");
    }
}

#[test]
fn the_turn_limit_ends_the_game_in_its_own_words() {
    let game = rules(2, &[("turn_limit", "9")]);
    let state = to_move(&game, &[[-1; 4], [-1; 4]], 2, &[4, 4, 0]);
    let mut after = state;
    game.play(&mut after, game.legal_moves(&state).as_slice()[0]);
    assert_eq!((after.phase, after.end), (Phase::Over, End::TurnLimit));
    assert_eq!(game.end_text(after.end), "turn limit (9 turns) reached");
}

#[test]
fn turned_seats_leave_their_own_start_x() {
    let game = rules(2, &[("seating", "1")]);
    assert_eq!((game.start_space(0), game.start_space(1)), (2, 6)); // yellow, blue
    let state = to_move(&game, &[[-1; 4], [-1; 4]], 2, &[0, 0, 0]);
    assert_eq!(texts(&game, &state), ["start>outer:7", "start>inner:5"]);
    let refused = Headache::new(4, &testing::options(&[("seating", "3")]));
    assert!(refused
        .unwrap_err()
        .contains("every colour plays with 4 players"));
}
