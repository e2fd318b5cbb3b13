-- Deckwright schema version 1: catalogs, cards, images, decks with versions,
-- and the collection. Applied by src/store/migrate.rs inside one transaction,
-- which then sets PRAGMA user_version = 1. See schema/README.md.
--
-- Times are UTC text, ISO 8601 with milliseconds ("2025-01-31T12:00:00.000Z").

-- Image files, stored once per distinct content.
CREATE TABLE images (
    id          INTEGER PRIMARY KEY,
    sha256      TEXT    NOT NULL UNIQUE CHECK (length(sha256) = 64),
    mime        TEXT    NOT NULL,
    width       INTEGER CHECK (width IS NULL OR width > 0),
    height      INTEGER CHECK (height IS NULL OR height > 0),
    -- The file name it was first imported under (for export).
    file_name   TEXT    NOT NULL,
    bytes       BLOB    NOT NULL,
    created_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- One catalog file. Names are unique across all games (case-insensitive for
-- ASCII), so a name alone finds a catalog (CLI, CSV `Edition`).
CREATE TABLE catalogs (
    id             INTEGER PRIMARY KEY,
    game           TEXT    NOT NULL CHECK (game IN ('fuzzycards', 'bizarre-world',
                           'rizontical', 'strange-world', 'dice-of-destiny')),
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

-- One card of a catalog.
CREATE TABLE cards (
    id          INTEGER PRIMARY KEY,
    catalog_id  INTEGER NOT NULL REFERENCES catalogs (id) ON DELETE CASCADE,
    -- The card's `id` in the catalog file (unique in its catalog, any case).
    card_key    TEXT    NOT NULL COLLATE NOCASE CHECK (trim(card_key) <> ''),
    name        TEXT    NOT NULL CHECK (trim(name) <> ''),
    -- The name folded for matching (lower case, single spaces): model::name_key.
    name_key    TEXT    NOT NULL,
    type        TEXT    NOT NULL,
    cost        INTEGER,
    text        TEXT,
    copy_limit  INTEGER CHECK (copy_limit IS NULL OR copy_limit >= 0),
    -- The game's own fields, a JSON object (model::FieldValue, untagged).
    fields      TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(fields)),
    -- Structured effects, a JSON array (model::Effect).
    effects     TEXT    NOT NULL DEFAULT '[]' CHECK (json_valid(effects)),
    -- `image` as written in the catalog file, and its stored image.
    image_path  TEXT,
    image_id    INTEGER REFERENCES images (id),
    -- Order in the catalog file.
    position    INTEGER NOT NULL,
    UNIQUE (catalog_id, card_key)
);
CREATE INDEX cards_by_name ON cards (catalog_id, name_key);
CREATE INDEX cards_by_position ON cards (catalog_id, position);
CREATE INDEX cards_by_image ON cards (image_id);

-- A deck, built against one catalog. Its contents are the entries of its
-- current version.
CREATE TABLE decks (
    id              INTEGER PRIMARY KEY,
    game            TEXT    NOT NULL,
    -- No ON DELETE: a catalog cannot be deleted while decks use it.
    catalog_id      INTEGER NOT NULL REFERENCES catalogs (id),
    name            TEXT    NOT NULL CHECK (trim(name) <> ''),
    current_version INTEGER NOT NULL DEFAULT 0 CHECK (current_version >= 0),
    created_at      TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at      TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX decks_by_catalog ON decks (catalog_id);

-- Every saved state of a deck; a save adds one and keeps the others.
CREATE TABLE deck_versions (
    id        INTEGER PRIMARY KEY,
    deck_id   INTEGER NOT NULL REFERENCES decks (id) ON DELETE CASCADE,
    version   INTEGER NOT NULL CHECK (version >= 1),
    saved_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    note      TEXT,
    UNIQUE (deck_id, version)
);

-- The counted lines of one deck version, in order.
CREATE TABLE deck_entries (
    id          INTEGER PRIMARY KEY,
    version_id  INTEGER NOT NULL REFERENCES deck_versions (id) ON DELETE CASCADE,
    board       TEXT    NOT NULL CHECK (board IN ('main', 'sideboard', 'maybeboard')),
    section     TEXT,
    position    INTEGER NOT NULL,
    count       INTEGER NOT NULL CHECK (count >= 0),
    -- The card as the deck list wrote it: name, and `[id]` when given.
    name        TEXT    NOT NULL,
    card_key    TEXT,
    -- The catalog card it resolved to when saved; NULL for unknown or
    -- ambiguous names, and when the card is later removed from the catalog.
    card_id     INTEGER REFERENCES cards (id) ON DELETE SET NULL,
    UNIQUE (version_id, position)
);
CREATE INDEX deck_entries_by_card ON deck_entries (card_id);

-- What the user owns of each card. A card with no row owns nothing.
CREATE TABLE collection (
    card_id     INTEGER PRIMARY KEY REFERENCES cards (id) ON DELETE CASCADE,
    owned       INTEGER NOT NULL DEFAULT 0 CHECK (owned >= 0),
    trade       INTEGER NOT NULL DEFAULT 0 CHECK (trade >= 0),
    wish        INTEGER NOT NULL DEFAULT 0 CHECK (wish >= 0),
    updated_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
