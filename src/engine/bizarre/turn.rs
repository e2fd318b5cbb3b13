//! The rules of a Bizarre World game: turns, resources and payments,
//! creatures and their abilities, attacks and battles; and the table the
//! effect interpreter acts on ([`Table`]).

use super::cards::{Active, ResourceKind};
use super::{
    Action, Battle, BizarreWorld, DeckOut, DefenderLeftover, FirstTurnBan, Paying, Payment, Phase,
    Stage, State, Zone, z,
};
use crate::engine::core::{At, Illegal, ensure, other};
use crate::engine::effect::interp::{self, Ctx, Host, Ref};
use crate::engine::effect::lasting::LastingSet;
use crate::engine::effect::{Condition, Cost, Kind, Reach, Resource, Who};
use crate::engine::game::push_if_legal;

/// Why an ability cannot be used now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Blocked {
    NotInPlay,
    Exhausted,
    Condition,
    /// Too few resources (how many are available).
    Cost(usize),
    /// The loop guard (module docs).
    Loop,
    /// Defending: only abilities that grant ⚔, of creatures that may respond.
    NotAResponse,
}

impl BizarreWorld {
    // ------------------------------------------------------------ turns

    /// Player `p`'s turn: start-of-turn effects, the Draw Phase, then the
    /// Sacrifice Phase waits for the player.
    pub(super) fn begin_turn(&self, st: &mut State, p: usize) {
        if !st.core.open_turn(p, self.max_turns) {
            st.phase = Phase::Over;
            return;
        }
        st.attack = [0; 2];
        for c in self.table.range(p) {
            st.contributed[c] = 0;
            st.free_uses[c] = 0;
        }
        let mut i = 0;
        while i < st.core.zones.len(z(p, Zone::Play)) && !st.core.over() {
            let c = st.core.zones.get(z(p, Zone::Play))[i];
            if !self.def(c).turn_start.is_empty() {
                let abilities = self.def(c).turn_start.clone();
                for a in &abilities {
                    self.run(st, c, a);
                }
            }
            i += 1;
        }
        let skip =
            self.setup.first_player_skips_draw && st.core.went_first(p) && st.core.turns[p] == 1;
        if !skip {
            for _ in 0..self.setup.draws_per_turn {
                if !st.core.over() {
                    self.draw(st, p);
                }
            }
        }
        st.phase = if st.core.over() {
            Phase::Over
        } else {
            Phase::Sacrifice
        };
    }

    pub(super) fn draw(&self, st: &mut State, p: usize) {
        if st.core.passive[p] {
            return;
        }
        if st
            .core
            .draw(p, z(p, Zone::Deck), z(p, Zone::Hand))
            .is_none()
        {
            if self.options.deck_out == DeckOut::Lose {
                st.core.win(other(p), "deck out");
            } else {
                st.core.note(p, "deck empty: nothing drawn", None, None);
            }
        }
    }

    /// The Unexhaust Phase, then Main.
    fn unexhaust(&self, st: &mut State) {
        let p = st.core.active;
        for zone in [Zone::Resources, Zone::Play] {
            for &c in st.core.zones.get(z(p, zone)) {
                st.exhausted[usize::from(c)] = false;
            }
        }
        st.phase = Phase::Main;
        if p == 0 {
            let avail = self.available(st, 0, None, None);
            let castable = st
                .core
                .zones
                .get(z(0, Zone::Hand))
                .iter()
                .filter(|&&c| !self.def(c).blank && usize::from(self.def(c).cost) <= avail)
                .count();
            let t = st.core.trace.current();
            t.resources = avail as u16;
            t.hand = st.core.zones.len(z(0, Zone::Hand)) as u16;
            t.castable = castable as u16;
        }
    }

    fn end_turn(&self, st: &mut State) {
        let p = st.core.active;
        st.attack[p] = 0;
        // BW 11: ⚔ not spent makes no attack source on the other turn
        for c in self.table.range(p) {
            st.contributed[c] = 0;
        }
        st.core.close_turn(p);
        self.begin_turn(st, other(p));
    }

    /// Whether attacks are banned this turn.
    pub fn attack_banned(&self, st: &State) -> bool {
        let p = st.core.active;
        self.setup.no_attack_first_turn
            && st.core.turns[p] == 1
            && (st.core.went_first(p)
                || self.options.first_turn_attack_ban == FirstTurnBan::EachPlayer)
    }

    // ------------------------------------------------------------ resources

