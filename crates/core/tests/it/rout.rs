//! A10.5 Rout (chapter A, not in the seeds) with G11.73 (no rout from a Cave Complex), G11.77
//! (a broken Japanese unit may rout to a cave; in a cave no need to seek woods/building),
//! G11.75 (hiding on entry, as a move) and E1.54 (no rout normally at night, no Failure to Rout).
//! The `play_aid` tests check the cave play-aid's ROUT PHASE lines (seed 001).

use asl_pto_core::counters::Nationality;
use asl_pto_core::game::{Dice, REFUSED, apply, end_rout_phase};
use asl_pto_core::los::Location;
use asl_pto_core::map::Terrain;
use asl_pto_core::model::{Phase, Side};
use asl_pto_core::rules::orders::Order;
use asl_pto_core::rules::orders::rout::{failure_to_rout, interdiction, rout_destinations};
use asl_pto_core::rules::situation::UnitAt;
use asl_pto_core::state::GameState;

use crate::board::{
    Board, cliff, cliff_with_complex, hex, jp, loc, plain, setting, situation, unit, us,
};

fn broken(mut u: UnitAt) -> UnitAt {
    u.unit.broken = true;
    u
}

fn rtph(b: &Board, units: Vec<UnitAt>) -> GameState {
    situation(b, Phase::Rout, Side::Allied, units).state
}

fn jp_broken(b: &Board, id: &str, at: &str) -> UnitAt {
    broken(unit(b, id, Nationality::Japanese, "4-4-7", at))
}

#[test]
fn a10_5_a7_8_a_unit_pinned_then_broken_routs_and_is_not_eliminated_for_failure_to_rout() {
    // A helper's reading of 200 Cave Complex games: a unit pinned, then broken in the same
    // Player Turn, had no rout destination (the Pin stopped the rout as it stops a move) and
    // was eliminated for Failure to Rout. A Pin forbids moving and advancing, not routing.
    let b = plain();
    let mut jp1 = jp_broken(&b, "jp1", "C5");
    jp1.unit.pinned = true;
    let st = rtph(&b, vec![jp1, us(&b, "us1", "B5")]);
    let s = st.situation(&setting(&b));
    let plan = rout_destinations(&s, "jp1").unwrap();
    assert!(plan.must.holds, "{}", plan.must.reason);
    assert!(
        plan.destinations.iter().any(|r| r.at == loc(&b, "E5")),
        "a pinned broken unit routs to the nearest cover: {}",
        plan.why
    );
}

#[test]
fn a10_5_a_broken_unit_next_to_a_known_enemy_must_rout_and_only_away_from_it() {
    let b = plain();
    // E5 is the plain's jungle hex (read as woods): the nearest cover from C5.
    let st = rtph(&b, vec![jp_broken(&b, "jp1", "C5"), us(&b, "us1", "B5")]);
    let s = st.situation(&setting(&b));
    let plan = rout_destinations(&s, "jp1").unwrap();
    assert!(plan.must.holds, "{}", plan.must.reason);
    assert!(!plan.destinations.is_empty(), "{}", plan.why);
    for r in &plan.destinations {
        assert_eq!(r.at, loc(&b, "E5"), "only the nearest cover: {:?}", r.at);
        for l in r.path.iter().skip(1) {
            let h = l.hex().unwrap();
            assert!(
                h.distance(loc(&b, "B5").hex().unwrap()) > 1,
                "next to us1: {l:?}"
            );
        }
    }
    // A concealed enemy is not Known: nothing forces the rout.
    let mut hidden_us = us(&b, "us1", "B5");
    hidden_us.concealed = true;
    let st = rtph(&b, vec![jp_broken(&b, "jp1", "C5"), hidden_us]);
    let s = st.situation(&setting(&b));
    assert!(!rout_destinations(&s, "jp1").unwrap().must.holds);
}

#[test]
fn g11_73_no_rout_from_a_cave_complex_and_only_broken_units_in_the_rtph_rout() {
    let b = plain();
    let st = rtph(
        &b,
        vec![jp_broken(&b, "jp1", "complex:A"), us(&b, "us1", "B5")],
    );
    let s = st.situation(&setting(&b));
    let r = rout_destinations(&s, "jp1").unwrap_err();
    assert_eq!(r.rule, "G11.73");
    assert!(
        rout_destinations(&s, "us1")
            .unwrap_err()
            .reason
            .contains("Good Order")
    );
    let mut st = st;
    st.phase = Phase::Movement;
    let s = st.situation(&setting(&b));
    assert!(
        rout_destinations(&s, "jp1")
            .unwrap_err()
            .reason
            .contains("RtPh")
    );
}

#[test]
fn g11_77_a_broken_japanese_unit_may_rout_to_a_cave_when_no_woods_is_nearer() {
    let b = cliff();
    // S4 is cave A's Entrance Hex; the cliff board has no woods or building.
    let st = rtph(&b, vec![jp_broken(&b, "jp1", "S4"), us(&b, "us1", "S3")]);
    let s = st.situation(&setting(&b));
    let plan = rout_destinations(&s, "jp1").unwrap();
    assert!(plan.must.holds);
    let to: Vec<&Location> = plan.destinations.iter().map(|r| &r.at).collect();
    assert!(
        to.contains(&&Location::Cave("A".into())),
        "{to:?}: {}",
        plan.why
    );
    assert!(to.iter().all(|l| matches!(l, Location::Cave(_))), "{to:?}");
    assert!(plan.why.contains("G11.77"), "{}", plan.why);
}

