//! The doctrine's DCs (G11.833, A23.3): no Throw from a crowded Entrance Hex, fire at a DC's
//! Placer, no DC whose KIA would end its Control short of the Casualty VP (G11.88), a DC on the
//! ground only with one no cave needs, and the last Game Turn's Throw whose kill alone wins.

use super::*;

#[test]
fn g11_833_the_doctrine_throws_no_dc_from_a_crowded_entrance_hex_where_a_fall_would_hit_the_stack()
{
    let b = cliff();
    let goal = [VictoryCondition::Control {
        side: Side::Allied,
        locations: vec![loc(&b, "cave:A")],
    }];
    // Alone in the Entrance Hex, both kinds Throw: a fall (result b) hits us1 only.
    let alone = entrance_stack(&b, 0);
    assert_eq!(
        throws(&of(Kind::Greedy, &alone, &goal, Side::Allied)).len(),
        1
    );
    let d = of(Kind::Doctrine, &alone, &goal, Side::Allied);
    let t = throws(&d);
    assert_eq!(t.len(), 1, "{d:#?}");
    assert!(t[0].reason.contains("% to land"), "{}", t[0].reason);
    assert!(t[0].reason.contains("G11.833 result b"), "{}", t[0].reason);
    // Three more squads in S4: the greedy kind still Throws; the doctrine does not risk the
    // fallen DC's 30-FP attack on four squads.
    let crowded = entrance_stack(&b, 3);
    assert_eq!(
        throws(&of(Kind::Greedy, &crowded, &goal, Side::Allied)).len(),
        1
    );
    let d = of(Kind::Doctrine, &crowded, &goal, Side::Allied);
    assert!(throws(&d).is_empty(), "{d:#?}");
}

#[test]
fn g11_833_the_hidden_japanese_doctrine_fires_at_a_dc_placer_the_greedy_kind_lets_be() {
    let b = cliff();
    // The Allied MPh is over; jp1, hidden in cave A, sees us1 in S4 holding a DC it has Placed
    // into the cave: breaking us1 cancels the DC (G11.833).
    let mut us1 = with_dc(us(&b, "us1", "S4"));
    us1.unit.placed_dc = Some(PlacedDc {
        cave: "A".into(),
        from: loc(&b, "S4"),
        on: None,
        area_fire: false,
        operable: false,
        set: None,
    });
    let s = situation(
        &b,
        Phase::DefensiveFire,
        Side::Allied,
        vec![us1, hidden(jp(&b, "jp1", "cave:A"))],
    );
    let fire_at_s4 = |c: &[Choice]| {
        c.iter()
            .find(|c| matches!(&c.order, Order::Fire { at, .. } if *at == loc(&b, "S4")))
            .cloned()
    };
    let greedy = of(Kind::Greedy, &s, &[], Side::Japanese);
    let doctrine = of(Kind::Doctrine, &s, &[], Side::Japanese);
    assert!(fire_at_s4(&greedy).is_none(), "{greedy:#?}");
    let f = fire_at_s4(&doctrine).unwrap_or_else(|| panic!("{doctrine:#?}"));
    assert!(f.reason.contains("holds a Placed DC"), "{}", f.reason);
    assert!(
        f.reason.contains("% to break, reduce or eliminate us1"),
        "{}",
        f.reason
    );
    // Without the Placed DC the same shot is not worth jp1's HIP to either kind (G1.63).
    let s = situation(
        &b,
        Phase::DefensiveFire,
        Side::Allied,
        vec![
            with_dc(us(&b, "us1", "S4")),
            hidden(jp(&b, "jp1", "cave:A")),
        ],
    );
    assert!(fire_at_s4(&of(Kind::Doctrine, &s, &[], Side::Japanese)).is_none());
}

