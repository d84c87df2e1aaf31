//! A10.6 Rally (chapter A, not in the seeds; its DRM in `assets/tables.ron`) with G11.1/G11.2
//! (caves and Cave Complexes are Rally-Bonus Terrain), G11.77 (no DM in a Cave Complex),
//! G1.41 (a Japanese leader raises a broken Japanese unit's Morale Level; its EX) and G11.75
//! (the cave play-aid's RALLY PHASE: hidden actions within caves and Cave Complexes).

use asl_pto_core::counters::Nationality;
use asl_pto_core::game::{Dice, REFUSED, apply, begin_phase, end_rally_phase};
use asl_pto_core::model::{Phase, Side};
use asl_pto_core::rules::orders::Order;
use asl_pto_core::rules::orders::rally::{leadership, rally};
use asl_pto_core::rules::situation::UnitAt;
use asl_pto_core::state::GameState;

use crate::board::{Board, cliff, cliff_with_complex, hidden, plain, setting, situation, unit, us};

fn broken(mut u: UnitAt) -> UnitAt {
    u.unit.broken = true;
    u
}

fn rph(b: &Board, units: Vec<UnitAt>) -> GameState {
    situation(b, Phase::Rally, Side::Allied, units).state
}

/// The RPh of the Japanese Player Turn (their MMC may self-rally: the ATTACKER's, A10.6).
fn japanese_rph(b: &Board, units: Vec<UnitAt>) -> GameState {
    situation(b, Phase::Rally, Side::Japanese, units).state
}

#[test]
fn a10_6_a_broken_squad_rallies_with_a_good_order_leader_and_his_modifier() {
    let b = plain();
    let st = rph(
        &b,
        vec![
            broken(unit(&b, "us1", Nationality::American, "7-6-8", "C3")),
            unit(&b, "usL", Nationality::American, "8-1", "C3"),
        ],
    );
    let s = st.situation(&setting(&b));
    let plan = rally(&s, "us1").unwrap();
    assert_eq!(plan.leader.as_deref(), Some("usL"));
    assert!(!plan.mmc_self_rally);
    assert_eq!(plan.total_drm(), -1, "{:?}", plan.drm);
    assert_eq!(plan.level.value, 8, "the 7-6-8's morale");
    // Final DR 9 - 1 = 8 <= 8 rallies; 10 - 1 = 9 does not.
    assert!(plan.resolve(4, 5).rallied);
    let fail = plan.resolve(5, 5);
    assert!(!fail.rallied && !fail.casualty, "{}", fail.text);
    // A10.61: an Original 12 fails and is a Casualty Reduction, whatever the DRM.
    let twelve = plan.resolve(6, 6);
    assert!(!twelve.rallied && twelve.casualty);
    assert_eq!(twelve.rule, "A10.61");
    assert_eq!(leadership(&s.unit("usL").unwrap().unit), -1);
}

#[test]
fn a10_6_one_mmc_self_rally_per_side_per_rph_at_plus_one_a_leader_always() {
    let b = plain();
    let mut st = rph(
        &b,
        vec![
            broken(unit(&b, "us1", Nationality::American, "7-6-8", "C3")),
            broken(unit(&b, "us2", Nationality::American, "7-6-8", "E3")),
            broken(unit(&b, "usL", Nationality::American, "8-1", "G3")),
        ],
    );
    let s = st.situation(&setting(&b));
    let plan = rally(&s, "us1").unwrap();
    assert!(plan.mmc_self_rally && plan.leader.is_none());
    assert_eq!(plan.total_drm(), 1, "+1 for a MMC rallying itself");
    st.tallies.mmc_self_rallied.push(Side::Allied);
    let s = st.situation(&setting(&b));
    let r = rally(&s, "us2").unwrap_err();
    assert!(r.reason.contains("one MMC self-rally"), "{}", r.reason);
    // A broken leader rallies himself, taking the self-rally +1 too (never his own -1).
    let plan = rally(&s, "usL").unwrap();
    assert_eq!(plan.total_drm(), 1, "{:?}", plan.drm);
    assert!(plan.leader.is_none() && !plan.mmc_self_rally);
}

#[test]
fn a10_6_the_extra_mmc_self_rally_is_the_attackers_only() {
    let b = plain();
    // The Allies are the ATTACKER: a broken Japanese squad with no leader may not self-rally.
    let st = rph(
        &b,
        vec![broken(unit(
            &b,
            "jp1",
            Nationality::Japanese,
            "4-4-7",
            "C3",
        ))],
    );
    let r = rally(&st.situation(&setting(&b)), "jp1").unwrap_err();
    assert_eq!(r.rule, "A10.6");
    assert!(r.reason.contains("ATTACKER's only"), "{}", r.reason);
    // Its own Player Turn, it may.
    let st = japanese_rph(
        &b,
        vec![broken(unit(
            &b,
            "jp1",
            Nationality::Japanese,
            "4-4-7",
            "C3",
        ))],
    );
    let plan = rally(&st.situation(&setting(&b)), "jp1").unwrap();
    assert!(plan.mmc_self_rally);
    // A DEFENDER unit with a Good Order leader still rallies.
    let st = rph(
        &b,
        vec![
            broken(unit(&b, "jp1", Nationality::Japanese, "4-4-7", "C3")),
            unit(&b, "jpL", Nationality::Japanese, "9-1", "C3"),
        ],
    );
    assert!(rally(&st.situation(&setting(&b)), "jp1").is_ok());
}

