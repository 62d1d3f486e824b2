package dev.periscope.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.periscope.citations.CitationGroups;
import dev.periscope.citations.CitationScope;
import dev.periscope.execution.ExecutionFilter;
import dev.periscope.extraction.Sentiments;
import dev.periscope.metrics.Granularity;
import dev.periscope.metrics.Metric;
import dev.periscope.metrics.PromptSummary;
import dev.periscope.metrics.TopSources;
import dev.periscope.plans.Plan;
import dev.periscope.shared.ErrorCode;
import dev.periscope.shared.Models;
import dev.periscope.support.ApiClient;
import dev.periscope.support.IntegrationTest;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.tags.Tag;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.servlet.mvc.method.RequestMappingInfo;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.MissingNode;

/**
 * The published API description ({@code GET /api/v1/openapi.json}) is valid OpenAPI 3.0 and describes exactly the
 * routes Spring MVC serves under {@code /api/v1}: no route missing, none invented.
 */
class OpenApiDocumentIT extends IntegrationTest {
    private static final String PREFIX = ApiAccessFilter.PREFIX;

    @Autowired
    @Qualifier("requestMappingHandlerMapping")
    private RequestMappingHandlerMapping handlerMapping;

    @Test
    void documentIsPublicJsonAndValidOpenApi30() {
        ApiClient.Response response = api().get(OpenApiController.PATH, null);

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.header("Content-Type")).startsWith("application/json");
        JsonNode root = response.json();
        assertThat(root.has("request_id")).as("the document must not get a request_id added").isFalse();
        assertThat(root.path("openapi").asString()).startsWith("3.0");

