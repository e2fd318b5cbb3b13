//! The game as the playtest screen shows it, and actions in words.

use super::board::{label, rc};
use super::cards::Category;
use super::choices::Ask;
use super::{Action, Answer, NO_CELL, NONE, Phase, Rizontical, State, Zone, z};
use crate::engine::core::Shape::{Cards, Pile, Slots};
use crate::engine::core::{
    CardView, Layout, Mover, Onto, PieceView, Snapshot, TurnUnit, ZoneId, at, zone_views,
};
use crate::engine::effect::lasting::{Change, Holder};
use crate::engine::effect::{Event, Stat, Status};
use crate::model::GameId;

/// One card with its state words.
pub fn card(r: &Rizontical, st: &State, c: u16) -> CardView {
    let mut tags = Vec::new();
    let i = usize::from(c);
    if i < st.cell.len() && st.cell[i] != NO_CELL {
        if let Some((_, s)) = r.slot_of(st, c) {
            tags.push(format!("slot {}", s + 1));
        }
        tags.push(format!("HP {}/{}", st.hp[i], r.fighter(st, c).hp));
        tags.push(format!("ATK {}", r.stat_atk(st, c)));
        tags.push(format!("DEF {}", r.stat_def(st, c)));
        if st.mana[i] > 0 {
            tags.push(format!("Mana {}", st.mana[i]));
        }
        if st.protection[i] > 0 {
            tags.push(format!("Protection {}", st.protection[i]));
        }
        for l in st.core.lasting.iter() {
            if l.holder == Holder::Card(c) {
                tags.push(match l.change {
                    Change::Status(s) => format!("{s:?}"),
                    Change::Stat { stat, delta } => format!("{stat:?} {delta:+}"),
                    Change::Keyword { keyword, .. } => format!("{keyword:?}"),
                });
            }
        }
    }
    if let Some(p) = r.def(c).power() {
        tags.push(format!("{} AP", p.cost));
        let on_field = st.core.zones.contains(z(r.owner(c), Zone::Powers), c);
        if on_field {
            if p.category == Category::Trigger {
                tags.push("set".into());
            }
            if p.uses > 0 {
                tags.push(format!("Use {}", st.uses[i]));
            }
            if p.time > 0 {
                tags.push(format!("Time {}", st.time[i]));
            }
            if st.aura_on[i] != NONE {
                tags.push(format!("on {}", r.name_of(st.aura_on[i])));
            }
        }
    }
    CardView::new(c, r.name_of(c), tags)
}

/// What a set Trigger Power shows its owner's opponent: that a Power lies
/// face down, not which (the rulebook's "set face down").
pub const FACE_DOWN: &str = "Face-down Power";

/// Whether `c` is a Trigger Power set face down on its owner's Power slots.
pub(super) fn set_face_down(r: &Rizontical, st: &State, c: u16) -> bool {
    r.def(c)
        .power()
        .is_some_and(|p| p.category == Category::Trigger)
        && st.core.zones.contains(z(r.owner(c), Zone::Powers), c)
}

