//! Counters and markers: units as counter-like tiles on their Location (cave occupants at the
//! cave mouth, Climbers on their Climb counter on the cliff face at their level and vertex,
//! B11.4), hidden units only in their owner's view (or everyone's), "?" on Concealed or Cloaked
//! units (E1.4), SMOKE as translucent volumes two levels tall (in the cave mouth for cave
//! SMOKE, G11.85), Blazes and Flames, Starshells and IR rounds hanging over their hex.

use std::collections::HashMap;

use bevy::prelude::*;

use super::board::Palette;
use super::capture::SceneReady;
use super::caves::shown;
use super::counter_art;
use super::counter_tiles::{
    COUNTER_SIDE, FaceMaterials, FacesCamera, GREY, HEX_MARKER_OFFSET, MARKER_SIDE, Piles,
    SIDE_BY_SIDE, spawn_tile,
};
use super::geometry::{LEVEL_HEIGHT, at, centre, ground};
use super::mesh::MeshData;
use super::pick::Pickables;
use super::place::{
    climb_counter_spot, climb_make_way, counter_point, limit_step_back, location_point, make_way,
    opening,
};
use super::shared::{Pick, ViewSettings, ViewSystems};
use crate::los::Location;
use crate::model::Side;
use crate::scenario::SmokeKind;
use crate::sim::live::state;
use crate::sim::watch::PieceChanges;
use crate::sim::{Board, Smoke};
use crate::state::GameState;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<CountersStale>()
        .init_resource::<FaceMaterials>()
        .init_gizmo_group::<SeeThrough>()
        .add_systems(Startup, see_through_on_top)
        .add_systems(
            Update,
            (watch_pieces, draw_counters, turn_to_camera, see_through)
                .chain()
                .in_set(ViewSystems::Draw),
        );
}

/// The outlines of counters hidden in or behind jungle, bamboo, kunai, palms or a building,
/// drawn over everything (issue 27.10).
#[derive(Default, Reflect, GizmoConfigGroup)]
struct SeeThrough;

fn see_through_on_top(mut store: ResMut<GizmoConfigStore>) {
    let (config, _) = store.config_mut::<SeeThrough>();
    config.depth_bias = -1.0;
    config.line.width = 2.0;
}

/// Each unit's counter that the shapes of an obstacle or a hindrance hide from the camera
/// (`terrain::behind_shapes`: jp2 in the jungle of M6 on the night ridge, a unit behind a hut),
/// or that stands inside the rock in a Cave Complex (`pick::in_rock`, G11.2), shows through
/// them as an outline in its side's colour, turned as the counter is.
fn see_through(
    board: Res<Board>,
    pickables: Res<Pickables>,
    orbit: Res<super::camera::Orbit>,
    units: Query<&crate::model::Unit>,
    camera: Single<&GlobalTransform, With<Camera3d>>,
    mut gizmos: Gizmos<SeeThrough>,
) {
    let map = &board.scenario.map;
    let eye = camera.translation();
    let step = 5f32.to_radians();
    let yaw = (orbit.yaw / step).round() * step;
    let turn = Quat::from_rotation_y(yaw) * Quat::from_rotation_x(std::f32::consts::FRAC_PI_2);
    for (pick, top, r) in &pickables.counters {
        let Pick::Unit(id) = pick else { continue };
        if !super::terrain::behind_shapes(map, eye, *top) && !super::pick::in_rock(&pickables, pick)
        {
            continue;
        }
        let Some(u) = units.iter().find(|u| &u.id == id) else {
            continue;
        };
        let [red, green, blue] = counter_art::paper(u.nationality).map(|c| f32::from(c) / 255.0);
        let side = r / 0.55;
        gizmos.rect(
            Isometry3d::new(*top, turn),
            Vec2::splat(side),
            Color::srgb(red, green, blue),
        );
    }
}

/// The counters drawn no longer show the situation: redraw them (nothing is drawn yet at the
/// start).
#[derive(Resource)]
struct CountersStale(bool);

impl Default for CountersStale {
    fn default() -> CountersStale {
        CountersStale(true)
    }
}

/// A piece changed (a unit, its markers, a Climb counter, SMOKE, a fire, a Starshell or IR),
/// or whose hidden units are shown.
fn watch_pieces(
    mut changes: PieceChanges,
    settings: Res<ViewSettings>,
    mut stale: ResMut<CountersStale>,
) {
    if changes.any() || settings.is_changed() {
        stale.0 = true;
    }
}

