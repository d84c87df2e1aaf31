//! `rules::orders::dc`: DC Thrown (G11.833), Placed (G11.833, G11.8331) and Set (G11.8332) into
//! the caves of the G11.6 cliff, and what the DC's attack does (A7, G11.88).

use asl_pto_core::los::Location;
use asl_pto_core::model::{Phase, Side};
use asl_pto_core::rules::caves::attack::DcDelivery;
use asl_pto_core::rules::ift::IftResult;
use asl_pto_core::rules::orders::dc::{
    DcStrike, Placing, known_cave, place_dc, set_dc_order, throw_dc,
};

use super::*;

/// us4 with a DC IN the gully hex H5, jp4 (Known, Good Order) in cave K: the Allied AFPh.
fn at_cave_k(b: &Board, phase: Phase) -> Situation<'_> {
    situation(
        b,
        phase,
        Side::Allied,
        vec![with_dc(us(b, "us4", "H5")), jp(b, "jp4", "cave:K")],
    )
}

#[test]
fn g11_833_ex_cave_k_thrown_dc_from_h5_plans_plus_one_and_minus_one() {
    let b = cliff();
    let s = at_cave_k(&b, Phase::AdvancingFire);
    let plan = allowed(throw_dc(&s, "us4", "K"));
    assert_eq!(plan.roll_rule, "G11.833");
    // +1: the cave's level is >= the Thrower's; -1: the Thrower is ADJACENT (G11.6).
    let drms: Vec<i32> = plan.drm.items.iter().map(|d| d.drm).collect();
    assert_eq!(drms, vec![1, -1]);
    let hit = plan.throw(3);
    assert!(hit.success, "{}", hit.reason);
    assert!(
        hit.reason.starts_with("DC Thrown at cave K: drm [+1 "),
        "{}",
        hit.reason
    );
    assert!(!plan.throw(4).success);
    // Result a: the cave and its contents, with no DRM of any kind.
    assert_eq!(plan.on_success.delivery, DcDelivery::Thrown);
    assert_eq!(plan.on_success.drm, 0);
}

#[test]
fn g11_833_ex_failed_throw_attacks_cave_k_at_plus_six_and_the_thrower_in_h5_at_plus_three() {
    let b = cliff();
    let s = at_cave_k(&b, Phase::AdvancingFire);
    let plan = allowed(throw_dc(&s, "us4", "K"));
    assert!(plan.falls.allowed, "{}", plan.falls.reason);
    assert_eq!(plan.on_failure.len(), 2, "{:?}", plan.on_failure);
    let DcStrike::Cave(cave) = &plan.on_failure[0] else {
        panic!("{:?}", plan.on_failure[0]);
    };
    assert_eq!((cave.delivery, cave.drm), (DcDelivery::Fallen, 6));
    let DcStrike::Location(h5) = &plan.on_failure[1] else {
        panic!("{:?}", plan.on_failure[1]);
    };
    assert_eq!(h5.at, Location::Ground(hex(&b, "H5")));
    assert_eq!((h5.drm, h5.rule), (3, "G11.833"));
    // A7 on the 30-FP column: DR 5 + 3 = 8 is a 3MC there.
    let (result, text) = h5.resolve(5);
    assert_eq!(result, IftResult::Mc(3));
    assert!(text.contains("IFT DR 5 +3 = 8: 3MC"), "{text}");
}

#[test]
fn g11_88_a_thrown_dc_eliminates_cave_k_on_an_original_kia() {
    let b = cliff();
    let s = at_cave_k(&b, Phase::AdvancingFire);
    let plan = allowed(throw_dc(&s, "us4", "K"));
    let out = plan.on_success.resolve(2);
    assert_eq!(out.result, IftResult::Kia(4));
    assert!(out.eliminated.holds);
    assert!(
        out.eliminated
            .reason
            .contains("(Original DR decides); cave K and its contents are eliminated"),
        "{}",
        out.eliminated.reason
    );
    let out = plan.on_success.resolve(7);
    assert!(!out.eliminated.holds);
    assert_eq!(out.eliminated.rule, "G11.88");
}

