//! The Playtest table: every zone laid out as the game's rulebook lays out
//! its table, the opponent's side above (mirrored) and yours below, each card
//! drawn as a card (its picture, or its face from data). A card is selected
//! by clicking it; its legal actions — the engine's own, the ones that name
//! it — are offered beside it. Actions that name no card (keep, end the
//! phase, roll) stay in the phase bar above the table.
//!
//! Which card an action belongs to is the engine's to say
//! ([`Choice::mover`]), and each game's `view.rs` says how its table is
//! laid out ([`Snapshot::layout`]): nothing here knows one game from
//! another.

use iced::widget::{button, column, container, mouse_area, responsive, row, text};
use iced::{Border, Color, Element, Fill, Length, Theme, mouse};

use crate::engine::core::{CardView, Snapshot, ZoneView};
use crate::engine::session::{ActionKey, Choice, Session};
use crate::gui::widget::card_face::{self, card_tile_in};
use crate::gui::widget::zoom::{Show, zoom};
use crate::gui::widget::{muted, with_tip};
use crate::model::GameId;

use super::drag::Drop;
use super::{Message, Playtest};

/// Width of a card held by the pointer (and the most a table card takes).
pub const CARD_WIDTH: f32 = 66.0;
/// The widest a card on the table grows in a large window.
const CARD_MAX: f32 = 124.0;
/// The narrowest a card on the table gets, whatever its name.
const CARD_MIN: f32 = 44.0;
/// Width of a pile docked beside your hand.
const DOCKED_PILE_WIDTH: f32 = 40.0;
/// Side of a cell of the Rizontical board, at the least and at the most.
const CELL_MIN: f32 = 40.0;
const CELL_MAX: f32 = 64.0;
/// Side of a die.
const DIE: f32 = 30.0;
/// A zone's name over its cards: its height, and the space under it.
const HEAD: f32 = 11.0 * 1.3 + 3.0;
/// The padding around a zone (where a held card lights it).
const ZONE_PAD: f32 = 2.0;
/// Space between the lines of a side.
pub(super) const LINE_GAP: f32 = 8.0;
/// A side's numbers' height (one line).
pub(super) const HEADER_HEIGHT: f32 = 19.0;
/// The attack dice's line (Dice of Destiny), rolled or not.
pub(super) const DICE_HEIGHT: f32 = DIE;
/// Space between cards.
const GAP: f32 = 6.0;
/// The selected card's outline, around its face.
const OUTLINE: f32 = 3.0;
/// Height of an Equip Relic's strip tucked above its Hero.
const RELIC_STRIP: f32 = 24.0;
/// Space between the zones of a line.
const ZONE_GAP: f32 = 14.0;

/// What can be selected on the table: a card, by copy id, or a pile of
/// player 0's (Rizontical's Fighter deck: deploy its top card) — what the
/// engine says a move belongs to ([`Choice::mover`]).
pub use crate::engine::core::Mover as Selected;

use crate::engine::core::Shape::{self, Cards, Pile};
use crate::engine::core::{Onto, Place, at};

fn zone<'s>(snap: &'s Snapshot, player: u8, name: &str) -> Option<&'s ZoneView> {
    snap.zones
        .iter()
        .find(|z| z.player == player && z.zone == name)
}

/// Whether `sel` is drawn on the table (an action of a card that is not,
/// stays in the phase bar).
pub fn on_table(snap: &Snapshot, sel: Selected) -> bool {
    match sel {
        Selected::Card(c) => {
            snap.zones
                .iter()
                .any(|z| z.cards.iter().any(|v| v.copy == c))
                || snap.board.iter().any(|p| p.copy == c)
        }
        Selected::Pile(name) => zone(snap, 0, name).is_some(),
    }
}

/// The cards and piles that have an action now, in the table's order
/// (for ↑/↓).
pub fn selectable(snap: &Snapshot, choices: &[Choice]) -> Vec<Selected> {
    let owners: Vec<Selected> = choices
        .iter()
        .filter(|c| !c.chooses_cards)
        .filter_map(|c| c.mover)
        .filter(|&o| on_table(snap, o))
        .collect();
    let mut out = Vec::new();
    for place in ordered(snap, 0) {
        let Some(z) = zone(snap, 0, place.zone) else {
            continue;
        };
        let mut here: Vec<Selected> = z.cards.iter().map(|c| Selected::Card(c.copy)).collect();
        if place.shape == Shape::Pile {
            here.push(Selected::Pile(place.zone));
        }
        if place.zone == "Fighters" {
            // a Fighter on the board is a card of the Fighters zone
            here.extend(snap.board.iter().map(|p| Selected::Card(p.copy)));
        }
        for s in here {
            if owners.contains(&s) && !out.contains(&s) {
                out.push(s);
            }
        }
    }
    for o in owners {
        if !out.contains(&o) {
            out.push(o);
        }
    }
    out
}

/// Every zone of `player` in the order the table draws it: the game's
/// lines, then any zone they do not place.
fn ordered(snap: &Snapshot, player: u8) -> Vec<Place> {
    let mut out: Vec<Place> = snap.layout.iter().flat_map(|l| l.iter().copied()).collect();
    for z in snap.zones.iter().filter(|z| z.player == player) {
        if !out.iter().any(|p| p.zone == z.zone) {
            out.push(at(z.zone, if z.hidden { Pile } else { Cards }));
        }
    }
    out
}

/// A line of the table as the sizing sees it: each zone's cards side by
/// side (in card widths; a card lying sideways is wider) and the tallest
/// strip of Equip Relics over a card; or the hand with the piles docked
/// beside it.
#[derive(Clone, Debug, PartialEq)]
enum LineSpec {
    /// The zones, and the piles docked at the line's end (width, height).
    Zones(Vec<(f32, f32, bool)>, (f32, f32)),
    Hand {
        cards: usize,
        dock: (f32, f32),
    },
}

/// One player's lines, from the middle of the table outwards: the zones in
/// play on one line (wrapping where the width ends), then the hand with
/// the piles beside it. The other side's hidden hand and piles are counted
/// in its numbers ([`Playtest::side_header`]), not drawn: the room is the
/// table's (issue 51).
struct Line<'s> {
    zones: Vec<(&'s ZoneView, Shape)>,
    hand: Option<&'s ZoneView>,
    docked: Vec<&'s ZoneView>,
}

fn lines_of(snap: &Snapshot, player: u8) -> Vec<Line<'_>> {
    let mut play = Line {
        zones: Vec::new(),
        hand: None,
        docked: Vec::new(),
    };
    let mut hand = Line {
        zones: Vec::new(),
        hand: None,
        docked: Vec::new(),
    };
    for place in ordered(snap, player) {
        let Some(z) = zone(snap, player, place.zone) else {
            continue;
        };
        if z.zone == "Hand" {
            if !(player == 1 && z.hidden) {
                hand.hand = Some(z);
            }
        } else if place.shape == Shape::Pile {
            if player == 0 {
                hand.docked.push(z);
            } else if !z.hidden {
                // the other side's open piles lie small at the end of its
                // line (its hidden ones are counted in its numbers)
                play.docked.push(z);
            }
        } else {
            play.zones.push((z, place.shape));
        }
    }
    let mut out = Vec::new();
    if !play.zones.is_empty() || !play.docked.is_empty() {
        out.push(play);
    }
    if hand.hand.is_some() || !hand.docked.is_empty() {
        out.push(hand);
    }
    out
}

