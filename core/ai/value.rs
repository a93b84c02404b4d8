//! The learned value: each seat's chance of winning, learned by self-play (`train.rs`) for every
//! game, as a multinomial logit: a seat's strength is its features (`features.rs`) weighed
//! (`weights`), its chance its share of exp(strength) over the seats still playing. The shipped
//! weights are `src/pegrace/weights/<model>.json` (written by `pegrace train`).

use crate::ai::features::Features;
use crate::ai::hits::ReachMemo;
use crate::ai::net::{Hidden, Net, MAX_HIDDEN};
use crate::ai::vocab::{win_scale, Pieces, Terms, Values};
use crate::engine::{Game, Phase, State, Table, MAX_SEATS};
use crate::spec::{Spec, Weights};
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock, PoisonError};

/// A value's parameters: the linear model's weights (one per feature) and, where it has one,
/// the network whose outputs add to its strengths.
#[derive(Clone, Debug, PartialEq)]
pub struct Model {
    pub linear: Vec<f64>,
    pub net: Option<Net>,
}

impl Model {
    /// Each seat's strength, the hidden units kept in `units`.
    pub fn strengths(&self, terms: &Terms, seats: usize, units: &mut Hidden) -> [f64; MAX_SEATS] {
        let mut strengths = match &self.net {
            Some(net) => net.forward(terms, seats, units),
            None => [0.0; MAX_SEATS],
        };
        for (seat, strength) in strengths.iter_mut().enumerate().take(seats) {
            *strength += terms.of(seat).map(|(i, v)| self.linear[i] * v).sum::<f64>();
        }
        strengths
    }

    /// Each seat's chance of winning: its share of exp(strength) over the seats playing.
    pub fn chances(&self, terms: &Terms, seats: usize) -> [f64; MAX_SEATS] {
        let strengths = self.strengths(terms, seats, &mut [0.0; MAX_HIDDEN]);
        shares(&strengths, terms, seats)
    }
}

/// Each playing seat's share of exp(strength).
pub fn shares(strengths: &[f64; MAX_SEATS], terms: &Terms, seats: usize) -> [f64; MAX_SEATS] {
    let mut top = f64::NEG_INFINITY;
    for seat in (0..seats).filter(|&s| terms.playing[s]) {
        top = top.max(strengths[seat]);
    }
    let mut shares = [0.0; MAX_SEATS];
    if top == f64::NEG_INFINITY {
        return shares;
    }
    let mut total = 0.0;
    for seat in (0..seats).filter(|&s| terms.playing[s]) {
        shares[seat] = (strengths[seat] - top).exp();
        total += shares[seat];
    }
    for share in shares.iter_mut().take(seats) {
        *share /= total;
    }
    shares
}

/// The seats' chances summed by side.
pub fn side_chances(table: &Table, seat_chances: &[f64; MAX_SEATS]) -> [f64; MAX_SEATS] {
    let mut sides = [0.0; MAX_SEATS];
    for (seat, chance) in seat_chances.iter().enumerate().take(table.seats) {
        sides[table.sides[seat] as usize] += chance;
    }
    sides
}

/// A game's learned value: its features and model.
#[derive(Clone, Debug)]
pub struct Value {
    pub features: Features,
    pub model: Model,
    pub table: Table,
}

impl Value {
    /// The value with `model`; none if it does not fit the features.
    pub fn new(features: Features, model: Model, table: Table) -> Option<Self> {
        let count = features.names().len();
        let fits = model.linear.len() == count
            && model.net.as_ref().is_none_or(|net| net.per_seat == count);
        fits.then_some(Value {
            features,
            model,
            table,
        })
    }

    /// Every seat's chance of winning, `to_move` to roll next.
    pub fn chances(
        &self,
        pieces: &Pieces,
        to_move: usize,
        memo: &mut ReachMemo,
    ) -> [f64; MAX_SEATS] {
        let terms = self.features.terms(pieces, to_move, memo);
        self.model.chances(&terms, self.table.seats)
    }

    /// Each side's chance centred and scaled like every leaf (a certain win: a quarter of a
    /// finished game's win).
    pub fn values_with(&self, pieces: &Pieces, to_move: usize, memo: &mut ReachMemo) -> Values {
        let sides = side_chances(&self.table, &self.chances(pieces, to_move, memo));
        let count = self.table.side_count;
        let (scale, even) = (win_scale(count), 1.0 / count as f64);
        let mut values = [0.0; MAX_SEATS];
        for (value, chance) in values.iter_mut().zip(sides).take(count) {
            *value = scale * (chance - even);
        }
        values
    }
}

/// The side that won (first place), once it is settled.
pub fn settled_winner<G: Game>(rules: &G, state: &State) -> Option<usize> {
    let places = if state.phase == Phase::Over {
        rules.places(state)
    } else {
        rules.table().decided(state)
    };
    places[..rules.table().side_count]
        .iter()
        .position(|&p| p == 1)
}