    /// Whether copy `c` in player `p`'s zone can pay a cost now (with
    /// `special`, if the cost needs one).
    pub(super) fn can_pay_with(&self, st: &State, zone: Zone, c: u16, special: Option<u8>) -> bool {
        if st.exhausted[usize::from(c)] {
            return false;
        }
        if zone == Zone::Resources {
            return special.is_none();
        }
        match (self.def(c).resource, special) {
            (ResourceKind::None, _) => false,
            (ResourceKind::Neutral, None) => true,
            (ResourceKind::Neutral, Some(_)) => false,
            (ResourceKind::Special(_), None) => true,
            (ResourceKind::Special(s), Some(want)) => s == want,
        }
    }

    /// Player `p`'s resources available now (of one special kind, with
    /// `special`), not counting `except`.
    pub fn available(
        &self,
        st: &State,
        p: usize,
        special: Option<u8>,
        except: Option<u16>,
    ) -> usize {
        let count = |zone: Zone| {
            st.core
                .zones
                .get(z(p, zone))
                .iter()
                .filter(|&&c| Some(c) != except && self.can_pay_with(st, zone, c, special))
                .count()
        };
        count(Zone::Resources) + count(Zone::Play)
    }

    /// Exhausts `n` of player `p`'s resources in the fixed payment order.
    fn pay(&self, st: &mut State, p: usize, n: u8, special: Option<u8>, except: Option<u16>) {
        let mut left = n;
        let order = |zone: Zone, c: u16| -> u8 {
            if zone == Zone::Resources {
                return 0;
            }
            let d = self.def(c);
            match (d.resource, !d.actives.is_empty()) {
                (ResourceKind::Neutral, false) => 1,
                (ResourceKind::Neutral, true) => 2,
                (ResourceKind::Special(_), false) => 3,
                _ => 4,
            }
        };
        for rank in 0..=4u8 {
            for zone in [Zone::Resources, Zone::Play] {
                for i in 0..st.core.zones.len(z(p, zone)) {
                    if left == 0 {
                        return;
                    }
                    let c = st.core.zones.get(z(p, zone))[i];
                    if Some(c) != except
                        && order(zone, c) == rank
                        && self.can_pay_with(st, zone, c, special)
                    {
                        st.exhausted[usize::from(c)] = true;
                        left -= 1;
                    }
                }
            }
        }
    }

    /// The resources player `p` could exhaust for a cost now, in the
    /// suggested order's kinds: whether the payment is a choice at all (a
    /// resource creature could pay, and there are more candidates than the
    /// cost). Face-down resources are all alike.
    pub fn payment_is_a_choice(
        &self,
        st: &State,
        p: usize,
        n: u8,
        special: Option<u8>,
        except: Option<u16>,
    ) -> bool {
        if n == 0 || st.core.passive[p] {
            return false;
        }
        let creatures = st
            .core
            .zones
            .get(z(p, Zone::Play))
            .iter()
            .filter(|&&c| Some(c) != except && self.can_pay_with(st, Zone::Play, c, special))
            .count();
        creatures > 0 && self.available(st, p, special, except) > usize::from(n)
    }

    /// Starts a payment the player makes resource by resource.
    fn start_payment(
        &self,
        st: &mut State,
        paying: Paying,
        payer: usize,
        n: u8,
        special: Option<u8>,
        except: Option<u16>,
    ) {
        st.payment = Some(Payment {
            paying,
            payer: payer as u8,
            left: n,
            special,
            except,
            resume: st.phase,
        });
        st.phase = Phase::Pay;
        self.settle_payment(st);
    }

    /// Finishes the payment when no choice is left (what is left is paid
    /// the suggested way), then does what was paid for.
    fn settle_payment(&self, st: &mut State) {
        let Some(pay) = st.payment else { return };
        let p = usize::from(pay.payer);
        if pay.left > 0 && self.payment_is_a_choice(st, p, pay.left, pay.special, pay.except) {
            return;
        }
        self.pay(st, p, pay.left, pay.special, pay.except);
        st.payment = None;
        st.phase = pay.resume;
        match pay.paying {
            Paying::Play { card } => self.enter_play(st, p, card),
            Paying::Ability {
                card,
                ability,
                times,
            } => self.resolve_ability(st, card, ability, times),
        }
    }

