//! The rules of a Dice of Destiny game: turns, plays and the stack, creature
//! effects, the Bonus Draw; and the table the effect interpreter acts on
//! ([`Table`]). Attacks, their defence and the game's end are in
//! [`super::combat`].

use super::cards::Kind;
use super::{
    ATTACKED, Action, DECLARED, DiceOfDestiny, Grant, OffTurnRerolls, Pending, Phase, REACTED,
    SICK, State, USED, Zone, z,
};
use crate::engine::core::{At, Illegal, ensure, other, roll};
use crate::engine::effect::interp::{self, Ctx, Host, Ref};
use crate::engine::effect::lasting::{Holder, LastingSet};
use crate::engine::effect::{
    Condition, Kind as Which, Place, Reach, Resource, Status, Step, Verb, Who,
};

impl DiceOfDestiny {
    // ------------------------------------------------------------ turns

    /// Player `p`'s turn starts: untap, the main draw, turn-start effects.
    pub(super) fn start_turn(&self, st: &mut State, p: usize) {
        if !st.core.open_turn(p, self.max_turns) {
            st.phase = Phase::Over;
            return;
        }
        st.phase = Phase::Main;
        st.resume = Phase::Main;
        st.plays = 0;
        st.spells_off_turn = 0;
        st.bonus_draw_used = false;
        st.declared = 0;
        // §4.3: the active player's creatures turn upright; everyone's
        // once-per-turn effects reset
        st.flags[self.table.range(p)].fill(0);
        if self.has_rerolls {
            st.rerolls_used[self.table.range(p)].fill(0);
        }
        for f in &mut st.flags[self.table.range(other(p))] {
            *f &= !(USED | REACTED);
        }
        let skip =
            self.setup.first_player_skips_draw && st.core.went_first(p) && st.core.turns[p] == 1;
        if !skip {
            for _ in 0..self.setup.draws_per_turn {
                self.draw(st, p);
            }
        }
        if self.has_turn_start {
            let mut i = 0;
            while i < st.core.zones.len(z(p, Zone::Battlefield)) && !st.core.over() {
                let c = st.core.zones.get(z(p, Zone::Battlefield))[i];
                if !self.suppressed(st, c) && !self.def(c).turn_start.is_empty() {
                    let abilities = self.def(c).turn_start.clone();
                    for a in &abilities {
                        self.run(st, c, a, None, None);
                    }
                }
                i += 1;
            }
        }
        if p == 0 {
            let plays = self.setup.plays_per_turn as usize;
            let playable = st
                .core
                .zones
                .get(z(0, Zone::Hand))
                .iter()
                .filter(|&&c| self.def(c).kind != Kind::Blank)
                .count()
                .min(plays);
            let t = st.core.trace.current();
            t.resources = st.core.zones.len(z(0, Zone::Battlefield)) as u16;
            t.hand = st.core.zones.len(z(0, Zone::Hand)) as u16;
            t.castable = playable as u16;
        }
        if st.core.over() {
            st.phase = Phase::Over;
        } else if st.core.passive[p] {
            // the goldfish dummy has nothing to do in its main phase: its
            // turn goes straight to the other player's window
            self.end_main(st);
        }
    }

    /// The active player is done: the other player's end-of-turn window,
    /// or straight to the next turn when nobody plays that seat.
    fn end_main(&self, st: &mut State) {
        let o = other(st.core.active);
        if st.core.passive[o] {
            self.finish_turn(st);
        } else {
            st.phase = Phase::Window { by: o as u8 };
        }
    }

    fn finish_turn(&self, st: &mut State) {
        let p = st.core.active;
        // "This turn, you may reroll ...": a grant ends with its owner's turn
        // (DD 10: one cast on the other player's turn lasts through its
        // caster's next turn, the only turn it has attack dice), or with the
        // turn it was cast in (option off_turn_rerolls = this-turn)
        if !st.grants.is_empty() {
            match self.options.off_turn_rerolls {
                OffTurnRerolls::NextOwnTurn => st.grants.retain(|g| usize::from(g.owner) != p),
                OffTurnRerolls::ThisTurn => st.grants.clear(),
            }
        }
        st.core.close_turn(p);
        self.start_turn(st, other(p));
    }

