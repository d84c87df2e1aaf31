//! G1.42 Japanese "suicide" Heroes: the Tank-Hunter (T-H) Hero allowance and creation
//! (G1.421), the DC Hero (G1.424) and the T-H Hero's removal (G1.425).

use serde::Serialize;

use crate::rules::Ruling;
use crate::rules::night::movement::{Amount, Check, amount, check};

/// G1.421: the percentage of Japanese squads in the OB allowed as T-H Heroes in `year`.
fn th_hero_percent(year: i32, vs_russians: bool) -> (u32, &'static str) {
    match year {
        ..=1942 if vs_russians => (20, "prior to 1943 vs Russians"),
        ..=1942 => (10, "prior to 1943"),
        1943 => (20, "in 1943"),
        1944 => (33, "in 1944"),
        _ => (50, "in 1945"),
    }
}

/// G1.421: T-H Heroes allowed per scenario: 10% (20% vs Russians) of Japanese squads in the OB
/// before 1943, 20% in 1943, 33% 1944, 50% 1945, FRU.
///
/// Only squads count (not HS or crews). The "(20% vs Russians)" stands in the pre-1943 clause
/// and is read as applying to it only. 33% is taken literally (not one third). Years after 1945
/// use 1945's 50%.
pub fn th_hero_allowance(japanese_squads_in_ob: u32, year: i32, vs_russians: bool) -> Amount {
    let (pct, when) = th_hero_percent(year, vs_russians);
    let allowed = (japanese_squads_in_ob * pct).div_ceil(100);
    amount(
        i32::try_from(allowed).unwrap_or(i32::MAX),
        "G1.421",
        format!(
            "{pct}% of {japanese_squads_in_ob} Japanese squads {when}, FRU: {allowed} T-H \
             Heroes"
        ),
    )
}

/// A Japanese MMC that might attempt to create a T-H Hero (G1.421) or DC Hero (G1.424).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize)]
pub struct HeroCreator {
    pub armed: bool,
    pub good_order: bool,
    /// A squad or HS (Infantry); crews may not create T-H Heroes.
    pub squad_or_hs: bool,
    /// Marked with a Prep/Bounding/First/Final Fire or Pin/TI counter.
    pub marked_fire_pin_or_ti: bool,
    /// T-H Heroes yet to appear (the T-H Heroes Remaining marker).
    pub remaining_allowance: u32,
    /// An AFV in LOS at a qualifying time (G1.421: within 8 MF in its MPh, ADJACENT at the start
    /// of its APh, able to CC Reaction Fire vs it, or DEFENDER in its Location at the start of
    /// the CCPh); or, possessing a DC in its own MPh, an enemy unit/Gun or Known Fortification
    /// within 8 MF and in LOS (G1.424).
    pub target_ok: bool,
}

/// G1.421/G1.424: may this MMC now make one attempt to create a T-H Hero? It must be an armed,
/// Good Order Japanese Infantry squad/HS, not marked with a Prep/Bounding/First/Final Fire or
/// Pin/TI counter, with a qualifying target (see `HeroCreator::target_ok`) and T-H Heroes
/// remaining in the scenario's allowance (`th_hero_allowance`).
pub fn th_hero_attempt(c: &HeroCreator) -> Ruling {
    let no = |reason: &str| Ruling {
        allowed: false,
        rule: "G1.421",
        reason: reason.into(),
    };
    if !c.squad_or_hs {
        return no("only a Japanese squad or HS may create a T-H Hero");
    }
    if !c.armed {
        return no("only an armed MMC may create a T-H Hero");
    }
    if !c.good_order {
        return no("only a Good Order MMC may create a T-H Hero");
    }
    if c.marked_fire_pin_or_ti {
        return no(
            "no attempt is allowed if the MMC is marked with a Prep/Bounding/First/Final Fire or \
             Pin/TI counter",
        );
    }
    if c.remaining_allowance == 0 {
        return no("no T-H Heroes remain in the scenario's allowance");
    }
    if !c.target_ok {
        return no(
            "no qualifying target: an enemy AFV in LOS (G1.421), or with a DC an enemy unit/Gun \
             or Known Fortification within eight MF and in LOS (G1.424)",
        );
    }
    Ruling {
        allowed: true,
        rule: "G1.421",
        reason: format!(
            "an armed, Good Order Japanese squad/HS with a qualifying target may make one \
             attempt ({} T-H Heroes remaining); it is a \"?\"-loss activity",
            c.remaining_allowance
        ),
    }
}

