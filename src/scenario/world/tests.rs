//! Strange World positions: what a file may not say (each refusal at its
//! line), what a viewer sees, and states written back and read again.

use std::path::Path;

use serde_json::{Value, json};

use super::*;
use crate::engine::core::Viewer;

fn catalog() -> Catalog {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("resources/catalogs/strange-world.toml");
    crate::catalog::load(&path).unwrap().catalog
}

fn setup(text: &str) -> Result<WorldScene, Diagnostic> {
    let sc = super::super::parse(Path::new("t.toml"), text)?;
    WorldScene::start(&sc, &catalog())
}

/// The refusal of a position: its line and message.
fn refused(text: &str) -> (usize, String) {
    match setup(text) {
        Ok(_) => panic!("accepted:\n{text}"),
        Err(e) => (e.line, e.message),
    }
}

fn assert_refused(text: &str, line: usize, words: &str) {
    let (l, m) = refused(text);
    assert!(m.contains(words), "line {l}: {m}\n(expected: {words})");
    assert_eq!(l, line, "{m}");
}

const HEAD: &str = "game = \"strange-world\"\ncatalog = \"cards.toml\"\nseed = 4\n";

fn solo(world: &str, seat: &str) -> String {
    format!("{HEAD}\n[world.a]\n{world}\n\n[seat.a]\n{seat}\n")
}

#[test]
fn a_card_not_in_the_catalog_is_named_at_its_line() {
    let text = solo("rows = [\n  [\"Start of Dawn\", \"Blue Lagoon\"],\n]", "");
    assert_refused(&text, 7, "\"Blue Lagoon\" is not in the catalog cards.toml");
    let text = solo("rows = [[\"Start of Dawn\", \"Splash\"]]", "");
    assert_refused(&text, 6, "\"Splash\" is a traveller card, not a Land");
    let text = solo(
        "rows = [[\"Start of Dawn\"]]",
        "hand = [\"Blue Lake\", \"Nope\"]",
    );
    assert_refused(&text, 9, "\"Nope\" is not in the catalog");
}

#[test]
fn a_card_twice_and_a_cell_covered_twice_are_refused() {
    let text = solo(
        "rows = [\n  [\"Start of Dawn\", \"Blue Lake\"],\n  [\".\", \"Blue Lake\"],\n]",
        "",
    );
    assert_refused(&text, 8, "\"Blue Lake\" is listed twice (first on line 7)");
    let text = solo(
        "rows = [[\"Start of Dawn\", \"Blue Lake\"]]",
        "hand = [\"Ash Field\"]\nstack_2 = [\"Blue Lake\"]",
    );
    assert_refused(&text, 10, "\"Blue Lake\" is listed twice (first on line 6)");
    let text = solo("rows = [[\"Start of Dawn\", \"**Blue Lake\"]]", "");
    assert_refused(
        &text,
        6,
        "a Fumarole card can never cover another Fumarole card",
    );
    let text = solo("rows = [[\"Start of Dawn\", \"~~Blue Lake\"]]", "");
    assert_refused(&text, 6, "one `~`");
}

#[test]
fn rows_must_make_a_world() {
    let text = solo(
        "rows = [\n  [\"Start of Dawn\", \"Blue Lake\"],\n  [\"Ash Field\"],\n]",
        "",
    );
    assert_refused(&text, 8, "row 1 has 1 cells and row 0 has 2");
    let text = solo(
        "rows = [[\"Start of Dawn\", \".\", \".\", \".\", \"Blue Lake\"]]",
        "",
    );
    assert_refused(&text, 6, "row 0 has 5 cells");
    let text = solo(
        "rows = [[\"Start of Dawn\"], [\".\"], [\".\"], [\".\"], [\"Blue Lake\"]]",
        "",
    );
    assert_refused(&text, 6, "a World has 1 to 4 rows");
    let text = solo("rows = [[\"Blue Lake\", \"Ash Field\"]]", "");
    assert_refused(&text, 6, "has no starting Land");
    let text = solo("rows = [\n  [\"Start of Dawn\", \"First Lake\"],\n]", "");
    assert_refused(&text, 7, "a second starting Land");
    let text = solo(
        "rows = [\n  [\"Start of Dawn\", \".\", \"Blue Lake\"],\n]",
        "",
    );
    assert_refused(
        &text,
        7,
        "\"Blue Lake\" does not touch the rest of the World",
    );
    let text = solo("rows = [[\"~Start of Dawn\"]]", "");
    assert_refused(&text, 6, "no Tzimime back");
    let text = solo("rows = [[\"Start of Dawn\", 3]]", "");
    assert_refused(&text, 6, "a cell is a card name");
}

