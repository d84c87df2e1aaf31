//! What happens to units under fire and Morale Checks: an IFT result applied to the units in a
//! Location (A7.301 KIA with Random Selection, A7.302 K and Casualty Reduction, #MC/NMC), a
//! Morale Check with its Morale Level (A10.1, G1.41) and ELR (A19), and what failing one makes
//! of a unit (A10.3, G1.11-G1.14 Step Reduction, G1.4 a Japanese SMC Wounded, A7.302/A17.11
//! any other SMC's Casualty Reduction a wound). The script's
//! `MoraleCheck` order is one of these MCs. The plans name the dice; the simulation rolls them.

use super::common::{is_leader, mmc};
use crate::model::{Nationality, Side, Unit};
use crate::rules::ift::IftResult;
use crate::rules::japanese::smc::{
    SmcBreak, SmcOutcome, WoundSeverity, japanese_smc_breaks, morale_level, wound_severity_roll,
};
use crate::rules::japanese::step::{
    Becomes, Cause, StepOutcome, casualty_reduction, japanese_mmc_breaks, mmc_breaks,
};
use crate::rules::morale::{McResult, break_without_mc, morale_check as mc_dr};
use crate::rules::situation::{Refusal, Situation, UnitAt};
use crate::rules::{Amount, Check, amount, check};

/// The rule Random Selection is made under, and a KIA's elimination (A7.301).
pub const RANDOM_SELECTION: &str = "A7.301";

/// A10.1: the printed morale of a unit: a MMC's from the catalog, a leader's first number (the catalog
/// gives a leader no morale: his counter's name does, `9-1` is 9). Anything else (a T-H Hero)
/// is read as 7, a value no source of ours gives.
pub fn printed_morale(u: &Unit) -> i32 {
    if let Some(c) = mmc(u) {
        return i32::from(c.morale);
    }
    u.counter
        .split(['-', '+'])
        .next()
        .and_then(|m| m.parse().ok())
        .unwrap_or(7)
}

// --- A10 Morale Checks ----------------------------------------------------------------------

/// A Morale Check a unit will take: its Morale Level and ELR, the DRM and why it is taken.
#[derive(Clone, Debug, PartialEq)]
pub struct McPlan {
    pub unit: String,
    pub drm: i32,
    /// G1.41 (Japanese) or its printed morale (A10.1).
    pub level: Amount,
    /// Its side's ELR (A19).
    pub elr: i32,
    /// Why the MC is taken ("a 2MC", "K/1: a 1MC").
    pub why: String,
    /// The rule the MC DR is rolled under.
    pub roll_rule: &'static str,
}

impl McPlan {
    /// A10.1/A10.31/A19.13: the MC DR (coloured, white) against the Morale Level, and the MC
    /// as the log tells it: why it was taken, the Morale Level and the result.
    pub fn check(&self, colored: u8, white: u8) -> (McResult, String) {
        let mc = mc_dr(colored + white, self.drm, self.level.value, self.elr);
        let text = format!(
            "{}: Morale Level {} ({}: {}); {}",
            self.why, self.level.value, self.level.rule, self.level.reason, mc.reason
        );
        (mc, text)
    }
}

