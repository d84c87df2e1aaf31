//! One step of one mover (`step`, the ruling behind `move_to`): A4 movement to an adjacent
//! Location, the cave rules (G11.7-G11.75, G11.751 and its EX, G11.88, G11.933 tunnels, and
//! G11.4 Cave Complex overstacking), HIP and "?" met on entry (A12.15, A12.14: `met`), the night
//! (E1.31 concealment, E1.421 and E1.51 MF), Crest status (B20.9, not modelled) and the APh
//! advance off a Climb counter (B11.4); and the plan's log line.

use crate::los::Location;
use crate::model::{Nationality, Phase, Side};
use crate::rules::caves::entry::cost;
use crate::rules::caves::hidden::{entry_allowed, hidden_entry_mf};
use crate::rules::climbing;
use crate::rules::night::concealment::{NightAction, loses_concealment};
use crate::rules::orders::common::{is_leader, mf_allotment, mmc};
use crate::rules::situation::{Refusal, Situation, UnitAt};

use super::line::Line;
use super::memo::Memo;
use super::met::{met_on_advance, met_on_entry};
use super::plan::{G11_74_MF, MoveEvent, MovePlan, MoveVerb, may_move};

/// G11.4 (and its EX): no unbroken Infantry enters an already-Overstacked Cave Complex (more
/// squad-equivalents than twice its Cave counters), during any phase, except up to four SMC
/// in all, who add no squad-equivalent (A5.5).
pub(crate) fn overstacked_complex(s: &Situation, u: &UnitAt, primary: &str) -> Result<(), Refusal> {
    let Some(limit) = s.caves.complex_stacking_limit(primary) else {
        return Ok(());
    };
    // G11.4: "no unbroken unit" may enter: a broken one may, routing in (the rout's mover copy
    // is ruled unbroken and marked routed, `rout::rout_situation`).
    if !u.unit.good_order() || u.unit.routed {
        return Ok(());
    }
    let inside = s.units_at(&Location::Complex(primary.to_string()));
    let equivalents: f32 = inside
        .iter()
        .filter_map(|o| mmc(&o.unit))
        .map(|c| c.squad_equivalents())
        .sum();
    if equivalents <= limit as f32 {
        return Ok(());
    }
    let smc_inside = inside.iter().filter(|o| is_leader(&o.unit)).count();
    if is_leader(&u.unit) && smc_inside < 4 {
        return Ok(());
    }
    Err(Refusal::new(
        "G11.4",
        format!(
            "Cave Complex {primary}{primary} is Overstacked ({equivalents} squad-equivalents, \
             limit {limit}): no other unbroken Infantry may enter it (up to four SMC excepted)"
        ),
    ))
}

