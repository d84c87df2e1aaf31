//! E1.9 Illumination: Starshells (E1.923, 3 hexes), Illuminating Rounds (E1.933, 6 hexes),
//! Blazes (E1.94, twice the Blazing levels, with E1.941 shadows), Flames (E1.942, own Location),
//! and caves (G11.96); and the marks the simulation keeps of them (`light_marks`).

use serde::Serialize;

use crate::hex::Hex;
use crate::los::{End, LosEnv};
use crate::map::LEVEL;
use crate::rules::caves::Cave;

/// What lights a hex.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum SourceKind {
    Blaze,
    Flame,
    Starshell,
    Ir,
    /// A Trip Flare counter (G.8).
    TripFlare,
}

/// A source of Illumination on the map.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Source {
    pub kind: SourceKind,
    pub hex: Hex,
    /// Blazing levels, for a Blaze (E1.94).
    pub levels: u8,
}

impl SourceKind {
    /// The counter's name in a sentence ("IR", "Trip Flare").
    pub fn name(self) -> &'static str {
        match self {
            SourceKind::Blaze => "Blaze",
            SourceKind::Flame => "Flame",
            SourceKind::Starshell => "Starshell",
            SourceKind::Ir => "IR",
            SourceKind::TripFlare => "Trip Flare",
        }
    }
}

impl Source {
    /// E1.923/E1.933/E1.94/E1.942: the range of the source's Illuminated Zone in hexes.
    pub fn radius(&self) -> u32 {
        match self.kind {
            SourceKind::Starshell => 3,
            SourceKind::Ir => 6,
            SourceKind::Blaze => 2 * u32::from(self.levels.max(1)),
            SourceKind::Flame => 0,
            // G.8 places a Trip Flare counter "therein"; what it lights is not in our sources:
            // read as its own hex only, like a Flame's (E1.942).
            SourceKind::TripFlare => 0,
        }
    }

    /// The rule behind the source's zone.
    pub fn rule(&self) -> &'static str {
        match self.kind {
            SourceKind::Starshell => "E1.923",
            SourceKind::Ir => "E1.933",
            SourceKind::Blaze => "E1.94",
            SourceKind::Flame => "E1.942",
            SourceKind::TripFlare => "G.8",
        }
    }
}

/// The Illumination of a map: per hex (by `Map::index`), lit, or in a Blaze's zone but dark.
#[derive(Clone, Debug, PartialEq)]
pub struct Lighting {
    pub illuminated: Vec<bool>,
    /// In some Blaze's Illuminated Zone but not Illuminated (E1.941 shadow), and lit by nothing
    /// else.
    pub shadowed: Vec<bool>,
    /// What lights each Illuminated hex: a Starshell or IR where one does (their white light
    /// wins over a fire's), else the Blaze or Flame.
    pub by: Vec<Option<SourceKind>>,
    /// Illuminated at all levels, subterranean ones included: by a Blaze (E1.94). A Starshell
    /// or IR lights only non-subterranean Locations (E1.923, E1.933), a Flame only its own
    /// Location (E1.942), so neither lights a cave.
    pub all_levels: Vec<bool>,
}

impl Lighting {
    pub fn is_lit(&self, env: &LosEnv, h: Hex) -> bool {
        env.map().index(h).is_some_and(|i| self.illuminated[i])
    }

    pub fn is_shadowed(&self, env: &LosEnv, h: Hex) -> bool {
        env.map().index(h).is_some_and(|i| self.shadowed[i])
    }

    /// E1.94: hex `h` is Illuminated at all levels (by a Blaze), subterranean Locations too.
    pub fn is_lit_at_all_levels(&self, env: &LosEnv, h: Hex) -> bool {
        env.map().index(h).is_some_and(|i| self.all_levels[i])
    }
}