#[test]
fn e1_54_at_night_a_broken_unit_need_not_rout_nor_fails_to() {
    let b = plain();
    let mut st = rtph(&b, vec![jp_broken(&b, "jp1", "C5"), us(&b, "us1", "B5")]);
    st.night.nvr = Some(2);
    let s = st.situation(&setting(&b));
    let plan = rout_destinations(&s, "jp1").unwrap();
    assert!(!plan.must.holds);
    assert_eq!(plan.must.rule, "E1.54");
    assert!(failure_to_rout(&s, "jp1").is_none());
}

#[test]
fn a10_5_a_rout_in_play_moves_the_unit_once_and_failure_to_rout_eliminates() {
    let b = plain();
    let set = setting(&b);
    // us1 and us2 are pinned: they still make jp1 and jp2 rout (A10.5) but Interdict nothing (its FP is halved,
    // A10.532; the Interdiction test below).
    let mut us1 = us(&b, "us1", "B5");
    us1.unit.pinned = true;
    let mut us2 = us(&b, "us2", "A2");
    us2.unit.pinned = true;
    let mut st = rtph(
        &b,
        vec![
            jp_broken(&b, "jp1", "C5"),
            us1,
            jp_broken(&b, "jp2", "A3"),
            us2,
        ],
    );
    let order = Order::Rout {
        unit: "jp1".into(),
        to: loc(&b, "E5"),
    };
    let said = apply(&mut st, &set, &order, &mut Dice::new(1));
    assert_eq!(said[0].event, "rout", "{said:?}");
    let jp1 = st.units.iter().find(|u| u.unit.id == "jp1").unwrap();
    assert_eq!(jp1.at, loc(&b, "E5"));
    assert!(jp1.unit.broken && jp1.unit.routed);
    let said = apply(&mut st, &set, &order, &mut Dice::new(1));
    assert_eq!(said[0].event, REFUSED, "one rout per RtPh");
    // jp2 had to rout and did not: eliminated as the RtPh ends, the Allies gaining its CVP.
    let said = end_rout_phase(&mut st, &set, &mut Dice::new(1));
    let f = said
        .iter()
        .find(|e| e.event == "failure_to_rout")
        .expect("Failure to Rout");
    assert_eq!(f.unit.as_deref(), Some("jp2"));
    assert!(st.units.iter().all(|u| u.unit.id != "jp2"));
    assert!(st.units.iter().any(|u| u.unit.id == "jp1"), "jp1 routed");
    assert_eq!(st.scoring.cvp_allied, 2, "a squad's Casualty VP (A26.2)");
}

/// A10.5 (docs/asl-facts.md) / A10.62: a routing unit becomes DM if it is not already (the
/// helper's reading: a unit that routed voluntarily rallied next RPh without DM's +4), and a
/// leader that breaks is DM as a squad is (it was marked broken only).
#[test]
fn a10_5_a10_62_a_routing_unit_becomes_dm_and_a_leader_that_breaks_is_dm() {
    let b = plain();
    let set = setting(&b);
    let mut st = rtph(&b, vec![jp_broken(&b, "jp1", "C5"), us(&b, "us1", "B5")]);
    assert!(!st.units.iter().any(|u| u.unit.dm), "no DM before the rout");
    let order = Order::Rout {
        unit: "jp1".into(),
        to: loc(&b, "E5"),
    };
    let said = apply(&mut st, &set, &order, &mut Dice::new(1));
    let r = said.iter().find(|e| e.event == "rout").expect("a rout");
    assert!(r.text.contains("it becomes DM (A10.5"), "{}", r.text);
    let jp1 = st.units.iter().find(|u| u.unit.id == "jp1").unwrap();
    assert!(jp1.unit.broken && jp1.unit.dm, "a routed unit is DM");

    // A 9-1 alone in C5 under two squads' point-blank Prep Fire, seed after seed, until he
    // breaks: broken and DM.
    let mut broke = 0;
    for seed in 1..400 {
        let mut st = situation(
            &b,
            Phase::PrepFire,
            Side::Japanese,
            vec![
                jp(&b, "jp1", "B5"),
                jp(&b, "jp2", "B5"),
                unit(&b, "usL", Nationality::American, "9-1", "C5"),
            ],
        )
        .state;
        let fire = Order::Fire {
            units: vec!["jp1".into(), "jp2".into()],
            at: loc(&b, "C5"),
        };
        let said = apply(&mut st, &set, &fire, &mut Dice::new(seed));
        if said.iter().any(|e| e.text.contains("the leader breaks")) {
            let l = st.units.iter().find(|u| u.unit.id == "usL").unwrap();
            assert!(l.unit.broken && l.unit.dm, "seed {seed}: {said:?}");
            broke += 1;
        }
    }
    assert!(broke >= 10, "the 9-1 broke in {broke} of 399 attacks");
}

