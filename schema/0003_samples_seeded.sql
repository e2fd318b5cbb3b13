-- Deckwright schema version 3: `store_state`, facts about the database
-- itself (not the user's data, not app preferences: exports leave it out).
--
-- Its row `samples_seeded` records that a database has had its sample
-- catalogs, so that they are imported once, into a new database, and never
-- again: a user who deleted them does not get them back, and a command that
-- only reads need not take the write lock to find out (src/store/seed.rs
-- writes the row in the seeding transaction).
--
-- Databases of earlier versions were seeded at every start while they had no
-- catalog, so one that has catalogs now has been seeded (or never needed it):
-- it is marked here. One with no catalog is left unmarked and is seeded at its
-- next start, as earlier versions would have done.

CREATE TABLE store_state (
    key         TEXT PRIMARY KEY NOT NULL CHECK (trim(key) <> ''),
    value       TEXT NOT NULL,
    updated_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

INSERT INTO store_state (key, value)
SELECT 'samples_seeded', 'had catalogs when upgraded to schema version 3'
WHERE EXISTS (SELECT 1 FROM catalogs);
