//! Strange World placement rules (rules-notes SW §4 "Per-card placement
//! resolution", rulebook pp.3, 7-11) played through the solo engine's typed
//! actions on prepared deals of `tests/fixtures/worlds/catalog.toml`.
//!
//! Cells are given relative to the starting Land: `(dx, dy)`, `dy < 0` above.

use deckwright::catalog;
use deckwright::engine::solo::{
    Action, Components, Deal, Event, Flip, IllegalMove, Phase, Pos, Side, Solo, SoloRules,
    for_each_move,
};
use deckwright::model::Catalog;

fn fixture_catalog() -> Catalog {
    let path = crate::support::root().join("tests/fixtures/worlds/catalog.toml");
    catalog::load(&path).unwrap().catalog
}

fn comps(options: &[(&str, &str)]) -> Components {
    let o: Vec<(String, String)> = options
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    Components::new(&fixture_catalog(), SoloRules::new(&o).unwrap()).unwrap()
}

fn land(c: &Components, name: &str) -> u8 {
    c.find_land(name)
        .unwrap_or_else(|| panic!("no land {name}"))
}

/// A deal: the given stacks first (top card first), the rest filled with
/// unused Lands; Travellers Splash, Kark, Boung unless given.
fn game(c: &Components, start: &str, stacks: &[[&str; 3]]) -> Solo {
    let mut used: Vec<u8> = vec![land(c, start)];
    let mut out: Vec<Vec<u8>> = Vec::new();
    for s in stacks {
        let v: Vec<u8> = s.iter().map(|n| land(c, n)).collect();
        used.extend(&v);
        out.push(v);
    }
    let mut spare = c.solo_lands.iter().copied().filter(|l| !used.contains(l));
    while out.len() < 7 {
        out.push((0..3).map(|_| spare.next().unwrap()).collect());
    }
    let travellers = ["Splash", "Kark", "Boung"]
        .iter()
        .map(|t| c.find_traveller(t).unwrap())
        .collect();
    Solo::with_deal(
        c,
        &Deal {
            start: land(c, start),
            stacks: out,
            travellers,
        },
    )
    .unwrap()
}

fn at(dx: i8, dy: i8) -> Pos {
    Pos::new((3 + dx) as u8, (3 + dy) as u8).unwrap()
}

fn take(s: &mut Solo, c: &Components, stack: u8) {
    s.apply(c, Action::TakeStack { stack }, &mut ()).unwrap();
}

fn place(s: &mut Solo, c: &Components, name: &str, dx: i8, dy: i8) -> Vec<Event> {
    let mut ev = Vec::new();
    s.apply(
        c,
        Action::Place {
            card: land(c, name),
            at: at(dx, dy),
        },
        &mut ev,
    )
    .unwrap_or_else(|e| panic!("placing {name} at ({dx},{dy}): {e}"));
    ev
}

fn try_place(s: &mut Solo, c: &Components, name: &str, dx: i8, dy: i8) -> IllegalMove {
    let before = *s;
    let err = s
        .apply(
            c,
            Action::Place {
                card: land(c, name),
                at: at(dx, dy),
            },
            &mut (),
        )
        .expect_err("the move must be refused");
    assert_eq!(*s, before, "a refused move changes nothing");
    err
}

fn flips(ev: &[Event]) -> Vec<Flip> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Flipped { cause, .. } => Some(*cause),
            _ => None,
        })
        .collect()
}

fn face_up(s: &Solo, dx: i8, dy: i8) -> bool {
    s.world().cell(at(dx, dy)).expect("a card").face_up
}

fn covered(s: &Solo, dx: i8, dy: i8) -> bool {
    s.world().cell(at(dx, dy)).expect("a card").fumarole
}

// ---------------------------------------------------------------- placement

#[test]
fn placement_orthogonally_adjacent_to_the_world() {
    let c = comps(&[]);
    let mut s = game(&c, "Start", &[["Plain 1", "Plain 2", "Plain 3"]]);
    take(&mut s, &c, 0);
    assert_eq!(
        try_place(&mut s, &c, "Plain 1", 1, 1),
        IllegalMove::NotAdjacent
    );
    assert_eq!(
        try_place(&mut s, &c, "Plain 1", 0, 0),
        IllegalMove::Occupied
    );
    let e = try_place(&mut s, &c, "Plain 1", 2, 0);
    assert!(e.to_string().contains("orthogonally adjacent"), "{e}");
    place(&mut s, &c, "Plain 1", 1, 0);
}

