//! Issue 39: VASL saved games (`.vsav`) written by our own encoder (`vasl::save::encode`) on
//! synthetic board archives, imported onto those boards: every piece kind, rotation and layer
//! state, reversed boards, a 2-board layout, what is left out, and every bad-input class as one
//! line. The position imported equals the same position written by hand.

use std::path::PathBuf;
use std::sync::OnceLock;

use asl_pto_core::scenario::Scenario;
use asl_pto_core::scenario::raw::UnitSpec;
use asl_pto_core::vasl::encode::{
    SyntheticBoard, shared_board_metadata, terrain_names, zip_entries,
};
use asl_pto_core::vasl::save::decode::{MAX_RECORD, read_save_bytes};
use asl_pto_core::vasl::save::encode::{SyntheticPiece, SyntheticSave, obfuscate};
use asl_pto_core::vasl::save::import::{Imported, Tally, import, scenario_text};
use asl_pto_core::vasl::{BoardArchive, Grid, read_archive_bytes};

/// Boards 36 (a Level 1 hill E5) and 37, read back from their archives, and a boards folder
/// holding them for the scenarios that import them. Built once.
pub(crate) fn archives() -> &'static (BoardArchive, BoardArchive, PathBuf) {
    static A: OnceLock<(BoardArchive, BoardArchive, PathBuf)> = OnceLock::new();
    A.get_or_init(|| {
        let names = terrain_names();
        let mut b36 = SyntheticBoard::standard("36");
        b36.set("E5", 1, "Open Ground").set("C4", 0, "Light Jungle");
        let mut b37 = SyntheticBoard::standard("37");
        b37.set("C3", 0, "Kunai");
        let dir = std::env::temp_dir().join(format!("asl-pto-core-vsav-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (a36, a37) = (b36.archive(&names).unwrap(), b37.archive(&names).unwrap());
        std::fs::write(dir.join("bd36"), &a36).unwrap();
        std::fs::write(dir.join("bd37"), &a37).unwrap();
        std::fs::write(dir.join("SharedBoardMetadata.xml"), shared_board_metadata()).unwrap();
        asl_pto_core::scenario::vasl::set_folders(Some(dir.clone()), None);
        (
            read_archive_bytes("bd36", &a36, &names).unwrap(),
            read_archive_bytes("bd37", &a37, &names).unwrap(),
            dir,
        )
    })
}

pub(crate) fn grid() -> Grid {
    archives().0.grid
}

/// Imports `save` with the archives of its boards (named as its `bd` records name them).
pub(crate) fn imported(save: &SyntheticSave) -> Imported {
    let game = read_save_bytes("game.vsav", &save.vsav()).unwrap();
    let (a36, a37, _) = archives();
    let mut boards: Vec<(u32, u32, &str)> = save
        .boards
        .iter()
        .map(|(n, c, r)| (*r, *c, n.as_str()))
        .collect();
    boards.sort();
    let list: Vec<BoardArchive> = boards
        .iter()
        .map(|(_, _, n)| {
            if n.ends_with("36") {
                a36.clone()
            } else {
                a37.clone()
            }
        })
        .collect();
    import(&game, "game.vsav", Some(&list)).unwrap()
}

pub(crate) fn unit<'a>(i: &'a Imported, id: &str) -> &'a UnitSpec {
    let s = i.scenario.as_ref().unwrap();
    s.units
        .iter()
        .find(|u| u.id == id)
        .unwrap_or_else(|| panic!("no unit {id} in {:?}", s.units))
}

pub(crate) fn tally<'a>(i: &'a Imported, name: &str, placed: bool) -> &'a Tally {
    i.pieces
        .iter()
        .find(|t| t.name == name && t.placed == placed)
        .unwrap_or_else(|| panic!("no {name} placed={placed} in {:?}", i.pieces))
}

