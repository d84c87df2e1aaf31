//! The `Fire` verb in walks (A7/A8 as `rules::orders::fire` decides): the IFT DR and its
//! effects, fire counters (a Prep-Fired unit does not move), E1.8 Gunflashes (placed by fire at
//! night, seen beyond the NVR, removed with the Player Turn; set up by `gunflashes`; placed by
//! a Kindle attempt, E1.94), E1.55 Jitter Fire on a Straying DR's Doubles, and bad Fire input.

use asl_pto::model::FireMark;
use asl_pto::scenario::Scenario;
use asl_pto::sim::{self, Event, Unit, WalkLog, runner};
use bevy::prelude::*;

use crate::common::{from_text, run, stderr, temp_file};

/// A 20 x 6 open board, Allied ATTACKER; `night` is empty or a `night: ...` field; `extra`
/// adds fields; then the units and the script.
fn scenario(night: &str, extra: &str, units: &str, script: &str) -> String {
    format!(
        r#"Scenario(
    title: "Fire",
    date: (year: 1944, month: 7),
    pto: true,
    attacker: Allied,
    {night}
    map: (columns: 20, rows: 6, level: 0, terrain: Open),
    {extra}
    units: [{units}],
    script: [{script}],
)"#
    )
}

const NIGHT: &str = "night: Some((base_nvr: Some(2), cloud: Clear, moon: NoMoon)),";

fn walk(text: &str, seed: u64) -> App {
    let mut app = sim::headless(from_text(text), seed);
    runner::run_all(&mut app);
    app
}

fn events(app: &App) -> Vec<Event> {
    app.world().resource::<WalkLog>().events.clone()
}

fn unit(app: &mut App, id: &str) -> Option<Unit> {
    let mut q = app.world_mut().query::<&Unit>();
    q.iter(app.world()).find(|u| u.id == id).cloned()
}

fn gunflashes(app: &mut App) -> usize {
    let mut q = app.world_mut().query::<&sim::components::Gunflash>();
    q.iter(app.world()).count()
}

const FG: &str = r#"
    (id: "us1", nationality: American, counter: "7-6-8", at: "C3"),
    (id: "us2", nationality: American, counter: "7-6-8", at: "C4"),
    (id: "ldr", nationality: American, counter: "9-1", at: "C3"),
    (id: "jp1", nationality: Japanese, counter: "4-4-7", at: "E3"),
"#;

#[test]
fn a7_53_a_directed_unit_prep_fires_rolls_the_ift_dr_and_marks_it_and_its_leader() {
    let mut app = walk(
        &scenario(
            "",
            "",
            FG,
            r#"(phase: PrepFire, act: Fire(["us1", "ldr"], "E3"))"#,
        ),
        3,
    );
    let log = events(&app);
    let f = log
        .iter()
        .find(|e| e.event == "fire")
        .unwrap_or_else(|| panic!("no fire: {log:#?}"));
    assert_eq!(f.rule.as_deref(), Some("A7"));
    assert_eq!(f.dice.as_ref().map(Vec::len), Some(2));
    assert!(f.text.contains("= 7 FP on the 6 column"), "{}", f.text);
    assert!(
        f.text.contains("-1 leader ldr (9-1) directs (A7.53)"),
        "{}",
        f.text
    );
    for id in ["us1", "ldr"] {
        assert_eq!(
            unit(&mut app, id).unwrap().fired,
            Some(FireMark::PrepFire),
            "{id}"
        );
    }
    assert_eq!(unit(&mut app, "us2").unwrap().fired, None);
    assert_eq!(gunflashes(&mut app), 0, "no Gunflash by day");
}

#[test]
fn a3_a_unit_that_prep_fired_does_not_move_and_its_counter_goes_with_the_player_turn() {
    let mut app = walk(
        &scenario(
            "",
            "",
            FG,
            r#"(phase: PrepFire, act: Fire(["us1"], "E3")),
               (phase: Movement, act: Move("us1", "B3")),
               (act: NextPlayerTurn)"#,
        ),
        3,
    );
    let log = events(&app);
    let r = log
        .iter()
        .find(|e| e.event == "refused")
        .unwrap_or_else(|| panic!("no refusal: {log:#?}"));
    assert_eq!(
        (r.unit.as_deref(), r.rule.as_deref()),
        (Some("us1"), Some("A3"))
    );
    assert!(r.text.contains("Prep Fired"), "{}", r.text);
    assert!(
        log.iter()
            .any(|e| e.event == "removed" && e.rule.as_deref() == Some("A7"))
    );
    assert_eq!(unit(&mut app, "us1").unwrap().fired, None);
}

