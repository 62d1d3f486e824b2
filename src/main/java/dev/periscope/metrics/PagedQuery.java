package dev.periscope.metrics;

import dev.periscope.shared.PageRequest;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * One page of a grouped query ({@code grouped}, read as {@code g}) and the number of groups. The number rides on the
 * page's rows as a window count, so the groups are computed once; only a page past the end counts them apart.
 */
record PagedQuery(List<Map<String, Object>> rows, long total) {
    /**
     * @param columns what to select, e.g. {@code g.*}
     * @param rest    joins and the ORDER BY after {@code FROM (grouped) g}
     */
    static PagedQuery run(JdbcClient db, String grouped, String columns, String rest, PageRequest page,
                          UnaryOperator<JdbcClient.StatementSpec> bind, RowMapper<Map<String, Object>> row) {
        long[] total = {0};
        List<Map<String, Object>> rows = bind.apply(db.sql("SELECT " + columns + ", count(*) OVER () AS total FROM ("
                        + grouped + ") g " + rest + " LIMIT :limit OFFSET :offset"))
                .param("limit", page.perPage()).param("offset", page.offset())
                .query((rs, n) -> {
                    total[0] = rs.getLong("total");
                    return row.mapRow(rs, n);
                })
                .list();
        if (rows.isEmpty() && page.page() > 1) {
            total[0] = bind.apply(db.sql("SELECT count(*) FROM (" + grouped + ") g")).query(Long.class).single();
        }
        return new PagedQuery(rows, total[0]);
    }
}
