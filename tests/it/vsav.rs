//! Issue 39: `asl-pto import GAME.vsav`, on saved games our own encoder writes
//! (`vasl::save::encode`) for positions on the synthetic boards of `common::vasl_boards`: the
//! written scenario's `walk` (and `sees`, `orders`, `check`) are those of the same position
//! written by hand; without the boards the layout and inventory; every bad input one line,
//! exit 2; `view GAME.vsav` imports first.

use std::path::{Path, PathBuf};

use asl_pto::vasl::encode::zip_entries;
use asl_pto::vasl::save::encode::{SyntheticPiece, SyntheticSave, obfuscate};

use crate::common::{bin, json, stderr, stdout_ok, vasl_boards};

/// A folder of its own for a test's files.
fn folder(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("asl-pto-vsav-{}-{test}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `asl-pto ARGS` with no VASL folders from the environment.
fn run(args: &[&str]) -> std::process::Output {
    bin()
        .args(args)
        .env_remove("ASL_PTO_VASL_BOARDS")
        .env_remove("ASL_PTO_VASL_METADATA")
        .output()
        .unwrap()
}

fn boards() -> &'static str {
    vasl_boards().to_str().unwrap()
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// Boards 36 and 37 reversed, side by side: a Japanese position in board 36's woods and on its
/// cliff, American squads facing it, and what the program does not know.
fn position() -> SyntheticSave {
    let g = asl_pto::vasl::Grid::new(33, 10, 1800, 645);
    let mut v = SyntheticSave::default();
    v.board("36", 0, 0).board("r37", 1, 0);
    v.extra("NoGrain").extra("OVR o5 h4 g4");
    let at = |v: &SyntheticSave, b: &str, h: &str| v.centre(b, h, &g);
    for p in [
        SyntheticPiece::new("4-4-7 1sq", "ja447S.gif").at(at(&v, "36", "CC4")),
        SyntheticPiece::new("2-3-7 hs", "ja237H.gif")
            .at(at(&v, "36", "CC4"))
            .layer("Broken", true),
        SyntheticPiece::new("DM", "DM.gif").at(at(&v, "36", "CC4")),
        SyntheticPiece::new("jaLDR", "jaL9-1.gif")
            .at(at(&v, "36", "CC4"))
            .masked(),
        SyntheticPiece::new("Cave", "cave.gif")
            .at(at(&v, "36", "FF5"))
            .rotated(6, 3),
        SyntheticPiece::new("7-6-8 1sq", "am768S.gif").at(at(&v, "36", "EE3")),
        SyntheticPiece::new("DC", "DC.gif").at(at(&v, "36", "EE3")),
        SyntheticPiece::new("7-6-8 1sq", "am768S.gif").at(at(&v, "r37", "C5")),
        SyntheticPiece::new("?", "am?.gif").at(at(&v, "r37", "C5")),
        SyntheticPiece::new("Smoke", "smoke.gif").at(at(&v, "36", "X3")),
        SyntheticPiece::new("6-4-8 1sq", "br648S.gif").at(at(&v, "36", "P3")),
        SyntheticPiece::new("Sherman M4A1", "amM4A1.gif").at(at(&v, "36", "Q5")),
    ] {
        v.piece(p);
    }
    v
}

const SAY: &str = "Imported from the VASL saved game game.vsav: boards 36, 37 (reversed); SSR \
NoGrain (not applied); 10 pieces placed; left out: 1 x 6-4-8 1sq (British: a nationality the \
program does not play), 1 x OVR o5 (an overlay: not laid on the boards), 1 x Sherman M4A1 (not a \
counter the program knows)";

/// The same position, written by hand.
fn by_hand() -> String {
    format!(
        r#"Scenario(
    title: "game.vsav (VASL saved game)",
    notes: Some("{SAY}"),
    map: (boards: [["36", "37 rotated"]], import: true),
    caves: [(id: "A", hex: "36FF5", ca: "36FF5-36FF6")],
    units: [
        (id: "jp1", nationality: Japanese, counter: "4-4-7", at: "36CC4"),
        (id: "jp2", nationality: Japanese, counter: "2-3-7", at: "36CC4", broken: true, dm: true),
        (id: "jp3", nationality: Japanese, counter: "9-1", at: "36CC4", concealed: true),
        (id: "us1", nationality: American, counter: "7-6-8", at: "36EE3", dc: true),
        (id: "us2", nationality: American, counter: "7-6-8", at: "37C5", concealed: true),
    ],
    smoke: [(at: "36X3", kind: Smoke)],
    script: [(say: Some("{SAY}"))],
)
"#
    )
}

/// Writes the position's .vsav and imports it; returns the folder, the scenario written and
/// the hand-written one.
fn imported(test: &str) -> (PathBuf, PathBuf, PathBuf) {
    let dir = folder(test);
    let game = dir.join("game.vsav");
    std::fs::write(&game, position().vsav()).unwrap();
    let out = dir.join("imported.ron");
    let o = run(&["import", s(&game), "--boards", boards(), "-o", s(&out)]);
    let text = stdout_ok(&o);
    assert!(text.contains("wrote "), "{text}");
    let hand = dir.join("by_hand.ron");
    std::fs::write(&hand, by_hand()).unwrap();
    (dir, out, hand)
}

#[test]
fn issue_39_an_imported_game_walks_as_the_same_position_written_by_hand() {
    let (_, out, hand) = imported("walk");
    for args in [
        vec!["walk"],
        vec!["walk", "--json"],
        vec!["check", "--json"],
        vec!["sees", "36EE3"],
        vec!["orders", "us1", "--phase", "PrepFire", "--json"],
        vec!["moves", "us2"],
        vec!["caves"],
    ] {
        let with = |f: &Path| {
            let mut a: Vec<&str> = vec![args[0], s(f)];
            a.extend(&args[1..]);
            a.extend(["--vasl-boards", boards()]);
            let o = run(&a);
            stdout_ok(&o).replace(s(f), "FILE")
        };
        let (a, b) = (with(&out), with(&hand));
        assert_eq!(a, b, "{args:?}");
        assert!(!a.is_empty());
    }
    let walk = stdout_ok(&run(&["walk", s(&out), "--vasl-boards", boards()]));
    assert!(walk.contains(SAY), "{walk}");
}

#[test]
fn issue_39_import_reports_the_layout_ssr_and_pieces_as_json() {
    let dir = folder("json");
    let game = dir.join("game.vsav");
    std::fs::write(&game, position().vsav()).unwrap();
    // Without the boards: the layout and the inventory, nothing placed.
    let o = run(&["import", s(&game), "--json"]);
    let v = json(&o);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(v["boards"][1]["board"], "37");
    assert_eq!(v["boards"][1]["reversed"], true);
    assert_eq!(v["layout"], serde_json::json!([["36", "37 rotated"]]));
    assert_eq!(v["ssr"], serde_json::json!(["NoGrain"]));
    assert_eq!(v["overlays"], serde_json::json!(["OVR o5 h4 g4"]));
    let pieces = v["pieces"].as_array().unwrap();
    let squad = pieces.iter().find(|p| p["name"] == "7-6-8 1sq").unwrap();
    assert_eq!(squad["count"], 2);
    assert_eq!(squad["placed"], false);
    assert_eq!(v["scenario"], serde_json::Value::Null);
    // With them: placed.
    let o = run(&["import", s(&game), "--boards", boards(), "--json"]);
    let v = json(&o);
    let pieces = v["pieces"].as_array().unwrap();
    let squad = pieces.iter().find(|p| p["name"] == "7-6-8 1sq").unwrap();
    assert_eq!(
        (squad["count"].as_u64(), squad["placed"].as_bool()),
        (Some(2), Some(true))
    );
    let tank = pieces.iter().find(|p| p["name"] == "Sherman M4A1").unwrap();
    assert_eq!(tank["placed"], false);
    // Text: one line a tally.
    let text = stdout_ok(&run(&["import", s(&game), "--vasl-boards", boards()]));
    assert!(
        text.contains("map boards [[\"36\", \"37 rotated\"]]"),
        "{text}"
    );
    assert!(text.contains("  placed (10):"), "{text}");
    assert!(
        text.contains("      1 x Sherman M4A1: not a counter the program knows"),
        "{text}"
    );
}

/// `args` fail with exit 2 and one `error:` line saying `what`.
fn refused(args: &[&str], what: &str) {
    let o = run(args);
    let e = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{args:?}: {e}");
    assert_eq!(e.lines().count(), 1, "{e}");
    assert!(
        e.starts_with("error: ") && e.contains(what),
        "'{e}' should say '{what}'"
    );
}

#[test]
fn issue_39_every_bad_saved_game_is_one_line_and_exit_2() {
    let dir = folder("bad");
    let file = |name: &str, bytes: &[u8]| {
        let p = dir.join(name);
        std::fs::write(&p, bytes).unwrap();
        p
    };
    let good = position().vsav();
    let stream = position().saved_game();
    let wrap = |b: &[u8]| zip_entries(&[("savedGame", b)]);
    let cases: Vec<(PathBuf, &str)> = vec![
        (file("text.vsav", b"not a zip"), "not a zip archive"),
        (file("cut.vsav", &good[..good.len() / 2]), "truncated"),
        (file("key.vsav", &wrap(b"!VCSKq1abcd")), "bad key"),
        (
            file("odd.vsav", &wrap(&stream[..stream.len() - 1])),
            "odd number",
        ),
        (
            file("bomb.vsav", &wrap(&vec![b'0'; 64 * 1024 * 1024 + 2])),
            "zip bomb",
        ),
        (
            file(
                "huge.vsav",
                &wrap(&obfuscate(
                    format!("bd\t36\t0\t0\t6\u{1b}{}", "y".repeat(1024 * 1024 + 1)).as_bytes(),
                    9,
                )),
            ),
            "more than the 1 MiB",
        ),
        (
            file("empty.vsav", &zip_entries(&[("moduledata", b"x")])),
            "no savedGame entry",
        ),
    ];
    for (p, what) in &cases {
        refused(&["import", s(p)], what);
        refused(&["import", s(p), "--boards", boards(), "--json"], what);
    }
    refused(&["import", s(&dir.join("none.vsav"))], "none.vsav");
    // Larger than 64 MiB: refused before it is read (a sparse file, quick to make).
    let big = dir.join("big.vsav");
    std::fs::File::create(&big)
        .unwrap()
        .set_len(64 * 1024 * 1024 + 1)
        .unwrap();
    refused(&["import", s(&big)], "larger than 64 MiB");
    refused(&["import", s(&dir)], "folder");
    // -o needs the boards, and every board of the layout must be in the folder.
    let game = file("game.vsav", &good);
    refused(
        &["import", s(&game), "-o", s(&dir.join("x.ron"))],
        "--boards DIR",
    );
    let mut far = position();
    far.boards[1].0 = "r99".into();
    let far = file("far.vsav", &far.vsav());
    refused(
        &[
            "import",
            s(&far),
            "--boards",
            boards(),
            "-o",
            s(&dir.join("x.ron")),
        ],
        "bd99: not found",
    );
    assert!(!dir.join("x.ron").exists());
    // Without -o a missing board is a note: the layout and the inventory still come.
    let text = stdout_ok(&run(&["import", s(&far), "--boards", boards()]));
    assert!(
        text.contains("note: ") && text.contains("bd99: not found"),
        "{text}"
    );
    // The saved game itself is never overwritten.
    refused(
        &["import", s(&game), "--boards", boards(), "-o", s(&game)],
        "the saved game itself",
    );
    // view imports first: a bad saved game, or no boards folder, is refused before any window.
    refused(&["view", s(&cases[2].0), "--boards", boards()], "bad key");
    refused(&["view", s(&game)], "--boards DIR");
}

/// A boards folder holding `boards` (name, archive) and SharedBoardMetadata.xml.
fn boards_folder(test: &str, boards: &[(&str, Vec<u8>)]) -> PathBuf {
    let dir = folder(test).join("boards");
    std::fs::create_dir_all(&dir).unwrap();
    for (name, bytes) in boards {
        std::fs::write(dir.join(name), bytes).unwrap();
    }
    std::fs::write(
        dir.join("SharedBoardMetadata.xml"),
        asl_pto::vasl::encode::shared_board_metadata(),
    )
    .unwrap();
    dir
}

#[test]
fn issue_39_the_commands_own_boards_folder_wins_over_vasl_boards() {
    let dir = folder("flags");
    let game = dir.join("game.vsav");
    std::fs::write(&game, position().vsav()).unwrap();
    let empty = boards_folder("flags-empty", &[]);
    let out = dir.join("out.ron");
    // --boards names the boards; --vasl-boards an empty folder: the scenario is written and
    // loaded back from --boards.
    let o = run(&[
        "import",
        s(&game),
        "--boards",
        boards(),
        "--vasl-boards",
        s(&empty),
        "-o",
        s(&out),
    ]);
    assert!(stdout_ok(&o).contains("wrote "));
    // The other way round: --boards (empty) is the folder read, before any window.
    refused(
        &[
            "view",
            s(&game),
            "--boards",
            s(&empty),
            "--vasl-boards",
            boards(),
        ],
        &format!("{}", empty.join("bd36").display()),
    );
    refused(
        &[
            "import",
            s(&game),
            "--boards",
            s(&empty),
            "--vasl-boards",
            boards(),
            "-o",
            s(&out),
        ],
        &format!("{}", empty.join("bd36").display()),
    );
}

#[test]
fn issue_39_a_board_that_is_not_geomorphic_is_said_not_placed_on_wrong_hexes() {
    use asl_pto::vasl::encode::{SyntheticBoard, terrain_names};
    let names = terrain_names();
    let odd = boards_folder(
        "odd-boards",
        &[
            (
                "bd36",
                SyntheticBoard::new("36", 20, 10).archive(&names).unwrap(),
            ),
            (
                "bd37",
                SyntheticBoard::standard("37").archive(&names).unwrap(),
            ),
        ],
    );
    let dir = folder("odd");
    let game = dir.join("game.vsav");
    std::fs::write(&game, position().vsav()).unwrap();
    let o = run(&["import", s(&game), "--boards", s(&odd), "--json"]);
    let v = json(&o);
    let notes = v["notes"].to_string();
    assert!(
        notes.contains("board 36 is 20 x 10 hexes") && notes.contains("33 x 10"),
        "{notes}"
    );
    let pieces = v["pieces"].as_array().unwrap();
    assert!(pieces.iter().all(|p| p["placed"] == false), "{pieces:?}");
    refused(
        &[
            "import",
            s(&game),
            "--boards",
            s(&odd),
            "-o",
            s(&dir.join("x.ron")),
        ],
        "board 36 is 20 x 10 hexes",
    );
}

#[test]
fn issue_39_an_odd_piece_or_board_name_still_gives_the_inventory() {
    let dir = folder("odd-piece");
    let mut v = position();
    v.raw
        .push("+/1/rotate;6\tpiece;;;a.gif;4-4-7 odd/Main Map;12;30;1".into());
    let game = dir.join("game.vsav");
    std::fs::write(&game, v.vsav()).unwrap();
    let text = stdout_ok(&run(&["import", s(&game), "--boards", boards()]));
    assert!(
        text.contains("1 x 4-4-7 odd: unreadable: 1 states for its 2 traits"),
        "{text}"
    );
    assert!(text.contains("  placed (10):"), "{text}");
    // A board name that is no board name: the inventory, and a note; -o refused.
    v.boards[0].0 = "36a".into();
    std::fs::write(&game, v.vsav()).unwrap();
    for args in [
        vec!["import", s(&game)],
        vec!["import", s(&game), "--boards", boards()],
    ] {
        let text = stdout_ok(&run(&args));
        assert!(text.contains("note: board '36a'"), "{text}");
        assert!(text.contains("x 7-6-8 1sq"), "{text}");
    }
    refused(
        &[
            "import",
            s(&game),
            "--boards",
            boards(),
            "-o",
            s(&dir.join("x.ron")),
        ],
        "board '36a'",
    );
}

#[test]
fn issue_39_a_hostile_saved_game_is_refused_in_one_line() {
    let dir = folder("hostile");
    let tabs = "\t".repeat(500_000);
    let record = format!("+/1/{tabs}piece;;;a.gif;x/{tabs}Main Map;0;0");
    let plain = vec![record; 30].join("\u{1b}");
    let game = dir.join("hostile.vsav");
    std::fs::write(
        &game,
        zip_entries(&[("savedGame", &obfuscate(plain.as_bytes(), 0x21))]),
    )
    .unwrap();
    let start = std::time::Instant::now();
    refused(
        &["import", s(&game)],
        "record 1 (piece 1) has 500000 traits, more than the 256 a piece may have",
    );
    assert!(start.elapsed().as_secs() < 20, "{:?}", start.elapsed());
}
