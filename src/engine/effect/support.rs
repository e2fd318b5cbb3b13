//! What each game can play of the effect language.
//!
//! A game lists the triggers, verbs, targets, costs, conditions and durations
//! its engine implements. [`Support::check`] names whatever part of an
//! ability is outside that list, so the card is reported as partly modelled
//! rather than played wrongly. Some parts are played only when the opponent
//! is a real player ([`Support::against_opponent`]): a goldfish report lists
//! them as such instead of dropping them silently.

use super::{Ability, Cost, Duration, Resource, Target, Trigger, Verb, verb_name};

/// See the module docs.
#[derive(Clone, Copy, Debug)]
pub struct Support {
    pub game: &'static str,
    pub triggers: &'static [Trigger],
    /// Verb names ([`verb_name`]).
    pub verbs: &'static [&'static str],
    /// The resources gains, losses and payments may name.
    pub resources: &'static [Resource],
    pub targets: &'static [Target],
    /// Cost names ([`cost_name`]).
    pub costs: &'static [&'static str],
    /// Condition names (the `if` tag of [`super::Condition`]).
    pub conditions: &'static [&'static str],
    pub durations: &'static [Duration],
    /// Triggers and verbs that only ever do something against an
    /// opponent's cards (blocking, forcing rerolls, negating).
    pub against_opponent: &'static [&'static str],
}

/// The name of a cost's kind.
pub fn cost_name(c: &Cost) -> &'static str {
    match c {
        Cost::Pay { .. } => "pay",
        Cost::Exhaust { .. } => "exhaust",
        Cost::Sacrifice => "sacrifice",
        Cost::UseCounter => "use-counter",
    }
}

/// The name of a condition's kind.
pub fn condition_name(c: &super::Condition) -> &'static str {
    use super::Condition as C;
    match c {
        C::HandEmpty => "hand-empty",
        C::Option { .. } => "option",
        C::RespondingToSpell => "responding-to-spell",
        C::TargetHpAtMost { .. } => "target-hp-at-most",
        C::FirstTimeEachRound => "first-time-each-round",
        C::WhileTime => "while-time",
    }
}

fn target_matches(allowed: &Target, t: &Target) -> bool {
    allowed == t
}

impl Support {
    /// Everything in `a` this game does not play, in words; empty when the
    /// game plays all of it.
    pub fn check(&self, a: &Ability) -> Vec<String> {
        let mut out = Vec::new();
        if !self.triggers.contains(&a.trigger) {
            out.push(format!("trigger {}", a.trigger.describe()));
        }
        for c in &a.costs {
            if !self.costs.contains(&cost_name(c)) {
                out.push(format!("cost {}", cost_name(c)));
            }
            if let Cost::Pay { what, .. } = c
                && !self.resources.contains(what)
            {
                out.push(format!("resource {what:?}").to_lowercase());
            }
        }
        if let Some(c) = &a.condition
            && !self.conditions.contains(&condition_name(c))
        {
            out.push(format!("condition {}", condition_name(c)));
        }
        for s in a.all_steps() {
            let v = verb_name(&s.verb);
            if !self.verbs.contains(&v) {
                out.push(format!("verb {v}"));
            }
            if let Verb::Gain { what, .. } | Verb::Lose { what, .. } = &s.verb
                && !self.resources.contains(what)
            {
                out.push(format!("resource {what:?}").to_lowercase());
            }
            if !self.targets.iter().any(|t| target_matches(t, &s.target)) {
                out.push(format!("target {:?}", s.target).to_lowercase());
            }
            if !self.durations.contains(&s.duration) {
                out.push(format!("duration {:?}", s.duration).to_lowercase());
            }
        }
        out.dedup();
        out
    }

    /// The parts of `a` that only do something against an opponent's cards
    /// (empty when none do), by trigger event or verb name.
    pub fn opponent_parts(&self, a: &Ability) -> Vec<String> {
        let mut out = Vec::new();
        if let Trigger::On { event, .. } = a.trigger {
            let e = format!("{event:?}").to_lowercase();
            if self.against_opponent.contains(&e.as_str()) {
                out.push(format!("when {e}"));
            }
        }
        for s in a.all_steps() {
            let v = verb_name(&s.verb);
            if self.against_opponent.contains(&v) && !out.iter().any(|o| o == v) {
                out.push(v.to_string());
            }
        }
        out
    }

    /// Whether `a` only does something against an opponent's cards.
    pub fn needs_opponent(&self, a: &Ability) -> bool {
        !self.opponent_parts(a).is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Kind, Step, Verb, Who};
    use super::*;

    const S: Support = Support {
        game: "t",
        triggers: &[Trigger::PLAYED, Trigger::Activated],
        verbs: &["draw", "negate"],
        resources: &[],
        targets: &[Target::You],
        costs: &["pay"],
        conditions: &[],
        durations: &[Duration::Instant],
        against_opponent: &["negate"],
    };

    #[test]
    fn names_what_is_not_supported() {
        let ok = Ability::new(
            Trigger::PLAYED,
            vec![Step::new(Verb::Draw { n: 1 }, Target::You)],
        );
        assert!(S.check(&ok).is_empty());
        let mut bad = Ability::new(
            Trigger::Static,
            vec![Step::new(
                Verb::Heal { n: 1 },
                Target::Each {
                    who: Who::Ally,
                    kind: Kind::Any,
                },
            )],
        );
        bad.costs.push(Cost::Sacrifice);
        let p = S.check(&bad);
        assert_eq!(p.len(), 4, "{p:?}");
        assert!(p[0].starts_with("trigger static"));
        assert!(p.contains(&"verb heal".to_string()));
        let neg = Ability::new(
            Trigger::Activated,
            vec![Step::new(Verb::Negate, Target::You)],
        );
        assert!(S.needs_opponent(&neg));
        assert!(!S.needs_opponent(&ok));
    }
}
