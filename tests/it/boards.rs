//! Issue 18: maps laid out from geomorphic boards, and boards imported from the player's VASL
//! board archives (built here with our own encoder: `common::vasl_boards`). Hexes are named with
//! their board's prefix everywhere; LOS, caves and the checks work across a board edge.

use std::path::Path;

use crate::common::{self, bin, json, stderr, stdout_ok, two_boards, vasl_boards};

fn with_boards(args: &[&str]) -> std::process::Output {
    bin()
        .args(args)
        .arg("--vasl-boards")
        .arg(vasl_boards())
        .env_remove("ASL_PTO_VASL_BOARDS")
        .env_remove("ASL_PTO_VASL_METADATA")
        .output()
        .unwrap()
}

fn path_str(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn two_imported_boards_side_by_side_load_and_check() {
    let s = two_boards("");
    let o = with_boards(&["check", path_str(&s)]);
    let text = stdout_ok(&o);
    // 346 hexes a board, less the 10 of the shared column GG/A.
    assert!(text.contains("(boards 36, 37)"), "{text}");
    assert!(text.contains("682 hexes"), "{text}");
    // G.1 turned board 36's printed Woods into Jungle, and says so with the board's name.
    let o = with_boards(&["check", path_str(&s), "--json"]);
    let v = json(&o);
    assert_eq!(v["ok"], true, "{v}");
    let notes = v["notes"].as_array().unwrap();
    assert!(
        notes
            .iter()
            .any(|n| n["at"] == "36CC4" && n["rule"] == "G.1"),
        "{notes:?}"
    );
}

#[test]
fn every_imported_hex_lands_where_its_board_lies() {
    use asl_pto::map::{Depression, Terrain};
    asl_pto::scenario::vasl::set_folders(Some(vasl_boards().to_path_buf()), None);
    let s = asl_pto::scenario::Scenario::load(&two_boards("")).unwrap();
    let m = &s.map;
    let at = |id: &str| m.get(m.hex(id).unwrap()).unwrap().clone();
    assert_eq!(at("36FF5").level, 2);
    assert_eq!(at("36FF6").level, 0);
    assert!(m.is_cliff(m.hexside("36FF5-36FF6").unwrap()));
    assert_eq!(m.cliffs().len(), 1);
    assert_eq!(at("36CC3").terrain, Terrain::Kunai);
    // Printed Woods, Jungle in play (G.1).
    assert_eq!(at("36CC4").printed, Terrain::Woods);
    assert_eq!(at("36CC4").terrain, Terrain::Jungle);
    assert_eq!(at("36Z8").depression, Some(Depression::Gully));
    assert_eq!(at("36Z8").level, -1);
    // The seam hex: one hex with two names, board 36's half read first.
    assert_eq!(m.hex("36GG5").unwrap(), m.hex("37A5").unwrap());
    assert_eq!(at("37A5").terrain, Terrain::Jungle);
    assert_eq!(m.name(m.hex("37A5").unwrap()), "36GG5");
    for row in 1..=10 {
        assert_eq!(
            at(&format!("37C{row}")).terrain,
            Terrain::Jungle,
            "37C{row}"
        );
    }
    assert_eq!(at("37E5").level, 1);
    assert_eq!(at("37D5").terrain, Terrain::Open);
    // 37B5 touches the seam hex, across the board edge.
    assert!(m.hex("37B5").unwrap().is_adjacent(m.hex("36GG5").unwrap()));
}

#[test]
fn a_scenario_overrides_imported_hexes_and_names_its_hexes_by_board() {
    // A cliff the board already has may be listed again: the scenario's changes go on top.
    let s = two_boards(
        r#"hexes: { "37E5 37F5": (level: 0, terrain: Huts) }, cliffs: ["36FF5-36FF6"],"#,
    );
    stdout_ok(&with_boards(&["check", path_str(&s)]));
    let o = with_boards(&["cost", path_str(&s), "37D5", "37E5", "--json"]);
    let v = json(&o);
    // Level 0 Huts now, not the imported Level 1 hill: no climb up.
    assert_eq!(v["allowed"], true, "{v}");
    // A bare id is ambiguous on two boards.
    let bad = two_boards(r#"hexes: { "E5": (terrain: Huts) },"#);
    let o = with_boards(&["check", path_str(&bad)]);
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(
        e.contains("names no board") && e.contains("36I4, 37I4"),
        "{e}"
    );
}

#[test]
fn a6_los_across_the_board_edge_is_traced_as_inside_a_board() {
    let s = two_boards("");
    // Open ground both sides of the seam: clear, range 3.
    let v = json(&with_boards(&[
        "los",
        path_str(&s),
        "36EE3",
        "37B3",
        "--json",
    ]));
    assert_eq!(v["clear"], true, "{v}");
    assert_eq!(v["range"], 3, "{v}");
    // Every hex of the thread is named by its board; the seam hexes by board 36.
    for p in v["path"].as_array().unwrap() {
        let h = p["hex"].as_str().unwrap_or_else(|| p.as_str().unwrap());
        assert!(h.starts_with("36") || h.starts_with("37"), "{h}");
        assert!(!h.starts_with("37A"), "{h} is the seam hex, named 36GG..");
    }
    // Board 37's jungle column blocks a line that crosses it.
    let v = json(&with_boards(&[
        "los",
        path_str(&s),
        "36EE7",
        "37G7",
        "--json",
    ]));
    assert_eq!(v["clear"], false, "{v}");
    let at = v["blocked_at"].as_str().unwrap();
    assert!(at.starts_with("37C") || at == "36GG5", "{v}");
}

#[test]
fn g11_caves_on_an_imported_cliff_are_named_by_board() {
    let s = two_boards("");
    let v = json(&with_boards(&["caves", path_str(&s), "--json"]));
    let c = &v["caves"][0];
    assert_eq!(c["hex"], "36FF5", "{v}");
    assert_eq!(c["ca"], "36FF5-36FF6", "{v}");
    assert_eq!(c["entrance"], "36FF6", "{v}");
    assert_eq!(c["level"], 0, "{v}");
}

#[test]
fn board_prints_every_imported_hex_with_its_board_prefix() {
    let archive = vasl_boards().join("bd36");
    let v = json(&with_boards(&["board", path_str(&archive), "--json"]));
    assert_eq!(v["board"], "36");
    let hexes = v["hexes"].as_array().unwrap();
    assert_eq!(hexes.len(), 346);
    let hex = |id: &str| {
        hexes
            .iter()
            .find(|h| h["hex"] == id)
            .unwrap_or_else(|| panic!("{id} in {v}"))
    };
    assert_eq!(hex("36FF5")["level"], 2);
    assert_eq!(hex("36FF5")["cliffs"], serde_json::json!(["36FF5-36FF6"]));
    assert_eq!(hex("36FF6")["cliffs"], serde_json::json!(["36FF6-36FF5"]));
    assert_eq!(hex("36CC3")["terrain"], "Kunai");
    assert_eq!(hex("36CC4")["terrain"], "Woods");
    assert_eq!(hex("36Z8")["depression"], "Gully");
    assert_eq!(hex("36Z8")["level"], -1);
    assert_eq!(hex("36GG5")["terrain"], "Jungle");
    assert_eq!(hex("36A1")["terrain"], "Open Ground");
    // Every other hex: Open Ground at Level 0 without cliffs.
    let special = ["36FF5", "36FF6", "36CC3", "36CC4", "36Z8", "36GG5"];
    for h in hexes
        .iter()
        .filter(|h| !special.contains(&h["hex"].as_str().unwrap()))
    {
        assert_eq!(h["level"], 0, "{h}");
        assert_eq!(h["terrain"], "Open Ground", "{h}");
        assert!(h["cliffs"].as_array().unwrap().is_empty(), "{h}");
    }
    // The text form: a header, one line a hex.
    let text = stdout_ok(&with_boards(&["board", path_str(&archive)]));
    assert!(
        text.starts_with(&format!("{}: board 36", archive.display())),
        "{text}"
    );
    assert_eq!(text.lines().filter(|l| l.starts_with("  36")).count(), 346);
    assert!(
        text.lines()
            .any(|l| l.contains("36FF5") && l.contains("cliffs 36FF5-36FF6")),
        "{text}"
    );
}

#[test]
fn a_bad_archive_is_exit_2_with_one_line_naming_the_file() {
    let dir = vasl_boards();
    let good = std::fs::read(dir.join("bd36")).unwrap();
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        ("bd90", b"not a zip at all".to_vec(), "zip"),
        (
            "bd91",
            asl_pto::vasl::encode::zip_entries(&[("BoardMetadata.xml", b"<boardMetadata/>")]),
            "LOSData",
        ),
        ("bd92", good[..good.len() / 2].to_vec(), ""),
    ];
    for (name, bytes, says) in cases {
        let p = dir.join(name);
        std::fs::write(&p, &bytes).unwrap();
        let o = with_boards(&["board", path_str(&p)]);
        assert_eq!(o.status.code(), Some(2), "{name}");
        let e = stderr(&o);
        assert_eq!(e.trim().lines().count(), 1, "{e}");
        assert!(e.starts_with("error: ") && e.contains(path_str(&p)), "{e}");
        assert!(e.contains(says), "{name}: {e}");
    }
    // An archive that is not there is named as such (not the metadata looked for beside it).
    let gone = std::env::temp_dir().join("asl-pto-no-such-dir/bd36");
    let o = with_boards(&["board", path_str(&gone)]);
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(e.contains("no such board archive"), "{e}");
    assert!(!e.contains("SharedBoardMetadata"), "{e}");
    let o = with_boards(&["board", path_str(vasl_boards())]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("a folder, not a board archive"),
        "{}",
        stderr(&o)
    );
    // A terrain code SharedBoardMetadata.xml does not name.
    let mut los = asl_pto::vasl::LosData::new(33, 10, 1800, 645, 0);
    // A1's centre dot.
    los.set_pixel(0, 32, 0, 250);
    let bytes = asl_pto::vasl::encode::zip_entries(&[(
        "LOSData",
        &asl_pto::vasl::encode::los_data_entry(&los),
    )]);
    let p = dir.join("bd93");
    std::fs::write(&p, bytes).unwrap();
    let o = with_boards(&["board", path_str(&p)]);
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(e.contains("250") && e.contains(path_str(&p)), "{e}");
}

#[test]
fn importing_without_the_boards_folder_says_how_to_give_it() {
    let s = two_boards("");
    let o = bin()
        .args(["check", path_str(&s)])
        .env_remove("ASL_PTO_VASL_BOARDS")
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(
        e.contains("--vasl-boards") && e.contains("ASL_PTO_VASL_BOARDS"),
        "{e}"
    );
    // The environment variable works as the option does.
    let o = bin()
        .args(["check", path_str(&s)])
        .env("ASL_PTO_VASL_BOARDS", vasl_boards())
        .output()
        .unwrap();
    stdout_ok(&o);
    // A board missing from the folder is named.
    let missing = common::temp_file(
        "missing_board.ron",
        r#"Scenario(title: "m", map: (boards: [["36", "44"]], import: true))"#,
    );
    let o = with_boards(&["check", path_str(&missing)]);
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(e.contains("bd44") && e.contains("board 44"), "{e}");
}

#[test]
fn a_rotated_board_lies_turned_with_its_a1_at_the_lower_right() {
    let text = r#"Scenario(title: "r", map: (boards: [["36", "37 rotated"]], hexes: { "37A1": (terrain: Kunai) }))"#;
    let s = common::from_text(text);
    let m = &s.map;
    let a1 = m.hex("37A1").unwrap();
    let corner = m
        .hexes()
        .map(|d| (d.hex.q, d.hex.center().1))
        .fold((i32::MIN, f64::MIN), |(q, y), (dq, dy)| {
            (q.max(dq), y.max(dy))
        });
    assert_eq!(a1.q, corner.0);
    assert_eq!(m.name(a1), "37A1");
    // Board 37's GG column is the seam, where board 36's GG is: 37GG10 = 36GG1.
    assert_eq!(m.hex("37GG10").unwrap(), m.hex("36GG1").unwrap());
    assert_eq!(m.get(a1).unwrap().terrain, asl_pto::map::Terrain::Kunai);
}

/// The walk names every hex by its board on a laid-out map: a Starshell's placement (E1.922)
/// and an exported Climb's vertex included.
#[test]
fn e1_922_a_starshell_on_a_laid_out_map_lands_in_a_hex_named_by_its_board() {
    let text = r#"Scenario(
    title: "Night on two boards",
    night: Some((cloud: Clear, moon: Full)),
    attacker: Allied,
    map: (boards: [["36", "37"]]),
    units: [(id: "usL", nationality: American, counter: "8-1", at: "37D5")],
    script: [(phase: PrepFire, act: FireStarshell("usL", "37I5"))],
)"#;
    let p = common::temp_file("night_two_boards.ron", text);
    let mut placed = 0;
    for seed in 1..=6 {
        let out = stdout_ok(&common::run(&[
            "walk",
            path_str(&p),
            "--seed",
            &seed.to_string(),
        ]));
        // A failed Usage dr (E1.921) places nothing.
        let Some(line) = out.lines().find(|l| l.contains("E1.922")) else {
            continue;
        };
        placed += 1;
        // Where it lands is named with its board (or is off the map).
        assert!(
            line.contains("lands in 36")
                || line.contains("lands in 37")
                || line.contains("off the map"),
            "{line}"
        );
        assert!(line.contains("from 37I5"), "{line}");
    }
    assert!(placed > 0, "no seed placed the Starshell");
}

