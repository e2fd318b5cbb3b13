//! One API over the four playable games: [`Engine`] (a deck compiled for its
//! game's engine) and [`Session`] (one game a person plays by hand).
//!
//! The CLI and the app's Playtest screen call only this module: they never
//! match on games themselves. A session deals, then takes typed actions the
//! engine validates against costs and zones ([`Session::apply`]); it lists the
//! legal actions with labels, suggests the goldfish policy's choice
//! ([`Session::hint`]), can let the policy finish the turn, keeps an undo
//! history, and draws itself as plain data ([`Session::snapshot`]).

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::bizarre::BizarreWorld;
use super::dice::DiceOfDestiny;
use super::fuzzycards::Fuzzycards;
use super::rizontical::Rizontical;
use super::sim::{
    DEFAULT_MAX_TURNS, Illegal, MAX_TURNS_LIMIT, Outcome, Seat, Sim, Snapshot, render_note,
};
use super::table::Vanilla;
use super::{DeckCards, DeckError, compile};
use crate::games::OptionError;
use crate::model::{Catalog, Deck, GameId};

/// What the caller chooses beyond the deck.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineOptions {
    /// `--option key=value` overrides of the game's named options.
    pub overrides: Vec<(String, String)>,
    /// Goldfish games stop (unfinished) after this many turns (rounds).
    pub max_turns: u16,
    /// Rizontical: catalog Fighters the dummy opponent fields (by name).
    pub dummies: Vec<String>,
}

impl Default for EngineOptions {
    fn default() -> EngineOptions {
        EngineOptions {
            overrides: Vec::new(),
            max_turns: DEFAULT_MAX_TURNS,
            dummies: Vec::new(),
        }
    }
}

