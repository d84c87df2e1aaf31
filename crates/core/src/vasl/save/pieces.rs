//! What a VASL piece is to this program: a unit of the counter catalog (squad, half-squad, crew,
//! leader) of a nationality the program plays, a marker it models (DC, "?", DM, Pin, Cave,
//! SMOKE, Blaze, Starshell, IR), or something it does not know (left out, with the reason).
//! And the state its traits give it: broken, DM, pinned, concealed, HIP, its rotation.
//!
//! Our reading of a piece, from its BasicPiece name and image and its traits:
//! - the nationality is the two-letter code that begins a word of the name or the image's file
//!   name and is followed by a capital or a digit (`jaLDR`, `ja447S.gif`: `ja`); without one, a
//!   squad's factors name it when exactly one played nationality has that counter;
//! - a Multi-Man Counter is named by its factors, the name's first word (`4-4-7 1sq`);
//! - a leader by `LDR` in its name (any case: `jaLdr`), or by an image named for a leader: the
//!   code, `L`, a leader rating (`jaL9-1.gif`, `amL8-1.gif`); his rating the first leader rating
//!   (`9-1`) in the name, else in the image's file name;
//! - a layer (`emb2`) is at the level its state gives (1, 2, ...; 0 or less: off), and that
//!   level is broken, DM, pinned, concealed or HIP when its own name says so (`Broken`, `Flip`,
//!   `Flipped`, `BRK`; `DM`; `Pin`, `Pinned`; `Concealed`; `HIP`): a field of the layer lists
//!   its levels' names, `,`-separated (`Broken,DM`: level 1 broken, level 2 DM); a mask (`obs`) that is on conceals, a hide (`hide`) that is on
//!   is HIP; a `rotate` trait with N angles turns the counter state x 360/N degrees clockwise
//!   (N = 1: the state is the angle in degrees).

use crate::counters::{Catalog, Lookup};
use crate::model::{Nationality, SmokeKind};

use super::decode::Piece;
use super::records::split_escaped;

/// What a piece is.
#[derive(Clone, Debug, PartialEq)]
pub enum What {
    /// A squad, half-squad, crew (its catalog name) or leader (his rating).
    Unit {
        nationality: Nationality,
        counter: String,
    },
    /// A Demolition Charge (possessed by the unit beneath it).
    Dc,
    /// A "?" counter (conceals the units beneath it).
    Concealment,
    /// A DM counter (on the broken units beneath it).
    Dm,
    /// A Pin counter (on the units beneath it).
    Pin,
    /// A Cave counter (its CA from its rotation).
    Cave,
    Smoke(SmokeKind),
    Blaze,
    Starshell,
    Ir,
    /// Not known to the program: why.
    Unknown(String),
}

/// The state a piece's traits give it.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Layers {
    pub broken: bool,
    pub dm: bool,
    pub pinned: bool,
    pub concealed: bool,
    pub hidden: bool,
    /// Degrees clockwise, 0..360, when the piece has a rotate trait.
    pub rotation: Option<f64>,
}

/// The nationalities the program plays: those with Multi-Man Counters in the catalog.
pub fn plays(n: Nationality) -> bool {
    !Catalog::get().names(n).is_empty()
}

/// The nationality a two-letter code names, or the code's own name for one we do not have.
fn nationality_of(code: &str) -> Result<Nationality, String> {
    Ok(match code {
        "ja" => Nationality::Japanese,
        "am" | "us" => Nationality::American,
        "br" => Nationality::British,
        "ch" => Nationality::Chinese,
        "au" => Nationality::Australian,
        "nz" => Nationality::NewZealand,
        "du" => Nationality::Dutch,
        "in" => Nationality::Indian,
        "ph" => Nationality::Filipino,
        "ru" => Nationality::Soviet,
        "ge" => return Err("German".into()),
        "it" => return Err("Italian".into()),
        "fr" => return Err("French".into()),
        "fi" => return Err("Finnish".into()),
        other => return Err(format!("nationality code '{other}'")),
    })
}

/// The code beginning a word: two lowercase letters, then a capital or a digit.
fn code_of(word: &str) -> Option<&str> {
    let b = word.as_bytes();
    match b {
        [a, c, d, ..]
            if a.is_ascii_lowercase()
                && c.is_ascii_lowercase()
                && (d.is_ascii_uppercase() || d.is_ascii_digit()) =>
        {
            word.get(..2)
        }
        _ => None,
    }
}

