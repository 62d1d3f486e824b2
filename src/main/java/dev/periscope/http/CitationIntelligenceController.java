package dev.periscope.http;

import dev.periscope.access.Caller;
import dev.periscope.citations.CitationGroups;
import dev.periscope.citations.CitationScope;
import dev.periscope.citations.CitedUrls;
import dev.periscope.citations.MentionsByDomain;
import dev.periscope.execution.ExecutionFilter;
import dev.periscope.metrics.ActorRef;
import dev.periscope.projects.Domains;
import dev.periscope.projects.Project;
import dev.periscope.projects.Projects;
import dev.periscope.shared.ApiException;
import dev.periscope.shared.ErrorCode;
import dev.periscope.shared.Json;
import dev.periscope.shared.PageRequest;
import dev.periscope.shared.QueryParams;
import jakarta.servlet.http.HttpServletRequest;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Spec "Citation intelligence": cited sources grouped by URL, host or domain, brand mention shares by citing domain,
 * and one cited URL with its occurrences and (not yet cached) content. No default date range: all history.
 */
@RestController
@RequestMapping(ApiAccessFilter.PREFIX + "/citation_intelligence")
public class CitationIntelligenceController {
    /** The shared filters of every route here ({@code range} is accepted as everywhere else). */
    private static final List<String> FILTERS = List.of("project_id", "model", "collection_id", "country_code",
            "language_code", "prompt", "range", "from", "to");
    private static final List<String> CITATION_FILTERS = List.of("source_type", "sentiment", "content_gap");
    private static final List<String> GROUP_PARAMS = concat(concat(FILTERS, CITATION_FILTERS),
            List.of("view", "query", "order", "direction", "page", "per_page", "output"));
    private static final List<String> URL_PARAMS = concat(FILTERS, CITATION_FILTERS);
    private static final List<String> OCCURRENCE_PARAMS = concat(concat(FILTERS, CITATION_FILTERS),
            List.of("page", "per_page", "output"));
    private static final List<String> DOMAIN_PARAMS = concat(FILTERS, List.of("domains[]", "domains"));
    private static final List<String> CONTENT_PARAMS = List.of("project_id");

    private final Projects projects;
    private final FilterParams filters;
    private final CitationGroups groups;
    private final CitedUrls urls;
    private final MentionsByDomain mentionsByDomain;

    public CitationIntelligenceController(Projects projects, FilterParams filters,
                                          CitationGroups groups, CitedUrls urls, MentionsByDomain mentionsByDomain) {
        this.projects = projects;
        this.filters = filters;
        this.groups = groups;
        this.urls = urls;
        this.mentionsByDomain = mentionsByDomain;
    }

    @GetMapping("/groups")
    ResponseEntity<Object> groups(Caller caller, HttpServletRequest http) {
        QueryParams params = new QueryParams(http);
        Project project = projects.require(caller, params.requiredProjectId());
        onlyKnown(http, GROUP_PARAMS);
        CitationScope scope = scope(params, project);
        String view = orDefault(params.optionalEnum("view", CitationGroups.VIEWS), "url");
        String order = orDefault(params.optionalEnum("order", CitationGroups.ORDERS), "total_responses");
        String direction = orDefault(params.optionalEnum("direction", List.of("asc", "desc")), "desc");
        String query = params.optionalString("query", 2_000);
        PageRequest page = PageRequest.from(params, 20);
        CitationGroups.Listing listing = groups.list(scope, view, query, order, direction.equals("desc"), page);
        Map<String, Object> filtersEcho = echo(scope);
        filtersEcho.put("query", query);
        Map<String, Object> head = Json.object("project_id", project.id(), "view", view,
                "from", scope.executions().range().from(), "to", scope.executions().range().to(),
                "filters", filtersEcho, "order", order, "direction", direction, "page", page.page(),
                "per_page", page.perPage(), "total", listing.total(), "responses", listing.responses());
        return Responses.render(params.output(), head, () -> Json.object("data", listing.rows()),
                () -> Responses.table(listing.rows(),
                        view.equals("url") ? CitationGroups.URL_COLUMNS : CitationGroups.ROLLUP_COLUMNS));
    }

    @GetMapping("/mentions_by_domain")
    Map<String, Object> mentionsByDomain(Caller caller, HttpServletRequest http) {
        QueryParams params = new QueryParams(http);
        Project project = projects.require(caller, params.requiredProjectId());
        onlyKnown(http, DOMAIN_PARAMS);
        List<String> domains = domains(http);
        CitationScope scope = scope(params, project);
        List<ActorRef> actors = filters.actors(project, List.of(), true);
        Map<String, Object> echo = echo(scope);
        echo.keySet().removeAll(CITATION_FILTERS);
        return Json.object("project_id", project.id(), "from", scope.executions().range().from(),
                "to", scope.executions().range().to(), "filters", echo, "domains", domains,
                "data", mentionsByDomain.compute(scope, domains, actors));
    }

    @GetMapping("/urls/{url_sha256}")
    Map<String, Object> url(Caller caller, HttpServletRequest http, @PathVariable("url_sha256") String urlSha256) {
        QueryParams params = new QueryParams(http);
        Project project = projects.require(caller, params.requiredProjectId());
        onlyKnown(http, URL_PARAMS);
        String sha = sha256(urlSha256);
        CitationScope scope = scope(params, project);
        CitedUrls.Identity url = urls.require(project.id(), sha);
        Map<String, Object> counts = urls.detail(scope, url);
        Map<String, Object> body = Json.object("project_id", project.id(), "from", scope.executions().range().from(),
                "to", scope.executions().range().to(), "filters", echo(scope),
                "url", url.url(), "normalized_url", url.normalizedUrl(), "url_sha256", url.urlSha256(),
                "domain", url.domain(), "host", url.host());
        body.putAll(counts);
        body.put("url_variants", url.variants());
        body.put("page", CitedUrls.uncachedPage());
        body.put("mention_evidence", null);
        body.put("page_cache_status", "not_cached");
        return body;
    }

