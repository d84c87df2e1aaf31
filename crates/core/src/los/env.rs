//! The LOS environment: a compact per-hex profile of what can block or hinder LOS, built once
//! from the map and the situation (SMOKE, Blazes, NVR), read by the thread walk.

use crate::hex::{Direction, Hex, Hexside};
use crate::map::{LEVEL, LosEffect, Map, Terrain};
use crate::model::SmokeKind;

/// `i32::MIN` as "nothing there".
pub(super) const NONE: i32 = i32::MIN;

/// What SMOKE (A24) or a Blaze (B25) puts in a hex, for LOS.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Veil {
    /// A SMOKE counter: +3 hindrance (+2 when Dispersed), two levels tall.
    Smoke { dispersed: bool },
    /// SMOKE grenades: +2, two levels tall.
    SmokeGrenade,
    /// White Phosphorus: +2, four levels tall.
    WhitePhosphorus,
    /// WP grenades: +1, four levels tall.
    WpGrenade,
    /// A Blaze with this many Blazing levels: hinders like SMOKE (+3), two levels tall above
    /// its highest Blazing level.
    Blaze { levels: u8 },
}

impl Veil {
    /// A24: the veil of a kind of SMOKE counter; `dispersed` for Dispersed SMOKE.
    pub fn of_smoke(kind: SmokeKind, dispersed: bool) -> Veil {
        match kind {
            SmokeKind::Smoke => Veil::Smoke { dispersed },
            SmokeKind::Grenade => Veil::SmokeGrenade,
            SmokeKind::WhitePhosphorus => Veil::WhitePhosphorus,
            SmokeKind::WpGrenade => Veil::WpGrenade,
        }
    }

    /// The hindrance DRM and the height (half-levels above the hex's Base Level).
    pub fn hindrance(self) -> (u32, i32) {
        match self {
            Veil::Smoke { dispersed: false } => (3, 2 * LEVEL),
            Veil::Smoke { dispersed: true } => (2, 2 * LEVEL),
            Veil::SmokeGrenade => (2, 2 * LEVEL),
            Veil::WhitePhosphorus => (2, 4 * LEVEL),
            Veil::WpGrenade => (1, 4 * LEVEL),
            Veil::Blaze { levels } => (3, (i32::from(levels.max(1)) + 1) * LEVEL),
        }
    }

    /// The rule behind this hindrance.
    pub fn rule(self) -> &'static str {
        match self {
            Veil::Blaze { .. } => "B25.15",
            _ => "A24.4",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Veil::Smoke { dispersed: false } => "SMOKE",
            Veil::Smoke { dispersed: true } => "Dispersed SMOKE",
            Veil::SmokeGrenade => "SMOKE grenades",
            Veil::WhitePhosphorus => "WP",
            Veil::WpGrenade => "WP grenades",
            Veil::Blaze { .. } => "Blaze",
        }
    }
}

/// One hex's LOS profile, heights in half-levels.
#[derive(Copy, Clone, Debug)]
pub(super) struct Profile {
    pub ground: i32,
    /// Obstacle top, or NONE.
    pub obstacle: i32,
    /// Terrain hindrance top (NONE if none), DRM, and whether it is orchard-like.
    pub hind_top: i32,
    pub hind_drm: u32,
    pub orchard: bool,
    /// SMOKE/Blaze top (NONE if none) and DRM.
    pub veil_top: i32,
    pub veil_drm: u32,
    /// Bit `d` set: the hexside in direction `d` is a cliff.
    pub cliffs: u8,
    /// Hex is IN a Depression (its floor is its Base Level).
    pub depression: bool,
    pub terrain: Terrain,
    pub veil: Option<Veil>,
}

impl Profile {
    const OFF_MAP: Profile = Profile {
        ground: NONE,
        obstacle: NONE,
        hind_top: NONE,
        hind_drm: 0,
        orchard: false,
        veil_top: NONE,
        veil_drm: 0,
        cliffs: 0,
        depression: false,
        terrain: Terrain::Open,
        veil: None,
    };
}

