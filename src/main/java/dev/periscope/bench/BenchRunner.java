package dev.periscope.bench;

import dev.periscope.http.ApiAccessFilter;
import dev.periscope.shared.Json;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import javax.sql.DataSource;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code bench run}: times the analytics endpoints of one project over HTTP, the way a client sees them, for a few
 * filter sets over the last 365 days, next to the same question asked as naive SQL on the same database. Calls are
 * sequential; a 429 is waited out and retried, never timed; any other status is reported as it is.
 */
@Component
public class BenchRunner {
    private static final int NAIVE_RUNS = 3;
    private static final int MAX_RATE_LIMIT_WAITS = 10;
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final JdbcClient db;
    private final Clock clock;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10)).build();

    public BenchRunner(DataSource dataSource, Clock clock) {
        this.db = JdbcClient.create(dataSource);
        this.clock = clock;
    }

    /** {@code family} null runs every endpoint family, else only {@code metrics}, {@code insights} or {@code citation_intelligence}. */
    public record Options(long projectId, String baseUrl, String key, int iterations, int warmup, String family) {
        public Options {
            if (family != null && !List.of("metrics", "insights", "citation_intelligence").contains(family)) {
                throw new IllegalArgumentException("--family must be metrics, insights or citation_intelligence");
            }
            if (iterations < 1) {
                throw new IllegalArgumentException("--iterations must be at least 1");
            }
            if (warmup < 0) {
                throw new IllegalArgumentException("--warmup must not be negative");
            }
            apiBase(baseUrl);
        }
    }

    /** One named set of filters: parameter name to value (empty: no filter). */
    record FilterSet(Map<String, Object> params) {
        boolean fits(BenchEndpoints.Endpoint endpoint) {
            return endpoint.accepts().containsAll(params.keySet());
        }
    }

    /** The API root for a base URL given with or without the API prefix, without a trailing slash. */
    static String apiBase(String baseUrl) {
        String base = baseUrl == null ? "" : baseUrl.strip();
        while (base.endsWith("/")) {
            base = base.substring(0, base.length() - 1);
        }
        URI uri;
        try {
            uri = URI.create(base);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--base-url is not a URL: " + baseUrl);
        }
        if (uri.getScheme() == null || !(uri.getScheme().equals("http") || uri.getScheme().equals("https"))
                || uri.getHost() == null) {
            throw new IllegalArgumentException("--base-url must be an http(s) URL such as http://localhost:8080");
        }
        return base.endsWith(ApiAccessFilter.PREFIX) ? base : base + ApiAccessFilter.PREFIX;
    }

    /** Measures every endpoint and filter set; {@code out} gets one object per measurement, then the summary. */
    public void run(Options options, Consumer<Map<String, Object>> out) {
        String api = apiBase(options.baseUrl());
        LocalDate today = LocalDate.now(clock.withZone(ZoneOffset.UTC));
        LocalDate from = today.minusDays(364);
        Subject subject = subject(options.projectId());

        List<FilterSet> filterSets = new ArrayList<>();
        filterSets.add(new FilterSet(Map.of()));
        filterSets.add(new FilterSet(Map.of(BenchEndpoints.MODEL, "chatgpt")));
        if (subject.collectionId() != null) {
            filterSets.add(new FilterSet(Map.of(BenchEndpoints.COLLECTION, subject.collectionId())));
        }
        filterSets.add(new FilterSet(Map.of(BenchEndpoints.PROMPT_TYPE, "commercial")));
        filterSets.add(new FilterSet(Map.of(BenchEndpoints.PROMPT, subject.promptId())));

        Map<String, Worst> worst = new LinkedHashMap<>();
        for (String family : List.of("metrics", "insights", "citation_intelligence")) {
            worst.put(family, new Worst());
        }
        for (BenchEndpoints.Endpoint endpoint : BenchEndpoints.all(subject.topDomains(), subject.topUrl())) {
            if (options.family() != null && !options.family().equals(endpoint.family())) {
                continue;
            }
            for (FilterSet filters : filterSets) {
                if (!filters.fits(endpoint)) {
                    continue;
                }
                Map<String, Object> line = measure(api, options, endpoint, filters, from, today, subject);
                worst.get(endpoint.family()).add(line);
                out.accept(line);
            }
        }
        Map<String, Object> summary = new LinkedHashMap<>();
        worst.forEach((family, figures) -> summary.put(family, figures.json()));
        summary.put("project_id", options.projectId());
        summary.put("from", from.toString());
        summary.put("to", today.toString());
        summary.put("iterations", options.iterations());
        summary.put("warmup", options.warmup());
        summary.put("subject", Json.object("collection_id", subject.collectionId(), "prompt", subject.promptId(),
                "top_domains", subject.topDomains(), "top_url_sha256", subject.topUrl()));
        out.accept(Json.object("summary", summary));
    }

    private Map<String, Object> measure(String api, Options options, BenchEndpoints.Endpoint endpoint,
                                        FilterSet filters, LocalDate from, LocalDate to, Subject subject) {
        List<String> params = new ArrayList<>(List.of("project_id", String.valueOf(options.projectId()),
                "from", from.toString(), "to", to.toString()));
        params.addAll(endpoint.params());
        filters.params().forEach((name, value) -> {
            params.add(name);
            params.add(String.valueOf(value));
        });
        URI uri = URI.create(api + endpoint.path() + "?" + query(params));
        HttpRequest request = HttpRequest.newBuilder(uri).timeout(Duration.ofMinutes(5))
                .header("Authorization", "Bearer " + options.key()).header("Accept", "application/json").GET().build();
        double[] samples = new double[options.iterations()];
        Call last = null;
        for (int i = 0; i < options.warmup() + options.iterations(); i++) {
            last = call(request);
            if (i >= options.warmup()) {
                samples[i - options.warmup()] = last.millis();
            }
        }
        Map<String, Object> line = new LinkedHashMap<>();
        line.put("endpoint", endpoint.label());
        line.put("filters", new LinkedHashMap<>(filters.params()));
        line.put("p50_ms", round(Percentiles.nearestRank(samples, 50)));
        line.put("p95_ms", round(Percentiles.nearestRank(samples, 95)));
        line.put("p99_ms", round(Percentiles.nearestRank(samples, 99)));
        line.put("status", last.status());
        line.put("naive_sql_ms", endpoint.naive() == null ? null : naive(endpoint.naive(), options.projectId(),
                filters, from, to, subject));
        if (!endpoint.params().isEmpty()) {
            line.put("params", pairs(endpoint.params()));
        }
        if (last.status() != 200) {
            line.put("error", last.errorCode());
        }
        return line;
    }

    private record Call(int status, double millis, String errorCode) {
    }

    private Call call(HttpRequest request) {
        try {
            for (int waits = 0; ; waits++) {
                long started = System.nanoTime();
                HttpResponse<byte[]> response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
                double millis = (System.nanoTime() - started) / 1e6;
                if (response.statusCode() == 429 && waits < MAX_RATE_LIMIT_WAITS) {
                    long seconds = response.headers().firstValueAsLong("Retry-After").orElse(1);
                    Thread.sleep(Duration.ofSeconds(Math.max(1, seconds)));
                    continue;
                }
                return new Call(response.statusCode(), millis,
                        response.statusCode() == 200 ? null : errorCode(response.body()));
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot reach " + request.uri() + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    private static String errorCode(byte[] body) {
        try {
            String code = JSON.readTree(body).path("error").path("code").asString();
            return code == null || code.isEmpty() ? null : code;
        } catch (RuntimeException notJson) {
            return null;
        }
    }

    /** Median milliseconds of {@value #NAIVE_RUNS} runs, every row read. */
    private Double naive(String sql, long projectId, FilterSet filters, LocalDate from, LocalDate to, Subject subject) {
        String text = sql.replace("{filters}", BenchEndpoints.conditions(filters.params().keySet()));
        double[] runs = new double[NAIVE_RUNS];
        for (int run = 0; run < NAIVE_RUNS; run++) {
            JdbcClient.StatementSpec statement = db.sql(text)
                    .param("project", projectId)
                    .param("from", from.atStartOfDay().atOffset(ZoneOffset.UTC))
                    .param("to", to.plusDays(1).atStartOfDay().atOffset(ZoneOffset.UTC));
            if (text.contains(":domains")) {
                statement = statement.param("domains", subject.topDomains());
            }
            if (text.contains(":url_sha256")) {
                statement = statement.param("url_sha256", subject.topUrl());
            }
            for (Map.Entry<String, Object> filter : filters.params().entrySet()) {
                statement = statement.param(filter.getKey(), filter.getValue());
            }
            long started = System.nanoTime();
            statement.query((RowCallbackHandler) rows -> {
                // reading every row is part of the cost
            });
            runs[run] = (System.nanoTime() - started) / 1e6;
        }
        return round(Percentiles.median(runs));
    }

    /** What the run is about: the project's most used collection, one prompt, its most cited domains and URL. */
    private record Subject(Long collectionId, long promptId, List<String> topDomains, String topUrl) {
    }

    private Subject subject(long projectId) {
        boolean exists = db.sql("SELECT EXISTS (SELECT 1 FROM projects WHERE id = :project)")
                .param("project", projectId).query(Boolean.class).single();
        if (!exists) {
            throw new IllegalArgumentException("project " + projectId + " does not exist in this database");
        }
        Long collectionId = db.sql("""
                        SELECT c.id FROM collections c
                          LEFT JOIN prompt_collections pc ON pc.collection_id = c.id
                         WHERE c.project_id = :project
                         GROUP BY c.id ORDER BY count(pc.prompt_id) DESC, c.id LIMIT 1
                        """)
                .param("project", projectId).query(Long.class).optional().orElse(null);
        Long promptId = db.sql("""
                        SELECT id FROM prompts WHERE project_id = :project AND deleted_at IS NULL ORDER BY id LIMIT 1
                        """)
                .param("project", projectId).query(Long.class).optional()
                .orElseThrow(() -> new IllegalArgumentException("project " + projectId + " has no prompts"));
        List<String> domains = db.sql("""
                        SELECT domain FROM sources WHERE project_id = :project
                         GROUP BY domain ORDER BY count(*) DESC, domain LIMIT 3
                        """)
                .param("project", projectId).query(String.class).list();
        String url = db.sql("""
                        SELECT url_sha256 FROM sources WHERE project_id = :project
                         GROUP BY url_sha256 ORDER BY count(*) DESC, url_sha256 LIMIT 1
                        """)
                .param("project", projectId).query(String.class).optional()
                .orElseThrow(() -> new IllegalArgumentException("project " + projectId + " has no sources"));
        return new Subject(collectionId, promptId, domains, url);
    }

    /** The slowest p95 of a family among the calls that answered 200, and how many did not. */
    private static final class Worst {
        private Map<String, Object> slowest;
        private int measured;
        private int notOk;

        void add(Map<String, Object> line) {
            if (!Integer.valueOf(200).equals(line.get("status"))) {
                notOk++;
                return;
            }
            measured++;
            if (slowest == null || (double) line.get("p95_ms") > (double) slowest.get("p95_ms")) {
                slowest = line;
            }
        }

        Map<String, Object> json() {
            Map<String, Object> json = new LinkedHashMap<>();
            json.put("worst_p95_ms", slowest == null ? null : slowest.get("p95_ms"));
            json.put("endpoint", slowest == null ? null : slowest.get("endpoint"));
            json.put("filters", slowest == null ? null : slowest.get("filters"));
            if (slowest != null && slowest.containsKey("params")) {
                json.put("params", slowest.get("params"));
            }
            json.put("measured", measured);
            json.put("not_200", notOk);
            return json;
        }
    }

    private static String query(List<String> params) {
        StringBuilder query = new StringBuilder();
        for (int i = 0; i < params.size(); i += 2) {
            if (!query.isEmpty()) {
                query.append('&');
            }
            query.append(URLEncoder.encode(params.get(i), StandardCharsets.UTF_8)).append('=')
                    .append(URLEncoder.encode(params.get(i + 1), StandardCharsets.UTF_8));
        }
        return query.toString();
    }

    /** Fixed parameters as an object; a repeated name (domains[]) becomes a list. */
    private static Map<String, Object> pairs(List<String> params) {
        Map<String, Object> json = new LinkedHashMap<>();
        for (int i = 0; i < params.size(); i += 2) {
            String name = params.get(i);
            String value = params.get(i + 1);
            if (name.endsWith("[]")) {
                @SuppressWarnings("unchecked")
                List<String> values = (List<String>) json.computeIfAbsent(name, key -> new ArrayList<String>());
                values.add(value);
            } else {
                json.put(name, value);
            }
        }
        return json;
    }

    private static double round(double millis) {
        return Math.round(millis * 10) / 10.0;
    }
}