#[test]
fn g11_8331_g11_84_g11_831_cave_attack_rulings_name_hexsides_and_vertices_by_board() {
    use asl_pto::rules::caves::attack::{
        Climber, area_target_type, climbing_placement, oba_vs_cave,
    };
    asl_pto::scenario::vasl::set_folders(Some(vasl_boards().to_path_buf()), None);
    let s = asl_pto::scenario::Scenario::load(&two_boards("")).unwrap();
    let (caves, problems) = s.cave_system();
    assert!(problems.is_empty(), "{problems:?}");
    let c = caves.cave("C").unwrap();
    let m = &s.map;
    // A Climber one level above cave C whose arrow touches no vertex of its CA Hexside.
    let off = m
        .hexside("36FF5-36EE5")
        .unwrap()
        .vertices()
        .into_iter()
        .find(|v| !c.ca.vertices().contains(v))
        .unwrap();
    let climber = Climber {
        level: 1,
        infantry: true,
        pinned: false,
        good_order: true,
        in_ca: false,
        arrow_vertex: off,
    };
    let r = climbing_placement(m, &climber, c);
    assert!(!r.allowed);
    assert!(r.reason.contains("touches 36"), "{}", r.reason);
    assert!(r.reason.contains("not 36"), "{}", r.reason);
    assert!(!r.reason.contains('('), "{}", r.reason);
    // On its CA Hexside's vertex it may; the vertex is named by board.
    let on = c.ca.vertices()[0];
    let r = climbing_placement(
        m,
        &Climber {
            arrow_vertex: on,
            ..climber
        },
        c,
    );
    assert!(r.allowed, "{}", r.reason);
    assert!(r.reason.contains(&m.vertex_name(on)), "{}", r.reason);
    // OBA and the Area Target Type across another hexside: both name the CA Hexside by board.
    let other = m.hexside("36FF5-36EE5").unwrap();
    for r in [
        oba_vs_cave(m, false, c.ca, Some(other)),
        area_target_type(m, false, c.ca, Some(other)),
    ] {
        assert!(!r.allowed);
        assert!(r.reason.contains("36FF5-36FF6"), "{}", r.reason);
        assert!(r.reason.contains(&m.side_name(other)), "{}", r.reason);
    }
}

