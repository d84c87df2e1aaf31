//! The odds of an order (issue 37): counted from the same rulings the walk plays, they agree
//! with a 10,000-game Monte Carlo of the same order within 1.5 points, and they are counted on
//! what the ordering side knows.

use std::collections::BTreeMap;
use std::sync::Arc;

use asl_pto_core::game::{Dice, apply, odds};
use asl_pto_core::model::{Phase, Side};
use asl_pto_core::play::Match;
use asl_pto_core::rules::orders::{Order, UnitId};

use crate::scenarios::{demo, game};

/// The assault in its first PFPh (the Allies the ATTACKER).
fn assault_prep_fire() -> Match {
    let mut m = game(demo("assault"), 1);
    while m.state.phase != Phase::PrepFire {
        assert!(m.end_phase());
    }
    known_in_t5(&mut m);
    m
}

/// jp3 and jpL in T5 Known to the Allies: the scenario's SSR sets them up under "?", and these
/// tests count the odds of each Known unit against the game played (a "?" is one placeholder
/// squad to the side that fires, A12, whatever it hides).
fn known_in_t5(m: &mut Match) {
    for u in m.state.units.iter_mut() {
        if u.unit.id == "jp3" || u.unit.id == "jpL" {
            u.concealed = false;
        }
    }
}

fn fire(units: &[&str], at: &str, m: &Match) -> Order {
    Order::Fire {
        units: units.iter().map(|u| UnitId((*u).into())).collect(),
        at: asl_pto_core::los::Location::parse(at, &m.scenario().map).unwrap(),
    }
}

/// What a play of an order is followed by before its effects are read (the phase it takes
/// effect in, for a Placed DC).
type Then = dyn Fn(&mut asl_pto_core::state::GameState, &asl_pto_core::state::Setting, &mut Dice);

/// Each unit's frequency of each effect over `n` plays of `order` with dice seeded 1..=n, each
/// play followed by `then`.
fn monte_carlo(m: &Match, order: &Order, n: u64, then: &Then) -> BTreeMap<String, [f64; 4]> {
    let setting = m.setting();
    let mut out: BTreeMap<String, [f64; 4]> = BTreeMap::new();
    for seed in 1..=n {
        let mut st = m.state.clone();
        let mut dice = Dice::new(seed);
        apply(&mut st, &setting, order, &mut dice);
        then(&mut st, &setting, &mut dice);
        for b in &m.state.units {
            let e = out.entry(b.unit.id.clone()).or_default();
            match st.units.iter().find(|a| a.unit.id == b.unit.id) {
                None => e[0] += 1.0,
                Some(a) => {
                    if a.unit.counter != b.unit.counter || (a.unit.wounded && !b.unit.wounded) {
                        e[1] += 1.0;
                    }
                    if a.unit.broken && !b.unit.broken {
                        e[2] += 1.0;
                    }
                    if a.unit.pinned && !b.unit.pinned {
                        e[3] += 1.0;
                    }
                }
            }
        }
    }
    for v in out.values_mut() {
        for x in v.iter_mut() {
            *x /= n as f64;
        }
    }
    out
}

fn agrees(m: &Match, order: &Order) -> odds::Odds {
    agrees_then(m, order, &|_, _, _| {})
}

/// `agrees`, each of the 10,000 plays followed by `then`.
fn agrees_then(m: &Match, order: &Order, then: &Then) -> odds::Odds {
    let o = m.odds(order).expect("the order rolls dice");
    let mc = monte_carlo(m, order, 10_000, then);
    for (id, f) in &mc {
        let u = o.targets.get(id).cloned().unwrap_or_default();
        for (k, (p, name)) in [
            (u.eliminated, "eliminated"),
            (u.reduced, "reduced"),
            (u.broken, "broken"),
            (u.pinned, "pinned"),
        ]
        .into_iter()
        .enumerate()
        {
            assert!(
                (p - f[k]).abs() <= 0.015,
                "{id} {name}: odds {p:.4}, 10,000 games {:.4} ({o:?})",
                f[k]
            );
        }
    }
    o
}