#[test]
fn more_than_the_box_holds_is_refused() {
    // two 9-star Dark Cities: the stack holds one
    let text = solo(
        "rows = [\n  [\"*Blue Lake\", \"*Whale Mere\", \"Ash Field\"],\n  [\"*Dry Hill\", \"*Hollow Peak\", \"Start of Dawn\"],\n]\ndark_cities = [9, 9]",
        "hand = [\"Skywell\"]",
    );
    assert_refused(&text, 10, "no 9-star Dark City left");
    // the supply says 9 Fumaroles left while the World holds 4: 13 > 11
    let text = format!(
        "{HEAD}\n[world]\nfumaroles = 9\n\n[world.a]\nrows = [\n  [\"*Blue Lake\", \"*Whale Mere\", \"Ash Field\"],\n  [\"*Dry Hill\", \"*Hollow Peak\", \"Start of Dawn\"],\n]\n\n[seat.a]\nhand = [\"Skywell\"]\n"
    );
    assert_refused(
        &text,
        6,
        "9 Fumaroles left and 4 in the Worlds: the box holds 11",
    );
    // a tier-2 Land in a solo game
    let text = solo("rows = [[\"Start of Dawn\", \"Deepmere\"]]", "");
    assert_refused(&text, 6, "\"Deepmere\" is a Land of tier 2: a solo game");
    // a starting Land in hand
    let text = solo("rows = [[\"Start of Dawn\"]]", "hand = [\"First Lake\"]");
    assert_refused(&text, 9, "\"First Lake\" is a starting Land");
    // a Traveller twice
    let text = format!(
        "{HEAD}\n[world]\ntravellers = [\"Splash\", \"Kark\"]\n\n[world.a]\nrows = [[\"Glassmirror Lake\", \"Sunken Reeds\", \"Start of Dawn\"], [\".\", \".\", \".\"]]\ntravellers = [{{ name = \"Splash\", rows = [0, 1] }}]\n\n[seat.a]\nhand = [\"Ash Field\"]\n"
    );
    assert_refused(
        &text,
        6,
        "Traveller \"Splash\" is listed twice (first on line 10)",
    );
}

#[test]
fn dark_cities_join_two_free_fumaroles() {
    // three Fumaroles in an L: which two the 9 joins is for the file to say
    let world = "rows = [\n  [\"*Blue Lake\", \"*Whale Mere\", \"Ash Field\"],\n  [\"*Dry Hill\", \"Cinder Ridge\", \"Start of Dawn\"],\n]";
    let text = solo(
        &format!("{world}\ndark_cities = [9]"),
        "hand = [\"Skywell\"]",
    );
    assert_refused(
        &text,
        10,
        "which Fumaroles does the Dark City of 9 stars join?",
    );
    let text = solo(
        &format!("{world}\ndark_cities = [{{ stars = 9, between = [\"B3\", \"B4\"] }}]"),
        "hand = [\"Skywell\"]",
    );
    let s = setup(&text).unwrap();
    let v = s.view(Viewer::All);
    assert_eq!(
        v["seats"]["a"]["dark_cities"],
        json!([{"stars": 9, "between": ["B3", "B4"]}])
    );
    assert_eq!(v["supply"]["dark_cities"], json!([7, 5, 4, 4]));
    assert_eq!(v["supply"]["fumaroles"], json!(8));
    let text = solo(
        &format!("{world}\ndark_cities = [{{ stars = 9, between = [\"C3\", \"B4\"] }}]"),
        "hand = [\"Skywell\"]",
    );
    assert_refused(&text, 10, "C3 and B4 are not side by side");
    let text = solo(
        &format!("{world}\ndark_cities = [{{ stars = 9, between = [\"B3\", \"D4\"] }}]"),
        "hand = [\"Skywell\"]",
    );
    assert_refused(&text, 10, "no Fumarole on D4");
    let text = solo(
        &format!("{world}\ndark_cities = [9, 7]"),
        "hand = [\"Skywell\"]",
    );
    assert_refused(&text, 10, "2 Dark Cities need as many pairs");
}