#[derive(Component)]
struct CounterVisual;

/// Turns every counter's print toward the camera's heading when the camera turns (or new
/// counters are drawn).
fn turn_to_camera(
    orbit: Res<super::camera::Orbit>,
    added: Query<(), Added<FacesCamera>>,
    mut tiles: Query<(&mut Transform, &FacesCamera)>,
    mut heading: Local<Option<f32>>,
) {
    // Snapped to 5 degrees: an orbit's small turns leave the print where it is.
    let step = 5f32.to_radians();
    let yaw = (orbit.yaw / step).round() * step;
    if *heading == Some(yaw) && added.is_empty() {
        return;
    }
    *heading = Some(yaw);
    let turn = Quat::from_rotation_y(yaw);
    for (mut t, f) in &mut tiles {
        t.rotation = turn;
        t.translation = f.anchor + turn * f.offset;
    }
}

/// What the counters' drawing builds before it is spawned: the solid and translucent meshes,
/// the counter tiles in their piles, and what can be picked.
#[derive(Default)]
struct Drawn {
    solid: MeshData,
    glass: MeshData,
    piles: Piles,
    picks: Vec<(Pick, Vec3, f32)>,
    unit_at: HashMap<String, Location>,
    /// The units of the view's own side (`Pickables::own`).
    own: Vec<String>,
}

fn draw_counters(world: &mut World) {
    if !world.resource::<CountersStale>().0 {
        return;
    }
    world.resource_mut::<CountersStale>().0 = false;
    let board = world.resource::<Board>().clone();
    let live = state(world, &board);
    let settings = world.resource::<ViewSettings>().clone();
    let mut d = Drawn {
        solid: MeshData::new(),
        glass: MeshData::new(),
        ..default()
    };
    // Climb counters (B11.4) on the face, under their Climbers: each peeks out from under its
    // unit into the hex, away from the cliff and the cave mouths on it, so its CLIMB shows
    // (issue 38).
    for c in &live.climbs {
        let p = climb_counter_spot(c.hex, c.level, c.vertex);
        let inward = (centre(c.hex) - Vec2::new(p.x, p.z)).normalize_or_zero();
        let out = Vec3::new(inward.x, 0.0, inward.y) * COUNTER_SIDE * 0.8;
        d.piles.put(
            p + out - Vec3::Y * 0.02,
            counter_art::marker_face(GREY, "CLIMB"),
            MARKER_SIDE,
            false,
        );
    }
    draw_units(&mut d, &board, &live, &settings);
    draw_smoke(&mut d, &board, &live);
    draw_fires(&mut d, &board, &live);
    spawn_drawn(world, d);
    world.resource_mut::<SceneReady>().counters = true;
}