/// A3 / A10.5 / G11.72 / B20.9 / A4.14 / G11.7 / G11.73 / G11.88 / G11.4: what refuses a
/// step before its cost is asked: leaving a cave the unit is not in, a unit that may not move
/// now, Crest status (set up only), a Location holding a Known enemy in the MPh by day, a cave
/// or Complex entered by a non-Japanese unit, an advance from one Complex to another, an
/// eliminated cave, an Overstacked Complex. `Ok(true)` when the step is a charge's step that
/// may enter a Location holding enemy units (`banzai::charge_step`).
fn refusals(s: &Situation, u: &UnitAt, to: &Location, verb: MoveVerb) -> Result<bool, Refusal> {
    let map = s.map;
    let show = |l: &Location| l.display(map).to_string();
    let id = &u.unit.id;
    let advance = s.phase == Phase::Advance;
    let entering = matches!(to, Location::Cave(_) | Location::Complex(_));
    // B25.4 (not in our sources; the common rule): no unit enters a Blazing hex above ground.
    if let Some(h) = to.hex()
        && s.blazes.iter().any(|(b, _)| *b == h)
    {
        return Err(Refusal::new(
            "B25.4",
            format!(
                "{} is Blazing: no unit may enter a Blaze (B25.4, not in our sources)",
                show(to)
            ),
        ));
    }
    // A4.7: "one Location" per APh.
    if advance && u.unit.advanced {
        return Err(Refusal::new(
            "A4.7",
            format!(
                "unit {id} has made its advance this APh: a unit advances one Location per APh"
            ),
        ));
    }
    assault_movement(s, u, verb)?;
    if verb == MoveVerb::ExitCave && !matches!(u.at, Location::Cave(_)) {
        return Err(Refusal::new(
            "G11.72",
            format!("ExitCave: unit {id} is not in a cave ({})", show(&u.at)),
        ));
    }
    may_move(s, u)?;
    // G1.5 / A25.23 / A15.43: a unit in a Banzai Charge or a berserk charge moves toward what it
    // charges, and may enter a Location holding a Known enemy unit (`banzai::charge_step`).
    let charge_into_enemy = super::super::banzai::charge_step(s, u, to)?;
    if matches!(to, Location::Crest { .. }) || matches!(u.at, Location::Crest { .. }) {
        // B20.9's MF for gaining or leaving Crest status are not in the project's sources.
        return Err(Refusal::new(
            "B20.9",
            format!(
                "unit {id}: gaining or leaving Crest status ({} to {}) is not modelled; Crest \
                 status is set up only",
                show(&u.at),
                show(to)
            ),
        ));
    }
    // G11.7 (play-aid: "No other nationality can enter a cave"), before A4.14: no phase lets
    // an Allied unit in; Cave Complexes and their tunnels are the Japanese side's too (G11.2).
    if entering && u.unit.nationality != Nationality::Japanese {
        return Err(Refusal::new(
            "G11.7",
            format!(
                "only Japanese Infantry enter a cave or Cave Complex; unit {id} may be ADJACENT \
                 to it (G11.6) but cannot enter {}",
                show(to)
            ),
        ));
    }
    // A4.14: entering a Location that holds a Known enemy unit in the MPh is "restricted to a
    // few specific cases" (A4.1; A4.14 is not in our sources). Night is one (E1.31 speaks of
    // entering an enemy-occupied Location in the MPh), a Banzai Charge and a berserk charge
    // others (G1.5, A25.23, A15.43: `charge_into_enemy`); hidden and concealed enemies are not
    // Known. Units advance into enemies in the APh. A T-H Hero's Banzai Charge may enter an
    // enemy-occupied hex only if it holds his Designated Target or is ADJACENT to it (G1.423).
    let target_hex = u
        .unit
        .hero
        .as_ref()
        .and_then(|h| s.unit(&h.target))
        .and_then(|t| s.hex_of(&t.at));
    let hero_target = |o: &UnitAt| {
        target_hex.is_some_and(|t| s.hex_of(&o.at).is_some_and(|h| h == t || h.is_adjacent(t)))
    };
    if s.phase == Phase::Movement && !s.night() && !charge_into_enemy {
        let known_enemy = s.units_at(to).into_iter().find(|o| {
            o.unit.side() != u.unit.side() && !o.hidden && !o.concealed && !hero_target(o)
        });
        if let Some(e) = known_enemy {
            return Err(Refusal::new(
                "A4.14",
                format!(
                    "{} holds the Known enemy unit {}: Infantry do not enter an enemy-occupied \
                     Location in the MPh by day (A4.1, A4.14); they advance into it in the APh",
                    show(to),
                    e.unit.id
                ),
            ));
        }
    }
    // G11.73 (play-aid ADVANCE PHASE; G11.751 EX: "only during their MPh").
    if advance && matches!(u.at, Location::Complex(_)) && matches!(to, Location::Complex(_)) {
        return Err(Refusal::new(
            "G11.73",
            format!(
                "Infantry may not advance from one Cave Complex to another: unit {id} moves from \
                 {} to {} only during its MPh",
                show(&u.at),
                show(to)
            ),
        ));
    }
    if let Location::Cave(cave) = to
        && !s.cave_stands(cave)
    {
        return Err(Refusal::new(
            "G11.88",
            format!("cave {cave} has been eliminated, with all its contents"),
        ));
    }
    // E1.421: a Cloaking counter pays daytime MF costs (no E1.51 night extra).
    if let Location::Complex(x) = to {
        overstacked_complex(s, u, x)?;
    }
    Ok(charge_into_enemy)
}

