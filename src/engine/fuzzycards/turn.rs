//! The rules of a Fuzzycards turn: setup (the Genesis Flip, mulligans), the
//! six phases, playing cards, Activate abilities, Settle moves, the hand
//! limit, end-of-turn effects and Burn; what a card is now (stats, keywords,
//! Silence); and running a card's abilities through the effect interpreter.

use std::cmp::Ordering;

use super::cards::{BURN, Def, Kind, RUSH, STEALTH, target_kind_ok};
use super::host::Host;
use super::{
    Action, DecodeSkip, FRESH, Fuzzycards, MulliganHand, Phase, REVEALED, Row, RushFullAltar,
    SHIELDED, State, USED, Zone, z,
};
use crate::engine::core::{At, Illegal, Seat, ensure, other};
use crate::engine::effect::interp::{self, Ctx, Ref};
use crate::engine::effect::lasting::Holder;
use crate::engine::effect::{Ability, Keyword, Limit, Status, Who};

/// How many times the Genesis Flip re-reveals before the given seat stands
/// (two decks of identical cards tie forever).
const REVEALS: usize = 100;

/// The field rows, in the order effects and Burn visit them.
const ROWS: [Zone; 2] = [Zone::Altar, Zone::Vault];

impl Fuzzycards {
    // ------------------------------------------------------------ setup

    /// The Genesis Flip on shuffled Scrolls (rules-notes FZ §3, §6.3): the
    /// seat player 0 takes, the revealed cards staying on top.
    pub(super) fn flip(&self, st: &mut State) -> Option<Seat> {
        let key = |c: u16| {
            let d = self.def(c);
            (d.cost, d.atk, d.def)
        };
        for _ in 0..REVEALS {
            let a = st.core.zones.top(z(0, Zone::Scroll))?;
            let b = st.core.zones.top(z(1, Zone::Scroll))?;
            match key(a).cmp(&key(b)) {
                Ordering::Greater => return Some(Seat::First),
                Ordering::Less => return Some(Seat::Second),
                Ordering::Equal => {
                    let core = &mut st.core;
                    for p in 0..2 {
                        core.zones.shuffle(z(p, Zone::Scroll), &mut core.rng);
                    }
                }
            }
        }
        None
    }

    /// The opening hands, drawn once the seats are known, and the first
    /// mulligan decision.
    pub(super) fn draw_openings(&self, st: &mut State) {
        for p in 0..2 {
            if st.core.passive[p] {
                continue;
            }
            let seat = if st.core.went_first(p) {
                Seat::First
            } else {
                Seat::Second
            };
            for _ in 0..self.opening(seat) {
                st.core
                    .zones
                    .move_top(z(p, Zone::Scroll), z(p, Zone::Hand), At::Top);
            }
        }
        st.phase = super::Phase::Mulligan {
            by: st.core.seat.first_player() as u8,
        };
    }

    /// The Genesis Flip's winner `by` goes first or second (FZ §6.14: the
    /// winner chooses); the hands are drawn and the mulligans follow.
    fn choose_order(&self, st: &mut State, by: usize, first: bool) {
        let goes_first = if first { by } else { other(by) };
        st.core.seat = if goes_first == 0 {
            Seat::First
        } else {
            Seat::Second
        };
        st.core.active = goes_first;
        st.core
            .note(by, if first { "go first" } else { "go second" }, None, None);
        self.draw_openings(st);
        self.next_mulligan(st, None);
    }

    /// How many cards player `p`'s mulligan draws (FZ §6.2).
    pub fn mulligan_size(&self, st: &State, p: usize) -> usize {
        match self.options.mulligan_hand {
            MulliganHand::Rulebook => self.setup.mulligan_hand as usize,
            MulliganHand::SameSize => st.core.zones.len(z(p, Zone::Hand)),
        }
    }

    /// The once-per-game mulligan itself: the hand shuffled into the Scroll,
    /// then 5 (or as many as it held) drawn.
    pub fn take_mulligan(&self, st: &mut State, p: usize) {
        let n = self.mulligan_size(st, p);
        let (hand, scroll) = (z(p, Zone::Hand), z(p, Zone::Scroll));
        while let Some(c) = st.core.zones.top(hand) {
            st.core.zones.move_copy(hand, c, scroll, At::Top);
        }
        let core = &mut st.core;
        core.zones.shuffle(scroll, &mut core.rng);
        for _ in 0..n {
            st.core.zones.move_top(scroll, hand, At::Top);
        }
        st.mulligans[p] -= 1;
        st.core.note(p, "mulligan", None, Some(n as i32));
    }

