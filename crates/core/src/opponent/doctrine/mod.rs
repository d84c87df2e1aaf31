//! The doctrine kind (`Kind::Doctrine`, `doctrine`): the greedy kind's candidates (`greedy`),
//! each weighed by what follows it, from what its side knows only (the view,
//! `view::known_state`; a hidden cave or unit is not there for it):
//! - the enemy's best reply, one ply ahead (`reply`): a step or an advance is charged the fire
//!   it draws where it ends and the stack it joins; a veiled firer the fire it draws once
//!   revealed;
//! - what a target is worth (`goals::value`: its Casualty VP, a DC carrier, a DC's Placer);
//! - the victory conditions as the game stands (`goals::Stakes`: once its Casualty VP are won
//!   it stops risking units; a side holding out pays more for every unit a reveal or an
//!   advance risks; its withdrawals are the greedy kind's, unweighed); what it moves toward
//!   (`goals::objectives`): the Locations it must Control when Control pays
//!   (`goals::control_pays`; always where Control is its only condition), else one enemy for all its units together, a cave's occupants at
//!   its Entrance Hex; no DC into an empty cave it must Control (`goals::dc_spares_control`);
//!   the last holder of a Location the enemy must Control stays, and one goes back into a
//!   Location the enemy has taken (`movement::abandons_a_hold`, `movement::garrison`); in the
//!   last Game Turn's APh a squad takes an empty hex its side must Control and holds with none
//!   of its squads, before any Close Combat elsewhere (`movement::take_at_the_last`); with
//!   nothing else to move on, it goes to Search for a cave it has not found
//!   (`goals::cave_search_goals`);
//! - a Banzai Charge toward what its side plays for before one away from it (`banzai_toward`,
//!   G1.5); a withdrawal into no cave or Cave Complex it would Overstack (G11.4, A5.12);
//! - night tactics: a Starshell only where one of its units will then fire (E1.92); no leader
//!   alone into an enemy Location, or at night into the dark near the enemy; a Cloaked or
//!   hidden unit fires only when the shot is worth being seen (E1.43, G1.63);
//! - its broken units rout out of the enemy's fire even where they need not (at night, E1.54;
//!   `safety::voluntary_routs`), and a leader does not walk away from broken men of his
//!   Location he would rally in the next RPh (A10.7, `movement::weigh_step`);
//! - an active defence: a DC's Placer is worth the most to fire at (breaking or pinning him
//!   cancels the DC, A23.3, G11.833), and beyond his value what the DC would take from its
//!   units; a unit marked First Fire fires its Subsequent First Fire (A8.3) only at him, else
//!   keeps it for the DFPh; no hidden cave the enemy must Control revealed for a shot at
//!   broken units alone (G11.94); a lit target more (E1.92); a Throw only when its gain
//!   outweighs the fallen DC's attack on the Thrower's own Location;
//! - a hunt before a Search: no Search for a cave it must Control while the Known enemy outside
//!   caves its units can get at within a Player Turn is worth the Casualty VP it still needs
//!   (`goals::hunt_reaches`, `hunt_reach` hexes; G11.33: a Search ends the Searcher's MPh), in
//!   the last Game Turn within `last_turn_reach`;
//! - while the Known enemy anywhere outside caves may win the hunt (`goals::hunt_suffices`), a
//!   DC Placed on the Known enemy beside it (A23.3, `dc_on_quarry`:
//!   30 FP as the AFPh begins, before a Close Combat the Japanese may Ambush and fight
//!   Hand-to-Hand, G1.64), even with none to spare for the caves it must Control, and its DC
//!   carriers throw no grenades (A24.1: the two MF would leave too few for the Placement).
//!
//! Its reasons name the goal ("toward cave G's Entrance Hex T4, which the Allies must Control
//! (G11.94)"), give the odds in words ("31 % to break, reduce or eliminate jp2"), and the best
//! option it declined for the same unit. Its numbers are the `doctrine` section of the weights file.

pub mod ctx;
pub mod fire;
pub mod goals;
pub mod melee;
pub mod movement;
mod quarry;
pub mod reply;
pub mod safety;
mod searches;

use rand_chacha::ChaCha8Rng;

use crate::hex::Hex;
use crate::model::{Phase, Side};
use crate::rules::orders::Order;
use crate::rules::situation::{Situation, UnitAt};

use super::choice::{Choice, Kind, Moment};
use super::greedy::{self, acts, allowed_orders};
use super::player::{Player, Posture};
use super::weights::Weights;
use ctx::Ctx;
use goals::Stakes;
use reply::{Reply, ShotMemo};

