//! The caves of a scenario as the rulings read them (`CaveSystem`: each `Cave`, its Complex
//! and tunnels, with the SMOKE in them), and how they are built from the scenario's input.

use super::setup::{PlacedCave, site};
use crate::hex::{Hex, Hexside};
use crate::map::Map;
use crate::rules::Problem;

/// A Cave counter as written in the scenario.
#[derive(Clone, Debug, PartialEq)]
pub struct CaveInput {
    pub id: String,
    pub hex: Hex,
    pub ca: Hexside,
    pub level: Option<i32>,
    pub primary: bool,
}

/// A cave as set up.
#[derive(Clone, Debug, PartialEq)]
pub struct Cave {
    pub id: String,
    pub hex: Hex,
    /// The CA Hexside (G11.12).
    pub ca: Hexside,
    /// The Entrance Hex (G11.1): across the CA Hexside, or the cave's own hex IN a Depression.
    pub entrance: Hex,
    /// The cave's level (G11.11).
    pub level: i32,
    /// G11.113.
    pub upper_cliff: bool,
    /// G11.111: set up IN a Depression.
    pub in_depression: bool,
    /// G11.2: a Primary cave, with a Cave Complex of its own.
    pub primary: bool,
    /// The Cave Complex whose boundaries hold this cave (by its Primary cave's id).
    pub complex: Option<String>,
}

/// A Cave Complex (G11.2), named by its Primary cave.
#[derive(Clone, Debug, PartialEq)]
pub struct Complex {
    pub primary: String,
    pub hexes: Vec<Hex>,
}

/// One end of a tunnel (G11.933): a Cave Complex or an above-ground hex.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TunnelEnd {
    Complex(String),
    Hex(Hex),
}

/// A tunnel (G11.933) between two Locations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tunnel {
    pub from: TunnelEnd,
    pub to: TunnelEnd,
}

/// Every cave, complex and tunnel of a scenario.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CaveSystem {
    pub caves: Vec<Cave>,
    pub complexes: Vec<Complex>,
    pub tunnels: Vec<Tunnel>,
    /// SMOKE in caves (G11.85): cave id and the SMOKE's current hindrance DRM.
    pub smoke: Vec<(String, u32)>,
}

impl CaveSystem {
    /// G11.1-G11.113, G11.2: sets up the caves on `map`, returning the system and the setup
    /// problems. A cave whose site breaks a rule is still set up (at its written level, or its
    /// Entrance Hex's level) so that the other questions can be answered; the problem says why
    /// it is illegal.
    pub fn build(
        map: &Map,
        caves: &[CaveInput],
        complexes: &[Complex],
        tunnels: &[Tunnel],
    ) -> (CaveSystem, Vec<Problem>) {
        let mut problems = Vec::new();
        let mut out = Vec::new();
        for c in caves {
            let at = format!("cave {}", c.id);
            let (entrance, level, upper_cliff, in_depression) = match site(map, c.hex, c.ca) {
                Ok(s) => {
                    let level = match s.level(c.level) {
                        Ok(l) => l,
                        Err(why) => {
                            problems.push(Problem {
                                rule: s.level_rule,
                                at: at.clone(),
                                message: why,
                            });
                            c.level.unwrap_or(*s.levels.start())
                        }
                    };
                    (s.entrance, level, s.upper_cliff(level), s.in_depression)
                }
                Err(mut p) => {
                    p.at = at.clone();
                    problems.push(p);
                    let in_dep = map.get(c.hex).is_some_and(|d| d.depression.is_some());
                    let entrance = if in_dep {
                        c.hex
                    } else {
                        c.ca.other(c.hex).unwrap_or(c.hex)
                    };
                    let fallback = super::setup::base_or_crest(map, entrance).unwrap_or(0);
                    (entrance, c.level.unwrap_or(fallback), false, in_dep)
                }
            };
            let complex = complexes
                .iter()
                .find(|x| x.hexes.contains(&c.hex))
                .map(|x| x.primary.clone());
            out.push(Cave {
                id: c.id.clone(),
                hex: c.hex,
                ca: c.ca,
                entrance,
                level,
                upper_cliff,
                in_depression,
                primary: c.primary,
                complex,
            });
        }
        let system = CaveSystem {
            caves: out,
            complexes: complexes.to_vec(),
            tunnels: tunnels.to_vec(),
            smoke: Vec::new(),
        };
        problems.extend(system.setup_problems());
        (system, problems)
    }

