//! The opponent's doctrine (issue 28) on boards built in code: its candidates come from the
//! orders the rules allow and carry the seeds' doctrine (E1.92 Starshells at night, G1.421 a
//! DC Hero, G11.75 hidden Japanese stay hidden).

use asl_pto_core::model::{Phase, Side};
use asl_pto_core::opponent::greedy;
use asl_pto_core::opponent::player::Posture;
use asl_pto_core::opponent::weights::Weights;
use asl_pto_core::opponent::{Kind, Moment, Opponent};
use asl_pto_core::rules::orders::Order;

use crate::board::{hidden, jp, plain, setting, situation, us};

/// The greedy kind's candidates for `side` on `s`, playing for `victory` (no plan), with the
/// built-in weights.
fn candidates(
    s: &asl_pto_core::rules::situation::Situation,
    victory: &[asl_pto_core::rules::victory::VictoryCondition],
    side: Side,
    moment: &Moment,
    searched: &[asl_pto_core::hex::Hex],
) -> Vec<asl_pto_core::opponent::Choice> {
    let posture = Posture {
        victory,
        plan: None,
        turns: None,
    };
    greedy::candidates(s, &posture, side, moment, searched, Weights::get())
}

#[test]
fn e1_92_at_night_the_allied_doctrine_lights_a_known_enemy_with_a_starshell() {
    let b = plain();
    for phase in [Phase::PrepFire, Phase::Movement, Phase::AdvancingFire] {
        let mut st = situation(
            &b,
            phase,
            Side::Allied,
            vec![us(&b, "us1", "C3"), jp(&b, "jp1", "C5")],
        )
        .state;
        st.night.nvr = Some(2);
        let s = st.situation(&setting(&b));
        let c = candidates(&s, &[], Side::Allied, &Moment::Phase, &[]);
        if let Some(star) = c
            .iter()
            .find(|c| matches!(c.order, Order::FireStarshell { .. }))
        {
            assert!(star.reason.contains("E1.92"), "{}", star.reason);
            // E1.921: one attempt a phase (its Usage dr failed, it does not try again).
            let mut me = Opponent::new(Side::Allied, Kind::Greedy, 1);
            let mut tries = 0;
            while let Some(c) = me.decide(&st, &setting(&b), &Moment::Phase) {
                tries += usize::from(matches!(c.order, Order::FireStarshell { .. }));
            }
            assert!(tries <= 1, "{tries} Starshells tried by us1 in one phase");
            return;
        }
    }
    panic!("no Starshell offered in any phase it may be fired in");
}

#[test]
fn g11_75_a_hidden_japanese_squad_with_nothing_worth_firing_at_gives_no_order() {
    let b = plain();
    let st = situation(
        &b,
        Phase::Movement,
        Side::Japanese,
        vec![hidden(jp(&b, "jp1", "E5")), us(&b, "us1", "J5")],
    )
    .state;
    let mut me = Opponent::new(Side::Japanese, Kind::Greedy, 1);
    assert_eq!(me.decide(&st, &setting(&b), &Moment::Phase), None);
    // In the DFPh, the same: five hexes off, no shot worth its HIP (G1.63).
    let mut st = st;
    st.phase = Phase::DefensiveFire;
    st.turn.attacker = Side::Allied;
    assert_eq!(me.decide(&st, &setting(&b), &Moment::Phase), None);
}

#[test]
fn g1_421_the_japanese_doctrine_tries_a_dc_hero_against_a_target_in_reach() {
    let b = plain();
    let mut jp1 = jp(&b, "jp1", "C3");
    jp1.unit.dc = true;
    let st = situation(
        &b,
        Phase::Movement,
        Side::Japanese,
        vec![jp1, us(&b, "us1", "C6")],
    )
    .state;
    let set = asl_pto_core::state::Setting {
        ob_japanese_squads: 10,
        cloaking_allotted: 0,
        ..setting(&b)
    };
    let s = st.situation(&set);
    let c = candidates(&s, &[], Side::Japanese, &Moment::Phase, &[]);
    let hero = c
        .iter()
        .find(|c| matches!(c.order, Order::CreateHero { .. }))
        .unwrap_or_else(|| panic!("{c:?}"));
    assert!(hero.reason.contains("G1.421"));
}

