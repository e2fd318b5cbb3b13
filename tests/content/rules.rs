//! Construction rules, one test per rules-notes id, on fixture catalogs in
//! tests/fixtures/catalogs. Each test states the deck and the exact set of rule
//! ids it must produce. Decks are checked as `validate` checks them: with the
//! cards' text read by the game's engine (DD-D4).

use std::collections::BTreeSet;
use std::path::Path;

use deckwright::catalog;
use deckwright::decklist::parse_text;
use deckwright::engine::validate;
use deckwright::model::Catalog;
use deckwright::rules::{CheckOptions, Mode, Report};

fn catalog(game: &str) -> Catalog {
    let path = crate::support::root().join(format!("tests/fixtures/catalogs/{game}.toml"));
    catalog::load(&path)
        .unwrap_or_else(|e| panic!("{e}"))
        .catalog
}

fn check_with(game: &str, deck: &str, opts: CheckOptions) -> Report {
    let deck = parse_text(deck, Path::new("deck.txt")).unwrap_or_else(|e| panic!("{e}"));
    validate(&catalog(game), &deck, &opts).unwrap()
}

fn check(game: &str, deck: &str) -> Report {
    check_with(game, deck, CheckOptions::default())
}

fn ids(r: &Report) -> BTreeSet<&'static str> {
    r.violations.iter().map(|v| v.rule.as_str()).collect()
}

