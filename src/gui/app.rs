//! The application shell: start-up, navigation between screens, banners,
//! theme, keyboard shortcuts, dropped files and the remembered preferences.
//!
//! Closing the window (or Ctrl+Q) saves what autosaves (the open deck, the
//! preferences) and closes — unless the Library's card editor holds an edit
//! in progress: then the Library asks "Save and quit", "Quit without saving"
//! or "Keep editing" first, and a card that cannot be saved keeps the app
//! open.
//!
//! Start-up is a small state machine: [`App::Loading`] while a task opens the
//! database (seeding the sample catalogs into a new one) and reads the
//! preferences, then [`App::Loaded`] — or [`App::Failed`] with the reason and
//! a retry button, never a crash.

use std::path::PathBuf;

use iced::keyboard::{self, Key, key::Named};
use iced::widget::{button, center, column, container, row, rule, text, tooltip};
use iced::{Element, Fill, Size, Subscription, Task, Theme, event, window};

use super::banners::{Banner, Banners};
use super::chooser::{self, Chooser};
use super::data::{self, Data};
use super::db::Db;
use super::dialog::{self, Request};
use super::prefs::{FileDialog, Prefs, ScreenId, ThemeChoice};
use super::screen::{
    Action, Remember, Shortcut, collection, decks, library, matchups, playtest, print, world,
};
use super::settings;
use super::timing;
use super::widget::{Tone, modal, muted};
use crate::store::CatalogInfo;

/// Padding of a navigation button: small enough that the seven screens, the
/// Data menu and the Settings button fit a 1024-pixel-wide window.
const NAV_PADDING: [u16; 2] = [6, 8];

/// The app.
#[derive(Debug)]
pub enum App {
    Loading(Db),
    Failed { db: Db, error: String },
    Loaded(Box<Shell>),
}

/// What start-up reads from the database.
#[derive(Debug, Clone)]
pub struct Boot {
    pub prefs: Prefs,
    /// How many sample catalogs were seeded into a new database.
    pub seeded: usize,
    pub catalogs: Vec<CatalogInfo>,
    /// Game files of the `games/` folder beside the database that could not
    /// be added, each with its file, line and problem.
    pub game_problems: Vec<String>,
}

/// The loaded app: the current screen and what surrounds it.
#[derive(Debug)]
pub struct Shell {
    db: Db,
    data: Data,
    prefs: Prefs,
    screen: Screen,
    /// Playtest and World kept while another screen is on show: a game in
    /// progress lives as long as the app, never replaced by switching away.
    parked: Parked,
    banners: Banners,
    /// The file request waiting for its answer.
    asking: Option<Asking>,
    next_ask: u64,
    /// Why the desktop's file dialog cannot be shown, once found out: every
    /// later request goes straight to the in-app chooser.
    no_dialog: Option<String>,
    /// The settings panel is on show.
    settings: bool,
}

/// A screen's request for a path, and the in-app chooser answering it (none
/// while the desktop's dialog is open).
#[derive(Debug)]
struct Asking {
    id: u64,
    request: Request<Message>,
    chooser: Option<Chooser>,
}

/// The screens whose state survives switching away from them.
#[derive(Debug, Default)]
struct Parked {
    playtest: Option<playtest::Playtest>,
    world: Option<world::World>,
    matchups: Option<matchups::Matchups>,
    /// What the other screens keep of what the user typed or did and the
    /// store does not have (issue 15, issue 25): the deck builder's paste
    /// box text, undo steps and dialog; counts and print values typed that
    /// are not numbers.
    decks: Option<decks::Kept>,
    collection: Option<collection::Kept>,
    print: Vec<(print::Field, String)>,
}

/// The screen on show, with its own state.
#[derive(Debug)]
pub enum Screen {
    Library(library::Library),
    /// Boxed: the deck builder is by far the largest screen state.
    Decks(Box<decks::Decks>),
    Collection(collection::Collection),
    Playtest(playtest::Playtest),
    /// Boxed: the Print screen holds a plan and its options (print-and-cut
    /// marks, TTS export) and is next in size.
    Print(Box<print::Print>),
    World(world::World),
    Matchups(matchups::Matchups),
}

impl Screen {
    /// Whether the screen shows its data (for the start-up timing).
    fn is_ready(&self) -> bool {
        match self {
            Screen::Library(l) => l.matches().next().is_some(),
            Screen::Decks(d) => !d.decks().is_empty(),
            Screen::Collection(c) => c.has_catalog(),
            Screen::Playtest(p) => p.is_ready(),
            Screen::Print(p) => p.is_ready(),
            Screen::World(w) => w.is_ready(),
            Screen::Matchups(m) => m.is_ready(),
        }
    }

    pub fn id(&self) -> ScreenId {
        match self {
            Screen::Library(_) => ScreenId::Library,
            Screen::Decks(_) => ScreenId::Decks,
            Screen::Collection(_) => ScreenId::Collection,
            Screen::Playtest(_) => ScreenId::Playtest,
            Screen::Print(_) => ScreenId::Print,
            Screen::World(_) => ScreenId::World,
            Screen::Matchups(_) => ScreenId::Matchups,
        }
    }
}