#[test]
fn g11_833_a_dc_is_thrown_only_in_its_sides_fire_phases() {
    let b = cliff();
    let r = refused(throw_dc(&at_cave_k(&b, Phase::Movement), "us4", "K"));
    assert_eq!(r.rule, "G11.833");
    assert!(r.reason.contains("not the MPh"), "{}", r.reason);
    // The ATTACKER does not Throw in the DFPh; the DEFENDER does.
    assert!(throw_dc(&at_cave_k(&b, Phase::DefensiveFire), "us4", "K").is_err());
    let mut s = at_cave_k(&b, Phase::DefensiveFire);
    s.turn.attacker = Side::Japanese;
    allowed(throw_dc(&s, "us4", "K"));
}

#[test]
fn g11_833_only_a_unit_possessing_a_dc_throws_one() {
    let b = cliff();
    let s = situation(
        &b,
        Phase::AdvancingFire,
        Side::Allied,
        vec![us(&b, "us4", "H5")],
    );
    let r = refused(throw_dc(&s, "us4", "K"));
    assert_eq!(
        (r.rule, r.reason.as_str()),
        ("G11.833", "unit us4 possesses no DC")
    );
    assert_eq!(refused(throw_dc(&s, "us9", "K")).rule, "A3");
}

#[test]
fn g11_833_ex_cave_m_cannot_be_thrown_into_from_level_0_in_t5() {
    let b = cliff();
    let s = situation(
        &b,
        Phase::AdvancingFire,
        Side::Allied,
        vec![with_dc(us(&b, "us3", "T5"))],
    );
    let r = refused(throw_dc(&s, "us3", "M"));
    assert_eq!(r.rule, "G11.833");
    assert!(
        r.reason.contains("more than one level lower"),
        "{}",
        r.reason
    );
}

#[test]
fn g11_81_the_allies_put_nothing_into_a_cave_still_hidden_from_them() {
    let b = cliff();
    let mut s = at_cave_k(&b, Phase::AdvancingFire);
    s.hidden_caves = vec!["K".into()];
    let r = refused(throw_dc(&s, "us4", "K"));
    assert_eq!(r.rule, "G11.81");
    assert!(
        r.reason.starts_with("cave K is still hidden"),
        "{}",
        r.reason
    );
    // The Japanese know their own caves.
    let jp4 = s.unit("jp4").unwrap().clone();
    assert!(known_cave(&s, &jp4, "K").is_ok());
}

#[test]
fn g11_88_nothing_goes_into_an_eliminated_cave() {
    let b = cliff();
    let mut s = at_cave_k(&b, Phase::AdvancingFire);
    s.eliminated_caves = vec!["K".into()];
    let r = refused(throw_dc(&s, "us4", "K"));
    assert_eq!(r.rule, "G11.88");
}

#[test]
fn g11_833_ex_cave_a_placed_from_s4_for_two_mf_with_no_drm_while_jp_defends_it() {
    let b = cliff();
    let s = situation(
        &b,
        Phase::Movement,
        Side::Allied,
        vec![with_dc(us(&b, "us2", "S4")), jp(&b, "jp3", "cave:A")],
    );
    let plan = allowed(place_dc(&s, "us2", "A"));
    let Placing::Adjacent { mf, ruling } = &plan.placing else {
        panic!("{:?}", plan.placing);
    };
    assert_eq!((*mf, ruling.rule), (2.0, "G11.833"));
    assert_eq!(
        (plan.attack.delivery, plan.attack.drm),
        (DcDelivery::Placed, 0)
    );
    assert!(plan.attack.known);
    assert_eq!(plan.placement_dr(1), None, "no dr from ADJACENT");
}

