package dev.periscope.execution.engines;

import static dev.periscope.execution.engines.ProviderJson.blankToNull;
import static dev.periscope.execution.engines.ProviderJson.countryCode;
import static dev.periscope.execution.engines.ProviderJson.isBlank;
import static dev.periscope.execution.engines.ProviderJson.items;
import static dev.periscope.execution.engines.ProviderJson.nullToEmpty;
import static dev.periscope.execution.engines.ProviderJson.string;
import static dev.periscope.execution.engines.ProviderJson.usage;

import dev.periscope.execution.engines.EngineException.Kind;
import java.net.URI;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
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
            baseUrl = EngineHttp.baseUrl(baseUrl, DEFAULT_BASE_URL);
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
            throw failure.withoutSecret(config.apiKey());
        }
        try {
            return parse(response.body());
        } catch (EngineException failure) {
            // Provider error messages are quoted into ours; keep the key out of them all the same.
            throw failure.withoutSecret(config.apiKey());
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
        JsonNode root = ProviderJson.readObject(JSON, raw, MODEL);
        String status = string(root.get("status"));
        JsonNode output = root.get("output");
        if (output == null || !output.isArray()) {
            throw failedOr(root, status, "the response has no output list");
        }

        StringBuilder text = new StringBuilder();
        List<Annotation> annotations = new ArrayList<>();
        Set<String> queries = new LinkedHashSet<>();
        Citations citations = Citations.fillingTitles();
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
                case "web_search_call" -> collectSearch(item.path("action"), queries, citations);
                case null, default -> {
                    // reasoning items and other tools' calls carry nothing we record
                }
            }
        }

        // Cited URLs numbered by first appearance in the text, then consulted URLs nothing cites at position 0.
        annotations.stream().sorted(Annotation.BY_APPEARANCE).forEach(a -> citations.cite(a.url(), a.title()));
        // Without text there is nothing a visible citation could point into: consulted sources alone are no answer.
        if (text.toString().isBlank()) {
            throw failedOr(root, status, "empty answer");
        }
        return new EngineAnswer(text.toString(), citations.list(), List.copyOf(queries), false,
                string(root.get("model")), usage(root.get("usage"), "input_tokens", "output_tokens"), raw, Map.of());
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
    private static void collectSearch(JsonNode action, Set<String> queries, Citations citations) {
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
                citations.consult(url.strip(), null);
            }
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

    private static EngineException bad(String why) {
        return ProviderJson.badResponse(MODEL, why);
    }
}
