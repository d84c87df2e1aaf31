//! Caves: a dark opening on the face of the CA Hexside at the cave's own level (G11.1, G11.11;
//! an Upper-Cliff cave, G11.113, opens above the Entrance Hex's ground), caves IN a Depression
//! low in its wall; hidden caves (G11.3) drawn only in the Japanese (or everyone's) view; the
//! selected cave's Covered Arc (G11.12) as a translucent wedge on the hexes it covers; an
//! eliminated cave (G11.88) keeps a marker: its mouth filled with rubble, crossed out.

use bevy::prelude::*;

use super::board::Palette;
use super::geometry::{at, centre, corner, ground};
use super::mesh::MeshData;
use super::pick::Pickables;
use super::place::{Opening, opening};
use super::shared::{Pick, Selected, ViewSettings, ViewSystems};
use crate::hex::Point3;
use crate::rules::caves::sight::in_covered_arc;
use crate::scenario::Side;
use crate::sim::watch::CaveChanges;
use crate::sim::{Board, CaveCounter, Hidden, Illuminated};

/// How far the Covered Arc is drawn (hexes).
const ARC_RANGE: u32 = 12;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, draw_caves.in_set(ViewSystems::Draw));
}

#[derive(Component)]
struct CaveVisual;

/// Whether hidden things of `owner` are shown in this view.
pub fn shown(settings: &ViewSettings, owner: Side, hidden: bool) -> bool {
    !hidden || settings.side.is_none_or(|s| s == owner)
}

fn mouth(m: &mut MeshData, o: &Opening, rgb: [f32; 3], frame: [f32; 3]) {
    let (w, t) = (o.width / 2.0, o.tall);
    let base = Vec3::new(o.centre.x, o.floor, o.centre.z);
    let quad = |m: &mut MeshData, w: f32, lo: f32, hi: f32, push: f32, c: [f32; 3]| {
        let b = base + o.out * push;
        m.wall(
            b - o.across * w + Vec3::Y * hi,
            b + o.across * w + Vec3::Y * hi,
            b + o.across * w + Vec3::Y * lo,
            b - o.across * w + Vec3::Y * lo,
            o.out,
            c,
        );
    };
    quad(m, w + 0.03, 0.0, t + 0.03, 0.008, frame);
    quad(m, w, 0.0, t, 0.016, rgb);
}

/// G11.88: an eliminated cave's mouth, filled with rubble and crossed out in red.
fn rubble(m: &mut MeshData, o: &Opening) {
    mouth(m, o, [0.42, 0.38, 0.34], [0.30, 0.28, 0.26]);
    let base = Vec3::new(o.centre.x, o.floor, o.centre.z) + o.out * 0.03;
    let (w, t) = (o.width / 2.0, o.tall);
    let bar = 0.025;
    let red = [0.80, 0.12, 0.10];
    for (a, b) in [
        (base - o.across * w, base + o.across * w + Vec3::Y * t),
        (base + o.across * w, base - o.across * w + Vec3::Y * t),
    ] {
        let up = Vec3::Y * bar;
        m.wall(a + up, b + up, b - up, a - up, o.out, red);
    }
}

