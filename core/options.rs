//! Rule options as each game describes them once (its `OPTIONS`): the name, each value with
//! what it means in words for a newcomer, the default and what the option decides. The game
//! reads its options through `choose`; Python shows and checks them from the same table
//! (`_core.rule_options`, `pegrace.engine.core_options`), so no side keeps a copy.

use crate::refusal::{self, Refusal};

/// One rule option of a game.
pub struct RuleOption {
    pub name: &'static str,
    pub default: &'static str,
    /// Each value with its words, in the order menus list them; empty: any whole number, which
    /// `help` says what it counts.
    pub values: &'static [(&'static str, &'static str)],
    pub help: &'static str,
}

impl RuleOption {
    pub fn is_number(&self) -> bool {
        self.values.is_empty()
    }
}

/// Every option of a game with the value a game's settings chose for it (its default where
/// they name none).
pub struct Chosen<'a> {
    game: &'static str,
    options: &'static [RuleOption],
    values: Vec<&'a str>,
}

/// `given` read against a game's `options`: an unknown name, a value that is none of the
/// option's, or a whole number's value that is not one is refused, naming the game and option.
pub fn choose<'a>(
    game: &'static str,
    options: &'static [RuleOption],
    given: &'a [(String, String)],
) -> Result<Chosen<'a>, Refusal> {
    let mut values: Vec<&str> = options.iter().map(|option| option.default).collect();
    for (name, value) in given {
        let index = options
            .iter()
            .position(|option| option.name == name)
            .ok_or_else(|| format!("unknown {game} option {name:?}"))?;
        let option = &options[index];
        // a whole number is checked where the game reads it (`Chosen::number`), with its range
        if !option.is_number() && !option.values.iter().any(|(known, _)| known == value) {
            let names: Vec<&str> = option.values.iter().map(|(v, _)| *v).collect();
            let args = [
                ("game", game.to_owned()),
                ("option", name.clone()),
                ("value", format!("{value:?}")),
                ("choices", names.join(", ")),
            ];
            return Err(Refusal::new(refusal::CHOOSE_ONE_OF, &args, None));
        }
        values[index] = value;
    }
    Ok(Chosen {
        game,
        options,
        values,
    })
}

impl Chosen<'_> {
    fn index(&self, name: &str) -> usize {
        self.options
            .iter()
            .position(|option| option.name == name)
            .unwrap_or_else(|| panic!("{} has no option {name:?}", self.game))
    }

    /// The value chosen for the option `name` (a name the game's table holds).
    pub fn value(&self, name: &str) -> &str {
        self.values[self.index(name)]
    }

    /// Whether the option `name` is set to `value`.
    pub fn is(&self, name: &str, value: &str) -> bool {
        self.value(name) == value
    }

    /// The whole number chosen for the option `name`, refused by name below `least` or beyond
    /// `u32`.
    pub fn number(&self, name: &str, least: u32) -> Result<u32, Refusal> {
        let value = self.value(name);
        let number = value.parse().ok().filter(|&n| n >= least);
        number.ok_or_else(|| {
            let args = [
                ("game", self.game.to_owned()),
                ("option", name.to_owned()),
                ("value", format!("{value:?}")),
                ("least", least.to_string()),
                ("most", u32::MAX.to_string()),
            ];
            Refusal::new(refusal::WHOLE_NUMBER, &args, None)
        })
    }

    /// Whether the option `name` was left at its default.
    pub fn is_default(&self, name: &str) -> bool {
        let index = self.index(name);
        self.values[index] == self.options[index].default
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const OPTIONS: &[RuleOption] = &[
        RuleOption {
            name: "play_on",
            default: "off",
            values: &[("on", "play on"), ("off", "stop")],
            help: "whether the game goes on",
        },
        RuleOption {
            name: "turn_limit",
            default: "600",
            values: &[],
            help: "turns at most",
        },
    ];

    fn given(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn defaults_stand_where_nothing_is_given() {
        let chosen = choose("game", OPTIONS, &[]).unwrap();
        assert!(chosen.is("play_on", "off") && chosen.is_default("play_on"));
        assert_eq!(chosen.number("turn_limit", 1), Ok(600));
    }

    #[test]
    fn given_values_are_read() {
        let pairs = given(&[("play_on", "on"), ("turn_limit", "7")]);
        let chosen = choose("game", OPTIONS, &pairs).unwrap();
        assert!(chosen.is("play_on", "on") && !chosen.is_default("play_on"));
        assert_eq!(chosen.number("turn_limit", 1), Ok(7));
    }

    #[test]
    fn bad_names_and_values_are_refused_by_name() {
        let refused = |pairs: &[(&str, &str)]| {
            let refusal = choose("game", OPTIONS, &given(pairs)).err();
            refusal.map(|refused| (refused.to_string(), refused.catalogued))
        };
        assert_eq!(
            refused(&[("colour", "red")]).unwrap(),
            ("unknown game option \"colour\"".to_owned(), false)
        );
        assert_eq!(
            refused(&[("play_on", "maybe")]).unwrap(),
            (
                "game option play_on=\"maybe\": choose one of on, off".to_owned(),
                true
            )
        );
        for number in ["-3", "ten", "0", "99999999999"] {
            let given = given(&[("turn_limit", number)]);
            let chosen = choose("game", OPTIONS, &given).unwrap();
            let refused = chosen.number("turn_limit", 1).unwrap_err();
            let range = format!("turn_limit={number:?}: a whole number, 1 to 4294967295");
            assert_eq!(refused.to_string(), format!("game option {range}"));
            assert!(refused.catalogued);
        }
    }
}
