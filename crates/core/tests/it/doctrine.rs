//! The doctrine kind (issue 37, item 2): the greedy kind's candidates weighed by what follows
//! them, on boards built from scenario files. Each test sets a position where the greedy kind
//! does the thing the doctrine must not (or the reverse) and checks both, so that it fails if
//! the doctrine only repeats the greedy kind.

use asl_pto_core::hex::Hex;
use asl_pto_core::model::{Phase, PlacedDc, Side};
use asl_pto_core::opponent::player::{Player, Posture};
use asl_pto_core::opponent::{Choice, Kind, Moment, player_of};
use asl_pto_core::rules::orders::Order;
use asl_pto_core::rules::situation::{Situation, UnitAt};
use asl_pto_core::rules::victory::VictoryCondition;

use crate::board::{Board, cliff, hex, hidden, jp, loc, plain, setting, situation, unit, us};

/// The candidates of `kind` for `side` on `s`, playing for `victory`.
fn of(kind: Kind, s: &Situation, victory: &[VictoryCondition], side: Side) -> Vec<Choice> {
    ask(&*player_of(kind), s, victory, side, &[])
}

/// The candidates of `player` for `side` on `s` in a scenario of three Game Turns, playing for
/// `victory`, having Searched `searched`.
fn ask(
    player: &dyn Player,
    s: &Situation,
    victory: &[VictoryCondition],
    side: Side,
    searched: &[Hex],
) -> Vec<Choice> {
    let posture = Posture {
        victory,
        plan: None,
        turns: Some(3),
    };
    player.candidates(s, &posture, side, &Moment::Phase, searched)
}

/// The Allies win by Controlling `hex` or on `cvp` Casualty VP.
fn allied_control_or_cvp(b: &Board, hex: &str, cvp: u32) -> [VictoryCondition; 2] {
    [
        VictoryCondition::Control {
            side: Side::Allied,
            locations: vec![loc(b, hex)],
        },
        VictoryCondition::CasualtyVp {
            side: Side::Allied,
            at_least: cvp,
        },
    ]
}

/// The Allies win by Controlling `hex` alone, the Japanese otherwise.
fn allied_control_only(b: &Board, hex: &str) -> [VictoryCondition; 2] {
    [
        VictoryCondition::Control {
            side: Side::Allied,
            locations: vec![loc(b, hex)],
        },
        VictoryCondition::Otherwise {
            side: Side::Japanese,
        },
    ]
}

/// The Japanese hold out: the Allies win on `cvp` Casualty VP, the Japanese otherwise.
fn japanese_hold(cvp: u32) -> [VictoryCondition; 2] {
    [
        VictoryCondition::CasualtyVp {
            side: Side::Allied,
            at_least: cvp,
        },
        VictoryCondition::Otherwise {
            side: Side::Japanese,
        },
    ]
}

/// A 9-1 leader of `nationality` in `at`.
fn nine_one(
    b: &Board,
    id: &str,
    nationality: asl_pto_core::counters::Nationality,
    at: &str,
) -> UnitAt {
    unit(b, id, nationality, "9-1", at)
}

fn with_dc(mut u: UnitAt) -> UnitAt {
    u.unit.dc = true;
    u
}

fn throws(c: &[Choice]) -> Vec<&Choice> {
    c.iter()
        .filter(|c| matches!(c.order, Order::ThrowDc { .. }))
        .collect()
}

/// The Allied PFPh at the foot of the G11.6 cliff: us1 (with a DC) in S4, cave A's Entrance
/// Hex, a Known jp1 inside cave A, and `others` of us1's squads stacked with it.
fn entrance_stack(b: &Board, others: usize) -> Situation<'_> {
    let mut units = vec![with_dc(us(b, "us1", "S4")), jp(b, "jp1", "cave:A")];
    for i in 0..others {
        units.push(us(b, &format!("us{}", i + 2), "S4"));
    }
    situation(b, Phase::PrepFire, Side::Allied, units)
}

#[test]
fn g11_833_the_doctrine_throws_no_dc_from_a_crowded_entrance_hex_where_a_fall_would_hit_the_stack()
{
    let b = cliff();
    let goal = [VictoryCondition::Control {
        side: Side::Allied,
        locations: vec![loc(&b, "cave:A")],
    }];
    // Alone in the Entrance Hex, both kinds Throw: a fall (result b) hits us1 only.
    let alone = entrance_stack(&b, 0);
    assert_eq!(
        throws(&of(Kind::Greedy, &alone, &goal, Side::Allied)).len(),
        1
    );
    let d = of(Kind::Doctrine, &alone, &goal, Side::Allied);
    let t = throws(&d);
    assert_eq!(t.len(), 1, "{d:#?}");
    assert!(t[0].reason.contains("% to land"), "{}", t[0].reason);
    assert!(t[0].reason.contains("G11.833 result b"), "{}", t[0].reason);
    // Three more squads in S4: the greedy kind still Throws; the doctrine does not risk the
    // fallen DC's 30-FP attack on four squads.
    let crowded = entrance_stack(&b, 3);
    assert_eq!(
        throws(&of(Kind::Greedy, &crowded, &goal, Side::Allied)).len(),
        1
    );
    let d = of(Kind::Doctrine, &crowded, &goal, Side::Allied);
    assert!(throws(&d).is_empty(), "{d:#?}");
}

