//! `asl-pto walk SCENARIO [--seed N] [--json] [--steps K --save FILE] [--load FILE]`: runs the
//! scenario's walkthrough script headless (the simulation, `crate::sim`) and prints its events:
//! JSON Lines with `--json`, else one readable line each (turn, ATTACKER, phase, step, rule,
//! dice, sentence). `--steps K --save FILE` stops after K steps and writes a save (RON);
//! `--load FILE` continues a saved walk (its seed and dice come from the save).

use std::path::Path;
use std::process::ExitCode;

use super::Failure;
use crate::scenario::Scenario;
use crate::sim::{self, WalkLog, runner, save};

/// What to do with the walk.
pub struct Options<'a> {
    pub seed: u64,
    pub json: bool,
    pub steps: Option<usize>,
    pub save: Option<&'a Path>,
    pub load: Option<&'a Path>,
}

/// Runs the walk and returns its printed lines.
pub fn lines(s: Scenario, o: &Options) -> Result<Vec<String>, Failure> {
    let mut app = sim::headless(s, o.seed);
    if let Some(path) = o.load {
        let text = std::fs::read_to_string(path).map_err(|e| {
            Failure::input(format!("{}: cannot read the save: {e}", path.display()))
        })?;
        let saved = save::from_ron(&text)
            .map_err(|e| Failure::input(format!("{}: {e}", path.display())))?;
        save::load(app.world_mut(), &saved)
            .map_err(|e| Failure::input(format!("{}: {e}", path.display())))?;
        app.update();
    }
    let mut run = 0;
    while o.steps.is_none_or(|k| run < k) && runner::run_step(&mut app) {
        run += 1;
    }
    if let Some(path) = o.save {
        let saved = save::save(app.world_mut())
            .map_err(|e| Failure::input(format!("{}: {e}", path.display())))?;
        std::fs::write(path, save::to_ron(&saved)).map_err(|e| {
            Failure::input(format!("{}: cannot write the save: {e}", path.display()))
        })?;
    }
    let log = app.world().resource::<WalkLog>();
    Ok(log
        .events
        .iter()
        .map(|e| if o.json { e.json() } else { e.readable() })
        .collect())
}

pub fn run(s: Scenario, o: &Options) -> Result<ExitCode, Failure> {
    if o.steps.is_some() != o.save.is_some() {
        return Err(Failure::input("--steps K and --save FILE go together"));
    }
    let title = s.title.clone();
    let out = lines(s, o)?;
    if !o.json && o.load.is_none() {
        println!("{title}: walkthrough, seed {}", o.seed);
    }
    for l in out {
        println!("{l}");
    }
    Ok(ExitCode::SUCCESS)
}
