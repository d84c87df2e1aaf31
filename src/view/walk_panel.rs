//! The walkthrough, at the top of the left panel (`dock`): the scenario's notes, the Player
//! Turn and phase, and two modes. Watch replays the script: "Next step", "Next phase" (the
//! phase's remaining script steps first, so script and phase never part) and "Back"; "Play from
//! here" hands the scenario to the player. Play: "End phase", Undo, Redo, Save, "Export
//! walkthrough". Then the narration. Below, the event log with each rule and the dice rolled,
//! scrollable and filtered by unit and by rule, and the dice. The buttons send
//! `sim::play::PlayOrder`s: the same runner and per-phase systems as `asl-pto walk`.

use bevy::prelude::*;
use bevy_egui::egui;

use super::play_ui::PlayStatus;
use crate::scenario::Side;
use crate::sim::play::{History, Play, PlayOrder};
use crate::sim::{Board, Dice, Event, Phase, PlayerTurn, Walk, WalkLog};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LogFilter>();
}

/// The event log's filter: one unit's events, and the rules whose number begins with `rule`
/// (`G11` for the caves, `A10.5`, ...).
#[derive(Resource, Default, Clone, Debug, PartialEq)]
pub struct LogFilter {
    pub unit: Option<String>,
    pub rule: String,
}

impl LogFilter {
    /// Whether `e` passes the filter: its unit (or, for a unit's filter, a sentence naming
    /// it) and its rule.
    pub fn keeps(&self, e: &Event) -> bool {
        let unit_ok = match &self.unit {
            None => true,
            Some(u) => e.unit.as_deref() == Some(u.as_str()),
        };
        let want = self.rule.trim().to_ascii_lowercase();
        let rule_ok = want.is_empty()
            || e.rule.as_deref().is_some_and(|r| {
                let r = r.to_ascii_lowercase();
                r.starts_with(&want) || r.split([' ', ',', '/']).any(|p| p.starts_with(&want))
            });
        unit_ok && rule_ok
    }
}

fn side(s: Side) -> &'static str {
    match s {
        Side::Japanese => "Japanese",
        Side::Allied => "Allied",
    }
}

/// `header`'s last answer to whether the player may still fire at the program's mover, with
/// what it was asked for: the match log's length and the wait (side, Location).
type FireOpenSeen = (
    (usize, Option<(crate::model::Side, crate::los::Location)>),
    bool,
);

