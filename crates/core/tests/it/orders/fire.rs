//! `rules::orders::smoke` (A24.1, G11.85, G1.17) and `rules::orders::illumination` (E1.92-E1.922,
//! E1.931).

use asl_pto_core::counters::Nationality;
use asl_pto_core::los::Location;
use asl_pto_core::model::{Phase, Side, SmokeKind};
use asl_pto_core::rules::orders::illumination::{fire_ir, fire_starshell};
use asl_pto_core::rules::orders::smoke::{SmokeTarget, place_smoke};

use super::*;

#[test]
fn g11_85_smoke_grenades_from_inside_a_cave_go_in_by_the_normal_rules_with_no_dr() {
    let b = cliff();
    let s = situation(
        &b,
        Phase::Movement,
        Side::Japanese,
        vec![jp(&b, "jp3", "cave:A")],
    );
    let at = loc(&b, "cave:A");
    let plan = allowed(place_smoke(&s, "jp3", &at, SmokeKind::Grenade));
    assert!(matches!(
        plan.target,
        SmokeTarget::Cave {
            roll_rule: None,
            ..
        }
    ));
    assert_eq!(plan.wp_ch, None);
    let landing = plan.place(None);
    assert_eq!(landing.lands, Some(at));
    assert!(landing.in_cave);
    assert_eq!(landing.rule, "G11.85");
    assert!(
        landing
            .text
            .starts_with("SMOKE grenade at cave A: a unit in the cave"),
        "{}",
        landing.text
    );
}

#[test]
fn g1_17_japanese_conscripts_place_no_smoke_grenades_and_1st_line_squads_no_wp() {
    let b = cliff();
    let conscript = unit(&b, "jp5", Nationality::Japanese, "3-3-6", "cave:A");
    let s = situation(
        &b,
        Phase::Movement,
        Side::Japanese,
        vec![conscript, jp(&b, "jp3", "cave:A")],
    );
    let at = loc(&b, "cave:A");
    assert_eq!(
        refused(place_smoke(&s, "jp5", &at, SmokeKind::Grenade)).rule,
        "G1.17"
    );
    assert_eq!(
        refused(place_smoke(&s, "jp3", &at, SmokeKind::WpGrenade)).rule,
        "G1.17"
    );
    // Only in the ATTACKER's MPh.
    let s = situation(
        &b,
        Phase::Movement,
        Side::Allied,
        vec![jp(&b, "jp3", "cave:A")],
    );
    assert_eq!(
        refused(place_smoke(&s, "jp3", &at, SmokeKind::Grenade)).rule,
        "A24.1"
    );
}

#[test]
fn g11_85_smoke_grenades_into_cave_k_from_h5_need_a_final_thrown_dc_dr_of_3() {
    let b = cliff();
    let s = situation(&b, Phase::Movement, Side::Allied, vec![us(&b, "us4", "H5")]);
    let at = loc(&b, "cave:K");
    let plan = allowed(place_smoke(&s, "us4", &at, SmokeKind::Grenade));
    let SmokeTarget::Cave { drm, roll_rule, .. } = &plan.target else {
        panic!("{:?}", plan.target);
    };
    assert_eq!((*drm, *roll_rule), (0, Some("G11.85")));
    let hit = plan.place(Some(3));
    assert_eq!(hit.lands, Some(at));
    // The drm told item by item, as for a DC Thrown there (G11.833 EX: +1 -1 for cave K).
    assert!(hit.text.contains("Thrown-DC dr 3 +0 [+1 "), "{}", hit.text);
    assert!(hit.text.contains("(G11.6)] = 3"), "{}", hit.text);
    // A failed attempt puts the SMOKE at the Entrance Hex's Base Level: IN H5.
    let miss = plan.place(Some(4));
    assert_eq!(miss.lands, Some(Location::Ground(hex(&b, "H5"))));
    assert!(!miss.in_cave);
}

#[test]
fn g11_85_no_smoke_into_a_cave_from_where_no_dc_could_be_thrown() {
    let b = cliff();
    let s = situation(&b, Phase::Movement, Side::Allied, vec![us(&b, "us3", "T5")]);
    let r = refused(place_smoke(
        &s,
        "us3",
        &loc(&b, "cave:M"),
        SmokeKind::Grenade,
    ));
    assert_eq!(r.rule, "G11.85");
    assert!(
        r.reason.starts_with("SMOKE grenade at cave M: "),
        "{}",
        r.reason
    );
}

