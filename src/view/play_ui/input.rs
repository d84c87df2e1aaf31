//! Play mode's input: the start (`--play`, `--phase`, `--load`), the keys (Ctrl+Z/Y/S, Esc),
//! clicks on destination marks and targets (a Ctrl+click selects instead), the target
//! forgotten when the selection changes, and the view following the phasing side.

use bevy::prelude::*;

use super::state::*;
use crate::los::Location;
use crate::rules::moves::Reach;
use crate::sim::play::{Play, PlayOrder};
use crate::sim::{Board, PlayerTurn, save};
use crate::view::shared::{FireGroup, Pick, Picked, Selected, Typing, ViewSettings};

pub(super) fn start(world: &mut World) {
    let mut start = world.resource_mut::<PlayStart>();
    if start.done {
        return;
    }
    start.done = true;
    let (load, play, phase) = (start.load.take(), start.play, start.phase);
    if let Some(s) = load {
        let message = match save::load(world, &s) {
            Ok(()) => {
                // Its past replayed: the log and the Undo history as they were (or none).
                let scenario = world.resource::<Board>().scenario.clone();
                match crate::play::replay::replay(&scenario, &s) {
                    Some(past) => {
                        let (events, steps) = (past.events.len(), past.history.len());
                        save::adopt_past(world, past);
                        format!(
                            "save loaded: {} and {} to undo, replayed",
                            crate::words::count(events as i64, "event", "events"),
                            crate::words::count(steps as i64, "step", "steps")
                        )
                    }
                    None => "save loaded (its past could not be replayed: the log starts here \
                             and Undo goes back no further)"
                        .to_string(),
                }
            }
            Err(e) => format!("the save could not be loaded: {e}"),
        };
        world.resource_mut::<PlayStatus>().message = Some(message);
    }
    if play && !world.resource::<Play>().active {
        world.write_message(PlayOrder::Start);
        if let Some(p) = phase {
            world.write_message(PlayOrder::ToPhase(p));
        }
    }
}

/// A modifier counts if it was down at any time this frame: pressed and released within one
/// frame (a fast typist, or synthesized input on a slow frame) still makes the chord.
fn held(input: &ButtonInput<KeyCode>, keys: [KeyCode; 2]) -> bool {
    input.any_pressed(keys) || input.any_just_released(keys)
}

/// Ctrl is down (a Ctrl+click selects what it picks, never moves to it or targets it).
pub(super) fn ctrl(input: &ButtonInput<KeyCode>) -> bool {
    held(input, [KeyCode::ControlLeft, KeyCode::ControlRight])
}

/// Shift is down (a Shift+click on another of the player's units adds it to the selected
/// unit's Fire Group, A7.5).
pub(super) fn shift(input: &ButtonInput<KeyCode>) -> bool {
    held(input, [KeyCode::ShiftLeft, KeyCode::ShiftRight])
}

