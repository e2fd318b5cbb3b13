//! What the app remembers between runs: theme, window size, the last screen,
//! recent decks and the catalogs last looked at.
//!
//! This is the *stored* form (one JSON value under the [`KEY`] setting), kept
//! apart from the screens' own state. Unknown or missing keys fall back to
//! defaults, so older and newer versions of the app read each other's
//! settings; a value that does not parse at all is ignored rather than
//! stopping the app.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::store::{self, CatalogId, DeckId, Store};

/// The setting the preferences are stored under.
pub const KEY: &str = "gui.prefs";

/// How many decks the recent list keeps.
pub const RECENT_DECKS: usize = 8;

/// How many folders the in-app file chooser remembers.
pub const RECENT_FOLDERS: usize = 8;

/// The default window size, and the smallest one remembered.
pub const DEFAULT_WINDOW: (f32, f32) = (1280.0, 800.0);
const MIN_WINDOW: (f32, f32) = (640.0, 480.0);

/// Light, dark, or whatever the system uses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ThemeChoice {
    #[default]
    System,
    Light,
    Dark,
}

impl ThemeChoice {
    pub const ALL: [ThemeChoice; 3] = [ThemeChoice::System, ThemeChoice::Light, ThemeChoice::Dark];

    /// The iced theme; `None` lets iced follow the system's colour scheme.
    pub fn theme(self) -> Option<iced::Theme> {
        match self {
            ThemeChoice::System => None,
            ThemeChoice::Light => Some(iced::Theme::Light),
            ThemeChoice::Dark => Some(iced::Theme::Dark),
        }
    }
}

impl std::fmt::Display for ThemeChoice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            ThemeChoice::System => "System theme",
            ThemeChoice::Light => "Light",
            ThemeChoice::Dark => "Dark",
        })
    }
}

/// The app's screens, as the navigation lists them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ScreenId {
    #[default]
    Library,
    Decks,
    Collection,
    Playtest,
    Print,
    World,
    Matchups,
}

impl ScreenId {
    pub const ALL: [ScreenId; 7] = [
        ScreenId::Library,
        ScreenId::Decks,
        ScreenId::Collection,
        ScreenId::Playtest,
        ScreenId::Print,
        ScreenId::World,
        ScreenId::Matchups,
    ];

    pub fn label(self) -> &'static str {
        match self {
            ScreenId::Library => "Library",
            ScreenId::Decks => "Decks",
            ScreenId::Collection => "Collection",
            ScreenId::Playtest => "Playtest",
            ScreenId::Print => "Print",
            ScreenId::World => "World",
            ScreenId::Matchups => "Matchups",
        }
    }

    /// Screens that arrive with later issues: their place in the navigation
    /// is kept, but they cannot be opened yet.
    pub fn available(self) -> bool {
        // every screen is there since issues 4, 5 and 6; the check stays for
        // screens to come
        matches!(
            self,
            ScreenId::Library
                | ScreenId::Decks
                | ScreenId::Collection
                | ScreenId::Playtest
                | ScreenId::Print
                | ScreenId::World
                | ScreenId::Matchups
        )
    }

    /// The issue that brings a screen that is not there yet.
    pub fn arrives_with(self) -> Option<&'static str> {
        let _ = self;
        None
    }
}

/// The stored preferences.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Prefs {
    pub theme: ThemeChoice,
    /// Logical size of the main window.
    pub window: (f32, f32),
    pub screen: ScreenId,
    /// Most recent first.
    pub recent_decks: Vec<DeckId>,
    pub library_catalog: Option<CatalogId>,
    pub collection_catalog: Option<CatalogId>,
    /// Folders files were last picked in, most recent first (the in-app
    /// chooser lists them; both choosers start in the first).
    pub recent_folders: Vec<PathBuf>,
    /// Which file dialog the app uses.
    pub file_dialog: FileDialog,
}

/// Which file dialog the app uses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FileDialog {
    /// The desktop's own, and the in-app chooser when there is none.
    #[default]
    Desktop,
    /// Always the in-app chooser.
    InApp,
}

impl Default for Prefs {
    fn default() -> Prefs {
        Prefs {
            theme: ThemeChoice::System,
            window: DEFAULT_WINDOW,
            screen: ScreenId::Library,
            recent_decks: Vec::new(),
            library_catalog: None,
            collection_catalog: None,
            recent_folders: Vec::new(),
            file_dialog: FileDialog::Desktop,
        }
    }
}

