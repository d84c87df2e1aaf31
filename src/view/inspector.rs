//! The inspector: what was clicked, with the rules behind each fact — a hex's Base Level,
//! terrain (and its G.1 conversion), Depression, water, cliffs and Crest Lines, and its
//! Illumination (E1.9, E1.941); a cave's hex, CA Hexside, Entrance Hex, level, Upper-Cliff
//! status, Primary/Complex, Accessible caves, SMOKE and Illumination (G11); a unit's counter,
//! Location and state.

use bevy::prelude::*;
use bevy_egui::egui;

use super::caves::shown;
use super::los_tool::LosTool;
use super::shared::{Pick, Picked, Selected, ViewSettings, ViewSystems};
use crate::hex::Hexside;
use crate::los::Location;
use crate::rules::caves::access::Under;
use crate::sim::{
    At, Board, CaveCounter, Cloaked, Concealed, HexCell, Hidden, Illuminated, NightState, Shadowed,
    Smoke, Unit,
};

type UnitRow<'a> = (&'a Unit, &'a At, Has<Hidden>, Has<Concealed>, Has<Cloaked>);
type CellRow = (
    &'static HexCell,
    Option<&'static Illuminated>,
    Option<&'static Shadowed>,
);
type CaveRow = (
    &'static CaveCounter,
    Option<&'static Illuminated>,
    Has<Hidden>,
);

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        select
            .in_set(ViewSystems::Respond)
            .after(super::play_ui::PlayClicks),
    );
}

/// A click selects what it picked, unless the LOS tool is on (then the tool takes it), or, in
/// Play mode, the click was a marked destination or a target (`play_ui` takes it).
fn select(
    mut picks: MessageReader<Picked>,
    tool: Res<LosTool>,
    mut selected: ResMut<Selected>,
    taken: Res<super::play_ui::ClickTaken>,
) {
    for Picked(pick) in picks.read() {
        if !tool.active && !taken.0 {
            selected.0 = Some(pick.clone());
        }
    }
}

/// The Inspector, at the top of the right panel (`dock`): what is selected, with its rules.
#[allow(clippy::too_many_arguments)]
pub(super) fn show(
    InMut(ui): InMut<egui::Ui>,
    mut selected: ResMut<Selected>,
    board: Res<Board>,
    night: Res<NightState>,
    cells: Query<CellRow>,
    caves: Query<CaveRow>,
    units: Query<UnitRow<'static>>,
    smoke: Query<&'static Smoke>,
    settings: Res<ViewSettings>,
    opponent: Option<Res<crate::sim::opponent::OpponentPlay>>,
) {
    // Against the program (issue 28): the side whose "?" stays a "?" until the game ends.
    let fog = opponent.as_ref().and_then(|o| o.secrets_kept());
    let Some(pick) = selected.0.clone() else {
        return;
    };
    // A unit gone from the view (eliminated, or hidden from the side now shown) is no longer
    // selected: no empty Inspector is left behind.
    if let Pick::Unit(id) = &pick
        && !units
            .iter()
            .any(|(u, _, hidden, ..)| &u.id == id && shown(&settings, u.side(), hidden))
    {
        selected.0 = None;
        return;
    }
    let map = &board.scenario.map;
    let mut keep = true;
    egui::CollapsingHeader::new(egui::RichText::new("Inspector").strong())
        .id_salt("inspector")
        .default_open(true)
        .show(ui, |ui| {
            if ui
                .small_button("deselect (Esc)")
                .on_hover_text("leave the selection")
                .clicked()
            {
                keep = false;
            }
            let seen = Seen {
                board: &board,
                night: night.night(),
                cells: &cells,
                caves: &caves,
                units: &units,
                smoke: &smoke,
                settings: &settings,
                fog,
            };
            match &pick {
                Pick::Hex(h) => show_hex(ui, &seen, *h),
                Pick::At(l) => {
                    ui.heading(format!("{}", l.display(map)));
                    list_units(ui, &units, |at| at == l, &board, &settings, fog);
                }
                Pick::Cave(id) => show_cave(ui, &seen, id),
                Pick::Unit(id) => show_unit(ui, &seen, id),
            }
        });
    ui.separator();
    if !keep {
        selected.0 = None;
    }
}

/// What the Inspector reads to describe a pick.
struct Seen<'a, 'w, 's> {
    board: &'a Board,
    night: bool,
    cells: &'a Query<'w, 's, CellRow>,
    caves: &'a Query<'w, 's, CaveRow>,
    units: &'a Query<'w, 's, UnitRow<'static>>,
    smoke: &'a Query<'w, 's, &'static Smoke>,
    settings: &'a ViewSettings,
    /// Against the program: its side, whose concealed units show only as "?" (A12).
    fog: Option<crate::scenario::Side>,
}

