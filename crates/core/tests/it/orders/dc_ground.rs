//! `rules::orders::dc_ground`: a DC Placed on an ADJACENT above-ground Location (A23.3, with
//! A23.1's attack: not from the seeds, the eASLRB's text in docs/asl-facts.md), its
//! detonation as the AFPh begins, and the order in `legal_orders`.

use asl_pto_core::game::{Dice, Said, apply, begin_phase};
use asl_pto_core::los::Location;
use asl_pto_core::model::{Phase, Side};
use asl_pto_core::rules::orders::dc_ground::{
    ground_dc_attack, place_dc_at, placed_dc_at_detonation,
};
use asl_pto_core::rules::orders::{Order, legal::legal_orders};
use asl_pto_core::state::GameState;

use super::*;

/// us1 with a DC in the open of I5, jp1 in the woods of J5 (TEM +1), in `phase` of the Allied
/// Player Turn.
fn beside_the_woods(b: &Board, phase: Phase, jp1_concealed: bool) -> Situation<'_> {
    let mut jp1 = jp(b, "jp1", "J5");
    jp1.concealed = jp1_concealed;
    situation(
        b,
        phase,
        Side::Allied,
        vec![with_dc(us(b, "us1", "I5")), jp1],
    )
}

fn events(said: &[Said]) -> Vec<&str> {
    said.iter().map(|s| s.event.as_str()).collect()
}

fn unit_in<'a>(st: &'a GameState, id: &str) -> &'a asl_pto_core::state::UnitAt {
    st.units.iter().find(|u| u.unit.id == id).unwrap()
}

#[test]
fn a23_3_a_dc_placed_on_adjacent_woods_costs_the_woods_entry_mf_and_attacks_with_its_tem() {
    let b = woods();
    assert!(hex(&b, "I5").is_adjacent(hex(&b, "J5")));
    let s = beside_the_woods(&b, Phase::Movement, false);
    let plan = allowed(place_dc_at(&s, "us1", &loc(&b, "J5")));
    // A23.3: extra MF equal to what entering the target Location would cost (woods: 2).
    assert_eq!(plan.mf, 2.0);
    assert_eq!(plan.from, loc(&b, "I5"));
    assert!(!plan.area_fire, "jp1 is Known");
    assert!(plan.reason.contains("A23.3"), "{}", plan.reason);
    // A23.1: 30 FP, the defender's TEM (+1 in woods), no leadership.
    let attack = ground_dc_attack(&s, &loc(&b, "J5"), plan.area_fire);
    assert_eq!(attack.ift.fp, 30);
    assert_eq!(attack.drm, 1);
    assert_eq!(attack.rule, "A23.3");
    let (_, text) = attack.resolve(5);
    assert!(text.contains("IFT DR 5 +1 = 6"), "{text}");
    // In open ground the TEM is 0 (FFMO is a moving target's, not a DC's).
    let open = ground_dc_attack(&s, &loc(&b, "H5"), false);
    assert_eq!(open.drm, 0);
}

#[test]
fn a23_1_a_dc_placed_on_a_target_all_concealed_is_area_fire_at_half_fp() {
    let b = woods();
    let s = beside_the_woods(&b, Phase::Movement, true);
    let plan = allowed(place_dc_at(&s, "us1", &loc(&b, "J5")));
    assert!(plan.area_fire);
    assert!(plan.reason.contains("Area Fire"), "{}", plan.reason);
    // 15 FP attack on the highest IFT column not above it (12).
    let attack = ground_dc_attack(&s, &loc(&b, "J5"), true);
    assert_eq!(attack.ift.fp, 12);
    assert!(attack.why.starts_with("15 FP"), "{}", attack.why);
}

