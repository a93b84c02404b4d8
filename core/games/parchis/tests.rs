//! Parchís' rules, each with its exact move set (docs/rules/parchis.md). Two players are yellow
//! (seat 0, its exit on track space 0 of the board) and red (seat 1, its exit 34 spaces on): a
//! yellow piece at `p` and a red one at `p - 34` (mod 68) share a space. Board spaces here are
//! the internal ones (the printed number minus 5); the safe ones are 0, 7, 12 past each exit.

use super::*;
use crate::engine::{testing, End};
use crate::rng::Rng;

fn rules(players: usize, options: &[(&str, &str)]) -> Parchis {
    Parchis::new(players, &testing::options(options)).expect("valid options")
}

fn to_move(rules: &Parchis, pieces: &[Row], die: u8) -> State {
    testing::to_move(rules, pieces, [die, 0])
}

fn texts(rules: &Parchis, state: &State) -> Vec<String> {
    testing::texts(rules, state)
}

fn played(rules: &Parchis, state: &State, text: &str) -> State {
    let moves = rules.legal_moves(state);
    let chosen = *moves
        .as_slice()
        .iter()
        .find(|&&m| rules.move_text(state, m) == text)
        .unwrap_or_else(|| panic!("{text} is not legal: {:?}", texts(rules, state)));
    let mut after = *state;
    rules.play(&mut after, chosen);
    after
}

const HOME4: Row = [HOME; PIECES];

#[test]
fn a_5_brings_a_piece_out_and_must_while_the_exit_allows() {
    let game = rules(2, &[]);
    let state = to_move(&game, &[[-1, -1, -1, 10], HOME4], 5);
    assert_eq!(texts(&game, &state), ["home>track:0"]);
    let after = played(&game, &state, "home>track:0");
    assert_eq!(after.pieces[0], [-1, -1, 0, 10]);
    assert_eq!((after.phase, after.current), (Phase::Roll, 1));
    let shut = to_move(&game, &[[-1, 0, 0, 10], HOME4], 5);
    assert_eq!(
        texts(&game, &shut),
        ["track:0>track:5", "track:10>track:15"]
    );
    let nothing = to_move(&game, &[[-1, -1, -1, -1], HOME4], 4);
    assert_eq!(
        texts(&game, &nothing),
        ["pass"],
        "only a 5 brings a piece out"
    );
}

#[test]
fn coming_out_shares_an_exit_with_one_opponent_and_captures_on_a_full_one() {
    let game = rules(2, &[]);
    let shared = to_move(&game, &[HOME4, [-1, -1, -1, 34]], 5);
    let after = played(&game, &shared, "home>track:0");
    assert_eq!(
        (after.pieces[0], after.pieces[1]),
        ([-1, -1, -1, 0], [-1, -1, -1, 34])
    );
    assert_eq!(after.aux[BONUS], 0, "the exit is safe: no capture");
    let full = to_move(&game, &[[-1, -1, -1, 0], [-1, -1, -1, 34]], 5);
    let after = played(&game, &full, "home>track:0");
    assert_eq!((after.pieces[0], after.pieces[1]), ([-1, -1, 0, 0], HOME4));
    assert_eq!(
        (after.phase, after.current, after.aux[BONUS]),
        (Phase::Move, 0, 20)
    );
    let off = rules(2, &[("exit_capture", "off")]);
    let shut = to_move(&off, &[[-1, -1, -1, 0], [-1, -1, -1, 34]], 5);
    assert_eq!(texts(&off, &shut), ["track:0>track:5"]);
}

