//! The cave play-aid's ADVANCE PHASE lines (seed 001) as the movement ruling decides the APh
//! advance (`orders::movement::move_to`, played with `game::apply`): caves Accessible to the
//! caves of their hex within one level and to their Cave Complex (G11.6), entry from an
//! Accessible cave with four MF counted and no Advance vs Difficult Terrain (G11.74), and the
//! exit-then-enter of a gully cave in one APh (G11.71). G11.73 (no advance from Complex to
//! Complex) and G11.75 (hidden advance unless seen) are tested in the root crate's
//! `cave_entry.rs`.

use asl_pto_core::game::{Dice, REFUSED, Said, apply, begin_phase};
use asl_pto_core::los::Location;
use asl_pto_core::model::{Phase, Side};
use asl_pto_core::rules::orders::Order;
use asl_pto_core::rules::orders::movement::{MoveEvent, MoveVerb, move_to};
use asl_pto_core::rules::situation::UnitAt;
use asl_pto_core::state::GameState;

use crate::board::*;

fn aph(b: &Board, units: Vec<UnitAt>) -> GameState {
    situation(b, Phase::Advance, Side::Japanese, units).state
}

/// `id` advances (or moves, in the MPh) to `to` in play: what is said first.
fn go(b: &Board, st: &mut GameState, id: &str, to: &str) -> Said {
    let order = Order::Move {
        unit: id.into(),
        to: loc(b, to),
    };
    apply(st, &setting(b), &order, &mut Dice::new(1))
        .into_iter()
        .next()
        .unwrap()
}

fn at(st: &GameState, id: &str) -> UnitAt {
    st.units.iter().find(|u| u.unit.id == id).unwrap().clone()
}

#[test]
fn g11_6_play_aid_in_the_aph_a_cave_is_accessible_to_the_caves_of_its_hex_within_one_level() {
    let b = cliff();
    let st = aph(&b, vec![jp(&b, "jp1", "cave:A"), jp(&b, "jp2", "cave:J")]);
    let s = st.situation(&setting(&b));
    // Cave G (Level 1) is one level above cave A (Level 0) in S5: an advance.
    let p = allowed(move_to(&s, "jp1", &loc(&b, "cave:G"), MoveVerb::EnterCave));
    assert_eq!((p.event, p.rule, p.mf), (MoveEvent::Advance, "G11.71", 0.0));
    // Cave M (Level 2) is two above: not Accessible.
    let r = refused(move_to(&s, "jp1", &loc(&b, "cave:M"), MoveVerb::EnterCave));
    assert_eq!(r.rule, "G11.6");
    assert!(r.reason.contains("not Accessible"), "{r}");
    // The gully caves J and K, both IN H5 at its level: Accessible.
    let p = allowed(move_to(&s, "jp2", &loc(&b, "cave:K"), MoveVerb::EnterCave));
    assert_eq!(p.event, MoveEvent::Advance);
    // Played: jp1 ends its APh in cave G.
    let mut st = st;
    assert_eq!(go(&b, &mut st, "jp1", "cave:G").event, "advance");
    assert_eq!(at(&st, "jp1").at, loc(&b, "cave:G"));
}

#[test]
fn g11_6_play_aid_in_the_aph_a_cave_and_its_cave_complex_are_accessible_to_each_other() {
    let b = cliff_with_complex();
    let st = aph(
        &b,
        vec![
            jp(&b, "jp1", "cave:A"),
            jp(&b, "jp2", "complex:A"),
            jp(&b, "jp3", "cave:J"),
        ],
    );
    let s = st.situation(&setting(&b));
    // Cave A into its Complex AA: an advance, the unit hidden there (G11.75).
    let p = allowed(move_to(&s, "jp1", &loc(&b, "complex:A"), MoveVerb::Move));
    assert_eq!(p.event, MoveEvent::Advance);
    assert!(p.hidden, "{}", p.text);
    // Complex AA into cave G, whose hex S5 is within the Complex's boundaries.
    let p = allowed(move_to(&s, "jp2", &loc(&b, "cave:G"), MoveVerb::EnterCave));
    assert_eq!(p.event, MoveEvent::Advance);
    assert_eq!(p.to, loc(&b, "cave:G"));
    // Cave J (in H5, outside AA) and the Complex are not Accessible, either way.
    let r = refused(move_to(&s, "jp3", &loc(&b, "complex:A"), MoveVerb::Move));
    assert_eq!(r.rule, "G11.6");
    let r = refused(move_to(&s, "jp2", &loc(&b, "cave:J"), MoveVerb::EnterCave));
    assert_eq!(r.rule, "G11.6");
    // Played both ways.
    let mut st = st;
    assert_eq!(go(&b, &mut st, "jp1", "complex:A").event, "advance");
    assert_eq!(go(&b, &mut st, "jp2", "cave:A").event, "advance");
    assert_eq!(at(&st, "jp1").at, loc(&b, "complex:A"));
    assert_eq!(at(&st, "jp2").at, loc(&b, "cave:A"));
}