/// The position of the "done when" test: boards 36 and 37 reversed side by side, every piece
/// kind the program knows, with layers and a rotation, and what it does not know.
pub(crate) fn position() -> SyntheticSave {
    let g = grid();
    let mut s = SyntheticSave::default();
    s.board("36", 0, 0).board("r37", 1, 0);
    s.extra("Winter NoGrain").extra("OVR o5 h4 g4");
    let at = |s: &SyntheticSave, b: &str, h: &str| s.centre(b, h, &g);
    let p = [
        SyntheticPiece::new("4-4-7 1sq", "ja447S.gif").at(at(&s, "36", "C3")),
        SyntheticPiece::new("2-3-7 hs", "ja237H.gif")
            .at(at(&s, "36", "C3"))
            .layer("Broken", true),
        SyntheticPiece::new("DM", "DM.gif").at(at(&s, "36", "C3")),
        SyntheticPiece::new("jaLDR", "jaL9-1.gif")
            .at(at(&s, "36", "C4"))
            .masked(),
        SyntheticPiece::new("4-4-8 1sq", "ja448S.gif")
            .at(at(&s, "36", "E5"))
            .hip(),
        SyntheticPiece::new("Cave", "cave.gif")
            .at(at(&s, "36", "E5"))
            .rotated(6, 3),
        SyntheticPiece::new("7-6-8 1sq", "am768S.gif").at(at(&s, "36", "H5")),
        SyntheticPiece::new("DC", "DC.gif").at(at(&s, "36", "H5")),
        SyntheticPiece::new("2-2-8 crew", "am228C.gif").at(at(&s, "36", "H5")),
        SyntheticPiece::new("Pin", "Pin.gif").at(at(&s, "36", "H5")),
        SyntheticPiece::new("6-6-7 1sq", "am667S.gif")
            .at(at(&s, "r37", "C3"))
            .layer("Broken", false),
        SyntheticPiece::new("?", "ja?.gif").at(at(&s, "r37", "C3")),
        SyntheticPiece::new("Smoke", "smoke.gif").at(at(&s, "36", "J2")),
        SyntheticPiece::new("Blaze", "blaze.gif").at(at(&s, "36", "K6")),
        SyntheticPiece::new("Starshell", "ss.gif").at(at(&s, "36", "L7")),
        SyntheticPiece::new("IR", "ir.gif").at(at(&s, "r37", "M2")),
        SyntheticPiece::new("6-4-8 1sq", "br648S.gif").at(at(&s, "36", "P3")),
        SyntheticPiece::new("6-4-8 1sq", "br648S.gif").at(at(&s, "36", "P4")),
        SyntheticPiece::new("Sherman M4A1", "amM4A1.gif").at(at(&s, "36", "Q5")),
        SyntheticPiece::new("MMG", "amMMG.gif").at(at(&s, "36", "H5")),
        SyntheticPiece::new("4-6-7 1sq", "ge467S.gif").at(at(&s, "36", "R5")),
        SyntheticPiece::new("jaLDR", "jaL8-0.gif").on_map("Dead Pile"),
    ];
    for piece in p {
        s.piece(piece);
    }
    s
}

/// The same position, written by hand.
const BY_HAND: &str = r#"Scenario(
    title: "game.vsav (VASL saved game)",
    notes: Some("NARRATION"),
    map: (boards: [["36", "37 rotated"]], import: true),
    caves: [(id: "A", hex: "36E5", ca: "36E5-36E6")],
    units: [
        (id: "jp1", nationality: Japanese, counter: "4-4-7", at: "36C3"),
        (id: "jp2", nationality: Japanese, counter: "2-3-7", at: "36C3", broken: true, dm: true),
        (id: "jp3", nationality: Japanese, counter: "9-1", at: "36C4", concealed: true),
        (id: "jp4", nationality: Japanese, counter: "4-4-8", at: "36E5", hidden: true),
        (id: "us1", nationality: American, counter: "7-6-8", at: "36H5", dc: true, pinned: true),
        (id: "us2", nationality: American, counter: "2-2-8", at: "36H5", pinned: true),
        (id: "us3", nationality: American, counter: "6-6-7", at: "37C3", concealed: true),
    ],
    smoke: [(at: "36J2", kind: Smoke)],
    blazes: [(hex: "36K6", levels: 1)],
    starshells: ["36L7"],
    illuminating_rounds: ["37M2"],
    script: [(say: Some("NARRATION"))],
)
"#;

