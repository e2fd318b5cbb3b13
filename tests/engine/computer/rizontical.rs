//! Issue 11, Rizontical: the computer opponent plays to win. Measured here:
//! the quick AI against a player choosing uniformly among the legal actions,
//! and against the goldfish racing policy, with seats and decks swapped so
//! neither side keeps an advantage.

use deckwright::engine::core::{Outcome, Seat};
use deckwright::engine::game::{Level, Rules, choose};
use deckwright::engine::rizontical::{Options, Rizontical};
use deckwright::engine::session::DeckSide;
use deckwright::engine::{DeckCards, compile};
use deckwright::model::Catalog;

use crate::support::{sample_catalog, sample_deck};

const DECKS: [&str; 2] = ["rizontical-akasha-guard.txt", "rizontical-ember-push.txt"];

fn load() -> (Catalog, Vec<DeckCards>) {
    let cat = deckwright::catalog::load(&sample_catalog("rizontical"))
        .unwrap()
        .catalog;
    let decks = DECKS
        .iter()
        .map(|d| compile(&cat, &deckwright::decklist::load(&sample_deck(d)).unwrap()).unwrap())
        .collect();
    (cat, decks)
}

fn engine(cat: &Catalog, a: &DeckCards, b: &DeckCards) -> Rizontical {
    Rizontical::new(
        DeckSide {
            catalog: cat,
            cards: a,
        },
        Some(DeckSide {
            catalog: cat,
            cards: b,
        }),
        Options::read(&[]).unwrap(),
        40,
        &[],
    )
    .unwrap()
}

/// Plays one game: player 0 by `level`, player 1 by `other` (`None`: a
/// uniformly random legal action from a seeded stream).
fn play(r: &Rizontical, seed: u64, seat: Seat, level: Level, other: Option<Level>) -> Outcome {
    let mut st = r.new_state();
    r.start(&mut st, seed, seat);
    let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut legal = Vec::new();
    for _ in 0..200_000 {
        if let Some(o) = r.outcome(&st) {
            return o;
        }
        let p = r.to_act(&st);
        let a = match (p, other) {
            (0, _) => r.policy(&st, level),
            (_, Some(l)) => r.policy(&st, l),
            (_, None) => {
                r.legal_actions(&st, &mut legal);
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                legal[(x % legal.len() as u64) as usize]
            }
        };
        r.apply(&mut st, a)
            .unwrap_or_else(|e| panic!("seed {seed}: {a:?}: {e}"));
    }
    let _ = choose::<Rizontical>;
    panic!("seed {seed}: the game did not end")
}

/// Quick AI wins when it is player 0; both decks, both seats.
fn wins(level: Level, other: Option<Level>, games: u64) -> (u64, u64) {
    let (cat, decks) = load();
    let mut won = 0;
    for g in 0..games {
        let (a, b) = if g % 2 == 0 { (0, 1) } else { (1, 0) };
        let r = engine(&cat, &decks[a], &decks[b]);
        let seat = if (g / 2) % 2 == 0 {
            Seat::First
        } else {
            Seat::Second
        };
        if play(&r, 1000 + g, seat, level, other).winner() == Some(0) {
            won += 1;
        }
    }
    (won, games)
}

#[test]
fn the_quick_ai_beats_a_random_legal_player() {
    let (won, games) = wins(Level::Quick, None, 20);
    assert!(won * 100 >= games * 95, "{won} of {games}");
}

/// Measured 97 of 200 (48.5%): the quick player does not yet beat the
/// racing policy at Rizontical (issue 11's goal; see the README). This
/// floor catches a player that stopped fighting back.
#[test]
fn the_quick_ai_holds_its_own_against_the_goldfish_policy() {
    let (won, games) = wins(Level::Quick, Some(Level::Goldfish), 200);
    println!("quick vs goldfish: {won} of {games}");
    assert!(won * 100 >= games * 40, "{won} of {games}");
}

/// The strong player's worlds (issue 11): what player 0 sees stays — its
/// hand, both boards, the Power slots' cards other than the other player's
/// face-down Triggers — and what it cannot see is dealt again: the other
/// hand and Power deck as one pool, the Fighter decks' order, and each
/// face-down Trigger exchanged with a Trigger of that pool.
#[test]
fn rz_ai_strong_worlds_keep_what_the_player_sees_and_redeal_what_it_cannot() {
    use deckwright::engine::rizontical::{State, Zone, z};
    let (cat, decks) = load();
    let r = engine(&cat, &decks[0], &decks[1]);
    // a position some turns in, reached by the quick players
    let mut st = r.new_state();
    r.start(&mut st, 5, Seat::First);
    for _ in 0..60 {
        if r.outcome(&st).is_some() {
            break;
        }
        let a = r.policy(&st, Level::Quick);
        r.apply(&mut st, a).unwrap();
    }
    assert!(
        r.outcome(&st).is_none(),
        "the game ended too soon for the test"
    );
    let sorted = |v: &[u16]| {
        let mut v = v.to_vec();
        v.sort_unstable();
        v
    };
    let hidden = |s: &State| {
        let mut v = s.core.zones.get(z(1, Zone::Hand)).to_vec();
        v.extend_from_slice(s.core.zones.get(z(1, Zone::PowerDeck)));
        v.extend_from_slice(s.core.zones.get(z(1, Zone::Powers)));
        sorted(&v)
    };
    let mut moved = 0;
    for seed in 0..20 {
        let mut w = st.clone();
        assert!(r.sample_world(&mut w, 0, seed));
        assert_eq!(
            w.core.zones.get(z(0, Zone::Hand)),
            st.core.zones.get(z(0, Zone::Hand))
        );
        assert_eq!(w.board, st.board);
        assert_eq!(w.slots, st.slots);
        assert_eq!(
            w.core.zones.get(z(0, Zone::Powers)),
            st.core.zones.get(z(0, Zone::Powers))
        );
        assert_eq!(
            w.core.zones.len(z(1, Zone::Hand)),
            st.core.zones.len(z(1, Zone::Hand))
        );
        assert_eq!(
            w.core.zones.len(z(1, Zone::Powers)),
            st.core.zones.len(z(1, Zone::Powers))
        );
        assert_eq!(hidden(&w), hidden(&st));
        for p in 0..2 {
            assert_eq!(
                sorted(w.core.zones.get(z(p, Zone::FighterDeck))),
                sorted(st.core.zones.get(z(p, Zone::FighterDeck)))
            );
        }
        if w.core.zones.get(z(1, Zone::Hand)) != st.core.zones.get(z(1, Zone::Hand)) {
            moved += 1;
        }
        r.invariants(&w).unwrap();
    }
    assert!(
        moved > 15,
        "the hidden hand was dealt again ({moved} of 20)"
    );
}

