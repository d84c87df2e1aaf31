//! The rule holes program-vs-program games found, closed in the rulings so that the walk, Play
//! mode, `orders` and the opponent all refuse them: one CC attack per unit per CCPh (a Location
//! fought out fights on next CCPh, A11.7); a unit marked Prep Fire neither Searches, Places nor
//! Sets a DC in the MPh (A3), nor fires again; a Throw is the Thrower's fire for the phase
//! (G11.833); G11.6's ADJACENT to a cave for rout and DM.

use asl_pto_core::counters::Nationality;
use asl_pto_core::game::{Dice, REFUSED, apply, end_rally_phase};
use asl_pto_core::model::{FireMark, Phase, Side};
use asl_pto_core::rules::moves::field_of_movement;
use asl_pto_core::rules::orders::Order;
use asl_pto_core::rules::orders::dc::{place_dc, set_dc_order, throw_dc};
use asl_pto_core::rules::orders::fire::fire;
use asl_pto_core::rules::orders::legal_orders;
use asl_pto_core::rules::orders::movement::{MoveVerb, move_to};
use asl_pto_core::rules::orders::rout::rout_destinations;
use asl_pto_core::rules::orders::search::search;
use asl_pto_core::rules::situation::UnitAt;

use crate::board::{cliff, hex, hidden, jp, loc, plain, setting, situation, unit, us};

fn marked(mut u: UnitAt, m: FireMark) -> UnitAt {
    u.unit.fired = Some(m);
    u
}

fn with_dc(mut u: UnitAt) -> UnitAt {
    u.unit.dc = true;
    u
}

#[test]
fn a11_7_a_location_fought_out_this_ccph_fights_on_next_ccph_not_again_now() {
    let b = plain();
    // Two 7-6-8 against a lone 9-0 who survives: Melee, and no second CC in this CCPh.
    let order = Order::CloseCombat {
        at: loc(&b, "C3"),
        attackers: vec![],
        targets: vec![],
    };
    let (mut st, said) = (1..200)
        .find_map(|seed| {
            let mut st = situation(
                &b,
                Phase::CloseCombat,
                Side::Japanese,
                vec![
                    unit(&b, "jpL", Nationality::Japanese, "9-0", "C3"),
                    us(&b, "us1", "C3"),
                ],
            )
            .state;
            let said = apply(&mut st, &setting(&b), &order, &mut Dice::new(seed));
            said.iter()
                .any(|e| e.event == "melee")
                .then_some((st, said))
        })
        .expect("a Melee within the seeds");
    assert!(said.iter().any(|e| e.text.contains("CC goes on next CCPh")));
    let again = apply(&mut st, &setting(&b), &order, &mut Dice::new(7));
    assert_eq!(again[0].event, REFUSED, "{again:?}");
    assert_eq!(again[0].rule.as_deref(), Some("A11.7"));
    assert!(!again.iter().any(|e| e.event == "close_combat"));
    // Next CCPh (a new phase begun), it fights on.
    st.tallies.cc_attacked.clear();
    let next = apply(&mut st, &setting(&b), &order, &mut Dice::new(7));
    assert!(next.iter().any(|e| e.event == "close_combat"), "{next:?}");
}

#[test]
fn a11_a_divided_attack_lets_each_unit_attack_once() {
    let b = plain();
    let mut st = situation(
        &b,
        Phase::CloseCombat,
        Side::Allied,
        vec![
            us(&b, "us1", "C3"),
            us(&b, "us2", "C3"),
            jp(&b, "jp1", "C3"),
            jp(&b, "jp2", "C3"),
        ],
    )
    .state;
    let cc = |a: &str, t: &str| Order::CloseCombat {
        at: loc(&b, "C3"),
        attackers: vec![a.into()],
        targets: vec![t.into()],
    };
    let first = apply(&mut st, &setting(&b), &cc("us1", "jp1"), &mut Dice::new(2));
    let n = first.iter().filter(|e| e.event == "close_combat").count();
    assert_eq!(n, 2, "us1's attack and the DEFENDER's: {first:?}");
    // us1 has attacked: it may not again; us2 has not, and only it attacks now (the DEFENDER
    // made its attack).
    let s = st.situation(&setting(&b));
    if s.unit("us1").is_some() {
        let again = apply(
            &mut st.clone(),
            &setting(&b),
            &cc("us1", "jp2"),
            &mut Dice::new(2),
        );
        assert_eq!(again[0].event, REFUSED, "{again:?}");
    }
    if s.unit("us2").is_some() && s.unit("jp2").is_some() {
        let second = apply(&mut st, &setting(&b), &cc("us2", "jp2"), &mut Dice::new(2));
        let attacks: Vec<_> = second
            .iter()
            .filter(|e| e.event == "close_combat")
            .collect();
        assert_eq!(attacks.len(), 1, "{second:?}");
        assert_eq!(attacks[0].unit.as_deref(), Some("us2"));
    }
}

