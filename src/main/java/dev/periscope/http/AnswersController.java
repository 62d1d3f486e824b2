package dev.periscope.http;

import dev.periscope.access.Caller;
import dev.periscope.execution.ExecutionFilter;
import dev.periscope.extraction.Answers;
import dev.periscope.extraction.Sentiments;
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
import java.util.Map;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** Spec "Answers and sentiments". */
@RestController
@RequestMapping(ApiAccessFilter.PREFIX)
public class AnswersController {
    private final Projects projects;
    private final Answers answers;
    private final Sentiments sentiments;
    private final Competitors competitors;
    private final FilterParams filters;

    public AnswersController(Projects projects, Answers answers, Sentiments sentiments, Competitors competitors,
                             FilterParams filters) {
        this.projects = projects;
        this.answers = answers;
        this.sentiments = sentiments;
        this.competitors = competitors;
        this.filters = filters;
    }

    @GetMapping("/answers")
    Map<String, Object> list(Caller caller, HttpServletRequest request) {
        QueryParams params = new QueryParams(request);
        Project project = projects.require(caller, params.requiredProjectId());
        ExecutionFilter filter = filters.read(params, project, FilterParams.Accepts.LOCALE,
                FilterParams.Accepts.MENTION_FILTER, FilterParams.Accepts.CITATION_FILTER);
        String query = params.optionalString("query", 500);
        PageRequest page = PageRequest.from(params, 20);
        Answers.Listing listing = answers.list(filter, query, page);
        Map<String, Object> body = Json.object("project_id", project.id(), "page", page.page(), "per_page", page.perPage(),
                "total", listing.total());
        if (query != null) {
            body.put("query", query);
        }
        body.put("data", listing.rows());
        return body;
    }

    @GetMapping("/answers/{id}")
    Map<String, Object> detail(Caller caller, @PathVariable long id, HttpServletRequest request) {
        QueryParams params = new QueryParams(request);
        Project project = projects.require(caller, params.requiredProjectId());
        boolean pageDetails = params.flag("include_source_page_details", false);
        return answers.detail(project.id(), id, pageDetails).orElseThrow(() -> ApiException.notFound("Answer"));
    }

    @GetMapping("/sentiments")
    ResponseEntity<Object> sentiments(Caller caller, HttpServletRequest request) {
        QueryParams params = new QueryParams(request);
        Project project = projects.require(caller, params.requiredProjectId());
        ExecutionFilter filter = filters.read(params, project, FilterParams.Accepts.LOCALE);
        Long competitorId = params.optionalId("competitor_id");
        if (competitorId != null && competitors.list(project.id()).stream().map(Competitor::id).noneMatch(competitorId::equals)) {
            throw new ApiException(ErrorCode.INVALID_PARAM, "competitor_id is not a competitor of this project",
                    Map.of("param", "competitor_id", "value", competitorId));
        }
        boolean brandOnly = params.flag("brand_only", false);
        String analysis = params.optionalEnum("analysis", Sentiments.ANALYSES);
        PageRequest page = PageRequest.from(params, 20);
        Sentiments.Listing listing = sentiments.list(filter, competitorId, brandOnly, analysis, page);
        return Responses.render(params.output(), Json.object("project_id", project.id(), "page", page.page(),
                        "per_page", page.perPage(), "total", listing.total()),
                () -> Json.object("data", listing.rows()),
                () -> RecordsController.table(listing.rows(), Sentiments.COLUMNS));
    }
}