#[test]
fn placement_within_a_4x4_square() {
    let c = comps(&[]);
    let mut s = game(
        &c,
        "Start",
        &[
            ["Plain 1", "Plain 2", "Plain 3"],
            ["Plain 4", "Plain 5", "Plain 6"],
        ],
    );
    take(&mut s, &c, 0);
    place(&mut s, &c, "Plain 1", 1, 0);
    place(&mut s, &c, "Plain 2", 2, 0);
    place(&mut s, &c, "Plain 3", 3, 0);
    take(&mut s, &c, 1);
    let e = try_place(&mut s, &c, "Plain 4", -1, 0);
    assert_eq!(e, IllegalMove::OutsideSquare);
    assert!(e.to_string().contains("4 by 4"), "{e}");
    place(&mut s, &c, "Plain 4", 0, 1);
    place(&mut s, &c, "Plain 5", 0, 2);
    place(&mut s, &c, "Plain 6", 0, 3);
    // four rows now: nothing may go above them
    assert_eq!(s.cell_error(at(1, -1)), Some(IllegalMove::OutsideSquare));
    assert_eq!(s.cell_error(at(1, 1)), None);
}

#[test]
fn the_revealed_card_is_placed_first_and_only_from_the_hand() {
    let c = comps(&[]);
    let mut s = game(&c, "Start", &[["Plain 1", "Plain 2", "Plain 3"]]);
    assert!(matches!(
        try_place(&mut s, &c, "Plain 1", 1, 0),
        IllegalMove::WrongPhase { .. }
    ));
    take(&mut s, &c, 0);
    assert_eq!(s.hand().count(), 1, "only the top card is face up");
    assert_eq!(
        try_place(&mut s, &c, "Plain 2", 1, 0),
        IllegalMove::TopCardFirst
    );
    assert_eq!(
        try_place(&mut s, &c, "Plain 8", 1, 0),
        IllegalMove::NotInHand
    );
    let ev = place(&mut s, &c, "Plain 1", 1, 0);
    assert!(ev.contains(&Event::Revealed {
        card: land(&c, "Plain 2")
    }));
    assert_eq!(s.hand().count(), 2);
    // the other two in either order
    place(&mut s, &c, "Plain 3", 2, 0);
    place(&mut s, &c, "Plain 2", -1, 0);
    assert_eq!(s.phase(), Phase::ChooseStack);
    let before = s;
    assert_eq!(
        s.apply(&c, Action::TakeStack { stack: 0 }, &mut ()),
        Err(IllegalMove::StackTaken)
    );
    assert_eq!(
        s.apply(&c, Action::TakeStack { stack: 7 }, &mut ()),
        Err(IllegalMove::NoSuchStack)
    );
    assert_eq!(s, before);
}

// ---------------------------------------------------------------- desolation

#[test]
fn lake_next_to_a_face_up_lake_flips() {
    let c = comps(&[]);
    let mut s = game(&c, "Start Lake", &[["Lake A", "Lake B", "Plain 1"]]);
    take(&mut s, &c, 0);
    let ev = place(&mut s, &c, "Lake A", 1, 0);
    assert_eq!(flips(&ev), vec![Flip::Lake]);
    assert!(!face_up(&s, 1, 0));
    // next to the Tzimime Lake A only: stays face up
    let ev = place(&mut s, &c, "Lake B", 2, 0);
    assert!(flips(&ev).is_empty());
    assert!(face_up(&s, 2, 0));
}

#[test]
fn lake_next_to_a_covered_lake_stays() {
    let c = comps(&[]);
    let mut s = game(&c, "Start Lake", &[["Volcano A", "Lake A", "Plain 1"]]);
    take(&mut s, &c, 0);
    let ev = place(&mut s, &c, "Volcano A", 0, 1);
    assert!(ev.contains(&Event::Covered {
        card: land(&c, "Start Lake"),
        at: at(0, 0)
    }));
    let ev = place(&mut s, &c, "Lake A", 1, 0);
    assert!(flips(&ev).is_empty(), "a covered lake shows no icon");
}

#[test]
fn swamp_in_a_row_that_shows_a_swamp_flips() {
    let c = comps(&[]);
    let mut s = game(&c, "Start", &[["Swamp A", "Swamp B", "Swamp C"]]);
    take(&mut s, &c, 0);
    assert!(flips(&place(&mut s, &c, "Swamp A", 1, 0)).is_empty());
    assert!(
        flips(&place(&mut s, &c, "Swamp C", 0, 1)).is_empty(),
        "another row"
    );
    assert_eq!(
        flips(&place(&mut s, &c, "Swamp B", -1, 0)),
        vec![Flip::Swamp]
    );
}

