//! Input bounded to what the rules allow: a Morale Check DRM beyond the rules, arithmetic that
//! never overflows, bounded numbers, reads capped at 64 MiB, control characters escaped in
//! error lines, one-line usage errors, and `cost` within one hex.

use std::process::Stdio;
use std::time::Duration;

use super::{assert_one_error_line, night, repo, temp_dir, wait_at_most};
use crate::common::{bin, run, stderr};

#[test]
fn morale_check_drm_beyond_the_rules_is_an_input_error_with_line_col() {
    let d = temp_dir("drm");
    let text = std::fs::read_to_string(night()).unwrap();
    let p = d.join("drm.ron");
    let changed = text.replacen(
        "script: [",
        "script: [\n        (act: MoraleCheck(\"jp2\", 2147483647)),",
        1,
    );
    std::fs::write(&p, changed).unwrap();
    let line = assert_one_error_line(&run(&["check", p.to_str().unwrap()]), "drm 2147483647");
    assert!(line.contains("drm.ron:"), "{line}");
    assert!(
        line.split(':')
            .nth(2)
            .is_some_and(|l| l.parse::<usize>().is_ok()),
        "line:col: {line}"
    );
}

#[test]
fn morale_check_arithmetic_never_overflows() {
    use asl_pto::rules::morale::morale_check;
    let r = morale_check(7, i32::MAX, 7, 3);
    assert!(!r.passed);
    assert_eq!(r.final_dr, i32::MAX);
    let r = morale_check(7, i32::MIN, i32::MAX, 3);
    assert!(r.passed);
}

#[test]
fn numbers_are_bounded_to_what_the_rules_allow() {
    let d = temp_dir("bounds");
    let text = std::fs::read_to_string(night()).unwrap();
    for (n, (from, to, needle)) in [
        (
            "elr: (japanese: 3, allied: 3)",
            "elr: (japanese: 3, allied: 200)",
            "elr.allied 200",
        ),
        ("year: 1944", "year: 9999", "date.year 9999"),
        ("ob: (caves: 2)", "ob: (caves: 4000000000)", "ob.caves"),
        ("at: \"M6\"", "at: \"M6@50\"", "M6@50"),
    ]
    .iter()
    .enumerate()
    {
        assert!(text.contains(from), "{from}");
        let p = d.join(format!("b{n}.ron"));
        std::fs::write(&p, text.replacen(from, to, 1)).unwrap();
        let line = assert_one_error_line(&run(&["check", p.to_str().unwrap()]), needle);
        assert!(line.contains(&format!("b{n}.ron:")), "{line}");
    }
    // A Location's level on the command line too: -9..24 (Base Levels -9..20 and 4 floors).
    assert_one_error_line(
        &run(&["los", &repo("scenarios/ridge.ron"), "T4@99", "P4"]),
        "T4@99",
    );
    assert_eq!(
        run(&["los", &repo("scenarios/ridge.ron"), "T4@3", "P4"])
            .status
            .code(),
        Some(0)
    );
}

#[test]
fn unbounded_input_is_cut_at_64_mib() {
    for args in [
        vec!["check".to_string(), "/dev/zero".to_string()],
        vec!["walk".into(), night(), "--load".into(), "/dev/zero".into()],
    ] {
        let child = bin()
            .args(&args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let o = wait_at_most(child, Duration::from_secs(60));
        assert_one_error_line(&o, "larger than 64 MiB");
    }
}

#[test]
fn control_characters_are_escaped_in_error_lines() {
    let o = run(&["check", "/nonexistent/bad\u{1b}[31m\nname.ron"]);
    let line = assert_one_error_line(&o, "bad\\u{1b}[31m\\nname.ron");
    assert!(!line.contains('\u{1b}'));
    let o = run(&["los", &repo("scenarios/ridge.ron"), "T4\u{1b}[2J", "P4"]);
    let line = assert_one_error_line(&o, "T4\\u{1b}[2J");
    assert!(!line.contains('\u{1b}'));
    // From a file: a unit id with an escape sequence and a newline.
    let d = temp_dir("ctl");
    let p = d.join("ctl.ron");
    std::fs::write(
        &p,
        "Scenario(title: \"t\", map: (columns: 6, rows: 5), units: [(id: \"u\u{1b}]0;x\u{7}\\n\", \
         nationality: American, counter: \"7-6-8\", at: \"B2\")])",
    )
    .unwrap();
    let o = run(&["check", p.to_str().unwrap()]);
    let line = assert_one_error_line(&o, "\\u{1b}]0;x\\u{7}");
    assert!(!line.contains('\u{1b}') && !line.contains('\u{7}'));
}

#[test]
fn usage_errors_are_one_line() {
    for args in [
        &["los"][..],
        &["frobnicate"],
        &["check"],
        &["check", "x.ron", "--jsn"],
        &["walk", "x.ron", "--seed", "x"],
        &["bench", "--runs", "0"],
        &["check", "a", "b\u{1b}[31m"],
    ] {
        let o = run(args);
        let line = assert_one_error_line(&o, "--help");
        assert!(!line.contains('\u{1b}'), "{args:?}: {line}");
    }
}

#[test]
fn cost_within_one_hex_names_both_locations() {
    let o = run(&["cost", &repo("scenarios/ridge.ron"), "T4", "T4@1", "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["allowed"], false);
    let reason = v["reason"].as_str().unwrap();
    assert!(!reason.contains("T4 and T4 are"), "{reason}");
    assert!(
        reason.contains("T4@1") && reason.contains("same hex"),
        "{reason}"
    );
}
