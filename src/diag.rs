//! Input errors that point at a place in a file: `file:line:column: message`.

use std::fmt;
use std::path::{Path, PathBuf};

/// One problem in an input file. Lines and columns count from 1; line 0 means
/// the file as a whole (it could not be read, or is empty).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub file: PathBuf,
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let message = cut_long_lines(&self.message);
        match (self.line, self.column) {
            (0, _) => write!(f, "{}: {message}", self.file.display()),
            (l, 0) => write!(f, "{}:{l}: {message}", self.file.display()),
            (l, c) => write!(f, "{}:{l}:{c}: {message}", self.file.display()),
        }
    }
}

/// Several diagnostics from one file, shown one per line, in file order.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct Diagnostics(pub Vec<Diagnostic>);

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

impl Diagnostics {
    pub fn first(&self) -> Option<&Diagnostic> {
        self.0.first()
    }
}

/// Byte offsets → line and column.
pub(crate) struct LineIndex {
    starts: Vec<usize>,
}

impl LineIndex {
    pub fn new(text: &str) -> LineIndex {
        let mut starts = vec![0];
        starts.extend(
            text.bytes()
                .enumerate()
                .filter(|(_, b)| *b == b'\n')
                .map(|(i, _)| i + 1),
        );
        LineIndex { starts }
    }

    /// (line, column), both from 1; the column counts bytes.
    pub fn locate(&self, offset: usize) -> (usize, usize) {
        let line = self.starts.partition_point(|&s| s <= offset);
        let start = self.starts[line.saturating_sub(1)];
        (line.max(1), offset.saturating_sub(start) + 1)
    }
}

/// Reads a file as UTF-8 text (a leading byte-order mark dropped). Errors name
/// the file, and for bad encoding the line of the first bad byte. Only a
/// regular file of at most [`crate::files::TEXT_CAP`] bytes is read
/// ([`crate::files::read_capped`]).
pub fn read_text(path: &Path) -> Result<String, Diagnostic> {
    read_text_capped(path, crate::files::TEXT_CAP)
}

/// [`read_text`] with another size cap.
pub fn read_text_capped(path: &Path, cap: u64) -> Result<String, Diagnostic> {
    let bytes = crate::files::read_capped(path, cap).map_err(|e| Diagnostic {
        file: path.to_path_buf(),
        line: 0,
        column: 0,
        message: format!("cannot read file: {}", unreadable_reason(&e)),
    })?;
    text_from_bytes(path, bytes)
}

fn unreadable_reason(e: &crate::files::Unreadable) -> String {
    match e {
        crate::files::Unreadable::Io(e) => io_reason(e),
        other => other.to_string(),
    }
}

/// Decodes bytes as UTF-8 text, as [`read_text`] does.
pub fn text_from_bytes(path: &Path, bytes: Vec<u8>) -> Result<String, Diagnostic> {
    match String::from_utf8(bytes) {
        Ok(mut s) => {
            if s.starts_with('\u{feff}') {
                s.drain(..3);
            }
            Ok(s)
        }
        Err(e) => {
            let bad = e.utf8_error().valid_up_to();
            let bytes = e.into_bytes();
            let line = bytes[..bad].iter().filter(|&&b| b == b'\n').count() + 1;
            let col = bad
                - bytes[..bad]
                    .iter()
                    .rposition(|&b| b == b'\n')
                    .map_or(0, |p| p + 1)
                + 1;
            Err(Diagnostic {
                file: path.to_path_buf(),
                line,
                column: col,
                message: "the file is not UTF-8 text (save it as UTF-8)".to_string(),
            })
        }
    }
}

/// The most characters of quoted input a message shows (a card name, a
/// line of a file, a name from a backup's schema): input can be any length,
/// and a message that echoes 200 MB back helps nobody.
pub const QUOTE_LIMIT: usize = 200;

/// `text` as a message may quote it: whole when it is at most
/// [`QUOTE_LIMIT`] characters, else its first ones followed by how many
/// more there were.
pub fn cut_quoted(text: &str) -> String {
    match text.char_indices().nth(QUOTE_LIMIT) {
        None => text.to_string(),
        Some((at, _)) => {
            let rest = text[at..].chars().count();
            format!("{}… ({rest} more characters)", &text[..at])
        }
    }
}

/// The longest line of a message shown whole: past it, the line is cut
/// (a safety net under [`cut_quoted`] for messages that quote input whole).
pub const LINE_LIMIT: usize = 1000;