/// The snapshot (see [`crate::engine::core::view`]).
pub fn snapshot(r: &Rizontical, st: &State) -> Snapshot {
    // decks are hidden; so is a real opponent's hand
    let zones = zone_views(
        &st.core.zones,
        |zn| {
            matches!(zn.pile, Zone::FighterDeck | Zone::PowerDeck)
                || (zn.player() == 1 && zn.pile == Zone::Hand)
        },
        |c| {
            // the other player's set Triggers are face down: the screen
            // (and the JSON) say only that a Power is set
            if r.owner(c) == 1 && set_face_down(r, st, c) {
                CardView {
                    face_down: true,
                    ..CardView::new(c, FACE_DOWN, vec!["set".into()])
                }
            } else {
                card(r, st, c)
            }
        },
    );
    // the goldfish dummy has no cards: its empty zones are not shown
    let mut zones = zones;
    let dummy = st.core.passive[1];
    if dummy {
        zones.retain(|zv| zv.player == 0);
    }
    let mut board = Vec::new();
    let acting = match st.phase {
        Phase::Turn => st.slots[r.acting(st)]
            .get(usize::from(st.step))
            .copied()
            .unwrap_or(NONE),
        _ => NONE,
    };
    // the Fighters, then the Summons (entities on the board too)
    for e in r.on_board(st) {
        let (row, col) = rc(st.cell[usize::from(e)]);
        board.push(PieceView {
            copy: e,
            name: r.name_of(e).to_string(),
            row: row as u8,
            col: col as u8,
            ally: r.owner(e) == 0,
            hp: i32::from(st.hp[usize::from(e)]),
            max_hp: i32::from(r.fighter(st, e).hp),
            acting: e == acting,
        });
    }
    let (phase, help) = match st.phase {
        _ if st.pending.is_some() => {
            #[allow(clippy::expect_used, reason = "the match guard checked it")]
            let pd = st.pending.as_deref().expect("checked");
            (
                format!("Choice (player {})", pd.seat + 1),
                question(r, &pd.ask),
            )
        }
        Phase::Setup { p, slot } => (
            format!("Setup (player {})", p + 1),
            format!(
                "Deploy the Fighter of slot {} on an empty cell of your Deploy Zone.",
                slot + 1
            ),
        ),
        Phase::Mulligan { p } => (
            format!("Mulligan (player {})", p + 1),
            "Return up to 5 Powers to the bottom of the Power deck and draw as many.".to_string(),
        ),
        Phase::Turn => (
            format!(
                "Round {}, timeline turn {} ({} turn)",
                st.round,
                st.step + 1,
                if st.half == 0 { "first" } else { "second" }
            ),
            "Deploy, move, hit, push, use skills, Powers and the Numen; a Basic or SPELL hit ends the turn.".to_string(),
        ),
        Phase::Bonus { p } => (
            format!("Bonus action (player {})", p + 1),
            "The other player plays two turns in a row: take one action first (or none).".to_string(),
        ),
        Phase::Over => ("Over".into(), String::new()),
    };
    Snapshot {
        game: GameId::Rizontical,
        seed: st.core.seed,
        seat: st.core.seat,
        turn: st.round,
        turn_unit: TurnUnit::Round,
        phase,
        phase_help: help,
        to_act: super::super::game::Rules::to_act(r, st) as u8,
        counters: {
            let mut c = vec![
                ("AP".into(), i64::from(st.ap[0])),
                ("Souls".into(), i64::from(st.souls[0])),
            ];
            if !dummy {
                c.push(("opponent AP".into(), i64::from(st.ap[1])));
                c.push(("opponent Souls".into(), i64::from(st.souls[1])));
            }
            c.push(("timeline turn".into(), i64::from(st.step) + 1));
            c.push(("moved".into(), i64::from(st.moved)));
            c.push(("Legendary Marker".into(), i64::from(st.legendary_used[0])));
            c
        },
        zones,
        board,
        dice: Vec::new(),
        outcome: st.core.outcome,
        layout: LAYOUT,
    }
}

