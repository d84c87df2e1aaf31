//! The thread walk: every hex between the two ends, judged by A6.2 (obstacles and ground above
//! both ends), A6.3/A6.4 (Blind Hexes behind obstacles, crests and Depression rims), B11.21
//! (cliffs), A6.8 (hindrances, six block) and E1.1 (NVR).

use super::blind::{self, Ends, Verdict};
use super::env::{LosEnv, NONE, Profile};
use crate::hex::{Hex, LineStep, Point3, centre_line, segment_steps};
use crate::map::LEVEL;

/// One end of a LOS: its hex, its elevation (half-levels) and its aiming point.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct End {
    pub hex: Hex,
    pub elevation: i32,
    /// The point the thread starts from: the centre dot, or a vertex (Climbing).
    pub point: Point3,
    /// A cave's Entrance Hex (G11.5): judged only by whether its terrain rises above the
    /// cave's level, never as a source of Blind Hexes.
    pub portal: Option<Hex>,
    /// A cave (G11.85): SMOKE in the rest of its hex does not exist in it.
    pub in_cave: bool,
    /// G11.51: the thread from this cave lies along a Continuous Slope, so the hill Crest Lines
    /// it crosses cast no Blind Hexes (set by `rules::caves::sight`, which checks the slope).
    pub slope: bool,
}

impl End {
    pub fn centre(hex: Hex, elevation: i32) -> End {
        End {
            hex,
            elevation,
            point: Point3::center(hex),
            portal: None,
            in_cave: false,
            slope: false,
        }
    }

    fn at_centre(&self) -> bool {
        self.point == Point3::center(self.hex)
    }
}

/// What blocked a LOS.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Block {
    /// E1.1: beyond the Night Visibility Range.
    Nvr { nvr: u32 },
    /// A6.2: ground (a hill) higher than both ends.
    Ground { hex: Hex, level: i32 },
    /// A6.4 / A6.3 / B11.21: the lower end is a Blind Hex behind a crest.
    Crest {
        hex: Hex,
        level: i32,
        blind: u32,
        cliff: bool,
        depression: bool,
    },
    /// A6.3: a Location IN a Depression, seen from its Crest level by a Location not ADJACENT.
    Depression { hex: Hex, level: i32 },
    /// A6.2: an obstacle at or above both ends.
    Obstacle { hex: Hex, top: i32 },
    /// A6.4: the lower end is a Blind Hex behind an obstacle (or orchard-like hindrance).
    ObstacleBlind { hex: Hex, top: i32, blind: u32 },
    /// A6.8: hindrances totalling six or more.
    Hindrance { hex: Hex, total: u32 },
    /// G11.5: the cave's Entrance Hex holds terrain rising above the cave's level.
    Entrance { hex: Hex, top: i32 },
    /// A rule outside A6 that allows no LOS at all (e.g. G11.5 for Cave Complexes).
    Refused {
        rule: &'static str,
        hex: Option<Hex>,
    },
}

impl Block {
    /// The rule that decided.
    pub fn rule(&self) -> &'static str {
        match self {
            Block::Nvr { nvr: 0 } => "E1.13",
            Block::Nvr { .. } => "E1.1",
            Block::Ground { .. } | Block::Obstacle { .. } => "A6.2",
            Block::Crest {
                depression: true, ..
            }
            | Block::Depression { .. } => "A6.3",
            Block::Crest { cliff: true, .. } => "B11.21",
            Block::Crest { .. } | Block::ObstacleBlind { .. } => "A6.4",
            Block::Hindrance { .. } => "A6.8",
            Block::Entrance { .. } => "G11.5",
            Block::Refused { rule, .. } => rule,
        }
    }

    /// The hex where the LOS was blocked, if one hex did it.
    pub fn hex(&self) -> Option<Hex> {
        match *self {
            Block::Nvr { .. } => None,
            Block::Refused { hex, .. } => hex,
            Block::Ground { hex, .. }
            | Block::Crest { hex, .. }
            | Block::Depression { hex, .. }
            | Block::Obstacle { hex, .. }
            | Block::ObstacleBlind { hex, .. }
            | Block::Hindrance { hex, .. }
            | Block::Entrance { hex, .. } => Some(hex),
        }
    }
}

