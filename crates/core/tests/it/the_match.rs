//! The match (issue 35): one game loop in the core, driven without Bevy by every front end —
//! a walk is its script run step by step, a save goes on with the same events, Undo restores
//! the game and Redo rolls the same dice, `pending` says what the match waits on, and `duel`
//! plays through it. Each test reads its scenario from a file.

use std::sync::Arc;

use asl_pto_core::duel::play_game;
use asl_pto_core::model::{Phase, Side};
use asl_pto_core::opponent::Kind;
use asl_pto_core::play::{Event, Match, Program, replay, save};

use crate::scenarios::{demo, fixture, game};

fn walk_all(m: &mut Match) -> Vec<Event> {
    while m.run_next() {}
    m.log.clone()
}

#[test]
fn issue35_a_walk_is_the_match_run_step_by_step_and_a_save_goes_on_with_the_same_events() {
    for (name, k) in [("walk_cliff", 3), ("walk_cc", 2), ("walk_night", 4)] {
        let whole = walk_all(&mut game(fixture(name), 3));
        assert!(whole.len() > 5, "{name}: {whole:?}");
        let mut a = game(fixture(name), 3);
        for _ in 0..k {
            assert!(a.run_next());
        }
        let text = save::to_ron(&a.save().unwrap(), &a.scenario().map);
        let saved = save::from_ron(&text, &a.scenario().map).unwrap();
        // A fresh match of the same scenario takes the save and its replayed past ...
        let s = Arc::new(fixture(name));
        let past = replay::replay_checked(&s, &saved).expect("its steps lead to it");
        let mut b = Match::new(s, 99);
        b.load(&saved).unwrap();
        b.log = past.events;
        assert_eq!(b.state, a.state, "{name}");
        // ... and goes on to the same events as never having saved.
        assert_eq!(walk_all(&mut b), whole, "{name}");
    }
}

#[test]
fn issue35_undo_restores_the_game_and_redo_rolls_the_same_dice() {
    let mut m = game(fixture("walk_cc"), 5);
    m.keep_history();
    let mut before = Vec::new();
    while !m.script.finished() {
        before.push((m.state.clone(), m.log.len()));
        assert!(m.run_next());
    }
    let done = (m.state.clone(), m.log.clone());
    assert_eq!(m.history_depth(), before.len());
    for (state, len) in before.iter().rev() {
        assert!(m.undo().unwrap());
        assert_eq!(&m.state, state);
        assert_eq!(m.log.len(), *len);
    }
    assert!(!m.undo().unwrap(), "nothing left to undo");
    // Redo: the same steps, the same dice, the same game.
    while m.run_next() {}
    assert_eq!((m.state.clone(), m.log.clone()), done);
}

#[test]
fn a10_5_pending_names_the_routs_a_player_still_owes_in_the_rtph() {
    let mut m = game(fixture("walk_rout"), 1);
    assert!(m.pending().routs_owed.is_empty(), "not the RtPh");
    assert!(
        m.run_next(),
        "step 1: to the RtPh, jp1's rout into the open refused"
    );
    let p = m.pending();
    assert_eq!(p.phase, Phase::Rout);
    assert_eq!(
        p.sides,
        [Side::Allied, Side::Japanese],
        "both sides rout (A3)"
    );
    assert!(
        p.routs_owed.contains(&"jp1".to_string()),
        "{:?}",
        p.routs_owed
    );
    assert!(
        !p.routs_owed.contains(&"jp2".to_string()),
        "no enemy near jp2"
    );
    assert!(m.run_next(), "step 2: jp1 routs to the woods");
    assert!(!m.pending().routs_owed.contains(&"jp1".to_string()));
}

/// A10.6 (a window trial: a second End phase ended the player's RPh with broken units that
/// could still rally): pending names the broken units that may still attempt a Rally, until
/// each has tried or may not (the side's one MMC self-rally spent).
#[test]
fn a10_6_pending_names_the_broken_units_that_may_still_rally() {
    let mut m = game(fixture("walk_rally"), 1);
    assert!(m.pending().rallies_open.is_empty(), "not the RPh");
    assert!(
        m.run_next(),
        "step 1: to the RPh, us1 rallies with its leader"
    );
    let open = m.pending().rallies_open;
    assert!(!open.contains(&"us1".to_string()), "tried: {open:?}");
    assert!(
        open.contains(&"us2".to_string()) && open.contains(&"us3".to_string()),
        "{open:?}"
    );
    assert!(m.run_next(), "step 2: us2 rallies itself");
    // The side's one MMC self-rally is spent: us3 may not try (A10.6).
    assert!(
        m.pending().rallies_open.is_empty(),
        "{:?}",
        m.pending().rallies_open
    );
}

#[test]
fn issue35_the_program_plays_its_side_in_a_walk_through_the_match() {
    let mut m = game(demo("assault"), 2);
    m.program = Some(Program::new(Side::Japanese, Kind::Greedy, 2));
    let log = walk_all(&mut m);
    assert!(
        log.iter()
            .any(|e| e.event == "opponent" && e.text.contains("opponent)")),
        "the program's orders are said with their reasons"
    );
    assert!(
        log.iter()
            .filter(|e| e.event == "opponent")
            .all(|e| e.attacker == "Japanese" || e.phase != "PFPh"),
        "it fires in its own PFPh only"
    );
}

#[test]
fn issue35_a_duel_is_played_through_the_match_to_the_scenarios_end() {
    let s = Arc::new(fixture("opponent_open"));
    for (allied, japanese) in [(Kind::Greedy, Kind::Random), (Kind::Random, Kind::Greedy)] {
        let g = play_game(&s, allied, japanese, 4);
        assert_eq!(g.player_turns, 2, "turns: 1 is two Player Turns (A26)");
        assert!(g.winner.is_some(), "{}", g.why);
        assert!(g.said.iter().any(|e| e.event == "phase"));
        assert_eq!(
            play_game(&s, allied, japanese, 4),
            g,
            "the same seed, the same game"
        );
    }
}

