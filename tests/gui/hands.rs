//! A hand of any size on every game's table (issue 25 item 2): "Hand (8)" in
//! Rizontical showed 5 cards at 1280×800 and 2 at 1024×700, the others out
//! of reach. Each game's table is set up as a position with 8 and with 12
//! cards in the player's hand, laid out at both window widths, and every
//! card of the hand is checked to lie inside the window, uncut, and is
//! clicked there: the click must select it.
//!
//! The window is as wide as the real one and taller: the table scrolls
//! up and down (the simulator does not scroll), never sideways, so a card
//! inside the width is one the user can scroll to and click.

use crate::harness::Harness;
use crate::support::sample_catalog;
use deckwright::gui::Message;
use deckwright::gui::app::Screen;
use deckwright::gui::prefs::ScreenId;
use deckwright::gui::screen::playtest::{self, table::Selected};
use deckwright::model::GameId;
use iced::Settings;
use iced_test::Simulator;

/// The two window sizes the issue names: widths, with the height the
/// table would scroll through.
const WIDTHS: [(f32, f32); 2] = [(1280.0, 800.0), (1024.0, 700.0)];
/// Tall enough for every table laid out without scrolling.
const TALL: f32 = 3000.0;

/// A position of `game` with `n` cards of its sample catalog in the
/// player's hand (repeated when the catalog has fewer).
fn position(game: &str, n: usize, dir: &std::path::Path) -> std::path::PathBuf {
    let catalog = sample_catalog(game);
    let cat = deckwright::catalog::load(&catalog).unwrap().catalog;
    // Rizontical's hand holds Powers (the Fighters are dealt to their deck)
    // by id: two printings may share a name
    let names: Vec<&str> = cat
        .cards
        .iter()
        .filter(|c| game != "rizontical" || c.card_type == "power")
        .map(|c| c.id.as_str())
        .collect();
    let hand: Vec<String> = (0..n)
        .map(|i| format!("{:?}", names[i % names.len()]))
        .collect();
    let mut text = format!(
        "game = {game:?}\ncatalog = {:?}\nseed = 1\nturn = 2\nactive = \"a\"\n",
        catalog.display().to_string()
    );
    let (phase, seat_a, seat_b) = match game {
        "rizontical" => (
            "turn_1_first",
            "fighters = [{ card = \"Zill\", slot = 1, cell = \"d2\" }]\n",
            "fighters = [{ card = \"Mya\", slot = 1, cell = \"d7\" }]\n",
        ),
        "bizarre-world" => ("main", "", ""),
        _ => ("", "", ""),
    };
    if !phase.is_empty() {
        text.push_str(&format!("phase = {phase:?}\n"));
    }
    let deck = match game {
        "rizontical" => "power_deck",
        _ => "deck",
    };
    // (other cards than the hand's: a Rizontical seat's Powers are all
    // different, RZ-D3)
    let rest: Vec<String> = (n..n + 2)
        .map(|i| format!("{:?}", names[i % names.len()]))
        .collect();
    let deck = format!("{deck} = [{}]\n", rest.join(", "));
    text.push_str(&format!(
        "\n[seat.a]\nhand = [{}]\n{deck}{seat_a}\n[seat.b]\n{deck}{seat_b}",
        hand.join(", ")
    ));
    let file = dir.join(format!("{game}-hand-{n}.toml"));
    std::fs::write(&file, text).unwrap();
    file
}

fn table(h: &Harness) -> &playtest::Playtest {
    match h.app.shell().unwrap().screen() {
        Screen::Playtest(p) => p,
        other => panic!("not on the Playtest screen: {:?}", other.id()),
    }
}

/// The copies in player 0's hand.
fn hand(h: &Harness) -> Vec<u16> {
    let s = table(h).session().expect("a position on the table");
    s.snapshot()
        .zones
        .into_iter()
        .find(|z| z.player == 0 && z.zone == "Hand")
        .expect("a hand")
        .cards
        .iter()
        .map(|c| c.copy)
        .collect()
}

