//! One move (`orders::movement::move_to`: A4, G11.7-G11.751, G11.933, A12.15, E1.31, E1.51,
//! B11.4), a Climb and its Falling DR (`orders::climb`: B11.4, B11.41, E1.421) and a unit's MF
//! (A4.1), as pure functions over a `Situation` built in code.

use asl_pto_core::counters::Nationality;
use asl_pto_core::model::{Hero, Phase, Side};
use asl_pto_core::rules::moves::field_of_movement;
use asl_pto_core::rules::orders::climb::{climb, climb_outcome};
use asl_pto_core::rules::orders::movement::{MoveEvent, MoveVerb, move_to};
use asl_pto_core::rules::orders::unit_mf;
use asl_pto_core::rules::situation::{Situation, UnitAt};
use asl_pto_core::rules::tables::Tables;

use crate::board::*;

// --- A4.1 MF, A3, A10.5 ---------------------------------------------------------------------

#[test]
fn a4_1_mf_four_for_a_squad_six_for_a_leader_eight_for_a_t_h_hero() {
    let b = plain();
    assert_eq!(unit_mf(&Tables::builtin(), &jp(&b, "jp1", "C3").unit), 4.0);
    assert_eq!(
        unit_mf(
            &Tables::builtin(),
            &unit(&b, "l1", Nationality::Japanese, "8+1", "C3").unit
        ),
        6.0
    );
    let mut hero = jp(&b, "h1", "C3");
    hero.unit.counter = "T-H Hero".into();
    hero.unit.hero = Some(Hero {
        target: "us1".into(),
        created_in: 1,
        attacked: false,
    });
    assert_eq!(unit_mf(&Tables::builtin(), &hero.unit), 8.0);
}

#[test]
fn a3_moving_is_done_by_the_attacker_in_its_mph_or_aph() {
    let b = plain();
    let s = situation(
        &b,
        Phase::PrepFire,
        Side::Japanese,
        vec![jp(&b, "jp1", "C3")],
    );
    let r = refused(move_to(&s, "jp1", &loc(&b, "C4"), MoveVerb::Move));
    assert_eq!(r.rule, "A3");
    assert!(r.reason.contains("MPh/APh"), "{r}");
    let s = mph(&b, Side::Allied, vec![jp(&b, "jp1", "C3")]);
    assert_eq!(
        refused(move_to(&s, "jp1", &loc(&b, "C4"), MoveVerb::Move)).rule,
        "A3"
    );
    assert_eq!(field_of_movement(&s, "jp1").unwrap_err().rule, "A3");
    let gone = refused(move_to(&s, "jp9", &loc(&b, "C4"), MoveVerb::Move));
    assert_eq!(
        (gone.rule, gone.reason.as_str()),
        ("A3", "unit jp9 is no longer in play")
    );
}

#[test]
fn a10_5_a_broken_unit_neither_moves_nor_advances() {
    let b = plain();
    let mut u = jp(&b, "jp1", "C3");
    u.unit.broken = true;
    for phase in [Phase::Movement, Phase::Advance] {
        let s = situation(&b, phase, Side::Japanese, vec![u.clone()]);
        let r = refused(move_to(&s, "jp1", &loc(&b, "C4"), MoveVerb::Move));
        assert_eq!(r.rule, "A10.5");
        assert_eq!(field_of_movement(&s, "jp1").unwrap_err().rule, "A10.5");
    }
}

#[test]
fn a4_1_open_ground_one_mf_higher_base_level_doubled_and_the_log_counts_the_mf() {
    let b = plain();
    let s = mph(&b, Side::Japanese, vec![jp(&b, "jp1", "F4")]);
    let p = allowed(move_to(&s, "jp1", &loc(&b, "F5"), MoveVerb::Move));
    assert_eq!((p.mf, p.mf_spent, p.mf_total), (1.0, 1.0, 4.0));
    assert_eq!((p.rule, p.event), ("A4.1", MoveEvent::Move));
    assert!(p.text.ends_with("; 1 MF, 1 of 4 spent"), "{}", p.text);
    let up = allowed(move_to(&s, "jp1", &loc(&b, "F3"), MoveVerb::Move));
    assert_eq!(up.mf, 2.0, "{}", up.text);
    let far = refused(move_to(&s, "jp1", &loc(&b, "F7"), MoveVerb::Move));
    assert_eq!(far.rule, "A4");
}

#[test]
fn a4_1_a_later_move_only_within_the_mf_left_the_first_always() {
    let b = plain();
    let mut u = jp(&b, "jp1", "E4");
    u.unit.mf_spent = 3.0;
    let s = mph(&b, Side::Japanese, vec![u.clone()]);
    // Jungle costs 2 MF; one is left.
    let r = refused(move_to(&s, "jp1", &loc(&b, "E5"), MoveVerb::Move));
    assert_eq!(r.rule, "A4.1");
    assert!(
        r.reason
            .contains("costs 2 MF; unit jp1 has 1 of its 4 MF left"),
        "{r}"
    );
    assert!(allowed(move_to(&s, "jp1", &loc(&b, "E3"), MoveVerb::Move)).mf_spent == 4.0);
    // The first move of the phase is always allowed.
    u.unit.mf_spent = 0.0;
    u.unit.counter = "4-4-7".into();
    let s = mph(&b, Side::Japanese, vec![u]);
    assert_eq!(
        allowed(move_to(&s, "jp1", &loc(&b, "E5"), MoveVerb::Move)).mf,
        2.0
    );
}

// --- caves: G11.7-G11.751 ----------------------------------------------------------------------