/// A10.1 / G1.41: the MC unit `u` takes with `drm`, `why` it takes it: a Japanese unit's Morale
/// Level is raised by a Good Order Japanese leader in its Location (G1.41; not a berserk unit's),
/// anyone else's is its printed morale; a unit in a Banzai Charge (A25.23) or Battle Hardened
/// (A15.3) adds the tables' raise; `elr` gives each side's ELR (A19).
pub fn mc(s: &Situation, u: &UnitAt, drm: i32, elr: impl Fn(Side) -> i32, why: &str) -> McPlan {
    let japanese = u.unit.nationality == Nationality::Japanese;
    let level = if japanese {
        let leader_here = s.units_at(&u.at).iter().any(|o| {
            o.unit.id != u.unit.id
                && o.unit.nationality == Nationality::Japanese
                && o.unit.good_order()
                && is_leader(&o.unit)
        });
        morale_level(
            printed_morale(&u.unit),
            is_leader(&u.unit),
            u.unit.berserk,
            leader_here,
        )
    } else {
        amount(printed_morale(&u.unit), "A10.1", "its printed morale")
    };
    // A25.23 (a Banzai Charge, G1.5) and A15.3 (Battle Hardened): raises for this unit.
    let mut level = level;
    for a in super::banzai::charge_and_hardening(s.tables, &u.unit) {
        level.value += a.value;
        level.reason = format!("{}; {:+} {}", level.reason, a.value, a.reason);
    }
    // A.18 (NOT FROM THE SEEDS): no Morale Level exceeds the ceiling, whatever raises it.
    let ceiling = s.tables.morale_ceiling;
    if level.value > ceiling {
        level.reason = format!(
            "{}; {} is above the ceiling: no Morale Level exceeds {ceiling} (A.18, not from the \
             seeds)",
            level.reason, level.value
        );
        level.value = ceiling;
    }
    McPlan {
        unit: u.unit.id.clone(),
        drm,
        level,
        elr: elr(u.unit.side()),
        why: why.into(),
        roll_rule: "A10.1",
    }
}

/// A10.7 (NOT FROM THE SEEDS): the leadership modifier a unit's MC takes from the best leader
/// in its Location: a Good Order, unpinned leader of its side other than itself (a leader who
/// has just broken on the same attack is not Good Order; A7.831: a pinned leader cannot "aid
/// other units' MC/TC", one pinned by passing his own MC too), his modifier as
/// `rally::leadership` reads it
/// (a wounded one's one worse, A17.2); none when it is 0 or no such leader is there.
pub fn mc_leadership(s: &Situation, u: &UnitAt) -> Option<Amount> {
    let l = s
        .units_at(&u.at)
        .into_iter()
        .filter(|o| {
            o.unit.id != u.unit.id
                && o.unit.side() == u.unit.side()
                && o.unit.good_order()
                && !o.unit.pinned
                && is_leader(&o.unit)
        })
        .min_by_key(|o| (super::common::leadership(&o.unit), o.unit.id.clone()))?;
    let m = super::common::leadership(&l.unit);
    (m != 0).then(|| {
        amount(
            m,
            "A10.7",
            format!(
                "{}'s leadership (A10.7, not from the seeds: he checks first)",
                l.unit.id
            ),
        )
    })
}

/// A10.1 / G1.12 / A10.7: the script's `MoraleCheck(unit, drm)`: the unit takes a MC as from an
/// IFT attack (a failure is an Attack Break, G1.12): a NMC at drm 0, else a `drm`MC, with the
/// leadership modifier of the best Good Order leader in its Location (`mc_leadership`).
pub fn morale_check(
    s: &Situation,
    id: &str,
    drm: i32,
    elr: impl Fn(Side) -> i32,
) -> Result<McPlan, Refusal> {
    let u = s.unit_in_play(id)?;
    let what = if drm == 0 {
        "N".to_string()
    } else {
        drm.to_string()
    };
    // A10.7: the best Good Order leader in its Location modifies it (never a leader's own).
    match mc_leadership(s, u).filter(|_| !is_leader(&u.unit)) {
        Some(l) => Ok(mc(
            s,
            u,
            drm + l.value,
            elr,
            &format!("a {what}MC {:+} {}", l.value, l.reason),
        )),
        None => Ok(mc(s, u, drm, elr, &format!("a {what}MC"))),
    }
}

/// What a failed MC (or a break without one) does to a unit.
#[derive(Clone, Debug, PartialEq)]
pub enum McFailure {
    /// G1.4: a Japanese SMC (leader or Hero) is Wounded instead of broken, as a Wound Severity
    /// dr (A17.11) decides (`wound`).
    JapaneseSmc {
        wounded: bool,
        hero: bool,
        casualty: bool,
        /// The rule the Wound Severity dr is rolled under.
        roll_rule: &'static str,
    },
    /// A10.3: a leader (or Hero) of another nationality breaks.
    Breaks(Check),
    /// A7.302 / A10.31 / A17.11 (NOT FROM THE SEEDS): a SMC of another nationality suffers
    /// Casualty Reduction (a K/#'s Random Selection, a CC's, a Rally's or a Casualty MC's): he
    /// is Wounded, as a Wound Severity dr decides (`wound`: a mortal wound eliminates him);
    /// `breaks`: it came with a failed MC (an Original 12, A10.31), which breaks him too.
    Wounds { wounded: bool, breaks: bool },
    /// A MMC is exchanged for what the rules make of it (G1.11-G1.14 for a Japanese MMC, A10.3,
    /// A10.31, A19.13 for another).
    Becomes(StepOutcome),
}

