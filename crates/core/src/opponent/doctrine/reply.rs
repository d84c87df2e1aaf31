//! The enemy's best reply, one ply ahead (A7/A8 as the fire ruling decides them): what the
//! Known enemy units of the side's view would do with their next fire if the side's units stood
//! as a candidate order leaves them. Each enemy unit (a "?" counting as the placeholder squad
//! the view shows) fires at the Location of ours where its attack takes the most value; the
//! sum over enemy units is what the position is expected to lose. Every attack is the fire
//! ruling's own plan (`rules::orders::fire::fire`) on a copy of the view set in the enemy's
//! next fire phase: its IFT column and Final DRM, read against each target's morale
//! (`value::result_worth`). Never the true game: hidden enemy units are not in the view, and
//! our own hidden units are not targets (A12: the enemy cannot fire at what it does not see).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use crate::los::Location;
use crate::model::{Phase, Side};
use crate::rules::ift::IftResult;
use crate::rules::orders::fire::fire as fire_plan;
use crate::rules::orders::units::printed_morale;
use crate::rules::situation::{Situation, UnitAt, same_location};

use crate::opponent::value::{ROLLS, mc_fails, result_worth};

/// One attack as the fire ruling plans it: its IFT column's results and the Final DRM, and
/// the column's results below it where an Original Doubles Cowers (A7.9).
#[derive(Clone, Debug, PartialEq)]
pub struct Shot {
    /// The units the attack affects (A8.1: Defensive First Fire, only the moving ones).
    pub targets: Vec<String>,
    pub results: Vec<IftResult>,
    pub drm: i32,
    /// A7.9: the results an attack that Cowers is resolved on (empty: no effect, the lowest
    /// column Cowered); `None`: the attack does not Cower (a leader directs it; a DC).
    pub cowered: Option<Vec<IftResult>>,
}

impl Shot {
    /// The attack a Fire plan makes: its IFT column and Final DRM, and its Cowering.
    pub fn of(plan: &crate::rules::orders::fire::FirePlan) -> Shot {
        Shot {
            targets: plan.targets.clone(),
            results: plan.ift.results.clone(),
            drm: plan.total_drm,
            cowered: plan.cowering.as_ref().map(|c| {
                c.column
                    .as_ref()
                    .map_or_else(Vec::new, |col| col.results.clone())
            }),
        }
    }

    /// An attack that never Cowers (a DC's, A7.9) on `results` with Final DRM `drm`.
    pub fn uncowering(results: Vec<IftResult>, drm: i32) -> Shot {
        Shot {
            targets: Vec::new(),
            results,
            drm,
            cowered: None,
        }
    }

    /// The IFT result of an Original DR `dr` (whether `doubles`) plus the Final DRM; past a
    /// column's last row, its last result when the row is the IFT's 15+ (`IftColumn::result`).
    fn result(&self, dr: i32, doubles: bool) -> IftResult {
        let results = match (&self.cowered, doubles) {
            (Some(lower), true) => lower,
            _ => &self.results,
        };
        crate::rules::tables::column_result(results, dr + self.drm)
    }

    /// A7: the expected worth of the attack against one unit of Morale Level `ml` (1 for
    /// eliminated, 1/2 for broken or reduced, 1/10 for pinned: `value::result_worth`).
    pub fn worth_vs(&self, ml: i32) -> f32 {
        ROLLS
            .iter()
            .map(|&(dr, w, doubles)| {
                w as f32 / 36.0 * result_worth(self.result(dr, doubles), 1, ml)
            })
            .sum()
    }

    /// A7 / A7.8 / A10.1: the chance the attack eliminates, breaks or pins one unit of Morale
    /// Level `ml` (a MC passed with the highest DR that passes it pins, A7.8; a failed PTC
    /// pins): what cancels a DC its Placer holds (A23.3). A K only reduces him (a squad keeps
    /// its DC as a half-squad) before its MC; a unit that is never pinned (a Climber, a hero)
    /// is read as one that is.
    pub fn cancel_chance(&self, ml: i32) -> f32 {
        ROLLS
            .iter()
            .map(|&(dr, w, doubles)| {
                let p = match self.result(dr, doubles) {
                    IftResult::Kia(_) => 1.0,
                    IftResult::K(k) => mc_fails(ml - 1, i32::from(k)),
                    IftResult::Mc(k) => mc_fails(ml - 1, i32::from(k)),
                    IftResult::Nmc => mc_fails(ml - 1, 0),
                    IftResult::Ptc => mc_fails(ml, 0),
                    IftResult::NoEffect => 0.0,
                };
                w as f32 / 36.0 * p
            })
            .sum()
    }