#[test]
fn watcher_outside_the_top_row_flips() {
    let c = comps(&[]);
    let mut s = game(&c, "Start", &[["Watcher A", "Watcher B", "Plain 1"]]);
    take(&mut s, &c, 0);
    assert_eq!(
        flips(&place(&mut s, &c, "Watcher A", 0, 1)),
        vec![Flip::Watcher]
    );
    assert!(flips(&place(&mut s, &c, "Watcher B", 1, 0)).is_empty());
    assert!(face_up(&s, 1, 0));
}

#[test]
fn watcher_demoted_by_a_new_top_row_flips() {
    let c = comps(&[]);
    let mut s = game(&c, "Start", &[["Watcher A", "Plain 1", "Plain 2"]]);
    take(&mut s, &c, 0);
    place(&mut s, &c, "Watcher A", 1, 0);
    let ev = place(&mut s, &c, "Plain 1", 0, -1);
    assert_eq!(flips(&ev), vec![Flip::WatcherDemoted]);
    assert!(!face_up(&s, 1, 0));
}

#[test]
fn a_starting_land_watcher_is_never_flipped() {
    let c = comps(&[]);
    let mut s = game(&c, "Start Watcher", &[["Plain 1", "Plain 2", "Plain 3"]]);
    take(&mut s, &c, 0);
    let ev = place(&mut s, &c, "Plain 1", 0, -1);
    assert!(flips(&ev).is_empty(), "{ev:?}");
    assert!(face_up(&s, 0, 0));
}

#[test]
fn desolation_comes_before_the_portal() {
    let c = comps(&[]);
    let mut s = game(
        &c,
        "Start Lake",
        &[
            ["Plain 1", "Plain 2", "Plain 3"],
            ["Gate L1", "Lake Gate", "Plain 4"],
        ],
    );
    take(&mut s, &c, 0);
    place(&mut s, &c, "Plain 1", 0, -1);
    place(&mut s, &c, "Plain 2", 1, -1);
    place(&mut s, &c, "Plain 3", 2, -1);
    take(&mut s, &c, 1);
    place(&mut s, &c, "Gate L1", 2, 0);
    // Lake Gate (a lake with a right half) between Start Lake and Gate L1:
    // the lake flips it before its portal could open
    let ev = place(&mut s, &c, "Lake Gate", 1, 0);
    assert_eq!(flips(&ev), vec![Flip::Lake]);
    assert!(
        !ev.iter()
            .any(|e| matches!(e, Event::PortalCompleted { .. })),
        "{ev:?}"
    );
}

// ---------------------------------------------------------------- portals and Travellers

/// Start, then Gate R1 and Gate L1 to its right: a completed portal in row 0.
fn opened(c: &Components, rest: &[[&str; 3]]) -> Solo {
    let mut stacks = vec![["Gate R1", "Gate L1", "Plain 1"]];
    stacks.extend_from_slice(rest);
    let mut s = game(c, "Start", &stacks);
    take(&mut s, c, 0);
    place(&mut s, c, "Gate R1", 1, 0);
    let ev = place(&mut s, c, "Gate L1", 2, 0);
    assert!(ev.contains(&Event::PortalCompleted {
        a: at(2, 0),
        b: at(1, 0)
    }));
    s
}

#[test]
fn completing_a_portal_welcomes_a_traveller_at_the_rows_end() {
    let c = comps(&[]);
    let mut s = opened(&c, &[["Plain 2", "Plain 3", "Plain 4"]]);
    assert!(matches!(s.phase(), Phase::Welcome { .. }));
    let mut legal = Vec::new();
    s.legal_actions(&c, &mut legal);
    assert!(legal.contains(&Action::Decline));
    // 3 Travellers x 2 sides x 2 row pairs (with the row above or below)
    assert_eq!(legal.len(), 3 * 2 * 2 + 1);
    let splash = c.find_traveller("Splash").unwrap();
    // rows that leave out the portal's row are refused
    let before = s;
    let e = s
        .apply(
            &c,
            Action::Welcome {
                traveller: splash,
                side: Side::Left,
                upper: 4,
            },
            &mut (),
        )
        .unwrap_err();
    assert_eq!(e, IllegalMove::TravellerRows);
    assert!(e.to_string().contains("row above or below"), "{e}");
    assert_eq!(s, before);
    let mut ev = Vec::new();
    s.apply(
        &c,
        Action::Welcome {
            traveller: splash,
            side: Side::Left,
            upper: 3,
        },
        &mut ev,
    )
    .unwrap();
    assert_eq!(s.world().travellers().len(), 1);
    assert_eq!(s.world().closed(), Some((Side::Left, 3)));
    assert!(!s.offer().any(|t| t == splash));
    // "you cannot extend your World beyond the Traveller card"
    place(&mut s, &c, "Plain 1", 0, 1);
    take(&mut s, &c, 1);
    let e = try_place(&mut s, &c, "Plain 2", -1, 0);
    assert_eq!(e, IllegalMove::BeyondTraveller);
    assert!(e.to_string().contains("beyond the Traveller"), "{e}");
}

