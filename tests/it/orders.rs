//! The simulation applies what the order rulings (`rules::orders`) decide: a walk's action is
//! read from the world, decided in the core, its dice rolled and its plan applied; a refused
//! one rolls nothing and is logged once with the ruling's rule.

use asl_pto::sim::{self, Dice, Unit, WalkLog, runner};
use bevy::prelude::*;

use crate::common::from_text;

/// The G11.6 cliff's gully H5 with caves J, K and L, us4 (with a DC) IN it and us6 beside it in
/// G5, the Allied MPh; then `script`.
fn gully(script: &str) -> App {
    let text = format!(
        r#"Scenario(
    title: "Orders in the gully",
    date: (year: 1945, month: 4),
    pto: true,
    attacker: Allied,
    map: (
        board: Some("36"),
        columns: 24,
        rows: 10,
        level: 0,
        terrain: Open,
        hexes: {{ "H5 H4 G5 G6 G4": (level: -1, depression: Some(Gully)) }},
    ),
    caves: [
        (id: "J", hex: "H5", ca: "H5-H4"),
        (id: "K", hex: "H5", ca: "H5-G5"),
        (id: "L", hex: "H5", ca: "H5-G6"),
    ],
    units: [
        (id: "jp7", nationality: Japanese, counter: "4-4-7", at: "cave:L", hidden: true),
        (id: "us4", nationality: American, counter: "7-6-8", at: "H5", dc: true),
        (id: "us6", nationality: American, counter: "6-6-7", at: "G5"),
    ],
    script: [{script}],
)"#
    );
    sim::headless(from_text(&text), 7)
}

fn events(app: &App) -> Vec<sim::Event> {
    app.world().resource::<WalkLog>().events.clone()
}

fn unit(app: &mut App, id: &str) -> Unit {
    let mut q = app.world_mut().query::<&Unit>();
    q.iter(app.world())
        .find(|u| u.id == id)
        .cloned()
        .unwrap_or_else(|| panic!("no unit {id}"))
}

#[test]
fn g11_8332_a_dc_set_in_the_walk_takes_the_mph_and_the_dc_and_attacks_the_cave_at_minus_seven() {
    let mut app = gully(
        r#"(phase: Movement, act: Search("us6", "H5")), (act: SetDc("us4", "K")),
           (phase: AdvancingFire, act: Los("H6", "H5"))"#,
    );
    runner::run_all(&mut app);
    let log = events(&app);
    let set = log
        .iter()
        .position(|e| e.event == "set_dc")
        .unwrap_or_else(|| panic!("no Set DC: {log:#?}"));
    assert_eq!(log[set].rule.as_deref(), Some("G11.8332"));
    // Nothing detonates in the MPh (A23.7 is not in our sources: as a Placed DC, A23.3): the
    // DC goes off as the AFPh begins.
    assert_ne!(log[set + 1].event, "dc_attack", "{log:#?}");
    let at = log
        .iter()
        .position(|e| e.event == "dc_detonates")
        .unwrap_or_else(|| panic!("no detonation: {log:#?}"));
    assert_eq!(
        (log[set].phase.as_str(), log[at].phase.as_str()),
        ("MPh", "AFPh"),
        "{log:#?}"
    );
    let attack = &log[at + 1];
    assert_eq!(
        (attack.event.as_str(), attack.rule.as_deref()),
        ("dc_attack", Some("A7"))
    );
    assert!(attack.text.contains(" -7 = "), "{}", attack.text);
    let us4 = unit(&mut app, "us4");
    assert!(!us4.dc, "the DC is used");
    // Its entire MPh (the MF spent are checked in the core's `orders::dc` tests: by the AFPh
    // they are gone).
    let rolls = &app.world().resource::<Dice>().rolls;
    assert_eq!(
        rolls[0].rule, "A7",
        "the Set DC's IFT DR is the walk's first roll"
    );
}

#[test]
fn g11_833_a_refused_throw_rolls_nothing_and_is_logged_once_with_its_rule() {
    let mut app = gully(r#"(phase: Movement, act: ThrowDc("us4", "K"))"#);
    runner::run_all(&mut app);
    let refused: Vec<sim::Event> = events(&app)
        .into_iter()
        .filter(|e| e.event == "refused")
        .collect();
    assert_eq!(refused.len(), 1, "{refused:#?}");
    assert_eq!(refused[0].unit.as_deref(), Some("us4"));
    assert_eq!(refused[0].rule.as_deref(), Some("G11.833"));
    assert!(app.world().resource::<Dice>().rolls.is_empty());
    assert!(unit(&mut app, "us4").dc, "the DC is kept");
}

#[test]
fn g11_33_a_search_in_the_walk_reveals_the_caves_and_hidden_units_and_ends_the_mph() {
    let mut app = gully(r#"(phase: Movement, act: Search("us6", "H5"))"#);
    runner::run_all(&mut app);
    let mut q = app
        .world_mut()
        .query_filtered::<&sim::CaveCounter, With<sim::Hidden>>();
    assert_eq!(q.iter(app.world()).count(), 0, "J, K and L are revealed");
    let mut q = app.world_mut().query_filtered::<&Unit, With<sim::Hidden>>();
    assert_eq!(q.iter(app.world()).count(), 0, "jp7 is revealed");
    assert_eq!(unit(&mut app, "us6").mf_spent, 4.0);
    let search = events(&app)
        .into_iter()
        .find(|e| e.event == "search")
        .unwrap();
    assert_eq!(search.rule.as_deref(), Some("G11.33"));
}
