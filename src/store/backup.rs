//! Backups of the live database and restoring one, through SQLite's online
//! backup API: the copy is one consistent state of the database even while
//! the app or the CLI writes to it (under WAL a reader holds its snapshot
//! without blocking writers), and a restore writes the live file in one
//! transaction, so other connections never see half of it.
//!
//! Neither ever leaves a half-written file under the final name: a backup is
//! written to `<file>.partial`, checked (`PRAGMA integrity_check`) and then
//! renamed; a restore first checks the backup is a Deckwright database this
//! version can open, migrates a copy of it to the current schema beside the
//! live database (`<db>.restoring`), keeps the live database as
//! `<db>.before-restore`, and only then copies the prepared one in.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use rusqlite::backup::{Backup, StepResult};
use rusqlite::{Connection, ErrorCode, OpenFlags};

use super::{BUSY_TIMEOUT, Result, SCHEMA_VERSION, Store, StoreError, configure, migrate};

/// The tables every Deckwright database has (schema version 1 on).
const TABLES: [&str; 7] = [
    "images",
    "catalogs",
    "cards",
    "decks",
    "deck_versions",
    "deck_entries",
    "collection",
];

/// Pause between attempts when the other side of a copy is locked.
const RETRY_PAUSE: Duration = Duration::from_millis(20);

/// Where a backup is written before it is renamed into place.
const PARTIAL: &str = ".partial";
/// The prepared backup beside the live database during a restore.
const RESTORING: &str = ".restoring";
/// The live database as it was before a restore.
pub const BEFORE_RESTORE: &str = ".before-restore";
/// The lock file held during a restore.
const RESTORE_LOCK: &str = ".restore-lock";
/// The live database kept during a restore, renamed to
/// [`BEFORE_RESTORE`] once the restore is done.
const KEEPING: &str = ".keeping";

/// What a restore did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RestoreSummary {
    /// The backup's schema version (the restored database is migrated to the
    /// current one).
    pub schema_version: u32,
    /// Where the database that was replaced is kept (`None` when there was
    /// none).
    pub previous: Option<PathBuf>,
}

impl Store {
    /// Writes a consistent copy of this database to `dest` (replacing it);
    /// returns its size in bytes. Safe while other connections read and write.
    pub fn backup_to(&self, dest: &Path) -> Result<u64> {
        refuse_same_file(self.path(), dest)?;
        copy_to(&self.conn, dest)
    }
}

/// Writes a consistent copy of the database at `db` to `dest` (replacing it);
/// returns its size in bytes. `db` must be a Deckwright database; it is only
/// read, and may be in use by the app.
pub fn backup_file(db: &Path, dest: &Path) -> Result<u64> {
    refuse_same_file(Some(db), dest)?;
    let src = open_for_reading(db)?;
    check(&src, db)?;
    copy_to(&src, dest)
}

/// Checks that `path` is a Deckwright database this version can open (a
/// SQLite file with Deckwright's tables, a schema version it knows, passing
/// `PRAGMA integrity_check`); returns its schema version.
pub fn check_database(path: &Path) -> Result<u32> {
    let conn = open_for_reading(path)?;
    check(&conn, path)
}