#[test]
fn travellers_stay_on_the_side_of_the_first() {
    let c = comps(&[]);
    let mut s = opened(&c, &[["Gate R2", "Gate L2", "Plain 2"]]);
    let splash = c.find_traveller("Splash").unwrap();
    let kark = c.find_traveller("Kark").unwrap();
    s.apply(
        &c,
        Action::Welcome {
            traveller: splash,
            side: Side::Right,
            upper: 3,
        },
        &mut (),
    )
    .unwrap();
    place(&mut s, &c, "Plain 1", 0, 1);
    take(&mut s, &c, 1);
    place(&mut s, &c, "Gate R2", 1, 1);
    place(&mut s, &c, "Gate L2", 2, 1);
    assert!(matches!(s.phase(), Phase::Welcome { .. }));
    let e = s
        .apply(
            &c,
            Action::Welcome {
                traveller: kark,
                side: Side::Left,
                upper: 4,
            },
            &mut (),
        )
        .unwrap_err();
    assert_eq!(e, IllegalMove::TravellerSide);
    assert!(e.to_string().contains("same side"), "{e}");
    // the same rows as the first one are allowed ("slightly aside")
    s.apply(
        &c,
        Action::Welcome {
            traveller: kark,
            side: Side::Right,
            upper: 3,
        },
        &mut (),
    )
    .unwrap();
    assert_eq!(s.world().travellers().len(), 2);
    let e = s
        .apply(
            &c,
            Action::Welcome {
                traveller: kark,
                side: Side::Right,
                upper: 3,
            },
            &mut (),
        )
        .unwrap_err();
    assert!(matches!(e, IllegalMove::WrongPhase { .. }));
}

#[test]
fn a_traveller_is_not_welcomed_twice() {
    let c = comps(&[]);
    let mut s = opened(&c, &[]);
    let zorg = 200;
    assert_eq!(
        s.apply(
            &c,
            Action::Welcome {
                traveller: zorg,
                side: Side::Left,
                upper: 3
            },
            &mut ()
        ),
        Err(IllegalMove::NotOffered)
    );
    s.apply(&c, Action::Decline, &mut ()).unwrap();
    assert!(s.world().travellers().is_empty());
    assert_eq!(s.offer().count(), 3);
}

/// Start with three cards below it, then a portal in the World's top row:
/// rows 3 to 6 are the 4×4 square's.
fn portal_in_the_top_row(c: &Components) -> Solo {
    let mut s = game(
        c,
        "Start",
        &[
            ["Plain 1", "Plain 2", "Plain 3"],
            ["Gate R1", "Gate L1", "Plain 4"],
        ],
    );
    take(&mut s, c, 0);
    place(&mut s, c, "Plain 1", 0, 1);
    place(&mut s, c, "Plain 2", 0, 2);
    place(&mut s, c, "Plain 3", 0, 3);
    take(&mut s, c, 1);
    place(&mut s, c, "Gate R1", 1, 0);
    place(&mut s, c, "Gate L1", 2, 0);
    let Phase::Welcome { .. } = s.phase() else {
        panic!("{:?}", s.phase())
    };
    s
}

fn welcome_rows(legal: &[Action]) -> std::collections::BTreeSet<i8> {
    legal
        .iter()
        .filter_map(|a| match a {
            Action::Welcome { upper, .. } => Some(*upper),
            _ => None,
        })
        .collect()
}