/// The Allies must take J3 across the open plain; jp1, Known, overlooks it from J5.
fn open_crossing(b: &crate::board::Board, jp1_hidden: bool) -> asl_pto_core::state::GameState {
    let jp1 = jp(b, "jp1", "J5");
    let jp1 = if jp1_hidden { hidden(jp1) } else { jp1 };
    situation(
        b,
        Phase::Movement,
        Side::Allied,
        vec![us(b, "us1", "C3"), jp1],
    )
    .state
}

#[test]
fn a24_1_the_allied_doctrine_screens_open_ground_a_known_enemy_overlooks_before_stepping_in() {
    use asl_pto_core::rules::victory::VictoryCondition;
    let b = plain();
    let goal = [VictoryCondition::Control {
        side: Side::Allied,
        locations: vec![crate::board::loc(&b, "J3")],
    }];
    let set = asl_pto_core::state::Setting {
        victory: &goal,
        ..setting(&b)
    };
    let st = open_crossing(&b, false);
    let mut me = Opponent::new(Side::Allied, Kind::Greedy, 1);
    let first = me.decide(&st, &set, &Moment::Phase).expect("an order");
    let Order::PlaceSmoke { unit, at } = &first.order else {
        panic!("SMOKE first: {first:?}");
    };
    assert_eq!(unit.as_ref(), "us1");
    assert!(
        first.reason.contains("jp1 in J5 overlooks it (A24.1)"),
        "{}",
        first.reason
    );
    // Into the open hex its move enters next, ADJACENT to it.
    let moves = candidates(
        &st.situation(&set),
        &goal,
        Side::Allied,
        &Moment::Phase,
        &[],
    );
    let step = moves
        .iter()
        .find(|c| matches!(c.order, Order::Move { .. }))
        .expect("a move toward J3");
    let Order::Move { to, .. } = &step.order else {
        unreachable!()
    };
    assert_eq!(to, at, "the SMOKE goes where it steps");
    assert!(first.score > step.score);
    // Once placed (the grenades on the map), the next order is the move, not more SMOKE.
    let mut after = st.clone();
    after.smoke.push(asl_pto_core::state::Smoke {
        at: at.clone(),
        kind: asl_pto_core::model::SmokeKind::Grenade,
        dispersed: false,
        placed_in: 1,
    });
    let next = me.decide(&after, &set, &Moment::Phase).expect("an order");
    assert!(matches!(next.order, Order::Move { .. }), "{next:?}");
    // The same unit tries grenades once a phase: with the first attempt remembered, a fresh
    // open hex is stepped into without another attempt.
    let again = me.decide(&st, &set, &Moment::Phase).expect("an order");
    assert!(
        !matches!(again.order, Order::PlaceSmoke { .. }),
        "{again:?}"
    );
    // No Known enemy overlooking (jp1 hidden: the Allies do not know of it): no SMOKE.
    let unseen = open_crossing(&b, true);
    let mut fresh = Opponent::new(Side::Allied, Kind::Greedy, 1);
    let c = fresh
        .decide(&unseen, &set, &Moment::Phase)
        .expect("an order");
    assert!(matches!(c.order, Order::Move { .. }), "{c:?}");
}