/// The doctrine kind, with its weights and its memo of enemy attacks.
#[derive(Clone, Debug)]
pub struct Doctrine {
    pub weights: &'static Weights,
    memo: ShotMemo,
}

impl Default for Doctrine {
    fn default() -> Doctrine {
        Doctrine {
            weights: Weights::get(),
            memo: ShotMemo::default(),
        }
    }
}

impl Doctrine {
    /// The doctrine kind weighing by `weights` (a player's own file, or a test's).
    pub fn with_weights(weights: &'static Weights) -> Doctrine {
        Doctrine {
            weights,
            memo: ShotMemo::default(),
        }
    }
}

impl Player for Doctrine {
    fn kind(&self) -> Kind {
        Kind::Doctrine
    }

    fn candidates(
        &self,
        s: &Situation,
        posture: &Posture,
        side: Side,
        moment: &Moment,
        searched: &[Hex],
    ) -> Vec<Choice> {
        // A11: it advances into Close Combat, and holding out starts one, at its own odds
        // (`doctrine.cc_odds`); a Japanese side holding out counter-attacks at
        // `doctrine.cc_odds_holding_japanese` only where the enemy needs no Casualty VP (A26.2:
        // otherwise its every squad lost counts, and it keeps `advance.cc_odds_holding`).
        let own = self
            .weights
            .for_doctrine(goals::enemy_needs_cvp(s, posture, side));
        let weights = &own;
        let stakes = Stakes::of(s, posture, side);
        // A26: once Control pays better than the hunt, its moves play for the Locations.
        let control = goals::control_pays(s, posture, side, &stakes, &weights.doctrine);
        let for_control = control.as_ref().map(|victory| Posture {
            victory,
            plan: posture.plan,
            turns: posture.turns,
        });
        // The scenario's own conditions, its Casualty VP one included (`dc_spares_control`).
        let scenario = posture;
        let posture = for_control.as_ref().unwrap_or(posture);
        let mut aims = goals::objectives(s, posture, side, control.is_some());
        // G11.33: the caves it must Control and has not found (no peeking).
        let unknown = goals::unknown_caves(s, posture, side);
        // G11.33: with no Known enemy nor Location to move on, a side that must Control caves
        // it has not found moves on the hexes they may be in, to Search them.
        if aims.is_empty() && stakes.attacks && !stakes.won {
            aims = goals::cave_search_goals(s, side, &unknown, searched);
        } else if goals::one_cave_to_find(s, scenario, side, &stakes, &unknown) {
            // A26.1 / G11.33: one cave it has not found is all its Control condition lacks
            // and the hunt cannot win: its units nearer the hexes the cave may be in go to
            // Search them, the others hunt on (each moves on the nearer of its goals).
            aims.extend(goals::cave_search_goals(s, side, &unknown, searched));
        }
        let base = greedy::candidates_for(
            s,
            posture,
            side,
            moment,
            searched,
            weights,
            aims.clone(),
            true,
        );
        if let Moment::Phase = moment
            && !acts(s.phase, side, s.turn.attacker)
        {
            return base;
        }
        let reply = Reply::new(s, side, &self.memo);
        // G11.88: no DC into an empty cave its side must Control (only its KIA would tell);
        // in the last Game Turn, playing for Control, no Search (G11.33: it ends the
        // Searcher's MPh, and what it finds can no longer be taken).
        let last_for_control = stakes.last_turn && control.is_some();
        let base: Vec<Choice> = base
            .into_iter()
            .filter(|c| match &c.order {
                Order::Search { .. } => !last_for_control,
                Order::PlaceDc { cave, .. }
                | Order::SetDc { cave, .. }
                | Order::ThrowDc { cave, .. } => {
                    goals::dc_spares_control(s, scenario, side, cave.as_ref())
                }
                _ => true,
            })
            .collect();
        let mut ctx = Ctx::new(s, side, posture, weights, stakes, reply);
        ctx.scenario = scenario;
        ctx.control = control.is_some();
        // A26: the last holder of a Location the enemy must Control stays in it.
        let base: Vec<Choice> = base
            .into_iter()
            .filter(|c| !movement::abandons_a_hold(&ctx, &c.order))
            .collect();
        let mut out = weigh(&mut ctx, base, moment, &aims);
        // G11.33: a cave its side must Control and has not found is Searched for, in the hexes
        // a cave may be in (no peeking: which hexes it searched is all it knows).
        if let Moment::Phase = moment
            && s.phase == Phase::Movement
            && !stakes.won
        {
            // A26.2: while the Known enemy outside caves that its units can get at within a
            // Player Turn (`hunt_reach` hexes) is worth the Casualty VP it still needs, its
            // units hunt them (a Search ends the Searcher's MPh, G11.33); a Search is still
            // worth a unit's MPh when no step toward the quarry is worth more
            // (`search_cave_hunting`).
            if !unknown.is_empty() {
                let w = &weights.doctrine;
                // In the last Game Turn only the quarry its units can still get at counts
                // (`last_turn_reach` hexes): a hunt three hexes off no longer wins in time.
                let hunting = if stakes.last_turn {
                    goals::hunt_reaches(s, scenario, side, w.last_turn_reach)
                } else {
                    goals::hunt_reaches(s, scenario, side, w.hunt_reach)
                };
                let score = if hunting {
                    w.search_cave_hunting
                } else {
                    w.search_cave
                };
                if score > 0.0 {
                    out.extend(searches::search_for_caves(
                        s, side, &unknown, searched, score,
                    ));
                }
            }
            // A12.152 / A11.19: a "?" beside it is Searched before it is attacked.
            if stakes.attacks && !last_for_control {
                out.extend(searches::search_to_reveal(s, side, weights));
            }
        }
        best_each(out)
    }

