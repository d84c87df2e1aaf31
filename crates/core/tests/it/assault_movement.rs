//! A4.61 Assault Movement (NOT IN OUR SOURCES; a published Starter Kit sequence of play: "Units
//! may declare Assault Movement, to move 1 hex and avoid FFNAM"; a published MPh checklist:
//! "Declare Double Time (CX), Assault Movement" as each unit begins its move; our seed E1.31
//! names "Non-Assault Movement"): declared before the unit's first MF of its MPh, one Location
//! only, no FFNAM on the First Fire at it (A8.1), "?" kept at night in an Illuminated Location
//! (E1.31); the order in `legal_orders`, the script and the walk, and the doctrine's use of it.

use asl_pto_core::game::{Dice, REFUSED, apply};
use asl_pto_core::model::{Phase, Side};
use asl_pto_core::rules::orders::fire::fire;
use asl_pto_core::rules::orders::movement::{MoveVerb, move_to};
use asl_pto_core::rules::orders::{Order, judge, legal_orders};

use crate::board::*;

/// Plays `o` on `st` (dice seeded 1); the test fails if the order is refused.
fn give(st: &mut asl_pto_core::state::GameState, set: &asl_pto_core::state::Setting, o: &Order) {
    let said = apply(st, set, o, &mut Dice::new(1));
    assert!(said.iter().all(|e| e.event != REFUSED), "{said:?}");
}

fn assault(unit: &str, to: asl_pto_core::los::Location) -> Order {
    Order::AssaultMove {
        unit: unit.into(),
        to,
    }
}

/// The First Fire DRM reasons' prefixes of `us1`'s attack at `at` (A8.1).
fn first_fire_drm(
    s: &asl_pto_core::rules::situation::Situation,
    b: &Board,
    at: &str,
) -> Vec<String> {
    let p = fire(s, &["us1".to_string()], &loc(b, at)).expect("First Fire allowed");
    p.drm
        .iter()
        .map(|d| d.reason.split(':').next().unwrap_or("").to_string())
        .collect()
}

#[test]
fn a4_61_a8_1_assault_movement_spares_the_mover_ffnam_not_ffmo() {
    let b = plain();
    let set = setting(&b);
    let units = vec![
        us(&b, "us1", "C3"),
        jp(&b, "jp1", "F3"),
        jp(&b, "jp2", "F4"),
    ];
    let mut st = mph(&b, Side::Japanese, units).state;
    // jp1 steps into the Open Ground of E3 by Assault Movement: FFMO, no FFNAM.
    give(&mut st, &set, &assault("jp1", loc(&b, "E3")));
    let jp1 = st.units.iter().find(|u| u.unit.id == "jp1").unwrap();
    assert!(jp1.unit.assault_moving);
    assert_eq!(first_fire_drm(&st.situation(&set), &b, "E3"), ["FFMO"]);
    // jp2 moves into E4 by plain movement: FFNAM and FFMO.
    give(
        &mut st,
        &set,
        &Order::Move {
            unit: "jp2".into(),
            to: loc(&b, "E4"),
        },
    );
    assert_eq!(
        first_fire_drm(&st.situation(&set), &b, "E4"),
        ["FFNAM", "FFMO"]
    );
}

#[test]
fn a4_61_an_assault_moving_unit_enters_one_location_only() {
    let b = plain();
    let set = setting(&b);
    let mut st = mph(&b, Side::Japanese, vec![jp(&b, "jp1", "F3")]).state;
    give(&mut st, &set, &assault("jp1", loc(&b, "E3")));
    // 1 of its 4 MF spent, but no second Location this MPh, by either verb.
    let s = st.situation(&set);
    let r = refused(move_to(&s, "jp1", &loc(&b, "D3"), MoveVerb::Move));
    assert_eq!(r.rule, "A4.61");
    assert!(r.reason.contains("its one Location"), "{r}");
    assert_eq!(
        refused(move_to(&s, "jp1", &loc(&b, "D3"), MoveVerb::AssaultMove)).rule,
        "A4.61"
    );
    // The field of movement is empty beyond it.
    let field = asl_pto_core::rules::moves::field_of_movement(&s, "jp1").expect("a field");
    assert!(field.iter().all(|r| r.path.len() < 2), "{field:?}");
    // The game's next phase clears it.
    let mut next = st.clone();
    next.phase = Phase::DefensiveFire;
    asl_pto_core::game::begin_phase(&mut next, &set, &mut Dice::new(1));
    let jp1 = next.units.iter().find(|u| u.unit.id == "jp1").unwrap();
    assert!(!jp1.unit.assault_moving);
    // A new MPh lets it move again.
    next.phase = Phase::Movement;
    assert!(move_to(&next.situation(&set), "jp1", &loc(&b, "D3"), MoveVerb::Move).is_ok());
}