#[test]
fn a7_a_refused_fire_rolls_nothing_and_names_its_rule() {
    let app = walk(
        &scenario("", "", FG, r#"(phase: PrepFire, act: Fire(["jp1"], "C3"))"#),
        3,
    );
    let refused: Vec<Event> = events(&app)
        .into_iter()
        .filter(|e| e.event == "refused")
        .collect();
    assert_eq!(refused.len(), 1);
    assert_eq!(refused[0].rule.as_deref(), Some("A3"));
    assert!(app.world().resource::<sim::Dice>().rolls.is_empty());
}

#[test]
fn a7_fire_is_deterministic_same_seed_same_walk() {
    let text = scenario(
        "",
        "",
        FG,
        r#"(phase: PrepFire, act: Fire(["us1", "us2"], "E3"))"#,
    );
    let a: Vec<String> = events(&walk(&text, 11))
        .iter()
        .map(|e| format!("{e:?}"))
        .collect();
    let b: Vec<String> = events(&walk(&text, 11))
        .iter()
        .map(|e| format!("{e:?}"))
        .collect();
    assert_eq!(a, b);
}

#[test]
fn e1_8_night_fire_places_a_gunflash_seen_beyond_nvr_until_the_player_turn_ends() {
    // us1 fires at jp1 (range 2); jp2, 4 hexes from us1 (NVR 2), sees its Location only by the
    // Gunflash (E1.101).
    let units = r#"
        (id: "us1", nationality: American, counter: "7-6-8", at: "C3"),
        (id: "jp1", nationality: Japanese, counter: "4-4-7", at: "E3"),
        (id: "jp2", nationality: Japanese, counter: "4-4-7", at: "G3"),
    "#;
    let mut app = walk(
        &scenario(
            NIGHT,
            "",
            units,
            r#"(phase: PrepFire, act: Los("G3", "C3")),
               (act: Fire(["us1"], "E3")),
               (act: Los("G3", "C3"))"#,
        ),
        5,
    );
    let log = events(&app);
    let los: Vec<&Event> = log.iter().filter(|e| e.event == "los").collect();
    assert_eq!(los.len(), 2, "{log:#?}");
    assert!(los[0].text.contains("BLOCKED"), "{}", los[0].text);
    assert!(!los[1].text.contains("BLOCKED"), "{}", los[1].text);
    let g = log.iter().find(|e| e.event == "gunflash").unwrap();
    assert_eq!(g.rule.as_deref(), Some("E1.8"));
    assert!(g.text.contains("Gunflash in C3"), "{}", g.text);
    assert_eq!(gunflashes(&mut app), 1);
    assert!(app.world().resource::<sim::Tallies>().gunflash_vs_enemy);

    let mut app = walk(
        &scenario(
            NIGHT,
            "",
            units,
            r#"(phase: PrepFire, act: Fire(["us1"], "E3")), (act: NextPlayerTurn)"#,
        ),
        5,
    );
    assert_eq!(gunflashes(&mut app), 0);
    assert!(
        events(&app)
            .iter()
            .any(|e| e.event == "removed" && e.rule.as_deref() == Some("E1.8"))
    );
}

#[test]
fn e1_7_a_night_attack_in_the_open_gets_the_plus_1_lv_drm() {
    let units = r#"
        (id: "us1", nationality: American, counter: "7-6-8", at: "C3"),
        (id: "jp1", nationality: Japanese, counter: "4-4-7", at: "E3"),
    "#;
    let app = walk(
        &scenario(
            NIGHT,
            "",
            units,
            r#"(phase: PrepFire, act: Fire(["us1"], "E3"))"#,
        ),
        5,
    );
    let f = events(&app)
        .into_iter()
        .find(|e| e.event == "fire")
        .unwrap();
    assert!(
        f.text.contains("+1 the Night Low Visibility Hindrance DRM"),
        "{}",
        f.text
    );
    assert!(!f.text.contains("+1 +1"), "{}", f.text);
}

#[test]
fn e1_8_gunflashes_set_up_by_the_scenario_and_a_day_scenario_refuses_them() {
    let units = r#"(id: "us1", nationality: American, counter: "7-6-8", at: "C3"),"#;
    let mut app = walk(&scenario(NIGHT, r#"gunflashes: ["E3"],"#, units, ""), 1);
    assert_eq!(gunflashes(&mut app), 1);
    assert!(app.world().resource::<sim::Tallies>().gunflash_vs_enemy);
    let e = Scenario::from_str(
        &scenario("", r#"gunflashes: ["E3"],"#, units, ""),
        "day.ron",
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("E1.8") && e.contains("E3"), "{e}");
}

#[test]
fn e1_94_a_kindle_attempt_in_an_enemys_los_places_a_gunflash() {
    let text = r#"Scenario(
    title: "Kindle",
    pto: false,
    attacker: Allied,
    night: Some((base_nvr: Some(1), cloud: Clear, moon: NoMoon, kindling: true)),
    map: (columns: 20, rows: 6, level: 0, terrain: Open, hexes: { "C3": (terrain: Grain) }),
    units: [
        (id: "us1", nationality: American, counter: "7-6-8", at: "C3"),
        (id: "jp1", nationality: Japanese, counter: "4-4-7", at: "H3"),
    ],
    script: [(phase: PrepFire, act: Kindle("C3"))],
)"#;
    let mut app = walk(text, 2);
    let k = events(&app)
        .into_iter()
        .find(|e| e.event == "kindle")
        .unwrap();
    assert!(k.text.contains("E1.94"), "{}", k.text);
    assert_eq!(gunflashes(&mut app), 1);
    assert!(
        !app.world().resource::<sim::Tallies>().gunflash_vs_enemy,
        "a Kindle attempt is no attack vs an enemy unit (E1.55)"
    );
}

/// E1.55: with a Gunflash set up, the Allied mover's Straying DR is followed by Jitter Fire
/// exactly when it is Doubles; over many seeds both happen.
#[test]
fn e1_55_straying_doubles_set_off_jitter_fire_and_only_doubles() {
    let units = r#"
        (id: "us1", nationality: American, counter: "7-6-8", at: "C3"),
        (id: "jp1", nationality: Japanese, counter: "3-3-6", at: "F3"),
    "#;
    let text = scenario(
        NIGHT,
        r#"gunflashes: ["H5"],"#,
        units,
        r#"(phase: Movement, act: Move("us1", "C2"))"#,
    );
    let mut doubles = 0;
    for seed in 0..60 {
        let mut app = walk(&text, seed);
        let log = events(&app);
        let stray = log
            .iter()
            .position(|e| e.event == "straying" && e.dice.is_some())
            .unwrap_or_else(|| panic!("no Straying DR: {log:#?}"));
        let d = log[stray].dice.clone().unwrap();
        let jitter = log.iter().find(|e| e.event == "jitter");
        if d[0] != d[1] {
            assert!(jitter.is_none(), "seed {seed}: {jitter:?}");
            continue;
        }
        doubles += 1;
        let j = jitter.unwrap_or_else(|| panic!("seed {seed}: Doubles but no Jitter Fire"));
        assert_eq!(j.rule.as_deref(), Some("E1.55"));
        // jp1, a Lax Conscript squad, Jitter Fires on 2, 4 and 6; the Normal mover on 10 and
        // 12 but not 8.
        let fires = |id: &str| {
            log.iter().any(|e| {
                e.event == "jitter_fire"
                    && e.unit.as_deref() == Some(id)
                    && e.text.contains("Jitter Fires")
            })
        };
        let total = d[0] + d[1];
        assert_eq!(fires("jp1"), total <= 6, "seed {seed}, Doubles {total}");
        assert_eq!(fires("us1"), total >= 10, "seed {seed}, Doubles {total}");
        if total <= 6 {
            assert_eq!(
                unit(&mut app, "jp1").unwrap().fired,
                Some(FireMark::FirstFire)
            );
            assert_eq!(gunflashes(&mut app), 2, "H5 and jp1's F3");
        }
    }
    assert!(doubles > 0, "no seed rolled Doubles");
}

#[test]
fn fire_with_no_units_or_a_unit_named_twice_is_bad_input_exit_2() {
    let units = r#"(id: "us1", nationality: American, counter: "7-6-8", at: "C3"),"#;
    for (script, needle) in [
        (r#"(act: Fire([], "E3"))"#, "at least one unit"),
        (r#"(act: Fire(["us1", "us1"], "E3"))"#, "named twice"),
        (r#"(act: Fire(["us9"], "E3"))"#, "us9"),
        (r#"(act: Fire(["us1"], "Z99"))"#, "Z99"),
    ] {
        let p = temp_file("fire_bad.ron", &scenario("", "", units, script));
        let o = run(&["check", p.to_str().unwrap()]);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{script}: {err}");
        assert!(err.contains(needle), "{script}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}
