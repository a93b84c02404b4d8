//! The numbers of a game's board and encoding that its Python face needs too (Headache's
//! spaces and their names, LUDOpy's stars and globes, Marbles' removed marbles), named once in
//! the game's module (`FACTS`) and read by Python (`_core.game_facts`), never copied.

/// One named fact: a number, a list of them, or names (made by the notation that reads them).
pub enum Fact {
    Number(i64),
    Numbers(&'static [i16]),
    Names(fn() -> Vec<String>),
}

/// A game's facts by name.
pub type Facts = &'static [(&'static str, Fact)];
