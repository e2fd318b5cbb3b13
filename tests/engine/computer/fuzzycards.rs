//! Fuzzycards' computer player on hand-made decks.

use deckwright::engine::core::Seat;
use deckwright::engine::game::{FIXED_THINK, Level, Rules};
use deckwright::engine::game_seed;
use deckwright::engine::matchup::{TURN_GUARD, play_game, play_game_within};

use crate::fuzzycards::{catalog, game, hero};

/// Level::Quick plays to win: against a random legal player on the same
/// vanilla decks it wins most games (measured with `deckwright match`).
#[test]
fn quick_beats_random_on_mirrored_vanilla_decks() {
    let cat = catalog(vec![
        hero("Brute", 2, 6, 3, 7, ""),
        hero("Cub", 1, 3, 2, 4, ""),
        hero("Giant", 4, 9, 5, 12, ""),
    ]);
    let deck = [(0u16, 12), (1, 10), (2, 8)];
    let g = game(&cat, &deck, Some(&deck));
    let games = 60;
    let mut wins = 0;
    let mut buf = Vec::new();
    for i in 0..games {
        let mut st = g.new_state();
        let seat = if i % 2 == 0 {
            Seat::First
        } else {
            Seat::Second
        };
        let o = play_game(
            &g,
            &mut st,
            game_seed(11, i),
            seat,
            [Level::Quick, Level::Random],
            [FIXED_THINK; 2],
            &mut buf,
        )
        .unwrap();
        wins += usize::from(o.winner() == Some(0));
    }
    assert!(
        wins * 100 >= games as usize * 90,
        "Quick won {wins} of {games}"
    );
}

/// A turn that takes more actions than the turn guard stops the game with
/// the turn named (a policy undoing its own moves is found in seconds, not
/// after the whole game's guard); the match's guard is far above any real
/// turn (the same game ends under it).
#[test]
fn a_turn_past_the_turn_guard_stops_the_game_and_names_the_turn() {
    let cat = catalog(vec![
        hero("Brute", 2, 6, 3, 7, ""),
        hero("Cub", 1, 3, 2, 4, ""),
    ]);
    let deck = [(0u16, 16), (1, 14)];
    let g = game(&cat, &deck, Some(&deck));
    let mut buf = Vec::new();
    let play = |guard: u32, buf: &mut Vec<_>| {
        let mut st = g.new_state();
        play_game_within(
            &g,
            &mut st,
            game_seed(5, 0),
            Seat::First,
            [Level::Quick; 2],
            [FIXED_THINK; 2],
            buf,
            guard,
        )
    };
    let e = play(1, &mut buf).expect_err("a turn of one action at most");
    assert_eq!(e.rule, "loop guard");
    assert!(
        e.message.contains("did not end after 1 actions"),
        "{}",
        e.message
    );
    assert!(play(TURN_GUARD, &mut buf).is_ok());
}

/// Puts a copy of player `p`'s `name` from its Scroll or hand on its field
/// in `row`, ready to attack.
fn field(
    g: &deckwright::engine::fuzzycards::Fuzzycards,
    st: &mut deckwright::engine::fuzzycards::State,
    p: usize,
    name: &str,
    row: deckwright::engine::fuzzycards::Zone,
) -> u16 {
    use deckwright::engine::core::At;
    use deckwright::engine::fuzzycards::{FRESH, Zone, z};
    for from in [Zone::Scroll, Zone::Hand] {
        if let Some(&c) = st
            .core
            .zones
            .get(z(p, from))
            .iter()
            .find(|&&c| g.copy_name(c) == name)
        {
            st.core.zones.move_copy(z(p, from), c, z(p, row), At::Top);
            st.flags[usize::from(c)] &= !FRESH;
            return c;
        }
    }
    panic!("no {name} left for player {p}");
}