    fn placed(&self) -> Vec<PlacedCave> {
        self.caves
            .iter()
            .map(|c| PlacedCave {
                id: c.id.clone(),
                hex: c.hex,
                ca: c.ca,
                upper_cliff: c.upper_cliff,
                primary: c.primary,
            })
            .collect()
    }

    fn setup_problems(&self) -> Vec<Problem> {
        let mut out = super::setup::one_per_hexside(&self.placed());
        for x in &self.complexes {
            match self.cave(&x.primary) {
                Some(c) if !c.primary => out.push(Problem {
                    rule: "G11.2",
                    at: format!("cave {}", c.id),
                    message: format!(
                        "a Cave Complex names cave {} as its Primary cave, but the cave is not \
                         marked primary",
                        c.id
                    ),
                }),
                Some(c) if !x.hexes.contains(&c.hex) => out.push(Problem {
                    rule: "G11.2",
                    at: format!("complex:{}", x.primary),
                    message: format!(
                        "Cave Complex {0}{0} must comprise the hex of its Primary cave {0}",
                        x.primary
                    ),
                }),
                _ => {}
            }
        }
        for c in self.caves.iter().filter(|c| c.primary) {
            if !self.complexes.iter().any(|x| x.primary == c.id) {
                out.push(Problem {
                    rule: "G11.2",
                    at: format!("cave {}", c.id),
                    message: format!(
                        "cave {} is a Primary cave but no Cave Complex is given for it",
                        c.id
                    ),
                });
            }
        }
        out
    }

    pub fn cave(&self, id: &str) -> Option<&Cave> {
        self.caves.iter().find(|c| c.id == id)
    }

    /// G11.85: the hindrance DRM of the SMOKE in a cave (0 if none).
    pub fn smoke_drm(&self, id: &str) -> u32 {
        self.smoke
            .iter()
            .filter(|(c, _)| c == id)
            .map(|(_, d)| *d)
            .max()
            .unwrap_or(0)
    }

    pub fn complex(&self, primary: &str) -> Option<&Complex> {
        self.complexes.iter().find(|c| c.primary == primary)
    }

    /// G11.4: a Cave Complex's stacking limit, twice the caves set up within its boundaries.
    pub fn complex_stacking_limit(&self, primary: &str) -> Option<u32> {
        let x = self.complex(primary)?;
        Some(
            2 * self
                .caves
                .iter()
                .filter(|c| x.hexes.contains(&c.hex))
                .count() as u32,
        )
    }

    /// G11.4: a Cave Complex may not be Overstacked during setup. `occupants` gives, for each
    /// unit set up in a Complex, the Complex (by Primary cave) and its squad-equivalents.
    pub fn setup_stacking_problems(&self, occupants: &[(&str, f32)]) -> Vec<Problem> {
        self.complexes
            .iter()
            .filter_map(|x| {
                let limit = self.complex_stacking_limit(&x.primary)? as f32;
                let total: f32 = occupants
                    .iter()
                    .filter(|(c, _)| *c == x.primary)
                    .map(|(_, se)| se)
                    .sum();
                (total > limit).then(|| Problem {
                    rule: "G11.4",
                    at: format!("complex:{}", x.primary),
                    message: format!(
                        "Cave Complex {0}{0} holds {total} squad-equivalents at setup; its limit \
                         is {limit} (twice its caves) and Overstacking is NA during setup",
                        x.primary
                    ),
                })
            })
            .collect()
    }

    /// G11.91, G11.2: the OB accounting, when the OB gives a count.
    pub fn ob_problems(&self, ob: u32) -> Vec<Problem> {
        super::setup::ob_problems(&self.placed(), ob)
    }
}
