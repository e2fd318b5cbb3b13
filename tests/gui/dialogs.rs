//! File actions without a desktop file dialog (issue 15, item 2): the in-app
//! path chooser appears, says why, starts in the data folder with the
//! suggested name, refuses paths it cannot use with a message, and its OK
//! carries the path to the action — here a real PDF export, a real backup and
//! a CSV import. The switch "Always use Deckwright's file chooser" (in the
//! chooser and in the Settings panel) is stored and used by the next file
//! action, without asking the desktop first. Also what follows a file action: Open without a PDF viewer
//! (item 3), and the banners that report it all (merged, folded).

use crate::harness::{Harness, catalog_of};
use crate::support::repo;
use deckwright::gui::Message;
use deckwright::gui::app::Screen;
use deckwright::gui::chooser::{ALWAYS_ID, ALWAYS_LABEL, BECAUSE_ALWAYS, PATH_ID};
use deckwright::gui::data::{Message as DataMessage, Op};
use deckwright::gui::dialog::{Kind, NO_PORTAL};
use deckwright::gui::prefs::{FileDialog, Prefs, ScreenId};
use deckwright::gui::screen::print::ExportState;
use deckwright::model::GameId;

/// The app with the sample Fuzzycards "Beatdown" deck stored.
fn with_beatdown(setup: impl FnOnce(&mut deckwright::store::Store)) -> Harness {
    Harness::with(|s| {
        let catalog = catalog_of(s, GameId::Fuzzycards);
        let mut deck =
            deckwright::decklist::load(&repo("resources/decks/fuzzycards-beatdown.txt")).unwrap();
        deck.name = "Fuzzy Beatdown".into();
        s.create_deck(catalog, &deck).unwrap();
        setup(s);
    })
}

fn export_state(h: &Harness) -> &ExportState {
    match h.app.shell().unwrap().screen() {
        Screen::Print(p) => p.export(),
        other => panic!("not on the Print screen: {:?}", other.id()),
    }
}

/// Clears the chooser's path field and types `path` into it.
fn type_path(h: &mut Harness, path: &std::path::Path) {
    h.click_text("Clear path");
    h.type_into(PATH_ID, &path.display().to_string());
}

#[test]
fn export_pdf_through_the_in_app_chooser_when_there_is_no_portal() {
    let mut h = with_beatdown(|_| {});
    // what the probe finds on a desktop without xdg-desktop-portal
    h.app.shell_mut().unwrap().dialogs_unavailable(NO_PORTAL);
    h.click_text("Print");
    assert!(h.app.shell().unwrap().chooser().is_none());
    h.click_text("Export PDF...");

    let chooser = h
        .app
        .shell()
        .unwrap()
        .chooser()
        .expect("the chooser is open");
    assert_eq!(chooser.spec().kind, Kind::Save);
    // it starts in the data folder with the suggested file name, and says why
    let data = h.dir.path().to_path_buf();
    assert_eq!(
        std::path::Path::new(chooser.path()),
        data.join("fuzzy-beatdown.pdf")
    );
    assert!(h.shows(NO_PORTAL), "{:?}", h.dump());
    assert!(h.shows("Recent folders"));
    assert!(
        h.shows(&data.display().to_string()),
        "the data folder is listed"
    );

    // a folder that does not exist: said in the chooser, which stays open
    let nowhere = data.join("no-such-folder").join("deck.pdf");
    type_path(&mut h, &nowhere);
    h.click_text("OK");
    let chooser = h.app.shell().unwrap().chooser().expect("still open");
    assert!(
        chooser.error().unwrap().contains("does not exist"),
        "{:?}",
        chooser.error()
    );
    assert!(h.text_containing("does not exist").is_some());
    assert!(!nowhere.exists());

    // a real folder: the PDF is written
    let out_dir = tempfile::tempdir().unwrap();
    let out = out_dir.path().join("mine.pdf");
    type_path(&mut h, &out);
    h.click_text("OK");
    assert!(h.app.shell().unwrap().chooser().is_none(), "closed on OK");
    let ExportState::Done { path, report } = export_state(&h) else {
        panic!("not exported: {:?}", export_state(&h));
    };
    assert_eq!(path, &out);
    assert_eq!(lopdf::Document::load(&out).unwrap().get_pages().len(), 4);
    assert_eq!(report.pages, 4);
    // the folder is remembered first, and stored
    assert_eq!(
        h.app.shell().unwrap().prefs().recent_folders[0],
        out_dir.path()
    );
    let stored = Prefs::load(&h.store()).unwrap();
    assert_eq!(stored.recent_folders[0], out_dir.path());

    // the next export starts there, and replacing the file asks first
    h.click_text("Export PDF...");
    let chooser = h.app.shell().unwrap().chooser().unwrap();
    assert!(
        chooser
            .path()
            .starts_with(&out_dir.path().display().to_string())
    );
    type_path(&mut h, &out);
    let before = std::fs::metadata(&out).unwrap().modified().unwrap();
    h.click_text("OK");
    assert!(
        h.text_containing("already exists").is_some(),
        "{:?}",
        h.dump()
    );
    assert!(h.shows("Replace"));
    h.click_text("Replace");
    assert!(h.app.shell().unwrap().chooser().is_none());
    assert!(matches!(export_state(&h), ExportState::Done { .. }));
    assert!(std::fs::metadata(&out).unwrap().modified().unwrap() >= before);
}

