//! The built-in players: a policy is a function from the game state to an
//! action. None of them looks at a card the rules keep face down.
//!
//! - [`RandomPlayer`]: a uniformly random legal action.
//! - [`GreedyPlayer`]: the placement with the best immediate score gain. The
//!   stack is chosen by the best gain its revealed card can make. Ties (many
//!   placements gain nothing at once) are broken uniformly at random with the
//!   player's own seeded generator, so a game is still replayed exactly.
//! - [`SearchPlayer`]: a beam search over the stack choice and placement
//!   order and cells, valuing positions by their score plus what they still
//!   promise (lakes and watchers with room to score, open portals, free
//!   Fumaroles, Travellers within reach). The first card of a stack is chosen before the
//!   other two are seen: the best candidates are compared over several
//!   samples of the hidden cards (redealt from the cards the player has not
//!   seen), each finished with the turn's remaining two cards. Once the
//!   stack's cards are known the rest of the turn is searched exhaustively
//!   (both orders, every cell, every choice). A turn's end is valued partly by
//!   the best play the visible tops of the remaining stacks leave for the
//!   next turn (a one-turn lookahead on known cards).

use rand::RngExt;

use super::components::Components;
use super::game::{Action, Phase, Solo};
use super::moves::{Move, for_each_move};
use super::score::{self, met, row_counts};
use super::world::{Edge, cells, shift, spread};
use crate::engine::{Rng, game_seed, rng};

/// A solo policy.
pub trait Player {
    /// The player's name as the CLI shows it.
    fn name(&self) -> &'static str;
    /// The next action, `None` once the game is finished.
    fn choose(&mut self, s: &Solo, c: &Components) -> Option<Action>;
}

/// The built-in players by name (`--player`).
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    serde::Serialize,
    clap::ValueEnum,
    strum::IntoStaticStr,
    strum::EnumString,
    strum::VariantArray,
)]
#[serde(rename_all = "lowercase")]
#[strum(serialize_all = "lowercase")]
pub enum PlayerKind {
    Random,
    Greedy,
    Search,
}

impl PlayerKind {
    /// Its name (`--player`, reports).
    pub fn as_str(self) -> &'static str {
        self.into()
    }

    /// A player of this kind with its own generator.
    pub fn make(self, seed: u64) -> Box<dyn Player + Send> {
        match self {
            PlayerKind::Random => Box::new(RandomPlayer::new(seed)),
            PlayerKind::Greedy => Box::new(GreedyPlayer::new(seed)),
            PlayerKind::Search => Box::new(SearchPlayer::new(seed)),
        }
    }
}

/// The rest of a chosen move, kept while the state is the one it was planned for.
#[derive(Clone, Debug, Default)]
struct Plan {
    steps: Vec<Action>,
    next: usize,
    /// The state the next step was planned for.
    at: Option<Solo>,
}

impl Plan {
    fn set(&mut self, s: &Solo, steps: &[Action]) {
        self.steps.clear();
        self.steps.extend_from_slice(steps);
        self.next = 0;
        self.at = Some(*s);
    }

    /// The next step if `s` is where the plan expects to be; advances it.
    fn follow(&mut self, s: &Solo, c: &Components) -> Option<Action> {
        if self.at.as_ref() != Some(s) || self.next >= self.steps.len() {
            return None;
        }
        let a = self.steps[self.next];
        self.next += 1;
        let mut after = *s;
        after.apply_unchecked(c, a, &mut ());
        self.at = Some(after);
        Some(a)
    }

    fn take(&mut self, s: &Solo, c: &Components, steps: &[Action]) -> Option<Action> {
        self.set(s, steps);
        self.follow(s, c)
    }
}

/// Uniformly random legal actions.
pub struct RandomPlayer {
    rng: Rng,
    buf: Vec<Action>,
}

impl RandomPlayer {
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer {
            rng: rng(seed),
            buf: Vec::with_capacity(64),
        }
    }
}

