//! Bizarre World, rule by rule (rulebook lines, rules-notes BW), goldfish
//! kill turns by hand, and two-player battles — the rulebook's own worked
//! example among them. Cards are made here from their printed ability boxes:
//! the engine reads them.

use deckwright::engine::DeckCards;
use deckwright::engine::bizarre::{Action, BizarreWorld, Options, Phase, State, Zone, z};
use deckwright::engine::core::{At, Outcome, Seat};
use deckwright::engine::game::{Level, Rules, play_out};
use deckwright::engine::session::DeckSide;
use deckwright::model::{Card, Catalog, FieldValue, GameId};

/// A creature from its generator boxes: (passive, active cost, active).
fn creature(name: &str, cost: i64, resource: &str, boxes: [&str; 3]) -> Card {
    let mut c = Card::new(name, "creature");
    c.cost = Some(cost);
    c.fields
        .insert("resource".into(), FieldValue::Text(resource.into()));
    for (k, v) in ["passive", "active_cost", "active"].iter().zip(boxes) {
        if !v.is_empty() {
            c.fields.insert((*k).into(), FieldValue::Text(v.into()));
        }
    }
    c
}

/// Player 0's and player 1's decks as (card, copies); an empty second deck
/// is the passive goldfish opponent.
fn game(mine: &[(Card, u16)], theirs: &[(Card, u16)], overrides: &[(&str, &str)]) -> BizarreWorld {
    let mut cat = Catalog::new(GameId::BizarreWorld, "t");
    let mut deck = |cards: &[(Card, u16)]| {
        let mut d = Vec::new();
        for (c, n) in cards {
            let i = match cat.cards.iter().position(|x| x.name == c.name) {
                Some(i) => i,
                None => {
                    cat.cards.push(c.clone());
                    cat.cards.len() - 1
                }
            };
            d.extend(std::iter::repeat_n(i as u16, usize::from(*n)));
        }
        DeckCards { cards: d }
    };
    let (a, b) = (deck(mine), deck(theirs));
    let opts = Options::read(
        &overrides
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect::<Vec<_>>(),
    )
    .unwrap();
    BizarreWorld::new(
        DeckSide {
            catalog: &cat,
            cards: &a,
        },
        (!theirs.is_empty()).then_some(DeckSide {
            catalog: &cat,
            cards: &b,
        }),
        opts,
        40,
    )
    .unwrap()
}

/// Lets a passive seat take its decisions.
fn settle(g: &BizarreWorld, st: &mut State) {
    while st.core.outcome.is_none() && g.passive(st, g.to_act(st)) {
        let a = g.pass(st);
        g.apply(st, a).unwrap();
    }
}

fn rock(n: u8, gain: u8, cost: i64) -> Card {
    creature(
        "Lazy Rock",
        cost,
        "none",
        [
            "",
            &format!("Exhaust {n} resources."),
            &format!("Gain {gain} attack."),
        ],
    )
}

/// 36 Lazy Rocks (cost 2; exhaust 2: gain 2 ⚔): a Long Duel, 20 life. By
/// hand, going first: turn 1 holds 6 cards, keeps one Rock and sacrifices 5
/// (no attack on the first turn); then one card a turn is sacrificed: 6
/// resources on turn 2 (3 uses, 6 ⚔), 7 on turn 3 (6 ⚔, 12), 8 on turn 4
/// (8 ⚔, 20). Kill turn 4.
#[test]
fn bw_goldfish_converter_kill_turn_by_hand() {
    let g = game(&[(rock(2, 2, 2), 36)], &[], &[]);
    assert_eq!(g.life, [20, 20]);
    for seed in 0..10 {
        let mut st = g.new_state();
        let o = play_out(&g, &mut st, seed, Seat::First, [Level::Goldfish; 2]).unwrap();
        assert_eq!(o, Outcome::Win { turn: 4 });
        assert_eq!(
            st.core
                .trace
                .turns
                .iter()
                .map(|t| t.damage)
                .collect::<Vec<_>>(),
            vec![0, 6, 6, 8]
        );
    }
}