#[test]
fn g11_88_a26_2_the_doctrine_throws_no_dc_whose_kia_would_end_its_control_short_of_the_casualty_vp()
{
    let b = cliff();
    // The Allies win by Controlling cave A or on `cvp` Casualty VP. A DC's KIA eliminates
    // cave A with jp1 (G11.88: Controlled by nobody after) for jp1's 2 Casualty VP.
    let goal = |cvp: u32| {
        [
            VictoryCondition::Control {
                side: Side::Allied,
                locations: vec![loc(&b, "cave:A")],
            },
            VictoryCondition::CasualtyVp {
                side: Side::Allied,
                at_least: cvp,
            },
            VictoryCondition::Otherwise {
                side: Side::Japanese,
            },
        ]
    };
    let alone = entrance_stack(&b, 0);
    // 3 Casualty VP and no Known Japanese outside a cave: the KIA would leave 1 to find and
    // nothing to find it in; the doctrine keeps its DC, the greedy kind Throws it.
    assert!(throws(&of(Kind::Doctrine, &alone, &goal(3), Side::Allied)).is_empty());
    assert!(!throws(&of(Kind::Greedy, &alone, &goal(3), Side::Allied)).is_empty());
    // 2 Casualty VP: the KIA wins the game; the doctrine Throws.
    assert!(!throws(&of(Kind::Doctrine, &alone, &goal(2), Side::Allied)).is_empty());
    // 3 Casualty VP with a Known Japanese squad in the open at U5 (2 more to take): it Throws.
    let mut units = vec![
        with_dc(us(&b, "us1", "S4")),
        jp(&b, "jp1", "cave:A"),
        jp(&b, "jp3", "U5"),
    ];
    units.sort_by(|x, y| x.unit.id.cmp(&y.unit.id));
    let quarry = situation(&b, Phase::PrepFire, Side::Allied, units);
    assert!(!throws(&of(Kind::Doctrine, &quarry, &goal(3), Side::Allied)).is_empty());
}

/// A23.3 / G11.833: the program Places a DC on an ADJACENT above-ground Location only with a
/// DC to spare: more DCs than standing caves it must Control and does not. At the foot of the
/// G11.6 cliff, us1 (with a DC) in T4 beside a Known jp1 in T5: playing for caves A and G
/// (one DC, two caves) neither kind offers it; playing for Casualty VP only, both do (the
/// order named with its target and rule); with cave A and G Controlled already, both do.
#[test]
fn a23_3_the_program_places_a_dc_on_the_ground_only_with_a_dc_no_cave_it_must_control_needs() {
    let b = cliff();
    let mut s = situation(
        &b,
        Phase::Movement,
        Side::Allied,
        vec![with_dc(us(&b, "us1", "T4")), jp(&b, "jp1", "T5")],
    );
    let caves = [
        VictoryCondition::Control {
            side: Side::Allied,
            locations: vec![loc(&b, "cave:A"), loc(&b, "cave:G")],
        },
        VictoryCondition::Otherwise {
            side: Side::Japanese,
        },
    ];
    let placed = |c: &[Choice]| -> Vec<String> {
        c.iter()
            .filter(|c| matches!(c.order, Order::PlaceDcAt { .. }))
            .map(|c| c.reason.clone())
            .collect()
    };
    for kind in [Kind::Greedy, Kind::Doctrine] {
        assert!(
            placed(&of(kind, &s, &caves, Side::Allied)).is_empty(),
            "{kind:?}"
        );
        let cvp = japanese_hold(2);
        let p = placed(&of(kind, &s, &cvp, Side::Allied));
        assert_eq!(p.len(), 1, "{kind:?}: {p:?}");
        assert!(p[0].contains("Places its DC on T5, on jp1"), "{}", p[0]);
        assert!(p[0].contains("(A23.3)"), "{}", p[0]);
    }
    s.allied_controlled = vec!["A".into(), "G".into()];
    for kind in [Kind::Greedy, Kind::Doctrine] {
        assert_eq!(
            placed(&of(kind, &s, &caves, Side::Allied)).len(),
            1,
            "{kind:?}"
        );
    }
}

#[test]
fn a26_2_g11_833_in_the_last_game_turn_the_doctrine_throws_a_dc_whose_kill_alone_would_win() {
    let b = cliff();
    // us1 (with a DC) and two more squads in S4, cave A's Entrance Hex; jp1 (a squad, 2
    // Casualty VP) Known in cave A, in Game Turn 1.
    let s = entrance_stack(&b, 2);
    let throws_in = |turns: u32, cvp: u32| {
        let victory = japanese_hold(cvp);
        let posture = Posture {
            victory: &victory,
            plan: None,
            turns: Some(turns),
        };
        let d =
            player_of(Kind::Doctrine).candidates(&s, &posture, Side::Allied, &Moment::Phase, &[]);
        throws(&d).into_iter().cloned().collect::<Vec<Choice>>()
    };
    // With Game Turns to come, needing 4 Casualty VP or 2, the doctrine does not risk the
    // fallen DC's attack on its three squads.
    assert!(throws_in(3, 4).is_empty());
    assert!(throws_in(3, 2).is_empty());
    // In the last Game Turn, needing 2, jp1's loss alone wins the game (and its own squads
    // are priced at the last Game Turn's risk): it Throws.
    let t = throws_in(1, 2);
    assert_eq!(t.len(), 1, "{t:#?}");
    assert!(t[0].reason.contains("% to land"), "{}", t[0].reason);
}
