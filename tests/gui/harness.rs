//! Shared by the GUI tests (and `benches/gui.rs`): the real app on a temporary database seeded with
//! the sample catalogs, its tasks run to completion (real SQLite, real files,
//! no dialogs), and an `iced_test` simulator over its current view.
#![allow(
    dead_code,
    reason = "shared by several test binaries, each using part of it"
)]

use std::path::{Path, PathBuf};

use deckwright::gui::{App, Message};
use deckwright::store::Store;
use iced::futures::StreamExt;
use iced::futures::executor::block_on;
use iced::{Settings, Task};
use iced_test::runtime::{Action, task};
use iced_test::selector::Candidate;
use iced_test::{Error, Simulator};

/// The window size the tests lay the app out in.
pub const SIZE: (f32, f32) = (1400.0, 900.0);

/// The app under test and the folder of its database.
pub struct Harness {
    pub app: App,
    pub dir: tempfile::TempDir,
}

impl Harness {
    /// The app on a new database (seeded with the sample catalogs at boot).
    pub fn new() -> Harness {
        let dir = tempfile::tempdir().unwrap();
        Harness::on(dir)
    }

    /// The app on the database in `dir`, prepared beforehand by `setup`.
    pub fn with(setup: impl FnOnce(&mut Store)) -> Harness {
        let dir = tempfile::tempdir().unwrap();
        let mut store = Store::open(dir.path().join("app.db")).unwrap();
        store.seed_samples().unwrap();
        after_the_samples();
        setup(&mut store);
        drop(store);
        Harness::on(dir)
    }

    /// The app on a database whose folder `prepare` filled first (files
    /// beside the database, such as a `games/` folder), and whose store
    /// `setup` prepared.
    pub fn in_folder(prepare: impl FnOnce(&Path), setup: impl FnOnce(&mut Store)) -> Harness {
        let dir = tempfile::tempdir().unwrap();
        prepare(dir.path());
        let mut store = Store::open(dir.path().join("app.db")).unwrap();
        store.seed_samples().unwrap();
        after_the_samples();
        setup(&mut store);
        drop(store);
        Harness::on(dir)
    }

    fn on(dir: tempfile::TempDir) -> Harness {
        let (app, task) = App::new(dir.path().join("app.db"));
        let mut h = Harness { app, dir };
        h.settle(task);
        assert!(h.app.shell().is_some(), "the app did not load: {:?}", h.app);
        h
    }

    pub fn db_path(&self) -> PathBuf {
        self.dir.path().join("app.db")
    }

    /// A store on the app's database, to check what was saved.
    pub fn store(&self) -> Store {
        Store::open(self.db_path()).unwrap()
    }

    /// Runs a task to completion, feeding every message it produces back
    /// into the app (and running the tasks those return, and so on).
    /// Widget operations, clipboard and window actions are dropped: there is
    /// no window.
    pub fn settle(&mut self, task: Task<Message>) {
        let Some(mut stream) = task::into_stream(task) else {
            return;
        };
        while let Some(action) = block_on(stream.next()) {
            if let Action::Output(message) = action {
                let next = self.app.update(message);
                self.settle(next);
            }
        }
    }

    /// Sends one message, as the runtime would, and settles what follows.
    pub fn send(&mut self, message: Message) {
        let task = self.app.update(message);
        self.settle(task);
    }

    /// A simulator over the current view.
    pub fn ui(&self) -> Simulator<'_, Message> {
        Simulator::with_size(Settings::default(), SIZE, self.app.view())
    }

    /// Interacts with a fresh simulator, then applies what it produced.
    pub fn interact(&mut self, f: impl FnOnce(&mut Simulator<'_, Message>) -> Result<(), Error>) {
        let messages: Vec<Message> = {
            let mut ui = self.ui();
            f(&mut ui).unwrap();
            ui.into_messages().collect()
        };
        for m in messages {
            self.send(m);
        }
    }

    /// Clicks what `selector` finds and applies the result.
    pub fn click_text(&mut self, label: &str) {
        let label = label.to_string();
        self.interact(|ui| ui.click(label.as_str()).map(|_| ()));
    }

    pub fn click_id(&mut self, id: &str) {
        let id = id.to_string();
        self.interact(|ui| ui.click(iced_test::selector::id(id)).map(|_| ()));
    }

    /// Clicks what shows `label`, after scrolling the scrollable it is in
    /// down with the mouse wheel, as a user does, until it shows.
    pub fn scroll_click_text(&mut self, label: &str) {
        let label = label.to_string();
        self.interact(|ui| {
            scroll_to(ui, || label.clone())?;
            ui.click(label.as_str()).map(|_| ())
        });
    }

    /// [`Harness::type_into`] a box that is further down a scrollable.
    pub fn scroll_type_into(&mut self, id: &str, text: &str) {
        let (id, text) = (id.to_string(), text.to_string());
        self.interact(|ui| {
            scroll_to(ui, || iced_test::selector::id(id.clone()))?;
            ui.click(iced_test::selector::id(id))?;
            let _ = ui.typewrite(&text);
            Ok(())
        });
    }

    /// Clicks a text box and types into it.
    pub fn type_into(&mut self, id: &str, text: &str) {
        let (id, text) = (id.to_string(), text.to_string());
        self.interact(|ui| {
            ui.click(iced_test::selector::id(id))?;
            let _ = ui.typewrite(&text);
            Ok(())
        });
    }

    /// Whether the view shows a text equal to `s`.
    pub fn shows(&self, s: &str) -> bool {
        self.ui().find(s).is_ok()
    }

    /// The first text on screen containing `part`.
    pub fn text_containing(&self, part: &str) -> Option<String> {
        let part = part.to_string();
        let mut ui = self.ui();
        ui.find(move |c: Candidate<'_>| match c {
            Candidate::Text { content, .. } if content.contains(part.as_str()) => {
                Some(content.to_string())
            }
            _ => None,
        })
        .ok()
    }
}

