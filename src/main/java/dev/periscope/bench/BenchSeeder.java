package dev.periscope.bench;

import dev.periscope.access.Accounts;
import dev.periscope.access.ApiKeys;
import dev.periscope.access.Scope;
import dev.periscope.citations.CitationRollups;
import dev.periscope.demo.FirstStart;
import dev.periscope.execution.Cycles;
import dev.periscope.metrics.Rollups;
import dev.periscope.plans.Plan;
import dev.periscope.shared.Json;
import dev.periscope.shared.Models;
import java.io.StringReader;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import javax.sql.DataSource;
import org.postgresql.PGConnection;
import org.springframework.stereotype.Component;

/**
 * {@code bench seed}: one large synthetic project loaded fast. Prompts, executions, mentions, sources and
 * sentiments go in through COPY with every index and constraint in place (the service needs them, and loading
 * through them is part of what is measured). Execution ids are reserved from their sequence first, so the records
 * reference executions without a round trip; the three record tables load in parallel on their own connections.
 *
 * <p>The project is created paused, so the run scheduler of a service on the same database leaves it alone and the
 * figures stay those of the seed. A seed that fails removes the partial project.
 */
@Component
public class BenchSeeder {
    public static final String DEFAULT_ACCOUNT = "bench@periscope.example";
    private static final int DOMAINS = 3_000;
    private static final int PAGES = 50_000;

    private final DataSource dataSource;
    private final Accounts accounts;
    private final ApiKeys apiKeys;
    private final Rollups rollups;
    private final CitationRollups citationRollups;
    private final Clock clock;

    public BenchSeeder(DataSource dataSource, Accounts accounts, ApiKeys apiKeys, Rollups rollups,
                       CitationRollups citationRollups, Clock clock) {
        this.dataSource = dataSource;
        this.accounts = accounts;
        this.apiKeys = apiKeys;
        this.rollups = rollups;
        this.citationRollups = citationRollups;
        this.clock = clock;
    }

    /**
     * @param account the account to seed into (created on Scale when missing); null: the demo account if there is
     *                one, else {@value #DEFAULT_ACCOUNT}
     */
    public record Options(int prompts, int engines, int weeks, int competitors, String account, long seed) {
        public static final int MAX_PROMPTS = 100_000;
        public static final int MAX_WEEKS = 520;
        public static final long MAX_EXECUTIONS = 20_000_000;

        public Options {
            if (prompts < 1 || prompts > MAX_PROMPTS) {
                throw new IllegalArgumentException("--prompts must be between 1 and " + MAX_PROMPTS);
            }
            if (engines < 1 || engines > Models.CORE.size()) {
                throw new IllegalArgumentException("--engines must be between 1 and " + Models.CORE.size());
            }
            if (weeks < 1 || weeks > MAX_WEEKS) {
                throw new IllegalArgumentException("--weeks must be between 1 and " + MAX_WEEKS);
            }
            if (competitors < 0 || competitors > SyntheticProject.RIVALS.size()) {
                throw new IllegalArgumentException("--competitors must be between 0 and " + SyntheticProject.RIVALS.size());
            }
            if ((long) prompts * engines * weeks > MAX_EXECUTIONS) {
                throw new IllegalArgumentException("prompts x engines x weeks must stay within " + MAX_EXECUTIONS + " executions");
            }
        }
    }

