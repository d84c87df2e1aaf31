//! The rulings that decide the actions a player (or a walkthrough script) orders: one pure
//! function per action, over the `Situation` in plain facts, returning `Result<Plan, Refusal>`.
//! A plan says what changes and which dice the simulation must roll and what they decide; the
//! simulation rolls them, applies the plan and logs it with the plan's rule. The CLI (`cost`,
//! `moves`) and the viewer's Play mode call the same functions, so nothing re-implements a
//! ruling. One file per concept. `order` is the vocabulary every front end speaks (`Order`,
//! with typed ids), `legal` what a unit may do now (`judge`, `legal_orders`).

pub mod banzai;
pub mod cc_chances;
pub mod climb;
pub mod cloaking;
pub mod close_combat;
pub mod common;
pub mod dc;
pub mod dc_attack;
pub mod dc_ground;
pub mod fire;
pub mod fire_group;
pub mod fire_phase;
pub mod heroes;
pub mod illumination;
pub mod jitter;
pub mod kindle;
pub mod leader_loss;
pub mod legal;
pub mod look;
pub mod movement;
pub mod order;
pub mod phase;
pub mod rally;
pub mod rout;
pub mod search;
pub mod smoke;
pub mod trip_flares;
pub mod units;

pub use common::*;
pub use legal::{judge, known_enemy_locations, legal_orders, location_fire_group};
pub use order::{CaveId, Order, UnitId};
