//! The Print screen (issue 4): print-and-play PDFs of a deck.
//!
//! The user picks a deck, which cards (the whole deck, only what the
//! collection lacks, or a selection), copies, paper, layout, backs, gap,
//! bleed and the duplex printer's calibration offset. Every change re-plans
//! the export and repaints page 1 of the preview on a worker thread
//! ([`crate::pnp::plan`], [`crate::pnp::Plan::preview`]); the export itself
//! runs on a worker with a progress bar and Cancel, and the finished file can
//! be opened in the system's viewer.
//!
//! What the user chose is remembered in the store as [`PrintSettings`]
//! (settings key [`PrintSettings::STORE_KEY`]) on every valid change, so the
//! calibration measured once stays with the printer.
//!
//! Print and cut (issue 26): a cutting machine's registration marks
//! (Silhouette, Cricut: [`crate::pnp::cutter`]), the cut file (SVG or DXF,
//! [`crate::pnp::cutfile`]) with its corner radius, the bleed made from the
//! art, and the cutter calibration sheet, as `deckwright pdf` and
//! `deckwright calibration` give them; the preview shows the marks and the
//! plan's summary says when they leave room for fewer cards a page.
//!
//! Stored catalogs keep their pictures in the database, not in files: the
//! workers open the store and supply them to the plan
//! ([`crate::pnp::Plan::supply_image`]).

mod export;
mod view;

pub use export::{OpenError, Opener, open_in_viewer};
use export::{calibration_written, copy_path, open};

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use iced::Task;
use iced::widget::image;

use crate::gui::db::Db;
use crate::gui::job::{self, Cancel, Runs, Update};
use crate::gui::widget::Pick;
use crate::model::{Board, Catalog, Collection, Deck};
use crate::pnp::{
    self, BleedFromArt, CardSelection, CutMarks, Layout, Paper, PrintOptions, PrintSettings,
    Progress, Report,
};
use crate::store::{DeckId, DeckInfo, Store};

use super::{Action, Shortcut};

/// The resolution page previews are painted at: one pixel per PDF point, so
/// a whole A4 page is 596 × 842 pixels, sharp at the size the screen shows it.
pub const PREVIEW_DPI: f64 = 72.0;

/// The print screen.
#[derive(Debug)]
pub struct Print {
    db: Db,
    decks: Vec<DeckInfo>,
    recent: Vec<DeckId>,
    source: Option<Source>,
    settings: PrintSettings,
    /// The settings as the store has them.
    stored: PrintSettings,
    /// The numeric fields as typed (they may not parse yet).
    form: Form,
    /// The form is filled in from the stored settings.
    listed: bool,
    /// Fields typed before the screen was left that did not parse, for the
    /// form when it is filled in again.
    kept: Vec<(Field, String)>,
    which: Which,
    /// Card ids chosen for [`Which::Selection`].
    chosen: BTreeSet<String>,
    copies: u32,
    /// The page on show.
    page: usize,
    plan: PlanState,
    preview: Option<Preview>,
    previews: Runs,
    export: ExportState,
    exports: Runs,
    /// What opens a finished file.
    opener: Opener,
    /// Why the finished file did not open.
    open_problem: Option<OpenError>,
    /// Export to Tabletop Simulator (issue 26).
    tts: crate::gui::tts::TtsPanel,
}

/// The chosen deck with what printing it needs.
#[derive(Debug, Clone)]
pub struct Source {
    pub info: DeckInfo,
    pub deck: Deck,
    pub catalog: Arc<Catalog>,
    /// The collection of the deck's catalog (for "what you lack").
    pub owned: Collection,
}

/// Which cards print.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Which {
    #[default]
    Deck,
    Missing,
    Selection,
}

/// The numeric fields as typed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Form {
    pub gap: String,
    pub bleed: String,
    pub dx: String,
    pub dy: String,
    pub copies: String,
    /// The cut lines' corner radius; empty: the game's.
    pub radius: String,
}

impl Form {
    /// The text of field `f`.
    pub fn field(&self, f: Field) -> &str {
        match f {
            Field::Gap => &self.gap,
            Field::Bleed => &self.bleed,
            Field::Dx => &self.dx,
            Field::Dy => &self.dy,
            Field::Copies => &self.copies,
            Field::Radius => &self.radius,
        }
    }
}

