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
    // An endless device is not read at all (issue 25.7: not a regular file); a regular file
    // past the cap (sparse: no disk used) is refused at 64 MiB.
    let d = std::env::temp_dir().join(format!("asl-pto-big-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    let big = d.join("big.ron");
    std::fs::File::create(&big)
        .unwrap()
        .set_len(65 * 1024 * 1024)
        .unwrap();
    let big = big.to_string_lossy().into_owned();
    for (args, says) in [
        (
            vec!["check".to_string(), "/dev/zero".to_string()],
            "not a regular file",
        ),
        (
            vec!["walk".into(), night(), "--load".into(), "/dev/zero".into()],
            "not a regular file",
        ),
        (vec!["check".to_string(), big.clone()], "larger than 64 MiB"),
        (
            vec!["walk".into(), night(), "--load".into(), big.clone()],
            "larger than 64 MiB",
        ),
    ] {
        let child = bin()
            .args(&args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let o = wait_at_most(child, Duration::from_secs(60));
        assert_one_error_line(&o, says);
    }
    std::fs::remove_dir_all(&d).ok();
}

#[test]
fn g25_7_a_fifo_with_no_writer_is_refused_at_once_not_waited_on() {
    #[cfg(unix)]
    {
        let d = std::env::temp_dir().join(format!("asl-pto-fifo-{}", std::process::id()));
        std::fs::create_dir_all(&d).unwrap();
        let fifo = d.join("s.ron");
        if std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .is_ok_and(|s| s.success())
        {
            let child = bin()
                .args(["check", fifo.to_str().unwrap()])
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap();
            let o = wait_at_most(child, Duration::from_secs(20));
            assert_one_error_line(&o, "not a regular file");
        }
        std::fs::remove_dir_all(&d).ok();
    }
}

#[test]
fn g25_9_a_file_size_limit_is_an_error_line_not_a_kill() {
    // `ulimit -f 1` (512 bytes): the save and the output past it fail with one line, exit 2,
    // and the save's temporary file is removed.
    #[cfg(unix)]
    {
        let d = std::env::temp_dir().join(format!("asl-pto-xfsz-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        let exe = env!("CARGO_BIN_EXE_asl-pto");
        let save = d.join("s.ron");
        let script = format!(
            "ulimit -f 1; exec '{exe}' walk '{}' --steps 6 --save '{}'",
            night(),
            save.display()
        );
        let o = std::process::Command::new("sh")
            .args(["-c", &script])
            .output()
            .unwrap();
        assert_one_error_line(&o, "cannot write the save");
        let left: Vec<_> = std::fs::read_dir(&d).unwrap().collect();
        assert!(left.is_empty(), "nothing left behind: {left:?}");
        let out = d.join("out.txt");
        let script = format!(
            "ulimit -f 1; exec '{exe}' walk '{}' > '{}'",
            night(),
            out.display()
        );
        let o = std::process::Command::new("sh")
            .args(["-c", &script])
            .output()
            .unwrap();
        assert_one_error_line(&o, "cannot write the output");
        std::fs::remove_dir_all(&d).ok();
    }
}

#[test]
fn g25_14_a_utf8_byte_order_mark_is_skipped() {
    let d = std::env::temp_dir().join(format!("asl-pto-bom-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    let f = d.join("bom.ron");
    let mut bytes = vec![0xEF, 0xBB, 0xBF];
    bytes.extend(std::fs::read(repo("scenarios/ridge.ron")).unwrap());
    std::fs::write(&f, bytes).unwrap();
    let o = run(&["check", f.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", crate::common::stderr(&o));
    std::fs::remove_dir_all(&d).ok();
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

/// Issue 36: `duel` refuses seeds that would wrap round past the largest, and a scenario
/// `check` calls ILLEGAL, each in one line, exit 2.
#[test]
fn duel_refuses_wrapping_seeds_and_an_illegal_scenario() {
    let open = repo("tests/scenarios/opponent_open.ron");
    let o = run(&[
        "duel",
        &open,
        "--games",
        "3",
        "--seed",
        "18446744073709551614",
    ]);
    assert_one_error_line(&o, "choose a smaller --seed");
    // The largest seed itself, for one game: played.
    let o = run(&[
        "duel",
        &open,
        "--games",
        "1",
        "--seed",
        "18446744073709551615",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let d = temp_dir("duel_illegal");
    let p = d.join("illegal.ron");
    let text = std::fs::read_to_string(&open).unwrap();
    // A cliff between two hexes of the same level (B11): ILLEGAL.
    let bad = text.replacen(
        "map: (columns: 10, rows: 8)",
        "map: (columns: 10, rows: 8, cliffs: [\"C3-C4\"])",
        1,
    );
    assert_ne!(bad, text);
    std::fs::write(&p, &bad).unwrap();
    let c = run(&["check", p.to_str().unwrap()]);
    if c.status.code() == Some(1) {
        let o = run(&["duel", p.to_str().unwrap(), "--games", "1"]);
        assert_one_error_line(&o, "ILLEGAL");
    } else {
        panic!(
            "the variant is not ILLEGAL: {}",
            String::from_utf8_lossy(&c.stdout)
        );
    }
}
