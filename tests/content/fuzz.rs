//! Issue 13: a mutational fuzz target per parser — deck lists (text,
//! Cockatrice, Forge), catalog TOML, collection CSV, Strange World World
//! files, game-definition files, scenario files (issue 23) — seeded from the files in `resources/` and `tests/fixtures/`. A
//! normal test run tries a fixed number of mutations per target
//! (`FUZZ_RUNS`, default 3000), so it is the same run every time; a long
//! hunt sets `FUZZ_SECONDS` per target instead.
//!
//! Every input must give a result or an error, never a panic; a failing
//! input is written to `target/fuzz-failures/` so it can be replayed. The
//! mutations are drawn from a seeded generator (`FUZZ_SEED`, printed), so a
//! run replays exactly.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use deckwright::catalog;
use deckwright::collection;
use deckwright::decklist::{self, Format};
use deckwright::diag::text_from_bytes;
use deckwright::engine::solo::{Components, SoloRules, parse_world};
use rand::{RngExt, SeedableRng};

use crate::support::root;

/// Every file under `dir` whose name ends in one of `exts`.
fn files(dir: &Path, exts: &[&str], out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            files(&p, exts, out);
        } else if exts.iter().any(|e| p.to_string_lossy().ends_with(e)) {
            out.push(p);
        }
    }
}

fn corpus(dirs: &[&str], exts: &[&str]) -> Vec<Vec<u8>> {
    let mut paths = Vec::new();
    for d in dirs {
        files(&root().join(d), exts, &mut paths);
    }
    let out: Vec<Vec<u8>> = paths.iter().filter_map(|p| std::fs::read(p).ok()).collect();
    assert!(!out.is_empty(), "an empty corpus for {dirs:?}");
    out
}

/// Words that make mutated inputs hit parser branches more often.
const DICTIONARY: &[&[u8]] = &[
    b"[[card]]",
    b"name = ",
    b"type = ",
    b"\"",
    b"[",
    b"]",
    b"{",
    b"}",
    b"=",
    b"\n",
    b",",
    b"Sideboard:",
    b"SB: ",
    b"(SET) 12",
    b"*F*",
    b"# ",
    b"// ",
    b"<zone name=\"main\">",
    b"[Main]",
    b"Count,Name,Edition",
    b"rows = [",
    b"~",
    b"*",
    b"999999999999",
    b"-1",
    b"\xff\xfe",
    b"\xef\xbb\xbf",
    b"\r\n",
    b"\t",
    b"0x",
    b"1e999",
    b"\\u0000",
];

fn mutate(rng: &mut rand_pcg::Pcg64Mcg, input: &[u8], corpus: &[Vec<u8>]) -> Vec<u8> {
    let mut b = input.to_vec();
    for _ in 0..rng.random_range(1..8) {
        let at = if b.is_empty() {
            0
        } else {
            rng.random_range(0..b.len())
        };
        match rng.random_range(0..7) {
            0 if !b.is_empty() => b[at] = rng.random(),
            1 => b.insert(at, rng.random()),
            2 if !b.is_empty() => {
                let end = (at + rng.random_range(1..64)).min(b.len());
                b.drain(at..end);
            }
            3 => {
                let w = DICTIONARY[rng.random_range(0..DICTIONARY.len())];
                b.splice(at..at, w.iter().copied());
            }
            4 if !b.is_empty() => {
                // duplicate a slice (repeated lines and tables)
                let end = (at + rng.random_range(1..200)).min(b.len());
                let piece = b[at..end].to_vec();
                b.splice(at..at, piece);
            }
            5 => {
                // splice in a piece of another seed
                let other = &corpus[rng.random_range(0..corpus.len())];
                if !other.is_empty() {
                    let s = rng.random_range(0..other.len());
                    let e = (s + rng.random_range(1..120)).min(other.len());
                    b.splice(at..at, other[s..e].iter().copied());
                }
            }
            _ if !b.is_empty() => {
                let end = (at + rng.random_range(1..16)).min(b.len());
                b.truncate(end.max(at));
            }
            _ => b.push(rng.random()),
        }
    }
    b
}

