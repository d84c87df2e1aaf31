//! The holding doctrine and its hidden caves (G11.3, G11.94): a hidden cave the enemy must
//! Control cannot be Controlled while hidden, and a firer that loses HIP in it reveals it.

use asl_pto_core::counters::Nationality;
use asl_pto_core::model::{Phase, Side};
use asl_pto_core::opponent::player::Posture;
use asl_pto_core::opponent::{Choice, Kind, Moment, player_of};
use asl_pto_core::rules::orders::Order;
use asl_pto_core::rules::situation::{Situation, UnitAt};
use asl_pto_core::rules::victory::VictoryCondition;

use crate::board::{Board, cliff, loc, situation, unit, us};

/// The Japanese candidates of the doctrine in the phase, five Game Turns.
fn japanese(s: &Situation, victory: &[VictoryCondition]) -> Vec<Choice> {
    let posture = Posture {
        victory,
        plan: None,
        turns: Some(5),
    };
    player_of(Kind::Doctrine).candidates(s, &posture, Side::Japanese, &Moment::Phase, &[])
}

/// The Allies win by Controlling `caves` or amassing `cvp` Casualty VP, the Japanese otherwise.
fn control_or_cvp(b: &Board, caves: &[&str], cvp: u32) -> [VictoryCondition; 3] {
    [
        VictoryCondition::Control {
            side: Side::Allied,
            locations: caves.iter().map(|c| loc(b, c)).collect(),
        },
        VictoryCondition::CasualtyVp {
            side: Side::Allied,
            at_least: cvp,
        },
        VictoryCondition::Otherwise {
            side: Side::Japanese,
        },
    ]
}

/// The Allies win by amassing `cvp` Casualty VP, the Japanese otherwise.
fn cvp_only(cvp: u32) -> [VictoryCondition; 2] {
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

/// The Americans' DFPh with `americans` on the G11.6 cliff's board and jp1, a 4-4-7, hidden in
/// cave A, itself hidden from the Allies.
fn hidden_in_cave_a<'a>(b: &'a Board, americans: Vec<UnitAt>) -> Situation<'a> {
    let mut jp1 = unit(b, "jp1", Nationality::Japanese, "4-4-7", "cave:A");
    jp1.hidden = true;
    let mut units = americans;
    units.push(jp1);
    let mut s = situation(b, Phase::DefensiveFire, Side::Allied, units);
    s.hidden_caves = vec!["A".into()];
    s
}

/// G11.3 / G11.94: jp1 hides in cave A (hidden) at the foot of the G11.6 cliff; in the
/// Americans' DFPh a broken us1 lies in S4, cave A's Entrance Hex, and a Good Order us2 in S3
/// sees the cave. A Final Fire at us1 would reveal jp1 and cave A with it. Where the Allies
/// must Control cave A, the doctrine keeps it hidden for a shot at a broken unit (they cannot
/// Control a hidden cave); where they win only on Casualty VP, the same shot is taken.
#[test]
fn g11_94_the_doctrine_does_not_reveal_a_hidden_cave_the_enemy_must_control_to_fire_at_broken_men()
{
    let b = cliff();
    let mut us1 = us(&b, "us1", "S4");
    us1.unit.broken = true;
    let mut s = hidden_in_cave_a(&b, vec![us1, us(&b, "us2", "S3")]);
    let s4 = loc(&b, "S4");
    let fires_from_the_cave = |c: &[Choice]| -> Vec<String> {
        c.iter()
            .filter(|c| c.score > 0.0)
            .filter(
                |c| matches!(&c.order, Order::Fire { units, at } if units == &["jp1"] && *at == s4),
            )
            .map(|c| c.reason.clone())
            .collect()
    };
    let cvp_only = cvp_only(4);
    let shots = fires_from_the_cave(&japanese(&s, &cvp_only));
    assert!(
        shots.iter().any(|r| r.contains("worth revealing jp1")),
        "{shots:?}"
    );
    let control = control_or_cvp(&b, &["cave:A", "cave:G"], 4);
    let shots = fires_from_the_cave(&japanese(&s, &control));
    assert!(shots.is_empty(), "{shots:?}");
    // With no Good Order American in sight jp1 would keep its "?", but its HIP loss still
    // places the Cave counter onboard (G11.3): the same.
    s.units.retain(|u| u.unit.id != "us2");
    assert!(!fires_from_the_cave(&japanese(&s, &cvp_only)).is_empty());
    let shots = fires_from_the_cave(&japanese(&s, &control));
    assert!(shots.is_empty(), "{shots:?}");
}

