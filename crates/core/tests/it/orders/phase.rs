//! `rules::orders::phase`: what the sequence of play does by itself (A3, E1.12, E1.53, E1.32,
//! E1.923/E1.933, G11.85/G11.851, G1.425), and `rules::night::light::light_marks` (E1.9,
//! G11.96).

use asl_pto_core::los::Location;
use asl_pto_core::model::{Cloud, Hero, Moon, Phase, Side, SmokeKind};
use asl_pto_core::rules::night::light::{Source, SourceKind, light_marks};
use asl_pto_core::rules::orders::phase::{
    Straying, cave_smoke_removed_now, grenade_smoke_removed_now, heroes_out_of_melee,
    heroes_removed, illumination_removed, night_concealment, nvr_change_due, phase_begins,
    straying, straying_before_move, unit_at_phase_start,
};
use asl_pto_core::rules::situation::Smoke;

use super::*;

#[test]
fn a3_a_player_turn_is_announced_with_its_rph_then_each_phase() {
    let rph = phase_begins(Phase::Rally, 3, 2, Side::Allied);
    let texts: Vec<(&str, &str, &str)> = rph
        .iter()
        .map(|a| (a.event, a.rule, a.text.as_str()))
        .collect();
    assert_eq!(
        texts,
        vec![
            (
                "player_turn",
                "A3",
                "Game Turn 2, the Allied Player Turn (the first of the Game Turn): the Allied side \
                 is the ATTACKER"
            ),
            ("phase", "A3", "RPh begins"),
        ]
    );
    assert_eq!(phase_begins(Phase::Movement, 3, 2, Side::Allied).len(), 1);
    // Issue 16 point 7: named by Game Turn and side, as the walk's header and narration name it,
    // not by a running Player Turn number ("Player Turn 4" for the Japanese Player Turn 2).
    let second = &phase_begins(Phase::Rally, 4, 2, Side::Japanese)[0].text;
    assert!(
        second.starts_with("Game Turn 2, the Japanese Player Turn (the second"),
        "{second}"
    );
    assert!(!second.contains("Player Turn 4"), "{second}");
}

#[test]
fn a4_g11_74_e1_53_mf_cave_entry_and_straying_last_one_phase() {
    let b = woods();
    let mut u = us(&b, "us1", "B5").unit;
    u.mf_spent = 3.0;
    u.entered_cave = true;
    u.straying = true;
    u.dc = true;
    unit_at_phase_start(&mut u);
    assert_eq!(
        (u.mf_spent, u.entered_cave, u.straying),
        (0.0, false, false)
    );
    assert!(u.dc, "a DC is kept");
}

#[test]
fn e1_12_an_nvr_change_dr_in_each_rph_after_the_opening_player_turn() {
    assert_eq!(nvr_change_due(None, Cloud::Clear, Moon::Full, 2), None);
    assert_eq!(nvr_change_due(Some(3), Cloud::Clear, Moon::Full, 1), None);
    let plan = nvr_change_due(Some(3), Cloud::Scattered, Moon::Half, 2).unwrap();
    assert_eq!(plan.roll_rule, "E1.12");
    // Scattered, Half Moon: a subsequent dr 4 / 3, FRU = 2 down.
    assert_eq!(plan.change(6, 2, || 4).after, 1);
    assert_eq!(plan.change(5, 2, || panic!("no subsequent dr")).after, 3);
    let overcast = nvr_change_due(Some(3), Cloud::Overcast, Moon::Half, 2).unwrap();
    assert_eq!(overcast.change(6, 6, || panic!("by one hex")).after, 4);
}

#[test]
fn e1_53_good_order_attacker_movers_make_a_movement_dr_except_in_a_cave() {
    let b = cliff();
    let mut broken = us(&b, "us3", "T5");
    broken.unit.broken = true;
    let s = at_night(
        situation(
            &b,
            Phase::Movement,
            Side::Allied,
            vec![us(&b, "us1", "T4"), jp(&b, "jp1", "cave:A"), broken],
        ),
        2,
    );
    let movers: Vec<String> = ["us1", "jp1", "us3", "us9"].map(String::from).to_vec();
    assert_eq!(
        straying(&s, &movers),
        vec![Straying::Roll {
            unit: "us1".into(),
            roll_rule: "E1.53"
        }]
    );
    let mut s = s.clone();
    s.turn.attacker = Side::Japanese;
    let [Straying::Exempt { unit, check }] = &straying(&s, &movers)[..] else {
        panic!("jp1 in its cave is exempt");
    };
    assert_eq!((unit.as_str(), check.rule), ("jp1", "G11.96"));
    s.night.nvr = None;
    assert!(straying(&s, &movers).is_empty(), "no Straying by day");
}

