//! The movement rulings on the live situation: before every Move, EnterCave, ExitCave and Climb
//! of the demo walks, `move_to`/`climb` and `field_of_movement` are asked on the situation the
//! walk is about to act on, and the walk's event must agree with them (the "Done when" of
//! issue 12: the sim only applies what the core rules). And the CLI's `moves` and
//! `cost --unit` through the real binary.

use asl_pto::los::Location;
use asl_pto::play::Match;
use asl_pto::rules::moves::{Reach, field_of_movement};
use asl_pto::rules::orders::climb::{ClimbPlan, climb};
use asl_pto::rules::orders::movement::{MovePlan, MoveVerb, move_to};
use asl_pto::rules::situation::Refusal;
use asl_pto::scenario::Order;
use asl_pto::sim::{self, At, Climb, Cloaked, Concealed, Hidden, Unit, WalkLog};
use bevy::prelude::*;

use crate::common::{self, app, demo, demo_path, fixture_path, json, run, stdout_ok};

/// What the core says about a movement order before the walk resolves it.
enum Asked {
    Move {
        unit: String,
        to: Location,
        plan: Result<MovePlan, Refusal>,
        field: Result<Vec<Reach>, Refusal>,
    },
    Climb {
        unit: String,
        /// The Climb counter ordered, if the unit is above ground.
        target: Option<Location>,
        plan: Result<ClimbPlan, Refusal>,
        field: Result<Vec<Reach>, Refusal>,
    },
}

/// The unit's Location, MF spent and hidden/concealed/Cloaked state in the world.
fn unit_state(app: &mut App, id: &str) -> (Location, f32, bool, bool, bool) {
    let world = app.world_mut();
    let mut q = world.query::<(&Unit, &At, Has<Hidden>, Has<Concealed>, Has<Cloaked>)>();
    q.iter(world)
        .find(|(u, ..)| u.id == id)
        .map(|(u, at, h, c, k)| (at.0.clone(), u.mf_spent, h, c, k))
        .expect("the unit is in play")
}

/// Asks the core about a movement order, on the live situation.
fn ask(m: &Match, action: &Order) -> Option<Asked> {
    let setting = m.setting();
    let s = m.state.situation(&setting);
    let (unit, to, verb) = match action {
        Order::Move { unit: u, to } => (u, to.clone(), MoveVerb::Move),
        Order::EnterCave { unit: u, cave: c } => {
            (u, Location::Cave(c.0.clone()), MoveVerb::EnterCave)
        }
        Order::ExitCave { unit: u, to } => (u, to.clone(), MoveVerb::ExitCave),
        Order::Climb {
            unit: u,
            level,
            vertex,
        } => {
            let target = s
                .unit(u)
                .and_then(|x| x.at.hex())
                .map(|hex| Location::Climbing {
                    hex,
                    level: *level,
                    vertex: *vertex,
                });
            return Some(Asked::Climb {
                unit: u.0.clone(),
                target,
                plan: climb(&s, u, *level, *vertex),
                field: field_of_movement(&s, u),
            });
        }
        _ => return None,
    };
    Some(Asked::Move {
        unit: unit.0.clone(),
        plan: move_to(&s, unit, &to, verb),
        field: field_of_movement(&s, unit),
        to,
    })
}

/// A headless walk of demo `name`.
fn asking_app(name: &str, seed: u64) -> App {
    app(demo(name), seed)
}

/// Runs the next script step; returns what the core said about its movement order (None
/// inside for another action), or None when the script is over. The core is asked on the
/// situation the step's order meets: a copy of the match runs the step without its order (its
/// phases reached, its words said), then the real step runs.
fn step_asking(app: &mut App) -> Option<Option<Asked>> {
    let m = app.world().resource::<Match>();
    let asked = m.script.steps.get(m.script.next).and_then(|step| {
        let action = step.act.clone()?;
        let mut probe = m.clone();
        probe.script.steps[probe.script.next].act = None;
        probe.run_next();
        if probe.over() {
            return None;
        }
        ask(&probe, &action)
    });
    if !sim::runner::run_step(app) {
        return None;
    }
    Some(asked)
}

/// The events logged since `from`.
fn events_since(app: &App, from: usize) -> Vec<sim::Event> {
    app.world().resource::<WalkLog>().events[from..].to_vec()
}

