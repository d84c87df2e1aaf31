//! The tables and values the rules lean on but our sources do not print — chapter A's
//! Infantry Fire Table (A7), First Fire DRM (A8.1), Close Combat Table (A11.11), Rally DRM
//! (A10.6), rout MF (A10.5), Morale Level ceiling (A.18), Heat of Battle (A15), Human Wave
//! (A25.23) and Casualty VP (A26.2), the B11.41 Falling DR and the A17.11 Wound Severity dr —
//! kept in one data file, `assets/tables.ron`, every value marked there as NOT FROM THE SEEDS
//! with its A rule and the public sources that state it (docs/asl-facts.md), so that a player
//! can check it against their own rulebook and correct it without rebuilding.
//!
//! The program installs the tables once at start (`install`), read from the file a player names
//! (or `assets/tables.ron` in the current folder); without one, the copy built into the program
//! (the same file at build time) is used. A bad file is an error with its line and column. The
//! rulings reach them through the game's `Setting` and `Situation` (`tables`), or as an
//! argument; a plan that rolls on a table carries the part it needs (an IFT column, a Falling
//! DR threshold, the Wound Severity dr).

use std::path::Path;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

mod cc;

use cc::default_true;
pub use cc::{AmbushDrm, CcColumn, CcOdds, CcTable};

/// An IFT result (asl-facts.md "Fire").
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum IftResult {
    /// `#KIA`: # units eliminated by Random Selection, the others break (A7.301).
    Kia(u8),
    /// `K/#`: one unit Casualty Reduced by Random Selection (each tied at the highest dr,
    /// A.9), then every unit takes a #MC (A7.302).
    K(u8),
    /// `#MC`: every unit takes a Morale Check with +# DRM.
    Mc(u8),
    /// NMC.
    Nmc,
    /// Pin Task Check.
    Ptc,
    /// No effect.
    NoEffect,
}

/// The built-in copy of `assets/tables.ron`.
pub const BUILTIN: &str = include_str!("../../../../../assets/tables.ron");

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

/// A7: the IFT's last row, 15+: a column with a result on it has that result for every higher
/// Final DR.
pub const IFT_LAST_ROW: usize = 15;

/// The most bytes read from a table file (the built-in one is a few KiB).
pub const MAX_TABLES: u64 = 1024 * 1024;

/// The tables (see the module doc).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename = "Tables", deny_unknown_fields)]
pub struct Tables {
    /// A7: the IFT, one column per FP, ascending.
    pub ift: Vec<IftColumn>,
    /// A8.1: the First Fire DRM vs a moving unit (FFNAM, FFMO). A table file without it gets
    /// the built-in values.
    #[serde(default)]
    pub first_fire: FirstFireDrm,
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
    /// A10.5: the MF every routing unit has.
    #[serde(default = "default_rout_mf")]
    pub rout_mf: u8,
    /// A.18: no Morale Level exceeds it.
    #[serde(default = "default_morale_ceiling")]
    pub morale_ceiling: i32,
    /// A5.1: the squad-equivalents each side stacks in a Location without penalty.
    #[serde(default = "default_stacking_limit")]
    pub stacking_limit: u8,
    /// A24.1: the MF SMOKE grenades cost placed in the unit's own Location, and in an ADJACENT
    /// one.
    #[serde(default = "default_smoke_grenade_mf")]
    pub smoke_grenade_mf: (u8, u8),
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
    /// A10.3: an already broken unit that fails a MC is Casualty Reduced (`true`), rather than
    /// staying as it is. A table file without it gets the built-in value.
    #[serde(default = "default_true")]
    pub broken_failure_reduces: bool,
}

fn default_rout_mf() -> u8 {
    6
}

fn default_morale_ceiling() -> i32 {
    10
}

fn default_stacking_limit() -> u8 {
    3
}

fn default_smoke_grenade_mf() -> (u8, u8) {
    (1, 2)
}

/// A8.1 First Fire DRM vs a unit moving in the MPh, NOT FROM THE SEEDS: FFNAM (First Fire
/// Non-Assault Movement) vs a unit not using Assault Movement, FFMO (First Fire Movement in the
/// Open) vs one moving in Open Ground.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct FirstFireDrm {
    pub ffnam: i32,
    pub ffmo: i32,
}