    /** Seeds and returns what {@code bench seed} prints; {@code progress} hears about each phase as it ends. */
    public Map<String, Object> seed(Options options, Consumer<String> progress) {
        Instant now = clock.instant();
        LocalDate today = LocalDate.ofInstant(now, ZoneOffset.UTC);
        List<LocalDate> cycles = new ArrayList<>();
        LocalDate monday = Cycles.weekly(today);
        for (int week = options.weeks() - 1; week >= 0; week--) {
            cycles.add(monday.minusWeeks(week));
        }
        List<String> models = Models.CORE.subList(0, options.engines());
        Accounts.Account account = account(options.account());
        Timer timer = new Timer(progress);
        Map<String, Object> counts = new LinkedHashMap<>();

        SplittableRandom random = new SplittableRandom(options.seed());
        SyntheticProject project = new SyntheticProject(random.split(), options.prompts(), options.competitors());
        LocalDate createdOn = cycles.get(0).minusDays(7);
        Setup setup;
        try (Connection connection = dataSource.getConnection()) {
            setup = setUp(connection, account, project, options, createdOn);
        } catch (SQLException e) {
            throw new IllegalStateException("could not create the bench project: " + e.getMessage(), e);
        }
        try {
            counts.put("prompts", setup.prompts());
            counts.put("prompt_collections", setup.promptCollections());
            counts.put("collections", (long) setup.collectionIds().size());
            counts.put("competitors", (long) setup.rivalIds().size());
            UrlPool pool = new UrlPool(random.split(), project.rivals(), setup.rivalIds(), DOMAINS, PAGES);
            SyntheticHistory history = new SyntheticHistory(options.seed(), project, pool, models, cycles,
                    now.getEpochSecond());
            timer.lap("setup", "project " + setup.projectId() + ": " + project.prompts().size() + " prompts, "
                    + setup.rivalIds().size() + " competitors, " + pool.size() + " citable pages");

            long[] executionIds = reserveExecutionIds(history.size());
            counts.put("executions", loadExecutions(setup, project, history, executionIds));
            timer.lap("executions", counts.get("executions") + " executions");

            Map<String, Long> records = loadRecords(setup, history, pool, executionIds);
            counts.putAll(records);
            timer.lap("records", records.get("mentions") + " mentions, " + records.get("sources") + " sources, "
                    + records.get("sentiments") + " sentiments");

            finish(setup.projectId());
            timer.lap("analyze", "prompts stamped, statistics refreshed");
        } catch (RuntimeException e) {
            progress.accept("bench seed failed (" + e.getMessage() + "); removing the partial project " + setup.projectId());
            removeProject(setup.projectId());
            throw e;
        }

        int rollupDays = rollups.rebuildProject(setup.projectId());
        timer.lap("rollups", "rollups rebuilt: " + rollupDays + " days");
        int citationMonths = citationRollups.refreshDue();
        timer.lap("citation rollups", "citation rollups rebuilt: " + citationMonths + " months");

        ApiKeys.CreatedKey key = apiKeys.create(account.ownerUserId(), Scope.READ, "bench");
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("project_id", setup.projectId());
        result.put("project_name", setup.name());
        result.put("account", account.email());
        result.put("api_key", key.key());
        result.put("options", Json.object("prompts", options.prompts(), "engines", options.engines(),
                "weeks", options.weeks(), "competitors", options.competitors(), "seed", options.seed()));
        result.put("models", models);
        result.put("cycles", Json.object("first", cycles.get(0).toString(), "last", cycles.get(cycles.size() - 1).toString(),
                "count", cycles.size()));
        result.put("timings", timer.seconds());
        result.put("rollup_days", rollupDays);
        result.put("counts", counts);
        return result;
    }

    private Accounts.Account account(String email) {
        if (email != null) {
            return accounts.findByEmail(email).orElseGet(() -> accounts.create(email, Plan.SCALE));
        }
        return accounts.findByEmail(FirstStart.DEMO_EMAIL)
                .or(() -> accounts.findByEmail(DEFAULT_ACCOUNT))
                .orElseGet(() -> accounts.create(DEFAULT_ACCOUNT, Plan.SCALE));
    }

    private record Setup(long projectId, String name, List<Long> rivalIds, List<Long> collectionIds, long[] promptIds,
                         long prompts, long promptCollections) {
    }

