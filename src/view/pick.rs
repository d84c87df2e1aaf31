//! Clicking: the ray under the pointer picks a cave mouth or a unit's counter if it passes
//! close to one, else the hex whose top it meets first. A click sends what it picked as a
//! `Picked` message: the inspector selects it, or, with the LOS tool on, the tool takes it as
//! the thread's next end.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use super::geometry::{centre, ground, hex_at};
use super::shared::{Pick, Picked, PointerOverUi, ViewSystems};
use crate::hex::Hex;
use crate::map::Map;
use crate::sim::Board;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Pickables>()
        .init_resource::<Hovered>()
        .add_systems(Update, (hover, click).chain().in_set(ViewSystems::Input));
}

/// Things that can be clicked besides hexes: caves and counters, at a point, within a radius.
/// Kept by the cave and counter drawing systems.
#[derive(Resource, Default, Debug)]
pub struct Pickables {
    pub caves: Vec<(Pick, Vec3, f32)>,
    pub counters: Vec<(Pick, Vec3, f32)>,
    /// Play mode's marked destinations (kept by `play_ui`).
    pub destinations: Vec<(Pick, Vec3, f32)>,
    /// The map's distinct Base Levels (`levels`), for `ray_hex`.
    pub levels: Vec<i32>,
    /// The caves eliminated (G11.88), drawn as rubble (their labels say so).
    pub eliminated: Vec<String>,
    /// Each drawn unit's Location (a click on a counter picks it for the LOS tool).
    pub unit_at: std::collections::HashMap<String, crate::los::Location>,
    /// The units of the view's own side (the player's, in Play mode): a click on one picks it
    /// rather than a destination mark lying under it.
    pub own: Vec<String>,
}

/// The hex under the pointer.
#[derive(Resource, Default, Debug, Clone, Copy)]
pub struct Hovered(pub Option<Hex>);

/// The distinct Base Levels of a map, lowest first (a ray meets each level's plane once).
pub fn levels(map: &Map) -> Vec<i32> {
    let mut heights: Vec<i32> = map.hexes().map(|d| d.level).collect();
    heights.sort();
    heights.dedup();
    heights
}

/// The hex whose top the ray meets first: one plane per Base Level (`levels`), so the cost
/// does not grow with the map.
pub fn ray_hex(map: &Map, levels: &[i32], ray: Ray3d) -> Option<(f32, Hex)> {
    let mut best: Option<(f32, Hex)> = None;
    for &level in levels {
        let y = super::geometry::height(level as f32);
        let Some(t) = ray.intersect_plane(Vec3::new(0.0, y, 0.0), InfinitePlane3d::new(Vec3::Y))
        else {
            continue;
        };
        let p = ray.get_point(t);
        if let Some(h) = hex_at(map, Vec2::new(p.x, p.z))
            && map.get(h).is_some_and(|d| d.level == level)
            && best.is_none_or(|(bt, _)| t < bt)
        {
            best = Some((t, h));
        }
    }
    best
}

/// The nearest thing along the ray among `items` (distance from the ray within its radius).
fn ray_item(ray: Ray3d, items: &[(Pick, Vec3, f32)]) -> Option<(f32, Pick)> {
    let dir = *ray.direction;
    items
        .iter()
        .filter_map(|(pick, p, r)| {
            let t = (*p - ray.origin).dot(dir);
            let d = (ray.origin + dir * t).distance(*p);
            (t > 0.0 && d <= *r).then(|| (t, pick.clone()))
        })
        .min_by(|a, b| a.0.total_cmp(&b.0))
}

fn cursor_ray(window: &Window, camera: (&Camera, &GlobalTransform)) -> Option<Ray3d> {
    let cursor = window.cursor_position()?;
    camera.0.viewport_to_world(camera.1, cursor).ok()
}

