//! The night "?" check that traces no LOS it need not (E1.32 with E1.1/E1.101): the NVR range
//! cut keeps who gains concealment.

use super::temp_dir;
use crate::common::{run, stderr};

/// E1.32 with E1.1/E1.101: a Good Order unit in Jungle at night gains "?" when every enemy is
/// beyond the NVR and it is not Illuminated; one in an Illuminated hex is seen beyond the NVR
/// and does not. (The range cut must not change who is seen.)
#[test]
fn e1_32_night_concealment_with_the_nvr_cut_keeps_its_outcome() {
    let d = temp_dir("nvr");
    let p = d.join("n.ron");
    std::fs::write(
        &p,
        r#"Scenario(
    title: "nvr cut",
    night: Some((base_nvr: Some(1), cloud: Clear, moon: Full)),
    map: (columns: 12, rows: 6, terrain: Open, hexes: {"C3 J3 J5": (terrain: Jungle)}),
    blazes: [(hex: "J4", levels: 1)],
    units: [
        (id: "far", nationality: Japanese, counter: "4-4-7", at: "C3"),
        (id: "lit", nationality: Japanese, counter: "4-4-7", at: "J3"),
        (id: "us", nationality: American, counter: "7-6-8", at: "F5"),
    ],
    script: [(phase: CloseCombat), (phase: Rally)],
)"#,
    )
    .unwrap();
    let o = run(&["walk", p.to_str().unwrap(), "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = String::from_utf8(o.stdout).unwrap();
    let gained: Vec<String> = out
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter(|v| v["event"] == "concealment")
        .map(|v| v["unit"].as_str().unwrap().to_string())
        .collect();
    assert!(gained.contains(&"far".to_string()), "{out}");
    assert!(!gained.contains(&"lit".to_string()), "{out}");
}