    /// Draws one card, reshuffling the graveyard into an empty deck (§2.4);
    /// with both empty nothing is drawn (DD §6.7).
    pub(super) fn draw(&self, st: &mut State, p: usize) {
        if st.core.passive[p] {
            return;
        }
        if st.core.zones.is_empty(z(p, Zone::Deck)) && self.setup.recycle_graveyard {
            if st.core.zones.is_empty(z(p, Zone::Graveyard)) {
                return;
            }
            st.core
                .zones
                .move_all(z(p, Zone::Graveyard), z(p, Zone::Deck));
            let mut rng = std::mem::replace(&mut st.core.rng, crate::engine::rng(0));
            st.core.zones.shuffle(z(p, Zone::Deck), &mut rng);
            st.core.rng = rng;
            st.core.note(p, "graveyard reshuffled", None, None);
        }
        st.core.draw(p, z(p, Zone::Deck), z(p, Zone::Hand));
    }

    // ------------------------------------------------------------ queries

    /// Whether a creature is a rubber duck (no effect, cannot attack).
    #[inline]
    pub fn suppressed(&self, st: &State, c: u16) -> bool {
        st.core
            .lasting
            .has_status(Holder::Card(c), Status::Suppressed)
    }

    /// A creature on the battlefield that can attack now.
    #[inline]
    pub fn ready(&self, st: &State, c: u16) -> bool {
        let f = st.flags[usize::from(c)];
        f & (ATTACKED | DECLARED) == 0
            && (f & SICK == 0 || self.def(c).haste)
            && !self.suppressed(st, c)
    }

    /// The creatures a spell or an effect may target: every creature on
    /// either battlefield that is not a rubber duck (§2.11: a target that
    /// "turns into a rubber duck" has become illegal, rules-notes DD 12).
    pub fn targets(&self, st: &State) -> Vec<u16> {
        let ducks = !st.core.lasting.is_empty();
        (0..2)
            .flat_map(|p| st.core.zones.get(z(p, Zone::Battlefield)).iter().copied())
            .filter(|&c| !ducks || !self.suppressed(st, c))
            .collect()
    }

    /// Rerolls player `p` has left for its attack dice: its creatures'
    /// not used this turn plus what effects gave it (§4.6 "they stack").
    pub fn rerolls_left(&self, st: &State, p: usize) -> u8 {
        self.usable_rerolls(st, p, u8::MAX)
    }

    /// The most rerolls player `p` can use on `dice` attack dice: each
    /// source (a creature's text, a spell's grant) rerolls up to its number
    /// of *different* dice, each once (DD 10 "reroll up to N dice").
    pub fn usable_rerolls(&self, st: &State, p: usize, dice: u8) -> u8 {
        let mut n = 0u8;
        if self.has_rerolls {
            for &c in st.core.zones.get(z(p, Zone::Battlefield)) {
                let r = self.def(c).rerolls;
                if r > 0 && !self.suppressed(st, c) {
                    let left = r.saturating_sub(st.rerolls_used[usize::from(c)]);
                    n = n.saturating_add(left.min(dice));
                }
            }
        }
        for g in &st.grants {
            if usize::from(g.owner) == p {
                n = n.saturating_add(g.left.min(dice));
            }
        }
        n
    }

    /// Whether player `o` gets a window to answer with spells (DD 9): a
    /// seat somebody plays, with cards in hand and a spell play left —
    /// public facts only, so the window itself tells nothing of its hand.
    pub fn can_respond(&self, st: &State, o: usize) -> bool {
        !st.core.passive[o]
            && !st.core.zones.is_empty(z(o, Zone::Hand))
            && self.played(st, o) < self.play_limit(st, o)
    }

