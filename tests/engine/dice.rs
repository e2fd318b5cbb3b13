//! Dice of Destiny, two players, rule by rule (rulebook sections, rules-notes
//! DD), and goldfish kill turns computed by hand for decks whose choices are
//! forced. Cards are made here from their printed text: the engine reads it.

use deckwright::engine::core::{Outcome, Seat, Seated};
use deckwright::engine::dice::{Action, DiceOfDestiny, Options, Phase, State, Zone, z};
use deckwright::engine::game::{Level, Rules, play_out};
use deckwright::engine::session::DeckSide;
use deckwright::engine::{DeckCards, game_seed};
use deckwright::model::{Card, Catalog, FieldValue, GameId};

/// A catalog of cards given by (name, type, text).
pub(crate) fn catalog(cards: &[(&str, &str, &str)]) -> Catalog {
    let mut cat = Catalog::new(GameId::DiceOfDestiny, "rules");
    for (name, kind, text) in cards {
        let mut c = Card::new(*name, *kind);
        let colour = if *kind == "spell" { "grey" } else { "red" };
        c.fields
            .insert("colour".into(), FieldValue::Text(colour.into()));
        if !text.is_empty() {
            c.text = Some(text.to_string());
        }
        cat.cards.push(c);
    }
    cat
}

/// Player 0's deck and player 1's (`None`: the goldfish opponent), each as
/// (catalog position, copies).
pub(crate) fn game(
    cat: &Catalog,
    mine: &[(u16, usize)],
    theirs: Option<&[(u16, usize)]>,
) -> DiceOfDestiny {
    let deck = |d: &[(u16, usize)]| DeckCards {
        cards: d
            .iter()
            .flat_map(|&(i, n)| std::iter::repeat_n(i, n))
            .collect(),
    };
    let a = deck(mine);
    let b = theirs.map(deck);
    DiceOfDestiny::new(
        DeckSide {
            catalog: cat,
            cards: &a,
        },
        b.as_ref().map(|cards| DeckSide {
            catalog: cat,
            cards,
        }),
        Options::read(&[]).unwrap(),
        40,
    )
}

pub(crate) fn start(g: &DiceOfDestiny, seed: u64, seat: Seat) -> State {
    let mut st = g.new_state();
    g.start(&mut st, seed, seat);
    st
}

/// Moves one copy of player `p` matching `name` from one zone to another.
pub(crate) fn put(
    g: &DiceOfDestiny,
    st: &mut State,
    p: usize,
    name: &str,
    from: Zone,
    to: Zone,
) -> u16 {
    let c = *st
        .core
        .zones
        .get(z(p, from))
        .iter()
        .find(|&&c| g.copy_name(c) == name)
        .unwrap_or_else(|| panic!("no {name} in player {p}'s {from:?}"));
    st.core.zones.move_copy(
        Seated::of(p, from),
        c,
        Seated::of(p, to),
        deckwright::engine::core::At::Top,
    );
    c
}

/// Attacks with every ready creature, the defender letting the dice be
/// rolled when it may answer first (DD 9).
fn attack(g: &DiceOfDestiny, st: &mut State) {
    g.apply(st, Action::Attack { rerolls: 0 }).unwrap();
    if matches!(st.phase, Phase::Attack { .. }) {
        assert_eq!(g.to_act(st), 1, "the defender answers the declared attack");
        g.apply(st, Action::Pass).unwrap();
    }
}

pub(crate) const FIREBALL: (&str, &str, &str) =
    ("Fireball", "spell", "Deal 3 damage to your opponent.");

#[test]
fn dd_goldfish_spell_damage_kill_turn_by_hand() {
    // 30 Fireballs: turn 1 plays 2 (20 -> 14), the other turn's window 2
    // (-> 8), turn 2 plays 2 (-> 2), the window finishes it: turn 2, every game.
    let cat = catalog(&[FIREBALL]);
    let g = game(&cat, &[(0, 30)], None);
    let mut st = g.new_state();
    for seat in [Seat::First, Seat::Second] {
        for i in 0..50 {
            let o = play_out(&g, &mut st, game_seed(3, i), seat, [Level::Goldfish; 2]).unwrap();
            assert_eq!(o, Outcome::Win { turn: 2 }, "{seat:?} game {i}");
            g.invariants(&st).unwrap();
        }
    }
}

