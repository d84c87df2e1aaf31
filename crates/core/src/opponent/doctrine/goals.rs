//! What the doctrine plays for, by name, and the game as it stands against the victory
//! conditions (A26): whether its side's Casualty VP are already won (then it stops risking
//! units), whether this is the last Game Turn, and what each unit is worth to the enemy.

use crate::hex::Hex;
use crate::los::Location;
use crate::model::Side;
use crate::rules::situation::{Situation, UnitAt};
use crate::rules::victory::{VictoryCondition, casualty_vp};

use crate::opponent::player::Posture;
use crate::opponent::plays_for::known_entrance;
use crate::opponent::weights::DoctrineWeights;

/// The side's stakes now (A26).
#[derive(Clone, Copy, Debug)]
pub struct Stakes {
    /// A Casualty VP condition of its own already holds: it has won, whatever it does next.
    pub won: bool,
    /// The scenario's last Game Turn.
    pub last_turn: bool,
    /// It wins by conditions of its own (it attacks).
    pub attacks: bool,
}

impl Stakes {
    /// The stakes of `side` on the view `s`.
    pub fn of(s: &Situation, posture: &Posture, side: Side) -> Stakes {
        // A26: the first condition that holds names the winner, so the side has won only by
        // a CVP condition of its own that holds with no condition of the enemy's before it.
        let mut won = false;
        for c in posture.victory {
            match c {
                VictoryCondition::CasualtyVp {
                    side: who,
                    at_least,
                } if *who == side && s.scoring.cvp(side) >= *at_least => {
                    won = true;
                    break;
                }
                VictoryCondition::Otherwise { .. } => break,
                VictoryCondition::Control { side: who, .. }
                | VictoryCondition::CasualtyVp { side: who, .. }
                    if *who != side =>
                {
                    break;
                }
                _ => {}
            }
        }
        let game_turn = s.turn.number.div_ceil(2);
        Stakes {
            won,
            last_turn: posture.turns.is_some_and(|t| game_turn >= t),
            attacks: posture.attacks(side),
        }
    }

    /// The price of one unit of value the enemy's reply is expected to take: a side holding
    /// out pays more (every unit it loses counts), a side that has won pays most, a side
    /// still behind in the last Game Turn least.
    pub fn risk(&self, w: &DoctrineWeights) -> f32 {
        if self.won {
            w.risk_won
        } else if !self.attacks {
            w.risk_holding
        } else if self.last_turn {
            w.risk_last_turn
        } else {
            w.risk
        }
    }
}

/// A26.2: what losing `u` is worth to its side, a squad counting 1: its Casualty VP over a
/// squad's, more for a DC carrier, most for one holding a Placed DC (breaking it cancels the
/// DC, G11.833), a little more for a lit target at night (E1.92: the enemy sees it).
pub fn value(s: &Situation, u: &UnitAt, w: &DoctrineWeights) -> f32 {
    let (cvp, _, _) = casualty_vp(&u.unit, &s.tables.casualty_vp);
    let mut v = (cvp as f32 / w.squad_cvp).max(0.25);
    if u.unit.dc {
        v += w.dc_carrier;
    }
    if u.unit.placed_dc.is_some() {
        v += w.placer;
    }
    if s.night() && s.lit(&u.at) {
        v += w.lit_target;
    }
    v
}

/// The goal nearest `h` among `goals`, by name: "cave G's Entrance Hex T4, which the Allies
/// must Control (G11.94)", "jp3 in T5, worth 2 Casualty VP to the Allies (A26.2)".
pub fn goal_name(s: &Situation, posture: &Posture, side: Side, goals: &[Hex], h: Hex) -> String {
    let Some(g) = goals.iter().min_by_key(|g| (g.distance(h), **g)).copied() else {
        return s.map.name(h);
    };
    let hex = s.map.name(g);
    for c in posture.victory {
        if let VictoryCondition::Control {
            side: who,
            locations,
        } = c
        {
            for l in locations {
                let named = match l {
                    Location::Cave(id) => (known_entrance(s, side, id) == Some(g))
                        .then(|| format!("cave {id}'s Entrance Hex {hex}")),
                    other => (s.hex_of(other) == Some(g)).then(|| hex.clone()),
                };
                if let Some(n) = named {
                    let rule = if matches!(l, Location::Cave(_)) {
                        "G11.94"
                    } else {
                        "A26.1"
                    };
                    return format!("{n}, which the {} must Control ({rule})", side_name(*who));
                }
            }
        }
    }
    let quarry: Vec<&UnitAt> = s
        .units
        .iter()
        .filter(|u| u.unit.side() != side && s.hex_of(&u.at) == Some(g))
        .collect();
    if !quarry.is_empty() {
        let vp: u32 = quarry
            .iter()
            .map(|u| casualty_vp(&u.unit, &s.tables.casualty_vp).0)
            .sum();
        let ids: Vec<&str> = quarry.iter().map(|u| u.unit.id.as_str()).collect();
        return format!(
            "{} in {hex}, worth {vp} Casualty VP to the {} (A26.2)",
            ids.join(", "),
            side_name(side)
        );
    }
    if posture.plan.is_some() {
        return format!("{hex}, the {}' objective in this scenario", side_name(side));
    }
    hex
}

/// The side's name in a sentence.
pub fn side_name(side: Side) -> &'static str {
    match side {
        Side::Allied => "Allies",
        Side::Japanese => "Japanese",
    }
}
