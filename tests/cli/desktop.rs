//! `scripts/install-desktop`: the menu entry and icon land where the
//! freedesktop.org specs say, pointing at the installed binary, and
//! `--uninstall` takes them away again.

use std::path::Path;
use std::process::Command;

fn script(data: &Path, args: &[&str]) -> std::process::Output {
    Command::new("bash")
        .arg(crate::support::repo("scripts/install-desktop"))
        .args(args)
        .env("XDG_DATA_HOME", data)
        .env("DECKWRIGHT_BIN", env!("CARGO_BIN_EXE_deckwright"))
        .output()
        .unwrap()
}

#[test]
fn install_desktop_puts_the_entry_and_icon_in_place() {
    let dir = tempfile::tempdir().unwrap();
    let out = script(dir.path(), &[]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let entry = dir.path().join("applications/deckwright.desktop");
    let text = std::fs::read_to_string(&entry).unwrap();
    assert!(
        text.contains(&format!("Exec=\"{}\"", env!("CARGO_BIN_EXE_deckwright"))),
        "{text}"
    );
    assert!(text.contains("Icon=deckwright"));
    assert!(text.contains("Categories=Game;CardGame;"));
    for icon in [
        "icons/hicolor/scalable/apps/deckwright.svg",
        "icons/hicolor/256x256/apps/deckwright.png",
    ] {
        let p = dir.path().join(icon);
        assert!(std::fs::metadata(&p).unwrap().len() > 100, "{icon}");
    }
    let png = std::fs::read(dir.path().join("icons/hicolor/256x256/apps/deckwright.png")).unwrap();
    assert_eq!(&png[1..4], b"PNG");

    let out = script(dir.path(), &["--uninstall"]);
    assert!(out.status.success());
    assert!(!entry.exists());
    assert!(
        !dir.path()
            .join("icons/hicolor/scalable/apps/deckwright.svg")
            .exists()
    );
}

#[test]
fn install_desktop_without_a_binary_says_what_to_do() {
    let dir = tempfile::tempdir().unwrap();
    let out = Command::new("bash")
        .arg(crate::support::repo("scripts/install-desktop"))
        .env("XDG_DATA_HOME", dir.path())
        .env("DECKWRIGHT_BIN", dir.path().join("no-such-binary"))
        .env("PATH", "/usr/bin:/bin")
        .env("CARGO_HOME", dir.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cargo install --path ."));
    assert!(!dir.path().join("applications/deckwright.desktop").exists());
}