fn set(ids: &[&'static str]) -> BTreeSet<&'static str> {
    ids.iter().copied().collect()
}

fn opt(k: &str, v: &str) -> CheckOptions {
    CheckOptions {
        overrides: vec![(k.to_string(), v.to_string())],
        ..CheckOptions::default()
    }
}

// ---------------------------------------------------------------- Fuzzycards

/// 30 cards, 18 heroes, one copy of each legendary: legal.
const FZ_LEGAL: &str = "\
3 Ember Cub\n3 Tide Pup\n3 Verdict Owl\n3 Riddle Fox\n2 Diamond Paw\n2 Sage Bear\n1 Fuzzy Prime\n1 Oracle Moth\n\
3 Lucky Collar\n3 Watchtower\n3 Sudden Insight\n3 Pack Rally\n";

#[test]
fn fz_legal_deck_has_no_violations() {
    let r = check("fuzzycards", FZ_LEGAL);
    assert!(r.legal, "{:?}", r.violations);
    assert_eq!(r.total, 30);
    let heroes = r.sections.iter().find(|s| s.name == "Heroes").unwrap();
    assert_eq!(heroes.count, 18);
}

#[test]
fn fz_d1_deck_size() {
    for (deck, total) in [
        (FZ_LEGAL.replace("3 Pack Rally", "2 Pack Rally"), 29),
        (
            FZ_LEGAL.replace("2 Sage Bear", "2 Sage Bear\n1 Storm Lynx"),
            31,
        ),
    ] {
        let r = check("fuzzycards", &deck);
        assert_eq!(ids(&r), set(&["deck-size"]), "{total}");
        let v = &r.violations[0];
        assert_eq!(v.reference, Some("FZ-D1"));
        assert_eq!(
            v.message,
            format!("deck has {total} cards; Fuzzycards needs exactly 30")
        );
    }
}

#[test]
fn fz_d2_hero_minimum() {
    // 14 heroes + 16 others = 30
    let deck = "3 Ember Cub\n3 Tide Pup\n3 Verdict Owl\n3 Riddle Fox\n1 Fuzzy Prime\n1 Oracle Moth\n\
                3 Lucky Collar\n3 Watchtower\n3 Sudden Insight\n3 Pack Rally\n2 Lucky Collar\n2 Watchtower\n";
    let r = check("fuzzycards", deck);
    assert!(ids(&r).contains("hero-minimum"));
    let v = r
        .violations
        .iter()
        .find(|v| v.rule.as_str() == "hero-minimum")
        .unwrap();
    assert_eq!(
        v.message,
        "deck has 14 Heroes; Fuzzycards needs at least 15 Heroes"
    );
    assert_eq!(v.reference, Some("FZ-D2"));
}

#[test]
fn fz_d3_copy_limit_counts_lines_together() {
    // 4 Ember Cub spread over two lines, 29 otherwise
    let deck = FZ_LEGAL.replace("3 Ember Cub", "2 Ember Cub\n2 ember   cub");
    let r = check("fuzzycards", &deck);
    assert_eq!(ids(&r), set(&["deck-size", "copy-limit"]));
    let v = r
        .violations
        .iter()
        .find(|v| v.rule.as_str() == "copy-limit")
        .unwrap();
    assert_eq!(
        v.message,
        "4 copies of \"Ember Cub\"; Fuzzycards allows at most 3"
    );
    assert_eq!(v.cards, vec!["Ember Cub".to_string()]);
}

#[test]
fn fz_d4_legendary_limit_per_card() {
    let deck = FZ_LEGAL
        .replace("1 Fuzzy Prime", "2 Fuzzy Prime")
        .replace("3 Pack Rally", "2 Pack Rally");
    let r = check("fuzzycards", &deck);
    assert_eq!(ids(&r), set(&["legendary-limit"]));
    assert!(
        r.violations[0]
            .message
            .contains("2 copies of Legendary \"Fuzzy Prime\"")
    );
}

#[test]
fn fz_d4_legendary_limit_per_deck_option() {
    // one copy each of two legendaries: legal per card, illegal per deck
    assert!(check("fuzzycards", FZ_LEGAL).legal);
    let r = check_with("fuzzycards", FZ_LEGAL, opt("legendary_limit", "per-deck"));
    assert_eq!(ids(&r), set(&["legendary-limit"]));
    assert_eq!(r.violations[0].cards.len(), 2);
}

#[test]
fn fz_unknown_card_still_checks_the_rest() {
    let deck = FZ_LEGAL.replace("3 Pack Rally", "3 Pack Rallye\n4 Tide Pup");
    let r = check("fuzzycards", &deck);
    assert_eq!(ids(&r), set(&["unknown-card", "deck-size", "copy-limit"]));
    let unknown = &r.violations[0];
    assert_eq!(unknown.line, Some(12));
    assert_eq!(r.total, 34);
}

// ------------------------------------------------------------ Bizarre World

fn bw(n_rock: u32, extra: &str) -> String {
    format!(
        "{n_rock} Boring Rock of Minimum Wage\n3 Boring Alien of Sacrifice\n3 Happy Penny Printer of Emptiness\n\
         3 Sad Gift of Minimum Wage\n3 Lazy Rock of Charity [lazy-rock-2]\n3 Odd Spoon of Fate\n{extra}"
    )
}

#[test]
fn bw_d2_duel_sizes_and_life() {
    // table: deck size -> duel name and life, or a deck-size violation
    let cases: &[(u32, Option<(&str, u32)>)] = &[
        (17, None),
        (18, Some(("speed", 10))),
        (26, Some(("speed", 10))),
        (27, Some(("normal", 15))),
        (35, Some(("normal", 15))),
        (36, Some(("long", 20))),
        (60, Some(("long", 20))),
    ];
    for &(size, want) in cases {
        // fill with random cards (no copy limit in random mode)
        let deck = format!("{size} Odd Spoon of Fate\n");
        let r = check("bizarre-world", &deck);
        match want {
            None => {
                assert_eq!(ids(&r), set(&["deck-size"]), "{size}");
                assert_eq!(r.violations[0].reference, Some("BW-D2"));
                assert!(r.duel.is_none());
            }
            Some((name, life)) => {
                assert!(r.legal, "{size}: {:?}", r.violations);
                let d = r.duel.unwrap();
                assert_eq!((d.name.as_str(), d.life), (name, life), "{size}");
            }
        }
    }
}

#[test]
fn bw_d1_random_mode_holds_only_random_cards() {
    let deck = "17 Odd Spoon of Fate\n1 Proud Anvil of Craft\n";
    let r = check("bizarre-world", deck);
    assert_eq!(r.mode, Some(Mode::Crafting)); // mixed: inferred as crafting
    // Mixed decks are allowed by default; in crafting mode BW-D4 counts the
    // random-origin copies too (digest BW §6.6), so only the copy limit.
    assert_eq!(ids(&r), set(&["copy-limit"]), "{:?}", r.violations);
    let forced = check_with(
        "bizarre-world",
        deck,
        CheckOptions {
            mode: Some(Mode::Random),
            ..CheckOptions::default()
        },
    );
    assert_eq!(ids(&forced), set(&["deck-mode"]));
    assert_eq!(
        forced.violations[0].cards,
        vec!["Proud Anvil of Craft".to_string()]
    );
    let strict = check_with("bizarre-world", deck, opt("mixed_decks", "error"));
    assert_eq!(ids(&strict), set(&["deck-mode", "copy-limit"]));
}

/// rules-notes BW §6.6: a card without an `origin` takes the deck's mode, so a
/// catalog that never says how its cards were made still plays random decks.
#[test]
fn bw_d1_cards_without_origin_take_the_decks_mode() {
    let deck = "10 Boring Rock of Minimum Wage\n8 Sad Gift of Minimum Wage\n";
    let random = CheckOptions {
        mode: Some(Mode::Random),
        ..CheckOptions::default()
    };
    let r = check_with("bizarre-world", deck, random.clone());
    assert_eq!(r.mode, Some(Mode::Random));
    assert!(r.legal, "{:?}", r.violations);
    // the same cards in crafting mode are crafted: BW-D4 counts them
    let r = check("bizarre-world", deck);
    assert_eq!(r.mode, Some(Mode::Crafting));
    assert_eq!(ids(&r), set(&["copy-limit"]));
    // a negative point value is no violation in random mode either (BW-D5)
    let r = check_with(
        "bizarre-world",
        "17 Boring Rock of Minimum Wage\n1 Greedy Goblin of Debt\n",
        random,
    );
    assert!(r.legal, "{:?}", r.violations);
}

#[test]
fn bw_d3_point_value() {
    let r = check("bizarre-world", &bw(3, "1 Greedy Goblin of Debt\n"));
    assert_eq!(ids(&r), set(&["point-value"]));
    assert!(r.violations[0].message.contains("point value -2"));
    // a random card with negative points is exempt by default...
    assert!(check("bizarre-world", &bw(3, "1 Wild Comet of Chaos\n")).legal);
    // ...and checked when the option says so
    let r = check_with(
        "bizarre-world",
        &bw(3, "1 Wild Comet of Chaos\n"),
        opt("random_points_checked", "true"),
    );
    assert_eq!(ids(&r), set(&["point-value"]));
}

#[test]
fn bw_d4_three_per_name_across_cost_variants() {
    let r = check(
        "bizarre-world",
        &bw(3, "1 Lazy Rock of Charity [lazy-rock-3]\n"),
    );
    assert_eq!(ids(&r), set(&["copy-limit"]));
    assert_eq!(r.violations[0].reference, Some("BW-D4"));
    assert!(
        r.violations[0]
            .message
            .starts_with("4 copies of \"Lazy Rock of Charity\"")
    );
}

/// rules-notes BW §6.6: in a crafting-mode deck BW-D4 counts all cards of
/// a name, random ones too — 4 random-origin Odd Spoons beside crafted
/// cards are one too many.
#[test]
fn bw_d4_random_origin_copies_count_in_a_crafting_deck() {
    let r = check("bizarre-world", &bw(3, "1 Odd Spoon of Fate\n"));
    assert_eq!(r.mode, Some(Mode::Crafting));
    assert_eq!(ids(&r), set(&["copy-limit"]));
    assert_eq!(r.violations[0].reference, Some("BW-D4"));
    assert!(
        r.violations[0]
            .message
            .starts_with("4 copies of \"Odd Spoon of Fate\""),
        "{:?}",
        r.violations
    );
}

#[test]
fn bw_cost_variants_need_an_id() {
    let r = check("bizarre-world", &bw(3, "1 Lazy Rock of Charity\n"));
    // ambiguous, and it still counts toward the name's copies (3 + 1)
    assert_eq!(ids(&r), set(&["ambiguous-card", "copy-limit"]));
    assert!(
        r.violations[0]
            .message
            .contains("[lazy-rock-2] (cost 2), [lazy-rock-3] (cost 3)")
    );
}

#[test]
fn bw_d5_random_mode_has_no_copy_or_point_limit() {
    let r = check(
        "bizarre-world",
        "10 Wild Comet of Chaos\n10 Odd Spoon of Fate\n",
    );
    assert_eq!(r.mode, Some(Mode::Random));
    assert!(r.legal, "{:?}", r.violations);
}

// ---------------------------------------------------------------- Rizontical

fn rz(numen: &str, fighters: &[&str], powers: std::ops::Range<u32>) -> String {
    let mut s = format!("Numen:\n{numen}\nFighters:\n");
    for f in fighters {
        s.push_str(&format!("1 {f}\n"));
    }
    s.push_str("Powers:\n");
    for i in powers {
        s.push_str(&format!("1 Power {i}\n"));
    }
    s
}

const EIGHT: [&str; 8] = [
    "Zill",
    "Mya",
    "Aaro",
    "Fuq Yew",
    "Kain",
    "Defecator",
    "Poe",
    "Lumo",
];

#[test]
fn rz_legal_deck_sections_inferred_from_types() {
    let r = check("rizontical", &rz("1 Humlae", &EIGHT, 1..31));
    assert!(r.legal, "{:?}", r.violations);
    assert_eq!(r.total, 39);
    // headers are optional: the same cards without them
    let bare = rz("1 Humlae", &EIGHT, 1..31)
        .lines()
        .filter(|l| !l.ends_with(':'))
        .collect::<Vec<_>>()
        .join("\n");
    let r = check("rizontical", &bare);
    assert!(r.legal);
    let counts: Vec<u32> = r.sections.iter().map(|s| s.count).collect();
    assert_eq!(counts, vec![1, 8, 30]);
}

#[test]
fn rz_d1_numen_count() {
    for numen in ["", "1 Humlae\n1 Brawna", "2 Humlae"] {
        let r = check("rizontical", &rz(numen, &EIGHT, 1..31));
        assert_eq!(ids(&r), set(&["numen-count"]), "{numen:?}");
        assert_eq!(r.violations[0].reference, Some("RZ-D1"));
    }
}

#[test]
fn rz_d2_eight_different_fighters() {
    let r = check("rizontical", &rz("1 Humlae", &EIGHT[..7], 1..31));
    assert_eq!(ids(&r), set(&["fighter-count"]));
    assert_eq!(
        r.violations[0].message,
        "deck has 7 Fighters; Rizontical needs exactly 8 Fighters"
    );
    let mut dup = EIGHT.to_vec();
    dup[7] = "Zill";
    let r = check("rizontical", &rz("1 Humlae", &dup, 1..31));
    assert_eq!(ids(&r), set(&["singleton"]));
    assert_eq!(r.violations[0].reference, Some("RZ-D2"));
}

#[test]
fn rz_d3_thirty_different_powers() {
    let r = check("rizontical", &rz("1 Humlae", &EIGHT, 1..32));
    assert_eq!(ids(&r), set(&["power-count"]));
    let deck = rz("1 Humlae", &EIGHT, 1..30) + "1 power 1\n";
    let r = check("rizontical", &deck);
    assert_eq!(ids(&r), set(&["singleton"]));
    assert_eq!(r.violations[0].reference, Some("RZ-D3"));
}

// ---------------------------------------------------------- Dice of Destiny

#[test]
fn dd_d1_deck_size() {
    let r = check("dice-of-destiny", "3 Frog Knight\n3 Moss Troll\n");
    assert_eq!(ids(&r), set(&["deck-size"]));
    assert_eq!(
        r.violations[0].message,
        "deck has 6 cards; Dice of Destiny needs exactly 30"
    );
}

/// 30 cards in green and grey, with 7 Swarm of Gnats (its text allows 7).
const DD_LEGAL: &str = "7 Swarm of Gnats\n3 Frog Knight\n3 Moss Troll\n3 Bog Hopper\n3 Leaf Sprite\n\
                        3 Zap\n3 Fog\n3 Mist\n2 Gust\n";

#[test]
fn dd_legal_deck() {
    let r = check("dice-of-destiny", DD_LEGAL);
    assert!(r.legal, "{:?}", r.violations);
}

#[test]
fn dd_d2_copy_limit_with_card_override() {
    let deck = DD_LEGAL
        .replace("7 Swarm of Gnats", "8 Swarm of Gnats")
        .replace("3 Mist", "2 Mist")
        .replace("2 Gust", "1 Gust\n1 zap");
    let r = check("dice-of-destiny", &deck);
    assert_eq!(ids(&r), set(&["copy-limit"]), "{:?}", r.violations);
    let msgs: Vec<&str> = r.violations.iter().map(|v| v.message.as_str()).collect();
    assert_eq!(
        msgs,
        vec![
            "8 copies of \"Swarm of Gnats\"; its card text allows at most 7",
            "4 copies of \"Zap\"; Dice of Destiny allows at most 3"
        ]
    );
}

#[test]
fn dd_d3_colour_limit() {
    let three = DD_LEGAL.replace("2 Gust", "1 Gust\n1 Tide Crab");
    let r = check("dice-of-destiny", &three);
    assert_eq!(ids(&r), set(&["colour-limit"]));
    let v = r
        .violations
        .iter()
        .find(|v| v.rule.as_str() == "colour-limit")
        .unwrap();
    assert_eq!(v.cards, vec!["Tide Crab".to_string()]);
    // grey exempt: green + blue = 2
    let lenient = check_with(
        "dice-of-destiny",
        &three,
        opt("grey_counts_as_colour", "false"),
    );
    assert!(lenient.legal, "{:?}", lenient.violations);
}

/// DD-D4 "Card effects always win arguments (even against the rulebook…)":
/// a card whose text allows 34 cards makes a 34-card deck legal, and only a
/// deck holding it; the message names the card.
#[test]
fn dd_d4_card_text_allows_another_deck_size() {
    let base = DD_LEGAL.replace("2 Gust", "3 Gust") + "2 Stingy Gnat\n"; // 33 cards
    let r = check("dice-of-destiny", &base);
    assert_eq!(ids(&r), set(&["deck-size"]));
    assert_eq!(
        r.violations[0].message,
        "deck has 33 cards; Dice of Destiny needs exactly 30"
    );
    let r = check("dice-of-destiny", &(base.clone() + "1 Giant Deck Beast\n"));
    assert!(r.legal, "{:?}", r.violations);
    assert_eq!(r.total, 34);
    let r = check(
        "dice-of-destiny",
        // Glass Moth's colour does not count (DD-D4), so only the size is off
        &(base.clone() + "1 Giant Deck Beast\n1 Glass Moth\n"),
    );
    assert_eq!(ids(&r), set(&["deck-size"]), "{:?}", r.violations);
    assert_eq!(
        r.violations[0].message,
        "deck has 35 cards; Dice of Destiny needs exactly 30 (or 34 cards, as \"Giant Deck Beast\"'s text allows)"
    );
}

/// DD-D4 with "up to": from the rule's 30 up to the card's 33.
#[test]
fn dd_d4_card_text_allows_a_deck_up_to_a_size() {
    let r = check(
        "dice-of-destiny",
        &(DD_LEGAL.to_string() + "1 Roomy Burrow\n"),
    );
    assert!(r.legal, "{:?}", r.violations);
    let over = DD_LEGAL.replace("2 Gust", "3 Gust") + "2 Stingy Gnat\n1 Roomy Burrow\n";
    let r = check("dice-of-destiny", &over);
    assert_eq!(ids(&r), set(&["deck-size"]));
    assert_eq!(
        r.violations[0].message,
        "deck has 34 cards; Dice of Destiny needs exactly 30 (or 30 to 33 cards, as \"Roomy Burrow\"'s text allows)"
    );
}

/// DD-D4 over DD-D3: a card allowing three colours raises the limit to three.
#[test]
fn dd_d4_card_text_allows_more_colours() {
    let four = DD_LEGAL.replace("2 Gust", "1 Tide Crab\n1 Rainbow Llama");
    let r = check("dice-of-destiny", &four);
    assert_eq!(ids(&r), set(&["colour-limit"]), "{:?}", r.violations);
    assert!(
        r.violations[0]
            .message
            .ends_with("(or 3 colours, as \"Rainbow Llama\"'s text allows)"),
        "{}",
        r.violations[0].message
    );
    // grey exempt: green, blue and red are the Llama's three
    let r = check_with(
        "dice-of-destiny",
        &four,
        opt("grey_counts_as_colour", "false"),
    );
    assert!(r.legal, "{:?}", r.violations);
    // the same three colours without the Llama break DD-D3
    let r = check_with(
        "dice-of-destiny",
        &DD_LEGAL.replace("2 Gust", "1 Tide Crab\n1 Ember Imp"),
        opt("grey_counts_as_colour", "false"),
    );
    assert_eq!(ids(&r), set(&["colour-limit"]));
}

/// DD-D4 over DD-D3: a card whose colour does not count.
#[test]
fn dd_d4_card_text_takes_a_card_out_of_the_colours() {
    let r = check(
        "dice-of-destiny",
        &DD_LEGAL.replace("2 Gust", "1 Gust\n1 Glass Moth"),
    );
    assert!(r.legal, "{:?}", r.violations);
}

/// DD-D4: the card's text wins over its catalog `copy_limit` field (Stingy
/// Gnat's field says 5, its text 2). Without the text reader only the field
/// speaks.
#[test]
fn dd_d4_card_text_wins_over_the_copy_limit_field() {
    let two = DD_LEGAL.replace("2 Gust", "2 Stingy Gnat");
    assert!(check("dice-of-destiny", &two).legal);
    let five = DD_LEGAL.replace("3 Mist\n2 Gust", "5 Stingy Gnat");
    let r = check("dice-of-destiny", &five);
    assert_eq!(ids(&r), set(&["copy-limit"]));
    assert_eq!(
        r.violations[0].message,
        "5 copies of \"Stingy Gnat\"; its card text allows at most 2"
    );
    let deck = parse_text(&five, Path::new("deck.txt")).unwrap();
    let fields_only =
        deckwright::games::validate(&catalog("dice-of-destiny"), &deck, &CheckOptions::default())
            .unwrap();
    assert!(fields_only.legal, "{:?}", fields_only.violations);
}

// ------------------------------------------------------------ Strange World

fn sw(lands: std::ops::RangeInclusive<u32>, extra: &str) -> String {
    let mut s = String::from("Lands:\n");
    for i in lands {
        s.push_str(&format!("1 Land {i:02}\n"));
    }
    s.push_str(
        "Starting Lands:\n1 Dawn Field\n1 Dusk Field\n1 Noon Field\n1 Night Field\n\
         Dark Cities:\n1 Dark City 9\n1 Dark City 7\n1 Dark City 5\n2 Dark City 4\n\
         Fumaroles:\n11 Fumarole\nTravellers:\n1 Splash\n1 Burk\n1 Kark\nSun:\n1 Sun\n",
    );
    s.push_str(extra);
    s
}

fn players(n: i64) -> CheckOptions {
    CheckOptions {
        players: Some(n),
        ..CheckOptions::default()
    }
}

#[test]
fn sw_land_decks_for_one_to_four_players() {
    // lands 1-21 are tier 1, 22-30 tier 2, 31-45 tier 3, 46-60 tier 4
    for (n, last) in [(1, 21), (2, 30), (3, 45), (4, 60)] {
        let r = check_with("strange-world", &sw(1..=last, ""), players(n));
        assert!(r.legal, "{n}: {:?}", r.violations);
        assert_eq!(r.players, Some(n));
        // without --players the highest tier decides
        assert_eq!(check("strange-world", &sw(1..=last, "")).players, Some(n));
    }
}

#[test]
fn sw_d1_land_tier() {
    let r = check_with("strange-world", &sw(1..=30, ""), players(1));
    assert_eq!(ids(&r), set(&["land-tier"]));
    assert!(r.violations[0].message.contains("Land 22 (tier 2)"));
    assert_eq!(r.violations[0].cards.len(), 9);
    let lenient = check_with(
        "strange-world",
        &sw(1..=30, ""),
        CheckOptions {
            players: Some(1),
            overrides: vec![("land_tiers".into(), "allow-higher".into())],
            ..CheckOptions::default()
        },
    );
    assert!(lenient.legal);
}

#[test]
fn sw_d2_starting_lands() {
    let deck = sw(1..=60, "").replace("1 Night Field\n", "");
    let r = check_with("strange-world", &deck, players(4));
    assert_eq!(ids(&r), set(&["starting-lands"]));
    let three = sw(1..=45, "").replace("1 Night Field\n", "");
    assert!(check_with("strange-world", &three, players(3)).legal);
}

#[test]
fn sw_d3_land_supply() {
    let r = check_with("strange-world", &sw(1..=20, ""), players(1));
    assert_eq!(ids(&r), set(&["deck-size"]));
    assert_eq!(
        r.violations[0].message,
        "land deck has 20 tier-1 Lands; a solo game needs at least 21 (7 stacks of 3)"
    );
    let r = check_with("strange-world", &sw(1..=44, ""), players(3));
    assert_eq!(ids(&r), set(&["deck-size"]));
    assert!(r.violations[0].message.contains("needs at least 45"));
}

#[test]
fn sw_d4_dark_cities() {
    let deck = sw(1..=21, "").replace("1 Dark City 7\n", "");
    let r = check_with("strange-world", &deck, players(1));
    assert_eq!(ids(&r), set(&["dark-cities"]));
    assert_eq!(
        r.violations[0].message,
        "the Dark City stack is [9, 5, 4, 4]; Strange World uses [9, 7, 5, 4, 4]"
    );
}

#[test]
fn sw_player_count_and_solo_travellers() {
    for n in [0, 5, -1] {
        let r = check_with("strange-world", &sw(1..=21, ""), players(n));
        assert_eq!(ids(&r), set(&["player-count"]), "{n}");
    }
    let deck = sw(1..=21, "").replace("1 Kark\n", "");
    assert_eq!(
        ids(&check_with("strange-world", &deck, players(1))),
        set(&["travellers"])
    );
    assert!(
        check_with("strange-world", &deck, players(2))
            .violations
            .iter()
            .all(|v| v.rule.as_str() != "travellers")
    );
}
