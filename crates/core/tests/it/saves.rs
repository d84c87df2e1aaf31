//! Saves a player can trust against the program (issue 36): every field of a save is replayed
//! and compared or held by its seal — the program's memory, the seed before any roll, the fog —
//! and a save against the program with the fog of war keeps its secrets sealed in the file.

use std::sync::Arc;

use asl_pto_core::model::{Phase, Side};
use asl_pto_core::opponent::Kind;
use asl_pto_core::play::{Match, Program, replay, save};

use crate::scenarios::{demo, fixture};

/// Plays `m` in Play mode against the program, the person ending each phase (after the
/// program's part of it), for `n` turns of the loop.
fn play(m: &mut Match, n: usize) {
    for _ in 0..n {
        if m.over() {
            return;
        }
        crate::scenarios::play_once(m, |m| {
            m.end_phase();
        });
    }
}

/// A Play-mode game of the assault against the program (the Japanese, `kind`), with the fog
/// of war, played on a while, and its save.
fn play_save(kind: Kind) -> (Arc<asl_pto_core::scenario::Scenario>, save::Save) {
    play_save_after(kind, 40)
}

fn play_save_after(kind: Kind, n: usize) -> (Arc<asl_pto_core::scenario::Scenario>, save::Save) {
    let s = Arc::new(demo("assault"));
    let mut m = Match::new(s.clone(), 3);
    m.program = Some(Program::against_a_player(Side::Japanese, kind, 3));
    m.start_recording();
    play(&mut m, n);
    let saved = m.save().unwrap();
    let o = saved.opponent.as_ref().expect("the program's block");
    assert!(o.fog);
    assert!(
        o.memory.decisions > 0,
        "the program has decided: {:?}",
        o.memory
    );
    (s, saved)
}

/// The save, written and read back as a file is, refused by the replay (or its seal).
fn refused(s: &Arc<asl_pto_core::scenario::Scenario>, edited: &save::Save, what: &str) {
    let text = save::to_ron(edited, &s.map);
    let back = save::from_ron(&text, &s.map).unwrap_or_else(|e| panic!("{what}: {e}"));
    assert!(
        replay::replay_checked(s, &back).is_err(),
        "{what}: an edited save was accepted"
    );
}

#[test]
fn issue36_a_play_save_against_the_program_loads_as_it_was_written() {
    for (kind, n) in [
        (Kind::Greedy, 12),
        (Kind::Greedy, 40),
        (Kind::Greedy, 90),
        (Kind::Random, 12),
        (Kind::Random, 40),
        (Kind::Random, 90),
    ] {
        let (s, saved) = play_save_after(kind, n);
        let back = save::from_ron(&save::to_ron(&saved, &s.map), &s.map).unwrap();
        assert_eq!(back, saved);
        if let Err(d) = replay::replay_checked(&s, &back) {
            let r = d.replayed.expect("the replay reaches the save's position");
            panic!(
                "{kind:?} {n}: {:?}",
                save::first_difference(&back, &r, &s.map)
            );
        }
    }
}

#[test]
fn issue36_every_field_of_the_programs_block_is_replayed_or_sealed() {
    let (s, saved) = play_save(Kind::Random);
    type Edit = fn(&mut save::Save);
    let edits: Vec<(&str, Edit)> = vec![
        ("kind", |v| {
            v.opponent.as_mut().unwrap().memory.kind = Kind::Greedy;
        }),
        ("awaiting", |v| {
            v.opponent.as_mut().unwrap().awaiting = Some((
                "ghost".into(),
                asl_pto_core::los::Location::Cave("NOPE".into()),
            ));
        }),
        ("dice_position", |v| {
            v.opponent.as_mut().unwrap().memory.dice_position = "12".into();
        }),
        ("decisions", |v| {
            v.opponent.as_mut().unwrap().memory.decisions += 1;
        }),
        ("given", |v| {
            v.opponent.as_mut().unwrap().memory.given += 3;
        }),
        ("at", |v| {
            v.opponent.as_mut().unwrap().memory.at = (9, Phase::Rout);
        }),
        ("searched", |v| {
            v.opponent
                .as_mut()
                .unwrap()
                .memory
                .searched
                .push(asl_pto_core::hex::Hex { q: 9999, r: 0 });
        }),
        ("tried", |v| {
            v.opponent.as_mut().unwrap().memory.tried.push("jp1".into());
        }),
        ("secret erased", |v| {
            v.opponent.as_mut().unwrap().secret.clear();
            v.opponent
                .as_mut()
                .unwrap()
                .secret
                .push(asl_pto_core::game::Said {
                    event: "say".into(),
                    unit: None,
                    rule: None,
                    dice: None,
                    text: "forged".into(),
                });
        }),
        ("revealed", |v| {
            v.opponent.as_mut().unwrap().revealed = true;
        }),
        ("first_fire_at", |v| {
            v.opponent.as_mut().unwrap().first_fire_at = Some(asl_pto_core::los::Location::Ground(
                asl_pto_core::hex::Hex { q: 5000, r: 0 },
            ));
        }),
        ("done", |v| {
            v.opponent.as_mut().unwrap().done = Some((7, Phase::Rally));
        }),
        ("scripted", |v| {
            v.opponent.as_mut().unwrap().scripted = Some((1, Phase::Movement));
        }),
        ("fog", |v| {
            v.opponent.as_mut().unwrap().fog = false;
        }),
        ("seal removed", |v| {
            v.seal = None;
        }),
    ];
    for (what, edit) in edits {
        let mut v = saved.clone();
        edit(&mut v);
        refused(&s, &v, what);
    }
}

