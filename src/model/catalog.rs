//! A catalog: one game's set of cards, as one TOML file holds them.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::card::name_key;
use super::{Card, GameId};

/// A loaded catalog. Card order is the file's order.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Catalog {
    pub game: GameId,
    pub name: String,
    /// Default card back for printing, relative to [`Catalog::base_dir`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub back: Option<String>,
    /// Card size in millimetres (width, height) when it differs from the game's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub card_size: Option<(f64, f64)>,
    pub cards: Vec<Card>,
    /// The folder image paths are relative to (the catalog file's folder).
    #[serde(skip)]
    pub base_dir: Option<PathBuf>,
}

impl Catalog {
    pub fn new(game: GameId, name: impl Into<String>) -> Catalog {
        Catalog {
            game,
            name: name.into(),
            back: None,
            card_size: None,
            cards: Vec::new(),
            base_dir: None,
        }
    }

    pub fn card(&self, id: &str) -> Option<&Card> {
        self.cards.iter().find(|c| c.id == id)
    }

    /// Resolves a path written in the catalog (image, back) against its folder.
    pub fn resolve_path(&self, rel: &str) -> PathBuf {
        match &self.base_dir {
            Some(dir) => dir.join(rel),
            None => Path::new(rel).to_path_buf(),
        }
    }

    /// An index from folded names to card positions, for resolving deck lists.
    pub fn name_index(&self) -> NameIndex {
        let mut by_name: HashMap<String, Vec<usize>> = HashMap::with_capacity(self.cards.len());
        let mut by_id: HashMap<String, usize> = HashMap::with_capacity(self.cards.len());
        for (i, c) in self.cards.iter().enumerate() {
            by_name.entry(c.name_key()).or_default().push(i);
            by_id.insert(c.id.to_lowercase(), i);
        }
        NameIndex { by_name, by_id }
    }
}

/// Folded name → card positions, and id → position.
#[derive(Clone, Debug, Default)]
pub struct NameIndex {
    by_name: HashMap<String, Vec<usize>>,
    by_id: HashMap<String, usize>,
}

impl NameIndex {
    /// Every card with this name (case and spacing ignored).
    pub fn named(&self, name: &str) -> &[usize] {
        self.by_name.get(&name_key(name)).map_or(&[], Vec::as_slice)
    }

    pub fn by_id(&self, id: &str) -> Option<usize> {
        self.by_id.get(&id.trim().to_lowercase()).copied()
    }
}
