//! `asl-pto caves SCENARIO [--json]`: every cave's level, Entrance Hex, Upper-Cliff status and
//! Accessibility (G11.1-G11.6).

use std::io::Write;
use std::process::ExitCode;

use serde_json::json;

use super::failure::Failure;
use super::out::Out;
use crate::rules::caves::TunnelEnd;
use crate::rules::caves::access::Under;
use crate::scenario::Scenario;

pub fn run(s: &Scenario, json: bool, out: &mut Out<impl Write>) -> Result<ExitCode, Failure> {
    let (system, problems) = s.cave_system();
    let name = |h| s.map.name(h);
    let rows: Vec<serde_json::Value> = system
        .caves
        .iter()
        .map(|c| {
            let across = c.ca.other(c.hex).unwrap_or(c.hex);
            json!({
                "id": c.id,
                "hex": name(c.hex),
                "ca": format!("{}-{}", name(c.hex), name(across)),
                "entrance": name(c.entrance),
                "level": c.level,
                "upper_cliff": c.upper_cliff,
                "in_depression": c.in_depression,
                "primary": c.primary,
                "complex": c.complex,
                "accessible": system.accessible_from(&Under::Cave(c.id.clone())),
            })
        })
        .collect();
    let tunnels_of = |primary: &str| tunnels_of(s, &system, primary);
    let complexes: Vec<serde_json::Value> = system
        .complexes
        .iter()
        .map(|x| {
            json!({
                "primary": x.primary,
                "hexes": x.hexes.iter().map(|h| name(*h)).collect::<Vec<_>>(),
                "stacking_limit": system.complex_stacking_limit(&x.primary),
                "accessible": system.accessible_from(&Under::Complex(x.primary.clone())),
                "tunnels": tunnels_of(&x.primary),
            })
        })
        .collect();
    if json {
        out.json(&json!({ "caves": rows, "problems": problems, "complexes": complexes }))?;
        return Ok(ExitCode::SUCCESS);
    }
    out.line(format_args!(
        "{}: {}",
        s.file,
        crate::words::count(system.caves.len() as i64, "cave", "caves")
    ))?;
    for (c, row) in system.caves.iter().zip(&rows) {
        let mut facts = vec![format!("Level {}", c.level)];
        if c.upper_cliff {
            facts.push("Upper-Cliff (G11.113)".into());
        }
        if c.in_depression {
            facts.push("IN a Depression (G11.111)".into());
        }
        if c.primary {
            facts.push("Primary (G11.2)".into());
        }
        if let Some(x) = &c.complex {
            facts.push(format!("in Cave Complex {x}{x}"));
        }
        out.line(format_args!(
            "  cave {} in {}, CA {}, Entrance Hex {}: {}",
            c.id,
            row["hex"].as_str().unwrap_or(""),
            row["ca"].as_str().unwrap_or(""),
            row["entrance"].as_str().unwrap_or(""),
            facts.join(", ")
        ))?;
        let acc = system.accessible_from(&Under::Cave(c.id.clone()));
        out.line(format_args!(
            "    Accessible (G11.6): {}",
            if acc.is_empty() {
                "none".to_string()
            } else {
                acc.join(", ")
            }
        ))?;
    }
    for x in &system.complexes {
        let mut acc = system.accessible_from(&Under::Complex(x.primary.clone()));
        // G11.933 (G11.6 EX): its tunnels, and through them what they lead to.
        acc.extend(
            tunnels_of(&x.primary)
                .into_iter()
                .map(|to| format!("the tunnel to {to} (G11.933)")),
        );
        out.line(format_args!(
            "  Cave Complex {0}{0} (Primary cave {0}): {1}, stacking limit {2} (G11.4); \
             Accessible: {3}",
            x.primary,
            crate::words::count(x.hexes.len() as i64, "hex", "hexes"),
            system.complex_stacking_limit(&x.primary).unwrap_or(0),
            acc.join(", ")
        ))?;
    }
    for p in &problems {
        out.line(format_args!(
            "  PROBLEM [{}] {}: {}",
            p.rule, p.at, p.message
        ))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// G11.933: a tunnel is Accessible to the Locations it connects: where the tunnels of Complex
/// `primary` lead (a hex, or another Complex).
fn tunnels_of(
    s: &Scenario,
    system: &crate::rules::caves::CaveSystem,
    primary: &str,
) -> Vec<String> {
    let end = |e: &TunnelEnd| match e {
        TunnelEnd::Complex(x) => format!("complex:{x}"),
        TunnelEnd::Hex(h) => s.map.name(*h),
    };
    let here = TunnelEnd::Complex(primary.to_string());
    system
        .tunnels
        .iter()
        .filter_map(|t| {
            if t.from == here {
                Some(end(&t.to))
            } else if t.to == here {
                Some(end(&t.from))
            } else {
                None
            }
        })
        .collect()
}