/// The walkthrough's part of the left panel: title, notes, turn and phase, buttons, narration.
#[allow(clippy::too_many_arguments)]
pub(super) fn header(
    InMut(ui): InMut<egui::Ui>,
    board: Res<Board>,
    walk: Res<Walk>,
    log: Res<WalkLog>,
    phase: Res<State<Phase>>,
    pt: Res<PlayerTurn>,
    play: Res<Play>,
    history: Res<History>,
    mut status: ResMut<PlayStatus>,
    mut orders: MessageWriter<PlayOrder>,
    opponent: Option<Res<crate::sim::opponent::OpponentPlay>>,
    mut buttons: ResMut<crate::view::shared::ButtonRects>,
    game: Res<crate::play::Match>,
    mut fire_open_seen: Local<FireOpenSeen>,
) {
    let s = &board.scenario;
    ui.heading(&s.title);
    if let Some(notes) = &s.notes {
        egui::CollapsingHeader::new("Notes")
            .default_open(false)
            .show(ui, |ui| ui.label(notes));
    }
    let phase = *phase.get();
    let over = game.over();
    if over {
        // After the game's end there is no phase, nothing to end or redo (issue 38).
        ui.label(egui::RichText::new("Game over (A26): see the status line").strong());
    } else {
        header_line(ui, &pt, phase);
    }
    let idle = play.settled() && !over;
    let more = walk.next < walk.steps.len() && !over;
    let back = history.depth() > 0;
    if play.active {
        let who = match opponent.as_ref().filter(|o| o.fog) {
            Some(o) => format!(
                "Play: you order the {} side; the program ({}) plays the {} side",
                side(o.player()),
                o.opponent.kind.name(),
                side(o.opponent.side)
            ),
            None => "Play: you order both sides".to_string(),
        };
        ui.label(egui::RichText::new(who).strong());
        // End phase belongs to a phase the player acts in (or, after the program's move, to
        // "go on" from the player's First Fire): the program's own phases end by themselves.
        let programs_phase = opponent.as_ref().is_some_and(|o| {
            o.decides
                && o.awaiting.is_none()
                && phase != Phase::Setup
                && !phase.acts(o.player(), pt.attacker)
        });
        let undo_barrier = game.undo_refused();
        let against = opponent.as_ref().is_some_and(|o| o.decides);
        let undo_label = if against {
            "Undo to the last roll or reveal (Ctrl+Z)"
        } else {
            "Undo (Ctrl+Z)"
        };
        play_buttons(
            ui,
            (idle && !programs_phase, back, more),
            (pt.number, phase),
            (undo_label, undo_barrier.as_deref()),
            walk.next,
            &mut status,
            &mut orders,
            &mut buttons,
        );
    } else {
        watch_buttons(ui, idle, back, more, &mut orders);
        ui.label(format!("step {} of {}", walk.current, walk.steps.len()));
    }
    // While the program waits on the player's First Fire: whether any unit of the player may
    // still fire at its unit (A8.1: once at each expenditure of MF).
    // Asked of the rules once for each wait and each order given (the log's length), not at
    // every frame.
    let waited = opponent
        .as_ref()
        .and_then(|o| o.awaiting.as_ref().map(|(_, at)| (o.player(), at.clone())));
    let key = (game.log.len(), waited.clone());
    if fire_open_seen.0 != key {
        let open = waited
            .as_ref()
            .is_some_and(|(player, at)| game.player_fire_open(*player, at));
        *fire_open_seen = (key, open);
    }
    let fire_open = fire_open_seen.1;
    // In Play mode, the notes under the buttons (First Fire, notices, "saved to", the game's
    // end, the narration) in a box of fixed height: what comes and goes there never moves the
    // Orders below it under the pointer. A walk watched shows its narration whole.
    let notes = |ui: &mut egui::Ui| {
        header_notes(
            ui,
            &s.map,
            opponent.as_deref(),
            fire_open,
            &play,
            &status,
            &log,
        )
    };
    if !play.active {
        return notes(ui);
    }
    let rows = 3.0 * ui.text_style_height(&egui::TextStyle::Body) + 6.0;
    egui::ScrollArea::vertical()
        .id_salt("header notes")
        .max_height(rows)
        .auto_shrink([false, false])
        .stick_to_bottom(true)
        .show(ui, |ui| {
            ui.set_min_height(rows);
            notes(ui);
        });
}

