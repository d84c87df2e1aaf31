//! Firing Illumination: Starshells (E1.921 usage, E1.922 placement and error, E1.923
//! removal), Illuminating Rounds (E1.931 usage, E1.933 removal) and PTO trip flares (G.8).
//!
//! Small pure functions; dice are inputs. Every result carries its rule number and a reason
//! sentence. The zones these sources light are `super::light`'s.

use serde::Serialize;

use super::movement::{Amount, Check, amount, check};
use crate::hex::{Direction, Hex};
use crate::model::Phase;

// --- E1.921 Starshell usage -----------------------------------------------------------------

/// E1.921: the highest Usage dr with which a leader (a CE Armor Leader included) may fire a
/// Starshell.
pub const LEADER_STARSHELL_USAGE: u8 = 4;
/// E1.921: the highest Usage dr with which a MMC, or a CE AFV with no Armor Leader, may fire a
/// Starshell.
pub const MMC_STARSHELL_USAGE: u8 = 2;

/// Who would fire a Starshell (the firers E1.921 names).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum StarshellFirer {
    /// A leader, a CE Armor Leader included.
    Leader,
    /// A MMC.
    Mmc,
    /// A CE AFV with no Armor Leader.
    CeAfvWithoutArmorLeader,
}

/// The firer's state, for E1.921.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct StarshellUnit {
    pub firer: StarshellFirer,
    pub good_order: bool,
    pub pinned: bool,
    /// Marked TI.
    pub ti: bool,
}

/// E1.921: may this unit fire a Starshell this Player Turn? It must be Good Order and neither
/// pinned nor TI, then make a Usage dr of <= 4 (a leader, CE Armor Leader included) or <= 2
/// (a MMC, or a CE AFV without an Armor Leader). The text's "(Δ)" mark is not explained in our
/// sources, so `usage_dr` is taken as the Final dr. What follows "after the Player Turn in
/// which the first Starshell/" is cut off and not modelled (nor is E1.91's initial use).
pub fn starshell_usage(u: &StarshellUnit, usage_dr: u8) -> Check {
    if !u.good_order || u.pinned || u.ti {
        let why = [
            (!u.good_order, "not in Good Order"),
            (u.pinned, "pinned"),
            (u.ti, "TI"),
        ]
        .iter()
        .filter(|(b, _)| *b)
        .map(|(_, w)| *w)
        .collect::<Vec<_>>()
        .join(", ");
        return check(
            false,
            "E1.921",
            format!("a Starshell firer must be Good Order and neither pinned nor TI: {why}"),
        );
    }
    let (limit, who) = match u.firer {
        StarshellFirer::Leader => (LEADER_STARSHELL_USAGE, "a leader"),
        StarshellFirer::Mmc => (MMC_STARSHELL_USAGE, "a MMC"),
        StarshellFirer::CeAfvWithoutArmorLeader => {
            (MMC_STARSHELL_USAGE, "a CE AFV with no Armor Leader")
        }
    };
    let ok = usage_dr <= limit;
    check(
        ok,
        "E1.921",
        format!(
            "{who} needs a Usage dr <= {limit}: dr {usage_dr} {}",
            if ok {
                "passes, it may fire a Starshell"
            } else {
                "fails"
            }
        ),
    )
}

// --- E1.922 Starshell placement -----------------------------------------------------------------

/// E1.922: the direction of a Starshell's error by colored dr 1..6.
///
/// *UNCERTAIN — the rule is cut off.* The text stops at "must announce his choice before making
/// the Starshell/"; neither the three choices nor the error procedure survive. The EX fixes one
/// point: from K6, colored 5 (with white 3) lands in H7, i.e. three hexes toward the
/// south-west. Read as the board's direction diagram, 1 = north and clockwise, which puts 5 at
/// south-west. The other five entries are that assumption: the board's own direction order.
pub const PLACEMENT_ERROR_DIRECTION: [Direction; 6] = Direction::ALL;

/// Where a Starshell comes down (E1.922). (Not `Serialize`: `Hex` is not.)
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StarshellPlacement {
    /// The final placement hex (it may be off the map: E1.923 allows offboard Starshells).
    pub hex: Hex,
    pub direction: Direction,
    /// Extent of Error in hexes.
    pub extent: u32,
    pub rule: &'static str,
    pub reason: String,
    /// The reason up to where it lands, for `off_map`.
    error: String,
}

