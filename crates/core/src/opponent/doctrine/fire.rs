//! The doctrine's fire (A7/A8), Starshells (E1.92) and Thrown DCs (G11.833), each weighed by
//! what follows: a Fire by the value of what it may break or kill (a squad worth its Casualty
//! VP, a DC carrier, a DC's Placer: breaking or pinning him cancels the DC, and what the DC
//! would take from our units is at stake, A23.3, G11.833; for a side holding
//! out, before the enemy's APh, an enemy squad beside its units is worth the Close Combat it
//! threatens them with, A11), less what the firers give up when their fire reveals them (HIP,
//! "?", Cloaking: A12.15, E1.43, G1.63; for a side holding out beside the enemy, the half FP
//! of a Close Combat against concealed units, A11.19; its hidden units outside caves fire only
//! at an enemy beside them, an ambush) and the enemy's reply they then draw; a
//! Starshell only where a unit of ours will then fire; a Throw only when its gain outweighs
//! the fallen DC's attack on the Thrower's own Location (result b).

use crate::los::Location;
use crate::rules::orders::Order;
use crate::rules::orders::dc::{DcStrike, throw_dc};
use crate::rules::orders::fire::Reveal;
use crate::rules::orders::fire::fire as fire_plan;
use crate::rules::orders::legal::ids;
use crate::rules::situation::{Situation, UnitAt};

use super::ctx::Ctx;
use super::goals::value;
use super::reply::{Shot, morale};
use crate::opponent::choice::Choice;
use crate::opponent::greedy::{fire_orders, starshell_reason, throw_dc_reason};

/// What a planned attack may take from the enemy: the sum over its targets of their value
/// times the attack's expected worth against each; and the target it most likely harms, with
/// that chance.
fn gain(ctx: &Ctx, s: &Situation, shot: &Shot, targets: &[String]) -> (f32, Option<(String, f32)>) {
    let mut total = 0.0;
    let mut best: Option<(String, f32, f32)> = None;
    for t in targets.iter().filter_map(|id| s.unit(id)) {
        if t.unit.side() == ctx.side {
            continue;
        }
        let v = ctx.target_value(s, t) + assault_threat(ctx, s, t);
        // G11.833 / A23.3: breaking or pinning a DC's Placer before the DFPh cancels the DC:
        // what its attack would take from our units is at stake too.
        let worth = v * shot.worth_vs(morale(t))
            + ctx.w.placer_stake * dc_stake(ctx, s, t) * shot.cancel_chance(morale(t));
        total += worth;
        if t.unit.good_order() && best.as_ref().is_none_or(|b| worth > b.2) {
            best = Some((t.unit.id.clone(), shot.harm_chance(morale(t)), worth));
        }
    }
    (total, best.map(|(id, p, _)| (id, p)))
}

/// A26.1: `cave` is one the enemy must Control (its Control conditions name it).
fn enemy_must_control(ctx: &Ctx, cave: &str) -> bool {
    super::goals::control_locations(ctx.scenario, ctx.side.opponent())
        .any(|l| matches!(l, Location::Cave(x) if x == cave))
}

/// G11.3 / G11.94: how many hidden caves the enemy must Control (A26.1) an attack reveals
/// (`Reveal::cave`: a hidden firer's cave, placed onboard with its HIP loss whether or not it
/// keeps "?"; a hidden cave is not Controlled by the enemy). Its own caves are known to a side.
fn revealed_control_caves(ctx: &Ctx, reveals: &[Reveal]) -> usize {
    let mut caves: Vec<&str> = reveals
        .iter()
        .filter_map(|r| r.cave.as_deref())
        .filter(|c| enemy_must_control(ctx, c))
        .collect();
    caves.sort_unstable();
    caves.dedup();
    caves.len()
}

