//! The `greedy` and `doctrine` kinds' weights (`assets/opponent/greedy.ron`): every number it scores a
//! candidate order by, read from a RON file so that a player can change them and measure the
//! result with `duel` without rebuilding (`ASL_PTO_WEIGHTS=FILE`, or the file in the current
//! folder's `assets/opponent/`, as for the tables). Not rules: the rulings decide what
//! is allowed; these only weigh what is worth doing.

use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

/// The built-in weights (the greedy kind as measured in the README).
const BUILTIN: &str = include_str!("../../../../assets/opponent/greedy.ron");

/// The greedy kind's weights (the file's fields; see its comments).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Weights {
    pub rally: RallyWeights,
    pub fire: FireWeights,
    pub starshell: f32,
    pub dc: DcWeights,
    pub rout: RoutWeights,
    pub close_combat: f32,
    pub banzai: BanzaiWeights,
    pub search: SearchWeights,
    pub movement: MovementWeights,
    pub smoke: SmokeWeights,
    pub withdraw: WithdrawWeights,
    pub advance: AdvanceWeights,
    /// What only the `doctrine` kind reads: how it weighs consequences (a file without it, as
    /// written before the kind existed, gets the built-in section).
    #[serde(default)]
    pub doctrine: DoctrineWeights,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RallyWeights {
    pub per_chance: f32,
    pub least_chance_attacking: f32,
    pub least_chance_holding: f32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FireWeights {
    pub threshold: f32,
    pub holding_extra: f32,
    pub first_fire_threshold: f32,
    pub veiled_range: u32,
    pub veiled_worth: f32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DcWeights {
    pub throw: f32,
    pub place: f32,
    pub hero: f32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoutWeights {
    pub score: f32,
    pub into_cave: f32,
    pub per_tem: f32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BanzaiWeights {
    pub score: f32,
    pub odds: f32,
    pub range: u32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SearchWeights {
    pub score: f32,
    pub range: u32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MovementWeights {
    pub per_hex_nearer: f32,
    pub per_tem: f32,
    pub per_mf: f32,
    pub least: f32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SmokeWeights {
    pub range: u32,
    pub above_move: f32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WithdrawWeights {
    pub threat_range: u32,
    pub score: f32,
    pub per_tem: f32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AdvanceWeights {
    pub cc_odds: f32,
    pub cc_odds_japanese: f32,
    pub cc_odds_holding: f32,
    /// A11 / G1.64: the odds a Japanese side holding out advances (or at night steps, E1.31)
    /// into Close Combat at (its CC is Hand-to-Hand, the -1 DRM its own); none:
    /// `cc_odds_holding`. Not read from a file: the doctrine sets it from
    /// `doctrine.cc_odds_holding_japanese` (`Weights::for_doctrine`).
    #[serde(skip)]
    pub cc_odds_holding_japanese: Option<f32>,
    pub into_cc: f32,
    pub per_hex_nearer: f32,
    pub least_gain: f32,
}

impl AdvanceWeights {
    /// A11 / G1.64: the odds (CC attack FP over defence FP) `side`'s units need to start a
    /// Close Combat: `cc_odds_holding` for a side holding out (`cc_odds_holding_japanese`,
    /// where set, for the Japanese unless the unit is `hidden`: it gives its HIP up only at
    /// the odds of a side holding out, a doctrine choice; A12.15), `cc_odds_japanese` for the Japanese (their CC
    /// is Hand-to-Hand), `cc_odds` otherwise.
    pub fn cc_odds_needed(&self, side: crate::model::Side, attacks: bool, hidden: bool) -> f32 {
        let japanese = side == crate::model::Side::Japanese;
        if !attacks {
            match self.cc_odds_holding_japanese {
                Some(odds) if japanese && !hidden => odds,
                _ => self.cc_odds_holding,
            }
        } else if japanese {
            self.cc_odds_japanese
        } else {
            self.cc_odds
        }
    }
}

/// The `doctrine` kind's weights (`opponent::doctrine`): the price of the enemy's best reply,
/// what a unit is worth, what revealing a hidden unit costs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DoctrineWeights {
    pub risk: f32,
    pub risk_holding: f32,
    pub risk_won: f32,
    pub risk_last_turn: f32,
    pub squad_cvp: f32,
    pub dc_carrier: f32,
    pub placer: f32,
    pub lit_target: f32,
    /// A26.2: what an enemy unit is worth beyond its value when its loss alone would win the
    /// Casualty VP its side still needs (a file from before it: 0).
    #[serde(default)]
    pub decisive: f32,
    pub reveal_hidden: f32,
    pub reveal_concealed: f32,
    pub lone_leader_range: u32,
    pub least_throw: f32,
    pub dc_control: f32,
    pub blowback: f32,
    pub hold_fire: f32,
    /// A7.25 / A8: the least a shot in the AFPh or DFPh (a unit's last fire of the Player
    /// Turn, costing it nothing else) must be worth beyond its veil and the fire it draws, in
    /// place of `fire.threshold` (a file from before it: 0).
    #[serde(default)]
    pub last_fire: f32,
    /// A11: the odds (CC attack FP over the enemy's defence FP) at which its side, attacking
    /// and not Japanese, advances into Close Combat, and at which a side holding out (the
    /// Japanese too) starts one, in place of `advance.cc_odds` (the greedy kind's; a file from
    /// before it takes the built-in value, whatever its `advance.cc_odds`).
    #[serde(default = "cc_odds_default")]
    pub cc_odds: f32,
    /// A11 / G1.64: the odds at which a Japanese side holding out, where the enemy needs no
    /// Casualty VP, advances into Close Combat in its APh (and at night steps into an enemy
    /// Location in its MPh, E1.31), in place of `advance.cc_odds_holding`; its hidden units keep
    /// `advance.cc_odds_holding` (its CC is Hand-to-Hand: the red Kill Numbers for both sides
    /// and its own -1 DRM; a file from before it takes the built-in value).
    #[serde(default = "cc_odds_holding_japanese_default")]
    pub cc_odds_holding_japanese: f32,
    /// A11.19 / A12.15: what a side holding out gives up, in the enemy's MPh or DFPh, for each
    /// concealed firer a shot strips of its "?" while a Known Good Order enemy MMC is in or
    /// beside its hex: a Close Combat against units all concealed is fought at half FP (a file
    /// from before it: 0).
    #[serde(default)]
    pub reveal_threatened: f32,
    /// G11.3 / G11.94: what a side gives up, beyond `reveal_hidden`, for each hidden cave the
    /// enemy must Control that a shot at broken units alone would reveal with its firer (a
    /// hidden cave cannot be Controlled by the enemy; a file from before it: 0).
    #[serde(default)]
    pub reveal_control_cave: f32,
    /// G11.3 / G11.94 / A12.15: a hidden firer whose shot would reveal a hidden cave the enemy
    /// must Control (its HIP loss places the Cave counter onboard) fires only at a target
    /// within this many hexes: a doctrine choice, the greedy kind's `fire.veiled_range`, within
    /// which its hidden firers give up HIP (a file from before it: 2, as built in).
    #[serde(default = "reveal_control_cave_range_default")]
    pub reveal_control_cave_range: u32,
    /// A12.15: a side holding out keeps the HIP of a hidden unit outside a cave until the
    /// enemy is this many hexes from it or nearer: the unit fires only at a target that close
    /// (a doctrine choice, an ambush; a hidden unit in a cave is not held to it: in a hidden
    /// cave the enemy must Control, `reveal_control_cave_range` rules; a file from before it:
    /// 1, as built in).
    #[serde(default = "holding_hidden_range_default")]
    pub holding_hidden_range: u32,
    /// A23.3 / G11.833: a shot at a DC's Placer is worth, beyond his value, what the DC would
    /// take from its side's units in its target times this, times the shot's chance to break
    /// or pin him (a file from before it: 0).
    #[serde(default)]
    pub placer_stake: f32,
    /// A26 / G11.94: the score of a Good Order MMC moving into a Location the enemy must
    /// Control and Controls now, to take it back (a file from before it takes the built-in
    /// value).
    #[serde(default = "garrison_default")]
    pub garrison: f32,
    /// A11: the odds (attack FP over defence FP) its units already in an enemy Location give
    /// their Close Combat, from which no more of them advance into it (they go on toward the
    /// goal instead; a file from before it takes the built-in value).
    #[serde(default = "cc_enough_default")]
    pub cc_enough: f32,
    /// G11.33: the score of a Search, by a unit that has not moved, of a hex a cave its side
    /// must Control and has not found may be in (a file from before it takes the built-in
    /// value).
    #[serde(default = "search_cave_default")]
    pub search_cave: f32,
    /// A12.152 / A11.19: the score of a Search of a hex holding a Known enemy "?" beside its
    /// unit, by a side that attacks: revealed, those units are fired on at full FP and
    /// attacked in Close Combat at full FP (a file from before it takes 0: no such Search).
    #[serde(default)]
    pub search_reveal: f32,
    /// G11.33 / A26.2: the score of that Search while the Known enemy outside caves is worth
    /// the Casualty VP its side still needs (its units hunt them; a step toward them is worth
    /// more; a file from before it takes 0: no Search then).
    #[serde(default)]
    pub search_cave_hunting: f32,
    /// G11.33 / A26.2: in the last Game Turn, the hexes from its Good Order MMC within which a
    /// Known enemy still counts toward the hunt that keeps its Searches at
    /// `search_cave_hunting` (a file from before it takes the built-in value).
    #[serde(default = "last_turn_reach_default")]
    pub last_turn_reach: u32,
    /// G11.33 / A26.2: before the last Game Turn, the hexes from its Good Order MMC within
    /// which a Known enemy counts toward the hunt that keeps its Searches at
    /// `search_cave_hunting` (a file from before it takes the built-in value).
    #[serde(default = "hunt_reach_default")]
    pub hunt_reach: u32,
    /// A26: how many Game Turns before the last it already plays for Control rather than
    /// hunting (0: in the last only; a file from before it takes the built-in value).
    #[serde(default = "control_turns_default")]
    pub control_turns: u32,
    /// A26: ... when a Location to Control lies more than this many hexes from its nearest
    /// Good Order MMC (a file from before it takes the built-in value).
    #[serde(default = "control_reach_default")]
    pub control_reach: u32,
    /// A3: what a unit that Prep Fires gives up, its MPh (it may not move after), charged
    /// per firer that stands away from every goal of an attacking side: `prep_forfeit`, twice
    /// that while it plays for Control, and `prep_forfeit_last` in the last Game Turn when its
    /// goal lies beyond one advance (a file from before it takes the built-in values).
    #[serde(default = "prep_forfeit_default")]
    pub prep_forfeit: f32,
    #[serde(default = "prep_forfeit_last_default")]
    pub prep_forfeit_last: f32,
    /// A11: a side holding out reckons a unit with a Known Good Order enemy MMC in or beside
    /// its hex to lose `cc_threat` of its value to Close Combat; it withdraws a unit to where it
    /// spares more than `withdraw_least` (a file from before it takes the built-in values).
    #[serde(default = "cc_threat_default")]
    pub cc_threat: f32,
    #[serde(default = "withdraw_least_default")]
    pub withdraw_least: f32,
    /// A7 / G1.63: a side holding out fires when a shot's worth passes the fire threshold plus
    /// `holding_fire_extra` (the greedy kind's `holding_extra` is its own), less what firing
    /// costs: the HIP or "?" lost times `holding_reveal`, and the fire the firers draw once
    /// revealed at `holding_fire_risk` a squad's worth (a file from before them takes the
    /// built-in values).
    #[serde(default = "holding_fire_extra_default")]
    pub holding_fire_extra: f32,
    #[serde(default = "holding_reveal_default")]
    pub holding_reveal: f32,
    #[serde(default = "holding_fire_risk_default")]
    pub holding_fire_risk: f32,
    /// A10.6 / A10.7: what a Good Order leader's step out of a Location costs for each broken
    /// MMC of his side he leaves there (he rallies them in the next RPh, his leadership
    /// added; a file from before it takes the built-in value).
    #[serde(default = "leader_stays_default")]
    pub leader_stays: f32,
}

fn leader_stays_default() -> f32 {
    0.5
}

fn holding_fire_extra_default() -> f32 {
    0.0
}

fn holding_reveal_default() -> f32 {
    0.0
}

fn holding_fire_risk_default() -> f32 {
    0.3
}

fn cc_threat_default() -> f32 {
    0.8
}

fn withdraw_least_default() -> f32 {
    0.1
}

fn prep_forfeit_default() -> f32 {
    0.15
}

fn prep_forfeit_last_default() -> f32 {
    3.0
}

fn control_turns_default() -> u32 {
    0
}

fn hunt_reach_default() -> u32 {
    3
}

fn reveal_control_cave_range_default() -> u32 {
    2
}

fn holding_hidden_range_default() -> u32 {
    1
}

fn last_turn_reach_default() -> u32 {
    2
}

fn control_reach_default() -> u32 {
    3
}

fn search_cave_default() -> f32 {
    1.0
}

fn cc_odds_default() -> f32 {
    1.0
}

fn cc_odds_holding_japanese_default() -> f32 {
    1.0
}

fn garrison_default() -> f32 {
    3.0
}

fn cc_enough_default() -> f32 {
    3.0
}

impl Default for DoctrineWeights {
    /// The built-in `doctrine` section.
    fn default() -> DoctrineWeights {
        #[derive(Deserialize)]
        struct Only {
            doctrine: DoctrineWeights,
        }
        // The built-in file, read for its `doctrine` section only (the rest ignored here).
        let text = BUILTIN;
        let start = text
            .find("    doctrine: (")
            .expect("the built-in weights have a doctrine section");
        let body = &text[start..];
        let end = body.find("\n    ),").expect("the doctrine section closes") + "\n    ),".len();
        let only: Only = ron::from_str(&format!("({})", &body[..end]))
            .expect("the built-in doctrine section parses");
        only.doctrine
    }
}

static WEIGHTS: OnceLock<Weights> = OnceLock::new();

impl Weights {
    /// Weights from a RON text; an error names `file`, the line and column, and what is wrong.
    pub fn parse(text: &str, file: &str) -> Result<Weights, String> {
        ron::from_str(text).map_err(|e| {
            format!(
                "{file}:{}:{}: {} (the opponent's weights)",
                e.span.start.line, e.span.start.col, e.code
            )
        })
    }

    /// The built-in weights.
    pub fn builtin() -> Weights {
        Weights::parse(BUILTIN, "assets/opponent/greedy.ron").expect("the built-in weights parse")
    }

    /// The weights the doctrine kind reads the greedy kind's enumeration and its own Close
    /// Combat odds by: these, with `advance.cc_odds` replaced by `doctrine.cc_odds` and, where
    /// `enemy_needs_cvp` is false, a holding Japanese side's by
    /// `doctrine.cc_odds_holding_japanese` (A26.2: against an enemy that still needs Casualty
    /// VP every squad lost counts, and `advance.cc_odds_holding` stands).
    pub fn for_doctrine(&self, enemy_needs_cvp: bool) -> Weights {
        let mut w = self.clone();
        w.advance.cc_odds = self.doctrine.cc_odds;
        w.advance.cc_odds_holding_japanese =
            (!enemy_needs_cvp).then_some(self.doctrine.cc_odds_holding_japanese);
        w
    }

    /// The weights installed for this run (`install`), else the built-in ones.
    pub fn get() -> &'static Weights {
        WEIGHTS.get_or_init(Weights::builtin)
    }
}

/// Installs the weights for the rest of the run; false if weights were already in use (they
/// are then left as they were).
pub fn install(w: Weights) -> bool {
    WEIGHTS.set(w).is_ok()
}

/// The player's weights, if any: the file `ASL_PTO_WEIGHTS` names, else
/// `assets/opponent/greedy.ron` in the current folder; `None` where there is neither (the
/// built-in ones are used). An unreadable or bad file is an error naming it.
pub fn find_and_load() -> Result<Option<Weights>, String> {
    let Some(path) = crate::files::named_or_local("ASL_PTO_WEIGHTS", "assets/opponent/greedy.ron")?
    else {
        return Ok(None);
    };
    let file = path.display().to_string();
    let bytes = crate::files::read_capped(&path, 1 << 20, "a weights file")
        .map_err(|e| format!("{file}: cannot read the opponent's weights: {e}"))?;
    let text = String::from_utf8(bytes)
        .map_err(|_| format!("{file}: the opponent's weights are not UTF-8 text"))?;
    Weights::parse(text.strip_prefix('\u{feff}').unwrap_or(&text), &file).map(Some)
}
