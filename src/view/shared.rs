//! The types the viewer's parts share: its options and settings, what can be picked and what
//! is selected, and its named system sets and panels (configured once, in `ViewPlugin`).

use std::path::PathBuf;

use bevy::prelude::*;

use crate::hex::Hex;
use crate::los::Location;
use crate::scenario::{Scenario, Side, Sky};

/// Where the camera starts.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Preset {
    /// Close over the caves (or the first light source at night).
    Close,
    /// An oblique view of the whole map from the south.
    Overview,
    /// Straight down over the whole map.
    Top,
}

/// How to run the viewer.
#[derive(Clone, Debug)]
pub struct ViewOptions {
    pub sky: Sky,
    /// Render once, write this PNG and exit.
    pub screenshot: Option<PathBuf>,
    /// Write where each hex's centre and each unit's counter lands in the picture (with
    /// `screenshot`) or the window (JSON), once the scene is ready.
    pub probes: Option<PathBuf>,
    /// Window or picture size in pixels.
    pub size: (u32, u32),
    /// The window shrinks to the screen when larger (its size not asked for: issue 38).
    pub fit_screen: bool,
    pub preset: Preset,
    /// Centre the camera on this hex.
    pub focus: Option<Hex>,
    /// Measure this many frames after the scene is ready, print the frame time and exit.
    pub frame_bench: Option<u32>,
    pub seed: u64,
    /// Select this at the start (`Pick::parse` reads `--select`).
    pub select: Option<Pick>,
    /// Start with the LOS tool tracing between these two Locations.
    pub los: Option<(Location, Location)>,
    /// Play mode (`--play`), and the phase of the first Player Turn to start it in.
    pub play: bool,
    pub phase: Option<crate::sim::Phase>,
    /// Where Ctrl+S saves, and where "Export walkthrough" writes the game as a scenario.
    pub save_path: Option<PathBuf>,
    pub export_path: Option<PathBuf>,
    /// A save to continue (`--load`), read and checked by the command line.
    pub load: Option<Box<crate::sim::save::Save>>,
    /// The legend starts open (`--legend`).
    pub legend: bool,
    /// Start with this Location's visibility field drawn (`--sees`).
    pub sees: Option<Location>,
    /// The scenario file shown (`None`: the built-in scenario, and the scenario picker opens
    /// at the start).
    pub file: Option<PathBuf>,
    /// Play mode against the program (`--opponent`): the side it plays and how (issue 28).
    pub opponent: Option<(Side, crate::opponent::Kind)>,
}

impl Default for ViewOptions {
    fn default() -> ViewOptions {
        ViewOptions {
            sky: Sky::Scenario,
            screenshot: None,
            probes: None,
            size: (1280, 800),
            fit_screen: false,
            preset: Preset::Close,
            focus: None,
            frame_bench: None,
            seed: 1,
            select: None,
            los: None,
            play: false,
            phase: None,
            save_path: None,
            export_path: None,
            load: None,
            legend: false,
            sees: None,
            file: None,
            opponent: None,
        }
    }
}

/// What the viewer shows; changed by its panels.
#[derive(Resource, Clone, Debug)]
pub struct ViewSettings {
    /// Whose hidden units and caves are shown: `None` = everyone's.
    pub side: Option<Side>,
    /// Hex ids drawn on the hexes, as many as fit without colliding (otherwise only the
    /// hovered hex's).
    pub hex_ids: bool,
    /// The hex grid drawn (`grid`).
    pub grid: bool,
    /// The NVR to use when the player turns night on (E1.11).
    pub night_nvr: i32,
    /// Where that NVR comes from (`night_assumption`), shown while it is night.
    pub night_why: String,
    /// The legend starts open.
    pub legend: bool,
    pub preset: Preset,
    pub focus: Option<Hex>,
    /// How many hexes from `focus` the farthest unit it was chosen for lies (the player's own
    /// units against the program): the close camera stands back to show them all.
    pub focus_reach: u32,
}

#[cfg(test)]
impl ViewSettings {
    /// The settings the viewer's tests draw with: hex ids and grid on, NVR 2, the close
    /// camera, `side`'s view (`None`: everyone's), the camera on `focus`.
    pub fn for_tests(side: Option<Side>, focus: Option<Hex>) -> ViewSettings {
        ViewSettings {
            side,
            hex_ids: true,
            grid: true,
            night_nvr: 2,
            night_why: String::new(),
            legend: false,
            preset: Preset::Close,
            focus,
            focus_reach: 0,
        }
    }
}

/// What the player clicked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pick {
    Hex(Hex),
    Cave(String),
    Unit(String),
    /// A Location marked as a destination in Play mode (a Climb counter's spot, a cave mouth).
    At(Location),
}

impl Pick {
    /// What `--select` names: a hex id, `cave:X`, or a unit id.
    pub fn parse(s: &Scenario, text: &str) -> Result<Pick, String> {
        if let Some(id) = text.strip_prefix("cave:") {
            return s
                .caves
                .iter()
                .any(|c| c.id == id)
                .then(|| Pick::Cave(id.to_string()))
                .ok_or_else(|| format!("no cave {id} (G11)"));
        }
        if s.units.iter().any(|u| u.id == text) {
            return Ok(Pick::Unit(text.to_string()));
        }
        s.map
            .hex(text)
            .map(Pick::Hex)
            .map_err(|e| format!("not a unit id, cave:X or hex ({e})"))
    }
}

