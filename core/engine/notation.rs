//! How a race game writes its pieces' places, and reads them back: one grammar for every race
//! (`home`, `start`, `track:5`, `finish:2`, `space:17`, a goal's own name), each game naming
//! its base, its lane and its goal. Moves are written with the same names (`track:3>track:8`).

use super::shape::{RaceShape, RaceWords};
use crate::refusal::{self, quoted, Refusal};

impl RaceWords {
    /// A position of a seat's frame as the notation writes it: the base, `track:N` on the
    /// loop (N counted from the seat's start), `LANE:K` in the lane, or the goal's own name.
    pub fn write(&self, position: i16, lane_start: i16, goal: i16) -> String {
        match (position, self.goal) {
            (p, Some(name)) if p == goal => name.to_string(),
            (p, _) if p < 0 => self.base.to_string(),
            (p, _) if p < lane_start => format!("track:{p}"),
            (p, _) => format!("{}:{}", self.lane, p - lane_start + 1),
        }
    }

    /// A position of `seat`'s frame read from the notation: the base, `start`, `track:N`,
    /// `LANE:K`, `space:N` (the board's loop space N, where the seat's path passes it) or the
    /// goal's own name (by that name only, where it has one); refused, naming every form,
    /// where it is none. `colour` is the seat's colour as the notation writes it.
    pub fn read(
        &self,
        shape: &RaceShape,
        seat: usize,
        text: &str,
        colour: &str,
    ) -> Result<i16, Refusal> {
        let (lane_start, goal) = (shape.lane_start, shape.goal);
        let lane_slots = goal - lane_start + 1 - i16::from(self.goal.is_some());
        let trimmed = text.trim();
        let (word, number) = match trimmed.split_once(':') {
            Some((word, number)) => (word, Some(number)),
            None => (trimmed, None),
        };
        let found = match number {
            None if Some(word) == self.goal => Some(goal),
            None if word == self.base => Some(-1),
            None if word == "start" => Some(0),
            Some(digits) if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) => {
                let n = digits.parse::<i64>().unwrap_or(i64::MAX);
                match word {
                    "track" if n < i64::from(lane_start) => Some(n as i16),
                    w if w == self.lane && (1..=i64::from(lane_slots)).contains(&n) => {
                        Some(lane_start + n as i16 - 1)
                    }
                    "space" => shape.space_of[seat]
                        .iter()
                        .take(lane_start as usize)
                        .position(|&space| i64::from(space) == n)
                        .map(|p| p as i16),
                    _ => None,
                }
            }
            _ => None,
        };
        found.ok_or_else(|| {
            let goal_name = self.goal.map(|g| format!(", {g}")).unwrap_or_default();
            let positions = format!(
                "{}, start, track:0..{}, {}:1..{lane_slots}{goal_name}, space:0..{}",
                self.base,
                lane_start - 1,
                self.lane,
                shape.safe.len() - 1
            );
            let args = [
                ("colour", colour.to_owned()),
                ("position", quoted(text)),
                ("positions", positions),
            ];
            Refusal::new(refusal::NOT_A_POSITION, &args, None)
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::{testing, Game};
    use crate::registry::{judged, on_judged, SPECS};

    /// Every place a piece may stand, as the game writes it, read back to itself.
    #[test]
    fn every_rule_set_reads_back_each_place_it_writes() {
        for spec in SPECS {
            let mut options = spec
                .variant
                .map(|v| ("variant", v))
                .into_iter()
                .collect::<Vec<_>>();
            if spec.name == "marbles" {
                options.push(("mode", "war"));
            }
            let made = judged(spec.name, 4, &testing::options(&options)).expect("a game");
            on_judged!(&made, j => {
                let rules = j.rules();
                let places: Vec<i16> = match rules.race_shape() {
                    Some(shape) if spec.name == "marbles" => (-2..shape.lane_start).collect(),
                    Some(shape) => (-1..=shape.goal).collect(),
                    None => (-1..48 * 16).collect(),
                };
                for seat in 0..4 {
                    for &place in &places {
                        let written = rules.piece_name(seat, place);
                        let read = rules.read_piece(seat, &written, "red");
                        assert_eq!(read, Ok(place), "{} {written}", spec.name);
                    }
                }
            });
        }
    }

    #[test]
    fn a_place_that_is_none_is_refused_naming_every_form() {
        let made = judged("trouble", 4, &[]).expect("trouble");
        on_judged!(&made, j => {
            let refused = j.rules().read_piece(1, "finish:5", "yellow").unwrap_err();
            assert_eq!(
                refused.english(),
                "yellow position 'finish:5' is not one of home, start, track:0..27, \
                 finish:1..4, space:0..27"
            );
            // a loop space by its board number, in the seat's own frame
            assert_eq!(j.rules().read_piece(1, "space:7", "yellow"), Ok(0));
            assert_eq!(j.rules().read_piece(1, "space:6", "yellow"), Ok(27));
        });
    }
}
