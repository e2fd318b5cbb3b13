//! The Data menu over the real app: export everything (unsaved deck edits
//! included), import everything into a new install, back up, and restore
//! after a confirmation — each through the path-taking message a file dialog
//! sends, run to completion, ending in a banner; failures end in an error
//! banner and change nothing.

use crate::harness::{Harness, catalog_of};
use deckwright::gui::Message;
use deckwright::gui::app::Screen;
use deckwright::gui::data::{self, Op};
use deckwright::gui::prefs::ScreenId;
use deckwright::gui::widget::Tone;
use deckwright::model::{Deck, GameId};
use deckwright::store::{self, ExportOptions, Store};

fn data(m: data::Message) -> Message {
    Message::Data(m)
}

/// The newest banner.
fn last_banner(h: &Harness) -> (Tone, String) {
    let b = h
        .app
        .shell()
        .unwrap()
        .banners()
        .last()
        .expect("a banner")
        .clone();
    (b.tone, b.text)
}

/// An app with one Dice of Destiny deck, stored before it starts.
/// The app on a database whose only deck is `name` (the sample decks of a
/// new database deleted, so that the counts below are the test's own).
fn with_deck(name: &str) -> Harness {
    let name = name.to_string();
    Harness::with(move |s| {
        for d in s.decks(None).unwrap() {
            s.delete_deck(d.id).unwrap();
        }
        let catalog = catalog_of(s, GameId::DiceOfDestiny);
        s.create_deck(
            catalog,
            &Deck {
                name,
                ..Deck::default()
            },
        )
        .unwrap();
    })
}

#[test]
fn the_menu_lists_the_four_actions_and_shows_what_runs() {
    let mut h = Harness::new();
    assert_eq!(
        Op::ALL.map(|o| o.to_string()),
        [
            "Export everything…",
            "Import everything…",
            "Back up database…",
            "Restore…"
        ]
    );
    assert_eq!(h.app.shell().unwrap().data().running(), None);
    // while a backup runs the header says so, and another action waits
    let file = h.dir.path().join("b.db");
    let task = h.app.update(data(data::Message::BackupTo(file.clone())));
    assert_eq!(h.app.shell().unwrap().data().running(), Some(Op::Backup));
    assert!(h.shows("Backing up…"));
    let again = h
        .app
        .update(data(data::Message::ExportTo(h.dir.path().join("e"))));
    assert!(h.text_containing("wait until").is_some());
    h.settle(again);
    h.settle(task);
    assert_eq!(h.app.shell().unwrap().data().running(), None);
    assert!(!h.shows("Backing up…"));
    assert!(file.is_file());
    assert!(!h.dir.path().join("e").exists());
}

#[test]
fn export_everything_includes_the_edit_not_saved_yet() {
    let mut h = with_deck("Chicken Rush");
    h.click_text("Decks");
    h.click_text("Chicken Rush");
    h.click_id("add-chicken-swarm");
    let open = match h.app.shell().unwrap().screen() {
        Screen::Decks(d) => d.open().unwrap().is_dirty(),
        _ => panic!("not on the deck builder"),
    };
    assert!(open, "the edit waits for its autosave");

    let dir = h.dir.path().join("export");
    h.send(data(data::Message::ExportTo(dir.clone())));
    let (tone, text) = last_banner(&h);
    eprintln!(
        "{:?}",
        h.store()
            .deck_versions(h.store().find_deck("Chicken Rush").unwrap().id)
    );
    eprintln!("{:?}", h.app.shell().unwrap().banners());
    assert_eq!(tone, Tone::Notice, "{text}");
    assert!(
        text.starts_with("Exported 5 catalogs, 1 deck (2 versions)"),
        "{text}"
    );
    assert!(dir.join("manifest.toml").is_file());
    let v2 = std::fs::read_to_string(dir.join("decks/chicken-rush/v2.txt")).unwrap();
    assert!(v2.contains("\n1 Chicken Swarm [chicken-swarm]\n"), "{v2}");
    assert_eq!(h.app.shell().unwrap().data().running(), None);

    // a second export into the same folder is refused, with a banner
    h.send(data(data::Message::ExportTo(dir.clone())));
    let (tone, text) = last_banner(&h);
    assert_eq!(tone, Tone::Error);
    assert!(text.contains("is not empty"), "{text}");
}

