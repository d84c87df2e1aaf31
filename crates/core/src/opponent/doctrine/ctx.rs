//! What every weighing of one decision shares (`Ctx`): the side's view, its stakes, the price
//! of risk and the enemy's reply, with the position's expected loss as it stands.

use crate::model::{Phase, Side};
use crate::rules::situation::{Situation, UnitAt};

use super::goals::{Stakes, value};
use super::reply::Reply;
use crate::opponent::player::Posture;
use crate::opponent::weights::{DoctrineWeights, Weights};

/// What every weighing of one decision shares: the side's view, its stakes, the price of risk
/// and the enemy's reply.
pub struct Ctx<'s, 'a> {
    pub s: &'s Situation<'a>,
    pub side: Side,
    pub posture: &'s Posture<'s>,
    /// The scenario's own conditions, its Casualty VP one included, where `posture` plays for
    /// Control without it (`goals::control_pays`).
    pub scenario: &'s Posture<'s>,
    pub gw: &'s Weights,
    pub w: &'s DoctrineWeights,
    pub stakes: Stakes,
    /// The price of one squad's worth the enemy's reply is expected to take.
    pub risk: f32,
    pub reply: Reply<'a>,
    /// It plays for the Locations its Control conditions name (`goals::control_pays`).
    pub control: bool,
    loss_now: Option<f32>,
    /// In the side's own MPh: the enemy's Defensive Final Fire at the position the MPh leaves
    /// (`Reply::final_fire`) and its expected loss as it stands.
    final_fire: Option<(Reply<'a>, f32)>,
}

/// A unit's value (`goals::value`) as a function, for the reply.
pub fn value_fn<'x>(s: &'x Situation, w: &'x DoctrineWeights) -> impl Fn(&UnitAt) -> f32 + 'x {
    move |u| value(s, u, w)
}

impl<'s, 'a> Ctx<'s, 'a> {
    /// The weighing of one decision of `side` on its view `s`.
    pub fn new(
        s: &'s Situation<'a>,
        side: Side,
        posture: &'s Posture<'s>,
        gw: &'s Weights,
        stakes: Stakes,
        reply: Reply<'a>,
    ) -> Ctx<'s, 'a> {
        let w = &gw.doctrine;
        Ctx {
            s,
            side,
            posture,
            scenario: posture,
            gw,
            w,
            stakes,
            risk: stakes.risk(w),
            reply,
            control: false,
            loss_now: None,
            final_fire: None,
        }
    }

    /// A26.2: what the enemy unit `u` is worth to fire or Throw a DC at: its value, and in the
    /// last Game Turn `decisive` more where its loss alone would win the Casualty VP its side
    /// still needs.
    pub fn target_value(&self, s: &Situation, u: &UnitAt) -> f32 {
        let decisive =
            if self.stakes.last_turn && super::goals::decides(s, self.scenario, self.side, u) {
                self.w.decisive
            } else {
                0.0
            };
        value(s, u, self.w) + decisive
    }

    /// The position's expected loss to the enemy's reply as it stands.
    pub fn loss_now(&mut self) -> f32 {
        if let Some(l) = self.loss_now {
            return l;
        }
        let f = value_fn(self.s, self.w);
        let l = self.reply.loss(&f);
        self.loss_now = Some(l);
        l
    }

    /// A8.4: in the side's own MPh, the enemy's Defensive Final Fire that the position the MPh
    /// leaves draws, and its expected loss as it stands (built once a decision); `None` in
    /// another phase.
    pub fn final_fire(&mut self) -> Option<(&mut Reply<'a>, f32)> {
        if self.s.phase != Phase::Movement || self.s.turn.attacker != self.side {
            return None;
        }
        if self.final_fire.is_none() {
            let r = Reply::final_fire(self.s, self.side, self.reply.memo());
            let f = value_fn(self.s, self.w);
            let base = r.loss(&f);
            self.final_fire = Some((r, base));
        }
        self.final_fire.as_mut().map(|(r, b)| (r, *b))
    }
}
