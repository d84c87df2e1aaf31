//! Crest status Locations (`W10/W9-W10`: in the Depression hex W10 at its rim along hexside
//! W9-W10): what the format accepts, and the G11 rules that judge them — the Covered Arc
//! (G11.12 EX), Placing and Throwing a DC from "Crest status on cave E's side of Z5" (G11.833
//! EX), and Setting a DC in cave G from a Crest counter centered on W9-W10 (G11.8332 EX).

use asl_pto::hex::{Direction, Hexside};
use asl_pto::los::Location;
use asl_pto::rules::caves::sight::crest_in_covered_arc;
use asl_pto::sim;

use crate::common::{allied_walk, app, cave_los, fixture, from_text, run_to};

#[test]
fn b20_9_a_crest_status_location_is_a_depression_hex_along_one_of_its_crest_lines() {
    let s = fixture("g11_6_cliff");
    let m = &s.map;
    let crest = Location::parse("H5/H5-I6", m).unwrap();
    assert_eq!(crest.display(m).to_string(), "H5/H5-I6");
    // One level above the gully's floor (Level -1).
    assert_eq!(crest.level(m), Some(0));
    assert_eq!(crest.hex(), Some(m.hex("H5").unwrap()));
    for (bad, why) in [
        ("S4/S4-S5", "not a Depression hex"),
        ("H5/H4-H5", "not a Crest Line"),
        ("H5/S4-S5", "not one of"),
    ] {
        let e = Location::parse(bad, m).unwrap_err().to_string();
        assert!(e.contains(why), "{bad}: {e}");
    }
}

#[test]
fn g11_12_ex_infantry_in_a_depression_caves_hex_are_in_its_ca_but_not_at_crest_status() {
    // "Above-ground Infantry IN BB6 are within cave B's CA, but would not be if they were at
    // Crest status": cave J is IN the gully hex H5 like cave B IN BB6.
    let s = fixture("g11_6_cliff");
    assert!(cave_los(&s, "cave:J", "H5").clear());
    let r = cave_los(&s, "cave:J", "H5/H5-I6");
    assert!(!r.clear());
    assert_eq!(r.rule, Some("G11.12"), "{}", r.reason);
}

#[test]
fn g11_12_ex_crest_status_in_dd2_is_in_cave_as_ca_only_along_dd2_dd3_or_dd2_ee3() {
    // Board 25 (`g11_12_board25`): cave A at Level 3 in BB5, CA Hexside BB5-CC5; DD2 a gully
    // hex. The Crest counter in DD2 is judged where it lies.
    let s = fixture("g11_12_board25");
    let (caves, _) = s.cave_system();
    let a = caves.cave("A").unwrap();
    let m = &s.map;
    let dd2 = m.hex("DD2").unwrap();
    let crest = |t: &str| match Location::parse(t, m) {
        Ok(Location::Crest { hex, side }) => Some(crest_in_covered_arc(a, hex, side)),
        _ => None,
    };
    assert_eq!(crest("DD2/DD2-DD3"), Some(true));
    assert_eq!(crest("DD2/DD2-EE3"), Some(true));
    for t in ["DD2/DD1-DD2", "DD2/CC2-DD2", "DD2/CC3-DD2"] {
        assert_eq!(crest(t), Some(false), "{t}");
    }
    // DD2-EE2 joins two hexes of the gully: no Crest Line, so no Crest status along it.
    assert_eq!(crest("DD2/DD2-EE2"), None);
    let sides = Direction::ALL
        .iter()
        .filter_map(|d| Hexside::between(dd2, dd2.neighbor(*d)))
        .filter(|side| Location::crest(dd2, *side, m).is_ok())
        .count();
    assert_eq!(sides, 5);
}

#[test]
fn g11_12_ex_infantry_in_bb6_are_in_cave_bs_ca_but_not_at_crest_status() {
    let s = fixture("g11_12_board25");
    assert!(cave_los(&s, "cave:B", "BB6").clear());
    let r = cave_los(&s, "cave:B", "BB6/BB5-BB6");
    assert!(!r.clear());
    assert_eq!(r.rule, Some("G11.12"), "{}", r.reason);
}

/// The G11.321 CCSS fixture with `units` and `script` appended (the Allies attack).
fn ccss(units: &str, script: &str) -> String {
    allied_walk(include_str!("../scenarios/g11_321_ccss.ron"), units, script)
}

fn walk(text: &str, steps: usize) -> Vec<sim::Event> {
    let mut a = app(from_text(text), 3);
    run_to(&mut a, steps);
    a.world().resource::<sim::WalkLog>().events.clone()
}