impl Prefs {
    /// Reads the stored preferences; defaults when there are none or they do
    /// not parse.
    pub fn load(store: &Store) -> store::Result<Prefs> {
        Ok(store
            .setting(KEY)?
            .and_then(|json| serde_json::from_str::<Prefs>(&json).ok())
            .map(Prefs::sane)
            .unwrap_or_default())
    }

    /// Stores the preferences.
    pub fn save(&self, store: &mut Store) -> store::Result<()> {
        let json = serde_json::to_string(self).map_err(|e| store::StoreError::Invalid {
            what: "app preferences".into(),
            reason: e.to_string(),
        })?;
        store.set_setting(KEY, &json)
    }

    /// Puts `deck` first in the recent list.
    pub fn opened_deck(&mut self, deck: DeckId) {
        self.recent_decks.retain(|d| *d != deck);
        self.recent_decks.insert(0, deck);
        self.recent_decks.truncate(RECENT_DECKS);
    }

    /// Puts the folder of a picked path first in the recent folders.
    pub fn used_folder(&mut self, folder: &Path) {
        if folder.as_os_str().is_empty() {
            return;
        }
        self.recent_folders.retain(|f| f != folder);
        self.recent_folders.insert(0, folder.to_path_buf());
        self.recent_folders.truncate(RECENT_FOLDERS);
    }

    /// Forgets a deleted deck.
    pub fn forget_deck(&mut self, deck: DeckId) {
        self.recent_decks.retain(|d| *d != deck);
    }

    /// Remembers a window size, ignoring minimised or absurd ones.
    pub fn resized(&mut self, width: f32, height: f32) {
        if width.is_finite()
            && height.is_finite()
            && width >= MIN_WINDOW.0
            && height >= MIN_WINDOW.1
        {
            self.window = (width.round(), height.round());
        }
    }

    /// The preferences with catalogs and decks renumbered as an import of a
    /// whole export renumbered them ([`store::IdMap`]); ones the export did
    /// not have are forgotten.
    pub fn remapped(&self, ids: &store::IdMap) -> Prefs {
        Prefs {
            recent_decks: self
                .recent_decks
                .iter()
                .filter_map(|d| ids.deck(*d))
                .collect(),
            library_catalog: self.library_catalog.and_then(|c| ids.catalog(c)),
            collection_catalog: self.collection_catalog.and_then(|c| ids.catalog(c)),
            ..self.clone()
        }
    }

    /// Values another program may have stored out of range, brought back in.
    fn sane(mut self) -> Prefs {
        let (w, h) = self.window;
        if !(w.is_finite()
            && h.is_finite()
            && w >= MIN_WINDOW.0
            && h >= MIN_WINDOW.1
            && w <= 16384.0
            && h <= 16384.0)
        {
            self.window = DEFAULT_WINDOW;
        }
        if !self.screen.available() {
            self.screen = ScreenId::Library;
        }
        self.recent_decks.truncate(RECENT_DECKS);
        self.recent_folders.truncate(RECENT_FOLDERS);
        self
    }
}