#[test]
fn g11_8_play_aid_a_dc_placed_into_an_undefended_cave_is_minus_four_and_its_final_dr_decides() {
    let b = cliff();
    let s = situation(
        &b,
        Phase::Movement,
        Side::Allied,
        vec![with_dc(us(&b, "us2", "S4"))],
    );
    let plan = allowed(place_dc(&s, "us2", "A"));
    assert_eq!(plan.attack.drm, -4);
    // G11.88: Original DR 6 (a 4MC) is no KIA, but the Final 2 is: the Final decides.
    let out = plan.attack.resolve(6);
    assert_eq!(out.final_dr, 2);
    assert!(out.eliminated.holds, "{}", out.eliminated.reason);
    assert!(out.eliminated.reason.contains("(Final DR decides)"));
}

#[test]
fn g11_833_placing_costs_one_smoke_mf_more_and_needs_the_mf_left() {
    let b = cliff();
    let mut s = situation(
        &b,
        Phase::Movement,
        Side::Allied,
        vec![with_dc(us(&b, "us2", "S4"))],
    );
    s.caves.smoke = vec![("A".into(), 2)];
    let plan = allowed(place_dc(&s, "us2", "A"));
    assert!(matches!(plan.placing, Placing::Adjacent { mf, .. } if mf == 3.0));
    let mut tired = with_dc(us(&b, "us2", "S4"));
    tired.unit.mf_spent = 3.0;
    let s = situation(&b, Phase::Movement, Side::Allied, vec![tired]);
    let r = refused(place_dc(&s, "us2", "A"));
    assert_eq!(
        (r.rule, r.reason.as_str()),
        ("G11.833", "Placing costs 2 MF; unit us2 has 1 left")
    );
}

#[test]
fn g11_8331_ex_a_level_2_climber_in_t4_places_into_cave_g_on_a_dr_of_3() {
    let b = cliff();
    let climber = climbing(with_dc(us(&b, "us1", "T4")), &b, "T4", 2, "T4-S5-S4");
    let s = situation(&b, Phase::Movement, Side::Allied, vec![climber]);
    let plan = allowed(place_dc(&s, "us1", "G"));
    let Placing::Climbing { drm, roll_rule } = &plan.placing else {
        panic!("{:?}", plan.placing);
    };
    assert_eq!((drm.total, *roll_rule), (0, "G11.8331"));
    let p = plan.placement_dr(3).unwrap();
    assert!(p.success, "{}", p.reason);
    assert!(p.reason.ends_with("the DC is Placed"), "{}", p.reason);
    let p = plan.placement_dr(4).unwrap();
    assert!(
        p.reason
            .ends_with("the DC is eliminated without detonating")
    );
}

#[test]
fn g11_8331_ex_cave_g_is_not_placed_into_from_its_own_level() {
    let b = cliff();
    let climber = climbing(with_dc(us(&b, "us1", "T4")), &b, "T4", 1, "T4-S5-S4");
    let s = situation(&b, Phase::Movement, Side::Allied, vec![climber]);
    let r = refused(place_dc(&s, "us1", "G"));
    assert_eq!(r.rule, "G11.8331");
}

#[test]
fn g11_8332_ex_a_dc_set_into_cave_g_from_a_vertex_of_its_ca_is_minus_seven_undefended() {
    let b = cliff();
    let setter = climbing(with_dc(us(&b, "us1", "T4")), &b, "T4", 1, "T4-S5-S4");
    let s = situation(&b, Phase::Movement, Side::Allied, vec![setter.clone()]);
    let plan = allowed(set_dc_order(&s, "us1", "G"));
    assert_eq!(plan.ruling.rule, "G11.8332");
    assert!(
        plan.ruling.reason.contains("detonates as the AFPh begins"),
        "{}",
        plan.ruling.reason
    );
    assert!(plan.undefended);
    assert_eq!(plan.mf_spent, 4.0, "its entire MPh");
    assert_eq!(
        (plan.attack.delivery, plan.attack.drm),
        (DcDelivery::Set, -7)
    );
    // With a Known Good Order Japanese MMC in the cave the text gives no DRM.
    let s = situation(
        &b,
        Phase::Movement,
        Side::Allied,
        vec![setter, jp(&b, "jp1", "cave:G")],
    );
    assert_eq!(allowed(set_dc_order(&s, "us1", "G")).attack.drm, 0);
}

