//! The player's choices inside a resolution (rules-notes RZ 14: "each is
//! the owning player's decision, never the computer's for the human").
//!
//! Some choices come in the middle of resolving an action: whether a
//! TRIGGER skill or a set Trigger Power is used when its situation comes
//! ("can be used by their owner at certain situations during any player
//! turn"), where a Fighter is deployed on Deploy Upon Defeat ("they may
//! deploy a Fighter ... This pauses any ongoing effect(s)") or by an
//! effect (and into which slot when the effect says "any empty slot"), how far "up to N" pushes, which Buffs an ULTIMATE moves ("Any:
//! Choose among possible choices"), which looked-at Power goes to the hand,
//! the cell a Summon is deployed on ("an
//! empty cell of their owner's choice"). Each is an [`Ask`] of the owning
//! seat.
//!
//! A seat a person plays ([`crate::engine::core::Core::by_hand`]) answers
//! it as a move: the action stops where the choice comes, the state at that
//! moment is shown with the choice's answers as the seat's legal moves
//! ([`super::Action::Choose`], the sensible default first), and once
//! answered the action is played again from the state before it, taking the
//! answers given so far in the order it asks them (the engine is
//! deterministic: its randomness lives in the state). The other seats'
//! choices are made by their policy where they come ([`super::policy`]), so
//! goldfish games, matches and look-ahead pay nothing for this.
//!
//! The setup's deploys (steps 3-5) are a phase of their own
//! ([`super::Phase::Setup`]); the Basic push's distance is part of its
//! action ([`super::Action::Push`]).

use super::{Action, Answer, DeployFrom, Rizontical, State, Zone, z};
use crate::engine::core::Illegal;
use crate::engine::effect::{Event, Stat};

/// A choice the rules give a seat in the middle of a resolution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ask {
    /// Whether the optional Trigger of `src` is used now: its TRIGGER
    /// skill `skill`, or (`skill` = `None`) the set Trigger Power's
    /// ability `ability`, answering `event` about `subject` (and `other`).
    Trigger {
        src: u16,
        skill: Option<u8>,
        ability: u8,
        event: Event,
        subject: u16,
        other: u16,
    },
    /// Where a Fighter is deployed into `slot` (0-based), and with
    /// `deploy_from = choose` which one; `optional`: the seat may deploy
    /// none (Deploy Upon Defeat's "may").
    Deploy { slot: u8, optional: bool },
    /// Which empty Fighter slot the Fighter an effect of `src` deploys goes
    /// into, asked before [`Ask::Deploy`]: Call of Souls' "on any empty
    /// slot, even the current turn slot" leaves the slot to the player
    /// (the glossary's "Any: Choose among possible choices").
    Slot { src: u16 },
    /// How many cells, 0 to `max`, `target` is pushed ("push it by up to
    /// N cells").
    Push { target: u16, max: u8 },
    /// Whether ally `from`'s Buff on `stat` moves onto `to` (an ULTIMATE's
    /// "Move any allies Buff value on this Fighter").
    Buff { from: u16, to: u16, stat: Stat },
    /// Which of the top `n` Powers of the seat's Power deck goes to its
    /// hand ("Look at the top 3 cards of your Power deck: put 1 in your
    /// hand"); `left` more are kept after this one.
    Look { n: u8, left: u8 },
    /// Which of `owner`'s Summons around `src` takes its DMG next, when one
    /// instance of `src` hits several (P12 DMG Dealing Order: "their owner
    /// choose the order to apply DMG on their Summons"); `done`: the ones
    /// already ordered, as bits over [`Rizontical::summons_around`].
    DmgOrder { src: u16, owner: u8, done: u8 },
    /// Which empty cell Summon `summon` is deployed on ("on an empty cell
    /// of their owner's choice"), around `src` when `around`.
    Summon { summon: u16, src: u16, around: bool },
    /// Which one element `attacker` deals its Hit DMG on `target` with,
    /// when its elements deal different DMG there ("its owner chooses
    /// which element to apply during damage calculation"; Akasha is any
    /// one element, rules-notes RZ 17).
    Element { attacker: u16, target: u16 },
    /// Whether the owner of the defeated `fighter` draws 1 Power (Deploy
    /// Upon Defeat: "their owner may draw 1 Power").
    DrawUponDefeat { fighter: u16 },
}

