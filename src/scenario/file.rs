//! Reading a scenario file (formats.md §5, `schema/scenario.md`): TOML, every
//! value kept with its line so an error names the file and line.

use std::path::{Path, PathBuf};

use serde_json::Value;
use toml::Spanned;
use toml::de::{DeTable, DeValue};

use crate::catalog::load::{int_of, kind_name};
use crate::diag::{Diagnostic, LineIndex, read_text};
use crate::engine::position::{CardPosition, Line, Position, SeatPosition, ZonePosition};
use crate::model::GameId;

/// The keys a scenario file may have at its top.
pub const TOP_KEYS: [&str; 12] = [
    "game", "catalog", "seed", "turn", "active", "first", "phase", "seat", "move", "expect",
    "world", "options",
];

/// A scenario file, read.
#[derive(Clone, Debug)]
pub struct Scenario {
    pub file: PathBuf,
    pub game: GameId,
    /// The catalog, resolved against the scenario's folder.
    pub catalog: PathBuf,
    /// The catalog as written (a stored catalog's name, when no such file
    /// lies beside the scenario).
    pub catalog_name: String,
    pub position: Position,
    pub moves: Vec<Move>,
    pub expects: Vec<Expect>,
    /// `[options]`: the game's named options, each as `--option key=value`
    /// gives it (`turn_order = "genesis-flip"`), with its line.
    pub options: Vec<(Line<String>, String)>,
    /// The whole text (Strange World reads its own sections from it).
    pub text: String,
}

/// One `[[move]]`.
#[derive(Clone, Debug, PartialEq)]
pub struct Move {
    /// The seat that must be to act, when given.
    pub seat: Option<usize>,
    pub label: String,
    pub line: usize,
}

/// One `[[expect]]`.
#[derive(Clone, Debug, PartialEq)]
pub struct Expect {
    pub path: String,
    /// How the value at `path` is compared with `equals`.
    pub how: Compare,
    /// The value asked for (`equals`, `includes` or `excludes`).
    pub equals: Value,
    /// `after = N`: read the state after move N (0: the position itself);
    /// `None`: after the last move.
    pub after: Option<usize>,
    /// `viewer = "a"`: read the state as that seat sees it ("?" for what it
    /// may not see, its log, its legal moves when it is to act); `None`:
    /// the full state.
    pub viewer: Option<usize>,
    pub line: usize,
}

/// How an `[[expect]]` compares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Compare {
    /// `equals = V`: the value is V.
    Equals,
    /// `includes = V` (or a list of values): the list holds each.
    Includes,
    /// `excludes = V` (or a list): the list holds none of them — how a
    /// rule that forbids a move is checked (`path = "moves"`).
    Excludes,
}

impl Compare {
    /// The key it is written with.
    pub fn key(self) -> &'static str {
        match self {
            Compare::Equals => "equals",
            Compare::Includes => "includes",
            Compare::Excludes => "excludes",
        }
    }
}

type Val<'i> = Spanned<DeValue<'i>>;

struct Reader<'a> {
    file: &'a Path,
    lines: LineIndex,
    /// The seat names the game has: `a`, `b` (Strange World: to `d`), set
    /// once the game is read.
    seats: std::cell::Cell<&'static [&'static str]>,
}

/// The seats of a two-player game.
const TWO: &[&str] = &["a", "b"];
/// The seats of Strange World, 1 to 4 players.
const FOUR: &[&str] = &["a", "b", "c", "d"];

