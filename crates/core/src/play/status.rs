//! The game's status as a player reads it at a glance (issue 38): the Game Turn of how many,
//! the Player Turn and its phase (A3), each victory condition against the game as the screen's
//! side knows it (Casualty VP amassed of those needed, A26.2; who Controls each Location named,
//! A26.1, G11.94), what the program did in its last phase, or the game's end. Read by the
//! viewer's status line; it decides nothing.

use super::runner::Match;
use crate::model::{Phase, Side};
use crate::rules::victory::{VictoryCondition, controller};

/// The game's status now (`Match::status`).
#[derive(Clone, Debug, PartialEq)]
pub struct Status {
    /// The Game Turn (A3: two Player Turns) and how many the scenario has, if it ends.
    pub game_turn: u32,
    pub turns: Option<u32>,
    /// The ATTACKER of this Player Turn, and the phase.
    pub attacker: Side,
    pub phase: Phase,
    /// Each victory condition against the game as it stands: "Allied Casualty VP 2 of 3
    /// (A26.2)", "cave A: the Japanese Control it (G11.94)".
    pub aims: Vec<String>,
    /// What the program did in its last phase ("the Japanese program, in its DFPh: 2 orders:
    /// ..."), or that it gave none.
    pub program: Option<String>,
    /// The program's orders of that phase one by one, each with its whole reason (the odds in
    /// words, the goal, the option it declined), or "a hidden unit moved" (A12).
    pub program_orders: Vec<String>,
    /// A later phase of the same Player Turn it played with no order, after those orders, and
    /// why ("then it gave no order in GT1 Japanese MPh: no move worth making ..."): its PFPh
    /// fire stays in view after an empty MPh.
    pub program_then: Option<String>,
    /// The next phase the program acts in, from this one on ("the Japanese program acts next
    /// in the DFPh"), while the game goes on.
    pub program_next: Option<String>,
    /// The game has ended: who won and why (A26).
    pub over: Option<String>,
}

/// The phases of a Player Turn, in order (A3).
pub const PHASES: [Phase; 8] = Phase::TURN;

fn side_name(side: Side) -> &'static str {
    match side {
        Side::Allied => "Allied",
        Side::Japanese => "Japanese",
    }
}

impl Status {
    /// The status in one line: "Game Turn 2 of 3 · Japanese Player Turn · MPh · Allied Casualty
    /// VP 1 of 3 (A26.2) · ...".
    pub fn line(&self) -> String {
        if let Some(end) = &self.over {
            return format!("Game over: {end}");
        }
        let mut parts = vec![
            match self.turns {
                Some(t) => format!("Game Turn {} of {t}", self.game_turn),
                None => format!("Game Turn {}", self.game_turn),
            },
            format!("{} Player Turn", side_name(self.attacker)),
            self.phase.abbrev().to_string(),
        ];
        parts.extend(self.aims.iter().cloned());
        if let Some(p) = &self.program {
            parts.push(p.clone());
        }
        if let Some(t) = &self.program_then {
            parts.push(t.clone());
        }
        parts.join(" · ")
    }
}

impl Match {
    /// The game's status now, its victory conditions read on what the screen's side knows
    /// (against the program, the player's side: a cave still hidden from it is "not found").
    pub fn status(&self) -> Status {
        let setting = self.setting();
        let st = &self.state;
        let over = self.over();
        let mut seen = match self.screen_side() {
            Some(side) => crate::opponent::view::known_state(st, &setting, side),
            None => st.clone(),
        };
        // A26.1: at Setup, before the first RPh records Control, it is as the game starts
        // (a window trial read "Controlled by neither side" at Setup, "Japanese" from the RPh).
        if seen.scoring.control.is_empty() {
            seen.scoring.control =
                crate::rules::victory::control_at_start(&st.situation(&setting), setting.victory);
        }
        let s = seen.situation(&setting);
        let mut aims = Vec::new();
        for c in setting.victory {
            match c {
                VictoryCondition::CasualtyVp { side, at_least } => aims.push(format!(
                    "{} Casualty VP {} of {at_least} (A26.2)",
                    side_name(*side),
                    st.scoring.cvp(*side)
                )),
                VictoryCondition::Control { side, locations } => {
                    let each: Vec<String> = locations
                        .iter()
                        .map(|l| {
                            let name = l.display(s.map).to_string();
                            let hidden = matches!(l, crate::los::Location::Cave(id)
                                if self.screen_side() == Some(Side::Allied)
                                    && s.hidden_caves.contains(id));
                            if hidden {
                                return format!("{name} not found");
                            }
                            match controller(&s, l).0 {
                                Some(x) => format!("{name} {}", side_name(x)),
                                None => format!("{name} Controlled by neither side"),
                            }
                        })
                        .collect();
                    aims.push(format!(
                        "{} must Control: {} (A26.1)",
                        side_name(*side),
                        each.join(", ")
                    ));
                }
                VictoryCondition::Otherwise { .. } => {}
            }
        }
        let end = over.then(|| {
            crate::rules::victory::game_end(&st.situation(&setting), setting.victory).reason
        });
        let (program, program_orders, program_then) = match self.program_summary() {
            Some((line, orders, then)) => (Some(line), orders, then),
            None => (None, Vec::new(), None),
        };
        Status {
            game_turn: st.turn.turn(),
            turns: setting.turns,
            attacker: st.turn.attacker,
            phase: st.phase,
            aims,
            program,
            program_orders,
            program_then,
            program_next: if over { None } else { self.program_next() },
            over: end,
        }
    }