#[test]
fn cancel_and_escape_close_the_chooser_and_change_nothing() {
    let mut h = with_beatdown(|_| {});
    h.app.shell_mut().unwrap().dialogs_unavailable(NO_PORTAL);
    h.click_text("Print");
    h.click_text("Calibration sheet...");
    assert!(h.app.shell().unwrap().chooser().is_some());
    h.click_text("Cancel");
    assert!(h.app.shell().unwrap().chooser().is_none());
    h.click_text("Calibration sheet...");
    h.send(Message::Shortcut(deckwright::gui::screen::Shortcut::Escape));
    assert!(h.app.shell().unwrap().chooser().is_none());
    // clicking beside the chooser keeps it (a typed path is not lost)
    h.click_text("Export PDF...");
    h.send(Message::Chooser(deckwright::gui::chooser::Message::Outside));
    assert!(h.app.shell().unwrap().chooser().is_some());
    let written: Vec<_> = std::fs::read_dir(h.dir.path())
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.path().extension().is_some_and(|x| x == "pdf"))
        .collect();
    assert!(written.is_empty(), "{written:?}");
}

/// The preference that always uses the in-app chooser.
fn in_app(s: &mut deckwright::store::Store) {
    Prefs {
        file_dialog: FileDialog::InApp,
        ..Prefs::default()
    }
    .save(s)
    .unwrap();
}

#[test]
fn the_preference_sends_every_file_action_to_the_chooser() {
    let mut h = with_beatdown(in_app);
    let data = h.dir.path().to_path_buf();

    // Data menu: back up through the chooser
    h.send(Message::Data(DataMessage::Menu(Op::Backup)));
    let chooser = h.app.shell().unwrap().chooser().expect("backup asks");
    assert!(h.shows(BECAUSE_ALWAYS), "{:?}", h.dump());
    assert!(h.app.shell().unwrap().chooser().unwrap().always());
    assert_eq!(
        std::path::Path::new(chooser.path()),
        data.join("deckwright-backup.db")
    );
    h.click_text("OK");
    assert!(data.join("deckwright-backup.db").is_file());
    assert!(
        h.text_containing("deckwright-backup.db").is_some(),
        "{:?}",
        h.dump()
    );

    // restore asks for an existing file: a missing one is refused
    h.send(Message::Data(DataMessage::Menu(Op::Restore)));
    assert_eq!(
        h.app.shell().unwrap().chooser().unwrap().spec().kind,
        Kind::Open
    );
    type_path(&mut h, &data.join("gone.db"));
    h.click_text("OK");
    assert!(h.text_containing("There is no file at").is_some());
    // the folder on show lists the backups (*.db) to click, and not the rest
    let listing = h.app.shell().unwrap().chooser().unwrap().listing().unwrap();
    assert_eq!(listing.folder, data);
    assert!(h.shows("deckwright-backup.db"), "{:?}", h.dump());
    assert!(!h.shows("counts.csv"));
    h.click_text("deckwright-backup.db");
    assert_eq!(
        std::path::Path::new(h.app.shell().unwrap().chooser().unwrap().path()),
        data.join("deckwright-backup.db")
    );
    h.click_text("OK");
    assert!(h.app.shell().unwrap().chooser().is_none());
    assert_eq!(
        h.app.shell().unwrap().data().pending_restore(),
        Some(data.join("deckwright-backup.db").as_path()),
        "the restore asks to confirm"
    );
    h.send(Message::Data(DataMessage::CancelRestore));

    // Collection: export the counts, then import them, through the chooser
    h.click_text("Collection");
    h.click_text("Export CSV...");
    let chooser = h.app.shell().unwrap().chooser().unwrap();
    assert_eq!(chooser.spec().title, "Export the collection");
    let csv = std::path::PathBuf::from(chooser.path());
    assert!(csv.starts_with(&data), "{csv:?}");
    h.click_text("OK");
    assert!(csv.is_file(), "{csv:?}");
    h.click_text("Import CSV...");
    assert_eq!(
        h.app.shell().unwrap().chooser().unwrap().spec().title,
        "Import a collection CSV"
    );
    type_path(&mut h, &csv);
    h.click_text("OK");
    assert!(h.app.shell().unwrap().chooser().is_none());
    let banners = h.app.shell().unwrap().banners();
    assert!(
        banners
            .iter()
            .any(|b| b.text.contains("Imported counts for")),
        "{banners:?}"
    );

    // Library: importing a catalog asks for an existing TOML file
    h.click_text("Library");
    h.click_text("Import catalog...");
    let chooser = h.app.shell().unwrap().chooser().unwrap();
    assert_eq!(chooser.spec().kind, Kind::Open);
    assert_eq!(chooser.spec().title, "Import a catalog");
    assert!(h.shows("Catalog (TOML) (*.toml)"));
    h.click_text("Cancel");
    assert!(h.app.shell().unwrap().chooser().is_none());
    assert_eq!(h.app.shell().unwrap().prefs().screen, ScreenId::Library);
}