fn hover(
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform), With<Camera3d>>,
    board: Res<Board>,
    mut hovered: ResMut<Hovered>,
    mut pickables: ResMut<Pickables>,
) {
    if pickables.levels.is_empty() {
        pickables.levels = levels(&board.scenario.map);
    }
    // Over a docked panel the pointer is over no hex.
    let on_map = window.cursor_position().is_some_and(|c| {
        camera
            .0
            .logical_viewport_rect()
            .is_none_or(|view| view.contains(c))
    });
    let h = cursor_ray(&window, *camera)
        .filter(|_| on_map)
        .and_then(|ray| ray_hex(&board.scenario.map, &pickables.levels, ray));
    let now = h.map(|(_, h)| h);
    if hovered.0 != now {
        hovered.0 = now;
    }
}

#[allow(clippy::too_many_arguments)]
fn click(
    buttons: Res<ButtonInput<MouseButton>>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform), With<Camera3d>>,
    over_ui: Res<PointerOverUi>,
    board: Res<Board>,
    pickables: Res<Pickables>,
    mut picked: MessageWriter<Picked>,
    mut contexts: bevy_egui::EguiContexts,
    keys: Res<ButtonInput<KeyCode>>,
    layout: Res<super::shared::Layout>,
    labels: Res<super::shared::MarkLabelRects>,
) {
    if !buttons.just_released(MouseButton::Left) {
        return;
    }
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight])
        || keys.any_just_released([KeyCode::ControlLeft, KeyCode::ControlRight]);
    // Where the pointer is now, not where egui last saw it (`PointerOverUi`, last frame's):
    // moved onto a panel since, or off one (End phase clicked, then a counter in the next
    // frame: a window trial lost that click, the pointer still "over" the button), ask egui
    // which of last frame's areas lies under the pointer now.
    if let (Ok(ctx), Some(cursor)) = (contexts.ctx_mut(), window.cursor_position()) {
        let zoom = ctx.zoom_factor();
        let at = bevy_egui::egui::pos2(cursor.x / zoom, cursor.y / zoom);
        let over_panel = panel_under(ctx, &layout, cursor);
        // A drag egui holds (a slider, a window moved) is not a click on the map.
        if over_panel || ctx.egui_is_using_pointer() {
            return;
        }
        // A click on a mark's label is a click on its mark (issue 38), unless Ctrl selects.
        if !ctrl && let Some((_, pick)) = labels.0.iter().find(|(r, _)| r.contains(at)) {
            picked.write(Picked(pick.clone()));
            return;
        }
    } else if over_ui.0 {
        return;
    }
    let Some(ray) = cursor_ray(&window, *camera) else {
        return;
    };
    let eye = camera.1.translation();
    if let Some(pick) = choose(&board.scenario.map, &pickables, ray, eye, ctrl) {
        picked.write(Picked(pick));
    }
}

/// Whether a panel lies under the window point `cursor` now (outside the map's part of the
/// window, or one of egui's windows over it), asked of egui's areas as last drawn rather than
/// `PointerOverUi` (last frame's, stale the frame the pointer crosses onto a panel).
pub fn panel_under(
    ctx: &bevy_egui::egui::Context,
    layout: &super::shared::Layout,
    cursor: Vec2,
) -> bool {
    let zoom = ctx.zoom_factor();
    let at = bevy_egui::egui::pos2(cursor.x / zoom, cursor.y / zoom);
    !layout.on_map(at)
        || ctx
            .layer_id_at(at)
            .is_some_and(|l| l.order != bevy_egui::egui::Order::Background)
}

/// G11.2: whether `pick` is a unit whose counter is drawn inside the rock: it is in a Cave
/// Complex, which `place::location_point` draws at its Primary cave's mouth pushed into the
/// hill. Like a counter behind 3D shapes, it shows as an outline (`counters::see_through`) and
/// is picked through the rock.
pub fn in_rock(pickables: &Pickables, pick: &Pick) -> bool {
    matches!(pick, Pick::Unit(id)
        if matches!(pickables.unit_at.get(id), Some(crate::los::Location::Complex(_))))
}