#[test]
fn issue_39_the_imported_position_is_the_position_written_by_hand() {
    let i = imported(&position());
    let s = i.scenario.as_ref().unwrap();
    let say = s.script[0].say.clone().unwrap();
    let text = scenario_text(s).unwrap();
    let from_vsav = Scenario::from_str(&text, "imported.ron").unwrap();
    let by_hand = Scenario::from_str(&BY_HAND.replace("NARRATION", &say), "by_hand.ron").unwrap();
    assert_eq!(from_vsav.initial_state(), by_hand.initial_state());
    assert_eq!(from_vsav.units, by_hand.units);
    assert_eq!(from_vsav.caves, by_hand.caves);
    assert_eq!(from_vsav.title, by_hand.title);
    // The narration says where it came from and what was left out, with counts.
    assert!(
        say.starts_with("Imported from the VASL saved game game.vsav: boards 36, 37 (reversed)"),
        "{say}"
    );
    for part in [
        "SSR Winter, NoGrain (not applied)",
        "2 x 6-4-8 1sq (British: a nationality the program does not play)",
        "1 x Sherman M4A1 (not a counter the program knows)",
        "1 x MMG (not a counter the program knows)",
        "1 x 4-6-7 1sq (German: a nationality the program does not play)",
        "1 x OVR o5 (an overlay: not laid on the boards)",
        "1 x jaLDR (on the map 'Dead Pile', not the Main Map)",
    ] {
        assert!(say.contains(part), "'{say}' should say '{part}'");
    }
}

#[test]
fn issue_39_every_piece_kind_is_placed_on_its_hex_with_its_state() {
    let i = imported(&position());
    assert_eq!(
        i.layout,
        vec![vec!["36".to_string(), "37 rotated".to_string()]]
    );
    assert_eq!(i.ssr, ["Winter", "NoGrain"]);
    assert_eq!(i.overlays, ["OVR o5 h4 g4"]);
    assert_eq!(unit(&i, "jp1").counter, "4-4-7");
    // Broken by its layer, DM by the counter over it; the squad beneath the HS gets DM only
    // if broken.
    assert!(unit(&i, "jp2").broken && unit(&i, "jp2").dm);
    assert!(!unit(&i, "jp1").dm);
    // The leader's rating from his image; concealed by his mask.
    assert_eq!(unit(&i, "jp3").counter, "9-1");
    assert!(unit(&i, "jp3").concealed);
    assert!(unit(&i, "jp4").hidden);
    // The DC goes to the unit beneath it, the Pin to every unit beneath it.
    assert!(unit(&i, "us1").dc && !unit(&i, "us2").dc);
    assert!(unit(&i, "us1").pinned && unit(&i, "us2").pinned);
    // A layer that is off is not broken; the "?" over it conceals it.
    assert!(!unit(&i, "us3").broken && unit(&i, "us3").concealed);
    assert_eq!(unit(&i, "us3").at, "37C3");
    assert_eq!(tally(&i, "4-4-7 1sq", true).count, 1);
    assert_eq!(tally(&i, "6-4-8 1sq", false).count, 2);
    assert_eq!(tally(&i, "DC", true).count, 1);
}

#[test]
fn issue_39_a_cave_counters_rotation_gives_its_ca_hexside() {
    let g = grid();
    let mut s = SyntheticSave::default();
    s.board("36", 0, 0);
    let hexes = ["E3", "G3", "I3", "K3", "M3", "O3"];
    for (k, h) in hexes.iter().enumerate() {
        let at = s.centre("36", h, &g);
        s.piece(
            SyntheticPiece::new("Cave", "cave.gif")
                .at(at)
                .rotated(6, k as u32),
        );
    }
    // A freely rotating counter (one angle): its state is the angle, 180 degrees: S.
    let at = s.centre("36", "Q3", &g);
    s.piece(
        SyntheticPiece::new("Cave", "cave.gif")
            .at(at)
            .rotated(1, 180),
    );
    // No rotate trait: the arrow points N.
    let at = s.centre("36", "S3", &g);
    s.piece(SyntheticPiece::new("Cave", "cave.gif").at(at));
    let i = imported(&s);
    let caves = &i.scenario.as_ref().unwrap().caves;
    // Each CA written out: index k of 6 turns the arrow k x 60 degrees clockwise from N (N,
    // NE, SE, S, SW, NW; an odd-lettered column's hexes lie half a hex below its neighbours').
    let expected = [
        "36E3-36E2",
        "36G3-36H2",
        "36I3-36J3",
        "36K3-36K4",
        "36M3-36L3",
        "36O3-36N2",
        "36Q3-36Q4",
        "36S3-36S2",
    ];
    let got: Vec<&str> = caves.iter().map(|c| c.ca.as_str()).collect();
    assert_eq!(got, expected);
    assert_eq!(caves[0].id, "A");
    assert_eq!(caves[7].id, "H");
}

