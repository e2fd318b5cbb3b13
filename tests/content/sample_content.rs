//! The sample content shipped in `resources/`: every catalog loads cleanly and
//! holds the rulebooks' printed facts, and every sample deck gets exactly the
//! verdict its header documents.
//!
//! A deck file documents its verdict in its first comment lines (or, for
//! Cockatrice `.cod` and Forge `.dck` files, in a sibling `<name>.expect`):
//!
//! ```text
//! # catalog: ../catalogs/fuzzycards.toml
//! # expect: illegal deck-size legendary-limit
//! # players: 2          (Strange World)
//! # mode: random        (Bizarre World)
//! ```

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use deckwright::catalog::{self, Loaded};
use deckwright::decklist;
use deckwright::games;
use deckwright::model::{Card, Catalog, FieldValue, GameId};
use deckwright::rules::{CheckOptions, Mode};

fn resources() -> PathBuf {
    crate::support::root().join("resources")
}

/// Files in `resources/<dir>` with one of `exts`, sorted.
fn files(dir: &str, exts: &[&str]) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(resources().join(dir))
        .unwrap_or_else(|e| panic!("resources/{dir}: {e}"))
        .map(|e| e.expect("directory entry").path())
        .filter(|p| {
            p.extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| exts.contains(&e))
        })
        .collect();
    out.sort();
    out
}

fn load_catalog(path: &Path) -> Loaded {
    catalog::load(path).unwrap_or_else(|e| panic!("{} does not load:\n{e}", path.display()))
}

fn sample_catalog(game: GameId) -> Catalog {
    load_catalog(&resources().join("catalogs").join(format!("{game}.toml"))).catalog
}

fn by_name<'a>(catalog: &'a Catalog, name: &str) -> &'a Card {
    catalog
        .cards
        .iter()
        .find(|c| c.name == name)
        .unwrap_or_else(|| panic!("{}: no card named {name:?}", catalog.name))
}

fn of_type<'a>(catalog: &'a Catalog, card_type: &'a str) -> impl Iterator<Item = &'a Card> + 'a {
    catalog
        .cards
        .iter()
        .filter(move |c| c.card_type == card_type)
}

fn list(card: &Card, key: &str) -> Vec<String> {
    card.field(key)
        .and_then(FieldValue::as_list)
        .unwrap_or(&[])
        .iter()
        .filter_map(|v| v.as_str().map(str::to_string))
        .collect()
}

// ------------------------------------------------------------------ catalogs

#[test]
fn every_catalog_loads_without_errors_or_lint_warnings() {
    let paths = files("catalogs", &["toml"]);
    let mut games_seen = BTreeSet::new();
    for path in &paths {
        let loaded = load_catalog(path);
        let warnings = catalog::lint(&loaded.catalog, &loaded.card_lines);
        assert!(
            warnings.is_empty(),
            "{} has lint warnings:\n{}",
            path.display(),
            warnings
                .iter()
                .map(|w| format!("  line {:?} {}: {}", w.line, w.card, w.message))
                .collect::<Vec<_>>()
                .join("\n")
        );
        let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
        assert_eq!(
            stem,
            loaded.catalog.game.to_string(),
            "{} is named after its game",
            path.display()
        );
        games_seen.insert(loaded.catalog.game);
    }
    assert_eq!(
        games_seen.len(),
        GameId::ALL.len(),
        "one sample catalog per game"
    );
}

#[test]
fn invented_catalogs_say_they_are_sample_content() {
    for path in files("catalogs", &["toml"]) {
        let c = load_catalog(&path).catalog;
        assert!(
            c.name.contains("(sample content)"),
            "{}: catalog name {:?} must say it is sample content",
            path.display(),
            c.name
        );
    }
}