/// Issue 27, the lethal threat: player 0 has 4 Life; the other side's
/// Flipping Boar (ATK 10) is on its Altar, ready for next turn. Player 0's
/// Cub (ATK 5, DEF 3, HP 4) stands on its Altar and its Hedgehog (DEF 6,
/// HP 5) in the Vault, both ready. A Cub left on the Altar is KO'd with 5
/// Pierce (10 − 1 − 4): lethal. The quick player keeps only the Hedgehog
/// there (7 − 5 = 2 Pierce) — today's quick puts both up and the Cub
/// attacks, and the Boar's attack on it next turn wins the game.
#[test]
fn fz_ai_quick_blocks_a_lethal_attack() {
    use deckwright::engine::fuzzycards::{Action, Phase, Zone, z};
    let cat = catalog(vec![
        hero("Cub", 1, 5, 3, 4, ""),
        hero("Hedgehog", 1, 4, 6, 5, ""),
        hero("Boar", 3, 10, 5, 9, ""),
    ]);
    let deck = [(0u16, 10), (1, 10), (2, 10)];
    let g = game(&cat, &deck, Some(&deck));
    let mut st = g.new_state();
    g.start(&mut st, 5, Seat::First);
    while matches!(st.phase, Phase::Mulligan { .. }) {
        g.apply(&mut st, Action::Keep).unwrap();
    }
    assert_eq!((st.phase, st.core.active), (Phase::Activate, 0));
    let cub = field(&g, &mut st, 0, "Cub", Zone::Altar);
    let hedgehog = field(&g, &mut st, 0, "Hedgehog", Zone::Vault);
    let boar = field(&g, &mut st, 1, "Boar", Zone::Altar);
    st.core.life[0] = 4;
    st.energy[0] = 0;
    let lethal = |st: &deckwright::engine::fuzzycards::State| {
        let altar = st.core.zones.get(z(0, Zone::Altar));
        altar.is_empty()
            || altar
                .iter()
                .any(|&c| g.attack_damage(st, boar, c) - g.remaining(st, c) >= st.core.life[0])
    };
    assert!(lethal(&st), "the Boar's attack on the Cub is lethal now");
    let mut acts = Vec::new();
    while st.core.active == 0 && g.outcome(&st).is_none() && acts.len() < 40 {
        let a = g.policy(&st, Level::Quick);
        acts.push(a);
        g.apply(&mut st, a).unwrap_or_else(|e| panic!("{a:?}: {e}"));
        if st.phase == Phase::Exodus {
            break;
        }
    }
    assert_eq!(st.phase, Phase::Exodus, "the turn ended: {acts:?}");
    assert!(!lethal(&st), "no lethal attack left: {acts:?}");
    let altar = st.core.zones.get(z(0, Zone::Altar));
    assert!(
        altar.contains(&hedgehog) && !altar.contains(&cub),
        "{acts:?}"
    );
}

/// Issue 27: the quick player beats the goldfish racer in every sample
/// mirror: measured 74.3% (wisdom wall), 71.2% (sample) and 69.8%
/// (beatdown) over these 1,000 games (75.2%, 70.4% and 70.5% over 4,000,
/// seed 101; the quick player before issue 27: 46.2%, 50.6% and 57.2%).
#[test]
fn fuzzycards_quick_beats_the_goldfish_policy() {
    for (deck, floor) in [
        ("fuzzycards-wisdom-wall.txt", 0.70),
        ("fuzzycards-beatdown.txt", 0.65),
        ("fuzzycards-sample.dck", 0.66),
    ] {
        let r = super::win_rate_in("fuzzycards", deck, deck, "quick", "goldfish", 1000, 17);
        assert!(r >= floor, "{deck}: quick won {r:.3} against goldfish");
    }
}

/// Issue 27: every level's Settle ends. In this position (a beatdown
/// mirror, strong against flat, seed 4) the quick player swapped Clover
/// Rabbit and Ember Cub back and forth for ever and the match hung: its
/// plan read the rows as they were, and each swap made the other
/// arrangement look better; and the searching levels took "Swap Clover
/// Rabbit and Ember Cub" for one move whichever copies it named, so they
/// played a swap the quick player had not chosen and the quick player's
/// next move undid it.
#[test]
fn fz_ai_settle_ends_where_it_swapped_for_ever() {
    use deckwright::engine::core::Viewer;
    use deckwright::engine::game::Think;
    let path = crate::support::repo("tests/fixtures/positions/fz-settle-swaps-for-ever.toml");
    let sc = deckwright::scenario::load(&path).unwrap();
    let cat = deckwright::catalog::load(&sc.catalog).unwrap().catalog;
    for level in [Level::Quick, Level::Strong, Level::Flat] {
        let mut s = deckwright::scenario::session(&sc, &cat).unwrap();
        let mut moves = Vec::new();
        while s.view(Viewer::All)["phase"] == "settle" {
            let c = s.decide(level, Think::Iterations(150)).unwrap();
            moves.push(c.label.clone());
            assert!(moves.len() <= 12, "{level:?}: {moves:#?}");
            s.apply(&c.action).unwrap();
        }
    }
}
