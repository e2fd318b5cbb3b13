//! Bizarre World, two players (rulebook, rules-notes BW §3-§4).
//!
//! Setup: shuffle, draw to 5 (no mulligan); life from the duel size (Speed
//! 10, Normal 15, Long 20; BW-D2; whose deck sets it: option `duel_format`).
//! Each turn: start-of-turn effects, the Draw Phase (1 card; an empty deck
//! draws nothing, or loses with `deck_out = lose`), the Sacrifice Phase (put
//! any hand cards face down as neutral resources), Unexhaust, then Main: play
//! creatures by exhausting resources equal to their cost, use active
//! abilities (pay the cost box, then resolve as much as possible), and
//! declare attacks, each spending all the ⚔ gained this turn. ⚔ comes only
//! from abilities; unspent ⚔ is lost at the end of the turn. No attack on the
//! starting player's first turn (`first_turn_attack_ban`, BW §6.1).
//!
//! A battle (L139-159): the attacker's *attack sources* are its creatures in
//! play that contributed ⚔ to the attack. The defender may respond by using
//! abilities that grant ⚔ (not those of creatures that "cannot use their
//! ability in response to an attack"), paid with what it left unexhausted.
//! Then the attacker distributes its ⚔ onto the defender's sources — as much
//! as it can, a source killed when it receives all it contributed — and the
//! rest is taken from the defender's life; then the defender distributes its
//! ⚔ onto the attacker's sources, the rest wasted (BW §6.4, option
//! `defender_leftover`). Killed creatures go to the discard.
//!
//! Readings the rules leave open, decided here:
//! - Abilities may be used again and again while their cost can be paid
//!   (BW §6.7). A creature does not exhaust by using its ability, and it
//!   cannot exhaust itself to pay its own ability's cost ("an exhausted
//!   creature cannot use its abilities").
//! - **Loop guard.** A cost-free ability (no exhaust, no kill; e.g. "You have
//!   0 cards in hand" + draw) repeats only while it draws a card from a
//!   non-empty deck; any other cost-free ability is used at most once per
//!   creature per turn (the sister rulebook's looping rule).
//! - **Choices are the player's** (rules-notes BW 12). Which resources pay
//!   a cost: each play or ability is offered paid the suggested way
//!   (face-down resources, then resource creatures without abilities, then
//!   the others, special resources last) and, when a resource creature could
//!   pay, "choosing what pays", which waits for the player to exhaust each
//!   resource ([`Phase::Pay`]); a special cost ("Exhaust 1 Coin resource")
//!   only takes that special resource. How each side distributes its ⚔ over
//!   the other side's attack sources ([`Phase::Distribute`]): the seat
//!   chooses each source to kill, or the suggested distribution (the most
//!   valuable set of sources it can kill: never a kill wasted); what the
//!   rules force (nothing to kill, everything killed) is done at once. The
//!   computer chooses only for its own seat.
//! - **Attack sources are per battle** (rules-notes BW 11, L147): ⚔ a
//!   creature gave and its side did not spend in a battle makes no source
//!   later: contributions end with the battle and with the turn.
//!
//! Split by concern: [`cards`], [`text`], [`turn`] (rules, battles and the
//! interpreter's table), [`policy`], [`view`], [`position`] (scenario files).

pub mod cards;
pub mod policy;
pub mod position;
pub mod text;
pub mod turn;
pub mod view;
pub mod weights;

use std::cell::RefCell;

use serde::{Deserialize, Serialize};

use self::cards::Def;
use super::core::{
    Core, CurveLabels, Illegal, Seat, Seated, Side, Snapshot, Table, TurnUnit, ensure,
};
use super::coverage::CardReading;
use super::game::{Level, Rules};
use super::schedule::Schedule;
use super::session::{DeckSide, Engine, EngineError, EngineOptions};
use crate::games::OptionError;
use crate::model::{Card, GameId};

pub use crate::games::bizarre_world::{
    DeckOut, DefenderLeftover, DuelFormat, FirstTurnBan, Options, Setup,
};

impl Options {
    /// The defaults overridden by `key=value` pairs.
    pub fn read(overrides: &[(String, String)]) -> Result<Options, OptionError> {
        crate::games::BizarreWorld.options(overrides)
    }
}