impl Player for RandomPlayer {
    fn name(&self) -> &'static str {
        "random"
    }

    fn choose(&mut self, s: &Solo, c: &Components) -> Option<Action> {
        s.legal_actions(c, &mut self.buf);
        if self.buf.is_empty() {
            return None;
        }
        Some(self.buf[self.rng.random_range(0..self.buf.len())])
    }
}

/// Keeps the best-valued candidate, breaking ties uniformly at random
/// (reservoir sampling over the tied ones).
struct Best<T> {
    value: f32,
    item: Option<T>,
    ties: u32,
}

impl<T> Best<T> {
    fn new() -> Best<T> {
        Best {
            value: f32::NEG_INFINITY,
            item: None,
            ties: 0,
        }
    }

    fn offer(&mut self, value: f32, item: impl FnOnce() -> T, r: &mut Rng) {
        if value > self.value + 1e-6 {
            self.value = value;
            self.item = Some(item());
            self.ties = 1;
        } else if (value - self.value).abs() <= 1e-6 {
            self.ties += 1;
            if r.random_range(0..self.ties) == 0 {
                self.item = Some(item());
            }
        }
    }
}

/// The placement with the best immediate score gain.
pub struct GreedyPlayer {
    rng: Rng,
    plan: Plan,
}

impl GreedyPlayer {
    pub fn new(seed: u64) -> GreedyPlayer {
        GreedyPlayer {
            rng: rng(seed),
            plan: Plan::default(),
        }
    }
}

impl Player for GreedyPlayer {
    fn name(&self) -> &'static str {
        "greedy"
    }

    fn choose(&mut self, s: &Solo, c: &Components) -> Option<Action> {
        if let Some(a) = self.plan.follow(s, c) {
            return Some(a);
        }
        let r = &mut self.rng;
        match s.phase() {
            Phase::Finished => None,
            Phase::ChooseStack => {
                let mut best: Best<(u8, Move)> = Best::new();
                for v in s.stacks().filter(|v| !v.taken) {
                    let mut t = *s;
                    t.apply_unchecked(c, Action::TakeStack { stack: v.stack }, &mut ());
                    for_each_move(&t, c, &mut |m, after| {
                        best.offer(score::total(after.world(), c) as f32, || (v.stack, *m), r);
                    });
                }
                let (stack, m) = best.item?;
                let mut steps = vec![Action::TakeStack { stack }];
                steps.extend_from_slice(m.actions());
                self.plan.take(s, c, &steps)
            }
            _ => {
                let mut best: Best<Move> = Best::new();
                for_each_move(s, c, &mut |m, after| {
                    best.offer(score::total(after.world(), c) as f32, || *m, r);
                });
                let m = best.item?;
                self.plan.take(s, c, m.actions())
            }
        }
    }
}

/// How the search player is tuned.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchConfig {
    /// First-card candidates kept for sampling.
    pub beam: usize,
    /// Samples of the hidden cards per decision.
    pub samples: usize,
    /// How much a turn's end position is worth through the best play its
    /// visible stack tops leave for the next turn (0 = not at all, 1 = only).
    pub next_turn: f32,
    /// End-of-turn positions re-ranked with that lookahead once the stack's
    /// cards are known.
    pub rerank: usize,
    pub weights: Weights,
}

impl Default for SearchConfig {
    fn default() -> SearchConfig {
        SearchConfig {
            beam: 8,
            samples: 8,
            next_turn: 0.75,
            rerank: 8,
            weights: Weights::default(),
        }
    }
}

/// Weights of the terms of what a position still promises, in stars per unit. The defaults were
/// chosen by comparing mean scores over 1,000 shared seeded games per setting
/// (`SOLO_TUNE=1000 SOLO_CFG=... cargo bench --bench solo`, see
/// `benches/solo.rs`): an open portal is worth about 2 stars; more made the
/// player chase portals at the expense of everything else (-4 stars).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    /// An empty cell next to a lake inside the World's current bounds (it will be filled).
    pub lake_inside: f32,
    /// An empty cell next to a lake that the World may still grow onto.
    pub lake_outside: f32,
    /// An empty cell below a top-row watcher.
    pub watcher_below: f32,
    /// An open portal half with a matching half still to come and a Traveller left.
    pub open_portal: f32,
    /// A free Fumarole with room for another while Volcanoes and Dark Cities remain
    /// (times the next Dark City's stars).
    pub free_fumarole: f32,
    /// A welcomed Traveller's unmet bonus, times its progress, while its rows have room.
    pub traveller_progress: f32,
}

