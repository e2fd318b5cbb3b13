//! The one interpreter of the effect language.
//!
//! It walks an ability's steps, turns each [`Target`] into the players and
//! cards it means, keeps lasting changes in the game's [`LastingSet`], runs
//! nested steps (roll-offs), pays costs and checks conditions — everything
//! that is the same in every game. What differs — what drawing, damage or a
//! push means on this game's table — is a primitive of the game's [`Host`].
//! A verb a game has no primitive for is never reached: the game's
//! [`super::support::Support`] table reports such cards before play.

use super::lasting::{Change, Holder, LastingSet, Until};
use super::{Ability, Condition, Cost, Kind, Place, Reach, Resource, Step, Target, Verb, Who};

/// A player or a card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ref {
    Player(usize),
    Card(u16),
}

/// Who is using an ability, and on what.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ctx {
    /// The card whose ability it is.
    pub source: u16,
    /// Its controller.
    pub controller: usize,
    /// The target the player chose, for [`Target::Chosen`].
    pub chosen: Option<Ref>,
    /// The card a trigger is about ("it").
    pub subject: Option<Ref>,
    /// The other card of the triggering event (the attacker, the spell).
    pub other: Option<Ref>,
}

impl Ctx {
    pub fn new(source: u16, controller: usize) -> Ctx {
        Ctx {
            source,
            controller,
            chosen: None,
            subject: None,
            other: None,
        }
    }

    pub fn choosing(mut self, r: Option<Ref>) -> Ctx {
        self.chosen = r;
        self
    }

    pub fn about(mut self, subject: Option<Ref>, other: Option<Ref>) -> Ctx {
        self.subject = subject;
        self.other = other;
        self
    }
}

/// What a game provides to the interpreter. Only [`Host::lasting`],
/// [`Host::cards`] and the primitives of the verbs the game supports need a
/// real body; the rest keep their defaults.
pub trait Host {
    /// The game's lasting changes.
    fn lasting(&mut self) -> &mut LastingSet;

    /// The cards in play that `who`/`kind` mean for `ctx`'s controller
    /// (within `reach` of the source when given), in a stable order.
    fn cards(&self, ctx: &Ctx, who: Who, kind: Kind, reach: Option<Reach>, out: &mut Vec<u16>);

    /// The card `card` is attached to (an equip relic's Hero, an aura's Fighter).
    fn attached(&self, _card: u16) -> Option<u16> {
        None
    }

    /// Whether the game is over (the rest of an ability does nothing).
    fn stopped(&self) -> bool {
        false
    }

    fn draw(&mut self, _player: usize, _n: u8) {}

    fn gain(&mut self, _on: Ref, _what: Resource, _n: u8, _ctx: &Ctx) {}

    fn lose(&mut self, _on: Ref, _what: Resource, _n: u8, _ctx: &Ctx) {}

    fn damage(&mut self, _on: Ref, _n: u8, _ctx: &Ctx) {}

    /// Heals `n` HP (`None`: to printed HP).
    fn heal(&mut self, _card: u16, _n: Option<u8>) {}

    /// Remaining HP of a card (for conditions like "with 6 HP or less").
    fn hp(&self, _card: u16) -> Option<i32> {
        None
    }

    fn defeat(&mut self, _card: u16, _ctx: &Ctx) {}

    fn return_to_hand(&mut self, _card: u16) {}

    /// Looks for a card of `kind` in player's `from`, shows it, puts it in
    /// hand; `false` when there is none.
    fn search(&mut self, _player: usize, _from: Place, _kind: Kind) -> bool {
        false
    }

    fn shuffle(&mut self, _player: usize, _what: Place) {}

    fn look(&mut self, _player: usize, _n: u8, _keep: u8) {}

    /// One die roll (roll-offs).
    fn roll_die(&mut self) -> u32 {
        0
    }

    /// Whether the controller can pay a cost now.
    fn can_pay(&self, _cost: &Cost, _ctx: &Ctx) -> bool {
        false
    }

    /// Pays a cost (called only after [`Host::can_pay`] said yes for every cost).
    fn pay(&mut self, _cost: &Cost, _ctx: &Ctx) {}

    /// Whether a condition holds.
    fn holds(&self, _cond: &Condition, _ctx: &Ctx) -> bool {
        false
    }

