//! The doctrine's Close Combat (A11): no poor CC while holding out, none into a CC already
//! manned at 3 to 1, the odds it advances at, no walking into the enemy to take a Location back.

use super::*;

#[test]
fn a11_the_holding_doctrine_starts_no_poor_close_combat_and_a_hidden_squad_stays_hidden() {
    let b = plain();
    // The Allies hunt; the Japanese hold. In the Japanese CCPh a hidden jp1 shares E4 with
    // two 7-6-8s (4 FP against 14): the greedy kind starts the CC, the doctrine keeps it hidden.
    let hunt = [VictoryCondition::CasualtyVp {
        side: Side::Allied,
        at_least: 4,
    }];
    let units = vec![
        hidden(jp(&b, "jp1", "E4")),
        us(&b, "us1", "E4"),
        us(&b, "us2", "E4"),
    ];
    let s = situation(&b, Phase::CloseCombat, Side::Japanese, units);
    let greedy = of(Kind::Greedy, &s, &hunt, Side::Japanese);
    assert!(!cc_at(&b, &greedy, "E4").is_empty(), "{greedy:#?}");
    let d = of(Kind::Doctrine, &s, &hunt, Side::Japanese);
    assert!(cc_at(&b, &d, "E4").is_empty(), "{d:#?}");
    // Three Known 4-4-7s against one 7-6-8 (12 FP against 7): worth it; two (8 against 7, at
    // least `doctrine.cc_odds`, 1 to 1) too.
    let units = vec![
        jp(&b, "jp1", "E4"),
        jp(&b, "jp2", "E4"),
        us(&b, "us1", "E4"),
    ];
    let s = situation(&b, Phase::CloseCombat, Side::Japanese, units);
    let d = of(Kind::Doctrine, &s, &hunt, Side::Japanese);
    assert!(!cc_at(&b, &d, "E4").is_empty(), "{d:#?}");
    let units = vec![
        jp(&b, "jp1", "E4"),
        jp(&b, "jp2", "E4"),
        jp(&b, "jp3", "E4"),
        us(&b, "us1", "E4"),
    ];
    let s = situation(&b, Phase::CloseCombat, Side::Japanese, units);
    let d = of(Kind::Doctrine, &s, &hunt, Side::Japanese);
    assert!(!cc_at(&b, &d, "E4").is_empty(), "{d:#?}");
}

#[test]
fn a11_no_more_units_advance_into_a_close_combat_already_manned_at_three_to_one() {
    let b = plain();
    let hunt = [VictoryCondition::CasualtyVp {
        side: Side::Allied,
        at_least: 4,
    }];
    let into_e4 = |c: &[Choice]| moves_into(&b, c, "us3", "E4");
    // us1 and us2 advanced into jp1's E4 (14 FP against 4): us3 in E3 is not needed there.
    let units = vec![
        jp(&b, "jp1", "E4"),
        us(&b, "us1", "E4"),
        us(&b, "us2", "E4"),
        us(&b, "us3", "E3"),
    ];
    let s = situation(&b, Phase::Advance, Side::Allied, units);
    assert!(into_e4(&of(Kind::Greedy, &s, &hunt, Side::Allied)));
    let d = of(Kind::Doctrine, &s, &hunt, Side::Allied);
    assert!(!into_e4(&d), "{d:#?}");
    // us1 alone there (7 against 4, under 3 to 1): us3 joins it.
    let units = vec![
        jp(&b, "jp1", "E4"),
        us(&b, "us1", "E4"),
        us(&b, "us3", "E3"),
    ];
    let s = situation(&b, Phase::Advance, Side::Allied, units);
    let d = of(Kind::Doctrine, &s, &hunt, Side::Allied);
    assert!(into_e4(&d), "{d:#?}");
}

#[test]
fn a11_the_attacking_doctrine_advances_into_close_combat_at_one_to_one_the_greedy_kind_at_one_and_a_half()
 {
    use asl_pto_core::counters::Nationality;
    let b = plain();
    let hunt = japanese_hold(4);
    let into_e4 = |c: &[Choice]| moves_into(&b, c, "us1", "E4");
    // The Allied APh: a 7-6-8 in E3 beside a 4-4-7 and a 2-3-7 in E4 (7 CC FP against 6).
    let units = vec![
        jp(&b, "jp1", "E4"),
        unit(&b, "jp2", Nationality::Japanese, "2-3-7", "E4"),
        us(&b, "us1", "E3"),
    ];
    let s = situation(&b, Phase::Advance, Side::Allied, units);
    let greedy = of(Kind::Greedy, &s, &hunt, Side::Allied);
    assert!(!into_e4(&greedy), "{greedy:#?}");
    let d = of(Kind::Doctrine, &s, &hunt, Side::Allied);
    assert!(into_e4(&d), "{d:#?}");
    // Two 4-4-7s there (7 against 8, under 1 to 1): it does not go in.
    let units = vec![
        jp(&b, "jp1", "E4"),
        jp(&b, "jp2", "E4"),
        us(&b, "us1", "E3"),
    ];
    let s = situation(&b, Phase::Advance, Side::Allied, units);
    let d = of(Kind::Doctrine, &s, &hunt, Side::Allied);
    assert!(!into_e4(&d), "{d:#?}");
}

