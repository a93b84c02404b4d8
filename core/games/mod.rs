pub mod ludo;
pub mod marbles;
pub mod trouble;
