//! The five games: their definitions (data, from `resources/games/*.toml`) and
//! the behaviour that needs code, behind one [`Game`] trait per game, registered
//! in [`GAMES`].

/// Declares a game's data accessors: the embedded definition file
/// (`resources/games/<file>`) parsed once, its typed `[rules]` and `[setup]`,
/// and its named options with overrides. Each game module invokes it once.
macro_rules! game_data {
    ($game:ident, $file:literal) => {
        fn data() -> &'static super::Loaded<Rules, Setup> {
            static DATA: std::sync::OnceLock<super::Loaded<Rules, Setup>> =
                std::sync::OnceLock::new();
            DATA.get_or_init(|| super::load(include_str!(concat!("../../resources/games/", $file))))
        }

        impl $game {
            /// The game's construction numbers (`[rules]`).
            pub fn rules(&self) -> &'static Rules {
                &data().rules
            }

            /// The game's setup and turn numbers (`[setup]`).
            pub fn setup(&self) -> &'static Setup {
                &data().setup
            }

            /// The named options: the file's defaults with `overrides` applied.
            pub fn options(&self, overrides: &[(String, String)]) -> Result<Options, OptionError> {
                self.def().options(overrides)
            }
        }
    };
}

pub mod bizarre_world;
mod def;
pub mod dice_of_destiny;
pub mod fuzzycards;
pub mod rizontical;
pub mod strange_world;

pub use bizarre_world::BizarreWorld;
pub use def::{
    CardSchema, FieldDef, FieldKind, GameDef, LintDef, OptionDef, OptionError, PrintDef,
    SectionDef, parse_option,
};
pub use dice_of_destiny::DiceOfDestiny;
pub use fuzzycards::Fuzzycards;
pub use rizontical::Rizontical;
pub use strange_world::StrangeWorld;

use crate::model::{Card, Catalog, Deck, GameId};
use crate::rules::{CheckOptions, Report, Resolved, SectionCount, Verdict, resolve};

/// What a game does that data alone cannot say.
pub trait Game: Send + Sync {
    /// The game's definition file, generic part.
    fn def(&self) -> &GameDef;

    fn id(&self) -> GameId {
        self.def().id
    }

    /// Runs every construction rule of the game over a resolved deck.
    fn check(&self, deck: &Resolved<'_>, opts: &CheckOptions) -> Result<Verdict, OptionError>;

    /// Catalog warnings beyond the data-driven `[[lint]]`s.
    fn lint_card(&self, _card: &Card) -> Vec<String> {
        Vec::new()
    }
}

/// Every game, in [`GameId::ALL`] order: the one place games are registered.
pub static GAMES: [&(dyn Game + 'static); 5] = [
    &fuzzycards::GAME,
    &bizarre_world::GAME,
    &rizontical::GAME,
    &strange_world::GAME,
    &dice_of_destiny::GAME,
];

/// The game with this id.
pub fn game(id: GameId) -> &'static dyn Game {
    GAMES
        .iter()
        .copied()
        .find(|g| g.id() == id)
        .unwrap_or_else(|| unreachable!("every GameId is registered in GAMES"))
}

/// Validates `deck` against `catalog` under its game's rules: every violation,
/// not only the first.
pub fn validate(
    catalog: &Catalog,
    deck: &Deck,
    opts: &CheckOptions,
) -> Result<Report, OptionError> {
    let g = game(catalog.game);
    let resolved = resolve(deck, catalog);
    let verdict = g.check(&resolved, opts)?;
    let mut violations = resolved.violations.clone();
    violations.extend(verdict.violations);
    let def = g.def();
    let mut sections: Vec<SectionCount> = def
        .sections
        .iter()
        .map(|s| SectionCount {
            name: s.name.clone(),
            count: 0,
        })
        .collect();
    for (card, n, _) in resolved.cards() {
        let name = def.section_of(&card.card_type);
        if let Some(s) = sections.iter_mut().find(|s| s.name == name) {
            s.count += n;
        }
    }
    Ok(Report {
        game: catalog.game,
        legal: violations.is_empty(),
        total: resolved.total(),
        violations,
        duel: verdict.duel,
        mode: verdict.mode,
        players: verdict.players,
        sections,
        notes: deck
            .notes
            .iter()
            .chain(&resolved.notes)
            .map(ToString::to_string)
            .collect(),
    })
}

/// A parsed game file: the generic part and the game's typed `[rules]` and `[setup]`.
struct Loaded<R, S> {
    def: GameDef,
    rules: R,
    setup: S,
}

/// Reads an embedded definition. The files are compiled in and the
/// `games_parse_and_register_in_id_order` test parses every one, so a failure
/// here is a defect of the build, not of user input.
fn load<R: serde::de::DeserializeOwned, S: serde::de::DeserializeOwned>(
    text: &str,
) -> Loaded<R, S> {
    let parsed = GameDef::parse(text).and_then(|def| {
        Ok(Loaded {
            rules: GameDef::typed(&def.rules)?,
            setup: GameDef::typed(&def.setup)?,
            def,
        })
    });
    match parsed {
        Ok(t) => t,
        Err(e) => panic!("embedded game definition is invalid: {e}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_parse_and_register_in_id_order() {
        for (g, id) in GAMES.iter().zip(GameId::ALL) {
            assert_eq!(g.id(), id);
            assert_eq!(game(id).def().name, g.def().name);
            let defaults_ok = match id {
                GameId::Fuzzycards => Fuzzycards.options(&[]).is_ok(),
                GameId::BizarreWorld => BizarreWorld.options(&[]).is_ok(),
                GameId::Rizontical => Rizontical.options(&[]).is_ok(),
                GameId::StrangeWorld => StrangeWorld.options(&[]).is_ok(),
                GameId::DiceOfDestiny => DiceOfDestiny.options(&[]).is_ok(),
            };
            assert!(defaults_ok, "{id}: default options");
            // every option default passes its own values list, and every value
            // of a choice deserializes into the game's typed options
            for o in &g.def().options {
                for value in &o.values {
                    let overrides = [(o.key.clone(), value.clone())];
                    let typed_ok = match id {
                        GameId::Fuzzycards => Fuzzycards.options(&overrides).is_ok(),
                        GameId::BizarreWorld => BizarreWorld.options(&overrides).is_ok(),
                        GameId::Rizontical => Rizontical.options(&overrides).is_ok(),
                        GameId::StrangeWorld => StrangeWorld.options(&overrides).is_ok(),
                        GameId::DiceOfDestiny => DiceOfDestiny.options(&overrides).is_ok(),
                    };
                    assert!(typed_ok, "{id}: option {} = {value}", o.key);
                }
                if let toml::Value::String(s) = &o.default {
                    assert!(
                        o.values.is_empty() || o.values.contains(s),
                        "{}: {}",
                        id,
                        o.key
                    );
                }
            }
        }
    }

    #[test]
    fn unknown_option_is_an_error() {
        let err = validate(
            &Catalog::new(GameId::Fuzzycards, "x"),
            &Deck::default(),
            &CheckOptions {
                overrides: vec![("nope".into(), "1".into())],
                ..Default::default()
            },
        )
        .unwrap_err();
        assert!(err.to_string().contains("unknown option `nope`"), "{err}");
    }
}