#[test]
fn g1_64_a26_2_the_holding_japanese_doctrine_advances_into_close_combat_at_one_to_one_where_the_enemy_needs_no_cvp()
 {
    use asl_pto_core::counters::Nationality;
    // The Allies must take F8 (Control only); the Japanese hold. In the Japanese APh two
    // 4-4-7s in E3 stand beside a 7-6-8 in E4: 8 CC FP against 7. Their CC there is
    // Hand-to-Hand (G1.64, the ATTACKER Japanese): the red Kill Numbers and their own -1. The
    // greedy kind, holding out, goes in only at 4 to 1 (`advance.cc_odds_holding`); the
    // doctrine at 1 to 1 (`doctrine.cc_odds_holding_japanese`).
    let b = plain();
    let take = allied_control_only(&b, "F8");
    let into_e4 = |c: &[Choice]| moves_into(&b, c, "jp1", "E4") || moves_into(&b, c, "jp2", "E4");
    let two = |hidden_too: bool| {
        let mut units = vec![
            jp(&b, "jp1", "E3"),
            jp(&b, "jp2", "E3"),
            us(&b, "us1", "E4"),
        ];
        if hidden_too {
            units[0].hidden = true;
            units[1].hidden = true;
        }
        units
    };
    // Whether the `kind` advances jp1 or jp2 into E4 with `units` there, playing against
    // `victory`.
    let enters = |kind: Kind, units: Vec<UnitAt>, victory: &[VictoryCondition]| {
        let s = situation(&b, Phase::Advance, Side::Japanese, units);
        let c = of(kind, &s, victory, Side::Japanese);
        (into_e4(&c), format!("{c:#?}"))
    };
    let (greedy, why) = enters(Kind::Greedy, two(false), &take);
    assert!(!greedy, "{why}");
    let (d, why) = enters(Kind::Doctrine, two(false), &take);
    assert!(d, "{why}");
    // At exactly 1 to 1 (a 4-4-7 and a 2-3-7 against a 6-6-6, 6 against 6) too.
    let even = vec![
        jp(&b, "jp1", "E3"),
        unit(&b, "jp2", Nationality::Japanese, "2-3-7", "E3"),
        unit(&b, "us1", Nationality::American, "6-6-6", "E4"),
    ];
    let (d, why) = enters(Kind::Doctrine, even, &take);
    assert!(d, "{why}");
    // One 4-4-7 against the 7-6-8 (4 against 7, under 1 to 1): it stays.
    let one = vec![jp(&b, "jp1", "E3"), us(&b, "us1", "E4")];
    let (d, why) = enters(Kind::Doctrine, one, &take);
    assert!(!d, "{why}");
    // Hidden, the two keep their HIP (G1.63): only at the odds of a side holding out.
    let (d, why) = enters(Kind::Doctrine, two(true), &take);
    assert!(!d, "{why}");
    // Where the Allies win on 4 Casualty VP (A26.2), every squad lost counts: 4 to 1 again.
    let (d, why) = enters(Kind::Doctrine, two(false), &japanese_hold(4));
    assert!(!d, "{why}");
}

#[test]
fn a26_a11_12_the_doctrine_takes_no_location_back_by_walking_into_the_enemy_there() {
    // A window trial: the Japanese program's jp3 "took back" K5 (a hex the Allies had to
    // Control) by advancing into us1 and the 8-1 there, at 1 to 2, and then ordered no CC.
    let b = plain();
    let goal = allied_control_only(&b, "D3");
    let into_d3 = |c: &[Choice]| {
        c.iter().any(|c| {
            matches!(&c.order, Order::Move { unit, to } if unit.as_ref() == "jp1" && *to == loc(&b, "D3"))
        })
    };
    let mut st = situation(
        &b,
        Phase::Advance,
        Side::Japanese,
        vec![
            jp(&b, "jp1", "C3"),
            us(&b, "us1", "D3"),
            nine_one(
                &b,
                "usL",
                asl_pto_core::counters::Nationality::American,
                "D3",
            ),
        ],
    )
    .state;
    st.scoring
        .control
        .push((loc(&b, "D3").hex().unwrap(), Side::Allied));
    let s = st.situation(&setting(&b));
    let d = of(Kind::Doctrine, &s, &goal, Side::Japanese);
    assert!(!into_d3(&d), "{d:#?}");
}
