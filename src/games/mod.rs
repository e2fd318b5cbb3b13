//! Every game Deckwright knows, in one registry: the five built-in games (their
//! definition files in `resources/games/*.toml`, plus a module each for what
//! their engines read), and the games users add as definition files — from
//! `--game-file` or a `games/` folder beside the database — which need no Rust
//! at all: [`DataGame`] plays them from their file.
//!
//! A game's definition ([`GameDef`], format in `schema/game.md`) says
//! everything the app needs to list, edit, check and print its cards and decks;
//! the construction rules in it run in the one checker, [`crate::rules::check`].

/// Declares a built-in game's data accessors: the embedded definition file
/// (`resources/games/<file>`) parsed once, its typed `[setup]`, and its
/// named options with overrides. Each game module invokes it once.
macro_rules! game_data {
    ($game:ident, $file:literal) => {
        fn data() -> &'static super::Loaded<Setup> {
            static DATA: std::sync::OnceLock<super::Loaded<Setup>> = std::sync::OnceLock::new();
            DATA.get_or_init(|| {
                super::load(
                    concat!("resources/games/", $file),
                    include_str!(concat!("../../resources/games/", $file)),
                )
            })
        }

        impl $game {
            /// The game's setup and turn numbers (`[setup]`), typed.
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
mod file;
pub mod fuzzycards;
pub mod rizontical;
mod setup;
pub mod strange_world;

pub use bizarre_world::BizarreWorld;
pub use def::{
    CardSchema, CurveDef, FieldDef, FieldKind, GameDef, LintDef, OptionDef, OptionError, PrintDef,
    SectionDef, parse_option,
};
pub use dice_of_destiny::DiceOfDestiny;
pub use file::{GAMES_FOLDER, check_file, check_text, games_folder};
pub use fuzzycards::Fuzzycards;
pub use rizontical::Rizontical;
pub use setup::{Mulligan, MulliganKind, SETUP_KEYS, SetupDef};
pub use strange_world::StrangeWorld;

use std::path::{Path, PathBuf};
use std::sync::{PoisonError, RwLock};

use crate::diag::{Diagnostic, Diagnostics};
use crate::model::{Card, Catalog, Deck, GameId};
use crate::rules::{
    self, CardRules, CheckOptions, GameInfo, Report, Resolved, SectionCount, Verdict, resolve,
};

/// What a game does beyond its definition file. The built-in games implement
/// it in their modules; a game added as a file is a [`DataGame`].
pub trait Game: Send + Sync {
    /// The game's definition.
    fn def(&self) -> &'static GameDef;

    fn id(&self) -> GameId {
        self.def().id
    }

    /// Checks `--option` overrides against the game's typed options, beyond
    /// the definition's value lists (a built-in game's engine reads them typed).
    fn check_options(&self, _overrides: &[(String, String)]) -> Result<(), OptionError> {
        Ok(())
    }

    /// Runs every construction rule of the game over a resolved deck, with
    /// `card_rules` saying what each card's text says about deck building
    /// (the engine's text reading; [`CardRules::of_fields`] without one).
    fn check(
        &self,
        deck: &Resolved<'_>,
        opts: &CheckOptions,
        card_rules: &dyn Fn(&Card) -> CardRules,
    ) -> Result<Verdict, OptionError> {
        self.check_options(&opts.overrides)?;
        let def = self.def();
        let options: toml::Table = def.options(&opts.overrides)?;
        rules::check(
            &GameInfo {
                name: &def.name,
                construction: &def.construction,
                options: &options,
                card_rules,
            },
            deck,
            opts,
        )
    }

    /// Catalog warnings beyond the data-driven `[[lint]]`s.
    fn lint_card(&self, _card: &Card) -> Vec<String> {
        Vec::new()
    }

    /// The game's card back compiled into the binary (the built-in games'
    /// `print.back`), so that exports work wherever the binary runs. A game
    /// added as a file reads its back from beside its file, or has one drawn.
    fn back_image(&self) -> Option<&'static [u8]> {
        None
    }

    /// Whether the game's decks build Worlds that the solo player and the
    /// World screen score (Strange World).
    fn builds_worlds(&self) -> bool {
        false
    }
}

/// Where a game comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameSource {
    BuiltIn,
    /// A game-definition file (`--game-file`, or the `games/` folder).
    File(PathBuf),
}