/// What a click along `ray` from the camera at `eye` picks: the hex whose top it meets first,
/// unless it passes a cave mouth, a counter or (without `ctrl`) a Play-mode mark no further
/// along; a counter drawn see-through because 3D shapes stand between it and the camera
/// (`counters::see_through`: jp3 and its 9-1 in T5 seen through T6's jungle) or because it
/// is in a Cave Complex, inside the rock (`in_rock`), is picked wherever the ray meets the
/// ground, as the player sees its outline there.
pub fn choose(map: &Map, pickables: &Pickables, ray: Ray3d, eye: Vec3, ctrl: bool) -> Option<Pick> {
    let mut best: Option<(f32, Pick)> =
        ray_hex(map, &pickables.levels, ray).map(|(t, h)| (t, Pick::Hex(h)));
    // Play mode's destination marks come last, so a mark wins over an enemy counter lying on
    // it (issue 27.7): a click on it moves there (an advance into Close Combat) rather than
    // targeting the counter. A counter of the view's own side wins over a mark under it: a
    // click on it selects it (three veterans' trials moved a unit into a hex when they meant
    // to pick the friendly counter there); the mark's label still moves there. A Ctrl+click
    // selects what it picks: the marks are not looked at.
    let marks: &[(Pick, Vec3, f32)] = if ctrl { &[] } else { &pickables.destinations };
    let own = |p: &Pick| matches!(p, Pick::Unit(id) if pickables.own.contains(id));
    for (i, items) in [&pickables.caves[..], &pickables.counters[..], marks]
        .into_iter()
        .enumerate()
    {
        if let Some((t, p)) = ray_item(ray, items)
            && best.as_ref().is_none_or(|(bt, bp)| {
                let mark = i == 2;
                t <= *bt + 0.3 && !(mark && own(bp) && t >= *bt - 0.3)
            })
        {
            best = Some((t, p));
        }
    }
    if matches!(best, None | Some((_, Pick::Hex(_)))) {
        let seen_through: Vec<(Pick, Vec3, f32)> = pickables
            .counters
            .iter()
            .filter(|(pick, p, _)| {
                super::terrain::behind_shapes(map, eye, *p) || in_rock(pickables, pick)
            })
            .cloned()
            .collect();
        if let Some(hit) = ray_item(ray, &seen_through) {
            best = Some(hit);
        }
    }
    best.map(|(_, pick)| pick)
}

