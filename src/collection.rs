//! Collection CSV in and out, with Moxfield-style columns
//! (`Count,Tradelist Count,Name,Edition`; Edition = catalog name) and two of
//! our own, `Wishlist Count` and `Id` (the card id, which tells apart cards that
//! share a name, such as Bizarre World cost variants).
//!
//! Reading is in two stages, like deck lists: [`read_csv`] turns text into
//! [`CsvRow`]s with line numbers (a malformed row is an error naming the file
//! and line), then [`apply`] resolves them against a catalog. Rows naming no
//! card of the catalog are returned as [`Unresolved`], never dropped silently.
//!
//! Columns are found by header name, case-insensitively and in any order;
//! other columns (Moxfield's Condition, Language, Foil, …) are ignored. Only
//! `Count` and `Name` are required. A leading byte-order mark is skipped.

use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;

use crate::diag::{Diagnostic, Diagnostics, read_text};
use crate::model::{Catalog, Collection, Owned};

/// The header [`write_csv`] writes.
pub const HEADER: [&str; 6] = [
    "Count",
    "Tradelist Count",
    "Name",
    "Edition",
    "Wishlist Count",
    "Id",
];

/// The columns we read, and the header names each accepts (lower case).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Column {
    Count,
    Trade,
    Name,
    Edition,
    Wish,
    Id,
}

impl Column {
    const ALL: [Column; 6] = [
        Column::Count,
        Column::Trade,
        Column::Name,
        Column::Edition,
        Column::Wish,
        Column::Id,
    ];

    fn names(self) -> &'static [&'static str] {
        match self {
            Column::Count => &["count", "quantity", "qty"],
            Column::Trade => &["tradelist count", "trade count", "tradelist"],
            Column::Name => &["name", "card name"],
            Column::Edition => &["edition", "catalog"],
            Column::Wish => &["wishlist count", "wish count", "wishlist"],
            Column::Id => &["id", "card id"],
        }
    }

    fn title(self) -> &'static str {
        match self {
            Column::Count => HEADER[0],
            Column::Trade => HEADER[1],
            Column::Name => HEADER[2],
            Column::Edition => HEADER[3],
            Column::Wish => HEADER[4],
            Column::Id => HEADER[5],
        }
    }
}

/// One data row of a collection CSV.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CsvRow {
    /// The line the row starts on (the header is line 1).
    pub line: usize,
    pub count: u32,
    pub trade: u32,
    pub wish: u32,
    pub name: String,
    /// The catalog the row is for, when the file says.
    pub edition: Option<String>,
    /// The card id, when the file gives one.
    pub id: Option<String>,
}

/// A row that names no card of the catalog, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unresolved {
    pub line: usize,
    pub name: String,
    pub id: Option<String>,
    pub reason: String,
}

impl fmt::Display for Unresolved {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: \"{}\": {}", self.line, self.name, self.reason)
    }
}

/// How many skipped rows a message lists before "and N more".
pub const SKIPPED_SHOWN: usize = 5;

/// The first [`SKIPPED_SHOWN`] of `reasons` (one per skipped row), then "and
/// N more" when there are more: what a message about skipped rows lists.
pub fn first_reasons(reasons: &[String]) -> Vec<String> {
    let mut out: Vec<String> = reasons.iter().take(SKIPPED_SHOWN).cloned().collect();
    if reasons.len() > SKIPPED_SHOWN {
        out.push(format!("and {} more", reasons.len() - SKIPPED_SHOWN));
    }
    out
}

/// Rows that cannot be applied together (a count past `u32`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct ApplyError {
    pub line: usize,
    pub message: String,
}

/// Reads a collection CSV file.
pub fn read_file(path: &Path) -> Result<Vec<CsvRow>, Diagnostics> {
    let text = read_text(path).map_err(|d| Diagnostics(vec![d]))?;
    read_csv(&text, path)
}