#[test]
fn dd_goldfish_deploy_damage_and_haste_by_hand() {
    // creatures that deal 2 on arrival and hit for 0 ("knocks off 0 life points
    // instead of 1"): only arrivals hurt, 2 a turn x 2 cards; going first turn
    // 1 deals 4, then 4 a turn: 20 life falls on turn 5, whatever the dice
    let cat = catalog(&[(
        "Ember Goblin",
        "creature",
        "When this creature arrives, deal 2 damage to your opponent. Each hit by this creature knocks off 0 life points instead of 1.",
    )]);
    let g = game(&cat, &[(0, 30)], None);
    let mut st = g.new_state();
    for i in 0..50 {
        let o = play_out(
            &g,
            &mut st,
            game_seed(9, i),
            Seat::First,
            [Level::Goldfish; 2],
        )
        .unwrap();
        assert_eq!(o, Outcome::Win { turn: 5 }, "game {i}");
    }
}

#[test]
fn dd_2_7_a_counter_spell_makes_the_spell_below_fizzle() {
    let cat = catalog(&[
        FIREBALL,
        (
            "Oh No You Don't!",
            "spell",
            "Play only in response to a spell: that spell fizzles and goes to the graveyard.",
        ),
    ]);
    let g = game(&cat, &[(0, 30)], Some(&[(1, 30)]));
    let mut st = start(&g, 1, Seat::First);
    assert_eq!(g.to_act(&st), 0);
    let fireball = st.core.zones.get(z(0, Zone::Hand))[0];
    g.apply(
        &mut st,
        Action::Play {
            card: fireball,
            target: None,
        },
    )
    .unwrap();
    assert_eq!(st.phase, Phase::Respond { by: 1 });
    // the counter cannot be played when nothing is on the stack to answer...
    let counter = st.core.zones.get(z(1, Zone::Hand))[0];
    g.apply(
        &mut st,
        Action::Play {
            card: counter,
            target: None,
        },
    )
    .unwrap();
    // ...here it answers the Fireball; player 0 passes and the stack resolves
    assert_eq!(st.phase, Phase::Respond { by: 0 });
    g.apply(&mut st, Action::Pass).unwrap();
    assert_eq!(st.core.life, [20, 20], "the Fireball fizzled");
    assert!(st.core.zones.contains(z(0, Zone::Graveyard), fireball));
    assert!(st.core.zones.contains(z(1, Zone::Graveyard), counter));
    assert_eq!(st.phase, Phase::Main);
    g.invariants(&st).unwrap();
    // out of response, the counter is refused with its text
    g.apply(&mut st, Action::Next).unwrap();
    assert_eq!(st.phase, Phase::Window { by: 1 });
    let other = st.core.zones.get(z(1, Zone::Hand))[0];
    let e = g
        .apply(
            &mut st,
            Action::Play {
                card: other,
                target: None,
            },
        )
        .unwrap_err();
    assert!(e.message.contains("only in response to a spell"), "{e}");
}