#[test]
fn g25_13_board_prints_an_archives_names_with_controls_and_reorderings_escaped() {
    // A BoardMetadata.xml board name holding ESC, a newline and U+202E: neither stdout nor
    // stderr may carry them raw (they would recolour, split or reverse the terminal's text).
    let names = asl_pto::vasl::encode::terrain_names();
    let b = asl_pto::vasl::encode::SyntheticBoard::standard("9\u{1b}[31m\nX\u{202e}Y");
    let p = vasl_boards().join("bd94");
    std::fs::write(&p, b.archive(&names).unwrap()).unwrap();
    for args in [
        vec!["board", path_str(&p)],
        vec!["board", path_str(&p), "--json"],
    ] {
        let o = with_boards(&args);
        let (out, err) = (String::from_utf8_lossy(&o.stdout), stderr(&o));
        for text in [&out, &std::borrow::Cow::from(err.as_str())] {
            assert!(
                !text.contains('\u{1b}') && !text.contains('\u{202e}'),
                "{args:?}: {text:?}"
            );
        }
        if o.status.code() == Some(0) && args.len() == 3 {
            let v: serde_json::Value = serde_json::from_str(&out).unwrap();
            assert_eq!(
                v["board"], "9\u{1b}[31m X\u{202e}Y",
                "the JSON keeps the name"
            );
        }
        if o.status.code() == Some(0) && args.len() == 2 {
            let header = out.lines().next().unwrap();
            // (XML normalizes the newline in an attribute to a space.)
            assert!(header.contains("9\\u{1b}[31m X\\u{202e}Y"), "{header}");
        }
    }
}

