//! Reading and checking game-definition files (`deckwright game check`): the
//! file parses, and everything in it refers to what exists — card types,
//! fields, values, options, modes, player counts, message placeholders.
//! Every problem names the file and the line of the key it is about.

use std::collections::HashSet;
use std::ops::Range;
use std::path::{Path, PathBuf};

use toml::de::{DeTable, DeValue};

use super::def::{FieldDef, FieldKind, GameDef, RawGameDef};
use super::setup::SETUP_KEYS;
use crate::diag::{Diagnostic, Diagnostics, LineIndex, read_text};
use crate::model::{CARD_KEYS, GameId};
use crate::rules::def::{ByPlayers, COMMON_PLACEHOLDERS, CheckKind, Filter, Per, RuleDef};

/// The folder beside the database that holds the games users add.
pub const GAMES_FOLDER: &str = "games";

/// The `games/` folder beside a database file.
pub fn games_folder(db: &Path) -> PathBuf {
    db.parent()
        .unwrap_or_else(|| Path::new("."))
        .join(GAMES_FOLDER)
}

/// Card sizes a game file may declare, in millimetres (the catalog's
/// `card_size` range).
const CARD_MM: std::ops::RangeInclusive<f64> = 10.0..=300.0;

/// Reads and checks a game file; `print.back` is resolved against its folder.
pub fn check_file(path: &Path) -> Result<GameDef, Diagnostics> {
    let text = read_text(path).map_err(|d| Diagnostics(vec![d]))?;
    let mut def = check_text(&text, path)?;
    let dir = path.parent().unwrap_or_else(|| Path::new("."));
    if !def.print.back.is_empty() && !dir.join(&def.print.back).is_file() {
        let doc = Doc::new(&text, path);
        return Err(Diagnostics(vec![doc.at(
            &["print", "back"],
            format!(
                "key `print.back`: image `{}` not found (looked in {})",
                def.print.back,
                dir.join(&def.print.back).display()
            ),
        )]));
    }
    def.base_dir = Some(dir.to_path_buf());
    Ok(def)
}

/// Checks the text of a game file a user adds: `file` names it in errors.
pub fn check_text(text: &str, file: &Path) -> Result<GameDef, Diagnostics> {
    check(text, file, false)
}

/// Checks a built-in game's file, which may also hold `[rules]` and `[setup]`
/// keys its own module reads.
pub(crate) fn check_builtin(text: &str, file: &Path) -> Result<GameDef, Diagnostics> {
    check(text, file, true)
}

/// The line of the `id` key of a game file (0 when it cannot be read).
pub(crate) fn id_line(path: &Path) -> usize {
    crate::diag::read_text(path)
        .ok()
        .map_or(0, |text| Doc::new(&text, path).line(&["id"]))
}

fn check(text: &str, file: &Path, builtin: bool) -> Result<GameDef, Diagnostics> {
    let doc = Doc::new(text, file);
    let raw: RawGameDef = match toml::from_str(text) {
        Ok(r) => r,
        Err(e) => {
            let span = e.span().unwrap_or(0..0);
            return Err(Diagnostics(vec![
                doc.span_diag(span, e.message().trim().to_string()),
            ]));
        }
    };
    let def = match GameDef::from_raw(raw) {
        Ok(d) => d,
        Err(e) => {
            return Err(Diagnostics(vec![
                doc.at(&["setup"], format!("[setup]: {}", e.message().trim())),
            ]));
        }
    };
    let mut c = Checker {
        def: &def,
        problems: Vec::new(),
    };
    c.all(builtin);
    if c.problems.is_empty() {
        return Ok(def);
    }
    let mut diags: Vec<Diagnostic> = c
        .problems
        .into_iter()
        .map(|(path, message)| {
            let segs: Vec<&str> = path.iter().map(String::as_str).collect();
            doc.at(&segs, message)
        })
        .collect();
    diags.sort_by_key(|d| (d.line, d.column));
    diags.dedup();
    Err(Diagnostics(diags))
}

/// The parsed text with positions, to say where a key is.
struct Doc<'a> {
    file: &'a Path,
    lines: LineIndex,
    table: Option<DeTable<'a>>,
}

