//! The doctrine's DCs on the ground (A23.3) while it hunts the Casualty VP it needs (A26.2):
//! each test sets a position where the greedy kind keeps its DC for the caves it must Control
//! and checks both kinds, so that it fails if the doctrine only repeats the greedy kind.

use asl_pto_core::counters::Nationality;
use asl_pto_core::model::{Phase, PlacedDc, Side};
use asl_pto_core::opponent::player::Posture;
use asl_pto_core::opponent::{Choice, Kind, Moment, player_of};
use asl_pto_core::rules::orders::Order;
use asl_pto_core::rules::situation::{Situation, UnitAt};
use asl_pto_core::rules::victory::VictoryCondition;

use crate::board::{Board, cliff, loc, setting, situation, unit, us};

fn with_dc(mut u: UnitAt) -> UnitAt {
    u.unit.dc = true;
    u
}

/// The assault's conditions: the Allies win by Controlling caves A and G, or on `cvp` Casualty
/// VP; the Japanese otherwise.
fn caves_or_cvp(b: &Board, cvp: u32) -> [VictoryCondition; 3] {
    [
        VictoryCondition::Control {
            side: Side::Allied,
            locations: vec![loc(b, "cave:A"), loc(b, "cave:G")],
        },
        VictoryCondition::CasualtyVp {
            side: Side::Allied,
            at_least: cvp,
        },
        VictoryCondition::Otherwise {
            side: Side::Japanese,
        },
    ]
}

/// The Allied candidates of `kind` on `s` in a scenario of five Game Turns.
fn allied(kind: Kind, s: &Situation, victory: &[VictoryCondition]) -> Vec<Choice> {
    let posture = Posture {
        victory,
        plan: None,
        turns: Some(5),
    };
    player_of(kind).candidates(s, &posture, Side::Allied, &Moment::Phase, &[])
}

/// The orders among `c` that `pick` keeps, by unit: (unit, reason).
fn orders(c: &[Choice], pick: fn(&Order) -> bool) -> Vec<(String, String)> {
    c.iter()
        .filter(|c| pick(&c.order))
        .map(|c| {
            let u = c.order.unit().map(|u| u.as_ref().to_string());
            (u.unwrap_or_default(), c.reason.clone())
        })
        .collect()
}

fn placements(o: &Order) -> bool {
    matches!(o, Order::PlaceDcAt { .. })
}

fn grenades(o: &Order) -> bool {
    matches!(o, Order::PlaceSmoke { .. } | Order::PlaceWp { .. })
}

/// The assault's first Allied MPh at the foot of the G11.6 cliff: us1 (with the Allies' only
/// DC) in T4, and `more` in T4 too; jp3 (a 4-4-8) and a Japanese 9-1 Known in T5's hex beside
/// it, together worth 4 Casualty VP (A26.2).
fn beside_the_quarry(b: &Board, more: Vec<UnitAt>) -> Situation<'_> {
    let mut units = vec![
        with_dc(us(b, "us1", "T4")),
        unit(b, "jp3", Nationality::Japanese, "4-4-8", "T5"),
        unit(b, "jpL", Nationality::Japanese, "9-1", "T5"),
    ];
    units.extend(more);
    situation(b, Phase::Movement, Side::Allied, units)
}

