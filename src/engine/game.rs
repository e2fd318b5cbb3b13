//! The contract a game's engine plug-in fulfils ([`Rules`]), and the
//! generic loop that plays a game to its end with policies.
//!
//! A game engine is split in two: an immutable *rules* value (the compiled
//! decks, the game's numbers and options; shared by every thread) and a
//! mutable *state* (a [`super::core::Core`] plus the game's own counters and
//! flags). Player choices are typed actions the rules validate and apply; a
//! policy is a function from state to action ([`Rules::policy`]), and the same
//! actions drive manual play. Both seats are real: the passive opponent of a
//! goldfish game is a seat whose every decision is [`Rules::pass`].
//!
//! Through this trait a game also states its draw schedule
//! ([`Rules::schedule`]), its piles ([`Rules::pile_of`]), its hand and its
//! mulligan ([`Rules::mulligan`]), so test hands, odds, the runner, the
//! playtest session and the app hold no per-game code.

use std::fmt::Debug;

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::core::{
    Core, CurveLabels, Illegal, Log, Note, Outcome, Seat, Secrecy, Snapshot, Table, Trace,
    TurnUnit, Vanilla, Viewer, ZoneId,
};
use super::schedule::Schedule;
use crate::model::GameId;

/// How hard a policy plays.
///
/// The per-game policies ([`Rules::policy`]) know three heuristics
/// ([`Level::heuristic`]): the goldfish racer, the quick player and the quick
/// player as it was before issue 27 (`quick-v1`, kept to measure against).
/// The other levels are built on them by [`choose_with`]: `easy` is the quick
/// player with about a third of its moves a random legal one, `flat` is flat
/// Monte Carlo over sampled worlds with `quick-v1` play-outs (the strong
/// player before issue 27), `strong` and `strongest` search for a
/// [`Think`] budget with quick play-outs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Level {
    /// The goldfish policy: races an opponent who does nothing.
    #[default]
    Goldfish,
    /// A computer opponent that answers threats, cheaply.
    Quick,
    /// A search within a time budget ([`Level::default_think`]: 1 s a move).
    Strong,
    /// A random legal move (the baseline a computer opponent must beat).
    Random,
    /// The quick player with about a third of its moves a random legal one.
    Easy,
    /// The strong search with a longer budget (5 s a move).
    Strongest,
    /// The quick player before issue 27, kept to measure against.
    QuickV1,
    /// The strong player before issue 27: flat Monte Carlo over sampled
    /// worlds, `quick-v1` play-outs.
    Flat,
}

impl Level {
    /// Every level, in the order the app lists them.
    pub const ALL: [Level; 8] = [
        Level::Easy,
        Level::Quick,
        Level::Strong,
        Level::Strongest,
        Level::Goldfish,
        Level::Random,
        Level::QuickV1,
        Level::Flat,
    ];

    pub fn parse(s: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.name() == s)
    }

    /// The level's name on the command line and in files.
    pub fn name(self) -> &'static str {
        match self {
            Level::Goldfish => "goldfish",
            Level::Quick => "quick",
            Level::Strong => "strong",
            Level::Random => "random",
            Level::Easy => "easy",
            Level::Strongest => "strongest",
            Level::QuickV1 => "quick-v1",
            Level::Flat => "flat",
        }
    }

    /// The names of every level, for an error message.
    pub fn names() -> String {
        let names: Vec<&str> = Level::ALL.iter().map(|l| l.name()).collect();
        names.join(", ")
    }

    /// Whether the level searches sampled worlds (and thinks for a budget).
    pub fn searches(self) -> bool {
        matches!(self, Level::Strong | Level::Strongest | Level::Flat)
    }

    /// The per-game heuristic the level plays with, or plays out with.
    pub fn heuristic(self) -> Level {
        match self {
            Level::Goldfish => Level::Goldfish,
            Level::QuickV1 | Level::Flat => Level::QuickV1,
            _ => Level::Quick,
        }
    }

    /// The level's budget in iterations: the app's (a saved game's moves
    /// then replay the computer's answers exactly) and [`choose`]'s.
    /// Strongest thinks five times as long as strong.
    pub fn fixed_think(self) -> Think {
        match self {
            Level::Strongest => Think::Iterations(5 * FIXED_ITERATIONS),
            _ => FIXED_THINK,
        }
    }

    /// How long the level thinks a move when no budget is given.
    pub fn default_think(self) -> Think {
        match self {
            Level::Strongest => Think::Millis(5_000),
            _ => Think::Millis(1_000),
        }
    }
}

