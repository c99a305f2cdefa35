-- The OAuth 2.1 authorization server: registered clients and the one-time
-- secrets of the authorization code flow.

-- Clients registered at /oauth/register (RFC 7591). They are public
-- clients: no secret is issued, so none is kept.
CREATE TABLE oauth_clients (
    id            text COLLATE "C" NOT NULL PRIMARY KEY,
    name          text             NOT NULL,
    redirect_uris text[]           NOT NULL,  -- in the order given, matched exactly
    created_at    timestamptz      NOT NULL
);

-- Consent form tokens and authorization codes: only the SHA-256 of each is
-- kept, with the authorization request it was issued for. A row is deleted
-- when it is taken, so it works once, on whichever node takes it.
CREATE TABLE oauth_codes (
    hash           bytea       NOT NULL PRIMARY KEY,
    kind           text        NOT NULL CHECK (kind IN ('consent', 'code')),
    client_id      text        NOT NULL,
    redirect_uri   text        NOT NULL,
    code_challenge text        NOT NULL,
    resource       text        NOT NULL,
    scope          text        NOT NULL,
    state          text        NOT NULL,
    created_at     timestamptz NOT NULL,
    expires_at     timestamptz NOT NULL
);

-- Expired rows that nobody took are deleted by age.
CREATE INDEX oauth_codes_expires_at ON oauth_codes (expires_at);