#[test]
fn g11_833_the_hidden_japanese_doctrine_fires_at_a_dc_placer_the_greedy_kind_lets_be() {
    let b = cliff();
    // The Allied MPh is over; jp1, hidden in cave A, sees us1 in S4 holding a DC it has Placed
    // into the cave: breaking us1 cancels the DC (G11.833).
    let mut us1 = with_dc(us(&b, "us1", "S4"));
    us1.unit.placed_dc = Some(PlacedDc {
        cave: "A".into(),
        from: loc(&b, "S4"),
        on: None,
        area_fire: false,
        operable: false,
        set: None,
    });
    let s = situation(
        &b,
        Phase::DefensiveFire,
        Side::Allied,
        vec![us1, hidden(jp(&b, "jp1", "cave:A"))],
    );
    let fire_at_s4 = |c: &[Choice]| {
        c.iter()
            .find(|c| matches!(&c.order, Order::Fire { at, .. } if *at == loc(&b, "S4")))
            .cloned()
    };
    let greedy = of(Kind::Greedy, &s, &[], Side::Japanese);
    let doctrine = of(Kind::Doctrine, &s, &[], Side::Japanese);
    assert!(fire_at_s4(&greedy).is_none(), "{greedy:#?}");
    let f = fire_at_s4(&doctrine).unwrap_or_else(|| panic!("{doctrine:#?}"));
    assert!(f.reason.contains("holds a Placed DC"), "{}", f.reason);
    assert!(
        f.reason.contains("% to break, reduce or eliminate us1"),
        "{}",
        f.reason
    );
    // Without the Placed DC the same shot is not worth jp1's HIP to either kind (G1.63).
    let s = situation(
        &b,
        Phase::DefensiveFire,
        Side::Allied,
        vec![
            with_dc(us(&b, "us1", "S4")),
            hidden(jp(&b, "jp1", "cave:A")),
        ],
    );
    assert!(fire_at_s4(&of(Kind::Doctrine, &s, &[], Side::Japanese)).is_none());
}

/// Night on the plain (NVR 2), the Allied PFPh: us1 in C3 with jp1 Known in C5 and `more`.
fn night_plain<'b>(b: &'b Board, more: Vec<UnitAt>) -> Situation<'b> {
    let mut units = vec![us(b, "us1", "C3"), jp(b, "jp1", "C5")];
    units.extend(more);
    let mut st = situation(b, Phase::PrepFire, Side::Allied, units).state;
    st.night.nvr = Some(2);
    st.situation(&setting(b))
}

fn starshells(c: &[Choice]) -> Vec<&Choice> {
    c.iter()
        .filter(|c| matches!(c.order, Order::FireStarshell { .. }))
        .collect()
}

#[test]
fn e1_92_the_doctrine_fires_a_starshell_only_where_another_unit_will_then_fire() {
    let b = plain();
    // us1 alone: the greedy kind lights jp1 though nobody else can fire at it.
    let s = night_plain(&b, vec![]);
    assert!(!starshells(&of(Kind::Greedy, &s, &[], Side::Allied)).is_empty());
    let d = of(Kind::Doctrine, &s, &[], Side::Allied);
    assert!(starshells(&d).is_empty(), "{d:#?}");
    // us2 next to jp1: now the light is worth it, and the reason names who will fire.
    let s = night_plain(&b, vec![us(&b, "us2", "C4")]);
    let d = of(Kind::Doctrine, &s, &[], Side::Allied);
    let star = starshells(&d);
    assert!(!star.is_empty(), "{d:#?}");
    assert!(
        star[0].reason.contains("to fire at once it is lit"),
        "{}",
        star[0].reason
    );
}

/// The Allied MPh on the plain, J3 to take: an American 9-1 alone in C3, and `more`.
fn leader_alone<'b>(b: &'b Board, night: bool, more: Vec<UnitAt>) -> Situation<'b> {
    let mut units = vec![unit(
        b,
        "usL",
        asl_pto_core::counters::Nationality::American,
        "9-1",
        "C3",
    )];
    units.extend(more);
    let mut st = situation(b, Phase::Movement, Side::Allied, units).state;
    if night {
        st.night.nvr = Some(2);
    }
    st.situation(&setting(b))
}

fn moves_of<'c>(c: &'c [Choice], id: &str) -> Vec<&'c Choice> {
    c.iter()
        .filter(|c| matches!(c.order, Order::Move { .. }))
        .filter(|c| c.order.unit().is_some_and(|u| u.as_ref() == id))
        .collect()
}

#[test]
fn e1_the_doctrine_sends_no_leader_alone_into_the_dark_near_the_enemy() {
    let b = plain();
    let hunt = [VictoryCondition::CasualtyVp {
        side: Side::Allied,
        at_least: 2,
    }];
    // At night, alone, the greedy kind walks the 9-1 toward jp1 (in F3, the quarry); the
    // doctrine keeps him out of the dark hexes near it.
    let s = leader_alone(&b, true, vec![jp(&b, "jp1", "F3")]);
    let greedy = of(Kind::Greedy, &s, &hunt, Side::Allied);
    assert!(!moves_of(&greedy, "usL").is_empty(), "{greedy:#?}");
    let d = of(Kind::Doctrine, &s, &hunt, Side::Allied);
    assert!(moves_of(&d, "usL").is_empty(), "{d:#?}");
    // By day he goes; at night too once a squad of his is where he steps.
    let s = leader_alone(&b, false, vec![jp(&b, "jp1", "F3")]);
    assert!(!moves_of(&of(Kind::Doctrine, &s, &hunt, Side::Allied), "usL").is_empty());
    let Order::Move { to, .. } = &moves_of(&greedy, "usL")[0].order else {
        unreachable!()
    };
    let step = b.map.name(to.hex().unwrap());
    let s = leader_alone(&b, true, vec![jp(&b, "jp1", "F3"), us(&b, "us1", &step)]);
    let d = of(Kind::Doctrine, &s, &hunt, Side::Allied);
    assert!(!moves_of(&d, "usL").is_empty(), "{d:#?}");
}

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

/// Whether `c` holds a Move of `id` into `hex` (a hex id).
fn moves_into(b: &Board, c: &[Choice], id: &str, hex: &str) -> bool {
    let l = loc(b, hex);
    c.iter()
        .any(|c| matches!(&c.order, Order::Move { unit, to } if unit.as_ref() == id && *to == l))
}