#[test]
fn e1_53_issue_27_1_the_movement_dr_comes_before_a_units_first_move_to_a_new_hex() {
    let b = cliff();
    let s = at_night(
        situation(
            &b,
            Phase::Movement,
            Side::Japanese,
            vec![jp(&b, "jp1", "cave:A"), jp(&b, "jp2", "T4")],
        ),
        2,
    );
    // Above ground, to a new hex: the DR.
    assert_eq!(
        straying_before_move(&s, "jp2", &loc(&b, "U4")),
        Some(Straying::Roll {
            unit: "jp2".into(),
            roll_rule: "E1.53"
        })
    );
    // From a cave to another: exempt (G11.96), said at its first move of the MPh only.
    let Some(Straying::Exempt { check, .. }) = straying_before_move(&s, "jp1", &loc(&b, "cave:G"))
    else {
        panic!("exempt in its cave");
    };
    assert_eq!(check.rule, "G11.96");
    // Out of the cave above ground: the DR.
    assert!(matches!(
        straying_before_move(&s, "jp1", &loc(&b, "S4")),
        Some(Straying::Roll { .. })
    ));
    // Once made this MPh, none again; none by day; none for the DEFENDER.
    let mut made = s.clone();
    made.state
        .units
        .iter_mut()
        .for_each(|u| u.unit.movement_dr = true);
    assert_eq!(straying_before_move(&made, "jp2", &loc(&b, "U4")), None);
    let mut day = s.clone();
    day.state.night.nvr = None;
    assert_eq!(straying_before_move(&day, "jp2", &loc(&b, "U4")), None);
    let mut other = s.clone();
    other.state.turn.attacker = Side::Allied;
    assert_eq!(straying_before_move(&other, "jp2", &loc(&b, "U4")), None);
}

#[test]
fn e1_32_a_unit_in_concealment_terrain_no_enemy_sees_gains_concealment_at_night() {
    let b = woods();
    let s = at_night(
        situation(
            &b,
            Phase::CloseCombat,
            Side::Allied,
            vec![
                us(&b, "us1", "B5"),
                jp(&b, "jp1", "J5"),
                jp(&b, "jp2", "M3"),
            ],
        ),
        2,
    );
    let gained = night_concealment(&s);
    let ids: Vec<&str> = gained.iter().map(|g| g.unit.as_str()).collect();
    assert_eq!(ids, vec!["jp1"], "jp2 in the open gains nothing");
    assert_eq!(gained[0].rule, "E1.32");
    assert!(
        gained[0].reason.ends_with("it gains \"?\""),
        "{}",
        gained[0].reason
    );
    // Lit, jp1 is seen beyond the NVR (E1.101).
    let mut lit = s.clone();
    lit.lit_hexes.insert(hex(&b, "J5"));
    assert!(night_concealment(&lit).is_empty());
    // Within the NVR, with a clear LOS, it is seen.
    let near = at_night(
        situation(
            &b,
            Phase::CloseCombat,
            Side::Allied,
            vec![us(&b, "us1", "H5"), jp(&b, "jp1", "J5")],
        ),
        2,
    );
    assert!(night_concealment(&near).is_empty());
    let mut day = s.clone();
    day.night.nvr = None;
    assert!(night_concealment(&day).is_empty());
}

#[test]
fn e1_923_e1_933_starshells_and_ir_go_at_the_end_of_the_ccph_by_name() {
    let b = woods();
    let mut s = at_night(situation(&b, Phase::Rally, Side::Allied, vec![]), 2);
    s.starshells = vec![hex(&b, "I9")];
    s.irs = vec![hex(&b, "D6")];
    let gone = illumination_removed(&s, Phase::CloseCombat);
    let what: Vec<(SourceKind, &str)> = gone.iter().map(|r| (r.kind, r.rule)).collect();
    assert_eq!(
        what,
        vec![
            (SourceKind::Ir, "E1.923"),
            (SourceKind::Starshell, "E1.923")
        ]
    );
    assert!(
        gone[1].text.starts_with("Starshell in I9 removed: "),
        "{}",
        gone[1].text
    );
    assert!(illumination_removed(&s, Phase::Movement).is_empty());
}

fn cave_smoke(b: &Board, cave: &str, kind: SmokeKind, placed_in: u32) -> Smoke {
    Smoke {
        at: loc(b, &format!("cave:{cave}")),
        kind,
        dispersed: false,
        placed_in,
    }
}

