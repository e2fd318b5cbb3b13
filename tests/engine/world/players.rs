//! Strange World for 2 to 4 (issue 11) on the sample box
//! (`resources/catalogs/strange-world.toml`): rule tests named after the
//! rules-notes ids (SW-D1..D4, SW §4 turn structure, SW §6.12 the Sun with 2
//! players, SW §4.2 the Traveller supply), and properties over many seeded
//! matches: no card lost or duplicated across the seats and the supplies,
//! the same seed plays the same match, refused actions change nothing.

use std::collections::BTreeSet;

use proptest::prelude::*;

use deckwright::catalog;
use deckwright::engine::solo::{
    Action, Components, ComputerSeat, Match, MatchAction, MatchEvent, MatchIllegal, MatchPhase,
    Phase, SeatLevel, SoloRules, SunDirection, TravellerOffer, play_match, seat_seed,
};

fn sample_with(options: &[(&str, &str)]) -> Components {
    let path = crate::support::sample_catalog("strange-world");
    let cat = catalog::load(&path).unwrap().catalog;
    let o: Vec<(String, String)> = options
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    Components::new(&cat, SoloRules::new(&o).unwrap()).unwrap()
}

pub(crate) fn sample() -> Components {
    sample_with(&[])
}

/// Applies an action that must be legal.
fn apply(m: &mut Match, c: &Components, a: MatchAction) -> Vec<MatchEvent> {
    let mut ev = Vec::new();
    m.apply(c, a, &mut ev)
        .unwrap_or_else(|e| panic!("{a:?}: {e}"));
    ev
}

/// The first two cards of a seat's draft hand, passed.
fn pass_first_two(m: &mut Match, c: &Components, seat: u8) -> [u8; 2] {
    let h: Vec<u8> = m.draft_hand(seat).collect();
    apply(
        m,
        c,
        MatchAction::PassTwo {
            seat,
            cards: [h[0], h[1]],
        },
    );
    [h[0], h[1]]
}

/// Lets quick computer seats play until `stop` holds or the match ends.
fn play_until(m: &mut Match, c: &Components, seed: u64, stop: impl Fn(&Match) -> bool) {
    let n = m.players();
    let mut seats: Vec<ComputerSeat> = (0..n)
        .map(|s| ComputerSeat::new(SeatLevel::Quick, c, n, seat_seed(seed, s)))
        .collect();
    while !m.is_finished() && !stop(m) {
        let seat = (0..n).find(|&s| m.waits_for(s)).unwrap();
        let a = seats[usize::from(seat)].choose(m, seat).unwrap();
        apply(m, c, a);
    }
}

/// Every card and supply piece of a match, for conservation checks.
fn inventory(m: &Match, c: &Components) -> (Vec<u8>, usize, usize, Vec<u8>) {
    let mut lands = m.all_cards();
    lands.sort_unstable();
    let mut fumaroles = usize::from(m.supply().fumaroles_left());
    let mut cities = m.supply().cities_left().len();
    let mut travellers: Vec<u8> = m.supply().travellers_left().collect();
    for s in 0..m.players() {
        let w = m.world(s);
        fumaroles += w.cells().filter(|(_, cell)| cell.fumarole).count();
        cities += w.dark_cities().len();
        travellers.extend(w.travellers().iter().map(|t| t.traveller));
    }
    travellers.sort_unstable();
    let _ = c;
    (lands, fumaroles, cities, travellers)
}

#[test]
fn sw_d1_the_land_deck_is_the_lands_of_tier_up_to_the_player_count() {
    let c = sample();
    for n in 2..=4u8 {
        let m = Match::new(&c, n, 1).unwrap();
        let dealt: BTreeSet<u8> = m
            .all_cards()
            .into_iter()
            .filter(|&i| !c.land(i).starting)
            .collect();
        let deck: BTreeSet<u8> = c.land_deck(n).into_iter().collect();
        assert_eq!(dealt, deck, "{n} players");
        assert!(deck.iter().all(|&i| c.land(i).tier.unwrap() <= n));
    }
    assert_eq!(c.land_deck(2).len(), 30);
    assert_eq!(c.land_deck(3).len(), 45);
    assert_eq!(c.land_deck(4).len(), 60);
}

