//! What a Location sees (issue 17): with "Sees" ticked in the LOS panel, or while V is held,
//! the visibility field (`rules::sight::visibility_field`, on the live situation: SMOKE,
//! Blazes, the NVR, what is Illuminated now) of the selected unit's Location, else of the hex
//! under the pointer, is drawn over the hex tops: clear LOS green, hindered yellow, seen only
//! because Illuminated (E1.101) white and ringed, beyond the NVR (E1.1) deep blue, blocked red.
//! It follows the pointer: the field is recomputed when its Location changes. `view --sees
//! LOCATION` starts with one Location's field drawn, whatever the pointer does.

use bevy::prelude::*;

use super::board::Palette;
use super::geometry::{at, centre, corner, ground};
use super::mesh::MeshData;
use super::pick::{Hovered, Pickables};
use super::shared::{Pick, Selected, ViewSystems};
use crate::los::Location;
use crate::rules::sight::{Class, Target, field_locations, visibility_field};
use crate::sim::Board;
use crate::sim::live::situation;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SeesTool>()
        .add_systems(Update, (follow, draw).chain().in_set(ViewSystems::Draw));
}

/// The Sees tool's state.
#[derive(Resource, Default, Debug)]
pub struct SeesTool {
    /// Ticked in the LOS panel.
    pub on: bool,
    /// The Location `view --sees` named: its field is drawn whatever is selected or hovered.
    pub pinned: Option<Location>,
    /// The Location whose field is drawn, and the field: each ground Location's class.
    pub from: Option<Location>,
    pub field: Vec<(crate::hex::Hex, Class)>,
    /// How many Locations of each class (for the panel), in `Class::ALL`'s order.
    pub counts: Vec<(Class, usize)>,
    drawn: Option<Location>,
}

/// The colour and opacity each class is drawn with.
pub fn class_style(class: Class) -> ([f32; 3], f32) {
    match class {
        Class::Seen => ([0.25, 0.95, 0.35], 0.42),
        Class::Hindered => ([1.0, 0.86, 0.15], 0.5),
        Class::Lit => ([1.0, 1.0, 1.0], 0.6),
        Class::BeyondNvr => ([0.10, 0.14, 0.55], 0.6),
        Class::Blocked => ([0.85, 0.12, 0.10], 0.45),
    }
}

/// Which Location's field to show: the selected unit's, else the hovered hex's ground.
fn follow(world: &mut World) {
    let held = world
        .resource::<ButtonInput<KeyCode>>()
        .pressed(KeyCode::KeyV)
        && !world.resource::<super::shared::PointerOverUi>().0
        && !world
            .get_resource::<bevy_egui::input::EguiWantsInput>()
            .is_some_and(|w| w.wants_any_keyboard_input());
    let on = world.resource::<SeesTool>().on || held;
    let pinned = world.resource::<SeesTool>().pinned.clone();
    let from = if pinned.is_some() && world.resource::<SeesTool>().on {
        pinned
    } else if on {
        let selected = world.resource::<Selected>().0.clone();
        let pickables = world.resource::<Pickables>();
        match selected {
            Some(Pick::Unit(id)) => pickables.unit_at.get(&id).cloned(),
            _ => world.resource::<Hovered>().0.map(Location::Ground),
        }
    } else {
        None
    };
    let changed_situation = world.is_resource_changed::<crate::sim::Walk>()
        || world.is_resource_changed::<crate::sim::NightState>();
    let tool = world.resource::<SeesTool>();
    if tool.from == from && !(changed_situation && from.is_some()) {
        return;
    }
    let (field, counts) = match &from {
        Some(f) => field_of(world, f),
        None => (Vec::new(), Vec::new()),
    };
    let mut tool = world.resource_mut::<SeesTool>();
    tool.from = from;
    tool.field = field;
    tool.counts = counts;
    tool.drawn = None;
}

/// Each ground Location's class, and how many Locations of each class.
type FieldView = (Vec<(crate::hex::Hex, Class)>, Vec<(Class, usize)>);

/// The field of `from` on the live situation, kept for the ground Locations (one per hex).
fn field_of(world: &mut World, from: &Location) -> FieldView {
    let board = world.resource::<Board>().clone();
    // The situation read once: what is lit and where a Gunflash is (E1.101), as every ruling
    // reads them.
    let s = situation(world, &board);
    let targets: Vec<Target> = field_locations(&board.scenario.map, &s.caves)
        .into_iter()
        .map(|at| Target {
            illuminated: s.lit(&at),
            gunflash: s.gunflash_at(&at),
            at,
        })
        .collect();
    let Ok(seen) = visibility_field(&s.env(), &s.caves, from, &targets) else {
        return (Vec::new(), Vec::new());
    };
    let counts = Class::ALL
        .iter()
        .map(|c| (*c, seen.iter().filter(|s| s.class == *c).count()))
        .collect();
    let field = seen
        .iter()
        .filter_map(|s| match s.at {
            Location::Ground(h) => Some((h, s.class)),
            _ => None,
        })
        .collect();
    (field, counts)
}

#[derive(Component)]
struct SeesMesh;

/// The field over the hex tops: a translucent fill per class, a lit-only hex also ringed.
pub fn field_mesh(map: &crate::map::Map, field: &[(crate::hex::Hex, Class)]) -> MeshData {
    let mut m = MeshData::new();
    for (h, class) in field {
        let Some(d) = map.get(*h) else { continue };
        let y = ground(d) + 0.012;
        let c = centre(*h);
        let (rgb, alpha) = class_style(*class);
        m.alpha = alpha;
        for i in 0..6 {
            let (p, q) = (corner(*h, i), corner(*h, (i + 1) % 6));
            let (pi, qi) = (c + (p - c) * 0.86, c + (q - c) * 0.86);
            m.tri_flat(
                at(c, y),
                at(pi, y),
                at(qi, y),
                [rgb[0], rgb[1], rgb[2], alpha],
            );
            if *class == Class::Lit {
                // A ring at the rim: seen only because Illuminated.
                let ring = [1.0, 0.8, 0.3, 0.9];
                let (po, qo) = (c + (p - c) * 0.97, c + (q - c) * 0.97);
                m.tri_flat(at(pi, y), at(po, y), at(qo, y), ring);
                m.tri_flat(at(pi, y), at(qo, y), at(qi, y), ring);
            }
        }
    }
    m
}

fn draw(
    mut commands: Commands,
    mut tool: ResMut<SeesTool>,
    board: Res<Board>,
    palette: Res<Palette>,
    old: Query<Entity, With<SeesMesh>>,
    mut meshes: ResMut<Assets<Mesh>>,
) {
    if tool.drawn == tool.from && (tool.from.is_some() || old.is_empty()) {
        return;
    }
    for e in &old {
        commands.entity(e).despawn();
    }
    tool.drawn = tool.from.clone();
    if tool.field.is_empty() {
        return;
    }
    let data = field_mesh(&board.scenario.map, &tool.field);
    commands.spawn((
        SeesMesh,
        Mesh3d(meshes.add(data.to_mesh())),
        MeshMaterial3d(palette.translucent.clone()),
        Transform::IDENTITY,
    ));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_class_has_its_own_colour() {
        let colours: Vec<[u32; 3]> = Class::ALL
            .iter()
            .map(|c| class_style(*c).0.map(|x| (x * 100.0) as u32))
            .collect();
        for (i, a) in colours.iter().enumerate() {
            for b in &colours[i + 1..] {
                assert_ne!(a, b);
            }
        }
    }
}
