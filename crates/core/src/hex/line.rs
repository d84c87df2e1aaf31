//! The hexes an LOS thread crosses, computed exactly.
//!
//! Points are kept in thirds of cube coordinates, so hex centres and vertices are integers.
//! A hex's cell is `|Δq − Δr| ≤ 1, |Δr − Δs| ≤ 1, |Δs − Δq| ≤ 1` around its centre (its Voronoi
//! cell), so the part of a thread inside a hex is an interval of the thread's parameter `t`,
//! found with integer fractions. A thread that crosses a hex's interior crosses it; a thread that
//! runs exactly along a hexside (the hexspine case) touches both hexes beside it, which form one
//! step; a thread that only touches a vertex does not cross the hexes meeting there.
//!
//! Centre-to-centre threads depend only on the offset between their ends, so their steps are
//! computed once per offset and kept (`centre_line`): walking a line is then a table lookup.

use std::sync::{LazyLock, OnceLock};

use super::coord::Hex;
use super::side::Vertex;

/// A point in thirds of cube coordinates: a hex centre is `3 * (q, r, s)`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Point3(pub [i64; 3]);

impl Point3 {
    pub fn center(h: Hex) -> Point3 {
        Point3([3 * i64::from(h.q), 3 * i64::from(h.r), 3 * i64::from(h.s())])
    }

    pub fn vertex(v: Vertex) -> Point3 {
        Point3(v.point3())
    }
}

/// One step of a thread: one hex crossed, or the two hexes beside a hexside it runs along.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct LineStep {
    pub hexes: [Hex; 2],
    /// 1, or 2 when the thread runs along the hexside between `hexes[0]` and `hexes[1]`.
    pub count: u8,
    /// Where along the thread (0 = start, 1 = end) this step begins and ends.
    pub t_in: f32,
    pub t_out: f32,
}

impl LineStep {
    pub fn hexes(&self) -> &[Hex] {
        &self.hexes[..usize::from(self.count)]
    }

    pub fn along_hexside(&self) -> bool {
        self.count == 2
    }
}

/// A fraction `n / d` with `d > 0`.
#[derive(Copy, Clone, Debug)]
struct Frac(i64, i64);

impl Frac {
    fn lt(self, o: Frac) -> bool {
        (self.0 as i128) * (o.1 as i128) < (o.0 as i128) * (self.1 as i128)
    }
    fn value(self) -> f64 {
        self.0 as f64 / self.1 as f64
    }
}

enum Overlap {
    None,
    Interior(Frac, Frac),
    Hexside(Frac, Frac),
}

/// The part of the segment `a -> b` inside hex `h`'s cell.
fn overlap(a: Point3, b: Point3, h: Hex) -> Overlap {
    let c = Point3::center(h).0;
    let (a, b) = (a.0, b.0);
    let mut lo = Frac(0, 1);
    let mut hi = Frac(1, 1);
    let mut on_side = false;
    for (i, j) in [(0, 1), (1, 2), (2, 0)] {
        let start = (a[i] - a[j]) - (c[i] - c[j]);
        let du = (b[i] - b[j]) - (a[i] - a[j]);
        if du == 0 {
            match start.abs() {
                0..=2 => {}
                3 => on_side = true,
                _ => return Overlap::None,
            }
            continue;
        }
        // -3 <= start + t * du <= 3
        let (l, u) = if du > 0 {
            (Frac(-3 - start, du), Frac(3 - start, du))
        } else {
            (Frac(start - 3, -du), Frac(start + 3, -du))
        };
        if lo.lt(l) {
            lo = l;
        }
        if u.lt(hi) {
            hi = u;
        }
    }
    if !lo.lt(hi) {
        return Overlap::None;
    }
    if on_side {
        Overlap::Hexside(lo, hi)
    } else {
        Overlap::Interior(lo, hi)
    }
}

fn round_cube(q: f64, r: f64) -> Hex {
    let s = -q - r;
    let (mut rq, mut rr, rs) = (q.round(), r.round(), s.round());
    let (dq, dr, ds) = ((rq - q).abs(), (rr - r).abs(), (rs - s).abs());
    if dq > dr && dq > ds {
        rq = -rr - rs;
    } else if dr > ds {
        rr = -rq - rs;
    }
    Hex::new(rq as i32, rr as i32)
}

