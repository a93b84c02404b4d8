use super::classic::*;
use super::ludopy::*;
use super::two_dice::*;
use crate::engine::testing;
use crate::engine::*;

fn rules(players: usize) -> TwoDiceLudo {
    TwoDiceLudo::new(players, &[]).expect("valid options")
}

fn to_move(rules: &TwoDiceLudo, pieces: &[Row], roll: [u8; 2]) -> State {
    testing::to_move(rules, pieces, roll)
}

fn texts(rules: &TwoDiceLudo, state: &State) -> Vec<String> {
    testing::texts(rules, state)
}

#[test]
fn both_dice_are_used_when_they_can_be_in_either_order() {
    let game = rules(2);
    let state = to_move(&game, &[[-1, -1, -1, 0], [-1; 4]], [2, 3]);
    assert_eq!(
        texts(&game, &state),
        [
            "2:track:0>track:2 3:track:2>track:5",
            "3:track:0>track:3 2:track:3>track:5"
        ]
    );
}

#[test]
fn a_six_brings_a_pin_out_and_one_die_alone_is_used_when_both_cannot_be() {
    let game = rules(2);
    let state = to_move(&game, &[[-1, -1, -1, -1], [-1; 4]], [4, 6]);
    assert_eq!(texts(&game, &state), ["6:base>track:0 4:track:0>track:4"]);
    let near_exit = to_move(&game, &[[-1, -1, -1, 45], [-1; 4]], [1, 5]);
    assert_eq!(texts(&game, &near_exit), ["1:lane:3>lane:4"]);
    let stuck = to_move(&game, &[[-1; 4], [-1; 4]], [1, 5]);
    assert_eq!(texts(&game, &stuck), ["pass"]);
}

#[test]
fn landing_sends_every_opponent_pin_there_home_but_not_on_a_safe_point() {
    let game = rules(2);
    // yellow's track:1 is red's track:25 (yellow starts 24 points on)
    let state = to_move(&game, &[[-1, -1, -1, 20], [-1, -1, 1, 1]], [2, 3]);
    let mut after = state;
    game.play(&mut after, game.turns(&state).as_slice()[0]);
    assert_eq!(after.pieces[1], [-1, -1, -1, -1]);
    let safe = to_move(&game, &[[-1, -1, -1, 1], [-1, -1, -1, 6]], [2, 3]); // point 30
    let mut kept = safe;
    game.play(&mut kept, game.turns(&safe).as_slice()[0]);
    assert_eq!(kept.pieces[1], [-1, -1, -1, 6]);
}

#[test]
fn a_double_six_rolls_again() {
    let game = rules(2);
    let state = to_move(&game, &[[-1, -1, -1, 3], [-1; 4]], [6, 6]);
    let mut after = state;
    game.play(&mut after, game.turns(&state).as_slice()[0]);
    assert_eq!((after.current, after.streak), (0, 1));
}

#[test]
fn the_first_with_every_pin_out_wins() {
    let game = rules(3);
    let state = to_move(&game, &[[44, 47, 47, 47], [-1; 4], [-1, -1, 0, 0]], [3, 5]);
    let mut after = state;
    game.play(&mut after, game.turns(&state).as_slice()[0]);
    assert_eq!(after.phase, Phase::Over);
    assert_eq!(&game.places(&after)[..3], &[1, 3, 2]);
}

fn ludopy() -> LudopyLudo {
    LudopyLudo::new(2, &testing::options(&[("variant", "ludopy")])).expect("valid options")
}

#[test]
fn ludopy_has_no_roll_off_and_three_tries_to_get_out_in_round_one() {
    let game = ludopy();
    let start = game.initial_state();
    assert_eq!(
        (start.phase, start.current, start.aux[..2].to_vec()),
        (Phase::Roll, 0, vec![1, 0])
    );
    let home = State {
        phase: Phase::Move,
        roll: [3, 0],
        ..start
    };
    assert_eq!(testing::texts(&game, &home), ["pass"]);
    let mut after = home;
    game.play(&mut after, game.legal_moves(&home).as_slice()[0]);
    assert_eq!((after.current, after.aux[..2].to_vec()), (0, vec![1, 1]));
    let six = State {
        roll: [6, 0],
        ..home
    };
    assert_eq!(testing::texts(&game, &six), ["base+6"]);
}

#[test]
fn ludopy_a_star_jumps_to_the_next_star() {
    let game = ludopy();
    let state = testing::to_move(&game, &[[-1, -1, -1, 3], [-1; 4]], [1, 0]);
    let mut after = state;
    game.play(&mut after, game.legal_moves(&state).as_slice()[0]);
    assert_eq!(after.pieces[0], [-1, -1, -1, 11]); // LUDOpy's star 5 leads to its 12
}

#[test]
fn each_variant_has_its_rules_and_options_are_checked() {
    let ludopy = [("variant".to_string(), "ludopy".to_string())];
    assert!(TwoDiceLudo::new(4, &ludopy).is_err());
    assert!(LudopyLudo::new(4, &ludopy).is_ok());
    assert!(TwoDiceLudo::new(5, &[]).is_err());
    let unsafe_two_dice = [("safe_squares".to_string(), "off".to_string())];
    assert!(TwoDiceLudo::new(4, &unsafe_two_dice).is_err());
}