#[test]
fn the_turn_follows_the_cards_placed() {
    // 2 cards besides the starting Land and 2 in hand: not a whole number
    // of stacks
    let text = solo(
        "rows = [[\"Start of Dawn\", \"Blue Lake\", \"Ash Field\"]]",
        "hand = [\"Dry Hill\", \"Hollow Peak\"]",
    );
    assert_refused(&text, 6, "a multiple of 3");
    let text = format!(
        "{HEAD}turn = 3\n\n[world.a]\nrows = [[\"Start of Dawn\", \"Blue Lake\", \"Ash Field\"]]\n\n[seat.a]\nhand = [\"Dry Hill\"]\n"
    );
    assert_refused(&text, 4, "the position is in turn 1");
    let text = format!(
        "{HEAD}phase = \"choose_stack\"\n\n[world.a]\nrows = [[\"Start of Dawn\", \"Blue Lake\", \"Ash Field\"]]\n\n[seat.a]\nhand = [\"Dry Hill\"]\n"
    );
    assert_refused(&text, 4, "the position is in \"place\"");
    let text = solo("rows = [[\"Start of Dawn\"]]", "stack_1 = []");
    assert_refused(&text, 9, "listed as taken");
    let text = solo(
        "rows = [\n  [\"Dry Hill\", \"Goat Terraces\", \"Blue Lake\", \"Twin Horns\"],\n  [\"Mistbog\", \"Start of Dawn\", \"Hollow Peak\", \"Whalebone Cliffs\"],\n  [\"Whale Mere\", \"Split Summit\", \"Heron Shallows\", \"Moss Steps\"],\n  [\"Peat Hollow\", \"Ash Field\", \"Owl Spire\", \"Skywell\"],\n]",
        "hand = [\"Cinder Ridge\", \"Ember Vale\", \"Lantern Crag\"]",
    );
    assert_refused(&text, 6, "the game is over and no card is left in hand");
    let text = format!("{HEAD}phase = \"erupt\"\n\n[world.a]\nrows = [[\"Start of Dawn\"]]\n");
    assert_refused(&text, 4, "reached by playing the placement");
    let text = format!("{HEAD}active = \"b\"\n\n[world.a]\nrows = [[\"Start of Dawn\"]]\n");
    assert_refused(&text, 4, "one seat, a");
}

#[test]
fn a_position_says_nothing_the_game_does_not_have() {
    let text = solo("rows = [[\"Start of Dawn\"]]\ncolour = 3", "");
    assert_refused(&text, 7, "unknown key `colour` in [world.a]");
    let text = solo("rows = [[\"Start of Dawn\"]]", "life = 3");
    assert_refused(&text, 9, "no counters");
    let text = solo("rows = [[\"Start of Dawn\"]]", "stack_8 = []");
    assert_refused(&text, 9, "has no zone `stack_8`");
    let text = format!("{HEAD}first = \"a\"\n\n[world.a]\nrows = [[\"Start of Dawn\"]]\n");
    assert_refused(&text, 4, "has no `first`");
    let text = format!(
        "{HEAD}\n[world]\nplayers = 2\n\n[world.a]\nrows = [[\"Start of Dawn\"]]\n\n[world.c]\nrows = [[\"First Lake\"]]\n"
    );
    assert_refused(&text, 11, "players = 2: there is no seat c");
    let text = format!("{HEAD}\n[world]\nplayers = 2\n\n[world.a]\nrows = [[\"Start of Dawn\"]]\n");
    assert_refused(&text, 5, "seat b has no World");
}

/// A game for 3 in the draft of turn 2: a has chosen its pass.
fn draft3() -> String {
    format!(
        "{HEAD}turn = 2\nphase = \"pass_two\"\n\n[world]\nsun = \"b\"\n\n[world.a]\nrows = [[\"Start of Dawn\", \"Blue Lake\", \"Ash Field\", \"Dry Hill\"]]\n\n[world.b]\nrows = [[\"First Lake\", \"Hollow Peak\", \"Deepmere\", \"Grey Saddle\"]]\n\n[world.c]\nrows = [[\"Cradle Marsh\"], [\"Moonpool\"], [\"Fox Run\"], [\"Goat Scree\"]]\n\n[seat.a]\nhand = [\"Owl Spire\", \"Mistbog\", \"Twin Horns\"]\npassing = [\"Owl Spire\", \"Twin Horns\"]\n\n[seat.b]\nhand = [\"Whale Mere\", \"Thornmarsh\", \"High Shelf\"]\n\n[seat.c]\nhand = [\"Skywell\", \"Obsidian Teeth\", \"Newt Springs\"]\n"
    )
}

