//! `deckwright solo --catalog C [--seed S] [--games N] [--player random|greedy|search] [--json]`
//!
//! One game prints the deal, every move with what it caused, the finished
//! World, the score breakdown and the rating; `--save-world` writes the World
//! in the file format `deckwright score` reads. N games print the score
//! distribution (mean, median, min/max with the seeds to replay them,
//! histogram, rating counts).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use serde::Serialize;

use crate::engine::fresh_seed;
use crate::engine::solo::{
    Breakdown, Components, Event, Flip, GameRecord, PlayerKind, RunConfig, SIZE, SoloRules,
    Summary, TravellerScore, World, WorldShape, play, run_many, travellers,
};
use crate::games::parse_option;
use crate::model::GameId;

use super::out::out;
use super::progress::{Bar, INTERRUPTED, interrupt_flag, interrupted};
use super::{CliError, load_catalog, print_json};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// A Strange World catalog file (TOML).
    #[arg(long, value_name = "CATALOG")]
    pub catalog: PathBuf,
    /// The seed: the same seed plays the same game(s). Default: from the clock
    /// (shown, so the run can be replayed).
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// How many games to play (game i of a run uses its own seed, shown for
    /// the best and worst games).
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub games: usize,
    /// The built-in player.
    #[arg(long, value_enum, default_value_t = PlayerKind::Search)]
    pub player: PlayerKind,
    /// Override one of the game's named options, e.g.
    /// `--option lake_counts_fumaroles=false`. Repeatable.
    #[arg(long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
    /// One game: also write the finished World to this file (the format
    /// `deckwright score` reads).
    #[arg(long, value_name = "WORLD.toml")]
    pub save_world: Option<PathBuf>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Reads the catalog and options into the engine's components.
pub(crate) fn components(
    catalog: &Path,
    options: &[String],
    db: Option<&Path>,
) -> Result<(crate::model::Catalog, Components), CliError> {
    let cat = load_catalog(catalog, db)?;
    if !crate::games::game(cat.game).builds_worlds() {
        return Err(CliError::input(format!(
            "{}: the catalog is for {}, not strange-world",
            catalog.display(),
            cat.game
        )));
    }
    let mut overrides = Vec::new();
    for o in options {
        overrides.push(parse_option(o).map_err(|e| CliError::input(e.to_string()))?);
    }
    let rules = SoloRules::new(&overrides).map_err(|e| CliError::input(e.to_string()))?;
    let comps = Components::new(&cat, rules)
        .map_err(|e| CliError::input(format!("{}: {e}", catalog.display())))?;
    Ok((cat, comps))
}

