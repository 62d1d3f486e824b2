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
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The {@code claude} engine: Anthropic's Messages API ({@code POST {base}/v1/messages}) with the server-side
 * {@code web_search} tool.
 *
 * <p>Claude answers in a sequence of content blocks: text, the searches it runs ({@code server_tool_use}) and their
 * results ({@code web_search_tool_result}). The answer is the text blocks in order. Visible citations are the text
 * blocks' {@code web_search_result_location} citations in order of first appearance; search results no text cites
 * are background sources (position 0); each search's {@code input.query} is a fan-out query.
 */
public final class AnthropicClient implements EngineClient {
    public static final String MODEL = "claude";
    public static final String ADAPTER = "anthropic-messages";

    static final String API_VERSION = "2023-06-01";
    static final int MAX_TOKENS = 2048;
    static final int MAX_SEARCHES = 5;
    private static final JsonMapper JSON = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();

    /**
     * @param apiKey        the Anthropic API key, sent as {@code x-api-key}
     * @param baseUrl       {@code https://api.anthropic.com} unless pointed at a gateway or a test server; requests go
     *                      to {@code {baseUrl}/v1/messages}, as with Anthropic's SDKs
     * @param providerModel the Claude model that answers, {@code claude-sonnet-4-5} by default
     */
    public record Config(String apiKey, String baseUrl, String providerModel) {
        public static final String DEFAULT_BASE_URL = "https://api.anthropic.com";
        public static final String DEFAULT_MODEL = "claude-sonnet-4-5";

        public Config {
            apiKey = apiKey == null ? "" : apiKey.strip();
            baseUrl = EngineHttp.baseUrl(baseUrl, DEFAULT_BASE_URL);
            providerModel = providerModel == null || providerModel.isBlank() ? DEFAULT_MODEL : providerModel.strip();
        }

        /** Never shows the key. */
        @Override
        public String toString() {
            return "AnthropicClient.Config[baseUrl=" + baseUrl + ", providerModel=" + providerModel + ", apiKey="
                    + (apiKey.isEmpty() ? "(none)" : "(set)") + "]";
        }
    }

    private final Config config;
    private final EngineHttp http;
    private final URI endpoint;

    public AnthropicClient(Config config, EngineHttp http) {
        this.config = config;
        this.http = http;
        try {
            this.endpoint = URI.create(config.baseUrl() + "/v1/messages");
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Invalid Anthropic base URL: " + config.baseUrl(), e);
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
            response = http.postJson(endpoint, Map.of("x-api-key", config.apiKey(), "anthropic-version", API_VERSION),
                    requestBody(request));
        } catch (EngineException failure) {
            throw failure.withoutSecret(config.apiKey());
        }
        try {
            return parse(response.body());
        } catch (EngineException failure) {
            throw failure.withoutSecret(config.apiKey());
        }
    }

    /**
     * The prompt goes in verbatim as the user's message, with no system prompt or language instruction: we measure
     * what a user typing this prompt would get, and its own language steers the answer's. The market goes into the
     * search tool's {@code user_location}.
     */
    String requestBody(EngineRequest request) {
        ObjectNode root = JSON.createObjectNode();
        root.put("model", config.providerModel());
        root.put("max_tokens", MAX_TOKENS);
        ObjectNode message = root.putArray("messages").addObject();
        message.put("role", "user");
        message.put("content", request.prompt());
        ObjectNode tool = root.putArray("tools").addObject();
        tool.put("type", "web_search_20250305");
        tool.put("name", "web_search");
        tool.put("max_uses", MAX_SEARCHES);
        String country = countryCode(request.countryCode());
        if (country != null) {
            tool.putObject("user_location").put("type", "approximate").put("country", country);
        }
        return JSON.writeValueAsString(root);
    }

    EngineAnswer parse(String raw) throws EngineException {
        JsonNode root = ProviderJson.readObject(JSON, raw, MODEL);
        if ("error".equals(string(root.get("type")))) {
            String reason = string(root.path("error").get("message"));
            throw bad("the provider reported an error" + (isBlank(reason) ? "" : ": " + reason.strip()));
        }
        JsonNode content = root.get("content");
        if (content == null || !content.isArray()) {
            throw bad("the response has no content list");
        }

        StringBuilder text = new StringBuilder();
        // Cited URLs numbered by first appearance, then search results nothing cites at position 0.
        Citations citations = Citations.fillingTitles();
        Set<String> queries = new LinkedHashSet<>();
        boolean afterTool = false;
        for (JsonNode block : items(content)) {
            switch (string(block.get("type"))) {
                case "text" -> {
                    appendText(text, nullToEmpty(string(block.get("text"))), afterTool);
                    afterTool = false;
                    collectCitations(block, citations);
                }
                case "server_tool_use" -> {
                    if ("web_search".equals(string(block.get("name")))) {
                        addQuery(queries, string(block.path("input").get("query")));
                    }
                    afterTool = true;
                }
                case "web_search_tool_result" -> {
                    collectResults(block, citations);
                    afterTool = true;
                }
                case null, default -> {
                    // thinking blocks and the like carry nothing we record
                }
            }
        }

        // Without text there is nothing a visible citation could point into: search results alone are no answer.
        if (text.toString().isBlank()) {
            String stop = string(root.get("stop_reason"));
            throw bad("empty answer" + (isBlank(stop) ? "" : " (stop_reason " + stop + ")"));
        }
        return new EngineAnswer(text.toString(), citations.list(), List.copyOf(queries), false,
                string(root.get("model")), usage(root.get("usage"), "input_tokens", "output_tokens"), raw, Map.of());
    }

    /**
     * Consecutive text blocks are one passage that Claude split where citations start and end, so they join as
     * they are. Text that resumes after a search is a new passage ("I'll search for..." before, the answer after);
     * a paragraph break keeps the two from running into one sentence.
     */
    private static void appendText(StringBuilder text, String block, boolean afterTool) {
        if (afterTool && !text.isEmpty() && !block.isEmpty()) {
            text.append("\n\n");
        }
        text.append(block);
    }

    private static void collectCitations(JsonNode block, Citations citations) {
        for (JsonNode citation : items(block.get("citations"))) {
            String url = string(citation.get("url"));
            if ("web_search_result_location".equals(string(citation.get("type"))) && !isBlank(url)) {
                citations.cite(url.strip(), blankToNull(string(citation.get("title"))));
            }
        }
    }

    /** A failed search carries an error object instead of a result list; it simply adds nothing. */
    private static void collectResults(JsonNode block, Citations citations) {
        for (JsonNode result : items(block.get("content"))) {
            String url = string(result.get("url"));
            if ("web_search_result".equals(string(result.get("type"))) && !isBlank(url)) {
                citations.consult(url.strip(), blankToNull(string(result.get("title"))));
            }
        }
    }

    private static void addQuery(Set<String> queries, String query) {
        if (!isBlank(query)) {
            queries.add(query.strip());
        }
    }

    private static EngineException bad(String why) {
        return ProviderJson.badResponse(MODEL, why);
    }
}
