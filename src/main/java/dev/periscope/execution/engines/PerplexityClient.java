package dev.periscope.execution.engines;

import static dev.periscope.execution.engines.ProviderJson.blankToNull;
import static dev.periscope.execution.engines.ProviderJson.isBlank;
import static dev.periscope.execution.engines.ProviderJson.string;
import static dev.periscope.execution.engines.ProviderJson.usage;

import dev.periscope.execution.engines.EngineAnswer.Citation;
import dev.periscope.execution.engines.EngineAnswer.Usage;
import dev.periscope.execution.engines.EngineException.Kind;
import java.math.BigDecimal;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Perplexity Sonar through its chat completions endpoint ({@code POST {base}/chat/completions}).
 *
 * <p>The answer is {@code choices[0].message.content}. Its {@code [n]} markers (also {@code [1][2]} and
 * {@code [1, 3]}) are 1-based indexes into the top-level {@code search_results} list, or into the older
 * {@code citations} list of URLs when there are no search results. A source's visible position is the order of its
 * first marker; sources no marker points at are background sources (position 0). Sonar does not report the searches
 * it ran, except as {@code reasoning_steps[].web_search.search_keywords} on models that return reasoning steps;
 * those become the fan-out queries. Usage and cost come from the {@code usage} block.
 */
public final class PerplexityClient implements EngineClient {
    public static final String MODEL = "perplexity";
    public static final String ADAPTER = "perplexity-sonar";

    private static final Pattern MARKER = Pattern.compile("\\[(\\d{1,4}(?:\\s*,\\s*\\d{1,4})*)]");
    private static final JsonMapper JSON = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();

    /**
     * @param apiKey        the Perplexity API key, sent as a bearer token
     * @param baseUrl       {@code https://api.perplexity.ai} unless pointed at a gateway or a test server
     * @param providerModel the Sonar model, {@code sonar} by default
     */
    public record Config(String apiKey, String baseUrl, String providerModel) {
        public static final String DEFAULT_BASE_URL = "https://api.perplexity.ai";
        public static final String DEFAULT_MODEL = "sonar";

        public Config {
            apiKey = apiKey == null ? "" : apiKey.strip();
            baseUrl = EngineHttp.baseUrl(baseUrl, DEFAULT_BASE_URL);
            providerModel = providerModel == null || providerModel.isBlank() ? DEFAULT_MODEL : providerModel.strip();
        }

        /** Never shows the key. */
        @Override
        public String toString() {
            return "PerplexityClient.Config[baseUrl=" + baseUrl + ", providerModel=" + providerModel + ", apiKey="
                    + (apiKey.isEmpty() ? "(none)" : "(set)") + "]";
        }
    }

    private final Config config;
    private final EngineHttp http;
    private final URI endpoint;

    public PerplexityClient(Config config, EngineHttp http) {
        this.config = config;
        this.http = http;
        try {
            this.endpoint = URI.create(config.baseUrl() + "/chat/completions");
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Invalid Perplexity base URL: " + config.baseUrl(), e);
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
            throw new EngineException(Kind.NOT_CONFIGURED, "perplexity: no API key configured");
        }
        String body = requestBody(request);
        EngineHttp.Response response;
        try {
            response = http.postJson(endpoint, Map.of("Authorization", "Bearer " + config.apiKey()), body);
        } catch (EngineException failure) {
            throw failure.withoutSecret(config.apiKey());
        }
        return parse(response.body());
    }

    String requestBody(EngineRequest request) {
        ObjectNode root = JSON.createObjectNode();
        root.put("model", config.providerModel());
        ObjectNode message = root.putArray("messages").addObject();
        message.put("role", "user");
        message.put("content", request.prompt());
        String country = request.countryCode();
        if (country != null && !country.isBlank()) {
            root.putObject("web_search_options").putObject("user_location")
                    .put("country", country.strip().toUpperCase(Locale.ROOT));
        }
        return JSON.writeValueAsString(root);
    }

