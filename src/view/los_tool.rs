//! The LOS tool, like VASL's: pick two Locations — click hexes, cave mouths or counters (a
//! Climber's counter gives his Climbing Location), or type them as on the command line (`S4`,
//! `S4@2`, `T4@1/T4-S5-S4`, `cave:G`, `complex:M`) — and the thread is drawn clear (green),
//! hindered (yellow) or blocked (red), with range, hindrance and the deciding rule
//! (`rules::orders::look::los_traced`, the walk's own `Los` ruling, on the situation now:
//! SMOKE, Blazes, the NVR, Illumination and Gunflashes).

use bevy::prelude::*;
use bevy_egui::egui;

use super::pick::Pickables;
use super::place::location_point;
use super::shared::{Pick, Picked, ViewSystems};
use crate::los::{Location, LosResult};
use crate::rules::orders::look::los_traced;
use crate::sim::Board;
use crate::sim::live::situation;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LosTool>()
        .add_systems(Update, take_picks.in_set(ViewSystems::Respond))
        .add_systems(Update, (compute, draw).chain().in_set(ViewSystems::Draw));
}

/// With the tool on, a click sets the thread's next end (else the inspector selects it).
fn take_picks(
    mut picks: MessageReader<Picked>,
    mut tool: ResMut<LosTool>,
    board: Res<Board>,
    pickables: Res<Pickables>,
) {
    for Picked(pick) in picks.read() {
        if tool.active {
            tool.take(&board, &pickables, pick);
        }
    }
}

/// The LOS tool's state.
#[derive(Resource, Default, Debug)]
pub struct LosTool {
    /// Clicks set the thread's ends.
    pub active: bool,
    pub from: Option<Location>,
    pub to: Option<Location>,
    pub from_text: String,
    pub to_text: String,
    pub result: Option<Result<LosResult, String>>,
    /// The ends changed: recompute.
    dirty: bool,
}

impl LosTool {
    /// Traces between two Locations.
    pub fn set(&mut self, a: Location, b: Location, map: &crate::map::Map) {
        self.from_text = a.display(map).to_string();
        self.to_text = b.display(map).to_string();
        self.from = Some(a);
        self.to = Some(b);
        self.active = true;
        self.dirty = true;
    }

    /// A click: the first sets FROM, the second TO, the next starts again.
    pub fn take(&mut self, board: &Board, pickables: &Pickables, pick: &Pick) {
        let loc = match pick {
            Pick::Hex(h) => Location::Ground(*h),
            Pick::Cave(id) => Location::Cave(id.clone()),
            Pick::At(l) => l.clone(),
            Pick::Unit(id) => match pickables.unit_at.get(id) {
                Some(l) => l.clone(),
                None => return,
            },
        };
        let text = loc.display(&board.scenario.map).to_string();
        if self.from.is_none() || self.to.is_some() {
            self.from = Some(loc);
            self.from_text = text;
            self.to = None;
            self.to_text.clear();
            self.result = None;
        } else {
            self.to = Some(loc);
            self.to_text = text;
            self.dirty = true;
        }
    }
}

/// Recomputes the answer when the ends change, and whenever the situation might have (each
/// walkthrough step): it is cheap.
fn compute(world: &mut World) {
    let changed = world.is_resource_changed::<crate::sim::Walk>()
        || world.is_resource_changed::<crate::sim::NightState>();
    let tool = world.resource::<LosTool>();
    if !(tool.dirty || (changed && tool.to.is_some())) {
        return;
    }
    let (Some(a), Some(b)) = (tool.from.clone(), tool.to.clone()) else {
        return;
    };
    let board = world.resource::<Board>().clone();
    // The walk's own ruling (`Los(from, to)`): SMOKE, Blazes, the NVR, and a target seen beyond
    // it when Illuminated (G11.96 for a cave) or marked by a Gunflash (E1.101).
    let s = situation(world, &board);
    let result = los_traced(&s, &a, &b).map_err(|r| r.reason);
    drop(s);
    let mut tool = world.resource_mut::<LosTool>();
    tool.result = Some(result);
    tool.dirty = false;
}

