//! Reading a catalog TOML file into a [`Catalog`].

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};
use std::ops::Range;
use std::path::Path;

use toml::Spanned;
use toml::de::{DeArray, DeTable, DeValue};

use crate::diag::{Diagnostic, Diagnostics, LineIndex, read_text_capped};
pub(crate) use crate::diag::{int_of, kind_name};
use crate::games::{self, FieldDef, FieldKind, GameDef};
use crate::model::{Card, CardEffect, Catalog, Effect, FieldValue, GameId, slug};

/// A loaded catalog with the line each card starts on.
#[derive(Clone, Debug)]
pub struct Loaded {
    pub catalog: Catalog,
    /// `card_lines[i]` is the line of `catalog.cards[i]`'s `[[card]]` header.
    pub card_lines: Vec<usize>,
    /// Where each picture is named: the key (`image` or `back`), its path as
    /// written, and the line and column of its value, in file order.
    pub pictures: Vec<PictureKey>,
}

/// A picture path in a catalog file and where it is written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PictureKey {
    pub key: &'static str,
    pub path: String,
    pub line: usize,
    pub column: usize,
}

/// Loads a catalog file. Image paths resolve against the file's folder and must
/// exist. A big file is read a card at a time, never whole ([`stream`]).
pub fn load(path: &Path) -> Result<Loaded, Diagnostics> {
    if let Some(loaded) = stream(path) {
        return loaded;
    }
    let text =
        read_text_capped(path, crate::files::CATALOG_CAP).map_err(|d| Diagnostics(vec![d]))?;
    parse(&text, path, path.parent())
}

/// Parses catalog text. `file` names it in errors; when `base_dir` is given,
/// `image` and `back` paths must exist under it.
pub fn parse(text: &str, file: &Path, base_dir: Option<&Path>) -> Result<Loaded, Diagnostics> {
    let mut p = Parser::new(file, base_dir);
    let loaded = match card_blocks(text) {
        Some(units) => match p.units(units.into_iter().map(|r| Ok(Cow::Borrowed(&text[r])))) {
            Some(loaded) => loaded,
            None => p.whole(text),
        },
        None => p.whole(text),
    };
    p.finish(loaded)
}

/// Catalog files above this size are read a card at a time.
const STREAM_ABOVE: u64 = 4 << 20;

/// A big catalog file read a card at a time, so that neither its text nor
/// the parsed TOML of more than one card is held: `None` when the file is
/// small, does not read as UTF-8, or is not one [`Splitter`] splits safely
/// (it is then read whole, which also says what is wrong with it).
fn stream(path: &Path) -> Option<Result<Loaded, Diagnostics>> {
    use std::io::BufRead;
    let (file, size) = crate::files::open_regular(path).ok()?;
    if size <= STREAM_ABOVE || size > crate::files::CATALOG_CAP {
        return None;
    }
    let mut reader = std::io::BufReader::new(file);
    let mut splitter = Splitter::default();
    let mut unit = String::new();
    let mut line = String::new();
    let mut first = true;
    let mut p = Parser::new(path, path.parent());
    let mut state = Units::default();
    loop {
        line.clear();
        if reader.read_line(&mut line).ok()? == 0 {
            break;
        }
        if first {
            first = false;
            if let Some(rest) = line.strip_prefix('\u{feff}') {
                line = rest.to_string();
            }
        }
        let split = splitter.line(&line);
        if split == Split::Unsure {
            return None;
        }
        // a card starts: the unit before it (the head or a card) is read
        if split == Split::Card && !unit.is_empty() && !p.unit(&unit, &mut state) {
            return None;
        }
        if split == Split::Card {
            unit.clear();
        }
        unit.push_str(&line);
    }
    if !splitter.done() || !p.unit(&unit, &mut state) {
        return None;
    }
    Some(p.finish(state.cards.map(Cards::done)))
}

const TOP_KEYS: &[&str] = &["game", "name", "back", "card_size", "description", "card"];

struct Parser<'a> {
    file: &'a Path,
    base_dir: Option<&'a Path>,
    lines: LineIndex,
    errors: Vec<Diagnostic>,
    /// The lines of the file before the text being parsed (a card's block,
    /// see [`card_blocks`]), whose spans `lines` locates.
    base_line: usize,
}

type Val<'i> = Spanned<DeValue<'i>>;