crate::zone_enum!(
    /// One player's zones.
    pub enum Zone {
        Deck => "Deck",
        Hand => "Hand",
        Resources => "Neutral Resource Zone",
        Play => "Play Area",
        Discard => "Discard",
    }
);

pub type Z = Seated<Zone>;

#[inline]
pub fn z(p: usize, zone: Zone) -> Z {
    Seated::of(p, zone)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Phase {
    Sacrifice,
    Main,
    /// The defender may answer an attack with abilities that grant ⚔.
    Respond,
    /// A player chooses which resources pay ([`State::payment`]).
    Pay,
    /// A side distributes its ⚔ over the other side's attack sources
    /// ([`Battle::by`]).
    Distribute,
    Over,
}

/// What a payment in progress pays for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Paying {
    Play { card: u16 },
    Ability { card: u16, ability: u8, times: u8 },
}

/// A payment the player makes resource by resource (BW 12).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Payment {
    pub paying: Paying,
    pub payer: u8,
    /// Resources still to exhaust.
    pub left: u8,
    /// The special resource the cost needs, if any.
    pub special: Option<u8>,
    /// The creature whose ability it is (it cannot pay for itself).
    pub except: Option<u16>,
    /// The phase the game goes back to.
    pub resume: Phase,
}

/// A player choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "kebab-case")]
pub enum Action {
    /// Sacrifice Phase: put a hand card face down as a neutral resource.
    Sacrifice { card: u16 },
    /// Main: play a creature, exhausting resources equal to its cost (the
    /// suggested ones).
    Play { card: u16 },
    /// The same, the player choosing which resources pay (BW 12).
    PlayChoosing { card: u16 },
    /// Use a creature's active ability (`ability`: its index).
    Activate { card: u16, ability: u8 },
    /// The same, the player choosing which resources pay.
    ActivateChoosing { card: u16, ability: u8 },
    /// Use an ability with an exhaust cost `times` times in a row (all or
    /// nothing: the resources must cover every use).
    Repeat { card: u16, ability: u8, times: u8 },
    /// The same, the player choosing which resources pay.
    RepeatChoosing { card: u16, ability: u8, times: u8 },
    /// Paying: exhaust this resource (a creature, or a face-down one).
    Exhaust { card: u16 },
    /// Paying: the rest the suggested way.
    PayRest,
    /// Distributing: all the ⚔ this source contributed goes on it (it dies).
    Kill { card: u16 },
    /// Distributing: the suggested distribution.
    Distribute,
    /// Main: declare an attack with all ⚔ gained this turn.
    Attack,
    /// End the Sacrifice Phase, the turn, (defending) the response, or
    /// (distributing) kill no more: the rest of the ⚔ lies on sources it
    /// does not kill.
    Next,
}

/// Whose ⚔ is being distributed in a battle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Stage {
    /// The attacker's, onto the defender's sources (L145).
    #[default]
    Attacker,
    /// The defender's, onto the attacker's sources (L155).
    Defender,
}

/// The ⚔ of an attack in progress.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Battle {
    /// ⚔ the attacker spent.
    pub attack: i32,
    /// The attacker's sources: (creature, ⚔ it contributed).
    pub sources: Vec<(u16, u8)>,
    /// While distributing: whose ⚔, how much is left to place, and the
    /// other side's sources not killed yet.
    pub stage: Stage,
    pub left: i32,
    pub targets: Vec<(u16, u8)>,
    /// The defender's ⚔ (its response), distributed second.
    pub defence: i32,
}

#[derive(Clone, Debug)]
pub struct State {
    pub core: Core<Z>,
    pub phase: Phase,
    /// ⚔ each player gained this turn and has not spent.
    pub attack: [i32; 2],
    /// Per copy: ⚔ it contributed since its controller last spent ⚔.
    pub contributed: Vec<u8>,
    pub exhausted: Vec<bool>,
    /// Cost-free ability uses this turn (the loop guard).
    pub free_uses: Vec<u8>,
    pub battle: Battle,
    /// The payment in progress ([`Phase::Pay`]).
    pub payment: Option<Payment>,
}

#[derive(Clone, Debug)]
pub struct BizarreWorld {
    pub table: Table<Def>,
    /// Special resource names, by `ResourceKind::Special` index.
    pub specials: Vec<String>,
    pub setup: &'static Setup,
    pub options: Options,
    /// Each player's life (the duel size).
    pub life: [u32; 2],
    pub duel: String,
    pub max_turns: u16,
    pub passive_opponent: bool,
}