impl std::fmt::Display for Level {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// How long a searching level thinks a move: wall time, or a number of
/// iterations (the same seed then gives the same game on any machine, at any
/// load and thread count: tests use this).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Think {
    Millis(u32),
    Iterations(u32),
}

/// The budget of [`choose`]: fixed, so every caller that does not name a
/// budget replays.
pub const FIXED_THINK: Think = Think::Iterations(FIXED_ITERATIONS);

/// Iterations of [`FIXED_THINK`].
pub const FIXED_ITERATIONS: u32 = 240;

/// The pile a card starts in, for odds (Rizontical keeps its Numen and
/// Fighters apart from the Power deck).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Pile {
    /// The deck draws come from.
    Deck,
    /// Rizontical's Fighter deck.
    Fighters,
    /// Rizontical's Numen (always in play).
    Numen,
}

/// The mulligan a game offers at the start.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Mulligan {
    /// The whole hand goes back and a new one is drawn (Fuzzycards).
    WholeHand { draw: u32 },
    /// Up to `max` chosen cards go to the bottom and as many are drawn
    /// (Rizontical).
    Choose { max: u32 },
}

/// A game engine (see the module docs).
pub trait Rules: Sync + Send + Sized + 'static {
    type State: Clone + Send + Sync + Debug;
    type Action: Copy + PartialEq + Debug + Serialize + DeserializeOwned + Send + Sync + 'static;
    /// One player's zone.
    type Zone: ZoneId;
    /// A card definition as the engine compiles it.
    type Def;

    /// The part of the state every game embeds (zones, RNG, turns, life,
    /// outcome, trace, log): the default methods below read it.
    fn core<'s>(&self, st: &'s Self::State) -> &'s Core<Self::Zone>;
    fn core_mut<'s>(&self, st: &'s mut Self::State) -> &'s mut Core<Self::Zone>;
    /// Both players' decks, compiled (copy ids 0..split are player 0's).
    fn table(&self) -> &Table<Self::Def>;

    /// The game these rules play.
    fn game(&self) -> GameId;
    const TURN_UNIT: TurnUnit;
    const LABELS: CurveLabels;
    /// Times a node below the strong search's root is reached before it
    /// grows the information-set tree ([`super::ismcts::EXPAND_AFTER`]: 0,
    /// the root alone); a game sets it where the tree was measured to win.
    const SEARCH_TREE_EXPAND_AFTER: u32 = super::ismcts::EXPAND_AFTER;

    /// A state with every buffer allocated (reused across games via [`Rules::start`]).
    fn new_state(&self) -> Self::State;
    /// Shuffles and deals the game's own setup with player 0 in `seat`: the
    /// opening hands (and Rizontical's Fighters), before any mulligan.
    fn deal(&self, st: &mut Self::State, seed: u64, seat: Seat);
    /// Moves a dealt state to its first decision (a mulligan, or the first
    /// main phase after the first draw).
    fn begin(&self, st: &mut Self::State);
    /// [`Rules::deal`] then [`Rules::begin`].
    fn start(&self, st: &mut Self::State, seed: u64, seat: Seat) {
        self.deal(st, seed, seat);
        self.begin(st);
    }

    /// The player whose decision it is.
    fn to_act(&self, st: &Self::State) -> usize;
    /// Whether player `p` is played by nobody (the goldfish opponent).
    fn passive(&self, st: &Self::State, p: usize) -> bool {
        self.core(st).passive[p]
    }
    /// Validates and performs one action of [`Rules::to_act`]'s player.
    fn apply(&self, st: &mut Self::State, action: Self::Action) -> Result<(), Illegal>;
    /// Every legal action now (for the playtest screen and property tests).
    fn legal_actions(&self, st: &Self::State, out: &mut Vec<Self::Action>);
    /// The policy's choice for the player to act (always legal while the
    /// game runs).
    fn policy(&self, st: &Self::State, level: Level) -> Self::Action;
    /// What a passive seat does: end its step or turn.
    fn pass(&self, st: &Self::State) -> Self::Action;
    /// For the strong player ([`super::search`]): turns `st` into a world
    /// player `viewer` cannot tell from it — its own hidden cards reshuffled,
    /// the other player's hidden cards dealt again, the game's randomness
    /// started from `seed` — so a look-ahead never peeks. `false` (the
    /// default) when the game has no sampler: its strong player then plays as
    /// the quick one.
    fn sample_world(&self, _st: &mut Self::State, _viewer: usize, _seed: u64) -> bool {
        false
    }
    /// `Some` once the game is over.
    fn outcome(&self, st: &Self::State) -> Option<Outcome> {
        self.core(st).outcome
    }
    fn trace<'s>(&self, st: &'s Self::State) -> &'s Trace {
        &self.core(st).trace
    }
    /// Card conservation and the game's own state invariants.
    fn invariants(&self, st: &Self::State) -> Result<(), String>;
    fn snapshot(&self, st: &Self::State) -> Snapshot;
    /// An action in words, for buttons and logs.
    fn describe(&self, st: &Self::State, action: Self::Action) -> String;
    /// What a legal move belongs to, for a screen (`None`: the whole turn's:
    /// keep, end the phase, roll).
    fn mover(
        &self,
        _st: &Self::State,
        _action: Self::Action,
    ) -> Option<crate::engine::core::Mover> {
        None
    }
    /// Where a legal move takes its card when that is another card or a
    /// cell (`None`: the zone it lands in, found by playing the move on a
    /// copy, or nowhere).
    fn onto(&self, _st: &Self::State, _action: Self::Action) -> Option<crate::engine::core::Onto> {
        None
    }
    /// The state's log (switch it on for manual play).
    fn log_mut<'s>(&self, st: &'s mut Self::State) -> &'s mut Log {
        &mut self.core_mut(st).log
    }
    fn log<'s>(&self, st: &'s Self::State) -> &'s Log {
        &self.core(st).log
    }

    // ---- what each seat may see

    /// Who may look at the face of `copy` lying in `zone`: the rulebook's
    /// hidden information (decks, hands, cards set face down). Every view
    /// and log a seat gets goes through this one function ([`Rules::sees`]).
    fn secrecy(&self, st: &Self::State, zone: Self::Zone, copy: u16) -> Secrecy;
    /// Whether `viewer` sees the face of `copy` lying in `zone`.
    fn sees(&self, st: &Self::State, viewer: Viewer, zone: Self::Zone, copy: u16) -> bool {
        viewer.sees(self.secrecy(st, zone, copy), self.table().owner(copy))
    }
    /// What a view says instead of a card in `zone` it may not name.
    fn hidden_name(&self, _zone: Self::Zone) -> &'static str {
        "a card"
    }
    /// How a log line ends with the amount of its note `what`: " (3)" by
    /// default; a game may say what the number is (Rizontical: the cell a
    /// Fighter moved to, "to d3").
    fn note_amount(&self, _what: &'static str, amount: i32) -> String {
        format!(" ({amount})")
    }

    // ---- positions (scenario files, `schema/scenario.md`)

    /// Player `p`'s counters as a position names them (the rulebook's
    /// words, lower case, `_` for spaces), life first.
    fn counters(&self, st: &Self::State, p: usize) -> Vec<(&'static str, i64)> {
        vec![("life", i64::from(self.core(st).life[p]))]
    }
    /// Sets one of [`Rules::counters`]; the error names the counters there are.
    fn set_counter(
        &self,
        st: &mut Self::State,
        p: usize,
        name: &str,
        value: i64,
    ) -> Result<(), String> {
        match name {
            "life" => {
                self.core_mut(st).life[p] = fit(name, value, -999, 9999)?;
                Ok(())
            }
            _ => Err(unknown_counter(name, &self.counters(st, p))),
        }
    }
    /// A card's state beyond the zone it lies in, as a position names it
    /// (only what differs from a card just put there).
    fn card_state(&self, _st: &Self::State, _copy: u16) -> Vec<(&'static str, serde_json::Value)> {
        Vec::new()
    }
    /// Sets one key of a card's state. `card` finds a card of the same
    /// player already placed, by name (an Equip Relic's Hero).
    fn set_card_state(
        &self,
        _st: &mut Self::State,
        _copy: u16,
        key: &str,
        _value: &serde_json::Value,
        _card: &dyn Fn(&str) -> Option<u16>,
    ) -> Result<(), String> {
        Err(format!("this game's cards take no `{key}` state"))
    }
    /// The zone of player `p` a position names `name` (lower case, `_` for
    /// spaces).
    fn zone_named(&self, p: usize, name: &str) -> Option<Self::Zone> {
        Self::Zone::all().find(|z| z.player() == p && key_of(z.name()) == name)
    }
    /// The turn number a position names (formats.md §5 `turn`): the seat
    /// to act's turn, or the round where the game counts rounds
    /// ([`TurnUnit::Round`]).
    fn position_turn(&self, st: &Self::State) -> u16 {
        let core = self.core(st);
        core.turns[core.active]
    }
    /// The phase as a position names it.
    fn phase_name(&self, st: &Self::State) -> String {
        key_of(&self.snapshot(st).phase)
    }
    /// The phases a position may name, in turn order.
    fn phase_names(&self) -> &'static [&'static str];
    /// Puts a placed position in `phase` (`None`: the first phase of the
    /// turn in which the player to act has a choice). Called once the cards
    /// lie in their zones, before their per-card state and the counters: a
    /// phase in which the seat to act (the position's `active`) is not the
    /// seat whose turn it is says whose turn it is
    /// ([`super::position::turn_of`]).
    fn set_phase(&self, st: &mut Self::State, phase: Option<&str>) -> Result<(), String>;
    /// Checks a placed position against the game's limits (slots, cells)
    /// and works out what follows from it (what Relics grant); an error
    /// says what is impossible.
    fn settle_position(&self, _st: &mut Self::State) -> Result<(), String> {
        Ok(())
    }

    // ---- the decks

    /// Card names by copy id.
    fn copy_name(&self, copy: u16) -> &str {
        self.table().copy_name(copy)
    }
    /// Definition names (the table's `names`).
    fn names(&self) -> &[String] {
        &self.table().names
    }
    /// Player 0's distinct cards: (definition index, copies).
    fn distinct(&self) -> Vec<(u16, usize)> {
        let t = self.table();
        t.distinct().into_iter().map(|d| (d, t.count(d))).collect()
    }
    /// Player 0's copies.
    fn own_copies(&self) -> usize {
        self.table().own_copies()
    }
    /// Player 0's cards played (partly) as vanilla.
    fn vanilla(&self) -> Vec<Vanilla> {
        self.table().vanilla()
    }
    /// The same game with one of player 0's copies of `def` replaced by the
    /// blank (card importance).
    fn without_one(&self, def: u16) -> Self;
    /// The catalog card of player 0's copy `copy` (`None` for the blank).
    fn catalog_card(&self, copy: u16) -> Option<usize> {
        let t = self.table();
        t.source[usize::from(t.def_index(copy))].map(|(_, i)| i)
    }
    /// The goldfish turn limit.
    fn max_turns(&self) -> u16;

    // ---- hands, odds, mulligans

    /// Player `p`'s hand.
    fn hand<'s>(&self, st: &'s Self::State, p: usize) -> &'s [u16];
    /// The pile player `p`'s draws come from, top last.
    fn draw_pile<'s>(&self, st: &'s Self::State, p: usize) -> &'s [u16];
    /// Player 0's draw schedule in `seat`.
    fn schedule(&self, seat: Seat) -> Schedule;
    /// The pile player 0's copy starts in.
    fn pile_of(&self, _copy: u16) -> Pile {
        Pile::Deck
    }
    /// The pile a card of type `card_type` would start in.
    fn pile_for_type(&self, _card_type: &str) -> Pile {
        Pile::Deck
    }
    /// How many cards of `pile` player 0 has seen by turn `t`.
    fn seen_in(&self, pile: Pile, sched: &Schedule, t: u32) -> u32 {
        match pile {
            Pile::Numen => u32::MAX,
            _ => sched.seen_by(t),
        }
    }
    /// The mulligan on offer now, if the state waits for one.
    fn mulligan(&self, _st: &Self::State) -> Option<Mulligan> {
        None
    }
    /// The action that takes the mulligan, returning `returned` (copies of
    /// the hand; all of it for a whole-hand mulligan).
    fn mulligan_action(
        &self,
        _st: &Self::State,
        _returned: &[u16],
    ) -> Result<Self::Action, Illegal> {
        Err(Illegal::new("mulligan", "this game has no mulligan"))
    }
    /// Takes the mulligan and nothing more (test hands show the hand right
    /// after it, before any turn starts).
    fn mulligan_only(&self, st: &mut Self::State, returned: &[u16]) -> Result<(), Illegal> {
        let a = self.mulligan_action(st, returned)?;
        self.apply(st, a)
    }
    /// The action that keeps the hand, when a mulligan is on offer.
    fn keep_action(&self, _st: &Self::State) -> Option<Self::Action> {
        None
    }
    /// What the game deals besides the hand, for test hands (Rizontical's
    /// Fighters in their slots and its Numen): (label, cards).
    fn dealt_extras(&self, _st: &Self::State) -> Vec<(&'static str, Vec<String>)> {
        Vec::new()
    }
}

