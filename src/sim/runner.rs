//! The walkthrough runner: feeds a scenario's `script` into the simulation one step at a time.
//! A step's `phase` advances through the phases (each phase's systems run on the way, as Bevy
//! state transitions), then its `say` is narrated (so the narration is logged in the turn and
//! phase it is about, after that phase's own lines), and its `act` is resolved by the rules. The CLI's
//! `walk` and the viewer's "Next step" both call `request_step`; `drive` (an Update system) does
//! the work over the following frames, and `run_step` runs those frames headless.

use bevy::prelude::*;

use super::history::snapshot;
use super::log::{Say, emit};
use super::phase::{Phase, PlayerTurn};
use super::play_state::Play;
use super::schedule::SimSystems;
pub use super::walk::Walk;
use super::walk::target_of;
use crate::scenario::Order;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, drive.in_set(SimSystems::Drive));
}

/// Starts the next script step: its phases are run and its narration told over the next
/// frames (`drive`). Returns false when the script is over (or a step is still running).
pub fn request_step(world: &mut World) -> bool {
    let phase = *world.resource::<State<Phase>>().get();
    let pt = world.resource::<PlayerTurn>().number;
    let walk = world.resource::<Walk>();
    if !walk.idle() || walk.next >= walk.steps.len() || game_over(world) {
        return false;
    }
    let upcoming = walk.steps[walk.next].clone();
    super::opponent::before_step(world, &upcoming);
    snapshot(world);
    if let Some(mut play) = world.get_resource_mut::<Play>() {
        play.phase_moved = false;
    }
    let mut walk = world.resource_mut::<Walk>();
    let step = walk.steps[walk.next].clone();
    walk.next += 1;
    walk.current = walk.next;
    let mut target = step.phase.map(|p| target_of(phase, pt, p));
    let mut pending = None;
    match step.act {
        Some(Order::NextPlayerTurn) => target = Some((Phase::Rally, pt + 1)),
        Some(a) => pending = Some(a),
        None => {}
    }
    // The walk begins with the first Player Turn's RPh.
    if phase == Phase::Setup && target.is_none() {
        target = Some((Phase::Rally, pt));
    }
    walk.target = target;
    walk.pending = pending;
    walk.say = step.say;
    walk.opponent = step.opponent;
    true
}

/// Advances to the next phase without running a script step (the viewer's "Next phase"): the
/// same state transitions, and so the same per-phase systems, as a step that names that phase.
/// Returns false while a step is still running.
pub fn request_phase(world: &mut World) -> bool {
    let phase = *world.resource::<State<Phase>>().get();
    let pt = world.resource::<PlayerTurn>().number;
    if !world.resource::<Walk>().idle() || game_over(world) {
        return false;
    }
    snapshot(world);
    let mut walk = world.resource_mut::<Walk>();
    walk.target = Some(target_of(phase, pt, phase.next()));
    true
}

/// Advances one phase toward the step's target (a state transition next frame), or, at the
/// target, tells the step's narration and resolves its action.
pub fn drive(world: &mut World) {
    // A26: the game has ended: the step's remaining phases and action are dropped.
    if game_over(world) {
        let mut walk = world.resource_mut::<Walk>();
        if !walk.idle() {
            walk.target = None;
            walk.pending = None;
            walk.say = None;
        }
        return;
    }
    let phase = *world.resource::<State<Phase>>().get();
    let pt = world.resource::<PlayerTurn>().number;
    let mut walk = world.resource_mut::<Walk>();
    if let Some((target, min)) = walk.target {
        if phase == target && pt >= min {
            walk.target = None;
        } else {
            // A side the program plays acts before the phase it acts in ends (issue 28).
            super::opponent::at_phase_end(world);
            if game_over(world) {
                return;
            }
            world.resource_mut::<NextState<Phase>>().set(phase.next());
            return;
        }
    }
    // The program's own recorded order: its reason and its order, told as it tells them.
    if walk.opponent {
        let text = walk.say.take();
        let action = walk.pending.take();
        if let Some(action) = action {
            super::opponent::play_step(world, text.unwrap_or_default(), action);
        }
        return;
    }
    if let Some(text) = walk.say.take() {
        emit(
            world,
            Say {
                event: "say",
                unit: None,
                rule: None,
                dice: None,
                text,
            },
        );
    }
    if let Some(action) = world.resource_mut::<Walk>().pending.take() {
        super::opponent::note_scripted(world, &action);
        super::live::play_out(world, |state, setting, dice| {
            crate::game::apply(state, setting, &action, dice)
        });
        super::opponent::after_order(world, &action);
    }
}

/// Runs one script step headless (as many frames as its phases take). Returns false when
/// the script is over.
pub fn run_step(app: &mut App) -> bool {
    if !request_step(app.world_mut()) {
        return false;
    }
    settle(app);
    true
}

/// Runs frames until the step or phase requested is done. Each frame moves at most one phase;
/// a step crosses at most two Player Turns.
pub fn settle(app: &mut App) {
    for _ in 0..64 {
        app.update();
        if app.world().resource::<Walk>().idle() {
            break;
        }
    }
}

/// Runs the whole script headless.
pub fn run_all(app: &mut App) {
    while run_step(app) {}
}

/// The game has ended (A26: its last Game Turn played).
pub fn game_over(world: &World) -> bool {
    world
        .get_resource::<crate::state::Scoring>()
        .is_some_and(|s| s.over)
}
