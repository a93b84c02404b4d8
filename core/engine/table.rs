//! The Table: who plays and how turns pass, from the roll-off's leads to the end and the places.

use super::state::{End, Phase, Row, Seats, State, MAX_SEATS};

/// Who plays and how turns pass: the seats in play, the side each plays for (teams, or
/// Trouble's `two_sets`), the next seat round the table, whether play goes on for the lower
/// places once a side is done, whether a seat that is done plays on for its partner (Marbles'
/// partner roll), whether a side is done once one of its seats is (Parchís' pairs), and a turn
/// limit (0: none). Shared by every game's rules.
#[derive(Clone, Debug)]
pub struct Table {
    pub seats: usize,
    /// Each seat's colour: its place among the game's colours in board order.
    pub colours: [u8; MAX_SEATS],
    pub sides: [u8; MAX_SEATS],
    pub side_count: usize,
    pub next_seat: [u8; MAX_SEATS],
    pub play_on: bool,
    pub partner_roll: bool,
    pub first_home_wins: bool,
    pub turn_limit: u32,
}

impl Table {
    /// `colours`: each seat's colour; `order`: the seats in turn order; `sides`: each seat's
    /// side.
    pub fn new(colours: &[i16], order: &[u8], sides: &[u8], play_on: bool) -> Self {
        let mut table = Table {
            seats: order.len(),
            colours: [0; MAX_SEATS],
            sides: [0; MAX_SEATS],
            side_count: usize::from(*sides.iter().max().unwrap_or(&0)) + 1,
            next_seat: [0; MAX_SEATS],
            play_on,
            partner_roll: false,
            first_home_wins: false,
            turn_limit: 0,
        };
        table.sides[..sides.len()].copy_from_slice(sides);
        for (seat, &colour) in colours.iter().enumerate() {
            table.colours[seat] = colour as u8;
        }
        for (i, &seat) in order.iter().enumerate() {
            table.next_seat[seat as usize] = order[(i + 1) % order.len()];
        }
        table
    }

    /// The start of a game: each side's first seat pops in the roll-off.
    pub fn initial_state(&self, pieces: [Row; MAX_SEATS]) -> State {
        let leads: Vec<u8> = (0..self.side_count as u8).collect();
        State {
            pieces,
            phase: Phase::Rolloff,
            current: leads[0],
            roll: [0, 0],
            streak: 0,
            turn: 0,
            finished: Seats::default(),
            out: Seats::default(),
            contenders: Seats::from_slice(&leads),
            rolloff: Seats::default(),
            aux: [0; MAX_SEATS + 1],
            end: End::Running,
        }
    }

