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
/// The error line is bounded (`bounded`): input echoed in it cannot make it long.
pub fn report(message: &str) {
    let mut err = io::stderr().lock();
    let _ = writeln!(err, "error: {}", bounded(&escape_controls(message)));
    let _ = err.flush();
}

/// The longest word (a run without whitespace: an id, a value) an error line shows whole.
pub const MAX_WORD_CHARS: usize = 120;

/// The longest error line, in characters (after `MAX_WORD_CHARS` cuts).
pub const MAX_LINE_CHARS: usize = 2000;

/// `line` bounded for a terminal: a word longer than `MAX_WORD_CHARS` keeps its first 80 and last
/// 20 characters, the rest said by its length (`…[4980 characters cut]…`); a line still longer
/// than `MAX_LINE_CHARS` keeps its first 1500 and last 400 characters the same way.
pub fn bounded(line: &str) -> String {
    fn cut(text: &[char], head: usize, tail: usize) -> String {
        let gone = text.len() - head - tail;
        let mut s: String = text[..head].iter().collect();
        s.push_str(&format!("…[{gone} characters cut]…"));
        s.extend(&text[text.len() - tail..]);
        s
    }
    let mut out = String::with_capacity(line.len().min(4 * MAX_LINE_CHARS));
    let mut word: Vec<char> = Vec::new();
    let flush = |word: &mut Vec<char>, out: &mut String| {
        if word.len() > MAX_WORD_CHARS {
            out.push_str(&cut(word, 80, 20));
        } else {
            out.extend(word.iter());
        }
        word.clear();
    };
    for c in line.chars() {
        if c.is_whitespace() {
            flush(&mut word, &mut out);
            out.push(c);
        } else {
            word.push(c);
        }
    }
    flush(&mut word, &mut out);
    let chars: Vec<char> = out.chars().collect();
    if chars.len() > MAX_LINE_CHARS {
        return cut(&chars, 1500, 400);
    }
    out
}

#[cfg(test)]
mod bound_tests {
    use super::*;

    #[test]
    fn a_long_id_is_cut_with_its_length_said() {
        let id = "x".repeat(5000);
        let line = bounded(&format!("unit '{id}' is not in the scenario"));
        assert!(line.len() < 200, "{line}");
        assert!(line.contains("…[4902 characters cut]…"), "{line}");
        assert!(line.ends_with("' is not in the scenario"), "{line}");
    }

    #[test]
    fn a_line_of_two_million_dice_is_bounded() {
        let dice = vec!["1,"; 2_000_000].join(" ");
        let line = bounded(&format!("roll 1 (A11): dice [{dice}] are not a dr or a DR"));
        assert!(
            line.chars().count() <= MAX_LINE_CHARS + 40,
            "{}",
            line.len()
        );
        assert!(line.starts_with("roll 1 (A11): dice [1,"), "{line}");
        assert!(line.ends_with("are not a dr or a DR"), "{line}");
        assert!(line.contains("characters cut]"), "{line}");
    }

    #[test]
    fn a_short_line_is_as_it_was() {
        let l = "scenarios/x.ron:3:7: unknown hex 'Z99'";
        assert_eq!(bounded(l), l);
    }
}
