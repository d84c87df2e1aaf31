//! The doctrine at night (E1): Starshells only where another unit will fire (E1.92), no
//! leader alone into the dark near the enemy, steps into an enemy Location in its MPh (E1.31),
//! routs out of the enemy's fire though not forced (E1.54), no withdrawal into a Known enemy.

use super::*;

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
