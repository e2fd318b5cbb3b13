//! The in-app path chooser: what a file action shows when the desktop has no
//! file dialog (see [`super::dialog`]) or the preferences ask for it.
//!
//! A path field prefilled with the last folder used (or the data folder) and
//! the suggested file name, the recent folders, OK and Cancel, a line saying
//! why the desktop's dialog is not used, and the switch that makes every
//! file action use the chooser ([`ALWAYS_LABEL`], stored in the
//! preferences by the shell). OK checks the path off the UI
//! thread — the folder exists, is writable, the file is there to read, a file
//! about to be replaced is confirmed — and any problem is shown in the
//! chooser, which stays open.

use std::path::{Path, PathBuf};

use iced::widget::{button, checkbox, column, container, row, scrollable, text, text_input};
use iced::{Element, Fill, Task};

use super::db::blocking;
use super::dialog::{Kind, Spec};
use super::widget::{heading, muted, readable};

/// The path field's widget id (the tests type into it).
pub const PATH_ID: &str = "chooser-path";

/// The switch's widget id (the tests click it).
pub const ALWAYS_ID: &str = "chooser-always";

/// The switch that makes every file action use the in-app chooser (here and
/// in the app's settings).
pub const ALWAYS_LABEL: &str = "Always use Deckwright's file chooser";

/// Why the chooser opened when the switch is on.
/// The id of the chooser's box (tests find its bounds).
pub const BOX_ID: &str = "chooser-box";

pub const BECAUSE_ALWAYS: &str = "Deckwright's file chooser is used because \"Always use Deckwright's file chooser\" is on (untick it to use the desktop's file dialog).";

/// The most entries of a folder listed (the rest are counted).
pub const MAX_ENTRIES: usize = 200;

/// One entry of the folder on show.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub name: String,
    pub path: PathBuf,
    pub is_dir: bool,
}

/// The folder the path field is in, and what it holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Listing {
    pub folder: PathBuf,
    /// Folders first, then the files the filters let through.
    pub entries: Vec<Entry>,
    /// Entries past [`MAX_ENTRIES`].
    pub more: usize,
}

/// The chooser's state.
#[derive(Debug, Clone)]
pub struct Chooser {
    spec: Spec,
    path: String,
    /// The folder a relative path is read from.
    base: PathBuf,
    recent: Vec<PathBuf>,
    reason: String,
    /// Whether the preferences ask for the in-app chooser every time.
    always: bool,
    error: Option<String>,
    /// The existing file OK would replace: asked once, then replaced.
    replace: Option<PathBuf>,
    checking: bool,
    /// The folder of the typed path, listed (or why it could not be).
    listing: Option<Result<Listing, String>>,
}

#[derive(Debug, Clone)]
pub enum Message {
    Path(String),
    Clear,
    /// A recent folder (or a folder of the listing) was clicked.
    Folder(PathBuf),
    /// A file of the listing was clicked.
    File(PathBuf),
    /// The folder's parent was clicked.
    Up,
    /// A folder was listed (the folder, and what it holds).
    Listed(PathBuf, Result<Listing, String>),
    Ok,
    Cancel,
    Checked(Result<Checked, String>),
    /// A click beside the chooser: it stays open.
    Outside,
    /// The "always use the in-app chooser" switch was flipped.
    Always(bool),
}

/// What the check of a path found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Checked {
    /// The path can be used.
    Ready(PathBuf),
    /// Saving would replace this file: ask first.
    Exists(PathBuf),
}

/// What the shell does after a message.
#[derive(Debug)]
pub enum Outcome {
    None,
    Run(Task<Message>),
    Picked(PathBuf),
    Cancelled,
    /// The preference changed: every file action uses the in-app chooser
    /// (`true`) or the desktop's dialog when there is one (`false`).
    Always(bool),
}

impl Chooser {
    /// A chooser for `spec`, starting in `recent`'s first folder or `home`
    /// (the data folder), saying `reason`; `always`: the preferences ask for
    /// the in-app chooser every time.
    pub fn new(
        spec: Spec,
        recent: &[PathBuf],
        home: &Path,
        reason: String,
        always: bool,
    ) -> Chooser {
        let start = spec
            .folder
            .clone()
            .or_else(|| recent.iter().find(|f| f.is_dir()).cloned())
            .unwrap_or_else(|| home.to_path_buf());
        let mut folders: Vec<PathBuf> = recent.to_vec();
        if !folders.iter().any(|f| f == home) {
            folders.push(home.to_path_buf());
        }
        let mut c = Chooser {
            spec,
            path: String::new(),
            base: home.to_path_buf(),
            recent: folders,
            reason,
            always,
            error: None,
            replace: None,
            checking: false,
            listing: None,
        };
        c.path = c.in_folder(&start);
        c
    }