/// Units, piled per Location with their markers; a Concealed or Cloaked unit under a "?": the
/// enemy sees one "?" for all of them in a Location (A12: a concealment counter hides the whole
/// stack beneath it, so many units or one look the same, as the program's own view counts
/// them, `opponent::view::known_state`), its owner (and the all-seeing view) each unit beneath
/// its "?".
fn draw_units(d: &mut Drawn, board: &Board, live: &GameState, settings: &ViewSettings) {
    let map = &board.scenario.map;
    let climbs = &live.climbs;
    let piles = &mut d.piles;
    let picks = &mut d.picks;
    let unit_at = &mut d.unit_at;
    let d_own = &mut d.own;
    // A hex's own ground counters step back from a cave whose occupants lie at its mouth (its
    // Entrance Hex), and from a Climb counter in it; several add up (to a limit).
    let mut step_back: HashMap<crate::hex::Hex, Vec3> = HashMap::new();
    let mut occupied: Vec<&str> = live
        .units
        .iter()
        .filter(|u| shown(settings, u.unit.side(), u.hidden))
        .filter_map(|u| match &u.at {
            Location::Cave(id) => Some(id.as_str()),
            _ => None,
        })
        .collect();
    occupied.sort();
    occupied.dedup();
    for c in occupied.iter().filter_map(|id| board.caves.cave(id)) {
        *step_back.entry(c.entrance).or_default() += make_way(c);
    }
    for c in climbs {
        *step_back.entry(c.hex).or_default() += climb_make_way(c.hex, c.vertex);
    }
    let mut posts = std::collections::HashSet::new();
    // The enemy Locations whose "?" is drawn already (one per Location, A12).
    let mut veils: Vec<&Location> = Vec::new();
    // A12: a "?" hides only the units beneath it: in the enemy's view the units of a
    // Location still under "?" are piled first, those it knows of on top (jp3, revealed by
    // its fire in T5's kunai, was drawn under its 9-1's "?" and could not be seen).
    let under_veil = |u: &crate::rules::situation::UnitAt| {
        (u.concealed || u.cloaked) && settings.side.is_some_and(|s| s != u.unit.side())
    };
    let mut order: Vec<&crate::rules::situation::UnitAt> = live.units.iter().collect();
    order.sort_by_key(|u| !under_veil(u));
    // A Location both sides' units stand in (a Melee, a night MPh entry into the enemy's
    // Location): each side's pile lies beside the other's, the view's own side to the
    // west, so that neither hides the other (a window trial: the enemy's "?" lay under the
    // player's counters, seen only in the stack list). Only units the view shows count: a
    // hidden enemy moves no pile.
    let own = settings.side.unwrap_or(Side::Allied);
    let at_of = |ours: bool| -> Vec<&Location> {
        live.units
            .iter()
            .filter(|u| shown(settings, u.unit.side(), u.hidden) && (u.unit.side() == own) == ours)
            .map(|u| &u.at)
            .collect()
    };
    let theirs = at_of(false);
    let shared: Vec<&Location> = at_of(true)
        .into_iter()
        .filter(|l| theirs.contains(l))
        .collect();
    for u in order {
        if !shown(settings, u.unit.side(), u.hidden) {
            continue;
        }
        let veiled = u.concealed || u.cloaked;
        let enemy_view = settings.side.is_some_and(|s| s != u.unit.side());
        if veiled && enemy_view {
            if veils.contains(&&u.at) {
                continue;
            }
            veils.push(&u.at);
        }
        let Some(mut base) = counter_point(map, &board.caves, &u.at) else {
            continue;
        };
        // Each side's pile on its own post where both share the Location.
        if shared.contains(&&u.at) {
            let west = if u.unit.side() == own { -1.0 } else { 1.0 };
            base.x += west * SIDE_BY_SIDE;
        }
        if let Location::Ground(h) = &u.at {
            base += limit_step_back(step_back.get(h).copied().unwrap_or(Vec3::ZERO));
            // Issue 38: in a hex whose shapes stand around its counters (jungle, bamboo,
            // kunai, palms, a hut or a building) the counters lie on top of them, as on the
            // printed board, on a dark post from the ground: readable from any
            // side, and plainly of that hex's ground.
            if let Some(hd) = map.get(*h) {
                let tall = super::terrain::shapes_height(hd.terrain);
                if tall > 0.0 {
                    let foot = base;
                    base.y = ground(hd) + tall + 0.01;
                    let key = (foot * 1000.0).round().as_ivec3().to_array();
                    if posts.insert(key) {
                        d.solid
                            .prism(foot, 0.012, base.y - foot.y, 4, [0.16, 0.15, 0.12]);
                    }
                }
            }
        }
        let side = COUNTER_SIDE * counter_art::size_of(&u.unit);
        piles.anchor = Some(base);
        let top = if veiled && enemy_view {
            piles.put(base, counter_art::concealed_face(), COUNTER_SIDE, false)
        } else {
            // Its support weapon (a DC) under it, peeking out to the south-west; then the unit.
            if let Some(sw) = counter_art::support_weapon_face(&u.unit) {
                let under = base + Vec3::new(-side * 0.3, 0.0, side * 0.3);
                piles.level_with(under, base);
                piles.put(under, sw, side * 0.8, u.hidden);
                piles.lift(base);
            }
            let top = piles.put(base, counter_art::unit_face(&u.unit), side, u.hidden);
            // Its markers as small counters over its lower left corner, the "?" over its upper
            // right one, so its factors and id stay readable under them.
            let corner = |dx: f32, dz: f32| top + Vec3::new(side * dx, 0.0, side * dz);
            for m in counter_art::marker_faces(&u.unit) {
                piles.put(corner(-0.45, 0.45), m, side * 0.4, u.hidden);
            }
            // The "?" big enough to read at the default zoom (issue 27.10), over the corner
            // of the id, clear of the factors.
            if veiled {
                piles.put(
                    corner(0.4, -0.4),
                    counter_art::concealed_face(),
                    side * 0.6,
                    false,
                );
            }
            top
        };
        piles.anchor = None;
        picks.push((Pick::Unit(u.unit.id.clone()), top, side * 0.55));
        unit_at.insert(u.unit.id.clone(), u.at.clone());
        if settings.side == Some(u.unit.side()) {
            d_own.push(u.unit.id.clone());
        }
    }
}

