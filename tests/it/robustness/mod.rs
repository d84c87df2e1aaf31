//! Nothing lost, nothing panics (issue 13): output that cannot be written (a closed pipe, a
//! full disk), saves written atomically and checked on load, numbers bounded to what the
//! rules allow, capped reads, escaped control characters, one-line usage errors, and the
//! night "?" check that traces no LOS it need not.

mod input;
mod night;
mod output;
mod saves;

use std::path::PathBuf;
use std::process::{Child, Output};
use std::time::{Duration, Instant};

use crate::common::stderr;

fn exe() -> &'static str {
    env!("CARGO_BIN_EXE_asl-pto")
}

fn repo(rel: &str) -> String {
    format!("{}/{rel}", env!("CARGO_MANIFEST_DIR"))
}

/// A fresh directory for one test.
fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("asl-pto-robust-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Exit 2 and exactly one `error:` line on stderr containing `needle`; returns the line.
#[track_caller]
fn assert_one_error_line(o: &Output, needle: &str) -> String {
    let err = stderr(o);
    assert_eq!(o.status.code(), Some(2), "stderr: {err}");
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 1, "one line expected: {err:?}");
    assert!(lines[0].starts_with("error: "), "{err}");
    assert!(lines[0].contains(needle), "'{needle}' not in: {err}");
    assert!(!err.contains("panicked"), "{err}");
    lines[0].to_string()
}

/// Waits for `child` at most `limit`, killing it then.
fn wait_at_most(mut child: Child, limit: Duration) -> Output {
    let start = Instant::now();
    loop {
        if child.try_wait().unwrap().is_some() {
            return child.wait_with_output().unwrap();
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let o = child.wait_with_output().unwrap();
            panic!(
                "still running after {limit:?} (killed); stderr: {}",
                String::from_utf8_lossy(&o.stderr)
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn night() -> String {
    repo("scenarios/night_ridge.ron")
}