/// `text` with every line longer than [`LINE_LIMIT`] characters cut, saying
/// how much was left out. Borrowed when nothing is cut.
pub fn cut_long_lines(text: &str) -> std::borrow::Cow<'_, str> {
    if text.len() <= LINE_LIMIT || text.lines().all(|l| l.len() <= LINE_LIMIT) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(LINE_LIMIT * 2);
    for (i, line) in text.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        match line.char_indices().nth(LINE_LIMIT) {
            None => out.push_str(line),
            Some((at, _)) => {
                let rest = line[at..].chars().count();
                out.push_str(&line[..at]);
                out.push_str(&format!("… ({rest} more characters)"));
            }
        }
    }
    std::borrow::Cow::Owned(out)
}

fn io_reason(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "no such file".to_string(),
        std::io::ErrorKind::PermissionDenied => "permission denied".to_string(),
        std::io::ErrorKind::IsADirectory => "it is a folder, not a file".to_string(),
        _ => e.to_string(),
    }
}

/// How a TOML value's type reads in an error message ("an integer").
pub(crate) fn kind_name(v: &toml::de::DeValue<'_>) -> &'static str {
    match v {
        toml::de::DeValue::String(_) => "a string",
        toml::de::DeValue::Integer(_) => "an integer",
        toml::de::DeValue::Float(_) => "a float",
        toml::de::DeValue::Boolean(_) => "a boolean",
        toml::de::DeValue::Datetime(_) => "a date",
        toml::de::DeValue::Array(_) => "an array",
        toml::de::DeValue::Table(_) => "a table",
    }
}

/// A TOML integer as i64: `None` when the value is not an integer,
/// `Some(None)` when it does not fit.
pub(crate) fn int_of(v: &toml::de::DeValue<'_>) -> Option<Option<i64>> {
    match v {
        toml::de::DeValue::Integer(i) => {
            let digits: String = i.as_str().chars().filter(|c| *c != '_').collect();
            Some(i64::from_str_radix(&digits, i.radix()).ok())
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lines_of_a_message_are_cut() {
        assert_eq!(cut_long_lines("a\nb"), "a\nb");
        let long = format!("unknown card \"{}\"\nline two", "n".repeat(5000));
        let cut = cut_long_lines(&long);
        let first = cut.lines().next().unwrap();
        assert_eq!(
            first.chars().count(),
            LINE_LIMIT + "… (4015 more characters)".chars().count()
        );
        assert!(cut.ends_with("\nline two"), "{cut}");
    }

    #[test]
    fn quoted_input_is_cut_to_what_a_message_can_show() {
        assert_eq!(cut_quoted("Goblin"), "Goblin");
        let long = "é".repeat(QUOTE_LIMIT + 5);
        let cut = cut_quoted(&long);
        assert!(cut.starts_with(&"é".repeat(QUOTE_LIMIT)), "{cut}");
        assert!(cut.ends_with("… (5 more characters)"), "{cut}");
        assert_eq!(
            cut_quoted(&"x".repeat(QUOTE_LIMIT)),
            "x".repeat(QUOTE_LIMIT)
        );
    }

    #[test]
    fn locates_lines_and_columns() {
        let ix = LineIndex::new("ab\ncd\n\nef");
        assert_eq!(ix.locate(0), (1, 1));
        assert_eq!(ix.locate(1), (1, 2));
        assert_eq!(ix.locate(3), (2, 1));
        assert_eq!(ix.locate(6), (3, 1));
        assert_eq!(ix.locate(8), (4, 2));
    }

    #[test]
    fn non_utf8_names_the_line() {
        let e = text_from_bytes(Path::new("x.txt"), b"ok\nfine\n\xffbad".to_vec()).unwrap_err();
        assert_eq!((e.line, e.column), (3, 1));
        assert_eq!(
            e.to_string(),
            "x.txt:3:1: the file is not UTF-8 text (save it as UTF-8)"
        );
    }

    #[test]
    fn bom_is_dropped() {
        assert_eq!(
            text_from_bytes(Path::new("x"), "\u{feff}hi".as_bytes().to_vec()).unwrap(),
            "hi"
        );
    }

    #[test]
    fn missing_file_is_named() {
        let e = read_text(Path::new("/nonexistent/deck.txt")).unwrap_err();
        assert_eq!(
            e.to_string(),
            "/nonexistent/deck.txt: cannot read file: no such file"
        );
    }
}