    /// How many cards player `p` may play in all this turn.
    pub fn play_limit(&self, st: &State, p: usize) -> u8 {
        let own = p == st.core.active;
        let base = if own {
            self.setup.plays_per_turn
        } else {
            self.setup.spells_on_opponent_turn
        } as u8;
        let third_ok = (own || self.options.third_card_on_opponent_turn)
            && !st.third_card_used[p]
            && st.core.life[p] < st.core.life[other(p)];
        if third_ok {
            base + (self.setup.third_card_plays - self.setup.plays_per_turn) as u8
        } else {
            base
        }
    }

    /// Cards player `p` has played this turn.
    pub fn played(&self, st: &State, p: usize) -> u8 {
        if p == st.core.active {
            st.plays
        } else {
            st.spells_off_turn
        }
    }

    // ------------------------------------------------------------ actions

    pub(super) fn act(&self, st: &mut State, action: Action) -> Result<(), Illegal> {
        let who = self.to_act_now(st);
        match (st.phase, action) {
            (
                Phase::Main
                | Phase::Window { .. }
                | Phase::Respond { .. }
                | Phase::Attack { .. }
                | Phase::Effect { .. },
                Action::Play { card, target },
            ) => self.play(st, who, card, target)?,
            (Phase::Main | Phase::Window { .. }, Action::Activate { card }) => {
                self.activate(st, who, card)?
            }
            (Phase::Main, Action::Declare { card }) => {
                ensure(
                    st.core.zones.contains(z(who, Zone::Battlefield), card),
                    "DD §4.3",
                    || {
                        format!(
                            "{} is not one of your creatures in play",
                            self.table.copy_name(card)
                        )
                    },
                )?;
                ensure(self.ready(st, card), "DD §4.1", || {
                    format!(
                        "{} cannot attack (summoning sick, already attacked or declared, or a rubber duck)",
                        self.table.copy_name(card)
                    )
                })?;
                st.flags[usize::from(card)] |= DECLARED;
                st.declared += 1;
            }
            (Phase::Main, Action::Roll { rerolls }) => self.declare_roll(st, rerolls)?,
            (Phase::Main, Action::Attack { rerolls }) => {
                if rerolls > 0 {
                    let ready = st
                        .core
                        .zones
                        .get(z(who, Zone::Battlefield))
                        .iter()
                        .filter(|&&c| self.ready(st, c))
                        .count()
                        .min(usize::from(u8::MAX)) as u8;
                    let dice = ready.saturating_add(st.declared);
                    let left = self.usable_rerolls(st, who, dice);
                    ensure(rerolls <= left, "DD 10", || {
                        format!(
                            "{rerolls} rerolls declared but {dice} dice can use only {left} (each reroll effect rerolls different dice)"
                        )
                    })?;
                }
                for i in 0..st.core.zones.len(z(who, Zone::Battlefield)) {
                    let c = st.core.zones.get(z(who, Zone::Battlefield))[i];
                    if self.ready(st, c) {
                        st.flags[usize::from(c)] |= DECLARED;
                        st.declared = st.declared.saturating_add(1);
                    }
                }
                self.declare_roll(st, rerolls)?;
            }
            (
                Phase::Window { .. }
                | Phase::Respond { .. }
                | Phase::Attack { .. }
                | Phase::Effect { .. },
                Action::BonusDraw { card },
            ) => {
                ensure(who != st.core.active, "DD §2.3", || {
                    "the Bonus Draw is taken on your opponent's turn, not your own".into()
                })?;
                ensure(
                    !st.bonus_draw_used && self.setup.bonus_draws > 0,
                    "DD §2.3",
                    || "the Bonus Draw is once on each of your opponent's turns".into(),
                )?;
                ensure(
                    st.core.zones.move_copy(
                        z(who, Zone::Hand),
                        card,
                        z(who, Zone::Graveyard),
                        At::Top,
                    ),
                    "DD §2.3",
                    || "that card is not in your hand".into(),
                )?;
                st.bonus_draw_used = true;
                st.core
                    .note(who, "bonus draw, discarding", Some(card), None);
                self.draw(st, who);
            }
            (Phase::Defend, Action::Block { card, die }) => self.block(st, who, card, die)?,
            (Phase::Defend, Action::ForceReroll { card, die }) => {
                self.force_reroll(st, who, card, die)?
            }
            (Phase::Defend, Action::Pass) => {
                st.phase = Phase::Main;
                self.land_hits(st);
            }
            (Phase::Respond { .. }, Action::Pass) => {
                self.resolve_stack(st);
                if !st.core.over() {
                    st.phase = st.resume;
                }
            }
            (Phase::Window { .. }, Action::Pass) => self.finish_turn(st),
            (Phase::Attack { rerolls }, Action::Pass) => self.roll_dice(st, rerolls),
            (Phase::Effect { card, .. }, Action::Pass) => self.resolve_effect(st, card),
            (Phase::Main, Action::Next) => {
                ensure(st.declared == 0, "DD §4.3", || {
                    "roll for the declared attackers first".into()
                })?;
                self.end_main(st)
            }
            (phase, a) => {
                return Err(Illegal::new(
                    "DD §2.2",
                    format!("{a:?} is not possible now ({phase:?})"),
                ));
            }
        }
        if st.core.over() {
            st.phase = Phase::Over;
        }
        Ok(())
    }