#[test]
fn a_game_for_three_hides_the_others_hands() {
    let s = setup(&draft3()).unwrap();
    assert_eq!(s.to_act(), 1, "a has passed: b is the first to choose");
    let v = s.view(Viewer::Seat(1));
    assert_eq!(v["phase"], "pass_two");
    assert_eq!(v["turn"], 2);
    assert_eq!(v["seats"]["a"]["zones"]["hand"], json!(["?", "?", "?"]));
    assert_eq!(v["seats"]["a"]["zones"]["passing"], json!(["?", "?"]));
    assert_eq!(
        v["seats"]["b"]["zones"]["hand"],
        json!(["Whale Mere", "Thornmarsh", "High Shelf"])
    );
    // 45 Lands of tiers 1 to 3: 9 in the Worlds besides the starting
    // Lands, 9 in hand
    assert_eq!(v["supply"]["deck"].as_array().unwrap().len(), 27);
    assert!(
        v["supply"]["deck"]
            .as_array()
            .unwrap()
            .iter()
            .all(|c| c == "?")
    );
    let all = s.view(Viewer::All);
    assert_eq!(
        all["seats"]["a"]["zones"]["passing"],
        json!(["Owl Spire", "Twin Horns"])
    );
    assert_eq!(
        s.moves(),
        vec![
            "Pass Whale Mere and Thornmarsh",
            "Pass Whale Mere and High Shelf",
            "Pass Thornmarsh and High Shelf"
        ]
    );
}

#[test]
fn the_draft_and_the_play_order_are_checked() {
    let text = draft3().replace(
        "passing = [\"Owl Spire\", \"Twin Horns\"]",
        "passing = [\"Owl Spire\"]",
    );
    assert_refused(
        &text,
        21,
        "in pass_two a seat passes 2 cards; seat a names 1",
    );
    let text = draft3().replace(
        "passing = [\"Owl Spire\", \"Twin Horns\"]",
        "passing = [\"Owl Spire\", \"Whale Mere\"]",
    );
    assert_refused(&text, 21, "`passing` names cards of seat a's hand");
    let text = draft3().replace(
        "hand = [\"Whale Mere\", \"Thornmarsh\", \"High Shelf\"]",
        "hand = [\"Whale Mere\", \"Thornmarsh\"]",
    );
    assert_refused(
        &text,
        24,
        "in pass_two every player holds 3 cards; seat b holds 2",
    );
    let text = draft3().replace("\"Goat Scree\"", "\"Thunder Spires\"");
    assert_refused(
        &text,
        17,
        "\"Thunder Spires\" is a Land of tier 4: a game for 3",
    );
    // the play order runs from the Sun holder b: b, c, a; after 2 cards
    // placed, b and c have placed one each
    let place = |a: &str, b: &str, c: &str| {
        draft3()
            .replace("phase = \"pass_two\"", "phase = \"place\"")
            .replace("passing = [\"Owl Spire\", \"Twin Horns\"]\n", "")
            .replace("hand = [\"Owl Spire\", \"Mistbog\", \"Twin Horns\"]", a)
            .replace("hand = [\"Whale Mere\", \"Thornmarsh\", \"High Shelf\"]", b)
            .replace(
                "hand = [\"Skywell\", \"Obsidian Teeth\", \"Newt Springs\"]",
                c,
            )
    };
    let bad = place(
        "hand = [\"Mistbog\", \"Twin Horns\"]",
        "hand = [\"Thornmarsh\", \"High Shelf\"]",
        "hand = [\"Skywell\", \"Obsidian Teeth\", \"Newt Springs\"]",
    );
    // a placed before c: the counts do not add up (a's World lacks a card)
    assert!(refused(&bad).1.contains("3 a turn played") || refused(&bad).1.contains("play order"));
    let good = place(
        "hand = [\"Owl Spire\", \"Mistbog\", \"Twin Horns\"]",
        "hand = [\"Thornmarsh\", \"High Shelf\"]",
        "hand = [\"Obsidian Teeth\", \"Newt Springs\"]",
    )
    .replace("\"Grey Saddle\"]]", "\"Grey Saddle\"], [\".\", \".\", \".\", \"Whale Mere\"]]")
    .replace(
        "[[\"Cradle Marsh\"], [\"Moonpool\"], [\"Fox Run\"], [\"Goat Scree\"]]",
        "[[\"Cradle Marsh\", \"Skywell\"], [\"Moonpool\", \".\"], [\"Fox Run\", \".\"], [\"Goat Scree\", \".\"]]",
    );
    let s = setup(&good).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(s.to_act(), 0, "b, c, then a");
    // a placed before c did
    let early = place(
        "hand = [\"Mistbog\", \"Twin Horns\"]",
        "hand = [\"Thornmarsh\", \"High Shelf\"]",
        "hand = [\"Skywell\", \"Obsidian Teeth\", \"Newt Springs\"]",
    )
    .replace(
        "\"Dry Hill\"]]",
        "\"Dry Hill\"], [\".\", \".\", \".\", \"Owl Spire\"]]",
    )
    .replace(
        "\"Grey Saddle\"]]",
        "\"Grey Saddle\"], [\".\", \".\", \".\", \"Whale Mere\"]]",
    );
    assert_refused(
        &early,
        26,
        "the play order this turn is b, c, a (from the Sun holder, one card each in turn): after 2 cards placed, seat c has placed 1, not 0",
    );
    let text = good.replace("turn = 2\n", "turn = 2\nactive = \"c\"\n");
    assert_refused(&text, 5, "seat a is to act");
}