/// A8.3: in the MPh, a firer among `units` is already marked First Fire: the attack is its
/// Subsequent First Fire (and it would have no Final Fire left for the DFPh).
fn subsequent_first_fire(s: &Situation, units: &[impl AsRef<str>]) -> bool {
    use crate::model::{FireMark, Phase};
    s.phase == Phase::Movement
        && units
            .iter()
            .filter_map(|id| s.unit(id.as_ref()))
            .any(|u| u.unit.fired == Some(FireMark::FirstFire))
}

/// A8.31: what the FPF firers (`FirePlan::fpf`) stand to lose to the NMC the attack's Original
/// IFT DR is for each of them: each one's value times its chance to fail it (its Morale Level
/// and the leadership modifier of its Location, as the MC ruling counts them), with the
/// largest chance to fail.
fn fpf_risk(ctx: &Ctx, fpf: &[String]) -> (f32, f32) {
    let value = super::ctx::value_fn(ctx.s, ctx.w);
    let mut cost = 0.0;
    let mut worst: f32 = 0.0;
    for id in fpf {
        let (Some(u), Ok(mc)) = (
            ctx.s.unit(id),
            crate::rules::orders::units::morale_check(ctx.s, id, 0, |_| 0),
        ) else {
            continue;
        };
        let fails = (1..=6u8)
            .flat_map(|a| (1..=6u8).map(move |b| i32::from(a + b)))
            .filter(|dr| dr + mc.drm > mc.level.value)
            .count() as f32
            / 36.0;
        cost += value(u) * fails;
        worst = worst.max(fails);
    }
    (cost, worst)
}

/// A23.3 / G11.833: `t` holds a DC Placed (or Set) this MPh that is not yet operable and is
/// still in the Location he Placed it from, in Good Order and unpinned: breaking or pinning
/// him there cancels it (`dc::placer_survived`); once he has moved on, it stands, and once he
/// is broken or pinned it is cancelled already.
fn cancellable(t: &UnitAt) -> bool {
    t.unit.good_order()
        && !t.unit.pinned
        && t.unit
            .placed_dc
            .as_ref()
            .is_some_and(|p| !p.operable && p.from == t.at)
}

/// A23.3 / G11.833: what the DC the enemy unit `t` has Placed (or Set) and not yet made
/// operable would take from our units in its target (a Location or a cave): their value times
/// the DC attack's expected worth against each (its IFT column and DRM as the ruling gives
/// them); 0 for a unit holding no such DC. Read from the side's view: our own units and the
/// Placer it sees.
fn dc_stake(ctx: &Ctx, s: &Situation, t: &UnitAt) -> f32 {
    use crate::rules::orders::dc::placed_dc_detonation;
    use crate::rules::orders::dc_ground::ground_dc_attack;
    if !cancellable(t) {
        return 0.0;
    }
    let Some(p) = t.unit.placed_dc.as_ref() else {
        return 0.0;
    };
    if t.unit.side() == ctx.side {
        return 0.0;
    }
    let (shot, at) = match &p.on {
        Some(on) => {
            let a = ground_dc_attack(s, on, p.area_fire);
            (Shot::uncowering(a.ift.results, a.drm), on.clone())
        }
        None => match placed_dc_detonation(s, &t.unit.id) {
            Ok(a) => (
                Shot::uncowering(a.ift.results, a.drm),
                Location::Cave(p.cave.clone()),
            ),
            Err(_) => return 0.0,
        },
    };
    s.units_at(&at)
        .into_iter()
        .filter(|u| u.unit.side() == ctx.side)
        .map(|u| value(s, u, ctx.w) * shot.worth_vs(morale(u)))
        .sum()
}