#[test]
fn bw_6_1_no_attack_on_the_starting_players_first_turn() {
    let g = game(&[(rock(1, 2, 1), 20)], &[], &[]);
    let mut st = g.new_state();
    g.start(&mut st, 1, Seat::First);
    let hand = st.core.zones.get(z(0, Zone::Hand)).to_vec();
    for &c in &hand[1..] {
        g.apply(&mut st, Action::Sacrifice { card: c }).unwrap();
    }
    g.apply(&mut st, Action::Next).unwrap();
    g.apply(&mut st, Action::Play { card: hand[0] }).unwrap();
    g.apply(
        &mut st,
        Action::Activate {
            card: hand[0],
            ability: 0,
        },
    )
    .unwrap();
    assert_eq!(st.attack[0], 2);
    assert_eq!(
        g.apply(&mut st, Action::Attack).unwrap_err().rule,
        "BW first turn"
    );
    g.invariants(&st).unwrap();
    // each-player also bans the second player's first turn
    for (option, banned) in [("starting-player", false), ("each-player", true)] {
        let g = game(
            &[(rock(1, 2, 1), 20)],
            &[],
            &[("first_turn_attack_ban", option)],
        );
        let mut st = g.new_state();
        g.start(&mut st, 1, Seat::Second);
        settle(&g, &mut st);
        assert_eq!(g.attack_banned(&st), banned, "{option}");
    }
}

/// The loop guard: an if-hand-empty draw with no cost repeats only while the
/// deck has cards; with the deck empty it is used once, then refused.
#[test]
fn bw_loop_guard_bounds_cost_free_abilities() {
    let printer = creature(
        "Printer",
        0,
        "neutral",
        [
            "",
            "You have 0 cards in hand.",
            "Gain 1 attack and draw 1 card.",
        ],
    );
    let g = game(&[(printer, 18)], &[], &[]);
    for seed in 0..5 {
        let mut st = g.new_state();
        let o = play_out(&g, &mut st, seed, Seat::Second, [Level::Goldfish; 2]).unwrap();
        assert!(matches!(o, Outcome::Win { .. }), "{o:?}");
        g.invariants(&st).unwrap();
    }
    let mut st = g.new_state();
    g.start(&mut st, 1, Seat::Second);
    settle(&g, &mut st);
    g.apply(&mut st, Action::Next).unwrap();
    let hand = st.core.zones.get(z(0, Zone::Hand)).to_vec();
    for &c in &hand {
        g.apply(&mut st, Action::Play { card: c }).unwrap();
    }
    while let Some(c) = st.core.zones.top(z(0, Zone::Deck)) {
        st.core
            .zones
            .move_copy(z(0, Zone::Deck), c, z(0, Zone::Discard), At::Top);
    }
    g.apply(
        &mut st,
        Action::Activate {
            card: hand[0],
            ability: 0,
        },
    )
    .unwrap();
    let e = g
        .apply(
            &mut st,
            Action::Activate {
                card: hand[0],
                ability: 0,
            },
        )
        .unwrap_err();
    assert_eq!(e.rule, "loop guard");
}

#[test]
fn bw_special_costs_take_only_their_resource() {
    let coin = creature(
        "Coin",
        0,
        "coin",
        ["This creature can be exhausted as a Coin resource.", "", ""],
    );
    let hungry = creature(
        "Hungry",
        0,
        "none",
        ["", "Exhaust 1 Coin resource.", "Gain 3 attack."],
    );
    let g = game(&[(coin, 9), (hungry, 9)], &[], &[]);
    let named = |st: &State, name: &str| {
        st.core
            .zones
            .get(z(0, Zone::Hand))
            .iter()
            .copied()
            .find(|&c| g.copy_name(c) == name)
    };
    let mut st = g.new_state();
    let (h, c) = (0..100)
        .find_map(|seed| {
            g.start(&mut st, seed, Seat::First);
            Some((named(&st, "Hungry")?, named(&st, "Coin")?))
        })
        .expect("a seed deals both cards");
    let other = *st
        .core
        .zones
        .get(z(0, Zone::Hand))
        .iter()
        .find(|&&x| x != h && x != c)
        .unwrap();
    g.apply(&mut st, Action::Sacrifice { card: other }).unwrap();
    g.apply(&mut st, Action::Next).unwrap();
    g.apply(&mut st, Action::Play { card: h }).unwrap();
    let e = g
        .apply(
            &mut st,
            Action::Activate {
                card: h,
                ability: 0,
            },
        )
        .unwrap_err();
    assert!(e.message.contains("coin resources"), "{e}");
    g.apply(&mut st, Action::Play { card: c }).unwrap();
    g.apply(
        &mut st,
        Action::Activate {
            card: h,
            ability: 0,
        },
    )
    .unwrap();
    assert_eq!(st.attack[0], 3);
    assert!(st.exhausted[usize::from(c)]);
    assert!(
        !st.exhausted[usize::from(other)],
        "the neutral resource stays unexhausted"
    );
}

