//! The tables the rules lean on but our sources do not print — the A7 Infantry Fire Table, the
//! B11.41 Falling DR and the A17.11 Wound Severity dr — kept in one data file,
//! `assets/tables.ron`, every value marked there as NOT FROM THE SEEDS, so that a player can
//! check it against their own rulebook and correct it without rebuilding.
//!
//! The program installs the tables once at start (`install`), read from the file a player names
//! (or `assets/tables.ron` in the current folder); without one, the copy built into the program
//! (the same file at build time) is used. A bad file is an error with its line and column. The
//! rulings reach them through the game's `Setting` and `Situation` (`tables`), or as an
//! argument; a plan that rolls on a table carries the part it needs (an IFT column, a Falling
//! DR threshold, the Wound Severity dr).

use std::path::Path;
use std::sync::OnceLock;

use serde::Deserialize;

use crate::rules::ift::IftResult;

/// The built-in copy of `assets/tables.ron`.
pub const BUILTIN: &str = include_str!("../../../../assets/tables.ron");

/// One IFT column: its FP, and the result of each Final DR from `<= 0` upward.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct IftColumn {
    pub fp: u8,
    pub results: Vec<IftResult>,
}

/// A17.11 Wound Severity: the Final dr at or above which a wound is mortal, and the drm a man
/// who is already wounded adds.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct WoundSeverity {
    pub mortal_at_or_above: u8,
    pub already_wounded_drm: u8,
}

/// The most bytes read from a table file (the built-in one is a few KiB).
pub const MAX_TABLES: u64 = 1024 * 1024;

/// The tables (see the module doc).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename = "Tables", deny_unknown_fields)]
pub struct Tables {
    /// A7: the IFT, one column per FP, ascending.
    pub ift: Vec<IftColumn>,
    /// B11.41: the lowest Final Falling DR at which a Climber falls.
    pub falling_dr_falls_at: i32,
    /// A17.11: the Wound Severity dr.
    pub wound_severity: WoundSeverity,
    /// A26.2: the Casualty VP an eliminated unit grants its opponent (G1.65 excepts some
    /// Japanese units). A table file without it gets the built-in values.
    #[serde(default)]
    pub casualty_vp: CasualtyVp,
    /// A10.6: the DRM of a Rally attempt. A table file without it gets the built-in values.
    #[serde(default)]
    pub rally: RallyDrm,
    /// A11.11: the Close Combat Table. A table file without it gets the built-in one.
    #[serde(default)]
    pub close_combat: CcTable,
    /// A25.23: the Human Wave a Banzai Charge is (G1.5). A table file without it gets the
    /// built-in values.
    #[serde(default)]
    pub human_wave: HumanWave,
    /// A15: Heat of Battle. A table file without it gets the built-in values.
    #[serde(default)]
    pub heat_of_battle: HeatOfBattle,
}

/// A25.23 Human Wave, NOT FROM THE SEEDS (G1.5 says only that a Banzai Charge is one; G1.423
/// deducts one MF per MF a Banzai-Charging MMC has spent from a T-H Hero's eight, so its MMC
/// have eight too): each unit's MF in the Charge, and the raise of its Morale Level for the
/// rest of the Player Turn (unless broken; G1.423 denies it to a T-H Hero's own Charge).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct HumanWave {
    pub mf: u8,
    pub morale: i32,
}

impl Default for HumanWave {
    fn default() -> HumanWave {
        HumanWave { mf: 8, morale: 1 }
    }
}

/// A15 Heat of Battle, NOT FROM THE SEEDS beyond G1.62 and G11.97 (a Japanese unit's Final
/// HoB DR of 9 or more makes it berserk, or Battle Hardened in a pillbox or a cave): the
/// Original MC DR that causes Heat of Battle (A15.1), and what Battle Hardening adds to a unit's
/// Morale Level (A15.3). A Final HoB DR below `berserk_at_least` Battle Hardens the unit: A15.2's
/// Hero creation is not modelled (heroes other than T-H Heroes are not in our sources).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct HeatOfBattle {
    pub original_mc_dr: u8,
    pub berserk_at_least: i32,
    pub hardened_morale: i32,
}