/// A23.3 / A26.2: with one DC for two caves it must Control the greedy kind keeps it for them
/// (no DC to spare); the doctrine, needing 4 Casualty VP and Known enemy units beside it worth
/// them, Places it on them (30 FP as the AFPh begins, in place of a Close Combat at the
/// enemy's Ambush and Hand-to-Hand odds, G1.64); needing 6, which they are not worth, it
/// keeps it too.
#[test]
fn a23_3_a26_2_the_doctrine_places_its_dc_on_the_known_enemy_worth_the_casualty_vp_it_needs() {
    let b = cliff();
    let s = beside_the_quarry(&b, vec![us(&b, "us2", "T4")]);
    let greedy = orders(&allied(Kind::Greedy, &s, &caves_or_cvp(&b, 4)), placements);
    assert!(greedy.is_empty(), "{greedy:#?}");
    let d = orders(
        &allied(Kind::Doctrine, &s, &caves_or_cvp(&b, 4)),
        placements,
    );
    assert_eq!(d.len(), 1, "{d:#?}");
    assert_eq!(d[0].0, "us1");
    assert!(
        d[0].1.contains("us1 Places its DC on T5, on jp3 and jpL") && d[0].1.contains("(A23.3)"),
        "{}",
        d[0].1
    );
    let d6 = orders(
        &allied(Kind::Doctrine, &s, &caves_or_cvp(&b, 6)),
        placements,
    );
    assert!(d6.is_empty(), "{d6:#?}");
}

/// A24.1 / A23.3: a DC carrier throws no grenades while its side hunts the Casualty VP the
/// Known enemy beside it is worth (SMOKE costs two MF, and the Placement the MF of entering
/// the target: after both it could not Place the DC); a squad without a DC still screens its
/// step, and so does us1 without its DC. us1 (with the DC) and us2 in S3, two hexes from T5,
/// whose Known jp3 and 9-1 overlook the open T3 and T4 on the way.
#[test]
fn a24_1_a23_3_a_dc_carrier_hunting_keeps_its_mf_for_the_placement_not_for_smoke() {
    let b = cliff();
    let at_s3 = |dc: bool| {
        let mut s = beside_the_quarry(&b, vec![us(&b, "us2", "S3")]);
        for u in s.state.units.iter_mut().filter(|u| u.unit.id == "us1") {
            u.at = loc(&b, "S3");
            u.unit.dc = dc;
        }
        s.state.clone()
    };
    let victory = caves_or_cvp(&b, 4);
    let smoke_by = |kind: Kind, dc: bool| -> Vec<String> {
        let st = at_s3(dc);
        let s = st.situation(&setting(&b));
        orders(&allied(kind, &s, &victory), grenades)
            .into_iter()
            .map(|(u, _)| u)
            .collect()
    };
    let g = smoke_by(Kind::Greedy, true);
    assert!(g.iter().any(|u| u == "us1"), "{g:?}");
    let d = smoke_by(Kind::Doctrine, true);
    assert!(!d.iter().any(|u| u == "us1"), "{d:?}");
    assert!(d.iter().any(|u| u == "us2"), "{d:?}");
    let without = smoke_by(Kind::Doctrine, false);
    assert!(without.iter().any(|u| u == "us1"), "{without:?}");
}

/// A23.1 / A23.3: a DC attacks every unit in its target Location, so the doctrine Places none
/// where its own units are (us3 locked in Melee with jp3 and the 9-1 in T5), and one DC a
/// Location: with us1's DC Placed on T5 already, us2 (carrying the second) keeps it for the
/// caves. Each case against its control (the same position without us3, without us1's DC).
#[test]
fn a23_1_a23_3_the_doctrine_places_no_dc_on_its_own_men_nor_a_second_on_the_same_location() {
    let b = cliff();
    let victory = caves_or_cvp(&b, 4);
    let placers = |s: &Situation| -> Vec<String> {
        orders(&allied(Kind::Doctrine, s, &victory), placements)
            .into_iter()
            .map(|(u, _)| u)
            .collect()
    };
    let free = beside_the_quarry(&b, vec![]);
    assert_eq!(placers(&free), ["us1"]);
    let melee = beside_the_quarry(&b, vec![us(&b, "us3", "T5")]);
    assert!(placers(&melee).is_empty(), "{:?}", placers(&melee));
    // us1 has Placed its DC on T5; us2, beside it with the second, Places none there.
    let mut st = beside_the_quarry(&b, vec![with_dc(us(&b, "us2", "T4"))]).state;
    let second = placers(&st.situation(&setting(&b)));
    assert_eq!(second, ["us1", "us2"], "the control: both may Place");
    for u in st.units.iter_mut().filter(|u| u.unit.id == "us1") {
        u.unit.dc = false;
        u.unit.placed_dc = Some(PlacedDc {
            cave: String::new(),
            from: loc(&b, "T4"),
            on: Some(loc(&b, "T5")),
            area_fire: false,
            operable: false,
            set: None,
        });
    }
    let after = placers(&st.situation(&setting(&b)));
    assert!(after.is_empty(), "{after:?}");
}