/// The choice a by-hand seat is to make now: the action it interrupts, the
/// state before that action, and the answers given so far.
#[derive(Clone, Debug)]
pub struct Pending {
    pub seat: u8,
    pub ask: Ask,
    pub before: State,
    pub action: Action,
    pub answers: Vec<Answer>,
}

/// A choice an action asked that its script did not answer, with the state
/// at that moment (what the seat sees while it chooses).
#[derive(Clone, Debug)]
pub struct Asked {
    pub seat: u8,
    pub ask: Ask,
    pub state: State,
}

/// The answers `ask` offers seat `p` now, the default first (the one the
/// engine took before the choice was the player's).
pub fn options(r: &Rizontical, st: &State, p: usize, ask: &Ask) -> Vec<Answer> {
    match *ask {
        Ask::Trigger { .. } | Ask::Buff { .. } | Ask::DrawUponDefeat { .. } => {
            vec![Answer::Yes, Answer::No]
        }
        Ask::Push { max, .. } => (0..=max).rev().map(|n| Answer::Cells { n }).collect(),
        Ask::Look { n, .. } => super::estimate::look_ranked(r, st, p, n)
            .into_iter()
            .map(|card| Answer::Keep { card })
            .collect(),
        Ask::Summon { src, around, .. } => {
            let cells = super::estimate::summon_cells(r, st, src, around);
            let best = super::estimate::summon_cell(r, st, p, &cells);
            best.into_iter()
                .chain(cells.into_iter().filter(|&c| Some(c) != best))
                .map(|cell| Answer::Cell { cell })
                .collect()
        }
        Ask::Element { attacker, target } => {
            let (choices, n) = r.element_choices(st, attacker, target);
            choices[..n]
                .iter()
                .map(|&(bit, _)| Answer::Element { bit })
                .collect()
        }
        Ask::DmgOrder { src, owner, done } => r
            .summons_around(st, src, usize::from(owner))
            .into_iter()
            .enumerate()
            .filter(|&(i, _)| done & (1 << i) == 0)
            .map(|(_, entity)| Answer::Next { entity })
            .collect(),
        Ask::Slot { .. } => {
            if st.core.zones.is_empty(z(p, Zone::FighterDeck)) {
                return Vec::new();
            }
            let best = super::policy::deploy_slot(st, p);
            best.into_iter()
                .chain(
                    (0..super::SLOTS).filter(|&s| st.slots[p][s] == super::NONE && Some(s) != best),
                )
                .map(|s| Answer::Slot { slot: s as u8 })
                .collect()
        }
        Ask::Deploy { optional, .. } => {
            let mut out = Vec::new();
            let deck = st.core.zones.get(z(p, Zone::FighterDeck));
            if !deck.is_empty() {
                let fighters: Vec<Option<u16>> = match r.options.deploy_from {
                    DeployFrom::Top => vec![None],
                    DeployFrom::Choose => {
                        let best = super::policy::best_fighter(r, st, p);
                        let mut f: Vec<Option<u16>> = best.into_iter().map(Some).collect();
                        f.extend(
                            deck.iter()
                                .rev()
                                .filter(|&&c| Some(c) != best)
                                .map(|&c| Some(c)),
                        );
                        f
                    }
                };
                let cells = deploy_cells(r, st, p);
                for &fighter in &fighters {
                    for &cell in &cells {
                        out.push(Answer::Deploy { cell, fighter });
                    }
                }
            }
            if optional || out.is_empty() {
                out.push(Answer::No);
            }
            out
        }
    }
}