impl McFailure {
    /// G1.4/G1.41/A17.11: whether a Wound Severity dr decides anything: not for a leader's
    /// Casualty MC (G1.41: eliminated) nor for an already-wounded heroic SMC (G1.4: eliminated).
    pub fn wound_dr_needed(&self) -> bool {
        match self {
            McFailure::JapaneseSmc {
                wounded,
                hero,
                casualty,
                ..
            } => {
                let eliminated_outright = *casualty || (*wounded && *hero);
                !eliminated_outright
            }
            McFailure::Wounds { .. } => true,
            _ => false,
        }
    }

    /// G1.4/G1.41/A17.11: what the Wound Severity dr does to a Japanese SMC (`severity`: the
    /// tables' A17.11 Wound Severity).
    pub fn wound(&self, severity: WoundSeverity, dr: u8) -> Option<SmcBreak> {
        match self {
            McFailure::JapaneseSmc {
                wounded,
                hero,
                casualty,
                ..
            } => Some(japanese_smc_breaks(
                severity, *wounded, *hero, *casualty, dr,
            )),
            McFailure::Wounds { wounded, breaks } => {
                Some(smc_wound(severity, *wounded, *breaks, dr))
            }
            _ => None,
        }
    }
}

/// A10.3 / G1.11-G1.14 / G1.4: what failing `mc` (from `cause`) makes of unit `u`: a SMC or
/// Hero is Wounded if Japanese (a Casualty MC eliminating a leader, G1.41, not a Hero), else
/// breaks; a MMC breaks, Step-Reduces or is Replaced (`japanese_mmc_breaks`, `mmc_breaks`).
/// `None` for a counter the catalog does not know as either.
pub fn mc_failure(u: &Unit, cause: Cause, mc: &McResult) -> Option<McFailure> {
    if is_leader(u) || u.hero.is_some() {
        if u.nationality == Nationality::Japanese {
            return Some(McFailure::JapaneseSmc {
                wounded: u.wounded,
                hero: u.hero.is_some(),
                // G1.41: a *leader* who suffers a Casualty MC is eliminated; a T-H Hero's
                // Casualty MC is Casualty Reduction, which Wounds a SMC (G1.14 EX).
                casualty: mc.casualty && is_leader(u),
                roll_rule: "A17.11",
            });
        }
        if mc.casualty {
            // A10.31: an Original 12 is Casualty Reduction as well as a failure.
            return Some(McFailure::Wounds {
                wounded: u.wounded,
                breaks: true,
            });
        }
        return Some(McFailure::Breaks(check(
            true,
            "A10.3",
            "the leader breaks (and is DM)",
        )));
    }
    let counter = mmc(u)?;
    Some(McFailure::Becomes(
        if u.nationality == Nationality::Japanese {
            japanese_mmc_breaks(counter, u.berserk, cause, mc)
        } else {
            mmc_breaks(counter, mc)
        },
    ))
}

/// A10.3 (NOT FROM THE SEEDS: `tables.broken_failure_reduces`, see `assets/tables.ron`): what
/// failing `mc` makes of unit `u` under `tables`: an already broken MMC or non-Japanese SMC is
/// Casualty Reduced (`casualty`: a squad to a HS that stays broken and DM, a HS or crew
/// eliminated); anything else as `mc_failure` says (a Japanese SMC is never broken, G1.4).
pub fn mc_failure_under(
    u: &Unit,
    cause: Cause,
    mc: &McResult,
    tables: &crate::rules::tables::Tables,
) -> Option<McFailure> {
    mc_failure_reducing(u, cause, mc, tables.broken_failure_reduces)
}