#[derive(Debug, Clone)]
pub enum Message {
    Booted(Result<Boot, String>),
    Retry,
    Navigate(ScreenId),
    Library(library::Message),
    Decks(decks::Message),
    Collection(collection::Message),
    Playtest(playtest::Message),
    Print(print::Message),
    World(world::Message),
    Matchups(matchups::Message),
    Dismiss(u64),
    /// Fold or unfold the earlier banners.
    EarlierBanners,
    Theme(ThemeChoice),
    Shortcut(Shortcut),
    FileDropped(PathBuf),
    Resized(Size),
    /// The window's size and its monitor's, just after it opened.
    FitWindow(window::Id, Size, Size),
    CloseRequested,
    PrefsSaved(Result<(), String>),
    /// The Data menu (export, import, backup, restore).
    Data(data::Message),
    /// The database was read again after an import or a restore.
    Reloaded(Result<Boot, String>),
    /// Everything is saved: the window may close.
    ReadyToClose,
    /// The desktop's file dialog for request `.0` answered.
    Asked(u64, dialog::Answer),
    /// The in-app path chooser.
    Chooser(chooser::Message),
    /// The header's Settings button.
    OpenSettings,
    /// The settings panel.
    Settings(settings::Message),
}

impl App {
    /// Starts loading the database at `db`.
    pub fn new(db: PathBuf) -> (App, Task<Message>) {
        let db = Db::new(db);
        let task = Task::batch([boot(&db), fit_window()]);
        (App::Loading(db), task)
    }

    pub fn title(&self) -> String {
        match self {
            App::Loaded(shell) => format!("Deckwright — {}", shell.screen.id().label()),
            _ => "Deckwright".to_string(),
        }
    }

    pub fn theme(&self) -> Option<Theme> {
        match self {
            App::Loaded(shell) => shell.prefs.theme.theme(),
            _ => None,
        }
    }

    /// The shell, once loaded.
    pub fn shell(&self) -> Option<&Shell> {
        match self {
            App::Loaded(s) => Some(s),
            _ => None,
        }
    }

    pub fn shell_mut(&mut self) -> Option<&mut Shell> {
        match self {
            App::Loaded(s) => Some(s),
            _ => None,
        }
    }

    pub fn update(&mut self, message: Message) -> Task<Message> {
        if let Message::FitWindow(id, size, monitor) = message {
            return match fitted(size, monitor) {
                Some(s) => window::resize(id, s),
                None => Task::none(),
            };
        }
        match self {
            App::Loading(db) | App::Failed { db, .. } => match message {
                Message::Booted(Ok(b)) => {
                    let (shell, task) = Shell::new(db.clone(), b);
                    *self = App::Loaded(Box::new(shell));
                    task
                }
                Message::Booted(Err(error)) => {
                    *self = App::Failed {
                        db: db.clone(),
                        error,
                    };
                    Task::none()
                }
                Message::Retry => {
                    let db = db.clone();
                    let task = boot(&db);
                    *self = App::Loading(db);
                    task
                }
                Message::CloseRequested | Message::ReadyToClose => close(),
                _ => Task::none(),
            },
            App::Loaded(shell) => shell.update(message),
        }
    }

    pub fn view(&self) -> Element<'_, Message> {
        timing::FIRST_FRAME.reached();
        match self {
            App::Loading(db) => center(
                column![
                    text("Deckwright").size(32),
                    text(format!("Opening {}", db.path().display())).style(muted),
                ]
                .spacing(8)
                .align_x(iced::Center),
            )
            .into(),
            App::Failed { error, .. } => center(
                column![
                    text("Deckwright could not open its database").size(24),
                    text(error.as_str()),
                    button("Try again").on_press(Message::Retry),
                ]
                .spacing(12)
                .max_width(640),
            )
            .into(),
            App::Loaded(shell) => shell.view(),
        }
    }

    pub fn subscription(&self) -> Subscription<Message> {
        let mut subs = vec![
            keyboard::listen().filter_map(shortcut),
            event::listen_with(window_event),
        ];
        if let App::Loaded(shell) = self
            && let Screen::Decks(d) = &shell.screen
        {
            subs.push(d.subscription().map(Message::Decks));
        }
        Subscription::batch(subs)
    }
}

/// Adds the games of the `games/` folder beside the database (before any
/// catalog of theirs is read), opens the database, seeds it when new, and
/// reads the preferences.
fn boot(db: &Db) -> Task<Message> {
    let folder = crate::games::games_folder(db.path());
    Task::perform(
        db.run(move |s| {
            let game_problems = crate::games::add_folder(&folder)
                .iter()
                .map(ToString::to_string)
                .collect();
            let seeded = s.seed_samples()?;
            Ok(Boot {
                prefs: Prefs::load(s)?,
                seeded,
                catalogs: s.catalogs()?,
                game_problems,
            })
        }),
        Message::Booted,
    )
}