#[test]
fn of_two_opponents_on_the_exit_the_last_to_arrive_is_captured() {
    let game = rules(4, &[]); // yellow's exit is blue's 51 and red's 34
    for (last, captured) in [(2, 2), (1, 1)] {
        let mut state = to_move(
            &game,
            &[HOME4, [-1, -1, -1, 51], [-1, -1, -1, 34], HOME4],
            5,
        );
        state.aux[ARRIVED] = last; // exit 0's two bits
        let after = played(&game, &state, "home>track:0");
        assert_eq!(after.pieces[captured], HOME4);
        assert_eq!(
            after.pieces[3 - captured][3],
            if captured == 1 { 34 } else { 51 }
        );
        assert_eq!(arrived(&after, 0), 0, "yellow arrived last now");
    }
}

#[test]
fn nobody_passes_or_lands_on_a_blockade_not_even_its_owner() {
    let game = rules(2, &[]);
    let red_blockade = [-1, -1, 44, 44]; // on space 10
    let state = |die| to_move(&game, &[[-1, -1, -1, 7], red_blockade], die);
    assert_eq!(texts(&game, &state(4)), ["pass"]);
    assert_eq!(texts(&game, &state(3)), ["pass"]);
    assert_eq!(texts(&game, &state(2)), ["track:7>track:9"]);
    let own = to_move(&game, &[[-1, 3, 5, 5], HOME4], 4);
    assert_eq!(
        texts(&game, &own),
        ["track:5>track:9"],
        "its own blockade stops the piece at 3"
    );
}

#[test]
fn two_colours_on_a_safe_space_are_no_blockade_but_fill_it() {
    let game = rules(2, &[]);
    let pieces = [[-1, -1, 5, 7], [-1, -1, -1, 41]]; // yellow and red share safe space 7
    assert_eq!(
        texts(&game, &to_move(&game, &pieces, 4)),
        ["track:5>track:9", "track:7>track:11"]
    );
    assert_eq!(
        texts(&game, &to_move(&game, &pieces, 2)),
        ["track:7>track:9"]
    );
}

#[test]
fn a_6_counts_7_with_no_piece_at_home_and_must_open_a_blockade() {
    let game = rules(2, &[]);
    let out = to_move(&game, &[[3, 10, 20, 30], HOME4], 6);
    let sevens = [
        "track:3>track:10",
        "track:10>track:17",
        "track:20>track:27",
        "track:30>track:37",
    ];
    assert_eq!(texts(&game, &out), sevens);
    assert_eq!(
        texts(&rules(2, &[("six_counts", "6")]), &out)[0],
        "track:3>track:9"
    );
    assert_eq!(
        texts(&rules(2, &[("six_counts", "12")]), &out)[0],
        "track:3>track:15"
    );
    let blockade = to_move(&game, &[[-1, 10, 10, 20], HOME4], 6);
    assert_eq!(texts(&game, &blockade), ["track:10>track:16"]);
    let free = rules(2, &[("blockade_six", "free")]);
    assert_eq!(
        texts(&free, &blockade),
        ["track:10>track:16", "track:20>track:26"]
    );
    let stuck = to_move(&game, &[[-1, 10, 10, 20], [-1, -1, 50, 50]], 6); // red blocks 16
    assert_eq!(
        texts(&game, &stuck),
        ["track:20>track:26"],
        "no blockade piece can move"
    );
}

#[test]
fn blockades_only_on_safe_spaces_with_that_option() {
    let anywhere = rules(2, &[]);
    let state = to_move(&anywhere, &[[-1, -1, 3, 5], HOME4], 2);
    assert_eq!(
        texts(&anywhere, &state),
        ["track:3>track:5", "track:5>track:7"]
    );
    let rule = rules(2, &[("blockades", "safe")]);
    assert_eq!(texts(&rule, &state), ["track:5>track:7"]);
    let onto_safe = to_move(&rule, &[[-1, -1, 5, 7], HOME4], 2);
    assert_eq!(
        texts(&rule, &onto_safe),
        ["track:5>track:7", "track:7>track:9"]
    );
    let not_safe = to_move(&rule, &[[-1, -1, 8, 10], HOME4], 2);
    assert_eq!(texts(&rule, &not_safe), ["track:10>track:12"]);
}