#[test]
fn a10_5_g11_6_a_broken_unit_in_a_cave_must_rout_from_an_adjacent_known_enemy_and_vice_versa() {
    let b = cliff();
    // A broken Japanese squad in cave A, a Known Good Order American in S4, its Entrance Hex
    // (ADJACENT to the cave, G11.6).
    let st = rtph(
        &b,
        vec![jp_broken(&b, "jp1", "cave:A"), us(&b, "us1", "S4")],
    );
    let s = st.situation(&setting(&b));
    assert!(rout_destinations(&s, "jp1").unwrap().must.holds);
    // The other way: a broken American in S4 next to a Known Japanese squad in cave A.
    let mut us1 = us(&b, "us1", "S4");
    us1.unit.broken = true;
    let st = rtph(&b, vec![us1, jp(&b, "jp1", "cave:A")]);
    let s = st.situation(&setting(&b));
    let plan = rout_destinations(&s, "us1").unwrap();
    assert!(plan.must.holds, "{}", plan.must.reason);
    assert!(plan.destinations.iter().all(|r| r.at != loc(&b, "S4")));
}

#[test]
fn b11_4_a_climber_eliminated_for_failure_to_rout_takes_its_climb_counter_along() {
    let b = cliff();
    let set = setting(&b);
    let mut climber = us(&b, "us1", "T4@1/T4-S5-S4");
    climber.unit.broken = true;
    let mut st = rtph(&b, vec![climber, jp(&b, "jp1", "T5")]);
    st.climbs.push(asl_pto_core::state::Climb {
        hex: loc(&b, "T4").hex().unwrap(),
        vertex: match loc(&b, "T4@1/T4-S5-S4") {
            Location::Climbing { vertex, .. } => vertex,
            _ => unreachable!(),
        },
        level: 1,
        unit: "us1".into(),
    });
    let said = end_rout_phase(&mut st, &set, &mut Dice::new(1));
    assert!(
        said.iter().any(|e| e.event == "failure_to_rout"),
        "{said:?}"
    );
    assert!(
        st.climbs.is_empty(),
        "the Climb counter goes with its Climber"
    );
    let ob = vec![
        ("us1".to_string(), Nationality::American),
        ("jp1".to_string(), Nationality::Japanese),
    ];
    assert_eq!(asl_pto_core::state::check(&st, &set, &ob, false), Ok(()));
}

#[test]
fn a10_51_a_rout_ends_no_closer_to_a_known_enemy_than_it_began() {
    let b = plain();
    // jp1 broken in C5 next to us1 (B5); us2 in H5 stands beyond the jungle of E5, the nearest
    // cover. E5 is two hexes from H5 where C5 is five: E5 is closer to us2 and no destination.
    let st = rtph(
        &b,
        vec![
            jp_broken(&b, "jp1", "C5"),
            us(&b, "us1", "B5"),
            us(&b, "us2", "H5"),
        ],
    );
    let s = st.situation(&setting(&b));
    let plan = rout_destinations(&s, "jp1").unwrap();
    assert!(plan.must.holds);
    let c5 = loc(&b, "C5").hex().unwrap();
    for r in &plan.destinations {
        let h = r.at.hex().unwrap();
        for e in ["B5", "H5"] {
            let e = loc(&b, e).hex().unwrap();
            assert!(
                h.distance(e) >= c5.distance(e),
                "{:?} is closer to {e:?} than C5",
                r.at
            );
        }
    }
    assert!(
        plan.destinations.iter().all(|r| r.at != loc(&b, "E5")),
        "{:?}",
        plan.destinations
    );
    // Without us2, E5 is where it must go.
    let st = rtph(&b, vec![jp_broken(&b, "jp1", "C5"), us(&b, "us1", "B5")]);
    let s = st.situation(&setting(&b));
    let plan = rout_destinations(&s, "jp1").unwrap();
    assert!(plan.destinations.iter().all(|r| r.at == loc(&b, "E5")));
}

// --- the cave play-aid's ROUT PHASE (seed 001) ----------------------------------------------

/// The rout destinations of broken `id` in `st`, as Locations.
fn destinations(b: &Board, st: &GameState, id: &str) -> (Vec<Location>, String) {
    let s = st.situation(&setting(b));
    let plan = rout_destinations(&s, id).unwrap();
    (
        plan.destinations.into_iter().map(|r| r.at).collect(),
        plan.why,
    )
}

#[test]
fn g11_77_play_aid_a_broken_unit_in_a_cave_is_not_required_to_rout_to_the_nearest_woods() {
    // The cliff with woods in S2, two hexes up from cave A's Entrance Hex S4.
    let mut b = cliff();
    let s2 = hex(&b, "S2");
    b.map.set_hex(s2, None, Some(Terrain::Woods), None);
    // From cave A the woods are in reach (S4, S3, S2: 4 MF), yet the open S4 and S3 are rout
    // destinations too.
    let st = rtph(&b, vec![jp_broken(&b, "jp1", "cave:A")]);
    let (to, why) = destinations(&b, &st, "jp1");
    assert!(to.contains(&loc(&b, "S2")), "{to:?}: {why}");
    assert!(
        to.contains(&loc(&b, "S4")) && to.contains(&loc(&b, "S3")),
        "{to:?}: {why}"
    );
    assert!(why.contains("G11.77"), "{why}");
    // The same unit above ground in S3 must go to the nearest woods/building (or a cave at
    // least as close, G11.77): open ground is no destination.
    let st = rtph(&b, vec![jp_broken(&b, "jp1", "S3")]);
    let (to, why) = destinations(&b, &st, "jp1");
    assert!(to.contains(&loc(&b, "S2")), "{to:?}: {why}");
    assert!(
        to.iter()
            .all(|l| *l == loc(&b, "S2") || matches!(l, Location::Cave(_))),
        "{to:?}: {why}"
    );
    assert!(!to.contains(&loc(&b, "S4")), "{to:?}");
}

