//! E1 night: Base NVR, Illuminated Zones, E1.941 shadows and G11.96 cave Illumination, and
//! the `light` command's JSON.

use asl_pto::los::LosEnv;
use asl_pto::rules::night::light::{Source, SourceKind, cave_lit, illuminate};
use asl_pto::scenario::Scenario;

use crate::common::fixture as scenario;

fn lit_count(s: &Scenario, kind: SourceKind, levels: u8) -> usize {
    let env = LosEnv::new(&s.map).obstacles_only();
    let hex = s.map.hex("K8").unwrap();
    let l = illuminate(&env, &[Source { kind, hex, levels }]);
    l.illuminated.iter().filter(|x| **x).count()
}

#[test]
fn e1_923_a_starshell_lights_37_hexes() {
    assert_eq!(
        lit_count(&scenario("night_open"), SourceKind::Starshell, 0),
        37
    );
}

#[test]
fn e1_933_an_illuminating_round_lights_127_hexes() {
    assert_eq!(lit_count(&scenario("night_open"), SourceKind::Ir, 0), 127);
}

#[test]
fn e1_94_a_two_level_blaze_lights_61_hexes() {
    assert_eq!(lit_count(&scenario("night_open"), SourceKind::Blaze, 2), 61);
}

#[test]
fn e1_942_a_flame_lights_only_its_own_location() {
    assert_eq!(lit_count(&scenario("night_open"), SourceKind::Flame, 0), 1);
}

#[test]
fn e1_94_ex_blaze_ranges_by_blazing_levels() {
    // Vehicle, brush, orchard, grain, woods and single-story building Blazes: 2 hexes; a
    // two-story house with both levels ablaze: 4; level-2 and level-3 buildings all ablaze
    // (3 and 4 Blazing levels): 6 and 8.
    let radius = |levels| {
        Source {
            kind: SourceKind::Blaze,
            hex: asl_pto::hex::Hex::new(0, 0),
            levels,
        }
        .radius()
    };
    assert_eq!(radius(1), 2);
    assert_eq!(radius(2), 4);
    assert_eq!(radius(3), 6);
    assert_eq!(radius(4), 8);
}

#[test]
fn e1_11_base_nvr_from_cloud_and_moon_when_no_ssr_gives_it() {
    // Scattered clouds and a Full Moon: 3 + 1.
    assert_eq!(scenario("night_open").nvr(), Some(4));
    assert_eq!(scenario("night_shadows").nvr(), Some(2));
}

fn lighting(s: &Scenario) -> (LosEnv<'_>, asl_pto::rules::night::light::Lighting) {
    let env = LosEnv::new(&s.map).obstacles_only();
    let l = illuminate(&env, &s.light_sources());
    (env, l)
}

#[test]
fn e1_941_a_jungle_hill_shadows_the_hexes_behind_it() {
    let s = scenario("night_shadows");
    let (env, l) = lighting(&s);
    let h = |x: &str| s.map.hex(x).unwrap();
    assert!(l.is_lit(&env, h("F5")));
    assert!(l.is_lit(&env, h("F4")), "the obstacle hex itself is lit");
    assert!(l.is_shadowed(&env, h("F3")));
    assert!(l.is_shadowed(&env, h("F2")));
}

#[test]
fn e1_941_a_building_shadows_the_hexes_behind_it() {
    let s = scenario("night_shadows");
    let (env, l) = lighting(&s);
    let h = |x: &str| s.map.hex(x).unwrap();
    assert!(l.is_lit(&env, h("F7")));
    assert!(l.is_lit(&env, h("F8")));
    assert!(l.is_shadowed(&env, h("F9")));
    assert!(l.is_shadowed(&env, h("F10")));
}

#[test]
fn e1_941_a_hill_shadows_the_hex_below_its_crest() {
    // The 2-level Blaze "sees" from Level 1: the Level 1 hill M4 hides M3 (a Blind Hex) but not
    // M2 beyond it.
    let s = scenario("night_shadows");
    let (env, l) = lighting(&s);
    let h = |x: &str| s.map.hex(x).unwrap();
    assert!(l.is_lit(&env, h("M4")));
    assert!(l.is_shadowed(&env, h("M3")));
    assert!(l.is_lit(&env, h("M2")));
}

