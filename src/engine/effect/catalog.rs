//! The catalog's `effects` tables (schema/effects.md) as abilities.
//!
//! The flat keys stay the catalog's shorthand — `{ on = "deploy", draw = 1 }`
//! — so every catalog that loads today plays as before; this module turns
//! each table into an [`Ability`] of the one effect language. What a key
//! means where games differ (the `energy` key is Fuzzycards Energy or
//! Rizontical AP) is the game's [`Flat`] reading.

use super::{
    Ability, Condition, Cost, Event, Keyword, Resource, Stat, Step, Target, Trigger, Verb, Who,
};
use crate::model::{Effect, Trigger as OnKey};

/// How a game reads the keys whose meaning differs between games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Flat {
    /// What `energy` gains and `pay` pays.
    pub energy: Resource,
    /// Whose ATK `atk` changes (this card, or the Hero an equip relic is on).
    pub atk: Target,
}

/// The trigger an `on` key names.
pub fn trigger(on: OnKey) -> Trigger {
    match on {
        OnKey::Deploy => Trigger::PLAYED,
        OnKey::Attack => Trigger::On {
            event: Event::Attacks,
            who: Who::This,
        },
        OnKey::Hit => Trigger::On {
            event: Event::Hits,
            who: Who::This,
        },
        OnKey::Activate => Trigger::Activated,
        OnKey::TurnStart => Trigger::TURN_START,
        OnKey::TurnEnd => Trigger::TURN_END,
        OnKey::Passive => Trigger::Static,
    }
}

/// One catalog effect table as an ability.
pub fn ability(e: &Effect, flat: Flat) -> Ability {
    let mut steps = Vec::new();
    let mut push = |verb: Verb, target: Target| steps.push(Step::new(verb, target));
    if e.draw > 0 {
        push(Verb::Draw { n: e.draw }, Target::You);
    }
    if e.energy > 0 {
        push(
            Verb::Gain {
                what: flat.energy,
                n: e.energy,
            },
            Target::You,
        );
    }
    if e.damage > 0 {
        push(Verb::Damage { n: e.damage }, Target::Opponent);
    }
    if e.attack > 0 {
        push(
            Verb::Gain {
                what: Resource::Attack,
                n: e.attack,
            },
            Target::You,
        );
    }
    if e.atk != 0 {
        push(
            Verb::Modify {
                stat: Stat::Atk,
                delta: e.atk,
            },
            flat.atk,
        );
    }
    if e.life > 0 {
        push(
            Verb::Gain {
                what: Resource::Life,
                n: e.life,
            },
            Target::You,
        );
    }
    if e.hit_damage > 0 {
        push(
            Verb::Modify {
                stat: Stat::HitDamage,
                delta: e.hit_damage as i8,
            },
            Target::This,
        );
    }
    if e.reroll > 0 {
        push(
            Verb::Modify {
                stat: Stat::Rerolls,
                delta: e.reroll as i8,
            },
            Target::This,
        );
    }
    if e.haste {
        push(
            Verb::Keyword {
                keyword: Keyword::Haste,
                n: 0,
                gain: true,
            },
            Target::This,
        );
    }
    if e.enters_exhausted {
        push(
            Verb::Keyword {
                keyword: Keyword::EntersExhausted,
                n: 0,
                gain: true,
            },
            Target::This,
        );
    }
    let mut a = Ability::new(trigger(e.on), steps);
    if e.exhaust > 0 {
        a.costs.push(Cost::Exhaust {
            n: e.exhaust,
            symbol: e.resource.clone(),
        });
    }
    if e.kill_self {
        a.costs.push(Cost::Sacrifice);
    }
    if e.pay > 0 {
        a.costs.push(Cost::Pay {
            what: flat.energy,
            n: e.pay,
        });
    }
    if e.if_hand_empty {
        a.condition = Some(Condition::HandEmpty);
    }
    a
}

/// Every effect table of a card as abilities.
pub fn abilities(effects: &[Effect], flat: Flat) -> Vec<Ability> {
    effects.iter().map(|e| ability(e, flat)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flat_keys_become_steps_costs_and_conditions() {
        let e = Effect {
            on: OnKey::Activate,
            exhaust: 1,
            resource: Some("coin".into()),
            attack: 3,
            draw: 1,
            if_hand_empty: true,
            ..Effect::default()
        };
        let a = ability(
            &e,
            Flat {
                energy: Resource::Energy,
                atk: Target::This,
            },
        );
        assert_eq!(a.trigger, Trigger::Activated);
        assert_eq!(
            a.costs,
            vec![Cost::Exhaust {
                n: 1,
                symbol: Some("coin".into())
            }]
        );
        assert_eq!(a.condition, Some(Condition::HandEmpty));
        assert_eq!(a.steps.len(), 2);
        assert_eq!(a.steps[0].verb, Verb::Draw { n: 1 });
    }
}
