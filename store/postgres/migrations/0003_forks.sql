-- Kept forks: each key's forks, served as variant pages, exported and
-- checked for drift until they expire.
CREATE TABLE forks (
    id         text COLLATE "C" NOT NULL PRIMARY KEY,
    owner      text COLLATE "C" NOT NULL,  -- the API key's ID
    created_at timestamptz      NOT NULL,
    expires_at timestamptz      NOT NULL,
    request    bytea            NOT NULL,  -- JSON
    result     bytea            NOT NULL,  -- JSON
    source     bytea            NOT NULL,  -- the source page's HTML
    blocks     jsonb            NOT NULL   -- array of block hashes
);

-- ListForks pages through one owner's forks, newest first.
CREATE INDEX forks_owner_created ON forks (owner, created_at DESC, id DESC);

-- PurgeForks deletes by expiry.
CREATE INDEX forks_expires_at ON forks (expires_at);
