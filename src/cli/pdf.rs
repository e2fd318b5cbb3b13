//! `deckwright pdf --catalog C DECK --layout nine-up|eight-fold [--paper a4|letter|a3] [--backs] -o OUT.pdf`
//!
//! Extensions: `--gap MM`, `--bleed MM`, `--offset DX,DY` (duplex calibration
//! of the back pages), `--copies N`, `--card-size WxH`, `--only-missing`
//! (with the collection in `--db`), `--cards NAME...` (print a selection),
//! `--max-dpi PPI` (the printing resolution PNG pictures are resampled to
//! when they have more pixels; 600 by default), `--json` (the export report
//! as JSON).
//!
//! Print-and-cut (issue 26): `--cut-marks silhouette|cricut` (the machine's
//! registration marks on the front pages, as many cards as fit clear of
//! them: the CLI says on stderr, and in `notes` of `--json`, when that is
//! fewer than nine), `--cut-file OUT.svg|OUT.dxf` (the cut lines, one file
//! per sheet: `OUT-1.svg`, … when there are several), `--corner-radius MM`
//! (the cut lines' corners; default the game's, else 3 mm) and
//! `--bleed-from-art mirror|extend|none` (how a picture without bleed gets
//! one; `extend`, the edge pixels stretched, as before).
//!
//! Bad input is exit code 2 with one message naming the file and line: the
//! deck line of an unknown card, the catalog line of a card whose picture
//! cannot be used.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::decklist;
use crate::pnp::{self, CardSelection, PnpError, PrintOptions};

use super::out::{outln, warnln};
use super::progress::{Bar, INTERRUPTED, interrupt_flag};
use super::{CliError, db, load_catalog_with_lines, print_json};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The catalog file (TOML) the deck's cards come from, or a stored catalog's name.
    #[arg(long, value_name = "CATALOG")]
    pub catalog: PathBuf,
    /// The deck list: text (formats.md §2), Cockatrice .cod or Forge .dck.
    pub deck: PathBuf,
    /// nine-up: 3 × 3 cards per page; eight-fold: 4 cards and their backs per sheet, folded.
    #[arg(long, value_enum)]
    pub layout: pnp::Layout,
    /// Paper size.
    #[arg(long, value_enum, default_value_t)]
    pub paper: pnp::Paper,
    /// Nine-up: follow each page with its backs, mirrored for long-edge duplex.
    #[arg(long)]
    pub backs: bool,
    /// The PDF to write.
    #[arg(short = 'o', long = "output", value_name = "OUT.pdf")]
    pub output: PathBuf,
    /// Space between neighbouring cards, mm.
    #[arg(
        long,
        value_name = "MM",
        default_value_t = 0.0,
        allow_negative_numbers = true
    )]
    pub gap: f64,
    /// How far pictures extend past the cut lines, mm.
    #[arg(
        long,
        value_name = "MM",
        default_value_t = 0.0,
        allow_negative_numbers = true
    )]
    pub bleed: f64,
    /// Shift of the back pages for a duplex printer's misregistration, mm.
    #[arg(long, value_name = "DX,DY", allow_hyphen_values = true)]
    pub offset: Option<String>,
    /// Print every selected card this many times.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub copies: u32,
    /// Card size in mm (e.g. 63x88), instead of the catalog's or the game's.
    #[arg(long, value_name = "WxH")]
    pub card_size: Option<String>,
    /// Only the copies the collection (in --db) lacks: "print what you lack".
    #[arg(long, conflicts_with = "cards")]
    pub only_missing: bool,
    /// Only these cards (names or ids), one copy each per mention.
    #[arg(long, value_name = "NAME", num_args = 1..)]
    pub cards: Vec<String>,
    /// The printing resolution in pixels per inch: PNG pictures with more
    /// pixels than a card uses at this resolution are resampled down (JPEGs are
    /// embedded as they are).
    #[arg(long, value_name = "PPI", default_value_t = pnp::options::DEFAULT_MAX_DPI)]
    pub max_dpi: f64,
    /// A cutting machine's registration marks on the front pages (nine-up):
    /// silhouette (Silhouette Studio Type 1) or cricut (Print Then Cut).
    #[arg(long, value_name = "MACHINE", value_enum, default_value_t)]
    pub cut_marks: pnp::CutMarks,
    /// Write the cards' cut lines for the cutter's software: .svg or .dxf,
    /// in mm, page coordinates; one file per sheet (OUT-1.svg, … when several).
    #[arg(long, value_name = "OUT.svg|OUT.dxf")]
    pub cut_file: Option<PathBuf>,
    /// Corner radius of the cut lines, mm (default: the game's, else 3).
    #[arg(long, value_name = "MM", allow_negative_numbers = true)]
    pub corner_radius: Option<f64>,
    /// How pictures without bleed get one when --bleed is set: extend (edge
    /// pixels stretched), mirror (edge band reflected) or none (paper).
    #[arg(long, value_name = "HOW", value_enum, default_value_t)]
    pub bleed_from_art: pnp::BleedFromArt,
    /// Print the export report as one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// The `--json` report: the export's, and the cut files written.
