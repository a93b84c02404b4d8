//! What a game says of itself, once: its `Spec` (name, the rule set it is where a game has
//! several, options, facts, its shipped learned value), held by the game's
//! module (`SPEC`) and listed by the registry (`registry.rs`), which every list of the games
//! is made from.

use crate::facts::Facts;
use crate::options::RuleOption;

/// A game, or one rule set of a game that has several (Ludo's `variant`s: each a game of the
/// registry's, under one name).
pub struct Spec {
    pub name: &'static str,
    /// The value of the game's `variant` option this rule set plays; none: the game has one.
    pub variant: Option<&'static str>,
    pub options: &'static [RuleOption],
    pub facts: Facts,
    /// The shipped learned value, where one was learned.
    pub weights: Option<&'static Weights>,
}

/// A learned value's shipped weights: `src/pegrace/weights/<model>.json` (`pegrace train`
/// writes it), compiled in.
pub struct Weights {
    pub model: &'static str,
    pub json: &'static str,
}

/// The option that picks one of a game's rule sets.
const VARIANT: &str = "variant";

impl Spec {
    /// Whether `other` is this game's (this rule set's) spec.
    pub fn is(&self, other: &Spec) -> bool {
        self.name == other.name && self.variant == other.variant
    }

    /// Whether this is the rule set `given` options choose (their `variant`, else its default).
    pub fn chosen_by(&self, given: &[(String, String)]) -> bool {
        let Some(mine) = self.variant else {
            return true;
        };
        let named = given.iter().rev().find(|(key, _)| key == VARIANT);
        let default = self.options.iter().find(|option| option.name == VARIANT);
        named
            .map(|(_, value)| value.as_str())
            .or(default.map(|o| o.default))
            == Some(mine)
    }
}