/// The duel a deck of `size` cards plays (BW-D2).
fn duel(size: usize) -> Result<&'static crate::games::bizarre_world::DuelSize, String> {
    let rules = crate::games::BizarreWorld.rules();
    rules.duel_for(size as u32).ok_or_else(|| {
        format!(
            "the deck has {size} cards, which fits no Bizarre World duel size (a Speed Duel needs at least {}), so the opponent's life is unknown",
            rules.duel.first().map_or(0, |d| d.min)
        )
    })
}

/// Whether every card of a deck is marked random (BW-D1's random mode).
fn random_deck(side: &DeckSide<'_>) -> bool {
    !side.cards.cards.is_empty()
        && side
            .cards
            .cards
            .iter()
            .all(|&i| crate::games::bizarre_world::is_random(&side.catalog.cards[usize::from(i)]))
}

impl BizarreWorld {
    /// Compiles player 0's deck against player 1's (`None`: passive). Each
    /// size must fit a duel (BW-D2), which sets life; random decks play only
    /// random decks (BW-D1).
    pub fn new(
        me: DeckSide<'_>,
        opponent: Option<DeckSide<'_>>,
        options: Options,
        max_turns: u16,
    ) -> Result<BizarreWorld, String> {
        let mine = duel(me.cards.len())?;
        let mut life = [mine.life; 2];
        if let Some(o) = &opponent {
            let theirs = duel(o.cards.len()).map_err(|e| format!("deck B: {e}"))?;
            if options.duel_format == DuelFormat::OwnDeck {
                life[1] = theirs.life;
            }
            if random_deck(&me) != random_deck(o) {
                return Err(
                    "only play random decks against other random decks (BW-D1): one deck is random and the other is not"
                        .into(),
                );
            }
        }
        Ok(BizarreWorld::build(
            me,
            opponent,
            options,
            max_turns,
            life,
            mine.name.clone(),
        ))
    }

    /// The cards of a position (a scenario file): no duel size follows
    /// from them, so life starts at the shortest duel's until the position
    /// sets it.
    pub fn for_position(
        me: DeckSide<'_>,
        opponent: DeckSide<'_>,
        options: Options,
        max_turns: u16,
    ) -> BizarreWorld {
        let rules = crate::games::BizarreWorld.rules();
        let (name, life) = rules
            .duel
            .first()
            .map_or(("speed".to_string(), 10), |d| (d.name.clone(), d.life));
        BizarreWorld::build(me, Some(opponent), options, max_turns, [life; 2], name)
    }

    fn build(
        me: DeckSide<'_>,
        opponent: Option<DeckSide<'_>>,
        options: Options,
        max_turns: u16,
        life: [u32; 2],
        duel: String,
    ) -> BizarreWorld {
        let empty = super::DeckCards { cards: Vec::new() };
        let them = opponent.unwrap_or(DeckSide {
            catalog: me.catalog,
            cards: &empty,
        });
        let specials = RefCell::new(Vec::<String>::new());
        let intern = |name: &str| -> u8 {
            let mut s = specials.borrow_mut();
            let key = name.trim().to_lowercase();
            match s.iter().position(|x| *x == key) {
                Some(i) => i as u8,
                None => {
                    s.push(key);
                    (s.len() - 1).min(u8::MAX as usize) as u8
                }
            }
        };
        let table = Table::build(
            [
                Side {
                    catalog: me.catalog,
                    cards: me.cards,
                },
                Side {
                    catalog: them.catalog,
                    cards: them.cards,
                },
            ],
            |c| Def::of(c, &mut |s| intern(s)),
            |c| cards::read(c).reason(),
            Def::blank(),
        );
        BizarreWorld {
            table,
            specials: specials.into_inner(),
            setup: crate::games::BizarreWorld.setup(),
            options,
            life,
            duel,
            max_turns,
            passive_opponent: opponent.is_none(),
        }
    }

    #[inline]
    pub fn def(&self, c: u16) -> &Def {
        self.table.def(c)
    }

    #[inline]
    pub fn owner(&self, c: u16) -> usize {
        self.table.owner(c)
    }
}

impl Rules for BizarreWorld {
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

