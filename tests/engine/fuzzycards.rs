//! Fuzzycards, two players, rule by rule (rulebook sections, rules-notes FZ),
//! and goldfish kill turns computed by hand for decks whose choices are
//! forced, one per effect kind. Cards are made here from their printed text:
//! the engine reads it.

use deckwright::engine::DeckCards;
use deckwright::engine::core::{At, Outcome, Seat};
use deckwright::engine::fuzzycards::{
    Action, FRESH, Fuzzycards, Options, Phase, Row, State, Zone, z,
};
use deckwright::engine::game::Rules;
use deckwright::engine::session::DeckSide;
use deckwright::model::{Card, Catalog, FieldValue, GameId};

/// A Hero: rare (its text is read), no Force unless given.
pub(crate) fn hero(name: &str, cost: i64, atk: i64, def: i64, hp: i64, text: &str) -> Card {
    let mut c = Card::new(name, "hero");
    c.cost = Some(cost);
    for (k, v) in [("atk", atk), ("def", def), ("hp", hp)] {
        c.fields.insert(k.into(), FieldValue::Int(v));
    }
    c.fields
        .insert("rarity".into(), FieldValue::Text("rare".into()));
    if !text.is_empty() {
        c.text = Some(text.into());
    }
    c
}

fn with_force(mut c: Card, force: &str) -> Card {
    c.fields
        .insert("force".into(), FieldValue::Text(force.into()));
    c
}

pub(crate) fn catalog(cards: Vec<Card>) -> Catalog {
    let mut cat = Catalog::new(GameId::Fuzzycards, "rules");
    cat.cards = cards;
    cat
}

/// Player 0's deck and player 1's (`None`: the goldfish opponent), each as
/// (catalog position, copies).
fn game_with(
    cat: &Catalog,
    mine: &[(u16, usize)],
    theirs: Option<&[(u16, usize)]>,
    options: &[(&str, &str)],
) -> Fuzzycards {
    let deck = |d: &[(u16, usize)]| DeckCards {
        cards: d
            .iter()
            .flat_map(|&(i, n)| std::iter::repeat_n(i, n))
            .collect(),
    };
    let a = deck(mine);
    let b = theirs.map(deck);
    let overrides: Vec<(String, String)> = options
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    Fuzzycards::new(
        DeckSide {
            catalog: cat,
            cards: &a,
        },
        b.as_ref().map(|cards| DeckSide {
            catalog: cat,
            cards,
        }),
        Options::read(&overrides).unwrap(),
        40,
    )
}

pub(crate) fn game(
    cat: &Catalog,
    mine: &[(u16, usize)],
    theirs: Option<&[(u16, usize)]>,
) -> Fuzzycards {
    game_with(cat, mine, theirs, &[])
}

/// A two-player game dealt with `seed`, both hands kept: player 0's turn 1,
/// Activate.
fn begun(g: &Fuzzycards, seed: u64) -> State {
    let mut st = g.new_state();
    g.start(&mut st, seed, Seat::First);
    while matches!(st.phase, Phase::Mulligan { .. }) {
        g.apply(&mut st, Action::Keep).unwrap();
    }
    assert_eq!(st.phase, Phase::Activate);
    st
}

/// Puts a copy of player `p`'s `name` (from its Scroll or hand) on its
/// field, ready to attack.
fn field(g: &Fuzzycards, st: &mut State, p: usize, name: &str, row: Row) -> u16 {
    for from in [Zone::Scroll, Zone::Hand] {
        if let Some(&c) = st
            .core
            .zones
            .get(z(p, from))
            .iter()
            .find(|&&c| g.copy_name(c) == name)
        {
            st.core
                .zones
                .move_copy(z(p, from), c, z(p, row.zone()), At::Top);
            st.flags[usize::from(c)] &= !FRESH;
            return c;
        }
    }
    panic!("no {name} left for player {p}");
}

fn to_validate(g: &Fuzzycards, st: &mut State) {
    g.apply(st, Action::Next).unwrap();
    g.apply(st, Action::Next).unwrap();
    assert_eq!(st.phase, Phase::Validate);
}