    /// Paying: exhaust `card` (a face-down resource or a resource creature).
    fn exhaust_for(&self, st: &mut State, card: u16) -> Result<(), Illegal> {
        let pay = st
            .payment
            .ok_or_else(|| Illegal::new("BW Play a card", "nothing to pay"))?;
        let p = usize::from(pay.payer);
        let zone = [Zone::Resources, Zone::Play]
            .into_iter()
            .find(|&zn| st.core.zones.contains(z(p, zn), card));
        let ok = zone.is_some_and(|zn| {
            Some(card) != pay.except && self.can_pay_with(st, zn, card, pay.special)
        });
        ensure(ok, "BW Play a card", || {
            format!(
                "{} cannot pay this cost now (exhausted, not a resource, or not of the kind it needs)",
                self.table.copy_name(card)
            )
        })?;
        st.exhausted[usize::from(card)] = true;
        st.core.note(p, "exhausts", Some(card), None);
        if let Some(pm) = st.payment.as_mut() {
            pm.left -= 1;
        }
        self.settle_payment(st);
        Ok(())
    }

    /// The resources a payment in progress may take, one face-down
    /// resource standing for all (they are alike).
    pub(super) fn payment_options(&self, st: &State, out: &mut Vec<u16>) {
        let Some(pay) = st.payment else { return };
        let p = usize::from(pay.payer);
        if let Some(&c) = st
            .core
            .zones
            .get(z(p, Zone::Resources))
            .iter()
            .find(|&&c| self.can_pay_with(st, Zone::Resources, c, pay.special))
        {
            out.push(c);
        }
        for &c in st.core.zones.get(z(p, Zone::Play)) {
            if Some(c) != pay.except && self.can_pay_with(st, Zone::Play, c, pay.special) {
                out.push(c);
            }
        }
    }

    // ------------------------------------------------------------ abilities

    /// Why an ability cannot be used now, if it cannot (no allocation).
    pub(super) fn blocked(&self, st: &State, card: u16, ab: &Active) -> Option<Blocked> {
        let p = self.owner(card);
        self.blocked_given(st, card, ab, self.available(st, p, ab.special, None))
    }

    /// [`BizarreWorld::blocked`] with the resources of the ability's kind
    /// already counted (`avail`, the card itself included).
    pub(super) fn blocked_given(
        &self,
        st: &State,
        card: u16,
        ab: &Active,
        avail: usize,
    ) -> Option<Blocked> {
        let p = self.owner(card);
        if !st.core.zones.contains(z(p, Zone::Play), card) {
            return Some(Blocked::NotInPlay);
        }
        if st.exhausted[usize::from(card)] {
            return Some(Blocked::Exhausted);
        }
        if st.phase == Phase::Respond && (ab.attack == 0 || self.def(card).no_response) {
            return Some(Blocked::NotAResponse);
        }
        match &ab.condition {
            Some(Condition::HandEmpty) if !st.core.zones.is_empty(z(p, Zone::Hand)) => {
                return Some(Blocked::Condition);
            }
            Some(Condition::Option { key })
                if key == "it_is_tuesday" && !self.options.it_is_tuesday =>
            {
                return Some(Blocked::Condition);
            }
            _ => {}
        }
        // a creature cannot pay for its own ability
        let avail = avail - usize::from(self.can_pay_with(st, Zone::Play, card, ab.special));
        if avail < usize::from(ab.exhaust) {
            return Some(Blocked::Cost(avail));
        }
        if ab.cost_free() {
            let draws = ab.draws > 0 && !st.core.zones.is_empty(z(p, Zone::Deck));
            if !draws && st.free_uses[usize::from(card)] > 0 {
                return Some(Blocked::Loop);
            }
        }
        None
    }

    pub(super) fn blocked_error(&self, why: Blocked, ab: &Active) -> Illegal {
        match why {
            Blocked::NotInPlay => Illegal::new(
                "BW Main Phase",
                "only your creatures in the Play Area use abilities",
            ),
            Blocked::Exhausted => Illegal::new(
                "BW Exhausted",
                "an exhausted creature cannot use its abilities",
            ),
            Blocked::Condition => match &ab.condition {
                Some(Condition::Option { .. }) => {
                    Illegal::new("BW active cost", "it is not Tuesday (option it_is_tuesday)")
                }
                _ => Illegal::new("BW active cost", "this ability needs 0 cards in hand"),
            },
            Blocked::Cost(avail) => {
                let what = match ab.special {
                    Some(s) => format!("{} resources", self.specials[usize::from(s)]),
                    None => "resources".into(),
                };
                Illegal::new(
                    "BW active cost",
                    format!(
                        "the cost exhausts {} {what} and {avail} are available",
                        ab.exhaust
                    ),
                )
            }
            Blocked::Loop => Illegal::new(
                "loop guard",
                "a cost-free ability that draws nothing repeats at most once a turn",
            ),
            Blocked::NotAResponse => Illegal::new(
                "BW Responding to an Attack",
                "when attacked, only abilities that grant ⚔ can be used, and not by a creature that cannot respond",
            ),
        }
    }