/// Replaces the database at `db` (creating it if there is none) with the
/// backup at `backup` (see the module docs); the replaced database is kept as
/// `<db>.before-restore`, replacing an earlier one. The backup file itself is
/// only read.
pub fn restore(db: &Path, backup: &Path) -> Result<RestoreSummary> {
    refuse_same_file(Some(db), backup)?;
    // A database that cannot be written is refused before anything is
    // created beside it (a lock file, a staged copy, journals).
    if let Some(super::open::Access::ReadOnly(reason)) = super::open::access(db, false)? {
        return Err(StoreError::ReadOnly {
            path: db.to_path_buf(),
            reason,
        });
    }
    let _running = RestoreLock::take(db)?;
    let src = open_for_reading(backup)?;
    let found = check(&src, backup)?;
    let staging = sibling(db, RESTORING);
    let live_page_size = match db.exists() {
        true => Some(page_size(&open_existing(db)?, db)?),
        false => None,
    };
    let staged = copy_to(&src, &staging).and_then(|_| prepare(&staging, live_page_size));
    drop(src);
    let result = staged
        .map_err(|e| refused_backup(e, backup))
        .and_then(|()| restore_from(db, &staging));
    remove_database_files(&staging);
    let previous = result?;
    // Opening sets WAL mode again and proves the result opens; the phrases
    // taught are the restored database's now, and no other's.
    let restored = Store::open(db)?;
    super::taught::publish(&restored.conn, None, true)?;
    Ok(RestoreSummary {
        schema_version: found,
        previous,
    })
}

/// A lock file beside the database (`<db>.restore-lock`), locked for the
/// whole of a restore: another Deckwright opening the database then tells a
/// restore still running from one that was stopped (killed, a power cut),
/// whose files it may remove ([`clean_stopped_restore`]).
struct RestoreLock {
    path: PathBuf,
    _file: std::fs::File,
}

impl RestoreLock {
    fn take(db: &Path) -> Result<RestoreLock> {
        if let Some(dir) = db.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|source| StoreError::CreateDir {
                path: dir.to_path_buf(),
                source,
            })?;
        }
        let path = sibling(db, RESTORE_LOCK);
        let err = |source| StoreError::Write {
            path: path.clone(),
            source,
        };
        loop {
            let file = std::fs::File::options()
                .create(true)
                .truncate(false)
                .write(true)
                .open(&path)
                .map_err(err)?;
            file.lock().map_err(err)?;
            // The file may have been removed by the restore that held it
            // before: a lock on a file no longer at the path guards nothing.
            if same_file(&file, &path) {
                return Ok(RestoreLock { path, _file: file });
            }
        }
    }
}

impl Drop for RestoreLock {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
    }
}

#[cfg(unix)]
fn same_file(file: &std::fs::File, path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (file.metadata(), std::fs::metadata(path)) {
        (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
        _ => false,
    }
}

#[cfg(not(unix))]
fn same_file(_file: &std::fs::File, path: &Path) -> bool {
    path.exists()
}

/// The files a restore stopped half-way leaves beside the database: the
/// prepared copy of the backup and half-written copies, with their journals.
fn stopped_restore_files(db: &Path) -> Vec<PathBuf> {
    let staging = sibling(db, RESTORING);
    let keeping = sibling(db, KEEPING);
    let bases = [
        sibling(&staging, PARTIAL),
        staging,
        sibling(&keeping, PARTIAL),
        keeping,
    ];
    bases
        .iter()
        .flat_map(|b| ["", "-journal", "-wal", "-shm"].map(|s| sibling(b, s)))
        .filter(|p| p.exists())
        .collect()
}

/// Removes the files of a restore that was stopped half-way (the database
/// itself is whole: a restore replaces it in one transaction), unless a
/// restore is running; returns the files removed. Called when a database is
/// opened for writing.
pub(crate) fn clean_stopped_restore(db: &Path) -> Vec<PathBuf> {
    let found = stopped_restore_files(db);
    let lock_path = sibling(db, RESTORE_LOCK);
    if found.is_empty() && !lock_path.exists() {
        return found;
    }
    let Ok(lock) = std::fs::File::options()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&lock_path)
    else {
        return Vec::new();
    };
    if lock.try_lock().is_err() {
        // a restore is running
        return Vec::new();
    }
    let mut removed: Vec<PathBuf> = found
        .into_iter()
        .filter(|f| std::fs::remove_file(f).is_ok())
        .collect();
    // the lock file of a stopped restore goes too (nobody holds it)
    if std::fs::remove_file(&lock_path).is_ok() {
        removed.push(lock_path);
    }
    removed
}