fn attack(g: &Fuzzycards, st: &mut State, card: u16, target: Option<u16>) {
    g.apply(st, Action::Attack { card, target }).unwrap();
}

/// Ends player 0's turn and plays player 1's through (both Next only).
fn pass_round(g: &Fuzzycards, st: &mut State) {
    for _ in 0..8 {
        g.apply(st, Action::Next).unwrap();
        if st.core.active == 0 && st.phase == Phase::Activate {
            return;
        }
    }
    panic!("the round did not come back: {:?}", st.phase);
}

// ---------------------------------------------------------------- combat

/// COMBAT SYSTEM, AN EXAMPLE: Clarity (ATK 6) attacks Prophecy (DEF 4, HP
/// 5): 6 + 3 − 2 = 7 damage, KO, 2 Pierce to Life; THE 589 counts 7; the
/// attacker's On Kill fires.
#[test]
fn fz_combat_worked_example_force_bonus_ko_and_pierce() {
    let cat = catalog(vec![
        with_force(
            hero("Judge", 2, 6, 4, 7, "On Kill: draw 1 card."),
            "clarity",
        ),
        with_force(hero("Seer", 2, 5, 4, 5, ""), "prophecy"),
    ]);
    let g = game(&cat, &[(0, 30)], Some(&[(1, 30)]));
    let mut st = begun(&g, 1);
    let a = field(&g, &mut st, 0, "Judge", Row::Altar);
    let d = field(&g, &mut st, 1, "Seer", Row::Altar);
    assert_eq!(g.attack_damage(&st, a, d), 7);
    let hand = st.core.zones.len(z(0, Zone::Hand));
    to_validate(&g, &mut st);
    attack(&g, &mut st, a, Some(d));
    assert!(st.core.zones.contains(z(1, Zone::Discard), d), "KO");
    assert_eq!(st.core.life[1], 31, "2 Pierce to Life");
    assert_eq!(st.dealt[0], 7, "each point counted once (FZ §6.9)");
    assert_eq!(st.core.zones.len(z(0, Zone::Hand)), hand + 1, "On Kill");
    g.invariants(&st).unwrap();
    // the same attack the other way round earns no bonus: Prophecy does
    // not beat Clarity
    assert_eq!(g.force_bonus(d, a), 0);
}

/// DAMAGE FORMULA: "Every attack always deals at least 1 damage."
#[test]
fn fz_combat_every_attack_deals_at_least_1() {
    let cat = catalog(vec![
        hero("Kitten", 1, 2, 3, 5, ""),
        hero("Wall", 1, 1, 12, 9, ""),
    ]);
    let g = game(&cat, &[(0, 30)], Some(&[(1, 30)]));
    let mut st = begun(&g, 2);
    let a = field(&g, &mut st, 0, "Kitten", Row::Altar);
    let w = field(&g, &mut st, 1, "Wall", Row::Altar);
    to_validate(&g, &mut st);
    attack(&g, &mut st, a, Some(w));
    assert_eq!(g.remaining(&st, w), 8);
}

/// DIRECT ATTACK: with a card on the opponent's Altar, Life cannot be
/// attacked; once the Altar is empty, Life takes the full ATK (no DEF).
#[test]
fn fz_combat_direct_attacks_only_past_an_empty_altar() {
    let cat = catalog(vec![hero("Brute", 1, 9, 3, 9, "")]);
    let g = game(&cat, &[(0, 30)], Some(&[(0, 30)]));
    let mut st = begun(&g, 3);
    let a = field(&g, &mut st, 0, "Brute", Row::Altar);
    let b = field(&g, &mut st, 0, "Brute", Row::Altar);
    let c = field(&g, &mut st, 0, "Brute", Row::Altar);
    let d = field(&g, &mut st, 1, "Brute", Row::Altar);
    to_validate(&g, &mut st);
    let e = g
        .apply(
            &mut st,
            Action::Attack {
                card: a,
                target: None,
            },
        )
        .unwrap_err();
    assert_eq!(e.rule, "FZ targeting priority");
    // 9 − ⌊3/2⌋ = 8 on a 9-HP card: it stands at 1
    attack(&g, &mut st, a, Some(d));
    assert_eq!((g.remaining(&st, d), st.core.life[1]), (1, 33));
    // 8 more: KO, 7 Pierce
    attack(&g, &mut st, b, Some(d));
    assert_eq!(st.core.life[1], 26);
    // the Altar is empty: Life for the full ATK
    attack(&g, &mut st, c, None);
    assert_eq!(st.core.life[1], 17);
    assert_eq!(st.dealt[0], 8 + 8 + 9);
    let e = g
        .apply(
            &mut st,
            Action::Attack {
                card: c,
                target: None,
            },
        )
        .unwrap_err();
    assert_eq!(e.message, "each card attacks once");
}