/// jp1 (broken) routs from `from` to `to` with `others` on the board: the rout's event and
/// jp1 afterwards.
fn rout_into(
    b: &Board,
    from: &str,
    to: &str,
    others: Vec<UnitAt>,
) -> (asl_pto_core::game::Said, UnitAt) {
    let mut units = vec![jp_broken(b, "jp1", from)];
    units.extend(others);
    let mut st = rtph(b, units);
    let order = Order::Rout {
        unit: "jp1".into(),
        to: loc(b, to),
    };
    let said = apply(&mut st, &setting(b), &order, &mut Dice::new(1));
    let jp1 = st
        .units
        .iter()
        .find(|u| u.unit.id == "jp1")
        .unwrap()
        .clone();
    (said[0].clone(), jp1)
}

#[test]
fn g11_75_play_aid_a_broken_unit_routing_into_a_cave_unseen_becomes_hidden() {
    let b = cliff();
    // us1 in S1 looks straight down cave A's CA (S4, S3, S2, S1). Broken, it sees nothing that
    // counts: jp1 routs from S3 into cave A and becomes HIP there. In Good Order it has a LOS to
    // the cave: jp1 is onboard in cave A, not hidden.
    for (watcher_good_order, hidden) in [(false, true), (true, false)] {
        let mut us1 = us(&b, "us1", "S1");
        us1.unit.broken = !watcher_good_order;
        // Pinned, it still sees (a Good Order watcher) but Interdicts nothing in S4 (A10.532).
        us1.unit.pinned = watcher_good_order;
        let (said, jp1) = rout_into(&b, "S3", "cave:A", vec![us1]);
        assert_eq!(said.event, "rout", "{said:?}");
        assert_eq!(jp1.at, loc(&b, "cave:A"));
        assert!(jp1.unit.broken && jp1.unit.routed);
        assert_eq!(
            jp1.hidden, hidden,
            "watcher in Good Order: {watcher_good_order}"
        );
        assert_eq!(
            said.text.contains("hidden there (G11.75)"),
            hidden,
            "{}",
            said.text
        );
    }
    // Into a Cave Complex a broken unit becomes hidden whoever watches (G11.75): from cave A
    // into Complex AA in view of the Good Order us1.
    let b = cliff_with_complex();
    let (said, jp1) = rout_into(&b, "cave:A", "complex:A", vec![us(&b, "us1", "S1")]);
    assert_eq!(said.event, "rout", "{said:?}");
    assert_eq!(jp1.at, loc(&b, "complex:A"));
    assert!(jp1.hidden && jp1.unit.broken, "{}", said.text);
}

#[test]
fn g11_77_play_aid_a_cave_at_least_as_close_in_mf_as_the_nearest_woods_is_a_rout_destination() {
    // jp1 broken in S3; us1 in Q2 (not ADJACENT to it) has a LOS to cave A, so entering the
    // cave costs its 2 MF (G11.751): cave A is 3 MF away (S4, then the cave).
    let with_woods = |woods: &str| {
        let mut b = cliff();
        let h = hex(&b, woods);
        b.map.set_hex(h, None, Some(Terrain::Woods), None);
        b
    };
    let cave_a = Location::Cave("A".into());
    // Woods in S2, 2 MF away: nearer than the cave, the only destination.
    let b = with_woods("S2");
    let st = rtph(&b, vec![jp_broken(&b, "jp1", "S3"), us(&b, "us1", "Q2")]);
    let (to, why) = destinations(&b, &st, "jp1");
    assert_eq!(to, [loc(&b, "S2")], "{why}");
    // Woods in S1, 3 MF away (S2, then the woods): the cave is as close, and a destination too.
    let b = with_woods("S1");
    let st = rtph(&b, vec![jp_broken(&b, "jp1", "S3"), us(&b, "us1", "Q2")]);
    let s = st.situation(&setting(&b));
    let plan = rout_destinations(&s, "jp1").unwrap();
    let mf: Vec<(Location, f32)> = plan
        .destinations
        .iter()
        .map(|r| (r.at.clone(), r.mf))
        .collect();
    assert_eq!(mf.len(), 2, "{mf:?}: {}", plan.why);
    assert!(mf.contains(&(loc(&b, "S1"), 3.0)), "{mf:?}");
    assert!(mf.contains(&(cave_a, 3.0)), "{mf:?}");
    assert!(plan.why.contains("G11.77"), "{}", plan.why);
}