/// Issue 37, item 3 (G11.3, A12): the Allied program never peeks. Two copies of the assault
/// that differ only in hidden cave A's CA Hexside give the same Allied orders, with the same
/// reasons, until something is revealed (or the Japanese, who know their caves, play
/// differently).
#[test]
fn g11_3_the_allied_program_orders_the_same_until_a_reveal_whatever_a_hidden_cave_faces() {
    let base = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios/assault.ron"),
    )
    .unwrap();
    let variant = |from: &str, to: &str| {
        assert!(base.contains(from), "{from}");
        asl_pto_core::scenario::Scenario::from_str(&base.replacen(from, to, 1), "assault.ron")
            .unwrap_or_else(|e| panic!("{e}"))
    };
    for kind in [Kind::Doctrine, Kind::Greedy, Kind::Random] {
        // A random Japanese side would differ by its own dice draws: the Japanese play greedy
        // against a random Allied side.
        let japanese = if kind == Kind::Random {
            Kind::Greedy
        } else {
            kind
        };
        let mut compared = 0;
        for seed in 1..=4 {
            let a = told_by_side(crate::scenarios::demo("assault"), kind, japanese, seed);
            // Cave A faces T5 instead of S4.
            let b = told_by_side(
                variant(
                    r#"(id: "A", hex: "S5", ca: "S5-S4", level: Some(0))"#,
                    r#"(id: "A", hex: "S5", ca: "S5-T5", level: Some(0))"#,
                ),
                kind,
                japanese,
                seed,
            );
            compared += watcher_agrees(&a, &b, Side::Allied, &format!("{kind:?} seed {seed}"));
        }
        assert!(
            compared >= 4,
            "{kind:?}: only {compared} Allied orders compared"
        );
    }
}

/// Every order the program gave, with the giving unit's side and when (Game Turn, ATTACKER,
/// phase), up to the first reveal or loss of Cloaking (from then on the other side knows more).
fn told_by_side(
    s: asl_pto_core::scenario::Scenario,
    allied: Kind,
    japanese: Kind,
    seed: u64,
) -> Vec<(Side, u32, String)> {
    let first = s.first_attacker;
    let sides: Vec<(String, Side)> = s.units.iter().map(|u| (u.id.clone(), u.side())).collect();
    let hidden: Vec<String> = s
        .units
        .iter()
        .filter(|u| u.hidden)
        .map(|u| u.id.clone())
        .collect();
    let g = asl_pto_core::duel::play_game(&std::sync::Arc::new(s), allied, japanese, seed);
    g.said
        .iter()
        .take_while(|e| {
            let t = e.text.to_lowercase();
            // Something happened to a hidden unit (an attack on its Location rolled for it):
            // from then on the dice, if not the knowledge, differ.
            let to_hidden =
                e.event != "opponent" && e.unit.as_ref().is_some_and(|u| hidden.contains(u));
            // The game's own events tell a reveal or a loss of Cloaking; an order's reason
            // (event `opponent`) may name Known units without anything being revealed.
            let told = e.event != "opponent"
                && (t.contains("reveal") || t.contains("cloak") || t.contains("known"));
            !(to_hidden || e.event.starts_with("reveal") || e.event.contains("cloak") || told)
        })
        .filter(|e| e.event == "opponent")
        .filter_map(|e| {
            let side = sides.iter().find(|(id, _)| e.unit.as_ref() == Some(id))?.1;
            // When, as a number that grows with the game: Game Turn, Player Turn, phase.
            let second = e.attacker != format!("{first:?}");
            let phase = ["RPh", "PFPh", "MPh", "DFPh", "AFPh", "RtPh", "APh", "CCPh"]
                .iter()
                .position(|p| *p == e.phase)
                .unwrap_or(0) as u32;
            let when = e.turn * 100 + u32::from(second) * 50 + phase;
            Some((
                side,
                when,
                format!("GT{} {} {}: {}", e.turn, e.attacker, e.phase, e.text),
            ))
        })
        .collect()
}

/// `watcher`'s orders in `a` and `b` agree until the other side (who knows what differs) plays
/// differently; returns how many of `watcher`'s orders were compared.
fn watcher_agrees(
    a: &[(Side, u32, String)],
    b: &[(Side, u32, String)],
    watcher: Side,
    what: &str,
) -> usize {
    let mut n = 0;
    for (x, y) in a.iter().zip(b) {
        if x == y {
            n += usize::from(x.0 == watcher);
            continue;
        }
        // The first difference must be the other side's, who knows what differs: two orders of
        // the watcher's that differ are a peek, and so is one of its orders given earlier in
        // the game than the other side's order it meets (the watcher ordered in one game where
        // in the other it passed); the other side's order given first, or in the same phase (a
        // First Fire at a mover), is the other side's doing.
        let both = x.0 == watcher && y.0 == watcher;
        let mine_first = match (x.0 == watcher, y.0 == watcher) {
            (true, false) => x.1 < y.1,
            (false, true) => y.1 < x.1,
            _ => false,
        };
        assert!(
            !(both || mine_first),
            "{what}: the {watcher:?} program ordered differently before knowing: {x:?} / {y:?}"
        );
        break;
    }
    n
}