/// The strong level searches (issue 11): at a decision mid-game it plays a
/// legal move, the same one again from the same position (its worlds come
/// from the position, not from the game's dice). How often it wins is
/// measured in `benches/matchup.rs` (release), not here.
#[test]
fn rz_ai_strong_plays_a_legal_move_and_replays_it() {
    let (cat, decks) = load();
    let r = engine(&cat, &decks[0], &decks[1]);
    let mut st = r.new_state();
    r.start(&mut st, 11, Seat::First);
    // a quick-vs-quick game, every position kept
    let mut states = vec![st.clone()];
    while r.outcome(&st).is_none() && states.len() < 5_000 {
        let a = r.policy(&st, Level::Quick);
        r.apply(&mut st, a).unwrap();
        states.push(st.clone());
    }
    // a late decision of player 0 with a real choice (short play-outs: the
    // debug build is slow)
    let mut legal = Vec::new();
    let pos = (0..states.len().saturating_sub(3))
        .rev()
        .find(|&i| {
            let s = &states[i];
            r.legal_actions(s, &mut legal);
            r.outcome(s).is_none() && r.to_act(s) == 0 && legal.len() > 2
        })
        .expect("player 0 had a choice");
    let at = &states[pos];
    let strong = choose(&r, at, [Level::Strong; 2]);
    r.legal_actions(at, &mut legal);
    assert!(legal.contains(&strong), "{strong:?} is not legal");
    assert_eq!(
        strong,
        choose(&r, at, [Level::Strong; 2]),
        "same position, same move"
    );
    let mut after = at.clone();
    r.apply(&mut after, strong).unwrap();
}

/// Plays player 0's turn with `level` from `st` (its turn in timeline turn
/// 1): the actions it took, and the state once the turn passed.
fn own_turn(
    r: &Rizontical,
    mut st: deckwright::engine::rizontical::State,
    level: Level,
) -> (
    Vec<deckwright::engine::rizontical::Action>,
    deckwright::engine::rizontical::State,
) {
    let mut acts = Vec::new();
    while st.core.active == 0 && r.outcome(&st).is_none() && acts.len() < 40 {
        let a = r.policy(&st, level);
        acts.push(a);
        r.apply(&mut st, a).unwrap_or_else(|e| panic!("{a:?}: {e}"));
    }
    (acts, st)
}

/// Issue 27, the lethal threat: the enemy needs one more Soul, and Fuq Yew
/// (MP 2, melee, 6 Hit DMG on Poe with its Weakness to fire) stands 2 cells
/// from Poe (3 HP). The racer takes the hit it has from where it stands and
/// leaves Poe for Fuq Yew to defeat: the game's last Soul. The quick player
/// moves out of Fuq Yew's reach first, to a cell its RA 4 still hits from.
#[test]
fn rz_ai_quick_keeps_out_of_a_lethal_threat() {
    use crate::rizontical::{A, B, board, duel, put};
    let r = duel(A, B);
    let mut st = board(&r, 0);
    let poe = put(&r, &mut st, 0, 0, "Poe", 3, 3);
    let fuq = put(&r, &mut st, 1, 0, "Fuq Yew", 5, 3);
    st.souls[1] = 5;
    assert!(r.hit_damage(&st, fuq, poe) >= st.hp[usize::from(poe)]);
    let fuq_hp = st.hp[usize::from(fuq)];
    let reach = r.stat_mp(&st, fuq) + r.stat_ra(&st, fuq).max(1);
    let gap = |st: &deckwright::engine::rizontical::State| {
        r.distance(st.cell[usize::from(poe)], st.cell[usize::from(fuq)])
    };
    let (acts, after) = own_turn(&r, st.clone(), Level::Goldfish);
    assert!(gap(&after) <= reach, "the racer stays in reach: {acts:?}");
    let (acts, after) = own_turn(&r, st, Level::Quick);
    assert!(gap(&after) > reach, "out of Fuq Yew's reach: {acts:?}");
    assert!(
        after.hp[usize::from(fuq)] < fuq_hp,
        "and it still hits: {acts:?}"
    );
}
