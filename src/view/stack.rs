//! A stack opened into a list (issue 27.7): a click on a counter of a hex where several units
//! are drawn, or the L key over a hex (else on the selected unit's hex), shows a small list of
//! the units there, top counter first; picking one selects it, whichever side it is on. The
//! list closes when one is picked, on Esc, or when the next click picks something else.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::caves::shown;
use super::pick::{Hovered, Pickables};
use super::shared::{Layout, Panel, Pick, Picked, Selected, Typing, ViewSettings, ViewSystems};
use crate::hex::Hex;
use crate::los::Location;
use crate::sim::{Board, Cloaked, Concealed, Hidden, Unit};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<StackList>()
        .add_systems(
            Update,
            open.in_set(ViewSystems::Respond)
                .after(super::play_ui::PlayClicks),
        )
        .add_systems(EguiPrimaryContextPass, show.in_set(Panel::Floating));
}

/// The stack list shown, if any: the hex, its units (id and what the list says of each), where
/// it opened (egui points), and where each entry was drawn (for the probes).
#[derive(Resource, Default, Debug, Clone)]
pub struct StackList {
    pub hex: Option<Hex>,
    pub units: Vec<String>,
    pub at: egui::Pos2,
    pub entries: Vec<(String, egui::Rect)>,
}

/// The hex a Location's counters are drawn in (a cave's occupants in the cave's hex).
fn hex_of(board: &Board, at: &Location) -> Option<Hex> {
    match at {
        Location::Cave(c) | Location::Complex(c) => board.caves.cave(c).map(|c| c.hex),
        l => l.hex(),
    }
}

/// The units drawn in `hex`, top counter first (the counters are drawn bottom first).
pub fn units_in(board: &Board, pickables: &Pickables, hex: Hex) -> Vec<String> {
    let mut v: Vec<String> = pickables
        .counters
        .iter()
        .filter_map(|(p, ..)| match p {
            Pick::Unit(id) => Some(id),
            _ => None,
        })
        .filter(|id| {
            pickables
                .unit_at
                .get(*id)
                .is_some_and(|at| hex_of(board, at) == Some(hex))
        })
        .cloned()
        .collect();
    v.reverse();
    // A counter drawn in several parts (its face and its edge) is listed once.
    let mut seen: Vec<String> = Vec::new();
    v.retain(|id| {
        let new = !seen.contains(id);
        if new {
            seen.push(id.clone());
        }
        new
    });
    v
}

#[allow(clippy::too_many_arguments)]
fn open(
    mut picks: MessageReader<Picked>,
    keys: Res<ButtonInput<KeyCode>>,
    typing: Typing,
    tool: Res<super::los_tool::LosTool>,
    board: Res<Board>,
    pickables: Res<Pickables>,
    hovered: Res<Hovered>,
    selected: Res<Selected>,
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    layout: Res<Layout>,
    mut list: ResMut<StackList>,
) {
    let pointer = window
        .and_then(|w| w.cursor_position())
        .map(|c| egui::pos2(c.x, c.y) / layout.zoom.max(0.1));
    let mut hex = None;
    let mut clicked = false;
    for Picked(pick) in picks.read() {
        clicked = true;
        if tool.active {
            continue;
        }
        if let Pick::Unit(id) = pick {
            hex = pickables.unit_at.get(id).and_then(|at| hex_of(&board, at));
        }
    }
    if !typing.now() {
        if keys.just_pressed(KeyCode::Escape) {
            *list = StackList::default();
            return;
        }
        if keys.just_pressed(KeyCode::KeyL) {
            clicked = true;
            let of_selection = match &selected.0 {
                Some(Pick::Unit(id)) => pickables.unit_at.get(id).and_then(|a| hex_of(&board, a)),
                _ => None,
            };
            hex = hovered.0.or(of_selection);
        }
    }
    if !clicked {
        return;
    }
    let units = hex
        .map(|h| units_in(&board, &pickables, h))
        .unwrap_or_default();
    // One counter is no stack: a click selects it as before (L lists even one).
    let least = if keys.just_pressed(KeyCode::KeyL) {
        1
    } else {
        2
    };
    if units.len() < least {
        if list.hex.is_some() {
            *list = StackList::default();
        }
        return;
    }
    *list = StackList {
        hex,
        units,
        at: pointer.unwrap_or(egui::pos2(200.0, 200.0)),
        entries: Vec::new(),
    };
}