/// G1.421: the creation dr's success threshold: a Final dr of <= 3.
pub const TH_HERO_CREATION_MAX: i32 = 3;

/// The outcome of a T-H Hero creation dr.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HeroDr {
    pub final_dr: i32,
    pub created: bool,
    /// An Original 6 pins the MMC (unless Banzai Charging).
    pub pinned: bool,
    /// Created with a DC given to him: a DC Hero (G1.424).
    pub dc_hero: bool,
    pub rule: &'static str,
    pub reason: String,
}

/// G1.421: creation Final dr <= 3; drm +1 HS, +2 Conscript, -2 possessing a DC given to the Hero
/// (G1.424: DC Hero); Original 6 pins unless Banzai.
pub fn th_hero_creation_dr(
    original_dr: u8,
    half_squad: bool,
    conscript: bool,
    gives_dc: bool,
    banzai: bool,
) -> HeroDr {
    let mut drm = Vec::new();
    let mut final_dr = i32::from(original_dr);
    if half_squad {
        final_dr += 1;
        drm.push("+1 HS");
    }
    if conscript {
        final_dr += 2;
        drm.push("+2 Conscript");
    }
    if gives_dc {
        final_dr -= 2;
        drm.push("-2 DC");
    }
    let created = final_dr <= TH_HERO_CREATION_MAX;
    let pinned = original_dr == 6 && !banzai;
    let dc_hero = created && gives_dc;
    let roll = if drm.is_empty() {
        format!("T-H Hero dr {original_dr}")
    } else {
        format!("T-H Hero dr {original_dr} {} = {final_dr}", drm.join(" "))
    };
    let mut reason = if created {
        format!(
            "{roll} <= {TH_HERO_CREATION_MAX}: a T-H Hero is created{}",
            if dc_hero {
                "; the DC is Transferred to him: a DC Hero (G1.424)"
            } else {
                ""
            }
        )
    } else {
        format!("{roll} > {TH_HERO_CREATION_MAX}: no Hero")
    };
    if original_dr == 6 {
        reason.push_str(if banzai {
            "; an Original 6 does not pin an MMC conducting a Banzai Charge"
        } else {
            "; an Original 6 pins the MMC"
        });
    }
    HeroDr {
        final_dr,
        created,
        pinned,
        dc_hero,
        rule: if dc_hero { "G1.424" } else { "G1.421" },
        reason,
    }
}

/// G1.425: is a non-hidden T-H Hero removed at the end of the Player Turn he was created in?
/// (yes unless he attacked — then he was already removed — or is in Melee).
///
/// A Hero in Melee at that time is removed as soon as he is no longer in Melee.
pub fn th_hero_removed_at_end_of_player_turn(attacked: bool, in_melee: bool) -> Check {
    if attacked {
        check(
            false,
            "G1.425",
            "he was already removed upon making his CC/DC attack vs his Designated Target",
        )
    } else if in_melee {
        check(
            false,
            "G1.425",
            "in Melee at the end of the Player Turn: he is removed when he is no longer in Melee",
        )
    } else {
        check(
            true,
            "G1.425",
            "a T-H Hero who made no attack is removed at the end of the Player Turn in which he \
             was created (or lost HIP)",
        )
    }
}

/// G1.425: is a T-H Hero eliminated at once when his HIP is lost involuntarily? Not if it
/// happens during the enemy MPh and he makes an immediate Reaction Fire attack (D7.2), or during
/// a CCPh in which he is a DEFENDER in the same Location as an enemy unit (A11.19).
pub fn th_hero_eliminated_on_involuntary_hip_loss(
    enemy_mph_and_reaction_fire: bool,
    ccph_defender_with_enemy: bool,
) -> Check {
    if enemy_mph_and_reaction_fire || ccph_defender_with_enemy {
        check(
            false,
            "G1.425",
            "his involuntary HIP loss came in the enemy MPh with an immediate Reaction Fire \
             attack, or in a CCPh as a DEFENDER with an enemy unit: he survives",
        )
    } else {
        check(
            true,
            "G1.425",
            "a T-H Hero who loses HIP involuntarily is immediately eliminated",
        )
    }
}