/// The map and situation, ready for LOS checks.
#[derive(Clone, Debug)]
pub struct LosEnv<'m> {
    pub(super) map: &'m Map,
    pub(super) profile: Vec<Profile>,
    /// E1.1: at night, LOS reaches no farther than the NVR (E1.8 exceptions are the caller's).
    pub nvr: Option<u32>,
    /// A6.8: six hindrances block LOS. Off for light (E1.941 shadows come from obstacles only).
    pub hindrances_block: bool,
}

impl<'m> LosEnv<'m> {
    /// The environment of a map in daylight with no SMOKE.
    pub fn new(map: &'m Map) -> LosEnv<'m> {
        LosEnv {
            map,
            profile: base_profile(map),
            nvr: None,
            hindrances_block: true,
        }
    }

    /// Puts SMOKE or a Blaze in a hex (the stronger one stays if two are put in one hex).
    pub fn add_veil(&mut self, h: Hex, veil: Veil) {
        if let Some(i) = self.map.index(h) {
            let p = &mut self.profile[i];
            let (drm, height) = veil.hindrance();
            if drm > p.veil_drm {
                p.veil_drm = drm;
                p.veil_top = p.ground + height;
                p.veil = Some(veil);
            }
        }
    }

    /// Sets the Night Visibility Range (E1.1); `None` in daylight.
    pub fn with_nvr(mut self, nvr: Option<u32>) -> Self {
        self.nvr = nvr;
        self
    }

    /// The environment as a Blaze "sees" it for E1.941: terrain obstacles only, no hindrance
    /// ever blocks, no NVR.
    pub fn obstacles_only(mut self) -> Self {
        self.hindrances_block = false;
        self.nvr = None;
        self
    }

    pub fn map(&self) -> &'m Map {
        self.map
    }

    #[inline]
    pub(super) fn at(&self, h: Hex) -> &Profile {
        match self.map.index(h) {
            Some(i) => &self.profile[i],
            None => &Profile::OFF_MAP,
        }
    }
}

thread_local! {
    /// The last map's profile built, by its revision (`Map::revision`): a map's profile is
    /// built once, not at each of the many LOS checks of one order.
    static BASE: std::cell::RefCell<Option<(u64, std::rc::Rc<Vec<Profile>>)>> =
        const { std::cell::RefCell::new(None) };
}

/// The profile of `map` before SMOKE, Blazes and night: its ground, obstacles, hindrances,
/// depressions and cliffs, hex by hex.
fn base_profile(map: &Map) -> Vec<Profile> {
    let rev = map.revision();
    if let Some(p) = BASE.with(|b| {
        b.borrow()
            .as_ref()
            .filter(|(r, _)| *r == rev)
            .map(|(_, p)| p.clone())
    }) {
        return (*p).clone();
    }
    let mut profile = vec![Profile::OFF_MAP; map.slots()];

    for d in map.hexes() {
        let ground = d.level * LEVEL;
        let info = d.terrain.info();
        let mut p = Profile {
            ground,
            depression: d.depression.is_some(),
            terrain: d.terrain,
            ..Profile::OFF_MAP
        };
        match info.los {
            LosEffect::None => {}
            LosEffect::Obstacle { height } => p.obstacle = ground + height,
            LosEffect::Hindrance { height, drm } => {
                p.hind_top = ground + height;
                p.hind_drm = drm;
            }
            LosEffect::OrchardLike { height, drm } => {
                p.hind_top = ground + height;
                p.hind_drm = drm;
                p.orchard = true;
            }
        }
        for dir in Direction::ALL {
            if let Some(side) = Hexside::between(d.hex, d.hex.neighbor(dir))
                && map.is_cliff(side)
            {
                p.cliffs |= 1 << dir.index();
            }
        }
        if let Some(i) = map.index(d.hex) {
            profile[i] = p;
        }
    }
    BASE.with(|b| *b.borrow_mut() = Some((rev, std::rc::Rc::new(profile.clone()))));
    profile
}