/// The Close Combat orders among `c` at `at` (a hex id).
fn cc_at<'a>(b: &Board, c: &'a [Choice], at: &str) -> Vec<&'a Choice> {
    let l = loc(b, at);
    c.iter()
        .filter(|c| matches!(&c.order, Order::CloseCombat { at, .. } if *at == l))
        .collect()
}

#[test]
fn a11_the_holding_doctrine_starts_no_poor_close_combat_and_a_hidden_squad_stays_hidden() {
    let b = plain();
    // The Allies hunt; the Japanese hold. In the Japanese CCPh a hidden jp1 shares E4 with
    // two 7-6-8s (4 FP against 14): the greedy kind starts the CC, the doctrine keeps it hidden.
    let hunt = [VictoryCondition::CasualtyVp {
        side: Side::Allied,
        at_least: 4,
    }];
    let units = vec![
        hidden(jp(&b, "jp1", "E4")),
        us(&b, "us1", "E4"),
        us(&b, "us2", "E4"),
    ];
    let s = situation(&b, Phase::CloseCombat, Side::Japanese, units);
    let greedy = of(Kind::Greedy, &s, &hunt, Side::Japanese);
    assert!(!cc_at(&b, &greedy, "E4").is_empty(), "{greedy:#?}");
    let d = of(Kind::Doctrine, &s, &hunt, Side::Japanese);
    assert!(cc_at(&b, &d, "E4").is_empty(), "{d:#?}");
    // Three Known 4-4-7s against one 7-6-8 (12 FP against 7): worth it; two (8 against 7, at
    // least `doctrine.cc_odds`, 1 to 1) too.
    let units = vec![
        jp(&b, "jp1", "E4"),
        jp(&b, "jp2", "E4"),
        us(&b, "us1", "E4"),
    ];
    let s = situation(&b, Phase::CloseCombat, Side::Japanese, units);
    let d = of(Kind::Doctrine, &s, &hunt, Side::Japanese);
    assert!(!cc_at(&b, &d, "E4").is_empty(), "{d:#?}");
    let units = vec![
        jp(&b, "jp1", "E4"),
        jp(&b, "jp2", "E4"),
        jp(&b, "jp3", "E4"),
        us(&b, "us1", "E4"),
    ];
    let s = situation(&b, Phase::CloseCombat, Side::Japanese, units);
    let d = of(Kind::Doctrine, &s, &hunt, Side::Japanese);
    assert!(!cc_at(&b, &d, "E4").is_empty(), "{d:#?}");
}

#[test]
fn a11_no_more_units_advance_into_a_close_combat_already_manned_at_three_to_one() {
    let b = plain();
    let hunt = [VictoryCondition::CasualtyVp {
        side: Side::Allied,
        at_least: 4,
    }];
    let into_e4 = |c: &[Choice]| moves_into(&b, c, "us3", "E4");
    // us1 and us2 advanced into jp1's E4 (14 FP against 4): us3 in E3 is not needed there.
    let units = vec![
        jp(&b, "jp1", "E4"),
        us(&b, "us1", "E4"),
        us(&b, "us2", "E4"),
        us(&b, "us3", "E3"),
    ];
    let s = situation(&b, Phase::Advance, Side::Allied, units);
    assert!(into_e4(&of(Kind::Greedy, &s, &hunt, Side::Allied)));
    let d = of(Kind::Doctrine, &s, &hunt, Side::Allied);
    assert!(!into_e4(&d), "{d:#?}");
    // us1 alone there (7 against 4, under 3 to 1): us3 joins it.
    let units = vec![
        jp(&b, "jp1", "E4"),
        us(&b, "us1", "E4"),
        us(&b, "us3", "E3"),
    ];
    let s = situation(&b, Phase::Advance, Side::Allied, units);
    let d = of(Kind::Doctrine, &s, &hunt, Side::Allied);
    assert!(into_e4(&d), "{d:#?}");
}

#[test]
fn a11_the_attacking_doctrine_advances_into_close_combat_at_one_to_one_the_greedy_kind_at_one_and_a_half()
 {
    use asl_pto_core::counters::Nationality;
    let b = plain();
    let hunt = japanese_hold(4);
    let into_e4 = |c: &[Choice]| moves_into(&b, c, "us1", "E4");
    // The Allied APh: a 7-6-8 in E3 beside a 4-4-7 and a 2-3-7 in E4 (7 CC FP against 6).
    let units = vec![
        jp(&b, "jp1", "E4"),
        unit(&b, "jp2", Nationality::Japanese, "2-3-7", "E4"),
        us(&b, "us1", "E3"),
    ];
    let s = situation(&b, Phase::Advance, Side::Allied, units);
    let greedy = of(Kind::Greedy, &s, &hunt, Side::Allied);
    assert!(!into_e4(&greedy), "{greedy:#?}");
    let d = of(Kind::Doctrine, &s, &hunt, Side::Allied);
    assert!(into_e4(&d), "{d:#?}");
    // Two 4-4-7s there (7 against 8, under 1 to 1): it does not go in.
    let units = vec![
        jp(&b, "jp1", "E4"),
        jp(&b, "jp2", "E4"),
        us(&b, "us1", "E3"),
    ];
    let s = situation(&b, Phase::Advance, Side::Allied, units);
    let d = of(Kind::Doctrine, &s, &hunt, Side::Allied);
    assert!(!into_e4(&d), "{d:#?}");
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

fn fires_of<'c>(c: &'c [Choice], id: &str) -> Vec<&'c Choice> {
    c.iter()
        .filter(|c| matches!(&c.order, Order::Fire { units, .. } if units.iter().any(|u| u.as_ref() == id)))
        .collect()
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

