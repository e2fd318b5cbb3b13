//! What the user chooses for an export ([`PrintOptions`]) and what the app
//! remembers between exports ([`PrintSettings`]).

use std::collections::BTreeMap;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::model::{Catalog, Collection};

use super::PnpError;

/// Paper sizes, portrait, in millimetres.
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    clap::ValueEnum,
    strum::IntoStaticStr,
    strum::Display,
    strum::VariantArray,
    strum::EnumString,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case", ascii_case_insensitive)]
pub enum Paper {
    /// ISO A4, 210 × 297 mm.
    #[default]
    A4,
    /// US Letter, 8.5 × 11 in (215.9 × 279.4 mm).
    Letter,
    /// ISO A3, 297 × 420 mm: nine tarot-size cards or larger (copy shops
    /// print it).
    A3,
}

impl Paper {
    /// Width and height in millimetres, portrait.
    pub fn size_mm(self) -> (f64, f64) {
        match self {
            Paper::A4 => (210.0, 297.0),
            Paper::Letter => (215.9, 279.4),
            Paper::A3 => (297.0, 420.0),
        }
    }

    /// Its name on the command line and in files ("nine-up").
    pub fn as_str(self) -> &'static str {
        self.into()
    }
}

/// How cards are arranged on the paper.
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    clap::ValueEnum,
    strum::IntoStaticStr,
    strum::Display,
    strum::VariantArray,
    strum::EnumString,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case", ascii_case_insensitive)]
pub enum Layout {
    /// 3 × 3 cards per portrait page; backs (optional) on the following page,
    /// mirrored for long-edge duplex.
    #[default]
    NineUp,
    /// A landscape sheet with 4 fronts over their 4 backs, folded along the
    /// middle: one sheet makes 4 finished cards, backs always aligned.
    EightFold,
}

impl Layout {
    /// Its name on the command line and in files ("nine-up").
    pub fn as_str(self) -> &'static str {
        self.into()
    }

    /// Cards (fronts) per sheet.
    pub fn per_sheet(self) -> usize {
        match self {
            Layout::NineUp => 9,
            Layout::EightFold => 4,
        }
    }
}

/// Registration marks for a print-and-cut machine ([`super::cutter`]): the
/// machine's optical sensor finds them and lines its cut file up with the
/// printed page.
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    clap::ValueEnum,
    strum::IntoStaticStr,
    strum::Display,
    strum::VariantArray,
    strum::EnumString,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case", ascii_case_insensitive)]
pub enum CutMarks {
    /// No machine marks: the thin hand-cutting marks only.
    #[default]
    None,
    /// Silhouette Studio's "Type 1" marks (Cameo, Portrait, Curio).
    Silhouette,
    /// Cricut Design Space's Print Then Cut sensor marks.
    Cricut,
}

impl CutMarks {
    /// Its name on the command line and in files ("nine-up").
    pub fn as_str(self) -> &'static str {
        self.into()
    }
}

/// How the bleed is made for a picture that has none (the picture is the
/// card's trimmed face): a cut a little off then shows art, not paper.
/// Proxy PDF Maker's users ask for both ways.
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    clap::ValueEnum,
    strum::IntoStaticStr,
    strum::Display,
    strum::VariantArray,
    strum::EnumString,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case", ascii_case_insensitive)]
pub enum BleedFromArt {
    /// The outermost pixel rows and columns stretched over the bleed (what
    /// every export did before this option): flat colour, no seam.
    #[default]
    Extend,
    /// The band of picture next to each edge reflected outward, like a
    /// mirror on the cut line: texture continues, features repeat.
    Mirror,
    /// Nothing past the cut line: the bleed stays paper.
    None,
}

impl BleedFromArt {
    /// Its name on the command line and in files ("nine-up").
    pub fn as_str(self) -> &'static str {
        self.into()
    }
}

/// A duplex printer's misregistration: how far (mm) its back side lands from
/// where it should. Back pages are shifted by it; it is measured once per
/// printer with a test print and kept in the settings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Calibration {
    /// Positive moves the backs right, as seen on the back page.
    pub dx_mm: f64,
    /// Positive moves the backs up.
    pub dy_mm: f64,
}