#[test]
fn sw_d2_each_player_starts_with_a_different_starting_land() {
    let c = sample();
    let m = Match::new(&c, 4, 9).unwrap();
    let starts: BTreeSet<u8> = (0..4)
        .map(|s| {
            let w = m.world(s);
            assert_eq!(w.len(), 1);
            w.cells().next().unwrap().1.card
        })
        .collect();
    assert_eq!(starts.len(), 4);
    assert!(starts.iter().all(|&i| c.land(i).starting));
}

#[test]
fn sw_d3_a_box_too_small_for_the_player_count_is_refused() {
    let c = sample();
    assert!(Match::new(&c, 1, 1).is_err(), "solo is the solo game");
    assert!(Match::new(&c, 5, 1).is_err());
    // the sample box holds exactly 60 Lands of tiers 1-4: 4 players fit
    c.check_match(4).unwrap();
}

#[test]
fn sw_d4_the_dark_city_stack_is_shared_highest_first() {
    let c = sample();
    let m = Match::new(&c, 3, 2).unwrap();
    assert_eq!(m.supply().cities_left(), &[9, 7, 5, 4, 4]);
    assert_eq!(m.supply().fumaroles_left(), c.fumaroles);
    // over a whole match, the cities built in all Worlds come off one stack
    for seed in 0..20 {
        let r = play_match(&c, &[SeatLevel::Quick; 3], seed).unwrap();
        let mut built: Vec<u8> = (0..3)
            .flat_map(|s| r.end.world(s).dark_cities().to_vec())
            .map(|d| d.stars)
            .collect();
        built.sort_unstable_by(|a, b| b.cmp(a));
        let left = r.end.supply().cities_left();
        assert_eq!(&[9, 7, 5, 4, 4][..built.len()], &built[..], "seed {seed}");
        assert_eq!(built.len() + left.len(), 5);
    }
}

#[test]
fn sw_4_1_each_turn_deals_three_cards_to_each_player() {
    let c = sample();
    let m = Match::new(&c, 2, 5).unwrap();
    assert_eq!(m.turn(), 1);
    assert_eq!(m.phase(), MatchPhase::Draft { pass: 2 });
    for s in 0..2 {
        assert_eq!(m.draft_hand(s).count(), 3);
    }
    assert_eq!(m.deck_left(), 30 - 6);
}

#[test]
fn sw_4_2_the_draft_passes_two_then_one_in_the_suns_direction() {
    let c = sample();
    let mut m = Match::new(&c, 3, 8).unwrap();
    let holder = m.sun();
    assert_eq!(m.phase(), MatchPhase::ChooseSun { seat: holder });
    apply(
        &mut m,
        &c,
        MatchAction::Sun {
            seat: holder,
            direction: SunDirection::Counterclockwise,
        },
    );
    let hands: Vec<Vec<u8>> = (0..3).map(|s| m.draft_hand(s).collect()).collect();
    // seat 0 and 1 choose; nothing moves until the last player has chosen
    let p0 = pass_first_two(&mut m, &c, 0);
    let p1 = pass_first_two(&mut m, &c, 1);
    assert_eq!(m.draft_hand(0).collect::<Vec<_>>(), hands[0]);
    assert!(m.has_passed(0) && !m.waits_for(0));
    let p2 = pass_first_two(&mut m, &c, 2);
    // counterclockwise: 0 → 2, 1 → 0, 2 → 1
    let now: Vec<Vec<u8>> = (0..3).map(|s| m.draft_hand(s).collect()).collect();
    assert_eq!(now[0], vec![hands[0][2], p1[0], p1[1]]);
    assert_eq!(now[1], vec![hands[1][2], p2[0], p2[1]]);
    assert_eq!(now[2], vec![hands[2][2], p0[0], p0[1]]);
    assert_eq!(m.phase(), MatchPhase::Draft { pass: 1 });
    // the second pass: one card each
    for s in 0..3 {
        let card = m.draft_hand(s).next().unwrap();
        apply(&mut m, &c, MatchAction::PassOne { seat: s, card });
    }
    for s in 0..3 {
        let hand: Vec<u8> = m.seat(s).hand().collect();
        assert_eq!(hand.len(), 3, "3 cards to place");
        assert_eq!(m.seat(s).phase(), Phase::Place);
    }
    assert_eq!(m.phase(), MatchPhase::Play { seat: holder });
}