/// An action in words.
pub fn describe(r: &Rizontical, st: &State, action: Action) -> String {
    let n = |c: u16| r.name_of(c).to_string();
    let p = r.acting(st);
    match action {
        Action::Mulligan { mask: 0 } => "Keep the Powers".into(),
        Action::Mulligan { mask } => {
            format!("Return {} Powers to the bottom", mask.count_ones())
        }
        Action::Deploy {
            slot,
            cell,
            fighter,
        } => format!(
            "Deploy {} to slot {} at {}",
            fighter.map_or_else(|| "the top Fighter".to_string(), n),
            slot + 1,
            label(cell)
        ),
        Action::Move { cell } => format!("Move to {}", label(cell)),
        Action::Hit { target } => {
            let ally = st.slots[p][usize::from(st.step)];
            // an Invincible target "can't take DMG" (RZ §6.18)
            let dmg = if ally != NONE && !r.has_status(st, target, Status::Invincible) {
                r.hit_damage(st, ally, target)
            } else {
                0
            };
            format!("Hit {} ({dmg} DMG)", n(target))
        }
        Action::HitCell { cell } => format!("Hit {} (empty cell)", label(cell)),
        Action::Push { target, n: k } => {
            let ally = st.slots[p][usize::from(st.step)];
            let k = k.map_or_else(
                || {
                    if ally != NONE {
                        r.stat_psh(st, ally)
                    } else {
                        0
                    }
                },
                i16::from,
            );
            format!("Push {} ({k} {})", n(target), cells(k))
        }
        Action::Skill {
            skill,
            target,
            cell,
        } => {
            let ally = st.slots[p][usize::from(st.step)];
            let kind = if ally != NONE {
                r.fighter(st, ally)
                    .skills
                    .get(usize::from(skill))
                    .map_or("skill", |s| s.kind.label())
            } else {
                "skill"
            };
            let mut s = format!("Use {kind} (skill {})", skill + 1);
            if let Some(t) = target {
                s.push_str(&format!(" on {}", n(t)));
            }
            if cell != NO_CELL {
                s.push_str(&format!(" at {}", label(cell)));
            }
            s
        }
        Action::Cast { card, target, cell } => {
            let mut s = format!("Use {}", n(card));
            if let Some(t) = target {
                s.push_str(&format!(" on {}", n(t)));
            }
            if cell != NO_CELL {
                s.push_str(&format!(" to {}", label(cell)));
            }
            s
        }
        // the other player sees only that a Power was set
        Action::Set { .. } if p == 1 => "Set a Power face down (1 AP)".into(),
        Action::Set { card } => format!("Set {} face down (1 AP)", n(card)),
        Action::Activate { card } => format!("Use {}'s ability", n(card)),
        Action::Conjure { target, dir } => match target {
            Some(t) => format!("Conjuration on {} (way {})", n(t), dir),
            None => "Conjuration".into(),
        },
        Action::Discard { card } => format!("Discard {} (+1 AP)", n(card)),
        Action::EndTurn => match st.phase {
            Phase::Bonus { .. } => "Take no bonus action".into(),
            _ => "End turn".into(),
        },
        Action::Choose { answer } => match &st.pending {
            Some(pd) => answer_label(r, st, &pd.ask, answer),
            None => "Answer".into(),
        },
    }
}

fn cells(k: i16) -> &'static str {
    if k == 1 { "cell" } else { "cells" }
}

/// What a Trigger is called in a choice: "Zill's TRIGGER (skill 1)", or the
/// set Trigger Power's name (its owner is the one asked: it sees it).
fn trigger_name(r: &Rizontical, src: u16, skill: Option<u8>) -> String {
    match skill {
        Some(i) => format!("{}'s TRIGGER (skill {})", r.name_of(src), i + 1),
        None => r.name_of(src).to_string(),
    }
}

