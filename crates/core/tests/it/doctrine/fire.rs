//! The doctrine's fire (A7, A8): the AFPh and DFPh's small shots, a reason naming what a shot
//! attacks, fire at the squad about to advance into CC, a concealed squad's shot weighed against
//! its "?" (A11.19, G1.63), a Search before attacking a "?", Final Fire charged to a step,
//! the last Game Turn's shot at the unit whose loss wins, and a hidden squad holding out that
//! keeps its HIP until the enemy is beside it (A12.15).

use super::*;

#[test]
fn a7_25_a8_in_its_afph_and_dfph_the_doctrine_takes_a_small_shot_that_costs_nothing_else() {
    use asl_pto_core::opponent::doctrine::Doctrine;
    use asl_pto_core::opponent::weights::Weights;
    let b = cliff();
    let hunt = japanese_hold(2);
    // us1 in T4, cave G's Entrance Hex, with Known jp1 inside: a 7-6-8 at a cave (+4 TEM).
    let units = vec![us(&b, "us1", "T4"), jp(&b, "jp1", "cave:G")];
    let at_g = |c: &[Choice]| {
        fires_of(c, "us1")
            .iter()
            .any(|c| matches!(&c.order, Order::Fire { at, .. } if *at == loc(&b, "cave:G")))
    };
    // Advancing Fire (half FP, the 6 column, +4): worth little, and it costs nothing else.
    let s = situation(&b, Phase::AdvancingFire, Side::Allied, units.clone());
    let greedy = of(Kind::Greedy, &s, &hunt, Side::Allied);
    assert!(!at_g(&greedy), "{greedy:#?}");
    let d = of(Kind::Doctrine, &s, &hunt, Side::Allied);
    assert!(at_g(&d), "{d:#?}");
    // Asked the Prep Fire's threshold there (`last_fire` 0.1), the doctrine declines it.
    let mut w = Weights::builtin();
    w.doctrine.last_fire = w.fire.threshold;
    let w: &'static Weights = Box::leak(Box::new(w));
    let asked = ask(&Doctrine::with_weights(w), &s, &hunt, Side::Allied, &[]);
    assert!(!at_g(&asked), "{asked:#?}");
    // The DEFENDER's DFPh, the same: its last fire of the Player Turn.
    let s = situation(&b, Phase::DefensiveFire, Side::Japanese, units.clone());
    let d = of(Kind::Doctrine, &s, &hunt, Side::Allied);
    assert!(at_g(&d), "{d:#?}");
}

#[test]
fn a7_a_fire_s_reason_names_the_other_units_it_attacks_and_a_dc_carried() {
    let b = cliff();
    // The Allied DFPh: jp1, Known in cave A, beside us1 (with a DC) and us2 in S4.
    let s = situation(
        &b,
        Phase::DefensiveFire,
        Side::Allied,
        vec![
            with_dc(us(&b, "us1", "S4")),
            us(&b, "us2", "S4"),
            jp(&b, "jp1", "cave:A"),
        ],
    );
    let d = of(Kind::Doctrine, &s, &[], Side::Japanese);
    let f = d
        .iter()
        .find(|c| matches!(&c.order, Order::Fire { at, .. } if *at == loc(&b, "S4")))
        .unwrap_or_else(|| panic!("{d:#?}"));
    // The DC carrier is the likeliest harmed (worth more), us2 is attacked with him.
    assert!(
        f.reason
            .contains("% to break, reduce or eliminate us1 (and us2 there with it)"),
        "{}",
        f.reason
    );
    assert!(f.reason.contains("; us1 carries a DC"), "{}", f.reason);
    // Two carriers: "each carry" (it read "us1, us2 carries a DC").
    let mut two = s.clone();
    for u in two.state.units.iter_mut() {
        u.unit.dc |= u.unit.id == "us2";
    }
    let d = of(Kind::Doctrine, &two, &[], Side::Japanese);
    let f = d
        .iter()
        .find(|c| matches!(&c.order, Order::Fire { at, .. } if *at == loc(&b, "S4")))
        .unwrap_or_else(|| panic!("{d:#?}"));
    assert!(f.reason.contains("us2 each carry a DC"), "{}", f.reason);
    assert!(!f.reason.contains("carries"), "{}", f.reason);
    // Both broken: no Good Order target, and the reason says they are broken (it read "(and
    // us1, us2 there with it)", as if they were not).
    let mut broken = s.clone();
    for u in broken.state.units.iter_mut() {
        u.unit.broken = u.unit.side() == Side::Allied;
    }
    let d = of(Kind::Doctrine, &broken, &[], Side::Japanese);
    let f = d
        .iter()
        .find(|c| matches!(&c.order, Order::Fire { at, .. } if *at == loc(&b, "S4")))
        .unwrap_or_else(|| panic!("{d:#?}"));
    assert!(
        f.reason
            .contains("no Good Order target (us1, us2 there, all broken)"),
        "{}",
        f.reason
    );
}

