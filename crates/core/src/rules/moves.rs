//! The legal moves of one unit in the phase: every Location it can reach, with the cheapest MF
//! and the path, by a Dijkstra over adjacent Locations in which each step is decided by the
//! same ruling the simulation applies (`orders::movement`), from the mover as the steps before
//! left it; Climbing (B11.4) is listed from `orders::climb`. Like hexx's `field_of_movement`,
//! with ASL's costs: caves, Cave Complexes, tunnels, hidden movement and night MF all come from
//! the one ruling.

use std::cmp::Ordering;
use std::collections::{BinaryHeap, HashMap};

use crate::hex::hexspines;
use crate::los::Location;
use crate::map::Terrain;
use crate::model::Phase;
use crate::rules::caves::access::Under;
use crate::rules::orders::climb::climb;
use crate::rules::orders::movement::{Memo, MoveEvent, MoveVerb, may_move, step};
use crate::rules::situation::{Refusal, Situation, UnitAt};

/// A Location the unit can reach this phase.
#[derive(Clone, Debug, PartialEq)]
pub struct Reach {
    pub at: Location,
    /// The MF it costs from where the unit stands, by the cheapest path (for a Climb, the
    /// unit's whole MF: Climbing takes the whole MPh, B11.4; for the APh advance, none).
    pub mf: f32,
    /// The Locations passed, from the unit's own to `at`.
    pub path: Vec<Location>,
    /// The rule that decided the last step.
    pub rule: &'static str,
    /// Reached by Climbing onto a Climb counter (B11.4).
    pub climb: bool,
}

/// The mover's state that the rulings read besides its Location: MF spent is the Dijkstra's
/// cost; these make two arrivals at one Location different.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct State {
    at: Location,
    hidden: bool,
    concealed: bool,
    cloaked: bool,
    entered_cave: bool,
}

impl State {
    fn of(u: &UnitAt) -> State {
        State {
            at: u.at.clone(),
            hidden: u.hidden,
            concealed: u.concealed,
            cloaked: u.cloaked,
            entered_cave: u.unit.entered_cave,
        }
    }
}

/// A reached state: the mover there, how it got there.
struct Node {
    mover: UnitAt,
    parent: Option<usize>,
    rule: &'static str,
    /// The last step was the APh advance: the unit moves no further.
    done: bool,
}

/// A heap entry, cheapest first, then first found (deterministic).
#[derive(PartialEq)]
struct Open {
    mf: f32,
    seq: usize,
    node: usize,
}

impl Eq for Open {}

impl Ord for Open {
    fn cmp(&self, other: &Self) -> Ordering {
        other
            .mf
            .total_cmp(&self.mf)
            .then_with(|| other.seq.cmp(&self.seq))
    }
}

