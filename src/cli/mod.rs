//! The `asl-pto` command line (the contract is the shared docs' cli.md): subcommands, exit codes
//! (0 ran, 1 `check` found the scenario illegal, 2 bad input) and JSON output.

mod bench;
mod caves;
mod check;

pub use check::findings as check_findings;
mod cost;
mod light;
mod los;
mod moves;
pub mod out;
pub use crate::save_file;
mod view;
pub mod walk;

use std::io::Write;
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
        /// The dice seed (default: the scenario's `seed`, else 1).
        #[arg(long)]
        seed: Option<u64>,
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
        /// The map for `moves_ms` (one squad's legal-move field): this many benchmark boards,
        /// one above the other.
        #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..=8))]
        boards: u32,
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

pub use out::Out;

/// Runs a parsed command line, its output on stdout.
pub fn run(cli: Cli) -> Result<ExitCode, Failure> {
    // The viewer writes its own stdout (`--frame-bench`'s line) from Bevy's task threads: it
    // must not run while this thread holds the stdout lock (it would wait for it forever).
    match cli.command {
        #[cfg(feature = "viewer")]
        None => return view::run(view::Args::default()),
        Some(Command::View(args)) => return view::run(args),
        _ => {}
    }
    run_to(cli, &mut Out::stdout())
}

/// Runs a parsed command line, its output to `out`, and flushes it: a command whose output
/// cannot be written fails (exit 2), one whose reader went away ends quietly.
pub fn run_to<W: Write>(cli: Cli, out: &mut Out<W>) -> Result<ExitCode, Failure> {
    let r = dispatch(cli, out);
    let flushed = out.flush();
    let code = r?;
    flushed?;
    Ok(code)
}

fn dispatch<W: Write>(cli: Cli, out: &mut Out<W>) -> Result<ExitCode, Failure> {
    match cli.command {
        // Without the viewer, the bare command checks the built-in scenario instead.
        #[cfg(not(feature = "viewer"))]
        None => check::builtin(out),
        #[cfg(feature = "viewer")]
        None => view::run(view::Args::default()),
        Some(Command::View(args)) => view::run(args),
        Some(Command::Check { scenario, json }) => check::report(&load(&scenario)?, json, out),
        Some(Command::Los {
            scenario,
            from,
            to,
            json,
        }) => los::run(&load(&scenario)?, &from, &to, json, out),
        Some(Command::Bench {
            json,
            runs,
            render,
            boards,
        }) => bench::run(json, runs as usize, render, boards, out),
        Some(Command::Caves { scenario, json }) => caves::run(&load(&scenario)?, json, out),
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
            out,
        ),
        Some(Command::Cost {
            scenario,
            from,
            to,
            json,
            ..
        }) => cost::run(&load(&scenario)?, &from, &to, json, out),
        Some(Command::Moves {
            scenario,
            unit,
            phase,
            json,
        }) => moves::run(load(&scenario)?, &unit, phase, json, out),
        Some(Command::Light { scenario, json }) => light::run(&load(&scenario)?, json, out),
        Some(Command::Walk {
            scenario,
            seed,
            json,
            steps,
            save,
            load: saved,
        }) => {
            let s = load(&scenario)?;
            let seed = seed.or(s.seed).unwrap_or(1);
            walk::run(
                s,
                &walk::Options {
                    seed,
                    json,
                    steps,
                    scenario: Some(&scenario),
                    save: save.as_deref(),
                    load: saved.as_deref(),
                },
                out,
            )
        }
    }
}

/// The program's entry point: parse, run, print the error line, pick the exit code.
pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) if e.use_stderr() => {
            // A usage error: one line, exit 2.
            out::report(&out::usage_line(&e.render().to_string()));
            return ExitCode::from(2);
        }
        Err(e) => {
            // Help and version: stdout, exit 0 (through the writer: a closed pipe is fine, a
            // full disk is not).
            let mut o = Out::stdout();
            return match o.text(&e.render().to_string()).and_then(|()| o.flush()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(f) => {
                    out::report(&f.message);
                    ExitCode::from(f.code)
                }
            };
        }
    };
    // The tables our sources do not print (IFT, Falling DR, Wound Severity): the player's
    // `assets/tables.ron` (or ASL_PTO_TABLES) if there is one, else the built-in copy.
    match crate::rules::tables::find_and_load() {
        Ok(Some(t)) => {
            crate::rules::tables::install(t);
        }
        Ok(None) => {}
        Err(e) => {
            out::report(&e.to_string());
            return ExitCode::from(2);
        }
    }
    match run(cli) {
        Ok(code) => code,
        Err(f) => {
            out::report(&f.message);
            ExitCode::from(f.code)
        }
    }
}