#[test]
fn a_capture_sends_home_and_earns_20_moved_at_once_by_any_piece() {
    let game = rules(2, &[]);
    let state = to_move(&game, &[[-1, -1, 5, 20], [-1, -1, -1, 57]], 3); // red on space 23
    let after = played(&game, &state, "track:20>track:23");
    assert_eq!(after.pieces[1], HOME4);
    assert_eq!(
        (after.phase, after.current, after.aux[BONUS]),
        (Phase::Move, 0, 20)
    );
    assert_eq!(
        texts(&game, &after),
        ["track:5>track:25", "track:23>track:43"]
    );
    let done = played(&game, &after, "track:23>track:43");
    assert_eq!(
        (done.phase, done.current, done.aux[BONUS]),
        (Phase::Roll, 1, 0)
    );
}

#[test]
fn no_capture_on_a_safe_space_and_a_bonus_move_that_captures_earns_another() {
    let game = rules(2, &[]);
    let safe = to_move(&game, &[[-1, -1, -1, 9], [-1, -1, -1, 46]], 3); // red on safe 12
    let after = played(&game, &safe, "track:9>track:12");
    assert_eq!((after.pieces[1][3], after.aux[BONUS]), (46, 0));
    let chain = to_move(&game, &[[-1, -1, 5, 20], [-1, -1, 57, 59]], 3); // red on 23 and 25
    let bonus = played(&game, &chain, "track:20>track:23");
    let again = played(&game, &bonus, "track:5>track:25");
    assert_eq!((again.pieces[1], again.aux[BONUS]), (HOME4, 20));
}

#[test]
fn a_bonus_no_piece_can_move_is_lost() {
    let game = rules(2, &[]);
    let state = to_move(&game, &[[-1, -1, -1, 57], [-1, -1, -1, 26]], 3); // red on space 60
    let after = played(&game, &state, "track:57>track:60");
    assert_eq!(texts(&game, &after), ["pass"]);
    let lost = played(&game, &after, "pass");
    assert_eq!((lost.current, lost.aux[BONUS]), (1, 0));
}

#[test]
fn the_goal_needs_the_exact_count_earns_10_or_bounces_with_that_option() {
    let game = rules(2, &[]);
    let state = to_move(&game, &[[-1, -1, 20, 68], HOME4], 3);
    let after = played(&game, &state, "lane:5>goal");
    assert_eq!(
        (after.aux[BONUS], texts(&game, &after)),
        (10, vec!["track:20>track:30".into()])
    );
    let over = to_move(&game, &[[-1, -1, -1, 68], HOME4], 4);
    assert_eq!(texts(&game, &over), ["pass"]);
    let bounce = rules(2, &[("finish", "bounce")]);
    assert_eq!(texts(&bounce, &over), ["lane:5>lane:7"]);
}

#[test]
fn a_6_rolls_again_and_the_third_sends_the_last_moved_piece_home() {
    let game = rules(2, &[]);
    let state = to_move(&game, &[[-1, 5, 20, 30], HOME4], 6);
    let after = played(&game, &state, "track:30>track:36");
    assert_eq!(
        (after.phase, after.current, after.streak),
        (Phase::Roll, 0, 1)
    );
    let mut third = after;
    third.streak = 2;
    let punished = game.apply_roll(&third, [6, 0]);
    assert_eq!(punished.pieces[0], [-1, -1, 5, 20]);
    assert_eq!(
        (punished.phase, punished.current, punished.aux[LAST_MOVED]),
        (Phase::Roll, 1, 0)
    );
    let mut column = third;
    column.pieces[0] = [-1, 5, 20, 66];
    column.aux[LAST_MOVED] = 66 + 2;
    assert_eq!(game.apply_roll(&column, [6, 0]).pieces[0], [-1, 5, 20, 66]);
    let lane_start = rules(2, &[("three_sixes", "lane-start")]);
    assert_eq!(
        lane_start.apply_roll(&column, [6, 0]).pieces[0],
        [-1, 5, 20, 64]
    );
    let off = rules(2, &[("three_sixes", "off")]);
    assert_eq!(off.apply_roll(&third, [6, 0]).phase, Phase::Move);
}

