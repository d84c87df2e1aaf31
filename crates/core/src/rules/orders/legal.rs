//! What a unit may do now (issue 24): `judge` asks an order's own ruling over the situation
//! (the same function the simulation calls when the order is given), and `legal_orders` lists
//! every order a unit could give in the phase, each allowed or refused with its rule. Play
//! mode's Orders window, `asl-pto orders` and a program playing a side all read this list;
//! nothing above the core decides which orders exist or which the rules allow.

use crate::hex::{Direction, Hex};
use crate::los::Location;
use crate::model::{Phase, Side};
use crate::rules::caves::attack::climbing_placement_vertices;
use crate::rules::situation::{Refusal, Situation, UnitAt};

use super::movement::MoveVerb;
use super::order::{CaveId, Order, UnitId};

/// The rules' answer to `order` now, with nothing applied and no die rolled: `Ok` (the order
/// is allowed; its dice decide the rest) or the refusal with its rule. Each verb asks its own
/// ruling in `rules::orders`; the reports (`Los`, `Light`, `Control`) and `NextPlayerTurn`
/// are always allowed, a Morale Check whenever its unit is in play.
pub fn judge(s: &Situation, order: &Order) -> Result<(), Refusal> {
    use super::{climb, dc, fire, heroes, illumination, kindle, movement, search, smoke};
    use crate::model::SmokeKind;
    game_running(s)?;
    match order {
        Order::Move { unit, to } => movement::move_to(s, unit, to, MoveVerb::Move).map(drop),
        Order::AssaultMove { unit, to } => {
            movement::move_to(s, unit, to, MoveVerb::AssaultMove).map(drop)
        }
        Order::EnterCave { unit, cave } => movement::move_to(
            s,
            unit,
            &Location::Cave(cave.0.clone()),
            MoveVerb::EnterCave,
        )
        .map(drop),
        Order::ExitCave { unit, to } => {
            movement::move_to(s, unit, to, MoveVerb::ExitCave).map(drop)
        }
        Order::Climb {
            unit,
            level,
            vertex,
        } => climb::climb(s, unit, *level, *vertex).map(drop),
        Order::ClimbToPlaceDc {
            unit,
            cave,
            level,
            vertex,
        } => climb::climb_to_place_dc(s, unit, cave, *level, *vertex).map(drop),
        Order::ThrowDc { unit, cave } => dc::throw_dc(s, unit, cave).map(drop),
        Order::PlaceDc { unit, cave } => dc::place_dc(s, unit, cave).map(drop),
        Order::PlaceDcAt { unit, at } => super::dc_ground::place_dc_at(s, unit, at).map(drop),
        Order::SetDc { unit, cave } => dc::set_dc_order(s, unit, cave).map(drop),
        Order::PlaceSmoke { unit, at } => {
            smoke::place_smoke(s, unit, at, SmokeKind::Grenade).map(drop)
        }
        Order::PlaceWp { unit, at } => {
            smoke::place_smoke(s, unit, at, SmokeKind::WpGrenade).map(drop)
        }
        Order::FireStarshell { unit, at } => illumination::fire_starshell(s, unit, *at).map(drop),
        Order::FireIr { at } => illumination::fire_ir(s, *at).map(drop),
        Order::Kindle { at } => kindle::kindle(s, *at).map(drop),
        Order::Search { unit, hex } => search::search(s, unit, *hex).map(drop),
        Order::CreateHero { unit, target } => {
            heroes::create_hero(s, unit, target, s.ob_japanese_squads).map(drop)
        }
        Order::DetonateDc { unit } => heroes::detonate_dc(s, unit).map(drop),
        Order::Fire { units, at } => fire::fire(s, &ids(units), at).map(drop),
        Order::MoraleCheck { unit, .. } => s.unit_in_play(unit).map(drop),
        Order::Rally { unit } => super::rally::rally(s, unit).map(drop),
        Order::Rout { unit, to } => super::rout::rout_to(s, unit, to).map(drop),
        Order::CloseCombat {
            at,
            attackers,
            targets,
        } => super::close_combat::close_combat(s, at, &ids(attackers), &ids(targets)).map(drop),
        Order::Banzai { units, to } => super::banzai::banzai(s, &ids(units), to).map(drop),
        Order::NextPlayerTurn | Order::Los { .. } | Order::Light { .. } | Order::Control { .. } => {
            Ok(())
        }
    }
}