/// The point a hex's label or a hex pick refers to: its centre on its ground.
pub fn hex_point(map: &Map, h: Hex) -> Vec3 {
    let y = map.get(h).map_or(0.0, ground);
    super::geometry::at(centre(h), y)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::los::Location;
    use crate::scenario::Scenario;
    use crate::view::place::counter_point;

    /// G11.2: the Cave Complex's 8-1 on the Cave Complex by day, drawn in the rock behind
    /// cave A's mouth. Seen from high above the cliff's foot the ray meets the hill's top (G3)
    /// first; with the hill's jungle cleared (nothing drawn there to see through), a click on
    /// the 8-1's outline still picks him, and the same counter out of a Complex is not picked.
    #[test]
    fn g11_2_a_click_on_a_cave_complex_occupant_s_outline_picks_it_through_the_rock() {
        let text = std::fs::read_to_string("scenarios/complex_day.ron")
            .unwrap()
            .replace(
                r#""E3 F3 G3 H3 I3": (level: 1, terrain: Jungle)"#,
                r#""E3 F3 G3 H3 I3": (level: 1)"#,
            );
        let s = Scenario::from_str(&text, "complex_day.ron").unwrap();
        let (caves, _) = s.cave_system();
        let map = &s.map;
        let inside = Location::Complex("A".into());
        let p = counter_point(map, &caves, &inside).unwrap();
        let out = crate::view::place::opening(caves.cave("A").unwrap()).out;
        let eye = p + out * 0.3 + Vec3::Y * 3.0;
        assert!(!super::super::terrain::behind_shapes(map, eye, p));
        let ray = Ray3d::new(eye, Dir3::new(p - eye).unwrap());
        let mut pickables = Pickables {
            levels: levels(map),
            ..Pickables::default()
        };
        let g3 = map.hex("G3").unwrap();
        assert_eq!(
            ray_hex(map, &pickables.levels, ray).map(|(_, h)| h),
            Some(g3)
        );
        pickables.counters.push((Pick::Unit("jpL".into()), p, 0.2));
        assert_eq!(
            choose(map, &pickables, ray, eye, false),
            Some(Pick::Hex(g3))
        );
        pickables.unit_at.insert("jpL".into(), inside);
        assert!(in_rock(&pickables, &Pick::Unit("jpL".into())));
        assert_eq!(
            choose(map, &pickables, ray, eye, false),
            Some(Pick::Unit("jpL".into()))
        );
    }

    /// Issue 27.7 and three veterans' trials: a destination mark under an enemy counter wins
    /// (a click advances there), under a counter of the view's own side the counter wins (a
    /// click selects it; the trials moved usL into H7 meaning to pick the squad there).
    #[test]
    fn a_friendly_counter_wins_over_a_mark_under_it_an_enemy_counter_does_not() {
        let s = Scenario::load(std::path::Path::new("scenarios/assault.ron")).unwrap();
        let (caves, _) = s.cave_system();
        let map = &s.map;
        let t3 = map.hex("T3").unwrap();
        let p = counter_point(map, &caves, &Location::Ground(t3)).unwrap();
        let eye = p + Vec3::new(0.0, 3.0, 0.5);
        let ray = Ray3d::new(eye, Dir3::new(p - eye).unwrap());
        let mark = Pick::At(Location::Ground(t3));
        let mut pickables = Pickables {
            levels: levels(map),
            counters: vec![(Pick::Unit("us1".into()), p, 0.2)],
            destinations: vec![(mark.clone(), hex_point(map, t3), 0.3)],
            ..Pickables::default()
        };
        assert_eq!(
            choose(map, &pickables, ray, eye, false),
            Some(mark.clone()),
            "not the view's own: the mark"
        );
        pickables.own = vec!["us1".into()];
        assert_eq!(
            choose(map, &pickables, ray, eye, false),
            Some(Pick::Unit("us1".into()))
        );
        // Ctrl+click selects whatever it picks.
        pickables.own.clear();
        assert_eq!(
            choose(map, &pickables, ray, eye, true),
            Some(Pick::Unit("us1".into()))
        );
    }

    /// The assault's jp3 in T5 seen from beyond the cliff-top jungle of T6: its counter is drawn
    /// see-through, so a click on its outline picks it, not T6 whose top the ray meets first.
    #[test]
    fn a_click_on_a_counter_seen_through_jungle_picks_it_not_the_hex_in_front() {
        let s = Scenario::load(std::path::Path::new("scenarios/assault.ron")).unwrap();
        let (caves, _) = s.cave_system();
        let map = &s.map;
        let t5 = map.hex("T5").unwrap();
        let t6 = map.hex("T6").unwrap();
        let p = counter_point(map, &caves, &Location::Ground(t5)).unwrap();
        let over = hex_point(map, t6);
        // The eye beyond T6, looking down across its jungle at T5's counter.
        let away = Vec3::new(over.x - p.x, 0.0, over.z - p.z).normalize();
        let eye = over + away * 2.0 + Vec3::Y * 2.0;
        assert!(
            super::super::terrain::behind_shapes(map, eye, p),
            "T6's jungle stands between the eye and T5's counter"
        );
        let ray = Ray3d::new(eye, Dir3::new(p - eye).unwrap());
        let mut pickables = Pickables {
            levels: levels(map),
            ..Pickables::default()
        };
        let front = ray_hex(map, &pickables.levels, ray)
            .map(|(_, h)| h)
            .expect("the ray meets the hill");
        assert_ne!(front, t5, "the ray meets the hill's top before T5");
        assert_eq!(
            choose(map, &pickables, ray, eye, false),
            Some(Pick::Hex(front))
        );
        pickables.counters.push((Pick::Unit("jp3".into()), p, 0.2));
        assert_eq!(
            choose(map, &pickables, ray, eye, false),
            Some(Pick::Unit("jp3".into()))
        );
        // Seen in plain view (from above T5 itself), nothing changes: the hex in front of a
        // counter the ray misses stays picked.
        let above = p + Vec3::new(0.0, 3.0, 0.4);
        let miss = Ray3d::new(
            above,
            Dir3::new(hex_point(map, map.hex("U5").unwrap()) - above).unwrap(),
        );
        assert_eq!(
            choose(map, &pickables, miss, above, false),
            Some(Pick::Hex(map.hex("U5").unwrap()))
        );
    }
}