    /** Project, competitors, collections, prompts and their collections, in one transaction. */
    private Setup setUp(Connection connection, Accounts.Account account, SyntheticProject project, Options options,
                        LocalDate createdOn) throws SQLException {
        connection.setAutoCommit(false);
        try {
            String created = Timestamps.format(createdOn.atStartOfDay().toEpochSecond(ZoneOffset.UTC));
            String name = "Bench " + options.prompts() + "x" + options.engines() + "x" + options.weeks();
            long projectId;
            try (PreparedStatement insert = connection.prepareStatement("""
                    INSERT INTO projects (account_id, name, brand_name, url, domain, description, industry, matching_names,
                                          country_code, language_code, paused, execute_prompts_immediately, created_at)
                    VALUES (?, ?, ?, ?, ?, ?, 'SAAS', ?, 'US', 'en', true, false, CAST(? AS timestamptz))
                    RETURNING id
                    """)) {
                insert.setLong(1, account.id());
                insert.setString(2, name);
                insert.setString(3, SyntheticProject.BRAND);
                insert.setString(4, "https://" + SyntheticProject.DOMAIN + "/");
                insert.setString(5, SyntheticProject.DOMAIN);
                insert.setString(6, "Synthetic project loaded by `periscope bench seed` (seed " + options.seed() + ").");
                insert.setArray(7, connection.createArrayOf("text",
                        new String[] {SyntheticProject.BRAND, SyntheticProject.BRAND_ALIAS}));
                insert.setString(8, created);
                projectId = single(insert);
            }
            List<Long> rivalIds = new ArrayList<>();
            try (PreparedStatement insert = connection.prepareStatement("""
                    INSERT INTO competitors (project_id, brand_name, domain, matching_names, color, created_at)
                    VALUES (?, ?, ?, ?, ?, CAST(? AS timestamptz)) RETURNING id
                    """)) {
                for (SyntheticProject.Rival rival : project.rivals()) {
                    insert.setLong(1, projectId);
                    insert.setString(2, rival.name());
                    insert.setString(3, rival.domain());
                    insert.setArray(4, connection.createArrayOf("text", rival.matchingNames()));
                    insert.setString(5, rival.color());
                    insert.setString(6, created);
                    rivalIds.add(single(insert));
                }
            }
            List<Long> collectionIds = new ArrayList<>();
            try (PreparedStatement insert = connection.prepareStatement("""
                    INSERT INTO collections (project_id, name, created_at) VALUES (?, ?, CAST(? AS timestamptz)) RETURNING id
                    """)) {
                for (String collection : SyntheticProject.COLLECTIONS) {
                    insert.setLong(1, projectId);
                    insert.setString(2, collection);
                    insert.setString(3, created);
                    collectionIds.add(single(insert));
                }
            }
            long[] promptIds = nextIds(connection, "prompts", project.prompts().size());
            StringBuilder prompts = new StringBuilder();
            StringBuilder memberships = new StringBuilder();
            for (int i = 0; i < promptIds.length; i++) {
                SyntheticProject.Prompt prompt = project.prompts().get(i);
                prompts.append(promptIds[i]).append('\t').append(projectId).append('\t');
                CopyStream.appendText(prompts, prompt.text()).append('\t');
                CopyStream.appendText(prompts, prompt.textKey()).append('\t').append(prompt.countryCode()).append('\t')
                        .append(prompt.languageCode()).append('\t').append(prompt.promptType()).append('\t')
                        .append(prompt.brandKind()).append('\t').append(created).append('\n');
                for (int collection : prompt.collections()) {
                    memberships.append(promptIds[i]).append('\t').append(collectionIds.get(collection)).append('\t')
                            .append(created).append('\n');
                }
            }
            var copy = connection.unwrap(PGConnection.class).getCopyAPI();
            long promptRows = copy.copyIn("""
                    COPY prompts (id, project_id, prompt_text, text_key, country_code, language_code, prompt_type,
                                  brand_kind, created_at) FROM STDIN
                    """, new StringReader(prompts.toString()));
            long membershipRows = copy.copyIn("COPY prompt_collections (prompt_id, collection_id, created_at) FROM STDIN",
                    new StringReader(memberships.toString()));
            connection.commit();
            return new Setup(projectId, name, List.copyOf(rivalIds), List.copyOf(collectionIds), promptIds,
                    promptRows, membershipRows);
        } catch (SQLException | java.io.IOException | RuntimeException e) {
            connection.rollback();
            throw e instanceof SQLException sql ? sql : new SQLException(e.getMessage(), e);
        } finally {
            connection.setAutoCommit(true);
        }
    }

