//! `rules::orders::units` (A7.301/A7.302 IFT effects, A10 Morale Checks with G1.41, A10.3 and
//! G1.11-G1.14/G1.4 failures), `rules::orders::search` (A12.152, G11.33, G1.63) and
//! `rules::orders::heroes` (G1.421-G1.424).

use asl_pto_core::counters::Nationality;
use asl_pto_core::game::{Dice, REFUSED, apply};
use asl_pto_core::model::{Phase, Side};
use asl_pto_core::rules::ift::IftResult;
use asl_pto_core::rules::japanese::smc::SmcOutcome;
use asl_pto_core::rules::japanese::step::Cause;
use asl_pto_core::rules::morale::break_without_mc;
use asl_pto_core::rules::orders::Order;
use asl_pto_core::rules::orders::heroes::{create_hero, japanese_squads_in_ob};
use asl_pto_core::rules::orders::phase::unit_at_phase_start;
use asl_pto_core::rules::orders::search::search;
use asl_pto_core::rules::orders::units::{
    IftEffect, McFailure, casualty, ift_effect, kia_survivor, mc, mc_failure, morale_check,
    random_selection,
};

use super::*;

fn elr(side: Side) -> i32 {
    match side {
        Side::Japanese => 3,
        Side::Allied => 4,
    }
}

#[test]
fn g1_41_a_good_order_japanese_leader_raises_his_squads_morale_level_by_one() {
    let b = cliff();
    let s = situation(
        &b,
        Phase::Movement,
        Side::Allied,
        vec![
            jp(&b, "jp1", "cave:A"),
            unit(&b, "jpL", Nationality::Japanese, "9-1", "cave:A"),
        ],
    );
    let plan = mc(&s, s.unit("jp1").unwrap(), 2, elr, "a 2MC");
    assert_eq!((plan.level.value, plan.level.rule), (8, "G1.41"));
    assert_eq!((plan.elr, plan.roll_rule), (3, "A10.1"));
    // MC DR 3 + 4 = 7, +2 = 9 > 8: failed by one.
    let (result, text) = plan.check(3, 4);
    assert!(!result.passed);
    assert_eq!(result.by, 1);
    assert!(
        text.starts_with("a 2MC: Morale Level 8 (G1.41: a Japanese leader raises"),
        "{text}"
    );
    // The leader himself is not raised by another leader, nor by himself.
    let plan = mc(&s, s.unit("jpL").unwrap(), 0, elr, "a NMC");
    assert_eq!(plan.level.value, 9);
}

#[test]
fn a10_1_the_script_morale_check_is_a_nmc_or_a_drm_mc_on_the_printed_morale() {
    let b = cliff();
    let s = situation(&b, Phase::Movement, Side::Allied, vec![us(&b, "us1", "T4")]);
    let plan = allowed(morale_check(&s, "us1", 0, elr));
    assert_eq!((plan.why.as_str(), plan.level.value), ("a NMC", 8));
    assert_eq!((plan.level.rule, plan.elr), ("A10.1", 4));
    assert_eq!(allowed(morale_check(&s, "us1", 3, elr)).why, "a 3MC");
    assert!(plan.check(4, 4).0.passed, "8 <= Morale Level 8");
    assert_eq!(refused(morale_check(&s, "us9", 0, elr)).rule, "A3");
}

#[test]
fn g1_4_a_japanese_smc_failing_a_mc_is_wounded_on_his_wound_severity_dr() {
    let b = cliff();
    let leader = unit(&b, "jpL", Nationality::Japanese, "9-1", "cave:A");
    let mut failed = break_without_mc();
    failed.by = 1;
    let f = mc_failure(&leader.unit, Cause::IftMc, &failed).unwrap();
    let McFailure::JapaneseSmc { roll_rule, .. } = &f else {
        panic!("{f:?}");
    };
    assert_eq!(*roll_rule, "A17.11");
    assert_eq!(
        f.wound(
            asl_pto_core::rules::tables::Tables::builtin().wound_severity,
            2
        )
        .unwrap()
        .outcome,
        SmcOutcome::Wounded
    );
    assert_eq!(
        f.wound(
            asl_pto_core::rules::tables::Tables::builtin().wound_severity,
            5
        )
        .unwrap()
        .outcome,
        SmcOutcome::Eliminated
    );
}

#[test]
fn a10_3_another_leader_breaks_and_a_squad_is_exchanged_as_g1_12_or_a10_3_says() {
    let b = cliff();
    let leader = unit(&b, "usL", Nationality::American, "9-1", "T4");
    let mc = break_without_mc();
    let Some(McFailure::Breaks(c)) = mc_failure(&leader.unit, Cause::IftMc, &mc) else {
        panic!("the leader breaks");
    };
    assert_eq!(
        (c.rule, c.reason.as_str()),
        ("A10.3", "the leader breaks (and is DM)")
    );
    let Some(McFailure::Becomes(out)) = mc_failure(&us(&b, "us1", "T4").unit, Cause::IftMc, &mc)
    else {
        panic!("the squad breaks");
    };
    assert_eq!(out.rule, "A10.3");
    assert!(out.becomes[0].broken);
    // G1.121: a Full-Strength Japanese squad is Step-Reduced, unbroken.
    let Some(McFailure::Becomes(out)) = mc_failure(&jp(&b, "jp1", "T4").unit, Cause::IftMc, &mc)
    else {
        panic!("the Japanese squad is Step-Reduced");
    };
    assert_eq!(out.rule, "G1.121");
    assert_eq!(out.becomes[0].counter, "3-4-7");
    assert!(!out.becomes[0].broken);
}