#[test]
fn g11_851_ex_wp_removed_from_cave_a_rises_and_reveals_g_and_m() {
    let b = cliff();
    let mut s = situation(&b, Phase::Rally, Side::Allied, vec![]);
    s.hidden_caves = vec!["G".into(), "M".into()];
    let r = cave_smoke_removed_now(&s, &cave_smoke(&b, "A", SmokeKind::WpGrenade, 1)).unwrap();
    assert_eq!((r.cave.as_str(), r.rule), ("A", "G11.85"));
    assert!(
        r.text.starts_with("WP grenades in cave A removed: "),
        "{}",
        r.text
    );
    assert_eq!(r.reveal.unwrap().caves, vec!["G", "M"]);
    // SMOKE grenades reveal nothing.
    let r = cave_smoke_removed_now(&s, &cave_smoke(&b, "A", SmokeKind::Grenade, 1)).unwrap();
    assert_eq!(r.reveal, None);
}

#[test]
fn g11_85_only_smoke_placed_in_a_cave_in_play_goes_at_the_end_of_its_player_turn() {
    let b = cliff();
    let s = situation(&b, Phase::Rally, Side::Allied, vec![]);
    // Set up with the scenario, or placed in a later Player Turn: it stays.
    assert_eq!(
        cave_smoke_removed_now(&s, &cave_smoke(&b, "A", SmokeKind::Grenade, 0)),
        None
    );
    assert_eq!(
        cave_smoke_removed_now(&s, &cave_smoke(&b, "A", SmokeKind::Grenade, 2)),
        None
    );
    let above = Smoke {
        at: Location::Ground(hex(&b, "S4")),
        kind: SmokeKind::Grenade,
        dispersed: false,
        placed_in: 1,
    };
    // Above ground, grenade SMOKE goes too, by A24.1 (not G11.85).
    assert_eq!(cave_smoke_removed_now(&s, &above).unwrap().rule, "A24.1");
}

#[test]
fn a24_1_grenade_smoke_outside_caves_goes_at_the_end_of_the_player_turn_it_was_placed_in() {
    let b = cliff();
    let s = situation(&b, Phase::Rally, Side::Allied, vec![]);
    let at = |kind, placed_in| Smoke {
        at: Location::Ground(hex(&b, "S4")),
        kind,
        dispersed: false,
        placed_in,
    };
    for kind in [SmokeKind::Grenade, SmokeKind::WpGrenade] {
        let r = grenade_smoke_removed_now(&s, &at(kind, 1)).expect("placed in this Player Turn");
        assert_eq!(r.rule, "A24.1");
        assert!(r.text.contains(" in S4 removed: "), "{}", r.text);
        assert_eq!(r.reveal, None, "WP rises only out of a cave (G11.851)");
        // Set up with the scenario, or placed in a later Player Turn: it stays.
        assert_eq!(grenade_smoke_removed_now(&s, &at(kind, 0)), None);
        assert_eq!(grenade_smoke_removed_now(&s, &at(kind, 2)), None);
    }
    // Ordnance SMOKE and WP are not grenades (their dispersal, A24.6, is not modelled).
    assert_eq!(
        grenade_smoke_removed_now(&s, &at(SmokeKind::Smoke, 1)),
        None
    );
    assert_eq!(
        grenade_smoke_removed_now(&s, &at(SmokeKind::WhitePhosphorus, 1)),
        None
    );
    // A cave's SMOKE is G11.85's.
    assert_eq!(
        grenade_smoke_removed_now(&s, &cave_smoke(&b, "A", SmokeKind::Grenade, 1)),
        None
    );
}

#[test]
fn g1_425_a_t_h_hero_who_made_no_attack_goes_at_the_end_of_his_player_turn() {
    let b = cliff();
    let hero = |id: &str, created_in: u32, attacked: bool| {
        let mut h = unit(
            &b,
            id,
            asl_pto_core::counters::Nationality::Japanese,
            "T-H Hero",
            "S4",
        );
        h.unit.hero = Some(Hero {
            target: "us2".into(),
            created_in,
            attacked,
        });
        h
    };
    let s = situation(
        &b,
        Phase::CloseCombat,
        Side::Japanese,
        vec![
            hero("a.hero", 1, false),
            hero("b.hero", 1, true),
            hero("c.hero", 0, false),
        ],
    );
    let gone = heroes_removed(&s);
    let ids: Vec<&str> = gone.iter().map(|(id, _)| id.as_str()).collect();
    // c.hero, kept from an earlier Player Turn and in Melee no more, goes too.
    assert_eq!(ids, vec!["a.hero", "c.hero"]);
    assert!(gone.iter().all(|(_, c)| c.rule == "G1.425"));
}

