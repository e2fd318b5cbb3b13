//! Strange World scoring (rules-notes SW §7 `SCORE`, S1-S7) on hand-computed
//! Worlds in `tests/fixtures/worlds/`, and the World file's errors and warnings.
//!
//! Each fixture states what it expects in its header, next to the hand
//! computation:
//!
//! ```text
//! # options: lake_counts_fumaroles=false     (optional)
//! # expect: mountains=5 lakes=0 ... total=7   (the parts it checks)
//! # met: Splash=true                           (Traveller conditions)
//! # error: 6: unknown card "Plain 99"          (bad/: line and message)
//! # warning: 4: watcher ...                    (warn/: line and message)
//! ```

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use deckwright::catalog;
use deckwright::engine::solo::{
    Breakdown, Components, SoloRules, WorldShape, load_world, parse_world, score, travellers,
};
use deckwright::model::Catalog;

fn dir() -> PathBuf {
    crate::support::root().join("tests/fixtures/worlds")
}

fn fixture_catalog() -> Catalog {
    catalog::load(&dir().join("catalog.toml"))
        .expect("the fixture catalog loads")
        .catalog
}

/// The `# key: value` header lines of a fixture.
fn header(path: &Path) -> BTreeMap<String, String> {
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .filter_map(|l| l.strip_prefix("# "))
        .filter_map(|l| l.split_once(": "))
        .filter(|(k, _)| ["options", "expect", "met", "error", "warning"].contains(k))
        .map(|(k, v)| (k.to_string(), v.trim().to_string()))
        .collect()
}

fn pairs(s: &str) -> Vec<(String, String)> {
    s.split_whitespace()
        .map(|kv| {
            let (k, v) = kv.split_once('=').expect("key=value");
            (k.to_string(), v.to_string())
        })
        .collect()
}

fn components(cat: &Catalog, h: &BTreeMap<String, String>) -> Components {
    let overrides = h.get("options").map(|o| pairs(o)).unwrap_or_default();
    Components::new(cat, SoloRules::new(&overrides).unwrap()).unwrap()
}

fn part(b: &Breakdown, key: &str) -> u32 {
    match key {
        "mountains" => b.mountains,
        "lakes" => b.lakes,
        "animals" => b.animals,
        "swamps" => b.swamps,
        "dark_cities" => b.dark_cities,
        "watchers" => b.watchers,
        "travellers" => b.travellers,
        "total" => b.total,
        other => panic!("unknown part {other}"),
    }
}

/// Scores a fixture and checks every expectation in its header.
fn check(name: &str) {
    let path = dir().join(name);
    let h = header(&path);
    let cat = fixture_catalog();
    let c = components(&cat, &h);
    let file = load_world(&path, &cat, &c).unwrap_or_else(|e| panic!("{name}:\n{e}"));
    if !name.starts_with("warn/") {
        assert!(file.warnings.is_empty(), "{name}: {:?}", file.warnings);
    }
    let b = score(&file.world, &c);
    let expect = h.get("expect").expect("an expect line");
    for (k, v) in pairs(expect) {
        assert_eq!(
            part(&b, &k),
            v.parse::<u32>().unwrap(),
            "{name}: {k} in {b:?}"
        );
    }
    assert_eq!(
        b.total,
        b.mountains + b.lakes + b.animals + b.swamps + b.dark_cities + b.watchers + b.travellers
    );
    if let Some(met) = h.get("met") {
        let scored = travellers(&file.world, &c);
        for (t, want) in pairs(met) {
            let got = scored
                .iter()
                .find(|s| s.name == t)
                .unwrap_or_else(|| panic!("{name}: no Traveller {t}"));
            assert_eq!(got.met.to_string(), want, "{name}: {t}");
        }
    }
    // the World survives writing and reading back with the same score
    let again = WorldShape::of(&file.world, &c).to_toml();
    let back = parse_world(&again, Path::new("again.toml"), &cat, &c)
        .unwrap_or_else(|e| panic!("{name} written back:\n{again}\n{e}"));
    assert_eq!(score(&back.world, &c), b, "{name} written back:\n{again}");
}

#[test]
fn s1_mountain_range_is_the_group_with_most_icons_and_skips_covered_cards() {
    check("s1-mountains.toml");
}

#[test]
fn s2_lakes_count_neighbours_that_are_not_tzimime() {
    check("s2-lakes.toml");
}