/// Walks `scenario` with `seed` step by step; before each movement order asks the core, after
/// it checks the walk did what the core said. Returns how many orders were checked and the
/// log (to compare with a plain walk).
fn walk_checked(name: &str, seed: u64) -> (usize, Vec<String>) {
    let mut app = asking_app(name, seed);
    let mut checked = 0;
    loop {
        let before = app.world().resource::<WalkLog>().events.len();
        let Some(asked) = step_asking(&mut app) else {
            break;
        };
        let Some(asked) = asked else { continue };
        checked += 1;
        let events = events_since(&app, before);
        match asked {
            Asked::Move {
                unit,
                to,
                plan,
                field,
            } => {
                let e = events
                    .iter()
                    .rev()
                    .find(|e| e.unit.as_deref() == Some(&unit))
                    .unwrap_or_else(|| panic!("{name}: no event for {unit}: {events:?}"));
                match &plan {
                    Err(r) => {
                        assert_eq!(e.event, "refused", "{name}: {unit} -> {to:?}: {e:?}");
                        assert_eq!(e.rule.as_deref(), Some(r.rule), "{name}: {e:?}");
                        assert_eq!(e.text, r.reason);
                    }
                    Ok(p) => {
                        assert_eq!(e.event, p.event.name(), "{name}: {e:?}");
                        assert_eq!(e.rule.as_deref(), Some(p.rule));
                        assert_eq!(e.text, p.text);
                        let (at, spent, hidden, concealed, cloaked) = unit_state(&mut app, &unit);
                        assert_eq!(at, p.to);
                        assert_eq!(spent, p.mf_spent, "{name}: {unit}: MF spent");
                        assert_eq!(
                            (hidden, concealed, cloaked),
                            (p.hidden, p.concealed, p.cloaked)
                        );
                        let f = field.as_ref().unwrap_or_else(|r| {
                            panic!("{name}: {unit} moves but has no field: {r}")
                        });
                        let reach = f.iter().find(|r| r.at == p.to).unwrap_or_else(|| {
                            panic!("{name}: {unit}: {to:?} is not in its field {f:?}")
                        });
                        assert_eq!(reach.mf, p.mf, "{name}: {unit} -> {to:?}: {reach:?}");
                    }
                }
                if let Err(r) = &field {
                    assert!(
                        plan.is_err(),
                        "{name}: {unit}: field refused ({r}) but move allowed"
                    );
                }
            }
            Asked::Climb {
                unit,
                target,
                plan,
                field,
            } => {
                let e = events
                    .iter()
                    .rev()
                    .find(|e| e.unit.as_deref() == Some(&unit))
                    .unwrap_or_else(|| panic!("{name}: no event for {unit}"));
                match &plan {
                    Err(r) => {
                        assert_eq!(e.event, "refused", "{name}: {e:?}");
                        assert_eq!(e.rule.as_deref(), Some(r.rule));
                        assert_eq!(e.text, r.reason);
                        let listed = field
                            .iter()
                            .flatten()
                            .any(|r| Some(&r.at) == target.as_ref());
                        assert!(
                            !listed,
                            "{name}: {unit} cannot Climb ({r}) but its field has it"
                        );
                    }
                    Ok(p) => {
                        assert!(e.event == "climb" || e.event == "fall", "{name}: {e:?}");
                        assert_eq!(e.dice.as_ref().map(Vec::len), Some(2));
                        let (at, spent, ..) = unit_state(&mut app, &unit);
                        assert_eq!(spent, p.mf_total);
                        if e.event == "climb" {
                            assert_eq!(e.rule.as_deref(), Some(p.rule));
                            assert_eq!(at, p.to);
                            let world = app.world_mut();
                            let mut q = world.query::<&Climb>();
                            assert!(q.iter(world).any(|c| c.unit == unit && c.level == p.level));
                        } else {
                            assert_eq!(at, Location::Ground(p.foot));
                        }
                        let f = field.as_ref().expect("a Climber may move");
                        let reach = f
                            .iter()
                            .find(|r| r.at == p.to)
                            .unwrap_or_else(|| panic!("{name}: the Climb is not in {f:?}"));
                        assert!(reach.climb);
                        assert_eq!(reach.mf, p.mf_total);
                    }
                }
            }
        }
    }
    let log = app.world().resource::<WalkLog>();
    (checked, log.events.iter().map(|e| e.json()).collect())
}