/// Typed ids as the rulings' plain ids.
pub fn ids(units: &[UnitId]) -> Vec<String> {
    units.iter().map(|u| u.0.clone()).collect()
}

/// The hexes a unit at `at` acts on besides a target: its own and the adjacent ones on the map.
fn around(s: &Situation, at: &Location) -> Vec<Hex> {
    let Some(h) = at.hex() else {
        return Vec::new();
    };
    let mut v = vec![h];
    v.extend(Direction::ALL.iter().map(|d| h.neighbor(*d)));
    v.retain(|x| s.map.get(*x).is_some());
    v
}

/// The caves a unit at `at` of `side` may act on: those of its hex, whose Entrance Hex it is
/// in, or of an adjacent hex, and the cave it is in; a hidden cave only for its owner (the
/// Japanese, G11.3).
fn near_caves(s: &Situation, u: &UnitAt) -> Vec<CaveId> {
    s.caves
        .caves
        .iter()
        .filter(|c| s.cave_stands(&c.id))
        .filter(|c| {
            u.at.hex()
                .is_some_and(|h| h == c.hex || h == c.entrance || h.is_adjacent(c.hex))
                || u.at == Location::Cave(c.id.clone())
        })
        .filter(|c| !s.hidden_caves.contains(&c.id) || u.unit.side() == Side::Japanese)
        .map(|c| CaveId(c.id.clone()))
        .collect()
}

/// The enemy Locations a unit's side knows of now: where its enemies' units are, unless hidden
/// (A12; a concealed "?" unit is known to be there), sorted and without repeats.
pub fn known_enemy_locations(s: &Situation, side: Side) -> Vec<Location> {
    let mut v: Vec<Location> = s
        .units
        .iter()
        .filter(|o| o.unit.side() != side && !o.hidden)
        .map(|o| o.at.clone())
        .collect();
    v.sort_by_key(|l| format!("{l:?}"));
    v.dedup();
    v
}

/// The orders at the caves near `u` (`near_caves`): with a DC, Placed, Thrown, Set or Placed
/// by Climbing (G11.833-G11.8332); SMOKE and WP grenades into each (G11.85).
fn cave_orders(s: &Situation, u: &UnitAt, id: &UnitId, orders: &mut Vec<Order>) {
    let caves = near_caves(s, u);
    if u.unit.dc {
        for cave in &caves {
            orders.push(Order::PlaceDc {
                unit: id.clone(),
                cave: cave.clone(),
            });
            orders.push(Order::ThrowDc {
                unit: id.clone(),
                cave: cave.clone(),
            });
            orders.push(Order::SetDc {
                unit: id.clone(),
                cave: cave.clone(),
            });
            if let Some(c) = s.caves.cave(cave) {
                let level = u.at.level(s.map).unwrap_or(0);
                for vertex in climbing_placement_vertices(c) {
                    orders.push(Order::ClimbToPlaceDc {
                        unit: id.clone(),
                        cave: cave.clone(),
                        level,
                        vertex,
                    });
                }
            }
        }
    }
    for cave in &caves {
        let at = Location::Cave(cave.0.clone());
        orders.push(Order::PlaceSmoke {
            unit: id.clone(),
            at: at.clone(),
        });
        orders.push(Order::PlaceWp {
            unit: id.clone(),
            at,
        });
    }
}

