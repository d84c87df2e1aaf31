//! B11.4 Climbing ordered for a unit: whether it may Climb one level onto a Climb counter now
//! (`climb`), and what its Falling DR decides (`climb_outcome`: G11.8331 says when one is made,
//! E1.421 adds +1 at night, B11.41's table is read as "Final DR >= 12 falls").

use crate::hex::{Hex, Vertex};
use crate::los::Location;
use crate::model::Phase;
use crate::rules::Check;
use crate::rules::caves::attack::climbing_falling_dr;
use crate::rules::climbing::{self, cliff_at};
use crate::rules::night::movement::{FallingOutcome, falling_dr};
use crate::rules::situation::{ClimbAt, Refusal, Situation};

use super::{attacker_in, mf_allotment};

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
    /// Where a fall lands: the foot of the cliff (B11.41's result is not in our sources), and
    /// its name on the map.
    pub foot: Hex,
    pub foot_name: String,
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
    pub counter: Option<ClimbAt>,
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
    let Some(hex) = u.at.hex() else {
        return Err(Refusal::new(
            "B11.4",
            "a unit in a cave or Cave Complex cannot Climb",
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
    Ok(ClimbPlan {
        unit: u.unit.id.clone(),
        from: u.at.clone(),
        to: Location::Climbing { hex, level, vertex },
        hex,
        level,
        vertex,
        mf_total: mf_allotment(u),
        rule: r.rule,
        reason: r.reason,
        falling: climbing_falling_dr(true, true),
        night: s.night(),
        foot,
        foot_name: map.name(foot),
    })
}

/// E1.421 / B11.41: what the Falling DR (`colored` + `white`) decides for a Climb: the Climber
/// stays on its new Climb counter, or falls to the foot of the cliff (what else a fall does is
/// not in our sources). Either way the MPh is spent.
pub fn climb_outcome(plan: &ClimbPlan, colored: u8, white: u8) -> ClimbOutcome {
    let f = falling_dr(colored + white, plan.night);
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
    ClimbOutcome {
        fell: false,
        event: "climb",
        at: plan.to.clone(),
        counter: Some(ClimbAt {
            hex: plan.hex,
            vertex: plan.vertex,
            level: plan.level,
            unit: plan.unit.clone(),
        }),
        mf_spent: plan.mf_total,
        rule: plan.rule,
        text: format!("{}; {}: {}", plan.reason, f.rule, f.reason),
    }
}