/// `mc_failure_under` with `broken_reduces` in place of the tables' A10.3 reading: an MC whose
/// own rule makes a broken unit's failure Casualty Reduction (A10.53's Interdiction NMC) asks
/// it whatever the tables say.
pub fn mc_failure_reducing(
    u: &Unit,
    cause: Cause,
    mc: &McResult,
    broken_reduces: bool,
) -> Option<McFailure> {
    if !(u.broken && broken_reduces) || japanese_smc(u) {
        return mc_failure(u, cause, mc);
    }
    Some(match casualty(u) {
        McFailure::Becomes(mut out) => {
            for b in &mut out.becomes {
                b.broken = true;
                b.dm = true;
            }
            let already = format!(
                "already broken, it fails its MC (A10.3, not from the seeds): {}",
                out.reason
            );
            McFailure::Becomes(StepOutcome {
                rule: "A10.3",
                reason: already,
                ..out
            })
        }
        other => other,
    })
}

/// A7.302 / A17.11 (NOT FROM THE SEEDS): a non-Japanese SMC's Casualty Reduction: the Wound
/// Severity dr `dr` (`severity`: the tables' A17.11 row) kills him, or he is Wounded (and
/// broken, where `breaks`: the Casualty MC of A10.31).
pub fn smc_wound(severity: WoundSeverity, already_wounded: bool, breaks: bool, dr: u8) -> SmcBreak {
    let (mortal, roll) = wound_severity_roll(severity, already_wounded, dr);
    let cause = if breaks {
        "an Original 12 is Casualty Reduction (A10.31): he is Wounded and breaks (and is DM)"
    } else {
        "Casualty Reduction Wounds a SMC (A7.302)"
    };
    if mortal {
        return SmcBreak {
            outcome: SmcOutcome::Eliminated,
            rule: "A17.11",
            reason: format!(
                "{cause}; {roll} >= {}: the wound is mortal (A17.11, not from the seeds)",
                severity.mortal_at_or_above
            ),
        };
    }
    SmcBreak {
        outcome: SmcOutcome::Wounded,
        rule: "A17.11",
        reason: format!(
            "{cause}; {roll} < {}: he survives, Wounded (his leadership one worse, A17.2)",
            severity.mortal_at_or_above
        ),
    }
}

/// G1.4: a Japanese SMC (leader or T-H Hero): never broken, Wounded instead; no PTC.
pub fn japanese_smc(u: &Unit) -> bool {
    u.nationality == Nationality::Japanese && (is_leader(u) || u.hero.is_some())
}

// --- A7 IFT results -------------------------------------------------------------------------

/// What an IFT result does to the units in the Location it attacks.
#[derive(Clone, Debug, PartialEq)]
pub enum IftEffect {
    /// A7.301 #KIA: `n` units eliminated by Random Selection (`random_selection`); the others
    /// in Good Order break without a MC (`kia_survivor`).
    Kia(u8),
    /// A7.302 K/#: one unit Casualty Reduced by Random Selection (`casualty`; each tied at the
    /// highest dr, A.9: `random_selection_ties`), then every unit takes a #MC (`drm`, `why`).
    Casualty { drm: i32, why: String },
    /// #MC or NMC: every unit takes a MC with `drm`, `why`.
    Mc { drm: i32, why: String },
    /// PTC: every Good Order, unpinned, non-berserk unit takes a Pin Task Check (`ptc`).
    Ptc,
    /// No unit is affected.
    Nothing(Check),
}

/// A7: what an IFT result does to the units in a Location.
pub fn ift_effect(result: IftResult) -> IftEffect {
    match result {
        IftResult::Kia(n) => IftEffect::Kia(n),
        IftResult::K(n) => IftEffect::Casualty {
            drm: i32::from(n),
            why: format!("K/{n}: a {n}MC"),
        },
        IftResult::Mc(n) => IftEffect::Mc {
            drm: i32::from(n),
            why: format!("a {n}MC"),
        },
        IftResult::Nmc => IftEffect::Mc {
            drm: 0,
            why: "a NMC".into(),
        },
        IftResult::Ptc => IftEffect::Ptc,
        IftResult::NoEffect => IftEffect::Nothing(check(
            false,
            "A7",
            format!("{}: no unit is affected", result.text()),
        )),
    }
}