    fn active(&self, card: u16, which: u8) -> Result<&Active, Illegal> {
        self.def(card)
            .actives
            .get(usize::from(which))
            .ok_or_else(|| {
                Illegal::new(
                    "BW active ability",
                    format!("{} has no such ability", self.table.copy_name(card)),
                )
            })
    }

    fn activate(&self, st: &mut State, card: u16, which: u8, choose: bool) -> Result<(), Illegal> {
        let who = self.to_act_now(st);
        ensure(self.owner(card) == who, "BW Main Phase", || {
            "only your own creatures' abilities".into()
        })?;
        let ab = self.active(card, which)?;
        if let Some(why) = self.blocked(st, card, ab) {
            return Err(self.blocked_error(why, ab));
        }
        let (n, special) = (ab.exhaust, ab.special);
        if choose {
            ensure(
                self.payment_is_a_choice(st, who, n, special, Some(card)),
                "BW 12",
                || "no resource creature could pay: there is nothing to choose".into(),
            )?;
            let paying = Paying::Ability {
                card,
                ability: which,
                times: 1,
            };
            self.start_payment(st, paying, who, n, special, Some(card));
        } else {
            self.pay(st, who, n, special, Some(card));
            self.resolve_ability(st, card, which, 1);
        }
        Ok(())
    }

    /// An ability whose cost is paid: used `times` times in a row.
    fn resolve_ability(&self, st: &mut State, card: u16, which: u8, times: u8) {
        let Some(ab) = self.def(card).actives.get(usize::from(which)).cloned() else {
            return;
        };
        let who = self.owner(card);
        for _ in 0..times {
            if st.core.over() {
                break;
            }
            if ab.cost_free() {
                st.free_uses[usize::from(card)] = st.free_uses[usize::from(card)].saturating_add(1);
            }
            if ab.kill_self {
                self.kill(st, card);
            }
            st.core.note(who, "ability", Some(card), None);
            self.run(st, card, &ab.ability);
        }
    }

    fn to_act_now(&self, st: &State) -> usize {
        use crate::engine::game::Rules;
        self.to_act(st)
    }

    /// A creature goes to the discard.
    fn kill(&self, st: &mut State, card: u16) {
        let p = self.owner(card);
        if st
            .core
            .zones
            .move_copy(z(p, Zone::Play), card, z(p, Zone::Discard), At::Top)
        {
            st.exhausted[usize::from(card)] = false;
            st.contributed[usize::from(card)] = 0;
            st.core.lasting.left_play(card);
        }
    }

    /// Runs one ability's steps for `card`'s owner (its costs already paid).
    pub(super) fn run(&self, st: &mut State, card: u16, a: &crate::engine::effect::Ability) {
        let ctx = Ctx::new(card, self.owner(card));
        let mut t = Table { rules: self, st };
        interp::resolve(&mut t, &ctx, &a.steps);
    }

    // ------------------------------------------------------------ actions