/// p.7: the Traveller goes "at the end of the line where the Portal is ...
/// overlapping the row above or below" and "is not a part of your 4 by 4
/// square": over a portal in the World's top row it may take the row above,
/// outside the square; that row bounds nothing and holds no cards.
#[test]
fn p07_traveller_rows_may_leave_the_square() {
    let c = comps(&[]);
    let mut s = portal_in_the_top_row(&c);
    let mut legal = Vec::new();
    s.legal_actions(&c, &mut legal);
    assert_eq!(welcome_rows(&legal), [2, 3].into_iter().collect());
    let kark = c.find_traveller("Kark").unwrap();
    s.apply(
        &c,
        Action::Welcome {
            traveller: kark,
            side: Side::Left,
            upper: 2,
        },
        &mut (),
    )
    .unwrap();
    assert_eq!(s.world().travellers()[0].upper, 2);
    // the row above is not opened to cards by the Traveller
    place(&mut s, &c, "Plain 4", 3, 0);
    take(&mut s, &c, 2);
    let top_card = s.hand().next().unwrap();
    let e = s
        .apply(
            &c,
            Action::Place {
                card: top_card,
                at: at(1, -1),
            },
            &mut (),
        )
        .unwrap_err();
    assert_eq!(e, IllegalMove::OutsideSquare);
    // the Traveller's rows in the finished World: the row above it and A
    let scored = deckwright::engine::solo::travellers(s.world(), &c);
    assert_eq!(scored[0].rows, [-1, 0]);
}

/// p.7 "Travellers' rows are forced inside the 4×4 square" as the option
/// `traveller_rows_in_square`: rows 3..=6 are taken, so only the pair
/// (3, 4) keeps the square.
#[test]
fn traveller_rows_option_in_square_keeps_them_in_the_square() {
    let c = comps(&[("traveller_rows_in_square", "true")]);
    let mut s = portal_in_the_top_row(&c);
    let mut legal = Vec::new();
    s.legal_actions(&c, &mut legal);
    assert_eq!(welcome_rows(&legal), [3].into_iter().collect());
    let e = s
        .apply(
            &c,
            Action::Welcome {
                traveller: legal_traveller(&legal),
                side: Side::Left,
                upper: 2,
            },
            &mut (),
        )
        .unwrap_err();
    assert_eq!(e, IllegalMove::TravellerRowsOutsideSquare);
    assert!(e.to_string().contains("4x4 square"), "{e}");
}

/// With the option a Traveller's rows bound the square as cards do; by
/// default they bound nothing (p.7 "is not a part of your 4 by 4 square").
#[test]
fn traveller_rows_bound_the_square_only_with_the_option() {
    for (option, row_below_open) in [("false", true), ("true", false)] {
        let c = comps(&[("traveller_rows_in_square", option)]);
        let mut s = opened(&c, &[["Plain 2", "Plain 3", "Plain 4"]]);
        // over rows 2-3: the portal's row and the row above it
        s.apply(
            &c,
            Action::Welcome {
                traveller: c.find_traveller("Kark").unwrap(),
                side: Side::Left,
                upper: 2,
            },
            &mut (),
        )
        .unwrap();
        place(&mut s, &c, "Plain 1", 0, 1);
        take(&mut s, &c, 1);
        place(&mut s, &c, "Plain 2", 0, 2);
        // rows 2..=5 with the Traveller's claim: row 6 is beyond the square
        let open = s.world().open_positions().any(|p| p == at(0, 3));
        assert_eq!(open, row_below_open, "traveller_rows_in_square={option}");
    }
}

fn legal_traveller(legal: &[Action]) -> u8 {
    legal
        .iter()
        .find_map(|a| match a {
            Action::Welcome { traveller, .. } => Some(*traveller),
            _ => None,
        })
        .unwrap()
}

#[test]
fn portal_reuse_a_half_facing_a_used_portal_card_flips() {
    let c = comps(&[]);
    let mut s = opened(&c, &[["Gate L2", "Gate R2", "Plain 2"]]);
    s.apply(&c, Action::Decline, &mut ()).unwrap();
    place(&mut s, &c, "Plain 1", 0, 1);
    take(&mut s, &c, 1);
    // Gate L2's left half points at Gate L1, already in a portal
    assert_eq!(
        flips(&place(&mut s, &c, "Gate L2", 3, 0)),
        vec![Flip::PortalReuse]
    );
    // Gate R2 next to Gate R1 but pointing at an empty cell: stays face up
    assert!(flips(&place(&mut s, &c, "Gate R2", 1, 1)).is_empty());
}

#[test]
fn portal_reuse_option_adjacent_flips_any_portal_card_next_to_a_used_one() {
    let c = comps(&[("portal_reuse_adjacent", "true")]);
    let mut s = opened(&c, &[["Gate R2", "Plain 2", "Plain 3"]]);
    s.apply(&c, Action::Decline, &mut ()).unwrap();
    place(&mut s, &c, "Plain 1", 0, 1);
    take(&mut s, &c, 1);
    assert_eq!(
        flips(&place(&mut s, &c, "Gate R2", 1, 1)),
        vec![Flip::PortalReuse]
    );
}