#[test]
fn g25_7_board_refuses_a_device_or_a_fifo_and_reads_no_endless_file() {
    let o = with_boards(&["board", "/dev/zero"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("not a regular file"), "{}", stderr(&o));
    // A symlink bd95 -> /dev/zero in the boards folder, imported by a scenario: refused.
    #[cfg(unix)]
    {
        let link = vasl_boards().join("bd95");
        let _ = std::fs::remove_file(&link);
        std::os::unix::fs::symlink("/dev/zero", &link).unwrap();
        let o = with_boards(&["board", path_str(&link)]);
        assert_eq!(o.status.code(), Some(2));
        assert!(stderr(&o).contains("not a regular file"), "{}", stderr(&o));
        std::fs::remove_file(&link).ok();
    }
    // The metadata and the tables file alike.
    let o = crate::common::bin()
        .args(["los", &crate::common::fixture_path("los_hills"), "C2", "C8"])
        .env("ASL_PTO_TABLES", "/dev/zero")
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("not a regular file"), "{}", stderr(&o));
}

#[test]
fn g25_14_a_truncated_archive_is_named_in_words_not_by_the_zip_readers_types() {
    let good = std::fs::read(vasl_boards().join("bd36")).unwrap();
    let p = vasl_boards().join("bd96");
    // Every length in the last 64 bytes (where the end-of-directory blocks lie), every
    // seventh before.
    let lengths = (1..good.len().saturating_sub(64))
        .step_by(7)
        .chain(good.len().saturating_sub(64)..good.len());
    for n in lengths {
        std::fs::write(&p, &good[..n]).unwrap();
        let o = with_boards(&["board", path_str(&p)]);
        assert_eq!(o.status.code(), Some(2), "{n} bytes");
        let e = stderr(&o);
        assert!(
            !e.contains("zip::") && !e.contains("Block"),
            "{n} bytes: {e}"
        );
    }
}
