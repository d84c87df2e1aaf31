//! A LOS's result (`LosResult`: clear or blocked, the range, the hindrance, why, the path with
//! the thread's height over each hex) and how the environment explains it in words.

use super::engine::{Block, Effect, End, Sight, Trace};
use super::env::LosEnv;
use super::location::Location;
use crate::hex::{Hex, LineStep, Point3};
use crate::map::LEVEL;

/// Why a LOS could not be checked.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LosError {
    #[error("{0} is not on the map")]
    OffMap(String),
    #[error("{0}: {1}")]
    Subterranean(String, String),
}

/// One hex the thread crosses.
#[derive(Clone, Debug, PartialEq)]
pub struct PathHex {
    pub hex: Hex,
    /// The thread's elevation over this hex, in levels.
    pub height: f32,
    /// True when the thread runs along a hexside and this is one of the two hexes beside it.
    pub along_hexside: bool,
    pub effect: Effect,
}

/// A full LOS answer.
#[derive(Clone, Debug, PartialEq)]
pub struct LosResult {
    pub sight: Sight,
    /// The deciding rule: what blocked the LOS, or what limited a clear one (a hindrance).
    pub rule: Option<&'static str>,
    pub reason: String,
    pub path: Vec<PathHex>,
    /// E1.101: the target is beyond the NVR, and seen only because it is Illuminated or marked
    /// by a Gunflash (set by `rules::sight`, which knows the marks; the engine alone never).
    pub lit_beyond_nvr: bool,
}

impl LosResult {
    pub fn clear(&self) -> bool {
        self.sight.clear()
    }

    /// No LOS at all, by a rule outside A6 (a cave's CA, a Cave Complex...).
    pub fn refused(range: u32, rule: &'static str, hex: Option<Hex>, reason: String) -> Self {
        LosResult {
            sight: Sight {
                range,
                hindrance: 0,
                block: Some(Block::Refused { rule, hex }),
            },
            rule: Some(rule),
            reason,
            path: Vec::new(),
            lit_beyond_nvr: false,
        }
    }

    /// A Location's LOS to itself: clear at range 0, hindered only by what lies in it
    /// (`hindrance`, with the `rule` that says so).
    pub fn own_location(hindrance: u32, rule: Option<&'static str>, reason: String) -> Self {
        LosResult {
            sight: Sight {
                range: 0,
                hindrance,
                block: None,
            },
            rule,
            reason,
            path: Vec::new(),
            lit_beyond_nvr: false,
        }
    }
}

struct Recorder(Vec<PathHex>);

impl Trace for Recorder {
    const STOP_AT_BLOCK: bool = false;
    fn hex(&mut self, step: &LineStep, hex: Hex, height: f32, effect: Effect) {
        self.0.push(PathHex {
            hex,
            height: height / LEVEL as f32,
            along_hexside: step.along_hexside(),
            effect,
        });
    }
}

/// A height in half-levels, as levels ("1", "1.5", "-1").
pub fn levels(h: i32) -> String {
    format!("{}", h as f32 / LEVEL as f32)
}

fn plural(n: u32, word: &str) -> String {
    match (n, word.ends_with('x')) {
        (1, _) => format!("1 {word}"),
        (_, true) => format!("{n} {word}es"),
        _ => format!("{n} {word}s"),
    }
}