/// Why a deck cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EngineError {
    #[error("{}", crate::games::game(*.0).no_engine())]
    NotPlayable(GameId),
    #[error(transparent)]
    Deck(#[from] DeckError),
    #[error(transparent)]
    Option(#[from] OptionError),
    #[error("{0}")]
    Setup(String),
}

/// A deck compiled for its game's engine.
#[derive(Clone, Debug)]
pub enum Engine {
    Fuzzycards(Arc<Fuzzycards>),
    DiceOfDestiny(Arc<DiceOfDestiny>),
    BizarreWorld(Arc<BizarreWorld>),
    Rizontical(Arc<Rizontical>),
}

/// Runs `$body` with `$s` bound to the game's sim.
macro_rules! with_sim {
    ($engine:expr, $s:ident => $body:expr) => {
        match $engine {
            Engine::Fuzzycards($s) => $body,
            Engine::DiceOfDestiny($s) => $body,
            Engine::BizarreWorld($s) => $body,
            Engine::Rizontical($s) => $body,
        }
    };
}
pub(crate) use with_sim;

impl Engine {
    /// Compiles `deck` for `catalog`'s game.
    pub fn new(
        catalog: &Catalog,
        deck: &Deck,
        opts: &EngineOptions,
    ) -> Result<Engine, EngineError> {
        if catalog.game == GameId::StrangeWorld {
            return Err(EngineError::NotPlayable(catalog.game));
        }
        let cards = compile(catalog, deck)?;
        Engine::from_cards(catalog, &cards, opts)
    }

    /// As [`Engine::new`], for an already compiled deck.
    pub fn from_cards(
        catalog: &Catalog,
        cards: &DeckCards,
        opts: &EngineOptions,
    ) -> Result<Engine, EngineError> {
        if opts.max_turns == 0 || opts.max_turns > MAX_TURNS_LIMIT {
            return Err(EngineError::Setup(format!(
                "the turn limit must be between 1 and {MAX_TURNS_LIMIT} (got {})",
                opts.max_turns
            )));
        }
        if !opts.dummies.is_empty() && catalog.game != GameId::Rizontical {
            return Err(EngineError::Setup(
                "dummy Fighters are for Rizontical only".into(),
            ));
        }
        let o = &opts.overrides;
        let t = opts.max_turns;
        Ok(match catalog.game {
            GameId::Fuzzycards => Engine::Fuzzycards(Arc::new(Fuzzycards::new(
                catalog,
                cards,
                super::fuzzycards::Options::read(o)?,
                t,
            ))),
            GameId::DiceOfDestiny => Engine::DiceOfDestiny(Arc::new(DiceOfDestiny::new(
                catalog,
                cards,
                super::dice::Options::read(o)?,
                t,
            ))),
            GameId::BizarreWorld => Engine::BizarreWorld(Arc::new(
                BizarreWorld::new(catalog, cards, super::bizarre::Options::read(o)?, t)
                    .map_err(EngineError::Setup)?,
            )),
            GameId::Rizontical => {
                let index = catalog.name_index();
                let mut dummies = Vec::new();
                for name in &opts.dummies {
                    let card = match index.named(name) {
                        [i] => &catalog.cards[*i],
                        [] => {
                            return Err(EngineError::Setup(format!(
                                "dummy Fighter \"{name}\" is not in catalog \"{}\"",
                                catalog.name
                            )));
                        }
                        _ => {
                            return Err(EngineError::Setup(format!(
                                "dummy Fighter \"{name}\" names several cards"
                            )));
                        }
                    };
                    if card.card_type != "fighter" {
                        return Err(EngineError::Setup(format!(
                            "dummy \"{name}\" is a {}, not a Fighter",
                            card.card_type
                        )));
                    }
                    dummies.push(card);
                }
                Engine::Rizontical(Arc::new(
                    Rizontical::new(
                        catalog,
                        cards,
                        super::rizontical::Options::read(o)?,
                        t,
                        &dummies,
                    )
                    .map_err(EngineError::Setup)?,
                ))
            }
            _ => return Err(EngineError::NotPlayable(catalog.game)),
        })
    }

    pub fn game(&self) -> GameId {
        match self {
            Engine::Fuzzycards(_) => GameId::Fuzzycards,
            Engine::DiceOfDestiny(_) => GameId::DiceOfDestiny,
            Engine::BizarreWorld(_) => GameId::BizarreWorld,
            Engine::Rizontical(_) => GameId::Rizontical,
        }
    }

    /// Cards the engine plays (partly) as vanilla.
    pub fn vanilla(&self) -> Vec<Vanilla> {
        with_sim!(self, s => s.table.vanilla())
    }

    /// The distinct cards of the deck: (definition index, name, copies).
    pub fn distinct(&self) -> Vec<(u16, String, usize)> {
        with_sim!(self, s => s.table.distinct().into_iter().map(|d| (d, s.table.names[usize::from(d)].clone(), s.table.count(d))).collect())
    }

    pub fn copies(&self) -> usize {
        with_sim!(self, s => s.table.copies())
    }

    /// The deck with one copy of definition `def` replaced by a blank card
    /// (card importance).
    pub fn without_one(&self, def: u16) -> Engine {
        match self {
            Engine::Fuzzycards(s) => {
                Engine::Fuzzycards(Arc::new(s.with_deck(s.table.deck_without_one(def))))
            }
            Engine::DiceOfDestiny(s) => {
                Engine::DiceOfDestiny(Arc::new(s.with_deck(s.table.deck_without_one(def))))
            }
            Engine::BizarreWorld(s) => {
                Engine::BizarreWorld(Arc::new(s.with_deck(s.table.deck_without_one(def))))
            }
            Engine::Rizontical(s) => Engine::Rizontical(Arc::new(s.without_one(def))),
        }
    }

    /// A new game dealt and started: the first decision is the player's.
    pub fn session(&self, seed: u64, seat: Seat) -> Session {
        match self {
            Engine::Fuzzycards(s) => Session::Fuzzycards(Play::new(s.clone(), seed, seat)),
            Engine::DiceOfDestiny(s) => Session::DiceOfDestiny(Play::new(s.clone(), seed, seat)),
            Engine::BizarreWorld(s) => Session::BizarreWorld(Play::new(s.clone(), seed, seat)),
            Engine::Rizontical(s) => Session::Rizontical(Play::new(s.clone(), seed, seat)),
        }
    }
}

/// One game of one engine, with its undo history.
#[derive(Clone, Debug)]
pub struct Play<S: Sim> {
    pub sim: Arc<S>,
    pub state: S::State,
    history: Vec<S::State>,
}

/// The most undo steps a session keeps.
pub const UNDO_LIMIT: usize = 500;

impl<S: Sim> Play<S> {
    fn new(sim: Arc<S>, seed: u64, seat: Seat) -> Play<S> {
        let mut state = sim.new_state();
        sim.log_mut(&mut state).on = true;
        sim.start(&mut state, seed, seat);
        Play {
            sim,
            state,
            history: Vec::new(),
        }
    }

    /// Applies `a`; an illegal action leaves the game exactly as it was.
    fn apply(&mut self, a: S::Action) -> Result<(), Illegal> {
        let before = self.state.clone();
        if let Err(e) = self.sim.apply(&mut self.state, a) {
            self.state = before;
            return Err(e);
        }
        if self.history.len() == UNDO_LIMIT {
            self.history.remove(0);
        }
        self.history.push(before);
        Ok(())
    }

    fn choices(&self) -> Vec<Choice<S::Action>> {
        let mut out = Vec::new();
        self.sim.legal_actions(&self.state, &mut out);
        out.into_iter()
            .map(|action| Choice {
                label: self.sim.describe(&self.state, action),
                action,
            })
            .collect()
    }

    /// Lets the policy act until the turn number changes or the game ends.
    fn finish_turn(&mut self) -> Result<(), Illegal> {
        let turn = self.sim.snapshot(&self.state).turn;
        let mut guard = 0;
        while self.sim.outcome(&self.state).is_none() && self.sim.snapshot(&self.state).turn == turn
        {
            let a = self.sim.policy(&self.state);
            self.apply(a)?;
            guard += 1;
            if guard > 10_000 {
                return Err(Illegal::new(
                    "loop guard",
                    "the policy did not end the turn",
                ));
            }
        }
        Ok(())
    }
}

/// An action and its label, for a button.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Choice<A> {
    pub action: A,
    pub label: String,
}

