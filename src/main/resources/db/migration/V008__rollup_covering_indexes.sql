-- Reads of the rollups are index-only: the rows of one project's range are spread over the table (one day is
-- written at a time), so fetching them from the heap costs a random page read each. These indexes carry every
-- column the reads sum, and replace the narrower read indexes of V006.
DROP INDEX metric_rollups_read_idx;
CREATE INDEX metric_rollups_read_idx ON metric_rollups (project_id, scope, scope_id, day)
    INCLUDE (model, prompt_type, brand_kind, country_code, language_code, actor, executions, responses, mentions,
             inverse_positions, mention_positions, position_1, position_2, position_3, position_4_7, position_8_plus,
             citations, visible_citations, citation_positions, very_positive, positive, neutral, negative, very_negative);

DROP INDEX prompt_rollups_read_idx;
CREATE INDEX prompt_rollups_read_idx ON prompt_rollups (project_id, model, month, day)
    INCLUDE (prompt_id, country_code, language_code, executions, responses, mentions, mention_positions, citations,
             visible_citations, citation_positions);
CREATE INDEX prompt_rollups_day_idx ON prompt_rollups (project_id, day);

DROP INDEX domain_rollups_read_idx;
CREATE INDEX domain_rollups_read_idx ON domain_rollups (project_id, grain, month, day)
    INCLUDE (domain, model, prompt_type, brand_kind, responses, mentioned, inverse);
CREATE INDEX domain_rollups_day_idx ON domain_rollups (project_id, day);

-- Rollup tables change a day at a time: vacuum them often enough that index-only reads stay index-only.
ALTER TABLE metric_rollups SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_insert_scale_factor = 0.02);
ALTER TABLE prompt_rollups SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_insert_scale_factor = 0.02);
ALTER TABLE domain_rollups SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_insert_scale_factor = 0.02);