/// An error met while the backup was copied beside the database and
/// brought to the current schema, told about the backup the user gave (the
/// staged copy, `<db>.restoring`, is ours and gone by then).
fn refused_backup(e: StoreError, backup: &Path) -> StoreError {
    let path = backup.to_path_buf();
    match e {
        StoreError::Migration {
            version, source, ..
        } => StoreError::NotADatabase {
            path,
            reason: format!(
                "cannot be brought up to schema version {version}: {source}; nothing was changed"
            ),
        },
        StoreError::NotADatabase { reason, .. } => StoreError::NotADatabase { path, reason },
        StoreError::Open { source, .. }
        | StoreError::Backup { source, .. }
        | StoreError::Sqlite(source) => StoreError::NotADatabase {
            path,
            reason: format!("cannot be made ready to restore: {source}; nothing was changed"),
        },
        StoreError::Corrupt { what } => StoreError::NotADatabase {
            path,
            reason: format!("is damaged ({what}); nothing was changed"),
        },
        other => other,
    }
}

/// The steps of [`restore`] once the backup is copied to `staging`. The
/// live database is first kept as `<db>.keeping`, which becomes
/// `<db>.before-restore` (replacing an earlier one) only once the restore is
/// done: a refused or failed restore leaves the earlier one, and nothing
/// new, beside the database.
fn restore_from(db: &Path, staging: &Path) -> Result<Option<PathBuf>> {
    let keeping = sibling(db, KEEPING);
    let existed = db.exists();
    if existed {
        keep(db, &keeping)?;
    }
    let copied = copy_into_live(db, staging);
    if let Err(e) = copied {
        remove_database_files(&keeping);
        return Err(e);
    }
    if !existed {
        return Ok(None);
    }
    let kept = sibling(db, BEFORE_RESTORE);
    std::fs::rename(&keeping, &kept).map_err(|source| StoreError::Write {
        path: kept.clone(),
        source,
    })?;
    Ok(Some(kept))
}

/// Copies the prepared backup at `staging` into the live database in one
/// transaction.
fn copy_into_live(db: &Path, staging: &Path) -> Result<()> {
    let prepared = open_existing(staging)?;
    let mut live = Connection::open(db).map_err(|source| StoreError::Open {
        path: db.to_path_buf(),
        source,
    })?;
    configure(&live).map_err(|source| StoreError::Open {
        path: db.to_path_buf(),
        source,
    })?;
    copy(&prepared, &mut live, db)
}

/// Migrates the staged backup to the current schema and gives it the live
/// database's page size (a copy into a WAL database needs equal page sizes).
fn prepare(staging: &Path, page: Option<i64>) -> Result<()> {
    let open_err = |source| StoreError::Open {
        path: staging.to_path_buf(),
        source,
    };
    let mut conn = Connection::open(staging).map_err(open_err)?;
    configure(&conn).map_err(open_err)?;
    migrate::migrate(&mut conn, SCHEMA_VERSION, staging)?;
    // The planner's statistics are the one part of a backup's schema left
    // as found (foreign_schema); their rows are not carried over.
    for (name, _) in STAT_TABLES {
        let exists: bool = conn.query_row(
            "SELECT count(*) > 0 FROM sqlite_schema WHERE type = 'table' AND name = ?1",
            [name],
            |r| r.get(0),
        )?;
        if exists {
            conn.execute(&format!("DELETE FROM {name}"), [])?;
        }
    }
    if let Some(page) = page
        && page_size(&conn, staging)? != page
    {
        conn.pragma_update(None, "page_size", page)?;
        conn.execute_batch("VACUUM")?;
    }
    Ok(())
}

