package dev.periscope.http;

import dev.periscope.access.Caller;
import dev.periscope.execution.ExecutionFilter;
import dev.periscope.metrics.ActorRef;
import dev.periscope.metrics.Granularity;
import dev.periscope.metrics.ModelInsights;
import dev.periscope.projects.Competitor;
import dev.periscope.projects.Competitors;
import dev.periscope.projects.Project;
import dev.periscope.projects.Projects;
import dev.periscope.shared.ApiException;
import dev.periscope.shared.ErrorCode;
import dev.periscope.shared.Json;
import dev.periscope.shared.PageRequest;
import dev.periscope.shared.QueryParams;
import jakarta.servlet.http.HttpServletRequest;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** Spec "AI Model Insights reports": summary, position distribution, AI Overview results. Range defaults to 28 days. */
@RestController
@RequestMapping(ApiAccessFilter.PREFIX + "/reports/ai_model_insights")
public class InsightsController {
    static final int DEFAULT_DAYS = 28;

    private final Projects projects;
    private final Competitors competitors;
    private final FilterParams filters;
    private final ModelInsights insights;

    public InsightsController(Projects projects, Competitors competitors, FilterParams filters, ModelInsights insights) {
        this.projects = projects;
        this.competitors = competitors;
        this.filters = filters;
        this.insights = insights;
    }

    private record Request(Project project, ExecutionFilter filter, Granularity granularity, QueryParams params) {
        Map<String, Object> head() {
            return Json.object("project_id", project.id(), "from", filter.range().from(), "to", filter.range().to(),
                    "granularity", granularity.unit(), "filters", Json.object(
                            "model", filter.model(), "collection_id", filter.collectionId(),
                            "country_code", filter.countryCode(), "language_code", filter.languageCode(),
                            "prompt_type", filter.promptType(), "brand_kind", filter.brandKind(),
                            "competitors", filter.competitors()));
        }
    }

    private Request read(Caller caller, HttpServletRequest http) {
        QueryParams params = new QueryParams(http);
        Project project = projects.require(caller, params.requiredProjectId());
        ExecutionFilter filter = filters.read(params, project, DEFAULT_DAYS,
                EnumSet.of(FilterParams.Accepts.LOCALE, FilterParams.Accepts.PROMPT_TYPE));
        Granularity granularity = Granularity.of(params.optionalEnum("granularity", Granularity.WIRE_NAMES));
        return new Request(project, filter, granularity, params);
    }

    @GetMapping("/summary")
    ResponseEntity<Object> summary(Caller caller, HttpServletRequest http) {
        Request request = read(caller, http);
        List<ActorRef> actors = filters.actors(request.project(), request.filter().competitors(), true);
        Map<String, Object> body = request.head();
        body.putAll(insights.summary(request.filter(), request.granularity(), actors));
        return ResponseEntity.ok(body);
    }

    /** {@code brand1} and {@code brand2} are competitor ids; without brand1 the project brand is the first series. */
    @GetMapping("/position_distribution")
    ResponseEntity<Object> positionDistribution(Caller caller, HttpServletRequest http) {
        Request request = read(caller, http);
        List<Competitor> live = competitors.list(request.project().id());
        List<ActorRef> brands = new ArrayList<>();
        Long first = request.params().optionalId("brand1");
        Long second = request.params().optionalId("brand2");
        brands.add(first == null ? ActorRef.brand(request.project()) : competitor(live, first, "brand1"));
        if (second != null) {
            brands.add(competitor(live, second, "brand2"));
        }
        Map<String, Object> body = request.head();
        body.put("brand1", first);
        body.put("brand2", second);
        body.putAll(insights.positionDistribution(request.filter(), request.granularity(), brands));
        return ResponseEntity.ok(body);
    }

    private static ActorRef competitor(List<Competitor> live, long id, String param) {
        return live.stream().filter(c -> c.id() == id).findFirst()
                .map(ActorRef::of)
                .orElseThrow(() -> new ApiException(ErrorCode.INVALID_PARAM, param + " is not a competitor of this project",
                        Map.of("param", param, "value", id)));
    }

    @GetMapping("/ai_overview_results")
    ResponseEntity<Object> aiOverviewResults(Caller caller, HttpServletRequest http) {
        Request request = read(caller, http);
        PageRequest page = PageRequest.from(request.params(), 20);
        Map<String, Object> body = request.head();
        body.putAll(insights.aiOverviewResults(request.filter(), request.granularity(), page));
        return ResponseEntity.ok(body);
    }
}
