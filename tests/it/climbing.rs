//! B11.4 Climbing and G11.8331 Climbing to Place a DC, walked: the two G11.8331 EX (a Level 2
//! Climb counter in V4 along the non-cliff hexside V4-W5 for cave D; a Level 3 Climb counter in
//! T5 for cave M, with no level change and so no Falling DR), what the declaration refuses, and
//! the Climber's advance off its counter in the APh.

use asl_pto::los::Location;
use asl_pto::sim::{self, components::At};
use bevy::prelude::*;

use crate::common::{allied_walk, app, from_text, run_to};

/// The G11.321 CCSS fixture with `units` and `script` appended (the Allies attack).
fn ccss(units: &str, script: &str) -> String {
    allied_walk(include_str!("../scenarios/g11_321_ccss.ron"), units, script)
}

/// The G11.6 cliff fixture (caves A, G, M in the Level 3 cliff hex S5) likewise.
fn cliff(units: &str, script: &str) -> String {
    allied_walk(include_str!("../scenarios/g11_6_cliff.ron"), units, script)
}

/// Walks `text` to step `n` and returns the log's events of step `n`.
fn walk_to(text: &str, n: usize) -> (App, Vec<sim::Event>) {
    let mut a = app(from_text(text), 7);
    run_to(&mut a, n);
    let events = a
        .world()
        .resource::<sim::WalkLog>()
        .events
        .iter()
        .filter(|e| e.step == n)
        .cloned()
        .collect();
    (a, events)
}

fn at(a: &mut App, id: &str) -> Location {
    let mut q = a.world_mut().query::<(&asl_pto::model::Unit, &At)>();
    q.iter(a.world())
        .find(|(u, _)| u.id == id)
        .map(|(_, at)| at.0.clone())
        .expect("the unit is in play")
}

fn event<'a>(events: &'a [sim::Event], unit: &str, name: &str) -> &'a sim::Event {
    events
        .iter()
        .find(|e| e.unit.as_deref() == Some(unit) && e.event == name)
        .unwrap_or_else(|| panic!("no {name} event for {unit} in {events:#?}"))
}

const US3_IN_V4: &str =
    "(id: \"us3\", nationality: American, counter: \"7-6-8\", at: \"V4\", dc: true),\n";

#[test]
fn g11_8331_ex_level_2_climb_counter_in_v4_along_non_cliff_hexside_v4_w5_places_into_cave_d() {
    // us1 in W5 Searches V4 (revealing cave D, G11.33); us3, at Level 2 in V4 above cave D
    // (Level 1), declares its Climb and goes onto a Level 2 Climb counter in V4 aiming at a
    // vertex of V4-W5; then it Places the DC (the G11.833 dr); in the APh it advances off the
    // counter to Level 2 in V4.
    let text = ccss(
        US3_IN_V4,
        "(phase: Movement, act: Search(\"us1\", \"V4\")), \
         (act: ClimbToPlaceDc(\"us3\", \"D\", 2, \"V4-W5-W4\")), \
         (act: PlaceDc(\"us3\", \"D\")), \
         (phase: Advance, act: Move(\"us3\", \"V4\"))",
    );
    let (mut a, events) = walk_to(&text, 2);
    let climb = event(&events, "us3", "climb");
    assert_eq!(climb.rule.as_deref(), Some("G11.8331"), "{climb:?}");
    assert_eq!(
        climb.dice, None,
        "no Falling DR along a non-cliff hexside: {climb:?}"
    );
    assert!(climb.text.contains("non-cliff"), "{}", climb.text);
    let on = at(&mut a, "us3");
    let map = &a.world().resource::<sim::Board>().scenario.map;
    assert_eq!(on, Location::parse("V4@2/V4-W5-W4", map).unwrap());
    let (_, events) = walk_to(&text, 3);
    let place = event(&events, "us3", "place_dc");
    assert_eq!(place.rule.as_deref(), Some("G11.8331"), "{place:?}");
    assert_eq!(
        place.dice.as_ref().map(Vec::len),
        Some(1),
        "a dr as if Throwing"
    );
    let (mut a, events) = walk_to(&text, 4);
    let off = event(&events, "us3", "advance");
    assert_eq!(off.rule.as_deref(), Some("B11.4"), "{off:?}");
    assert_eq!(
        at(&mut a, "us3"),
        Location::parse("V4", map_of(&a)).unwrap()
    );
}

fn map_of(a: &App) -> &asl_pto::map::Map {
    &a.world().resource::<sim::Board>().scenario.map
}

