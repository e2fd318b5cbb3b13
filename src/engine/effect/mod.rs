//! One effect language for every game: what a card does, as typed,
//! composable values (SabberStone's and Fireplace's "cards as data, effects as
//! values").
//!
//! An [`Ability`] is a [`Trigger`] (when), optional [`Cost`]s and a
//! [`Condition`] (what it takes), and a list of [`Step`]s (what it does), each
//! a [`Verb`] applied to a [`Target`] for a [`Duration`], with a [`Limit`] on
//! how often it may be used. A card's abilities come from its rules text, read
//! by its game's grammar ([`text`]), or from the catalog's `effects` tables
//! ([`catalog`]). They are interpreted by one module ([`interp`]) on top of the
//! few primitives each game provides ([`interp::Host`]); each game declares
//! which triggers, verbs, targets, costs and durations it supports
//! ([`support`]), and a card using anything else is reported, never
//! misplayed.

pub mod catalog;
pub mod compose;
pub mod interp;
pub mod lasting;
pub mod lexicon;
#[cfg(test)]
mod paraphrase;
pub mod pattern;
pub mod render;
pub mod support;
pub mod taught;
pub mod text;

use serde::{Deserialize, Serialize};

/// Who a trigger or a target is about, relative to the card's controller.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Who {
    /// This card itself.
    This,
    /// The card this one is attached to (Fuzzycards equip relics, Rizontical auras).
    Attached,
    /// One of the controller's cards (this one included).
    Ally,
    /// Another of the controller's cards, not this one ("your other
    /// Heroes").
    OtherAlly,
    /// An ally on a cell around this one (Rizontical).
    AllyAround,
    /// One of the opponent's cards.
    Enemy,
    /// The controller, as a player.
    You,
    /// The opponent, as a player.
    Opponent,
    /// Anyone.
    Any,
}

/// What happened, for triggers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Event {
    /// Played from hand (On Deploy; a spell resolving; "when this creature arrives").
    Played,
    /// Put on the board (Rizontical deploys).
    Deployed,
    /// Declares an attack.
    Attacks,
    /// Deals damage with an attack (On Hit).
    Hits,
    /// Is about to be hit.
    AboutToBeHit,
    /// Is about to take damage.
    AboutToTakeDamage,
    /// Takes push damage.
    TakesPushDamage,
    /// Pushes an entity against another entity.
    PushesIntoEntity,
    /// Defeats an enemy card (On Kill).
    Kills,
    /// Is defeated (On KO).
    Defeated,
    /// Would be defeated (a replacement: "its HP becomes 1 instead").
    WouldBeDefeated,
    /// Uses a skill.
    UsesSkill,
    /// Uses a Power.
    UsesPower,
    /// Moves onto a cell around one of the controller's cards.
    MovesNear,
    /// One of its attack dice hits (Dice of Destiny).
    DieHits,
    /// Casts a spell (Dice of Destiny responses).
    CastsSpell,
    /// The start of its controller's turn.
    TurnStart,
    /// The end of its controller's turn.
    TurnEnd,
    /// The start of every turn, whoever's it is.
    EachTurnStart,
    RoundStart,
    RoundEnd,
}

/// When an ability happens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Trigger {
    /// Always on while the card is in play (passives, statics, equip boosts).
    Static,
    /// Used at will by its controller, paying its costs (Activate, "Once per
    /// turn:", Bizarre World's active box, Rizontical skills and Conjurations).
    Activated,
    /// A Rizontical trigger Power or TRIGGER skill, or a response spell.
    On { event: Event, who: Who },
}

impl Trigger {
    pub const PLAYED: Trigger = Trigger::On {
        event: Event::Played,
        who: Who::This,
    };
    pub const TURN_START: Trigger = Trigger::On {
        event: Event::TurnStart,
        who: Who::You,
    };
    pub const TURN_END: Trigger = Trigger::On {
        event: Event::TurnEnd,
        who: Who::You,
    };

    /// The trigger in words, for reports.
    pub fn describe(self) -> String {
        match self {
            Trigger::Static => "static".into(),
            Trigger::Activated => "activated".into(),
            Trigger::On { event, who } => format!("on {who:?} {event:?}").to_lowercase(),
        }
    }
}

/// A game resource that can be gained, lost or paid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Resource {
    Life,
    /// Fuzzycards Energy.
    Energy,
    /// Rizontical Action Points.
    Ap,
    /// Rizontical Mana (a Fighter stat spent by MANA skills).
    Mana,
    /// Bizarre World's ⚔ for this turn.
    Attack,
    /// Rizontical Souls.
    Souls,
    /// Rizontical Protection.
    Protection,
    /// A Rizontical Power's Use counter.
    Use,
    /// A Rizontical Power's Time counter.
    Time,
}