impl<'a> Doc<'a> {
    fn new(text: &'a str, file: &'a Path) -> Doc<'a> {
        Doc {
            file,
            lines: LineIndex::new(text),
            table: DeTable::parse(text).ok().map(|t| t.into_inner()),
        }
    }

    /// The span of the deepest key or item of `path` that exists (`"3"` is
    /// the fourth item of an array).
    fn span(&self, path: &[&str]) -> Option<Range<usize>> {
        let table = self.table.as_ref()?;
        let (first, rest) = path.split_first()?;
        let mut here = table.get(*first)?;
        let mut span = here.span();
        for seg in rest {
            let next = match (here.get_ref(), seg.parse::<usize>()) {
                (DeValue::Array(_), Ok(i)) => here.get_ref().get(i),
                (DeValue::Table(_), _) => here.get_ref().get(*seg),
                _ => None,
            };
            match next {
                Some(v) => {
                    here = v;
                    span = v.span();
                }
                None => break,
            }
        }
        Some(span)
    }

    fn line(&self, path: &[&str]) -> usize {
        self.span(path).map_or(0, |s| self.lines.locate(s.start).0)
    }

    fn at(&self, path: &[&str], message: String) -> Diagnostic {
        match self.span(path) {
            Some(span) => self.span_diag(span, message),
            None => Diagnostic {
                file: self.file.to_path_buf(),
                line: 0,
                column: 0,
                message,
            },
        }
    }

    fn span_diag(&self, span: Range<usize>, message: String) -> Diagnostic {
        let (line, column) = self.lines.locate(span.start);
        Diagnostic {
            file: self.file.to_path_buf(),
            line,
            column,
            message,
        }
    }
}

/// Collects every problem of a parsed definition, each with the key path it
/// is about.
struct Checker<'d> {
    def: &'d GameDef,
    problems: Vec<(Vec<String>, String)>,
}

fn path(segs: &[&dyn ToString]) -> Vec<String> {
    segs.iter().map(|s| s.to_string()).collect()
}

