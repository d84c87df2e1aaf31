//! `asl-pto cost SCENARIO FROM TO [--json]`: Infantry MF to go FROM -> TO (G11.7-G11.751 for
//! caves and Cave Complexes; A4/B11.4 between adjacent above-ground hexes).

use std::io::Write;
use std::process::ExitCode;

use serde_json::json;

use super::failure::Failure;
use super::out::Out;
use crate::rules::caves::entry::cost;
use crate::scenario::Scenario;

pub fn run(
    s: &Scenario,
    from: &str,
    to: &str,
    json: bool,
    out: &mut Out<impl Write>,
) -> Result<ExitCode, Failure> {
    let a = s.location(from).map_err(Failure::input)?;
    let b = s.location(to).map_err(Failure::input)?;
    let (caves, _) = s.cave_system();
    let c = cost(&s.map, &caves, &a, &b, s.night.is_some());
    let (fa, fb) = (a.display(&s.map).to_string(), b.display(&s.map).to_string());
    if json {
        out.json(&json!({
            "from": fa,
            "to": fb,
            "allowed": c.allowed,
            // Whole MF print as integers (3, not 3.0); grain's 1.5 stays a fraction.
            "mf": c.mf.map(|m| if m.fract() == 0.0 { json!(m as i64) } else { json!(m) }),
            "climbing": c.climbing,
            "rule": c.rule,
            "reason": c.reason,
        }))?;
        return Ok(ExitCode::SUCCESS);
    }
    let verdict = match (c.allowed, c.climbing, c.mf) {
        (false, _, _) => "NOT ALLOWED".to_string(),
        (true, true, _) => "only by Climbing".to_string(),
        (true, false, Some(mf)) => format!("{mf} MF"),
        (true, false, None) => "allowed".to_string(),
    };
    out.line(format_args!("{fa} -> {fb}: {verdict} ({})", c.rule))?;
    out.line(format_args!("  {}", c.reason))?;
    Ok(ExitCode::SUCCESS)
}