/// Every order `unit` could give now besides its moves (which `rules::moves` lists with their
/// MF), each with the rules' answer: in its MPh an Assault Movement step into each adjacent
/// hex while it has spent no MF (A4.61), Search of its hex and the adjacent ones, the DC attacks,
/// SMOKE and WP grenades on the caves near it and its own Location, Kindling its hex, and on
/// each target a Fire, grenades, a Starshell, a T-H Hero vs its units, Control of a cave and a
/// LOS check. The targets are `target` if given (the viewer's pick), else every enemy Location
/// its side knows of (`known_enemy_locations`). No repeats; an unknown unit gives nothing.
pub fn legal_orders(
    s: &Situation,
    unit: &str,
    target: Option<&Location>,
) -> Vec<(Order, Result<(), Refusal>)> {
    let Some(u) = s.unit(unit) else {
        return Vec::new();
    };
    let id = UnitId(unit.to_string());
    let mut orders: Vec<Order> = Vec::new();
    // A11: where its Location holds a (not hidden) enemy unit, the CC there.
    if super::common::in_melee(s, u) {
        orders.push(Order::CloseCombat {
            at: u.at.clone(),
            attackers: Vec::new(),
            targets: Vec::new(),
        });
    }
    if u.unit.broken {
        orders.push(Order::Rally { unit: id.clone() });
        // A10.5: in the RtPh, each rout destination (where the unit could not rout at all,
        // none: `moves --phase RtPh` says why).
        // A10.52: and each Location it may Low Crawl into.
        if let Ok(plan) = super::rout::rout_destinations(s, unit) {
            for r in plan.options() {
                orders.push(Order::Rout {
                    unit: id.clone(),
                    to: r.at.clone(),
                });
            }
        }
    }
    for hex in around(s, &u.at) {
        orders.push(Order::Search {
            unit: id.clone(),
            hex,
        });
    }
    cave_orders(s, u, &id, &mut orders);
    // G1.424: a Japanese unit with a DC may detonate it where it stands (judged: a DC Hero in
    // his Designated Target's Location, another unit in a Known enemy's, in its MPh).
    if u.unit.dc && u.unit.nationality == crate::counters::Nationality::Japanese {
        orders.push(Order::DetonateDc { unit: id.clone() });
    }
    // A4.61: in its MPh, before it expends its first MF, a unit above ground may enter an
    // adjacent hex by Assault Movement (the picked one, if a target is given; its moves
    // otherwise: `rules::moves`).
    let fresh = s.phase == Phase::Movement && u.unit.mf_spent == 0.0 && u.unit.good_order();
    if fresh
        && u.unit.side() == s.turn.attacker
        && matches!(u.at, Location::Ground(_) | Location::Level(..))
    {
        let picked = target.and_then(|t| t.hex());
        for hex in around(s, &u.at).into_iter().skip(1) {
            if picked.is_some_and(|p| p != hex) {
                continue;
            }
            orders.push(Order::AssaultMove {
                unit: id.clone(),
                to: Location::Ground(hex),
            });
        }
    }
    let here = u.at.clone();
    orders.push(Order::PlaceSmoke {
        unit: id.clone(),
        at: here.clone(),
    });
    if let Some(at) = here.hex() {
        orders.push(Order::Kindle { at });
    }
    let targets = match target {
        Some(t) => vec![t.clone()],
        None => known_enemy_locations(s, u.unit.side()),
    };
    for t in &targets {
        target_orders(s, &id, &here, t, &mut orders);
    }
    // G1.5: in the Japanese MPh, a Banzai Charge by the unit's stack (its Good Order Japanese
    // units there that could charge) at each Known enemy Location within the Human Wave's MF
    // in hexes.
    if s.phase == Phase::Movement && u.unit.nationality == crate::counters::Nationality::Japanese {
        let stack = banzai_stack(s, u);
        let reach = u32::from(s.tables.human_wave.mf);
        for t in &targets {
            let near = s
                .hex_of(t)
                .zip(s.hex_of(&u.at))
                .is_some_and(|(a, b)| a.distance(b) <= reach);
            if near {
                orders.push(Order::Banzai {
                    units: stack.clone(),
                    to: t.clone(),
                });
            }
        }
    }
    let mut seen: Vec<Order> = Vec::new();
    orders.retain(|o| {
        let new = !seen.contains(o);
        seen.push(o.clone());
        new
    });
    orders
        .into_iter()
        .map(|o| {
            let answer = judge(s, &o);
            (o, answer)
        })
        .collect()
}