#[test]
fn g11_74_play_aid_in_the_aph_a_cave_is_entered_from_an_accessible_one_with_four_mf_counted() {
    // us1 in S1 watches cave A down its CA, so no entry is free (G11.751).
    let b = cliff();
    let mut st = situation(
        &b,
        Phase::Movement,
        Side::Japanese,
        vec![jp(&b, "jp1", "S3"), us(&b, "us1", "S1")],
    )
    .state;
    // MPh: S3 -> S4 (1 MF) -> cave A (2 MF, seen): three of four MF spent and a cave entered.
    assert_eq!(go(&b, &mut st, "jp1", "S4").event, "move");
    assert_eq!(go(&b, &mut st, "jp1", "cave:A").event, "move");
    assert_eq!(at(&st, "jp1").unit.mf_spent, 3.0);
    // Cave G from cave A (3 MF, G11.71) now: one MF of the four left, and a cave entered
    // already this phase.
    let said = go(&b, &mut st, "jp1", "cave:G");
    assert_eq!(
        (said.event.as_str(), said.rule.as_deref()),
        (REFUSED, Some("G11.74"))
    );
    // APh: the unit advances into cave G, four MF counted again (>= 2 available) and no Advance
    // vs Difficult Terrain for the 3-MF entry: no MF spent.
    st.phase = Phase::Advance;
    begin_phase(&mut st, &setting(&b), &mut Dice::new(1));
    let said = go(&b, &mut st, "jp1", "cave:G");
    assert_eq!(said.event, "advance", "{said:?}");
    let jp1 = at(&st, "jp1");
    assert_eq!(jp1.at, loc(&b, "cave:G"));
    assert_eq!(jp1.unit.mf_spent, 0.0);
    // One Location per APh: it goes no farther.
    let said = go(&b, &mut st, "jp1", "cave:M");
    assert_eq!(
        (said.event.as_str(), said.rule.as_deref()),
        (REFUSED, Some("A4.7"))
    );
}

#[test]
fn g11_71_play_aid_in_the_aph_a_unit_in_a_gully_cave_exits_and_enters_another_in_one_advance() {
    // Caves J and K are IN the gully H5: from J, the unit exits to IN H5 and enters K, both in
    // its one APh advance (G11.71: three MF in the MPh).
    let b = cliff();
    let mut st = aph(&b, vec![jp(&b, "jp1", "cave:J")]);
    let s = st.situation(&setting(&b));
    let p = allowed(move_to(&s, "jp1", &loc(&b, "cave:K"), MoveVerb::EnterCave));
    assert_eq!((p.event, p.rule), (MoveEvent::Advance, "G11.71"));
    assert!(p.text.contains("first exit to IN H5"), "{}", p.text);
    drop(s);
    let said = go(&b, &mut st, "jp1", "cave:K");
    assert_eq!(said.event, "advance", "{said:?}");
    assert_eq!(at(&st, "jp1").at, Location::Cave("K".into()));
    // Ordered as two advances, J to IN H5 and then H5 to K, the second is one Location too
    // many (A4.7).
    let mut st = aph(&b, vec![jp(&b, "jp1", "cave:J")]);
    assert_eq!(go(&b, &mut st, "jp1", "H5").event, "advance");
    let said = go(&b, &mut st, "jp1", "cave:K");
    assert_eq!(
        (said.event.as_str(), said.rule.as_deref()),
        (REFUSED, Some("A4.7"))
    );
    // In the MPh, seen by us1 in H6 (looking INTO H5), the same shift is priced as the exit
    // and the separate entry; with us1 IN H5 it does not pass (A4.14).
    let s = situation(
        &b,
        Phase::Movement,
        Side::Japanese,
        vec![jp(&b, "jp1", "cave:J"), us(&b, "us1", "H6")],
    );
    let p = allowed(move_to(&s, "jp1", &loc(&b, "cave:K"), MoveVerb::EnterCave));
    assert_eq!(p.mf, 3.0, "{}", p.text);
    let s = situation(
        &b,
        Phase::Movement,
        Side::Japanese,
        vec![jp(&b, "jp1", "cave:J"), us(&b, "us1", "H5")],
    );
    let r = refused(move_to(&s, "jp1", &loc(&b, "cave:K"), MoveVerb::EnterCave));
    assert_eq!(r.rule, "G11.71");
}
