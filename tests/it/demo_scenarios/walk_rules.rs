//! The rules the demo walks needed: an eliminated cave can be neither entered nor attacked
//! (G11.88, on the cliff scenario with its script cut and extended), and, on the complex
//! scenario, hidden Infantry leaving a cave placed concealed unless seen (G11.75) and a save
//! keeping the revealed tunnel opening (G11.851).

use asl_pto::los::{Location, LosEnv};
use bevy::prelude::*;
use serde_json::Value;

use super::{one, ruled, stdout, text, walk};
use crate::common::{demo as scenario, demo_path as path, run};

// ---- the rules the demo walks needed --------------------------------------------------------

/// The cliff scenario with its script cut after step `keep` and `more` steps appended.
fn cliff_variant(keep: usize, more: &str) -> std::path::PathBuf {
    let text = std::fs::read_to_string(path("cliff_caves")).unwrap();
    let start = text.find("script: [").unwrap() + "script: [\n".len();
    // Each step starts on a line of its own, eight spaces in: keep the first `keep`.
    let mut lines: Vec<&str> = Vec::new();
    let mut steps = 0;
    for line in text[start..].lines() {
        if line.starts_with("        (") {
            steps += 1;
        }
        if steps > keep || line.starts_with("    ]") {
            break;
        }
        lines.push(line);
    }
    let body = format!(
        "{}{}\n{more}\n    ],\n)\n",
        &text[..start],
        lines.join("\n")
    );
    let dir = std::env::temp_dir().join(format!("asl-pto-demo-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(format!("cliff_{keep}.ron"));
    std::fs::write(&p, body).unwrap();
    p
}

#[test]
fn g11_88_an_eliminated_cave_can_be_neither_entered_nor_attacked() {
    // Seed 7: us4's Thrown DC destroys cave L at step 6 (its Original IFT DR is a KIA).
    let events = walk("cliff_caves");
    assert!(
        ruled(&events, 6)
            .iter()
            .any(|e| e["event"] == "cave_eliminated" && text(e).contains("cave L")),
        "cave L is eliminated at seed 7"
    );
    let p = cliff_variant(
        6,
        r#"        (act: NextPlayerTurn),
        (phase: Movement, act: EnterCave("jp2", "L")),
        (act: PlaceSmoke("jp3", "cave:A")),"#,
    );
    let out = stdout(&run(&[
        "walk",
        p.to_str().unwrap(),
        "--seed",
        "7",
        "--json",
    ]));
    let events: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let r = one(&events, 8, "refused");
    assert_eq!(r["rule"], "G11.88", "{r}");
    // The rest of the walk goes on.
    assert_eq!(one(&events, 9, "smoke")["rule"], "G11.85");
}

#[test]
fn g11_75_ex_hidden_infantry_leaving_a_cave_are_placed_concealed_unless_seen() {
    use asl_pto::rules::caves::hidden::{Watcher, emerges_concealed};
    let s = scenario("cave_complex");
    let env = LosEnv::new(&s.map);
    let t6 = s.map.hex("T6").unwrap();
    let at = |h: &str| Watcher {
        at: Location::parse(h, &s.map).unwrap(),
        good_order: true,
    };
    assert!(emerges_concealed(&env, t6, &[]).allowed);
    let seen = emerges_concealed(&env, t6, &[at("U7")]);
    assert!(!seen.allowed && seen.rule == "G11.75", "{seen:?}");
    // A broken watcher sees nothing that counts.
    let broken = Watcher {
        good_order: false,
        ..at("U7")
    };
    assert!(emerges_concealed(&env, t6, &[broken]).allowed);
}

#[test]
fn g11_851_a_save_keeps_the_revealed_tunnel_opening() {
    let whole = run(&["walk", &path("cave_complex"), "--seed", "7", "--json"]);
    let save = std::env::temp_dir().join(format!("asl-pto-demo-{}.ron", std::process::id()));
    let s = save.to_str().unwrap();
    let head = run(&[
        "walk",
        &path("cave_complex"),
        "--seed",
        "7",
        "--json",
        "--steps",
        "14",
        "--save",
        s,
    ]);
    let text = std::fs::read_to_string(&save).unwrap();
    assert!(
        text.contains("revealed_tunnels: [\n            \"X6\",\n        ]"),
        "{text}"
    );
    let tail = run(&["walk", &path("cave_complex"), "--json", "--load", s]);
    assert_eq!(
        [stdout(&head), stdout(&tail)].concat(),
        stdout(&whole),
        "a saved walk continues as if never saved"
    );
}
