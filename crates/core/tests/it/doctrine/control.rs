//! The doctrine and the victory conditions (A26, G11.94): its goal named, Control played for
//! (and Searched for, G11.33), empty caves and hexes taken or manned, the last Game Turns'
//! moves and Prep Fire weighed against the Locations still to reach.

use super::*;

#[test]
fn a26_the_doctrine_names_its_goal_and_stops_risking_units_once_its_cvp_are_won() {
    let b = plain();
    let goal = allied_control_or_cvp(&b, "J3", 2);
    // us1 in C3 must cross the open plain to J3; jp1, Known, in the jungle of E5 overlooks it.
    let mut st = situation(
        &b,
        Phase::Movement,
        Side::Allied,
        vec![us(&b, "us1", "C3"), jp(&b, "jp1", "E5")],
    )
    .state;
    let s = st.situation(&setting(&b));
    let d = of(Kind::Doctrine, &s, &goal, Side::Allied);
    let m = moves_of(&d, "us1");
    assert_eq!(m.len(), 1, "{d:#?}");
    assert!(
        m[0].reason
            .contains("jp1 in E5, worth 2 Casualty VP to the Allies (A26.2)"),
        "{}",
        m[0].reason
    );
    // Playing to win, it takes a step jp1 can fire at.
    assert!(
        m[0].reason.contains("jp1 would fire there"),
        "{}",
        m[0].reason
    );
    // Its 2 CVP won: the Allies win whatever else happens, and us1 goes nowhere jp1 could
    // fire at it.
    st.scoring.cvp_allied = 2;
    let s = st.situation(&setting(&b));
    let d = of(Kind::Doctrine, &s, &goal, Side::Allied);
    for c in moves_of(&d, "us1") {
        assert!(
            c.reason
                .contains("no Known enemy would make it its best shot"),
            "{}",
            c.reason
        );
    }
    // Without a Known enemy, the goal is the Control hex, by name.
    let st = situation(&b, Phase::Movement, Side::Allied, vec![us(&b, "us1", "C3")]).state;
    let s = st.situation(&setting(&b));
    let d = of(Kind::Doctrine, &s, &goal, Side::Allied);
    let m = moves_of(&d, "us1");
    assert!(
        m[0].reason
            .contains("toward J3, which the Allies must Control (A26.1)"),
        "{}",
        m[0].reason
    );
}

#[test]
fn g11_33_a_cave_the_allies_must_control_and_have_not_found_is_searched_for() {
    let b = cliff();
    let goal = [VictoryCondition::Control {
        side: Side::Allied,
        locations: vec![loc(&b, "cave:G")],
    }];
    let searches_s5 = |c: &[Choice]| {
        c.iter().any(|c| {
            matches!(&c.order, Order::Search { unit, hex } if unit.as_ref() == "us1" && b.map.name(*hex) == "S5")
                && c.reason.contains("for cave G")
        })
    };
    // Cave G hidden from the Allies: us1 in T4, beside the cliff hex S5, Searches it.
    let mut s = situation(&b, Phase::Movement, Side::Allied, vec![us(&b, "us1", "T4")]);
    s.hidden_caves = vec!["G".into()];
    let greedy = of(Kind::Greedy, &s, &goal, Side::Allied);
    assert!(!searches_s5(&greedy), "{greedy:#?}");
    let d = of(Kind::Doctrine, &s, &goal, Side::Allied);
    assert!(searches_s5(&d), "{d:#?}");
    // Found, it is not searched for.
    s.hidden_caves.clear();
    let d = of(Kind::Doctrine, &s, &goal, Side::Allied);
    assert!(!searches_s5(&d), "{d:#?}");
}

