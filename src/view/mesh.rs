//! A flat-shaded triangle soup with baked vertex colours, built as plain data (so it is tested
//! without a GPU) and turned into one Bevy `Mesh` per board: the frame cost does not grow with
//! the number of hexes.

use bevy::asset::RenderAssetUsages;
use bevy::math::Vec3;
use bevy::mesh::{Indices, Mesh, PrimitiveTopology};

use super::shade::{HexLight, shade};

/// Triangles with one normal and one colour per face.
#[derive(Clone, Debug, Default)]
pub struct MeshData {
    pub positions: Vec<[f32; 3]>,
    pub normals: Vec<[f32; 3]>,
    pub colors: Vec<[f32; 4]>,
    /// The light the next faces are shaded with.
    pub light: Option<HexLight>,
    /// The opacity of the next faces (drawn with a blending material when below 1).
    pub alpha: f32,
}

impl MeshData {
    pub fn new() -> MeshData {
        MeshData {
            alpha: 1.0,
            ..MeshData::default()
        }
    }

    /// The number of triangles.
    pub fn triangles(&self) -> usize {
        self.positions.len() / 3
    }

    fn colour(&self, rgb: [f32; 3], n: Vec3) -> [f32; 4] {
        let mut c = match self.light {
            Some(l) => shade(rgb, n, l),
            None => [rgb[0], rgb[1], rgb[2], 1.0],
        };
        c[3] = self.alpha;
        c
    }

    /// A triangle of base colour `rgb`, shaded with the current light.
    pub fn tri(&mut self, a: Vec3, b: Vec3, c: Vec3, rgb: [f32; 3]) {
        let mut n = (b - a).cross(c - a).normalize_or_zero();
        // Faces are drawn from both sides; shade the side that looks up or out.
        if n.y < -1e-4 {
            n = -n;
        }
        let col = self.colour(rgb, n);
        self.push(a, b, c, n, col);
    }

    /// A triangle with a colour as is (no shading), e.g. a hatch line.
    pub fn tri_flat(&mut self, a: Vec3, b: Vec3, c: Vec3, rgba: [f32; 4]) {
        self.push(a, b, c, Vec3::Y, rgba);
    }

    fn push(&mut self, a: Vec3, b: Vec3, c: Vec3, n: Vec3, col: [f32; 4]) {
        // Colours are chosen as sRGB; the vertex attribute is linear.
        let col = to_linear(col);
        for p in [a, b, c] {
            self.positions.push(p.to_array());
            self.normals.push(n.to_array());
            self.colors.push(col);
        }
    }

    /// A quad a-b-c-d (in order around its edge).
    pub fn quad(&mut self, a: Vec3, b: Vec3, c: Vec3, d: Vec3, rgb: [f32; 3]) {
        self.tri(a, b, c, rgb);
        self.tri(a, c, d, rgb);
    }

    /// A vertical wall facing `out` (its normal), from the top edge `t0`-`t1` down to `b0`-`b1`.
    pub fn wall(&mut self, t0: Vec3, t1: Vec3, b1: Vec3, b0: Vec3, out: Vec3, rgb: [f32; 3]) {
        let col = self.colour(rgb, out);
        self.push(t0, t1, b1, out, col);
        self.push(t0, b1, b0, out, col);
    }

    /// An upright cone (a `sides`-sided pyramid) standing on `base`.
    pub fn cone(&mut self, base: Vec3, radius: f32, h: f32, sides: usize, rgb: [f32; 3]) {
        let apex = base + Vec3::Y * h;
        for i in 0..sides {
            let (p, q) = (
                ring(base, radius, i, sides),
                ring(base, radius, i + 1, sides),
            );
            self.tri(p, q, apex, rgb);
        }
    }

    /// An upright prism standing on `base` (sides and top).
    pub fn prism(&mut self, base: Vec3, radius: f32, h: f32, sides: usize, rgb: [f32; 3]) {
        let up = Vec3::Y * h;
        for i in 0..sides {
            let (p, q) = (
                ring(base, radius, i, sides),
                ring(base, radius, i + 1, sides),
            );
            let out = ((p + q) / 2.0 - base).normalize_or_zero();
            self.wall(p + up, q + up, q, p, out, rgb);
            self.tri(base + up, p + up, q + up, rgb);
        }
    }

    /// An axis-aligned box standing on `base`, `half` wide in x and z, `h` tall.
    pub fn boxy(&mut self, base: Vec3, half: [f32; 2], h: f32, rgb: [f32; 3]) {
        let [hx, hz] = half;
        let c = [
            base + Vec3::new(-hx, 0.0, -hz),
            base + Vec3::new(hx, 0.0, -hz),
            base + Vec3::new(hx, 0.0, hz),
            base + Vec3::new(-hx, 0.0, hz),
        ];
        let up = Vec3::Y * h;
        for i in 0..4 {
            let (p, q) = (c[i], c[(i + 1) % 4]);
            let out = ((p + q) / 2.0 - base).normalize_or_zero();
            self.wall(p + up, q + up, q, p, out, rgb);
        }
        self.quad(c[0] + up, c[1] + up, c[2] + up, c[3] + up, rgb);
    }

