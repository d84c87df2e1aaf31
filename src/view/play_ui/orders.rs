//! The Orders window of Play mode (issue 15): each action of the phase the selected unit might
//! take (`menu`: Search, DCs, SMOKE and WP, Kindle, and on the target Fire, Starshell, IR,
//! Control, LOS, a T-H Hero), with the rules' answer (`sim::ask`); what they refuse is greyed
//! out with its rule, and a click orders the rest through `sim::play`.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::{Destinations, Target};
use crate::hex::Hex;
use crate::los::Location;
use crate::rules::situation::Situation;
use crate::scenario::Action;
use crate::sim::Board;
use crate::sim::play::{Play, PlayOrder};
use crate::view::{Panel, Pick};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<OrderMenu>()
        .add_systems(EguiPrimaryContextPass, orders.in_set(Panel::Inspector));
}

/// One entry of the Orders window: the action, and the rules' refusal (rule, reason) if any.
#[derive(Clone, Debug)]
pub(super) struct Entry {
    label: String,
    action: Action,
    refusal: Option<(String, String)>,
}

/// The Orders window's entries for the selected unit.
#[derive(Resource, Default, Debug)]
pub(super) struct OrderMenu {
    pub(super) unit: Option<String>,
    pub(super) entries: Vec<Entry>,
}

/// The hexes a unit at `at` may act on besides a target: its own and the adjacent ones.
fn around(s: &Situation, at: &Location) -> Vec<Hex> {
    let Some(h) = at.hex() else {
        return Vec::new();
    };
    let mut v = vec![h];
    v.extend(crate::hex::Direction::ALL.iter().map(|d| h.neighbor(*d)));
    v.retain(|x| s.map.get(*x).is_some());
    v
}

/// The Orders window's entries: each action of the phase the unit might take, with the rules'
/// answer.
pub(super) fn menu(s: &Situation, board: &Board, unit: &str, target: Option<&Pick>) -> Vec<Entry> {
    let Some(u) = s.unit(unit) else {
        return Vec::new();
    };
    let map = s.map;
    let id = unit.to_string();
    let mut actions: Vec<(String, Action)> = Vec::new();
    let name = |l: &Location| l.display(map).to_string();
    // Caves the unit is at or next to.
    let near_caves: Vec<String> = board
        .caves
        .caves
        .iter()
        .filter(|c| {
            u.at.hex()
                .is_some_and(|h| h == c.hex || h == c.entrance || h.is_adjacent(c.hex))
                || u.at == Location::Cave(c.id.clone())
        })
        .filter(|c| {
            !s.hidden_caves.contains(&c.id) || u.unit.side() == crate::scenario::Side::Japanese
        })
        .map(|c| c.id.clone())
        .collect();
    for h in around(s, &u.at) {
        actions.push((
            format!("Search {}", map.name(h)),
            Action::Search(id.clone(), h),
        ));
    }
    if u.unit.dc {
        for c in &near_caves {
            actions.push((
                format!("Place DC in cave {c}"),
                Action::PlaceDc(id.clone(), c.clone()),
            ));
            actions.push((
                format!("Throw DC into cave {c}"),
                Action::ThrowDc(id.clone(), c.clone()),
            ));
            actions.push((
                format!("Set DC in cave {c}"),
                Action::SetDc(id.clone(), c.clone()),
            ));
            if let Some(cave) = board.caves.cave(c) {
                let level = u.at.level(map).unwrap_or(0);
                for v in crate::rules::caves::attack::climbing_placement_vertices(cave) {
                    actions.push((
                        format!("Climb at {} to Place a DC in cave {c}", map.vertex_name(v)),
                        Action::ClimbToPlaceDc(id.clone(), c.clone(), level, v),
                    ));
                }
            }
        }
    }
    for c in &near_caves {
        let cave = Location::Cave(c.clone());
        actions.push((
            format!("SMOKE grenades into cave {c}"),
            Action::PlaceSmoke(id.clone(), cave.clone()),
        ));
        actions.push((
            format!("WP grenades into cave {c}"),
            Action::PlaceWp(id.clone(), cave),
        ));
    }
    let here = u.at.clone();
    actions.push((
        format!("SMOKE grenades in {}", name(&here)),
        Action::PlaceSmoke(id.clone(), here.clone()),
    ));
    if let Some(h) = here.hex() {
        actions.push((
            format!("Kindle a Fire in {}", map.name(h)),
            Action::Kindle(h),
        ));
    }
    // The target's actions.
    let target_loc = target.and_then(|t| match t {
        Pick::Hex(h) => Some(Location::Ground(*h)),
        Pick::Cave(c) => Some(Location::Cave(c.clone())),
        Pick::At(l) => Some(l.clone()),
        Pick::Unit(o) => s.unit(o).map(|x| x.at.clone()),
    });
    if let Some(t) = &target_loc {
        actions.push((
            format!("Fire at {}", name(t)),
            Action::Fire(vec![id.clone()], t.clone()),
        ));
        actions.push((
            format!("SMOKE grenades into {}", name(t)),
            Action::PlaceSmoke(id.clone(), t.clone()),
        ));
        actions.push((
            format!("WP grenades into {}", name(t)),
            Action::PlaceWp(id.clone(), t.clone()),
        ));
        if let Some(h) = t.hex() {
            actions.push((
                format!("Starshell at {}", map.name(h)),
                Action::FireStarshell(id.clone(), h),
            ));
            actions.push((format!("OBA IR at {}", map.name(h)), Action::FireIr(h)));
        }
        if let Location::Cave(c) = t {
            actions.push((format!("Control of cave {c}?"), Action::Control(c.clone())));
        }
        actions.push((
            format!("LOS to {}", name(t)),
            Action::Los(here.clone(), t.clone()),
        ));
    }
    if let Some(Pick::Unit(o)) = target {
        actions.push((
            format!("Create a T-H Hero vs {o}"),
            Action::CreateHero(id.clone(), o.clone()),
        ));
    }
    let mut seen: Vec<Action> = Vec::new();
    actions
        .into_iter()
        .filter(|(_, a)| {
            let new = !seen.contains(a);
            seen.push(a.clone());
            new
        })
        .map(|(label, action)| {
            let refusal = crate::sim::ask::ask_in(s, board, &action)
                .err()
                .map(|r| (r.rule.to_string(), r.reason));
            Entry {
                label,
                action,
                refusal,
            }
        })
        .collect()
}