#[test]
fn a4_61_assault_movement_is_declared_in_the_mph_before_the_first_mf_and_not_with_double_time() {
    let b = plain();
    // After a first MF spent: refused.
    let mut moved = jp(&b, "jp1", "F3");
    moved.unit.mf_spent = 1.0;
    let s = mph(&b, Side::Japanese, vec![moved]);
    let r = refused(move_to(&s, "jp1", &loc(&b, "E3"), MoveVerb::AssaultMove));
    assert_eq!(r.rule, "A4.61");
    assert!(r.reason.contains("before its first MF"), "{r}");
    // With Double Time (CX): refused.
    let mut cx = jp(&b, "jp1", "F3");
    cx.unit.cx = true;
    let s = mph(&b, Side::Japanese, vec![cx]);
    let r = refused(move_to(&s, "jp1", &loc(&b, "E3"), MoveVerb::AssaultMove));
    assert!(r.reason.contains("Double Time"), "{r}");
    // Berserk (A15.43), it charges: refused.
    let mut berserk = jp(&b, "jp1", "F3");
    berserk.unit.berserk = true;
    let s = mph(&b, Side::Japanese, vec![berserk, us(&b, "us1", "C3")]);
    let r = refused(move_to(&s, "jp1", &loc(&b, "E3"), MoveVerb::AssaultMove));
    assert!(r.reason.contains("a charge is not Assault Movement"), "{r}");
    // In the APh (its one-Location advance is its own): refused.
    let s = situation(
        &b,
        Phase::Advance,
        Side::Japanese,
        vec![jp(&b, "jp1", "F3")],
    );
    let r = refused(move_to(&s, "jp1", &loc(&b, "E3"), MoveVerb::AssaultMove));
    assert!(r.reason.contains("declared in the MPh"), "{r}");
    // A fresh unit in its MPh: allowed, 1 MF as any entry of Open Ground.
    let s = mph(&b, Side::Japanese, vec![jp(&b, "jp1", "F3")]);
    let p = allowed(move_to(&s, "jp1", &loc(&b, "E3"), MoveVerb::AssaultMove));
    assert!(p.assault);
    assert_eq!(p.mf, 1.0);
    assert!(p.text.contains("by Assault Movement (A4.61"), "{}", p.text);
    let plain_move = allowed(move_to(&s, "jp1", &loc(&b, "E3"), MoveVerb::Move));
    assert!(
        !plain_move.assault && !plain_move.text.contains("Assault"),
        "{}",
        plain_move.text
    );
}

#[test]
fn a4_61_e1_31_assault_movement_keeps_concealment_in_an_illuminated_location() {
    let b = plain();
    let mut u = jp(&b, "jp1", "F3");
    u.concealed = true;
    let mut s = mph(&b, Side::Japanese, vec![u]);
    s.night.nvr = Some(2);
    s.lit_hexes.insert(hex(&b, "E3"));
    let plain = allowed(move_to(&s, "jp1", &loc(&b, "E3"), MoveVerb::Move));
    assert!(!plain.concealed, "{}", plain.text);
    assert!(plain.text.contains("E1.31"), "{}", plain.text);
    let assaulting = allowed(move_to(&s, "jp1", &loc(&b, "E3"), MoveVerb::AssaultMove));
    assert!(assaulting.concealed, "{}", assaulting.text);
}

#[test]
fn a4_61_legal_orders_offer_assault_movement_to_a_fresh_unit_in_its_mph() {
    let b = plain();
    let s = mph(&b, Side::Japanese, vec![jp(&b, "jp1", "F3")]);
    let listed: Vec<Order> = legal_orders(&s, "jp1", None)
        .into_iter()
        .filter(|(o, a)| matches!(o, Order::AssaultMove { .. }) && a.is_ok())
        .map(|(o, _)| o)
        .collect();
    assert_eq!(listed.len(), 6, "{listed:?}");
    assert!(listed.contains(&assault("jp1", loc(&b, "E3"))));
    // A picked target: only that hex.
    let picked = legal_orders(&s, "jp1", Some(&loc(&b, "E3")));
    let n = picked
        .iter()
        .filter(|(o, _)| matches!(o, Order::AssaultMove { .. }))
        .count();
    assert_eq!(n, 1);
    // Once it has spent MF, none is offered; the order itself is refused with A4.61.
    let mut moved = jp(&b, "jp1", "F3");
    moved.unit.mf_spent = 1.0;
    let s = mph(&b, Side::Japanese, vec![moved]);
    assert!(
        legal_orders(&s, "jp1", None)
            .iter()
            .all(|(o, _)| !matches!(o, Order::AssaultMove { .. }))
    );
    assert_eq!(
        judge(&s, &assault("jp1", loc(&b, "E3"))).unwrap_err().rule,
        "A4.61"
    );
    assert_eq!(
        assault("jp1", loc(&b, "E3")).label(s.map),
        "Assault Move to E3 (A4.61)"
    );
}

#[test]
fn a4_61_g11_751_b11_4_no_assault_movement_after_a_free_cave_entry_and_no_climb_after_it() {
    use asl_pto_core::rules::orders::climb::climb;
    let b = cliff();
    let set = setting(&b);
    // Hidden jp1 shifts from cave G into cave A unseen: no MF (G11.751), but it has moved.
    let mut st = mph(&b, Side::Japanese, vec![hidden(jp(&b, "jp1", "cave:G"))]).state;
    give(
        &mut st,
        &set,
        &Order::EnterCave {
            unit: "jp1".into(),
            cave: asl_pto_core::rules::orders::CaveId("A".into()),
        },
    );
    let jp1 = st.units.iter().find(|u| u.unit.id == "jp1").unwrap();
    assert_eq!((jp1.unit.mf_spent, jp1.unit.entered_cave), (0.0, true));
    let r = refused(move_to(
        &st.situation(&set),
        "jp1",
        &loc(&b, "S4"),
        MoveVerb::AssaultMove,
    ));
    assert_eq!(r.rule, "A4.61");
    assert!(r.reason.contains("has moved"), "{r}");
    // us1 Assault Moves from U4 into T4: it may not Climb the cliff after it (B11.4).
    let mut st = mph(&b, Side::Allied, vec![us(&b, "us1", "U4")]).state;
    give(&mut st, &set, &assault("us1", loc(&b, "T4")));
    let v = b.map.vertex("T4-S5-S4").unwrap();
    let r = climb(&st.situation(&set), "us1", 1, v).unwrap_err();
    assert_eq!(r.rule, "A4.61");
}
