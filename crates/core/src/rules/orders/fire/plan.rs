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
    /// The rule the IFT DR is rolled under.
    pub roll_rule: &'static str,
}

/// What the IFT DR does.
#[derive(Clone, Debug, PartialEq)]
pub struct FireOutcome {
    pub final_dr: i32,
    pub result: IftResult,
    /// The attack as the log tells it.
    pub text: String,
}

impl FirePlan {
    /// A7: the IFT DR (`original_dr`, the two dice) plus the DRM on the attack's column.
    pub fn resolve(&self, original_dr: u8) -> FireOutcome {
        let final_dr = i32::from(original_dr) + self.total_drm;
        let result = self.ift.result(final_dr);
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
        let text = format!(
            "{} vs {}: {} = {} FP on the {} column; DRM [{}]; IFT DR {original_dr} {:+} = \
             {final_dr}: {}",
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
            text,
        }
    }
}