impl LosEnv<'_> {
    /// The end of a LOS at an above-ground Location.
    pub fn end(&self, loc: &Location) -> Result<End, LosError> {
        let map = self.map();
        let text = || loc.display(map).to_string();
        match loc {
            Location::Cave(_) | Location::Complex(_) => Err(LosError::Subterranean(
                text(),
                "LOS to or from a cave is decided by G11.5 (caves), not by A6 alone".into(),
            )),
            Location::Climbing { hex, level, vertex } => Ok(End {
                hex: *hex,
                elevation: level * LEVEL,
                point: Point3::vertex(*vertex),
                portal: None,
                in_cave: false,
                slope: false,
            }),
            _ => {
                let hex = loc.hex().ok_or_else(|| LosError::OffMap(text()))?;
                let level = loc.level(map).ok_or_else(|| LosError::OffMap(text()))?;
                Ok(End::centre(hex, level * LEVEL))
            }
        }
    }

    /// A6: is the LOS between two above-ground Locations clear? (Fast: no path, no sentence.)
    pub fn sight(&self, from: &Location, to: &Location) -> Result<Sight, LosError> {
        Ok(self.walk(self.end(from)?, self.end(to)?, &mut ()))
    }

    /// A6: the LOS between two above-ground Locations, with its path and the deciding rule.
    pub fn check(&self, from: &Location, to: &Location) -> Result<LosResult, LosError> {
        Ok(self.check_ends(self.end(from)?, self.end(to)?))
    }

    /// A6: the LOS between two ends (caves give their own; see `rules::caves::sight`).
    pub fn check_ends(&self, a: End, b: End) -> LosResult {
        let mut rec = Recorder(Vec::new());
        let sight = self.walk(a, b, &mut rec);
        let (rule, reason) = self.explain(&sight, a, b, &rec.0);
        LosResult {
            sight,
            rule,
            reason,
            path: rec.0,
            lit_beyond_nvr: false,
        }
    }

    fn explain(
        &self,
        sight: &Sight,
        a: End,
        b: End,
        path: &[PathHex],
    ) -> (Option<&'static str>, String) {
        let Some(block) = sight.block else {
            if sight.hindrance == 0 {
                return (
                    None,
                    "nothing between the two Locations blocks or hinders the LOS".into(),
                );
            }
            let parts = self.hindrances(a, b, path);
            return (
                sight.rule(),
                format!(
                    "clear but hindered: +{} in all ({}); six or more would block it",
                    sight.hindrance,
                    parts.join(", ")
                ),
            );
        };
        (sight.rule(), self.why_blocked(sight, block, a, b))
    }

    /// Each hindrance of a clear LOS, as "what in hex (+drm)": the ends' veils, then the path's.
    fn hindrances(&self, a: End, b: End, path: &[PathHex]) -> Vec<String> {
        let map = self.map();
        let name = |h: Hex| map.name(h);
        let what = |h: Hex| self.at(h).terrain.info().name;
        let mut parts: Vec<String> = Vec::new();
        for end in self.veiled_ends(a, b) {
            let p = self.at(end.hex);
            if let Some(v) = p.veil {
                parts.push(format!(
                    "{} in {} (+{})",
                    v.name(),
                    name(end.hex),
                    p.veil_drm
                ));
            }
        }
        for ph in path {
            if let Effect::Hinders(drm) = ph.effect {
                let p = self.at(ph.hex);
                let mut sources = Vec::new();
                if p.hind_drm > 0 {
                    sources.push(what(ph.hex).to_string());
                }
                if let Some(v) = p.veil {
                    sources.push(v.name().to_string());
                }
                parts.push(format!(
                    "{} in {} (+{drm})",
                    sources.join(" and "),
                    name(ph.hex)
                ));
            }
        }
        parts
    }

    /// Why `block` blocks the LOS between `a` and `b`, in a sentence.
    fn why_blocked(&self, sight: &Sight, block: Block, a: End, b: End) -> String {
        let map = self.map();
        let name = |h: Hex| map.name(h);
        let (high, low) = if a.elevation >= b.elevation {
            (a, b)
        } else {
            (b, a)
        };
        let ends = format!(
            "Level {} and Level {}",
            levels(high.elevation),
            levels(low.elevation)
        );
        let what = |h: Hex| self.at(h).terrain.info().name;
        match block {
            Block::Nvr { nvr: 0 } => "at NVR 0 no Location but the viewer's own is within the \
                 NVR, not even another Location of its hex; only an Illuminated target or a \
                 Gunflash could be seen (E1.8)"
                .to_string(),
            Block::Nvr { nvr } => format!(
                "range {} is beyond the Night Visibility Range of {nvr}; only an Illuminated \
                 target or a Gunflash could be seen (E1.8)",
                sight.range
            ),
            Block::Ground { hex, level } => format!(
                "the ground of {} (Level {}) is higher than both ends ({ends})",
                name(hex),
                levels(level)
            ),
            Block::Crest {
                hex,
                level,
                blind,
                cliff,
                depression,
            } => {
                let base = format!(
                    "{} is {} behind the crest of {} (Level {}), which hides {} from {} at \
                     range {}",
                    name(low.hex),
                    plural(hex.distance(low.hex), "hex"),
                    name(hex),
                    levels(level),
                    plural(blind, "Blind Hex"),
                    format_args!("Level {}", levels(high.elevation)),
                    high.hex.distance(hex)
                );
                if depression {
                    format!(
                        "{base}: a Location IN a Depression is hidden by its rim from a viewer \
                         not high enough above it"
                    )
                } else if cliff {
                    format!("{base}: a cliff always leaves at least one Blind Hex below it")
                } else {
                    base
                }
            }
            Block::Depression { hex, level } => format!(
                "{} is IN a Depression and the other end is at its Crest level (Level {}) but \
                 not ADJACENT to it: the rim hides it",
                name(hex),
                levels(level)
            ),
            Block::Obstacle { hex, top } => format!(
                "{} in {} rises to Level {}, at or above both ends ({ends})",
                what(hex),
                name(hex),
                levels(top)
            ),
            Block::ObstacleBlind { hex, top, blind } => format!(
                "{} in {} (top Level {}) leaves {} behind it as seen from Level {} at range {}; \
                 {} is {} behind it",
                what(hex),
                name(hex),
                levels(top),
                plural(blind, "Blind Hex"),
                levels(high.elevation),
                high.hex.distance(hex),
                name(low.hex),
                plural(hex.distance(low.hex), "hex")
            ),
            Block::Entrance { hex, top } => format!(
                "the cave's Entrance Hex {} rises to Level {} ({}), above the cave's level",
                name(hex),
                levels(top),
                what(hex)
            ),
            Block::Refused { rule, .. } => format!("no LOS by {rule}"),
            Block::Hindrance { hex, total } => format!(
                "hindrances total +{total} by {}; six or more block the LOS",
                name(hex)
            ),
        }
    }
}