#[test]
fn g11_4_a_broken_unit_may_rout_into_an_overstacked_cave_complex() {
    let b = cliff_with_complex();
    // Complex AA (caves A, G and M set up within it: a limit of six) holds seven squads:
    // Overstacked. A broken Japanese squad in cave A, a Known American at its Entrance Hex S4:
    // "no other unbroken Infantry may enter" — a broken one may.
    let mut units: Vec<UnitAt> = (2..=8)
        .map(|n| jp(&b, &format!("jp{n}"), "complex:A"))
        .collect();
    units.push(jp_broken(&b, "jp1", "cave:A"));
    units.push(us(&b, "us1", "S4"));
    let st = rtph(&b, units);
    let s = st.situation(&setting(&b));
    let plan = rout_destinations(&s, "jp1").unwrap();
    assert!(
        plan.destinations
            .iter()
            .any(|r| r.at == loc(&b, "complex:A")),
        "{}: {:?}",
        plan.why,
        plan.destinations
            .iter()
            .map(|r| r.at.clone())
            .collect::<Vec<_>>()
    );
    // An unbroken one may not enter it.
    let mut mph = st.clone();
    mph.phase = Phase::Movement;
    mph.turn.attacker = Side::Japanese;
    mph.units.iter_mut().for_each(|u| u.unit.broken = false);
    let r = asl_pto_core::rules::orders::movement::move_to(
        &mph.situation(&setting(&b)),
        "jp1",
        &loc(&b, "complex:A"),
        asl_pto_core::rules::orders::movement::MoveVerb::Move,
    )
    .unwrap_err();
    assert_eq!(r.rule, "G11.4", "{}", r.reason);
}

/// The assault's cliff in a RtPh: jp1 Known in cave A (its Entrance Hex S4), jp2 in cave G
/// (Entrance Hex T4) and us1 broken in T4.
fn below_the_caves(b: &Board) -> Vec<UnitAt> {
    vec![
        jp(b, "jp1", "cave:A"),
        jp(b, "jp2", "cave:G"),
        broken(us(b, "us1", "T4")),
    ]
}

#[test]
fn a10_51_a_rout_takes_the_cheapest_path_that_passes_no_known_enemy_not_the_cheapest_path() {
    // The assault's cliff: broken us1 in T4, jp1 Known in cave A (its Entrance Hex S4) and jp2
    // in cave G (Entrance Hex T4). The jungle of R3 is 3 MF away through S4, beside jp1 (A10.51
    // forbids it), and 4 MF through T3 and S3, beside no Known enemy: R3 is the nearest cover.
    let b = crate::board::board_of(&crate::scenarios::demo("assault"));
    let st = rtph(&b, below_the_caves(&b));
    let s = st.situation(&setting(&b));
    let plan = rout_destinations(&s, "us1").unwrap();
    assert!(plan.must.holds, "{}", plan.must.reason);
    let r3 = plan
        .destinations
        .iter()
        .find(|r| r.at == loc(&b, "R3"))
        .unwrap_or_else(|| panic!("R3 refused: {} {:?}", plan.why, plan.destinations));
    assert_eq!(r3.mf, 4.0, "{r3:?}");
    let s4 = loc(&b, "S4");
    assert!(!r3.path.contains(&s4), "through S4, beside jp1: {r3:?}");
    assert!(plan.why.contains("4 MF"), "{}", plan.why);
    // Without jp1 the cheapest path through S4 is the rout's, at 3 MF.
    let st = rtph(
        &b,
        vec![jp(&b, "jp2", "cave:G"), broken(us(&b, "us1", "T4"))],
    );
    let s = st.situation(&setting(&b));
    let plan = rout_destinations(&s, "us1").unwrap();
    let r3 = plan.destinations.iter().find(|r| r.at == loc(&b, "R3"));
    assert_eq!(r3.map(|r| r.mf), Some(3.0), "{plan:?}");
}