/// How many card widths a zone lays side by side, and the height of the
/// tallest strip of Equip Relics over one of its cards.
fn zone_extent(snap: &Snapshot, z: &ZoneView, shape: Shape) -> (f32, f32, bool) {
    let ratio = card_face::height_for(snap.game, 1.0);
    let relics = |c: &CardView| {
        snap.zones
            .iter()
            .flat_map(|z| z.cards.iter())
            .filter(|r| r.attached_to == Some(c.copy))
            .count() as f32
    };
    let width = |c: &CardView| if c.sideways { ratio } else { 1.0 };
    match shape {
        Shape::Pile => (1.0, 0.0, true),
        Shape::Slots(n) => {
            let free = n.saturating_sub(z.cards.len()) as f32;
            let cards: f32 = z.cards.iter().map(width).sum();
            let strip = z.cards.iter().map(relics).fold(0.0, f32::max);
            (cards + free, strip * (RELIC_STRIP + 1.0), true)
        }
        _ if z.hidden => (1.0, 0.0, true),
        _ => {
            let shown: Vec<&CardView> = z.cards.iter().filter(|c| !on_host(snap, c)).collect();
            let cards: f32 = shown.iter().map(|c| width(c)).sum();
            let strip = shown.iter().map(|c| relics(c)).fold(0.0, f32::max);
            // a zone of cards all lying sideways is a card's width tall
            let upright = shown.is_empty() || shown.iter().any(|c| !c.sideways);
            (cards.max(1.0), strip * (RELIC_STRIP + 1.0), upright)
        }
    }
}

/// The piles docked beside your hand: their width and height (two to a
/// line, each a small back with its name and count beside it).
fn dock_extent(snap: &Snapshot, piles: &[&ZoneView]) -> (f32, f32) {
    if piles.is_empty() {
        return (0.0, 0.0);
    }
    let one = |z: &ZoneView| {
        DOCKED_PILE_WIDTH
            + 2.0 * OUTLINE
            + 6.0
            + card_face::text_width(z.zone, 12.0)
                .max(card_face::text_width(&z.count.to_string(), 12.0))
    };
    let width = piles
        .chunks(2)
        .map(|two| two.iter().map(|z| one(z)).sum::<f32>() + GAP * (two.len() as f32 - 1.0))
        .fold(0.0, f32::max);
    let rows = piles.len().div_ceil(2) as f32;
    let tall = card_face::height_for(snap.game, DOCKED_PILE_WIDTH) + 2.0 * OUTLINE;
    (width + 1.0, rows * tall + (rows - 1.0) * GAP)
}

/// The height `lines` take at a card width of `w` in `width` (the zones of
/// a line wrap where the width ends, as [`iced::widget::Row::wrap`] does).
fn lines_height(lines: &[LineSpec], w: f32, ratio: f32, width: f32) -> f32 {
    let slot = w + 2.0 * OUTLINE;
    let card_h = w * ratio + 2.0 * OUTLINE;
    let zone_h = |rows: f32, strip: f32, upright: bool| {
        let card_h = if upright { card_h } else { w + 2.0 * OUTLINE };
        2.0 * ZONE_PAD + HEAD + rows * (card_h + strip) + (rows - 1.0) * GAP
    };
    let per_line = |room: f32| ((room + GAP) / (slot + GAP)).floor().max(1.0);
    let mut total = 0.0;
    for (i, line) in lines.iter().enumerate() {
        if i > 0 {
            total += LINE_GAP;
        }
        match line {
            LineSpec::Zones(zones, dock) => {
                let (mut used, mut tallest, mut h) = (0.0f32, 0.0f32, 0.0f32);
                let items = zones
                    .iter()
                    .map(|&(cards, strip, upright)| (Some(cards), strip, upright))
                    .chain((dock.0 > 0.0).then_some((None, 0.0, true)));
                for (cards, strip, upright) in items {
                    let Some(cards) = cards else {
                        // the docked piles
                        if used > 0.0 && used + ZONE_GAP + dock.0 > width {
                            h += tallest + LINE_GAP;
                            used = 0.0;
                            tallest = 0.0;
                        }
                        used += if used > 0.0 { ZONE_GAP } else { 0.0 } + dock.0;
                        tallest = tallest.max(dock.1 + 2.0 * ZONE_PAD);
                        continue;
                    };
                    let mut zw = 2.0 * ZONE_PAD + cards * slot + (cards.ceil() - 1.0) * GAP;
                    let mut zh = zone_h(1.0, strip, upright);
                    if zw > width {
                        let rows = (cards / per_line(width - 2.0 * ZONE_PAD)).ceil();
                        zw = width;
                        zh = zone_h(rows, strip, upright);
                    }
                    if used > 0.0 && used + ZONE_GAP + zw > width {
                        h += tallest + LINE_GAP;
                        used = 0.0;
                        tallest = 0.0;
                    }
                    used += if used > 0.0 { ZONE_GAP } else { 0.0 } + zw;
                    tallest = tallest.max(zh);
                }
                total += h + tallest;
            }
            LineSpec::Hand { cards, dock } => {
                let room = width - dock.0 - if dock.0 > 0.0 { ZONE_GAP } else { 0.0 };
                let n = (*cards).max(1);
                let rows = n.div_ceil(hand_per_line(n, room - 2.0 * ZONE_PAD - 1.0, w)) as f32;
                total += zone_h(rows, 0.0, true).max(dock.1 + HEAD + 2.0 * ZONE_PAD);
            }
        }
    }
    total
}

/// The widest card (at most [`CARD_MAX`], at least `floor`) whose `lines`
/// fit in `width` × `height`: the table's zones are sized from the window,
/// not scrolled (issue 51).
fn card_width_for(lines: &[LineSpec], ratio: f32, (width, height): (f32, f32), floor: f32) -> f32 {
    let floor = floor.clamp(CARD_MIN, CARD_MAX);
    // a hand of up to 6 keeps to one line where the names allow
    let one_line = lines
        .iter()
        .filter_map(|l| match l {
            LineSpec::Hand { cards, dock } if (1..=6).contains(cards) => {
                let room = width - dock.0 - ZONE_GAP - 2.0 * ZONE_PAD - 1.0;
                let n = *cards as f32;
                Some((room - GAP * (n - 1.0)) / n - 2.0 * OUTLINE)
            }
            _ => None,
        })
        .fold(CARD_MAX, f32::min);
    let mut w = CARD_MAX.min(one_line.floor()).max(floor);
    while w > floor {
        if lines_height(lines, w, ratio, width) <= height {
            return w;
        }
        w -= 1.0;
    }
    floor
}