/// Pushes `action` onto `out` when `rules` accepts it in `st` (tried on a
/// copy): how engines list their legal actions.
pub fn push_if_legal<R: Rules>(
    rules: &R,
    st: &R::State,
    action: R::Action,
    out: &mut Vec<R::Action>,
) {
    if played(rules, st, action).is_some() {
        out.push(action);
    }
}

/// The state after `action`, played on a copy with the log off (`None`:
/// the action is illegal).
pub fn played<R: Rules>(rules: &R, st: &R::State, action: R::Action) -> Option<R::State> {
    let mut probe = st.clone();
    rules.log_mut(&mut probe).on = false;
    rules.apply(&mut probe, action).ok()?;
    Some(probe)
}

/// The action the seat to act takes: the pass of a passive seat, else the
/// policy at that player's level, searching levels for [`FIXED_THINK`].
pub fn choose<R: Rules>(rules: &R, st: &R::State, levels: [Level; 2]) -> R::Action {
    choose_with(rules, st, levels, [FIXED_THINK; 2])
}

/// [`choose`] with each seat's thinking budget. [`Level::Random`] is drawn
/// by the caller from its own generator ([`super::matchup::act`]); here it
/// plays as the quick player.
pub fn choose_with<R: Rules>(
    rules: &R,
    st: &R::State,
    levels: [Level; 2],
    think: [Think; 2],
) -> R::Action {
    let p = rules.to_act(st);
    if rules.passive(st, p) {
        return rules.pass(st);
    }
    let level = levels[p];
    let found = match level {
        Level::Flat => super::search::flat(rules, st, think[p], Level::QuickV1),
        Level::Strong | Level::Strongest => super::search::strong(rules, st, think[p]),
        Level::Easy => Some(super::search::easy(rules, st)),
        _ => None,
    };
    found.unwrap_or_else(|| rules.policy(st, level.heuristic()))
}