#[test]
fn sw_4_3_play_goes_one_card_at_a_time_from_the_sun_holder_in_its_direction() {
    let c = sample();
    for direction in SunDirection::BOTH {
        let mut m = Match::new(&c, 4, 12).unwrap();
        let holder = m.sun();
        apply(
            &mut m,
            &c,
            MatchAction::Sun {
                seat: holder,
                direction,
            },
        );
        play_until(&mut m, &c, 12, |m| {
            matches!(m.phase(), MatchPhase::Play { .. })
        });
        let mut order = Vec::new();
        let turn = m.turn();
        let mut seats: Vec<ComputerSeat> = (0..4u8)
            .map(|s| ComputerSeat::new(SeatLevel::Quick, &c, 4, u64::from(s)))
            .collect();
        while m.turn() == turn && !matches!(m.phase(), MatchPhase::ChooseSun { .. }) {
            let MatchPhase::Play { seat } = m.phase() else {
                break;
            };
            if m.seat(seat).phase() == Phase::Place {
                order.push(seat);
            }
            let a = seats[usize::from(seat)].choose(&m, seat).unwrap();
            apply(&mut m, &c, a);
        }
        let mut want = Vec::new();
        let mut s = holder;
        for _ in 0..12 {
            want.push(s);
            s = direction.next(s, 4);
        }
        assert_eq!(order, want, "{direction:?}");
    }
}

#[test]
fn sw_4_4_the_sun_passes_to_the_left_and_the_new_holder_turns_it() {
    let c = sample();
    let mut m = Match::new(&c, 3, 4).unwrap();
    let first = m.sun();
    // the end of turn 1: the Sun has passed, its face not yet chosen
    play_until(&mut m, &c, 4, |m| {
        m.turn() == 1 && m.phase() == MatchPhase::ChooseSun { seat: m.sun() } && m.sun() != first
    });
    assert_eq!(m.turn(), 1);
    assert_eq!(m.sun(), (first + 1) % 3, "passed to the next seat");
    assert_eq!(m.phase(), MatchPhase::ChooseSun { seat: m.sun() });
    // only the holder turns it
    let other = (m.sun() + 1) % 3;
    let before = m.clone();
    let e = m
        .apply(
            &c,
            MatchAction::Sun {
                seat: other,
                direction: SunDirection::Clockwise,
            },
            &mut Vec::new(),
        )
        .unwrap_err();
    assert_eq!(e, MatchIllegal::NotSunHolder);
    assert!(e.to_string().contains("chooses the face of the card"));
    assert_eq!(m, before);
}

#[test]
fn sw_6_12_with_two_players_the_sun_passes_unless_the_option_says_otherwise() {
    for (opt, passes) in [("true", true), ("false", false)] {
        let c = sample_with(&[("two_player_sun_passes", opt)]);
        let mut m = Match::new(&c, 2, 6).unwrap();
        let first = m.sun();
        play_until(&mut m, &c, 6, |m| m.turn() == 2);
        assert_eq!(m.sun() != first, passes, "option {opt}");
        // with 2 players there is no face to choose: the deal is at once
        assert_eq!(m.phase(), MatchPhase::Draft { pass: 2 });
    }
}

#[test]
fn sw_4_2_traveller_supply_open_or_stack_top() {
    let open = sample();
    let m = Match::new(&open, 2, 1).unwrap();
    assert_eq!(open.rules.traveller_supply, TravellerOffer::Open);
    assert_eq!(m.supply().offer().count(), open.travellers.len());
    let top = sample_with(&[("traveller_supply", "stack-top")]);
    let m = Match::new(&top, 2, 1).unwrap();
    assert_eq!(m.supply().offer().count(), 1);
    assert_eq!(m.supply().travellers_left().count(), top.travellers.len());
    // a whole match under the option still ends with every Traveller somewhere
    let r = play_match(&top, &[SeatLevel::Quick; 2], 3).unwrap();
    assert_eq!(inventory(&r.end, &top).3.len(), top.travellers.len());
}