#[test]
fn a_vertical_portal_welcomes_over_either_of_its_rows() {
    let c = comps(&[]);
    let mut s = game(&c, "Start", &[["Gate Bottom", "Gate Top", "Plain 1"]]);
    take(&mut s, &c, 0);
    place(&mut s, &c, "Gate Bottom", 1, 0);
    let ev = place(&mut s, &c, "Gate Top", 1, 1);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::PortalCompleted { .. }))
    );
    let mut legal = Vec::new();
    s.legal_actions(&c, &mut legal);
    let uppers: std::collections::BTreeSet<i8> = legal
        .iter()
        .filter_map(|a| match a {
            Action::Welcome { upper, .. } => Some(*upper),
            _ => None,
        })
        .collect();
    // rows (2,3), (3,4) and (4,5) each include row 3 or row 4
    assert_eq!(uppers, [2, 3, 4].into_iter().collect());
}

// ---------------------------------------------------------------- volcanoes, Fumaroles, Dark Cities

#[test]
fn volcano_with_one_coverable_neighbour_covers_it() {
    let c = comps(&[]);
    let mut s = game(&c, "Start", &[["Volcano A", "Plain 1", "Plain 2"]]);
    take(&mut s, &c, 0);
    let ev = place(&mut s, &c, "Volcano A", 1, 0);
    assert!(ev.contains(&Event::Covered {
        card: land(&c, "Start"),
        at: at(0, 0)
    }));
    assert!(covered(&s, 0, 0));
    assert_eq!(s.fumaroles_left(), c.fumaroles - 1);
    assert_eq!(s.phase(), Phase::Place);
}

#[test]
fn volcano_with_several_neighbours_lets_the_player_choose() {
    let c = comps(&[]);
    let mut s = game(&c, "Start", &[["Plain 1", "Plain 2", "Volcano A"]]);
    take(&mut s, &c, 0);
    place(&mut s, &c, "Plain 1", 1, 0);
    place(&mut s, &c, "Plain 2", 1, 1);
    place(&mut s, &c, "Volcano A", 0, 1);
    assert_eq!(s.phase(), Phase::Erupt { volcano: at(0, 1) });
    let before = s;
    let e = s
        .apply(&c, Action::Erupt { at: at(1, 0) }, &mut ())
        .unwrap_err();
    assert_eq!(e, IllegalMove::NotNextToVolcano);
    assert!(
        e.to_string().contains("adjacent cards to the Volcano"),
        "{e}"
    );
    assert_eq!(s, before);
    s.apply(&c, Action::Erupt { at: at(1, 1) }, &mut ())
        .unwrap();
    assert!(covered(&s, 1, 1));
}

/// p.8: "You must place a Volcano card next to an adjacent Land card that
/// may be covered by a Fumarole card": on (-1,0) Volcano B would touch only
/// the covered Start, so while (2,0) (next to Volcano A) is open it may not
/// go there.
#[test]
fn p08_volcano_must_go_where_it_erupts() {
    let c = comps(&[]);
    let mut s = game(&c, "Start", &[["Volcano A", "Volcano B", "Plain 1"]]);
    take(&mut s, &c, 0);
    place(&mut s, &c, "Volcano A", 1, 0); // covers Start
    let before = s;
    let b = land(&c, "Volcano B");
    let e = s
        .apply(
            &c,
            Action::Place {
                card: b,
                at: at(-1, 0),
            },
            &mut (),
        )
        .unwrap_err();
    assert_eq!(e, IllegalMove::VolcanoMustErupt);
    assert!(
        e.to_string().contains("You must place a Volcano card"),
        "{e}"
    );
    assert_eq!(s, before);
    let mut legal = Vec::new();
    s.legal_actions(&c, &mut legal);
    let cells: Vec<Pos> = legal
        .iter()
        .filter_map(|a| match *a {
            Action::Place { card, at } if card == b => Some(at),
            _ => None,
        })
        .collect();
    assert_eq!(cells, vec![at(1, -1), at(2, 0), at(1, 1)]);
    // the move generator offers the same cells
    let mut moved = Vec::new();
    for_each_move(&s, &c, &mut |m, _| {
        if let Action::Place { card, at } = m.actions()[0]
            && card == b
            && !moved.contains(&at)
        {
            moved.push(at);
        }
    });
    assert_eq!(moved, cells);
    // Plain 1 still goes anywhere
    let plain = legal
        .iter()
        .filter(|a| matches!(a, Action::Place { card, .. } if *card != b))
        .count();
    assert_eq!(plain, 6);
    let ev = place(&mut s, &c, "Volcano B", 2, 0);
    assert!(ev.contains(&Event::Covered {
        card: land(&c, "Volcano A"),
        at: at(1, 0)
    }));
}

