//! The tables' own tests: the built-in IFT and CC Table are the published ones cell for cell,
//! an older file loads with the built-in values it lacks, A15's bands, and a bad file is an
//! error with its line and column.

use super::*;
use IftResult::{K, Kia, Mc, Nmc, Ptc};

#[test]
fn a7_the_builtin_ift_is_the_published_table_cell_for_cell() {
    // asl-facts.md's table (four public statements agree), by Final DR from <= 0.
    let published: [(u8, &[IftResult]); 11] = [
        (1, &[Kia(1), K(1), Mc(1), Mc(1), Nmc, Ptc]),
        (2, &[Kia(2), Kia(1), K(1), Mc(1), Mc(1), Nmc, Ptc]),
        (4, &[Kia(2), Kia(1), K(2), Mc(2), Mc(1), Mc(1), Nmc, Ptc]),
        (
            6,
            &[Kia(3), Kia(2), Kia(1), K(2), Mc(2), Mc(1), Mc(1), Nmc, Ptc],
        ),
        (
            8,
            &[
                Kia(3),
                Kia(2),
                Kia(1),
                K(2),
                Mc(2),
                Mc(2),
                Mc(1),
                Mc(1),
                Nmc,
                Ptc,
            ],
        ),
        (
            12,
            &[
                Kia(3),
                Kia(2),
                Kia(1),
                K(3),
                Mc(3),
                Mc(2),
                Mc(2),
                Mc(1),
                Mc(1),
                Nmc,
                Ptc,
            ],
        ),
        (
            16,
            &[
                Kia(4),
                Kia(3),
                Kia(2),
                Kia(1),
                K(3),
                Mc(3),
                Mc(2),
                Mc(2),
                Mc(1),
                Mc(1),
                Nmc,
                Ptc,
            ],
        ),
        (
            20,
            &[
                Kia(4),
                Kia(3),
                Kia(2),
                Kia(1),
                K(4),
                Mc(4),
                Mc(3),
                Mc(2),
                Mc(2),
                Mc(1),
                Mc(1),
                Nmc,
                Ptc,
            ],
        ),
        (
            24,
            &[
                Kia(5),
                Kia(4),
                Kia(3),
                Kia(2),
                Kia(1),
                K(4),
                Mc(4),
                Mc(3),
                Mc(2),
                Mc(2),
                Mc(1),
                Mc(1),
                Nmc,
                Ptc,
            ],
        ),
        (
            30,
            &[
                Kia(6),
                Kia(5),
                Kia(4),
                Kia(3),
                Kia(2),
                Kia(1),
                K(4),
                Mc(4),
                Mc(3),
                Mc(2),
                Mc(2),
                Mc(1),
                Mc(1),
                Nmc,
                Ptc,
            ],
        ),
        (
            36,
            &[
                Kia(7),
                Kia(6),
                Kia(5),
                Kia(4),
                Kia(3),
                Kia(2),
                Kia(1),
                K(4),
                Mc(4),
                Mc(3),
                Mc(2),
                Mc(2),
                Mc(1),
                Mc(1),
                Nmc,
                Ptc,
            ],
        ),
    ];
    let t = Tables::builtin();
    assert_eq!(t.ift.len(), published.len());
    for (fp, row) in published {
        for (dr, r) in row.iter().enumerate() {
            assert_eq!(t.ift(u32::from(fp), dr as i32), *r, "{fp} FP at DR {dr}");
        }
        // Past a column's last entry, no effect; the 15+ row runs on (36 FP).
        let past = t.ift(u32::from(fp), row.len() as i32 + 1);
        if row.len() > IFT_LAST_ROW {
            assert_eq!(past, Ptc, "{fp} FP past 15");
        } else {
            assert_eq!(past, IftResult::NoEffect, "{fp} FP past its last row");
        }
    }
    assert_eq!(t.ift(30, -3), Kia(6));
    // The issue's example: a DC's 30 FP at Final DR 4 is 2KIA.
    assert_eq!(t.ift(30, 4), Kia(2));
    // A column between two printed ones reads the lower (A7).
    assert_eq!(t.ift_column(29).fp, 24);
    assert_eq!(t.ift_column(40).fp, 36);
}