    @GetMapping("/urls/{url_sha256}/occurrences")
    ResponseEntity<Object> occurrences(Caller caller, HttpServletRequest http,
                                       @PathVariable("url_sha256") String urlSha256) {
        QueryParams params = new QueryParams(http);
        Project project = projects.require(caller, params.requiredProjectId());
        onlyKnown(http, OCCURRENCE_PARAMS);
        String sha = sha256(urlSha256);
        CitationScope scope = scope(params, project);
        PageRequest page = PageRequest.from(params, 20);
        CitedUrls.Identity url = urls.require(project.id(), sha);
        CitedUrls.Occurrences occurrences = urls.occurrences(scope, url, page);
        Map<String, Object> head = Json.object("project_id", project.id(), "url_sha256", url.urlSha256(),
                "url", url.url(), "from", scope.executions().range().from(), "to", scope.executions().range().to(),
                "filters", echo(scope), "page", page.page(), "per_page", page.perPage(), "total", occurrences.total());
        return Responses.render(params.output(), head, () -> Json.object("data", occurrences.rows()),
                () -> Responses.table(occurrences.rows(), CitedUrls.OCCURRENCE_COLUMNS));
    }

    @GetMapping("/urls/{url_sha256}/content")
    Map<String, Object> content(Caller caller, HttpServletRequest http, @PathVariable("url_sha256") String urlSha256) {
        QueryParams params = new QueryParams(http);
        Project project = projects.require(caller, params.requiredProjectId());
        onlyKnown(http, CONTENT_PARAMS);
        CitedUrls.Identity url = urls.require(project.id(), sha256(urlSha256));
        return Json.object("project_id", project.id(), "url_sha256", url.urlSha256(), "url", url.url(),
                "normalized_url", url.normalizedUrl(), "page", CitedUrls.uncachedPage(), "mention_evidence", null,
                "text", null, "html", null, "page_cache_status", "not_cached");
    }

    private CitationScope scope(QueryParams params, Project project) {
        ExecutionFilter filter = filters.read(params, project, null, EnumSet.of(FilterParams.Accepts.LOCALE));
        return CitationScope.of(filter, params.optionalEnum("source_type", CitationScope.SOURCE_TYPES),
                params.optionalEnum("sentiment", CitationScope.SENTIMENTS),
                params.optionalEnum("content_gap", CitationScope.CONTENT_GAPS), project.domain());
    }

    private static Map<String, Object> echo(CitationScope scope) {
        ExecutionFilter filter = scope.executions();
        return Json.object("model", filter.model(), "collection_id", filter.collectionId(),
                "country_code", filter.countryCode(), "language_code", filter.languageCode(), "prompt", filter.prompt(),
                "source_type", scope.sourceType(), "sentiment", scope.sentiment(), "content_gap", scope.contentGap());
    }

    /** A parameter the route does not know is a mistake the caller should hear about, not one silently ignored. */
    private static void onlyKnown(HttpServletRequest http, List<String> allowed) {
        for (String name : http.getParameterMap().keySet()) {
            if (!allowed.contains(name)) {
                Map<String, Object> meta = new LinkedHashMap<>();
                meta.put("param", name);
                meta.put("allowed", allowed);
                throw new ApiException(ErrorCode.INVALID_PARAM, "Unknown query parameter: " + name, meta);
            }
        }
    }

    /** The path's url_sha256: 64 hexadecimal characters, any case, answered in lower case. */
    private static String sha256(String value) {
        if (value == null || !value.matches("[0-9a-fA-F]{64}")) {
            throw new ApiException(ErrorCode.INVALID_PARAM, "url_sha256 must be 64 hexadecimal characters",
                    Map.of("param", "url_sha256", "value", value == null ? "" : value));
        }
        return value.toLowerCase(Locale.ROOT);
    }

    /**
     * {@code domains[]} or {@code domains}, each given once or repeated, a value possibly listing several separated
     * by commas: normalised to bare lower-case hosts without scheme, {@code www.} or path; 1 to 20 after repeats are
     * dropped.
     */
    private static List<String> domains(HttpServletRequest http) {
        Set<String> domains = new LinkedHashSet<>();
        for (String name : List.of("domains[]", "domains")) {
            String[] values = http.getParameterValues(name);
            if (values == null) {
                continue;
            }
            for (String value : values) {
                for (String part : value.split(",")) {
                    if (!part.isBlank()) {
                        domains.add(Domains.bareHost("domains", part));
                    }
                }
            }
        }
        if (domains.isEmpty()) {
            throw new ApiException(ErrorCode.INVALID_PARAM, "domains[] is required: give 1 to "
                    + MentionsByDomain.MAX_DOMAINS + " domains", Map.of("param", "domains", "reason", "required"));
        }
        if (domains.size() > MentionsByDomain.MAX_DOMAINS) {
            throw new ApiException(ErrorCode.INVALID_PARAM, "domains[] lists more than " + MentionsByDomain.MAX_DOMAINS
                    + " domains", Map.of("param", "domains", "max_items", MentionsByDomain.MAX_DOMAINS));
        }
        return List.copyOf(domains);
    }

    private static String orDefault(String value, String fallback) {
        return value == null ? fallback : value;
    }

    private static List<String> concat(List<String> first, List<String> second) {
        return Stream.concat(first.stream(), second.stream()).toList();
    }
}