/// A11 / A3: for a side holding out, in the enemy's Player Turn before its APh, what an enemy
/// Good Order, unpinned MMC (A7.8) next to its units threatens to take by advancing into Close
/// Combat with them
/// (`safety::threat_share` of their value, the most it threatens in one Location): breaking it
/// spares them that.
fn assault_threat(ctx: &Ctx, s: &Situation, t: &UnitAt) -> f32 {
    use crate::rules::orders::close_combat::{attack_fp, defence_fp};
    use crate::rules::orders::common::mmc;
    // A7.8: a pinned unit does not advance.
    if !holding_before_enemy_aph(ctx, s)
        || !t.unit.good_order()
        || t.unit.pinned
        || mmc(&t.unit).is_none()
    {
        return 0.0;
    }
    let Some(h) = s.hex_of(&t.at) else {
        return 0.0;
    };
    let fp = attack_fp(s.tables, &t.unit);
    let mut most: f32 = 0.0;
    let mut seen: Vec<&Location> = Vec::new();
    for o in s.units.iter().filter(|o| o.unit.side() == ctx.side) {
        if matches!(o.at, Location::Cave(_) | Location::Complex(_)) || seen.contains(&&o.at) {
            continue;
        }
        if s.hex_of(&o.at).is_none_or(|x| x.distance(h) > 1) {
            continue;
        }
        seen.push(&o.at);
        let here: Vec<&UnitAt> = s
            .units_at(&o.at)
            .into_iter()
            .filter(|x| x.unit.side() == ctx.side)
            .collect();
        let def: f32 = here.iter().map(|x| defence_fp(s.tables, &x.unit)).sum();
        let val: f32 = here.iter().map(|x| value(s, x, ctx.w)).sum();
        most = most.max(super::safety::threat_share(ctx, fp, def) * val);
    }
    most
}

/// A12.15 / G11.3: a hidden firer whose HIP the attack on `at` strips (`Reveal`: seen or not)
/// fires only at a target within its reach, a doctrine choice: out of a hidden cave the enemy
/// must Control (its HIP loss places the Cave counter onboard) `reveal_control_cave_range`
/// hexes, since a long shot at night told the Americans where the night ridge's cave Y was;
/// outside caves, for a side holding out, `holding_hidden_range` hexes, an ambush (measured:
/// see the weights file). Whether a firer of the attack would fire beyond its reach.
fn beyond_hidden_reach(ctx: &Ctx, reveals: &[Reveal], at: &Location) -> bool {
    let s = ctx.s;
    let Some(target) = s.hex_of(at) else {
        return false;
    };
    reveals.iter().any(|r| {
        let Some(f) = s.unit(&r.unit) else {
            return false;
        };
        let reach = if r
            .cave
            .as_deref()
            .is_some_and(|c| enemy_must_control(ctx, c))
        {
            ctx.w.reveal_control_cave_range
        } else if f.hidden
            && !ctx.stakes.attacks
            && !matches!(f.at, Location::Cave(_) | Location::Complex(_))
        {
            ctx.w.holding_hidden_range
        } else {
            return false;
        };
        s.hex_of(&f.at).is_some_and(|h| h.distance(target) > reach)
    })
}

/// A3: its side holds out and it is the enemy's Player Turn, before his APh (his MPh or our
/// DFPh): what he may still advance into Close Combat with.
fn holding_before_enemy_aph(ctx: &Ctx, s: &Situation) -> bool {
    use crate::model::Phase;
    !ctx.stakes.attacks
        && s.turn.attacker != ctx.side
        && matches!(s.phase, Phase::Movement | Phase::DefensiveFire)
}

/// A11.19 / A3: for a side holding out, in the enemy's Player Turn before its APh, a Known
/// Good Order enemy MMC in or beside the hex of `u`'s Location (one that may advance into
/// Close Combat with it, where its "?" halves the enemy's attack). Read by hex, a cave's
/// occupants included (measured: see `reveal_threatened` in the weights file).
fn threatened(ctx: &Ctx, u: &UnitAt) -> Option<String> {
    use crate::rules::orders::common::mmc;
    let s = ctx.s;
    if !holding_before_enemy_aph(ctx, s) {
        return None;
    }
    let h = s.hex_of(&u.at)?;
    s.units
        .iter()
        .find(|e| {
            e.unit.side() != ctx.side
                && !e.hidden
                && e.unit.good_order()
                && mmc(&e.unit).is_some()
                && s.hex_of(&e.at).is_some_and(|x| x.distance(h) <= 1)
        })
        .map(|e| e.unit.id.clone())
}

