//! Games added as data, without an engine of their own: their `[setup]`
//! deals (opening hand, the first player's skipped draw, draws per turn,
//! `hand_types`, the mulligan), so test hands, exact odds and the
//! playtest's draws work for any game without a line of Rust (issue 10).
//! There is nothing to play: a turn is its draw, the only action ends it,
//! and goldfish runs and matches say the game needs an engine.

use serde::{Deserialize, Serialize};

use super::core::{
    At, CardView, Core, CurveLabels, Illegal, Outcome, Seat, Seated, Side, Snapshot, Table,
    TurnUnit, Vanilla, ensure, zone_views,
};
use super::game::{Mulligan, Pile, Rules};
use super::schedule::Schedule;
use super::session::DeckSide;
use crate::games::{Mulligan as SetupMulligan, SetupDef};
use crate::model::GameId;

crate::zone_enum!(
    /// One player's zones.
    pub enum Zone {
        Deck => "Deck",
        Hand => "Hand",
        Aside => "Set aside",
    }
);

pub type Z = Seated<Zone>;

fn z(p: usize, zone: Zone) -> Z {
    Seated::of(p, zone)
}

/// A card as dealing sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Def {
    /// Of a type the hand is drawn from (`hand_types`; all when empty).
    pub in_hand: bool,
}

/// Where the deal stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Phase {
    /// The opening hand is dealt: keep it or take the mulligan.
    Mulligan,
    Turn,
}

/// A player choice: the mulligan, or the end of a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "kebab-case")]
pub enum Action {
    Keep,
    /// A `redraw` mulligan: the whole hand back, a new one drawn.
    Redraw,
    /// A `bottom` mulligan: this card to the bottom of the deck (a new card
    /// is drawn for it when the hand is kept).
    Bottom {
        card: u16,
    },
    /// End the turn: the next turn's draw.
    Next,
}

#[derive(Clone, Debug)]
pub struct State {
    pub core: Core<Z>,
    pub phase: Phase,
    /// Redraws left.
    pub redraws: u32,
    /// Cards put on the bottom by a `bottom` mulligan, drawn again on Keep.
    pub bottomed: u32,
}

/// A deck of a game without an engine, dealt by its `[setup]`.
#[derive(Clone, Debug)]
pub struct Dealt {
    pub table: Table<Def>,
    pub game: GameId,
    pub setup: SetupDef,
    pub max_turns: u16,
}

impl Dealt {
    /// `None` when the game has no hand to deal (no `opening_hand`).
    pub fn new(me: DeckSide<'_>, max_turns: u16) -> Option<Dealt> {
        let game = me.catalog.game;
        let def = crate::games::get(game)?.def();
        let setup = def.setup.clone();
        setup.opening_hand?;
        let types = setup.hand_types.clone();
        let empty = super::DeckCards { cards: Vec::new() };
        let table = Table::build(
            [
                Side {
                    catalog: me.catalog,
                    cards: me.cards,
                },
                Side {
                    catalog: me.catalog,
                    cards: &empty,
                },
            ],
            |c| Def {
                in_hand: types.is_empty() || types.contains(&c.card_type),
            },
            |_| None,
            Def { in_hand: false },
        );
        Some(Dealt {
            table,
            game,
            setup,
            max_turns,
        })
    }

    fn opening(&self, seat: Seat) -> u32 {
        let first = self.setup.opening_hand.unwrap_or(0);
        match seat {
            Seat::Second => self.setup.opening_hand_second.unwrap_or(first),
            Seat::First => first,
        }
    }

    fn draw(&self, st: &mut State, n: u32) {
        for _ in 0..n {
            if st
                .core
                .zones
                .move_top(z(0, Zone::Deck), z(0, Zone::Hand), At::Top)
                .is_none()
            {
                break;
            }
        }
    }
}

impl Rules for Dealt {
    type State = State;
    type Action = Action;
    type Zone = Z;
    type Def = Def;