/// A7.8 / A12.152: a pinned unit spends no MF in its MPh, and a Search takes the MPh: it does
/// not Search (a helper: us2, pinned by First Fire in S4, Searched S5 and found cave G); a
/// broken one is told it is not in Good Order, not that the hex is not adjacent.
#[test]
fn a7_8_a_pinned_unit_does_not_search_and_a_broken_one_is_told_why() {
    let b = cliff();
    let mut pinned = us(&b, "us1", "S4");
    pinned.unit.pinned = true;
    let mut broken = us(&b, "us2", "S4");
    broken.unit.broken = true;
    let s = situation(&b, Phase::Movement, Side::Allied, vec![pinned, broken]);
    let r = search(&s, "us1", hex(&b, "S5")).unwrap_err();
    assert_eq!(r.rule, "A7.8", "{}", r.reason);
    let r = search(&s, "us2", hex(&b, "S5")).unwrap_err();
    assert!(r.reason.contains("not in Good Order"), "{}", r.reason);
    let s = situation(&b, Phase::Movement, Side::Allied, vec![us(&b, "us1", "S4")]);
    assert!(search(&s, "us1", hex(&b, "S5")).is_ok());
}

#[test]
fn a3_a_unit_that_prep_fired_neither_searches_nor_places_nor_sets_a_dc_in_the_mph() {
    let b = cliff();
    // us1 beside cave A's Entrance Hex S4 with a DC, marked Prep Fire, in its MPh.
    let s = situation(
        &b,
        Phase::Movement,
        Side::Allied,
        vec![
            marked(with_dc(us(&b, "us1", "S4")), FireMark::PrepFire),
            jp(&b, "jp1", "cave:A"),
        ],
    );
    let r = search(&s, "us1", hex(&b, "S4")).unwrap_err();
    assert_eq!(r.rule, "A3", "{}", r.reason);
    assert!(r.reason.contains("Prep Fire"), "{}", r.reason);
    assert_eq!(place_dc(&s, "us1", "A").unwrap_err().rule, "A3");
    assert_eq!(set_dc_order(&s, "us1", "A").unwrap_err().rule, "A3");
    // Unmarked, the same unit may.
    let s = situation(
        &b,
        Phase::Movement,
        Side::Allied,
        vec![with_dc(us(&b, "us1", "S4")), jp(&b, "jp1", "cave:A")],
    );
    assert!(search(&s, "us1", hex(&b, "S4")).is_ok());
    assert!(place_dc(&s, "us1", "A").is_ok());
}

#[test]
fn g11_833_a_throw_is_the_throwers_fire_for_the_phase() {
    let b = cliff();
    // A unit that Prep Fired may not Throw in the same phase.
    let s = situation(
        &b,
        Phase::PrepFire,
        Side::Allied,
        vec![
            marked(with_dc(us(&b, "us1", "S4")), FireMark::PrepFire),
            jp(&b, "jp1", "cave:A"),
        ],
    );
    let r = throw_dc(&s, "us1", "A").unwrap_err();
    assert!(r.reason.contains("cannot fire again"), "{}", r.reason);
    // Throwing marks it Prep Fire: it then neither fires nor Throws again in the phase (the
    // first seed after which it is still in Good Order).
    let order = Order::ThrowDc {
        unit: "us1".into(),
        cave: "A".into(),
    };
    let st = (1..100)
        .find_map(|seed| {
            let mut st = situation(
                &b,
                Phase::PrepFire,
                Side::Allied,
                vec![
                    with_dc(us(&b, "us1", "S4")),
                    jp(&b, "jp1", "cave:A"),
                    jp(&b, "jp2", "T4"),
                ],
            )
            .state;
            let said = apply(&mut st, &setting(&b), &order, &mut Dice::new(seed));
            assert!(said.iter().any(|e| e.event == "throw_dc"), "{said:?}");
            let s = st.situation(&setting(&b));
            let ok = s.unit("us1").is_some_and(|u| u.unit.good_order()) && s.unit("jp2").is_some();
            drop(s);
            ok.then_some(st)
        })
        .expect("a Thrower in Good Order after within the seeds");
    let s = st.situation(&setting(&b));
    assert_eq!(s.unit("us1").unwrap().unit.fired, Some(FireMark::PrepFire));
    let r = fire(&s, &["us1".to_string()], &loc(&b, "T4")).unwrap_err();
    assert!(r.reason.contains("cannot fire again"), "{}", r.reason);
}

