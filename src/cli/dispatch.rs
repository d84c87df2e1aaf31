//! Running a parsed command line: each subcommand's module called, its output on stdout, a
//! failure reported as one `error:` line with its exit code.

use std::io::Write;
use std::process::ExitCode;

use clap::Parser;

use super::args::{Cli, Command};
use super::failure::{Failure, load};
use super::out::{self, Out};
use super::{
    bench, board, caves, check, cost, duel, import, light, los, moves, orders, sees, view, walk,
};
use crate::model::Phase;

/// Runs a parsed command line, its output on stdout.
pub fn run(cli: Cli) -> Result<ExitCode, Failure> {
    // The viewer writes its own stdout (`--frame-bench`'s line) from Bevy's task threads: it
    // must not run while this thread holds the stdout lock (it would wait for it forever).
    crate::scenario::vasl::set_folders(cli.vasl_boards.clone(), cli.vasl_metadata.clone());
    match cli.command {
        #[cfg(feature = "viewer")]
        None => return view::run(view::Args::default()),
        Some(Command::View(args)) => return view::run(*args),
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
    crate::scenario::vasl::set_folders(cli.vasl_boards.clone(), cli.vasl_metadata.clone());
    match cli.command {
        // Without the viewer, the bare command checks the built-in scenario instead.
        #[cfg(not(feature = "viewer"))]
        None => check::builtin(out),
        #[cfg(feature = "viewer")]
        None => view::run(view::Args::default()),
        Some(Command::View(args)) => view::run(*args),
        Some(Command::Check { scenario, json }) => check::report(&load(&scenario)?, json, out),
        Some(Command::Los {
            scenario,
            from,
            to,
            json,
        }) => los::run(&load(&scenario)?, &from, &to, json, out),
        Some(Command::Sees {
            scenario,
            location,
            night,
            day,
            json,
        }) => {
            let sky = sees::Sky::of_flags(night, day);
            sees::run(load(&scenario)?, &location, sky, json, out)
        }
        Some(Command::Bench {
            json,
            runs,
            render,
            boards,
        }) => bench::run(json, runs as usize, render, boards, out),
        Some(Command::Caves { scenario, json }) => caves::run(&load(&scenario)?, json, out),
        Some(Command::Board { archive, json }) => board::run(&archive, json, out),
        Some(Command::Import {
            game,
            boards,
            output,
            json,
        }) => import::run(
            &game,
            &import::Options {
                boards: boards.as_deref(),
                output: output.as_deref(),
                json,
            },
            out,
        ),
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
        Some(Command::Orders {
            scenario,
            unit,
            phase,
            load: saved,
            odds,
            json,
        }) => orders::run_file(
            &scenario,
            &unit,
            &orders::Options {
                phase,
                load: saved.as_deref(),
                odds,
                json,
            },
            out,
        ),
        Some(Command::Light { scenario, json }) => light::run(&load(&scenario)?, json, out),
        Some(Command::Duel {
            scenario,
            games,
            allied,
            japanese,
            seed,
            json,
            events,
        }) => duel::run(
            load(&scenario)?,
            &duel::Options {
                games,
                allied: duel::kind(&allied, "--allied")?,
                japanese: duel::kind(&japanese, "--japanese")?,
                seed,
                json,
                events,
            },
            out,
        ),
        Some(Command::Walk {
            scenario,
            seed,
            json,
            steps,
            save,
            load: saved,
            opponent,
        }) => {
            let s = load(&scenario)?;
            let seed = seed.or(s.seed).unwrap_or(1);
            let opponent = opponent.as_deref().map(walk::parse_opponent).transpose()?;
            walk::run(
                s,
                &walk::Options {
                    seed,
                    json,
                    steps,
                    scenario: Some(&scenario),
                    save: save.as_deref(),
                    load: saved.as_deref(),
                    opponent,
                },
                out,
            )
        }
    }
}

/// A write past a file-size limit (`ulimit -f`) raises SIGXFSZ, which kills the process with no
/// word said and a save's temporary file left behind. Ignored, the write fails with EFBIG
/// instead, and the program reports it as any failed write: one line, exit 2, nothing lost.
fn ignore_file_size_signal() {
    #[cfg(unix)]
    // SAFETY: setting a signal's disposition to SIG_IGN at start, before any thread is spawned;
    // no handler runs.
    unsafe {
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
    }
}

/// The program's entry point: parse, run, print the error line, pick the exit code.
pub fn main() -> ExitCode {
    ignore_file_size_signal();
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
    // The greedy opponent's weights: the player's `assets/opponent/greedy.ron` (or
    // ASL_PTO_WEIGHTS) if there is one, else the built-in copy.
    match crate::opponent::weights::find_and_load() {
        Ok(Some(w)) => {
            crate::opponent::weights::install(w);
        }
        Ok(None) => {}
        Err(e) => {
            out::report(&e);
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
