//! `asl-pto orders SCENARIO UNIT [--phase P] [--load SAVE] [--json]`: every order UNIT could
//! give now, allowed or refused with its rule: the core's `rules::orders::legal_orders` over the
//! situation of a match (`play::Match`: the scenario as set up, or a saved walk), so the list is
//! the one Play mode's Orders window shows and the walk rules, the Fire Group of its Location
//! (a leader directing, A7.53) first. Each order is printed exactly as
//! a script's `act:` writes it; moves are summarised (their field is `asl-pto moves`).

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use serde_json::{Value, json};

use super::failure::Failure;
use super::out::Out;
use crate::model::Phase;
use crate::play::Match;
use crate::rules::moves::field_of_movement;
use crate::rules::orders::{known_enemy_locations, legal_orders, location_fire_group};
use crate::scenario::Scenario;

/// Where the situation comes from: the scenario as set up (in `phase`, default the MPh, the
/// unit's side the ATTACKER), or a save (its own phase and ATTACKER; `phase` overrides the
/// phase).
pub struct Options<'a> {
    pub phase: Option<Phase>,
    pub load: Option<&'a Path>,
    /// Each allowed order with its odds (`play::Match::odds`).
    pub odds: bool,
    pub json: bool,
}

/// `orders SCENARIO UNIT [--phase P] [--load SAVE] [--json]`: the scenario file read, then
/// `run`.
pub fn run_file(
    scenario: &Path,
    unit: &str,
    o: &Options,
    out: &mut Out<impl Write>,
) -> Result<ExitCode, Failure> {
    run(super::failure::load(scenario)?, unit, o, out)
}

/// `orders`: the unit's orders now.
pub fn run(
    s: Scenario,
    unit: &str,
    o: &Options,
    out: &mut Out<impl Write>,
) -> Result<ExitCode, Failure> {
    let m = match o.load {
        None => super::moves::set_up(s, unit, o.phase.unwrap_or(Phase::Movement))?,
        Some(path) => {
            super::moves::side_of(&s, unit)?;
            let mut m = Match::new(std::sync::Arc::new(s), 1);
            super::walk::load_save(&mut m, path)?;
            if let Some(p) = o.phase {
                m.state.phase = p;
            }
            m
        }
    };
    // A save against the program with the fog of war (A12): asl-pto answers for the person's
    // own units only, on what their side knows.
    let setting = m.setting();
    let known = match m.screen_side() {
        Some(side) => {
            if !m.person_orders_unit(unit) {
                return Err(Failure::input(format!(
                    "{unit}: this save is a game against the program, which plays the {:?} side \
                     with the fog of war (A12): asl-pto answers only for your own side's units",
                    side.opponent()
                )));
            }
            crate::opponent::view::known_state(&m.state, &setting, side)
        }
        None => m.state.clone(),
    };
    let sit = known.situation(&setting);
    let u = sit
        .unit_in_play(unit)
        .map_err(|r| Failure::input(format!("{} ({})", r.reason, r.rule)))?;
    let from = u.at.display(sit.map).to_string();
    // A7.5 / A7.53: first the Fire Group of its Location at each enemy Location its side knows
    // of (a leader directing), as Play mode's Orders window offers it, then its own orders.
    let list: Vec<_> = known_enemy_locations(&sit, u.unit.side())
        .iter()
        .filter_map(|t| location_fire_group(&sit, unit, t))
        .chain(legal_orders(&sit, unit, None))
        .collect();
    let moves = field_of_movement(&sit, unit);
    let phase = sit.phase.abbrev();
    let attacker = format!("{:?}", sit.turn.attacker);
    // The odds of each allowed order (`--odds`), in the list's order.
    let odds: Vec<Option<crate::game::odds::Odds>> = list
        .iter()
        .map(|(order, answer)| (o.odds && answer.is_ok()).then(|| m.odds(order)).flatten())
        .collect();
    if o.json {
        let orders: Vec<Value> = list
            .iter()
            .zip(&odds)
            .map(|((order, answer), chance)| {
                let label = order.label_in(&sit);
                let mut v = match answer {
                    Ok(()) => json!({
                        "act": order.script(sit.map),
                        "label": label,
                        "allowed": true,
                        "rule": null,
                        "reason": format!("{label}: allowed now"),
                    }),
                    Err(r) => json!({
                        "act": order.script(sit.map),
                        "label": label,
                        "allowed": false,
                        "rule": r.rule,
                        "reason": r.reason,
                    }),
                };
                if o.odds {
                    v["odds"] = serde_json::to_value(chance).unwrap_or(Value::Null);
                }
                v
            })
            .collect();
        let moves = match &moves {
            Ok(f) => json!({"count": f.len(), "refused": null}),
            Err(r) => json!({"count": 0, "refused": {"rule": r.rule, "reason": r.reason}}),
        };
        return out
            .json(&json!({
                "unit": unit,
                "phase": phase,
                "attacker": attacker,
                "from": from,
                "moves": moves,
                "orders": orders,
            }))
            .map(|_| ExitCode::SUCCESS);
    }
    let allowed = list.iter().filter(|(_, a)| a.is_ok()).count();
    out.line(format!(
        "{unit} in {from}, {phase} with the {attacker} side the ATTACKER: {} order{}, {allowed} \
         allowed",
        list.len(),
        if list.len() == 1 { "" } else { "s" }
    ))?;
    match &moves {
        Ok(f) => out.line(format!(
            "  moves: {} Location{} (asl-pto moves)",
            f.len(),
            if f.len() == 1 { "" } else { "s" }
        ))?,
        Err(r) => out.line(format!("  moves: none: {} ({})", r.reason, r.rule))?,
    }
    for ((order, _), chance) in list.iter().zip(&odds).filter(|((_, a), _)| a.is_ok()) {
        out.line(format!("  allowed  {}", order.script(sit.map)))?;
        if let Some(c) = chance {
            if !c.results.is_empty() {
                let mut r: Vec<(&String, &f64)> = c.results.iter().collect();
                r.sort_by(|a, b| b.1.total_cmp(a.1).then_with(|| a.0.cmp(b.0)));
                let r: Vec<String> = r
                    .into_iter()
                    .map(|(k, p)| format!("{k} {:.0} %", p * 100.0))
                    .collect();
                out.line(format!("           IFT: {}", r.join(", ")))?;
            }
            out.line(format!(
                "           odds: {}",
                crate::game::odds::in_words(c)
            ))?;
        }
    }
    for (order, answer) in &list {
        if let Err(r) = answer {
            out.line(format!(
                "  refused  {}: [{}] {}",
                order.script(sit.map),
                r.rule,
                r.reason
            ))?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