#[test]
fn g11_33_with_nothing_else_to_move_on_the_doctrine_goes_to_search_for_a_cave_it_has_not_found() {
    let b = cliff();
    let goal = [VictoryCondition::Control {
        side: Side::Allied,
        locations: vec![loc(&b, "cave:G")],
    }];
    // us1 in W3, far from the cliff and the gully; no Known enemy; cave G hidden from the
    // Allies: there is no Entrance Hex to move on (no peeking), only hexes a cave may be in.
    let mut s = situation(&b, Phase::Movement, Side::Allied, vec![us(&b, "us1", "W3")]);
    s.hidden_caves = vec!["G".into()];
    let from = b.map.hex("W3").unwrap();
    let s5 = b.map.hex("S5").unwrap();
    let toward_the_cliff = |c: &[Choice]| -> Vec<String> {
        moves_of(c, "us1")
            .iter()
            .filter_map(|c| match &c.order {
                Order::Move { to, .. } => to.hex().map(|h| (h, c.reason.clone())),
                _ => None,
            })
            .filter(|(h, _)| h.distance(s5) < from.distance(s5))
            .map(|(_, r)| r)
            .collect()
    };
    // The greedy kind has no goal and stays; the doctrine steps toward the nearest cave site
    // (the cliff's S-hexes), naming it.
    let greedy = of(Kind::Greedy, &s, &goal, Side::Allied);
    assert!(moves_of(&greedy, "us1").is_empty(), "{greedy:#?}");
    let d = of(Kind::Doctrine, &s, &goal, Side::Allied);
    let steps = toward_the_cliff(&d);
    assert!(!steps.is_empty(), "{d:#?}");
    assert!(
        steps[0].contains(
            "moves toward S5, to Search it for cave G, which the Allies must \
             Control and have not found (G11.33)"
        ),
        "{}",
        steps[0]
    );
    // S5 Searched already (it remembers its own Searches only), it goes for another site.
    let s5_searched = ask(&*player_of(Kind::Doctrine), &s, &goal, Side::Allied, &[s5]);
    let other: Vec<&Choice> = moves_of(&s5_searched, "us1")
        .into_iter()
        .filter(|c| c.reason.contains("to Search it for cave G"))
        .collect();
    assert!(!other.is_empty(), "{s5_searched:#?}");
    assert!(
        other.iter().all(|c| !c.reason.contains("toward S5")),
        "{other:#?}"
    );
    // Found (not hidden), the cave's Entrance Hex T4 is the goal: no step is for a search.
    s.hidden_caves.clear();
    let d = of(Kind::Doctrine, &s, &goal, Side::Allied);
    let steps = toward_the_cliff(&d);
    assert!(!steps.is_empty(), "{d:#?}");
    assert!(
        steps.iter().all(|r| r.contains("cave G's Entrance Hex T4")),
        "{steps:#?}"
    );
}

#[test]
fn a26_1_in_the_last_game_turn_s_aph_a_squad_takes_the_empty_hex_it_must_control_before_a_close_combat()
 {
    let b = plain();
    let goal = allied_control_or_cvp(&b, "C3", 2);
    // The Allied APh: us1 in C4 between C3, which the Allies must Control (empty, Japanese
    // Controlled as the game began), and jp1 in the open of C5 (a 7-6-8 against a 4-4-7: CC
    // at 1.75 to 1).
    let mut st = situation(
        &b,
        Phase::Advance,
        Side::Allied,
        vec![us(&b, "us1", "C4"), jp(&b, "jp1", "C5")],
    )
    .state;
    let best = |c: &[Choice]| -> Option<Choice> {
        c.iter()
            .filter(|c| c.order.unit().is_some_and(|u| u.as_ref() == "us1"))
            .max_by(|a, b| a.score.total_cmp(&b.score))
            .cloned()
    };
    let into =
        |c: &Choice, hex: &str| matches!(&c.order, Order::Move { to, .. } if *to == loc(&b, hex));
    // Game Turn 1 of 3: it advances into the Close Combat (the Casualty VP it hunts).
    st.turn.number = 1;
    let s = st.situation(&setting(&b));
    let d = of(Kind::Doctrine, &s, &goal, Side::Allied);
    let first = best(&d).expect("us1 advances");
    assert!(into(&first, "C5"), "{d:#?}");
    assert!(
        !d.iter().any(|c| c.reason.contains("last chance")),
        "{d:#?}"
    );
    // Game Turn 3 of 3: C3 is its last chance; the Close Combat would not take it.
    st.turn.number = 5;
    let s = st.situation(&setting(&b));
    let d = of(Kind::Doctrine, &s, &goal, Side::Allied);
    let last = best(&d).expect("us1 advances");
    assert!(into(&last, "C3"), "{d:#?}");
    assert!(
        last.reason.contains(
            "us1 advances into C3, which the Allies must Control and none of \
             its squads holds: the last Game Turn's last chance to take it (A26.1)"
        ),
        "{}",
        last.reason
    );
    // The greedy kind goes on into the Close Combat.
    let g = of(Kind::Greedy, &s, &goal, Side::Allied);
    assert!(best(&g).is_some_and(|c| into(&c, "C5")), "{g:#?}");
}

