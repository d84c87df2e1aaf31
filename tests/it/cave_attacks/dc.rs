//! G11.833-G11.8332: Demolition Charges vs caves. Placed and Thrown DCs, who may use them and
//! from where, the Thrown DC dr and its DRM, and what a successful or failed Throw attacks
//! (G11.833); Placement by a Climbing unit (G11.8331); Setting a DC (G11.8332).

use asl_pto::rules::caves::attack::*;

use super::{cave, cliff, side, thrower, vertex};
use crate::common::{fixture as scenario, plain_map};

// --- G11.833 DC -------------------------------------------------------------------------------

#[test]
fn g11_833_placed_dc_costs_two_mf_plus_smoke_mf() {
    let mut u = thrower(0);
    u.adjacent_g11_6 = true;
    let p = dc_placement(&u, 0);
    assert!(p.ruling.allowed, "{}", p.ruling.reason);
    assert_eq!(p.mf, Some(2));
    assert_eq!(dc_placement(&u, 1).mf, Some(3));
}

#[test]
fn g11_833_placed_dc_needs_unpinned_good_order_non_climbing_infantry_adjacent() {
    let mut ok = thrower(0);
    ok.adjacent_g11_6 = true;
    let breaks: [fn(&mut Thrower); 5] = [
        |u| u.pinned = true,
        |u| u.good_order = false,
        |u| u.climbing = true,
        |u| u.infantry = false,
        |u| u.adjacent_g11_6 = false,
    ];
    for (i, b) in breaks.iter().enumerate() {
        let mut u = ok.clone();
        b(&mut u);
        let p = dc_placement(&u, 0);
        assert!(!p.ruling.allowed, "case {i}");
        assert_eq!(p.mf, None);
    }
}

#[test]
fn g11_833_thrower_must_be_adjacent_unpinned_good_order_non_climbing_with_los() {
    let ok = thrower(0);
    assert!(dc_throw(&ok, 1).allowed);
    let breaks: [fn(&mut Thrower); 5] = [
        |u| u.adjacent = false,
        |u| u.pinned = true,
        |u| u.good_order = false,
        |u| u.climbing = true,
        |u| u.has_los = false,
    ];
    for (i, b) in breaks.iter().enumerate() {
        let mut u = ok.clone();
        b(&mut u);
        assert!(!dc_throw(&u, 1).allowed, "case {i}");
    }
}

#[test]
fn g11_833_ex_cave_m_cannot_be_thrown_into_from_level_0_in_t5() {
    let (_, c) = cliff();
    let m = cave(&c, "M");
    assert_eq!(m.level, 2);
    let r = dc_throw(&thrower(0), m.level);
    assert!(!r.allowed);
    assert!(
        r.reason.contains("more than one level lower"),
        "{}",
        r.reason
    );
}

#[test]
fn g11_833_ex_cave_g_thrown_from_level_0_in_t4_but_not_placed() {
    let (s, c) = cliff();
    let g = cave(&c, "G");
    let t4 = s.map.hex("T4").unwrap();
    // A Level 0 unit in T4 is not ADJACENT to Upper-Cliff cave G: no Placement from there.
    let mut u = thrower(0);
    u.adjacent_g11_6 = c.adjacent(&s.map, "G", t4, 0, None);
    assert!(!u.adjacent_g11_6);
    assert!(!dc_placement(&u, 0).ruling.allowed);
    // But it may Throw: one level lower, adjacent, with a LOS.
    assert!(dc_throw(&u, g.level).allowed);
}

#[test]
fn g11_833_ex_cave_a_placed_or_thrown_from_level_0_in_s4() {
    let (s, c) = cliff();
    let s4 = s.map.hex("S4").unwrap();
    let mut u = thrower(0);
    u.adjacent_g11_6 = c.adjacent(&s.map, "A", s4, 0, None);
    assert!(u.adjacent_g11_6);
    assert!(dc_placement(&u, 0).ruling.allowed);
    assert!(dc_throw(&u, cave(&c, "A").level).allowed);
}

#[test]
fn g11_833_ex_cave_k_thrown_dc_from_h5_gets_minus_one_adjacent() {
    let (s, c) = cliff();
    let k = cave(&c, "K");
    let h5 = s.map.hex("H5").unwrap();
    let mut u = thrower(k.level);
    u.adjacent_g11_6 = c.adjacent(&s.map, "K", h5, k.level, None);
    assert!(u.adjacent_g11_6);
    let d = thrown_dc_drm(&u, k.level);
    assert!(
        d.items.iter().any(|i| i.drm == -1 && i.rule == "G11.6"),
        "{d:?}"
    );
    // The non-Fanatic squad gets no Heroic/Fanatic drm; the cave (at the squad's own level)
    // also gives +1 as the drm table reads, for a net 0.
    assert!(!d.items.iter().any(|i| i.reason.contains("Fanatic")));
    assert_eq!(d.total, 0);
    // A Fanatic one gets a further -1.
    u.heroic_or_fanatic = true;
    assert_eq!(thrown_dc_drm(&u, k.level).total, -1);
}

