-- Durable background jobs. Workers claim due rows with FOR UPDATE SKIP LOCKED and hold a lease
-- (locked_until); a worker that dies loses its lease and another instance takes the job over.
CREATE TABLE jobs (
    id           bigserial PRIMARY KEY,
    kind         text        NOT NULL,
    payload      jsonb       NOT NULL DEFAULT '{}',
    dedupe_key   text,
    status       text        NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
    attempts     integer     NOT NULL DEFAULT 0,
    max_attempts integer     NOT NULL DEFAULT 5,
    run_at       timestamptz NOT NULL DEFAULT now(),
    locked_by    text,
    locked_until timestamptz,
    last_error   text,
    created_at   timestamptz NOT NULL DEFAULT now(),
    finished_at  timestamptz
);
CREATE INDEX jobs_due_idx ON jobs (run_at) WHERE status IN ('queued', 'running');
-- At most one pending job per dedupe key; finished jobs do not block a new one.
CREATE UNIQUE INDEX jobs_pending_dedupe_key ON jobs (dedupe_key) WHERE status IN ('queued', 'running');
