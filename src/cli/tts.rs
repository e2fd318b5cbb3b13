//! `deckwright tts --catalog C DECK [-o DIR] [--back IMAGE] [--install] [--sideboard] [--json]`
//! (formats.md §6): the deck as a Tabletop Simulator saved object and its
//! deck sheets ([`crate::pnp::tts`]).
//!
//! Without `-o` the files go into the current folder; `--install` writes
//! them into TTS's Saved Objects folder (under `Deckwright/`) with
//! `file:///` URLs, so the deck is in TTS's Objects → Saved Objects at once.
//! Bad input is exit code 2 naming the file (and line where known), as for
//! `pdf`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use serde::Serialize;

use crate::decklist;
use crate::pnp::tts::{self, TtsOptions, Urls};
use crate::pnp::{self, PnpError};

use super::out::{outln, warnln};
use super::pdf::plural;
use super::progress::{Bar, INTERRUPTED, interrupt_flag};
use super::{CliError, load_catalog_with_lines, print_json};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The catalog file (TOML) the deck's cards come from, or a stored catalog's name.
    #[arg(long, value_name = "CATALOG")]
    pub catalog: PathBuf,
    /// The deck list: text (formats.md §2), Cockatrice .cod or Forge .dck.
    pub deck: PathBuf,
    /// The folder to write into (default: the current folder).
    #[arg(
        short = 'o',
        long = "output",
        value_name = "DIR",
        conflicts_with = "install"
    )]
    pub output: Option<PathBuf>,
    /// A picture for the card back instead of the catalog's or the game's.
    #[arg(long, value_name = "IMAGE")]
    pub back: Option<PathBuf>,
    /// Write into Tabletop Simulator's Saved Objects folder (under
    /// Deckwright/), with file:/// URLs: the deck is then in TTS's
    /// Objects → Saved Objects.
    #[arg(long)]
    pub install: bool,
    /// Add the sideboard as a second object.
    #[arg(long)]
    pub sideboard: bool,
    /// Print what was written as one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// The JSON output (formats.md §6).
#[derive(Serialize)]
struct Output {
    object: PathBuf,
    sheets: Vec<PathBuf>,
    cards: usize,
}

pub fn run(args: &Args, dbp: Option<&Path>) -> Result<ExitCode, CliError> {
    let (catalog, card_lines) = load_catalog_with_lines(&args.catalog, dbp)?;
    let deck = decklist::load(&args.deck)?;
    if let Some(back) = &args.back
        && !back.is_file()
    {
        return Err(CliError::input(format!(
            "{}: --back: no such picture file",
            back.display()
        )));
    }
    let dir = if args.install {
        tts::saved_objects_dir().ok_or_else(|| {
            CliError::input("--install: cannot find your home folder for Tabletop Simulator's")
        })?
    } else {
        args.output.clone().unwrap_or_else(|| PathBuf::from("."))
    };
    let options = TtsOptions {
        back: args.back.clone(),
        sideboard: args.sideboard,
        urls: if args.install {
            Urls::Files
        } else {
            Urls::Relative
        },
    };
    let explain = |e: PnpError| match (e, &args.back) {
        (e @ PnpError::Back(_), Some(back)) => CliError::input(format!("{}: {e}", back.display())),
        (e, _) => super::pdf::explain(e, &args.deck, &args.catalog, &catalog, &card_lines),
    };
    let mut export = tts::tts_plan(&catalog, &deck, &options).map_err(explain)?;
    super::pdf::supply_stored_images(
        dbp,
        &args.catalog,
        &catalog.name,
        export.needed_images(),
        |path, bytes| export.supply_image(path, bytes),
    )?;
    let bar = Bar::new(100, "%", args.json);
    let on_progress = |p: pnp::Progress| bar.set((p.fraction() * 100.0).round() as u64, 100);
    let report = export
        .write(&dir, &on_progress, interrupt_flag())
        .map_err(|e| match e {
            PnpError::Cancelled => CliError {
                code: INTERRUPTED,
                message: "interrupted (Ctrl+C); nothing was written".into(),
            },
            e => explain(e),
        })?;
    bar.finish();
    for w in &report.warnings {
        warnln!("warning: {w}");
    }
    if args.json {
        print_json(&Output {
            object: report.object,
            sheets: report.sheets,
            cards: report.cards,
        })?;
    } else {
        let (w, h) = report.card_px;
        outln!(
            "{}: {} card{} in {} object{} on {} sheet{} ({w} × {h} px a card, {} drawn from data)",
            report.object.display(),
            report.cards,
            plural(report.cards),
            report.piles.len(),
            plural(report.piles.len()),
            report.sheets.len(),
            plural(report.sheets.len()),
            report.drawn_faces,
        );
        if args.install {
            outln!("In Tabletop Simulator: Objects → Saved Objects → Deckwright.");
        } else {
            outln!(
                "The object names its sheets by file name: upload them (e.g. with TTS's Cloud Manager) and put their URLs in, or use --install to play on this computer."
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}
