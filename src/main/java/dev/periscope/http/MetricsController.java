package dev.periscope.http;

import dev.periscope.access.Caller;
import dev.periscope.execution.ExecutionFilter;
import dev.periscope.metrics.ActorRef;
import dev.periscope.metrics.Granularity;
import dev.periscope.metrics.Metric;
import dev.periscope.metrics.Metrics;
import dev.periscope.projects.Competitor;
import dev.periscope.projects.Competitors;
import dev.periscope.projects.Project;
import dev.periscope.projects.Projects;
import dev.periscope.shared.Json;
import dev.periscope.shared.QueryParams;
import dev.periscope.shared.Table;
import jakarta.servlet.http.HttpServletRequest;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** Spec "Metrics": {@code /metrics/timeseries} and {@code /metrics/summary}. */
@RestController
@RequestMapping(ApiAccessFilter.PREFIX + "/metrics")
public class MetricsController {
    /** Without range, from or to, metrics cover the last 30 days. */
    static final int DEFAULT_DAYS = 30;

    private final Projects projects;
    private final Competitors competitors;
    private final FilterParams filters;
    private final Metrics metrics;

    public MetricsController(Projects projects, Competitors competitors, FilterParams filters, Metrics metrics) {
        this.projects = projects;
        this.competitors = competitors;
        this.filters = filters;
        this.metrics = metrics;
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
        List<ActorRef> actors = new ArrayList<>();
        if (includeProject) {
            actors.add(new ActorRef(null, project.id(), project.brandName(), project.domain()));
        }
        for (Competitor competitor : competitors.list(project.id())) {
            if (filter.competitors().isEmpty() || filter.competitors().contains(competitor.id())) {
                actors.add(new ActorRef(competitor.id(), competitor.id(), competitor.brandName(), competitor.domain()));
            }
        }
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
                        "position_distribution", metrics.positionDistribution(request.filter())),
                () -> flatSummary(summary));
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
