//! The faces of counters and markers as pictures: what is printed on an ASL counter (the unit's
//! factors big, its id small, "?" on a Concealment counter, a marker's name), drawn into an RGBA
//! image with the font Bevy ships (`ab_glyph` rasterizes it). Plain data, tested without a GPU;
//! `counters` turns each distinct face into one texture.

use std::sync::LazyLock;

use ab_glyph::{Font, FontRef, PxScale, ScaleFont};

use crate::counters::{Catalog, Kind, Nationality};
use crate::model::{FireMark, Unit};

/// A face's side in pixels (square): sharp at 2x resolution with the counter filling a quarter
/// of the screen's height.
pub const FACE_PX: u32 = 128;

/// The width of the frame around a face, in pixels: the counter's edge (its sides take this
/// colour).
const FRAME_PX: u32 = 5;

/// What one face shows.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Face {
    /// The counter's colour (sRGB).
    pub paper: [u8; 3],
    /// The print's colour.
    pub ink: [u8; 3],
    /// The edge's colour.
    pub frame: [u8; 3],
    /// The main print, as large as fits: `4-4-7`, `9-1`, `?`, `DM`, `SMOKE`.
    pub big: String,
    /// A small line above it (the unit's id), if any.
    pub top: Option<String>,
    /// A small line below it (`broken`, `Ldr`, `Hero`), if any.
    pub bottom: Option<String>,
    /// A broad diagonal band across the face (a broken unit's side), if any.
    pub band: Option<[u8; 3]>,
}

impl Face {
    /// A face with only `big` printed on it.
    pub fn plain(paper: [u8; 3], ink: [u8; 3], big: &str) -> Face {
        Face {
            paper,
            ink,
            frame: paper.map(|c| c / 2),
            big: big.to_string(),
            top: None,
            bottom: None,
            band: None,
        }
    }
}

/// A counter's paper by nationality, after the colours of the ASL counters (Japanese mustard
/// yellow, American olive drab, British khaki, ...).
pub fn paper(nationality: Nationality) -> [u8; 3] {
    match nationality {
        Nationality::Japanese => [226, 186, 66],
        Nationality::American => [132, 150, 84],
        Nationality::British | Nationality::Indian => [200, 172, 118],
        Nationality::Australian | Nationality::NewZealand => [186, 160, 104],
        Nationality::Chinese => [122, 158, 196],
        Nationality::Dutch => [222, 142, 62],
        Nationality::Filipino => [150, 178, 118],
        Nationality::Soviet => [160, 118, 78],
        #[allow(unreachable_patterns)]
        _ => [170, 170, 150],
    }
}

const BLACK: [u8; 3] = [16, 16, 16];
const WHITE: [u8; 3] = [245, 245, 240];

/// How big a counter is, as a share of a full-size (squad) counter: half-squads, crews and
/// single-man counters are drawn smaller, as their print is on the real counters.
pub fn size_of(unit: &Unit) -> f32 {
    match Catalog::get()
        .counter(unit.nationality, &unit.counter)
        .map(|c| c.kind)
    {
        Some(Kind::Squad) => 1.0,
        _ => 0.86,
    }
}

/// A unit's own counter: its factors as the catalog names them (a Step-Reduced unit's counter
/// is its Reduced side, so its new factors show), its id small above; a broken unit shows its
/// broken side (darker, a red band, "broken"); a leader says "Ldr", a hero "Hero".
pub fn unit_face(unit: &Unit) -> Face {
    let mut face = Face::plain(paper(unit.nationality), BLACK, &unit.counter);
    face.top = Some(unit.id.clone());
    let kind = Catalog::get()
        .counter(unit.nationality, &unit.counter)
        .map(|c| c.kind);
    face.bottom = match kind {
        Some(Kind::HalfSquad) => Some("HS".into()),
        Some(Kind::Crew) => Some("crew".into()),
        _ if unit.hero.is_some() => Some("Hero".into()),
        Some(Kind::Leader) => Some("Ldr".into()),
        None if Catalog::get().leaders.contains(&unit.counter) => Some("Ldr".into()),
        _ => None,
    };
    if unit.hero.is_some() {
        // G1.421: the counter is named "T-H Hero"; its factors are not in our sources.
        face.big = "T-H".into();
        face.frame = [200, 160, 20];
    }
    if unit.broken {
        face.paper = face.paper.map(|c| (f32::from(c) * 0.62) as u8);
        face.frame = face.paper.map(|c| c / 2);
        face.band = Some([150, 34, 26]);
        face.bottom = Some("broken".into());
    }
    face
}