impl Default for Weights {
    fn default() -> Weights {
        Weights {
            lake_inside: 0.8,
            lake_outside: 0.35,
            watcher_below: 0.6,
            open_portal: 2.0,
            free_fumarole: 0.25,
            traveller_progress: 0.5,
        }
    }
}

/// What is left to come, from the player's point of view (cards not yet in
/// the World).
#[derive(Clone, Copy, Debug, Default)]
struct ToCome {
    edges: [u8; 4],
    volcanoes: u8,
}

impl ToCome {
    fn of(s: &Solo, c: &Components) -> ToCome {
        let mut t = ToCome::default();
        let w = s.world();
        for &l in &c.solo_lands {
            let in_world = w.cells().any(|(_, cell)| cell.card == l);
            if in_world {
                continue;
            }
            let land = c.land(l);
            if let Some(e) = land.portal {
                t.edges[edge_index(e)] += 1;
            }
            t.volcanoes += u8::from(land.volcano);
        }
        t
    }
}

fn edge_index(e: Edge) -> usize {
    match e {
        Edge::Left => 0,
        Edge::Right => 1,
        Edge::Top => 2,
        Edge::Bottom => 3,
    }
}

/// What a position still promises beyond its score: lakes and watchers with
/// room to score, portals that can still open, Fumaroles that can still make
/// a Dark City, Travellers whose condition is within reach. Zero for a
/// finished World.
fn potential(s: &Solo, c: &Components, to_come: &ToCome, wt: &Weights) -> f32 {
    let w = s.world();
    let frame = w.frame();
    let empty = frame & !w.occupied;
    if empty == 0 {
        return 0.0;
    }
    let vis = w.visible();
    let (x0, y0, x1, y1) = w.bounds().unwrap_or((0, 0, 0, 0));
    let inside = super::world::rows_between(y0, y1) & super::world::cols_between(x0, x1);
    let mut p = 0.0;

    let lake = w.lake & vis;
    for e in Edge::ALL {
        let n = shift(lake, e);
        p += wt.lake_inside * (n & empty & inside).count_ones() as f32;
        p += wt.lake_outside * (n & empty & !inside).count_ones() as f32;
    }

    for q in cells(w.watcher & vis) {
        let below = super::world::col_mask(q.x()) & !super::world::rows_between(0, q.y());
        p += wt.watcher_below * (below & empty).count_ones() as f32;
    }

    if s.offer().next().is_some() {
        for e in Edge::ALL {
            let open = w.portal[edge_index(e)] & vis & !w.portal_used;
            let facing = shift(open, e) & empty;
            if facing != 0 && to_come.edges[edge_index(e.opposite())] > 0 {
                p += wt.open_portal * facing.count_ones() as f32;
            }
        }
    }

    if let Some(&stars) = s.cities_left().first()
        && to_come.volcanoes > 0
        && s.fumaroles_left() > 0
    {
        let free = w.fumarole & !w.paired & w.occupied;
        let room = spread(free) & (empty | (w.occupied & !w.fumarole));
        if room != 0 {
            p += wt.free_fumarole * f32::from(stars) * free.count_ones().min(2) as f32;
        }
    }

    for t in w.travellers() {
        let def = &c.travellers[usize::from(t.traveller)];
        let rows = t.rows();
        if rows & empty == 0 {
            continue;
        }
        let n = row_counts(w, c, t.upper);
        if met(&def.condition, &n) {
            continue;
        }
        let need = [
            (n.lakes, def.condition.lakes),
            (n.mountains, def.condition.mountains),
            (n.swamps, def.condition.swamps),
            (n.watchers, def.condition.watchers),
            (n.fumaroles, def.condition.fumaroles),
            (n.portals, def.condition.portals),
            (n.species, def.condition.species),
            (n.swamps_min_row, def.condition.swamps_each_row),
        ];
        let (sum, k) = need
            .iter()
            .filter(|(_, want)| *want > 0)
            .fold((0.0, 0), |(sum, k), &(have, want)| {
                (sum + (have as f32 / f32::from(want)).min(1.0), k + 1)
            });
        if k > 0 {
            p += wt.traveller_progress * f32::from(def.bonus) * sum / k as f32;
        }
    }
    p
}

