//! The field of movement (`moves::field_of_movement`): every Location a unit can reach in the
//! phase, stepped with the same ruling as one move, over a `Situation` built in code.

use std::collections::HashSet;

use asl_pto_core::los::Location;
use asl_pto_core::model::{Phase, Side};
use asl_pto_core::rules::moves::{Reach, field_of_movement};

use crate::board::*;

// --- the field of movement ------------------------------------------------------------------

#[test]
fn a4_field_of_movement_lists_each_location_once_with_its_cheapest_mf_sorted() {
    let b = plain();
    let s = mph(&b, Side::Japanese, vec![jp(&b, "jp1", "N5")]);
    let field = field_of_movement(&s, "jp1").unwrap();
    let n5 = hex(&b, "N5");
    for r in &field {
        let h = r.at.hex().unwrap();
        // Open ground: one MF a hex, four MF reach four hexes out.
        assert_eq!(r.mf, h.distance(n5) as f32, "{r:?}");
        assert_eq!(r.path.len(), h.distance(n5) as usize + 1);
        assert_eq!(r.path.first(), Some(&loc(&b, "N5")));
        assert_eq!(r.path.last(), Some(&r.at));
        assert!(!r.climb);
    }
    // 6 + 12 + 18 + 24 hexes within four.
    assert_eq!(field.len(), 60);
    let unique: HashSet<&Location> = field.iter().map(|r| &r.at).collect();
    assert_eq!(unique.len(), field.len());
    assert!(field.windows(2).all(|w| w[0].mf <= w[1].mf));
    assert_eq!(field, field_of_movement(&s, "jp1").unwrap());
}

#[test]
fn a4_1_field_prices_jungle_and_higher_ground_and_stops_at_the_mf_left() {
    let b = plain();
    let s = mph(&b, Side::Japanese, vec![jp(&b, "jp1", "E4")]);
    let field = field_of_movement(&s, "jp1").unwrap();
    assert_eq!(reach(&field, &b, "E5").unwrap().mf, 2.0);
    // F3 is a Level up: 2 MF from E4.
    assert_eq!(reach(&field, &b, "F3").unwrap().mf, 2.0);
    let mut tired = jp(&b, "jp1", "E4");
    tired.unit.mf_spent = 3.0;
    let s = mph(&b, Side::Japanese, vec![tired]);
    let field = field_of_movement(&s, "jp1").unwrap();
    assert!(reach(&field, &b, "E5").is_none());
    assert!(field.iter().all(|r| r.mf == 1.0));
}

#[test]
fn b11_4_field_lists_the_climb_counters_as_one_step_taking_the_whole_mph() {
    let b = cliff();
    let s = mph(&b, Side::Allied, vec![us(&b, "us1", "T4")]);
    let field = field_of_movement(&s, "us1").unwrap();
    let climbs: Vec<&Reach> = field.iter().filter(|r| r.climb).collect();
    // The two vertices of each of T4's two cliff hexsides with S5, one of them shared... both
    // at Level 1 (one level per MPh).
    assert!(!climbs.is_empty());
    for c in &climbs {
        assert_eq!((c.mf, c.rule), (4.0, "B11.4"));
        assert_eq!(c.path.len(), 2);
        assert!(matches!(c.at, Location::Climbing { level: 1, .. }), "{c:?}");
    }
    assert!(reach(&field, &b, "T4@1/T4-S5-S4").is_some_and(|r| r.climb));
    // S5 is above the cliff: not by moving, and the Allied unit enters no cave.
    assert!(reach(&field, &b, "S5").is_none_or(|r| r.path.len() > 2));
    assert!(field.iter().all(|r| !matches!(r.at, Location::Cave(_))));
    // With an MF spent, no Climb is listed.
    let mut u = us(&b, "us1", "T4");
    u.unit.mf_spent = 1.0;
    let s = mph(&b, Side::Allied, vec![u]);
    assert!(
        field_of_movement(&s, "us1")
            .unwrap()
            .iter()
            .all(|r| !r.climb)
    );
}

