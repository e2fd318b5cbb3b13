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
        match (self.line, self.column) {
            (0, _) => write!(f, "{}: {}", self.file.display(), self.message),
            (l, 0) => write!(f, "{}:{l}: {}", self.file.display(), self.message),
            (l, c) => write!(f, "{}:{l}:{c}: {}", self.file.display(), self.message),
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
/// the file, and for bad encoding the line of the first bad byte.
pub fn read_text(path: &Path) -> Result<String, Diagnostic> {
    let bytes = std::fs::read(path).map_err(|e| Diagnostic {
        file: path.to_path_buf(),
        line: 0,
        column: 0,
        message: format!("cannot read file: {}", io_reason(&e)),
    })?;
    text_from_bytes(path, bytes)
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

fn io_reason(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "no such file".to_string(),
        std::io::ErrorKind::PermissionDenied => "permission denied".to_string(),
        std::io::ErrorKind::IsADirectory => "it is a folder, not a file".to_string(),
        _ => e.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