    pub fn spec(&self) -> &Spec {
        &self.spec
    }

    /// The folder on show, listed.
    pub fn listing(&self) -> Option<&Listing> {
        self.listing.as_ref().and_then(|r| r.as_ref().ok())
    }

    /// The folder the typed path is in: the path itself when it names a
    /// folder (ends with a separator, or a folder is asked for), else its
    /// parent. Read from the text alone, without the file system.
    fn folder(&self) -> Option<PathBuf> {
        let path = resolve(&self.path, &self.base)?;
        if self.spec.kind == Kind::Folder || self.path.trim_end().ends_with(['/', '\\']) {
            Some(path)
        } else {
            path.parent().map(Path::to_path_buf)
        }
    }

    /// Lists the folder of the typed path, unless it is on show already.
    pub fn list(&mut self) -> Option<Task<Message>> {
        let folder = self.folder()?;
        if let Some(Ok(l)) = &self.listing
            && l.folder == folder
        {
            return None;
        }
        let (kind, filters) = (self.spec.kind, self.spec.filters.clone());
        let key = folder.clone();
        Some(Task::perform(
            blocking(move || list_folder(&folder, kind, &filters)),
            move |r| Message::Listed(key.clone(), r),
        ))
    }

    /// The path as typed.
    pub fn path(&self) -> &str {
        &self.path
    }

    /// Why the chooser opened, as it says it.
    pub fn reason(&self) -> &str {
        &self.reason
    }

    /// Whether the "always" switch is on.
    pub fn always(&self) -> bool {
        self.always
    }