/// A numeric field of the form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    Gap,
    Bleed,
    Dx,
    Dy,
    Copies,
    /// The cut file's corner radius (empty: the game's).
    Radius,
}

impl Field {
    pub const ALL: [Field; 6] = [
        Field::Gap,
        Field::Bleed,
        Field::Dx,
        Field::Dy,
        Field::Copies,
        Field::Radius,
    ];

    /// The id of the field's text box.
    pub fn id(self) -> &'static str {
        match self {
            Field::Gap => "print-gap",
            Field::Bleed => "print-bleed",
            Field::Dx => "print-dx",
            Field::Dy => "print-dy",
            Field::Copies => "print-copies",
            Field::Radius => "print-corner-radius",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Field::Gap => "Gap",
            Field::Bleed => "Bleed",
            Field::Dx => "Offset dx",
            Field::Dy => "Offset dy",
            Field::Copies => "Copies",
            Field::Radius => "Corner radius",
        }
    }
}

/// What the last plan said: its numbers, or why there is nothing to print.
#[derive(Clone, Debug, PartialEq)]
pub enum PlanState {
    /// No deck yet, or a plan is being made.
    Waiting,
    Ready(Facts),
    Invalid(String),
}

/// The size of an export.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Facts {
    pub cards: usize,
    pub pages: usize,
    pub sheets: usize,
}

/// A painted page.
#[derive(Clone, Debug)]
pub struct Preview {
    pub page: usize,
    pub width: u32,
    pub height: u32,
    pub handle: image::Handle,
    /// How the layout departs from the usual one ([`pnp::Plan::layout_notes`]).
    pub notes: Vec<String>,
}

/// Where the export is.
#[derive(Clone, Debug)]
pub enum ExportState {
    Idle,
    Running {
        path: PathBuf,
        progress: Option<Progress>,
        cancel: Cancel,
    },
    Done {
        path: PathBuf,
        report: Report,
    },
    Cancelled,
    Failed(String),
}

/// A worker's answer to a new plan: the numbers first, then the page.
pub type PreviewUpdate = Update<Facts, Result<Preview, String>>;
/// An export's progress and result.
pub type ExportUpdate = Update<Progress, Result<Report, String>>;

#[derive(Debug, Clone)]
pub enum Message {
    Listed(Result<(Vec<DeckInfo>, PrintSettings), String>),
    Deck(Pick<DeckId>),
    Loaded(Result<Source, String>),
    Paper(Paper),
    Layout(Layout),
    Backs(bool),
    Typed(Field, String),
    Which(Which),
    /// Add or remove a card (by id) of the selection.
    Toggle(String),
    Page(usize),
    Previewed(u64, PreviewUpdate),
    SettingsSaved(Result<(), String>),
    /// Ask where to save the PDF.
    Export,
    /// Export to this file (what the dialog answers; tests send it).
    ExportTo(PathBuf),
    Exporting(u64, ExportUpdate),
    Cancel,
    /// Open the finished file in the system's PDF viewer.
    Open(PathBuf),
    Opened(Result<(), OpenError>),
    /// Copy a path to the clipboard.
    CopyPath(PathBuf),
    /// Ask where to save the printer calibration sheet.
    Calibration,
    CalibrationTo(PathBuf),
    CalibrationWritten(Result<PathBuf, String>),
    DialogClosed,
    /// The Tabletop Simulator export (issue 26).
    Tts(crate::gui::tts::Message),
    /// A cutting machine's marks (issue 26).
    CutMarks(CutMarks),
    BleedFromArt(BleedFromArt),
    /// Ask where to save the cut lines.
    CutFile,
    /// Save the cut lines to this file (.svg or .dxf; what the dialog
    /// answers, tests send it).
    CutFileTo(PathBuf),
    CutFileWritten(Result<Vec<PathBuf>, String>),
    /// Ask where to save the cutter calibration sheet.
    CutterCalibration,
    CutterCalibrationTo(PathBuf),
    CutterCalibrationWritten(Result<(PathBuf, PathBuf), String>),
}

