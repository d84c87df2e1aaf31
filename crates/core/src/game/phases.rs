//! The phases' own steps (A3, asl-facts "Sequence of play"). As each phase begins: it is
//! announced, what lasts one phase is cleared (MF, G11.74's one cave per phase, Straying, the
//! A4.7 advance, the Rally attempt and the rout), the NVR Change DR is made in the RPh (E1.12)
//! and DM goes in a Cave Complex (G11.77); as the DFPh and CCPh begin, Cloaked units split off
//! from their counter with none to spare lose Cloaking (E1.422), and the counter-mates of a
//! unit that lost Cloaking lose it too (E1.43, as after every order); the Movement DRs of E1.53
//! come before each unit's first move, not here. At the end of the RtPh: Failure to Rout (A10.5). At the end of the
//! CCPh: the Close Combats still owed fought (A11.12), "?" gained at night (E1.32),
//! Starshells, IR and Trip Flare counters removed (E1.923/E1.933, after the placement of "?"), SMOKE placed in a cave this Player Turn removed
//! with a removed WP's reveal (G11.85/G11.851), T-H Heroes who did not attack removed (G1.425),
//! Gunflashes and fire counters removed (E1.8, A7) but a night Melee's (E1.82), and the next
//! Player Turn begins, or after the last Game Turn the game ends (A26).

use super::context::Game;
use super::dice::Dice;
use super::said::Said;
use crate::model::Phase;
use crate::rules::caves::TunnelEnd;
use crate::rules::night::light::SourceKind;
use crate::rules::orders::common::both_sides_at;
use crate::rules::orders::phase::{
    cave_smoke_removed_now, heroes_removed, illumination_removed, phase_begins, unit_at_phase_start,
};
use crate::rules::orders::rally::dm_removed;
use crate::state::{GameState, Setting};

/// A3: `state.phase` begins: announced, per-phase unit state cleared, then the phase's own
/// rules (the NVR Change DR in the RPh, E1.12; the Movement DRs of E1.53 come before each
/// unit's first move, `rules::orders::phase::straying_before_move`).
pub fn begin_phase(state: &mut GameState, setting: &Setting, dice: &mut Dice) -> Vec<Said> {
    let mut g = Game::new(state, setting, dice);
    // A26: after the game's end no phase begins.
    if g.state.scoring.over {
        return g.said;
    }
    let cloaked = g.cloaked_now();
    let pt = g.state.turn.clone();
    for a in phase_begins(g.state.phase, pt.number, pt.turn(), pt.attacker) {
        g.ruled(a.event, None, a.rule, a.text);
    }
    // A11: each unit's one CC attack a CCPh is counted afresh.
    g.state.tallies.cc_attacked.clear();
    g.state.tallies.cc_locations.clear();
    // A8.1: no unit is moving as a phase begins (the MPh's First Fire is at the unit that
    // spends MF, `apply`).
    g.state.tallies.moving.clear();
    g.state.tallies.fired_at_expenditure.clear();
    g.state.tallies.smoke_attempted.clear();
    // A11.7: a Melee lasts while both sides are there.
    let s = g.situation();
    let melee: Vec<_> = s
        .tallies
        .melee
        .iter()
        .filter(|at| both_sides_at(&s, at))
        .cloned()
        .collect();
    drop(s);
    g.state.tallies.melee = melee;
    // The CCPh keeps who advanced in the APh just ended: Ambush reads it (A11.4).
    let cc = g.state.phase == Phase::CloseCombat;
    for u in g.state.units.iter_mut() {
        let advanced = u.unit.advanced;
        unit_at_phase_start(&mut u.unit);
        u.unit.advanced = advanced && cc;
    }
    if g.state.phase == Phase::Rally {
        // E1.921: each unit's Starshell Usage dr is counted afresh each Player Turn.
        g.state.tallies.starshell_tried.clear();
        super::night::nvr_change_at_rph(&mut g);
        rally_phase_begins(&mut g);
    }
    if g.state.phase == Phase::DefensiveFire {
        super::attack::placed_dcs_settle(&mut g);
    }
    if g.state.phase == Phase::AdvancingFire {
        super::attack::placed_dcs_detonate(&mut g);
    }
    cloaking_split_off(&mut g);
    // E1.43: a counter whose unit lost Cloaking as the phase began (a DC going off) goes.
    g.counter_lost_with(&cloaked);
    if g.state.phase == Phase::Movement {
        let s = g.situation();
        let lost = crate::rules::orders::banzai::berserk_lost_at_night(&s);
        drop(s);
        for (id, c) in lost {
            if let Some(u) = g.unit_mut(&id) {
                u.unit.berserk = false;
            }
            g.ruled("berserk_lost", Some(&id), c.rule, c.reason);
        }
    }
    g.update_control();
    g.state.sort();
    g.said
}