#[test]
fn g11_71_ex_cave_a_from_cave_g_costs_three_mf_when_seen() {
    let b = cliff();
    // us2 in S4, cave A's Entrance Hex, sees into cave A: jp1 does not stay hidden (G11.75).
    let s = mph(
        &b,
        Side::Japanese,
        vec![jp(&b, "jp1", "cave:G"), us(&b, "us2", "S4")],
    );
    let p = allowed(move_to(&s, "jp1", &loc(&b, "cave:A"), MoveVerb::EnterCave));
    assert_eq!((p.mf, p.rule), (3.0, "G11.71"));
    assert!(!p.hidden && p.entered_cave);
    assert!(
        p.text.contains("2 MF + 1 per level changed (1)"),
        "{}",
        p.text
    );
    // M is two levels above A: not Accessible (G11.6).
    let s = mph(&b, Side::Japanese, vec![jp(&b, "jp3", "cave:A")]);
    let r = refused(move_to(&s, "jp3", &loc(&b, "cave:M"), MoveVerb::EnterCave));
    assert_eq!(r.rule, "G11.6");
}

#[test]
fn g11_751_entering_a_cave_unseen_costs_no_mf_and_the_unit_stays_hidden() {
    let b = cliff();
    let s = mph(&b, Side::Japanese, vec![hidden(jp(&b, "jp1", "cave:G"))]);
    let p = allowed(move_to(&s, "jp1", &loc(&b, "cave:A"), MoveVerb::EnterCave));
    assert_eq!((p.mf, p.mf_spent), (0.0, 0.0));
    assert!(p.hidden && !p.concealed);
    assert!(p.text.contains("G11.751: no MF"), "{}", p.text);
}

#[test]
fn g11_751_ex_seen_entering_a_hidden_cave_puts_it_and_the_unit_onboard_concealed() {
    let b = cliff();
    let mut s = mph(
        &b,
        Side::Japanese,
        vec![hidden(jp(&b, "jp1", "cave:G")), us(&b, "us2", "S4")],
    );
    s.hidden_caves = vec!["A".into(), "G".into()];
    let p = allowed(move_to(&s, "jp1", &loc(&b, "cave:A"), MoveVerb::EnterCave));
    // Seen entering a hidden cave, the unit pays the normal MF ("will have expended two MF",
    // G11.751 EX; here G to A, 3 MF by G11.71) and is placed onboard concealed.
    assert_eq!(p.mf, 3.0);
    assert!(!p.hidden && p.concealed);
    assert_eq!(p.reveal_caves, vec!["A".to_string()]);
    assert!(p.text.contains("G11.751 EX"), "{}", p.text);
}

#[test]
fn g11_7_only_japanese_infantry_enter_a_cave() {
    let b = cliff();
    let s = mph(&b, Side::Allied, vec![us(&b, "us2", "S4")]);
    let r = refused(move_to(&s, "us2", &loc(&b, "cave:A"), MoveVerb::EnterCave));
    assert_eq!(r.rule, "G11.7");
    assert!(r.reason.contains("ADJACENT"), "{r}");
    // With a Known Japanese squad inside, still G11.7, not A4.14's "advance into it in the
    // APh", which G11.7 forbids too.
    let s = mph(
        &b,
        Side::Allied,
        vec![us(&b, "us2", "S4"), jp(&b, "jp1", "cave:A")],
    );
    let r = refused(move_to(&s, "us2", &loc(&b, "cave:A"), MoveVerb::EnterCave));
    assert_eq!(r.rule, "G11.7", "{r}");
}

#[test]
fn g11_7_a_cave_is_entered_from_its_entrance_hex_and_an_upper_cliff_cave_only_by_climbing() {
    let b = cliff();
    let s = mph(
        &b,
        Side::Japanese,
        vec![jp(&b, "jp1", "T4"), jp(&b, "jp2", "T3")],
    );
    let r = refused(move_to(&s, "jp1", &loc(&b, "cave:G"), MoveVerb::EnterCave));
    assert_eq!(r.rule, "G11.7");
    assert!(r.reason.ends_with("— use Climb (B11.4)"), "{r}");
    let r = refused(move_to(&s, "jp2", &loc(&b, "cave:A"), MoveVerb::EnterCave));
    assert_eq!(r.rule, "G11.7");
    assert!(r.reason.contains("only from its Entrance Hex S4"), "{r}");
}

#[test]
fn g11_74_ex_entering_a_cave_needs_two_mf_available_and_one_cave_per_phase() {
    let b = cliff();
    // From an Accessible cave (G into A): >= 2 MF available needed.
    let mut u = jp(&b, "jp1", "cave:G");
    u.unit.mf_spent = 3.0;
    let s = mph(&b, Side::Japanese, vec![u.clone()]);
    let r = refused(move_to(&s, "jp1", &loc(&b, "cave:A"), MoveVerb::EnterCave));
    assert_eq!(r.rule, "G11.74");
    assert!(r.reason.contains("this unit has 1"), "{r}");
    let mut u = jp(&b, "jp1", "cave:A");
    u.unit.entered_cave = true;
    let s = mph(&b, Side::Japanese, vec![u]);
    let r = refused(move_to(&s, "jp1", &loc(&b, "cave:G"), MoveVerb::EnterCave));
    assert_eq!(r.rule, "G11.74");
    assert!(r.reason.contains("cannot enter another cave"), "{r}");
}

