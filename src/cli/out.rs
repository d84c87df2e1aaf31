//! The one writer of the command line's output, and the one-line error report.
//!
//! Every subcommand writes its stdout through [`Out`], never `println!` (which panics when the
//! write fails). A closed pipe (`asl-pto light X | head -1`) ends the output quietly: the rest
//! is dropped and the command ends with its usual exit code and no message. Any other write
//! error (a full disk, `> /dev/full`) is bad output: exit 2 with one `error:` line. Errors go
//! to stderr through [`report`], which ignores a stderr that cannot be written (the exit code
//! still says what happened) and escapes control characters, so that text from a file or the
//! command line can neither split the one line nor send escape sequences to the terminal.

use std::fmt::Display;
use std::io::{self, BufWriter, Write};

use super::failure::Failure;

/// Buffered output that handles a closed pipe and a failing write.
pub struct Out<W: Write> {
    w: BufWriter<W>,
    /// The reader went away: everything from now on is dropped.
    closed: bool,
    /// There is no output to write to (stdout closed, `>&-`): the first write fails.
    shut: bool,
}

impl Out<io::StdoutLock<'static>> {
    /// The process's stdout. A closed stdout (`asl-pto walk X >&-`: no file descriptor 1 at
    /// all, which Rust's stdout would silently swallow) is bad output: the first write fails.
    pub fn stdout() -> Self {
        Out {
            shut: stdout_is_closed(),
            ..Out::new(io::stdout().lock())
        }
    }
}

/// Whether the process was started with its stdout closed (no file descriptor 1). Rust's
/// runtime opens /dev/null on a standard descriptor that is closed at start, before `main`;
/// so the descriptor is looked at earlier still, by a function the C runtime calls before
/// Rust's (`.init_array`, Linux). A stdout sent to /dev/null by the caller is open, and stays
/// quiet output. Elsewhere a closed stdout is not told apart.
fn stdout_is_closed() -> bool {
    #[cfg(target_os = "linux")]
    {
        // Keeps the constructor linked in with this code.
        // SAFETY: reads a static function pointer.
        let _ = unsafe { std::ptr::read_volatile(&start::NOTE_STDOUT) };
        start::STDOUT_CLOSED.load(std::sync::atomic::Ordering::Relaxed)
    }
    #[cfg(not(target_os = "linux"))]
    {
        false
    }
}

#[cfg(target_os = "linux")]
mod start {
    //! The process's stdout as it was at start, before Rust's runtime replaced a closed one.

    use std::sync::atomic::{AtomicBool, Ordering};

    /// File descriptor 1 was not open when the process started.
    pub(super) static STDOUT_CLOSED: AtomicBool = AtomicBool::new(false);

    extern "C" fn note_stdout() {
        // SAFETY: F_GETFD on a descriptor number only reads its flags.
        if unsafe { libc::fcntl(1, libc::F_GETFD) } == -1 {
            STDOUT_CLOSED.store(true, Ordering::Relaxed);
        }
    }

    /// Called by the C runtime before `main` (and before Rust's runtime sets its standard
    /// descriptors up).
    #[used]
    #[unsafe(link_section = ".init_array")]
    pub(super) static NOTE_STDOUT: extern "C" fn() = note_stdout;
}

impl<W: Write> Out<W> {
    /// Output to `w`.
    pub fn new(w: W) -> Self {
        Out {
            w: BufWriter::new(w),
            closed: false,
            shut: false,
        }
    }

    /// The reader closed the pipe: nothing more is written.
    pub fn closed(&self) -> bool {
        self.closed
    }

    fn check(&mut self, r: io::Result<()>) -> Result<(), Failure> {
        if self.shut {
            return Err(Failure::input(
                "cannot write the output: stdout is closed (started with `>&-`?): send it to a \
                 file or to /dev/null instead",
            ));
        }
        match r {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {
                self.closed = true;
                Ok(())
            }
            Err(e) => Err(Failure::input(format!("cannot write the output: {e}"))),
        }
    }

    /// Writes `text` and a newline.
    pub fn line(&mut self, text: impl Display) -> Result<(), Failure> {
        if self.closed {
            return Ok(());
        }
        let r = writeln!(self.w, "{text}");
        self.check(r)
    }

