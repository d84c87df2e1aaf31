//! The scenario format's model types (issue 12): the file deserializes the model's own `Phase`,
//! terrain and SMOKE types, and a script names a phase by name or abbreviation (A3).

use asl_pto::model::Phase;
use asl_pto::scenario::Scenario;

fn script_phase(p: &str) -> Result<Option<Phase>, String> {
    let text = format!(
        "(title: \"ph\", map: (columns: 3, rows: 3, terrain: Kunai), script: [(phase: {p})])"
    );
    Scenario::from_str(&text, "ph.ron")
        .map(|s| s.script[0].phase)
        .map_err(|e| e.to_string())
}

#[test]
fn a3_a_script_names_a_phase_by_name_or_abbreviation() {
    assert_eq!(script_phase("Movement"), Ok(Some(Phase::Movement)));
    assert_eq!(script_phase("MPh"), Ok(Some(Phase::Movement)));
    assert_eq!(script_phase("CCPh"), Ok(Some(Phase::CloseCombat)));
    assert_eq!(script_phase("RtPh"), Ok(Some(Phase::Rout)));
}

#[test]
fn a3_setup_and_unknown_names_are_input_errors() {
    let e = script_phase("Setup").unwrap_err();
    // Where it is written (file:line:col), which step, and the rule.
    assert!(
        e.starts_with("ph.ron:1:")
            && e.contains("script step 1: 'Setup' is not a phase")
            && e.contains("(A3)"),
        "{e}"
    );
    // On a longer file: the second step, after a narration and a comment naming Setup.
    let text = "(title: \"Setup drill\", map: (columns: 3, rows: 3),\n script: [\n  (say: \"Setup is over\", phase: Movement),\n  // not Setup again\n  (phase: Setup),\n ])";
    let e = Scenario::from_str(text, "ph.ron").unwrap_err().to_string();
    assert!(e.starts_with("ph.ron:5:11: script step 2:"), "{e}");
    let e = script_phase("MovementPhase").unwrap_err();
    assert!(e.starts_with("ph.ron:1:"), "{e}");
}

#[test]
fn g_1_the_map_terrain_is_the_model_terrain() {
    let s = Scenario::from_str(
        "(title: \"t\", map: (columns: 3, rows: 3, terrain: Kunai))",
        "t.ron",
    )
    .unwrap();
    let h = s.map.hex("B2").unwrap();
    assert_eq!(s.map.get(h).unwrap().terrain, asl_pto::map::Terrain::Kunai);
}

fn with_unit(unit: &str) -> Result<Scenario, String> {
    Scenario::from_str(
        &format!(
            "Scenario(title: \"u\", map: (columns: 6, rows: 6),\n units: [{unit}],\n script: \
             [(phase: Movement, act: Move(\"u\", \"C4\"))])"
        ),
        "u.ron",
    )
    .map_err(|e| e.to_string())
}

#[test]
fn a10_a_unit_set_up_broken_stays_broken_and_does_not_move_in_the_mph() {
    let s = with_unit(
        "(id: \"u\", nationality: American, counter: \"7-6-8\", at: \"C3\", broken: true, dm: \
         true)",
    )
    .unwrap();
    assert!(s.units[0].status.broken && s.units[0].status.dm);
    let mut app = crate::common::app(s, 1);
    crate::common::run_to(&mut app, 1);
    let log = app.world().resource::<asl_pto::sim::WalkLog>();
    let refused = log
        .events
        .iter()
        .find(|e| e.event == "refused")
        .expect("the broken unit's move is refused");
    assert_eq!(refused.rule.as_deref(), Some("A10.5"));
}

#[test]
fn a10_62_a17_a15_contradictory_set_up_status_is_an_input_error_naming_the_unit() {
    let e =
        with_unit("(id: \"u\", nationality: American, counter: \"7-6-8\", at: \"C3\", dm: true)")
            .unwrap_err();
    assert!(e.starts_with("u.ron:2:") && e.contains("(A10.62)"), "{e}");
    let e = with_unit(
        "(id: \"u\", nationality: American, counter: \"7-6-8\", at: \"C3\", wounded: true)",
    )
    .unwrap_err();
    assert!(e.contains("(A17)"), "{e}");
    let e = with_unit(
        "(id: \"u\", nationality: Japanese, counter: \"4-4-7\", at: \"C3\", broken: true, \
         berserk: true)",
    )
    .unwrap_err();
    assert!(e.contains("(A15)"), "{e}");
    // A wounded leader, a pinned CX squad: fine.
    assert!(
        with_unit(
            "(id: \"u\", nationality: Japanese, counter: \"9-1\", at: \"C3\", wounded: true)"
        )
        .is_ok()
    );
    assert!(
        with_unit(
            "(id: \"u\", nationality: American, counter: \"7-6-8\", at: \"C3\", pinned: true, cx: \
             true)"
        )
        .is_ok()
    );
}