/// A10.53 Interdiction (chapter A, not from the seeds: the eASLRB's "A routing unit which
/// enters an Open Ground hex without Low Crawl, in both the LOS and Normal Range of an unbroken
/// enemy unit capable of fire on it in that hex with at least one FP without any form of LOS
/// Hindrance, is subject to a NMC ... fails ... suffers Casualty Reduction, although any
/// remaining HS continues its rout ... if pinned, it may not rout further"): broken jp1 routs
/// from C5 to the jungle of E5 through the open D hex two hexes from us1 in B5.
#[test]
fn a10_53_a_rout_through_open_ground_an_enemy_sees_is_interdicted_by_a_nmc() {
    let b = plain();
    let set = setting(&b);
    let order = Order::Rout {
        unit: "jp1".into(),
        to: loc(&b, "E5"),
    };
    let (mut clean, mut reduced, mut pinned, mut gone) = (0, 0, 0, 0);
    for seed in 1..150 {
        let mut st = rtph(&b, vec![jp_broken(&b, "jp1", "C5"), us(&b, "us1", "B5")]);
        let said = apply(&mut st, &set, &order, &mut Dice::new(seed));
        let i = said
            .iter()
            .position(|e| e.event == "interdiction")
            .unwrap_or_else(|| panic!("seed {seed}: no Interdiction in {said:?}"));
        let e = &said[i];
        assert_eq!(e.rule.as_deref(), Some("A10.53"), "{e:?}");
        assert_eq!(e.unit.as_deref(), Some("jp1"));
        assert!(e.text.contains("us1 in B5"), "{}", e.text);
        let at = e.text.split("Open Ground in ").nth(1).unwrap()[..2].to_string();
        assert!(at.starts_with('D'), "the open D hex on the way: {}", e.text);
        let mc = &said[i + 1];
        assert_eq!(mc.event, "morale_check", "{said:?}");
        assert_eq!(said.iter().filter(|e| e.event == "interdiction").count(), 1);
        let rout = said.iter().find(|e| e.event == "rout").expect("the rout");
        match st.units.iter().find(|u| u.unit.id == "jp1") {
            None => gone += 1,
            Some(u) if u.unit.pinned => {
                // Passed with the highest DR that passes: pinned where it was Interdicted.
                pinned += 1;
                assert_eq!(u.at, loc(&b, &at), "{said:?}");
                let p = said.iter().find(|e| e.event == "pinned").expect("pinned");
                assert_eq!(p.rule.as_deref(), Some("A7.8"));
                assert!(rout.text.contains("it stops in"), "{}", rout.text);
                assert!(u.unit.broken && u.unit.routed);
            }
            Some(u) => {
                // Failed, Casualty Reduced to a broken HS that routs on; or passed.
                assert_eq!(u.at, loc(&b, "E5"), "{said:?}");
                assert!(u.unit.broken && u.unit.routed);
                if u.unit.counter == "4-4-7" {
                    clean += 1;
                } else {
                    reduced += 1;
                    assert!(
                        said.iter()
                            .any(|e| e.event == "break" || e.event == "casualty"),
                        "{said:?}"
                    );
                }
            }
        }
    }
    assert!(
        clean > 20 && reduced > 20 && pinned > 0,
        "{clean} {reduced} {pinned} {gone}"
    );
    // A10.53 makes a failure Casualty Reduction itself: a player's tables that read A10.3
    // otherwise (`broken_failure_reduces: false`: a broken American squad failing a MC stays
    // as it is; a Japanese squad Step-Reduces anyway, G1.12) do not spare the Interdicted unit.
    let mut own = asl_pto_core::rules::tables::Tables::get().clone();
    own.broken_failure_reduces = false;
    let own: &'static asl_pto_core::rules::tables::Tables = Box::leak(Box::new(own));
    let us_order = Order::Rout {
        unit: "us9".into(),
        to: loc(&b, "E5"),
    };
    let reductions = |set: &asl_pto_core::state::Setting| {
        (1..150)
            .filter(|seed| {
                let mut st = rtph(&b, vec![broken(us(&b, "us9", "C5")), jp(&b, "jp1", "B5")]);
                let said = apply(&mut st, set, &us_order, &mut Dice::new(*seed));
                assert!(said.iter().any(|e| e.event == "interdiction"), "{said:?}");
                st.units
                    .iter()
                    .find(|u| u.unit.id == "us9")
                    .is_none_or(|u| u.unit.counter != "7-6-8")
            })
            .count()
    };
    let by_default = reductions(&set);
    let set_own = asl_pto_core::state::Setting {
        tables: own,
        ..setting(&b)
    };
    assert!(by_default > 20, "{by_default}");
    assert_eq!(
        reductions(&set_own),
        by_default,
        "the same dice, the same reductions"
    );

    // No Interdiction by a pinned unit (its FP is halved, A10.532), a leader (no Normal Range),
    // a hidden one (our reading), nor into the jungle (TEM: not Open Ground, A10.531).
    let mut pinned_us = us(&b, "us1", "B5");
    pinned_us.unit.pinned = true;
    let leader = unit(&b, "usL", Nationality::American, "9-1", "B5");
    let mut hid = us(&b, "us1", "B5");
    hid.hidden = true;
    for enemy in [pinned_us, leader, hid] {
        let st = rtph(&b, vec![jp_broken(&b, "jp1", "C5"), enemy.clone()]);
        let s = st.situation(&set);
        let jp1 = s.unit("jp1").unwrap();
        for h in ["D5", "D4", "D6", "C4", "C6"] {
            assert!(
                interdiction(&s, jp1, &loc(&b, h)).is_none(),
                "{} in B5 Interdicts in {h}",
                enemy.unit.id
            );
        }
    }
    let st = rtph(&b, vec![jp_broken(&b, "jp1", "D5"), us(&b, "us1", "B5")]);
    let s = st.situation(&set);
    let jp1 = s.unit("jp1").unwrap();
    assert!(interdiction(&s, jp1, &loc(&b, "E5")).is_none(), "jungle");
    assert!(
        interdiction(&s, jp1, &loc(&b, "D6")).is_some(),
        "open, range 2"
    );
    // Beyond the Normal Range (a 7-6-8's 6 hexes): none.
    assert!(interdiction(&s, jp1, &loc(&b, "J5")).is_none(), "range 8");
    // A concealed or Cloaked Interdictor keeps its "?" or Cloaking counter: the words do not
    // name it.
    for cloaked in [false, true] {
        let mut hid = us(&b, "us1", "B5");
        hid.concealed = !cloaked;
        hid.cloaked = cloaked;
        let st = rtph(&b, vec![jp_broken(&b, "jp1", "C5"), hid]);
        let s = st.situation(&set);
        let c = interdiction(&s, s.unit("jp1").unwrap(), &loc(&b, "D5")).expect("a \"?\"");
        assert!(
            c.reason.contains("a \"?\" in B5") && !c.reason.contains("us1"),
            "{}",
            c.reason
        );
    }
}