    /// A7 / A8: in a fire phase (or at a mover, its First Fire) where no shot is worth its
    /// threshold, the shot worth most of those `tell` allows, weighed as `weigh` weighs them
    /// (its veil and the fire it draws counted; not the Control posture `candidates` may take),
    /// its reason up to its first ";" (the odds in words).
    fn declined(
        &self,
        s: &Situation,
        posture: &Posture,
        side: Side,
        moment: &Moment,
        tell: &dyn Fn(&Choice) -> bool,
    ) -> Option<Choice> {
        let only_at = match moment {
            Moment::FirstFireAt(at) => Some(at),
            Moment::Phase
                if matches!(
                    s.phase,
                    Phase::PrepFire | Phase::DefensiveFire | Phase::AdvancingFire
                ) && acts(s.phase, side, s.turn.attacker) =>
            {
                None
            }
            _ => return None,
        };
        let stakes = Stakes::of(s, posture, side);
        let reply = Reply::new(s, side, &self.memo);
        let own = self
            .weights
            .for_doctrine(goals::enemy_needs_cvp(s, posture, side));
        let mut ctx = Ctx::new(s, side, posture, &own, stakes, reply);
        // Every shot scored above zero: its worth less its cost, lifted by a floor.
        const FLOOR: f32 = 1000.0;
        let mut best: Option<Choice> = None;
        for u in s.units.iter().filter(|u| u.unit.side() == side) {
            let legal = allowed_orders(s, &u.unit.id);
            for c in fire::fire_choices(&mut ctx, u, &legal, -FLOOR, only_at) {
                if tell(&c) && best.as_ref().is_none_or(|b| c.score > b.score) {
                    best = Some(c);
                }
            }
        }
        // A3: a Prep Fire also costs its firers' MPh (`fire::prep_forfeit`).
        let prep = if s.phase == Phase::PrepFire && matches!(moment, Moment::Phase) {
            ", and a unit that Prep Fires does not move in the MPh (A3)"
        } else {
            ""
        };
        best.map(|c| Choice {
            score: c.score - FLOOR,
            reason: format!("{}{prep}", c.reason.split("; ").next().unwrap_or(&c.reason)),
            order: c.order,
        })
    }

    fn pick(&self, cands: &mut Vec<Choice>, _rng: &mut ChaCha8Rng) -> Option<Choice> {
        let mut pick = cands.remove(greedy::best_index(cands)?);
        // The best option it declined for the same unit, when it has one.
        let unit = pick.order.unit().cloned();
        let runner_up = cands
            .iter()
            .filter(|c| unit.is_some() && c.order.unit() == unit.as_ref())
            .max_by(|a, b| a.score.total_cmp(&b.score));
        if let Some(r) = runner_up
            && !pick.reason.contains("declined")
        {
            pick.reason = format!(
                "{}; it preferred this to: {}",
                pick.reason,
                r.reason.split("; ").next().unwrap_or(&r.reason)
            );
        }
        Some(pick)
    }

    fn clone_box(&self) -> Box<dyn Player> {
        Box::new(self.clone())
    }
}

