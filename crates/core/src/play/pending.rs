//! Who must decide now in a match (`Match::pending`): the side and phase, the First Fire window
//! a move opened (A8), the broken units the deciding side still owes a rout (A10.5) and those
//! that may still try to Rally (A10.6).

use super::runner::Match;
use crate::los::Location;
use crate::model::{Phase, Side};

/// What the match waits on (`Match::pending`).
#[derive(Clone, Debug, PartialEq)]
pub struct Pending {
    /// The Player Turn and phase the match stands in.
    pub turn: u32,
    pub phase: Phase,
    /// The sides that act in this phase (A3): the ATTACKER, and in the RPh and RtPh both.
    pub sides: Vec<Side>,
    /// Who decides for each of those sides (`Seat`): the person at the screen or the program.
    pub seats: Vec<(Side, super::seat::Seat)>,
    /// The program's First Fire to consider at the Location the player's unit entered (A8).
    pub program_first_fire: Option<Location>,
    /// The player may First Fire at the program's unit that moved (its id or `a "?"`, and the
    /// Location it entered) before the program goes on.
    pub player_first_fire: Option<(String, Location)>,
    /// The broken units that must rout and can, not yet routed (A10.5: ending the RtPh now
    /// eliminates them for Failure to Rout), of the sides a person plays.
    pub routs_owed: Vec<String>,
    /// The broken units that may still attempt a Rally (A10.6: the Rally ruling allows it now),
    /// of the sides a person plays, in the RPh.
    pub rallies_open: Vec<String>,
}

impl Match {
    /// Who must decide now (see `Pending`).
    pub fn pending(&self) -> Pending {
        let (phase, turn) = (self.state.phase, &self.state.turn);
        let sides: Vec<Side> = [Side::Allied, Side::Japanese]
            .into_iter()
            .filter(|s| phase != Phase::Setup && phase.acts(*s, turn.attacker))
            .collect();
        Pending {
            turn: turn.number,
            phase,
            seats: sides.iter().map(|s| (*s, self.seat(*s))).collect(),
            sides,
            program_first_fire: self.program.as_ref().and_then(|p| p.first_fire_at.clone()),
            player_first_fire: self.program.as_ref().and_then(|p| p.awaiting.clone()),
            routs_owed: self.routs_owed(),
            rallies_open: self.rallies_open(),
        }
    }

    /// Every order `unit` could give now, each allowed or refused with its rule
    /// (`rules::orders::legal_orders` on the match's situation: what the Orders window, `asl-pto
    /// orders` and the program all read).
    pub fn legal_orders(
        &self,
        unit: &str,
    ) -> Vec<(
        crate::rules::orders::Order,
        Result<(), crate::rules::situation::Refusal>,
    )> {
        let setting = self.setting();
        let s = self.state.situation(&setting);
        crate::rules::orders::legal_orders(&s, unit, None)
    }

    /// The units of the sides that act now (`pending().sides`), by id: whose orders are asked.
    pub fn units_to_order(&self) -> Vec<String> {
        let sides = self.pending().sides;
        self.state
            .units
            .iter()
            .filter(|u| sides.contains(&u.unit.side()))
            .map(|u| u.unit.id.clone())
            .collect()
    }

    /// A10.6: in the RPh, the broken units of the sides a person plays (both, or the one the
    /// program does not play) that may still attempt a Rally (the Rally ruling allows it: not
    /// yet tried this RPh, and a self-rally not spent); empty in other phases. A window trial
    /// ended its RPh with broken units unrallied by a second End phase it meant for the
    /// program's phase before.
    pub fn rallies_open(&self) -> Vec<String> {
        if self.state.phase != Phase::Rally {
            return Vec::new();
        }
        let sides = self.person_sides();
        let setting = self.setting();
        let s = self.state.situation(&setting);
        self.state
            .units
            .iter()
            .filter(|u| u.unit.broken && sides.contains(&u.unit.side()))
            .filter(|u| crate::rules::orders::rally::rally(&s, &u.unit.id).is_ok())
            .map(|u| u.unit.id.clone())
            .collect()
    }

    /// The sides a person plays: the one the program does not, or both.
    fn person_sides(&self) -> Vec<Side> {
        match &self.program {
            Some(p) if p.decides => vec![p.player()],
            _ => vec![Side::Allied, Side::Japanese],
        }
    }

    /// A10.5: in the RtPh, the broken units of the sides a person plays (both, or the one the
    /// program does not play) that must rout and can, not yet routed; empty in other phases.
    pub fn routs_owed(&self) -> Vec<String> {
        if self.state.phase != Phase::Rout {
            return Vec::new();
        }
        let setting = self.setting();
        let s = self.state.situation(&setting);
        self.person_sides()
            .into_iter()
            .flat_map(|side| crate::rules::orders::rout::must_rout_still(&s, side))
            .collect()
    }
}

impl Match {
    /// The odds of `order` (`game::odds`), on the game as the ordering side knows it (A12: the
    /// enemy's hidden units are not there, its concealed ones a "?"); `None` for an order that
    /// rolls no die. The side is the order's unit's (a Close Combat's attackers'), else the
    /// ATTACKER's.
    pub fn odds(&self, order: &crate::rules::orders::Order) -> Option<crate::game::odds::Odds> {
        use crate::rules::orders::Order;
        let unit = match order {
            Order::CloseCombat { attackers, .. } => attackers.first(),
            o => o.unit(),
        };
        let side = unit
            .and_then(|id| self.state.units.iter().find(|u| u.unit.id == id.0))
            .map_or(self.state.turn.attacker, |u| u.unit.side());
        let known = crate::opponent::view::known_state(&self.state, &self.setting(), side);
        crate::game::odds::odds(&known, &self.setting(), order)
    }
}