/// Asks for the window's size and its monitor's (nothing without a window).
fn fit_window() -> Task<Message> {
    window::latest().and_then(|id| {
        window::monitor_size(id).and_then(move |monitor| {
            window::size(id).map(move |size| Message::FitWindow(id, size, monitor))
        })
    })
}

/// The room a window leaves on its monitor for the desktop's panels and
/// the window's own title bar.
const MONITOR_MARGIN: (f32, f32) = (0.0, 60.0);

/// The size a window of `size` should have on a monitor of `monitor`:
/// `None` when it fits; else no larger than the monitor (issue 25: the size
/// remembered on a large screen reopened a 1280×800 window past the edges
/// of a 1024×700 one).
pub fn fitted(size: Size, monitor: Size) -> Option<Size> {
    if !(monitor.width > 0.0 && monitor.height > 0.0) {
        return None;
    }
    let room = Size::new(
        (monitor.width - MONITOR_MARGIN.0).max(monitor.width / 2.0),
        (monitor.height - MONITOR_MARGIN.1).max(monitor.height / 2.0),
    );
    (size.width > room.width || size.height > room.height)
        .then(|| Size::new(size.width.min(room.width), size.height.min(room.height)))
}

fn close() -> Task<Message> {
    window::latest().and_then(window::close)
}

/// Keyboard shortcuts, from key presses no widget captured (public for the
/// tests, which have no keyboard).
pub fn shortcut(event: keyboard::Event) -> Option<Message> {
    let keyboard::Event::KeyPressed { key, modifiers, .. } = event else {
        return None;
    };
    let s = match key.as_ref() {
        Key::Character(c) if modifiers.command() => match c.to_lowercase().as_str() {
            "n" => Shortcut::NewDeck,
            "f" => Shortcut::Find,
            "o" => Shortcut::Import,
            "e" => Shortcut::Export,
            "s" => Shortcut::Save,
            "z" if modifiers.shift() => Shortcut::Redo,
            "z" => Shortcut::Undo,
            "y" => Shortcut::Redo,
            // Quit the way closing the window does: the open deck is saved,
            // an unsaved card edit is asked about.
            "q" => return Some(Message::CloseRequested),
            "1" => return Some(Message::Navigate(ScreenId::Library)),
            "2" => return Some(Message::Navigate(ScreenId::Decks)),
            "3" => return Some(Message::Navigate(ScreenId::Collection)),
            "4" => return Some(Message::Navigate(ScreenId::Playtest)),
            "5" => return Some(Message::Navigate(ScreenId::Print)),
            "6" => return Some(Message::Navigate(ScreenId::World)),
            "7" => return Some(Message::Navigate(ScreenId::Matchups)),
            _ => return None,
        },
        Key::Character("+") | Key::Character("=") => Shortcut::Plus,
        Key::Character("-") => Shortcut::Minus,
        Key::Named(Named::Escape) => Shortcut::Escape,
        Key::Named(Named::ArrowUp) => Shortcut::Up,
        Key::Named(Named::ArrowDown) => Shortcut::Down,
        Key::Named(Named::Tab) if modifiers.shift() => Shortcut::PreviousField,
        Key::Named(Named::Tab) => Shortcut::NextField,
        _ => return None,
    };
    Some(Message::Shortcut(s))
}

/// The window events the shell cares about.
fn window_event(
    event: iced::Event,
    _status: event::Status,
    _window: window::Id,
) -> Option<Message> {
    match event {
        iced::Event::Window(window::Event::FileDropped(path)) => Some(Message::FileDropped(path)),
        iced::Event::Window(window::Event::Resized(size)) => Some(Message::Resized(size)),
        iced::Event::Window(window::Event::CloseRequested) => Some(Message::CloseRequested),
        _ => None,
    }
}

impl Shell {
    fn new(db: Db, boot: Boot) -> (Shell, Task<Message>) {
        let (screen, task) = open_screen(&db, &boot.prefs, boot.prefs.screen);
        let mut shell = Shell {
            data: Data::new(db.clone()),
            db,
            prefs: boot.prefs,
            screen,
            parked: Parked::default(),
            banners: Banners::default(),
            asking: None,
            next_ask: 0,
            no_dialog: None,
            settings: false,
        };
        for problem in &boot.game_problems {
            shell.banner(
                Tone::Error,
                format!("A game file could not be added: {problem}"),
            );
        }
        if boot.seeded > 0 {
            shell.banner(
                Tone::Notice,
                format!(
                    "Welcome! {} sample catalogs were added to your new database.",
                    boot.seeded
                ),
            );
        }
        (shell, task)
    }

    pub fn screen(&self) -> &Screen {
        &self.screen
    }

    pub fn screen_mut(&mut self) -> &mut Screen {
        &mut self.screen
    }

    pub fn prefs(&self) -> &Prefs {
        &self.prefs
    }

    /// Every banner, oldest first (folded ones included).
    pub fn banners(&self) -> &[Banner] {
        self.banners.all()
    }

