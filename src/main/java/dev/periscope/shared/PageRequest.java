package dev.periscope.shared;

/** One page of a list: 1-based page number and page size. */
public record PageRequest(int page, int perPage) {
    public long offset() {
        return (long) (page - 1) * perPage;
    }

    public static PageRequest from(QueryParams params, int defaultPerPage) {
        return new PageRequest(params.page(), params.perPage(defaultPerPage, 100));
    }
}