impl Print {
    /// The screen, opening the most recent deck.
    pub fn new(db: Db, recent: Vec<DeckId>) -> (Print, Task<Message>) {
        let p = Print {
            db,
            decks: Vec::new(),
            recent,
            source: None,
            settings: PrintSettings::default(),
            stored: PrintSettings::default(),
            form: Form::default(),
            listed: false,
            kept: Vec::new(),
            which: Which::Deck,
            chosen: BTreeSet::new(),
            copies: 1,
            page: 0,
            plan: PlanState::Waiting,
            preview: None,
            previews: Runs::default(),
            export: ExportState::Idle,
            exports: Runs::default(),
            opener: Opener::system(),
            open_problem: None,
            tts: Default::default(),
        };
        let task = Task::perform(
            p.db.run(|s| Ok((s.decks(None)?, load_settings(s)?))),
            Message::Listed,
        );
        (p, task)
    }

    pub fn source(&self) -> Option<&Source> {
        self.source.as_ref()
    }

    pub fn settings(&self) -> &PrintSettings {
        &self.settings
    }

    pub fn plan(&self) -> &PlanState {
        &self.plan
    }

    pub fn preview(&self) -> Option<&Preview> {
        self.preview.as_ref()
    }

    pub fn export(&self) -> &ExportState {
        &self.export
    }

    /// Why the finished file did not open, if it did not.
    pub fn open_problem(&self) -> Option<&OpenError> {
        self.open_problem.as_ref()
    }

    /// Opens finished files with `opener` (the tests name a missing one).
    pub fn set_opener(&mut self, opener: Opener) {
        self.opener = opener;
    }

    pub fn which(&self) -> Which {
        self.which
    }

    /// Whether a deck is loaded (for the start-up timing).
    pub fn is_ready(&self) -> bool {
        self.source.is_some()
    }

    /// The corner radius an empty field stands for: the game's, else 3 mm.
    pub fn default_radius(&self) -> String {
        match &self.source {
            Some(s) => {
                let mut opts = self.settings.options_for(&s.catalog);
                opts.corner_radius_mm = None;
                mm(pnp::corner_radius(&s.catalog, &opts))
            }
            None => mm(pnp::options::DEFAULT_CORNER_RADIUS_MM),
        }
    }

    /// The error under a field, if what is typed there does not parse.
    pub fn field_error(&self, f: Field) -> Option<String> {
        let text = self.field_text(f);
        match f {
            Field::Copies => text
                .trim()
                .parse::<u32>()
                .err()
                .map(|_| "a whole number of copies".to_string()),
            Field::Radius if text.trim().is_empty() => None,
            Field::Radius => parse_mm(text).err().or_else(|| {
                let r = parse_mm(text).unwrap_or_default();
                let max = pnp::options::MAX_CORNER_RADIUS_MM;
                (!(0.0..=max).contains(&r))
                    .then(|| format!("a radius from 0 to {max} mm (empty: the game's)"))
            }),
            _ => parse_mm(text).err(),
        }
    }

    /// What the screen keeps while another one is on show (issue 25): the
    /// fields typed that the stored settings do not have — text that does
    /// not parse, a value out of range, the copies (never stored) — as
    /// typed.
    pub fn kept(&self) -> Vec<(Field, String)> {
        if !self.listed {
            return Vec::new();
        }
        let stored = form_of(&self.stored, 1);
        let mut out = Vec::new();
        for f in Field::ALL {
            let text = self.field_text(f);
            if text != stored.field(f) {
                out.push((f, text.to_string()));
            }
        }
        out
    }

    /// Gives back fields typed before the screen was left, on show again
    /// (with why they are refused) once the form is filled in.
    pub fn restore(&mut self, kept: Vec<(Field, String)>) {
        self.kept = kept;
    }

    fn field_mut(&mut self, f: Field) -> &mut String {
        match f {
            Field::Gap => &mut self.form.gap,
            Field::Bleed => &mut self.form.bleed,
            Field::Dx => &mut self.form.dx,
            Field::Dy => &mut self.form.dy,
            Field::Copies => &mut self.form.copies,
            Field::Radius => &mut self.form.radius,
        }
    }

    fn field_text(&self, f: Field) -> &str {
        self.form.field(f)
    }