#[test]
fn dd_4_4_a_blocker_stops_one_hit_aimed_at_life() {
    let cat = catalog(&[
        (
            "Brute",
            "creature",
            "Each hit by this creature knocks off 2 life points instead of 1.",
        ),
        (
            "Mirror Sprite",
            "creature",
            "Once per turn, this creature may block one hit aimed at your life points.",
        ),
    ]);
    let g = game(&cat, &[(0, 30)], Some(&[(1, 30)]));
    // find a seed where both attackers hit
    for seed in 0..200 {
        let mut st = start(&g, seed, Seat::First);
        put(&g, &mut st, 0, "Brute", Zone::Hand, Zone::Battlefield);
        put(&g, &mut st, 0, "Brute", Zone::Hand, Zone::Battlefield);
        put(
            &g,
            &mut st,
            1,
            "Mirror Sprite",
            Zone::Hand,
            Zone::Battlefield,
        );
        attack(&g, &mut st);
        if st.dice.iter().filter(|d| d.hit).count() < 2 {
            continue;
        }
        assert_eq!(st.phase, Phase::Defend, "the defender may block");
        assert_eq!(g.to_act(&st), 1);
        let sprite = st.core.zones.get(z(1, Zone::Battlefield))[0];
        g.apply(
            &mut st,
            Action::Block {
                card: sprite,
                die: 0,
            },
        )
        .unwrap();
        // one hit of 2 lands, the blocked one does not
        assert_eq!(st.core.life[1], 18);
        assert_eq!(st.phase, Phase::Main);
        g.invariants(&st).unwrap();
        return;
    }
    panic!("no seed rolled two hits");
}

#[test]
fn dd_4_6_a_tide_caller_makes_a_hit_be_rerolled() {
    let cat = catalog(&[
        ("Brute", "creature", ""),
        (
            "Tide Caller",
            "creature",
            "Once per turn, when an opposing creature's attack die hits, you may make your opponent reroll it.",
        ),
    ]);
    let g = game(&cat, &[(0, 30)], Some(&[(1, 30)]));
    for seed in 0..200 {
        let mut st = start(&g, seed, Seat::First);
        put(&g, &mut st, 0, "Brute", Zone::Hand, Zone::Battlefield);
        put(&g, &mut st, 1, "Tide Caller", Zone::Hand, Zone::Battlefield);
        attack(&g, &mut st);
        if !st.dice.first().is_some_and(|d| d.hit) {
            continue;
        }
        let caller = st.core.zones.get(z(1, Zone::Battlefield))[0];
        g.apply(
            &mut st,
            Action::ForceReroll {
                card: caller,
                die: 0,
            },
        )
        .unwrap();
        // the die was rolled again; its new value decides
        let hit = st.last_roll[0].hit;
        assert_eq!(st.core.life[1], if hit { 19 } else { 20 });
        // once per turn: the Tide Caller cannot do it again this turn
        assert!(
            g.apply(
                &mut st,
                Action::ForceReroll {
                    card: caller,
                    die: 0
                }
            )
            .is_err()
        );
        return;
    }
    panic!("no seed rolled a hit");
}

#[test]
fn dd_2_11_a_rubber_duck_cannot_attack_until_its_casters_next_turn() {
    let cat = catalog(&[
        ("Brute", "creature", ""),
        (
            "Rubber Duck Curse",
            "spell",
            "Choose a target creature. Until your next turn it is a rubber duck: it has no effect and can't attack.",
        ),
    ]);
    let g = game(&cat, &[(1, 30)], Some(&[(0, 30)]));
    let mut st = start(&g, 5, Seat::First);
    // player 1's Brute is in play; player 0 curses it on its own turn
    let brute = put(&g, &mut st, 1, "Brute", Zone::Hand, Zone::Battlefield);
    let curse = st.core.zones.get(z(0, Zone::Hand))[0];
    let e = g
        .apply(
            &mut st,
            Action::Play {
                card: curse,
                target: None,
            },
        )
        .unwrap_err();
    assert_eq!(e.rule, "DD §2.11");
    g.apply(
        &mut st,
        Action::Play {
            card: curse,
            target: Some(brute),
        },
    )
    .unwrap();
    g.apply(&mut st, Action::Pass).unwrap(); // player 1 does not respond
    assert!(g.suppressed(&st, brute));
    g.apply(&mut st, Action::Next).unwrap(); // player 0's turn 1 ends
    g.apply(&mut st, Action::Pass).unwrap(); // player 1's window
    // player 1's turn: the duck cannot attack
    assert_eq!(st.core.active, 1);
    let e = g
        .apply(&mut st, Action::Declare { card: brute })
        .unwrap_err();
    assert!(e.message.contains("rubber duck"), "{e}");
    g.apply(&mut st, Action::Next).unwrap();
    g.apply(&mut st, Action::Pass).unwrap(); // player 0's window
    // player 0's next turn: the curse is over
    assert_eq!(st.core.active, 0);
    assert!(!g.suppressed(&st, brute));
}

