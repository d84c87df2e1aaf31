//! Who sits at each side of a match (`Seat`): the person at the screen or the program. The
//! match answers for both alike: which side's units take the person's orders
//! (`Match::person_orders`), whose secrets the screen keeps (`Program::secrets_kept`, A12,
//! G11.75) and whose knowledge it shows (`Match::screen_side`) — the one fog-of-war test the
//! viewer's panels, marks and Inspector read.

use super::program::Program;
use super::runner::Match;
use crate::model::Side;

/// Who decides for a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seat {
    /// The person at the screen (or the script, in a walk): its orders come from outside the
    /// match (`Match::order`, `Match::end_phase`, a script's steps).
    Person,
    /// The program (`Program`): the match asks it when its side must decide.
    Program,
}

impl Program {
    /// A12, G11.75: the side whose secrets the person at the screen is not shown now — the
    /// program's, played against a person (`fog`), until its log is revealed at the game's end.
    pub fn secrets_kept(&self) -> Option<Side> {
        (self.fog && !self.revealed).then(|| self.side())
    }

    /// The side whose knowledge the screen shows, the game `over` or not: played against a
    /// person (`fog`), the person's side until the game ends (A26), then all (`None`).
    pub fn screen_side(&self, over: bool) -> Option<Side> {
        (self.fog && !over).then(|| self.player())
    }

    /// Whether a unit of `side` takes the person's orders: not one of the program's, played
    /// against a person (its seat decides for it).
    pub fn person_orders(&self, side: Side) -> bool {
        !(self.fog && self.side() == side)
    }
}

impl Match {
    /// Who decides for `side` (see `Seat`).
    pub fn seat(&self, side: Side) -> Seat {
        match &self.program {
            Some(p) if p.side() == side => Seat::Program,
            _ => Seat::Person,
        }
    }

    /// The seats of both sides, Allied first.
    pub fn seats(&self) -> [(Side, Seat); 2] {
        [Side::Allied, Side::Japanese].map(|s| (s, self.seat(s)))
    }

    /// A12: the side whose secrets the person at the screen is not shown now (see
    /// `Program::secrets_kept`); `None`: nothing is kept from the screen.
    pub fn secrets_kept(&self) -> Option<Side> {
        self.program.as_ref().and_then(Program::secrets_kept)
    }

    /// The side whose knowledge the screen shows: against the program with the fog of war, the
    /// person's side until the game ends (A26), when all is shown (`None`); else `None` (the
    /// screen is not held to one side).
    pub fn screen_side(&self) -> Option<Side> {
        let over = self.over();
        self.program.as_ref().and_then(|p| p.screen_side(over))
    }

    /// Whether a unit of `side` takes the person's orders: not one of the program's, played
    /// against a person (its seat decides for it).
    pub fn person_orders(&self, side: Side) -> bool {
        self.program.as_ref().is_none_or(|p| p.person_orders(side))
    }

    /// Whether the unit `unit` takes the person's orders (`person_orders` on its side); an
    /// unknown id does (the rulings refuse it with their reason).
    pub fn person_orders_unit(&self, unit: &str) -> bool {
        self.state
            .units
            .iter()
            .find(|u| u.unit.id == unit)
            .is_none_or(|u| self.person_orders(u.unit.side()))
    }
}

impl Match {
    /// A step the person at the screen gives (Play mode's orders): refused, nothing run, when
    /// its order is given for a unit the person does not order (`person_orders_unit`: the
    /// program's seat decides for it), with the reason; else run now (`run_now`), returning
    /// whether it ran.
    pub fn person_step(&mut self, step: crate::scenario::Step) -> Result<bool, String> {
        use crate::rules::orders::Order;
        let units: Vec<&str> = match &step.act {
            Some(Order::Fire { units, .. } | Order::Banzai { units, .. }) => {
                units.iter().map(|u| u.0.as_str()).collect()
            }
            Some(Order::CloseCombat { attackers, .. }) => {
                attackers.iter().map(|u| u.0.as_str()).collect()
            }
            Some(o) => o.unit().map(|u| u.0.as_str()).into_iter().collect(),
            None => Vec::new(),
        };
        if let Some(unit) = units.into_iter().find(|u| !self.person_orders_unit(u)) {
            return Err(format!(
                "{unit} is the program's: its seat gives its orders (issue 28)"
            ));
        }
        Ok(self.run_now(step))
    }
}