    pub(super) fn act(&self, st: &mut State, action: Action) -> Result<(), Illegal> {
        let p = st.core.active;
        match (st.phase, action) {
            (Phase::Sacrifice, Action::Sacrifice { card }) => {
                ensure(
                    st.core
                        .zones
                        .move_copy(z(p, Zone::Hand), card, z(p, Zone::Resources), At::Top),
                    "BW Sacrifice Phase",
                    || "only cards in your hand can be sacrificed".into(),
                )?;
                st.core.note(p, "sacrifice", Some(card), None);
            }
            (Phase::Sacrifice, Action::Next) => self.unexhaust(st),
            (Phase::Main, Action::Play { card }) => self.play(st, p, card, false)?,
            (Phase::Main, Action::PlayChoosing { card }) => self.play(st, p, card, true)?,
            (
                Phase::Main | Phase::Respond,
                Action::Repeat {
                    card,
                    ability,
                    times,
                }
                | Action::RepeatChoosing {
                    card,
                    ability,
                    times,
                },
            ) => {
                let choose = matches!(action, Action::RepeatChoosing { .. });
                let ab = self.active(card, ability)?;
                ensure(
                    ab.exhaust > 0 && !ab.kill_self && times >= 1,
                    "BW active ability",
                    || {
                        "only an ability with an exhaust cost (and no kill) repeats in one action"
                            .into()
                    },
                )?;
                if let Some(why) = self.blocked(st, card, ab) {
                    return Err(self.blocked_error(why, ab));
                }
                let who = self.owner(card);
                let avail = self.available(st, who, ab.special, Some(card));
                let need = usize::from(ab.exhaust) * usize::from(times);
                ensure(avail >= need, "BW active cost", || {
                    format!("{times} uses exhaust {need} resources and {avail} are available")
                })?;
                let need = u8::try_from(need).unwrap_or(u8::MAX);
                let special = ab.special;
                if choose {
                    ensure(
                        self.payment_is_a_choice(st, who, need, special, Some(card)),
                        "BW 12",
                        || "no resource creature could pay: there is nothing to choose".into(),
                    )?;
                    let paying = Paying::Ability {
                        card,
                        ability,
                        times,
                    };
                    self.start_payment(st, paying, who, need, special, Some(card));
                } else {
                    self.pay(st, who, need, special, Some(card));
                    self.resolve_ability(st, card, ability, times);
                }
            }
            (Phase::Main | Phase::Respond, Action::Activate { card, ability }) => {
                self.activate(st, card, ability, false)?
            }
            (Phase::Main | Phase::Respond, Action::ActivateChoosing { card, ability }) => {
                self.activate(st, card, ability, true)?
            }
            (Phase::Pay, Action::Exhaust { card }) => self.exhaust_for(st, card)?,
            (Phase::Pay, Action::PayRest) => self.pay_rest(st),
            (Phase::Distribute, Action::Kill { card }) => self.kill_source(st, card)?,
            (Phase::Distribute, Action::Distribute) => self.distribute_suggested(st),
            (Phase::Distribute, Action::Next) => self.kill_no_more(st)?,
            (Phase::Main, Action::Attack) => self.attack(st)?,
            (Phase::Respond, Action::Next) => self.battle(st),
            (Phase::Main, Action::Next) => self.end_turn(st),
            (phase, a) => {
                return Err(Illegal::new(
                    "BW turn structure",
                    format!("{a:?} is not possible in the {phase:?} phase"),
                ));
            }
        }
        Ok(())
    }

    fn play(&self, st: &mut State, p: usize, card: u16, choose: bool) -> Result<(), Illegal> {
        ensure(
            st.core.zones.contains(z(p, Zone::Hand), card),
            "BW Play a card",
            || format!("{} is not in your hand", self.table.copy_name(card)),
        )?;
        let d = self.def(card);
        ensure(!d.blank, "importance blank", || {
            "a blank card cannot be played".into()
        })?;
        let avail = self.available(st, p, None, None);
        ensure(usize::from(d.cost) <= avail, "BW Play a card", || {
            format!(
                "{} costs {} and {avail} resources are unexhausted",
                self.table.copy_name(card),
                d.cost
            )
        })?;
        if choose {
            ensure(
                self.payment_is_a_choice(st, p, d.cost, None, None),
                "BW 12",
                || "no resource creature could pay: there is nothing to choose".into(),
            )?;
            self.start_payment(st, Paying::Play { card }, p, d.cost, None, None);
        } else {
            self.pay(st, p, d.cost, None, None);
            self.enter_play(st, p, card);
        }
        Ok(())
    }

    /// A creature paid for enters the Play Area; its play effects run.
    fn enter_play(&self, st: &mut State, p: usize, card: u16) {
        let d = self.def(card);
        st.core
            .zones
            .move_copy(z(p, Zone::Hand), card, z(p, Zone::Play), At::Top);
        st.exhausted[usize::from(card)] = d.enters_exhausted;
        st.free_uses[usize::from(card)] = 0;
        st.contributed[usize::from(card)] = 0;
        if p == 0 {
            st.core.trace.add_play(self.table.def_index(card));
        }
        st.core.note(p, "play", Some(card), None);
        if !d.on_play.is_empty() {
            let abilities = d.on_play.clone();
            for a in &abilities {
                self.run(st, card, a);
            }
        }
    }

    /// Paying: the rest the suggested way.
    fn pay_rest(&self, st: &mut State) {
        let Some(pay) = st.payment else { return };
        let p = usize::from(pay.payer);
        self.pay(st, p, pay.left, pay.special, pay.except);
        if let Some(pm) = st.payment.as_mut() {
            pm.left = 0;
        }
        self.settle_payment(st);
    }