#[test]
fn the_first_with_four_at_the_goal_wins_and_the_options_start_pieces_out() {
    let game = rules(2, &[("goal_bonus", "0")]);
    let state = to_move(&game, &[[68, 71, 71, 71], [-1, -1, 5, 9]], 3);
    let after = played(&game, &state, "lane:5>goal");
    assert_eq!((after.phase, after.end), (Phase::Over, End::FirstPlace));
    assert_eq!(game.places(&after)[..2], [1, 2]);
    assert_eq!(
        rules(3, &[("start_out", "2")]).initial_state().pieces[2],
        [-1, -1, 0, 0]
    );
}

#[test]
fn who_starts_partners_and_two_sets() {
    let yellow = rules(3, &[("first", "yellow")]).initial_state();
    assert_eq!(
        (yellow.phase, yellow.current, yellow.turn),
        (Phase::Roll, 0, 1)
    );
    let pairs = rules(4, &[("teams", "on"), ("goal_bonus", "0")]);
    let mut state = to_move(&pairs, &[HOME4, HOME4, [68, 71, 71, 71], HOME4], 3);
    state.current = 2;
    let after = played(&pairs, &state, "lane:5>goal");
    assert_eq!((after.phase, after.end), (Phase::Over, End::FirstPlace));
    assert_eq!(
        pairs.places(&after)[..2],
        [1, 2],
        "red's four home win for yellow and red"
    );
    let two = rules(2, &[("two_sets", "on")]);
    assert_eq!(
        (two.table.seats, two.table.sides[..4].to_vec()),
        (4, vec![0, 1, 0, 1])
    );
    let refused = |players, option| Parchis::new(players, &testing::options(&[(option, "on")]));
    assert!(refused(2, "teams").is_err() && refused(3, "two_sets").is_err());
}

/// Random games of every player count and some option sets end, never leave a seat to move
/// without a legal move, and never reach a position the rules could not.
#[test]
fn random_games_end_and_stay_reachable() {
    let option_sets: [&[(&str, &str)]; 4] = [
        &[],
        &[
            ("six_counts", "6"),
            ("three_sixes", "off"),
            ("finish", "bounce"),
        ],
        &[
            ("blockades", "safe"),
            ("blockade_six", "free"),
            ("exit_capture", "off"),
        ],
        &[
            ("start_out", "2"),
            ("play_on", "on"),
            ("turn_order", "clockwise"),
        ],
    ];
    let colours = ["yellow", "blue", "red", "green"].map(String::from);
    let mut rng = Rng::new(57);
    let paired: [(usize, &[(&str, &str)]); 2] =
        [(4, &[("teams", "on")]), (2, &[("two_sets", "on")])];
    let every = (2..=4)
        .flat_map(|n| option_sets.map(|o| (n, o)))
        .chain(paired);
    for (players, options) in every {
        {
            let game = rules(players, options);
            let players = game.table.seats;
            let mut state = game.initial_state();
            for _ in 0..20_000 {
                if state.phase == Phase::Over {
                    break;
                }
                if state.phase == Phase::Move {
                    let moves = game.legal_moves(&state);
                    assert!(!moves.as_slice().is_empty());
                    let chosen = moves.as_slice()[rng.below(moves.len() as u32) as usize];
                    game.play(&mut state, chosen);
                } else {
                    state = game.apply_roll(&state, [rng.d6(), 0]);
                }
                let pieces = &state.pieces[..players];
                assert_eq!(
                    game.unreachable(pieces, &colours),
                    None,
                    "{options:?}: {state:?}"
                );
            }
            assert_eq!(state.phase, Phase::Over, "{players} players {options:?}");
        }
    }
}
