package dev.periscope.execution.engines;

import dev.periscope.execution.engines.EngineAnswer.Citation;
import dev.periscope.execution.engines.EngineAnswer.Usage;
import dev.periscope.execution.engines.EngineException.Kind;
import java.net.URI;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The {@code chatgpt} engine: OpenAI's Responses API ({@code POST {base}/responses}) with the hosted
 * {@code web_search} tool.
 *
 * <p>The answer is the {@code output_text} parts of the {@code message} output items, joined as they come (the
 * way OpenAI's SDKs build {@code output_text}). Visible citations are the parts' {@code url_citation} annotations
 * in the order they appear in that text. The search calls' {@code action.sources} (requested through
 * {@code include}) list every page consulted; those no annotation cites become background sources (position 0).
 * Each search call's {@code action.query} and {@code action.queries} are the fan-out queries.
 */
public final class OpenAiResponsesClient implements EngineClient {
    public static final String MODEL = "chatgpt";
    public static final String ADAPTER = "openai-responses";

    private static final String SOURCES_INCLUDE = "web_search_call.action.sources";
    private static final JsonMapper JSON = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();

    /**
     * @param apiKey        the OpenAI API key, sent as a bearer token
     * @param baseUrl       {@code https://api.openai.com/v1} unless pointed at a gateway or a test server; requests
     *                      go to {@code {baseUrl}/responses}, as with OpenAI's SDKs
     * @param providerModel the OpenAI model that answers, {@code gpt-4.1} by default
     */
    public record Config(String apiKey, String baseUrl, String providerModel) {
        public static final String DEFAULT_BASE_URL = "https://api.openai.com/v1";
        public static final String DEFAULT_MODEL = "gpt-4.1";

        public Config {
            apiKey = apiKey == null ? "" : apiKey.strip();
            baseUrl = baseUrl == null || baseUrl.isBlank() ? DEFAULT_BASE_URL : trimSlashes(baseUrl.strip());
            providerModel = providerModel == null || providerModel.isBlank() ? DEFAULT_MODEL : providerModel.strip();
        }

        /** Never shows the key. */
        @Override
        public String toString() {
            return "OpenAiResponsesClient.Config[baseUrl=" + baseUrl + ", providerModel=" + providerModel
                    + ", apiKey=" + (apiKey.isEmpty() ? "(none)" : "(set)") + "]";
        }
    }

    private final Config config;
    private final EngineHttp http;
    private final URI endpoint;

    public OpenAiResponsesClient(Config config, EngineHttp http) {
        this.config = config;
        this.http = http;
        try {
            this.endpoint = URI.create(config.baseUrl() + "/responses");
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Invalid OpenAI base URL: " + config.baseUrl(), e);
        }
    }

    @Override
    public String model() {
        return MODEL;
    }

    @Override
    public String adapter() {
        return ADAPTER;
    }

    @Override
    public EngineAnswer ask(EngineRequest request) throws EngineException {
        if (config.apiKey().isEmpty()) {
            throw new EngineException(Kind.NOT_CONFIGURED, MODEL + ": no API key configured");
        }
        EngineHttp.Response response;
        try {
            response = http.postJson(endpoint, Map.of("Authorization", "Bearer " + config.apiKey()),
                    requestBody(request));
        } catch (EngineException failure) {
            throw withoutKey(failure);
        }
        try {
            return parse(response.body());
        } catch (EngineException failure) {
            // Provider error messages are quoted into ours; keep the key out of them all the same.
            throw withoutKey(failure);
        }
    }

    /**
     * The prompt goes in verbatim, with no language instruction added: we measure what a user typing this prompt
     * would get, and the prompt's own language already steers the answer's. The market is told through the tool's
     * {@code user_location}, which is where OpenAI takes locale hints for searching.
     */
    String requestBody(EngineRequest request) {
        ObjectNode root = JSON.createObjectNode();
        root.put("model", config.providerModel());
        root.put("input", request.prompt());
        ObjectNode tool = root.putArray("tools").addObject();
        tool.put("type", "web_search");
        String country = countryCode(request.countryCode());
        if (country != null) {
            tool.putObject("user_location").put("type", "approximate").put("country", country);
        }
        root.putArray("include").add(SOURCES_INCLUDE);
        return JSON.writeValueAsString(root);
    }

