-- The same tables as the SQLite store's, in PostgreSQL's types. Text that
-- is sorted or compared is COLLATE "C", so that order is byte order on every
-- node whatever the database's locale, as it is on SQLite.

-- API keys: only the SHA-256 of a key is kept, never the key.
CREATE TABLE api_keys (
    id         text COLLATE "C" NOT NULL PRIMARY KEY,
    hash       bytea            NOT NULL UNIQUE,
    prefix     text             NOT NULL,
    name       text             NOT NULL,
    created_at timestamptz      NOT NULL,
    revoked_at timestamptz               -- NULL while the key is valid
);

-- ListKeys reads keys oldest first.
CREATE INDEX api_keys_created_at ON api_keys (created_at, id);

-- Idempotency records, one per (API key ID, Idempotency-Key).
CREATE TABLE idempotency (
    scope        text COLLATE "C" NOT NULL,
    idem_key     text COLLATE "C" NOT NULL,
    body_hash    bytea            NOT NULL,
    state        text             NOT NULL CHECK (state IN ('running', 'done')),
    status       integer          NOT NULL DEFAULT 0,
    content_type text             NOT NULL DEFAULT '',
    body         bytea,
    created_at   timestamptz      NOT NULL,
    PRIMARY KEY (scope, idem_key)
);

-- The sweep of expired records deletes by age.
CREATE INDEX idempotency_created_at ON idempotency (created_at);

-- Fixed-window rate-limit counters, shared by every node.
CREATE TABLE rate_windows (
    bucket       text COLLATE "C" NOT NULL,
    window_start timestamptz      NOT NULL,
    count        bigint           NOT NULL,
    PRIMARY KEY (bucket, window_start)
);

-- Pruning deletes old windows across every bucket.
CREATE INDEX rate_windows_window_start ON rate_windows (window_start);

-- Per-endpoint access counters; every node adds its counts here.
CREATE TABLE metrics (
    route  text COLLATE "C" NOT NULL,
    method text COLLATE "C" NOT NULL,
    class  text COLLATE "C" NOT NULL,
    count  bigint           NOT NULL,
    PRIMARY KEY (route, method, class)
);