#[test]
fn a7_each_ift_result_says_what_the_units_in_the_location_suffer() {
    assert_eq!(ift_effect(IftResult::Kia(2)), IftEffect::Kia(2));
    assert_eq!(
        ift_effect(IftResult::K(2)),
        IftEffect::Casualty {
            drm: 2,
            why: "K/2: a 2MC".into()
        }
    );
    assert_eq!(
        ift_effect(IftResult::Mc(3)),
        IftEffect::Mc {
            drm: 3,
            why: "a 3MC".into()
        }
    );
    assert_eq!(
        ift_effect(IftResult::Nmc),
        IftEffect::Mc {
            drm: 0,
            why: "a NMC".into()
        }
    );
    assert_eq!(ift_effect(IftResult::Ptc), IftEffect::Ptc);
    let IftEffect::Nothing(c) = ift_effect(IftResult::NoEffect) else {
        panic!("no effect affects nobody");
    };
    assert_eq!(c.rule, "A7");
}

#[test]
fn a7_301_random_selection_picks_the_highest_dr_the_first_of_equals() {
    assert_eq!(random_selection(&[2, 5, 5, 1]), Some(1));
    assert_eq!(random_selection(&[6]), Some(0));
    assert_eq!(random_selection(&[]), None);
}

#[test]
fn a7_301_the_units_a_kia_spares_break_if_in_good_order() {
    let b = cliff();
    let mut broken = us(&b, "us1", "T4");
    broken.unit.broken = true;
    assert_eq!(kia_survivor(&broken.unit), None);
    let Some(McFailure::Becomes(out)) = kia_survivor(&us(&b, "us2", "T4").unit) else {
        panic!("a Good Order squad breaks");
    };
    assert!(out.becomes[0].broken, "{}", out.reason);
}

/// The exchange a Casualty Reduction makes (a test fails on a Wound instead).
fn becomes(f: McFailure) -> asl_pto_core::rules::japanese::step::StepOutcome {
    match f {
        McFailure::Becomes(out) => out,
        other => panic!("expected an exchange, got {other:?}"),
    }
}

#[test]
fn a7_302_casualty_reduction_makes_a_squad_its_hs_and_eliminates_a_hs() {
    let b = cliff();
    let out = becomes(casualty(&us(&b, "us1", "T4").unit));
    assert_eq!(out.rule, "A7.302");
    assert_eq!(out.becomes[0].counter, "3-3-8");
    assert_eq!(out.reason, "Casualty Reduction: exchanged for a 3-3-8 HS");
    let mut broken = us(&b, "us1", "T4");
    broken.unit.broken = true;
    broken.unit.dm = true;
    let out = becomes(casualty(&broken.unit));
    assert!(
        out.becomes[0].broken && out.becomes[0].dm,
        "it stays broken"
    );
    let hs = unit(&b, "us3", Nationality::American, "3-3-8", "T4");
    assert!(becomes(casualty(&hs.unit)).becomes.is_empty());
    // G1.14: a Japanese squad to its same-Class unbroken HS.
    let out = becomes(casualty(&jp(&b, "jp1", "T4").unit));
    assert_eq!(
        (out.rule, out.becomes[0].counter.as_str()),
        ("G1.14", "2-3-7")
    );
}

#[test]
fn g1_14_ex_casualty_reduction_wounds_a_japanese_smc_whatever_its_cause() {
    // "Casualty Reduction, regardless of cause, ... Wounds a SMC": a K result on a Japanese
    // leader does not eliminate him; his Wound Severity dr decides.
    let b = cliff();
    let leader = unit(&b, "jpL", Nationality::Japanese, "9-1", "T4");
    let f = casualty(&leader.unit);
    assert!(
        matches!(
            f,
            McFailure::JapaneseSmc {
                casualty: false,
                ..
            }
        ),
        "{f:?}"
    );
    let survive = asl_pto_core::rules::tables::Tables::builtin()
        .wound_severity
        .mortal_at_or_above
        - 1;
    assert_eq!(
        f.wound(
            asl_pto_core::rules::tables::Tables::builtin().wound_severity,
            survive
        )
        .unwrap()
        .outcome,
        asl_pto_core::rules::japanese::smc::SmcOutcome::Wounded
    );
}

#[test]
fn g1_41_a_heros_casualty_mc_wounds_him_only_a_leader_is_eliminated() {
    let b = cliff();
    let mut hero = unit(&b, "jp1.hero", Nationality::Japanese, "T-H Hero", "T4");
    hero.unit.hero = Some(asl_pto_core::model::Hero {
        target: "us1".into(),
        created_in: 1,
        attacked: false,
    });
    let twelve = asl_pto_core::rules::morale::morale_check(12, 0, 7, 3);
    assert!(twelve.casualty, "an Original 12 is a Casualty MC");
    let f = mc_failure(&hero.unit, Cause::IftMc, &twelve).unwrap();
    assert!(
        matches!(
            f,
            McFailure::JapaneseSmc {
                casualty: false,
                ..
            }
        ),
        "{f:?}"
    );
    let leader = unit(&b, "jpL", Nationality::Japanese, "9-1", "T4");
    let f = mc_failure(&leader.unit, Cause::IftMc, &twelve).unwrap();
    assert!(
        matches!(f, McFailure::JapaneseSmc { casualty: true, .. }),
        "{f:?}"
    );
}

