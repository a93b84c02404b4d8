pub mod trouble;
