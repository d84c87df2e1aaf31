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
use super::geometry::{LEVEL_HEIGHT, at, centre, ground};
use super::mesh::MeshData;
use super::pick::Pickables;
use super::place::{climb_spot, location_point, opening};
use super::{Pick, ViewSettings, ViewSystems};
use crate::counters::Nationality;
use crate::los::Location;
use crate::scenario::SmokeKind;
use crate::sim::live::{Live, UnitView};
use crate::sim::watch::PieceChanges;
use crate::sim::{Board, Climb};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<CountersStale>().add_systems(
        Update,
        (watch_pieces, draw_counters)
            .chain()
            .in_set(ViewSystems::Draw),
    );
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

fn unit_colour(u: &UnitView) -> [f32; 3] {
    let base = match u.unit.nationality {
        Nationality::Japanese => [0.95, 0.78, 0.30],
        _ => [0.48, 0.58, 0.30],
    };
    if u.unit.hero.is_some() {
        [0.98, 0.85, 0.15]
    } else if u.unit.broken {
        base.map(|x| x * 0.55)
    } else {
        base
    }
}

fn draw_counters(world: &mut World) {
    if !world.resource::<CountersStale>().0 {
        return;
    }
    world.resource_mut::<CountersStale>().0 = false;
    let live = Live::read(world);
    let settings = world.resource::<ViewSettings>().clone();
    let mut q = world.query::<&Climb>();
    let mut climbs: Vec<Climb> = q.iter(world).cloned().collect();
    climbs.sort_by(|a, b| a.unit.cmp(&b.unit));
    let board = world.resource::<Board>().clone();
    let palette = world.resource::<Palette>().clone();
    let map = &board.scenario.map;
    let mut solid = MeshData::new();
    let mut glass = MeshData::new();
    let mut picks = Vec::new();
    let mut unit_at = HashMap::new();
    // Climb counters (B11.4): a small grey tile on the face.
    for c in &climbs {
        let p = climb_spot(c.hex, c.level, c.vertex);
        solid.boxy(p - Vec3::Y * 0.02, [0.07, 0.07], 0.02, [0.85, 0.85, 0.85]);
    }
    // Units, stacked per Location.
    let mut stacks: HashMap<&Location, usize> = HashMap::new();
    for u in &live.units {
        if !shown(&settings, u.unit.side(), u.hidden) {
            continue;
        }
        let Some(base) = location_point(map, &board.caves, &u.at) else {
            continue;
        };
        let n = stacks.entry(&u.at).or_insert(0);
        let k = *n as f32;
        *n += 1;
        let p = base + Vec3::new(0.05 * k, 0.015 + 0.05 * k, -0.05 * k);
        let mesh = if u.hidden { &mut glass } else { &mut solid };
        mesh.alpha = if u.hidden { 0.5 } else { 1.0 };
        mesh.boxy(p, [0.11, 0.11], 0.04, unit_colour(u));
        mesh.alpha = 1.0;
        if u.concealed || u.cloaked {
            solid.boxy(p + Vec3::Y * 0.04, [0.09, 0.09], 0.02, [0.25, 0.25, 0.28]);
        }
        picks.push((Pick::Unit(u.unit.id.clone()), p + Vec3::Y * 0.03, 0.14));
        unit_at.insert(u.unit.id.clone(), u.at.clone());
    }
    // SMOKE: grey volumes two levels tall; WP whiter; dispersed fainter.
    for (at_, kind, dispersed) in &live.smoke {
        let rgb = match kind {
            SmokeKind::WhitePhosphorus | SmokeKind::WpGrenade => [0.95, 0.95, 0.95],
            _ => [0.62, 0.62, 0.64],
        };
        glass.alpha = if *dispersed { 0.22 } else { 0.42 };
        match at_ {
            Location::Cave(id) => {
                if let Some(cave) = board.caves.cave(id) {
                    let o = opening(cave);
                    let c = Vec3::new(o.centre.x, o.floor, o.centre.z) + o.out * 0.06;
                    glass.prism(c, 0.12, o.tall * 1.2, 6, rgb);
                }
            }
            other => {
                if let Some(p) = location_point(map, &board.caves, other) {
                    glass.prism(p, 0.38, 2.0 * LEVEL_HEIGHT, 6, rgb);
                }
            }
        }
    }
    glass.alpha = 1.0;
    // Fires: Blazes as tall flames, Flames as small ones.
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
    }
    for h in &live.flames {
        let c = at(centre(*h), fire_at(*h));
        solid.cone(c, 0.1, LEVEL_HEIGHT * 0.8, 6, [1.0, 0.6, 0.1]);
    }
    // Starshells and IR rounds: bright stars over their hex.
    for (hexes, rgb, up) in [
        (&live.starshells, [1.0, 1.0, 0.95], 1.6),
        (&live.irs, [0.85, 0.92, 1.0], 2.1),
    ] {
        for h in hexes {
            let c = at(centre(*h), fire_at(*h) + up);
            solid.cone(c, 0.12, 0.14, 4, rgb);
            solid.cone(c, 0.12, -0.14, 4, rgb);
        }
    }
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
    let mut pickables = world.resource_mut::<Pickables>();
    pickables.counters = picks;
    pickables.unit_at = unit_at;
    world.resource_mut::<SceneReady>().counters = true;
}