    /// The next player to decide on a mulligan after `after` (the first
    /// player decides first), or the first turn when nobody is left.
    pub(super) fn next_mulligan(&self, st: &mut State, after: Option<usize>) {
        let first = st.core.seat.first_player();
        let order = [first, other(first)];
        let from = after.map_or(0, |p| usize::from(p != first) + 1);
        for &q in &order[from.min(2)..] {
            if !st.core.passive[q] && st.mulligans[q] > 0 {
                st.phase = Phase::Mulligan { by: q as u8 };
                return;
            }
        }
        let p = first;
        self.begin_turn(st, p);
        if !st.core.over() && st.core.passive[p] {
            self.pass_turn(st);
        }
    }

    // ------------------------------------------------------------ turns

    /// Genesis, turn-start effects, Decode and the start of Activate.
    pub(super) fn begin_turn(&self, st: &mut State, p: usize) {
        if !st.core.open_turn(p, self.max_turns) {
            st.phase = super::Phase::Over;
            return;
        }
        for q in 0..2 {
            for row in ROWS {
                for &c in st.core.zones.get(z(q, row)) {
                    let f = &mut st.flags[usize::from(c)];
                    *f &= if q == p {
                        !(FRESH | super::ATTACKED | USED | SHIELDED)
                    } else {
                        !SHIELDED
                    };
                }
            }
        }
        // an Equip Relic's own Activate is once per turn too
        for &c in st.core.zones.get(z(p, Zone::Equipped)) {
            st.flags[usize::from(c)] &= !USED;
        }
        st.phase = Phase::Activate;
        if st.core.passive[p] {
            return;
        }
        st.energy[p] =
            (st.energy[p] + self.setup.energy_per_turn as u8).min(self.setup.energy_max as u8);
        if self.has_turn_start {
            self.each_field(st, p, |d| &d.turn_start);
        }
        let skip = st.core.turns[p] == 1
            && self.setup.first_player_skips_draw
            && (st.core.went_first(p) || self.options.decode_skip == DecodeSkip::BothPlayersTurn1);
        if !skip {
            for _ in 0..self.setup.draws_per_turn {
                if st.core.over() || !self.draw(st, p) {
                    break;
                }
            }
        }
        if st.core.over() {
            st.phase = Phase::Over;
            return;
        }
        if p == 0 {
            let energy = st.energy[0];
            let castable = st
                .core
                .zones
                .get(z(0, Zone::Hand))
                .iter()
                .filter(|&&c| {
                    let d = self.def(c);
                    d.kind != Kind::Blank && d.cost <= energy
                })
                .count();
            let t = st.core.trace.current();
            t.resources = u16::from(energy);
            t.hand = st.core.zones.len(z(0, Zone::Hand)) as u16;
            t.castable = castable as u16;
        }
    }

    /// The active player's Exodus is over: end-of-turn effects and Burn,
    /// then the next turn; a passive player's turns pass at once.
    pub(super) fn pass_turn(&self, st: &mut State) {
        let mut p = st.core.active;
        loop {
            if self.has_turn_end {
                self.each_field(st, p, |d| &d.turn_end);
            }
            if (self.may_burn || !st.core.lasting.is_empty()) && !st.core.over() {
                self.burn(st, p);
            }
            st.core.close_turn(p);
            if st.core.over() {
                st.phase = Phase::Over;
                return;
            }
            p = other(p);
            self.begin_turn(st, p);
            if st.core.over() || !st.core.passive[p] {
                return;
            }
        }
    }

    /// Runs the abilities `which` picks of player `p`'s cards in play
    /// (Altar, Vault, then Equip Relics).
    fn each_field(&self, st: &mut State, p: usize, which: fn(&Def) -> &Vec<Ability>) {
        for zone in [Zone::Altar, Zone::Vault, Zone::Equipped] {
            let mut i = 0;
            while i < st.core.zones.len(z(p, zone)) && !st.core.over() {
                let c = st.core.zones.get(z(p, zone))[i];
                let list = which(self.def(c));
                if !list.is_empty() && !self.silenced(st, c) {
                    self.run(st, c, list, None, None);
                }
                i += 1;
            }
        }
    }

