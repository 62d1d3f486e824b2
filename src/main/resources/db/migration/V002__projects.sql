-- The write model: projects and what they track.
CREATE TABLE projects (
    id                          bigserial PRIMARY KEY,
    account_id                  bigint      NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    name                        text        NOT NULL,
    brand_name                  text        NOT NULL,
    url                         text        NOT NULL,
    domain                      text        NOT NULL,
    description                 text,
    industry                    text,
    business_model              text,
    primary_products            text,
    target_audience             text,
    brand_voice                 text,
    matching_names              text[]      NOT NULL DEFAULT '{}',
    country_code                text        NOT NULL,
    language_code               text        NOT NULL,
    use_subdomain               boolean     NOT NULL DEFAULT false,
    paused                      boolean     NOT NULL DEFAULT false,
    play_store_id               text,
    app_store_id                text,
    owned_media                 jsonb       NOT NULL DEFAULT '{}',
    weekly_email_subscribed     boolean     NOT NULL DEFAULT false,
    execute_prompts_immediately boolean     NOT NULL DEFAULT true,
    external_identifier         text,
    created_at                  timestamptz NOT NULL DEFAULT now(),
    UNIQUE (account_id, external_identifier)
);
CREATE INDEX projects_account_idx ON projects (account_id);

-- Collections are called Tags in the app.
CREATE TABLE collections (
    id          bigserial PRIMARY KEY,
    project_id  bigint      NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    name        text        NOT NULL,
    description text,
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX collections_name_key ON collections (project_id, lower(name));

-- A deleted prompt leaves the live set at once (deleted_at) and frees its slot; a job purges it and its history.
CREATE TABLE prompts (
    id               bigserial PRIMARY KEY,
    project_id       bigint      NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    prompt_text      text        NOT NULL,
    text_key         text        NOT NULL,
    country_code     text        NOT NULL,
    language_code    text        NOT NULL,
    prompt_type      text CHECK (prompt_type IN ('informational', 'navigational', 'commercial', 'transactional')),
    brand_kind       text CHECK (brand_kind IN ('brand', 'brand_other', 'non_brand')),
    created_at       timestamptz NOT NULL DEFAULT now(),
    last_executed_at timestamptz,
    deleted_at       timestamptz
);
CREATE UNIQUE INDEX prompts_live_key ON prompts (project_id, text_key, country_code, language_code) WHERE deleted_at IS NULL;
CREATE INDEX prompts_project_idx ON prompts (project_id) WHERE deleted_at IS NULL;

CREATE TABLE prompt_collections (
    prompt_id     bigint      NOT NULL REFERENCES prompts (id) ON DELETE CASCADE,
    collection_id bigint      NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
    created_at    timestamptz NOT NULL DEFAULT clock_timestamp(),
    PRIMARY KEY (prompt_id, collection_id)
);
CREATE INDEX prompt_collections_collection_idx ON prompt_collections (collection_id);

CREATE TABLE competitors (
    id             bigserial PRIMARY KEY,
    project_id     bigint      NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    brand_name     text        NOT NULL,
    domain         text        NOT NULL,
    matching_names text[]      NOT NULL DEFAULT '{}',
    color          text        NOT NULL,
    play_store_id  text,
    app_store_id   text,
    processing     boolean     NOT NULL DEFAULT false,
    created_at     timestamptz NOT NULL DEFAULT now(),
    deleted_at     timestamptz
);
CREATE UNIQUE INDEX competitors_live_domain_key ON competitors (project_id, domain) WHERE deleted_at IS NULL;

CREATE TABLE annotation_categories (
    id         bigserial PRIMARY KEY,
    project_id bigint NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    name       text   NOT NULL,
    color      text   NOT NULL
);
CREATE UNIQUE INDEX annotation_categories_name_key ON annotation_categories (project_id, lower(name));

-- created_by_user_id NULL marks a system annotation, which nobody may edit.
CREATE TABLE annotations (
    id                     bigserial PRIMARY KEY,
    project_id             bigint      NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    created_by_user_id     bigint REFERENCES users (id) ON DELETE SET NULL,
    title                  text        NOT NULL,
    annotation_date        date        NOT NULL,
    description            text,
    color                  text,
    annotation_category_id bigint REFERENCES annotation_categories (id) ON DELETE SET NULL,
    created_at             timestamptz NOT NULL DEFAULT now(),
    updated_at             timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX annotations_project_date_idx ON annotations (project_id, annotation_date DESC);

CREATE TABLE project_drafts (
    id                          text PRIMARY KEY,
    account_id                  bigint      NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    user_id                     bigint      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    website_url                 text        NOT NULL,
    main_country                text        NOT NULL,
    main_language               text        NOT NULL,
    use_subdomain               boolean     NOT NULL,
    execute_prompts_immediately boolean     NOT NULL,
    steps                       jsonb       NOT NULL DEFAULT '{}',
    suggestions                 jsonb       NOT NULL DEFAULT '{}',
    project_id                  bigint REFERENCES projects (id) ON DELETE SET NULL,
    finalized_at                timestamptz,
    created_at                  timestamptz NOT NULL DEFAULT now(),
    updated_at                  timestamptz NOT NULL DEFAULT now(),
    expires_at                  timestamptz NOT NULL
);
CREATE INDEX project_drafts_expiry_idx ON project_drafts (expires_at);

-- Runs of prompts against AI engines. The engines module fills it; here it already answers
-- "which models, countries and languages have data" for project details and dimensions.
CREATE TABLE prompt_executions (
    id            bigserial PRIMARY KEY,
    project_id    bigint      NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    prompt_id     bigint      NOT NULL REFERENCES prompts (id) ON DELETE CASCADE,
    model         text        NOT NULL,
    executed_at   timestamptz NOT NULL,
    success       boolean     NOT NULL,
    country_code  text        NOT NULL,
    language_code text        NOT NULL
);
CREATE INDEX prompt_executions_project_time_idx ON prompt_executions (project_id, executed_at);
CREATE INDEX prompt_executions_prompt_idx ON prompt_executions (prompt_id, model);