/// The Japanese candidates of `kind` at the First Fire moment at `at`.
fn japanese_first_fire(
    kind: Kind,
    s: &Situation,
    victory: &[VictoryCondition],
    at: &str,
    b: &Board,
) -> Vec<Choice> {
    let posture = Posture {
        victory,
        plan: None,
        turns: Some(5),
    };
    player_of(kind).candidates(
        s,
        &posture,
        Side::Japanese,
        &Moment::FirstFireAt(loc(b, at)),
        &[],
    )
}

/// The Allied MPh on the cliff: us1 in T4 has spent 1.5 MF there (`placed`: Placing a DC on
/// T5, as Area Fire when `area_fire`; `pinned`), jp2 in cave G (its Entrance Hex T4) with the
/// fire counter `jp2_mark`, jp3 and the 9-1 in T5.
fn placer_beside_t5(
    b: &Board,
    placed: bool,
    area_fire: bool,
    jp2_mark: Option<asl_pto_core::model::FireMark>,
    pinned: bool,
) -> Situation<'_> {
    let mut placer = us(b, "us1", "T4");
    placer.unit.mf_spent = 1.5;
    placer.unit.pinned = pinned;
    if placed {
        placer.unit.placed_dc = Some(PlacedDc {
            cave: String::new(),
            from: loc(b, "T4"),
            on: Some(loc(b, "T5")),
            area_fire,
            operable: false,
            set: None,
        });
    }
    let mut jp2 = unit(b, "jp2", Nationality::Japanese, "4-4-7", "cave:G");
    jp2.unit.fired = jp2_mark;
    let units = vec![
        placer,
        jp2,
        unit(b, "jpL", Nationality::Japanese, "9-1", "T5"),
        unit(b, "jp3", Nationality::Japanese, "4-4-8", "T5"),
    ];
    situation(b, Phase::Movement, Side::Allied, units)
}

