package dev.periscope.shared;

import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import tools.jackson.databind.JsonNode;

/**
 * Strict reader of a JSON request body. Every failure names the offending parameter in {@code meta.param}:
 * unknown fields, wrong types, missing required fields, out-of-range numbers, over-long strings and lists.
 */
public final class JsonBody {
    public static final int DEFAULT_MAX_STRING = 2_000;
    public static final int MAX_TEXT = 20_000;

    private final JsonNode node;
    private final String path;

    private JsonBody(JsonNode node, String path) {
        this.node = node;
        this.path = path;
    }

    /** A missing body reads as an empty object, so required fields are reported by name. */
    public static JsonBody of(JsonNode node) {
        if (node == null || node.isMissingNode() || node.isNull()) {
            return new JsonBody(tools.jackson.databind.node.JsonNodeFactory.instance.objectNode(), "");
        }
        if (!node.isObject()) {
            throw ApiException.invalidParam("body", "Request body must be a JSON object");
        }
        return new JsonBody(node, "");
    }

    /** Rejects fields this endpoint does not know, so a typo never passes silently. */
    public JsonBody allowOnly(String... names) {
        Set<String> allowed = Set.of(names);
        for (String name : node.propertyNames()) {
            if (!allowed.contains(name)) {
                throw new ApiException(ErrorCode.INVALID_PARAM, "Unknown field: " + qualified(name),
                        Map.of("param", qualified(name), "allowed", new TreeSet<>(allowed)));
            }
        }
        return this;
    }

    public boolean has(String name) {
        JsonNode value = node.get(name);
        return value != null && !value.isNull();
    }

    public long requiredId(String name) {
        Long value = optionalId(name);
        if (value == null) {
            throw missing(name);
        }
        return value;
    }

    public Long optionalId(String name) {
        return optionalLong(name, 1, Long.MAX_VALUE);
    }

    public Long optionalLong(String name, long min, long max) {
        JsonNode value = node.get(name);
        if (value == null || value.isNull()) {
            return null;
        }
        return integerValue(value, qualified(name), min, max);
    }

    public String requiredString(String name, int maxLength) {
        String value = optionalString(name, maxLength);
        if (value == null || value.isBlank()) {
            throw missing(name);
        }
        return value;
    }

    /** The trimmed string, or null when absent or null. */
    public String optionalString(String name, int maxLength) {
        JsonNode value = node.get(name);
        if (value == null || value.isNull()) {
            return null;
        }
        return stringValue(value, qualified(name), maxLength);
    }

    public boolean optionalBoolean(String name, boolean defaultValue) {
        Boolean value = optionalBoolean(name);
        return value == null ? defaultValue : value;
    }

    public Boolean optionalBoolean(String name) {
        JsonNode value = node.get(name);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isBoolean()) {
            throw typeError(qualified(name), "a boolean");
        }
        return value.booleanValue();
    }

    public LocalDate optionalDate(String name) {
        String text = optionalString(name, 10);
        if (text == null) {
            return null;
        }
        try {
            return LocalDate.parse(text);
        } catch (DateTimeParseException e) {
            throw ApiException.invalidParam(qualified(name), qualified(name) + " must be a date in YYYY-MM-DD form");
        }
    }

    /** A list of trimmed, non-blank strings, or null when absent. */
    public List<String> optionalStringList(String name, int maxItems, int maxLength) {
        JsonNode array = arrayOrNull(name, maxItems);
        if (array == null) {
            return null;
        }
        List<String> values = new ArrayList<>(array.size());
        for (int i = 0; i < array.size(); i++) {
            String item = qualified(name) + "[" + i + "]";
            JsonNode element = array.get(i);
            if (element == null || element.isNull()) {
                throw typeError(item, "a string");
            }
            String text = stringValue(element, item, maxLength);
            if (text.isBlank()) {
                throw ApiException.invalidParam(item, item + " must not be blank");
            }
            values.add(text);
        }
        return values;
    }

    public List<Long> optionalIdList(String name, int maxItems) {
        JsonNode array = arrayOrNull(name, maxItems);
        if (array == null) {
            return null;
        }
        List<Long> values = new ArrayList<>(array.size());
        for (int i = 0; i < array.size(); i++) {
            values.add(integerValue(array.get(i), qualified(name) + "[" + i + "]", 1, Long.MAX_VALUE));
        }
        return values;
    }

    public List<JsonBody> optionalObjectList(String name, int maxItems) {
        JsonNode array = arrayOrNull(name, maxItems);
        if (array == null) {
            return null;
        }
        List<JsonBody> values = new ArrayList<>(array.size());
        for (int i = 0; i < array.size(); i++) {
            String item = qualified(name) + "[" + i + "]";
            JsonNode element = array.get(i);
            if (element == null || !element.isObject()) {
                throw typeError(item, "an object");
            }
            values.add(new JsonBody(element, item));
        }
        return values;
    }

    public JsonBody optionalObject(String name) {
        JsonNode value = node.get(name);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isObject()) {
            throw typeError(qualified(name), "an object");
        }
        return new JsonBody(value, qualified(name));
    }

    /** One of the allowed values, or null when absent. */
    public String optionalEnum(String name, List<String> allowed) {
        String value = optionalString(name, 100);
        if (value == null) {
            return null;
        }
        if (!allowed.contains(value)) {
            throw ApiException.invalidEnum(qualified(name), value, allowed);
        }
        return value;
    }

    public String qualified(String name) {
        return path.isEmpty() ? name : path + "." + name;
    }

    public ApiException missing(String name) {
        return new ApiException(ErrorCode.INVALID_PARAM, qualified(name) + " is required",
                Map.of("param", qualified(name), "reason", "required"));
    }

    private JsonNode arrayOrNull(String name, int maxItems) {
        JsonNode value = node.get(name);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isArray()) {
            throw typeError(qualified(name), "an array");
        }
        if (value.size() > maxItems) {
            throw new ApiException(ErrorCode.INVALID_PARAM,
                    qualified(name) + " has " + value.size() + " items; at most " + maxItems + " are allowed",
                    Map.of("param", qualified(name), "max_items", maxItems));
        }
        return value;
    }

    private static long integerValue(JsonNode value, String param, long min, long max) {
        if (value == null || !value.isIntegralNumber()) {
            throw typeError(param, "an integer");
        }
        if (!value.canConvertToLong() || value.longValue() < min || value.longValue() > max) {
            throw new ApiException(ErrorCode.INVALID_PARAM, param + " is out of range",
                    Map.of("param", param, "min", min, "max", max));
        }
        return value.longValue();
    }

    private static String stringValue(JsonNode value, String param, int maxLength) {
        if (!value.isString()) {
            throw typeError(param, "a string");
        }
        String text = value.stringValue().strip();
        checkText(param, text, maxLength);
        return text;
    }

    /** Shared by query-string reading: length in code points and no control characters PostgreSQL or logs choke on. */
    static void checkText(String param, String text, int maxLength) {
        if (text.codePointCount(0, text.length()) > maxLength) {
            throw new ApiException(ErrorCode.INVALID_PARAM, param + " is longer than " + maxLength + " characters",
                    Map.of("param", param, "max_length", maxLength));
        }
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 0x20 && c != '\n' && c != '\t' && c != '\r' || c == 0x7f) {
                throw ApiException.invalidParam(param, param + " contains a control character");
            }
        }
    }

    private static ApiException typeError(String param, String expected) {
        return new ApiException(ErrorCode.INVALID_PARAM, param + " must be " + expected,
                Map.of("param", param, "expected", expected.substring(expected.indexOf(' ') + 1)));
    }
}