#[test]
fn g11_8331_ex_level_3_climb_counter_in_t5_for_cave_m_with_no_falling_dr() {
    // A squad at Level 3 in S5 goes onto a Level 3 Climb counter in T5 (a real cliff, S5-T5,
    // but no level change: no Falling DR), one level above cave M (Level 2).
    let text = cliff(
        "(id: \"us5\", nationality: American, counter: \"7-6-8\", at: \"S5\", dc: true),\n\
         (id: \"us6\", nationality: American, counter: \"7-6-8\", at: \"S4\"),\n",
        "(phase: Movement, act: Search(\"us6\", \"S5\")), \
         (act: ClimbToPlaceDc(\"us5\", \"M\", 3, \"S5-T5-S6\")), \
         (act: PlaceDc(\"us5\", \"M\"))",
    );
    let (mut a, events) = walk_to(&text, 2);
    let climb = event(&events, "us5", "climb");
    assert_eq!(climb.rule.as_deref(), Some("G11.8331"), "{climb:?}");
    assert_eq!(
        climb.dice, None,
        "no Falling DR without a level change: {climb:?}"
    );
    assert!(
        climb.text.contains("does not change level"),
        "{}",
        climb.text
    );
    let t5 = Location::parse("T5@3/S5-T5-S6", map_of(&a)).unwrap();
    assert_eq!(at(&mut a, "us5"), t5, "the counter goes in T5, not S5");
    let (_, events) = walk_to(&text, 3);
    let place = event(&events, "us5", "place_dc");
    assert_eq!(place.rule.as_deref(), Some("G11.8331"), "{place:?}");
}

#[test]
fn g11_8331_climbing_down_the_real_cliff_to_place_makes_the_falling_dr() {
    // From S5 (Level 3) down to a Level 2 counter in T4 for cave G (Level 1): a real cliff and a
    // level change, so the Falling DR is made.
    let text = cliff(
        "(id: \"us5\", nationality: American, counter: \"7-6-8\", at: \"S5\", dc: true),\n\
         (id: \"us6\", nationality: American, counter: \"7-6-8\", at: \"S4\"),\n",
        "(phase: Movement, act: Search(\"us6\", \"S5\")), \
         (act: ClimbToPlaceDc(\"us5\", \"G\", 2, \"S4-S5-T4\"))",
    );
    let (_, events) = walk_to(&text, 2);
    let climb = events
        .iter()
        .find(|e| e.unit.as_deref() == Some("us5") && (e.event == "climb" || e.event == "fall"))
        .unwrap_or_else(|| panic!("{events:#?}"));
    assert_eq!(climb.dice.as_ref().map(Vec::len), Some(2), "{climb:?}");
}

#[test]
fn g11_8331_the_declaration_refuses_what_the_rule_forbids() {
    let refusal = |units: &str, act: &str| {
        let text = ccss(
            units,
            &format!("(phase: Movement, act: Search(\"us1\", \"V4\")), (act: {act})"),
        );
        let (_, events) = walk_to(&text, 2);
        let r = event(&events, "us3", "refused").clone();
        assert_eq!(r.rule.as_deref(), Some("G11.8331"), "{act}: {r:?}");
        r.text
    };
    // A vertex not of cave D's CA Hexside V4-W5.
    let t = refusal(US3_IN_V4, "ClimbToPlaceDc(\"us3\", \"D\", 2, \"U4-V4-V3\")");
    assert!(t.contains("must touch"), "{t}");
    // V4-W5 is no cliff: the counter stays at the unit's level.
    let t = refusal(US3_IN_V4, "ClimbToPlaceDc(\"us3\", \"D\", 1, \"V4-W5-W4\")");
    assert!(t.contains("not a cliff"), "{t}");
    // Without a DC.
    let t = refusal(
        "(id: \"us3\", nationality: American, counter: \"7-6-8\", at: \"V4\"),\n",
        "ClimbToPlaceDc(\"us3\", \"D\", 2, \"V4-W5-W4\")",
    );
    assert!(t.contains("no DC"), "{t}");
    // Not at a higher elevation than the cave: Level 1 in W5 is cave D's own level.
    let t = refusal(
        "(id: \"us3\", nationality: American, counter: \"7-6-8\", at: \"W5\", dc: true),\n",
        "ClimbToPlaceDc(\"us3\", \"D\", 1, \"V4-W5-W4\")",
    );
    assert!(t.contains("higher elevation"), "{t}");
    // Broken.
    let t = refusal(
        "(id: \"us3\", nationality: American, counter: \"7-6-8\", at: \"V4\", dc: true, broken: true),\n",
        "ClimbToPlaceDc(\"us3\", \"D\", 2, \"V4-W5-W4\")",
    );
    assert!(t.contains("Good Order"), "{t}");
}

#[test]
fn g11_8331_the_climb_is_declared_at_the_start_of_the_mph() {
    // us3 first moves (1 MF), then may no longer declare the Climb (B11.43).
    let text = ccss(
        "(id: \"us3\", nationality: American, counter: \"7-6-8\", at: \"W5\", dc: true),\n",
        "(phase: Movement, act: Move(\"us3\", \"V4\")), \
         (act: ClimbToPlaceDc(\"us3\", \"D\", 2, \"V4-W5-W4\"))",
    );
    let (_, events) = walk_to(&text, 2);
    let r = event(&events, "us3", "refused");
    assert_eq!(r.rule.as_deref(), Some("G11.8331"));
    assert!(r.text.contains("start of the MPh"), "{}", r.text);
}
