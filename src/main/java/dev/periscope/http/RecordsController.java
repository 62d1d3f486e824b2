package dev.periscope.http;

import dev.periscope.access.Caller;
import dev.periscope.execution.ExecutionFilter;
import dev.periscope.extraction.Records;
import dev.periscope.projects.Project;
import dev.periscope.projects.Projects;
import dev.periscope.shared.Json;
import dev.periscope.shared.PageRequest;
import dev.periscope.shared.QueryParams;
import dev.periscope.shared.Table;
import jakarta.servlet.http.HttpServletRequest;
import java.util.List;
import java.util.Map;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** Spec "Dimensions (read)": the record streams of sources, mentions and citations. */
@RestController
@RequestMapping(ApiAccessFilter.PREFIX + "/dimensions")
public class RecordsController {
    public static final List<String> SOURCE_TYPES = List.of("owned", "competitor", "third_party");

    private final Projects projects;
    private final Records records;
    private final FilterParams filters;

    public RecordsController(Projects projects, Records records, FilterParams filters) {
        this.projects = projects;
        this.records = records;
        this.filters = filters;
    }

    @GetMapping("/sources")
    ResponseEntity<Object> sources(Caller caller, HttpServletRequest request) {
        QueryParams params = new QueryParams(request);
        Project project = projects.require(caller, params.requiredProjectId());
        ExecutionFilter filter = filters.read(params, project, FilterParams.Accepts.LOCALE, FilterParams.Accepts.MENTION_FILTER);
        String sourceType = params.optionalEnum("source_type", SOURCE_TYPES);
        PageRequest page = PageRequest.from(params, 20);
        return render(params, project, page, records.sources(filter, sourceType, page), Records.SOURCE_COLUMNS);
    }

    @GetMapping("/mentions")
    ResponseEntity<Object> mentions(Caller caller, HttpServletRequest request) {
        return mentions(caller, request, Records.Side.BRAND);
    }

    @GetMapping("/competitor_mentions")
    ResponseEntity<Object> competitorMentions(Caller caller, HttpServletRequest request) {
        return mentions(caller, request, Records.Side.COMPETITORS);
    }

    @GetMapping("/all_mentions")
    ResponseEntity<Object> allMentions(Caller caller, HttpServletRequest request) {
        return mentions(caller, request, Records.Side.ALL);
    }

    @GetMapping("/citations")
    ResponseEntity<Object> citations(Caller caller, HttpServletRequest request) {
        return citations(caller, request, Records.Side.BRAND);
    }

    @GetMapping("/competitor_citations")
    ResponseEntity<Object> competitorCitations(Caller caller, HttpServletRequest request) {
        return citations(caller, request, Records.Side.COMPETITORS);
    }

    @GetMapping("/all_citations")
    ResponseEntity<Object> allCitations(Caller caller, HttpServletRequest request) {
        return citations(caller, request, Records.Side.ALL);
    }

    /** What a mention or citation list reads, given the filter, the side and the narrowed competitors. */
    private interface Stream {
        Records.Listing read(ExecutionFilter filter, Records.Side side, List<Long> competitors, PageRequest page);
    }

    private ResponseEntity<Object> mentions(Caller caller, HttpServletRequest request, Records.Side side) {
        return list(caller, request, side, records::mentions, Records.mentionColumns(side));
    }

    private ResponseEntity<Object> citations(Caller caller, HttpServletRequest request, Records.Side side) {
        return list(caller, request, side, records::citations, Records.citationColumns(side));
    }

    /** The brand lists take the locale filters; the competitor and unified lists take {@code competitors} instead. */
    private ResponseEntity<Object> list(Caller caller, HttpServletRequest request, Records.Side side, Stream stream,
                                        List<String> columns) {
        QueryParams params = new QueryParams(request);
        Project project = projects.require(caller, params.requiredProjectId());
        ExecutionFilter filter = side == Records.Side.BRAND
                ? filters.read(params, project, FilterParams.Accepts.LOCALE) : filters.read(params, project);
        List<Long> competitors = side == Records.Side.BRAND ? List.of() : filter.competitors();
        PageRequest page = PageRequest.from(params, 20);
        return render(params, project, page, stream.read(filter, side, competitors, page), columns);
    }

    private static ResponseEntity<Object> render(QueryParams params, Project project, PageRequest page,
                                                 Records.Listing listing, List<String> columns) {
        return Responses.render(params.output(), Json.object("project_id", project.id(), "page", page.page(),
                        "per_page", page.perPage(), "total", listing.total()),
                () -> Json.object("data", listing.rows()),
                () -> table(listing.rows(), columns));
    }

    static Table table(List<Map<String, Object>> items, List<String> columns) {
        return Responses.table(items, columns);
    }
}