/// Clicks what `label` finds and runs only the shell's answer, not the tasks
/// it returns: a file action that goes to the in-app chooser shows it at
/// once, while one that asks the desktop first (a probe, then rfd) leaves the
/// chooser closed until that task answers.
fn click_without_tasks(h: &mut Harness, label: &str) {
    let messages: Vec<Message> = {
        let mut ui = h.ui();
        ui.click(label)
            .unwrap_or_else(|e| panic!("no {label:?}: {e:?}"));
        ui.into_messages().collect()
    };
    for m in messages {
        // the listing of the chooser's folder, and nothing else, is dropped
        let _ = h.app.update(m);
    }
}

#[test]
fn the_choosers_switch_is_stored_and_the_next_file_action_uses_the_chooser_at_once() {
    let mut h = with_beatdown(|_| {});
    assert_eq!(
        h.app.shell().unwrap().prefs().file_dialog,
        FileDialog::Desktop
    );
    h.app.shell_mut().unwrap().dialogs_unavailable(NO_PORTAL);
    h.click_text("Print");
    h.click_text("Calibration sheet...");
    // opened because there is no desktop dialog, and it says so; the switch
    // is off
    let chooser = h.app.shell().unwrap().chooser().expect("the chooser");
    assert_eq!(chooser.reason(), NO_PORTAL);
    assert!(!chooser.always());
    assert!(h.shows(ALWAYS_LABEL), "{:?}", h.dump());
    assert!(!h.shows(BECAUSE_ALWAYS));

    // switched on in the chooser: stored at once
    h.click_id(ALWAYS_ID);
    assert!(h.app.shell().unwrap().chooser().unwrap().always());
    assert_eq!(
        h.app.shell().unwrap().prefs().file_dialog,
        FileDialog::InApp
    );
    assert_eq!(
        Prefs::load(&h.store()).unwrap().file_dialog,
        FileDialog::InApp
    );
    h.click_text("Cancel");
    assert!(h.app.shell().unwrap().chooser().is_none());

    // a new start (the desktop's dialog not known to be missing): the next
    // file action shows the chooser at once, saying why
    let (app, task) = deckwright::gui::App::new(h.db_path());
    let mut again = Harness { app, dir: h.dir };
    again.settle(task);
    assert_eq!(
        again.app.shell().unwrap().prefs().file_dialog,
        FileDialog::InApp
    );
    again.click_text("Print");
    click_without_tasks(&mut again, "Export PDF...");
    let chooser = again
        .app
        .shell()
        .unwrap()
        .chooser()
        .expect("the chooser, without asking the desktop");
    assert_eq!(chooser.reason(), BECAUSE_ALWAYS);
    assert!(chooser.always());
    assert!(again.shows(BECAUSE_ALWAYS), "{:?}", again.dump());

    // switched off in the chooser: stored, and the next action asks the
    // desktop first (the chooser waits for that answer)
    again.click_id(ALWAYS_ID);
    assert_eq!(
        Prefs::load(&again.store()).unwrap().file_dialog,
        FileDialog::Desktop
    );
    again.click_text("Cancel");
    click_without_tasks(&mut again, "Export PDF...");
    assert!(
        again.app.shell().unwrap().chooser().is_none(),
        "the desktop's dialog is asked for first"
    );
}