    fn game(&self) -> GameId {
        GameId::BizarreWorld
    }
    const TURN_UNIT: TurnUnit = TurnUnit::Turn;
    /// The strong search grows its tree here: against itself without the
    /// tree it won 58.0% (53.1-62.7) of 400 crafted-rocks mirror games at
    /// 200 iterations and 58.5% (51.6-65.1) of 200 at 1,000, at almost no
    /// cost in time (0.12 s a game against 0.11 s: the games are short);
    /// the other games' figures are at [`crate::engine::ismcts::EXPAND_AFTER`].
    const SEARCH_TREE_EXPAND_AFTER: u32 = 8;
    const LABELS: CurveLabels = CurveLabels {
        resources: "resources",
        hand: "cards in hand",
        damage: "damage",
        played: "creatures played",
        castable: "affordable cards in hand",
    };

    fn new_state(&self) -> State {
        let n = self.table.copies();
        let mut core = Core::new(n, self.table.defs.len(), self.max_turns);
        core.passive = [false, self.passive_opponent];
        State {
            core,
            phase: Phase::Sacrifice,
            attack: [0; 2],
            contributed: vec![0; n],
            exhausted: vec![false; n],
            free_uses: vec![0; n],
            battle: Battle::default(),
            payment: None,
        }
    }

    fn deal(&self, st: &mut State, seed: u64, seat: Seat) {
        st.core
            .reset(&self.table, seed, seat, |p| z(p, Zone::Deck), 0);
        st.core.life = [self.life[0] as i32, self.life[1] as i32];
        st.attack = [0; 2];
        st.contributed.fill(0);
        st.exhausted.fill(false);
        st.free_uses.fill(0);
        st.battle = Battle::default();
        st.payment = None;
        for p in 0..2 {
            for _ in 0..self.setup.opening_hand {
                st.core
                    .zones
                    .move_top(z(p, Zone::Deck), z(p, Zone::Hand), super::core::At::Top);
            }
        }
    }

    fn begin(&self, st: &mut State) {
        let first = st.core.seat.first_player();
        self.begin_turn(st, first);
    }

    fn to_act(&self, st: &State) -> usize {
        match st.phase {
            Phase::Respond => 1 - st.core.active,
            Phase::Pay => st.payment.map_or(st.core.active, |p| usize::from(p.payer)),
            Phase::Distribute => match st.battle.stage {
                Stage::Attacker => st.core.active,
                Stage::Defender => 1 - st.core.active,
            },
            _ => st.core.active,
        }
    }

    fn apply(&self, st: &mut State, action: Action) -> Result<(), Illegal> {
        ensure(st.core.outcome.is_none(), "game over", || {
            "the game is over".into()
        })?;
        self.act(st, action)?;
        if st.core.over() {
            st.phase = Phase::Over;
        }
        Ok(())
    }

    fn legal_actions(&self, st: &State, out: &mut Vec<Action>) {
        self.legal(st, out);
    }

    fn policy(&self, st: &State, level: Level) -> Action {
        policy::choose(self, st, level)
    }

    fn pass(&self, _st: &State) -> Action {
        Action::Next
    }

    /// The other player's hand and deck are pooled, shuffled and the hand
    /// dealt again at its size; the viewer's own deck is reshuffled; the
    /// game's randomness starts from `seed`. The play areas and discards are
    /// open; face-down resources are all Neutral, so which cards they are
    /// changes nothing and they stay.
    /// Besides the decks and the other seat's hand, the other seat's
    /// resources lie face down (only their owner knows them):
    /// they are dealt again from its unseen cards, each place keeping what
    /// is public about it (exhausted or ready, its uses this turn).
    fn sample_world(&self, st: &mut State, viewer: usize, seed: u64) -> bool {
        let foe = crate::engine::core::other(viewer);
        let res = z(foe, Zone::Resources);
        let mut places = Vec::new();
        if !st.core.passive[foe] {
            for &c in st.core.zones.get(res) {
                let c = usize::from(c);
                places.push((st.exhausted[c], st.contributed[c], st.free_uses[c]));
                st.exhausted[c] = false;
                st.contributed[c] = 0;
                st.free_uses[c] = 0;
            }
            st.core.zones.move_all(res, z(foe, Zone::Deck));
        }
        st.core
            .sample_hidden(viewer, seed, |p| z(p, Zone::Deck), |p| z(p, Zone::Hand));
        for _ in 0..places.len() {
            st.core
                .zones
                .move_top(z(foe, Zone::Deck), res, crate::engine::core::At::Top);
        }
        let dealt: Vec<u16> = st.core.zones.get(res).to_vec();
        for (&c, &(exhausted, contributed, uses)) in dealt.iter().zip(&places) {
            let c = usize::from(c);
            st.exhausted[c] = exhausted;
            st.contributed[c] = contributed;
            st.free_uses[c] = uses;
        }
        true
    }

