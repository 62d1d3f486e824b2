package dev.periscope.http;

import static org.assertj.core.api.Assertions.assertThat;

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
