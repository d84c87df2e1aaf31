//! Fire at night: the E1.7 EX (the +1 Night LV DRM, on a board of our own), E1.101 (beyond the
//! NVR only at a Gunflash Location), E1.8 (a firer's Gunflash, concealment loss), E1.43 (a
//! Cloaked firer loses Cloaking); and `rules::orders::jitter`: E1.55-E1.551 Jitter Fire and the
//! E1.6 night classes.

use asl_pto_core::counters::Nationality;
use asl_pto_core::model::{FireMark, Phase, Side};
use asl_pto_core::rules::night::movement::{JitterOutcome, NightClass};
use asl_pto_core::rules::orders::fire::fire;
use asl_pto_core::rules::orders::jitter::{jitter_fire, night_class};

use super::*;

// --- night -----------------------------------------------------------------------------------

/// E1.7 EX on a small board of our own (the EX's board 3 is not in our sources): a two-level
/// stone building in R6, woods in T7, grain in T8; the 4-6-7s are American 6-6-7 here and the
/// Russian 5-2-7 a Japanese 4-4-7 (our catalog has neither): tests/scenarios/e1_7_ex.ron.
fn e1_7_board() -> Board {
    crate::board::board_of(&crate::scenarios::fixture("e1_7_ex"))
}

fn e1_7_situation<'b>(b: &'b Board, r6: &str, attacker: Side) -> Situation<'b> {
    at_night(
        situation(
            b,
            Phase::PrepFire,
            attacker,
            vec![
                unit(b, "r6", Nationality::American, "6-6-7", r6),
                unit(b, "t9", Nationality::American, "6-6-7", "T9"),
                jp(b, "jp1", "T7"),
            ],
        ),
        3,
    )
}

#[test]
fn e1_7_ex_woods_tem_only_no_lv_drm_when_woods_a_full_level_higher() {
    let b = e1_7_board();
    let s = e1_7_situation(&b, "R6", Side::Allied);
    let p = allowed(fire(&s, &ids(&["r6"]), &loc(&b, "T7")));
    assert_eq!(drm_rules(&p).iter().map(|d| d.1).sum::<i32>(), 1);
    assert!(drm_rules(&p).contains(&("B13.3", 1)));
    let lv = p.drm.iter().find(|d| d.rule == "E1.7").unwrap();
    assert_eq!(lv.drm, 0, "{}", lv.reason);
}

#[test]
fn e1_7_ex_grain_hindrance_from_t9_and_still_no_lv_drm() {
    let b = e1_7_board();
    let s = e1_7_situation(&b, "R6", Side::Allied);
    let p = allowed(fire(&s, &ids(&["t9"]), &loc(&b, "T7")));
    assert_eq!(p.total_drm, 2);
    assert!(drm_rules(&p).contains(&("A6.8", 1)));
    assert!(drm_rules(&p).contains(&("E1.7", 0)));
}

#[test]
fn e1_7_ex_from_the_buildings_first_level_the_lv_drm_applies() {
    let b = e1_7_board();
    let s = e1_7_situation(&b, "R6@1", Side::Allied);
    let p = allowed(fire(&s, &ids(&["r6"]), &loc(&b, "T7")));
    assert!(drm_rules(&p).contains(&("E1.7", 1)));
    assert_eq!(p.total_drm, 2);
}

#[test]
fn e1_7_ex_return_fire_at_r6_has_no_lv_drm_whatever_its_level() {
    let b = e1_7_board();
    for r6 in ["R6", "R6@1"] {
        let s = e1_7_situation(&b, r6, Side::Japanese);
        let p = allowed(fire(&s, &ids(&["jp1"]), &loc(&b, r6)));
        assert!(drm_rules(&p).contains(&("E1.7", 0)), "{r6}: {:?}", p.drm);
        assert!(drm_rules(&p).contains(&("B23.3", 3)), "{r6}");
    }
}

#[test]
fn e1_101_beyond_nvr_only_a_gunflash_location_is_fired_on() {
    let b = open();
    let mut s = at_night(prep(&b, vec![us(&b, "us1", "C3"), jp(&b, "jp1", "F3")]), 2);
    assert_eq!(
        refused(fire(&s, &ids(&["us1"]), &loc(&b, "F3"))).rule,
        "E1.1"
    );
    s.gunflashes = vec![loc(&b, "F3")];
    let p = allowed(fire(&s, &ids(&["us1"]), &loc(&b, "F3")));
    assert_eq!(p.fp[0].range, 3);
}