#[test]
fn a11_11_the_builtin_cc_table_is_the_published_one() {
    let cc = Tables::builtin().close_combat;
    let kill = |a: f32, d: f32| cc.odds(a, d, false);
    // Rounded down to the highest column reached; no 1-3 column.
    assert_eq!(kill(1.0, 9.0).kill, 0);
    assert_eq!(kill(1.0, 9.0).label, "below 1-8");
    assert_eq!(kill(1.0, 8.0).kill, 1);
    assert_eq!(kill(1.0, 6.0).kill, 2);
    assert_eq!(kill(1.0, 3.0).kill, 3, "1-3 falls in 1-4");
    assert_eq!(kill(1.0, 2.0).kill, 4);
    assert_eq!(kill(4.0, 4.0).kill, 5);
    assert_eq!(kill(7.0, 4.0).kill, 6);
    assert_eq!(kill(2.0, 1.0).kill, 7);
    assert_eq!(kill(3.0, 1.0).kill, 8);
    assert_eq!(kill(4.0, 1.0).kill, 9);
    assert_eq!(kill(6.0, 1.0).kill, 10);
    assert_eq!(kill(8.0, 1.0).kill, 11);
    assert_eq!(kill(10.0, 1.0).kill, 12);
    assert_eq!(kill(10.5, 1.0).kill, 12);
    assert_eq!(kill(11.0, 1.0).kill, 13);
    assert_eq!(kill(11.0, 1.0).label, "above 10-1");
    // Hand-to-Hand: the red number, black + 2, in every column.
    assert_eq!(cc.odds(10.0, 1.0, true).kill, 14);
    assert_eq!(cc.odds(1.0, 1.0, true).kill, 7);
    assert_eq!(cc.odds(1.0, 9.0, true).kill, 2);
}

#[test]
fn an_older_tables_file_loads_with_the_built_in_values_it_lacks() {
    // The file as the program shipped it before: no first_fire, rout_mf, morale_ceiling,
    // no HoB bands, casualty_vp with half_squad_or_crew/smc, CC with a shift.
    let old = r#"Tables(
        ift: [(fp: 30, results: [Kia(5), K(4)])],
        falling_dr_falls_at: 12,
        wound_severity: (mortal_at_or_above: 5, already_wounded_drm: 1),
        casualty_vp: (squad: 2, half_squad_or_crew: 1, smc: 1),
        rally: (self_rally: 1, dm: 4, bonus_terrain: -1),
        close_combat: (columns: [(odds: (1, 1), kill: 6), (odds: (2, 1), kill: 8)],
            hand_to_hand_shift: 1),
        heat_of_battle: (original_mc_dr: 2, berserk_at_least: 9, hardened_morale: 1),
    )"#;
    let t = Tables::parse(old, "old.ron").expect("an older file loads");
    let b = Tables::builtin();
    assert_eq!(t.first_fire, b.first_fire);
    assert_eq!(t.rout_mf, 6);
    assert_eq!(t.morale_ceiling, 10);
    assert_eq!(t.stacking_limit, 3);
    assert_eq!(t.smoke_grenade_mf, (1, 2));
    assert_eq!(t.casualty_vp.crew, 2);
    assert_eq!(t.casualty_vp.half_squad, 1);
    assert_eq!(t.heat_of_battle.hero_at_most, 6);
    // Its own CC values are kept: a shift of one column for Hand-to-Hand.
    assert_eq!(t.close_combat.odds(1.0, 1.0, true).kill, 8);
}

#[test]
fn a15_heat_of_battle_bands() {
    let h = Tables::builtin().heat_of_battle;
    let b = |dr| h.band(dr);
    assert!(b(4).hero && !b(4).hardened);
    assert!(b(5).hero && b(5).hardened);
    assert!(b(6).hero && b(6).hardened);
    assert!(!b(7).hero && b(7).hardened && !b(7).berserk);
    assert!(b(8).hardened);
    assert!(b(9).berserk && !b(9).hardened);
    assert!(b(11).berserk);
    assert!(b(12).surrender && !b(12).berserk);
}

#[test]
fn a_bad_table_file_is_an_error_with_line_and_column() {
    let e = Tables::parse("Tables(ift: [], falling_dr_falls_at: 12,", "t.ron").unwrap_err();
    assert!(e.to_string().starts_with("t.ron:1:"), "{e}");
    let text = BUILTIN.replace("falling_dr_falls_at: 12", "falling_dr_falls_at: 40");
    let e = Tables::parse(&text, "t.ron").unwrap_err();
    assert!(e.to_string().contains("falling_dr_falls_at 40"), "{e}");
    let text = BUILTIN.replace("(fp: 30,", "(fp: 31,");
    assert!(Tables::parse(&text, "t.ron").is_err());
    let text = BUILTIN.replace("rout_mf: 6", "rout_mf: 0");
    assert!(Tables::parse(&text, "t.ron").is_err());
}