/// Parses collection CSV text; `file` names it in errors. Every bad row is
/// reported, each with its line.
pub fn read_csv(text: &str, file: &Path) -> Result<Vec<CsvRow>, Diagnostics> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let diag = |line: usize, message: String| Diagnostic {
        file: file.to_path_buf(),
        line,
        column: 0,
        message,
    };
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .trim(csv::Trim::All)
        .from_reader(text.as_bytes());
    let mut records = reader.records();
    let header = match records.next() {
        None => {
            return Err(Diagnostics(vec![diag(
                0,
                format!(
                    "the file is empty; a collection CSV starts with a header line such as `{}`",
                    HEADER.join(",")
                ),
            )]));
        }
        Some(Err(e)) => {
            return Err(Diagnostics(vec![diag(
                Lines::new(text).of(e.position()),
                csv_reason(&e),
            )]));
        }
        Some(Ok(h)) => h,
    };
    let mut lines = Lines::new(text);
    let header_line = lines.of(header.position());
    let mut at: BTreeMap<usize, Column> = BTreeMap::new();
    let mut errors = Vec::new();
    for (i, h) in header.iter().enumerate() {
        let h = h.trim().to_lowercase();
        if let Some(col) = Column::ALL
            .into_iter()
            .find(|c| c.names().contains(&h.as_str()))
        {
            if at.values().any(|c| *c == col) {
                errors.push(diag(
                    header_line,
                    format!("column `{}` appears twice in the header", col.title()),
                ));
            } else {
                at.insert(i, col);
            }
        }
    }
    for required in [Column::Count, Column::Name] {
        if !at.values().any(|c| *c == required) {
            errors.push(diag(
                header_line,
                format!(
                    "the header has no `{}` column (found: {}); a collection CSV needs at least `Count` and `Name`",
                    required.title(),
                    header.iter().collect::<Vec<_>>().join(", ")
                ),
            ));
        }
    }
    if !errors.is_empty() {
        return Err(Diagnostics(errors));
    }
    let mut rows = Vec::new();
    for record in records {
        let record = match record {
            Ok(r) => r,
            Err(e) => {
                errors.push(diag(lines.of(e.position()), csv_reason(&e)));
                continue;
            }
        };
        if record.iter().all(str::is_empty) {
            continue;
        }
        let line = lines.of(record.position());
        let mut row = CsvRow {
            line,
            count: 0,
            trade: 0,
            wish: 0,
            name: String::new(),
            edition: None,
            id: None,
        };
        for (&i, &col) in &at {
            let value = record.get(i).unwrap_or("");
            let number = |v: &str| -> Result<u32, String> {
                if v.is_empty() {
                    return Ok(0);
                }
                v.parse::<u32>().map_err(|_| {
                    format!(
                        "column `{}`: `{v}` is not a whole number of cards (0 or more)",
                        col.title()
                    )
                })
            };
            let text = |v: &str| (!v.is_empty()).then(|| v.to_string());
            let result = match col {
                Column::Count => number(value).map(|n| row.count = n),
                Column::Trade => number(value).map(|n| row.trade = n),
                Column::Wish => number(value).map(|n| row.wish = n),
                Column::Name => {
                    row.name = value.to_string();
                    Ok(())
                }
                Column::Edition => {
                    row.edition = text(value);
                    Ok(())
                }
                Column::Id => {
                    row.id = text(value);
                    Ok(())
                }
            };
            if let Err(message) = result {
                errors.push(diag(line, message));
            }
        }
        if row.name.is_empty() {
            errors.push(diag(
                line,
                "the row has no card name (column `Name`)".into(),
            ));
        }
        rows.push(row);
    }
    if errors.is_empty() {
        Ok(rows)
    } else {
        Err(Diagnostics(errors))
    }
}

/// The lines records start on. The csv crate counts a blank line before a
/// record into the record, so this counts from the byte offset instead,
/// skipping line breaks. Records come in order, so it counts on from the
/// previous record: linear in the file, where counting from the start for
/// each record was quadratic.
struct Lines<'a> {
    bytes: &'a [u8],
    /// The offset counted up to, and the line breaks before it.
    at: usize,
    breaks: usize,
}

