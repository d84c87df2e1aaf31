//! The doctrine's steps in its MPh: Assault Movement (A4.61) where its route ends.

use super::*;

/// A4.61 / A8.1: the doctrine's step that ends its route this MPh (beside jp1 in E5, whose
/// Location it may not enter by day, A4.14) is an Assault Move, weighed without the FFNAM the
/// greedy kind's plain Move into the same hex draws (its risk is lower); a step on its way
/// further (from A5, toward the hex beside jp1 two steps off) stays a plain Move.
#[test]
fn a4_61_the_doctrine_assault_moves_where_its_route_ends() {
    let b = plain();
    let goal = allied_control_or_cvp(&b, "J3", 2);
    let s = situation(
        &b,
        Phase::Movement,
        Side::Allied,
        vec![us(&b, "us1", "C5"), jp(&b, "jp1", "E5")],
    );
    let d = of(Kind::Doctrine, &s, &goal, Side::Allied);
    let m = moves_of(&d, "us1");
    assert_eq!(m.len(), 1, "{d:#?}");
    assert!(
        matches!(m[0].order, Order::AssaultMove { .. }),
        "{:?}",
        m[0].order
    );
    let g = of(Kind::Greedy, &s, &goal, Side::Allied);
    let gm = moves_of(&g, "us1");
    assert!(!gm.is_empty(), "{g:#?}");
    assert!(
        gm.iter().all(|c| matches!(c.order, Order::Move { .. })),
        "the greedy kind never declares Assault Movement: {gm:#?}"
    );
    // Once us1 has spent MF it no longer may: a plain Move.
    let mut moved = us(&b, "us1", "C5");
    moved.unit.mf_spent = 1.0;
    let s = situation(
        &b,
        Phase::Movement,
        Side::Allied,
        vec![moved, jp(&b, "jp1", "E5")],
    );
    let d = of(Kind::Doctrine, &s, &goal, Side::Allied);
    let plain_step = moves_of(&d, "us1");
    assert_eq!(plain_step.len(), 1, "{d:#?}");
    assert!(
        matches!(plain_step[0].order, Order::Move { .. }),
        "{plain_step:#?}"
    );
    // The same step weighed with and without FFNAM: the Assault Move draws the lesser harm.
    let harm = |reason: &str| -> u32 {
        let (_, rest) = reason.split_once("would fire there: ").expect(reason);
        rest.split(' ').next().unwrap().parse().expect(reason)
    };
    assert!(
        harm(&m[0].reason) < harm(&plain_step[0].reason),
        "{} / {}",
        m[0].reason,
        plain_step[0].reason
    );
    // Farther off (A5), its first step is on its way: a plain Move, free to go on.
    let s = situation(
        &b,
        Phase::Movement,
        Side::Allied,
        vec![us(&b, "us1", "A5"), jp(&b, "jp1", "E5")],
    );
    let d = of(Kind::Doctrine, &s, &goal, Side::Allied);
    let m = moves_of(&d, "us1");
    assert_eq!(m.len(), 1, "{d:#?}");
    assert!(matches!(m[0].order, Order::Move { .. }), "{:?}", m[0].order);
}

/// A24.1 / A23.3: where a unit with no DC and a DC carrier would each screen the same open
/// ground with SMOKE grenades before stepping in, the doctrine leaves the grenades to the one
/// with no DC (the carrier keeps its MF for a Placement); the greedy kind offers both.
#[test]
fn a24_1_a23_3_the_doctrine_s_dc_carrier_leaves_the_grenades_to_a_unit_without_one() {
    let b = plain();
    // Ten Casualty VP to win: jp1 alone is not the quarry a DC hunts (that rule drops every
    // carrier's grenades by itself).
    let goal = allied_control_or_cvp(&b, "J7", 10);
    let mut carrier = us(&b, "us1", "C7");
    carrier.unit.dc = true;
    let s = situation(
        &b,
        Phase::Movement,
        Side::Allied,
        vec![carrier, us(&b, "us2", "C7"), jp(&b, "jp1", "G7")],
    );
    let smoke_by = |c: &[Choice], id: &str| {
        c.iter()
            .filter(|c| matches!(c.order, Order::PlaceSmoke { .. }))
            .filter(|c| c.order.unit().is_some_and(|u| u.as_ref() == id))
            .count()
    };
    let g = of(Kind::Greedy, &s, &goal, Side::Allied);
    assert!(smoke_by(&g, "us1") > 0 && smoke_by(&g, "us2") > 0, "{g:#?}");
    let d = of(Kind::Doctrine, &s, &goal, Side::Allied);
    assert!(smoke_by(&d, "us2") > 0, "{d:#?}");
    assert_eq!(smoke_by(&d, "us1"), 0, "{d:#?}");
}