    /// A7 / A10.1: the chance the attack breaks, reduces or eliminates one unit of Morale
    /// Level `ml` (a K or KIA always harms it; a MC or NMC when it fails).
    pub fn harm_chance(&self, ml: i32) -> f32 {
        ROLLS
            .iter()
            .map(|&(dr, w, doubles)| {
                let p = match self.result(dr, doubles) {
                    IftResult::Kia(_) | IftResult::K(_) => 1.0,
                    IftResult::Mc(k) => mc_fails(ml, i32::from(k)),
                    IftResult::Nmc => mc_fails(ml, 0),
                    IftResult::Ptc | IftResult::NoEffect => 0.0,
                };
                w as f32 / 36.0 * p
            })
            .sum()
    }
}

/// The memo of attacks already planned: the fire ruling's answer depends on the firer, its
/// Location, the target Location with the units in it, the world around them (the `world`
/// fingerprint: every enemy unit, SMOKE, light, Gunflash, phase) and, in the MPh, how far the
/// firer's closest Known enemy unit is (A8.3's Subsequent First Fire), so a key holding all
/// of them gives the same answer the ruling would. Shared by the copies of a match (a pure memo), bounded in size.
#[derive(Clone, Debug, Default)]
pub struct ShotMemo(Arc<Mutex<HashMap<ShotKey, Option<Shot>>>>);

/// A memo key: the world's fingerprint (with the firer's and the target's Locations), the
/// firer, the target Location.
type ShotKey = (u64, String, Location);

/// Entries kept before the memo is emptied.
const MEMO_BOUND: usize = 200_000;

impl ShotMemo {
    fn get_or(&self, key: ShotKey, plan: impl FnOnce() -> Option<Shot>) -> Option<Shot> {
        if let Some(v) = self.0.lock().ok().and_then(|m| m.get(&key).cloned()) {
            return v;
        }
        let v = plan();
        if let Ok(mut m) = self.0.lock() {
            if m.len() >= MEMO_BOUND {
                m.clear();
            }
            m.insert(key, v.clone());
        }
        v
    }
}

/// The enemy's best reply to positions of the side's units: the copy of the view in which the
/// enemy fires next, and its firers.
pub struct Reply<'a> {
    /// The view, in the enemy's next fire phase: in the side's MPh its First Fire (the enemy's
    /// fire counters standing), in a DFPh built by `final_fire` its Final Fire (counters
    /// standing, A8.4), else its next fire phase (every enemy unit's fire counter cleared).
    pub h: Situation<'a>,
    side: Side,
    /// The enemy units that may fire: Known (in the view), in Good Order.
    firers: Vec<String>,
    world: u64,
    memo: ShotMemo,
}

/// What one enemy unit's best attack on a position takes.
#[derive(Clone, Debug)]
pub struct Blow {
    pub by: String,
    pub at: Location,
    pub shot: Shot,
    pub loss: f32,
}