/// Keeps a copy of the live database before it is replaced: through the
/// backup API when it reads, else (a damaged file is what people restore
/// over) byte for byte.
fn keep(db: &Path, kept: &Path) -> Result<()> {
    let copied = open_existing(db).and_then(|conn| copy_to(&conn, kept));
    if copied.is_ok() {
        return Ok(());
    }
    let partial = sibling(kept, PARTIAL);
    std::fs::copy(db, &partial).map_err(|source| StoreError::Write {
        path: kept.to_path_buf(),
        source,
    })?;
    std::fs::rename(&partial, kept).map_err(|source| StoreError::Write {
        path: kept.to_path_buf(),
        source,
    })
}

/// `path` with `suffix` added to its file name.
fn sibling(path: &Path, suffix: &str) -> PathBuf {
    let mut s = path.as_os_str().to_owned();
    s.push(suffix);
    PathBuf::from(s)
}

/// Removes a database file and the journal files SQLite may keep beside it.
fn remove_database_files(path: &Path) {
    for suffix in ["", "-journal", "-wal", "-shm"] {
        // Missing files are the usual case; anything else is left for the
        // next run to replace.
        let _ = std::fs::remove_file(sibling(path, suffix));
    }
}

/// Refuses to copy a database onto itself.
fn refuse_same_file(db: Option<&Path>, other: &Path) -> Result<()> {
    let Some(db) = db else {
        return Ok(());
    };
    let same = match (std::fs::canonicalize(db), std::fs::canonicalize(other)) {
        (Ok(a), Ok(b)) => a == b,
        _ => db == other,
    };
    if same {
        return Err(StoreError::NotADatabase {
            path: other.to_path_buf(),
            reason: "is the database itself; choose another file".into(),
        });
    }
    Ok(())
}

/// Opens a database file that must exist to read it the way every read is
/// opened ([`super::open`]): one this process cannot write (a file of another
/// user, a read-only folder or mount) is read without creating `-wal`/`-shm`
/// files beside it — they would take the file's permissions and make its
/// owner's next write fail — and can be read at all in a read-only folder.
/// One it can write is opened as [`open_existing`] does, so a copy taken
/// while the app writes is still one consistent state.
fn open_for_reading(path: &Path) -> Result<Connection> {
    if !path.is_file() {
        return open_existing(path);
    }
    match super::open::access(path, false)? {
        Some(access @ super::open::Access::ReadOnly(_)) => {
            let conn = super::open::connect(path, &access)?;
            conn.busy_timeout(BUSY_TIMEOUT)
                .map_err(|source| StoreError::Open {
                    path: path.to_path_buf(),
                    source,
                })?;
            Ok(conn)
        }
        _ => open_existing(path),
    }
}

/// Opens a database file that must exist, without creating or changing it.
fn open_existing(path: &Path) -> Result<Connection> {
    if !path.is_file() {
        return Err(StoreError::NotADatabase {
            path: path.to_path_buf(),
            reason: "no such file".into(),
        });
    }
    let conn = Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .map_err(|source| StoreError::Open {
        path: path.to_path_buf(),
        source,
    })?;
    conn.busy_timeout(BUSY_TIMEOUT)
        .map_err(|source| StoreError::Open {
            path: path.to_path_buf(),
            source,
        })?;
    Ok(conn)
}

/// Checks an open database is one of ours that this version can open.
fn check(conn: &Connection, path: &Path) -> Result<u32> {
    let bad = |reason: String| StoreError::NotADatabase {
        path: path.to_path_buf(),
        reason,
    };
    let tables = table_names(conn).map_err(|e| match e.sqlite_error_code() {
        Some(ErrorCode::NotADatabase) => bad("is not a SQLite database".into()),
        _ => bad(format!("cannot be read as a database: {e}")),
    })?;
    if let Some(missing) = TABLES.iter().find(|t| !tables.iter().any(|n| n == *t)) {
        return Err(bad(format!(
            "is not a Deckwright database (it has no `{missing}` table)"
        )));
    }
    let version = migrate::version(conn).map_err(|e| match e {
        StoreError::Corrupt { .. } => {
            bad("is not a Deckwright database (its schema version is negative or too large)".into())
        }
        other => other,
    })?;
    if version == 0 {
        return Err(bad(
            "is not a Deckwright database (it has no schema version)".into(),
        ));
    }
    if version > SCHEMA_VERSION {
        return Err(bad(format!(
            "was written by a newer Deckwright (schema version {version}; this version knows up to {SCHEMA_VERSION}); update Deckwright to restore it"
        )));
    }
    if let Some(problem) = integrity_problem(conn)? {
        return Err(bad(format!("is damaged: {problem}")));
    }
    if let Some(problem) = foreign_schema(conn, version)? {
        return Err(bad(format!(
            "is not a Deckwright backup: {problem}. A backup made by Deckwright holds only the tables, indexes and triggers Deckwright creates; nothing was changed"
        )));
    }
    Ok(version)
}