#[test]
fn every_game_has_a_card_back_of_print_size() {
    for game in GameId::ALL {
        let path = resources().join("backs").join(format!("{game}.png"));
        let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(
            bytes.len() < 100_000,
            "{} is {} bytes",
            path.display(),
            bytes.len()
        );
        assert_eq!(
            &bytes[..8],
            b"\x89PNG\r\n\x1a\n",
            "{} is a PNG",
            path.display()
        );
        // IHDR: width and height are the big-endian words at 16 and 20.
        let word = |at: usize| u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap());
        let want = if game == GameId::StrangeWorld {
            (744, 1051) // 63 x 89 mm at 300 ppi
        } else {
            (744, 1039) // 63 x 88 mm at 300 ppi
        };
        assert_eq!((word(16), word(20)), want, "{}", path.display());
        let catalog = sample_catalog(game);
        assert_eq!(
            catalog.back.as_deref(),
            Some(format!("../backs/{game}.png").as_str())
        );
    }
}

#[test]
fn fuzzycards_catalog_covers_every_rarity_force_and_card_type() {
    let c = sample_catalog(GameId::Fuzzycards);
    let heroes: Vec<&Card> = of_type(&c, "hero").collect();
    let rarities: BTreeSet<&str> = heroes
        .iter()
        .filter_map(|h| h.str_field("rarity"))
        .collect();
    assert_eq!(rarities.len(), 5, "{rarities:?}");
    let forces: BTreeSet<&str> = heroes.iter().filter_map(|h| h.str_field("force")).collect();
    assert_eq!(forces.len(), 5, "{forces:?}");
    assert!(heroes.len() >= 15, "a legal deck needs 15 Heroes");
    for relic in ["equip", "field"] {
        assert!(
            of_type(&c, "relic").any(|r| r.str_field("relic") == Some(relic)),
            "no {relic} relic"
        );
    }
    for field in of_type(&c, "relic").filter(|r| r.str_field("relic") == Some("field")) {
        assert!(field.int("hp").is_some(), "{} has HP", field.name);
    }
    assert!(of_type(&c, "event").count() >= 3);
    let keywords: BTreeSet<String> = c.cards.iter().flat_map(|h| list(h, "keywords")).collect();
    for k in [
        "rush", "guard", "stealth", "drain", "shield", "bridge", "silence", "burn 2",
    ] {
        assert!(keywords.contains(k), "no card has keyword {k}");
    }
    // Each Hero costs its rarity's cost.
    for h in &heroes {
        let want = match h.str_field("rarity") {
            Some("legendary") => 5,
            Some("epic") => 4,
            Some("rare") => 3,
            Some("uncommon") => 2,
            _ => 1,
        };
        assert_eq!(h.cost, Some(want), "{}", h.name);
    }
}

#[test]
fn bizarre_world_catalog_holds_the_rulebook_cards_and_their_effects() {
    let c = sample_catalog(GameId::BizarreWorld);
    // the worked example's four cards, as the engine reads their boxes (L175-193)
    let active = |name: &str| {
        let d = deckwright::engine::bizarre::cards::Def::of(by_name(&c, name), &mut |_| 0);
        let a = d.actives[0].clone();
        (
            a.exhaust,
            a.kill_self,
            a.condition.is_some(),
            a.attack,
            a.draws,
        )
    };
    assert_eq!(
        active("Boring Rock of Minimum Wage"),
        (1, false, false, 2, 0)
    );
    assert_eq!(active("Boring Alien of Sacrifice"), (0, true, false, 4, 0));
    assert_eq!(
        active("Boring Penny Printer of Emptiness"),
        (0, false, true, 0, 1)
    );
    assert_eq!(
        active("Boring Gift of Minimum Wage"),
        (1, false, false, 3, 0)
    );
    assert!(
        c.cards.iter().all(|x| x.effects.is_empty()),
        "played from the printed boxes"
    );

    // "a cost 2 Lazy Rock of Charity is considered the same as a cost 3" (L39)
    let lazy: BTreeMap<&str, Option<i64>> = c
        .cards
        .iter()
        .filter(|x| x.name == "Lazy Rock of Charity")
        .map(|x| (x.id.as_str(), x.cost))
        .collect();
    assert_eq!(
        lazy,
        BTreeMap::from([("lazy-rock-2", Some(2)), ("lazy-rock-3", Some(3))])
    );

    let random = c
        .cards
        .iter()
        .filter(|x| x.str_field("origin") == Some("random"))
        .count();
    assert!(random >= 12, "{random} random cards");
    assert!(
        c.cards
            .iter()
            .any(|x| x.str_field("origin") != Some("random") && x.int("points") < Some(0)),
        "one crafted card with negative points, for the illegal sample"
    );
    // Names are "[Adjective] [Noun] of [Suffix]", and the parts are recorded.
    for card in &c.cards {
        let (Some(a), Some(n), Some(s)) = (
            card.str_field("adjective"),
            card.str_field("noun"),
            card.str_field("suffix"),
        ) else {
            panic!("{} lacks its generator parts", card.name);
        };
        assert_eq!(card.name, format!("{a} {n} of {s}"));
    }
    let resources: BTreeSet<&str> = c
        .cards
        .iter()
        .filter_map(|x| x.str_field("resource"))
        .collect();
    assert!(resources.contains("neutral"));
    assert!(
        resources.iter().any(|r| !["none", "neutral"].contains(r)),
        "a special resource: {resources:?}"
    );
}