fn draw(tool: Res<LosTool>, board: Res<Board>, mut gizmos: Gizmos) {
    let (Some(a), Some(b), Some(Ok(r))) = (&tool.from, &tool.to, &tool.result) else {
        if let Some(a) = &tool.from
            && let Some(p) = location_point(&board.scenario.map, &board.caves, a)
        {
            gizmos.sphere(
                Isometry3d::from_translation(p + Vec3::Y * 0.1),
                0.06,
                Color::WHITE,
            );
        }
        return;
    };
    let map = &board.scenario.map;
    let lift = Vec3::Y * 0.1;
    let (Some(pa), Some(pb)) = (
        location_point(map, &board.caves, a),
        location_point(map, &board.caves, b),
    ) else {
        return;
    };
    let colour = if !r.clear() {
        Color::srgb(1.0, 0.15, 0.1)
    } else if r.sight.hindrance > 0 {
        Color::srgb(1.0, 0.85, 0.1)
    } else {
        Color::srgb(0.2, 1.0, 0.3)
    };
    gizmos.line(pa + lift, pb + lift, colour);
    gizmos.sphere(Isometry3d::from_translation(pa + lift), 0.06, Color::WHITE);
    gizmos.sphere(Isometry3d::from_translation(pb + lift), 0.06, colour);
    if let Some(h) = r.sight.block.and_then(|b| b.hex()) {
        let p = super::pick::hex_point(map, h) + lift;
        gizmos.sphere(
            Isometry3d::from_translation(p),
            0.15,
            Color::srgb(1.0, 0.1, 0.1),
        );
    }
}

/// The LOS tool's section of the right panel (`dock`).
pub(super) fn show(
    InMut(ui): InMut<egui::Ui>,
    mut tool: ResMut<LosTool>,
    mut sees: ResMut<super::sees::SeesTool>,
    board: Res<Board>,
) {
    egui::CollapsingHeader::new(egui::RichText::new("LOS").strong())
        .id_salt("los")
        .default_open(tool.active || sees.on)
        .show(ui, |ui| {
            let mut on = sees.on;
            if ui
                .checkbox(&mut on, "Sees (hold V): what the selected unit, else the hex under the pointer, sees")
                .changed()
            {
                sees.on = on;
            }
            if let Some(from) = &sees.from {
                let counts: Vec<String> = sees
                    .counts
                    .iter()
                    .filter(|(_, n)| *n > 0)
                    .map(|(c, n)| format!("{n} {}", c.label()))
                    .collect();
                ui.small(format!(
                    "from {}: {}",
                    from.display(&board.scenario.map),
                    counts.join(", ")
                ));
            }
            ui.separator();
            ui.checkbox(&mut tool.active, "pick the ends by clicking (hex, cave, counter)");
            let mut typed = false;
            ui.horizontal(|ui| {
                ui.label("from");
                typed |= ui.text_edit_singleline(&mut tool.from_text).lost_focus();
            });
            ui.horizontal(|ui| {
                ui.label("to  ");
                typed |= ui.text_edit_singleline(&mut tool.to_text).lost_focus();
            });
            if typed || ui.button("Check LOS").clicked() {
                let map = &board.scenario.map;
                let parse = |t: &str| board.scenario.location(t).map_err(|e| e.to_string());
                match (parse(&tool.from_text), parse(&tool.to_text)) {
                    (Ok(a), Ok(b)) => {
                        tool.from_text = a.display(map).to_string();
                        tool.to_text = b.display(map).to_string();
                        tool.from = Some(a);
                        tool.to = Some(b);
                        tool.dirty = true;
                    }
                    (Err(e), _) | (_, Err(e)) if !tool.from_text.is_empty() && !tool.to_text.is_empty() => {
                        tool.result = Some(Err(e));
                    }
                    _ => {}
                }
            }
            match &tool.result {
                Some(Ok(r)) => {
                    let verdict = if r.clear() { "clear" } else { "BLOCKED" };
                    let rule = r.rule.map_or(String::new(), |x| format!(" ({x})"));
                    ui.strong(format!("{verdict}{rule}"));
                    ui.label(format!(
                        "range {}, hindrance +{}",
                        r.sight.range, r.sight.hindrance
                    ));
                    ui.label(&r.reason);
                }
                Some(Err(e)) => {
                    ui.colored_label(egui::Color32::LIGHT_RED, e);
                }
                None => {
                    ui.small("Locations as on the command line: S4, S4@2, T4@1/T4-S5-S4, cave:G, complex:M");
                }
            }
        });
}