    /// Burn X at the end of a turn (FZ §6.7: every turn, or only its
    /// owner's with `burn_every_turn = false`).
    fn burn(&self, st: &mut State, ending: usize) {
        for p in 0..2 {
            if p != ending && !self.options.burn_every_turn {
                continue;
            }
            for row in ROWS {
                let mut i = 0;
                while i < st.core.zones.len(z(p, row)) && !st.core.over() {
                    let c = st.core.zones.get(z(p, row))[i];
                    let x = self.burn_of(st, c);
                    if x > 0 {
                        st.core.note(p, "burn", Some(c), Some(i32::from(x)));
                        if self.damage_card(st, c, i32::from(x)).ko {
                            // the row shrank: the same index is the next card
                            continue;
                        }
                    }
                    i += 1;
                }
            }
        }
    }

    /// Draws one card; an empty Scroll loses the game (Scroll Out). A
    /// passive player draws nothing.
    pub(super) fn draw(&self, st: &mut State, p: usize) -> bool {
        if st.core.passive[p] {
            return true;
        }
        if st
            .core
            .draw(p, z(p, Zone::Scroll), z(p, Zone::Hand))
            .is_some()
        {
            return true;
        }
        st.core.win(other(p), "scroll out");
        st.phase = Phase::Over;
        false
    }

    // ------------------------------------------------------------ queries

    /// The row a card is in, if it is on the field.
    pub fn row_of(&self, st: &State, c: u16) -> Option<Row> {
        let p = self.owner(c);
        if st.core.zones.contains(z(p, Zone::Altar), c) {
            Some(Row::Altar)
        } else if st.core.zones.contains(z(p, Zone::Vault), c) {
            Some(Row::Vault)
        } else {
            None
        }
    }

    /// Whether a card's abilities are removed (Silence).
    #[inline]
    pub fn silenced(&self, st: &State, c: u16) -> bool {
        st.core
            .lasting
            .has_status(Holder::Card(c), Status::Silenced)
    }

    /// A stat now: printed, its own passive (unless silenced), its Equip
    /// Relics' boosts and lasting changes.
    fn stat(
        &self,
        st: &State,
        c: u16,
        printed: i16,
        own: i16,
        granted: i16,
        which: crate::engine::effect::Stat,
    ) -> i32 {
        let mut v = i32::from(printed) + i32::from(granted);
        if self.has_team {
            let t = self.team(st, c);
            v += i32::from(match which {
                crate::engine::effect::Stat::Atk => t.atk,
                crate::engine::effect::Stat::Def => t.def,
                crate::engine::effect::Stat::Hp => t.hp,
                _ => 0,
            });
        }
        if st.core.lasting.is_empty() {
            return v + i32::from(own);
        }
        if !self.silenced(st, c) {
            v += i32::from(own);
        }
        v + st.core.lasting.stat(c, which)
    }

    pub fn atk_of(&self, st: &State, c: u16) -> i32 {
        let d = self.def(c);
        let g = &st.grant[usize::from(c)];
        self.stat(
            st,
            c,
            d.atk,
            d.own.atk,
            g.atk,
            crate::engine::effect::Stat::Atk,
        )
    }

    pub fn def_of(&self, st: &State, c: u16) -> i32 {
        let d = self.def(c);
        let g = &st.grant[usize::from(c)];
        self.stat(
            st,
            c,
            d.def,
            d.own.def,
            g.def,
            crate::engine::effect::Stat::Def,
        )
    }

    /// HP a card has when undamaged.
    pub fn hp_of(&self, st: &State, c: u16) -> i32 {
        let d = self.def(c);
        let g = &st.grant[usize::from(c)];
        self.stat(st, c, d.hp, d.own.hp, g.hp, crate::engine::effect::Stat::Hp)
    }

    /// HP left.
    #[inline]
    pub fn remaining(&self, st: &State, c: u16) -> i32 {
        self.hp_of(st, c) - i32::from(st.damage[usize::from(c)])
    }