#[derive(serde::Serialize)]
struct JsonReport<'a> {
    #[serde(flatten)]
    report: &'a pnp::Report,
    cut_files: Vec<PathBuf>,
    /// The cut lines' corner radius, mm (with `--cut-file`).
    corner_radius_mm: Option<f64>,
}

/// `63x88` → (63, 88).
fn parse_size(s: &str) -> Result<(f64, f64), CliError> {
    let bad = || CliError::input(format!("--card-size `{s}` is not WxH in mm (e.g. 63x88)"));
    let (w, h) = s.split_once(['x', 'X', '×']).ok_or_else(bad)?;
    let num = |t: &str| t.trim().parse::<f64>().ok().filter(|v| v.is_finite());
    Ok((num(w).ok_or_else(bad)?, num(h).ok_or_else(bad)?))
}

pub fn run(args: &Args, dbp: Option<&Path>) -> Result<ExitCode, CliError> {
    let (catalog, card_lines) = load_catalog_with_lines(&args.catalog, dbp)?;
    let deck = decklist::load(&args.deck)?;
    let selection = if args.only_missing {
        let store = db::open(dbp)?;
        let info = db::catalog(&store, &catalog.name).map_err(|e| {
            CliError::input(format!(
                "--only-missing needs the collection of catalog \"{}\" in the database: {e}",
                catalog.name
            ))
        })?;
        CardSelection::Missing(store.collection(info.id)?)
    } else if !args.cards.is_empty() {
        CardSelection::Cards(args.cards.clone())
    } else {
        CardSelection::Deck
    };
    let options = PrintOptions {
        paper: args.paper,
        layout: args.layout,
        backs: args.backs,
        gap_mm: args.gap,
        bleed_mm: args.bleed,
        calibration: match &args.offset {
            Some(o) => o
                .parse()
                .map_err(|e| CliError::input(format!("--offset: {e}")))?,
            None => Default::default(),
        },
        selection,
        copies: args.copies,
        card_size_mm: args.card_size.as_deref().map(parse_size).transpose()?,
        max_dpi: args.max_dpi,
        cut_marks: args.cut_marks,
        bleed_from_art: args.bleed_from_art,
        corner_radius_mm: args.corner_radius,
        ..PrintOptions::default()
    };
    if let Some(r) = args.corner_radius
        && !(r.is_finite() && (0.0..=pnp::options::MAX_CORNER_RADIUS_MM).contains(&r))
    {
        return Err(CliError::input(format!(
            "--corner-radius {r}: must be between 0 and {} mm",
            pnp::options::MAX_CORNER_RADIUS_MM
        )));
    }
    // a bad cut file name fails before the PDF is made
    if let Some(cut) = &args.cut_file {
        pnp::cutfile::CutFormat::from_path(cut)
            .map_err(|e| CliError::input(format!("--cut-file: {e}")))?;
        if options.layout != pnp::Layout::NineUp {
            return Err(CliError::input(
                "--cut-file needs --layout nine-up: an eight-fold sheet is folded before it is cut",
            ));
        }
    }
    let explain = |e: PnpError| explain(e, &args.deck, &args.catalog, &catalog, &card_lines);
    let mut plan = pnp::plan(&catalog, &deck, &options).map_err(explain)?;
    supply_stored_images(
        dbp,
        &args.catalog,
        &catalog.name,
        plan.needed_images(),
        |path, bytes| plan.supply_image(path, bytes),
    )?;
    let bar = Bar::new(100, "%", args.json);
    let on_progress = |p: pnp::Progress| bar.set((p.fraction() * 100.0).round() as u64, 100);
    let report = plan
        .export_to(&args.output, &on_progress, interrupt_flag())
        .map_err(|e| match e {
            PnpError::Cancelled => CliError {
                code: INTERRUPTED,
                message: format!(
                    "interrupted (Ctrl+C); {} was not written",
                    args.output.display()
                ),
            },
            e => explain(e),
        })?;
    bar.finish();
    for w in &report.warnings {
        warnln!("warning: {w}");
    }
    for n in &report.notes {
        warnln!("note: {n}");
    }
    let radius = pnp::corner_radius(&catalog, &options);
    let cut_files = match &args.cut_file {
        Some(cut) => plan.write_cut_files(cut, radius).map_err(explain)?,
        None => Vec::new(),
    };
    if args.json {
        print_json(&JsonReport {
            report: &report,
            cut_files,
            corner_radius_mm: args.cut_file.as_ref().map(|_| radius),
        })?;
    } else {
        outln!(
            "{}: {} page{} on {} sheet{}, {} card{} ({} drawn from data), {} picture{} embedded, {} bytes",
            args.output.display(),
            report.pages,
            plural(report.pages),
            report.sheets,
            plural(report.sheets),
            report.cards,
            plural(report.cards),
            report.drawn_faces,
            report.images,
            plural(report.images),
            report.pdf_bytes
        );
        for f in &cut_files {
            outln!(
                "{}: cut lines, {} mm corners",
                f.display(),
                crate::pnp::layout::mm(radius)
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}

pub(super) fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// A catalog from the database (`catalog` is not a file) has its pictures
/// stored there too: each of `needed` found there goes to `supply`. Shared
/// by `pdf` and `tts`, which print the same pictures.
pub(super) fn supply_stored_images(
    dbp: Option<&Path>,
    catalog: &Path,
    name: &str,
    needed: Vec<String>,
    supply: impl FnMut(&str, Vec<u8>),
) -> Result<(), CliError> {
    if catalog.is_file() {
        return Ok(());
    }
    let store = db::open(dbp)?;
    let info = db::catalog(&store, name)?;
    store.supply_catalog_images(info.id, needed, supply)?;
    Ok(())
}

/// An export error as a CLI error naming the file and line where we know it.
pub(super) fn explain(
    e: PnpError,
    deck: &Path,
    catalog_path: &Path,
    catalog: &crate::model::Catalog,
    card_lines: &[usize],
) -> CliError {
    let deck = deck.display();
    match e {
        // resolve's messages start "line N: "
        PnpError::Deck(messages) => CliError::input(
            messages
                .iter()
                .map(
                    |m| match m.strip_prefix("line ").and_then(|r| r.split_once(": ")) {
                        Some((n, rest)) if n.parse::<usize>().is_ok() => {
                            format!("{deck}:{n}: {rest}")
                        }
                        _ => format!("{deck}: {m}"),
                    },
                )
                .collect::<Vec<_>>()
                .join("\n"),
        ),
        PnpError::Image { ref id, .. } => {
            let line = catalog
                .cards
                .iter()
                .position(|c| &c.id == id)
                .and_then(|i| card_lines.get(i));
            match line {
                Some(l) => CliError::input(format!("{}:{l}: {e}", catalog_path.display())),
                None => CliError::input(format!("{}: {e}", catalog_path.display())),
            }
        }
        PnpError::Back(_) => CliError::input(format!("{}: {e}", catalog_path.display())),
        PnpError::Empty(_) => CliError::input(format!("{deck}: {e}")),
        PnpError::Write { .. } => CliError::input(e.to_string()),
        PnpError::Pdf(_) => CliError {
            code: 1,
            message: e.to_string(),
        },
        other => CliError::input(other.to_string()),
    }
}