/// p.8: "If this is impossible, flip the card": with no Fumarole left no cell
/// lets Volcano B erupt, so it goes anywhere and turns Tzimime side up.
#[test]
fn p08_volcano_that_cannot_erupt_anywhere_flips() {
    let mut c = comps(&[]);
    c.fumaroles = 1;
    let mut s = game(&c, "Start", &[["Volcano A", "Volcano B", "Plain 1"]]);
    take(&mut s, &c, 0);
    place(&mut s, &c, "Volcano A", 1, 0); // covers Start with the last Fumarole
    assert_eq!(s.fumaroles_left(), 0);
    let ev = place(&mut s, &c, "Volcano B", -1, 0);
    assert_eq!(flips(&ev), vec![Flip::VolcanoNoCover]);
    assert!(!face_up(&s, -1, 0));
    assert!(!ev.iter().any(|e| matches!(e, Event::Covered { .. })));
}

#[test]
fn erupting_onto_a_fumarole_is_refused() {
    let c = comps(&[]);
    let mut s = game(
        &c,
        "Start",
        &[
            ["Volcano A", "Plain 1", "Plain 2"],
            ["Plain 3", "Plain 4", "Plain 6"],
            ["Plain 5", "Volcano B", "Plain 7"],
        ],
    );
    take(&mut s, &c, 0);
    place(&mut s, &c, "Volcano A", 0, 1); // covers Start
    place(&mut s, &c, "Plain 1", 1, 0);
    place(&mut s, &c, "Plain 2", 1, 1);
    take(&mut s, &c, 1);
    place(&mut s, &c, "Plain 3", 1, -1);
    place(&mut s, &c, "Plain 4", -1, 0);
    place(&mut s, &c, "Plain 6", 2, 0);
    take(&mut s, &c, 2);
    place(&mut s, &c, "Plain 5", -1, -1);
    // next to the Fumarole on Start, Plain 3 and Plain 5
    place(&mut s, &c, "Volcano B", 0, -1);
    assert_eq!(s.phase(), Phase::Erupt { volcano: at(0, -1) });
    let before = s;
    let e = s
        .apply(&c, Action::Erupt { at: at(0, 0) }, &mut ())
        .unwrap_err();
    assert_eq!(e, IllegalMove::CoverFumarole);
    assert!(
        e.to_string().contains("never cover another Fumarole"),
        "{e}"
    );
    assert_eq!(s, before);
    let mut legal = Vec::new();
    s.legal_actions(&c, &mut legal);
    assert_eq!(
        legal,
        vec![
            Action::Erupt { at: at(-1, -1) },
            Action::Erupt { at: at(1, -1) }
        ]
    );
}

/// Start covered by Volcano A's Fumarole; Plain 1 on (1,0), Plain 2 on (2,0).
fn fumaroles(c: &Components, second: [&str; 3]) -> Solo {
    let mut s = game(c, "Start", &[["Plain 1", "Volcano A", "Plain 2"], second]);
    take(&mut s, c, 0);
    place(&mut s, c, "Plain 1", 1, 0);
    place(&mut s, c, "Volcano A", 0, 1); // only neighbour: Start
    assert!(covered(&s, 0, 0));
    place(&mut s, c, "Plain 2", 2, 0);
    take(&mut s, c, 1);
    s
}

#[test]
fn two_adjacent_fumaroles_take_the_highest_dark_city() {
    let c = comps(&[]);
    let mut s = fumaroles(&c, ["Volcano B", "Volcano C", "Plain 3"]);
    // Volcano B above Plain 1: covers it, next to the Fumarole on Start
    let ev = place(&mut s, &c, "Volcano B", 1, -1);
    assert!(ev.contains(&Event::DarkCity {
        stars: 9,
        a: at(1, 0),
        b: at(0, 0)
    }));
    assert_eq!(s.cities_left(), &[7, 5, 4, 4]);
    // Volcano C above Plain 2 covers it: its Fumarole touches the paired one
    // on (1,0) only: "A Fumarole card cannot be part of the creation of
    // several Dark Cities"
    place(&mut s, &c, "Volcano C", 2, -1);
    assert_eq!(s.phase(), Phase::Erupt { volcano: at(2, -1) });
    let mut ev = Vec::new();
    s.apply(&c, Action::Erupt { at: at(2, 0) }, &mut ev)
        .unwrap();
    assert!(ev.contains(&Event::Covered {
        card: land(&c, "Plain 2"),
        at: at(2, 0)
    }));
    assert!(!ev.iter().any(|e| matches!(e, Event::DarkCity { .. })));
    assert_eq!(s.world().dark_cities().len(), 1);
    assert_eq!(s.score(&c).dark_cities, 9);
}