    /** Ids from the table's own sequence, so nothing else inserting at the same time can collide with them. */
    private static long[] nextIds(Connection connection, String table, long count) throws SQLException {
        long[] ids = new long[Math.toIntExact(count)];
        try (PreparedStatement select = connection.prepareStatement(
                "SELECT nextval(pg_get_serial_sequence(?, 'id')) FROM generate_series(1, ?)")) {
            select.setString(1, table);
            select.setLong(2, count);
            select.setFetchSize(100_000);
            try (ResultSet rows = select.executeQuery()) {
                for (int i = 0; rows.next(); i++) {
                    ids[i] = rows.getLong(1);
                }
            }
        }
        return ids;
    }

    private long[] reserveExecutionIds(long count) {
        try (Connection connection = dataSource.getConnection()) {
            // a fetch size only streams inside a transaction
            connection.setAutoCommit(false);
            long[] ids = nextIds(connection, "prompt_executions", count);
            connection.commit();
            connection.setAutoCommit(true);
            return ids;
        } catch (SQLException e) {
            throw new IllegalStateException("could not reserve execution ids: " + e.getMessage(), e);
        }
    }

    private long loadExecutions(Setup setup, SyntheticProject project, SyntheticHistory history, long[] ids) {
        List<SyntheticProject.Prompt> prompts = project.prompts();
        try (CopyStream copy = CopyStream.open(dataSource, "prompt_executions", """
                id, project_id, prompt_id, model, executed_at, success, country_code, language_code, cycle, sample,
                engine_adapter, model_version, response, no_result, error, duration_ms, attempts, fan_out_queries,
                has_mention, has_citation, mentions_count, citations_count, extracted_at""")) {
            SyntheticHistory.Draw d = history.newDraw();
            List<String> cycles = history.cycles().stream().map(LocalDate::toString).toList();
            for (long i = 0; i < history.size(); i++) {
                history.draw(i, d);
                SyntheticProject.Prompt prompt = prompts.get(d.prompt);
                copy.add(ids[(int) i]).add(setup.projectId()).add(setup.promptIds()[d.prompt])
                        .add(history.models().get(d.model)).add(Timestamps.format(d.executedAt)).add(d.success)
                        .add(prompt.countryCode()).add(prompt.languageCode()).add(cycles.get(d.cycle)).add(1)
                        .add(history.adapter(d)).add(history.modelVersion(d)).add(history.answer(i, d))
                        .add(d.noResult).add(history.error(d)).add(d.durationMs).add(d.success ? 1 : 3)
                        .addArray(history.fanOutQueries(d))
                        .add(d.brandMentioned).add(d.ownedCited).add(d.mentions).add(d.sources)
                        .add(d.success ? Timestamps.format(d.executedAt + d.durationMs / 1_000 + 2) : null);
                copy.endRow();
            }
            return copy.finish();
        } catch (SQLException e) {
            throw new IllegalStateException("COPY into prompt_executions failed: " + e.getMessage(), e);
        }
    }