impl Reader<'_> {
    fn line(&self, v: &std::ops::Range<usize>) -> usize {
        self.lines.locate(v.start).0
    }

    fn err(&self, span: std::ops::Range<usize>, message: impl Into<String>) -> Diagnostic {
        let (line, column) = self.lines.locate(span.start);
        Diagnostic {
            file: self.file.to_path_buf(),
            line,
            column,
            message: message.into(),
        }
    }

    fn string(&self, v: &Val<'_>, key: &str) -> Result<String, Diagnostic> {
        v.get_ref().as_str().map(str::to_string).ok_or_else(|| {
            self.err(
                v.span(),
                format!("`{key}` must be a string, not {}", kind_name(v.get_ref())),
            )
        })
    }

    fn int(&self, v: &Val<'_>, key: &str, lo: i64, hi: i64) -> Result<i64, Diagnostic> {
        match int_of(v.get_ref()) {
            Some(Some(i)) if (lo..=hi).contains(&i) => Ok(i),
            Some(_) => Err(self.err(v.span(), format!("`{key}` must be between {lo} and {hi}"))),
            None => Err(self.err(
                v.span(),
                format!("`{key}` must be an integer, not {}", kind_name(v.get_ref())),
            )),
        }
    }

    fn seat(&self, v: &Val<'_>, key: &str) -> Result<usize, Diagnostic> {
        let s = self.string(v, key)?;
        let seats = self.seats.get();
        seats.iter().position(|&n| n == s).ok_or_else(|| {
            let names: Vec<String> = seats.iter().map(|n| format!("\"{n}\"")).collect();
            self.err(
                v.span(),
                format!("`{key}` must be {} (got \"{s}\")", names.join(" or ")),
            )
        })
    }

    /// A TOML value as JSON (per-card state, `equals`).
    fn json(&self, v: &Val<'_>) -> Result<Value, Diagnostic> {
        Ok(match v.get_ref() {
            DeValue::String(s) => Value::String(s.to_string()),
            DeValue::Integer(_) => match int_of(v.get_ref()) {
                Some(Some(i)) => Value::from(i),
                _ => return Err(self.err(v.span(), "the number does not fit")),
            },
            DeValue::Float(f) => f
                .as_str()
                .parse::<f64>()
                .ok()
                .and_then(serde_json::Number::from_f64)
                .map(Value::Number)
                .ok_or_else(|| self.err(v.span(), "not a finite number"))?,
            DeValue::Boolean(b) => Value::Bool(*b),
            DeValue::Datetime(_) => return Err(self.err(v.span(), "a date is not a value here")),
            DeValue::Array(a) => Value::Array(
                a.iter()
                    .map(|x| self.json(x))
                    .collect::<Result<Vec<_>, _>>()?,
            ),
            DeValue::Table(t) => {
                let mut m = serde_json::Map::new();
                for (k, x) in t.iter() {
                    m.insert(k.get_ref().to_string(), self.json(x)?);
                }
                Value::Object(m)
            }
        })
    }

    fn card(&self, v: &Val<'_>) -> Result<CardPosition, Diagnostic> {
        let line = self.line(&v.span());
        match v.get_ref() {
            DeValue::String(s) => Ok(CardPosition {
                name: Line {
                    value: s.to_string(),
                    line,
                },
                state: Vec::new(),
            }),
            DeValue::Table(t) => {
                let name = t
                    .get("card")
                    .ok_or_else(|| self.err(v.span(), "a card table needs `card = \"Name\"`"))?;
                let mut state = Vec::new();
                for (k, x) in t.iter() {
                    if k.get_ref() == "card" {
                        continue;
                    }
                    state.push((
                        Line {
                            value: k.get_ref().to_string(),
                            line: self.line(&k.span()),
                        },
                        self.json(x)?,
                    ));
                }
                Ok(CardPosition {
                    name: Line {
                        value: self.string(name, "card")?,
                        line,
                    },
                    state,
                })
            }
            other => Err(self.err(
                v.span(),
                format!(
                    "a card is a name or a table {{ card = \"Name\", ... }}, not {}",
                    kind_name(other)
                ),
            )),
        }
    }

    fn seat_table(&self, t: &DeTable<'_>) -> Result<SeatPosition, Diagnostic> {
        let mut seat = SeatPosition::default();
        for (k, v) in t.iter() {
            let key = Line {
                value: k.get_ref().to_string(),
                line: self.line(&k.span()),
            };
            match v.get_ref() {
                DeValue::Array(a) => seat.zones.push(ZonePosition {
                    name: key,
                    cards: a.iter().map(|c| self.card(c)).collect::<Result<_, _>>()?,
                }),
                DeValue::Integer(_) => {
                    let n = self.int(v, &key.value, -1_000_000, 1_000_000)?;
                    seat.counters.push((key, n));
                }
                other => {
                    return Err(self.err(
                        v.span(),
                        format!(
                            "`{}` must be a counter (an integer) or a zone (a list of cards), not {}",
                            key.value,
                            kind_name(other)
                        ),
                    ));
                }
            }
        }
        Ok(seat)
    }
}

