package dev.periscope.execution.engines;

import dev.periscope.execution.engines.EngineAnswer.Usage;
import dev.periscope.execution.engines.EngineException.Kind;
import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * How the provider clients read JSON alike: a response body that must be one object, values that are skipped rather
 * than failed on when they have the wrong shape, token counts, and the text clean-up applied to what they read.
 * Failures are {@link Kind#BAD_RESPONSE}s whose message starts with the engine's model id ({@code "claude: ..."}).
 */
final class ProviderJson {
    private ProviderJson() {
    }

    /** A {@link Kind#BAD_RESPONSE} saying {@code "{model}: {why}"}. */
    static EngineException badResponse(String model, String why) {
        return new EngineException(Kind.BAD_RESPONSE, model + ": " + why);
    }

    /** The body as a JSON object; an empty body, malformed JSON or any other JSON value is a bad response. */
    static JsonNode readObject(JsonMapper json, String raw, String model) throws EngineException {
        return readObject(json, raw, model, model + ": the response is not valid JSON (truncated or malformed)");
    }

    /** As {@link #readObject(JsonMapper, String, String)}, with the client's own message for malformed JSON. */
    static JsonNode readObject(JsonMapper json, String raw, String model, String notJson) throws EngineException {
        if (raw == null || raw.isBlank()) {
            throw badResponse(model, "the response body is empty");
        }
        JsonNode root;
        try {
            root = json.readTree(raw);
        } catch (JacksonException e) {
            throw new EngineException(Kind.BAD_RESPONSE, notJson);
        }
        if (root == null || !root.isObject()) {
            throw badResponse(model, "the response is not a JSON object");
        }
        return root;
    }

    /** The elements of a JSON array; nothing for anything else, so a mis-shaped field is simply skipped. */
    static Iterable<JsonNode> items(JsonNode node) {
        return node != null && node.isArray() ? node.values() : List.of();
    }

    /** A JSON string's value; null for a missing field and for any other kind of value. */
    static String string(JsonNode node) {
        return node != null && node.isString() ? node.stringValue() : null;
    }

    /** A non-negative integer that fits a long; null for anything else. */
    static Long count(JsonNode node) {
        return node != null && node.isIntegralNumber() && node.canConvertToLong() && node.longValue() >= 0
                ? node.longValue() : null;
    }

    /** Input and output token counts from a usage object's two fields; no cost. */
    static Usage usage(JsonNode usage, String inputField, String outputField) {
        return usage(usage, inputField, outputField, ignored -> null);
    }

    /**
     * Input and output token counts from a usage object's two fields, and the cost {@code cost} reads from the same
     * object; {@link Usage#UNKNOWN} when there is no usage object.
     */
    static Usage usage(JsonNode usage, String inputField, String outputField, Function<JsonNode, BigDecimal> cost) {
        if (usage == null || !usage.isObject()) {
            return Usage.UNKNOWN;
        }
        return new Usage(count(usage.get(inputField)), count(usage.get(outputField)), cost.apply(usage));
    }

    static boolean isBlank(String value) {
        return value == null || value.isBlank();
    }

    /** The value stripped; null when it is null or blank. */
    static String blankToNull(String value) {
        return isBlank(value) ? null : value.strip();
    }

    static String nullToEmpty(String value) {
        return value == null ? "" : value;
    }

    /**
     * The code upper-cased when it is an ISO 3166-1 alpha-2 country code, else null: providers reject the whole
     * request over a location they do not know, so a request without one is better.
     */
    static String countryCode(String code) {
        if (code == null || !code.strip().matches("[A-Za-z]{2}")) {
            return null;
        }
        return code.strip().toUpperCase(Locale.ROOT);
    }
}