#[test]
fn a11_holding_out_the_doctrine_fires_at_the_squad_about_to_advance_into_close_combat() {
    let b = cliff();
    // The assault's opening (until 2026-12-04), the Allied DFPh: jp3 and its 9-1 in the kunai
    // of T5; us3 beside them in U5, us1 (with a DC) and the 9-1 usL two hexes off in T3. The
    // Japanese hold out (the Allies win on 3 Casualty VP).
    let hold = japanese_hold(3);
    use asl_pto_core::counters::Nationality::{American, Japanese};
    let at = |us3: &str| {
        vec![
            jp(&b, "jp3", "T5"),
            nine_one(&b, "jpL", Japanese, "T5"),
            with_dc(us(&b, "us1", "T3")),
            nine_one(&b, "usL", American, "T3"),
            us(&b, "us3", us3),
        ]
    };
    let best_fire_at = |c: &[Choice]| -> Option<(String, String)> {
        fires_of(c, "jp3")
            .into_iter()
            .max_by(|a, b| a.score.total_cmp(&b.score))
            .and_then(|c| match &c.order {
                Order::Fire { at, .. } => Some((at.display(&b.map).to_string(), c.reason.clone())),
                _ => None,
            })
    };
    // us3 beside T5, about to advance into CC in the APh (A11): the doctrine fires at it, not
    // at the DC carrier and leader two hexes off, and says why.
    let s = situation(&b, Phase::DefensiveFire, Side::Allied, at("U5"));
    let d = of(Kind::Doctrine, &s, &hold, Side::Japanese);
    let (target, reason) = best_fire_at(&d).expect("jp3 fires");
    assert_eq!(target, "U5", "{reason}");
    assert!(
        reason.contains("us3 beside our units would advance into Close Combat with them (A11)"),
        "{reason}"
    );
    // The same shots with us3 two hexes off (V5): no CC threatened this Player Turn, the DC
    // carrier and his leader are the better target.
    let s = situation(&b, Phase::DefensiveFire, Side::Allied, at("V5"));
    let d = of(Kind::Doctrine, &s, &hold, Side::Japanese);
    let (target, reason) = best_fire_at(&d).expect("jp3 fires");
    assert_eq!(target, "T3", "{reason}");
}

