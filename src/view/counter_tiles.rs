//! Counter tiles: the plate every counter and marker is drawn on (its face painted once per
//! face), how counters pile on a spot so each shows an edge, and the sizes of counters and
//! markers; `counters` draws the units and markers with them.

use std::collections::HashMap;

use bevy::prelude::*;

use super::counter_art::{self, Face};

/// A counter whose print turns to face the camera's heading (as a player turns the board to
/// read it): the counter turns about `anchor` (its unit's spot), where it lies at `offset` when
/// the camera looks from the south, so a stack and its markers turn together.
#[derive(Component)]
pub(super) struct FacesCamera {
    pub(super) anchor: Vec3,
    pub(super) offset: Vec3,
}

/// The thickness of a counter.
const THICK: f32 = 0.028;
/// A squad counter's side (a hex is 1 across its flats: an ASL counter covers about half).
pub(super) const COUNTER_SIDE: f32 = 0.44;
/// A marker's side (SMOKE, Blaze, Climb, Starshell, IR).
pub const MARKER_SIDE: f32 = 0.3;
/// How far each side's pile lies from the spot of a Location both sides' units share: the two
/// touch at the spot and stay inside the hex.
pub(super) const SIDE_BY_SIDE: f32 = COUNTER_SIDE * 0.5;

/// One counter to draw: its face, the centre of its bottom, its side, and whether it is drawn
/// see-through (a hidden unit, shown only in its owner's view).
pub(super) struct Tile {
    pub(super) face: Face,
    pub(super) at: Vec3,
    pub(super) anchor: Vec3,
    pub(super) side: f32,
    pub(super) ghost: bool,
}

/// Counters piled on one spot: each a little higher and to the north-east of the one below, as
/// a stack of counters lies on a board, so every one shows an edge.
#[derive(Default)]
pub(super) struct Piles {
    heights: HashMap<[i32; 3], usize>,
    pub(super) tiles: Vec<Tile>,
    /// What the next counters turn about (a unit's spot, for its markers), else their own spot.
    pub(super) anchor: Option<Vec3>,
}

impl Piles {
    /// The next counter on the pile at `base` lies one counter higher (over a counter put
    /// beside it and reaching under it).
    pub(super) fn lift(&mut self, base: Vec3) {
        let key = (base * 1000.0).round().as_ivec3().to_array();
        *self.heights.entry(key).or_insert(0) += 1;
    }

    /// The pile at `beside` starts no lower than the one at `base` (a unit's support weapon,
    /// put beside and under it, over what already lies at its spot: the "?" of its Location).
    pub(super) fn level_with(&mut self, beside: Vec3, base: Vec3) {
        let key = |p: Vec3| (p * 1000.0).round().as_ivec3().to_array();
        let under = self.heights.get(&key(base)).copied().unwrap_or(0);
        let n = self.heights.entry(key(beside)).or_insert(0);
        *n = (*n).max(under);
    }

    /// Puts `face` on the pile at `base`; returns the centre of its top.
    pub(super) fn put(&mut self, base: Vec3, face: Face, side: f32, ghost: bool) -> Vec3 {
        let key = (base * 1000.0).round().as_ivec3().to_array();
        let n = self.heights.entry(key).or_insert(0);
        let k = *n as f32;
        *n += 1;
        let at = base + Vec3::new(0.045 * k, 0.004 + THICK * k, -0.045 * k);
        self.tiles.push(Tile {
            face,
            at,
            anchor: self.anchor.unwrap_or(base),
            side,
            ghost,
        });
        at + Vec3::Y * THICK
    }
}

/// The textures made so far, one material per face (a face is painted once), and the counter
/// mesh they share.
#[derive(Resource, Default)]
pub(super) struct FaceMaterials {
    plate: Option<Handle<Mesh>>,
    made: HashMap<(Face, bool), Handle<StandardMaterial>>,
}