/// The odds in words: "31 % to break or eliminate jp2".
pub fn in_words(harm: &Option<(String, f32)>) -> String {
    match harm {
        Some((id, p)) => format!(
            "{:.0} % to break, reduce or eliminate {}",
            100.0 * p,
            crate::opponent::view::shown(id)
        ),
        None => "no Good Order target".into(),
    }
}

/// The Fire candidates of `u` (alone, or with its Location's units and leader: `fire_orders`)
/// worth more than `threshold` after what firing costs them.
pub fn fire_choices(
    ctx: &mut Ctx,
    u: &UnitAt,
    legal: &[Order],
    threshold: f32,
    only_at: Option<&Location>,
) -> Vec<Choice> {
    let mut out = Vec::new();
    let threat = threatened(ctx, u);
    for o in fire_orders(ctx.s, u, legal) {
        let Order::Fire { units, at } = &o else {
            continue;
        };
        if only_at.is_some_and(|l| l != at) {
            continue;
        }
        let Ok(plan) = fire_plan(ctx.s, &ids(units), at) else {
            continue;
        };
        let shot = Shot::of(&plan);
        if beyond_hidden_reach(ctx, &plan.reveals, at) {
            continue;
        }
        let (worth, harm) = gain(ctx, ctx.s, &shot, &plan.targets);
        // The firers whose HIP, "?" or Cloaking the attack strips, as the ruling says (A12.15,
        // E1.43: one no enemy sees keeps its "?").
        let veiled: Vec<&str> = plan
            .reveals
            .iter()
            .filter(|r| !r.concealed_after)
            .map(|r| r.unit.as_str())
            .collect();
        let hidden = veiled
            .iter()
            .filter_map(|x| ctx.s.unit(x))
            .filter(|f| f.hidden)
            .count() as f32;
        let concealed = veiled.len() as f32 - hidden;
        let (cost, drawn) = if veiled.is_empty() {
            (0.0, 0.0)
        } else {
            let before = ctx.loss_now();
            let f = super::ctx::value_fn(ctx.s, ctx.w);
            let after = ctx.reply.loss_unveiled(&veiled, &f);
            let drawn = (after - before).max(0.0);
            // A side holding out prices its veil and the fire it draws by its own weights.
            let (veil, risk) = if ctx.stakes.attacks || ctx.stakes.won {
                (1.0, ctx.risk)
            } else {
                (ctx.w.holding_reveal, ctx.w.holding_fire_risk)
            };
            // A11.19: its "?" halves the Close Combat of the enemy beside it.
            let guard = if threat.is_some() {
                ctx.w.reveal_threatened * concealed
            } else {
                0.0
            };
            (
                veil * (hidden * ctx.w.reveal_hidden + concealed * ctx.w.reveal_concealed)
                    + guard
                    + risk * drawn,
                drawn,
            )
        };
        let given_away = revealed_control_caves(ctx, &plan.reveals);
        // G11.3 / G11.94: a hidden unit firing out of a hidden cave reveals the cave, seen or
        // not (its HIP loss places the Cave counter onboard), and the enemy cannot Control a
        // hidden cave: one it must Control is not given up for a shot at broken units alone
        // (no Good Order target). (Priced for every shot, at 0.3 or 1 a cave, the Japanese
        // doctrine's caves kept silent while the Americans came up, and it lost the assault
        // to itself in 72 and 77.5 % of 200 games.)
        let caves = if harm.is_none() {
            given_away as f32 * ctx.w.reveal_control_cave
        } else {
            0.0
        };
        // A8.31: FPF risks its firers' own Morale.
        let (fpf_cost, fpf_fail) = fpf_risk(ctx, &plan.fpf);
        let score = worth - threshold - cost - caves - fpf_cost;
        if score <= 0.0 {
            continue;
        }
        let names: Vec<&str> = units.iter().map(|x| x.as_ref()).collect();
        let placer = plan
            .targets
            .iter()
            .filter_map(|id| ctx.s.unit(id))
            .find(|t| cancellable(t) && t.unit.side() != ctx.side);
        // A8.3 / A8.4: a unit marked First Fire keeps its one fire left for the DFPh, where
        // its Final Fire attacks every unit in the adjacent Location, not the mover alone;
        // only a DC's Placer, whose DC breaking or pinning him cancels before the DFPh, is
        // worth its Subsequent First Fire. One marked Final Fire has no fire left but FPF
        // (A8.31), weighed against the NMC it risks (`fpf_risk`).
        if placer.is_none() && subsequent_first_fire(ctx.s, units) {
            continue;
        }
        let mut reason = format!(
            "{} fire at {} on the {} column, DRM {:+}: {}",
            names.join(", "),
            plan.target_name,
            plan.column,
            plan.total_drm,
            in_words(&harm)
        );
        // What makes the shot worth more than its odds say: the other units it attacks there,
        // and a DC carried (`goals::value`).
        let harmed = harm.as_ref().map(|(id, _)| id.as_str());
        let others: Vec<String> = plan
            .targets
            .iter()
            .filter_map(|id| ctx.s.unit(id))
            .filter(|t| t.unit.side() != ctx.side && Some(t.unit.id.as_str()) != harmed)
            .map(|t| crate::opponent::view::shown(&t.unit.id).to_string())
            .collect();
        // With no Good Order target, the units there are all broken: say so.
        if !others.is_empty() {
            reason.push_str(&match harm {
                Some(_) => format!(" (and {} there with it)", others.join(", ")),
                None => format!(" ({} there, all broken)", others.join(", ")),
            });
        }
        let carriers: Vec<&str> = plan
            .targets
            .iter()
            .filter_map(|id| ctx.s.unit(id))
            .filter(|t| t.unit.side() != ctx.side && t.unit.dc && t.unit.placed_dc.is_none())
            .map(|t| t.unit.id.as_str())
            .collect();
        if !carriers.is_empty() {
            let verb = if carriers.len() == 1 {
                "carries a DC"
            } else {
                "each carry a DC"
            };
            reason.push_str(&format!("; {} {verb}", carriers.join(", ")));
        }
        if let Some(p) = placer {
            reason.push_str(&format!(
                "; {} holds a {} DC, which breaking or pinning him before the DFPh cancels \
                 (A23.3, G11.833): {:.0} % to do so",
                p.unit.id,
                p.unit.placed_dc.as_ref().map_or("Placed", |d| d.verb()),
                100.0 * shot.cancel_chance(morale(p))
            ));
        }
        if !plan.fpf.is_empty() {
            reason.push_str(&format!(
                "; as Final Protective Fire its Original IFT DR is also {}'s NMC DR (A8.31): \
                 {:.0} % to fail it",
                plan.fpf.join(", "),
                100.0 * fpf_fail
            ));
        }
        let assaulters: Vec<&str> = plan
            .targets
            .iter()
            .filter_map(|id| ctx.s.unit(id))
            .filter(|t| t.unit.side() != ctx.side && assault_threat(ctx, ctx.s, t) > 0.0)
            .map(|t| crate::opponent::view::shown(&t.unit.id))
            .collect();
        if !assaulters.is_empty() {
            reason.push_str(&format!(
                "; {} beside our units would advance into Close Combat with them (A11)",
                assaulters.join(", ")
            ));
        }
        if let Some(e) = threat.as_deref().filter(|_| concealed > 0.0) {
            reason.push_str(&format!(
                "; worth the \"?\" that halves the Close Combat of {} beside it (A11.19)",
                crate::opponent::view::shown(e)
            ));
        }
        if !veiled.is_empty() {
            reason.push_str(&format!(
                "; worth revealing {} for (G1.63, A12.15){}",
                veiled.join(", "),
                if drawn > 0.05 {
                    " though it will draw fire back"
                } else {
                    ""
                }
            ));
        }
        out.push(Choice {
            order: o.clone(),
            score,
            reason,
        });
    }
    out
}