#[test]
fn g11_6_a_broken_unit_adjacent_to_a_caves_known_occupant_must_rout_and_keeps_dm() {
    let b = cliff();
    // Cave A's Entrance Hex S4 (its Base Level); the gully caves J, K and L: IN H5 (G11.6 EX).
    for (at, cave) in [("S4", "cave:A"), ("H5", "cave:J"), ("H5", "cave:L")] {
        let mut us1 = us(&b, "us1", at);
        us1.unit.broken = true;
        us1.unit.dm = true;
        let st = situation(
            &b,
            Phase::Rout,
            Side::Allied,
            vec![us1.clone(), jp(&b, "jp1", cave)],
        )
        .state;
        let plan = rout_destinations(&st.situation(&setting(&b)), "us1").unwrap();
        assert!(plan.must.holds, "{at} by {cave}: {}", plan.must.reason);
        assert!(
            plan.must.reason.contains("ADJACENT"),
            "{}",
            plan.must.reason
        );
        // DM stays as the RPh ends: the cave's occupant is ADJACENT.
        let mut st = situation(
            &b,
            Phase::Rally,
            Side::Allied,
            vec![us1, jp(&b, "jp1", cave)],
        )
        .state;
        let said = end_rally_phase(&mut st, &setting(&b), &mut Dice::new(1));
        assert!(
            !said.iter().any(|e| e.event == "dm_removed"),
            "{at}: {said:?}"
        );
    }
}

/// G11.3: HIP and HIP loss apply to a Cave counter as to its contents: a hidden squad that
/// fires out of hidden cave A is revealed, and cave A with it (placed onboard: its Entrance Hex
/// is known from then on); a hidden squad firing from the open reveals no cave.
#[test]
fn g11_3_a_hidden_unit_firing_from_a_hidden_cave_reveals_the_cave() {
    let b = cliff();
    let order = Order::Fire {
        units: vec!["jp1".into()],
        at: loc(&b, "S4"),
    };
    let mut st = situation(
        &b,
        Phase::DefensiveFire,
        Side::Allied,
        vec![hidden(jp(&b, "jp1", "cave:A")), us(&b, "us1", "S4")],
    )
    .state;
    st.hidden_caves = vec!["A".into(), "G".into()];
    let said = apply(&mut st, &setting(&b), &order, &mut Dice::new(3));
    assert!(!said.iter().any(|e| e.event == REFUSED), "{said:?}");
    assert_eq!(st.hidden_caves, ["G"], "cave A revealed, G still hidden");
    let jp1 = st.units.iter().find(|u| u.unit.id == "jp1").unwrap();
    assert!(!jp1.hidden);
    assert!(
        said.iter()
            .any(|e| e.event == "revealed" && e.text.contains("cave A is revealed")),
        "{said:?}"
    );
    // From the open, no cave is revealed.
    let mut st = situation(
        &b,
        Phase::DefensiveFire,
        Side::Allied,
        vec![hidden(jp(&b, "jp1", "T5")), us(&b, "us1", "T4")],
    )
    .state;
    st.hidden_caves = vec!["A".into()];
    let order = Order::Fire {
        units: vec!["jp1".into()],
        at: loc(&b, "T4"),
    };
    let said = apply(&mut st, &setting(&b), &order, &mut Dice::new(3));
    assert!(!said.iter().any(|e| e.event == REFUSED), "{said:?}");
    assert_eq!(st.hidden_caves, ["A"]);
}