#[test]
fn import_everything_into_a_new_install_reloads_the_screens() {
    // another machine's data, exported
    let other = tempfile::tempdir().unwrap();
    let export = other.path().join("export");
    {
        let mut s = Store::open(other.path().join("other.db")).unwrap();
        s.seed_samples().unwrap();
        let catalog = catalog_of(&s, GameId::DiceOfDestiny);
        let mut deck = deckwright::decklist::load(&crate::support::repo(
            "resources/decks/dice-of-destiny-chicken-rush.txt",
        ))
        .unwrap();
        deck.name = "Imported Rush".into();
        let id = s.create_deck(catalog, &deck).unwrap();
        let mut prefs = deckwright::gui::prefs::Prefs::default();
        prefs.opened_deck(id);
        prefs.save(&mut s).unwrap();
        s.export_all(&export, ExportOptions::default()).unwrap();
    }

    let mut h = Harness::new();
    h.click_text("Decks");
    assert!(!h.shows("Imported Rush"));
    h.send(data(data::Message::ImportFrom(export)));
    let (tone, text) = last_banner(&h);
    assert_eq!(tone, Tone::Notice, "{text}");
    // the other machine's deck, and its sample decks in place of the
    // same ones here
    let samples = {
        let mut fresh = Store::open_in_memory().unwrap();
        fresh.seed_samples().unwrap();
        fresh.decks(None).unwrap().len()
    };
    assert!(
        text.starts_with(&format!(
            "Imported 0 catalogs, {n} decks ({n} versions)",
            n = 1 + samples
        )),
        "{text}"
    );
    assert!(text.contains("5 catalogs were already here"), "{text}");
    // the deck list and the preferences were read again
    let shell = h.app.shell().unwrap();
    assert_eq!(shell.screen().id(), ScreenId::Decks);
    assert_eq!(shell.prefs().recent_decks.len(), 1);
    assert!(h.shows("Imported Rush"), "{:?}", h.dump());

    // a folder that is not an export: an error banner, nothing changes
    let before = h.store().decks(None).unwrap();
    let nowhere = h.dir.path().join("nowhere");
    h.send(data(data::Message::ImportFrom(nowhere)));
    let (tone, text) = last_banner(&h);
    assert_eq!(tone, Tone::Error);
    assert!(text.contains("nowhere: no such folder"), "{text}");
    assert_eq!(h.store().decks(None).unwrap(), before);
}

#[test]
fn back_up_then_restore_after_confirming() {
    let mut h = with_deck("Keep Me");
    let backup = h.dir.path().join("backup.db");
    h.send(data(data::Message::BackupTo(backup.clone())));
    let (tone, text) = last_banner(&h);
    assert_eq!(tone, Tone::Notice, "{text}");
    assert!(text.starts_with("Backed up the database to"), "{text}");
    assert_eq!(
        store::check_database(&backup).unwrap(),
        store::SCHEMA_VERSION
    );

    // a deck made after the backup
    {
        let mut s = h.store();
        let catalog = catalog_of(&s, GameId::DiceOfDestiny);
        s.create_deck(
            catalog,
            &Deck {
                name: "Made Later".into(),
                ..Deck::default()
            },
        )
        .unwrap();
    }
    h.click_text("Decks");
    assert!(h.shows("Made Later"));

    // choosing the file only asks
    h.send(data(data::Message::RestoreFrom(backup.clone())));
    assert_eq!(
        h.app.shell().unwrap().data().pending_restore(),
        Some(backup.as_path())
    );
    assert!(
        h.text_containing("Everything in the database is replaced")
            .is_some()
    );
    h.click_text("Cancel");
    assert_eq!(h.app.shell().unwrap().data().pending_restore(), None);
    assert_eq!(h.store().decks(None).unwrap().len(), 2);

    h.send(data(data::Message::RestoreFrom(backup)));
    h.click_text("Restore");
    let (tone, text) = last_banner(&h);
    assert_eq!(tone, Tone::Notice, "{text}");
    assert!(text.contains("kept as"), "{text}");
    let names: Vec<String> = h
        .store()
        .decks(None)
        .unwrap()
        .into_iter()
        .map(|d| d.name)
        .collect();
    assert_eq!(names, ["Keep Me"]);
    assert!(!h.shows("Made Later"), "the deck list was read again");
    assert!(h.shows("Keep Me"));
    let kept = h.dir.path().join("app.db.before-restore");
    assert_eq!(Store::open(&kept).unwrap().decks(None).unwrap().len(), 2);
    // the decks screen still works on the restored data
    assert!(matches!(h.app.shell().unwrap().screen(), Screen::Decks(d) if d.decks().len() == 1));
}

#[test]
fn restoring_a_file_that_is_not_a_backup_says_so_and_changes_nothing() {
    let mut h = with_deck("Keep Me");
    let junk = h.dir.path().join("photo.db");
    std::fs::write(&junk, "not a database at all ".repeat(50)).unwrap();
    h.send(data(data::Message::RestoreFrom(junk)));
    h.send(data(data::Message::ConfirmRestore));
    let (tone, text) = last_banner(&h);
    assert_eq!(tone, Tone::Error);
    assert!(
        text.contains("photo.db: is not a SQLite database"),
        "{text}"
    );
    assert_eq!(h.store().decks(None).unwrap().len(), 1);
    assert!(!h.dir.path().join("app.db.before-restore").exists());
}
