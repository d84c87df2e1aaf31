//! `sees` (issue 17): every Location of the map as one Location sees it (A6, G11.5, E1.1,
//! E1.101) — the rule function agrees with the `los` ruling for every pair on the demo
//! scenarios, by day and at night; the E1.101 classes on the night ridge; the command's text,
//! JSON and input errors.

use std::collections::BTreeMap;

use asl_pto::los::Location;
use asl_pto::rules::sight::{Class, Seen, field_locations};
use asl_pto::scenario::Scenario;

use crate::common::{demo, demo_path, json, run, stderr, stdout_ok};

const DEMOS: [&str; 3] = ["cliff_caves", "cave_complex", "night_ridge"];

/// The demo by day and at night (its own night, or a clear Full-Moon one).
fn skies(name: &str) -> [(String, Scenario); 2] {
    let s = demo(name);
    [
        (format!("{name} by day"), s.clone().by_day()),
        (format!("{name} at night"), s.at_night()),
    ]
}

/// The field from `from`, by the Location's text.
fn field(s: &Scenario, from: &str) -> BTreeMap<String, Seen> {
    let at = s.location(from).unwrap();
    s.sees(&at)
        .unwrap()
        .seen
        .into_iter()
        .map(|x| (x.at.display(&s.map).to_string(), x))
        .collect()
}

fn class_of(s: &Scenario, from: &str, to: &str) -> Class {
    field(s, from)[to].class
}

/// The agreement of one field with the `los` ruling of each of its pairs.
fn agree(label: &str, s: &Scenario, from: &Location) {
    let ctx = s.los_context();
    let f = ctx.sees(from).unwrap();
    let name = |l: &Location| l.display(&s.map).to_string();
    for x in &f.seen {
        let r = ctx.los(from, &x.at, &name(&x.at)).unwrap();
        // Where there is no LOS the field says hindrance 0 (it stops at the block; `los`
        // totals the whole thread's).
        let want = (
            Class::of(&r.sight, r.lit_beyond_nvr),
            r.sight.range,
            if r.clear() { r.sight.hindrance } else { 0 },
            r.rule,
            r.sight.block.and_then(|b| b.hex()),
        );
        let got = (x.class, x.range, x.hindrance, x.rule, x.blocked_at);
        assert_eq!(
            got,
            want,
            "{label}: {} -> {}: sees {got:?}, los {want:?} ({})",
            name(from),
            name(&x.at),
            r.reason
        );
    }
}

#[test]
fn a6_e1_101_sees_agrees_with_los_for_every_pair_on_the_demos_by_day_and_night() {
    for name in DEMOS {
        for (label, s) in skies(name) {
            let (caves, _) = s.cave_system();
            for from in &field_locations(&s.map, &caves) {
                agree(&label, &s, from);
            }
        }
    }
}

#[test]
fn g11_field_lists_every_location_of_the_map_once() {
    for name in DEMOS {
        let s = demo(name);
        let (caves, _) = s.cave_system();
        let all = field_locations(&s.map, &caves);
        let hexes = s.map.hexes().count();
        let grounds = all
            .iter()
            .filter(|l| matches!(l, Location::Ground(_)))
            .count();
        assert_eq!(grounds, hexes, "{name}");
        for c in &caves.caves {
            assert!(
                all.contains(&Location::Cave(c.id.clone())),
                "{name}: {}",
                c.id
            );
        }
        for x in &caves.complexes {
            assert!(all.contains(&Location::Complex(x.primary.clone())));
        }
        let mut seen = std::collections::HashSet::new();
        assert!(all.iter().all(|l| seen.insert(l.clone())), "{name}: twice");
    }
    // The upper level of the burning house (Building, 2 floors), the Climb counters below the
    // Level 3 cliff hex S5 (Levels 1 and 2), and Crest status in the gully.
    let s = demo("night_ridge");
    let f = field(&s, "J9");
    assert!(f.contains_key("H5@1"));
    let s = demo("cliff_caves");
    let f = field(&s, "T4");
    for l in [
        "T4@1/S4-S5-T4",
        "T4@2/S5-T4-T5",
        "S4@2/R4-S4-S5",
        "G4/G3-G4",
    ] {
        assert!(f.contains_key(l), "{l}");
    }
}

