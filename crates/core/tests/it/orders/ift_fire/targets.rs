//! A7/A8 Fire, leaders and targets: A7.53 a leader directing units in his Location, A7 no fire
//! at a Location holding friendly units or the firer, A6 LOS and the target's TEM, G1.4231 a
//! T-H Hero does not fire, A7.23 Area Fire (not in a cave, G11.812); and caves: G11.8 a
//! predesignated Known cave's +4 TEM, G11.81 (and its EX) a hidden or not predesignated cave.

use asl_pto_core::counters::Nationality;
use asl_pto_core::model::{Phase, Side};
use asl_pto_core::rules::orders::fire::{fire, leadership_drm};

use super::*;

// --- leaders, targets ---------------------------------------------------------------------

#[test]
fn a7_53_a_leader_directs_units_in_his_location_with_his_modifier() {
    let b = open();
    let leader = |at| unit(&b, "ldr", Nationality::American, "9-1", at);
    let s = prep(
        &b,
        vec![us(&b, "us1", "C3"), leader("C3"), jp(&b, "jp1", "E3")],
    );
    let p = allowed(fire(&s, &ids(&["us1", "ldr"]), &loc(&b, "E3")));
    assert_eq!(drm_rules(&p), [("A7.53", -1)]);
    assert_eq!(p.leader.as_deref(), Some("ldr"));
    assert_eq!(p.total_drm, -1);
    // Alone he has no FP; elsewhere he directs no one.
    assert_eq!(
        refused(fire(&s, &ids(&["ldr"]), &loc(&b, "E3"))).rule,
        "A7.53"
    );
    let s = prep(
        &b,
        vec![us(&b, "us1", "C3"), leader("C4"), jp(&b, "jp1", "E3")],
    );
    assert_eq!(
        refused(fire(&s, &ids(&["us1", "ldr"]), &loc(&b, "E3"))).rule,
        "A7.53"
    );
    assert_eq!(
        (
            leadership_drm("9-2"),
            leadership_drm("8+1"),
            leadership_drm("10-0")
        ),
        (-2, 1, 0)
    );
}

#[test]
fn a7_a_location_holding_friendly_units_or_the_firer_is_not_fired_on() {
    let b = open();
    let s = prep(
        &b,
        vec![
            us(&b, "us1", "C3"),
            us(&b, "us2", "E3"),
            jp(&b, "jp1", "E3"),
            jp(&b, "jp2", "C3"),
        ],
    );
    let r = refused(fire(&s, &ids(&["us1"]), &loc(&b, "E3")));
    assert!(r.reason.contains("friendly unit us2"), "{r}");
    assert_eq!(
        refused(fire(&s, &ids(&["us1"]), &loc(&b, "C3"))).rule,
        "A11"
    );
}

#[test]
fn a6_no_fire_without_a_los_and_the_tem_of_the_target_terrain() {
    let b = woods();
    let s = prep(
        &b,
        vec![
            us(&b, "us1", "H5"),
            jp(&b, "jp1", "J5"),
            jp(&b, "jp2", "L5"),
        ],
    );
    let p = allowed(fire(&s, &ids(&["us1"]), &loc(&b, "J5")));
    assert_eq!(drm_rules(&p), [("B13.3", 1)]);
    let r = refused(fire(&s, &ids(&["us1"]), &loc(&b, "L5")));
    assert_eq!(r.rule, "A6.2");
}

#[test]
fn g1_4231_a_th_hero_does_not_fire() {
    let b = open();
    let mut h = jp(&b, "jp1.hero", "E3");
    h.unit.hero = Some(asl_pto_core::model::Hero {
        target: "us1".into(),
        created_in: 1,
        attacked: false,
    });
    let s = situation(
        &b,
        Phase::PrepFire,
        Side::Japanese,
        vec![h, us(&b, "us1", "C3")],
    );
    assert_eq!(
        refused(fire(&s, &ids(&["jp1.hero"]), &loc(&b, "C3"))).rule,
        "G1.4231"
    );
}

#[test]
fn a7_23_fire_at_only_concealed_units_is_area_fire_but_not_in_a_cave_g11_812() {
    let b = open();
    let mut c = jp(&b, "jp1", "E3");
    c.concealed = true;
    let s = prep(&b, vec![us(&b, "us1", "C3"), c]);
    let p = allowed(fire(&s, &ids(&["us1"]), &loc(&b, "E3")));
    assert_eq!(p.total_fp, 3.5);
    assert_eq!(p.fp[0].factors[0].rule, "A7.23");
    let b = cliff();
    let mut c = jp(&b, "jp1", "cave:G");
    c.concealed = true;
    let s = prep(&b, vec![us(&b, "us1", "U4"), c]);
    let p = allowed(fire(&s, &ids(&["us1"]), &loc(&b, "cave:G")));
    assert!(p.fp[0].factors.iter().all(|f| f.rule != "A7.23"), "{p:?}");
    assert!(p.cave.unwrap().reason.contains("neither halves"));
}

// --- caves ----------------------------------------------------------------------------------