    /// What Hero `c` gets from its controller's cards on the field that buff
    /// their allied Heroes ("Allied Heroes get +1 ATK", "Your other Heroes
    /// get +1 DEF"): a Passive is "always active while card is on the field"
    /// (ABILITY TIMING), and a silenced card's abilities are removed.
    fn team(&self, st: &State, c: u16) -> super::cards::Grant {
        let mut g = super::cards::Grant::default();
        if self.def(c).kind != super::cards::Kind::Hero || self.row_of(st, c).is_none() {
            return g;
        }
        let p = self.owner(c);
        for row in ROWS {
            for &r in st.core.zones.get(z(p, row)) {
                let d = self.def(r);
                if !d.team_grants() || self.silenced(st, r) {
                    continue;
                }
                g.add(&d.allies);
                if r != c {
                    g.add(&d.others);
                }
            }
        }
        g
    }

    /// A card's keywords now (bits): its own and its Equip Relics', with
    /// what lasting changes add or take, none while silenced, less what the
    /// opponent's Field Relics strip.
    pub fn keywords(&self, st: &State, c: u16) -> u16 {
        let mut k = self.def(c).own.kw | st.grant[usize::from(c)].kw;
        if self.has_team {
            k |= self.team(st, c).kw;
        }
        if !st.core.lasting.is_empty() {
            if self.silenced(st, c) {
                return 0;
            }
            for (b, kw, _) in super::cards::KEYWORD_NAMES {
                if let Some((gain, _)) = st.core.lasting.keyword(c, kw) {
                    if gain {
                        k |= b;
                    } else {
                        k &= !b;
                    }
                }
            }
        }
        if self.has_auras && k != 0 {
            let o = other(self.owner(c));
            for row in ROWS {
                for &r in st.core.zones.get(z(o, row)) {
                    let lose = self.def(r).enemy_lose;
                    if lose != 0 && !self.silenced(st, r) {
                        k &= !lose;
                    }
                }
            }
        }
        k
    }

    #[inline]
    pub fn has(&self, st: &State, c: u16, bit: u16) -> bool {
        self.keywords(st, c) & bit != 0
    }

    /// Burn X now (0 without Burn).
    pub fn burn_of(&self, st: &State, c: u16) -> u8 {
        let d = self.def(c);
        let g = &st.grant[usize::from(c)];
        let team = if self.has_team {
            self.team(st, c)
        } else {
            super::cards::Grant::default()
        };
        if (d.own.kw | g.kw | team.kw) & BURN == 0 && st.core.lasting.is_empty() {
            return 0;
        }
        if !self.has(st, c, BURN) {
            return 0;
        }
        let lasting = st
            .core
            .lasting
            .keyword(c, Keyword::Burn)
            .map_or(0, |(_, n)| n);
        d.own.burn.max(g.burn).max(team.burn).max(lasting)
    }

    /// Hidden by Stealth: it has not attacked since it entered the field.
    #[inline]
    pub fn hidden(&self, st: &State, c: u16) -> bool {
        st.flags[usize::from(c)] & REVEALED == 0 && self.has(st, c, STEALTH)
    }

    /// Whether the opponent may name card `c` as a target now: on the Altar
    /// unless hidden; in the Vault only when the Altar holds no card at all
    /// (THE VAULT: "unless opponent's Altar is empty"; an Altar of hidden
    /// Stealth cards is not empty, FZ §6.13, and Events and abilities that
    /// target are held to it as attacks are, FZ §6.15).
    pub fn targetable(&self, st: &State, c: u16) -> bool {
        match self.row_of(st, c) {
            Some(Row::Altar) => !self.hidden(st, c),
            Some(Row::Vault) => {
                !self.hidden(st, c) && st.core.zones.is_empty(z(self.owner(c), Zone::Altar))
            }
            None => false,
        }
    }

    /// Whether an Altar Hero may attack now (FZ §6.5).
    #[inline]
    pub fn ready(&self, st: &State, c: u16) -> bool {
        let f = st.flags[usize::from(c)];
        self.def(c).kind == Kind::Hero
            && f & super::ATTACKED == 0
            && (f & FRESH == 0 || self.options.settled_heroes_attack || self.has(st, c, RUSH))
    }

