-- A URL's citing answers are listed newest first, ties on the execution id: an index in exactly that order lets a
-- page of occurrences (and the latest raw form of a URL) stop after its rows instead of joining and sorting every
-- citation of a popular URL. It replaces V007's index, which broke ties on the source row's id.
CREATE INDEX sources_project_url_recent_idx ON sources (project_id, url_sha256, executed_at DESC, execution_id DESC);
DROP INDEX sources_project_url_time_idx;