    pub fn update(&mut self, message: Message) -> Action<Message> {
        match message {
            Message::Listed(r) => self.listed(r),
            Message::Deck(p) => self.pick_deck(p.value),
            Message::Loaded(r) => self.loaded(r),
            Message::Paper(p) => self.set(|s| s.paper = p),
            Message::Layout(l) => self.set(|s| s.layout = l),
            Message::Backs(b) => self.set(|s| s.backs = b),
            Message::Typed(f, t) => self.typed(f, t),
            Message::Which(w) => self.set_which(w),
            Message::Toggle(id) => self.toggle(id),
            Message::Page(n) => self.show_page(n),
            Message::Previewed(run, u) => self.previewed(run, u),
            Message::SettingsSaved(r) => Action::from_result(r),
            Message::Export => self.pick_export(),
            Message::ExportTo(path) => self.export_to(path),
            Message::Exporting(run, u) => self.exporting(run, u),
            Message::Cancel => self.cancel(),
            Message::Open(path) => {
                self.open_problem = None;
                open(self.opener.clone(), path)
            }
            Message::Opened(r) => {
                self.open_problem = r.err();
                Action::None
            }
            Message::CopyPath(path) => copy_path(path),
            Message::Calibration => self.pick_calibration(),
            Message::CalibrationTo(path) => self.write_calibration(path),
            Message::CalibrationWritten(r) => calibration_written(r),
            Message::DialogClosed => Action::None,
            Message::Tts(m) => self.tts_update(m),
            Message::CutMarks(m) => self.set(|s| s.cut_marks = m),
            Message::BleedFromArt(b) => self.set(|s| s.bleed_from_art = b),
            Message::CutFile => self.pick_cut_file(),
            Message::CutFileTo(path) => self.write_cut_file(path),
            Message::CutFileWritten(r) => export::cut_file_written(r),
            Message::CutterCalibration => self.pick_cutter_calibration(),
            Message::CutterCalibrationTo(path) => self.write_cutter_calibration(path),
            Message::CutterCalibrationWritten(r) => export::cutter_calibration_written(r),
        }
    }

    pub fn shortcut(&mut self, s: Shortcut) -> Action<Message> {
        match s {
            Shortcut::Export => self.pick_export(),
            Shortcut::Escape => self.cancel(),
            _ => Action::None,
        }
    }

    // ---- the deck ----

    fn listed(&mut self, r: Result<(Vec<DeckInfo>, PrintSettings), String>) -> Action<Message> {
        let (decks, settings) = match r {
            Ok(v) => v,
            Err(e) => return Action::Error(e),
        };
        self.decks = decks;
        self.stored = settings.clone();
        self.settings = settings;
        self.form = form_of(&self.settings, self.copies);
        self.listed = true;
        for (f, text) in std::mem::take(&mut self.kept) {
            // no deck yet: this re-plans nothing, only takes the values in
            let _ = self.typed(f, text);
        }
        let latest = self.decks.iter().max_by(|a, b| a.updated.cmp(&b.updated));
        let first = self
            .recent
            .iter()
            .find(|id| self.decks.iter().any(|d| d.id == **id))
            .copied()
            .or(latest.map(|d| d.id));
        match first {
            Some(id) => self.pick_deck(Some(id)),
            None => Action::None,
        }
    }

    /// The decks the screen offers.
    pub fn decks(&self) -> &[DeckInfo] {
        &self.decks
    }

    fn pick_deck(&mut self, id: Option<DeckId>) -> Action<Message> {
        let Some(id) = id else {
            return Action::None;
        };
        Action::Run(Task::perform(
            self.db.run(move |s| {
                let info = s.deck_info(id)?;
                Ok(Source {
                    deck: s.load_deck(id)?,
                    catalog: Arc::new(s.load_catalog(info.catalog_id)?),
                    owned: s.collection(info.catalog_id)?,
                    info,
                })
            }),
            Message::Loaded,
        ))
    }

    fn loaded(&mut self, r: Result<Source, String>) -> Action<Message> {
        match r {
            Ok(source) => {
                self.chosen.clear();
                self.page = 0;
                self.preview = None;
                self.source = Some(source);
                self.replan()
            }
            Err(e) => Action::Error(e),
        }
    }

    /// The deck's cards a selection can choose from (main board first, then
    /// the sideboard), each once: (card id, name, copies in the deck).
    pub fn deck_cards(&self) -> Vec<(String, String, u32)> {
        let Some(s) = &self.source else {
            return Vec::new();
        };
        let names = s.catalog.name_index();
        let mut out: Vec<(String, String, u32)> = Vec::new();
        for board in [Board::Main, Board::Sideboard] {
            for e in s.deck.board(board) {
                let Some(i) = crate::rules::resolve_entry(&names, &s.catalog, e).card() else {
                    continue;
                };
                let card = &s.catalog.cards[i];
                match out.iter_mut().find(|(id, _, _)| *id == card.id) {
                    Some(row) => row.2 += e.count,
                    None => out.push((card.id.clone(), card.name.clone(), e.count)),
                }
            }
        }
        out
    }

