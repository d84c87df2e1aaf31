//! G1 The Japanese: Step Reduction and breaking of Japanese MMC (G1.1-G1.3), SMC and leaders
//! (G1.4-G1.41), T-H and DC Heroes (G1.42x), HIP (G1.631), night class and Concealment
//! (G1.6, G1.63).
//!
//! Small pure functions of plain inputs; dice are inputs, never rolled here. Every result
//! carries its rule number and a reason sentence. The generic Morale Check they build on is
//! `rules::morale`. Our source of G1 (seed 004) is cut off in places (e.g. G1.423's list of
//! what a new T-H Hero must immediately do); each function's doc says what it reads and assumes.

pub mod heroes;
pub mod hip;
pub mod smc;
pub mod stealth;
pub mod step;

pub use crate::rules::night::movement::{Amount, NightClass};
