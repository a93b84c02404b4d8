//! Every game the core plays, one line each (`registry!` below): from that one list come the
//! games' `Judged` (a game's rules and its judge, one variant a game), `on_judged!` (code run
//! on whichever game one holds), `SPECS` (each game's `Spec`: the game list, its options, facts
//! and shipped weights) and `judged` (a game made from its name, players and options). A rule set
//! of a game that has several (Ludo's `variant`s) is a line of its own, under the game's name.

use std::sync::OnceLock;

use crate::ai::judge::Judging;
use crate::engine::Game;
use crate::refusal::Refusal;
use crate::spec::Spec;

/// A game's rules, and its judge (the rules with their evaluation) made from them the first
/// time it is asked for: `CoreRules` and random games read the rules alone, and a judge costs
/// more to make than its rules (10,000 of each in release: some 12-20 µs more for a race
/// game, 50 µs more for Headache, whose rules take 50 µs and most others' under 1 µs).
pub struct LazyJudge<G: Judging> {
    rules: G,
    judge: OnceLock<G::Judge>,
}

impl<G: Judging> LazyJudge<G> {
    fn boxed(rules: G) -> Box<Self> {
        Box::new(LazyJudge {
            rules,
            judge: OnceLock::new(),
        })
    }

    pub fn rules(&self) -> &G {
        &self.rules
    }

    pub fn judge(&self) -> &G::Judge {
        self.judge.get_or_init(|| self.rules.clone().judge())
    }

    pub fn into_judge(self) -> G::Judge {
        let LazyJudge { rules, judge } = self;
        judge.into_inner().unwrap_or_else(|| rules.judge())
    }
}

/// The games: `Variant: rules type`, in the order `game_names` lists them (a game with several
/// rule sets: its default first). `$d` is `$`, for the macro this one writes.
macro_rules! registry {
    ($d:tt $($variant:ident: $rules:ty,)+) => {
        /// A game the core plays: its rules, and its judge when asked for.
        pub enum Judged {
            $($variant(Box<LazyJudge<$rules>>),)+
        }

        /// `$body` with `$j` bound to the `LazyJudge` of whichever game `$judged` holds.
        macro_rules! on_judged {
            ($d judged:expr, $d j:ident => $d body:expr) => {
                match $d judged {
                    $($crate::registry::Judged::$variant($d j) => $d body,)+
                }
            };
        }

        /// Every game's spec, in the registry's order.
        pub const SPECS: &[&Spec] = &[$(<$rules as Game>::SPEC,)+];

        /// The rule set `spec` names made for `players` with `options`.
        fn made(spec: &Spec, players: usize, options: &[(String, String)]) -> Option<Result<Judged, Refusal>> {
            $(
                if spec.is(<$rules as Game>::SPEC) {
                    return Some(<$rules>::new(players, options)
                        .map(|rules| Judged::$variant(LazyJudge::boxed(rules))));
                }
            )+
            None
        }
    };
}

registry! { $
    Trouble: crate::games::trouble::Trouble,
    Ludo: crate::games::ludo::TwoDiceLudo,
    ClassicLudo: crate::games::ludo::ClassicLudo,
    Ludopy: crate::games::ludo::LudopyLudo,
    Marbles: crate::games::marbles::Marbles,
    Headache: crate::games::headache::Headache,
    Parchis: crate::games::parchis::Parchis,
}

pub(crate) use on_judged;

/// The game `game` for `players` with `options` (a game with several rule sets: the one
/// its `variant` option chooses; a value it cannot take refused by the game's first).
pub fn judged(game: &str, players: usize, options: &[(String, String)]) -> Result<Judged, Refusal> {
    let named = || SPECS.iter().filter(|spec| spec.name == game);
    let spec = named()
        .find(|spec| spec.chosen_by(options))
        .or_else(|| named().next())
        .ok_or_else(|| Refusal::from(format!("the native core has no {game} yet")))?;
    made(spec, players, options).expect("every spec listed is made")
}

/// Every game's name, once each, in the registry's order.
pub fn game_names() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = SPECS.iter().map(|spec| spec.name).collect();
    names.dedup();
    names
}

/// The spec of `game` (its first rule set's, where it has several: what they share).
pub fn spec(game: &str) -> Option<&'static Spec> {
    SPECS.iter().copied().find(|spec| spec.name == game)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::testing;

    fn spec_of<G: Game>(_rules: &G) -> &'static Spec {
        G::SPEC
    }

    fn made(game: &str, options: &[(&str, &str)]) -> Judged {
        judged(game, 4, &testing::options(options)).expect("a game")
    }

    #[test]
    fn each_game_is_named_once_and_each_line_makes_its_own_rules() {
        assert_eq!(
            game_names(),
            ["trouble", "ludo", "marbles", "headache", "parchis"]
        );
        for spec in SPECS {
            let variant = spec.variant.map(|v| ("variant", v));
            let made = made(spec.name, &variant.into_iter().collect::<Vec<_>>());
            let own = on_judged!(&made, j => spec_of(j.rules()));
            assert!(own.is(spec), "{} {:?}", spec.name, spec.variant);
        }
    }

    #[test]
    fn the_variant_option_chooses_the_rule_set_and_a_bad_one_is_refused_by_the_game() {
        assert!(matches!(made("ludo", &[]), Judged::Ludo(_)));
        let classic = made("ludo", &[("variant", "classic")]);
        assert!(matches!(classic, Judged::ClassicLudo(_)));
        let refused = judged("ludo", 4, &testing::options(&[("variant", "snakes")]));
        assert!(refused.is_err_and(|r| r.to_string().contains("snakes")));
        assert!(judged("chess", 4, &[]).is_err());
    }
}
