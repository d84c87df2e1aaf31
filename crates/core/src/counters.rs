//! The counter catalog (`assets/counters.ron`): every counter a scenario may name, with its
//! factors, kind and class, and (for Japanese MMC) what G1.12x exchanges it for.

use std::sync::LazyLock;

use serde::{Deserialize, Serialize};

/// Nationality of a unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Nationality {
    /// Japanese.
    Japanese,
    /// American.
    American,
    /// British.
    British,
    /// Chinese.
    Chinese,
    /// Australian.
    Australian,
    /// New Zealand.
    NewZealand,
    /// Dutch.
    Dutch,
    /// Indian.
    Indian,
    /// Filipino.
    Filipino,
    /// Soviet.
    Soviet,
}

/// What a counter is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Kind {
    Squad,
    HalfSquad,
    Crew,
    Leader,
}

/// Troop quality (A1.25).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Class {
    Elite,
    FirstLine,
    SecondLine,
    Green,
    Conscript,
}

/// One Multi-Man Counter of the catalog.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Counter {
    pub name: String,
    pub nationality: Nationality,
    pub kind: Kind,
    pub class: Class,
    pub fp: u8,
    pub range: u8,
    pub morale: u8,
    #[serde(default)]
    pub reduced: Option<String>,
    #[serde(default)]
    pub half_squad: Option<String>,
    #[serde(default)]
    pub lower_class: Option<String>,
    /// A crew counter that is a vehicle-crew (G1.3: the Japanese 1-2-7), not an infantry-crew.
    #[serde(default)]
    pub vehicle_crew: bool,
    /// G1.3: the (broken) vehicle-crew an infantry-crew is exchanged for when its Reduced side
    /// is Step-Reduced or when it suffers a G1.13 break (2-2-8 / 1-2-8 -> 1-2-7).
    #[serde(default)]
    pub becomes_vehicle_crew: Option<String>,
    /// An American counter of the US Marine Corps (the others are the US Army's); only for the
    /// hints that list the catalog's names.
    #[serde(default)]
    pub usmc: bool,
}

impl Counter {
    /// A5.5: squad-equivalents for stacking (a squad 1, a HS or crew one half).
    pub fn squad_equivalents(&self) -> f32 {
        match self.kind {
            Kind::Squad => 1.0,
            Kind::HalfSquad | Kind::Crew => 0.5,
            Kind::Leader => 0.0,
        }
    }

    /// G1.1/G1.3: a Japanese squad or infantry-crew on its Full-Strength side (it has a
    /// Reduced-Strength side to be flipped to).
    pub fn is_full_strength(&self) -> bool {
        self.reduced.is_some()
    }

    /// G1.3: a crew counter that is an infantry-crew (not a vehicle-crew).
    pub fn is_infantry_crew(&self) -> bool {
        self.kind == Kind::Crew && !self.vehicle_crew
    }
}

/// The whole catalog.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Catalog {
    pub counters: Vec<Counter>,
    /// Leader counters, for any nationality.
    pub leaders: Vec<String>,
    /// G1.41: Japanese leaders' rank order, highest first.
    pub japanese_leader_ranks: Vec<String>,
}

/// What a counter name means for a nationality.
#[derive(Clone, Debug, PartialEq)]
pub enum Lookup<'a> {
    Mmc(&'a Counter),
    Leader,
    /// Neither an MMC of that nationality nor a leader: an input error for every nationality
    /// (those without MMC rows in the catalog accept only leaders).
    Unknown,
}

static CATALOG: LazyLock<Catalog> = LazyLock::new(|| {
    ron::from_str(include_str!("../../../assets/counters.ron")).expect("assets/counters.ron parses")
});