#[test]
fn a_fumarole_between_two_free_ones_lets_the_player_choose_the_partner() {
    let c = comps(&[]);
    let mut s = game(
        &c,
        "Start",
        &[
            ["Plain 1", "Volcano A", "Plain 2"],
            ["Volcano B", "Volcano C", "Plain 3"],
        ],
    );
    take(&mut s, &c, 0);
    place(&mut s, &c, "Plain 1", 1, 0);
    place(&mut s, &c, "Volcano A", 0, 1); // covers Start (0,0)
    place(&mut s, &c, "Plain 2", 2, 0);
    take(&mut s, &c, 1);
    place(&mut s, &c, "Volcano B", 2, 1); // covers Plain 2 (2,0)
    assert!(covered(&s, 2, 0));
    place(&mut s, &c, "Volcano C", 1, -1); // covers Plain 1, between both
    assert_eq!(s.phase(), Phase::JoinCity { fumarole: at(1, 0) });
    let e = s
        .apply(&c, Action::Join { with: at(0, 1) }, &mut ())
        .unwrap_err();
    assert_eq!(e, IllegalMove::NotAFreeFumarole);
    let mut ev = Vec::new();
    s.apply(&c, Action::Join { with: at(2, 0) }, &mut ev)
        .unwrap();
    assert!(ev.contains(&Event::DarkCity {
        stars: 9,
        a: at(1, 0),
        b: at(2, 0)
    }));
}

#[test]
fn no_dark_city_left_none_is_created() {
    let c = comps(&[("solo_dark_cities", "false")]);
    let mut s = fumaroles(&c, ["Volcano B", "Plain 3", "Plain 4"]);
    assert!(s.cities_left().is_empty());
    let ev = place(&mut s, &c, "Volcano B", 1, -1);
    assert!(ev.iter().any(|e| matches!(e, Event::Covered { .. })));
    assert!(!ev.iter().any(|e| matches!(e, Event::DarkCity { .. })));
}

#[test]
fn covering_a_portal_card_keeps_its_traveller() {
    let c = comps(&[]);
    let mut s = opened(&c, &[["Volcano A", "Plain 2", "Plain 3"]]);
    let kark = c.find_traveller("Kark").unwrap();
    s.apply(
        &c,
        Action::Welcome {
            traveller: kark,
            side: Side::Right,
            upper: 3,
        },
        &mut (),
    )
    .unwrap();
    place(&mut s, &c, "Plain 1", 0, 1);
    take(&mut s, &c, 1);
    place(&mut s, &c, "Volcano A", 2, -1); // only neighbour: Gate L1
    assert!(covered(&s, 2, 0));
    assert_eq!(s.world().travellers().len(), 1);
    assert_eq!(s.score(&c).travellers, 5);
}

#[test]
fn an_illegal_move_names_its_rule() {
    for e in [
        IllegalMove::NotAdjacent,
        IllegalMove::OutsideSquare,
        IllegalMove::BeyondTraveller,
        IllegalMove::TravellerSide,
        IllegalMove::TravellerRows,
        IllegalMove::NotNextToVolcano,
        IllegalMove::CoverFumarole,
        IllegalMove::NotAFreeFumarole,
        IllegalMove::TopCardFirst,
        IllegalMove::StackTaken,
    ] {
        let text = e.to_string();
        assert!(text.contains("rule: \""), "{text}");
        assert!(text.contains(e.rule()), "{text}");
    }
}

#[test]
fn preview_shows_events_without_playing() {
    let c = comps(&[]);
    let mut s = game(&c, "Start Lake", &[["Lake A", "Plain 1", "Plain 2"]]);
    take(&mut s, &c, 0);
    assert_eq!(s.current_stack(), Some(0));
    let before = s;
    let a = Action::Place {
        card: land(&c, "Lake A"),
        at: at(1, 0),
    };
    let ev = s.preview(&c, a).unwrap();
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Flipped {
            cause: Flip::Lake,
            ..
        }
    )));
    assert_eq!(s, before);
    assert_eq!(
        s.preview(
            &c,
            Action::Place {
                card: land(&c, "Lake A"),
                at: at(2, 0)
            }
        ),
        Err(IllegalMove::NotAdjacent)
    );
    assert_eq!(s.world().open_positions().count(), 4);
    assert_eq!(s.world().possible_positions().count(), 49);
}