#[test]
fn g11_74_play_aid_the_two_mf_test_is_for_entry_from_an_accessible_cave_only() {
    // "Infantry may enter a cave or Cave Complex from an Accessible cave/Cave-Complex only if
    // it has >= two MF available": from the above-ground Entrance Hex it does not apply.
    let b = cliff();
    let mut u = jp(&b, "jp1", "S4");
    u.unit.mf_spent = 3.0;
    let s = mph(&b, Side::Japanese, vec![u]);
    let p = allowed(move_to(&s, "jp1", &loc(&b, "cave:A"), MoveVerb::EnterCave));
    assert_eq!(p.to, loc(&b, "cave:A"));
}

#[test]
fn g11_74_play_aid_every_unit_counts_four_mf_for_the_two_mf_test() {
    // "(all have four MF for this calculation)": a 6-MF leader who spent 3 MF has 1, not 3.
    let b = cliff();
    let mut l = unit(&b, "jpL", Nationality::Japanese, "9-1", "cave:G");
    l.unit.mf_spent = 3.0;
    let s = mph(&b, Side::Japanese, vec![l]);
    let r = refused(move_to(&s, "jpL", &loc(&b, "cave:A"), MoveVerb::EnterCave));
    assert_eq!(r.rule, "G11.74");
    assert!(r.reason.contains("this unit has 1"), "{r}");
}

#[test]
fn g11_72_exit_cave_starts_in_a_cave_and_leaves_into_the_entrance_hex() {
    let b = cliff();
    let s = mph(
        &b,
        Side::Japanese,
        vec![jp(&b, "jp1", "S4"), jp(&b, "jp3", "cave:A")],
    );
    let r = refused(move_to(&s, "jp1", &loc(&b, "S3"), MoveVerb::ExitCave));
    assert_eq!(r.rule, "G11.72");
    assert!(r.reason.contains("is not in a cave (S4)"), "{r}");
    let p = allowed(move_to(&s, "jp3", &loc(&b, "S4"), MoveVerb::ExitCave));
    assert_eq!((p.mf, p.rule), (1.0, "G11.72"));
    let r = refused(move_to(&s, "jp3", &loc(&b, "T4"), MoveVerb::ExitCave));
    assert_eq!(r.rule, "G11.72");
}

#[test]
fn g11_75_ex_hidden_infantry_leave_a_cave_concealed_unless_the_hex_is_seen() {
    let b = cliff();
    let s = mph(&b, Side::Japanese, vec![hidden(jp(&b, "jp3", "cave:A"))]);
    let p = allowed(move_to(&s, "jp3", &loc(&b, "S4"), MoveVerb::ExitCave));
    assert!(!p.hidden && p.concealed, "{}", p.text);
    let s = mph(
        &b,
        Side::Japanese,
        vec![hidden(jp(&b, "jp3", "cave:A")), us(&b, "us1", "T4")],
    );
    let p = allowed(move_to(&s, "jp3", &loc(&b, "S4"), MoveVerb::ExitCave));
    assert!(!p.hidden && !p.concealed, "{}", p.text);
    assert!(p.text.contains("placed onboard unconcealed"), "{}", p.text);
}

#[test]
fn a12_15_a_hidden_unit_moving_in_a_good_order_enemys_los_loses_hip() {
    let b = plain();
    let s = mph(
        &b,
        Side::Japanese,
        vec![hidden(jp(&b, "jp1", "C3")), us(&b, "us1", "C9")],
    );
    let p = allowed(move_to(&s, "jp1", &loc(&b, "C4"), MoveVerb::Move));
    assert!(!p.hidden);
    assert!(p.text.contains("A12.15"), "{}", p.text);
    // A broken enemy sees nothing that counts.
    let mut broken = us(&b, "us1", "C9");
    broken.unit.broken = true;
    let s = mph(
        &b,
        Side::Japanese,
        vec![hidden(jp(&b, "jp1", "C3")), broken],
    );
    assert!(allowed(move_to(&s, "jp1", &loc(&b, "C4"), MoveVerb::Move)).hidden);
}

// --- the night: E1.51, E1.31 --------------------------------------------------------------

#[test]
fn e1_51_at_night_entering_jungle_costs_one_more_mf() {
    let b = plain();
    let mut s = mph(&b, Side::Japanese, vec![jp(&b, "jp1", "E4")]);
    assert_eq!(
        allowed(move_to(&s, "jp1", &loc(&b, "E5"), MoveVerb::Move)).mf,
        2.0
    );
    s.night.nvr = Some(2);
    let p = allowed(move_to(&s, "jp1", &loc(&b, "E5"), MoveVerb::Move));
    assert_eq!(p.mf, 3.0);
    assert!(p.text.contains("+1 at night (E1.51"), "{}", p.text);
    // Open ground is not Concealment Terrain: no extra MF.
    assert_eq!(
        allowed(move_to(&s, "jp1", &loc(&b, "D4"), MoveVerb::Move)).mf,
        1.0
    );
    let field = field_of_movement(&s, "jp1").unwrap();
    assert_eq!(reach(&field, &b, "E5").unwrap().mf, 3.0);
}

#[test]
fn e1_42_e1_421_a_cloaking_counter_has_six_mf_and_pays_daytime_costs() {
    let b = plain();
    let mut u = us(&b, "us1", "E4");
    u.cloaked = true;
    let mut s = mph(&b, Side::Allied, vec![u]);
    s.night.nvr = Some(2);
    // E1.421: Jungle at night costs the Cloaking counter its daytime 2 MF, not 3 (E1.51).
    let p = allowed(move_to(&s, "us1", &loc(&b, "E5"), MoveVerb::Move));
    assert_eq!(p.mf, 2.0, "{}", p.text);
    // E1.42: six MF, regardless of its contents (a 4-MF squad here).
    assert_eq!(p.mf_total, 6.0);
    let field = field_of_movement(&s, "us1").unwrap();
    assert_eq!(reach(&field, &b, "E5").unwrap().mf, 2.0);
}