/// G1.5: what a Banzai Charge by `units` at `to` gains toward `goals`: the movement weights'
/// `per_hex_nearer` for each hex its target lies nearer the nearest goal than its first unit
/// (a cave counted at its Entrance Hex; negative for a charge away from them, and a charge
/// whose score falls to 0 or below is dropped; 0 with no goal).
fn banzai_toward(
    s: &Situation,
    units: &[crate::rules::orders::UnitId],
    to: &crate::los::Location,
    goals: &[Hex],
    w: &Weights,
) -> f32 {
    if goals.is_empty() {
        return 0.0;
    }
    let Some(first) = units.first().and_then(|u| s.unit(u)) else {
        return 0.0;
    };
    // A cave by its Entrance Hex, as its goals name it (`goals::goal_hex`).
    let hex = |l: &crate::los::Location| goals::goal_hex(s, first.unit.side(), l);
    match (hex(&first.at), hex(to)) {
        (Some(a), Some(b)) => {
            let d = |h: Hex| goals.iter().map(|g| g.distance(h)).min().unwrap_or(0) as f32;
            w.movement.per_hex_nearer * (d(a) - d(b))
        }
        _ => 0.0,
    }
}

/// Each order once, with its best-scored reason (the doctrine's own weighing of an order the
/// greedy kind also offers outranks it, whichever came first); none scored 0 or less.
fn best_each(out: Vec<Choice>) -> Vec<Choice> {
    let mut kept: Vec<Choice> = Vec::new();
    for c in out.into_iter().filter(|c| c.score > 0.0) {
        match kept.iter_mut().find(|k| k.order == c.order) {
            Some(k) if c.score > k.score => *k = c,
            Some(_) => {}
            None => kept.push(c),
        }
    }
    kept
}

