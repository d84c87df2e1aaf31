//! G1.1-G1.16 Japanese squads (Step Reduction, Attack Break, Other Break, Casualty Reduction,
//! Unarmed, Deploying), G1.2 half-squads, G1.3 crews; and, for comparison, the normal break of
//! a non-Japanese MMC (A10.3, A10.31, A19.13).
//!
//! Every counter comes from the catalog (`assets/counters.ron`): its `reduced` side, its
//! `half_squad`, its `lower_class` (ELR Replacement) and, for an infantry-crew, the vehicle-crew
//! it `becomes_vehicle_crew`. A unit that breaks is also DM: every seed EX that breaks a unit
//! says "broken (and DM)".
//!
//! The outcome types and the catalog look-ups are in `outcome`; the rulings are by concept:
//! `reduction` (G1.11-G1.14, G1.2, G1.3: Japanese MMC breaking and Casualty Reduction),
//! `normal_break` (A10.3, A10.31, A19.13: a non-Japanese MMC, for comparison) and `deploy`
//! (G1.15 re-arming, G1.16 Deploying, G1.2/G1.3 Recombining).

mod deploy;
mod normal_break;
mod outcome;
mod reduction;

pub use deploy::{Recombined, deploy, may_deploy, rearmed_squad, recombine};
pub use normal_break::mmc_breaks;
pub use outcome::{Becomes, Cause, StepOutcome};
pub use reduction::{casualty_reduction, japanese_mmc_breaks};
