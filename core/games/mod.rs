pub mod headache;
pub mod ludo;
pub mod marbles;
pub mod parchis;
pub mod trouble;