#[test]
fn bw_d2_deck_size_sets_life_or_is_an_error() {
    assert_eq!(game(&[(rock(1, 2, 1), 20)], &[], &[]).life[0], 10);
    assert_eq!(game(&[(rock(1, 2, 1), 30)], &[], &[]).life[0], 15);
    let mut cat = Catalog::new(GameId::BizarreWorld, "t");
    cat.cards.push(rock(1, 2, 1));
    let e = BizarreWorld::new(
        DeckSide {
            catalog: &cat,
            cards: &DeckCards { cards: vec![0; 10] },
        },
        None,
        Options::read(&[]).unwrap(),
        40,
    )
    .unwrap_err();
    assert!(e.contains("10 cards"), "{e}");
    // two decks: deck A's duel for both by default, each its own with own-deck
    let both = game(&[(rock(1, 2, 1), 20)], &[(rock(1, 2, 1), 36)], &[]);
    assert_eq!(both.life, [10, 10]);
    let own = game(
        &[(rock(1, 2, 1), 20)],
        &[(rock(1, 2, 1), 36)],
        &[("duel_format", "own-deck")],
    );
    assert_eq!(own.life, [10, 20]);
}

#[test]
fn bw_6_3_deck_out_draws_nothing_or_loses() {
    let dud = creature("Dud", 9, "none", ["", "", ""]);
    let g = game(&[(dud.clone(), 18)], &[], &[]);
    let mut st = g.new_state();
    assert_eq!(
        play_out(&g, &mut st, 1, Seat::First, [Level::Goldfish; 2]).unwrap(),
        Outcome::Unfinished { turn: 40 }
    );
    let g = game(&[(dud, 18)], &[], &[("deck_out", "lose")]);
    let mut st = g.new_state();
    // 5 in hand, 13 draws: turn 14 finds the deck empty
    assert_eq!(
        play_out(&g, &mut st, 1, Seat::First, [Level::Goldfish; 2]).unwrap(),
        Outcome::Loss {
            turn: 14,
            reason: "deck out"
        }
    );
}

#[test]
fn bw_sleepy_creatures_enter_play_exhausted() {
    let sleepy = creature(
        "Sleepy",
        0,
        "none",
        ["This creature enters play exhausted.", "", "Gain 1 attack."],
    );
    let g = game(&[(sleepy, 20)], &[], &[]);
    let mut st = g.new_state();
    g.start(&mut st, 1, Seat::Second);
    settle(&g, &mut st);
    g.apply(&mut st, Action::Next).unwrap();
    let c = st.core.zones.get(z(0, Zone::Hand))[0];
    g.apply(&mut st, Action::Play { card: c }).unwrap();
    let e = g
        .apply(
            &mut st,
            Action::Activate {
                card: c,
                ability: 0,
            },
        )
        .unwrap_err();
    assert_eq!(e.rule, "BW Exhausted");
}

#[test]
fn bw_it_is_tuesday_is_a_named_option() {
    let alien = creature(
        "Alien of Tuesdays",
        0,
        "none",
        ["", "It is Tuesday.", "Gain 4 attack."],
    );
    for (tuesday, ok) in [("false", false), ("true", true)] {
        let g = game(&[(alien.clone(), 20)], &[], &[("it_is_tuesday", tuesday)]);
        let mut st = g.new_state();
        g.start(&mut st, 1, Seat::First);
        g.apply(&mut st, Action::Next).unwrap();
        let c = st.core.zones.get(z(0, Zone::Hand))[0];
        g.apply(&mut st, Action::Play { card: c }).unwrap();
        let r = g.apply(
            &mut st,
            Action::Activate {
                card: c,
                ability: 0,
            },
        );
        assert_eq!(r.is_ok(), ok, "{tuesday}: {r:?}");
    }
}