/// The assault's opening on the cliff board as it stood until 2026-12-04 (us3 starts in U4
/// since): jp3 and its 9-1 in the kunai of T5, American squads in T4 and U5.
fn assault_opening(b: &Board) -> Vec<UnitAt> {
    vec![
        jp(b, "jp3", "T5"),
        nine_one(
            b,
            "jpL",
            asl_pto_core::counters::Nationality::Japanese,
            "T5",
        ),
        us(b, "us1", "T4"),
        us(b, "us3", "U5"),
    ]
}

#[test]
fn a11_a_holding_doctrine_withdraws_a_unit_beside_the_enemy_and_weighs_prep_fire_against_it() {
    let b = cliff();
    // The Japanese hold out (the Allies win on 2 Casualty VP); jp3 and its 9-1 stand in the
    // kunai of T5 at the foot of the cliff, beside American squads in T4 and U5 whose fire and
    // Close Combat they would draw (the assault's opening until 2026-12-04).
    let hold = japanese_hold(2);
    let units = || assault_opening(&b);
    let s = situation(&b, Phase::Movement, Side::Japanese, units());
    let d = of(Kind::Doctrine, &s, &hold, Side::Japanese);
    let m = moves_of(&d, "jp3");
    assert!(!m.is_empty(), "{d:#?}");
    assert!(m[0].reason.contains("withdraws toward"), "{}", m[0].reason);
    assert!(m[0].reason.contains("% of a squad less"), "{}", m[0].reason);
    // Farther from the Americans than T5 is.
    let nearest = |h: asl_pto_core::hex::Hex| {
        ["T4", "U5"]
            .iter()
            .map(|x| crate::board::hex(&b, x).distance(h))
            .min()
            .unwrap()
    };
    let toward = m[0]
        .reason
        .split("toward ")
        .nth(1)
        .unwrap()
        .split([',', ' '])
        .next()
        .unwrap();
    assert!(
        nearest(crate::board::hex(&b, toward)) > nearest(crate::board::hex(&b, "T5")),
        "{}",
        m[0].reason
    );
    // An attacking side does not withdraw so (it goes for its goals).
    let attack = [VictoryCondition::CasualtyVp {
        side: Side::Japanese,
        at_least: 2,
    }];
    let d = of(Kind::Doctrine, &s, &attack, Side::Japanese);
    assert!(
        !d.iter().any(|c| c.reason.contains("withdraws toward")),
        "{d:#?}"
    );
    // In its PFPh the greedy kind Prep Fires with jp3; the doctrine keeps the withdrawal a
    // Prep Fire gives up (A3: who Prep Fires does not move in the MPh).
    let s = situation(&b, Phase::PrepFire, Side::Japanese, units());
    let g = of(Kind::Greedy, &s, &hold, Side::Japanese);
    assert!(!fires_of(&g, "jp3").is_empty(), "{g:#?}");
    let d = of(Kind::Doctrine, &s, &hold, Side::Japanese);
    assert!(fires_of(&d, "jp3").is_empty(), "{d:#?}");
}

