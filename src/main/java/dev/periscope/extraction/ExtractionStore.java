package dev.periscope.extraction;

import java.math.BigDecimal;
import java.sql.Array;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;

/**
 * Writes extractions. Re-extracting an execution replaces its records in one transaction, so extraction is
 * idempotent: running it twice never adds duplicates. Batches of executions are written with JDBC batches.
 */
@Component
public class ExtractionStore {
    private final JdbcTemplate jdbc;

    public ExtractionStore(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** The execution an extraction belongs to. */
    public record Target(long executionId, long projectId, long promptId, String model, OffsetDateTime executedAt) {
    }

    public record Result(Target target, Extraction extraction, String analyzer) {
    }

    @Transactional
    public void replace(List<Result> results) {
        if (results.isEmpty()) {
            return;
        }
        Long[] ids = results.stream().map(result -> result.target().executionId()).toArray(Long[]::new);
        for (String table : List.of("mentions", "sources", "sentiments", "shopping_products")) {
            jdbc.update(connection -> {
                PreparedStatement statement = connection.prepareStatement("DELETE FROM " + table + " WHERE execution_id = ANY (?)");
                statement.setArray(1, connection.createArrayOf("bigint", ids));
                return statement;
            });
        }
        insertMentions(results);
        insertSources(results);
        insertSentiments(results);
        insertProducts(results);
        jdbc.batchUpdate("""
                        UPDATE prompt_executions SET has_mention = ?, mentions_count = ?, has_citation = ?, citations_count = ?,
                                                     extracted_at = now()
                         WHERE id = ?
                        """, results, results.size(), (statement, result) -> {
                    Extraction extraction = result.extraction();
                    statement.setBoolean(1, extraction.mentionsBrand());
                    statement.setInt(2, extraction.mentions().size());
                    statement.setBoolean(3, extraction.citesBrand());
                    statement.setInt(4, extraction.sources().size());
                    statement.setLong(5, result.target().executionId());
                });
    }

    private void insertMentions(List<Result> results) {
        List<Object[]> rows = new java.util.ArrayList<>();
        for (Result result : results) {
            for (MentionMatch mention : result.extraction().mentions()) {
                rows.add(new Object[] {result, mention});
            }
        }
        jdbc.batchUpdate("""
                INSERT INTO mentions (execution_id, project_id, prompt_id, competitor_id, keywords, position, model, executed_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """, rows, 1_000, (statement, row) -> {
            Result result = (Result) row[0];
            MentionMatch mention = (MentionMatch) row[1];
            target(statement, result.target());
            setLong(statement, 4, mention.actor().competitorId());
            statement.setArray(5, textArray(statement, mention.keywords()));
            statement.setInt(6, mention.position());
            statement.setString(7, result.target().model());
            statement.setTimestamp(8, Timestamp.from(result.target().executedAt().toInstant()));
        });
    }

    private void insertSources(List<Result> results) {
        List<Object[]> rows = new java.util.ArrayList<>();
        for (Result result : results) {
            for (ExtractedSource source : result.extraction().sources()) {
                rows.add(new Object[] {result, source});
            }
        }
        jdbc.batchUpdate("""
                INSERT INTO sources (execution_id, project_id, prompt_id, url, normalized_url, url_sha256, host, domain,
                                     position, source_type, competitor_id, is_play_store_link, is_app_store_link, title,
                                     model, executed_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, rows, 1_000, (statement, row) -> {
            Result result = (Result) row[0];
            ExtractedSource source = (ExtractedSource) row[1];
            target(statement, result.target());
            statement.setString(4, source.url());
            statement.setString(5, source.normalizedUrl());
            statement.setString(6, source.urlSha256());
            statement.setString(7, source.host());
            statement.setString(8, source.domain());
            statement.setInt(9, source.position());
            statement.setString(10, source.sourceType());
            setLong(statement, 11, source.competitorId());
            statement.setBoolean(12, source.playStoreLink());
            statement.setBoolean(13, source.appStoreLink());
            statement.setString(14, source.title());
            statement.setString(15, result.target().model());
            statement.setTimestamp(16, Timestamp.from(result.target().executedAt().toInstant()));
        });
    }

    private void insertSentiments(List<Result> results) {
        List<Object[]> rows = new java.util.ArrayList<>();
        for (Result result : results) {
            for (ActorSentiment sentiment : result.extraction().sentiments()) {
                rows.add(new Object[] {result, sentiment});
            }
        }
        jdbc.batchUpdate("""
                INSERT INTO sentiments (execution_id, project_id, prompt_id, competitor_id, is_brand_sentiment, analysis,
                                        score, comment, topics, analyzer, model, executed_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, rows, 1_000, (statement, row) -> {
            Result result = (Result) row[0];
            ActorSentiment sentiment = (ActorSentiment) row[1];
            target(statement, result.target());
            setLong(statement, 4, sentiment.actor().competitorId());
            statement.setBoolean(5, sentiment.actor().isProject());
            statement.setString(6, sentiment.analysis());
            statement.setBigDecimal(7, BigDecimal.valueOf(sentiment.score()));
            statement.setString(8, sentiment.comment());
            statement.setString(9, sentiment.topics() == null ? "" : sentiment.topics());
            statement.setString(10, result.analyzer());
            statement.setString(11, result.target().model());
            statement.setTimestamp(12, Timestamp.from(result.target().executedAt().toInstant()));
        });
    }

    private void insertProducts(List<Result> results) {
        List<Object[]> rows = new java.util.ArrayList<>();
        for (Result result : results) {
            for (Map<String, Object> product : result.extraction().shoppingProducts()) {
                rows.add(new Object[] {result, product});
            }
        }
        jdbc.batchUpdate("""
                INSERT INTO shopping_products (execution_id, project_id, model, product_id_external, title, url, domain,
                                               price, currency, rating_value, rating_max, rating_votes_count, images,
                                               rank_group, competitor_id, is_owned)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, rows, 1_000, (statement, row) -> {
            Result result = (Result) row[0];
            @SuppressWarnings("unchecked")
            Map<String, Object> product = (Map<String, Object>) row[1];
            statement.setLong(1, result.target().executionId());
            statement.setLong(2, result.target().projectId());
            statement.setString(3, result.target().model());
            statement.setString(4, text(product.get("product_id_external")));
            statement.setString(5, text(product.get("title")));
            statement.setString(6, text(product.get("url")));
            statement.setString(7, text(product.get("domain")));
            statement.setBigDecimal(8, decimal(product.get("price")));
            statement.setString(9, text(product.get("currency")));
            statement.setBigDecimal(10, decimal(product.get("rating_value")));
            statement.setBigDecimal(11, decimal(product.get("rating_max")));
            BigDecimal votes = decimal(product.get("rating_votes_count"));
            if (votes == null) {
                statement.setNull(12, Types.INTEGER);
            } else {
                statement.setInt(12, votes.intValue());
            }
            List<String> images = product.get("images") instanceof List<?> list
                    ? list.stream().map(String::valueOf).toList() : List.of();
            statement.setArray(13, textArray(statement, images));
            BigDecimal rank = decimal(product.get("rank_group"));
            if (rank == null) {
                statement.setNull(14, Types.INTEGER);
            } else {
                statement.setInt(14, rank.intValue());
            }
            setLong(statement, 15, product.get("competitor_id") instanceof Number number ? number.longValue() : null);
            statement.setBoolean(16, Boolean.TRUE.equals(product.get("is_owned")));
        });
    }

    private static void target(PreparedStatement statement, Target target) throws SQLException {
        statement.setLong(1, target.executionId());
        statement.setLong(2, target.projectId());
        statement.setLong(3, target.promptId());
    }

    private static void setLong(PreparedStatement statement, int index, Long value) throws SQLException {
        if (value == null) {
            statement.setNull(index, Types.BIGINT);
        } else {
            statement.setLong(index, value);
        }
    }

    private static Array textArray(PreparedStatement statement, List<String> values) throws SQLException {
        return statement.getConnection().createArrayOf("text", values.toArray());
    }

    private static String text(Object value) {
        return value == null ? null : String.valueOf(value);
    }

    private static BigDecimal decimal(Object value) {
        if (value instanceof Number number) {
            return new BigDecimal(number.toString());
        }
        if (value instanceof String text && !text.isBlank()) {
            try {
                return new BigDecimal(text.strip());
            } catch (NumberFormatException e) {
                return null;
            }
        }
        return null;
    }
}