#[test]
fn e1_31_a_cloaked_unit_moving_into_an_illuminated_hex_loses_cloaking() {
    let b = plain();
    let mut u = us(&b, "us1", "C3");
    u.cloaked = true;
    let mut s = mph(&b, Side::Allied, vec![u]);
    s.night.nvr = Some(2);
    let dark = allowed(move_to(&s, "us1", &loc(&b, "C4"), MoveVerb::Move));
    assert!(dark.cloaked);
    s.lit_hexes.insert(hex(&b, "C4"));
    let lit = allowed(move_to(&s, "us1", &loc(&b, "C4"), MoveVerb::Move));
    assert!(!lit.cloaked && !lit.concealed);
    assert!(lit.text.contains("E1.31"), "{}", lit.text);
    // E1.421: the log says the allotment changes (the next step counts "of 4", not "of 6").
    assert!(
        lit.text.contains("of the Cloaking counter's 6 spent")
            && lit
                .text
                .contains("E1.421: revealed, it now has its own 4 MF, 3 left"),
        "{}",
        lit.text
    );
    assert!(!dark.text.contains("E1.421: revealed"), "{}", dark.text);
}

#[test]
fn e1_31_g_4_entering_a_location_whose_only_enemy_is_hidden_keeps_cloaking() {
    // A window trial: Cloaked us3 entered G3, where jp2 kept its HIP (G.4), and read
    // "entering an enemy-occupied Location ... loses Cloaking": the hidden unit told by its
    // effect. Revealed or Known, the enemy there takes the Cloaking (E1.31).
    let b = plain();
    let cloaked = || {
        let mut u = us(&b, "us1", "C3");
        u.cloaked = true;
        u
    };
    let mut jp2 = jp(&b, "jp2", "C4");
    jp2.hidden = true;
    let mut s = mph(&b, Side::Allied, vec![cloaked(), jp2]);
    s.night.nvr = Some(2);
    let p = allowed(move_to(&s, "us1", &loc(&b, "C4"), MoveVerb::Move));
    assert!(p.cloaked, "{}", p.text);
    assert!(!p.text.contains("enemy-occupied"), "{}", p.text);
    let mut s = mph(&b, Side::Allied, vec![cloaked(), jp(&b, "jp2", "C4")]);
    s.night.nvr = Some(2);
    let p = allowed(move_to(&s, "us1", &loc(&b, "C4"), MoveVerb::Move));
    assert!(
        !p.cloaked && p.text.contains("enemy-occupied"),
        "{}",
        p.text
    );
}

#[test]
fn a4_14_no_entering_a_known_enemys_location_in_the_mph_by_day() {
    let b = plain();
    let s = mph(
        &b,
        Side::Japanese,
        vec![jp(&b, "jp1", "C3"), us(&b, "us1", "C4")],
    );
    let r = refused(move_to(&s, "jp1", &loc(&b, "C4"), MoveVerb::Move));
    assert_eq!(r.rule, "A4.14");
    assert!(r.reason.contains("us1"), "{r}");
    // Nor through it: the field stops short of it.
    let field = field_of_movement(&s, "jp1").unwrap();
    assert!(reach(&field, &b, "C4").is_none());
    // A concealed enemy is not Known: the move is allowed.
    let mut hid = us(&b, "us1", "C4");
    hid.concealed = true;
    let s2 = mph(&b, Side::Japanese, vec![jp(&b, "jp1", "C3"), hid]);
    assert!(move_to(&s2, "jp1", &loc(&b, "C4"), MoveVerb::Move).is_ok());
    // At night a unit may enter it (and loses its "?", E1.31).
    let mut night = s.clone();
    night.night.nvr = Some(2);
    assert!(move_to(&night, "jp1", &loc(&b, "C4"), MoveVerb::Move).is_ok());
}

#[test]
fn e1_31_g11_96_a_concealed_unit_entering_a_lit_cave_loses_concealment() {
    let b = cliff();
    // jp1 in cave G, concealed, shifts into cave A (G11.71), which us2 in S4 sees into, so
    // it does not become hidden there (G11.75).
    let mut u = jp(&b, "jp1", "cave:G");
    u.concealed = true;
    let mut s = mph(&b, Side::Japanese, vec![u, us(&b, "us2", "S4")]);
    s.night.nvr = Some(2);
    let dark = allowed(move_to(&s, "jp1", &loc(&b, "cave:A"), MoveVerb::EnterCave));
    assert!(dark.concealed, "{}", dark.text);
    // Its hex and Entrance Hex lit above ground only (a Starshell): the cave stays dark.
    s.lit_hexes.insert(hex(&b, "S5"));
    s.lit_hexes.insert(hex(&b, "S4"));
    let still = allowed(move_to(&s, "jp1", &loc(&b, "cave:A"), MoveVerb::EnterCave));
    assert!(still.concealed, "{}", still.text);
    // Cave A Illuminated (G11.96): Non-Assault Movement into it loses "?" (E1.31).
    s.lit_caves.insert("A".into());
    let lit = allowed(move_to(&s, "jp1", &loc(&b, "cave:A"), MoveVerb::EnterCave));
    assert!(!lit.concealed, "{}", lit.text);
    assert!(lit.text.contains("E1.31"), "{}", lit.text);
}

