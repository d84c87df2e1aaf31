//! Play mode in the viewer (issue 15): the player selects a unit (a click on its counter), sees
//! every Location it can reach this phase marked with its MF (`rules::moves::field_of_movement`,
//! the ruling the simulation applies), clicks a mark to move there along the shown path, and
//! orders the phase's other actions from the Orders window, where what the rules refuse is
//! greyed out with its rule (the core's `legal_orders`). A click on a hex, cave or enemy unit while a unit is
//! selected makes it the target of those actions. Ctrl+Z / Ctrl+Y undo and redo, Ctrl+S saves
//! (`--save`), "Export walkthrough" writes the game as a scenario. Everything ordered goes
//! through `sim::play` as script steps: the same path as a script.

mod orders;

use std::path::PathBuf;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::pick::Pickables;
use super::place::counter_point;
use super::{Pick, Picked, Selected, ViewOptions, ViewSettings, ViewSystems};
use crate::los::Location;
use crate::rules::moves::{Reach, field_of_movement};
use crate::sim::live::situation;
use crate::sim::play::{History, Play, PlayOrder, export};
use crate::sim::{Board, Phase, PlayerTurn, Walk, WalkLog, save};
use orders::{OrderMenu, menu};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<History>()
        .init_resource::<ClickTaken>()
        .init_resource::<Destinations>()
        .init_resource::<Target>()
        .init_resource::<PlayStatus>()
        .configure_sets(Update, PlayClicks.in_set(ViewSystems::Respond))
        .add_systems(
            Update,
            (start, keys, clicks, follow_side)
                .chain()
                .in_set(PlayClicks),
        )
        .add_systems(Update, (files, plan).chain().in_set(ViewSystems::Draw))
        .add_systems(Update, draw_marks.in_set(ViewSystems::Draw).after(plan))
        .init_resource::<CameraGoal>()
        .add_systems(Update, follow_actor.in_set(ViewSystems::Draw));
    orders::plugin(app);
    app.add_systems(
        EguiPrimaryContextPass,
        mark_labels.in_set(ViewSystems::Overlay),
    );
}

/// How the viewer starts playing: `--play`, `--phase`, `--load`, and where saves and exports go.
#[derive(Resource, Debug)]
pub struct PlayStart {
    play: bool,
    phase: Option<Phase>,
    load: Option<Box<save::Save>>,
    pub save_path: PathBuf,
    pub export_path: PathBuf,
    done: bool,
}

impl From<&ViewOptions> for PlayStart {
    fn from(o: &ViewOptions) -> PlayStart {
        PlayStart {
            play: o.play,
            phase: o.phase,
            load: o.load.clone(),
            save_path: o
                .save_path
                .clone()
                .unwrap_or_else(|| PathBuf::from("asl-pto.save.ron")),
            export_path: o
                .export_path
                .clone()
                .unwrap_or_else(|| PathBuf::from("asl-pto.played.ron")),
            done: false,
        }
    }
}

/// The clicks picked this frame were Play mode's (a destination or a target): the inspector
/// does not select them.
#[derive(Resource, Default, Debug)]
pub struct ClickTaken(pub bool);

/// Play mode's click handling, before the inspector's selection.
#[derive(SystemSet, Debug, Clone, Copy, Eq, PartialEq, Hash)]
pub struct PlayClicks;

/// The selected unit's reachable Locations this phase, and what they were computed for.
#[derive(Resource, Default, Debug)]
pub struct Destinations {
    pub unit: Option<String>,
    pub reaches: Vec<Reach>,
    /// Why the unit cannot move now, if it cannot.
    pub why_not: Option<String>,
    key: Option<Key>,
}

/// What a plan was made for: the selection, the target and the walk's state.
#[derive(Clone, Debug, PartialEq)]
struct Key {
    unit: String,
    target: Option<Pick>,
    next: usize,
    events: usize,
    phase: Phase,
    pt: u32,
}

/// The target picked for the selected unit's actions (a hex, a cave, a unit, a Location).
#[derive(Resource, Default, Debug)]
pub struct Target(pub Option<Pick>);

/// The last save or export, and requests waiting for the runner to be idle.
#[derive(Resource, Default, Debug)]
pub struct PlayStatus {
    pub message: Option<String>,
    pub save_requested: bool,
    pub export_requested: bool,
}