/// Issue 37, item 3 (A12, G11.75): the Allied program does not peek at a hidden squad: it orders
/// the same whichever hidden cave the squad waits in, until a reveal or until the Japanese, who
/// know, play differently.
#[test]
fn a12_the_allied_program_orders_the_same_whichever_cave_a_hidden_squad_waits_in() {
    let assault = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios/assault.ron"),
    )
    .unwrap();
    let from =
        r#"(id: "jp1", nationality: Japanese, counter: "4-4-7", at: "cave:A", hidden: true)"#;
    let to = r#"(id: "jp1", nationality: Japanese, counter: "4-4-7", at: "cave:G", hidden: true)"#;
    assert!(assault.contains(from));
    for kind in [Kind::Doctrine, Kind::Greedy] {
        let mut compared = 0;
        for seed in 1..=4 {
            let a = told_by_side(crate::scenarios::demo("assault"), kind, kind, seed);
            let moved = asl_pto_core::scenario::Scenario::from_str(
                &assault.replacen(from, to, 1),
                "variant.ron",
            )
            .unwrap();
            let b = told_by_side(moved, kind, kind, seed);
            compared += watcher_agrees(&a, &b, Side::Allied, &format!("{kind:?} seed {seed}"));
        }
        assert!(
            compared >= 4,
            "{kind:?}: only {compared} Allied orders compared"
        );
    }
}

/// Issue 37, item 3 (A12, G1.6): a hidden squad's hex is not there for the Allied program: with
/// jp3 set up hidden, the Allies order the same whether it waits in T5's kunai beside its
/// leader or in the jungle of Q3, until a reveal or until the Japanese play differently.
#[test]
fn a12_the_allied_program_orders_the_same_whichever_hex_a_hidden_squad_waits_in() {
    let assault = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios/assault.ron"),
    )
    .unwrap();
    let from =
        r#"(id: "jp3", nationality: Japanese, counter: "4-4-8", at: "T5", concealed: true),"#;
    assert!(assault.contains(from));
    let variant = |at: &str| {
        let to = format!(
            r#"(id: "jp3", nationality: Japanese, counter: "4-4-8", at: "{at}", hidden: true),"#
        );
        asl_pto_core::scenario::Scenario::from_str(&assault.replacen(from, &to, 1), "variant.ron")
            .unwrap_or_else(|e| panic!("{e}"))
    };
    for kind in [Kind::Doctrine, Kind::Greedy] {
        let mut compared = 0;
        for seed in 1..=4 {
            let a = told_by_side(variant("T5"), kind, kind, seed);
            let b = told_by_side(variant("Q3"), kind, kind, seed);
            compared += watcher_agrees(&a, &b, Side::Allied, &format!("{kind:?} seed {seed}"));
        }
        assert!(
            compared >= 4,
            "{kind:?}: only {compared} Allied orders compared"
        );
    }
}