    /// What is wrong with the last path tried.
    pub fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }

    /// The path field's text for `folder`: the folder and, when saving, the
    /// file name typed so far (or the suggested one).
    fn in_folder(&self, folder: &Path) -> String {
        match self.spec.kind {
            Kind::Folder => folder.display().to_string(),
            Kind::Open => format!("{}{}", folder.display(), std::path::MAIN_SEPARATOR),
            Kind::Save => {
                let typed = Path::new(&self.path)
                    .file_name()
                    .filter(|_| !self.path.ends_with(std::path::MAIN_SEPARATOR))
                    .map(|n| n.to_string_lossy().into_owned());
                let name = typed
                    .or_else(|| self.spec.file_name.clone())
                    .unwrap_or_default();
                folder.join(name).display().to_string()
            }
        }
    }

    pub fn update(&mut self, message: Message) -> Outcome {
        match message {
            Message::Path(p) => {
                self.path = p;
                self.error = None;
                self.replace = None;
                match self.list() {
                    Some(t) => Outcome::Run(t),
                    None => Outcome::None,
                }
            }
            Message::File(f) => self.update(Message::Path(f.display().to_string())),
            Message::Up => match self.folder().as_deref().and_then(Path::parent) {
                Some(up) => {
                    let p = self.in_folder(up);
                    self.update(Message::Path(p))
                }
                None => Outcome::None,
            },
            Message::Listed(folder, r) => {
                // a listing for a folder typed past already is dropped
                if self.folder().as_deref() == Some(folder.as_path()) {
                    self.listing = Some(r);
                }
                Outcome::None
            }
            Message::Clear => self.update(Message::Path(String::new())),
            Message::Folder(f) => {
                let p = self.in_folder(&f);
                self.update(Message::Path(p))
            }
            Message::Ok => self.ok(),
            Message::Cancel => Outcome::Cancelled,
            Message::Checked(r) => self.checked(r),
            Message::Outside => Outcome::None,
            Message::Always(on) => {
                self.always = on;
                Outcome::Always(on)
            }
        }
    }

    fn ok(&mut self) -> Outcome {
        if self.checking {
            return Outcome::None;
        }
        let Some(path) = resolve(&self.path, &self.base) else {
            self.error = Some("Type a path.".into());
            return Outcome::None;
        };
        let kind = self.spec.kind;
        let confirmed = self.replace.as_deref() == Some(path.as_path());
        self.checking = true;
        Outcome::Run(Task::perform(
            blocking(move || check(kind, &path, confirmed)),
            Message::Checked,
        ))
    }

    fn checked(&mut self, r: Result<Checked, String>) -> Outcome {
        self.checking = false;
        match r {
            Ok(Checked::Ready(p)) => Outcome::Picked(p),
            Ok(Checked::Exists(p)) => {
                self.error = Some(format!(
                    "{} already exists. Press Replace to overwrite it.",
                    p.display()
                ));
                self.replace = Some(p);
                Outcome::None
            }
            Err(e) => {
                self.error = Some(e);
                Outcome::None
            }
        }
    }

    pub fn view(&self) -> Element<'_, Message> {
        let filters: Vec<String> = self
            .spec
            .filters
            .iter()
            .map(|(name, ext)| {
                let globs: Vec<String> = ext.iter().map(|e| format!("*.{e}")).collect();
                format!("{name} ({})", globs.join(" "))
            })
            .collect();
        let what = match self.spec.kind {
            Kind::Open => "The file to open",
            Kind::Save => "Save as",
            Kind::Folder => "The folder",
        };
        let mut c = column![
            heading(self.spec.title.as_str()),
            text(self.reason.as_str()).size(13).style(muted),
            container(
                checkbox(self.always)
                    .label(ALWAYS_LABEL)
                    .text_size(13)
                    .on_toggle(Message::Always),
            )
            .id(ALWAYS_ID),
            text(what).size(13),
            row![
                text_input("/path/to/file", &self.path)
                    .id(PATH_ID)
                    .on_input(Message::Path)
                    .on_submit(Message::Ok)
                    .width(Fill),
                button(text("Clear path").size(13))
                    .style(button::text)
                    .on_press(Message::Clear),
            ]
            .spacing(6)
            .align_y(iced::Center),
        ]
        .spacing(10);
        if !filters.is_empty() {
            c = c.push(text(filters.join(", ")).size(12).style(muted));
        }
        c = c.push(self.view_listing());
        if let Some(e) = &self.error {
            c = c.push(text(e.as_str()).size(13).style(readable::danger));
        }
        if !self.recent.is_empty() {
            let mut list = column![].spacing(2);
            for f in &self.recent {
                list = list.push(
                    button(text(f.display().to_string()).size(13))
                        .style(button::text)
                        .width(Fill)
                        .on_press(Message::Folder(f.clone())),
                );
            }
            c = c.push(text("Recent folders").size(13));
            c = c.push(scrollable(list).height(iced::Shrink).spacing(4));
        }
        // everything above the buttons scrolls inside the box, so Cancel and
        // OK (or Replace) stay inside it however much it holds
        let body = scrollable(c.padding(iced::Padding::ZERO.right(12))).height(Fill);
        let ok_label = if self.replace.is_some() {
            "Replace"
        } else {
            "OK"
        };
        let c = column![
            body,
            row![
                iced::widget::space::horizontal(),
                button("Cancel")
                    .style(button::secondary)
                    .on_press(Message::Cancel),
                button(ok_label).on_press_maybe((!self.checking).then_some(Message::Ok)),
            ]
            .spacing(8),
        ]
        .spacing(10);
        container(c)
            .id(BOX_ID)
            .width(640)
            .max_height(560)
            .padding(20)
            .style(container::bordered_box)
            .into()
    }
}

impl Chooser {
    fn view_listing(&self) -> Element<'_, Message> {
        let mut list = column![].spacing(1);
        match &self.listing {
            None => {}
            Some(Err(e)) => list = list.push(text(e.as_str()).size(12).style(muted)),
            Some(Ok(l)) => {
                if l.folder.parent().is_some() {
                    list = list.push(
                        button(text("↑ Up one folder").size(13))
                            .style(button::text)
                            .padding([1, 6])
                            .on_press(Message::Up),
                    );
                }
                for e in &l.entries {
                    let (label, msg) = if e.is_dir {
                        (
                            format!("{}{}", e.name, std::path::MAIN_SEPARATOR),
                            Message::Folder(e.path.clone()),
                        )
                    } else {
                        (e.name.clone(), Message::File(e.path.clone()))
                    };
                    list = list.push(
                        button(text(label).size(13))
                            .style(button::text)
                            .width(Fill)
                            .padding([1, 6])
                            .on_press(msg),
                    );
                }
                if l.entries.is_empty() {
                    list = list.push(text("Nothing to pick here.").size(12).style(muted));
                }
                if l.more > 0 {
                    list = list.push(
                        text(format!("... and {} more: type the name", l.more))
                            .size(12)
                            .style(muted),
                    );
                }
            }
        }
        container(scrollable(list).height(180))
            .style(container::bordered_box)
            .padding(4)
            .width(Fill)
            .into()
    }
}

