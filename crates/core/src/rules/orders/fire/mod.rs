//! A7/A8 Fire: an Infantry attack on the IFT by one unit or a Fire Group, with a leader
//! stacked with it directing, at a Location (a hex at a level, Climbers, or a predesignated
//! Known cave, G11.81); the night rules that bear on it: E1.101 (beyond the NVR only at an
//! Illuminated or Gunflash Location), E1.7 (the +1 Night LV DRM), E1.75 (no multi-Location FG
//! at night), E1.8 (a unit that fires at night reveals its Location with a Gunflash), E1.43
//! (a Cloaked unit that attacks loses Cloaking); G.3 (PTO Fire Groups); G11.8/G11.81/G11.812
//! (a cave's +4 TEM, predesignation, no Area Fire for concealment in a cave); G1.4231 (a T-H
//! Hero fires only in CC).
//!
//! Chapter A's Fire rules are not in our sources (asl-facts.md gives the IFT's result kinds and
//! the phases). What an ASL player expects is read here, each rule number in `rules_read`
//! (`fire_phase`) so a correction is a one-line change; the phases are `fire_phase::fire_mark`,
//! Fire Groups and leadership `fire_group`:
//! - Phases: Prep Fire by the ATTACKER in its PFPh; Defensive First Fire by the DEFENDER in the
//!   ATTACKER's MPh at a Location where an ATTACKER unit has expended MF this phase; Final Fire
//!   by the DEFENDER in the DFPh (a unit already marked First Fire only at an adjacent
//!   Location, A8.4); Advancing Fire by the ATTACKER in its AFPh at half FP, not by a unit
//!   that Prep Fired. A unit that fired cannot fire again in that phase. Subsequent First Fire
//!   and FPF (A8.3) are not modelled: a First Fire unit is refused in the MPh.
//! - FP: each unit's printed FP, doubled at range <= 1 (PBF), halved beyond its normal range
//!   up to twice it (Long Range; refused beyond), halved when pinned, halved in the AFPh,
//!   halved vs a Location whose enemy units are all concealed or hidden (Area Fire; never for
//!   a cave's occupants, G11.812). Fractions are kept; the total falls to the IFT column at or
//!   below it (`rules::ift::fire_column`).
//! - Final DRM: the highest LOS hindrance of any firer (A6.8), the target's TEM (terrain, or a
//!   cave's +4; a Climber on a cliff face is read as in Open Ground), E1.7's +1 Night LV DRM,
//!   and the directing leader's leadership modifier (his counter's second number: `9-1` is
//!   -1). FFMO/FFNAM and Height Advantage are not modelled.
//! - A Fire Group: units in one Location, or (by day) in a chain of adjacent Locations (A7.5);
//!   a leader directs only units in his own Location. A Location holding friendly units is not
//!   fired on, nor a Location a firer is in (that is Close Combat, A11).
//! - A concealed firer loses "?" if any Good Order enemy ground unit has a LOS to it (at night
//!   regardless of NVR, E1.8); a hidden one loses HIP, and stays concealed if none has.
//!
//! Spraying Fire (G11.811, A9.5), FT (G11.834) and canister (G11.836) need MGs, FTs or Guns,
//! which the scenario format does not have; a Fire order names one target Location.
//!
//! The attack's plan and its IFT DR (`FirePlan::resolve`) are here; `attack` decides a Fire
//! order (`fire`: the firers, the target, FP, Final DRM and what firing reveals).

mod attack;

pub use super::fire_group::leadership_drm;
pub use super::fire_phase::{fire_mark, rules_read};
pub use attack::fire;

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
