//! `deckwright calibration --sheet duplex|silhouette|cricut [--paper a4|letter|a3] -o OUT.pdf [--cut-file OUT.svg|OUT.dxf]`
//!
//! The calibration sheets the Print screen also writes: `duplex`, the
//! two-page sheet that measures a duplex printer's offset (`pdf --offset`);
//! `silhouette` and `cricut` (issue 26), a page with the machine's
//! registration marks and an 80 × 50 mm test rectangle, whose cut lines go
//! to `--cut-file` (default: beside the PDF, `OUT-cut.svg`).

use std::path::PathBuf;
use std::process::ExitCode;

use crate::pnp::{self, CutMarks, PnpError};

use super::CliError;
use super::out::outln;

/// Which calibration sheet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Sheet {
    /// A duplex printer's offset.
    Duplex,
    /// A Silhouette cutter's test cut.
    Silhouette,
    /// A Cricut's test cut.
    Cricut,
}

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Which sheet: duplex (printer offset) or a cutting machine's test cut.
    #[arg(long, value_enum)]
    pub sheet: Sheet,
    /// Paper size.
    #[arg(long, value_enum, default_value_t)]
    pub paper: pnp::Paper,
    /// The PDF to write.
    #[arg(short = 'o', long = "output", value_name = "OUT.pdf")]
    pub output: PathBuf,
    /// Cutter sheets: where the test rectangle's cut line goes (.svg or .dxf).
    #[arg(long, value_name = "OUT.svg|OUT.dxf")]
    pub cut_file: Option<PathBuf>,
}

/// Writes a whole file the way every other export does
/// ([`crate::files::write_replacing`]): on a full disk the old sheet stays
/// whole and nothing half-written is left beside it.
fn write(path: &std::path::Path, bytes: &[u8]) -> Result<(), CliError> {
    crate::files::write_replacing(path, bytes)
        .map_err(|e| CliError::input(format!("cannot write {}: {e}", path.display())))
}

pub fn run(args: &Args) -> Result<ExitCode, CliError> {
    let paper = args.paper;
    if args.sheet == Sheet::Duplex {
        if args.cut_file.is_some() {
            return Err(CliError::input(
                "--cut-file goes with a cutter sheet (silhouette or cricut), not duplex",
            ));
        }
        let pdf = pnp::calibration_sheet(paper).map_err(|e| CliError::input(e.to_string()))?;
        write(&args.output, &pdf)?;
        outln!(
            "{}: duplex calibration sheet (2 pages, print both sides, flip on the long edge)",
            args.output.display()
        );
        return Ok(ExitCode::SUCCESS);
    }
    let machine = match args.sheet {
        Sheet::Silhouette => CutMarks::Silhouette,
        _ => CutMarks::Cricut,
    };
    let cut_path = args.cut_file.clone().unwrap_or_else(|| {
        let stem = args
            .output
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        args.output.with_file_name(format!("{stem}-cut.svg"))
    });
    let format = pnp::cutfile::CutFormat::from_path(&cut_path)
        .map_err(|e| CliError::input(format!("--cut-file: {e}")))?;
    let (pdf, cut) = pnp::calibration::cutter_sheet(paper, machine)
        .map_err(|e: PnpError| CliError::input(e.to_string()))?;
    let text = match format {
        pnp::cutfile::CutFormat::Svg => pnp::cutfile::svg(&cut),
        pnp::cutfile::CutFormat::Dxf => pnp::cutfile::dxf(&cut),
    };
    // the sheet and its cut line go together: both new, or both old
    crate::files::write_replacing_all(&[(&args.output, &pdf), (&cut_path, text.as_bytes())])
        .map_err(|e| {
            CliError::input(format!(
                "cannot write {} and {}: {e}",
                args.output.display(),
                cut_path.display()
            ))
        })?;
    outln!(
        "{}: {machine} calibration sheet; {}: its cut line ({} × {} mm)",
        args.output.display(),
        cut_path.display(),
        pnp::calibration::CUTTER_TEST_MM.0,
        pnp::calibration::CUTTER_TEST_MM.1
    );
    Ok(ExitCode::SUCCESS)
}
