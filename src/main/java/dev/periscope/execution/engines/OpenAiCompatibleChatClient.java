package dev.periscope.execution.engines;

import static dev.periscope.execution.engines.ProviderJson.blankToNull;
import static dev.periscope.execution.engines.ProviderJson.isBlank;
import static dev.periscope.execution.engines.ProviderJson.items;
import static dev.periscope.execution.engines.ProviderJson.nullToEmpty;
import static dev.periscope.execution.engines.ProviderJson.string;
import static dev.periscope.execution.engines.ProviderJson.usage;

import dev.periscope.execution.engines.EngineAnswer.Citation;
import dev.periscope.execution.engines.EngineAnswer.Usage;
import java.math.BigDecimal;
import java.net.URI;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Any model behind an OpenAI-compatible chat completions endpoint ({@code POST {base}/chat/completions}):
 * OpenRouter, LiteLLM, vLLM, Ollama... so self-hosters can track the models they run. The model id it records is
 * whatever the configuration calls it.
 *
 * <p>The answer is {@code choices[0].message.content}. Sources come from the message's {@code url_citation}
 * annotations (OpenRouter's web plugin, OpenAI search models) or else from a top-level {@code citations} list of
 * URLs (Perplexity-style gateways), numbered in the order given. Most local models cite nothing structured; the
 * URLs they write into the text are found later by extraction. There is no search fan-out to report.
 */
public final class OpenAiCompatibleChatClient implements EngineClient {
    public static final String ADAPTER = "openai-chat";

    private static final JsonMapper JSON = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();

    /**
     * @param modelId       the model id recorded on executions, e.g. {@code llama}
     * @param apiKey        sent as a bearer token when set; local servers usually need none
     * @param baseUrl       the endpoint's base, e.g. {@code https://openrouter.ai/api/v1} or
     *                      {@code http://localhost:11434/v1}; requests go to {@code {baseUrl}/chat/completions}
     * @param providerModel the model name the endpoint knows, e.g. {@code meta-llama/llama-3.3-70b-instruct}
     */
    public record Config(String modelId, String apiKey, String baseUrl, String providerModel) {
        public Config {
            modelId = required(modelId, "a model id");
            apiKey = apiKey == null ? "" : apiKey.strip();
            baseUrl = EngineHttp.withoutTrailingSlashes(required(baseUrl, "a base URL"));
            providerModel = required(providerModel, "a provider model name");
        }

        /** Never shows the key. */
        @Override
        public String toString() {
            return "OpenAiCompatibleChatClient.Config[modelId=" + modelId + ", baseUrl=" + baseUrl
                    + ", providerModel=" + providerModel + ", apiKey=" + (apiKey.isEmpty() ? "(none)" : "(set)") + "]";
        }

        private static String required(String value, String what) {
            if (value == null || value.isBlank()) {
                throw new IllegalArgumentException("An OpenAI-compatible engine needs " + what);
            }
            return value.strip();
        }
    }

    private final Config config;
    private final EngineHttp http;
    private final URI endpoint;

    public OpenAiCompatibleChatClient(Config config, EngineHttp http) {
        this.config = config;
        this.http = http;
        try {
            this.endpoint = URI.create(config.baseUrl() + "/chat/completions");
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Invalid base URL for engine " + config.modelId() + ": "
                    + config.baseUrl(), e);
        }
    }

    @Override
    public String model() {
        return config.modelId();
    }

    @Override
    public String adapter() {
        return ADAPTER;
    }

    @Override
    public EngineAnswer ask(EngineRequest request) throws EngineException {
        // Local servers (Ollama, vLLM) take no key; sending an empty bearer token would only confuse gateways.
        Map<String, String> headers = config.apiKey().isEmpty() ? Map.of()
                : Map.of("Authorization", "Bearer " + config.apiKey());
        EngineHttp.Response response;
        try {
            response = http.postJson(endpoint, headers, requestBody(request));
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
     * Only the prompt, verbatim: no system prompt, language instruction or sampling settings, so the model answers
     * as it would a user and the body stays within what every compatible server accepts.
     */
    String requestBody(EngineRequest request) {
        ObjectNode root = JSON.createObjectNode();
        root.put("model", config.providerModel());
        ObjectNode message = root.putArray("messages").addObject();
        message.put("role", "user");
        message.put("content", request.prompt());
        return JSON.writeValueAsString(root);
    }

    EngineAnswer parse(String raw) throws EngineException {
        JsonNode root = ProviderJson.readObject(JSON, raw, config.modelId());
        JsonNode choices = root.get("choices");
        if (choices == null || !choices.isArray() || choices.isEmpty()) {
            // Gateways report upstream failures as an error object, sometimes with status 200.
            String reason = string(root.path("error").get("message"));
            throw bad("the response has no choices" + (isBlank(reason) ? "" : ": " + reason.strip()));
        }
        JsonNode message = choices.get(0).get("message");
        if (message == null || !message.isObject()) {
            throw bad("the first choice has no message");
        }
        String text = content(message.get("content"));
        List<Citation> citations = citations(message, root);
        if (text.isBlank() && citations.isEmpty()) {
            throw bad("empty answer");
        }
        Usage usage = usage(root.get("usage"), "prompt_tokens", "completion_tokens", OpenAiCompatibleChatClient::cost);
        return new EngineAnswer(text, citations, List.of(), false, string(root.get("model")), usage, raw, Map.of());
    }

    /** Content is a string, or with some servers a list of text parts; null when the model produced none. */
    private String content(JsonNode content) throws EngineException {
        if (content == null || content.isNull()) {
            return "";
        }
        if (content.isString()) {
            return content.stringValue();
        }
        if (content.isArray()) {
            StringBuilder text = new StringBuilder();
            for (JsonNode part : content.values()) {
                if ("text".equals(string(part.get("type")))) {
                    text.append(nullToEmpty(string(part.get("text"))));
                }
            }
            return text.toString();
        }
        throw bad("the message content is not text");
    }

    /** Annotations when the message has any, else the top-level URL list; numbered in the order given. */
    private static List<Citation> citations(JsonNode message, JsonNode root) {
        Citations cited = Citations.fillingTitles();
        for (JsonNode annotation : items(message.get("annotations"))) {
            JsonNode citation = annotation.path("url_citation");
            String url = string(citation.get("url"));
            if ("url_citation".equals(string(annotation.get("type"))) && !isBlank(url)) {
                cited.cite(url.strip(), blankToNull(string(citation.get("title"))));
            }
        }
        if (cited.isEmpty()) {
            for (JsonNode entry : items(root.get("citations"))) {
                String url = string(entry);
                if (!isBlank(url)) {
                    cited.cite(url.strip(), null);
                }
            }
        }
        return cited.list();
    }

    /** The usage's cost, only where the endpoint reports one (OpenRouter does, in US dollars). */
    private static BigDecimal cost(JsonNode usage) {
        JsonNode cost = usage.get("cost");
        return cost != null && cost.isNumber() && cost.decimalValue().signum() >= 0 ? cost.decimalValue() : null;
    }

    private EngineException bad(String why) {
        return ProviderJson.badResponse(config.modelId(), why);
    }
}