/// A3: a Prep Fire `c` less what its firers give up, the MPh they may not move in after
/// it: for a side holding out, the safety they would withdraw to (`forfeits`); for an
/// attacking side nothing for a firer already in a goal hex (`goals`); else
/// `prep_forfeit` a firer, twice that while the side plays for Control, and in the last Game
/// Turn `prep_forfeit_last` for a firer whose goal lies beyond one advance (it could no longer
/// reach it). `None` when nothing is left of its worth.
pub fn prep_forfeit(
    ctx: &Ctx,
    mut c: Choice,
    goals: &[crate::hex::Hex],
    forfeits: &[(String, f32)],
) -> Option<Choice> {
    let Order::Fire { units, .. } = &c.order else {
        return Some(c);
    };
    if !ctx.stakes.attacks {
        // A side holding out gives up the safety its firers would withdraw to
        // (`safety::forfeits`).
        let cost: f32 = forfeits
            .iter()
            .filter(|(id, _)| units.iter().any(|u| u.as_ref() == id))
            .map(|(_, f)| f)
            .sum();
        c.score -= cost;
        if cost > 0.0 {
            c.reason
                .push_str("; worth more than the safety its firers would withdraw to (A3)");
        }
        return (c.score > 0.0).then_some(c);
    }
    if goals.is_empty() {
        return Some(c);
    }
    let mut cost = 0.0;
    let mut stranded = Vec::new();
    for f in units.iter().filter_map(|id| ctx.s.unit(id.as_ref())) {
        let Some(h) = ctx.s.hex_of(&f.at) else {
            continue;
        };
        let d = goals.iter().map(|g| g.distance(h)).min().unwrap_or(0);
        if d == 0 || f.unit.mf_spent > 0.0 {
            continue;
        }
        cost += if ctx.control && ctx.stakes.last_turn && d > 1 {
            stranded.push(f.unit.id.as_str());
            ctx.w.prep_forfeit_last
        } else if ctx.control {
            2.0 * ctx.w.prep_forfeit
        } else {
            ctx.w.prep_forfeit
        };
    }
    c.score -= cost;
    if c.score <= 0.0 {
        return None;
    }
    if cost > 0.0 {
        c.reason.push_str(if stranded.is_empty() {
            "; worth its firers' MPh (A3: a unit that Prep Fires does not move in the MPh)"
        } else {
            "; worth the MPh its firers need to reach the goal (A3)"
        });
    }
    Some(c)
}

