-- Several answers per prompt and cycle reduce the noise of single AI answers.
ALTER TABLE projects ADD COLUMN runs_per_prompt integer NOT NULL DEFAULT 1 CHECK (runs_per_prompt BETWEEN 1 AND 10);

-- An execution is one answer of one engine to one prompt in one cycle (sample 1..runs_per_prompt).
-- The unique key makes a second recording of the same run impossible, whatever the number of workers.
ALTER TABLE prompt_executions
    ADD COLUMN cycle           date,
    ADD COLUMN sample          integer     NOT NULL DEFAULT 1,
    ADD COLUMN engine_adapter  text,
    ADD COLUMN model_version   text,
    ADD COLUMN response        text        NOT NULL DEFAULT '',
    ADD COLUMN no_result       boolean     NOT NULL DEFAULT false,
    ADD COLUMN error           text,
    ADD COLUMN duration_ms     integer     NOT NULL DEFAULT 0,
    ADD COLUMN attempts        integer     NOT NULL DEFAULT 1,
    ADD COLUMN fan_out_queries text[]      NOT NULL DEFAULT '{}',
    ADD COLUMN engine_citations jsonb      NOT NULL DEFAULT '[]',
    ADD COLUMN structured      jsonb       NOT NULL DEFAULT '{}',
    ADD COLUMN input_tokens    bigint,
    ADD COLUMN output_tokens   bigint,
    ADD COLUMN cost_usd        numeric(12, 6),
    ADD COLUMN raw_response    bytea,
    ADD COLUMN has_mention     boolean     NOT NULL DEFAULT false,
    ADD COLUMN has_citation    boolean     NOT NULL DEFAULT false,
    ADD COLUMN mentions_count  integer     NOT NULL DEFAULT 0,
    ADD COLUMN citations_count integer     NOT NULL DEFAULT 0,
    ADD COLUMN created_at      timestamptz NOT NULL DEFAULT now();
UPDATE prompt_executions SET cycle = executed_at::date WHERE cycle IS NULL;
ALTER TABLE prompt_executions ALTER COLUMN cycle SET NOT NULL;
CREATE UNIQUE INDEX prompt_executions_run_key ON prompt_executions (prompt_id, model, cycle, sample);

-- The run queue: one row per (prompt, engine, cycle, sample), filled by the scheduler, drained by workers that
-- claim rows with FOR UPDATE SKIP LOCKED under a lease. A worker that dies loses its lease; another takes over.
CREATE TABLE prompt_runs (
    id           bigserial PRIMARY KEY,
    project_id   bigint      NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    prompt_id    bigint      NOT NULL REFERENCES prompts (id) ON DELETE CASCADE,
    model        text        NOT NULL,
    cycle        date        NOT NULL,
    sample       integer     NOT NULL,
    status       text        NOT NULL DEFAULT 'queued'
        CHECK (status IN ('queued', 'running', 'succeeded', 'failed', 'cancelled')),
    attempts     integer     NOT NULL DEFAULT 0,
    max_attempts integer     NOT NULL DEFAULT 3,
    run_at       timestamptz NOT NULL,
    locked_by    text,
    locked_until timestamptz,
    last_error   text,
    execution_id bigint REFERENCES prompt_executions (id) ON DELETE SET NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    finished_at  timestamptz,
    UNIQUE (prompt_id, model, cycle, sample)
);
CREATE INDEX prompt_runs_due_idx ON prompt_runs (run_at) WHERE status IN ('queued', 'running');
CREATE INDEX prompt_runs_project_idx ON prompt_runs (project_id, cycle);
