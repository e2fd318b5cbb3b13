-- Deckwright schema version 2: app settings (last opened deck, preferred
-- paper size, ...), one text value per key. Version 1 databases gain an
-- empty table; nothing else changes.

CREATE TABLE settings (
    key         TEXT PRIMARY KEY NOT NULL CHECK (trim(key) <> ''),
    value       TEXT NOT NULL,
    updated_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