// ---------------------------------------------------------------- keywords

/// KEYWORDS, Guard: "Must be attacked before other Altar cards".
#[test]
fn fz_keyword_guard_is_attacked_first() {
    let cat = catalog(vec![
        hero("Brute", 1, 9, 3, 20, ""),
        hero("Warden", 1, 2, 2, 20, "Guard."),
    ]);
    let g = game(&cat, &[(0, 30)], Some(&[(0, 15), (1, 15)]));
    let mut st = begun(&g, 4);
    let a = field(&g, &mut st, 0, "Brute", Row::Altar);
    let other = field(&g, &mut st, 1, "Brute", Row::Altar);
    let warden = field(&g, &mut st, 1, "Warden", Row::Altar);
    to_validate(&g, &mut st);
    assert!(
        g.apply(
            &mut st,
            Action::Attack {
                card: a,
                target: Some(other)
            }
        )
        .is_err(),
        "a Guard stands in the way"
    );
    attack(&g, &mut st, a, Some(warden));
    assert!(g.remaining(&st, warden) < 20);
    g.invariants(&st).unwrap();
}

/// KEYWORDS, Stealth: "Cannot be targeted until this card attacks".
#[test]
fn fz_keyword_stealth_cannot_be_targeted() {
    let cat = catalog(vec![
        hero("Brute", 1, 9, 3, 20, ""),
        hero("Shade", 1, 2, 2, 20, "Stealth."),
    ]);
    let g = game(&cat, &[(0, 30)], Some(&[(0, 15), (1, 15)]));
    let mut st = begun(&g, 5);
    let a = field(&g, &mut st, 0, "Brute", Row::Altar);
    let shade = field(&g, &mut st, 1, "Shade", Row::Altar);
    let other = field(&g, &mut st, 1, "Brute", Row::Altar);
    to_validate(&g, &mut st);
    assert!(
        g.apply(
            &mut st,
            Action::Attack {
                card: a,
                target: Some(shade)
            }
        )
        .is_err()
    );
    attack(&g, &mut st, a, Some(other));
    assert_eq!(g.remaining(&st, shade), 20);
}

/// KEYWORDS, Shield: "First damage received each turn is reduced to 0".
#[test]
fn fz_keyword_shield_stops_the_first_damage_each_turn() {
    let cat = catalog(vec![
        hero("Brute", 1, 9, 3, 20, ""),
        hero("Turtle", 1, 2, 2, 20, "Shield."),
    ]);
    let g = game(&cat, &[(0, 30)], Some(&[(0, 15), (1, 15)]));
    let mut st = begun(&g, 6);
    let a = field(&g, &mut st, 0, "Brute", Row::Altar);
    let b = field(&g, &mut st, 0, "Brute", Row::Altar);
    let turtle = field(&g, &mut st, 1, "Turtle", Row::Altar);
    to_validate(&g, &mut st);
    attack(&g, &mut st, a, Some(turtle));
    assert_eq!(g.remaining(&st, turtle), 20, "the first hit is shielded");
    attack(&g, &mut st, b, Some(turtle));
    assert_eq!(g.remaining(&st, turtle), 20 - (9 - 1), "the second is not");
}