impl<'a> Parser<'a> {
    fn new(file: &'a Path, base_dir: Option<&'a Path>) -> Parser<'a> {
        Parser {
            file,
            base_dir,
            lines: LineIndex::new(""),
            errors: Vec::new(),
            base_line: 0,
        }
    }

    fn err(&mut self, span: Range<usize>, message: impl Into<String>) {
        let (line, column) = self.lines.locate(span.start);
        let line = line + self.base_line;
        self.errors.push(Diagnostic {
            file: self.file.to_path_buf(),
            line,
            column,
            message: message.into(),
        });
    }

    fn line_of(&self, span: &Range<usize>) -> usize {
        self.lines.locate(span.start).0 + self.base_line
    }

    /// The whole document, read at once.
    fn whole(&mut self, text: &str) -> Option<Loaded> {
        self.errors.clear();
        self.lines = LineIndex::new(text);
        self.base_line = 0;
        let doc = match DeTable::parse(text) {
            Ok(d) => d,
            Err(e) => {
                let span = e.span().unwrap_or(0..0);
                self.err(span, format!("TOML syntax: {}", e.message().trim()));
                return None;
            }
        };
        let whole = doc.span();
        let doc = doc.into_inner();
        let mut cards = Cards::new(self.head(&doc, whole)?);
        self.cards(&doc, &mut cards);
        Some(cards.done())
    }

    /// The document as its head and one block per card ([`card_blocks`]):
    /// the parsed TOML of one card is dropped before the next is read, so
    /// memory grows with the cards kept, not with the TOML trees (200,000
    /// cards took 1.6 GB read whole). `None` when it must be read whole.
    fn units<'t>(
        &mut self,
        units: impl Iterator<Item = std::io::Result<Cow<'t, str>>>,
    ) -> Option<Option<Loaded>> {
        let mut state = Units::default();
        for unit in units {
            if !self.unit(unit.ok()?.as_ref(), &mut state) {
                return None;
            }
        }
        Some(state.cards.map(Cards::done))
    }

    /// Reads the head (the first unit) or one card's block; `false` when
    /// the document must be read whole instead: a block that does not parse
    /// (a split the line scan got wrong, or a syntax error, which the whole
    /// file then reports with its line), or a head that holds cards itself.
    fn unit(&mut self, text: &str, state: &mut Units) -> bool {
        self.base_line += state.lines;
        state.lines = text.bytes().filter(|&b| b == b'\n').count();
        self.lines = LineIndex::new(text);
        let Ok(doc) = DeTable::parse(text) else {
            return false;
        };
        let doc = doc.into_inner();
        if !state.head_read {
            state.head_read = true;
            if doc.contains_key("card") {
                return false;
            }
            state.cards = self.head(&doc, 0..text.len()).map(Cards::new);
            return true;
        }
        if let Some(cards) = state.cards.as_mut() {
            self.cards(&doc, cards);
        }
        true
    }

    /// The result of a read, errors sorted, with the catalog's folder.
    fn finish(mut self, loaded: Option<Loaded>) -> Result<Loaded, Diagnostics> {
        if self.errors.is_empty()
            && let Some(mut loaded) = loaded
        {
            loaded.catalog.base_dir = self.base_dir.map(Path::to_path_buf);
            return Ok(loaded);
        }
        self.errors.sort_by_key(|d| (d.line, d.column));
        self.errors.dedup();
        if self.errors.is_empty() {
            self.errors.push(Diagnostic {
                file: self.file.to_path_buf(),
                line: 0,
                column: 0,
                message: "the catalog could not be read".into(),
            });
        }
        Err(Diagnostics(self.errors))
    }

    /// The catalog's own keys (everything but its cards).
    fn head(&mut self, doc: &DeTable<'_>, whole: Range<usize>) -> Option<Head> {
        for (k, _) in doc.iter() {
            if !TOP_KEYS.contains(&k.get_ref().as_ref()) {
                self.err(
                    k.span(),
                    format!(
                        "unknown key `{}` (a catalog has: {})",
                        k.get_ref(),
                        TOP_KEYS.join(", ")
                    ),
                );
            }
        }
        let game = match doc.get("game") {
            None => {
                self.err(
                    whole.start..whole.start,
                    "missing key `game` (one of the game ids, e.g. \"fuzzycards\")",
                );
                None
            }
            Some(v) => match v.get_ref().as_str() {
                Some(s) => match s.parse::<GameId>() {
                    Ok(g) => Some(g),
                    Err(e) => {
                        self.err(v.span(), format!("key `game`: {e}"));
                        None
                    }
                },
                None => {
                    self.err(
                        v.span(),
                        format!(
                            "key `game` must be a string, not {}",
                            kind_name(v.get_ref())
                        ),
                    );
                    None
                }
            },
        };
        let name = self.required_string(doc, "name", whole.clone(), "the catalog");
        let back = doc.get("back").and_then(|v| self.path_value(v, "back"));
        let mut pictures = Vec::new();
        if let (Some(path), Some(v)) = (&back, doc.get("back")) {
            pictures.push(self.picture_key("back", path, v));
        }
        let card_size = doc.get("card_size").and_then(|v| self.card_size(v));
        if let Some(v) = doc.get("description")
            && v.get_ref().as_str().is_none()
        {
            self.err(v.span(), "key `description` must be a string");
        }
        let game = game?;
        let def = games::game(game).def();
        let mut catalog = Catalog::new(game, name.unwrap_or_default());
        catalog.back = back;
        catalog.card_size = card_size;
        Some(Head {
            catalog,
            def,
            pictures,
        })
    }

    /// The `card` array of `doc` (the whole file's, or one card's block).
    fn cards(&mut self, doc: &DeTable<'_>, cards: &mut Cards) {
        let Some(v) = doc.get("card") else {
            return;
        };
        let Some(arr) = v.get_ref().as_array() else {
            self.err(v.span(), "`card` must be an array of tables ([[card]])");
            return;
        };
        let def = cards.head.def;
        for item in arr.iter() {
            let Some(table) = item.get_ref().as_table() else {
                self.err(item.span(), "each `card` must be a table ([[card]])");
                continue;
            };
            let line = self.line_of(&item.span());
            let Some(card) = self.card(table, item.span(), def) else {
                continue;
            };
            let id_key = card.id.to_lowercase();
            if let Some(first) = cards.ids.get(&id_key) {
                let hint = if cards.names.contains_key(&card.name_key()) {
                    "; cards that share a name need distinct `id`s"
                } else {
                    ""
                };
                self.err(
                    item.span(),
                    format!(
                        "duplicate card id `{}` (first used on line {first}){hint}",
                        card.id
                    ),
                );
            } else {
                cards.ids.insert(id_key, line);
            }
            match cards.names.get(&card.name_key()) {
                Some(first) if !def.card.shared_names => self.err(
                    item.span(),
                    format!(
                        "duplicate card name \"{}\" (first on line {first}); {} cards need unique names",
                        card.name, def.name
                    ),
                ),
                Some(_) => {}
                None => {
                    cards.names.insert(card.name_key(), line);
                }
            }
            if let (Some(path), Some(v)) = (&card.image, table.get("image")) {
                let key = self.picture_key("image", path, v);
                cards.head.pictures.push(key);
            }
            cards.head.catalog.cards.push(card);
            cards.lines.push(line);
        }
    }

    fn required_string(
        &mut self,
        t: &DeTable<'_>,
        key: &str,
        at: Range<usize>,
        what: &str,
    ) -> Option<String> {
        match t.get(key) {
            None => {
                self.err(at, format!("{what} is missing key `{key}`"));
                None
            }
            Some(v) => match v.get_ref().as_str() {
                Some(s) if !s.trim().is_empty() => Some(s.trim().to_string()),
                Some(_) => {
                    self.err(v.span(), format!("key `{key}` must not be empty"));
                    None
                }
                None => {
                    self.err(
                        v.span(),
                        format!(
                            "key `{key}` must be a string, not {}",
                            kind_name(v.get_ref())
                        ),
                    );
                    None
                }
            },
        }
    }

    fn picture_key(&self, key: &'static str, path: &str, v: &Val<'_>) -> PictureKey {
        let (line, column) = self.lines.locate(v.span().start);
        let line = line + self.base_line;
        PictureKey {
            key,
            path: path.to_string(),
            line,
            column,
        }
    }

    /// A path to an image file that must exist relative to the catalog.
    fn path_value(&mut self, v: &Val<'_>, key: &str) -> Option<String> {
        let Some(s) = v.get_ref().as_str() else {
            self.err(
                v.span(),
                format!(
                    "key `{key}` must be a string path, not {}",
                    kind_name(v.get_ref())
                ),
            );
            return None;
        };
        if s.trim().is_empty() {
            self.err(v.span(), format!("key `{key}` must not be empty"));
            return None;
        }
        let lower = s.to_lowercase();
        if !(lower.ends_with(".png") || lower.ends_with(".jpg") || lower.ends_with(".jpeg")) {
            self.err(
                v.span(),
                format!("key `{key}`: `{s}` is not a PNG or JPEG file name"),
            );
            return None;
        }
        if let Some(dir) = self.base_dir {
            match std::fs::metadata(dir.join(s)) {
                Ok(m) if m.is_file() => {}
                Ok(_) => self.err(
                    v.span(),
                    format!(
                        "key `{key}`: image `{s}` is not a regular file ({}); nothing was read",
                        dir.join(s).display()
                    ),
                ),
                Err(_) => self.err(
                    v.span(),
                    format!(
                        "key `{key}`: image `{s}` not found (looked in {})",
                        dir.join(s).display()
                    ),
                ),
            }
        }
        Some(s.to_string())
    }

    fn card_size(&mut self, v: &Val<'_>) -> Option<(f64, f64)> {
        let nums: Option<Vec<f64>> = v.get_ref().as_array().map(|a| {
            a.iter()
                .filter_map(|x| match x.get_ref() {
                    DeValue::Float(f) => f.as_str().replace('_', "").parse::<f64>().ok(),
                    DeValue::Integer(_) => int_of(x.get_ref()).flatten().map(|i| i as f64),
                    _ => None,
                })
                .collect()
        });
        match nums {
            Some(n) if n.len() == 2 && n.iter().all(|x| (10.0..=300.0).contains(x)) => {
                Some((n[0], n[1]))
            }
            _ => {
                self.err(
                    v.span(),
                    "key `card_size` must be [width, height] in millimetres, each 10-300",
                );
                None
            }
        }
    }

    fn card(&mut self, t: &DeTable<'_>, span: Range<usize>, def: &GameDef) -> Option<Card> {
        let start = self.errors.len();
        let name = self.required_string(t, "name", span.clone(), "card");
        let what = name
            .as_deref()
            .map(|n| format!("card \"{n}\""))
            .unwrap_or_else(|| "card".into());
        // The type decides which other keys are allowed, so read it first.
        let card_type = match t.get("type") {
            Some(v) => match v.get_ref().as_str() {
                Some(s) if def.card.has_type(s) => Some(s.to_string()),
                Some(s) => {
                    self.err(
                        v.span(),
                        format!(
                            "key `type`: `{s}` is not a {} card type (expected one of: {})",
                            def.name,
                            def.card.types.join(", ")
                        ),
                    );
                    None
                }
                None => {
                    self.err(
                        v.span(),
                        format!(
                            "key `type` must be a string, not {}",
                            kind_name(v.get_ref())
                        ),
                    );
                    None
                }
            },
            None => match &def.card.default_type {
                Some(d) => Some(d.clone()),
                None => {
                    self.err(
                        span.clone(),
                        format!(
                            "{what} is missing key `type` (one of: {})",
                            def.card.types.join(", ")
                        ),
                    );
                    None
                }
            },
        };
        let mut card = Card::new(
            name.clone().unwrap_or_default(),
            card_type.clone().unwrap_or_default(),
        );
        for (k, v) in t.iter() {
            let key = k.get_ref().as_ref();
            match key {
                "name" | "type" => {}
                "id" => match v.get_ref().as_str() {
                    Some(s) if valid_id(s) => card.id = s.to_string(),
                    Some(s) => self.err(
                        v.span(),
                        format!("key `id`: `{s}` is not a valid id (letters, digits, `-`, `_` and `.` only)"),
                    ),
                    None => self.err(v.span(), format!("key `id` must be a string, not {}", kind_name(v.get_ref()))),
                },
                "text" => match v.get_ref().as_str() {
                    Some(s) => card.text = Some(s.to_string()),
                    None => self.err(v.span(), format!("key `text` must be a string, not {}", kind_name(v.get_ref()))),
                },
                "image" => card.image = self.path_value(v, "image"),
                "copy_limit" => match int_of(v.get_ref()) {
                    Some(Some(n)) if (0..=99).contains(&n) => card.copy_limit = Some(n as u32),
                    Some(_) => self.err(v.span(), "key `copy_limit` must be between 0 and 99"),
                    None => self.err(
                        v.span(),
                        format!("key `copy_limit` must be an integer, not {}", kind_name(v.get_ref())),
                    ),
                },
                "effects" => card.effects = self.effects(v),
                "cost" => match &def.card.cost {
                    None => self.err(k.span(), format!("unknown key `cost`: {} cards have no cost", def.name)),
                    Some(fd) => {
                        if let Some(ct) = &card_type
                            && !fd.applies_to(ct)
                        {
                            self.err(k.span(), format!("key `cost` does not apply to {ct} cards"));
                        } else if let Some(FieldValue::Int(n)) = self.value(v, fd, card_type.as_deref().unwrap_or(""), "cost") {
                            card.cost = Some(n);
                        }
                    }
                },
                _ => match def.card.fields.iter().find(|f| f.key == key) {
                    None => {
                        let mut known: Vec<&str> = crate::model::CARD_KEYS.to_vec();
                        known.extend(def.card.fields.iter().map(|f| f.key.as_str()));
                        if def.card.cost.is_none() {
                            known.retain(|k| *k != "cost");
                        }
                        self.err(
                            k.span(),
                            format!("unknown key `{key}` in {what} ({} cards have: {})", def.name, known.join(", ")),
                        );
                    }
                    Some(fd) => {
                        if let Some(ct) = &card_type
                            && !fd.applies_to(ct)
                        {
                            self.err(
                                k.span(),
                                format!("key `{key}` does not apply to {ct} cards (only to: {})", fd.types.join(", ")),
                            );
                            continue;
                        }
                        if let Some(val) = self.value(v, fd, card_type.as_deref().unwrap_or(""), key) {
                            card.fields.insert(key.to_string(), val);
                        }
                    }
                },
            }
        }
        if let Some(ct) = &card_type {
            let mut required: Vec<&FieldDef> = def.card.fields.iter().collect();
            required.extend(def.card.cost.iter());
            for fd in required {
                if fd.required.iter().any(|r| r == ct) && t.get(fd.key.as_str()).is_none() {
                    self.err(
                        span.clone(),
                        format!("{ct} {what} is missing key `{}`", fd.key),
                    );
                }
            }
        }
        if t.get("id").is_none() {
            card.id = slug(&card.name);
        }
        (self.errors.len() == start).then_some(card)
    }

    /// Checks one value against its field definition.
    fn value(
        &mut self,
        v: &Val<'_>,
        fd: &FieldDef,
        card_type: &str,
        path: &str,
    ) -> Option<FieldValue> {
        let span = v.span();
        let raw = v.get_ref();
        let wrong = |p: &mut Self| {
            p.err(
                span.clone(),
                format!(
                    "key `{path}` must be {}, not {}",
                    fd.kind.describe(),
                    kind_name(raw)
                ),
            );
            None
        };
        match fd.kind {
            FieldKind::Int => match int_of(raw) {
                Some(Some(n)) => {
                    let lo = fd.min.unwrap_or(i64::MIN);
                    let hi = fd.max.unwrap_or(i64::MAX);
                    if n < lo || n > hi {
                        self.err(
                            span,
                            format!("key `{path}` = {n} is out of range ({lo} to {hi})"),
                        );
                        None
                    } else {
                        Some(FieldValue::Int(n))
                    }
                }
                Some(None) => {
                    self.err(span, format!("key `{path}`: integer too large"));
                    None
                }
                None => wrong(self),
            },
            FieldKind::Bool => match raw.as_bool() {
                Some(b) => Some(FieldValue::Bool(b)),
                None => wrong(self),
            },
            FieldKind::Text => match raw.as_str() {
                Some(s) => Some(FieldValue::Text(s.to_string())),
                None => wrong(self),
            },
            FieldKind::Enum => match raw.as_str() {
                Some(s) => self.enum_value(s, span, fd, card_type, path),
                None => wrong(self),
            },
            FieldKind::EnumList | FieldKind::TextList => match raw.as_array() {
                Some(arr) => {
                    let mut out = Vec::new();
                    let mut ok = true;
                    for item in arr.iter() {
                        match item.get_ref().as_str() {
                            Some(s) if fd.kind == FieldKind::TextList => {
                                out.push(FieldValue::Text(s.to_string()))
                            }
                            Some(s) => match self.enum_value(s, item.span(), fd, card_type, path) {
                                Some(x) => out.push(x),
                                None => ok = false,
                            },
                            None => {
                                self.err(
                                    item.span(),
                                    format!(
                                        "key `{path}`: items must be strings, not {}",
                                        kind_name(item.get_ref())
                                    ),
                                );
                                ok = false;
                            }
                        }
                    }
                    ok.then_some(FieldValue::List(out))
                }
                None => wrong(self),
            },
            FieldKind::Table => match raw.as_table() {
                Some(t) => self
                    .sub_table(t, span, fd, card_type, path)
                    .map(FieldValue::Table),
                None => wrong(self),
            },
            FieldKind::TableList => match raw.as_array() {
                Some(arr) => self.table_list(arr, fd, card_type, path),
                None => wrong(self),
            },
        }
    }

    fn table_list(
        &mut self,
        arr: &DeArray<'_>,
        fd: &FieldDef,
        card_type: &str,
        path: &str,
    ) -> Option<FieldValue> {
        let mut out = Vec::new();
        let mut ok = true;
        for item in arr.iter() {
            match item.get_ref().as_table() {
                Some(t) => match self.sub_table(t, item.span(), fd, card_type, path) {
                    Some(x) => out.push(FieldValue::Table(x)),
                    None => ok = false,
                },
                None => {
                    self.err(item.span(), format!("key `{path}`: items must be tables"));
                    ok = false;
                }
            }
        }
        ok.then_some(FieldValue::List(out))
    }

    fn sub_table(
        &mut self,
        t: &DeTable<'_>,
        span: Range<usize>,
        fd: &FieldDef,
        card_type: &str,
        path: &str,
    ) -> Option<BTreeMap<String, FieldValue>> {
        let start = self.errors.len();
        let mut out = BTreeMap::new();
        for (k, v) in t.iter() {
            let key = k.get_ref().as_ref();
            let sub_path = format!("{path}.{key}");
            match fd.sub_field(key) {
                None => self.err(
                    k.span(),
                    format!(
                        "unknown key `{sub_path}` (expected: {})",
                        fd.fields
                            .iter()
                            .map(|f| f.key.as_str())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                ),
                Some(sub) => {
                    if let Some(x) = self.value(v, sub, card_type, &sub_path) {
                        out.insert(key.to_string(), x);
                    }
                }
            }
        }
        for sub in &fd.fields {
            if sub.required.iter().any(|r| r == "*" || r == card_type)
                && t.get(sub.key.as_str()).is_none()
            {
                self.err(
                    span.clone(),
                    format!("key `{path}` is missing `{}`", sub.key),
                );
            }
        }
        (self.errors.len() == start).then_some(out)
    }

    fn enum_value(
        &mut self,
        s: &str,
        span: Range<usize>,
        fd: &FieldDef,
        card_type: &str,
        path: &str,
    ) -> Option<FieldValue> {
        if fd.accepts(card_type, s) {
            Some(FieldValue::Text(s.to_string()))
        } else {
            let allowed = fd.values_for(card_type).join(", ");
            let hint = if fd.accepts(card_type, &s.to_lowercase()) {
                " (values are lower-case)"
            } else {
                ""
            };
            let for_type = if fd.values_by_type.contains_key(card_type) {
                format!(" for {card_type} cards")
            } else {
                String::new()
            };
            self.err(
                span,
                format!("key `{path}`: `{s}` is not one of: {allowed}{for_type}{hint}"),
            );
            None
        }
    }

    fn effects(&mut self, v: &Val<'_>) -> Vec<CardEffect> {
        let Some(arr) = v.get_ref().as_array() else {
            self.err(
                v.span(),
                format!(
                    "key `effects` must be an array of tables, not {}",
                    kind_name(v.get_ref())
                ),
            );
            return Vec::new();
        };
        let mut out = Vec::new();
        for item in arr.iter() {
            let Some(t) = item.get_ref().as_table() else {
                self.err(
                    item.span(),
                    "each effect must be a table like { on = \"deploy\", draw = 1 }",
                );
                continue;
            };
            // the structured form: an ability of the effect language
            if t.contains_key("trigger") || t.contains_key("steps") {
                if let Some(k) = t.get("on") {
                    self.err(
                        k.span(),
                        "an effect is either flat (`on = ...`) or structured (`trigger` and `steps`), not both",
                    );
                    continue;
                }
                if let Some(a) = self.structured(item) {
                    out.push(CardEffect::from(a));
                }
                continue;
            }
            if let Some(e) = self.flat_effect(item, t) {
                out.push(CardEffect::Flat(e));
            }
        }
        out
    }

    /// A structured effect table (schema/effects.md): an error points at
    /// the step it is about when it is about one.
    fn structured(&mut self, item: &Val<'_>) -> Option<crate::engine::effect::Ability> {
        use crate::engine::effect::catalog::{structured, structured_step};
        let Some(value) = deep_plain(item.get_ref()) else {
            self.err(item.span(), "effect: a value of the effect language must be a string, number, boolean, array or table");
            return None;
        };
        match structured(&value) {
            Ok(a) => Some(a),
            Err(whole) => {
                let steps = item
                    .get_ref()
                    .as_table()
                    .and_then(|t| t.get("steps"))
                    .and_then(|s| s.get_ref().as_array());
                let at_step = steps.into_iter().flat_map(|s| s.iter()).find_map(|st| {
                    let plain = deep_plain(st.get_ref())?;
                    structured_step(&plain).err().map(|e| (st.span(), e))
                });
                match at_step {
                    Some((span, e)) => self.err(span, format!("effect step: {e}")),
                    None => self.err(item.span(), format!("effect: {whole}")),
                }
                None
            }
        }
    }

    fn flat_effect(&mut self, item: &Val<'_>, t: &DeTable<'_>) -> Option<Effect> {
        let mut table = toml::Table::new();
        let mut ok = true;
        for (k, val) in t.iter() {
            let key = k.get_ref().as_ref();
            if !Effect::KEYS.contains(&key) {
                self.err(
                    k.span(),
                    format!(
                        "unknown effect key `{key}` (effects have: {}; or write the structured form with `trigger` and `steps`)",
                        Effect::KEYS.join(", ")
                    ),
                );
                ok = false;
                continue;
            }
            match to_plain(val.get_ref()) {
                Some(x) => {
                    table.insert(key.to_string(), x);
                }
                None => {
                    self.err(
                        val.span(),
                        format!("effect key `{key}` has an unsupported value"),
                    );
                    ok = false;
                }
            }
        }
        if !t.contains_key("on") {
            let triggers: Vec<&str> = crate::model::Trigger::ALL
                .iter()
                .map(|t| t.as_str())
                .collect();
            self.err(
                item.span(),
                format!(
                    "an effect needs `on` (one of: {}), or `trigger` and `steps` in the structured form",
                    triggers.join(", ")
                ),
            );
            ok = false;
        }
        if !ok {
            return None;
        }
        match toml::Value::Table(table).try_into::<Effect>() {
            Ok(e) => Some(e),
            Err(e) => {
                self.err(item.span(), format!("effect: {}", e.message().trim()));
                None
            }
        }
    }
}