#[test]
fn a7_fire_odds_agree_with_ten_thousand_games_within_one_and_a_half_points() {
    let m = assault_prep_fire();
    // us1 (7-6-8) with its DC, and the 9-1 directing it, at jp3 and jpL in T5 (Known).
    for order in [fire(&["us1"], "T5", &m), fire(&["us1", "us2"], "T5", &m)] {
        let allowed = asl_pto_core::rules::orders::judge(&m.state.situation(&m.setting()), &order);
        if allowed.is_err() {
            continue;
        }
        let o = agrees(&m, &order);
        assert!(o.targets.contains_key("jp3"), "{o:?}");
        // The IFT results: a distribution over the 36 DR.
        let total: f64 = o.results.values().sum();
        assert!((total - 1.0).abs() < 0.001, "{:?}", o.results);
        assert!(o.results.len() >= 3, "{:?}", o.results);
        let words = odds::in_words(&o);
        assert!(words.contains("% to break jp3"), "{words}");
    }
}

#[test]
fn a10_rally_odds_are_counted_exactly() {
    // walk_rally: a broken unit in its RPh.
    let s = Arc::new(crate::scenarios::fixture("walk_rally"));
    let mut m = Match::new(s, 1);
    m.open_next_phase();
    let broken: Vec<String> = m
        .state
        .units
        .iter()
        .filter(|u| u.unit.broken)
        .map(|u| u.unit.id.clone())
        .collect();
    assert!(!broken.is_empty(), "the fixture has a broken unit");
    for id in broken {
        let order = Order::Rally {
            unit: UnitId(id.clone()),
        };
        if asl_pto_core::rules::orders::judge(&m.state.situation(&m.setting()), &order).is_err() {
            continue;
        }
        let o = agrees(&m, &order);
        let r = o.targets.get(&id).map_or(0.0, |u| u.rallied);
        assert!(r > 0.0 && r < 1.0, "{id}: {o:?}");
        // A DR is two dice: counted exactly, in 36ths.
        assert!(((r * 36.0) - (r * 36.0).round()).abs() < 0.01, "{r}");
        return;
    }
    panic!("no broken unit may rally");
}

#[test]
fn a12_odds_count_only_what_the_ordering_side_knows() {
    let m = assault_prep_fire();
    // jp1 and jp2 are hidden in caves A and G: no order's odds name them (us1's orders: its
    // Fire, its DC Placed or Thrown at cave A, its Searches).
    for id in ["us1"] {
        for (order, answer) in m.legal_orders(id) {
            if answer.is_err() || order.moves() {
                continue;
            }
            if let Some(o) = m.odds(&order) {
                assert!(
                    !o.targets.contains_key("jp1") && !o.targets.contains_key("jp2"),
                    "{order:?}: {o:?}"
                );
            }
        }
    }
}

#[test]
fn an_order_that_rolls_no_die_has_no_odds() {
    let m = assault_prep_fire();
    let order = Order::Los {
        from: asl_pto_core::los::Location::parse("T3", &m.scenario().map).unwrap(),
        to: asl_pto_core::los::Location::parse("T5", &m.scenario().map).unwrap(),
    };
    assert!(m.odds(&order).is_none());
}