#[test]
fn g1_63_e1_43_a11_19_holding_out_the_japanese_doctrine_weighs_its_concealed_squad_s_shot_at_the_american_beside_it()
 {
    use asl_pto_core::opponent::doctrine::Doctrine;
    use asl_pto_core::opponent::weights::Weights;
    // Night (NVR 2), the Allied DFPh: jp1 under "?" in C5, us1 beside it in C4, seen (it lost
    // its Cloaking). The Japanese hold out (the Allies win on 6 Casualty VP).
    let b = plain();
    let mut j = jp(&b, "jp1", "C5");
    j.concealed = true;
    let mut st = situation(
        &b,
        Phase::DefensiveFire,
        Side::Allied,
        vec![j, us(&b, "us1", "C4")],
    )
    .state;
    st.night.nvr = Some(2);
    let s = st.situation(&setting(&b));
    let hold = japanese_hold(6);
    let fires_at_c4 = |c: &[Choice]| {
        fires_of(c, "jp1")
            .into_iter()
            .find(|c| matches!(&c.order, Order::Fire { at, .. } if at.display(&b.map).to_string() == "C4"))
            .map(|c| c.reason.clone())
    };
    // Its "?" not counted as halving us1's Close Combat (`reveal_threatened` 0): it fires,
    // and says what the shot gives up.
    let mut w = Weights::builtin();
    w.doctrine.reveal_threatened = 0.0;
    let w: &'static Weights = Box::leak(Box::new(w));
    let d = ask(&Doctrine::with_weights(w), &s, &hold, Side::Japanese, &[]);
    let reason = fires_at_c4(&d).expect("the holding doctrine fires at us1");
    assert!(
        reason.contains("worth revealing jp1 for (G1.63, A12.15)"),
        "{reason}"
    );
    // The built-in weights: us1 beside it would attack it in Close Combat at half FP while it
    // is concealed (A11.19); this 8 FP Point Blank shot, at the night's DRM, is not worth that.
    assert_eq!(
        fires_at_c4(&of(Kind::Doctrine, &s, &hold, Side::Japanese)),
        None
    );
    // The holding fire priced as before (0.15 over the threshold, the "?" and the fire drawn
    // at full price): it keeps its "?", as the greedy kind does.
    let mut w = Weights::builtin();
    w.doctrine.reveal_threatened = 0.0;
    w.doctrine.last_fire = w.fire.threshold;
    w.doctrine.holding_fire_extra = 0.15;
    w.doctrine.holding_reveal = 1.0;
    w.doctrine.holding_fire_risk = 1.6;
    let w: &'static Weights = Box::leak(Box::new(w));
    let before = ask(&Doctrine::with_weights(w), &s, &hold, Side::Japanese, &[]);
    assert_eq!(fires_at_c4(&before), None);
    assert_eq!(
        fires_at_c4(&of(Kind::Greedy, &s, &hold, Side::Japanese)),
        None
    );
}

#[test]
fn a11_19_by_day_the_concealed_squad_weighs_its_shot_at_the_americans_beside_it_against_its_concealment()
 {
    // By day, the Allied DFPh: jp1 under "?" in C5, a 7-6-8 in the open beside it in C4. A
    // Close Combat against jp1 while it is concealed is fought at half FP (A11.19); firing
    // strips its "?" (`reveal_threatened`).
    use asl_pto_core::opponent::doctrine::Doctrine;
    use asl_pto_core::opponent::weights::Weights;
    let b = plain();
    let hold = japanese_hold(6);
    let c4 = loc(&b, "C4");
    let fires = |c: &[Choice], id: &str| {
        c.iter().any(|c| {
            matches!(&c.order, Order::Fire { units, at }
                if *at == c4 && units.iter().any(|u| u.as_ref() == id))
        })
    };
    let with = |more: Vec<UnitAt>| {
        let mut j = jp(&b, "jp1", "C5");
        j.concealed = true;
        let mut units = vec![j, us(&b, "us1", "C4")];
        units.extend(more);
        situation(&b, Phase::DefensiveFire, Side::Allied, units)
    };
    let zero = {
        let mut w = Weights::builtin();
        w.doctrine.reveal_threatened = 0.0;
        Doctrine::with_weights(Box::leak(Box::new(w)))
    };
    let thrice = {
        let mut w = Weights::builtin();
        w.doctrine.reveal_threatened *= 3.0;
        Doctrine::with_weights(Box::leak(Box::new(w)))
    };
    // One 7-6-8: a 36 % shot, not worth its "?"; priced at 0 it fires.
    let s = with(vec![]);
    let d = of(Kind::Doctrine, &s, &hold, Side::Japanese);
    assert!(!fires(&d, "jp1"), "{d:#?}");
    assert!(fires(&ask(&zero, &s, &hold, Side::Japanese, &[]), "jp1"));
    // Two 7-6-8s there: 8 FP Point Blank at both is worth it, and the reason says what it
    // gives up; at three times the price it keeps its "?".
    let s = with(vec![us(&b, "us2", "C4")]);
    let d = of(Kind::Doctrine, &s, &hold, Side::Japanese);
    let shot = d
        .iter()
        .find(|c| fires(std::slice::from_ref(*c), "jp1"))
        .unwrap_or_else(|| panic!("{d:#?}"));
    assert!(
        shot.reason
            .contains("worth the \"?\" that halves the Close Combat of us1 beside it (A11.19)"),
        "{}",
        shot.reason
    );
    assert!(!fires(&ask(&thrice, &s, &hold, Side::Japanese, &[]), "jp1"));
    // A Known jp2 with it in C5: together, 8 FP Point Blank each, the shot is worth jp1's "?".
    let s = with(vec![jp(&b, "jp2", "C5")]);
    let d = of(Kind::Doctrine, &s, &hold, Side::Japanese);
    assert!(fires(&d, "jp1"), "{d:#?}");
    // us1 two hexes away in C3: none either.
    let mut j = jp(&b, "jp1", "C5");
    j.concealed = true;
    let s = situation(
        &b,
        Phase::DefensiveFire,
        Side::Allied,
        vec![j, us(&b, "us1", "C3")],
    );
    let c3 = loc(&b, "C3");
    let far = |c: &[Choice]| {
        c.iter()
            .any(|c| matches!(&c.order, Order::Fire { at, .. } if *at == c3))
    };
    assert_eq!(
        far(&of(Kind::Doctrine, &s, &hold, Side::Japanese)),
        far(&ask(&zero, &s, &hold, Side::Japanese, &[]))
    );
}