    /// The banners, with what is folded and on show.
    pub fn banner_stack(&self) -> &Banners {
        &self.banners
    }

    pub fn db(&self) -> &Db {
        &self.db
    }

    pub fn data(&self) -> &Data {
        &self.data
    }

    fn banner(&mut self, tone: Tone, text: String) {
        self.banners.push(tone, text);
    }

    pub fn update(&mut self, message: Message) -> Task<Message> {
        match message {
            Message::Booted(_) | Message::Retry => Task::none(),
            Message::Navigate(id) => self.navigate(id),
            Message::Library(m) => self.library(m),
            Message::Decks(m) => self.decks(m),
            Message::Collection(m) => self.collection(m),
            Message::Playtest(m) => self.playtest(m),
            Message::Print(m) => self.print(m),
            Message::World(m) => self.world(m),
            Message::Matchups(m) => self.matchups(m),
            Message::Dismiss(id) => self.dismiss(id),
            Message::EarlierBanners => {
                self.banners.toggle();
                Task::none()
            }
            Message::Theme(t) => self.set_theme(t),
            Message::Shortcut(s) => self.shortcut(s),
            Message::FileDropped(path) => self.file_dropped(path),
            Message::Resized(size) => self.resized(size),
            Message::FitWindow(..) => Task::none(),
            Message::CloseRequested => self.close_requested(),
            Message::PrefsSaved(r) => self.prefs_saved(r),
            Message::Data(m) => self.data_menu(m),
            Message::Reloaded(r) => self.reloaded(r),
            Message::ReadyToClose => close(),
            Message::Asked(id, answer) => self.asked(id, answer),
            Message::Chooser(m) => self.chooser_message(m),
            Message::OpenSettings => {
                self.settings = true;
                Task::none()
            }
            Message::Settings(m) => self.settings_message(m),
        }
    }

    /// Whether the settings panel is on show.
    pub fn settings_open(&self) -> bool {
        self.settings
    }

    fn settings_message(&mut self, m: settings::Message) -> Task<Message> {
        match m {
            settings::Message::Theme(t) => self.set_theme(t),
            settings::Message::Always(on) => self.always_in_app(on),
            settings::Message::Close => {
                self.settings = false;
                Task::none()
            }
        }
    }

    /// The "always use Deckwright's file chooser" switch (in the chooser
    /// and in the settings): stored at once, used by the next file action.
    fn always_in_app(&mut self, on: bool) -> Task<Message> {
        self.prefs.file_dialog = if on {
            FileDialog::InApp
        } else {
            FileDialog::Desktop
        };
        self.save_prefs()
    }

    /// The in-app path chooser on show, if any.
    pub fn chooser(&self) -> Option<&Chooser> {
        self.asking.as_ref().and_then(|a| a.chooser.as_ref())
    }

    /// Takes the desktop's file dialog as unavailable for `why`, as a failed
    /// probe does (the tests have no desktop to probe).
    pub fn dialogs_unavailable(&mut self, why: impl Into<String>) {
        self.no_dialog = Some(why.into());
    }

    /// Shows the desktop's file dialog for `request`, or the in-app chooser
    /// when it is known to be missing or the preferences ask for it.
    fn ask(&mut self, request: Request<Message>) -> Task<Message> {
        if self.asking.is_some() {
            self.banner(
                Tone::Notice,
                "A file dialog is already open: finish with it first.".into(),
            );
            return Task::none();
        }
        self.next_ask += 1;
        let id = self.next_ask;
        let forced = if dialog::forced_by_env() {
            Some(format!(
                "The in-app chooser is used because {}=in-app is set.",
                dialog::ENV
            ))
        } else if self.prefs.file_dialog == FileDialog::InApp {
            Some(chooser::BECAUSE_ALWAYS.to_string())
        } else {
            None
        };
        if let Some(why) = forced.or_else(|| self.no_dialog.clone()) {
            let mut chooser = self.new_chooser(&request, why);
            let list = chooser.list().map(|t| t.map(Message::Chooser));
            self.asking = Some(Asking {
                id,
                request,
                chooser: Some(chooser),
            });
            return list.unwrap_or_else(Task::none);
        }
        let mut spec = request.spec();
        spec.folder = self
            .prefs
            .recent_folders
            .iter()
            .find(|f| f.is_dir())
            .cloned();
        self.asking = Some(Asking {
            id,
            request,
            chooser: None,
        });
        Task::perform(dialog::native(spec), move |a| Message::Asked(id, a))
    }

    fn new_chooser(&self, request: &Request<Message>, why: String) -> Chooser {
        let data = self
            .db
            .path()
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .map_or_else(|| PathBuf::from("."), PathBuf::from);
        Chooser::new(
            request.spec(),
            &self.prefs.recent_folders,
            &data,
            why,
            self.prefs.file_dialog == FileDialog::InApp,
        )
    }