#[test]
fn g11_85_play_aid_wp_grenades_in_a_cave_are_a_ch_with_the_tem_reversed() {
    let b = cliff();
    let s = situation(&b, Phase::Movement, Side::Allied, vec![us(&b, "us4", "H5")]);
    let plan = allowed(place_smoke(
        &s,
        "us4",
        &loc(&b, "cave:K"),
        SmokeKind::WpGrenade,
    ));
    assert_eq!(plan.name(), "WP");
    let ch = plan.wp_ch.expect("a WP CH");
    assert_eq!((ch.drm, ch.rule), (-4, "G11.85 (play-aid)"));
}

#[test]
fn a24_1_smoke_grenades_go_into_the_own_or_an_adjacent_location() {
    let b = cliff();
    let s = situation(&b, Phase::Movement, Side::Allied, vec![us(&b, "us3", "T5")]);
    let r = refused(place_smoke(&s, "us3", &loc(&b, "T3"), SmokeKind::Grenade));
    assert_eq!(r.rule, "A24.1");
    let plan = allowed(place_smoke(&s, "us3", &loc(&b, "T4"), SmokeKind::Grenade));
    let landing = plan.place(None);
    assert_eq!(landing.lands, Some(loc(&b, "T4")));
    assert_eq!(
        (landing.rule, landing.text.as_str()),
        ("A24.1", "SMOKE grenade placed in T4")
    );
}

/// The American leader usL and squad us2 on the plain at night, jp1 in the woods.
fn starshell_night(b: &Board, phase: Phase, attacker: Side) -> Situation<'_> {
    at_night(
        situation(
            b,
            phase,
            attacker,
            vec![
                unit(b, "usL", Nationality::American, "9-1", "B5"),
                us(b, "us2", "C7"),
                jp(b, "jp1", "J5"),
            ],
        ),
        3,
    )
}

#[test]
fn e1_92_starshells_are_fired_only_at_night() {
    let b = woods();
    let mut s = starshell_night(&b, Phase::PrepFire, Side::Allied);
    s.night.nvr = None;
    let r = refused(fire_starshell(&s, "usL", hex(&b, "I5")));
    assert_eq!(r.rule, "E1.92");
}

#[test]
fn e1_92_the_attacker_fires_starshells_in_its_pfph_the_defender_in_the_mph() {
    let b = woods();
    let s = starshell_night(&b, Phase::PrepFire, Side::Allied);
    allowed(fire_starshell(&s, "usL", hex(&b, "I5")));
    assert_eq!(
        refused(fire_starshell(&s, "jp1", hex(&b, "B5"))).rule,
        "E1.92"
    );
    let s = starshell_night(&b, Phase::Movement, Side::Allied);
    assert!(fire_starshell(&s, "usL", hex(&b, "I5")).is_err());
    allowed(fire_starshell(&s, "jp1", hex(&b, "B5")));
}

#[test]
fn a11_7_e1_92_a_unit_in_melee_fires_no_starshell() {
    let b = woods();
    // usL shares B5 with jp2 (a Melee): no Starshell out of it; us2, free in C7, fires one.
    let mut s = starshell_night(&b, Phase::PrepFire, Side::Allied);
    s.units.push(jp(&b, "jp2", "B5"));
    assert_eq!(
        refused(fire_starshell(&s, "usL", hex(&b, "I5"))).rule,
        "A11.7"
    );
    allowed(fire_starshell(&s, "us2", hex(&b, "I5")));
}

#[test]
fn e1_921_a_leader_fires_on_a_usage_dr_of_4_a_mmc_on_2() {
    let b = woods();
    let s = starshell_night(&b, Phase::PrepFire, Side::Allied);
    let leader = allowed(fire_starshell(&s, "usL", hex(&b, "I5")));
    assert_eq!(leader.usage_rule, "E1.921");
    assert!(leader.usage(4).holds);
    assert!(!leader.usage(5).holds);
    let squad = allowed(fire_starshell(&s, "us2", hex(&b, "I5")));
    assert!(squad.usage(2).holds);
    assert!(!squad.usage(3).holds);
}

#[test]
fn e1_921_a_unit_that_made_its_usage_dr_this_player_turn_fires_no_other_starshell() {
    // A window trial fired three Starshells with one 8-1 in one PFPh, a Usage dr each.
    let b = woods();
    let mut s = starshell_night(&b, Phase::PrepFire, Side::Allied);
    s.tallies.starshell_tried.push("usL".into());
    let r = refused(fire_starshell(&s, "usL", hex(&b, "I5")));
    assert_eq!(r.rule, "E1.921");
    assert!(r.reason.contains("this Player Turn"), "{}", r.reason);
    // Another unit still may.
    allowed(fire_starshell(&s, "us2", hex(&b, "I5")));
}