impl Playtest {
    /// The card width the table's lines fit in `width` × `height` with: both
    /// sides' zones and your hand, never narrower than the widest first word
    /// of a card's name at its least size.
    /// Whether they fit at that width (else the zones in play scroll, your
    /// hand and the turn's actions staying in view under them).
    pub(super) fn card_width(&self, snap: &Snapshot, (width, height): (f32, f32)) -> (f32, bool) {
        let mut specs = Vec::new();
        let mut names: Vec<&str> = Vec::new();
        for player in [1u8, 0] {
            let mut lines = lines_of(snap, player);
            if player == 1 {
                lines.reverse();
            }
            for l in lines {
                if let Some(h) = l.hand {
                    names.extend(h.cards.iter().map(|c| c.name.as_str()));
                    specs.push(LineSpec::Hand {
                        cards: h.cards.len(),
                        dock: dock_extent(snap, &l.docked),
                    });
                } else {
                    for (z, _) in &l.zones {
                        if !z.hidden {
                            names.extend(z.cards.iter().map(|c| c.name.as_str()));
                        }
                    }
                    specs.push(LineSpec::Zones(
                        l.zones
                            .iter()
                            .map(|&(z, shape)| zone_extent(snap, z, shape))
                            .collect(),
                        dock_extent(snap, &l.docked),
                    ));
                }
            }
        }
        let ratio = card_face::height_for(snap.game, 1.0);
        let w = card_width_for(&specs, ratio, (width, height), card_face::name_floor(names));
        (w, lines_height(&specs, w, ratio, width) <= height)
    }