/// KEYWORDS, Burn X: "Deal X damage to this card at end of each turn"
/// (rules-notes §6.7: every turn, both players').
#[test]
fn fz_keyword_burn_deals_x_at_the_end_of_each_turn() {
    let cat = catalog(vec![hero("Ember", 1, 3, 2, 10, "Burn 2.")]);
    let g = game(&cat, &[(0, 30)], Some(&[(0, 30)]));
    let mut st = begun(&g, 7);
    let e = field(&g, &mut st, 0, "Ember", Row::Altar);
    pass_round(&g, &mut st);
    // the end of player 0's turn and of player 1's: 2 + 2
    assert_eq!(g.remaining(&st, e), 6);
    g.invariants(&st).unwrap();
}

// ------------------------------------------------ more rules, and the Quick AI

fn with_keywords(mut c: Card, words: &[&str]) -> Card {
    c.fields.insert(
        "keywords".into(),
        FieldValue::List(
            words
                .iter()
                .map(|k| FieldValue::Text(k.to_string()))
                .collect(),
        ),
    );
    c
}

/// KEYWORDS, Shield (rules-notes §6.8: once per turn): the first damage of
/// the turn is taken by the Shield, the second lands.
#[test]
fn fz_6_8_shield_once_per_turn() {
    let cat = catalog(vec![
        hero("Brute", 1, 5, 3, 9, ""),
        with_keywords(hero("Knight", 1, 1, 2, 20, ""), &["Shield"]),
    ]);
    let g = game(&cat, &[(0, 30)], Some(&[(1, 30)]));
    let mut st = begun(&g, 6);
    let a = field(&g, &mut st, 0, "Brute", Row::Altar);
    let b = field(&g, &mut st, 0, "Brute", Row::Altar);
    let k = field(&g, &mut st, 1, "Knight", Row::Altar);
    to_validate(&g, &mut st);
    assert!(g.shield_up(&st, k));
    attack(&g, &mut st, a, Some(k));
    assert_eq!(g.remaining(&st, k), 20);
    attack(&g, &mut st, b, Some(k));
    assert_eq!(g.remaining(&st, k), 20 - 4);
    assert!(!g.shield_up(&st, k));
    // a new turn, a new Shield
    pass_round(&g, &mut st);
    assert!(g.shield_up(&st, k));
}

/// THE 589 (rules-notes §6.9): exactly 589 damage in all wins the game.
#[test]
fn fz_6_9_exactly_589_damage_wins() {
    let cat = catalog(vec![hero("Brute", 1, 9, 3, 9, "")]);
    let g = game(&cat, &[(0, 30)], Some(&[(0, 30)]));
    let mut st = begun(&g, 7);
    let a = field(&g, &mut st, 0, "Brute", Row::Altar);
    st.dealt[0] = 580;
    st.core.life[1] = 100;
    to_validate(&g, &mut st);
    attack(&g, &mut st, a, None);
    assert_eq!(st.dealt[0], 589);
    assert!(matches!(st.core.outcome, Some(Outcome::Win { .. })));
}

/// SCROLL OUT: a player who must draw from an empty Scroll loses.
#[test]
fn fz_scroll_out_loses() {
    let cat = catalog(vec![hero("Brute", 1, 9, 3, 9, "")]);
    let g = game(&cat, &[(0, 30)], Some(&[(0, 30)]));
    let mut st = begun(&g, 8);
    let scroll: Vec<u16> = st.core.zones.get(z(1, Zone::Scroll)).to_vec();
    for c in scroll {
        st.core
            .zones
            .move_copy(z(1, Zone::Scroll), c, z(1, Zone::Discard), At::Top);
    }
    for _ in 0..8 {
        if st.core.over() {
            break;
        }
        g.apply(&mut st, Action::Next).unwrap();
    }
    assert!(st.core.over());
    assert_eq!(st.core.outcome.and_then(|o| o.winner()), Some(0));
}