impl Default for HeatOfBattle {
    fn default() -> HeatOfBattle {
        HeatOfBattle {
            original_mc_dr: 2,
            berserk_at_least: 9,
            hardened_morale: 1,
        }
    }
}

/// A11.11 Close Combat Table, NOT FROM THE SEEDS: per odds column (attack FP : defence FP,
/// lowest first) its Kill Number; a Final DR below it eliminates the target, equal to it is a
/// Casualty Reduction. Hand-to-Hand CC (J2.31; G1.64 makes Japanese CC it) attacks
/// `hand_to_hand_shift` columns to the right.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct CcTable {
    pub columns: Vec<CcColumn>,
    pub hand_to_hand_shift: u8,
}

/// One odds column of the CC Table: `odds` (attack, defence) and its Kill Number.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct CcColumn {
    pub odds: (u32, u32),
    pub kill: i32,
}

impl Default for CcTable {
    fn default() -> CcTable {
        let col = |a, d, kill| CcColumn { odds: (a, d), kill };
        CcTable {
            columns: vec![
                col(1, 8, 1),
                col(1, 6, 2),
                col(1, 4, 3),
                col(1, 3, 4),
                col(1, 2, 5),
                col(1, 1, 6),
                col(3, 2, 7),
                col(2, 1, 8),
                col(3, 1, 9),
                col(4, 1, 10),
                col(6, 1, 11),
                col(8, 1, 12),
                col(10, 1, 13),
            ],
            hand_to_hand_shift: 2,
        }
    }
}

impl CcTable {
    /// The column index an attack of `fp` vs `defence` FP attacks on: the highest whose odds
    /// do not exceed it (none below the lowest); any attack vs no defence FP on the highest.
    pub fn column(&self, fp: f32, defence: f32) -> Option<usize> {
        if defence <= 0.0 {
            return self.columns.len().checked_sub(1);
        }
        self.columns
            .iter()
            .rposition(|c| fp * c.odds.1 as f32 >= defence * c.odds.0 as f32)
    }
}

/// A10.6 Rally DRM, NOT FROM THE SEEDS: a self-rallying MMC's, a DM unit's, and Rally-Bonus
/// terrain's (a cave, G11.1; a Cave Complex, G11.2; woods and buildings, A10.61). An Original
/// 12 is a Casualty Reduction (A10.61): not a table value.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct RallyDrm {
    pub self_rally: i32,
    pub dm: i32,
    pub bonus_terrain: i32,
}

impl Default for RallyDrm {
    fn default() -> RallyDrm {
        RallyDrm {
            self_rally: 1,
            dm: 4,
            bonus_terrain: -1,
        }
    }
}

/// A26.2 Casualty VP per unit eliminated, NOT FROM THE SEEDS: a squad, a half-squad or crew, a
/// SMC (leader or hero).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct CasualtyVp {
    pub squad: u32,
    pub half_squad_or_crew: u32,
    pub smc: u32,
}

impl Default for CasualtyVp {
    fn default() -> CasualtyVp {
        CasualtyVp {
            squad: 2,
            half_squad_or_crew: 1,
            smc: 1,
        }
    }
}

/// A table file that cannot be used: where and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{file}{at}: {message}")]
pub struct TableError {
    pub file: String,
    /// `:line:col`, or empty.
    pub at: String,
    pub message: String,
}

static TABLES: OnceLock<Tables> = OnceLock::new();