/// A click picked this (sent by `pick`; the inspector selects it, or the LOS tool, when on,
/// takes it as the thread's next end).
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct Picked(pub Pick);

/// The current selection (shown by the inspector).
#[derive(Resource, Clone, Debug, Default)]
pub struct Selected(pub Option<Pick>);

/// Where Play mode's mark labels lie on screen (egui points) and the destination each names:
/// a click on a label is a click on its mark, and the other labels (hex ids, caves) keep clear
/// of them (issue 38: labels never over each other).
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct MarkLabelRects(pub Vec<(bevy_egui::egui::Rect, Pick)>);

/// The player's units added to the selected one with Shift+click (on the map or in the stack
/// list), to fire with it as one Fire Group (A7.5): the Orders window offers their combined Fire
/// on the target, and the core's ruling says whether their Locations may group. Forgotten when
/// the selection changes or on Esc.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct FireGroup(pub Vec<String>);

impl FireGroup {
    /// Adds `id`, or takes it out if it is in already.
    pub fn toggle(&mut self, id: &str) {
        if let Some(i) = self.0.iter().position(|x| x == id) {
            self.0.remove(i);
        } else {
            self.0.push(id.to_string());
        }
    }
}

/// The pointer is over a panel (or egui is using it): clicks and drags are the panel's, not
/// the camera's or the picker's.
#[derive(Resource, Default, Clone, Copy, Debug)]
pub struct PointerOverUi(pub bool);

/// Esc closed a window this frame (the keys help, the scenario picker): the same press leaves
/// the selection as it is (issue 38: Esc closes the window on top first).
#[derive(Resource, Default, Clone, Copy, Debug)]
pub struct EscClosed(pub bool);

/// The viewer's systems, in order (configured once, in `ViewPlugin`; each file adds its own
/// systems to its set). In `Update`, around the simulation's `SimSystems`: `Input`, then
/// `Respond` before the sim's `Drive`, then `Draw` after its `Relight`. In egui's pass
/// (`EguiPrimaryContextPass`): `Panels`, then `Overlay`.
#[derive(SystemSet, Debug, Clone, Copy, Eq, PartialEq, Hash, PartialOrd, Ord)]
pub enum ViewSystems {
    /// The pointer, the keys and the camera: the hovered hex, clicks sent as `Picked`.
    Input,
    /// What answers them: the selection and the LOS tool's ends from `Picked`, the
    /// walkthrough's buttons performed.
    Respond,
    /// What changed redrawn: the board's light, caves and counters, the camera placed, the LOS
    /// thread traced and drawn.
    Draw,
    /// The egui windows, in `Panel`'s order.
    Panels,
    /// After every panel: labels over the scene, and whether the pointer is over a panel.
    Overlay,
}

/// The egui parts within `ViewSystems::Panels`, in this order each frame.
#[derive(SystemSet, Debug, Clone, Copy, Eq, PartialEq, Hash, PartialOrd, Ord)]
pub enum Panel {
    /// The docked panels (`dock`): the View bar on top, the game on the left (walkthrough,
    /// Orders, event log), the Inspector, LOS tool and Legend on the right; the map takes the
    /// space they leave.
    Docks,
    /// Small windows over the map, after the docks: the Keys list, a stack's units, the
    /// scenario picker.
    Floating,
}

/// Where some buttons lie this frame, by name (egui points): Play mode's "End phase" and each
/// entry of the Orders window (`order: LABEL`), for the probes (a window test clicks them).
#[derive(Resource, Clone, Debug, Default)]
pub struct ButtonRects(pub std::collections::BTreeMap<String, bevy_egui::egui::Rect>);

/// Where the docked panels and the map lie in the window this frame, in egui points (a point is
/// `zoom` logical pixels), kept by `dock`: the labels over the map keep to `view`, the probes
/// report it.
#[derive(Resource, Clone, Debug, Default)]
pub struct Layout {
    /// The map's part of the window: what the panels leave (the whole window until the first
    /// layout).
    pub view: Option<bevy_egui::egui::Rect>,
    /// Each panel shown, by name (`top`, `left`, `right`, and the floating windows).
    pub panels: Vec<(&'static str, bevy_egui::egui::Rect)>,
    /// Logical pixels per egui point.
    pub zoom: f32,
}

impl Layout {
    /// Whether a point (egui points) lies on the map, not under a panel.
    pub fn on_map(&self, p: bevy_egui::egui::Pos2) -> bool {
        self.view.is_none_or(|v| v.contains(p))
    }
}

/// Whether the keyboard is egui's now (a text field has the focus, or a popup is open): the
/// viewer's own keys (G, V, 1-3, Home, the arrows, Esc, L, Ctrl+Z/Y/S) then do nothing.
#[derive(bevy::ecs::system::SystemParam)]
pub struct Typing<'w> {
    wants: Option<Res<'w, bevy_egui::input::EguiWantsInput>>,
}

impl Typing<'_> {
    pub fn now(&self) -> bool {
        self.wants
            .as_ref()
            .is_some_and(|w| w.wants_any_keyboard_input())
    }
}

/// Which side panels are open (the View bar's switches; dragging a panel's edge shut closes it).
#[derive(Resource, Clone, Debug)]
pub struct Dock {
    pub left: bool,
    pub right: bool,
}

impl Default for Dock {
    fn default() -> Dock {
        Dock {
            left: true,
            right: true,
        }
    }
}