pub fn run(args: &Args, db: Option<&Path>) -> Result<ExitCode, CliError> {
    let (cat, c) = components(&args.catalog, &args.options, db)?;
    c.check_solo()
        .map_err(|e| CliError::input(format!("{}: {e}", args.catalog.display())))?;
    let kind = args.player;
    let seed = args.seed.unwrap_or_else(fresh_seed);
    if args.games == 0 {
        return Err(CliError::input("--games must be at least 1"));
    }
    if args.games == 1 {
        let record = play(&c, kind, seed).map_err(|e| CliError::input(e.to_string()))?;
        if let Some(path) = &args.save_world {
            let text = WorldShape::of(record.end.world(), &c).to_toml();
            crate::files::write_replacing(path, text.as_bytes()).map_err(|e| {
                CliError::input(format!("{}: cannot write the World: {e}", path.display()))
            })?;
        }
        let report = GameReport::new(cat.game, &c, &record);
        if args.json {
            print_json(&report)?;
        } else {
            out!("{}", report.text());
        }
    } else {
        if args.save_world.is_some() {
            return Err(CliError::input(
                "--save-world saves one game's World; it cannot be used with --games",
            ));
        }
        let cfg = RunConfig {
            games: args.games,
            seed,
            player: kind,
        };
        let bar = Bar::new(cfg.games as u64, "games", args.json);
        let on_progress = |done: usize, total: usize| bar.set(done as u64, total as u64);
        let summary = run_many(&c, cfg, &on_progress, interrupt_flag())
            .map_err(|e| CliError::input(e.to_string()))?;
        bar.finish();
        if interrupted() {
            return Err(CliError {
                code: INTERRUPTED,
                message: format!(
                    "interrupted (Ctrl+C) after {} of {} games; nothing printed",
                    summary.games, cfg.games
                ),
            });
        }
        if args.json {
            print_json(&ManyReport {
                game: cat.game,
                summary: &summary,
            })?;
        } else {
            out!("{}", many_text(&summary, &args.catalog));
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The seven parts, in formats.md's key order.
#[derive(Clone, Copy, Debug, Serialize)]
pub(crate) struct Parts {
    pub mountains: u32,
    pub lakes: u32,
    pub animals: u32,
    pub swamps: u32,
    pub dark_cities: u32,
    pub watchers: u32,
    pub travellers: u32,
}

impl From<&Breakdown> for Parts {
    fn from(b: &Breakdown) -> Parts {
        Parts {
            mountains: b.mountains,
            lakes: b.lakes,
            animals: b.animals,
            swamps: b.swamps,
            dark_cities: b.dark_cities,
            watchers: b.watchers,
            travellers: b.travellers,
        }
    }
}

impl Parts {
    pub(crate) fn rows(&self) -> [(&'static str, u32); 7] {
        [
            ("mountains", self.mountains),
            ("lakes", self.lakes),
            ("animals", self.animals),
            ("swamps", self.swamps),
            ("dark_cities", self.dark_cities),
            ("watchers", self.watchers),
            ("travellers", self.travellers),
        ]
    }
}

/// The deal, by names.
#[derive(Debug, Serialize)]
struct DealView {
    starting_land: String,
    stacks: Vec<Vec<String>>,
    travellers: Vec<String>,
}

/// `solo` for one game.
#[derive(Debug, Serialize)]
struct GameReport {
    game: GameId,
    seed: u64,
    player: PlayerKind,
    total: u32,
    rating: String,
    band: String,
    parts: Parts,
    traveller_scores: Vec<TravellerScore>,
    world: WorldShape,
    deal: DealView,
    /// The game move by move, as the text report shows it.
    moves: Vec<String>,
}

impl GameReport {
    fn new(game: GameId, c: &Components, r: &GameRecord) -> GameReport {
        let total = i64::from(r.score.total);
        let names = |ix: &[u8]| -> Vec<String> {
            ix.iter()
                .map(|&i| c.land(i).name.clone())
                .collect::<Vec<_>>()
        };
        GameReport {
            game,
            seed: r.seed,
            player: r.player,
            total: r.score.total,
            rating: c.rules.rating(total).to_string(),
            band: c.rules.band(total),
            parts: Parts::from(&r.score),
            traveller_scores: travellers(r.end.world(), c),
            world: WorldShape::of(r.end.world(), c),
            deal: DealView {
                starting_land: c.land(r.deal.start).name.clone(),
                stacks: r.deal.stacks.iter().map(|s| names(s)).collect(),
                travellers: r
                    .deal
                    .travellers
                    .iter()
                    .map(|&t| c.travellers[usize::from(t)].name.clone())
                    .collect(),
            },
            moves: move_lines(c, r),
        }
    }

    fn text(&self) -> String {
        let mut out = format!(
            "Strange World solo — seed {}, {} player\n",
            self.seed,
            self.player.as_str()
        );
        out.push_str(&format!("Starting Land: {}\n", self.deal.starting_land));
        out.push_str(&format!(
            "Travellers: {}\n",
            self.deal.travellers.join(", ")
        ));
        let tops: Vec<String> = self
            .deal
            .stacks
            .iter()
            .enumerate()
            .map(|(i, s)| format!("{} {}", i + 1, s[0]))
            .collect();
        out.push_str(&format!("Stacks (revealed tops): {}\n\n", tops.join(" · ")));
        for line in &self.moves {
            out.push_str(line);
            out.push('\n');
        }
        out.push_str("\nWorld (~ Tzimime side up, * under a Fumarole):\n");
        out.push_str(&world_text(&self.world));
        if !self.world.dark_cities.is_empty() {
            let cities: Vec<String> = self.world.dark_cities.iter().map(u8::to_string).collect();
            out.push_str(&format!("Dark Cities: {}\n", cities.join(", ")));
        }
        out.push_str(&score_text(
            self.total,
            &self.rating,
            &self.parts,
            &self.traveller_scores,
        ));
        out
    }
}

/// A Traveller's two rows of the finished World (0 = row A): "rows A-B", or
/// "row A and the row above" when one lies outside the World (p.7).
pub(crate) fn rows_words(rows: [i8; 2]) -> String {
    let size = SIZE as i8;
    let letter = |r: i8| (b'A' + r as u8) as char;
    match rows {
        [a, b] if (0..size).contains(&a) && (0..size).contains(&b) => {
            format!("rows {}-{}", letter(a), letter(b))
        }
        [a, b] if (0..size).contains(&b) && a < 0 => {
            format!("row {} and the row above", letter(b))
        }
        [a, _] if (0..size).contains(&a) => format!("row {} and the row below", letter(a)),
        [a, b] => format!("rows {a}-{b}"),
    }
}

/// The finished World as a grid: rows A-D, columns 1-4.
pub(crate) fn world_text(w: &WorldShape) -> String {
    let width = w
        .rows
        .iter()
        .flatten()
        .map(|s| s.chars().count())
        .max()
        .unwrap_or(1)
        .max(4);
    let mut out = String::from("     ");
    for c in 1..=w.rows.first().map_or(0, Vec::len) {
        out.push_str(&format!("{:<width$}  ", c));
    }
    out = out.trim_end().to_string();
    out.push('\n');
    for (r, row) in w.rows.iter().enumerate() {
        let mut line = format!("  {}  ", (b'A' + r as u8) as char);
        for cell in row {
            line.push_str(&format!("{:<width$}  ", cell));
        }
        let mut line = line.trim_end().to_string();
        let here: Vec<String> = w
            .travellers
            .iter()
            // on its first row of the World (the row above is not drawn)
            .filter(|t| t.rows[0].max(0) as usize == r)
            .map(|t| {
                format!(
                    "{} ({} side, {})",
                    t.name,
                    t.side.as_str(),
                    rows_words(t.rows)
                )
            })
            .collect();
        if !here.is_empty() {
            line.push_str(&format!("   ← Traveller {}", here.join(", ")));
        }
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// The score lines shared by `solo` and `score`.
pub(crate) fn score_text(
    total: u32,
    rating: &str,
    parts: &Parts,
    traveller_scores: &[TravellerScore],
) -> String {
    let mut out = format!("\nScore: {total} stars — {rating}\n");
    for (name, v) in parts.rows() {
        out.push_str(&format!("  {:<12} {v:>3}\n", name.replace('_', " ")));
    }
    for t in traveller_scores {
        out.push_str(&format!(
            "    {} ({}): {}, {} stars\n",
            t.name,
            rows_words(t.rows),
            if t.met {
                "condition met"
            } else {
                "condition not met"
            },
            t.points
        ));
    }
    out
}

pub(crate) fn flip_reason(f: Flip) -> &'static str {
    match f {
        Flip::Lake => "a lake next to a lake",
        Flip::Swamp => "a second swamp in the row",
        Flip::Watcher => "a watcher below the top row",
        Flip::WatcherDemoted => "a new row above the watcher",
        Flip::PortalReuse => "its portal meets a used portal card",
        Flip::VolcanoNoCover => "the Volcano has nothing to cover",
    }
}

/// The game as text lines, cells named in the finished World (A1 top left).
fn move_lines(c: &Components, r: &GameRecord) -> Vec<String> {
    let w: &World = r.end.world();
    let name = |i: u8| c.land(i).name.as_str();
    let mut out = Vec::new();
    let mut turn = 0;
    let mut revealed: Vec<&str> = Vec::new();
    for step in &r.steps {
        for e in &step.events {
            if !matches!(e, Event::Revealed { .. }) && !revealed.is_empty() {
                out.push(format!("  then revealed: {}", revealed.join(", ")));
                revealed.clear();
            }
            match *e {
                Event::StackTaken { stack, top } => {
                    turn += 1;
                    out.push(format!("Turn {turn}: stack {} ({})", stack + 1, name(top)));
                }
                Event::Placed { card, at } => {
                    out.push(format!("  {} → {}", name(card), w.label(at)))
                }
                Event::Flipped { card, at, cause } => out.push(format!(
                    "    {} on {} flips Tzimime side up: {}",
                    name(card),
                    w.label(at),
                    flip_reason(cause)
                )),
                Event::Revealed { card } => revealed.push(name(card)),
                Event::PortalCompleted { a, b } => out.push(format!(
                    "    portal completed: {}–{}",
                    w.label(a),
                    w.label(b)
                )),
                Event::TravellerWelcomed {
                    traveller,
                    side,
                    upper,
                } => {
                    let top = w.bounds().map_or(0, |b| b.1);
                    let row = upper - top as i8;
                    out.push(format!(
                        "    welcomes {} on the {} side, {}",
                        c.travellers[usize::from(traveller)].name,
                        side.as_str(),
                        rows_words([row, row + 1])
                    ))
                }
                Event::Covered { card, at } => out.push(format!(
                    "    a Fumarole covers {} on {}",
                    name(card),
                    w.label(at)
                )),
                Event::DarkCity { stars, a, b } => out.push(format!(
                    "    Dark City of {stars} stars between {} and {}",
                    w.label(a),
                    w.label(b)
                )),
                Event::Finished { .. } => {}
            }
        }
    }
    if !revealed.is_empty() {
        out.push(format!("  then revealed: {}", revealed.join(", ")));
    }
    out
}

/// `solo --games N --json`.
#[derive(Debug, Serialize)]
struct ManyReport<'a> {
    game: GameId,
    #[serde(flatten)]
    summary: &'a Summary,
}

fn many_text(s: &Summary, catalog: &Path) -> String {
    let mut out = format!(
        "Strange World solo — {} games, seed {}, {} player\n",
        s.games,
        s.seed,
        s.player.as_str()
    );
    out.push_str(&format!(
        "score: mean {:.2}, median {}, std dev {:.2}, min {} (seed {}), max {} (seed {})\n",
        s.mean, s.median, s.std_dev, s.min, s.min_seed, s.max, s.max_seed
    ));
    let p = &s.parts;
    out.push_str(&format!(
        "parts (mean): mountains {:.1}, lakes {:.1}, animals {:.1}, swamps {:.1}, dark cities {:.1}, watchers {:.1}, travellers {:.1}\n",
        p.mountains, p.lakes, p.animals, p.swamps, p.dark_cities, p.watchers, p.travellers
    ));
    out.push_str("ratings:\n");
    for r in &s.ratings {
        out.push_str(&format!(
            "  {:<11} {:>7}  {:>5.1}%  {}\n",
            r.band,
            r.games,
            100.0 * r.games as f64 / s.games.max(1) as f64,
            r.rating
        ));
    }
    out.push_str("histogram (5-star buckets):\n");
    let mut buckets: std::collections::BTreeMap<u32, usize> = Default::default();
    for (&score, &n) in &s.histogram {
        *buckets.entry(score / 5 * 5).or_insert(0) += n;
    }
    let most = buckets.values().copied().max().unwrap_or(1).max(1);
    for (&b, &n) in &buckets {
        let bar = "#".repeat((n * 50).div_ceil(most));
        out.push_str(&format!("  {:>3}-{:<3} {:>7}  {bar}\n", b, b + 4, n));
    }
    out.push_str(&format!(
        "replay the best game: deckwright solo --catalog {} --player {} --seed {}\n",
        catalog.display(),
        s.player.as_str(),
        s.max_seed
    ));
    out
}