/// Every hex of the map within `radius` of `centre`.
fn zone<'a>(env: &'a LosEnv<'a>, centre: Hex, radius: u32) -> impl Iterator<Item = Hex> + 'a {
    let r = radius as i32;
    (-r..=r).flat_map(move |dq| {
        let lo = (-r).max(-dq - r);
        let hi = r.min(-dq + r);
        (lo..=hi).filter_map(move |dr| {
            let h = Hex::new(centre.q + dq, centre.r + dr);
            env.map().contains(h).then_some(h)
        })
    })
}

/// E1.94/E1.941: does a Blaze in `blaze` light hex `h` of its zone? The Blaze hex is lit at all
/// levels; elsewhere the Blaze acts as a viewer at its highest Blazing level and a hex is lit
/// only if that viewer's LOS to the hex's ground Location is not blocked by a terrain obstacle
/// (hindrances never block light). `env` must be `LosEnv::obstacles_only`.
pub fn blaze_reaches(env: &LosEnv, blaze: &Source, h: Hex) -> bool {
    if h == blaze.hex {
        return true;
    }
    let map = env.map();
    let (Some(b), Some(t)) = (map.get(blaze.hex), map.get(h)) else {
        return false;
    };
    let viewer = End::centre(
        blaze.hex,
        (b.level + i32::from(blaze.levels.max(1)) - 1) * LEVEL,
    );
    let target = End::centre(h, t.level * LEVEL);
    env.walk(viewer, target, &mut ()).clear()
}

/// A Blaze's shadow on a hex (E1.941): the Blaze whose zone holds the hex, and what blocks its
/// light there, with the A6 rule that blocks it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shadow {
    /// The Blaze's hex.
    pub blaze: Hex,
    /// The hex whose obstacle (or hill, or crest) blocks the Blaze's LOS to the hex.
    pub obstacle: Option<Hex>,
    /// The rule that blocks it (A6.2, A6.4, ...).
    pub rule: &'static str,
}

/// E1.941: why hex `h` lies in a Blaze's Illuminated Zone yet is not lit by it: every Blaze of
/// `sources` whose zone holds `h` and whose light the terrain blocks, with the blocking hex.
/// `env` must be `LosEnv::obstacles_only` (see `blaze_reaches`).
pub fn shadows(env: &LosEnv, sources: &[Source], h: Hex) -> Vec<Shadow> {
    let map = env.map();
    let Some(t) = map.get(h) else {
        return Vec::new();
    };
    sources
        .iter()
        .filter(|s| s.kind == SourceKind::Blaze && s.hex != h)
        .filter(|s| s.hex.distance(h) <= s.radius())
        .filter_map(|s| {
            let b = map.get(s.hex)?;
            let viewer = End::centre(s.hex, (b.level + i32::from(s.levels.max(1)) - 1) * LEVEL);
            let block = env
                .walk(viewer, End::centre(h, t.level * LEVEL), &mut ())
                .block?;
            Some(Shadow {
                blaze: s.hex,
                obstacle: block.hex(),
                rule: block.rule(),
            })
        })
        .collect()
}

/// E1.9: the Illumination of the whole map by these sources. `env` must be
/// `LosEnv::obstacles_only` (see `blaze_reaches`).
pub fn illuminate(env: &LosEnv, sources: &[Source]) -> Lighting {
    let n = env.map().slots();
    let mut lit = vec![false; n];
    let mut in_blaze_zone = vec![false; n];
    let mut all_levels = vec![false; n];
    let mut by: Vec<Option<SourceKind>> = vec![None; n];
    let mut lit_by = |i: usize, kind: SourceKind| {
        let fire = |k: Option<SourceKind>| matches!(k, Some(SourceKind::Blaze | SourceKind::Flame));
        if by[i].is_none() || (fire(by[i]) && !fire(Some(kind))) {
            by[i] = Some(kind);
        }
    };
    for s in sources {
        for h in zone(env, s.hex, s.radius()) {
            let i = env.map().index(h).expect("zone hexes are on the map");
            match s.kind {
                SourceKind::Blaze => {
                    in_blaze_zone[i] = true;
                    if !all_levels[i] && blaze_reaches(env, s, h) {
                        lit[i] = true;
                        all_levels[i] = true;
                    }
                    if all_levels[i] {
                        lit_by(i, s.kind);
                    }
                }
                // E1.923 / E1.933: a Starshell or IR Illuminates "all non-subterranean and
                // non-interior building Locations" within its radius.
                SourceKind::Starshell | SourceKind::Ir if interior_building(env, h) => {}
                _ => {
                    lit[i] = true;
                    lit_by(i, s.kind);
                }
            }
        }
    }
    let shadowed = in_blaze_zone
        .iter()
        .zip(&lit)
        .map(|(z, l)| *z && !*l)
        .collect();
    Lighting {
        illuminated: lit,
        shadowed,
        by,
        all_levels,
    }
}

