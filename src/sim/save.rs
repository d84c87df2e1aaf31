//! Saving and loading a running walkthrough (RON). A save holds everything the walk changes:
//! the Player Turn and phase, the script position, the dice (seed and stream position), the
//! NVR, every unit, cave, Climb counter, SMOKE and light source. Loading it into a fresh
//! simulation of the same scenario and continuing gives the same events as never having
//! saved. A save names the fingerprint of its scenario file and is checked against it before
//! anything of it is used (`save_check`).

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use super::Board;
use super::components::*;
use super::log::LogPhase;
use super::phase::{NightState, Phase, PlayerTurn, Tallies};
use super::runner::Walk;
use crate::game::{Dice, Roll};
use crate::scenario::SmokeKind;

/// A unit in a save.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedUnit {
    pub unit: Unit,
    pub at: String,
    pub hidden: bool,
    pub concealed: bool,
    pub cloaked: bool,
}

/// A SMOKE counter in a save.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedSmoke {
    pub at: String,
    pub kind: SmokeKind,
    pub dispersed: bool,
    pub placed_in: u32,
}

/// A saved walkthrough.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Save {
    /// The save format (`save_check::SAVE_FORMAT`).
    pub format: u32,
    /// The fingerprint of the scenario file's text (`scenario::fingerprint`), checked on load.
    pub scenario: String,
    /// The scenario's title, checked on load.
    pub title: String,
    pub seed: u64,
    /// The dice stream position (a decimal number: RON has no 128-bit integers).
    pub dice_position: String,
    pub rolls: Vec<Roll>,
    pub player_turn: PlayerTurn,
    pub phase: Phase,
    pub night: NightState,
    pub tallies: Tallies,
    /// Steps already run.
    pub next_step: usize,
    pub units: Vec<SavedUnit>,
    /// The caves still on the map, with their hidden state.
    pub caves: Vec<(String, bool)>,
    pub hidden_complexes: Vec<String>,
    /// Caves the Allies have gained Control of (G11.94).
    #[serde(default)]
    pub allied_controlled: Vec<String>,
    /// The above-ground openings (hex names) of tunnels no longer hidden (G11.851).
    #[serde(default)]
    pub revealed_tunnels: Vec<String>,
    /// Climb counters: (unit, Location text).
    pub climbs: Vec<(String, String)>,
    pub smoke: Vec<SavedSmoke>,
    /// Light sources by axial hex coordinates (q, r): a Starshell may lie off the map
    /// (E1.923), where a hex has no id.
    pub blazes: Vec<((i32, i32), u8)>,
    pub flames: Vec<(i32, i32)>,
    pub starshells: Vec<(i32, i32)>,
    pub illuminating_rounds: Vec<(i32, i32)>,
    /// Trip flares still set up (G.8), and the Trip Flare counters placed.
    #[serde(default)]
    pub trip_flares: Vec<((i32, i32), u32)>,
    #[serde(default)]
    pub trip_flare_counters: Vec<(i32, i32)>,
    /// Locations marked by a Gunflash (E1.8).
    #[serde(default)]
    pub gunflashes: Vec<String>,
    /// Play mode (issue 15): the steps played so far, as a script writes them; loading the save
    /// continues the game in Play mode. `None` for a watched walk (its script is the scenario's).
    #[serde(default)]
    pub played: Option<Vec<crate::scenario::raw::StepSpec>>,
    /// A digest of the event log when the save was taken (`events_digest`), so that a replay
    /// of the save's past (`play::replay`) is known to tell the same events. Older saves have
    /// none.
    #[serde(default)]
    pub events: Option<String>,
}