#[test]
fn g11_33_a_search_of_the_cliff_hex_reveals_its_hidden_caves_and_their_contents() {
    let b = cliff();
    let mut s = situation(
        &b,
        Phase::Movement,
        Side::Allied,
        vec![us(&b, "us2", "S4"), hidden(jp(&b, "jp1", "cave:G"))],
    );
    s.hidden_caves = vec!["A".into(), "G".into(), "M".into()];
    let plan = allowed(search(&s, "us2", hex(&b, "S5")));
    assert_eq!(plan.caves, vec!["A", "G", "M"]);
    assert_eq!(plan.revealed, vec!["jp1"]);
    assert_eq!((plan.rule, plan.mf_spent), ("G11.33", 4.0));
    assert!(
        plan.reason
            .ends_with("(Search drm 0: a cave does not invoke G1.63's +2 (G11.33))"),
        "{}",
        plan.reason
    );
}

#[test]
fn g1_63_a_search_for_hidden_japanese_above_ground_gets_plus_two() {
    // In U4's jungle (Concealment Terrain, G1.63); the same Search of U4 as Open Ground (no
    // Concealment Terrain Searched) has no +2.
    let mut b = cliff();
    let open = situation(
        &b,
        Phase::Movement,
        Side::Allied,
        vec![us(&b, "us7", "U4"), hidden(jp(&b, "jp6", "U4"))],
    );
    let plan = allowed(search(&open, "us7", hex(&b, "U4")));
    assert!(plan.reason.contains("Search drm 0"), "{}", plan.reason);
    let u4 = hex(&b, "U4");
    b.map
        .set_hex(u4, None, Some(asl_pto_core::map::Terrain::Jungle), None);
    let s = situation(
        &b,
        Phase::Movement,
        Side::Allied,
        vec![us(&b, "us7", "U4"), hidden(jp(&b, "jp6", "U4"))],
    );
    let plan = allowed(search(&s, "us7", hex(&b, "U4")));
    assert!(plan.caves.is_empty());
    assert_eq!(plan.revealed, vec!["jp6"]);
    assert_eq!(plan.rule, "A12.152");
    assert!(plan.reason.contains("Search drm 2"), "{}", plan.reason);
}

/// G11.33 (play-aid): "A cave does not invoke the +2 Search drm given in G1.63": a Search of
/// cliff hex S5 for the concealed jp1 in cave A, revealed already, has no +2 (S5 is Open
/// Ground); with S5 jungle, its hidden cave and a hidden squad above ground there, the jungle
/// gives the +2.
#[test]
fn g11_33_a_revealed_caves_hex_gets_no_plus_two_its_jungle_does() {
    let mut b = cliff();
    let mut jp1 = jp(&b, "jp1", "cave:A");
    jp1.concealed = true;
    let s = situation(
        &b,
        Phase::Movement,
        Side::Allied,
        vec![us(&b, "us2", "T4"), jp1.clone()],
    );
    let plan = allowed(search(&s, "us2", hex(&b, "S5")));
    assert_eq!(plan.revealed, vec!["jp1"]);
    assert!(
        plan.reason
            .contains("(Search drm 0: a cave does not invoke"),
        "{}",
        plan.reason
    );
    let s5 = hex(&b, "S5");
    b.map
        .set_hex(s5, None, Some(asl_pto_core::map::Terrain::Jungle), None);
    let mut s = situation(
        &b,
        Phase::Movement,
        Side::Allied,
        vec![
            us(&b, "us2", "T4"),
            hidden(jp(&b, "jp1", "cave:A")),
            hidden(jp(&b, "jp3", "S5")),
        ],
    );
    s.hidden_caves = vec!["A".into()];
    let plan = allowed(search(&s, "us2", hex(&b, "S5")));
    assert_eq!(plan.caves, vec!["A"]);
    assert!(plan.reason.contains("Search drm 2"), "{}", plan.reason);
}

#[test]
fn a12_152_a_good_order_attacker_searches_its_own_or_an_adjacent_hex_in_its_mph() {
    let b = cliff();
    let s = situation(&b, Phase::Movement, Side::Allied, vec![us(&b, "us3", "T5")]);
    let r = refused(search(&s, "us3", hex(&b, "R2")));
    assert_eq!(r.rule, "A12.152");
    assert!(r.reason.ends_with("R2 is not"), "{}", r.reason);
    let s = situation(
        &b,
        Phase::AdvancingFire,
        Side::Allied,
        vec![us(&b, "us3", "T5")],
    );
    assert_eq!(refused(search(&s, "us3", hex(&b, "T5"))).rule, "A12.152");
}

#[test]
fn g1_421_the_allowance_counts_the_japanese_squads_of_the_ob_only() {
    let ob = [
        (Nationality::Japanese, "4-4-7"),
        (Nationality::Japanese, "3-3-6"),
        (Nationality::Japanese, "2-3-7"),
        (Nationality::Japanese, "9-1"),
        (Nationality::American, "7-6-8"),
    ];
    assert_eq!(japanese_squads_in_ob(ob), 2);
}

/// jp2 (4-4-8) with a DC in cave A, us2 at its Entrance Hex S4: the Japanese MPh of 1945.
fn dc_hero(b: &Board, dc: bool) -> Situation<'_> {
    let mut jp2 = unit(b, "jp2", Nationality::Japanese, "4-4-8", "cave:A");
    jp2.unit.dc = dc;
    situation(
        b,
        Phase::Movement,
        Side::Japanese,
        vec![jp2, us(b, "us2", "S4")],
    )
}