    fn asked(&mut self, id: u64, answer: dialog::Answer) -> Task<Message> {
        let Some(asking) = self.asking.take_if(|a| a.id == id) else {
            return Task::none();
        };
        match answer {
            dialog::Answer::Picked(p) => self.picked(asking.request, p),
            dialog::Answer::Cancelled => self.update(asking.request.closed()),
            dialog::Answer::Unavailable(why) => {
                self.no_dialog = Some(why.clone());
                let mut chooser = self.new_chooser(&asking.request, why);
                let list = chooser.list().map(|t| t.map(Message::Chooser));
                self.asking = Some(Asking {
                    chooser: Some(chooser),
                    ..asking
                });
                list.unwrap_or_else(Task::none)
            }
        }
    }

    fn chooser_message(&mut self, m: chooser::Message) -> Task<Message> {
        let Some(chooser) = self.asking.as_mut().and_then(|a| a.chooser.as_mut()) else {
            return Task::none();
        };
        match chooser.update(m) {
            chooser::Outcome::None => Task::none(),
            chooser::Outcome::Run(t) => t.map(Message::Chooser),
            chooser::Outcome::Picked(p) => match self.asking.take() {
                Some(a) => self.picked(a.request, p),
                None => Task::none(),
            },
            chooser::Outcome::Cancelled => match self.asking.take() {
                Some(a) => self.update(a.request.closed()),
                None => Task::none(),
            },
            chooser::Outcome::Always(on) => self.always_in_app(on),
        }
    }

    /// Hands a picked path to the screen that asked, remembering its folder.
    fn picked(&mut self, request: Request<Message>, path: PathBuf) -> Task<Message> {
        let folder = match request.kind {
            dialog::Kind::Folder => Some(path.as_path()),
            _ => path.parent(),
        };
        if let Some(f) = folder {
            self.prefs.used_folder(f);
        }
        let save = self.save_prefs();
        let answer = self.update(request.picked(path));
        Task::batch([answer, save])
    }

