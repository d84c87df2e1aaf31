//! Issue 39, after a review: what a VASL saved game says, read as it says it. Stack records
//! order a hex's counters (not the order of the piece records); a layer of several levels is
//! only the level its state makes active; leaders by `ldr` in any case or by their image;
//! `bd` records in any order, a reversed board below another; a board archive that is not a
//! geomorphic 33 x 10 board is refused, not placed on wrong hexes.

use asl_pto_core::vasl::encode::{SyntheticBoard, terrain_names};
use asl_pto_core::vasl::read_archive_bytes;
use asl_pto_core::vasl::save::decode::read_save_bytes;
use asl_pto_core::vasl::save::encode::{SyntheticPiece, SyntheticSave};
use asl_pto_core::vasl::save::import::import;

use super::vsav::{archives, grid, imported, tally, unit};

#[test]
fn issue_39_stack_records_order_a_hexs_counters_whatever_the_order_of_the_pieces() {
    let g = grid();
    let mut s = SyntheticSave::default();
    s.board("36", 0, 0);
    let at = s.centre("36", "H5", &g);
    // The piece records: DC, 7-6-8, ?, 2-2-8; the stack, bottom to top: 2-2-8, 7-6-8, DC, ?.
    for (name, image) in [
        ("DC", "DC.gif"),
        ("7-6-8 1sq", "am768S.gif"),
        ("?", "am?.gif"),
        ("2-2-8 crew", "am228C.gif"),
    ] {
        s.piece(SyntheticPiece::new(name, image).at(at));
    }
    s.stack(&[3, 1, 0, 2]);
    let i = imported(&s);
    // By the records the DC would lie at the bottom (nothing beneath it) and the "?" under the
    // crew; by the stack the DC is the squad's and the "?" over both.
    assert!(unit(&i, "us1").dc && !unit(&i, "us2").dc);
    assert!(unit(&i, "us1").concealed && unit(&i, "us2").concealed);
    assert_eq!(tally(&i, "DC", true).count, 1);
    // Without the stack record, the order of the records: the DC has nothing beneath it.
    s.stacks.clear();
    let i = imported(&s);
    assert!(!unit(&i, "us1").dc && !unit(&i, "us2").concealed);
    assert!(
        tally(&i, "DC", false)
            .why
            .as_deref()
            .unwrap()
            .contains("beneath")
    );
}

#[test]
fn issue_39_a_layer_of_several_levels_is_only_its_active_level() {
    let g = grid();
    let mut s = SyntheticSave::default();
    s.board("36", 0, 0);
    let at = |s: &SyntheticSave, h: &str| s.centre("36", h, &g);
    for (hex, names, active) in [
        ("C3", ["Broken", "DM"], 1),
        ("D3", ["Broken", "Pin"], 2),
        ("E3", ["Broken", "Pin"], -2),
        ("F3", ["Concealed", "HIP"], 2),
    ] {
        let p = SyntheticPiece::new("4-4-7 1sq", "ja447S.gif")
            .at(at(&s, hex))
            .levels(&names, active);
        s.piece(p);
    }
    let i = imported(&s);
    let u = |id: &str| unit(&i, id).clone();
    assert!(u("jp1").broken && !u("jp1").dm && !u("jp1").pinned);
    assert!(u("jp2").pinned && !u("jp2").broken);
    assert!(!u("jp3").pinned && !u("jp3").broken);
    assert!(u("jp4").hidden && !u("jp4").concealed);
}

#[test]
fn issue_39_leaders_are_read_by_ldr_in_any_case_or_by_their_image() {
    let g = grid();
    let mut s = SyntheticSave::default();
    s.board("36", 0, 0);
    let at = s.centre("36", "C3", &g);
    for (name, image) in [
        ("jaLdr", "jaL9-1.gif"),
        ("Lt. Sato", "jaL10-1.gif"),
        ("Sgt. Kelly", "amL8-1.gif"),
        ("amLMG", "amLMG.gif"),
    ] {
        s.piece(SyntheticPiece::new(name, image).at(at));
    }
    let i = imported(&s);
    assert_eq!(unit(&i, "jp1").counter, "9-1");
    assert_eq!(unit(&i, "jp2").counter, "10-1");
    assert_eq!(unit(&i, "us1").counter, "8-1");
    assert_eq!(i.scenario.as_ref().unwrap().units.len(), 3);
    assert!(
        tally(&i, "amLMG", false)
            .why
            .as_deref()
            .unwrap()
            .contains("not a counter")
    );
}