/// A4.61 (NOT IN OUR SOURCES: a published Starter Kit sequence of play, "Units may declare
/// Assault Movement, to move 1 hex and avoid FFNAM", and a published MPh checklist, "Declare
/// Double Time (CX), Assault Movement" as each unit begins its move; our seed E1.31 names
/// "Non-Assault Movement"): Assault Movement is declared in the MPh before the unit expends
/// its first MF (nor after a cave entry that cost none, G11.751), not with Double Time nor in a
/// charge (a Banzai Charge, G1.5, berserk, A15.43, a T-H Hero's, G1.423: our reading); a unit so
/// moving enters one Location only (nor Climbs, B11.4, nor declares a Banzai Charge after it).
fn assault_movement(s: &Situation, u: &UnitAt, verb: MoveVerb) -> Result<(), Refusal> {
    let id = &u.unit.id;
    super::super::common::entered_its_one_location(s, u)?;
    if verb != MoveVerb::AssaultMove {
        return Ok(());
    }
    let why = if s.phase != Phase::Movement {
        Some(format!(
            "Assault Movement is declared in the MPh, not the {} (A4.61, not in our sources)",
            s.phase.abbrev()
        ))
    } else if u.unit.mf_spent > 0.0 || u.unit.entered_cave {
        Some(format!(
            "unit {id} has moved or expended MF this MPh: Assault Movement is declared before its \
             first MF (A4.61, not in our sources)"
        ))
    } else if u.unit.cx {
        Some(format!(
            "unit {id} moves with Double Time (CX): it may not use Assault Movement too (A4.61, \
             not in our sources)"
        ))
    } else if u.unit.banzai.is_some() || u.unit.berserk || u.unit.hero.is_some() {
        Some(format!(
            "unit {id} charges (a Banzai Charge, G1.5, berserk, A15.43, or a T-H Hero's, G1.423): \
             a charge is not Assault Movement (A4.61, our reading)"
        ))
    } else {
        None
    };
    match why {
        Some(w) => Err(Refusal::new("A4.61", w)),
        None => Ok(()),
    }
}

