-- The OAuth 2.1 authorization server: registered clients and the one-time
-- secrets of the authorization code flow.

-- Clients registered at /oauth/register (RFC 7591). They are public
-- clients: no secret is issued, so none is kept.
CREATE TABLE oauth_clients (
    id            TEXT    NOT NULL PRIMARY KEY,
    name          TEXT    NOT NULL,
    redirect_uris TEXT    NOT NULL,  -- JSON array of strings, matched exactly
    created_at    INTEGER NOT NULL
) STRICT;

-- Consent form tokens and authorization codes: only the SHA-256 of each is
-- kept, with the authorization request it was issued for. A row is deleted
-- when it is taken, so it works once.
CREATE TABLE oauth_codes (
    hash           BLOB    NOT NULL PRIMARY KEY,
    kind           TEXT    NOT NULL CHECK (kind IN ('consent', 'code')),
    client_id      TEXT    NOT NULL,
    redirect_uri   TEXT    NOT NULL,
    code_challenge TEXT    NOT NULL,
    resource       TEXT    NOT NULL,
    scope          TEXT    NOT NULL,
    state          TEXT    NOT NULL,
    created_at     INTEGER NOT NULL,
    expires_at     INTEGER NOT NULL
) STRICT, WITHOUT ROWID;

-- Expired rows that nobody took are deleted by age.
CREATE INDEX oauth_codes_expires_at ON oauth_codes (expires_at);