#[test]
fn a12_152_a11_19_the_attacking_doctrine_searches_a_known_concealed_stack_beside_it_before_attacking_it()
 {
    let b = plain();
    let hunt = japanese_hold(4);
    let reveals_e4 = |c: &[Choice]| {
        c.iter()
            .find(|c| {
                matches!(&c.order, Order::Search { unit, hex } if unit.as_ref() == "us1" && b.map.name(*hex) == "E4")
            })
            .map(|c| c.reason.clone())
    };
    // The Allied MPh: jp1 under "?" in E4, us1 and us2 beside it in D4. A CC against units all
    // concealed is fought at half FP (A11.19); a Search reveals them (A12.152).
    let mut j = jp(&b, "jp1", "E4");
    j.concealed = true;
    let units = vec![j, us(&b, "us1", "D4"), us(&b, "us2", "D4")];
    let s = situation(&b, Phase::Movement, Side::Allied, units.clone());
    let greedy = of(Kind::Greedy, &s, &hunt, Side::Allied);
    assert_eq!(reveals_e4(&greedy), None, "{greedy:#?}");
    let d = of(Kind::Doctrine, &s, &hunt, Side::Allied);
    let reason = reveals_e4(&d).expect("the doctrine Searches E4");
    assert!(reason.contains("to reveal the \"?\""), "{reason}");
    // Its best order of the MPh is a Search of E4 (by us1 or us2).
    let best = d
        .iter()
        .max_by(|a, b| a.score.total_cmp(&b.score))
        .expect("an order");
    assert!(
        matches!(&best.order, Order::Search { hex, .. } if b.map.name(*hex) == "E4"),
        "{best:#?}"
    );
    // jp1 seen (no "?"): nothing to reveal.
    let mut units = units;
    units[0].concealed = false;
    let s = situation(&b, Phase::Movement, Side::Allied, units);
    let d = of(Kind::Doctrine, &s, &hunt, Side::Allied);
    assert_eq!(reveals_e4(&d), None, "{d:#?}");
}