#[test]
fn issue_39_reversed_board_places_the_squad_on_its_hex() {
    let g = grid();
    let mut s = SyntheticSave::default();
    s.board("r36", 0, 0);
    let at = s.centre("r36", "C3", &g);
    // Turned 180°: C3 lies near the lower right of the map.
    assert!(at.0 > 1600 && at.1 > 400, "{at:?}");
    s.piece(SyntheticPiece::new("4-4-7 1sq", "ja447S.gif").at(at));
    let at = s.centre("r36", "GG10", &g);
    s.piece(SyntheticPiece::new("7-6-8 1sq", "am768S.gif").at(at));
    let i = imported(&s);
    assert_eq!(i.layout, vec![vec!["36 rotated".to_string()]]);
    assert!(i.boards[0].reversed);
    assert_eq!(unit(&i, "jp1").at, "36C3");
    assert_eq!(unit(&i, "us1").at, "36GG10");
    // A cave's arrow is read on the map as it lies: N on the map is S on the reversed board.
    let mut s2 = s.clone();
    let at = s2.centre("r36", "E5", &g);
    s2.piece(SyntheticPiece::new("Cave", "cave.gif").at(at));
    let i = imported(&s2);
    assert_eq!(i.scenario.as_ref().unwrap().caves[0].ca, "36E5-36E6");
}

#[test]
fn issue_39_a_two_board_layout_places_pieces_on_both_boards() {
    let g = grid();
    // One above the other this time: 36 on top, 37 below it.
    let mut s = SyntheticSave::default();
    s.board("36", 0, 0).board("37", 0, 1);
    for (b, h, name, img) in [
        ("36", "C3", "4-4-7 1sq", "ja447S.gif"),
        ("37", "C3", "7-6-8 1sq", "am768S.gif"),
        ("37", "B0", "6-6-7 1sq", "am667S.gif"),
    ] {
        let at = s.centre(b, h, &g);
        s.piece(SyntheticPiece::new(name, img).at(at));
    }
    let i = imported(&s);
    assert_eq!(
        i.layout,
        vec![vec!["36".to_string()], vec!["37".to_string()]]
    );
    assert_eq!(unit(&i, "jp1").at, "36C3");
    assert_eq!(unit(&i, "us1").at, "37C3");
    // 37B0 is the seam hex 36B10: printed with the first board's name.
    assert_eq!(unit(&i, "us2").at, "36B10");
    // Off every board: left out.
    s.piece(SyntheticPiece::new("4-4-7 1sq", "ja447S.gif").at((5000, 5000)));
    let i = imported(&s);
    assert_eq!(
        tally(&i, "4-4-7 1sq", false).why.as_deref(),
        Some("off the boards")
    );
}

#[test]
fn issue_39_without_archives_the_layout_and_inventory_are_reported() {
    let game = read_save_bytes("game.vsav", &position().vsav()).unwrap();
    let i = import(&game, "game.vsav", None).unwrap();
    assert!(i.scenario.is_none());
    assert_eq!(i.boards.len(), 2);
    assert_eq!(
        i.layout,
        vec![vec!["36".to_string(), "37 rotated".to_string()]]
    );
    assert!(i.pieces.iter().all(|t| !t.placed));
    let t = tally(&i, "4-4-7 1sq", false);
    assert_eq!(t.count, 1);
    assert!(t.why.as_deref().unwrap().contains("no board archives"));
    assert!(
        tally(&i, "6-4-8 1sq", false)
            .why
            .as_deref()
            .unwrap()
            .contains("British")
    );
}