#[test]
fn g1_424_ex_a_dc_hero_is_created_on_a_final_dr_of_3_with_the_dc_transferred() {
    let b = cliff();
    let s = dc_hero(&b, true);
    let plan = allowed(create_hero(&s, "jp2", "us2", 6));
    assert_eq!(plan.roll_rule, "G1.421");
    let h = plan.roll(5);
    assert!(h.created && h.dc_hero, "{}", h.reason);
    assert_eq!(h.rule, "G1.424");
    let h = plan.roll(6);
    assert!(!h.created && h.pinned, "an Original 6 pins");
    assert_eq!(plan.hero.id, "jp2.hero");
    assert_eq!(plan.hero.counter, "T-H Hero");
    assert!(plan.hero.dc);
    let hero = plan.hero.hero.as_ref().unwrap();
    assert_eq!((hero.target.as_str(), hero.created_in), ("us2", 1));
    assert_eq!(plan.at, loc(&b, "cave:A"));
}

#[test]
fn g1_424_a_dc_hero_needs_a_dc_and_heroes_left_in_the_allowance() {
    let b = cliff();
    let r = refused(create_hero(&dc_hero(&b, false), "jp2", "us2", 6));
    assert_eq!(r.rule, "G1.421");
    assert!(r.reason.contains("no qualifying target"), "{}", r.reason);
    assert!(r.reason.contains("(allowance 3: "), "{}", r.reason);
    let mut s = dc_hero(&b, true);
    s.tallies.heroes_created = 3;
    let r = refused(create_hero(&s, "jp2", "us2", 6));
    assert!(r.reason.starts_with("no T-H Heroes remain"), "{}", r.reason);
    // Only in the Japanese MPh, and only by the Japanese.
    let mut s = dc_hero(&b, true);
    s.turn.attacker = Side::Allied;
    assert_eq!(refused(create_hero(&s, "jp2", "us2", 6)).rule, "G1.424");
    assert_eq!(refused(create_hero(&s, "us2", "jp2", 6)).rule, "G1.421");
    assert_eq!(refused(create_hero(&s, "jp2", "us9", 6)).rule, "A3");
}

/// G1.421: "10% (20% vs Russians) ... prior to 1943": seven squads give one T-H Hero against
/// Americans in 1942 (0.7, FRU), two against Soviet units (1.4, FRU).
#[test]
fn g1_421_twenty_percent_vs_russians_before_1943() {
    let b = cliff();
    let allowance = |with_soviet: bool| {
        let mut s = dc_hero(&b, false);
        s.year = Some(1942);
        if with_soviet {
            s.state
                .units
                .push(unit(&b, "ru1", Nationality::Soviet, "9-1", "R3"));
        }
        refused(create_hero(&s, "jp2", "us2", 7)).reason
    };
    let r = allowance(false);
    assert!(r.contains("(allowance 1: 10% of 7"), "{r}");
    let r = allowance(true);
    assert!(r.contains("(allowance 2: 20% of 7"), "{r}");
}

/// G1.421: "A T-H Hero creation attempt is a '?'-loss activity (A12.141)": hidden jp2 in cave
/// A, seen by us2 at its Entrance Hex, loses HIP and "?" attempting (whatever the dr); with us2
/// broken (no Good Order enemy sees it) it loses HIP but keeps "?". A creator in the open
/// has nothing to lose.
#[test]
fn g1_421_a_hero_creation_attempt_is_a_concealment_loss_activity() {
    let b = cliff();
    let mut s = dc_hero(&b, true);
    s.state.units[0].hidden = true;
    let plan = allowed(create_hero(&s, "jp2", "us2", 6));
    let (concealed_after, why) = plan.creator_veil.expect("a hidden creator");
    assert!(!concealed_after, "{why}");
    assert!(why.contains("A12.141"), "{why}");
    s.state.units[1].unit.broken = true;
    let plan = allowed(create_hero(&s, "jp2", "us2", 6));
    let (concealed_after, why) = plan.creator_veil.expect("a hidden creator");
    assert!(concealed_after && why.contains("loses HIP"), "{why}");
    s.state.units[0].hidden = false;
    assert!(
        allowed(create_hero(&s, "jp2", "us2", 6))
            .creator_veil
            .is_none()
    );
}

#[test]
fn g1_421_a_conscript_hs_adds_one_and_two_to_the_creation_dr() {
    let b = cliff();
    let mut hs = unit(&b, "jp5", Nationality::Japanese, "1-2-6", "cave:A");
    hs.unit.dc = true;
    let s = situation(
        &b,
        Phase::Movement,
        Side::Japanese,
        vec![hs, us(&b, "us2", "S4")],
    );
    let plan = allowed(create_hero(&s, "jp5", "us2", 6));
    assert!(plan.half_squad && plan.conscript);
    // 2 +1 HS +2 Conscript -2 DC = 3: created; 3 makes 4: not.
    assert!(plan.roll(2).created);
    assert!(!plan.roll(3).created);
}

/// A plain with a band of jungle in columns D-G (2 MF a hex to enter, G.1 / A4)
/// (tests/scenarios/jungle_band.ron).
fn jungle_band() -> Board {
    crate::board::board_of(&crate::scenarios::fixture("jungle_band"))
}

#[test]
fn g1_424_the_dc_heros_target_is_within_eight_mf_by_the_movement_costs_not_hexes() {
    let b = jungle_band();
    let mut jp1 = unit(&b, "jp1", Nationality::Japanese, "4-4-7", "C5");
    jp1.unit.dc = true;
    // H5 is five hexes away, but four jungle hexes (2 MF each) and H5 itself: 9 MF.
    let far = us(&b, "us1", "H5");
    let s = situation(&b, Phase::Movement, Side::Japanese, vec![jp1.clone(), far]);
    let r = create_hero(&s, "jp1", "us1", 2).unwrap_err();
    assert!(r.reason.contains("within eight MF"), "{r}");
    // Across open ground eight hexes away (8 MF) he may.
    let mut jp2 = unit(&b, "jp2", Nationality::Japanese, "4-4-7", "K2");
    jp2.unit.dc = true;
    let near = us(&b, "us2", "S2");
    let s = situation(&b, Phase::Movement, Side::Japanese, vec![jp2, near]);
    assert!(create_hero(&s, "jp2", "us2", 2).is_ok());
}