/// A10.52 Low Crawl (chapter A, not from the seeds: our reading of A10.53's "an Open Ground hex
/// without Low Crawl" and a published rout flowchart: "a Low Crawling unit may only move one
/// Location"; "not an option if the routing unit ... is currently in an enemy-occupied
/// Location"). On the assault's cliff, broken us1 in T4 must rout from jp1 in cave A and jp2 in
/// cave G; its rout to the jungle of R3 goes T4 -> T3 -> S3 -> R3, and jp1 and jp2 Interdict
/// it in the open T3. Instead it may Low Crawl into T3, the path's first Location, and is then
/// not Interdicted.
#[test]
fn a10_52_a_broken_unit_low_crawls_one_location_and_is_not_interdicted() {
    let b = crate::board::board_of(&crate::scenarios::demo("assault"));
    let set = setting(&b);
    let units = || below_the_caves(&b);
    let st = rtph(&b, units());
    let s = st.situation(&set);
    let plan = rout_destinations(&s, "us1").unwrap();
    assert!(plan.must.holds, "{}", plan.must.reason);
    let r3 = plan
        .destinations
        .iter()
        .find(|r| r.at == loc(&b, "R3"))
        .expect("R3");
    assert_eq!(r3.path[1], loc(&b, "T3"), "{r3:?}");
    let crawls: Vec<&Location> = plan.low_crawl.iter().map(|r| &r.at).collect();
    assert_eq!(crawls, vec![&loc(&b, "T3")], "{plan:?}");
    assert!(
        plan.low_crawl.iter().all(|r| r.path.len() == 2),
        "one Location: {plan:?}"
    );
    // The Orders window and `orders` say which rout is a Low Crawl.
    let rout = |hex: &str| Order::Rout {
        unit: "us1".into(),
        to: loc(&b, hex),
    };
    assert_eq!(rout("T3").label_in(&s), "Low Crawl to T3 (A10.52)");
    assert_eq!(rout("R3").label_in(&s), "Rout to R3");
    // The whole rout is Interdicted in S3 (the NMC's outcome is the dice's).
    let whole = Order::Rout {
        unit: "us1".into(),
        to: loc(&b, "R3"),
    };
    let mut st = rtph(&b, units());
    let said = apply(&mut st, &set, &whole, &mut Dice::new(1));
    let i = said
        .iter()
        .find(|e| e.event == "interdiction")
        .unwrap_or_else(|| panic!("{said:?}"));
    assert!(i.text.contains("Open Ground in T3"), "{}", i.text);
    // The Low Crawl into T3: no Interdiction, whatever the dice.
    let crawl = Order::Rout {
        unit: "us1".into(),
        to: loc(&b, "T3"),
    };
    for seed in 1..40 {
        let mut st = rtph(&b, units());
        let said = apply(&mut st, &set, &crawl, &mut Dice::new(seed));
        assert!(!said.iter().any(|e| e.event == "interdiction"), "{said:?}");
        let r = said.iter().find(|e| e.event == "rout").expect("the rout");
        assert_eq!(r.rule.as_deref(), Some("A10.52"), "{r:?}");
        assert!(
            r.text.contains("us1 Low Crawls to T3")
                && r.text.contains("not subject to Interdiction"),
            "{}",
            r.text
        );
        let u = st.units.iter().find(|u| u.unit.id == "us1").unwrap();
        assert_eq!(u.at, loc(&b, "T3"));
        assert!(u.unit.broken && u.unit.routed && u.unit.counter == "7-6-8");
        // One rout a RtPh: it crawls no further.
        let again = Order::Rout {
            unit: "us1".into(),
            to: loc(&b, "S3"),
        };
        let said = apply(&mut st, &set, &again, &mut Dice::new(seed));
        assert_eq!(said[0].event, REFUSED, "{said:?}");
    }
    // A Location neither a destination nor the path's first is refused, the crawl named.
    let mut st = rtph(&b, units());
    let said = apply(
        &mut st,
        &set,
        &Order::Rout {
            unit: "us1".into(),
            to: loc(&b, "S3"),
        },
        &mut Dice::new(1),
    );
    assert_eq!(said[0].event, REFUSED, "{said:?}");
    assert!(
        said[0].text.contains("Low Crawl into (only: T3, A10.52)"),
        "{}",
        said[0].text
    );
    // Sharing its Location with an enemy unit (a concealed one) before any Close Combat there,
    // it routs out of it (A10.51: "unless in doing so it is leaving that enemy unit's
    // Location"), but does not Low Crawl (A10.52): T3 is no destination of its own.
    let mut hiding = jp(&b, "jp9", "T4");
    hiding.concealed = true;
    let mut with = units();
    with.push(hiding);
    let mut st = rtph(&b, with.clone());
    let said = apply(&mut st, &set, &crawl, &mut Dice::new(1));
    assert_eq!(said[0].event, REFUSED, "{said:?}");
    assert_eq!(said[0].rule.as_deref(), Some("A10.5"), "{said:?}");
    assert!(!said[0].text.contains("Low Crawl into"), "{}", said[0].text);
    let mut st = rtph(&b, with);
    let said = apply(&mut st, &set, &whole, &mut Dice::new(1));
    assert!(said.iter().any(|e| e.event == "rout"), "{said:?}");
}

