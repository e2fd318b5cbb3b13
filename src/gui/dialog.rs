//! File dialogs: the desktop's own (rfd) when there is one, the app's
//! in-app path chooser ([`super::chooser`]) when there is not.
//!
//! A screen asks with a [`Request`] (`Action::Ask`); the shell decides which
//! dialog answers it. The answer is the request's path-taking message — the
//! same one the tests send and a dropped file uses — or its `closed` message
//! when the user cancels.
//!
//! Why the app must look before it asks rfd: rfd 0.17, built with its default
//! `xdg-portal` backend (our Cargo.toml keeps the defaults), talks to
//! `org.freedesktop.portal.Desktop` over D-Bus, falls back to running
//! `zenity`, and when both fail it logs the error and answers `None` — the
//! very answer a user's Cancel gives. So [`native`] first probes what rfd
//! would use (the portal's FileChooser interface on the session bus, then
//! `zenity` on the PATH), and, as a last guard, takes a `None` that comes
//! back faster than anyone can click Cancel ([`INSTANT_CANCEL`]) for "no
//! dialog could be shown".

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The lower-case extension of a path (what a dropped or picked file is).
pub fn extension(path: &std::path::Path) -> String {
    path.extension()
        .and_then(|e| e.to_str())
        .unwrap_or("")
        .to_lowercase()
}

/// A file filter: its name and extensions.
pub type Filter<'a> = (&'a str, &'a [&'a str]);

/// What a dialog picks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// An existing file to read.
    Open,
    /// A new (or replaced) file to write.
    Save,
    /// An existing folder.
    Folder,
}

/// A screen's request for a path: what to ask, and the messages that carry
/// the answer back.
pub struct Request<M> {
    pub kind: Kind,
    pub title: String,
    /// The suggested file name (save dialogs).
    pub file_name: Option<String>,
    /// Filters as (name, extensions).
    pub filters: Vec<(String, Vec<String>)>,
    picked: Arc<dyn Fn(PathBuf) -> M + Send + Sync>,
    closed: M,
}

impl<M> Request<M> {
    /// The message for a picked path.
    pub fn picked(&self, path: PathBuf) -> M {
        (self.picked)(path)
    }

    /// The message for a cancelled dialog.
    pub fn closed(self) -> M {
        self.closed
    }

    /// The request for a parent whose messages wrap this screen's.
    pub fn map<N: 'static>(self, f: fn(M) -> N) -> Request<N>
    where
        M: 'static,
    {
        let picked = self.picked;
        Request {
            kind: self.kind,
            title: self.title,
            file_name: self.file_name,
            filters: self.filters,
            picked: Arc::new(move |p| f(picked(p))),
            closed: f(self.closed),
        }
    }

    /// What the native dialog needs (everything but the messages).
    pub fn spec(&self) -> Spec {
        Spec {
            kind: self.kind,
            title: self.title.clone(),
            file_name: self.file_name.clone(),
            filters: self.filters.clone(),
            folder: None,
        }
    }
}

impl<M: std::fmt::Debug> std::fmt::Debug for Request<M> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Request")
            .field("kind", &self.kind)
            .field("title", &self.title)
            .field("file_name", &self.file_name)
            .field("closed", &self.closed)
            .finish_non_exhaustive()
    }
}

fn request<M: 'static>(
    kind: Kind,
    title: &str,
    file_name: Option<String>,
    filters: &[Filter<'_>],
    picked: impl Fn(PathBuf) -> M + Send + Sync + 'static,
    closed: M,
) -> Request<M> {
    Request {
        kind,
        title: title.to_string(),
        file_name,
        filters: filters
            .iter()
            .map(|(n, e)| (n.to_string(), e.iter().map(|s| s.to_string()).collect()))
            .collect(),
        picked: Arc::new(picked),
        closed,
    }
}

/// Asks for a file to open.
pub fn open<M: 'static>(
    title: &str,
    filters: &[Filter<'_>],
    picked: fn(PathBuf) -> M,
    closed: M,
) -> Request<M> {
    request(Kind::Open, title, None, filters, picked, closed)
}

