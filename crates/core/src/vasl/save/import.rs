//! A decoded VASL saved game made a scenario: its `bd` records laid out as a map of geomorphic
//! boards (`r69` is board 69 turned 180°), its SSRs and overlays listed, and each piece it knows
//! placed on the hex under its position, from the board's own grid geometry as read from the
//! player's board archive. Markers go where ASL stacks them (`stacking`): a "?", DM or Pin
//! counter applies to the units beneath it in its hex, a DC is possessed by the nearest unit
//! beneath it that has no DC yet. What the program does not know, or cannot read, is tallied
//! by name (cut to `NAME_CHARS` characters), never guessed; the narration lists at most
//! `MAX_LISTED` of them.

use std::collections::BTreeMap;

use crate::hex::{Direction, HexId};
use crate::map::Layout;
use crate::model::{Nationality, Side};
use crate::scenario::raw::{BlazeSpec, CaveSpec, ScenarioFile, SmokeSpec, StepSpec, UnitSpec};
use crate::vasl::board::BoardArchive;
use crate::vasl::error::ImportError;

use super::decode::{MAIN_MAP, SavedGame};
use super::layout::{LaidBoard, SaveLayout, boards_of, layout_of};
use super::pieces::{What, layers, what};
use super::records::cut;
use super::stacking::{Placed, stack_markers, stack_order};

/// The most characters of a piece's name said in the inventory and the narration.
pub const NAME_CHARS: usize = 80;
/// The most names the narration lists as left out (the rest: `and N more`).
pub const MAX_LISTED: usize = 40;

/// The pieces of one name and outcome: how many, placed or not, and why not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tally {
    pub name: String,
    pub count: usize,
    pub placed: bool,
    /// For pieces left out: why (the nationality not played, the counter not known, ...).
    pub why: Option<String>,
}

/// What an import found.
#[derive(Clone, Debug, PartialEq)]
pub struct Imported {
    /// The boards, top to bottom, left to right.
    pub boards: Vec<LaidBoard>,
    /// The layout as a scenario's `map.boards` writes it (`[["36", "37 rotated"]]`).
    pub layout: Vec<Vec<String>>,
    /// SSR words, in order, once each.
    pub ssr: Vec<String>,
    /// Overlay entries (`OVR o5 h4 g4`), in order.
    pub overlays: Vec<String>,
    /// Every piece, tallied by name and outcome (placed first, then by name).
    pub pieces: Vec<Tally>,
    /// The scenario, when the boards' archives were given.
    pub scenario: Option<ScenarioFile>,
    /// What could not be done and why (the boards make no layout: nothing placed).
    pub notes: Vec<String>,
}

/// The hexside direction a counter's arrow points to, turned `degrees` clockwise from the
/// hex's N hexside (the unrotated arrow's).
pub fn direction_of(degrees: f64) -> Direction {
    let sixth = (degrees.rem_euclid(360.0) / 60.0).round() as i64;
    Direction::ALL[usize::try_from(sixth.rem_euclid(6)).unwrap_or(0)]
}

/// Where pieces land: the layout and each board's grid, from its archive.
struct Placer<'a> {
    layout: &'a Layout,
    archives: &'a [BoardArchive],
}

impl Placer<'_> {
    /// The grid hex under map pixel (x, y): the board whose rectangle holds it (board (c, r)
    /// spans [c W, (c+1) W] x [r H, (r+1) H], W x H its LOS grid's pixels), the point turned
    /// 180° on a reversed board, then the board's hex whose centre is nearest.
    fn hex_at(&self, x: i64, y: i64) -> Option<HexId> {
        for (b, placed) in self.layout.boards.iter().enumerate() {
            let archive = self.archives.get(b)?;
            let g = archive.grid;
            let (w, h) = (f64::from(g.grid_width), f64::from(g.grid_height));
            let lx = x as f64 - f64::from(placed.across) * w;
            let ly = y as f64 - f64::from(placed.down) * h;
            if !(0.0..=w).contains(&lx) || !(0.0..=h).contains(&ly) {
                continue;
            }
            let (lx, ly) = if placed.rotated {
                (w - lx, h - ly)
            } else {
                (lx, ly)
            };
            let local = g.nearest((lx, ly))?;
            return self.layout.to_grid(b, local);
        }
        None
    }
}

