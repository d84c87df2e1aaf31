//! `asl-pto los SCENARIO FROM TO [--json]`: the LOS between two Locations.

use std::io::Write;
use std::process::ExitCode;

use serde_json::json;

use super::failure::Failure;
use super::out::Out;
use crate::los::{Effect, LosResult};
use crate::scenario::Scenario;

/// The JSON of a LOS answer (cli.md), with the thread's path added.
pub fn to_json(s: &Scenario, from: &str, to: &str, r: &LosResult) -> serde_json::Value {
    let map = &s.map;
    let path: Vec<serde_json::Value> = r
        .path
        .iter()
        .map(|p| {
            let (effect, drm) = match p.effect {
                Effect::Clear => ("clear", 0),
                Effect::Hinders(d) => ("hinders", d),
                Effect::Blocks(_) => ("blocks", 0),
            };
            json!({
                "hex": map.name(p.hex),
                "height": (f64::from(p.height) * 100.0).round() / 100.0,
                "along_hexside": p.along_hexside,
                "effect": effect,
                "drm": drm,
            })
        })
        .collect();
    json!({
        "from": from,
        "to": to,
        "clear": r.clear(),
        "range": r.sight.range,
        "hindrance": r.sight.hindrance,
        "blocked_at": r.sight.block.and_then(|b| b.hex()).map(|h| map.name(h)),
        "rule": r.rule,
        "reason": r.reason,
        "path": path,
    })
}

pub fn run(
    s: &Scenario,
    from: &str,
    to: &str,
    json: bool,
    out: &mut Out<impl Write>,
) -> Result<ExitCode, Failure> {
    let a = s.location(from).map_err(Failure::input)?;
    let b = s.location(to).map_err(Failure::input)?;
    // E1.101 (an Illuminated or Gunflash-marked target is seen beyond the NVR) is the
    // scenario's business: `sees` asks the same.
    let r = s
        .los(&a, &b, to)
        .map_err(|e| Failure::input(e.to_string()))?;
    let (fa, fb) = (a.display(&s.map).to_string(), b.display(&s.map).to_string());
    if json {
        out.json(&to_json(s, &fa, &fb, &r))?;
        return Ok(ExitCode::SUCCESS);
    }
    let verdict = if r.clear() { "clear" } else { "BLOCKED" };
    out.line(format_args!(
        "LOS {fa} -> {fb}: {verdict}{}",
        r.rule.map_or(String::new(), |rule| format!(" ({rule})"))
    ))?;
    out.line(format_args!(
        "  range {}, hindrance +{}",
        r.sight.range, r.sight.hindrance
    ))?;
    out.line(format_args!("  {}", r.reason))?;
    let thread: Vec<String> = r
        .path
        .iter()
        .map(|p| {
            let mark = match p.effect {
                Effect::Clear => String::new(),
                Effect::Hinders(d) => format!(" +{d}"),
                Effect::Blocks(_) => " X".into(),
            };
            let side = if p.along_hexside { "|" } else { "" };
            format!("{side}{}@{:.2}{mark}", s.map.name(p.hex), p.height)
        })
        .collect();
    // A LOS decided without tracing a thread (a cave and a Climber at its CA Hexside, G11.5)
    // has no hexes to list.
    if !thread.is_empty() {
        out.line(format_args!("  thread (hex@level): {}", thread.join("  ")))?;
    }
    Ok(ExitCode::SUCCESS)
}