/// The header's notes (see `header`); `fire_open`: a unit of the player may still fire at the
/// program's unit it waits on.
fn header_notes(
    ui: &mut egui::Ui,
    map: &crate::map::Map,
    opponent: Option<&crate::sim::opponent::OpponentPlay>,
    fire_open: bool,
    play: &Play,
    status: &PlayStatus,
    log: &WalkLog,
) {
    if let Some((unit, at)) = opponent.and_then(|o| o.awaiting.as_ref()) {
        let text = if fire_open {
            format!(
                "{unit} spent MF in {}: you may First Fire at it (A8.1); End phase lets the \
                 opponent go on",
                at.display(map)
            )
        } else {
            format!(
                "{unit} spent MF in {}: none of your units may fire at it now (each fires once \
                 at each expenditure of MF, A8.1); End phase lets the opponent go on",
                at.display(map)
            )
        };
        ui.label(egui::RichText::new(text).color(egui::Color32::from_rgb(250, 210, 120)));
    }
    if let Some(m) = &play.notice {
        ui.label(egui::RichText::new(m).color(egui::Color32::from_rgb(250, 210, 120)));
    }
    if let Some(m) = &status.message {
        ui.small(m);
    }
    if let Some(e) = &play.undo_error {
        ui.small(egui::RichText::new(format!("Undo failed: {e}")).color(egui::Color32::LIGHT_RED));
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
}

/// The event log, in the rest of the left panel: its filter (a unit, a rule), the events that
/// pass it (scrolled to the newest), and the dice.
pub(super) fn events(
    InMut(ui): InMut<egui::Ui>,
    log: Res<WalkLog>,
    dice: Res<Dice>,
    mut filter: ResMut<LogFilter>,
    opponent: Option<Res<crate::sim::opponent::OpponentPlay>>,
) {
    let fogged = opponent.is_some_and(|o| o.secrets_kept().is_some());
    let mut f = filter.clone();
    ui.horizontal_wrapped(|ui| {
        ui.strong("Events");
        let mut units: Vec<&str> = log
            .events
            .iter()
            .filter_map(|e| e.unit.as_deref())
            .collect();
        units.sort();
        units.dedup();
        egui::ComboBox::from_id_salt("log unit")
            .width(70.0)
            .selected_text(f.unit.as_deref().unwrap_or("all units"))
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut f.unit, None, "all units");
                for u in units {
                    ui.selectable_value(&mut f.unit, Some(u.to_string()), u);
                }
            });
        ui.add(
            egui::TextEdit::singleline(&mut f.rule)
                .desired_width(60.0)
                .hint_text("rule"),
        )
        .on_hover_text("only the events of the rules beginning so: G11, A10.5, E1");
        if (f.unit.is_some() || !f.rule.is_empty()) && ui.small_button("clear").clicked() {
            f = LogFilter::default();
        }
    });
    if f != *filter {
        *filter = f;
    }
    let kept = log.events.iter().filter(|e| filter.keeps(e)).count();
    if kept < log.events.len() {
        ui.small(format!("{kept} of {} events", log.events.len()));
    }
    let dice_height = 22.0;
    egui::ScrollArea::vertical()
        .id_salt("events")
        .max_height((ui.available_height() - dice_height).max(60.0))
        .auto_shrink([false, false])
        .stick_to_bottom(true)
        .show(ui, |ui| event_lines(ui, &log, &filter));
    // Against the program even the count waits for the game's end (it would tell of rolls made
    // for its hidden units).
    let title = if fogged {
        "Dice".to_string()
    } else {
        format!("Dice ({} rolls)", dice.rolls.len())
    };
    egui::CollapsingHeader::new(title)
        .id_salt("dice list")
        .default_open(false)
        .show(ui, |ui| {
            egui::ScrollArea::vertical()
                .id_salt("dice")
                .max_height(120.0)
                .show(ui, |ui| {
                    for line in dice_lines(&dice.rolls, fogged) {
                        ui.small(line);
                    }
                });
        });
}

/// The Dice list's lines: each roll's rule and dice; against the program (`fogged`, until the
/// game ends) none, since the rolls made for its hidden units' doings would tell of them (A12).
fn dice_lines(rolls: &[crate::game::Roll], fogged: bool) -> Vec<String> {
    if fogged {
        return vec!["the rolls are listed when the game ends (fog of war, A12)".into()];
    }
    rolls
        .iter()
        .map(|r| {
            let d: Vec<String> = r.dice.iter().map(u8::to_string).collect();
            format!("{}: {}", r.rule, d.join(","))
        })
        .collect()
}

/// The header's Player Turn, ATTACKER and phase.
fn header_line(ui: &mut egui::Ui, pt: &PlayerTurn, phase: Phase) {
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
}