    /// Appends another mesh.
    pub fn extend(&mut self, other: &MeshData) {
        self.positions.extend_from_slice(&other.positions);
        self.normals.extend_from_slice(&other.normals);
        self.colors.extend_from_slice(&other.colors);
    }

    /// The Bevy mesh (a triangle list; kept in main-world memory too, so it can be rebuilt).
    pub fn to_mesh(&self) -> Mesh {
        let (positions, colors, indices) = self.shared_vertices();
        // The materials are unlit (the light is baked into the colours): no normals needed.
        Mesh::new(
            PrimitiveTopology::TriangleList,
            RenderAssetUsages::default(),
        )
        .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
        .with_inserted_attribute(Mesh::ATTRIBUTE_COLOR, colors)
        .with_inserted_indices(Indices::U32(indices))
    }

    /// The triangles as an indexed list in which corners with the same position and colour
    /// are one vertex: a hex top's six triangles share seven vertices instead of eighteen, so
    /// a renderer that shades each vertex once (lavapipe does it on the CPU) does a third of
    /// the work there.
    pub fn shared_vertices(&self) -> (Vec<[f32; 3]>, Vec<[f32; 4]>, Vec<u32>) {
        let mut seen: std::collections::HashMap<[u32; 7], u32> =
            std::collections::HashMap::with_capacity(self.positions.len() / 2);
        let mut positions = Vec::new();
        let mut colors = Vec::new();
        let mut indices = Vec::with_capacity(self.positions.len());
        for (p, c) in self.positions.iter().zip(&self.colors) {
            let key = [
                p[0].to_bits(),
                p[1].to_bits(),
                p[2].to_bits(),
                c[0].to_bits(),
                c[1].to_bits(),
                c[2].to_bits(),
                c[3].to_bits(),
            ];
            let i = *seen.entry(key).or_insert_with(|| {
                positions.push(*p);
                colors.push(*c);
                (positions.len() - 1) as u32
            });
            indices.push(i);
        }
        (positions, colors, indices)
    }
}

/// An sRGB colour as linear RGB (alpha unchanged).
pub fn to_linear(c: [f32; 4]) -> [f32; 4] {
    let f = |x: f32| {
        if x <= 0.04045 {
            x / 12.92
        } else {
            ((x + 0.055) / 1.055).powf(2.4)
        }
    };
    [f(c[0]), f(c[1]), f(c[2]), c[3]]
}

/// Point `i` of a `sides`-gon of `radius` around `c` (on the horizontal plane).
pub fn ring(c: Vec3, radius: f32, i: usize, sides: usize) -> Vec3 {
    let a = std::f32::consts::TAU * (i % sides) as f32 / sides as f32;
    c + Vec3::new(a.cos() * radius, 0.0, a.sin() * radius)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flat_hexagon_of_six_triangles_shares_seven_vertices() {
        let mut m = MeshData::new();
        let c = Vec3::ZERO;
        let corner = |i: usize| {
            let a = std::f32::consts::FRAC_PI_3 * i as f32;
            Vec3::new(a.cos(), 0.0, a.sin())
        };
        for i in 0..6 {
            m.tri(c, corner(i), corner((i + 1) % 6), [0.5, 0.5, 0.5]);
        }
        let (positions, colors, indices) = m.shared_vertices();
        assert_eq!((positions.len(), colors.len(), indices.len()), (7, 7, 18));
        // Every triangle still has its three corners, in order.
        for (k, tri) in indices.chunks(3).enumerate() {
            let got: Vec<[f32; 3]> = tri.iter().map(|&i| positions[i as usize]).collect();
            assert_eq!(got, m.positions[3 * k..3 * k + 3].to_vec());
        }
        // A corner of another colour is not shared.
        m.tri(c, corner(0), corner(1), [0.9, 0.1, 0.1]);
        assert_eq!(m.shared_vertices().0.len(), 10);
    }

    #[test]
    fn faces_are_shaded_with_the_current_light_and_counted() {
        let mut m = MeshData::new();
        m.light = Some(HexLight::Day);
        m.quad(
            Vec3::ZERO,
            Vec3::X,
            Vec3::new(1.0, 0.0, 1.0),
            Vec3::Z,
            [1.0, 1.0, 1.0],
        );
        m.cone(Vec3::ZERO, 0.1, 0.3, 6, [0.0, 1.0, 0.0]);
        assert_eq!(m.triangles(), 2 + 6);
        // A face drawn clockwise from above is still shaded as looking up.
        assert!(m.normals[0][1] > 0.99);
        // Still 24 corners, but the quad's two triangles share two of them.
        let mesh = m.to_mesh();
        assert_eq!(mesh.indices().map(|i| i.len()), Some(24));
        assert!(mesh.count_vertices() < 24, "{}", mesh.count_vertices());
    }
}