/// `move_to` for the mover `u` as it stands (possibly a hypothetical one, after earlier steps
/// of a path), with what `memo` keeps.
pub(crate) fn step<'a>(
    s: &Situation<'a>,
    u: &UnitAt,
    to: &Location,
    verb: MoveVerb,
    memo: &Memo<'a>,
) -> Result<MovePlan, Refusal> {
    let map = s.map;
    let show = |l: &Location| l.display(map).to_string();
    let id = &u.unit.id;
    let charge_into_enemy = refusals(s, u, to, verb)?;
    let total = mf_allotment(s.tables, u);
    let advance = s.phase == Phase::Advance;
    let plan = |to: &Location, rule, text| MovePlan {
        unit: id.clone(),
        from: u.at.clone(),
        to: to.clone(),
        event: if advance {
            MoveEvent::Advance
        } else {
            MoveEvent::Move
        },
        mf: 0.0,
        mf_spent: u.unit.mf_spent,
        mf_total: total,
        hidden: u.hidden,
        concealed: u.concealed,
        cloaked: u.cloaked,
        reveal_caves: Vec::new(),
        reveal_units: Vec::new(),
        climb_removed: matches!(u.at, Location::Climbing { .. }),
        entered_cave: u.unit.entered_cave,
        assault: !advance && (u.unit.assault_moving || verb == MoveVerb::AssaultMove),
        rule,
        text,
    };
    // B11.4: in the APh a Climber steps off its counter onto ground at its level.
    if advance && matches!(u.at, Location::Climbing { .. }) && matches!(to, Location::Ground(_)) {
        let r = climbing::advance_off(map, &u.at, to);
        if !r.allowed {
            return Err(Refusal::new(r.rule, r.reason));
        }
        return Ok(plan(to, r.rule, r.reason));
    }
    let entering = matches!(to, Location::Cave(_) | Location::Complex(_));
    // A12.15 (with G.4) / A12.14: entering a Location of hidden enemy units, or by day of
    // concealed ones, reveals them; the unit stays where it was and its MPh ends.
    if let Some((rule, (ids, text))) = met_on_entry(s, u, to, memo, entering, charge_into_enemy) {
        let mut p = plan(&u.at, rule, text);
        p.mf_spent = total;
        p.climb_removed = false;
        p.reveal_units = ids;
        return Ok(p);
    }
    let c = cost(map, &s.caves, &u.at, to, s.night() && !u.cloaked);
    if !c.allowed {
        return Err(Refusal::new(c.rule, c.reason));
    }
    // G11.71: from a cave IN a Depression to another IN the same hex, the unit "must first
    // exit to above-ground IN that hex": not through a Known enemy there (A4.14; in the APh it
    // would advance into that Location, not through it).
    if let Some(h) = depression_pass(s, &u.at, to)
        && let Some(enemy) = s
            .units_at(&Location::Ground(h))
            .into_iter()
            .find(|o| o.unit.side() != u.unit.side() && !o.hidden && !o.concealed && !o.cloaked)
    {
        return Err(Refusal::new(
            "G11.71",
            format!(
                "from cave to cave IN {} the unit first exits to above-ground IN that hex, which \
                 holds the Known enemy unit {} (A4.14): it does not pass through it",
                map.name(h),
                enemy.unit.id
            ),
        ));
    }
    tunnel_allowed(s, u, to, total)?;
    if c.climbing {
        return Err(Refusal::new(
            c.rule,
            format!("{} — use Climb (B11.4)", c.reason),
        ));
    }
    // A5.11: entering a Location its side overstacks (even by this entry) costs one more MF
    // for each squad-equivalent over the limit.
    let overstack = crate::rules::stacking::entry_mf(s, u, to);
    let mf = c.mf.unwrap_or(0.0) + overstack as f32;
    let available = total - u.unit.mf_spent;
    let mut text = Line::new(memo.terse, || {
        format!("{} -> {}: {}", show(&u.at), show(to), c.reason)
    });
    if overstack > 0 {
        text.then(|| {
            format!(
                "+{overstack} MF: {} overstacked by {overstack} squad-equivalent{} once it is \
                 there (A5.11)",
                show(to),
                if overstack == 1 { "" } else { "s" }
            )
        });
    }
    let Hiding {
        mf,
        stays,
        concealed_now,
        reveal_caves,
    } = hiding(s, u, to, memo, mf, entering, &mut text)?;
    if !advance && u.unit.mf_spent > 0.0 && mf > available {
        let why = Line::new(memo.terse, || {
            format!(
                "{} -> {} costs {mf} MF; unit {id} has {available} of its {total} MF left",
                show(&u.at),
                show(to),
            )
        });
        return Err(Refusal::new(c.rule, why.text));
    }
    let lose_concealment =
        night_concealment_lost(s, u, to, verb == MoveVerb::AssaultMove, concealed_now);
    let mut p = plan(to, c.rule, String::new());
    veiled_after(&mut p, u, stays, concealed_now, entering);
    if let Some(l) = &lose_concealment {
        p.concealed = false;
        p.cloaked = false;
        text.then(|| format!("{}: {}", l.rule, l.reason));
    }
    if !advance {
        p.mf = mf;
        p.mf_spent = u.unit.mf_spent + mf;
    }
    if entering {
        p.entered_cave = true;
    }
    p.reveal_caves = reveal_caves;
    // A12.15 / G.4: an advance into a Location of hidden enemy units reveals them.
    if advance
        && !entering
        && let Some((found, words)) = met_on_advance(s, u, to)
    {
        text.then(|| words);
        p.reveal_units = found;
    }
    if advance {
        text.end(" (its APh advance)");
    } else if u.cloaked && lose_concealment.is_some() {
        // E1.421: revealed, the units revert to their normal MF allotment minus what they
        // have spent (the next step's "of N" is that allotment, not the Cloaking counter's 6).
        let normal = crate::rules::orders::common::unit_mf(s.tables, &u.unit);
        let spent = u.unit.mf_spent + mf;
        text.then(|| {
            format!(
                "{mf} MF, {spent} of the Cloaking counter's {total} spent; E1.421: revealed, it \
                 now has its own {normal} MF, {} left",
                (normal - spent).max(0.0)
            )
        });
    } else {
        text.then(|| format!("{mf} MF, {} of {total} spent", u.unit.mf_spent + mf));
    }
    if verb == MoveVerb::AssaultMove {
        text.then(|| {
            "by Assault Movement (A4.61, not in our sources): it enters no other Location this \
             MPh, and First Fire at it takes no FFNAM"
                .to_string()
        });
    }
    p.text = text.text;
    Ok(p)
}

