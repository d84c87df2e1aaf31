//! A4 movement to an adjacent Location with the cave rules (G11.7-G11.75, G11.751 and its EX,
//! G11.933 tunnels), HIP (A12.15), the night (E1.31 concealment, E1.51 MF) and the APh advance
//! off a Climb counter (B11.4): `move_to` decides one move of one unit and says what changes.

use std::cell::{OnceCell, RefCell};
use std::collections::HashMap;

use crate::hex::Hex;
use crate::los::{Location, LosEnv};
use crate::map::Terrain;
use crate::model::{Nationality, Phase, Side};
use crate::rules::Ruling;
use crate::rules::caves::entry::cost;
use crate::rules::caves::hidden::{
    Watcher, emerges_concealed, entry_allowed, hidden_entry_mf, stays_hidden,
};
use crate::rules::caves::sight::cave_los;
use crate::rules::climbing;
use crate::rules::night::concealment::{NightAction, loses_concealment};
use crate::rules::situation::{Refusal, Situation, UnitAt};

use super::{attacker_in, mf_allotment};

/// G11.74 (play-aid: "all have four MF for this calculation"): the MF every Infantry unit counts
/// for the ">= 2 MF available" test of entering a cave or Cave Complex from an Accessible one.
pub const G11_74_MF: f32 = 4.0;

/// The script verb that ordered the move: `ExitCave` must start in a cave (G11.72); the rest
/// is the same ruling.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveVerb {
    Move,
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
        out
    }
}

/// What a series of moves ruled on one situation shares: the sightings a move is judged by
/// (G11.75, G11.75 EX, A12.15) and the LOS environments they are judged in (the situation's,
/// with the NVR, and the one for an Illuminated Location, without it, E1.101), each worked out
/// once and kept, as `moves::field_of_movement` asks about the same Locations from many paths
/// (they depend on the situation and the Location entered only, never on the path); and
/// whether the plans' log lines are wanted (`terse`: not written, for the field).
#[derive(Default)]
pub(crate) struct Memo<'a> {
    terse: bool,
    dark: OnceCell<LosEnv<'a>>,
    bright: OnceCell<LosEnv<'a>>,
    /// The Japanese, then the Allied watchers.
    watchers: [OnceCell<Vec<Watcher>>; 2],
    /// G11.75: entering a cave, by cave id.
    cave: RefCell<HashMap<String, Ruling>>,
    /// G11.75 EX: emerging into a hex, by watching side and hex.
    emerge: RefCell<HashMap<(Side, Hex), Ruling>>,
    /// A12.15: a Location in a Good Order enemy's LOS, by watching side and Location.
    seen: RefCell<HashMap<(Side, Location), bool>>,
}