/// The markers on a unit, bottom first, as ASL stacks them on its counter: DM, Pin, CX,
/// Berserk, Banzai, Battle Hardened, a Placed DC, Wound, the fire counter of the Player Turn.
pub fn marker_faces(unit: &Unit) -> Vec<Face> {
    let mut out = Vec::new();
    let red = [178, 36, 30];
    if unit.dm {
        out.push(Face::plain(red, WHITE, "DM"));
    }
    if unit.pinned {
        out.push(Face::plain(WHITE, BLACK, "PIN"));
    }
    if unit.cx {
        out.push(Face::plain(BLACK, WHITE, "CX"));
    }
    if unit.berserk {
        out.push(Face::plain(red, WHITE, "BERSERK"));
    }
    if unit.banzai.is_some() {
        // G1.5: the "Banzai" marker (G1.6: the unit is Lax for the Player Turn).
        out.push(Face::plain(WHITE, red, "BANZAI"));
    }
    if unit.hardened {
        out.push(Face::plain([40, 90, 40], WHITE, "HARDENED"));
    }
    if let Some(p) = &unit.placed_dc {
        // A23.3: its Placed (G11.8332: Set) DC waits for the AFPh.
        let name = if p.set.is_some() {
            "DC SET"
        } else {
            "DC PLACED"
        };
        out.push(Face::plain([230, 200, 40], BLACK, name));
    }
    if unit.wounded {
        out.push(Face::plain(WHITE, red, "WOUND"));
    }
    if let Some(mark) = unit.fired {
        let text = match mark {
            FireMark::PrepFire => "PREP FIRE",
            FireMark::FirstFire => "FIRST FIRE",
            FireMark::FinalFire => "FINAL FIRE",
            FireMark::AdvancingFire => "ADV FIRE",
            FireMark::BoundingFire => "FIRED",
        };
        let mut face = Face::plain([96, 96, 104], WHITE, text);
        face.frame = BLACK;
        out.push(face);
    }
    out
}

/// The support weapon a unit possesses, as its counter: a DC (A23, 30 FP).
pub fn support_weapon_face(unit: &Unit) -> Option<Face> {
    unit.dc.then(|| {
        let mut face = Face::plain([60, 60, 60], WHITE, "DC");
        face.bottom = Some("30 FP".into());
        face
    })
}

/// The Concealment counter (A12, E1.4 Cloaking) on a unit: a "?".
pub fn concealed_face() -> Face {
    Face::plain([44, 44, 50], WHITE, "?")
}

/// A marker's counter (Climb, SMOKE, Blaze, Starshell, IR): its name in black on `paper`.
pub fn marker_face(paper: [u8; 3], name: &str) -> Face {
    Face::plain(paper, BLACK, name)
}

static FONT: LazyLock<FontRef<'static>> = LazyLock::new(|| {
    FontRef::try_from_slice(bevy::text::DEFAULT_FONT_DATA).expect("Bevy's default font parses")
});

/// An RGBA picture of `FACE_PX` x `FACE_PX` pixels, rows top (the board's north) first.
pub struct Picture {
    pub rgba: Vec<u8>,
}

impl Picture {
    fn new(paper: [u8; 3]) -> Picture {
        let mut rgba = Vec::with_capacity((FACE_PX * FACE_PX * 4) as usize);
        for _ in 0..FACE_PX * FACE_PX {
            rgba.extend_from_slice(&[paper[0], paper[1], paper[2], 255]);
        }
        Picture { rgba }
    }

    /// The colour at pixel (x, y).
    #[cfg(test)]
    pub fn at(&self, x: u32, y: u32) -> [u8; 3] {
        let i = ((y * FACE_PX + x) * 4) as usize;
        [self.rgba[i], self.rgba[i + 1], self.rgba[i + 2]]
    }

    fn blend(&mut self, x: i32, y: i32, rgb: [u8; 3], cover: f32) {
        if x < 0 || y < 0 || x >= FACE_PX as i32 || y >= FACE_PX as i32 {
            return;
        }
        let i = ((y as u32 * FACE_PX + x as u32) * 4) as usize;
        let cover = cover.clamp(0.0, 1.0);
        for (k, c) in rgb.iter().enumerate() {
            let old = f32::from(self.rgba[i + k]);
            self.rgba[i + k] = (old + (f32::from(*c) - old) * cover).round() as u8;
        }
    }

