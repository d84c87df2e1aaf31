//! A movement plan's log line, written part by part only when it is wanted.

/// A plan's log line, written part by part only when it is wanted (not `terse`).
pub(super) struct Line {
    terse: bool,
    pub(super) text: String,
}

impl Line {
    pub(super) fn new(terse: bool, first: impl FnOnce() -> String) -> Line {
        Line {
            terse,
            text: if terse { String::new() } else { first() },
        }
    }

    /// Adds "; " and a part.
    pub(super) fn then(&mut self, part: impl FnOnce() -> String) {
        if !self.terse {
            self.text.push_str("; ");
            self.text.push_str(&part());
        }
    }

    /// Adds a closing remark as it is.
    pub(super) fn end(&mut self, tail: &str) {
        if !self.terse {
            self.text.push_str(tail);
        }
    }
}