/// A card statistic that effects change.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Stat {
    Atk,
    Def,
    Hp,
    Mp,
    Range,
    Push,
    Speed,
    /// Damage each hit deals (Dice of Destiny "knocks off 2 life points").
    HitDamage,
    /// Extra damage each hit deals (Rizontical "deal 1 extra DMG").
    ExtraDamage,
    /// Attack rerolls per turn (Dice of Destiny).
    Rerolls,
}

/// A keyword ability a card has, gains or loses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Keyword {
    Rush,
    Guard,
    Stealth,
    Drain,
    Shield,
    Bridge,
    Silence,
    /// Burn X (the amount is in [`Verb::Keyword`]).
    Burn,
    /// May attack the turn it arrives (Dice of Destiny).
    Haste,
    /// Enters play exhausted (Bizarre World "Sleepy").
    EntersExhausted,
    /// Cannot use its ability in response to an attack (Bizarre World "Lazy").
    NoResponse,
    /// Cannot be pushed (Rizontical).
    Unpushable,
    /// Blocks one hit aimed at its controller's life each turn (Dice of Destiny).
    Blocker,
}

/// A condition on a card or a player (Rizontical statuses, Fuzzycards
/// Silence, Dice of Destiny's "rubber duck").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    Silenced,
    /// No effect and cannot attack.
    Suppressed,
    Burned,
    Poison,
    First,
    Last,
    Shield,
    Invincible,
}

/// Which cards a target or search means.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    Any,
    Hero,
    Relic,
    Creature,
    Spell,
    Fighter,
    Power,
    Summon,
    /// Any entity on a board (Fighters, Summons).
    Entity,
    /// A Fighter of this element (Rizontical "Allied Water Fighters").
    FighterOf {
        element: Element,
    },
}

/// A Rizontical element (hits, Power DMG, element-bound effects).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Element {
    Neutral,
    Fire,
    Ice,
    Air,
    Earth,
    Thunder,
    Water,
    /// "All elements at the same time except Neutral."
    Akasha,
}

impl Element {
    pub const ALL: [Element; 8] = [
        Element::Neutral,
        Element::Fire,
        Element::Ice,
        Element::Air,
        Element::Earth,
        Element::Thunder,
        Element::Water,
        Element::Akasha,
    ];

    /// The element a lower-case word names.
    pub fn named(word: &str) -> Option<Element> {
        Element::ALL
            .into_iter()
            .find(|e| format!("{e:?}").eq_ignore_ascii_case(word))
    }
}

/// A zone, for searches and moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Place {
    Deck,
    Hand,
    Graveyard,
    /// Rizontical's Fighter deck.
    FighterDeck,
    Bottom,
    Void,
}

/// Who or what a step acts on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Target {
    /// The controller (as a player).
    You,
    /// The opponent (as a player).
    Opponent,
    /// Both players.
    Both,
    /// This card.
    This,
    /// The card this one is attached to.
    Attached,
    /// One card the player chooses when the ability is used.
    Chosen { who: Who, kind: Kind },
    /// Every such card.
    Each { who: Who, kind: Kind },
    /// The card the trigger is about ("it", "that ally").
    Subject,
    /// The other card of the triggering event (the attacker, the spell).
    Other,
}

/// A range limit on a chosen target (Rizontical "(RA)", "within 3 cells").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Reach {
    /// Anywhere.
    Unlimited,
    /// Within the source's range (RA).
    Range,
    /// On a cell around the source.
    Around,
    /// Within `n` cells of the source.
    Cells { n: u8 },
    /// Within an ally's range.
    AllyRange,
    /// Within `n` cells of an ally.
    AllyCells { n: u8 },
    /// On a cell around an ally.
    AroundAlly,
    /// In the opponent's Deploy Zone (Rizontical).
    EnemyDeployZone,
}