    /// The table's zones at a card width of `w`: the opponent's lines (its
    /// outer line first), the attack dice (Dice of Destiny), then your
    /// zones in play and your hand with its piles beside it.
    pub(super) fn view_table<'a>(
        &'a self,
        s: &Session,
        snap: &Snapshot,
        (w, width): (f32, f32),
    ) -> (Element<'a, Message>, Element<'a, Message>) {
        let choices = s.choices();
        let mut c = column![].spacing(LINE_GAP);
        let mut theirs = self.side(snap, 1, &choices, (w, width));
        theirs.reverse();
        for l in theirs {
            c = c.push(l);
        }
        if snap.game == GameId::DiceOfDestiny {
            c = c.push(dice(snap));
        }
        c = c.push(iced::widget::rule::horizontal(1));
        let mut mine = self.side(snap, 0, &choices, (w, width));
        let hand = mine.pop().unwrap_or_else(|| column![].into());
        for l in mine {
            c = c.push(l);
        }
        (c.into(), hand)
    }

    /// Whether the table has Rizontical's board (it shows from the deal:
    /// the setup deploys onto it before any piece stands there).
    pub(super) fn has_board(snap: &Snapshot, choices: &[Choice]) -> bool {
        !snap.board.is_empty()
            || choices
                .iter()
                .any(|c| matches!(c.onto, Some(Onto::Cell(_))))
    }

    /// A side's numbers: "You: energy 1 · life 33", "Opponent: life 33".
    /// The other side's hidden zones are counted here ("hand 6 · deck
    /// 24"), not drawn. One line, never wrapped: it moves nothing under it.
    pub(super) fn side_header<'a>(
        &'a self,
        snap: &Snapshot,
        player: u8,
        plays: bool,
    ) -> Element<'a, Message> {
        let mut mine: Vec<String> = snap
            .counters
            .iter()
            // a mulligan is only taken before the first turn (issue 51
            // item 10: "mulligans left 1" still shown on turn 5)
            .filter(|(k, _)| !(snap.turn > 1 && k.ends_with("mulligans left")))
            .filter_map(|(k, v)| {
                let theirs = k.strip_prefix("opponent ");
                match (player, theirs) {
                    (0, None) => Some(format!("{k} {v}")),
                    (1, Some(k)) => Some(format!("{k} {v}")),
                    _ => None,
                }
            })
            .collect();
        if player == 1 && plays {
            mine.extend(
                snap.zones
                    .iter()
                    .filter(|z| z.player == 1 && z.hidden)
                    .map(|z| format!("{} {}", z.zone.to_lowercase(), z.count)),
            );
        }
        // a position's two seats are both played by hand (issue 51 item
        // 8: the other seat was labelled as the computer's)
        let who = match (player, plays) {
            (0, _) if self.position().is_some() => "Seat a",
            (0, _) => "You",
            (_, _) if self.position().is_some() => "Seat b (by hand)",
            (_, true) if self.opponent().is_some() => "The computer",
            (_, true) => "Opponent",
            (_, false) => "Opponent (goldfish: plays nothing)",
        };
        let turn = if snap.to_act == player && snap.outcome.is_none() {
            " · to act"
        } else {
            ""
        };
        container(
            row![
                text(format!("{who}{turn}")).size(14),
                text(mine.join(" · "))
                    .size(13)
                    .style(muted)
                    .wrapping(text::Wrapping::None),
            ]
            .spacing(10)
            .align_y(iced::Center),
        )
        .height(HEADER_HEIGHT)
        .clip(true)
        .id(format!("side-{player}"))
        .into()
    }

    /// One player's lines, from the middle of the table outwards: the zones
    /// in play, then the hand with the piles beside it.
    fn side<'a>(
        &'a self,
        snap: &Snapshot,
        player: u8,
        choices: &[Choice],
        (w, width): (f32, f32),
    ) -> Vec<Element<'a, Message>> {
        lines_of(snap, player)
            .into_iter()
            .map(|l| {
                // the piles docked on the line, two by two
                let piles: Vec<Element<'a, Message>> = l
                    .docked
                    .chunks(2)
                    .map(|two| {
                        iced::widget::Row::with_children(
                            two.iter()
                                .map(|z| self.place(snap, z, Shape::Pile, choices, true, w)),
                        )
                        .spacing(GAP)
                        .into()
                    })
                    .collect();
                match l.hand {
                    Some(h) => {
                        // the hand has the width the piles leave, as the sizing
                        // reckoned it (so its lines are the ones sized for)
                        let dock = dock_extent(snap, &l.docked).0;
                        let room = width - dock - if dock > 0.0 { ZONE_GAP } else { 0.0 };
                        row![
                            container(self.place(snap, h, Shape::Cards, choices, false, w))
                                .width(room),
                            container(iced::widget::Column::with_children(piles).spacing(GAP))
                                .width(dock)
                        ]
                        .spacing(ZONE_GAP)
                        .into()
                    }
                    None => {
                        let mut r = iced::widget::Row::with_children(
                            l.zones
                                .into_iter()
                                .map(|(z, shape)| self.place(snap, z, shape, choices, false, w)),
                        );
                        if !piles.is_empty() {
                            r = r.push(iced::widget::Column::with_children(piles).spacing(GAP));
                        }
                        r.spacing(ZONE_GAP).wrap().vertical_spacing(LINE_GAP).into()
                    }
                }
            })
            .collect()
    }

    /// A zone: its name and count over its cards; `docked` (a pile beside
    /// your hand): a small pile with its name and count beside it.
    fn place<'a>(
        &'a self,
        snap: &Snapshot,
        z: &ZoneView,
        shape: Shape,
        choices: &[Choice],
        docked: bool,
        w: f32,
    ) -> Element<'a, Message> {
        let head = text(format!("{} ({})", z.zone, z.count))
            .size(11)
            .wrapping(text::Wrapping::None);
        let body: Element<'a, Message> = match shape {
            Shape::Pile if docked => self.pile(snap, z, choices, DOCKED_PILE_WIDTH),
            Shape::Pile => self.pile(snap, z, choices, w),
            Shape::Slots(n) => self.slots(snap, z, n, w),
            Shape::Cards if z.zone == "Hand" && !z.hidden => self.hand(snap, z, w),
            Shape::Cards | Shape::Area if z.hidden => outlined(card_back(snap.game, w, z.count)),
            Shape::Cards | Shape::Area if z.cards.is_empty() => {
                outlined(empty_slot(snap.game, w, "empty"))
            }
            Shape::Cards | Shape::Area => {
                let mut r = row![].spacing(GAP);
                let mut tucked = 0;
                for c in &z.cards {
                    if on_host(snap, c) {
                        tucked += 1;
                        continue;
                    }
                    r = r.push(self.table_card(snap, c, w));
                }
                if tucked > 0 {
                    r = r.push(text("on their Heroes").size(11).style(muted));
                }
                r.wrap().vertical_spacing(GAP).into()
            }
        };
        // the hand takes the width the piles leave
        let width = if shape == Shape::Cards && z.zone == "Hand" {
            Length::Fill
        } else {
            Length::Shrink
        };
        let col: Element<'a, Message> = if docked {
            row![
                body,
                column![
                    text(z.zone).size(12),
                    text(z.count.to_string()).size(12).style(muted)
                ]
            ]
            .spacing(6)
            .align_y(iced::Center)
            .into()
        } else {
            column![head, body].spacing(3).width(width).into()
        };
        // a zone takes a card let go over it; lit while a card it takes is held
        let here = Drop::Zone(z.player, z.zone);
        let lit = self.drag().is_some_and(|d| d.lights(here));
        let zone_box = container(col)
            .padding(2)
            .width(width)
            .style(move |t: &Theme| {
                if lit {
                    lit_style(t)
                } else {
                    container::Style::default()
                }
            });
        container(mouse_area(zone_box).on_release(Message::LetGo(here)))
            .id(format!(
                "zone-{}-{}",
                z.player,
                z.zone.to_lowercase().replace(' ', "-")
            ))
            .into()
    }

    /// A card on the table with the Equip Relics that lie on it, tucked
    /// above it as strips (each can be clicked or dragged like a card).
    fn table_card<'a>(&'a self, snap: &Snapshot, c: &CardView, width: f32) -> Element<'a, Message> {
        let relics: Vec<&CardView> = snap
            .zones
            .iter()
            .flat_map(|z| z.cards.iter())
            .filter(|r| r.attached_to == Some(c.copy))
            .collect();
        let card = self.card(snap.game, c, width, None);
        if relics.is_empty() {
            return card;
        }
        let mut col = column![].spacing(1);
        for r in relics {
            col = col.push(self.relic_strip(snap.game, r, width));
        }
        col.push(card).into()
    }

    /// An Equip Relic as a strip on its Hero: its name and state words.
    fn relic_strip<'a>(&'a self, game: GameId, c: &CardView, width: f32) -> Element<'a, Message> {
        let frame = card_face::frame_of(game);
        let mut words = vec![c.name.clone()];
        words.extend(c.tags.iter().filter(|t| !t.starts_with("on ")).cloned());
        let strip = card_face::card_frame(
            text(words.join(" · "))
                .size(card_face::NAME_MIN)
                .wrapping(text::Wrapping::None),
            width,
            RELIC_STRIP,
            frame,
            card_face::Weight::Tile,
        );
        self.holdable(strip, Selected::Card(c.copy), Drop::Card(c.copy))
            .id(format!("card-{}", c.copy))
            .into()
    }

    /// `face` as something the pointer can press (select and hold `sel`) and
    /// let go on (`drop`), outlined when selected or when it takes the card
    /// held.
    fn holdable<'a>(
        &'a self,
        face: Element<'a, Message>,
        sel: Selected,
        drop: Drop,
    ) -> container::Container<'a, Message> {
        let picked = self.selected() == Some(sel);
        let lit = self.drag().is_some_and(|d| d.lights(drop));
        container(
            mouse_area(
                container(face)
                    // room for the outline that marks the selected card
                    .padding(OUTLINE)
                    .style(move |t: &Theme| outline_style(t, picked, lit)),
            )
            .interaction(mouse::Interaction::Pointer)
            .on_press(Message::Grab(sel))
            .on_release(Message::LetGo(drop)),
        )
    }

    /// The hand: its cards share the width the zone has, smaller as it
    /// grows; below [`HAND_MIN`] they go on as many lines as it takes, of
    /// even length, so every card stays on screen and under the pointer in
    /// any window (issue 25: a Rizontical hand of 8 beside its four piles
    /// showed 5 cards at 1280×800 and 2 at 1024×700).
    fn hand<'a>(&'a self, snap: &Snapshot, z: &ZoneView, w: f32) -> Element<'a, Message> {
        let game = snap.game;
        let cards = z.cards.clone();
        let picking = self.return_mulligan() && z.player == 0;
        responsive(move |size| {
            // the cards are as wide as the table's (sized from the window
            // with the hand's lines counted), on as few even lines as fit
            let per_line = hand_per_line(cards.len(), size.width, w);
            let mut lines = column![].spacing(GAP);
            for (l, chunk) in cards.chunks(per_line).enumerate() {
                let mut r = row![].spacing(GAP);
                for (i, c) in chunk.iter().enumerate() {
                    let at = l * per_line + i;
                    r = r.push(self.card(game, c, w, picking.then_some(at)));
                }
                lines = lines.push(r);
            }
            if cards.is_empty() {
                lines = lines.push(outlined(empty_slot(game, w, "empty")));
            }
            lines.into()
        })
        .height(Length::Shrink)
        .into()
    }

    /// Slots: each card in its slot ("slot 2" in its state words, else in
    /// order), empty slots drawn empty.
    fn slots<'a>(
        &'a self,
        snap: &Snapshot,
        z: &ZoneView,
        n: usize,
        w: f32,
    ) -> Element<'a, Message> {
        let n = n.max(z.cards.len());
        let mut by_slot: Vec<Option<&CardView>> = vec![None; n];
        let mut rest = Vec::new();
        for c in &z.cards {
            let slot = c
                .tags
                .iter()
                .find_map(|t| t.strip_prefix("slot ")?.parse::<usize>().ok())
                .and_then(|s| s.checked_sub(1))
                .filter(|&s| s < n && by_slot[s].is_none());
            match slot {
                Some(s) => by_slot[s] = Some(c),
                None => rest.push(c),
            }
        }
        for c in rest {
            if let Some(free) = by_slot.iter_mut().find(|s| s.is_none()) {
                *free = Some(c);
            }
        }
        let mut r = row![].spacing(GAP);
        for (i, c) in by_slot.into_iter().enumerate() {
            r = r.push(match c {
                Some(c) => self.table_card(snap, c, w),
                None => outlined(empty_slot(snap.game, w, &format!("Slot {}", i + 1))),
            });
        }
        r.into()
    }

    /// A pile: face down (a deck) or its top card face up (a discard pile);
    /// a pile with actions (Rizontical's Fighter deck) can be selected.
    fn pile<'a>(
        &'a self,
        snap: &Snapshot,
        z: &ZoneView,
        choices: &[Choice],
        width: f32,
    ) -> Element<'a, Message> {
        // a pile docked beside the hand is too small for a name: its top
        // card shows there only when it has something to do
        let docked = width <= DOCKED_PILE_WIDTH;
        let face: Element<'a, Message> = match z.cards.last() {
            Some(top)
                if !z.hidden
                    && (!docked
                        || choices
                            .iter()
                            .any(|c| c.mover == Some(Selected::Card(top.copy)))) =>
            {
                return self.card(snap.game, top, width, None);
            }
            _ if z.count == 0 => empty_slot(snap.game, width, "empty"),
            _ => card_back(snap.game, width, z.count),
        };
        let sel = Selected::Pile(z.zone);
        let acts = z.player == 0 && choices.iter().any(|c| c.mover == Some(sel));
        if !acts {
            return outlined(face);
        }
        self.holdable(face, sel, Drop::Zone(0, z.zone))
            .id(format!("pile-{}", z.zone.to_lowercase().replace(' ', "-")))
            .into()
    }

    /// One card on the table, clickable: it selects the card, or during
    /// a mulligan that returns chosen cards (`return_at`: its hand
    /// position), chooses it.
    fn card<'a>(
        &'a self,
        game: GameId,
        c: &CardView,
        width: f32,
        return_at: Option<usize>,
    ) -> Element<'a, Message> {
        let state: Vec<String> = c
            .tags
            .iter()
            .filter(|t| !t.starts_with("cost ") && !t.starts_with("slot "))
            .cloned()
            .collect();
        // a spent card lies sideways: as wide as it is tall upright
        let size = if c.sideways {
            (card_face::height_for(game, width), width)
        } else {
            (width, card_face::height_for(game, width))
        };
        let face = if c.face_down {
            face_down(game, size, &c.name, &state)
        } else {
            let face = self.face(game, &c.name, size, &state);
            self.with_zoom(game, &c.name, state, Selected::Card(c.copy), face)
        };
        match return_at {
            Some(n) => {
                let picked = self.returns().contains(&n);
                container(
                    button(face)
                        // room for the outline that marks the chosen card
                        .padding(OUTLINE)
                        .style(move |t: &Theme, st| frame_style(t, st, picked))
                        .on_press(Message::ToggleReturn(n)),
                )
                .id(format!("return-{n}"))
                .into()
            }
            None => self
                .holdable(face, Selected::Card(c.copy), Drop::Card(c.copy))
                .id(format!("card-{}", c.copy))
                .into(),
        }
    }

    /// What follows the pointer while a card is held: its face (a pile's
    /// back), or nothing when it is no longer on the table.
    pub(super) fn ghost<'a>(
        &'a self,
        snap: &Snapshot,
        held: Selected,
    ) -> Option<Element<'a, Message>> {
        match held {
            Selected::Card(copy) => {
                let c = snap
                    .zones
                    .iter()
                    .flat_map(|z| z.cards.iter())
                    .find(|c| c.copy == copy);
                let name = match c {
                    Some(c) => c.name.clone(),
                    None => snap.board.iter().find(|p| p.copy == copy)?.name.clone(),
                };
                let size = (CARD_WIDTH, card_face::height_for(snap.game, CARD_WIDTH));
                Some(self.face(snap.game, &name, size, &[]))
            }
            Selected::Pile(_) => Some(card_back(snap.game, CARD_WIDTH, 0)),
        }
    }

    /// `face` with the card `name` in large beside it while the pointer is
    /// over it or while it is selected (`sel`) with ↑/↓: the zoom Cockatrice and
    /// Forge show, drawn over the table so nothing moves. None while a card
    /// is held.
    fn with_zoom<'a>(
        &'a self,
        game: GameId,
        name: &str,
        state: Vec<String>,
        sel: Selected,
        face: Element<'a, Message>,
    ) -> Element<'a, Message> {
        let Some(card) = self
            .table_catalog()
            .and_then(|c| c.cards.iter().find(|k| k.name == name))
        else {
            return face;
        };
        let picture = self.picture(name);
        let show = if self.drag().is_some() {
            Show::Never
        } else if self.selected() == Some(sel) && self.selected_by_key() {
            Show::Open
        } else {
            Show::Hover
        };
        zoom(
            face,
            move || card_face::card_zoom(card, game, picture.clone(), &state),
            show,
        )
    }

    /// The stored picture of the card `name` (a deck's catalog's; a
    /// position's catalog file has none).
    fn picture(&self, name: &str) -> Option<iced::widget::image::Handle> {
        self.current()
            .filter(|_| self.position().is_none())
            .and_then(|c| c.pictures.get(name).cloned())
    }

    /// A card's face by name: its stored picture, its face from the
    /// catalog's data, or (a card of another catalog) its name on a blank.
    fn face<'a>(
        &'a self,
        game: GameId,
        name: &str,
        (width, height): (f32, f32),
        state: &[String],
    ) -> Element<'a, Message> {
        let card = self
            .table_catalog()
            .and_then(|c| c.cards.iter().find(|k| k.name == name));
        match card {
            Some(k) => card_tile_in(k, game, (width, height), self.picture(name), state),
            None => {
                let frame = card_face::frame_of(game);
                let mut col = column![text(name.to_string()).size(11)].spacing(2);
                if !state.is_empty() {
                    col = col.push(text(state.join(" · ")).size(10).style(muted));
                }
                card_face::card_frame(col, width, height, frame, card_face::Weight::Tile)
            }
        }
    }

    /// The selected card's panel: what it is, its words, and the actions
    /// the engine allows for it (the suggested one highlighted). The view
    /// shows it beside the table, never in it: opening it moves no card.
    pub(super) fn panel<'a>(
        &'a self,
        s: &Session,
        snap: &Snapshot,
    ) -> Option<Element<'a, Message>> {
        let sel = self.selected()?;
        let hint = s.hint().map(|h| h.action);
        let mut actions = row![].spacing(4);
        let mut moves = 0;
        let mut n_actions = 0;
        // a drop that means several actions offers only those
        let only = self.narrowed().map(|(_, a)| a.as_slice());
        let choices = s.choices();
        let on_board = self.cell_moves(&choices);
        for (n, ch) in choices.into_iter().enumerate() {
            if ch.chooses_cards || ch.mover != Some(sel) {
                continue;
            }
            if only.is_some_and(|only| !only.contains(&ch.action)) {
                continue;
            }
            // a cell's first move is a click on the board, unless the
            // panel is narrowed to what a drop there means
            if only.is_none() && on_board.iter().any(|(_, a)| *a == ch.action) {
                moves += 1;
                continue;
            }
            n_actions += 1;
            let suggested = hint.as_ref() == Some(&ch.action);
            actions = actions.push(action_button(ch, suggested, format!("action-{n}")));
        }
        let mut c = column![].spacing(4);
        let (name, place, words) = match sel {
            Selected::Card(copy) => {
                let found = snap
                    .zones
                    .iter()
                    .flat_map(|z| z.cards.iter().map(move |c| (z, c)))
                    .find(|(_, c)| c.copy == copy);
                match (found, snap.board.iter().find(|p| p.copy == copy)) {
                    (_, Some(p)) => (
                        p.name.clone(),
                        format!("on the board at {}{}", (b'a' + p.col) as char, p.row + 1),
                        found.map(|(_, c)| c.tags.clone()).unwrap_or_default(),
                    ),
                    (Some((z, c)), None) => (
                        c.name.clone(),
                        format!(
                            "{}{}",
                            if z.player == 1 { "the opponent's " } else { "" },
                            z.zone
                        ),
                        c.tags.clone(),
                    ),
                    (None, None) => (String::new(), "no longer on the table".into(), Vec::new()),
                }
            }
            Selected::Pile(name) => (
                name.to_string(),
                crate::gui::words::count(zone(snap, 0, name).map_or(0, |z| z.count), "card"),
                Vec::new(),
            ),
        };
        let mut title = format!("{name} · {place}");
        // the cost is on the line below
        let words: Vec<String> = words
            .into_iter()
            .filter(|w| !w.starts_with("cost "))
            .collect();
        if !words.is_empty() {
            title.push_str(&format!(" · {}", words.join(", ")));
        }
        c = c.push(text(title).size(14));
        if let Some(card) = self
            .table_catalog()
            .and_then(|cat| cat.cards.iter().find(|k| k.name == name))
        {
            let mut kind_line = card.card_type.clone();
            if let Some(cost) = card.cost {
                kind_line.push_str(&format!(" · cost {cost}"));
            }
            c = c.push(text(kind_line).size(12).style(muted));
            if let Some(t) = &card.text {
                c = c.push(text(t.as_str()).size(12));
            }
        }
        if let Some(only) = only {
            c = c.push(
                text(format!(
                    "It can go there {} ways: choose one (Esc shows all its actions).",
                    only.len()
                ))
                .size(12)
                .style(muted),
            );
        }
        if n_actions > 0 {
            c = c.push(actions.wrap().vertical_spacing(4));
        }
        if moves > 0 {
            c = c.push(
                text(format!(
                    "Click one of the {moves} highlighted cells on the board to {} there.",
                    if snap.board.iter().any(|p| Selected::Card(p.copy) == sel) {
                        "move"
                    } else {
                        "deploy it"
                    }
                ))
                .size(12)
                .style(muted),
            );
        }
        if n_actions == 0 && moves == 0 {
            c = c.push(
                text(if s.outcome().is_some() {
                    "The game is over."
                } else {
                    "Nothing to do with it now."
                })
                .size(12)
                .style(muted),
            );
        }
        Some(
            container(c)
                .padding(8)
                .width(Fill)
                .style(|t: &Theme| container::Style {
                    background: Some(t.extended_palette().background.weak.color.into()),
                    border: Border {
                        color: t.extended_palette().primary.strong.color,
                        width: 1.0,
                        radius: 6.0.into(),
                    },
                    ..container::Style::default()
                })
                .into(),
        )
    }

    /// The cells of the board the selection's moves go to, with the first
    /// move the engine lists for each (the others stay in its panel): a
    /// piece's steps, and the deploys of a card off the board (the Fighter
    /// deck's top card to one of the Deploy Zone's cells, which can also be
    /// dragged there).
    ///
    /// With nothing selected, the deploys of a pile's top card (Rizontical's
    /// Fighter deck) light their cells: the prompt says to deploy on an
    /// empty cell, and a click there does (issue 51 item 6: nothing
    /// happened until the Fighter deck was clicked first).
    fn cell_moves(&self, choices: &[Choice]) -> Vec<(u8, ActionKey)> {
        let mut out: Vec<(u8, ActionKey)> = Vec::new();
        let mine = |c: &&Choice| match self.selected() {
            Some(sel) => c.mover == Some(sel),
            None => matches!(c.mover, Some(Selected::Pile(_))),
        };
        for c in choices.iter().filter(mine) {
            if let Some(Onto::Cell(cell)) = c.onto
                && !out.iter().any(|(x, _)| *x == cell)
            {
                out.push((cell, c.action.clone()));
            }
        }
        out
    }

    /// Rizontical's 8 × 8 board: the pieces (click one to select it), and
    /// the cells the selected ally may move to (click one to move there).
    pub(super) fn board<'a>(
        &'a self,
        snap: &Snapshot,
        choices: &[Choice],
        cell_side: f32,
    ) -> Element<'a, Message> {
        let fitted =
            |name: &str| card_face::fit_name(name, cell_side - 4.0, card_face::NAME_MIN, 1);
        let targets = self.cell_moves(choices);
        let mut grid = column![].spacing(1);
        for r in (0..8u8).rev() {
            let mut line = row![
                container(text((r + 1).to_string()).size(10).style(muted))
                    .center_y(cell_side)
                    .width(14)
            ]
            .spacing(1);
            for col in 0..8u8 {
                let cell = r * 8 + col;
                let name = format!("{}{}", (b'a' + col) as char, r + 1);
                let piece = snap.board.iter().find(|p| p.row == r && p.col == col);
                let target = targets.iter().find(|(c, _)| *c == cell);
                let el: Element<'a, Message> = match (piece, target) {
                    (Some(p), _) => {
                        // the name's first word whole, at the least size
                        // (issue 51: "Trai", "Grum")
                        let label = column![
                            text(fitted(&p.name))
                                .size(card_face::NAME_MIN)
                                .wrapping(text::Wrapping::None),
                            text(format!("{}/{}", p.hp, p.max_hp)).size(card_face::NAME_MIN)
                        ]
                        .align_x(iced::Center);
                        let (ally, acting) = (p.ally, p.acting);
                        let picked = self.selected() == Some(Selected::Card(p.copy));
                        // a piece the held card acts on (a hit, a push)
                        let lit = self.drag().is_some_and(|d| d.lights(Drop::Card(p.copy)));
                        container(
                            mouse_area(
                                container(label)
                                    .center_x(cell_side)
                                    .center_y(cell_side)
                                    .clip(true)
                                    .style(move |t: &Theme| {
                                        piece_style(t, ally, acting, picked || lit)
                                    }),
                            )
                            .interaction(mouse::Interaction::Pointer)
                            .on_press(Message::Grab(Selected::Card(p.copy)))
                            .on_release(Message::LetGo(Drop::Card(p.copy))),
                        )
                        .id(format!("cell-{name}"))
                        .into()
                    }
                    (None, Some((_, a))) => container(
                        button(text("·").size(12).center())
                            .width(cell_side)
                            .height(cell_side)
                            .style(|t: &Theme, st| {
                                let p = t.extended_palette();
                                button::Style {
                                    background: Some(
                                        match st {
                                            button::Status::Hovered => p.success.base.color,
                                            _ => p.success.weak.color,
                                        }
                                        .into(),
                                    ),
                                    text_color: p.success.weak.text,
                                    ..button::Style::default()
                                }
                            })
                            .on_press(Message::Act(a.clone())),
                    )
                    .id(format!("cell-{name}"))
                    .into(),
                    (None, None) => {
                        // a cell the held card (a Fighter to deploy, the
                        // ally to move) can be let go on
                        let lit = self.drag().is_some_and(|d| d.lights(Drop::Cell(cell)));
                        container(text(""))
                            .width(cell_side)
                            .height(cell_side)
                            .style(move |t: &Theme| {
                                let p = t.extended_palette();
                                container::Style {
                                    background: Some(
                                        if lit {
                                            p.success.weak.color
                                        } else {
                                            p.background.weak.color
                                        }
                                        .into(),
                                    ),
                                    ..container::Style::default()
                                }
                            })
                            .id(format!("cell-{name}"))
                            .into()
                    }
                };
                line = line.push(mouse_area(el).on_release(Message::LetGo(Drop::Cell(cell))));
            }
            grid = grid.push(line);
        }
        let mut files = row![container(text("")).width(14)].spacing(1);
        for col in 0..8u8 {
            files = files.push(
                container(
                    text(((b'a' + col) as char).to_string())
                        .size(10)
                        .style(muted),
                )
                .center_x(cell_side),
            );
        }
        column![
            with_tip(
                text("Board").size(12),
                "Yours in blue, the other side's in red; the ally to act is outlined.",
            ),
            grid,
            files
        ]
        .spacing(3)
        .into()
    }

    /// The side of a board cell: wide enough for the first word of each
    /// Fighter's name at the least size, as large as `room` (the board's
    /// height) allows up to [`CELL_MAX`].
    pub(super) fn board_cell(snap: &Snapshot, room: f32) -> f32 {
        let names = snap.board.iter().map(|p| p.name.as_str()).chain(
            snap.zones
                .iter()
                .filter(|z| z.zone == "Fighters" && !z.hidden)
                .flat_map(|z| z.cards.iter().map(|c| c.name.as_str())),
        );
        let floor = card_face::name_floor(names).max(CELL_MIN);
        (room / 8.0 - 1.0).clamp(floor, CELL_MAX.max(floor))
    }

    /// The width of the board with cells of `cell` (the ranks' numbers and
    /// eight files).
    pub(super) fn board_width(cell: f32) -> f32 {
        15.0 + 8.0 * (cell + 1.0)
    }
}