#[test]
fn a23_3_no_placement_outside_the_mph_without_a_dc_after_prep_fire_pinned_or_not_adjacent() {
    let b = woods();
    let on = loc(&b, "J5");
    // Outside the ATTACKER's MPh.
    let s = beside_the_woods(&b, Phase::AdvancingFire, false);
    refused(place_dc_at(&s, "us1", &on));
    // Without a DC.
    let mut s = beside_the_woods(&b, Phase::Movement, false);
    s.units.iter_mut().for_each(|u| u.unit.dc = false);
    assert!(
        refused(place_dc_at(&s, "us1", &on))
            .reason
            .contains("no DC")
    );
    // Marked Prep Fire (A23.3: "cannot Place a DC if it fired during the PFPh").
    let mut s = beside_the_woods(&b, Phase::Movement, false);
    for u in s.units.iter_mut().filter(|u| u.unit.id == "us1") {
        u.unit.fired = Some(asl_pto_core::model::FireMark::PrepFire);
    }
    refused(place_dc_at(&s, "us1", &on));
    // Pinned.
    let mut s = beside_the_woods(&b, Phase::Movement, false);
    for u in s.units.iter_mut().filter(|u| u.unit.id == "us1") {
        u.unit.pinned = true;
    }
    assert!(
        refused(place_dc_at(&s, "us1", &on))
            .reason
            .contains("pinned")
    );
    // Two hexes away: not ADJACENT.
    let s = situation(
        &b,
        Phase::Movement,
        Side::Allied,
        vec![with_dc(us(&b, "us1", "H5")), jp(&b, "jp1", "J5")],
    );
    let r = refused(place_dc_at(&s, "us1", &on));
    assert_eq!(r.rule, "A23.3");
    assert!(r.reason.contains("not ADJACENT"), "{r}");
    // With the MF spent: woods cost 2, one left.
    let mut s = beside_the_woods(&b, Phase::Movement, false);
    for u in s.units.iter_mut().filter(|u| u.unit.id == "us1") {
        u.unit.mf_spent = 3.0;
    }
    assert!(
        refused(place_dc_at(&s, "us1", &on))
            .reason
            .contains("costs 2 MF")
    );
}

#[test]
fn a23_3_no_placement_up_a_cliff_the_locations_are_not_adjacent() {
    // The G11.6 cliff: S4 at Level 0 below the cliff hexside S4-S5, S5 at Level 3.
    let b = cliff();
    let s = situation(
        &b,
        Phase::Movement,
        Side::Allied,
        vec![with_dc(us(&b, "us1", "S4")), jp(&b, "jp1", "S5")],
    );
    let r = refused(place_dc_at(&s, "us1", &loc(&b, "S5")));
    assert!(r.reason.contains("could not enter S5 directly"), "{r}");
}

