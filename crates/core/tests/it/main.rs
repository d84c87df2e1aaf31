//! The core crate's one integration-test binary: the rulings as pure functions, tested without
//! Bevy (`cargo test -p asl-pto-core`). Test names carry the rule and EX they check.

mod advance;
mod assault_movement;
mod banzai;
mod board;
mod cave_ccph;
mod close_combat;
mod doctrine;
mod doctrine_caves;
mod doctrine_dc;
mod game;
mod holes;
mod japanese;
mod japanese_orders;
mod movement;
mod moves;
mod night_rules;
mod odds;
mod opponent;
mod orders;
mod players;
mod published;
mod rally;
mod rout;
mod saves;
mod scenarios;
mod stacking;
mod state_check;
mod the_match;
mod vasl;
mod victory;
mod vsav;
mod vsav_limits;
mod vsav_reading;