impl Value {
    /// Each side's chance of winning from `state` (the seat to move next: its current seat),
    /// exact once the winner is settled.
    pub fn state_chances<G: Game>(&self, rules: &G, state: &State) -> [f64; MAX_SEATS] {
        if let Some(winner) = settled_winner(rules, state) {
            let mut exact = [0.0; MAX_SEATS];
            exact[winner] = 1.0;
            return exact;
        }
        let memo = &mut ReachMemo::default();
        let seats = self.chances(&state.pieces, state.current as usize, memo);
        side_chances(&self.table, &seats)
    }
}

/// The model in a weights file (`src/pegrace/weights/<model>.json`): its `"weights"` list and,
/// where there is one, its `"network"` (`"hidden"` units, `"params"`).
pub fn parse_model(text: &str) -> Option<Model> {
    model_of(&serde_json::from_str(text).ok()?)
}

fn model_of(file: &serde_json::Value) -> Option<Model> {
    let numbers = |list: &serde_json::Value| -> Option<Vec<f64>> {
        list.as_array()?
            .iter()
            .map(serde_json::Value::as_f64)
            .collect()
    };
    let linear = numbers(file.get("weights")?)?;
    let net = match file.get("network") {
        None | Some(serde_json::Value::Null) => None,
        Some(network) => {
            let hidden = network.get("hidden")?.as_u64()? as usize;
            Some(Net::with(
                linear.len(),
                hidden,
                &numbers(network.get("params")?)?,
            )?)
        }
    };
    Some(Model { linear, net })
}

/// Weights files handed in at run time (a player spec's `value=FILE`, read by `pegrace.value`):
/// each its model's name and parameters, by number. A search player's settings cross from
/// Python as numbers, so they name a given value by its number (`Settings::value`).
static GIVEN: Mutex<Vec<(String, Model)>> = Mutex::new(Vec::new());

/// The number of the value in the weights file `text`, the same for the same value (a long run
/// hands its file in again and again); none if it is not a weights file with a model's name.
pub fn give(text: &str) -> Option<u32> {
    let file: serde_json::Value = serde_json::from_str(text).ok()?;
    let entry = (file.get("model")?.as_str()?.to_owned(), model_of(&file)?);
    let mut given = GIVEN.lock().unwrap_or_else(PoisonError::into_inner);
    let number = match given.iter().position(|known| *known == entry) {
        Some(at) => at,
        None => {
            given.push(entry);
            given.len() - 1
        }
    };
    Some(number as u32)
}

/// A judge's learned value: the features it is learned over (none where the game has no
/// model, as Marbles' War) and the value with the shipped weights (none before any were).
#[derive(Clone, Debug, Default)]
pub struct Learning {
    pub model: &'static str,
    pub features: Option<Features>,
    pub value: Option<Value>,
}

pub static NOT_LEARNED: Learning = Learning {
    model: "",
    features: None,
    value: None,
};

impl Learning {
    /// The learned value of `spec`'s game over `features`, with its shipped weights where
    /// there are.
    pub fn new(spec: &'static Spec, features: Option<Features>, table: &Table) -> Self {
        let shipped = spec.weights.and_then(shipped_model);
        let value = features
            .as_ref()
            .and_then(|f| Value::new(f.clone(), shipped?, table.clone()));
        Learning {
            // a game learning its first value names it after itself
            model: spec.weights.map_or(spec.name, |weights| weights.model),
            features,
            value,
        }
    }
}

impl Learning {
    /// The value given as `number` (`give`) over these features, for `table`'s seats; why not
    /// where it is another model's or does not fit the features.
    pub fn given(&self, number: u32, table: &Table) -> Result<Value, String> {
        let given = GIVEN.lock().unwrap_or_else(PoisonError::into_inner);
        let (name, model) = given
            .get(number as usize)
            .ok_or_else(|| format!("no value was given as number {number}"))?;
        let Some(features) = &self.features else {
            return Err("these rules have no learned value to replace".to_owned());
        };
        if name != self.model {
            return Err(format!(
                "a value of {name}, not of these rules' model {}",
                self.model
            ));
        }
        Value::new(features.clone(), model.clone(), table.clone()).ok_or_else(|| {
            let count = features.names().len();
            format!("its weights do not fit {name}'s {count} features")
        })
    }
}