/// Reads and checks the scenario file at `path`.
pub fn load(path: &Path) -> Result<Scenario, Diagnostic> {
    let text = read_text(path)?;
    parse(path, &text)
}

/// Reads a scenario from `text` (`path` names it in errors and anchors the
/// catalog's relative path).
pub fn parse(path: &Path, text: &str) -> Result<Scenario, Diagnostic> {
    let r = Reader {
        file: path,
        lines: LineIndex::new(text),
        seats: std::cell::Cell::new(TWO),
    };
    let doc = DeTable::parse(text).map_err(|e| {
        r.err(
            e.span().unwrap_or(0..0),
            format!("TOML syntax: {}", e.message().trim()),
        )
    })?;
    let whole = doc.span();
    let doc = doc.into_inner();
    for (k, _) in doc.iter() {
        if !TOP_KEYS.contains(&k.get_ref().as_ref()) {
            return Err(r.err(
                k.span(),
                format!(
                    "unknown key `{}` (a scenario has: {})",
                    k.get_ref(),
                    TOP_KEYS.join(", ")
                ),
            ));
        }
    }
    let need = |key: &str| {
        doc.get(key)
            .ok_or_else(|| r.err(whole.start..whole.start, format!("missing key `{key}`")))
    };
    let g = need("game")?;
    let game: GameId = r
        .string(g, "game")?
        .parse()
        .map_err(|e| r.err(g.span(), format!("`game`: {e}")))?;
    // Strange World is for 1 to 4 players: its seats (a to d) are read by
    // `scenario::world` from `[seat.*]` and `[world.*]`
    let worlds = crate::games::get(game).is_some_and(|g| g.builds_worlds());
    if worlds {
        r.seats.set(FOUR);
    } else if let Some((k, _)) = doc.get_key_value("world") {
        return Err(r.err(
            k.span(),
            format!("`world` is for Strange World positions, not {game}"),
        ));
    }
    let catalog_name = r.string(need("catalog")?, "catalog")?;
    let base = path.parent().unwrap_or(Path::new("."));
    let catalog = base.join(&catalog_name);
    let mut position = Position::default();
    if let Some(v) = doc.get("seed") {
        position.seed = r.int(v, "seed", 0, i64::MAX)? as u64;
    }
    position.turn = match doc.get("turn") {
        Some(v) => r.int(v, "turn", 1, 500)? as u16,
        None => 1,
    };
    if let Some(v) = doc.get("active") {
        position.active = r.seat(v, "active")?;
    }
    if let Some(v) = doc.get("first") {
        position.first = r.seat(v, "first")?;
    }
    if let Some(v) = doc.get("phase") {
        position.phase = Some(Line {
            value: crate::engine::game::key_of(&r.string(v, "phase")?),
            line: r.line(&v.span()),
        });
    }
    if let Some(v) = doc.get("seat").filter(|_| !worlds) {
        let t = v
            .get_ref()
            .as_table()
            .ok_or_else(|| r.err(v.span(), "`seat` must hold [seat.a] and [seat.b]"))?;
        for (k, s) in t.iter() {
            let p = match k.get_ref().as_ref() {
                "a" => 0,
                "b" => 1,
                other => {
                    return Err(r.err(
                        k.span(),
                        format!("the seats are `a` and `b`, not `{other}`"),
                    ));
                }
            };
            let st = s.get_ref().as_table().ok_or_else(|| {
                r.err(s.span(), format!("[seat.{}] must be a table", k.get_ref()))
            })?;
            position.seats[p] = r.seat_table(st)?;
        }
    }
    let mut moves = Vec::new();
    for m in tables(&r, &doc, "move")? {
        let label = m
            .get_ref()
            .as_table()
            .and_then(|t| t.get("move"))
            .ok_or_else(|| r.err(m.span(), "a [[move]] needs `move = \"label\"`"))?;
        #[allow(clippy::expect_used, reason = "checked to be a table above")]
        let t = m.get_ref().as_table().expect("checked above");
        for (k, _) in t.iter() {
            if !["move", "seat"].contains(&k.get_ref().as_ref()) {
                return Err(r.err(
                    k.span(),
                    format!(
                        "unknown key `{}` in [[move]] (it has: move, seat)",
                        k.get_ref()
                    ),
                ));
            }
        }
        moves.push(Move {
            seat: t.get("seat").map(|s| r.seat(s, "seat")).transpose()?,
            label: r.string(label, "move")?,
            line: r.line(&label.span()),
        });
    }
    let mut expects = Vec::new();
    for e in tables(&r, &doc, "expect")? {
        #[allow(clippy::expect_used, reason = "tables() yields tables only")]
        let t = e.get_ref().as_table().expect("checked by tables");
        for (k, _) in t.iter() {
            if !["path", "equals", "includes", "excludes", "after", "viewer"]
                .contains(&k.get_ref().as_ref())
            {
                return Err(r.err(
                    k.span(),
                    format!(
                        "unknown key `{}` in [[expect]] (it has: path, and one of equals, includes, excludes; after, viewer)",
                        k.get_ref()
                    ),
                ));
            }
        }
        let asked: Vec<(Compare, &Val<'_>)> =
            [Compare::Equals, Compare::Includes, Compare::Excludes]
                .into_iter()
                .filter_map(|c| t.get(c.key()).map(|v| (c, v)))
                .collect();
        let (Some(p), [(how, v)]) = (t.get("path"), asked.as_slice()) else {
            return Err(r.err(
                e.span(),
                "an [[expect]] needs `path` and one of `equals`, `includes`, `excludes`",
            ));
        };
        // `after = N`: the state after move N (0: the position)
        let after = match t.get("after") {
            Some(a) => Some(r.int(a, "after", 0, moves.len() as i64)? as usize),
            None => None,
        };
        // `viewer = "a"`: through that seat's eyes ("all": the full state)
        let viewer = match t.get("viewer") {
            Some(v) if r.string(v, "viewer")? == "all" => None,
            Some(v) => Some(r.seat(v, "viewer")?),
            None => None,
        };
        expects.push(Expect {
            path: r.string(p, "path")?,
            how: *how,
            equals: r.json(v)?,
            after,
            viewer,
            line: r.line(&e.span()),
        });
    }
    // `[options]`: any of the game's named options, as the CLI's `--option`
    let mut options = Vec::new();
    if let Some(o) = doc.get("options") {
        let DeValue::Table(t) = o.get_ref() else {
            return Err(r.err(
                o.span(),
                "`options` is a table: [options] with key = value lines",
            ));
        };
        for (k, v) in t.iter() {
            let text = match r.json(v)? {
                Value::String(s) => s,
                v @ (Value::Bool(_) | Value::Number(_)) => v.to_string(),
                _ => {
                    return Err(r.err(
                        v.span(),
                        format!(
                            "option `{}` takes a word, a number or true/false",
                            k.get_ref()
                        ),
                    ));
                }
            };
            options.push((
                Line {
                    value: k.get_ref().to_string(),
                    line: r.line(&k.span()),
                },
                text,
            ));
        }
    }
    Ok(Scenario {
        file: path.to_path_buf(),
        game,
        catalog,
        catalog_name,
        position,
        moves,
        expects,
        options,
        text: text.to_string(),
    })
}

/// The array of tables `key` (`[[move]]`, `[[expect]]`), checked.
fn tables<'d, 'i>(
    r: &Reader<'_>,
    doc: &'d DeTable<'i>,
    key: &str,
) -> Result<Vec<&'d Val<'i>>, Diagnostic> {
    let Some(v) = doc.get(key) else {
        return Ok(Vec::new());
    };
    let a = v
        .get_ref()
        .as_array()
        .ok_or_else(|| r.err(v.span(), format!("`{key}` must be written [[{key}]]")))?;
    for x in a.iter() {
        if x.get_ref().as_table().is_none() {
            return Err(r.err(x.span(), format!("`{key}` must be written [[{key}]]")));
        }
    }
    Ok(a.iter().collect())
}