/// How many of a hand of `n` cards `w` wide lie on a line `width` wide:
/// as many as fit, on lines of even length (8 cards where 5 fit: two
/// lines of 4).
fn hand_per_line(n: usize, width: f32, w: f32) -> usize {
    let n = n.max(1);
    // each card has its outline's room around it
    let slot = w + 2.0 * OUTLINE + GAP;
    let fit = (((width + GAP) / slot).floor() as usize).clamp(1, n);
    n.div_ceil(n.div_ceil(fit))
}

/// `face` with the room a card's outline takes around it, so an empty slot
/// or a back lies as a card does.
fn outlined<'a>(face: Element<'a, Message>) -> Element<'a, Message> {
    container(face).padding(OUTLINE).into()
}

/// Dice of Destiny's attack dice: even rolls hit.
fn dice<'a>(snap: &Snapshot) -> Element<'a, Message> {
    let mut r = row![text("Attack dice").size(12)]
        .spacing(GAP)
        .align_y(iced::Center);
    for d in &snap.dice {
        let (hit, blocked) = (d.hit, d.blocked);
        r = r.push(
            container(text(d.value.to_string()).size(14))
                .center(DIE)
                .style(move |t: &Theme| {
                    let p = t.extended_palette();
                    let (bg, fg) = match (hit, blocked) {
                        (true, false) => (p.success.base.color, p.success.base.text),
                        (true, true) => (p.background.strong.color, p.background.strong.text),
                        _ => (p.background.weak.color, p.background.weak.text),
                    };
                    container::Style {
                        background: Some(bg.into()),
                        text_color: Some(fg),
                        border: Border::default().rounded(5),
                        ..container::Style::default()
                    }
                }),
        );
    }
    let hits = snap.dice.iter().filter(|d| d.hit && !d.blocked).count();
    let said = if snap.dice.is_empty() {
        "none rolled".to_string()
    } else {
        format!(
            "{hits} hit{} (even rolls hit; grey: missed or blocked)",
            if hits == 1 { "" } else { "s" }
        )
    };
    r = r.push(
        text(said)
            .size(12)
            .style(muted)
            .wrapping(text::Wrapping::None),
    );
    // the line is there rolled or not: nothing moves when the dice roll
    container(r).height(DICE_HEIGHT).clip(true).into()
}