#[test]
fn s2_lakes_option_fumarole_neighbours_do_not_count() {
    check("s2-lakes-no-fumaroles.toml");
}

#[test]
fn s3_animals_count_species_once_and_only_when_shown() {
    check("s3-animals.toml");
}

#[test]
fn s4_swamps_score_three_each_when_shown() {
    check("s4-swamps.toml");
}

#[test]
fn s5_dark_cities_add_their_stars() {
    check("s5-dark-cities.toml");
}

#[test]
fn s6_watchers_score_matching_icons_down_their_column() {
    check("s6-watchers.toml");
}

#[test]
fn s6_watchers_option_count_mountain_cards() {
    check("s6-watchers-cards.toml");
}

#[test]
fn s7_splash_met_and_not_met() {
    check("t-splash-pos.toml");
    check("t-splash-neg.toml");
}

#[test]
fn s7_traveller_base_is_conditional_with_the_option_off() {
    check("t-splash-neg-strict.toml");
}

#[test]
fn s7_burk_met_and_not_met() {
    check("t-burk-pos.toml");
    check("t-burk-neg.toml");
}

#[test]
fn s7_kark_met_and_not_met() {
    check("t-kark-pos.toml");
    check("t-kark-neg.toml");
}

#[test]
fn s7_floulou_met_and_not_met() {
    check("t-floulou-pos.toml");
    check("t-floulou-neg.toml");
}

#[test]
fn s7_pshit_met_and_not_met() {
    check("t-pshit-pos.toml");
    check("t-pshit-neg.toml");
}

#[test]
fn s7_boung_met_and_not_met() {
    check("t-boung-pos.toml");
    check("t-boung-neg.toml");
}

#[test]
fn s7_boung_option_half_a_vertical_portal_counts() {
    check("t-boung-half.toml");
}

#[test]
fn s7_koro_met_and_not_met() {
    check("t-koro-pos.toml");
    check("t-koro-neg.toml");
}

#[test]
fn s7_rumph_met_and_not_met() {
    check("t-rumph-pos.toml");
    check("t-rumph-neg.toml");
}

/// p.7 "overlapping the row above or below": the row above a top-row
/// portal lies outside the World and counts nothing.
#[test]
fn p07_a_traveller_over_the_row_above_counts_its_row_of_the_world() {
    check("t-kark-row-above.toml");
}

#[test]
fn s7_three_travellers_and_every_part_of_one_world() {
    check("t-three-travellers.toml");
}

#[test]
fn every_fixture_world_is_checked_by_a_test() {
    let src = std::fs::read_to_string(crate::support::root().join(file!())).unwrap_or_default();
    for e in std::fs::read_dir(dir()).unwrap() {
        let name = e.unwrap().file_name().to_string_lossy().to_string();
        if name.ends_with(".toml") && name != "catalog.toml" {
            assert!(src.contains(&format!("\"{name}\"")), "{name} has no test");
        }
    }
}

/// The error a bad fixture documents: its line and part of its message.
fn bad(name: &str) {
    let path = dir().join("bad").join(name);
    let h = header(&path);
    let (line, message) = h["error"].split_once(": ").unwrap();
    let line: usize = line.parse().unwrap();
    let cat = fixture_catalog();
    let c = components(&cat, &h);
    let err = load_world(&path, &cat, &c)
        .map(|_| ())
        .expect_err(&format!("{name} must be refused"));
    assert!(
        err.0
            .iter()
            .any(|d| d.line == line && d.message.contains(message) && d.file == path),
        "{name}: want line {line} `{message}`, got:\n{err}"
    );
}

#[test]
fn bad_world_unknown_card() {
    bad("unknown-card.toml");
}

#[test]
fn bad_world_wrong_shape() {
    bad("three-rows.toml");
    bad("short-row.toml");
    bad("no-rows.toml");
    bad("not-a-string.toml");
}

#[test]
fn bad_world_card_used_twice() {
    bad("card-twice.toml");
}

#[test]
fn bad_world_card_that_is_not_a_land() {
    bad("not-a-land.toml");
}

#[test]
fn bad_world_starting_land_face_down() {
    bad("starting-face-down.toml");
}

#[test]
fn bad_world_traveller_without_two_adjacent_rows() {
    bad("traveller-rows.toml");
    bad("traveller-rows-outside.toml");
    bad("traveller-no-rows.toml");
}

