//! The numbers of a game's board and encoding that its Python face needs too (Headache's
//! spaces and stack bits, LUDOpy's stars and globes, Marbles' removed marbles), named once in
//! the game's module (`FACTS`) and read by Python (`_core.game_facts`), never copied.

/// One named fact: a number, or a list of them.
pub enum Fact {
    Number(i64),
    Numbers(&'static [i16]),
}

/// A game's facts by name.
pub type Facts = &'static [(&'static str, Fact)];