/// Beam search with sampled hidden cards (see the module docs).
pub struct SearchPlayer {
    rng: Rng,
    seed: u64,
    calls: u64,
    config: SearchConfig,
    plan: Plan,
}

/// A first-card candidate: the stack it takes (if any) and its move.
#[derive(Clone, Copy)]
struct Candidate {
    stack: Option<u8>,
    mv: Move,
    value: f32,
}

impl SearchPlayer {
    pub fn new(seed: u64) -> SearchPlayer {
        SearchPlayer::with_config(seed, SearchConfig::default())
    }

    pub fn with_config(seed: u64, config: SearchConfig) -> SearchPlayer {
        SearchPlayer {
            rng: rng(seed),
            seed,
            calls: 0,
            config,
            plan: Plan::default(),
        }
    }

    /// The value of a position: its score and what it promises.
    fn value(&self, s: &Solo, c: &Components, to_come: &ToCome) -> f32 {
        score::total(s.world(), c) as f32 + potential(s, c, to_come, &self.config.weights)
    }

    /// A turn's end position valued with the next turn in view: the best
    /// position the visible top of a remaining stack can make.
    fn with_next_turn(&self, s: &Solo, c: &Components, to_come: &ToCome) -> f32 {
        let here = self.value(s, c, to_come);
        let w = self.config.next_turn;
        if w <= 0.0 || s.phase() != Phase::ChooseStack {
            return here;
        }
        let mut best = f32::NEG_INFINITY;
        for v in s.stacks().filter(|v| !v.taken) {
            let mut t = *s;
            t.apply_unchecked(c, Action::TakeStack { stack: v.stack }, &mut ());
            for_each_move(&t, c, &mut |_, after| {
                best = best.max(self.value(after, c, to_come));
            });
        }
        if best.is_finite() {
            (1.0 - w) * here + w * best
        } else {
            here
        }
    }

    /// The value of the end of the turn reached by placing the rest of the
    /// hand one card at a time, each at its best (a sampled continuation).
    fn finish_turn(&self, s: &Solo, c: &Components, to_come: &ToCome) -> f32 {
        let mut state = *s;
        while !matches!(state.phase(), Phase::ChooseStack | Phase::Finished) {
            let mut best = f32::NEG_INFINITY;
            let mut next = None;
            for_each_move(&state, c, &mut |_, after| {
                let v = self.value(after, c, to_come);
                if v > best {
                    best = v;
                    next = Some(*after);
                }
            });
            match next {
                Some(n) => state = n,
                None => break,
            }
        }
        self.with_next_turn(&state, c, to_come)
    }

    /// The best end of turn reachable with the known rest of the hand: its
    /// value and the position.
    fn best_end(&self, s: &Solo, c: &Components, to_come: &ToCome) -> (f32, Solo) {
        if matches!(s.phase(), Phase::ChooseStack | Phase::Finished) {
            return (self.value(s, c, to_come), *s);
        }
        let mut best = (f32::NEG_INFINITY, *s);
        for_each_move(s, c, &mut |_, after| {
            let r = self.best_end(after, c, to_come);
            if r.0 > best.0 {
                best = r;
            }
        });
        best
    }

    /// The value of the best way to place the known hand of `s` (every
    /// order, cell and choice): what a seat of a match expects from keeping
    /// these cards in the draft.
    pub(crate) fn hand_value(&self, s: &Solo, c: &Components) -> f32 {
        let to_come = ToCome::of(s, c);
        self.best_end(s, c, &to_come).0
    }

