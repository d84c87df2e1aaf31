//! Input errors in scenario files: always the file, and where we can, the line and column.

use std::fmt;

/// A scenario file that cannot be used as written (exit code 2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScenarioError {
    pub file: String,
    /// 1-based line and column of the offending text, when known.
    pub at: Option<(usize, usize)>,
    pub message: String,
}

impl fmt::Display for ScenarioError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.at {
            Some((line, col)) => write!(f, "{}:{line}:{col}: {}", self.file, self.message),
            None => write!(f, "{}: {}", self.file, self.message),
        }
    }
}

impl std::error::Error for ScenarioError {}

/// 1-based line and column of the `nth` (0-based) occurrence of the string literal `"needle"`.
pub fn locate_nth(text: &str, needle: &str, nth: usize) -> Option<(usize, usize)> {
    let quoted = format!("\"{needle}\"");
    let offset = text.match_indices(&quoted).nth(nth)?.0;
    Some(line_col(text, offset))
}

/// 1-based line and column (in characters) of a byte offset.
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locates_quoted_text_by_occurrence() {
        let t = "a: \"X1\",\n  b: \"X1\"";
        assert_eq!(locate_nth(t, "X1", 0), Some((1, 4)));
        assert_eq!(locate_nth(t, "X1", 1), Some((2, 6)));
        assert_eq!(locate_nth(t, "X1", 2), None);
    }
}