/// SMOKE: grey volumes two levels tall; WP whiter; dispersed fainter.
fn draw_smoke(d: &mut Drawn, board: &Board, live: &GameState) {
    let map = &board.scenario.map;
    let (glass, piles, grey) = (&mut d.glass, &mut d.piles, GREY);
    for Smoke {
        at: at_,
        kind,
        dispersed,
        ..
    } in &live.smoke
    {
        let rgb = match kind {
            SmokeKind::WhitePhosphorus | SmokeKind::WpGrenade => [0.95, 0.95, 0.95],
            _ => [0.62, 0.62, 0.64],
        };
        glass.alpha = if *dispersed { 0.22 } else { 0.42 };
        let name = match (kind, dispersed) {
            (SmokeKind::WhitePhosphorus | SmokeKind::WpGrenade, false) => "WP",
            (SmokeKind::WhitePhosphorus | SmokeKind::WpGrenade, true) => "WP disp",
            (_, false) => "SMOKE",
            (_, true) => "SMOKE disp",
        };
        let marker = counter_art::marker_face(grey, name);
        match at_ {
            Location::Cave(id) => {
                if let Some(cave) = board.caves.cave(id) {
                    let o = opening(cave);
                    let c = Vec3::new(o.centre.x, o.floor, o.centre.z) + o.out * 0.06;
                    glass.prism(c, 0.12, o.tall * 1.2, 6, rgb);
                    piles.put(
                        c + o.out * 0.2 - o.across * 0.25,
                        marker,
                        MARKER_SIDE,
                        false,
                    );
                }
            }
            other => {
                if let Some(p) = location_point(map, &board.caves, other) {
                    glass.prism(p, 0.38, 2.0 * LEVEL_HEIGHT, 6, rgb);
                    piles.put(p + HEX_MARKER_OFFSET, marker, MARKER_SIDE, false);
                }
            }
        }
    }
    glass.alpha = 1.0;
}

/// Fires (Blazes as tall flames, Flames as small ones), Starshells and IR rounds.
fn draw_fires(d: &mut Drawn, board: &Board, live: &GameState) {
    let map = &board.scenario.map;
    let (solid, glass, piles) = (&mut d.solid, &mut d.glass, &mut d.piles);
    let fire_at = |h| map.get(h).map_or(0.0, ground);
    // A Blaze burns on top of what burns (a building's roof, the jungle's canopy).
    let top_of = |h: crate::hex::Hex| {
        map.get(h).map_or(0.0, |d| {
            ground(d) + super::terrain::feature_height(d.terrain)
        })
    };
    for (h, levels) in &live.blazes {
        let c = at(centre(*h), top_of(*h));
        let tall = LEVEL_HEIGHT * (1.0 + f32::from(*levels));
        solid.cone(
            c + Vec3::new(-0.12, 0.0, 0.05),
            0.14,
            tall * 0.8,
            6,
            [0.95, 0.35, 0.05],
        );
        solid.cone(
            c + Vec3::new(0.1, 0.0, -0.06),
            0.15,
            tall,
            6,
            [1.0, 0.55, 0.08],
        );
        solid.cone(
            c + Vec3::new(0.0, 0.0, 0.12),
            0.1,
            tall * 0.6,
            6,
            [1.0, 0.85, 0.25],
        );
        let name = format!("BLAZE {levels}");
        let marker = counter_art::marker_face([236, 120, 40], &name);
        piles.put(c + HEX_MARKER_OFFSET, marker, MARKER_SIDE, false);
    }
    for h in &live.flames {
        let c = at(centre(*h), fire_at(*h));
        solid.cone(c, 0.1, LEVEL_HEIGHT * 0.8, 6, [1.0, 0.6, 0.1]);
        let marker = counter_art::marker_face([246, 170, 60], "FLAME");
        piles.put(c + HEX_MARKER_OFFSET, marker, MARKER_SIDE, false);
    }
    // Starshells and IR rounds: bright stars over their hex.
    for (hexes, rgb, up, name) in [
        (&live.starshells, [1.0, 1.0, 0.95], 1.6, "STARSHELL"),
        (&live.irs, [0.85, 0.92, 1.0], 2.1, "IR"),
    ] {
        for h in hexes {
            let c = at(centre(*h), fire_at(*h) + up);
            solid.cone(c, 0.12, 0.14, 4, rgb);
            solid.cone(c, 0.12, -0.14, 4, rgb);
            // Its counter lies on its hex, as on a board (hanging under the star it read as
            // over another hex from an oblique camera); the star marks it from afar.
            let marker = counter_art::marker_face([250, 250, 236], name);
            let ground = at(centre(*h), fire_at(*h));
            piles.put(ground + HEX_MARKER_OFFSET, marker, MARKER_SIDE, false);
            glass.prism(ground, 0.05, up, 4, rgb);
        }
    }
}