impl StarshellPlacement {
    /// E1.923: the placement again for a Starshell whose final hex is off the map (`on_map`
    /// false): it lands off the map, and still Illuminates what lies within three hexes of it,
    /// instead of landing in a hex named by coordinates no board has.
    pub fn off_map(mut self, on_map: bool) -> Self {
        if !on_map {
            self.reason = format!(
                "{}: it lands off the map; an offboard Starshell still Illuminates every \
                 non-subterranean Location within three hexes of where it lands (E1.923)",
                self.error
            );
        }
        self
    }
}

/// E1.922: the final hex of a Starshell fired toward `initial` (the initial placement hex its
/// owner picks), from its Placement DR. As far as the EX fixes it: the white dr is the Extent
/// of Error in hexes (white 3: three hexes), the colored dr its direction
/// (`PLACEMENT_ERROR_DIRECTION`, only 5 = toward H7 from K6 is fixed). `halve_extent`: the
/// owner halves the Extent of Error dr, fractions rounded up (the EX's 3 -> 2, I7); the EX
/// allows it because of a Gunflash in the firer's LOS, but the rule saying when is cut off, so
/// the caller decides. Whether any DR places the Starshell without error, and the other two
/// placement choices, are cut off and not modelled.
pub fn starshell_placement(
    initial: Hex,
    colored: u8,
    white: u8,
    halve_extent: bool,
) -> StarshellPlacement {
    let name = |h: Hex| h.id().map_or_else(|| format!("{h:?}"), |id| id.to_string());
    starshell_placement_named(initial, colored, white, halve_extent, &name)
}

/// E1.922: `starshell_placement`, its hexes named by `name` (a map's names: `36I4` on a map
/// laid out from boards).
pub fn starshell_placement_named(
    initial: Hex,
    colored: u8,
    white: u8,
    halve_extent: bool,
    name: &dyn Fn(Hex) -> String,
) -> StarshellPlacement {
    let direction = PLACEMENT_ERROR_DIRECTION[usize::from(colored.clamp(1, 6) - 1)];
    let extent = if halve_extent {
        u32::from(white).div_ceil(2)
    } else {
        u32::from(white)
    };
    let (dq, dr) = direction.offset();
    let n = extent as i32;
    let hex = Hex::new(initial.q + dq * n, initial.r + dr * n);
    let error = format!(
        "Placement DR colored {colored}, white {white}: {}{} toward {direction:?} from {}",
        crate::words::count(extent, "hex", "hexes"),
        if halve_extent {
            " (Extent of Error halved, FRU)"
        } else {
            ""
        },
        name(initial),
    );
    StarshellPlacement {
        hex,
        direction,
        extent,
        rule: "E1.922",
        reason: format!("{error}: it lands in {}", name(hex)),
        error,
    }
}

// --- E1.923 / E1.933 removal ------------------------------------------------------------------

/// E1.923 (and E1.933 for IR): is a Starshell or IR removed at the end of this phase? At the
/// end of each CCPh, after the placement of "?".
pub fn removed_at_end_of(phase: Phase) -> Check {
    if phase == Phase::CloseCombat {
        check(
            true,
            "E1.923",
            "Starshells (and IR, E1.933) are removed at the end of each CCPh, after the \
             placement of \"?\"",
        )
    } else {
        check(
            false,
            "E1.923",
            format!("{phase:?} Phase: Starshells and IR stay until the end of the CCPh"),
        )
    }
}

// --- E1.931 IR usage ------------------------------------------------------------------------

/// E1.931: the highest Usage dr with which an onboard mortar may fire an IR.
pub const MORTAR_IR_USAGE: u8 = 4;

/// Who fires an IR (E1.931).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum IrFirer {
    Oba,
    OnboardMortar,
}

/// E1.931: may this firer fire an IR? OBA needs no Usage dr; an onboard mortar needs a Usage dr
/// <= 4 (`usage_dr`; `None` if not made, which fails it). The mortar must then also make a To
/// Hit DR, only to check for malfunction (the rest of that sentence is cut off).
pub fn ir_usage(firer: IrFirer, usage_dr: Option<u8>) -> Check {
    match (firer, usage_dr) {
        (IrFirer::Oba, _) => check(true, "E1.931", "OBA needs no Usage dr to fire IR"),
        (IrFirer::OnboardMortar, None) => check(
            false,
            "E1.931",
            "an onboard mortar must make a Usage dr <= 4 before it can fire an IR",
        ),
        (IrFirer::OnboardMortar, Some(dr)) => {
            let ok = dr <= MORTAR_IR_USAGE;
            check(
                ok,
                "E1.931",
                format!(
                    "onboard mortar IR Usage dr {dr} {} (needs <= {MORTAR_IR_USAGE}){}",
                    if ok { "passes" } else { "fails" },
                    if ok {
                        "; it must still make a To Hit DR to check for malfunction"
                    } else {
                        ""
                    }
                ),
            )
        }
    }
}

