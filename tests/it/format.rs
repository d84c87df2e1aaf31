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
    assert!(
        e.contains("ph.ron") && e.contains("'Setup' is not a phase"),
        "{e}"
    );
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
