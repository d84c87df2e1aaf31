//! The status line across the top, under the View bar (issue 38), always in view: the Game
//! Turn of how many, the Player Turn with its phase track (A3: the phase now lit), each victory
//! condition against the game as the player's side knows it (Casualty VP amassed of those
//! needed, who Controls each Location named), and what the program did in its last phase and,
//! unfolded, over its last Player Turn phase by phase (`Match::program_turn_words`) — or,
//! once the game has ended, who won and why. The core's `play::Match::status` says it; this
//! draws it.

use bevy::prelude::*;
use bevy_egui::egui;

use crate::play::{Match, PHASES};
use crate::scenario::Side;

fn side_name(side: Side) -> &'static str {
    match side {
        Side::Allied => "Allied",
        Side::Japanese => "Japanese",
    }
}

/// The status line (run by `dock` in its panel; against the program of fixed height: what it
/// holds scrolls, and the map and the buttons under it never move as it grows).
pub(super) fn status_line(InMut(ui): InMut<egui::Ui>, game: Res<Match>) {
    if game.program.is_none() {
        return status_lines(ui, &game);
    }
    egui::ScrollArea::vertical()
        .id_salt("status")
        .auto_shrink([false, false])
        .show(ui, |ui| status_lines(ui, &game));
}

fn status_lines(ui: &mut egui::Ui, game: &Match) {
    let status = game.status();
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = 4.0;
        if let Some(end) = &status.over {
            ui.label(
                egui::RichText::new(format!("Game over: {end}"))
                    .strong()
                    .color(egui::Color32::from_rgb(250, 210, 120)),
            );
            return;
        }
        ui.label(
            egui::RichText::new(match status.turns {
                Some(t) => format!("Game Turn {} of {t}", status.game_turn),
                None => format!("Game Turn {}", status.game_turn),
            })
            .strong(),
        );
        ui.label(format!("· {} Player Turn:", side_name(status.attacker)));
        // The phase track: every phase of the Player Turn, the one now lit.
        for p in PHASES {
            let now = p == status.phase;
            let text = egui::RichText::new(p.abbrev());
            let text = if now {
                text.strong()
                    .color(egui::Color32::BLACK)
                    .background_color(egui::Color32::from_rgb(250, 210, 120))
            } else {
                text.color(egui::Color32::GRAY)
            };
            ui.label(text);
        }
        for aim in &status.aims {
            ui.label(format!("· {aim}"));
        }
    });
    let blue = egui::Color32::from_rgb(180, 200, 230);
    // What the program did in its last phase: order by order, each with its reason (the odds
    // in words, the goal, what it declined).
    // When it acts next, on the same line (its orders below it may scroll).
    let next = status
        .program_next
        .as_ref()
        .map_or(String::new(), |n| format!(" · {n}"));
    if let Some(p) = &status.program {
        if status.program_orders.is_empty() {
            ui.label(egui::RichText::new(format!("Last: {p}{next}")).color(blue));
        } else {
            let head = p.split_once(": ").map_or(p.as_str(), |(h, _)| h);
            let n = status.program_orders.len();
            // A later phase of that Player Turn it played with no order, and why, on the
            // heading line (under orders whose reasons wrap, it fell out of the panel's view).
            let then = status
                .program_then
                .as_ref()
                .map_or(String::new(), |t| format!("; {t}"));
            ui.label(
                egui::RichText::new(format!(
                    "Last: {head}, {n} order{}{then}{next}:",
                    if n == 1 { "" } else { "s" }
                ))
                .color(blue),
            );
            for (i, o) in status.program_orders.iter().enumerate() {
                ui.label(egui::RichText::new(format!("  {}. {o}", i + 1)).color(blue));
            }
        }
    } else if !next.is_empty() {
        ui.label(egui::RichText::new(next.trim_start_matches(" · ")).color(blue));
    }
    // Its whole last Player Turn, a line a phase (its arrows on the map: orange moves, red
    // fire, the last phase's brighter).
    let turn = game.program_turn_words();
    if !turn.is_empty() {
        egui::CollapsingHeader::new(
            "The program's orders since its last Player Turn, phase by phase (arrows on the \
             map: orange moved, red fired)",
        )
        .id_salt("program turn")
        .default_open(false)
        .show(ui, |ui| {
            for line in &turn {
                ui.label(line);
            }
        });
    }
}