/// The steps of the thread from point `a` to point `b`, in order from `a`.
pub fn segment_steps(a: Point3, b: Point3) -> Vec<LineStep> {
    // Candidates: the hexes around points sampled densely along the segment.
    let (pa, pb) = (a.0.map(|v| v as f64 / 3.0), b.0.map(|v| v as f64 / 3.0));
    let len = ((pb[0] - pa[0]).abs() + (pb[1] - pa[1]).abs() + (pb[2] - pa[2]).abs()) / 2.0;
    let samples = (len * 2.0).ceil() as usize + 2;
    let mut candidates: Vec<Hex> = Vec::new();
    for i in 0..=samples {
        let t = i as f64 / samples as f64;
        let h = round_cube(pa[0] + t * (pb[0] - pa[0]), pa[1] + t * (pb[1] - pa[1]));
        candidates.push(h);
        candidates.extend(h.neighbors());
    }
    candidates.sort();
    candidates.dedup();

    let mut crossed: Vec<(Frac, Frac, Hex, bool)> = candidates
        .into_iter()
        .filter_map(|h| match overlap(a, b, h) {
            Overlap::None => None,
            Overlap::Interior(l, u) => Some((l, u, h, false)),
            Overlap::Hexside(l, u) => Some((l, u, h, true)),
        })
        .collect();
    crossed.sort_by(|x, y| {
        x.0.value()
            .total_cmp(&y.0.value())
            .then_with(|| x.2.cmp(&y.2))
    });

    let mut steps: Vec<LineStep> = Vec::with_capacity(crossed.len());
    let mut i = 0;
    while i < crossed.len() {
        let (l, u, h, side) = crossed[i];
        let step = LineStep {
            hexes: [h, h],
            count: 1,
            t_in: l.value() as f32,
            t_out: u.value() as f32,
        };
        if side
            && let Some(&(l2, _, h2, true)) = crossed.get(i + 1)
            && !l.lt(l2)
            && !l2.lt(l)
        {
            steps.push(LineStep {
                hexes: [h.min(h2), h.max(h2)],
                count: 2,
                ..step
            });
            i += 2;
            continue;
        }
        steps.push(step);
        i += 1;
    }
    steps
}

/// Offsets kept in the table: |dq|, |dr| <= SPAN covers a map of eight boards one above the
/// other (the bench's 8-board map: |dq| <= 32, |dr| <= 103), so a viewer's whole field there
/// walks kept lines only.
const SPAN: i32 = 112;
const SIDE: usize = (2 * SPAN + 1) as usize;

static TEMPLATES: LazyLock<Vec<OnceLock<Box<[LineStep]>>>> =
    LazyLock::new(|| (0..SIDE * SIDE).map(|_| OnceLock::new()).collect());

fn template(dq: i32, dr: i32) -> Option<&'static [LineStep]> {
    if dq.abs() > SPAN || dr.abs() > SPAN {
        return None;
    }
    let idx = (dq + SPAN) as usize * SIDE + (dr + SPAN) as usize;
    Some(TEMPLATES[idx].get_or_init(|| {
        segment_steps(
            Point3::center(Hex::new(0, 0)),
            Point3::center(Hex::new(dq, dr)),
        )
        .into_boxed_slice()
    }))
}