impl FromStr for Calibration {
    type Err = String;
    /// `DX,DY` in millimetres, e.g. `0.5,-1`.
    fn from_str(s: &str) -> Result<Calibration, String> {
        let bad = || format!("`{s}` is not an offset DX,DY in millimetres (e.g. 0.5,-1)");
        let (dx, dy) = s.split_once(',').ok_or_else(bad)?;
        let num = |t: &str| t.trim().parse::<f64>().ok().filter(|v| v.is_finite());
        Ok(Calibration {
            dx_mm: num(dx).ok_or_else(bad)?,
            dy_mm: num(dy).ok_or_else(bad)?,
        })
    }
}

/// Which cards to print.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum CardSelection {
    /// The deck's main board, as many copies as it lists.
    #[default]
    Deck,
    /// "Print what you lack": the copies the deck needs beyond what the
    /// collection owns (main board and sideboard; [`Collection::missing_for`]).
    Missing(Collection),
    /// These cards (by name or id, matched like deck lists), one copy per
    /// mention; they need not be in the deck.
    Cards(Vec<String>),
}

/// Everything one export needs besides the catalog and the deck.
#[derive(Clone, Debug, PartialEq)]
pub struct PrintOptions {
    pub paper: Paper,
    pub layout: Layout,
    /// Nine-up: follow each front page with its back page. (Eight-fold sheets
    /// always carry their backs.)
    pub backs: bool,
    /// Space between neighbouring cards' bleed edges, mm.
    pub gap_mm: f64,
    /// How far each card's picture extends past its cut line, mm.
    pub bleed_mm: f64,
    /// Shift of the back pages (nine-up with backs).
    pub calibration: Calibration,
    pub selection: CardSelection,
    /// Each selected card is printed this many times.
    pub copies: u32,
    /// Card width and height in mm; `None` takes the catalog's, else the game's.
    pub card_size_mm: Option<(f64, f64)>,
    /// Images with more pixels are refused (a decompression-bomb guard).
    pub max_image_pixels: u64,
    /// The printing resolution, pixels per inch at the card's printed size:
    /// decoded (PNG) pictures with more pixels than that are resampled down
    /// as they are read, which bounds an export's memory. JPEGs are embedded
    /// as they are.
    pub max_dpi: f64,
    /// A cutting machine's registration marks on the front pages (nine-up).
    pub cut_marks: CutMarks,
    /// How pictures without bleed get one (with `bleed_mm` > 0).
    pub bleed_from_art: BleedFromArt,
    /// The corner radius of the cut lines ([`super::cutfile`]), mm; `None`
    /// takes the game's `[print] corner_radius_mm`, else
    /// [`DEFAULT_CORNER_RADIUS_MM`].
    pub corner_radius_mm: Option<f64>,
}

/// The corner radius of a card whose game does not say: 3 mm, the usual
/// rounded corner of a 63 × 88 mm card (and silhouette-card-maker's default).
pub const DEFAULT_CORNER_RADIUS_MM: f64 = 3.0;

/// 50 megapixels: a 63 × 88 mm card scanned at 1200 ppi is 12.4 MP.
pub const DEFAULT_MAX_IMAGE_PIXELS: u64 = 50_000_000;

/// 600 ppi: what a photo inkjet or a laser printer resolves; a 63 × 88 mm
/// card is then at most 1,489 × 2,079 pixels.
pub const DEFAULT_MAX_DPI: f64 = 600.0;

/// The range of `max_dpi`: below 72 ppi text and art turn to mush; above
/// 2400 no desktop printer resolves more.
pub const MAX_DPI_RANGE: (f64, f64) = (72.0, 2400.0);

impl Default for PrintOptions {
    fn default() -> PrintOptions {
        PrintOptions {
            paper: Paper::A4,
            layout: Layout::NineUp,
            backs: false,
            gap_mm: 0.0,
            bleed_mm: 0.0,
            calibration: Calibration::default(),
            selection: CardSelection::Deck,
            copies: 1,
            card_size_mm: None,
            max_image_pixels: DEFAULT_MAX_IMAGE_PIXELS,
            max_dpi: DEFAULT_MAX_DPI,
            cut_marks: CutMarks::None,
            bleed_from_art: BleedFromArt::Extend,
            corner_radius_mm: None,
        }
    }
}

