//! Play mode, headless (issue 15): orders sent as Bevy messages (`PlayOrder`) are ruled and
//! applied as script steps; Undo and Redo give back the same state and the same rolls; a save
//! of a game in Play mode continues it; the exported scenario walks to the same events.

use asl_pto::los::Location;
use asl_pto::scenario::{Order, Scenario};
use asl_pto::sim::play::{History, Play, PlayOrder, export};
use asl_pto::sim::{self, Phase, Walk, WalkLog, runner, save};
use bevy::prelude::*;

use crate::common::{app, demo};

/// A headless game of `s` with a history (as the viewer keeps one).
fn game(s: Scenario, seed: u64) -> App {
    let mut a = app(s, seed);
    a.init_resource::<History>();
    a
}

/// Sends orders and runs frames until they are all done.
fn send(a: &mut App, orders: impl IntoIterator<Item = PlayOrder>) {
    for o in orders {
        a.world_mut().write_message(o);
        a.update();
    }
    for _ in 0..400 {
        let w = a.world();
        if w.resource::<Play>().settled() {
            return;
        }
        a.update();
    }
    panic!("the orders never settled");
}

fn events(a: &App) -> Vec<sim::Event> {
    a.world().resource::<WalkLog>().events.clone()
}

fn phase(a: &App) -> Phase {
    *a.world().resource::<State<Phase>>().get()
}

fn at(a: &mut App, id: &str) -> Location {
    let mut q = a.world_mut().query::<(&asl_pto::model::Unit, &sim::At)>();
    q.iter(a.world())
        .find(|(u, _)| u.id == id)
        .map(|(_, at)| at.0.clone())
        .unwrap()
}

fn act(a: &App, text: &str) -> PlayOrder {
    // Read an action as a script writes it, through the scenario loader.
    let s = &a.world().resource::<sim::Board>().scenario;
    let file = s
        .with_script_specs(
            vec![asl_pto::scenario::raw::StepSpec {
                say: None,
                phase: None,
                act: Some(ron::from_str(text).unwrap()),
                ..Default::default()
            }],
            1,
        )
        .unwrap();
    let parsed = Scenario::from_str(&file, "t").unwrap();
    PlayOrder::Act(parsed.script[0].act.clone().unwrap())
}