#[test]
fn e1_94_the_blaze_hex_is_lit_and_nothing_outside_a_zone_is_shadowed() {
    let s = scenario("night_shadows");
    let (env, l) = lighting(&s);
    assert!(l.is_lit(&env, s.map.hex("F6").unwrap()));
    let far = s.map.hex("A10").unwrap();
    assert!(!l.is_lit(&env, far) && !l.is_shadowed(&env, far));
}

#[test]
fn g11_96_a_cave_is_lit_only_when_its_hex_and_entrance_hex_are() {
    let s = scenario("night_shadows");
    let (env, l) = lighting(&s);
    let (caves, problems) = s.cave_system();
    assert!(problems.is_empty(), "{problems:?}");
    // Cave A: D5 and its Entrance Hex E5 both lit.
    assert!(cave_lit(&env, &l, caves.cave("A").unwrap()));
    // Cave B: F4 lit but its Entrance Hex F3 in the jungle's shadow.
    assert!(l.is_lit(&env, s.map.hex("F4").unwrap()));
    assert!(!cave_lit(&env, &l, caves.cave("B").unwrap()));
}

#[test]
fn light_json_has_the_contract_fields() {
    let path = format!(
        "{}/tests/scenarios/night_shadows.ron",
        env!("CARGO_MANIFEST_DIR")
    );
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_asl-pto"))
        .args(["light", &path, "--json"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["night"], true);
    assert_eq!(v["nvr"], 2);
    assert_eq!(v["caves"]["A"], true);
    assert_eq!(v["caves"]["B"], false);
    assert!(v["shadowed"].as_array().unwrap().iter().any(|h| h == "F3"));
    assert_eq!(v["sources"][0]["kind"], "blaze");
    assert_eq!(v["sources"][0]["radius"], 4);
    // Sorted by column, then row.
    let lit: Vec<&str> = v["illuminated"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap())
        .collect();
    let first_f = lit.iter().position(|h| h.starts_with('F')).unwrap();
    assert!(lit[..first_f].iter().all(|h| h < &"F"));
}

fn los_json(args: &[&str]) -> serde_json::Value {
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_asl-pto"))
        .args(args)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0));
    serde_json::from_slice(&o.stdout).unwrap()
}

#[test]
fn e1_101_an_illuminated_target_is_seen_beyond_the_nvr_but_not_the_other_way() {
    let path = format!(
        "{}/tests/scenarios/night_shadows.ron",
        env!("CARGO_MANIFEST_DIR")
    );
    // M8 is in the M6 Blaze's light; P10 is dark, 4 hexes away with an NVR of 2.
    let v = los_json(&["los", &path, "P10", "M8", "--json"]);
    assert_eq!(v["clear"], true);
    assert_eq!(v["rule"], "E1.101");
    let back = los_json(&["los", &path, "M8", "P10", "--json"]);
    assert_eq!(back["clear"], false);
    assert_eq!(back["rule"], "E1.1");
}

#[test]
fn e1_92_a_hex_lit_by_a_starshell_and_a_blaze_is_lit_by_the_starshell_white_light() {
    let s = scenario("night_open");
    let env = LosEnv::new(&s.map).obstacles_only();
    let (a, b) = (s.map.hex("K5").unwrap(), s.map.hex("K7").unwrap());
    let blaze = Source {
        kind: SourceKind::Blaze,
        hex: a,
        levels: 1,
    };
    let star = Source {
        kind: SourceKind::Starshell,
        hex: b,
        levels: 0,
    };
    let l = illuminate(&env, &[blaze, star]);
    let by = |h| l.by[s.map.index(h).unwrap()];
    // K5 is the Blaze's own hex and within the Starshell's 3 hexes: the Starshell wins.
    assert_eq!(by(a), Some(SourceKind::Starshell));
    // K3 is lit by the Blaze alone (2 hexes from it, 4 from the Starshell).
    assert_eq!(by(s.map.hex("K3").unwrap()), Some(SourceKind::Blaze));
    // Unlit hexes have no source.
    assert_eq!(by(s.map.hex("A1").unwrap()), None);
}