/// A hex: its Base Level, terrain and TEM, Depression, water, cliffs and Crest Lines, light at
/// night, and the units in it.
fn show_hex(ui: &mut egui::Ui, seen: &Seen, h: crate::hex::Hex) {
    let (board, settings, units, cells) = (seen.board, seen.settings, seen.units, seen.cells);
    let map = &board.scenario.map;
    let h = &h;
    let Some(d) = map.get(*h) else { return };
    ui.heading(format!("Hex {}", map.name(*h)));
    ui.label(format!("Base Level {} (A6)", d.level));
    let info = d.terrain.info();
    if d.printed != d.terrain {
        ui.label(format!(
            "{} (printed {}, converted by G.1)",
            info.name,
            d.printed.info().name
        ));
    } else {
        ui.label(info.name);
    }
    ui.label(format!("TEM {:+} ({})", info.tem, info.tem_rule));
    if let Some(dep) = d.depression {
        ui.label(format!(
            "Depression {dep:?}: floor Level {}, Crest level {} (A6.3)",
            d.level,
            d.level + 1
        ));
    }
    if let Some(w) = d.water_level() {
        ui.label(format!("water at Level {w} (B20)"));
    }
    for n in h.neighbors() {
        if let Some(side) = Hexside::between(*h, n)
            && map.contains(n)
        {
            if map.is_cliff(side) {
                ui.label(format!("cliff hexside {} (B11)", map.side_name(side)));
            } else if let Some(l) = map.crest_line(side) {
                ui.small(format!("Crest Line {} at Level {l}", map.side_name(side)));
            }
        }
    }
    if seen.night {
        let light = cells.iter().find(|(c, ..)| c.0 == *h);
        match light {
            Some((_, Some(i), _)) => {
                ui.label(format!("Illuminated ({})", i.rule));
            }
            Some((_, None, Some(shadowed))) => {
                ui.label("in a Blaze's zone but shadowed: not Illuminated (E1.941)");
                for s in &shadowed.by {
                    ui.label(shadow_text(map, s));
                }
            }
            _ => {
                ui.label("dark: seen only within the NVR (E1.1)");
            }
        };
    }
    list_units(
        ui,
        units,
        |at| at.hex() == Some(*h),
        board,
        settings,
        seen.fog,
    );
}

/// A cave: its site, level, Complex, Accessibility, SMOKE, light at night and occupants, unless
/// it is hidden from the side shown.
fn show_cave(ui: &mut egui::Ui, seen: &Seen, id: &String) {
    let (board, settings, units, caves, smoke) = (
        seen.board,
        seen.settings,
        seen.units,
        seen.caves,
        seen.smoke,
    );
    let map = &board.scenario.map;
    let Some(c) = board.caves.cave(id) else {
        return;
    };
    if !caves.iter().any(|(cc, ..)| &cc.id == id) {
        ui.heading(format!("Cave {id}"));
        ui.label("eliminated with its contents (G11.88): its mouth is marked with rubble");
        ui.label(format!(
            "was in {}, CA Hexside {}",
            map.name(c.hex),
            map.side_name(c.ca)
        ));
        return;
    }
    let hidden = caves.iter().any(|(cc, _, h)| &cc.id == id && h);
    if !shown(settings, crate::scenario::Side::Japanese, hidden) {
        ui.label("nothing known here");
        return;
    }
    ui.heading(format!("Cave {id}"));
    let row = caves.iter().find(|(cc, ..)| &cc.id == id);
    if row.is_some_and(|(_, _, hidden)| hidden) {
        ui.label("hidden: set up hidden, revealed by Search, LOS or attack (G11.3)");
    }
    ui.label(format!(
        "in {}, CA Hexside {} (G11.12)",
        map.name(c.hex),
        map.side_name(c.ca)
    ));
    ui.label(format!("Entrance Hex {} (G11.1)", map.name(c.entrance)));
    ui.label(format!("cave level {} (G11.11)", c.level));
    if c.upper_cliff {
        ui.label("Upper-Cliff cave: entered and left by Climbing (G11.113, G11.71)");
    }
    if c.in_depression {
        ui.label("IN a Depression (G11.111)");
    }
    if c.primary {
        ui.label("Primary cave: has a Cave Complex (G11.2)");
    }
    if let Some(x) = &c.complex {
        ui.label(format!("within Cave Complex {x}{x}'s boundaries (G11.2)"));
    }
    let acc = board.caves.accessible_from(&Under::Cave(id.clone()));
    let acc: Vec<String> = acc.into_iter().filter(|a| a != id).collect();
    ui.label(format!(
        "Accessible (G11.6): {}",
        if acc.is_empty() {
            "none".to_string()
        } else {
            acc.join(", ")
        }
    ));
    let at = Location::Cave(id.clone());
    if smoke.iter().any(|s| s.at == at) {
        ui.label("SMOKE inside: doubles its outgoing hindrance (G11.85)");
    }
    if seen.night {
        match row.and_then(|(_, l, _)| l) {
            Some(_) => ui.label(
                "Illuminated: a Blaze lights its hex at all levels (E1.94) and its \
                     Entrance Hex is lit (G11.96)",
            ),
            None => ui.label(
                "not Illuminated: needs a Blaze's light on its hex (a Starshell or IR \
                     lights no cave, E1.923) and its Entrance Hex lit (G11.96)",
            ),
        };
    }
    ui.small("Its Covered Arc is drawn in orange (G11.12).");
    list_units(ui, units, |l| *l == at, board, settings, seen.fog);
}

