//! The goldfish rules of the old one-player engine, kept on the new one
//! (renamed to the rules-notes ids where they test a rule).

use super::*;
use crate::engine::DeckCards;
use crate::engine::core::Outcome;
use crate::engine::game::play_out;
use crate::model::{Catalog, FieldValue};

pub(crate) fn hero(name: &str, cost: i64, atk: i64, hp: i64, keywords: &[&str]) -> Card {
    let mut c = Card::new(name, "hero");
    c.cost = Some(cost);
    c.fields.insert("atk".into(), FieldValue::Int(atk));
    c.fields.insert("def".into(), FieldValue::Int(3));
    c.fields.insert("hp".into(), FieldValue::Int(hp));
    c.fields.insert(
        "keywords".into(),
        FieldValue::List(
            keywords
                .iter()
                .map(|k| FieldValue::Text(k.to_string()))
                .collect(),
        ),
    );
    c
}

fn sim_of(cards: &[(Card, u16)]) -> Fuzzycards {
    sim_with(cards, &[])
}

fn sim_with(cards: &[(Card, u16)], overrides: &[(&str, &str)]) -> Fuzzycards {
    let mut cat = Catalog::new(GameId::Fuzzycards, "t");
    let mut deck = Vec::new();
    for (i, (c, n)) in cards.iter().enumerate() {
        cat.cards.push(c.clone());
        deck.extend(std::iter::repeat_n(i as u16, usize::from(*n)));
    }
    let overrides: Vec<(String, String)> = overrides
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let opts = Options::read(&overrides).unwrap();
    Fuzzycards::new(
        DeckSide {
            catalog: &cat,
            cards: &DeckCards { cards: deck },
        },
        None,
        opts,
        40,
    )
}

fn run(sim: &Fuzzycards, seed: u64, seat: Seat) -> (Outcome, State) {
    let mut st = sim.new_state();
    let o = play_out(sim, &mut st, seed, seat, [Level::Goldfish; 2]).unwrap();
    (o, st)
}

fn hand(st: &State) -> &[u16] {
    st.core.zones.get(z(0, Zone::Hand))
}

#[test]
fn opening_hand_is_5_first_and_6_second() {
    let sim = sim_of(&[(hero("A", 1, 5, 5, &[]), 30)]);
    let mut st = sim.new_state();
    sim.start(&mut st, 1, Seat::First);
    assert_eq!(hand(&st).len(), 5);
    assert_eq!(st.phase, Phase::Mulligan { by: 0 });
    sim.start(&mut st, 1, Seat::Second);
    assert_eq!(hand(&st).len(), 6);
    assert_eq!(st.phase, Phase::Mulligan { by: 0 });
}

#[test]
fn mulligan_draws_5_then_is_spent() {
    let sim = sim_of(&[(hero("A", 1, 5, 5, &[]), 30)]);
    let mut st = sim.new_state();
    sim.start(&mut st, 1, Seat::Second);
    sim.apply(&mut st, Action::Mulligan).unwrap();
    // mulligan 5, then the second player's turn-1 Decode draw
    assert_eq!(hand(&st).len(), 6);
    assert_eq!(st.mulligans[0], 0);
    assert_eq!(st.phase, Phase::Activate);
    sim.invariants(&st).unwrap();
}

/// 30 vanilla 1-cost Heroes, ATK 5, going first. By hand: one Hero a turn
/// (1 Energy a turn); a Hero attacks from the turn after it is played; the
/// Altar holds 3 attackers. Damage: t2 5, t3 10 (15), t4 15 (30), t5 15 (45
/// >= 33). Kill turn 5.
#[test]
fn vanilla_ones_kill_on_turn_5() {
    let sim = sim_of(&[(hero("A", 1, 5, 5, &[]), 30)]);
    for seed in 0..20 {
        for seat in [Seat::First, Seat::Second] {
            assert_eq!(run(&sim, seed, seat).0, Outcome::Win { turn: 5 });
        }
    }
}