/// A parsed value, arrays and tables included, as an unspanned one for
/// serde (structured effects).
fn deep_plain(v: &DeValue<'_>) -> Option<toml::Value> {
    Some(match v {
        DeValue::Array(a) => toml::Value::Array(
            a.iter()
                .map(|x| deep_plain(x.get_ref()))
                .collect::<Option<Vec<_>>>()?,
        ),
        DeValue::Table(t) => {
            let mut out = toml::Table::new();
            for (k, x) in t.iter() {
                out.insert(k.get_ref().to_string(), deep_plain(x.get_ref())?);
            }
            toml::Value::Table(out)
        }
        other => to_plain(other)?,
    })
}

/// Converts a parsed value to an unspanned one for serde (effects).
fn to_plain(v: &DeValue<'_>) -> Option<toml::Value> {
    Some(match v {
        DeValue::String(s) => toml::Value::String(s.to_string()),
        DeValue::Integer(_) => toml::Value::Integer(int_of(v).flatten()?),
        DeValue::Float(f) => toml::Value::Float(f.as_str().replace('_', "").parse().ok()?),
        DeValue::Boolean(b) => toml::Value::Boolean(*b),
        _ => return None,
    })
}

fn valid_id(s: &str) -> bool {
    !s.is_empty()
        && s.len() <= 100
        && s.chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | '.'))
}

