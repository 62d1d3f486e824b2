package dev.periscope.citations;

import dev.periscope.execution.ExecutionFilter;
import dev.periscope.extraction.UrlNormalizer;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * What the citation intelligence endpoints count, rendered once as SQL so that every endpoint counts the same way.
 *
 * <p>Two levels. The <em>responses</em> in scope are successful executions with an answer, of live prompts, passing
 * the shared {@link ExecutionFilter} and the answer-level filters {@code sentiment} and {@code content_gap}; they are
 * the denominator of every citation rate. The <em>citations</em> in scope are the source rows of those responses
 * that pass {@code source_type}.
 *
 * @param sourceType one of {@link #SOURCE_TYPES}, or null for every citation
 * @param sentiment  {@code negative} or null
 * @param contentGap {@code mentioned}, {@code gap} or null
 * @param ownDomain  the registrable domain of the project's own domain, for {@code source_type=own_domain}
 */
public record CitationScope(ExecutionFilter executions, String sourceType, String sentiment, String contentGap,
                            String ownDomain) {
    public static final List<String> SOURCE_TYPES = List.of("owned", "competitor", "third_party", "social_media",
            "own_domain", "ugc", "background");
    public static final List<String> SENTIMENTS = List.of("negative");
    public static final List<String> CONTENT_GAPS = List.of("mentioned", "gap");

    private static final String BRAND_MENTIONED = """
            EXISTS (SELECT 1 FROM mentions ci_m WHERE ci_m.execution_id = e.id AND ci_m.competitor_id IS NULL)""";
    private static final String COMPETITOR_MENTIONED = """
            EXISTS (SELECT 1 FROM mentions ci_m JOIN competitors ci_c ON ci_c.id = ci_m.competitor_id
                     WHERE ci_m.execution_id = e.id AND ci_c.deleted_at IS NULL)""";
    private static final String NEGATIVE_BRAND_SENTIMENT = """
            EXISTS (SELECT 1 FROM sentiments ci_s WHERE ci_s.execution_id = e.id AND ci_s.competitor_id IS NULL
                       AND NOT ci_s.hidden AND ci_s.analysis IN ('negative', 'very_negative'))""";

    /**
     * The scope of one request; {@code projectDomain} is the project's own (bare) domain, whose registrable domain
     * {@code source_type=own_domain} matches with any subdomain, whatever the project's exact-subdomain setting.
     */
    public static CitationScope of(ExecutionFilter executions, String sourceType, String sentiment, String contentGap,
                                   String projectDomain) {
        return new CitationScope(executions, sourceType, sentiment, contentGap,
                UrlNormalizer.registrableDomain(projectDomain));
    }

    /**
     * FROM and WHERE of the responses in scope, over {@code prompt_executions e} joined to {@code prompts p}.
     */
    public String responses() {
        return "\n FROM prompt_executions e JOIN prompts p ON p.id = e.prompt_id\nWHERE TRUE" + responseConditions();
    }

    /**
     * The conditions on a response in scope, starting with AND, for a query that joins {@code prompt_executions e}
     * and {@code prompts p} itself: the base condition of the metrics, the shared filters, then the answer-level
     * filters.
     */
    public String responseConditions() {
        StringBuilder sql = new StringBuilder(" AND p.deleted_at IS NULL AND e.success AND NOT e.no_result");
        sql.append(executions.conditions());
        if (sentiment != null) {
            sql.append("\n  AND ").append(NEGATIVE_BRAND_SENTIMENT);
        }
        if ("mentioned".equals(contentGap)) {
            sql.append("\n  AND ").append(BRAND_MENTIONED);
        } else if ("gap".equals(contentGap)) {
            sql.append("\n  AND ").append(COMPETITOR_MENTIONED).append("\n  AND NOT ").append(BRAND_MENTIONED);
        }
        return sql.append('\n').toString();
    }

    /**
     * Conditions, starting with AND, on source rows {@code s} joined to responses in scope: the project and
     * {@code source_type}. For queries that find their rows by a selective key (a URL, a domain).
     */
    public String citations() {
        StringBuilder sql = new StringBuilder(" AND s.project_id = :f_project");
        if (sourceType != null) {
            sql.append(" AND ").append(switch (sourceType) {
                case "owned", "competitor", "third_party" -> "s.source_type = :ci_source_type";
                case "background" -> "s.position = 0";
                case "own_domain" -> "s.domain = :ci_own_domain";
                case "social_media", "ugc" -> SourceCategories.named(sourceType).condition("s.domain");
                default -> throw new IllegalArgumentException("unknown source_type " + sourceType);
            });
        }
        return sql.append('\n').toString();
    }

    /**
     * For the rollups, which keep every citation of a group: the {@code source_type} condition as a test on a
     * registrable-domain column, starting with AND (empty without {@code source_type}); null when the source type is
     * not a property of the domain ({@code owned}, {@code competitor}, {@code third_party}, {@code background}).
     */
    public String domainCondition(String column) {
        if (sourceType == null) {
            return "";
        }
        return switch (sourceType) {
            case "own_domain" -> " AND " + column + " = :ci_own_domain";
            case "social_media", "ugc" -> " AND " + SourceCategories.named(sourceType).condition(column);
            default -> null;
        };
    }

    /**
     * {@link #citations()} plus the execution's time and model repeated on the source row (they are copied there),
     * so a query that reads every citation of the window can narrow {@code sources} by its time index before the
     * join. Not for key lookups: a generic plan would prefer the time index to the key's.
     */
    public String citationsInWindow() {
        StringBuilder sql = new StringBuilder(citations());
        if (executions.range().from() != null) {
            sql.append(" AND s.executed_at >= :f_from");
        }
        if (executions.range().to() != null) {
            sql.append(" AND s.executed_at < :f_to");
        }
        if (executions.model() != null) {
            sql.append(" AND s.model = :f_model");
        }
        return sql.append('\n').toString();
    }

    /** Binds the parameters of {@link #responses()} and {@link #citations()}. */
    public JdbcClient.StatementSpec bind(JdbcClient.StatementSpec spec) {
        spec = executions.bind(spec);
        if (sourceType == null) {
            return spec;
        }
        SourceCategories.Category category = SourceCategories.named(sourceType);
        if (category != null) {
            return spec.param("ci_domains", category.domains().toArray(String[]::new))
                    .param("ci_labels", category.anySuffix().toArray(String[]::new))
                    .param("ci_suffixes", category.suffixPatterns());
        }
        return switch (sourceType) {
            case "owned", "competitor", "third_party" -> spec.param("ci_source_type", sourceType);
            case "own_domain" -> spec.param("ci_own_domain", ownDomain == null ? "" : ownDomain);
            default -> spec;
        };
    }
}