#[test]
fn the_settings_panel_switches_the_file_chooser_and_the_theme() {
    use deckwright::gui::prefs::ThemeChoice;
    use deckwright::gui::settings::{ALWAYS_ID as SETTINGS_ALWAYS, OPEN_LABEL};
    let mut h = with_beatdown(|_| {});
    h.click_text("Print");

    // the header's Settings button and every screen's button fit a
    // 1024×700 window
    const SMALL: (f32, f32) = (1024.0, 700.0);
    for label in [OPEN_LABEL, "Library", "Matchups"] {
        let b = {
            let mut ui =
                iced_test::Simulator::with_size(iced::Settings::default(), SMALL, h.app.view());
            ui.find(label).ok().and_then(|t| t.visible_bounds())
        }
        .unwrap_or_else(|| panic!("{label} is not visible at 1024×700"));
        assert!(b.x + b.width <= SMALL.0 && b.width > 20.0, "{label}: {b:?}");
    }

    h.click_text(OPEN_LABEL);
    assert!(h.app.shell().unwrap().settings_open());
    assert!(h.shows(ALWAYS_LABEL), "{:?}", h.dump());
    h.click_id(SETTINGS_ALWAYS);
    assert_eq!(
        Prefs::load(&h.store()).unwrap().file_dialog,
        FileDialog::InApp
    );
    // the theme is there too
    h.send(Message::Settings(
        deckwright::gui::settings::Message::Theme(ThemeChoice::Dark),
    ));
    assert_eq!(Prefs::load(&h.store()).unwrap().theme, ThemeChoice::Dark);
    // Escape closes the panel; the switch takes effect at once
    h.send(Message::Shortcut(deckwright::gui::screen::Shortcut::Escape));
    assert!(!h.app.shell().unwrap().settings_open());
    click_without_tasks(&mut h, "Export PDF...");
    let chooser = h.app.shell().unwrap().chooser().expect("at once");
    assert_eq!(chooser.reason(), BECAUSE_ALWAYS);
    h.click_text("Cancel");

    // switched off in the panel
    h.click_text(OPEN_LABEL);
    h.click_id(SETTINGS_ALWAYS);
    assert_eq!(
        Prefs::load(&h.store()).unwrap().file_dialog,
        FileDialog::Desktop
    );
    h.click_text("Close");
    assert!(!h.app.shell().unwrap().settings_open());
}

#[test]
fn open_after_export_without_a_viewer_says_so_and_copies_the_path() {
    use deckwright::gui::screen::print::{Message as PrintMessage, Opener};
    use iced::futures::StreamExt;
    use iced_test::runtime::{Action, clipboard, task};

    let mut h = with_beatdown(|_| {});
    h.click_text("Print");
    // this machine's viewer is a missing xdg-open
    let bin = tempfile::tempdir().unwrap();
    let Screen::Print(p) = h.app.shell_mut().unwrap().screen_mut() else {
        panic!("not on Print");
    };
    p.set_opener(Opener::program(
        bin.path().join("xdg-open").display().to_string(),
    ));
    let out = h.dir.path().join("beatdown.pdf");
    h.send(Message::Print(PrintMessage::ExportTo(out.clone())));
    assert!(h.shows("Export finished"));

    h.click_text("Open");
    let said = format!(
        "No PDF viewer found (xdg-open is not installed). The file is saved at: {}",
        out.display()
    );
    assert!(h.shows(&said), "{:?}", h.dump());
    // "Copy path" puts the path on the clipboard
    let messages: Vec<Message> = {
        let mut ui = h.ui();
        ui.click("Copy path").unwrap();
        ui.into_messages().collect()
    };
    assert!(
        matches!(&messages[..], [Message::Print(PrintMessage::CopyPath(p))] if *p == out),
        "{messages:?}"
    );
    let task = h.app.update(messages[0].clone());
    let mut stream = task::into_stream(task).expect("a clipboard task");
    let mut copied = None;
    while let Some(action) = iced::futures::executor::block_on(stream.next()) {
        if let Action::Clipboard(clipboard::Action::Write { contents, .. }) = action {
            copied = Some(contents);
        }
    }
    assert_eq!(copied.as_deref(), Some(out.display().to_string().as_str()));

    // a file that is gone is a different message, with nothing to copy
    std::fs::remove_file(&out).unwrap();
    h.click_text("Open");
    assert!(
        h.shows(&format!(
            "The exported file is no longer at {}: export it again.",
            out.display()
        )),
        "{:?}",
        h.dump()
    );
    assert!(!h.shows("Copy path"));
}

