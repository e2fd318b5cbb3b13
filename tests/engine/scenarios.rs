//! Every scenario file under `tests/scenarios/<game>/` (the rulebooks'
//! worked examples and one position per rule a position can show) set up,
//! played and checked: each `[[expect]]` must hold. A file named
//! `cards*.toml` there is a catalog the scenarios use, not a scenario.

use std::path::{Path, PathBuf};

use deckwright::engine::core::Viewer;
use deckwright::scenario;

use crate::support::repo;

/// The scenario files, sorted.
pub fn scenario_files() -> Vec<PathBuf> {
    let mut out = Vec::new();
    let root = repo("tests/scenarios");
    let mut games: Vec<PathBuf> = std::fs::read_dir(&root)
        .expect("tests/scenarios")
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .collect();
    games.sort();
    for g in games {
        let mut files: Vec<PathBuf> = std::fs::read_dir(&g)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "toml") && !is_catalog(p))
            .collect();
        files.sort();
        out.extend(files);
    }
    out
}

fn is_catalog(p: &Path) -> bool {
    p.file_name()
        .and_then(|n| n.to_str())
        .is_some_and(|n| n.starts_with("cards"))
}

/// Runs one scenario; the failures, in words.
pub fn run_one(path: &Path) -> Result<usize, String> {
    let sc = scenario::load(path).map_err(|d| d.to_string())?;
    let catalog = deckwright::catalog::load(&sc.catalog)
        .map_err(|d| d.to_string())?
        .catalog;
    let scene = scenario::start(&sc, &catalog).map_err(|d| d.to_string())?;
    let played = scenario::play(&sc, scene, Viewer::All).map_err(|d| d.to_string())?;
    played
        .scene
        .invariants()
        .map_err(|e| format!("{}: invariants broken: {e}", path.display()))?;
    let checked = scenario::check(&sc, &played);
    let failed: Vec<String> = checked
        .iter()
        .filter(|c| !c.holds)
        .map(|c| {
            format!(
                "{}:{}: expect {} = {}, found {}",
                path.display(),
                c.line,
                c.path,
                c.asked(),
                c.found
            )
        })
        .collect();
    if failed.is_empty() {
        Ok(checked.len())
    } else {
        Err(failed.join("\n"))
    }
}

/// The rulebooks' worked examples and the rule positions, all at once: every
/// file is run and every failure reported together.
#[test]
fn every_scenario_file_holds() {
    let files = scenario_files();
    assert!(!files.is_empty(), "no scenario files under tests/scenarios");
    let mut failures = Vec::new();
    let mut checks = 0;
    for f in &files {
        match run_one(f) {
            Ok(n) => {
                assert!(n > 0, "{} checks nothing: add an [[expect]]", f.display());
                checks += n;
            }
            Err(e) => failures.push(e),
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} scenarios failed:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
    assert!(checks >= files.len());
}