/// Issue 37, item 3 (E1.33): at night an unconcealed enemy unit beyond the NVR of every unit of
/// the side is not Known to it: the side's view holds a "?" there, the same whatever the unit
/// is; within the NVR, or once a Starshell lights it (E1.101), it is Known as it is.
#[test]
fn e1_33_an_unconcealed_unit_beyond_every_viewers_nvr_is_not_known() {
    use asl_pto_core::opponent::view::{is_placeholder, known_state};
    let b = plain();
    let at_night = |jp_at: &str, counter: &str| {
        let mut jp1 = jp(&b, "jp1", jp_at);
        jp1.unit.counter = counter.into();
        let mut st = situation(
            &b,
            Phase::PrepFire,
            Side::Allied,
            vec![us(&b, "us1", "C2"), jp1],
        )
        .state;
        st.night.nvr = Some(2);
        st
    };
    let japanese_seen = |st: &asl_pto_core::state::GameState| -> Vec<String> {
        known_state(st, &setting(&b), Side::Allied)
            .units
            .iter()
            .filter(|u| u.unit.side() == Side::Japanese)
            .map(|u| format!("{} {} {}", u.unit.id, u.unit.counter, u.concealed))
            .collect()
    };
    // Four hexes off, NVR 2: a "?" whatever it is.
    let squad = japanese_seen(&at_night("C6", "4-4-7"));
    assert_eq!(squad.len(), 1);
    assert!(is_placeholder(&squad[0]), "{squad:?}");
    assert_eq!(squad, japanese_seen(&at_night("C6", "2-3-7")));
    // Two hexes off: Known as it is.
    assert_eq!(japanese_seen(&at_night("C4", "2-3-7")), ["jp1 2-3-7 false"]);
    // Lit by a Starshell over it: Known beyond the NVR (E1.101).
    let mut lit = at_night("C6", "2-3-7");
    lit.starshells.push(b.map.hex("C6").unwrap());
    assert_eq!(japanese_seen(&lit), ["jp1 2-3-7 false"]);
    // By day the NVR limits nothing.
    let mut day = at_night("C6", "2-3-7");
    day.night.nvr = None;
    assert_eq!(japanese_seen(&day), ["jp1 2-3-7 false"]);
    // The Japanese see their own unit as it is.
    assert!(
        known_state(&at_night("C6", "2-3-7"), &setting(&b), Side::Japanese)
            .units
            .iter()
            .any(|u| u.unit.id == "jp1" && u.unit.counter == "2-3-7")
    );
}

/// Issue 37, item 3 (E1.33): the Allied program orders the same on the night ridge whatever the
/// unconcealed Japanese unit in M6, beyond every American's NVR, is (a squad or a half-squad),
/// until a reveal, or until the Japanese, who know, play differently.
#[test]
fn e1_33_the_allied_program_orders_the_same_whatever_an_unseen_japanese_unit_is() {
    let base = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios/night_ridge.ron"),
    )
    .unwrap();
    let from = r#"(id: "jp2", nationality: Japanese, counter: "4-4-7", at: "M6"),"#;
    assert!(base.contains(from));
    let variant = |counter: &str| {
        let to = format!(r#"(id: "jp2", nationality: Japanese, counter: "{counter}", at: "M6"),"#);
        asl_pto_core::scenario::Scenario::from_str(&base.replacen(from, &to, 1), "variant.ron")
            .unwrap_or_else(|e| panic!("{e}"))
    };
    for kind in [Kind::Doctrine, Kind::Greedy] {
        let mut compared = 0;
        for seed in 1..=4 {
            let a = told_by_side(variant("4-4-7"), kind, kind, seed);
            let b = told_by_side(variant("2-3-7"), kind, kind, seed);
            compared += watcher_agrees(&a, &b, Side::Allied, &format!("{kind:?} seed {seed}"));
        }
        assert!(
            compared >= 4,
            "{kind:?}: only {compared} Allied orders compared"
        );
    }
}

