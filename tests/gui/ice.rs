//! `.ice` scripts (tests/gui/ice/) replayed by `iced_test::run` on the app
//! exactly as the binary builds it ([`deckwright::gui::application`]), with
//! its real runtime, tasks and subscriptions, on a temporary database.

#[test]
fn ice_scripts_pass() -> Result<(), iced_test::Error> {
    let dir = tempfile::tempdir().unwrap();
    iced_test::run(
        deckwright::gui::application(dir.path().join("ice.db")),
        concat!(env!("CARGO_MANIFEST_DIR"), "/tests/gui/ice"),
    )
}