    #[allow(
        clippy::expect_used,
        reason = "each arm matched the parked screen it takes"
    )]
    fn navigate(&mut self, id: ScreenId) -> Task<Message> {
        if !id.available() || id == self.screen.id() {
            return Task::none();
        }
        // an edit in progress is not dropped without asking
        if let Screen::Library(l) = &mut self.screen
            && !l.may_leave(id)
        {
            return Task::none();
        }
        let flush = self.flush();
        let (screen, task) = match (id, &mut self.parked) {
            (
                ScreenId::Playtest,
                Parked {
                    playtest: Some(_), ..
                },
            ) => {
                let mut p = self.parked.playtest.take().expect("checked");
                let task = p.resume().map(Message::Playtest);
                (Screen::Playtest(p), task)
            }
            (ScreenId::World, Parked { world: Some(_), .. }) => (
                Screen::World(self.parked.world.take().expect("checked")),
                Task::none(),
            ),
            (
                ScreenId::Matchups,
                Parked {
                    matchups: Some(_), ..
                },
            ) => {
                let mut m = self.parked.matchups.take().expect("checked");
                let task = m.resume().map(Message::Matchups);
                (Screen::Matchups(m), task)
            }
            _ => open_screen(&self.db, &self.prefs, id),
        };
        let mut screen = screen;
        let restored = match &mut screen {
            Screen::Decks(d) => match self.parked.decks.take() {
                Some(k) => d.restore(k).map(Message::Decks),
                None => Task::none(),
            },
            Screen::Collection(c) => {
                if let Some(k) = self.parked.collection.take() {
                    c.restore(k);
                }
                Task::none()
            }
            Screen::Print(p) => {
                p.restore(std::mem::take(&mut self.parked.print));
                Task::none()
            }
            _ => Task::none(),
        };
        match std::mem::replace(&mut self.screen, screen) {
            Screen::Playtest(p) => self.parked.playtest = Some(p),
            Screen::World(w) => self.parked.world = Some(w),
            Screen::Matchups(m) => self.parked.matchups = Some(m),
            // what was typed and not stored is not lost with the screen
            Screen::Decks(d) => self.parked.decks = d.kept(),
            Screen::Collection(c) => self.parked.collection = c.kept(),
            Screen::Print(p) => self.parked.print = p.kept(),
            Screen::Library(_) => {}
        }
        self.prefs.screen = id;
        Task::batch([flush, task, restored, self.save_prefs()])
    }

    /// Saves what the current screen has not saved yet (the open deck) and
    /// stops its background work (goldfish runs).
    fn flush(&mut self) -> Task<Message> {
        match &mut self.screen {
            Screen::Decks(d) => d.flush().map(Message::Decks),
            Screen::Playtest(p) => {
                // runs on the worker pool stop with the screen
                p.stop();
                Task::none()
            }
            Screen::Matchups(m) => {
                m.stop();
                Task::none()
            }
            _ => Task::none(),
        }
    }

    fn data_menu(&mut self, m: data::Message) -> Task<Message> {
        match self.data.update(m) {
            data::Outcome::None => Task::none(),
            data::Outcome::Run { task, flush } => {
                let task = task.map(Message::Data);
                if flush {
                    self.flush().chain(task)
                } else {
                    task
                }
            }
            data::Outcome::Ask(request) => self.ask(request.map(Message::Data)),
            data::Outcome::Banner { tone, text, reload } => {
                self.banner(tone, text);
                if reload { self.reload() } else { Task::none() }
            }
        }
    }

    /// Reads the preferences and the current screen again: an import or a
    /// restore changed the data under them.
    fn reload(&self) -> Task<Message> {
        Task::perform(
            self.db.run(|s| {
                Ok(Boot {
                    prefs: Prefs::load(s)?,
                    seeded: 0,
                    catalogs: s.catalogs()?,
                    game_problems: Vec::new(),
                })
            }),
            Message::Reloaded,
        )
    }

    fn reloaded(&mut self, r: Result<Boot, String>) -> Task<Message> {
        let boot = match r {
            Ok(b) => b,
            Err(e) => {
                self.banner(Tone::Error, format!("cannot read the database again: {e}"));
                return Task::none();
            }
        };
        // The old screen's unsaved state belonged to the old data: it is
        // dropped, not flushed into the new.
        match &mut self.screen {
            Screen::Playtest(p) => p.stop(),
            Screen::Matchups(m) => m.stop(),
            _ => {}
        }
        self.parked = Parked::default();
        let id = self.screen.id();
        self.prefs = boot.prefs;
        self.prefs.screen = id;
        let (screen, task) = open_screen(&self.db, &self.prefs, id);
        self.screen = screen;
        task
    }

    fn library(&mut self, m: library::Message) -> Task<Message> {
        match &mut self.screen {
            Screen::Library(l) => {
                let action = l.update(m);
                self.perform(action, Message::Library)
            }
            _ => Task::none(),
        }
    }

    fn decks(&mut self, m: decks::Message) -> Task<Message> {
        match &mut self.screen {
            Screen::Decks(d) => {
                let action = d.update(m);
                self.perform(action, Message::Decks)
            }
            _ => Task::none(),
        }
    }

    fn collection(&mut self, m: collection::Message) -> Task<Message> {
        match &mut self.screen {
            Screen::Collection(c) => {
                let action = c.update(m);
                self.perform(action, Message::Collection)
            }
            _ => Task::none(),
        }
    }

    fn playtest(&mut self, m: playtest::Message) -> Task<Message> {
        match &mut self.screen {
            Screen::Playtest(p) => {
                let action = p.update(m);
                self.perform(action, Message::Playtest)
            }
            _ => Task::none(),
        }
    }

    fn print(&mut self, m: print::Message) -> Task<Message> {
        match &mut self.screen {
            Screen::Print(p) => {
                let action = p.update(m);
                self.perform(action, Message::Print)
            }
            _ => Task::none(),
        }
    }

    /// A World message goes to the World screen, on show or parked: what
    /// its work sends back after the user left (a failed save, the
    /// computer players' answer) is not lost (issue 25: the failed save's
    /// banner was dropped with the message).
    fn world(&mut self, m: world::Message) -> Task<Message> {
        let action = match (&mut self.screen, &mut self.parked.world) {
            (Screen::World(w), _) | (_, Some(w)) => w.update(m),
            _ => return Task::none(),
        };
        self.perform(action, Message::World)
    }

    fn matchups(&mut self, m: matchups::Message) -> Task<Message> {
        match &mut self.screen {
            Screen::Matchups(s) => {
                let action = s.update(m);
                self.perform(action, Message::Matchups)
            }
            _ => Task::none(),
        }
    }

    /// Carries out what a screen asked for.
    fn perform<M: Send + 'static>(
        &mut self,
        action: Action<M>,
        wrap: fn(M) -> Message,
    ) -> Task<Message> {
        match action {
            Action::None => Task::none(),
            Action::Run(task) => task.map(wrap),
            Action::Ask(request) => self.ask(request.map(wrap)),
            Action::Error(e) => {
                self.banner(Tone::Error, e);
                Task::none()
            }
            Action::Notice(n) => {
                self.banner(Tone::Notice, n);
                Task::none()
            }
            Action::Warning(w) => {
                self.banner(Tone::Warning, w);
                Task::none()
            }
            Action::Standing { key, tone, text } => {
                self.banners.set(&key, tone, text);
                Task::none()
            }
            Action::Withdraw(key) => {
                self.banners.withdraw(&key);
                Task::none()
            }
            Action::Remember(r) => self.remember(r),
            Action::Navigate(id) => self.navigate(id),
            Action::Quit => self.close_now(),
            Action::Many(actions) => Task::batch(
                actions
                    .into_iter()
                    .map(|a| self.perform(a, wrap))
                    .collect::<Vec<_>>(),
            ),
        }
    }

    fn remember(&mut self, r: Remember) -> Task<Message> {
        let before = self.prefs.clone();
        match r {
            Remember::LibraryCatalog(id) => self.prefs.library_catalog = Some(id),
            Remember::CollectionCatalog(id) => self.prefs.collection_catalog = Some(id),
            Remember::OpenedDeck(id) => self.prefs.opened_deck(id),
            Remember::DeletedDeck(id) => self.prefs.forget_deck(id),
        }
        if self.prefs == before {
            Task::none()
        } else {
            self.save_prefs()
        }
    }

    fn save_prefs(&self) -> Task<Message> {
        let prefs = self.prefs.clone();
        Task::perform(self.db.run(move |s| prefs.save(s)), Message::PrefsSaved)
    }

    fn prefs_saved(&mut self, r: Result<(), String>) -> Task<Message> {
        if let Err(e) = r {
            self.banner(Tone::Error, format!("cannot save the app's settings: {e}"));
        }
        Task::none()
    }

    fn dismiss(&mut self, id: u64) -> Task<Message> {
        self.banners.dismiss(id);
        Task::none()
    }

    fn set_theme(&mut self, t: ThemeChoice) -> Task<Message> {
        self.prefs.theme = t;
        self.save_prefs()
    }

    fn shortcut(&mut self, s: Shortcut) -> Task<Message> {
        // iced moves the focus only when asked: Tab asks, on every screen
        match s {
            Shortcut::NextField => return iced::widget::operation::focus_next(),
            Shortcut::PreviousField => return iced::widget::operation::focus_previous(),
            _ => {}
        }
        if s == Shortcut::NewDeck && self.screen.id() != ScreenId::Decks {
            let nav = self.navigate(ScreenId::Decks);
            let new = self.shortcut(Shortcut::NewDeck);
            return Task::batch([nav, new]);
        }
        if s == Shortcut::Escape && self.chooser().is_some() {
            return self.chooser_message(chooser::Message::Cancel);
        }
        if s == Shortcut::Escape && self.settings {
            self.settings = false;
            return Task::none();
        }
        if s == Shortcut::Escape && !self.banners.is_empty() && !self.screen_has_dialog() {
            self.banners.pop();
            return Task::none();
        }
        match &mut self.screen {
            Screen::Library(l) => {
                let a = l.shortcut(s);
                self.perform(a, Message::Library)
            }
            Screen::Decks(d) => {
                let a = d.shortcut(s);
                self.perform(a, Message::Decks)
            }
            Screen::Collection(c) => {
                let a = c.shortcut(s);
                self.perform(a, Message::Collection)
            }
            Screen::Playtest(p) => {
                let a = p.shortcut(s);
                self.perform(a, Message::Playtest)
            }
            Screen::Print(p) => {
                let a = p.shortcut(s);
                self.perform(a, Message::Print)
            }
            Screen::World(w) => {
                let a = w.shortcut(s);
                self.perform(a, Message::World)
            }
            Screen::Matchups(m) => {
                let a = m.shortcut(s);
                self.perform(a, Message::Matchups)
            }
        }
    }

    fn screen_has_dialog(&self) -> bool {
        match &self.screen {
            Screen::Decks(d) => d.has_dialog(),
            Screen::Library(l) => l.editor().is_some(),
            Screen::World(w) => w.asking().is_some(),
            Screen::Collection(_)
            | Screen::Playtest(_)
            | Screen::Print(_)
            | Screen::Matchups(_) => false,
        }
    }

    fn file_dropped(&mut self, path: PathBuf) -> Task<Message> {
        match &mut self.screen {
            Screen::Library(l) => {
                let a = l.dropped(path);
                self.perform(a, Message::Library)
            }
            Screen::Decks(d) => {
                let a = d.dropped(path);
                self.perform(a, Message::Decks)
            }
            Screen::Collection(c) => {
                let a = c.dropped(path);
                self.perform(a, Message::Collection)
            }
            Screen::Playtest(_) | Screen::Print(_) | Screen::World(_) | Screen::Matchups(_) => {
                self.banner(
                    Tone::Notice,
                    format!(
                        "{}: files dropped here are not used; drop catalogs, decks or pictures on the Library, Decks or Collection screens",
                        path.display()
                    ),
                );
                Task::none()
            }
        }
    }

    fn resized(&mut self, size: Size) -> Task<Message> {
        // Saved when the window closes, not on every step of a drag.
        self.prefs.resized(size.width, size.height);
        Task::none()
    }

    /// The window's close button or Ctrl+Q: an edit in progress in the
    /// Library is asked about first (its answer comes back as
    /// [`Action::Quit`]); everything else is saved and the window closes.
    fn close_requested(&mut self) -> Task<Message> {
        if let Screen::Library(l) = &mut self.screen
            && !l.may_close()
        {
            return Task::none();
        }
        self.close_now()
    }

    /// Saves what the current screen has not saved yet and the preferences,
    /// then closes the window.
    fn close_now(&mut self) -> Task<Message> {
        let flush = self.flush();
        let prefs = self.prefs.clone();
        let save = Task::perform(self.db.run(move |s| prefs.save(s)), |_| ());
        flush
            .chain(save.discard())
            .chain(Task::done(Message::ReadyToClose))
    }

    pub fn view(&self) -> Element<'_, Message> {
        if self.screen.is_ready() {
            timing::READY.reached();
        }
        let mut nav = row![].spacing(4).align_y(iced::Center);
        for id in ScreenId::ALL {
            let current = id == self.screen.id();
            let b = button(text(id.label()))
                .padding(NAV_PADDING)
                .style(if current {
                    button::primary
                } else {
                    button::text
                })
                .on_press_maybe(id.available().then_some(Message::Navigate(id)));
            nav = nav.push(match id.arrives_with() {
                Some(what) => Element::from(tooltip(
                    b,
                    container(text(format!("Coming with {what}")).size(13))
                        .padding(6)
                        .style(container::rounded_box),
                    tooltip::Position::Bottom,
                )),
                None => b.into(),
            });
        }
        // the theme and the file dialog are chosen in the settings panel
        let settings = button(text(settings::OPEN_LABEL))
            .padding(NAV_PADDING)
            .style(button::text)
            .on_press(Message::OpenSettings);
        let header = row![
            text("Deckwright").size(20),
            nav.width(Fill),
            self.data.menu_view().map(Message::Data),
            settings
        ]
        .spacing(16)
        .padding([8, 12])
        .align_y(iced::Center);
        let mut page = column![header, rule::horizontal(1)];
        if let Some(confirm) = self.data.confirm_view() {
            page = page.push(confirm.map(Message::Data));
        }
        page = page.push(self.banners.view(Message::Dismiss, Message::EarlierBanners));
        let body: Element<'_, Message> = match &self.screen {
            Screen::Library(l) => l.view().map(Message::Library),
            Screen::Decks(d) => d.view().map(Message::Decks),
            Screen::Collection(c) => c.view().map(Message::Collection),
            Screen::Playtest(p) => p.view().map(Message::Playtest),
            Screen::Print(p) => p.view().map(Message::Print),
            Screen::World(w) => w.view().map(Message::World),
            Screen::Matchups(m) => m.view().map(Message::Matchups),
        };
        let page = page.push(container(body).height(Fill));
        match self.chooser() {
            Some(c) => modal(
                page,
                c.view().map(Message::Chooser),
                Message::Chooser(chooser::Message::Outside),
            ),
            None if self.settings => modal(
                page,
                settings::view(&self.prefs).map(Message::Settings),
                Message::Settings(settings::Message::Close),
            ),
            None => page.into(),
        }
    }
}