#[test]
fn g11_833_thrown_dc_drm_cave_level_and_moving() {
    let u = thrower(1);
    assert_eq!(thrown_dc_drm(&u, 0).total, 0, "cave below the Thrower");
    assert_eq!(thrown_dc_drm(&u, 1).total, 1, "cave at the Thrower's level");
    let mut m = u.clone();
    m.in_moving = true;
    assert_eq!(thrown_dc_drm(&m, 2).total, 2);
}

#[test]
fn g11_833_thrown_dc_final_dr_three_succeeds_four_fails() {
    let none = DrmTotal::default();
    assert!(thrown_dc_dr(3, &none).success);
    assert!(!thrown_dc_dr(4, &none).success);
    let plus_one = thrown_dc_drm(&thrower(0), 0);
    assert_eq!(plus_one.total, 1);
    let r = thrown_dc_dr(3, &plus_one);
    assert_eq!(r.final_dr, 4);
    assert!(!r.success);
}

#[test]
fn g11_833_ex_successful_throw_attacks_cave_k_with_30_fp_and_0_drm_only() {
    let a = thrown_dc_success_attack();
    assert_eq!(a.target, DcTarget::Cave);
    assert_eq!(a.fp, 30);
    assert_eq!(a.drm, 0);
    assert!(a.reason.contains("no attack vs the Thrower's Location"));
}

#[test]
fn g11_833_ex_failed_throw_attacks_cave_k_at_plus_six_and_thrower_at_plus_three() {
    let (s, c) = cliff();
    let k = cave(&c, "K");
    let h5 = s.map.get(k.entrance).unwrap();
    let f = thrown_dc_failure_attacks(&FailedThrow {
        cave_level: k.level,
        entrance_base_level: h5.level,
        thrower_in_entrance_hex: true,
        entrance_tem: 0,
        thrower_tem: 0,
    });
    assert!(f.cave.allowed, "{}", f.cave.reason);
    let drms: Vec<(DcTarget, u32, i32)> = f
        .attacks
        .iter()
        .map(|a| (a.target.clone(), a.fp, a.drm))
        .collect();
    assert_eq!(
        drms,
        [
            (DcTarget::Cave, 30, 6),
            (DcTarget::EntranceHex { thrower_here: true }, 30, 3),
        ]
    );
}

#[test]
fn g11_833_ex_failed_throw_into_cave_g_attacks_t4_but_not_cave_g() {
    let (s, c) = cliff();
    let g = cave(&c, "G");
    let t4 = s.map.get(g.entrance).unwrap();
    let f = thrown_dc_failure_attacks(&FailedThrow {
        cave_level: g.level,
        entrance_base_level: t4.level,
        thrower_in_entrance_hex: true,
        entrance_tem: 0,
        thrower_tem: 0,
    });
    assert!(!f.cave.allowed);
    assert!(f.cave.reason.contains("NA"), "{}", f.cave.reason);
    assert_eq!(f.attacks.len(), 1);
    assert_eq!(
        f.attacks[0].target,
        DcTarget::EntranceHex { thrower_here: true }
    );
    assert_eq!(f.attacks[0].drm, 3);
}

#[test]
fn g11_833_failed_throw_from_outside_the_entrance_hex_attacks_both_hexes() {
    let f = thrown_dc_failure_attacks(&FailedThrow {
        cave_level: 1,
        entrance_base_level: 1,
        thrower_in_entrance_hex: false,
        entrance_tem: 1,
        thrower_tem: 2,
    });
    let drms: Vec<(DcTarget, i32)> = f
        .attacks
        .iter()
        .map(|a| (a.target.clone(), a.drm))
        .collect();
    assert_eq!(
        drms,
        [
            (DcTarget::Cave, 6),
            (
                DcTarget::EntranceHex {
                    thrower_here: false
                },
                1
            ),
            (DcTarget::ThrowerLocation, 5),
        ]
    );
}

// --- G11.8331 Climbing ------------------------------------------------------------------------

fn climber(level: i32, arrow: &str) -> Climber {
    Climber {
        level,
        infantry: true,
        pinned: false,
        good_order: true,
        in_ca: false,
        arrow_vertex: vertex(arrow),
    }
}

#[test]
fn g11_8331_ex_level_2_climber_in_v4_places_into_cave_d() {
    let (c, _) = scenario("g11_321_ccss").cave_system();
    let d = cave(&c, "D");
    assert_eq!(d.ca, side("V4-W5"));
    assert_eq!(d.level, 1);
    // Either vertex of hexside V4-W5 (the Placing unit's choice).
    for v in d.ca.vertices() {
        let mut u = climber(2, "V4-W5-W4");
        u.arrow_vertex = v;
        let r = climbing_placement(&plain_map(), &u, d);
        assert!(r.allowed, "{v}: {}", r.reason);
    }
    // Not a vertex of the CA Hexside.
    assert!(!climbing_placement(&plain_map(), &climber(2, "U4-V4-V3"), d).allowed);
}

