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
//!   ATTACKER's MPh at the unit moving now (the one whose last order spent MF,
//!   `Tallies::moving`), affecting it alone (A8.1, the eASLRB's text); Final Fire
//!   by the DEFENDER in the DFPh (a unit already marked First Fire only at an adjacent
//!   Location, and as Area Fire at half FP, A8.4, A7.353); Advancing Fire by the ATTACKER in
//!   its AFPh at half FP, not by a unit that Prep Fired. A unit that fired cannot fire again
//!   in that phase, but a unit marked First Fire fires once more in that MPh, Subsequent First
//!   Fire, at the unit moving now within its Normal Range when no Known enemy unit is closer
//!   to it (`fire_phase::subsequent_first_fire_range`), as Area Fire at half FP, and is then
//!   marked Final Fire (A8.3, our reading of public sources and of E1.551). One marked Final
//!   Fire fires again in that MPh only as Final Protective Fire, at the mover in its own or an
//!   ADJACENT Location, as Area Fire, the attack's Original IFT DR also a NMC DR for each such
//!   firer (`FirePlan::fpf`; A8.31, a published First Fire flowchart; G1.11/G1.12 name the
//!   "FPF MC"); as often as it passes.
//! - FP: each unit's printed FP, doubled at range <= 1 (PBF), halved beyond its normal range
//!   up to twice it (Long Range; refused beyond), halved when pinned, halved in the AFPh,
//!   halved vs a Location whose enemy units are all concealed or hidden (Area Fire; never for
//!   a cave's occupants, G11.812) or in a Subsequent First Fire, an FPF or a First Fire unit's
//!   Final Fire (A8.3, A8.31, A8.4; Area Fire halves once, A7.23). Fractions are kept; the total falls to the IFT column at or
//!   below it (`rules::ift::fire_column`).
//! - Final DRM: the highest LOS hindrance of any firer (A6.8), the target's TEM (terrain, or a
//!   cave's +4; a Climber on a cliff face is read as in Open Ground), E1.7's +1 Night LV DRM,
//!   and the directing leader's leadership modifier (his counter's second number: `9-1` is
//!   -1); Defensive First Fire's FFNAM and FFMO at the moving units (A8.1,
//!   `attack::first_fire_drm`). Height Advantage is not modelled.
//! - A Fire Group: units in one Location, or (by day) in a chain of adjacent Locations (A7.5);
//!   a leader directs only units in his own Location. A Location holding friendly units is not
//!   fired on, nor a Location a firer is in (that is Close Combat, A11).
//! - Cowering (A7.9, from the eASLRB's text): an Original Doubles IFT DR with no leader
//!   directing is resolved one column lower (no effect below the lowest); a berserk firer is
//!   exempt, a Fire Group with any other member is not (`attack::cowering`).
//! - A concealed firer loses "?" if any Good Order enemy ground unit has a LOS to it (at night
//!   regardless of NVR, E1.8); a hidden one loses HIP, and stays concealed if none has.
//!
//! Spraying Fire (G11.811, A9.5), FT (G11.834) and canister (G11.836) need MGs, FTs or Guns,
//! which the scenario format does not have; a Fire order names one target Location.
//!
//! The attack's plan and its IFT DR (`FirePlan::resolve`) are here; `attack` decides a Fire
//! order (`fire`: the Final DRM and the plan), with `parties` (who fires, at what), `firepower`
//! (LOS, range and FP) and `reveal` (what making an attack does to its maker's concealment).

mod attack;
mod firepower;
mod parties;
mod plan;
mod reveal;

pub use super::fire_group::leadership_drm;
pub use super::fire_phase::{fire_mark, rules_read};
pub use attack::fire;
pub use plan::*;
pub use reveal::attack_reveal;