/// The image's file name without its folders and extension.
fn image_stem(image: &str) -> &str {
    let base = image.rsplit(['/', '\\']).next().unwrap_or(image);
    base.rsplit_once('.').map_or(base, |(stem, _)| stem)
}

fn stated_code(piece: &Piece) -> Option<String> {
    piece
        .name
        .split_whitespace()
        .find_map(code_of)
        .or_else(|| code_of(image_stem(&piece.image)))
        .map(str::to_string)
}

/// `4-4-7`, `9-1`, `8+1`: one- or two-digit numbers joined by `-` or `+`.
fn is_factors(word: &str, parts: usize) -> bool {
    let numbers: Vec<&str> = word.split(['-', '+']).collect();
    numbers.len() == parts
        && numbers
            .iter()
            .all(|n| (1..=2).contains(&n.len()) && n.bytes().all(|b| b.is_ascii_digit()))
}

/// The first leader rating of the catalog in `text`, not inside a longer number.
fn leader_rating(text: &str) -> Option<String> {
    let mut leaders: Vec<&String> = Catalog::get().leaders.iter().collect();
    leaders.sort_by_key(|l| std::cmp::Reverse(l.len()));
    let mut best: Option<(usize, &String)> = None;
    for l in leaders {
        for (at, _) in text.match_indices(l.as_str()) {
            let before = text[..at].chars().next_back();
            let after = text[at + l.len()..].chars().next();
            let digit = |c: Option<char>| c.is_some_and(|c| c.is_ascii_digit());
            if !digit(before) && !digit(after) && best.is_none_or(|(b, _)| at < b) {
                best = Some((at, l));
            }
        }
    }
    best.map(|(_, l)| l.clone())
}

/// Is the image named for a leader: a nationality code, `L`, then a leader rating
/// of the catalog (`jaL9-1.gif`, `amL8-1.gif`)?
fn leader_image(image: &str) -> bool {
    let stem = image_stem(image);
    code_of(stem).is_some()
        && stem[2..].starts_with('L')
        && leader_rating(&stem[3..]).is_some_and(|r| stem[3..].starts_with(r.as_str()))
}

/// What a piece is (see the module's header for the reading).
pub fn what(piece: &Piece) -> What {
    let name = piece.name.trim();
    let lower = name.to_ascii_lowercase();
    match lower.as_str() {
        "dc" => return What::Dc,
        "?" => return What::Concealment,
        "dm" => return What::Dm,
        "pin" | "pinned" => return What::Pin,
        "smoke" => return What::Smoke(SmokeKind::Smoke),
        "smoke grenade" | "smoke grenades" => return What::Smoke(SmokeKind::Grenade),
        "wp" => return What::Smoke(SmokeKind::WhitePhosphorus),
        "wp grenade" | "wp grenades" => return What::Smoke(SmokeKind::WpGrenade),
        "blaze" => return What::Blaze,
        "starshell" => return What::Starshell,
        "ir" | "illuminating round" => return What::Ir,
        _ => {}
    }
    if lower.starts_with("cave") {
        return What::Cave;
    }
    let code = stated_code(piece);
    let nationality = code.as_deref().map(nationality_of);
    let named_leader = name
        .split_whitespace()
        .any(|w| w.to_ascii_uppercase().contains("LDR"));
    if named_leader || leader_image(&piece.image) {
        let Some(rating) = leader_rating(name).or_else(|| leader_rating(image_stem(&piece.image)))
        else {
            return What::Unknown("a leader whose rating is not in its name or image".into());
        };
        return match nationality {
            Some(Ok(n)) if plays(n) => What::Unit {
                nationality: n,
                counter: rating,
            },
            Some(Ok(n)) => What::Unknown(format!("{n:?}: a nationality the program does not play")),
            Some(Err(other)) => {
                What::Unknown(format!("{other}: a nationality the program does not play"))
            }
            None => What::Unknown("a leader of no stated nationality".into()),
        };
    }
    let Some(first) = name.split_whitespace().next().filter(|w| is_factors(w, 3)) else {
        return What::Unknown("not a counter the program knows".into());
    };
    let catalog = Catalog::get();
    let has = |n: Nationality| matches!(catalog.lookup(n, first), Lookup::Mmc(_));
    match nationality {
        Some(Ok(n)) if plays(n) && has(n) => What::Unit {
            nationality: n,
            counter: first.to_string(),
        },
        Some(Ok(n)) if plays(n) => What::Unknown(format!("not a {n:?} counter of the catalog")),
        Some(Ok(n)) => What::Unknown(format!("{n:?}: a nationality the program does not play")),
        Some(Err(other)) => {
            What::Unknown(format!("{other}: a nationality the program does not play"))
        }
        None => {
            let played = [Nationality::Japanese, Nationality::American];
            let known: Vec<Nationality> = played.into_iter().filter(|n| has(*n)).collect();
            match known.as_slice() {
                [n] => What::Unit {
                    nationality: *n,
                    counter: first.to_string(),
                },
                [] => What::Unknown(
                    "no stated nationality, and no nationality the program plays has it".into(),
                ),
                _ => What::Unknown("no stated nationality, and several have it".into()),
            }
        }
    }
}

