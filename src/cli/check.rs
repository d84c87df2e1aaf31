//! `asl-pto check SCENARIO [--json]`: is the scenario legal? Exit 1 when a rule is broken.

use std::io::Write;
use std::process::ExitCode;

use serde_json::json;

use super::failure::Failure;
use super::out::Out;
use crate::counters::{Catalog, Kind, Lookup};
use crate::los::Location;
use crate::rules::{Problem, setup};
use crate::scenario::{Nationality, Scenario, UnitDef};

/// Every rule problem of a loaded scenario, and the notes of what rules changed.
pub fn findings(s: &Scenario) -> (Vec<Problem>, Vec<crate::rules::Note>) {
    let mut problems = setup::cliff_problems(&s.map);
    let (caves, cave_problems) = s.cave_system();
    problems.extend(cave_problems);
    if let Some(ob) = s.ob_caves {
        problems.extend(caves.ob_problems(ob));
    }
    let catalog = Catalog::get();
    let occupants: Vec<(&str, f32)> = s
        .units
        .iter()
        .filter_map(
            |u| match (&u.at, catalog.lookup(u.nationality, &u.counter)) {
                (Location::Complex(x), Lookup::Mmc(c)) => Some((x.as_str(), c.squad_equivalents())),
                _ => None,
            },
        )
        .collect();
    problems.extend(caves.setup_stacking_problems(&occupants));
    problems.extend(setup::who_may_be_underground(s.units.iter().map(|u| {
        (u.id.as_str(), u.nationality == Nationality::Japanese, &u.at)
    })));
    // The Japanese units with the catalog's kind of their counter.
    let japanese: Vec<(&UnitDef, Kind)> = s
        .units
        .iter()
        .filter(|u| u.nationality == Nationality::Japanese)
        .filter_map(|u| match catalog.lookup(u.nationality, &u.counter) {
            Lookup::Mmc(c) => Some((u, c.kind)),
            Lookup::Leader => Some((u, Kind::Leader)),
            _ => None,
        })
        .collect();
    problems.extend(setup::japanese_hip_problems(
        japanese.iter().map(|(u, kind)| {
            let underground = matches!(u.at, Location::Cave(_) | Location::Complex(_));
            (u.id.as_str(), *kind, u.hidden, underground)
        }),
        s.night.is_some(),
    ));
    problems.extend(setup::lone_hidden_smc_problems(
        japanese
            .iter()
            .map(|(u, kind)| (u.id.as_str(), *kind, u.hidden, &u.at)),
    ));
    problems.extend(setup::cloaking_problems(
        s.units.iter().map(|u| (u.id.as_str(), u.side(), u.cloaked)),
        s.night.is_some(),
        s.scenario_attacker,
    ));
    if !s.trip_flares.is_empty() {
        problems.extend(setup::trip_flare_problems(
            &s.map,
            &s.trip_flare_scenario(),
            &s.trip_flares,
            s.ob_trip_flares,
        ));
    }
    let notes = setup::pto_notes(&s.map);
    (problems, notes)
}

pub fn report(s: &Scenario, json: bool, out: &mut Out<impl Write>) -> Result<ExitCode, Failure> {
    let (problems, notes) = findings(s);
    let ok = problems.is_empty();
    if json {
        out.json(&json!({
            "ok": ok,
            "problems": problems,
            "notes": notes,
        }))?;
    } else {
        out.line(format_args!("{}: \"{}\"", s.file, s.title))?;
        out.line(format_args!(
            "  map: {} x {}{}, {}, {}, {}",
            crate::words::count(s.map.columns, "column", "columns"),
            crate::words::count(s.map.rows, "row", "rows"),
            match (&s.map.layout, &s.map.board) {
                (Some(l), _) => format!(
                    " (boards {})",
                    l.boards
                        .iter()
                        .map(|b| if b.rotated {
                            format!("{} rotated", b.name)
                        } else {
                            b.name.clone()
                        })
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                (None, Some(b)) => format!(" (board {b})"),
                (None, None) => String::new(),
            },
            crate::words::count(s.map.hexes().count() as i64, "hex", "hexes"),
            crate::words::count(
                s.map.crest_lines().len() as i64,
                "Crest Line hexside",
                "Crest Line hexsides"
            ),
            crate::words::count(
                s.map.cliffs().len() as i64,
                "cliff hexside",
                "cliff hexsides"
            ),
        ))?;
        out.line(format_args!(
            "  {}, {}{}",
            crate::words::count(s.caves.len() as i64, "cave", "caves"),
            crate::words::count(s.units.len() as i64, "unit", "units"),
            if s.night.is_some() {
                ", night"
            } else {
                ", day"
            }
        ))?;
        for n in &notes {
            out.line(format_args!("  note [{}] {}: {}", n.rule, n.at, n.message))?;
        }
        for p in &problems {
            out.line(format_args!(
                "  PROBLEM [{}] {}: {}",
                p.rule, p.at, p.message
            ))?;
        }
        out.line(format_args!(
            "{}",
            if ok {
                "legal".to_string()
            } else {
                format!(
                    "ILLEGAL: {}",
                    crate::words::count(problems.len() as i64, "problem", "problems")
                )
            }
        ))?;
    }
    Ok(if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// `asl-pto` with no arguments, until the viewer exists: check the built-in scenario.
#[cfg_attr(feature = "viewer", allow(dead_code))]
pub fn builtin(out: &mut Out<impl Write>) -> Result<ExitCode, Failure> {
    report(&Scenario::builtin(), false, out)
}