/// What `folder` holds for a dialog of `kind`: its folders, and the files
/// the filters let through (none when a folder is asked for). Hidden entries
/// are left out.
pub fn list_folder(
    folder: &Path,
    kind: Kind,
    filters: &[(String, Vec<String>)],
) -> Result<Listing, String> {
    let read =
        std::fs::read_dir(folder).map_err(|e| format!("Cannot list {}: {e}", folder.display()))?;
    let exts: Vec<String> = filters
        .iter()
        .flat_map(|(_, e)| e.iter().map(|x| x.to_lowercase()))
        .collect();
    let any = exts.is_empty() || exts.iter().any(|e| e == "*");
    let mut entries: Vec<Entry> = read
        .filter_map(Result::ok)
        .filter_map(|d| {
            let name = d.file_name().to_string_lossy().into_owned();
            if name.starts_with('.') {
                return None;
            }
            let path = d.path();
            let is_dir = path.is_dir();
            let wanted = is_dir
                || (kind != Kind::Folder
                    && (any || exts.contains(&super::dialog::extension(&path))));
            wanted.then_some(Entry { name, path, is_dir })
        })
        .collect();
    entries.sort_by_cached_key(|e| (!e.is_dir, e.name.to_lowercase()));
    let more = entries.len().saturating_sub(MAX_ENTRIES);
    entries.truncate(MAX_ENTRIES);
    Ok(Listing {
        folder: folder.to_path_buf(),
        entries,
        more,
    })
}

/// The typed path as a full path: `~` is the home folder, a relative path is
/// read from `base`. `None` when nothing is typed.
pub fn resolve(typed: &str, base: &Path) -> Option<PathBuf> {
    let t = typed.trim();
    if t.is_empty() {
        return None;
    }
    let home = || directories::BaseDirs::new().map(|d| d.home_dir().to_path_buf());
    let path = if t == "~" {
        home().unwrap_or_else(|| PathBuf::from(t))
    } else if let Some(rest) = t.strip_prefix("~/") {
        home().map_or_else(|| PathBuf::from(t), |h| h.join(rest))
    } else {
        PathBuf::from(t)
    };
    Some(if path.is_absolute() {
        path
    } else {
        base.join(path)
    })
}

/// Whether `path` can be used for `kind`, in the user's words when not.
/// `confirmed`: the user already agreed to replace this existing file.
pub fn check(kind: Kind, path: &Path, confirmed: bool) -> Result<Checked, String> {
    let shown = path.display();
    match kind {
        Kind::Open => {
            if path.is_dir() {
                return Err(format!(
                    "{shown} is a folder: type the path of a file in it."
                ));
            }
            if !path.exists() {
                return Err(format!("There is no file at {shown}."));
            }
            crate::files::open_regular(path).map_err(|e| format!("Cannot read {shown}: {e}"))?;
            Ok(Checked::Ready(path.to_path_buf()))
        }
        Kind::Folder => {
            if !path.exists() {
                return Err(format!("The folder {shown} does not exist."));
            }
            if !path.is_dir() {
                return Err(format!("{shown} is a file, not a folder."));
            }
            Ok(Checked::Ready(path.to_path_buf()))
        }
        Kind::Save => {
            if path.is_dir() || path.as_os_str().to_string_lossy().ends_with('/') {
                return Err(format!("{shown} is a folder: add a file name."));
            }
            let folder = match path.parent() {
                Some(f) if !f.as_os_str().is_empty() => f,
                _ => return Err(format!("{shown} names no folder to save in.")),
            };
            if !folder.exists() {
                return Err(format!("The folder {} does not exist.", folder.display()));
            }
            if !folder.is_dir() {
                return Err(format!("{} is a file, not a folder.", folder.display()));
            }
            if !writable(folder) {
                return Err(format!(
                    "The folder {} is not writable: choose another.",
                    folder.display()
                ));
            }
            if path.exists() && !confirmed {
                return Ok(Checked::Exists(path.to_path_buf()));
            }
            Ok(Checked::Ready(path.to_path_buf()))
        }
    }
}