/// Rush Heroes attack the turn they are played: t1 5, t2 10 (15),
/// t3 15 (30), t4 15 (45). Kill turn 4.
#[test]
fn vanilla_rush_kill_on_turn_4() {
    let sim = sim_of(&[(hero("R", 1, 5, 5, &["rush"]), 30)]);
    assert_eq!(run(&sim, 3, Seat::First).0, Outcome::Win { turn: 4 });
}

/// FZ §6.7: Burn 2 on a 4-HP Hero is burned at the end of our turn and of
/// the opponent's, so it is KO'd before it can attack.
#[test]
fn fz_6_7_burn_every_turn_kos_before_the_attack() {
    let sim = sim_of(&[(hero("B", 1, 5, 4, &["burn 2"]), 30)]);
    let (o, st) = run(&sim, 3, Seat::First);
    assert!(!st.core.zones.is_empty(z(0, Zone::Discard)));
    // no Hero ever attacks: the deck runs out (Scroll Out) on turn 27
    assert_eq!(
        o,
        Outcome::Loss {
            turn: 27,
            reason: "scroll out"
        }
    );
}

/// Issue 14: the Equip Relic's +2 ATK reaches its Hero. One 1-cost ATK 5
/// Hero and 29 Gauntlets (1 Energy, +2 ATK): turn 1 the Hero (the only
/// card that can be played), then one Gauntlets a turn on it. It attacks
/// from turn 2 for 7, 9, 11, 13: 7, 16, 27, 40 — a kill on turn 5 (with
/// the boost unapplied it would be 5 a turn: turn 8).
#[test]
fn equip_boost_reaches_the_hero_kill_turn_by_hand() {
    let mut g = Card::new("G", "relic");
    g.cost = Some(1);
    g.fields
        .insert("relic".into(), FieldValue::Text("equip".into()));
    g.text = Some("Equip. The equipped Hero gets +2 ATK.".into());
    let sim = sim_of(&[(hero("A", 1, 5, 5, &[]), 1), (g, 29)]);
    let mut games = 0;
    for seed in 0..300 {
        let mut st = sim.new_state();
        sim.deal(&mut st, seed, Seat::First);
        if !hand(&st).iter().any(|&c| sim.def(c).kind == Kind::Hero) {
            continue;
        }
        let (o, st) = run(&sim, seed, Seat::First);
        assert_eq!(o, Outcome::Win { turn: 5 }, "seed {seed}");
        sim.invariants(&st).unwrap();
        let h = st.core.zones.get(z(0, Zone::Altar))[0];
        assert_eq!(sim.atk_of(&st, h), 5 + 2 * 4, "four Gauntlets on it");
        games += 1;
    }
    assert!(games > 20, "{games}");
}

#[test]
fn illegal_actions_name_their_rule() {
    let sim = sim_of(&[(hero("A", 3, 5, 5, &[]), 30)]);
    let mut st = sim.new_state();
    sim.start(&mut st, 1, Seat::First);
    sim.apply(&mut st, Action::Keep).unwrap();
    let card = hand(&st)[0];
    let e = sim
        .apply(
            &mut st,
            Action::Play {
                card,
                target: None,
                row: None,
            },
        )
        .unwrap_err();
    assert!(
        e.to_string().contains("costs 3 Energy and you have 1"),
        "{e}"
    );
    let e = sim
        .apply(&mut st, Action::Attack { card, target: None })
        .unwrap_err();
    assert_eq!(e.rule, "FZ phases");
    let e = sim.apply(&mut st, Action::Mulligan).unwrap_err();
    assert_eq!(e.rule, "FZ phases");
}

#[test]
fn unmodelled_cards_are_named() {
    let mut lynx = hero("Lynx", 3, 9, 10, &["bridge"]);
    lynx.fields
        .insert("rarity".into(), FieldValue::Text("rare".into()));
    lynx.text = Some("Bridge. On Kill: steal a card.".into());
    assert!(cards::read(&lynx).reason().is_some());
    assert!(
        cards::read(&hero("Boar", 3, 10, 9, &["rush"]))
            .reason()
            .is_none()
    );
    let mut ev = Card::new("Verdict", "event");
    ev.text = Some("KO target enemy Hero with 6 HP or less.".into());
    assert!(cards::read(&ev).reason().is_none(), "The Verdict is played");
}