    EngineAnswer parse(String raw) throws EngineException {
        JsonNode root = readObject(raw);
        String status = string(root.get("status"));
        JsonNode output = root.get("output");
        if (output == null || !output.isArray()) {
            throw failedOr(root, status, "the response has no output list");
        }

        StringBuilder text = new StringBuilder();
        List<Annotation> annotations = new ArrayList<>();
        Set<String> queries = new LinkedHashSet<>();
        Map<String, String> consulted = new LinkedHashMap<>();
        int part = 0;
        for (JsonNode item : items(output)) {
            switch (string(item.get("type"))) {
                case "message" -> {
                    for (JsonNode content : items(item.get("content"))) {
                        if ("output_text".equals(string(content.get("type")))) {
                            text.append(nullToEmpty(string(content.get("text"))));
                            collectAnnotations(content, part++, annotations);
                        }
                    }
                }
                case "web_search_call" -> collectSearch(item.path("action"), queries, consulted);
                case null, default -> {
                    // reasoning items and other tools' calls carry nothing we record
                }
            }
        }

        List<Citation> citations = citations(annotations, consulted);
        // Without text there is nothing a visible citation could point into: consulted sources alone are no answer.
        if (text.toString().isBlank()) {
            throw failedOr(root, status, "empty answer");
        }
        return new EngineAnswer(text.toString(), citations, List.copyOf(queries), false, string(root.get("model")),
                usage(root), raw, Map.of());
    }

    /** One {@code url_citation} annotation; {@code part} and {@code start} place it in the joined text. */
    private record Annotation(int part, int start, int order, String url, String title) {
        static final Comparator<Annotation> BY_APPEARANCE = Comparator.comparingInt(Annotation::part)
                .thenComparingInt(Annotation::start)
                .thenComparingInt(Annotation::order);
    }

    private static void collectAnnotations(JsonNode content, int part, List<Annotation> into) {
        for (JsonNode annotation : items(content.get("annotations"))) {
            String url = string(annotation.get("url"));
            if (!"url_citation".equals(string(annotation.get("type"))) || isBlank(url)) {
                continue;
            }
            // An annotation without a position sorts after the positioned ones of its part, in listed order.
            JsonNode start = annotation.get("start_index");
            int at = start != null && start.isIntegralNumber() && start.canConvertToInt() ? start.intValue()
                    : Integer.MAX_VALUE;
            into.add(new Annotation(part, at, into.size(), url.strip(), blankToNull(string(annotation.get("title")))));
        }
    }

    /** A search action's queries (the older single {@code query}, then {@code queries}) and its sources. */
    private static void collectSearch(JsonNode action, Set<String> queries, Map<String, String> consulted) {
        if (!"search".equals(string(action.get("type")))) {
            return; // open_page and find_in_page revisit pages; they are not searches
        }
        addQuery(queries, string(action.get("query")));
        for (JsonNode query : items(action.get("queries"))) {
            addQuery(queries, string(query));
        }
        for (JsonNode source : items(action.get("sources"))) {
            String url = string(source.get("url"));
            // "api" sources (weather, finance feeds) have a name, not a page to cite
            if ("url".equals(string(source.get("type"))) && !isBlank(url)) {
                consulted.putIfAbsent(url.strip(), null);
            }
        }
    }