        SwaggerParseResult result = parse(response.text());
        assertThat(result.getMessages()).as("swagger-parser validation messages").isEmpty();
        OpenAPI openApi = result.getOpenAPI();
        assertThat(openApi).isNotNull();
        assertThat(openApi.getOpenapi()).startsWith("3.0");
        assertThat(openApi.getInfo().getTitle()).isEqualTo("Periscope API");
        assertThat(openApi.getServers()).extracting(server -> server.getUrl()).containsExactly(PREFIX);
    }

    @Test
    void documentedRoutesAreExactlyTheServedRoutes() {
        OpenAPI openApi = parse(api().get(OpenApiController.PATH, null).text()).getOpenAPI();

        Set<String> documented = new TreeSet<>();
        openApi.getPaths().forEach((path, item) -> item.readOperationsMap().keySet()
                .forEach(method -> documented.add(normalise(method.name(), PREFIX + path))));

        Set<String> served = new TreeSet<>();
        Set<String> anyMethodPaths = new TreeSet<>();
        for (RequestMappingInfo mapping : handlerMapping.getHandlerMethods().keySet()) {
            Set<RequestMethod> methods = mapping.getMethodsCondition().getMethods();
            for (String pattern : mapping.getPatternValues()) {
                if (!(pattern.equals(PREFIX) || pattern.startsWith(PREFIX + "/"))) {
                    continue;
                }
                if (methods.isEmpty()) {
                    anyMethodPaths.add(normalise("ANY", pattern).substring("ANY ".length()));
                }
                for (RequestMethod method : methods) {
                    served.add(normalise(method.name(), pattern));
                }
            }
        }
        // A mapping without a method restriction answers every method; it is covered when the document lists
        // at least one operation on that path.
        List<String> anyMethodUndocumented = new ArrayList<>();
        for (String path : anyMethodPaths) {
            List<String> onPath = documented.stream().filter(route -> route.endsWith(" " + path)).toList();
            if (onPath.isEmpty()) {
                anyMethodUndocumented.add("* " + path);
            }
            served.addAll(onPath);
        }

        Set<String> missingFromDocument = new TreeSet<>(served);
        missingFromDocument.removeAll(documented);
        missingFromDocument.addAll(anyMethodUndocumented);
        Set<String> notServed = new TreeSet<>(documented);
        notServed.removeAll(served);

        assertThat(missingFromDocument).as("routes served but not documented").isEmpty();
        assertThat(notServed).as("routes documented but not served").isEmpty();
        assertThat(documented).contains("GET " + PREFIX + "/openapi.json", "GET " + PREFIX + "/ping");
    }

    @Test
    void operationIdsAreUniqueAndEveryReferenceResolves() {
        ApiClient.Response response = api().get(OpenApiController.PATH, null);
        OpenAPI openApi = parse(response.text()).getOpenAPI();

        List<String> operationIds = new ArrayList<>();
        List<String> withoutId = new ArrayList<>();
        Set<String> declaredTags = openApi.getTags() == null ? Set.of()
                : openApi.getTags().stream().map(Tag::getName).collect(Collectors.toSet());
        List<String> undeclaredTags = new ArrayList<>();
        openApi.getPaths().forEach((path, item) -> item.readOperationsMap().forEach((method, operation) -> {
            String route = method + " " + path;
            if (operation.getOperationId() == null || operation.getOperationId().isBlank()) {
                withoutId.add(route);
            } else {
                operationIds.add(operation.getOperationId());
            }
            for (String tag : tagsOf(operation)) {
                if (!declaredTags.contains(tag)) {
                    undeclaredTags.add(route + " -> " + tag);
                }
            }
        }));
        assertThat(withoutId).as("operations without operationId").isEmpty();
        Map<String, Long> counts = operationIds.stream()
                .collect(Collectors.groupingBy(id -> id, HashMap::new, Collectors.counting()));
        assertThat(counts.entrySet().stream().filter(e -> e.getValue() > 1).map(Map.Entry::getKey).toList())
                .as("duplicate operationIds").isEmpty();
        assertThat(undeclaredTags).as("operations tagged with undeclared tags").isEmpty();

        JsonNode root = response.json();
        List<String> refs = new ArrayList<>();
        collectRefs(root, refs);
        assertThat(refs).isNotEmpty();
        List<String> unresolved = refs.stream().distinct()
                .filter(ref -> !ref.startsWith("#/") || root.at(ref.substring(1)).isMissingNode())
                .toList();
        assertThat(unresolved).as("$ref values that do not resolve inside the document").isEmpty();
    }

    @Test
    void enumsMatchTheCode() {
        OpenAPI openApi = parse(api().get(OpenApiController.PATH, null).text()).getOpenAPI();
        var schemas = openApi.getComponents().getSchemas();

        Schema<?> error = schemas.get("Error");
        Schema<?> code = (Schema<?>) ((Schema<?>) error.getProperties().get("error")).getProperties().get("code");
        assertThat(enumValues(code)).as("Error.code enum")
                .containsExactlyInAnyOrderElementsOf(Arrays.stream(ErrorCode.values()).map(ErrorCode::wireName).toList());
        assertThat(enumValues(schemas.get("Model"))).as("Model enum").containsExactlyInAnyOrderElementsOf(Models.ALL);
        var parameters = openApi.getComponents().getParameters();
        assertThat(enumValues(parameters.get("MentionFilter").getSchema())).as("mention_filter enum")
                .containsExactlyInAnyOrderElementsOf(ExecutionFilter.MENTION_FILTERS);
        assertThat(enumValues(parameters.get("CitationFilter").getSchema())).as("citation_filter enum")
                .containsExactlyInAnyOrderElementsOf(ExecutionFilter.CITATION_FILTERS);
        assertThat(enumValues(schemas.get("SourceType"))).as("SourceType enum")
                .containsExactlyInAnyOrderElementsOf(RecordsController.SOURCE_TYPES);
        assertThat(enumValues(schemas.get("SentimentAnalysis"))).as("SentimentAnalysis enum")
                .containsExactlyInAnyOrderElementsOf(Sentiments.ANALYSES);
        assertThat(enumValues(schemas.get("MetricName"))).as("MetricName enum")
                .containsExactlyInAnyOrderElementsOf(Metric.names());
        assertThat(enumValues(parameters.get("Granularity").getSchema())).as("granularity enum")
                .containsExactlyInAnyOrderElementsOf(Granularity.WIRE_NAMES);
        assertThat(enumValues(parameters.get("PromptSummarySort").getSchema())).as("prompt_summary sort enum")
                .containsExactlyInAnyOrderElementsOf(PromptSummary.SORTS);
        assertThat(enumValues(parameters.get("TopSourcesSort").getSchema())).as("top_sources sort enum")
                .containsExactlyInAnyOrderElementsOf(TopSources.SORTS);
        assertThat(enumValues(parameters.get("CitationView").getSchema())).as("citation groups view enum")
                .containsExactlyInAnyOrderElementsOf(CitationGroups.VIEWS);
        assertThat(enumValues(parameters.get("CitationOrder").getSchema())).as("citation groups order enum")
                .containsExactlyInAnyOrderElementsOf(CitationGroups.ORDERS);
        assertThat(enumValues(parameters.get("CitationSourceType").getSchema())).as("citation source_type enum")
                .containsExactlyInAnyOrderElementsOf(CitationScope.SOURCE_TYPES);
    }

    /**
     * Calls every documented operation with real data and checks each answer against the schema documented for
     * its status: required fields present, no undocumented fields, types, enums and nullability as documented.
     */
    @Test
    void realAnswersMatchTheDocumentedSchemas() {
        JsonNode document = api().get(OpenApiController.PATH, null).json();
        Conformance check = new Conformance(document);
        TestAccount account = newAccount(Plan.GROWTH);
        String key = account.key();

        check.json("GET", "/openapi.json", api().get(PREFIX + "/openapi.json", null), 200);
        check.json("GET", "/ping", api().get(PREFIX + "/ping", null), 401);
        check.json("GET", "/ping", api().get(PREFIX + "/ping", key), 200);
        check.json("GET", "/account", api().get(PREFIX + "/account", key), 200);

        Map<String, Object> projectBody = new LinkedHashMap<>();
        projectBody.put("website_url", "https://conformance.example.com");
        projectBody.put("name", "Conformance");
        projectBody.put("main_country", "us");
        projectBody.put("main_language", "EN");
        projectBody.put("industry", List.of("SAAS", "CRM"));
        projectBody.put("matching_names", List.of("Conformance Inc"));
        projectBody.put("prompts", List.of("best crm for startups", "what is conformance"));
        projectBody.put("competitors", List.of(Map.of("domain", "https://www.globex.com")));
        projectBody.put("external_identifier", "conformance-1");
        ApiClient.Response created = api().post(PREFIX + "/projects", key, ApiClient.json(projectBody));
        check.json("POST", "/projects", created, 201);
        check.json("POST", "/projects", api().post(PREFIX + "/projects", key, ApiClient.json(projectBody)), 200);
        long projectId = created.json().path("project").path("id").asLong();
        String project = "project_id=" + projectId;

        check.json("GET", "/ping", api().get(PREFIX + "/ping?" + project, key), 200);
        check.json("GET", "/ping", api().get(PREFIX + "/ping?project_id=999999999", key), 404);
        check.json("GET", "/dimensions/projects", api().get(PREFIX + "/dimensions/projects", key), 200);
        check.json("GET", "/dimensions/projects", api().get(PREFIX + "/dimensions/projects?output=flat", key), 200);
        check.csv("GET", "/dimensions/projects", api().get(PREFIX + "/dimensions/projects?output=csv", key));
        check.json("GET", "/dimensions/projects/{id}", api().get(PREFIX + "/dimensions/projects/" + projectId, key), 200);

        ApiClient.Response competitor = api().post(PREFIX + "/competitors", key, ApiClient.json(Map.of(
                "project_id", projectId, "brand_name", "Initech", "domain", "initech.com")));
        check.json("POST", "/competitors", competitor, 201);
        long competitorId = competitor.json().path("competitor").path("id").asLong();
        check.json("PATCH", "/competitors/{id}", api().patch(PREFIX + "/competitors/" + competitorId, key,
                ApiClient.json(Map.of("project_id", projectId, "color", "#123ABC"))), 200);
        check.json("PATCH", "/competitors/{id}", api().patch(PREFIX + "/competitors/" + competitorId, key,
                ApiClient.json(Map.of("project_id", projectId, "domain", "other.com"))), 422);
        check.json("GET", "/dimensions/competitors", api().get(PREFIX + "/dimensions/competitors?" + project, key), 200);
        check.json("GET", "/dimensions/competitors",
                api().get(PREFIX + "/dimensions/competitors?include_project_brand=true&" + project, key), 200);
        check.json("GET", "/dimensions/competitors",
                api().get(PREFIX + "/dimensions/competitors?output=flat&include_project_brand=1&" + project, key), 200);
        check.json("GET", "/dimensions/competitors/{id}",
                api().get(PREFIX + "/dimensions/competitors/" + competitorId + "?" + project, key), 200);

        ApiClient.Response prompts = api().post(PREFIX + "/prompts", key, ApiClient.json(Map.of("project_id", projectId,
                "prompts", List.of("crm pricing", "CRM  pricing", "best crm for startups"),
                "country_code", "US", "language_code", "en")));
        check.json("POST", "/prompts", prompts, 201);
        long promptId = prompts.json().path("data").get(0).path("id").asLong();
        ApiClient.Response collection = api().post(PREFIX + "/collections", key, ApiClient.json(Map.of(
                "project_id", projectId, "name", "Pricing", "prompt_ids", List.of(promptId))));
        check.json("POST", "/collections", collection, 201);
        long collectionId = collection.json().path("collection").path("id").asLong();
        check.json("PATCH", "/collections/{id}", api().patch(PREFIX + "/collections/" + collectionId, key,
                ApiClient.json(Map.of("project_id", projectId, "description", "Price questions"))), 200);
        check.json("POST", "/prompts/assign_tags", api().post(PREFIX + "/prompts/assign_tags", key, ApiClient.json(Map.of(
                "project_id", projectId, "prompt_ids", List.of(promptId, 999999999L),
                "tag_names", List.of("pricing", "Brand"), "create_missing", false))), 200);
        check.json("GET", "/dimensions/collections", api().get(PREFIX + "/dimensions/collections?" + project, key), 200);
        check.json("GET", "/dimensions/tags", api().get(PREFIX + "/dimensions/tags?output=flat&" + project, key), 200);
        check.csv("GET", "/dimensions/tags", api().get(PREFIX + "/dimensions/tags?output=csv&" + project, key));
        check.json("GET", "/dimensions/prompts", api().get(PREFIX + "/dimensions/prompts?" + project, key), 200);
        check.json("GET", "/dimensions/prompts", api().get(PREFIX + "/dimensions/prompts?per_page=2&page=2&"
                + "prompt_type=commercial&brand_kind=non_brand&country_code=us&collection_id=" + collectionId
                + "&output=flat&" + project, key), 200);
        check.json("GET", "/dimensions/prompts",
                api().get(PREFIX + "/dimensions/prompts?per_page=101&" + project, key), 422);
        check.json("GET", "/dimensions/prompts",
                api().get(PREFIX + "/dimensions/prompts?range=7&from=2026-01-01&" + project, key), 422);
        db.sql("""
                INSERT INTO prompt_executions (project_id, prompt_id, model, executed_at, success, country_code,
                                               language_code, cycle, sample, response, fan_out_queries, error)
                VALUES (:project, :prompt, 'chatgpt', now(), true, 'US', 'en', current_date, 1, 'An answer', '{"q one"}', NULL),
                       (:project, :prompt, 'gemini', now(), false, 'US', 'en', current_date, 1, '', '{}', 'gemini answered HTTP 500')
                """).param("project", projectId).param("prompt", promptId).update();
        check.json("GET", "/dimensions/prompt_executions",
                api().get(PREFIX + "/dimensions/prompt_executions?" + project, key), 200);
        check.json("GET", "/dimensions/prompt_executions", api().get(PREFIX + "/dimensions/prompt_executions?model=chatgpt"
                + "&prompt=" + promptId + "&collection_id=" + collectionId + "&output=flat&" + project, key), 200);
        check.csv("GET", "/dimensions/prompt_executions",
                api().get(PREFIX + "/dimensions/prompt_executions?output=csv&" + project, key));
        check.json("GET", "/dimensions/prompt_executions",
                api().get(PREFIX + "/dimensions/prompt_executions?competitors=999999&" + project, key), 422);
        check.json("GET", "/dimensions/models", api().get(PREFIX + "/dimensions/models?" + project, key), 200);
        check.json("GET", "/dimensions/locales", api().get(PREFIX + "/dimensions/locales?" + project, key), 200);
        check.json("GET", "/dimensions/sentiments", api().get(PREFIX + "/dimensions/sentiments?" + project, key), 200);
        check.json("GET", "/dimensions/sentiments",
                api().get(PREFIX + "/dimensions/sentiments?output=flat&" + project, key), 200);

        ApiClient.Response annotation = api().post(PREFIX + "/annotations", key, ApiClient.json(Map.of(
                "project_id", projectId, "title", "Launch", "annotation_date", "2026-01-15", "color", "#ABCDEF")));
        check.json("POST", "/annotations", annotation, 201);
        long annotationId = annotation.json().path("annotation").path("id").asLong();
        long categoryId = api().get(PREFIX + "/annotations?" + project, key).json().path("categories").get(0).path("id").asLong();
        check.json("PATCH", "/annotations/{id}", api().patch(PREFIX + "/annotations/" + annotationId, key,
                ApiClient.json(Map.of("project_id", projectId, "annotation_category_id", categoryId))), 200);
        check.json("GET", "/annotations", api().get(PREFIX + "/annotations?from=2026-01-01&to=2026-12-31&" + project, key), 200);
        check.json("POST", "/annotations", api().post(PREFIX + "/annotations", account.readKey(), ApiClient.json(Map.of(
                "project_id", projectId, "title", "Read keys cannot write"))), 403);
        TestAccount starter = newAccount(Plan.STARTER);
        check.json("GET", "/annotations", api().get(PREFIX + "/annotations?" + project, starter.key()), 403);

        check.json("DELETE", "/annotations/{id}",
                api().delete(PREFIX + "/annotations/" + annotationId + "?" + project, key), 200);
        check.json("DELETE", "/prompts/{id}", api().delete(PREFIX + "/prompts/" + promptId + "?" + project, key), 200);
        check.json("DELETE", "/prompts/{id}", api().delete(PREFIX + "/prompts/" + promptId + "?" + project, key), 404);
        check.json("DELETE", "/collections/{id}",
                api().delete(PREFIX + "/collections/" + collectionId + "?" + project, key), 200);
        check.json("DELETE", "/competitors/{id}",
                api().delete(PREFIX + "/competitors/" + competitorId + "?" + project, key), 200);

        ApiClient.Response draft = api().post(PREFIX + "/project_drafts", key, ApiClient.json(Map.of(
                "website_url", "https://draft-conformance.example.com", "main_country", "DE", "main_language", "de",
                "suggest", false)));
        check.json("POST", "/project_drafts", draft, 201);
        String draftId = draft.json().path("draft").path("id").asString();
        String draftPath = PREFIX + "/project_drafts/" + draftId;
        check.json("GET", "/project_drafts/{id}", api().get(draftPath + "?include_suggestions=true", key), 200);
        check.json("PATCH", "/project_drafts/{id}", api().patch(draftPath, key, ApiClient.json(Map.of(
                "step", "prompts", "prompts", List.of("x")))), 422);
        check.json("PATCH", "/project_drafts/{id}", api().patch(draftPath, key, ApiClient.json(Map.of(
                "step", "details", "name", "Draft Co", "industry", List.of("Retail")))), 200);
        check.json("PATCH", "/project_drafts/{id}", api().patch(draftPath, key, ApiClient.json(Map.of(
                "step", "prompts", "prompts", List.of("where to buy shoes")))), 200);
        check.json("PATCH", "/project_drafts/{id}", api().patch(draftPath, key, ApiClient.json(Map.of(
                "step", "competitors", "competitors", List.of(Map.of("domain", "globex.com", "brand_name", "Globex"))))), 200);
        check.json("PATCH", "/project_drafts/{id}", api().patch(draftPath, key, ApiClient.json(Map.of(
                "step", "owned_media", "youtube_channel_url", "https://www.youtube.com/@draftco"))), 200);
        check.json("POST", "/project_drafts/{id}/finalize", api().post(draftPath + "/finalize", key, "{}"), 201);
        check.json("POST", "/project_drafts/{id}/finalize", api().post(draftPath + "/finalize", key, null), 200);
        check.json("GET", "/project_drafts/{id}", api().get(draftPath, key), 200);
        check.json("GET", "/project_drafts/{id}", api().get(PREFIX + "/project_drafts/draft_unknown", key), 404);

        checkRecordsAnswersAndSentiments(check);

        assertThat(check.problems()).as("answers that differ from the document").isEmpty();
        assertThat(check.uncovered()).as("documented operations this test never called").isEmpty();
    }

    /**
     * The extracted records, answers and sentiments, over a project whose brand (Asana) and competitors (Trello,
     * monday.com) the engine fixtures name and cite, so every list has items to check. A shopping product and a
     * brand entity are stored by hand because no fixture engine supplies them.
     */
    private void checkRecordsAnswersAndSentiments(Conformance check) {
        resetProviders();
        String key = newAccount(Plan.SCALE).key();
        ApiClient.Response created = api().post(PREFIX + "/projects", key, ApiClient.json(Map.of(
                "website_url", "https://asana.com", "name", "Asana", "main_country", "US", "main_language", "en",
                "prompts", List.of("best project management software for agencies"),
                "competitors", List.of(Map.of("domain", "trello.com", "brand_name", "Trello"),
                        Map.of("domain", "monday.com", "brand_name", "monday.com")))));
        check.json("POST", "/projects", created, 201);
        long projectId = created.json().path("project").path("id").asLong();
        String project = "project_id=" + projectId;
        long trello = db.sql("SELECT id FROM competitors WHERE project_id = :p AND domain = 'trello.com'")
                .param("p", projectId).query(Long.class).single();
        long promptId = db.sql("SELECT id FROM prompts WHERE project_id = :p").param("p", projectId).query(Long.class).single();
        runRuns();
        runJobs();

        for (String list : List.of("sources", "mentions", "citations", "competitor_mentions", "competitor_citations",
                "all_mentions", "all_citations")) {
            String path = "/dimensions/" + list;
            check.json("GET", path, nonEmpty(api().get(PREFIX + path + "?" + project, key)), 200);
            check.json("GET", path, nonEmpty(api().get(PREFIX + path + "?output=flat&model=chatgpt&range=30&" + project, key)), 200);
            check.csv("GET", path, api().get(PREFIX + path + "?output=csv&" + project, key));
        }
        check.json("GET", "/dimensions/sources", nonEmpty(api().get(PREFIX + "/dimensions/sources?source_type=competitor"
                + "&mention_filter=you_and_competitor&competitors=" + trello + "&prompt=project%20management"
                + "&country_code=us&language_code=EN&" + project, key)), 200);
        check.json("GET", "/dimensions/sources",
                api().get(PREFIX + "/dimensions/sources?source_type=partner&" + project, key), 422);
        check.json("GET", "/dimensions/sources",
                api().get(PREFIX + "/dimensions/sources?mention_filter=mentions_me&" + project, key), 422);
        check.json("GET", "/dimensions/mentions", nonEmpty(api().get(PREFIX + "/dimensions/mentions?prompt=" + promptId
                + "&country_code=US&language_code=en&per_page=1&" + project, key)), 200);
        check.json("GET", "/dimensions/all_mentions", nonEmpty(api().get(PREFIX + "/dimensions/all_mentions?competitors="
                + trello + "&" + project, key)), 200);
        check.json("GET", "/dimensions/all_citations", nonEmpty(api().get(PREFIX + "/dimensions/all_citations?competitors="
                + trello + "&" + project, key)), 200);
        check.json("GET", "/dimensions/competitor_mentions",
                api().get(PREFIX + "/dimensions/competitor_mentions?competitors=999999999&" + project, key), 422);

        check.json("GET", "/dimensions/prompt_executions", nonEmpty(api().get(PREFIX + "/dimensions/prompt_executions?"
                + "mention_filter=mentions_you&citation_filter=cites_competitor&competitors=" + trello + "&" + project, key)), 200);
        check.json("GET", "/dimensions/prompt_executions", api().get(PREFIX + "/dimensions/prompt_executions?"
                + "mention_filter=competitors_only&output=flat&" + project, key), 200);
        check.json("GET", "/dimensions/prompt_executions",
                api().get(PREFIX + "/dimensions/prompt_executions?mention_filter=mentions_me&" + project, key), 422);
        check.json("GET", "/dimensions/prompt_executions",
                api().get(PREFIX + "/dimensions/prompt_executions?citation_filter=cites_me&" + project, key), 422);

        ApiClient.Response answers = nonEmpty(api().get(PREFIX + "/answers?model=chatgpt&" + project, key));
        check.json("GET", "/answers", answers, 200);
        check.json("GET", "/answers", nonEmpty(api().get(PREFIX + "/answers?mention_filter=you_and_competitor"
                + "&citation_filter=cites_you&competitors=" + trello + "&prompt=agencies&" + project, key)), 200);
        check.json("GET", "/answers", nonEmpty(api().get(PREFIX + "/answers?query=kanban&" + project, key)), 200);
        check.json("GET", "/answers", api().get(PREFIX + "/answers?mention_filter=mentions_me&" + project, key), 422);
        check.json("GET", "/answers", api().get(PREFIX + "/answers?citation_filter=cites_me&" + project, key), 422);

        long answerId = answers.json().path("data").get(0).path("id").asLong();
        db.sql("""
                INSERT INTO shopping_products (execution_id, project_id, competitor_id, model, product_id_external, title,
                                               url, domain, price, currency, rating_value, rating_max, rating_votes_count,
                                               images, tag, rank_group, is_owned)
                VALUES (:execution, :project, :trello, 'chatgpt', 'p-1', 'Trello Premium', 'https://trello.com/premium',
                        'trello.com', 10.00, 'USD', 4.5, 5, 120, '{"https://trello.com/p.png"}', 'Popular', 1, false),
                       (:execution, :project, NULL, 'chatgpt', NULL, 'Planner', NULL, NULL, NULL, NULL, NULL, NULL, NULL,
                        '{}', NULL, NULL, false)
                """).param("execution", answerId).param("project", projectId).param("trello", trello).update();
        db.sql("""
                INSERT INTO brand_entities (execution_id, project_id, competitor_id, model, title, category, markdown, urls,
                                            domain, is_owned)
                VALUES (:execution, :project, NULL, 'chatgpt', 'Asana', 'Software', '**Asana**', '{"https://asana.com"}',
                        'asana.com', true),
                       (:execution, :project, :trello, 'chatgpt', 'Trello', NULL, NULL, '{}', NULL, false)
                """).param("execution", answerId).param("project", projectId).param("trello", trello).update();
        ApiClient.Response detail = api().get(PREFIX + "/answers/" + answerId + "?include_source_page_details=true&" + project, key);
        assertThat(detail.json().path("sources").size()).as(detail.text()).isPositive();
        assertThat(detail.json().path("sentiments").size()).as(detail.text()).isPositive();
        check.json("GET", "/answers/{id}", detail, 200);
        check.json("GET", "/answers/{id}", api().get(PREFIX + "/answers/" + answerId + "?" + project, key), 200);
        check.json("GET", "/answers/{id}", api().get(PREFIX + "/answers/999999999?" + project, key), 404);

        check.json("GET", "/sentiments", nonEmpty(api().get(PREFIX + "/sentiments?" + project, key)), 200);
        check.json("GET", "/sentiments", nonEmpty(api().get(PREFIX + "/sentiments?brand_only=true&model=chatgpt&" + project, key)), 200);
        check.json("GET", "/sentiments", nonEmpty(api().get(PREFIX + "/sentiments?competitor_id=" + trello
                + "&output=flat&" + project, key)), 200);
        String analysis = api().get(PREFIX + "/sentiments?" + project, key).json().path("data").get(0).path("analysis").asString();
        check.json("GET", "/sentiments", nonEmpty(api().get(PREFIX + "/sentiments?analysis=" + analysis + "&prompt=" + promptId
                + "&country_code=us&language_code=en&" + project, key)), 200);
        check.csv("GET", "/sentiments", api().get(PREFIX + "/sentiments?output=csv&" + project, key));
        check.json("GET", "/sentiments", api().get(PREFIX + "/sentiments?analysis=great&" + project, key), 422);
        check.json("GET", "/sentiments", api().get(PREFIX + "/sentiments?competitor_id=999999999&" + project, key), 422);

        checkMetrics(check, key, projectId, trello, promptId);
        checkCitationIntelligence(check, key, projectId, promptId);
    }

    /**
     * The citation intelligence routes over the same extracted answers: every view, a filtered and an empty page,
     * the flat and CSV forms, one cited URL with its occurrences and content, and the refusals.
     */
    private void checkCitationIntelligence(Conformance check, String key, long projectId, long promptId) {
        String project = "project_id=" + projectId;
        String groups = PREFIX + "/citation_intelligence/groups?";
        check.json("GET", "/citation_intelligence/groups", nonEmpty(api().get(groups + project, key)), 200);
        check.json("GET", "/citation_intelligence/groups", nonEmpty(api().get(groups + "view=domain&order=avg_citation_position"
                + "&direction=asc&model=chatgpt&prompt=" + promptId + "&country_code=us&language_code=EN&" + project, key)), 200);
        check.json("GET", "/citation_intelligence/groups", nonEmpty(api().get(groups + "view=host&source_type=third_party"
                + "&content_gap=mentioned&range=30&" + project, key)), 200);
        check.json("GET", "/citation_intelligence/groups", api().get(groups + "sentiment=negative&query=nothing-like-this&"
                + project, key), 200);
        check.json("GET", "/citation_intelligence/groups", api().get(groups + "output=flat&per_page=2&" + project, key), 200);
        check.csv("GET", "/citation_intelligence/groups", api().get(groups + "output=csv&view=domain&" + project, key));
        check.json("GET", "/citation_intelligence/groups", api().get(groups + "view=page&" + project, key), 422);

        String domain = db.sql("SELECT domain FROM sources WHERE project_id = :p ORDER BY id LIMIT 1")
                .param("p", projectId).query(String.class).single();
        String byDomain = PREFIX + "/citation_intelligence/mentions_by_domain?";
        check.json("GET", "/citation_intelligence/mentions_by_domain", api().get(byDomain + "domains%5B%5D=" + domain
                + "&domains%5B%5D=unknown.example.org&model=chatgpt&" + project, key), 200);
        check.json("GET", "/citation_intelligence/mentions_by_domain", api().get(byDomain + project, key), 422);

        String sha = db.sql("SELECT url_sha256 FROM sources WHERE project_id = :p ORDER BY id LIMIT 1")
                .param("p", projectId).query(String.class).single();
        String url = PREFIX + "/citation_intelligence/urls/";
        check.json("GET", "/citation_intelligence/urls/{url_sha256}", api().get(url + sha + "?" + project, key), 200);
        check.json("GET", "/citation_intelligence/urls/{url_sha256}",
                api().get(url + sha + "?from=2030-01-01&source_type=owned&" + project, key), 200);
        check.json("GET", "/citation_intelligence/urls/{url_sha256}", api().get(url + "0".repeat(64) + "?" + project, key), 404);
        check.json("GET", "/citation_intelligence/urls/{url_sha256}", api().get(url + "abc?" + project, key), 422);
        check.json("GET", "/citation_intelligence/urls/{url_sha256}/occurrences",
                nonEmpty(api().get(url + sha + "/occurrences?" + project, key)), 200);
        check.json("GET", "/citation_intelligence/urls/{url_sha256}/occurrences",
                api().get(url + sha + "/occurrences?output=flat&" + project, key), 200);
        check.csv("GET", "/citation_intelligence/urls/{url_sha256}/occurrences",
                api().get(url + sha + "/occurrences?output=csv&" + project, key));
        check.json("GET", "/citation_intelligence/urls/{url_sha256}/occurrences",
                api().get(url + "0".repeat(64) + "/occurrences?" + project, key), 404);
        check.json("GET", "/citation_intelligence/urls/{url_sha256}/content", api().get(url + sha + "/content?" + project, key), 200);
        check.json("GET", "/citation_intelligence/urls/{url_sha256}/content",
                api().get(url + "0".repeat(64) + "/content?" + project, key), 404);
    }

    /**
     * The metrics routes over the same extracted answers: every metric name and alias, each granularity (week and
     * month over windows long enough to hold carried buckets), every filter, the flat and CSV forms and the Share
     * of Voice views. Two more competitors make five actors, so the Share of Voice breakdown has its Others entry.
     */
    private void checkMetrics(Conformance check, String key, long projectId, long trello, long promptId) {
        String project = "project_id=" + projectId;
        for (Map<String, Object> extra : List.of(Map.<String, Object>of("brand_name", "ClickUp", "domain", "clickup.com"),
                Map.<String, Object>of("brand_name", "Wrike", "domain", "wrike.com"))) {
            Map<String, Object> body = new LinkedHashMap<>(extra);
            body.put("project_id", projectId);
            assertThat(api().post(PREFIX + "/competitors", key, ApiClient.json(body)).status()).isEqualTo(201);
        }
        runJobs();
        long collectionId = api().post(PREFIX + "/collections", key, ApiClient.json(Map.of("project_id", projectId,
                "name", "Agencies", "prompt_ids", List.of(promptId)))).json().path("collection").path("id").asLong();
        Map<String, Object> prompt = db.sql("SELECT prompt_type, brand_kind FROM prompts WHERE id = :id")
                .param("id", promptId).query().singleRow();
        String filters = "&model=chatgpt&collection_id=" + collectionId + "&country_code=us&language_code=EN&prompt="
                + promptId + "&prompt_type=" + prompt.get("prompt_type") + "&brand_kind=" + prompt.get("brand_kind")
                + "&competitors=" + trello + "&" + project;
        String allMetrics = String.join(",", Metric.names());

        String timeseries = PREFIX + "/metrics/timeseries?";
        ApiClient.Response everyMetric = metrics(api().get(timeseries + "metrics=" + allMetrics + "&range=7&" + project, key));
        assertThat(everyMetric.json().path("series").propertyNames()).containsExactlyElementsOf(Metric.names());
        check.json("GET", "/metrics/timeseries", everyMetric, 200);
        check.json("GET", "/metrics/timeseries", metrics(api().get(timeseries + "metrics=Visibility,%20ai_visibility_score"
                + "&granularity=day&range=7" + filters, key)), 200);
        ApiClient.Response weekly = metrics(api().get(timeseries + "metrics=mention_rate,mentions&granularity=week&range=30&"
                + project, key));
        assertThat(weekly.text()).as("a week without runs is carried, its counts 0").contains("\"value\":0.0,\"carried\":true");
        check.json("GET", "/metrics/timeseries", weekly, 200);
        check.json("GET", "/metrics/timeseries", metrics(api().get(timeseries + "metrics=" + allMetrics
                + "&granularity=month&range=90&include_project=false&" + project, key)), 200);
        check.json("GET", "/metrics/timeseries", metrics(api().get(timeseries + "from=2020-01-01&" + project, key)), 200);
        check.json("GET", "/metrics/timeseries", api().get(timeseries + "granularity=week&range=30&output=flat&metrics="
                + allMetrics + "&" + project, key), 200);
        check.csv("GET", "/metrics/timeseries", api().get(timeseries + "output=csv&range=7&" + project, key));
        check.json("GET", "/metrics/timeseries", api().get(timeseries + "metrics=mentions,reach&" + project, key), 422);

        String summary = PREFIX + "/metrics/summary?";
        ApiClient.Response summed = metrics(api().get(summary + "metrics=" + allMetrics + "&range=7&" + project, key));
        assertThat(summed.json().path("summary").propertyNames()).containsExactlyElementsOf(Metric.names());
        check.json("GET", "/metrics/summary", summed, 200);
        check.json("GET", "/metrics/summary", metrics(api().get(summary + "metrics=" + allMetrics
                + "&granularity=week&range=30" + filters, key)), 200);
        check.json("GET", "/metrics/summary", metrics(api().get(summary + "metrics=visibility,net_sentiment"
                + "&granularity=month&range=90&include_project=0&" + project, key)), 200);
        check.json("GET", "/metrics/summary", api().get(summary + "output=flat&range=7&metrics=" + allMetrics + "&"
                + project, key), 200);
        check.csv("GET", "/metrics/summary", api().get(summary + "output=csv&range=7&metrics=mentions,mention_rate&"
                + project, key));
        check.json("GET", "/metrics/summary", api().get(summary + "granularity=hour&" + project, key), 422);

        String sov = PREFIX + "/metrics/sov?";
        ApiClient.Response shares = api().get(sov + "range=7&" + project, key);
        assertThat(shares.status()).as(shares.text()).isEqualTo(200);
        JsonNode breakdown = shares.json().path("breakdown");
        assertThat(breakdown.size()).as(shares.text()).isEqualTo(5);
        assertThat(breakdown.get(4).path("actor").path("type").asString()).isEqualTo("others");
        assertThat(shares.json().path("others").size()).as(shares.text()).isPositive();
        assertThat(shares.json().path("current").size()).as(shares.text()).isPositive();
        check.json("GET", "/metrics/sov", shares, 200);
        check.json("GET", "/metrics/sov", api().get(sov + "granularity=week&range=30&view=current" + filters, key), 200);
        check.json("GET", "/metrics/sov", api().get(sov + "granularity=month&range=90&include_project=false&competitors="
                + trello + "&" + project, key), 200);
        check.json("GET", "/metrics/sov", api().get(sov + "range=7&output=flat&" + project, key), 200);
        check.json("GET", "/metrics/sov", api().get(sov + "range=7&output=flat&view=current&" + project, key), 200);
        check.json("GET", "/metrics/sov", api().get(sov + "range=7&output=flat&view=breakdown&" + project, key), 200);
        check.csv("GET", "/metrics/sov", api().get(sov + "range=7&output=csv&view=breakdown&" + project, key));
        check.json("GET", "/metrics/sov", api().get(sov + "view=table&" + project, key), 422);

        String prompts = PREFIX + "/metrics/prompt_summary?";
        check.json("GET", "/metrics/prompt_summary", nonEmpty(api().get(prompts + "range=7&" + project, key)), 200);
        check.json("GET", "/metrics/prompt_summary", nonEmpty(api().get(prompts + "range=7&breakdown=model"
                + "&sort=mention_rate&sort_dir=asc&per_page=5" + filters, key)), 200);
        check.json("GET", "/metrics/prompt_summary", nonEmpty(api().get(prompts + "range=7&breakdown=model&sort=avg_position"
                + "&output=flat&" + project, key)), 200);
        check.csv("GET", "/metrics/prompt_summary", api().get(prompts + "range=7&output=csv&" + project, key));
        check.json("GET", "/metrics/prompt_summary", api().get(prompts + "sort=sentiment&" + project, key), 422);
        check.json("GET", "/metrics/prompt_summary", api().get(prompts + "sort_dir=up&" + project, key), 422);
        check.json("GET", "/metrics/prompt_summary", api().get(prompts + "per_page=101&" + project, key), 422);

        String insights = PREFIX + "/reports/ai_model_insights/";
        ApiClient.Response engines = api().get(insights + "summary?range=7&" + project, key);
        assertThat(engines.json().path("models").size()).as(engines.text()).isPositive();
        check.json("GET", "/reports/ai_model_insights/summary", engines, 200);
        check.json("GET", "/reports/ai_model_insights/summary", api().get(insights + "summary?granularity=week&competitors="
                + trello + "&" + project, key), 200);
        check.json("GET", "/reports/ai_model_insights/summary", api().get(insights + "summary?granularity=year&" + project, key), 422);
        ApiClient.Response positions = api().get(insights + "position_distribution?range=7&granularity=week&brand2="
                + trello + "&" + project, key);
        assertThat(positions.json().path("brands").size()).as(positions.text()).isEqualTo(2);
        check.json("GET", "/reports/ai_model_insights/position_distribution", positions, 200);
        check.json("GET", "/reports/ai_model_insights/position_distribution",
                api().get(insights + "position_distribution?brand1=0&" + project, key), 422);
        check.json("GET", "/reports/ai_model_insights/ai_overview_results",
                api().get(insights + "ai_overview_results?range=7&granularity=week&" + project, key), 200);
        check.json("GET", "/reports/ai_model_insights/ai_overview_results",
                api().get(insights + "ai_overview_results?per_page=0&" + project, key), 422);

        String sources = PREFIX + "/metrics/top_sources?";
        ApiClient.Response top = nonEmpty(api().get(sources + "range=7&" + project, key));
        check.json("GET", "/metrics/top_sources", top, 200);
        String domain = top.json().path("data").get(0).path("domain").asString();
        check.json("GET", "/metrics/top_sources", nonEmpty(api().get(sources + "range=7&sort=avg_visibility&query="
                + domain.substring(0, domain.indexOf('.')).toUpperCase(Locale.ROOT) + "&model=chatgpt&" + project, key)), 200);
        check.json("GET", "/metrics/top_sources", nonEmpty(api().get(sources + "range=7&sort=avg_mention_rate&per_page=2"
                + "&output=flat&" + project, key)), 200);
        check.csv("GET", "/metrics/top_sources", api().get(sources + "range=7&output=csv&" + project, key));
        check.json("GET", "/metrics/top_sources", api().get(sources + "sort=domain&" + project, key), 422);
    }

    /** The metrics answered 200 over at least one bucket with responses, so its points are really checked. */
    private static ApiClient.Response metrics(ApiClient.Response response) {
        assertThat(response.status()).as(response.text()).isEqualTo(200);
        assertThat(response.json().path("periods").values().stream().anyMatch(period -> period.path("responses").asLong() > 0))
                .as(response.text()).isTrue();
        return response;
    }

    /** The list answered 200 with at least one item, so its items are really checked against the document. */
    private static ApiClient.Response nonEmpty(ApiClient.Response response) {
        assertThat(response.status()).as(response.text()).isEqualTo(200);
        assertThat(response.json().path("total").asLong()).as(response.text()).isPositive();
        return response;
    }

    /** A small validator of real answers against the document's schemas, reading the document's own JSON. */
    private static final class Conformance {
        private final JsonNode document;
        private final List<String> problems = new ArrayList<>();
        private final Set<String> covered = new TreeSet<>();

        Conformance(JsonNode document) {
            this.document = document;
        }

        List<String> problems() {
            return problems;
        }

        Set<String> uncovered() {
            Set<String> all = new TreeSet<>();
            for (Map.Entry<String, JsonNode> path : document.path("paths").properties()) {
                for (String method : path.getValue().propertyNames()) {
                    if (!method.equals("parameters")) {
                        all.add(method.toUpperCase(Locale.ROOT) + " " + path.getKey());
                    }
                }
            }
            all.removeAll(covered);
            return all;
        }

        void json(String method, String path, ApiClient.Response response, int expectedStatus) {
            String where = method + " " + path + " -> " + response.status();
            covered.add(method + " " + path);
            if (response.status() != expectedStatus) {
                problems.add(where + ": expected status " + expectedStatus + ", body " + response.text());
                return;
            }
            JsonNode media = documentedResponse(method, path, response.status(), where).path("content").path("application/json");
            if (media.isMissingNode()) {
                problems.add(where + ": no application/json content documented");
                return;
            }
            String contentType = response.header("Content-Type");
            if (contentType == null || !contentType.startsWith("application/json")) {
                problems.add(where + ": Content-Type " + contentType);
                return;
            }
            validate(media.path("schema"), response.json(), where + " $", 0);
        }

        void csv(String method, String path, ApiClient.Response response) {
            String where = method + " " + path + " (csv) -> " + response.status();
            covered.add(method + " " + path);
            JsonNode media = documentedResponse(method, path, response.status(), where).path("content").path("text/csv");
            String contentType = response.header("Content-Type");
            if (response.status() != 200 || media.isMissingNode() || contentType == null || !contentType.startsWith("text/csv")) {
                problems.add(where + ": csv answer not as documented (" + contentType + ")");
            }
        }

        private JsonNode documentedResponse(String method, String path, int status, String where) {
            JsonNode operation = document.path("paths").path(path).path(method.toLowerCase(Locale.ROOT));
            if (operation.isMissingNode()) {
                problems.add(where + ": operation not documented");
                return operation;
            }
            JsonNode documented = deref(operation.path("responses").path(String.valueOf(status)));
            if (documented.isMissingNode()) {
                problems.add(where + ": status not documented");
            }
            return documented;
        }

        private JsonNode deref(JsonNode node) {
            JsonNode current = node;
            for (int hops = 0; current.has("$ref") && hops < 20; hops++) {
                current = document.at(current.path("$ref").asString().substring(1));
            }
            return current;
        }

        /**
         * allOf merged into one view: properties, required, openness, nullability and the simple keywords.
         * {@code additional} is the schema of {@code additionalProperties} when it is one (a map such as the metrics'
         * series keyed by metric name), so the values of such maps are checked too; missing otherwise.
         */
        private record Shape(String type, Map<String, JsonNode> properties, Set<String> required, boolean open,
                             JsonNode additional, JsonNode items, List<JsonNode> enumValues, boolean nullable,
                             List<JsonNode> alternatives) {
        }

        private Shape shape(JsonNode schemaNode) {
            JsonNode schema = deref(schemaNode);
            Map<String, JsonNode> properties = new LinkedHashMap<>();
            Set<String> required = new TreeSet<>();
            List<JsonNode> alternatives = new ArrayList<>();
            String type = schema.path("type").isString() ? schema.path("type").asString() : null;
            boolean open = schema.path("additionalProperties").isObject()
                    || schema.path("additionalProperties").asBoolean(false);
            JsonNode additional = schema.path("additionalProperties").isObject()
                    ? schema.path("additionalProperties") : MissingNode.getInstance();
            JsonNode items = schema.path("items");
            List<JsonNode> enumValues = schema.has("enum") ? new ArrayList<>(schema.path("enum").values()) : null;
            boolean nullable = schema.path("nullable").asBoolean(false);
            for (Map.Entry<String, JsonNode> property : schema.path("properties").properties()) {
                properties.put(property.getKey(), property.getValue());
            }
            schema.path("required").values().forEach(name -> required.add(name.asString()));
            schema.path("oneOf").values().forEach(alternatives::add);
            schema.path("anyOf").values().forEach(alternatives::add);
            for (JsonNode part : schema.path("allOf").values()) {
                Shape inner = shape(part);
                properties.putAll(inner.properties());
                required.addAll(inner.required());
                alternatives.addAll(inner.alternatives());
                open = open || inner.open();
                additional = additional.isMissingNode() ? inner.additional() : additional;
                type = type != null ? type : inner.type();
                items = items.isMissingNode() ? inner.items() : items;
                enumValues = enumValues != null ? enumValues : inner.enumValues();
            }
            if (type == null && !properties.isEmpty()) {
                type = "object";
            }
            return new Shape(type, properties, required, open, additional, items, enumValues, nullable, alternatives);
        }

        private void validate(JsonNode schemaNode, JsonNode value, String at, int depth) {
            problems.addAll(check(schemaNode, value, at, depth));
        }

        private List<String> check(JsonNode schemaNode, JsonNode value, String at, int depth) {
            List<String> found = new ArrayList<>();
            if (depth > 40) {
                return found;
            }
            Shape shape = shape(schemaNode);
            if (value.isNull()) {
                if (!shape.nullable()) {
                    found.add(at + ": null but not nullable");
                }
                return found;
            }
            if (!shape.alternatives().isEmpty()) {
                List<String> first = null;
                for (JsonNode alternative : shape.alternatives()) {
                    List<String> attempt = check(alternative, value, at, depth + 1);
                    if (attempt.isEmpty()) {
                        first = null;
                        break;
                    }
                    if (first == null) {
                        first = attempt;
                    }
                }
                if (first != null) {
                    found.add(at + ": matches no oneOf/anyOf alternative, e.g. " + first);
                    return found;
                }
            }
            if (shape.enumValues() != null && !value.isContainer()) {
                boolean listed = shape.enumValues().stream().anyMatch(allowed -> allowed.equals(value)
                        || allowed.isString() && value.isString() && allowed.asString().equals(value.asString()));
                if (!listed) {
                    found.add(at + ": " + value + " is not in enum " + shape.enumValues());
                }
            }
            String type = shape.type();
            if (type == null) {
                return found;
            }
            switch (type) {
                case "object" -> {
                    if (!value.isObject()) {
                        found.add(at + ": expected an object, got " + value.getNodeType());
                        return found;
                    }
                    for (String name : shape.required()) {
                        if (!value.has(name)) {
                            found.add(at + ": required field '" + name + "' missing");
                        }
                    }
                    for (Map.Entry<String, JsonNode> field : value.properties()) {
                        JsonNode property = shape.properties().get(field.getKey());
                        if (property != null) {
                            found.addAll(check(property, field.getValue(), at + "." + field.getKey(), depth + 1));
                        } else if (!shape.additional().isMissingNode()) {
                            found.addAll(check(shape.additional(), field.getValue(), at + "." + field.getKey(), depth + 1));
                        } else if (!shape.open()) {
                            found.add(at + ": field '" + field.getKey() + "' is not documented");
                        }
                    }
                }
                case "array" -> {
                    if (!value.isArray()) {
                        found.add(at + ": expected an array, got " + value.getNodeType());
                        return found;
                    }
                    if (!shape.items().isMissingNode()) {
                        int index = 0;
                        for (JsonNode item : value) {
                            found.addAll(check(shape.items(), item, at + "[" + index++ + "]", depth + 1));
                        }
                    }
                }
                case "string" -> {
                    if (!value.isString()) {
                        found.add(at + ": expected a string, got " + value);
                    }
                }
                case "integer" -> {
                    if (!value.isIntegralNumber()) {
                        found.add(at + ": expected an integer, got " + value);
                    }
                }
                case "number" -> {
                    if (!value.isNumber()) {
                        found.add(at + ": expected a number, got " + value);
                    }
                }
                case "boolean" -> {
                    if (!value.isBoolean()) {
                        found.add(at + ": expected a boolean, got " + value);
                    }
                }
                default -> found.add(at + ": unknown schema type " + type);
            }
            return found;
        }
    }

    private static List<String> tagsOf(Operation operation) {
        return operation.getTags() == null ? List.of() : operation.getTags();
    }

    private static List<String> enumValues(Schema<?> schema) {
        return schema.getEnum().stream().map(String::valueOf).toList();
    }

    private static SwaggerParseResult parse(String json) {
        ParseOptions options = new ParseOptions();
        options.setResolve(true);
        return new OpenAPIV3Parser().readContents(json, null, options);
    }

    /** {@code METHOD /api/v1/path/{}}: every path variable's name is dropped so only the shape is compared. */
    private static String normalise(String method, String path) {
        String shape = path.replaceAll("\\{[^}]*}", "{}");
        if (shape.length() > 1 && shape.endsWith("/")) {
            shape = shape.substring(0, shape.length() - 1);
        }
        return method.toUpperCase(Locale.ROOT) + " " + shape;
    }

    private static void collectRefs(JsonNode node, List<String> refs) {
        if (node.isObject()) {
            for (Map.Entry<String, JsonNode> property : node.properties()) {
                if (property.getKey().equals("$ref") && property.getValue().isString()) {
                    refs.add(property.getValue().asString());
                } else {
                    collectRefs(property.getValue(), refs);
                }
            }
        } else if (node.isArray()) {
            for (JsonNode child : node) {
                collectRefs(child, refs);
            }
        }
    }
}