    fn to_act_now(&self, st: &State) -> usize {
        use crate::engine::game::Rules;
        self.to_act(st)
    }

    fn play(
        &self,
        st: &mut State,
        who: usize,
        card: u16,
        target: Option<u16>,
    ) -> Result<(), Illegal> {
        let Some(pos) = st.core.zones.position(z(who, Zone::Hand), card) else {
            return Err(Illegal::new(
                "DD §2.5",
                format!("{} is not in your hand", self.table.copy_name(card)),
            ));
        };
        let d = self.def(card);
        ensure(d.kind != Kind::Blank, "importance blank", || {
            "a blank card cannot be played".into()
        })?;
        let own = who == st.core.active && st.phase == Phase::Main;
        ensure(own || d.kind == Kind::Spell, "DD §2.5", || {
            "on your opponent's turn you can play spells only, no creatures".into()
        })?;
        if d.response_only {
            let spell_below = matches!(st.phase, Phase::Respond { .. })
                && st
                    .stack
                    .last()
                    .is_some_and(|t| self.def(t.card).kind == Kind::Spell);
            ensure(spell_below, "card text", || {
                format!(
                    "{} is played only in response to a spell",
                    self.table.copy_name(card)
                )
            })?;
        }
        if d.needs_target {
            let in_play = self.targets(st);
            match target {
                Some(t) => ensure(in_play.contains(&t), "DD §2.11", || {
                    "choose a target creature in play that is not a rubber duck".into()
                })?,
                // §2.11: "If there's no target of a creature card effect,
                // then the card does nothing, but it sticks around"
                None => ensure(
                    d.kind == Kind::Creature && in_play.is_empty(),
                    "DD §2.11",
                    || {
                        if d.kind == Kind::Creature {
                            "choose a target creature in play (with none in play it is played without one)".into()
                        } else {
                            "choose a target creature in play that is not a rubber duck".into()
                        }
                    },
                )?,
            }
        } else {
            ensure(target.is_none(), "DD §2.11", || {
                format!("{} chooses no target", self.table.copy_name(card))
            })?;
        }
        let limit = self.play_limit(st, who);
        let played = self.played(st, who);
        ensure(played < limit, "DD §2.5", || {
            format!("you have played {played} cards this turn (the limit is {limit})")
        })?;
        let base = if who == st.core.active {
            self.setup.plays_per_turn
        } else {
            self.setup.spells_on_opponent_turn
        };
        if who == st.core.active {
            st.plays += 1;
        } else {
            st.spells_off_turn += 1;
        }
        if u32::from(self.played(st, who)) > base {
            st.third_card_used[who] = true;
        }
        st.core
            .zones
            .move_card(z(who, Zone::Hand), pos, z(who, Zone::Stack), At::Top);
        st.stack.push(Pending {
            card,
            owner: who as u8,
            target,
            countered: false,
        });
        if who == 0 {
            st.core.trace.add_play(self.table.def_index(card));
        }
        st.core.note(who, "play", Some(card), None);
        // §2.7: the other player may respond; a passive one never does
        let o = other(who);
        if !st.core.passive[o] && !st.core.zones.is_empty(z(o, Zone::Hand)) {
            if !matches!(st.phase, Phase::Respond { .. }) {
                st.resume = st.phase;
            }
            st.phase = Phase::Respond { by: o as u8 };
        } else if !matches!(st.phase, Phase::Respond { .. }) {
            self.resolve_stack(st);
        } else {
            // a response nobody can answer: the stack resolves
            self.resolve_stack(st);
            if !st.core.over() {
                st.phase = st.resume;
            }
        }
        Ok(())
    }