#[test]
fn identical_banners_merge_and_older_ones_fold() {
    let mut h = with_beatdown(|_| {});
    h.click_text("Print");
    let dropped = |name: &str| Message::FileDropped(std::path::PathBuf::from(format!("/t/{name}")));
    let said = |name: &str| {
        format!(
            "/t/{name}: files dropped here are not used; drop catalogs, decks or pictures on the Library, Decks or Collection screens"
        )
    };
    // the welcome banner of a new database may be there: start clean
    while !h.app.shell().unwrap().banners().is_empty() {
        let id = h.app.shell().unwrap().banners()[0].id;
        h.send(Message::Dismiss(id));
    }
    for _ in 0..3 {
        h.send(dropped("a.txt"));
    }
    assert_eq!(h.app.shell().unwrap().banners().len(), 1);
    assert!(h.shows(&format!("{} ×3", said("a.txt"))), "{:?}", h.dump());

    for name in ["b", "c", "d", "e"] {
        h.send(dropped(name));
    }
    // five banners: the newest three stack, two fold away
    assert!(h.shows("2 earlier messages"), "{:?}", h.dump());
    assert!(h.shows(&said("e")) && h.shows(&said("c")));
    assert!(!h.shows(&said("b")));
    h.click_text("2 earlier messages");
    assert!(h.shows(&said("b")) && h.shows(&format!("{} ×3", said("a.txt"))));
    h.click_text("Hide earlier messages");
    assert!(!h.shows(&said("b")));

    // a repeat of a folded one comes back to the front, counted
    h.send(dropped("b"));
    assert!(h.shows(&format!("{} ×2", said("b"))), "{:?}", h.dump());
    assert!(!h.shows(&said("c")), "c is folded now");
    // dismissing the newest shows the next folded one again
    let newest = h.app.shell().unwrap().banners().last().unwrap().id;
    h.send(Message::Dismiss(newest));
    assert!(h.shows(&said("c")));
    assert!(h.shows("1 earlier message"), "{:?}", h.dump());
}

/// Issue 25 item 3: with two recent folders, a message and the "Replace"
/// question on show, the chooser's Cancel and Replace buttons lie inside its
/// box and inside the window, at 1280×800 and at 1024×700 (what does not fit
/// scrolls inside the box).
#[test]
fn the_choosers_buttons_stay_inside_its_box_at_both_sizes() {
    use deckwright::gui::chooser::BOX_ID;
    let mut h = with_beatdown(|_| {});
    h.app.shell_mut().unwrap().dialogs_unavailable(NO_PORTAL);
    h.click_text("Print");
    // exports to folders of their own: four recent folders from now on
    // (the data folder among them), the list a real window's larger text
    // makes of two
    let dirs: Vec<_> = (0..3).map(|_| tempfile::tempdir().unwrap()).collect();
    for d in &dirs {
        h.click_text("Export PDF...");
        type_path(&mut h, &d.path().join("mine.pdf"));
        h.click_text("OK");
    }
    let out = dirs[2].path().join("mine.pdf");
    assert!(out.exists());
    h.click_text("Export PDF...");
    type_path(&mut h, &out);
    h.click_text("OK");
    assert!(h.shows("Replace"), "{:?}", h.dump());
    assert!(h.shows("Recent folders"));

    for size in [(1280.0, 800.0), (1024.0, 700.0)] {
        let mut ui = iced_test::Simulator::with_size(iced::Settings::default(), size, h.app.view());
        let frame = ui
            .find(iced_test::selector::id(BOX_ID))
            .ok()
            .and_then(|t| t.visible_bounds())
            .unwrap_or_else(|| panic!("the chooser's box is not visible at {size:?}"));
        assert!(
            frame.y >= 0.0 && frame.y + frame.height <= size.1,
            "the box leaves the window at {size:?}: {frame:?}"
        );
        for label in ["Cancel", "Replace"] {
            let b = ui
                .find(label)
                .ok()
                .and_then(|t| t.visible_bounds())
                .unwrap_or_else(|| panic!("{label} is not visible at {size:?}"));
            assert!(
                b.y >= frame.y
                    && b.y + b.height <= frame.y + frame.height
                    && b.x + b.width <= frame.x + frame.width,
                "{label} {b:?} is not inside the box {frame:?} at {size:?}"
            );
        }
    }
}
