//! The vocabulary of a Strange World game: what it waits for ([`Phase`]),
//! what a player does ([`Action`]), what happens ([`Event`], [`Flip`]) and
//! why an action is refused ([`IllegalMove`], quoting the rule). Shared by the
//! solo game and the multiplayer match.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::world::{Pos, Side};

/// What the game waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "phase", rename_all = "kebab-case")]
pub enum Phase {
    /// Take one of the stacks left.
    ChooseStack,
    /// Place a card of the stack in hand.
    Place,
    /// A portal was completed by the card on `card` with the one on
    /// `partner`: welcome a Traveller ([`Action::Welcome`]) or not
    /// ([`Action::Decline`]).
    Welcome { card: Pos, partner: Pos },
    /// The Volcano on `volcano` covers one of its neighbours ([`Action::Erupt`]).
    Erupt { volcano: Pos },
    /// The new Fumarole on `fumarole` touches several free Fumaroles: pick the
    /// one the Dark City joins it with ([`Action::Join`]).
    JoinCity { fumarole: Pos },
    /// The World is complete.
    Finished,
}

impl Phase {
    pub(crate) fn describe(self) -> &'static str {
        match self {
            Phase::ChooseStack => "choose a stack",
            Phase::Place => "place a card",
            Phase::Welcome { .. } => "welcome a Traveller or decline",
            Phase::Erupt { .. } => "choose the card the Fumarole covers",
            Phase::JoinCity { .. } => "choose the Fumarole the Dark City joins",
            Phase::Finished => "nothing: the World is complete",
        }
    }
}

/// A player's decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "kebab-case")]
pub enum Action {
    /// Take stack `stack` (0-based).
    TakeStack { stack: u8 },
    /// Place `card` (an index into [`Components::lands`]) from the hand on `at`.
    Place { card: u8, at: Pos },
    /// Welcome Traveller `traveller` (an index into [`Components::travellers`])
    /// on `side`, over board rows `upper` and `upper + 1` (row -1 and row
    /// 7 lie off the board: see [`Welcomed::upper`](super::world::Welcomed)).
    Welcome {
        traveller: u8,
        side: Side,
        upper: i8,
    },
    /// Welcome no Traveller through this portal.
    Decline,
    /// Cover the card on `at` with a Fumarole.
    Erupt { at: Pos },
    /// Build the Dark City between the new Fumarole and the one on `with`.
    Join { with: Pos },
}

/// Why a card was turned Tzimime side up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Flip {
    /// A lake next to a face-up lake.
    Lake,
    /// A swamp in a row that already shows one.
    Swamp,
    /// A watcher placed outside the top row.
    Watcher,
    /// A watcher left out of the top row by a card placed in a new row above.
    WatcherDemoted,
    /// A portal half next to a card already used by a completed portal.
    PortalReuse,
    /// A Volcano with no neighbour a Fumarole may cover.
    VolcanoNoCover,
}

impl Flip {
    /// The rule, quoted from the rulebook.
    pub fn rule(self) -> &'static str {
        match self {
            Flip::Lake => {
                "\"As soon as you place a card next to another card: immediately flip this card Tzimimes face up so that there are no 2 cards adjacent\" (lakes, p.10)"
            }
            Flip::Swamp => {
                "\"As soon as you place a card in a row that already has a card: immediately flip this card Tzimimes face up so that there are no 2 cards in the same row\" (swamps, p.10)"
            }
            Flip::Watcher => {
                "\"as soon as you place a card in a row in your World other than the upper row, immediately flip the involved cards\" (watchers, p.10)"
            }
            Flip::WatcherDemoted => {
                "\"As soon as you place a card in a row above one or several cards ... immediately flip the involved cards\" (watchers, p.10)"
            }
            Flip::PortalReuse => {
                "\"A card that has been involved in the creation of a Dimensional Portal cannot be involved in the creation of a second one\" (p.10)"
            }
            Flip::VolcanoNoCover => {
                "\"You must place a Volcano card next to an adjacent Land card that may be covered by a Fumarole card. If this is impossible, flip the card\" (p.8)"
            }
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Flip::Lake => "lake",
            Flip::Swamp => "swamp",
            Flip::Watcher => "watcher",
            Flip::WatcherDemoted => "watcher-demoted",
            Flip::PortalReuse => "portal-reuse",
            Flip::VolcanoNoCover => "volcano-no-cover",
        }
    }
}

/// What happened, for logs and the board screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum Event {
    StackTaken {
        stack: u8,
        top: u8,
    },
    Placed {
        card: u8,
        at: Pos,
    },
    Flipped {
        card: u8,
        at: Pos,
        cause: Flip,
    },
    /// A card of the stack in hand is turned face up.
    Revealed {
        card: u8,
    },
    PortalCompleted {
        a: Pos,
        b: Pos,
    },
    TravellerWelcomed {
        traveller: u8,
        side: Side,
        upper: i8,
    },
    Covered {
        card: u8,
        at: Pos,
    },
    DarkCity {
        stars: u8,
        a: Pos,
        b: Pos,
    },
    Finished {
        total: u32,
    },
}

/// Where events go: a `Vec<Event>` keeps them, `()` drops them (the players'
/// search loops).
pub trait Events {
    fn push(&mut self, e: Event);
}

