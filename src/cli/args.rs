//! The command line (`Cli`, `Command`: clap's derive), its help texts.

use std::path::PathBuf;

use clap::{Parser, Subcommand};

use super::view;

use crate::model::Phase;

/// The Location forms, shown after the help of every subcommand that takes Locations
/// (scenario-format.md, "Locations").
pub const LOCATIONS_HELP: &str = "\
Locations (FROM, TO, LOCATION; scenario-format.md, \"Locations\"):
  S4              the Base-Level Location of hex S4 (IN the Depression for a Depression hex)
  S4@2            hex S4 at Level 2 (above ground, or at a Depression's Crest level)
  T4@1/T4-S5-S4   a Climbing unit in T4 at Level 1, its Climb counter aimed at vertex T4-S5-S4
  W10/W9-W10      Crest status in the Depression hex W10, along its hexside W9-W10
  cave:G          inside cave G
  complex:A       inside the Cave Complex whose Primary cave is A
  36S4, 36S4@2    the same with the board prefix, when the map's board is \"36\"
A hexside (F7-G7) or a vertex (T4-S5-S4) alone is not a Location.";

/// Phase names, for --phase.
const PHASES_HELP: &str = "\
Phases (--phase takes the name or its abbreviation, any case):
  Rally RPh, PrepFire PFPh, Movement MPh, DefensiveFire DFPh, AdvancingFire AFPh, Rout RtPh,
  Advance APh, CloseCombat CCPh";

/// Rules-faithful simulation and 3D viewer for ASL's Pacific-theater rules.
///
/// Without a subcommand: the 3D viewer on the built-in scenario (scenarios/cliff_caves.ron);
/// a build without the viewer checks that scenario instead. Every SCENARIO is a RON file
/// (docs/scenario-format.md). Exit codes: 0 ran, 1 `check` found the scenario illegal, 2 bad
/// input (one `error:` line on stderr).
#[derive(Parser, Debug)]
#[command(name = "asl-pto", version, about, long_about = None, after_help = LOCATIONS_HELP)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Your VASL boards folder (the bdNN board archives), for a scenario whose map imports its
    /// boards (`import: true`); else the environment variable ASL_PTO_VASL_BOARDS.
    #[arg(long, global = true, value_name = "DIR")]
    pub vasl_boards: Option<PathBuf>,
    /// VASL's SharedBoardMetadata.xml (names the boards' terrain codes); else
    /// ASL_PTO_VASL_METADATA, else the one in the boards folder (or next to `board`'s ARCHIVE).
    #[arg(long, global = true, value_name = "FILE")]
    pub vasl_metadata: Option<PathBuf>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Open the 3D viewer on a scenario (the built-in one by default).
    #[command(after_help = LOCATIONS_HELP)]
    View(Box<view::Args>),
    /// Is the scenario legal (map, caves, units, OB)? Exit 1 if not.
    Check {
        /// The scenario file (RON).
        scenario: PathBuf,
        /// Print one JSON object ({"ok", "problems"}) instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Every cave: level, Entrance Hex, Upper-Cliff, Accessibility (G11).
    Caves {
        /// The scenario file (RON).
        scenario: PathBuf,
        /// Print one JSON object ({"caves", "problems"}) instead of text.
        #[arg(long)]
        json: bool,
    },
    /// LOS between two Locations (A6; G11.5 for caves).
    #[command(after_help = LOCATIONS_HELP)]
    Los {
        /// The scenario file (RON).
        scenario: PathBuf,
        /// The viewer's Location, e.g. S4, S4@2, T4@1/T4-S5-S4, W10/W9-W10, cave:G, complex:A.
        from: String,
        /// The target's Location (the same forms).
        to: String,
        /// Print one JSON object (clear, range, hindrance, blocked_at, rule, reason, path).
        #[arg(long)]
        json: bool,
    },
    /// Every Location of the map as one Location sees it: seen, hindered, lit (E1.101),
    /// beyond the NVR (E1.1) or blocked; each as `los` rules the pair.
    #[command(after_help = LOCATIONS_HELP)]
    Sees {
        /// The scenario file (RON).
        scenario: PathBuf,
        /// The viewer's Location, e.g. S4, S4@2, T4@1/T4-S5-S4, W10/W9-W10, cave:G, complex:A.
        location: String,
        /// Ask at night: the scenario's night, or for a daylight scenario a clear night under a
        /// Full Moon (Base NVR 5 by E1.11).
        #[arg(long, conflicts_with = "day")]
        night: bool,
        /// Ask by day (no NVR); cannot be given with --night.
        #[arg(long)]
        day: bool,
        /// Print one JSON object (from, night, locations, nvr, counts).
        #[arg(long)]
        json: bool,
    },
    /// Infantry MF to go FROM -> TO (adjacent Locations, caves, complexes); with --unit, as
    /// the walk would rule it for that unit.
    #[command(after_help = format!("{LOCATIONS_HELP}\n\n{PHASES_HELP}"))]
    Cost {
        /// The scenario file (RON).
        scenario: PathBuf,
        /// The Location moved from, e.g. S4, cave:G, complex:A.
        from: String,
        /// The adjacent (or Accessible) Location moved to.
        to: String,
        /// Print one JSON object (allowed, mf, climbing, rule, reason).
        #[arg(long)]
        json: bool,
        /// Rule the move for this unit (standing in FROM), as the walk would.
        #[arg(long)]
        unit: Option<String>,
        /// With --unit: the phase (default Movement), the unit's side the ATTACKER.
        #[arg(long, requires = "unit")]
        phase: Option<Phase>,
    },
    /// Every Location UNIT can reach this phase, with MF and path.
    #[command(after_help = PHASES_HELP)]
    Moves {
        /// The scenario file (RON).
        scenario: PathBuf,
        /// The unit's id in the scenario (e.g. us1).
        unit: String,
        /// The phase (Movement or MPh, any case), the unit's side the ATTACKER.
        #[arg(long, default_value = "Movement")]
        phase: Phase,
        /// Print one JSON object (unit, from, mf_available, moves, refused).
        #[arg(long)]
        json: bool,
    },
    /// Every order UNIT could give now besides its moves, allowed or refused with its rule,
    /// each as a script's `act:` writes it.
    #[command(after_help = PHASES_HELP)]
    Orders {
        /// The scenario file (RON).
        scenario: PathBuf,
        /// The unit's id in the scenario (e.g. us1).
        unit: String,
        /// The phase (default Movement, the unit's side the ATTACKER; with --load the save's
        /// phase and ATTACKER).
        #[arg(long)]
        phase: Option<Phase>,
        /// Ask in a saved walk's situation (`walk --save`).
        #[arg(long)]
        load: Option<PathBuf>,
        /// Each allowed order with the chance of each outcome (issue 37): a Fire's IFT results
        /// and, per unit it may affect, the chance it is eliminated, reduced, broken, pinned
        /// (or rallied), counted from the walk's own rulings on what its side knows.
        #[arg(long)]
        odds: bool,
        /// Print one JSON object (unit, phase, attacker, from, moves, orders).
        #[arg(long)]
        json: bool,
    },
    /// Night: NVR, Illuminated and shadowed hexes, caves (E1); by day says no night rule applies.
    Light {
        /// The scenario file (RON).
        scenario: PathBuf,
        /// Print one JSON object (night, nvr, illuminated, shadowed, caves, sources).
        #[arg(long)]
        json: bool,
    },
    /// Run the scenario's walkthrough script headless.
    Walk {
        /// The scenario file (RON); its `script` is the walk.
        scenario: PathBuf,
        /// The dice seed (default: the scenario's `seed`, else 1).
        #[arg(long)]
        seed: Option<u64>,
        /// Print JSON Lines, one event per line, instead of readable lines.
        #[arg(long)]
        json: bool,
        /// Stop after this many script steps (with --save).
        #[arg(long)]
        steps: Option<usize>,
        /// Write the walk's state to this file (RON) when it stops.
        #[arg(long)]
        save: Option<PathBuf>,
        /// Continue a saved walk (its seed and dice come from the save).
        #[arg(long)]
        load: Option<PathBuf>,
        /// The side the program plays where the script gives it no order: `japanese`,
        /// `allied`, optionally `=doctrine` (the default), `=greedy`, `=random` or `=passive`.
        #[arg(long)]
        opponent: Option<String>,
    },
    /// Plays N seeded games of a scenario to their end, both sides by the program, and
    /// reports each side's wins, the mean game length and the decisions made (issue 28).
    Duel {
        /// The scenario file (RON); it must set `turns` and `victory`.
        scenario: PathBuf,
        /// How many games (1..10000); game i is played with seed S + i.
        #[arg(long, default_value_t = 10)]
        games: u32,
        /// How the Allies play: `doctrine`, `greedy`, `random` or `passive`.
        #[arg(long, default_value = "doctrine")]
        allied: String,
        /// How the Japanese play: `doctrine`, `greedy`, `random` or `passive`.
        #[arg(long, default_value = "doctrine")]
        japanese: String,
        /// The first game's seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// One JSON object per game, then the summary, instead of text.
        #[arg(long)]
        json: bool,
        /// Print every game's events too (the opponent's reasons, the orders' results).
        #[arg(long)]
        events: bool,
    },
    /// What a VASL board archive (bdNN from your VASL boards folder) reads as, hex by hex:
    /// Base Level, terrain, Depression, cliff hexsides.
    Board {
        /// The board archive, e.g. ~/VASL/boards/bd36.
        archive: PathBuf,
        /// Print one JSON object ({"board", "hexes": [{"hex", "level", "terrain", "cliffs"}],
        /// "notes"}) instead of text.
        #[arg(long)]
        json: bool,
    },
    /// A VASL saved game (GAME.vsav) placed on your own VASL boards (issue 39): its layout,
    /// SSRs and pieces; with -o, the scenario of what the program knows.
    Import {
        /// The VASL saved game, e.g. ~/VASL/games/my_game.vsav.
        game: PathBuf,
        /// Your VASL boards folder (the bdNN board archives and SharedBoardMetadata.xml); else
        /// --vasl-boards or ASL_PTO_VASL_BOARDS. Without one: the layout and the inventory only.
        #[arg(long, value_name = "DIR")]
        boards: Option<PathBuf>,
        /// Write the scenario (RON) to this file (atomically); needs the boards.
        #[arg(short = 'o', long = "output", value_name = "SCENARIO.ron")]
        output: Option<PathBuf>,
        /// Print one JSON object ({"file", "boards", "layout", "ssr", "overlays", "pieces":
        /// [{"name", "count", "placed", "why"}], "scenario", "notes"}) instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Performance figures: LOS over every pair of Locations on a full board.
    Bench {
        /// Print one JSON object of the figures instead of text.
        #[arg(long)]
        json: bool,
        /// Timed runs per figure (the median is reported).
        #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..=100))]
        runs: u32,
        /// Also time rendered frames of a 1-board and a 4-board map (needs the viewer and a
        /// graphics adapter; no display).
        #[arg(long)]
        render: bool,
        /// The map for `moves_ms` (one squad's legal-move field): this many benchmark boards
        /// (1-8), one above the other as ASL boards join along their long edges; 8 when not
        /// given. Given, it also measures how the figures grow with the map: all-pairs LOS on
        /// one and on both cores against the bare hex walk, one Location's visibility field,
        /// Illumination with 10 sources, on 1, 2, 4 and 8 boards up to N (`scale`).
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=8))]
        boards: Option<u32>,
    },
}