    /// Declaring an attack: all the ⚔ gained this turn is spent; the
    /// creatures in play that contributed to it are its sources.
    fn attack(&self, st: &mut State) -> Result<(), Illegal> {
        let p = st.core.active;
        ensure(!self.attack_banned(st), "BW first turn", || {
            "you cannot declare an attack on the first turn".into()
        })?;
        ensure(st.attack[p] > 0, "BW Declaring an Attack", || {
            "no ⚔ gained this turn to spend".into()
        })?;
        st.battle = Battle {
            attack: std::mem::take(&mut st.attack[p]),
            sources: self.sources(st, p),
            ..Battle::default()
        };
        // BW 11: the sources of this battle only; the defender's come from
        // its response
        for c in self.table.range(p).chain(self.table.range(other(p))) {
            st.contributed[c] = 0;
        }
        st.core.note(p, "attack", None, Some(st.battle.attack));
        let d = other(p);
        if st.core.passive[d] || !self.can_respond(st, d) {
            self.battle(st);
        } else {
            st.phase = Phase::Respond;
        }
        Ok(())
    }

    /// Player `p`'s creatures in play that contributed ⚔ (and how much).
    fn sources(&self, st: &State, p: usize) -> Vec<(u16, u8)> {
        st.core
            .zones
            .get(z(p, Zone::Play))
            .iter()
            .filter(|&&c| st.contributed[usize::from(c)] > 0)
            .map(|&c| (c, st.contributed[usize::from(c)]))
            .collect()
    }

    /// Whether the defender has an ability that may answer an attack now.
    fn can_respond(&self, st: &State, d: usize) -> bool {
        let avail = self.available(st, d, None, None);
        st.core.zones.get(z(d, Zone::Play)).iter().any(|&c| {
            !self.def(c).no_response
                && self.def(c).actives.iter().any(|ab| {
                    ab.attack > 0 && {
                        let avail = match ab.special {
                            None => avail,
                            s => self.available(st, d, s, None),
                        };
                        // checked as if in the response phase
                        self.blocked_given(st, c, ab, avail)
                            .is_none_or(|b| b == Blocked::NotAResponse && ab.attack > 0)
                    }
                })
        })
    }

    /// The battle after the defender's response (L145-157): each side's ⚔
    /// onto the other's sources — the attacker's first, the rest onto the
    /// defender's life; then the defender's, the rest wasted (BW §6.4).
    fn battle(&self, st: &mut State) {
        let attacker = st.core.active;
        let defender = other(attacker);
        st.battle.defence = std::mem::take(&mut st.attack[defender]);
        let targets = self.sources(st, defender);
        for c in self.table.range(defender) {
            st.contributed[c] = 0;
        }
        st.battle.stage = Stage::Attacker;
        st.battle.left = st.battle.attack;
        st.battle.targets = targets;
        self.distribution(st);
    }

    /// Carries the distribution on as far as the rules decide it: a side
    /// with ⚔ and sources it could choose among waits in
    /// [`Phase::Distribute`]; everything killed, or nothing killable, is
    /// done at once (BW 12).
    fn distribution(&self, st: &mut State) {
        loop {
            let attacker = st.core.active;
            let (by, owner) = match st.battle.stage {
                Stage::Attacker => (attacker, other(attacker)),
                Stage::Defender => (other(attacker), attacker),
            };
            // only creatures in play are sources (L149)
            let State { core, battle, .. } = &mut *st;
            battle
                .targets
                .retain(|&(c, _)| core.zones.contains(z(owner, Zone::Play), c));
            let left = st.battle.left;
            if left > 0 && !st.battle.targets.is_empty() {
                let total: i32 = st.battle.targets.iter().map(|&(_, n)| i32::from(n)).sum();
                if left >= total {
                    // as much as it can: every source dies
                    let all = std::mem::take(&mut st.battle.targets);
                    for (c, _) in all {
                        self.kill_in_battle(st, c);
                    }
                    st.battle.left = left - total;
                } else if st.battle.targets.iter().any(|&(_, n)| i32::from(n) <= left)
                    && !st.core.passive[by]
                {
                    st.phase = Phase::Distribute;
                    return;
                } else {
                    // nothing killable: the ⚔ lies on sources it cannot kill
                    st.battle.targets.clear();
                    st.battle.left = 0;
                }
            }
            let rest = std::mem::take(&mut st.battle.left);
            st.battle.targets.clear();
            match st.battle.stage {
                Stage::Attacker => {
                    if rest > 0 {
                        st.core.note(attacker, "damage", None, Some(rest));
                        st.core.damage(owner, rest);
                    }
                    if st.core.over() {
                        return;
                    }
                    st.battle.stage = Stage::Defender;
                    st.battle.left = st.battle.defence;
                    st.battle.targets = std::mem::take(&mut st.battle.sources);
                }
                Stage::Defender => {
                    if rest > 0 && self.options.defender_leftover == DefenderLeftover::ToLife {
                        st.core.damage(owner, rest);
                    }
                    st.battle = Battle::default();
                    if !st.core.over() {
                        st.phase = Phase::Main;
                    }
                    return;
                }
            }
        }
    }