/// A typed action of any game (what [`Session::apply`] takes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "game", content = "action", rename_all = "kebab-case")]
pub enum AnyAction {
    Fuzzycards(super::fuzzycards::Action),
    DiceOfDestiny(super::dice::Action),
    BizarreWorld(super::bizarre::Action),
    Rizontical(super::rizontical::Action),
}

/// One game played by hand (the Playtest screen's state).
#[derive(Clone, Debug)]
pub enum Session {
    Fuzzycards(Play<Fuzzycards>),
    DiceOfDestiny(Play<DiceOfDestiny>),
    BizarreWorld(Play<BizarreWorld>),
    Rizontical(Play<Rizontical>),
}

macro_rules! with_play {
    ($session:expr, $p:ident => $body:expr) => {
        match $session {
            Session::Fuzzycards($p) => $body,
            Session::DiceOfDestiny($p) => $body,
            Session::BizarreWorld($p) => $body,
            Session::Rizontical($p) => $body,
        }
    };
}

impl Session {
    /// The game as plain data.
    pub fn snapshot(&self) -> Snapshot {
        with_play!(self, p => p.sim.snapshot(&p.state))
    }

    /// Every legal action now, with labels.
    pub fn choices(&self) -> Vec<Choice<AnyAction>> {
        match self {
            Session::Fuzzycards(p) => wrap(p.choices(), AnyAction::Fuzzycards),
            Session::DiceOfDestiny(p) => wrap(p.choices(), AnyAction::DiceOfDestiny),
            Session::BizarreWorld(p) => wrap(p.choices(), AnyAction::BizarreWorld),
            Session::Rizontical(p) => wrap(p.choices(), AnyAction::Rizontical),
        }
    }

    /// Validates and performs an action; an illegal one changes nothing.
    pub fn apply(&mut self, action: AnyAction) -> Result<(), Illegal> {
        match (self, action) {
            (Session::Fuzzycards(p), AnyAction::Fuzzycards(a)) => p.apply(a),
            (Session::DiceOfDestiny(p), AnyAction::DiceOfDestiny(a)) => p.apply(a),
            (Session::BizarreWorld(p), AnyAction::BizarreWorld(a)) => p.apply(a),
            (Session::Rizontical(p), AnyAction::Rizontical(a)) => p.apply(a),
            _ => Err(Illegal::new(
                "wrong game",
                "that action belongs to another game",
            )),
        }
    }

    /// What the goldfish policy would do now.
    pub fn hint(&self) -> Option<Choice<AnyAction>> {
        if self.outcome().is_some() {
            return None;
        }
        Some(match self {
            Session::Fuzzycards(p) => hint(p, AnyAction::Fuzzycards),
            Session::DiceOfDestiny(p) => hint(p, AnyAction::DiceOfDestiny),
            Session::BizarreWorld(p) => hint(p, AnyAction::BizarreWorld),
            Session::Rizontical(p) => hint(p, AnyAction::Rizontical),
        })
    }

