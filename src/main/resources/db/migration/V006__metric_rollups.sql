-- Pre-aggregated metric facts: the sums every metric is computed from, per project, UTC day, engine, prompt
-- attributes and actor, so a year of a large project is read from tens of thousands of rows instead of millions.
-- Three scopes of the same sums: 0 = all live prompts (scope_id 0), 1 = the prompts of one collection
-- (scope_id = collection id), 2 = one prompt (scope_id = prompt id).
-- actor -1 is the row of the executions themselves (executions, responses); 0 is the brand; else a competitor id.
CREATE TABLE metric_rollups (
    project_id          bigint           NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    scope               smallint         NOT NULL,
    scope_id            bigint           NOT NULL,
    day                 date             NOT NULL,
    model               text             NOT NULL,
    prompt_type         text             NOT NULL,
    brand_kind          text             NOT NULL,
    country_code        text             NOT NULL,
    language_code       text             NOT NULL,
    actor               bigint           NOT NULL,
    executions          integer          NOT NULL,
    responses           integer          NOT NULL,
    mentions            integer          NOT NULL,
    inverse_positions   double precision NOT NULL,
    mention_positions   bigint           NOT NULL,
    position_1          integer          NOT NULL,
    position_2          integer          NOT NULL,
    position_3          integer          NOT NULL,
    position_4_7        integer          NOT NULL,
    position_8_plus     integer          NOT NULL,
    citations           integer          NOT NULL,
    visible_citations   integer          NOT NULL,
    citation_positions  bigint           NOT NULL,
    very_positive       integer          NOT NULL,
    positive            integer          NOT NULL,
    neutral             integer          NOT NULL,
    negative            integer          NOT NULL,
    very_negative       integer          NOT NULL
);
CREATE INDEX metric_rollups_read_idx ON metric_rollups (project_id, scope, scope_id, day);
CREATE INDEX metric_rollups_day_idx ON metric_rollups (project_id, day);

-- Marks of (project, day) whose raw records changed since their rollup was computed. Append-only (no unique key,
-- so writers never wait on each other); the refresher recomputes a day and deletes exactly the marks it read.
CREATE TABLE metric_rollup_marks (
    id         bigserial PRIMARY KEY,
    project_id bigint      NOT NULL,
    day        date        NOT NULL,
    marked_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX metric_rollup_marks_day_idx ON metric_rollup_marks (project_id, day);

-- Statement-level triggers: one mark per (project, day) a statement touched, whatever path wrote the rows
-- (recording, extraction, history re-match, purges, cascades, bulk COPY).
CREATE FUNCTION mark_rollups_from_records() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        INSERT INTO metric_rollup_marks (project_id, day)
        SELECT DISTINCT project_id, CAST(executed_at AT TIME ZONE 'UTC' AS date) FROM old_rows;
    ELSE
        INSERT INTO metric_rollup_marks (project_id, day)
        SELECT DISTINCT project_id, CAST(executed_at AT TIME ZONE 'UTC' AS date) FROM new_rows;
    END IF;
    RETURN NULL;
END $$;

CREATE TRIGGER prompt_executions_insert_marks AFTER INSERT ON prompt_executions
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION mark_rollups_from_records();
CREATE TRIGGER prompt_executions_update_marks AFTER UPDATE ON prompt_executions
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION mark_rollups_from_records();
CREATE TRIGGER prompt_executions_delete_marks AFTER DELETE ON prompt_executions
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION mark_rollups_from_records();
CREATE TRIGGER mentions_delete_marks AFTER DELETE ON mentions
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION mark_rollups_from_records();
CREATE TRIGGER sources_update_marks AFTER UPDATE ON sources
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION mark_rollups_from_records();
CREATE TRIGGER sources_delete_marks AFTER DELETE ON sources
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION mark_rollups_from_records();
CREATE TRIGGER sentiments_update_marks AFTER UPDATE ON sentiments
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION mark_rollups_from_records();
CREATE TRIGGER sentiments_delete_marks AFTER DELETE ON sentiments
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION mark_rollups_from_records();

-- A prompt's type, brand kind or liveness moves its whole history between rollup rows.
CREATE FUNCTION mark_rollups_from_prompts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO metric_rollup_marks (project_id, day)
    SELECT DISTINCT e.project_id, CAST(e.executed_at AT TIME ZONE 'UTC' AS date)
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      JOIN prompt_executions e ON e.prompt_id = n.id
     WHERE (n.prompt_type, n.brand_kind, n.deleted_at IS NULL) IS DISTINCT FROM (o.prompt_type, o.brand_kind, o.deleted_at IS NULL);
    RETURN NULL;
END $$;
CREATE TRIGGER prompts_update_marks AFTER UPDATE ON prompts
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION mark_rollups_from_prompts();

-- Collection membership decides which collection rows a prompt's history feeds.
CREATE FUNCTION mark_rollups_from_memberships() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        INSERT INTO metric_rollup_marks (project_id, day)
        SELECT DISTINCT e.project_id, CAST(e.executed_at AT TIME ZONE 'UTC' AS date)
          FROM old_rows r JOIN prompt_executions e ON e.prompt_id = r.prompt_id;
    ELSE
        INSERT INTO metric_rollup_marks (project_id, day)
        SELECT DISTINCT e.project_id, CAST(e.executed_at AT TIME ZONE 'UTC' AS date)
          FROM new_rows r JOIN prompt_executions e ON e.prompt_id = r.prompt_id;
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER prompt_collections_insert_marks AFTER INSERT ON prompt_collections
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION mark_rollups_from_memberships();
CREATE TRIGGER prompt_collections_delete_marks AFTER DELETE ON prompt_collections
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION mark_rollups_from_memberships();

-- The brand's numbers per prompt, engine ('' = all engines) and day or calendar month, for the per-prompt table:
-- a year of a prompt is a dozen month rows plus the days at the range's edges. Derived from the scope-2 rows above.
CREATE TABLE prompt_rollups (
    project_id         bigint  NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    prompt_id          bigint  NOT NULL,
    model              text    NOT NULL,
    month              boolean NOT NULL,
    day                date    NOT NULL,
    country_code       text    NOT NULL,
    language_code      text    NOT NULL,
    executions         integer NOT NULL,
    responses          integer NOT NULL,
    mentions           integer NOT NULL,
    mention_positions  bigint  NOT NULL,
    citations          integer NOT NULL,
    visible_citations  integer NOT NULL,
    citation_positions bigint  NOT NULL
);
CREATE INDEX prompt_rollups_read_idx ON prompt_rollups (project_id, month, day);

-- Cited registrable domains per day or calendar month: responses citing the domain, how many of them name the
-- brand, and Σ 1/position of those mentions. grain 0 holds engine × prompt type × brand kind; grains 1-4 hold the
-- same sums for all rows, per engine, per prompt type and per brand kind, so the common filters read few rows.
CREATE TABLE domain_rollups (
    project_id  bigint   NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    domain      text     NOT NULL,
    grain       smallint NOT NULL,
    model       text     NOT NULL,
    prompt_type text     NOT NULL,
    brand_kind  text     NOT NULL,
    month       boolean  NOT NULL,
    day         date     NOT NULL,
    responses   integer  NOT NULL,
    mentioned   integer  NOT NULL,
    inverse     numeric  NOT NULL
);
CREATE INDEX domain_rollups_read_idx ON domain_rollups (project_id, grain, month, day);
