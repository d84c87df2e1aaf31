//! The one integration-test binary of the `asl-pto` crate: scenarios, LOS, caves, night, the
//! simulation, the CLI through the real binary, and the viewer's renders. Pure-rules tests live
//! in the core crate (`crates/core/tests/it`). Test names carry the rule and EX they check.

#[path = "../common/mod.rs"]
mod common;

mod banzai;
mod boards;
mod cave_attack_sites;
mod cave_attacks;
mod cave_entry;
mod cave_setup;
mod cave_sight;
mod caves;
mod check;
mod cli;
mod climbing;
mod close_combat;
mod crest;
mod demo_scenarios;
mod fire;
mod format;
mod legal_orders;
mod los;
mod moves;
mod night;
mod opponent;
mod opponent_play;
mod orders;
mod play;
mod rally;
mod readme;
mod render;
mod robustness;
mod rout;
mod scenario_fuzz;
mod sees;
mod sim;
mod tables;
mod trip_flares;
mod victory;
mod vsav;
mod walk_text;
mod watch;
mod window;
