//! `asl-pto moves SCENARIO UNIT [--phase P] [--json]`: every Location UNIT can reach in the
//! phase, with its cheapest MF and path (`rules::moves::field_of_movement`), and `asl-pto cost
//! SCENARIO FROM TO --unit ID [--phase P] [--json]`: one move as the walk would rule it for
//! that unit (`rules::orders::movement::move_to`). Both ask the scenario as set up, in phase P
//! (the MPh by default) with the unit's side the ATTACKER: a match of the scenario (`play::Match`)
//! gives the situation, so the facts are exactly the walk's.

use std::io::Write;
use std::process::ExitCode;

use serde_json::{Value, json};

use super::failure::Failure;
use super::out::Out;
use crate::los::Location;
use crate::model::Phase;
use crate::play::Match;
use crate::rules::caves::entry::cost;
use crate::rules::moves::{Reach, field_of_movement};
use crate::rules::orders::mf_allotment;
use crate::rules::orders::movement::{MoveEvent, MovePlan, MoveVerb, move_to};
use crate::rules::orders::rout::{RoutPlan, rout_destinations};
use crate::rules::situation::{Refusal, Situation};
use crate::scenario::Scenario;

/// The scenario as set up, in `phase` with `unit`'s side the ATTACKER: a match of it (its
/// situation, `m.state.situation(&m.setting())`, is what the walk's rulings read). Exit 2 for
/// an unknown unit.
pub(super) fn set_up(s: Scenario, unit: &str, phase: Phase) -> Result<Match, Failure> {
    let side = side_of(&s, unit)?;
    let mut m = Match::new(std::sync::Arc::new(s), 1);
    m.state.phase = phase;
    // A3: the unit's side is the ATTACKER, but in a phase only the DEFENDER acts in (the DFPh)
    // it is the DEFENDER.
    m.state.turn.attacker = phase.attacker_asking(side);
    Ok(m)
}

/// The side of the scenario's unit `unit`; exit 2 for an unknown unit.
pub(super) fn side_of(s: &Scenario, unit: &str) -> Result<crate::model::Side, Failure> {
    s.units
        .iter()
        .find(|u| u.id == unit)
        .map(|u| u.side())
        .ok_or_else(|| Failure::input(format!("there is no unit '{unit}' in this scenario")))
}

/// MF as JSON: whole MF as integers (3, not 3.0), a fraction as it is (1.5).
fn mf_json(m: f32) -> Value {
    if m.fract() == 0.0 {
        json!(m as i64)
    } else {
        json!(m)
    }
}

