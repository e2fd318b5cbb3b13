//! The catalog's `effects` tables (schema/effects.md) as abilities.
//!
//! A table is written in one of two forms. The flat keys stay the catalog's
//! shorthand — `{ on = "deploy", draw = 1 }` — so every catalog that loads
//! today plays as before; this module turns each such table into an
//! [`Ability`] of the one effect language. What a key means where games
//! differ (the `energy` key is Fuzzycards Energy or Rizontical AP) is the
//! game's [`Flat`] reading. A structured table is an [`Ability`] already
//! (`trigger`, `steps`, ...: what `catalog coverage --json` shows as
//! `reading`), checked by [`structured`] when the catalog loads, so that it
//! reads back exactly as written.

use super::{
    Ability, Condition, Cost, Event, Keyword, Resource, Stat, Step, Target, Trigger, Verb, Who,
};
use crate::model::{CardEffect, Effect, Trigger as OnKey};

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

/// An entry of a card's `effects`, in either form.
pub trait Entry {
    fn ability(&self, flat: Flat) -> Ability;
}

impl Entry for Effect {
    fn ability(&self, flat: Flat) -> Ability {
        ability(self, flat)
    }
}

impl Entry for CardEffect {
    fn ability(&self, flat: Flat) -> Ability {
        match self {
            CardEffect::Flat(e) => ability(e, flat),
            CardEffect::Ability(a) => (**a).clone(),
        }
    }
}

/// Every effect table of a card as abilities.
pub fn abilities<E: Entry>(effects: &[E], flat: Flat) -> Vec<Ability> {
    effects.iter().map(|e| e.ability(flat)).collect()
}

/// A structured effect table as an ability, or what is wrong with it: a
/// value the effect language has no word for (serde's message, which names
/// the values it knows), or a key it would drop. Nothing is dropped
/// silently: every key written must come back when the ability is written
/// out again, unless it only restates a default (`optional = false`,
/// `duration = "instant"`, `limit = "unlimited"`, `costs = []`). So what
/// loads writes back as written (schema/effects.md).
pub fn structured(table: &toml::Value) -> Result<Ability, String> {
    let a: Ability = table
        .clone()
        .try_into()
        .map_err(|e: toml::de::Error| e.message().trim().to_string())?;
    let back = toml::Value::try_from(&a).map_err(|e| e.to_string())?;
    let mut unread = Vec::new();
    dropped(table, &back, "", &mut unread);
    match unread.first() {
        None => Ok(a),
        Some(k) => Err(format!(
            "`{k}` is not part of the effect language here (schema/effects.md)"
        )),
    }
}

/// One step of a structured table, checked like [`structured`] (to point
/// an error at the step's own line).
pub fn structured_step(table: &toml::Value) -> Result<Step, String> {
    let st: Step = table
        .clone()
        .try_into()
        .map_err(|e: toml::de::Error| e.message().trim().to_string())?;
    let back = toml::Value::try_from(&st).map_err(|e| e.to_string())?;
    let mut unread = Vec::new();
    dropped(table, &back, "", &mut unread);
    match unread.first() {
        None => Ok(st),
        Some(k) => Err(format!(
            "`{k}` is not part of the effect language here (schema/effects.md)"
        )),
    }
}

/// Keys of `input` that `output` (the same ability written out) lacks.
fn dropped(input: &toml::Value, output: &toml::Value, path: &str, out: &mut Vec<String>) {
    use toml::Value as V;
    let at = |k: &str| {
        if path.is_empty() {
            k.to_string()
        } else {
            format!("{path}.{k}")
        }
    };
    match (input, output) {
        (V::Table(i), V::Table(o)) => {
            for (k, v) in i {
                match o.get(k) {
                    Some(ov) => dropped(v, ov, &at(k), out),
                    None if is_default(k, v) => {}
                    None => out.push(at(k)),
                }
            }
        }
        (V::Array(i), V::Array(o)) => {
            for (n, (iv, ov)) in i.iter().zip(o).enumerate() {
                dropped(iv, ov, &format!("{path}[{n}]"), out);
            }
        }
        _ => {}
    }
}

/// A key a written ability leaves out because its value is the default.
fn is_default(key: &str, v: &toml::Value) -> bool {
    use toml::Value as V;
    match (key, v) {
        ("optional", V::Boolean(b)) => !b,
        ("duration", V::String(s)) => s == "instant",
        ("limit", V::String(s)) => s == "unlimited",
        ("costs", V::Array(a)) => a.is_empty(),
        _ => false,
    }
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
