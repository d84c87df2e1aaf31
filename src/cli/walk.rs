//! `asl-pto walk SCENARIO [--seed N] [--json] [--steps K --save FILE] [--load FILE]`: runs the
//! scenario's walkthrough script (the core's match, `play::Match`, no Bevy) and prints its events:
//! JSON Lines with `--json`, else one readable line each (turn, ATTACKER, phase, step, rule,
//! dice, sentence). `--steps K --save FILE` stops after K steps and writes a save (RON);
//! `--load FILE` continues a saved walk (its seed and dice come from the save).

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use super::failure::Failure;
use super::out::Out;
use super::save_file::{same_file, write_atomically};
use crate::play::{Match, Program, check as save_check, replay, save};
use crate::scenario::{MAX_INPUT_BYTES, Scenario, input};

/// What to do with the walk.
pub struct Options<'a> {
    pub seed: u64,
    pub json: bool,
    pub steps: Option<usize>,
    /// The scenario file, when the walk's scenario was read from one (a save may not replace
    /// it).
    pub scenario: Option<&'a Path>,
    pub save: Option<&'a Path>,
    pub load: Option<&'a Path>,
    /// `--opponent SIDE[=KIND]`: the side the program plays where the script gives it no order
    /// (issue 28).
    pub opponent: Option<(crate::model::Side, crate::opponent::Kind)>,
}

/// A save against `--opponent` (`flag`, as given, if given): a save of a game against the
/// program brings its opponent back (`--opponent` may be left out, or must name the same side
/// and kind); a save of a game without one is not continued against one. Returns the opponent
/// the game goes on with.
pub fn opponent_of_save(
    file: &Path,
    flag: Option<(crate::model::Side, crate::opponent::Kind)>,
    saved: &save::Save,
) -> Result<Option<(crate::model::Side, crate::opponent::Kind)>, Failure> {
    let theirs = saved
        .opponent
        .as_ref()
        .map(|o| (o.memory.side, o.memory.kind));
    let name = |(side, kind): (crate::model::Side, crate::opponent::Kind)| {
        format!(
            "{}={}",
            match side {
                crate::model::Side::Japanese => "japanese",
                crate::model::Side::Allied => "allied",
            },
            kind.name()
        )
    };
    match (flag, theirs) {
        (Some(f), Some(t)) if f != t => Err(Failure::input(format!(
            "{}: the save's game is against --opponent {}, not {}",
            file.display(),
            name(t),
            name(f)
        ))),
        (Some(f), None) => Err(Failure::input(format!(
            "{}: the save's game has no opponent (both sides were ordered): it cannot go on \
             against --opponent {}",
            file.display(),
            name(f)
        ))),
        _ => Ok(theirs),
    }
}

/// `--opponent SIDE[=KIND]`: `japanese`, `allied`, `japanese=random`, ...; an input error
/// naming what is wrong.
pub fn parse_opponent(text: &str) -> Result<(crate::model::Side, crate::opponent::Kind), Failure> {
    let (side, kind) = text.split_once('=').unwrap_or((text, "doctrine"));
    let side = match side.to_ascii_lowercase().as_str() {
        "japanese" => crate::model::Side::Japanese,
        "allied" | "allies" => crate::model::Side::Allied,
        _ => {
            return Err(Failure::input(format!(
                "--opponent {text:?}: the side is `japanese` or `allied` (e.g. `japanese=doctrine`)"
            )));
        }
    };
    let kind = crate::opponent::Kind::parse(kind).ok_or_else(|| {
        Failure::input(format!(
            "--opponent {text:?}: the opponent kinds are {}",
            crate::opponent::Kind::listed()
        ))
    })?;
    Ok((side, kind))
}

/// Reads, checks and loads the save at `path` into the match `m`: every problem is one line
/// naming the save file and the line and column (or the offending id). The save's steps are
/// replayed from the scenario's start with its seed (`replay::replay_checked`): a save whose state,
/// dice or events are not where its steps lead (edited by hand) is refused, so a loaded walk
/// always continues the game that was played; its past events are put back in the log, so a
/// save taken later digests the whole game. Returns how many events the past holds.
pub(super) fn load_save(m: &mut Match, path: &Path) -> Result<usize, Failure> {
    let text =
        input::read_text(path, MAX_INPUT_BYTES).map_err(|e| Failure::input(e.to_string()))?;
    let file = path.display();
    save_check::check_text_header(&text, m.scenario()).map_err(|o| {
        let sep = if o.at(&text).is_some() { "" } else { " " };
        Failure::input(format!("{file}:{sep}{}", o.located(&text)))
    })?;
    let saved = save::from_ron(&text, &m.scenario().map)
        .map_err(|e| Failure::input(format!("{file}:{e}")))?;
    let flag = m
        .program
        .as_ref()
        .map(|p| (p.opponent.side, p.opponent.kind));
    opponent_of_save(path, flag, &saved)?;
    let scenario = m.scenario().clone();
    save_check::check(&saved, &scenario).map_err(|o| {
        let sep = if o.at(&text).is_some() { "" } else { " " };
        Failure::input(format!("{file}:{sep}{}", o.located(&text)))
    })?;
    let past = replay::replay_checked(&scenario, &saved).map_err(|d| {
        let why = departs(&text, &saved, &d, &scenario.map);
        Failure::input(format!("{file}:{why}"))
    })?;
    m.load(&saved)
        .map_err(|e| Failure::input(format!("{file}: {e}")))?;
    let n = past.events.len();
    m.log = past.events;
    Ok(n)
}