/// Imports the saved game: always its layout and inventory; with `archives` (one per board of
/// the layout, in its order: top to bottom, left to right) the scenario too. `source` names the
/// saved game in the scenario's title and narration.
pub fn import(
    game: &SavedGame,
    source: &str,
    archives: Option<&[BoardArchive]>,
) -> Result<Imported, ImportError> {
    let mut tallies: BTreeMap<(bool, String, Option<String>), usize> = BTreeMap::new();
    let mut tally = |name: &str, placed: bool, why: Option<String>| {
        *tallies
            .entry((!placed, cut(name, NAME_CHARS), why))
            .or_default() += 1;
    };
    for u in &game.unreadable {
        tally(&u.name, false, Some(format!("unreadable: {}", u.why)));
    }
    let read = match (layout_of(game), archives) {
        (Ok(l), _) => l,
        (Err(e), None) => {
            let (boards, ssr, overlays) = boards_of(game);
            tally_overlays(&overlays, &mut tally);
            tally_unplaced(game, &mut tally);
            let mut i = finish(source, boards, Vec::new(), ssr, overlays, tallies, None);
            i.notes.push(format!("{e}: the boards make no layout"));
            return Ok(i);
        }
        (Err(e), Some(_)) => return Err(ImportError::new(source, e)),
    };
    let SaveLayout {
        boards,
        layout,
        ssr,
        overlays,
    } = read;
    let rows: Vec<Vec<String>> = {
        let mut rows: Vec<Vec<String>> = vec![Vec::new(); layout.down as usize];
        for b in &layout.boards {
            if let Some(r) = rows.get_mut(b.down as usize) {
                r.push(if b.rotated {
                    format!("{} rotated", b.name)
                } else {
                    b.name.clone()
                });
            }
        }
        rows
    };
    tally_overlays(&overlays, &mut tally);
    let Some(archives) = archives else {
        tally_unplaced(game, &mut tally);
        return Ok(finish(source, boards, rows, ssr, overlays, tallies, None));
    };
    if archives.len() != layout.boards.len() {
        return Err(ImportError::new(
            source,
            format!(
                "{} board archives for the {} boards of the layout",
                archives.len(),
                layout.boards.len()
            ),
        ));
    }
    for a in archives {
        a.check_geomorphic()
            .map_err(|e| ImportError::new(source, e))?;
    }
    let placer = Placer {
        layout: &layout,
        archives,
    };
    let order = stack_order(game);
    let mut placed: Vec<Placed> = Vec::new();
    for p in &game.pieces {
        let w = what(p);
        if let What::Unknown(why) = w {
            tally(&p.name, false, Some(why));
            continue;
        }
        if p.map != MAIN_MAP {
            tally(
                &p.name,
                false,
                Some(format!(
                    "on the map '{}', not the {MAIN_MAP}",
                    cut(&p.map, 40)
                )),
            );
            continue;
        }
        let Some(hex) = placer.hex_at(p.x, p.y) else {
            tally(&p.name, false, Some("off the boards".into()));
            continue;
        };
        placed.push(Placed {
            hex,
            what: w,
            layers: layers(p),
            name: p.name.clone(),
            order: order.get(p.id.as_str()).copied().unwrap_or((p.record, 0)),
        });
    }
    let scenario = build(source, &layout, rows.clone(), &placed, &mut tally)
        .map_err(|e| ImportError::new(source, e))?;
    Ok(finish(
        source,
        boards,
        rows,
        ssr,
        overlays,
        tallies,
        Some(scenario),
    ))
}

/// Each overlay, tallied as left out.
fn tally_overlays(overlays: &[String], tally: &mut impl FnMut(&str, bool, Option<String>)) {
    for o in overlays {
        let name = o.split_whitespace().take(2).collect::<Vec<_>>().join(" ");
        tally(
            &name,
            false,
            Some("an overlay: not laid on the boards".into()),
        );
    }
}

/// Every piece, tallied as not placed (no board archives to place it with): why.
fn tally_unplaced(game: &SavedGame, tally: &mut impl FnMut(&str, bool, Option<String>)) {
    for p in &game.pieces {
        let why = match what(p) {
            What::Unknown(w) => w,
            _ => "known, but not placed: no board archives to place it with".into(),
        };
        tally(&p.name, false, Some(why));
    }
}

fn finish(
    source: &str,
    boards: Vec<LaidBoard>,
    layout: Vec<Vec<String>>,
    ssr: Vec<String>,
    overlays: Vec<String>,
    tallies: BTreeMap<(bool, String, Option<String>), usize>,
    scenario: Option<ScenarioFile>,
) -> Imported {
    let pieces = tallies
        .into_iter()
        .map(|((left_out, name, why), count)| Tally {
            name,
            count,
            placed: !left_out,
            why,
        })
        .collect();
    let mut imported = Imported {
        boards,
        layout,
        ssr,
        overlays,
        pieces,
        scenario,
        notes: Vec::new(),
    };
    let say = narration(source, &imported);
    if let Some(s) = imported.scenario.as_mut() {
        s.notes = Some(say.clone());
        s.script = vec![StepSpec {
            say: Some(say),
            ..StepSpec::default()
        }];
    }
    imported
}

/// The scenario's narration: where it came from, what was read, what was left out.
pub fn narration(source: &str, imported: &Imported) -> String {
    let boards: Vec<String> = imported.boards.iter().map(|b| b.words()).collect();
    let mut say = format!(
        "Imported from the VASL saved game {source}: boards {}",
        boards.join(", ")
    );
    if !imported.ssr.is_empty() {
        say.push_str(&format!("; SSR {} (not applied)", imported.ssr.join(", ")));
    }
    let placed: usize = imported
        .pieces
        .iter()
        .filter(|t| t.placed)
        .map(|t| t.count)
        .sum();
    say.push_str(&format!("; {placed} pieces placed"));
    let left_out = imported.pieces.iter().filter(|t| !t.placed);
    let more = left_out.clone().count().saturating_sub(MAX_LISTED);
    let mut left: Vec<String> = left_out
        .take(MAX_LISTED)
        .map(|t| {
            format!(
                "{} x {}{}",
                t.count,
                t.name,
                t.why.as_ref().map_or(String::new(), |w| format!(" ({w})"))
            )
        })
        .collect();
    if more > 0 {
        left.push(format!("and {more} more"));
    }
    if left.is_empty() {
        say.push_str("; nothing left out");
    } else {
        say.push_str(&format!("; left out: {}", left.join(", ")));
    }
    say
}