/// The label of an answer to a choice.
fn answer_label(r: &Rizontical, st: &State, ask: &Ask, answer: Answer) -> String {
    match (*ask, answer) {
        (Ask::Trigger { src, skill, .. }, Answer::Yes) => {
            let cost = match r.def(src).power() {
                Some(pw) if skill.is_none() => format!(" ({} AP)", pw.cost),
                _ => String::new(),
            };
            format!("Use {}{cost}", trigger_name(r, src, skill))
        }
        (Ask::Trigger { src, skill, .. }, _) => {
            format!("Do not use {}", trigger_name(r, src, skill))
        }
        (Ask::Deploy { slot, .. }, Answer::Deploy { cell, fighter }) => format!(
            "Deploy {} to slot {} at {}",
            fighter.map_or_else(
                || "the top Fighter".to_string(),
                |f| r.name_of(f).to_string()
            ),
            slot + 1,
            label(cell)
        ),
        (Ask::Deploy { .. }, _) => "Do not deploy".into(),
        (Ask::DmgOrder { done, .. }, Answer::Next { entity }) => format!(
            "DMG to {} at {} {}",
            r.name_of(entity),
            label(st.cell[usize::from(entity)]),
            if done == 0 { "first" } else { "next" }
        ),
        (Ask::DmgOrder { .. }, _) => "Keep the board's order".into(),
        (Ask::Slot { .. }, Answer::Slot { slot }) => format!("Deploy on slot {}", slot + 1),
        (Ask::Slot { .. }, _) => "Deploy on no slot".into(),
        (Ask::Push { target, .. }, Answer::Cells { n }) => {
            let k = i16::from(n);
            format!("Push {} by {k} {}", r.name_of(target), cells(k))
        }
        (Ask::Push { target, .. }, _) => format!("Do not push {}", r.name_of(target)),
        (Ask::Buff { from, to, stat }, Answer::Yes) => {
            format!(
                "Move {}'s {} Buff onto {}",
                r.name_of(from),
                stat_name(stat),
                r.name_of(to)
            )
        }
        (Ask::Buff { from, stat, .. }, _) => {
            format!("Keep {}'s {} Buff", r.name_of(from), stat_name(stat))
        }
        (Ask::Look { .. }, Answer::Keep { card }) => {
            format!("Put {} in your hand", r.name_of(card))
        }
        (Ask::Look { .. }, _) => "Put none in your hand".into(),
        (Ask::Summon { summon, .. }, Answer::Cell { cell }) => {
            format!("Summon {} at {}", r.name_of(summon), label(cell))
        }
        (Ask::Summon { summon, .. }, _) => format!("Do not summon {}", r.name_of(summon)),
        (Ask::Element { attacker, target }, Answer::Element { bit }) => format!(
            "Hit {} with {} ({} DMG)",
            r.name_of(target),
            super::cards::bits::name(bit),
            r.hit_damage_with(st, attacker, target, bit)
        ),
        (Ask::Element { target, .. }, _) => format!("Hit {}", r.name_of(target)),
        (Ask::DrawUponDefeat { .. }, Answer::Yes) => "Draw 1 Power".into(),
        (Ask::DrawUponDefeat { .. }, _) => "Do not draw a Power".into(),
    }
}

/// A stat as the rulebook names its Buff.
fn stat_name(stat: Stat) -> &'static str {
    match stat {
        Stat::Atk => "ATK",
        Stat::Def => "DEF",
        Stat::Mp => "MP",
        Stat::Range => "RA",
        Stat::Push => "PSH",
        Stat::ExtraDamage => "Hit DMG Dealt",
        _ => "stat",
    }
}

/// The choice waiting, in words (the phase's help while it waits).
pub fn question(r: &Rizontical, ask: &Ask) -> String {
    match *ask {
        Ask::Trigger {
            src,
            skill,
            event,
            subject,
            other,
            ..
        } => {
            let name = |e: u16| {
                if e == NONE {
                    "?".to_string()
                } else {
                    r.name_of(e).to_string()
                }
            };
            let what = match event {
                Event::AboutToBeHit => format!("{} is about to hit {}", name(other), name(subject)),
                Event::Hits => format!("{} hits {}", name(subject), name(other)),
                Event::UsesSkill => format!("{} uses a Skill", name(subject)),
                Event::UsesPower => format!("{} is used", name(subject)),
                Event::Deployed => format!("{} is deployed", name(subject)),
                Event::Defeated => format!("{} is defeated", name(subject)),
                Event::WouldBeDefeated => format!("{} would be defeated", name(subject)),
                Event::MovesNear => format!("{} moves next to {}", name(subject), name(other)),
                _ => "its situation has come".to_string(),
            };
            format!("{what}: use {}?", trigger_name(r, src, skill))
        }
        Ask::Deploy {
            slot,
            optional: true,
        } => {
            format!(
                "Deploy Upon Defeat: deploy a Fighter on slot {}, and where?",
                slot + 1
            )
        }
        Ask::Deploy { slot, .. } => format!("Where does the Fighter of slot {} deploy?", slot + 1),
        Ask::DmgOrder { src, done, .. } => format!(
            "{} hits your Summons: which takes its DMG {}?",
            r.name_of(src),
            if done == 0 { "first" } else { "next" }
        ),
        Ask::Slot { src } => format!(
            "{}: deploy a Fighter on which empty slot (the current turn slot too)?",
            r.name_of(src)
        ),
        Ask::Push { target, max } => format!(
            "Push {} by how many cells (up to {max})?",
            r.name_of(target)
        ),
        Ask::Buff { from, to, stat } => format!(
            "Move {}'s {} Buff onto {}?",
            r.name_of(from),
            stat_name(stat),
            r.name_of(to)
        ),
        Ask::Summon { summon, .. } => {
            format!("Which empty cell does {} go on?", r.name_of(summon))
        }
        Ask::DrawUponDefeat { fighter } => format!(
            "{} is defeated: draw 1 Power (Deploy Upon Defeat)?",
            r.name_of(fighter)
        ),
        Ask::Element { attacker, target } => format!(
            "{} hits {}: with which element?",
            r.name_of(attacker),
            r.name_of(target)
        ),
        Ask::Look { n, left } => format!(
            "Look at the top {n} Powers: which goes to your hand{}?",
            if left > 0 { " first" } else { "" }
        ),
    }
}