/// A7.8 (not in our sources; the common rule): whether unit `u` takes a PTC: in Good Order,
/// not already pinned, not berserk (A15: a berserk unit ignores Pin), not a Japanese SMC (G1.4:
/// they "do not take PTC ... and do not Pin").
pub fn takes_ptc(u: &Unit) -> bool {
    // G1.4: Japanese SMC do not take PTC and do not Pin.
    u.good_order() && !u.pinned && !u.berserk && !japanese_smc(u)
}

/// A7.8 (chapter A, not from the seeds: the eASLRB's "Pinning (7.305) also occurs whenever any
/// unit is attacked resulting in an IFT MC that is passed by rolling the highest DR possible
/// that still results in a passed MC"): unit `u`, having passed an IFT MC (`r`) with the
/// highest DR that passes it (a Final DR equal to its Morale Level, or an Original 11 where
/// even that passes: an Original 12 always fails, A10.31), is pinned, unless it is one who
/// never Pins (`takes_ptc`: broken, already pinned, berserk, a Japanese SMC, G1.4) or is
/// Heroic (a T-H Hero, G1.421) or Climbing (A7.8). `None` when it is not pinned.
pub fn pinned_by_passed_mc(u: &UnitAt, r: &McResult) -> Option<Check> {
    let climbing = matches!(u.at, crate::los::Location::Climbing { .. });
    if !r.passed_at_highest() || !takes_ptc(&u.unit) || u.unit.hero.is_some() || climbing {
        return None;
    }
    Some(check(
        true,
        "A7.8",
        format!(
            "{} passed its MC with the highest DR that passes it (Final DR {} vs Morale Level \
             {}): pinned, it may not move, advance or fire at full FP this Player Turn (A7.8, \
             not from the seeds)",
            u.unit.id, r.final_dr, r.morale
        ),
    ))
}

/// A7.8: a Pin Task Check's DR against the unit's Morale Level (`plan`, as for a MC, G1.41
/// and the raises included): above it, the check fails and the unit is pinned, unless it is
/// one who never Pins (`pins` false: a concealed Japanese SMC, who rolls it for his "?" alone,
/// G1.4). Whether it failed, and the words for the log.
pub fn ptc(plan: &McPlan, colored: u8, white: u8, pins: bool) -> (bool, String) {
    let dr = i32::from(colored + white);
    let failed = dr > plan.level.value;
    let head = format!(
        "a PTC: Morale Level {} ({}: {}); DR {dr}",
        plan.level.value, plan.level.rule, plan.level.reason
    );
    // The outcome is the text's last clause (what a veiled "?" is told of, `play::runner`).
    let text = if pins {
        format!(
            "{head}: {} (A7.8, not in our sources)",
            if failed {
                "above it: pinned, it may not move, advance or fire at full FP this Player Turn"
            } else {
                "passed: not pinned"
            }
        )
    } else {
        format!(
            "{head} (A7.8, not in our sources; a Japanese SMC does not Pin: the PTC decides only \
             his \"?\", G1.4): {}",
            if failed {
                "above it, his \"?\" is lost"
            } else {
                "passed, his \"?\" stays"
            }
        )
    };
    (failed, text)
}

/// A7.301 Random Selection among the units in a Location: each makes a dr (`rolls`, in the
/// units' order) and the highest is selected, the first of equals. (A7.301's own procedure is
/// not in our sources.) `None` when there is nothing to choose from.
pub fn random_selection(rolls: &[u8]) -> Option<usize> {
    rolls
        .iter()
        .enumerate()
        .max_by_key(|(i, d)| (**d, std::cmp::Reverse(*i)))
        .map(|(i, _)| i)
}