fn start(world: &mut World) {
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
                match crate::sim::play::replay(&scenario, &s) {
                    Some(past) => {
                        let (events, steps) = (past.events.len(), past.history.depth());
                        world.resource_mut::<WalkLog>().events = past.events;
                        world.insert_resource(past.history);
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

fn keys(
    input: Res<ButtonInput<KeyCode>>,
    play: Res<Play>,
    mut orders: MessageWriter<PlayOrder>,
    mut status: ResMut<PlayStatus>,
    mut selected: ResMut<Selected>,
    mut target: ResMut<Target>,
) {
    // A modifier counts if it was down at any time this frame: pressed and released within one
    // frame (a fast typist, or synthesized input on a slow frame) still makes the chord.
    let held = |keys: [KeyCode; 2]| input.any_pressed(keys) || input.any_just_released(keys);
    let ctrl = held([KeyCode::ControlLeft, KeyCode::ControlRight]);
    let shift = held([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
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
    if input.just_pressed(KeyCode::Escape) {
        if target.0.is_some() {
            target.0 = None;
        } else {
            selected.0 = None;
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
fn clicks(
    mut picks: MessageReader<Picked>,
    play: Res<Play>,
    selected: Res<Selected>,
    dest: Res<Destinations>,
    mut taken: ResMut<ClickTaken>,
    mut target: ResMut<Target>,
    mut orders: MessageWriter<PlayOrder>,
    units: Query<&crate::model::Unit>,
) {
    taken.0 = false;
    let side = |id: &str| units.iter().find(|u| u.id == id).map(|u| u.side());
    for Picked(pick) in picks.read() {
        let Some(Pick::Unit(unit)) = &selected.0 else {
            continue;
        };
        if !play.active {
            continue;
        }
        if dest.unit.as_ref() == Some(unit)
            && let Some(r) = dest.reaches.iter().find(|r| names(pick, r))
        {
            orders.write(PlayOrder::Along(unit.clone(), r.path[1..].to_vec()));
            taken.0 = true;
            continue;
        }
        // A friendly unit is selected by its counter; an enemy unit, a hex or a cave becomes
        // the target.
        let friendly = match pick {
            Pick::Unit(other) => side(other).is_some() && side(other) == side(unit),
            _ => false,
        };
        if !friendly {
            target.0 = Some(pick.clone());
            taken.0 = true;
        }
    }
}

/// In Play mode the view shows the phasing side's knowledge: the other side's hidden units and
/// caves are not drawn or listed.
fn follow_side(play: Res<Play>, pt: Res<PlayerTurn>, mut settings: ResMut<ViewSettings>) {
    if play.active && settings.side != Some(pt.attacker) {
        settings.side = Some(pt.attacker);
    }
}

/// Ctrl+S and "Export walkthrough", done when the runner is idle; written atomically.
fn files(world: &mut World) {
    let status = world.resource::<PlayStatus>();
    if !(status.save_requested || status.export_requested) {
        return;
    }
    if !world.resource::<Walk>().idle() || !world.resource::<Play>().settled() {
        return;
    }
    let (save_path, export_path) = {
        let s = world.resource::<PlayStart>();
        (s.save_path.clone(), s.export_path.clone())
    };
    let mut messages = Vec::new();
    if world.resource::<PlayStatus>().save_requested {
        world.resource_mut::<PlayStatus>().save_requested = false;
        let r = save::save(world).map_err(|e| e.to_string()).and_then(|s| {
            crate::save_file::write_atomically(&save_path, save::to_ron(&s).as_bytes())
                .map_err(|e| e.to_string())
        });
        messages.push(match r {
            Ok(()) => format!("saved to {}", save_path.display()),
            Err(e) => format!("not saved to {}: {e}", save_path.display()),
        });
    }
    if world.resource::<PlayStatus>().export_requested {
        world.resource_mut::<PlayStatus>().export_requested = false;
        let r = export(world).map_err(|e| e.to_string()).and_then(|text| {
            crate::save_file::write_atomically(&export_path, text.as_bytes())
                .map_err(|e| e.to_string())
        });
        messages.push(match r {
            Ok(()) => format!(
                "walkthrough exported to {} (asl-pto walk replays it)",
                export_path.display()
            ),
            Err(e) => format!("not exported to {}: {e}", export_path.display()),
        });
    }
    world.resource_mut::<PlayStatus>().message = Some(messages.join("; "));
}

/// The selected unit's destinations and Orders entries, recomputed when the selection, the
/// target or the walk changes (not every frame).
fn plan(world: &mut World) {
    let unit = match &world.resource::<Selected>().0 {
        Some(Pick::Unit(u)) if world.resource::<Play>().active => Some(u.clone()),
        _ => None,
    };
    let Some(unit) = unit else {
        if world.resource::<Destinations>().unit.is_some() {
            *world.resource_mut::<Destinations>() = Destinations::default();
            *world.resource_mut::<OrderMenu>() = OrderMenu::default();
            world.resource_mut::<Pickables>().destinations.clear();
        }
        return;
    };
    if !world.resource::<Walk>().idle() || !world.resource::<Play>().settled() {
        return;
    }
    let phase = *world.resource::<State<Phase>>().get();
    let key = Key {
        unit: unit.clone(),
        target: world.resource::<Target>().0.clone(),
        next: world.resource::<Walk>().next,
        events: world.resource::<WalkLog>().events.len(),
        phase,
        pt: world.resource::<PlayerTurn>().number,
    };
    if world.resource::<Destinations>().key.as_ref() == Some(&key) {
        return;
    }
    let board = world.resource::<Board>().clone();
    let target = world.resource::<Target>().0.clone();
    let s = situation(world, &board);
    let (reaches, why_not) = if matches!(phase, Phase::Movement | Phase::Advance) {
        match field_of_movement(&s, &unit) {
            Ok(r) => (r, None),
            Err(r) => (Vec::new(), Some(format!("[{}] {}", r.rule, r.reason))),
        }
    } else {
        (Vec::new(), None)
    };
    let entries = menu(&s, &unit, target.as_ref());
    drop(s);
    let map = &board.scenario.map;
    let picks: Vec<(Pick, Vec3, f32)> = reaches
        .iter()
        .filter_map(|r| {
            counter_point(map, &board.caves, &r.at).map(|p| (Pick::At(r.at.clone()), p, 0.13))
        })
        .collect();
    world.resource_mut::<Pickables>().destinations = picks;
    *world.resource_mut::<Destinations>() = Destinations {
        unit: Some(unit.clone()),
        reaches,
        why_not,
        key: Some(key),
    };
    *world.resource_mut::<OrderMenu>() = OrderMenu {
        unit: Some(unit),
        entries,
    };
}

/// Where the camera is easing to (the acting unit, when it was off screen), and the log length
/// last looked at.
#[derive(Resource, Default, Debug)]
struct CameraGoal {
    focus: Option<Vec3>,
    seen: usize,
}

/// The camera eases to the unit the last step acted on when that unit is off screen.
#[allow(clippy::too_many_arguments)]
fn follow_actor(
    mut goal: ResMut<CameraGoal>,
    log: Res<WalkLog>,
    play: Res<Play>,
    board: Res<Board>,
    units: Query<(&crate::model::Unit, &crate::sim::At)>,
    camera: Single<(&Camera, &GlobalTransform)>,
    mut orbit: ResMut<super::camera::Orbit>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    if play.active && log.events.len() != goal.seen {
        let actor = log.events[goal.seen.min(log.events.len())..]
            .iter()
            .rev()
            .find_map(|e| e.unit.clone());
        goal.seen = log.events.len();
        let point = actor.and_then(|id| {
            let (_, at) = units.iter().find(|(u, _)| u.id == id)?;
            counter_point(&board.scenario.map, &board.caves, &at.0)
        });
        if let Some(p) = point {
            let (cam, gt) = *camera;
            let on_screen = cam.world_to_viewport(gt, p).is_ok_and(|px| {
                cam.logical_viewport_size().is_some_and(|size| {
                    px.x >= 0.0 && px.y >= 0.0 && px.x <= size.x && px.y <= size.y
                })
            });
            if !on_screen {
                goal.focus = Some(p);
            }
        }
    }
    if let Some(p) = goal.focus {
        redraw.write(bevy::window::RequestRedraw);
        let next = orbit.focus.lerp(p, 0.12);
        orbit.focus = if next.distance(p) < 0.02 { p } else { next };
        if orbit.focus == p {
            goal.focus = None;
        }
    }
}

fn draw_marks(dest: Res<Destinations>, board: Res<Board>, mut gizmos: Gizmos) {
    let map = &board.scenario.map;
    for r in &dest.reaches {
        let Some(p) = counter_point(map, &board.caves, &r.at) else {
            continue;
        };
        let colour = if r.climb {
            Color::srgb(1.0, 0.75, 0.2)
        } else {
            Color::srgb(0.3, 1.0, 0.5)
        };
        let iso = Isometry3d::new(
            p + Vec3::Y * 0.02,
            Quat::from_rotation_x(std::f32::consts::FRAC_PI_2),
        );
        gizmos.circle(iso, 0.12, colour);
        gizmos.circle(iso, 0.09, colour);
    }
}

fn mark_labels(
    mut contexts: EguiContexts,
    camera: Single<(&Camera, &GlobalTransform)>,
    dest: Res<Destinations>,
    board: Res<Board>,
) -> Result {
    if dest.reaches.is_empty() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let (cam, gt) = *camera;
    let zoom = ctx.zoom_factor();
    let painter = ctx.layer_painter(egui::LayerId::background());
    let map = &board.scenario.map;
    for r in &dest.reaches {
        let Some(p) = counter_point(map, &board.caves, &r.at) else {
            continue;
        };
        let Ok(px) = cam.world_to_viewport(gt, p + Vec3::Y * 0.05) else {
            continue;
        };
        let text = if r.climb {
            "Climb".to_string()
        } else {
            format!("{} MF", r.mf)
        };
        let pos = egui::pos2(px.x / zoom, px.y / zoom - 12.0);
        let font = egui::FontId::proportional(12.0);
        painter.text(
            pos + egui::vec2(1.0, 1.0),
            egui::Align2::CENTER_CENTER,
            &text,
            font.clone(),
            egui::Color32::from_black_alpha(220),
        );
        painter.text(
            pos,
            egui::Align2::CENTER_CENTER,
            &text,
            font,
            egui::Color32::from_rgb(150, 255, 170),
        );
    }
    Ok(())
}
