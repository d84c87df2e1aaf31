//! What the cave attack rulings share: their constants (G11.8's TEM, a DC's 30 FP, ...), a
//! modifier with its rule (`Drm`), how a DC is delivered and the kind of attack.

use serde::Serialize;

/// A DC attacks with 30 FP (A23.1; the G11.833 cave K EX: "with 30 FP").
pub const DC_FP: u32 = 30;
/// G11.8: a cave's TEM.
pub const CAVE_TEM: i32 = 4;
/// G11.8 (play-aid): a cave's TEM vs OBA and vs the Area Target Type.
pub const CAVE_TEM_VS_OBA_OR_AREA: i32 = 6;
/// G11.833 EX: the Thrown-DC target's DRM (A23.6), added to the cave's TEM when a DC that
/// failed to be Thrown attacks the cave (+4 +2 = +6).
pub const THROWN_DC_TARGET_DRM: i32 = 2;
/// G11.833 EX: the DRM of a failed Thrown DC's attack vs the Thrower's Location (A23.6).
pub const THROWER_LOCATION_DRM: i32 = 3;
/// G11.833: a Thrown-DC Final dr of at most this succeeds (also G11.8331 and G11.85).
pub const THROWN_DC_SUCCESS: i32 = 3;
/// G11.841: a cave's Morale Level vs Bombardment.
pub const BOMBARDMENT_MORALE_LEVEL: i32 = 11;
/// G11.97: the Final Heat of Battle DR at or above which Infantry in a cave become Battle
/// Hardened.
pub const BATTLE_HARDENED_HOB: i32 = 9;
/// G11.8332 EX: the total IFT DRM of a DC Set in a cave while no Known Good Order Japanese
/// MMC is in it. Read as -4 (the cave's +4 TEM reversed, G11.8 play-aid) and -3 (the normal
/// Set DC rules, A23.7, which are not in our sources). *Uncertain* in its split; the total
/// is the EX's.
pub const SET_DC_NO_DEFENDER_DRM: i32 = -7;
/// The IFT's FP columns (A7; not in our sources). The G11.82 EX fixes that six Residual FP
/// make a two-FP Snap Shot (half of six is three, which attacks on the 2 column).
pub const IFT_COLUMNS: [u32; 11] = [1, 2, 4, 6, 8, 12, 16, 20, 24, 30, 36];

pub use crate::rules::{Check, Ruling};
pub(super) use crate::rules::{check, ruling};

/// One modifier with its rule and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Drm {
    pub drm: i32,
    pub rule: &'static str,
    pub reason: String,
}

/// A total of modifiers and the modifiers that make it (only those that apply).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct DrmTotal {
    pub total: i32,
    pub items: Vec<Drm>,
}

impl DrmTotal {
    pub(super) fn push(&mut self, drm: i32, rule: &'static str, reason: impl Into<String>) {
        self.total += drm;
        self.items.push(Drm {
            drm,
            rule,
            reason: reason.into(),
        });
    }
}

pub(super) fn signed(n: i32) -> String {
    if n >= 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}

/// A failed requirement list as one sentence, or `None` if all hold.
pub(super) fn unmet(reqs: &[(bool, &str)]) -> Option<String> {
    let missing: Vec<&str> = reqs.iter().filter(|(ok, _)| !ok).map(|(_, w)| *w).collect();
    (!missing.is_empty()).then(|| missing.join(", "))
}

// --- attack kinds ---------------------------------------------------------------------------

/// How a DC reaches a cave (G11.833-G11.8332).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum DcDelivery {
    /// Placed by an ADJACENT unit (G11.833) or by a Climbing unit (G11.8331).
    Placed,
    /// Successfully Thrown into the cave (G11.833 result a).
    Thrown,
    /// Unsuccessfully Thrown: fallen unpossessed to the Entrance Hex's Base Level (G11.833
    /// result b).
    Fallen,
    /// Set in the cave (G11.8332).
    Set,
}

/// The kind of an attack on a cave, as G11.8-G11.841 tell them apart.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum AttackKind {
    /// Any attack that none of the kinds below is: small arms, MG, IFE, ordnance using the
    /// Infantry Target Type...
    Direct,
    /// Ordnance using the Area Target Type (G11.831).
    AreaTargetType,
    /// Off-board artillery (G11.84).
    Oba,
    /// Aerial bombs (G11.81 EXC).
    AerialBomb,
    /// Residual FP (G11.82).
    ResidualFp,
    /// Bombardment (G11.841).
    Bombardment,
    /// A flamethrower (G11.834).
    FlameThrower,
    /// Canister (G11.836).
    Canister,
    /// A DC (G11.833).
    Dc(DcDelivery),
}
