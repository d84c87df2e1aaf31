//! The script's steps that look without acting: `Los(from, to)` (A6, G11.5, G11.85, E1.1,
//! E1.101), `Light(at)` (E1.9-E1.942, G11.96) and `Control(cave)` (G11.94). Each says what the
//! rules make of the situation as it stands, as a `Check` whose reason is the whole sentence;
//! none changes anything or needs dice.

use super::common::mmc;
use crate::hex::Hex;
use crate::los::{Location, LosResult};
use crate::model::Side;
use crate::rules::caves::attack::{allied_control, cave_illuminated, complex_illuminated};
use crate::rules::night::light::Source;
use crate::rules::sight::los_between_marked;
use crate::rules::situation::{Refusal, Situation};
use crate::rules::{Check, check};

/// A6 / G11.5 / E1.101: the LOS from `from` to `to` now, traced (`rules::sight::los_between`):
/// SMOKE on the map and in caves (outgoing SMOKE in a cave counts double, G11.85), Blazes, and
/// at night the NVR, an Illuminated or Gunflash-marked target being seen beyond it. The thread
/// itself, for what draws it (the viewer's LOS tool); `los` says it in words. Refused (A6) when
/// no LOS can be traced between the two.
pub fn los_traced(s: &Situation, from: &Location, to: &Location) -> Result<LosResult, Refusal> {
    let fb = to.display(s.map).to_string();
    los_between_marked(
        s.env(),
        &s.caves,
        from,
        to,
        s.lit(to),
        s.gunflash_at(to),
        &fb,
    )
    .map_err(|e| Refusal::new("A6", format!("LOS {} -> {fb}: {e}", from.display(s.map))))
}

/// A6 / G11.5 / E1.101: the LOS from `from` to `to` now (`los_traced`), as a `Check` whose
/// reason is the whole sentence. `holds`: the LOS is clear.
pub fn los(s: &Situation, from: &Location, to: &Location) -> Result<Check, Refusal> {
    let (fa, fb) = (
        from.display(s.map).to_string(),
        to.display(s.map).to_string(),
    );
    let r = los_traced(s, from, to)?;
    Ok(check(
        r.clear(),
        r.rule.unwrap_or("A6"),
        format!(
            "LOS {fa} -> {fb}: {}, range {}, hindrance +{}: {}",
            if r.clear() { "clear" } else { "BLOCKED" },
            r.sight.range,
            r.sight.hindrance,
            r.reason
        ),
    ))
}

