//! What the core refuses a person with, in words Python puts into the person's language: a
//! message (English, `{named}` placeholders, a plural form where a count decides the words)
//! and its arguments, never a finished sentence in one language. The messages a person can
//! meet are named in `refusals!` below, the one place they are written; Python's catalogs read
//! them from there (`_core.refusal_messages`). Anything else the core refuses with (a caller's
//! mistake no person's choice leads to) is its plain English text.

use std::borrow::Cow;
use std::fmt;

/// A refusal: its message (and plural form, chosen by `count`), and its arguments' values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    pub text: Cow<'static, str>,
    pub plural: Option<(&'static str, u64)>,
    pub args: Vec<(&'static str, String)>,
    /// Whether `text` is one of `MESSAGES` (else plain English, said as it is).
    pub catalogued: bool,
}

macro_rules! refusals {
    ($($name:ident = $text:literal $(| $plural:literal)?;)*) => {
        $(pub const $name: Message = ($text, refusals!(@plural $($plural)?));)*
        /// Every message a person can be refused with (the catalogs take them from here).
        pub const MESSAGES: &[Message] = &[$($name),*];
    };
    (@plural $plural:literal) => { Some($plural) };
    (@plural) => { None };
}

/// A message and, where a count decides its words, its plural form.
pub type Message = (&'static str, Option<&'static str>);

refusals! {
    SEATING_WITH_FOUR =
        "{game} option seating={turn}: every colour plays with 4 players, so there is nothing to turn";
    SEATING_WITH_TWO =
        "{game} option seating={turn}: with 2 players choose 0 or 1 (turning 2 or 3 seats gives the same two colours again)";
    TWO_SETS_PLAYERS =
        "{game} option two_sets=on needs exactly {count} player"
        | "{game} option two_sets=on needs exactly {count} players";
    TWO_SETS_SEATING =
        "{game} option seating={turn} does not go with two_sets=on: every colour plays";
    TEAMS_PLAYERS =
        "{game} option teams=on needs exactly {count} player, not {players}"
        | "{game} option teams=on needs exactly {count} players, not {players}";
    CLASSIC_ONLY = "{game} option {option} is for variant=classic only";
    RESIGN_ROLLOFF = "a seat can resign once the roll-off is over";
    RESIGN_OVER = "the game is over: nobody can resign now";
    RESIGN_GONE = "that seat has already finished or left the game";
    CHOOSE_ONE_OF = "{game} option {option}={value}: choose one of {choices}";
    WHOLE_NUMBER = "{game} option {option}={value}: a whole number, {least} to {most}";
    NOT_A_POSITION = "{colour} position {position} is not one of {positions}";
    NOT_A_CONE =
        "{colour} cone {cone} is not start or SPACE/K with SPACE one of x:0..7, outer:0..23, inner:0..15 and K 1..{most} (1 = bottom)";
    OTHERS_LANE =
        "a {colour} pin cannot stand on {other}'s lane ({position}): each colour enters its own lane only";
    REMOVED_IN_WAR_ONLY = "{colour} marble 'removed': marbles leave the game in War only";
    NO_HOME_IN_WAR = "{colour} marble {marble}: there is no Home in War";
    ROW_LENGTH =
        "{colour} has {count} piece, not {pieces}" | "{colour} has {count} pieces, not {pieces}";
    TWO_ALONE = "{colour} has two pieces on {place}: a space holds one piece";
    BOTH_ON_SPACE = "{first} and {colour} both have a piece on space:{space}";
    BOTH_OFF_SAFE =
        "{first} and {colour} both have a piece on space:{space}, which is not a safe square";
    MANY_ON_ONE =
        "{colour} has {count} piece on {place}" | "{colour} has {count} pieces on {place}";
    PAIR_OFF_SAFE = "{colour} has two pieces on {place}, which is not a safe square";
    MORE_THAN_TWO = "more than two pieces on space:{space}";
    CONES_AT_ONE_HEIGHT = "{first} and {colour} both have a cone at {place}/{height}";
    STACK_HEIGHTS =
        "the stack on {place} has {count} cone but is written with heights {heights} (they must be 1..{count})"
        | "the stack on {place} has {count} cones but is written with heights {heights} (they must be 1..{count})";
    OWN_ON_TOP =
        "the stack on {place} has two of {colour}'s cones on top: a cone never lands on its own colour";
    ON_A_START = "{place} holds {colour}'s START cones: no cone may stand there with them";
    NOT_A_ROLL = "roll {roll} is not a {dice} roll (one of {rolls})";
}

/// `text` quoted as Python's `repr` quotes a string (single quotes, unless it holds one).
pub fn quoted(text: &str) -> String {
    if text.contains('\'') && !text.contains('"') {
        format!("\"{text}\"")
    } else {
        format!("'{}'", text.replace('\\', "\\\\").replace('\'', "\\'"))
    }
}

impl Refusal {
    /// `message` with its arguments (`count` fills `{count}` and picks the plural form).
    pub fn new(message: Message, args: &[(&'static str, String)], count: Option<u64>) -> Self {
        let (text, plural) = message;
        let mut args = args.to_vec();
        if let Some(count) = count {
            args.push(("count", count.to_string()));
        }
        Refusal {
            text: Cow::Borrowed(text),
            plural: plural.zip(count),
            args,
            catalogued: true,
        }
    }

    /// The English words: the message (or its plural form) with its arguments filled in.
    pub fn english(&self) -> String {
        let text = match self.plural {
            Some((plural, count)) if count != 1 => plural,
            _ => &self.text,
        };
        self.args
            .iter()
            .fold(text.to_owned(), |said, (name, value)| {
                said.replace(&format!("{{{name}}}"), value)
            })
    }
}

#[cfg(test)]
impl Refusal {
    /// Whether the English words hold `part` (for tests).
    pub fn contains(&self, part: &str) -> bool {
        self.english().contains(part)
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.english())
    }
}

impl From<String> for Refusal {
    fn from(text: String) -> Self {
        Refusal {
            text: Cow::Owned(text),
            plural: None,
            args: Vec::new(),
            catalogued: false,
        }
    }
}

impl From<&'static str> for Refusal {
    fn from(text: &'static str) -> Self {
        Refusal::from(text.to_owned())
    }
}

impl From<Refusal> for String {
    fn from(refusal: Refusal) -> Self {
        refusal.english()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refusal_says_its_english_with_the_count_choosing_the_form() {
        let one = Refusal::new(TWO_SETS_PLAYERS, &[("game", "trouble".into())], Some(1));
        assert_eq!(
            one.english(),
            "trouble option two_sets=on needs exactly 1 player"
        );
        let args = [("game", "marbles".into()), ("players", "3".into())];
        let two = Refusal::new(TEAMS_PLAYERS, &args, Some(4));
        assert_eq!(
            two.to_string(),
            "marbles option teams=on needs exactly 4 players, not 3"
        );
        assert!(MESSAGES.contains(&TEAMS_PLAYERS) && two.catalogued);
        assert!(!Refusal::from("plain words").catalogued);
    }
}