/// A unit: its counter, Location and state, unless it is hidden from the side shown.
fn show_unit(ui: &mut egui::Ui, seen: &Seen, id: &String) {
    let (settings, units) = (seen.settings, seen.units);
    let map = &seen.board.scenario.map;
    let Some((u, at, hidden, concealed, cloaked)) = units
        .iter()
        .find(|(u, ..)| &u.id == id)
        .filter(|(u, _, hidden, ..)| shown(settings, u.side(), *hidden))
    else {
        return;
    };
    // Against the program, a "?" of its side is only a "?" (A12, issue 28).
    let fogged = seen.fog == Some(u.side()) && (concealed || cloaked);
    if fogged {
        ui.heading("? — a concealed enemy stack");
        ui.label(format!("at {}", at.0.display(map)));
        ui.label("what it holds is not known to your side (A12)");
        return;
    }
    ui.heading(format!("{} — {} {:?}", u.id, u.counter, u.nationality));
    ui.label(format!("at {}", at.0.display(map)));
    let mut state = Vec::new();
    if u.broken {
        state.push("broken");
    }
    if u.dm {
        state.push("DM");
    }
    if u.wounded {
        // G1.4 for a Japanese SMC (never broken, Wounded instead); A17 for any other.
        state.push(if u.nationality == crate::model::Nationality::Japanese {
            "wounded (G1.4)"
        } else {
            "wounded (A17)"
        });
    }
    if u.pinned {
        state.push("pinned");
    }
    if u.dc {
        state.push("has a DC");
    }
    if u.hero.is_some() {
        state.push("T-H Hero (G1.421)");
    }
    if u.berserk {
        state.push("berserk (A15, G1.62)");
    }
    if u.banzai.is_some() {
        state.push("in a Banzai Charge (G1.5, A25.23; Lax, G1.6)");
    }
    if u.hardened {
        state.push("Battle Hardened (A15.3, G11.97)");
    }
    if let Some(p) = &u.placed_dc {
        state.push(if p.set.is_some() {
            "has Set a DC: it detonates as the AFPh begins (G11.8332, A23.3 as we read A23.7)"
        } else {
            "has Placed a DC: it detonates as the AFPh begins (A23.3)"
        });
    }
    if hidden {
        state.push("hidden (HIP)");
    }
    if concealed {
        state.push("Concealed (?)");
    }
    if cloaked {
        state.push("Cloaked (E1.4)");
    }
    if matches!(at.0, Location::Climbing { .. }) {
        state.push("Climbing (B11.4)");
    }
    ui.label(if state.is_empty() {
        "Good Order".to_string()
    } else {
        state.join(", ")
    });
}

/// E1.941: "the Blaze in H5 is hidden from it by the Jungle in G6 (A6.2)".
pub fn shadow_text(map: &crate::map::Map, s: &crate::rules::night::light::Shadow) -> String {
    let what = |h| {
        map.get(h)
            .map(|d| format!("the {} in {}", d.terrain.info().name, map.name(d.hex)))
            .unwrap_or_else(|| map.name(h))
    };
    match s.obstacle {
        Some(o) => format!(
            "the Blaze in {} is hidden from it by {} ({})",
            map.name(s.blaze),
            what(o),
            s.rule
        ),
        None => format!(
            "the Blaze in {} is hidden from it ({})",
            map.name(s.blaze),
            s.rule
        ),
    }
}

fn list_units(
    ui: &mut egui::Ui,
    units: &Query<UnitRow>,
    here: impl Fn(&Location) -> bool,
    board: &Board,
    settings: &ViewSettings,
    fog: Option<crate::scenario::Side>,
) {
    // The view's side does not see the other side's hidden units (Play mode: the phasing
    // side's knowledge); against the program its concealed or Cloaked units are one "?" a
    // Location (A12, E1.4), never named.
    let mut v: Vec<String> = units
        .iter()
        .filter(|(u, at, hidden, ..)| here(&at.0) && shown(settings, u.side(), *hidden))
        .map(|(u, at, hidden, concealed, cloaked)| {
            let at = at.0.display(&board.scenario.map);
            if fog == Some(u.side()) && (concealed || cloaked) {
                return format!("? (a concealed enemy stack) at {at}");
            }
            format!(
                "{} {}{} at {at}",
                u.id,
                u.counter,
                if hidden { " (hidden)" } else { "" },
            )
        })
        .collect();
    v.sort();
    v.dedup();
    if !v.is_empty() {
        ui.separator();
        for s in v {
            ui.small(s);
        }
    }
}