#[test]
fn g11_8_a_predesignated_known_cave_is_fired_on_with_its_plus_4_tem() {
    let b = cliff();
    let s = prep(&b, vec![us(&b, "us1", "U4"), jp(&b, "jp1", "cave:G")]);
    let p = allowed(fire(&s, &ids(&["us1"]), &loc(&b, "cave:G")));
    assert_eq!(drm_rules(&p), [("G11.8", 4)]);
    assert_eq!(p.targets, ["jp1"]);
    assert_eq!(p.cave.as_ref().map(|c| c.rule), Some("G11.81"));
}

#[test]
fn g11_81_a_hidden_cave_cannot_be_the_allies_target() {
    let b = cliff();
    let mut s = prep(&b, vec![us(&b, "us1", "U4"), jp(&b, "jp1", "cave:G")]);
    s.hidden_caves = vec!["G".into()];
    let r = refused(fire(&s, &ids(&["us1"]), &loc(&b, "cave:G")));
    assert_eq!(r.rule, "G11.81");
}

#[test]
fn g11_81_ex_fire_at_a_hex_without_predesignating_affects_no_cave() {
    // The squad fires at S5's Location (the top of the cliff): the caves' occupants in S5 are
    // other Locations and are not attacked.
    let b = cliff();
    let s = prep(
        &b,
        vec![
            us(&b, "us1", "U4"),
            jp(&b, "jp1", "cave:G"),
            jp(&b, "jp2", "S5"),
        ],
    );
    let p = allowed(fire(&s, &ids(&["us1"]), &loc(&b, "S5")));
    assert_eq!(p.targets, ["jp2"]);
}

#[test]
fn g11_8_play_aid_fire_out_of_an_overstacked_cave_adds_the_normal_overstacking_penalty() {
    // A helper's finding: fire out of an Overstacked cave was Area Fire but without "normal
    // overstacking penalties" (play-aid 001, G11.8): A5.12 adds to the IFT DR one for each
    // squad-equivalent over the cave's capacity of one (G11.4).
    let b = cliff();
    let penalty = |n: usize| {
        let mut units: Vec<_> = (1..=n)
            .map(|i| jp(&b, &format!("jp{i}"), "cave:A"))
            .collect();
        units.push(us(&b, "us1", "S4"));
        let s = situation(&b, Phase::PrepFire, Side::Japanese, units);
        let p = allowed(fire(&s, &ids(&["jp1"]), &loc(&b, "S4")));
        p.drm
            .iter()
            .find(|d| d.rule == "A5.12")
            .map(|d| (d.drm, d.reason.clone()))
    };
    assert_eq!(penalty(1), None, "one squad: within the cave's capacity");
    let (two, why) = penalty(2).expect("two squads: one over");
    assert_eq!(two, 1);
    assert!(
        why.contains("G11.4: a cave holds one squad-equivalent"),
        "{why}"
    );
    assert_eq!(penalty(3).map(|p| p.0), Some(2), "three squads: two over");
}

#[test]
fn g11_8_fire_out_of_an_overstacked_cave_is_area_fire() {
    // Two squads in cave A (capacity one squad-equivalent, G11.4) fire at us1 in the Entrance
    // Hex S4's neighbour R4: each at half FP (play-aid 001: "Any unit/weapon that fires out of
    // an Overstacked cave is subject to Area Fire penalties").
    let b = cliff();
    let units = vec![
        jp(&b, "jp1", "cave:A"),
        jp(&b, "jp2", "cave:A"),
        us(&b, "us1", "S4"),
    ];
    let s = situation(&b, Phase::PrepFire, Side::Japanese, units);
    let p = allowed(fire(&s, &ids(&["jp1", "jp2"]), &loc(&b, "S4")));
    for f in &p.fp {
        assert!(
            f.factors
                .iter()
                .any(|x| x.rule == "G11.8" && x.factor == 0.5 && x.reason.contains("Overstacked")),
            "{f:?}"
        );
    }
    // Area Fire halves once (A7.23): at a target of only concealed units the Overstacked cave
    // adds no second half.
    let mut us1 = us(&b, "us1", "S4");
    us1.concealed = true;
    let units = vec![jp(&b, "jp1", "cave:A"), jp(&b, "jp2", "cave:A"), us1];
    let s = situation(&b, Phase::PrepFire, Side::Japanese, units);
    let p = allowed(fire(&s, &ids(&["jp1", "jp2"]), &loc(&b, "S4")));
    for f in &p.fp {
        let halves = f.factors.iter().filter(|x| x.factor == 0.5).count();
        assert_eq!(halves, 1, "{f:?}");
        assert!(f.factors.iter().all(|x| x.rule != "G11.8"), "{f:?}");
    }
    // One squad alone in the cave fires at full FP.
    let units = vec![jp(&b, "jp1", "cave:A"), us(&b, "us1", "S4")];
    let s = situation(&b, Phase::PrepFire, Side::Japanese, units);
    let p = allowed(fire(&s, &ids(&["jp1"]), &loc(&b, "S4")));
    assert!(p.fp[0].factors.iter().all(|x| x.rule != "G11.8"), "{p:?}");
}
