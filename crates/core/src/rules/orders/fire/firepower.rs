//! A7.2x / A7.23 / A10 / G11.8: what each firer of a Fire order brings (`firepower`): its LOS
//! and range to the target, its printed FP and every factor on it, and the LOS Hindrance.

use crate::los::Location;
use crate::model::FireMark;
use crate::rules::caves::attack::fire_from_overstacked_cave;
use crate::rules::caves::sight::cave_los;
use crate::rules::orders::common::mmc;
use crate::rules::orders::fire_phase::rules_read as R;
use crate::rules::orders::fire_phase::{
    final_protective_fire_range, hex_in, subsequent_first_fire_range,
};
use crate::rules::situation::{Refusal, Situation, UnitAt};

use super::parties::{Firers, Target};
use super::plan::{FirerFp, FpFactor};

/// G11.4 / G11.8: the squad-equivalents in the cave a unit fires from, when they Overstack it
/// (a cave holds one squad-equivalent; SMC add none, A5.5); `None` outside a cave or within
/// its capacity.
fn overstacked_cave(s: &Situation, at: &Location) -> Option<f32> {
    let Location::Cave(_) = at else {
        return None;
    };
    let n: f32 = s
        .units_at(at)
        .iter()
        .filter_map(|o| mmc(&o.unit))
        .map(|c| c.squad_equivalents())
        .sum();
    (n > crate::rules::stacking::CAVE_CAPACITY).then_some(n)
}

/// The range in hexes between two Locations' hexes (a cave's hex), `None` for a Cave Complex.
fn hex_range(s: &Situation, a: &Location, b: &Location) -> Option<u32> {
    Some(hex_in(s, a)?.distance(hex_in(s, b)?))
}

/// A8.3 / A8.31 / A8.4: whether `who` (a firer, or the leader directing it: `name` in the
/// refusal), already marked, may fire again at a target `to_target` hexes off at LOS range
/// `range`: in the MPh a unit marked First Fire only as Subsequent First Fire (within the
/// firer's Normal Range `normal` at the closest Known enemy unit), one marked Final Fire only as
/// FPF (range 0-1); in the DFPh one marked First Fire only at an adjacent Location (`dfph`, the
/// refusal's words).
#[allow(clippy::too_many_arguments)]
fn fire_again(
    s: &Situation,
    who: &UnitAt,
    name: &str,
    dfph: String,
    to_target: u32,
    range: u32,
    normal: u32,
    target_name: &str,
) -> Result<(), Refusal> {
    let mph = s.phase == crate::model::Phase::Movement;
    match who.unit.fired {
        Some(FireMark::FirstFire) if mph => {
            subsequent_first_fire_range(s, who, name, to_target, Some(normal), target_name)
        }
        Some(FireMark::FirstFire) if range > 1 => Err(Refusal::new(R::FINAL_FIRE, dfph)),
        Some(FireMark::FinalFire) if mph => final_protective_fire_range(name, range, target_name),
        _ => Ok(()),
    }
}