#[test]
fn e1_31_g11_75_ex_g11_751_ex_hidden_infantry_a_step_places_onboard_concealed_in_a_lit_location_lose_that_concealment()
 {
    let b = cliff();
    // jp1, hidden in cave A, comes out into S4, its Entrance Hex, at night; no American is
    // there to see it: G11.75 EX places it onboard concealed.
    let mut u = jp(&b, "jp1", "cave:A");
    u.hidden = true;
    let mut s = mph(&b, Side::Japanese, vec![u]);
    s.night.nvr = Some(2);
    s.hidden_caves = vec!["A".into()];
    let dark = allowed(move_to(&s, "jp1", &loc(&b, "S4"), MoveVerb::ExitCave));
    assert!(!dark.hidden && dark.concealed, "{}", dark.text);
    assert!(!dark.text.contains("E1.31"), "{}", dark.text);
    // S4 lit (a Starshell): that Non-Assault Movement in an already Illuminated Location costs
    // it the "?" at once (E1.31).
    s.lit_hexes.insert(hex(&b, "S4"));
    let lit = allowed(move_to(&s, "jp1", &loc(&b, "S4"), MoveVerb::ExitCave));
    assert!(!lit.hidden && !lit.concealed, "{}", lit.text);
    assert!(lit.text.contains("E1.31"), "{}", lit.text);
    // By day no such loss: it comes out concealed.
    s.night.nvr = None;
    let day = allowed(move_to(&s, "jp1", &loc(&b, "S4"), MoveVerb::ExitCave));
    assert!(day.concealed, "{}", day.text);
    // Going in: jp1, hidden in cave G, shifts into cave A (G11.71), which us2 in S4 sees
    // into: it is placed onboard concealed beneath the cave A counter (G11.751 EX), and cave A
    // Illuminated (G11.96), the MF it spends there cost it that "?" too (E1.31).
    let mut u = jp(&b, "jp1", "cave:G");
    u.hidden = true;
    let mut s = mph(&b, Side::Japanese, vec![u, us(&b, "us2", "S4")]);
    s.night.nvr = Some(2);
    s.hidden_caves = vec!["A".into(), "G".into()];
    let dark = allowed(move_to(&s, "jp1", &loc(&b, "cave:A"), MoveVerb::EnterCave));
    assert!(!dark.hidden && dark.concealed, "{}", dark.text);
    s.lit_caves.insert("A".into());
    let lit = allowed(move_to(&s, "jp1", &loc(&b, "cave:A"), MoveVerb::EnterCave));
    assert!(!lit.hidden && !lit.concealed, "{}", lit.text);
    assert!(lit.text.contains("E1.31"), "{}", lit.text);
}

// --- B11.4 Climbing -------------------------------------------------------------------------

#[test]
fn b11_4_a_cliff_hexside_is_crossed_only_by_climbing() {
    let b = cliff();
    let s = mph(&b, Side::Allied, vec![us(&b, "us1", "T4")]);
    let r = refused(move_to(&s, "us1", &loc(&b, "S5"), MoveVerb::Move));
    assert_eq!(r.rule, "B11.4");
    assert!(r.reason.contains("use Climb"), "{r}");
}

#[test]
fn b11_4_a_climb_takes_the_whole_mph_one_level_and_the_falling_dr_decides() {
    let b = cliff();
    let v = b.map.vertex("T4-S5-S4").unwrap();
    let s = mph(&b, Side::Allied, vec![us(&b, "us1", "T4")]);
    let plan = climb(&s, "us1", 1, v).unwrap();
    assert_eq!(plan.to, loc(&b, "T4@1/T4-S5-S4"));
    assert_eq!((plan.mf_total, plan.rule), (4.0, "B11.4"));
    // G11.8331: the Falling DR is made, under that rule.
    assert!(plan.falling.holds);
    assert_eq!(plan.falling.rule, "G11.8331");
    assert_eq!(plan.foot, hex(&b, "T4"));
    let safe = climb_outcome(&plan, 3, 4);
    assert!(!safe.fell);
    assert_eq!((safe.event, safe.mf_spent), ("climb", 4.0));
    assert_eq!(safe.at, plan.to);
    assert_eq!(safe.counter.as_ref().map(|c| c.level), Some(1));
    // B11.41 (read as Final DR >= 12): boxcars fall to the foot of the cliff.
    let fall = climb_outcome(&plan, 6, 6);
    assert!(fall.fell && fall.counter.is_none());
    assert_eq!(fall.event, "fall");
    assert_eq!(fall.at, loc(&b, "T4"));
    assert!(refused_climb(&s, "us1", 2, &b).contains("exactly one"));
    let mut spent = us(&b, "us1", "T4");
    spent.unit.mf_spent = 1.0;
    let s = mph(&b, Side::Allied, vec![spent]);
    assert!(refused_climb(&s, "us1", 1, &b).contains("whole MPh"));
}

/// B11.43 / A10.5 / A7.8 / A3: Climbing is movement (it takes the whole MPh): a broken, a
/// pinned or a Prep-Fired unit does not Climb, as it does not move.
#[test]
fn b11_4_a_broken_pinned_or_prep_fired_unit_does_not_climb() {
    let b = cliff();
    let v = b.map.vertex("T4-S5-S4").unwrap();
    let with = |f: &dyn Fn(&mut UnitAt)| {
        let mut u = us(&b, "us1", "T4");
        f(&mut u);
        let s = mph(&b, Side::Allied, vec![u]);
        climb(&s, "us1", 1, v).unwrap_err().rule
    };
    assert_eq!(with(&|u| u.unit.broken = true), "A10.5");
    assert_eq!(with(&|u| u.unit.pinned = true), "A7.8");
    assert_eq!(
        with(&|u| u.unit.fired = Some(asl_pto_core::model::FireMark::PrepFire)),
        "A3"
    );
}