/// One object of a schema: its type, name, table and the SQL that made it.
type SchemaObject = (String, String, String, Option<String>);

/// The statistics tables `ANALYZE` creates, with the statement SQLite itself
/// writes for each (`analyze.c`). They steer only the query planner, so a
/// backup may have them or not; any other definition under these names, and
/// any other object whose name starts with `sqlite_`, is foreign.
const STAT_TABLES: [(&str, &str); 2] = [
    ("sqlite_stat1", "CREATE TABLE sqlite_stat1(tbl,idx,stat)"),
    (
        "sqlite_stat4",
        "CREATE TABLE sqlite_stat4(tbl,idx,neq,nlt,ndlt,sample)",
    ),
];

/// Whether `o` is one of SQLite's statistics tables exactly as SQLite
/// creates it.
fn is_sqlite_stat_table(o: &SchemaObject) -> bool {
    STAT_TABLES.iter().any(|(name, sql)| {
        o.0 == "table" && o.1 == *name && o.2 == *name && o.3.as_deref() == Some(&normalise(sql))
    })
}

/// What in the database's schema this version of Deckwright would not have
/// created at schema version `version` (a trigger, a view, a table, an
/// index, a table with other columns or constraints, an object listed twice,
/// or one missing), or `None` when the schema is exactly Deckwright's. The
/// whole schema is compared, SQLite's internal objects included: only the
/// statistics tables SQLite creates, with SQLite's own definitions
/// ([`STAT_TABLES`]), may differ. The reference is made afresh by running
/// the migrations up to `version` on an empty database in memory.
///
/// Why: a restored database is trusted from then on. A trigger smuggled
/// into a backup would run on the next save (one renaming every card was
/// found, and one named `sqlite_stat9` written with `PRAGMA writable_schema`);
/// a view or table could shadow what the app reads; a table whose statement
/// was edited (a foreign key made `ON DELETE CASCADE`) would delete rows.
fn foreign_schema(conn: &Connection, version: u32) -> Result<Option<String>> {
    let mut reference = Connection::open_in_memory()?;
    migrate::migrate(&mut reference, version, Path::new(":memory:"))?;
    let mut ours = schema_objects(&reference)?;
    ours.retain(|o| !is_sqlite_stat_table(o));
    let mut unmatched = ours.clone();
    let mut extra = Vec::new();
    for o in schema_objects(conn)? {
        if let Some(i) = unmatched.iter().position(|u| *u == o) {
            unmatched.swap_remove(i);
        } else if !is_sqlite_stat_table(&o) {
            extra.push(o);
        }
    }
    let extra = extra
        .iter()
        .map(|(kind, name, table, _)| {
            let known = ours.iter().any(|o| o.0 == *kind && o.1 == *name);
            let stat = STAT_TABLES.iter().any(|(n, _)| n == name);
            match kind.as_str() {
                _ if known && !unmatched.iter().any(|o| o.0 == *kind && o.1 == *name) => {
                    format!("its {kind} `{}` is listed twice", cut(name))
                }
                "table" if known => {
                    format!("its table `{}` has other columns or constraints", cut(name))
                }
                "table" if stat => format!(
                    "its table `{}` is not the statistics table SQLite creates",
                    cut(name)
                ),
                "index" | "trigger" if known => format!(
                    "its {kind} `{}` on `{}` is not the one Deckwright creates",
                    cut(name),
                    cut(table)
                ),
                "table" | "view" => format!("it has a {} `{}`", cut(kind), cut(name)),
                _ => format!("it has a {} `{}` on `{}`", cut(kind), cut(name), cut(table)),
            }
        })
        .collect::<Vec<_>>();
    if !extra.is_empty() {
        return Ok(Some(extra.join("; ")));
    }
    Ok(unmatched
        .first()
        .map(|(kind, name, _, _)| format!("its {kind} `{name}` is missing")))
}