impl Default for FirstFireDrm {
    fn default() -> FirstFireDrm {
        FirstFireDrm {
            ffnam: -1,
            ffmo: -1,
        }
    }
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

/// A15 Heat of Battle, NOT FROM THE SEEDS beyond G1.62 and G11.97: the Original MC DR that
/// causes it (A15.1) and the bands of the Final HoB DR: up to `hero_at_most` a Hero is created
/// (A15.2, not modelled), from `hardened_from` to below `berserk_at_least` the unit is Battle
/// Hardened (A15.3, its Morale Level raised by `hardened_morale`), from `berserk_at_least`
/// berserk (A15.4; G1.62), from `surrender_at_least` it Surrenders (A15.5), which is berserk
/// for the Japanese (G1.62) and under No Quarter (G1.621). An older file without the bands gets
/// the built-in ones.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct HeatOfBattle {
    pub original_mc_dr: u8,
    #[serde(default = "default_hero_at_most")]
    pub hero_at_most: i32,
    #[serde(default = "default_hardened_from")]
    pub hardened_from: i32,
    pub berserk_at_least: i32,
    #[serde(default = "default_surrender_at_least")]
    pub surrender_at_least: i32,
    pub hardened_morale: i32,
}

fn default_hero_at_most() -> i32 {
    6
}

fn default_hardened_from() -> i32 {
    5
}

fn default_surrender_at_least() -> i32 {
    12
}

impl Default for HeatOfBattle {
    fn default() -> HeatOfBattle {
        HeatOfBattle {
            original_mc_dr: 2,
            hero_at_most: 6,
            hardened_from: 5,
            berserk_at_least: 9,
            surrender_at_least: 12,
            hardened_morale: 1,
        }
    }
}

/// What a Final Heat of Battle DR makes of a unit (A15, the bands of `HeatOfBattle`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct HobBand {
    /// A15.2: a Hero is created (not modelled).
    pub hero: bool,
    /// A15.3: Battle Hardened.
    pub hardened: bool,
    /// A15.4: berserk.
    pub berserk: bool,
    /// A15.5: Surrender (berserk for the Japanese and under No Quarter).
    pub surrender: bool,
}

impl HeatOfBattle {
    /// A15: the band a Final HoB DR falls in.
    pub fn band(&self, final_dr: i32) -> HobBand {
        let surrender = final_dr >= self.surrender_at_least;
        let berserk = !surrender && final_dr >= self.berserk_at_least;
        HobBand {
            hero: final_dr <= self.hero_at_most,
            hardened: final_dr >= self.hardened_from && final_dr < self.berserk_at_least,
            berserk,
            surrender,
        }
    }
}

/// A10.6 Rally DRM, NOT FROM THE SEEDS: any unit rallying itself (a leader included), a DM
/// unit's, and Rally-Bonus terrain's (a cave, G11.1; a Cave Complex, G11.2; woods, jungle as
/// woods under G.1, and buildings, A10.61). An Original 12 is a Casualty Reduction (A10.61): not a table value.
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

/// A26.2 Casualty VP per unit eliminated, NOT FROM THE SEEDS: a squad, a half-squad, a crew, a
/// leader (plus `leader_per_modifier` per point of a negative leadership modifier), a hero. An
/// older file's `half_squad_or_crew` and `smc` give the half-squad's and the leader's and
/// hero's where the newer names are not given; what a file lacks gets the built-in value.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(from = "RawCasualtyVp")]
pub struct CasualtyVp {
    pub squad: u32,
    pub half_squad: u32,
    pub crew: u32,
    pub leader: u32,
    pub leader_per_modifier: u32,
    pub hero: u32,
}

/// `CasualtyVp` as a file writes it, older names included.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCasualtyVp {
    squad: Option<u32>,
    half_squad: Option<u32>,
    crew: Option<u32>,
    leader: Option<u32>,
    leader_per_modifier: Option<u32>,
    hero: Option<u32>,
    half_squad_or_crew: Option<u32>,
    smc: Option<u32>,
}