#[test]
fn bw_losing_life_and_the_opponent_drawing() {
    let cursed = creature(
        "Cursed",
        0,
        "none",
        ["At the start of your turn, lose 1 life.", "", ""],
    );
    let gift = creature(
        "Gift",
        0,
        "none",
        [
            "",
            "Kill this.",
            "Gain 3 attack. Your opponent draws 1 card.",
        ],
    );
    let g = game(&[(cursed, 10), (gift, 10)], &[(rock(1, 2, 1), 20)], &[]);
    let mut st = g.new_state();
    g.start(&mut st, 3, Seat::First);
    g.apply(&mut st, Action::Next).unwrap();
    let hand = st.core.zones.get(z(0, Zone::Hand)).to_vec();
    for &c in &hand {
        g.apply(&mut st, Action::Play { card: c }).unwrap();
    }
    let theirs = st.core.zones.len(z(1, Zone::Hand));
    let gift = *st
        .core
        .zones
        .get(z(0, Zone::Play))
        .iter()
        .find(|&&c| g.copy_name(c) == "Gift")
        .expect("a Gift in the opening hand of seed 3");
    g.apply(
        &mut st,
        Action::Activate {
            card: gift,
            ability: 0,
        },
    )
    .unwrap();
    assert_eq!(
        st.core.zones.len(z(1, Zone::Hand)),
        theirs + 1,
        "the opponent drew"
    );
    assert!(
        st.core.zones.contains(z(0, Zone::Discard), gift),
        "killed as the cost"
    );
    // a Cursed creature in play takes 1 life at the start of its owner's turn
    let cursed = creature(
        "Cursed",
        0,
        "none",
        ["At the start of your turn, lose 1 life.", "", ""],
    );
    let g = game(&[(cursed, 20)], &[], &[]);
    let mut st = g.new_state();
    g.start(&mut st, 3, Seat::First);
    g.apply(&mut st, Action::Next).unwrap();
    let hand = st.core.zones.get(z(0, Zone::Hand)).to_vec();
    for &c in &hand {
        g.apply(&mut st, Action::Play { card: c }).unwrap();
    }
    let life = st.core.life[0];
    g.apply(&mut st, Action::Next).unwrap();
    settle(&g, &mut st);
    assert_eq!(st.core.life[0], life - hand.len() as i32);
}

/// The rulebook's worked example (L175-193): Steve attacks Steve2.
#[test]
fn bw_battle_the_rulebooks_worked_example() {
    let rock = creature(
        "Boring Rock of Minimum Wage",
        1,
        "none",
        ["", "Exhaust 1 resource.", "Gain 2 attack."],
    );
    let alien = creature(
        "Boring Alien of Sacrifice",
        1,
        "none",
        ["", "Kill this.", "Gain 4 attack."],
    );
    let printer = creature(
        "Boring Penny Printer of Emptiness",
        1,
        "neutral",
        ["", "You have 0 cards in hand.", "Draw 1 card."],
    );
    let gift = creature(
        "Boring Gift of Minimum Wage",
        1,
        "none",
        [
            "",
            "Exhaust 1 resource.",
            "Gain 3 attack. Your opponent draws 1 card.",
        ],
    );
    let g = game(
        &[(rock.clone(), 6), (alien.clone(), 6), (printer.clone(), 6)],
        &[(gift.clone(), 18)],
        &[],
    );
    let mut st = g.new_state();
    g.start(&mut st, 5, Seat::First);
    // set the table by hand: Steve's Rock, Alien and Printer in play with a
    // face-down resource, Steve2's Gift in play with one resource, turn 2
    let take = |st: &mut State, p: usize, name: &str, to: Zone| {
        let c = <deckwright::engine::bizarre::Z as deckwright::engine::core::ZoneId>::all()
            .filter(|zz| zz.player == p as u8)
            .flat_map(|zz| {
                st.core
                    .zones
                    .get(zz)
                    .to_vec()
                    .into_iter()
                    .map(move |c| (zz, c))
            })
            .find(|&(zz, c)| g.copy_name(c) == name && zz.pile != to)
            .unwrap();
        st.core.zones.move_copy(c.0, c.1, z(p, to), At::Top);
        c.1
    };
    let r = take(&mut st, 0, "Boring Rock of Minimum Wage", Zone::Play);
    let a = take(&mut st, 0, "Boring Alien of Sacrifice", Zone::Play);
    let pr = take(&mut st, 0, "Boring Penny Printer of Emptiness", Zone::Play);
    take(&mut st, 0, "Boring Rock of Minimum Wage", Zone::Resources);
    let gi = take(&mut st, 1, "Boring Gift of Minimum Wage", Zone::Play);
    take(&mut st, 1, "Boring Gift of Minimum Wage", Zone::Resources);
    while let Some(c) = st.core.zones.top(z(0, Zone::Hand)) {
        st.core
            .zones
            .move_copy(z(0, Zone::Hand), c, z(0, Zone::Discard), At::Top);
    }
    st.core.turns[0] = 2; // not the first turn
    st.phase = Phase::Main;
    // 1. Steve: Rock (exhaust 1: 2), Alien (kill: 4), Printer (0 in hand: draw 1)
    g.apply(
        &mut st,
        Action::Activate {
            card: r,
            ability: 0,
        },
    )
    .unwrap();
    g.apply(
        &mut st,
        Action::Activate {
            card: a,
            ability: 0,
        },
    )
    .unwrap();
    g.apply(
        &mut st,
        Action::Activate {
            card: pr,
            ability: 0,
        },
    )
    .unwrap();
    assert_eq!(st.attack[0], 6);
    // 2. all 6 spent; the Rock is a source, the Printer added nothing, the Alien is dead
    g.apply(&mut st, Action::Attack).unwrap();
    assert_eq!(st.phase, Phase::Respond);
    assert_eq!(st.battle.sources, vec![(r, 2)]);
    // 3. Steve2 answers with the Gift: 3 ⚔ (and Steve draws 1)
    assert_eq!(g.to_act(&st), 1);
    g.apply(
        &mut st,
        Action::Activate {
            card: gi,
            ability: 0,
        },
    )
    .unwrap();
    let life = st.core.life[1];
    g.apply(&mut st, Action::Next).unwrap();
    // 4. Steve puts 3 on the Gift (killed) and 3 on Steve2's life
    assert!(st.core.zones.contains(z(1, Zone::Discard), gi));
    assert_eq!(st.core.life[1], life - 3);
    // 5. Steve2 puts 2 on the Rock (killed); 1 is wasted
    assert!(st.core.zones.contains(z(0, Zone::Discard), r));
    assert_eq!(st.core.life[0], g.life[0] as i32);
    assert_eq!(st.phase, Phase::Main);
    g.invariants(&st).unwrap();
}