    /// Whether `on` may take a lasting change now (Rizontical: at most 4
    /// conditions, immunities, one Invincible per player). Refused changes
    /// are dropped.
    fn allow(&self, _on: Ref, _change: &Change) -> bool {
        true
    }

    /// Removes what [`Verb::Cleanse`] removes from card `c`: by default
    /// every lowered stat, harmful status and lost keyword; a game whose
    /// words say less (Rizontical's "remove every Debuff") says so.
    fn cleanse(&mut self, c: u16) {
        self.lasting().cleanse(c);
    }

    /// Whether the controller does an optional step ("you may", DD §3.2):
    /// the controller's choice (a seat played by hand answers it as a
    /// move, [`crate::engine::core::may`]; another seat's policy decides).
    /// By default it does.
    fn may(&mut self, _step: &Step, _ctx: &Ctx) -> bool {
        true
    }

    /// Called after each step (a game that lets several things happen "at
    /// the same time" checks for the end of the game here).
    fn after_step(&mut self) {}

    /// A verb only this game has a meaning for (pushes, hits, negations,
    /// deploys, ...), applied to one resolved target. Returns how many
    /// entities it hit, for [`Verb::PerEntityHit`].
    fn special(&mut self, _step: &Step, _on: Option<Ref>, _ctx: &Ctx) -> u32 {
        0
    }
}

/// The players and cards a target means.
pub fn targets<H: Host + ?Sized>(host: &H, ctx: &Ctx, step: &Step, out: &mut Vec<Ref>) {
    out.clear();
    let you = ctx.controller;
    match step.target {
        Target::You => out.push(Ref::Player(you)),
        Target::Opponent => out.push(Ref::Player(1 - you)),
        Target::Both => {
            out.push(Ref::Player(you));
            out.push(Ref::Player(1 - you));
        }
        Target::This => out.push(Ref::Card(ctx.source)),
        Target::Attached => {
            if let Some(c) = host.attached(ctx.source) {
                out.push(Ref::Card(c));
            }
        }
        Target::Chosen { .. } => out.extend(ctx.chosen),
        Target::Subject => out.extend(ctx.subject),
        Target::Other => out.extend(ctx.other),
        Target::Each { who, kind } => {
            let mut cards = Vec::new();
            host.cards(ctx, who, kind, step.reach, &mut cards);
            out.extend(cards.into_iter().map(Ref::Card));
        }
    }
}

/// Whether every cost can be paid and the condition holds.
pub fn usable<H: Host + ?Sized>(host: &H, ctx: &Ctx, ability: &Ability) -> bool {
    ability.costs.iter().all(|c| host.can_pay(c, ctx))
        && ability
            .condition
            .as_ref()
            .is_none_or(|c| host.holds(c, ctx))
}

/// Uses an ability: pays its costs and resolves its steps. `false` (and
/// nothing changes) when a cost cannot be paid or the condition fails.
pub fn use_ability<H: Host + ?Sized>(host: &mut H, ctx: &Ctx, ability: &Ability) -> bool {
    if !usable(host, ctx, ability) {
        return false;
    }
    for c in &ability.costs {
        host.pay(c, ctx);
    }
    resolve(host, ctx, &ability.steps);
    true
}

/// Resolves steps in order ("apply as much as possible": a step with no
/// target does nothing and the next one still runs). Returns how many
/// entities the steps hit.
pub fn resolve<H: Host + ?Sized>(host: &mut H, ctx: &Ctx, steps: &[Step]) -> u32 {
    let mut refs = Vec::new();
    let mut hits = 0;
    for step in steps {
        if host.stopped() {
            break;
        }
        if step.optional && !host.may(step, ctx) {
            continue;
        }
        targets(host, ctx, step, &mut refs);
        hits += apply(host, ctx, step, &refs);
        host.after_step();
    }
    hits
}