/// What the catalog's own keys gave, and the game its cards follow.
struct Head {
    catalog: Catalog,
    def: &'static GameDef,
    pictures: Vec<PictureKey>,
}

/// The cards read so far, with what the duplicate checks need.
struct Cards {
    head: Head,
    lines: Vec<usize>,
    ids: HashMap<String, usize>,
    names: HashMap<String, usize>,
}

impl Cards {
    fn new(head: Head) -> Cards {
        Cards {
            head,
            lines: Vec::new(),
            ids: HashMap::new(),
            names: HashMap::new(),
        }
    }

    fn done(self) -> Loaded {
        Loaded {
            catalog: self.head.catalog,
            card_lines: self.lines,
            pictures: self.head.pictures,
        }
    }
}

/// Where the head or a card's block stands in a catalog read in units.
#[derive(Default)]
struct Units {
    head_read: bool,
    /// `None` until the head is read, or when it could not be.
    cards: Option<Cards>,
    /// Lines of the unit read last.
    lines: usize,
}

/// What a line of a catalog is, for [`card_blocks`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Split {
    /// A `[[card]]` header: a card's block starts here.
    Card,
    /// A line of the current unit.
    Plain,
    /// After the first card, a line that may be another table's header:
    /// splitting could read the file otherwise than TOML does.
    Unsure,
}