#[test]
fn refused_actions_quote_the_rule_and_change_nothing() {
    let c = sample();
    let mut m = Match::new(&c, 2, 3).unwrap();
    let before = m.clone();
    let hand: Vec<u8> = m.draft_hand(0).collect();
    let other = m.draft_hand(1).next().unwrap();
    let cases = [
        (
            MatchAction::PassTwo {
                seat: 0,
                cards: [hand[0], other],
            },
            MatchIllegal::NotInHand,
        ),
        (
            MatchAction::PassTwo {
                seat: 0,
                cards: [hand[0], hand[0]],
            },
            MatchIllegal::NotInHand,
        ),
        (
            MatchAction::PassOne {
                seat: 0,
                card: hand[0],
            },
            MatchIllegal::WrongPhase {
                expected: "pass cards in the draft",
            },
        ),
        (
            MatchAction::PassOne {
                seat: 7,
                card: hand[0],
            },
            MatchIllegal::NoSuchSeat,
        ),
    ];
    for (a, want) in cases {
        let e = m.apply(&c, a, &mut Vec::new()).unwrap_err();
        assert_eq!(e, want, "{a:?}");
        assert!(e.to_string().contains("rule"), "{e}");
        assert_eq!(m, before, "{a:?} changed the match");
    }
    pass_first_two(&mut m, &c, 0);
    let e = m
        .apply(
            &c,
            MatchAction::PassTwo {
                seat: 0,
                cards: [hand[2], hand[2]],
            },
            &mut Vec::new(),
        )
        .unwrap_err();
    assert_eq!(e, MatchIllegal::AlreadyPassed);
    // in play: out of turn, and a placement the World's rules refuse
    play_until(&mut m, &c, 3, |m| {
        matches!(m.phase(), MatchPhase::Play { .. })
    });
    let MatchPhase::Play { seat } = m.phase() else {
        panic!("in play");
    };
    let waiting = 1 - seat;
    let card = m.seat(waiting).hand().next().unwrap();
    let at = m.world(waiting).open_positions().next().unwrap();
    let e = m
        .apply(
            &c,
            MatchAction::Seat {
                seat: waiting,
                action: Action::Place { card, at },
            },
            &mut Vec::new(),
        )
        .unwrap_err();
    assert_eq!(e, MatchIllegal::NotYourTurn);
    assert!(
        e.to_string()
            .contains("starting with the player who has the Sun card")
    );
    let card = m.seat(seat).hand().next().unwrap();
    let far = deckwright::engine::solo::Pos::new(0, 0).unwrap();
    let e = m
        .apply(
            &c,
            MatchAction::Seat {
                seat,
                action: Action::Place { card, at: far },
            },
            &mut Vec::new(),
        )
        .unwrap_err();
    assert!(matches!(e, MatchIllegal::Seat { .. }));
    assert!(e.to_string().contains("orthogonally adjacent"), "{e}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// No card lost or duplicated across the seats, the draft, the deck and
    /// the supplies, after every action of a match of random seats.
    #[test]
    fn no_card_is_lost_or_duplicated(seed in any::<u64>(), n in 2u8..=4) {
        let c = sample();
        let mut m = Match::new(&c, n, seed).unwrap();
        let start = inventory(&m, &c);
        let (lands, fumaroles, cities, travellers) = start.clone();
        prop_assert_eq!(lands.len(), 16 * usize::from(n));
        prop_assert!(lands.windows(2).all(|w| w[0] != w[1]), "a Land twice");
        let mut seats: Vec<ComputerSeat> = (0..n)
            .map(|s| ComputerSeat::new(SeatLevel::Random, &c, n, seat_seed(seed, s)))
            .collect();
        while !m.is_finished() {
            let seat = (0..n).find(|&s| m.waits_for(s)).unwrap();
            let a = seats[usize::from(seat)].choose(&m, seat).unwrap();
            apply(&mut m, &c, a);
            let now = inventory(&m, &c);
            prop_assert_eq!(&now.0, &lands);
            prop_assert_eq!(now.1, fumaroles);
            prop_assert_eq!(now.2, cities);
            prop_assert_eq!(&now.3, &travellers);
        }
        for s in 0..n {
            prop_assert!(m.world(s).is_complete());
        }
        prop_assert_eq!(m.deck_left(), c.land_deck(n).len() - 15 * usize::from(n));
    }

    /// The same seed plays the same match; the winners have the top score.
    #[test]
    fn the_same_seed_plays_the_same_match(seed in any::<u64>(), n in 2usize..=4) {
        let c = sample();
        let levels = vec![SeatLevel::Quick; n];
        let a = play_match(&c, &levels, seed).unwrap();
        let b = play_match(&c, &levels, seed).unwrap();
        prop_assert_eq!(&a.log, &b.log);
        prop_assert_eq!(&a.scores, &b.scores);
        prop_assert_eq!(&a.end, &b.end);
        let best = a.scores.iter().map(|s| s.total).max().unwrap();
        for (i, s) in a.scores.iter().enumerate() {
            prop_assert_eq!(a.winners.contains(&(i as u8)), s.total == best);
        }
    }
}
