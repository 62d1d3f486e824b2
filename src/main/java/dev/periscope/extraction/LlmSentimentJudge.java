package dev.periscope.extraction;

import dev.periscope.execution.engines.EngineException;
import dev.periscope.execution.engines.EngineHttp;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Sentiment by a language model on an OpenAI-compatible chat endpoint: one call per answer for all mentioned actors,
 * JSON output validated field by field, asked again when invalid, cached by a hash of (model, answer, actors) so
 * the same answer is never judged twice. When the model cannot give a valid judgement, the offline analyser does.
 */
public final class LlmSentimentJudge implements SentimentAnalyzer {
    private static final Logger log = LoggerFactory.getLogger(LlmSentimentJudge.class);
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Set<String> BUCKETS = Set.of("very_positive", "positive", "neutral", "negative", "very_negative");
    private static final int ATTEMPTS = 2;
    private static final String INSTRUCTIONS = """
            You judge how an AI assistant's answer portrays brands. For each brand listed, read only what the answer \
            says about that brand and classify the sentiment as one of: very_positive, positive, neutral, negative, \
            very_negative. A brand that is merely listed or described factually is neutral. Reply with JSON only: \
            {"judgements": [{"actor": "<actor key>", "analysis": "<bucket>", "comment": "<the sentence from the \
            answer that best supports the judgement, at most 300 characters>", "topics": "<up to 3 comma-separated \
            aspects such as pricing, support, ease of use; empty if none>"}]} with exactly one entry per listed actor.""";

    /** Where judgements are kept between calls. */
    public interface Cache {
        Optional<JsonNode> get(String hash);

        void put(String hash, JsonNode judgements);
    }

    public record Config(String model, String baseUrl, String apiKey) {
        @Override
        public String toString() {
            return "Config[model=" + model + ", baseUrl=" + baseUrl + "]";
        }
    }

    private final Config config;
    private final EngineHttp http;
    private final Cache cache;
    private final SentimentAnalyzer fallback;

    public LlmSentimentJudge(Config config, EngineHttp http, Cache cache, SentimentAnalyzer fallback) {
        this.config = config;
        this.http = http;
        this.cache = cache;
        this.fallback = fallback;
    }

    @Override
    public List<ActorSentiment> analyze(String text, List<MentionMatch> mentions) {
        if (mentions.isEmpty()) {
            return List.of();
        }
        Map<String, MentionMatch> byKey = new LinkedHashMap<>();
        for (MentionMatch mention : mentions) {
            byKey.put(key(mention.actor()), mention);
        }
        String hash = hash(text, byKey);
        Optional<JsonNode> cached = cache.get(hash);
        if (cached.isPresent()) {
            Optional<List<ActorSentiment>> valid = validate(cached.get(), byKey);
            if (valid.isPresent()) {
                return valid.get();
            }
        }
        for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
            try {
                JsonNode judgements = ask(text, byKey);
                Optional<List<ActorSentiment>> valid = validate(judgements, byKey);
                if (valid.isPresent()) {
                    cache.put(hash, judgements);
                    return valid.get();
                }
                log.info("The sentiment model gave an invalid judgement (attempt {} of {})", attempt, ATTEMPTS);
            } catch (EngineException failure) {
                log.warn("The sentiment model failed: {}", redacted(failure.getMessage()));
                if (!failure.retryable()) {
                    break;
                }
            }
        }
        return fallback.analyze(text, mentions);
    }

    private JsonNode ask(String text, Map<String, MentionMatch> actors) throws EngineException {
        ObjectNode body = JSON.createObjectNode();
        body.put("model", config.model());
        body.put("temperature", 0);
        body.putObject("response_format").put("type", "json_object");
        ArrayNode messages = body.putArray("messages");
        messages.addObject().put("role", "system").put("content", INSTRUCTIONS);
        StringBuilder user = new StringBuilder("Brands (actor key: names):\n");
        actors.forEach((key, mention) -> user.append("- ").append(key).append(": ")
                .append(String.join(", ", mention.actor().matchingNames())).append('\n'));
        user.append("\nAnswer:\n\"\"\"\n").append(text).append("\n\"\"\"");
        messages.addObject().put("role", "user").put("content", user.toString());
        Map<String, String> headers = config.apiKey() == null || config.apiKey().isBlank()
                ? Map.of() : Map.of("Authorization", "Bearer " + config.apiKey());
        EngineHttp.Response response = http.postJson(URI.create(trim(config.baseUrl()) + "/chat/completions"), headers,
                JSON.writeValueAsString(body));
        try {
            JsonNode content = JSON.readTree(response.body()).path("choices").path(0).path("message").path("content");
            return JSON.readTree(content.asString("").replaceAll("(?s)^```(?:json)?\\s*|\\s*```$", ""));
        } catch (RuntimeException malformed) {
            return JSON.createObjectNode();
        }
    }

    /** Every actor judged exactly once, with a known bucket; otherwise nothing. */
    static Optional<List<ActorSentiment>> validate(JsonNode judgements, Map<String, MentionMatch> actors) {
        JsonNode items = judgements.path("judgements");
        if (!items.isArray()) {
            return Optional.empty();
        }
        Map<String, ActorSentiment> found = new LinkedHashMap<>();
        for (JsonNode item : items) {
            String key = item.path("actor").asString("");
            String analysis = item.path("analysis").asString("");
            MentionMatch mention = actors.get(key);
            if (mention == null || !BUCKETS.contains(analysis) || found.containsKey(key)) {
                return Optional.empty();
            }
            String comment = item.path("comment").asString("").strip();
            found.put(key, new ActorSentiment(mention.actor(), analysis, ActorSentiment.scoreOf(analysis),
                    comment.length() > 300 ? comment.substring(0, 300) : comment, item.path("topics").asString("").strip()));
        }
        if (!found.keySet().equals(actors.keySet())) {
            return Optional.empty();
        }
        List<ActorSentiment> ordered = new ArrayList<>();
        actors.keySet().forEach(key -> ordered.add(found.get(key)));
        return Optional.of(ordered);
    }

    private String hash(String text, Map<String, MentionMatch> actors) {
        StringBuilder material = new StringBuilder(config.model()).append('\u0000').append(text);
        actors.forEach((key, mention) -> material.append('\u0000').append(key).append('=')
                .append(String.join("|", mention.actor().matchingNames())));
        return UrlNormalizer.sha256(material.toString());
    }

    /** Providers sometimes echo the key in error bodies, which the transport quotes; logs never carry it. */
    private String redacted(String message) {
        String key = config.apiKey();
        return message == null || key == null || key.isBlank() ? message : message.replace(key, "[redacted]");
    }

    static String key(Actor actor) {
        return actor.isProject() ? "brand" : "competitor_" + actor.id();
    }

    private static String trim(String url) {
        return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    }
}
