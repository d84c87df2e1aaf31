//! `asl-pto sees SCENARIO LOCATION [--night | --day] [--json]`: every Location of the map as
//! one Location sees it (A6, G11.5, E1.1, E1.101), each pair exactly as `los` rules it.

use std::io::Write;
use std::process::ExitCode;

use serde_json::json;

use super::failure::Failure;
use super::out::Out;
use crate::rules::sight::{Class, Seen};
use crate::scenario::{Field, Scenario};

pub use crate::scenario::Sky;

/// The JSON of a field (cli.md): `from`, `night`, `locations`, then `nvr` and `counts`.
pub fn to_json(s: &Scenario, f: &Field) -> serde_json::Value {
    let map = &s.map;
    let locations: Vec<serde_json::Value> = f
        .seen
        .iter()
        .map(|x| {
            json!({
                "at": x.at.display(map).to_string(),
                "class": x.class.name(),
                "hindrance": x.hindrance,
                "rule": x.rule,
                "range": x.range,
                "blocked_at": x.blocked_at.map(|h| map.name(h)),
            })
        })
        .collect();
    let counts: serde_json::Map<String, serde_json::Value> = Class::ALL
        .iter()
        .map(|c| (c.name().to_string(), json!(count(f, *c))))
        .collect();
    json!({
        "from": f.from.display(map).to_string(),
        "night": f.nvr.is_some(),
        "locations": locations,
        "nvr": f.nvr,
        "counts": counts,
    })
}

fn count(f: &Field, c: Class) -> usize {
    f.seen.iter().filter(|x| x.class == c).count()
}

/// One Location in the text's lists: `K7(+1)` hindered, `F7(G6 A6.2)` blocked.
fn item(s: &Scenario, x: &Seen) -> String {
    let at = x.at.display(&s.map).to_string();
    match x.class {
        Class::Hindered => format!("{at}(+{})", x.hindrance),
        Class::Lit if x.hindrance > 0 => format!("{at}(+{})", x.hindrance),
        Class::Blocked => {
            let rule = x.rule.unwrap_or("");
            match x.blocked_at {
                Some(h) => format!("{at}({} {rule})", s.map.name(h)),
                None => format!("{at}({rule})"),
            }
        }
        _ => at,
    }
}

pub fn run(
    s: Scenario,
    location: &str,
    sky: Sky,
    json: bool,
    out: &mut Out<impl Write>,
) -> Result<ExitCode, Failure> {
    let assumed = sky == Sky::Night && s.night.is_none();
    let s = s.with_sky(sky);
    let from = s.location(location).map_err(Failure::input)?;
    let f = s.sees(&from).map_err(|e| Failure::input(e.to_string()))?;
    if json {
        out.json(&to_json(&s, &f))?;
        return Ok(ExitCode::SUCCESS);
    }
    let sky_text = match f.nvr {
        None => "by day, no NVR".to_string(),
        Some(n) if assumed => {
            format!("at night, NVR {n} (E1.1; a clear night under a Full Moon assumed, E1.11)")
        }
        Some(n) => format!("at night, NVR {n} (E1.1)"),
    };
    out.line(format_args!(
        "{}: what {} sees {sky_text}: {}",
        s.file,
        f.from.display(&s.map),
        crate::words::count(f.seen.len() as i64, "Location", "Locations")
    ))?;
    let counts: Vec<String> = Class::ALL
        .iter()
        .map(|c| format!("{} {}", count(&f, *c), c.name()))
        .collect();
    out.line(format_args!("  {}", counts.join(", ")))?;
    for class in Class::ALL {
        let items: Vec<String> = f
            .seen
            .iter()
            .filter(|x| x.class == class)
            .map(|x| item(&s, x))
            .collect();
        if items.is_empty() {
            continue;
        }
        let note = match class {
            Class::Seen => "",
            Class::Hindered => ", +hindrance DRM, A6.8",
            Class::Lit => ", E1.101: beyond the NVR, seen as Illuminated or by a Gunflash",
            Class::BeyondNvr => ", E1.1",
            Class::Blocked => ", blocking hex and rule",
        };
        out.line(format_args!(
            "  {} ({}{note}): {}",
            class.name(),
            items.len(),
            items.join(" ")
        ))?;
    }
    Ok(ExitCode::SUCCESS)
}