#[test]
fn g11_94_the_japanese_doctrine_mans_an_empty_cave_the_allies_must_control() {
    let b = cliff();
    let goal = [VictoryCondition::Control {
        side: Side::Allied,
        locations: vec![loc(&b, "cave:A")],
    }];
    // jp1 in S4, cave A's Entrance Hex; cave A empty: it goes in before the Allies come.
    let s = situation(
        &b,
        Phase::Movement,
        Side::Japanese,
        vec![jp(&b, "jp1", "S4"), us(&b, "us1", "Q2")],
    );
    let goes_in = |c: &[Choice]| {
        c.iter().any(|c| {
            matches!(&c.order, Order::EnterCave { unit, cave } if unit.as_ref() == "jp1" && cave.as_ref() == "A")
        })
    };
    let d = of(Kind::Doctrine, &s, &goal, Side::Japanese);
    let mine: Vec<&Choice> = d
        .iter()
        .filter(|c| goes_in(std::slice::from_ref(*c)))
        .collect();
    assert!(mine.iter().any(|c| c.reason.contains("holds it")), "{d:#?}");
}

/// G11.751 EX: the Japanese doctrine takes back a cave from its Cave Complex in the APh (no
/// Defensive First Fire) rather than in the MPh, when the Americans in the Entrance Hex would
/// see it enter (revealed there, it would draw their PBF First Fire); unseen, it goes in as
/// its MPh begins.
#[test]
fn g11_751_ex_the_japanese_doctrine_garrisons_a_watched_cave_from_its_complex_in_the_aph() {
    let b = crate::board::cliff_with_complex();
    let goal = [VictoryCondition::Control {
        side: Side::Allied,
        locations: vec![loc(&b, "cave:A")],
    }];
    let goes_in = |c: &[Choice]| {
        c.iter().any(|c| {
            matches!(&c.order, Order::EnterCave { unit, cave } if unit.as_ref() == "jp1" && cave.as_ref() == "A")
                && c.reason.contains("(A26, G11.94)")
        })
    };
    let watched = |phase: Phase, us_at: &str| {
        let mut jp1 = hidden(jp(&b, "jp1", "complex:A"));
        jp1.unit.id = "jp1".into();
        situation(&b, phase, Side::Japanese, vec![jp1, us(&b, "us1", us_at)])
    };
    // us1 in S4, cave A's Entrance Hex, sees the cave: not in the MPh, in the APh.
    let d = of(
        Kind::Doctrine,
        &watched(Phase::Movement, "S4"),
        &goal,
        Side::Japanese,
    );
    assert!(!goes_in(&d), "{d:#?}");
    let d = of(
        Kind::Doctrine,
        &watched(Phase::Advance, "S4"),
        &goal,
        Side::Japanese,
    );
    assert!(goes_in(&d), "{d:#?}");
    // us1 far off with no LOS to the cave (Q9): in the MPh.
    let d = of(
        Kind::Doctrine,
        &watched(Phase::Movement, "Q9"),
        &goal,
        Side::Japanese,
    );
    assert!(goes_in(&d), "{d:#?}");
}

