-- Citation intelligence pre-aggregates (docs/citation-intelligence.md "Rollups").
--
-- citation_months: per project, month, view (0 url, 1 host, 2 domain, 3 raw form of a URL, 4 cited domain or host
-- per actor), scope and group, the citing responses and citation rows of that month. Scopes: (collection 0,
-- model '') every live prompt and engine; (0, engine) one engine; (collection, '') one collection; (collection,
-- engine) both, except views 3 (only (0, '')) and 4 (no collection and engine together). Actor: -1 for views 0 to 3
-- and, in view 4, every citing response; view 4 also counts the citing responses mentioning the brand (0), a live
-- competitor (its id) or neither (-2). Rebuilt month by month from the raw records.
-- citation_totals: the same rows summed over the whole history, kept by adding each rebuilt month's difference; they
-- answer the default (no window) reads from an index.
CREATE TABLE citation_rollup_marks (
    id         bigserial PRIMARY KEY,
    project_id bigint NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    month      date   NOT NULL
);
CREATE INDEX citation_rollup_marks_idx ON citation_rollup_marks (project_id, month);

-- Every (project, day) mark of the metric rollups also marks its month here, in the writer's transaction, so the
-- citation refresher rebuilds the month while the metric refresher recomputes the day.
CREATE FUNCTION mark_citation_months() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO citation_rollup_marks (project_id, month)
    SELECT DISTINCT project_id, CAST(date_trunc('month', day) AS date) FROM new_marks;
    RETURN NULL;
END
$$;
CREATE TRIGGER metric_rollup_marks_citation_months AFTER INSERT ON metric_rollup_marks
    REFERENCING NEW TABLE AS new_marks FOR EACH STATEMENT EXECUTE FUNCTION mark_citation_months();

CREATE TABLE citation_months (
    project_id    bigint      NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    month         date        NOT NULL,
    view          smallint    NOT NULL,
    collection_id bigint      NOT NULL,
    model         text        NOT NULL,
    group_key     text        NOT NULL,
    actor         bigint      NOT NULL,
    url_sha256    text,
    host          text,
    domain        text        NOT NULL,
    responses     integer     NOT NULL,
    citations     integer     NOT NULL,
    visible       integer     NOT NULL,
    positions     bigint      NOT NULL,
    owned         integer     NOT NULL,
    competitor    integer     NOT NULL,
    third_party   integer     NOT NULL,
    first_seen    timestamptz NOT NULL,
    last_seen     timestamptz NOT NULL
);
CREATE INDEX citation_months_month_idx ON citation_months (project_id, month);
CREATE INDEX citation_months_key_idx ON citation_months (project_id, view, collection_id, model, group_key, actor);

CREATE TABLE citation_totals (
    project_id    bigint   NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    view          smallint NOT NULL,
    collection_id bigint   NOT NULL,
    model         text     NOT NULL,
    group_key     text     NOT NULL,
    actor         bigint   NOT NULL,
    url_sha256    text,
    host          text,
    domain        text     NOT NULL,
    responses     bigint   NOT NULL,
    citations     bigint   NOT NULL,
    visible       bigint   NOT NULL,
    positions     bigint   NOT NULL,
    owned         bigint   NOT NULL,
    competitor    bigint   NOT NULL,
    third_party   bigint   NOT NULL,
    -- null only inside a refresh: the month that held the first or last sighting changed, recomputed from the months
    first_seen    timestamptz,
    last_seen     timestamptz,
    PRIMARY KEY (project_id, view, group_key, collection_id, model, actor)
);
-- the default order (responses, then citations, then key) straight from an index
CREATE INDEX citation_totals_rank_idx ON citation_totals (project_id, view, collection_id, model, responses DESC,
                                                          citations DESC, group_key);
-- the distinct URLs of a host or domain, and the URL detail by hash
CREATE INDEX citation_totals_host_idx ON citation_totals (project_id, collection_id, model, host) WHERE view = 0;
CREATE INDEX citation_totals_domain_idx ON citation_totals (project_id, collection_id, model, domain) WHERE view = 0;
CREATE INDEX citation_totals_sha_idx ON citation_totals (project_id, url_sha256) WHERE view = 0;
-- a URL's raw forms, newest first
CREATE INDEX citation_totals_forms_idx ON citation_totals (project_id, url_sha256, last_seen DESC) WHERE view = 3;
CREATE INDEX citation_totals_unsettled_idx ON citation_totals (project_id) WHERE first_seen IS NULL OR last_seen IS NULL;

-- every month that already has records is built once by the refresher
INSERT INTO citation_rollup_marks (project_id, month)
SELECT DISTINCT project_id, CAST(date_trunc('month', executed_at AT TIME ZONE 'UTC') AS date) FROM prompt_executions;