/// G11.933: a tunnel (between a Cave Complex and an above-ground hex) is entered only in the
/// MPh, and not by Infantry that entered a cave or Complex this phase (G11.74).
fn tunnel_allowed(s: &Situation, u: &UnitAt, to: &Location, total: f32) -> Result<(), Refusal> {
    let tunnel = matches!(
        (&u.at, to),
        (Location::Ground(_), Location::Complex(_)) | (Location::Complex(_), Location::Ground(_))
    );
    if tunnel && s.phase != Phase::Movement {
        return Err(Refusal::new(
            "G11.933",
            format!(
                "a tunnel may be entered only during the MPh, not the {}",
                s.phase.abbrev()
            ),
        ));
    }
    if tunnel && u.unit.entered_cave {
        let r = entry_allowed(total, true);
        return Err(Refusal::new(r.rule, r.reason));
    }
    Ok(())
}

/// E1.31 at night: Non-Assault Movement (`assault`: the step is Assault Movement, A4.61) in an
/// already Illuminated Location, or entering an enemy-occupied Location in the MPh, loses
/// Cloaking/"?" (the rule that takes it, if one does): the unit's own, or the "?" its step
/// places it onboard with (`concealed_now`: hidden Infantry leaving a cave unseen come out
/// concealed, G11.75 EX, and hidden Infantry seen entering a cave are placed onboard concealed
/// beneath its counter, G11.751 EX; the MF they spend in a lit hex or an Illuminated cave then
/// cost it; an APh advance is read as the unit's own "?" is).
fn night_concealment_lost(
    s: &Situation,
    u: &UnitAt,
    to: &Location,
    assault: bool,
    concealed_now: bool,
) -> Option<crate::rules::Check> {
    if !s.night() || !(u.concealed || u.cloaked || concealed_now) {
        return None;
    }
    // A cave by G11.96 (only a Blaze's light reaches it), a Cave Complex never.
    let lit = s.lit(to);
    // A hidden unit that keeps its HIP (G.4) is not there for the mover: its Cloaking would
    // tell its owner what the defender chose to keep from him (a window trial: Cloaked us3
    // entering G3 read "entering an enemy-occupied Location" while jp2 stayed hidden there).
    let enemy_there = s
        .units_at(to)
        .iter()
        .any(|o| o.unit.side() != u.unit.side() && !o.hidden);
    let by_light = loses_concealment(NightAction::ExpendsMf {
        non_assault_movement: !assault,
        already_illuminated: lit,
    });
    let by_enemy = loses_concealment(NightAction::EntersEnemyLocation {
        in_mph: s.phase == Phase::Movement && enemy_there,
    });
    [by_light, by_enemy].into_iter().find(|c| c.holds)
}

/// E1.31 at night: MF spent where the unit stands (Placing or Setting a DC, G11.833,
/// G11.8332: "Non-Assault Movement" in its own Location) in an already Illuminated Location
/// loses Cloaking/"?" (the rule that takes it, if one does).
pub fn mf_in_place_concealment_lost(s: &Situation, u: &UnitAt) -> Option<crate::rules::Check> {
    // Its own Location holds no enemy it sees (a unit in Melee neither Places nor Sets, A11.7):
    // only the light counts.
    night_concealment_lost(s, u, &u.at, u.unit.assault_moving, false)
}