#[test]
fn issue36_a_program_block_appended_to_a_two_player_save_is_refused() {
    let s = Arc::new(demo("assault"));
    let mut m = Match::new(s.clone(), 3);
    m.start_recording();
    m.end_phase();
    let mut saved = m.save().unwrap();
    assert!(replay::replay_checked(&s, &saved).is_ok());
    let mut other = Match::new(s.clone(), 3);
    other.program = Some(Program::new(Side::Japanese, Kind::Greedy, 3));
    saved.opponent = other.save().unwrap().opponent;
    refused(&s, &saved, "an appended program block");
}

#[test]
fn issue36_the_seed_cannot_be_changed_before_any_die_is_rolled() {
    let s = Arc::new(demo("assault"));
    let m = Match::new(s.clone(), 3);
    let saved = m.save().unwrap();
    assert!(saved.rolls.is_empty());
    assert!(replay::replay_checked(&s, &saved).is_ok());
    let mut v = saved.clone();
    v.seed = 4;
    refused(&s, &v, "seed 3 -> 4 with no roll made");
    // A walk against the program, its rolls emptied: the same.
    let mut m = Match::new(s.clone(), 3);
    m.program = Some(Program::new(Side::Japanese, Kind::Greedy, 3));
    let saved = m.save().unwrap();
    let mut v = saved.clone();
    v.seed = 4;
    refused(&s, &v, "seed changed in a walk against the program");
    // Its fog, false in a walk, cannot be turned on.
    let mut v = saved.clone();
    v.opponent.as_mut().unwrap().fog = true;
    refused(&s, &v, "fog false -> true");
}

#[test]
fn issue36_a_save_against_the_program_keeps_its_secrets_sealed_in_the_file() {
    let (s, saved) = play_save(Kind::Greedy);
    let map = &s.map;
    let text = save::to_ron(&saved, map);
    // Its header is in the open; its content is not.
    assert!(
        text.contains("format: 7") && text.contains(&saved.title),
        "{text}"
    );
    for secret in [
        "jp1", "jp2", "cave:A", "hidden", "moves", "Ground", "memory",
    ] {
        assert!(!text.contains(secret), "'{secret}' is readable in the file");
    }
    // Read back, it is the save.
    assert_eq!(save::from_ron(&text, map).unwrap(), saved);
    // One hex digit changed: refused as an edited file.
    let at = text.find("sealed: \"").unwrap() + 200;
    let mut bytes = text.into_bytes();
    bytes[at] = if bytes[at] == b'0' { b'1' } else { b'0' };
    let e = save::from_ron(&String::from_utf8(bytes).unwrap(), map);
    match e {
        Err(e) => assert!(e.to_string().contains("edited or damaged"), "{e}"),
        Ok(v) => assert!(
            replay::replay_checked(&Arc::new(demo("assault")), &v).is_err(),
            "an edited sealed save loads"
        ),
    }
    // A two-player save, or one against the program without the fog (a walk), stays plain.
    let s = Arc::new(fixture("walk_cc"));
    let plain = save::to_ron(&Match::new(s.clone(), 1).save().unwrap(), &s.map);
    assert!(
        plain.contains("units:") && plain.contains("seal:"),
        "{plain}"
    );
}