fn classic(options: &[(&str, &str)]) -> ClassicLudo {
    let mut owned = vec![("variant", "classic")];
    owned.extend_from_slice(options);
    ClassicLudo::new(2, &testing::options(&owned)).expect("valid options")
}

fn classic_texts(rules: &ClassicLudo, pieces: &[Row], roll: u8, streak: u8) -> Vec<String> {
    let state = testing::to_move(rules, pieces, [roll, 0]);
    testing::texts(rules, &State { streak, ..state })
}

#[test]
fn classic_a_block_is_neither_passed_nor_landed_on() {
    let game = classic(&[]);
    // yellow's two pins on its track:2 are red's track:28
    let blocked = [[-1, -1, -1, 25], [-1, -1, 2, 2]];
    assert_eq!(classic_texts(&game, &blocked, 3, 0), ["pass"]);
    assert_eq!(classic_texts(&game, &blocked, 2, 0), ["track:25>track:27"]);
}

#[test]
fn classic_a_six_brings_a_pin_out_and_a_third_is_forfeit() {
    let game = classic(&[]);
    let home = [[-1; 4], [-1; 4]];
    assert_eq!(classic_texts(&game, &home, 6, 0), ["base>track:0"]);
    assert_eq!(classic_texts(&game, &home, 6, 2), ["pass"]);
    let no_limit = classic(&[("three_sixes", "off")]);
    assert_eq!(classic_texts(&no_limit, &home, 6, 2), ["base>track:0"]);
}

#[test]
fn classic_home_by_exact_count_and_nothing_is_hit_on_a_safe_square() {
    let game = classic(&[]);
    let near = [[-1, -1, -1, 54], [-1; 4]];
    assert_eq!(classic_texts(&game, &near, 2, 0), ["lane:4>home"]);
    assert_eq!(classic_texts(&game, &near, 3, 0), ["pass"]);
    // red's track:8 is a star, yellow's track:34 (red starts 26 squares on)
    let state = testing::to_move(&game, &[[-1, -1, -1, 5], [-1, -1, -1, 34]], [3, 0]);
    let mut after = state;
    game.play(
        &mut after,
        Move::Step {
            origin: 5,
            target: 8,
        },
    );
    assert_eq!(after.pieces[1], [-1, -1, -1, 34]);
    let open = classic(&[("safe_squares", "off")]);
    let mut hit = state;
    open.play(
        &mut hit,
        Move::Step {
            origin: 5,
            target: 8,
        },
    );
    assert_eq!(hit.pieces[1], [-1, -1, -1, -1]);
}

#[test]
fn a_turned_two_player_game_is_green_and_blue_each_from_its_own_start() {
    let turned = testing::options(&[("seating", "1")]);
    let game = TwoDiceLudo::new(2, &turned).expect("valid options");
    assert_eq!(&game.table.colours[..2], &[1, 3]); // green and blue
    let starts = |shape: RaceShape| (shape.space_of[0][0], shape.space_of[1][0]);
    assert_eq!(starts(game.shape()), (12, 36)); // their own corners
    assert_eq!(starts(rules(2).shape()), (0, 24)); // red's and yellow's
    let out = to_move(&game, &[[-1; 4], [-1; 4]], [6, 1]);
    assert_eq!(texts(&game, &out), ["6:base>track:0 1:track:0>track:1"]);
    // green's track:25 is point 37, blue's track:1: landing there hits blue
    let state = to_move(&game, &[[-1, -1, -1, 20], [-1, -1, 1, 1]], [2, 3]);
    let mut after = state;
    game.play(&mut after, game.turns(&state).as_slice()[0]);
    assert_eq!(after.pieces[1], [-1; 4]);
    for variant in ["classic", "ludopy"] {
        let given = testing::options(&[("variant", variant), ("seating", "1")]);
        let shape = match variant {
            "classic" => ClassicLudo::new(2, &given).map(|g| g.shape()),
            _ => LudopyLudo::new(2, &given).map(|g| g.shape()),
        };
        assert_eq!(starts(shape.expect("valid options")), (13, 39), "{variant}");
    }
}

#[test]
fn ludopy_turned_sends_home_the_colour_that_is_really_there() {
    // green (seat 0, from square 13) lands on square 42, blue's track:3 (blue from 39)
    let given = testing::options(&[("variant", "ludopy"), ("seating", "1")]);
    let game = LudopyLudo::new(2, &given).expect("valid options");
    let state = testing::to_move(&game, &[[-1, -1, -1, 26], [-1, -1, -1, 3]], [3, 0]);
    let mut after = state;
    game.play(&mut after, game.legal_moves(&state).as_slice()[0]);
    assert_eq!(
        (after.pieces[0], after.pieces[1]),
        ([-1, -1, -1, 29], [-1; 4])
    );
}

#[test]
fn a_turn_that_changes_nothing_is_refused() {
    let refused = |players: usize, given: &[(&str, &str)]| {
        TwoDiceLudo::new(players, &testing::options(given)).unwrap_err()
    };
    assert!(refused(2, &[("seating", "2")]).contains("with 2 players choose 0 or 1"));
    assert!(refused(4, &[("seating", "1")]).contains("every colour plays with 4 players"));
    let three = TwoDiceLudo::new(3, &testing::options(&[("seating", "3")]));
    assert_eq!(
        &three.expect("valid options").table.colours[..3],
        &[3, 0, 1]
    );
}