    /// Whether `t` is a legal target for the "target" effect of player
    /// `p`'s card `d` (Stealth and the Vault protect from enemies).
    pub fn target_ok(&self, st: &State, p: usize, d: &Def, t: u16) -> bool {
        d.target
            .is_some_and(|aim| self.chosen_ok(st, p, aim, d.target_max_hp, t))
    }

    /// Whether `t` is a legal target for the "target" of player `p`'s
    /// card's Activate ability.
    pub fn activate_target_ok(&self, st: &State, p: usize, d: &Def, t: u16) -> bool {
        d.activate_target
            .is_some_and(|aim| self.chosen_ok(st, p, aim, d.activate_max_hp, t))
    }

    fn chosen_ok(
        &self,
        st: &State,
        p: usize,
        (who, kind): (Who, crate::engine::effect::Kind),
        max_hp: Option<u8>,
        t: u16,
    ) -> bool {
        let mine = self.owner(t) == p;
        let side = match who {
            Who::Enemy => !mine,
            Who::Ally => mine,
            _ => true,
        };
        side && self.row_of(st, t).is_some()
            && target_kind_ok(kind, self.def(t))
            && (mine || self.targetable(st, t))
            && max_hp.is_none_or(|m| self.remaining(st, t) <= i32::from(m))
    }

    // ------------------------------------------------------------ actions

    pub(super) fn act(&self, st: &mut State, action: Action) -> Result<(), Illegal> {
        let p = st.core.active;
        match (st.phase, action) {
            (Phase::Order { by }, Action::GoFirst) => self.choose_order(st, usize::from(by), true),
            (Phase::Order { by }, Action::GoSecond) => {
                self.choose_order(st, usize::from(by), false)
            }
            (Phase::Mulligan { by }, Action::Keep) => self.next_mulligan(st, Some(usize::from(by))),
            (Phase::Mulligan { by }, Action::Mulligan) => {
                let by = usize::from(by);
                ensure(st.mulligans[by] > 0, "FZ setup 4", || {
                    "the mulligan is once per game".into()
                })?;
                self.take_mulligan(st, by);
                self.next_mulligan(st, Some(by));
            }
            (Phase::Activate, Action::Play { card, target, row }) => {
                self.play(st, p, card, target, row)?
            }
            (Phase::Activate, Action::Activate { card, target }) => {
                self.activate(st, p, card, target)?
            }
            (Phase::Settle, Action::Move { card, with }) => self.settle(st, p, card, with)?,
            (Phase::Validate, Action::Attack { card, target }) => self.attack(st, card, target)?,
            (Phase::Dodge { attacker, target }, Action::Dodge) => {
                self.dodge(st, attacker, target, true)
            }
            (Phase::Dodge { attacker, target }, Action::Next) => {
                self.dodge(st, attacker, target, false)
            }
            (Phase::Exodus, Action::Discard { card }) => {
                let limit = self.setup.hand_limit as usize;
                ensure(
                    st.core.zones.len(z(p, Zone::Hand)) > limit,
                    "FZ Exodus",
                    || format!("discard only down to {limit} cards"),
                )?;
                ensure(
                    st.core
                        .zones
                        .move_copy(z(p, Zone::Hand), card, z(p, Zone::Discard), At::Top),
                    "FZ Exodus",
                    || "that card is not in your hand".into(),
                )?;
                st.core.note(p, "discard", Some(card), None);
            }
            (Phase::Activate, Action::Next) => st.phase = Phase::Settle,
            (Phase::Settle, Action::Next) => st.phase = Phase::Validate,
            (Phase::Validate, Action::Next) => st.phase = Phase::Exodus,
            (Phase::Exodus, Action::Next) => {
                let limit = self.setup.hand_limit as usize;
                ensure(
                    st.core.zones.len(z(p, Zone::Hand)) <= limit,
                    "FZ Exodus",
                    || format!("discard down to {limit} cards first"),
                )?;
                self.pass_turn(st);
            }
            (phase, a) => {
                return Err(Illegal::new(
                    "FZ phases",
                    format!("{a:?} is not possible in the {phase:?} phase"),
                ));
            }
        }
        Ok(())
    }