#[test]
fn a10_6_only_a_broken_unit_in_the_rph_once() {
    let b = plain();
    let mut st = rph(
        &b,
        vec![
            broken(unit(&b, "us1", Nationality::American, "7-6-8", "C3")),
            unit(&b, "us2", Nationality::American, "7-6-8", "C3"),
        ],
    );
    let s = st.situation(&setting(&b));
    assert!(rally(&s, "us2").unwrap_err().reason.contains("Good Order"));
    st.phase = Phase::PrepFire;
    let s = st.situation(&setting(&b));
    assert!(rally(&s, "us1").unwrap_err().reason.contains("RPh"));
    st.phase = Phase::Rally;
    st.units[0].unit.rally_attempted = true;
    let s = st.situation(&setting(&b));
    assert!(rally(&s, "us1").unwrap_err().reason.contains("already"));
}

#[test]
fn g11_1_a_cave_is_rally_bonus_terrain_and_dm_adds_four() {
    let b = cliff();
    let mut jp1 = broken(unit(&b, "jp1", Nationality::Japanese, "4-4-7", "cave:A"));
    jp1.unit.dm = true;
    let st = japanese_rph(&b, vec![jp1]);
    let s = st.situation(&setting(&b));
    let plan = rally(&s, "jp1").unwrap();
    let rules: Vec<(&str, i32)> = plan.drm.iter().map(|d| (d.rule, d.value)).collect();
    assert!(rules.contains(&("G11.1", -1)), "{rules:?}");
    assert!(rules.contains(&("A10.62", 4)), "{rules:?}");
    assert_eq!(plan.total_drm(), 1 + 4 - 1, "self-rally +1, DM +4, cave -1");
    // G11.2: a Cave Complex is Rally-Bonus Terrain too.
    let st = japanese_rph(
        &b,
        vec![broken(unit(
            &b,
            "jp2",
            Nationality::Japanese,
            "4-4-7",
            "complex:A",
        ))],
    );
    let s = st.situation(&setting(&b));
    let plan = rally(&s, "jp2").unwrap();
    assert!(
        plan.drm.iter().any(|d| d.rule == "G11.2" && d.value == -1),
        "{:?}",
        plan.drm
    );
}

#[test]
fn g1_41_ex_a_10_0_raises_a_broken_elite_hs_from_8_to_9() {
    let b = plain();
    let st = rph(
        &b,
        vec![
            broken(unit(&b, "jp1", Nationality::Japanese, "2-3-8", "C3")),
            unit(&b, "jpL", Nationality::Japanese, "10-0", "C3"),
        ],
    );
    let s = st.situation(&setting(&b));
    let plan = rally(&s, "jp1").unwrap();
    assert_eq!(plan.level.value, 9, "{}", plan.level.reason);
    assert_eq!(plan.level.rule, "G1.41");
    assert_eq!(plan.total_drm(), 0, "a 10-0 has no leadership modifier");
    assert!(
        plan.resolve(4, 5).rallied,
        "Final 9 <= 9: the raise in effect a -1 DRM"
    );
}

#[test]
fn a10_6_a_rally_in_play_flips_the_unit_and_counts_its_attempt() {
    let b = plain();
    let us1 = broken(unit(&b, "us1", Nationality::American, "7-6-8", "C3"));
    let usl = unit(&b, "usL", Nationality::American, "8-1", "C3");
    let order = Order::Rally { unit: "us1".into() };
    // The first seed that rallies (Final DR <= 8 with the leader's -1).
    let (st, said) = (1..50)
        .find_map(|seed| {
            let mut st = rph(&b, vec![us1.clone(), usl.clone()]);
            let said = apply(&mut st, &setting(&b), &order, &mut Dice::new(seed));
            let u = &st.units.iter().find(|u| u.unit.id == "us1")?.unit;
            (!u.broken).then_some((st, said))
        })
        .expect("a rally within fifty seeds");
    assert_eq!(said[0].event, "rally");
    assert_eq!(said[0].dice.as_ref().map(Vec::len), Some(2));
    let u = &st.units.iter().find(|u| u.unit.id == "us1").unwrap().unit;
    assert!(!u.dm && u.rally_attempted);
    // Once in Good Order there is nothing to rally; a second attempt is refused.
    let mut st = st;
    st.units
        .iter_mut()
        .find(|u| u.unit.id == "us1")
        .unwrap()
        .unit
        .broken = true;
    let said = apply(&mut st, &setting(&b), &order, &mut Dice::new(1));
    assert_eq!(said[0].event, REFUSED, "{said:?}");
}