/// A name from a foreign schema cut to a length a message can show.
fn cut(name: &str) -> String {
    crate::diag::cut_quoted(name)
}

/// The schema's objects, their SQL normalised: SQLite keeps a statement's
/// text as written, and rewrites it on `ALTER TABLE ... RENAME` with quotes
/// that have varied between its versions, so outside string literals case,
/// identifier quotes and runs of white space are not told apart. Every row
/// of `sqlite_schema` is read, SQLite's own objects included.
fn schema_objects(conn: &Connection) -> Result<Vec<SchemaObject>> {
    let mut stmt =
        conn.prepare("SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY name")?;
    let objects = stmt
        .query_map([], |r| {
            let sql: Option<String> = r.get(3)?;
            Ok((r.get(0)?, r.get(1)?, r.get(2)?, sql.map(|s| normalise(&s))))
        })?
        .collect::<rusqlite::Result<Vec<SchemaObject>>>()?;
    Ok(objects)
}

/// `sql` with identifier quotes dropped, white space runs made one space
/// and letters lower-cased, except inside string literals (`'...'`), which
/// are kept as written.
fn normalise(sql: &str) -> String {
    let mut out = String::with_capacity(sql.len());
    let mut in_string = false;
    let mut space = false;
    for c in sql.chars() {
        if in_string {
            out.push(c);
            in_string = c != '\'';
            continue;
        }
        if c.is_whitespace() || matches!(c, '"' | '`' | '[' | ']') {
            space = true;
            continue;
        }
        if space && !out.is_empty() {
            out.push(' ');
        }
        space = false;
        if c == '\'' {
            in_string = true;
            out.push(c);
        } else {
            out.extend(c.to_lowercase());
        }
    }
    out
}

fn table_names(conn: &Connection) -> rusqlite::Result<Vec<String>> {
    let mut stmt = conn.prepare("SELECT name FROM sqlite_master WHERE type = 'table'")?;
    let names = stmt
        .query_map([], |r| r.get(0))?
        .collect::<rusqlite::Result<Vec<String>>>()?;
    Ok(names)
}

/// The first problem `PRAGMA integrity_check` reports, or `None` when it
/// says `ok`.
fn integrity_problem(conn: &Connection) -> Result<Option<String>> {
    let first: String = conn.query_row("PRAGMA integrity_check", [], |r| r.get(0))?;
    Ok((first != "ok").then_some(first))
}

fn page_size(conn: &Connection, path: &Path) -> Result<i64> {
    conn.pragma_query_value(None, "page_size", |r| r.get(0))
        .map_err(|source| StoreError::Backup {
            path: path.to_path_buf(),
            source,
        })
}

/// Copies `src` into a new file at `dest` through `dest.partial`, checks
/// the copy and renames it into place; returns its size in bytes.
fn copy_to(src: &Connection, dest: &Path) -> Result<u64> {
    if let Some(dir) = dest.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|source| StoreError::CreateDir {
            path: dir.to_path_buf(),
            source,
        })?;
    }
    let partial = sibling(dest, PARTIAL);
    remove_database_files(&partial);
    let written = write_copy(src, &partial, dest);
    if let Err(e) = written {
        remove_database_files(&partial);
        return Err(e);
    }
    std::fs::rename(&partial, dest).map_err(|source| StoreError::Write {
        path: dest.to_path_buf(),
        source,
    })?;
    std::fs::metadata(dest)
        .map(|m| m.len())
        .map_err(|source| StoreError::Read {
            path: dest.to_path_buf(),
            source,
        })
}