/// Checks every card of the hand at both widths: inside the window, uncut,
/// and selected by a click; what fails is said in `failures`.
fn check_hand(h: &mut Harness, what: &str, failures: &mut Vec<String>) {
    let copies = hand(h);
    for (w, _) in WIDTHS {
        let size = (w, TALL);
        for &copy in &copies {
            let id = format!("card-{copy}");
            let (bounds, seen) = {
                let mut ui = Simulator::with_size(Settings::default(), size, h.app.view());
                let t = ui
                    .find(iced_test::selector::id(id.clone()))
                    .unwrap_or_else(|e| panic!("{what}: no #{id}: {e:?}"));
                (t.bounds(), t.visible_bounds())
            };
            let inside = bounds.x >= 0.0 && bounds.x + bounds.width <= w;
            let uncut = seen.is_some_and(|s| {
                (s.width - bounds.width).abs() < 0.5 && (s.height - bounds.height).abs() < 0.5
            });
            if !inside || !uncut {
                failures.push(format!(
                    "{what}, {w} wide: card {copy} at {bounds:?}, seen {seen:?}"
                ));
                continue;
            }
            // the click reaches it: it is selected
            let messages: Vec<Message> = {
                let mut ui = Simulator::with_size(Settings::default(), size, h.app.view());
                ui.click(iced_test::selector::id(id.clone())).unwrap();
                ui.into_messages().collect()
            };
            for m in messages {
                h.send(m);
            }
            if table(h).selected() != Some(Selected::Card(copy)) {
                failures.push(format!(
                    "{what}, {w} wide: a click on card {copy} selected {:?}",
                    table(h).selected()
                ));
            }
        }
    }
}

#[test]
fn every_card_of_a_hand_of_8_or_12_is_inside_the_window_and_clicked_there() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = Harness::new();
    h.send(Message::Navigate(ScreenId::Playtest));
    let mut failures = Vec::new();
    for game in [
        "fuzzycards",
        "bizarre-world",
        "rizontical",
        "dice-of-destiny",
    ] {
        for n in [8, 12] {
            let file = position(game, n, dir.path());
            h.send(Message::Playtest(playtest::Message::OpenPosition(file)));
            assert!(
                h.text_containing(&format!("{game}-hand-{n}.toml"))
                    .is_some(),
                "{game}: {:?}",
                h.dump()
            );
            assert_eq!(hand(&h).len(), n, "{game}");
            check_hand(
                &mut h,
                &format!("{game}, a position with a hand of {n}"),
                &mut failures,
            );
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The same in a dealt game, the odds beside the table (it has 3/5 of the
/// width): the hand grows as turns end with nothing played, and is checked
/// when it holds 8 and 12 cards (as many as the game lets it hold).
#[test]
fn a_hand_grown_in_a_dealt_game_stays_inside_the_window_beside_the_odds() {
    let mut failures = Vec::new();
    let mut reached = Vec::new();
    for (game, file) in [
        (GameId::Fuzzycards, "fuzzycards-beatdown.txt"),
        (GameId::BizarreWorld, "bizarre-world-crafted-rocks.txt"),
        (GameId::Rizontical, "rizontical-ember-push.txt"),
        (GameId::DiceOfDestiny, "dice-of-destiny-chicken-rush.txt"),
    ] {
        let mut h = Harness::with(|s| {
            let catalog = crate::harness::catalog_of(s, game);
            let mut deck = deckwright::decklist::load(&crate::support::repo(&format!(
                "resources/decks/{file}"
            )))
            .unwrap();
            deck.name = "Under test".into();
            s.create_deck(catalog, &deck).unwrap();
        });
        h.send(Message::Navigate(ScreenId::Playtest));
        h.send(Message::Playtest(playtest::Message::SeedTyped("1".into())));
        h.click_text("Deal");
        let mut checked = Vec::new();
        let mut most = 0;
        for _ in 0..80 {
            let n = hand(&h).len();
            most = most.max(n);
            for want in [8, 12] {
                if n >= want && !checked.contains(&want) {
                    checked.push(want);
                    check_hand(
                        &mut h,
                        &format!("{game:?}, a dealt hand of {n}"),
                        &mut failures,
                    );
                }
            }
            let s = table(&h).session().expect("a dealt game");
            if checked.len() == 2 || s.outcome().is_some() {
                break;
            }
            // end the turn with nothing played, else what the game waits for
            let choices = s.choices();
            let ends = [
                "End turn",
                "End your turn",
                "Let the turn end",
                "Keep the hand",
                "Keep",
            ];
            let next = choices
                .iter()
                .find(|c| ends.contains(&c.label.as_str()))
                .or_else(|| choices.iter().find(|c| c.label.starts_with("End")))
                .cloned()
                .or_else(|| s.hint());
            let Some(next) = next else { break };
            h.send(Message::Playtest(playtest::Message::Act(next.action)));
        }
        reached.push(format!(
            "{game:?}: hand of up to {most}, checked at {checked:?}"
        ));
    }
    eprintln!("{}", reached.join("\n"));
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