/// Play mode's buttons: End phase, Undo, Redo, Save, Export, and the steps played.
#[allow(clippy::too_many_arguments)]
fn play_buttons(
    ui: &mut egui::Ui,
    (idle, back, more): (bool, bool, bool),
    shown: (u32, Phase),
    (undo_label, undo_barrier): (&str, Option<&str>),
    played: usize,
    status: &mut PlayStatus,
    orders: &mut MessageWriter<PlayOrder>,
    buttons: &mut crate::view::shared::ButtonRects,
) {
    ui.horizontal_wrapped(|ui| {
        let end = ui.add_enabled(idle, egui::Button::new("End phase"));
        // Only a button that takes a click now is listed (while a step runs, or in a phase
        // the program plays alone, it does not): a rect listed once stayed listed, and a window
        // test clicking it in the program's CCPh ended the player's next RPh.
        if idle {
            buttons.0.insert("End phase".into(), end.rect);
        } else {
            buttons.0.remove("End phase");
        }
        if end.clicked() {
            orders.write(PlayOrder::EndPhaseOf(shown.0, shown.1));
        }
        // Against the program, Undo stops at the last roll or reveal (issue 38).
        let undo = ui
            .add_enabled(
                idle && back && undo_barrier.is_none(),
                egui::Button::new(undo_label),
            )
            .on_hover_text(
                "Against the program, Undo goes back only to before the last roll of the dice \
                 or what the enemy revealed; playing both sides, all the way",
            );
        let undo = match undo_barrier {
            Some(why) => undo.on_disabled_hover_text(why),
            None => undo,
        };
        if undo.clicked() {
            orders.write(PlayOrder::Undo);
        }
        if ui
            .add_enabled(idle && more, egui::Button::new("Redo (Ctrl+Y)"))
            .clicked()
        {
            orders.write(PlayOrder::Redo);
        }
    });
    ui.horizontal_wrapped(|ui| {
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
    ui.horizontal_wrapped(|ui| {
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

/// The events that pass the filter, one line each (rule, unit, dice, sentence), a refusal in
/// red.
fn event_lines(ui: &mut egui::Ui, log: &WalkLog, filter: &LogFilter) {
    for e in log.events.iter().filter(|e| filter.keeps(e)) {
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
        // Readable at 1280x800 (issue 38: 13 px); the program's orders stand out.
        let text = egui::RichText::new(line).size(13.0);
        ui.label(match e.event.as_str() {
            "refused" => text.color(egui::Color32::LIGHT_RED),
            "opponent" => text.color(egui::Color32::from_rgb(170, 200, 250)),
            _ => text,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a12_against_the_program_the_dice_list_waits_for_the_game_s_end() {
        let rolls = vec![crate::game::Roll {
            rule: "E1.53".into(),
            dice: vec![6, 2],
        }];
        assert_eq!(dice_lines(&rolls, false), vec!["E1.53: 6,2".to_string()]);
        let fogged = dice_lines(&rolls, true);
        assert_eq!(fogged.len(), 1);
        assert!(!fogged[0].contains("E1.53"), "{fogged:?}");
    }

    fn event(unit: Option<&str>, rule: Option<&str>) -> Event {
        Event {
            turn: 1,
            attacker: "Allied".into(),
            phase: "MPh".into(),
            step: 1,
            event: "move".into(),
            unit: unit.map(str::to_string),
            rule: rule.map(str::to_string),
            dice: None,
            text: "moves".into(),
        }
    }

    #[test]
    fn the_log_filter_keeps_one_units_events_and_the_rules_beginning_so() {
        let all = LogFilter::default();
        let us1 = LogFilter {
            unit: Some("us1".into()),
            ..default()
        };
        let caves = LogFilter {
            rule: "g11".into(),
            ..default()
        };
        let e = event(Some("us1"), Some("G11.71"));
        let other = event(Some("jp1"), Some("A10.5"));
        let said = event(None, None);
        assert!(all.keeps(&e) && all.keeps(&other) && all.keeps(&said));
        assert!(us1.keeps(&e) && !us1.keeps(&other) && !us1.keeps(&said));
        assert!(caves.keeps(&e) && !caves.keeps(&other) && !caves.keeps(&said));
        // A rule field naming two rules is kept for either.
        assert!(caves.keeps(&event(None, Some("B11.4, G11.8331"))));
    }
}