#[test]
fn g1_423_the_hero_loses_two_mf_per_mf_his_creator_expended() {
    let b = jungle_band();
    let mut jp2 = unit(&b, "jp2", Nationality::Japanese, "4-4-7", "K2");
    jp2.unit.dc = true;
    jp2.unit.mf_spent = 1.0;
    let s = situation(
        &b,
        Phase::Movement,
        Side::Japanese,
        vec![jp2, us(&b, "us2", "N2")],
    );
    let plan = create_hero(&s, "jp2", "us2", 2).unwrap();
    assert_eq!(plan.hero.mf_spent, 2.0, "two of his eight MF gone");
}

#[test]
fn g1_421_no_attempt_by_a_squad_marked_with_a_fire_counter_or_pinned() {
    // "no attempt is allowed if that MMC is marked with a Prep/Bounding/First/Final Fire or
    // Pin/TI counter".
    use asl_pto_core::model::FireMark;
    let b = cliff();
    for mark in [
        FireMark::PrepFire,
        FireMark::BoundingFire,
        FireMark::FirstFire,
        FireMark::FinalFire,
    ] {
        let mut s = dc_hero(&b, true);
        let jp2 = s.units.iter_mut().find(|u| u.unit.id == "jp2").unwrap();
        jp2.unit.fired = Some(mark);
        let r = refused(create_hero(&s, "jp2", "us2", 6));
        assert_eq!(r.rule, "G1.421", "{mark:?}: {}", r.reason);
    }
    let mut s = dc_hero(&b, true);
    s.units
        .iter_mut()
        .find(|u| u.unit.id == "jp2")
        .unwrap()
        .unit
        .pinned = true;
    assert_eq!(refused(create_hero(&s, "jp2", "us2", 6)).rule, "G1.421");
    // Unmarked, the same squad may try.
    allowed(create_hero(&dc_hero(&b, true), "jp2", "us2", 6));
}

#[test]
fn g1_421_an_allowed_mmc_may_make_one_attempt_at_that_time() {
    let b = cliff();
    // A Conscript HS with a DC (+1 HS, +2 Conscript, -2 DC): an Original 3, 4 or 5 fails
    // without pinning it.
    let mut hs = unit(&b, "jp2", Nationality::Japanese, "1-2-6", "cave:A");
    hs.unit.dc = true;
    let st = situation(
        &b,
        Phase::Movement,
        Side::Japanese,
        vec![hs, us(&b, "us2", "S4")],
    )
    .state;
    let order = Order::CreateHero {
        unit: "jp2".into(),
        target: "us2".into(),
    };
    // Six Japanese squads in the OB: an allowance of three (1945).
    let set = asl_pto_core::state::Setting {
        ob_japanese_squads: 6,
        cloaking_allotted: 0,
        ..crate::board::setting(&b)
    };
    // The first seed whose attempt fails without pinning (the DC stays with jp2).
    let (mut st, said) = (1..100)
        .find_map(|seed| {
            let mut st = st.clone();
            let said = apply(&mut st, &set, &order, &mut Dice::new(seed));
            let u = &st.units.iter().find(|u| u.unit.id == "jp2")?.unit;
            (u.dc && !u.pinned && !said.iter().any(|e| e.event == REFUSED)).then_some((st, said))
        })
        .expect("a failed attempt within the seeds");
    assert_eq!(said[0].event, "hero", "{said:?}");
    let again = apply(&mut st, &set, &order, &mut Dice::new(1));
    assert_eq!(again[0].event, REFUSED, "{again:?}");
    assert_eq!(again[0].rule.as_deref(), Some("G1.421"));
    assert!(again[0].text.contains("one attempt"), "{}", again[0].text);
    // The next phase it is a new time.
    st.units
        .iter_mut()
        .for_each(|u| unit_at_phase_start(&mut u.unit));
    let s = st.situation(&crate::board::setting(&b));
    assert!(create_hero(&s, "jp2", "us2", 6).is_ok());
}

#[test]
fn g1_4_japanese_smc_take_no_ptc_and_do_not_pin() {
    use asl_pto_core::game::ift_result_at;
    use asl_pto_core::rules::orders::units::takes_ptc;
    let b = cliff();
    let leader = unit(&b, "jpL", Nationality::Japanese, "9-0", "T4");
    let squad = jp(&b, "jp1", "T4");
    assert!(!takes_ptc(&leader.unit), "a Japanese leader takes no PTC");
    assert!(takes_ptc(&squad.unit));
    assert!(takes_ptc(
        &unit(&b, "usL", Nationality::American, "9-0", "T4").unit
    ));
    // Played: a PTC result makes the squad take one, never the leader.
    for seed in 1..20 {
        let mut st = situation(
            &b,
            Phase::PrepFire,
            Side::Allied,
            vec![leader.clone(), squad.clone()],
        )
        .state;
        let said = ift_result_at(
            &mut st,
            &crate::board::setting(&b),
            &loc(&b, "T4"),
            IftResult::Ptc,
            &mut Dice::new(seed),
        );
        assert!(
            said.iter().all(|e| e.unit.as_deref() != Some("jpL")),
            "{said:?}"
        );
        assert!(!st.units.iter().any(|u| u.unit.id == "jpL" && u.unit.pinned));
    }
}

