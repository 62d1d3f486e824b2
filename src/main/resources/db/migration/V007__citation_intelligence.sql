-- Citation intelligence reads one URL's rows newest first: its latest raw form for every URL on a page of groups,
-- and its occurrences. The new index starts with the columns of sources_project_url_idx, which it replaces.
CREATE INDEX sources_project_url_time_idx ON sources (project_id, url_sha256, executed_at DESC, id DESC);
DROP INDEX sources_project_url_idx;

-- mentions_by_domain matches a requested domain on the registrable domain (sources_project_domain_idx) or the host.
CREATE INDEX sources_project_host_idx ON sources (project_id, host);