#[test]
fn a23_3_the_dc_detonates_as_the_afph_begins_unless_its_placer_was_broken_or_pinned_there() {
    let b = woods();
    let set = crate::board::setting(&b);
    let mut st = beside_the_woods(&b, Phase::Movement, false).state;
    let mut dice = Dice::new(3);
    let order = Order::PlaceDcAt {
        unit: "us1".into(),
        at: loc(&b, "J5"),
    };
    assert!(
        order.draws_first_fire(),
        "A23.3: DFF may follow the MF spent"
    );
    assert_eq!(order.script(&b.map), r#"PlaceDcAt("us1", "J5")"#);
    let said = apply(&mut st, &set, &order, &mut dice);
    assert_eq!(events(&said), vec!["place_dc"], "no attack in the MPh");
    let us1 = unit_in(&st, "us1");
    assert!(!us1.unit.dc, "the DC has left its hands");
    assert_eq!(us1.unit.mf_spent, 2.0);
    let placed = us1.unit.placed_dc.clone().expect("Placed");
    assert_eq!(placed.on, Some(loc(&b, "J5")));
    assert_eq!(placed.target_name(&b.map), "J5");
    let (mut broken, mut pinned, mut moved) = (st.clone(), st.clone(), st.clone());
    // The AFPh begins: it detonates and attacks J5.
    st.phase = Phase::AdvancingFire;
    let said = begin_phase(&mut st, &set, &mut dice);
    let ev = events(&said);
    let at = ev
        .iter()
        .position(|e| *e == "dc_detonates")
        .expect("detonates");
    assert_eq!(ev[at + 1], "dc_attack", "{ev:?}");
    assert!(said[at + 1].text.contains("vs J5"), "{}", said[at + 1].text);
    assert!(unit_in(&st, "us1").unit.placed_dc.is_none());
    // Moved on unbroken from I5: the DC was operably Placed (A23.3).
    for u in moved.units.iter_mut().filter(|u| u.unit.id == "us1") {
        u.at = loc(&b, "H5");
    }
    moved.phase = Phase::AdvancingFire;
    assert!(events(&begin_phase(&mut moved, &set, &mut dice)).contains(&"dc_attack"));
    // Broken, or pinned, in I5 by Defensive First Fire: not operably Placed; the DC stays
    // with its Placer.
    for (st, what) in [(&mut broken, "broke"), (&mut pinned, "was pinned")] {
        for u in st.units.iter_mut().filter(|u| u.unit.id == "us1") {
            if what == "broke" {
                u.unit.broken = true;
            } else {
                u.unit.pinned = true;
            }
        }
        let mut s = beside_the_woods(&b, Phase::AdvancingFire, false);
        s.state = st.clone();
        let r = refused(placed_dc_at_detonation(&s, "us1"));
        assert!(r.reason.contains(what), "{r}");
        st.phase = Phase::AdvancingFire;
        let said = begin_phase(st, &set, &mut dice);
        let lost = said.iter().find(|s| s.event == "dc_lost").expect("lost");
        assert_eq!(lost.rule.as_deref(), Some("A23.3"));
        assert!(!events(&said).contains(&"dc_attack"));
        let us1 = unit_in(st, "us1");
        assert!(us1.unit.dc && us1.unit.placed_dc.is_none(), "{what}");
    }
}

#[test]
fn a23_3_legal_orders_offer_a_dc_on_each_adjacent_enemy_location_its_side_sees() {
    let b = woods();
    let mut s = situation(
        &b,
        Phase::Movement,
        Side::Allied,
        vec![
            with_dc(us(&b, "us1", "I5")),
            jp(&b, "jp1", "J5"),
            hidden(jp(&b, "jp2", "I4")),
            jp(&b, "jp3", "L5"),
        ],
    );
    let placements = |s: &Situation| -> Vec<(Location, bool)> {
        legal_orders(s, "us1", None)
            .into_iter()
            .filter_map(|(o, r)| match o {
                Order::PlaceDcAt { at, .. } => Some((at, r.is_ok())),
                _ => None,
            })
            .collect()
    };
    // J5 (Known, ADJACENT); not I4 (hidden: not there for the Allies, A12), not L5 (far).
    assert_eq!(placements(&s), vec![(loc(&b, "J5"), true)]);
    // In the AFPh it is listed, refused.
    s.phase = Phase::AdvancingFire;
    assert_eq!(placements(&s), vec![(loc(&b, "J5"), false)]);
}

/// A23.1: a DC's attack is Area Fire if its target is all concealed "at the time the DC is ...
/// operably-Placed": jp1, concealed when us1 Places its DC, loses its "?" (by firing at the
/// Placer, say) before the DFPh begins, when the DC becomes operable: 30 FP after all. A target
/// of hidden units only is veiled too (as Fire reads Area Fire). Operable, the DC goes off
/// though us1 is broken in the DFPh.
#[test]
fn a23_1_area_fire_is_read_when_the_dc_becomes_operable_and_then_the_placer_no_longer_matters() {
    let b = woods();
    let set = crate::board::setting(&b);
    let mut st = beside_the_woods(&b, Phase::Movement, true).state;
    let mut dice = Dice::new(5);
    let order = Order::PlaceDcAt {
        unit: "us1".into(),
        at: loc(&b, "J5"),
    };
    apply(&mut st, &set, &order, &mut dice);
    assert!(
        unit_in(&st, "us1")
            .unit
            .placed_dc
            .as_ref()
            .unwrap()
            .area_fire
    );
    for u in st.units.iter_mut().filter(|u| u.unit.id == "jp1") {
        u.concealed = false;
    }
    st.phase = Phase::DefensiveFire;
    begin_phase(&mut st, &set, &mut dice);
    let placed = unit_in(&st, "us1").unit.placed_dc.clone().unwrap();
    assert!(placed.operable && !placed.area_fire, "{placed:?}");
    for u in st.units.iter_mut().filter(|u| u.unit.id == "us1") {
        u.unit.broken = true;
    }
    st.phase = Phase::AdvancingFire;
    let said = begin_phase(&mut st, &set, &mut dice);
    let attack = said
        .iter()
        .find(|s| s.event == "dc_attack")
        .expect("detonates");
    assert!(
        attack.text.contains("DC (30 FP) vs J5: 30 FP,"),
        "{}",
        attack.text
    );
    // Hidden units only: veiled.
    let mut s = beside_the_woods(&b, Phase::Movement, false);
    for u in s.units.iter_mut().filter(|u| u.unit.id == "jp1") {
        u.hidden = true;
    }
    assert!(asl_pto_core::rules::orders::dc_ground::all_veiled(
        &s,
        Side::Allied,
        &loc(&b, "J5")
    ));
}