    /// Where a card played from hand goes (PLACEMENT RULES, FZ §6.6).
    fn placement(&self, st: &State, p: usize, d: &Def, row: Option<Row>) -> Result<Row, Illegal> {
        match d.kind {
            Kind::Hero => {
                let rush = d.own.kw & RUSH != 0;
                let default = if rush
                    && (self.has_room(st, p, Row::Altar)
                        || self.options.rush_full_altar == RushFullAltar::CannotDeploy)
                {
                    Row::Altar
                } else {
                    Row::Vault
                };
                let row = row.unwrap_or(default);
                ensure(row == default, "FZ placement", || {
                    if rush {
                        "a Rush Hero enters the Altar (the Vault only when the Altar is full)"
                            .into()
                    } else {
                        "Heroes enter the Vault when first played".into()
                    }
                })?;
                ensure(self.has_room(st, p, row), "FZ placement", || {
                    format!("no open slot in the {row:?} (FZ §6.6)")
                })?;
                Ok(row)
            }
            Kind::Field => {
                let row = row.unwrap_or(if self.has_room(st, p, Row::Vault) {
                    Row::Vault
                } else {
                    Row::Altar
                });
                ensure(self.has_room(st, p, row), "FZ placement", || {
                    format!("no open slot in the {row:?} for a Field Relic")
                })?;
                Ok(row)
            }
            _ => Ok(Row::Vault),
        }
    }

    fn play(
        &self,
        st: &mut State,
        p: usize,
        card: u16,
        target: Option<u16>,
        row: Option<Row>,
    ) -> Result<(), Illegal> {
        ensure(
            st.core.zones.contains(z(p, Zone::Hand), card),
            "FZ Activate",
            || format!("{} is not in your hand", self.table.copy_name(card)),
        )?;
        let d = self.def(card);
        ensure(d.kind != Kind::Blank, "importance blank", || {
            "a blank card cannot be played".into()
        })?;
        ensure(d.cost <= st.energy[p], "FZ Activate", || {
            format!(
                "{} costs {} Energy and you have {}",
                self.table.copy_name(card),
                d.cost,
                st.energy[p]
            )
        })?;
        if d.kind != Kind::Equip {
            ensure(target.is_some() || !d.needs_target, "FZ Events", || {
                format!("{} needs a target", self.table.copy_name(card))
            })?;
            if let Some(t) = target {
                ensure(self.target_ok(st, p, d, t), "FZ targeting", || {
                    format!(
                        "{} cannot target {} (Stealth and the Vault protect, and the card says what it may name)",
                        self.table.copy_name(card),
                        self.table.copy_name(t)
                    )
                })?;
            }
        }
        let c = usize::from(card);
        let chosen = target.map(Ref::Card);
        match d.kind {
            Kind::Hero | Kind::Field => {
                let row = self.placement(st, p, d, row)?;
                st.energy[p] -= d.cost;
                st.core
                    .zones
                    .move_copy(z(p, Zone::Hand), card, z(p, row.zone()), At::Top);
                st.flags[c] = FRESH;
                st.damage[c] = 0;
                st.grant[c] = Default::default();
            }
            Kind::Equip => {
                let host = target.ok_or_else(|| {
                    Illegal::new("FZ placement", "an Equip Relic needs a Hero to attach to")
                })?;
                ensure(
                    self.owner(host) == p
                        && self.row_of(st, host).is_some()
                        && self.def(host).kind == Kind::Hero,
                    "FZ placement",
                    || "Equip Relics attach to one of your Heroes on the field".into(),
                )?;
                st.energy[p] -= d.cost;
                st.core
                    .zones
                    .move_copy(z(p, Zone::Hand), card, z(p, Zone::Equipped), At::Top);
                st.host[c] = host;
                st.grant[usize::from(host)].add(&d.equip);
            }
            Kind::Event => {
                st.energy[p] -= d.cost;
                st.core
                    .zones
                    .move_copy(z(p, Zone::Hand), card, z(p, Zone::Discard), At::Top);
            }
            Kind::Blank => unreachable!("checked above"),
        }
        if p == 0 {
            st.core.trace.add_play(self.table.def_index(card));
        }
        st.core.note(p, "play", Some(card), None);
        if !d.on_deploy.is_empty() {
            let chosen = if d.kind == Kind::Equip { None } else { chosen };
            self.run(st, card, &d.on_deploy, chosen, chosen);
        }
        Ok(())
    }