impl From<RawCasualtyVp> for CasualtyVp {
    fn from(r: RawCasualtyVp) -> CasualtyVp {
        let d = CasualtyVp::default();
        CasualtyVp {
            squad: r.squad.unwrap_or(d.squad),
            half_squad: r
                .half_squad
                .or(r.half_squad_or_crew)
                .unwrap_or(d.half_squad),
            crew: r.crew.unwrap_or(d.crew),
            leader: r.leader.or(r.smc).unwrap_or(d.leader),
            leader_per_modifier: r.leader_per_modifier.unwrap_or(d.leader_per_modifier),
            hero: r.hero.or(r.smc).unwrap_or(d.hero),
        }
    }
}

impl Default for CasualtyVp {
    fn default() -> CasualtyVp {
        CasualtyVp {
            squad: 2,
            half_squad: 1,
            crew: 2,
            leader: 1,
            leader_per_modifier: 1,
            hero: 1,
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
        // Optional values are written bare (`crew: 2`, not `crew: Some(2)`).
        let options = ron::Options::default()
            .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME);
        let t: Tables = options.from_str(text).map_err(|e| TableError {
            file: file.to_string(),
            at: format!(":{}:{}", e.span.start.line, e.span.start.col),
            message: e.code.to_string(),
        })?;
        t.check().map_err(|message| TableError {
            file: file.to_string(),
            at: String::new(),
            message,
        })?;
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
        // A UTF-8 byte-order mark (some Windows editors write one) is skipped, as in a
        // scenario or a save.
        Tables::parse(text.strip_prefix('\u{feff}').unwrap_or(&text), &file)
    }

