//! A moment of a game as plain data, for the playtest screen and the CLI:
//! every game draws itself into the same [`Snapshot`].

use serde::Serialize;

use super::record::{Outcome, Seat, TurnUnit};
use super::zones::{ZoneId, Zones};
use crate::model::GameId;

/// Who may look at a card's face where it lies (the rulebook's hidden
/// information): the one mechanism every view and log goes through.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Secrecy {
    /// Face up on the table: everyone.
    Open,
    /// Its owner only: a hand, a card set face down.
    Owner,
    /// Nobody: a deck.
    Nobody,
}

/// Who is looking: one seat, or everything (a referee, a test).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Viewer {
    Seat(u8),
    All,
}

impl Viewer {
    /// Whether this viewer sees a card of `owner` under `secrecy`.
    pub fn sees(self, secrecy: Secrecy, owner: usize) -> bool {
        match (self, secrecy) {
            (Viewer::All, _) | (_, Secrecy::Open) => true,
            (Viewer::Seat(v), Secrecy::Owner) => usize::from(v) == owner,
            (Viewer::Seat(_), Secrecy::Nobody) => false,
        }
    }

    /// `"a"`, `"b"` (Strange World: to `"d"`) or `"all"`.
    pub fn parse(s: &str) -> Option<Viewer> {
        match s {
            "a" => Some(Viewer::Seat(0)),
            "b" => Some(Viewer::Seat(1)),
            "c" => Some(Viewer::Seat(2)),
            "d" => Some(Viewer::Seat(3)),
            "all" => Some(Viewer::All),
            _ => None,
        }
    }
}

/// One card as the playtest screen shows it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CardView {
    /// The copy id: what actions name.
    pub copy: u16,
    pub name: String,
    /// Short state words: "sick", "exhausted", "attacked", "HP 4/6", "slot 2"...
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<String>,
    /// Turned sideways on the table: Dice of Destiny's sick or attacked
    /// creatures, Bizarre World's exhausted cards (how the rulebooks say
    /// a spent card lies).
    #[serde(skip_serializing_if = "std::ops::Not::not", default)]
    pub sideways: bool,
    /// The card this one lies on (a Fuzzycards Equip Relic on its Hero):
    /// the table draws it tucked under its host.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub attached_to: Option<u16>,
    /// Lies face down and player 0 does not know it (Rizontical's Trigger
    /// Powers the other player set): `name` says only what it is.
    #[serde(skip_serializing_if = "std::ops::Not::not", default)]
    pub face_down: bool,
}

impl CardView {
    /// A card with its state words, upright and on its own.
    pub fn new(copy: u16, name: impl Into<String>, tags: Vec<String>) -> CardView {
        CardView {
            copy,
            name: name.into(),
            tags,
            sideways: false,
            attached_to: None,
            face_down: false,
        }
    }
}

/// One zone as the screen shows it. Hidden zones (a deck, the opponent's
/// hand) list no cards.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ZoneView {
    pub zone: &'static str,
    /// Whose zone it is: 0 the deck under test, 1 its opponent.
    pub player: u8,
    pub count: usize,
    pub hidden: bool,
    pub cards: Vec<CardView>,
}

/// A piece on a board (Rizontical's 8x8 grid).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PieceView {
    /// The Fighter's copy id (what actions name).
    pub copy: u16,
    pub name: String,
    pub row: u8,
    pub col: u8,
    /// `true` for player 0's pieces.
    pub ally: bool,
    pub hp: i32,
    pub max_hp: i32,
    /// The ally whose turn it is (Rizontical's current timeline slot): the
    /// one that moves, hits, pushes and uses skills.
    pub acting: bool,
}

/// A die on the table (Dice of Destiny's attack roll).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct DieView {
    /// The attacker that rolled it (a copy id).
    pub attacker: u16,
    pub value: u8,
    /// Even: a hit.
    pub hit: bool,
    /// Stopped by a blocker.
    pub blocked: bool,
}

/// Everything a playtest screen needs to draw one moment of a game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Snapshot {
    pub game: GameId,
    pub seed: u64,
    pub seat: Seat,
    pub turn: u16,
    pub turn_unit: TurnUnit,
    /// The phase or step, in the rulebook's words.
    pub phase: String,
    /// What the phase means, in one line for a new player.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub phase_help: String,
    /// The player whose decision it is.
    pub to_act: u8,
    /// Named numbers: energy, life, opponent life, AP, attack...
    pub counters: Vec<(String, i64)>,
    pub zones: Vec<ZoneView>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub board: Vec<PieceView>,
    /// Dice on the table: the roll being made, else the last one.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub dice: Vec<DieView>,
    pub outcome: Option<Outcome>,
    /// How the table lays out one player's side ([`Layout`]).
    #[serde(skip)]
    pub layout: Layout,
}

/// How a table draws a zone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// Its cards side by side (a hand shares the table's width).
    Cards,
    /// A fixed number of slots, empty ones drawn empty (more cards than
    /// slots: the slots grow).
    Slots(usize),
    /// A pile: the back (or the top card) and the count.
    Pile,
    /// Cards side by side where cards are played (a battlefield): when
    /// empty, a card-sized place to drop one on.
    Area,
}

/// One zone of a side, as the table places it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    pub zone: &'static str,
    pub shape: Shape,
}

/// A place on the table: `zone` drawn as `shape`.
pub const fn at(zone: &'static str, shape: Shape) -> Place {
    Place { zone, shape }
}

/// One player's side of a game's table, line by line from the middle of
/// the table outwards, as its rulebook lays it out (each game's `view.rs`
/// says its own). Zones a game has that are not placed are added, one line
/// each, after these.
pub type Layout = &'static [&'static [Place]];

/// A game added as data: what its setup deals.
pub const DEALT_LAYOUT: Layout = &[
    &[at("Set aside", Shape::Cards)],
    &[at("Hand", Shape::Cards), at("Deck", Shape::Pile)],
];

/// What a legal move belongs to, for a screen: the card it plays, moves or
/// uses, or a pile (Rizontical's Deploy of the Fighter deck's top card).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Mover {
    Card(u16),
    Pile(&'static str),
}

/// Where a legal move takes its card: a zone (by the game's zone name, of
/// player 0 or 1), another card (an Equip Relic's Hero, an attack's
/// target), or a cell of a board (`row * 8 + column`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Onto {
    Zone(u8, &'static str),
    Card(u16),
    Cell(u8),
}

/// Every zone as the screen shows it; zones `hidden` says are hidden show
/// only their count.
pub fn zone_views<Z: ZoneId>(
    zones: &Zones<Z>,
    hidden: impl Fn(Z) -> bool,
    view: impl Fn(u16) -> CardView,
) -> Vec<ZoneView> {
    Z::all()
        .map(|z| {
            let hidden = hidden(z);
            ZoneView {
                zone: z.name(),
                player: z.player() as u8,
                count: zones.len(z),
                hidden,
                cards: if hidden {
                    Vec::new()
                } else {
                    zones.get(z).iter().map(|&c| view(c)).collect()
                },
            }
        })
        .collect()
}