    fn activate(
        &self,
        st: &mut State,
        p: usize,
        card: u16,
        target: Option<u16>,
    ) -> Result<(), Illegal> {
        ensure(
            self.owner(card) == p
                && (self.row_of(st, card).is_some()
                    || st.core.zones.contains(z(p, Zone::Equipped), card)),
            "FZ Activate",
            || {
                format!(
                    "{} is not one of your cards on the field",
                    self.table.copy_name(card)
                )
            },
        )?;
        let a = self.def(card).activated.as_ref().ok_or_else(|| {
            Illegal::new(
                "FZ Activate",
                format!("{} has no Activate ability", self.table.copy_name(card)),
            )
        })?;
        ensure(!self.silenced(st, card), "FZ Silence", || {
            format!("{} is silenced", self.table.copy_name(card))
        })?;
        let once = a.limit != Limit::Unlimited;
        ensure(
            !once || st.flags[usize::from(card)] & USED == 0,
            "FZ ability timing",
            || "Activate abilities are once per turn".into(),
        )?;
        // an ability that names a target is used only on a legal one, and
        // one that names none takes none (checked before any cost is paid)
        let d = self.def(card);
        match (d.activate_target.is_some(), target) {
            (true, None) => {
                return Err(Illegal::new(
                    "FZ targeting",
                    format!("{}'s ability needs a target", self.table.copy_name(card)),
                ));
            }
            (true, Some(t)) => {
                ensure(self.activate_target_ok(st, p, d, t), "FZ targeting", || {
                    format!(
                        "{} cannot target {} (Stealth and the Vault protect, and the card says what it may name)",
                        self.table.copy_name(card),
                        self.table.copy_name(t)
                    )
                })?
            }
            (false, Some(_)) => {
                return Err(Illegal::new(
                    "FZ targeting",
                    format!("{}'s ability names no target", self.table.copy_name(card)),
                ));
            }
            (false, None) => {}
        }
        let ctx = Ctx::new(card, p).choosing(target.map(Ref::Card));
        ensure(
            interp::usable(&Host { rules: self, st }, &ctx, a),
            "FZ Activate",
            || {
                let pay = self.def(card).activate_pay;
                format!(
                    "the ability costs {pay} Energy and you have {}",
                    st.energy[p]
                )
            },
        )?;
        if once {
            st.flags[usize::from(card)] |= USED;
        }
        st.core.note(p, "activate", Some(card), None);
        interp::use_ability(&mut Host { rules: self, st }, &ctx, a);
        Ok(())
    }

    fn settle(
        &self,
        st: &mut State,
        p: usize,
        card: u16,
        with: Option<u16>,
    ) -> Result<(), Illegal> {
        let from = self
            .row_of(st, card)
            .filter(|_| self.owner(card) == p)
            .ok_or_else(|| {
                Illegal::new(
                    "FZ Settle",
                    format!("{} is not on your field", self.table.copy_name(card)),
                )
            })?;
        let to = from.other();
        match with {
            None => {
                ensure(self.has_room(st, p, to), "FZ Settle", || {
                    format!("the {to:?} is full")
                })?;
                st.core
                    .zones
                    .move_copy(z(p, from.zone()), card, z(p, to.zone()), At::Top);
            }
            Some(o) => {
                ensure(
                    st.core.zones.contains(z(p, to.zone()), o),
                    "FZ Settle",
                    || "a swap needs one card from each row".into(),
                )?;
                st.core
                    .zones
                    .move_copy(z(p, from.zone()), card, z(p, to.zone()), At::Top);
                st.core
                    .zones
                    .move_copy(z(p, to.zone()), o, z(p, from.zone()), At::Top);
            }
        }
        Ok(())
    }

    // ------------------------------------------------------------ effects

    /// Runs abilities of `card` (controlled by its owner) with a chosen
    /// target and the card the trigger is about.
    pub(super) fn run(
        &self,
        st: &mut State,
        card: u16,
        list: &[Ability],
        chosen: Option<Ref>,
        subject: Option<Ref>,
    ) {
        let ctx = Ctx::new(card, self.owner(card))
            .choosing(chosen)
            .about(subject, None);
        let mut h = Host { rules: self, st };
        for a in list {
            if h.st.core.over() {
                break;
            }
            interp::use_ability(&mut h, &ctx, a);
        }
    }
}