/// What a step does.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "verb")]
pub enum Verb {
    /// Draw `n` cards (the target player draws).
    Draw { n: u8 },
    /// Gain `n` of a resource.
    Gain { what: Resource, n: u8 },
    /// Lose `n` of a resource (Bizarre World "lose 1 life", a Power's Use).
    Lose { what: Resource, n: u8 },
    /// Deal `n` damage (to a player's life, or to a card).
    Damage { n: u8 },
    /// Deal `n` DMG of an element (Rizontical Power DMG: Weakness and
    /// Resistance apply).
    ElementDamage { n: u8, element: Element },
    /// Heal `n` HP (up to printed HP).
    Heal { n: u8 },
    /// Heal to printed HP.
    HealFull,
    /// Change a statistic by `delta`.
    Modify { stat: Stat, delta: i8 },
    /// Gain (`n` = its X, e.g. Burn 2) or lose a keyword.
    Keyword {
        keyword: Keyword,
        #[serde(default, skip_serializing_if = "is_default")]
        n: u8,
        gain: bool,
    },
    /// Give a status.
    Give { status: Status },
    /// Remove every debuff (harmful modifier or status).
    Cleanse,
    /// Make a basic hit (Rizontical SPELL hits; Zill's "hit its attacker").
    Hit,
    /// Hit every cell around the source.
    HitAround,
    /// Push `n` cells (`up_to`: any distance up to `n`).
    Push { n: u8, up_to: bool },
    /// Move up to `n` cells (not the card's own movement).
    Move { n: u8 },
    /// Defeat / KO outright (optionally only up to `max_hp` remaining HP).
    Defeat {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        max_hp: Option<u8>,
    },
    /// Return to its owner's hand.
    ReturnToHand,
    /// Look for a card of `kind` in `from`, show it, put it in hand.
    Search { from: Place, kind: Kind },
    /// Shuffle the controller's `what`.
    Shuffle { what: Place },
    /// Look at the top `n` cards of the deck, put `keep` in hand and the rest
    /// at the bottom.
    Look { n: u8, keep: u8 },
    /// Rerolls for this turn's attack dice (Dice of Destiny).
    Rerolls { n: u8 },
    /// Make the opponent reroll the die that hit.
    ForceReroll,
    /// Negate the triggering skill, spell, hit or damage.
    Negate,
    /// Put a copy of the triggering Power in the void before it applies.
    Banish,
    /// The triggering hit is taken, or its DMG dealt, by the target instead
    /// (Rizontical "this Fighter takes the hit instead", "the Hit DMG is
    /// dealt to the attacker instead").
    Redirect,
    /// Both players roll a die; the steps run if the controller's is higher.
    RollOff { then: Vec<Step> },
    /// The step runs `n` times per entity it hits ("gain 2 AP per entity hit").
    PerEntityHit { then: Vec<Step> },
    /// Deploy a Fighter from the Fighter deck (Rizontical).
    Deploy { first: bool },
    /// Put a tile on a cell (Rizontical Push Tile).
    PlaceTile,
    /// Deploy a Summon called `name` on an empty cell of its owner's choice
    /// (Rizontical "Summons").
    Summon { name: String },
    /// End the current round.
    EndRound,
    /// Its HP becomes `n` instead of being defeated.
    SetHp { n: u8 },
    /// Move the allies' buffs onto this card.
    TakeBuffs,
    /// The card may also be used as a resource of this kind (Bizarre World
    /// "can be exhausted as a Coin resource").
    ResourceKind { symbol: String },
    /// The deck may hold up to `n` copies of this card (Dice of Destiny
    /// "Hey! Break that rule!"; read by validation, DD-D4).
    CopyLimit { n: u8 },
    /// A deck holding this card may have exactly `n` cards, or with `up_to`
    /// any size from the rule's own up to `n` (DD-D4 over DD-D1).
    DeckSize { n: u8, up_to: bool },
    /// A deck holding this card may use `n` colours (DD-D4 over DD-D3).
    ColourLimit { n: u8 },
    /// This card's colour does not count toward the deck's colours (DD-D4
    /// over DD-D3).
    ColourFree,
    /// Its element(s) become every element but Neutral.
    AllElements,
    /// Its hits are in this element.
    HitElement { element: String },
    /// The Numen's Conjuration costs nothing.
    FreeConjuration,
    /// The player cannot get this status.
    Immune { status: Status },
    /// Draw one extra card at each draw.
    ExtraDraw { n: u8 },
}

/// How long a step's change lasts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Duration {
    /// A one-off change (damage, draws) or a permanent one (gaining life).
    #[default]
    Instant,
    /// Until the end of the current turn.
    ThisTurn,
    /// Until the start of the controller's next turn.
    UntilYourNextTurn,
    /// Until the end of the opponent's next turn.
    UntilEndOfOpponentsNextTurn,
    /// Until the end of the current round (Rizontical).
    ThisRound,
    /// While the source stays in play.
    WhileInPlay,
}

/// Whether a value is its type's default (left out when serialized, so
/// the written form of an ability names only what it says: schema/effects.md).
fn is_default<T: Default + PartialEq>(v: &T) -> bool {
    *v == T::default()
}

/// One thing an ability does.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Step {
    #[serde(flatten)]
    pub verb: Verb,
    pub target: Target,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reach: Option<Reach>,
    #[serde(default, skip_serializing_if = "is_default")]
    pub duration: Duration,
    /// The step is optional ("you may").
    #[serde(default, skip_serializing_if = "is_default")]
    pub optional: bool,
}

impl Step {
    pub fn new(verb: Verb, target: Target) -> Step {
        Step {
            verb,
            target,
            reach: None,
            duration: Duration::Instant,
            optional: false,
        }
    }