/// What one hex of the thread does to the LOS.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Effect {
    Clear,
    /// Adds this hindrance DRM.
    Hinders(u32),
    Blocks(Block),
}

/// Receives every hex the thread crosses; `()` receives nothing (the fast path).
pub trait Trace {
    /// Stop at the first block (no one wants the rest of the path).
    const STOP_AT_BLOCK: bool;
    /// `step` is the thread step, `height` the thread's elevation there (half-levels).
    fn hex(&mut self, step: &LineStep, hex: Hex, height: f32, effect: Effect);
}

impl Trace for () {
    const STOP_AT_BLOCK: bool = true;
    #[inline]
    fn hex(&mut self, _: &LineStep, _: Hex, _: f32, _: Effect) {}
}

/// The outcome of a LOS check, without the path.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Sight {
    pub range: u32,
    /// Total hindrance DRM along the thread (A6.8).
    pub hindrance: u32,
    /// The first thing that blocked, walking from the first end.
    pub block: Option<Block>,
}

impl Sight {
    pub fn clear(&self) -> bool {
        self.block.is_none()
    }

    /// The deciding rule, as a LOS answer gives it: the rule of what blocked, else A6.8 for a
    /// hindered LOS, else none.
    pub fn rule(&self) -> Option<&'static str> {
        match self.block {
            Some(block) => Some(block.rule()),
            None if self.hindrance > 0 => Some("A6.8"),
            None => None,
        }
    }
}