/// Issue 37, item 3 (E1.4): the Japanese program orders the same whatever a Cloaked American
/// counter holds (a 7-6-8 or a 6-6-6): the jungle night with the Japanese moving first and us2
/// already in the kunai of E4, beside the outpost, until Cloaking is lost or the Americans, who
/// know, play differently.
#[test]
fn e1_4_the_japanese_program_orders_the_same_whatever_a_cloaked_counter_holds() {
    let base = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios/jungle_night.ron"),
    )
    .unwrap()
    .replacen(
        "attacker: Allied,",
        "attacker: Japanese,\n    scenario_attacker: Some(Allied),",
        1,
    );
    let from = r#"(id: "us2", nationality: American, counter: "6-6-6", at: "C5", cloaked: true),"#;
    assert!(base.contains(from));
    let variant = |counter: &str| {
        let to = from.replace("6-6-6", counter).replace("C5", "E4");
        asl_pto_core::scenario::Scenario::from_str(&base.replacen(from, &to, 1), "variant.ron")
            .unwrap_or_else(|e| panic!("{e}"))
    };
    for kind in [Kind::Doctrine, Kind::Greedy] {
        let mut compared = 0;
        for seed in 1..=4 {
            let a = told_by_side(variant("7-6-8"), kind, kind, seed);
            let b = told_by_side(variant("6-6-6"), kind, kind, seed);
            compared += watcher_agrees(&a, &b, Side::Japanese, &format!("{kind:?} seed {seed}"));
        }
        assert!(
            compared >= 4,
            "{kind:?}: only {compared} Japanese orders compared"
        );
    }
}

/// A26 / A4: playing for Control, the Allied doctrine does not walk its units back and forth
/// in one MPh. On the jungle night, from Game Turn 2 it plays for the huts while one of them
/// lies beyond `control_reach` of its nearest squad: a squad stepping toward them had made them
/// "near", turned the others back to hunt the outpost, and the hunt made them far again (us1
/// G4 -> H3 -> G4 -> H3 in one MPh, seed 4 against the random Japanese). No unit of its
/// enters the same hex twice in one of its MPh.
#[test]
fn a26_playing_for_control_the_doctrine_does_not_walk_back_and_forth_in_one_mph() {
    use std::collections::BTreeMap;
    let s = std::sync::Arc::new(crate::scenarios::demo("jungle_night"));
    for seed in 1..=6 {
        for japanese in [Kind::Random, Kind::Doctrine] {
            let g = asl_pto_core::duel::play_game(&s, Kind::Doctrine, japanese, seed);
            // (Game Turn, unit) -> the hexes it entered in its Allied MPh.
            let mut entered: BTreeMap<(u32, String), Vec<String>> = BTreeMap::new();
            for e in &g.said {
                if e.attacker != "Allied" || e.phase != "MPh" || e.rule.as_deref() != Some("A4.1") {
                    continue;
                }
                let (Some(unit), Some((_, rest))) = (&e.unit, e.text.split_once(" -> ")) else {
                    continue;
                };
                if !unit.starts_with("us") {
                    continue;
                }
                let to = rest.split(':').next().unwrap_or("").to_string();
                entered.entry((e.turn, unit.clone())).or_default().push(to);
            }
            assert!(!entered.is_empty(), "seed {seed}: the Americans moved");
            for ((turn, unit), hexes) in &entered {
                let mut seen = std::collections::BTreeSet::new();
                for h in hexes {
                    assert!(
                        seen.insert(h),
                        "seed {seed} vs {japanese:?}: {unit} entered {h} twice in the GT{turn} \
                         Allied MPh: {hexes:?}"
                    );
                }
            }
        }
    }
}