    fn core<'s>(&self, st: &'s State) -> &'s Core<Z> {
        &st.core
    }

    fn core_mut<'s>(&self, st: &'s mut State) -> &'s mut Core<Z> {
        &mut st.core
    }

    fn table(&self) -> &Table<Def> {
        &self.table
    }

    const TURN_UNIT: TurnUnit = TurnUnit::Turn;
    const LABELS: CurveLabels = CurveLabels {
        resources: "cards in the deck",
        hand: "cards in hand",
        damage: "damage",
        played: "cards played",
        castable: "cards playable",
    };

    fn game(&self) -> GameId {
        self.game
    }

    fn new_state(&self) -> State {
        let n = self.table.copies();
        let mut core = Core::new(n, self.table.defs.len(), self.max_turns);
        core.passive = [false, true];
        State {
            core,
            phase: Phase::Turn,
            redraws: 0,
            bottomed: 0,
        }
    }

    fn deal(&self, st: &mut State, seed: u64, seat: Seat) {
        st.core
            .reset(&self.table, seed, seat, |p| z(p, Zone::Deck), 0);
        // cards the hand is not drawn from wait aside, in deck order
        let aside: Vec<u16> = st
            .core
            .zones
            .get(z(0, Zone::Deck))
            .iter()
            .copied()
            .filter(|&c| !self.table.def(c).in_hand)
            .collect();
        for c in aside {
            st.core
                .zones
                .move_copy(z(0, Zone::Deck), c, z(0, Zone::Aside), At::Top);
        }
        self.draw(st, self.opening(seat));
        st.redraws = match self.setup.mulligan {
            SetupMulligan::Redraw { times, .. } => times,
            _ => 0,
        };
        st.bottomed = 0;
        st.phase = Phase::Turn;
    }

    fn begin(&self, st: &mut State) {
        st.core.active = 0;
        st.core.turns = [1, 0];
        st.phase = match self.setup.mulligan {
            SetupMulligan::None => Phase::Turn,
            _ => Phase::Mulligan,
        };
    }

    fn to_act(&self, _st: &State) -> usize {
        0
    }

    fn apply(&self, st: &mut State, action: Action) -> Result<(), Illegal> {
        ensure(st.core.outcome.is_none(), "game over", || {
            "the game is over".into()
        })?;
        match (st.phase, action) {
            (Phase::Mulligan, Action::Keep) => {
                let n = st.bottomed;
                self.draw(st, n);
                st.bottomed = 0;
                st.phase = Phase::Turn;
            }
            (Phase::Mulligan, Action::Redraw) => {
                ensure(st.redraws > 0, "mulligan", || "no redraw is left".into())?;
                let hand = st.core.zones.len(z(0, Zone::Hand));
                st.core.zones.move_all(z(0, Zone::Hand), z(0, Zone::Deck));
                st.core.zones.shuffle(z(0, Zone::Deck), &mut st.core.rng);
                let n = match self.setup.mulligan {
                    SetupMulligan::Redraw {
                        hand: Some(size), ..
                    } => size,
                    _ => hand as u32,
                };
                self.draw(st, n);
                st.redraws -= 1;
                if st.redraws == 0 {
                    st.phase = Phase::Turn;
                }
            }
            (Phase::Mulligan, Action::Bottom { card }) => {
                let max = match self.setup.mulligan {
                    SetupMulligan::Bottom { max } => max,
                    _ => 0,
                };
                ensure(st.bottomed < max, "mulligan", || {
                    format!("at most {max} cards go to the bottom")
                })?;
                ensure(
                    st.core.zones.contains(z(0, Zone::Hand), card),
                    "mulligan",
                    || "that card is not in your hand".into(),
                )?;
                st.core
                    .zones
                    .move_copy(z(0, Zone::Hand), card, z(0, Zone::Deck), At::Bottom);
                st.bottomed += 1;
            }
            (Phase::Turn, Action::Next) => {
                if st.core.turns[0] >= self.max_turns {
                    st.core.outcome = Some(Outcome::Unfinished {
                        turn: st.core.turns[0],
                    });
                    return Ok(());
                }
                st.core.turns[0] += 1;
                let n = self
                    .schedule(st.core.seat)
                    .draws_on(u32::from(st.core.turns[0]));
                self.draw(st, n);
            }
            (_, a) => {
                return Err(Illegal::new(
                    "setup",
                    format!("{a:?} is not possible now: this game has no engine, only its deal"),
                ));
            }
        }
        Ok(())
    }

    fn legal_actions(&self, st: &State, out: &mut Vec<Action>) {
        out.clear();
        if st.core.outcome.is_some() {
            return;
        }
        match st.phase {
            Phase::Turn => out.push(Action::Next),
            Phase::Mulligan => {
                out.push(Action::Keep);
                match self.setup.mulligan {
                    SetupMulligan::Redraw { .. } if st.redraws > 0 => out.push(Action::Redraw),
                    SetupMulligan::Bottom { max } if st.bottomed < max => {
                        for &card in st.core.zones.get(z(0, Zone::Hand)) {
                            out.push(Action::Bottom { card });
                        }
                    }
                    _ => {}
                }
            }
        }
    }

    fn policy(&self, st: &State, _level: super::game::Level) -> Action {
        self.pass(st)
    }

    fn pass(&self, st: &State) -> Action {
        match st.phase {
            Phase::Mulligan => Action::Keep,
            Phase::Turn => Action::Next,
        }
    }

    fn secrecy(&self, _st: &State, zone: Z, _copy: u16) -> super::core::Secrecy {
        match zone.pile {
            Zone::Deck => super::core::Secrecy::Nobody,
            _ => super::core::Secrecy::Owner,
        }
    }

    fn phase_names(&self) -> &'static [&'static str] {
        &[]
    }

    fn set_phase(&self, _st: &mut State, _phase: Option<&str>) -> Result<(), String> {
        Err("a game added as data only deals hands: it has no positions to set up".into())
    }

    fn invariants(&self, st: &State) -> Result<(), String> {
        st.core.check_cards(&self.table)
    }

    fn snapshot(&self, st: &State) -> Snapshot {
        let view = |c: u16| CardView::new(c, self.table.copy_name(c), Vec::new());
        let mut zones = zone_views(&st.core.zones, |zone: Z| zone.pile == Zone::Deck, view);
        zones.retain(|v| v.player == 0);
        let (phase, help) = match st.phase {
            Phase::Mulligan => (
                "Opening hand",
                "Keep this hand or take the game's mulligan.",
            ),
            Phase::Turn => (
                "Draw",
                "This game has no engine: each turn draws by its setup, nothing is played.",
            ),
        };
        Snapshot {
            game: self.game,
            seed: st.core.seed,
            seat: st.core.seat,
            turn: st.core.turn(),
            turn_unit: TurnUnit::Turn,
            phase: phase.into(),
            phase_help: help.into(),
            to_act: 0,
            counters: Vec::new(),
            zones,
            board: Vec::new(),
            dice: Vec::new(),
            outcome: st.core.outcome,
            layout: crate::engine::core::DEALT_LAYOUT,
        }
    }

    fn describe(&self, _st: &State, action: Action) -> String {
        match action {
            Action::Keep => "Keep this hand".into(),
            Action::Redraw => "Mulligan: shuffle the hand back and draw a new one".into(),
            Action::Bottom { card } => {
                format!("Put {} on the bottom", self.table.copy_name(card))
            }
            Action::Next => "Next turn (draw)".into(),
        }
    }

    fn vanilla(&self) -> Vec<Vanilla> {
        Vec::new()
    }

    fn without_one(&self, def: u16) -> Dealt {
        let mut s = self.clone();
        s.table.deck = self.table.deck_without_one(def);
        s
    }

    fn max_turns(&self) -> u16 {
        self.max_turns
    }

    fn hand<'s>(&self, st: &'s State, p: usize) -> &'s [u16] {
        st.core.zones.get(z(p, Zone::Hand))
    }

    fn draw_pile<'s>(&self, st: &'s State, p: usize) -> &'s [u16] {
        st.core.zones.get(z(p, Zone::Deck))
    }

    fn schedule(&self, seat: Seat) -> Schedule {
        Schedule {
            opening: self.opening(seat),
            per_turn: self.setup.draws_per_turn,
            skip_first: self.setup.first_player_skips_draw && seat == Seat::First,
            unit: "turn",
        }
    }

    fn pile_of(&self, copy: u16) -> Pile {
        if self.table.def(copy).in_hand {
            Pile::Deck
        } else {
            // set aside: never drawn (as Rizontical's Numen, always "seen")
            Pile::Numen
        }
    }

    fn pile_for_type(&self, card_type: &str) -> Pile {
        let t = &self.setup.hand_types;
        if t.is_empty() || t.iter().any(|x| x == card_type) {
            Pile::Deck
        } else {
            Pile::Numen
        }
    }

    fn mulligan(&self, st: &State) -> Option<Mulligan> {
        if st.phase != Phase::Mulligan {
            return None;
        }
        match self.setup.mulligan {
            SetupMulligan::Redraw { hand, .. } if st.redraws > 0 => Some(Mulligan::WholeHand {
                draw: hand.unwrap_or(st.core.zones.len(z(0, Zone::Hand)) as u32),
            }),
            SetupMulligan::Bottom { max } => Some(Mulligan::Choose { max }),
            _ => None,
        }
    }

    fn mulligan_action(&self, st: &State, returned: &[u16]) -> Result<Action, Illegal> {
        match (self.setup.mulligan, returned.first()) {
            (SetupMulligan::Redraw { .. }, _) if st.redraws > 0 => Ok(Action::Redraw),
            (SetupMulligan::Bottom { .. }, Some(&card)) => Ok(Action::Bottom { card }),
            _ => Err(Illegal::new("mulligan", "this game has no mulligan")),
        }
    }

    fn mulligan_only(&self, st: &mut State, returned: &[u16]) -> Result<(), Illegal> {
        match self.setup.mulligan {
            SetupMulligan::Bottom { .. } => {
                for &card in returned {
                    self.apply(st, Action::Bottom { card })?;
                }
                self.apply(st, Action::Keep)
            }
            _ => {
                let a = self.mulligan_action(st, returned)?;
                self.apply(st, a)
            }
        }
    }

    fn keep_action(&self, st: &State) -> Option<Action> {
        (st.phase == Phase::Mulligan).then_some(Action::Keep)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Card, Catalog};

    /// A game file's `[setup]` is what deals: the built-in Dice of Destiny's
    /// (6 cards, 2 a turn, the first player skips) through the generic path.
    #[test]
    fn deals_by_the_setup_and_draws_by_the_schedule() {
        let mut cat = Catalog::new("dice-of-destiny".parse().unwrap(), "t");
        for i in 0..30 {
            cat.cards.push(Card::new(format!("C{i}"), "creature"));
        }
        let cards = super::super::DeckCards {
            cards: (0..30).collect(),
        };
        let g = Dealt::new(
            DeckSide {
                catalog: &cat,
                cards: &cards,
            },
            40,
        )
        .unwrap();
        let mut st = g.new_state();
        g.start(&mut st, 3, Seat::First);
        assert_eq!(g.hand(&st, 0).len(), 6);
        g.apply(&mut st, Action::Next).unwrap();
        assert_eq!(g.hand(&st, 0).len(), 8, "turn 2 draws 2");
        assert!(g.apply(&mut st, Action::Keep).is_err());
        g.invariants(&st).unwrap();
        let mut again = g.new_state();
        g.start(&mut again, 3, Seat::First);
        g.apply(&mut again, Action::Next).unwrap();
        assert_eq!(g.hand(&st, 0), g.hand(&again, 0), "a seed deals the same");
    }
}
