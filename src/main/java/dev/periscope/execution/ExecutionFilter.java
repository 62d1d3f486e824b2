package dev.periscope.execution;

import dev.periscope.shared.DateRange;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The filters every read over executions shares, rendered once as SQL over {@code prompt_executions e} joined to
 * {@code prompts p}, so every endpoint filters the same way. Null means "any".
 *
 * @param prompt a prompt id, or text matched case-insensitively inside the prompt
 */
public record ExecutionFilter(long projectId, DateRange range, String model, Long collectionId, String countryCode,
                              String languageCode, String prompt, String promptType, String brandKind,
                              String mentionFilter, String citationFilter, List<Long> competitors) {

    /** DECISIONS "Lists, filters, output"; {@code competitors_only} is the legacy alias of {@code competitor_not_you}. */
    public static final List<String> MENTION_FILTERS = List.of("mentions_you", "not_mentions_you", "mentions_competitor",
            "not_mentions_competitor", "you_and_competitor", "competitor_not_you", "you_not_competitor", "no_brands",
            "competitors_only");
    public static final List<String> CITATION_FILTERS = List.of("cites_you", "not_cites_you", "cites_competitor",
            "not_cites_competitor", "you_and_competitor", "competitor_not_you", "you_not_competitor", "cites_no_brands");

    public ExecutionFilter {
        competitors = competitors == null ? List.of() : List.copyOf(competitors);
    }

    public static ExecutionFilter project(long projectId) {
        return new ExecutionFilter(projectId, DateRange.ALL, null, null, null, null, null, null, null, null, null, List.of());
    }

    /** The conditions, starting with AND; the query must alias executions {@code e} and prompts {@code p}. */
    public String conditions() {
        List<String> parts = new ArrayList<>();
        parts.add("e.project_id = :f_project");
        if (range.from() != null) {
            parts.add("e.executed_at >= :f_from");
        }
        if (range.to() != null) {
            parts.add("e.executed_at < :f_to");
        }
        if (model != null) {
            parts.add("e.model = :f_model");
        }
        if (countryCode != null) {
            parts.add("e.country_code = :f_country");
        }
        if (languageCode != null) {
            parts.add("e.language_code = :f_language");
        }
        addPromptParts(parts, "e.prompt_id");
        String competitorScope = competitors.isEmpty() ? "" : " AND f.competitor_id = ANY (CAST(:f_competitors AS bigint[]))";
        if (mentionFilter != null) {
            parts.add(matrix(mentionFilter,
                    "EXISTS (SELECT 1 FROM mentions f WHERE f.execution_id = e.id AND f.competitor_id IS NULL)",
                    "EXISTS (SELECT 1 FROM mentions f WHERE f.execution_id = e.id AND f.competitor_id IS NOT NULL" + competitorScope + ")"));
        }
        if (citationFilter != null) {
            parts.add(matrix(citationFilter,
                    "EXISTS (SELECT 1 FROM sources f WHERE f.execution_id = e.id AND f.source_type = 'owned')",
                    "EXISTS (SELECT 1 FROM sources f WHERE f.execution_id = e.id AND f.source_type = 'competitor'" + competitorScope + ")"));
        }
        return " AND " + String.join(" AND ", parts);
    }

    /**
     * The prompt-level part of the filter (prompt, collection, type, brand kind) over {@code prompts p} alone, starting
     * with AND; {@link #bind} binds it.
     */
    public String promptConditions() {
        List<String> parts = new ArrayList<>();
        parts.add("p.project_id = :f_project");
        addPromptParts(parts, "p.id");
        return " AND " + String.join(" AND ", parts);
    }

    /** Collection, prompt, type and brand kind, with the prompt's id in {@code promptIdColumn}. */
    private void addPromptParts(List<String> parts, String promptIdColumn) {
        if (collectionId != null) {
            parts.add("EXISTS (SELECT 1 FROM prompt_collections f_pc WHERE f_pc.prompt_id = " + promptIdColumn
                    + " AND f_pc.collection_id = :f_collection)");
        }
        if (prompt != null) {
            parts.add(promptId() != null ? promptIdColumn + " = :f_prompt_id" : "p.prompt_text ILIKE :f_prompt_text");
        }
        if (promptType != null) {
            parts.add("p.prompt_type = :f_prompt_type");
        }
        if (brandKind != null) {
            parts.add("p.brand_kind = :f_brand_kind");
        }
    }

    public JdbcClient.StatementSpec bind(JdbcClient.StatementSpec spec) {
        spec = spec.param("f_project", projectId);
        if (range.from() != null) {
            spec = spec.param("f_from", range.from().atOffset(ZoneOffset.UTC));
        }
        if (range.to() != null) {
            spec = spec.param("f_to", range.to().atOffset(ZoneOffset.UTC));
        }
        if (model != null) {
            spec = spec.param("f_model", model);
        }
        if (collectionId != null) {
            spec = spec.param("f_collection", collectionId);
        }
        if (countryCode != null) {
            spec = spec.param("f_country", countryCode);
        }
        if (languageCode != null) {
            spec = spec.param("f_language", languageCode);
        }
        if (prompt != null) {
            spec = promptId() != null ? spec.param("f_prompt_id", promptId())
                    : spec.param("f_prompt_text", "%" + prompt.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%");
        }
        if (promptType != null) {
            spec = spec.param("f_prompt_type", promptType);
        }
        if (brandKind != null) {
            spec = spec.param("f_brand_kind", brandKind);
        }
        if (!competitors.isEmpty() && (mentionFilter != null || citationFilter != null)) {
            spec = spec.param("f_competitors", competitors.toArray(Long[]::new));
        }
        return spec;
    }

    /** The two-axis matrix of the mention and citation filters: you (the brand) and competitors. */
    private static String matrix(String filter, String you, String competitor) {
        return switch (filter) {
            case "mentions_you", "cites_you" -> you;
            case "not_mentions_you", "not_cites_you" -> "NOT " + you;
            case "mentions_competitor", "cites_competitor" -> competitor;
            case "not_mentions_competitor", "not_cites_competitor" -> "NOT " + competitor;
            case "you_and_competitor" -> you + " AND " + competitor;
            case "competitor_not_you", "competitors_only" -> competitor + " AND NOT " + you;
            case "you_not_competitor" -> you + " AND NOT " + competitor;
            case "no_brands", "cites_no_brands" -> "NOT " + you + " AND NOT " + competitor;
            default -> throw new IllegalArgumentException("unknown filter " + filter);
        };
    }

    private Long promptId() {
        if (prompt == null || !prompt.matches("[0-9]{1,18}")) {
            return null;
        }
        return Long.parseLong(prompt);
    }
}