/// The plain walk's log, for comparison.
fn walk_plain(name: &str, seed: u64) -> Vec<String> {
    let mut app = app(demo(name), seed);
    sim::runner::run_all(&mut app);
    let log = app.world().resource::<WalkLog>();
    log.events.iter().map(|e| e.json()).collect()
}

#[test]
fn issue_12_every_move_of_the_demo_walks_is_what_move_to_and_the_field_say() {
    for (name, orders) in [("cliff_caves", 7), ("cave_complex", 6), ("night_ridge", 5)] {
        for seed in [1, 7, 20] {
            let (checked, log) = walk_checked(name, seed);
            assert_eq!(
                checked, orders,
                "{name} seed {seed}: movement orders checked"
            );
            // Asking the core changed nothing: the walk is the plain walk, byte for byte.
            assert_eq!(log, walk_plain(name, seed), "{name} seed {seed}");
        }
    }
}

#[test]
fn g11_751_ex_cave_complex_walk_moves_as_the_core_plans() {
    // Japanese Player Turn 1's MPh of the Cave Complex walk: jp1 crosses into Complex GG for
    // no MF, hidden (G11.73/G11.751); then cave G is refused (G11.74); jp3 leaves by the tunnel
    // into T6 (G11.933) and comes up concealed (G11.75 EX).
    let mut app = asking_app("cave_complex", 1);
    let mut asked = Vec::new();
    for _ in 0..3 {
        asked.push(step_asking(&mut app).flatten());
    }
    let Some(Asked::Move { plan, .. }) = &asked[0] else {
        panic!("step 1 is a move")
    };
    let p = plan.as_ref().unwrap();
    assert_eq!((p.mf, p.hidden, p.entered_cave), (0.0, true, true));
    let Some(Asked::Move { plan, field, .. }) = &asked[1] else {
        panic!("step 2 is a move")
    };
    assert_eq!(plan.as_ref().unwrap_err().rule, "G11.74");
    // After entering Complex GG, jp1's field holds no cave, Complex or tunnel.
    let f = field.as_ref().unwrap();
    assert!(
        f.iter()
            .all(|r| !matches!(r.at, Location::Cave(_) | Location::Complex(_))),
        "{f:?}"
    );
    let Some(Asked::Move { plan, .. }) = &asked[2] else {
        panic!("step 3 is a move")
    };
    let p = plan.as_ref().unwrap();
    assert_eq!(p.rule, "G11.933");
    assert!(!p.hidden && p.concealed, "{}", p.text);
}

// --- the CLI -----------------------------------------------------------------------------------

#[test]
fn cli_moves_json_lists_the_field_with_mf_path_and_climbs() {
    let o = run(&["moves", &demo_path("cliff_caves"), "us1", "--json"]);
    let v = json(&o);
    assert_eq!(v["unit"], "us1");
    assert_eq!(v["phase"], "MPh");
    assert_eq!(v["from"], "T4");
    assert_eq!(v["mf_available"], 4);
    assert!(v["refused"].is_null());
    let moves = v["moves"].as_array().unwrap();
    let s4 = moves.iter().find(|m| m["to"] == "S4").unwrap();
    assert_eq!(s4["mf"], 1);
    assert_eq!(s4["path"], serde_json::json!(["T4", "S4"]));
    assert_eq!(s4["rule"], "A4.1");
    assert_eq!(s4["climbing"], false);
    // Kunai (1.5 MF) prints as a fraction.
    assert!(moves.iter().any(|m| m["mf"] == 3.5), "{moves:?}");
    let climbs: Vec<_> = moves.iter().filter(|m| m["climbing"] == true).collect();
    assert!(!climbs.is_empty());
    assert!(climbs.iter().all(|m| m["mf"] == 4 && m["rule"] == "B11.4"));
    // Each Location once.
    let mut tos: Vec<&str> = moves.iter().map(|m| m["to"].as_str().unwrap()).collect();
    let n = tos.len();
    tos.sort();
    tos.dedup();
    assert_eq!(tos.len(), n);
}