    pub fn is_chosen(&self, id: &str) -> bool {
        self.chosen.contains(id)
    }

    // ---- options ----

    /// Changes a remembered option, then re-plans.
    fn set(&mut self, f: impl FnOnce(&mut PrintSettings)) -> Action<Message> {
        f(&mut self.settings);
        self.page = 0;
        self.replan()
    }

    fn typed(&mut self, f: Field, text: String) -> Action<Message> {
        *self.field_mut(f) = text;
        if self.field_error(f).is_some() {
            // nothing to export until it is a number (the message says why)
            self.previews.forget();
            self.plan = PlanState::Invalid(self.options().err().unwrap_or_default());
            return Action::None;
        }
        let text = self.field_text(f).trim().to_string();
        match f {
            Field::Gap => self.settings.gap_mm = parse_mm(&text).unwrap_or_default(),
            Field::Bleed => self.settings.bleed_mm = parse_mm(&text).unwrap_or_default(),
            Field::Dx => self.settings.calibration.dx_mm = parse_mm(&text).unwrap_or_default(),
            Field::Dy => self.settings.calibration.dy_mm = parse_mm(&text).unwrap_or_default(),
            Field::Copies => self.copies = text.parse().unwrap_or(1),
            Field::Radius => {
                self.settings.corner_radius_mm =
                    (!text.is_empty()).then(|| parse_mm(&text).unwrap_or_default())
            }
        }
        self.replan()
    }

    fn set_which(&mut self, w: Which) -> Action<Message> {
        self.which = w;
        self.page = 0;
        self.replan()
    }

    fn toggle(&mut self, id: String) -> Action<Message> {
        if !self.chosen.remove(&id) {
            self.chosen.insert(id);
        }
        if self.which != Which::Selection {
            self.which = Which::Selection;
        }
        self.page = 0;
        self.replan()
    }

    fn show_page(&mut self, n: usize) -> Action<Message> {
        let pages = match &self.plan {
            PlanState::Ready(f) => f.pages,
            _ => 0,
        };
        if n >= pages || n == self.page {
            return Action::None;
        }
        self.page = n;
        self.replan()
    }

    /// The export options as chosen now.
    pub fn options(&self) -> Result<PrintOptions, String> {
        let source = self
            .source
            .as_ref()
            .ok_or_else(|| "choose a deck to print".to_string())?;
        if let Some((f, e)) = Field::ALL
            .iter()
            .find_map(|&f| self.field_error(f).map(|e| (f, e)))
        {
            return Err(format!("{}: {e}", f.label()));
        }
        let selection = match self.which {
            Which::Deck => CardSelection::Deck,
            Which::Missing => CardSelection::Missing(source.owned.clone()),
            Which::Selection => CardSelection::Cards(self.chosen.iter().cloned().collect()),
        };
        Ok(PrintOptions {
            selection,
            copies: self.copies,
            ..self.settings.options_for(&source.catalog)
        })
    }

    /// Re-plans and repaints the page on show, off the UI thread, and
    /// remembers valid options.
    fn replan(&mut self) -> Action<Message> {
        // what the last export said was of the settings before this change
        // (issue 51 item 10: "Export finished" stayed after them)
        if !matches!(self.export, ExportState::Running { .. }) {
            self.export = ExportState::Idle;
        }
        let run = self.previews.start();
        let (source, opts) = match (&self.source, self.options()) {
            (Some(s), Ok(o)) => (s.clone(), o),
            (_, Err(e)) => {
                self.plan = PlanState::Invalid(e);
                return Action::None;
            }
            (None, Ok(_)) => return Action::None,
        };
        if let Err(e) = opts.check() {
            self.plan = PlanState::Invalid(e.to_string());
            return Action::None;
        }
        let save = self.save_settings(&source.catalog, &opts);
        let (db, page) = (self.db.path().to_path_buf(), self.page);
        let work = job::spawn(move |report: &(dyn Fn(Facts) + Sync)| {
            let plan = prepare(&db, &source, &opts)?;
            report(Facts {
                cards: plan.cards.len(),
                pages: plan.page_count(),
                sheets: plan.sheets(),
            });
            let page = page.min(plan.page_count().saturating_sub(1));
            let img = plan.preview(page, PREVIEW_DPI).map_err(|e| e.to_string())?;
            let (width, height) = img.dimensions();
            Ok(Preview {
                page,
                width,
                height,
                handle: image::Handle::from_rgba(width, height, img.into_raw()),
                notes: plan.layout_notes(),
            })
        });
        Action::Run(Task::batch([
            Task::run(work, move |u| Message::Previewed(run, u)),
            save,
        ]))
    }