#[test]
fn issue35_the_match_lists_the_orders_takes_one_and_ends_the_phase() {
    // walk_rout: the Allies are the ATTACKER; in the RtPh both sides rout (A3).
    let mut m = game(fixture("walk_rout"), 1);
    assert!(m.end_phase(), "from the set-up to the RPh");
    assert_eq!(m.state.phase, Phase::Rally);
    while m.state.phase != Phase::Rout {
        assert!(m.end_phase());
    }
    let who = m.units_to_order();
    assert!(who.contains(&"jp1".to_string()) && who.contains(&"us1".to_string()));
    let orders = m.legal_orders("jp1");
    let allowed: Vec<_> = orders.iter().filter(|(_, a)| a.is_ok()).collect();
    assert!(!allowed.is_empty(), "{orders:?}");
    // A refused one is refused with its rule, and changes nothing.
    let before = m.state.clone();
    let to_open = asl_pto_core::rules::orders::Order::Rout {
        unit: asl_pto_core::rules::orders::UnitId("jp1".into()),
        to: asl_pto_core::los::Location::Ground(
            asl_pto_core::hex::HexId::parse("C5").unwrap().hex(),
        ),
    };
    assert!(m.order(to_open));
    assert_eq!(m.log.last().unwrap().event, "refused");
    assert_eq!(m.state, before);
    // An allowed one is played as the rules say: jp1 routs.
    let (rout, _) = allowed[0].clone();
    assert!(m.order(rout));
    assert_ne!(m.state, before);
    assert!(!m.pending().routs_owed.contains(&"jp1".to_string()));
}

#[test]
fn issue35_the_person_and_the_program_are_seats_the_match_answers_for_alike() {
    use asl_pto_core::play::Seat;
    use asl_pto_core::rules::orders::Order;
    use asl_pto_core::scenario::Step;
    let mut m = game(demo("assault"), 1);
    assert_eq!(
        m.seats(),
        [(Side::Allied, Seat::Person), (Side::Japanese, Seat::Person)],
        "no program: a person (or the script) decides for both sides"
    );
    assert_eq!((m.secrets_kept(), m.screen_side()), (None, None));
    assert!(m.person_orders_unit("jp3") && m.person_orders_unit("us1"));
    // The program takes the Japanese seat, against a person: its secrets are kept from the
    // screen (A12), the screen shows the Allied side's knowledge, its units take no order
    // from the person.
    m.program = Some(Program::against_a_player(Side::Japanese, Kind::Greedy, 1));
    assert_eq!(m.seat(Side::Japanese), Seat::Program);
    assert_eq!(m.seat(Side::Allied), Seat::Person);
    assert_eq!(m.secrets_kept(), Some(Side::Japanese));
    assert_eq!(m.screen_side(), Some(Side::Allied));
    assert!(m.person_orders_unit("us1") && !m.person_orders_unit("jp3"));
    m.open_next_phase();
    let p = m.pending();
    assert_eq!(p.phase, Phase::Rally, "the first RPh");
    assert_eq!(
        p.seats,
        [
            (Side::Allied, Seat::Person),
            (Side::Japanese, Seat::Program)
        ],
        "both sides act in the RPh (A3), each from its own seat"
    );
    // A person's order for the program's unit is refused at the match's door, nothing run.
    let (state, log) = (m.state.clone(), m.log.len());
    let step = |unit: &str| Step {
        say: None,
        phase: None,
        act: Some(Order::Rally { unit: unit.into() }),
        opponent: false,
    };
    let refused = m.person_step(step("jp3")).unwrap_err();
    assert!(refused.contains("jp3"), "{refused}");
    assert_eq!((&m.state, m.log.len()), (&state, log));
    // The person's own unit's order runs (the rulings then judge it).
    assert!(m.person_step(step("us1")).unwrap());
    assert!(m.log.len() > log);
    // Played program against program (no fog), nothing is kept from a screen.
    m.program = Some(Program::new(Side::Japanese, Kind::Greedy, 1));
    assert_eq!((m.secrets_kept(), m.screen_side()), (None, None));
    assert!(m.person_orders_unit("jp3"));
}