    fn kill_in_battle(&self, st: &mut State, c: u16) {
        st.core
            .note(self.owner(c), "killed in battle", Some(c), None);
        self.kill(st, c);
    }

    /// Distributing: all that `card` contributed goes on it; it dies.
    fn kill_source(&self, st: &mut State, card: u16) -> Result<(), Illegal> {
        let left = st.battle.left;
        let Some(i) = st
            .battle
            .targets
            .iter()
            .position(|&(c, n)| c == card && i32::from(n) <= left)
        else {
            return Err(Illegal::new(
                "BW Distributing",
                format!(
                    "{} is not an attack source the ⚔ left ({left}) can kill",
                    self.table.copy_name(card)
                ),
            ));
        };
        let (_, n) = st.battle.targets.remove(i);
        st.battle.left -= i32::from(n);
        self.kill_in_battle(st, card);
        self.distribution(st);
        Ok(())
    }

    /// Distributing: no more kills — legal when the ⚔ left fits on the
    /// sources left without killing one (L145 "as much as you can").
    fn kill_no_more(&self, st: &mut State) -> Result<(), Illegal> {
        let room: i32 = st
            .battle
            .targets
            .iter()
            .map(|&(_, n)| i32::from(n) - 1)
            .sum();
        ensure(st.battle.left <= room, "BW Distributing", || {
            format!(
                "{} ⚔ left do not fit on the sources without killing one",
                st.battle.left
            )
        })?;
        st.battle.left = 0;
        st.battle.targets.clear();
        self.distribution(st);
        Ok(())
    }

    /// Distributing: the suggested kills ([`BizarreWorld::suggested_kills`]).
    fn distribute_suggested(&self, st: &mut State) {
        let kills = self.suggested_kills(st.battle.left, &st.battle.targets);
        for c in kills {
            let _ = self.kill_source_quietly(st, c);
        }
        self.distribution(st);
    }

    fn kill_source_quietly(&self, st: &mut State, card: u16) -> Option<()> {
        let i = st.battle.targets.iter().position(|&(c, _)| c == card)?;
        let (_, n) = st.battle.targets.remove(i);
        st.battle.left -= i32::from(n);
        self.kill_in_battle(st, card);
        Some(())
    }

    /// The sources `attack` ⚔ kills in the suggested distribution: the set
    /// worth most (then the most creatures) whose contributions it covers —
    /// never a kill left out that the ⚔ could still make (BW 12).
    pub fn suggested_kills(&self, attack: i32, targets: &[(u16, u8)]) -> Vec<u16> {
        let value = |c: u16| super::policy::creature_value(self, c);
        if targets.len() <= 16 {
            let mut best: Option<((i32, u32), u32)> = None;
            for mask in 0u32..(1 << targets.len()) {
                let mut cost = 0i32;
                let mut worth = 0i32;
                for (i, &(c, n)) in targets.iter().enumerate() {
                    if mask & (1 << i) != 0 {
                        cost += i32::from(n);
                        worth += value(c);
                    }
                }
                if cost <= attack {
                    let key = (worth, mask.count_ones());
                    if best.is_none_or(|(k, _)| key > k) {
                        best = Some((key, mask));
                    }
                }
            }
            let mask = best.map_or(0, |(_, m)| m);
            return targets
                .iter()
                .enumerate()
                .filter(|(i, _)| mask & (1 << i) != 0)
                .map(|(_, &(c, _))| c)
                .collect();
        }
        // many sources: the most valuable first, skipping what it cannot kill
        let mut order = targets.to_vec();
        order.sort_by_key(|&(c, n)| (std::cmp::Reverse(value(c)), n));
        let mut left = attack;
        let mut out = Vec::new();
        for (c, n) in order {
            if i32::from(n) <= left {
                left -= i32::from(n);
                out.push(c);
            }
        }
        out
    }

    // ------------------------------------------------------------ listing