/// A card face down, with the count of its pile.
fn card_back<'a>(game: GameId, width: f32, count: usize) -> Element<'a, Message> {
    let frame = card_face::frame_of(game);
    // the backs of a hand say nothing; a pile says how many it holds
    let label = if count > 0 {
        count.to_string()
    } else {
        String::new()
    };
    container(text(label).size(16))
        .center_x(width)
        .center_y(card_face::height_for(game, width))
        .style(move |_t: &Theme| back_style(frame))
        .into()
}

/// An empty slot, outlined.
fn empty_slot<'a>(game: GameId, width: f32, label: &str) -> Element<'a, Message> {
    container(text(label.to_string()).size(10).style(muted))
        .center_x(width)
        .center_y(card_face::height_for(game, width))
        .style(|t: &Theme| container::Style {
            border: Border {
                color: t.extended_palette().background.strong.color,
                width: 1.0,
                radius: 6.0.into(),
            },
            ..container::Style::default()
        })
        .into()
}

/// A card's button: no chrome, an outline when selected or hovered.
fn frame_style(t: &Theme, st: button::Status, picked: bool) -> button::Style {
    let p = t.extended_palette();
    let color = match (picked, st) {
        (true, _) => p.primary.strong.color,
        (false, button::Status::Hovered) => p.primary.weak.color,
        _ => Color::TRANSPARENT,
    };
    button::Style {
        background: None,
        border: Border {
            color,
            width: OUTLINE,
            radius: 8.0.into(),
        },
        ..button::Style::default()
    }
}