impl<'a> Reply<'a> {
    /// The reply of `side`'s enemy on the view `s`: in `side`'s MPh, the enemy's Defensive
    /// First Fire at a unit that moves (A8.1, FFNAM and FFMO included); else if `side` is the
    /// ATTACKER, the enemy's Defensive Final Fire (DFPh); else the enemy's Prep Fire of its next
    /// Player Turn.
    pub fn new(s: &Situation<'a>, side: Side, memo: &ShotMemo) -> Reply<'a> {
        Reply::build(s.clone(), side, memo)
    }

    /// A8.4: the enemy's Defensive Final Fire at the end of `side`'s MPh, on the view `s` in
    /// that MPh: the fire counters of its First Fire stand, so a unit that has fired fires only
    /// at an ADJACENT Location (the fire ruling decides it); one that has not, where it will.
    pub fn final_fire(s: &Situation<'a>, side: Side, memo: &ShotMemo) -> Reply<'a> {
        let mut h = s.clone();
        h.phase = Phase::DefensiveFire;
        Reply::build_keeping(h, side, memo)
    }

    fn build(mut h: Situation<'a>, side: Side, memo: &ShotMemo) -> Reply<'a> {
        if h.turn.attacker == side && h.phase == Phase::Movement {
            // First Fire: at the mover once it has spent MF (`loss_with`), none before: the
            // enemy has had its chance at the unit that moved last (A8.1), a loss sunk.
            h.tallies.moving.clear();
        } else if h.turn.attacker == side {
            h.phase = Phase::DefensiveFire;
        } else {
            h.turn.attacker = side.opponent();
            h.phase = Phase::PrepFire;
        }
        // A fire phase still to come starts with no fire counter; in the MPh the enemy's First
        // Fire counters stand (a unit that fired fires again only as Subsequent First Fire,
        // A8.3, which the fire ruling decides).
        if h.phase != Phase::Movement {
            for u in h.units.iter_mut().filter(|u| u.unit.side() != side) {
                u.unit.fired = None;
            }
        }
        Reply::build_keeping(h, side, memo)
    }

    /// The reply on `h` as it stands (its phase and fire counters kept).
    fn build_keeping(h: Situation<'a>, side: Side, memo: &ShotMemo) -> Reply<'a> {
        let firers: Vec<String> = h
            .units
            .iter()
            .filter(|u| u.unit.side() != side && u.unit.good_order() && !u.hidden)
            .map(|u| u.unit.id.clone())
            .collect();
        let world = fingerprint(&h, side);
        Reply {
            h,
            side,
            firers,
            world,
            memo: memo.clone(),
        }
    }

    /// The memo of enemy attacks this reply shares (another reply on the same view may too).
    pub fn memo(&self) -> &ShotMemo {
        &self.memo
    }

    /// The attack enemy unit `by` makes at `at` (`None`: the ruling refuses it), memoized.
    fn shot(&self, by: &str, at: &Location) -> Option<Shot> {
        let firer = self.h.unit(by)?;
        // The target Location's units as they stand (concealment may change the attack), the
        // Location read as the ruling reads it (`same_location`), and ours in the firer's own
        // Location (a cave's stacking, G11.4).
        let there: Vec<(&str, bool, bool, bool, bool, u8)> = self
            .h
            .units
            .iter()
            .filter(|u| {
                same_location(self.h.map, &u.at, at) || same_location(self.h.map, &u.at, &firer.at)
            })
            .map(|u| {
                // A8.1 / A4.61: moving now (FFNAM unless by Assault Movement).
                let moved = u.unit.mf_spent > 0.0 && self.h.tallies.moving.contains(&u.unit.id);
                let moved = u8::from(moved) + u8::from(moved && u.unit.assault_moving);
                (
                    u.unit.id.as_str(),
                    u.hidden,
                    u.concealed,
                    u.cloaked,
                    u.unit.broken,
                    moved,
                )
            })
            .collect();
        // A8.3: a Subsequent First Fire depends on how near the firer's closest Known enemy
        // unit is, wherever it stands.
        let nearest = (self.h.phase == crate::model::Phase::Movement)
            .then(|| crate::rules::orders::fire_phase::nearest_known_enemy(&self.h, firer))
            .flatten()
            .map(|(_, d)| d);
        // A8.1: whether it has fired at the present expenditure of MF.
        let fired = self.h.tallies.fired_at_expenditure.iter().any(|x| x == by);
        let key = (
            self.world ^ hash_str(&format!("{:?}|{there:?}|{nearest:?}|{fired}", firer.at)),
            by.to_string(),
            at.clone(),
        );
        self.memo.get_or(key, || {
            fire_plan(&self.h, &[by.to_string()], at)
                .ok()
                .map(|p| Shot::of(&p))
        })
    }

    /// What `side` expects to lose at `at` to `shot`: each of its units there that the enemy
    /// can see (not hidden) and the attack affects (A8.1: First Fire, the moving ones), by its
    /// value and morale.
    fn loss_at(&self, at: &Location, shot: &Shot, value: &dyn Fn(&UnitAt) -> f32) -> f32 {
        self.h
            .units
            .iter()
            .filter(|u| same_location(self.h.map, &u.at, at))
            .filter(|u| u.unit.side() == self.side && !u.hidden)
            .filter(|u| shot.targets.contains(&u.unit.id))
            .map(|u| value(u) * shot.worth_vs(morale(u)))
            .sum()
    }

    /// The enemy's best reply to the position as `self.h` holds it: each firer's best attack.
    pub fn blows(&self, value: &dyn Fn(&UnitAt) -> f32) -> Vec<Blow> {
        let mut ours: Vec<Location> = self
            .h
            .units
            .iter()
            .filter(|u| u.unit.side() == self.side && !u.hidden)
            .map(|u| u.at.clone())
            .collect();
        ours.sort_by_key(|l| format!("{l:?}"));
        ours.dedup();
        let mut out = Vec::new();
        for by in &self.firers {
            let best = ours
                .iter()
                .filter_map(|at| {
                    let shot = self.shot(by, at)?;
                    let loss = self.loss_at(at, &shot, value);
                    Some(Blow {
                        by: by.clone(),
                        at: at.clone(),
                        shot,
                        loss,
                    })
                })
                .max_by(|a, b| a.loss.total_cmp(&b.loss));
            out.extend(best.filter(|b| b.loss > 0.0));
        }
        out
    }

    /// The value the position as `self.h` holds it is expected to lose to the enemy's reply.
    pub fn loss(&self, value: &dyn Fn(&UnitAt) -> f32) -> f32 {
        self.blows(value).iter().map(|b| b.loss).sum()
    }

    /// The expected loss with unit `id` standing at `at` (the rest as they are), and the blow
    /// that takes most from it, if any; in the MPh `assault` when it got there by Assault
    /// Movement (A4.61: no FFNAM).
    pub fn loss_with(
        &mut self,
        id: &str,
        at: &Location,
        assault: bool,
        value: &dyn Fn(&UnitAt) -> f32,
    ) -> (f32, Option<Blow>) {
        let Some(i) = self.h.units.iter().position(|u| u.unit.id == id) else {
            return (0.0, None);
        };
        let was = std::mem::replace(&mut self.h.units[i].at, at.clone());
        let spent = self.h.units[i].unit.mf_spent;
        let assaulting = self.h.units[i].unit.assault_moving;
        let moving = self.h.tallies.moving.clone();
        let fired = std::mem::take(&mut self.h.tallies.fired_at_expenditure);
        if self.h.phase == Phase::Movement {
            // A8.1: it is the unit moving now, the one First Fire attacks, at a new expenditure
            // of MF (every unit may fire at it).
            self.h.units[i].unit.mf_spent = spent.max(1.0);
            self.h.units[i].unit.assault_moving = assault;
            self.h.tallies.moving = vec![id.to_string()];
        } else {
            self.h.tallies.fired_at_expenditure = fired.clone();
        }
        let blows = self.blows(value);
        self.h.units[i].at = was;
        self.h.units[i].unit.mf_spent = spent;
        self.h.units[i].unit.assault_moving = assaulting;
        self.h.tallies.moving = moving;
        self.h.tallies.fired_at_expenditure = fired;
        let total = blows.iter().map(|b| b.loss).sum();
        let worst = blows
            .into_iter()
            .filter(|b| b.at == *at)
            .max_by(|a, b| a.loss.total_cmp(&b.loss));
        (total, worst)
    }

    /// The expected loss once the units `ids` no longer hide (their HIP, "?" or Cloaking lost
    /// by firing, A12.15, E1.43).
    pub fn loss_unveiled(&mut self, ids: &[&str], value: &dyn Fn(&UnitAt) -> f32) -> f32 {
        let saved = self.h.units.clone();
        for u in self
            .h
            .units
            .iter_mut()
            .filter(|u| ids.contains(&u.unit.id.as_str()))
        {
            u.hidden = false;
            u.concealed = false;
            u.cloaked = false;
        }
        let loss = self.loss(value);
        self.h.units = saved;
        loss
    }
}

/// A unit's Morale Level as the view shows it (A10.1).
pub fn morale(u: &UnitAt) -> i32 {
    printed_morale(&u.unit)
}

fn hash_str(s: &str) -> u64 {
    // FNV-1a: stable across runs (a memo key, never written anywhere).
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in s.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// What an enemy attack's plan may depend on besides its firer and target: the enemy units,
/// SMOKE, light, Gunflashes, caves, the phase and who is ATTACKER.
fn fingerprint(h: &Situation, side: Side) -> u64 {
    let enemy: Vec<&UnitAt> = h.units.iter().filter(|u| u.unit.side() != side).collect();
    let text = format!(
        "{:?}|{:?}|{:?}|{:?}|{:?}|{:?}|{:?}|{:?}|{:?}|{:?}|{:?}|{:?}|{:?}",
        h.phase,
        h.turn,
        h.night,
        enemy,
        h.smoke,
        h.blazes,
        h.flames,
        h.starshells,
        h.irs,
        h.trip_flare_counters,
        h.gunflashes,
        h.hidden_caves,
        h.eliminated_caves,
    );
    hash_str(&text)
}
