//! The Orders window of Play mode (issue 15): the orders the selected unit might give in the
//! phase, as the core lists them (`rules::orders::legal_orders`: Search, DCs, SMOKE and WP,
//! Kindle, and on the target Fire, Starshell, Control, LOS, a T-H Hero), each with the rules'
//! answer; what they refuse is greyed out with its rule, and a click orders the rest through
//! `sim::play`.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::state::{Destinations, Target};
use crate::los::Location;
use crate::rules::orders::{Order, legal_orders};
use crate::rules::situation::Situation;
use crate::sim::Board;
use crate::sim::play::{Play, PlayOrder};
use crate::view::{Panel, Pick};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<OrderMenu>()
        .add_systems(EguiPrimaryContextPass, orders.in_set(Panel::Inspector));
}

/// One entry of the Orders window: the order, and the rules' refusal (rule, reason) if any.
#[derive(Clone, Debug)]
pub(super) struct Entry {
    label: String,
    action: Order,
    refusal: Option<(String, String)>,
}

/// The Orders window's entries for the selected unit.
#[derive(Resource, Default, Debug)]
pub(super) struct OrderMenu {
    pub(super) unit: Option<String>,
    pub(super) entries: Vec<Entry>,
}

/// The Orders window's entries: the core's `legal_orders` for the unit on the picked target,
/// each labelled in words with the rules' answer. The view decides nothing.
pub(super) fn menu(s: &Situation, unit: &str, target: Option<&Pick>) -> Vec<Entry> {
    let target_loc = target.and_then(|t| match t {
        Pick::Hex(h) => Some(Location::Ground(*h)),
        Pick::Cave(c) => Some(Location::Cave(c.clone())),
        Pick::At(l) => Some(l.clone()),
        Pick::Unit(o) => s.unit(o).map(|x| x.at.clone()),
    });
    let mut entries: Vec<Entry> = legal_orders(s, unit, target_loc.as_ref())
        .into_iter()
        .map(|(action, answer)| Entry {
            label: action.label(s.map),
            action,
            refusal: answer.err().map(|r| (r.rule.to_string(), r.reason)),
        })
        .collect();
    // A picked unit: a T-H Hero attempt vs that unit alone (not the others in its Location).
    if let Some(Pick::Unit(o)) = target {
        entries.retain(|e| match &e.action {
            Order::CreateHero { target, .. } => target == o.as_str(),
            _ => true,
        });
    }
    entries
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