impl Harness {
    /// The deck builder's open deck (panics elsewhere: a test's mistake).
    pub fn deck_editor(&self) -> &deckwright::gui::screen::decks::Editor {
        match self.app.shell().unwrap().screen() {
            deckwright::gui::app::Screen::Decks(d) => d.open().expect("a deck is open"),
            other => panic!("not on the deck builder: {:?}", other.id()),
        }
    }

    /// The Playtest screen (panics elsewhere: a test's mistake).
    pub fn playtest(&self) -> &deckwright::gui::screen::playtest::Playtest {
        match self.app.shell().unwrap().screen() {
            deckwright::gui::app::Screen::Playtest(p) => p,
            other => panic!("not on the Playtest screen: {:?}", other.id()),
        }
    }

    /// Dismisses every banner on show (the welcome one), so frames and
    /// layouts show the screen alone.
    pub fn dismiss_banners(&mut self) {
        let ids: Vec<u64> = self
            .app
            .shell()
            .unwrap()
            .banners()
            .iter()
            .map(|b| b.id)
            .collect();
        for id in ids {
            self.send(Message::Dismiss(id));
        }
    }

    /// The texts of the banners on show, oldest first.
    pub fn banner_texts(&self) -> Vec<String> {
        self.app
            .shell()
            .unwrap()
            .banners()
            .iter()
            .map(|b| b.text.clone())
            .collect()
    }

    /// Every text and widget id on screen (for failure messages).
    pub fn dump(&self) -> Vec<String> {
        let mut seen = Vec::new();
        let mut ui = self.ui();
        let _ = ui.find(|c: Candidate<'_>| -> Option<()> {
            match c {
                Candidate::Text { content, .. } => seen.push(content.to_string()),
                other => {
                    if let Some(id) = other.id() {
                        seen.push(format!("#{id:?}"));
                    }
                }
            }
            None
        });
        seen
    }
}

/// The id of a stored catalog by its game.
pub fn catalog_of(store: &Store, game: deckwright::model::GameId) -> deckwright::store::CatalogId {
    store
        .catalogs()
        .unwrap()
        .into_iter()
        .find(|c| c.game == game)
        .unwrap()
        .id
}

/// Lets the clock pass the sample decks' millisecond, so that a deck a test
/// stores is the one changed last (screens open the deck changed last, and
/// timestamps have millisecond resolution).
fn after_the_samples() {
    std::thread::sleep(std::time::Duration::from_millis(3));
}

/// Turns the mouse wheel over the scrollable `selector`'s target is in
/// until the target shows (or 40 turns went by).
fn scroll_to<S>(ui: &mut Simulator<'_, Message>, selector: impl Fn() -> S) -> Result<(), Error>
where
    S: iced_test::selector::Selector + Send,
    S::Output: iced_test::selector::Bounded + Clone + Send + Sync + 'static,
{
    use iced::mouse::{Event as Mouse, ScrollDelta};
    use iced_test::selector::Bounded;
    for _ in 0..40 {
        let target = ui.find(selector())?;
        if target.visible_bounds().is_some() {
            return Ok(());
        }
        let b = target.bounds();
        ui.point_at(iced::Point::new(b.x + b.width / 2.0, SIZE.1 / 2.0));
        let _ = ui.simulate([iced::Event::Mouse(Mouse::WheelScrolled {
            delta: ScrollDelta::Pixels { x: 0.0, y: -240.0 },
        })]);
    }
    Ok(())
}