#[test]
fn g11_77_dm_is_removed_in_a_cave_complex_as_the_rph_begins() {
    let b = plain();
    let mut jp1 = broken(unit(&b, "jp1", Nationality::Japanese, "4-4-7", "complex:A"));
    jp1.unit.dm = true;
    let mut jp2 = broken(unit(&b, "jp2", Nationality::Japanese, "4-4-7", "C3"));
    jp2.unit.dm = true;
    // A Known American next to jp2 keeps its DM (A10.62).
    let mut st = rph(&b, vec![jp1, jp2, us(&b, "us1", "C4")]);
    st.tallies.mmc_self_rallied.push(Side::Japanese);
    let said = begin_phase(&mut st, &setting(&b), &mut Dice::new(1));
    let dm = said
        .iter()
        .find(|e| e.event == "dm_removed")
        .expect("G11.77");
    assert_eq!(dm.unit.as_deref(), Some("jp1"));
    assert_eq!(dm.rule.as_deref(), Some("G11.77"));
    assert!(!st.units[0].unit.dm, "in the Complex: DM removed");
    assert!(st.units[1].unit.dm, "above ground it stays");
    assert!(
        st.tallies.mmc_self_rallied.is_empty(),
        "a new RPh, a new self-rally"
    );
}

#[test]
fn g11_75_play_aid_a_hidden_unit_rallies_in_a_cave_or_cave_complex_and_stays_hidden() {
    // RALLY PHASE: "Hidden actions are possible within Caves/Cave Complexes." A hidden broken
    // squad in cave A, or in Complex AA, makes its Rally attempt without being revealed, whether
    // it rallies or not; it is Rally-Bonus Terrain all the same.
    let b = cliff_with_complex();
    for at in ["cave:A", "complex:A"] {
        let jp1 = hidden(broken(unit(&b, "jp1", Nationality::Japanese, "4-4-7", at)));
        let st = japanese_rph(&b, vec![jp1.clone()]);
        let plan = rally(&st.situation(&setting(&b)), "jp1").unwrap();
        assert_eq!(
            plan.total_drm(),
            1 - 1,
            "{at}: self-rally +1, {:?}",
            plan.drm
        );
        let mut outcomes = Vec::new();
        for seed in 1..60 {
            let mut st = japanese_rph(&b, vec![jp1.clone()]);
            let order = Order::Rally { unit: "jp1".into() };
            let said = apply(&mut st, &setting(&b), &order, &mut Dice::new(seed));
            assert_eq!(said[0].event, "rally", "{at}: {said:?}");
            let u = st.units.iter().find(|u| u.unit.id == "jp1").unwrap();
            assert!(u.hidden, "{at}: revealed by its Rally attempt: {said:?}");
            assert!(u.unit.rally_attempted);
            outcomes.push(u.unit.broken);
        }
        assert!(
            outcomes.contains(&true) && outcomes.contains(&false),
            "{at}: both a rally and a failure within the seeds"
        );
    }
}

#[test]
fn a10_62_dm_holds_through_the_rph_and_comes_off_at_its_end_unless_a_known_enemy_is_adjacent() {
    let b = plain();
    let mut jp1 = broken(unit(&b, "jp1", Nationality::Japanese, "4-4-7", "C3"));
    jp1.unit.dm = true;
    let mut jp2 = broken(unit(&b, "jp2", Nationality::Japanese, "4-4-7", "H3"));
    jp2.unit.dm = true;
    let mut hidden_us = us(&b, "us2", "H4");
    hidden_us.hidden = true;
    let mut st = rph(&b, vec![jp1, jp2, us(&b, "us1", "C4"), hidden_us]);
    // As the RPh begins DM stays: it holds for the RPh's Rally attempts (+4).
    let said = begin_phase(&mut st, &setting(&b), &mut Dice::new(1));
    assert!(!said.iter().any(|e| e.event == "dm_removed"), "{said:?}");
    let plan = rally(&st.situation(&setting(&b)), "jp2");
    assert!(
        plan.is_err() || plan.unwrap().drm.iter().any(|d| d.value == 4),
        "DM's +4 holds in the RPh"
    );
    // As it ends, DM comes off unless a Known enemy is in or ADJACENT.
    let said = end_rally_phase(&mut st, &setting(&b), &mut Dice::new(1));
    let lost: Vec<_> = said.iter().filter(|e| e.event == "dm_removed").collect();
    assert_eq!(lost.len(), 1, "{said:?}");
    assert_eq!(
        lost[0].unit.as_deref(),
        Some("jp2"),
        "a hidden enemy is not Known"
    );
    assert_eq!(lost[0].rule.as_deref(), Some("A10.62"));
    let dm = |id: &str| st.units.iter().find(|u| u.unit.id == id).unwrap().unit.dm;
    assert!(dm("jp1"), "us1 is ADJACENT: DM stays");
    assert!(!dm("jp2"));
}