/// G11.72 and its EX: "Caves G and M may be exited directly to above-ground only via
/// Climbing": jp1 in cave G (Level 1, CA S5-T4) Climbs out onto a Climb counter at Level 1 on
/// a vertex of S5-T4, in T4 (where a Climber enters it from), its whole MPh, with no Falling DR
/// (no level changed); not at another level, not after spending MF; `moves` lists both
/// vertices. Hidden, it comes out unconcealed where us1 sees it, concealed where no one does
/// (G11.75 EX). Cave A (not Upper-Cliff) is left by moving, not Climbing.
#[test]
fn g11_72_ex_an_upper_cliff_cave_is_exited_by_climbing() {
    let b = cliff();
    let v = b.map.vertex("T4-S5-S4").unwrap();
    let s = mph(
        &b,
        Side::Japanese,
        vec![hidden(jp(&b, "jp1", "cave:G")), us(&b, "us1", "T2")],
    );
    let plan = climb(&s, "jp1", 1, v).unwrap();
    assert_eq!(plan.to, loc(&b, "T4@1/T4-S5-S4"));
    assert_eq!(plan.rule, "G11.72");
    assert!(!plan.falling.holds);
    let exit = plan.out_of_cave.as_ref().expect("a hidden unit leaving");
    assert!(!exit.hidden && !exit.concealed, "{}", exit.reason);
    let out = climb_outcome(&plan, 6, 6);
    assert!(!out.fell && out.mf_spent == 4.0);
    assert_eq!(climb(&s, "jp1", 0, v).unwrap_err().rule, "G11.72");
    let field = field_of_movement(&s, "jp1").unwrap();
    assert!(reach(&field, &b, "T4@1/T4-S5-S4").is_some_and(|r| r.climb));
    assert!(reach(&field, &b, "T4@1/S5-T4-T5").is_some_and(|r| r.climb));
    // Unseen (us1 broken): out concealed.
    let mut broken = us(&b, "us1", "T2");
    broken.unit.broken = true;
    let s = mph(
        &b,
        Side::Japanese,
        vec![hidden(jp(&b, "jp1", "cave:G")), broken],
    );
    let exit = climb(&s, "jp1", 1, v).unwrap().out_of_cave.unwrap();
    assert!(!exit.hidden && exit.concealed, "{}", exit.reason);
    // Spent MF: no Climb.
    let mut spent = jp(&b, "jp1", "cave:G");
    spent.unit.mf_spent = 1.0;
    let s = mph(&b, Side::Japanese, vec![spent]);
    assert_eq!(climb(&s, "jp1", 1, v).unwrap_err().rule, "B11.4");
    // Cave A: left across its CA into S4.
    let s = mph(&b, Side::Japanese, vec![jp(&b, "jp1", "cave:A")]);
    let va = b.map.vertex("S4-S5-T4").unwrap();
    assert_eq!(climb(&s, "jp1", 0, va).unwrap_err().rule, "G11.72");
}

fn refused_climb(s: &Situation, unit: &str, level: i32, b: &Board) -> String {
    let v = b.map.vertex("T4-S5-S4").unwrap();
    let r = climb(s, unit, level, v).unwrap_err();
    assert_eq!(r.rule, "B11.4");
    r.reason
}

#[test]
fn e1_421_at_night_the_falling_dr_is_one_higher() {
    let b = cliff();
    let v = b.map.vertex("T4-S5-S4").unwrap();
    let mut s = mph(&b, Side::Allied, vec![us(&b, "us1", "T4")]);
    assert!(!climb_outcome(&climb(&s, "us1", 1, v).unwrap(), 6, 5).fell);
    s.night.nvr = Some(2);
    let night = climb_outcome(&climb(&s, "us1", 1, v).unwrap(), 6, 5);
    assert!(night.fell);
    assert_eq!(night.rule, "E1.421");
}

#[test]
fn b11_4_climbing_down_from_the_top_falls_to_the_foot_and_a_plain_cave_is_not_climbed_out_of() {
    let b = cliff();
    let v = b.map.vertex("T4-S5-S4").unwrap();
    let s = mph(
        &b,
        Side::Allied,
        vec![us(&b, "us1", "S5"), us(&b, "us9", "cave:A")],
    );
    let plan = climb(&s, "us1", 2, v).unwrap();
    assert_eq!(plan.to, loc(&b, "S5@2/T4-S5-S4"));
    // The vertex lies on both cliffs S4-S5 and S5-T4; the Climber is on the first, S4-S5,
    // and a fall lands at its foot.
    assert_eq!(plan.foot, hex(&b, "S4"));
    assert_eq!(climb_outcome(&plan, 6, 6).at, loc(&b, "S4"));
    // G11.72: only an Upper-Cliff cave is left by Climbing; cave A is left by moving.
    let r = climb(&s, "us9", 1, v).unwrap_err();
    assert_eq!(r.rule, "G11.72");
    assert!(r.reason.contains("not an Upper-Cliff cave"), "{r}");
}

#[test]
fn b11_4_in_the_aph_a_climber_advances_off_its_counter_only_onto_ground_at_its_level() {
    let b = cliff();
    let s = situation(
        &b,
        Phase::Advance,
        Side::Allied,
        vec![
            us(&b, "us1", "T4@0/T4-S5-S4"),
            us(&b, "us2", "T4@2/T4-S5-S4"),
        ],
    );
    let p = allowed(move_to(&s, "us1", &loc(&b, "T4"), MoveVerb::Move));
    assert_eq!((p.event, p.mf, p.rule), (MoveEvent::Advance, 0.0, "B11.4"));
    assert!(p.climb_removed);
    let r = refused(move_to(&s, "us2", &loc(&b, "S5"), MoveVerb::Move));
    assert_eq!(r.rule, "B11.4");
    assert!(r.reason.contains("Level 3"), "{r}");
}