    /// Decks are face down; a hand and the resources (laid face down) are
    /// their owner's.
    fn secrecy(&self, _st: &State, zone: Z, _copy: u16) -> crate::engine::core::Secrecy {
        position::secrecy(zone)
    }

    fn counters(&self, st: &State, p: usize) -> Vec<(&'static str, i64)> {
        position::counters(st, p)
    }

    fn set_counter(&self, st: &mut State, p: usize, name: &str, value: i64) -> Result<(), String> {
        position::set_counter(st, p, name, value)
    }

    fn card_state(&self, st: &State, copy: u16) -> Vec<(&'static str, serde_json::Value)> {
        position::card_state(self, st, copy)
    }

    fn set_card_state(
        &self,
        st: &mut State,
        copy: u16,
        key: &str,
        value: &serde_json::Value,
        _card: &dyn Fn(&str) -> Option<u16>,
    ) -> Result<(), String> {
        position::set_card_state(self, st, copy, key, value)
    }

    fn zone_named(&self, p: usize, name: &str) -> Option<Z> {
        position::zone_named(p, name)
    }

    fn phase_name(&self, st: &State) -> String {
        position::phase_name(st)
    }

    fn phase_names(&self) -> &'static [&'static str] {
        position::PHASES
    }

    fn set_phase(&self, st: &mut State, phase: Option<&str>) -> Result<(), String> {
        position::set_phase(st, phase)
    }

    fn settle_position(&self, st: &mut State) -> Result<(), String> {
        position::settle(self, st)
    }

    fn invariants(&self, st: &State) -> Result<(), String> {
        st.core.check_cards(&self.table)?;
        for p in 0..2 {
            for &c in st.core.zones.get(z(p, Zone::Play)) {
                if self.def(c).blank {
                    return Err("a blank card is in play".into());
                }
            }
        }
        Ok(())
    }

    fn snapshot(&self, st: &State) -> Snapshot {
        view::snapshot(self, st)
    }

    fn describe(&self, st: &State, action: Action) -> String {
        view::describe(self, st, action)
    }

    fn mover(&self, st: &State, action: Action) -> Option<crate::engine::core::Mover> {
        view::mover(self, st, action)
    }

    fn onto(&self, _st: &State, action: Action) -> Option<crate::engine::core::Onto> {
        view::onto(action)
    }

    fn without_one(&self, def: u16) -> BizarreWorld {
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
            opening: self.setup.opening_hand,
            per_turn: self.setup.draws_per_turn,
            skip_first: self.setup.first_player_skips_draw && seat == Seat::First,
            unit: "turn",
        }
    }
}

/// The engine plug-in ([`super::PLUGINS`]).
pub struct Plugin;

pub static PLUGIN: Plugin = Plugin;

impl super::session::Plugin for Plugin {
    fn game(&self) -> GameId {
        GameId::BizarreWorld
    }

    fn compile(
        &self,
        me: DeckSide<'_>,
        opponent: Option<DeckSide<'_>>,
        opts: &EngineOptions,
    ) -> Result<Engine, EngineError> {
        if !opts.dummies.is_empty() {
            return Err(EngineError::Setup(
                "dummy Fighters are for Rizontical only".into(),
            ));
        }
        let options = Options::read(&opts.overrides)?;
        if opts.position
            && let Some(o) = opponent
        {
            return Ok(Engine::of(BizarreWorld::for_position(
                me,
                o,
                options,
                opts.max_turns,
            )));
        }
        Ok(Engine::of(
            BizarreWorld::new(me, opponent, options, opts.max_turns).map_err(EngineError::Setup)?,
        ))
    }

    fn read(&self, card: &Card) -> CardReading {
        cards::read(card)
    }
}