    /// Lets the policy play the rest of the current turn.
    pub fn finish_turn(&mut self) -> Result<(), Illegal> {
        with_play!(self, p => p.finish_turn())
    }

    /// Takes back the last action; `false` when there is nothing to undo.
    pub fn undo(&mut self) -> bool {
        with_play!(self, p => match p.history.pop() {
            Some(s) => {
                p.state = s;
                true
            }
            None => false,
        })
    }

    pub fn outcome(&self) -> Option<Outcome> {
        with_play!(self, p => p.sim.outcome(&p.state))
    }

    /// The game log, one line per event.
    pub fn log(&self) -> Vec<String> {
        with_play!(self, p => p.sim.log(&p.state).notes.iter().map(|n| render_note(p.sim.as_ref(), n)).collect())
    }

    /// Card conservation and the game's invariants (for tests and debugging).
    pub fn check(&self) -> Result<(), String> {
        with_play!(self, p => p.sim.check(&p.state))
    }
}

fn wrap<A>(choices: Vec<Choice<A>>, f: fn(A) -> AnyAction) -> Vec<Choice<AnyAction>> {
    choices
        .into_iter()
        .map(|c| Choice {
            action: f(c.action),
            label: c.label,
        })
        .collect()
}

fn hint<S: Sim>(p: &Play<S>, f: fn(S::Action) -> AnyAction) -> Choice<AnyAction> {
    let a = p.sim.policy(&p.state);
    Choice {
        label: p.sim.describe(&p.state, a),
        action: f(a),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Card, DeckEntry, FieldValue};

    fn dice_catalog() -> (Catalog, Deck) {
        let mut cat = Catalog::new(GameId::DiceOfDestiny, "t");
        let mut c = Card::new("Chicken", "creature");
        c.fields
            .insert("colour".into(), FieldValue::Text("red".into()));
        cat.cards.push(c);
        let deck = Deck {
            name: "d".into(),
            game: None,
            entries: vec![DeckEntry::new(30, "Chicken")],
            ..Deck::default()
        };
        (cat, deck)
    }

    #[test]
    fn a_session_plays_validates_and_undoes() {
        let (cat, deck) = dice_catalog();
        let e = Engine::new(&cat, &deck, &EngineOptions::default()).unwrap();
        let mut s = e.session(11, Seat::First);
        let snap = s.snapshot();
        assert_eq!(
            snap.zones.iter().find(|z| z.zone == "Hand").unwrap().count,
            6
        );
        let choices = s.choices();
        assert!(choices.iter().any(|c| c.label == "Play Chicken"));
        let hint = s.hint().unwrap();
        s.apply(hint.action).unwrap();
        assert!(s.undo());
        assert_eq!(s.snapshot(), snap);
        let wrong = AnyAction::Fuzzycards(super::super::fuzzycards::Action::Next);
        assert_eq!(s.apply(wrong).unwrap_err().rule, "wrong game");
        s.finish_turn().unwrap();
        assert!(s.snapshot().turn >= 2 || s.outcome().is_some());
        assert!(
            s.log()
                .iter()
                .any(|l| l.starts_with("turn 1: play Chicken"))
        );
        s.check().unwrap();
    }

    #[test]
    fn strange_world_is_refused() {
        let cat = Catalog::new(GameId::StrangeWorld, "sw");
        let e = Engine::new(&cat, &Deck::default(), &EngineOptions::default()).unwrap_err();
        assert!(e.to_string().contains("deckwright solo"), "{e}");
    }

    #[test]
    fn options_and_dummies_are_checked() {
        let (cat, deck) = dice_catalog();
        let bad = EngineOptions {
            overrides: vec![("nope".into(), "1".into())],
            ..EngineOptions::default()
        };
        assert!(
            Engine::new(&cat, &deck, &bad)
                .unwrap_err()
                .to_string()
                .contains("unknown option `nope`")
        );
        let dummies = EngineOptions {
            dummies: vec!["X".into()],
            ..EngineOptions::default()
        };
        assert!(Engine::new(&cat, &deck, &dummies).is_err());
    }
}