type UnitRow<'a> = (&'a Unit, Has<Hidden>, Has<Concealed>, Has<Cloaked>);

#[allow(clippy::too_many_arguments)]
fn show(
    mut contexts: EguiContexts,
    mut list: ResMut<StackList>,
    mut selected: ResMut<Selected>,
    mut layout: ResMut<Layout>,
    board: Res<Board>,
    settings: Res<ViewSettings>,
    pickables: Res<Pickables>,
    units: Query<UnitRow<'static>>,
    mut group: ResMut<super::shared::FireGroup>,
) -> Result {
    let Some(hex) = list.hex else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let map = &board.scenario.map;
    let view = layout.view.unwrap_or(ctx.content_rect());
    // Beside the pointer, inside the map's part of the window.
    let pos = egui::pos2(
        (list.at.x + 16.0).min(view.max.x - 200.0).max(view.min.x),
        (list.at.y + 8.0)
            .min(view.max.y - 40.0 - 24.0 * list.units.len() as f32)
            .max(view.min.y),
    );
    let mut open = true;
    let mut pick = None;
    let mut entries = Vec::new();
    // A7.5: a Shift+click on another unit of the selected unit's side adds it to the Fire
    // Group (the list stays open for the next).
    let selected_side = match &selected.0 {
        Some(Pick::Unit(s)) => units
            .iter()
            .find(|(u, ..)| &u.id == s)
            .map(|(u, ..)| u.side()),
        _ => None,
    };
    let mut grouped = None;
    let response = egui::Window::new(format!("Stack in {}", map.name(hex)))
        .id(egui::Id::new("stack list"))
        .fixed_pos(pos)
        .collapsible(false)
        .resizable(false)
        .open(&mut open)
        .show(ctx, |ui| {
            for id in &list.units {
                let Some((u, hidden, concealed, cloaked)) =
                    units.iter().find(|(u, ..)| &u.id == id)
                else {
                    continue;
                };
                if !shown(&settings, u.side(), hidden) {
                    continue;
                }
                // The enemy's view sees only the "?" of a Concealed or Cloaked unit.
                let enemy_view = settings.side.is_some_and(|s| s != u.side());
                let at = pickables
                    .unit_at
                    .get(id)
                    .map(|l| l.display(map).to_string())
                    .unwrap_or_default();
                // One "?" stands for every concealed unit there (A12: how many, it does not
                // tell).
                let text = if (concealed || cloaked) && enemy_view {
                    format!("? (Concealed) at {at}")
                } else {
                    format!("{id}  {} {:?} at {at}", u.counter, u.nationality)
                };
                let current = selected.0.as_ref() == Some(&Pick::Unit(id.clone()));
                let in_group = group.0.contains(id);
                let text = if in_group {
                    format!("{text}  + Fire Group")
                } else {
                    text
                };
                let r = ui.selectable_label(current || in_group, text);
                entries.push((id.clone(), r.rect));
                if r.clicked() {
                    let shift = ui.input(|i| i.modifiers.shift);
                    if shift && !current && selected_side == Some(u.side()) {
                        grouped = Some(id.clone());
                    } else {
                        pick = Some(id.clone());
                    }
                }
            }
            let groupable = list.units.iter().any(|id| {
                selected.0 != Some(Pick::Unit(id.clone()))
                    && units
                        .iter()
                        .any(|(u, ..)| &u.id == id && Some(u.side()) == selected_side)
            });
            ui.small(if groupable {
                "click one to select it, Shift+click to add it to the Fire Group (Esc closes)"
            } else {
                "click one to select it (Esc closes)"
            });
        });
    if let Some(r) = &response {
        layout.panels.push(("stack", r.response.rect));
    }
    list.entries = entries;
    if let Some(id) = grouped {
        group.toggle(&id);
    } else if let Some(id) = pick {
        selected.0 = Some(Pick::Unit(id));
        *list = StackList::default();
    } else if !open {
        *list = StackList::default();
    }
    Ok(())
}