#[test]
fn e1_101_from_j9_at_night_illuminated_cave_y_is_lit_and_dark_hexes_beyond_nvr_2_are_not_seen() {
    let s = demo("night_ridge");
    let f = field(&s, "J9");
    // README: `los J9 cave:Y` is clear by E1.101, at range 7.
    let y = &f["cave:Y"];
    assert_eq!((y.class, y.range, y.rule), (Class::Lit, 7, Some("E1.101")));
    for (at, x) in &f {
        let l = s.location(at).unwrap();
        let lit = s.illuminated(&l);
        match x.class {
            Class::Seen | Class::Hindered => assert!(x.range <= 2, "{at}"),
            Class::Lit => assert!(x.range > 2 && lit, "{at}"),
            Class::BeyondNvr => {
                assert!(x.range > 2 && !lit, "{at}");
                assert_eq!(x.rule, Some("E1.1"), "{at}");
            }
            Class::Blocked => {}
        }
    }
    // E1.941: F7 lies in the Blaze's zone but in the shadow of the jungle in G6: dark, so
    // beyond the NVR from J9 (range 5), not lit.
    assert!(!s.illuminated(&s.location("F7").unwrap()));
    assert_eq!(f["F7"].class, Class::BeyondNvr);
    // An Illuminated hex beyond the NVR whose LOS terrain blocks stays blocked: D3 is lit, but
    // the jungle in G6 stands between (A6.2).
    assert!(s.illuminated(&s.location("D3").unwrap()));
    let d3 = &f["D3"];
    assert_eq!((d3.class, d3.rule), (Class::Blocked, Some("A6.2")));
    assert_eq!(d3.blocked_at.map(|h| s.map.name(h)).as_deref(), Some("G6"));
    // Lit and hindered: the kunai in K7 hinders the LOS to K5 (+2 with K6's), still lit.
    let k5 = &f["K5"];
    assert_eq!((k5.class, k5.hindrance), (Class::Lit, 2));
}

#[test]
fn e1_1_by_day_nothing_is_lit_or_beyond_the_nvr() {
    for name in DEMOS {
        let s = demo(name).by_day();
        let (caves, _) = s.cave_system();
        for from in field_locations(&s.map, &caves).iter().step_by(7) {
            let f = s.sees(from).unwrap();
            assert_eq!(f.nvr, None);
            assert!(
                f.seen
                    .iter()
                    .all(|x| !matches!(x.class, Class::Lit | Class::BeyondNvr)),
                "{name}"
            );
        }
    }
    // The night ridge by day: cave Y is in plain sight from J9 (G11.12: J9 is in its CA).
    assert_eq!(
        class_of(&demo("night_ridge").by_day(), "J9", "cave:Y"),
        Class::Seen
    );
}

#[test]
fn e1_11_sees_night_on_a_daylight_scenario_assumes_a_clear_full_moon_night_nvr_5() {
    let o = run(&["sees", &demo_path("cliff_caves"), "T4", "--night", "--json"]);
    let v = json(&o);
    assert_eq!(v["night"], true);
    assert_eq!(v["nvr"], 5);
    let text = stdout_ok(&run(&["sees", &demo_path("cliff_caves"), "T4", "--night"]));
    assert!(text.contains("at night, NVR 5"), "{text}");
    assert!(text.contains("Full Moon assumed"), "{text}");
    let v = json(&run(&[
        "sees",
        &demo_path("night_ridge"),
        "J9",
        "--day",
        "--json",
    ]));
    assert_eq!(v["night"], false);
    assert_eq!(v["nvr"], serde_json::Value::Null);
    assert_eq!(v["counts"]["lit"], 0);
    assert_eq!(v["counts"]["beyond_nvr"], 0);
}

#[test]
fn e1_101_sees_json_agrees_with_los_json() {
    let file = demo_path("night_ridge");
    let v = json(&run(&["sees", &file, "J9", "--json"]));
    assert_eq!(v["from"], "J9");
    assert_eq!(v["night"], true);
    let locations = v["locations"].as_array().unwrap();
    let by_at = |at: &str| {
        locations
            .iter()
            .find(|x| x["at"] == at)
            .unwrap_or_else(|| panic!("{at} missing"))
            .clone()
    };
    for (to, class) in [
        ("cave:Y", "lit"),
        ("F7", "beyond_nvr"),
        ("D3", "blocked"),
        ("K5", "lit"),
        ("J8", "seen"),
        ("cave:X", "blocked"),
    ] {
        let x = by_at(to);
        let l = json(&run(&["los", &file, "J9", to, "--json"]));
        assert_eq!(x["class"], class, "{to}");
        let clear = class == "seen" || class == "lit" || class == "hindered";
        assert_eq!(l["clear"], clear, "{to}");
        for field in ["rule", "range", "blocked_at"] {
            assert_eq!(x[field], l[field], "J9 -> {to}: {field}");
        }
        if clear {
            assert_eq!(x["hindrance"], l["hindrance"], "J9 -> {to}");
        } else {
            assert_eq!(x["hindrance"], 0, "J9 -> {to}");
        }
    }
    let n = v["counts"].as_object().unwrap();
    let total: u64 = n.values().map(|c| c.as_u64().unwrap()).sum();
    assert_eq!(total as usize, locations.len());
}

