package dev.periscope.http;

import dev.periscope.access.Caller;
import dev.periscope.execution.ExecutionFilter;
import dev.periscope.execution.ExecutionListing;
import dev.periscope.projects.Collections;
import dev.periscope.projects.Competitor;
import dev.periscope.projects.Competitors;
import dev.periscope.projects.Project;
import dev.periscope.projects.Projects;
import dev.periscope.projects.PromptListing;
import dev.periscope.shared.Json;
import dev.periscope.shared.Output;
import dev.periscope.shared.PageRequest;
import dev.periscope.shared.QueryParams;
import dev.periscope.shared.Table;
import jakarta.servlet.http.HttpServletRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** Spec "Dimensions (read)": the project's configuration as lists for filters and pickers. */
@RestController
@RequestMapping(ApiAccessFilter.PREFIX + "/dimensions")
public class DimensionsController {
    /** Sentiment categories (spec "Sentiment category item"). */
    private static final List<List<String>> SENTIMENTS = List.of(
            List.of("sentiment_very_positive", "very_positive", "Very positive", "#15803d"),
            List.of("sentiment_positive", "positive", "Positive", "#4ade80"),
            List.of("sentiment_neutral", "neutral", "Neutral", "#9ca3af"),
            List.of("sentiment_negative", "negative", "Negative", "#f87171"),
            List.of("sentiment_very_negative", "very_negative", "Very negative", "#b91c1c"));

    private final Projects projects;
    private final Competitors competitors;
    private final Collections collections;
    private final PromptListing prompts;
    private final ExecutionListing executions;
    private final FilterParams filters;

    public DimensionsController(Projects projects, Competitors competitors, Collections collections,
                                PromptListing prompts, ExecutionListing executions,
                                FilterParams filters) {
        this.filters = filters;
        this.projects = projects;
        this.competitors = competitors;
        this.collections = collections;
        this.prompts = prompts;
        this.executions = executions;
    }

    @GetMapping("/projects")
    ResponseEntity<Object> projects(Caller caller, HttpServletRequest request) {
        Output output = new QueryParams(request).output();
        List<Project> list = projects.list(caller);
        return Responses.render(output, Json.object(),
                () -> Json.object("projects", list.stream()
                        .map(p -> Json.object("id", p.id(), "name", p.name(), "brand_name", p.brandName())).toList()),
                () -> new Table(List.of("id", "name", "brand_name"),
                        list.stream().map(p -> List.<Object>of(p.id(), p.name(), p.brandName())).toList()));
    }

    @GetMapping("/projects/{id}")
    Map<String, Object> project(Caller caller, @PathVariable long id) {
        return projects.detail(projects.require(caller, id));
    }

    @GetMapping("/competitors")
    ResponseEntity<Object> competitors(Caller caller, HttpServletRequest request) {
        QueryParams params = new QueryParams(request);
        Project project = projects.require(caller, params.requiredProjectId());
        boolean includeBrand = params.flag("include_project_brand", false);
        Output output = params.output();
        List<Map<String, Object>> items = new ArrayList<>();
        if (includeBrand) {
            items.add(Json.object("id", project.id(), "name", project.brandName(), "domain", project.domain(),
                    "color", "#111827", "matching_names", project.matchingNames(), "processing", false,
                    "actor_type", "project", "is_own", true));
        }
        for (Competitor competitor : competitors.list(project.id())) {
            Map<String, Object> item = Json.object("id", competitor.id(), "name", competitor.brandName(),
                    "domain", competitor.domain(), "color", competitor.color(),
                    "matching_names", competitor.matchingNames(), "processing", competitor.processing());
            if (includeBrand) {
                item.put("actor_type", "competitor");
                item.put("is_own", false);
            }
            items.add(item);
        }
        return Responses.render(output, Json.object("project_id", project.id()),
                () -> Json.object("competitors", items),
                () -> table(items, includeBrand
                        ? List.of("id", "name", "domain", "color", "matching_names", "processing", "actor_type", "is_own")
                        : List.of("id", "name", "domain", "color", "matching_names", "processing")));
    }

    @GetMapping("/competitors/{id}")
    Map<String, Object> competitor(Caller caller, @PathVariable long id, HttpServletRequest request) {
        Project project = projects.require(caller, new QueryParams(request).requiredProjectId());
        return competitorDetail(competitors.require(project, id));
    }

    @GetMapping({"/collections", "/tags"})
    ResponseEntity<Object> collections(Caller caller, HttpServletRequest request) {
        QueryParams params = new QueryParams(request);
        Project project = projects.require(caller, params.requiredProjectId());
        List<Map<String, Object>> items = collections.list(project.id()).stream().map(Collections::json).toList();
        return Responses.render(params.output(), Json.object("project_id", project.id()),
                () -> Json.object("collections", items),
                () -> table(items, List.of("id", "name", "description")));
    }

