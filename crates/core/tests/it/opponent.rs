//! The opponent's doctrine (issue 28) on boards built in code: its candidates come from the
//! orders the rules allow and carry the seeds' doctrine (E1.92 Starshells at night, G1.421 a
//! DC Hero, G11.75 hidden Japanese stay hidden).

use asl_pto_core::model::{Phase, Side};
use asl_pto_core::opponent::doctrine::candidates;
use asl_pto_core::opponent::{Kind, Moment, Opponent};
use asl_pto_core::rules::orders::Order;

use crate::board::{hidden, jp, plain, setting, situation, us};

#[test]
fn e1_92_at_night_the_allied_doctrine_lights_a_known_enemy_with_a_starshell() {
    let b = plain();
    for phase in [Phase::PrepFire, Phase::Movement, Phase::AdvancingFire] {
        let mut st = situation(
            &b,
            phase,
            Side::Allied,
            vec![us(&b, "us1", "C3"), jp(&b, "jp1", "C5")],
        )
        .state;
        st.night.nvr = Some(2);
        let s = st.situation(&setting(&b));
        let c = candidates(&s, &[], Side::Allied, &Moment::Phase, false, &[]);
        if let Some(star) = c
            .iter()
            .find(|c| matches!(c.order, Order::FireStarshell { .. }))
        {
            assert!(star.reason.contains("E1.92"), "{}", star.reason);
            return;
        }
    }
    panic!("no Starshell offered in any phase it may be fired in");
}

#[test]
fn g11_75_a_hidden_japanese_squad_with_nothing_worth_firing_at_gives_no_order() {
    let b = plain();
    let st = situation(
        &b,
        Phase::Movement,
        Side::Japanese,
        vec![hidden(jp(&b, "jp1", "E5")), us(&b, "us1", "J5")],
    )
    .state;
    let mut me = Opponent::new(Side::Japanese, Kind::Doctrine, 1);
    assert_eq!(me.decide(&st, &setting(&b), &Moment::Phase), None);
    // In the DFPh, the same: five hexes off, no shot worth its HIP (G1.63).
    let mut st = st;
    st.phase = Phase::DefensiveFire;
    st.turn.attacker = Side::Allied;
    assert_eq!(me.decide(&st, &setting(&b), &Moment::Phase), None);
}

#[test]
fn g1_421_the_japanese_doctrine_tries_a_dc_hero_against_a_target_in_reach() {
    let b = plain();
    let mut jp1 = jp(&b, "jp1", "C3");
    jp1.unit.dc = true;
    let st = situation(
        &b,
        Phase::Movement,
        Side::Japanese,
        vec![jp1, us(&b, "us1", "C6")],
    )
    .state;
    let set = asl_pto_core::state::Setting {
        ob_japanese_squads: 10,
        ..setting(&b)
    };
    let s = st.situation(&set);
    let c = candidates(&s, &[], Side::Japanese, &Moment::Phase, false, &[]);
    let hero = c
        .iter()
        .find(|c| matches!(c.order, Order::CreateHero { .. }))
        .unwrap_or_else(|| panic!("{c:?}"));
    assert!(hero.reason.contains("G1.421"));
}