#[test]
fn a11_7_a_unit_in_melee_neither_fires_out_nor_moves_advances_or_searches_out() {
    let b = plain();
    // us1 shares C3 with jp1 (a Melee); us2 in B3 does not; jp2 in D3 beside both.
    let units = || {
        vec![
            us(&b, "us1", "C3"),
            jp(&b, "jp1", "C3"),
            us(&b, "us2", "B3"),
            jp(&b, "jp2", "D3"),
        ]
    };
    let mut s = situation(&b, Phase::PrepFire, Side::Allied, units());
    let r = fire(&s, &["us1".to_string()], &loc(&b, "D3")).unwrap_err();
    assert_eq!(r.rule, "A11.7", "{}", r.reason);
    // Said as it stands: a unit that only entered its enemy's Location (at night, in the
    // MPh) is not yet "in Melee" (a veteran's trial); one a Close Combat left there is.
    assert!(
        r.reason.contains(
            "shares its Location with an enemy unit not hidden (no Close Combat fought there yet)"
        ),
        "{}",
        r.reason
    );
    s.state.tallies.melee.push(loc(&b, "C3"));
    let r = fire(&s, &["us1".to_string()], &loc(&b, "D3")).unwrap_err();
    assert!(r.reason.contains("(in Melee)"), "{}", r.reason);
    let s = situation(&b, Phase::PrepFire, Side::Allied, units());
    assert!(fire(&s, &["us2".to_string()], &loc(&b, "D3")).is_ok());
    // The Melee's Location itself is not fired on either (A11: it holds us1).
    assert!(fire(&s, &["us2".to_string()], &loc(&b, "C3")).is_err());
    for phase in [Phase::Movement, Phase::Advance] {
        let s = situation(&b, phase, Side::Allied, units());
        let r = move_to(&s, "us1", &loc(&b, "B4"), MoveVerb::Move).unwrap_err();
        assert_eq!(r.rule, "A11.7", "{phase:?}: {}", r.reason);
        assert!(move_to(&s, "us2", &loc(&b, "B4"), MoveVerb::Move).is_ok());
        // What the CLI, the viewer and the opponent are offered agrees.
        assert_eq!(field_of_movement(&s, "us1").unwrap_err().rule, "A11.7");
        assert!(!field_of_movement(&s, "us2").unwrap().is_empty());
        assert!(
            legal_orders(&s, "us1", None)
                .iter()
                .filter(|(o, _)| matches!(o, Order::Search { .. }))
                .all(|(_, r)| r.is_err())
        );
    }
    let s = situation(&b, Phase::Movement, Side::Allied, units());
    assert_eq!(search(&s, "us1", hex(&b, "B4")).unwrap_err().rule, "A11.7");
    // The Japanese side's units in the Melee are as locked in their own Player Turn.
    let s = situation(&b, Phase::Movement, Side::Japanese, units());
    assert_eq!(
        move_to(&s, "jp1", &loc(&b, "C4"), MoveVerb::Move)
            .unwrap_err()
            .rule,
        "A11.7"
    );
    assert!(move_to(&s, "jp2", &loc(&b, "E3"), MoveVerb::Move).is_ok());
}

#[test]
fn a15_43_a_berserk_unit_with_an_enemy_to_charge_throws_no_dc_in_its_pfph() {
    let b = cliff();
    // us1, berserk with a DC in S4 below cave A (jp1 inside, Known); jp2 in the open of T8.
    // A cave occupant is not charged (G11.97): us1 charges jp2, and a Throw in its PFPh would
    // forfeit that charge.
    let mut mad = with_dc(us(&b, "us1", "S4"));
    mad.unit.berserk = true;
    let units = |u: UnitAt| vec![u, jp(&b, "jp1", "cave:A"), jp(&b, "jp2", "T8")];
    let s = situation(&b, Phase::PrepFire, Side::Allied, units(mad.clone()));
    let r = throw_dc(&s, "us1", "A").unwrap_err();
    assert_eq!(r.rule, "A15.43", "{r}");
    assert!(r.reason.contains("T8"), "{r}");
    // Not berserk, it Throws.
    let mut calm = mad;
    calm.unit.berserk = false;
    let s = situation(&b, Phase::PrepFire, Side::Allied, units(calm));
    assert!(throw_dc(&s, "us1", "A").is_ok());
}