fn last<'a>(events: &'a [sim::Event], unit: &str, step: usize) -> &'a sim::Event {
    events
        .iter()
        .rev()
        .find(|e| e.unit.as_deref() == Some(unit) && e.step == step)
        .unwrap_or_else(|| panic!("no event for {unit} at step {step}: {events:#?}"))
}

#[test]
fn g11_833_ex_cave_e_from_in_or_from_crest_status_on_its_side_of_z5() {
    // Cave E in AA5 (CA AA5-Z5) over the stream hex Z5: a DC reaches it from IN Z5 or from
    // Crest status along Z5-AA5, not from Crest status along another hexside of Z5.
    let units = "(id: \"us3\", nationality: American, counter: \"7-6-8\", at: \"Z5/Z5-AA5\", dc: true),\n\
         (id: \"us4\", nationality: American, counter: \"7-6-8\", at: \"Z5/Z4-Z5\", dc: true),\n\
         (id: \"us5\", nationality: American, counter: \"7-6-8\", at: \"Z5\"),\n";
    let text = ccss(
        units,
        "(phase: Movement, act: Search(\"us5\", \"AA5\")), \
         (act: PlaceDc(\"us4\", \"E\")), \
         (act: PlaceDc(\"us3\", \"E\"))",
    );
    let events = walk(&text, 3);
    let off_side = last(&events, "us4", 2);
    assert_eq!(
        (off_side.event.as_str(), off_side.rule.as_deref()),
        ("refused", Some("G11.833")),
        "{off_side:?}"
    );
    assert!(off_side.text.contains("cave's side"), "{}", off_side.text);
    let placed = events
        .iter()
        .find(|e| e.unit.as_deref() == Some("us3") && e.event == "place_dc")
        .unwrap_or_else(|| panic!("{events:#?}"));
    assert_eq!(placed.rule.as_deref(), Some("G11.833"), "{placed:?}");
    // Thrown in the AFPh: the same two sides.
    let text = ccss(
        units,
        "(phase: Movement, act: Search(\"us5\", \"AA5\")), \
         (phase: AdvancingFire, act: ThrowDc(\"us4\", \"E\")), \
         (act: ThrowDc(\"us3\", \"E\"))",
    );
    let events = walk(&text, 3);
    let off_side = last(&events, "us4", 2);
    assert_eq!(off_side.event, "refused", "{off_side:?}");
    assert!(
        events
            .iter()
            .any(|e| e.unit.as_deref() == Some("us3") && e.step == 3 && e.event != "refused"),
        "{events:#?}"
    );
}

#[test]
fn g11_8332_ex_set_dc_in_cave_g_from_a_crest_counter_centered_on_w9_w10() {
    let units = "(id: \"us3\", nationality: American, counter: \"7-6-8\", at: \"W10/W9-W10\", dc: true),\n\
         (id: \"us4\", nationality: American, counter: \"7-6-8\", at: \"W10\", dc: true),\n\
         (id: \"us6\", nationality: American, counter: \"7-6-8\", at: \"W10/V9-W10\", dc: true),\n\
         (id: \"us5\", nationality: American, counter: \"7-6-8\", at: \"W10\"),\n";
    let text = ccss(
        units,
        "(phase: Movement, act: Search(\"us5\", \"W9\")), \
         (act: SetDc(\"us4\", \"G\")), \
         (act: SetDc(\"us6\", \"G\")), \
         (act: SetDc(\"us3\", \"G\"))",
    );
    let events = walk(&text, 4);
    // IN W10, not on the Crest counter: the CA Hexside is a Crest Line, so no vertex declared.
    let r = last(&events, "us4", 2);
    assert_eq!(
        (r.event.as_str(), r.rule.as_deref()),
        ("refused", Some("G11.8332"))
    );
    // In Crest status along another hexside: not ADJACENT.
    let r = last(&events, "us6", 3);
    assert_eq!(
        (r.event.as_str(), r.rule.as_deref()),
        ("refused", Some("G11.8332"))
    );
    assert!(r.text.contains("ADJACENT"), "{}", r.text);
    let set = events
        .iter()
        .find(|e| e.unit.as_deref() == Some("us3") && e.step == 4 && e.event == "set_dc")
        .unwrap_or_else(|| panic!("{events:#?}"));
    assert_eq!(set.rule.as_deref(), Some("G11.8332"), "{set:?}");
}

#[test]
fn b20_9_gaining_or_leaving_crest_status_is_refused_not_invented() {
    let units = "(id: \"us3\", nationality: American, counter: \"7-6-8\", at: \"W10/W9-W10\"),\n";
    let text = ccss(units, "(phase: Movement, act: Move(\"us3\", \"V9\"))");
    let events = walk(&text, 1);
    let r = last(&events, "us3", 1);
    assert_eq!(
        (r.event.as_str(), r.rule.as_deref()),
        ("refused", Some("B20.9")),
        "{r:?}"
    );
}