#[test]
fn cli_moves_text_phase_and_errors() {
    let out = stdout_ok(&run(&[
        "moves",
        &demo_path("cliff_caves"),
        "jp1",
        "--phase",
        "mph",
    ]));
    assert!(
        out.starts_with("jp1 in cave:G, MPh with the Japanese side the ATTACKER: 4 MF available\n"),
        "{out}"
    );
    // Cave A is hidden but seen from T4: entering it costs the normal MF (G11.751 EX).
    assert!(
        out.contains("\ncave:A: 3 MF via cave:G -> cave:A (G11.71)\n"),
        "{out}"
    );
    // In the PFPh nobody moves: listed as refused with its rule, exit 0.
    let out = stdout_ok(&run(&[
        "moves",
        &demo_path("cliff_caves"),
        "jp1",
        "--phase",
        "PrepFire",
    ]));
    assert!(
        out.contains("cannot move now:") && out.contains("(A3)"),
        "{out}"
    );
    let v = json(&run(&[
        "moves",
        &demo_path("cliff_caves"),
        "jp1",
        "--phase",
        "PFPh",
        "--json",
    ]));
    assert_eq!(v["refused"]["rule"], "A3");
    assert_eq!(v["moves"], serde_json::json!([]));
    // An unknown unit is bad input, exit 2 naming it; so is an unknown phase (clap's usage error).
    let o = run(&["moves", &demo_path("cliff_caves"), "zz9"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        common::stderr(&o).trim(),
        "error: there is no unit 'zz9' in this scenario"
    );
    let o = run(&[
        "moves",
        &demo_path("cliff_caves"),
        "jp1",
        "--phase",
        "Lunch",
    ]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn cli_cost_unit_rules_the_move_as_the_walk_would() {
    let g11_6 = fixture_path("g11_6_cliff");
    // jp1 is hidden in cave G and nobody sees cave A: it stays hidden and pays no MF (G11.751).
    let v = json(&run(&[
        "cost", &g11_6, "cave:G", "cave:A", "--unit", "jp1", "--json",
    ]));
    assert_eq!(v["allowed"], true);
    assert_eq!(v["mf"], 0);
    assert_eq!(v["rule"], "G11.71");
    assert_eq!(v["hidden"], true);
    assert_eq!(v["unit"], "jp1");
    assert_eq!(v["event"], "move");
    // Without --unit the plain cost is unchanged: 3 MF.
    let plain = json(&run(&["cost", &g11_6, "cave:G", "cave:A", "--json"]));
    assert_eq!(plain["mf"], 3);
    assert!(plain.get("unit").is_none());
    // The Americans enter no cave (G11.7): refused with its rule, exit 0.
    let o = run(&["cost", &g11_6, "T4", "cave:G", "--unit", "us1"]);
    let out = stdout_ok(&o);
    assert!(
        out.starts_with("T4 -> cave:G: NOT ALLOWED for us1 (G11.7)\n"),
        "{out}"
    );
    // In the APh the move is the unit's advance.
    let v = json(&run(&[
        "cost", &g11_6, "T4", "T3", "--unit", "us1", "--phase", "APh", "--json",
    ]));
    assert_eq!(v["event"], "advance");
    assert_eq!(v["mf_spent"], 0);
    let o = run(&["cost", &g11_6, "T4", "T3", "--unit", "nobody"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(common::stderr(&o).contains("'nobody'"));
    // --phase needs --unit.
    assert_eq!(
        run(&["cost", &g11_6, "T4", "T3", "--phase", "MPh"])
            .status
            .code(),
        Some(2)
    );
}

#[test]
fn g11_4_ex_no_unbroken_infantry_enters_an_overstacked_complex_during_play() {
    // Complex AA holds eight squad-equivalents; with 8 1/2 in it "no other unbroken Infantry
    // may enter it during any phase [EXC: <= four SMC could enter]".
    let crowd: String = (0..8)
        .map(|i| format!("(id: \"x{i}\", nationality: Japanese, counter: \"4-4-7\", at: \"complex:A\", hidden: true),\n"))
        .collect();
    let text = include_str!("../scenarios/g11_321_ccss.ron")
        .replace(
            "units: [",
            &format!(
                "attacker: Some(Japanese),\n    units: [\n{crowd}\
                 (id: \"h\", nationality: Japanese, counter: \"2-3-7\", at: \"complex:A\", hidden: true),\n\
                 (id: \"jpL\", nationality: Japanese, counter: \"9-1\", at: \"cave:C\", hidden: true),\n"
            ),
        )
        .replace(
            "    ],\n)",
            "    ],\n    script: [(phase: Movement, act: Move(\"jp2\", \"complex:A\")), \
             (act: Move(\"jpL\", \"complex:A\"))],\n)",
        );
    let mut app = crate::common::app(crate::common::from_text(&text), 1);
    crate::common::run_to(&mut app, 2);
    let log = &app.world().resource::<sim::WalkLog>().events;
    let jp2 = log
        .iter()
        .rev()
        .find(|e| e.unit.as_deref() == Some("jp2"))
        .unwrap();
    assert_eq!(
        (jp2.event.as_str(), jp2.rule.as_deref()),
        ("refused", Some("G11.4")),
        "{jp2:?}"
    );
    let leader = log
        .iter()
        .rev()
        .find(|e| e.unit.as_deref() == Some("jpL"))
        .unwrap();
    assert_eq!(leader.event, "move", "{leader:?}");
}

/// The assault as set up, with jp3 and the 9-1 in T5's kunai under "?", in the first Allied
/// MPh (by day, or at night with NVR 2): us3, put in U5 (it starts in U4), tries to step into
/// T5, then back to U4.
/// The state after each step and what each said.
fn bump_into_t5(night: bool) -> Vec<(asl_pto::state::GameState, Vec<asl_pto::game::Said>)> {
    use asl_pto::model::Phase;
    use asl_pto::rules::orders::Order;
    let mut app = sim::headless(demo("assault"), 1);
    let board = app.world().resource::<sim::Board>().clone();
    let mut st = sim::live::state(app.world_mut(), &board);
    let setting = board.setting();
    let u5 = Location::Ground(board.scenario.map.hex("U5").unwrap());
    for u in st.units.iter_mut() {
        if u.unit.id == "jp3" || u.unit.id == "jpL" {
            u.concealed = true;
        }
        // us3 starts in U4: here it has come up to U5, beside T5, before the MPh.
        if u.unit.id == "us3" {
            u.at = u5.clone();
        }
    }
    st.phase = Phase::Movement;
    if night {
        st.night.nvr = Some(2);
    }
    let map = &board.scenario.map;
    let mut dice = asl_pto::game::Dice::new(1);
    ["T5", "U4"]
        .into_iter()
        .map(|to| {
            let order = Order::Move {
                unit: "us3".into(),
                to: Location::Ground(map.hex(to).unwrap()),
            };
            let said = asl_pto::game::apply(&mut st, &setting, &order, &mut dice);
            (st.clone(), said)
        })
        .collect()
}

#[test]
fn a12_14_by_day_a_squad_stepping_into_a_concealed_enemy_s_location_reveals_it_and_ends_its_mph() {
    let steps = bump_into_t5(false);
    let (st, said) = &steps[0];
    let unit = |id: &str| st.units.iter().find(|u| u.unit.id == id).unwrap();
    let map = &demo("assault").map;
    // us3 stays in U5 with its MPh over; the "?" in T5 are gone.
    assert_eq!(unit("us3").at, Location::Ground(map.hex("U5").unwrap()));
    assert_eq!(unit("us3").unit.mf_spent, 4.0, "its 4 MF are spent");
    assert!(!unit("jp3").concealed && !unit("jpL").concealed);
    let ruled = said
        .iter()
        .find(|e| e.unit.as_deref() == Some("us3"))
        .unwrap();
    assert_eq!(ruled.rule.as_deref(), Some("A12.14"));
    assert!(ruled.text.contains("stays in U5"), "{}", ruled.text);
    // A step after it this MPh is refused: its MPh has ended.
    let (after, again) = &steps[1];
    assert!(
        again.iter().any(|e| e.event == asl_pto::game::REFUSED),
        "{again:?}"
    );
    assert_eq!(
        after.units.iter().find(|u| u.unit.id == "us3").unwrap().at,
        Location::Ground(map.hex("U5").unwrap())
    );
}

#[test]
fn e1_31_at_night_a_squad_may_enter_a_concealed_enemy_s_location_in_the_mph() {
    let steps = bump_into_t5(true);
    let (st, said) = &steps[0];
    let us3 = st.units.iter().find(|u| u.unit.id == "us3").unwrap();
    let map = &demo("assault").map;
    assert_eq!(us3.at, Location::Ground(map.hex("T5").unwrap()), "{said:?}");
    assert!(said.iter().all(|e| e.rule.as_deref() != Some("A12.14")));
}
