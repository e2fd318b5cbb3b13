//! Structured card effects as the engines read them: the catalog's
//! [`Effect`] tables grouped by trigger into small copyable values.
//!
//! Each game understands a subset of the keys (schema/effects.md lists which);
//! [`unsupported`] names the keys a game cannot play, so the card is reported
//! as (partly) vanilla rather than silently misplayed.

use crate::model::{Card, Effect, Trigger};

/// What an effect does when it resolves (costs and conditions excluded).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Fx {
    pub draw: u8,
    pub energy: u8,
    pub damage: u8,
    pub attack: u8,
    pub life: u8,
    pub atk: i8,
}

impl Fx {
    pub fn of(e: &Effect) -> Fx {
        Fx {
            draw: e.draw,
            energy: e.energy,
            damage: e.damage,
            attack: e.attack,
            life: e.life,
            atk: e.atk,
        }
    }

    pub fn add(&mut self, o: Fx) {
        self.draw = self.draw.saturating_add(o.draw);
        self.energy = self.energy.saturating_add(o.energy);
        self.damage = self.damage.saturating_add(o.damage);
        self.attack = self.attack.saturating_add(o.attack);
        self.life = self.life.saturating_add(o.life);
        self.atk = self.atk.saturating_add(o.atk);
    }

    pub fn is_empty(&self) -> bool {
        *self == Fx::default()
    }

    /// Whether it does anything against a passive opponent besides life gain
    /// (the goldfish policies do not spend plays on life).
    pub fn helps_race(&self) -> bool {
        self.draw > 0 || self.energy > 0 || self.damage > 0 || self.attack > 0 || self.atk > 0
    }

    /// Sums every effect of `card` with trigger `on`.
    pub fn sum(card: &Card, on: Trigger) -> Fx {
        let mut fx = Fx::default();
        for e in card.effects.iter().filter(|e| e.on == on) {
            fx.add(Fx::of(e));
        }
        fx
    }
}

/// The keys an effect sets (non-default values), by their catalog names.
pub fn keys_set(e: &Effect) -> Vec<&'static str> {
    let mut k = Vec::new();
    let flags: [(&'static str, bool); 15] = [
        ("exhaust", e.exhaust > 0),
        ("resource", e.resource.is_some()),
        ("kill_self", e.kill_self),
        ("pay", e.pay > 0),
        ("if_hand_empty", e.if_hand_empty),
        ("draw", e.draw > 0),
        ("energy", e.energy > 0),
        ("damage", e.damage > 0),
        ("attack", e.attack > 0),
        ("atk", e.atk != 0),
        ("life", e.life > 0),
        ("hit_damage", e.hit_damage > 0),
        ("reroll", e.reroll > 0),
        ("haste", e.haste),
        ("enters_exhausted", e.enters_exhausted),
    ];
    for (name, set) in flags {
        if set {
            k.push(name);
        }
    }
    k
}

/// What a game plays: for each trigger it understands, the keys it reads.
pub type Understood<'a> = &'a [(Trigger, &'a [&'a str])];

/// Why a card's effects cannot all be played by a game that understands
/// `rules`; `None` when every effect is understood.
pub fn unsupported(card: &Card, rules: Understood<'_>, game: &str) -> Option<String> {
    let mut problems: Vec<String> = Vec::new();
    for e in &card.effects {
        let Some((_, keys)) = rules.iter().find(|(t, _)| *t == e.on) else {
            problems.push(format!("`on = \"{}\"`", e.on.as_str()));
            continue;
        };
        for k in keys_set(e) {
            if !keys.contains(&k) {
                problems.push(format!("`{k}` with `on = \"{}\"`", e.on.as_str()));
            }
        }
    }
    problems.dedup();
    (!problems.is_empty()).then(|| format!("effect {} not modelled in {game}", problems.join(", ")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_by_trigger_and_names_unsupported_keys() {
        let mut c = Card::new("X", "hero");
        c.effects = vec![
            Effect {
                on: Trigger::Deploy,
                draw: 1,
                ..Effect::default()
            },
            Effect {
                on: Trigger::Deploy,
                draw: 1,
                energy: 2,
                ..Effect::default()
            },
            Effect {
                on: Trigger::Activate,
                reroll: 1,
                ..Effect::default()
            },
        ];
        let fx = Fx::sum(&c, Trigger::Deploy);
        assert_eq!((fx.draw, fx.energy), (2, 2));
        assert!(fx.helps_race());
        assert_eq!(
            unsupported(&c, &[(Trigger::Deploy, &["draw", "energy"])], "G").unwrap(),
            "effect `on = \"activate\"` not modelled in G"
        );
        assert_eq!(
            unsupported(
                &c,
                &[(Trigger::Deploy, &["draw"]), (Trigger::Activate, &[])],
                "G"
            )
            .unwrap(),
            "effect `energy` with `on = \"deploy\"`, `reroll` with `on = \"activate\"` not modelled in G"
        );
        let all: &[&str] = &["draw", "energy", "reroll"];
        assert!(
            unsupported(&c, &[(Trigger::Deploy, all), (Trigger::Activate, all)], "G").is_none()
        );
    }
}