impl Checker<'_> {
    fn problem(&mut self, at: Vec<String>, message: impl Into<String>) {
        self.problems.push((at, message.into()));
    }

    fn all(&mut self, builtin: bool) {
        self.identity(builtin);
        self.card();
        self.print();
        self.sections_and_lints();
        self.options();
        self.construction();
        self.setup(builtin);
        for (at, message) in crate::engine::effect::lexicon::check(&self.def.lexicon) {
            let mut full = vec!["lexicon".to_string()];
            full.extend(at);
            let named = format!("`{}`: {message}", full.join("."));
            self.problem(full, named);
        }
        if !builtin && !self.def.rules.is_empty() {
            self.problem(
                path(&[&"rules"]),
                "`[rules]` holds numbers only a built-in game's own module reads; a game file's deck rules go in [[construction.rule]]",
            );
        }
    }

    fn identity(&mut self, builtin: bool) {
        let id = self.def.id.as_str();
        let valid = !id.is_empty()
            && id.len() <= 64
            && id
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
            && !id.starts_with('-');
        if !valid {
            self.problem(
                path(&[&"id"]),
                format!("key `id`: `{id}` is not a game id (lower-case letters, digits and `-`, like \"my-game\")"),
            );
        } else if !builtin && GameId::ALL.iter().any(|g| g.as_str() == id) {
            self.problem(
                path(&[&"id"]),
                format!("key `id`: `{id}` is a built-in game; a game file needs an id of its own"),
            );
        }
        if self.def.name.trim().is_empty() {
            self.problem(path(&[&"name"]), "key `name` must not be empty");
        }
    }

    fn card(&mut self) {
        let schema = &self.def.card;
        if schema.types.is_empty() {
            self.problem(
                path(&[&"card", &"types"]),
                "`card.types` needs at least one card type",
            );
        }
        let mut seen = HashSet::new();
        for (i, t) in schema.types.iter().enumerate() {
            if !valid_word(t) {
                self.problem(
                    path(&[&"card", &"types", &i]),
                    format!("card type `{t}` must be lower-case letters, digits and `-`"),
                );
            }
            if !seen.insert(t.as_str()) {
                self.problem(
                    path(&[&"card", &"types", &i]),
                    format!("card type `{t}` is listed twice"),
                );
            }
        }
        if let Some(d) = &schema.default_type
            && !schema.has_type(d)
        {
            self.problem(
                path(&[&"card", &"default_type"]),
                format!(
                    "`card.default_type`: `{d}` is not one of the card types ({})",
                    schema.types.join(", ")
                ),
            );
        }
        if let Some(cost) = &schema.cost {
            if cost.kind != FieldKind::Int {
                self.problem(
                    path(&[&"card", &"cost", &"kind"]),
                    "`card.cost` must be of kind \"int\"",
                );
            }
            self.field(path(&[&"card", &"cost"]), cost);
        }
        if let Some(curve) = &schema.curve {
            let chartable = schema
                .field(&curve.field)
                .is_some_and(|f| matches!(f.kind, FieldKind::Int | FieldKind::Enum));
            if !chartable {
                self.problem(
                    path(&[&"card", &"curve", &"field"]),
                    format!(
                        "`card.curve.field`: `{}` is not the cost or an int or enum field",
                        curve.field
                    ),
                );
            }
        }
        let mut seen = HashSet::new();
        for (i, f) in schema.fields.iter().enumerate() {
            let at = path(&[&"card", &"field", &i]);
            if CARD_KEYS.contains(&f.key.as_str()) {
                self.problem(
                    at.clone(),
                    format!(
                        "field key `{}` is a key every card has ({})",
                        f.key,
                        CARD_KEYS.join(", ")
                    ),
                );
            }
            if !seen.insert(f.key.as_str()) {
                self.problem(at.clone(), format!("field `{}` is defined twice", f.key));
            }
            self.field(at, f);
        }
    }

    fn field(&mut self, at: Vec<String>, f: &FieldDef) {
        let def = self.def;
        let types: HashSet<&str> = def.card.types.iter().map(String::as_str).collect();
        let sub = |k: &str| {
            let mut p = at.clone();
            p.push(k.to_string());
            p
        };
        if !valid_key(&f.key) {
            self.problem(
                sub("key"),
                format!(
                    "field key `{}` must be lower-case letters, digits and `_`",
                    f.key
                ),
            );
        }
        for t in f.types.iter().chain(&f.required) {
            if t != "*" && !types.contains(t.as_str()) {
                self.problem(
                    sub("types"),
                    format!(
                        "field `{}`: `{t}` is not one of the card types ({})",
                        f.key,
                        def.card.types.join(", ")
                    ),
                );
            }
        }
        let listed = matches!(f.kind, FieldKind::Enum | FieldKind::EnumList);
        if listed && f.values.is_empty() && f.values_by_type.is_empty() {
            self.problem(
                sub("kind"),
                format!(
                    "field `{}` of kind {} needs `values`",
                    f.key,
                    kind_word(f.kind)
                ),
            );
        }
        if !listed && (!f.values.is_empty() || !f.values_by_type.is_empty()) {
            self.problem(
                sub("values"),
                format!(
                    "field `{}`: `values` are for enum and enum-list fields",
                    f.key
                ),
            );
        }
        for (t, vs) in &f.values_by_type {
            if !types.contains(t.as_str()) {
                self.problem(
                    sub("values_by_type"),
                    format!("field `{}`: `{t}` is not one of the card types", f.key),
                );
            }
            for v in vs {
                if !f.values.is_empty() && !f.values.contains(v) {
                    self.problem(
                        sub("values_by_type"),
                        format!(
                            "field `{}`: `{v}` (for {t} cards) is not one of its values",
                            f.key
                        ),
                    );
                }
            }
        }
        if let (Some(lo), Some(hi)) = (f.min, f.max)
            && lo > hi
        {
            self.problem(
                sub("min"),
                format!("field `{}`: min {lo} is above max {hi}", f.key),
            );
        }
        if (f.min.is_some() || f.max.is_some()) && f.kind != FieldKind::Int {
            self.problem(
                sub("min"),
                format!("field `{}`: `min` and `max` are for int fields", f.key),
            );
        }
        let tables = matches!(f.kind, FieldKind::Table | FieldKind::TableList);
        if tables && f.fields.is_empty() {
            self.problem(
                sub("kind"),
                format!(
                    "field `{}` of kind {} needs sub-fields (`[[card.field.fields]]`)",
                    f.key,
                    kind_word(f.kind)
                ),
            );
        }
        if !tables && !f.fields.is_empty() {
            self.problem(
                sub("fields"),
                format!(
                    "field `{}`: sub-fields are for table and table-list fields",
                    f.key
                ),
            );
        }
        let lists = matches!(
            f.kind,
            FieldKind::EnumList | FieldKind::TextList | FieldKind::TableList
        );
        if f.max_items.is_some() && !lists {
            self.problem(
                sub("max_items"),
                format!("field `{}`: `max_items` is for list fields", f.key),
            );
        }
        for (i, s) in f.fields.iter().enumerate() {
            let mut p = at.clone();
            p.extend(["fields".to_string(), i.to_string()]);
            self.field(p, s);
        }
    }

    fn print(&mut self) {
        let (w, h) = self.def.print.card_size_mm;
        if !CARD_MM.contains(&w) || !CARD_MM.contains(&h) {
            self.problem(
                path(&[&"print", &"card_size_mm"]),
                format!(
                    "`print.card_size_mm` = [{w}, {h}]: width and height must each be 10-300 mm"
                ),
            );
        }
        if let Some(r) = self.def.print.corner_radius_mm
            && !(r.is_finite() && (0.0..=w.min(h) / 2.0).contains(&r))
        {
            self.problem(
                path(&[&"print", &"corner_radius_mm"]),
                format!(
                    "`print.corner_radius_mm` = {r}: must be between 0 and half the shorter card side"
                ),
            );
        }
        if !is_hex_colour(&self.def.print.frame) {
            self.problem(
                path(&[&"print", &"frame"]),
                format!(
                    "`print.frame`: `{}` is not a colour like \"#7b3fa0\"",
                    self.def.print.frame
                ),
            );
        }
        let back = self.def.print.back.to_lowercase();
        let image = [".png", ".jpg", ".jpeg"].iter().any(|e| back.ends_with(e));
        if !back.is_empty() && !image {
            self.problem(
                path(&[&"print", &"back"]),
                format!(
                    "`print.back`: `{}` is not a PNG or JPEG file name",
                    self.def.print.back
                ),
            );
        }
    }

    fn sections_and_lints(&mut self) {
        for (i, s) in self.def.sections.iter().enumerate() {
            for t in &s.types {
                if !self.def.card.has_type(t) {
                    self.problem(
                        path(&[&"section", &i, &"types"]),
                        format!("section \"{}\": `{t}` is not one of the card types", s.name),
                    );
                }
            }
        }
        for (i, l) in self.def.lints.iter().enumerate() {
            let at = path(&[&"lint", &i]);
            let known = match l.field.split_once('.') {
                Some((table, sub)) => self
                    .def
                    .card
                    .field(table)
                    .is_some_and(|f| f.sub_field(sub).is_some()),
                None => self.def.card.field(&l.field).is_some(),
            };
            if !known {
                self.problem(at.clone(), format!("lint: no card field `{}`", l.field));
            }
            let filter: Filter = l.when.clone();
            self.filter(at, "when", &filter);
        }
    }

    fn options(&mut self) {
        let mut seen = HashSet::new();
        for (i, o) in self.def.options.iter().enumerate() {
            let at = path(&[&"option", &i]);
            if !seen.insert(o.key.as_str()) {
                self.problem(at.clone(), format!("option `{}` is defined twice", o.key));
            }
            if !o.values.is_empty() {
                match &o.default {
                    toml::Value::String(s) if o.values.contains(s) => {}
                    other => self.problem(
                        at,
                        format!(
                            "option `{}`: default {other} is not one of its values ({})",
                            o.key,
                            o.values.join(", ")
                        ),
                    ),
                }
            }
        }
    }

    /// Checks a card filter: known keys, and values a card could have.
    fn filter(&mut self, at: Vec<String>, name: &str, filter: &Filter) {
        for (key, want) in filter {
            let mut p = at.clone();
            p.extend([name.to_string(), key.clone()]);
            let wants: Vec<&toml::Value> = match want {
                toml::Value::Array(a) => a.iter().collect(),
                one => vec![one],
            };
            match key.as_str() {
                "type" => {
                    for w in wants {
                        match w.as_str() {
                            Some(t) if self.def.card.has_type(t) => {}
                            _ => self.problem(
                                p.clone(),
                                format!(
                                    "`{name}.type`: {w} is not one of the card types ({})",
                                    self.def.card.types.join(", ")
                                ),
                            ),
                        }
                    }
                }
                "name" => {
                    if wants.iter().any(|w| w.as_str().is_none()) {
                        self.problem(p, format!("`{name}.name` must be a card name"));
                    }
                }
                field => match self.def.card.field(field) {
                    None => self.problem(
                        p,
                        format!(
                            "`{name}.{field}`: no card field `{field}` (fields: {})",
                            self.field_keys()
                        ),
                    ),
                    Some(f) => {
                        for w in wants {
                            if !value_fits(f, w) {
                                self.problem(
                                    p.clone(),
                                    format!("`{name}.{field}`: {w} is not a value field `{field}` can hold"),
                                );
                            }
                        }
                    }
                },
            }
        }
    }

    fn field_keys(&self) -> String {
        let mut keys: Vec<&str> = vec!["type", "name"];
        if self.def.card.cost.is_some() {
            keys.push("cost");
        }
        keys.extend(self.def.card.fields.iter().map(|f| f.key.as_str()));
        keys.join(", ")
    }

    fn construction(&mut self) {
        let c = &self.def.construction;
        if let Some(p) = &c.players {
            let at = path(&[&"construction", &"players"]);
            if p.min < 1 || p.min > p.max {
                self.problem(
                    at.clone(),
                    format!(
                        "`construction.players`: min {} and max {} must satisfy 1 <= min <= max",
                        p.min, p.max
                    ),
                );
            }
            if let Some(f) = &p.infer_from
                && !self
                    .def
                    .card
                    .field(f)
                    .is_some_and(|d| d.kind == FieldKind::Int)
            {
                self.problem(
                    at,
                    format!("`construction.players.infer_from`: no int card field `{f}`"),
                );
            }
        }
        if let Some(m) = &c.modes {
            let at = path(&[&"construction", &"modes"]);
            match self.def.card.field(&m.field) {
                None => self.problem(
                    at.clone(),
                    format!("`construction.modes.field`: no card field `{}`", m.field),
                ),
                Some(f) => {
                    for mode in &m.modes {
                        if !value_fits(f, &toml::Value::String(mode.mark.clone())) {
                            self.problem(
                                at.clone(),
                                format!(
                                    "mode `{}`: mark `{}` is not a value of field `{}`",
                                    mode.name, mode.mark, m.field
                                ),
                            );
                        }
                    }
                }
            }
            if m.mode(&m.default).is_none() {
                self.problem(
                    at.clone(),
                    format!("`construction.modes.default`: no mode `{}`", m.default),
                );
            }
            let mut seen = HashSet::new();
            for mode in &m.modes {
                if !valid_word(&mode.name) || !seen.insert(mode.name.as_str()) {
                    self.problem(
                        at.clone(),
                        format!(
                            "mode `{}`: names are lower-case words, each once",
                            mode.name
                        ),
                    );
                }
            }
        }
        for (i, rule) in c.rules.iter().enumerate() {
            self.rule(path(&[&"construction", &"rule", &i]), rule);
        }
    }

    fn rule(&mut self, at: Vec<String>, r: &RuleDef) {
        let c = &self.def.construction;
        let kind = r.check.as_str();
        let sub = |k: &str| {
            let mut p = at.clone();
            p.push(k.to_string());
            p
        };
        if !valid_word(r.rule_id()) {
            self.problem(
                sub("rule"),
                format!(
                    "rule id `{}` must be lower-case words joined by `-`",
                    r.rule_id()
                ),
            );
        }
        self.filter(at.clone(), "when", &r.when);
        self.filter(at.clone(), "unless", &r.unless);
        for m in &r.modes {
            if c.modes.as_ref().is_none_or(|d| d.mode(m).is_none()) {
                self.problem(
                    sub("modes"),
                    format!("no deck mode `{m}` in [construction.modes]"),
                );
            }
        }
        let players = c.players.as_ref();
        for p in &r.players {
            if !players.is_some_and(|d| (d.min..=d.max).contains(p)) {
                self.problem(
                    sub("players"),
                    format!("`players`: {p} is not a player count of [construction.players]"),
                );
            }
        }
        for (key, want) in &r.when_option {
            match self.def.options.iter().find(|o| &o.key == key) {
                None => self.problem(
                    sub("when_option"),
                    format!("`when_option`: no option `{key}`"),
                ),
                Some(o) => {
                    let fits = match (&o.default, want) {
                        (toml::Value::String(_), toml::Value::String(s)) => {
                            o.values.is_empty() || o.values.contains(s)
                        }
                        (d, w) => d.same_type(w),
                    };
                    if !fits {
                        self.problem(
                            sub("when_option"),
                            format!("`when_option.{key}`: {want} is not a value of option `{key}`"),
                        );
                    }
                }
            }
        }
        let by_players = [
            (
                "exact",
                r.exact.as_ref().is_some_and(ByPlayers::is_each),
                r.exact.as_ref().map_or(0, ByPlayers::len),
            ),
            (
                "min",
                r.min.as_ref().is_some_and(ByPlayers::is_each),
                r.min.as_ref().map_or(0, ByPlayers::len),
            ),
            (
                "max",
                r.max.as_ref().is_some_and(ByPlayers::is_each),
                r.max.as_ref().map_or(0, ByPlayers::len),
            ),
            (
                "why",
                r.why.as_ref().is_some_and(ByPlayers::is_each),
                r.why.as_ref().map_or(0, ByPlayers::len),
            ),
        ];
        for (key, each, len) in by_players {
            if !each {
                continue;
            }
            match players {
                None => self.problem(sub(key), format!("`{key}` is a list by player count, but the game has no [construction.players]")),
                Some(p) if len != p.count() => self.problem(
                    sub(key),
                    format!("`{key}` lists {len} values; [construction.players] has {} player counts ({}-{})", p.count(), p.min, p.max),
                ),
                _ => {}
            }
        }
        if r.exact.is_some() && (r.min.is_some() || r.max.is_some()) {
            self.problem(sub("exact"), "`exact` and `min`/`max` exclude each other");
        }
        for (key, bound) in [("exact", &r.exact), ("min", &r.min), ("max", &r.max)] {
            let Some(b) = bound else { continue };
            let negative_ok = r.check == CheckKind::CardField;
            if !negative_ok && b.values().iter().any(|v| *v < 0) {
                self.problem(sub(key), format!("`{key}` must not be negative"));
            }
        }

        // which keys each check reads
        let given: [(&str, bool); 14] = [
            ("tiers", !r.tiers.is_empty()),
            ("tier_noun", r.tier_noun.is_some()),
            ("field", r.field.is_some()),
            ("values", !r.values.is_empty()),
            ("ignore", !r.ignore.is_empty()),
            ("per", r.per != Per::Card),
            ("card_override", r.card_override),
            ("label", r.label.is_some()),
            ("noun", r.noun.is_some()),
            ("within_players", r.within_players.is_some()),
            ("per_player", r.per_player),
            ("exact", r.exact.is_some()),
            ("min", r.min.is_some()),
            ("max", r.max.is_some()),
        ];
        let allowed: &[&str] = match r.check {
            CheckKind::Size => &[
                "tiers",
                "tier_noun",
                "exact",
                "min",
                "max",
                "per_player",
                "card_override",
            ],
            CheckKind::Count => &[
                "noun",
                "within_players",
                "per_player",
                "exact",
                "min",
                "max",
            ],
            CheckKind::Copies => &["per", "card_override", "label", "max"],
            CheckKind::Singleton => &["noun"],
            CheckKind::Distinct => &["field", "ignore", "noun", "max", "card_override"],
            CheckKind::CardField => &["field", "label", "min", "max"],
            CheckKind::Tier => &["field", "noun"],
            CheckKind::Stack => &["field", "values", "label"],
            CheckKind::Modes | CheckKind::MixedModes => &[],
        };
        for (key, set) in given {
            if set && !allowed.contains(&key) {
                self.problem(
                    sub(key),
                    format!("key `{key}` does not apply to check = \"{kind}\""),
                );
            }
        }
        let need = |c: &mut Self, ok: bool, what: &str| {
            if !ok {
                c.problem(at.clone(), format!("check = \"{kind}\" needs {what}"));
            }
        };
        match r.check {
            CheckKind::Size => {
                need(
                    self,
                    !r.tiers.is_empty() || r.exact.is_some() || r.min.is_some() || r.max.is_some(),
                    "`exact`, `min`, `max` or `tiers`",
                );
                if !r.when.is_empty() || !r.unless.is_empty() {
                    self.problem(sub("when"), "check = \"size\" counts the whole deck; use check = \"count\" for some cards");
                }
                if !r.tiers.is_empty() && (r.exact.is_some() || r.min.is_some() || r.max.is_some())
                {
                    self.problem(
                        sub("tiers"),
                        "`tiers` and `exact`/`min`/`max` exclude each other",
                    );
                }
                for (i, t) in r.tiers.iter().enumerate() {
                    let prev = i.checked_sub(1).map(|j| &r.tiers[j]);
                    let bad = t.max.is_some_and(|m| m < t.min)
                        || prev.is_some_and(|p| p.max.is_none_or(|m| m >= t.min));
                    if bad {
                        self.problem(
                            sub("tiers"),
                            format!(
                                "tier \"{}\": tiers go smallest first and do not overlap",
                                t.name
                            ),
                        );
                    }
                }
            }
            CheckKind::Count => need(
                self,
                r.exact.is_some() || r.min.is_some() || r.max.is_some(),
                "`exact`, `min` or `max`",
            ),
            CheckKind::Copies => {
                need(self, r.max.is_some(), "`max`");
                if r.card_override && r.per == Per::Deck {
                    self.problem(
                        sub("card_override"),
                        "`card_override` is for per = \"card\"",
                    );
                }
            }
            CheckKind::Singleton => {}
            CheckKind::Distinct => {
                need(
                    self,
                    r.field.is_some() && r.max.is_some(),
                    "`field` and `max`",
                );
            }
            CheckKind::CardField => {
                need(
                    self,
                    r.field.is_some() && (r.min.is_some() || r.max.is_some()),
                    "`field` and `min` or `max`",
                );
            }
            CheckKind::Tier => {
                need(self, r.field.is_some(), "`field`");
                need(self, players.is_some(), "[construction.players]");
            }
            CheckKind::Stack => need(
                self,
                r.field.is_some() && !r.values.is_empty(),
                "`field` and `values`",
            ),
            CheckKind::Modes | CheckKind::MixedModes => {
                need(self, c.modes.is_some(), "[construction.modes]")
            }
        }
        if let Some(f) = &r.field {
            let int_only = matches!(
                r.check,
                CheckKind::CardField | CheckKind::Tier | CheckKind::Stack
            );
            match self.def.card.field(f) {
                None => self.problem(
                    sub("field"),
                    format!(
                        "`field`: no card field `{f}` (fields: {})",
                        self.field_keys()
                    ),
                ),
                Some(d) if int_only && d.kind != FieldKind::Int => {
                    self.problem(sub("field"), format!("`field`: `{f}` is not an int field"));
                }
                _ => {}
            }
        }
        if let Some(f) = &r.within_players {
            if players.is_none() {
                self.problem(
                    sub("within_players"),
                    "`within_players` needs [construction.players]",
                );
            }
            if !self
                .def
                .card
                .field(f)
                .is_some_and(|d| d.kind == FieldKind::Int)
            {
                self.problem(
                    sub("within_players"),
                    format!("`within_players`: no int card field `{f}`"),
                );
            }
        }
        if let Some(m) = &r.message {
            for name in placeholders(m) {
                if !COMMON_PLACEHOLDERS.contains(&name) && !r.check.placeholders().contains(&name) {
                    let mut known: Vec<&str> = COMMON_PLACEHOLDERS.to_vec();
                    known.extend(r.check.placeholders());
                    self.problem(
                        sub("message"),
                        format!("`message`: unknown placeholder {{{name}}} (check = \"{kind}\" has: {})", known.join(", ")),
                    );
                }
            }
        }
    }

    fn setup(&mut self, builtin: bool) {
        let s = &self.def.setup;
        let table = &self.def.setup_table;
        if !builtin {
            for key in table.keys() {
                if !SETUP_KEYS.contains(&key.as_str()) {
                    self.problem(
                        path(&[&"setup", key]),
                        format!(
                            "unknown key `{key}` in [setup] (a game file has: {})",
                            SETUP_KEYS.join(", ")
                        ),
                    );
                }
            }
        }
        for t in &s.hand_types {
            if !self.def.card.has_type(t) {
                self.problem(
                    path(&[&"setup", &"hand_types"]),
                    format!("`setup.hand_types`: `{t}` is not one of the card types"),
                );
            }
        }
        let has = |k: &str| table.contains_key(k);
        let kind = table
            .get("mulligan")
            .and_then(toml::Value::as_str)
            .unwrap_or("none");
        for (key, wants) in [
            ("mulligans", "redraw"),
            ("mulligan_hand", "redraw"),
            ("mulligan_max", "bottom"),
        ] {
            if has(key) && kind != wants {
                self.problem(
                    path(&[&"setup", &key]),
                    format!("`setup.{key}` goes with mulligan = \"{wants}\""),
                );
            }
        }
        if s.opening_hand.is_none() {
            for key in ["opening_hand_second", "draws_per_turn", "mulligan"] {
                if has(key) {
                    self.problem(
                        path(&[&"setup", &key]),
                        format!("`setup.{key}` needs `opening_hand`"),
                    );
                }
            }
        }
    }
}