#[test]
fn a8_4_a8_3_a_step_near_an_enemy_that_has_first_fired_is_charged_its_second_fire() {
    use asl_pto_core::model::FireMark;
    let b = plain();
    let goal = allied_control_or_cvp(&b, "J3", 2);
    // The Allied MPh: jp1, Known in the jungle of E5, has already First Fired (A8.1), and us1
    // in C5 goes after it: its next step (D4 or D5) ends beside E5, where jp1 may still Final
    // Fire in the DFPh (A8.4: a unit marked First Fire Final Fires only at an ADJACENT
    // Location) or fire its Subsequent First Fire (A8.3).
    let mut fired = jp(&b, "jp1", "E5");
    fired.unit.fired = Some(FireMark::FirstFire);
    let s = situation(
        &b,
        Phase::Movement,
        Side::Allied,
        vec![us(&b, "us1", "C5"), fired],
    );
    let d = of(Kind::Doctrine, &s, &goal, Side::Allied);
    let m = moves_of(&d, "us1");
    assert_eq!(m.len(), 1, "{d:#?}");
    assert!(
        m[0].reason.contains("jp1 would fire there"),
        "the DFPh's Final Fire is weighed: {}",
        m[0].reason
    );
    // The step is charged for it: it scores below the greedy kind's same step (the doctrine's
    // by Assault Movement where it ends its route, A4.61).
    let g = of(Kind::Greedy, &s, &goal, Side::Allied);
    let to = |o: &Order| match o {
        Order::Move { unit, to } | Order::AssaultMove { unit, to } => {
            Some((unit.clone(), to.clone()))
        }
        _ => None,
    };
    let greedy = g
        .iter()
        .find(|c| to(&c.order).is_some() && to(&c.order) == to(&m[0].order))
        .expect("the same step");
    assert!(
        m[0].score < greedy.score,
        "{} vs {}",
        m[0].score,
        greedy.score
    );
    // From B4 its next step (C4 or C5) ends two hexes from E5: the marked jp1 cannot Final
    // Fire at it in the DFPh (A8.4), but may still fire at it in this MPh, Subsequent First
    // Fire, as the closest Known enemy unit within its Normal Range (A8.3).
    let from_b4 = |others: Vec<asl_pto_core::rules::situation::UnitAt>| {
        let mut fired = jp(&b, "jp1", "E5");
        fired.unit.fired = Some(FireMark::FirstFire);
        let mut units = vec![us(&b, "us1", "B4"), fired];
        units.extend(others);
        let s = situation(&b, Phase::Movement, Side::Allied, units);
        let d = of(Kind::Doctrine, &s, &goal, Side::Allied);
        let m = moves_of(&d, "us1");
        assert_eq!(m.len(), 1, "{d:#?}");
        m[0].reason.clone()
    };
    let alone = from_b4(vec![]);
    assert!(alone.contains("jp1 would fire there"), "{alone}");
    // With us2, Known, standing beside jp1 in D5 (closer to it than any step of us1's), jp1's
    // Subsequent First Fire may not reach us1 (A8.3), and us1's step two hexes off draws
    // nothing.
    let covered = from_b4(vec![us(&b, "us2", "D5")]);
    assert!(
        covered.contains("no Known enemy would make it its best shot"),
        "{covered}"
    );
}

#[test]
fn a26_2_in_the_last_game_turn_the_doctrine_fires_at_the_unit_whose_loss_wins_the_game() {
    let b = plain();
    // The Allied AFPh: us1 in C3; a Japanese half-squad (1 Casualty VP) in the open of D3,
    // point blank, and a squad (2) in the open of F3, three hexes off. The Allies win by
    // Controlling M3, ten hexes off, or on 2 Casualty VP.
    let goal = allied_control_or_cvp(&b, "M3", 2);
    let mut st = situation(
        &b,
        Phase::AdvancingFire,
        Side::Allied,
        vec![
            us(&b, "us1", "C3"),
            unit(
                &b,
                "jp1",
                asl_pto_core::counters::Nationality::Japanese,
                "2-3-7",
                "D3",
            ),
            jp(&b, "jp2", "F3"),
        ],
    )
    .state;
    let target = |st: &asl_pto_core::state::GameState| {
        let s = st.situation(&setting(&b));
        let d = of(Kind::Doctrine, &s, &goal, Side::Allied);
        let best = fires_of(&d, "us1")
            .into_iter()
            .max_by(|a, b| a.score.total_cmp(&b.score))
            .cloned()
            .unwrap_or_else(|| panic!("{d:#?}"));
        match best.order {
            Order::Fire { at, .. } => at,
            _ => unreachable!(),
        }
    };
    // Game Turn 1 of 3: the surer shot, at the half-squad beside it.
    st.turn.number = 1;
    assert_eq!(target(&st), loc(&b, "D3"));
    // Game Turn 3 of 3 (the doctrine playing for M3, its Casualty VP condition set aside): the
    // squad whose loss alone wins the 2 Casualty VP it needs (A26.2).
    st.turn.number = 5;
    assert_eq!(target(&st), loc(&b, "F3"));
}

