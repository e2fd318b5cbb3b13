-- Deckwright schema version 4: catalogs of any game. Games are data now
-- (schema/game.md): besides the five built-in ones, a user adds a game with a
-- game-definition file, so `catalogs.game` no longer lists the ids it may
-- hold; the loader checks them against the games it knows instead.
--
-- SQLite cannot drop a CHECK constraint, so the table is rebuilt the way the
-- SQLite documentation prescribes (ALTER TABLE, "making other kinds of table
-- schema changes"): src/store/migrate.rs runs this migration with foreign keys
-- off and checks them before it commits. Row ids stay, so cards and decks keep
-- pointing at their catalogs.

CREATE TABLE catalogs_new (
    id             INTEGER PRIMARY KEY,
    game           TEXT    NOT NULL CHECK (trim(game) <> ''),
    name           TEXT    NOT NULL COLLATE NOCASE UNIQUE CHECK (trim(name) <> ''),
    -- `back` as written in the catalog file, and its stored image.
    back_path      TEXT,
    back_image_id  INTEGER REFERENCES images (id),
    card_width_mm  REAL    CHECK (card_width_mm IS NULL OR card_width_mm > 0),
    card_height_mm REAL    CHECK (card_height_mm IS NULL OR card_height_mm > 0),
    created_at     TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at     TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    CHECK ((card_width_mm IS NULL) = (card_height_mm IS NULL))
);

INSERT INTO catalogs_new (id, game, name, back_path, back_image_id, card_width_mm,
                          card_height_mm, created_at, updated_at)
SELECT id, game, name, back_path, back_image_id, card_width_mm, card_height_mm,
       created_at, updated_at
FROM catalogs;

DROP TABLE catalogs;
ALTER TABLE catalogs_new RENAME TO catalogs;