#[test]
fn zill_has_its_printed_stats_and_skills() {
    let c = sample_catalog(GameId::Rizontical);
    let zill = by_name(&c, "Zill");
    assert_eq!(zill.card_type, "fighter");
    let stats: Vec<(&str, i64)> = [
        "hp",
        "mana",
        "atk",
        "def",
        "mp",
        "speed",
        "range",
        "push",
        "weakness",
        "resistance",
    ]
    .into_iter()
    .map(|k| (k, zill.int(k).unwrap_or(-1)))
    .collect();
    assert_eq!(
        stats,
        vec![
            ("hp", 4),
            ("mana", 0),
            ("atk", 4),
            ("def", 0),
            ("mp", 2),
            ("speed", 7),
            ("range", 2),
            ("push", 1),
            ("weakness", 2),
            ("resistance", 2),
        ]
    );
    assert_eq!(list(zill, "elements"), vec!["akasha"]);
    let skills: Vec<(String, i64, String)> = zill
        .field("skills")
        .and_then(FieldValue::as_list)
        .expect("Zill has skills")
        .iter()
        .map(|s| {
            let t = s.as_table().expect("a skill is a table");
            (
                t["kind"].as_str().unwrap().to_string(),
                t["cost"].as_int().unwrap(),
                t["text"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(
        skills,
        vec![
            (
                "trigger".to_string(),
                0,
                "When this Fighter is about to be hit: It may hit its attacker before the hit (RA)."
                    .to_string()
            ),
            (
                "spell*".to_string(),
                2,
                "Hits all cells around to this Fighter and you gain 2 AP per entity hit."
                    .to_string()
            ),
            (
                "ultimate".to_string(),
                2,
                "Move any allies Buff value on this Fighter.".to_string()
            ),
        ]
    );
}

#[test]
fn rizontical_catalog_holds_the_rulebook_fighters_and_enough_powers() {
    let c = sample_catalog(GameId::Rizontical);
    // The combat example: Mya (1 ATK, Air) hits Aaro (3 DEF, Weakness 2 to Air).
    let mya = by_name(&c, "Mya");
    assert_eq!(mya.int("atk"), Some(1));
    assert!(list(mya, "elements").contains(&"air".to_string()));
    let aaro = by_name(&c, "Aaro");
    assert_eq!((aaro.int("def"), aaro.int("weakness")), (Some(3), Some(2)));
    assert!(list(aaro, "weakness_to").contains(&"air".to_string()));
    // The push example: Fuq Yew and Defecator push 2 cells, Kain 1.
    for (name, push) in [("Fuq Yew", 2), ("Kain", 1), ("Defecator", 2)] {
        assert!(by_name(&c, name).int("push") >= Some(push), "{name}");
    }
    by_name(&c, "Poe");
    assert!(of_type(&c, "fighter").count() >= 10);
    assert!(of_type(&c, "numen").count() >= 2);
    let powers: Vec<&Card> = of_type(&c, "power").collect();
    assert!(powers.len() >= 32, "{} Powers", powers.len());
    for rank in ["common", "legendary"] {
        assert!(powers.iter().any(|p| p.str_field("rank") == Some(rank)));
    }
    for category in ["normal", "permanent", "trigger", "aura"] {
        assert!(
            powers
                .iter()
                .any(|p| p.str_field("category") == Some(category)),
            "no {category} Power"
        );
    }
}

#[test]
fn strange_world_catalog_is_exactly_the_box() {
    let c = sample_catalog(GameId::StrangeWorld);
    let mut tiers = [0; 4];
    for land in of_type(&c, "land") {
        tiers[(land.int("tier").expect("a Land has a tier") - 1) as usize] += 1;
    }
    assert_eq!(tiers, [21, 9, 15, 15]);
    assert_eq!(of_type(&c, "starting-land").count(), 4);
    assert!(of_type(&c, "starting-land").all(|s| s.int("tier").is_none()));
    let mut cities: Vec<i64> = of_type(&c, "dark-city")
        .map(|d| d.int("stars").unwrap())
        .collect();
    cities.sort_unstable_by(|a, b| b.cmp(a));
    assert_eq!(cities, vec![9, 7, 5, 4, 4]);
    assert_eq!(of_type(&c, "fumarole").count(), 11);
    assert_eq!(of_type(&c, "sun").count(), 1);

    let travellers: BTreeMap<&str, (i64, String)> = of_type(&c, "traveller")
        .map(|t| {
            (
                t.name.as_str(),
                (
                    t.int("bonus").unwrap(),
                    t.field("condition").unwrap().display(),
                ),
            )
        })
        .collect();
    let want = |b: i64, cond: &str| (b, cond.to_string());
    assert_eq!(
        travellers,
        BTreeMap::from([
            ("Boung", want(8, "portals = 2")),
            ("Burk", want(4, "swamps_each_row = 1")),
            ("Floulou", want(8, "lakes = 2, mountains = 2, swamps = 2")),
            ("Kark", want(6, "mountains = 5")),
            ("Koro", want(4, "species = 4")),
            ("Pshit", want(5, "fumaroles = 3")),
            ("Rumph", want(6, "watchers = 3")),
            ("Splash", want(5, "lakes = 3")),
        ])
    );

    // Every tier offers matching portal halves and the solo tier shows every
    // kind of icon and all six species.
    for tier in 1..=4 {
        let lands: Vec<&Card> = of_type(&c, "land")
            .filter(|l| l.int("tier") == Some(tier))
            .collect();
        let halves = |edge: &str| {
            lands
                .iter()
                .filter(|l| l.str_field("portal") == Some(edge))
                .count()
        };
        assert!(halves("left") > 0, "tier {tier} has portals");
        assert_eq!(
            halves("left"),
            halves("right"),
            "tier {tier} portal halves pair up"
        );
    }
    let solo: Vec<&Card> = of_type(&c, "land")
        .filter(|l| l.int("tier") == Some(1))
        .collect();
    for flag in ["lake", "swamp", "watcher", "volcano"] {
        assert!(solo.iter().filter(|l| l.flag(flag)).count() >= 2, "{flag}");
    }
    assert!(
        solo.iter()
            .map(|l| l.int("mountains").unwrap_or(0))
            .sum::<i64>()
            >= 10
    );
    let species: BTreeSet<&str> = solo.iter().filter_map(|l| l.str_field("animal")).collect();
    assert_eq!(species.len(), 6, "{species:?}");
}

#[test]
fn dice_of_destiny_catalog_has_every_colour_and_a_rule_breaker() {
    let c = sample_catalog(GameId::DiceOfDestiny);
    for colour in ["blue", "green", "red", "yellow"] {
        let n = of_type(&c, "creature")
            .filter(|x| x.str_field("colour") == Some(colour))
            .count();
        assert!(n >= 4, "{n} {colour} creatures");
    }
    assert!(of_type(&c, "spell").all(|s| s.str_field("colour") == Some("grey")));
    assert!(of_type(&c, "spell").count() >= 4);
    let breakers: Vec<&Card> = c
        .cards
        .iter()
        .filter(|x| x.copy_limit.is_some_and(|n| n >= 5))
        .collect();
    assert!(!breakers.is_empty());
    for b in breakers {
        let text = b.text.as_deref().unwrap_or("");
        assert!(
            text.contains("Break that rule"),
            "{}'s text must say it breaks the 3-copy rule",
            b.name
        );
    }
}

// ------------------------------------------------------------------ decks

/// What a deck file says about itself.
#[derive(Debug, Default)]
struct Expect {
    catalog: Option<String>,
    legal: Option<bool>,
    rules: BTreeSet<String>,
    players: Option<i64>,
    mode: Option<Mode>,
}

/// Reads `# key: value` lines. In a deck list only the leading comment block
/// counts; an `.expect` file is all metadata.
fn read_expect(text: &str, whole: bool, what: &Path) -> Expect {
    let mut e = Expect::default();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let Some(body) = line.strip_prefix('#') else {
            if whole {
                panic!("{}: `{line}` is not a # comment", what.display());
            }
            break;
        };
        let Some((key, value)) = body.split_once(':') else {
            continue;
        };
        let value = value.trim();
        match key.trim() {
            "catalog" => e.catalog = Some(value.to_string()),
            "expect" => {
                let mut words = value.split_whitespace();
                e.legal = match words.next() {
                    Some("legal") => Some(true),
                    Some("illegal") => Some(false),
                    other => panic!("{}: bad `# expect:` {other:?}", what.display()),
                };
                e.rules = words.map(str::to_string).collect();
            }
            "players" => {
                e.players = Some(
                    value
                        .parse()
                        .unwrap_or_else(|_| panic!("{}: bad players", what.display())),
                )
            }
            "mode" => {
                e.mode = Some(
                    value
                        .parse()
                        .unwrap_or_else(|m| panic!("{}: {m}", what.display())),
                )
            }
            _ => {}
        }
    }
    e
}

/// Every deck file (text lists, Cockatrice and Forge) with its metadata.
fn sample_decks() -> Vec<(PathBuf, Expect)> {
    files("decks", &["txt", "cod", "dck"])
        .into_iter()
        .map(|path| {
            let is_text = path.extension().and_then(|e| e.to_str()) == Some("txt");
            let meta_path = if is_text {
                path.clone()
            } else {
                path.with_extension("expect")
            };
            let text = std::fs::read_to_string(&meta_path)
                .unwrap_or_else(|e| panic!("{}: {e}", meta_path.display()));
            let expect = read_expect(&text, !is_text, &meta_path);
            (path, expect)
        })
        .collect()
}

/// Loads and validates one sample deck; `Err` says how its verdict differs.
fn check_deck(
    path: &Path,
    expect: &Expect,
    catalogs: &mut BTreeMap<PathBuf, Catalog>,
) -> Result<(), String> {
    let rel = expect.catalog.as_deref().ok_or("no `# catalog:` line")?;
    let legal = expect.legal.ok_or("no `# expect:` line")?;
    if !legal && expect.rules.is_empty() {
        return Err("`# expect: illegal` must list the rule ids".into());
    }
    let catalog_path = path.parent().unwrap().join(rel);
    let catalog = catalogs
        .entry(catalog_path.clone())
        .or_insert_with(|| load_catalog(&catalog_path).catalog);
    let deck = decklist::load(path).map_err(|e| format!("does not parse: {e}"))?;
    let opts = CheckOptions {
        mode: expect.mode,
        players: expect.players,
        overrides: vec![],
    };
    let report = games::validate(catalog, &deck, &opts).map_err(|e| e.to_string())?;
    let got: BTreeSet<String> = report
        .violations
        .iter()
        .map(|v| v.rule.as_str().to_string())
        .collect();
    if report.legal == legal && got == expect.rules {
        Ok(())
    } else {
        Err(format!(
            "expected {} {:?}, got {} {:?}:\n      {}",
            if legal { "legal" } else { "illegal" },
            expect.rules,
            if report.legal { "legal" } else { "illegal" },
            got,
            report
                .violations
                .iter()
                .map(|v| format!("{}: {}", v.rule, v.message))
                .collect::<Vec<_>>()
                .join("\n      ")
        ))
    }
}

#[test]
fn every_sample_deck_gets_its_documented_verdict() {
    let decks = sample_decks();
    assert!(!decks.is_empty());
    let mut catalogs = BTreeMap::new();
    let failures: Vec<String> = decks
        .iter()
        .filter_map(|(path, expect)| {
            check_deck(path, expect, &mut catalogs)
                .err()
                .map(|why| format!("  {}: {why}", path.display()))
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} sample decks disagree with their headers:\n{}",
        failures.len(),
        decks.len(),
        failures.join("\n")
    );
}

#[test]
fn every_game_and_mode_has_a_legal_sample_deck() {
    let decks = sample_decks();
    let mut legal: BTreeSet<String> = BTreeSet::new();
    let mut illegal: BTreeSet<GameId> = BTreeSet::new();
    for (path, e) in &decks {
        let catalog =
            load_catalog(&path.parent().unwrap().join(e.catalog.as_deref().unwrap())).catalog;
        let key = match catalog.game {
            GameId::BizarreWorld => {
                format!("bizarre-world/{}", e.mode.map_or("crafting", Mode::as_str))
            }
            GameId::StrangeWorld => format!("strange-world/{}", e.players.unwrap_or(0)),
            g => g.to_string(),
        };
        if e.legal == Some(true) {
            legal.insert(key);
        } else {
            illegal.insert(catalog.game);
        }
    }
    for want in [
        "fuzzycards",
        "bizarre-world/crafting",
        "bizarre-world/random",
        "rizontical",
        "strange-world/1",
        "strange-world/2",
        "strange-world/3",
        "strange-world/4",
        "dice-of-destiny",
    ] {
        assert!(legal.contains(want), "no legal sample deck for {want}");
    }
    assert_eq!(
        illegal.len(),
        GameId::ALL.len(),
        "an illegal sample per game"
    );
    for other in ["dice-of-destiny-sample.cod", "fuzzycards-sample.dck"] {
        assert!(
            decks
                .iter()
                .any(|(p, e)| p.ends_with(other) && e.legal == Some(true)),
            "{other} is a legal sample"
        );
    }
}

#[test]
fn the_strange_world_solo_deck_is_the_tier_one_lands_and_the_components() {
    let path = resources().join("decks").join("strange-world-solo.txt");
    let deck = decklist::load(&path).expect("the solo deck parses");
    let catalog = sample_catalog(GameId::StrangeWorld);
    let report = games::validate(
        &catalog,
        &deck,
        &CheckOptions {
            players: Some(1),
            ..Default::default()
        },
    )
    .unwrap();
    assert!(report.legal, "{:?}", report.violations);
    let count = |section: &str| {
        report
            .sections
            .iter()
            .find(|s| s.name == section)
            .map_or(0, |s| s.count)
    };
    assert_eq!(count("Lands"), 21);
    assert_eq!(count("Starting Lands"), 4);
    assert_eq!(count("Dark Cities"), 5);
    assert_eq!(count("Fumaroles"), 11);
    assert_eq!(count("Travellers"), 8);
    assert_eq!(count("Sun"), 1);
}