/// A12.15: the Japanese hold out (the Allies win on 6 Casualty VP); in the Allies' DFPh jp1,
/// hidden in the jungle of E5 (outside any cave), has us1 in the open in its sight. Two hexes
/// off, it keeps its HIP (`holding_hidden_range`, 1 built in: an ambush, a doctrine choice);
/// beside it, it fires and says what it gives up; allowed two hexes, it fires from there too.
/// Unseen (only a broken American in sight) it would keep "?" but lose its HIP: held too.
/// Not held to it: a concealed (not hidden) jp1, nor a Japanese side that attacks (it wins on
/// Casualty VP), nor a hidden unit in a cave
/// (`g11_3_g11_94_the_doctrine_gives_away_a_hidden_cave_the_enemy_must_control_only_for_a_shot_within_two_hexes`:
/// it fires three hexes off where the Allies need not Control its cave).
#[test]
fn a12_15_holding_out_the_japanese_doctrine_keeps_a_hidden_squad_s_hip_until_the_enemy_is_beside_it()
 {
    use asl_pto_core::opponent::doctrine::Doctrine;
    use asl_pto_core::opponent::weights::Weights;
    let b = plain();
    let hold = japanese_hold(6);
    let attack = [
        VictoryCondition::CasualtyVp {
            side: Side::Japanese,
            at_least: 6,
        },
        VictoryCondition::Otherwise { side: Side::Allied },
    ];
    // jp1's Fire at us1 (in `us_at`, broken or not), as `kind` gives it, with its reason.
    let shot =
        |jp1: UnitAt, us_at: &str, broken: bool, kind: &dyn Fn(&Situation) -> Vec<Choice>| {
            let mut us1 = us(&b, "us1", us_at);
            us1.unit.broken = broken;
            let s = situation(&b, Phase::DefensiveFire, Side::Allied, vec![jp1, us1]);
            fires_of(&kind(&s), "jp1")
                .into_iter()
                .find(|c| matches!(&c.order, Order::Fire { at, .. } if *at == loc(&b, us_at)))
                .map(|c| c.reason.clone())
        };
    let hidden_jp1 = || hidden(jp(&b, "jp1", "E5"));
    let built_in = |s: &Situation| of(Kind::Doctrine, s, &hold, Side::Japanese);
    assert_eq!(shot(hidden_jp1(), "E3", false, &built_in), None);
    let beside = shot(hidden_jp1(), "E4", false, &built_in).expect("jp1 fires at us1 beside it");
    assert!(beside.contains("worth revealing jp1"), "{beside}");
    let mut w = Weights::builtin();
    w.doctrine.holding_hidden_range = 2;
    let w: &'static Weights = Box::leak(Box::new(w));
    let two = |s: &Situation| ask(&Doctrine::with_weights(w), s, &hold, Side::Japanese, &[]);
    assert!(shot(hidden_jp1(), "E3", false, &two).is_some());
    // Unseen (us1 broken, the only American in sight), jp1 would keep "?" but still lose its
    // HIP: held all the same.
    assert_eq!(shot(hidden_jp1(), "E3", true, &built_in), None);
    assert!(shot(hidden_jp1(), "E3", true, &two).is_some());
    let mut concealed = jp(&b, "jp1", "E5");
    concealed.concealed = true;
    assert!(shot(concealed, "E3", false, &built_in).is_some());
    // An attacking side pays `reveal_hidden` for the HIP it gives up instead: made free, the
    // attacking jp1 fires two hexes off, the holding one still does not.
    let mut w = Weights::builtin();
    w.doctrine.reveal_hidden = 0.0;
    let w: &'static Weights = Box::leak(Box::new(w));
    let free = |victory: &'static [VictoryCondition]| {
        move |s: &Situation| ask(&Doctrine::with_weights(w), s, victory, Side::Japanese, &[])
    };
    let (attack, hold) = (Box::leak(Box::new(attack)), Box::leak(Box::new(hold)));
    assert!(shot(hidden_jp1(), "E3", false, &free(attack)).is_some());
    assert_eq!(shot(hidden_jp1(), "E3", false, &free(hold)), None);
}