/// FZ §6.2: with `mulligan_hand = same-size` the second player redraws 6.
#[test]
fn fz_6_2_same_size_mulligan() {
    let sim = sim_with(
        &[(hero("A", 1, 5, 5, &[]), 30)],
        &[("mulligan_hand", "same-size")],
    );
    let mut st = sim.new_state();
    sim.deal(&mut st, 3, Seat::Second);
    sim.take_mulligan(&mut st, 0);
    assert_eq!(hand(&st).len(), 6);
}

/// FZ §6.5: with `settled_heroes_attack` a Hero Settled to the Altar the
/// turn it is played attacks at once, so vanilla 1-drops kill like Rush:
/// 5, 10 (15), 15 (30), 15 (45) on turn 4.
#[test]
fn fz_6_5_settled_heroes_attack_option() {
    let sim = sim_with(
        &[(hero("A", 1, 5, 5, &[]), 30)],
        &[("settled_heroes_attack", "true")],
    );
    assert_eq!(run(&sim, 2, Seat::First).0, Outcome::Win { turn: 4 });
}

/// FZ §6.7: with `burn_every_turn = false`, Burn 2 on a 4-HP Hero only
/// ticks at its owner's turn end: it survives to attack once (5 damage)
/// before the second tick KOs it.
#[test]
fn fz_6_7_burn_on_own_turns_only() {
    let sim = sim_with(
        &[(hero("B", 1, 5, 4, &["burn 2"]), 30)],
        &[("burn_every_turn", "false")],
    );
    let (o, st) = run(&sim, 3, Seat::First);
    assert!(matches!(o, Outcome::Win { .. }), "{o:?}");
    assert!(st.core.trace.turns.iter().all(|t| t.damage <= 5));
}

/// FZ §6.10: the Decode skip applies only to the first player's turn 1,
/// unless `decode_skip = both-players-turn-1`.
#[test]
fn fz_6_10_decode_skip() {
    for (option, want) in [("first-player-turn-1", 7), ("both-players-turn-1", 6)] {
        let sim = sim_with(&[(hero("A", 5, 5, 5, &[]), 30)], &[("decode_skip", option)]);
        let mut st = sim.new_state();
        sim.start(&mut st, 1, Seat::Second);
        sim.apply(&mut st, Action::Keep).unwrap();
        assert_eq!(hand(&st).len(), want, "{option}");
    }
}

/// The same seed gives the same hands as before the port: the deal and the
/// mulligan read the generator exactly as the old engine did (test hands
/// and the odds cross-check depend on it).
#[test]
fn deals_are_stable() {
    let cards: Vec<(Card, u16)> = (0..10)
        .map(|i| (hero(&format!("H{i}"), 1, 4, 4, &[]), 3))
        .collect();
    let sim = sim_of(&cards);
    let mut st = sim.new_state();
    sim.deal(&mut st, 42, Seat::First);
    let names = |st: &State| -> Vec<String> {
        hand(st)
            .iter()
            .map(|&c| sim.copy_name(c).to_string())
            .collect()
    };
    let first = names(&st);
    // the old engine: copies 0..30 in order, one Fisher-Yates shuffle, five
    // cards off the top
    let mut order: Vec<u16> = (0..30).collect();
    let mut rng = crate::engine::rng(42);
    for i in (1..order.len()).rev() {
        let j = crate::engine::core::below(&mut rng, i as u32 + 1) as usize;
        order.swap(i, j);
    }
    let want: Vec<String> = order
        .iter()
        .rev()
        .take(5)
        .map(|&c| sim.copy_name(c).to_string())
        .collect();
    assert_eq!(first, want);
}

mod sample {
    use super::super::cards::*;
    use crate::engine::effect::catalog::abilities;
    use crate::model::Effect;