/// Option `traveller_rows_in_square`: both rows inside the World.
#[test]
fn bad_world_option_traveller_rows_in_square() {
    bad("traveller-rows-in-square.toml");
}

#[test]
fn bad_world_traveller_twice_or_unknown() {
    bad("traveller-twice.toml");
    bad("unknown-traveller.toml");
}

#[test]
fn bad_world_dark_city_the_box_does_not_hold() {
    bad("dark-city-twice.toml");
}

#[test]
fn bad_world_unknown_key_and_syntax() {
    bad("unknown-key.toml");
    bad("syntax.toml");
}

#[test]
fn every_bad_fixture_is_checked() {
    let src = std::fs::read_to_string(crate::support::root().join(file!())).unwrap_or_default();
    for e in std::fs::read_dir(dir().join("bad")).unwrap() {
        let name = e.unwrap().file_name().to_string_lossy().to_string();
        assert!(
            src.contains(&format!("bad(\"{name}\")")),
            "{name} has no test"
        );
    }
}

fn warned(name: &str) {
    let path = dir().join("warn").join(name);
    let h = header(&path);
    let (line, message) = h["warning"].split_once(": ").unwrap();
    let line: usize = line.parse().unwrap();
    let cat = fixture_catalog();
    let c = components(&cat, &h);
    let file = load_world(&path, &cat, &c).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert!(
        file.warnings
            .iter()
            .any(|d| d.line == line && d.message.contains(message)),
        "{name}: want line {line} `{message}`, got {:?}",
        file.warnings
    );
}

#[test]
fn impossible_worlds_are_scored_with_a_warning() {
    warned("lakes-touch.toml");
    check("warn/lakes-touch.toml");
    warned("watcher-low.toml");
    warned("fumarole-alone.toml");
}

/// p.7 "When you assemble a dimensional Portal in your World, you may
/// immediately take a Traveller card ... and place it at the end of the line
/// where the Portal is": a Traveller with no completed portal of its own in
/// its rows is scored with a warning.
#[test]
fn p07_a_traveller_without_a_portal_of_its_own_is_warned_of() {
    warned("traveller-no-portal.toml");
    check("warn/traveller-no-portal.toml");
    warned("traveller-shares-portal.toml");
    check("warn/traveller-shares-portal.toml");
}

/// A watcher turned Tzimime side up by a row placed above it (p.10) may
/// have completed its portal before: its Traveller is no warning.
#[test]
fn p07_a_portal_whose_watcher_turned_later_still_brought_its_traveller() {
    let path = crate::support::root().join("tests/scenarios/strange-world/cards.toml");
    let cat = catalog::load(&path).unwrap().catalog;
    let c = Components::with_defaults(&cat).unwrap();
    let world = |rows: &str| {
        format!(
            r#"rows = [
  ["Hollow Peak", "Goat Terraces", "Dry Hill", "Whalebone Cliffs"],
  ["~Skywell", "Split Summit", "Twin Horns", "Start of Dawn"],
  ["Mistbog", "Blue Lake", "Moss Steps", "Heron Shallows"],
  ["Foxglove Meadow", "Peat Hollow", "Owl Spire", "Glassmirror Lake"],
]
travellers = [{{ name = "Kark", rows = {rows} }}]
"#
        )
    };
    let portal_warnings = |rows: &str| -> Vec<String> {
        let file = parse_world(&world(rows), Path::new("w.toml"), &cat, &c).unwrap();
        file.warnings
            .iter()
            .map(|d| d.message.clone())
            .filter(|m| m.contains("portal"))
            .collect()
    };
    assert_eq!(portal_warnings("[1, 2]"), Vec::<String>::new());
    // rows C-D hold no portal (Foxglove Meadow and Moss Steps face no half)
    let w = portal_warnings("[2, 3]");
    assert_eq!(w.len(), 1, "{w:?}");
    assert!(w[0].contains("Traveller \"Kark\" (rows [2, 3])"), "{w:?}");
}

#[test]
fn a_catalog_of_another_game_is_refused() {
    let path = crate::support::root().join("tests/fixtures/catalogs/fuzzycards.toml");
    let cat = catalog::load(&path).unwrap().catalog;
    let err = Components::with_defaults(&cat).unwrap_err();
    assert!(err.to_string().contains("not Strange World"), "{err}");
}