#[test]
fn issue_39_bd_records_in_any_order_lay_the_same_layout() {
    let g = grid();
    let mut s = SyntheticSave::default();
    // Column 1 written before column 0.
    s.board("r37", 1, 0).board("36", 0, 0);
    let a = s.centre("36", "C3", &g);
    let b = s.centre("r37", "M2", &g);
    assert!(b.0 > 1800 && a.0 < 1800, "{a:?} {b:?}");
    s.piece(SyntheticPiece::new("4-4-7 1sq", "ja447S.gif").at(a));
    s.piece(SyntheticPiece::new("7-6-8 1sq", "am768S.gif").at(b));
    let i = imported(&s);
    assert_eq!(
        i.layout,
        vec![vec!["36".to_string(), "37 rotated".to_string()]]
    );
    assert_eq!(
        (i.boards[0].name.as_str(), i.boards[1].name.as_str()),
        ("36", "37")
    );
    assert_eq!(unit(&i, "jp1").at, "36C3");
    assert_eq!(unit(&i, "us1").at, "37M2");
}

#[test]
fn issue_39_a_reversed_board_below_another_places_its_pieces() {
    let g = grid();
    let mut s = SyntheticSave::default();
    s.board("36", 0, 0).board("r37", 0, 1);
    let c3 = s.centre("r37", "C3", &g);
    // Board 37 lies below 36, turned: its C3 near the lower right of the map.
    assert!(c3.1 > 645 + 400 && c3.0 > 1600, "{c3:?}");
    s.piece(SyntheticPiece::new("4-4-7 1sq", "ja447S.gif").at(c3));
    let x7 = s.centre("r37", "X7", &g);
    s.piece(SyntheticPiece::new("7-6-8 1sq", "am768S.gif").at(x7));
    let top = s.centre("36", "X7", &g);
    s.piece(SyntheticPiece::new("6-6-7 1sq", "am667S.gif").at(top));
    let e5 = s.centre("r37", "E5", &g);
    s.piece(SyntheticPiece::new("Cave", "cave.gif").at(e5));
    let i = imported(&s);
    assert_eq!(
        i.layout,
        vec![vec!["36".to_string()], vec!["37 rotated".to_string()]]
    );
    assert_eq!(unit(&i, "jp1").at, "37C3");
    assert_eq!(unit(&i, "us1").at, "37X7");
    assert_eq!(unit(&i, "us2").at, "36X7");
    // The arrow points N on the map: S on the turned board.
    assert_eq!(i.scenario.as_ref().unwrap().caves[0].ca, "37E5-37E6");
}

#[test]
fn issue_39_a_board_archive_that_is_not_geomorphic_is_refused() {
    let names = terrain_names();
    let odd = SyntheticBoard::new("36", 20, 10).archive(&names).unwrap();
    let odd = read_archive_bytes("bd36", &odd, &names).unwrap();
    let mut s = SyntheticSave::default();
    s.board("36", 0, 0);
    s.piece(SyntheticPiece::new("4-4-7 1sq", "ja447S.gif").at((100, 100)));
    let game = read_save_bytes("g.vsav", &s.vsav()).unwrap();
    let e = import(&game, "g.vsav", Some(&[odd]))
        .unwrap_err()
        .to_string();
    assert!(e.contains("20 x 10 hexes") && e.contains("33 x 10"), "{e}");
    let (a36, _, _) = archives();
    assert!(import(&game, "g.vsav", Some(std::slice::from_ref(a36))).is_ok());
}