/// Issue 38: against the program Undo goes back only to before the last thing that rolled
/// dice or told the player something; playing both sides, all the way. The assault against
/// the Japanese program: in the Allied MPh a move that rolled nothing (no First Fire asked of
/// the program yet) is undone; after a Prep Fire (its IFT DR) nothing before it is.
#[test]
fn issue38_against_the_program_undo_stops_at_the_last_roll_or_reveal() {
    use asl_pto_core::rules::orders::Order;
    use asl_pto_core::scenario::Step;
    let start = |program: bool| {
        let mut m = Match::new(Arc::new(demo("assault")), 3);
        if program {
            m.program = Some(Program::against_a_player(Side::Japanese, Kind::Greedy, 1));
        }
        m.keep_history();
        m.start_recording();
        m
    };
    let step = |o: Order| Step {
        act: Some(o),
        ..Step::default()
    };
    let to =
        |m: &Match, h: &str| asl_pto_core::los::Location::Ground(m.scenario().map.hex(h).unwrap());
    for program in [true, false] {
        let mut m = start(program);
        // The first Player Turn's PFPh (the Japanese act in neither RPh nor PFPh here).
        assert!(m.run_now(Step {
            phase: Some(Phase::PrepFire),
            ..Step::default()
        }));
        // A Prep Fire: its IFT DR is rolled.
        let fire = Order::Fire {
            units: vec!["us3".into()],
            at: to(&m, "T5"),
        };
        assert!(m.person_step(step(fire)).unwrap());
        assert!(m.log.iter().any(|e| e.dice.is_some()));
        if program {
            let why = m.undo_refused().expect("a roll is not taken back");
            assert!(why.contains("Undo goes back only"), "{why}");
            let (state, len) = (m.state.clone(), m.log.len());
            assert!(!m.undo().unwrap());
            assert_eq!((m.state.clone(), m.log.len()), (state, len));
        } else {
            assert_eq!(m.undo_refused(), None, "hot-seat play keeps full Undo");
            assert!(m.undo().unwrap());
            continue;
        }
        // On to the MPh: a move that rolls nothing is undone.
        assert!(m.run_now(Step {
            phase: Some(Phase::Movement),
            ..Step::default()
        }));
        let before = (m.state.clone(), m.log.len());
        let mv = Order::Move {
            unit: "us2".into(),
            to: to(&m, "R3"),
        };
        assert!(m.person_step(step(mv.clone())).unwrap());
        assert_eq!(m.undo_refused(), None, "{:?}", &m.log[before.1..]);
        // Had the move revealed hidden jp1 (whatever its event says), it could not be undone.
        let kept = m.state.clone();
        m.state
            .units
            .iter_mut()
            .filter(|u| u.unit.id == "jp1")
            .for_each(|u| u.hidden = false);
        assert!(
            m.undo_refused()
                .is_some_and(|w| w.contains("what was revealed"))
        );
        m.state = kept;
        assert!(m.undo().unwrap());
        assert_eq!((m.state.clone(), m.log.len()), before);
    }
}

/// Issue 38: the status line's facts: the Game Turn of how many, the Player Turn and phase,
/// each victory condition against what the player's side knows (a hidden cave is "not found"
/// to the Allies playing against the program, A12), the program's last phase, and the end.
#[test]
fn issue38_the_status_says_the_turn_the_phase_the_victory_conditions_and_the_end() {
    use asl_pto_core::scenario::Step;
    let mut m = crate::scenarios::against_program("assault", 3, Side::Japanese, Kind::Greedy, 1);
    assert!(m.run_now(Step {
        phase: Some(Phase::Movement),
        ..Step::default()
    }));
    let s = m.status();
    assert_eq!((s.game_turn, s.turns), (1, Some(6)));
    assert_eq!((s.attacker, s.phase), (Side::Allied, Phase::Movement));
    assert!(
        s.aims
            .contains(&"Allied Casualty VP 0 of 5 (A26.2)".to_string()),
        "{:?}",
        s.aims
    );
    let control = s.aims.iter().find(|a| a.contains("must Control")).unwrap();
    assert!(
        control.contains("not found"),
        "hidden caves are not there for the Allies: {control}"
    );
    assert!(
        s.line()
            .starts_with("Game Turn 1 of 6 · Allied Player Turn · MPh")
    );
    assert_eq!(s.over, None);
    // At Setup the huts read as the game starts, as the first RPh records them (a window
    // trial read "Controlled by neither side" at Setup, "Japanese" from the RPh; A26.1): the
    // squads in J4 and K4 hold theirs, and K5, empty, is the Japanese side's, the side that
    // need not take it.
    let mut j =
        crate::scenarios::against_program("jungle_night", 3, Side::Japanese, Kind::Greedy, 1);
    assert_eq!(j.state.phase, Phase::Setup);
    let control = |m: &Match| {
        m.status()
            .aims
            .into_iter()
            .find(|a| a.contains("must Control"))
            .unwrap()
    };
    let at_setup = control(&j);
    assert_eq!(
        at_setup,
        "Allied must Control: J4 Japanese, K4 Japanese, K5 Japanese (A26.1)"
    );
    j.advance_phase();
    assert_eq!(j.state.phase, Phase::Rally);
    assert_eq!(control(&j), at_setup);
    // Played to its end: the line says who won.
    let mut d = Match::new(Arc::new(demo("assault")), 3);
    d.program = Some(Program::new(Side::Japanese, Kind::Greedy, 1));
    while d.run_next() {}
    while !d.over() {
        d.advance_phase();
    }
    let end = d.status();
    assert!(
        end.over.as_deref().is_some_and(|e| e.contains("wins")),
        "{end:?}"
    );
    assert!(end.line().starts_with("Game over: "));
}

/// Issue 38 (A7.5, A7.53): the Fire Group of a unit's Location, a leader there directing: the
/// assault's us1 with the 9-1 usL in T3 at jp3's T5, allowed, and fired with usL's -1.
#[test]
fn a7_53_the_fire_group_of_a_location_has_its_leader_direct() {
    use asl_pto_core::rules::orders::{Order, location_fire_group};
    use asl_pto_core::scenario::Step;
    let mut m = Match::new(Arc::new(demo("assault")), 3);
    m.start_recording();
    assert!(m.run_now(Step {
        phase: Some(Phase::PrepFire),
        ..Step::default()
    }));
    let setting = m.setting();
    let s = m.state.situation(&setting);
    let t5 = asl_pto_core::los::Location::Ground(m.scenario().map.hex("T5").unwrap());
    for unit in ["us1", "usL"] {
        let (order, answer) = location_fire_group(&s, unit, &t5).expect("a group in T3");
        assert_eq!(answer, Ok(()), "{unit}: {order:?}");
        let Order::Fire { units, .. } = &order else {
            panic!("{order:?}")
        };
        assert_eq!(units.len(), 2, "{units:?}");
        assert_eq!(units[0].as_ref(), unit, "the selected unit first");
    }
    // us2, alone in S3: no group.
    assert!(location_fire_group(&s, "us2", &t5).is_none());
    let (order, _) = location_fire_group(&s, "us1", &t5).unwrap();
    assert!(m.order(order));
    assert!(
        m.log
            .iter()
            .any(|e| e.text.contains("leader usL (9-1) directs")),
        "{:?}",
        m.log.last()
    );
}