/// Reads a catalog's lines one by one, telling where each card starts:
/// a `[[card]]` header at the start of a line outside multi-line strings.
/// After the first card, any other line starting with `[` except the card's
/// own sub-tables (`[card.x]`, `[[card.x]]`) makes the split unsure (another
/// table, or an array value whose lines start with `[`).
#[derive(Default)]
struct Splitter {
    in_string: Option<&'static str>,
    cards: usize,
}

impl Splitter {
    fn line(&mut self, line: &str) -> Split {
        if let Some(delim) = self.in_string {
            if line.matches(delim).count() % 2 == 1 {
                self.in_string = None;
            }
            return Split::Plain;
        }
        for delim in ["\"\"\"", "'''"] {
            if line.matches(delim).count() % 2 == 1 {
                self.in_string = Some(delim);
            }
        }
        let trimmed = line.trim_start();
        if self.in_string.is_some() || !trimmed.starts_with('[') {
            return Split::Plain;
        }
        let header: String = trimmed
            .split('#')
            .next()
            .unwrap_or("")
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect();
        if header == "[[card]]" {
            self.cards += 1;
            Split::Card
        } else if self.cards > 0 && !header.starts_with("[card.") && !header.starts_with("[[card.")
        {
            Split::Unsure
        } else {
            Split::Plain
        }
    }