impl Tables {
    /// Parses and checks a table file's text (`file` names it in errors).
    pub fn parse(text: &str, file: &str) -> Result<Tables, TableError> {
        let t: Tables = ron::from_str(text).map_err(|e| TableError {
            file: file.to_string(),
            at: format!(":{}:{}", e.span.start.line, e.span.start.col),
            message: e.code.to_string(),
        })?;
        let bad = |message: String| TableError {
            file: file.to_string(),
            at: String::new(),
            message,
        };
        if t.ift.is_empty() {
            return Err(bad("the IFT has no columns".into()));
        }
        for w in t.ift.windows(2) {
            if w[0].fp >= w[1].fp {
                return Err(bad(format!(
                    "IFT columns must rise in FP: {} then {}",
                    w[0].fp, w[1].fp
                )));
            }
        }
        if let Some(c) = t.ift.iter().find(|c| c.results.is_empty()) {
            return Err(bad(format!("IFT column {} has no results", c.fp)));
        }
        if !t.ift.iter().any(|c| c.fp == 30) {
            return Err(bad(
                "the IFT needs its 30-FP column (a DC attacks on it, A23)".into(),
            ));
        }
        if !(2..=13).contains(&t.falling_dr_falls_at) {
            return Err(bad(format!(
                "falling_dr_falls_at {} is not a DR (2..13)",
                t.falling_dr_falls_at
            )));
        }
        let w = t.wound_severity;
        if !(1..=7).contains(&w.mortal_at_or_above) || w.already_wounded_drm > 6 {
            return Err(bad(format!(
                "wound_severity ({}, {}) is not a dr threshold 1..7 and a drm 0..6",
                w.mortal_at_or_above, w.already_wounded_drm
            )));
        }
        let v = t.casualty_vp;
        if v.squad > 20 || v.half_squad_or_crew > 20 || v.smc > 20 {
            return Err(bad(format!(
                "casualty_vp ({}, {}, {}) is not a VP value 0..20 each (A26.2)",
                v.squad, v.half_squad_or_crew, v.smc
            )));
        }
        let cc = &t.close_combat;
        if cc.columns.is_empty()
            || cc
                .columns
                .iter()
                .any(|c| !(1..=1000).contains(&c.odds.0) || !(1..=1000).contains(&c.odds.1))
            || cc.columns.iter().any(|c| !(0..=20).contains(&c.kill))
            || cc.columns.windows(2).any(|w| {
                u64::from(w[0].odds.0) * u64::from(w[1].odds.1)
                    >= u64::from(w[1].odds.0) * u64::from(w[0].odds.1)
            })
            || cc.hand_to_hand_shift > 6
        {
            return Err(bad(
                "close_combat: columns must rise in odds, each odds two whole numbers 1..1000 and a \
                 Kill Number 0..20, and hand_to_hand_shift 0..6 (A11.11, J2.31)"
                    .into(),
            ));
        }
        let hw = t.human_wave;
        if !(1..=20).contains(&hw.mf) || !(0..=3).contains(&hw.morale) {
            return Err(bad(format!(
                "human_wave (mf {}, morale {}) is not MF 1..20 and a Morale raise 0..3 (A25.23)",
                hw.mf, hw.morale
            )));
        }
        let h = t.heat_of_battle;
        if !(2..=12).contains(&h.original_mc_dr)
            || !(2..=13).contains(&h.berserk_at_least)
            || !(0..=3).contains(&h.hardened_morale)
        {
            return Err(bad(format!(
                "heat_of_battle ({}, {}, {}) is not an Original DR 2..12, a Final DR 2..13 and a \
                 Morale raise 0..3 (A15)",
                h.original_mc_dr, h.berserk_at_least, h.hardened_morale
            )));
        }
        let r = t.rally;
        if [r.self_rally, r.dm, r.bonus_terrain]
            .iter()
            .any(|d| !(-6..=6).contains(d))
        {
            return Err(bad(format!(
                "rally ({}, {}, {}) is not three DRM of -6..6 (A10.6)",
                r.self_rally, r.dm, r.bonus_terrain
            )));
        }
        Ok(t)
    }

    /// Reads and checks a table file (at most `MAX_TABLES` bytes).
    pub fn load(path: &Path) -> Result<Tables, TableError> {
        let file = path.display().to_string();
        let bytes = crate::files::read_capped(path, MAX_TABLES, "a table file").map_err(|e| {
            TableError {
                file: file.clone(),
                at: String::new(),
                message: format!("cannot read the table file: {e}"),
            }
        })?;
        let text = String::from_utf8(bytes).map_err(|_| TableError {
            file: file.clone(),
            at: String::new(),
            message: "the table file is not UTF-8 text".into(),
        })?;
        Tables::parse(&text, &file)
    }