/// Rizontical's cards field: the Numen, Fighters on the timeline slots 1-4,
/// the Power slots, the decks and voids (the board is in the middle).
pub const LAYOUT: Layout = &[
    &[
        at("Numen", Cards),
        at("Fighters", Slots(4)),
        at("Power slots", Slots(4)),
    ],
    &[
        at("Hand", Cards),
        at("Fighter deck", Pile),
        at("Power deck", Pile),
        at("Fighter void", Pile),
        at("Power void", Pile),
    ],
];

/// The Fighter whose turn it is on the board (none outside a turn).
fn acting_piece(r: &Rizontical, st: &State) -> Option<u16> {
    match st.phase {
        Phase::Turn => st.slots[r.acting(st)]
            .get(usize::from(st.step))
            .copied()
            .filter(|&e| e != NONE),
        _ => None,
    }
}

/// What a move belongs to: the card it deploys, casts, sets, uses or
/// discards; the acting Fighter's moves, hits, pushes and skills; the
/// Numen's Conjuration; a Deploy of the Fighter deck's top card, that pile.
pub fn mover(r: &Rizontical, st: &State, action: Action) -> Option<Mover> {
    match action {
        Action::Deploy {
            fighter: Some(f), ..
        } => Some(Mover::Card(f)),
        Action::Deploy { fighter: None, .. } => Some(Mover::Pile("Fighter deck")),
        Action::Move { .. }
        | Action::Hit { .. }
        | Action::HitCell { .. }
        | Action::Push { .. }
        | Action::Skill { .. } => acting_piece(r, st).map(Mover::Card),
        Action::Conjure { .. } => st
            .core
            .zones
            .get(z(r.acting(st), Zone::Numen))
            .first()
            .map(|&c| Mover::Card(c)),
        Action::Cast { card, .. }
        | Action::Set { card }
        | Action::Activate { card }
        | Action::Discard { card } => Some(Mover::Card(card)),
        _ => None,
    }
}

/// Where a move goes: the Fighter it hits, pushes or targets, else the
/// cell it names.
pub fn onto(_r: &Rizontical, _st: &State, action: Action) -> Option<Onto> {
    let cell = |c: u8| (c != NO_CELL && c < 64).then_some(Onto::Cell(c));
    match action {
        Action::Hit { target } | Action::Push { target, .. } => Some(Onto::Card(target)),
        Action::Skill {
            target: Some(t), ..
        }
        | Action::Cast {
            target: Some(t), ..
        }
        | Action::Conjure {
            target: Some(t), ..
        } => Some(Onto::Card(t)),
        Action::Deploy { cell: c, .. }
        | Action::Move { cell: c }
        | Action::HitCell { cell: c }
        | Action::Skill { cell: c, .. }
        | Action::Cast { cell: c, .. } => cell(c),
        _ => None,
    }
}