/// Runs `target` on mutations of `corpus` for the time budget.
fn fuzz(name: &str, corpus: &[Vec<u8>], target: impl Fn(&[u8])) {
    let env = |k: &str| std::env::var(k).ok().and_then(|s| s.parse::<u64>().ok());
    let seconds = env("FUZZ_SECONDS");
    let max_runs = env("FUZZ_RUNS").unwrap_or(3000);
    let seed: u64 = std::env::var("FUZZ_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(20261123);
    println!("fuzz {name}: seed {seed}, {} seeds", corpus.len());
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
    let deadline = seconds.map(|s| Instant::now() + Duration::from_secs(s));
    let mut runs = 0u64;
    // the seeds themselves first
    let mut inputs: Vec<Vec<u8>> = corpus.to_vec();
    loop {
        let input = match inputs.pop() {
            Some(i) => i,
            None => {
                let done = match deadline {
                    Some(d) => Instant::now() >= d,
                    None => runs >= max_runs,
                };
                if done {
                    break;
                }
                let base = &corpus[rng.random_range(0..corpus.len())];
                mutate(&mut rng, base, corpus)
            }
        };
        runs += 1;
        if catch_unwind(AssertUnwindSafe(|| target(&input))).is_err() {
            let dir = root().join("target/fuzz-failures");
            let _ = std::fs::create_dir_all(&dir);
            let file = dir.join(format!("{name}-{seed}-{runs}.bin"));
            let _ = std::fs::write(&file, &input);
            panic!(
                "fuzz {name}: input {runs} panicked; saved to {}",
                file.display()
            );
        }
    }
    println!("fuzz {name}: {runs} inputs, no panic");
    assert!(runs as usize > corpus.len());
}

#[test]
fn fuzz_deck_lists() {
    let corpus = corpus(&["resources/decks"], &[".txt", ".cod", ".dck"]);
    fuzz("deck-list", &corpus, |bytes| {
        if let Ok(text) = text_from_bytes(Path::new("d"), bytes.to_vec()) {
            for f in [Format::Text, Format::Cockatrice, Format::Forge] {
                let _ = decklist::parse(&text, Path::new("d"), f);
            }
        }
    });
}

#[test]
fn fuzz_catalogs() {
    let corpus = corpus(
        &["resources/catalogs", "tests/fixtures/catalogs"],
        &[".toml"],
    );
    fuzz("catalog", &corpus, |bytes| {
        if let Ok(text) = text_from_bytes(Path::new("c.toml"), bytes.to_vec())
            && let Ok(loaded) = catalog::parse(&text, Path::new("c.toml"), None)
        {
            let _ = catalog::lint(&loaded.catalog, &loaded.card_lines);
            let _ = catalog::to_toml(&loaded.catalog);
            let _ = deckwright::engine::coverage::coverage(&loaded.catalog);
        }
    });
}

#[test]
fn fuzz_collection_csv() {
    // seeds: each sample catalog's full collection, as the app writes it
    let mut seeds = Vec::new();
    let mut cats = Vec::new();
    for p in corpus_paths("resources/catalogs", ".toml") {
        let cat = catalog::load(&p).unwrap().catalog;
        let mut owned = deckwright::model::Collection::default();
        for (i, c) in cat.cards.iter().enumerate() {
            owned.cards.insert(
                c.id.clone(),
                deckwright::model::Owned {
                    owned: (i % 4) as u32,
                    trade: (i % 2) as u32,
                    wish: 0,
                },
            );
        }
        seeds.push(collection::write_csv(&cat, &owned).into_bytes());
        cats.push(cat);
    }
    fuzz("collection-csv", &seeds, |bytes| {
        if let Ok(text) = text_from_bytes(Path::new("c.csv"), bytes.to_vec())
            && let Ok(rows) = collection::read_csv(&text, Path::new("c.csv"))
        {
            for cat in &cats {
                let _ = collection::apply(&rows, cat);
            }
        }
    });
}

fn corpus_paths(dir: &str, ext: &str) -> Vec<PathBuf> {
    let mut out = Vec::new();
    files(&root().join(dir), &[ext], &mut out);
    out
}

#[test]
fn fuzz_world_files() {
    let cat = catalog::load(&root().join("resources/catalogs/strange-world.toml"))
        .unwrap()
        .catalog;
    let comps = Components::new(&cat, SoloRules::new(&[]).unwrap()).unwrap();
    let mut worlds = Vec::new();
    for p in corpus_paths("tests/fixtures/worlds", ".toml") {
        if !p.ends_with("catalog.toml") {
            worlds.push(std::fs::read(p).unwrap());
        }
    }
    fuzz("world-file", &worlds, |bytes| {
        if let Ok(text) = text_from_bytes(Path::new("w.toml"), bytes.to_vec()) {
            let _ = parse_world(&text, Path::new("w.toml"), &cat, &comps);
        }
    });
}

#[test]
fn fuzz_game_files() {
    let corpus = corpus(&["resources/games", "tests/fixtures/games"], &[".toml"]);
    assert!(corpus.len() >= 6, "the five games and the fixture game");
    fuzz("game-file", &corpus, |bytes| {
        if let Ok(text) = text_from_bytes(Path::new("g.toml"), bytes.to_vec()) {
            let _ = deckwright::games::check_text(&text, Path::new("g.toml"));
        }
    });
}

#[test]
fn fuzz_scenarios() {
    use deckwright::engine::core::Viewer;
    use deckwright::scenario;
    let mut corpus = Vec::new();
    let mut catalogs = std::collections::HashMap::new();
    for p in corpus_paths("tests/scenarios", ".toml") {
        let name = p.file_name().unwrap().to_string_lossy().into_owned();
        if name.starts_with("cards") {
            let c = catalog::load(&p).unwrap().catalog;
            catalogs.insert(c.game, c);
        } else {
            corpus.push(std::fs::read(p).unwrap());
        }
    }
    assert!(corpus.len() > 100 && catalogs.len() == 5);
    let file = root().join("tests/scenarios/fuzz.toml");
    fuzz("scenario", &corpus, |bytes| {
        let Ok(text) = text_from_bytes(&file, bytes.to_vec()) else {
            return;
        };
        let Ok(sc) = scenario::parse(&file, &text) else {
            return;
        };
        // the game's scenario catalog, whatever path the file names
        let Some(cat) = catalogs.get(&sc.game) else {
            return;
        };
        let Ok(scene) = scenario::start(&sc, cat) else {
            return;
        };
        let _ = scene.moves();
        if let Ok(played) = scenario::play(&sc, scene, Viewer::Seat(1)) {
            let _ = scenario::check(&sc, &played);
            let _ = scenario::write(&played.scene.view(Viewer::All), Path::new("c.toml"), 1);
        }
    });
}
