//! The Orders of Play mode (issue 15), in the left panel under the walkthrough (`dock`): the
//! orders the selected unit might give in the phase, as the core lists them
//! (`rules::orders::legal_orders`: Search, DCs, SMOKE and WP, Kindle, and on the target Fire,
//! Starshell, Control, LOS, a T-H Hero; first the Fire Group of its Location with a leader
//! directing, `location_fire_group`, A7.5/A7.53), each with the rules' answer; what they refuse
//! is folded under "not allowed (N)" with its rule, and a click orders the rest through
//! `sim::play`.

use bevy::prelude::*;
use bevy_egui::egui;

use super::state::{Destinations, Target};
use crate::los::Location;
use crate::rules::orders::{Order, legal_orders};
use crate::rules::situation::Situation;
use crate::sim::Board;
use crate::sim::Phase;
use crate::sim::play::{Play, PlayOrder};
use crate::view::shared::{Pick, Selected};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<OrderMenu>()
        .init_resource::<OddsJob>()
        .add_systems(
            Update,
            take_odds.in_set(crate::view::shared::ViewSystems::Draw),
        );
}

/// The odds of the Orders window's entries, counted on a thread of their own (each order is
/// played thousands of times: `game::odds`), so that the window shows at once and the odds
/// follow; a newer menu's job replaces an older one's.
#[derive(Resource, Default)]
pub struct OddsJob {
    /// Which menu the job counts for (`OrderMenu::generation`).
    generation: u64,
    /// Each entry's odds in words, once counted.
    done: Option<Counted>,
    /// The newest menu's generation, as the jobs' threads see it: a thread whose menu is no
    /// longer shown stops before its next order.
    newest: std::sync::Arc<std::sync::atomic::AtomicU64>,
}

/// Where the odds job leaves each entry's odds in words.
type Counted = std::sync::Arc<std::sync::Mutex<Option<Vec<Option<String>>>>>;

impl OddsJob {
    /// The odds are still being counted (frames go on until they are shown).
    pub fn pending(&self) -> bool {
        self.done.is_some()
    }
}

/// Starts counting the odds of `menu`'s allowed entries on `m` (a copy of the match).
pub(super) fn start_odds(job: &mut OddsJob, menu: &OrderMenu, m: crate::play::Match) {
    let orders: Vec<Option<Order>> = menu
        .entries
        .iter()
        .map(|e| e.refusal.is_none().then(|| e.action.clone()))
        .collect();
    use std::sync::atomic::Ordering;
    let done: Counted = std::sync::Arc::new(std::sync::Mutex::new(None));
    let out = done.clone();
    let generation = menu.generation;
    job.newest.store(generation, Ordering::Relaxed);
    let newest = job.newest.clone();
    let n = orders.len();
    std::thread::spawn(move || {
        let count = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let mut words: Vec<Option<String>> = Vec::with_capacity(n);
            for o in &orders {
                // A newer menu is shown: this one's odds are not wanted.
                if newest.load(Ordering::Relaxed) != generation {
                    return None;
                }
                // A Fire that can change no unit it knows of says so (0 %), as `orders --odds`.
                words.push(o.as_ref().and_then(|o| {
                    let odds = m.odds(o)?;
                    if odds.targets.values().any(crate::game::odds::UnitOdds::any) {
                        Some(crate::game::odds::in_words(&odds))
                    } else {
                        matches!(o, Order::Fire { .. })
                            .then(|| "0 % to affect any enemy unit your side knows of there".into())
                    }
                }));
            }
            Some(words)
        }));
        // Counted, stopped or failed, the job ends (a failed one shows no odds).
        let words = count.ok().flatten().unwrap_or_else(|| vec![None; n]);
        if let Ok(mut d) = out.lock() {
            *d = Some(words);
        }
    });
    job.generation = generation;
    job.done = Some(done);
}

/// Shows the counted odds in the Orders window, if they are of the menu it shows.
fn take_odds(mut job: ResMut<OddsJob>, mut menu: ResMut<OrderMenu>) {
    let Some(done) = &job.done else {
        return;
    };
    let Some(words) = done.lock().ok().and_then(|mut d| d.take()) else {
        return;
    };
    if job.generation == menu.generation && words.len() == menu.entries.len() {
        for (e, w) in menu.entries.iter_mut().zip(words) {
            e.odds = w;
        }
    }
    job.done = None;
}

/// One entry of the Orders window: the order, and the rules' refusal (rule, reason) if any.
#[derive(Clone, Debug)]
pub struct Entry {
    label: String,
    action: Order,
    refusal: Option<(String, String)>,
    /// Its odds in words (`game::odds::in_words`), for an allowed order whose dice may change
    /// a unit (issue 37).
    pub(super) odds: Option<String>,
}

