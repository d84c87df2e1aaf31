//! `rules::orders::look`: the script's `Los` (A6, G11.85, E1.101), `Light` (E1.9-E1.941,
//! G11.96) and `Control` (G11.94) as the situation stands.

use asl_pto_core::model::{Phase, Side};
use asl_pto_core::rules::night::light::SourceKind;
use asl_pto_core::rules::orders::look::{control, light, los};

use super::*;

#[test]
fn a6_a_clear_los_on_the_plain_by_day() {
    let b = woods();
    let s = situation(&b, Phase::Movement, Side::Allied, vec![]);
    let c = allowed(los(&s, &loc(&b, "B5"), &loc(&b, "F5")));
    assert!(c.holds);
    assert_eq!(c.rule, "A6");
    assert!(
        c.reason.starts_with("LOS B5 -> F5: clear, range 4"),
        "{}",
        c.reason
    );
}

#[test]
fn e1_101_an_illuminated_target_is_seen_beyond_the_nvr() {
    let b = woods();
    let mut s = at_night(situation(&b, Phase::Movement, Side::Allied, vec![]), 3);
    let dark = allowed(los(&s, &loc(&b, "B5"), &loc(&b, "H5")));
    assert!(!dark.holds, "{}", dark.reason);
    assert!(dark.reason.contains("BLOCKED"), "{}", dark.reason);
    s.lit_hexes.insert(hex(&b, "H5"));
    let lit = allowed(los(&s, &loc(&b, "B5"), &loc(&b, "H5")));
    assert!(lit.holds, "{}", lit.reason);
    assert_eq!(lit.rule, "E1.101");
    assert!(
        lit.reason
            .contains("H5 is Illuminated, so it is seen beyond the NVR of 3 (E1.101)"),
        "{}",
        lit.reason
    );
}

#[test]
fn g11_85_ex_smoke_in_a_cave_hinders_los_going_out_twice_coming_in_once() {
    let b = cliff();
    let mut s = situation(&b, Phase::Movement, Side::Japanese, vec![]);
    s.caves.smoke = vec![("A".into(), 2)];
    let out = allowed(los(&s, &loc(&b, "cave:A"), &loc(&b, "S2")));
    assert!(out.reason.contains("hindrance +4"), "{}", out.reason);
    let inward = allowed(los(&s, &loc(&b, "S2"), &loc(&b, "cave:A")));
    assert!(inward.reason.contains("hindrance +2"), "{}", inward.reason);
}

#[test]
fn e1_9_by_day_illumination_does_not_matter() {
    let b = cliff();
    let s = situation(&b, Phase::Movement, Side::Allied, vec![]);
    let c = light(&s, &loc(&b, "cave:A"));
    assert!(!c.holds);
    assert_eq!(
        (c.rule, c.reason.as_str()),
        (
            "E1.9",
            "cave:A: daylight; Illumination (E1.9) matters only at night"
        )
    );
}

#[test]
fn g11_96_a_cave_is_illuminated_only_with_its_hex_and_its_entrance_hex() {
    let b = cliff();
    let mut s = at_night(situation(&b, Phase::Movement, Side::Allied, vec![]), 2);
    // Cave K IN the gully: its hex is its Entrance Hex. A Starshell lights H5 but not the
    // cave, a subterranean Location (E1.923).
    s.lit_by.insert(hex(&b, "H5"), SourceKind::Starshell);
    let k = light(&s, &loc(&b, "cave:K"));
    assert!(!k.holds, "{}", k.reason);
    assert_eq!(k.rule, "E1.923");
    assert!(
        k.reason
            .starts_with("cave K: dark: its hex H5 is Illuminated (E1.923); "),
        "{}",
        k.reason
    );
    // A Blaze lights H5 at all levels (E1.94): the lighting marks cave K lit (G11.96).
    s.lit_by.insert(hex(&b, "H5"), SourceKind::Blaze);
    s.lit_caves.insert("K".into());
    let k = light(&s, &loc(&b, "cave:K"));
    assert!(k.holds, "{}", k.reason);
    assert_eq!(k.rule, "G11.96");
    assert!(
        k.reason
            .starts_with("cave K: Illuminated: its hex H5 is Illuminated at all levels (E1.94); "),
        "{}",
        k.reason
    );
    // Cave A: S5 lit by the fire, its Entrance Hex S4 shadowed.
    s.lit_by.insert(hex(&b, "S5"), SourceKind::Blaze);
    s.shadowed_hexes.insert(hex(&b, "S4"));
    let a = light(&s, &loc(&b, "cave:A"));
    assert!(!a.holds);
    assert!(
        a.reason.contains(
            "its hex S5 is Illuminated (E1.94), its Entrance Hex S4 is in a Blaze's zone but \
             shadowed (E1.941)"
        ),
        "{}",
        a.reason
    );
}