/// A centre-to-centre thread's steps, relative to its start hex: either a kept template or,
/// beyond the table, freshly computed ones.
pub enum CentreLine {
    Template(&'static [LineStep]),
    Computed(Vec<LineStep>),
}

impl CentreLine {
    /// The steps relative to the start hex `(0, 0)`; add the start hex's coordinates to each.
    pub fn relative_steps(&self) -> &[LineStep] {
        match self {
            CentreLine::Template(s) => s,
            CentreLine::Computed(v) => v,
        }
    }
}

/// The thread from centre `a` to centre `b`, relative to `a` (see `CentreLine`).
pub fn centre_line(a: Hex, b: Hex) -> CentreLine {
    let (dq, dr) = (b.q - a.q, b.r - a.r);
    match template(dq, dr) {
        Some(t) => CentreLine::Template(t),
        None => CentreLine::Computed(segment_steps(
            Point3::center(Hex::new(0, 0)),
            Point3::center(Hex::new(dq, dr)),
        )),
    }
}

/// The steps of the thread from centre `a` to centre `b`, in absolute hexes.
pub fn line_between(a: Hex, b: Hex) -> Vec<LineStep> {
    centre_line(a, b)
        .relative_steps()
        .iter()
        .map(|s| {
            let mut s = *s;
            s.hexes = s.hexes.map(|h| Hex::new(h.q + a.q, h.r + a.r));
            s
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex::HexId;

    fn h(s: &str) -> Hex {
        HexId::parse(s).unwrap().hex()
    }

    fn names(steps: &[LineStep]) -> Vec<String> {
        steps
            .iter()
            .map(|s| {
                s.hexes()
                    .iter()
                    .map(|x| x.id().unwrap().to_string())
                    .collect::<Vec<_>>()
                    .join("|")
            })
            .collect()
    }

    #[test]
    fn a_thread_down_a_column_crosses_each_hex_once() {
        let steps = line_between(h("C2"), h("C6"));
        assert_eq!(names(&steps), ["C2", "C3", "C4", "C5", "C6"]);
        assert_eq!(steps[0].t_in, 0.0);
        assert_eq!(steps[4].t_out, 1.0);
    }

    #[test]
    fn a_hexspine_thread_runs_along_hexsides_with_both_hexes_counting() {
        // From C3 two columns right along a hexspine: E3 lies straight across the vertex
        // of C3, D2 and D3 (its centre is level with C3's).
        let steps = line_between(h("C3"), h("E3"));
        assert_eq!(names(&steps), ["C3", "D2|D3", "E3"]);
        assert!(steps[1].along_hexside());
        // Longer: every third step passes through a hex centre.
        let long = line_between(h("C3"), h("I3"));
        assert_eq!(
            names(&long),
            ["C3", "D2|D3", "E3", "F2|F3", "G3", "H2|H3", "I3"]
        );
    }

    #[test]
    fn a_thread_through_a_vertex_does_not_cross_the_hexes_it_only_touches() {
        // Cube direction (5, -1, -4) passes a vertex at t = 1/3 without running along a hexside.
        let a = Hex::new(0, 5);
        let b = Hex::new(5, 4);
        let steps = line_between(a, b);
        for s in &steps {
            assert!(s.t_out > s.t_in, "zero-length step {s:?}");
            assert!(!s.along_hexside());
        }
        for w in steps.windows(2) {
            // Consecutive steps are adjacent hexes and the thread is continuous.
            assert!(w[0].hexes[0].is_adjacent(w[1].hexes[0]));
            assert!((w[0].t_out - w[1].t_in).abs() < 1e-6);
        }
    }

    #[test]
    fn lines_are_the_same_hex_set_both_ways() {
        for (x, y) in [("A1", "G7"), ("C3", "I3"), ("B2", "K9"), ("E5", "F1")] {
            let mut f: Vec<Vec<Hex>> = line_between(h(x), h(y))
                .iter()
                .map(|s| s.hexes().to_vec())
                .collect();
            let mut b: Vec<Vec<Hex>> = line_between(h(y), h(x))
                .iter()
                .map(|s| s.hexes().to_vec())
                .collect();
            f.sort();
            b.sort();
            assert_eq!(f, b, "{x}-{y}");
        }
    }

    #[test]
    fn a_vertex_start_enters_only_the_hexes_the_thread_crosses() {
        let v = Vertex::parse("T4-S5-S4").unwrap();
        let steps = segment_steps(Point3::vertex(v), Point3::center(h("P4")));
        assert!(!steps.is_empty());
        assert_eq!(steps[0].t_in, 0.0);
        assert_eq!(steps.last().unwrap().hexes[0], h("P4"));
    }
}