/// §2.11 (rules-notes DD 11): a creature whose arrival effect targets a
/// creature arrives even when its target has left meanwhile; its effect
/// then does nothing. (Before, it fizzled into the graveyard.)
#[test]
fn dd_11_a_creature_stays_when_its_target_leaves() {
    let cat = catalog(&[
        ("Brute", "creature", ""),
        (
            "Duck Herald",
            "creature",
            "Choose a target creature. When this creature arrives, until your next turn it is a rubber duck: it has no effect and can't attack.",
        ),
    ]);
    let g = game(&cat, &[(1, 30)], Some(&[(0, 30)]));
    let mut st = start(&g, 5, Seat::First);
    let brute = put(&g, &mut st, 1, "Brute", Zone::Hand, Zone::Battlefield);
    let herald = st.core.zones.get(z(0, Zone::Hand))[0];
    g.apply(
        &mut st,
        Action::Play {
            card: herald,
            target: Some(brute),
        },
    )
    .unwrap();
    assert_eq!(st.phase, Phase::Respond { by: 1 });
    // the target leaves the battlefield before the Herald resolves
    st.core.zones.move_copy(
        z(1, Zone::Battlefield),
        brute,
        z(1, Zone::Hand),
        deckwright::engine::core::At::Top,
    );
    g.apply(&mut st, Action::Pass).unwrap();
    assert!(st.core.zones.contains(z(0, Zone::Battlefield), herald));
    assert!(!g.suppressed(&st, brute));
    g.invariants(&st).unwrap();
}

#[test]
fn dd_2_3_the_bonus_draw_is_once_per_opponent_turn() {
    let cat = catalog(&[FIREBALL]);
    let g = game(&cat, &[(0, 30)], Some(&[(0, 30)]));
    let mut st = start(&g, 2, Seat::First);
    g.apply(&mut st, Action::Next).unwrap();
    assert_eq!(st.phase, Phase::Window { by: 1 });
    let hand = st.core.zones.get(z(1, Zone::Hand)).to_vec();
    g.apply(&mut st, Action::BonusDraw { card: hand[0] })
        .unwrap();
    assert_eq!(st.core.zones.len(z(1, Zone::Hand)), hand.len());
    assert!(st.core.zones.contains(z(1, Zone::Graveyard), hand[0]));
    let e = g
        .apply(&mut st, Action::BonusDraw { card: hand[1] })
        .unwrap_err();
    assert_eq!(e.rule, "DD §2.3");
}

#[test]
fn dd_2_6_the_third_card_when_losing_once_per_game() {
    let cat = catalog(&[("Brute", "creature", "")]);
    let g = game(&cat, &[(0, 30)], Some(&[(0, 30)]));
    let mut st = start(&g, 4, Seat::First);
    st.core.life[0] = 10;
    let hand = st.core.zones.get(z(0, Zone::Hand)).to_vec();
    for c in &hand[..3] {
        g.apply(
            &mut st,
            Action::Play {
                card: *c,
                target: None,
            },
        )
        .unwrap();
        if st.phase != Phase::Main {
            g.apply(&mut st, Action::Pass).unwrap();
        }
    }
    assert!(st.third_card_used[0]);
    let e = g
        .apply(
            &mut st,
            Action::Play {
                card: hand[3],
                target: None,
            },
        )
        .unwrap_err();
    assert_eq!(e.rule, "DD §2.5");
    // not losing: two cards only
    let mut st = start(&g, 4, Seat::First);
    let hand = st.core.zones.get(z(0, Zone::Hand)).to_vec();
    for c in &hand[..2] {
        g.apply(
            &mut st,
            Action::Play {
                card: *c,
                target: None,
            },
        )
        .unwrap();
        if st.phase != Phase::Main {
            g.apply(&mut st, Action::Pass).unwrap();
        }
    }
    assert!(
        g.apply(
            &mut st,
            Action::Play {
                card: hand[2],
                target: None
            }
        )
        .is_err()
    );
}