#[test]
fn e1_921_a_pinned_unit_fires_no_starshell() {
    let b = woods();
    let mut s = starshell_night(&b, Phase::PrepFire, Side::Allied);
    s.units[1].unit.pinned = true; // us2
    let r = refused(fire_starshell(&s, "us2", hex(&b, "I5")));
    assert_eq!(r.rule, "E1.921");
    assert!(r.reason.contains("pinned"), "{}", r.reason);
}

#[test]
fn e1_922_ex_fired_at_k6_placement_dr_colored_5_white_3_lands_in_h7() {
    let b = woods();
    let s = starshell_night(&b, Phase::PrepFire, Side::Allied);
    let plan = allowed(fire_starshell(&s, "usL", hex(&b, "K6")));
    assert_eq!(plan.placement_rule, "E1.922");
    let p = plan.placement(5, 3, &b.map);
    assert_eq!(p.hex, hex(&b, "H7"));
    assert!(
        p.reason
            .ends_with("3 hexes toward SW from K6: it lands in H7"),
        "{}",
        p.reason
    );
}

/// Issue 16 point 7: a Starshell that comes down off the map is said to land off the map (and
/// still to light what lies within three hexes, E1.923), not in a hex "H-1" no board has.
#[test]
fn e1_923_a_starshell_coming_down_off_the_map_lands_off_the_map() {
    let b = woods();
    let s = starshell_night(&b, Phase::PrepFire, Side::Allied);
    let plan = allowed(fire_starshell(&s, "usL", hex(&b, "H1")));
    // Colored 1: toward the north; white 2: two hexes, beyond the map's top edge.
    let p = plan.placement(1, 2, &b.map);
    assert!(!b.map.contains(p.hex));
    assert!(
        p.reason.contains("2 hexes toward N from H1"),
        "{}",
        p.reason
    );
    assert!(p.reason.contains("lands off the map"), "{}", p.reason);
    assert!(p.reason.contains("within three hexes"), "{}", p.reason);
    assert!(!p.reason.contains("H-1"), "{}", p.reason);
    // One hex of error is one hex.
    let p = plan.placement(5, 1, &b.map);
    assert!(p.reason.contains(": 1 hex toward"), "{}", p.reason);
}

#[test]
fn e1_931_oba_fires_an_ir_at_night_with_no_usage_dr() {
    let b = woods();
    let s = starshell_night(&b, Phase::PrepFire, Side::Japanese);
    let plan = allowed(fire_ir(&s, hex(&b, "D6")));
    assert_eq!(plan.rule, "E1.931");
    assert!(
        plan.reason
            .ends_with("the IR Illuminates within six hexes of D6 (E1.933)"),
        "{}",
        plan.reason
    );
    let mut day = s.clone();
    day.night.nvr = None;
    assert_eq!(refused(fire_ir(&day, hex(&b, "D6"))).rule, "E1.93");
}

#[test]
fn a24_1_no_grenades_from_a_unit_with_no_mf_left() {
    let b = cliff();
    let mut u = us(&b, "us4", "H5");
    u.unit.mf_spent = 4.0;
    let s = situation(&b, Phase::Movement, Side::Allied, vec![u]);
    for kind in [SmokeKind::Grenade, SmokeKind::WpGrenade] {
        let r = refused(place_smoke(&s, "us4", &loc(&b, "cave:K"), kind));
        assert_eq!(r.rule, "A24.1", "{kind:?}");
        assert!(r.reason.contains("no MF left"), "{r}");
    }
    // With MF left it may.
    let s = situation(&b, Phase::Movement, Side::Allied, vec![us(&b, "us4", "H5")]);
    assert!(place_smoke(&s, "us4", &loc(&b, "cave:K"), SmokeKind::Grenade).is_ok());
}

