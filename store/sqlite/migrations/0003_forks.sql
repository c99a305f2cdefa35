-- Kept forks: each key's forks, served as variant pages, exported and
-- checked for drift until they expire.
CREATE TABLE forks (
    id         TEXT    NOT NULL PRIMARY KEY,
    owner      TEXT    NOT NULL,  -- the API key's ID
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    request    BLOB    NOT NULL,  -- JSON
    result     BLOB    NOT NULL,  -- JSON
    source     BLOB    NOT NULL,  -- the source page's HTML
    blocks     TEXT    NOT NULL   -- JSON array of block hashes
) STRICT;

-- ListForks pages through one owner's forks, newest first.
CREATE INDEX forks_owner_created ON forks (owner, created_at DESC, id DESC);

-- PurgeForks deletes by expiry.
CREATE INDEX forks_expires_at ON forks (expires_at);