/// The `{names}` a message template uses.
fn placeholders(template: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        match after.find('}') {
            Some(close) => {
                out.push(&after[..close]);
                rest = &after[close + 1..];
            }
            None => break,
        }
    }
    out
}

/// `#rrggbb`.
fn is_hex_colour(s: &str) -> bool {
    s.len() == 7 && s.starts_with('#') && s[1..].bytes().all(|b| b.is_ascii_hexdigit())
}

fn valid_word(s: &str) -> bool {
    !s.is_empty()
        && s.bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

fn valid_key(s: &str) -> bool {
    !s.is_empty()
        && s.bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
}

fn kind_word(k: FieldKind) -> &'static str {
    match k {
        FieldKind::Int => "int",
        FieldKind::Bool => "bool",
        FieldKind::Text => "text",
        FieldKind::Enum => "enum",
        FieldKind::EnumList => "enum-list",
        FieldKind::TextList => "text-list",
        FieldKind::Table => "table",
        FieldKind::TableList => "table-list",
    }
}

/// Whether a card field of this definition could hold `v` (a filter value).
fn value_fits(f: &FieldDef, v: &toml::Value) -> bool {
    match (f.kind, v) {
        (FieldKind::Int, toml::Value::Integer(_)) => true,
        (FieldKind::Bool, toml::Value::Boolean(_)) => true,
        (FieldKind::Text | FieldKind::TextList, toml::Value::String(_)) => true,
        (FieldKind::Enum | FieldKind::EnumList, toml::Value::String(s)) => {
            f.values.contains(s) || f.values_by_type.values().any(|vs| vs.contains(s))
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MINIMAL: &str = r##"id = "tiny"
name = "Tiny"
[card]
types = ["unit"]
[print]
card_size_mm = [63.0, 88.0]
frame = "#336699"
[[construction.rule]]
check = "size"
exact = 20
"##;

    fn errors(text: &str) -> String {
        check_text(text, Path::new("g.toml"))
            .unwrap_err()
            .to_string()
    }

    #[test]
    fn a_minimal_game_checks() {
        let def = check_text(MINIMAL, Path::new("g.toml")).unwrap();
        assert_eq!(def.id.as_str(), "tiny");
        assert_eq!(def.setup.opening_hand, None);
        assert_eq!(def.construction.rules.len(), 1);
    }

    /// `[print] corner_radius_mm` (issue 26): the cut lines' default
    /// corner, read and checked against the card size.
    #[test]
    fn a_corner_radius_is_read_and_bounded() {
        let def = check_text(
            &MINIMAL.replace("frame = ", "corner_radius_mm = 2.5\nframe = "),
            Path::new("g.toml"),
        )
        .unwrap();
        assert_eq!(def.print.corner_radius_mm, Some(2.5));
        let e = errors(&MINIMAL.replace("frame = ", "corner_radius_mm = 40.0\nframe = "));
        assert!(e.contains("`print.corner_radius_mm` = 40"), "{e}");
    }

    #[test]
    fn a_lexicon_names_its_bad_words_at_their_line() {
        let bad = format!(
            "{MINIMAL}\n[lexicon]\ndefault_kind = \"hero\"\nshouting = true\n\n[lexicon.events]\n\"is born\" = \"hatches\"\n"
        );
        let e = errors(&bad);
        assert!(e.contains("`lexicon.shouting`: unknown key"), "{e}");
        assert!(e.contains("unknown variant `hatches`"), "{e}");
        let line = |needle: &str| bad.lines().position(|l| l.contains(needle)).unwrap() + 1;
        assert!(
            e.contains(&format!("g.toml:{}:", line("\"is born\""))),
            "{e}"
        );
        let good = format!(
            "{MINIMAL}\n[lexicon]\ndefault_kind = \"hero\"\n\n[lexicon.synonyms]\n\"the foe\" = \"your opponent\"\n"
        );
        assert!(check_text(&good, Path::new("g.toml")).is_ok());
    }

    #[test]
    fn problems_name_the_file_and_line() {
        let bad = MINIMAL.replace("exact = 20", "exact = 20\nwhen = { colour = \"red\" }")
            + "[[construction.rule]]\ncheck = \"copies\"\nmax = 2\ntiers = []\nfield = \"x\"\nmessage = \"{nope}\"\n";
        let e = errors(&bad);
        assert!(
            e.contains("g.toml:11:19: `when.colour`: no card field `colour`"),
            "{e}"
        );
        assert!(e.contains("no card field `colour`"), "{e}");
        assert!(
            e.contains("key `field` does not apply to check = \"copies\""),
            "{e}"
        );
        assert!(e.contains("unknown placeholder {nope}"), "{e}");
    }

    #[test]
    fn syntax_and_unknown_keys_and_builtin_ids() {
        let e = errors("id = \"x\"\nname = \n");
        assert!(e.starts_with("g.toml:2:"), "{e}");
        let e = errors(&MINIMAL.replace("[print]", "colour = 1\n[print]"));
        assert!(e.contains("unknown field `colour`"), "{e}");
        let e = errors(&MINIMAL.replace("\"tiny\"", "\"fuzzycards\""));
        assert!(
            e.contains("g.toml:1:") && e.contains("is a built-in game"),
            "{e}"
        );
        let e = errors(&(MINIMAL.to_string() + "[setup]\nopening_hnad = 5\n"));
        assert!(e.contains("unknown key `opening_hnad` in [setup]"), "{e}");
        let e = errors(&(MINIMAL.to_string() + "[rules]\ndeck_size = 5\n"));
        assert!(e.contains("[[construction.rule]]"), "{e}");
        let e = errors(&MINIMAL.replace("[print]", "[card.curve]\nfield = \"power\"\n[print]"));
        assert!(
            e.contains("g.toml:6:") && e.contains("`card.curve.field`: `power`"),
            "{e}"
        );
    }

    #[test]
    fn per_player_lists_need_players_of_the_same_count() {
        let text = MINIMAL.replace("exact = 20", "exact = [20, 30]");
        assert!(errors(&text).contains("no [construction.players]"));
        let text = text.replace(
            "[[construction.rule]]",
            "[construction.players]\nmin = 2\nmax = 4\n[[construction.rule]]",
        );
        assert!(
            errors(&text).contains("lists 2 values; [construction.players] has 3"),
            "{}",
            errors(&text)
        );
    }
}
