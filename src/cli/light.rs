//! `asl-pto light SCENARIO [--json]`: the NVR, the Illuminated and shadowed hexes, and which
//! caves are Illuminated (E1.1, E1.9, G11.96).

use std::io::Write;
use std::process::ExitCode;

use serde_json::json;

use super::failure::Failure;
use super::out::Out;
use crate::los::LosEnv;
use crate::rules::caves::attack::cave_illuminated;
use crate::rules::night::light::{cave_lit, illuminate};
use crate::scenario::Scenario;

pub fn run(s: &Scenario, json: bool, out: &mut Out<impl Write>) -> Result<ExitCode, Failure> {
    let env = LosEnv::new(&s.map).obstacles_only();
    let sources = s.light_sources();
    let lighting = illuminate(&env, &sources);
    let (caves, _) = s.cave_system();
    // Hex lists in board order: by column, then row (the map's own order).
    let pick = |flags: &[bool]| -> Vec<String> {
        s.map
            .hexes()
            .filter(|d| s.map.index(d.hex).is_some_and(|i| flags[i]))
            .map(|d| s.map.name(d.hex))
            .collect()
    };
    let illuminated = pick(&lighting.illuminated);
    let shadowed = pick(&lighting.shadowed);
    let cave_light: serde_json::Map<String, serde_json::Value> = caves
        .caves
        .iter()
        .map(|c| (c.id.clone(), json!(cave_lit(&env, &lighting, c))))
        .collect();
    let nvr = s.nvr();
    if json {
        let srcs: Vec<_> = sources
            .iter()
            .map(|x| json!({"kind": x.kind, "hex": s.map.name(x.hex), "radius": x.radius()}))
            .collect();
        out.json(&json!({
            "night": s.night.is_some(),
            "nvr": nvr,
            "illuminated": illuminated,
            "shadowed": shadowed,
            "caves": cave_light,
            "sources": srcs,
        }))?;
        return Ok(ExitCode::SUCCESS);
    }
    let Some(n) = nvr else {
        // By day there is no NVR, nothing Illuminated or shadowed, no dark cave: say that once
        // rather than print empty night lists.
        out.line(format_args!(
            "{}: daylight: no night rules (E1) apply: no NVR, no Illuminated or shadowed hex, \
             no dark cave (G11.96 is a night rule)",
            s.file
        ))?;
        return Ok(ExitCode::SUCCESS);
    };
    out.line(format_args!("{}: night, Base NVR {n} (E1.1)", s.file))?;
    for x in &sources {
        out.line(format_args!(
            "  {} {}: Illuminated Zone of {} ({})",
            x.kind.name(),
            s.map.place(x.hex),
            crate::words::count(x.radius(), "hex", "hexes"),
            x.rule()
        ))?;
    }
    let list = |hexes: &[String]| {
        if hexes.is_empty() {
            "none".to_string()
        } else {
            hexes.join(" ")
        }
    };
    out.line(format_args!(
        "  Illuminated ({}): {}",
        illuminated.len(),
        list(&illuminated)
    ))?;
    out.line(format_args!(
        "  in a Blaze's zone but shadowed (E1.941) ({}): {}",
        shadowed.len(),
        list(&shadowed)
    ))?;
    for c in &caves.caves {
        // G11.96 with E1.94: only a Blaze's light on its hex reaches a cave.
        let r = cave_illuminated(
            lighting.is_lit_at_all_levels(&env, c.hex),
            s.map.index(c.hex).and_then(|i| lighting.by[i]),
            lighting.is_lit(&env, c.entrance),
        );
        debug_assert_eq!(r.holds, cave_lit(&env, &lighting, c));
        let state = if r.holds { "Illuminated" } else { "dark" };
        let why = if r.rule == "G11.96" {
            String::new()
        } else {
            format!(": {}", r.reason)
        };
        out.line(format_args!("  cave {}: {state} ({}){why}", c.id, r.rule))?;
    }
    Ok(ExitCode::SUCCESS)
}