/// `moves`: the unit's field of movement.
pub fn run(
    s: Scenario,
    unit: &str,
    phase: Phase,
    json: bool,
    out: &mut Out<impl Write>,
) -> Result<ExitCode, Failure> {
    let m = set_up(s, unit, phase)?;
    let setting = m.setting();
    let sit = m.state.situation(&setting);
    let u = sit
        .unit_in_play(unit)
        .map_err(|r| Failure::input(r.reason))?;
    let from = u.at.display(sit.map).to_string();
    // A10.5: a broken unit routs with the 6 MF every routing unit has.
    let available = if phase == Phase::Rout && u.unit.broken {
        f32::from(sit.tables.rout_mf)
    } else {
        mf_allotment(sit.tables, u) - u.unit.mf_spent
    };
    // A10.5: in the RtPh a broken unit's moves are its rout destinations.
    let rout = (phase == Phase::Rout).then(|| rout_destinations(&sit, unit));
    let field = match &rout {
        Some(r) => r.clone().map(|p| p.options().cloned().collect()),
        None => field_of_movement(&sit, unit),
    };
    let rout = rout.and_then(Result::ok);
    if json {
        print_moves_json(&sit, unit, &from, available, &field, rout.as_ref(), out)?;
    } else {
        if let Some(r) = &rout {
            out.line(format!(
                "{unit} routs: {} ({}); destinations: {}{}",
                r.must.reason,
                r.must.rule,
                r.why,
                low_crawl_words(&sit, r)
            ))?;
        }
        print_moves(&sit, unit, &from, available, &field, out)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// A10.52: the Locations a rout may Low Crawl into, in words ("" when none).
fn low_crawl_words(s: &Situation, r: &RoutPlan) -> String {
    if r.low_crawl.is_empty() {
        return String::new();
    }
    let at: Vec<String> = r
        .low_crawl
        .iter()
        .map(|l| l.at.display(s.map).to_string())
        .collect();
    format!(
        "; or a Low Crawl of one Location, not subject to Interdiction (A10.52): {}",
        at.join(", ")
    )
}

fn print_moves_json(
    s: &Situation,
    unit: &str,
    from: &str,
    available: f32,
    field: &Result<Vec<Reach>, Refusal>,
    rout: Option<&RoutPlan>,
    out: &mut Out<impl Write>,
) -> Result<(), Failure> {
    let show = |l: &Location| l.display(s.map).to_string();
    let moves: Vec<Value> = field
        .as_ref()
        .map(|f| {
            f.iter()
                .map(|r| {
                    json!({
                        "to": show(&r.at),
                        "mf": mf_json(r.mf),
                        "path": r.path.iter().map(show).collect::<Vec<_>>(),
                        "rule": r.rule,
                        "climbing": r.climb,
                    })
                })
                .collect()
        })
        .unwrap_or_default();
    let refused = field
        .as_ref()
        .err()
        .map(|r| json!({"rule": r.rule, "reason": r.reason}));
    let mut v = json!({
        "unit": unit,
        "phase": s.phase.abbrev(),
        "attacker": format!("{:?}", s.turn.attacker),
        "from": from,
        "mf_available": mf_json(available),
        "moves": moves,
        "refused": refused,
    });
    if let Some(r) = rout {
        v["rout"] = json!({
            "must": r.must.holds,
            "rule": r.must.rule,
            "reason": r.must.reason,
            "destinations": r.why,
            "low_crawl": r.low_crawl.iter().map(|l| show(&l.at)).collect::<Vec<_>>(),
        });
    }
    out.json(&v)
}

fn print_moves(
    s: &Situation,
    unit: &str,
    from: &str,
    available: f32,
    field: &Result<Vec<Reach>, Refusal>,
    out: &mut Out<impl Write>,
) -> Result<(), Failure> {
    let show = |l: &Location| l.display(s.map).to_string();
    out.line(format!(
        "{unit} in {from}, {} with the {:?} side the ATTACKER: {available} MF available",
        s.phase.abbrev(),
        s.turn.attacker
    ))?;
    match field {
        Err(r) => out.line(format!("  cannot move now: {} ({})", r.reason, r.rule))?,
        Ok(f) if f.is_empty() => out.line("  no Location can be reached")?,
        Ok(f) => {
            for r in f {
                let path: Vec<String> = r.path.iter().map(show).collect();
                out.line(format!(
                    "{}: {} MF{} via {} ({})",
                    show(&r.at),
                    r.mf,
                    if r.climb {
                        ", Climbing (the whole MPh)"
                    } else {
                        ""
                    },
                    path.join(" -> "),
                    r.rule
                ))?;
            }
        }
    }
    Ok(())
}

/// `cost FROM TO --unit ID`: the move as the walk would rule it for the unit standing in FROM
/// (placed there if it is set up elsewhere).
pub fn cost_for_unit(
    s: Scenario,
    from: &str,
    to: &str,
    unit: &str,
    phase: Phase,
    json: bool,
    out: &mut Out<impl Write>,
) -> Result<ExitCode, Failure> {
    let a = s.location(from).map_err(Failure::input)?;
    let b = s.location(to).map_err(Failure::input)?;
    let m = set_up(s, unit, phase)?;
    let setting = m.setting();
    let mut sit = m.state.situation(&setting);
    if let Some(u) = sit.units.iter_mut().find(|u| u.unit.id == unit) {
        u.at = a.clone();
    }
    let verdict = move_to(&sit, unit, &b, MoveVerb::Move);
    // Whether only Climbing makes the move (entry::cost, which `move_to` asks too).
    let climbing = cost(sit.map, &sit.caves, &a, &b, sit.night()).climbing;
    let (fa, fb) = (
        a.display(sit.map).to_string(),
        b.display(sit.map).to_string(),
    );
    if json {
        print_cost_json(&sit, unit, &fa, &fb, climbing, &verdict, out)?;
    } else {
        print_cost(unit, &fa, &fb, &verdict, out)?;
    }
    Ok(ExitCode::SUCCESS)
}

fn print_cost_json(
    s: &Situation,
    unit: &str,
    from: &str,
    to: &str,
    climbing: bool,
    verdict: &Result<MovePlan, Refusal>,
    out: &mut Out<impl Write>,
) -> Result<(), Failure> {
    let v = match verdict {
        Ok(p) => json!({
            "from": from,
            "to": to,
            "allowed": true,
            "mf": mf_json(p.mf),
            "climbing": climbing,
            "rule": p.rule,
            "reason": p.text,
            "unit": unit,
            "phase": s.phase.abbrev(),
            "event": p.event.name(),
            "mf_spent": mf_json(p.mf_spent),
            "mf_total": mf_json(p.mf_total),
            "hidden": p.hidden,
            "concealed": p.concealed,
            "cloaked": p.cloaked,
            "reveals": p.reveal_caves,
        }),
        Err(r) => json!({
            "from": from,
            "to": to,
            "allowed": false,
            "mf": null,
            "climbing": climbing,
            "rule": r.rule,
            "reason": r.reason,
            "unit": unit,
            "phase": s.phase.abbrev(),
            "event": null,
        }),
    };
    out.json(&v)
}

fn print_cost(
    unit: &str,
    from: &str,
    to: &str,
    verdict: &Result<MovePlan, Refusal>,
    out: &mut Out<impl Write>,
) -> Result<(), Failure> {
    match verdict {
        Err(r) => {
            out.line(format!(
                "{from} -> {to}: NOT ALLOWED for {unit} ({})",
                r.rule
            ))?;
            out.line(format!("  {}", r.reason))?;
        }
        Ok(p) => {
            let what = match p.event {
                MoveEvent::Advance => "its APh advance".to_string(),
                MoveEvent::Move => format!("{} MF", p.mf),
            };
            out.line(format!("{from} -> {to}: {what} for {unit} ({})", p.rule))?;
            out.line(format!("  {}", p.text))?;
            let state = match (p.hidden, p.concealed, p.cloaked) {
                (true, _, _) => "hidden",
                (_, _, true) => "Cloaked",
                (_, true, _) => "concealed",
                _ => "in the open",
            };
            let reveals = if p.reveal_caves.is_empty() {
                String::new()
            } else {
                format!("; reveals cave {}", p.reveal_caves.join(", "))
            };
            out.line(format!(
                "  after: {state}, {} of {} MF spent{reveals}",
                p.mf_spent, p.mf_total
            ))?;
        }
    }
    Ok(())
}