/// Issue 37: what the program did over its last Player Turn, for the player to read: each told
/// order as a map mark (every unit it moved in its MPh marked from where it stood to where it
/// ends the phase; a Fire from its firers to the Location aimed at) and in words, a line a
/// phase; what a hidden unit of its did is neither marked nor told (A12).
#[test]
fn issue37_the_program_s_player_turn_is_marked_on_the_map_and_told_phase_by_phase() {
    use asl_pto_core::los::Location;
    use asl_pto_core::opponent::Opponent;
    use asl_pto_core::play::MarkKind;
    // One turn of the Play-mode loop, the person ending each phase after the program's part.
    let step = |m: &mut Match| {
        crate::scenarios::play_once(m, |m| {
            m.end_phase();
        })
    };
    let where_ = |m: &Match| -> Vec<(String, Location)> {
        m.state
            .units
            .iter()
            .filter(|u| u.unit.side() == Side::Allied)
            .map(|u| (u.unit.id.to_string(), u.at.clone()))
            .collect()
    };
    // The program plays the Allies, the ATTACKER of the first Player Turn.
    let mut m = crate::scenarios::against_program("assault", 5, Side::Allied, Kind::Doctrine, 5);
    while m.state.phase != Phase::Movement {
        step(&mut m);
    }
    let before = where_(&m);
    while m.state.phase == Phase::Movement {
        step(&mut m);
    }
    let after = where_(&m);
    let marks = m.program_marks();
    let mph: Vec<_> = marks
        .iter()
        .filter(|k| k.phase == Phase::Movement && k.kind == MarkKind::Moved)
        .collect();
    let mut any = false;
    for ((id, from), (_, to)) in before.iter().zip(&after) {
        if from == to {
            continue;
        }
        any = true;
        assert!(
            mph.iter().any(|k| &k.to == to),
            "{id} moved {from:?} -> {to:?}, unmarked: {mph:?}"
        );
        assert!(mph.iter().any(|k| &k.from == from), "{id} left {from:?}");
    }
    assert!(any, "the Allied program moved in its MPh");
    for k in &mph {
        assert_ne!(k.from, k.to);
    }
    let words = m.program_turn_words();
    assert!(
        words.iter().any(|l| l.starts_with("GT1 Allied MPh: ")),
        "{words:?}"
    );
    // A Fire's mark goes from its firers to the Location it aimed at, as its order said.
    for e in m.log.iter().filter(|e| e.event == "opponent") {
        if let Some((_, rest)) = e.text.rsplit_once("Fire([") {
            let hex = rest.rsplit('"').nth(1).unwrap();
            let at = Location::Ground(m.scenario().map.hex(hex).unwrap());
            assert!(
                marks
                    .iter()
                    .any(|k| k.kind == MarkKind::Attacked && k.to == at),
                "{}",
                e.text
            );
        }
    }
    // The program plays the Japanese, the person's Allies played by `greedy`: its units in
    // caves still hidden are never marked, what they did is told as "a hidden unit moved".
    let mut told = 0;
    // Both demos seed by seed, until a seed where a hidden unit of the program's acts (most
    // have one).
    let games = (5u64..=30).flat_map(|seed| ["assault", "complex_day"].map(|name| (seed, name)));
    for (seed, name) in games {
        if told > 0 && name == "assault" {
            break;
        }
        let mut j =
            crate::scenarios::against_program(name, seed, Side::Japanese, Kind::Doctrine, seed);
        let mut person = Opponent::new(Side::Allied, Kind::Greedy, seed);
        for _ in 0..3000 {
            if j.over() {
                break;
            }
            let from = j.log.len();
            crate::scenarios::person_plays(&mut j, &mut person);
            // A12 / G11.75: no event names a unit of the program's that is hidden now (the
            // Cave Complex's DM removal, G11.77, named jp1 in a veteran's trial).
            if !j.over() {
                for e in &j.log[from..] {
                    let hid = j.state.units.iter().any(|u| {
                        Some(u.unit.id.as_str()) == e.unit.as_deref()
                            && u.unit.side() == Side::Japanese
                            && u.hidden
                    });
                    assert!(!hid, "{name}: {e:?}");
                }
            }
            // No mark at a cave (or its Complex) the Allies have not found (G11.2, A12).
            let unknown = |l: &Location| {
                matches!(l, Location::Cave(id) | Location::Complex(id)
                    if j.state.hidden_caves.contains(id))
            };
            for k in j.program_marks() {
                assert!(
                    !unknown(&k.from) && !unknown(&k.to),
                    "{name}: a mark at a hidden cave: {k:?}"
                );
                // Each mark is of an order told openly, never of one told "a hidden unit
                // moved".
                assert_eq!(j.log[k.log_at].event, "opponent", "{name}: {k:?}");
            }
            if let Some(e) = j.log.last().filter(|e| e.event == "hidden") {
                told += 1;
                // Moved in the MPh and APh; else "acted" (a rally is no move).
                let words = if matches!(e.phase.as_str(), "MPh" | "APh") {
                    "a hidden unit moved"
                } else {
                    "a hidden unit acted"
                };
                assert!(
                    j.program_turn_words()
                        .last()
                        .is_some_and(|l| l.ends_with(words)),
                    "{:?}",
                    j.program_turn_words()
                );
            }
        }
        assert!(j.over(), "{name} played to its end");
    }
    assert!(told > 0, "a hidden unit of the program's acted");
}

