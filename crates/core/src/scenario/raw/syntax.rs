//! Reading a scenario file's text: [`parse`] with the RON options of the format, the
//! [`SyntaxError`] with a 1-based line and column for every failure, and [`locate`], which finds
//! a string literal's position for the errors of the layer above.

use super::file::ScenarioFile;

/// A scenario file that could not be read, with the 1-based position of the problem.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{line}:{col}: {message}")]
pub struct SyntaxError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, counted in characters.
    pub col: usize,
    /// What is wrong, in words.
    pub message: String,
}

impl SyntaxError {
    /// Converts ron's error into a [`SyntaxError`] pointing into `text`.
    ///
    /// ron's span runs from where the parser last stood to where it stopped. The start is often
    /// the whitespace before the offending token, so the position is moved forward over
    /// whitespace (never past the span's end) to land on the token itself.
    fn from_ron(text: &str, err: ron::error::SpannedError) -> Self {
        let start = byte_offset(text, err.span.start);
        let end = byte_offset(text, err.span.end).max(start);
        let skipped = text[start..end]
            .char_indices()
            .find(|(_, c)| !c.is_whitespace())
            .map_or(end, |(i, _)| start + i);
        let (line, col) = position_of(text, skipped);
        let at_end_of_file = text[end..].trim().is_empty();
        let message = match err.code {
            ron::Error::Eof => {
                "The file ends too early: a value or a closing `)`, `]` or `}` is missing"
                    .to_owned()
            }
            ron::Error::ExpectedComma if at_end_of_file => {
                "Expected a comma or a closing `)`, `]` or `}`, but the file ends here".to_owned()
            }
            code => code.to_string(),
        };
        SyntaxError { line, col, message }
    }
}

/// Byte offset in `text` of ron's 1-based character position, clamped to the text; always a
/// char boundary.
fn byte_offset(text: &str, pos: ron::error::Position) -> usize {
    let mut line_start = 0;
    for _ in 1..pos.line {
        match text[line_start..].find('\n') {
            Some(n) => line_start += n + 1,
            None => return text.len(),
        }
    }
    let line = &text[line_start..];
    let line_len = line.find('\n').unwrap_or(line.len());
    line[..line_len]
        .char_indices()
        .nth(pos.col.saturating_sub(1))
        .map_or(line_start + line_len, |(i, _)| line_start + i)
}

/// The RON options used for scenario files: `IMPLICIT_SOME` lets an optional field be written
/// either as `Some(x)` or as plain `x`.
fn options() -> ron::Options {
    ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
}

/// Parses the text of a scenario file into its raw syntax tree.
///
/// Never panics.
///
/// # Errors
///
/// Any problem (bad RON, a misspelt or missing field, a wrong value, a key written twice) is a
/// [`SyntaxError`] with the 1-based line and column where it was found.
pub fn parse(text: &str) -> Result<ScenarioFile, SyntaxError> {
    options()
        .from_str(text)
        .map_err(|err| SyntaxError::from_ron(text, err))
}

/// The 1-based line and column of the first string literal `"needle"` in `text`, quotes
/// included: the position is that of the opening quote.
///
/// Only real string literals count: text inside `//` or `/* */` comments, character literals and
/// longer strings that merely contain the needle are skipped. A literal matches when its text
/// between the quotes, as written (escapes not decoded), equals `needle`. Columns count
/// characters, like [`SyntaxError::col`].
#[must_use]
pub fn locate(text: &str, needle: &str) -> Option<(usize, usize)> {
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                let start = i;
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                let end = i.min(bytes.len());
                // `start + 1` and `end` sit on ASCII bytes or the end of the text, so both are
                // char boundaries.
                if text.get(start + 1..end) == Some(needle) && end < bytes.len() {
                    return Some(position_of(text, start));
                }
                i += 1;
            }
            b'\'' => {
                // A character literal such as '"' or '\''.
                i += 1;
                while i < bytes.len() && bytes[i] != b'\'' && bytes[i] != b'\n' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
            }
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                // RON block comments nest.
                let mut depth = 0usize;
                while i < bytes.len() {
                    if bytes[i..].starts_with(b"/*") {
                        depth += 1;
                        i += 2;
                    } else if bytes[i..].starts_with(b"*/") {
                        depth -= 1;
                        i += 2;
                        if depth == 0 {
                            break;
                        }
                    } else {
                        i += 1;
                    }
                }
            }
            _ => i += 1,
        }
    }
    None
}

/// 1-based line and character column of byte offset `at` (a char boundary) in `text`.
fn position_of(text: &str, at: usize) -> (usize, usize) {
    let before = &text[..at];
    let line = 1 + before.matches('\n').count();
    let line_start = before.rfind('\n').map_or(0, |n| n + 1);
    let col = 1 + before[line_start..].chars().count();
    (line, col)
}