#[test]
fn e1_8_a_unit_that_fires_at_night_marks_its_location_with_a_gunflash() {
    let b = open();
    let units = vec![us(&b, "us1", "C3"), jp(&b, "jp1", "D3")];
    let day = prep(&b, units.clone());
    let p = allowed(fire(&day, &ids(&["us1"]), &loc(&b, "D3")));
    assert!(p.gunflashes.is_empty() && p.gunflash.is_none());
    let night = at_night(prep(&b, units), 2);
    let p = allowed(fire(&night, &ids(&["us1"]), &loc(&b, "D3")));
    assert_eq!(p.gunflashes, [loc(&b, "C3")]);
    assert_eq!(p.gunflash.unwrap().rule, "E1.8");
    assert!(p.vs_enemy);
}

#[test]
fn e1_43_a_cloaked_firer_loses_cloaking_and_a_concealed_one_keeps_unseen() {
    let b = open();
    let mut c = us(&b, "us1", "C3");
    c.cloaked = true;
    c.concealed = true;
    let mut q = us(&b, "us2", "C3");
    q.concealed = true;
    // The Japanese squad is broken: no Good Order enemy sees the firers.
    let mut target = jp(&b, "jp1", "D3");
    target.unit.broken = true;
    let s = at_night(prep(&b, vec![c, q, target]), 2);
    let p = allowed(fire(&s, &ids(&["us1", "us2"]), &loc(&b, "D3")));
    let r1 = p.reveals.iter().find(|r| r.unit == "us1").unwrap();
    assert_eq!((r1.rule, r1.concealed_after), ("E1.43", false));
    let r2 = p.reveals.iter().find(|r| r.unit == "us2").unwrap();
    assert_eq!((r2.rule, r2.concealed_after), ("E1.8", true));
}

// --- E1.55 Jitter Fire ------------------------------------------------------------------------

fn jitter_board(b: &Board, gunflash: bool) -> Situation<'_> {
    let mut s = at_night(
        situation(
            b,
            Phase::Movement,
            Side::Allied,
            vec![
                us(b, "us1", "A3"),
                jp(b, "jp1", "C3"),
                unit(b, "jp2", Nationality::Japanese, "3-3-6", "C3"),
                jp(b, "jp3", "H3"),
            ],
        ),
        2,
    );
    s.tallies.gunflash_vs_enemy = gunflash;
    s
}

#[test]
fn e1_55_no_jitter_fire_before_a_gunflash_vs_an_enemy_unit() {
    let b = open();
    let s = jitter_board(&b, false);
    let p = jitter_fire(&s, "us1", 1, 1);
    assert!(p.check.row.is_none() && p.units.is_empty());
}

#[test]
fn e1_55_doubles_2_the_closest_defender_jitter_fires_and_is_marked() {
    let b = open();
    let s = jitter_board(&b, true);
    let p = jitter_fire(&s, "us1", 1, 1);
    assert_eq!(p.chosen, Some(hex(&b, "C3")));
    let firing: Vec<(&str, FireMark)> = p.firing().map(|d| (d.unit.as_str(), d.mark)).collect();
    assert_eq!(
        firing,
        [("jp1", FireMark::FirstFire), ("jp2", FireMark::FirstFire)]
    );
}

#[test]
fn e1_55_doubles_4_a_stealthy_closest_defender_does_not_jitter_fire() {
    let b = open();
    let s = jitter_board(&b, true);
    let p = jitter_fire(&s, "us1", 2, 2);
    let firing: Vec<&str> = p.firing().map(|d| d.unit.as_str()).collect();
    // jp1 (1st-Line 4-4-7) is Stealthy (G1.6); jp2 (Conscript 3-3-6) is Lax.
    assert_eq!(firing, ["jp2"]);
}

