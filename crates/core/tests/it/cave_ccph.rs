//! The cave play-aid's CLOSE COMBAT PHASE lines (seed 001): no CC between a cave and outside
//! it (G11.87, asked of `orders::close_combat` and played), caves and Cave Complexes as
//! Concealment Terrain when "?" is gained as the CCPh ends (G11.1, G11.2 with E1.32: the one
//! gain the program models is the night's), and SMOKE in a cave removed as the CCPh ends, a
//! removed WP revealing the hidden caves above it (G11.85, G11.851), through
//! `game::end_player_turn`. G11.98 (an Allied prisoner cannot attack its Guard) is not
//! expressible: there are no prisoners or Capture.

use asl_pto_core::game::{Dice, REFUSED, apply, end_player_turn};
use asl_pto_core::model::{Phase, Side, SmokeKind};
use asl_pto_core::rules::orders::Order;
use asl_pto_core::rules::orders::close_combat::close_combat;
use asl_pto_core::rules::situation::UnitAt;
use asl_pto_core::state::{GameState, Smoke};

use crate::board::*;

fn ccph(b: &Board, attacker: Side, units: Vec<UnitAt>) -> GameState {
    situation(b, Phase::CloseCombat, attacker, units).state
}

fn advanced(mut u: UnitAt) -> UnitAt {
    u.unit.advanced = true;
    u
}

#[test]
fn g11_87_play_aid_no_cc_between_a_unit_in_a_cave_and_one_outside_it() {
    let b = cliff();
    // Cave J is IN the gully H5, its own Entrance Hex: jp1 in cave J and us1 IN H5 share the
    // hex, not the Location. Neither Location holds both sides: no CC in either.
    let units = vec![jp(&b, "jp1", "cave:J"), advanced(us(&b, "us1", "H5"))];
    let st = ccph(&b, Side::Allied, units.clone());
    let s = st.situation(&setting(&b));
    for at in ["H5", "cave:J"] {
        let r = close_combat(&s, &loc(&b, at), &[], &[]).unwrap_err();
        assert_eq!(r.rule, "A11", "{at}");
        assert!(r.reason.contains("both sides"), "{at}: {r}");
    }
    // Played, the order is refused and no one is harmed.
    let mut st = st;
    let order = Order::CloseCombat {
        at: loc(&b, "H5"),
        attackers: vec![],
        targets: vec![],
    };
    let said = apply(&mut st, &setting(&b), &order, &mut Dice::new(1));
    assert_eq!(said[0].event, REFUSED, "{said:?}");
    assert_eq!(st.units, units);
    // Cave A and its Entrance Hex S4 likewise; an American unit cannot enter the cave (G11.7).
    let st = ccph(
        &b,
        Side::Allied,
        vec![jp(&b, "jp1", "cave:A"), advanced(us(&b, "us1", "S4"))],
    );
    let s = st.situation(&setting(&b));
    assert!(close_combat(&s, &loc(&b, "S4"), &[], &[]).is_err());
    assert!(close_combat(&s, &loc(&b, "cave:A"), &[], &[]).is_err());
    // The same two units both IN H5 above ground do fight.
    let st = ccph(
        &b,
        Side::Allied,
        vec![jp(&b, "jp1", "H5"), advanced(us(&b, "us1", "H5"))],
    );
    let plan = close_combat(&st.situation(&setting(&b)), &loc(&b, "H5"), &[], &[]).unwrap();
    assert_eq!(plan.attacks.len(), 2);
}

#[test]
fn g11_1_g11_2_play_aid_caves_and_cave_complexes_are_concealment_terrain() {
    // At night (NVR 1), with the only American far off in B9, three Good Order Japanese squads
    // no enemy sees end the CCPh: in cave A, in Complex AA and in the open S3. Those in the cave
    // and the Complex are in Concealment Terrain and gain "?" (E1.32); the one in the open not.
    let b = cliff_with_complex();
    let mut st = ccph(
        &b,
        Side::Japanese,
        vec![
            jp(&b, "jp1", "cave:A"),
            jp(&b, "jp2", "complex:A"),
            jp(&b, "jp3", "S3"),
            us(&b, "us1", "B9"),
        ],
    );
    st.night.nvr = Some(1);
    let said = end_player_turn(&mut st, &setting(&b), &mut Dice::new(1));
    let concealed = |id: &str| st.units.iter().find(|u| u.unit.id == id).unwrap().concealed;
    assert!(concealed("jp1"), "{said:?}");
    assert!(concealed("jp2"), "{said:?}");
    assert!(!concealed("jp3"), "open ground is not Concealment Terrain");
    let gained: Vec<&str> = said
        .iter()
        .filter(|e| e.event == "concealment")
        .filter_map(|e| e.unit.as_deref())
        .collect();
    assert_eq!(gained, ["jp1", "jp2"]);
}

#[test]
fn g11_85_play_aid_smoke_in_a_cave_is_removed_as_the_ccph_ends_and_g11_851_wp_reveals_above() {
    // WP grenades in cave A (Level 0) and SMOKE grenades in cave K, both placed this Player
    // Turn; every cave hidden. As the CCPh ends both counters go; the removed WP reveals the
    // hidden caves Accessible to A at a higher level (G at Level 1, M at Level 2 through G), not
    // A itself nor the gully caves; the SMOKE reveals nothing.
    let b = cliff();
    let mut st = ccph(&b, Side::Japanese, vec![]);
    let smoke = |cave: &str, kind| Smoke {
        at: loc(&b, &format!("cave:{cave}")),
        kind,
        dispersed: false,
        placed_in: 1,
    };
    st.smoke = vec![
        smoke("A", SmokeKind::WpGrenade),
        smoke("K", SmokeKind::Grenade),
    ];
    st.hidden_caves = ["A", "G", "J", "K", "L", "M"].map(String::from).to_vec();
    let said = end_player_turn(&mut st, &setting(&b), &mut Dice::new(1));
    assert!(st.smoke.is_empty(), "{:?}", st.smoke);
    let removed: Vec<&str> = said
        .iter()
        .filter(|e| e.event == "removed" && e.rule.as_deref() == Some("G11.85"))
        .map(|e| e.text.as_str())
        .collect();
    assert_eq!(removed.len(), 2, "{said:?}");
    let mut hidden = st.hidden_caves.clone();
    hidden.sort();
    assert_eq!(hidden, ["A", "J", "K", "L"]);
    assert!(
        said.iter()
            .any(|e| e.event == "reveal" && e.rule.as_deref() == Some("G11.851 (play-aid)")),
        "{said:?}"
    );
}