    /// The sample catalog's cards as they were once described by hand, in
    /// the catalog's flat `effects` keys, before the grammar read their text.
    const HAND_WRITTEN: &[(&str, &str)] = &[
        ("Grand Fluffmonarch", r#"[{ on = "deploy", damage = 3 }]"#),
        ("The Oracle Moth", r#"[{ on = "deploy", draw = 2 }]"#),
        ("Thunderfluff Brawler", r#"[{ on = "hit", damage = 1 }]"#),
        (
            "Sage of Quiet Fur",
            r#"[{ on = "deploy", draw = 1, energy = 1 }]"#,
        ),
        ("Riddle Fox", r#"[{ on = "hit", draw = 1 }]"#),
        (
            "Patient Heron",
            r#"[{ on = "activate", pay = 1, life = 2 }]"#,
        ),
        ("Sparkfang Weasel", r#"[{ on = "hit", damage = 1 }]"#),
        ("Tealeaf Kitten", r#"[{ on = "deploy", draw = 1 }]"#),
        ("Ledger Owl", r#"[{ on = "deploy", energy = 1 }]"#),
        ("Fuzzy Gauntlets", r#"[{ on = "passive", atk = 2 }]"#),
        ("Altar of Embers", r#"[{ on = "turn-end", damage = 1 }]"#),
        ("Library of Paws", r#"[{ on = "turn-start", draw = 1 }]"#),
        ("Pounce!", r#"[{ on = "deploy", damage = 2 }]"#),
        ("Fated Strike", r#"[{ on = "deploy", damage = 4 }]"#),
        ("Sudden Insight", r#"[{ on = "deploy", draw = 2 }]"#),
        ("Diamond Hands", r#"[{ on = "deploy", energy = 1 }]"#),
        ("Fuzzy Ambush", r#"[{ on = "deploy", draw = 1 }]"#),
    ];

    /// The printed text of every sample card reads into (at least) the
    /// abilities its hand-written description gave: the engine plays the
    /// card as printed.
    #[test]
    fn the_grammar_reads_what_the_hand_written_effects_said() {
        let cat = crate::catalog::load(
            &std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("resources/catalogs/fuzzycards.toml"),
        )
        .unwrap()
        .catalog;
        #[derive(serde::Deserialize)]
        struct Row {
            effects: Vec<Effect>,
        }
        for (name, effects) in HAND_WRITTEN {
            let card = cat.cards.iter().find(|c| c.name == *name).unwrap();
            assert!(card.effects.is_empty(), "{name}: plays from its text");
            let row: Row = toml::from_str(&format!("effects = {effects}")).unwrap();
            let read = read(card).abilities;
            let flat = if kind_of(card) == Kind::Equip {
                FLAT_EQUIP
            } else {
                FLAT
            };
            for want in abilities(&row.effects, flat) {
                assert!(
                    read.iter().any(|a| a.trigger == want.trigger
                        && a.costs == want.costs
                        && a.condition == want.condition
                        && want.steps.iter().all(|s| a
                            .steps
                            .iter()
                            .any(|t| t.verb == s.verb && t.target == s.target))),
                    "{name}: {want:?} is not in the reading {read:?}"
                );
            }
        }
    }
}

/// Issue 27: Settle moves cards freely, and a swapped pair swapped back
/// holds the same cards in another order (the card that leaves a row goes
/// to its end). A searching player that takes a swap the seat could undo
/// with its next move hung a match (two searches swapped the same two
/// Heroes back and forth: the same view, the same search); the check sees
/// the same cards in the same rows as the same position, whatever their
/// order.
#[test]
fn a_swap_the_seat_can_swap_back_is_undoable_whatever_the_order() {
    use crate::engine::core::At;
    use crate::engine::search::{seen, undoable};
    let sim = sim_of(&[
        (hero("Rabbit", 1, 3, 3, &[]), 10),
        (hero("Cub", 1, 3, 3, &[]), 10),
        (hero("Bear", 1, 3, 3, &[]), 10),
    ]);
    let mut st = sim.new_state();
    sim.start(&mut st, 5, Seat::First);
    while matches!(st.phase, Phase::Mulligan { .. }) {
        sim.apply(&mut st, Action::Keep).unwrap();
    }
    let mut put = |name: &str, row: Zone| -> u16 {
        let c = *st
            .core
            .zones
            .get(z(0, Zone::Scroll))
            .iter()
            .find(|&&c| sim.copy_name(c) == name)
            .unwrap();
        st.core
            .zones
            .move_copy(z(0, Zone::Scroll), c, z(0, row), At::Top);
        st.flags[usize::from(c)] &= !FRESH;
        c
    };
    let rabbit = put("Rabbit", Zone::Altar);
    put("Bear", Zone::Altar);
    let cub = put("Cub", Zone::Vault);
    put("Bear", Zone::Vault);
    st.phase = Phase::Settle;
    let swap = Action::Move {
        card: rabbit,
        with: Some(cub),
    };
    let mut legal = Vec::new();
    sim.legal_actions(&st, &mut legal);
    assert!(legal.contains(&swap), "{legal:?}");
    let mut back = st.clone();
    sim.apply(&mut back, swap).unwrap();
    sim.apply(
        &mut back,
        Action::Move {
            card: cub,
            with: Some(rabbit),
        },
    )
    .unwrap();
    assert_ne!(
        seen(&sim, &back, 0),
        seen(&sim, &st, 0),
        "swapped back, the rows read in another order"
    );
    assert!(undoable(&sim, &st, swap));
    // ending Settle cannot be taken back
    assert!(!undoable(&sim, &st, Action::Next));
}

/// Issue 27: the quick player's Settle ends from any arrangement of the
/// rows (its plan reads the rows as they are: a plan that changed with the
/// arrangement would move cards back and forth for ever). Random Settle
/// moves scramble the rows, and a low Life brings the other side's lethal
/// attacks into the plan, before the quick player settles: both seats,
/// many games.
#[test]
fn fz_ai_quick_settle_ends_from_any_arrangement() {
    use crate::engine::core::below;
    let cards: [(Card, u16); 5] = [
        (hero("Rabbit", 1, 6, 4, &[]), 8),
        (hero("Cub", 1, 5, 4, &[]), 8),
        (hero("Bear", 2, 7, 6, &[]), 6),
        (hero("Wall", 2, 2, 9, &["guard"]), 4),
        (hero("Hare", 1, 4, 3, &["rush"]), 4),
    ];
    let mut cat = Catalog::new(GameId::Fuzzycards, "t");
    let mut deck = Vec::new();
    for (i, (c, n)) in cards.iter().enumerate() {
        cat.cards.push(c.clone());
        deck.extend(std::iter::repeat_n(i as u16, usize::from(*n)));
    }
    let cards = DeckCards { cards: deck };
    let side = || DeckSide {
        catalog: &cat,
        cards: &cards,
    };
    let sim = Fuzzycards::new(side(), Some(side()), Options::read(&[]).unwrap(), 40);
    let mut scramble = crate::engine::rng(7);
    let mut legal = Vec::new();
    let mut settles = 0;
    for seed in 0..1_000 {
        let mut st = sim.new_state();
        sim.start(&mut st, seed, Seat::First);
        let mut scrambled = None;
        let mut run = 0;
        for _ in 0..5_000 {
            if sim.outcome(&st).is_some() {
                break;
            }
            if st.phase == Phase::Settle && scrambled != Some(st.core.turns) {
                scrambled = Some(st.core.turns);
                // a low Life makes the other side's attacks lethal: the
                // plan then weighs blockers against attackers
                let p = st.core.active;
                st.core.life[p] = st.core.life[p].min(1 + below(&mut scramble, 12) as i32);
                for _ in 0..below(&mut scramble, 4) {
                    sim.legal_actions(&st, &mut legal);
                    legal.retain(|a| matches!(a, Action::Move { .. }));
                    if legal.is_empty() {
                        break;
                    }
                    let a = legal[below(&mut scramble, legal.len() as u32) as usize];
                    sim.apply(&mut st, a).unwrap();
                }
                settles += 1;
            }
            let a = sim.policy(&st, Level::Quick);
            if st.phase == Phase::Settle {
                run += 1;
                assert!(run <= 12, "seed {seed}: Settle goes on: {a:?}");
            } else {
                run = 0;
            }
            sim.apply(&mut st, a).unwrap();
        }
    }
    assert!(settles > 4_000, "{settles} Settle phases scrambled");
}

/// FZ §6.16 (I. LIQUIDATION, "0 OR BELOW. GAME OVER."): a position where
/// a seat has 0 Life or less and the game goes on is refused at the line
/// of that Life, as Dice of Destiny refuses it; 1 Life is a game going on.
#[test]
fn fz_6_16_a_seat_at_0_life_is_refused() {
    let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/scenarios/fuzzycards/refused.toml");
    let position = |b_life: i64| {
        format!(
            "game = \"fuzzycards\"\ncatalog = \"cards.toml\"\nseed = 1\nturn = 3\nactive = \"a\"\n\n\
             [seat.a]\nlife = 20\naltar = [\"Steady Badger\"]\ndeck = [\"Filler Pup\"]\n\n\
             [seat.b]\naltar = [\"Filler Pup\"]\nlife = {b_life}\ndeck = [\"Filler Pup\"]\n"
        )
    };
    let start = |text: &str| {
        let sc = crate::scenario::parse(&file, text).unwrap();
        let catalog = crate::catalog::load(&sc.catalog).unwrap().catalog;
        crate::scenario::start(&sc, &catalog).map(|_| ())
    };
    assert!(start(&position(1)).is_ok());
    for life in [0, -4] {
        let e = start(&position(life)).unwrap_err();
        assert_eq!(e.line, 14, "{e}");
        assert!(
            e.message
                .contains(&format!("seat b has {life} life: the game would be over")),
            "{e}"
        );
    }
}

/// FZ §4 (Relics, issue 50 item 4): an Equip Relic's own "Activate: pay 1
/// Energy to deal 5 damage to your opponent's Life." is a move the goldfish
/// and the quick player make. One 1-cost ATK 5 Hero and 29 such Relics
/// (cost 1): the Relics go on the Hero and are used, so the kill comes
/// sooner than with the same Relic without its Activate (which races no
/// better than the Hero alone: turn 8), and the opponent's Life is dealt
/// damage no attack dealt.
#[test]
fn fz_4_an_equip_relics_activate_is_used_by_the_goldfish_and_quick() {
    let relic = |text: &str| {
        let mut g = Card::new("Zap Charm", "relic");
        g.cost = Some(1);
        g.fields
            .insert("relic".into(), FieldValue::Text("equip".into()));
        g.text = Some(text.into());
        g
    };
    let with = sim_of(&[
        (hero("A", 1, 5, 5, &[]), 1),
        (
            relic("Equip. Activate: pay 1 Energy to deal 5 damage to your opponent's Life."),
            29,
        ),
    ]);
    let without = sim_of(&[(hero("A", 1, 5, 5, &[]), 1), (relic("Equip."), 29)]);
    let turn = |o: Outcome| match o {
        Outcome::Win { turn } => turn,
        other => panic!("{other:?}"),
    };
    for level in [Level::Goldfish, Level::Quick] {
        let mut games = 0;
        for seed in 0..200 {
            let mut st = with.new_state();
            with.deal(&mut st, seed, Seat::First);
            if !hand(&st).iter().any(|&c| with.def(c).kind == Kind::Hero) {
                continue;
            }
            let mut a = with.new_state();
            let fast = turn(play_out(&with, &mut a, seed, Seat::First, [level; 2]).unwrap());
            let mut b = without.new_state();
            let slow = turn(play_out(&without, &mut b, seed, Seat::First, [level; 2]).unwrap());
            assert!(
                fast < slow,
                "{level:?} seed {seed}: turn {fast}, without {slow}"
            );
            assert!(
                !a.core.zones.is_empty(z(0, Zone::Equipped)),
                "{level:?} seed {seed}: no Relic equipped"
            );
            games += 1;
        }
        assert!(games > 20, "{games}");
    }
}