/// The greedy kind's candidates `base`, each weighed by what follows it (see the module doc):
/// the doctrine's own fire, moves and advances in place of the greedy ones.
fn weigh(ctx: &mut Ctx, base: Vec<Choice>, moment: &Moment, goals: &[Hex]) -> Vec<Choice> {
    let s = ctx.s;
    let side = ctx.side;
    let mut out = Vec::new();
    let mine: Vec<UnitAt> = s
        .units
        .iter()
        .filter(|u| u.unit.side() == side)
        .cloned()
        .collect();
    let gw = ctx.gw;
    match (moment, s.phase) {
        (Moment::FirstFireAt(at), _) => {
            // A8: a unit fires once a phase: at a mover it holds its fire for a better shot
            // (`hold_fire` more than the greedy kind asks) unless the shot is worth it now.
            for u in &mine {
                let legal = allowed_orders(s, &u.unit.id);
                let hold = ctx.w.hold_fire;
                out.extend(fire::fire_choices(
                    ctx,
                    u,
                    &legal,
                    gw.fire.first_fire_threshold + hold,
                    Some(at),
                ));
            }
            out.extend(
                base.into_iter()
                    .filter(|c| !fire::replaced_in_fire_phase(&c.order)),
            );
        }
        (_, Phase::PrepFire | Phase::DefensiveFire | Phase::AdvancingFire) => {
            // A7.25 / A8.4: the AFPh and DFPh are a unit's last fire of the Player Turn and
            // cost it nothing else (a Prep Fire costs its MPh, A3): every shot worth more than
            // its veil and the fire it draws by `last_fire` is made. (Asking only `last_fire` of
            // a holding side's Prep Fire too, its forfeit priced apart, was measured: the
            // Japanese doctrine then lost the night ridge to itself in 83 % of 200 games.)
            let least = if s.phase == Phase::PrepFire {
                gw.fire.threshold
            } else {
                ctx.w.last_fire
            };
            let threshold = least
                + if ctx.stakes.attacks {
                    0.0
                } else {
                    ctx.w.holding_fire_extra
                };
            // A3: what each unit's Prep Fire gives up, for a side holding out.
            let forfeits = safety::forfeits(ctx);
            for u in &mine {
                let legal = allowed_orders(s, &u.unit.id);
                let fire = fire::fire_choices(ctx, u, &legal, threshold, None);
                if s.phase == Phase::PrepFire {
                    out.extend(
                        fire.into_iter()
                            .filter_map(|c| fire::prep_forfeit(ctx, c, goals, &forfeits)),
                    );
                } else {
                    out.extend(fire);
                }
            }
            for c in base {
                match &c.order {
                    Order::FireStarshell { .. } => {
                        out.extend(fire::starshell_choice(ctx, &c, gw.fire.threshold))
                    }
                    Order::ThrowDc { .. } => out.extend(fire::throw_choice(ctx, &c)),
                    Order::Fire { .. } => {}
                    _ => out.push(c),
                }
            }
        }
        (_, Phase::Movement) => {
            let attacks = ctx.stakes.attacks;
            let mover = |id: &str| {
                mine.iter().any(|u| {
                    u.unit.id == id
                        && attacks
                        && u.unit.banzai.is_none()
                        && crate::rules::orders::banzai::charge_target(s, u).is_none()
                        && !(u.hidden && side == Side::Japanese)
                })
            };
            let mut kept = Vec::new();
            let mut dropped: Vec<String> = Vec::new();
            for c in base {
                let Some(id) = c.order.unit().map(|u| u.as_ref().to_string()) else {
                    kept.push(c);
                    continue;
                };
                let step = matches!(
                    c.order,
                    Order::Move { .. }
                        | Order::AssaultMove { .. }
                        | Order::EnterCave { .. }
                        | Order::ExitCave { .. }
                );
                // A side holding out withdraws by the doctrine's own weighing
                // (`safety::withdrawals`), not the greedy kind's cover alone.
                if step && !attacks && c.reason.contains(" withdraws to ") {
                    continue;
                }
                // G1.5: a Banzai Charge toward what its side plays for before one away from it
                // (a helper saw the Japanese charge a lone leader in their rear in the last
                // Game Turn, leaving the hex they had to Control).
                if let Order::Banzai { units, to } = &c.order {
                    let toward = banzai_toward(s, units, to, goals, gw);
                    kept.push(Choice {
                        score: c.score + toward,
                        ..c
                    });
                    continue;
                }
                if !(step && mover(&id)) {
                    kept.push(c);
                    continue;
                }
                match movement::weigh_step(ctx, c, goals) {
                    Some(w) => kept.push(w),
                    None => dropped.push(id),
                }
            }
            // A26 / G11.94: a Location the enemy must Control, held again.
            for u in &mine {
                kept.extend(movement::garrison(ctx, u));
            }
            // A side holding out: a threatened unit to safety.
            kept.extend(safety::withdrawals(ctx, &mine));
            // A23.3 / A26.2: a DC on the Known enemy stack worth the Casualty VP it still needs;
            // its carriers keep their MF for the Placement (no grenades, A24.1).
            let quarry = quarry::dc_on_quarry(ctx, &mine);
            // A grenade order's unit carries a DC; the Location a grenade order screens.
            let carrier = |c: &Choice| {
                c.order
                    .unit()
                    .and_then(|u| s.unit(u.as_ref()))
                    .is_some_and(|u| u.unit.dc)
            };
            let screened = |c: &Choice| match &c.order {
                Order::PlaceSmoke { at, .. } | Order::PlaceWp { at, .. } => Some(at.clone()),
                _ => None,
            };
            if quarry::hunting_with_dc(ctx) {
                kept.retain(|c| !(screened(c).is_some() && carrier(c)));
            }
            kept.extend(quarry);
            // Grenades before a step not taken are not thrown (A24.1).
            kept.retain(|c| {
                !(screened(c).is_some()
                    && c.order
                        .unit()
                        .is_some_and(|u| dropped.iter().any(|d| d == u.as_ref())))
            });
            // A24.1 / A23.3: grenades are thrown by a unit with no DC where one without a DC
            // screens the same Location (a DC carrier keeps its MF for a Placement).
            let by_others: Vec<crate::los::Location> = kept
                .iter()
                .filter(|c| !carrier(c))
                .filter_map(screened)
                .collect();
            kept.retain(|c| !(carrier(c) && screened(c).is_some_and(|at| by_others.contains(&at))));
            out = kept;
        }
        (_, Phase::Advance) => {
            for c in base {
                out.extend(movement::advance_choice(ctx, c));
            }
            if !ctx.stakes.won {
                for u in &mine {
                    out.extend(movement::leader_joins_cc(ctx, u));
                }
            }
            for u in &mine {
                out.extend(movement::garrison(ctx, u));
                out.extend(movement::take_at_the_last(ctx, u));
            }
        }
        (_, Phase::Rout) => {
            // A10.5 / A10.52: a broken unit that must rout goes where it is expected to lose
            // least (a Low Crawl past an Interdicted hex included); E1.54: one that need not,
            // out of the enemy's fire.
            let must = safety::mandatory_routs(ctx, &mine);
            out = base
                .into_iter()
                .filter(|c| {
                    !(matches!(c.order, Order::Rout { .. })
                        && must.iter().any(|m| m.order.unit() == c.order.unit()))
                })
                .collect();
            out.extend(must);
            out.extend(safety::voluntary_routs(ctx, &mine));
        }
        (_, Phase::CloseCombat) => {
            out = base
                .into_iter()
                .filter(|c| match &c.order {
                    Order::CloseCombat { at, .. } => movement::cc_worth(ctx, at),
                    _ => true,
                })
                .collect();
        }
        _ => out = base,
    }
    out
}