/// A11.11 / A11.4 / G1.64: the chances the doctrine weighs a Close Combat by
/// (`rules::orders::cc_chances`, from the CC ruling's plan) agree with the odds of the same CC
/// played (`Match::odds`, the game's own resolution): us3 (6-6-7) having advanced into the
/// kunai of T5 against jp3 (4-4-7) and its 9-1 — an Ambush possible (G.6: the ATTACKER +1 in
/// kunai; the Japanese Stealthy), Hand-to-Hand if the Japanese Ambush (G1.64) — and the same
/// with the 9-1 usL joining him (his leadership a DRM, A11.14). The exact odds a player reads
/// are `Match::odds`'s; these are the doctrine's quick reckoning.
#[test]
fn a11_cc_chances_agree_with_the_close_combat_played() {
    use asl_pto_core::rules::orders::cc_chances::cc_chances;
    use asl_pto_core::rules::orders::close_combat::close_combat;
    for joined in [&["us3"][..], &["us3", "usL"][..]] {
        let mut m = game(demo("assault"), 1);
        while m.state.phase != Phase::CloseCombat {
            assert!(m.end_phase());
        }
        known_in_t5(&mut m);
        let t5 = asl_pto_core::los::Location::parse("T5", &m.scenario().map).unwrap();
        for u in m.state.units.iter_mut() {
            if joined.contains(&u.unit.id.as_str()) {
                u.at = t5.clone();
                u.unit.advanced = true;
            }
        }
        let setting = m.setting();
        let s = m.state.situation(&setting);
        let plan = close_combat(&s, &t5, &[], &[]).expect("a CC in T5");
        assert!(
            plan.ambush.is_some(),
            "the ATTACKER advanced into kunai: {plan:?}"
        );
        let c = cc_chances(&plan, s.tables);
        // A11.11's Partial Kill reduces one target, by Random Selection (each tied at the
        // highest dr, A.9): each of n with a chance of `reduced * picked_with_ties(n)`.
        let n = |side: Side| -> f64 {
            plan.attacks
                .iter()
                .find(|a| a.side == side)
                .map_or(1.0, |a| a.targets.len() as f64)
        };
        let (n_jp, n_us) = (n(Side::Allied), n(Side::Japanese));
        let picked = |n: f64| asl_pto_core::rules::orders::units::picked_with_ties(n as usize);
        assert_eq!(n_jp, 2.0, "the Americans attack jp3 and jpL: {plan:?}");
        assert_eq!(n_us, joined.len() as f64, "{plan:?}");
        drop(s);
        let order = Order::CloseCombat {
            at: t5.clone(),
            attackers: vec![],
            targets: vec![],
        };
        let o = m.odds(&order).expect("a CC rolls dice");
        let of = |id: &str| o.targets.get(id).cloned().unwrap_or_default();
        // The Americans' attack eliminates jp3 and jpL together; the Japanese one us3 (and
        // usL with him).
        // Within 2.5 points: where the Japanese Ambush and only Casualty Reduce the Americans,
        // the chances let the Americans attack back with the FP and leader they had (the
        // approximation `cc_chances` states); played, a reduced us3 and a wounded usL attack
        // with less.
        let near = |a: f64, b: f64, what: &str| {
            assert!(
                (a - b).abs() <= 0.025,
                "{joined:?} {what}: chances {a:.4}, played {b:.4}"
            )
        };
        near(
            c.by_attacker.eliminated,
            of("jp3").eliminated,
            "jp3 eliminated",
        );
        near(
            c.by_attacker.reduced * picked(n_jp),
            of("jp3").reduced,
            "jp3 reduced",
        );
        near(
            c.by_defender.eliminated,
            of("us3").eliminated,
            "us3 eliminated",
        );
        near(
            c.by_defender.reduced * picked(n_us),
            of("us3").reduced,
            "us3 reduced",
        );
        // A leader's Casualty Reduction is a wound that may kill him (A7.302): jpL is
        // eliminated with every target, or reduced (wounded) when Random Selection picks him.
        let l = of("jpL");
        near(
            c.by_attacker.eliminated + c.by_attacker.reduced * picked(n_jp),
            l.eliminated + l.reduced,
            "jpL eliminated or reduced",
        );
        assert!(c.hand_to_hand > 0.0 && c.hand_to_hand < 1.0, "{c:?}");
    }
}

/// A23.3 / A23.1: the odds of a DC Placed on an ADJACENT Location are those of its attack as
/// the AFPh begins (its Placer surviving the First Fire it may draw), and agree with 10,000
/// games of the Placement played on into the AFPh: us1 in T4 Places its DC on jp3 and the 9-1
/// in T5's kunai (Known, TEM 0: 30 FP).
#[test]
fn a23_3_dc_placement_odds_are_its_attacks_and_agree_with_ten_thousand_games() {
    use asl_pto_core::game::begin_phase;
    let mut m = game(demo("assault"), 1);
    while m.state.phase != Phase::Movement {
        assert!(m.end_phase());
    }
    known_in_t5(&mut m);
    let t4 = asl_pto_core::los::Location::parse("T4", &m.scenario().map).unwrap();
    let t5 = asl_pto_core::los::Location::parse("T5", &m.scenario().map).unwrap();
    for u in m.state.units.iter_mut().filter(|u| u.unit.id == "us1") {
        u.at = t4.clone();
    }
    let order = Order::PlaceDcAt {
        unit: UnitId("us1".into()),
        at: t5,
    };
    asl_pto_core::rules::orders::judge(&m.state.situation(&m.setting()), &order).unwrap();
    let o = agrees_then(&m, &order, &|st, setting, dice| {
        st.phase = Phase::AdvancingFire;
        begin_phase(st, setting, dice);
    });
    for id in ["jp3", "jpL"] {
        let u = o.targets.get(id).cloned().unwrap_or_default();
        assert!(u.eliminated > 0.1, "{id}: {o:?}");
    }
    assert!(odds::in_words(&o).contains("jp3"), "{}", odds::in_words(&o));
}