/// DRAIN (rules-notes §6.8): heals the attacker by the damage it dealt,
/// capped at its printed HP.
#[test]
fn fz_6_8_drain_heals_capped_at_printed_hp() {
    let cat = catalog(vec![
        with_keywords(hero("Leech", 1, 6, 3, 9, ""), &["Drain"]),
        hero("Wall", 1, 1, 2, 20, ""),
    ]);
    let g = game(&cat, &[(0, 30)], Some(&[(1, 30)]));
    let mut st = begun(&g, 9);
    let a = field(&g, &mut st, 0, "Leech", Row::Altar);
    let w = field(&g, &mut st, 1, "Wall", Row::Altar);
    st.damage[usize::from(a)] = 3;
    to_validate(&g, &mut st);
    attack(&g, &mut st, a, Some(w));
    assert_eq!(g.remaining(&st, w), 20 - 5);
    assert_eq!(g.remaining(&st, a), 9, "healed 5, capped at printed HP");
}

/// GENESIS FLIP (rules-notes §6.3): both reveal their top card; the higher
/// Cost goes first.
#[test]
fn fz_6_3_genesis_flip_higher_cost_goes_first() {
    let cat = catalog(vec![
        hero("Big", 5, 1, 1, 1, ""),
        hero("Small", 1, 1, 1, 1, ""),
    ]);
    let g = game(&cat, &[(0, 30)], Some(&[(1, 30)]));
    let h = game(&cat, &[(1, 30)], Some(&[(0, 30)]));
    for seed in 0..8 {
        assert_eq!(g.genesis_flip(seed), Some(Seat::First));
        assert_eq!(h.genesis_flip(seed), Some(Seat::Second));
    }
    let goldfish = game(&cat, &[(0, 30)], None);
    assert_eq!(goldfish.genesis_flip(1), None);
}

/// GENESIS FLIP (rules-notes FZ §6.14, added 2026-11-26): the winner
/// *chooses* to go first or second. Player 0 reveals the higher Cost and
/// chooses to go second: player 1 takes turn 1 with the first player's
/// opening hand, player 0 draws the second player's.
#[test]
fn fz_6_14_genesis_flip_winner_chooses_first_or_second() {
    let cat = catalog(vec![
        hero("Big", 5, 1, 1, 1, ""),
        hero("Small", 1, 1, 1, 1, ""),
    ]);
    let flip = [("turn_order", "genesis-flip")];
    for (choice, first) in [(Action::GoFirst, 0), (Action::GoSecond, 1)] {
        let g = game_with(&cat, &[(0, 30)], Some(&[(1, 30)]), &flip);
        let mut st = g.new_state();
        g.start(&mut st, 7, Seat::First);
        assert_eq!(st.phase, Phase::Order { by: 0 }, "the winner chooses");
        assert_eq!(g.to_act(&st), 0);
        let mut legal = Vec::new();
        g.legal_actions(&st, &mut legal);
        assert_eq!(legal, vec![Action::GoFirst, Action::GoSecond]);
        assert_eq!(
            st.core.zones.len(z(0, Zone::Hand)),
            0,
            "no hand before the choice"
        );
        g.apply(&mut st, choice).unwrap();
        assert_eq!(st.core.seat.first_player(), first);
        let (opening_first, opening_second) = (g.opening(Seat::First), g.opening(Seat::Second));
        assert_eq!(
            st.core.zones.len(z(first, Zone::Hand)) as u32,
            opening_first
        );
        assert_eq!(
            st.core.zones.len(z(1 - first, Zone::Hand)) as u32,
            opening_second
        );
        while matches!(st.phase, Phase::Mulligan { .. }) {
            g.apply(&mut st, Action::Keep).unwrap();
        }
        assert_eq!(st.phase, Phase::Activate);
        assert_eq!(st.core.active, first, "the chosen player takes turn 1");
    }
    // the loser has no say, and the seats decided by the caller take no flip
    let g = game_with(&cat, &[(1, 30)], Some(&[(0, 30)]), &flip);
    let mut st = g.new_state();
    g.start(&mut st, 7, Seat::First);
    assert_eq!(st.phase, Phase::Order { by: 1 });
    let g = game(&cat, &[(0, 30)], Some(&[(1, 30)]));
    let mut st = g.new_state();
    g.start(&mut st, 7, Seat::Second);
    assert!(matches!(st.phase, Phase::Mulligan { .. }));
}