    /// What the program did in the last phase it acted in (its orders in words: each order's
    /// reason up to its first ";", and "a hidden unit moved" for what a hidden unit of its did,
    /// A12), and, when it played its part of a later phase of the same Player Turn with no
    /// order, that it then gave none (a window trial read only "gave no order in GT1 Japanese
    /// MPh" after its PFPh fire); when its last orders are of an earlier Player Turn, that it
    /// gave none in the phase it played last.
    fn program_summary(&self) -> Option<(String, Vec<String>, Option<String>)> {
        let p = self.program.as_ref()?;
        if !p.decides && !self.recording {
            return None;
        }
        let side = p.side();
        let first = self.board.scenario.first_attacker;
        // Each event's Player Turn number and phase, to compare with the program's `done`.
        let at = |e: &super::log::Event| {
            let pt = event_pt(first, e);
            let phase = PHASES
                .iter()
                .position(|x| x.abbrev() == e.phase)
                .unwrap_or(0);
            (pt, phase)
        };
        // Its orders, and what a hidden unit of its did (told only so, A12).
        let its = |e: &super::log::Event| e.event == "opponent" || e.event == "hidden";
        let last = self.log.iter().rev().find(|e| its(e));
        let done = p.done.map(|(pt, ph)| (pt, ph.index()));
        let name = side_name(side);
        if let Some(e) = last
            && done.is_none_or(|d| d <= at(e) || d.0 == at(e).0)
        {
            let key = at(e);
            let then = p
                .done
                .filter(|(pt, ph)| (*pt, ph.index()) > key)
                .map(|(pt, ph)| format!("then it {}", self.passed(p, pt, ph)));
            let these: Vec<&super::log::Event> =
                self.log.iter().filter(|x| its(x) && at(x) == key).collect();
            let orders: Vec<String> = these.iter().map(|x| order_words(&x.text)).collect();
            let full: Vec<String> = these.iter().map(|x| order_reason(&x.text)).collect();
            return Some((
                format!(
                    "the {name} program, GT{} {} {}: {}",
                    e.turn,
                    e.attacker,
                    e.phase,
                    crate::words::clip(&orders.join("; "), 140)
                ),
                full,
                then,
            ));
        }
        let (pt, phase) = p.done?;
        // No orders to list: the reason is the line's own (the viewer counts the orders listed).
        Some((
            format!("the {name} program {}", self.passed(p, pt, phase)),
            Vec::new(),
            None,
        ))
    }

    /// "gave no order in GT1 Japanese MPh", and why where its last decision of that phase
    /// gave none (`Opponent::passed`): ": no move worth making ...".
    fn passed(&self, p: &super::program::Program, pt: u32, phase: Phase) -> String {
        let first = self.board.scenario.first_attacker;
        let attacker = if pt % 2 == 1 { first } else { first.opponent() };
        let why = p.opponent.passed_in((pt, phase)).map(str::to_string);
        let head = format!(
            "gave no order in GT{} {} {}",
            pt.div_ceil(2),
            side_name(attacker),
            phase.abbrev()
        );
        let line = match why {
            Some(why) => format!("{head}: {why}"),
            None => head,
        };
        match self.fought_owed(pt, phase) {
            Some(fought) => format!("{line}; {fought}"),
            None => line,
        }
    }

