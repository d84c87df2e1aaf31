//! The doctrine's withdrawals, routs and charges: a unit withdrawn from beside the enemy
//! (A11), a leader kept with his men (G1.41, A10.7), a berserk charge (A15.43), Low Crawl
//! (A10.52) and a Banzai toward what its side plays for (G1.5).

use super::*;

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
