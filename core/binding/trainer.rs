//! The Python class `Trainer`: a game's value learned by self-play (`ai::train`).

use std::collections::HashMap;

use pyo3::prelude::*;

use super::error::CoreError;
use super::shared::{judged, on_judged, Options};
use crate::ai;
use crate::ai::judge::Judge;
use crate::ai::train::{Schedule, Training};

/// Learning a game's value by self-play (`ai::train`): `train` plays and learns a number of
/// games at a time (without the interpreter lock), `score` rates the value as it stands.
#[pyclass]
pub(super) struct Trainer {
    inner: Box<dyn Training>,
    model: &'static str,
}

#[pymethods]
impl Trainer {
    #[new]
    fn new(
        game: &str,
        players: usize,
        options: Options,
        seed: u64,
        schedule: HashMap<String, f64>,
    ) -> PyResult<Self> {
        let get = |key: &str, default: f64| schedule.get(key).copied().unwrap_or(default);
        let schedule = Schedule {
            lambda: get("lambda", 0.7),
            rate: get("rate", 0.01),
            score_games: get("score_games", 400.0) as u32,
            hidden: get("hidden", 0.0) as usize,
            medium: get("medium", 0.0),
        };
        if !(0.0..=1.0).contains(&schedule.medium) {
            let share = schedule.medium;
            return Err(CoreError::Option(format!("medium share {share}: from 0 to 1")).into());
        }
        if schedule.hidden > ai::net::MAX_HIDDEN {
            let most = ai::net::MAX_HIDDEN;
            return Err(CoreError::Option(format!("at most {most} hidden units")).into());
        }
        fn make<J: Judge + Send + Sync + 'static>(
            judge: J,
            seed: u64,
            schedule: Schedule,
        ) -> Result<(Box<dyn Training>, &'static str), CoreError> {
            let learning = judge.learning();
            let model = learning.model;
            let features = learning.features.clone().ok_or_else(|| {
                CoreError::Option("these rules have no learned value to train".into())
            })?;
            Ok((
                Box::new(ai::train::Trainer::new(judge, features, seed, schedule)),
                model,
            ))
        }
        let judged = judged(game, players, &options)?;
        let (inner, model) = on_judged!(judged, j => make(j.into_judge(), seed, schedule))?;
        Ok(Trainer { inner, model })
    }

    /// Play and learn `count` more games.
    fn train(&mut self, py: Python<'_>, count: u64) {
        let inner = &mut self.inner;
        py.detach(|| inner.train(count));
    }

    /// The value on the scoring positions: (mean log-likelihood of the winner above the even
    /// chance's, Brier score, share of positions whose favourite won).
    fn score(&self) -> (f64, f64, f64) {
        let score = self.inner.score();
        (score.gain, score.brier, score.favourite_won)
    }

    #[getter]
    fn weights(&self) -> Vec<f64> {
        self.inner.weights().to_vec()
    }

    #[setter]
    fn set_weights(&mut self, weights: Vec<f64>) -> PyResult<()> {
        self.inner
            .set_weights(weights)
            .map_err(|message| CoreError::Option(message).into())
    }

    /// The network's hidden units and parameters; None for the linear model alone.
    #[getter]
    fn network(&self) -> Option<(usize, Vec<f64>)> {
        self.inner.network()
    }

    #[setter]
    fn set_network(&mut self, params: Vec<f64>) -> PyResult<()> {
        self.inner
            .set_network(params)
            .map_err(|message| CoreError::Option(message).into())
    }

    /// Adam's step size for the games to come.
    fn set_rate(&mut self, rate: f64) -> PyResult<()> {
        if !(rate > 0.0 && rate.is_finite()) {
            return Err(CoreError::Option(format!("rate {rate}: a step size above 0")).into());
        }
        self.inner.set_rate(rate);
        Ok(())
    }

    /// The features' names, a weight each.
    #[getter]
    fn features(&self) -> Vec<String> {
        self.inner.names()
    }

    #[getter]
    fn games(&self) -> u64 {
        self.inner.games()
    }

    /// How many positions the score is worked out on.
    #[getter]
    fn scored(&self) -> usize {
        self.inner.scored()
    }

    /// The model's name (its weights file: `src/pegrace/weights/<model>.json`).
    #[getter]
    fn model(&self) -> &'static str {
        self.model
    }
}