    fn previewed(&mut self, run: u64, u: PreviewUpdate) -> Action<Message> {
        if !self.previews.is_current(run) {
            return Action::None;
        }
        match u {
            Update::Progress(facts) => self.plan = PlanState::Ready(facts),
            Update::Done(Ok(p)) => {
                self.page = p.page;
                self.preview = Some(p);
            }
            Update::Done(Err(e)) => {
                self.plan = PlanState::Invalid(e);
                self.preview = None;
            }
        }
        Action::None
    }

    /// Stores the choices (and the calibration) for next time.
    fn save_settings(&mut self, catalog: &Catalog, opts: &PrintOptions) -> Task<Message> {
        self.settings.remember(catalog, opts);
        if self.settings == self.stored {
            return Task::none();
        }
        self.stored = self.settings.clone();
        let json = match serde_json::to_string(&self.settings) {
            Ok(j) => j,
            Err(e) => return Task::done(Message::SettingsSaved(Err(e.to_string()))),
        };
        Task::perform(
            self.db
                .run(move |s| s.set_setting(PrintSettings::STORE_KEY, &json)),
            Message::SettingsSaved,
        )
    }
}

/// The stored print settings (defaults when none or unreadable: older and
/// newer versions read each other's, see [`PrintSettings`]).
fn load_settings(s: &Store) -> crate::store::Result<PrintSettings> {
    Ok(s.setting(PrintSettings::STORE_KEY)?
        .and_then(|json| serde_json::from_str(&json).ok())
        .unwrap_or_default())
}

/// Plans an export and supplies the pictures kept in the database.
pub(super) fn prepare(
    db: &Path,
    source: &Source,
    opts: &PrintOptions,
) -> Result<pnp::Plan, String> {
    let mut plan = pnp::plan(&source.catalog, &source.deck, opts).map_err(|e| e.to_string())?;
    let needed = plan.needed_images();
    if !needed.is_empty() {
        let store = Store::open(db).map_err(|e| e.to_string())?;
        store
            .supply_catalog_images(source.info.catalog_id, needed, |path, bytes| {
                plan.supply_image(path, bytes)
            })
            .map_err(|e| e.to_string())?;
    }
    Ok(plan)
}

/// Millimetres as the form shows them: `0`, `0.5`, `-1.25`.
/// The form as `settings` and `copies` fill it in.
fn form_of(settings: &PrintSettings, copies: u32) -> Form {
    Form {
        gap: mm(settings.gap_mm),
        bleed: mm(settings.bleed_mm),
        dx: mm(settings.calibration.dx_mm),
        dy: mm(settings.calibration.dy_mm),
        copies: copies.to_string(),
        radius: settings.corner_radius_mm.map(mm).unwrap_or_default(),
    }
}

fn mm(v: f64) -> String {
    let s = format!("{v:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" { "0".into() } else { s.into() }
}

/// A length in millimetres as typed (a comma works as the decimal mark).
fn parse_mm(text: &str) -> Result<f64, String> {
    let t = text.trim().replace(',', ".");
    if t.is_empty() {
        return Ok(0.0);
    }
    t.parse::<f64>()
        .ok()
        .filter(|v| v.is_finite())
        .ok_or_else(|| format!("\"{}\" is not a length in millimetres", text.trim()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn millimetres_read_and_write() {
        assert_eq!(parse_mm(" 0,5 "), Ok(0.5));
        assert_eq!(parse_mm(""), Ok(0.0));
        assert_eq!(parse_mm("-1.25"), Ok(-1.25));
        assert!(parse_mm("1mm").unwrap_err().contains("\"1mm\""));
        assert!(parse_mm("NaN").is_err());
        assert_eq!(mm(0.0), "0");
        assert_eq!(mm(-0.0), "0");
        assert_eq!(mm(0.5), "0.5");
        assert_eq!(mm(-1.25), "-1.25");
        assert_eq!(mm(3.0), "3");
    }
}
