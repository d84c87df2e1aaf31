//! Tests of the raw syntax tree: the documented example, the fields and their defaults
//! ([`fields`]), and the errors, their positions and `parse` never panicking ([`errors`]).

mod errors;
mod fields;

use super::*;

/// The example of `docs/scenario-format.md`, verbatim.
const EXAMPLE: &str = r#"Scenario(
    title: "Caves on the ridge",
    notes: "Free text shown in the viewer.",                // optional
    date: (year: 1945, month: 4),                           // optional; month feeds E1.11, year feeds G1.421
    pto: true,                                              // optional, default true: G.1 PTO Terrain
    night: Some((                                           // optional; absent or None = daylight
        base_nvr: Some(2),                                  // SSR Base NVR; None = derive from cloud + moon (E1.11)
        cloud: Scattered,                                   // Clear | Scattered | Overcast
        moon: Half,                                         // NoMoon | Half | Full
    )),
    map: (
        board: Some("36"),         // optional; then "36I4" and "I4" name the same hex
        columns: 33,               // A..GG; odd-lettered columns hold rows 1..rows, even-lettered 0..rows
        rows: 10,
        level: 0,                  // default Base Level
        terrain: Open,             // default terrain
        hexes: {
            // a key is one or more hex ids separated by spaces; each gets the value
            "S5 S6 T6": (level: 3, terrain: Jungle),
            "T5": (level: 1),
            "H5": (level: -1, depression: Some(Gully)),
            "H3 H4": (level: -1, depression: Some(Stream(Shallow))),
            "I3": (terrain: Marsh),
        },
        cliffs: ["S5-T4", "S5-T5", "S4-S5"],                // cliff hexsides
        roads: ["J4-I4"],                                   // optional
    ),
    ob: (caves: 8),                                         // optional: Cave counters in the Japanese OB (G11.91)
    caves: [
        (id: "A", hex: "S5", ca: "S5-S4"),                  // level derived by G11.111/.112 (lowest legal level if G11.113 gives a choice)
        (id: "G", hex: "S5", ca: "S5-T4", level: Some(1)),  // owner's choice where G11.113 allows it
        (id: "M", hex: "S5", ca: "S5-T5", level: Some(2), primary: true),
    ],
    complexes: [(primary: "M", hexes: ["S5", "S6"])],      // optional (G11.2)
    tunnels: [(from: "complex:M", to: "T6")],              // optional (G11.933)
    units: [
        (id: "jp1", nationality: Japanese, counter: "4-4-7", at: "cave:A", hidden: true),
        (id: "us1", nationality: American, counter: "7-6-8", at: "T4"),
        (id: "us2", nationality: American, counter: "7-6-8", at: "T4@1/T4-S5-S4"),   // Climbing
    ],
    smoke: [(at: "cave:A", kind: Grenade)],                // optional; kind: Smoke | Grenade | WhitePhosphorus | WpGrenade
    blazes: [(hex: "K6", levels: 1)],                      // optional
    flames: ["L7"],                                        // optional
    starshells: ["P4"],                                    // optional
    illuminating_rounds: ["Q2"],                           // optional
    gunflashes: ["T4"],                                    // optional, night only: Locations marked by a Gunflash (E1.8)
    script: [],                                            // optional walkthrough; see below
)
"#;

fn minimal(extra: &str) -> String {
    format!("Scenario(title: \"t\", map: (columns: 5, rows: 4){extra})")
}

fn err(text: &str) -> SyntaxError {
    parse(text).expect_err("the text should not parse")
}