impl<'a> Memo<'a> {
    /// For plans whose log lines are not wanted.
    pub(crate) fn terse() -> Memo<'a> {
        Memo {
            terse: true,
            ..Memo::default()
        }
    }

    /// E1.101: the environment for whether `at` is seen: without the NVR when it is
    /// Illuminated (as `Situation::env_seeing`).
    fn env(&self, s: &Situation<'a>, at: &Location) -> &LosEnv<'a> {
        if s.lit(at) {
            self.bright.get_or_init(|| s.env().with_nvr(None))
        } else {
            self.dark.get_or_init(|| s.env())
        }
    }

    fn watchers(&self, s: &Situation, side: Side) -> &[Watcher] {
        let i = usize::from(side == Side::Allied);
        self.watchers[i].get_or_init(|| s.watchers(side))
    }

    /// G11.75: whether Infantry entering cave `id` (`to`) stay hidden from the Allied
    /// watchers.
    fn cave(&self, s: &Situation<'a>, id: &str, to: &Location) -> Ruling {
        if let Some(r) = self.cave.borrow().get(id) {
            return r.clone();
        }
        let r = stays_hidden(
            self.env(s, to),
            &s.caves,
            id,
            self.watchers(s, Side::Allied),
        );
        self.cave.borrow_mut().insert(id.to_string(), r.clone());
        r
    }

    /// G11.75 EX: whether hidden Infantry come out into hex `h` (`to`) concealed, watched by
    /// `enemy`.
    fn emerge(&self, s: &Situation<'a>, enemy: Side, h: Hex, to: &Location) -> Ruling {
        if let Some(r) = self.emerge.borrow().get(&(enemy, h)) {
            return r.clone();
        }
        let r = emerges_concealed(self.env(s, to), h, self.watchers(s, enemy));
        self.emerge.borrow_mut().insert((enemy, h), r.clone());
        r
    }

    /// A12.15: whether a Good Order ground unit of `enemy` has a clear LOS to `to`.
    fn seen(&self, s: &Situation<'a>, enemy: Side, to: &Location) -> bool {
        let key = (enemy, to.clone());
        if let Some(b) = self.seen.borrow().get(&key) {
            return *b;
        }
        let env = self.env(s, to);
        let seen = self
            .watchers(s, enemy)
            .iter()
            .any(|w| w.good_order && cave_los(env, &s.caves, &w.at, to).is_ok_and(|r| r.clear()));
        self.seen.borrow_mut().insert(key, seen);
        seen
    }
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

/// G11.4 (and its EX): no unbroken Infantry enters an already-Overstacked Cave Complex (more
/// squad-equivalents than twice its Cave counters), during any phase, except up to four SMC
/// in all, who add no squad-equivalent (A5.5).
pub(crate) fn overstacked_complex(s: &Situation, u: &UnitAt, primary: &str) -> Result<(), Refusal> {
    let Some(limit) = s.caves.complex_stacking_limit(primary) else {
        return Ok(());
    };
    if !u.unit.good_order() {
        return Ok(());
    }
    let inside = s.units_at(&Location::Complex(primary.to_string()));
    let equivalents: f32 = inside
        .iter()
        .filter_map(|o| super::mmc(&o.unit))
        .map(|c| c.squad_equivalents())
        .sum();
    if equivalents <= limit as f32 {
        return Ok(());
    }
    let smc_inside = inside.iter().filter(|o| super::is_leader(&o.unit)).count();
    if super::is_leader(&u.unit) && smc_inside < 4 {
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

/// G1.6: Good Order Elite and 1st-Line Japanese Infantry are Stealthy (for G.4).
fn stealthy(u: &UnitAt) -> bool {
    u.unit.nationality == Nationality::Japanese
        && super::mmc(&u.unit).is_some_and(|c| {
            crate::rules::japanese::stealth::japanese_night_class(
                c.class,
                u.unit.good_order(),
                false,
            )
            .0 == crate::rules::night::movement::NightClass::Stealthy
        })
}

/// A3 / A10.5: whether the unit may move at all now: the ATTACKER's Good Order units move in
/// its MPh and advance in its APh (a broken unit routs in the RtPh instead); one marked Prep
/// Fire does not move in the MPh (`rules::orders::fire`).
pub(crate) fn may_move(s: &Situation, u: &UnitAt) -> Result<(), Refusal> {
    attacker_in(s, u, &[Phase::Movement, Phase::Advance], "A3", "moving")?;
    if !u.unit.good_order() {
        return Err(Refusal::new(
            "A10.5",
            "a broken unit does not move in the MPh or advance in the APh; it routs in the RtPh",
        ));
    }
    if s.phase == Phase::Movement && u.unit.fired == Some(crate::model::FireMark::PrepFire) {
        return Err(Refusal::new(
            "A3",
            "a unit that Prep Fired does not move in the MPh (it may still advance in the APh)",
        ));
    }
    Ok(())
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
    if verb == MoveVerb::ExitCave && !matches!(u.at, Location::Cave(_)) {
        return Err(Refusal::new(
            "G11.72",
            format!("ExitCave: unit {id} is not in a cave ({})", show(&u.at)),
        ));
    }
    may_move(s, u)?;
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
    let total = mf_allotment(u);
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
    // G11.7 (play-aid: "No other nationality can enter a cave"); Cave Complexes and their
    // tunnels are the Japanese side's too (G11.2).
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
    // A12.15 (with G.4): in its MPh a unit that enters a Location of hidden enemy units reveals
    // them, returns to the Location it left and ends its MPh — unless they are all Stealthy
    // Infantry in jungle, kunai or bamboo, whose owner may keep them hidden (G.4; taken here).
    if s.phase == Phase::Movement && !entering {
        let hidden: Vec<&UnitAt> = s
            .units_at(to)
            .into_iter()
            .filter(|o| o.hidden && o.unit.side() != u.unit.side())
            .collect();
        if !hidden.is_empty() {
            let g4_terrain = to.hex().and_then(|h| map.get(h)).is_some_and(|d| {
                matches!(
                    d.terrain,
                    Terrain::Jungle | Terrain::DenseJungle | Terrain::Kunai | Terrain::Bamboo
                )
            });
            let all_stealthy = hidden.iter().all(|o| stealthy(o));
            if !(g4_terrain && all_stealthy) {
                let ids: Vec<String> = hidden.iter().map(|o| o.unit.id.clone()).collect();
                let mut p = plan(
                    &u.at,
                    "A12.15",
                    Line::new(memo.terse, || {
                        format!(
                            "{} -> {}: entering the Location of hidden enemy {} {} reveals \
                             them; the unit returns to {} and its MPh ends (G.4 does not spare \
                             them: {})",
                            show(&u.at),
                            show(to),
                            crate::words::noun(ids.len(), "unit", "units"),
                            ids.join(", "),
                            show(&u.at),
                            if g4_terrain {
                                "not all are Stealthy Infantry"
                            } else {
                                "not jungle, kunai or bamboo"
                            }
                        )
                    })
                    .text,
                );
                p.mf_spent = total;
                p.climb_removed = false;
                p.reveal_units = ids;
                return Ok(p);
            }
        }
    }
    let c = cost(map, &s.caves, &u.at, to, s.night() && !u.cloaked);
    if !c.allowed {
        return Err(Refusal::new(c.rule, c.reason));
    }
    // G11.933: a tunnel (between a Cave Complex and an above-ground hex) is entered only in
    // the MPh, and not by Infantry that entered a cave or Complex this phase (G11.74).
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
    if c.climbing {
        return Err(Refusal::new(
            c.rule,
            format!("{} — use Climb (B11.4)", c.reason),
        ));
    }
    let mut mf = c.mf.unwrap_or(0.0);
    let available = total - u.unit.mf_spent;
    let mut text = Line::new(memo.terse, || {
        format!("{} -> {}: {}", show(&u.at), show(to), c.reason)
    });
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
        let from_cave = matches!(u.at, Location::Cave(_) | Location::Complex(_));
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
            let r = memo.cave(s, cave, to);
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
    // E1.31 at night: Non-Assault Movement in an already Illuminated Location, or entering an
    // enemy-occupied Location in the MPh, loses Cloaking/"?".
    let mut lose_concealment = None;
    if s.night() && (u.concealed || u.cloaked) {
        let lit = to.hex().is_some_and(|h| s.lit_hexes.contains(&h));
        let enemy_there = s
            .units_at(to)
            .iter()
            .any(|o| o.unit.side() != u.unit.side());
        let by_light = loses_concealment(NightAction::ExpendsMf {
            non_assault_movement: true,
            already_illuminated: lit,
        });
        let by_enemy = loses_concealment(NightAction::EntersEnemyLocation {
            in_mph: s.phase == Phase::Movement && enemy_there,
        });
        lose_concealment = [by_light, by_enemy].into_iter().find(|c| c.holds);
    }
    let mut p = plan(to, c.rule, String::new());
    // The unit's state after: hidden only if it stays so (a Japanese unit entering a cave or
    // Complex unseen becomes hidden and drops its "?"); a hidden unit placed onboard is
    // concealed only where a rule says so.
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
    if advance {
        text.end(" (its APh advance)");
    } else {
        text.then(|| format!("{mf} MF, {} of {total} spent", u.unit.mf_spent + mf));
    }
    p.text = text.text;
    Ok(p)
}

/// A plan's log line, written part by part only when it is wanted (not `terse`).
struct Line {
    terse: bool,
    text: String,
}

impl Line {
    fn new(terse: bool, first: impl FnOnce() -> String) -> Line {
        Line {
            terse,
            text: if terse { String::new() } else { first() },
        }
    }

    /// Adds "; " and a part.
    fn then(&mut self, part: impl FnOnce() -> String) {
        if !self.terse {
            self.text.push_str("; ");
            self.text.push_str(&part());
        }
    }

    /// Adds a closing remark as it is.
    fn end(&mut self, tail: &str) {
        if !self.terse {
            self.text.push_str(tail);
        }
    }
}
