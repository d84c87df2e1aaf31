//! One-line diagnostics on stderr for every front end (the CLI, the viewer): control characters
//! escaped, and a stderr that cannot be written is ignored (never a panic; the exit code still
//! tells).

use std::io::{self, Write};

/// `text` with every control character (newline, ESC, DEL, C1 ...) written as a Rust escape
/// (`\n`, `\u{1b}`): safe to show on one terminal line.
pub fn escape_controls(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// Writes the one `error:` line of a failure on stderr. A stderr that cannot be written is
/// ignored: the exit code still tells.
pub fn report(message: &str) {
    let mut err = io::stderr().lock();
    let _ = writeln!(err, "error: {}", escape_controls(message));
    let _ = err.flush();
}