/// E1.411 / E1.422 / E1.43: as the phase after the ATTACKER's MPh or APh begins (the DFPh, the
/// CCPh), its units that split off from their Cloaking counter with none to spare lose Cloaking
/// (`rules::orders::cloaking::split_off`).
fn cloaking_split_off(g: &mut Game) {
    if !matches!(g.state.phase, Phase::DefensiveFire | Phase::CloseCombat) {
        return;
    }
    let side = g.state.turn.attacker;
    let allotted = g.setting.cloaking_allotted;
    let s = g.situation();
    let lost = crate::rules::orders::cloaking::split_off(&s, side, allotted);
    drop(s);
    for (ids, why) in lost {
        for id in ids {
            if let Some(u) = g.unit_mut(&id) {
                u.cloaked = false;
                u.concealed = false;
            }
            g.ruled("revealed", Some(&id), why.rule, why.reason.clone());
        }
    }
}

/// A10.6 / G11.77: as the RPh begins, each side's one MMC self-rally is available again, and
/// Infantry in a Cave Complex may not remain DM (G11.77): its DM is removed.
fn rally_phase_begins(g: &mut Game) {
    g.state.tallies.mmc_self_rallied.clear();
    let in_complex: Vec<String> = g
        .state
        .units
        .iter()
        .filter(|u| u.unit.dm && matches!(u.at, crate::los::Location::Complex(_)))
        .map(|u| u.unit.id.clone())
        .collect();
    for id in in_complex {
        if let Some(u) = g.unit_mut(&id) {
            u.unit.dm = false;
        }
        g.ruled(
            "dm_removed",
            Some(&id),
            "G11.77",
            "Infantry in a Cave Complex may not remain DM: its DM counter is removed".into(),
        );
    }
}

/// A10.62 / E1.54: the end of the RPh: DM held for the RPh's Rally attempts comes off each
/// broken unit with no Known enemy in or ADJACENT to its Location (at night, only from one
/// that made a Rally attempt: `rules::orders::rally::dm_removed`).
pub fn end_rally_phase(state: &mut GameState, setting: &Setting, dice: &mut Dice) -> Vec<Said> {
    let mut g = Game::new(state, setting, dice);
    // No phase check: the simulation runs this as it leaves the RPh, when its state already
    // reads the next phase (Bevy's `OnExit`); the units' Rally attempts are still recorded.
    if g.state.scoring.over {
        return g.said;
    }
    let s = g.situation();
    let lost: Vec<(String, crate::rules::Check)> = s
        .units
        .iter()
        .filter_map(|u| dm_removed(&s, &u.unit.id).map(|c| (u.unit.id.clone(), c)))
        .collect();
    drop(s);
    for (id, c) in lost {
        if let Some(u) = g.unit_mut(&id) {
            u.unit.dm = false;
        }
        g.ruled("dm_removed", Some(&id), c.rule, c.reason);
    }
    g.state.sort();
    g.said
}

/// A10.5 / E1.54: the end of the RtPh: each broken unit that had to rout and did not is
/// eliminated for Failure to Rout.
pub fn end_rout_phase(state: &mut GameState, setting: &Setting, dice: &mut Dice) -> Vec<Said> {
    let mut g = Game::new(state, setting, dice);
    if g.state.scoring.over {
        return g.said;
    }
    super::rout::failures_to_rout(&mut g);
    g.update_control();
    g.state.sort();
    g.said
}

