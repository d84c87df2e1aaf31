//! B11.4 Climbing ordered for a unit: whether it may Climb one level onto a Climb counter now
//! (`climb`), or onto a Climb counter at a cave's CA Hexside to Place a DC (`climb_to_place_dc`,
//! G11.8331, even along a non-cliff hexside), and what its Falling DR decides (`climb_outcome`:
//! G11.8331 says when one is made, E1.421 adds +1 at night, B11.41's table is read as "Final DR
//! >= 12 falls").

use crate::hex::Point3;
use crate::hex::{Hex, Vertex};
use crate::los::Location;
use crate::model::Phase;
use crate::rules::Check;
use crate::rules::caves::attack::{climbing_falling_dr, climbing_placement_hexside};
use crate::rules::caves::sight::in_covered_arc;
use crate::rules::climbing::{self, cliff_at};
use crate::rules::night::movement::{FallingOutcome, falling_dr};
use crate::rules::situation::{Climb, Refusal, Situation, UnitAt};

use super::common::{attacker_in, mf_allotment};
use super::dc::known_cave;

/// What a Climb will do before its Falling DR: the Climb counter it goes onto, the MF it uses
/// (the whole MPh), the Falling DR to roll (G11.8331) and where a fall would land.
#[derive(Clone, Debug, PartialEq)]
pub struct ClimbPlan {
    pub unit: String,
    pub from: Location,
    /// The Climb counter's Location: in the unit's hex at `level`, aiming at `vertex`.
    pub to: Location,
    pub hex: Hex,
    pub level: i32,
    pub vertex: Vertex,
    /// The unit's MF (A4.1): Climbing uses all of them (B11.4).
    pub mf_total: f32,
    /// B11.4: the ruling that allows the Climb.
    pub rule: &'static str,
    pub reason: String,
    /// G11.8331: a Falling DR is made (the unit Climbs a cliff hexside and changes level).
    pub falling: Check,
    /// A night scenario: +1 to the Falling DR (E1.421).
    pub night: bool,
    /// The lowest Final Falling DR at which the Climber falls (the tables' B11.41 value, NOT
    /// FROM THE SEEDS).
    pub falls_at: i32,
    /// Where a fall lands: the foot of the cliff (B11.41's result is not in our sources), and
    /// its name on the map.
    pub foot: Hex,
    pub foot_name: String,
    /// Out of an Upper-Cliff cave (G11.72): how the unit stands after, `(hidden, concealed)`,
    /// and the cave revealed with it (G11.75 EX: a hidden unit leaving comes out concealed
    /// unless a Good Order enemy ground unit sees where it goes; seen, it and its hidden cave
    /// are revealed, G11.3). `None` for a Climb from above ground.
    pub out_of_cave: Option<CaveExit>,
}

/// A unit Climbing out of an Upper-Cliff cave (G11.72, G11.75).
#[derive(Clone, Debug, PartialEq)]
pub struct CaveExit {
    pub hidden: bool,
    pub concealed: bool,
    /// The cave revealed (hidden until now, and its occupant seen leaving it).
    pub reveal_cave: Option<String>,
    pub reason: String,
}

