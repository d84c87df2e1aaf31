//! Output that cannot be written: every subcommand ends quietly on a closed pipe, and with exit
//! 2 and one error line on a full disk; a full stderr keeps the exit code.

use std::io::Read;
use std::process::Stdio;
use std::time::Duration;

use super::{assert_one_error_line, repo, temp_dir, wait_at_most};
use crate::common::{bin, stderr};

/// A scenario that breaks a rule: `check` exits 1 on it.
fn illegal_scenario() -> String {
    let d = temp_dir("illegal");
    let p = d.join("flat_cliff.ron");
    std::fs::write(
        &p,
        r#"Scenario(title: "flat cliff", map: (columns: 6, rows: 5, cliffs: ["C3-C4"]))"#,
    )
    .unwrap();
    p.to_str().unwrap().to_string()
}

/// Every subcommand that writes to stdout, with the exit code it ends with.
fn every_subcommand() -> Vec<(Vec<String>, i32)> {
    let ridge = repo("scenarios/ridge.ron");
    let night = repo("scenarios/night_ridge.ron");
    let caves = repo("scenarios/cliff_caves.ron");
    let walk = repo("tests/scenarios/walk_cliff.ron");
    let illegal = illegal_scenario();
    let v = |args: &[&str], code: i32| (args.iter().map(|s| s.to_string()).collect(), code);
    vec![
        v(&["check", &ridge], 0),
        v(&["check", &ridge, "--json"], 0),
        v(&["check", &illegal], 1),
        v(&["check", &illegal, "--json"], 1),
        v(&["caves", &caves], 0),
        v(&["caves", &caves, "--json"], 0),
        v(&["los", &ridge, "T4", "P4"], 0),
        v(&["los", &ridge, "T4", "P4", "--json"], 0),
        v(&["cost", &caves, "T4", "S4"], 0),
        v(&["cost", &caves, "T4", "S4", "--json"], 0),
        v(&["cost", &caves, "T4", "S4", "--unit", "us1"], 0),
        v(&["cost", &caves, "T4", "S4", "--unit", "us1", "--json"], 0),
        v(&["moves", &caves, "us1"], 0),
        v(&["moves", &caves, "us1", "--json"], 0),
        v(&["light", &night], 0),
        v(&["light", &night, "--json"], 0),
        v(&["walk", &walk], 0),
        v(&["walk", &walk, "--json"], 0),
        v(&["--help"], 0),
        v(&["check", "--help"], 0),
        v(&["--version"], 0),
    ]
}

#[test]
fn broken_pipe_ends_quietly_for_every_subcommand() {
    for (args, code) in every_subcommand() {
        // Racy by nature: the reader goes away before the first write, or after some; repeat.
        for round in 0..4 {
            let (reader, writer) = std::io::pipe().unwrap();
            let child = bin()
                .args(&args)
                .stdout(writer)
                .stderr(Stdio::piped())
                .spawn()
                .unwrap();
            if round % 2 == 0 {
                drop(reader);
            } else {
                // Read a little, then close.
                let mut r = reader;
                let mut buf = [0u8; 16];
                let _ = r.read(&mut buf);
                drop(r);
            }
            let o = wait_at_most(child, Duration::from_secs(60));
            assert_eq!(
                o.status.code(),
                Some(code),
                "{args:?} round {round}: stderr {}",
                stderr(&o)
            );
            assert_eq!(stderr(&o), "", "{args:?} round {round}: no message");
        }
    }
}

#[test]
fn full_disk_is_exit_2_with_one_line_for_every_subcommand() {
    for (args, _) in every_subcommand() {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let o = bin().args(&args).stdout(full).output().unwrap();
        let line = assert_one_error_line(&o, "cannot write the output");
        assert!(line.contains("No space left"), "{args:?}: {line}");
    }
}

#[test]
fn full_stderr_keeps_exit_2_for_bad_input() {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let o = bin()
        .args(["check", "/nonexistent/x.ron"])
        .stderr(full)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let o = bin().args(["frobnicate"]).stderr(full).output().unwrap();
    assert_eq!(o.status.code(), Some(2), "a usage error with a full stderr");
}

/// Issue 36: a closed stdout (`>&-`, no file descriptor 1 at all) is not a closed pipe: every
/// subcommand that writes exits 2 with one error line (`check` on an illegal scenario too).
#[test]
fn a_closed_stdout_is_exit_2_with_one_line_for_every_subcommand() {
    for (args, _) in every_subcommand() {
        let quoted: Vec<String> = args.iter().map(|a| format!("'{a}'")).collect();
        let o = std::process::Command::new("sh")
            .arg("-c")
            .arg(format!("'{}' {} >&-", super::exe(), quoted.join(" ")))
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        let line = assert_one_error_line(&o, "cannot write the output: stdout is closed");
        assert!(line.starts_with("error: "), "{line}");
    }
}

/// Issue 36: an error line echoing unbounded input is bounded, its cut said by its length.
#[test]
fn an_error_line_echoing_a_huge_input_is_bounded() {
    let d = temp_dir("bounded");
    let id = "u".repeat(5000);
    let p = d.join("long_id.ron");
    std::fs::write(
        &p,
        format!(
            r#"Scenario(title: "t", map: (columns: 6, rows: 5), units: [(id: "{id}", nationality: American, counter: "7-6-8", at: "C3")])"#
        ),
    )
    .unwrap();
    let o = bin().args(["check", p.to_str().unwrap()]).output().unwrap();
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let line = assert_one_error_line(&o, "characters cut]");
    assert!(line.len() < 600, "{} bytes: {line}", line.len());
}