impl LosEnv<'_> {
    /// A6: the LOS between two ends, reporting every hex crossed to `trace`.
    pub fn walk<T: Trace>(&self, a: End, b: End, trace: &mut T) -> Sight {
        let range = a.hex.distance(b.hex);
        let mut sight = Sight {
            range,
            hindrance: 0,
            block: None,
        };
        // E1.1; E1.13: at NVR 0 every Location but the viewer's own is beyond it, even one in
        // the same hex (another level, a cave, the Depression the hex is IN).
        if let Some(nvr) = self.nvr
            && (range > nvr || (nvr == 0 && a != b))
        {
            sight.block = Some(Block::Nvr { nvr });
            if T::STOP_AT_BLOCK {
                return sight;
            }
        }
        let (high, low) = if a.elevation >= b.elevation {
            (a, b)
        } else {
            (b, a)
        };
        let ends = Ends {
            high: high.elevation,
            low: low.elevation,
        };
        let rise = (b.elevation - a.elevation) as f32;

        // A6.3: a Location IN a Depression is seen from the Depression's Crest level (and a viewer
        // there is seen from it) only when the two are ADJACENT.
        let low_p = self.at(low.hex);
        if low_p.depression
            && low.elevation == low_p.ground
            && high.elevation == low_p.ground + LEVEL
            && range > 1
            && !(self.at(high.hex).depression && high.elevation == self.at(high.hex).ground)
        {
            // The first block stands (the NVR's, when the walk goes on to record the path).
            sight.block.get_or_insert(Block::Depression {
                hex: low.hex,
                level: high.elevation,
            });
            if T::STOP_AT_BLOCK {
                return sight;
            }
        }

        // The veils (SMOKE, Blaze) in the ends' own hexes hinder when an end is inside them;
        // one counter hinders once per LOS, so both ends in one hex count it once (A24).
        for end in self.veiled_ends(a, b) {
            sight.hindrance += self.at(end.hex).veil_drm;
        }

        let template;
        let computed;
        let (steps, origin): (&[LineStep], Hex) = if a.at_centre() && b.at_centre() {
            template = centre_line(a.hex, b.hex);
            (template.relative_steps(), a.hex)
        } else {
            computed = segment_steps(a.point, b.point);
            (&computed, Hex::new(0, 0))
        };
        self.walk_steps(a, b, steps, origin, ends, rise, sight, trace)
    }

    #[allow(clippy::too_many_arguments)]
    fn walk_steps<T: Trace>(
        &self,
        a: End,
        b: End,
        steps: &[LineStep],
        origin: Hex,
        ends: Ends,
        rise: f32,
        mut sight: Sight,
        trace: &mut T,
    ) -> Sight {
        let (high, low) = if a.elevation >= b.elevation {
            (a, b)
        } else {
            (b, a)
        };
        let at =
            |s: &LineStep, k: usize| Hex::new(s.hexes[k].q + origin.q, s.hexes[k].r + origin.r);
        for (i, step) in steps.iter().enumerate() {
            let mut step_drm = 0;
            let height = a.elevation as f32 + rise * (step.t_in + step.t_out) * 0.5;
            for k in 0..usize::from(step.count) {
                let h = at(step, k);
                if h == a.hex || h == b.hex {
                    trace.hex(step, h, height, Effect::Clear);
                    continue;
                }
                let p = self.at(h);
                if p.ground == NONE {
                    continue;
                }
                if let Some(cave) = [a, b].into_iter().find(|e| e.portal == Some(h)) {
                    let effect = portal(p, h, cave.elevation);
                    trace.hex(step, h, height, effect);
                    match effect {
                        Effect::Blocks(block) => {
                            sight.block.get_or_insert(block);
                            if T::STOP_AT_BLOCK {
                                return sight;
                            }
                        }
                        Effect::Hinders(drm) => step_drm = step_drm.max(drm),
                        Effect::Clear => {}
                    }
                    continue;
                }
                let cliff = p.cliffs != 0 && self.crosses_cliff(steps, i, origin, h);
                let slope = a.slope || b.slope;
                let effect = judge(p, h, ends, (high.hex, low.hex), cliff, slope, self);
                match effect {
                    Effect::Blocks(block) => {
                        trace.hex(step, h, height, effect);
                        if sight.block.is_none() {
                            sight.block = Some(block);
                        }
                        if T::STOP_AT_BLOCK {
                            return sight;
                        }
                    }
                    Effect::Hinders(drm) => {
                        step_drm = step_drm.max(drm);
                        trace.hex(step, h, height, effect);
                    }
                    Effect::Clear => trace.hex(step, h, height, effect),
                }
            }
            if step_drm > 0 {
                sight.hindrance += step_drm;
                if self.hindrances_block && sight.hindrance >= 6 && sight.block.is_none() {
                    sight.block = Some(Block::Hindrance {
                        hex: at(step, 0),
                        total: sight.hindrance,
                    });
                    if T::STOP_AT_BLOCK {
                        return sight;
                    }
                }
            }
        }
        sight
    }

    /// Whether the thread leaves or enters `h` (at step `i`) across one of its cliff hexsides.
    fn crosses_cliff(&self, steps: &[LineStep], i: usize, origin: Hex, h: Hex) -> bool {
        let p = self.at(h);
        [i.checked_sub(1), Some(i + 1)]
            .into_iter()
            .flatten()
            .filter_map(|j| steps.get(j))
            .flat_map(|s| s.hexes().iter().copied())
            .map(|n| Hex::new(n.q + origin.q, n.r + origin.r))
            .filter_map(|n| h.direction_to(n))
            .any(|d| p.cliffs & (1 << d.index()) != 0)
    }
}

impl LosEnv<'_> {
    /// The ends whose own hex's veil (SMOKE, Blaze) they are inside: each hex once (A24: one
    /// SMOKE counter is one hindrance, once per LOS, even when both ends are in its hex); never
    /// a cave end (G11.85).
    pub(super) fn veiled_ends(&self, a: End, b: End) -> Vec<End> {
        let inside = |e: &End| {
            let p = self.at(e.hex);
            // G11.85 (its EX: SMOKE in W4 outside caves B and C does not affect LOS to or
            // from them): SMOKE above the Cave counters of a hex does not exist in the caves.
            !e.in_cave && p.veil_drm > 0 && e.elevation < p.veil_top
        };
        let mut out: Vec<End> = Vec::with_capacity(2);
        for e in [a, b] {
            if inside(&e) && !out.iter().any(|o| o.hex == e.hex) {
                out.push(e);
            }
        }
        out
    }
}