/// A [`store::SettingRemap`] for the app's settings: the preferences name
/// catalogs and decks by row id, so an import that renumbers them rewrites
/// [`KEY`]. Other settings, unreadable preferences and preferences that do
/// not change are left as stored (`None`).
pub fn remap_ids(key: &str, value: &str, ids: &store::IdMap) -> Option<String> {
    // the games in progress name their catalog and decks too
    if key == crate::gui::screen::world::SAVED_KEY {
        return crate::gui::screen::world::remap_saved_ids(key, value, ids);
    }
    if key == crate::gui::screen::playtest::saved::KEY {
        return crate::gui::screen::playtest::saved::remap_ids(key, value, ids);
    }
    if key != KEY {
        return None;
    }
    let prefs: Prefs = serde_json::from_str(value).ok()?;
    let moved = prefs.remapped(ids);
    if moved == prefs {
        return None;
    }
    serde_json::to_string(&moved).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_through_the_settings_table() {
        let mut s = Store::open_in_memory().unwrap();
        assert_eq!(Prefs::load(&s).unwrap(), Prefs::default());
        let mut p = Prefs {
            theme: ThemeChoice::Dark,
            screen: ScreenId::Collection,
            ..Prefs::default()
        };
        p.resized(1000.4, 700.0);
        for d in 1..=10 {
            p.opened_deck(DeckId(d));
        }
        p.opened_deck(DeckId(5));
        p.save(&mut s).unwrap();
        let back = Prefs::load(&s).unwrap();
        assert_eq!(back, p);
        assert_eq!(back.window, (1000.0, 700.0));
        assert_eq!(back.recent_decks.len(), RECENT_DECKS);
        assert_eq!(back.recent_decks[0], DeckId(5));
        assert_eq!(back.recent_decks[1], DeckId(10));
    }

    #[test]
    fn bad_or_partial_settings_fall_back_to_defaults() {
        let mut s = Store::open_in_memory().unwrap();
        s.set_setting(KEY, "not json").unwrap();
        assert_eq!(Prefs::load(&s).unwrap(), Prefs::default());
        s.set_setting(
            KEY,
            r#"{"theme":"light","window":[10,10],"screen":"print","future":1}"#,
        )
        .unwrap();
        let p = Prefs::load(&s).unwrap();
        assert_eq!(p.theme, ThemeChoice::Light);
        assert_eq!(p.window, DEFAULT_WINDOW);
        // the Print screen opens since issue 4: it is remembered
        assert_eq!(p.screen, ScreenId::Print);
    }

    #[test]
    fn an_import_renumbers_the_remembered_ids() {
        let p = Prefs {
            recent_decks: vec![DeckId(3), DeckId(7), DeckId(9)],
            library_catalog: Some(CatalogId(2)),
            collection_catalog: Some(CatalogId(5)),
            ..Prefs::default()
        };
        let json = serde_json::to_string(&p).unwrap();
        let mut ids = store::IdMap::default();
        ids.catalogs.insert(2, CatalogId(2));
        ids.catalogs.insert(5, CatalogId(6));
        ids.decks.insert(3, DeckId(3));
        ids.decks.insert(7, DeckId(8));
        // deck 9 is not in the export: it is forgotten
        let moved: Prefs = serde_json::from_str(&remap_ids(KEY, &json, &ids).unwrap()).unwrap();
        assert_eq!(moved.recent_decks, [DeckId(3), DeckId(8)]);
        assert_eq!(moved.library_catalog, Some(CatalogId(2)));
        assert_eq!(moved.collection_catalog, Some(CatalogId(6)));
        // nothing moved, another key, or unreadable: stored as it is
        ids.catalogs.insert(5, CatalogId(5));
        ids.decks.insert(7, DeckId(7));
        ids.decks.insert(9, DeckId(9));
        assert_eq!(remap_ids(KEY, &json, &ids), None);
        assert_eq!(remap_ids("print", &json, &ids), None);
        assert_eq!(remap_ids(KEY, "not json", &ids), None);
        // the games in progress are rewritten by the same remap
        let game = crate::gui::screen::playtest::saved::SavedGame {
            deck: DeckId(7),
            seed: 3,
            seat: crate::engine::core::Seat::First,
            opponent: None,
            level: crate::engine::game::Level::Quick,
            moves: Vec::new(),
            steps: Vec::new(),
        };
        ids.decks.insert(7, DeckId(8));
        let key = crate::gui::screen::playtest::saved::KEY;
        let moved = remap_ids(key, &serde_json::to_string(&game).unwrap(), &ids).unwrap();
        assert!(moved.contains("\"deck\":8"), "{moved}");
    }

    #[test]
    fn recent_folders_keep_the_latest_first_once() {
        let mut p = Prefs::default();
        for i in 0..10 {
            p.used_folder(Path::new(&format!("/f{i}")));
        }
        p.used_folder(Path::new("/f5"));
        p.used_folder(Path::new(""));
        assert_eq!(p.recent_folders.len(), RECENT_FOLDERS);
        assert_eq!(p.recent_folders[0], Path::new("/f5"));
        assert_eq!(p.recent_folders[1], Path::new("/f9"));
        // stored and read back, with the chooser forced
        let mut s = Store::open_in_memory().unwrap();
        p.file_dialog = FileDialog::InApp;
        p.save(&mut s).unwrap();
        assert_eq!(Prefs::load(&s).unwrap(), p);
    }

    #[test]
    fn tiny_windows_are_not_remembered() {
        let mut p = Prefs::default();
        p.resized(0.0, 0.0);
        assert_eq!(p.window, DEFAULT_WINDOW);
    }
}