impl Catalog {
    /// The catalog shipped in `assets/counters.ron`.
    pub fn get() -> &'static Catalog {
        &CATALOG
    }

    /// What `name` is for `nationality`.
    pub fn lookup(&self, nationality: Nationality, name: &str) -> Lookup<'_> {
        if let Some(c) = self
            .counters
            .iter()
            .find(|c| c.nationality == nationality && c.name == name)
        {
            return Lookup::Mmc(c);
        }
        if self.leaders.iter().any(|l| l == name) {
            return Lookup::Leader;
        }
        Lookup::Unknown
    }

    /// The MMC counter `name` of `nationality`, if the catalog lists it.
    pub fn counter(&self, nationality: Nationality, name: &str) -> Option<&Counter> {
        self.counters
            .iter()
            .find(|c| c.nationality == nationality && c.name == name)
    }

    /// The MMC names of a nationality, for error messages.
    pub fn names(&self, nationality: Nationality) -> Vec<&str> {
        self.counters
            .iter()
            .filter(|c| c.nationality == nationality)
            .map(|c| c.name.as_str())
            .collect()
    }

    /// What the catalog knows for `nationality`, in words, for the error that rejects a counter
    /// it does not know: its MMC names (American ones split into US Army and USMC), then the
    /// leaders, which every nationality may use.
    pub fn known_names(&self, nationality: Nationality) -> String {
        let of = |usmc: bool| -> Vec<&str> {
            self.counters
                .iter()
                .filter(|c| c.nationality == nationality && c.usmc == usmc)
                .map(|c| c.name.as_str())
                .collect()
        };
        let leaders = format!("leaders {}", self.leaders.join(", "));
        let (army, usmc) = (of(false), of(true));
        match (army.is_empty(), usmc.is_empty()) {
            (true, true) => format!(
                "the catalog lists no {nationality:?} squads, half-squads or crews yet, only \
                 {leaders}"
            ),
            (_, true) => format!("{nationality:?} counters: {}; {leaders}", army.join(", ")),
            _ => format!(
                "{nationality:?} counters: US Army {}; USMC {}; {leaders}",
                army.join(", "),
                usmc.join(", ")
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_catalog_parses_and_every_relation_names_a_listed_counter() {
        let c = Catalog::get();
        for m in &c.counters {
            for r in [
                &m.reduced,
                &m.half_squad,
                &m.lower_class,
                &m.becomes_vehicle_crew,
            ]
            .into_iter()
            .flatten()
            {
                assert!(
                    c.counters
                        .iter()
                        .any(|x| &x.name == r && x.nationality == m.nationality),
                    "{} -> {r}",
                    m.name
                );
            }
        }
    }

    #[test]
    fn g1_121_and_g1_122_ex_step_reduction_chain() {
        let c = Catalog::get();
        let Lookup::Mmc(s) = c.lookup(Nationality::Japanese, "4-4-8") else {
            panic!()
        };
        assert_eq!(s.reduced.as_deref(), Some("3-4-8"));
        let Lookup::Mmc(r) = c.lookup(Nationality::Japanese, "3-4-8") else {
            panic!()
        };
        assert_eq!(r.half_squad.as_deref(), Some("2-3-8"));
        // G1.123/G1.124 EX: 4-4-8 -> 1st-Line 4-4-7 (then flipped to 3-4-7); 3-4-8 -> 3-4-7
        // (then its 2-3-7 HS).
        assert_eq!(s.lower_class.as_deref(), Some("4-4-7"));
        assert_eq!(r.lower_class.as_deref(), Some("3-4-7"));
    }

    #[test]
    fn every_japanese_mmc_names_what_g1_exchanges_it_for() {
        let c = Catalog::get();
        for m in c
            .counters
            .iter()
            .filter(|m| m.nationality == Nationality::Japanese)
        {
            match m.kind {
                // G1.122/G1.13/G1.14: every squad has a HS; G1.123/G1.124/G1.133: every
                // non-Conscript squad a next-lower Class squad of the same strength.
                Kind::Squad => {
                    assert!(m.half_squad.is_some(), "{}", m.name);
                    if m.class != Class::Conscript {
                        let l = c
                            .counter(Nationality::Japanese, m.lower_class.as_deref().unwrap())
                            .unwrap();
                        assert_eq!(l.is_full_strength(), m.is_full_strength(), "{}", m.name);
                    }
                }
                // G1.3: an infantry-crew becomes a vehicle-crew; a vehicle-crew is one.
                Kind::Crew if !m.vehicle_crew => {
                    let v = c
                        .counter(
                            Nationality::Japanese,
                            m.becomes_vehicle_crew.as_deref().unwrap(),
                        )
                        .unwrap();
                    assert!(v.vehicle_crew, "{}", m.name);
                }
                _ => {}
            }
        }
    }

    #[test]
    fn the_common_us_army_and_usmc_counters_are_listed_with_their_factors() {
        let c = Catalog::get();
        for (name, kind, class, fp, range, morale, usmc) in [
            ("7-4-7", Kind::Squad, Class::Elite, 7, 4, 7, false),
            ("6-6-7", Kind::Squad, Class::FirstLine, 6, 6, 7, false),
            ("6-6-6", Kind::Squad, Class::SecondLine, 6, 6, 6, false),
            ("3-4-7", Kind::HalfSquad, Class::Elite, 3, 4, 7, false),
            ("3-3-7", Kind::HalfSquad, Class::FirstLine, 3, 3, 7, false),
            ("3-3-6", Kind::HalfSquad, Class::SecondLine, 3, 3, 6, false),
            ("2-2-7", Kind::Crew, Class::FirstLine, 2, 2, 7, false),
            ("7-6-8", Kind::Squad, Class::Elite, 7, 6, 8, true),
            ("6-6-8", Kind::Squad, Class::FirstLine, 6, 6, 8, true),
            ("3-3-8", Kind::HalfSquad, Class::Elite, 3, 3, 8, true),
            ("2-2-8", Kind::Crew, Class::Elite, 2, 2, 8, true),
        ] {
            let m = c.counter(Nationality::American, name).unwrap();
            assert_eq!(
                (m.kind, m.class, m.fp, m.range, m.morale, m.usmc),
                (kind, class, fp, range, morale, usmc),
                "{name}"
            );
        }
        // Each squad's HS is of its own Class (A1.31: a squad deploys into two HS of its kind).
        for (squad, hs) in [
            ("7-4-7", "3-4-7"),
            ("6-6-7", "3-3-7"),
            ("6-6-6", "3-3-6"),
            ("7-6-8", "3-3-8"),
        ] {
            let s = c.counter(Nationality::American, squad).unwrap();
            assert_eq!(s.half_squad.as_deref(), Some(hs), "{squad}");
            let h = c.counter(Nationality::American, hs).unwrap();
            assert_eq!((h.class, h.morale), (s.class, s.morale), "{squad}");
        }
    }

    #[test]
    fn american_elr_chain_7_6_8_to_6_6_7_to_6_6_6() {
        let c = Catalog::get();
        let s = c.counter(Nationality::American, "7-6-8").unwrap();
        assert_eq!(s.lower_class.as_deref(), Some("6-6-7"));
        let s = c.counter(Nationality::American, "6-6-7").unwrap();
        assert_eq!(s.lower_class.as_deref(), Some("6-6-6"));
    }

    #[test]
    fn lookups_by_nationality() {
        let c = Catalog::get();
        assert!(matches!(
            c.lookup(Nationality::American, "7-6-8"),
            Lookup::Mmc(_)
        ));
        assert_eq!(c.lookup(Nationality::Japanese, "7-6-8"), Lookup::Unknown);
        assert_eq!(c.lookup(Nationality::Japanese, "8+1"), Lookup::Leader);
        // A nationality without MMC rows accepts only leaders: no name passes on its shape.
        assert_eq!(c.lookup(Nationality::British, "4-5-8"), Lookup::Unknown);
        assert_eq!(c.lookup(Nationality::British, "9-1"), Lookup::Leader);
    }

    #[test]
    fn known_names_split_the_us_army_from_the_usmc_and_say_when_none_are_listed() {
        let c = Catalog::get();
        let a = c.known_names(Nationality::American);
        assert!(a.contains("US Army 7-4-7, 6-6-7"), "{a}");
        assert!(a.contains("USMC 7-6-8, 6-6-8, 3-3-8, 2-2-8"), "{a}");
        assert!(a.contains("leaders 10-3"), "{a}");
        let j = c.known_names(Nationality::Japanese);
        assert!(j.starts_with("Japanese counters: 4-4-8"), "{j}");
        assert!(!j.contains("USMC"), "{j}");
        let b = c.known_names(Nationality::British);
        assert!(b.contains("no British squads"), "{b}");
        assert!(b.contains("leaders 10-3"), "{b}");
    }
}
