//! One-line diagnostics on stderr for every front end (the CLI, the viewer): control characters
//! escaped, and a stderr that cannot be written is ignored (never a panic; the exit code still
//! tells).

use std::io::{self, Write};

/// `text` with every control character (newline, ESC, DEL, C1 ...) and every invisible
/// character that moves or reorders what a terminal shows (the line and paragraph separators
/// U+2028/U+2029, the bidirectional marks, embeddings, overrides and isolates such as U+202E)
/// written as a Rust escape (`\n`, `\u{1b}`, `\u{202e}`): safe to show on one terminal line,
/// in the order it was written.
pub fn escape_controls(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() || reorders(c) {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// U+2028/U+2029 (separators), U+200E/U+200F/U+061C (marks), U+202A-U+202E (embeddings and
/// overrides), U+2066-U+2069 (isolates).
pub fn reorders(c: char) -> bool {
    matches!(
        c,
        '\u{2028}'
            | '\u{2029}'
            | '\u{200e}'
            | '\u{200f}'
            | '\u{061c}'
            | '\u{202a}'..='\u{202e}'
            | '\u{2066}'..='\u{2069}'
    )
}

/// Writes the one `error:` line of a failure on stderr. A stderr that cannot be written is
/// ignored: the exit code still tells.
pub fn report(message: &str) {
    let mut err = io::stderr().lock();
    let _ = writeln!(err, "error: {}", escape_controls(message));
    let _ = err.flush();
}