/// The shipped weights, parsed once per process: a network's file is ~200 KB of JSON, about
/// a millisecond to parse, and every judge of its game reads it.
fn shipped_model(weights: &'static Weights) -> Option<Model> {
    static PARSED: OnceLock<Mutex<HashMap<&'static str, Option<Model>>>> = OnceLock::new();
    let mut parsed = PARSED
        .get_or_init(Mutex::default)
        .lock()
        .unwrap_or_else(PoisonError::into_inner);
    parsed
        .entry(weights.model)
        .or_insert_with(|| parse_model(weights.json))
        .clone()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::judge::judge_of;
    use crate::engine::testing;
    use crate::games::headache::Headache;
    use crate::games::ludo::{ClassicLudo, LudopyLudo, TwoDiceLudo};
    use crate::games::marbles::Marbles;
    use crate::games::trouble::Trouble;

    fn options(given: &[(&str, &str)]) -> Vec<(String, String)> {
        testing::options(given)
    }

    #[test]
    fn every_game_has_its_shipped_value_but_where_its_features_do_not_serve() {
        let trouble = |n, o: &[(&str, &str)]| judge_of(Trouble::new(n, &options(o)).unwrap());
        assert!(trouble(4, &[]).learning.value.is_some());
        assert!(trouble(2, &[("two_sets", "on")]).learning.value.is_none());
        let marbles = |o: &[(&str, &str)]| judge_of(Marbles::new(4, &options(o)).unwrap());
        assert!(marbles(&[]).learning.value.is_some());
        assert!(marbles(&[("teams", "on")]).learning.value.is_some());
        assert!(marbles(&[("mode", "war")]).learning.value.is_none());
        let ludo = judge_of(TwoDiceLudo::new(2, &options(&[])).unwrap());
        assert!(
            ludo.learning.value.is_some(),
            "a model of four plays with two"
        );
        let classic = judge_of(ClassicLudo::new(3, &options(&[("variant", "classic")])).unwrap());
        assert!(classic.learning.value.is_some());
        assert!(
            judge_of(LudopyLudo::new(4, &options(&[("variant", "ludopy")])).unwrap())
                .learning
                .value
                .is_some()
        );
        let headache = judge_of(Headache::new(4, &options(&[])).unwrap());
        assert_eq!(headache.learning.model, "headache");
        assert!(headache.learning.value.is_some());
    }

    #[test]
    fn the_chances_are_shares_and_exact_once_the_winner_is_settled() {
        let judge = judge_of(Trouble::new(4, &options(&[("play_on", "on")])).unwrap());
        let value = judge.learning.value.as_ref().unwrap();
        let mut state = judge.rules.initial_state();
        state.phase = Phase::Roll;
        let start = value.state_chances(&judge.rules, &state);
        assert!((start[..4].iter().sum::<f64>() - 1.0).abs() < 1e-12);
        assert!(start[..4].iter().all(|&p| p > 0.0 && p < 1.0));
        state.pieces[2] = [28, 29, 30, 31]; // green home
        state.finished.push(2);
        assert_eq!(
            value.state_chances(&judge.rules, &state),
            [0.0, 0.0, 1.0, 0.0]
        );
    }

    #[test]
    fn weights_files_are_read_for_their_weights_and_network() {
        let linear = |text: &str| parse_model(text).map(|m| m.linear);
        assert_eq!(linear(r#"{"weights": [1.5, -2]}"#), Some(vec![1.5, -2.0]));
        assert_eq!(linear(r#"{"weights": [1.5, "x"]}"#), None);
        assert_eq!(linear("not json"), None);
        let size = Net::size(2, 3);
        let params = vec!["0.5"; size].join(",");
        let network = format!(r#""network": {{"hidden": 3, "params": [{params}]}}"#);
        let net = parse_model(&format!(r#"{{"weights": [1, 2], {network}}}"#))
            .and_then(|m| m.net)
            .expect("a network");
        assert_eq!((net.per_seat, net.hidden, net.params.len()), (2, 3, size));
        assert_eq!(
            parse_model(&format!(r#"{{"weights": [1], {network}}}"#)),
            None
        );
    }

    #[test]
    fn a_given_value_is_numbered_once_and_read_only_where_it_fits() {
        let judge = judge_of(Headache::new(4, &options(&[])).unwrap());
        let count = judge.learning.features.as_ref().unwrap().names().len();
        let zeros = vec!["0.0"; count].join(",");
        let text = format!(r#"{{"model": "headache", "weights": [{zeros}]}}"#);
        let number = give(&text).expect("a weights file");
        assert_eq!(give(&text), Some(number));
        assert_eq!(give(r#"{"weights": [1]}"#), None, "no model named");
        let table = &judge.eval.rules.table;
        let value = judge.learning.given(number, table).expect("it fits");
        assert!(value.model.linear.iter().all(|&w| w == 0.0));
        let short = give(r#"{"model": "headache", "weights": [1.0]}"#).unwrap();
        assert!(judge.learning.given(short, table).is_err());
        let trouble = judge_of(Trouble::new(4, &options(&[])).unwrap());
        let error = trouble.learning.given(number, &trouble.rules.table);
        assert_eq!(
            error.unwrap_err(),
            "a value of headache, not of these rules' model trouble"
        );
        assert!(NOT_LEARNED.given(number, table).is_err());
    }
}