#[test]
fn g1_425_a_t_h_hero_in_melee_stays_until_he_is_no_longer_in_melee() {
    let b = cliff();
    let mut hero = unit(
        &b,
        "jp1.hero",
        asl_pto_core::counters::Nationality::Japanese,
        "T-H Hero",
        "S4",
    );
    hero.unit.hero = Some(Hero {
        target: "us2".into(),
        created_in: 1,
        attacked: false,
    });
    let us2 = unit(
        &b,
        "us2",
        asl_pto_core::counters::Nationality::American,
        "7-6-8",
        "S4",
    );
    let s = situation(
        &b,
        Phase::CloseCombat,
        Side::Japanese,
        vec![hero.clone(), us2],
    );
    assert!(heroes_removed(&s).is_empty(), "in Melee: he stays");
    // A later Player Turn: still in Melee he stays; out of it he goes at once.
    let mut later = s.state.clone();
    later.turn.number = 2;
    assert!(heroes_out_of_melee(&later.situation(&crate::board::setting(&b))).is_empty());
    later.units.retain(|u| u.unit.id != "us2");
    let gone = heroes_out_of_melee(&later.situation(&crate::board::setting(&b)));
    assert_eq!(gone.len(), 1);
    assert_eq!((gone[0].0.as_str(), gone[0].1.rule), ("jp1.hero", "G1.425"));
}

#[test]
fn e1_9_g11_96_light_marks_by_night_and_none_by_day() {
    let b = cliff();
    let star = [Source {
        kind: SourceKind::Starshell,
        hex: hex(&b, "S4"),
        levels: 0,
    }];
    let night = light_marks(&b.map, &star, true);
    assert_eq!(
        night.lit_by(hex(&b, "S5")),
        Some((SourceKind::Starshell, "E1.923"))
    );
    assert_eq!(night.lit_by(hex(&b, "A1")), None);
    // The Starshell lights S5 and S4 above ground, not cave A (E1.923)...
    assert_eq!(night.cave(b.caves.cave("A").unwrap()), None);
    // ...a Blaze in S5 lights S5 at all levels and S4 beside it: cave A is lit (G11.96).
    let blaze = [Source {
        kind: SourceKind::Blaze,
        hex: hex(&b, "S5"),
        levels: 1,
    }];
    let fire = light_marks(&b.map, &blaze, true);
    assert_eq!(fire.cave(b.caves.cave("A").unwrap()), Some("G11.96"));
    let day = light_marks(&b.map, &star, false);
    assert_eq!(day.lit_by(hex(&b, "S5")), None);
    assert_eq!(day.cave(b.caves.cave("A").unwrap()), None);
}

#[test]
fn e1_32_a_japanese_squad_in_a_cave_sees_through_its_ca_no_question_mark_gained_before_it() {
    // The assault's cliff at night (NVR 3): us1 in R3's jungle, two hexes from cave A's mouth,
    // which its Japanese squad sees through (G11.5: cave A -> R3 clear). The cave squad is a
    // Good Order enemy ground unit with a LOS to us1: us1 gains no "?" (E1.32). Out of the
    // cave's LOS (Q3: blocked, G11.12) it does.
    let b = crate::board::board_of(&crate::scenarios::demo("assault"));
    let at = |us_at: &str| {
        at_night(
            situation(
                &b,
                Phase::CloseCombat,
                Side::Allied,
                vec![us(&b, "us1", us_at), jp(&b, "jp1", "cave:A")],
            ),
            3,
        )
    };
    let gained = |s: &Situation| -> Vec<String> {
        night_concealment(s)
            .into_iter()
            .map(|g| g.unit)
            .filter(|u| u == "us1")
            .collect()
    };
    assert!(gained(&at("R3")).is_empty(), "seen from cave A");
    assert_eq!(gained(&at("Q3")), ["us1"]);
}

/// E1.923 / E1.933: a Starshell or IR Illuminates "all non-subterranean and non-interior
/// building Locations" within its radius: on a plain with a stone building over E4, E5, E6,
/// D4, D5, F4 and F5 (E5's six neighbours all building hexes), a Starshell in G6 lights D5 and
/// E4 but not the interior E5; a Blaze's light is not so limited.
#[test]
fn e1_923_a_starshell_does_not_light_an_interior_building_hex() {
    use asl_pto_core::map::{BuildingKind, Terrain};
    let mut b = crate::board::plain();
    for h in ["E4", "E5", "E6", "D4", "D5", "F4", "F5"] {
        let x = hex(&b, h);
        b.map.set_hex(
            x,
            None,
            Some(Terrain::Building(BuildingKind::Stone, 1)),
            None,
        );
    }
    let star = [Source {
        kind: SourceKind::Starshell,
        hex: hex(&b, "G6"),
        levels: 0,
    }];
    let night = light_marks(&b.map, &star, true);
    assert_eq!(night.lit_by(hex(&b, "E5")), None);
    assert!(night.lit_by(hex(&b, "E4")).is_some());
    assert!(night.lit_by(hex(&b, "D5")).is_some());
}