/// Asks where to save a file, suggesting `file_name`.
pub fn save<M: 'static>(
    title: &str,
    file_name: String,
    filters: &[Filter<'_>],
    picked: fn(PathBuf) -> M,
    closed: M,
) -> Request<M> {
    request(Kind::Save, title, Some(file_name), filters, picked, closed)
}

/// Asks for a folder.
pub fn folder<M: 'static>(title: &str, picked: fn(PathBuf) -> M, closed: M) -> Request<M> {
    request(Kind::Folder, title, None, &[], picked, closed)
}

/// A request without its messages: what a dialog shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    pub kind: Kind,
    pub title: String,
    pub file_name: Option<String>,
    pub filters: Vec<(String, Vec<String>)>,
    /// The folder the dialog starts in.
    pub folder: Option<PathBuf>,
}

/// How a native dialog ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    Picked(PathBuf),
    Cancelled,
    /// No dialog could be shown; why, in the user's words.
    Unavailable(String),
}

/// What the in-app chooser says when the desktop has no file dialog.
pub const NO_PORTAL: &str =
    "No file dialog is available on this desktop (no xdg-desktop-portal); type a path.";

/// A `None` from rfd sooner than this after the dialog was asked for is not
/// a person pressing Cancel: nobody reads a file dialog and dismisses it in
/// under half a second, while a failed portal call and a missing `zenity`
/// answer within milliseconds.
pub const INSTANT_CANCEL: Duration = Duration::from_millis(400);

/// How long the probe waits for the portal to answer (it may have to be
/// started by D-Bus activation first).
const PROBE_TIMEOUT: Duration = Duration::from_secs(5);

/// Shows the desktop's dialog for `spec`, or says why it cannot.
pub async fn native(spec: Spec) -> Answer {
    if let Err(why) = probe().await {
        return Answer::Unavailable(why);
    }
    let started = Instant::now();
    let picked = ask_rfd(&spec).await;
    match picked {
        Some(p) => Answer::Picked(p),
        None if started.elapsed() < INSTANT_CANCEL => Answer::Unavailable(format!(
            "{NO_PORTAL} (The desktop's file dialog closed as soon as it was asked for.)"
        )),
        None => Answer::Cancelled,
    }
}

async fn ask_rfd(spec: &Spec) -> Option<PathBuf> {
    let mut d = rfd::AsyncFileDialog::new().set_title(&spec.title);
    for (name, ext) in &spec.filters {
        d = d.add_filter(name, ext);
    }
    if let Some(dir) = &spec.folder {
        d = d.set_directory(dir);
    }
    let picked = match spec.kind {
        Kind::Open => d.pick_file().await,
        Kind::Save => {
            d.set_file_name(spec.file_name.clone().unwrap_or_default())
                .save_file()
                .await
        }
        Kind::Folder => d.pick_folder().await,
    };
    picked.map(|f| f.path().to_path_buf())
}

/// Whether the dialog rfd would show can be shown: `Err` says why not.
#[cfg(all(unix, not(target_os = "macos")))]
pub async fn probe() -> Result<(), String> {
    let portal = portal_file_chooser().await;
    match portal {
        Ok(()) => Ok(()),
        // rfd runs zenity when the portal fails
        Err(_) if on_path("zenity") => Ok(()),
        Err(why) => Err(format!(
            "{NO_PORTAL} ({why}; zenity is not installed either.)"
        )),
    }
}

/// Windows and macOS always have their own dialogs.
#[cfg(not(all(unix, not(target_os = "macos"))))]
pub async fn probe() -> Result<(), String> {
    Ok(())
}

/// Asks the session bus whether the desktop portal serves the FileChooser
/// interface rfd calls (reading its `version` property starts the portal by
/// D-Bus activation when it is installed but not running).
#[cfg(all(unix, not(target_os = "macos")))]
async fn portal_file_chooser() -> Result<(), String> {
    const PORTAL: &str = "org.freedesktop.portal.Desktop";
    const PATH: &str = "/org/freedesktop/portal/desktop";
    const CHOOSER: &str = "org.freedesktop.portal.FileChooser";
    // the user reads a sentence; the bus's own error text (for whoever
    // diagnoses the desktop) goes to the terminal
    let no_bus = |e: zbus::Error| {
        eprintln!("deckwright: D-Bus session bus: {e}");
        "there is no desktop session bus".to_string()
    };
    let conn = zbus::connection::Builder::session()
        .map_err(no_bus)?
        .method_timeout(PROBE_TIMEOUT)
        .build()
        .await
        .map_err(no_bus)?;
    conn.call_method(
        Some(PORTAL),
        PATH,
        Some("org.freedesktop.DBus.Properties"),
        "Get",
        &(CHOOSER, "version"),
    )
    .await
    .map(|_| ())
    .map_err(|e| {
        eprintln!("deckwright: {PORTAL} FileChooser: {e}");
        match e {
            zbus::Error::MethodError(name, ..) if name.as_str().ends_with("ServiceUnknown") => {
                "the desktop portal is not running".to_string()
            }
            _ => "the desktop portal has no file chooser".to_string(),
        }
    })
}

