//! A learned policy as a computer player (`policy` and `policy:FILE` in `pegrace.players`): a
//! network trained by reinforcement learning (examples/ppo_ludo.py) that rates each legal move
//! from the learner's observation with what each move would do (`rl_moves`): the board part
//! together with the move's block in, one number out; the player plays a best-rated move.
//! The file is JSON: `model` "pegrace policy", `game`, `actions`, `board`, `features` and
//! `layers` (each a `weight` matrix, rows by outputs, and a `bias`), tanh between layers.

use std::sync::{Arc, Mutex, PoisonError};

use crate::ai::judge::Judge;
use crate::engine::{Game, State};
use crate::rl::encoding::Encoding;
use crate::rl::moves::MOVE_FEATURES;

/// The most units a layer of a policy may have, and the most layers: a file larger than this
/// is refused before anything is allocated for it.
const MAX_UNITS: usize = 1024;
const MAX_LAYERS: usize = 8;

#[derive(Clone, Debug, PartialEq)]
struct Layer {
    /// `outputs` rows of `inputs` weights.
    weight: Vec<f32>,
    bias: Vec<f32>,
    inputs: usize,
}

impl Layer {
    fn apply(&self, input: &[f32], out: &mut Vec<f32>, last: bool) {
        out.clear();
        for (row, &bias) in self.weight.chunks_exact(self.inputs).zip(&self.bias) {
            let sum: f32 = row.iter().zip(input).map(|(w, x)| w * x).sum::<f32>() + bias;
            out.push(if last { sum } else { sum.tanh() });
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Policy {
    pub game: String,
    pub actions: usize,
    board: usize,
    layers: Vec<Layer>,
}

fn numbers(value: &serde_json::Value, what: &str) -> Result<Vec<f32>, String> {
    let items = value
        .as_array()
        .ok_or(format!("{what}: a list of numbers"))?;
    if items.len() > MAX_UNITS {
        return Err(format!("{what}: at most {MAX_UNITS} numbers"));
    }
    items
        .iter()
        .map(|x| {
            x.as_f64()
                .filter(|v| v.is_finite() && v.abs() < 1e6)
                .map(|v| v as f32)
                .ok_or(format!("{what}: finite numbers below a million"))
        })
        .collect()
}

fn whole(file: &serde_json::Value, key: &str) -> Result<usize, String> {
    file.get(key)
        .and_then(serde_json::Value::as_u64)
        .filter(|&n| n as usize <= MAX_UNITS)
        .map(|n| n as usize)
        .ok_or(format!("{key}: a whole number up to {MAX_UNITS}"))
}

impl Policy {
    /// A policy file's network, checked whole: every layer's sizes chained from the board and
    /// one move's block to one rating.
    pub fn parse(text: &str) -> Result<Policy, String> {
        let file: serde_json::Value =
            serde_json::from_str(text).map_err(|e| format!("not JSON ({e})"))?;
        if file.get("model").and_then(|m| m.as_str()) != Some("pegrace policy") {
            return Err("not a policy file (its model is not \"pegrace policy\")".into());
        }
        let game = file.get("game").and_then(|g| g.as_str()).unwrap_or("");
        let (board, features) = (whole(&file, "board")?, whole(&file, "features")?);
        if features != MOVE_FEATURES {
            return Err(format!(
                "features {features}: this pegrace's moves have {MOVE_FEATURES}"
            ));
        }
        let layers = file
            .get("layers")
            .and_then(|l| l.as_array())
            .filter(|l| (1..=MAX_LAYERS).contains(&l.len()))
            .ok_or(format!("layers: a list of 1 to {MAX_LAYERS} layers"))?;
        let mut inputs = board + features;
        let mut parsed = Vec::new();
        for (k, layer) in layers.iter().enumerate() {
            let what = format!("layer {k}");
            let width = inputs;
            let rows = layer
                .get("weight")
                .and_then(|w| w.as_array())
                .ok_or(format!("{what}: a weight matrix"))?;
            let bias = numbers(layer.get("bias").unwrap_or(&serde_json::Value::Null), &what)?;
            if rows.len() != bias.len() || rows.is_empty() {
                return Err(format!(
                    "{what}: as many weight rows as biases, at least one"
                ));
            }
            let mut weight = Vec::with_capacity(rows.len() * width);
            for row in rows {
                let row = numbers(row, &what)?;
                if row.len() != width {
                    return Err(format!(
                        "{what}: rows of {width} weights, not {}",
                        row.len()
                    ));
                }
                weight.extend(row);
            }
            inputs = bias.len();
            parsed.push(Layer {
                weight,
                bias,
                inputs: width,
            });
        }
        if inputs != 1 {
            return Err(format!(
                "the last layer gives {inputs} numbers, not one rating"
            ));
        }
        Ok(Policy {
            game: game.to_owned(),
            actions: whole(&file, "actions")?,
            board,
            layers: parsed,
        })
    }

    /// Why the policy cannot play a game named `game` whose observation is `encoding` (with
    /// the moves' blocks), if it cannot.
    pub fn fits(&self, game: &str, encoding: &Encoding) -> Result<(), String> {
        let (actions, board) = (encoding.actions(), encoding.board_size());
        if self.game != game || self.actions != actions || self.board != board {
            return Err(format!(
                "a policy for {} with {} actions, not for {game} with {actions}",
                self.game, self.actions
            ));
        }
        Ok(())
    }

    /// Each of `moves`'s rating at `state` (the seat to move's observation).
    pub fn ratings<J: Judge>(
        &self,
        judge: &J,
        encoding: &Encoding,
        state: &State,
        moves: &[<J::G as Game>::Move],
    ) -> Vec<f64> {
        let mut seen = vec![0.0f32; encoding.observation_size()];
        encoding.observe_judged(judge, state, state.current as usize, &mut seen);
        let (board, blocks) = seen.split_at(self.board);
        let (mut input, mut output) = (Vec::new(), Vec::new());
        moves
            .iter()
            .map(|&chosen| {
                let action = encoding.action(state, &judge.rules().move_view(state, chosen));
                input.clear();
                input.extend_from_slice(board);
                input.extend_from_slice(&blocks[action * MOVE_FEATURES..][..MOVE_FEATURES]);
                for (k, layer) in self.layers.iter().enumerate() {
                    layer.apply(&input, &mut output, k + 1 == self.layers.len());
                    std::mem::swap(&mut input, &mut output);
                }
                f64::from(input[0])
            })
            .collect()
    }
}

/// The policies handed in (`give`), by number: players are `Copy` and name theirs by it.
static GIVEN: Mutex<Vec<Arc<Policy>>> = Mutex::new(Vec::new());

/// The number of the policy in the file `text`, the same for the same policy.
pub fn give(text: &str) -> Result<u32, String> {
    let policy = Policy::parse(text)?;
    let mut given = GIVEN.lock().unwrap_or_else(PoisonError::into_inner);
    let number = match given.iter().position(|known| **known == policy) {
        Some(at) => at,
        None => {
            given.push(Arc::new(policy));
            given.len() - 1
        }
    };
    Ok(number as u32)
}

/// The policy given as `number`.
pub fn given(number: u32) -> Result<Arc<Policy>, String> {
    let given = GIVEN.lock().unwrap_or_else(PoisonError::into_inner);
    given
        .get(number as usize)
        .cloned()
        .ok_or(format!("no policy {number} was given"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::judge::judge_of;
    use crate::engine::Phase;
    use crate::games::ludo::TwoDiceLudo;

    /// A network of one layer that rates a move by its block's "own steps gained" alone.
    fn by_steps_gained() -> String {
        let mut weights = vec![0.0; 48 + MOVE_FEATURES];
        weights[48 + 4] = 1.0;
        serde_json::json!({
            "model": "pegrace policy", "game": "ludo", "actions": 41, "board": 48,
            "features": MOVE_FEATURES, "layers": [{"weight": [weights], "bias": [0.0]}],
        })
        .to_string()
    }

    #[test]
    fn a_policy_rates_each_move_by_its_block() {
        let judge = judge_of(TwoDiceLudo::new(4, &[]).unwrap());
        let policy = given(give(&by_steps_gained()).unwrap()).unwrap();
        let encoding = Encoding::of(&judge.rules).with_moves().unwrap();
        policy.fits("ludo", &encoding).unwrap();
        assert!(policy.fits("trouble", &encoding).is_err());
        let mut state = judge.rules.initial_state();
        state.phase = Phase::Move;
        state.pieces[0] = [-1, 3, 10, 20];
        state.roll = [2, 5];
        let moves = judge.rules.legal_moves(&state);
        let ratings = policy.ratings(&judge, &encoding, &state, moves.as_ref());
        assert_eq!(ratings.len(), moves.as_ref().len());
        let most = ratings.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        assert!(
            (most - 7.0 / 12.0).abs() < 1e-6,
            "both dice used: 7 steps gained"
        );
    }

    #[test]
    fn a_bad_file_is_refused_with_what_is_wrong() {
        let good: serde_json::Value = serde_json::from_str(&by_steps_gained()).unwrap();
        let with = |key: &str, value: serde_json::Value| {
            let mut file = good.clone();
            file[key] = value;
            Policy::parse(&file.to_string()).unwrap_err()
        };
        assert!(Policy::parse("{").unwrap_err().starts_with("not JSON"));
        assert!(with("model", "x".into()).contains("not a policy file"));
        assert!(with("features", 3.into()).contains("features 3"));
        assert!(with("board", 47.into()).contains("rows of 65 weights"));
        assert!(with("layers", serde_json::json!([])).contains("layers"));
        assert!(with("actions", (-1).into()).contains("actions"));
    }
}