#[test]
fn e1_55_doubles_8_and_12_the_moving_unit_jitter_fires_unless_normal() {
    let b = open();
    let s = jitter_board(&b, true);
    let p = jitter_fire(&s, "us1", 4, 4);
    assert_eq!(p.units.len(), 1);
    assert_eq!(p.units[0].result.outcome, JitterOutcome::Exempt);
    let p = jitter_fire(&s, "us1", 6, 6);
    assert_eq!(p.units[0].result.outcome, JitterOutcome::Fires);
    assert_eq!(p.units[0].mark, FireMark::BoundingFire);
}

#[test]
fn e1_551_a_final_fire_unit_and_a_leader_are_exempt() {
    let b = open();
    let mut s = jitter_board(&b, true);
    s.units = vec![
        us(&b, "us1", "A3"),
        marked(jp(&b, "jp1", "C3"), FireMark::FinalFire),
        unit(&b, "ldr", Nationality::Japanese, "9-1", "C3"),
    ];
    let p = jitter_fire(&s, "us1", 1, 1);
    assert_eq!(p.units.len(), 2);
    assert!(p.firing().next().is_none(), "{:?}", p.units);
}

#[test]
fn e1_6_night_classes() {
    let b = open();
    let class = |u: UnitAt| night_class(&u.unit).0;
    assert_eq!(class(us(&b, "a", "A1")), NightClass::Normal);
    assert_eq!(class(jp(&b, "b", "A1")), NightClass::Stealthy);
    assert_eq!(
        class(unit(&b, "c", Nationality::Japanese, "3-3-6", "A1")),
        NightClass::Lax
    );
    assert_eq!(
        class(unit(&b, "d", Nationality::American, "8-1", "A1")),
        NightClass::Stealthy
    );
    assert_eq!(
        class(unit(&b, "e", Nationality::Australian, "4-4-7", "A1")),
        NightClass::Stealthy
    );
}

#[test]
fn e1_63_a_lax_unit_stacked_with_a_good_order_leader_is_normal_for_jitter_fire() {
    let b = open();
    // Doubles 6: the Closest DEFENDER Jitter Fires "unless Stealthy or Normal". A Japanese
    // Conscript (Lax, G1.6) alone fires; stacked with a Good Order 9-1 it is Normal (E1.63).
    let mut s = jitter_board(&b, true);
    s.units = vec![
        us(&b, "us1", "A3"),
        unit(&b, "jp2", Nationality::Japanese, "3-3-6", "C3"),
    ];
    let firing = |s: &Situation| -> Vec<String> {
        jitter_fire(s, "us1", 3, 3)
            .firing()
            .map(|d| d.unit.clone())
            .collect()
    };
    assert_eq!(firing(&s), ["jp2"]);
    s.units
        .push(unit(&b, "ldr", Nationality::Japanese, "9-1", "C3"));
    assert!(firing(&s).is_empty(), "E1.63: Normal with its leader");
    // A broken leader makes no one Normal.
    s.units[2].unit.broken = true;
    assert_eq!(firing(&s), ["jp2"]);
}

#[test]
fn e1_551_the_first_fire_exemption_counts_only_an_enemy_known_at_night() {
    let b = open();
    // jp1, marked First Fire in C3, is the Closest DEFENDER of us1 moving in F3; us2 in A3 is
    // nearer to it than us1. E1.551 exempts it only if us2 is Known: within the NVR of a
    // Japanese unit (E1.33). With NVR 1, us2 two hexes off is not: jp1 Jitter Fires.
    let units = vec![
        us(&b, "us1", "F3"),
        us(&b, "us2", "A3"),
        marked(jp(&b, "jp1", "C3"), FireMark::FirstFire),
    ];
    let d = |x: &str, y: &str| hex(&b, x).distance(hex(&b, y));
    assert!(d("C3", "A3") < d("C3", "F3") && d("C3", "A3") > 1);
    let mut s = at_night(situation(&b, Phase::Movement, Side::Allied, units), 1);
    s.tallies.gunflash_vs_enemy = true;
    let fires = |s: &Situation| jitter_fire(s, "us1", 1, 1).firing().count();
    assert_eq!(fires(&s), 1, "us2 beyond the NVR is not Known");
    s.night.nvr = Some(3);
    assert_eq!(fires(&s), 0, "within the NVR, us2 is Known: jp1 is exempt");
}
