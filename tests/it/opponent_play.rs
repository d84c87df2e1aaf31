//! Play mode against the program (issue 28), headless: its orders are steps of the game like
//! the player's, so a save continues the same game, Undo goes back to the player's last order
//! and the export walks to the same end; it First Fires as the player's units move, and waits
//! for the player's First Fire after each of its own moves (A8).

use std::time::Duration;

use asl_pto::model::Side;
use asl_pto::opponent::greedy::acts;
use asl_pto::opponent::{Kind, Moment, Opponent};
use asl_pto::scenario::Scenario;
use asl_pto::sim::opponent::OpponentPlay;
use asl_pto::sim::play::{History, Play, PlayOrder, export};
use asl_pto::sim::{self, Phase, Walk, WalkLog, save};
use bevy::prelude::*;

use crate::common::demo;

/// A headless Play-mode game of `s` against the Japanese played by `kind`, with the fog of war
/// and a history, each frame a second of game time (the program's pace).
fn game(s: Scenario, seed: u64, kind: Kind) -> App {
    let mut a = sim::headless(s, seed);
    a.init_resource::<History>();
    sim::opponent::set(
        a.world_mut(),
        asl_pto::play::Program::against_a_player(Side::Japanese, kind, seed),
    );
    a.insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
        Duration::from_secs(1),
    ));
    a.world_mut().write_message(PlayOrder::Start);
    a.update();
    a
}

/// What the test's player (the Allies, played by the doctrine through Play mode's orders, as a
/// person clicks them) saw happen.
#[derive(Default, Debug)]
struct Seen {
    /// Times the program's moved unit waited for the player's First Fire.
    awaited: usize,
    /// First Fires the player gave then.
    fired: usize,
}

fn state(a: &mut App) -> asl_pto::state::GameState {
    let board = a.world().resource::<sim::Board>().clone();
    sim::live::state(a.world_mut(), &board)
}

/// Runs frames, the player giving its orders when the game waits for it, until the game ends
/// or `until` holds at a moment the player is to act. Returns false if the frames ran out.
fn drive(a: &mut App, me: &mut Opponent, seen: &mut Seen, until: &dyn Fn(&App) -> bool) -> bool {
    for _ in 0..20_000 {
        a.update();
        let w = a.world();
        if sim::runner::game_over(w) {
            return true;
        }
        if !w.resource::<Play>().settled() {
            continue;
        }
        let op = w.resource::<OpponentPlay>();
        if op.busy() {
            continue;
        }
        let awaiting = op.awaiting.clone();
        let phase = *w.resource::<State<Phase>>().get();
        let attacker = w.resource::<sim::PlayerTurn>().attacker;
        if awaiting.is_none() && phase != Phase::Setup && !acts(phase, Side::Allied, attacker) {
            continue;
        }
        if until(a) {
            return true;
        }
        let board = a.world().resource::<sim::Board>().clone();
        let st = state(a);
        let order = match &awaiting {
            Some((_, at)) => {
                seen.awaited += 1;
                let c = me.decide(&st, &board.setting(), &Moment::FirstFireAt(at.clone()));
                seen.fired += usize::from(c.is_some());
                c
            }
            None => me.decide(&st, &board.setting(), &Moment::Phase),
        };
        a.world_mut().write_message(match order {
            Some(c) => PlayOrder::Act(c.order),
            None => PlayOrder::EndPhase,
        });
    }
    false
}

fn events(a: &App) -> Vec<sim::Event> {
    a.world().resource::<WalkLog>().events.clone()
}

/// A save of `a` loaded into a fresh game, its past replayed (as the viewer's `--load` does).
fn reload(a: &mut App, s: &Scenario, seed: u64) -> App {
    let text = save::save_text(a.world_mut()).unwrap();
    let saved = save::from_ron(&text, &s.map).unwrap();
    assert!(
        saved.opponent.is_some(),
        "the save holds the program's side"
    );
    let mut b = sim::headless(s.clone(), seed);
    b.insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
        Duration::from_secs(1),
    ));
    save::load(b.world_mut(), &saved).unwrap();
    let past = sim::replay::replay_checked(&std::sync::Arc::new(s.clone()), &saved)
        .expect("its steps lead to it");
    save::adopt_past(b.world_mut(), past);
    assert!(b.world().resource::<Play>().active);
    assert!(b.world().resource::<OpponentPlay>().decides);
    b
}