    pub fn lasting(mut self, d: Duration) -> Step {
        self.duration = d;
        self
    }

    pub fn within(mut self, r: Reach) -> Step {
        self.reach = Some(r);
        self
    }
}

/// What using an ability costs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Cost {
    /// Pay `n` of a resource (Energy, AP, Mana).
    Pay { what: Resource, n: u8 },
    /// Exhaust `n` resources (of a special kind when `symbol` is set).
    Exhaust {
        n: u8,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        symbol: Option<String>,
    },
    /// Kill (sacrifice) this card.
    Sacrifice,
    /// Lose a Use counter of this card.
    UseCounter,
}

/// What must hold for an ability to be used.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Condition {
    /// The controller has no cards in hand.
    HandEmpty,
    /// A named game option is on (Bizarre World "It is Tuesday").
    Option { key: String },
    /// Only in response to a spell (Dice of Destiny).
    RespondingToSpell,
    /// The target has at most `n` HP (Fuzzycards The Verdict).
    TargetHpAtMost { n: u8 },
    /// The first time each round.
    FirstTimeEachRound,
    /// While this skill's or Power's Time lasts.
    WhileTime,
}

/// How often an ability may be used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Limit {
    #[default]
    Unlimited,
    OncePerTurn,
    /// `n` uses in all (a Use counter).
    Uses {
        n: u8,
    },
    OncePerRound,
}

/// One ability of a card: see the module docs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ability {
    pub trigger: Trigger,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub costs: Vec<Cost>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub condition: Option<Condition>,
    pub steps: Vec<Step>,
    #[serde(default, skip_serializing_if = "is_default")]
    pub limit: Limit,
    /// A label from the card (a Rizontical skill kind, "Enchantment", ...).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
}

impl Ability {
    pub fn new(trigger: Trigger, steps: Vec<Step>) -> Ability {
        Ability {
            trigger,
            costs: Vec::new(),
            condition: None,
            steps,
            limit: Limit::Unlimited,
            label: None,
        }
    }

    /// Every step, nested ones included.
    pub fn all_steps(&self) -> Vec<&Step> {
        fn walk<'a>(steps: &'a [Step], out: &mut Vec<&'a Step>) {
            for s in steps {
                out.push(s);
                match &s.verb {
                    Verb::RollOff { then } | Verb::PerEntityHit { then } => walk(then, out),
                    _ => {}
                }
            }
        }
        let mut out = Vec::new();
        walk(&self.steps, &mut out);
        out
    }
}

/// The name of a verb's kind, for support tables and reports.
pub fn verb_name(v: &Verb) -> &'static str {
    match v {
        Verb::Draw { .. } => "draw",
        Verb::Gain { .. } => "gain",
        Verb::Lose { .. } => "lose",
        Verb::Damage { .. } => "damage",
        Verb::ElementDamage { .. } => "element-damage",
        Verb::Heal { .. } => "heal",
        Verb::HealFull => "heal-full",
        Verb::Modify { .. } => "modify",
        Verb::Keyword { .. } => "keyword",
        Verb::Give { .. } => "give",
        Verb::Cleanse => "cleanse",
        Verb::Hit => "hit",
        Verb::HitAround => "hit-around",
        Verb::Push { .. } => "push",
        Verb::Move { .. } => "move",
        Verb::Defeat { .. } => "defeat",
        Verb::ReturnToHand => "return-to-hand",
        Verb::Search { .. } => "search",
        Verb::Shuffle { .. } => "shuffle",
        Verb::Look { .. } => "look",
        Verb::Rerolls { .. } => "rerolls",
        Verb::ForceReroll => "force-reroll",
        Verb::Negate => "negate",
        Verb::Banish => "banish",
        Verb::Redirect => "redirect",
        Verb::RollOff { .. } => "roll-off",
        Verb::PerEntityHit { .. } => "per-entity-hit",
        Verb::Deploy { .. } => "deploy",
        Verb::PlaceTile => "place-tile",
        Verb::Summon { .. } => "summon",
        Verb::EndRound => "end-round",
        Verb::SetHp { .. } => "set-hp",
        Verb::TakeBuffs => "take-buffs",
        Verb::ResourceKind { .. } => "resource-kind",
        Verb::CopyLimit { .. } => "copy-limit",
        Verb::DeckSize { .. } => "deck-size",
        Verb::ColourLimit { .. } => "colour-limit",
        Verb::ColourFree => "colour-free",
        Verb::AllElements => "all-elements",
        Verb::HitElement { .. } => "hit-element",
        Verb::FreeConjuration => "free-conjuration",
        Verb::Immune { .. } => "immune",
        Verb::ExtraDraw { .. } => "extra-draw",
    }
}