#[test]
fn g1_41_a_holding_doctrine_withdraws_no_leader_away_from_his_men() {
    let b = cliff();
    // The assault's opening (until 2026-12-04): jp3 and its 9-1 in the kunai of T5, American
    // squads in T4 and U5.
    // Each would be safer far off; the 9-1 withdraws only as far as stays with, or beside, a
    // Good Order Japanese squad: his +1 Morale and leadership are theirs (G1.41).
    let units = assault_opening(&b);
    let s = situation(&b, Phase::Movement, Side::Japanese, units.clone());
    let d = of(Kind::Doctrine, &s, &japanese_hold(2), Side::Japanese);
    let toward = |c: &Choice| -> String {
        c.reason
            .split("withdraws toward ")
            .nth(1)
            .unwrap()
            .split([',', ' '])
            .next()
            .unwrap()
            .to_string()
    };
    let squad = moves_of(&d, "jp3");
    assert!(
        squad.iter().any(|c| c.reason.contains("withdraws toward")),
        "{d:#?}"
    );
    let leader: Vec<&Choice> = moves_of(&d, "jpL")
        .into_iter()
        .filter(|c| c.reason.contains("withdraws toward"))
        .collect();
    assert!(!leader.is_empty(), "{d:#?}");
    let t5 = crate::board::hex(&b, "T5");
    // A cave's occupants stand in its hex (cave A in S5, beside T5).
    let off = |s: &Situation, c: &Choice| {
        s.hex_of(&loc(&b, &toward(c)))
            .map(|h| h.distance(t5))
            .unwrap()
    };
    for c in &leader {
        assert!(off(&s, c) <= 1, "the 9-1 leaves jp3 behind: {}", c.reason);
    }
    // Once jp3 has gone (eliminated), he withdraws where he is safest, as before.
    let alone: Vec<UnitAt> = units.into_iter().filter(|u| u.unit.id != "jp3").collect();
    let s = situation(&b, Phase::Movement, Side::Japanese, alone);
    let d = of(Kind::Doctrine, &s, &japanese_hold(2), Side::Japanese);
    let far = moves_of(&d, "jpL")
        .into_iter()
        .filter(|c| c.reason.contains("withdraws toward"))
        .any(|c| off(&s, c) > 1);
    assert!(far, "{d:#?}");
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
fn g11_88_a26_2_the_doctrine_throws_no_dc_whose_kia_would_end_its_control_short_of_the_casualty_vp()
{
    let b = cliff();
    // The Allies win by Controlling cave A or on `cvp` Casualty VP. A DC's KIA eliminates
    // cave A with jp1 (G11.88: Controlled by nobody after) for jp1's 2 Casualty VP.
    let goal = |cvp: u32| {
        [
            VictoryCondition::Control {
                side: Side::Allied,
                locations: vec![loc(&b, "cave:A")],
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
    let alone = entrance_stack(&b, 0);
    // 3 Casualty VP and no Known Japanese outside a cave: the KIA would leave 1 to find and
    // nothing to find it in; the doctrine keeps its DC, the greedy kind Throws it.
    assert!(throws(&of(Kind::Doctrine, &alone, &goal(3), Side::Allied)).is_empty());
    assert!(!throws(&of(Kind::Greedy, &alone, &goal(3), Side::Allied)).is_empty());
    // 2 Casualty VP: the KIA wins the game; the doctrine Throws.
    assert!(!throws(&of(Kind::Doctrine, &alone, &goal(2), Side::Allied)).is_empty());
    // 3 Casualty VP with a Known Japanese squad in the open at U5 (2 more to take): it Throws.
    let mut units = vec![
        with_dc(us(&b, "us1", "S4")),
        jp(&b, "jp1", "cave:A"),
        jp(&b, "jp3", "U5"),
    ];
    units.sort_by(|x, y| x.unit.id.cmp(&y.unit.id));
    let quarry = situation(&b, Phase::PrepFire, Side::Allied, units);
    assert!(!throws(&of(Kind::Doctrine, &quarry, &goal(3), Side::Allied)).is_empty());
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
fn e1_31_a11_at_night_the_doctrine_steps_into_an_enemy_location_in_its_mph_only_at_the_odds_it_advances_at()
 {
    use asl_pto_core::counters::Nationality;
    let b = plain();
    let hunt = japanese_hold(4);
    // Night (NVR 2), the Allied MPh: a Known jp1 in E4, next to the Americans in D4. At night
    // Infantry may enter an enemy-occupied Location in the MPh (E1.31): a Close Combat follows.
    let into_e4 = |c: &[Choice], id: &str| moves_into(&b, c, id, "E4");
    let night = |units: Vec<UnitAt>| {
        let mut st = situation(&b, Phase::Movement, Side::Allied, units).state;
        st.night.nvr = Some(2);
        st
    };
    // A lone 3-3-8 half-squad (3 FP against the 4-4-7's 4): the greedy kind walks in, the
    // doctrine does not (it advances into CC at 1 to 1, `doctrine.cc_odds`).
    let st = night(vec![
        jp(&b, "jp1", "E4"),
        unit(&b, "us1", Nationality::American, "3-3-8", "D4"),
    ]);
    let s = st.situation(&setting(&b));
    let greedy = of(Kind::Greedy, &s, &hunt, Side::Allied);
    assert!(into_e4(&greedy, "us1"), "{greedy:#?}");
    let d = of(Kind::Doctrine, &s, &hunt, Side::Allied);
    assert!(!into_e4(&d, "us1"), "{d:#?}");
    // A 7-6-8 against a 2-3-7 half-squad (7 FP against 2): it goes in.
    let st = night(vec![
        unit(&b, "jp1", Nationality::Japanese, "2-3-7", "E4"),
        us(&b, "us1", "D4"),
    ]);
    let s = st.situation(&setting(&b));
    let d = of(Kind::Doctrine, &s, &hunt, Side::Allied);
    assert!(into_e4(&d, "us1"), "{d:#?}");
}

fn routs_of<'c>(c: &'c [Choice], id: &str) -> Vec<&'c Choice> {
    c.iter()
        .filter(|c| matches!(c.order, Order::Rout { .. }))
        .filter(|c| c.order.unit().is_some_and(|u| u.as_ref() == id))
        .collect()
}

#[test]
fn e1_54_a10_5_the_doctrine_routs_a_broken_unit_out_of_the_enemys_fire_at_night_though_it_need_not()
{
    // A helper's reading of 200 night-ridge games: broken Americans lay beside the Known
    // squad that kept firing at them (no unit must rout at night, E1.54), and 92 were
    // eliminated so. The Allied RtPh at night: us1 broken in D4, jp1 Known in C4; the jungle of
    // E5 is one step away (no Open Ground on the way: no Interdiction, A10.53).
    let b = plain();
    // The Allied RtPh at night (NVR 2): us1 broken, jp1 Known.
    let night_rtph = |us_at: &str, jp_at: &str| {
        let mut us1 = us(&b, "us1", us_at);
        us1.unit.broken = true;
        let mut st = situation(
            &b,
            Phase::Rout,
            Side::Allied,
            vec![us1, jp(&b, "jp1", jp_at)],
        )
        .state;
        st.night.nvr = Some(2);
        st
    };
    let st = night_rtph("D4", "C4");
    let s = st.situation(&setting(&b));
    let plan = asl_pto_core::rules::orders::rout::rout_destinations(&s, "us1").unwrap();
    assert!(!plan.must.holds, "at night no unit must rout (E1.54)");
    let hunt = japanese_hold(2);
    // The greedy kind routs only when it must; the doctrine routs it away all the same.
    assert!(routs_of(&of(Kind::Greedy, &s, &hunt, Side::Allied), "us1").is_empty());
    let d = of(Kind::Doctrine, &s, &hunt, Side::Allied);
    let r = routs_of(&d, "us1");
    assert!(!r.is_empty(), "{d:#?}");
    assert!(
        r[0].reason.contains("though it need not (E1.54)"),
        "{}",
        r[0].reason
    );
    // From C4 beside jp1 in C5, the way to E5 crosses two Open Ground hexes within jp1's NVR
    // and Normal Range: the doctrine counts the chance of failing one of two Interdiction NMC
    // (a broken 7-6-8 checks at 8: 10/36 each), and here stays (it spares less than that).
    let st = night_rtph("C4", "C5");
    let s = st.situation(&setting(&b));
    let plan = asl_pto_core::rules::orders::rout::rout_destinations(&s, "us1").unwrap();
    let to_e5 = plan
        .destinations
        .iter()
        .find(|r| r.at == loc(&b, "E5"))
        .expect("E5");
    let risk =
        asl_pto_core::opponent::value::interdiction_risk(&s, s.unit("us1").unwrap(), &to_e5.path);
    let one: f32 = 10.0 / 36.0;
    assert!((risk - (1.0 - (1.0 - one).powi(2))).abs() < 1e-4, "{risk}");
    assert!(routs_of(&of(Kind::Doctrine, &s, &hunt, Side::Allied), "us1").is_empty());
    // Out of every enemy's reach, it stays where it lies (to rally there).
    let st = night_rtph("C4", "J3");
    let s = st.situation(&setting(&b));
    assert!(routs_of(&of(Kind::Doctrine, &s, &hunt, Side::Allied), "us1").is_empty());
}

#[test]
fn a10_7_the_doctrine_keeps_a_leader_with_the_broken_squads_of_his_location() {
    // A helper's reading of 200 Cave Complex games: the 9-1 walked out of D6 in 131 games
    // while broken squads stayed there, each then rallying alone at +1 (A10.6).
    let b = plain();
    let hunt = [VictoryCondition::CasualtyVp {
        side: Side::Allied,
        at_least: 2,
    }];
    let mut us1 = us(&b, "us1", "C3");
    us1.unit.broken = true;
    let s = leader_alone(&b, false, vec![jp(&b, "jp1", "F3"), us1]);
    assert!(!moves_of(&of(Kind::Greedy, &s, &hunt, Side::Allied), "usL").is_empty());
    let d = of(Kind::Doctrine, &s, &hunt, Side::Allied);
    assert!(moves_of(&d, "usL").is_empty(), "{d:#?}");
    // With the squad in Good Order, he goes on toward the quarry.
    let s = leader_alone(&b, false, vec![jp(&b, "jp1", "F3"), us(&b, "us1", "C3")]);
    assert!(!moves_of(&of(Kind::Doctrine, &s, &hunt, Side::Allied), "usL").is_empty());
}

#[test]
fn a26_a11_12_the_doctrine_takes_no_location_back_by_walking_into_the_enemy_there() {
    // A window trial: the Japanese program's jp3 "took back" K5 (a hex the Allies had to
    // Control) by advancing into us1 and the 8-1 there, at 1 to 2, and then ordered no CC.
    let b = plain();
    let goal = allied_control_only(&b, "D3");
    let into_d3 = |c: &[Choice]| {
        c.iter().any(|c| {
            matches!(&c.order, Order::Move { unit, to } if unit.as_ref() == "jp1" && *to == loc(&b, "D3"))
        })
    };
    let mut st = situation(
        &b,
        Phase::Advance,
        Side::Japanese,
        vec![
            jp(&b, "jp1", "C3"),
            us(&b, "us1", "D3"),
            nine_one(
                &b,
                "usL",
                asl_pto_core::counters::Nationality::American,
                "D3",
            ),
        ],
    )
    .state;
    st.scoring
        .control
        .push((loc(&b, "D3").hex().unwrap(), Side::Allied));
    let s = st.situation(&setting(&b));
    let d = of(Kind::Doctrine, &s, &goal, Side::Japanese);
    assert!(!into_d3(&d), "{d:#?}");
}

#[test]
fn a8_4_a_step_beside_an_enemy_that_has_first_fired_is_charged_its_final_fire() {
    use asl_pto_core::model::FireMark;
    let b = plain();
    let goal = allied_control_or_cvp(&b, "J3", 2);
    // The Allied MPh: jp1, Known in the jungle of E5, has already First Fired (A8.1: it fires
    // no more in this MPh), and us1 in C5 goes after it: its next step (D4 or D5) ends beside
    // E5, where jp1 may still Final Fire in the DFPh (A8.4: a unit marked First Fire fires
    // again only at an ADJACENT Location).
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
    // The step is charged for it: it scores below the greedy kind's same step.
    let g = of(Kind::Greedy, &s, &goal, Side::Allied);
    let greedy = g
        .iter()
        .find(|c| c.order == m[0].order)
        .expect("the same step");
    assert!(
        m[0].score < greedy.score,
        "{} vs {}",
        m[0].score,
        greedy.score
    );
    // From B4 its next step (C4 or C5) ends two hexes from E5: the marked jp1 cannot Final
    // Fire at it (A8.4) and no Known enemy would make it its best shot.
    let mut fired = jp(&b, "jp1", "E5");
    fired.unit.fired = Some(FireMark::FirstFire);
    let s = situation(
        &b,
        Phase::Movement,
        Side::Allied,
        vec![us(&b, "us1", "B4"), fired],
    );
    let d = of(Kind::Doctrine, &s, &goal, Side::Allied);
    let m = moves_of(&d, "us1");
    assert_eq!(m.len(), 1, "{d:#?}");
    assert!(
        m[0].reason
            .contains("no Known enemy would make it its best shot"),
        "{}",
        m[0].reason
    );
}

#[test]
fn a15_43_a_berserk_unit_of_a_side_holding_out_charges_and_says_so() {
    let b = plain();
    // The Japanese MPh; the Japanese hold out (the Allies win on 3 Casualty VP). jp1 went
    // berserk (G1.62's Heat of Battle) in C5; us1, Known, stands in the jungle of E5. A berserk
    // unit charges the nearest Known enemy unit (A15.43): every hex it enters is closer to it.
    // A side holding out otherwise only withdraws, and a window trial's berserk 9-1 and squad
    // were said to withdraw "out of the worst of the enemy's fire" as they charged.
    let mut berserk = jp(&b, "jp1", "C5");
    berserk.unit.berserk = true;
    let s = situation(
        &b,
        Phase::Movement,
        Side::Japanese,
        vec![berserk, us(&b, "us1", "E5")],
    );
    for kind in [Kind::Doctrine, Kind::Greedy] {
        let d = of(kind, &s, &japanese_hold(3), Side::Japanese);
        let m = moves_of(&d, "jp1");
        assert_eq!(m.len(), 1, "{kind:?}: {d:#?}");
        assert!(
            m[0].reason.contains("jp1 charges E5 (berserk")
                && m[0].reason.contains("A15.43")
                && !m[0].reason.contains("withdraws"),
            "{kind:?}: {}",
            m[0].reason
        );
        let Order::Move { to, .. } = &m[0].order else {
            panic!("{:?}", m[0].order)
        };
        let (from, to, at) = (
            hex(&b, "C5"),
            hex(&b, &to.display(&b.map).to_string()),
            hex(&b, "E5"),
        );
        assert!(to.distance(at) < from.distance(at), "closer to E5");
    }
    // A26.1: the last holder of a Location the enemy must Control stays in it, unless it
    // charges: the rules send it, not its goals. C5 is what the Allies must Control here.
    let d = of(
        Kind::Doctrine,
        &s,
        &allied_control_or_cvp(&b, "C5", 3),
        Side::Japanese,
    );
    let m = moves_of(&d, "jp1");
    assert_eq!(m.len(), 1, "{d:#?}");
    assert!(
        m[0].reason.contains("jp1 charges E5 (berserk"),
        "{}",
        m[0].reason
    );
    // The same squad, not berserk, keeps C5.
    let mut s = s;
    s.units[0].unit.berserk = false;
    let d = of(
        Kind::Doctrine,
        &s,
        &allied_control_or_cvp(&b, "C5", 3),
        Side::Japanese,
    );
    assert!(moves_of(&d, "jp1").is_empty(), "{d:#?}");
}

#[test]
fn a10_52_a_broken_unit_that_must_rout_through_interdicted_open_ground_may_low_crawl() {
    // The assault's cliff: broken us1 in the open T3 must rout from jp1 in cave A and jp2 in
    // cave G, who see it (A10.5). Its rout to the jungle of R3 crosses the open S3, which jp1
    // Interdicts (A10.53: a 7-6-8, Morale Level 8, fails the NMC on 10 of 36); a Low Crawl into
    // S3 is not Interdicted (A10.52), and from S3 the jungle is one Location away. The greedy
    // kind routs as it did before Low Crawl (its yardstick kept); the doctrine crawls, S3
    // costing it no more than R3 and sparing the NMC.
    let b = crate::board::board_of(&crate::scenarios::demo("assault"));
    let mut us1 = us(&b, "us1", "T3");
    us1.unit.broken = true;
    let s = situation(
        &b,
        Phase::Rout,
        Side::Allied,
        vec![jp(&b, "jp1", "cave:A"), jp(&b, "jp2", "cave:G"), us1],
    );
    let goal = japanese_hold(3);
    let routs = |kind| -> Vec<Choice> {
        of(kind, &s, &goal, Side::Allied)
            .into_iter()
            .filter(|c| matches!(c.order, Order::Rout { .. }))
            .collect()
    };
    let rout_to = |hex: &str| Order::Rout {
        unit: "us1".into(),
        to: loc(&b, hex),
    };
    let g = routs(Kind::Greedy);
    assert!(
        !g.is_empty() && g.iter().all(|c| c.order != rout_to("S3")),
        "{g:#?}"
    );
    let r3 = g.iter().find(|c| c.order == rout_to("R3")).expect("R3");
    assert!(
        r3.reason
            .contains("28 % to fail an Interdiction NMC on the way (A10.53)"),
        "{}",
        r3.reason
    );
    let d = routs(Kind::Doctrine);
    assert_eq!(d.len(), 1, "{d:#?}");
    assert_eq!(d[0].order, rout_to("S3"), "{d:#?}");
    assert!(
        d[0].reason.contains(
            "us1 must rout (A10.5) and Low Crawls to S3, one Location, not subject to \
             Interdiction (A10.52)"
        ) && d[0].reason.contains("there it expects to lose least"),
        "{}",
        d[0].reason
    );
}

/// A23.3 / G11.833: the program Places a DC on an ADJACENT above-ground Location only with a
/// DC to spare: more DCs than standing caves it must Control and does not. At the foot of the
/// G11.6 cliff, us1 (with a DC) in T4 beside a Known jp1 in T5: playing for caves A and G
/// (one DC, two caves) neither kind offers it; playing for Casualty VP only, both do (the
/// order named with its target and rule); with cave A and G Controlled already, both do.
#[test]
fn a23_3_the_program_places_a_dc_on_the_ground_only_with_a_dc_no_cave_it_must_control_needs() {
    let b = cliff();
    let mut s = situation(
        &b,
        Phase::Movement,
        Side::Allied,
        vec![with_dc(us(&b, "us1", "T4")), jp(&b, "jp1", "T5")],
    );
    let caves = [
        VictoryCondition::Control {
            side: Side::Allied,
            locations: vec![loc(&b, "cave:A"), loc(&b, "cave:G")],
        },
        VictoryCondition::Otherwise {
            side: Side::Japanese,
        },
    ];
    let placed = |c: &[Choice]| -> Vec<String> {
        c.iter()
            .filter(|c| matches!(c.order, Order::PlaceDcAt { .. }))
            .map(|c| c.reason.clone())
            .collect()
    };
    for kind in [Kind::Greedy, Kind::Doctrine] {
        assert!(
            placed(&of(kind, &s, &caves, Side::Allied)).is_empty(),
            "{kind:?}"
        );
        let cvp = japanese_hold(2);
        let p = placed(&of(kind, &s, &cvp, Side::Allied));
        assert_eq!(p.len(), 1, "{kind:?}: {p:?}");
        assert!(p[0].contains("Places its DC on T5, on jp1"), "{}", p[0]);
        assert!(p[0].contains("(A23.3)"), "{}", p[0]);
    }
    s.allied_controlled = vec!["A".into(), "G".into()];
    for kind in [Kind::Greedy, Kind::Doctrine] {
        assert_eq!(
            placed(&of(kind, &s, &caves, Side::Allied)).len(),
            1,
            "{kind:?}"
        );
    }
}

/// A11 / E1.31: a holding doctrine withdraws *away* from Close Combat: at night Infantry may
/// enter an enemy-occupied Location in the MPh, and the enemy's own Location draws none of
/// his fire, but a withdrawal never ends in, nor passes through, a Location a Known enemy
/// unit is in (a helper's reading of the jungle night: "jp4 withdraws toward J4, out of the
/// worst of the enemy's fire and Close Combat" into the hut us3 held, Hand-to-Hand followed).
#[test]
fn a11_e1_31_a_holding_doctrine_withdraws_into_no_known_enemy_location_at_night() {
    let b = plain();
    let hold = japanese_hold(2);
    // jp1 in the open D5 with American squads Known around it in the open, all within the
    // NVR: without the rule it withdrew toward C6, into us2's Location (no American fire
    // reaches the Americans' own hex).
    let enemy = ["D4", "C6", "E6", "D7"];
    let mut units = vec![jp(&b, "jp1", "D5")];
    for (i, h) in enemy.iter().enumerate() {
        units.push(us(&b, &format!("us{}", i + 1), h));
    }
    let mut st = situation(&b, Phase::Movement, Side::Japanese, units).state;
    st.night.nvr = Some(2);
    let s = st.situation(&setting(&b));
    let d = of(Kind::Doctrine, &s, &hold, Side::Japanese);
    let w: Vec<&Choice> = d
        .iter()
        .filter(|c| c.reason.contains("withdraws toward"))
        .collect();
    for h in enemy {
        assert!(
            !w.iter()
                .any(|c| moves_into(&b, std::slice::from_ref(*c), "jp1", h)
                    || c.reason.contains(&format!("toward {h}"))),
            "{h}: {w:#?}"
        );
    }
    assert!(!w.is_empty(), "it still withdraws, elsewhere: {d:#?}");
}

#[test]
fn a26_2_g11_833_in_the_last_game_turn_the_doctrine_throws_a_dc_whose_kill_alone_would_win() {
    let b = cliff();
    // us1 (with a DC) and two more squads in S4, cave A's Entrance Hex; jp1 (a squad, 2
    // Casualty VP) Known in cave A, in Game Turn 1.
    let s = entrance_stack(&b, 2);
    let throws_in = |turns: u32, cvp: u32| {
        let victory = japanese_hold(cvp);
        let posture = Posture {
            victory: &victory,
            plan: None,
            turns: Some(turns),
        };
        let d =
            player_of(Kind::Doctrine).candidates(&s, &posture, Side::Allied, &Moment::Phase, &[]);
        throws(&d).into_iter().cloned().collect::<Vec<Choice>>()
    };
    // With Game Turns to come, needing 4 Casualty VP or 2, the doctrine does not risk the
    // fallen DC's attack on its three squads.
    assert!(throws_in(3, 4).is_empty());
    assert!(throws_in(3, 2).is_empty());
    // In the last Game Turn, needing 2, jp1's loss alone wins the game (and its own squads
    // are priced at the last Game Turn's risk): it Throws.
    let t = throws_in(1, 2);
    assert_eq!(t.len(), 1, "{t:#?}");
    assert!(t[0].reason.contains("% to land"), "{}", t[0].reason);
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

/// G1.5 (a helper's finding): in the last Game Turn the Japanese doctrine charged a lone 8-0 in
/// its rear rather than the hex it had to Control, and lost. Two Banzai Charges it may make at
/// the same odds-worthy strength, three hexes each way: at us1 in H5 (the hex the Japanese must
/// Control) and at the 8-0 in B5; the doctrine's best Banzai is at H5, the greedy kind's (its
/// yardstick, kept) ties them.
#[test]
fn g1_5_the_doctrine_charges_toward_what_its_side_plays_for_not_away_from_it() {
    let b = plain();
    let units = vec![
        jp(&b, "jp1", "E5"),
        jp(&b, "jp2", "E5"),
        jp(&b, "jp3", "E5"),
        unit(
            &b,
            "jpL",
            asl_pto_core::counters::Nationality::Japanese,
            "9-1",
            "E5",
        ),
        us(&b, "us1", "H5"),
        unit(
            &b,
            "usL",
            asl_pto_core::counters::Nationality::American,
            "8-0",
            "B5",
        ),
    ];
    let s = situation(&b, Phase::Movement, Side::Japanese, units);
    let victory = [
        VictoryCondition::Control {
            side: Side::Japanese,
            locations: vec![loc(&b, "H5")],
        },
        VictoryCondition::Otherwise { side: Side::Allied },
    ];
    // The best score of a Banzai Charge of `kind` at `hex`.
    let charge = |kind: Kind, hex: &str| -> f32 {
        of(kind, &s, &victory, Side::Japanese)
            .into_iter()
            .filter(|c| matches!(&c.order, Order::Banzai { to, .. } if *to == loc(&b, hex)))
            .map(|c| c.score)
            .fold(f32::NEG_INFINITY, f32::max)
    };
    let (g_goal, g_rear) = (charge(Kind::Greedy, "H5"), charge(Kind::Greedy, "B5"));
    assert!(
        g_rear > 0.0,
        "the charge into the rear is legal and odds-worthy"
    );
    assert_eq!(g_goal, g_rear, "the greedy kind ties them");
    let (d_goal, d_rear) = (charge(Kind::Doctrine, "H5"), charge(Kind::Doctrine, "B5"));
    assert!(d_goal > d_rear, "{d_goal} vs {d_rear}");
}