/// G1.4: "any PTC/Pin result vs a concealed Japanese SMC can cause the loss of his
/// concealment": a concealed lone 9-1 under a PTC result rolls it for his "?" alone: failed
/// (DR above his 9), he loses "?" and is never pinned; passed, he keeps it. And (A12.14, our
/// reading with G1.11) a concealed squad that fails a NMC loses "?"; one that passes keeps it.
#[test]
fn g1_4_a_ptc_vs_a_concealed_japanese_smc_decides_his_concealment() {
    use asl_pto_core::game::ift_result_at;
    let b = cliff();
    let mut leader = unit(&b, "jpL", Nationality::Japanese, "9-1", "T4");
    leader.concealed = true;
    let (mut lost, mut kept) = (0, 0);
    for seed in 1..60 {
        let mut st = situation(&b, Phase::PrepFire, Side::Allied, vec![leader.clone()]).state;
        let said = ift_result_at(
            &mut st,
            &crate::board::setting(&b),
            &loc(&b, "T4"),
            IftResult::Ptc,
            &mut Dice::new(seed),
        );
        let ptc = said.iter().find(|e| e.event == "ptc").expect("he rolls it");
        let dr: u8 = ptc.dice.as_ref().unwrap().iter().sum();
        let l = st.units.iter().find(|u| u.unit.id == "jpL").unwrap();
        assert!(!l.unit.pinned, "{said:?}");
        assert_eq!(l.concealed, dr <= 9, "{said:?}");
        if dr > 9 {
            lost += 1;
            assert!(said.iter().any(|e| e.event == "revealed"), "{said:?}");
        } else {
            kept += 1;
        }
    }
    assert!(lost > 0 && kept > 0);
    let mut squad = jp(&b, "jp1", "T4");
    squad.concealed = true;
    let (mut lost, mut kept) = (0, 0);
    for seed in 1..60 {
        let mut st = situation(&b, Phase::PrepFire, Side::Allied, vec![squad.clone()]).state;
        let said = ift_result_at(
            &mut st,
            &crate::board::setting(&b),
            &loc(&b, "T4"),
            IftResult::Nmc,
            &mut Dice::new(seed),
        );
        let failed = said.iter().any(|e| e.event == "break");
        let u = st.units.iter().find(|u| u.unit.id == "jp1").unwrap();
        assert_eq!(u.concealed, !failed, "{said:?}");
        if failed { lost += 1 } else { kept += 1 }
    }
    assert!(lost > 0 && kept > 0);
}

#[test]
fn a10_3_an_already_broken_unit_that_fails_a_mc_is_casualty_reduced_not_left_as_it_was() {
    use asl_pto_core::rules::orders::units::mc_failure_under;
    use asl_pto_core::rules::tables::Tables;
    let b = cliff();
    let tables = Tables::builtin();
    let mut failed = break_without_mc();
    failed.by = 2;
    // A broken American squad: exchanged for its HS, still broken and DM (the A10.2 EX).
    let mut squad = us(&b, "us1", "T4");
    squad.unit.broken = true;
    let Some(McFailure::Becomes(out)) =
        mc_failure_under(&squad.unit, Cause::IftMc, &failed, &tables)
    else {
        panic!("the broken squad is Casualty Reduced");
    };
    assert_eq!(out.rule, "A10.3");
    assert_eq!(out.becomes.len(), 1, "{out:?}");
    assert_eq!(out.becomes[0].counter, "3-3-8", "{out:?}");
    assert!(out.becomes[0].broken && out.becomes[0].dm, "{out:?}");
    assert!(out.reason.contains("already broken"), "{}", out.reason);
    // A broken Japanese HS: Casualty Reduction eliminates it (G1.14).
    let mut hs = unit(&b, "jp1", Nationality::Japanese, "2-3-7", "T4");
    hs.unit.broken = true;
    let Some(McFailure::Becomes(out)) = mc_failure_under(&hs.unit, Cause::IftMc, &failed, &tables)
    else {
        panic!("the broken HS is Casualty Reduced");
    };
    assert_eq!(out.rule, "A10.3");
    assert!(out.becomes.is_empty(), "eliminated: {out:?}");
    // A Good Order unit breaks as before; a Japanese SMC is Wounded, never broken (G1.4).
    let good = us(&b, "us2", "T4");
    assert_eq!(
        mc_failure_under(&good.unit, Cause::IftMc, &failed, &tables),
        mc_failure(&good.unit, Cause::IftMc, &failed)
    );
    let leader = unit(&b, "jpL", Nationality::Japanese, "9-1", "cave:A");
    assert!(matches!(
        mc_failure_under(&leader.unit, Cause::IftMc, &failed, &tables),
        Some(McFailure::JapaneseSmc { .. })
    ));
    // A player's tables may say otherwise: with `broken_failure_reduces: false` the broken
    // squad stays as it is (it breaks "again").
    let mut stays = tables.clone();
    stays.broken_failure_reduces = false;
    let Some(McFailure::Becomes(out)) =
        mc_failure_under(&squad.unit, Cause::IftMc, &failed, &stays)
    else {
        panic!("a squad's failure");
    };
    assert_eq!(out.rule, "A10.3");
    assert_eq!(
        (out.becomes[0].counter.as_str(), out.becomes[0].broken),
        ("7-6-8", true)
    );
    assert!(!out.reason.contains("already broken"), "{}", out.reason);
}