/// The counters drawn replace those drawn before: the meshes, the tiles (each facing the
/// camera) and what can be picked.
fn spawn_drawn(world: &mut World, d: Drawn) {
    let palette = world.resource::<Palette>().clone();
    let (solid, glass, piles) = (d.solid, d.glass, d.piles);
    let mut old = world.query_filtered::<Entity, With<CounterVisual>>();
    let old: Vec<Entity> = old.iter(world).collect();
    for e in old {
        world.despawn(e);
    }
    for (data, material) in [(solid, palette.opaque), (glass, palette.translucent)] {
        if data.triangles() == 0 {
            continue;
        }
        let mesh = world.resource_mut::<Assets<Mesh>>().add(data.to_mesh());
        world.spawn((CounterVisual, Mesh3d(mesh), MeshMaterial3d(material)));
    }
    for tile in piles.tiles {
        spawn_tile(
            world,
            &tile.face,
            tile.at,
            tile.anchor,
            tile.side,
            tile.ghost,
            CounterVisual,
        );
    }
    let mut pickables = world.resource_mut::<Pickables>();
    pickables.counters = d.picks;
    pickables.unit_at = d.unit_at;
    pickables.own = d.own;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Side;
    use crate::scenario::Scenario;

    fn settings(side: Option<Side>) -> ViewSettings {
        ViewSettings::for_tests(side, None)
    }

    /// The assault: its board, its state at the start, and T5 (jp3 and the 9-1's kunai).
    fn assault() -> (Board, GameState, Location) {
        let s = Scenario::load(std::path::Path::new("scenarios/assault.ron")).unwrap();
        let live = s.initial_state();
        let t5 = live
            .units
            .iter()
            .find(|u| u.unit.id == "jp3")
            .unwrap()
            .at
            .clone();
        let (caves, _) = s.cave_system();
        let board = Board {
            scenario: std::sync::Arc::new(s),
            caves,
        };
        (board, live, t5)
    }

    /// The heights of the tiles in `at`'s pile whose big print is `big`.
    fn heights(d: &Drawn, at: Vec3, big: &str) -> Vec<f32> {
        d.piles
            .tiles
            .iter()
            .filter(|t| t.face.big == big && (t.anchor - at).length() < 1e-3)
            .map(|t| t.at.y)
            .collect()
    }

    #[test]
    fn a12_a_unit_revealed_lies_on_top_of_the_question_mark_of_its_location() {
        // The assault: jp3 has fired from T5's kunai and lost its "?" (A12.15); the 9-1 with
        // it is still concealed. The Allied view shows one "?" and jp3's 4-4-8 over it.
        let (board, mut live, t5) = assault();
        // With a DC, drawn beside and under it (a review: the DC lay level with the "?").
        for u in live.units.iter_mut() {
            if u.unit.id == "jp3" {
                u.concealed = false;
                u.unit.dc = true;
            }
        }
        let base = counter_point(&board.scenario.map, &board.caves, &t5).unwrap();
        let mut d = Drawn::default();
        draw_units(&mut d, &board, &live, &settings(Some(Side::Allied)));
        // Its tiles turn about T5's spot lifted on top of the kunai (issue 38's posts).
        let anchor = d
            .piles
            .tiles
            .iter()
            .find(|t| t.face.big == "4-4-8" && (t.anchor.x - base.x).abs() < 1e-3)
            .map(|t| t.anchor)
            .expect("jp3 drawn");
        let veil = heights(&d, anchor, "?");
        let squad = heights(&d, anchor, "4-4-8");
        assert_eq!(veil.len(), 1, "one \"?\" in T5 for the 9-1");
        assert_eq!(
            heights(&d, anchor, "9-1").len(),
            0,
            "the 9-1 is under its \"?\""
        );
        assert!(squad[0] > veil[0], "jp3 {squad:?} over the \"?\" {veil:?}");
        let dc: Vec<f32> = d
            .piles
            .tiles
            .iter()
            .filter(|t| t.face.big == "DC" && (t.anchor - anchor).length() < 1e-3)
            .map(|t| t.at.y)
            .collect();
        assert_eq!(dc.len(), 1);
        assert!(
            dc[0] > veil[0] && dc[0] < squad[0],
            "the DC {dc:?} between the \"?\" {veil:?} and jp3 {squad:?}"
        );
        // The Japanese view: both faces, jpL's small "?" on his counter.
        let mut d = Drawn::default();
        draw_units(&mut d, &board, &live, &settings(Some(Side::Japanese)));
        assert_eq!(heights(&d, anchor, "9-1").len(), 1);
    }

    /// The spots of the tiles whose big print is `big`.
    fn spots(d: &Drawn, big: &str) -> Vec<Vec3> {
        d.piles
            .tiles
            .iter()
            .filter(|t| t.face.big == big)
            .map(|t| t.at)
            .collect()
    }

    #[test]
    fn a12_an_enemy_question_mark_sharing_a_location_lies_beside_the_player_s_pile() {
        // A window trial at night: an American squad entered the kunai of T5, where the
        // Japanese "?" stood; the "?" was drawn under the 7-6-8 and seen only in the stack
        // list. Each side's pile now lies beside the other's, the view's own to the west.
        let (board, mut live, t5) = assault();
        // us5, the other 6-6-7, waits in U4: out of this test's counts.
        live.units.retain(|u| u.unit.id != "us5");
        for u in live.units.iter_mut() {
            if u.unit.id == "us3" {
                u.at = t5.clone();
            }
        }
        let base = counter_point(&board.scenario.map, &board.caves, &t5).unwrap();
        let mut d = Drawn::default();
        draw_units(&mut d, &board, &live, &settings(Some(Side::Allied)));
        let (veil, squad) = (spots(&d, "?"), spots(&d, "6-6-7"));
        assert_eq!((veil.len(), squad.len()), (1, 1), "{veil:?} {squad:?}");
        assert!(
            (veil[0].x - squad[0].x).abs() >= COUNTER_SIDE * 0.99,
            "side by side: the \"?\" {veil:?}, us3 {squad:?}"
        );
        assert!(squad[0].x < base.x && veil[0].x > base.x, "the Allies west");
        assert!(
            (veil[0].y - squad[0].y).abs() < 1e-3,
            "both at the bottom of their piles"
        );
        // The Japanese view: its own pile (4-4-8, 9-1) to the west, the American east.
        let mut d = Drawn::default();
        draw_units(&mut d, &board, &live, &settings(Some(Side::Japanese)));
        let in_t5 = |big: &str| -> Vec<Vec3> {
            d.piles
                .tiles
                .iter()
                .filter(|t| t.face.big == big && (t.anchor.z - base.z).abs() < 0.2)
                .filter(|t| (t.anchor.x - base.x).abs() < COUNTER_SIDE)
                .map(|t| t.at)
                .collect()
        };
        let (jp3, us3) = (in_t5("4-4-8"), in_t5("6-6-7"));
        assert_eq!((jp3.len(), us3.len()), (1, 1), "{jp3:?} {us3:?}");
        assert!(jp3[0].x < base.x && us3[0].x > base.x);

        // A hidden enemy moves no pile (it would give it away, A12): us3 alone with hidden
        // Japanese lies on the spot.
        for u in live.units.iter_mut().filter(|u| u.at == t5) {
            if u.unit.id != "us3" {
                u.hidden = true;
            }
        }
        let mut d = Drawn::default();
        draw_units(&mut d, &board, &live, &settings(Some(Side::Allied)));
        assert!((spots(&d, "6-6-7")[0].x - base.x).abs() < 1e-3);
        assert!(spots(&d, "?").is_empty());
    }
}