#[test]
fn g11_8332_a_set_dc_takes_the_entire_mph_and_a_vertex_of_a_crest_ca_hexside() {
    let b = cliff();
    let mut moved = climbing(with_dc(us(&b, "us1", "T4")), &b, "T4", 1, "T4-S5-S4");
    moved.unit.mf_spent = 1.0;
    let s = situation(&b, Phase::Movement, Side::Allied, vec![moved]);
    let r = refused(set_dc_order(&s, "us1", "G"));
    assert!(r.reason.contains("entire MPh"), "{}", r.reason);
    // From T4's ground (Level 0), Upper-Cliff cave G (Level 1) across a cliff's Crest Line:
    // the unit must Climb to a vertex (G11.6 EX), it cannot declare one.
    let s = situation(
        &b,
        Phase::Movement,
        Side::Allied,
        vec![with_dc(us(&b, "us1", "T4"))],
    );
    let r = refused(set_dc_order(&s, "us1", "G"));
    assert!(r.reason.contains("G11.8332 EX"), "{}", r.reason);
    // In the Japanese MPh the Allies Set nothing.
    let s = situation(
        &b,
        Phase::Movement,
        Side::Japanese,
        vec![with_dc(us(&b, "us2", "S4"))],
    );
    assert_eq!(refused(set_dc_order(&s, "us2", "A")).rule, "G11.8332");
}

/// G11.8332 EX (W10: "declares at that time that it is at the W9-X9-W10 or W9-W10-V9 vertex"):
/// from S4's ground, at the Level of cave A below the cliff (its CA Hexside a cliff's Crest
/// Line), a unit declares itself at a vertex of the CA Hexside as its MPh starts: no Climb.
#[test]
fn g11_8332_ex_a_unit_at_the_caves_level_in_its_entrance_hex_declares_a_vertex() {
    let b = cliff();
    let s = situation(
        &b,
        Phase::Movement,
        Side::Allied,
        vec![with_dc(us(&b, "us2", "S4"))],
    );
    let plan = allowed(set_dc_order(&s, "us2", "A"));
    assert!(
        plan.ruling.reason.contains("declaring itself at vertex"),
        "{}",
        plan.ruling.reason
    );
    assert_eq!(
        (plan.attack.delivery, plan.attack.drm),
        (DcDelivery::Set, -7)
    );
}

/// G11.8332: the unit "must spend its entire MPh to Set the DC": a broken or a pinned unit,
/// which has no MPh to spend, Sets none (it may not Place one either, G11.833).
#[test]
fn g11_8332_a_broken_or_pinned_unit_sets_no_dc() {
    let b = cliff();
    for status in ["broken", "pinned"] {
        let mut setter = climbing(with_dc(us(&b, "us1", "T4")), &b, "T4", 1, "T4-S5-S4");
        if status == "broken" {
            setter.unit.broken = true;
        } else {
            setter.unit.pinned = true;
        }
        let s = situation(&b, Phase::Movement, Side::Allied, vec![setter]);
        let r = refused(set_dc_order(&s, "us1", "G"));
        assert_eq!(r.rule, "G11.8332");
        assert!(
            r.reason.contains(if status == "broken" {
                "not in Good Order"
            } else {
                "pinned"
            }),
            "{r}"
        );
    }
}

/// The events of a list of `Said`, by name.
fn events(said: &[asl_pto_core::game::Said]) -> Vec<&str> {
    said.iter().map(|s| s.event.as_str()).collect()
}

