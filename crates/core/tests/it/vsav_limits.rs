//! Issue 39, after a review: a hostile VASL saved game (a record of a million traits, a trait of
//! many fields, too many pieces, boards, stack members) is refused quickly, in one line naming
//! the record and the limit, without allocating more than its own size; one piece that cannot
//! be read is tallied "unreadable" while the rest is imported; piece names are cut and the
//! narration lists a bounded number of them.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use asl_pto_core::vasl::save::decode::{parse_commands, read_save_bytes};
use asl_pto_core::vasl::save::encode::{SyntheticPiece, SyntheticSave, obfuscate};
use asl_pto_core::vasl::save::import::{MAX_LISTED, NAME_CHARS, import, scenario_text};
use asl_pto_core::vasl::save::records::{MAX_FIELDS, MAX_KEPT_TRAITS, MAX_PIECES, MAX_TRAITS};

use super::vsav::{grid, imported, tally, unit, with_saved_game};

/// The system allocator, counting the bytes each thread asks for (so that a test measures its
/// own allocations while others run).
struct Counting;

thread_local! {
    static ASKED: Cell<u64> = const { Cell::new(0) };
}

// SAFETY: every call is passed to the system allocator unchanged; the count is a thread-local
// Cell without a destructor, touched without allocating.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = ASKED.try_with(|a| a.set(a.get() + layout.size() as u64));
        // SAFETY: as the caller promises for `layout`.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `alloc` above with this `layout`.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let _ = ASKED.try_with(|a| a.set(a.get() + new_size as u64));
        // SAFETY: as the caller promises for `ptr`, `layout` and `new_size`.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;

/// The bytes this thread has asked for so far.
fn asked() -> u64 {
    ASKED.with(Cell::get)
}

/// `text` as the error of decoding it: one line saying every part of `what`.
fn refused(text: &str, what: &[&str]) {
    let e = parse_commands(text).unwrap_err();
    assert_eq!(e.lines().count(), 1, "{e}");
    for w in what {
        assert!(e.contains(w), "'{e}' should say '{w}'");
    }
}

#[test]
fn issue_39_a_save_of_a_million_traits_a_record_is_refused_quickly_and_small() {
    // 30 records of 500k TABs, a BasicPiece, 500k TABs, its state: each under the 1 MiB a
    // record may be, 30 MB in all, 60 MB of hex in savedGame (under its 64 MiB), 60 KB zipped.
    let tabs = "\t".repeat(500_000);
    let record = format!("+/1/{tabs}piece;;;a.gif;x/{tabs}Main Map;0;0");
    let plain = vec![record; 30].join("\u{1b}");
    let vsav = with_saved_game(&obfuscate(plain.as_bytes(), 0x21));
    assert!(vsav.len() < 1024 * 1024, "{} bytes", vsav.len());
    let (before, start) = (asked(), std::time::Instant::now());
    let e = read_save_bytes("hostile.vsav", &vsav)
        .unwrap_err()
        .to_string();
    let (bytes, took) = (asked() - before, start.elapsed());
    assert_eq!(e.lines().count(), 1, "{e}");
    for w in [
        "hostile.vsav",
        "record 1",
        "500000 traits",
        &MAX_TRAITS.to_string(),
    ] {
        assert!(e.contains(w), "'{e}' should say '{w}'");
    }
    // The entry (60 MB) and its decoding (30 MB) are read once; nothing a trait.
    assert!(bytes < 400_000_000, "{bytes} bytes asked for");
    assert!(took.as_secs() < 20, "{took:?}");
    // Semicolons in a trait: past the fields a trait may have, refused too (in a trait read).
    let semis = ";".repeat(MAX_FIELDS + 1);
    refused(
        &format!("+/7/emb2{semis}\tpiece;;;a.gif;x/1\tMain Map;0;0"),
        &["record 1", "emb2", &MAX_FIELDS.to_string()],
    );
    // ...while a trait not read is passed over, however long.
    let g = parse_commands(&format!(
        "+/7/mark{semis}\tpiece;;;a.gif;x/1{semis}\tMain Map;0;0"
    ))
    .unwrap();
    assert!(g.pieces[0].traits.is_empty());
}