#[test]
fn a10_51_a_broken_unit_routs_out_of_a_location_an_enemy_entered_before_any_close_combat() {
    // A helper's finding: a Banzai Charge into a broken American's Location left it forbidden
    // to rout (A11.7's Melee, read for a Location where no CC was fought yet) and then
    // eliminated for Failure to Rout: 2 Casualty VP for nothing. A10.51: a routing unit may not
    // move ADJACENT to a Known enemy unit "unless in doing so it is leaving that enemy unit's
    // Location".
    let b = plain();
    let st = rtph(
        &b,
        vec![
            broken(us(&b, "us1", "C5")),
            jp(&b, "jp1", "C5"),
            jp(&b, "jpL", "C5"),
        ],
    );
    let set = setting(&b);
    let s = st.situation(&set);
    let plan = rout_destinations(&s, "us1").unwrap();
    assert!(plan.must.holds, "{}", plan.must.reason);
    assert!(!plan.destinations.is_empty(), "{}", plan.why);
    let c5 = hex(&b, "C5");
    for r in &plan.destinations {
        // Its first step leaves jp1's Location (ADJACENT to it: allowed); no later one is
        // ADJACENT to it.
        for l in r.path.iter().skip(2) {
            assert!(l.hex().unwrap().distance(c5) > 1, "{:?}", r.path);
        }
    }
    assert!(
        !plan.crawl_allowed,
        "no Low Crawl out of an enemy's Location"
    );
    // Routed, it is gone from C5 and not eliminated as the RtPh ends.
    let to = plan.destinations[0].at.clone();
    let mut st = rtph(
        &b,
        vec![
            broken(us(&b, "us1", "C5")),
            jp(&b, "jp1", "C5"),
            jp(&b, "jpL", "C5"),
        ],
    );
    let said = apply(
        &mut st,
        &set,
        &Order::Rout {
            unit: "us1".into(),
            to: to.clone(),
        },
        &mut Dice::new(3),
    );
    assert!(said.iter().any(|e| e.event == "rout"), "{said:?}");
    let said = end_rout_phase(&mut st, &set, &mut Dice::new(1));
    assert!(
        !said.iter().any(|e| e.event == "failure_to_rout"),
        "{said:?}"
    );
}

#[test]
fn a11_7_a_broken_unit_locked_in_melee_does_not_rout_and_is_not_eliminated_for_failure_to_rout() {
    // A helper's finding: a unit broken while in Melee was held there (A11.7) and then
    // eliminated for Failure to Rout. Locked in Melee, it does not rout (a published rout
    // flowchart; Withdrawal, A11.2, is not modelled) and so does not fail to.
    let b = plain();
    let mut st = rtph(&b, vec![broken(us(&b, "us1", "C5")), jp(&b, "jp1", "C5")]);
    st.tallies.melee.push(loc(&b, "C5"));
    let set = setting(&b);
    let s = st.situation(&set);
    let plan = rout_destinations(&s, "us1").unwrap();
    assert!(!plan.must.holds, "{}", plan.must.reason);
    assert_eq!(plan.must.rule, "A11.7");
    assert!(plan.destinations.is_empty(), "held by the Melee: {plan:?}");
    assert!(failure_to_rout(&s, "us1").is_none());
    let said = end_rout_phase(&mut st, &set, &mut Dice::new(1));
    assert!(
        !said.iter().any(|e| e.event == "failure_to_rout"),
        "{said:?}"
    );
    assert!(st.units.iter().any(|u| u.unit.id == "us1"));
}

#[test]
fn a10_51_a_rout_ends_neither_adjacent_nor_closer_to_a_broken_known_enemy() {
    // A helper's finding: the rout kept away only from Good Order enemies. A10.51 (our
    // sources): a routing unit leaves out any hex ADJACENT to a Known enemy unit, or closer to
    // one than where it starts, broken or not.
    let b = plain();
    let rout_of = |units: Vec<UnitAt>| {
        let st = rtph(&b, units);
        let s = st.situation(&setting(&b));
        rout_destinations(&s, "jp1").unwrap()
    };
    let units = |us2_concealed: bool| {
        let mut us2 = broken(us(&b, "us2", "F5"));
        us2.concealed = us2_concealed;
        vec![jp_broken(&b, "jp1", "C5"), us(&b, "us1", "B5"), us2]
    };
    // E5 (jungle, the nearest cover) is ADJACENT to the broken us2 in F5: left out.
    let plan = rout_of(units(false));
    assert!(plan.must.holds, "{}", plan.must.reason);
    assert!(!plan.destinations.is_empty(), "{}", plan.why);
    assert!(
        plan.destinations.iter().all(|r| r.at != loc(&b, "E5")),
        "{plan:?}"
    );
    let f5 = hex(&b, "F5");
    let from = hex(&b, "C5").distance(f5);
    for r in plan.destinations.iter().chain(plan.low_crawl.iter()) {
        let h = r.at.hex().unwrap();
        assert!(h.distance(f5) >= from && h.distance(f5) > 1, "{r:?}");
    }
    // A concealed us2 is not Known: E5 is the rout again.
    let plan = rout_of(units(true));
    assert!(
        plan.destinations.iter().any(|r| r.at == loc(&b, "E5")),
        "{plan:?}"
    );
}