/// G11.8332 / A23.3: the odds of a DC Set in a cave are those of its attack as the AFPh begins
/// (its Setter surviving the First Fire it may draw), and agree with 10,000 games of the Set
/// played on into the AFPh: us1 in S4, cave A's Entrance Hex at the cave's Level 0, Sets its DC
/// in cave A, revealed with jp1 in it (Known: no -7).
#[test]
fn g11_8332_set_dc_odds_are_its_attack_and_agree_with_ten_thousand_games() {
    use asl_pto_core::game::begin_phase;
    let mut m = game(demo("assault"), 1);
    while m.state.phase != Phase::Movement {
        assert!(m.end_phase());
    }
    let s4 = asl_pto_core::los::Location::parse("S4", &m.scenario().map).unwrap();
    m.state.hidden_caves.retain(|c| c != "A");
    for u in m.state.units.iter_mut() {
        if u.unit.id == "us1" {
            u.at = s4.clone();
        }
        if u.unit.id == "jp1" {
            u.hidden = false;
            u.concealed = false;
        }
    }
    let order = Order::SetDc {
        unit: UnitId("us1".into()),
        cave: asl_pto_core::rules::orders::CaveId("A".into()),
    };
    asl_pto_core::rules::orders::judge(&m.state.situation(&m.setting()), &order).unwrap();
    let o = agrees_then(&m, &order, &|st, setting, dice| {
        st.phase = Phase::DefensiveFire;
        begin_phase(st, setting, dice);
        st.phase = Phase::AdvancingFire;
        begin_phase(st, setting, dice);
    });
    let jp1 = o.targets.get("jp1").cloned().unwrap_or_default();
    assert!(jp1.eliminated > 0.1 && jp1.eliminated < 0.9, "{o:?}");
    assert!(odds::in_words(&o).contains("jp1"), "{}", odds::in_words(&o));
}

/// A8.31: the odds of a Final Protective Fire count its firer's own NMC on the attack's
/// Original IFT DR: us1, a 7-6-8 (Morale 8) marked Final Fire, fires FPF at jp1 moving beside
/// it; it breaks on a DR of 9 or more, 10 in 36 (an Original 12 is a Casualty MC, which reduces
/// it: 1 in 36 of those), and the words say whose NMC it is.
#[test]
fn a8_31_the_odds_of_an_fpf_count_the_firer_s_own_nmc() {
    use asl_pto_core::model::FireMark;
    let mut m = game(demo("assault"), 1);
    while m.state.phase != Phase::PrepFire {
        assert!(m.end_phase());
    }
    // The Japanese Player Turn's MPh: jp3 has just moved into Q7, beside us1 in Q6 (the
    // others set aside).
    m.state.turn.attacker = Side::Japanese;
    m.state.phase = Phase::Movement;
    let map = m.scenario().map.clone();
    let at = |h: &str| asl_pto_core::los::Location::parse(h, &map).unwrap();
    for u in m.state.units.iter_mut() {
        u.concealed = false;
        u.hidden = false;
        match u.unit.id.as_str() {
            "us1" => {
                u.at = at("Q6");
                u.unit.fired = Some(FireMark::FinalFire);
            }
            "jp3" => {
                u.at = at("Q7");
                u.unit.mf_spent = 1.0;
            }
            _ => u.at = at("A1"),
        }
    }
    m.state
        .units
        .retain(|u| u.unit.id == "us1" || u.unit.id == "jp3");
    m.state.tallies.moving = vec!["jp3".into()];
    let order = fire(&["us1"], "Q7", &m);
    let o = odds::odds(&m.state, &m.setting(), &order).expect("odds");
    assert_eq!(o.fpf_firers, ["us1"]);
    let us1 = &o.targets["us1"];
    assert!((us1.broken - 10.0 / 36.0).abs() < 0.002, "{us1:?}");
    // DR 11 or 12 fail it by its ELR (3) or more: its counter is replaced (A19.13).
    assert!((us1.reduced - 3.0 / 36.0).abs() < 0.002, "{us1:?}");
    let words = odds::in_words(&o);
    assert!(
        words.contains("to break us1 (its FPF's NMC, A8.31)"),
        "{words}"
    );
}