#[test]
fn bw_a_lazy_creature_cannot_answer_an_attack() {
    let lazy = creature(
        "Lazy",
        0,
        "none",
        [
            "This creature cannot use its ability in response to an attack.",
            "Exhaust 1 resource.",
            "Gain 2 attack.",
        ],
    );
    let g = game(&[(rock(1, 2, 0), 20)], &[(lazy, 20)], &[]);
    let mut st = g.new_state();
    g.start(&mut st, 2, Seat::First);
    let r = st.core.zones.get(z(0, Zone::Hand))[0];
    st.core
        .zones
        .move_copy(z(0, Zone::Hand), r, z(0, Zone::Play), At::Top);
    let res = st.core.zones.get(z(0, Zone::Hand))[0];
    st.core
        .zones
        .move_copy(z(0, Zone::Hand), res, z(0, Zone::Resources), At::Top);
    let l = st.core.zones.get(z(1, Zone::Hand))[0];
    st.core
        .zones
        .move_copy(z(1, Zone::Hand), l, z(1, Zone::Play), At::Top);
    let lres = st.core.zones.get(z(1, Zone::Hand))[0];
    st.core
        .zones
        .move_copy(z(1, Zone::Hand), lres, z(1, Zone::Resources), At::Top);
    st.core.turns[0] = 2;
    st.phase = Phase::Main;
    g.apply(
        &mut st,
        Action::Activate {
            card: r,
            ability: 0,
        },
    )
    .unwrap();
    g.apply(&mut st, Action::Attack).unwrap();
    // nobody can answer: the battle is fought at once
    assert_eq!(st.phase, Phase::Main);
    assert_eq!(st.core.life[1], g.life[1] as i32 - 2);
}

#[test]
fn bw_d1_random_decks_play_only_random_decks() {
    let mut random = rock(1, 2, 1);
    random
        .fields
        .insert("origin".into(), FieldValue::Text("random".into()));
    random.name = "Random Rock".into();
    let mut cat = Catalog::new(GameId::BizarreWorld, "t");
    cat.cards.push(rock(1, 2, 1));
    cat.cards.push(random);
    let crafted = DeckCards { cards: vec![0; 20] };
    let randoms = DeckCards { cards: vec![1; 20] };
    let e = BizarreWorld::new(
        DeckSide {
            catalog: &cat,
            cards: &randoms,
        },
        Some(DeckSide {
            catalog: &cat,
            cards: &crafted,
        }),
        Options::read(&[]).unwrap(),
        40,
    )
    .unwrap_err();
    assert!(e.contains("BW-D1"), "{e}");
}

#[test]
fn bw_two_player_games_end_with_a_winner_and_keep_every_card() {
    let g = game(
        &[
            (rock(1, 2, 1), 15),
            (
                creature("Alien", 1, "none", ["", "Kill this.", "Gain 4 attack."]),
                15,
            ),
        ],
        &[(rock(2, 3, 2), 30)],
        &[],
    );
    let mut st = g.new_state();
    let mut won = [0; 2];
    for seed in 0..200 {
        let o = play_out(&g, &mut st, seed, Seat::First, [Level::Quick; 2]).unwrap();
        g.invariants(&st).unwrap();
        match o.winner() {
            Some(p) => won[p] += 1,
            None => panic!("{o:?}"),
        }
    }
    assert!(won[0] > 0 && won[1] > 0, "{won:?}");
}