    /// Resolves the stack top to bottom, then the arrival effects of the
    /// creatures that entered, the active player's first (§2.10).
    pub(super) fn resolve_stack(&self, st: &mut State) {
        while let Some(top) = st.stack.pop() {
            let p = usize::from(top.owner);
            let d = self.def(top.card);
            // §2.11: a spell whose target left fizzles; a creature arrives
            // all the same (its arrival effect then finds no target)
            let fizzle = top.countered
                || (d.needs_target
                    && d.kind != Kind::Creature
                    && top.target.is_none_or(|t| !self.targets(st).contains(&t)));
            match d.kind {
                Kind::Creature if !fizzle => {
                    st.core.zones.move_copy(
                        z(p, Zone::Stack),
                        top.card,
                        z(p, Zone::Battlefield),
                        At::Top,
                    );
                    st.flags[usize::from(top.card)] = SICK;
                    // only arrivals with an effect wait for §2.10's ordering
                    if !d.on_play.is_empty() {
                        st.arrivals.push((top.card, top.target));
                    }
                }
                _ => {
                    st.core.zones.move_copy(
                        z(p, Zone::Stack),
                        top.card,
                        z(p, Zone::Graveyard),
                        At::Top,
                    );
                    if fizzle {
                        st.core.note(p, "fizzles", Some(top.card), None);
                        continue;
                    }
                    let below = st.stack.last().map(|b| Ref::Card(b.card));
                    let abilities = d.on_play.clone();
                    for a in &abilities {
                        self.run(st, top.card, a, top.target.map(Ref::Card), below);
                    }
                }
            }
            if st.core.over() {
                return;
            }
        }
        if st.arrivals.is_empty() {
            return;
        }
        let active = st.core.active;
        let mut arrivals = std::mem::take(&mut st.arrivals);
        arrivals.sort_by_key(|&(c, _)| usize::from(self.owner(c) != active));
        for &(c, target) in &arrivals {
            if !st
                .core
                .zones
                .contains(z(self.owner(c), Zone::Battlefield), c)
            {
                continue;
            }
            let chosen = if self.def(c).needs_target {
                // §2.11: no target (none chosen, or it has left): the
                // creature stays and its effect does nothing
                match target.filter(|t| self.targets(st).contains(t)) {
                    Some(t) => Some(Ref::Card(t)),
                    None => {
                        st.core
                            .note(self.owner(c), "finds no target:", Some(c), None);
                        continue;
                    }
                }
            } else {
                None
            };
            let abilities = self.def(c).on_play.clone();
            for a in &abilities {
                self.run(st, c, a, chosen, None);
            }
            if st.core.over() {
                break;
            }
        }
        arrivals.clear();
        st.arrivals = arrivals;
    }

