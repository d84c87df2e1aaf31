//! A move's plan (`MovePlan`: where to, the MF, what it reveals, the event), its verb and
//! event, and whether a unit may move now (`may_move`).

use crate::los::Location;
use crate::model::Phase;
use crate::rules::situation::{Refusal, Situation, UnitAt};

use super::super::common::attacker_in;

/// G11.74 (play-aid: "all have four MF for this calculation"): the MF every Infantry unit counts
/// for the ">= 2 MF available" test of entering a cave or Cave Complex from an Accessible one.
pub const G11_74_MF: f32 = 4.0;

/// The script verb that ordered the move: `ExitCave` must start in a cave (G11.72); the rest
/// is the same ruling.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveVerb {
    Move,
    /// A4.61: a move declared Assault Movement before the unit's first MF of the MPh.
    AssaultMove,
    EnterCave,
    ExitCave,
}

/// What the move is: MF spent in the MPh, or the one-Location advance of the APh.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveEvent {
    Move,
    Advance,
}

impl MoveEvent {
    /// The walk log's event name.
    pub fn name(self) -> &'static str {
        match self {
            MoveEvent::Move => "move",
            MoveEvent::Advance => "advance",
        }
    }
}

/// What a move changes: the unit's Location, MF, hidden/concealed/Cloaked state, the caves its
/// move reveals, its Climb counter, and the log line with the deciding rule.
#[derive(Clone, Debug, PartialEq)]
pub struct MovePlan {
    pub unit: String,
    pub from: Location,
    pub to: Location,
    pub event: MoveEvent,
    /// MF this move expends (none for the APh advance).
    pub mf: f32,
    /// MF expended this phase once the move is made, of the unit's `mf_total` (A4.1).
    pub mf_spent: f32,
    pub mf_total: f32,
    /// The unit's state after the move.
    pub hidden: bool,
    pub concealed: bool,
    pub cloaked: bool,
    /// Hidden caves whose counters go onboard (G11.751 EX).
    pub reveal_caves: Vec<String>,
    /// Hidden enemy units the move reveals (A12.15: the mover entered their Location).
    pub reveal_units: Vec<String>,
    /// The unit leaves its Climb counter, which is removed (B11.4).
    pub climb_removed: bool,
    /// The unit has entered a cave or Cave Complex this phase (G11.74) once the move is made.
    pub entered_cave: bool,
    /// The unit uses Assault Movement this MPh once the move is made (A4.61).
    pub assault: bool,
    /// The deciding rule, and the log line that cites the rest.
    pub rule: &'static str,
    pub text: String,
}

impl MovePlan {
    /// The unit as it stands after the move: what the simulation applies, and the hypothetical
    /// mover `moves::field_of_movement` steps on from.
    pub fn after(&self, u: &UnitAt) -> UnitAt {
        let mut out = u.clone();
        out.at = self.to.clone();
        out.hidden = self.hidden;
        out.concealed = self.concealed;
        out.cloaked = self.cloaked;
        out.unit.mf_spent = self.mf_spent;
        out.unit.entered_cave = self.entered_cave;
        out.unit.assault_moving = self.assault;
        out.unit.advanced = u.unit.advanced || matches!(self.event, MoveEvent::Advance);
        out
    }
}

/// A3 / A10.5: whether the unit may move at all now: the ATTACKER's Good Order units move in
/// its MPh and advance in its APh (a broken unit routs in the RtPh instead); one marked Prep
/// Fire does not move in the MPh (`rules::orders::fire`).
pub(crate) fn may_move(s: &Situation, u: &UnitAt) -> Result<(), Refusal> {
    // A26: after the game's end nothing moves (every order says so, and so do `moves` and
    // `cost`).
    super::super::common::game_running(s)?;
    attacker_in(s, u, &[Phase::Movement, Phase::Advance], "A3", "moving")?;
    if !u.unit.good_order() {
        return Err(Refusal::new(
            "A10.5",
            "a broken unit does not move in the MPh or advance in the APh; it routs in the RtPh",
        ));
    }
    // A7.8 (not in our sources; the common rule): a pinned unit may not move or advance.
    if u.unit.pinned {
        return Err(Refusal::new(
            "A7.8",
            "a pinned unit does not move in the MPh or advance in the APh (A7.8, not in our \
             sources); Pin is removed at the end of the Player Turn",
        ));
    }
    // A Banzai charger that has entered the enemy's Location stops there by its own rule
    // (A25.235, `rules::orders::banzai`).
    // A routing unit leaves a Location it shares with an enemy unit before any Close Combat
    // there (A10.51: "unless in doing so it is leaving that enemy unit's Location"); a Melee
    // holds it (A11.7, `rout::must_rout`).
    let routs_out = u.unit.routed && !super::super::common::melee_recorded(s, &u.at);
    let charging = s.phase == Phase::Movement && u.unit.banzai.is_some();
    if !(routs_out || charging) {
        super::super::common::not_in_melee(s, u, "move or advance out of it")?;
    }
    if s.phase == Phase::Movement && u.unit.fired == Some(crate::model::FireMark::PrepFire) {
        return Err(Refusal::new(
            "A3",
            "a unit that Prep Fired does not move in the MPh (it may still advance in the APh)",
        ));
    }
    Ok(())
}