#[test]
fn a23_3_a_dc_placed_in_the_mph_detonates_as_the_afph_begins_after_defensive_first_fire() {
    use asl_pto_core::game::{Dice, apply, begin_phase};
    use asl_pto_core::rules::orders::Order;
    let b = cliff();
    let mut st = situation(
        &b,
        Phase::Movement,
        Side::Allied,
        vec![with_dc(us(&b, "us2", "S4")), jp(&b, "jp3", "cave:A")],
    )
    .state;
    let set = crate::board::setting(&b);
    let mut dice = Dice::new(1);
    let said = apply(
        &mut st,
        &set,
        &Order::PlaceDc {
            unit: "us2".into(),
            cave: "A".into(),
        },
        &mut dice,
    );
    assert_eq!(events(&said), vec!["place_dc"], "no attack in the MPh");
    assert!(said[0].text.contains("A23.3"), "{}", said[0].text);
    let us2 = st.units.iter().find(|u| u.unit.id == "us2").unwrap();
    assert_eq!(
        us2.unit.placed_dc.as_ref().map(|p| p.cave.as_str()),
        Some("A")
    );
    assert!(!us2.unit.dc, "the DC has left its hands");
    let mut broken = st.clone();
    // The DFPh begins: nothing yet, but the DC is operably Placed (A23.3: us2 survived the
    // MPh's First Fire). The AFPh begins: it detonates, even with us2 broken by Defensive
    // Final Fire in between ("adverse results with no effect to the DC").
    st.phase = Phase::DefensiveFire;
    assert!(!events(&begin_phase(&mut st, &set, &mut dice)).contains(&"dc_attack"));
    let us2 = st.units.iter_mut().find(|u| u.unit.id == "us2").unwrap();
    assert!(us2.unit.placed_dc.as_ref().is_some_and(|p| p.operable));
    us2.unit.broken = true;
    st.phase = Phase::AdvancingFire;
    let said = begin_phase(&mut st, &set, &mut dice);
    let ev = events(&said);
    let at = ev
        .iter()
        .position(|e| *e == "dc_detonates")
        .expect("detonates");
    assert_eq!(ev[at + 1], "dc_attack", "{ev:?}");
    assert!(st.units.iter().all(|u| u.unit.placed_dc.is_none()));
    // Broken by Defensive First Fire in the MPh, in S4 where it Placed it, the Placer's DC is
    // not operably Placed: it stays with him as the DFPh begins, and nothing detonates.
    for u in broken.units.iter_mut().filter(|u| u.unit.id == "us2") {
        u.unit.broken = true;
    }
    broken.phase = Phase::DefensiveFire;
    let said = begin_phase(&mut broken, &set, &mut dice);
    let lost = said.iter().find(|s| s.event == "dc_lost").expect("lost");
    assert_eq!(lost.rule.as_deref(), Some("A23.3"));
    let us2 = broken.units.iter().find(|u| u.unit.id == "us2").unwrap();
    assert!(
        us2.unit.dc && us2.unit.placed_dc.is_none(),
        "the DC stays with him"
    );
    broken.phase = Phase::AdvancingFire;
    assert!(!events(&begin_phase(&mut broken, &set, &mut dice)).contains(&"dc_attack"));
}