    /// Chooses a stack's first card (and the stack) without seeing the rest.
    fn first_card(&mut self, s: &Solo, c: &Components) -> Option<Action> {
        let to_come = ToCome::of(s, c);
        let mut cands: Vec<Candidate> = Vec::new();
        let mut collect = |base: &Solo, stack: Option<u8>| {
            for_each_move(base, c, &mut |m, after| {
                cands.push(Candidate {
                    stack,
                    mv: *m,
                    value: self.value(after, c, &to_come),
                });
            });
        };
        if s.phase() == Phase::ChooseStack {
            for v in s.stacks().filter(|v| !v.taken) {
                let mut t = *s;
                t.apply_unchecked(c, Action::TakeStack { stack: v.stack }, &mut ());
                collect(&t, Some(v.stack));
            }
        } else {
            collect(s, None);
        }
        if cands.is_empty() {
            return None;
        }
        cands.sort_by(|a, b| b.value.total_cmp(&a.value));
        cands.truncate(self.config.beam.max(1));
        let mut totals = vec![0.0f32; cands.len()];
        for d in 0..self.config.samples {
            self.calls += 1;
            let mut sample_rng = rng(game_seed(self.seed, self.calls * 64 + d as u64));
            let mut base = *s;
            base.redeal_hidden(c, &mut sample_rng);
            for (cand, total) in cands.iter().zip(totals.iter_mut()) {
                let mut t = base;
                if let Some(stack) = cand.stack {
                    t.apply_unchecked(c, Action::TakeStack { stack }, &mut ());
                }
                for &a in cand.mv.actions() {
                    t.apply_unchecked(c, a, &mut ());
                }
                *total += self.finish_turn(&t, c, &to_come);
            }
        }
        let mut best = 0;
        for i in 1..cands.len() {
            if totals[i] > totals[best] + 1e-4 {
                best = i;
            }
        }
        let cand = cands[best];
        let mut steps = Vec::with_capacity(5);
        if let Some(stack) = cand.stack {
            steps.push(Action::TakeStack { stack });
        }
        steps.extend_from_slice(cand.mv.actions());
        self.plan.take(s, c, &steps)
    }

    /// Places the known rest of the hand: every order, cell and choice.
    fn rest_of_turn(&mut self, s: &Solo, c: &Components) -> Option<Action> {
        let to_come = ToCome::of(s, c);
        let mut found: Vec<(f32, Move, Solo)> = Vec::new();
        for_each_move(s, c, &mut |m, after| {
            let (v, end) = self.best_end(after, c, &to_come);
            found.push((v, *m, end));
        });
        if self.config.next_turn > 0.0 {
            found.sort_by(|a, b| b.0.total_cmp(&a.0));
            for f in found.iter_mut().take(self.config.rerank) {
                f.0 = self.with_next_turn(&f.2, c, &to_come);
            }
            found.truncate(self.config.rerank.max(1));
        }
        let found: Vec<(f32, Move)> = found.into_iter().map(|(v, m, _)| (v, m)).collect();
        let mut best: Best<Move> = Best::new();
        let r = &mut self.rng;
        for (v, m) in found {
            best.offer(v, || m, r);
        }
        let m = best.item?;
        self.plan.take(s, c, m.actions())
    }
}

impl Player for SearchPlayer {
    fn name(&self) -> &'static str {
        "search"
    }

    fn choose(&mut self, s: &Solo, c: &Components) -> Option<Action> {
        if let Some(a) = self.plan.follow(s, c) {
            return Some(a);
        }
        match s.phase() {
            Phase::Finished => None,
            _ if !s.hand_revealed() || s.phase() == Phase::ChooseStack => self.first_card(s, c),
            _ => self.rest_of_turn(s, c),
        }
    }
}

/// The search player's suggestion for a position (the board screen's hint).
pub fn hint(s: &Solo, c: &Components, seed: u64) -> Option<Action> {
    SearchPlayer::new(seed).choose(s, c)
}