impl Events for Vec<Event> {
    fn push(&mut self, e: Event) {
        Vec::push(self, e);
    }
}

impl Events for () {
    #[inline]
    fn push(&mut self, _: Event) {}
}

/// A refused action, with the rule it breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum IllegalMove {
    /// The action does not answer what the game waits for.
    WrongPhase {
        expected: &'static str,
    },
    NoSuchStack,
    StackTaken,
    NotInHand,
    TopCardFirst,
    Occupied,
    NotAdjacent,
    OutsideSquare,
    BeyondTraveller,
    NotOffered,
    TravellerSide,
    TravellerRows,
    /// Option `traveller_rows_in_square`: a row outside the 4×4 square.
    TravellerRowsOutsideSquare,
    NotNextToVolcano,
    CoverFumarole,
    NotAFreeFumarole,
    /// A Volcano placed where it cannot erupt while another open cell would
    /// let it.
    VolcanoMustErupt,
}

impl IllegalMove {
    /// The rule, quoted from the rulebook.
    pub fn rule(self) -> &'static str {
        match self {
            IllegalMove::WrongPhase { .. } => {
                "\"Each turn, pick 1 of the available stacks. Put the face up card in your play area, then reveal the 2 other cards and place them in the order of your choice\" (p.11)"
            }
            IllegalMove::NoSuchStack | IllegalMove::StackTaken => {
                "\"Each turn, pick 1 of the available stacks\" (p.11)"
            }
            IllegalMove::NotInHand | IllegalMove::TopCardFirst => {
                "\"Put the face up card in your play area, then reveal the 2 other cards and place them in the order of your choice\" (p.11)"
            }
            IllegalMove::Occupied | IllegalMove::NotAdjacent => {
                "\"play a Land card, face up, orthogonally adjacent to any cards already placed in front of you\" (p.3)"
            }
            IllegalMove::OutsideSquare => {
                "\"while respecting the play restriction: creating a 4 by 4 cards square\" (p.3)"
            }
            IllegalMove::BeyondTraveller => {
                "\"The Traveller card limits a side of your World ... you cannot extend your World beyond the Traveller card\" (p.7)"
            }
            IllegalMove::NotOffered => {
                "\"you may immediately take a Traveller card from amongst the ones available\" (p.7)"
            }
            IllegalMove::TravellerSide => {
                "\"All the Travellers must be placed on the same side of your play area as the first Traveller\" (p.7)"
            }
            IllegalMove::TravellerRows | IllegalMove::TravellerRowsOutsideSquare => {
                "\"place it at the end of the line where the Portal is, either on the left side or the right side overlapping the row above or below\" (p.7)"
            }
            IllegalMove::NotNextToVolcano => {
                "\"take a Fumarole card and cover one of the adjacent cards to the Volcano you have just placed\" (p.8)"
            }
            IllegalMove::CoverFumarole => {
                "\"a Fumarole card can never cover another Fumarole card\" (p.8)"
            }
            IllegalMove::VolcanoMustErupt => {
                "\"You must place a Volcano card next to an adjacent Land card that may be covered by a Fumarole card. If this is impossible, flip the card\" (p.8)"
            }
            IllegalMove::NotAFreeFumarole => {
                "\"A Fumarole card cannot be part of the creation of several Dark Cities\" (p.9)"
            }
        }
    }

    fn summary(self) -> &'static str {
        match self {
            IllegalMove::WrongPhase { .. } => "that is not the decision the game waits for",
            IllegalMove::NoSuchStack => "there is no such stack",
            IllegalMove::StackTaken => "that stack was already taken",
            IllegalMove::NotInHand => "that card is not in hand",
            IllegalMove::TopCardFirst => "the stack's revealed card must be placed first",
            IllegalMove::Occupied => "that cell already holds a card",
            IllegalMove::NotAdjacent => "the card must touch a card of the World",
            IllegalMove::OutsideSquare => "the World would no longer fit a 4x4 square",
            IllegalMove::BeyondTraveller => "the cell lies beyond a Traveller",
            IllegalMove::NotOffered => "that Traveller is not available",
            IllegalMove::TravellerSide => "the Travellers are on the other side",
            IllegalMove::TravellerRows => {
                "the Traveller's two rows must be the portal's row and the row above or below it"
            }
            IllegalMove::TravellerRowsOutsideSquare => {
                "the Traveller's two rows must fit the 4x4 square (option traveller_rows_in_square)"
            }
            IllegalMove::NotNextToVolcano => "the Fumarole must cover a card next to the Volcano",
            IllegalMove::CoverFumarole => "that card is already covered by a Fumarole",
            IllegalMove::NotAFreeFumarole => {
                "the Dark City needs a free Fumarole next to the new one"
            }
            IllegalMove::VolcanoMustErupt => {
                "a Volcano must go where it can cover a neighbour with a Fumarole while such a cell is open"
            }
        }
    }
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalMove::WrongPhase { expected } => write!(
                f,
                "{}: the game waits for you to {expected}; rule: {}",
                self.summary(),
                self.rule()
            ),
            _ => write!(f, "{}; rule: {}", self.summary(), self.rule()),
        }
    }
}

impl std::error::Error for IllegalMove {}