/// G11.8332 EX: a unit Setting a DC spends its entire MPh where it stands, drawing Defensive
/// First Fire "in the Open Ground ... occupied by that vertex" (here S4 made jungle: no +1 TEM,
/// and FFMO, jungle being no Hindrance); the DC detonates as the AFPh begins (A23.7 is not in
/// our sources: as a Placed DC, A23.3) with the -7 read as it was Set, or, the Setter broken
/// by that First Fire, not at all, and the DC stays with him.
#[test]
fn g11_8332_ex_the_setter_draws_first_fire_in_the_open_and_the_dc_waits_for_the_afph() {
    use asl_pto_core::game::{Dice, apply, begin_phase};
    use asl_pto_core::rules::orders::Order;
    use asl_pto_core::rules::orders::fire::fire;
    let b = crate::board::board_of(&crate::scenarios::fixture_edited(
        "g11_6_cliff",
        &[(
            "\"S4 T4 T5\": (level: 0),",
            "\"S4\": (level: 0, terrain: Jungle), \"T4 T5\": (level: 0),",
        )],
    ));
    let mut jp3 = hidden(jp(&b, "jp3", "cave:A"));
    jp3.unit.id = "jp3".into();
    let mut st = situation(
        &b,
        Phase::Movement,
        Side::Allied,
        vec![with_dc(us(&b, "us2", "S4")), jp3],
    )
    .state;
    let set = crate::board::setting(&b);
    let mut dice = Dice::new(1);
    let said = apply(
        &mut st,
        &set,
        &Order::SetDc {
            unit: "us2".into(),
            cave: "A".into(),
        },
        &mut dice,
    );
    assert_eq!(events(&said), vec!["set_dc"], "no attack in the MPh");
    let us2 = st.units.iter().find(|u| u.unit.id == "us2").unwrap();
    let p = us2.unit.placed_dc.clone().expect("the DC is Set");
    assert_eq!(
        (p.cave.as_str(), p.set.map(|s| s.undefended)),
        ("A", Some(true))
    );
    assert!(!us2.unit.dc && us2.unit.mf_spent == 4.0, "its entire MPh");
    // Defensive First Fire at the Setter: no jungle TEM, FFMO.
    let s = st.situation(&set);
    let plan = fire(&s, &["jp3".to_string()], &loc(&b, "S4")).expect("First Fire");
    assert!(
        plan.drm.iter().any(|d| d.reason.starts_with("FFMO")),
        "{:?}",
        plan.drm
    );
    assert!(
        !plan.drm.iter().any(|d| d.reason.ends_with("TEM")),
        "{:?}",
        plan.drm
    );
    // Unbroken through the MPh: the DC detonates as the AFPh begins, at -7, read as it was
    // Set (G11.8332 EX: "Set while no Known ... MMC is in the cave"), though jp3 has since
    // been revealed (its First Fire, A12.15).
    let mut broken = st.clone();
    for u in st.units.iter_mut().filter(|u| u.unit.id == "jp3") {
        u.hidden = false;
    }
    st.phase = Phase::DefensiveFire;
    assert!(!events(&begin_phase(&mut st, &set, &mut dice)).contains(&"dc_attack"));
    st.phase = Phase::AdvancingFire;
    let said = begin_phase(&mut st, &set, &mut dice);
    let at = said
        .iter()
        .position(|e| e.event == "dc_detonates")
        .expect("detonates");
    assert_eq!(said[at].rule.as_deref(), Some("G11.8332"));
    assert_eq!(said[at + 1].event, "dc_attack");
    assert!(said[at + 1].text.contains("-7"), "{}", said[at + 1].text);
    // Broken by that First Fire: no detonation, the DC stays with the Setter.
    for u in broken.units.iter_mut().filter(|u| u.unit.id == "us2") {
        u.unit.broken = true;
    }
    broken.phase = Phase::DefensiveFire;
    let said = begin_phase(&mut broken, &set, &mut dice);
    assert!(said.iter().any(|s| s.event == "dc_lost"), "{said:?}");
    let us2 = broken.units.iter().find(|u| u.unit.id == "us2").unwrap();
    assert!(us2.unit.dc && us2.unit.placed_dc.is_none());
    broken.phase = Phase::AdvancingFire;
    assert!(!events(&begin_phase(&mut broken, &set, &mut dice)).contains(&"dc_attack"));
}

/// G11.8332 EX: "no Known Good Order Japanese MMC is in the cave": a concealed ("?") one is
/// Known (our reading: the EX says "Known" where G11.833 says "unconcealed"), so no -7; a
/// hidden one is not. A Cloaked Setter spends its six MF (E1.42), its whole MPh.
#[test]
fn g11_8332_ex_a_concealed_japanese_squad_in_the_cave_is_known_to_a_setter() {
    let b = cliff();
    for (veil, drm) in [("concealed", 0), ("hidden", -7)] {
        let mut jp1 = jp(&b, "jp1", "cave:A");
        if veil == "concealed" {
            jp1.concealed = true;
        } else {
            jp1.hidden = true;
        }
        let s = situation(
            &b,
            Phase::Movement,
            Side::Allied,
            vec![with_dc(us(&b, "us2", "S4")), jp1],
        );
        let plan = allowed(set_dc_order(&s, "us2", "A"));
        assert_eq!(
            (plan.attack.drm, plan.undefended),
            (drm, drm == -7),
            "{veil}"
        );
    }
    let mut cloaked = with_dc(us(&b, "us2", "S4"));
    cloaked.cloaked = true;
    let s = situation(&b, Phase::Movement, Side::Allied, vec![cloaked]);
    assert_eq!(allowed(set_dc_order(&s, "us2", "A")).mf_spent, 6.0);
}