/// A digest of an event log: FNV-1a (64 bits) over the events' JSON lines, as hex, each with
/// its script step number left out (a phase Watch mode's "Next phase" reached on its own is
/// told under the next step in a replay; everything else must be the same). Stable across
/// runs, platforms and builds (unlike `std`'s hasher), as a save must be.
pub fn events_digest(events: &[super::Event]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for e in events {
        let line = super::Event {
            step: 0,
            ..e.clone()
        }
        .json();
        for b in line.bytes().chain([b'\n']) {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    format!("fnv1a64:{h:016x}:{}", events.len())
}

/// Why a save cannot be loaded.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SaveError {
    #[error("{0}")]
    Syntax(String),
    #[error("the save is of scenario '{saved}', not '{loaded}'")]
    Scenario { saved: String, loaded: String },
    #[error("the save names {0}")]
    Bad(String),
    #[error("a save is taken between steps, not while one is running")]
    Busy,
}

fn sorted<T: Ord>(mut v: Vec<T>) -> Vec<T> {
    v.sort();
    v
}

/// A Play-mode save's steps played, read as a script of `s` (checked as strictly); `None` for
/// a watched walk's save.
pub fn played_steps(
    s: &crate::scenario::Scenario,
    save: &Save,
) -> Result<Option<Vec<crate::scenario::Step>>, SaveError> {
    let Some(specs) = &save.played else {
        return Ok(None);
    };
    let text = s
        .with_script_specs(specs.clone(), save.seed)
        .map_err(|e| SaveError::Bad(e.to_string()))?;
    let replay = crate::scenario::Scenario::from_str(&text, &s.file)
        .map_err(|e| SaveError::Bad(format!("the played steps: {e}")))?;
    if save.next_step > replay.script.len() {
        return Err(SaveError::Bad(format!(
            "next_step {} is past the {} steps played",
            save.next_step,
            replay.script.len()
        )));
    }
    Ok(Some(replay.script))
}

/// Takes a save of the world (between steps), with the digest of its event log.
pub fn save(world: &mut World) -> Result<Save, SaveError> {
    take(world, true)
}

/// A save for an Undo snapshot: the log's digest is left out (the snapshot keeps the log's
/// length, and hashing the whole log before every step would grow with the game).
pub(super) fn snapshot_save(world: &mut World) -> Result<Save, SaveError> {
    take(world, false)
}

fn take(world: &mut World, with_events: bool) -> Result<Save, SaveError> {
    let walk = world.resource::<Walk>().clone();
    if !walk.idle() {
        return Err(SaveError::Busy);
    }
    let board = world.resource::<Board>().clone();
    let map = &board.scenario.map;
    let name = |h: crate::hex::Hex| (h.q, h.r);
    let dice = world.resource::<Dice>().clone();
    let mut q = world.query::<(&Unit, &At, Has<Hidden>, Has<Concealed>, Has<Cloaked>)>();
    let mut units: Vec<SavedUnit> = q
        .iter(world)
        .map(|(u, at, hidden, concealed, cloaked)| SavedUnit {
            unit: u.clone(),
            at: at.0.display(map).to_string(),
            hidden,
            concealed,
            cloaked,
        })
        .collect();
    units.sort_by(|a, b| a.unit.id.cmp(&b.unit.id));
    let mut q = world.query::<(&CaveCounter, Has<Hidden>)>();
    let caves = sorted(q.iter(world).map(|(c, h)| (c.id.clone(), h)).collect());
    let mut q = world.query_filtered::<&CaveComplex, With<Hidden>>();
    let hidden_complexes = sorted(q.iter(world).map(|c| c.primary.clone()).collect());
    let mut q = world.query_filtered::<&CaveCounter, With<AlliedControl>>();
    let allied_controlled = sorted(q.iter(world).map(|c| c.id.clone()).collect());
    let mut q = world.query_filtered::<&Tunnel, Without<Hidden>>();
    let revealed_tunnels = sorted(
        q.iter(world)
            .filter_map(|t| super::live::tunnel_opening(&board, t))
            .collect(),
    );
    let mut q = world.query::<&Climb>();
    let climbs = sorted(
        q.iter(world)
            .map(|c| {
                let at = crate::los::Location::Climbing {
                    hex: c.hex,
                    level: c.level,
                    vertex: c.vertex,
                };
                (c.unit.clone(), at.display(map).to_string())
            })
            .collect(),
    );
    let mut q = world.query::<&Smoke>();
    let mut smoke: Vec<SavedSmoke> = q
        .iter(world)
        .map(|s| SavedSmoke {
            at: s.at.display(map).to_string(),
            kind: s.kind,
            dispersed: s.dispersed,
            placed_in: s.placed_in,
        })
        .collect();
    smoke.sort_by(|a, b| (&a.at, a.placed_in).cmp(&(&b.at, b.placed_in)));
    let mut q = world.query::<&Blaze>();
    let blazes = sorted(q.iter(world).map(|b| (name(b.hex), b.levels)).collect());
    let mut q = world.query::<&Flame>();
    let flames = sorted(q.iter(world).map(|f| name(f.hex)).collect());
    let mut q = world.query::<&Starshell>();
    let starshells = sorted(q.iter(world).map(|f| name(f.hex)).collect());
    let mut q = world.query::<&IlluminatingRound>();
    let illuminating_rounds = sorted(q.iter(world).map(|f| name(f.hex)).collect());
    let mut q = world.query::<&TripFlares>();
    let trip_flares = sorted(q.iter(world).map(|t| (name(t.hex), t.count)).collect());
    let mut q = world.query::<&TripFlareCounter>();
    let trip_flare_counters = sorted(q.iter(world).map(|t| name(t.hex)).collect());
    let mut q = world.query::<&Gunflash>();
    let gunflashes = sorted(
        q.iter(world)
            .map(|g| g.at.display(map).to_string())
            .collect(),
    );
    let played = world
        .get_resource::<super::play::Play>()
        .is_some_and(|p| p.active)
        .then(|| {
            super::play::played(world)
                .iter()
                .map(|s| s.spec(map))
                .collect::<Result<Vec<_>, String>>()
        })
        .transpose()
        .map_err(SaveError::Syntax)?;
    Ok(Save {
        format: super::save_check::SAVE_FORMAT,
        scenario: board.scenario.fingerprint.clone(),
        title: board.scenario.title.clone(),
        seed: dice.seed(),
        dice_position: dice.position().to_string(),
        rolls: dice.rolls.clone(),
        player_turn: world.resource::<PlayerTurn>().clone(),
        phase: *world.resource::<State<Phase>>().get(),
        night: world.resource::<NightState>().clone(),
        tallies: world.resource::<Tallies>().clone(),
        next_step: walk.next,
        units,
        caves,
        hidden_complexes,
        allied_controlled,
        revealed_tunnels,
        climbs,
        smoke,
        blazes,
        flames,
        starshells,
        illuminating_rounds,
        trip_flares,
        trip_flare_counters,
        gunflashes,
        played,
        events: with_events.then(|| events_digest(&world.resource::<super::WalkLog>().events)),
    })
}

/// The save as RON text.
pub fn to_ron(save: &Save) -> String {
    ron::ser::to_string_pretty(save, ron::ser::PrettyConfig::default()).expect("a save serializes")
}

/// Where a save departs from the save its steps lead to (`play::replay_checked`): the first
/// line of the save (as this program writes it) that differs, trimmed; which occurrence of that
/// line it is (0-based: `broken: true,` may stand once per unit); and the same line of the
/// replayed save (`None` when the save has lines the replay lacks). `None` if none differs.
pub fn first_difference(saved: &Save, replayed: &Save) -> Option<(String, usize, Option<String>)> {
    let (a, b) = (to_ron(saved), to_ron(replayed));
    let mut bl = b.lines();
    let mut seen: Vec<&str> = Vec::new();
    for l in a.lines() {
        let other = bl.next();
        if other != Some(l) {
            let nth = seen.iter().filter(|x| x.trim() == l.trim()).count();
            return Some((
                l.trim().to_string(),
                nth,
                other.map(|o| o.trim().to_string()),
            ));
        }
        seen.push(l);
    }
    None
}

/// A save from RON text; a syntax error, an unknown field or a wrong value says `line:col:`.
pub fn from_ron(text: &str) -> Result<Save, SaveError> {
    ron::from_str(text).map_err(|e| {
        SaveError::Syntax(format!(
            "{}:{}: {}",
            e.span.start.line, e.span.start.col, e.code
        ))
    })
}

fn despawn_all<T: Component>(world: &mut World) {
    let mut q = world.query_filtered::<Entity, With<T>>();
    let all: Vec<Entity> = q.iter(world).collect();
    for e in all {
        world.despawn(e);
    }
}

/// Loads a save into a freshly built (and spawned) simulation of the same scenario.
pub fn load(world: &mut World, save: &Save) -> Result<(), SaveError> {
    let board = world.resource::<Board>().clone();
    let s = &board.scenario;
    super::save_check::check(save, s).map_err(|o| {
        if o.wrong_scenario {
            SaveError::Scenario {
                saved: save.title.clone(),
                loaded: s.title.clone(),
            }
        } else {
            SaveError::Bad(o.message)
        }
    })?;
    let loc = |t: &str| {
        s.location(t)
            .map_err(|e| SaveError::Bad(format!("a bad Location: {e}")))
    };
    // A hex is any axial pair near the map (off-map Starshells included, E1.923).
    let hex = |&(q, r): &(i32, i32)| {
        if q.abs() > 10_000 || r.abs() > 10_000 {
            Err(SaveError::Bad(format!("a hex ({q}, {r}) far off the map")))
        } else {
            Ok(crate::hex::Hex::new(q, r))
        }
    };
    let position: u128 = save
        .dice_position
        .parse()
        .map_err(|_| SaveError::Bad(format!("a bad dice position '{}'", save.dice_position)))?;
    // A save of Play mode is checked against the steps it played, below.
    if save.played.is_none() && save.next_step > s.script.len() {
        return Err(SaveError::Bad(format!(
            "step {} of a {}-step script",
            save.next_step,
            s.script.len()
        )));
    }
    // Resolve everything before touching the world, so a bad save changes nothing.
    let mut units = Vec::new();
    for u in &save.units {
        units.push((u.clone(), loc(&u.at)?));
    }
    let mut climbs = Vec::new();
    for (unit, at) in &save.climbs {
        match loc(at)? {
            crate::los::Location::Climbing { hex, level, vertex } => climbs.push(Climb {
                hex,
                vertex,
                level,
                unit: unit.clone(),
            }),
            _ => return Err(SaveError::Bad(format!("Climb counter at '{at}'"))),
        }
    }
    let mut smoke = Vec::new();
    for sm in &save.smoke {
        smoke.push(Smoke {
            at: loc(&sm.at)?,
            kind: sm.kind,
            dispersed: sm.dispersed,
            placed_in: sm.placed_in,
        });
    }
    let mut blazes = Vec::new();
    for (h, levels) in &save.blazes {
        blazes.push(Blaze {
            hex: hex(h)?,
            levels: *levels,
        });
    }
    let hexes = |list: &[(i32, i32)]| list.iter().map(hex).collect::<Result<Vec<_>, _>>();
    let flames = hexes(&save.flames)?;
    let stars = hexes(&save.starshells)?;
    let irs = hexes(&save.illuminating_rounds)?;
    let trip_counters = hexes(&save.trip_flare_counters)?;
    let mut trips = Vec::new();
    for (h, count) in &save.trip_flares {
        trips.push(TripFlares {
            hex: hex(h)?,
            count: *count,
        });
    }
    let mut gunflashes = Vec::new();
    for g in &save.gunflashes {
        gunflashes.push(Gunflash { at: loc(g)? });
    }

    despawn_all::<Unit>(world);
    despawn_all::<Climb>(world);
    despawn_all::<Smoke>(world);
    despawn_all::<Blaze>(world);
    despawn_all::<Flame>(world);
    despawn_all::<Starshell>(world);
    despawn_all::<IlluminatingRound>(world);
    despawn_all::<TripFlares>(world);
    despawn_all::<TripFlareCounter>(world);
    despawn_all::<Gunflash>(world);
    for g in gunflashes {
        world.spawn(g);
    }
    for (u, at) in units {
        let e = world.spawn((u.unit, At(at)));
        super::spawn::with_markers(e, u.hidden, u.concealed, u.cloaked);
    }
    for c in climbs {
        world.spawn(c);
    }
    for sm in smoke {
        world.spawn(sm);
    }
    for b in blazes {
        world.spawn(b);
    }
    for h in flames {
        world.spawn(Flame { hex: h });
    }
    for h in stars {
        world.spawn(Starshell { hex: h });
    }
    for h in irs {
        world.spawn(IlluminatingRound { hex: h });
    }
    for t in trips {
        world.spawn(t);
    }
    for h in trip_counters {
        world.spawn(TripFlareCounter { hex: h });
    }
    let mut q = world.query::<(Entity, &CaveCounter)>();
    let caves: Vec<(Entity, String)> = q.iter(world).map(|(e, c)| (e, c.id.clone())).collect();
    let standing: Vec<String> = caves.iter().map(|(_, id)| id.clone()).collect();
    for (e, id) in caves {
        match save.caves.iter().find(|(c, _)| *c == id) {
            None => {
                world.despawn(e);
                continue;
            }
            Some((_, true)) => {
                world.entity_mut(e).insert(Hidden);
            }
            Some((_, false)) => {
                world.entity_mut(e).remove::<Hidden>();
            }
        }
        if save.allied_controlled.contains(&id) {
            world.entity_mut(e).insert(AlliedControl);
        } else if let Ok(mut ent) = world.get_entity_mut(e) {
            ent.remove::<AlliedControl>();
        }
    }
    // A cave the save holds but the world no longer does (eliminated after the snapshot an
    // Undo goes back to, G11.88) stands again.
    for (id, hidden) in &save.caves {
        if standing.contains(id) {
            continue;
        }
        let mut e = world.spawn(CaveCounter { id: id.clone() });
        if *hidden {
            e.insert(Hidden);
        }
        if save.allied_controlled.contains(id) {
            e.insert(AlliedControl);
        }
    }
    let mut q = world.query::<(Entity, &CaveComplex)>();
    let xs: Vec<(Entity, String)> = q.iter(world).map(|(e, c)| (e, c.primary.clone())).collect();
    for (e, id) in xs {
        if save.hidden_complexes.contains(&id) {
            world.entity_mut(e).insert(Hidden);
        } else {
            world.entity_mut(e).remove::<Hidden>();
        }
    }
    let mut q = world.query::<(Entity, &Tunnel)>();
    let ts: Vec<(Entity, bool)> = q
        .iter(world)
        .map(|(e, t)| {
            let shown = super::live::tunnel_opening(&board, t)
                .is_some_and(|o| save.revealed_tunnels.contains(&o));
            (e, shown)
        })
        .collect();
    for (e, shown) in ts {
        if shown {
            world.entity_mut(e).remove::<Hidden>();
        } else {
            world.entity_mut(e).insert(Hidden);
        }
    }
    world.insert_resource(Dice::restore(save.seed, position, save.rolls.clone()));
    world.insert_resource(save.player_turn.clone());
    world.insert_resource(save.night.clone());
    world.insert_resource(save.tallies.clone());
    world.insert_resource(State::new(save.phase));
    world.insert_resource(LogPhase(save.phase));
    let mut walk = world.resource_mut::<Walk>();
    walk.next = save.next_step;
    walk.current = save.next_step;
    walk.target = None;
    walk.pending = None;
    walk.say = None;
    if let Some(steps) = played_steps(s, save)? {
        let mut walk = world.resource_mut::<Walk>();
        walk.steps = steps;
        if let Some(mut play) = world.get_resource_mut::<super::play::Play>() {
            play.active = true;
        }
    }
    Ok(())
}