#[test]
fn issue36_a_newer_save_format_is_told_as_newer() {
    let map = &demo("assault").map;
    let old = save::from_ron("(format: 4)", map).unwrap_err().to_string();
    assert!(old.contains("older version"), "{old}");
    let newer = save::from_ron("(format: 8)", map).unwrap_err().to_string();
    assert!(
        newer.contains("newer") && !newer.contains("older"),
        "{newer}"
    );
}

#[test]
fn issue36_places_in_a_save_read_as_a_scenario_writes_them_and_nothing_unknown_is_accepted() {
    let s = Arc::new(fixture("walk_cliff"));
    let mut m = Match::new(s, 1);
    // A Climb counter in the save: the walk's first steps Climb.
    for _ in 0..3 {
        m.run_next();
    }
    let map = m.scenario().map.clone();
    let text = save::to_ron(&m.save().unwrap(), &map);
    assert!(save::from_ron(&text, &map).is_ok());
    // A person reads where each unit is, as a scenario writes it.
    for place in [
        "at: \"cave:M\"",
        "at: \"T4@1/S4-S5-T4\"",
        "at: \"S4\"",
        "hex: \"T4\"",
        "vertex: \"S4-S5-T4\"",
    ] {
        assert!(text.contains(place), "{place}: {text}");
    }
    assert!(!text.contains("q: "), "no axial numbers: {text}");
    for (what, from, to, says) in [
        (
            "a field unknown in a Climb counter",
            "unit: \"us1\",",
            "unit: \"us1\", extra: 1,",
            "extra",
        ),
        (
            "a hex in axial numbers",
            "hex: \"T4\"",
            "hex: (q: 19, r: -6)",
            "string",
        ),
        (
            "an unknown field in a raw place",
            "at: \"S4\"",
            "at: \"raw:{\\\"Ground\\\":{\\\"q\\\":1,\\\"r\\\":2,\\\"extra\\\":1}}\"",
            "extra",
        ),
        (
            "a hex the map does not have",
            "at: \"S4\"",
            "at: \"ZZ9\"",
            "ZZ9",
        ),
    ] {
        assert!(text.contains(from), "{what}: no {from}");
        let edited = text.replacen(from, to, 1);
        let e = save::from_ron(&edited, &map)
            .map(|_| ())
            .expect_err(&format!("{what}: accepted"))
            .to_string();
        assert!(e.contains(says), "{what}: {e}");
        // Located: `line:col:`.
        let at = e.split(':').take(2).collect::<Vec<_>>();
        assert!(
            at.len() == 2 && at.iter().all(|n| n.trim().parse::<usize>().is_ok()),
            "{what}: {e}"
        );
    }
}

#[test]
fn issue36_the_programs_dice_position_is_held_to_the_games_range_and_located() {
    use asl_pto_core::play::check;
    let s = Arc::new(demo("assault"));
    let mut m = Match::new(s.clone(), 3);
    m.program = Some(Program::new(Side::Japanese, Kind::Random, 3));
    let mut v = m.save().unwrap();
    v.opponent.as_mut().unwrap().memory.dice_position = u128::MAX.to_string();
    let o = check::check(&v, &s).unwrap_err();
    assert!(o.message.contains("beyond"), "{}", o.message);
    let text = save::plain_ron(&v, &s.map);
    let (line, _) = o.at(&text).expect("located");
    assert!(
        text.lines()
            .nth(line - 1)
            .unwrap()
            .contains(&u128::MAX.to_string()),
        "line {line}"
    );
}

/// A11.7: a save's Locations in Melee (`state.tallies.melee`) are the map's: one off the map is
/// refused with the rule, as any other Location of a save is.
#[test]
fn a11_7_a_saves_melee_location_is_one_of_the_map() {
    use asl_pto_core::hex::Hex;
    use asl_pto_core::los::Location;
    use asl_pto_core::play::check;
    let s = Arc::new(demo("assault"));
    let m = Match::new(s.clone(), 3);
    let mut v = m.save().unwrap();
    check::check(&v, &s).expect("as saved");
    v.state.tallies.melee = vec![Location::Ground(Hex::new(900, 900))];
    let o = check::check(&v, &s).unwrap_err();
    assert!(o.message.contains("A11.7"), "{}", o.message);
}