/// Opens a screen with what the preferences remember for it.
fn open_screen(db: &Db, prefs: &Prefs, id: ScreenId) -> (Screen, Task<Message>) {
    match id {
        ScreenId::Decks => {
            let (s, t) = decks::Decks::new(db.clone(), prefs.recent_decks.clone());
            (Screen::Decks(Box::new(s)), t.map(Message::Decks))
        }
        ScreenId::Collection => {
            let (s, t) = collection::Collection::new(db.clone(), prefs.collection_catalog);
            (Screen::Collection(s), t.map(Message::Collection))
        }
        ScreenId::Playtest => {
            let (s, t) = playtest::Playtest::new(db.clone(), prefs.recent_decks.clone());
            (Screen::Playtest(s), t.map(Message::Playtest))
        }
        ScreenId::World => {
            let (s, t) = world::World::new(db.clone());
            (Screen::World(s), t.map(Message::World))
        }
        ScreenId::Print => {
            let (s, t) = print::Print::new(db.clone(), prefs.recent_decks.clone());
            (Screen::Print(Box::new(s)), t.map(Message::Print))
        }
        ScreenId::Matchups => {
            let (s, t) = matchups::Matchups::new(db.clone());
            (Screen::Matchups(s), t.map(Message::Matchups))
        }
        _ => {
            let (s, t) = library::Library::new(db.clone(), prefs.library_catalog);
            (Screen::Library(s), t.map(Message::Library))
        }
    }
}

#[cfg(test)]
mod window_tests {
    use super::{Size, fitted};

    #[test]
    fn a_window_larger_than_its_monitor_is_made_to_fit() {
        // 1280×800 remembered, reopened on a 1024×700 screen
        let s = fitted(Size::new(1280.0, 800.0), Size::new(1024.0, 700.0)).unwrap();
        assert!(s.width <= 1024.0 && s.height <= 700.0, "{s:?}");
        assert_eq!(s.width, 1024.0);
        // one that fits is left alone
        assert_eq!(
            fitted(Size::new(1000.0, 600.0), Size::new(1920.0, 1080.0)),
            None
        );
        // only the side that is too large shrinks
        let s = fitted(Size::new(900.0, 1050.0), Size::new(1920.0, 1080.0)).unwrap();
        assert_eq!(s.width, 900.0);
        assert!(s.height < 1080.0);
        // an unknown monitor changes nothing
        assert_eq!(fitted(Size::new(1280.0, 800.0), Size::new(0.0, 0.0)), None);
    }
}