    /// Whether the text ended outside a multi-line string.
    fn done(&self) -> bool {
        self.in_string.is_none()
    }
}

/// A catalog's text as its head (up to the first `[[card]]`) and one block
/// per card, each from its `[[card]]` line to the next, when [`Splitter`]
/// splits it surely and it has two cards or more; otherwise `None`: the file
/// is read whole.
fn card_blocks(text: &str) -> Option<Vec<Range<usize>>> {
    let mut splitter = Splitter::default();
    let mut starts = vec![0];
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        match splitter.line(line) {
            Split::Card if at > 0 => starts.push(at),
            Split::Unsure => return None,
            _ => {}
        }
        at += line.len();
    }
    if !splitter.done() || splitter.cards < 2 {
        return None;
    }
    starts.dedup();
    Some(
        starts
            .iter()
            .enumerate()
            .map(|(i, &s)| s..starts.get(i + 1).copied().unwrap_or(text.len()))
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_catalog_splits_into_cards_only_where_that_reads_the_same() {
        let text = "game = \"fuzzycards\"\nname = \"x\"\n\n[[card]]\nname = \"A\"\n\n[[ card ]] # two\nname = \"B\"\ntext = \"\"\"\n[[card]]\n\"\"\"\n[card.extra]\nk = 1\n";
        let units = card_blocks(text).unwrap();
        assert_eq!(units.len(), 3);
        assert_eq!(
            &text[units[0].clone()],
            "game = \"fuzzycards\"\nname = \"x\"\n\n"
        );
        assert!(text[units[2].clone()].ends_with("k = 1\n"));
        // a table of another name after the cards: read whole
        assert!(card_blocks(&format!("{text}[card_size]\nwidth_mm = 63\n")).is_none());
        // an array value whose lines start with `[`: read whole, to be sure
        assert!(card_blocks(&format!("{text}[[card]]\nx = [\n[1],\n]\n")).is_none());
    }

    /// Read in blocks or whole, a catalog gives the same cards, lines and
    /// errors (at the same lines).
    #[test]
    fn blocks_read_as_the_whole_file_does() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("resources/catalogs/fuzzycards.toml");
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(card_blocks(&text).is_some());
        let mut p = Parser::new(&path, None);
        let whole = p.whole(&text).unwrap();
        let split = parse(&text, &path, None).unwrap();
        assert_eq!(split.catalog.cards, whole.catalog.cards);
        assert_eq!(split.card_lines, whole.card_lines);
        let bad = text.replacen("atk = ", "atk = \"x\"\nnope = ", 3);
        let mut p = Parser::new(&path, None);
        let _ = p.whole(&bad);
        let whole_errors = p.errors;
        let split_errors = parse(&bad, &path, None).unwrap_err().0;
        assert!(!split_errors.is_empty());
        let mut sorted = whole_errors;
        sorted.sort_by_key(|d| (d.line, d.column));
        sorted.dedup();
        assert_eq!(split_errors, sorted);
    }
}
