//! What each move would do, for a learner (`observation="moves"` in `pegrace.rl`): after the
//! race games' board observation, a block of `MOVE_FEATURES` numbers per action, the action's
//! legal move played on a copy of the position and its consequences measured exactly, from the
//! seat to move. An action that is not legal has a block of zeros. A network that reads the
//! same numbers for every action (a scorer shared by the actions) sees what the plain
//! observation hides: which move captures, which lands a piece where the next throws reach it.

use crate::ai::hits::ReachMemo;
use crate::ai::judge::Judge;
use crate::engine::{Game, MoveView, Phase, RaceShape, State};

/// How many numbers an action's block has (`observe_moves` writes them; docs/rl.md's table
/// names each, in order).
pub const MOVE_FEATURES: usize = 18;

/// The seat's and the other seats' expected losses in steps to the throws that come before
/// each one's next turn (the learned value's exact hit tables), / 10; zeros where the game
/// has none (Marbles' War).
fn losses<J: Judge>(judge: &J, state: &State, seat: usize, memo: &mut ReachMemo) -> [f64; 2] {
    let found = judge
        .learning()
        .features
        .as_ref()
        .and_then(|f| f.expected_losses(&state.pieces, state.current as usize, memo));
    let Some(losses) = found else { return [0.0; 2] };
    let seats = judge.rules().table().seats;
    let others: f64 = (0..seats).filter(|&o| o != seat).map(|o| losses[o]).sum();
    [losses[seat] / 10.0, others / 10.0]
}

/// A seat's standing in steps: its pieces' positions + 1, summed over those out of the start.
fn steps(row: &[i16]) -> f64 {
    row.iter()
        .filter(|&&p| p >= 0)
        .map(|&p| f64::from(p + 1))
        .sum()
}

fn count(row: &[i16], keep: impl Fn(i16) -> bool) -> f64 {
    row.iter().filter(|&&p| keep(p)).count() as f64
}

/// Every other seat's exposure to the next throws (`Judge::danger`), summed.
fn others_exposure<J: Judge>(judge: &J, state: &State, seat: usize, seats: usize) -> f64 {
    (0..seats)
        .filter(|&o| o != seat)
        .map(|o| judge.danger(&state.pieces, o))
        .sum()
}

/// The blocks of `state`'s legal moves into `out` (`actions * MOVE_FEATURES` long, zeroed by
/// the caller), where `seat` is the seat to move; `action` gives a move's action.
pub fn observe_moves<J: Judge>(
    judge: &J,
    action: impl Fn(&State, &MoveView) -> usize,
    shape: &RaceShape,
    state: &State,
    seat: usize,
    out: &mut [f32],
) {
    if state.phase != Phase::Move || state.current as usize != seat {
        return;
    }
    let rules = judge.rules();
    let seats = shape.seats;
    let goal = f64::from(shape.goal + 1);
    let mine = &state.pieces[seat];
    let own_before = judge.danger(&state.pieces, seat);
    let others_before = others_exposure(judge, state, seat, seats);
    let others_steps = |s: &State| -> f64 {
        (0..seats)
            .filter(|&o| o != seat)
            .map(|o| steps(&s.pieces[o]))
            .sum()
    };
    let others_steps_before = others_steps(state);
    let memo = &mut ReachMemo::default();
    let [own_loss, others_loss] = losses(judge, state, seat, memo);
    for &chosen in rules.legal_moves(state).as_ref() {
        let view = rules.move_view(state, chosen);
        let action = action(state, &view);
        let mut after = *state;
        rules.play(&mut after, chosen);
        let now = &after.pieces[seat];
        let after_losses = losses(judge, &after, seat, memo);
        let (origin, target) = view.uses.first().map_or((-1, -1), |u| (u.1, u.2));
        let progress = |p: i16| if p >= 0 { f64::from(p + 1) / goal } else { 0.0 };
        let block = [
            1.0,
            f64::from(u8::from(view.uses.is_empty())),
            f64::from(judge.captured(state, &after, chosen)) / 2.0,
            (others_steps_before - others_steps(&after)) / 60.0,
            (steps(now) - steps(mine)) / 12.0,
            (count(now, |p| p >= 0) - count(mine, |p| p >= 0)) / 2.0,
            (count(now, |p| p >= shape.lane_start) - count(mine, |p| p >= shape.lane_start)) / 2.0,
            (count(now, |p| p >= shape.goal) - count(mine, |p| p >= shape.goal)) / 2.0,
            own_before / 100.0,
            judge.danger(&after.pieces, seat) / 100.0,
            others_before / 100.0,
            others_exposure(judge, &after, seat, seats) / 100.0,
            progress(origin),
            progress(target),
            own_loss,
            after_losses[0],
            others_loss,
            after_losses[1],
        ];
        let cells = &mut out[action * MOVE_FEATURES..][..MOVE_FEATURES];
        for (cell, value) in cells.iter_mut().zip(block) {
            *cell = value as f32;
        }
    }
}