fn piece_style(t: &Theme, ally: bool, acting: bool, picked: bool) -> container::Style {
    let p = t.extended_palette();
    container::Style {
        background: Some(
            if ally {
                p.primary.weak.color
            } else {
                p.danger.weak.color
            }
            .into(),
        ),
        text_color: Some(Color::BLACK),
        border: Border {
            color: if picked {
                p.primary.strong.color
            } else if acting {
                p.success.strong.color
            } else {
                Color::TRANSPARENT
            },
            width: if picked || acting { 3.0 } else { 0.0 },
            radius: 3.0.into(),
        },
        ..container::Style::default()
    }
}

/// A card face down that the player does not know (the other side's set
/// Trigger): the back, with what the game says it is.
fn face_down<'a>(
    game: GameId,
    (width, height): (f32, f32),
    name: &str,
    state: &[String],
) -> Element<'a, Message> {
    let frame = card_face::frame_of(game);
    let mut col = column![text(name.to_string()).size(card_face::NAME_MIN).center()]
        .spacing(2)
        .align_x(iced::Center);
    if !state.is_empty() {
        col = col.push(text(state.join(" · ")).size(card_face::NAME_MIN));
    }
    container(col)
        .center_x(width)
        .center_y(height)
        .padding(3)
        .style(move |_t: &Theme| back_style(frame))
        .into()
}

