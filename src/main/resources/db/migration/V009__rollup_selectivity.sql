-- Collections in the domain rollups (grain 5: a collection, grain 6: a collection and an engine), an index whose
-- equality columns match every grain's reads, and statistics that tell the planner one prompt's scope is small
-- (prompt ids and collection ids share the scope_id column, so single-column statistics mislead it).
ALTER TABLE domain_rollups ADD COLUMN collection_id bigint NOT NULL DEFAULT 0;
DROP INDEX domain_rollups_read_idx;
CREATE INDEX domain_rollups_read_idx ON domain_rollups (project_id, grain, collection_id, model, prompt_type, brand_kind, month, day)
    INCLUDE (domain, responses, mentioned, inverse);

CREATE STATISTICS metric_rollups_scope_stats (mcv, dependencies) ON scope, scope_id FROM metric_rollups;