    /// The size in pixels `text` takes when drawn as large as fits in `max_w` x `max_h`: its
    /// width, and the cap height `text` centres on its centre line.
    fn text_size(&self, text: &str, max_w: f32, max_h: f32) -> (f32, f32) {
        let font = &*FONT;
        let unit = font.as_scaled(PxScale::from(1.0));
        let width: f32 = text.chars().map(|c| unit.h_advance(font.glyph_id(c))).sum();
        let height = unit.ascent() - unit.descent();
        if width <= 0.0 || height <= 0.0 {
            return (0.0, 0.0);
        }
        let px = (max_w / width).min(max_h / height);
        (
            width * px,
            font.as_scaled(PxScale::from(px)).ascent() * 0.72,
        )
    }

    /// `text` centred on `(cx, cy)`, as large as fits in `max_w` x `max_h` pixels.
    fn text(&mut self, text: &str, cx: f32, cy: f32, max_w: f32, max_h: f32, rgb: [u8; 3]) {
        let font = &*FONT;
        // The width and height of the text at a scale of 1 px per em.
        let unit = font.as_scaled(PxScale::from(1.0));
        let width: f32 = text.chars().map(|c| unit.h_advance(font.glyph_id(c))).sum();
        let height = unit.ascent() - unit.descent();
        if width <= 0.0 || height <= 0.0 {
            return;
        }
        let px = (max_w / width).min(max_h / height);
        let scaled = font.as_scaled(PxScale::from(px));
        let mut x = cx - width * px / 2.0;
        // The baseline that centres the cap height on cy.
        let cap = scaled.ascent() * 0.72;
        let baseline = cy + cap / 2.0;
        for c in text.chars() {
            let id = font.glyph_id(c);
            let glyph = id.with_scale_and_position(px, ab_glyph::point(x, baseline));
            x += scaled.h_advance(id);
            if let Some(outlined) = font.outline_glyph(glyph) {
                let b = outlined.px_bounds();
                outlined.draw(|gx, gy, cover| {
                    self.blend(
                        b.min.x as i32 + gx as i32,
                        b.min.y as i32 + gy as i32,
                        rgb,
                        cover,
                    );
                });
            }
        }
    }
}

/// Paints `face`.
pub fn paint(face: &Face) -> Picture {
    let mut pic = Picture::new(face.paper);
    let n = FACE_PX as i32;
    if let Some(band) = face.band {
        // From the lower left to the upper right, a fifth of the face wide.
        for y in 0..n {
            for x in 0..n {
                let d = (x + y - n) as f32 / std::f32::consts::SQRT_2;
                let cover = (n as f32 * 0.11 - d.abs()).clamp(0.0, 1.0);
                if cover > 0.0 {
                    pic.blend(x, y, band, cover);
                }
            }
        }
    }
    for y in 0..n {
        for x in 0..n {
            let edge = x.min(y).min(n - 1 - x).min(n - 1 - y);
            if edge < FRAME_PX as i32 {
                pic.blend(x, y, face.frame, 1.0);
            }
        }
    }
    let side = FACE_PX as f32;
    let inner = side - 2.0 * FRAME_PX as f32 - 8.0;
    let small = side * 0.2;
    let (big_cy, big_h) = match (&face.top, &face.bottom) {
        (Some(_), Some(_)) => (side * 0.52, side * 0.36),
        (Some(_), None) => (side * 0.6, side * 0.42),
        (None, Some(_)) => (side * 0.42, side * 0.42),
        (None, None) => (side * 0.5, side * 0.6),
    };
    // On a broken side the band stops at the factors: they lie on a plate of the paper, so the
    // band never crosses them (issue 27.10).
    if face.band.is_some() && !face.big.is_empty() {
        let (w, h) = pic.text_size(&face.big, inner - 1.5, big_h);
        let (x0, x1) = (side / 2.0 - w / 2.0 - 4.0, side / 2.0 + w / 2.0 + 5.5);
        let (y0, y1) = (big_cy - h / 2.0 - 3.0, big_cy + h / 2.0 + 3.0);
        for y in y0.floor() as i32..=y1.ceil() as i32 {
            for x in x0.floor() as i32..=x1.ceil() as i32 {
                pic.blend(x, y, face.paper, 1.0);
            }
        }
    }
    // The factors in bold, as on the counters: drawn twice, a pixel apart.
    pic.text(&face.big, side / 2.0, big_cy, inner - 1.5, big_h, face.ink);
    pic.text(
        &face.big,
        side / 2.0 + 1.5,
        big_cy,
        inner - 1.5,
        big_h,
        face.ink,
    );
    if let Some(top) = &face.top {
        pic.text(top, side / 2.0, side * 0.2, inner * 0.8, small, face.ink);
    }
    if let Some(bottom) = &face.bottom {
        pic.text(
            bottom,
            side / 2.0,
            side * 0.81,
            inner * 0.85,
            small,
            face.ink,
        );
    }
    pic
}

