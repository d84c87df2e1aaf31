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
    let m = moves_of(&d, "us1");
    assert!(
        m.iter().all(|c| matches!(c.order, Order::Move { .. })),
        "{m:#?}"
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