    /// A11.12: the Close Combats the rules fought as Player Turn `pt`'s phase `phase` ended
    /// though no order started them (`cc_owed`), and what they cost, as the log (the player's,
    /// A12) tells it: "the Close Combat owed in K5 was fought as the CCPh ended (A11.12): us1,
    /// us2, jp5 eliminated" (a window trial read only "gave no order in GT2 Japanese CCPh: no
    /// Close Combat it would start" after a Melee there eliminated three units).
    fn fought_owed(&self, pt: u32, phase: Phase) -> Option<String> {
        let first = self.board.scenario.first_attacker;
        let these: Vec<&super::log::Event> = self
            .log
            .iter()
            .filter(|e| event_pt(first, e) == pt && e.phase == phase.abbrev())
            .collect();
        let places: Vec<&str> = these
            .iter()
            .filter(|e| e.event == "cc_owed")
            .map(|e| {
                e.text
                    .strip_prefix("no Close Combat was ordered in ")
                    .and_then(|t| t.split_once(','))
                    .map_or("a Melee", |(at, _)| at)
            })
            .collect();
        if places.is_empty() {
            return None;
        }
        let after = these.iter().position(|e| e.event == "cc_owed")?;
        // What each loss was, as its event tells it: an elimination; a Casualty Reduction
        // (which eliminates a HS or crew); a SMC's wound (a mortal one eliminates him); one
        // under "?" only as a "?" (A12).
        let (mut eliminated, mut reduced, mut wounded, mut veiled) = (vec![], vec![], vec![], 0);
        for e in &these[after..] {
            let Some(id) = e.unit.as_deref() else {
                if ["casualty", "veiled"].contains(&e.event.as_str()) {
                    veiled += 1;
                }
                continue;
            };
            match e.event.as_str() {
                "eliminated" => eliminated.push(id),
                "casualty" if e.text.ends_with("eliminated") => eliminated.push(id),
                "casualty" => reduced.push(id),
                "smc" if e.text.contains("mortal") => eliminated.push(id),
                "smc" if e.text.contains("Wounded") => wounded.push(id),
                _ => {}
            }
        }
        let mut lost = Vec::new();
        for (ids, what) in [
            (eliminated, "eliminated"),
            (reduced, "reduced"),
            (wounded, "wounded"),
        ] {
            if !ids.is_empty() {
                lost.push(format!("{} {what}", ids.join(", ")));
            }
        }
        if veiled > 0 {
            lost.push(format!(
                "{} under \"?\" hit",
                crate::words::count(veiled as i64, "unit", "units")
            ));
        }
        if lost.is_empty() {
            lost.push("no unit lost".into());
        }
        Some(format!(
            "the {} owed in {} {} fought as the {} ended (A11.12): {}",
            crate::words::noun(places.len(), "Close Combat", "Close Combats"),
            places.join(", "),
            crate::words::noun(places.len(), "was", "were"),
            phase.abbrev(),
            lost.join("; ")
        ))
    }

    /// A3: the next phase, from the one now on, that the program's side acts in ("the Japanese
    /// program acts next in the DFPh"): both sides in the RPh and RtPh, the ATTACKER in its
    /// PFPh, MPh, AFPh, APh and CCPh, the DEFENDER in the DFPh (and in the MPh by First Fire).
    fn program_next(&self) -> Option<String> {
        let p = self.program.as_ref()?;
        if !p.decides {
            return None;
        }
        let side = p.side();
        let attacker = self.state.turn.attacker;
        let now = PHASES.iter().position(|x| *x == self.state.phase)?;
        let name = side_name(side);
        let next = PHASES[now..].iter().find(|ph| ph.acts(side, attacker));
        Some(match next {
            Some(ph) if *ph == self.state.phase => {
                format!("the {name} program acts in this phase, the {}", ph.abbrev())
            }
            Some(ph) => format!("the {name} program acts next in the {}", ph.abbrev()),
            None => format!("the {name} program acts next in the next Player Turn"),
        })
    }
}

/// An opponent event's text as its whole reason, without the kind and the order's script form
/// ("jp1 fire at S4 ...: 58 % to break us2; it preferred this to: ... (doctrine opponent):
/// Fire(...)" reads up to "... it preferred this to: ...").
pub(super) fn order_reason(text: &str) -> String {
    text.rsplit_once(" opponent): ")
        .and_then(|(r, _)| r.rsplit_once(" ("))
        .map_or(text, |(r, _)| r)
        .to_string()
}

/// The Player Turn number an event was logged in (A3: two a Game Turn, `first` the side moving
/// first in each).
pub(super) fn event_pt(first: Side, e: &super::log::Event) -> u32 {
    let second = e.attacker != format!("{first:?}");
    e.turn.saturating_sub(1) * 2 + 1 + u32::from(second)
}

/// An opponent event's text in words: its reason up to the first ";" (the odds and the goal),
/// without the kind and the order's script form ("jp1 fire at S4 on the 8 column, DRM -2: 58 %
/// to break, reduce or eliminate us2 (doctrine opponent): Fire(...)" reads "jp1 fire at S4 on
/// the 8 column, DRM -2: 58 % to break, reduce or eliminate us2").
pub(super) fn order_words(text: &str) -> String {
    let reason = order_reason(text);
    reason.split("; ").next().unwrap_or(&reason).to_string()
}

#[cfg(test)]
mod tests {
    use super::order_words;

    #[test]
    fn an_opponent_order_reads_as_its_reason_s_first_clause() {
        let text = "jp1 fire at S4 on the 8 column, DRM -2: 58 % to break, reduce or eliminate \
                    us2; worth revealing jp1 for (G1.63, A12.15) (doctrine opponent): \
                    Fire([\"jp1\"], \"S4\")";
        assert_eq!(
            order_words(text),
            "jp1 fire at S4 on the 8 column, DRM -2: 58 % to break, reduce or eliminate us2"
        );
        assert_eq!(
            order_words("jp1 moves to G5 (random opponent): Move(\"jp1\", \"G5\")"),
            "jp1 moves to G5"
        );
        assert_eq!(order_words("a hidden unit moved"), "a hidden unit moved");
    }
}