/// The unit's state after a move: hidden only if it stays so (a Japanese unit entering a cave
/// or Complex unseen becomes hidden and drops its "?"); a hidden unit placed onboard is
/// concealed only where a rule says so.
fn veiled_after(p: &mut MovePlan, u: &UnitAt, stays: bool, concealed_now: bool, entering: bool) {
    p.hidden = stays;
    if !stays {
        if concealed_now {
            p.concealed = true;
        } else if u.hidden {
            p.concealed = false;
        }
    } else if entering && u.unit.side() == Side::Japanese {
        p.concealed = false;
    }
}

/// What a step does to HIP and "?" (G11.74-G11.751, G11.75 EX, A12.15), with the MF of an
/// entry that stays hidden: the MF, whether the unit stays (or becomes) hidden, whether it is
/// placed onboard concealed, and the caves whose counters go onboard. G11.74's entry tests
/// refuse here.
struct Hiding {
    mf: f32,
    stays: bool,
    concealed_now: bool,
    reveal_caves: Vec<String>,
}

/// `Hiding` for `u`'s step to `to` at `mf` (see there), the log line going on in `text`.
fn hiding<'a>(
    s: &Situation<'a>,
    u: &UnitAt,
    to: &Location,
    memo: &Memo<'a>,
    mf: f32,
    entering: bool,
    text: &mut Line,
) -> Result<Hiding, Refusal> {
    let mut mf = mf;
    let mut stays = u.hidden;
    // Set when a hidden unit is placed onboard concealed (G11.75 EX).
    let mut concealed_now = false;
    // A cave whose counter goes onboard because a unit is seen entering it (G11.751 EX).
    let mut reveal_caves = Vec::new();
    let enemy = u.unit.side().opponent();
    if entering {
        // G11.74 (play-aid): Infantry enter a cave or Cave Complex *from an Accessible
        // cave/Cave-Complex* only with >= 2 MF available, every unit counting four MF for this
        // calculation (leaders, heroes and wounded men alike); and at most one cave, Complex
        // or tunnel per phase, from anywhere.
        // G11.933: the Locations a tunnel connects are Accessible to each other: a Cave
        // Complex entered through its tunnel from above ground is entered "from an Accessible
        // cave/Cave-Complex" too.
        let tunnel = matches!((&u.at, to), (Location::Ground(_), Location::Complex(_)));
        let from_cave = matches!(u.at, Location::Cave(_) | Location::Complex(_)) || tunnel;
        if u.unit.entered_cave || from_cave {
            let r = entry_allowed(G11_74_MF - u.unit.mf_spent, u.unit.entered_cave);
            if !r.allowed {
                return Err(Refusal::new(r.rule, r.reason));
            }
        }
        // G11.75/G11.751: a Japanese unit entering a cave unseen stays (or becomes) hidden.
        if let Location::Cave(cave) = to
            && u.unit.side() == Side::Japanese
        {
            let mut r = memo.cave(s, cave, to);
            // G11.751 EX: between caves IN a Depression hex the unit passes IN that hex: it
            // stays hidden only if no Good Order enemy ground unit within 16 hexes "currently
            // has a LOS INTO that hex".
            if let Some(h) = depression_pass(s, &u.at, to) {
                let into = memo.emerge(s, enemy, h, &Location::Ground(h));
                if !into.allowed {
                    r = into;
                }
            }
            let cave_hidden = s.hidden_caves.contains(cave);
            let (hmf, why) = hidden_entry_mf(mf, r.allowed, cave_hidden);
            mf = hmf;
            stays = r.allowed;
            text.then(|| {
                format!(
                    "{}: {}; {why}: {}",
                    r.rule,
                    r.reason,
                    if hmf == 0.0 {
                        "no MF (a hidden cave, or the unit stays hidden)"
                    } else {
                        "the normal MF"
                    }
                )
            });
            // G11.751 EX (into cave G in view of W9): seen, hidden Infantry are placed onboard
            // concealed beneath the Cave counter, which is then onboard too.
            if !r.allowed {
                concealed_now = u.hidden || u.concealed;
                if cave_hidden {
                    reveal_caves.push(cave.clone());
                }
                text.then(|| {
                    format!(
                        "it is placed onboard{} beneath the cave {cave} counter (G11.751 EX)",
                        if concealed_now { ", concealed," } else { "" }
                    )
                });
            }
        }
        // G11.75 (G11.751 EX): Infantry entering a Cave Complex become hidden.
        if matches!(to, Location::Complex(_)) {
            stays = true;
            text.then(|| "G11.75: Infantry entering a Cave Complex are hidden".into());
        }
    } else if u.hidden && matches!(u.at, Location::Cave(_) | Location::Complex(_)) {
        // G11.75 EX (cave B or D to W5): hidden Infantry come out onboard concealed unless a
        // Good Order enemy ground unit within 16 hexes sees the hex they enter.
        if let Some(h) = to.hex() {
            let r = memo.emerge(s, enemy, h, to);
            stays = false;
            concealed_now = r.allowed;
            text.then(|| {
                format!(
                    "{}: {}{}",
                    r.rule,
                    r.reason,
                    if r.allowed {
                        ""
                    } else {
                        " (A12's \"?\"-loss rules are not in our sources: it is placed onboard \
                         unconcealed)"
                    }
                )
            });
        }
    } else if u.hidden && to.hex().is_some() {
        // A12.15 (asl-facts "Concealment and HIP"): HIP is lost by moving in the LOS of a
        // Good Order enemy ground unit.
        if memo.seen(s, enemy, to) {
            stays = false;
            text.then(|| "A12.15: it moves in a Good Order enemy's LOS and loses HIP".into());
        }
    }
    Ok(Hiding {
        mf,
        stays,
        concealed_now,
        reveal_caves,
    })
}