/// Limits of the numeric options (mm unless noted).
pub const MAX_GAP_MM: f64 = 20.0;
pub const MAX_BLEED_MM: f64 = 10.0;
pub const MAX_CALIBRATION_MM: f64 = 10.0;
pub const MAX_COPIES: u32 = 100;
pub const CARD_SIDE_MM: (f64, f64) = (20.0, 200.0);
/// Half the narrowest card side allowed: a larger radius is not a rectangle.
pub const MAX_CORNER_RADIUS_MM: f64 = 10.0;

impl PrintOptions {
    /// Whether each front page is followed by a back page (nine-up) or
    /// backs are on the sheet (eight-fold).
    pub fn has_backs(&self) -> bool {
        self.backs || self.layout == Layout::EightFold
    }

    /// Checks the numeric options' ranges.
    pub fn check(&self) -> Result<(), PnpError> {
        let range = |what: &str, v: f64, lo: f64, hi: f64| {
            if v.is_finite() && (lo..=hi).contains(&v) {
                Ok(())
            } else {
                Err(PnpError::Option(format!(
                    "{what} must be between {lo} and {hi} mm (got {v})"
                )))
            }
        };
        range("the gap", self.gap_mm, 0.0, MAX_GAP_MM)?;
        range("the bleed", self.bleed_mm, 0.0, MAX_BLEED_MM)?;
        let c = MAX_CALIBRATION_MM;
        range("the offset dx", self.calibration.dx_mm, -c, c)?;
        range("the offset dy", self.calibration.dy_mm, -c, c)?;
        if !(1..=MAX_COPIES).contains(&self.copies) {
            return Err(PnpError::Option(format!(
                "copies must be between 1 and {MAX_COPIES} (got {})",
                self.copies
            )));
        }
        if let Some((w, h)) = self.card_size_mm {
            range("the card width", w, CARD_SIDE_MM.0, CARD_SIDE_MM.1)?;
            range("the card height", h, CARD_SIDE_MM.0, CARD_SIDE_MM.1)?;
        }
        let (lo, hi) = MAX_DPI_RANGE;
        if !(self.max_dpi.is_finite() && (lo..=hi).contains(&self.max_dpi)) {
            return Err(PnpError::Option(format!(
                "the printing resolution must be between {lo} and {hi} ppi (got {})",
                self.max_dpi
            )));
        }
        if let Some(r) = self.corner_radius_mm {
            range("the corner radius", r, 0.0, MAX_CORNER_RADIUS_MM)?;
        }
        if self.cut_marks != CutMarks::None && self.layout == Layout::EightFold {
            return Err(PnpError::Option(format!(
                "{} cut marks need the nine-up layout: an eight-fold sheet is folded \
                 before it is cut, which moves the cards away from the marks",
                self.cut_marks
            )));
        }
        if self.max_image_pixels == 0 {
            return Err(PnpError::Option(
                "the image pixel limit must be above 0".into(),
            ));
        }
        Ok(())
    }
}

/// The corner radius of the cut lines for `catalog`: the options', else the
/// game's `[print] corner_radius_mm`, else [`DEFAULT_CORNER_RADIUS_MM`];
/// never more than half the shorter card side.
pub fn corner_radius(catalog: &Catalog, opts: &PrintOptions) -> f64 {
    let (w, h) = card_size(catalog, opts);
    opts.corner_radius_mm
        .or_else(|| {
            crate::games::game(catalog.game)
                .def()
                .print
                .corner_radius_mm
        })
        .unwrap_or(DEFAULT_CORNER_RADIUS_MM)
        .min(w.min(h) / 2.0)
}

/// The card size to print `catalog` at: the options' override, else the
/// catalog's `card_size`, else its game's `[print] card_size_mm`.
pub fn card_size(catalog: &Catalog, opts: &PrintOptions) -> (f64, f64) {
    opts.card_size_mm
        .or(catalog.card_size)
        .unwrap_or_else(|| crate::games::game(catalog.game).def().print.card_size_mm)
}