#[test]
fn a10_3_a_broken_squad_failing_two_mcs_becomes_a_broken_hs_and_then_is_eliminated() {
    let b = cliff();
    let mut squad = us(&b, "us1", "T4");
    squad.unit.broken = true;
    let mut st = situation(&b, Phase::PrepFire, Side::Japanese, vec![squad]).state;
    let set = crate::board::setting(&b);
    // A 12MC fails whatever the dice (DR 2 + 12 > 8).
    let order = Order::MoraleCheck {
        unit: "us1".into(),
        drm: 12,
    };
    let said = apply(&mut st, &set, &order, &mut Dice::new(1));
    let us1 = st
        .units
        .iter()
        .find(|u| u.unit.id == "us1")
        .expect("us1 stays");
    assert_eq!(us1.unit.counter, "3-3-8", "{said:?}");
    assert!(us1.unit.broken && us1.unit.dm);
    assert!(
        said.iter().any(|e| e.rule.as_deref() == Some("A10.3")),
        "{said:?}"
    );
    assert_eq!(
        st.scoring.cvp_japanese, 1,
        "the HS the squad lost is worth 1 Casualty VP (A26.2, G1.65)"
    );
    apply(&mut st, &set, &order, &mut Dice::new(2));
    assert!(st.units.is_empty(), "the broken HS is eliminated");
    assert_eq!(
        st.scoring.cvp_japanese, 2,
        "the squad lost in two steps is worth its 2 Casualty VP (A26.2)"
    );
}

#[test]
fn a10_31_an_american_leader_rolling_an_original_12_is_wounded_and_broken_not_only_broken() {
    use asl_pto_core::rules::tables::Tables;
    let b = cliff();
    let severity = Tables::builtin().wound_severity;
    let leader = unit(&b, "usL", Nationality::American, "9-1", "T4");
    let twelve = asl_pto_core::rules::morale::morale_check(12, 0, 9, 4);
    assert!(twelve.casualty, "an Original 12 is a Casualty MC");
    let f = mc_failure(&leader.unit, Cause::IftMc, &twelve).unwrap();
    assert_eq!(
        f,
        McFailure::Wounds {
            wounded: false,
            breaks: true
        }
    );
    assert!(
        f.wound_dr_needed(),
        "his Wound Severity dr decides (A17.11)"
    );
    // Below the mortal threshold he lives, Wounded; at or above it he dies.
    for dr in 1..=6u8 {
        let out = f.wound(severity, dr).unwrap().outcome;
        let want = if dr >= severity.mortal_at_or_above {
            SmcOutcome::Eliminated
        } else {
            SmcOutcome::Wounded
        };
        assert_eq!(out, want, "Wound Severity dr {dr}");
    }
    // An already wounded man adds the tables' drm.
    let mut hurt = leader.clone();
    hurt.unit.wounded = true;
    let f = mc_failure(&hurt.unit, Cause::IftMc, &twelve).unwrap();
    let just_below = severity.mortal_at_or_above - 1;
    assert_eq!(
        f.wound(severity, just_below).unwrap().outcome,
        if severity.already_wounded_drm > 0 {
            SmcOutcome::Eliminated
        } else {
            SmcOutcome::Wounded
        }
    );
    // Any other failure breaks him, as before.
    let mut failed = break_without_mc();
    failed.by = 1;
    assert!(matches!(
        mc_failure(&leader.unit, Cause::IftMc, &failed),
        Some(McFailure::Breaks(_))
    ));
}

#[test]
fn a7_302_a_k_result_on_an_american_leader_wounds_him_it_does_not_eliminate_him_outright() {
    use asl_pto_core::game::ift_result_at;
    let b = cliff();
    let severity = asl_pto_core::rules::tables::Tables::builtin().wound_severity;
    let leader = unit(&b, "usL", Nationality::American, "9-1", "T4");
    assert_eq!(
        casualty(&leader.unit),
        McFailure::Wounds {
            wounded: false,
            breaks: false
        }
    );
    // Through the game: a K/1 on a lone 9-1, over many seeds, leaves him Wounded (his
    // leadership one worse) on a Wound Severity dr below the threshold, dead at or above it,
    // never eliminated without that dr.
    let (mut lived, mut died) = (0, 0);
    for seed in 1..60 {
        let mut st = situation(&b, Phase::PrepFire, Side::Japanese, vec![leader.clone()]).state;
        let said = ift_result_at(
            &mut st,
            &crate::board::setting(&b),
            &loc(&b, "T4"),
            IftResult::K(1),
            &mut Dice::new(seed),
        );
        // The last Wound Severity dr (the 1MC after the K may bring a second one).
        let wound = said
            .iter()
            .rev()
            .find(|e| e.event == "smc")
            .unwrap_or_else(|| panic!("a Wound Severity dr: {said:?}"));
        assert_eq!(wound.rule.as_deref(), Some("A17.11"), "{}", wound.text);
        match st.units.iter().find(|u| u.unit.id == "usL") {
            Some(u) => {
                assert!(u.unit.wounded, "{}", wound.text);
                assert!(wound.text.contains("he survives"), "{}", wound.text);
                lived += 1;
            }
            None => {
                assert!(wound.text.contains("mortal"), "{}", wound.text);
                died += 1;
            }
        }
    }
    assert!(lived > 0 && died > 0, "both within the seeds");
    assert!(severity.mortal_at_or_above > 1);
}