#[test]
fn issue_39_too_many_pieces_boards_traits_or_stack_members_are_refused() {
    let piece = "+/1/piece;;;a.gif;x/Main Map;0;0";
    let many = vec![piece; MAX_PIECES + 1].join("\u{1b}");
    refused(
        &many,
        &[
            &format!("record {}", MAX_PIECES + 1),
            &MAX_PIECES.to_string(),
        ],
    );
    let boards: Vec<String> = (0..65).map(|c| format!("bd\t{c}\t{c}\t0\t6")).collect();
    refused(&boards.join("\u{1b}"), &["record 65", "64 boards"]);
    let obs = vec!["obs;;;?;;"; MAX_KEPT_TRAITS + 1].join("\t");
    let states = vec!["x"; MAX_KEPT_TRAITS + 1].join("\t");
    refused(
        &format!("+/2/{obs}\tpiece;;;a.gif;x/{states}\tMain Map;0;0"),
        &["record 1", &MAX_KEPT_TRAITS.to_string()],
    );
    let ids: Vec<String> = (0..=MAX_PIECES).map(|i| i.to_string()).collect();
    refused(
        &format!("x\u{1b}+/9/stack/Main Map;0;0;{}", ids.join(";")),
        &["record 2", "stack 9", &MAX_PIECES.to_string()],
    );
    let wide = "\t".repeat(300);
    refused(
        &format!("bd\t36\t0\t0\t6{wide}"),
        &["record 1", "256 fields"],
    );
}

#[test]
fn issue_39_a_piece_that_cannot_be_read_is_tallied_and_the_rest_imported() {
    let g = grid();
    let mut s = SyntheticSave::default();
    s.board("36", 0, 0);
    let at = s.centre("36", "C3", &g);
    s.piece(SyntheticPiece::new("4-4-7 1sq", "ja447S.gif").at(at));
    s.raw
        .push("+/1/piece;;;a.gif;4-4-7 bad x/Main Map;x12;30;1".into());
    s.raw
        .push("+/2/rotate;6\tpiece;;;a.gif;4-4-7 odd/Main Map;12;30;1".into());
    let i = imported(&s);
    assert_eq!(unit(&i, "jp1").at, "36C3");
    assert_eq!(
        tally(&i, "4-4-7 bad x", false).why.as_deref(),
        Some("unreadable: its x 'x12' is not a position in pixels")
    );
    assert_eq!(
        tally(&i, "4-4-7 odd", false).why.as_deref(),
        Some("unreadable: 1 states for its 2 traits")
    );
    // Without the archives too.
    let game = read_save_bytes("g.vsav", &s.vsav()).unwrap();
    let i = import(&game, "g.vsav", None).unwrap();
    assert!(
        tally(&i, "4-4-7 odd", false)
            .why
            .as_deref()
            .unwrap()
            .starts_with("unreadable")
    );
}

#[test]
fn issue_39_long_names_are_cut_and_the_narration_lists_a_bounded_number() {
    let g = grid();
    let mut s = SyntheticSave::default();
    s.board("36", 0, 0);
    let at = s.centre("36", "C3", &g);
    s.piece(SyntheticPiece::new("4-4-7 1sq", "ja447S.gif").at(at));
    for k in 0..MAX_LISTED + 10 {
        let name = format!("Tank{k:03} {}", "x".repeat(10_000));
        s.piece(SyntheticPiece::new(&name, "t.gif").at(at));
    }
    let i = imported(&s);
    assert!(
        i.pieces
            .iter()
            .all(|t| t.name.chars().count() <= NAME_CHARS + 1)
    );
    let text = scenario_text(i.scenario.as_ref().unwrap()).unwrap();
    let say = i.scenario.as_ref().unwrap().notes.clone().unwrap();
    assert!(say.ends_with(", and 10 more"), "{}", &say[say.len() - 80..]);
    assert_eq!(say.matches("Tank").count(), MAX_LISTED);
    // The notes and the say step: a few hundred characters a name at most.
    assert!(text.len() < 2 * MAX_LISTED * 200, "{} bytes", text.len());
}