#[test]
fn a26_with_one_game_turn_left_after_this_one_the_doctrine_goes_for_far_locations_it_must_control()
{
    let b = plain();
    let goal = allied_control_or_cvp(&b, "M3", 2);
    // us1 in C3; jp1, Known, in C6 (worth the 2 CVP it needs); M3, to Control, ten hexes off.
    let mut st = situation(
        &b,
        Phase::Movement,
        Side::Allied,
        vec![us(&b, "us1", "C3"), jp(&b, "jp1", "C6")],
    )
    .state;
    let toward = |st: &asl_pto_core::state::GameState| -> String {
        let s = st.situation(&setting(&b));
        let d = of(Kind::Doctrine, &s, &goal, Side::Allied);
        let m = moves_of(&d, "us1");
        assert!(!m.is_empty(), "{d:#?}");
        m[0].reason.clone()
    };
    // Game Turn 1 of 3: it hunts jp1.
    st.turn.number = 1;
    let first = toward(&st);
    assert!(first.contains("toward jp1"), "{first}");
    // Game Turn 2 of 3: too little time left to hunt first; it goes for M3.
    st.turn.number = 3;
    let second = toward(&st);
    assert!(
        second.contains("M3, which the Allies must Control"),
        "{second}"
    );
    // M3 within reach (three hexes): it still hunts in Game Turn 2.
    let goal_near = [
        VictoryCondition::Control {
            side: Side::Allied,
            locations: vec![loc(&b, "F3")],
        },
        goal[1].clone(),
    ];
    let s = st.situation(&setting(&b));
    let d = of(Kind::Doctrine, &s, &goal_near, Side::Allied);
    let m = moves_of(&d, "us1");
    assert!(m.iter().any(|c| c.reason.contains("toward jp1")), "{d:#?}");
}

#[test]
fn a3_in_the_last_game_turn_the_doctrine_keeps_the_mph_its_units_need_to_reach_control() {
    let b = plain();
    let goal = allied_control_or_cvp(&b, "M3", 2);
    // us1 in C3 with a point-blank shot at jp1 in the open of D3; M3, to Control, ten hexes
    // off: a unit that Prep Fires does not move in the MPh (A3).
    let mut st = situation(
        &b,
        Phase::PrepFire,
        Side::Allied,
        vec![us(&b, "us1", "C3"), jp(&b, "jp1", "D3")],
    )
    .state;
    // Game Turn 1 of 3: the shot is worth its MPh; both kinds fire.
    st.turn.number = 1;
    let s = st.situation(&setting(&b));
    assert!(!fires_of(&of(Kind::Greedy, &s, &goal, Side::Allied), "us1").is_empty());
    let d = of(Kind::Doctrine, &s, &goal, Side::Allied);
    let f = fires_of(&d, "us1");
    assert!(!f.is_empty(), "{d:#?}");
    assert!(
        f[0].reason.contains("worth its firers' MPh (A3"),
        "{}",
        f[0].reason
    );
    // Game Turn 3 of 3: the greedy kind still fires; the doctrine keeps us1's MPh for M3.
    st.turn.number = 5;
    let s = st.situation(&setting(&b));
    assert!(!fires_of(&of(Kind::Greedy, &s, &goal, Side::Allied), "us1").is_empty());
    let d = of(Kind::Doctrine, &s, &goal, Side::Allied);
    assert!(fires_of(&d, "us1").is_empty(), "{d:#?}");
    // Standing in the Location it must Control, it has nothing to move for: it fires.
    let goal_here = [
        VictoryCondition::Control {
            side: Side::Allied,
            locations: vec![loc(&b, "C3")],
        },
        goal[1].clone(),
    ];
    let d = of(Kind::Doctrine, &s, &goal_here, Side::Allied);
    assert!(!fires_of(&d, "us1").is_empty(), "{d:#?}");
}

