-- Deckwright schema version 5: phrases a user teaches a game's grammar
-- (issue 49). "the opposing player" means "your opponent": every card of the
-- game is read with it (src/engine/effect/taught.rs). One row per phrase
-- and game; a phrase is unique within its game whatever its case. Kept as
-- typed (trimmed, runs of spaces as one); exported by export-all
-- (schema/export.md, `lexicon.toml`) and carried by backups.

CREATE TABLE taught_phrases (
    id         INTEGER PRIMARY KEY,
    game       TEXT    NOT NULL CHECK (trim(game) <> ''),
    phrase     TEXT    NOT NULL CHECK (trim(phrase) <> '' AND length(phrase) <= 200),
    means      TEXT    NOT NULL CHECK (trim(means) <> '' AND length(means) <= 200),
    created_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    UNIQUE (game, phrase COLLATE NOCASE)
);
