//! Positions on the World table (issue 23): "Save position…" writes the
//! game on the table — solo, or for 2 to 4 — as a Strange World scenario
//! file (`schema/scenario.md`), "Set up a position…" opens one and puts its
//! game on the table, so the user plays on from there: solo, or seat a
//! against computer players in the other seats. The CLI's `deckwright
//! scenario run` reads the same files.
//!
//! A position from a file is the file's to keep: it is not stored as the
//! game in progress (a game of the store is a seed and its moves), so a new
//! deal, another player count or another catalog leaves it.

use std::path::PathBuf;
use std::sync::Arc;

use iced::Task;

use crate::engine::core::Viewer;
use crate::engine::solo::{Components, SoloGame};
use crate::gui::dialog;
use crate::model::GameId;
use crate::scenario::Scene;
use crate::scenario::world::{Game as SceneGame, WorldScene, write_world};
use crate::store::{CatalogId, CatalogInfo};

use super::super::Action;
use super::{Game, Message, Table, World};

/// A position opened from a file: where it came from, its catalog as the
/// file names it (written back when it is saved).
#[derive(Debug, Clone)]
pub struct Opened {
    pub file: PathBuf,
    pub catalog_name: String,
}

/// A scenario file read and its position set up, off the UI thread.
#[derive(Debug, Clone)]
pub struct Setup {
    pub opened: Opened,
    /// The stored catalog, or one standing for the catalog file.
    pub info: CatalogInfo,
    pub components: Arc<Components>,
    pub game: SceneGame,
    pub seed: u64,
}

/// The id standing for a catalog read from a scenario's folder, not stored.
pub const FILE_CATALOG: CatalogId = CatalogId(0);

/// The file filter of scenario files.
const FILTER: dialog::Filter<'static> = ("Scenario", &["toml"]);

impl World {
    pub(super) fn ask_position_file(&mut self) -> Action<Message> {
        Action::Ask(dialog::open(
            "Set up a position",
            &[FILTER],
            Message::OpenPosition,
            Message::DialogClosed,
        ))
    }

    pub(super) fn ask_save_position(&mut self) -> Action<Message> {
        let Some(g) = &self.current else {
            return Action::Notice("start a game or set up a position first".into());
        };
        let name = match &self.position {
            Some(p) => p
                .file
                .file_name()
                .map_or("position.toml".into(), |n| n.to_string_lossy().into_owned()),
            None => format!("{}-position.toml", crate::model::slug(&g.info.name)),
        };
        Action::Ask(dialog::save(
            "Save the position",
            name,
            &[FILTER],
            Message::SavePosition,
            Message::DialogClosed,
        ))
    }

    /// The position opened from a file, when one is on the table.
    pub fn position(&self) -> Option<&Opened> {
        self.position.as_deref()
    }

    /// The game on the table as a scenario file: the catalog by the file's
    /// own name for it (a position opened from one) or by its stored name.
    pub fn position_text(&self) -> Result<String, String> {
        let g = self
            .current
            .as_ref()
            .ok_or("there is no game on the table")?;
        let catalog = match &self.position {
            Some(p) => PathBuf::from(&p.catalog_name),
            None => PathBuf::from(&g.info.name),
        };
        let c = (*g.components).clone();
        let (scene, seed) = match &self.table {
            Some(t) => (WorldScene::from_match(c, t.m.clone())?, t.seed),
            None => (WorldScene::from_solo(c, *g.game.state())?, g.game.seed()),
        };
        write_world(&scene.view(Viewer::All), &catalog, seed)
    }

    pub(super) fn save_position(&mut self, path: PathBuf) -> Action<Message> {
        let text = match self.position_text() {
            Ok(t) => t,
            Err(e) => return Action::Error(format!("cannot save the position: {e}")),
        };
        // a position opened from a file keeps its catalog where it is
        let text = match &self.position {
            Some(p) => crate::scenario::relocated(text, &p.file, &p.catalog_name, &path),
            None => text,
        };
        Action::Run(Task::perform(
            crate::gui::db::write_file(path, text.into_bytes()),
            Message::PositionSaved,
        ))
    }

    pub(super) fn position_saved(&mut self, r: Result<PathBuf, String>) -> Action<Message> {
        match r {
            Ok(p) => Action::Notice(format!("Saved the position to {}", p.display())),
            Err(e) => Action::Error(e),
        }
    }

    /// Reads the scenario, its catalog (the file beside it, else the stored
    /// catalog of that name) and sets the position up, off the UI thread.
    pub(super) fn open_position(&mut self, path: PathBuf) -> Action<Message> {
        Action::Run(Task::perform(
            self.db.run_with(move |store| {
                let sc = crate::scenario::load(&path).map_err(|d| d.to_string())?;
                if sc.game != GameId::StrangeWorld {
                    return Err(format!(
                        "{}: a scenario of {}, not of Strange World: open it on the Playtest screen",
                        path.display(),
                        sc.game
                    ));
                }
                let (catalog, info) = crate::scenario::catalog_of(
                    &sc,
                    |catalog| {
                        let info = CatalogInfo {
                            id: FILE_CATALOG,
                            game: catalog.game,
                            name: sc.catalog_name.clone(),
                            card_count: catalog.cards.len() as u32,
                        };
                        (catalog, info)
                    },
                    |name| {
                        let info = store.find_catalog(name).ok()?;
                        Some(
                            store
                                .load_catalog(info.id)
                                .map(|c| (c, info))
                                .map_err(|e| e.to_string()),
                        )
                    },
                )?;
                let scene = WorldScene::start(&sc, &catalog).map_err(|d| d.to_string())?;
                let (components, game) = scene.into_game();
                Ok(Box::new(Setup {
                    opened: Opened {
                        file: path,
                        catalog_name: sc.catalog_name,
                    },
                    info,
                    components: Arc::new(components),
                    game,
                    seed: sc.position.seed,
                }))
            }),
            Message::PositionOpened,
        ))
    }

    /// Puts the position on the table: a solo game goes on with nothing to
    /// undo; a game for 2 to 4 has the user in seat a and computer players
    /// (at the chosen level) in the others.
    pub(super) fn position_opened(&mut self, r: Result<Box<Setup>, String>) -> Action<Message> {
        let s = match r {
            Ok(s) => *s,
            Err(e) => return Action::Error(e),
        };
        let c = Arc::clone(&s.components);
        let note = format!("Set up the position from {}", s.opened.file.display());
        let (game, table) = match s.game {
            SceneGame::Solo(solo) => (SoloGame::from_position(s.seed, *solo), None),
            SceneGame::Match(m) => {
                // the screen keeps a solo deal beside a game for 2 to 4 (its
                // seed); a catalog that deals no solo game keeps the match's
                // own state out of it
                let solo = match SoloGame::new(&c, s.seed) {
                    Ok(g) => g,
                    Err(e) => return Action::Error(format!("{}: {e}", s.opened.file.display())),
                };
                (solo, Some(Table::at(*m, self.level, s.seed)))
            }
        };
        self.players = table.as_ref().map_or(1, |t| t.m.players());
        self.seed_text = s.seed.to_string();
        self.current = Some(Game {
            info: s.info,
            components: c,
            game,
        });
        self.after_move();
        self.passing.clear();
        self.position = Some(Box::new(s.opened));
        // the computer players act until the user's decision, off the UI
        // thread
        let think = match table {
            Some(t) => self.think_on(t, super::table::Why::Answer),
            None => {
                self.table = None;
                self.thinking = None;
                Action::None
            }
        };
        think.and(Action::Notice(note))
    }
}