#[test]
fn g11_8331_placement_only_one_level_above_by_unpinned_good_order_infantry_outside_the_ca() {
    let (_, c) = cliff();
    let m = cave(&c, "M");
    let ok = climber(3, "S5-T4-T5");
    assert!(climbing_placement(&plain_map(), &ok, m).allowed);
    let r = climbing_placement(&plain_map(), &climber(4, "S5-T4-T5"), m);
    assert!(!r.allowed);
    assert!(r.reason.contains("not one level above"), "{}", r.reason);
    assert!(!climbing_placement(&plain_map(), &climber(2, "S5-T4-T5"), m).allowed);
    for b in [
        (|u: &mut Climber| u.pinned = true) as fn(&mut Climber),
        |u| u.good_order = false,
        |u| u.infantry = false,
        |u| u.in_ca = true,
    ] {
        let mut u = ok.clone();
        b(&mut u);
        assert!(!climbing_placement(&plain_map(), &u, m).allowed);
    }
}

#[test]
fn g11_8331_ex_level_3_climber_in_t5_places_into_cave_m_with_no_falling_dr() {
    let (_, c) = cliff();
    let m = cave(&c, "M");
    assert!(climbing_placement(&plain_map(), &climber(3, "S5-T5-S6"), m).allowed);
    // A real cliff, but the squad does not change level.
    assert!(!climbing_falling_dr(true, false).holds);
    assert!(climbing_falling_dr(true, true).holds);
    assert!(!climbing_falling_dr(false, true).holds);
}

#[test]
fn g11_8331_ex_cave_g_placed_only_by_a_level_2_climber_in_t4() {
    let (_, c) = cliff();
    let g = cave(&c, "G");
    assert!(climbing_placement(&plain_map(), &climber(2, "S4-S5-T4"), g).allowed);
    assert!(!climbing_placement(&plain_map(), &climber(1, "S4-S5-T4"), g).allowed);
}

#[test]
fn g11_8331_depression_cave_uses_the_hexside_its_arrow_points_away_from() {
    let (_, c) = cliff();
    let k = cave(&c, "K");
    assert!(k.in_depression);
    // K's arrow points to G5 (up-left of H5); it points away from H5-I6.
    let back = climbing_placement_vertices(k);
    for v in back {
        assert!(v.touches(k.hex) && v.touches(side("H5-I6").b));
    }
    assert!(climbing_placement(&plain_map(), &climber(k.level + 1, "H5-I5-I6"), k).allowed);
    assert!(!climbing_placement(&plain_map(), &climber(k.level + 1, "G5-H4-H5"), k).allowed);
}

#[test]
fn g11_8331_unsuccessful_placement_dr_eliminates_the_dc_without_detonating() {
    let none = DrmTotal::default();
    let ok = climbing_placement_dr(3, &none);
    assert!(ok.success);
    assert!(ok.reason.contains("Placed"));
    let bad = climbing_placement_dr(4, &none);
    assert!(!bad.success);
    assert_eq!(bad.rule, "G11.8331");
    assert!(bad.reason.contains("eliminated without detonating"));
}

// --- G11.8332 Set DC --------------------------------------------------------------------------

#[test]
fn g11_8332_set_dc_takes_the_entire_mph_adjacent() {
    let ok = SetDcUnit {
        allied: true,
        spends_entire_mph: true,
        adjacent_g11_6: true,
        ca_hexside_is_crest: false,
        at_ca_vertex: false,
    };
    assert!(set_dc(&ok).allowed);
    for b in [
        (|u: &mut SetDcUnit| u.allied = false) as fn(&mut SetDcUnit),
        |u| u.spends_entire_mph = false,
        |u| u.adjacent_g11_6 = false,
    ] {
        let mut u = ok.clone();
        b(&mut u);
        assert!(!set_dc(&u).allowed);
    }
}

#[test]
fn g11_8332_ex_cave_g_from_w10_only_at_a_vertex_of_the_crest_hexside() {
    let mut u = SetDcUnit {
        allied: true,
        spends_entire_mph: true,
        adjacent_g11_6: true,
        ca_hexside_is_crest: true,
        at_ca_vertex: false,
    };
    assert!(!set_dc(&u).allowed);
    u.at_ca_vertex = true;
    assert!(set_dc(&u).allowed);
}

#[test]
fn g11_8332_ex_set_dc_without_known_good_order_japanese_mmc_is_minus_seven() {
    let d = set_dc_drm(false);
    assert_eq!(d.drm, -7);
    assert_eq!(d.rule, "G11.8332");
    assert_ne!(set_dc_drm(true).drm, -7);
}