#[test]
fn g_4_a12_15_entering_a_hidden_non_stealthy_enemy_returns_the_mover_and_ends_its_mph() {
    let b = plain();
    // A hidden Conscript (Lax, not Stealthy, G1.6) in the jungle of E5.
    let mut jp = unit(&b, "jp1", Nationality::Japanese, "3-3-6", "E5");
    jp.hidden = true;
    let s = mph(&b, Side::Allied, vec![us(&b, "us1", "E4"), jp.clone()]);
    let p = allowed(move_to(&s, "us1", &loc(&b, "E5"), MoveVerb::Move));
    assert_eq!(p.rule, "A12.15", "{}", p.text);
    assert_eq!(
        p.to,
        loc(&b, "E4"),
        "the mover returns to the Location it left"
    );
    assert_eq!(p.mf_spent, p.mf_total, "its MPh ends");
    assert_eq!(p.reveal_units, vec!["jp1".to_string()]);
    // G.4: hidden Stealthy (1st-Line) Infantry in jungle may stay hidden: the mover enters.
    let mut st = jp.clone();
    st.unit.counter = "4-4-7".into();
    let s = mph(&b, Side::Allied, vec![us(&b, "us1", "E4"), st]);
    let p = allowed(move_to(&s, "us1", &loc(&b, "E5"), MoveVerb::Move));
    assert_eq!(p.to, loc(&b, "E5"));
    assert!(p.reveal_units.is_empty());
}

#[test]
fn a4_7_a_unit_advances_one_location_per_aph() {
    let b = plain();
    let s = situation(
        &b,
        Phase::Advance,
        Side::Japanese,
        vec![jp(&b, "jp1", "C3")],
    );
    let p = allowed(move_to(&s, "jp1", &loc(&b, "C4"), MoveVerb::Move));
    let after = p.after(s.unit("jp1").unwrap());
    assert!(after.unit.advanced, "the advance is recorded");
    // Advanced once, it advances no further this APh, and its field is empty.
    let s = situation(&b, Phase::Advance, Side::Japanese, vec![after]);
    let r = refused(move_to(&s, "jp1", &loc(&b, "C5"), MoveVerb::Move));
    assert_eq!(r.rule, "A4.7", "{r}");
    assert!(
        field_of_movement(&s, "jp1").is_ok_and(|f| f.is_empty())
            || field_of_movement(&s, "jp1").is_err()
    );
    // The next phase begins with it cleared (A3).
    let mut u = s.unit("jp1").unwrap().unit.clone();
    asl_pto_core::rules::orders::phase::unit_at_phase_start(&mut u);
    assert!(!u.advanced);
}

#[test]
fn b25_4_no_unit_enters_a_blazing_hex() {
    // B25.4 is not in our sources: a unit may not enter a Blaze (the viewer offered H5's Blaze
    // as a destination).
    let b = plain();
    let mut s = mph(&b, Side::Japanese, vec![jp(&b, "jp1", "C3")]);
    s.blazes = vec![(hex(&b, "C4"), 2)];
    let r = refused(move_to(&s, "jp1", &loc(&b, "C4"), MoveVerb::Move));
    assert_eq!(r.rule, "B25.4", "{r}");
    let field = field_of_movement(&s, "jp1").unwrap();
    assert!(
        field.iter().all(|r| r.at != loc(&b, "C4")),
        "not in the field"
    );
    assert!(!field.is_empty(), "other Locations still are");
}

#[test]
fn g_4_a12_15_an_aph_advance_into_hidden_stealthy_infantry_in_jungle_reveals_them_for_cc() {
    use asl_pto_core::game::{Dice, apply};
    use asl_pto_core::rules::orders::Order;
    let b = plain();
    // Hidden Stealthy (1st-Line) Japanese in the jungle of E5: G.4 lets them stay hidden as an
    // American enters in its MPh, but only then. An APh advance into E5 reveals them and the
    // advancer stays: Close Combat in the CCPh.
    let mut jp1 = unit(&b, "jp1", Nationality::Japanese, "4-4-7", "E5");
    jp1.hidden = true;
    let units = vec![us(&b, "us1", "E4"), jp1];
    let s = situation(&b, Phase::Advance, Side::Allied, units.clone());
    let p = allowed(move_to(&s, "us1", &loc(&b, "E5"), MoveVerb::Move));
    assert_eq!((p.event, p.to.clone()), (MoveEvent::Advance, loc(&b, "E5")));
    assert_eq!(p.reveal_units, vec!["jp1".to_string()], "{}", p.text);
    assert!(p.text.contains("A12.15"), "{}", p.text);
    let mut st = s.state.clone();
    let order = Order::Move {
        unit: "us1".into(),
        to: loc(&b, "E5"),
    };
    apply(&mut st, &setting(&b), &order, &mut Dice::new(1));
    let jp = st.units.iter().find(|u| u.unit.id == "jp1").unwrap();
    assert!(!jp.hidden, "revealed by the advance");
    st.phase = Phase::CloseCombat;
    let cc = asl_pto_core::rules::orders::close_combat::close_combat(
        &st.situation(&setting(&b)),
        &loc(&b, "E5"),
        &[],
        &[],
    );
    assert!(cc.is_ok(), "{cc:?}");
    // An advance into an empty Location reveals nobody.
    let s = situation(&b, Phase::Advance, Side::Allied, vec![us(&b, "us1", "E4")]);
    let p = allowed(move_to(&s, "us1", &loc(&b, "E5"), MoveVerb::Move));
    assert!(p.reveal_units.is_empty());
}

