//! The walkthrough panel: the scenario's notes, the Player Turn and phase, and two modes. Watch
//! replays the script: "Next step", "Next phase" (the phase's remaining script steps first, so
//! script and phase never part) and "Back"; "Play from here" hands the scenario to the player.
//! Play: "End phase", Undo, Redo, Save, "Export walkthrough". Then the narration, the event log
//! with each rule, and the dice rolled. The buttons send `sim::play::PlayOrder`s: the same
//! runner and per-phase systems as `asl-pto walk`.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::play_ui::PlayStatus;
use super::shared::Panel;
use crate::scenario::Side;
use crate::sim::play::{History, Play, PlayOrder};
use crate::sim::{Board, Dice, Phase, PlayerTurn, Walk, WalkLog};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, show.in_set(Panel::Walkthrough));
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
    play: Res<Play>,
    history: Res<History>,
    mut status: ResMut<PlayStatus>,
    mut orders: MessageWriter<PlayOrder>,
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
            // One short line that never wraps, so the buttons below never move.
            ui.label(
                egui::RichText::new(format!(
                    "PT {} (GT {}) · {} ATTACKER · {}",
                    pt.number,
                    pt.turn(),
                    side(pt.attacker),
                    if phase == Phase::Setup {
                        "set up".to_string()
                    } else {
                        format!("{} (A3)", phase.abbrev())
                    },
                ))
                .strong(),
            );
            let idle = walk.idle() && play.settled();
            let more = walk.next < walk.steps.len();
            let back = history.depth() > 0;
            if play.active {
                play_buttons(ui, idle, back, more, walk.next, &mut status, &mut orders);
            } else {
                watch_buttons(ui, idle, back, more, &mut orders);
                ui.label(format!("step {} of {}", walk.current, walk.steps.len()));
            }
            if let Some(m) = &status.message {
                ui.small(m);
            }
            if let Some(e) = &play.undo_error {
                ui.small(
                    egui::RichText::new(format!("Undo failed: {e}"))
                        .color(egui::Color32::LIGHT_RED),
                );
            }
            if let Some(end) = log.events.iter().rev().find(|e| e.event == "game_end") {
                ui.separator();
                ui.label(
                    egui::RichText::new(format!("Game over (A26): {}", end.text))
                        .strong()
                        .color(egui::Color32::from_rgb(250, 210, 120)),
                );
            }
            if let Some(say) = log.events.iter().rev().find(|e| e.event == "say") {
                ui.separator();
                ui.label(egui::RichText::new(&say.text).italics());
            }
            ui.separator();
            ui.label("Events (rule, dice):");
            event_lines(ui, &log);
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

/// Play mode's buttons: End phase, Undo, Redo, Save, Export, and the steps played.
fn play_buttons(
    ui: &mut egui::Ui,
    idle: bool,
    back: bool,
    more: bool,
    played: usize,
    status: &mut PlayStatus,
    orders: &mut MessageWriter<PlayOrder>,
) {
    ui.label(egui::RichText::new("Play: you order both sides").strong());
    ui.horizontal(|ui| {
        if ui
            .add_enabled(idle, egui::Button::new("End phase"))
            .clicked()
        {
            orders.write(PlayOrder::EndPhase);
        }
        if ui
            .add_enabled(idle && back, egui::Button::new("Undo (Ctrl+Z)"))
            .clicked()
        {
            orders.write(PlayOrder::Undo);
        }
        if ui
            .add_enabled(idle && more, egui::Button::new("Redo (Ctrl+Y)"))
            .clicked()
        {
            orders.write(PlayOrder::Redo);
        }
    });
    ui.horizontal(|ui| {
        if ui.button("Save (Ctrl+S)").clicked() {
            status.save_requested = true;
        }
        if ui.button("Export walkthrough").clicked() {
            status.export_requested = true;
        }
        ui.label(match played {
            1 => "1 step played".to_string(),
            n => format!("{n} steps played"),
        });
    });
}

/// Watch mode's buttons: Next step, Next phase, Back, Play from here.
fn watch_buttons(
    ui: &mut egui::Ui,
    idle: bool,
    back: bool,
    more: bool,
    orders: &mut MessageWriter<PlayOrder>,
) {
    ui.label(egui::RichText::new("Watch: the scenario's script").strong());
    ui.horizontal(|ui| {
        if ui
            .add_enabled(idle && more, egui::Button::new("Next step"))
            .clicked()
        {
            orders.write(PlayOrder::NextStep);
        }
        if ui
            .add_enabled(idle, egui::Button::new("Next phase"))
            .clicked()
        {
            orders.write(PlayOrder::NextPhase);
        }
        if ui
            .add_enabled(idle && back, egui::Button::new("Back"))
            .clicked()
        {
            orders.write(PlayOrder::Undo);
        }
        if ui
            .add_enabled(idle, egui::Button::new("Play from here"))
            .clicked()
        {
            orders.write(PlayOrder::Start);
        }
    });
}

/// The events so far, one line each (rule, unit, dice, sentence), a refusal in red.
fn event_lines(ui: &mut egui::Ui, log: &WalkLog) {
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
}
