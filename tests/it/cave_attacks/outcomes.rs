//! G11.87-G11.97: after the attack. No CC between a cave and outside it (G11.87), how a cave is
//! eliminated (G11.88), Control (G11.94), Illumination (G11.96) and Battle Hardening (G11.97).

use asl_pto::rules::caves::attack::*;

// --- G11.87-G11.97 ----------------------------------------------------------------------------

#[test]
fn g11_87_no_cc_between_a_cave_and_outside_it() {
    assert!(!close_combat(Some("K"), None).allowed);
    assert!(!close_combat(Some("K"), Some("J")).allowed);
    assert!(close_combat(Some("K"), Some("K")).allowed);
}

fn dc(delivery: DcDelivery, defended: bool, original_kia: bool, final_kia: bool) -> Eliminator {
    Eliminator::Dc {
        delivery,
        unconcealed_good_order_japanese_mmc: defended,
        original_kia,
        final_kia,
    }
}

#[test]
fn g11_88_thrown_or_defended_placed_dc_eliminates_on_an_original_kia() {
    for d in [DcDelivery::Thrown, DcDelivery::Placed] {
        assert!(
            cave_eliminated(&dc(d, true, true, false), true).holds,
            "{d:?}"
        );
        assert!(
            !cave_eliminated(&dc(d, true, false, true), true).holds,
            "{d:?}"
        );
    }
}

#[test]
fn g11_88_set_or_undefended_placed_dc_eliminates_on_a_final_kia() {
    assert_eq!(dc_elimination_dr(DcDelivery::Set, true), WhichDr::Final);
    assert_eq!(dc_elimination_dr(DcDelivery::Placed, false), WhichDr::Final);
    assert_eq!(
        dc_elimination_dr(DcDelivery::Placed, true),
        WhichDr::Original
    );
    assert!(cave_eliminated(&dc(DcDelivery::Set, true, false, true), true).holds);
    assert!(!cave_eliminated(&dc(DcDelivery::Placed, false, true, false), true).holds);
}

#[test]
fn g11_88_he_of_100mm_or_more_eliminates_on_a_ch() {
    let he = |mm, eq, ch| Eliminator::He {
        calibre_mm: mm,
        he_equivalency: eq,
        critical_hit: ch,
    };
    assert!(cave_eliminated(&he(100, false, true), true).holds);
    assert!(!cave_eliminated(&he(100, false, false), true).holds);
    assert!(!cave_eliminated(&he(75, false, true), true).holds);
    assert!(!cave_eliminated(&he(150, true, true), true).holds);
    assert!(!cave_eliminated(&he(150, false, true), false).holds);
    assert!(!cave_eliminated(&Eliminator::Other, true).holds);
}

#[test]
fn g11_94_an_unhidden_undefended_cave_is_controlled_by_an_adjacent_allied_mmc() {
    assert!(allied_control(false, false, true).holds);
    assert!(!allied_control(true, false, true).holds);
    assert!(!allied_control(false, true, true).holds);
    assert!(!allied_control(false, false, false).holds);
}

#[test]
fn g11_96_a_cave_is_illuminated_only_with_its_hex_and_entrance_hex() {
    use asl_pto::rules::night::light::SourceKind;
    let blaze = Some(SourceKind::Blaze);
    assert!(cave_illuminated(true, blaze, true).holds);
    assert!(!cave_illuminated(true, blaze, false).holds);
    assert!(!cave_illuminated(false, None, true).holds);
    // E1.923/E1.933/E1.942: a Starshell's, IR's or Flame's light on the cave's hex reaches no
    // cave, and the refusal names the source's own rule.
    for (kind, rule) in [
        (SourceKind::Starshell, "E1.923"),
        (SourceKind::Ir, "E1.933"),
        (SourceKind::Flame, "E1.942"),
    ] {
        let r = cave_illuminated(false, Some(kind), true);
        assert!(!r.holds);
        assert_eq!(r.rule, rule, "{kind:?}");
    }
    let r = cave_illuminated(false, Some(SourceKind::Starshell), true);
    assert!(!r.holds);
    assert!(r.reason.contains("non-subterranean"), "{}", r.reason);
    assert!(!complex_illuminated().holds);
}

#[test]
fn g11_97_battle_hardened_on_a_final_heat_of_battle_dr_of_9() {
    assert!(battle_hardened_in_cave(9).holds);
    assert!(battle_hardened_in_cave(12).holds);
    assert!(!battle_hardened_in_cave(8).holds);
}