#[test]
fn g11_74_field_enters_one_cave_per_phase_and_from_cave_g_reaches_a_and_m() {
    let b = cliff();
    // Seen by us2 in S4 (cave A) and us3 in T5 (cave M): the normal MF, G11.71.
    let s = mph(
        &b,
        Side::Japanese,
        vec![
            jp(&b, "jp1", "cave:G"),
            us(&b, "us2", "S4"),
            us(&b, "us3", "T5"),
        ],
    );
    let field = field_of_movement(&s, "jp1").unwrap();
    let a = reach(&field, &b, "cave:A").unwrap();
    assert_eq!((a.mf, a.rule), (3.0, "G11.71"));
    assert_eq!(reach(&field, &b, "cave:M").unwrap().mf, 3.0);
    // S4 holds us2, a Known enemy: not entered in the MPh by day (A4.14).
    assert!(reach(&field, &b, "S4").is_none());
    // S4 empty, us2 watching from S3: out through cave A into S4 (3 + 1 MF); A was the one
    // cave entered this phase.
    let s = mph(
        &b,
        Side::Japanese,
        vec![
            jp(&b, "jp1", "cave:G"),
            us(&b, "us2", "S3"),
            us(&b, "us3", "T5"),
        ],
    );
    let field = field_of_movement(&s, "jp1").unwrap();
    let s4 = reach(&field, &b, "S4").unwrap();
    assert_eq!(s4.mf, 4.0);
    assert_eq!(
        s4.path,
        vec![loc(&b, "cave:G"), loc(&b, "cave:A"), loc(&b, "S4")]
    );
    // us2 concealed in S4 (not Known): by day the step out of cave A into S4 reveals it and
    // ends jp1's MPh in cave A (A12.14), so S4 is no place to end the MPh in.
    let mut us2 = us(&b, "us2", "S4");
    us2.concealed = true;
    let s = mph(
        &b,
        Side::Japanese,
        vec![jp(&b, "jp1", "cave:A"), us2, us(&b, "us3", "T5")],
    );
    assert!(reach(&field_of_movement(&s, "jp1").unwrap(), &b, "S4").is_none());
    let bump = asl_pto_core::rules::orders::movement::move_to(
        &s,
        "jp1",
        &loc(&b, "S4"),
        asl_pto_core::rules::orders::movement::MoveVerb::ExitCave,
    )
    .unwrap();
    assert_eq!((bump.rule, bump.to.clone()), ("A12.14", loc(&b, "cave:A")));
    assert_eq!(bump.reveal_units, vec!["us2".to_string()]);
    // A Japanese unit at S4 enters cave A, and no other cave after it.
    let s = mph(&b, Side::Japanese, vec![jp(&b, "jp2", "S4")]);
    let field = field_of_movement(&s, "jp2").unwrap();
    assert!(reach(&field, &b, "cave:A").is_some());
    assert!(reach(&field, &b, "cave:G").is_none());
}

#[test]
fn g11_751_hidden_movement_from_cave_to_cave_is_free_in_the_field() {
    let b = cliff();
    let s = mph(&b, Side::Japanese, vec![hidden(jp(&b, "jp1", "cave:G"))]);
    let field = field_of_movement(&s, "jp1").unwrap();
    assert_eq!(reach(&field, &b, "cave:A").unwrap().mf, 0.0);
    assert_eq!(reach(&field, &b, "cave:M").unwrap().mf, 0.0);
}

#[test]
fn a4_in_the_aph_the_field_is_the_one_location_advance() {
    let b = plain();
    let s = situation(
        &b,
        Phase::Advance,
        Side::Japanese,
        vec![jp(&b, "jp1", "J5")],
    );
    let field = field_of_movement(&s, "jp1").unwrap();
    assert_eq!(field.len(), 6);
    assert!(
        field
            .iter()
            .all(|r| r.mf == 0.0 && r.path.len() == 2 && !r.climb)
    );
}

#[test]
fn g11_6_gully_caves_are_entered_in_the_depression_from_the_field() {
    let b = cliff();
    let s = mph(&b, Side::Japanese, vec![jp(&b, "jp2", "H5")]);
    let field = field_of_movement(&s, "jp2").unwrap();
    for c in ["cave:J", "cave:K", "cave:L"] {
        let r = reach(&field, &b, c).unwrap_or_else(|| panic!("{c} not reached"));
        assert_eq!(r.path, vec![loc(&b, "H5"), loc(&b, c)]);
    }
}
