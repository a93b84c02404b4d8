pub mod ludo;
pub mod trouble;