/// What the Print screen remembers between runs; the store keeps it as JSON
/// under one settings key (see the module docs of [`super`]).
///
/// Card sizes are kept per catalog (by catalog name) and per game (by game
/// id); a catalog entry wins over its game's. The printer calibration is one
/// per user: it belongs to the printer, not to a deck.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct PrintSettings {
    pub paper: Paper,
    pub layout: Layout,
    pub backs: bool,
    pub gap_mm: f64,
    pub bleed_mm: f64,
    pub calibration: Calibration,
    /// Card size overrides by game id (`fuzzycards`, ...), mm.
    pub game_card_sizes: BTreeMap<String, (f64, f64)>,
    /// Card size overrides by catalog name, mm.
    pub catalog_card_sizes: BTreeMap<String, (f64, f64)>,
    /// The cutting machine's marks: they belong to the user's machine.
    pub cut_marks: CutMarks,
    pub bleed_from_art: BleedFromArt,
    /// The cut file's corner radius; `None`: the game's.
    pub corner_radius_mm: Option<f64>,
}

impl PrintSettings {
    /// The settings key the store should keep this under.
    pub const STORE_KEY: &'static str = "print";

    /// The remembered card size override for `catalog`, if any.
    pub fn card_size_for(&self, catalog: &Catalog) -> Option<(f64, f64)> {
        self.catalog_card_sizes
            .get(&catalog.name)
            .or_else(|| self.game_card_sizes.get(catalog.game.as_str()))
            .copied()
    }

    /// Export options for `catalog` from these settings (selection: the deck,
    /// one copy).
    pub fn options_for(&self, catalog: &Catalog) -> PrintOptions {
        PrintOptions {
            paper: self.paper,
            layout: self.layout,
            backs: self.backs,
            gap_mm: self.gap_mm,
            bleed_mm: self.bleed_mm,
            calibration: self.calibration,
            card_size_mm: self.card_size_for(catalog),
            cut_marks: self.cut_marks,
            bleed_from_art: self.bleed_from_art,
            corner_radius_mm: self.corner_radius_mm,
            ..PrintOptions::default()
        }
    }