/// A12: against the program, a check its "?" passes under fire is told of the "?" only: no
/// event names jp3 or jpL (nor their Morale Levels, their leader) while they stay concealed;
/// the game over, what was said in full is told; a pin by a MC passed at its Morale Level
/// (A7.8) is not told at all while the "?" stays. Before, the log read "jp3: a 1MC: Morale
/// Level 8 (G1.41: a Japanese leader raises ...)".
#[test]
fn a12_checks_a_concealed_stack_passes_are_told_of_the_question_mark_only() {
    use asl_pto_core::rules::orders::Order;
    use asl_pto_core::scenario::Step;
    let mut told = 0;
    let mut smc_ptc = 0;
    let mut pins_kept = 0;
    for seed in 1..200 {
        let mut m =
            crate::scenarios::against_program("assault", seed, Side::Japanese, Kind::Greedy, 1);
        assert!(m.run_now(Step {
            phase: Some(Phase::PrepFire),
            ..Step::default()
        }));
        let from = m.log.len();
        let t5 = asl_pto_core::los::Location::Ground(m.scenario().map.hex("T5").unwrap());
        let fire = Order::Fire {
            units: vec!["us3".into()],
            at: t5,
        };
        assert!(
            m.person_step(Step {
                act: Some(fire),
                ..Step::default()
            })
            .unwrap()
        );
        // Both still under their "?" (a unit that fails its MC loses it, A12.14, and is told).
        let veiled = ["jp3", "jpL"].iter().all(|id| {
            m.state
                .units
                .iter()
                .any(|u| &u.unit.id == id && u.concealed)
        });
        let checks: Vec<&Event> = m.log[from..]
            .iter()
            .filter(|e| e.event == "morale_check" || e.event == "ptc")
            .collect();
        if !veiled || checks.is_empty() {
            continue;
        }
        told += 1;
        // Its outcome is told: a PTC passed under "?" says so, the same whoever took it (a
        // Japanese SMC's read "the PTC decides only his "?" (G1.4)", passed or not, under
        // G1.4: a leader under the "?").
        for e in checks.iter().filter(|e| e.event == "ptc") {
            assert_eq!(e.text, "a \"?\" in T5: passed", "seed {seed}: {e:?}");
            assert_eq!(e.rule.as_deref(), Some("A7.8"), "seed {seed}: {e:?}");
        }
        // A7.8: a pin by a MC passed at its Morale Level keeps the "?": the program's secret
        // (it would tell a unit that Pins is there, and near what Morale Level).
        let p = m.program.as_ref().unwrap();
        if p.secret.iter().any(|s| s.event == "pinned") {
            pins_kept += 1;
            assert!(
                m.log[from..].iter().all(|e| e.event != "pinned"),
                "seed {seed}: a pin under \"?\" told"
            );
        }
        let smc = |id: &str| id == "jpL";
        smc_ptc += m
            .program
            .as_ref()
            .unwrap()
            .secret
            .iter()
            .filter(|s| s.event == "ptc" && s.unit.as_deref().is_some_and(smc))
            .count();
        for e in &m.log[from..] {
            assert!(
                e.unit.as_deref() != Some("jp3") && e.unit.as_deref() != Some("jpL"),
                "seed {seed}: {e:?}"
            );
            assert!(
                !e.text.contains("jp3") && !e.text.contains("jpL"),
                "seed {seed}: {e:?}"
            );
        }
        assert!(
            checks.iter().all(|e| e.text.starts_with("a \"?\" in T5")),
            "{checks:?}"
        );
        // Kept for the game's end (A26).
        let p = m.program.as_ref().unwrap();
        assert!(
            p.secret.iter().any(|s| s.unit.as_deref() == Some("jp3")),
            "{:?}",
            p.secret
        );
    }
    assert!(told > 0, "a check passed under \"?\" within the seeds");
    assert!(pins_kept > 0, "a pin kept under \"?\" within the seeds");
    assert!(
        smc_ptc > 0,
        "the 9-1's PTC passed under \"?\" within the seeds"
    );
}

/// Issue 37 (Play mode, "a player can tell what it did in the last phase"): the status gives
/// the program's orders of its last phase one by one, each with its whole reason (never the
/// order's script form), and the next phase it acts in.
#[test]
fn issue37_the_status_lists_the_program_s_last_orders_one_by_one_and_when_it_acts_next() {
    let mut m = crate::scenarios::against_program("assault", 5, Side::Allied, Kind::Doctrine, 5);
    while m.state.phase != Phase::DefensiveFire {
        crate::scenarios::play_once(&mut m, |m| {
            m.end_phase();
        });
    }
    let st = m.status();
    let mph = m
        .log
        .iter()
        .filter(|e| e.event == "opponent" && e.phase == "MPh")
        .count();
    assert!(mph > 0);
    assert_eq!(st.program_orders.len(), mph, "{:?}", st.program_orders);
    for o in &st.program_orders {
        assert!(!o.contains(" opponent): "), "{o}");
        assert!(!o.is_empty());
    }
    assert!(
        st.program
            .as_deref()
            .is_some_and(|p| p.contains("GT1 Allied MPh")),
        "{:?}",
        st.program
    );
    assert_eq!(
        st.program_next.as_deref(),
        Some("the Allied program acts next in the AFPh")
    );
}