#[test]
fn a26_playing_for_control_a_unit_goes_for_a_location_none_of_its_squads_stands_in_yet() {
    let b = plain();
    let goal = [
        VictoryCondition::Control {
            side: Side::Allied,
            locations: vec![loc(&b, "G3"), loc(&b, "G8")],
        },
        VictoryCondition::CasualtyVp {
            side: Side::Allied,
            at_least: 20,
        },
    ];
    // us2 in D3, nearer G3 than G8. us1 has taken G3 to Close Combat with jp1 there (not yet
    // Controlled): us2 goes for G8, where no squad of its side stands.
    let units = |with_us1: bool| {
        let mut v = vec![us(&b, "us2", "D3"), jp(&b, "jp1", "G3")];
        if with_us1 {
            v.push(us(&b, "us1", "G3"));
        }
        v
    };
    let toward = |with_us1: bool| -> String {
        let s = situation(&b, Phase::Movement, Side::Allied, units(with_us1));
        let d = of(Kind::Doctrine, &s, &goal, Side::Allied);
        let m = moves_of(&d, "us2");
        assert!(!m.is_empty(), "{d:#?}");
        m[0].reason.clone()
    };
    let alone = toward(false);
    assert!(
        alone.contains("toward G3, which the Allies must Control"),
        "{alone}"
    );
    let manned = toward(true);
    assert!(
        manned.contains("toward G8, which the Allies must Control"),
        "{manned}"
    );
}