    /** Cited URLs numbered by first appearance, then consulted URLs nothing cites at position 0. */
    private static List<Citation> citations(List<Annotation> annotations, Map<String, String> consulted) {
        Map<String, String> visible = new LinkedHashMap<>();
        annotations.stream().sorted(Annotation.BY_APPEARANCE).forEach(a -> putFirst(visible, a.url(), a.title()));
        List<Citation> citations = new ArrayList<>();
        visible.forEach((url, title) -> citations.add(new Citation(url, title, citations.size() + 1)));
        consulted.forEach((url, title) -> {
            if (!visible.containsKey(url)) {
                citations.add(new Citation(url, title, 0));
            }
        });
        return citations;
    }

    /** The first appearance of a URL wins; a later one only fills in a title the first lacked. */
    private static void putFirst(Map<String, String> titles, String url, String title) {
        if (!titles.containsKey(url) || titles.get(url) == null) {
            titles.put(url, title);
        }
    }

    private static void addQuery(Set<String> queries, String query) {
        if (!isBlank(query)) {
            queries.add(query.strip());
        }
    }

    /** A failed or cut-off response explains itself; name the provider's reason instead of ours when there is one. */
    private static EngineException failedOr(JsonNode root, String status, String why) {
        if ("failed".equals(status) || "incomplete".equals(status)) {
            String reason = string(root.path("error").get("message"));
            if (isBlank(reason)) {
                reason = string(root.path("incomplete_details").get("reason"));
            }
            return bad("the response is " + status + (isBlank(reason) ? "" : ": " + reason.strip()));
        }
        return bad(why);
    }

    private static Usage usage(JsonNode root) {
        JsonNode usage = root.get("usage");
        if (usage == null || !usage.isObject()) {
            return Usage.UNKNOWN;
        }
        return new Usage(count(usage.get("input_tokens")), count(usage.get("output_tokens")), null);
    }

    private static Long count(JsonNode node) {
        return node != null && node.isIntegralNumber() && node.canConvertToLong() && node.longValue() >= 0
                ? node.longValue() : null;
    }

    private static JsonNode readObject(String raw) throws EngineException {
        if (raw == null || raw.isBlank()) {
            throw bad("the response body is empty");
        }
        JsonNode root;
        try {
            root = JSON.readTree(raw);
        } catch (JacksonException e) {
            throw bad("the response is not valid JSON (truncated or malformed)");
        }
        if (root == null || !root.isObject()) {
            throw bad("the response is not a JSON object");
        }
        return root;
    }

    /** The transport quotes the provider's error body; make sure the key is never part of a message. */
    private EngineException withoutKey(EngineException failure) {
        String message = failure.getMessage();
        if (message == null || config.apiKey().isEmpty() || !message.contains(config.apiKey())) {
            return failure;
        }
        return new EngineException(failure.kind(), message.replace(config.apiKey(), "[redacted]"),
                failure.httpStatus(), failure.retryAfter(), failure.getCause());
    }

    /** OpenAI wants an ISO 3166-1 alpha-2 code; anything else would make it reject the whole request. */
    private static String countryCode(String code) {
        if (code == null || !code.strip().matches("[A-Za-z]{2}")) {
            return null;
        }
        return code.strip().toUpperCase(Locale.ROOT);
    }

    private static EngineException bad(String why) {
        return new EngineException(Kind.BAD_RESPONSE, MODEL + ": " + why);
    }

    /** The elements of a JSON array; nothing for anything else, so a mis-shaped field is simply skipped. */
    private static Iterable<JsonNode> items(JsonNode node) {
        return node != null && node.isArray() ? node.values() : List.of();
    }

    private static String string(JsonNode node) {
        return node != null && node.isString() ? node.stringValue() : null;
    }

    private static String nullToEmpty(String value) {
        return value == null ? "" : value;
    }

    private static boolean isBlank(String value) {
        return value == null || value.isBlank();
    }

    private static String blankToNull(String value) {
        return isBlank(value) ? null : value.strip();
    }

    private static String trimSlashes(String url) {
        String trimmed = url;
        while (trimmed.endsWith("/")) {
            trimmed = trimmed.substring(0, trimmed.length() - 1);
        }
        return trimmed;
    }
}