/// E1.921 (a window trial: an 8-1 fired three Starshells in one PFPh, a Usage dr each): played,
/// a unit's Usage dr, passed or failed, is its one for the Player Turn; a second Starshell
/// order is refused with E1.921 (no dr rolled), another unit may still fire one, and in the
/// next Player Turn, as the DEFENDER in the MPh, the first may again.
#[test]
fn e1_921_played_one_starshell_usage_dr_a_unit_a_player_turn() {
    use asl_pto_core::rules::orders::Order;
    use asl_pto_core::scenario::Step;
    let mut m = Match::new(Arc::new(demo("jungle_night")), 3);
    assert!(m.run_now(Step {
        phase: Some(Phase::PrepFire),
        ..Step::default()
    }));
    let f4 = m.scenario().map.hex("F4").unwrap();
    let shell = |id: &str| Step {
        act: Some(Order::FireStarshell {
            unit: id.into(),
            at: f4,
        }),
        ..Step::default()
    };
    let usage = |m: &Match, from: usize| {
        m.log[from..]
            .iter()
            .filter(|e| e.event == "starshell_usage")
            .count()
    };
    let from = m.log.len();
    m.person_step(shell("usL")).unwrap();
    assert_eq!(usage(&m, from), 1);
    let from = m.log.len();
    m.person_step(shell("usL")).unwrap();
    assert_eq!(usage(&m, from), 0, "no second Usage dr");
    assert!(
        m.log[from..]
            .iter()
            .any(|e| e.event == "refused" && e.rule.as_deref() == Some("E1.921")),
        "{:?}",
        &m.log[from..]
    );
    let from = m.log.len();
    m.person_step(shell("us1")).unwrap();
    assert_eq!(usage(&m, from), 1, "another unit may");
    // The Japanese Player Turn's MPh: usL, the DEFENDER, may fire one again.
    while !(m.state.turn.number == 2 && m.state.phase == Phase::Movement) {
        m.end_phase();
    }
    assert!(m.state.tallies.starshell_tried.is_empty());
    let from = m.log.len();
    m.person_step(shell("usL")).unwrap();
    assert_eq!(usage(&m, from), 1, "{:?}", &m.log[from..]);
}

/// Issue 37 (Play mode, "a player can tell what it did in the last phase"; a window trial: after
/// the Japanese program fired in its PFPh and gave no order in its MPh, the status read only
/// "gave no order in GT1 Japanese MPh", its fire folded away): the orders of its last phase with
/// orders stay listed, and a later phase of the same Player Turn it played with no order
/// follows them ("then it gave no order in ..." and why); a phase of a later Player Turn with no
/// order replaces them.
#[test]
fn issue37_the_status_keeps_the_program_s_orders_when_a_later_phase_of_its_turn_has_none() {
    let mut seen_then = 0;
    for seed in 1..=6 {
        let mut m = crate::scenarios::against_program(
            "assault",
            seed,
            Side::Japanese,
            Kind::Doctrine,
            seed,
        );
        for _ in 0..3000 {
            if m.over() {
                break;
            }
            crate::scenarios::play_once(&mut m, |m| {
                m.end_phase();
            });
            let st = m.status();
            let Some(then) = st.program_then.as_deref() else {
                continue;
            };
            // Said under the orders it follows, of the same Player Turn, in a later phase.
            assert!(!st.program_orders.is_empty(), "{then}");
            let line = st.program.as_deref().unwrap();
            let (orders_at, then_at) = (phase_named(line), phase_named(then));
            assert!(then.starts_with("then it gave no order in GT"), "{then}");
            assert_eq!(turn_named(line), turn_named(then), "{line} / {then}");
            assert!(then_at > orders_at, "{line} / {then}");
            let (_, why) = then.split_once(": ").expect("why it gave none");
            assert!(
                why.starts_with("its best shot was not worth it: ") || why.starts_with("no "),
                "{then}"
            );
            // The line the window tests read says both (while the game goes on).
            assert!(
                st.over.is_some() || st.line().contains(then),
                "{}",
                st.line()
            );
            seen_then += 1;
        }
    }
    assert!(seen_then > 0, "a phase with no order after one with orders");
}

/// Issue 37 (a window trial: "the reason on the 'Last:' line disappears" after the first move of
/// the MPh): the program's why for a phase it gave no order in is kept while a later decision
/// (a First Fire it passes at a mover) gives none either.
#[test]
fn issue37_the_why_of_a_phase_with_no_order_outlives_a_later_pass() {
    use asl_pto_core::rules::orders::Order;
    use asl_pto_core::scenario::Step;
    let mut checked = 0;
    for (unit, to) in [("us3", "V5"), ("us3", "V4"), ("us2", "R3"), ("us2", "R4")] {
        let mut m =
            crate::scenarios::against_program("assault", 2, Side::Japanese, Kind::Doctrine, 2);
        while m.state.phase != Phase::Movement {
            crate::scenarios::play_once(&mut m, |m| {
                m.end_phase();
            });
        }
        let before = m.status().program.unwrap_or_default();
        if !before.contains("gave no order in GT1 Allied RPh: ") {
            continue;
        }
        let to = asl_pto_core::los::Location::Ground(m.scenario().map.hex(to).unwrap());
        m.person_step(Step {
            act: Some(Order::Move {
                unit: unit.into(),
                to,
            }),
            ..Step::default()
        })
        .unwrap();
        crate::scenarios::play_once(&mut m, |_| {});
        let after = m.status().program.unwrap_or_default();
        if after.contains("GT1 Allied RPh") {
            assert_eq!(after, before, "the RPh's why kept");
            checked += 1;
        }
    }
    assert!(
        checked > 0,
        "a move the program let go with its RPh line kept"
    );
}

/// The Game Turn, side and phase a status line's heading names ("GT1 Japanese PFPh"), never
/// a phase its reasons name.
fn heading(line: &str) -> Vec<&str> {
    let i = line.find(" GT").unwrap_or_else(|| panic!("{line}")) + 1;
    line[i..]
        .split([' ', ':', ','])
        .filter(|w| !w.is_empty())
        .take(3)
        .collect()
}

/// The phase a status line's heading names, by its place in the Player Turn.
fn phase_named(line: &str) -> usize {
    let ph = heading(line)[2];
    Phase::TURN
        .iter()
        .position(|p| p.abbrev() == ph)
        .unwrap_or_else(|| panic!("{line}"))
}