    /// The checks a table file must pass (each value in its range, the IFT's and the CC
    /// Table's columns rising), what is wrong if one fails.
    fn check(&self) -> Result<(), String> {
        if self.ift.is_empty() {
            return Err("the IFT has no columns".into());
        }
        for w in self.ift.windows(2) {
            if w[0].fp >= w[1].fp {
                return Err(format!(
                    "IFT columns must rise in FP: {} then {}",
                    w[0].fp, w[1].fp
                ));
            }
        }
        if let Some(c) = self.ift.iter().find(|c| c.results.is_empty()) {
            return Err(format!("IFT column {} has no results", c.fp));
        }
        if !self.ift.iter().any(|c| c.fp == 30) {
            return Err("the IFT needs its 30-FP column (a DC attacks on it, A23)".into());
        }
        if !(2..=13).contains(&self.falling_dr_falls_at) {
            return Err(format!(
                "falling_dr_falls_at {} is not a DR (2..13)",
                self.falling_dr_falls_at
            ));
        }
        let w = self.wound_severity;
        if !(1..=7).contains(&w.mortal_at_or_above) || w.already_wounded_drm > 6 {
            return Err(format!(
                "wound_severity ({}, {}) is not a dr threshold 1..7 and a drm 0..6",
                w.mortal_at_or_above, w.already_wounded_drm
            ));
        }
        let v = self.casualty_vp;
        if [
            v.squad,
            v.half_squad,
            v.crew,
            v.leader,
            v.leader_per_modifier,
            v.hero,
        ]
        .iter()
        .any(|n| *n > 20)
        {
            return Err(format!(
                "casualty_vp {v:?} is not a VP value 0..20 each (A26.2)"
            ));
        }
        let cc = &self.close_combat;
        if cc.columns.is_empty()
            || cc
                .columns
                .iter()
                .any(|c| !(1..=1000).contains(&c.odds.0) || !(1..=1000).contains(&c.odds.1))
            || cc.columns.iter().any(|c| !(0..=20).contains(&c.kill))
            || !(0..=20).contains(&cc.below)
            || cc.columns.windows(2).any(|w| {
                u64::from(w[0].odds.0) * u64::from(w[1].odds.1)
                    >= u64::from(w[1].odds.0) * u64::from(w[0].odds.1)
            })
            || cc.hand_to_hand_shift.is_some_and(|n| n > 6)
            || cc.hand_to_hand_kill.is_some_and(|n| !(0..=6).contains(&n))
            || !(0..=6).contains(&cc.smc_fp)
            || !(-6..=6).contains(&cc.vs_broken_drm)
            || !(-6..=6).contains(&cc.ambush.broken)
            || !(-6..=6).contains(&cc.ambush.pinned)
            || !(-6..=6).contains(&cc.ambush.berserk)
            || !(-6..=6).contains(&cc.ambush.concealed)
        {
            return Err(
            "close_combat: columns must rise in odds, each odds two whole numbers 1..1000 and a \
             Kill Number 0..20 (below too), hand_to_hand_kill 0..6 (or an older file's \
             hand_to_hand_shift 0..6), smc_fp 0..6, vs_broken_drm -6..6 and ambush's broken, \
             pinned, berserk and concealed -6..6 (A11.11, A11.4, J2.31)"
                .into());
        }
        if !(1..=20).contains(&self.rout_mf) {
            return Err(format!("rout_mf {} is not MF 1..20 (A10.5)", self.rout_mf));
        }
        if !(1..=20).contains(&self.stacking_limit) {
            return Err(format!(
                "stacking_limit {} is not 1..20 squad-equivalents (A5.1)",
                self.stacking_limit
            ));
        }
        let (own, adjacent) = self.smoke_grenade_mf;
        if own > 20 || adjacent > 20 {
            return Err(format!(
                "smoke_grenade_mf ({own}, {adjacent}) is not MF 0..20 each (A24.1)"
            ));
        }
        if !(2..=20).contains(&self.morale_ceiling) {
            return Err(format!(
                "morale_ceiling {} is not a Morale Level 2..20 (A.18)",
                self.morale_ceiling
            ));
        }
        let ff = self.first_fire;
        if !(-6..=6).contains(&ff.ffnam) || !(-6..=6).contains(&ff.ffmo) {
            return Err(format!(
                "first_fire (ffnam {}, ffmo {}) is not two DRM of -6..6 (A8.1)",
                ff.ffnam, ff.ffmo
            ));
        }
        let hw = self.human_wave;
        if !(1..=20).contains(&hw.mf) || !(0..=3).contains(&hw.morale) {
            return Err(format!(
                "human_wave (mf {}, morale {}) is not MF 1..20 and a Morale raise 0..3 (A25.23)",
                hw.mf, hw.morale
            ));
        }
        let h = self.heat_of_battle;
        if !(2..=12).contains(&h.original_mc_dr)
            || !(2..=13).contains(&h.berserk_at_least)
            || !(0..=3).contains(&h.hardened_morale)
            || !(0..=13).contains(&h.hero_at_most)
            || !(2..=13).contains(&h.hardened_from)
            || !(h.berserk_at_least..=14).contains(&h.surrender_at_least)
        {
            return Err(format!(
                "heat_of_battle {h:?} is not an Original DR 2..12, Final DR bands 0..14 rising \
             (hero_at_most, hardened_from, berserk_at_least, surrender_at_least) and a Morale \
             raise 0..3 (A15)"
            ));
        }
        let r = self.rally;
        if [r.self_rally, r.dm, r.bonus_terrain]
            .iter()
            .any(|d| !(-6..=6).contains(d))
        {
            return Err(format!(
                "rally ({}, {}, {}) is not three DRM of -6..6 (A10.6)",
                r.self_rally, r.dm, r.bonus_terrain
            ));
        }
        Ok(())
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

    /// A7.9: the IFT column one below the column of `fp` FP, where an attack that Cowers is
    /// resolved; `None` when that column is the lowest (the attack has no effect at all).
    pub fn ift_column_below(&self, fp: u32) -> Option<&IftColumn> {
        let i = self
            .ift
            .iter()
            .rposition(|c| u32::from(c.fp) <= fp)
            .unwrap_or(0);
        i.checked_sub(1).and_then(|j| self.ift.get(j))
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
        column_result(&self.results, final_dr)
    }
}

/// A7: the result of a Final DR on a column's `results` (`IftColumn::result`).
pub fn column_result(results: &[IftResult], final_dr: i32) -> IftResult {
    let row = final_dr.max(0) as usize;
    match results.get(row) {
        Some(r) => *r,
        // The IFT's last row is 15+: a column that reaches it keeps its last result.
        None if results.len() > IFT_LAST_ROW => {
            results.last().copied().unwrap_or(IftResult::NoEffect)
        }
        None => IftResult::NoEffect,
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
    match crate::files::named_or_local("ASL_PTO_TABLES", "assets/tables.ron") {
        Ok(Some(p)) => Tables::load(&p).map(Some),
        Ok(None) => Ok(None),
        Err(message) => Err(TableError {
            file: "the environment".into(),
            at: String::new(),
            message,
        }),
    }
}

#[cfg(test)]
mod tests;