/// The most actions one game may take before the loop guard stops it (a
/// policy that never ends its turn is an engine defect).
pub const ACTION_GUARD: u32 = 1_000_000;

/// The most actions one turn may take: a turn of any of the games takes
/// tens, so this many is a policy undoing its own moves (found in seconds,
/// rather than after the whole game's [`ACTION_GUARD`] — hours at a
/// searching level's pace).
pub const TURN_GUARD: u32 = 5_000;

/// The loop guard of a game played to its end: stops it after
/// [`ACTION_GUARD`] actions, or after `per_turn` actions in one turn.
pub struct LoopGuard {
    actions: u32,
    turn: [u16; 2],
    in_turn: u32,
    per_turn: u32,
}

impl LoopGuard {
    /// A guard for a game whose turn counters are `turns` now.
    pub fn new(turns: [u16; 2], per_turn: u32) -> LoopGuard {
        LoopGuard {
            actions: 0,
            turn: turns,
            in_turn: 0,
            per_turn,
        }
    }

    /// Counts an action just taken (`turns`: the turn counters after it).
    pub fn step(&mut self, turns: [u16; 2]) -> Result<(), Illegal> {
        self.actions += 1;
        if self.actions > ACTION_GUARD {
            return Err(Illegal::new("loop guard", "the game did not end"));
        }
        if turns != self.turn {
            self.turn = turns;
            self.in_turn = 0;
            return Ok(());
        }
        self.in_turn += 1;
        if self.in_turn > self.per_turn {
            return Err(Illegal::new(
                "loop guard",
                format!(
                    "turn {} did not end after {} actions",
                    u32::from(turns[0]) + u32::from(turns[1]),
                    self.per_turn
                ),
            ));
        }
        Ok(())
    }
}