/// How a hex stands in the light now.
enum HexLight {
    /// Illuminated, with the rule of what lights it.
    Lit(&'static str),
    /// In a Blaze's zone but shadowed (E1.941).
    Shadowed,
    Dark,
}

fn hex_light(s: &Situation, hex: Hex) -> HexLight {
    if let Some(kind) = s.lit_by.get(&hex) {
        return HexLight::Lit(
            Source {
                kind: *kind,
                hex,
                levels: 0,
            }
            .rule(),
        );
    }
    if s.shadowed_hexes.contains(&hex) {
        HexLight::Shadowed
    } else {
        HexLight::Dark
    }
}

fn describe(l: &HexLight) -> String {
    match l {
        HexLight::Lit(rule) => format!("Illuminated ({rule})"),
        HexLight::Shadowed => "in a Blaze's zone but shadowed (E1.941)".into(),
        HexLight::Dark => "dark".into(),
    }
}

/// E1.9-E1.942 / G11.96: is this Location Illuminated now, and by what? A cave is Illuminated
/// only if its hex and its Entrance Hex are (G11.96); a Cave Complex never is. By day
/// Illumination does not matter (E1.9). `holds`: Illuminated.
pub fn light(s: &Situation, at: &Location) -> Check {
    let name = at.display(s.map).to_string();
    if !s.night() {
        return check(
            false,
            "E1.9",
            format!("{name}: daylight; Illumination (E1.9) matters only at night"),
        );
    }
    match at {
        Location::Complex(_) => {
            let c = complex_illuminated();
            check(false, c.rule, format!("{name}: dark: {}", c.reason))
        }
        Location::Cave(id) => {
            let Some(cave) = s.caves.cave(id) else {
                return check(false, "G11.1", format!("there is no cave {id}"));
            };
            let own = hex_light(s, cave.hex);
            let entrance = hex_light(s, cave.entrance);
            // The lighting marks the caves a Blaze lights (G11.96 with E1.94).
            let c = cave_illuminated(
                s.lit_caves.contains(id),
                s.lit_by.get(&cave.hex).copied(),
                matches!(entrance, HexLight::Lit(_)),
            );
            // A lit cave's hex is lit at all levels by a Blaze, whatever else lights it too.
            let own_text = if c.holds {
                "Illuminated at all levels (E1.94)".to_string()
            } else {
                describe(&own)
            };
            let hexes = if cave.hex == cave.entrance {
                format!("its hex {} is {own_text}", s.map.name(cave.hex))
            } else {
                format!(
                    "its hex {} is {own_text}, its Entrance Hex {} is {}",
                    s.map.name(cave.hex),
                    s.map.name(cave.entrance),
                    describe(&entrance)
                )
            };
            check(
                c.holds,
                c.rule,
                format!(
                    "cave {id}: {}: {hexes}; {}",
                    if c.holds { "Illuminated" } else { "dark" },
                    c.reason
                ),
            )
        }
        other => {
            let Some(h) = other.hex() else {
                return check(false, "E1.9", format!("{name}: dark"));
            };
            let l = hex_light(s, h);
            let rule = match l {
                HexLight::Lit(rule) => rule,
                HexLight::Shadowed => "E1.941",
                HexLight::Dark => "E1.9",
            };
            check(
                matches!(l, HexLight::Lit(_)),
                rule,
                format!(
                    "{name}: {}{}",
                    describe(&l),
                    match l {
                        HexLight::Shadowed => {
                            ": a terrain obstacle blocks the Blaze's light, as if the Blaze were a \
                             viewer whose LOS it blocks"
                        }
                        HexLight::Dark => ": no Starshell, IR or fire lights it",
                        HexLight::Lit(_) => "",
                    }
                ),
            )
        }
    }
}

/// G11.94 Control: an unhidden cave not occupied by a Good Order Japanese MMC is Controlled by
/// any Good Order Allied Infantry MMC ADJACENT (G11.6) to it; an eliminated cave (G11.88) by
/// nobody. Once gained, Control remains whatever becomes of that Allied unit (`Situation::
/// allied_controlled`), until Good Order Japanese MMC hold the cave. `holds`: the Allies
/// Control it; the reason names the units that do.
pub fn control(s: &Situation, id: &str) -> Check {
    let Some(cave) = s.caves.cave(id) else {
        return check(false, "G11.1", format!("there is no cave {id}"));
    };
    if !s.cave_stands(id) {
        return check(false, "G11.88", format!("cave {id} has been eliminated"));
    }
    let hidden = s.hidden_caves.iter().any(|c| c == id);
    let japanese = s.units_at(&Location::Cave(id.into())).iter().any(|o| {
        o.unit.nationality == crate::model::Nationality::Japanese
            && o.unit.good_order()
            && mmc(&o.unit).is_some()
    });
    let adjacent: Vec<String> = s
        .units
        .iter()
        .filter(|o| o.unit.side() == Side::Allied && o.unit.good_order() && mmc(&o.unit).is_some())
        .filter(|o| s.adjacent_to_cave(&o.at, id))
        .map(|o| o.unit.id.clone())
        .collect();
    // G11.94: Control, once gained, "remains regardless of that Allied unit's subsequent
    // status" — until Good Order Japanese MMC hold the cave again (our reading).
    if s.allied_controlled.iter().any(|c| c == id) && !japanese {
        return check(
            true,
            "G11.94",
            format!(
                "cave {id}: the Allies gained Control of it, and Control remains regardless of \
                 that Allied unit's subsequent status"
            ),
        );
    }
    let c = allied_control(hidden, japanese, !adjacent.is_empty());
    let who = if c.holds {
        format!(
            " ({} ADJACENT in {})",
            adjacent.join(", "),
            s.map.name(cave.entrance)
        )
    } else {
        String::new()
    };
    check(c.holds, c.rule, format!("cave {id}: {}{who}", c.reason))
}
