package dev.periscope.http;

import dev.periscope.access.Caller;
import dev.periscope.execution.ExecutionFilter;
import dev.periscope.metrics.ActorRef;
import dev.periscope.metrics.Granularity;
import dev.periscope.metrics.Metric;
import dev.periscope.metrics.Metrics;
import dev.periscope.metrics.PromptSummary;
import dev.periscope.metrics.ShareOfVoice;
import dev.periscope.metrics.TopSources;
import dev.periscope.projects.Project;
import dev.periscope.projects.Projects;
import dev.periscope.shared.Json;
import dev.periscope.shared.PageRequest;
import dev.periscope.shared.QueryParams;
import dev.periscope.shared.Table;
import jakarta.servlet.http.HttpServletRequest;
import java.time.Clock;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** Spec "Metrics": timeseries, summary, Share of Voice, prompt summary and top sources. */
@RestController
@RequestMapping(ApiAccessFilter.PREFIX + "/metrics")
public class MetricsController {
    /** Without range, from or to, metrics cover the last 30 days. */
    static final int DEFAULT_DAYS = 30;

    private final Projects projects;
    private final FilterParams filters;
    private final Metrics metrics;
    private final PromptSummary promptSummary;
    private final TopSources topSources;
    private final Clock clock;

    public MetricsController(Projects projects, FilterParams filters, Metrics metrics,
                             PromptSummary promptSummary, TopSources topSources, Clock clock) {
        this.projects = projects;
        this.filters = filters;
        this.metrics = metrics;
        this.promptSummary = promptSummary;
        this.topSources = topSources;
        this.clock = clock;
    }

    private record Request(Project project, ExecutionFilter filter, Granularity granularity, Map<String, Metric> metrics,
                           List<ActorRef> actors, boolean includeProject) {
    }

    private Request read(Caller caller, HttpServletRequest http) {
        QueryParams params = new QueryParams(http);
        Project project = projects.require(caller, params.requiredProjectId());
        ExecutionFilter filter = filters.read(params, project, DEFAULT_DAYS,
                EnumSet.of(FilterParams.Accepts.LOCALE, FilterParams.Accepts.PROMPT_TYPE));
        Granularity granularity = Granularity.of(params.optionalEnum("granularity", Granularity.WIRE_NAMES));
        String requested = params.optionalString("metrics", 1_000);
        Map<String, Metric> metrics = Metric.parse(requested == null ? "mentions" : requested);
        boolean includeProject = params.flag("include_project", true);
        List<ActorRef> actors = filters.actors(project, filter.competitors(), includeProject);
        return new Request(project, filter, granularity, metrics, actors, includeProject);
    }

    private static Map<String, Object> head(Request request, Metrics.Computed computed) {
        ExecutionFilter filter = request.filter();
        return Json.object(
                "project_id", request.project().id(),
                "from", filter.range().from(),
                "to", filter.range().to(),
                "granularity", request.granularity().unit(),
                "filters", Json.object(
                        "model", filter.model(), "collection_id", filter.collectionId(),
                        "country_code", filter.countryCode(), "language_code", filter.languageCode(),
                        "prompt", filter.prompt(), "prompt_type", filter.promptType(), "brand_kind", filter.brandKind(),
                        "competitors", filter.competitors(), "include_project", request.includeProject()),
                "periods", computed.periods().stream().map(period -> Json.object("date", period.date().toString(),
                        "responses", period.responses(), "carried", period.carried())).toList());
    }

    @GetMapping("/timeseries")
    ResponseEntity<Object> timeseries(Caller caller, HttpServletRequest http) {
        Request request = read(caller, http);
        Metrics.Computed computed = metrics.compute(request.filter(), request.granularity(), request.actors());
        Map<String, Object> series = metrics.series(computed, request.metrics());
        return Responses.render(new QueryParams(http).output(), head(request, computed),
                () -> Json.object("series", series),
                () -> flatSeries(computed, request.metrics()));
    }