    fn activate(&self, st: &mut State, who: usize, card: u16) -> Result<(), Illegal> {
        ensure(
            who == st.core.active || self.options.creature_effects_on_opponent_turn,
            "DD §4.2",
            || {
                "creature effects are used on your own turn (option creature_effects_on_opponent_turn)".into()
            },
        )?;
        ensure(
            st.core.zones.contains(z(who, Zone::Battlefield), card),
            "DD §4.2",
            || "only your creatures in play use effects".into(),
        )?;
        let a = self.def(card).activated.clone().ok_or_else(|| {
            Illegal::new(
                "DD §4.2",
                format!("{} has no effect to use", self.table.copy_name(card)),
            )
        })?;
        ensure(!self.suppressed(st, card), "card text", || {
            format!(
                "{} is a rubber duck: it has no effect",
                self.table.copy_name(card)
            )
        })?;
        ensure(st.flags[usize::from(card)] & USED == 0, "DD §4.2", || {
            "each creature triggers its effect once per turn".into()
        })?;
        st.flags[usize::from(card)] |= USED;
        st.core.note(who, "effect", Some(card), None);
        // §2.9: "give your opponent the chance to respond before the effect
        // starts"
        let o = other(who);
        if self.can_respond(st, o) {
            st.phase = Phase::Effect { card, by: o as u8 };
            return Ok(());
        }
        self.run(st, card, &a, None, None);
        Ok(())
    }

    /// The other player let an announced creature effect start (§2.9): it
    /// resolves if its creature is still in play and not a rubber duck.
    fn resolve_effect(&self, st: &mut State, card: u16) {
        let owner = self.owner(card);
        st.phase = if owner == st.core.active {
            Phase::Main
        } else {
            Phase::Window { by: owner as u8 }
        };
        let here = st.core.zones.contains(z(owner, Zone::Battlefield), card);
        match self.def(card).activated.clone() {
            Some(a) if here && !self.suppressed(st, card) => self.run(st, card, &a, None, None),
            _ => st
                .core
                .note(owner, "effect does nothing:", Some(card), None),
        }
    }

    // ------------------------------------------------------------ effects

    /// Runs one ability of `card` (controlled by its owner).
    pub(super) fn run(
        &self,
        st: &mut State,
        card: u16,
        a: &crate::engine::effect::Ability,
        chosen: Option<Ref>,
        other_ref: Option<Ref>,
    ) {
        let ctx = Ctx::new(card, self.owner(card))
            .choosing(chosen)
            .about(chosen, other_ref);
        let mut t = Table { rules: self, st };
        interp::use_ability(&mut t, &ctx, a);
    }
}

/// The game as the effect interpreter sees it.
pub struct Table<'a> {
    pub rules: &'a DiceOfDestiny,
    pub st: &'a mut State,
}

