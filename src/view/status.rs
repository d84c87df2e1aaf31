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

/// The status line (run by `dock` in its panel).
pub(super) fn status_line(InMut(ui): InMut<egui::Ui>, game: Res<Match>) {
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
    if let Some(p) = &status.program {
        ui.label(
            egui::RichText::new(format!("Last: {p}"))
                .small()
                .color(egui::Color32::from_rgb(180, 200, 230)),
        );
    }
    // Its whole last Player Turn, a line a phase (its arrows on the map: orange moves, red
    // fire, the last phase's brighter).
    let turn = game.program_turn_words();
    if !turn.is_empty() {
        egui::CollapsingHeader::new(
            egui::RichText::new("Its Player Turn (arrows on the map: orange moved, red fired)")
                .small(),
        )
        .id_salt("program turn")
        .default_open(false)
        .show(ui, |ui| {
            for line in &turn {
                ui.small(line);
            }
        });
    }
}
