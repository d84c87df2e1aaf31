//! Japanese rulings of the orders (issue 14): G1.17 WP placement by Elite squads, G1.63's Search
//! drm not applying to building/rubble.

use asl_pto_core::counters::Nationality;
use asl_pto_core::map::{BuildingKind, Terrain};
use asl_pto_core::model::{Side, SmokeKind};
use asl_pto_core::rules::orders::search::search;
use asl_pto_core::rules::orders::smoke::place_smoke;

use crate::board::*;

#[test]
fn g1_17_japanese_elite_squads_may_attempt_wp_placement() {
    let b = plain();
    let elite = unit(&b, "e", Nationality::Japanese, "4-4-8", "D4");
    let first = unit(&b, "f", Nationality::Japanese, "4-4-7", "D5");
    let s = mph(&b, Side::Japanese, vec![elite, first]);
    let p = place_smoke(&s, "e", &loc(&b, "D4"), SmokeKind::WpGrenade)
        .expect("an Elite squad may place WP");
    assert!(p.wp());
    let r = place_smoke(&s, "f", &loc(&b, "D5"), SmokeKind::WpGrenade).unwrap_err();
    assert_eq!(r.rule, "G1.17", "{r}");
    // 1st-Line squads still place SMOKE grenades (G1.17).
    assert!(place_smoke(&s, "f", &loc(&b, "D5"), SmokeKind::Grenade).is_ok());
}

#[test]
fn g1_63_no_plus_two_search_drm_when_only_building_or_rubble_is_searched() {
    let mut b = plain();
    let d5 = hex(&b, "D5");
    b.map.set_hex(
        d5,
        None,
        Some(Terrain::Building(BuildingKind::Stone, 1)),
        None,
    );
    let mut jp = unit(&b, "j", Nationality::Japanese, "4-4-7", "D5");
    jp.hidden = true;
    let mut jp2 = unit(&b, "k", Nationality::Japanese, "4-4-7", "E5");
    jp2.hidden = true;
    let s = mph(&b, Side::Allied, vec![us(&b, "us1", "D4"), jp, jp2]);
    let p = search(&s, "us1", d5).unwrap();
    assert!(p.reason.contains("Search drm 0"), "{}", p.reason);
    // E5 is jungle: the +2 applies.
    let p = search(&s, "us1", hex(&b, "E5")).unwrap();
    assert!(p.reason.contains("Search drm 2"), "{}", p.reason);
}

#[test]
fn a24_1_an_american_leader_places_no_smoke_grenades_his_squad_does() {
    // A24.1 (the eASLRB's text): "by any Good Order Infantry squad having a SMOKE Placement
    // Exponent". The night ridge's 9-1 screened J8 and H4 with SMOKE for his men.
    let b = plain();
    let usl = unit(&b, "usL", Nationality::American, "9-1", "D4");
    let us1 = us(&b, "us1", "D4");
    let s = mph(&b, Side::Allied, vec![usl, us1]);
    let r = place_smoke(&s, "usL", &loc(&b, "D5"), SmokeKind::Grenade).unwrap_err();
    assert_eq!(r.rule, "A24.1", "{r}");
    assert!(r.reason.contains("not a squad"), "{r}");
    assert!(place_smoke(&s, "us1", &loc(&b, "D5"), SmokeKind::Grenade).is_ok());
}