// --- G.8 Trip flares ----------------------------------------------------------------------

/// G.8: the trip flare dr's only possible drm.
pub const TRIP_FLARE_ROAD_PATH_DRM: i32 = -4;

/// The Location types that G.8 lets trip flares be set up in.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum TripFlareTerrain {
    Jungle,
    Bamboo,
    Wire,
    Panji,
    Other,
}

/// A scenario, for G.8 setup.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct TripFlareScenario {
    pub year: u32,
    pub pto: bool,
    pub night: bool,
    /// The U.S. is the Scenario Defender.
    pub us_scenario_defender: bool,
}

/// G.8: may the U.S. player set up trip flares in this Location? Only in a 1944-5 PTO night
/// scenario with a U.S. Scenario Defender, only in jungle/bamboo/wire/panji Locations, and no
/// more than his OB has (`already_assigned + count <= available`).
pub fn trip_flare_setup(
    s: &TripFlareScenario,
    terrain: TripFlareTerrain,
    already_assigned: u32,
    count: u32,
    available: u32,
) -> Check {
    if !(s.pto && s.night && s.us_scenario_defender && matches!(s.year, 1944 | 1945)) {
        // Say which condition fails.
        let why = if !s.pto {
            "this is not a PTO scenario".to_string()
        } else if !s.night {
            "this is not a night scenario".to_string()
        } else if !s.us_scenario_defender {
            "the U.S. player is not the Scenario Defender".to_string()
        } else if s.year == 0 {
            "the scenario gives no `date`, so no year".to_string()
        } else {
            format!("the scenario is set in {}", s.year)
        };
        return check(
            false,
            "G.8",
            format!(
                "trip flares are set up only in a 1944-5 PTO night scenario with a U.S. \
                 Scenario Defender: {why}"
            ),
        );
    }
    if terrain == TripFlareTerrain::Other {
        return check(
            false,
            "G.8",
            "trip flares go only in jungle, bamboo, wire or panji Locations",
        );
    }
    if already_assigned + count > available {
        return check(
            false,
            "G.8",
            format!(
                "{} trip flares exceed the {available} in the OB",
                already_assigned + count
            ),
        );
    }
    check(
        true,
        "G.8",
        format!("{count} trip flare(s) secretly recorded in this {terrain:?} Location"),
    )
}

/// How a unit/stack entered a Location.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Entry {
    /// Any way not below.
    Other,
    /// Using a road or a path that was not created during play.
    PreExistingRoadOrPath,
    /// Via a path or TB created during play.
    PathOrTbCreatedInPlay,
    /// Entering (or entering the Location via) a trench.
    Trench,
    /// Entering (or entering the Location via) a pillbox.
    Pillbox,
    /// Entering (or entering the Location via) a subterranean passage.
    SubterraneanPassage,
}

/// What an MF/MP expenditure in the Location is for.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum MfFor {
    Stopping,
    Delay,
    PlacingSmoke,
    /// Anything else.
    Other,
}

/// What a unit/stack does in a Location that holds trip flares.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum TripFlareAction {
    /// Enters the Location.
    Enters(Entry),
    /// Expends additional MF/MP in it; `entered_this_player_turn_via`: how it entered this hex
    /// during the current Player Turn, if it did.
    ExpendsMf {
        purpose: MfFor,
        entered_this_player_turn_via: Option<Entry>,
    },
    /// Searches it (G.8C); `across_road_or_path`: "across" a hexside containing a road or a
    /// path not created during play.
    Searches { across_road_or_path: bool },
}

/// A unit/stack that may set off trip flares (G.8).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct TripFlareTrigger {
    /// A ground unit/stack.
    pub ground: bool,
    /// A Dummy (as determined per A12.11): sets off nothing.
    pub dummy: bool,
    pub action: TripFlareAction,
}

