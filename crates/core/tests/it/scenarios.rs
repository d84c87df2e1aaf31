//! The scenario files the tests share (`tests/scenarios/*.ron` at the workspace root, and the
//! shipped `scenarios/*.ron`), read by the core's own scenario reader: a test set up by a file
//! says its board in the scenario format rather than in code.

use std::path::PathBuf;
use std::sync::Arc;

use asl_pto_core::play::Match;
use asl_pto_core::scenario::Scenario;

/// The workspace root.
fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The test fixture `tests/scenarios/NAME.ron`.
pub fn fixture(name: &str) -> Scenario {
    Scenario::load(&root().join("tests/scenarios").join(format!("{name}.ron")))
        .unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// The shipped scenario `scenarios/NAME.ron`.
pub fn demo(name: &str) -> Scenario {
    Scenario::load(&root().join("scenarios").join(format!("{name}.ron")))
        .unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// A fixture's text with `from` replaced by `to` (a variation the test names), read as a
/// scenario.
pub fn fixture_with(name: &str, from: &str, to: &str) -> Scenario {
    fixture_edited(name, &[(from, to)])
}

/// A fixture's text with each `(from, to)` replaced in turn (the first of each), read as a
/// scenario.
pub fn fixture_edited(name: &str, edits: &[(&str, &str)]) -> Scenario {
    let path = root().join("tests/scenarios").join(format!("{name}.ron"));
    let mut text = std::fs::read_to_string(&path).unwrap();
    for (from, to) in edits {
        assert!(text.contains(from), "{name}: no {from:?}");
        text = text.replacen(from, to, 1);
    }
    Scenario::from_str(&text, &format!("{name}.ron")).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// A match of `s` with dice seeded `seed`.
pub fn game(s: Scenario, seed: u64) -> Match {
    Match::new(Arc::new(s), seed)
}

/// A game of the demo `name` with dice `seed` against the program playing `side` as `kind`
/// (its own choices seeded by `program_seed`), recording as Play mode does.
pub fn against_program(
    name: &str,
    seed: u64,
    side: asl_pto_core::model::Side,
    kind: asl_pto_core::opponent::Kind,
    program_seed: u64,
) -> Match {
    let mut m = Match::new(Arc::new(demo(name)), seed);
    m.program = Some(asl_pto_core::play::Program::against_a_player(
        side,
        kind,
        program_seed,
    ));
    m.start_recording();
    m
}

/// One turn of the Play-mode loop against the program: its step run if it has one, else the
/// person's `idle` (by default, ending the phase when the program does not hold it).
pub fn play_once(m: &mut Match, idle: impl FnOnce(&mut Match)) {
    use asl_pto_core::play::{Asked, ProgramTurn};
    match m.program_turn(Asked::EndPhase, || true) {
        ProgramTurn::Run { step, .. } => {
            m.run_now(step);
        }
        ProgramTurn::Spent => {}
        ProgramTurn::Idle | ProgramTurn::Due => {
            if !m.program_holds() {
                idle(m);
            }
        }
    }
}

/// One step of a game against the program where `person` (an opponent kind standing in for
/// the player) gives the player's orders: the program's turn as `play_once`, else the
/// person's next order in a phase its side acts in, else End phase.
pub fn person_plays(m: &mut Match, person: &mut asl_pto_core::opponent::Opponent) {
    play_once(m, |m| {
        let setting = m.setting();
        let c = person.decide(&m.state, &setting, &asl_pto_core::opponent::Moment::Phase);
        match c {
            Some(c) if m.state.phase.acts(person.side, m.state.turn.attacker) => {
                let _ = m.person_step(asl_pto_core::scenario::Step {
                    act: Some(c.order),
                    ..Default::default()
                });
            }
            _ => {
                m.end_phase();
            }
        }
    });
}
