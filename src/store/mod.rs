//! SQLite storage (filled in by the store work).