#[test]
fn e1_941_a_hex_shadowed_in_a_blazes_zone_is_dark() {
    let b = woods();
    let mut s = at_night(situation(&b, Phase::Movement, Side::Allied, vec![]), 2);
    s.shadowed_hexes.insert(hex(&b, "F7"));
    s.lit_by.insert(hex(&b, "D6"), SourceKind::Ir);
    let f7 = light(&s, &loc(&b, "F7"));
    assert_eq!(f7.rule, "E1.941");
    assert!(
        f7.reason
            .contains("a terrain obstacle blocks the Blaze's light")
    );
    let d6 = light(&s, &loc(&b, "D6"));
    assert!(d6.holds);
    assert_eq!(
        (d6.rule, d6.reason.as_str()),
        ("E1.933", "D6: Illuminated (E1.933)")
    );
    let dark = light(&s, &loc(&b, "A1"));
    assert_eq!(dark.rule, "E1.9");
    assert!(dark.reason.ends_with("no Starshell, IR or fire lights it"));
}

#[test]
fn g11_94_an_unhidden_undefended_cave_is_controlled_by_a_good_order_allied_mmc_adjacent() {
    let b = cliff();
    let s = situation(&b, Phase::Movement, Side::Allied, vec![us(&b, "us2", "S4")]);
    let c = control(&s, "A");
    assert!(c.holds, "{}", c.reason);
    assert_eq!(c.rule, "G11.94");
    assert!(c.reason.ends_with(" (us2 ADJACENT in S4)"), "{}", c.reason);
    // Not while a Good Order Japanese MMC holds it, nor while it is hidden.
    let s = situation(
        &b,
        Phase::Movement,
        Side::Allied,
        vec![us(&b, "us2", "S4"), jp(&b, "jp3", "cave:A")],
    );
    assert!(!control(&s, "A").holds);
    let mut s = situation(&b, Phase::Movement, Side::Allied, vec![us(&b, "us2", "S4")]);
    s.hidden_caves = vec!["A".into()];
    assert!(!control(&s, "A").holds);
    // A broken MMC controls nothing.
    let mut broken = us(&b, "us2", "S4");
    broken.unit.broken = true;
    let s = situation(&b, Phase::Movement, Side::Allied, vec![broken]);
    assert!(!control(&s, "A").holds);
}

#[test]
fn g11_88_an_eliminated_cave_is_controlled_by_nobody() {
    let b = cliff();
    let mut s = situation(&b, Phase::Movement, Side::Allied, vec![us(&b, "us2", "S4")]);
    s.eliminated_caves = vec!["A".into()];
    let c = control(&s, "A");
    assert!(!c.holds);
    assert_eq!(
        (c.rule, c.reason.as_str()),
        ("G11.88", "cave A has been eliminated")
    );
}

/// G11.94 / G11.6 / G11.833 EX ("from IN (or from Crest status on cave E's side of) Z5"): a
/// Good Order American squad in Crest status in Z5 along cave E's CA Hexside AA5-Z5 is ADJACENT
/// to cave E and Controls it, as it may Place a DC into it; along another hexside of Z5 it
/// is not.
#[test]
fn g11_94_crest_status_on_the_caves_side_is_adjacent_for_control() {
    let b = crate::board::board_of(&crate::scenarios::fixture("g11_321_ccss"));
    let s = situation(
        &b,
        Phase::Movement,
        Side::Allied,
        vec![us(&b, "us1", "Z5/AA5-Z5")],
    );
    let c = control(&s, "E");
    assert!(c.holds, "{}", c.reason);
    let s = situation(
        &b,
        Phase::Movement,
        Side::Allied,
        vec![us(&b, "us1", "Z5/Z5-Z4")],
    );
    assert!(!control(&s, "E").holds);
}