    EngineAnswer parse(String raw) throws EngineException {
        JsonNode root = ProviderJson.readObject(JSON, raw, MODEL,
                MODEL + " returned a body that is not valid JSON (truncated or malformed)");
        JsonNode choices = root.get("choices");
        if (choices == null || !choices.isArray() || choices.isEmpty()) {
            throw bad("the response has no choices");
        }
        JsonNode message = choices.get(0).get("message");
        if (message == null || !message.isObject()) {
            throw bad("the first choice has no message");
        }
        String text = content(message.get("content"));

        List<Source> sources = sources(root);
        List<Citation> citations = citations(text, sources);
        if (text.isBlank() && citations.isEmpty()) {
            throw bad("empty answer");
        }
        Usage usage = usage(root.get("usage"), "prompt_tokens", "completion_tokens", PerplexityClient::cost);
        return new EngineAnswer(text, citations, fanOut(message), false, string(root.get("model")), usage, raw,
                Map.of());
    }

    /** The message text: a string, or (OpenAI-style) a list of parts whose text parts are joined. */
    private static String content(JsonNode content) throws EngineException {
        if (content == null || content.isNull()) {
            return "";
        }
        if (content.isString()) {
            return content.stringValue();
        }
        if (!content.isArray()) {
            throw bad("the message content is not text");
        }
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < content.size(); i++) {
            JsonNode part = content.get(i);
            String piece = string(part.get("text"));
            if (piece != null && "text".equals(string(part.get("type")))) {
                text.append(piece);
            }
        }
        return text.toString();
    }

    /** The numbered source list the markers refer to; an entry without a usable URL keeps its slot as null. */
    private static List<Source> sources(JsonNode root) throws EngineException {
        List<Source> sources = new ArrayList<>();
        JsonNode results = root.get("search_results");
        if (results != null && results.isArray() && !results.isEmpty()) {
            for (int i = 0; i < results.size(); i++) {
                JsonNode item = results.get(i);
                String url = item.isObject() ? string(item.get("url")) : null;
                sources.add(isBlank(url) ? null : new Source(url.strip(), blankToNull(string(item.get("title")))));
            }
            return sources;
        }
        JsonNode urls = root.get("citations");
        if (urls != null && !urls.isNull()) {
            if (!urls.isArray()) {
                throw bad("citations is not a list");
            }
            for (int i = 0; i < urls.size(); i++) {
                String url = string(urls.get(i));
                sources.add(isBlank(url) ? null : new Source(url.strip(), null));
            }
        }
        return sources;
    }

    /** Visible sources in order of their first marker, then the others as background sources. */
    private static List<Citation> citations(String text, List<Source> sources) {
        Citations citations = Citations.firstWins();
        Matcher marker = MARKER.matcher(text);
        while (marker.find()) {
            for (String number : marker.group(1).split(",")) {
                int index = Integer.parseInt(number.strip()) - 1;
                if (index < 0 || index >= sources.size() || sources.get(index) == null) {
                    continue;
                }
                Source source = sources.get(index);
                citations.cite(source.url(), source.title());
            }
        }
        for (Source source : sources) {
            if (source != null) {
                citations.consult(source.url(), source.title());
            }
        }
        return citations.list();
    }

    /** {@code reasoning_steps[].web_search.search_keywords}, when the model reports its searches. */
    private static List<String> fanOut(JsonNode message) {
        Set<String> queries = new LinkedHashSet<>();
        JsonNode steps = message.get("reasoning_steps");
        if (steps != null && steps.isArray()) {
            for (int i = 0; i < steps.size(); i++) {
                JsonNode keywords = steps.get(i).path("web_search").path("search_keywords");
                for (int k = 0; keywords.isArray() && k < keywords.size(); k++) {
                    String query = string(keywords.get(k));
                    if (!isBlank(query)) {
                        queries.add(query.strip());
                    }
                }
            }
        }
        return List.copyOf(queries);
    }

    /** The usage's {@code cost.total_cost}, in US dollars. */
    private static BigDecimal cost(JsonNode usage) {
        JsonNode cost = usage.path("cost").path("total_cost");
        return cost.isNumber() ? cost.decimalValue() : null;
    }

    private static EngineException bad(String why) {
        return ProviderJson.badResponse(MODEL, why);
    }

    private record Source(String url, String title) {
    }
}