/// The scenario of the placed pieces.
fn build(
    source: &str,
    layout: &Layout,
    rows: Vec<Vec<String>>,
    placed: &[Placed],
    tally: &mut impl FnMut(&str, bool, Option<String>),
) -> Result<ScenarioFile, String> {
    let mut file: ScenarioFile = crate::scenario::raw::parse(
        "Scenario(title: \"\", map: (boards: [[\"1\"]], import: true))",
    )
    .map_err(|e| format!("the scenario could not be made: {}", e.message))?;
    file.title = format!("{source} (VASL saved game)");
    file.map.boards = Some(rows);
    let name = |h: HexId| layout.name(h).unwrap_or_else(|| h.to_string());
    // Units first, each with its own layers, remembering where each lies in the stacking order.
    let mut units: Vec<(usize, HexId, UnitSpec)> = Vec::new();
    let mut numbers: BTreeMap<&'static str, usize> = BTreeMap::new();
    for (i, p) in placed.iter().enumerate() {
        if let What::Unit {
            nationality,
            counter,
        } = &p.what
        {
            let prefix = match (nationality, Side::of(*nationality)) {
                (Nationality::American, _) => "us",
                (_, Side::Japanese) => "jp",
                (_, Side::Allied) => "al",
            };
            let n = numbers.entry(prefix).or_default();
            *n += 1;
            let l = &p.layers;
            units.push((
                i,
                p.hex,
                UnitSpec {
                    id: format!("{prefix}{n}"),
                    nationality: *nationality,
                    counter: counter.clone(),
                    at: name(p.hex),
                    hidden: l.hidden,
                    concealed: l.concealed,
                    cloaked: false,
                    dc: false,
                    broken: l.broken,
                    dm: l.dm && l.broken,
                    pinned: l.pinned,
                    wounded: false,
                    cx: false,
                    berserk: false,
                },
            ));
            tally(&p.name, true, None);
        }
    }
    let markers = stack_markers(placed, &mut units);
    let mut caves = 0usize;
    for (i, p) in placed.iter().enumerate() {
        let hex = name(p.hex);
        let done = match &p.what {
            What::Unit { .. } | What::Unknown(_) => continue,
            What::Concealment | What::Dm | What::Pin | What::Dc => {
                markers.get(i).copied().flatten().unwrap_or(Ok(()))
            }
            What::Cave => {
                let d = direction_of(p.layers.rotation.unwrap_or(0.0));
                let across = p.hex.hex().neighbor(d).id().and_then(|n| layout.name(n));
                across
                    .map(|n| {
                        caves += 1;
                        file.caves.push(CaveSpec {
                            id: cave_id(caves),
                            hex: hex.clone(),
                            ca: format!("{hex}-{n}"),
                            level: None,
                            primary: false,
                        });
                    })
                    .ok_or("its CA Hexside leads off the map")
            }
            What::Smoke(kind) => {
                file.smoke.push(SmokeSpec {
                    at: hex.clone(),
                    kind: *kind,
                });
                Ok(())
            }
            What::Blaze => {
                file.blazes.push(BlazeSpec {
                    hex: hex.clone(),
                    levels: 1,
                });
                Ok(())
            }
            What::Starshell => {
                file.starshells.push(hex.clone());
                Ok(())
            }
            What::Ir => {
                file.illuminating_rounds.push(hex.clone());
                Ok(())
            }
        };
        match done {
            Ok(()) => tally(&p.name, true, None),
            Err(why) => tally(&p.name, false, Some(why.to_string())),
        }
    }
    file.units = units.into_iter().map(|(_, _, u)| u).collect();
    Ok(file)
}

/// Cave ids: A..Z, then A1, B1, ...
fn cave_id(n: usize) -> String {
    let i = n.saturating_sub(1);
    let letter = char::from(b'A' + (i % 26) as u8);
    if i < 26 {
        letter.to_string()
    } else {
        format!("{letter}{}", i / 26)
    }
}

/// The scenario as RON text, with a header comment naming where it came from.
pub fn scenario_text(file: &ScenarioFile) -> Result<String, String> {
    let config = ron::ser::PrettyConfig::new()
        .struct_names(true)
        .depth_limit(2)
        .indentor("    ".to_string());
    let body = ron::ser::to_string_pretty(file, config)
        .map_err(|e| format!("the scenario could not be written out: {e}"))?;
    Ok(format!(
        "// {}: imported by asl-pto (`asl-pto import`); the boards are read from your VASL \
         boards folder.\n{body}\n",
        file.title.replace(['\n', '\r'], " ")
    ))
}