/// The picture with its mipmaps (each level half the last, box-filtered, down to 1 x 1), as one
/// buffer, largest first, and the number of levels: text stays legible (not shimmering) when a
/// counter is far away.
pub fn mip_chain(pic: &Picture) -> (Vec<u8>, u32) {
    let mut out = pic.rgba.clone();
    let mut level = pic.rgba.clone();
    let mut side = FACE_PX as usize;
    let mut levels = 1;
    while side > 1 {
        let half = side / 2;
        let mut next = vec![0u8; half * half * 4];
        for y in 0..half {
            for x in 0..half {
                for k in 0..4 {
                    let px = |dx: usize, dy: usize| {
                        u32::from(level[((2 * y + dy) * side + 2 * x + dx) * 4 + k])
                    };
                    let sum = px(0, 0) + px(1, 0) + px(0, 1) + px(1, 1);
                    next[(y * half + x) * 4 + k] = ((sum + 2) / 4) as u8;
                }
            }
        }
        out.extend_from_slice(&next);
        level = next;
        side = half;
        levels += 1;
    }
    (out, levels)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Side;

    fn unit(nationality: Nationality, counter: &str) -> Unit {
        Unit::new("u", nationality, counter)
    }

    #[test]
    fn a_squad_shows_its_factors_and_a_broken_one_its_broken_side() {
        let mut u = unit(Nationality::Japanese, "4-4-7");
        let face = unit_face(&u);
        assert_eq!(face.big, "4-4-7");
        assert_eq!(face.top.as_deref(), Some("u"));
        assert_eq!(face.band, None);
        assert_eq!(size_of(&u), 1.0);
        u.broken = true;
        u.dm = true;
        let broken = unit_face(&u);
        assert_eq!(broken.bottom.as_deref(), Some("broken"));
        assert!(broken.band.is_some() && broken.paper[0] < face.paper[0]);
        assert_eq!(marker_faces(&u)[0].big, "DM");
        assert_eq!(u.side(), Side::Japanese);
    }

    #[test]
    fn g1_5_a23_3_banzai_hardened_and_placed_dc_markers_sit_on_the_counter() {
        let mut u = unit(Nationality::Japanese, "4-4-7");
        assert!(marker_faces(&u).is_empty());
        u.banzai = Some(asl_pto_core::los::Location::Cave("A".into()));
        u.hardened = true;
        u.placed_dc = Some(asl_pto_core::model::PlacedDc {
            cave: "A".into(),
            from: asl_pto_core::los::Location::Cave("A".into()),
            on: None,
            area_fire: false,
            operable: false,
            set: None,
        });
        let names: Vec<String> = marker_faces(&u).into_iter().map(|f| f.big).collect();
        assert_eq!(names, vec!["BANZAI", "HARDENED", "DC PLACED"]);
        // G11.8332: a Set DC says so.
        if let Some(p) = u.placed_dc.as_mut() {
            p.set = Some(asl_pto_core::model::SetDc { undefended: true });
        }
        let names: Vec<String> = marker_faces(&u).into_iter().map(|f| f.big).collect();
        assert_eq!(names, vec!["BANZAI", "HARDENED", "DC SET"]);
    }

    #[test]
    fn g1_121_a_step_reduced_squad_shows_its_reduced_factors() {
        // Step Reduction exchanges the counter for its Reduced side (4-4-8 -> 3-4-8).
        let u = unit(Nationality::Japanese, "3-4-8");
        assert_eq!(unit_face(&u).big, "3-4-8");
        let hs = unit(Nationality::Japanese, "2-3-8");
        assert_eq!(unit_face(&hs).bottom.as_deref(), Some("HS"));
        assert!(size_of(&hs) < 1.0);
    }

    #[test]
    fn leaders_show_morale_and_modifier_with_ldr() {
        let l = unit(Nationality::American, "9-1");
        let face = unit_face(&l);
        assert_eq!(
            (face.big.as_str(), face.bottom.as_deref()),
            ("9-1", Some("Ldr"))
        );
    }

    const PAPER: [u8; 3] = [200, 180, 60];
    const INK: [u8; 3] = [10, 10, 10];

    fn inked(pic: &Picture, rows: std::ops::Range<u32>) -> usize {
        rows.flat_map(|y| (0..FACE_PX).map(move |x| (x, y)))
            .filter(|&(x, y)| pic.at(x, y)[0] < 60)
            .count()
    }

    #[test]
    fn the_factors_are_printed_big_in_the_middle_and_the_id_small_above() {
        let mut face = Face::plain(PAPER, INK, "4-4-7");
        face.top = Some("jp1".into());
        let pic = paint(&face);
        let band = |a: f32, b: f32| (a * FACE_PX as f32) as u32..(b * FACE_PX as f32) as u32;
        let big = inked(&pic, band(0.42, 0.78));
        let id = inked(&pic, band(0.1, 0.3));
        assert!(big > 600, "the factors take many pixels: {big}");
        assert!(
            id > 60 && id < big,
            "the id is printed, smaller: {id} vs {big}"
        );
        // The corners are the frame, the middle of a blank row is paper.
        assert_eq!(pic.at(0, 0), face.frame);
        assert_eq!(pic.at(FACE_PX / 2, FRAME_PX + 1), PAPER);
    }

    #[test]
    fn a_question_mark_face_is_mostly_ink_in_its_centre_column() {
        let pic = paint(&Face::plain([40, 40, 44], [250, 250, 250], "?"));
        let light = (0..FACE_PX)
            .filter(|&y| pic.at(FACE_PX / 2, y)[0] > 200)
            .count();
        assert!(light > 20, "the ? is drawn down the middle: {light}");
    }

    #[test]
    fn the_mip_chain_halves_down_to_one_pixel_of_the_mean_colour() {
        let pic = paint(&Face::plain(PAPER, PAPER, ""));
        let (data, levels) = mip_chain(&pic);
        assert_eq!(levels, FACE_PX.ilog2() + 1);
        let total: u32 = (0..levels).map(|l| (FACE_PX >> l).pow(2)).sum();
        assert_eq!(data.len() as u32, total * 4);
        // The last level: the paper mixed with a little of the darker frame.
        let last = &data[data.len() - 4..];
        assert!(last[0] < PAPER[0] && last[0] > PAPER[0] / 2, "{last:?}");
        assert_eq!(last[3], 255);
    }

    #[test]
    fn a_broken_sides_band_does_not_cross_its_factors() {
        let mut u = unit(Nationality::Japanese, "4-4-7");
        u.broken = true;
        let face = unit_face(&u);
        let pic = paint(&face);
        let band = face.band.unwrap();
        let near = |c: [u8; 3]| c.iter().zip(band).all(|(a, b)| a.abs_diff(b) < 12);
        // The factors' rows (around the middle, where the diagonal band crosses): no band
        // colour between the first and the last inked column.
        let rows = (FACE_PX * 40 / 100)..(FACE_PX * 64 / 100);
        for y in rows {
            let inked: Vec<u32> = (0..FACE_PX).filter(|&x| pic.at(x, y)[0] < 60).collect();
            let (Some(&a), Some(&b)) = (inked.first(), inked.last()) else {
                continue;
            };
            for x in a..=b {
                assert!(!near(pic.at(x, y)), "band at ({x}, {y}) among the factors");
            }
        }
        // The band is still there, away from the factors (the lower left corner).
        assert!((0..FACE_PX).any(|x| near(pic.at(x, FACE_PX * 9 / 10))));
    }

    #[test]
    fn a_broken_side_carries_its_band() {
        let mut face = Face::plain(PAPER, INK, "");
        face.band = Some([150, 20, 20]);
        let pic = paint(&face);
        assert_eq!(pic.at(FACE_PX / 2, FACE_PX / 2), [150, 20, 20]);
        assert_eq!(pic.at(FACE_PX / 5, FACE_PX / 5), PAPER);
    }
}