impl GameSource {
    /// "built-in", or the file's path (formats.md `game list --json`).
    pub fn label(&self) -> String {
        match self {
            GameSource::BuiltIn => "built-in".to_string(),
            GameSource::File(p) => p.display().to_string(),
        }
    }
}

/// A game defined by its file alone: everything comes from the definition.
pub struct DataGame {
    def: &'static GameDef,
}

impl Game for DataGame {
    fn def(&self) -> &'static GameDef {
        self.def
    }
}

/// The built-in games, in [`GameId::ALL`] order.
pub static GAMES: [&(dyn Game + 'static); 5] = [
    &fuzzycards::GAME,
    &bizarre_world::GAME,
    &rizontical::GAME,
    &strange_world::GAME,
    &dice_of_destiny::GAME,
];

/// A game added from a file.
struct Added {
    game: &'static DataGame,
    /// The file as given, and canonicalised (to know a file loaded twice).
    path: PathBuf,
    canonical: PathBuf,
}

static ADDED: RwLock<Vec<Added>> = RwLock::new(Vec::new());

/// Every known game: the built-in ones, then the added ones in load order.
pub fn all() -> Vec<&'static dyn Game> {
    let added = ADDED.read().unwrap_or_else(PoisonError::into_inner);
    GAMES
        .iter()
        .copied()
        .chain(added.iter().map(|a| a.game as &dyn Game))
        .collect()
}

/// The game with this id, if it is known.
pub fn get(id: GameId) -> Option<&'static dyn Game> {
    if let Some(g) = GAMES.iter().copied().find(|g| g.id() == id) {
        return Some(g);
    }
    let added = ADDED.read().unwrap_or_else(PoisonError::into_inner);
    added
        .iter()
        .find(|a| a.game.def.id == id)
        .map(|a| a.game as &dyn Game)
}

/// The game with this id. Every [`GameId`] that parses is known (parsing
/// refuses others), so this cannot fail for ids from files, the database or
/// the command line.
pub fn game(id: GameId) -> &'static dyn Game {
    get(id).unwrap_or_else(|| unreachable!("game `{id}` is not registered"))
}

/// Where a known game comes from.
pub fn source(id: GameId) -> GameSource {
    let added = ADDED.read().unwrap_or_else(PoisonError::into_inner);
    match added.iter().find(|a| a.game.def.id == id) {
        Some(a) => GameSource::File(a.path.clone()),
        None => GameSource::BuiltIn,
    }
}

/// Loads a game-definition file and adds its game for the rest of the run.
/// Loading the same file again (or a copy of it) returns the game already
/// added; another file with the id of a known game is an error naming both.
pub fn add_file(path: &Path) -> Result<&'static dyn Game, Diagnostics> {
    let def = check_file(path)?;
    let canonical = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
    let mut added = ADDED.write().unwrap_or_else(PoisonError::into_inner);
    if let Some(a) = added.iter().find(|a| a.game.def.id == def.id) {
        let same_text = || {
            matches!(
                (
                    crate::files::read_capped(&a.canonical, crate::files::TEXT_CAP),
                    crate::files::read_capped(&canonical, crate::files::TEXT_CAP),
                ),
                (Ok(x), Ok(y)) if x == y
            )
        };
        if a.canonical == canonical || same_text() {
            return Ok(a.game);
        }
        return Err(Diagnostics(vec![Diagnostic {
            file: path.to_path_buf(),
            line: file::id_line(path),
            column: 0,
            message: format!(
                "game id `{}` is already defined by {}",
                def.id,
                a.path.display()
            ),
        }]));
    }
    let game: &'static DataGame = Box::leak(Box::new(DataGame {
        def: Box::leak(Box::new(def)),
    }));
    game.def.id.register();
    added.push(Added {
        game,
        path: path.to_path_buf(),
        canonical,
    });
    Ok(game)
}