#[test]
fn issue_39_markers_with_nothing_beneath_them_are_left_out() {
    let g = grid();
    let mut s = SyntheticSave::default();
    s.board("36", 0, 0);
    let at = s.centre("36", "C3", &g);
    s.piece(SyntheticPiece::new("DC", "DC.gif").at(at));
    s.piece(SyntheticPiece::new("4-4-7 1sq", "ja447S.gif").at(at));
    s.piece(SyntheticPiece::new("DM", "DM.gif").at(at));
    s.piece(SyntheticPiece::new("jaLDR", "jaLDR.gif").at(at));
    let i = imported(&s);
    assert!(!unit(&i, "jp1").dc && !unit(&i, "jp1").dm);
    assert!(
        tally(&i, "DC", false)
            .why
            .as_deref()
            .unwrap()
            .contains("beneath")
    );
    assert!(
        tally(&i, "DM", false)
            .why
            .as_deref()
            .unwrap()
            .contains("broken")
    );
    assert!(
        tally(&i, "jaLDR", false)
            .why
            .as_deref()
            .unwrap()
            .contains("rating")
    );
}

/// The error of reading `bytes` as a saved game: one line, naming the file and saying `what`.
fn refused(bytes: &[u8], what: &str) {
    let e = read_save_bytes("bad.vsav", bytes).unwrap_err().to_string();
    assert!(e.starts_with("bad.vsav: "), "{e}");
    assert!(e.contains(what), "'{e}' should say '{what}'");
    assert_eq!(e.lines().count(), 1, "{e}");
}

pub(crate) fn with_saved_game(bytes: &[u8]) -> Vec<u8> {
    zip_entries(&[("savedGame", bytes), ("moduledata", b"<data/>")])
}

#[test]
fn issue_39_every_bad_input_is_one_clear_line() {
    let good = position();
    let vsav = good.vsav();
    refused(b"hello", "not a zip archive");
    refused(&vsav[..vsav.len() / 2], "truncated");
    refused(&zip_entries(&[("moduledata", b"x")]), "no savedGame entry");
    refused(&with_saved_game(b"!VCSKzz00"), "bad key");
    refused(&with_saved_game(b"PK\x03\x04"), "does not begin with !VCSK");
    let stream = good.saved_game();
    refused(&with_saved_game(&stream[..stream.len() - 1]), "odd number");
    // A zip bomb: a savedGame that inflates past 64 MiB.
    let bomb = vec![b'0'; 64 * 1024 * 1024 + 16];
    refused(&with_saved_game(&bomb), "zip bomb");
    // A huge record.
    let huge = format!(
        "begin_save\u{1b}chat {}\u{1b}end_save",
        "x".repeat(MAX_RECORD + 1)
    );
    refused(
        &with_saved_game(&obfuscate(huge.as_bytes(), 7)),
        "more than the 1 MiB",
    );
    // A bd record without a column.
    let bad_bd = "bd\t36\tleft\t0\t6.6";
    refused(
        &with_saved_game(&obfuscate(bad_bd.as_bytes(), 7)),
        "the column 'left'",
    );
}

#[test]
fn issue_39_a_layout_that_is_not_a_rectangle_or_has_no_board_is_a_note_or_refused() {
    // Without archives the inventory still comes, with a note; with them, refused.
    let (a36, a37, _) = archives();
    let both = [a36.clone(), a37.clone()];
    let mut s = SyntheticSave::default();
    s.board("36", 0, 0).board("37", 1, 1);
    s.piece(SyntheticPiece::new("4-4-7 1sq", "ja447S.gif"));
    let game = read_save_bytes("g.vsav", &s.vsav()).unwrap();
    let i = import(&game, "g.vsav", None).unwrap();
    assert!(i.notes[0].contains("fill a rectangle"), "{:?}", i.notes);
    assert_eq!(tally(&i, "4-4-7 1sq", false).count, 1);
    assert_eq!(i.boards.len(), 2);
    assert!(i.layout.is_empty() && i.scenario.is_none());
    let e = import(&game, "g.vsav", Some(&both))
        .unwrap_err()
        .to_string();
    assert!(e.contains("fill a rectangle"), "{e}");
    let mut s = SyntheticSave::default();
    s.board("36", 0, 0).board("r36", 1, 0);
    let game = read_save_bytes("g.vsav", &s.vsav()).unwrap();
    let i = import(&game, "g.vsav", None).unwrap();
    assert!(i.notes[0].contains("laid twice"), "{:?}", i.notes);
    let e = import(&game, "g.vsav", Some(&both))
        .unwrap_err()
        .to_string();
    assert!(e.contains("laid twice"), "{e}");
    let game = read_save_bytes("g.vsav", &SyntheticSave::default().vsav()).unwrap();
    let i = import(&game, "g.vsav", None).unwrap();
    assert!(i.notes[0].contains("no bd record"), "{:?}", i.notes);
    let e = import(&game, "g.vsav", Some(&[])).unwrap_err().to_string();
    assert!(e.contains("no bd record"), "{e}");
}