/// G11.3 / G11.94 / A12.15: jp1, hidden in cave A at the foot of the G11.6 cliff, and a Good
/// Order American coming up cave A's line in the open, in the Americans' DFPh. A Final Fire
/// reveals jp1 and cave A with it. Where the Allies must Control cave A it fires only within
/// `reveal_control_cave_range` (2) hexes; where they win on Casualty VP alone it fires at
/// three hexes too.
#[test]
fn g11_3_g11_94_the_doctrine_gives_away_a_hidden_cave_the_enemy_must_control_only_for_a_shot_within_two_hexes()
 {
    let b = cliff();
    let s_at = |at: &str| hidden_in_cave_a(&b, vec![us(&b, "us1", at)]);
    let fires_at = |c: &[Choice], at: &str| {
        let at = loc(&b, at);
        c.iter().any(|c| {
            c.score > 0.0
                && matches!(&c.order, Order::Fire { units, at: t } if units == &["jp1"] && *t == at)
        })
    };
    let control = control_or_cvp(&b, &["cave:A"], 4);
    let cvp_only = cvp_only(4);
    // us1 in S3, two hexes from the cave: the shot is taken either way.
    assert!(fires_at(&japanese(&s_at("S3"), &control), "S3"));
    assert!(fires_at(&japanese(&s_at("S3"), &cvp_only), "S3"));
    // In S2, three hexes off: only where the Allies need not Control cave A.
    assert!(!fires_at(&japanese(&s_at("S2"), &control), "S2"));
    assert!(fires_at(&japanese(&s_at("S2"), &cvp_only), "S2"));
}

/// G11.33 / A26.2: the Allied doctrine one Casualty VP short in the last Game Turn, us1 in T4
/// beside the cliff hex S5 where cave G, which it must Control, may be (hidden from it), and a
/// Known Japanese squad outside caves worth the Casualty VP it still needs. Within
/// `last_turn_reach` (2) hexes of us1 the squad is still the hunt's, and the Search for the cave
/// is scored `search_cave_hunting`; four or more hexes off it can no longer be got at in time, and the
/// Search is scored `search_cave`, above a step toward it.
#[test]
fn g11_33_in_the_last_game_turn_a_quarry_out_of_reach_leaves_the_search_for_the_cave_first() {
    use asl_pto_core::opponent::weights::Weights;
    let b = cliff();
    let victory = control_or_cvp(&b, &["cave:G"], 3);
    let w = &Weights::get().doctrine;
    let search_s5 = |quarry_at: &str| -> Choice {
        let mut s = situation(
            &b,
            Phase::Movement,
            Side::Allied,
            vec![
                us(&b, "us1", "T4"),
                unit(&b, "jp1", Nationality::Japanese, "4-4-7", quarry_at),
            ],
        );
        s.hidden_caves = vec!["A".into(), "G".into()];
        s.turn.number = 9;
        s.scoring.cvp_allied = 2;
        let posture = Posture {
            victory: &victory,
            plan: None,
            turns: Some(5),
        };
        let c =
            player_of(Kind::Doctrine).candidates(&s, &posture, Side::Allied, &Moment::Phase, &[]);
        c.into_iter()
            .find(|c| {
                matches!(&c.order, Order::Search { unit, hex } if unit.as_ref() == "us1" && b.map.name(*hex) == "S5")
            })
            .unwrap_or_else(|| panic!("no Search of S5 (jp1 in {quarry_at})"))
    };
    assert_eq!(search_s5("V5").score, w.search_cave_hunting);
    let far = search_s5("X8");
    assert_eq!(far.score, w.search_cave);
    assert!(far.reason.contains("for cave G"), "{}", far.reason);
}