/// The Orders window's entries for the selected unit.
#[derive(Resource, Default, Debug)]
pub struct OrderMenu {
    pub(super) unit: Option<String>,
    pub(super) entries: Vec<Entry>,
    /// Counts the menus built (the odds counted for one are shown only with it).
    pub(super) generation: u64,
}

/// The Orders window's entries: the core's `legal_orders` for the unit on the picked target,
/// each labelled in words with the rules' answer; first, with units Shift+clicked to fire with
/// it (`group`), their combined Fire (A7.5, judged by the core like any order). The view
/// decides nothing.
pub(super) fn menu(
    s: &Situation,
    unit: &str,
    group: &[String],
    target: Option<&Pick>,
) -> Vec<Entry> {
    let target_loc = target.and_then(|t| match t {
        Pick::Hex(h) => Some(Location::Ground(*h)),
        Pick::Cave(c) => Some(Location::Cave(c.clone())),
        Pick::At(l) => Some(l.clone()),
        Pick::Unit(o) => s.unit(o).map(|x| x.at.clone()),
    });
    // A7.5 / A7.53: the Fire Group of its Location first (a leader directing), then its own
    // orders.
    let chosen = target_loc.as_ref().filter(|_| !group.is_empty()).map(|t| {
        let order = Order::Fire {
            units: std::iter::once(unit)
                .chain(group.iter().map(String::as_str))
                .map(|u| crate::rules::orders::UnitId(u.to_string()))
                .collect(),
            at: t.clone(),
        };
        let answer = crate::rules::orders::judge(s, &order);
        (order, answer)
    });
    // With no target picked, at each enemy Location its side knows of, as `asl-pto orders`
    // lists them (a selected leader offers his Location's Fire Group too).
    let places: Vec<Location> = match &target_loc {
        Some(t) => vec![t.clone()],
        None => s
            .unit(unit)
            .map(|u| crate::rules::orders::known_enemy_locations(s, u.unit.side()))
            .unwrap_or_default(),
    };
    let location: Vec<_> = places
        .iter()
        .filter_map(|t| crate::rules::orders::location_fire_group(s, unit, t))
        .filter(|(o, _)| Some(o) != chosen.as_ref().map(|(c, _)| c))
        .collect();
    let mut entries: Vec<Entry> = chosen
        .into_iter()
        .chain(location)
        .chain(legal_orders(s, unit, target_loc.as_ref()))
        .map(|(action, answer)| Entry {
            label: action.label_in(s),
            action,
            refusal: answer.err().map(|r| (r.rule.to_string(), r.reason)),
            odds: None,
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

/// The refused entries grouped by their rule and reason, in the order each reason first
/// comes, each with the labels of the orders it refuses.
fn refusals_grouped<'e>(refused: &[&'e Entry]) -> Vec<(&'e str, &'e str, Vec<&'e str>)> {
    let mut out: Vec<(&str, &str, Vec<&str>)> = Vec::new();
    for e in refused {
        let Some((rule, why)) = &e.refusal else {
            continue;
        };
        match out.iter_mut().find(|(r, w, _)| r == rule && w == why) {
            Some((_, _, labels)) => labels.push(&e.label),
            None => out.push((rule, why, vec![&e.label])),
        }
    }
    out
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

/// The Orders section: what the selected unit may do now, its marks and its target.
#[allow(clippy::too_many_arguments)]
pub fn orders_section(
    InMut(ui): InMut<egui::Ui>,
    menu: Res<OrderMenu>,
    dest: Res<Destinations>,
    mut target: ResMut<Target>,
    mut selected: ResMut<Selected>,
    play: Res<Play>,
    board: Res<Board>,
    mut orders: MessageWriter<PlayOrder>,
    mut buttons: ResMut<crate::view::shared::ButtonRects>,
) {
    buttons.0.retain(|k, _| !k.starts_with("order: "));
    let Some(unit) = &menu.unit else {
        return;
    };
    if !play.active {
        return;
    }
    ui.separator();
    egui::CollapsingHeader::new(egui::RichText::new(format!("Orders — {unit}")).strong())
        .id_salt("orders")
        .default_open(true)
        .show(ui, |ui| {
            match (&dest.why_not, dest.reaches.len()) {
                (Some(why), _) => ui.small(format!("cannot move: {why}")),
                (None, 0) => ui.small("no Location to move to this phase"),
                // The APh's marks read "advance" (one Location, A4.7), not MF.
                (None, n) if dest.key.as_ref().is_some_and(|k| k.phase == Phase::Advance) => ui
                    .small(format!(
                        "{n} Locations marked on the map: click one to advance there (A4.7)"
                    )),
                (None, n) => ui.small(format!(
                    "{n} Locations marked on the map with their MF: click one to move there"
                )),
            };
            match target.0.clone() {
                Some(t) => {
                    ui.horizontal_wrapped(|ui| {
                        ui.small(format!(
                            "target: {} (Esc leaves it)",
                            pick_text(&t, &board.scenario.map)
                        ));
                        if ui.small_button("clear").clicked() {
                            target.0 = None;
                        }
                        // The other side's unit, selected directly (issue 27.11).
                        if let Pick::Unit(other) = &t
                            && ui.small_button(format!("select {other}")).clicked()
                        {
                            selected.0 = Some(t.clone());
                        }
                    });
                }
                None => {
                    ui.small("click a hex, cave or enemy unit to target it (Ctrl+click selects)");
                }
            }
            ui.separator();
            // What the rules allow first; what they refuse folded under "not allowed (N)",
            // greyed, each with its rule (issue 38).
            let mut allowed: Vec<&Entry> = menu
                .entries
                .iter()
                .filter(|e| e.refusal.is_none())
                .collect();
            // The Fires first (a window trial saw "Fire at T6", at the "?" beside the unit,
            // last and cut off under two caves' queries), then the other orders, then what
            // only asks (LOS, Control, Illuminated): each kept in its listed order.
            allowed.sort_by_key(|e| match e.action {
                Order::Fire { .. } => 0,
                Order::Los { .. } | Order::Control { .. } | Order::Light { .. } => 2,
                _ => 1,
            });
            let refused: Vec<&Entry> = menu
                .entries
                .iter()
                .filter(|e| e.refusal.is_some())
                .collect();
            if allowed.is_empty() {
                ui.small("no order the rules allow now (End phase goes on)");
            }
            for e in allowed {
                let button = ui.button(&e.label);
                // Listed (for the window tests' clicks) only while in view: one scrolled
                // under the pinned header or below the panel takes no click where it lies.
                if ui.clip_rect().contains(button.rect.center()) {
                    buttons.0.insert(format!("order: {}", e.label), button.rect);
                }
                if let Some(odds) = &e.odds {
                    ui.small(
                        egui::RichText::new(format!("  {odds}"))
                            .color(egui::Color32::from_rgb(150, 200, 150)),
                    );
                }
                if button.clicked() {
                    orders.write(PlayOrder::Act(e.action.clone()));
                }
            }
            if !refused.is_empty() {
                // Folded again for a new selection, phase or Player Turn (egui keeps a
                // header's state per id).
                let when = dest.key.as_ref().map(|k| (k.phase, k.pt));
                egui::CollapsingHeader::new(format!("not allowed ({})", refused.len()))
                    .id_salt(("orders refused", unit.as_str(), when))
                    .default_open(false)
                    .show(ui, |ui| {
                        // One reason once, under every order it refuses (a window trial read
                        // the same A12.152 line under each of 20 Searches).
                        for (rule, why, labels) in refusals_grouped(&refused) {
                            ui.horizontal_wrapped(|ui| {
                                for label in labels {
                                    ui.add_enabled(false, egui::Button::new(label))
                                        .on_disabled_hover_text(format!("[{rule}] {why}"));
                                }
                            });
                            ui.small(
                                egui::RichText::new(format!("  [{rule}] {why}"))
                                    .color(egui::Color32::GRAY),
                            );
                        }
                    });
            }
        });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(label: &str, refusal: Option<(&str, &str)>) -> Entry {
        Entry {
            label: label.into(),
            action: Order::NextPlayerTurn,
            refusal: refusal.map(|(r, w)| (r.into(), w.into())),
            odds: None,
        }
    }

    #[test]
    fn a_reason_refusing_several_orders_is_said_once_under_them_all() {
        let why = "Search is done by the ATTACKER in its MPh";
        let es = [
            entry("Search T3", Some(("A12.152", why))),
            entry("Kindle a Fire in U5", Some(("B25.11", "not in the APh"))),
            entry("Search T2", Some(("A12.152", why))),
            entry("Search U3", Some(("A12.152", why))),
        ];
        let refs: Vec<&Entry> = es.iter().collect();
        let g = refusals_grouped(&refs);
        assert_eq!(
            g,
            vec![
                ("A12.152", why, vec!["Search T3", "Search T2", "Search U3"]),
                ("B25.11", "not in the APh", vec!["Kindle a Fire in U5"]),
            ]
        );
    }
}
