package dev.periscope.execution.engines;

import static dev.periscope.execution.engines.ProviderJson.blankToNull;
import static dev.periscope.execution.engines.ProviderJson.isBlank;
import static dev.periscope.execution.engines.ProviderJson.string;
import static dev.periscope.execution.engines.ProviderJson.usage;

import dev.periscope.execution.engines.EngineAnswer.Citation;
import dev.periscope.execution.engines.EngineException.Kind;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Gemini's {@code generateContent} with the {@code google_search} tool
 * ({@code POST {base}/v1beta/models/{model}:generateContent}).
 *
 * <p>The answer is the text of {@code candidates[0].content.parts}. Its sources are the grounding chunks of
 * {@code candidates[0].groundingMetadata}: walking {@code groundingSupports} in order (and each support's chunk
 * indices in order), the first reference to a chunk gives its visible position; chunks no support refers to are
 * background sources (position 0). Chunk links are usually grounding redirects; {@link GroundingRedirects} turns
 * them into the real URLs, and a link that does not resolve is kept with the chunk's title (the site's domain) as
 * {@link Citation#domain()}. {@code webSearchQueries} are the fan-out queries. Gemini reports tokens but no cost.
 */
public final class GeminiClient implements EngineClient {
    public static final String MODEL = "gemini";
    public static final String ADAPTER = "gemini-generate-content";

    /** Finish reasons for which Gemini withholds the answer. */
    private static final Set<String> BLOCKED = Set.of("SAFETY", "RECITATION", "BLOCKLIST", "PROHIBITED_CONTENT",
            "SPII", "IMAGE_SAFETY");
    private static final Pattern DOMAIN = Pattern.compile(
            "(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]");
    private static final JsonMapper JSON = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();

    /**
     * @param apiKey        the Gemini API key, sent in {@code x-goog-api-key}
     * @param baseUrl       {@code https://generativelanguage.googleapis.com} unless pointed elsewhere
     * @param providerModel the Gemini model, {@code gemini-2.5-flash} by default
     */
    public record Config(String apiKey, String baseUrl, String providerModel) {
        public static final String DEFAULT_BASE_URL = "https://generativelanguage.googleapis.com";
        public static final String DEFAULT_MODEL = "gemini-2.5-flash";

        public Config {
            apiKey = apiKey == null ? "" : apiKey.strip();
            baseUrl = EngineHttp.baseUrl(baseUrl, DEFAULT_BASE_URL);
            providerModel = providerModel == null || providerModel.isBlank() ? DEFAULT_MODEL : providerModel.strip();
            if (providerModel.startsWith("models/")) {
                providerModel = providerModel.substring("models/".length());
            }
        }

        /** Never shows the key. */
        @Override
        public String toString() {
            return "GeminiClient.Config[baseUrl=" + baseUrl + ", providerModel=" + providerModel + ", apiKey="
                    + (apiKey.isEmpty() ? "(none)" : "(set)") + "]";
        }
    }

    private final Config config;
    private final EngineHttp http;
    private final GroundingRedirects redirects;
    private final URI endpoint;

    public GeminiClient(Config config, EngineHttp http, GroundingRedirects redirects) {
        this.config = config;
        this.http = http;
        this.redirects = redirects;
        if (!config.providerModel().matches("[A-Za-z0-9._-]+")) {
            throw new IllegalArgumentException("Invalid Gemini model name: " + config.providerModel());
        }
        try {
            this.endpoint = URI.create(config.baseUrl() + "/v1beta/models/" + config.providerModel()
                    + ":generateContent");
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Invalid Gemini base URL: " + config.baseUrl(), e);
        }
    }

    /** With a redirect resolver of default settings. */
    public GeminiClient(Config config, EngineHttp http) {
        this(config, http, new GroundingRedirects(GroundingRedirects.Settings.defaults()));
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
            throw new EngineException(Kind.NOT_CONFIGURED, "gemini: no API key configured");
        }
        EngineHttp.Response response;
        try {
            response = http.postJson(endpoint, Map.of("x-goog-api-key", config.apiKey()), requestBody(request));
        } catch (EngineException failure) {
            throw failure.withoutSecret(config.apiKey());
        }
        return parse(response.body());
    }

    String requestBody(EngineRequest request) {
        ObjectNode root = JSON.createObjectNode();
        ObjectNode content = root.putArray("contents").addObject();
        content.put("role", "user");
        content.putArray("parts").addObject().put("text", request.prompt());
        root.putArray("tools").addObject().putObject("google_search");
        return JSON.writeValueAsString(root);
    }

    EngineAnswer parse(String raw) throws EngineException {
        JsonNode root = ProviderJson.readObject(JSON, raw, MODEL,
                MODEL + " returned a body that is not valid JSON (truncated or malformed)");
        JsonNode candidates = root.get("candidates");
        if (candidates == null || !candidates.isArray() || candidates.isEmpty()) {
            String blocked = string(root.path("promptFeedback").get("blockReason"));
            throw bad(blocked == null ? "the response has no candidates" : "the prompt was blocked: " + blocked);
        }
        JsonNode candidate = candidates.get(0);
        if (!candidate.isObject()) {
            throw bad("the first candidate is not an object");
        }
        String text = text(candidate);
        String finishReason = string(candidate.get("finishReason"));
        if (text.isBlank() && finishReason != null && BLOCKED.contains(finishReason)) {
            throw bad("no answer, finish reason " + finishReason);
        }

        JsonNode grounding = candidate.path("groundingMetadata");
        List<Chunk> chunks = chunks(grounding);
        List<Citation> citations = citations(chunks, order(grounding, chunks.size()));
        if (text.isBlank() && citations.isEmpty()) {
            throw bad(finishReason == null || finishReason.equals("STOP") ? "empty answer"
                    : "empty answer, finish reason " + finishReason);
        }
        return new EngineAnswer(text, citations, fanOut(grounding), false, string(root.get("modelVersion")),
                usage(root.get("usageMetadata"), "promptTokenCount", "candidatesTokenCount"), raw, Map.of());
    }

    private static String text(JsonNode candidate) throws EngineException {
        JsonNode content = candidate.get("content");
        if (content == null || content.isNull()) {
            return "";
        }
        JsonNode parts = content.get("parts");
        if (parts == null || parts.isNull()) {
            return "";
        }
        if (!parts.isArray()) {
            throw bad("content.parts is not a list");
        }
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < parts.size(); i++) {
            JsonNode part = parts.get(i);
            if (part.path("thought").asBoolean(false)) {
                continue;
            }
            String piece = string(part.get("text"));
            if (piece != null) {
                text.append(piece);
            }
        }
        return text.toString();
    }

    /** The web chunks by index; a chunk that is not a web source keeps its slot as null. */
    private static List<Chunk> chunks(JsonNode grounding) {
        List<Chunk> chunks = new ArrayList<>();
        JsonNode list = grounding.path("groundingChunks");
        for (int i = 0; list.isArray() && i < list.size(); i++) {
            JsonNode web = list.get(i).path("web");
            String uri = string(web.get("uri"));
            chunks.add(isBlank(uri) ? null : new Chunk(uri.strip(), blankToNull(string(web.get("title")))));
        }
        return chunks;
    }

    /** Chunk indexes in order of their first reference by a grounding support. */
    private static List<Integer> order(JsonNode grounding, int chunkCount) {
        Set<Integer> order = new LinkedHashSet<>();
        JsonNode supports = grounding.path("groundingSupports");
        for (int s = 0; supports.isArray() && s < supports.size(); s++) {
            JsonNode indices = supports.get(s).path("groundingChunkIndices");
            for (int i = 0; indices.isArray() && i < indices.size(); i++) {
                JsonNode index = indices.get(i);
                if (index.isIntegralNumber() && index.canConvertToInt()
                        && index.intValue() >= 0 && index.intValue() < chunkCount) {
                    order.add(index.intValue());
                }
            }
        }
        return List.copyOf(order);
    }

    private List<Citation> citations(List<Chunk> chunks, List<Integer> visibleOrder) {
        List<String> links = new ArrayList<>();
        for (Chunk chunk : chunks) {
            if (chunk != null && GroundingRedirects.isRedirect(chunk.uri())) {
                links.add(chunk.uri());
            }
        }
        Map<String, String> resolved = links.isEmpty() ? Map.of() : redirects.resolveAll(links);
        List<Source> sources = new ArrayList<>();
        for (Chunk chunk : chunks) {
            sources.add(chunk == null ? null : source(chunk, resolved));
        }

        Citations citations = Citations.firstWins();
        for (int index : visibleOrder) {
            Source source = sources.get(index);
            if (source != null) {
                citations.cite(source.url(), source.title(), source.domain());
            }
        }
        for (Source source : sources) {
            if (source != null) {
                citations.consult(source.url(), source.title(), source.domain());
            }
        }
        return citations.list();
    }

    /** Where the chunk's link leads; an unresolved redirect link stays, with the domain its title names. */
    private static Source source(Chunk chunk, Map<String, String> resolved) {
        String target = resolved.get(chunk.uri());
        if (target != null) {
            return new Source(target, chunk.title(), null);
        }
        String domain = GroundingRedirects.isRedirect(chunk.uri()) ? domainOf(chunk.title()) : null;
        return new Source(chunk.uri(), chunk.title(), domain);
    }

    /** Gemini titles a grounding chunk with the site's domain; use it when it looks like one. */
    static String domainOf(String title) {
        if (title == null) {
            return null;
        }
        String candidate = title.strip().toLowerCase(Locale.ROOT);
        return DOMAIN.matcher(candidate).matches() ? candidate : null;
    }

    private static List<String> fanOut(JsonNode grounding) {
        Set<String> queries = new LinkedHashSet<>();
        JsonNode list = grounding.path("webSearchQueries");
        for (int i = 0; list.isArray() && i < list.size(); i++) {
            String query = string(list.get(i));
            if (!isBlank(query)) {
                queries.add(query.strip());
            }
        }
        return List.copyOf(queries);
    }

    private static EngineException bad(String why) {
        return ProviderJson.badResponse(MODEL, why);
    }

    private record Chunk(String uri, String title) {
    }

    /** A chunk's page as cited: its URL, title and, for an unresolved redirect link, the site's domain. */
    private record Source(String url, String title, String domain) {
    }
}