#[allow(clippy::too_many_arguments)]
pub(super) fn keys(
    input: Res<ButtonInput<KeyCode>>,
    typing: Typing,
    play: Res<Play>,
    mut orders: MessageWriter<PlayOrder>,
    mut status: ResMut<PlayStatus>,
    mut selected: ResMut<Selected>,
    mut target: ResMut<Target>,
    mut esc: ResMut<crate::view::shared::EscClosed>,
    mut group: ResMut<FireGroup>,
) {
    // A press that closed a window this frame leaves the selection as it is.
    let esc_closed = std::mem::take(&mut esc.0);
    if typing.now() {
        return;
    }
    let ctrl = ctrl(&input);
    let shift = held(&input, [KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    if ctrl && input.just_pressed(KeyCode::KeyZ) {
        orders.write(if shift {
            PlayOrder::Redo
        } else {
            PlayOrder::Undo
        });
    }
    if ctrl && input.just_pressed(KeyCode::KeyY) {
        orders.write(PlayOrder::Redo);
    }
    if ctrl && input.just_pressed(KeyCode::KeyS) && play.active {
        status.save_requested = true;
    }
    // One Esc leaves the selection, and its target with it (issue 27.11).
    if input.just_pressed(KeyCode::Escape) && !esc_closed {
        target.0 = None;
        selected.0 = None;
        if !group.0.is_empty() {
            group.0.clear();
        }
    }
}

/// A target belongs to the selection it was picked for: selecting another unit (or anything
/// else) forgets it, so the Orders never offer an action on the last unit's target; and the
/// units Shift+clicked to fire with the last one (`FireGroup`) with it.
pub(super) fn forget_target(
    selected: Res<Selected>,
    mut target: ResMut<Target>,
    mut group: ResMut<FireGroup>,
    mut last: Local<Option<Pick>>,
) {
    if selected.0 != *last {
        *last = selected.0.clone();
        if target.0.is_some() {
            target.0 = None;
        }
        if !group.0.is_empty() {
            group.0.clear();
        }
    }
}

/// Whether `pick` names reach `r`'s Location.
fn names(pick: &Pick, r: &Reach) -> bool {
    match pick {
        Pick::At(l) => *l == r.at,
        Pick::Hex(h) => r.at == Location::Ground(*h),
        Pick::Cave(id) => r.at == Location::Cave(id.clone()),
        Pick::Unit(_) => false,
    }
}

#[allow(clippy::too_many_arguments)]
pub(super) fn clicks(
    mut picks: MessageReader<Picked>,
    play: Res<Play>,
    selected: Res<Selected>,
    dest: Res<Destinations>,
    mut taken: ResMut<ClickTaken>,
    mut target: ResMut<Target>,
    mut orders: MessageWriter<PlayOrder>,
    units: Query<(
        &crate::model::Unit,
        &crate::sim::At,
        Has<crate::sim::Concealed>,
        Has<crate::sim::Cloaked>,
    )>,
    phase: Res<State<crate::sim::Phase>>,
    input: Res<ButtonInput<KeyCode>>,
    mut group: ResMut<FireGroup>,
    game: Option<Res<crate::play::Match>>,
) {
    taken.0 = false;
    // A Ctrl+click selects what it picked (the inspector takes it): any unit, either side's.
    if ctrl(&input) {
        picks.clear();
        return;
    }
    let side = |id: &str| units.iter().find(|u| u.0.id == id).map(|u| u.0.side());
    // Against the program, a concealed or Cloaked unit of its side is targeted as the "?" it
    // is, by its Location, never by its id (A12).
    let fogged = game.as_ref().and_then(|m| m.secrets_kept());
    let veiled = |id: &str| {
        units
            .iter()
            .find(|u| u.0.id == id)
            .filter(|u| Some(u.0.side()) == fogged && (u.2 || u.3))
            .map(|u| u.1.0.clone())
    };
    for Picked(pick) in picks.read() {
        let Some(Pick::Unit(unit)) = &selected.0 else {
            continue;
        };
        if !play.active {
            continue;
        }
        // A unit of the program's side, inspected, takes no target: the click selects what
        // it picked (a click on the player's own counter selected nothing while an enemy
        // was inspected).
        if game.as_ref().is_some_and(|m| !m.person_orders_unit(unit)) {
            continue;
        }
        if dest.unit.as_ref() == Some(unit)
            && let Some(r) = dest.reaches.iter().find(|r| names(pick, r))
        {
            // In the RtPh a mark is a rout destination: one Rout order (A10.5).
            if *phase.get() == crate::sim::Phase::Rout {
                orders.write(PlayOrder::Act(crate::rules::orders::Order::Rout {
                    unit: unit.as_str().into(),
                    to: r.at.clone(),
                }));
            } else {
                orders.write(PlayOrder::Along(unit.clone(), r.path[1..].to_vec()));
            }
            taken.0 = true;
            continue;
        }
        // A friendly unit is selected by its counter; an enemy unit, a hex or a cave becomes
        // the target.
        let friendly = match pick {
            Pick::Unit(other) => side(other).is_some() && side(other) == side(unit),
            _ => false,
        };
        // A7.5: a Shift+click on another of the player's units adds it to (or takes it out of)
        // the selected unit's Fire Group; the selection stays.
        if friendly
            && shift(&input)
            && let Pick::Unit(other) = pick
            && other != unit
        {
            group.toggle(other);
            taken.0 = true;
            continue;
        }
        if !friendly {
            target.0 = Some(match pick {
                Pick::Unit(other) => veiled(other).map_or_else(|| pick.clone(), Pick::At),
                _ => pick.clone(),
            });
            taken.0 = true;
        }
    }
}

/// In Play mode the view shows the phasing side's knowledge: the other side's hidden units and
/// caves are not drawn or listed. Against the program (`--opponent`) it shows the player's
/// side's knowledge whoever is phasing, until the game ends (A26), when all is shown.
pub(super) fn follow_side(
    play: Res<Play>,
    pt: Res<PlayerTurn>,
    opponent: Option<Res<crate::sim::opponent::OpponentPlay>>,
    scoring: Option<Res<crate::state::Scoring>>,
    mut settings: ResMut<ViewSettings>,
) {
    let want = match &opponent {
        Some(o) if o.fog => o.screen_side(scoring.is_some_and(|s| s.over)),
        _ => Some(pt.attacker),
    };
    if play.active && settings.side != want {
        settings.side = want;
    }
}