#[test]
fn issue_39_no_damaged_save_panics() {
    // Every byte of a good stream changed in turn (a stride keeps it quick), and every cut.
    let plain = position().commands();
    let bytes = plain.as_bytes();
    for i in (0..bytes.len()).step_by(7) {
        let mut b = bytes.to_vec();
        b[i] = [b'/', b'\t', b';', b'\\', 0x1b, b'x'][i % 6];
        if let Ok(game) = read_save_bytes("f.vsav", &with_saved_game(&obfuscate(&b, 3))) {
            let _ = import(&game, "f.vsav", None);
            let (a36, a37, _) = archives();
            let _ = import(&game, "f.vsav", Some(&[a36.clone(), a37.clone()]));
        }
    }
    for cut in (0..bytes.len()).step_by(13) {
        let b = &bytes[..cut];
        if let Ok(game) = read_save_bytes("f.vsav", &with_saved_game(&obfuscate(b, 3))) {
            let _ = import(&game, "f.vsav", None);
        }
    }
}

#[test]
fn issue_39_layer_traits_give_broken_dm_pinned_concealed_and_hip() {
    let g = grid();
    let mut s = SyntheticSave::default();
    s.board("36", 0, 0);
    let at = |s: &SyntheticSave, h: &str| s.centre("36", h, &g);
    let pieces = [
        // Broken and DM by its own layers (VASL's flipped side and a DM layer).
        SyntheticPiece::new("4-4-7 1sq", "ja447S.gif")
            .at(at(&s, "C3"))
            .layer("Flip", true)
            .layer("DM", true),
        // A DM layer on an unbroken unit gives no DM (A10.62: DM only on a broken unit).
        SyntheticPiece::new("4-4-7 1sq", "ja447S.gif")
            .at(at(&s, "D3"))
            .layer("DM", true),
        SyntheticPiece::new("7-6-8 1sq", "am768S.gif")
            .at(at(&s, "E3"))
            .layer("Pin", true),
        SyntheticPiece::new("7-6-8 1sq", "am768S.gif")
            .at(at(&s, "F3"))
            .layer("Concealed", true),
        SyntheticPiece::new("4-4-8 1sq", "ja448S.gif")
            .at(at(&s, "G3"))
            .layer("HIP", true),
        // Layers that are off, and a layer of another name.
        SyntheticPiece::new("4-4-8 1sq", "ja448S.gif")
            .at(at(&s, "H3"))
            .layer("Broken", false)
            .layer("HIP", false)
            .layer("Pin", false)
            .layer("CX", true),
    ];
    for p in pieces {
        s.piece(p);
    }
    for name in ["Smoke", "Smoke Grenade", "WP", "WP Grenade"] {
        let p = SyntheticPiece::new(name, "s.gif").at(at(&s, "K5"));
        s.piece(p);
    }
    let i = imported(&s);
    let u = |id: &str| unit(&i, id).clone();
    assert!(u("jp1").broken && u("jp1").dm);
    assert!(!u("jp2").broken && !u("jp2").dm);
    assert!(u("us1").pinned && !u("us1").broken);
    assert!(u("us2").concealed && !u("us2").hidden);
    assert!(u("jp3").hidden && !u("jp3").concealed);
    let j = u("jp4");
    assert!(!j.broken && !j.hidden && !j.pinned && !j.cx);
    let kinds: Vec<String> = i
        .scenario
        .as_ref()
        .unwrap()
        .smoke
        .iter()
        .map(|s| format!("{}:{:?}", s.at, s.kind))
        .collect();
    assert_eq!(
        kinds,
        [
            "36K5:Smoke",
            "36K5:Grenade",
            "36K5:WhitePhosphorus",
            "36K5:WpGrenade"
        ]
    );
}