#[test]
fn a24_1_a10_5_a7_8_no_grenades_from_a_broken_or_pinned_unit() {
    // A window trial: us3, broken by First Fire in its MPh, was offered and placed SMOKE
    // grenades in its own hex.
    let b = cliff();
    for (broken, rule) in [(true, "A10.5"), (false, "A7.8")] {
        let mut u = us(&b, "us4", "H5");
        u.unit.broken = broken;
        u.unit.pinned = !broken;
        let s = situation(&b, Phase::Movement, Side::Allied, vec![u]);
        for kind in [SmokeKind::Grenade, SmokeKind::WpGrenade] {
            let r = refused(place_smoke(&s, "us4", &loc(&b, "H5"), kind));
            assert_eq!(r.rule, rule, "{kind:?}: {r}");
        }
        // Nor does the Orders list allow it.
        let listed = asl_pto_core::rules::orders::legal::legal_orders(&s, "us4", None);
        assert!(
            listed
                .iter()
                .filter(|(o, _)| matches!(
                    o,
                    asl_pto_core::rules::orders::Order::PlaceSmoke { .. }
                        | asl_pto_core::rules::orders::Order::PlaceWp { .. }
                ))
                .all(|(_, ok)| ok.is_err()),
            "{listed:?}"
        );
    }
    let s = situation(&b, Phase::Movement, Side::Allied, vec![us(&b, "us4", "H5")]);
    assert!(place_smoke(&s, "us4", &loc(&b, "H5"), SmokeKind::Grenade).is_ok());
}

/// A24.1 (not from the seeds: the eASLRB's text) "at a cost of two MF if the attempt is to
/// place SMOKE in an ADJACENT Location, or one MF if ... in its own Location", "by any Good
/// Order Infantry squad having a SMOKE Placement Exponent", "No unit may attempt to place SMOKE
/// more than once per MPh"; and the MF spent make the squad the unit Defensive First Fire may
/// attack now (A8.1: "placing SMOKE grenades").
#[test]
fn a24_1_grenades_cost_one_mf_in_its_own_location_two_adjacent_once_a_mph_squads_only() {
    use asl_pto_core::game::{Dice, REFUSED, apply};
    use asl_pto_core::rules::orders::Order;
    let b = cliff();
    let set = crate::board::setting(&b);
    let s = situation(&b, Phase::Movement, Side::Allied, vec![us(&b, "us3", "T5")]);
    assert_eq!(
        allowed(place_smoke(&s, "us3", &loc(&b, "T5"), SmokeKind::Grenade)).mf,
        1.0
    );
    assert_eq!(
        allowed(place_smoke(&s, "us3", &loc(&b, "T4"), SmokeKind::Grenade)).mf,
        2.0
    );
    // With 3 of its 4 MF spent, its own Location only.
    let mut tired = us(&b, "us3", "T5");
    tired.unit.mf_spent = 3.0;
    let s3 = situation(&b, Phase::Movement, Side::Allied, vec![tired]);
    let r = refused(place_smoke(&s3, "us3", &loc(&b, "T4"), SmokeKind::Grenade));
    assert_eq!(r.rule, "A24.1");
    assert!(r.reason.contains("costs 2 MF"), "{r}");
    assert!(place_smoke(&s3, "us3", &loc(&b, "T5"), SmokeKind::Grenade).is_ok());
    // A half-squad and a leader place none.
    let s = situation(
        &b,
        Phase::Movement,
        Side::Allied,
        vec![
            unit(&b, "hs1", Nationality::American, "3-3-8", "T5"),
            unit(&b, "usL", Nationality::American, "9-1", "T5"),
        ],
    );
    for id in ["hs1", "usL"] {
        let r = refused(place_smoke(&s, id, &loc(&b, "T4"), SmokeKind::Grenade));
        assert_eq!(r.rule, "A24.1", "{id}: {r}");
        assert!(r.reason.contains("not a squad"), "{r}");
    }
    // Played: two MF spent, us3 the moving unit; a second attempt this MPh is refused.
    let mut st = situation(&b, Phase::Movement, Side::Allied, vec![us(&b, "us3", "T5")]).state;
    let order = Order::PlaceSmoke {
        unit: "us3".into(),
        at: loc(&b, "T4"),
    };
    let said = apply(&mut st, &set, &order, &mut Dice::new(1));
    assert!(said.iter().all(|e| e.event != REFUSED), "{said:?}");
    let us3 = st.units.iter().find(|u| u.unit.id == "us3").unwrap();
    assert_eq!(us3.unit.mf_spent, 2.0);
    assert_eq!(st.tallies.moving, ["us3"]);
    let again = Order::PlaceSmoke {
        unit: "us3".into(),
        at: loc(&b, "T5"),
    };
    let said = apply(&mut st, &set, &again, &mut Dice::new(1));
    let refusal = said.iter().find(|e| e.event == REFUSED).expect("refused");
    assert_eq!(refusal.rule.as_deref(), Some("A24.1"));
    assert!(refusal.text.contains("more than once"), "{}", refusal.text);
}