/// A12.14 / E1.43: Throwing a DC is an attack (G11.833: the unit's fire for the phase), and so
/// is the detonation of a DC Placed or Set: a concealed attacker seen by a Good Order enemy
/// loses "?", as a firer does. us2, concealed in S4, Throws into (and, in another game, Sets in)
/// cave A, held by Known jp1, in view of jp2 in T4.
#[test]
fn a12_14_a_concealed_unit_throwing_or_detonating_a_dc_in_view_loses_its_concealment() {
    use asl_pto_core::game::{Dice, apply, begin_phase};
    use asl_pto_core::rules::orders::Order;
    let b = cliff();
    let set = crate::board::setting(&b);
    let concealed = |phase: Phase| {
        let mut us2 = with_dc(us(&b, "us2", "S4"));
        us2.concealed = true;
        let watcher = jp(&b, "jp2", "T4");
        situation(
            &b,
            phase,
            Side::Allied,
            vec![us2, jp(&b, "jp1", "cave:A"), watcher],
        )
        .state
    };
    let us2 = |st: &asl_pto_core::state::GameState| {
        st.units
            .iter()
            .find(|u| u.unit.id == "us2")
            .unwrap()
            .concealed
    };
    let mut dice = Dice::new(3);
    let mut st = concealed(Phase::PrepFire);
    let said = apply(
        &mut st,
        &set,
        &Order::ThrowDc {
            unit: "us2".into(),
            cave: "A".into(),
        },
        &mut dice,
    );
    assert!(events(&said).contains(&"revealed"), "{said:#?}");
    assert!(!us2(&st), "the Thrower lost its \"?\"");
    let mut st = concealed(Phase::Movement);
    apply(
        &mut st,
        &set,
        &Order::SetDc {
            unit: "us2".into(),
            cave: "A".into(),
        },
        &mut dice,
    );
    assert!(us2(&st), "Setting is no attack yet");
    st.phase = Phase::DefensiveFire;
    begin_phase(&mut st, &set, &mut dice);
    st.phase = Phase::AdvancingFire;
    let said = begin_phase(&mut st, &set, &mut dice);
    let ev = events(&said);
    assert!(
        ev.contains(&"dc_detonates") && ev.contains(&"revealed"),
        "{ev:?}"
    );
    assert!(!us2(&st), "the Setter lost its \"?\" as its DC went off");
}

/// E1.31: at night, Setting a DC (its whole MPh spent where the Setter stands) in a Location
/// already Illuminated is Non-Assault Movement there: the Cloaked Setter loses its Cloaking;
/// in the dark it keeps it.
#[test]
fn e1_31_a_cloaked_unit_setting_a_dc_in_the_light_loses_its_cloaking() {
    use asl_pto_core::game::{Dice, apply};
    use asl_pto_core::rules::orders::Order;
    let b = cliff();
    let set = crate::board::setting(&b);
    for lit in [true, false] {
        let mut us2 = with_dc(us(&b, "us2", "S4"));
        us2.cloaked = true;
        let mut st = situation(&b, Phase::Movement, Side::Allied, vec![us2]).state;
        st.night.nvr = Some(2);
        if lit {
            st.starshells.push(hex(&b, "S4"));
        }
        let said = apply(
            &mut st,
            &set,
            &Order::SetDc {
                unit: "us2".into(),
                cave: "A".into(),
            },
            &mut Dice::new(1),
        );
        let us2 = st.units.iter().find(|u| u.unit.id == "us2").unwrap();
        assert_eq!(
            (events(&said).contains(&"concealment"), us2.cloaked),
            (lit, !lit),
            "lit {lit}: {said:#?}"
        );
    }
}