impl PartialOrd for Open {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// The Locations one move away from `at` that a ruling might allow: the six neighbouring hexes
/// at ground level and the building levels of the hex, the caves whose hex or Entrance Hex it
/// is and the Cave Complexes its tunnels lead to; from a cave or Complex, the caves and
/// Complexes Accessible to it (G11.6), the cave's Entrance Hex and the Complex's tunnel exits
/// (G11.933). The ruling decides which of them may be entered, and at what cost.
fn adjacent(s: &Situation, at: &Location) -> Vec<Location> {
    let map = s.map;
    let caves = &s.caves;
    let mut out = Vec::new();
    let under = |from: &Under, out: &mut Vec<Location>| {
        for c in &caves.caves {
            if caves.accessible(from, &Under::Cave(c.id.clone())) {
                out.push(Location::Cave(c.id.clone()));
            }
        }
        for x in &caves.complexes {
            if caves.accessible(from, &Under::Complex(x.primary.clone())) {
                out.push(Location::Complex(x.primary.clone()));
            }
        }
    };
    match at {
        Location::Cave(id) => {
            under(&Under::Cave(id.clone()), &mut out);
            if let Some(c) = caves.cave(id) {
                out.push(Location::Ground(c.entrance));
            }
        }
        Location::Complex(id) => {
            under(&Under::Complex(id.clone()), &mut out);
            out.extend(caves.tunnel_exits(id).into_iter().map(Location::Ground));
        }
        _ => {
            let Some(h) = at.hex() else { return out };
            if !matches!(at, Location::Ground(_)) {
                out.push(Location::Ground(h));
            }
            if let Some(d) = map.get(h)
                && let Terrain::Building(_, floors) = d.terrain
            {
                for f in 1..i32::from(floors) {
                    let l = Location::Level(h, d.level + f);
                    if &l != at {
                        out.push(l);
                    }
                }
            }
            out.extend(
                h.neighbors()
                    .into_iter()
                    .filter(|n| map.contains(*n))
                    .map(Location::Ground),
            );
            for c in &caves.caves {
                if c.entrance == h || c.hex == h {
                    out.push(Location::Cave(c.id.clone()));
                }
            }
            for x in &caves.complexes {
                if caves.tunnel_to(&x.primary, h) {
                    out.push(Location::Complex(x.primary.clone()));
                }
            }
        }
    }
    out
}

/// A4 / G11.7-G11.751 / G11.933 / B11.4 / E1.51: every Location `unit` can reach in the
/// current phase, each once with its cheapest MF and path, sorted by MF then Location. Each
/// step is `orders::movement::move_to`'s ruling for the mover as the steps before left it
/// (its MF spent, hidden, concealed, Cloaked, whether it entered a cave this phase), so what
/// is listed is exactly what the walk would allow. In the MPh a Climb onto a Climb counter is
/// listed as one step taking the whole MPh (`climb: true`); in the APh only the one-Location
/// advance. Refused (A3, A10.5) when the unit may not move at all now.
pub fn field_of_movement(s: &Situation, unit: &str) -> Result<Vec<Reach>, Refusal> {
    field_entering(s, unit, &|_| true)
}

/// A10.51: `field_of_movement` through and into only the Locations `enter` allows: each
/// Location is reached by its cheapest path among those that pass only allowed ones (a rout's
/// path, which may pass no Location ADJACENT to a Known enemy, is a longer one where the
/// cheapest passes beside one).
pub fn field_entering(
    s: &Situation,
    unit: &str,
    enter: &dyn Fn(&Location) -> bool,
) -> Result<Vec<Reach>, Refusal> {
    let start = s.unit_in_play(unit)?;
    may_move(s, start)?;
    // The log lines are not wanted here: only MF, rules and the unit's state.
    let memo = Memo::terse();
    let base = start.unit.mf_spent;
    let mut nodes = vec![Node {
        mover: start.clone(),
        parent: None,
        rule: "A4",
        done: false,
    }];
    let mut best: HashMap<State, f32> = HashMap::from([(State::of(start), base)]);
    let mut open = BinaryHeap::from([Open {
        mf: base,
        seq: 0,
        node: 0,
    }]);
    let mut seq = 1;
    let mut reached: HashMap<Location, usize> = HashMap::new();
    let mut out: Vec<Reach> = Vec::new();
    while let Some(Open { mf, node, .. }) = open.pop() {
        let here = State::of(&nodes[node].mover);
        if best.get(&here).is_some_and(|b| *b < mf) {
            continue;
        }
        let at = here.at.clone();
        if at != start.at && !reached.contains_key(&at) {
            reached.insert(at.clone(), out.len());
            out.push(Reach {
                at: at.clone(),
                mf: mf - base,
                path: path(&nodes, node),
                rule: nodes[node].rule,
                climb: false,
            });
        }
        if nodes[node].done {
            continue;
        }
        for to in adjacent(s, &at) {
            if !enter(&to) {
                continue;
            }
            let Ok(plan) = step(s, &nodes[node].mover, &to, MoveVerb::Move, &memo) else {
                continue;
            };
            let mover = plan.after(&nodes[node].mover);
            let key = State::of(&mover);
            let cost = mover.unit.mf_spent;
            if best.get(&key).is_some_and(|b| *b <= cost) {
                continue;
            }
            best.insert(key, cost);
            nodes.push(Node {
                mover,
                parent: Some(node),
                rule: plan.rule,
                done: plan.event == MoveEvent::Advance,
            });
            open.push(Open {
                mf: cost,
                seq,
                node: nodes.len() - 1,
            });
            seq += 1;
        }
    }
    if s.phase == Phase::Movement {
        climbs(s, start, &mut out, &mut reached);
    }
    let mut keyed: Vec<(String, Reach)> = out
        .into_iter()
        .map(|r| (r.at.display(s.map).to_string(), r))
        .collect();
    keyed.sort_by(|(a, ra), (b, rb)| ra.mf.total_cmp(&rb.mf).then_with(|| a.cmp(b)));
    Ok(keyed.into_iter().map(|(_, r)| r).collect())
}

/// B11.4: the Climb counters the unit can Climb onto from where it stands (one level up or
/// down, at a vertex of a cliff hexside of its hex), each a step taking the whole MPh.
fn climbs(
    s: &Situation,
    start: &UnitAt,
    out: &mut Vec<Reach>,
    reached: &mut HashMap<Location, usize>,
) {
    // G11.72: out of an Upper-Cliff cave, onto a Climb counter at its Level on a vertex of its
    // CA Hexside (`climb` says where it may).
    let tries: Vec<(crate::hex::Vertex, i32)> = match &start.at {
        Location::Cave(id) => s.caves.cave(id).map_or(Vec::new(), |c| {
            c.ca.vertices().iter().map(|v| (*v, c.level)).collect()
        }),
        _ => {
            let (Some(h), Some(level)) = (start.at.hex(), start.at.level(s.map)) else {
                return;
            };
            hexspines(h)
                .into_iter()
                .flat_map(|v| [(v, level - 1), (v, level + 1)])
                .collect()
        }
    };
    {
        for (vertex, l) in tries {
            let Ok(plan) = climb(s, &start.unit.id, l, vertex) else {
                continue;
            };
            let reach = Reach {
                at: plan.to.clone(),
                mf: plan.mf_total - start.unit.mf_spent,
                path: vec![start.at.clone(), plan.to.clone()],
                rule: plan.rule,
                climb: true,
            };
            match reached.get(&plan.to) {
                Some(&i) if out[i].mf <= reach.mf => {}
                Some(&i) => out[i] = reach,
                None => {
                    reached.insert(plan.to.clone(), out.len());
                    out.push(reach);
                }
            }
        }
    }
}

/// The Locations from the start to `node`.
fn path(nodes: &[Node], mut node: usize) -> Vec<Location> {
    let mut out = vec![nodes[node].mover.at.clone()];
    while let Some(p) = nodes[node].parent {
        out.push(nodes[p].mover.at.clone());
        node = p;
    }
    out.reverse();
    out
}