/// A23.3 / A8.3: us1 has just Placed a DC on T5 from T4 (1.5 MF there); jp2 in cave G, whose
/// Entrance Hex is T4, already marked First Fire, may fire once more at it this MPh
/// (Subsequent First Fire: the closest Known enemy unit, half FP). Breaking or pinning the Placer before the DFPh
/// cancels the DC: the doctrine fires at him, its reason naming the DC and its chance to cancel
/// it, the shot worth more the more the DC would take (its 30 FP on jp3 and the 9-1 rather
/// than 15 as Area Fire, A23.1). At a squad that only moved into T4 it keeps its one fire left
/// for the DFPh, where its Final Fire attacks every unit in T4 (A8.4).
#[test]
fn a23_3_a8_3_the_holding_doctrine_fires_its_subsequent_first_fire_at_a_dc_placer() {
    use asl_pto_core::model::FireMark;
    let b = cliff();
    let victory = caves_or_cvp(&b, 4);
    let position = |placed: bool, area_fire: bool| {
        placer_beside_t5(&b, placed, area_fire, Some(FireMark::FirstFire), false)
    };
    let t4 = loc(&b, "T4");
    let jp2_at_t4 = |placed: bool, area_fire: bool| -> Option<Choice> {
        let s = position(placed, area_fire);
        let c = japanese_first_fire(Kind::Doctrine, &s, &victory, "T4", &b);
        c.into_iter().find(|c| {
            c.score > 0.0
                && matches!(&c.order, Order::Fire { units, at } if *at == t4 && units == &["jp2"])
        })
    };
    let full = jp2_at_t4(true, false).expect("a Subsequent First Fire at the Placer");
    assert!(
        full.reason.contains("us1 holds a Placed DC") && full.reason.contains("% to do so"),
        "{}",
        full.reason
    );
    let half = jp2_at_t4(true, true).expect("a Subsequent First Fire at the Placer");
    assert!(
        full.score > half.score + 0.1,
        "a 30 FP DC {} ({}), 15 FP {} ({})",
        full.score,
        full.reason,
        half.score,
        half.reason
    );
    assert!(jp2_at_t4(false, false).is_none());
    // Once the Placer has moved on from where he Placed it (here: Placed from U4), breaking
    // him no longer cancels the DC (`dc::placer_survived`): no Subsequent First Fire for it.
    let mut s = position(true, false);
    for u in s.units.iter_mut().filter(|u| u.unit.id == "us1") {
        if let Some(p) = u.unit.placed_dc.as_mut() {
            p.from = loc(&b, "U4");
        }
    }
    let c = japanese_first_fire(Kind::Doctrine, &s, &victory, "T4", &b);
    assert!(
        !c.iter().any(|c| c.score > 0.0
            && matches!(&c.order, Order::Fire { units, at } if *at == t4 && units == &["jp2"])),
        "{c:#?}"
    );
}

/// A23.3 / A8.31: the same Placer, with jp2 in cave G already marked Final Fire (it fired its
/// Subsequent First Fire): its one fire left this MPh is FPF, whose Original IFT DR is also its
/// own NMC DR. The doctrine still fires it at the Placer, its reason naming the risk to jp2
/// (a 4-4-7 fails its NMC on a DR above 7: 15 of 36), and scores it below the same shot as
/// Subsequent First Fire (the same FP, no such risk); at a squad that only moved into T4 the
/// shot is not worth jp2's 42 % to fail its NMC.
#[test]
fn a23_3_a8_31_the_holding_doctrine_weighs_its_fpf_nmc_at_a_dc_placer() {
    use asl_pto_core::model::FireMark;
    let b = cliff();
    let victory = caves_or_cvp(&b, 4);
    let t4 = loc(&b, "T4");
    let shot = |mark: Option<FireMark>, placed: bool, pinned: bool| -> Option<Choice> {
        let s = placer_beside_t5(&b, placed, false, mark, pinned);
        japanese_first_fire(Kind::Doctrine, &s, &victory, "T4", &b)
            .into_iter()
            .find(|c| {
                c.score > 0.0
                    && matches!(&c.order, Order::Fire { units, at } if *at == t4 && units == &["jp2"])
            })
    };
    let fpf = shot(Some(FireMark::FinalFire), true, false).expect("FPF at the Placer");
    assert!(
        fpf.reason.contains("us1 holds a Placed DC")
            && fpf.reason.contains("jp2's NMC DR (A8.31): 42 % to fail it"),
        "{}",
        fpf.reason
    );
    let sff =
        shot(Some(FireMark::FirstFire), true, false).expect("Subsequent First Fire at the Placer");
    assert!(
        fpf.score < sff.score,
        "FPF {} ({}), SFF {} ({})",
        fpf.score,
        fpf.reason,
        sff.score,
        sff.reason
    );
    assert!(shot(Some(FireMark::FinalFire), false, false).is_none());
    // Fresh, jp2 does fire at that squad (its First Fire, no NMC): what holds the FPF back is
    // the NMC it risks.
    assert!(shot(None, false, false).is_some());
    // A Placer already pinned has lost his DC (A23.3): no FPF at him for it.
    let pinned = shot(Some(FireMark::FinalFire), true, true);
    assert!(pinned.is_none(), "{pinned:#?}");
}