/// A7.5 / A7.53: the Fire Group of `unit`'s Location at `target`, with its rules' answer: the
/// unit and every other Good Order unit of its side there that could fire at the target alone,
/// with a Good Order leader there directing (a leader alone has no FP); none other marked
/// Final Fire, whose fire in the MPh would be FPF with its own NMC (A8.31: it fires so only
/// when ordered to itself). `None` when no other unit joins it. Play mode's Orders window offers it beside the unit's own Fire (`orders
/// --odds` and the program build theirs from `legal_orders` as before).
pub fn location_fire_group(
    s: &Situation,
    unit: &str,
    target: &Location,
) -> Option<(Order, Result<(), Refusal>)> {
    let u = s.unit(unit)?;
    let alone = |id: &str| {
        judge(
            s,
            &Order::Fire {
                units: vec![UnitId(id.to_string())],
                at: target.clone(),
            },
        )
        .is_ok()
    };
    let leader = |o: &UnitAt| super::common::is_leader(&o.unit) && o.unit.good_order();
    let mut units: Vec<UnitId> = s
        .units_at(&u.at)
        .into_iter()
        .filter(|o| o.unit.side() == u.unit.side() && (o.unit.id == unit || !o.hidden))
        .filter(|o| o.unit.id == unit || o.unit.fired != Some(crate::model::FireMark::FinalFire))
        .filter(|o| o.unit.id == unit || alone(&o.unit.id) || leader(o))
        .map(|o| UnitId(o.unit.id.clone()))
        .collect();
    units.sort_by(|a, b| (a.0 != unit).cmp(&(b.0 != unit)).then(a.0.cmp(&b.0)));
    // Some unit with FP besides the selected one, or the selected leader with one.
    let firers = units.iter().filter(|x| alone(&x.0)).count();
    if units.len() < 2 || firers == 0 {
        return None;
    }
    let order = Order::Fire {
        units,
        at: target.clone(),
    };
    let answer = judge(s, &order);
    Some((order, answer))
}

/// G1.5: the units of `u`'s Location that would charge with it: `u` first, then the other
/// Good Order Japanese units there that are not T-H Heroes, berserk or charging already, by id.
fn banzai_stack(s: &Situation, u: &UnitAt) -> Vec<UnitId> {
    let mut v = vec![UnitId(u.unit.id.clone())];
    for o in s.units_at(&u.at) {
        let joins = o.unit.id != u.unit.id
            && o.unit.side() == u.unit.side()
            && o.unit.good_order()
            && o.unit.hero.is_none()
            && !o.unit.berserk
            && o.unit.banzai.is_none()
            && o.unit.mf_spent == 0.0;
        if joins {
            v.push(UnitId(o.unit.id.clone()));
        }
    }
    v
}

/// The orders on one target: Fire, grenades, a Starshell, a T-H Hero vs each known enemy unit
/// there, Control of a cave, a LOS check.
fn target_orders(s: &Situation, id: &UnitId, here: &Location, t: &Location, out: &mut Vec<Order>) {
    out.push(Order::Fire {
        units: vec![id.clone()],
        at: t.clone(),
    });
    out.push(Order::PlaceSmoke {
        unit: id.clone(),
        at: t.clone(),
    });
    out.push(Order::PlaceWp {
        unit: id.clone(),
        at: t.clone(),
    });
    if let Some(at) = t.hex() {
        out.push(Order::FireStarshell {
            unit: id.clone(),
            at,
        });
    }
    // A23.3: a DC Placed on an ADJACENT above-ground Location.
    let carries = s.unit(id).is_some_and(|u| u.unit.dc);
    if let (true, Location::Ground(a), Location::Ground(b)) = (carries, here, t)
        && a.is_adjacent(*b)
    {
        out.push(Order::PlaceDcAt {
            unit: id.clone(),
            at: t.clone(),
        });
    }
    if let Location::Cave(c) = t {
        out.push(Order::Control {
            cave: CaveId(c.clone()),
        });
    }
    let side = s.unit(id).map(|u| u.unit.side());
    for o in s.units_at(t) {
        // A "?" of a side's view is no unit to designate (G1.424): its id is not for a player
        // to read.
        if Some(o.unit.side()) != side && !o.hidden && !crate::model::is_placeholder(&o.unit.id) {
            out.push(Order::CreateHero {
                unit: id.clone(),
                target: UnitId(o.unit.id.clone()),
            });
        }
    }
    out.push(Order::Los {
        from: here.clone(),
        to: t.clone(),
    });
}

pub use super::common::game_running;