/// `LINE:COL: why` for a save whose steps do not lead to its state: the first line that differs
/// from the replay's, found in the save's text.
pub(super) fn departs(
    text: &str,
    saved: &save::Save,
    d: &replay::Departs,
    map: &crate::map::Map,
) -> String {
    let why = "the save's state does not follow from its steps with its seed (a save edited by \
               hand, or written by another version of the program): it is refused, so that a \
               loaded walk always continues the game that was played";
    let Some(replayed) = &d.replayed else {
        return format!(" {why}; its steps do not even reach its position");
    };
    // A sealed save (against the program, with the fog of war) tells nothing of its content.
    if save::keeps_secrets(saved) {
        return format!(" {why} (its sealed content was changed)");
    }
    let Some((line, nth, theirs)) = save::first_difference(saved, replayed, map) else {
        return format!(" {why}");
    };
    // Only the seal differs: a field the steps do not show was edited (or the seal itself).
    if line.starts_with("seal:") || theirs.as_deref().is_some_and(|t| t.starts_with("seal:")) {
        let (l, c) = text
            .lines()
            .enumerate()
            .find(|(_, x)| x.trim_start().starts_with("seal:"))
            .map_or((1, 1), |(i, x)| (i + 1, x.len() - x.trim_start().len() + 1));
        return format!(
            "{l}:{c}: {why}: only its seal differs, so a field its steps do not show (its seed \
             before any roll, its fog, the program's own dice) or the seal itself was edited"
        );
    }
    // The same occurrence of that line in the file (a line like `broken: true,` stands once per
    // unit), else the first, else the file's start.
    let found: Vec<(usize, usize)> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| l.trim() == line)
        .map(|(i, l)| (i + 1, l.len() - l.trim_start().len() + 1))
        .collect();
    let (l, c) = found.get(nth).or(found.first()).copied().unwrap_or((1, 1));
    let shown = crate::cli::out::escape_controls(&line);
    let whose = unit_of_line(text, l).map_or(String::new(), |id| {
        format!(" in unit '{}'", crate::cli::out::escape_controls(&id))
    });
    match theirs {
        Some(t) => format!(
            "{l}:{c}: {why}: the save has `{shown}`{whose} where its steps lead to `{}`",
            crate::cli::out::escape_controls(&t)
        ),
        None => {
            format!("{l}:{c}: {why}: the save has `{shown}`{whose}, which its steps do not lead to")
        }
    }
}

/// The unit whose entry in the save's `units` holds line `l` (1-based), if any: the nearest
/// `id: "..."` above it inside the same unit (a Location's `q: 7,` says little on its own).
fn unit_of_line(text: &str, l: usize) -> Option<String> {
    let lines: Vec<&str> = text.lines().collect();
    let indent = |s: &str| s.len() - s.trim_start().len();
    let mut in_units = false;
    let mut id = None;
    for line in lines.get(..l)?.iter().rev() {
        let t = line.trim();
        if id.is_none()
            && let Some(rest) = t.strip_prefix("id: \"")
        {
            id = rest.strip_suffix("\",").map(str::to_string);
        }
        if t == "units: [" {
            in_units = true;
            break;
        }
        if indent(line) < 12 {
            break;
        }
    }
    id.filter(|_| in_units)
}

/// Runs the walk and returns its printed lines.
pub fn lines(s: Scenario, o: &Options) -> Result<Vec<String>, Failure> {
    if let (Some(save), Some(scenario)) = (o.save, o.scenario)
        && same_file(save, scenario)
    {
        return Err(Failure::input(format!(
            "--save {}: that is the scenario file itself; save the walk to another file",
            save.display()
        )));
    }
    if o.opponent.is_some() && s.script.iter().any(|st| st.opponent) {
        return Err(Failure::input(
            "--opponent: this script already holds the program's orders (steps with `opponent: \
             true`, an exported game against it): walk it without --opponent",
        ));
    }
    let mut m = Match::new(std::sync::Arc::new(s), o.seed);
    if let Some((side, kind)) = o.opponent {
        m.program = Some(Program::new(side, kind, o.seed));
    }
    let mut past = 0;
    if let Some(path) = o.load {
        past = load_save(&mut m, path)?;
        // A walk plays the script: a save of a game played against the program in the viewer
        // is continued by its steps, the program deciding nothing of its own here.
        if m.recording
            && let Some(p) = m.program.as_mut()
        {
            p.decides = false;
        }
    }
    let mut run = 0;
    while o.steps.is_none_or(|k| run < k) && m.run_next() {
        run += 1;
    }
    if let Some(path) = o.save {
        let saved = m
            .save()
            .map_err(|e| Failure::input(format!("{}: {e}", path.display())))?;
        write_atomically(path, save::to_ron(&saved, &m.scenario().map).as_bytes()).map_err(
            |e| {
                Failure::input(format!(
                    "{}: cannot write the save (the previous save, if any, is unchanged): {e}",
                    path.display()
                ))
            },
        )?;
    }
    // A loaded walk prints what follows the save (its past was printed when it was played).
    Ok(m.log
        .iter()
        .skip(past)
        .map(|e| if o.json { e.json() } else { e.readable() })
        .collect())
}

pub fn run(s: Scenario, o: &Options, out: &mut Out<impl Write>) -> Result<ExitCode, Failure> {
    if o.steps.is_some() != o.save.is_some() {
        return Err(Failure::input("--steps K and --save FILE go together"));
    }
    let title = s.title.clone();
    let no_script = s.script.is_empty();
    let lines = lines(s, o)?;
    if !o.json && o.load.is_none() {
        out.line(format_args!("{title}: walkthrough, seed {}", o.seed))?;
        if no_script {
            out.line(
                "This scenario has no script (its `script` list is empty or absent): there is \
                 nothing to walk. The `view` subcommand shows its map and units.",
            )?;
        }
    }
    for l in lines {
        out.line(l)?;
    }
    Ok(ExitCode::SUCCESS)
}