#[test]
fn issue_28_against_the_program_its_orders_are_steps_a_save_goes_on_with_the_same_game_and_the_export_walks_it()
 {
    saved_and_exported(Kind::Greedy, 2);
}

#[test]
fn issue_28_a_saved_game_against_the_random_program_goes_on_with_its_own_dice_where_they_were() {
    saved_and_exported(Kind::Random, 5);
}

fn saved_and_exported(kind: Kind, seed: u64) {
    let s = demo("assault");
    // The whole game, never saved.
    let mut a = game(s.clone(), seed, kind);
    let mut me = Opponent::new(Side::Allied, Kind::Greedy, 7);
    let mut seen = Seen::default();
    assert!(
        drive(&mut a, &mut me, &mut seen, &|_| false),
        "the game ends"
    );
    let whole = events(&a);
    let end = state(&mut a);
    let steps = sim::play::played(a.world());
    let theirs = steps.iter().filter(|s| s.opponent).count();
    assert!(theirs > 0, "the program's orders are steps of the game");
    assert!(
        steps.iter().any(|s| !s.opponent && s.act.is_some()),
        "and so are the player's"
    );
    // Each step of the program's is told as its event `opponent` (or, hidden, as "a hidden
    // unit moved"), never as a narration.
    let told = whole
        .iter()
        .filter(|e| e.event == "opponent" || e.event == "hidden")
        .count();
    assert!(
        told >= steps
            .iter()
            .filter(|s| s.opponent && s.act.is_some())
            .count()
    );
    assert!(
        whole
            .iter()
            .all(|e| e.event != "say" || !e.text.contains("opponent)"))
    );
    // Saved halfway (while the player is to act), loaded and played on: the same game.
    let mut b = game(s.clone(), seed, kind);
    let mut me_b = Opponent::new(Side::Allied, Kind::Greedy, 7);
    let half = steps.len() / 2;
    assert!(drive(&mut b, &mut me_b, &mut Seen::default(), &|x| {
        x.world().resource::<Walk>().next >= half
    }));
    assert!(!sim::runner::game_over(b.world()));
    // The CLI's walk takes the same save: nothing is left to walk (its steps are played), and
    // the program decides nothing there.
    let file = std::env::temp_dir().join(format!(
        "asl-pto-play-save-{}-{}.ron",
        kind.name(),
        std::process::id()
    ));
    std::fs::write(&file, save::save_text(b.world_mut()).unwrap().as_bytes()).unwrap();
    let o = crate::common::run(&[
        "walk",
        &crate::common::demo_path("assault"),
        "--load",
        file.to_str().unwrap(),
    ]);
    assert_eq!(crate::common::stdout_ok(&o), "");
    let _ = std::fs::remove_file(&file);
    let mut c = reload(&mut b, &s, seed);
    drive(&mut c, &mut me_b, &mut Seen::default(), &|_| false);
    assert_eq!(
        events(&c),
        whole,
        "a saved and loaded game goes on as if never saved"
    );
    assert_eq!(state(&mut c), end);
    // The export holds both sides' orders: `walk` replays it (without --opponent) to the same
    // end, each of the program's orders told as its event `opponent`.
    let text = export(a.world()).unwrap();
    assert!(text.contains("opponent: true"));
    let walked = Scenario::from_str(&text, "export.ron").unwrap();
    let mut w = sim::headless(walked, seed);
    sim::runner::run_all(&mut w);
    assert_eq!(state(&mut w), end);
    let said = events(&w);
    assert_eq!(
        said.iter().filter(|e| e.event == "opponent").count(),
        steps
            .iter()
            .filter(|s| s.opponent && s.act.is_some())
            .count()
    );
    assert!(
        said.iter().all(|e| e.event != "hidden"),
        "a walk has no fog"
    );
    // Walked against the program, its orders would be given twice: refused (exit 2).
    let path = std::env::temp_dir().join(format!(
        "asl-pto-export-{}-{}.ron",
        kind.name(),
        std::process::id()
    ));
    std::fs::write(&path, &text).unwrap();
    let o = crate::common::run(&["walk", path.to_str().unwrap(), "--opponent", "japanese"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(crate::common::stderr(&o).contains("without --opponent"));
    let _ = std::fs::remove_file(&path);
}

/// Its awaited unit, if the program waits for the player's First Fire.
fn awaiting(a: &App) -> Option<(String, asl_pto::los::Location)> {
    a.world().resource::<OpponentPlay>().awaiting.clone()
}

/// Runs frames until the game waits for the player (nothing runs, nothing is queued, the
/// program has nothing to do on its own).
fn settle(a: &mut App) {
    for _ in 0..200 {
        a.update();
        let w = a.world();
        if w.resource::<Play>().settled() && !w.resource::<OpponentPlay>().busy() {
            return;
        }
    }
    panic!("the game never waited for the player");
}

#[test]
fn a8_against_the_program_each_move_of_its_waits_for_the_player_s_first_fire() {
    let s = crate::common::fixture("opponent_open");
    let mut a = game(s.clone(), 3, Kind::Greedy);
    let mut me = Opponent::new(Side::Allied, Kind::Greedy, 7);
    let mut seen = Seen::default();
    assert!(drive(&mut a, &mut me, &mut seen, &|_| false));
    assert!(seen.awaited >= 1 && seen.fired >= 1, "{seen:?}");
    // In the log, us1's First Fire comes right after the program's move into the Location it
    // fires at, before the program's next order.
    let ev = events(&a);
    let fire = ev
        .iter()
        .position(|e| e.unit.as_deref() == Some("us1") && e.text.contains("First Fire vs "))
        .expect("us1 First Fires");
    let target = ev[fire].text.split("First Fire vs ").nth(1).unwrap();
    let target = target.split(':').next().unwrap();
    let before = ev[..fire]
        .iter()
        .rev()
        .find(|e| e.event == "opponent")
        .unwrap();
    assert!(
        before.text.ends_with(&format!(r#"", "{target}")"#)) && before.text.contains("Move("),
        "{} / {target}",
        before.text
    );
    assert_eq!(ev[fire].phase, "MPh");

    // The same game, to the first wait: the program's last step spent jp1's MF (its SMOKE
    // grenades before it steps, A24.1, or a move), and the player may First Fire at jp1 where
    // it is (A8.1).
    let mut b = game(s, 3, Kind::Greedy);
    let mut me = Opponent::new(Side::Allied, Kind::Greedy, 7);
    assert!(drive(&mut b, &mut me, &mut Seen::default(), &|x| awaiting(
        x
    )
    .is_some()));
    let waited = awaiting(&b).unwrap();
    assert_eq!(waited.0, "jp1");
    let last = sim::play::played(b.world()).last().cloned().unwrap();
    assert!(last.opponent);
    let act = last.act.clone().expect("an order");
    assert!(act.draws_first_fire(), "{act:?}");
    assert_eq!(act.unit().map(|u| u.to_string()).as_deref(), Some("jp1"));
    if let asl_pto::scenario::Order::Move { to, .. } = &act {
        assert_eq!(to, &waited.1);
    }
    // It goes on only when the player says so: frames alone change nothing.
    let n = b.world().resource::<Walk>().next;
    for _ in 0..5 {
        b.update();
    }
    assert_eq!(b.world().resource::<Walk>().next, n);
    assert!(awaiting(&b).is_some());
    // The player fires; the program goes on by itself only after End phase.
    let fire = asl_pto::scenario::Order::Fire {
        units: vec![asl_pto::scenario::UnitId("us1".into())],
        at: waited.1.clone(),
    };
    b.world_mut().write_message(PlayOrder::Act(fire.clone()));
    settle(&mut b);
    let log_after_fire = events(&b).len();
    b.world_mut().write_message(PlayOrder::EndPhase);
    settle(&mut b);
    // us1, marked First Fire, may still fire at jp1 as it moves on within its Normal Range
    // (its Subsequent First Fire, A8.3): the program waits again after each such step, and End
    // phase lets it go on each time.
    let mut waits = 0;
    while awaiting(&b).is_some() {
        waits += 1;
        assert!(waits < 20, "the program's MPh never ended");
        b.world_mut().write_message(PlayOrder::EndPhase);
        settle(&mut b);
    }
    let steps = sim::play::played(b.world());
    assert!(steps.len() >= n + 2, "the program went on");
    assert_eq!(steps[n].act.as_ref(), Some(&fire));
    assert!(!steps[n].opponent && steps[n + 1].opponent);
    // It ended its MPh by a step of its own; the player's End phase was spent on "go on" (the
    // DFPh, the player's, is not ended too).
    assert_eq!(steps.last().unwrap().phase, Some(Phase::DefensiveFire));
    assert!(steps.last().unwrap().opponent);
    assert_eq!(
        *b.world().resource::<State<Phase>>().get(),
        Phase::DefensiveFire
    );
    // Against the program nothing the dice told is taken back (issue 38): the player's Fire
    // rolled its IFT DR, and the program moved on after it; Undo is refused, and says why.
    let refused = |a: &mut App| {
        let (next, len) = (a.world().resource::<Walk>().next, events(a).len());
        a.world_mut().write_message(PlayOrder::Undo);
        settle(a);
        assert_eq!(a.world().resource::<Walk>().next, next);
        assert_eq!(events(a).len(), len);
        let notice = a
            .world()
            .resource::<Play>()
            .notice
            .clone()
            .unwrap_or_default();
        assert!(notice.contains("cannot be taken back"), "{notice}");
    };
    assert!(log_after_fire < events(&b).len());
    refused(&mut b);
    // Saved and loaded there (its past replayed), the same.
    let mut c = reload(&mut b, &crate::common::fixture("opponent_open"), 3);
    refused(&mut c);
}

#[test]
fn issue_28_a_way_to_a_later_phase_passes_the_program_s_moves_without_waiting_for_the_player() {
    // `--phase DFPh` against the Japanese of opponent_open: their MPh is crossed on the way;
    // the program's moves do not stop it there (the player asked to go on to the DFPh).
    let mut a = game(crate::common::fixture("opponent_open"), 3, Kind::Greedy);
    a.world_mut()
        .write_message(PlayOrder::ToPhase(Phase::DefensiveFire));
    for _ in 0..200 {
        a.update();
        if *a.world().resource::<State<Phase>>().get() == Phase::DefensiveFire
            && a.world().resource::<Play>().settled()
        {
            break;
        }
    }
    assert_eq!(
        *a.world().resource::<State<Phase>>().get(),
        Phase::DefensiveFire
    );
    assert!(
        a.world().resource::<Play>().settled(),
        "nothing left queued"
    );
    let steps = sim::play::played(a.world());
    assert!(
        steps.iter().any(|s| s.opponent && s.act.is_some()),
        "the program moved"
    );
    // It stays in the DFPh, the player's.
    for _ in 0..5 {
        a.update();
    }
    assert_eq!(
        *a.world().resource::<State<Phase>>().get(),
        Phase::DefensiveFire
    );
}

/// Issue 38: against the program no phase is skipped or entered twice, however impatient the
/// player: a whole game of the assault by Play mode's inputs, the player (the Allies, by the
/// doctrine) clicking End phase twice whenever it ends a phase, and clicking it while the
/// program plays its part, each click landing a frame after the phase it was clicked in was
/// shown (a person's lag); every phase of every Player Turn begins once, in order (A3).
#[test]
fn a3_against_the_program_every_phase_of_every_player_turn_is_entered_and_left_once() {
    let s = demo("assault");
    let turns = s.turns.expect("the assault ends");
    let mut a = game(s, 4, Kind::Doctrine);
    let mut me = Opponent::new(Side::Allied, Kind::Doctrine, 9);
    let mut over = false;
    let mut impatient = 0;
    let shown = |a: &App| {
        let w = a.world();
        (
            w.resource::<sim::PlayerTurn>().number,
            *w.resource::<State<Phase>>().get(),
        )
    };
    let click = |a: &mut App| {
        let (pt, phase) = shown(a);
        a.update();
        a.world_mut()
            .write_message(PlayOrder::EndPhaseOf(pt, phase));
    };
    for frame in 0..40_000 {
        a.update();
        let w = a.world();
        if sim::runner::game_over(w) {
            over = true;
            break;
        }
        let phase = *w.resource::<State<Phase>>().get();
        let attacker = w.resource::<sim::PlayerTurn>().attacker;
        let busy = !w.resource::<Play>().settled() || w.resource::<OpponentPlay>().busy();
        let mine = phase == Phase::Setup || acts(phase, Side::Allied, attacker);
        let awaiting = w.resource::<OpponentPlay>().awaiting.clone();
        if busy || (!mine && awaiting.is_none()) {
            // An impatient click while the program plays.
            if frame % 2 == 0 {
                impatient += 1;
                click(&mut a);
            }
            continue;
        }
        let board = a.world().resource::<sim::Board>().clone();
        let st = state(&mut a);
        let order = match &awaiting {
            Some((_, at)) => me.decide(&st, &board.setting(), &Moment::FirstFireAt(at.clone())),
            None => me.decide(&st, &board.setting(), &Moment::Phase),
        };
        match order {
            Some(c) => {
                a.world_mut().write_message(PlayOrder::Act(c.order));
            }
            None => {
                // A double click.
                click(&mut a);
                click(&mut a);
            }
        };
    }
    assert!(over, "the game did not end");
    assert!(impatient > 20, "{impatient} impatient clicks");
    // Each Player Turn's phases, as they began.
    let mut begun: Vec<(u32, String, String)> = Vec::new();
    for e in events(&a) {
        if e.rule.as_deref() == Some("A3") && e.text.ends_with(" begins") {
            begun.push((e.turn, e.attacker.clone(), e.phase.clone()));
        }
    }
    let order = ["RPh", "PFPh", "MPh", "DFPh", "AFPh", "RtPh", "APh", "CCPh"];
    let mut expected = Vec::new();
    for gt in 1..=turns {
        for side in ["Allied", "Japanese"] {
            for p in order {
                expected.push((gt, side.to_string(), p.to_string()));
            }
        }
    }
    assert_eq!(begun, expected, "every phase begun once, in order");
}

/// Issue 38: against the program every unit is one entity (the program set before the
/// set-up's spawn once made each unit twice: a stale copy that drew a second counter, took
/// clicks and doubled the Fire Group of its Location).
#[test]
fn issue_38_against_the_program_each_unit_is_drawn_once() {
    let s = demo("assault");
    let ids: Vec<String> = s.units.iter().map(|u| u.id.clone()).collect();
    // As the viewer does: the program set before the first frame (before the set-up's spawn).
    let mut a = App::new();
    a.add_plugins((
        MinimalPlugins,
        bevy::state::app::StatesPlugin,
        sim::SimPlugin {
            scenario: std::sync::Arc::new(s),
            seed: 1,
        },
    ));
    sim::opponent::set(
        a.world_mut(),
        asl_pto::play::Program::against_a_player(Side::Japanese, Kind::Doctrine, 1),
    );
    for _ in 0..5 {
        a.update();
    }
    let mut q = a.world_mut().query::<&asl_pto::model::Unit>();
    let mut seen: Vec<String> = q.iter(a.world()).map(|u| u.id.clone()).collect();
    seen.sort();
    let mut want = ids;
    want.sort();
    assert_eq!(seen, want);
}