/// Whether an executable called `program` is on the PATH.
pub fn on_path(program: &str) -> bool {
    std::env::var_os("PATH").is_some_and(|paths| {
        std::env::split_paths(&paths).any(|dir| is_executable(&dir.join(program)))
    })
}

fn is_executable(path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        path.metadata()
            .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
    }
    #[cfg(not(unix))]
    {
        path.is_file()
    }
}

/// The environment variable that makes every file action use the in-app
/// chooser (`DECKWRIGHT_FILE_DIALOG=in-app`), like the preference does.
pub const ENV: &str = "DECKWRIGHT_FILE_DIALOG";

/// Whether the environment asks for the in-app chooser.
pub fn forced_by_env() -> bool {
    std::env::var(ENV).is_ok_and(|v| v.eq_ignore_ascii_case("in-app"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Clone, PartialEq)]
    enum Inner {
        Got(PathBuf),
        Closed,
    }

    #[derive(Debug, Clone, PartialEq)]
    enum Outer {
        Inner(Inner),
    }

    #[test]
    fn a_mapped_request_wraps_both_answers() {
        let r = save(
            "Save",
            "x.pdf".into(),
            &[("PDF", &["pdf"])],
            Inner::Got,
            Inner::Closed,
        )
        .map(Outer::Inner);
        assert_eq!(r.kind, Kind::Save);
        assert_eq!(r.spec().filters, [("PDF".to_string(), vec!["pdf".into()])]);
        assert_eq!(
            r.picked("/t/x.pdf".into()),
            Outer::Inner(Inner::Got("/t/x.pdf".into()))
        );
        assert_eq!(r.closed(), Outer::Inner(Inner::Closed));
    }

    /// On a machine with no session bus at all (this test's CI container),
    /// and no zenity, the probe says why instead of letting rfd "cancel".
    #[cfg(all(unix, not(target_os = "macos")))]
    #[test]
    fn no_session_bus_means_no_dialog() {
        let runtime_bus =
            std::env::var_os("XDG_RUNTIME_DIR").is_some_and(|d| Path::new(&d).join("bus").exists());
        if std::env::var_os("DBUS_SESSION_BUS_ADDRESS").is_some()
            || runtime_bus
            || on_path("zenity")
        {
            return;
        }
        let why = iced::futures::executor::block_on(probe()).unwrap_err();
        assert!(why.starts_with(NO_PORTAL), "{why}");
        // said in words; the bus library's own error text is not shown
        assert!(why.contains("there is no desktop session bus"), "{why}");
        assert!(!why.contains("D-Bus") && !why.contains("Error"), "{why}");
        let spec = Spec {
            kind: Kind::Save,
            title: "t".into(),
            file_name: Some("x.pdf".into()),
            filters: Vec::new(),
            folder: None,
        };
        assert!(matches!(
            iced::futures::executor::block_on(native(spec)),
            Answer::Unavailable(_)
        ));
    }

    /// What the probe finds on this desktop (a diagnosis, not a check):
    /// `cargo test --lib probe_report -- --ignored --nocapture`.
    #[test]
    #[ignore]
    fn probe_report() {
        let started = Instant::now();
        let r = iced::futures::executor::block_on(probe());
        println!("probe: {r:?} in {:?}", started.elapsed());
    }

    #[test]
    fn finds_programs_on_the_path() {
        // `sh` is on every Unix PATH; a made-up name is on none
        #[cfg(unix)]
        assert!(on_path("sh"));
        assert!(!on_path("deckwright-no-such-program"));
    }
}
