//! `asl-pto duel SCENARIO --games N --allied KIND --japanese KIND [--seed S] [--json]`: plays N
//! seeded games of a scenario to their end, both sides by the program (`duel`, through the match), and
//! reports each side's wins, the mean game length and the decisions made. Game `i` (from 0) is
//! played with seed `S + i`. The report is the same, byte for byte, for the same arguments; the
//! time the decisions took, which is not, goes to standard error.

use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use serde_json::json;

use super::failure::Failure;
use super::out::Out;
use crate::duel::play_game;
use crate::model::Side;
use crate::opponent::Kind;
use crate::scenario::Scenario;

/// What to play.
pub struct Options {
    pub games: u32,
    pub allied: Kind,
    pub japanese: Kind,
    pub seed: u64,
    pub json: bool,
    /// Print every game's events (what was said, the opponent's reasons first).
    pub events: bool,
}

/// The kind named `text`, or an input error naming the option.
pub fn kind(text: &str, option: &str) -> Result<Kind, Failure> {
    Kind::parse(text).ok_or_else(|| {
        Failure::input(format!(
            "{option} {text:?}: the opponent kinds are {}",
            crate::opponent::Kind::listed()
        ))
    })
}

/// `duel`: the games and the report.
pub fn run(s: Scenario, o: &Options, out: &mut Out<impl Write>) -> Result<ExitCode, Failure> {
    if s.turns.is_none() {
        return Err(Failure::input(format!(
            "{}: the scenario sets no `turns` (A26): a duel plays games to their end",
            s.file
        )));
    }
    if o.games == 0 || o.games > 10_000 {
        return Err(Failure::input(format!(
            "--games {}: play 1..10000 games",
            o.games
        )));
    }
    // Every game's seed fits (no wrapping round to seed 0).
    if o.seed.checked_add(u64::from(o.games) - 1).is_none() {
        return Err(Failure::input(format!(
            "--seed {} --games {}: the seeds {}..{} + {} pass {} (the largest seed); choose a \
             smaller --seed",
            o.seed,
            o.games,
            o.seed,
            o.seed,
            o.games - 1,
            u64::MAX
        )));
    }
    // A scenario `check` calls ILLEGAL is not played: its games would not be ASL.
    let (problems, _) = super::check::findings(&s);
    if let Some(p) = problems.first() {
        return Err(Failure::input(format!(
            "{}: the scenario is ILLEGAL ({} rule problem{}, the first: {} at {}: {}); `asl-pto \
             check` lists them, and a duel plays only a legal scenario",
            s.file,
            problems.len(),
            if problems.len() == 1 { "" } else { "s" },
            p.rule,
            p.at,
            p.message
        )));
    }
    let title = s.title.clone();
    // The game as set up and played by the core's match: no simulation (Bevy) needed.
    let s = std::sync::Arc::new(s);
    let (mut allied, mut japanese, mut none) = (0u32, 0u32, 0u32);
    let mut turns = 0u64;
    let mut decisions = 0u64;
    let t0 = Instant::now();
    for i in 0..o.games {
        let seed = o.seed + u64::from(i);
        let g = play_game(&s, o.allied, o.japanese, seed);
        match g.winner {
            Some(Side::Allied) => allied += 1,
            Some(Side::Japanese) => japanese += 1,
            None => none += 1,
        }
        turns += u64::from(g.player_turns);
        if o.events {
            for e in &g.said {
                if o.json {
                    out.json(&json!({
                        "game": i,
                        "turn": e.turn,
                        "attacker": e.attacker,
                        "phase": e.phase,
                        "event": e.event,
                        "unit": e.unit,
                        "rule": e.rule,
                        "dice": e.dice,
                        "text": e.text,
                    }))?;
                } else {
                    let rule = e.rule.as_ref().map_or(String::new(), |r| format!("[{r}] "));
                    let dice = e.dice.as_ref().map_or(String::new(), |d| {
                        let d: Vec<String> = d.iter().map(|x| x.to_string()).collect();
                        format!("(dice {}) ", d.join(","))
                    });
                    let unit = e.unit.as_ref().map_or(String::new(), |u| format!("{u}: "));
                    out.line(format!(
                        "game {i}, GT{} {} {}: {unit}{rule}{dice}{}",
                        e.turn, e.attacker, e.phase, e.text
                    ))?;
                }
            }
        }
        decisions += g.decisions.0 + g.decisions.1;
        if o.json {
            out.json(&json!({
                "game": i,
                "seed": seed,
                "winner": g.winner.map(|w| format!("{w:?}")),
                "player_turns": g.player_turns,
                "orders": g.orders.len(),
                "decisions": {"allied": g.decisions.0, "japanese": g.decisions.1},
                "why": g.why,
            }))?;
        }
    }
    let elapsed = t0.elapsed();
    let n = f64::from(o.games);
    let mean_turns = turns as f64 / n;
    let mean_decisions = decisions as f64 / n;
    if o.json {
        out.json(&json!({
            "scenario": title,
            "games": o.games,
            "seed": o.seed,
            "allied": o.allied.name(),
            "japanese": o.japanese.name(),
            "wins": {"allied": allied, "japanese": japanese, "none": none},
            "mean_player_turns": (mean_turns * 100.0).round() / 100.0,
            "mean_decisions": (mean_decisions * 100.0).round() / 100.0,
        }))?;
    } else {
        out.line(format!(
            "{title}: {} {}, Allied {} vs Japanese {}, seeds {}..{}",
            o.games,
            crate::words::noun(o.games as usize, "game", "games"),
            o.allied.name(),
            o.japanese.name(),
            o.seed,
            o.seed + (u64::from(o.games) - 1)
        ))?;
        out.line(format!(
            "wins: Allied {allied} ({:.0}%), Japanese {japanese} ({:.0}%), none {none}",
            100.0 * f64::from(allied) / n,
            100.0 * f64::from(japanese) / n
        ))?;
        out.line(format!(
            "mean game length: {mean_turns:.2} Player Turns; mean decisions per game: {mean_decisions:.1}"
        ))?;
    }
    eprintln!(
        "decision time: {:.1} ms per game ({:.3} s in all; not part of the report, which is the \
         same for the same arguments)",
        elapsed.as_secs_f64() * 1000.0 / n,
        elapsed.as_secs_f64()
    );
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