/// The Game Turn and side a status line's heading names ("GT1 Japanese").
fn turn_named(line: &str) -> String {
    heading(line)[..2].join(" ")
}

/// Issue 37 ("the best option it declined and why"; a window trial: "the program's 'gave no
/// order in GT1 Japanese AFPh' gives no reason"): where the program played its part of a phase
/// with no order, the status says why: in a fire phase its best shot with its odds, declined,
/// else that no order was worth giving; never naming a unit of its the player does not see
/// (A12).
#[test]
fn issue37_gave_no_order_says_why_and_names_no_unit_the_player_does_not_see() {
    use asl_pto_core::opponent::view::known_state;
    let mut told: Vec<String> = Vec::new();
    // By day, and at night where a unit that has lost its "?" may still be beyond the
    // player's sight (E1.33).
    for (name, side, seed) in ["assault", "jungle_night"].into_iter().flat_map(|name| {
        [Side::Allied, Side::Japanese]
            .into_iter()
            .flat_map(move |side| (1..=4).map(move |seed| (name, side, seed)))
    }) {
        let mut m = crate::scenarios::against_program(name, seed, side, Kind::Doctrine, seed);
        for _ in 0..3000 {
            if m.over() {
                break;
            }
            crate::scenarios::play_once(&mut m, |m| {
                m.end_phase();
            });
            let st = m.status();
            let Some(line) = st.program.as_deref() else {
                continue;
            };
            if !line.contains("gave no order") || told.iter().any(|t| t == line) {
                continue;
            }
            let (_, why) = line.split_once(": ").expect("a reason after the heading");
            assert!(
                why.starts_with("its best shot was not worth it: ")
                    || why.starts_with("no ")
                    || why == "it chose to pass"
                    || why == "the rules refused the orders it tried",
                "{line}"
            );
            // Said on the line itself: no order listed under it (the window counts them).
            assert!(st.program_orders.is_empty(), "{:?}", st.program_orders);
            // A12 / E1.33: no unit of the program's the player's view does not hold.
            let theirs = known_state(&m.state, &m.setting(), side.opponent());
            for u in m.state.units.iter().filter(|u| u.unit.side() == side) {
                let known = theirs.units.iter().any(|k| k.unit.id == u.unit.id);
                assert!(known || !why.contains(&u.unit.id), "{line}");
            }
            told.push(line.to_string());
        }
    }
    // A fire phase declined names its best shot with the odds in words.
    let shot = told
        .iter()
        .find(|t| t.contains("its best shot was not worth it: "))
        .unwrap_or_else(|| panic!("{told:#?}"));
    assert!(
        shot.contains(" fire at ") && shot.contains(" % to "),
        "{shot}"
    );
}

/// Issue 37 (a window trial: after the Japanese program's CCPh the status read "gave no order in
/// GT1 Japanese CCPh: no Close Combat it would start" where the Melee it had not ordered was
/// fought as the CCPh ended, A11.12, and eliminated three units): the status names the Close
/// Combat the rules fought there and what it cost.
#[test]
fn issue37_the_status_names_the_owed_close_combat_fought_where_the_program_gave_no_order() {
    let mut named = 0;
    for seed in 1..=16 {
        let mut m = crate::scenarios::against_program(
            "assault",
            seed,
            Side::Japanese,
            Kind::Doctrine,
            seed,
        );
        while !(m.over() || m.state.turn.number == 2 && m.state.phase == Phase::Advance) {
            crate::scenarios::play_once(&mut m, |m| {
                m.end_phase();
            });
        }
        if m.over() {
            continue;
        }
        // A Melee (A11.7): jp3 alone among the Americans that stand where us1 does.
        let Some(at) = m
            .state
            .units
            .iter()
            .find(|u| u.unit.id == "us1")
            .map(|u| u.at.clone())
        else {
            continue;
        };
        let Some(jp3) = m.state.units.iter_mut().find(|u| u.unit.id == "jp3") else {
            continue;
        };
        jp3.at = at.clone();
        jp3.concealed = false;
        jp3.hidden = false;
        m.state.tallies.melee.push(at.clone());
        let pt = m.state.turn.number;
        while !m.over() && m.state.turn.number == pt {
            crate::scenarios::play_once(&mut m, |m| {
                m.end_phase();
            });
        }
        let fought = m
            .log
            .iter()
            .any(|e| e.event == "cc_owed" && e.phase == "CCPh");
        let ordered = m
            .log
            .iter()
            .any(|e| e.event == "opponent" && e.phase == "CCPh" && e.text.contains("CloseCombat("));
        let st = m.status();
        let line = [st.program.clone(), st.program_then.clone()]
            .into_iter()
            .flatten()
            .find(|l| l.contains("GT1 Japanese CCPh"));
        if !fought || ordered {
            // An order fought it: the orders are listed as ever, no owed CC is named.
            assert!(
                line.as_deref().is_none_or(|l| !l.contains("owed")),
                "{line:?}"
            );
            continue;
        }
        let line = line.unwrap_or_else(|| panic!("{:?} / {:?}", st.program, st.program_then));
        let name = at.display(&m.scenario().map).to_string();
        assert!(
            line.contains(&format!(
                "the Close Combat owed in {name} was fought as the CCPh ended (A11.12): "
            )),
            "{line}"
        );
        // What it cost, unit by unit, as the log tells it.
        for e in m
            .log
            .iter()
            .filter(|e| e.event == "eliminated" && e.phase == "CCPh")
        {
            let id = e.unit.as_deref().unwrap();
            assert!(line.contains(id), "{id} eliminated: {line}");
        }
        named += 1;
    }
    assert!(
        named > 0,
        "an owed Close Combat the program gave no order for"
    );
}