impl<'a> Lines<'a> {
    fn new(text: &'a str) -> Lines<'a> {
        Lines {
            bytes: text.as_bytes(),
            at: 0,
            breaks: 0,
        }
    }

    /// The line of the record at `pos` (0 when unknown).
    fn of(&mut self, pos: Option<&csv::Position>) -> usize {
        let Some(pos) = pos else { return 0 };
        let start = usize::try_from(pos.byte())
            .unwrap_or(usize::MAX)
            .min(self.bytes.len());
        if start < self.at {
            // out of order (never, from one reader): count from the start
            self.at = 0;
            self.breaks = 0;
        }
        self.breaks += self.bytes[self.at..start]
            .iter()
            .filter(|&&b| b == b'\n')
            .count();
        self.at = start;
        let blank = self.bytes[start..]
            .iter()
            .take_while(|&&b| b == b'\n' || b == b'\r')
            .filter(|&&b| b == b'\n')
            .count();
        self.breaks + blank + 1
    }
}

fn csv_reason(e: &csv::Error) -> String {
    match e.kind() {
        csv::ErrorKind::Utf8 { .. } => "the row is not UTF-8 text".to_string(),
        _ => format!("not a valid CSV row: {e}"),
    }
}

/// Resolves rows against a catalog: by `Id` when given, else by a name only
/// one card has (case and spacing ignored). Rows for the same card add up (a
/// Moxfield export lists foils and conditions separately). Rows whose
/// `Edition` is another catalog, or that name no single card, come back as
/// [`Unresolved`].
pub fn apply(
    rows: &[CsvRow],
    catalog: &Catalog,
) -> Result<(Collection, Vec<Unresolved>), ApplyError> {
    let index = catalog.name_index();
    let mut collection = Collection::default();
    let mut unresolved = Vec::new();
    let edition = catalog.name.trim().to_lowercase();
    for row in rows {
        let skip = |reason: String| Unresolved {
            line: row.line,
            name: row.name.clone(),
            id: row.id.clone(),
            reason,
        };
        if let Some(e) = &row.edition
            && e.trim().to_lowercase() != edition
        {
            unresolved.push(skip(format!(
                "edition \"{e}\" is not this catalog (\"{}\")",
                catalog.name
            )));
            continue;
        }
        let card = match &row.id {
            Some(id) => match index.by_id(id) {
                Some(i) => i,
                None => {
                    unresolved.push(skip(format!("the catalog has no card with id `{id}`")));
                    continue;
                }
            },
            None => match index.named(&row.name) {
                [one] => *one,
                [] => {
                    unresolved.push(skip("no card of this name in the catalog".into()));
                    continue;
                }
                many => {
                    let ids: Vec<&str> =
                        many.iter().map(|&i| catalog.cards[i].id.as_str()).collect();
                    unresolved.push(skip(format!(
                        "{} cards have this name ({}); add an `Id` column to say which",
                        many.len(),
                        ids.join(", ")
                    )));
                    continue;
                }
            },
        };
        let id = &catalog.cards[card].id;
        let owned = collection.cards.entry(id.clone()).or_default();
        let overflow = || ApplyError {
            line: row.line,
            message: format!("too many copies of \"{}\" in total", row.name),
        };
        owned.owned = owned.owned.checked_add(row.count).ok_or_else(overflow)?;
        owned.trade = owned.trade.checked_add(row.trade).ok_or_else(overflow)?;
        owned.wish = owned.wish.checked_add(row.wish).ok_or_else(overflow)?;
    }
    collection.cards.retain(|_, o| *o != Owned::default());
    Ok((collection, unresolved))
}

/// Quotes a CSV field when it needs it.
fn field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) || s.trim() != s {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// The collection as CSV ([`HEADER`] columns): one row per card with any
/// count, in catalog order.
pub fn write_csv(catalog: &Catalog, collection: &Collection) -> String {
    let mut out = HEADER.join(",");
    out.push_str("\r\n");
    for card in &catalog.cards {
        let Some(o) = collection.cards.get(&card.id) else {
            continue;
        };
        if *o == Owned::default() {
            continue;
        }
        let cells = [
            o.owned.to_string(),
            o.trade.to_string(),
            field(&card.name),
            field(&catalog.name),
            o.wish.to_string(),
            field(&card.id),
        ];
        out.push_str(&cells.join(","));
        out.push_str("\r\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Card, GameId};

    /// A built-in game by its id, as files name it.
    fn game(id: &str) -> GameId {
        id.parse().unwrap()
    }

    fn catalog() -> Catalog {
        let mut c = Catalog::new(game("bizarre-world"), "Base Set");
        c.cards.push(Card::new("Boring Rock", "creature"));
        let mut a = Card::new("Lazy Rock, of Charity", "creature");
        a.id = "lazy-rock-2".into();
        let mut b = Card::new("Lazy Rock, of Charity", "creature");
        b.id = "lazy-rock-3".into();
        c.cards.push(a);
        c.cards.push(b);
        c
    }

    fn read(text: &str) -> Result<Vec<CsvRow>, Diagnostics> {
        read_csv(text, Path::new("c.csv"))
    }

    #[test]
    fn reads_moxfield_columns_in_any_order_ignoring_others() {
        let text = "\u{feff}\"Count\",\"Tradelist Count\",\"Name\",\"Edition\",\"Condition\",\"Foil\"\n\
                    \"4\",\"1\",\"Boring Rock\",\"base set\",\"Near Mint\",\"\"\n\
                    2,0,\"Lazy Rock, of Charity\",Base Set,NM,foil\n";
        let rows = read(text).unwrap();
        assert_eq!(rows.len(), 2);
        assert_eq!(
            rows[0],
            CsvRow {
                line: 2,
                count: 4,
                trade: 1,
                wish: 0,
                name: "Boring Rock".into(),
                edition: Some("base set".into()),
                id: None
            }
        );
        assert_eq!(rows[1].name, "Lazy Rock, of Charity");
        let rows = read("name,ID,COUNT\nBoring Rock,boring-rock,3\n").unwrap();
        assert_eq!(
            (rows[0].count, rows[0].id.as_deref()),
            (3, Some("boring-rock"))
        );
    }

    #[test]
    fn bad_rows_name_file_and_line() {
        let err = read("Count,Name\n1,Boring Rock\n\nx,Lazy\n-1,Other\n3,\n").unwrap_err();
        let lines: Vec<String> = err.0.iter().map(ToString::to_string).collect();
        assert_eq!(
            lines,
            vec![
                "c.csv:4: column `Count`: `x` is not a whole number of cards (0 or more)",
                "c.csv:5: column `Count`: `-1` is not a whole number of cards (0 or more)",
                "c.csv:6: the row has no card name (column `Name`)",
            ]
        );
    }

    #[test]
    fn header_is_required() {
        let err = read("4,Boring Rock\n").unwrap_err();
        assert!(
            err.to_string()
                .starts_with("c.csv:1: the header has no `Count` column"),
            "{err}"
        );
        let err = read("").unwrap_err();
        assert!(err.to_string().contains("the file is empty"), "{err}");
        let err = read("Count,Name,count\n").unwrap_err();
        assert!(err.to_string().contains("appears twice"), "{err}");
    }

    #[test]
    fn apply_resolves_sums_and_reports() {
        let text = "Count,Tradelist Count,Name,Edition,Wishlist Count,Id\n\
                    2,0,boring  rock,Base Set,0,\n\
                    1,1,Boring Rock,,0,\n\
                    1,0,\"Lazy Rock, of Charity\",Base Set,0,\n\
                    3,0,\"Lazy Rock, of Charity\",Base Set,1,lazy-rock-3\n\
                    1,0,Unknown Card,Base Set,0,\n\
                    1,0,Boring Rock,Other Set,0,\n\
                    0,0,Boring Rock,Base Set,0,nope\n";
        let rows = read(text).unwrap();
        let (col, unresolved) = apply(&rows, &catalog()).unwrap();
        assert_eq!(
            col.cards.get("boring-rock"),
            Some(&Owned {
                owned: 3,
                trade: 1,
                wish: 0
            })
        );
        assert_eq!(
            col.cards.get("lazy-rock-3"),
            Some(&Owned {
                owned: 3,
                trade: 0,
                wish: 1
            })
        );
        assert_eq!(col.cards.len(), 2);
        let got: Vec<(usize, &str)> = unresolved
            .iter()
            .map(|u| (u.line, u.reason.as_str()))
            .collect();
        assert_eq!(got.len(), 4);
        assert_eq!(got[0].0, 4);
        assert!(
            got[0]
                .1
                .contains("2 cards have this name (lazy-rock-2, lazy-rock-3)")
        );
        assert_eq!(got[1], (6, "no card of this name in the catalog"));
        assert_eq!(got[2].0, 7);
        assert!(got[2].1.contains("edition \"Other Set\""));
        assert_eq!(got[3], (8, "the catalog has no card with id `nope`"));
    }

    #[test]
    fn apply_reports_overflow() {
        let rows = read(&format!(
            "Count,Name\n{0},Boring Rock\n{0},Boring Rock\n",
            u32::MAX
        ))
        .unwrap();
        let err = apply(&rows, &catalog()).unwrap_err();
        assert_eq!(err.line, 3);
    }

    #[test]
    fn write_then_read_round_trips() {
        let cat = catalog();
        let mut col = Collection::default();
        col.cards.insert(
            "lazy-rock-2".into(),
            Owned {
                owned: 2,
                trade: 1,
                wish: 0,
            },
        );
        col.cards.insert(
            "boring-rock".into(),
            Owned {
                owned: 0,
                trade: 0,
                wish: 4,
            },
        );
        let text = write_csv(&cat, &col);
        assert_eq!(
            text,
            "Count,Tradelist Count,Name,Edition,Wishlist Count,Id\r\n\
             0,0,Boring Rock,Base Set,4,boring-rock\r\n\
             2,1,\"Lazy Rock, of Charity\",Base Set,0,lazy-rock-2\r\n"
        );
        let (back, unresolved) = apply(&read(&text).unwrap(), &cat).unwrap();
        assert!(unresolved.is_empty());
        assert_eq!(back, col);
    }
}
