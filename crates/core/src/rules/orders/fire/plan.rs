//! A Fire attack's plan (`FirePlan`: the firers' FP and its factors, the target, the Final DRM,
//! what firing reveals) and its outcome.

use crate::los::Location;
use crate::model::FireMark;
use crate::rules::Check;
use crate::rules::caves::attack::Drm;
use crate::rules::ift::IftResult;
use crate::rules::tables::IftColumn;

/// One FP change with its rule and why.
#[derive(Clone, Debug, PartialEq)]
pub struct FpFactor {
    pub factor: f32,
    pub rule: &'static str,
    pub reason: String,
}

/// What one unit brings to the attack.
#[derive(Clone, Debug, PartialEq)]
pub struct FirerFp {
    pub unit: String,
    /// Its printed FP.
    pub printed: u8,
    pub range: u32,
    pub factors: Vec<FpFactor>,
    pub fp: f32,
}

/// What firing does to a firer's concealment.
#[derive(Clone, Debug, PartialEq)]
pub struct Reveal {
    pub unit: String,
    /// Whether it keeps (or, from HIP, gains) "?".
    pub concealed_after: bool,
    /// The hidden cave it fired from, revealed with it (G11.3: its HIP loss places the Cave
    /// counter onboard).
    pub cave: Option<String>,
    pub rule: &'static str,
    pub reason: String,
}

/// A7.9 Cowering (NOT FROM THE SEEDS: the eASLRB's A7.9): an attack no leader directs, made
/// by a unit that is not exempt (every firer here is a MMC; a berserk one is exempt), is
/// resolved one IFT column lower when its IFT DR is an Original Doubles (on the lowest column,
/// with no effect at all); two columns lower with Inexperienced Personnel among the firers
/// (a Conscript, or a Green MMC with no Good Order leader in its Location, A19.33).
#[derive(Clone, Debug, PartialEq)]
pub struct Cowering {
    /// The column an attack that Cowers is resolved on (its FP and results); `None`: the
    /// attack's own column is the lowest, and Cowering leaves it no effect.
    pub column: Option<IftColumn>,
    pub rule: &'static str,
    pub reason: String,
}

/// A Fire attack, ready for its IFT DR.
#[derive(Clone, Debug, PartialEq)]
pub struct FirePlan {
    /// The units whose FP attacks, sorted.
    pub firers: Vec<String>,
    /// The leader directing them, if any.
    pub leader: Option<String>,
    pub target: Location,
    pub target_name: String,
    /// The fire counter every firer (and the leader) gets.
    pub mark: FireMark,
    pub fp: Vec<FirerFp>,
    pub total_fp: f32,
    /// The IFT column the total falls on (its FP), and its results (the tables', NOT FROM THE
    /// SEEDS).
    pub column: u32,
    pub ift: IftColumn,
    pub drm: Vec<Drm>,
    pub total_drm: i32,
    /// The units in the target Location the attack affects, sorted.
    pub targets: Vec<String>,
    /// The target Location holds an enemy unit (E1.55 reads it for its Gunflash).
    pub vs_enemy: bool,
    /// E1.8: the Locations marked by a Gunflash (the firers', at night), with why.
    pub gunflashes: Vec<Location>,
    pub gunflash: Option<Check>,
    /// Firers whose HIP, "?" or Cloaking the attack strips.
    pub reveals: Vec<Reveal>,
    /// G11.81 (for a cave target): why the attack affects the cave.
    pub cave: Option<Check>,
    /// A7.9: what an Original Doubles does to the attack (`None`: a leader directs it, or no
    /// firer is subject to Cowering).
    pub cowering: Option<Cowering>,
    /// The rule the IFT DR is rolled under.
    pub roll_rule: &'static str,
    /// A8.31 FPF: the firers (and the leader directing them) already marked Final Fire, each
    /// of which takes a NMC with the attack's Original IFT DR once it is resolved, sorted.
    pub fpf: Vec<String>,
}

/// What the IFT DR does.
#[derive(Clone, Debug, PartialEq)]
pub struct FireOutcome {
    pub final_dr: i32,
    pub result: IftResult,
    /// A7.9: the attack Cowered (an Original Doubles with no leader directing).
    pub cowered: bool,
    /// The attack as the log tells it.
    pub text: String,
}

impl FirePlan {
    /// A7 / A7.9: the IFT result of an Original DR `original_dr` (whether `doubles`) plus the
    /// DRM: on the attack's column, or, when it Cowers, on the column below (no effect below
    /// the lowest).
    pub fn result_for(&self, original_dr: i32, doubles: bool) -> IftResult {
        let final_dr = original_dr + self.total_drm;
        match (&self.cowering, doubles) {
            (Some(c), true) => c
                .column
                .as_ref()
                .map_or(IftResult::NoEffect, |col| col.result(final_dr)),
            _ => self.ift.result(final_dr),
        }
    }

    /// A7: the IFT DR (the `colored` and `white` dice) plus the DRM on the attack's column,
    /// one column lower when it Cowers (A7.9).
    pub fn resolve(&self, colored: u8, white: u8) -> FireOutcome {
        let original_dr = colored + white;
        let final_dr = i32::from(original_dr) + self.total_drm;
        let cowered = self.cowering.is_some() && colored == white;
        let result = self.result_for(i32::from(original_dr), colored == white);
        let fps: Vec<String> = self
            .fp
            .iter()
            .map(|f| {
                let why: Vec<String> = f
                    .factors
                    .iter()
                    .map(|x| format!("x{} {} ({})", x.factor, x.reason, x.rule))
                    .collect();
                if why.is_empty() {
                    format!("{} {} FP at range {}", f.unit, f.printed, f.range)
                } else {
                    format!(
                        "{} {} FP at range {}, {} = {}",
                        f.unit,
                        f.printed,
                        f.range,
                        why.join(", "),
                        f.fp
                    )
                }
            })
            .collect();
        let drms: Vec<String> = self
            .drm
            .iter()
            .map(|d| format!("{:+} {} ({})", d.drm, d.reason, d.rule))
            .collect();
        let cower = match (&self.cowering, cowered) {
            (Some(c), true) => format!(
                " ({}: {}; {})",
                c.rule,
                c.reason,
                c.column.as_ref().map_or(
                    "below the lowest column: no effect".to_string(),
                    |col| format!("resolved on the {} column", col.fp)
                )
            ),
            _ => String::new(),
        };
        let text = format!(
            "{} vs {}: {} = {} FP on the {} column; DRM [{}]; IFT DR {original_dr} {:+} = \
             {final_dr}{cower}: {}",
            self.mark.name(),
            self.target_name,
            fps.join("; "),
            self.total_fp,
            self.column,
            if drms.is_empty() {
                "none".to_string()
            } else {
                drms.join("; ")
            },
            self.total_drm,
            result.text()
        );
        FireOutcome {
            final_dr,
            result,
            cowered,
            text,
        }
    }
}