/// Whether files can be created in `folder`.
fn writable(folder: &Path) -> bool {
    #[cfg(unix)]
    {
        rustix::fs::access(folder, rustix::fs::Access::WRITE_OK).is_ok()
    }
    #[cfg(not(unix))]
    {
        folder.metadata().is_ok_and(|m| !m.permissions().readonly())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(kind: Kind, name: Option<&str>) -> Spec {
        Spec {
            kind,
            title: "t".into(),
            file_name: name.map(String::from),
            filters: vec![("PDF".into(), vec!["pdf".into()])],
            folder: None,
        }
    }

    #[test]
    fn starts_in_the_last_folder_with_the_suggested_name() {
        let dir = tempfile::tempdir().unwrap();
        let recent = vec![dir.path().to_path_buf()];
        let c = Chooser::new(
            spec(Kind::Save, Some("deck.pdf")),
            &recent,
            Path::new("/data"),
            "why".into(),
            false,
        );
        assert_eq!(Path::new(c.path()), dir.path().join("deck.pdf"));
        // the data folder is offered too
        assert_eq!(c.recent.len(), 2);
        // a recent folder that is gone is skipped for the start
        let gone = vec![PathBuf::from("/no/such/folder")];
        let c = Chooser::new(
            spec(Kind::Save, Some("deck.pdf")),
            &gone,
            dir.path(),
            "why".into(),
            false,
        );
        assert_eq!(Path::new(c.path()), dir.path().join("deck.pdf"));
    }

    #[test]
    fn a_recent_folder_keeps_the_typed_file_name() {
        let mut c = Chooser::new(
            spec(Kind::Save, Some("deck.pdf")),
            &[],
            Path::new("/data"),
            "why".into(),
            false,
        );
        c.update(Message::Path("/data/mine.pdf".into()));
        c.update(Message::Folder("/elsewhere".into()));
        assert_eq!(Path::new(c.path()), Path::new("/elsewhere/mine.pdf"));
        let mut c = Chooser::new(
            spec(Kind::Open, None),
            &[],
            Path::new("/d"),
            "w".into(),
            false,
        );
        c.update(Message::Folder("/e".into()));
        assert_eq!(c.path(), format!("/e{}", std::path::MAIN_SEPARATOR));
    }

    #[test]
    fn paths_are_read_from_the_data_folder_and_home() {
        let base = Path::new("/data");
        assert_eq!(resolve("  ", base), None);
        assert_eq!(resolve("x.pdf", base), Some(PathBuf::from("/data/x.pdf")));
        assert_eq!(resolve("/t/x.pdf", base), Some(PathBuf::from("/t/x.pdf")));
        if let Some(home) = directories::BaseDirs::new() {
            assert_eq!(resolve("~/x", base), Some(home.home_dir().join("x")));
        }
    }

    #[test]
    fn checks_say_what_is_wrong() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let missing = d.join("nope").join("x.pdf");
        let e = check(Kind::Save, &missing, false).unwrap_err();
        assert!(e.contains("does not exist"), "{e}");
        assert!(
            check(Kind::Save, d, false)
                .unwrap_err()
                .contains("is a folder")
        );
        let file = d.join("x.pdf");
        assert_eq!(
            check(Kind::Save, &file, false),
            Ok(Checked::Ready(file.clone()))
        );
        std::fs::write(&file, b"%PDF").unwrap();
        assert_eq!(
            check(Kind::Save, &file, false),
            Ok(Checked::Exists(file.clone()))
        );
        assert_eq!(
            check(Kind::Save, &file, true),
            Ok(Checked::Ready(file.clone()))
        );
        // saving "inside" a file
        let e = check(Kind::Save, &file.join("y.pdf"), false).unwrap_err();
        assert!(e.contains("is a file, not a folder"), "{e}");
        assert_eq!(
            check(Kind::Open, &file, false),
            Ok(Checked::Ready(file.clone()))
        );
        assert!(
            check(Kind::Open, &d.join("gone.pdf"), false)
                .unwrap_err()
                .contains("There is no file")
        );
        assert!(check(Kind::Open, d, false).unwrap_err().contains("folder"));
        assert_eq!(
            check(Kind::Folder, d, false),
            Ok(Checked::Ready(d.to_path_buf()))
        );
        assert!(
            check(Kind::Folder, &file, false)
                .unwrap_err()
                .contains("not a folder")
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_read_only_folder_is_refused_unless_root() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let ro = dir.path().join("ro");
        std::fs::create_dir(&ro).unwrap();
        std::fs::set_permissions(&ro, std::fs::Permissions::from_mode(0o555)).unwrap();
        let r = check(Kind::Save, &ro.join("x.pdf"), false);
        // root may write anywhere; everyone else is told
        if std::fs::File::create(ro.join("probe")).is_ok() {
            assert!(r.is_ok());
        } else {
            assert!(r.unwrap_err().contains("not writable"));
        }
        std::fs::set_permissions(&ro, std::fs::Permissions::from_mode(0o755)).unwrap();
    }

    #[test]
    fn folders_list_subfolders_and_the_files_asked_for() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        std::fs::create_dir(d.join("Zeta")).unwrap();
        std::fs::create_dir(d.join("alpha")).unwrap();
        std::fs::create_dir(d.join(".hidden")).unwrap();
        for f in ["b.PDF", "a.pdf", "notes.txt"] {
            std::fs::write(d.join(f), b"x").unwrap();
        }
        let pdf = vec![("PDF".to_string(), vec!["pdf".to_string()])];
        let names = |l: Listing| -> Vec<String> { l.entries.into_iter().map(|e| e.name).collect() };
        assert_eq!(
            names(list_folder(d, Kind::Open, &pdf).unwrap()),
            ["alpha", "Zeta", "a.pdf", "b.PDF"]
        );
        assert_eq!(
            names(list_folder(d, Kind::Folder, &[]).unwrap()),
            ["alpha", "Zeta"]
        );
        assert_eq!(list_folder(d, Kind::Save, &[]).unwrap().entries.len(), 5);
        assert!(list_folder(&d.join("gone"), Kind::Open, &pdf).is_err());
    }

    #[test]
    fn the_listing_follows_the_typed_folder() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let mut c = Chooser::new(spec(Kind::Save, Some("x.pdf")), &[], d, "w".into(), false);
        assert_eq!(c.folder().as_deref(), Some(d));
        // a listing that arrives for a folder typed past is dropped
        c.update(Message::Path(format!("{}/sub/x.pdf", d.display())));
        c.update(Message::Listed(
            d.to_path_buf(),
            list_folder(d, Kind::Save, &[]),
        ));
        assert!(c.listing().is_none());
        c.update(Message::Path(format!("{}/x.pdf", d.display())));
        c.update(Message::Listed(
            d.to_path_buf(),
            list_folder(d, Kind::Save, &[]),
        ));
        assert_eq!(c.listing().unwrap().folder, d);
        // up one folder keeps the file name
        c.update(Message::Up);
        assert_eq!(Path::new(c.path()), d.parent().unwrap().join("x.pdf"));
    }

    #[test]
    fn the_always_switch_is_reported_and_kept() {
        let mut c = Chooser::new(
            spec(Kind::Open, None),
            &[],
            Path::new("/d"),
            "w".into(),
            false,
        );
        assert!(!c.always());
        assert!(matches!(
            c.update(Message::Always(true)),
            Outcome::Always(true)
        ));
        assert!(c.always());
        assert!(matches!(
            c.update(Message::Always(false)),
            Outcome::Always(false)
        ));
        assert!(!c.always());
        // the reason it opened for stays as it was
        assert_eq!(c.reason(), "w");
    }

    #[test]
    fn a_replaced_file_is_asked_once() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("x.pdf");
        std::fs::write(&file, b"%PDF").unwrap();
        let mut c = Chooser::new(
            spec(Kind::Save, Some("x.pdf")),
            &[],
            dir.path(),
            "w".into(),
            false,
        );
        let first = c.update(Message::Checked(Ok(Checked::Exists(file.clone()))));
        assert!(matches!(first, Outcome::None));
        assert!(c.error().unwrap().contains("Replace"));
        assert_eq!(c.replace.as_deref(), Some(file.as_path()));
        // typing again forgets the question
        c.update(Message::Path(c.path().to_string()));
        assert!(c.replace.is_none() && c.error().is_none());
    }
}