/// Plays `moves` chosen by `pick` from `s`, checking that every state a
/// position can hold is written and read back as the same state.
fn play_and_round_trip(
    mut s: WorldScene,
    steps: usize,
    pick: impl Fn(usize, usize) -> usize,
) -> usize {
    let mut checked = 0;
    for step in 0..steps {
        let state = s.view(Viewer::All);
        if POSITION_PHASES.contains(&state["phase"].as_str().unwrap()) {
            let text = write_world(&state, Path::new("cards.toml"), 9).unwrap();
            let again = setup(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
            let mut want = state.clone();
            want["log"] = json!([]);
            assert_eq!(again.view(Viewer::All), want, "\n{text}");
            assert_eq!(again.moves(), s.moves());
            checked += 1;
        } else {
            assert!(write_world(&state, Path::new("cards.toml"), 9).is_err());
        }
        if s.over() {
            break;
        }
        let moves = s.moves();
        assert!(!moves.is_empty(), "{state}");
        let m = moves[pick(step, moves.len())].clone();
        assert_eq!(s.play(&m).unwrap(), m);
        s.invariants().unwrap();
    }
    checked
}

#[test]
fn solo_states_are_written_and_read_back() {
    for seed in 0..6u64 {
        let text = format!(
            "game = \"strange-world\"\ncatalog = \"cards.toml\"\nseed = {seed}\n\n[world.a]\nrows = [[\"Hearth Vale\"]]\n"
        );
        let s = setup(&text).unwrap();
        let n = play_and_round_trip(s, 200, |step, len| (step * 7 + seed as usize) % len);
        assert!(n >= 20, "{n}");
    }
}

#[test]
fn game_states_are_written_and_read_back() {
    for players in 2..=4usize {
        let starts = ["Start of Dawn", "First Lake", "Cradle Marsh", "Hearth Vale"];
        let mut text = format!(
            "game = \"strange-world\"\ncatalog = \"cards.toml\"\nseed = {players}\n\n[world]\nplayers = {players}\nsun = \"b\"\n"
        );
        for (p, start) in starts.iter().enumerate().take(players) {
            text.push_str(&format!("\n[world.{}]\nrows = [[\"{start}\"]]\n", SEATS[p]));
        }
        // for 2 the hands are dealt at once (by the seed); for 3 and 4
        // the Sun holder b turns the Sun first
        let s = setup(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(s.to_act(), if players == 2 { 0 } else { 1 });
        let n = play_and_round_trip(s, 2000, |step, len| (step * 5 + 1) % len);
        assert!(n >= 40, "{players}: {n}");
    }
}

#[test]
fn the_solo_player_sees_the_stacks_tops_and_the_revealed_card() {
    let text = solo(
        "rows = [[\"Start of Dawn\"]]",
        "hand = [\"Blue Lake\", \"Ash Field\", \"Dry Hill\"]\nstack_2 = [\"Whale Mere\", \"Hollow Peak\"]",
    );
    let s = setup(&text).unwrap();
    let v = s.view(Viewer::Seat(0));
    assert_eq!(
        v["seats"]["a"]["zones"]["hand"],
        json!(["Blue Lake", "?", "?"])
    );
    assert_eq!(v["seats"]["a"]["zones"]["stack_1"], json!([]));
    assert_eq!(
        v["seats"]["a"]["zones"]["stack_2"],
        json!(["Whale Mere", "?", "?"])
    );
    let all = s.view(Viewer::All);
    assert_eq!(all["seats"]["a"]["zones"]["stack_2"][1], "Hollow Peak");
    assert_eq!(all["turn"], 1);
    assert_eq!(all["phase"], "place");
    // the revealed card first (p.11)
    assert!(
        s.moves()
            .iter()
            .all(|m| m.starts_with("Place Blue Lake on "))
    );
    let mut s = s;
    s.play("Place Blue Lake on E4").unwrap();
    let v = s.view(Viewer::Seat(0));
    assert_eq!(
        v["seats"]["a"]["zones"]["hand"],
        json!(["Ash Field", "Dry Hill"])
    );
    assert_eq!(
        v["seats"]["a"]["world"],
        json!([["Start of Dawn", "Blue Lake"]])
    );
    assert_eq!(v["log"][1], "a: Revealed Ash Field");
    let e = s.play("Place Blue Lake on E4").unwrap_err();
    assert!(e.contains("is not a legal move here"), "{e}");
}

#[test]
fn write_refuses_a_state_it_cannot_hold() {
    let text = solo(
        "rows = [[\"Start of Dawn\"]]",
        "hand = [\"Blue Lake\", \"Ash Field\", \"Dry Hill\"]",
    );
    let s = setup(&text).unwrap();
    let e = write_world(&s.view(Viewer::Seat(0)), Path::new("cards.toml"), 1).unwrap_err();
    assert!(e.contains("hides cards"), "{e}");
    let saved = super::super::write(&s.view(Viewer::All), Path::new("cards.toml"), 1);
    assert!(saved.contains("[world.a]"), "{saved}");
    let v: Value = s.view(Viewer::All);
    assert!(saved.contains(&format!("turn = {}", v["turn"])));
}

#[test]
fn the_world_screens_games_are_saved_as_positions() {
    let cat = catalog();
    let c = Components::with_defaults(&cat).unwrap();
    let mut solo = Solo::deal(&c, 8).unwrap();
    solo.apply(&c, Action::TakeStack { stack: 4 }, &mut ())
        .unwrap();
    let s = WorldScene::from_solo(c.clone(), solo).unwrap();
    let state = s.view(Viewer::All);
    let text = write_world(&state, Path::new("cards.toml"), 8).unwrap();
    assert_eq!(setup(&text).unwrap().view(Viewer::All), state, "{text}");
    let m = Match::new(&c, 3, 8).unwrap();
    let s = WorldScene::from_match(c, m).unwrap();
    let state = s.view(Viewer::All);
    assert_eq!(state["phase"], "choose_sun");
    let text = write_world(&state, Path::new("cards.toml"), 8).unwrap();
    assert_eq!(setup(&text).unwrap().view(Viewer::All), state, "{text}");
}

#[test]
fn seats_c_and_d_and_world_belong_to_strange_world() {
    let parse = |t: &str| super::super::parse(Path::new("t.toml"), t);
    let e =
        parse("game = \"fuzzycards\"\ncatalog = \"c.toml\"\n\n[world]\nplayers = 2\n").unwrap_err();
    assert_eq!(e.line, 4, "{e}");
    assert!(e.message.contains("`world` is for Strange World"), "{e}");
    let e = parse("game = \"fuzzycards\"\ncatalog = \"c.toml\"\nactive = \"c\"\n").unwrap_err();
    assert!(e.message.contains("\"a\" or \"b\""), "{e}");
    let sc = parse(&format!(
        "{HEAD}active = \"c\"\n\n[[move]]\nseat = \"d\"\nmove = \"Turn the Sun clockwise\"\n"
    ))
    .unwrap();
    assert_eq!(sc.position.active, 2);
    assert_eq!(sc.moves[0].seat, Some(3));
}