/// The E1.7 EX on board 3 as far as its text fixes it: the Russian 5-2-7 in woods T7, a
/// grainfield between T9 and T7 (T8), and the 4-6-7 in the two-storey stone building R6, at night
/// (NVR 3, so that range 2 is within it); everything else Open Ground at Level 0.
const E1_7_BOARD_3: &str = r#"Scenario(
    title: "E1.7 EX, board 3",
    pto: false,
    night: Some((base_nvr: Some(3), cloud: Clear, moon: NoMoon)),
    map: (
        board: Some("3"),
        columns: 26,
        rows: 10,
        hexes: {
            "T7": (terrain: Woods),
            "T8": (terrain: Grain),
            "R6": (terrain: Building(Stone, 2)),
        },
    ),
)"#;

#[test]
fn e1_7_ex_from_t9_the_grainfield_adds_a_plus_one_los_hindrance_but_not_from_r6() {
    let s = crate::common::from_text(E1_7_BOARD_3);
    let env = s.los_env();
    let los = |a: &str, b: &str| {
        env.check(&s.location(a).unwrap(), &s.location(b).unwrap())
            .unwrap()
    };
    let t9 = los("T9", "T7");
    assert!(t9.clear(), "{}", t9.reason);
    assert_eq!(t9.sight.hindrance, 1, "{}", t9.reason);
    assert!(t9.reason.contains("Grain in T8"), "{}", t9.reason);
    // From R6 the attack's only DRM is the Woods TEM: no LOS Hindrance.
    let r6 = los("R6", "T7");
    assert!(r6.clear(), "{}", r6.reason);
    assert_eq!(r6.sight.hindrance, 0, "{}", r6.reason);
}

#[test]
fn e1_941_a_shadowed_hex_names_its_blaze_and_the_obstacle_that_hides_it() {
    use asl_pto::rules::night::light::light_marks;
    let s = crate::common::demo("night_ridge");
    let h = |id: &str| s.map.hex(id).unwrap();
    let marks = light_marks(&s.map, &s.light_sources(), true);
    for (hex, obstacle) in [("F7", "G6"), ("E7", "G6"), ("H1", "H2")] {
        let shadows = marks.shadows(h(hex));
        assert_eq!(shadows.len(), 1, "{hex}: {shadows:?}");
        assert_eq!(shadows[0].blaze, h("H5"), "{hex}");
        assert_eq!(shadows[0].obstacle, Some(h(obstacle)), "{hex}");
        assert!(
            shadows[0].rule.starts_with("A6"),
            "{hex}: {}",
            shadows[0].rule
        );
    }
    // A lit hex, and any hex by day, has no shadow to name.
    assert!(marks.shadows(h("H4")).is_empty());
    let day = light_marks(&s.map, &s.light_sources(), false);
    assert!(day.shadows(h("F7")).is_empty());
}

/// A night at NVR 0 (E1.13) with cave C dug into the Level 2 hill E4 at Level 1, facing E5
/// across a cliff, its only light `light` (e.g. `starshells: ["E6"]`).
fn lone_cave_at_night(light: &str) -> std::path::PathBuf {
    let text = format!(
        r#"Scenario(
    title: "A cave at night",
    night: (base_nvr: 0, cloud: Overcast, moon: NoMoon),
    map: (columns: 10, rows: 6, hexes: {{"E4": (level: 2)}}, cliffs: ["E4-E5"]),
    caves: [(id: "C", hex: "E4", ca: "E4-E5", level: Some(1))],
    {light}
    units: [(id: "jp", nationality: Japanese, counter: "4-4-7", at: "cave:C")],
)"#
    );
    let name = format!("lone_cave_{:x}.ron", text.len() * 31 + light.len());
    crate::common::temp_file(&name, &text)
}