    /// Writes text as it is (help text that already ends in a newline).
    pub fn text(&mut self, text: &str) -> Result<(), Failure> {
        if self.closed {
            return Ok(());
        }
        let r = self.w.write_all(text.as_bytes());
        self.check(r)
    }

    /// Writes one JSON document on one line. The invisible characters that reorder or split a
    /// terminal's text (U+2028, U+202E, ...: `diag::escape_controls`) are written as JSON
    /// `\uXXXX` escapes (serde_json writes them raw; control characters it escapes itself).
    pub fn json(&mut self, v: &serde_json::Value) -> Result<(), Failure> {
        let text = v.to_string();
        let mut safe = String::with_capacity(text.len());
        for c in text.chars() {
            if crate::diag::reorders(c) {
                safe.push_str(&format!("\\u{:04x}", c as u32));
            } else {
                safe.push(c);
            }
        }
        self.line(safe)
    }

    /// Writes out what is buffered; a command's output is complete only once this succeeds.
    pub fn flush(&mut self) -> Result<(), Failure> {
        if self.closed {
            return Ok(());
        }
        let r = self.w.flush();
        self.check(r)
    }
}

pub use crate::diag::{escape_controls, report};

/// A clap usage error as one line (without the `error: ` prefix): its message, any tip and
/// the usage, without the blank lines and the "For more information" footer.
pub fn usage_line(rendered: &str) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut usage = None;
    for (i, line) in rendered.lines().enumerate() {
        let line = line.trim();
        let line = if i == 0 {
            line.strip_prefix("error:").unwrap_or(line).trim()
        } else {
            line
        };
        if line.is_empty() || line.starts_with("For more information") {
            continue;
        }
        if let Some(u) = line.strip_prefix("Usage:") {
            usage = Some(u.trim().to_string());
            continue;
        }
        parts.push(line.to_string());
    }
    let mut text = parts.join(" ");
    match usage {
        Some(u) => text.push_str(&format!(" (usage: {u}; see --help)")),
        None => text.push_str(" (see --help)"),
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Accepts `limit` bytes, then fails every write with `kind`.
    struct Failing {
        limit: usize,
        kind: io::ErrorKind,
        taken: usize,
    }

    impl Write for Failing {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            if self.taken >= self.limit {
                return Err(io::Error::from(self.kind));
            }
            let n = buf.len().min(self.limit - self.taken);
            self.taken += n;
            Ok(n)
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    fn write_lots(out: &mut Out<Failing>) -> Result<(), Failure> {
        for i in 0..10_000 {
            out.line(format!("line {i}"))?;
        }
        out.flush()
    }

    #[test]
    fn a_closed_pipe_ends_the_output_quietly() {
        let mut out = Out::new(Failing {
            limit: 100,
            kind: io::ErrorKind::BrokenPipe,
            taken: 0,
        });
        assert!(write_lots(&mut out).is_ok());
        assert!(out.closed());
    }

    #[test]
    fn a_full_disk_is_bad_output_exit_2() {
        let mut out = Out::new(Failing {
            limit: 100,
            kind: io::ErrorKind::StorageFull,
            taken: 0,
        });
        let f = write_lots(&mut out).unwrap_err();
        assert_eq!(f.code, 2);
        assert!(
            f.message.starts_with("cannot write the output"),
            "{}",
            f.message
        );
    }

    #[test]
    fn control_characters_are_escaped() {
        assert_eq!(
            escape_controls("a\nb\x1b[31mc\u{7f}"),
            "a\\nb\\u{1b}[31mc\\u{7f}"
        );
        assert_eq!(escape_controls("S4 → T5, 'ok'"), "S4 → T5, 'ok'");
    }

    #[test]
    fn g25_13_reordering_and_separator_characters_are_escaped() {
        assert_eq!(
            escape_controls("a\u{202e}b\u{2028}c\u{2066}d"),
            "a\\u{202e}b\\u{2028}c\\u{2066}d"
        );
    }

    #[test]
    fn a_usage_error_is_one_line_with_its_usage() {
        let clap = "error: the following required arguments were not provided:\n  \
                    <SCENARIO>\n\nUsage: asl-pto check <SCENARIO>\n\nFor more information, try \
                    '--help'.\n";
        assert_eq!(
            usage_line(clap),
            "the following required arguments were not provided: <SCENARIO> (usage: asl-pto \
             check <SCENARIO>; see --help)"
        );
    }
}