/// Whether `c` is an Equip Relic drawn on its Hero (its Hero is on show).
fn on_host(snap: &Snapshot, c: &CardView) -> bool {
    c.attached_to.is_some_and(|h| {
        snap.zones.iter().any(|z| {
            z.cards
                .iter()
                .any(|k| k.copy == h && k.attached_to.is_none())
        })
    })
}

/// A card's outline: the selected one's strong, a place that takes the
/// card held lit.
fn outline_style(t: &Theme, picked: bool, lit: bool) -> container::Style {
    let p = t.extended_palette();
    let color = if picked {
        p.primary.strong.color
    } else if lit {
        p.success.strong.color
    } else {
        Color::TRANSPARENT
    };
    container::Style {
        border: Border {
            color,
            width: OUTLINE,
            radius: 8.0.into(),
        },
        ..container::Style::default()
    }
}

/// A zone that takes the card held.
fn lit_style(t: &Theme) -> container::Style {
    let p = t.extended_palette();
    container::Style {
        background: Some(p.success.weak.color.scale_alpha(0.35).into()),
        border: Border {
            color: p.success.strong.color,
            width: 2.0,
            radius: 6.0.into(),
        },
        ..container::Style::default()
    }
}

/// A card's back in the game's `frame` colour (a pile, a hidden hand, a
/// card set face down).
fn back_style(frame: Color) -> container::Style {
    container::Style {
        background: Some(frame.scale_alpha(0.6).into()),
        text_color: Some(Color::WHITE),
        border: Border {
            color: frame,
            width: 2.0,
            radius: 6.0.into(),
        },
        ..container::Style::default()
    }
}

/// The button of an action the engine lists (the suggested one stands out).
pub(super) fn action_button<'a>(
    ch: Choice,
    suggested: bool,
    id: String,
) -> iced::widget::Container<'a, Message> {
    let tip = ch.mover.is_none().then(|| turn_tip(&ch.label)).flatten();
    let b = button(text(ch.label).size(12))
        .padding([3, 8])
        .style(if suggested {
            button::primary
        } else {
            button::secondary
        })
        .on_press(Message::Act(ch.action));
    container(match tip {
        Some(t) => crate::gui::widget::with_tip(b, t),
        None => b.into(),
    })
    .id(id)
}

/// What a game's own end-of-turn move does, said when it is pointed at
/// (beside "Autoplay rest of turn", which plays on first).
pub const END_TURN_TIP: &str = "Ends your turn now: nothing more is played this turn, the next turn (or the opponent's) begins.";

/// The tip of an engine's whole-turn move: its "End turn" / "End your
/// turn" (the engines' labels, also the scenario files' move names) says
/// what it does.
pub fn turn_tip(label: &str) -> Option<&'static str> {
    matches!(label, "End turn" | "End your turn").then_some(END_TURN_TIP)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lines a hand takes never hold more than fit in the width.
    #[test]
    fn a_hand_wraps_into_even_lines_that_fit() {
        for n in [1usize, 5, 8, 12, 20] {
            for width in [70.0f32, 150.0, 280.0, 450.0, 740.0, 1200.0] {
                let per_line = hand_per_line(n, width, 60.0);
                let used = per_line as f32 * (60.0 + 2.0 * OUTLINE) + GAP * (per_line as f32 - 1.0);
                assert!(
                    per_line == 1 || used <= width + 0.01,
                    "{n} in {width}: {per_line}"
                );
                let lines = n.div_ceil(per_line);
                assert!(per_line * lines - n < lines, "{n} in {width}: {per_line}");
            }
        }
        // 8 cards where 5 fit: two lines of 4
        let five = 5.0 * (60.0 + 2.0 * OUTLINE) + 4.0 * GAP + 1.0;
        assert_eq!(hand_per_line(8, five, 60.0), 4);
    }

    /// The card width fits the lines in the height, and grows with it.
    #[test]
    fn the_cards_are_sized_from_the_window() {
        let lines = vec![
            LineSpec::Zones(vec![(3.0, 0.0, true), (2.0, 0.0, true)], (0.0, 0.0)),
            LineSpec::Zones(vec![(3.0, 0.0, true), (2.0, 0.0, false)], (90.0, 60.0)),
            LineSpec::Hand {
                cards: 8,
                dock: (120.0, 130.0),
            },
        ];
        let ratio = 88.0 / 63.0;
        let small = card_width_for(&lines, ratio, (700.0, 520.0), 50.0);
        let large = card_width_for(&lines, ratio, (900.0, 700.0), 50.0);
        assert!(50.0 < small && small < large, "{small} {large}");
        assert!(lines_height(&lines, small, ratio, 700.0) <= 520.0);
        assert!(lines_height(&lines, large, ratio, 900.0) <= 700.0);
        // one pixel more would not fit
        assert!(lines_height(&lines, small + 1.0, ratio, 700.0) > 520.0);
        // never under the names' floor
        assert_eq!(card_width_for(&lines, ratio, (700.0, 100.0), 70.0), 70.0);
    }
}
