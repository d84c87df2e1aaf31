//! The `asl-pto` command line (the contract is the shared docs' cli.md): subcommands, exit codes
//! (0 ran, 1 `check` found the scenario illegal, 2 bad input) and JSON output.

mod bench;
mod caves;
mod check;
mod cost;
mod light;
mod los;
mod moves;
mod view;
pub mod walk;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::model::Phase;
use crate::scenario::Scenario;

/// Rules-faithful simulation and 3D viewer for ASL's Pacific-theater rules.
#[derive(Parser, Debug)]
#[command(name = "asl-pto", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Open the 3D viewer on a scenario (the built-in one by default).
    View(view::Args),
    /// Is the scenario legal (map, caves, units, OB)? Exit 1 if not.
    Check {
        scenario: PathBuf,
        #[arg(long)]
        json: bool,
    },
    /// Every cave: level, Entrance Hex, Upper-Cliff, Accessibility (G11).
    Caves {
        scenario: PathBuf,
        #[arg(long)]
        json: bool,
    },
    /// LOS between two Locations (A6; G11.5 for caves).
    Los {
        scenario: PathBuf,
        from: String,
        to: String,
        #[arg(long)]
        json: bool,
    },
    /// Infantry MF to go FROM -> TO (adjacent Locations, caves, complexes); with --unit, as
    /// the walk would rule it for that unit.
    Cost {
        scenario: PathBuf,
        from: String,
        to: String,
        #[arg(long)]
        json: bool,
        /// Rule the move for this unit (standing in FROM), as the walk would.
        #[arg(long)]
        unit: Option<String>,
        /// With --unit: the phase (default Movement), the unit's side the ATTACKER.
        #[arg(long, requires = "unit")]
        phase: Option<Phase>,
    },
    /// Every Location UNIT can reach this phase, with MF and path.
    Moves {
        scenario: PathBuf,
        unit: String,
        /// The phase (Movement or MPh, any case), the unit's side the ATTACKER.
        #[arg(long, default_value = "Movement")]
        phase: Phase,
        #[arg(long)]
        json: bool,
    },
    /// Night: NVR, Illuminated and shadowed hexes, caves (E1).
    Light {
        scenario: PathBuf,
        #[arg(long)]
        json: bool,
    },
    /// Run the scenario's walkthrough script headless.
    Walk {
        scenario: PathBuf,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long)]
        json: bool,
        /// Stop after this many script steps (with --save).
        #[arg(long)]
        steps: Option<usize>,
        /// Write the walk's state to this file (RON) when it stops.
        #[arg(long)]
        save: Option<PathBuf>,
        /// Continue a saved walk (its seed and dice come from the save).
        #[arg(long)]
        load: Option<PathBuf>,
    },
    /// Performance figures: LOS over every pair of Locations on a full board.
    Bench {
        #[arg(long)]
        json: bool,
        /// Timed runs per figure (the median is reported).
        #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..=100))]
        runs: u32,
        /// Also time rendered frames of a 1-board and a 4-board map (needs the viewer and a
        /// graphics adapter; no display).
        #[arg(long)]
        render: bool,
    },
}

/// A failure to report on stderr as one `error:` line, with its exit code.
#[derive(Debug)]
pub struct Failure {
    pub code: u8,
    pub message: String,
}

impl Failure {
    /// Bad input: exit code 2.
    pub fn input(message: impl Into<String>) -> Failure {
        Failure {
            code: 2,
            message: message.into(),
        }
    }
}

pub(crate) fn load(path: &std::path::Path) -> Result<Scenario, Failure> {
    Scenario::load(path).map_err(|e| Failure::input(e.to_string()))
}

/// Prints JSON on stdout, one document per line.
pub(crate) fn print_json(v: &serde_json::Value) {
    println!("{v}");
}

/// Runs a parsed command line.
pub fn run(cli: Cli) -> Result<ExitCode, Failure> {
    match cli.command {
        // Without the viewer, the bare command checks the built-in scenario instead.
        #[cfg(not(feature = "viewer"))]
        None => check::builtin(),
        #[cfg(feature = "viewer")]
        None => view::run(view::Args::default()),
        Some(Command::View(args)) => view::run(args),
        Some(Command::Check { scenario, json }) => check::report(&load(&scenario)?, json),
        Some(Command::Los {
            scenario,
            from,
            to,
            json,
        }) => los::run(&load(&scenario)?, &from, &to, json),
        Some(Command::Bench { json, runs, render }) => bench::run(json, runs as usize, render),
        Some(Command::Caves { scenario, json }) => caves::run(&load(&scenario)?, json),
        Some(Command::Cost {
            scenario,
            from,
            to,
            json,
            unit: Some(unit),
            phase,
        }) => moves::cost_for_unit(
            load(&scenario)?,
            &from,
            &to,
            &unit,
            phase.unwrap_or(Phase::Movement),
            json,
        ),
        Some(Command::Cost {
            scenario,
            from,
            to,
            json,
            ..
        }) => cost::run(&load(&scenario)?, &from, &to, json),
        Some(Command::Moves {
            scenario,
            unit,
            phase,
            json,
        }) => moves::run(load(&scenario)?, &unit, phase, json),
        Some(Command::Light { scenario, json }) => light::run(&load(&scenario)?, json),
        Some(Command::Walk {
            scenario,
            seed,
            json,
            steps,
            save,
            load: saved,
        }) => walk::run(
            load(&scenario)?,
            &walk::Options {
                seed,
                json,
                steps,
                save: save.as_deref(),
                load: saved.as_deref(),
            },
        ),
    }
}

/// The program's entry point: parse, run, print the error line, pick the exit code.
pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            // Help and version go to stdout with 0; usage errors are exit 2 (clap's own).
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
        }
    };
    match run(cli) {
        Ok(code) => code,
        Err(f) => {
            eprintln!("error: {}", f.message);
            ExitCode::from(f.code)
        }
    }
}