/// A11 / issue 37 (reasons a learning player reads): the doctrine's advance into Close Combat
/// gives its odds in words, counted from the CC ruling's plan (`rules::orders::cc_chances`):
/// its chance to eliminate what it attacks, to be eliminated, and to stay in Melee. On the
/// assault us3 advances into T5's kunai against jp3 and the 9-1 in its first APh whenever the
/// Prep Fire left them there; over a few seeds at least one such advance is told, each with
/// chances that add up (to eliminate + to stay in Melee + to be eliminated, as a share, never
/// above 100 % less the Melee), and, where a Melee may follow, the chance to be eliminated by
/// the end of the enemy's CCPh, Hand-to-Hand (A11.7, G1.64).
#[test]
fn a11_the_doctrine_s_close_combat_advance_gives_its_odds_in_words() {
    let s = std::sync::Arc::new(crate::scenarios::demo("assault"));
    let (mut told, mut hand_to_hand) = (0, 0);
    for seed in 1..=8 {
        let g = asl_pto_core::duel::play_game(&s, Kind::Doctrine, Kind::Random, seed);
        for e in g
            .said
            .iter()
            .filter(|e| e.text.contains("for Close Combat at"))
        {
            if !e.text.contains("(doctrine opponent)") {
                continue;
            }
            let pct = |what: &str| -> f64 {
                let (before, _) = e.text.split_once(what).unwrap_or_else(|| {
                    panic!("no {what:?} in the reason: {}", e.text);
                });
                let n = before.rsplit(' ').next().unwrap();
                n.parse().unwrap()
            };
            let kill = pct(" % to eliminate them");
            let die = pct(" % to be eliminated");
            let melee = pct(" % to stay in Melee");
            assert!(kill > 0.0 && kill < 100.0 && melee < 100.0, "{}", e.text);
            assert!(kill + melee <= 101.0 && die + melee <= 101.0, "{}", e.text);
            // A11.7 / G1.64: where a Melee may follow, the chance to be eliminated by the end
            // of the enemy's CCPh, where the Japanese fight it Hand-to-Hand as the ATTACKER:
            // at least the first CCPh's, at most that and the whole Melee's share.
            if melee >= 1.0 {
                let by_next = pct(" % to be eliminated by the end of the enemy's CCPh");
                assert!(
                    by_next + 0.5 >= die && by_next <= die + melee + 1.0,
                    "{}",
                    e.text
                );
                if e.text
                    .contains("by the end of the enemy's CCPh, Hand-to-Hand (G1.64)")
                {
                    hand_to_hand += 1;
                }
            }
            told += 1;
        }
    }
    assert!(
        told > 0,
        "no Close Combat advance by the Allied doctrine in 8 games"
    );
    assert!(hand_to_hand > 0, "no Melee told as Hand-to-Hand in 8 games");
}

/// A8.1 / A12 (a veteran's trial: "a \"?\" moved to cave:A: you may First Fire at it", then Fire
/// at cave:A refused, "none has expended MF there"): the MF a moving "?" spends are seen, so the
/// side's view of it (one placeholder for the Location) has spent them too, and Defensive First
/// Fire at it is allowed on that view, as on the true state; a "?" that has not moved is no
/// First Fire target on either.
#[test]
fn a8_1_a_moving_question_mark_is_a_first_fire_target_in_the_enemy_s_view() {
    use asl_pto_core::opponent::view::{is_placeholder, known_state};
    use asl_pto_core::rules::orders::fire::fire;
    let b = plain();
    let state = |mf: f32| {
        let mut jp1 = jp(&b, "jp1", "C4");
        jp1.concealed = true;
        jp1.unit.mf_spent = mf;
        let mut jp2 = jp(&b, "jp2", "C4");
        jp2.concealed = true;
        let mut st = situation(
            &b,
            Phase::Movement,
            Side::Japanese,
            vec![us(&b, "us1", "C2"), jp1, jp2],
        )
        .state;
        st.sort();
        st
    };
    let first_fire = |st: &asl_pto_core::state::GameState| {
        let s = st.situation(&setting(&b));
        fire(&s, &["us1".to_string()], &crate::board::loc(&b, "C4")).map(|_| ())
    };
    let moved = state(2.0);
    let seen = known_state(&moved, &setting(&b), Side::Allied);
    let veil: Vec<_> = seen
        .units
        .iter()
        .filter(|u| u.unit.side() == Side::Japanese)
        .collect();
    assert_eq!(veil.len(), 1, "one \"?\" for the Location");
    assert!(is_placeholder(&veil[0].unit.id));
    assert_eq!(veil[0].unit.mf_spent, 2.0, "the MF it was seen to spend");
    assert!(first_fire(&moved).is_ok());
    assert!(first_fire(&seen).is_ok(), "{:?}", first_fire(&seen));
    let still = state(0.0);
    let r = first_fire(&known_state(&still, &setting(&b), Side::Allied)).unwrap_err();
    assert_eq!(r.rule, first_fire(&still).unwrap_err().rule);
}
