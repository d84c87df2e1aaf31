//! The walkthrough panel: the scenario's notes, the Player Turn and phase, "Next step" and
//! "Next phase" (the same runner and per-phase systems as `asl-pto walk`), the narration and
//! the event log with each rule, and the dice rolled.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::{Panel, ViewSystems};
use crate::scenario::Side;
use crate::sim::runner::{request_phase, request_step};
use crate::sim::{Board, Dice, Phase, PlayerTurn, Walk, WalkLog};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<WalkCommand>()
        .add_systems(Update, perform.in_set(ViewSystems::Respond))
        .add_systems(EguiPrimaryContextPass, show.in_set(Panel::Walkthrough));
}

/// A button pressed in the panel, performed by `perform` (it needs the whole world).
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub enum WalkCommand {
    #[default]
    None,
    Step,
    Phase,
}

fn perform(world: &mut World) {
    let cmd = std::mem::take(&mut *world.resource_mut::<WalkCommand>());
    match cmd {
        WalkCommand::None => {}
        WalkCommand::Step => {
            request_step(world);
        }
        WalkCommand::Phase => {
            request_phase(world);
        }
    }
}

fn side(s: Side) -> &'static str {
    match s {
        Side::Japanese => "Japanese",
        Side::Allied => "Allied",
    }
}

#[allow(clippy::too_many_arguments)]
fn show(
    mut contexts: EguiContexts,
    board: Res<Board>,
    walk: Res<Walk>,
    log: Res<WalkLog>,
    dice: Res<Dice>,
    phase: Res<State<Phase>>,
    pt: Res<PlayerTurn>,
    mut cmd: ResMut<WalkCommand>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let s = &board.scenario;
    egui::Window::new("Walkthrough")
        .anchor(egui::Align2::LEFT_TOP, [8.0, 8.0])
        .default_width(380.0)
        .resizable(false)
        .collapsible(true)
        .show(ctx, |ui| {
            ui.heading(&s.title);
            if let Some(notes) = &s.notes {
                egui::CollapsingHeader::new("Notes")
                    .default_open(false)
                    .show(ui, |ui| ui.label(notes));
            }
            let phase = *phase.get();
            ui.label(format!(
                "Player Turn {} (Game Turn {}), {} is ATTACKER — {}",
                pt.number,
                pt.turn(),
                side(pt.attacker),
                if phase == Phase::Setup {
                    "set up".to_string()
                } else {
                    format!("{} (A3)", phase.abbrev())
                },
            ));
            ui.horizontal(|ui| {
                let idle = walk.idle();
                let more = walk.next < walk.steps.len();
                if ui
                    .add_enabled(idle && more, egui::Button::new("Next step"))
                    .clicked()
                {
                    *cmd = WalkCommand::Step;
                }
                if ui
                    .add_enabled(idle, egui::Button::new("Next phase"))
                    .clicked()
                {
                    *cmd = WalkCommand::Phase;
                }
                ui.label(format!("step {} of {}", walk.current, walk.steps.len()));
            });
            if let Some(say) = log.events.iter().rev().find(|e| e.event == "say") {
                ui.separator();
                ui.label(egui::RichText::new(&say.text).italics());
            }
            ui.separator();
            ui.label("Events (rule, dice):");
            egui::ScrollArea::vertical()
                .id_salt("events")
                .max_height(220.0)
                .stick_to_bottom(true)
                .show(ui, |ui| {
                    for e in &log.events {
                        let mut line = String::new();
                        if let Some(r) = &e.rule {
                            line.push_str(&format!("[{r}] "));
                        }
                        if let Some(u) = &e.unit {
                            line.push_str(&format!("{u}: "));
                        }
                        if let Some(d) = &e.dice {
                            let d: Vec<String> = d.iter().map(u8::to_string).collect();
                            line.push_str(&format!("({}) ", d.join(",")));
                        }
                        line.push_str(&e.text);
                        let text = egui::RichText::new(line).small();
                        ui.label(if e.event == "refused" {
                            text.color(egui::Color32::LIGHT_RED)
                        } else {
                            text
                        });
                    }
                });
            egui::CollapsingHeader::new(format!("Dice ({} rolls)", dice.rolls.len()))
                .default_open(false)
                .show(ui, |ui| {
                    egui::ScrollArea::vertical()
                        .id_salt("dice")
                        .max_height(120.0)
                        .show(ui, |ui| {
                            for r in &dice.rolls {
                                let d: Vec<String> = r.dice.iter().map(u8::to_string).collect();
                                ui.small(format!("{}: {}", r.rule, d.join(",")));
                            }
                        });
                });
        });
    Ok(())
}