#[test]
fn e1_101_sees_text_groups_the_locations_by_class() {
    let text = stdout_ok(&run(&["sees", &demo_path("night_ridge"), "J9"]));
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].contains("what J9 sees at night, NVR 2 (E1.1)"),
        "{text}"
    );
    assert!(lines[1].contains("16 seen"), "{text}");
    let lit = lines
        .iter()
        .find(|l| l.starts_with("  lit (30, E1.101"))
        .unwrap();
    assert!(lit.contains("cave:Y") && lit.contains("K5(+2)"), "{lit}");
    let blocked = lines.iter().find(|l| l.starts_with("  blocked (")).unwrap();
    assert!(blocked.contains("D3(G6 A6.2)"), "{blocked}");
}

#[test]
fn sees_bad_input_is_one_error_line_and_exit_2() {
    let file = demo_path("night_ridge");
    for (args, says) in [
        (vec!["X9"], "Location 'X9': X9 is not on the map"),
        (vec!["F7-G7"], "that is a hexside"),
        (vec!["cave:Q"], "there is no cave 'Q'"),
        (vec!["J9", "--night", "--day"], "cannot be used with"),
    ] {
        let mut a = vec!["sees", file.as_str()];
        a.extend(args);
        let o = run(&a);
        assert_eq!(o.status.code(), Some(2), "{a:?}");
        let e = stderr(&o);
        assert!(e.starts_with("error: ") && e.contains(says), "{a:?}: {e}");
        assert_eq!(e.lines().count(), 1, "{e}");
        assert!(o.stdout.is_empty());
    }
}

#[test]
fn a6_g11_5_a_cave_and_a_climber_see_their_own_location_at_range_0_a_complex_never() {
    let s = demo("cliff_caves");
    for at in ["cave:G", "cave:J", "T4@1/S4-S5-T4", "T4"] {
        // `sees` lists the Location itself as seen, range 0...
        let own = &field(&s, at)[at];
        assert_eq!(
            (own.class, own.range, own.rule),
            (Class::Seen, 0, None),
            "{at}"
        );
        // ...and `los` agrees.
        let text = stdout_ok(&run(&["los", &demo_path("cliff_caves"), at, at]));
        assert!(text.contains(": clear"), "{at}: {text}");
        assert!(text.contains("range 0"), "{at}: {text}");
    }
    // Two caves of one hex still have no LOS to each other (G11.5).
    assert_eq!(class_of(&s, "cave:G", "cave:M"), Class::Blocked);
    let c = demo("cave_complex");
    let (caves, _) = c.cave_system();
    let primary = &caves.complexes[0].primary;
    // But no LOS ever exists to or from a Cave Complex, even its own (G11.5 play-aid).
    let complex = format!("complex:{primary}");
    assert_eq!(field(&c, &complex)[&complex].class, Class::Blocked);
    // A cave that does not exist is still an error, even to itself.
    let o = run(&["los", &demo_path("cliff_caves"), "cave:Q", "cave:Q"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn g11_85_smoke_in_a_cave_hinders_within_it_once() {
    let text = r#"Scenario(
    title: "Smoke in a cave",
    map: (columns: 10, rows: 6, hexes: {"E4": (level: 2)}, cliffs: ["E4-E5"]),
    caves: [(id: "C", hex: "E4", ca: "E4-E5", level: Some(1))],
    smoke: [(at: "cave:C", kind: Grenade)],
)"#;
    let p = crate::common::temp_file("smoke_in_cave.ron", text);
    let out = stdout_ok(&run(&[
        "los",
        p.to_str().unwrap(),
        "cave:C",
        "cave:C",
        "--json",
    ]));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["clear"], true, "{v}");
    assert_eq!(v["range"], 0, "{v}");
    // The SMOKE once (not doubled: nothing leaves the cave), by G11.85.
    assert!(v["hindrance"].as_u64().unwrap() > 0, "{v}");
    assert_eq!(v["rule"], "G11.85", "{v}");
    let s = Scenario::load(&p).unwrap();
    let own = &field(&s, "cave:C")["cave:C"];
    assert_eq!(own.class, Class::Hindered);
    assert_eq!(
        Some(own.hindrance),
        v["hindrance"].as_u64().map(|h| h as u32)
    );
}
