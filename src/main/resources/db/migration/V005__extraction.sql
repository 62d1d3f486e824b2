-- Facts extracted from each execution. Every row carries the execution's project, prompt, model and time so the
-- record endpoints and metrics filter without joining back. Re-extraction replaces an execution's rows.
CREATE TABLE mentions (
    id            bigserial PRIMARY KEY,
    execution_id  bigint      NOT NULL REFERENCES prompt_executions (id) ON DELETE CASCADE,
    project_id    bigint      NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    prompt_id     bigint      NOT NULL,
    competitor_id bigint REFERENCES competitors (id) ON DELETE CASCADE,
    keywords      text[]      NOT NULL,
    position      integer     NOT NULL CHECK (position >= 1),
    model         text        NOT NULL,
    executed_at   timestamptz NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now()
);
-- One mention per (execution, actor); the brand has no competitor id.
CREATE UNIQUE INDEX mentions_actor_key ON mentions (execution_id, coalesce(competitor_id, 0));
CREATE INDEX mentions_project_time_idx ON mentions (project_id, executed_at);

CREATE TABLE sources (
    id                 bigserial PRIMARY KEY,
    execution_id       bigint      NOT NULL REFERENCES prompt_executions (id) ON DELETE CASCADE,
    project_id         bigint      NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    prompt_id          bigint      NOT NULL,
    url                text        NOT NULL,
    normalized_url     text        NOT NULL,
    url_sha256         char(64)    NOT NULL,
    host               text        NOT NULL,
    domain             text        NOT NULL,
    position           integer     NOT NULL CHECK (position >= 0),
    source_type        text        NOT NULL CHECK (source_type IN ('owned', 'competitor', 'third_party')),
    competitor_id      bigint REFERENCES competitors (id) ON DELETE SET NULL,
    is_play_store_link boolean     NOT NULL DEFAULT false,
    is_app_store_link  boolean     NOT NULL DEFAULT false,
    title              text,
    model              text        NOT NULL,
    executed_at        timestamptz NOT NULL,
    created_at         timestamptz NOT NULL DEFAULT now(),
    UNIQUE (execution_id, url_sha256)
);
CREATE INDEX sources_project_time_idx ON sources (project_id, executed_at);
CREATE INDEX sources_project_url_idx ON sources (project_id, url_sha256);
CREATE INDEX sources_project_domain_idx ON sources (project_id, domain);

CREATE TABLE sentiments (
    id                 bigserial PRIMARY KEY,
    execution_id       bigint      NOT NULL REFERENCES prompt_executions (id) ON DELETE CASCADE,
    project_id         bigint      NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    prompt_id          bigint      NOT NULL,
    competitor_id      bigint REFERENCES competitors (id) ON DELETE CASCADE,
    is_brand_sentiment boolean     NOT NULL,
    analysis           text CHECK (analysis IN ('very_positive', 'positive', 'neutral', 'negative', 'very_negative')),
    score              numeric(3, 2),
    comment            text,
    topics             text        NOT NULL DEFAULT '',
    hidden             boolean     NOT NULL DEFAULT false,
    analyzer           text        NOT NULL,
    model              text        NOT NULL,
    executed_at        timestamptz NOT NULL,
    created_at         timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX sentiments_actor_key ON sentiments (execution_id, coalesce(competitor_id, 0));
CREATE INDEX sentiments_project_time_idx ON sentiments (project_id, executed_at);

-- Structured data some engines return (shopping products from SERP APIs, brand entities).
CREATE TABLE shopping_products (
    id                  bigserial PRIMARY KEY,
    execution_id        bigint  NOT NULL REFERENCES prompt_executions (id) ON DELETE CASCADE,
    project_id          bigint  NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    competitor_id       bigint REFERENCES competitors (id) ON DELETE SET NULL,
    model               text    NOT NULL,
    product_id_external text,
    title               text    NOT NULL,
    url                 text,
    domain              text,
    price               numeric(14, 2),
    currency            text,
    rating_value        numeric(6, 2),
    rating_max          numeric(6, 2),
    rating_votes_count  integer,
    images              text[]  NOT NULL DEFAULT '{}',
    tag                 text,
    rank_group          integer,
    is_owned            boolean NOT NULL DEFAULT false
);
CREATE INDEX shopping_products_execution_idx ON shopping_products (execution_id);

CREATE TABLE brand_entities (
    id            bigserial PRIMARY KEY,
    execution_id  bigint  NOT NULL REFERENCES prompt_executions (id) ON DELETE CASCADE,
    project_id    bigint  NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    competitor_id bigint REFERENCES competitors (id) ON DELETE SET NULL,
    model         text    NOT NULL,
    title         text    NOT NULL,
    category      text,
    markdown      text,
    urls          text[]  NOT NULL DEFAULT '{}',
    domain        text,
    is_owned      boolean NOT NULL DEFAULT false
);
CREATE INDEX brand_entities_execution_idx ON brand_entities (execution_id);

-- Judgements of the LLM sentiment judge, by hash of (answer, actors, model), so history re-matching and retries
-- never pay for the same call twice.
CREATE TABLE sentiment_judgements (
    answer_hash char(64) PRIMARY KEY,
    result      jsonb       NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);

-- Executions not yet extracted carry extracted_at NULL.
ALTER TABLE prompt_executions ADD COLUMN extracted_at timestamptz;