/// G11.5: a cave's Entrance Hex blocks only with terrain (or ground) rising above the cave's
/// level; it casts no Blind Hexes. Its hindrances hinder as usual.
fn portal(p: &Profile, h: Hex, cave: i32) -> Effect {
    let top = p.obstacle.max(p.ground);
    if top > cave {
        return Effect::Blocks(Block::Entrance { hex: h, top });
    }
    let drm = [(p.hind_top, p.hind_drm), (p.veil_top, p.veil_drm)]
        .iter()
        .filter(|(t, d)| *d > 0 && *t >= cave)
        .map(|(_, d)| d)
        .sum::<u32>();
    if drm > 0 {
        Effect::Hinders(drm)
    } else {
        Effect::Clear
    }
}

/// The A6 judgement of one intervening hex; `slope` when the thread lies along a G11.51
/// Continuous Slope (hill crests then cast no Blind Hexes).
fn judge(
    p: &Profile,
    h: Hex,
    ends: Ends,
    (high, low): (Hex, Hex),
    cliff: bool,
    slope: bool,
    env: &LosEnv,
) -> Effect {
    let (r, d) = (high.distance(h), h.distance(low));
    // Ground (hills, Depression rims) and obstacles: A6.2 above both ends first (the plainer
    // reason), then A6.4/A6.3/B11.21 Blind Hexes.
    let g = p.ground;
    let crest = if g > ends.low {
        blind::crest(ends, g, r, d, cliff)
    } else {
        Verdict::Clear
    };
    let obstacle = if p.obstacle != NONE && p.obstacle >= ends.low {
        blind::obstacle(ends, p.obstacle, r, d)
    } else {
        Verdict::Clear
    };
    if obstacle == Verdict::AboveBoth {
        return Effect::Blocks(Block::Obstacle {
            hex: h,
            top: p.obstacle,
        });
    }
    match crest {
        Verdict::Clear => {}
        // G11.51: along a Continuous Slope the crests fall away one by one and hide nothing.
        Verdict::Blind { .. } if slope && !cliff => {}
        Verdict::AboveBoth => return Effect::Blocks(Block::Ground { hex: h, level: g }),
        Verdict::Blind { blind } => {
            // Without the cliff minimum, would it still be blind?
            let by_cliff = cliff && blind::crest(ends, g, r, d, false) == Verdict::Clear;
            let depression = env.at(low).depression && ends.low + LEVEL == g;
            return Effect::Blocks(Block::Crest {
                hex: h,
                level: g,
                blind,
                cliff: by_cliff,
                depression,
            });
        }
    }
    if let Verdict::Blind { blind } = obstacle {
        return Effect::Blocks(Block::ObstacleBlind {
            hex: h,
            top: p.obstacle,
            blind,
        });
    }
    let mut drm = 0;
    if p.hind_drm > 0 && p.hind_top >= ends.low {
        match blind::obstacle(ends, p.hind_top, r, d) {
            Verdict::Clear => {}
            Verdict::AboveBoth => drm += p.hind_drm,
            Verdict::Blind { blind } if p.orchard => {
                return Effect::Blocks(Block::ObstacleBlind {
                    hex: h,
                    top: p.hind_top,
                    blind,
                });
            }
            Verdict::Blind { .. } => drm += p.hind_drm,
        }
    }
    if p.veil_drm > 0
        && p.veil_top >= ends.low
        && blind::obstacle(ends, p.veil_top, r, d) != Verdict::Clear
    {
        drm += p.veil_drm;
    }
    if drm > 0 {
        Effect::Hinders(drm)
    } else {
        Effect::Clear
    }
}
