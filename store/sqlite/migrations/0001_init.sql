-- Times are UTC unix nanoseconds (INTEGER), so they compare and sort as
-- numbers and round-trip without a text format to agree on.

-- API keys: only the SHA-256 of a key is kept, never the key.
CREATE TABLE api_keys (
    id         TEXT    NOT NULL PRIMARY KEY,
    hash       BLOB    NOT NULL UNIQUE,
    prefix     TEXT    NOT NULL,
    name       TEXT    NOT NULL,
    created_at INTEGER NOT NULL,
    revoked_at INTEGER            -- NULL while the key is valid
) STRICT;

-- ListKeys reads keys oldest first.
CREATE INDEX api_keys_created_at ON api_keys (created_at, id);

-- Idempotency records, one per (API key ID, Idempotency-Key).
CREATE TABLE idempotency (
    scope        TEXT    NOT NULL,
    idem_key     TEXT    NOT NULL,
    body_hash    BLOB    NOT NULL,
    state        TEXT    NOT NULL CHECK (state IN ('running', 'done')),
    status       INTEGER NOT NULL DEFAULT 0,
    content_type TEXT    NOT NULL DEFAULT '',
    body         BLOB,
    created_at   INTEGER NOT NULL,
    PRIMARY KEY (scope, idem_key)
) STRICT;

-- The sweep of expired records deletes by age.
CREATE INDEX idempotency_created_at ON idempotency (created_at);

-- Fixed-window rate-limit counters.
CREATE TABLE rate_windows (
    bucket       TEXT    NOT NULL,
    window_start INTEGER NOT NULL,
    count        INTEGER NOT NULL,
    PRIMARY KEY (bucket, window_start)
) STRICT, WITHOUT ROWID;

-- Pruning deletes old windows across every bucket.
CREATE INDEX rate_windows_window_start ON rate_windows (window_start);

-- Per-endpoint access counters.
CREATE TABLE metrics (
    route  TEXT    NOT NULL,
    method TEXT    NOT NULL,
    class  TEXT    NOT NULL,
    count  INTEGER NOT NULL,
    PRIMARY KEY (route, method, class)
) STRICT, WITHOUT ROWID;