    @GetMapping("/summary")
    ResponseEntity<Object> summary(Caller caller, HttpServletRequest http) {
        Request request = read(caller, http);
        Metrics.Computed computed = metrics.compute(request.filter(), request.granularity(), request.actors());
        Map<String, Object> summary = metrics.summary(computed, request.metrics());
        return Responses.render(new QueryParams(http).output(), head(request, computed),
                () -> Json.object("series", metrics.series(computed, request.metrics()), "summary", summary,
                        "position_distribution", metrics.positionDistribution(request.filter(), computed)),
                () -> flatSummary(summary));
    }

    /** DECISIONS "Lists, filters, output": {@code view} picks the projection {@code output=flat|csv} flattens. */
    @GetMapping("/sov")
    ResponseEntity<Object> shareOfVoice(Caller caller, HttpServletRequest http) {
        QueryParams params = new QueryParams(http);
        String view = params.optionalEnum("view", List.of("over_time", "current", "breakdown"));
        Request request = read(caller, http);
        Metrics.Computed computed = metrics.compute(request.filter(), request.granularity(), request.actors());
        Map<String, Object> sov = ShareOfVoice.compute(computed, request.granularity(), clock);
        Map<String, Object> head = head(request, computed);
        head.remove("periods");
        return Responses.render(params.output(), head, () -> sov, () -> flatShareOfVoice(sov, view == null ? "over_time" : view));
    }

    @GetMapping("/prompt_summary")
    ResponseEntity<Object> promptSummary(Caller caller, HttpServletRequest http) {
        QueryParams params = new QueryParams(http);
        Project project = projects.require(caller, params.requiredProjectId());
        ExecutionFilter filter = filters.read(params, project, DEFAULT_DAYS,
                EnumSet.of(FilterParams.Accepts.LOCALE, FilterParams.Accepts.PROMPT_TYPE));
        String breakdown = params.optionalEnum("breakdown", List.of("model"));
        String sort = params.optionalEnum("sort", PromptSummary.SORTS);
        String direction = params.optionalEnum("sort_dir", List.of("asc", "desc"));
        PageRequest page = PageRequest.from(params, 50);
        PromptSummary.Listing listing = promptSummary.list(filter, breakdown != null, sort == null ? "responses" : sort,
                !"asc".equals(direction), page);
        Map<String, Object> head = Json.object("project_id", project.id(), "from", filter.range().from(),
                "to", filter.range().to(), "filters", echo(filter));
        if (breakdown != null) {
            head.put("breakdown", breakdown);
        }
        head.put("sort", sort == null ? "responses" : sort);
        head.put("sort_dir", direction == null ? "desc" : direction);
        head.put("page", page.page());
        head.put("per_page", page.perPage());
        head.put("total", listing.total());
        List<String> columns = breakdown != null ? PromptSummary.COLUMNS
                : PromptSummary.COLUMNS.stream().filter(c -> !c.equals("model")).toList();
        return Responses.render(params.output(), head, () -> Json.object("data", listing.rows()),
                () -> RecordsController.table(listing.rows(), columns));
    }

    @GetMapping("/top_sources")
    ResponseEntity<Object> topSources(Caller caller, HttpServletRequest http) {
        QueryParams params = new QueryParams(http);
        Project project = projects.require(caller, params.requiredProjectId());
        ExecutionFilter filter = filters.read(params, project, DEFAULT_DAYS,
                EnumSet.of(FilterParams.Accepts.LOCALE, FilterParams.Accepts.PROMPT_TYPE));
        String sort = params.optionalEnum("sort", TopSources.SORTS);
        String query = params.optionalString("query", 253);
        PageRequest page = PageRequest.from(params, 20);
        TopSources.Listing listing = topSources.list(filter, query, sort == null ? "total_responses" : sort, page);
        Map<String, Object> head = Json.object("project_id", project.id(), "from", filter.range().from(),
                "to", filter.range().to(), "sort", sort == null ? "total_responses" : sort, "page", page.page(),
                "per_page", page.perPage(), "total", listing.total());
        return Responses.render(params.output(), head, () -> Json.object("data", listing.rows()),
                () -> RecordsController.table(listing.rows(), TopSources.COLUMNS));
    }

