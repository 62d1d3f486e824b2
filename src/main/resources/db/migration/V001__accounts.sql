-- Tenancy: an account holds the plan and the quotas; users belong to one account; API keys belong to a user.
CREATE TABLE accounts (
    id                     bigserial PRIMARY KEY,
    plan                   text        NOT NULL CHECK (plan IN ('starter', 'growth', 'scale')),
    tracking_frequency     text        NOT NULL DEFAULT 'weekly' CHECK (tracking_frequency IN ('weekly', 'daily')),
    status                 text        NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive')),
    current_period_ends_at timestamptz,
    created_at             timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
    id         bigserial PRIMARY KEY,
    account_id bigint      NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    email      text        NOT NULL,
    role       text        NOT NULL DEFAULT 'owner' CHECK (role IN ('owner', 'admin', 'member')),
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));
CREATE INDEX users_account_idx ON users (account_id);

-- Only the SHA-256 of a key is stored; `key_hint` (prefix and last four characters) lets people tell keys apart.
CREATE TABLE api_keys (
    id           bigserial PRIMARY KEY,
    user_id      bigint      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name         text,
    scope        text        NOT NULL CHECK (scope IN ('read', 'read_write')),
    key_hash     bytea       NOT NULL UNIQUE,
    key_hint     text        NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    last_used_at timestamptz,
    revoked_at   timestamptz,
    replaced_by  bigint REFERENCES api_keys (id)
);
CREATE INDEX api_keys_user_idx ON api_keys (user_id);

-- Fixed one-minute windows per key and bucket ('all', 'write'). Shared by every instance on this database.
-- UNLOGGED: losing the counts of the current minute in a crash is harmless and writes stay cheap.
CREATE UNLOGGED TABLE rate_limit_windows (
    api_key_id   bigint      NOT NULL,
    bucket       text        NOT NULL,
    window_start timestamptz NOT NULL,
    hits         integer     NOT NULL,
    PRIMARY KEY (api_key_id, bucket, window_start)
);