/// Is this state on? A layer's level is on at 1 or more; a mask's or hide's owner is on when
/// given (not empty, not `null`).
fn owner_on(state: &[String]) -> bool {
    state
        .first()
        .is_some_and(|s| !s.trim().is_empty() && s.trim() != "null")
}

/// The names a layer's fields give its level `level` (1-based): each field is a list of level
/// names, `,`-separated, one a level (`Broken` names level 1 only; `Broken,DM` names level 1
/// Broken and level 2 DM); a field with fewer entries names nothing at that level.
fn level_names(fields: &[String], level: usize) -> Vec<String> {
    fields
        .iter()
        .filter_map(|f| split_escaped(f, ',').into_iter().nth(level - 1))
        .collect()
}

/// The state the piece's traits give it.
pub fn layers(piece: &Piece) -> Layers {
    let mut l = Layers::default();
    for t in &piece.traits {
        let state = t.state();
        match t.kind {
            "emb2" | "emb" => {
                let Some(level) = state
                    .first()
                    .and_then(|s| s.trim().parse::<usize>().ok())
                    .filter(|level| *level >= 1)
                else {
                    continue;
                };
                for name in level_names(&t.fields(), level) {
                    match name.trim().to_ascii_lowercase().as_str() {
                        "broken" | "flip" | "flipped" | "brk" => l.broken = true,
                        "dm" => l.dm = true,
                        "pin" | "pinned" => l.pinned = true,
                        "concealed" => l.concealed = true,
                        "hip" => l.hidden = true,
                        _ => {}
                    }
                }
            }
            "obs" if owner_on(&state) => l.concealed = true,
            "hide" if owner_on(&state) => l.hidden = true,
            "rotate" => {
                let angles = t
                    .fields()
                    .first()
                    .and_then(|f| f.trim().parse::<u32>().ok())
                    .filter(|n| (1..=360).contains(n))
                    .unwrap_or(1);
                let value = state
                    .first()
                    .and_then(|s| s.trim().parse::<f64>().ok())
                    .filter(|v| v.is_finite() && v.abs() < 1e6)
                    .unwrap_or(0.0);
                let degrees = if angles == 1 {
                    value
                } else {
                    value * 360.0 / f64::from(angles)
                };
                l.rotation = Some(degrees.rem_euclid(360.0));
            }
            _ => {}
        }
    }
    l
}

#[cfg(test)]
mod tests {
    use super::*;

    fn piece(name: &str, image: &str) -> Piece {
        Piece {
            record: 1,
            id: "1".into(),
            name: name.into(),
            image: image.into(),
            map: "Main Map".into(),
            x: 0,
            y: 0,
            traits: Vec::new(),
        }
    }

    #[test]
    fn names_and_images_say_the_unit_and_its_nationality() {
        assert_eq!(
            what(&piece("4-4-7 1sq", "")),
            What::Unit {
                nationality: Nationality::Japanese,
                counter: "4-4-7".into()
            }
        );
        assert_eq!(
            what(&piece("jaLDR", "jaL9-1.gif")),
            What::Unit {
                nationality: Nationality::Japanese,
                counter: "9-1".into()
            }
        );
        assert!(
            matches!(what(&piece("6-4-8 1sq", "br648S.gif")), What::Unknown(w) if w.contains("British"))
        );
        assert!(matches!(what(&piece("3-4-7 hs", "")), What::Unknown(w) if w.contains("several")));
        assert_eq!(what(&piece("Cave", "")), What::Cave);
        assert!(matches!(what(&piece("Sherman M4A1", "")), What::Unknown(_)));
        assert_eq!(leader_rating("x10-2"), Some("10-2".into()));
        assert_eq!(leader_rating("19-1"), None);
    }
}