/// E1.923 / E1.933: an interior building hex: a building hex all of whose six neighbours are
/// building hexes on the map (our reading of "interior building Locations": B23's definition is
/// not in our sources).
pub fn interior_building(env: &LosEnv, h: Hex) -> bool {
    let map = env.map();
    let building = |x: Hex| {
        map.get(x)
            .is_some_and(|d| matches!(d.terrain, crate::map::Terrain::Building(..)))
    };
    building(h) && h.neighbors().iter().all(|n| building(*n))
}

/// G11.96: a cave is Illuminated only if its hex and its Entrance Hex are; and what lights its
/// hex must light the cave, a subterranean Location (G11.1): only a Blaze does, at all levels
/// (E1.94). A Starshell or IR lights only non-subterranean Locations (E1.923, E1.933), a Flame
/// only its own (E1.942). (No Cave Complex can ever be Illuminated.)
pub fn cave_lit(env: &LosEnv, lighting: &Lighting, cave: &Cave) -> bool {
    lighting.is_lit_at_all_levels(env, cave.hex) && lighting.is_lit(env, cave.entrance)
}

/// How the map stands in the light now, as the simulation marks it (E1.9-E1.942, G11.96): what
/// lights each hex and with which rule, which hexes are shadowed, which caves are lit. By day
/// nothing is Illuminated in E1's sense and nothing is shadowed.
pub struct LightMarks<'a> {
    env: LosEnv<'a>,
    lighting: Lighting,
    night: bool,
    sources: Vec<Source>,
}

/// E1.9: the marks of `sources` on `map` (`night`: a night scenario now).
pub fn light_marks<'a>(
    map: &'a crate::map::Map,
    sources: &[Source],
    night: bool,
) -> LightMarks<'a> {
    let env = LosEnv::new(map).obstacles_only();
    let lighting = illuminate(&env, sources);
    LightMarks {
        env,
        lighting,
        night,
        sources: sources.to_vec(),
    }
}

impl LightMarks<'_> {
    /// E1.9: what Illuminates hex `h`, with the rule of its zone (E1.923, E1.933, E1.94, E1.942).
    pub fn lit_by(&self, h: Hex) -> Option<(SourceKind, &'static str)> {
        if !self.night {
            return None;
        }
        let kind = self.env.map().index(h).and_then(|i| self.lighting.by[i])?;
        Some((
            kind,
            Source {
                kind,
                hex: h,
                levels: 0,
            }
            .rule(),
        ))
    }

    /// E1.941: hex `h` lies in a Blaze's zone but an obstacle shadows it.
    pub fn shadowed(&self, h: Hex) -> bool {
        self.night && self.lighting.is_shadowed(&self.env, h)
    }

    /// E1.941: what shadows hex `h` (each Blaze and the obstacle that blocks its light); empty
    /// unless `shadowed(h)`.
    pub fn shadows(&self, h: Hex) -> Vec<Shadow> {
        if !self.shadowed(h) {
            return Vec::new();
        }
        shadows(&self.env, &self.sources, h)
    }

    /// G11.96: the rule by which the cave is Illuminated (its hex and its Entrance Hex both
    /// are), `None` when it is not.
    pub fn cave(&self, cave: &Cave) -> Option<&'static str> {
        (self.night && cave_lit(&self.env, &self.lighting, cave)).then_some("G11.96")
    }
}