#[test]
fn g11_933_g11_74_a_cave_complex_entered_through_its_tunnel_needs_two_mf_available() {
    // G11.933: the Locations a tunnel connects are Accessible to each other, so entering
    // Complex AA from T6 through the tunnel is an entry "from an Accessible cave/Cave-Complex":
    // >= 2 MF available, every unit counting four (G11.74, play-aid).
    let b = crate::board::board_of(&crate::scenarios::demo("cave_complex"));
    let spent = |id: &str, counter: &str, mf: f32| {
        let mut u = unit(&b, id, Nationality::Japanese, counter, "T6");
        u.unit.mf_spent = mf;
        u
    };
    let aa = loc(&b, "complex:A");
    let s = mph(&b, Side::Japanese, vec![spent("jp1", "4-4-7", 3.5)]);
    let r = refused(move_to(&s, "jp1", &aa, MoveVerb::Move));
    assert_eq!(r.rule, "G11.74", "{r}");
    assert!(r.reason.contains("this unit has 0.5"), "{r}");
    // A 6-MF leader counts four too.
    let s = mph(&b, Side::Japanese, vec![spent("jpL", "9-1", 3.5)]);
    assert_eq!(
        refused(move_to(&s, "jpL", &aa, MoveVerb::Move)).rule,
        "G11.74"
    );
    // With 2 MF left it goes in, for no MF (G11.751).
    let s = mph(&b, Side::Japanese, vec![spent("jp1", "4-4-7", 2.0)]);
    let p = allowed(move_to(&s, "jp1", &aa, MoveVerb::Move));
    assert_eq!(p.to, aa, "{}", p.text);
}

/// G11.71 / G11.751 EX: from cave J to cave K, both IN gully hex H5, the unit "must first exit
/// to above-ground IN that hex": with a Known American in H5 it does not pass (A4.14); and it
/// stays hidden only if no Good Order enemy "currently has a LOS INTO that hex": us1 in H6 sees
/// H5 (not cave K, whose CA faces away), so hidden jp1 is placed onboard concealed; with us1
/// broken (no Good Order enemy), it stays hidden.
#[test]
fn g11_71_g11_751_ex_between_depression_caves_the_unit_passes_in_the_hex() {
    let b = cliff();
    let s = mph(
        &b,
        Side::Japanese,
        vec![hidden(jp(&b, "jp1", "cave:J")), us(&b, "us1", "H5")],
    );
    let r = refused(move_to(&s, "jp1", &loc(&b, "cave:K"), MoveVerb::EnterCave));
    assert_eq!(r.rule, "G11.71");
    assert!(r.reason.contains("us1"), "{r}");
    let s = mph(
        &b,
        Side::Japanese,
        vec![hidden(jp(&b, "jp1", "cave:J")), us(&b, "us1", "H6")],
    );
    let p = allowed(move_to(&s, "jp1", &loc(&b, "cave:K"), MoveVerb::EnterCave));
    assert!(!p.hidden, "{}", p.text);
    let mut broken = us(&b, "us1", "H6");
    broken.unit.broken = true;
    let s = mph(
        &b,
        Side::Japanese,
        vec![hidden(jp(&b, "jp1", "cave:J")), broken],
    );
    let p = allowed(move_to(&s, "jp1", &loc(&b, "cave:K"), MoveVerb::EnterCave));
    assert!(p.hidden, "{}", p.text);
}

/// G1.5 EXC / G1.423 / G1.424: a DC Hero "must Banzai Charge" his Designated Target: each hex he
/// enters may be no farther from its Location (A25.231); toward it, or to the side, he moves.
#[test]
fn g1_424_a_dc_hero_charges_his_designated_target_and_does_not_move_away() {
    let b = plain();
    let mut hero = unit(&b, "jp1.hero", Nationality::Japanese, "T-H Hero", "C3");
    hero.unit.dc = true;
    hero.unit.hero = Some(Hero {
        target: "us1".into(),
        created_in: 1,
        attacked: false,
    });
    let s = mph(&b, Side::Japanese, vec![hero, us(&b, "us1", "G3")]);
    let r = refused(move_to(&s, "jp1.hero", &loc(&b, "B3"), MoveVerb::Move));
    assert_eq!(r.rule, "G1.423");
    assert!(r.reason.contains("Designated Target"), "{r}");
    allowed(move_to(&s, "jp1.hero", &loc(&b, "D3"), MoveVerb::Move));
}

/// G11.71 / E1.51 / G11.96: from cave J to cave K, both IN gully H5, the exit to above-ground
/// IN H5 is a separate expenditure: with H5 jungle, at night it costs one more MF, as the
/// exit alone does (G11.96 exempts only the cave's own entry): 1 + 2 by day, 2 + 2 at night.
#[test]
fn g11_71_e1_51_between_depression_caves_at_night_the_exit_costs_its_night_mf() {
    use asl_pto_core::rules::caves::entry::cost;
    let mut b = cliff();
    let h5 = hex(&b, "H5");
    b.map
        .set_hex(h5, None, Some(asl_pto_core::map::Terrain::Jungle), None);
    let (j, k) = (loc(&b, "cave:J"), loc(&b, "cave:K"));
    let exit = cost(&b.map, &b.caves, &j, &loc(&b, "H5"), true);
    assert_eq!(exit.mf, Some(2.0), "{}", exit.reason);
    assert_eq!(cost(&b.map, &b.caves, &j, &k, false).mf, Some(3.0));
    let night = cost(&b.map, &b.caves, &j, &k, true);
    assert_eq!(night.mf, Some(4.0), "{}", night.reason);
}