fn write_copy(src: &Connection, partial: &Path, dest: &Path) -> Result<()> {
    let err = |source| StoreError::Backup {
        path: dest.to_path_buf(),
        source,
    };
    let mut dst = Connection::open(partial).map_err(err)?;
    copy(src, &mut dst, dest)?;
    // A backup stands alone: one file, no write-ahead log beside it.
    let _mode: String = dst
        .pragma_update_and_check(None, "journal_mode", "delete", |r| r.get(0))
        .map_err(err)?;
    if let Some(problem) = integrity_problem(&dst)? {
        return Err(StoreError::NotADatabase {
            path: dest.to_path_buf(),
            reason: format!("the copy fails its integrity check: {problem}"),
        });
    }
    dst.close().map_err(|(_, e)| err(e))
}

/// Copies every page of `src` into `dst` in one step: the source is read in
/// one snapshot, and the destination written in one transaction. A locked
/// destination (another writer) is waited for, up to the busy timeout.
fn copy(src: &Connection, dst: &mut Connection, label: &Path) -> Result<()> {
    let err = |source| StoreError::Backup {
        path: label.to_path_buf(),
        source,
    };
    let backup = Backup::new(src, dst).map_err(err)?;
    let deadline = Instant::now() + BUSY_TIMEOUT;
    loop {
        match backup.step(-1).map_err(err)? {
            StepResult::Done => return Ok(()),
            StepResult::More => {}
            _ if Instant::now() >= deadline => return Err(StoreError::Busy),
            _ => std::thread::sleep(RETRY_PAUSE),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn siblings_add_to_the_file_name() {
        assert_eq!(
            sibling(Path::new("/x/deckwright.db"), BEFORE_RESTORE),
            PathBuf::from("/x/deckwright.db.before-restore")
        );
    }

    #[test]
    fn checks_name_the_file_and_the_problem() {
        let dir = tempfile::tempdir().unwrap();
        let missing = dir.path().join("none.db");
        let e = check_database(&missing).unwrap_err().to_string();
        assert!(e.contains("none.db: no such file"), "{e}");

        let text = dir.path().join("notes.db");
        std::fs::write(&text, "this is not a database, just some text ".repeat(40)).unwrap();
        let e = check_database(&text).unwrap_err().to_string();
        assert!(e.contains("notes.db: is not a SQLite database"), "{e}");

        let other = dir.path().join("other.db");
        Connection::open(&other)
            .unwrap()
            .execute_batch("CREATE TABLE t (x)")
            .unwrap();
        let e = check_database(&other).unwrap_err().to_string();
        assert!(e.contains("is not a Deckwright database"), "{e}");

        let newer = dir.path().join("newer.db");
        drop(Store::open(&newer).unwrap());
        Connection::open(&newer)
            .unwrap()
            .pragma_update(None, "user_version", SCHEMA_VERSION + 1)
            .unwrap();
        let e = check_database(&newer).unwrap_err().to_string();
        assert!(e.contains("newer Deckwright"), "{e}");

        let ok = dir.path().join("ok.db");
        drop(Store::open(&ok).unwrap());
        assert_eq!(check_database(&ok).unwrap(), SCHEMA_VERSION);
    }

    #[test]
    fn a_database_is_not_backed_up_onto_itself() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("a.db");
        let s = Store::open(&db).unwrap();
        let e = s.backup_to(&db).unwrap_err().to_string();
        assert!(e.contains("is the database itself"), "{e}");
        assert!(backup_file(&db, &db).is_err());
        assert!(restore(&db, &db).is_err());
    }
}