/// A.9 Random Selection where a tie selects more than one (A11.11's Partial Kill: "one (or
/// more) defending unit suffers Casualty Reduction as determined by Random Selection"; the
/// eASLRB's A11.622 EX: a tie at the highest dr reduces a squad and wounds a leader, not from
/// the seeds): every unit whose dr (`rolls`, in the units' order) is the highest. Empty when
/// there is nothing to choose from.
pub fn random_selection_ties(rolls: &[u8]) -> Vec<usize> {
    let Some(top) = rolls.iter().max() else {
        return Vec::new();
    };
    rolls
        .iter()
        .enumerate()
        .filter(|(_, d)| *d == top)
        .map(|(i, _)| i)
        .collect()
}

/// The chance that one of `n` units is among those `random_selection_ties` selects: that no
/// other unit's dr is above its own.
pub fn picked_with_ties(n: usize) -> f64 {
    if n <= 1 {
        return 1.0;
    }
    (1..=6)
        .map(|k| (f64::from(k) / 6.0).powi(n as i32 - 1) / 6.0)
        .sum()
}

/// A7.301: a unit Randomly Selected by a KIA is eliminated.
pub fn kia_eliminates() -> Check {
    check(true, RANDOM_SELECTION, "KIA: eliminated")
}

/// A7.301: a unit a KIA result does not eliminate breaks (without a MC) if in Good Order.
pub fn kia_survivor(u: &Unit) -> Option<McFailure> {
    if !u.good_order() {
        return None;
    }
    mc_failure(u, Cause::Kia, &break_without_mc())
}

/// A7.302 / G1.14: Casualty Reduction of one unit: a Japanese MMC as G1.14 says; a Japanese
/// SMC (leader or T-H Hero), "regardless of cause", is Wounded (G1.14 EX), as a Wound Severity
/// dr decides (`McFailure::JapaneseSmc`, never a Casualty MC's elimination); another SMC is
/// Wounded too (A17.11, `McFailure::Wounds`); any other squad is exchanged for its HS (keeping
/// its broken and DM state); anything else (a HS, a crew) is eliminated.
pub fn casualty(u: &Unit) -> McFailure {
    if japanese_smc(u) {
        return McFailure::JapaneseSmc {
            wounded: u.wounded,
            hero: u.hero.is_some(),
            casualty: false,
            roll_rule: "G1.14",
        };
    }
    if is_leader(u) || u.hero.is_some() {
        return McFailure::Wounds {
            wounded: u.wounded,
            breaks: false,
        };
    }
    let counter = mmc(u);
    if let Some(c) = counter
        && u.nationality == Nationality::Japanese
    {
        return McFailure::Becomes(casualty_reduction(c));
    }
    McFailure::Becomes(match counter.and_then(|c| c.half_squad.clone()) {
        Some(hs) => StepOutcome {
            becomes: vec![Becomes {
                counter: hs.clone(),
                broken: u.broken,
                dm: u.dm,
            }],
            rule: "A7.302",
            reason: format!("Casualty Reduction: exchanged for a {hs} HS"),
        },
        None => StepOutcome {
            becomes: Vec::new(),
            rule: "A7.302",
            reason: "Casualty Reduction: eliminated".into(),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_9_a_tie_at_the_highest_dr_selects_each_unit_tied() {
        assert_eq!(random_selection_ties(&[3, 5, 2]), vec![1]);
        assert_eq!(random_selection_ties(&[6, 2, 6]), vec![0, 2]);
        assert!(random_selection_ties(&[]).is_empty());
        // One of two is selected unless the other's dr is above its own: 21 of 36.
        assert!((picked_with_ties(2) - 21.0 / 36.0).abs() < 1e-12);
        assert_eq!(picked_with_ties(1), 1.0);
        // Counted over every roll of three units.
        let mut n = 0;
        for a in 1..=6u8 {
            for b in 1..=6u8 {
                for c in 1..=6u8 {
                    n += usize::from(random_selection_ties(&[a, b, c]).contains(&0));
                }
            }
        }
        assert!((picked_with_ties(3) - n as f64 / 216.0).abs() < 1e-12);
    }
}