/// E1.92: a Starshell over `at` is worth firing only where a unit of ours that has not fired
/// (not the one firing it) would then fire at the lit enemy there with a worthwhile attack.
pub fn starshell_choice(ctx: &Ctx, c: &Choice, threshold: f32) -> Option<Choice> {
    let Order::FireStarshell { unit, at } = &c.order else {
        return None;
    };
    let mut lit = ctx.s.clone();
    lit.lit_hexes.insert(*at);
    lit.starshells.push(*at);
    let mut targets: Vec<Location> = ctx
        .s
        .units
        .iter()
        .filter(|e| e.unit.side() != ctx.side && e.at.hex() == Some(*at))
        .filter(|e| !matches!(e.at, Location::Cave(_) | Location::Complex(_)))
        .map(|e| e.at.clone())
        .collect();
    targets.sort_by_key(|l| format!("{l:?}"));
    targets.dedup();
    let shooter = ctx
        .s
        .units
        .iter()
        .filter(|u| u.unit.side() == ctx.side && u.unit.id != unit.as_ref())
        .filter(|u| u.unit.good_order() && u.unit.fired.is_none() && !u.hidden)
        .flat_map(|u| targets.iter().map(move |t| (u, t)))
        .filter_map(|(u, target)| {
            let plan = fire_plan(&lit, std::slice::from_ref(&u.unit.id), target).ok()?;
            let shot = Shot::of(&plan);
            let (worth, _) = gain(ctx, &lit, &shot, &plan.targets);
            Some((u.unit.id.clone(), worth))
        })
        .max_by(|a, b| a.1.total_cmp(&b.1))?;
    (shooter.1 > threshold).then(|| Choice {
        order: c.order.clone(),
        score: c.score.min(shooter.1),
        reason: format!(
            "{}, for {} to fire at once it is lit",
            starshell_reason(ctx.s, unit.as_ref(), *at),
            shooter.0
        ),
    })
}