    /// Remembers the choices of an export (the card size under the catalog).
    pub fn remember(&mut self, catalog: &Catalog, opts: &PrintOptions) {
        self.paper = opts.paper;
        self.layout = opts.layout;
        self.backs = opts.backs;
        self.gap_mm = opts.gap_mm;
        self.bleed_mm = opts.bleed_mm;
        self.calibration = opts.calibration;
        self.cut_marks = opts.cut_marks;
        self.bleed_from_art = opts.bleed_from_art;
        self.corner_radius_mm = opts.corner_radius_mm;
        match opts.card_size_mm {
            Some(size) => {
                self.catalog_card_sizes.insert(catalog.name.clone(), size);
            }
            None => {
                self.catalog_card_sizes.remove(&catalog.name);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::GameId;

    /// A built-in game by its id, as files name it.
    fn game(id: &str) -> GameId {
        id.parse().unwrap()
    }

    #[test]
    fn parse_paper_layout_offset() {
        assert_eq!("A4".parse::<Paper>(), Ok(Paper::A4));
        assert_eq!("letter".parse::<Paper>(), Ok(Paper::Letter));
        assert!("a5".parse::<Paper>().is_err());
        assert_eq!("eight-fold".parse::<Layout>(), Ok(Layout::EightFold));
        assert!("nine".parse::<Layout>().is_err());
        let c: Calibration = " 0.5, -1 ".parse().unwrap();
        assert_eq!((c.dx_mm, c.dy_mm), (0.5, -1.0));
        assert!("1".parse::<Calibration>().is_err());
        assert!("1,x".parse::<Calibration>().is_err());
        assert!("NaN,0".parse::<Calibration>().is_err());
    }

    #[test]
    fn option_ranges_are_checked() {
        assert!(PrintOptions::default().check().is_ok());
        let bad = [
            PrintOptions {
                gap_mm: -1.0,
                ..Default::default()
            },
            PrintOptions {
                bleed_mm: 11.0,
                ..Default::default()
            },
            PrintOptions {
                copies: 0,
                ..Default::default()
            },
            PrintOptions {
                calibration: Calibration {
                    dx_mm: 0.0,
                    dy_mm: f64::NAN,
                },
                ..Default::default()
            },
            PrintOptions {
                card_size_mm: Some((63.0, 5.0)),
                ..Default::default()
            },
            PrintOptions {
                max_dpi: 50.0,
                ..Default::default()
            },
            PrintOptions {
                max_dpi: f64::INFINITY,
                ..Default::default()
            },
        ];
        for o in bad {
            assert!(matches!(o.check(), Err(PnpError::Option(_))), "{o:?}");
        }
    }

    #[test]
    fn card_size_comes_from_options_catalog_then_game() {
        let mut cat = Catalog::new(game("strange-world"), "Box");
        let mut opts = PrintOptions::default();
        assert_eq!(card_size(&cat, &opts), (63.0, 89.0));
        cat.game = game("fuzzycards");
        assert_eq!(card_size(&cat, &opts), (63.0, 88.0));
        cat.card_size = Some((59.0, 92.0));
        assert_eq!(card_size(&cat, &opts), (59.0, 92.0));
        opts.card_size_mm = Some((70.0, 120.0));
        assert_eq!(card_size(&cat, &opts), (70.0, 120.0));
    }

    /// The cut lines' corner: the option, else 3 mm (no built-in game
    /// gives one), never past half the shorter side; marks and bleed parse.
    #[test]
    fn corner_radius_and_print_and_cut_options() {
        let cat = Catalog::new(game("fuzzycards"), "Box");
        let mut opts = PrintOptions::default();
        assert_eq!(corner_radius(&cat, &opts), DEFAULT_CORNER_RADIUS_MM);
        opts.corner_radius_mm = Some(1.5);
        assert_eq!(corner_radius(&cat, &opts), 1.5);
        opts.corner_radius_mm = Some(11.0);
        assert!(opts.check().is_err(), "over the limit");
        assert_eq!("Silhouette".parse::<CutMarks>(), Ok(CutMarks::Silhouette));
        assert!("brother".parse::<CutMarks>().is_err());
        assert_eq!("mirror".parse::<BleedFromArt>(), Ok(BleedFromArt::Mirror));
        assert!("blur".parse::<BleedFromArt>().is_err());
        let eight = PrintOptions {
            layout: Layout::EightFold,
            cut_marks: CutMarks::Cricut,
            ..Default::default()
        };
        assert!(matches!(eight.check(), Err(PnpError::Option(m)) if m.contains("nine-up")));
    }

    #[test]
    fn settings_round_trip_and_resolve_card_sizes() {
        let cat = Catalog::new(game("rizontical"), "Ouroboros");
        let mut s = PrintSettings::default();
        s.game_card_sizes.insert("rizontical".into(), (62.0, 87.0));
        assert_eq!(s.card_size_for(&cat), Some((62.0, 87.0)));
        let opts = PrintOptions {
            paper: Paper::Letter,
            calibration: Calibration {
                dx_mm: 0.4,
                dy_mm: -0.2,
            },
            card_size_mm: Some((63.5, 88.9)),
            ..Default::default()
        };
        s.remember(&cat, &opts);
        assert_eq!(s.card_size_for(&cat), Some((63.5, 88.9)));
        let json = serde_json::to_string(&s).unwrap();
        let back: PrintSettings = serde_json::from_str(&json).unwrap();
        assert_eq!(back, s);
        let o = back.options_for(&cat);
        assert_eq!(o.paper, Paper::Letter);
        assert_eq!(o.calibration, opts.calibration);
        // settings written by an older version (fewer keys) still load
        let old: PrintSettings = serde_json::from_str(r#"{"paper":"letter"}"#).unwrap();
        assert_eq!(old.paper, Paper::Letter);
        assert_eq!(old.layout, Layout::NineUp);
    }
}