/// A4 / G11.7-G11.751 / G11.933 / A12.15 / E1.31 / B11.4: may `unit` move to the adjacent
/// Location `to` now, and what does the move change? In the ATTACKER's MPh it pays MF (the
/// first move of a phase is always allowed; later ones only within the MF left, A4.1); in the
/// APh it is the unit's one-Location advance (off a Climb counter only onto ground at its
/// level, B11.4). Broken units neither move nor advance (A10.5). Only Japanese Infantry enter
/// caves and Cave Complexes (G11.7), at most one per phase and with >= 2 MF available (G11.74);
/// tunnels only in the MPh (G11.933). A Japanese unit entering a cave unseen stays or becomes
/// hidden and pays no MF, nor for a hidden cave (G11.75, G11.751); seen, it is placed onboard
/// beneath the cave counter, concealed if it was hidden or concealed (G11.751 EX). Hidden
/// Infantry leaving a cave emerge concealed unless seen (G11.75 EX); hidden units moving in an
/// enemy's LOS lose HIP (A12.15). At night concealment is lost by Non-Assault Movement in an
/// Illuminated hex or entering an enemy-occupied Location in the MPh (E1.31).
pub fn move_to(
    s: &Situation,
    unit: &str,
    to: &Location,
    verb: MoveVerb,
) -> Result<MovePlan, Refusal> {
    let u = s.unit_in_play(unit)?;
    step(s, u, to, verb, &Memo::default())
}

/// G11.71: a move from a cave IN a Depression to another IN the same hex passes IN that hex
/// (above ground); the hex, if so.
fn depression_pass(s: &Situation, from: &Location, to: &Location) -> Option<crate::hex::Hex> {
    let (Location::Cave(a), Location::Cave(b)) = (from, to) else {
        return None;
    };
    let (a, b) = (s.caves.cave(a)?, s.caves.cave(b)?);
    (a.in_depression && b.in_depression && a.hex == b.hex).then_some(b.hex)
}