/// A counter of side 1 and thickness 1, its bottom at the origin: the face on top (the picture's
/// top row toward the board's north, -z), its edges in the colour of the picture's frame.
fn plate_mesh() -> Mesh {
    use bevy::asset::RenderAssetUsages;
    use bevy::mesh::{Indices, PrimitiveTopology};
    let mut positions = Vec::new();
    let mut normals = Vec::new();
    let mut uvs = Vec::new();
    let mut indices = Vec::new();
    let mut face = |corners: [[f32; 3]; 4], normal: [f32; 3], uv: [[f32; 2]; 4]| {
        let first = positions.len() as u32;
        positions.extend(corners);
        normals.extend([normal; 4]);
        uvs.extend(uv);
        indices.extend([first, first + 1, first + 2, first, first + 2, first + 3]);
    };
    let edge = [[0.01, 0.01]; 4];
    // Top: (-x,-z) is the picture's top left.
    face(
        [
            [-0.5, 1.0, -0.5],
            [-0.5, 1.0, 0.5],
            [0.5, 1.0, 0.5],
            [0.5, 1.0, -0.5],
        ],
        [0.0, 1.0, 0.0],
        [[0.0, 0.0], [0.0, 1.0], [1.0, 1.0], [1.0, 0.0]],
    );
    for (n, a, b) in [
        ([1.0, 0.0, 0.0], [0.5, -0.5], [0.5, 0.5]),
        ([-1.0, 0.0, 0.0], [-0.5, 0.5], [-0.5, -0.5]),
        ([0.0, 0.0, 1.0], [0.5, 0.5], [-0.5, 0.5]),
        ([0.0, 0.0, -1.0], [-0.5, -0.5], [0.5, -0.5]),
    ] {
        face(
            [
                [a[0], 0.0, a[1]],
                [a[0], 1.0, a[1]],
                [b[0], 1.0, b[1]],
                [b[0], 0.0, b[1]],
            ],
            n,
            edge,
        );
    }
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::default(),
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
    .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, normals)
    .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, uvs)
    .with_inserted_indices(Indices::U32(indices))
}

/// The material showing `face` (made once).
fn face_material(world: &mut World, face: &Face, ghost: bool) -> Handle<StandardMaterial> {
    use bevy::asset::RenderAssetUsages;
    use bevy::image::{ImageFilterMode, ImageSampler, ImageSamplerDescriptor};
    use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
    if let Some(h) = world
        .resource::<FaceMaterials>()
        .made
        .get(&(face.clone(), ghost))
    {
        return h.clone();
    }
    let (data, levels) = counter_art::mip_chain(&counter_art::paint(face));
    let size = Extent3d {
        width: counter_art::FACE_PX,
        height: counter_art::FACE_PX,
        depth_or_array_layers: 1,
    };
    let mut image = Image::new_uninit(
        size,
        TextureDimension::D2,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD,
    );
    image.data = Some(data);
    image.texture_descriptor.mip_level_count = levels;
    image.sampler = ImageSampler::Descriptor(ImageSamplerDescriptor {
        mag_filter: ImageFilterMode::Linear,
        min_filter: ImageFilterMode::Linear,
        mipmap_filter: ImageFilterMode::Linear,
        anisotropy_clamp: 8,
        ..default()
    });
    let texture = world.resource_mut::<Assets<Image>>().add(image);
    let material = world
        .resource_mut::<Assets<StandardMaterial>>()
        .add(StandardMaterial {
            base_color: Color::srgba(1.0, 1.0, 1.0, if ghost { 0.55 } else { 1.0 }),
            base_color_texture: Some(texture),
            unlit: true,
            alpha_mode: if ghost {
                AlphaMode::Blend
            } else {
                AlphaMode::Opaque
            },
            ..default()
        });
    world
        .resource_mut::<FaceMaterials>()
        .made
        .insert((face.clone(), ghost), material.clone());
    material
}

/// Where a hex's markers (SMOKE, Blaze, Flame) lie: toward its south-west corner, clear of the
/// units in its middle.
pub(super) const HEX_MARKER_OFFSET: Vec3 = Vec3::new(-0.24, 0.0, 0.2);

/// Spawns one counter showing `face` with its bottom's centre at `at`, `side` wide, turning
/// with the camera about `anchor`, see-through if `ghost`, tagged with `tag`.
#[allow(clippy::too_many_arguments)]
pub fn spawn_tile(
    world: &mut World,
    face: &Face,
    at: Vec3,
    anchor: Vec3,
    side: f32,
    ghost: bool,
    tag: impl Bundle,
) -> Entity {
    let plate = match world.resource::<FaceMaterials>().plate.clone() {
        Some(p) => p,
        None => {
            let p = world.resource_mut::<Assets<Mesh>>().add(plate_mesh());
            world.resource_mut::<FaceMaterials>().plate = Some(p.clone());
            p
        }
    };
    let material = face_material(world, face, ghost);
    world
        .spawn((
            tag,
            FacesCamera {
                anchor,
                offset: at - anchor,
            },
            Mesh3d(plate),
            MeshMaterial3d(material),
            Transform::from_translation(at).with_scale(Vec3::new(side, THICK, side)),
        ))
        .id()
}

/// The grey of markers (Climb, SMOKE).
pub const GREY: [u8; 3] = [214, 214, 206];