/// G11.833: a Throw weighed: its chance (a Final dr <= 3) times what the DC then takes in the
/// cave (the occupants the view shows, by value, on the 30-FP column with no DRM, and
/// `dc_control` for a cave its side must Control), less the chance it fails times the fallen
/// DC's attacks on our own units (result b: on the Entrance Hex's Base Level, where the Thrower
/// stands), at the price `blowback` (or the doctrine's price of risk, if higher; in the last
/// Game Turn of a side still short of its win, the price of risk). An occupant whose loss alone
/// would win the Casualty VP still needed counts `decisive` more (`Ctx::target_value`).
pub fn throw_choice(ctx: &Ctx, c: &Choice) -> Option<Choice> {
    let Order::ThrowDc { unit, cave } = &c.order else {
        return None;
    };
    let plan = throw_dc(ctx.s, unit.as_ref(), cave.as_ref()).ok()?;
    let p = (1..=6).filter(|dr| dr + plan.drm.total <= 3).count() as f32 / 6.0;
    let hit = Shot::uncowering(plan.on_success.ift.results.clone(), plan.on_success.drm);
    let inside = Location::Cave(cave.as_ref().to_string());
    let occupants: f32 = ctx
        .s
        .units_at(&inside)
        .iter()
        .filter(|u| u.unit.side() != ctx.side)
        .map(|u| ctx.target_value(ctx.s, u) * hit.worth_vs(morale(u)))
        .sum();
    let control = ctx.posture.victory.iter().any(|v| {
        matches!(v, crate::rules::victory::VictoryCondition::Control { side, locations }
            if *side == ctx.side && locations.contains(&inside))
    });
    let gain = occupants + if control { ctx.w.dc_control } else { 0.0 };
    let mut own = 0.0;
    for strike in &plan.on_failure {
        if let DcStrike::Location(l) = strike {
            let shot = Shot::uncowering(l.ift.results.clone(), l.drm);
            own += ctx
                .s
                .units_at(&l.at)
                .iter()
                .filter(|u| u.unit.side() == ctx.side)
                .map(|u| value(ctx.s, u, ctx.w) * shot.worth_vs(morale(u)))
                .sum::<f32>();
        }
    }
    // In the last Game Turn, still short of its win, its own units are priced at the risk
    // it then takes (their loss no longer costs it a later turn).
    let price = if ctx.stakes.last_turn && ctx.stakes.attacks && !ctx.stakes.won {
        ctx.risk
    } else {
        ctx.w.blowback.max(ctx.risk)
    };
    let score = p * gain - (1.0 - p) * price * own;
    (score >= ctx.w.least_throw).then(|| Choice {
        order: c.order.clone(),
        // The greedy kind's priority, kept in the share of the gain the blowback leaves.
        score: c.score * (score / (p * gain).max(1e-3)).clamp(0.0, 1.0),
        reason: format!(
            "{}: {:.0} % to land; if it falls, its attack on our own Location is expected to \
             cost {own:.2} squads' worth (G11.833 result b)",
            throw_dc_reason(unit.as_ref()),
            100.0 * p
        ),
    })
}

/// Whether `o` is one unit's order the doctrine weighs itself in a fire phase.
pub fn replaced_in_fire_phase(o: &Order) -> bool {
    matches!(
        o,
        Order::Fire { .. } | Order::FireStarshell { .. } | Order::ThrowDc { .. }
    )
}
