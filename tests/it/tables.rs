//! The tables our sources do not print (A7 IFT, B11.41 Falling DR, A17.11 Wound Severity) live
//! in `assets/tables.ron`, which a player corrects without rebuilding (issue 14): the program
//! reads the file named by ASL_PTO_TABLES (or `assets/tables.ron` in the current folder).

use crate::common::{bin, demo_path, stderr, temp_file};

const TABLES: &str = include_str!("../../assets/tables.ron");

fn walk_with_tables(tables: &str, name: &str) -> std::process::Output {
    let path = temp_file(name, tables);
    bin()
        .args(["walk", &demo_path("cliff_caves"), "--seed", "7", "--json"])
        .env("ASL_PTO_TABLES", &path)
        .output()
        .expect("the program runs")
}

fn climb_event(o: &std::process::Output) -> serde_json::Value {
    let text = String::from_utf8_lossy(&o.stdout);
    text.lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .find(|e| e["unit"] == "us1" && (e["event"] == "climb" || e["event"] == "fall"))
        .expect("us1 climbs in the cliff caves walk")
}

#[test]
fn b11_41_a_corrected_falling_dr_row_changes_the_walk_without_a_rebuild() {
    let as_shipped = walk_with_tables(TABLES, "tables_same.ron");
    assert_eq!(as_shipped.status.code(), Some(0), "{}", stderr(&as_shipped));
    assert_eq!(climb_event(&as_shipped)["event"], "climb");
    // A player's table where every Falling DR falls.
    let every_fall = TABLES.replace("falling_dr_falls_at: 12", "falling_dr_falls_at: 2");
    let o = walk_with_tables(&every_fall, "tables_fall.ron");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let e = climb_event(&o);
    assert_eq!(e["event"], "fall", "{e}");
    assert!(e["text"].as_str().unwrap().contains(">= 2 falls"), "{e}");
}

#[test]
fn a_bad_table_file_is_exit_2_with_its_line_and_column() {
    let o = walk_with_tables(
        "Tables(ift: [(fp: 30, results: [Kia(5), Oops])])",
        "bad_tables.ron",
    );
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert_eq!(e.lines().count(), 1, "{e}");
    assert!(
        e.starts_with("error: ") && e.contains("bad_tables.ron:1:"),
        "{e}"
    );
}

/// Issue 36: a tables file with a UTF-8 byte-order mark is read (as a scenario or a save is).
#[test]
fn a_tables_file_with_a_byte_order_mark_is_read() {
    let o = walk_with_tables(&format!("\u{feff}{TABLES}"), "tables_bom.ron");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

/// Issue 36: `ASL_PTO_TABLES=` (empty) names no file: refused in one line; a folder or a FIFO
/// at `./assets/tables.ron` is refused as it is through the variable, not passed over.
#[test]
fn an_empty_tables_variable_and_a_folder_in_place_of_the_tables_file_are_refused() {
    let o = bin()
        .args(["walk", &demo_path("cliff_caves")])
        .env("ASL_PTO_TABLES", "")
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert_eq!(e.lines().count(), 1, "{e}");
    assert!(e.contains("ASL_PTO_TABLES is set but empty"), "{e}");
    let dir = std::env::temp_dir().join(format!("asl-pto-tables-dir-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("assets/tables.ron")).unwrap();
    let o = bin()
        .args(["walk", &demo_path("cliff_caves")])
        .env_remove("ASL_PTO_TABLES")
        .current_dir(&dir)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let e = stderr(&o);
    assert!(
        e.contains("assets/tables.ron") && e.contains("folder"),
        "{e}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
