//! `state::check` (issue 24): a state from outside (a save) is held to the invariants every
//! state play reaches keeps, on its setting and OB.

use asl_pto_core::counters::Nationality;
use asl_pto_core::hex::Hex;
use asl_pto_core::los::Location;
use asl_pto_core::model::{Phase, Side};
use asl_pto_core::state::{Setting, Spot, check};

use crate::board::{self, Board, cliff, jp, situation, us};

fn setting(b: &Board) -> Setting<'_> {
    Setting {
        ob_japanese_squads: 1,
        ..board::setting(b)
    }
}

fn ob() -> Vec<(String, Nationality)> {
    vec![
        ("jp1".into(), Nationality::Japanese),
        ("us1".into(), Nationality::American),
    ]
}

#[test]
fn a_state_play_reaches_passes_and_derived_ids_are_the_obs() {
    let b = cliff();
    let mut s = situation(
        &b,
        Phase::Movement,
        Side::Allied,
        vec![jp(&b, "jp1", "cave:G"), us(&b, "us1", "T4")],
    )
    .state;
    assert_eq!(check(&s, &setting(&b), &ob(), false), Ok(()));
    // A counter a Step Reduction adds keeps its unit's descent (`jp1.2`).
    s.units.push(jp(&b, "jp1.2", "cave:G"));
    assert_eq!(check(&s, &setting(&b), &ob(), false), Ok(()));
}

#[test]
fn a_unit_outside_the_ob_a_cave_not_set_up_and_a_hex_off_the_map_are_refused_where_they_are() {
    let b = cliff();
    let base = situation(&b, Phase::Movement, Side::Allied, vec![us(&b, "us1", "T4")]).state;
    let mut s = base.clone();
    s.units.push(us(&b, "us7", "T4"));
    let e = check(&s, &setting(&b), &ob(), false).unwrap_err();
    assert_eq!(e.spot, Some(Spot::Quoted("us7".into(), 0)));
    assert!(e.message.contains("not a unit of the scenario"), "{e}");
    let mut s = base.clone();
    s.units[0].at = Location::Cave("Q".into());
    let e = check(&s, &setting(&b), &ob(), false).unwrap_err();
    assert!(e.message.contains("no cave 'Q'"), "{e}");
    let mut s = base.clone();
    s.units[0].at = Location::Ground(Hex::new(700, 1));
    let e = check(&s, &setting(&b), &ob(), false).unwrap_err();
    assert!(e.message.contains("off the map"), "{e}");
    let mut s = base;
    s.eliminated_caves.push("A".into());
    s.hidden_caves.push("A".into());
    let e = check(&s, &setting(&b), &ob(), false).unwrap_err();
    assert!(e.message.contains("eliminated (G11.88)"), "{e}");
}

#[test]
fn e1_1_a_day_scenario_has_no_nvr_and_a_night_one_has_one_in_range() {
    let b = cliff();
    let mut s = situation(&b, Phase::Rally, Side::Allied, vec![]).state;
    assert!(
        check(&s, &setting(&b), &ob(), true).is_err(),
        "night without NVR"
    );
    s.night.nvr = Some(9);
    assert!(check(&s, &setting(&b), &ob(), true).is_err(), "NVR 9");
    s.night.nvr = Some(3);
    assert_eq!(check(&s, &setting(&b), &ob(), true), Ok(()));
    assert!(check(&s, &setting(&b), &ob(), false).is_err(), "NVR by day");
}

#[test]
fn a_location_naming_hexes_far_off_the_map_is_refused_not_a_panic() {
    let b = cliff();
    let mut s = situation(&b, Phase::Movement, Side::Allied, vec![us(&b, "us1", "T4")]).state;
    let far = Hex::new(5, i32::MAX);
    s.units[0].at = Location::Climbing {
        hex: Hex::new(5, 3),
        level: 1,
        vertex: asl_pto_core::hex::Vertex {
            hexes: [Hex::new(5, 3), far, Hex::new(6, i32::MAX)],
        },
    };
    let e = check(&s, &setting(&b), &ob(), false).unwrap_err();
    assert!(e.message.contains("far off the map"), "{e}");
}

#[test]
fn g1_5_a_saved_banzai_charge_names_a_location_of_the_map_and_a_japanese_unit() {
    let b = cliff();
    let base = situation(
        &b,
        Phase::Movement,
        Side::Japanese,
        vec![jp(&b, "jp1", "T5"), us(&b, "us1", "T4")],
    )
    .state;
    let mut s = base.clone();
    s.units[0].unit.banzai = Some(Location::Ground(b.map.hex("T4").unwrap()));
    assert_eq!(check(&s, &setting(&b), &ob(), false), Ok(()));
    s.units[0].unit.banzai = Some(Location::Ground(Hex::new(700, 1)));
    let e = check(&s, &setting(&b), &ob(), false).unwrap_err();
    assert!(
        e.message.contains("Banzai") && e.message.contains("off the map"),
        "{e}"
    );
    let mut s = base.clone();
    s.units[1].unit.banzai = Some(Location::Ground(b.map.hex("T5").unwrap()));
    let e = check(&s, &setting(&b), &ob(), false).unwrap_err();
    assert!(e.message.contains("G1.5"), "{e}");
    let mut s = base;
    s.units[0].unit.berserk = true;
    s.units[0].unit.broken = true;
    let e = check(&s, &setting(&b), &ob(), false).unwrap_err();
    assert!(e.message.contains("A15"), "{e}");
}