fn hero_scenario(extra_step: &str) -> Result<Scenario, String> {
    Scenario::from_str(
        &format!(
            "Scenario(title: \"h\", map: (columns: 8, rows: 6), attacker: Some(Japanese),
             units: [(id: \"jp1\", nationality: Japanese, counter: \"4-4-7\", at: \"C3\", dc: true),
                     (id: \"us1\", nationality: American, counter: \"7-6-8\", at: \"F3\")],
             script: [(phase: Movement, act: CreateHero(\"jp1\", \"us1\")), {extra_step}])"
        ),
        "h.ron",
    )
    .map_err(|e| e.to_string())
}

#[test]
fn units_created_in_play_have_stable_ids_a_script_can_name() {
    assert!(hero_scenario("(act: Move(\"jp1.hero\", \"D3\"))").is_ok());
    assert!(hero_scenario("(act: Move(\"jp1.2\", \"D3\"))").is_ok());
    let e = hero_scenario("(act: Move(\"jp9.hero\", \"D3\"))").unwrap_err();
    assert!(e.contains("there is no unit 'jp9.hero'"), "{e}");
    // G1.421: on a seed whose creation dr succeeds, the hero acts under his id.
    let mut moved = false;
    for seed in 1..40 {
        let mut app = crate::common::app(
            hero_scenario("(act: Move(\"jp1.hero\", \"D3\"))").unwrap(),
            seed,
        );
        crate::common::run_to(&mut app, 2);
        let log = app.world().resource::<asl_pto::sim::WalkLog>();
        if log.events.iter().any(|e| e.event == "hero") {
            let last = log.events.last().unwrap();
            assert_eq!(last.unit.as_deref(), Some("jp1.hero"), "{last:?}");
            assert_eq!(last.event, "move", "{last:?}");
            moved = true;
            break;
        }
    }
    assert!(moved, "no seed in 1..40 created the hero");
}

/// G1.1 / G1.4: "A Japanese squad has no Broken side", "Japanese SMC have no Broken side": set
/// up broken, either is an input error naming the unit and the rule; a broken Japanese HS (it
/// has one) and a broken American squad are fine.
#[test]
fn g1_1_g1_4_a_japanese_squad_or_smc_cannot_set_up_broken() {
    let e = with_unit(
        "(id: \"u\", nationality: Japanese, counter: \"4-4-7\", at: \"C3\", broken: true)",
    )
    .unwrap_err();
    assert!(
        e.starts_with("u.ron:2:") && e.contains("unit u: a Japanese squad has no Broken side"),
        "{e}"
    );
    assert!(e.contains("(G1.1)"), "{e}");
    let e =
        with_unit("(id: \"u\", nationality: Japanese, counter: \"9-1\", at: \"C3\", broken: true)")
            .unwrap_err();
    assert!(e.contains("(G1.4)"), "{e}");
    for ok in [
        "(id: \"u\", nationality: Japanese, counter: \"2-3-7\", at: \"C3\", broken: true, dm: true)",
        "(id: \"u\", nationality: American, counter: \"7-6-8\", at: \"C3\", broken: true)",
    ] {
        assert!(with_unit(ok).is_ok(), "{ok}");
    }
}

/// E1.411: "one Cloaking counter for each squad (or its equivalent) in his starting OB": three
/// 8-1s and one 7-6-8, Cloaked in four hexes, need four counters where the OB allots one; in
/// one stack they are fine; two HS count as one squad.
#[test]
fn e1_411_cloaked_units_in_more_locations_than_the_ob_allots_are_an_input_error() {
    let scenario = |units: &str| {
        Scenario::from_str(
            &format!(
                "Scenario(title: \"c\", night: Some((base_nvr: Some(2), cloud: Clear, moon: \
                 Full)), attacker: Allied, map: (columns: 8, rows: 8),\n units: [{units}])"
            ),
            "c.ron",
        )
        .map_err(|e| e.to_string())
    };
    let spread = "(id: \"l1\", nationality: American, counter: \"8-1\", at: \"B2\", cloaked: true), \
                  (id: \"l2\", nationality: American, counter: \"8-1\", at: \"B3\", cloaked: true), \
                  (id: \"l3\", nationality: American, counter: \"8-1\", at: \"B4\", cloaked: true), \
                  (id: \"u1\", nationality: American, counter: \"7-6-8\", at: \"B5\", cloaked: true)";
    let e = scenario(spread).unwrap_err();
    assert!(e.contains("E1.411") && e.contains("4 Locations"), "{e}");
    let stacked = spread
        .replace("\"B3\"", "\"B2\"")
        .replace("\"B4\"", "\"B2\"")
        .replace("\"B5\"", "\"B2\"");
    assert!(scenario(&stacked).is_ok());
    let halves = "(id: \"h1\", nationality: American, counter: \"3-3-8\", at: \"B2\", cloaked: true), \
                  (id: \"h2\", nationality: American, counter: \"3-3-8\", at: \"B3\", cloaked: true)";
    assert!(scenario(halves).unwrap_err().contains("allot only 1"));
    let one_stack = halves.replace("\"B3\"", "\"B2\"");
    assert!(scenario(&one_stack).is_ok());
}
