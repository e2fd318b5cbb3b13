//! "You may": an optional step of a card's effect (DD §3.2 "If a card says
//! you may do something, it's optional") is its controller's choice.
//!
//! The choice comes in the middle of resolving an action (a card played, an
//! ability used, a trigger). A seat a person plays
//! ([`super::Core::by_hand`]) answers it as a move, the way Rizontical's
//! choices are asked (`src/engine/rizontical/choices.rs`): the action stops
//! where the "may" comes, the state at that moment is shown with "yes" and
//! "no" as the seat's legal moves, and once answered the action is played
//! again from the state before it, taking the answers given so far in the
//! order it asks them (the engine is deterministic: its randomness lives in
//! the state). The other seats' "may"s are decided by their policy where
//! they come, so goldfish games, matches and look-ahead pay nothing for this.
//!
//! A game embeds one [`May`] in its state and routes its `apply` through
//! [`apply`].

use super::Illegal;

/// The replay bookkeeping of one game state (see the module docs).
#[derive(Clone, Debug)]
pub struct May<S, A> {
    /// The answers of the action being replayed, in the order it asks.
    pub script: Vec<bool>,
    pub cursor: usize,
    /// The first "may" the action under way asked beyond `script`: the
    /// seat, the card whose effect it is, and the state at that moment.
    pub asked: Option<Box<(u8, u16, S)>>,
    /// The "may" a by-hand seat is to answer now.
    pub pending: Option<Box<Pending<S, A>>>,
}

impl<S, A> Default for May<S, A> {
    fn default() -> Self {
        May {
            script: Vec::new(),
            cursor: 0,
            asked: None,
            pending: None,
        }
    }
}

/// A "may" waiting for its seat's answer: the action it interrupts, the
/// state before that action, and the answers given so far.
#[derive(Clone, Debug)]
pub struct Pending<S, A> {
    pub seat: u8,
    /// The card whose effect says "you may".
    pub card: u16,
    pub before: S,
    pub action: A,
    pub answers: Vec<bool>,
}

impl<S, A> May<S, A> {
    /// The seat and card of the "may" waiting for an answer.
    pub fn waiting(&self) -> Option<(usize, u16)> {
        self.pending.as_ref().map(|p| (usize::from(p.seat), p.card))
    }

    /// The label of the answer `yes` to the waiting "may", its card named
    /// by `name` (one wording for every game that asks).
    pub fn describe(&self, yes: bool, name: impl Fn(u16) -> String) -> String {
        let card = self.waiting().map_or(String::new(), |(_, c)| name(c));
        if yes {
            format!("Use the optional effect of {card} (you may)")
        } else {
            format!("Decline the optional effect of {card}")
        }
    }
}

/// Seat `seat`'s answer to the "may" of `card`'s effect while an action
/// resolves for a by-hand seat: the next answer of the replayed action's
/// script; once the script has run out the question is recorded with the
/// state now (the first one only), and "yes" answers it while the action
/// runs on to be thrown away.
pub fn ask<S: Clone, A>(
    st: &mut S,
    may: fn(&mut S) -> &mut May<S, A>,
    seat: usize,
    card: u16,
) -> bool {
    let m = may(st);
    if m.cursor < m.script.len() {
        let a = m.script[m.cursor];
        m.cursor += 1;
        return a;
    }
    if m.asked.is_none() {
        let state = st.clone();
        may(st).asked = Some(Box::new((seat as u8, card, state)));
    }
    true
}

/// Applies `action`: an answer (`answer(action)` is `Some`) to the waiting
/// "may" plays the interrupted action again with it; with no seat played by
/// hand the action is applied as it comes (`now`); otherwise it is played
/// with the replay bookkeeping, and a "may" it asks becomes the waiting one.
#[inline]
pub fn apply<S: Clone, A: Copy>(
    st: &mut S,
    action: A,
    may: fn(&mut S) -> &mut May<S, A>,
    answer: fn(A) -> Option<bool>,
    by_hand: bool,
    now: impl Fn(&mut S, A) -> Result<(), Illegal>,
) -> Result<(), Illegal> {
    // the goldfish, match and look-ahead path: nobody plays by hand and no
    // "may" waits, so the action is played as it comes at no cost
    if !by_hand && may(st).pending.is_none() && answer(action).is_none() {
        return now(st, action);
    }
    asked(st, action, may, answer, by_hand, now)
}

/// [`apply`] with a seat played by hand or a "may" waiting.
#[cold]
#[inline(never)]
fn asked<S: Clone, A: Copy>(
    st: &mut S,
    action: A,
    may: fn(&mut S) -> &mut May<S, A>,
    answer: fn(A) -> Option<bool>,
    by_hand: bool,
    now: impl Fn(&mut S, A) -> Result<(), Illegal>,
) -> Result<(), Illegal> {
    if let Some(pd) = may(st).pending.take() {
        let Some(yes) = answer(action) else {
            may(st).pending = Some(pd);
            return Err(Illegal::new(
                "DD §3.2",
                "a \"you may\" is waiting: answer it first",
            ));
        };
        let Pending {
            before,
            action,
            mut answers,
            ..
        } = *pd;
        answers.push(yes);
        *st = before.clone();
        return run(st, before, action, answers, may, now);
    }
    if answer(action).is_some() {
        return Err(Illegal::new("DD §3.2", "there is no \"you may\" to answer"));
    }
    if !by_hand {
        return now(st, action);
    }
    let before = st.clone();
    run(st, before, action, Vec::new(), may, now)
}

fn run<S: Clone, A: Copy>(
    st: &mut S,
    before: S,
    action: A,
    answers: Vec<bool>,
    may: fn(&mut S) -> &mut May<S, A>,
    now: impl Fn(&mut S, A) -> Result<(), Illegal>,
) -> Result<(), Illegal> {
    {
        let m = may(st);
        m.script = answers;
        m.cursor = 0;
        m.asked = None;
    }
    let res = now(st, action);
    let m = may(st);
    let answers = std::mem::take(&mut m.script);
    m.cursor = 0;
    let asked = m.asked.take();
    if let Err(e) = res {
        *st = before;
        return Err(e);
    }
    if let Some(asked) = asked {
        let (seat, card, mut state) = *asked;
        let m = may(&mut state);
        m.script.clear();
        m.cursor = 0;
        m.asked = None;
        m.pending = Some(Box::new(Pending {
            seat,
            card,
            before,
            action,
            answers,
        }));
        *st = state;
    }
    Ok(())
}