/// Adds every `*.toml` game file of a folder (in file-name order); a folder
/// that does not exist adds nothing. Returns the files' problems: a broken
/// file is left out, the others are added.
pub fn add_folder(dir: &Path) -> Vec<Diagnostics> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.is_file() && p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    files.iter().filter_map(|f| add_file(f).err()).collect()
}

/// Validates `deck` against `catalog` under its game's rules: every violation,
/// not only the first. Card text is not read here (only the `copy_limit`
/// field speaks for a card); `crate::engine::validate` reads it.
pub fn validate(
    catalog: &Catalog,
    deck: &Deck,
    opts: &CheckOptions,
) -> Result<Report, OptionError> {
    validate_with(catalog, deck, opts, &CardRules::of_fields)
}

/// [`validate`], with `card_rules` reading what each card's text says about
/// deck building.
pub fn validate_with(
    catalog: &Catalog,
    deck: &Deck,
    opts: &CheckOptions,
    card_rules: &dyn Fn(&Card) -> CardRules,
) -> Result<Report, OptionError> {
    let g = game(catalog.game);
    let resolved = resolve(deck, catalog);
    let verdict = g.check(&resolved, opts, card_rules)?;
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

/// A parsed built-in game file: the definition and the game's typed `[setup]`.
struct Loaded<S> {
    def: GameDef,
    setup: S,
}

/// Reads an embedded definition, checked as `game check` checks a file. The
/// files are compiled in and the `builtin_games_pass_game_check` test loads
/// every one, so a failure here is a defect of the build, not of user input.
fn load<S: serde::de::DeserializeOwned>(file: &str, text: &str) -> Loaded<S> {
    let parsed = file::check_builtin(text, Path::new(file))
        .map_err(|e| e.to_string())
        .and_then(|def| {
            Ok(Loaded {
                setup: GameDef::typed(&def.setup_table).map_err(|e| e.to_string())?,
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
            assert_eq!(source(id), GameSource::BuiltIn);
            assert!(g.check_options(&[]).is_ok(), "{id}: default options");
            // every option default passes its own values list, and every value
            // of a choice deserializes into the game's typed options
            for o in &g.def().options {
                for value in &o.values {
                    let overrides = [(o.key.clone(), value.clone())];
                    assert!(
                        g.check_options(&overrides).is_ok(),
                        "{id}: option {} = {value}",
                        o.key
                    );
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
    fn builtin_games_pass_game_check() {
        for g in GAMES {
            // loading checks the file as `game check` would
            assert!(!g.def().construction.rules.is_empty() || g.id() == GameId::StrangeWorld);
            let file = format!(
                "{}/resources/games/{}.toml",
                env!("CARGO_MANIFEST_DIR"),
                g.id()
            );
            let text = std::fs::read_to_string(&file).unwrap();
            // a built-in id is refused for a user's file, the rest passes
            let e = check_text(&text, Path::new(&file)).unwrap_err().to_string();
            assert!(e.contains("is a built-in game"), "{e}");
        }
    }

    #[test]
    fn builtin_backs_are_compiled_in_and_decode() {
        for g in GAMES {
            let bytes = g
                .back_image()
                .unwrap_or_else(|| panic!("{}: no back", g.id()));
            let file = format!(
                "{}/resources/{}",
                env!("CARGO_MANIFEST_DIR"),
                g.def().print.back
            );
            assert_eq!(std::fs::read(&file).unwrap(), bytes, "{}", g.id());
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

    #[test]
    fn an_unknown_mode_is_an_error_naming_the_modes() {
        let err = validate(
            &Catalog::new(GameId::BizarreWorld, "x"),
            &Deck::default(),
            &CheckOptions {
                mode: Some("sealed".parse().unwrap()),
                ..Default::default()
            },
        )
        .unwrap_err();
        assert_eq!(
            err.to_string(),
            "Bizarre World has no deck mode `sealed` (modes: crafting, random)"
        );
    }
}