impl ClimbPlan {
    /// A Climb of `u` onto the Climb counter (hex, level, vertex), allowed by `ruling` (rule,
    /// reason), with the Falling DR `falling` and `foot` where a fall lands.
    fn new(
        s: &Situation,
        u: &UnitAt,
        (hex, level, vertex): (Hex, i32, Vertex),
        (rule, reason): (&'static str, String),
        falling: Check,
        foot: Hex,
    ) -> ClimbPlan {
        ClimbPlan {
            unit: u.unit.id.clone(),
            from: u.at.clone(),
            to: Location::Climbing { hex, level, vertex },
            hex,
            level,
            vertex,
            mf_total: mf_allotment(s.tables, u),
            rule,
            reason,
            falling,
            night: s.night(),
            falls_at: s.tables.falling_dr_falls_at,
            foot,
            foot_name: s.map.name(foot),
            out_of_cave: None,
        }
    }
}

/// What the Falling DR made of a Climb.
#[derive(Clone, Debug, PartialEq)]
pub struct ClimbOutcome {
    /// The Climber fell (B11.41): it lands at the foot of the cliff, with no Climb counter.
    pub fell: bool,
    /// The walk log's event name: `climb` or `fall`.
    pub event: &'static str,
    /// Where the unit ends.
    pub at: Location,
    /// The Climb counter it ends on, if it did not fall.
    pub counter: Option<Climb>,
    /// MF expended this phase afterwards: all of them (B11.4).
    pub mf_spent: f32,
    pub rule: &'static str,
    pub text: String,
}

/// B11.4 Climbing: may `unit` Climb onto a Climb counter in its own hex at `level`, aiming at
/// `vertex`, now? Only in the ATTACKER's MPh, from above ground (a unit in a cave leaves it
/// onto a Climb counter by exiting, G11.72), one level up or down a cliff hexside of its hex,
/// with no MF expended yet (it takes the whole MPh). The plan names the Falling DR that follows
/// (G11.8331); `climb_outcome` says what it decides.
pub fn climb(s: &Situation, unit: &str, level: i32, vertex: Vertex) -> Result<ClimbPlan, Refusal> {
    let u = s.unit_in_play(unit)?;
    attacker_in(s, u, &[Phase::Movement], "B11.4", "Climbing")?;
    // Climbing is movement (it takes the whole MPh, B11.43): a broken, pinned or Prep-Fired
    // unit does not (A10.5, A7.8, A3).
    super::movement::may_move(s, u)?;
    super::common::entered_its_one_location(s, u)?;
    if let Location::Cave(id) = &u.at {
        return climb_out_of_cave(s, u, id, level, vertex);
    }
    let Some(hex) = u.at.hex() else {
        return Err(Refusal::new(
            "B11.4",
            "a unit in a Cave Complex cannot Climb: it leaves through a cave or tunnel (G11.73)",
        ));
    };
    let map = s.map;
    let r = climbing::climb(map, &u.at, hex, level, vertex, u.unit.mf_spent);
    if !r.allowed {
        return Err(Refusal::new(r.rule, r.reason));
    }
    // B11.41's fall result is not in our sources: the Climber ends at the foot of the cliff.
    let foot = cliff_at(map, hex, vertex)
        .map(|side| {
            let other = side.other(hex).unwrap_or(hex);
            let lv = |h| map.get(h).map_or(0, |d| d.level);
            if lv(other) < lv(hex) { other } else { hex }
        })
        .unwrap_or(hex);
    Ok(ClimbPlan::new(
        s,
        u,
        (hex, level, vertex),
        (r.rule, r.reason),
        climbing_falling_dr(true, true),
        foot,
    ))
}

/// G11.72: "an Upper-Cliff cave may be thusly exited only by Climbing": out of cave `id` onto
/// a Climb counter at the cave's Level on a vertex of its CA Hexside, in its Entrance Hex (the
/// hex across the cliff, where a Climber enters it from, G11.71), with no MF expended yet
/// (Climbing takes the whole MPh, B11.43) and no Falling DR (the unit changes no level,
/// G11.8331). Hiding as any unit leaving a cave (G11.75 EX): a hidden unit comes out concealed
/// unless a Good Order enemy ground unit sees the Climb counter's Location, and then it and the
/// cave, if hidden, are revealed (G11.3).
fn climb_out_of_cave(
    s: &Situation,
    u: &UnitAt,
    id: &str,
    level: i32,
    vertex: Vertex,
) -> Result<ClimbPlan, Refusal> {
    let cave = s
        .caves
        .cave(id)
        .ok_or_else(|| Refusal::new("G11.1", format!("there is no cave {id}")))?;
    if !cave.upper_cliff {
        return Err(Refusal::new(
            "G11.72",
            format!(
                "cave {id} is not an Upper-Cliff cave: a unit leaves it by moving across its CA \
                 Hexside into its Entrance Hex, not by Climbing"
            ),
        ));
    }
    if u.unit.mf_spent > 0.0 {
        return Err(Refusal::new(
            "B11.4",
            format!(
                "Climbing uses the entire MF allotment (B11.43): unit {} already expended {} MF \
                 this MPh",
                u.unit.id, u.unit.mf_spent
            ),
        ));
    }
    let hex = cave.entrance;
    let to = Location::Climbing { hex, level, vertex };
    let c = crate::rules::caves::entry::cost(s.map, &s.caves, &u.at, &to, false);
    if !c.allowed || !c.climbing {
        return Err(Refusal::new(c.rule, c.reason));
    }
    let seen = super::common::seen_by_good_order(s, u.unit.side().opponent(), &to, !s.night());
    let hidden_cave = s.hidden_caves.iter().any(|h| h == id);
    let out_of_cave = match (u.hidden || u.concealed, seen) {
        (false, _) => None,
        (true, true) => Some(CaveExit {
            hidden: false,
            concealed: false,
            reveal_cave: (u.hidden && hidden_cave).then(|| id.to_string()),
            reason: "a Good Order enemy ground unit sees the Climb counter: it is placed \
                     onboard unconcealed (G11.75, A12.15)"
                .into(),
        }),
        (true, false) => Some(CaveExit {
            hidden: false,
            concealed: true,
            reveal_cave: None,
            reason: "no Good Order enemy ground unit sees the Climb counter: it comes out \
                     concealed (G11.75 EX)"
                .into(),
        }),
    };
    let mut plan = ClimbPlan::new(
        s,
        u,
        (hex, level, vertex),
        (c.rule, c.reason),
        climbing_falling_dr(true, false),
        hex,
    );
    plan.out_of_cave = out_of_cave;
    Ok(plan)
}

/// G11.8331 Climbing to Place a DC: an unpinned, Good Order Infantry unit possessing a DC, at a
/// higher elevation than `cave` but not in its CA, declares at the start of its MPh (Climbing
/// uses its entire MF allotment, B11.43: no MF spent yet) that it Climbs to Place the DC, and
/// goes onto a Climb counter at `level` whose arrow touches `vertex`, a vertex of the cave's CA
/// Hexside (for a cave IN a Depression, of the hexside its arrow points directly away from).
/// The unit must be in one of that hexside's two hexes. Where the hexside is a real cliff the
/// Climb counter goes in the hex across the cliff from the cave (the second G11.8331 EX puts a
/// Level 3 counter in T5 for cave M in S5); along a non-cliff hexside it goes in the cave's hex
/// (the first EX: a Level 2 counter in V4 for cave D in V4). The counter stays at the unit's
/// level, or, on a real cliff only, one level up or down it; a Falling DR is made only when
/// the unit actually Climbs a cliff hexside and changes level. `PlaceDc` then needs the counter
/// one level above the cave (`climbing_placement`). Reading: "at a higher elevation" and "not
/// in its CA" are judged where the unit stands when it declares.
pub fn climb_to_place_dc(
    s: &Situation,
    unit: &str,
    cave_id: &str,
    level: i32,
    vertex: Vertex,
) -> Result<ClimbPlan, Refusal> {
    const RULE: &str = "G11.8331";
    let u = s.unit_in_play(unit)?;
    attacker_in(s, u, &[Phase::Movement], RULE, "Climbing to Place a DC")?;
    super::common::not_in_melee(s, u, "Climb out of it")?;
    let map = s.map;
    let cave = s
        .caves
        .cave(cave_id)
        .ok_or_else(|| Refusal::new("G11.1", format!("there is no cave {cave_id}")))?;
    let refuse = |why: String| Err(Refusal::new(RULE, why));
    climber_ready(s, u, cave_id)?;
    super::common::not_prep_fired(u, "Climbing to Place a DC")?;
    let (here, current) = climber_position(map, u)?;
    if current <= cave.level {
        return refuse(format!(
            "unit {unit} (Level {current}) is not at a higher elevation than cave {} (Level {})",
            cave.id, cave.level
        ));
    }
    if in_covered_arc(cave, here, Point3::center(here)) {
        return refuse(format!(
            "unit {unit} in {} is in cave {}'s CA",
            map.name(here),
            cave.id
        ));
    }
    let side = climbing_placement_hexside(cave);
    let vertices = side.vertices();
    if !vertices.contains(&vertex) {
        return refuse(format!(
            "the Climb counter's arrow must touch {} or {} of cave {}, not {}",
            map.vertex_name(vertices[0]),
            map.vertex_name(vertices[1]),
            cave.id,
            map.vertex_name(vertex)
        ));
    }
    if !side.touches(here) {
        return refuse(format!(
            "unit {unit} in {} is not at hexside {}, where the Climb counter goes",
            map.name(here),
            map.side_name(side)
        ));
    }
    let cliff = map.is_cliff(side);
    let hex = if cliff {
        side.other(cave.hex).unwrap_or(cave.hex)
    } else {
        cave.hex
    };
    let changes = level != current;
    if changes {
        let other = side.other(here).unwrap_or(here);
        let levels = [here, other].map(|h| map.get(h).map_or(0, |d| d.level));
        let (low, high) = (levels[0].min(levels[1]), levels[0].max(levels[1]));
        if !cliff || (level - current).abs() != 1 || !(low..=high).contains(&level) {
            return refuse(format!(
                "the Climb counter goes at the unit's Level {current}{}",
                if cliff {
                    format!(
                        ", or one level up or down cliff {} (Levels {low} to {high})",
                        map.side_name(side)
                    )
                } else {
                    format!(
                        ": {} is not a cliff, so there is no level to Climb",
                        map.side_name(side)
                    )
                }
            ));
        }
    }
    let falling = if cliff && changes {
        climbing_falling_dr(true, true)
    } else {
        climbing_falling_dr(cliff, false)
    };
    let reason = format!(
        "unit {unit} declares a Climb to Place its DC into cave {} (its whole MPh) and goes \
             onto a Level {level} Climb counter in {} aiming at {}, along {} {}",
        cave.id,
        map.name(hex),
        map.vertex_name(vertex),
        if cliff {
            "cliff"
        } else {
            "the non-cliff hexside"
        },
        map.side_name(side)
    );
    Ok(ClimbPlan::new(
        s,
        u,
        (hex, level, vertex),
        (RULE, reason),
        falling,
        hex,
    ))
}

/// G11.8331: the Climber declares at the start of its MPh, with a DC, unpinned, in Good Order,
/// at a cave its side knows (G11.81).
fn climber_ready(s: &Situation, u: &UnitAt, cave_id: &str) -> Result<(), Refusal> {
    const RULE: &str = "G11.8331";
    let unit = &u.unit.id;
    let refuse = |why: String| Err(Refusal::new(RULE, why));
    super::common::entered_its_one_location(s, u)?;
    if u.unit.mf_spent > 0.0 {
        return refuse(format!(
            "the Climb must be declared at the start of the MPh (Climbing uses the entire MF \
             allotment, B11.43): unit {unit} already expended {} MF",
            u.unit.mf_spent
        ));
    }
    super::dc::with_dc(u, RULE)?;
    // G11.81: the Allies cannot target a cave still hidden from them.
    known_cave(s, u, cave_id)?;
    if u.unit.pinned {
        return refuse(format!("unit {unit} is pinned"));
    }
    if !u.unit.good_order() {
        return refuse(format!("unit {unit} is not in Good Order"));
    }
    Ok(())
}

/// G11.8331: where the Climber stands above ground (its hex and level).
fn climber_position(map: &crate::map::Map, u: &UnitAt) -> Result<(Hex, i32), Refusal> {
    const RULE: &str = "G11.8331";
    let unit = &u.unit.id;
    let refuse = |why: String| Err(Refusal::new(RULE, why));
    match &u.at {
        Location::Ground(h) => Ok((*h, map.get(*h).map_or(0, |d| d.level))),
        Location::Level(h, l) => Ok((*h, *l)),
        Location::Crest { hex: h, .. } => Ok((*h, u.at.level(map).unwrap_or(0))),
        Location::Climbing { .. } => refuse(format!(
            "unit {unit} is already on a Climb counter: it Climbs on with Climb"
        )),
        Location::Cave(_) | Location::Complex(_) => refuse(format!(
            "unit {unit} is in a cave or Cave Complex: the Climber comes from above ground"
        )),
    }
}

/// E1.421 / B11.41: what the Falling DR (`colored` + `white`) decides for a Climb: the Climber
/// stays on its new Climb counter, or falls to the foot of the cliff (what else a fall does is
/// not in our sources). Either way the MPh is spent.
/// With no Falling DR to make (`plan.falling` does not hold, G11.8331) the dice are not read.
pub fn climb_outcome(plan: &ClimbPlan, colored: u8, white: u8) -> ClimbOutcome {
    // The Climber ends on its new Climb counter, with this sentence.
    let stays = |text: String| ClimbOutcome {
        fell: false,
        event: "climb",
        at: plan.to.clone(),
        counter: Some(Climb {
            hex: plan.hex,
            vertex: plan.vertex,
            level: plan.level,
            unit: plan.unit.clone(),
        }),
        mf_spent: plan.mf_total,
        rule: plan.rule,
        text,
    };
    if !plan.falling.holds {
        return stays(format!("{}; {}", plan.reason, plan.falling.reason));
    }
    let f = falling_dr(colored + white, plan.night, plan.falls_at);
    if f.outcome == FallingOutcome::Falls {
        return ClimbOutcome {
            fell: true,
            event: "fall",
            at: Location::Ground(plan.foot),
            counter: None,
            mf_spent: plan.mf_total,
            rule: f.rule,
            text: format!(
                "{}: {}; it lands at the foot of the cliff in {} (what else a fall \
                 does, B11.41, is not in our sources)",
                plan.reason, f.reason, plan.foot_name,
            ),
        };
    }
    stays(format!("{}; {}: {}", plan.reason, f.rule, f.reason))
}