/// Plays one game to its end with the policies. Returns the outcome, or the
/// illegal action a broken policy chose (an engine defect, counted by runs).
pub fn play_out<R: Rules>(
    rules: &R,
    st: &mut R::State,
    seed: u64,
    seat: Seat,
    levels: [Level; 2],
) -> Result<Outcome, Illegal> {
    rules.start(st, seed, seat);
    let mut guard = LoopGuard::new(rules.core(st).turns, TURN_GUARD);
    loop {
        if let Some(o) = rules.outcome(st) {
            return Ok(o);
        }
        let a = choose(rules, st, levels);
        rules.apply(st, a)?;
        guard.step(rules.core(st).turns)?;
    }
}

/// What marks player 1's notes in the log player 0 reads (the computer's
/// moves, against the computer).
pub const OPPONENT_NOTE: &str = "Opponent: ";

/// Renders a log note as player 0 sees it: "turn 3: attack Ember Cub (5)",
/// with "Opponent:" for player 1's notes.
pub fn render_note<R: Rules>(rules: &R, st: &R::State, n: &Note) -> String {
    let who = if n.player == 1 { OPPONENT_NOTE } else { "" };
    render_note_for(rules, st, n, Viewer::Seat(0), who)
}

/// Renders a log note as `viewer` sees it, after `who`: a card that lay
/// where the viewer could not see it when the note was made is not named
/// ([`Rules::sees`]).
pub fn render_note_for<R: Rules>(
    rules: &R,
    st: &R::State,
    n: &Note,
    viewer: Viewer,
    who: &str,
) -> String {
    // in the game's own unit: Rizontical counts rounds
    let unit = match R::TURN_UNIT {
        TurnUnit::Turn => "turn",
        TurnUnit::Round => "round",
    };
    let mut s = format!("{unit} {}: {who}{}", n.turn, n.what);
    if let Some(c) = n.card {
        s.push(' ');
        let shown = n.at == Some(crate::engine::core::record::SHOWN);
        let zone =
            n.at.filter(|_| !shown)
                .map(|i| R::Zone::from_index(usize::from(i)));
        match zone {
            _ if shown => s.push_str(rules.copy_name(c)),
            Some(z) if !rules.sees(st, viewer, z, c) => s.push_str(rules.hidden_name(z)),
            // a card nowhere (a note the log did not place): named only to all
            None if viewer != Viewer::All => s.push_str("a card"),
            _ => s.push_str(rules.copy_name(c)),
        }
    }
    if let Some(a) = n.amount {
        s.push_str(&rules.note_amount(n.what, a));
    }
    s
}

/// A name as a position writes it: lower case, `_` for spaces.
pub fn key_of(name: &str) -> String {
    name.trim().to_lowercase().replace([' ', '-'], "_")
}

/// `value` when it lies in `lo..=hi`, for a counter named `name`.
pub fn fit<T: TryFrom<i64>>(name: &str, value: i64, lo: i64, hi: i64) -> Result<T, String> {
    if (lo..=hi).contains(&value) {
        T::try_from(value).map_err(|_| format!("`{name}` must be between {lo} and {hi}"))
    } else {
        Err(format!(
            "`{name}` must be between {lo} and {hi} (got {value})"
        ))
    }
}

/// The error for a counter the game does not have.
pub fn unknown_counter(name: &str, known: &[(&'static str, i64)]) -> String {
    let names: Vec<&str> = known.iter().map(|(n, _)| *n).collect();
    format!(
        "this game has no counter `{name}` (its counters: {})",
        names.join(", ")
    )
}
