//! The greedy kind's reasons in words, one per kind of order: what each candidate tells a
//! player (shared with the doctrine and random kinds).

use crate::hex::Hex;
use crate::los::Location;
use crate::rules::situation::Situation;

pub(in crate::opponent) fn rally_reason(id: &str, p: f32) -> String {
    format!("{id} tries to rally: {:.0} % to rally (A10.6)", 100.0 * p)
}

pub(in crate::opponent) fn starshell_reason(s: &Situation, id: &str, at: Hex) -> String {
    format!(
        "{id} fires a Starshell over {} to light the enemy there (E1.92)",
        s.map.name(at)
    )
}

pub(in crate::opponent) fn detonate_reason(id: &str) -> String {
    format!("{id} detonates his DC on his Designated Target (G1.424)")
}

pub(in crate::opponent) fn throw_dc_reason(id: &str) -> String {
    format!("{id} Throws its DC into the cave next to it (G11.833)")
}

pub(in crate::opponent) fn place_dc_reason(id: &str, cave: &impl std::fmt::Display) -> String {
    format!("{id} puts its DC into cave {cave} (G11.833)")
}

/// A23.3: "us1 Places its DC on T5, on jp3 and a "?" (A23.3)".
pub(in crate::opponent) fn place_dc_at_reason(s: &Situation, id: &str, at: &Location) -> String {
    let side = s.unit(id).map(|u| u.unit.side());
    let there: Vec<String> = s
        .units_at(at)
        .into_iter()
        .filter(|o| Some(o.unit.side()) != side && !o.hidden)
        .map(|o| crate::opponent::view::shown(&o.unit.id).to_string())
        .collect();
    let on = if there.is_empty() {
        String::new()
    } else {
        format!(", on {}", there.join(" and "))
    };
    format!(
        "{id} Places its DC on {}{on}: 30 FP as the AFPh begins (A23.3)",
        at.display(s.map)
    )
}

pub(in crate::opponent) fn banzai_reason(s: &Situation, id: &str, to: &Location) -> String {
    format!(
        "{id} leads a Banzai Charge at {}: the odds favour it (G1.5)",
        to.display(s.map)
    )
}

/// G11.33 / A12.152: a Search's reason: "for hidden caves and units" where a cave may be
/// (`doctrine::goals::cave_site`, G11.1: a hex above a lower neighbour), else "for hidden units"
/// (level ground holds no cave; a helper read 397 Searches of level kunai "for hidden caves").
pub(in crate::opponent) fn search_reason(s: &Situation, id: &str, hex: Hex) -> String {
    let what = if crate::opponent::doctrine::goals::cave_site(s, hex) {
        "hidden caves and units (G11.33)"
    } else {
        "hidden units (A12.152)"
    };
    format!("{id} Searches {} for {what}", s.map.name(hex))
}

pub(in crate::opponent) fn hero_reason(id: &str, target: &impl std::fmt::Display) -> String {
    format!("{id} tries to create a T-H Hero with its DC against {target} (G1.421)")
}

pub(in crate::opponent) fn rout_reason(s: &Situation, id: &str, to: &Location) -> String {
    if matches!(to, Location::Cave(_)) {
        format!("{id} routs into {} (G11.77)", to.display(s.map))
    } else {
        format!("{id} routs to cover in {} (A10.5)", to.display(s.map))
    }
}

pub(in crate::opponent) fn cc_reason(id: &str) -> String {
    format!("Close Combat where {id} meets the enemy (A11)")
}

/// Why a charging unit goes where it goes, by the rule `charge_target` names.
pub(super) fn charge_words(rule: &str) -> &'static str {
    match rule {
        "A15.43" | "E1.533" => {
            "berserk, it charges the nearest Known enemy unit it can: A15.43, not from the seeds"
        }
        "G1.423" => "a T-H Hero's own Banzai Charge at his Designated Target: G1.423",
        _ => "its Banzai Charge: G1.5",
    }
}
