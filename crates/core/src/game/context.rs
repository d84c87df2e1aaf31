//! The game an order or a phase is applied to: the state it changes, the setting it is played
//! on, the dice it rolls and what it has said so far. Each step reads the situation afresh (a
//! unit eliminated by one attack is gone for the next), so the rulings see what the step
//! before did.

use super::dice::Dice;
use super::said::{REFUSED, Said};
use crate::los::Location;
use crate::map::Map;
use crate::model::Side;
use crate::rules::orders::look;
use crate::rules::situation::{Refusal, Situation, UnitAt, same_location};
use crate::rules::victory::{VictoryCondition, casualty_vp, control_hexes, occupier};
use crate::state::{GameState, Setting};

/// A game being played: `apply` and the phase functions build one, run their steps on it and
/// return what it said.
pub struct Game<'g, 'a> {
    pub state: &'g mut GameState,
    pub setting: &'g Setting<'a>,
    pub dice: &'g mut Dice,
    pub said: Vec<Said>,
}

impl<'g, 'a> Game<'g, 'a> {
    pub fn new(state: &'g mut GameState, setting: &'g Setting<'a>, dice: &'g mut Dice) -> Self {
        Game {
            state,
            setting,
            dice,
            said: Vec::new(),
        }
    }

    /// The situation now, as every ruling reads it.
    pub fn situation(&mut self) -> Situation<'a> {
        self.state.sort();
        self.state.situation(self.setting)
    }

    /// The map.
    pub fn map(&self) -> &'a Map {
        self.setting.map
    }

    /// Records a rule's decision (no dice).
    pub fn ruled(&mut self, event: &str, unit: Option<&str>, rule: &str, text: String) {
        self.say(event, unit, Some(rule), None, text);
    }

    /// Records a roll and what the rule made of it.
    pub fn rolled(
        &mut self,
        event: &str,
        unit: Option<&str>,
        rule: &str,
        dice: Vec<u8>,
        text: String,
    ) {
        self.say(event, unit, Some(rule), Some(dice), text);
    }

    /// Reports a ruling's refusal: the one place refusals are recorded.
    pub fn refused(&mut self, unit: Option<&str>, r: Refusal) {
        self.ruled(REFUSED, unit, r.rule, r.reason);
    }

    fn say(
        &mut self,
        event: &str,
        unit: Option<&str>,
        rule: Option<&str>,
        dice: Option<Vec<u8>>,
        text: String,
    ) {
        self.said.push(Said {
            event: event.into(),
            unit: unit.map(str::to_string),
            rule: rule.map(str::to_string),
            dice,
            text,
        });
    }

    /// The unit with this id, if it is in play.
    pub fn unit_mut(&mut self, id: &str) -> Option<&mut UnitAt> {
        self.state.units.iter_mut().find(|u| u.unit.id == id)
    }

    /// Takes a unit out of play (removed, as a T-H Hero at the end of his Player Turn), with
    /// its Climb counter if it has one (B11.4).
    pub fn remove_unit(&mut self, id: &str) {
        self.state.units.retain(|u| u.unit.id != id);
        self.remove_climb(id);
    }

    /// A unit is eliminated: out of play, its opponent gaining its Casualty VP (A26.2, G1.65:
    /// `rules::victory::casualty_vp`).
    pub fn eliminate(&mut self, id: &str) {
        if let Some(u) = self.state.units.iter().find(|u| u.unit.id == id) {
            let (vp, ..) = casualty_vp(&u.unit, &self.setting.tables.casualty_vp);
            let side = u.unit.side().opponent();
            self.state.scoring.add_cvp(side, vp);
        }
        self.remove_unit(id);
    }

    /// A26.1 (our reading, `rules::victory::occupier`): the hexes the victory conditions name
    /// change Control to the side whose Good Order MMC alone occupy them. The list starts from
    /// the conditions (`control_hexes`) the first time.
    pub fn update_control(&mut self) {
        if self.setting.victory.is_empty() {
            return;
        }
        if self.state.scoring.control.is_empty() {
            self.state.scoring.control = control_hexes(self.setting.victory);
        }
        let s = self.situation();
        let changes: Vec<(usize, Side)> = self
            .state
            .scoring
            .control
            .iter()
            .enumerate()
            .filter_map(|(i, (h, _))| occupier(&s, *h).map(|side| (i, side)))
            .collect();
        for (i, side) in changes {
            self.state.scoring.control[i].1 = side;
        }
        // G11.94: Control of a cave, once gained, remains: recorded as it is gained for the
        // caves the victory conditions name (as a `Control(cave)` order records it).
        let caves: Vec<String> = self
            .setting
            .victory
            .iter()
            .flat_map(|c| match c {
                VictoryCondition::Control { locations, .. } => locations.clone(),
                _ => Vec::new(),
            })
            .filter_map(|l| match l {
                Location::Cave(id) => Some(id),
                _ => None,
            })
            .collect();
        for id in caves {
            let held = look::control(&s, &id).holds;
            let list = &mut self.state.allied_controlled;
            if held && !list.contains(&id) {
                list.push(id);
            }
        }
    }

    /// A12.14 / E1.43 / E1.8: what making an attack did to the attacker's concealment
    /// (`rules::orders::fire::attack_reveal`), applied: nothing for a unit no longer in play.
    pub(super) fn attacker_revealed(&mut self, r: &crate::rules::orders::fire::Reveal) {
        let Some(u) = self.unit_mut(&r.unit) else {
            return;
        };
        u.hidden = false;
        u.cloaked = false;
        u.concealed = r.concealed_after;
        if let Some(c) = &r.cave {
            self.reveal_caves(std::slice::from_ref(c));
        }
        self.ruled("revealed", Some(&r.unit), r.rule, r.reason.clone());
    }

    /// The units Cloaked now, with their Locations (for `counter_lost_with`).
    pub(super) fn cloaked_now(&self) -> Vec<(String, crate::los::Location)> {
        self.state
            .units
            .iter()
            .filter(|u| u.cloaked)
            .map(|u| (u.unit.id.clone(), u.at.clone()))
            .collect()
    }

    /// E1.43: the Cloaking counter of each unit of `before` (Cloaked then) that has lost
    /// Cloaking goes with it: its counter-mates are placed onboard unconcealed
    /// (`rules::orders::cloaking::counter_lost_with`).
    pub(super) fn counter_lost_with(&mut self, before: &[(String, crate::los::Location)]) {
        let s = self.situation();
        let lost = crate::rules::orders::cloaking::counter_lost_with(&s, before);
        drop(s);
        for (id, why) in lost {
            if let Some(u) = self.unit_mut(&id) {
                u.cloaked = false;
                u.concealed = false;
            }
            self.ruled("revealed", Some(&id), why.rule, why.reason);
        }
    }

    /// G11.33: reveals caves (and what is in them) by id.
    pub fn reveal_caves(&mut self, ids: &[String]) {
        self.state.hidden_caves.retain(|c| !ids.contains(c));
    }

    /// B11.4: removes a unit's Climb counter, if it has one.
    pub fn remove_climb(&mut self, id: &str) {
        self.state.climbs.retain(|c| c.unit != id);
    }

    /// E1.8: a Gunflash at `at`, unless one is there already.
    pub fn gunflash(&mut self, at: &Location) {
        let map = self.map();
        if !self
            .state
            .gunflashes
            .iter()
            .any(|g| same_location(map, g, at))
        {
            self.state.gunflashes.push(at.clone());
        }
    }
}