#[allow(clippy::too_many_arguments)]
fn draw_caves(
    mut commands: Commands,
    board: Res<Board>,
    settings: Res<ViewSettings>,
    selected: Res<Selected>,
    palette: Res<Palette>,
    mut changes: CaveChanges,
    caves: Query<(&CaveCounter, Has<Hidden>, Has<Illuminated>)>,
    old: Query<Entity, With<CaveVisual>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut pickables: ResMut<Pickables>,
) {
    // A cave changed (revealed, lit, eliminated), or whose hidden caves are shown, or the
    // selection (its Covered Arc).
    if !changes.any() && !settings.is_changed() && !selected.is_changed() {
        return;
    }
    let mut state: Vec<(String, bool, bool)> =
        caves.iter().map(|(c, h, l)| (c.id.clone(), h, l)).collect();
    state.sort();
    for e in &old {
        commands.entity(e).despawn();
    }
    let map = &board.scenario.map;
    let mut m = MeshData::new();
    pickables.caves.clear();
    for (id, hidden, lit) in &state {
        if !shown(&settings, Side::Japanese, *hidden) {
            continue;
        }
        let Some(cave) = board.caves.cave(id) else {
            continue;
        };
        let o = opening(cave);
        // G11.96: a lit cave shows a warm mouth; a hidden one a sandy frame.
        let hole = if *lit {
            [0.45, 0.25, 0.10]
        } else {
            [0.03, 0.02, 0.02]
        };
        let frame = if *hidden {
            [0.80, 0.70, 0.45]
        } else {
            [0.60, 0.58, 0.55]
        };
        mouth(&mut m, &o, hole, frame);
        pickables
            .caves
            .push((Pick::Cave(id.clone()), o.centre + o.out * 0.03, 0.16));
    }
    // G11.88: a cave the board set up that the world no longer holds was eliminated; its mark
    // stays, for everyone.
    pickables.eliminated.clear();
    for cave in &board.caves.caves {
        if state.iter().any(|(id, ..)| id == &cave.id) {
            continue;
        }
        let o = opening(cave);
        rubble(&mut m, &o);
        pickables.eliminated.push(cave.id.clone());
        pickables
            .caves
            .push((Pick::Cave(cave.id.clone()), o.centre + o.out * 0.03, 0.16));
    }
    if m.triangles() > 0 {
        commands.spawn((
            CaveVisual,
            Mesh3d(meshes.add(m.to_mesh())),
            MeshMaterial3d(palette.opaque.clone()),
        ));
    }
    // The selected cave's Covered Arc, hex by hex, on the ground.
    if let Some(Pick::Cave(id)) = &selected.0
        && let Some(cave) = board.caves.cave(id)
        && !pickables.eliminated.contains(id)
    {
        let mut arc = MeshData::new();
        arc.alpha = 0.38;
        for d in map.hexes() {
            if d.hex.distance(cave.hex) > ARC_RANGE
                || !in_covered_arc(cave, d.hex, Point3::center(d.hex))
            {
                continue;
            }
            let y = ground(d) + 0.03;
            let c = centre(d.hex);
            for i in 0..6 {
                let p = c + (corner(d.hex, i) - c) * 0.92;
                let q = c + (corner(d.hex, (i + 1) % 6) - c) * 0.92;
                arc.tri(at(c, y), at(p, y), at(q, y), [1.0, 0.55, 0.10]);
            }
        }
        commands.spawn((
            CaveVisual,
            Mesh3d(meshes.add(arc.to_mesh())),
            MeshMaterial3d(palette.translucent.clone()),
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::Scenario;

    #[test]
    fn g11_88_an_eliminated_cave_keeps_a_marker_that_can_be_clicked() {
        let s = Scenario::builtin();
        let (caves, _) = s.cave_system();
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .init_resource::<Assets<Mesh>>()
            .init_resource::<Selected>()
            .init_resource::<Pickables>()
            .insert_resource(Board {
                scenario: std::sync::Arc::new(s),
                caves: caves.clone(),
            })
            .insert_resource(ViewSettings::for_tests(None, None))
            .insert_resource(Palette {
                opaque: Handle::default(),
                translucent: Handle::default(),
            })
            .add_systems(Update, draw_caves);
        // Every cave stands but G, eliminated with its contents.
        for c in caves.caves.iter().filter(|c| c.id != "G") {
            app.world_mut().spawn(CaveCounter { id: c.id.clone() });
        }
        app.update();
        let p = app.world().resource::<Pickables>();
        assert_eq!(p.eliminated, vec!["G".to_string()]);
        // Its mark is still there to click (the inspector says it was eliminated), as every
        // standing cave's is.
        for c in &caves.caves {
            assert!(
                p.caves
                    .iter()
                    .any(|(pick, ..)| *pick == Pick::Cave(c.id.clone())),
                "{}",
                c.id
            );
        }
    }
}