impl Host for Table<'_> {
    fn lasting(&mut self) -> &mut LastingSet {
        &mut self.st.core.lasting
    }

    fn cards(&self, ctx: &Ctx, who: Who, _kind: Which, _reach: Option<Reach>, out: &mut Vec<u16>) {
        let you = ctx.controller;
        let players: &[usize] = match who {
            Who::Ally | Who::You => &[you],
            Who::Enemy | Who::Opponent => &[1 - you],
            _ => &[0, 1],
        };
        for &p in players {
            out.extend(self.st.core.zones.get(z(p, Zone::Battlefield)));
        }
    }

    fn stopped(&self) -> bool {
        self.st.core.over()
    }

    fn draw(&mut self, p: usize, n: u8) {
        for _ in 0..n {
            self.rules.draw(self.st, p);
        }
    }

    fn gain(&mut self, on: Ref, what: Resource, n: u8, _ctx: &Ctx) {
        if let (Ref::Player(p), Resource::Life) = (on, what) {
            self.st.core.gain_life(p, i32::from(n));
        }
    }

    /// "Your opponent loses 1 life" (§1.4 life points): life goes down as
    /// a hit's does, with §5.2's tiebreaker when both reach zero.
    fn lose(&mut self, on: Ref, what: Resource, n: u8, _ctx: &Ctx) {
        if let (Ref::Player(p), Resource::Life) = (on, what) {
            self.st.core.note(p, "loses life", None, Some(i32::from(n)));
            self.rules.hurt(self.st, p, i32::from(n));
        }
    }

    fn damage(&mut self, on: Ref, n: u8, ctx: &Ctx) {
        if let Ref::Player(p) = on {
            self.st.core.note(
                ctx.controller,
                "damage by",
                Some(ctx.source),
                Some(i32::from(n)),
            );
            self.rules.hurt(self.st, p, i32::from(n));
        }
    }

    fn return_to_hand(&mut self, card: u16) {
        let p = self.rules.owner(card);
        if self
            .st
            .core
            .zones
            .move_copy(z(p, Zone::Battlefield), card, z(p, Zone::Hand), At::Top)
        {
            // §4.2: back in play later it is a whole new card
            self.st.flags[usize::from(card)] = 0;
            self.st.core.lasting.left_play(card);
            self.st.core.note(p, "returns to hand", Some(card), None);
        }
    }

    fn search(&mut self, p: usize, from: Place, kind: Which) -> bool {
        if from != Place::Deck {
            return false;
        }
        let want = match kind {
            Which::Spell => Kind::Spell,
            Which::Creature => Kind::Creature,
            _ => return false,
        };
        // the most useful card of that kind (§2.13 allows finding nothing)
        let best = self
            .st
            .core
            .zones
            .get(z(p, Zone::Deck))
            .iter()
            .copied()
            .filter(|&c| self.rules.def(c).kind == want)
            .max_by_key(|&c| (self.rules.def(c).race_value, std::cmp::Reverse(c)));
        match best {
            Some(c) => {
                self.st
                    .core
                    .zones
                    .move_copy(z(p, Zone::Deck), c, z(p, Zone::Hand), At::Top);
                // §2.12: "show your opponent what you found"
                self.st.core.note_shown(p, "searches out and shows", c);
                true
            }
            None => false,
        }
    }

    fn shuffle(&mut self, p: usize, what: Place) {
        if what == Place::Deck {
            let mut rng = std::mem::replace(&mut self.st.core.rng, crate::engine::rng(0));
            self.st.core.zones.shuffle(z(p, Zone::Deck), &mut rng);
            self.st.core.rng = rng;
        }
    }

    fn roll_die(&mut self) -> u32 {
        roll(&mut self.st.core.rng, self.rules.setup.die_sides)
    }

    /// §3.2 "If a card says you may do something, it's optional": a seat
    /// played by hand answers as a move; another seat's policy decides.
    fn may(&mut self, step: &Step, ctx: &Ctx) -> bool {
        if self.st.core.by_hand[ctx.controller] {
            crate::engine::core::may::ask(self.st, |st| &mut st.may, ctx.controller, ctx.source)
        } else {
            super::policy::may(step)
        }
    }

    fn holds(&self, cond: &Condition, _ctx: &Ctx) -> bool {
        match cond {
            // checked when the card was played; true while it resolves
            Condition::RespondingToSpell => true,
            _ => false,
        }
    }

    fn special(&mut self, step: &Step, on: Option<Ref>, ctx: &Ctx) -> u32 {
        match (&step.verb, on) {
            // DD 10: the rerolls are the caster's, for its own attack dice
            (Verb::Rerolls { n }, _) if *n > 0 => self.st.grants.push(Grant {
                owner: ctx.controller as u8,
                left: *n,
            }),
            // "that spell fizzles": the stack entry below the counter
            (Verb::Negate, Some(Ref::Card(c))) => {
                if let Some(e) = self.st.stack.iter_mut().rev().find(|e| e.card == c) {
                    e.countered = true;
                }
            }
            _ => {}
        }
        0
    }
}
