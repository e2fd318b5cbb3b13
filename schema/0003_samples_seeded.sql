-- Deckwright schema version 3: no table changes. The settings row
-- `store.samples_seeded` records that a database has had its sample catalogs,
-- so that they are imported once, into a new database, and never again: a
-- user who deleted them does not get them back, and a command that only reads
-- need not take the write lock to find out (src/store/seed.rs writes the row
-- in the seeding transaction).
--
-- Databases of earlier versions were seeded at every start while they had no
-- catalog, so one that has catalogs now has been seeded (or never needed it):
-- it is marked here. One with no catalog is left unmarked and is seeded at its
-- next start, as earlier versions would have done.

INSERT INTO settings (key, value)
SELECT 'store.samples_seeded', 'had catalogs when upgraded to schema version 3'
WHERE EXISTS (SELECT 1 FROM catalogs);