    pub(super) fn legal(&self, st: &State, out: &mut Vec<Action>) {
        out.clear();
        if st.core.over() {
            return;
        }
        let p = self.to_act_now(st);
        let try_push = |a: Action, out: &mut Vec<Action>| push_if_legal(self, st, a, out);
        match st.phase {
            Phase::Over => {}
            Phase::Sacrifice => {
                for &c in st.core.zones.get(z(p, Zone::Hand)) {
                    out.push(Action::Sacrifice { card: c });
                }
                out.push(Action::Next);
            }
            Phase::Pay => {
                out.push(Action::PayRest);
                let mut opts = Vec::new();
                self.payment_options(st, &mut opts);
                out.extend(opts.into_iter().map(|card| Action::Exhaust { card }));
            }
            Phase::Distribute => {
                out.push(Action::Distribute);
                let left = st.battle.left;
                for &(c, n) in &st.battle.targets {
                    if i32::from(n) <= left {
                        out.push(Action::Kill { card: c });
                    }
                }
                try_push(Action::Next, out);
            }
            Phase::Main | Phase::Respond => {
                // each move paid the suggested way first, then (when a
                // resource creature could pay) choosing what pays (BW 12)
                let both = |a: Action, b: Action, out: &mut Vec<Action>| {
                    let n = out.len();
                    try_push(a, out);
                    if out.len() > n {
                        try_push(b, out);
                    }
                };
                if st.phase == Phase::Main {
                    for &c in st.core.zones.get(z(p, Zone::Hand)) {
                        both(
                            Action::Play { card: c },
                            Action::PlayChoosing { card: c },
                            out,
                        );
                    }
                }
                for &c in st.core.zones.get(z(p, Zone::Play)) {
                    for (w, ab) in self.def(c).actives.iter().enumerate() {
                        let w = w as u8;
                        both(
                            Action::Activate {
                                card: c,
                                ability: w,
                            },
                            Action::ActivateChoosing {
                                card: c,
                                ability: w,
                            },
                            out,
                        );
                        if ab.exhaust > 0 && !ab.kill_self {
                            let most = self.available(st, p, ab.special, Some(c))
                                / usize::from(ab.exhaust);
                            for times in 2..=most.min(usize::from(u8::MAX)) as u8 {
                                both(
                                    Action::Repeat {
                                        card: c,
                                        ability: w,
                                        times,
                                    },
                                    Action::RepeatChoosing {
                                        card: c,
                                        ability: w,
                                        times,
                                    },
                                    out,
                                );
                            }
                        }
                    }
                }
                if st.phase == Phase::Main {
                    try_push(Action::Attack, out);
                }
                out.push(Action::Next);
            }
        }
    }
}

/// The game as the effect interpreter sees it.
pub struct Table<'a> {
    pub rules: &'a BizarreWorld,
    pub st: &'a mut State,
}

impl Host for Table<'_> {
    fn lasting(&mut self) -> &mut LastingSet {
        &mut self.st.core.lasting
    }

    fn cards(&self, ctx: &Ctx, who: Who, _kind: Kind, _reach: Option<Reach>, out: &mut Vec<u16>) {
        let p = match who {
            Who::Enemy | Who::Opponent => 1 - ctx.controller,
            _ => ctx.controller,
        };
        out.extend(self.st.core.zones.get(z(p, Zone::Play)));
    }

    fn stopped(&self) -> bool {
        self.st.core.over()
    }

    fn draw(&mut self, p: usize, n: u8) {
        for _ in 0..n {
            if !self.st.core.over() {
                self.rules.draw(self.st, p);
            }
        }
    }

    fn gain(&mut self, on: Ref, what: Resource, n: u8, ctx: &Ctx) {
        let Ref::Player(p) = on else { return };
        match what {
            Resource::Attack => {
                self.st.attack[p] += i32::from(n);
                // the creature that grants it is an attack source (while in play)
                if self.rules.owner(ctx.source) == p {
                    let c = &mut self.st.contributed[usize::from(ctx.source)];
                    *c = c.saturating_add(n);
                }
            }
            Resource::Life => self.st.core.gain_life(p, i32::from(n)),
            _ => {}
        }
    }

    fn lose(&mut self, on: Ref, what: Resource, n: u8, _ctx: &Ctx) {
        if let (Ref::Player(p), Resource::Life) = (on, what) {
            self.st.core.note(p, "loses life", None, Some(i32::from(n)));
            self.st.core.life[p] -= i32::from(n);
            if self.st.core.life[p] <= 0 {
                self.st.core.win(other(p), "life ran out");
            }
        }
    }

    fn damage(&mut self, on: Ref, n: u8, ctx: &Ctx) {
        if let Ref::Player(p) = on {
            self.st.core.note(
                ctx.controller,
                "damage",
                Some(ctx.source),
                Some(i32::from(n)),
            );
            self.st.core.damage(p, i32::from(n));
        }
    }

    fn can_pay(&self, cost: &Cost, _ctx: &Ctx) -> bool {
        // the engine pays the cost box itself before resolving
        matches!(cost, Cost::Exhaust { .. } | Cost::Sacrifice)
    }
}
