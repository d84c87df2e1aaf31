//! A11.11's Close Combat Table and A11.4's Ambush dr modifiers, NOT FROM THE SEEDS: the part
//! of `assets/tables.ron` Close Combat reads (see the parent module for how the tables are
//! installed and corrected).

use serde::Deserialize;

/// A `#[serde(default = ..)]` of `true` (here and in the parent module's tables).
pub(super) fn default_true() -> bool {
    true
}

/// A11.11 Close Combat Table, NOT FROM THE SEEDS: per odds column (attack FP : defence FP,
/// lowest first) its Kill Number, and `below` for odds below the lowest column; a Final DR
/// below it eliminates the target, equal to it is a Casualty Reduction. Hand-to-Hand CC
/// (J2.31; G1.64 makes Japanese CC it) uses the red Kill Number: the black one plus
/// `hand_to_hand_kill`. An older file's `hand_to_hand_shift` (columns to the right, the
/// program's old reading) is still honoured where it gives no `hand_to_hand_kill`. A11.14-A11.19
/// and A7.8: a SMC attacks and defends with `smc_fp` FP; an attack vs units that are all broken
/// adds `vs_broken_drm`. A11.4: what a side's Ambush dr adds besides Stealthy and Lax
/// (`ambush`).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct CcTable {
    #[serde(default)]
    pub below: i32,
    pub columns: Vec<CcColumn>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hand_to_hand_kill: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hand_to_hand_shift: Option<u8>,
    #[serde(default = "default_smc_fp")]
    pub smc_fp: u8,
    #[serde(default = "default_vs_broken_drm")]
    pub vs_broken_drm: i32,
    #[serde(default)]
    pub ambush: AmbushDrm,
}

/// A11.4 Ambush dr modifiers, NOT FROM THE SEEDS (the LimboDancer ASL plan's ruling R29.9,
/// read against the eASLRB's A11.4): each applies once to a side's Ambush dr when any of its
/// units in the Location qualifies ("even if only a portion of a player's CC force is
/// qualified"): `broken` when one is broken, `pinned` when one is pinned, `berserk` when one is
/// berserk (who is Lax too, E1.533), `concealed` when one is concealed (a "?", or a Cloaking
/// counter at night, E1.4; the A11.4 chart's "-2 Concealed"), and, with `leadership`, the
/// leadership modifier of its best unpinned Good Order leader there unless he is alone or one
/// of them is berserk. Stealthy (-1)
/// and Lax (+1) are the seeds' (G1.6, E1.61-E1.63), each once too.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct AmbushDrm {
    #[serde(default = "default_ambush_status_drm")]
    pub broken: i32,
    #[serde(default = "default_ambush_status_drm")]
    pub pinned: i32,
    #[serde(default = "default_ambush_status_drm")]
    pub berserk: i32,
    #[serde(default = "default_true")]
    pub leadership: bool,
    /// A11.4: a side with a concealed (or, at night, Cloaked, E1.4) unit among its units there.
    #[serde(default = "default_ambush_concealed_drm")]
    pub concealed: i32,
}

fn default_ambush_status_drm() -> i32 {
    1
}

fn default_ambush_concealed_drm() -> i32 {
    -2
}

impl Default for AmbushDrm {
    fn default() -> AmbushDrm {
        AmbushDrm {
            broken: 1,
            pinned: 1,
            berserk: 1,
            leadership: true,
            concealed: -2,
        }
    }
}

fn default_smc_fp() -> u8 {
    1
}

fn default_vs_broken_drm() -> i32 {
    -2
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
            below: 0,
            columns: vec![
                col(1, 8, 1),
                col(1, 6, 2),
                col(1, 4, 3),
                col(1, 2, 4),
                col(1, 1, 5),
                col(3, 2, 6),
                col(2, 1, 7),
                col(3, 1, 8),
                col(4, 1, 9),
                col(6, 1, 10),
                col(8, 1, 11),
                col(10, 1, 12),
                col(11, 1, 13),
            ],
            hand_to_hand_kill: Some(2),
            hand_to_hand_shift: None,
            smc_fp: 1,
            vs_broken_drm: -2,
            ambush: AmbushDrm::default(),
        }
    }
}

/// The CC Table column an attack falls in: its odds as printed ("1-2", "below 1-8", "above
/// 10-1") and its Kill Number (red for Hand-to-Hand).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CcOdds {
    pub label: String,
    pub kill: i32,
}

impl CcTable {
    /// The column index an attack of `fp` vs `defence` FP attacks on: the highest whose odds
    /// do not exceed it (odds rounded down); `None` below the lowest; any attack vs no defence
    /// FP on the highest.
    pub fn column(&self, fp: f32, defence: f32) -> Option<usize> {
        if defence <= 0.0 {
            return self.columns.len().checked_sub(1);
        }
        self.columns
            .iter()
            .rposition(|c| fp * c.odds.1 as f32 >= defence * c.odds.0 as f32)
    }

    /// A11.11 / J2.31: the column and Kill Number of an attack of `fp` vs `defence` FP, the red
    /// Kill Number for Hand-to-Hand (black + `hand_to_hand_kill`, or an older file's shift).
    pub fn odds(&self, fp: f32, defence: f32, hand_to_hand: bool) -> CcOdds {
        let last = self.columns.len() - 1;
        let label = |i: usize| {
            let (a, d) = self.columns[i].odds;
            if i == last && i > 0 && (a, d) == (self.columns[i - 1].odds.0 + 1, 1) {
                format!("above {}-1", self.columns[i - 1].odds.0)
            } else {
                format!("{a}-{d}")
            }
        };
        let col = self.column(fp, defence);
        match (col, hand_to_hand) {
            (Some(i), true) if self.hand_to_hand_kill.is_none() => {
                let shift = usize::from(self.hand_to_hand_shift.unwrap_or(0));
                let j = (i + shift).min(last);
                CcOdds {
                    label: label(j),
                    kill: self.columns[j].kill,
                }
            }
            (Some(i), _) => CcOdds {
                label: label(i),
                kill: self.columns[i].kill + self.red(hand_to_hand),
            },
            (None, _) => CcOdds {
                label: format!(
                    "below {}-{}",
                    self.columns[0].odds.0, self.columns[0].odds.1
                ),
                kill: self.below + self.red(hand_to_hand),
            },
        }
    }

    /// What Hand-to-Hand adds to the Kill Number (the red number's difference).
    fn red(&self, hand_to_hand: bool) -> i32 {
        if !hand_to_hand {
            return 0;
        }
        match (self.hand_to_hand_kill, self.hand_to_hand_shift) {
            (Some(k), _) => k,
            (None, Some(_)) => 0,
            (None, None) => 2,
        }
    }
}
