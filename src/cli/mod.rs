//! The `asl-pto` command line (the contract is the shared docs' cli.md): subcommands, exit codes
//! (0 ran, 1 `check` found the scenario illegal, 2 bad input) and JSON output.

mod bench;
mod board;
mod caves;
mod check;

pub use check::findings as check_findings;
mod args;
mod cost;
mod dispatch;
mod duel;
mod failure;
mod import;
mod light;
mod los;
mod moves;
mod orders;
pub mod out;
mod sees;
pub use crate::save_file;
mod view;
pub mod walk;

pub use args::{Cli, Command, LOCATIONS_HELP};
pub use dispatch::{main, run, run_to};
pub use failure::Failure;
pub use out::Out;
