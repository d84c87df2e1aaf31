//! What a side plays for, read from the victory conditions (A26): whether it attacks or holds
//! out, and the hexes it moves on. The kinds read it through `player::Posture`, where a
//! scenario's plan may say it instead.

use crate::hex::Hex;
use crate::los::Location;
use crate::model::Side;
use crate::rules::situation::Situation;
use crate::rules::victory::VictoryCondition;

/// Whether `side` plays to win by conditions of its own (Control, Casualty VP), rather than
/// by holding out ("the other side wins otherwise", A26): a side that holds out keeps its units
/// where they are safe.
pub fn attacks(victory: &[VictoryCondition], side: Side) -> bool {
    victory.is_empty()
        || victory.iter().any(|c| {
            matches!(c, VictoryCondition::Control { side: s, .. }
                | VictoryCondition::CasualtyVp { side: s, .. } if *s == side)
        })
}

/// The Entrance Hex of cave `id` as `side` knows it (G11.94): none for a cave still hidden
/// from it (G11.3: where a hidden cave is, and which way it faces, is the Japanese player's
/// secret; only a Search or its fire reveals it).
pub fn known_entrance(s: &Situation, side: Side, id: &str) -> Option<Hex> {
    let hidden = side != Side::Japanese && s.hidden_caves.iter().any(|c| c == id);
    (!hidden)
        .then(|| s.caves.cave(id).map(|c| c.entrance))
        .flatten()
}

/// The hexes a side plays for: the Locations the Control conditions name (a cave by its
/// Entrance Hex, where a unit ADJACENT to it stands, G11.94; a cave hidden from the side is not
/// there for it), which it must take or deny; the
/// Known enemy units outside caves when it wins by Casualty VP (A26.2); with none, every Known
/// enemy unit's hex.
pub fn objectives(s: &Situation, victory: &[VictoryCondition], side: Side) -> Vec<Hex> {
    let mut v: Vec<Hex> = Vec::new();
    let known_enemy_hexes = || {
        s.units
            .iter()
            .filter(|u| u.unit.side() != side && !u.hidden)
            .filter(|u| !matches!(u.at, Location::Cave(_) | Location::Complex(_)))
            .filter_map(|u| s.hex_of(&u.at))
            .collect::<Vec<Hex>>()
    };
    // Casualty VP first: Known enemy units in the open are the quarry, the Locations after.
    let hunts = victory
        .iter()
        .any(|c| matches!(c, VictoryCondition::CasualtyVp { side: who, .. } if *who == side));
    if hunts {
        v.extend(known_enemy_hexes());
        if !v.is_empty() {
            v.sort();
            v.dedup();
            return v;
        }
    }
    for c in victory {
        match c {
            VictoryCondition::Control { locations, .. } => {
                for l in locations {
                    let h = match l {
                        Location::Cave(id) => known_entrance(s, side, id),
                        other => s.hex_of(other),
                    };
                    v.extend(h);
                }
            }
            VictoryCondition::CasualtyVp { side: who, .. } if *who == side => {
                v.extend(known_enemy_hexes());
            }
            _ => {}
        }
    }
    if v.is_empty() {
        v = s
            .units
            .iter()
            .filter(|u| u.unit.side() != side && !u.hidden)
            .filter_map(|u| s.hex_of(&u.at))
            .collect();
    }
    v.sort();
    v.dedup();
    v
}