/// The empty cells of `p`'s Deploy Zone, the policy's pick first.
pub fn deploy_cells(r: &Rizontical, st: &State, p: usize) -> Vec<u8> {
    let best = super::policy::deploy_cell(r, st, p);
    let mut out: Vec<u8> = best.into_iter().collect();
    out.extend(
        (0..super::CELLS as u8)
            .filter(|&c| r.in_zone(p, c) && st.board[usize::from(c)] == super::NONE)
            .filter(|&c| Some(c) != best),
    );
    out
}

/// Seat `p`'s answer to `ask` while an action resolves for a by-hand seat:
/// the next answer of the replayed action's script; once the script has run
/// out the choice is recorded with the state now (the first one only), and
/// the default answers it while the action runs on to be thrown away. A
/// choice with one answer is not asked.
pub fn ask(r: &Rizontical, st: &mut State, p: usize, ask: Ask) -> Answer {
    let opts = options(r, st, p, &ask);
    let default = opts.first().copied().unwrap_or(Answer::No);
    if opts.len() <= 1 {
        return default;
    }
    if st.cursor < st.script.len() {
        let a = st.script[st.cursor];
        st.cursor += 1;
        return a;
    }
    if st.asked.is_none() {
        let state = st.clone();
        st.asked = Some(Box::new(Asked {
            seat: p as u8,
            ask,
            state,
        }));
    }
    default
}

/// Applies `action` of the seat to act (see the module docs): an answer to
/// the pending choice plays the interrupted action again with it; with no
/// by-hand seat the action is applied as it comes.
pub fn apply(r: &Rizontical, st: &mut State, action: Action) -> Result<(), Illegal> {
    if let Some(pd) = st.pending.take() {
        let Action::Choose { answer } = action else {
            st.pending = Some(pd);
            return Err(Illegal::new(
                "RZ 14",
                "a choice is waiting: answer it first",
            ));
        };
        if !options(r, st, usize::from(pd.seat), &pd.ask).contains(&answer) {
            st.pending = Some(pd);
            return Err(Illegal::new(
                "RZ 14",
                "that is not an answer to this choice",
            ));
        }
        let Pending {
            before,
            action,
            mut answers,
            ..
        } = *pd;
        answers.push(answer);
        *st = before.clone();
        return run(r, st, before, action, answers);
    }
    if matches!(action, Action::Choose { .. }) {
        return Err(Illegal::new("RZ 14", "there is no choice to make now"));
    }
    if !st.core.by_hand.contains(&true) {
        return super::turn::apply_now(r, st, action);
    }
    let before = st.clone();
    run(r, st, before, action, Vec::new())
}

/// Plays `action` on `st` (a copy of `before`) with `answers`; a choice it
/// asks beyond them becomes the pending one.
fn run(
    r: &Rizontical,
    st: &mut State,
    before: State,
    action: Action,
    answers: Vec<Answer>,
) -> Result<(), Illegal> {
    st.script = answers;
    st.cursor = 0;
    st.asked = None;
    let res = super::turn::apply_now(r, st, action);
    let answers = std::mem::take(&mut st.script);
    st.cursor = 0;
    if let Err(e) = res {
        *st = before;
        return Err(e);
    }
    if let Some(asked) = st.asked.take() {
        let Asked {
            seat,
            ask,
            mut state,
        } = *asked;
        state.script.clear();
        state.cursor = 0;
        state.asked = None;
        state.pending = Some(Box::new(Pending {
            seat,
            ask,
            before,
            action,
            answers,
        }));
        *st = state;
    }
    Ok(())
}

impl Rizontical {
    /// Seat `p`'s answer to `ask`: asked as a move when a person plays `p`
    /// ([`ask`]), else the seat's policy (`policy`) decides here.
    pub fn choose_for(
        &self,
        st: &mut State,
        p: usize,
        q: Ask,
        policy: impl FnOnce(&Rizontical, &State) -> Answer,
    ) -> Answer {
        if st.core.by_hand[p] {
            ask(self, st, p, q)
        } else {
            policy(self, st)
        }
    }
}