#[test]
fn e1_54_at_night_a_dm_unit_keeps_dm_until_it_makes_a_rally_attempt() {
    let b = plain();
    let mut jp1 = broken(unit(&b, "jp1", Nationality::Japanese, "4-4-7", "C3"));
    jp1.unit.dm = true;
    let mut jp2 = broken(unit(&b, "jp2", Nationality::Japanese, "4-4-7", "H3"));
    jp2.unit.dm = true;
    let mut st = japanese_rph(&b, vec![jp1, jp2]);
    st.night.nvr = Some(2);
    // jp1 makes its Rally attempt (and fails: it stays broken); jp2 makes none.
    let order = Order::Rally { unit: "jp1".into() };
    let failed = (1..80)
        .find_map(|seed| {
            let mut st = st.clone();
            apply(&mut st, &setting(&b), &order, &mut Dice::new(seed));
            let u = &st.units.iter().find(|u| u.unit.id == "jp1")?.unit;
            (u.broken && u.rally_attempted).then_some(st)
        })
        .expect("a failed Rally attempt within the seeds");
    let mut st = failed;
    let said = end_rally_phase(&mut st, &setting(&b), &mut Dice::new(1));
    let lost: Vec<_> = said.iter().filter(|e| e.event == "dm_removed").collect();
    assert_eq!(lost.len(), 1, "{said:?}");
    assert_eq!(lost[0].unit.as_deref(), Some("jp1"));
    assert_eq!(lost[0].rule.as_deref(), Some("E1.54"));
    let dm = |id: &str| st.units.iter().find(|u| u.unit.id == id).unwrap().unit.dm;
    assert!(!dm("jp1"), "it made a Rally attempt");
    assert!(dm("jp2"), "no Rally attempt: at night DM stays (E1.54)");
}

/// G1.62: Japanese "may still attempt Self-Rally (including automatic rally on an Original 2
/// DR as per A18.11)": a broken, DM Japanese 1-2-6 rallying itself (+1 self, +4 DM: a Final
/// DR of 7 against its 6) rallies on 1,1 and on nothing else; an American HS in the same
/// plight does not rally on 1,1 (the seed gives the automatic rally to the Japanese).
#[test]
fn g1_62_a_japanese_self_rally_on_an_original_2_is_automatic() {
    let b = plain();
    let mut hs = broken(unit(&b, "jp1", Nationality::Japanese, "1-2-6", "C3"));
    hs.unit.dm = true;
    let st = japanese_rph(&b, vec![hs]);
    let s = st.situation(&setting(&b));
    let plan = rally(&s, "jp1").unwrap();
    assert!(plan.leader.is_none());
    assert_eq!(plan.total_drm(), 5, "{:?}", plan.drm);
    let two = plan.resolve(1, 1);
    assert!(two.rallied, "{}", two.text);
    assert_eq!(two.rule, "G1.62");
    assert!(!plan.resolve(1, 2).rallied);
    let mut us = broken(unit(&b, "us1", Nationality::American, "3-3-6", "C3"));
    us.unit.dm = true;
    let st = rph(&b, vec![us]);
    let s = st.situation(&setting(&b));
    let plan = rally(&s, "us1").unwrap();
    assert!(!plan.resolve(1, 1).rallied);
}

#[test]
fn a10_61_g1_jungle_is_rally_bonus_terrain_as_woods() {
    // A helper's finding: woods gave the -1, jungle none, though "All woods are Jungle" under
    // PTO Terrain (G.1) and a rout reads jungle as woods (A10.51).
    let b = plain();
    let drm_in = |at: &str| {
        let st = rph(&b, vec![broken(us(&b, "us1", at))]);
        let s = st.situation(&setting(&b));
        rally(&s, "us1").unwrap().total_drm()
    };
    // E5 is the plain's jungle hex; C5 Open Ground.
    assert_eq!(drm_in("C5"), 1, "self-rally +1");
    assert_eq!(drm_in("E5"), 1 - 1, "self-rally +1, jungle -1");
    let st = rph(&b, vec![broken(us(&b, "us1", "E5"))]);
    let s = st.situation(&setting(&b));
    let plan = rally(&s, "us1").unwrap();
    assert!(
        plan.drm
            .iter()
            .any(|d| d.rule == "A10.61, G.1" && d.value == -1),
        "{:?}",
        plan.drm
    );
}