/// A change held by `holder` that lasts as the step says; an instant
/// modifier on a card lasts while that card stays in play.
fn last(host: &mut (impl Host + ?Sized), ctx: &Ctx, step: &Step, on: Ref, change: Change) {
    if !host.allow(on, &change) {
        return;
    }
    let holder = match on {
        Ref::Card(c) => Holder::Card(c),
        Ref::Player(p) => Holder::Player(p as u8),
    };
    let (until, source) = match Until::of(step.duration, ctx.controller) {
        Some(u) => (u, ctx.source),
        None => match on {
            // permanent: gone when the holder leaves play
            Ref::Card(c) => (Until::SourceLeaves, c),
            Ref::Player(_) => (Until::SourceLeaves, u16::MAX),
        },
    };
    host.lasting().add(holder, change, until, source);
}

fn apply<H: Host + ?Sized>(host: &mut H, ctx: &Ctx, step: &Step, refs: &[Ref]) -> u32 {
    let mut hits = 0;
    match &step.verb {
        Verb::RollOff { then } => {
            let mine = host.roll_die();
            let theirs = host.roll_die();
            if mine > theirs {
                hits += resolve(host, ctx, then);
            }
            return hits;
        }
        Verb::PerEntityHit { then } => {
            // the first step hits; the rest repeat per entity hit
            let n = refs
                .iter()
                .map(|&r| host.special(step, Some(r), ctx))
                .sum::<u32>();
            for _ in 0..n {
                resolve(host, ctx, then);
            }
            return n;
        }
        _ => {}
    }
    for &on in refs {
        if host.stopped() {
            break;
        }
        match (&step.verb, on) {
            (Verb::Draw { n }, Ref::Player(p)) => host.draw(p, *n),
            (Verb::Gain { what, n }, on) => host.gain(on, *what, *n, ctx),
            (Verb::Lose { what, n }, on) => host.lose(on, *what, *n, ctx),
            (Verb::Damage { n }, on) => host.damage(on, *n, ctx),
            (Verb::Heal { n }, Ref::Card(c)) => host.heal(c, Some(*n)),
            (Verb::HealFull, Ref::Card(c)) => host.heal(c, None),
            (Verb::Modify { stat, delta }, on) => last(
                host,
                ctx,
                step,
                on,
                Change::Stat {
                    stat: *stat,
                    delta: *delta,
                },
            ),
            (Verb::Keyword { keyword, n, gain }, on) => last(
                host,
                ctx,
                step,
                on,
                Change::Keyword {
                    keyword: *keyword,
                    n: *n,
                    gain: *gain,
                },
            ),
            (Verb::Give { status }, on) => last(host, ctx, step, on, Change::Status(*status)),
            (Verb::Cleanse, Ref::Card(c)) => host.cleanse(c),
            (Verb::Defeat { max_hp }, Ref::Card(c)) => {
                let ok = match max_hp {
                    Some(m) => host.hp(c).is_some_and(|hp| hp <= i32::from(*m)),
                    None => true,
                };
                if ok {
                    host.defeat(c, ctx);
                }
            }
            (Verb::ReturnToHand, Ref::Card(c)) => host.return_to_hand(c),
            (Verb::Search { from, kind }, Ref::Player(p)) => {
                host.search(p, *from, *kind);
            }
            (Verb::Shuffle { what }, Ref::Player(p)) => host.shuffle(p, *what),
            (Verb::Look { n, keep }, Ref::Player(p)) => host.look(p, *n, *keep),
            _ => hits += host.special(step, Some(on), ctx),
        }
    }
    hits
}

/// The sum of a stat bonus the static abilities in play give `card`:
/// `statics` lists (source, controller, ability) of every card in play with
/// a static ability; `covers` says whether a target of a source covers `card`.
pub fn static_bonus<'a>(
    card: u16,
    stat: super::Stat,
    statics: impl Iterator<Item = (u16, usize, &'a Ability)>,
    covers: impl Fn(&Ctx, &Target, u16) -> bool,
) -> i32 {
    let mut sum = 0;
    for (source, controller, ability) in statics {
        let ctx = Ctx::new(source, controller);
        for s in &ability.steps {
            if let Verb::Modify { stat: st, delta } = s.verb
                && st == stat
                && covers(&ctx, &s.target, card)
            {
                sum += i32::from(delta);
            }
        }
    }
    sum
}

#[cfg(test)]
mod tests {
    use super::super::{Duration, Keyword, Stat, Trigger};
    use super::*;