/// G.8: does the trip flares' owner make a dr? Yes each time any (even friendly) non-Dummy
/// ground unit/stack enters, expends additional MF/MP in, or Searches a Location with trip
/// flares, except: entering (or entering via) a trench, pillbox or subterranean passage;
/// entering via a path/TB created during play; MF/MP expended for Stopping, Delay or placing
/// SMOKE (panjis: G9.121, not in our sources). In the MPh one dr per separate qualifying
/// expenditure, made before Defensive First Fire.
pub fn trip_flare_dr_needed(t: &TripFlareTrigger) -> Check {
    if !t.ground || t.dummy {
        return check(
            false,
            "G.8",
            "only a non-Dummy ground unit/stack can set off trip flares",
        );
    }
    match t.action {
        TripFlareAction::Enters(
            e @ (Entry::Trench | Entry::Pillbox | Entry::SubterraneanPassage),
        ) => check(
            false,
            "G.8",
            format!(
                "no dr is made for entering (or entering the Location via) a {}",
                match e {
                    Entry::Trench => "trench",
                    Entry::Pillbox => "pillbox",
                    Entry::SubterraneanPassage => "subterranean passage",
                    _ => "Location",
                }
            ),
        ),
        TripFlareAction::Enters(Entry::PathOrTbCreatedInPlay) => check(
            false,
            "G.8",
            "no dr is made for entering the Location via a path/TB created during play",
        ),
        TripFlareAction::Enters(_) => check(
            true,
            "G.8",
            "a non-Dummy ground unit/stack enters a Location with trip flares: the owner makes \
             a dr",
        ),
        TripFlareAction::ExpendsMf {
            purpose: p @ (MfFor::Stopping | MfFor::Delay | MfFor::PlacingSmoke),
            ..
        } => check(
            false,
            "G.8",
            format!("no dr is made for MF/MP expended for {p:?}"),
        ),
        TripFlareAction::ExpendsMf { .. } => check(
            true,
            "G.8",
            "additional MF/MP expended in a Location with trip flares: the owner makes a dr",
        ),
        TripFlareAction::Searches { .. } => check(
            true,
            "G.8",
            "Searching a Location with trip flares: the owner makes a dr",
        ),
    }
}

/// G.8: the trip flare dr's drm: -4 if during the current Player Turn the unit/stack entered
/// the hex using (or is Searching "across" a hexside that contains) a road or a path not
/// created during play; otherwise none (the only possible drm). Under PTO Terrain all roads
/// are paths (G.1, G.1A).
pub fn trip_flare_drm(t: &TripFlareTrigger) -> Amount {
    let road_or_path = match t.action {
        TripFlareAction::Enters(e) => e == Entry::PreExistingRoadOrPath,
        TripFlareAction::ExpendsMf {
            entered_this_player_turn_via,
            ..
        } => entered_this_player_turn_via == Some(Entry::PreExistingRoadOrPath),
        TripFlareAction::Searches {
            across_road_or_path,
        } => across_road_or_path,
    };
    if road_or_path {
        amount(
            TRIP_FLARE_ROAD_PATH_DRM,
            "G.8",
            "-4: the unit/stack used a road or a path not created during play",
        )
    } else {
        amount(0, "G.8", "no drm: no road or pre-existing path was used")
    }
}

/// The outcome of a G.8 trip flare dr.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TripFlareDr {
    /// Whether a dr was made at all.
    pub dr_made: bool,
    pub final_dr: Option<i32>,
    /// A trip flare is set off: a Trip Flare counter is placed in the Location.
    pub set_off: bool,
    pub rule: &'static str,
    pub reason: String,
}

/// G.8: does this trigger set off a trip flare? If a dr is due (`trip_flare_dr_needed`), the
/// Final dr (`dr` + `trip_flare_drm`) <= the number of trip flares currently in the Location
/// sets one off and a Trip Flare counter is placed there. The text's "(δ)" mark is not
/// explained in our sources; no other drm is applied.
pub fn trip_flare_dr(t: &TripFlareTrigger, flares_in_location: u32, dr: u8) -> TripFlareDr {
    let needed = trip_flare_dr_needed(t);
    if !needed.holds {
        return TripFlareDr {
            dr_made: false,
            final_dr: None,
            set_off: false,
            rule: needed.rule,
            reason: needed.reason,
        };
    }
    let drm = trip_flare_drm(t);
    let final_dr = i32::from(dr) + drm.value;
    let set_off = final_dr <= flares_in_location as i32;
    TripFlareDr {
        dr_made: true,
        final_dr: Some(final_dr),
        set_off,
        rule: "G.8",
        reason: format!(
            "trip flare dr {dr}{} = {final_dr} {} the {flares_in_location} trip flare(s) in the \
             Location: {}",
            if drm.value != 0 {
                format!(" {}", drm.value)
            } else {
                String::new()
            },
            if set_off { "<=" } else { ">" },
            if set_off {
                "a trip flare is set off; a Trip Flare counter is placed"
            } else {
                "none is set off"
            }
        ),
    }
}