#[test]
fn a26_2_g11_33_while_the_known_enemy_in_the_open_is_worth_the_cvp_it_needs_the_doctrine_hunts_rather_than_searches()
 {
    let b = cliff();
    let goal = |cvp: u32| {
        [
            VictoryCondition::Control {
                side: Side::Allied,
                locations: vec![loc(&b, "cave:G")],
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
    // Its best order is the Search for cave G.
    let searches_for_g = |c: &[Choice]| {
        c.iter()
            .max_by(|a, b| a.score.total_cmp(&b.score))
            .is_some_and(|c| c.reason.contains("for cave G"))
    };
    // Cave G hidden from the Allies; us1 in T4 beside S5, a Known jp3 (2 Casualty VP) in the
    // open at Q3. A Search would end us1's MPh (G11.33).
    let units = vec![us(&b, "us1", "T4"), jp(&b, "jp3", "Q3")];
    let mut s = situation(&b, Phase::Movement, Side::Allied, units.clone());
    s.hidden_caves = vec!["G".into()];
    // 2 Casualty VP to win: jp3 is worth them; the doctrine hunts rather than Search.
    let d = of(Kind::Doctrine, &s, &goal(2), Side::Allied);
    assert!(!searches_for_g(&d), "{d:#?}");
    // 4 to win: jp3 cannot win them; it Searches for the cave it must Control.
    let d = of(Kind::Doctrine, &s, &goal(4), Side::Allied);
    assert!(searches_for_g(&d), "{d:#?}");
    // 2 to win, jp3 in the open at N3, six hexes off: beyond `hunt_reach` (3 hexes, what
    // a Player Turn's move and advance get at), the hunt no longer holds the Search back.
    let far = vec![us(&b, "us1", "T4"), jp(&b, "jp3", "N3")];
    let mut s = situation(&b, Phase::Movement, Side::Allied, far);
    s.hidden_caves = vec!["G".into()];
    let d = of(Kind::Doctrine, &s, &goal(2), Side::Allied);
    assert!(searches_for_g(&d), "{d:#?}");
    // 2 to win, jp3 beside us1 in T3: the Search is still offered (a unit with no better
    // step takes it), at the lower score `search_cave_hunting`.
    let mut units = units;
    units[1] = jp(&b, "jp3", "T3");
    let mut s = situation(&b, Phase::Movement, Side::Allied, units);
    s.hidden_caves = vec!["G".into()];
    let d = of(Kind::Doctrine, &s, &goal(2), Side::Allied);
    let search = d
        .iter()
        .find(|c| c.reason.contains("for cave G"))
        .expect("a Search for cave G offered");
    assert_eq!(
        search.score,
        asl_pto_core::opponent::weights::Weights::builtin()
            .doctrine
            .search_cave_hunting
    );
}

#[test]
fn a26_1_with_control_its_only_condition_the_doctrine_takes_the_empty_hex_in_the_last_aph() {
    let b = plain();
    // The Allied APh of Game Turn 3 of 3: us1 in C4 between C3, which the Allies must Control
    // (empty, Japanese Controlled as the game began), and jp1 in the open of C5. The Allies win
    // by Control alone: no Casualty VP condition.
    let only = allied_control_only(&b, "C3");
    let mut st = situation(
        &b,
        Phase::Advance,
        Side::Allied,
        vec![us(&b, "us1", "C4"), jp(&b, "jp1", "C5")],
    )
    .state;
    st.turn.number = 5;
    let s = st.situation(&setting(&b));
    let d = of(Kind::Doctrine, &s, &only, Side::Allied);
    let best = d
        .iter()
        .filter(|c| c.order.unit().is_some_and(|u| u.as_ref() == "us1"))
        .max_by(|a, b| a.score.total_cmp(&b.score))
        .expect("us1 advances");
    assert!(
        matches!(&best.order, Order::Move { to, .. } if *to == loc(&b, "C3")),
        "{d:#?}"
    );
    assert!(
        best.reason.contains("last chance to take it (A26.1)"),
        "{}",
        best.reason
    );
}

#[test]
fn a26_1_g11_33_with_one_cave_left_to_find_and_a_hunt_that_cannot_win_the_unit_nearer_its_sites_goes_to_search_them()
 {
    let b = cliff();
    let goal = |cvp: u32, caves: &[&str]| {
        [
            VictoryCondition::Control {
                side: Side::Allied,
                locations: caves.iter().map(|c| loc(&b, c)).collect(),
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
    // us1 in V3, two hexes from the cliff hexes a cave may be in; us2 in L3 beside a Known
    // jp3 (2 Casualty VP) in the open of M3; cave G hidden from the Allies.
    let units = vec![
        us(&b, "us1", "V3"),
        us(&b, "us2", "L3"),
        jp(&b, "jp3", "M3"),
    ];
    let mut s = situation(&b, Phase::Movement, Side::Allied, units);
    s.hidden_caves = vec!["G".into(), "A".into()];
    let for_the_cave = |d: &[Choice], id: &str| {
        moves_of(d, id)
            .iter()
            .any(|c| c.reason.contains("to Search it for cave G"))
    };
    let for_jp3 = |d: &[Choice], id: &str| {
        moves_of(d, id)
            .iter()
            .any(|c| c.reason.contains("jp3 in M3, worth 2 Casualty VP"))
    };
    // The doctrine's candidates with `cvp` Casualty VP or the Control of `caves` to win.
    let ask = |cvp: u32, caves: &[&str]| of(Kind::Doctrine, &s, &goal(cvp, caves), Side::Allied);
    // 4 Casualty VP to win: jp3 cannot win them, and cave G is all the Control condition
    // lacks. us1 goes to Search the cliff for it; us2 hunts jp3 beside it.
    let d = ask(4, &["cave:G"]);
    assert!(for_the_cave(&d, "us1"), "{d:#?}");
    assert!(!for_jp3(&d, "us1"), "{d:#?}");
    assert!(!for_the_cave(&d, "us2"), "{d:#?}");
    // 2 to win: jp3 is worth them; both hunt.
    let d = ask(2, &["cave:G"]);
    assert!(for_jp3(&d, "us1"), "{d:#?}");
    assert!(!for_the_cave(&d, "us1"), "{d:#?}");
    // Two caves to find (G and A): a search for several would split the force for long;
    // us1 hunts with us2.
    let d = ask(4, &["cave:G", "cave:A"]);
    assert!(for_jp3(&d, "us1"), "{d:#?}");
    assert!(!for_the_cave(&d, "us1"), "{d:#?}");
    // One cave to find, but the hex V5 too, which the Allies do not Control yet: finding the
    // cave is not all the condition lacks; no unit goes to Search for it.
    let d = ask(4, &["cave:G", "V5"]);
    assert!(!for_the_cave(&d, "us1"), "{d:#?}");
    assert!(!for_the_cave(&d, "us2"), "{d:#?}");
}
