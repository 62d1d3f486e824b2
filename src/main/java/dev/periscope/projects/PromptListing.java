package dev.periscope.projects;

import dev.periscope.shared.DateRange;
import dev.periscope.shared.PageRequest;
import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/** Reads of live prompts for {@code /dimensions/prompts}, with the spec's filters. */
@Component
public class PromptListing {
    private final JdbcClient db;

    public PromptListing(JdbcClient db) {
        this.db = db;
    }

    /** A prompt as the spec's Prompt table has it; {@code collectionId} is the first tag attached. */
    public record PromptRow(long id, String promptText, Long collectionId, List<Long> collectionIds, String countryCode,
                            String languageCode, String promptType, String brandKind, OffsetDateTime lastExecutedAt,
                            OffsetDateTime createdAt) {
    }

    /**
     * Filters; null means "any". {@code model} and the date range select prompts with executions on that model
     * or in that range (dates filter on execution time, spec "Common query parameters").
     */
    public record Filters(String model, Long collectionId, String countryCode, String languageCode, String promptType,
                          String brandKind, DateRange range) {
    }

    public record Listing(List<PromptRow> rows, long total) {
    }

    public Listing list(long projectId, Filters filters, PageRequest page) {
        boolean byExecutions = filters.model() != null || filters.range().from() != null || filters.range().to() != null;
        String where = """
                 WHERE p.project_id = :project AND p.deleted_at IS NULL
                   AND (CAST(:country AS text) IS NULL OR p.country_code = :country)
                   AND (CAST(:language AS text) IS NULL OR p.language_code = :language)
                   AND (CAST(:type AS text) IS NULL OR p.prompt_type = :type)
                   AND (CAST(:kind AS text) IS NULL OR p.brand_kind = :kind)
                   AND (CAST(:collection AS bigint) IS NULL OR EXISTS (
                        SELECT 1 FROM prompt_collections pc WHERE pc.prompt_id = p.id AND pc.collection_id = :collection))
                """ + (byExecutions ? """
                   AND EXISTS (SELECT 1 FROM prompt_executions e
                                WHERE e.prompt_id = p.id
                                  AND (CAST(:model AS text) IS NULL OR e.model = :model)
                                  AND (CAST(:from AS timestamptz) IS NULL OR e.executed_at >= :from)
                                  AND (CAST(:to AS timestamptz) IS NULL OR e.executed_at < :to))
                """ : "");
        var count = bind(db.sql("SELECT count(*) FROM prompts p" + where), projectId, filters, byExecutions);
        long total = count.query(Long.class).single();
        var rows = bind(db.sql("""
                        SELECT p.id, p.prompt_text, p.country_code, p.language_code, p.prompt_type, p.brand_kind,
                               p.last_executed_at, p.created_at,
                               ARRAY(SELECT pc.collection_id FROM prompt_collections pc WHERE pc.prompt_id = p.id
                                      ORDER BY pc.created_at, pc.collection_id) AS collection_ids
                          FROM prompts p
                        """ + where + " ORDER BY p.id LIMIT :limit OFFSET :offset"), projectId, filters, byExecutions)
                .param("limit", page.perPage()).param("offset", page.offset())
                .query(PromptListing::map).list();
        return new Listing(rows, total);
    }

    private static JdbcClient.StatementSpec bind(JdbcClient.StatementSpec spec, long projectId, Filters filters,
                                                 boolean byExecutions) {
        spec = spec.param("project", projectId).param("country", filters.countryCode())
                .param("language", filters.languageCode()).param("type", filters.promptType())
                .param("kind", filters.brandKind()).param("collection", filters.collectionId());
        if (byExecutions) {
            spec = spec.param("model", filters.model())
                    .param("from", filters.range().from() == null ? null : filters.range().from().atOffset(ZoneOffset.UTC))
                    .param("to", filters.range().to() == null ? null : filters.range().to().atOffset(ZoneOffset.UTC));
        }
        return spec;
    }

    private static PromptRow map(ResultSet rs, int row) throws SQLException {
        Array array = rs.getArray("collection_ids");
        List<Long> collectionIds = array == null ? List.of() : Arrays.asList((Long[]) array.getArray());
        return new PromptRow(rs.getLong("id"), rs.getString("prompt_text"),
                collectionIds.isEmpty() ? null : collectionIds.get(0), collectionIds, rs.getString("country_code"),
                rs.getString("language_code"), rs.getString("prompt_type"), rs.getString("brand_kind"),
                rs.getObject("last_executed_at", OffsetDateTime.class), rs.getObject("created_at", OffsetDateTime.class));
    }
}
