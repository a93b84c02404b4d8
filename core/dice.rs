//! The throws the games use, each with its outcomes and their chances, written once: the core's
//! search and environments read them through `Game::dice`, Python's `pegrace.dice` through
//! `_core.dice_outcomes`. A roll's text is written and read here too (`3`, `3+5`, `4*`).

use crate::refusal::{self, quoted, Refusal};

/// One kind of throw: each outcome (one die's face, or two numbers; Python writes them so too)
/// with its chance in 36ths, in the order `Rules.chance_outcomes` lists them.
pub struct Dice {
    pub name: &'static str,
    /// The numbers a roll holds as Python writes it: 1 (an int) or 2 (a pair).
    pub numbers: usize,
    outcomes: fn() -> Vec<([u8; 2], u32)>,
    /// The ways a roll may be written, the way it is written first.
    spellings: fn([u8; 2]) -> Vec<String>,
}

/// One six-sided die (a roll-off pop is one too).
pub const D6: Dice = Dice {
    name: "d6",
    numbers: 1,
    outcomes: || (1..=6).map(|face| ([face, 0], 6)).collect(),
    spellings: |[face, _]| vec![face.to_string()],
};

/// Two dice thrown together, each unordered pair once (low, high): a double 1/36, any other
/// 2/36 (two-dice Ludo).
pub const TWO_D6: Dice = Dice {
    name: "two d6",
    numbers: 2,
    outcomes: || {
        (1..=6u8)
            .flat_map(|a| (a..=6).map(move |b| ([a, b], if a == b { 1 } else { 2 })))
            .collect()
    },
    // whichever die is written first: the player chooses the order of use
    spellings: |[low, high]| vec![format!("{low}+{high}"), format!("{high}+{low}")],
};

/// A number and the bonus die, whose red dot shows on 1 face in 6 (Headache's pop).
pub const BONUS: Dice = Dice {
    name: "d6 + bonus die",
    numbers: 2,
    outcomes: || (1..=6u8).flat_map(|n| [([n, 0], 5), ([n, 1], 1)]).collect(),
    spellings: |[number, dot]| vec![format!("{number}{}", if dot == 1 { "*" } else { "" })],
};

/// Every kind of throw, by its name.
pub const KINDS: [&Dice; 3] = [&D6, &TWO_D6, &BONUS];

impl Dice {
    /// Each outcome with its chance in 36ths.
    pub fn weights(&self) -> Vec<([u8; 2], u32)> {
        (self.outcomes)()
    }

    /// A roll as the notation writes it: `3`, `3+5` (the lower die first), `4*` (the dot shows).
    pub fn write(&self, roll: [u8; 2]) -> String {
        (self.spellings)(roll).swap_remove(0)
    }

    /// The roll `text` writes (spaces aside); refused, naming every roll, where it is none.
    pub fn read(&self, text: &str) -> Result<[u8; 2], Refusal> {
        let given: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        let outcomes = self.weights();
        let found = outcomes
            .iter()
            .find(|(roll, _)| (self.spellings)(*roll).contains(&given));
        found.map(|&(roll, _)| roll).ok_or_else(|| {
            let rolls: Vec<String> = outcomes.iter().map(|&(roll, _)| self.write(roll)).collect();
            let args = [
                ("roll", quoted(text)),
                ("dice", self.name.to_owned()),
                ("rolls", rolls.join(", ")),
            ];
            Refusal::new(refusal::NOT_A_ROLL, &args, None)
        })
    }

    /// Each outcome with its probability.
    pub fn chances(&self) -> Vec<([u8; 2], f64)> {
        let weights = self.weights();
        weights
            .into_iter()
            .map(|(roll, weight)| (roll, f64::from(weight) / 36.0))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_throw_is_certain_to_give_one_of_its_outcomes() {
        for dice in KINDS {
            let total: u32 = dice.weights().iter().map(|(_, weight)| weight).sum();
            assert_eq!(total, 36, "{}", dice.name);
        }
        assert_eq!(TWO_D6.weights().len(), 21);
        assert_eq!(BONUS.weights()[..2], [([1, 0], 5), ([1, 1], 1)]);
    }

    #[test]
    fn every_roll_reads_back_as_written_and_a_roll_that_is_none_is_refused() {
        for dice in KINDS {
            for (roll, _) in dice.weights() {
                assert_eq!(dice.read(&dice.write(roll)), Ok(roll), "{}", dice.name);
            }
        }
        assert_eq!(TWO_D6.read(" 5 + 3 "), Ok([3, 5]));
        assert_eq!(BONUS.write([4, 1]), "4*");
        let refused = D6.read("7").unwrap_err();
        assert_eq!(
            refused.english(),
            "roll '7' is not a d6 roll (one of 1, 2, 3, 4, 5, 6)"
        );
    }
}