    fn side_seats(&self, side: usize) -> impl Iterator<Item = u8> + '_ {
        (0..self.seats as u8).filter(move |&seat| self.sides[seat as usize] as usize == side)
    }

    pub fn side_done(&self, side: usize, finished: &Seats) -> bool {
        let mut seats = self.side_seats(side);
        if self.first_home_wins {
            seats.any(|seat| finished.contains(seat))
        } else {
            seats.all(|seat| finished.contains(seat))
        }
    }

    fn side_out(&self, side: usize, out: &Seats) -> bool {
        self.side_seats(side).all(|seat| out.contains(seat))
    }

    /// A seat still takes turns: not out, and not done (unless it plays for its partner).
    pub fn seat_active(&self, seat: u8, finished: &Seats, out: &Seats) -> bool {
        if out.contains(seat) {
            return false;
        }
        if !finished.contains(seat) {
            return true;
        }
        let side = self.sides[seat as usize] as usize;
        self.partner_roll
            && self
                .side_seats(side)
                .any(|partner| !finished.contains(partner))
    }

    pub fn game_over(&self, finished: &Seats, out: &Seats) -> End {
        let done = (0..self.side_count)
            .filter(|&s| self.side_done(s, finished))
            .count();
        let gone = (0..self.side_count)
            .filter(|&s| self.side_out(s, out))
            .count();
        let standing = self.side_count - done - gone;
        if done > 0 && !self.play_on {
            End::FirstPlace
        } else if standing <= 1 {
            if done > 0 || standing > 0 {
                End::AllPlaces
            } else {
                End::NoSideLeft
            }
        } else {
            End::Running
        }
    }

    /// After `seat`'s move: `finisher` (the owner of the pieces moved) may have finished and
    /// `gone` seats gone out, perhaps ending the game; else `seat` rolls again, or the next
    /// seat still playing rolls (and a turn limit may end the game).
    pub fn after_move(
        &self,
        state: &mut State,
        seat: u8,
        finisher: Option<u8>,
        gone: &[u8],
        again: bool,
    ) {
        state.roll = [0, 0];
        let mut changed = false;
        if let Some(owner) = finisher.filter(|&o| !state.finished.contains(o)) {
            state.finished.push(owner);
            changed = true;
        }
        for &seat_out in gone {
            if !state.out.contains(seat_out) {
                state.out.push(seat_out);
                changed = true;
            }
        }
        if changed {
            state.end = self.game_over(&state.finished, &state.out);
            if state.end != End::Running {
                state.phase = Phase::Over;
                return;
            }
        }
        state.phase = Phase::Roll;
        if again && self.seat_active(seat, &state.finished, &state.out) {
            state.streak += 1;
            return;
        }
        let mut following = self.next_seat[seat as usize];
        while !self.seat_active(following, &state.finished, &state.out) {
            following = self.next_seat[following as usize];
        }
        state.current = following;
        state.streak = 0;
        state.turn += 1;
        if self.turn_limit > 0 && state.turn > self.turn_limit {
            state.phase = Phase::Over;
            state.end = End::TurnLimit;
        }
    }

    /// `seat` leaves (`Game::resign`): out, the game perhaps over, else the turn passed if it
    /// was the seat's.
    pub fn resign(&self, state: &mut State, seat: u8) {
        if state.current == seat {
            self.after_move(state, seat, None, &[seat], false);
            return;
        }
        state.out.push(seat);
        state.end = self.game_over(&state.finished, &state.out);
        if state.end != End::Running {
            state.phase = Phase::Over;
            state.roll = [0, 0];
        }
    }

    /// A side's reward for its place (`Rules.place_reward`): 1 for first down to 0 for last.
    pub fn place_reward(&self, place: u8) -> f64 {
        let count = self.side_count as f64;
        (count - f64::from(place)) / (count - 1.0).max(1.0)
    }

    /// The places already settled, by side (0: not yet): sides done take the top places in
    /// the order they finished, sides out the bottom ones (the first out, last).
    pub fn decided(&self, state: &State) -> [u8; MAX_SEATS] {
        let mut places = [0u8; MAX_SEATS];
        let mut top = 0;
        for &seat in state.finished.as_slice() {
            let side = self.sides[seat as usize] as usize;
            if places[side] == 0 && self.side_done(side, &state.finished) {
                top += 1;
                places[side] = top;
            }
        }
        let mut bottom = self.side_count as u8;
        for &seat in state.out.as_slice() {
            let side = self.sides[seat as usize] as usize;
            if places[side] == 0 && self.side_out(side, &state.out) {
                places[side] = bottom;
                bottom -= 1;
            }
        }
        places
    }

    /// Every side's place: the places `decided`, then the rest by `score` (equal scores,
    /// equal places).
    pub fn places(&self, state: &State, score: impl Fn(usize) -> i32) -> [u8; MAX_SEATS] {
        let mut places = self.decided(state);
        let free = (1..=self.side_count as u8)
            .find(|p| !places.contains(p))
            .unwrap_or(1);
        let side_score =
            |side: usize| -> i32 { self.side_seats(side).map(|s| score(s as usize)).sum() };
        let rest: Vec<usize> = (0..self.side_count).filter(|&s| places[s] == 0).collect();
        for &side in &rest {
            let ahead = rest
                .iter()
                .filter(|&&other| side_score(other) > side_score(side))
                .count();
            places[side] = free + ahead as u8;
        }
        places
    }
}