    private static Map<String, Object> echo(ExecutionFilter filter) {
        return Json.object("model", filter.model(), "collection_id", filter.collectionId(),
                "country_code", filter.countryCode(), "language_code", filter.languageCode(), "prompt", filter.prompt(),
                "prompt_type", filter.promptType(), "brand_kind", filter.brandKind());
    }

    @SuppressWarnings("unchecked")
    private static Table flatShareOfVoice(Map<String, Object> sov, String view) {
        List<List<Object>> rows = new ArrayList<>();
        switch (view) {
            case "current" -> {
                for (Map<String, Object> row : (List<Map<String, Object>>) sov.get("current")) {
                    Map<String, Object> actor = (Map<String, Object>) row.get("actor");
                    rows.add(java.util.Arrays.asList(rows.size() + 1, actor.get("type"), actor.get("id"), actor.get("name"),
                            row.get("share"), row.get("previous_share"), row.get("avg_share")));
                }
                return new Table(List.of("rank", "actor_type", "actor_id", "actor_name", "share", "previous_share",
                        "avg_share"), rows);
            }
            case "breakdown" -> {
                for (Map<String, Object> row : (List<Map<String, Object>>) sov.get("breakdown")) {
                    Map<String, Object> actor = (Map<String, Object>) row.get("actor");
                    rows.add(java.util.Arrays.asList(row.get("rank"), actor.get("type"), actor.get("id"), actor.get("name"),
                            row.get("share"), row.get("others")));
                }
                return new Table(List.of("rank", "actor_type", "actor_id", "actor_name", "share", "others"), rows);
            }
            default -> {
                for (Map<String, Object> series : (List<Map<String, Object>>) sov.get("over_time")) {
                    Map<String, Object> actor = (Map<String, Object>) series.get("actor");
                    for (Map<String, Object> point : (List<Map<String, Object>>) series.get("data")) {
                        rows.add(java.util.Arrays.asList(point.get("date"), actor.get("type"), actor.get("id"),
                                actor.get("name"), point.get("value")));
                    }
                }
                return new Table(List.of("date", "actor_type", "actor_id", "actor_name", "share"), rows);
            }
        }
    }

    private static Table flatSeries(Metrics.Computed computed, Map<String, Metric> requested) {
        List<List<Object>> rows = new ArrayList<>();
        requested.forEach((name, metric) -> {
            for (ActorRef actor : computed.actors()) {
                List<Double> values = Metrics.values(computed, metric, actor);
                for (int i = 0; i < values.size(); i++) {
                    Metrics.Period period = computed.periods().get(i);
                    rows.add(java.util.Arrays.asList(period.date().toString(), name, actor.isProject() ? "project" : "competitor",
                            actor.id(), actor.name(), values.get(i) == null ? null
                                    : Math.round(values.get(i) * 100) / 100.0, period.carried()));
                }
            }
        });
        return new Table(List.of("date", "metric", "actor_type", "actor_id", "actor_name", "value", "carried"), rows);
    }

    @SuppressWarnings("unchecked")
    private static Table flatSummary(Map<String, Object> summary) {
        List<List<Object>> rows = new ArrayList<>();
        summary.forEach((name, value) -> {
            for (Map<String, Object> row : (List<Map<String, Object>>) value) {
                Map<String, Object> actor = (Map<String, Object>) row.get("actor");
                rows.add(java.util.Arrays.asList(name, actor.get("type"), actor.get("id"), actor.get("name"),
                        row.get("total"), row.get("min"), row.get("max"), row.get("last"), row.get("aggregation"),
                        row.get("numerator"), row.get("denominator"), row.get("ci_low"), row.get("ci_high")));
            }
        });
        return new Table(List.of("metric", "actor_type", "actor_id", "actor_name", "total", "min", "max", "last",
                "aggregation", "numerator", "denominator", "ci_low", "ci_high"), rows);
    }
}