/// A12 / E1.32 (a veteran's trial: '[E1.32] a "?" in K4', the outcome cut away): a unit of the
/// program's that gains "?" at night is told by its Location and what happened, never by name.
#[test]
fn e1_32_a_program_unit_gaining_concealment_at_night_is_told_as_a_question_mark_that_gains_it() {
    use asl_pto_core::opponent::Opponent;
    let mut told = 0;
    for seed in 1..=4 {
        let mut m = crate::scenarios::against_program(
            "jungle_night",
            seed,
            Side::Japanese,
            Kind::Doctrine,
            seed,
        );
        let mut person = Opponent::new(Side::Allied, Kind::Greedy, seed);
        for _ in 0..3000 {
            if m.over() {
                break;
            }
            crate::scenarios::person_plays(&mut m, &mut person);
        }
        let japanese: Vec<String> = m
            .state
            .units
            .iter()
            .filter(|u| u.unit.side() == Side::Japanese)
            .map(|u| u.unit.id.clone())
            .collect();
        // No event under "?" tells a unit's MF allotment (a squad's 4, a leader's 6), a
        // counter's factors, or that a SMC is under it (a review).
        for e in m
            .log
            .iter()
            .filter(|e| e.unit.is_none() && e.text.starts_with("a \"?\" in "))
        {
            let allotment = e.text.contains(" of ") && e.text.ends_with(" spent");
            let factors = e
                .text
                .as_bytes()
                .windows(3)
                .any(|w| w[0].is_ascii_digit() && w[1] == b'-' && w[2].is_ascii_digit());
            assert!(!allotment && !factors && e.event != "smc", "{e:?}");
        }
        for e in m.log.iter().filter(|e| e.rule.as_deref() == Some("E1.32")) {
            if e.unit.is_some() {
                // Told by name: an American unit, or a Japanese one the player sees.
                continue;
            }
            assert!(e.text.starts_with("a \"?\" in "), "{e:?}");
            assert!(e.text.ends_with(": it gains \"?\""), "{e:?}");
            assert!(
                japanese.iter().all(|id| !e.text.contains(id.as_str())),
                "{e:?}"
            );
            told += 1;
        }
    }
    assert!(
        told > 0,
        "a Japanese unit gained \"?\" unseen within the seeds"
    );
}

/// A12 / G11.75 (a veteran's trial: "[G11.77] jp1: Infantry in a Cave Complex may not remain
/// DM" in the log while jp1 was hidden in the Complex): against the program, an event about a
/// unit of its that is hidden is not told until the game ends.
#[test]
fn g11_77_the_dm_removal_of_a_hidden_unit_in_a_cave_complex_is_not_told() {
    let mut m =
        crate::scenarios::against_program("complex_day", 3, Side::Japanese, Kind::Doctrine, 3);
    let jp4 = m
        .state
        .units
        .iter_mut()
        .find(|u| u.unit.id == "jp4")
        .expect("jp4 in the Complex");
    assert!(jp4.hidden);
    jp4.unit.broken = true;
    jp4.unit.dm = true;
    let from = m.log.len();
    while m.state.phase != Phase::PrepFire {
        crate::scenarios::play_once(&mut m, |m| {
            m.end_phase();
        });
    }
    let jp4 = m.state.units.iter().find(|u| u.unit.id == "jp4").unwrap();
    assert!(!jp4.unit.dm, "its DM came off (G11.77)");
    assert!(jp4.hidden);
    assert!(
        m.log[from..]
            .iter()
            .all(|e| e.unit.as_deref() != Some("jp4") && !e.text.contains("jp4")),
        "{:?}",
        &m.log[from..]
    );
    // Kept for the game's end (A26).
    let p = m.program.as_ref().unwrap();
    assert!(
        p.secret
            .iter()
            .any(|s| s.unit.as_deref() == Some("jp4") && s.rule.as_deref() == Some("G11.77"))
    );
}

/// A8.1: while the program waits on the player's First Fire after its unit spent MF, the
/// match tells whether a unit of the player may still fire at it (the header's notice reads
/// "you may First Fire at it" only then): us3 may, until it has fired at that expenditure.
#[test]
fn a8_1_the_match_tells_whether_the_player_may_still_fire_at_the_program_s_mover() {
    use asl_pto_core::los::Location;
    use asl_pto_core::rules::orders::Order;
    let mut m = Match::new(Arc::new(demo("assault")), 3);
    let map = &m.scenario().map;
    let hex = |h: &str| Location::Ground(map.hex(h).unwrap());
    let (t4, u4) = (hex("T4"), hex("U4"));
    // The Japanese MPh: jp3 (seen: no "?") steps from T5 into T4, beside us3 in U4.
    m.state.phase = Phase::Movement;
    m.state.turn.attacker = Side::Japanese;
    for u in m.state.units.iter_mut() {
        u.concealed = false;
        u.hidden = false;
        if u.unit.id == "us3" {
            u.at = u4.clone();
        }
    }
    assert!(!m.player_fire_open(Side::Allied, &t4), "no one there yet");
    assert!(m.order(Order::Move {
        unit: "jp3".into(),
        to: t4.clone(),
    }));
    assert!(m.player_fire_open(Side::Allied, &t4));
    // Every American able to fire at T4 does: none may fire again at this expenditure.
    for id in ["us3", "us1", "us2", "usL", "us4", "us5"] {
        let _ = m.order(Order::Fire {
            units: vec![id.into()],
            at: t4.clone(),
        });
        if !m.player_fire_open(Side::Allied, &t4) {
            break;
        }
    }
    assert!(!m.player_fire_open(Side::Allied, &t4), "{:?}", m.log.last());
    assert!(
        m.state
            .tallies
            .fired_at_expenditure
            .iter()
            .any(|x| x == "us3"),
        "us3 fired at it"
    );
}