/// The end of the CCPh, and so of the Player Turn (see the module's header); the sides swap.
pub fn end_player_turn(state: &mut GameState, setting: &Setting, dice: &mut Dice) -> Vec<Said> {
    let mut g = Game::new(state, setting, dice);
    if g.state.scoring.over {
        return g.said;
    }
    // A11.12: a CC owed in a Location holding both sides is fought before the CCPh ends (E1.43:
    // a counter whose unit it reveals goes whole).
    if g.state.phase == Phase::CloseCombat {
        let cloaked = g.cloaked_now();
        super::close_combat::owed_close_combats(&mut g);
        g.counter_lost_with(&cloaked);
    }
    super::night::gain_concealment_at_night(&mut g);
    remove_illumination(&mut g);
    remove_cave_smoke(&mut g);
    remove_heroes(&mut g);
    // A25.23 / G1.6: a Banzai Charge's Morale raise and Lax status last the Player Turn.
    for u in g.state.units.iter_mut() {
        u.unit.banzai = None;
        // A23.3: a Placed DC not detonated by now (a game begun after its AFPh) is lost.
        u.unit.placed_dc = None;
        // A7.8: Pin is removed at the end of the Player Turn.
        u.unit.pinned = false;
    }
    // E1.82: a Melee's Gunflash (placed by its CC, `close_combat::melee_after`) is kept there.
    super::fire_attack::end_of_player_turn(&mut g);
    g.update_control();
    let last = g
        .setting
        .turns
        .is_some_and(|n| g.state.turn.number >= n.saturating_mul(2));
    if last {
        // A26: the game ends with its last Player Turn; no other begins.
        game_end(&mut g);
    } else {
        g.state.turn.advance();
    }
    g.state.sort();
    g.said
}

/// A26: the last Player Turn of the last Game Turn has ended: the victory conditions are
/// checked (`rules::victory::game_end`) and the game is over.
fn game_end(g: &mut Game) {
    let s = g.situation();
    let end = crate::rules::victory::game_end(&s, g.setting.victory);
    let (a, j) = (g.state.scoring.cvp_allied, g.state.scoring.cvp_japanese);
    let turns = g.setting.turns.unwrap_or(0);
    let text = format!(
        "the game ends after Game Turn {turns}: {} (Casualty VP: Allied {a}, Japanese {j})",
        end.reason
    );
    g.state.scoring.over = true;
    g.ruled("game_end", None, end.rule, text);
}

/// E1.923/E1.933: the Starshells, IR and Trip Flare counters
/// `rules::orders::phase::illumination_removed` names are removed at the end of the CCPh.
fn remove_illumination(g: &mut Game) {
    let s = g.situation();
    for r in illumination_removed(&s, Phase::CloseCombat) {
        let list = match r.kind {
            SourceKind::Starshell => &mut g.state.starshells,
            SourceKind::TripFlare => &mut g.state.trip_flare_counters,
            _ => &mut g.state.irs,
        };
        if let Some(i) = list.iter().position(|h| *h == r.hex) {
            list.remove(i);
        }
        g.ruled("removed", None, r.rule, r.text);
    }
}

/// G11.85 / G11.851: each SMOKE counter in a cave that
/// `rules::orders::phase::cave_smoke_removed_now` removes goes, and a removed WP reveals what
/// it says (asked counter by counter: one WP's reveal changes what the next reveals).
fn remove_cave_smoke(g: &mut Game) {
    let mut all = g.state.smoke.clone();
    all.sort_by_key(|s| format!("{:?}", s.at));
    for smoke in all {
        let s = g.situation();
        let Some(r) = cave_smoke_removed_now(&s, &smoke) else {
            continue;
        };
        if let Some(i) = g.state.smoke.iter().position(|x| *x == smoke) {
            g.state.smoke.remove(i);
        }
        g.ruled("removed", None, r.rule, r.text);
        if let Some(reveal) = r.reveal {
            g.reveal_caves(&reveal.caves);
            let map = g.map();
            let openings: Vec<String> = g
                .setting
                .caves
                .tunnels
                .iter()
                .flat_map(|t| [&t.from, &t.to])
                .filter_map(|end| match end {
                    TunnelEnd::Hex(h) => Some(map.name(*h)),
                    TunnelEnd::Complex(_) => None,
                })
                .filter(|name| reveal.tunnel_openings.contains(name))
                .collect();
            g.state.revealed_tunnels.extend(openings);
            g.ruled("reveal", None, reveal.rule, reveal.reason);
        }
    }
}

/// G1.425: the T-H Heroes `rules::orders::phase::heroes_removed` names are removed at the end of
/// the Player Turn in which they were created.
fn remove_heroes(g: &mut Game) {
    let s = g.situation();
    for (id, r) in heroes_removed(&s) {
        g.remove_unit(&id);
        g.ruled("removed", Some(&id), r.rule, r.reason);
    }
}