/// The "Done when" game of issue 15 on `cliff_caves`, up to the Japanese MPh.
fn play_to_japanese_mph(a: &mut App) {
    send(a, [PlayOrder::Start, PlayOrder::ToPhase(Phase::Movement)]);
    assert_eq!(phase(a), Phase::Movement);
    let o = act(a, r#"Search("us2", "S5")"#);
    send(a, [o]);
    let o = act(a, r#"Climb("us1", 1, "T4-S5-S4")"#);
    send(a, [o]);
    // To the Japanese MPh: the rest of the Allied Player Turn, then RPh, PFPh.
    for _ in 0..8 {
        send(a, [PlayOrder::EndPhase]);
    }
    assert_eq!(phase(a), Phase::Movement);
    let o = act(a, r#"EnterCave("jp1", "M")"#);
    send(a, [o]);
}

#[test]
fn issue_15_orders_are_ruled_as_script_steps_and_the_export_walks_to_the_same_events() {
    let mut a = game(demo("cliff_caves"), 7);
    play_to_japanese_mph(&mut a);
    let log = events(&a);
    assert!(
        log.iter()
            .any(|e| e.event == "search" && e.unit.as_deref() == Some("us2"))
    );
    assert!(
        log.iter()
            .any(|e| matches!(e.event.as_str(), "climb" | "fall")
                && e.unit.as_deref() == Some("us1"))
    );
    // Export, and walk the exported scenario headless: the same events, byte for byte.
    let text = export(a.world()).unwrap();
    let s = Scenario::from_str(&text, "export.ron").unwrap();
    assert_eq!(s.seed, Some(7));
    let mut w = app(s, 7);
    runner::run_all(&mut w);
    assert_eq!(
        serde_json::to_string(&events(&w)).unwrap(),
        serde_json::to_string(&log).unwrap()
    );
}

#[test]
fn issue_15_undo_then_redo_gives_the_same_state_and_the_same_rolls() {
    let mut a = game(demo("cliff_caves"), 3);
    play_to_japanese_mph(&mut a);
    let before = events(&a);
    let where_before = at(&mut a, "jp1");
    send(&mut a, [PlayOrder::Undo, PlayOrder::Undo]);
    // Two steps back: jp1 in cave G again, in the Japanese PFPh... or where the steps left it.
    assert_eq!(at(&mut a, "jp1"), Location::Cave("G".into()));
    assert!(events(&a).len() < before.len());
    send(&mut a, [PlayOrder::Redo, PlayOrder::Redo]);
    assert_eq!(events(&a), before, "redo replays the same events and rolls");
    assert_eq!(at(&mut a, "jp1"), where_before);
    // A new order after an undo drops the undone step.
    send(&mut a, [PlayOrder::Undo]);
    send(&mut a, [PlayOrder::EndPhase]);
    let steps = a.world().resource::<Walk>().steps.clone();
    assert!(
        !steps
            .iter()
            .any(|s| matches!(&s.act, Some(Order::EnterCave { unit, .. }) if unit == "jp1")),
        "{steps:#?}"
    );
    // Past the scenario's own script (19 steps): Undo still restores (a regression: the
    // snapshot's step was once checked against the scenario's script).
    for _ in 0..16 {
        send(&mut a, [PlayOrder::EndPhase]);
    }
    assert!(a.world().resource::<Walk>().next > 19);
    let p = phase(&a);
    send(&mut a, [PlayOrder::Undo]);
    assert_eq!(a.world().resource::<Play>().undo_error, None);
    assert_ne!(phase(&a), p);
    send(&mut a, [PlayOrder::Redo]);
    assert_eq!(phase(&a), p);
}

#[test]
fn issue_15_a_play_save_continues_the_game_and_its_export() {
    let mut a = game(demo("cliff_caves"), 5);
    play_to_japanese_mph(&mut a);
    let saved = save::save_text(a.world_mut()).unwrap();
    assert!(saved.contains("played"), "{saved}");
    // A fresh app of the same scenario, the save loaded: the game goes on in Play mode.
    let mut b = game(demo("cliff_caves"), 99);
    let parsed: save::Save = save::read_text(b.world(), &saved).unwrap();
    save::load(b.world_mut(), &parsed).unwrap();
    b.update();
    assert!(b.world().resource::<Play>().active);
    assert_eq!(phase(&b), Phase::Movement);
    assert_eq!(at(&mut b, "jp1"), at(&mut a, "jp1"));
    for app in [&mut a, &mut b] {
        send(app, [PlayOrder::EndPhase, PlayOrder::EndPhase]);
    }
    let (ea, eb) = (events(&a), events(&b));
    let tail = |e: &[sim::Event], n: usize| e[e.len() - n..].to_vec();
    let n = 6.min(eb.len());
    assert_eq!(tail(&ea, n), tail(&eb, n), "the same rolls after the load");
    assert_eq!(export(a.world()).unwrap(), export(b.world()).unwrap());
}

#[test]
fn issue_15_a_path_stops_at_its_first_refused_step() {
    let mut a = game(demo("cliff_caves"), 1);
    send(
        &mut a,
        [PlayOrder::Start, PlayOrder::ToPhase(Phase::Movement)],
    );
    let map = a.world().resource::<sim::Board>().scenario.map.clone();
    let l = |t: &str| Location::parse(t, &map).unwrap();
    // us3 in T5: into S5 is a cliff (refused: only by Climbing), so U5 after it is not tried.
    send(
        &mut a,
        [PlayOrder::Along("us3".into(), vec![l("S5"), l("U5")])],
    );
    let log = events(&a);
    let us3: Vec<&sim::Event> = log
        .iter()
        .filter(|e| e.unit.as_deref() == Some("us3"))
        .collect();
    assert_eq!(us3.len(), 1, "{us3:#?}");
    assert_eq!(us3[0].event, "refused");
    assert_eq!(at(&mut a, "us3"), l("T5"));
}

#[test]
fn issue_15_watch_next_phase_runs_the_phases_script_steps_first() {
    // The bug the issue reports: Next step x3, then Next phase x5 left the script behind.
    let mut a = game(demo("cliff_caves"), 1);
    send(
        &mut a,
        [
            PlayOrder::NextStep,
            PlayOrder::NextStep,
            PlayOrder::NextStep,
        ],
    );
    for _ in 0..5 {
        send(&mut a, [PlayOrder::NextPhase]);
    }
    // No step of the script was refused that the narration does not refuse on purpose.
    let log = events(&a);
    let walk = a.world().resource::<Walk>().clone();
    for e in log.iter().filter(|e| e.event == "refused") {
        let say = walk.steps[e.step - 1].say.clone().unwrap_or_default();
        assert!(say.contains("Refused on purpose"), "step {}: {e:?}", e.step);
    }
    // Every step run so far ran in the phase its script names.
    for e in log.iter().filter(|e| e.event != "say") {
        if let Some(p) = walk.steps.get(e.step.wrapping_sub(1)).and_then(|s| s.phase) {
            let first = log
                .iter()
                .find(|x| x.step == e.step && x.phase == p.abbrev());
            assert!(
                first.is_some(),
                "step {} never reached {}",
                e.step,
                p.abbrev()
            );
        }
    }
    // And Back undoes the last phase change.
    let p = phase(&a);
    send(&mut a, [PlayOrder::Undo]);
    assert_ne!(phase(&a), p);
}

/// Sends Undo `n` times and returns the events and jp1's Location after each.
fn undo_trail(a: &mut App, n: usize) -> Vec<(usize, Location)> {
    (0..n)
        .map(|_| {
            send(a, [PlayOrder::Undo]);
            (events(a).len(), at(a, "jp1"))
        })
        .collect()
}

#[test]
fn a_loaded_play_save_replays_its_log_and_undoes_to_its_first_step() {
    let s = demo("cliff_caves");
    let mut a = game(s.clone(), 5);
    play_to_japanese_mph(&mut a);
    let depth = a.world().resource::<History>().depth();
    assert!(depth >= 10, "{depth}");
    let text = save::save_text(a.world_mut()).unwrap();
    let saved: save::Save = save::from_ron(&text, &s.map).unwrap();
    // The past is replayed from the save alone: the same events, the same depth of Undo.
    let past = asl_pto::sim::replay::replay(&std::sync::Arc::new(s.clone()), &saved)
        .expect("the save replays");
    assert_eq!(past.events, events(&a));
    assert_eq!(past.history.len(), depth);
    // A fresh game with the save and its past: Undo walks back exactly as the saved game does.
    let mut b = game(s, 99);
    save::load(b.world_mut(), &saved).unwrap();
    save::adopt_past(b.world_mut(), past);
    b.update();
    let (ta, tb) = (undo_trail(&mut a, depth), undo_trail(&mut b, depth));
    assert_eq!(ta, tb);
    // Back at the start: no events but the set-up's, jp1 where the scenario sets it up.
    assert_eq!(at(&mut b, "jp1"), Location::Cave("G".into()));
    assert_eq!(b.world().resource::<History>().depth(), 0);
    // And Redo from there plays the same game again.
    for app in [&mut a, &mut b] {
        for _ in 0..depth {
            send(app, [PlayOrder::Redo]);
        }
    }
    assert_eq!(events(&a), events(&b));
}

#[test]
fn a_loaded_watched_save_replays_its_steps_and_its_phases() {
    let s = demo("cliff_caves");
    let mut a = game(s.clone(), 2);
    send(&mut a, [PlayOrder::NextStep, PlayOrder::NextStep]);
    for _ in 0..3 {
        send(&mut a, [PlayOrder::NextPhase]);
    }
    let saved = save::save(a.world_mut()).unwrap();
    assert!(saved.played.is_none());
    let past = asl_pto::sim::replay::replay(&std::sync::Arc::new(s.clone()), &saved)
        .expect("the save replays");
    // The same events but for the step a phase event was told in (a phase reached by "Next
    // phase" before a step is reached by the step in the replay).
    let strip = |e: &[sim::Event]| -> Vec<(String, String, String)> {
        e.iter()
            .map(|e| (e.phase.clone(), e.event.clone(), e.text.clone()))
            .collect()
    };
    assert_eq!(strip(&past.events), strip(&events(&a)));
    // Undo goes back step by step to the start (a phase the watcher advanced on its own may be
    // one with the step that follows it).
    let depth = past.history.len();
    assert!(depth >= saved.next_step, "{depth}");
    assert!(depth <= a.world().resource::<History>().depth(), "{depth}");
}

#[test]
fn a_save_edited_by_hand_loads_without_a_past() {
    let s = demo("cliff_caves");
    let mut a = game(s.clone(), 4);
    play_to_japanese_mph(&mut a);
    let mut saved = save::save(a.world_mut()).unwrap();
    // us2 moved by hand to where it never went: the save still loads, but no replay reaches it.
    let u6 = Location::parse("U6", &s.map).unwrap();
    let us2 = saved
        .state
        .units
        .iter_mut()
        .find(|u| u.unit.id == "us2")
        .unwrap();
    us2.at = u6;
    let mut b = game(s.clone(), 4);
    save::load(b.world_mut(), &saved).unwrap();
    b.update();
    assert!(asl_pto::sim::replay::replay(&std::sync::Arc::new(s.clone()), &saved).is_none());
    // The save's own state stands: us2 where the edit put it.
    let map = b.world().resource::<sim::Board>().scenario.map.clone();
    assert_eq!(at(&mut b, "us2"), Location::parse("U6", &map).unwrap());
    // A log that differs from the save's digest is no past of it either.
    let mut other = save::save(a.world_mut()).unwrap();
    other.events = Some(save::events_digest(&[]));
    assert!(asl_pto::sim::replay::replay(&std::sync::Arc::new(s.clone()), &other).is_none());
}

#[test]
fn play_from_here_after_watching_by_phases_records_the_phase_so_the_game_replays() {
    let s = demo("cliff_caves");
    let mut a = game(s.clone(), 6);
    // Watch two script steps, then move on by phases alone ("Next phase" past the script's
    // next step's phase is a phase change with no step).
    send(&mut a, [PlayOrder::NextStep, PlayOrder::NextStep]);
    for _ in 0..3 {
        send(&mut a, [PlayOrder::NextPhase]);
    }
    let watched_to = phase(&a);
    send(&mut a, [PlayOrder::Start]);
    // The phase the walk stands in is recorded as a step of the game played...
    let steps = asl_pto::sim::play::played(a.world());
    assert_eq!(steps.last().and_then(|s| s.phase), Some(watched_to));
    assert_eq!(phase(&a), watched_to);
    // ...so an order given now, in this phase, replays in this phase.
    let o = act(&a, r#"Los("S4", "T5")"#);
    send(&mut a, [o]);
    let saved = save::save(a.world_mut()).unwrap();
    let past = asl_pto::sim::replay::replay(&std::sync::Arc::new(s.clone()), &saved)
        .expect("the game replays");
    let los = |e: &[sim::Event]| {
        e.iter()
            .rev()
            .find(|e| e.event == "los")
            .map(|e| e.phase.clone())
    };
    assert_eq!(los(&past.events), los(&events(&a)));
    assert_eq!(los(&past.events).as_deref(), Some(watched_to.abbrev()));
    // And the export walks to the same events.
    let text = export(a.world()).unwrap();
    let mut w = app(Scenario::from_str(&text, "export.ron").unwrap(), 6);
    runner::run_all(&mut w);
    let strip = |e: &[sim::Event]| -> Vec<(String, String, String)> {
        e.iter()
            .map(|e| (e.phase.clone(), e.event.clone(), e.text.clone()))
            .collect()
    };
    assert_eq!(strip(&events(&w)), strip(&events(&a)));
}

#[test]
fn e1_53_issue_27_1_play_mode_rolls_straying_before_each_first_move_and_its_export_walks_the_same()
{
    // night_ridge, Play mode: us1 (Cloaked) and then us2 move in the Allied MPh at night.
    let mut a = game(demo("night_ridge"), 5);
    send(
        &mut a,
        [PlayOrder::Start, PlayOrder::ToPhase(Phase::Movement)],
    );
    assert_eq!(phase(&a), Phase::Movement);
    let before = events(&a).len();
    let o = act(&a, r#"Move("us1", "J8")"#);
    send(&mut a, [o]);
    let o = act(&a, r#"Move("us1", "J7")"#);
    send(&mut a, [o]);
    let log = events(&a);
    let new: Vec<&sim::Event> = log[before..].iter().collect();
    // The Movement DR (E1.53) comes first, once: before us1's first move, not its second.
    assert_eq!(new[0].event, "straying", "{new:?}");
    assert_eq!(new[0].unit.as_deref(), Some("us1"));
    assert_eq!(new[0].dice.as_ref().map(Vec::len), Some(2));
    let strays = new.iter().filter(|e| e.event == "straying").count();
    assert_eq!(strays, 1, "{new:?}");
    // The exported game walks to the same events, Straying included.
    let text = export(a.world()).unwrap();
    let mut w = app(Scenario::from_str(&text, "export.ron").unwrap(), 5);
    runner::run_all(&mut w);
    assert_eq!(
        serde_json::to_string(&events(&w)).unwrap(),
        serde_json::to_string(&log).unwrap()
    );
}

#[test]
fn a10_5_play_mode_tells_of_units_that_must_rout_before_ending_the_rtph_then_lets_them_fail() {
    let mut a = game(crate::common::fixture("walk_rout"), 1);
    send(&mut a, [PlayOrder::Start, PlayOrder::ToPhase(Phase::Rout)]);
    assert_eq!(phase(&a), Phase::Rout);
    let failed = |a: &App| -> Vec<String> {
        events(a)
            .iter()
            .filter(|e| e.event == "failure_to_rout")
            .filter_map(|e| e.unit.clone())
            .collect()
    };
    // The first End phase is held, and says who must rout.
    send(&mut a, [PlayOrder::EndPhase]);
    assert_eq!(phase(&a), Phase::Rout, "held");
    let notice = a.world().resource::<Play>().notice.clone().expect("told");
    assert!(notice.contains("(A10.5)"), "{notice}");
    assert!(failed(&a).is_empty());
    // The next one ends the phase: those not routed fail to rout.
    send(&mut a, [PlayOrder::EndPhase]);
    assert_eq!(phase(&a), Phase::Advance);
    let gone = failed(&a);
    assert!(!gone.is_empty());
    for id in &gone {
        assert!(notice.contains(id.as_str()), "{id} was not named: {notice}");
    }
    assert!(a.world().resource::<Play>().notice.is_none());
}

#[test]
fn a10_6_play_mode_tells_of_broken_units_that_may_still_rally_before_ending_the_rph() {
    // A window trial ended its RPh with broken units unrallied by a second End phase it meant
    // for the phase before.
    let mut a = game(crate::common::fixture("walk_rally"), 1);
    send(&mut a, [PlayOrder::Start, PlayOrder::ToPhase(Phase::Rally)]);
    assert_eq!(phase(&a), Phase::Rally);
    send(&mut a, [PlayOrder::EndPhase]);
    assert_eq!(phase(&a), Phase::Rally, "held");
    let notice = a.world().resource::<Play>().notice.clone().expect("told");
    assert!(notice.contains("(A10.6)"), "{notice}");
    for id in ["us1", "us2", "us3"] {
        assert!(notice.contains(id), "{id}: {notice}");
    }
    // The next one ends the phase, the units left broken.
    send(&mut a, [PlayOrder::EndPhase]);
    assert_eq!(phase(&a), Phase::PrepFire);
    assert!(a.world().resource::<Play>().notice.is_none());
}
