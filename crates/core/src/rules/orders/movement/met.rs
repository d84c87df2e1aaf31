//! The enemy a step meets where it would enter, in the MPh: hidden units revealed (A12.15,
//! with G.4's Stealthy Infantry in jungle, kunai or bamboo) and, by day, concealed ones
//! (A12.14, our reading): either way the mover stays where it was and its MPh ends; in the APh
//! an advance reveals hidden ones and goes in (`met_on_advance`).

use crate::los::Location;
use crate::map::Terrain;
use crate::model::{Nationality, Phase};
use crate::rules::orders::common::mmc;
use crate::rules::situation::{Situation, UnitAt};

use super::line::Line;
use super::memo::Memo;

/// The enemy units a step reveals, and its log line.
type Met = (Vec<String>, String);

/// A12.15 / A12.14: what a step of `u` into `to` in its MPh meets, if anything: hidden enemy
/// units (`hidden`) or, by day and not in a charge (`charge`: G1.5, A25.23), concealed ones
/// (`concealed`). Either way the step's plan keeps the unit where it was and ends its MPh. A
/// step into a cave or Cave Complex (`entering`) meets no one here. The rule and what it met.
pub(super) fn met_on_entry<'a>(
    s: &Situation<'a>,
    u: &UnitAt,
    to: &Location,
    memo: &Memo<'a>,
    entering: bool,
    charge: bool,
) -> Option<(&'static str, Met)> {
    if s.phase != Phase::Movement || entering {
        return None;
    }
    if let Some(m) = hidden(s, u, to, memo) {
        return Some(("A12.15", m));
    }
    if charge || s.night() {
        return None;
    }
    concealed(s, u, to, memo).map(|m| ("A12.14", m))
}

/// A12.14 (not in our sources; our reading, as A12.15 rules it for hidden units): by day, in
/// its MPh, a unit that tries to enter a Location whose enemy units are all concealed (a
/// Known one refuses the step, A4.14) does not enter it: the "?" are lost, the unit stays in
/// the Location it left and its MPh ends. At night a unit may enter an enemy-occupied
/// Location in the MPh (E1.31), and a charge may (G1.5, A25.23): neither comes here. The
/// concealed units revealed and the log line, or `None` when the step meets none.
fn concealed<'a>(s: &Situation<'a>, u: &UnitAt, to: &Location, memo: &Memo<'a>) -> Option<Met> {
    let concealed: Vec<&UnitAt> = s
        .units_at(to)
        .into_iter()
        .filter(|o| o.concealed && !o.hidden && o.unit.side() != u.unit.side())
        .collect();
    if concealed.is_empty() {
        return None;
    }
    let map = s.map;
    let show = |l: &Location| l.display(map).to_string();
    let ids: Vec<String> = concealed.iter().map(|o| o.unit.id.clone()).collect();
    let text = Line::new(memo.terse, || {
        format!(
            "{} -> {}: the \"?\" in {} {} real: {} {} lose their \"?\"; Infantry do not \
             enter an enemy-occupied Location in the MPh by day: the unit stays in {} and its MPh \
             ends (A12.14, A4.14; not in our sources, our reading)",
            show(&u.at),
            show(to),
            show(to),
            if ids.len() == 1 { "is" } else { "are" },
            crate::words::noun(ids.len(), "unit", "units"),
            ids.join(", "),
            show(&u.at),
        )
    })
    .text;
    Some((ids, text))
}

/// A12.15 (with G.4): in its MPh a unit that enters a Location of hidden enemy units reveals
/// them, returns to the Location it left and ends its MPh — unless they are all Stealthy
/// Infantry in jungle, kunai or bamboo, whose owner may keep them hidden (G.4; taken here).
/// The units revealed and the log line, or `None` when the step reveals no one.
fn hidden<'a>(s: &Situation<'a>, u: &UnitAt, to: &Location, memo: &Memo<'a>) -> Option<Met> {
    let map = s.map;
    let show = |l: &Location| l.display(map).to_string();
    let hidden = hidden_enemy(s, u, to);
    if hidden.is_empty() {
        return None;
    }
    let g4_terrain = to.hex().and_then(|h| map.get(h)).is_some_and(|d| {
        matches!(
            d.terrain,
            Terrain::Jungle | Terrain::DenseJungle | Terrain::Kunai | Terrain::Bamboo
        )
    });
    let all_stealthy = hidden.iter().all(|o| stealthy(o));
    if g4_terrain && all_stealthy {
        return None;
    }
    let ids: Vec<String> = hidden.iter().map(|o| o.unit.id.clone()).collect();
    let text = Line::new(memo.terse, || {
        format!(
            "{} -> {}: entering the Location of hidden enemy {} {} reveals them; the unit \
             returns to {} and its MPh ends (G.4 does not spare them: {})",
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
    .text;
    Some((ids, text))
}

/// The hidden enemy units of `u` in Location `to`.
fn hidden_enemy<'s>(s: &'s Situation, u: &UnitAt, to: &Location) -> Vec<&'s UnitAt> {
    s.units_at(to)
        .into_iter()
        .filter(|o| o.hidden && o.unit.side() != u.unit.side())
        .collect()
}

/// A12.15 / G.4: an APh advance of `u` into a Location of hidden enemy units reveals them (G.4
/// spares Stealthy Infantry in jungle, kunai or bamboo only in the ATTACKER's MPh); the unit
/// advances all the same, into the Close Combat of its CCPh (A11). The units revealed and the
/// words for the advance's log line, or `None` when it reveals no one.
pub(super) fn met_on_advance(s: &Situation, u: &UnitAt, to: &Location) -> Option<Met> {
    let found: Vec<String> = hidden_enemy(s, u, to)
        .iter()
        .map(|o| o.unit.id.clone())
        .collect();
    if found.is_empty() {
        return None;
    }
    let text = format!(
        "A12.15: advancing into the Location of hidden enemy {} {} reveals {} (G.4 keeps them \
         hidden only in the ATTACKER's MPh): Close Combat in the CCPh",
        crate::words::noun(found.len(), "unit", "units"),
        found.join(", "),
        if found.len() == 1 { "it" } else { "them" }
    );
    Some((found, text))
}

/// G1.6: Good Order Elite and 1st-Line Japanese Infantry are Stealthy (for G.4).
fn stealthy(u: &UnitAt) -> bool {
    u.unit.nationality == Nationality::Japanese
        && mmc(&u.unit).is_some_and(|c| {
            crate::rules::japanese::stealth::japanese_night_class(
                c.class,
                u.unit.good_order(),
                false,
            )
            .0 == crate::rules::night::movement::NightClass::Stealthy
        })
}