/// G1.424: "When in that Target's Location ... during or at the end of his MPh, he may detonate
/// his DC ... The DC attack is otherwise resolved as if Placed"; G1.425: he is then removed.
/// DC Hero jp2.hero in S4 with his Designated Target us2: allowed in the Japanese MPh; played,
/// he is eliminated, the DC's IFT DR is rolled on the 30 FP column and us2 takes its result.
/// Elsewhere, or in the Allied MPh, refused. "Any unbroken Japanese Infantry unit possessing a
/// DC may ... detonate it ... in the same manner": jp1 with a DC where us2 is, yes; with no
/// enemy there, or broken, no.
#[test]
fn g1_424_a_dc_hero_detonates_his_dc_in_his_designated_targets_location() {
    use asl_pto_core::rules::orders::heroes::detonate_dc;
    let b = cliff();
    let mut hero = unit(&b, "jp2.hero", Nationality::Japanese, "T-H Hero", "S4");
    hero.unit.dc = true;
    hero.unit.hero = Some(asl_pto_core::model::Hero {
        target: "us2".into(),
        created_in: 1,
        attacked: false,
    });
    let st = situation(
        &b,
        Phase::Movement,
        Side::Japanese,
        vec![hero.clone(), us(&b, "us2", "S4"), us(&b, "us3", "T4")],
    )
    .state;
    let s = st.situation(&crate::board::setting(&b));
    let plan = detonate_dc(&s, "jp2.hero").expect("in his Target's Location");
    assert_eq!(plan.at, loc(&b, "S4"));
    assert_eq!(plan.tem, 0, "S4 is Open Ground");
    drop(s);
    let mut played = st.clone();
    let order = Order::DetonateDc {
        unit: "jp2.hero".into(),
    };
    let said = apply(
        &mut played,
        &crate::board::setting(&b),
        &order,
        &mut Dice::new(3),
    );
    assert!(
        !played.units.iter().any(|u| u.unit.id == "jp2.hero"),
        "{said:?}"
    );
    let attack = said
        .iter()
        .find(|e| e.event == "dc_attack")
        .expect("{said:?}");
    assert_eq!(attack.rule.as_deref(), Some("G1.424"));
    // 30 FP in Open Ground: us2 takes the result (a MC at least, or worse).
    assert!(
        said.iter().any(|e| e.unit.as_deref() == Some("us2")),
        "{said:?}"
    );
    assert!(
        !said.iter().any(|e| e.unit.as_deref() == Some("us3")),
        "T4 is not hit"
    );
    // Not in his Target's Location; not in the Allied MPh.
    let mut away = hero.clone();
    away.at = loc(&b, "S3");
    let s = situation(
        &b,
        Phase::Movement,
        Side::Japanese,
        vec![away, us(&b, "us2", "S4")],
    );
    assert_eq!(detonate_dc(&s, "jp2.hero").unwrap_err().rule, "G1.424");
    let s = situation(
        &b,
        Phase::Movement,
        Side::Allied,
        vec![hero, us(&b, "us2", "S4")],
    );
    assert!(detonate_dc(&s, "jp2.hero").is_err());
    // Any unbroken Japanese unit with a DC, where a Known enemy is.
    let mut jp1 = jp(&b, "jp1", "S4");
    jp1.unit.dc = true;
    let s = situation(
        &b,
        Phase::Movement,
        Side::Japanese,
        vec![jp1.clone(), us(&b, "us2", "S4")],
    );
    assert!(detonate_dc(&s, "jp1").is_ok());
    let s = situation(&b, Phase::Movement, Side::Japanese, vec![jp1.clone()]);
    assert!(detonate_dc(&s, "jp1").is_err());
    jp1.unit.broken = true;
    let s = situation(
        &b,
        Phase::Movement,
        Side::Japanese,
        vec![jp1, us(&b, "us2", "S4")],
    );
    assert!(detonate_dc(&s, "jp1").is_err());
}

/// G1.424: "A DC Hero may not Place/Throw a DC in the normal manner" (a helper's finding: the
/// program let one Place it on an ADJACENT Location, and its Japanese side did, then moved the
/// Hero into his own DC's blast). jp2.hero with a DC beside us2 in S4 (from R4) is refused
/// every Placement with G1.424; a squad with a DC there may Place it.
#[test]
fn g1_424_a_dc_hero_may_not_place_or_throw_his_dc_in_the_normal_manner() {
    use asl_pto_core::rules::orders::dc_ground::place_dc_at;
    let b = cliff();
    let mut hero = unit(&b, "jp2.hero", Nationality::Japanese, "T-H Hero", "R4");
    hero.unit.dc = true;
    hero.unit.hero = Some(asl_pto_core::model::Hero {
        target: "us2".into(),
        created_in: 1,
        attacked: false,
    });
    let mut jp1 = jp(&b, "jp1", "R4");
    jp1.unit.dc = true;
    let s = situation(
        &b,
        Phase::Movement,
        Side::Japanese,
        vec![hero, jp1, us(&b, "us2", "S4")],
    );
    let refused = place_dc_at(&s, "jp2.hero", &loc(&b, "S4")).unwrap_err();
    assert_eq!(refused.rule, "G1.424", "{refused:?}");
    assert!(
        refused.reason.contains("normal manner"),
        "{}",
        refused.reason
    );
    assert!(place_dc_at(&s, "jp1", &loc(&b, "S4")).is_ok());
    // The orders the program's sides choose among offer him no Placement.
    let legal = asl_pto_core::rules::orders::legal_orders(&s, "jp2.hero", None);
    assert!(
        legal.iter().all(|(o, ok)| !(ok.is_ok()
            && matches!(
                o,
                Order::PlaceDcAt { .. } | Order::PlaceDc { .. } | Order::ThrowDc { .. }
            ))),
        "{legal:?}"
    );
}