    @GetMapping("/models")
    Map<String, Object> models(Caller caller, HttpServletRequest request) {
        Project project = projects.require(caller, new QueryParams(request).requiredProjectId());
        return Json.object("project_id", project.id(), "models", projects.distinct("model", project.id()));
    }

    @GetMapping("/locales")
    Map<String, Object> locales(Caller caller, HttpServletRequest request) {
        Project project = projects.require(caller, new QueryParams(request).requiredProjectId());
        return Json.object("project_id", project.id(),
                "countries", projects.distinct("country_code", project.id()),
                "languages", projects.distinct("language_code", project.id()));
    }

    @GetMapping("/sentiments")
    ResponseEntity<Object> sentiments(Caller caller, HttpServletRequest request) {
        QueryParams params = new QueryParams(request);
        Project project = projects.require(caller, params.requiredProjectId());
        List<Map<String, Object>> items = SENTIMENTS.stream()
                .map(s -> Json.object("metric", s.get(0), "key", s.get(1), "label", s.get(2), "color", s.get(3)))
                .toList();
        return Responses.render(params.output(), Json.object("project_id", project.id()),
                () -> Json.object("sentiments", items),
                () -> table(items, List.of("metric", "key", "label", "color")));
    }

    @GetMapping("/prompts")
    ResponseEntity<Object> prompts(Caller caller, HttpServletRequest request) {
        QueryParams params = new QueryParams(request);
        Project project = projects.require(caller, params.requiredProjectId());
        ExecutionFilter shared = filters.read(params, project, null,
                java.util.EnumSet.of(FilterParams.Accepts.LOCALE, FilterParams.Accepts.PROMPT_TYPE));
        var filters = new PromptListing.Filters(shared.model(), shared.collectionId(), shared.countryCode(),
                shared.languageCode(), shared.promptType(), shared.brandKind(), shared.range());
        PageRequest page = PageRequest.from(params, 20);
        Output output = params.output();
        PromptListing.Listing listing = prompts.list(project.id(), filters, page);
        List<Map<String, Object>> items = listing.rows().stream().map(DimensionsController::prompt).toList();
        return Responses.render(output, Json.object("project_id", project.id(), "page", page.page(),
                        "per_page", page.perPage(), "total", listing.total()),
                () -> Json.object("data", items),
                () -> table(items, List.of("id", "prompt_text", "collection_id", "collection_ids", "country_code",
                        "language_code", "prompt_type", "brand_kind", "last_executed_at", "created_at")));
    }

    @GetMapping("/prompt_executions")
    ResponseEntity<Object> promptExecutions(Caller caller, HttpServletRequest request) {
        QueryParams params = new QueryParams(request);
        Project project = projects.require(caller, params.requiredProjectId());
        ExecutionFilter filter = filters.read(params, project, FilterParams.Accepts.LOCALE,
                FilterParams.Accepts.MENTION_FILTER, FilterParams.Accepts.CITATION_FILTER);
        PageRequest page = PageRequest.from(params, 20);
        Output output = params.output();
        ExecutionListing.Listing listing = executions.list(filter, page);
        return Responses.render(output, Json.object("project_id", project.id(), "page", page.page(),
                        "per_page", page.perPage(), "total", listing.total()),
                () -> Json.object("data", listing.rows()),
                () -> table(listing.rows(), ExecutionListing.COLUMNS));
    }

    /** The competitor detail of the spec's Competitor table; {@code name} repeats {@code brand_name} for list readers. */
    static Map<String, Object> competitorDetail(Competitor competitor) {
        return Json.object(
                "id", competitor.id(),
                "project_id", competitor.projectId(),
                "brand_name", competitor.brandName(),
                "name", competitor.brandName(),
                "domain", competitor.domain(),
                "matching_names", competitor.matchingNames(),
                "play_store_id", competitor.playStoreId(),
                "app_store_id", competitor.appStoreId(),
                "color", competitor.color(),
                "processing", competitor.processing(),
                "created_at", competitor.createdAt());
    }

    private static Map<String, Object> prompt(PromptListing.PromptRow row) {
        return Json.object(
                "id", row.id(),
                "prompt_text", row.promptText(),
                "collection_id", row.collectionId(),
                "collection_ids", row.collectionIds(),
                "country_code", row.countryCode(),
                "language_code", row.languageCode(),
                "prompt_type", row.promptType(),
                "brand_kind", row.brandKind(),
                "last_executed_at", row.lastExecutedAt(),
                "created_at", row.createdAt());
    }

    private static Table table(List<Map<String, Object>> items, List<String> columns) {
        return Responses.table(items, columns);
    }
}