/// A7.2x / A7.23 / A10 / G11.8: what each firer brings: its LOS and range to the target (A6,
/// G11.5), its printed FP and every factor on it (PBF, Long Range, pinned, Advancing Fire,
/// Area Fire, fire out of an Overstacked cave); and the LOS Hindrance, the worst of theirs.
pub(super) fn firepower(
    s: &Situation,
    f: &Firers,
    target: &Location,
    t: &Target,
) -> Result<(Vec<FirerFp>, u32), Refusal> {
    let (firers, mark, area_fire, target_name) = (&f.firers, f.mark, t.area_fire, &t.name);
    let env = s.env_seeing(target);
    let mut fp = Vec::new();
    let mut hindrance = 0u32;
    for u in firers.iter() {
        let los = cave_los(&env, &s.caves, &u.at, target)
            .map_err(|e| Refusal::new("A6", format!("unit {}: {e}", u.unit.id)))?;
        if !los.clear() {
            return Err(Refusal::new(
                los.rule.unwrap_or("A6"),
                format!(
                    "unit {} has no LOS to {target_name}: {}",
                    u.unit.id, los.reason
                ),
            ));
        }
        hindrance = hindrance.max(los.sight.hindrance);
        let range = los.sight.range;
        let counter = mmc(&u.unit).ok_or_else(|| {
            Refusal::new(
                R::IFT,
                format!(
                    "unit {}: the counter catalog gives {} no FP",
                    u.unit.id, u.unit.counter
                ),
            )
        })?;
        let normal = u32::from(counter.range);
        if range > 2 * normal {
            return Err(Refusal::new(
                R::LONG_RANGE,
                format!(
                    "unit {} ({}) has a normal range of {normal}: {target_name} at range \
                     {range} is beyond twice it",
                    u.unit.id, counter.name
                ),
            ));
        }
        // A8.3 / A8.31 / A8.4: a unit already marked fires again only on the terms of its mark;
        // a leader marked First Fire or Final Fire directs fire again on the same terms as he
        // would fire (his mark follows the firers').
        let to_target = hex_range(s, &u.at, target).unwrap_or(range);
        let again = |who: &UnitAt, name: String, dfph: String| {
            fire_again(s, who, &name, dfph, to_target, range, normal, target_name)
        };
        again(
            u,
            format!("unit {}", u.unit.id),
            format!(
                "unit {} is marked First Fire: it Final Fires only at an adjacent Location (range \
                 {range}; A8.4, not in our sources)",
                u.unit.id
            ),
        )?;
        if let Some(l) = f.leader {
            again(
                l,
                format!("leader {} (directing {})", l.unit.id, u.unit.id),
                format!(
                    "leader {} is marked First Fire: he directs fire again only at an adjacent \
                     Location ({} at range {range}; A8.4, not in our sources)",
                    l.unit.id, u.unit.id
                ),
            )?;
        }
        let mut factors = Vec::new();
        let mut f = |factor: f32, rule, reason: &str| {
            factors.push(FpFactor {
                factor,
                rule,
                reason: reason.into(),
            })
        };
        if range <= 1 {
            f(2.0, R::PBF, "Point Blank Fire");
        }
        if range > normal {
            f(0.5, R::LONG_RANGE, "Long Range Fire");
        }
        if u.unit.pinned {
            f(0.5, R::PINNED, "pinned");
        }
        if mark == FireMark::AdvancingFire {
            f(0.5, R::ADVANCING_FIRE, "Advancing Fire");
        }
        if area_fire {
            f(
                0.5,
                R::AREA_FIRE,
                "Area Fire: every enemy unit in the target is concealed or hidden",
            );
        }
        // A8.3 / A8.31 / A8.4 / A7.353: Subsequent First Fire, FPF and a First Fire unit's
        // Final Fire are Area Fire ("retain halved inherent FP"). Area Fire halves once,
        // whatever makes it so (A7.23).
        let first_fired = u.unit.fired == Some(FireMark::FirstFire)
            || (s.phase == crate::model::Phase::Movement
                && u.unit.fired == Some(FireMark::FinalFire));
        if first_fired && !area_fire {
            if u.unit.fired == Some(FireMark::FinalFire) {
                f(
                    0.5,
                    R::FPF,
                    "Area Fire: marked Final Fire, it fires again this MPh as Final Protective \
                     Fire at half FP, its Original IFT DR also its NMC DR (A8.31, A7.353, not in \
                     our sources)",
                );
            } else if s.phase == crate::model::Phase::Movement {
                f(
                    0.5,
                    R::SUBSEQUENT_FIRST_FIRE,
                    "Area Fire: marked First Fire, it fires again this MPh (Subsequent First \
                     Fire) at half FP and is marked Final Fire (A8.3, A7.353, not in our \
                     sources)",
                );
            } else {
                f(
                    0.5,
                    R::FINAL_FIRE,
                    "Area Fire: marked First Fire, it Final Fires at an adjacent Location at \
                     half FP (A8.4, A7.353, not in our sources)",
                );
            }
        }
        // Out of an Overstacked cave only when nothing else already makes it Area Fire.
        if let Some(n) = overstacked_cave(s, &u.at).filter(|_| !area_fire && !first_fired) {
            let c = fire_from_overstacked_cave(true);
            f(
                0.5,
                "G11.8",
                &format!(
                    "Area Fire: it fires out of an Overstacked cave ({n} squad-equivalents in a \
                     cave of one, G11.4; {})",
                    c.reason
                ),
            );
        }
        let total = factors
            .iter()
            .fold(f32::from(counter.fp), |a, x| a * x.factor);
        fp.push(FirerFp {
            unit: u.unit.id.clone(),
            printed: counter.fp,
            range,
            factors,
            fp: total,
        });
    }
    Ok((fp, hindrance))
}