    /// The built-in tables.
    pub fn builtin() -> Tables {
        Tables::parse(BUILTIN, "assets/tables.ron").expect("the built-in tables are valid")
    }

    /// The tables installed for this run at start (else the built-in ones): read only where a
    /// game's setting is made (`state::Setting::tables`); the rulings take them from the
    /// setting, the situation or their plan, never from here.
    pub fn get() -> &'static Tables {
        TABLES.get_or_init(Tables::builtin)
    }

    /// The IFT column for `fp` FP: the highest column not above it (A7), the lowest if none.
    pub fn ift_column(&self, fp: u32) -> &IftColumn {
        self.ift
            .iter()
            .rev()
            .find(|c| u32::from(c.fp) <= fp)
            .unwrap_or(&self.ift[0])
    }

    /// A7: the result of a Final DR on the `fp` column.
    pub fn ift(&self, fp: u32, final_dr: i32) -> IftResult {
        self.ift_column(fp).result(final_dr)
    }
}

impl IftColumn {
    /// A7: the result of a Final DR on this column (`<= 0` the first row; past the last, no
    /// effect).
    pub fn result(&self, final_dr: i32) -> IftResult {
        let row = final_dr.max(0) as usize;
        self.results
            .get(row)
            .copied()
            .unwrap_or(IftResult::NoEffect)
    }
}

/// Installs the tables for the rest of the run; `false` if tables were already in use (they
/// are then left as they were).
pub fn install(t: Tables) -> bool {
    TABLES.set(t).is_ok()
}

/// The tables a run should use: the file named by `ASL_PTO_TABLES`, else `assets/tables.ron`
/// in the current folder when there is one, else the built-in copy (`Ok(None)`).
pub fn find_and_load() -> Result<Option<Tables>, TableError> {
    if let Some(p) = std::env::var_os("ASL_PTO_TABLES") {
        return Tables::load(Path::new(&p)).map(Some);
    }
    let local = Path::new("assets/tables.ron");
    if local.is_file() {
        return Tables::load(local).map(Some);
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a7_the_builtin_30_fp_column_is_the_dc_column() {
        let t = Tables::builtin();
        assert_eq!(t.ift(30, 0), IftResult::Kia(5));
        assert_eq!(t.ift(30, -3), IftResult::Kia(5));
        assert_eq!(t.ift(30, 5), IftResult::K(4));
        assert_eq!(t.ift(30, 12), IftResult::Nmc);
        assert_eq!(t.ift(30, 13), IftResult::Ptc);
        assert_eq!(t.ift(30, 14), IftResult::NoEffect);
        // A column between two printed ones reads the lower (A7).
        assert_eq!(t.ift_column(29).fp, 24);
        assert_eq!(t.ift_column(40).fp, 36);
    }

    #[test]
    fn a7_each_builtin_ift_column_differs_and_runs_one_row_later_than_the_one_before() {
        let t = Tables::builtin();
        let row = |fp: u8, r: IftResult| {
            let c = t.ift.iter().find(|c| c.fp == fp).unwrap();
            c.results.iter().position(|x| *x == r)
        };
        let fps: Vec<u8> = t.ift.iter().map(|c| c.fp).collect();
        assert_eq!(fps, vec![1, 2, 4, 6, 8, 12, 16, 20, 24, 30, 36]);
        for (i, fp) in fps.iter().enumerate() {
            // The NMC row: DR 3 on the 1 column, one row later per column; the PTC below it.
            assert_eq!(row(*fp, IftResult::Nmc), Some(i + 3), "{fp} FP");
            assert_eq!(row(*fp, IftResult::Ptc), Some(i + 4), "{fp} FP");
        }
        for w in t.ift.windows(2) {
            assert_ne!(w[0].results, w[1].results, "{} and {} FP", w[0].fp, w[1].fp);
        }
        // The example: 8 FP at DR 7 is a NMC, not a PTC.
        assert_eq!(t.ift(8, 7), IftResult::Nmc);
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
    }
}