/// A pick in words: a hex id, `cave G`, a unit id, a Location.
fn pick_text(p: &Pick, map: &crate::map::Map) -> String {
    match p {
        Pick::Hex(h) => map.name(*h),
        Pick::Cave(c) => format!("cave {c}"),
        Pick::Unit(u) => format!("unit {u}"),
        Pick::At(l) => l.display(map).to_string(),
    }
}

fn orders(
    mut contexts: EguiContexts,
    menu: Res<OrderMenu>,
    dest: Res<Destinations>,
    target: Res<Target>,
    play: Res<Play>,
    board: Res<Board>,
    mut orders: MessageWriter<PlayOrder>,
) -> Result {
    let Some(unit) = &menu.unit else {
        return Ok(());
    };
    if !play.active {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    egui::Window::new(format!("Orders — {unit}"))
        .anchor(egui::Align2::LEFT_BOTTOM, [8.0, -8.0])
        .default_width(360.0)
        .resizable(false)
        .collapsible(true)
        .show(ctx, |ui| {
            match (&dest.why_not, dest.reaches.len()) {
                (Some(why), _) => ui.small(format!("cannot move: {why}")),
                (None, 0) => ui.small("no Location to move to this phase"),
                (None, n) => ui.small(format!(
                    "{n} Locations marked on the map with their MF: click one to move there"
                )),
            };
            ui.small(match &target.0 {
                Some(t) => format!(
                    "target: {} (Esc clears it)",
                    pick_text(t, &board.scenario.map)
                ),
                None => "click a hex, cave or enemy unit to target it".to_string(),
            });
            ui.separator();
            egui::ScrollArea::vertical()
                .max_height(260.0)
                .show(ui, |ui| {
                    // What the rules allow first; then what they refuse, greyed, with the rule.
                    let allowed = menu.entries.iter().filter(|e| e.refusal.is_none());
                    let refused = menu.entries.iter().filter(|e| e.refusal.is_some());
                    for e in allowed.chain(refused) {
                        let button =
                            ui.add_enabled(e.refusal.is_none(), egui::Button::new(&e.label));
                        let button = match &e.refusal {
                            Some((rule, why)) => {
                                ui.small(
                                    egui::RichText::new(format!("  [{rule}] {why}"))
                                        .color(egui::Color32::GRAY),
                                );
                                button.on_disabled_hover_text(format!("[{rule}] {why}"))
                            }
                            None => button,
                        };
                        if button.clicked() {
                            orders.write(PlayOrder::Act(e.action.clone()));
                        }
                    }
                });
        });
    Ok(())
}
