//! Stacking above ground (A5.1, A5.11, A5.12; chapter A, not from the seeds: the eASLRB's text
//! in docs/asl-facts.md): the extra MF to enter a Location its side overstacks (A5.11's EX,
//! with a jungle hex for its building) and the penalty to every attack from or within one
//! (A5.12), on the IFT and in Close Combat. A cave keeps its own limits (G11.4).

use asl_pto_core::counters::Nationality;
use asl_pto_core::model::{Phase, Side};
use asl_pto_core::rules::orders::close_combat::close_combat;
use asl_pto_core::rules::orders::fire::fire;
use asl_pto_core::rules::orders::movement::{MoveVerb, move_to};
use asl_pto_core::rules::situation::UnitAt;
use asl_pto_core::rules::stacking::{excess, overstacked_by};

use crate::board::*;

fn squad(b: &Board, id: &str, at: &str) -> UnitAt {
    unit(b, id, Nationality::American, "6-6-7", at)
}

#[test]
fn a5_5_and_a5_1_overstacking_counts_squad_equivalents_over_three_fractions_rounded_up() {
    assert_eq!(excess(3.0, 3.0), 0);
    assert_eq!(excess(3.5, 3.0), 1);
    assert_eq!(excess(4.0, 3.0), 1);
    assert_eq!(excess(4.5, 3.0), 2);
}

/// A5.11 EX: "There are two squads and a crew in building hex 1F5. If a squad moves into 1F5,
/// it will cost three MF (two to enter the building, plus one to enter a now overstacked
/// Location). If another squad advances into the same Location, ... the MF cost of the
/// Location is now four MF (two to enter the building, plus two to enter a Location
/// overstacked by 1½ squads)." Here the jungle of E5 (2 MF) is the building; a crew 2-2-7.
#[test]
fn a5_11_ex_entering_an_overstacked_location_costs_one_mf_more_per_squad_equivalent() {
    let b = plain();
    let mut units = vec![
        squad(&b, "us1", "E5"),
        squad(&b, "us2", "E5"),
        unit(&b, "crew", Nationality::American, "2-2-7", "E5"),
        squad(&b, "us3", "D5"),
        unit(&b, "usL", Nationality::American, "9-1", "D5"),
    ];
    let s = situation(&b, Phase::Movement, Side::Allied, units.clone());
    let p = allowed(move_to(&s, "us3", &loc(&b, "E5"), MoveVerb::Move));
    assert_eq!(p.mf, 3.0, "{}", p.text);
    assert!(p.text.contains("A5.11"), "{}", p.text);
    // A leader adds no squad-equivalent: 2½ stay within the limit.
    let p = allowed(move_to(&s, "usL", &loc(&b, "E5"), MoveVerb::Move));
    assert_eq!(p.mf, 2.0, "{}", p.text);
    // The squad in: the next squad pays two more (4½ squad-equivalents, 1½ over: two, FRU).
    units[3].at = loc(&b, "E5");
    units.push(squad(&b, "us4", "D5"));
    let s = situation(&b, Phase::Movement, Side::Allied, units.clone());
    assert_eq!(overstacked_by(&s, Side::Allied, &loc(&b, "E5")), 1);
    let p = allowed(move_to(&s, "us4", &loc(&b, "E5"), MoveVerb::Move));
    assert_eq!(p.mf, 4.0, "{}", p.text);
    // Now overstacked by one, the leader pays one more too.
    let p = allowed(move_to(&s, "usL", &loc(&b, "E5"), MoveVerb::Move));
    assert_eq!(p.mf, 3.0, "{}", p.text);
    // Open ground beside it holds no one: 1 MF.
    let p = allowed(move_to(&s, "us4", &loc(&b, "D6"), MoveVerb::Move));
    assert_eq!(p.mf, 1.0, "{}", p.text);
}

#[test]
fn a5_12_fire_from_an_overstacked_location_adds_the_excess_to_the_ift_dr() {
    let b = plain();
    let mut units = vec![
        squad(&b, "us1", "C7"),
        squad(&b, "us2", "C7"),
        squad(&b, "us3", "C7"),
        jp(&b, "jp1", "G7"),
    ];
    let penalty = |units: &[UnitAt]| -> Option<i32> {
        let s = situation(&b, Phase::PrepFire, Side::Allied, units.to_vec());
        let plan = fire(&s, &["us1".to_string()], &loc(&b, "G7")).unwrap();
        plan.drm.iter().find(|d| d.rule == "A5.12").map(|d| d.drm)
    };
    assert_eq!(penalty(&units), None, "three squads: no penalty");
    units.push(squad(&b, "us4", "C7"));
    assert_eq!(penalty(&units), Some(1));
    units.push(unit(&b, "us5", Nationality::American, "3-3-7", "C7"));
    assert_eq!(
        penalty(&units),
        Some(2),
        "4½ squad-equivalents: two over (FRU)"
    );
    // The enemy's stacking is its own: jp1 is not penalized for the Americans' stack.
    let s = situation(&b, Phase::DefensiveFire, Side::Allied, units.to_vec());
    let plan = fire(&s, &["jp1".to_string()], &loc(&b, "C7")).unwrap();
    assert!(plan.drm.iter().all(|d| d.rule != "A5.12"), "{:?}", plan.drm);
}

#[test]
fn a5_12_a_close_combat_attack_from_an_overstacked_location_adds_the_excess_to_its_dr() {
    let b = plain();
    let mut units = vec![
        squad(&b, "us1", "C5"),
        squad(&b, "us2", "C5"),
        squad(&b, "us3", "C5"),
        squad(&b, "us4", "C5"),
        jp(&b, "jp1", "C5"),
    ];
    let drm = |units: &[UnitAt], side: Side| -> Vec<(i32, &'static str)> {
        let s = situation(&b, Phase::CloseCombat, Side::Allied, units.to_vec());
        let plan = close_combat(&s, &loc(&b, "C5"), &[], &[]).unwrap();
        plan.attacks
            .iter()
            .find(|a| a.side == side)
            .unwrap()
            .drm
            .iter()
            .map(|d| (d.value, d.rule))
            .collect()
    };
    assert!(drm(&units, Side::Allied).contains(&(1, "A5.12")));
    assert!(!drm(&units, Side::Japanese).iter().any(|d| d.1 == "A5.12"));
    units.remove(3);
    assert!(!drm(&units, Side::Allied).iter().any(|d| d.1 == "A5.12"));
}