#[test]
fn e1_923_e1_933_g11_96_a_starshell_or_ir_lights_the_hexes_of_a_cave_but_not_the_cave() {
    for (light, rule) in [
        (r#"starshells: ["E6"],"#, "E1.923"),
        (r#"illuminating_rounds: ["E6"],"#, "E1.933"),
    ] {
        let p = lone_cave_at_night(light);
        let p = p.to_str().unwrap();
        let v = crate::common::json(&crate::common::run(&["light", p, "--json"]));
        let lit = v["illuminated"].as_array().unwrap();
        // Both the cave's hex and its Entrance Hex are Illuminated above ground...
        assert!(
            lit.contains(&"E4".into()) && lit.contains(&"E5".into()),
            "{v}"
        );
        // ...but the cave, a subterranean Location, is not (E1.923/E1.933).
        assert_eq!(v["caves"], serde_json::json!({"C": false}), "{light}");
        let text = crate::common::stdout_ok(&crate::common::run(&["light", p]));
        assert!(text.contains(&format!("cave C: dark ({rule})")), "{text}");
        assert!(
            text.contains("only a Blaze lights a hex at all levels"),
            "{text}"
        );
        // So at NVR 0 it is not seen from E6, two hexes off (E1.13, E1.101).
        let los = crate::common::stdout_ok(&crate::common::run(&["los", p, "E6", "cave:C"]));
        assert!(los.contains("BLOCKED (E1.13)"), "{los}");
    }
}

#[test]
fn e1_94_g11_96_a_blaze_lights_a_cave_at_all_levels_when_its_entrance_hex_is_lit() {
    // A two-level Blaze in E6 lights E4 and E5 at all levels (E1.94): the cave is Illuminated
    // and seen beyond the NVR (E1.101).
    let p = lone_cave_at_night(r#"blazes: [(hex: "E6", levels: 2)],"#);
    let p = p.to_str().unwrap();
    let v = crate::common::json(&crate::common::run(&["light", p, "--json"]));
    assert_eq!(v["caves"], serde_json::json!({"C": true}), "{v}");
    let los = crate::common::stdout_ok(&crate::common::run(&["los", p, "E6", "cave:C"]));
    assert!(los.contains(": clear ("), "{los}");
    assert!(
        los.contains("cave:C is Illuminated, so it is seen beyond the NVR of 0 (E1.101)"),
        "{los}"
    );
}

/// A night on the G11.6 cliff, the Japanese moving: jp1 in cave A (Level 0, Entrance Hex S4)
/// and jp2 above ground in R3; `script` after the MPh begins.
fn cave_night(script: &str) -> asl_pto::scenario::Scenario {
    crate::common::from_text(&format!(
        r#"Scenario(
    title: "Straying from a cave",
    pto: true,
    night: Some((base_nvr: Some(2), cloud: Clear, moon: Full)),
    attacker: Japanese,
    map: (
        board: Some("36"),
        columns: 24,
        rows: 10,
        hexes: {{ "S5 S6 T6 R5 R6": (level: 3) }},
        cliffs: ["S4-S5", "S5-T4", "S5-T5"],
    ),
    caves: [(id: "A", hex: "S5", ca: "S5-S4", level: Some(0))],
    units: [
        (id: "jp1", nationality: Japanese, counter: "4-4-7", at: "cave:A"),
        (id: "jp2", nationality: Japanese, counter: "4-4-7", at: "R3"),
        (id: "us1", nationality: American, counter: "7-6-8", at: "X9"),
    ],
    script: [(phase: Movement), {script}],
)"#
    ))
}

#[test]
fn g11_96_a_unit_in_a_cave_makes_its_movement_dr_when_it_first_moves_above_ground() {
    // "A unit moving in a cave ... is not subject to Straying until it moves above-ground."
    let s = cave_night(
        r#"(act: Move("jp2", "R2")), (act: Move("jp1", "S4")), (act: Move("jp1", "S3"))"#,
    );
    let mut a = asl_pto::sim::headless(s, 3);
    asl_pto::sim::runner::run_all(&mut a);
    let log = &a.world().resource::<asl_pto::sim::WalkLog>().events;
    let strays: Vec<(String, usize, bool)> = log
        .iter()
        .filter(|e| e.event == "straying")
        .map(|e| (e.unit.clone().unwrap(), e.step, e.dice.is_some()))
        .collect();
    // Each unit rolls just before its first move (issue 27.1): jp2 before its move (step 2);
    // jp1, exempt while in its cave, rolls before it leaves the cave for S4 (step 3), and not
    // again for its next move (step 4).
    assert_eq!(
        strays,
        [("jp2".to_string(), 2, true), ("jp1".to_string(), 3, true)],
        "{log:#?}"
    );
    let left = log
        .iter()
        .position(|e| e.event == "move" && e.unit.as_deref() == Some("jp1"))
        .unwrap();
    let dr = log
        .iter()
        .position(|e| e.event == "straying" && e.step == 3)
        .unwrap();
    assert!(dr < left, "the DR comes before the move out of the cave");
}