    /// A tiny table: two players' life and hand sizes, cards 0..4 in play
    /// (0, 1 player 0's; 2, 3 player 1's).
    #[derive(Default)]
    struct T {
        life: [i32; 2],
        drawn: [u8; 2],
        energy: u8,
        lasting: LastingSet,
        defeated: Vec<u16>,
        hp: [i32; 4],
    }

    impl Host for T {
        fn lasting(&mut self) -> &mut LastingSet {
            &mut self.lasting
        }
        fn cards(&self, ctx: &Ctx, who: Who, _k: Kind, _r: Option<Reach>, out: &mut Vec<u16>) {
            let mine = |c: u16| usize::from(c >= 2) == ctx.controller;
            out.extend((0..4).filter(|&c| match who {
                Who::Enemy => !mine(c),
                Who::Ally => mine(c),
                _ => true,
            }));
        }
        fn draw(&mut self, p: usize, n: u8) {
            self.drawn[p] += n;
        }
        fn damage(&mut self, on: Ref, n: u8, _: &Ctx) {
            if let Ref::Player(p) = on {
                self.life[p] -= i32::from(n);
            }
        }
        fn hp(&self, c: u16) -> Option<i32> {
            Some(self.hp[usize::from(c)])
        }
        fn defeat(&mut self, c: u16, _: &Ctx) {
            self.defeated.push(c);
        }
        fn roll_die(&mut self) -> u32 {
            self.energy += 1;
            u32::from(7 - self.energy)
        }
        fn can_pay(&self, c: &Cost, _: &Ctx) -> bool {
            matches!(c, Cost::Pay { what: Resource::Energy, n } if *n <= self.energy)
        }
        fn pay(&mut self, c: &Cost, _: &Ctx) {
            if let Cost::Pay { n, .. } = c {
                self.energy -= n;
            }
        }
    }

    #[test]
    fn steps_reach_their_targets_in_order() {
        let mut t = T {
            life: [20, 20],
            hp: [5, 5, 6, 7],
            ..T::default()
        };
        let ctx = Ctx::new(0, 0);
        resolve(
            &mut t,
            &ctx,
            &[
                Step::new(Verb::Draw { n: 2 }, Target::You),
                Step::new(Verb::Damage { n: 3 }, Target::Opponent),
                Step::new(
                    Verb::Defeat { max_hp: Some(6) },
                    Target::Each {
                        who: Who::Enemy,
                        kind: Kind::Any,
                    },
                ),
                Step::new(
                    Verb::Modify {
                        stat: Stat::Atk,
                        delta: 2,
                    },
                    Target::This,
                )
                .lasting(Duration::ThisTurn),
                Step::new(
                    Verb::Keyword {
                        keyword: Keyword::Stealth,
                        n: 0,
                        gain: false,
                    },
                    Target::Chosen {
                        who: Who::Enemy,
                        kind: Kind::Hero,
                    },
                ),
            ],
        );
        assert_eq!(t.drawn, [2, 0]);
        assert_eq!(t.life, [20, 17]);
        assert_eq!(t.defeated, vec![2]);
        assert_eq!(t.lasting.stat(0, Stat::Atk), 2);
        // no target was chosen: that step did nothing
        assert_eq!(t.lasting.iter().count(), 1);
        t.lasting.turn_end(0);
        assert_eq!(t.lasting.stat(0, Stat::Atk), 0);
    }

    #[test]
    fn costs_are_all_or_nothing_and_roll_offs_nest() {
        let mut t = T {
            life: [20, 20],
            energy: 1,
            ..T::default()
        };
        let mut a = Ability::new(
            Trigger::Activated,
            vec![Step::new(
                Verb::RollOff {
                    then: vec![Step::new(Verb::Damage { n: 2 }, Target::Opponent)],
                },
                Target::You,
            )],
        );
        a.costs.push(Cost::Pay {
            what: Resource::Energy,
            n: 2,
        });
        assert!(!use_ability(&mut t, &Ctx::new(0, 0), &a));
        assert_eq!(t.energy, 1);
        a.costs[0] = Cost::Pay {
            what: Resource::Energy,
            n: 1,
        };
        assert!(use_ability(&mut t, &Ctx::new(0, 0), &a));
        // rolls 6 then 5: the controller's is higher
        assert_eq!(t.life, [20, 18]);
    }
}