#[test]
fn dd_2_12_a_search_finds_a_spell_shows_it_and_shuffles() {
    let cat = catalog(&[
        (
            "Wizard of Lightning",
            "creature",
            "Once per turn: search your deck for a spell, show it, and put it in your hand. Shuffle your deck.",
        ),
        FIREBALL,
        ("Brute", "creature", ""),
    ]);
    let g = game(&cat, &[(0, 1), (1, 1), (2, 28)], None);
    let mut st = start(&g, 11, Seat::First);
    let wizard = if st
        .core
        .zones
        .get(z(0, Zone::Hand))
        .iter()
        .any(|&c| g.copy_name(c) == "Wizard of Lightning")
    {
        put(
            &g,
            &mut st,
            0,
            "Wizard of Lightning",
            Zone::Hand,
            Zone::Battlefield,
        )
    } else {
        put(
            &g,
            &mut st,
            0,
            "Wizard of Lightning",
            Zone::Deck,
            Zone::Battlefield,
        )
    };
    let had = st
        .core
        .zones
        .get(z(0, Zone::Hand))
        .iter()
        .any(|&c| g.copy_name(c) == "Fireball");
    g.apply(&mut st, Action::Activate { card: wizard }).unwrap();
    assert!(
        st.core
            .zones
            .get(z(0, Zone::Hand))
            .iter()
            .any(|&c| g.copy_name(c) == "Fireball"),
        "the Fireball is in hand (it was already: {had})"
    );
    assert!(
        st.core
            .zones
            .get(z(0, Zone::Deck))
            .iter()
            .all(|&c| g.copy_name(c) != "Fireball")
    );
    // once per turn
    assert!(g.apply(&mut st, Action::Activate { card: wizard }).is_err());
    g.invariants(&st).unwrap();
}

#[test]
fn dd_4_2_a_returning_creature_comes_back_as_a_new_card() {
    let cat = catalog(&[(
        "Teleporting Llama",
        "creature",
        "Once per turn: return this creature to your hand. It forgot its keys.",
    )]);
    let g = game(&cat, &[(0, 30)], None);
    let mut st = start(&g, 1, Seat::First);
    let llama = st.core.zones.get(z(0, Zone::Hand))[0];
    g.apply(
        &mut st,
        Action::Play {
            card: llama,
            target: None,
        },
    )
    .unwrap();
    g.apply(&mut st, Action::Activate { card: llama }).unwrap();
    assert!(st.core.zones.contains(z(0, Zone::Hand), llama));
    // played again it is new: sick, and its effect usable again
    g.apply(
        &mut st,
        Action::Play {
            card: llama,
            target: None,
        },
    )
    .unwrap();
    assert!(g.apply(&mut st, Action::Activate { card: llama }).is_ok());
}

#[test]
fn dd_two_player_games_end_with_one_winner_and_keep_every_card() {
    let cat = catalog(&[
        FIREBALL,
        (
            "Brute",
            "creature",
            "Each hit by this creature knocks off 2 life points instead of 1.",
        ),
        (
            "Mirror Sprite",
            "creature",
            "Once per turn, this creature may block one hit aimed at your life points.",
        ),
    ]);
    let g = game(&cat, &[(0, 10), (1, 20)], Some(&[(1, 20), (2, 10)]));
    let mut st = g.new_state();
    let mut wins = [0; 2];
    for i in 0..200 {
        let o = play_out(
            &g,
            &mut st,
            game_seed(17, i),
            Seat::First,
            [Level::Quick; 2],
        )
        .unwrap();
        g.invariants(&st).unwrap();
        match o {
            Outcome::Win { .. } => wins[0] += 1,
            Outcome::Loss { .. } => wins[1] += 1,
            o => panic!("{o:?}"),
        }
    }
    assert_eq!(wins[0] + wins[1], 200);
    assert!(wins[0] > 0 && wins[1] > 0, "{wins:?}");
}