    /** Mentions, sources and sentiments in one pass over the history, each table on its own connection. */
    private Map<String, Long> loadRecords(Setup setup, SyntheticHistory history, UrlPool pool, long[] ids) {
        try (CopyStream mentions = CopyStream.open(dataSource, "mentions",
                "execution_id, project_id, prompt_id, competitor_id, keywords, position, model, executed_at");
             CopyStream sentiments = CopyStream.open(dataSource, "sentiments", """
                     execution_id, project_id, prompt_id, competitor_id, is_brand_sentiment, analysis, score, comment,
                     topics, analyzer, model, executed_at""");
             CopyStream sources = CopyStream.open(dataSource, "sources", """
                     execution_id, project_id, prompt_id, url, normalized_url, url_sha256, host, domain, position,
                     source_type, competitor_id, is_play_store_link, is_app_store_link, title, model, executed_at""")) {
            SyntheticHistory.Draw d = history.newDraw();
            long projectId = setup.projectId();
            for (long i = 0; i < history.size(); i++) {
                history.draw(i, d);
                if (!d.hasRecords()) {
                    continue;
                }
                long executionId = ids[(int) i];
                long promptId = setup.promptIds()[d.prompt];
                String model = history.models().get(d.model);
                boolean chatgpt = model.equals("chatgpt");
                String executedAt = Timestamps.format(d.executedAt);
                for (int m = 0; m < d.mentions; m++) {
                    Long competitorId = d.actor[m] < 0 ? null : setup.rivalIds().get(d.actor[m]);
                    mentions.add(executionId).add(projectId).add(promptId).add(competitorId)
                            .addArray(history.actorName(d, m)).add(m + 1).add(model).add(executedAt);
                    mentions.endRow();
                    int label = d.label[m];
                    sentiments.add(executionId).add(projectId).add(promptId).add(competitorId).add(competitorId == null)
                            .add(SyntheticHistory.LABELS[label]).add(score(label)).add(history.sentence(d, m))
                            .add(history.topics(d, m)).add("bench").add(model).add(executedAt);
                    sentiments.endRow();
                }
                for (int s = 0; s < d.sources; s++) {
                    UrlPool.Page page = pool.page(d.page[s]);
                    var stored = page.stored();
                    sources.add(executionId).add(projectId).add(promptId).add(chatgpt ? page.chatgptUrl() : page.url())
                            .add(stored.normalizedUrl()).add(stored.urlSha256()).add(stored.host()).add(stored.domain())
                            .add(d.position[s]).add(stored.sourceType()).add(stored.competitorId())
                            .add(stored.playStoreLink()).add(stored.appStoreLink()).add(stored.title()).add(model)
                            .add(executedAt);
                    sources.endRow();
                }
            }
            Map<String, Long> counts = new LinkedHashMap<>();
            counts.put("mentions", mentions.finish());
            counts.put("sentiments", sentiments.finish());
            counts.put("sources", sources.finish());
            return counts;
        } catch (SQLException e) {
            throw new IllegalStateException("COPY of the records failed: " + e.getMessage(), e);
        }
    }

    private static String score(int label) {
        return String.format(java.util.Locale.ROOT, "%.2f", SyntheticHistory.SCORES[label]);
    }

    /** Prompts' last run, then fresh planner statistics for everything the seed touched. */
    private void finish(long projectId) {
        try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
            try (PreparedStatement stamp = connection.prepareStatement("""
                    UPDATE prompts p SET last_executed_at = e.last
                      FROM (SELECT prompt_id, max(executed_at) AS last FROM prompt_executions
                             WHERE project_id = ? AND success GROUP BY prompt_id) e
                     WHERE p.id = e.prompt_id
                    """)) {
                stamp.setLong(1, projectId);
                stamp.executeUpdate();
            }
            statement.execute("""
                    ANALYZE projects, competitors, collections, prompts, prompt_collections, prompt_executions, mentions,
                            sources, sentiments
                    """);
        } catch (SQLException e) {
            throw new IllegalStateException("could not finish the seed: " + e.getMessage(), e);
        }
    }

    private void removeProject(long projectId) {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement delete = connection.prepareStatement("DELETE FROM projects WHERE id = ?")) {
            delete.setLong(1, projectId);
            delete.executeUpdate();
        } catch (SQLException e) {
            // the original failure matters more; the project stays for an operator to delete
        }
    }

    private static long single(PreparedStatement statement) throws SQLException {
        try (ResultSet rows = statement.executeQuery()) {
            rows.next();
            return rows.getLong(1);
        }
    }

    /** Wall-clock seconds per phase, reported as each phase ends. */
    private static final class Timer {
        private final Consumer<String> progress;
        private final Map<String, Object> seconds = new LinkedHashMap<>();
        private final long started = System.nanoTime();
        private long lap = started;

        Timer(Consumer<String> progress) {
            this.progress = progress;
        }

        void lap(String phase, String detail) {
            long now = System.nanoTime();
            double taken = Math.round((now - lap) / 1e7) / 100.0;
            seconds.put(phase, taken);
            lap = now;
            progress.accept("bench seed: " + phase + " " + taken + " s (" + detail + ")");
        }

        Map<String, Object> seconds() {
            Map<String, Object> all = new LinkedHashMap<>(seconds);
            all.put("total", Math.round((System.nanoTime() - started) / 1e7) / 100.0);
            return all;
        }
    }
}
