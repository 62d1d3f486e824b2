package dev.periscope.shared;

import jakarta.servlet.http.HttpServletRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Strict reader of query parameters; every failure is a 422 naming the parameter. */
public final class QueryParams {
    private final Map<String, String[]> values;

    public QueryParams(HttpServletRequest request) {
        this.values = request.getParameterMap();
    }

    public QueryParams(Map<String, String[]> values) {
        this.values = values;
    }

    /** The single value of a parameter, or null when absent or empty. */
    public String raw(String name) {
        String[] given = values.get(name);
        if (given == null || given.length == 0) {
            return null;
        }
        if (given.length > 1) {
            throw ApiException.invalidParam(name, name + " was given more than once");
        }
        String value = given[0].strip();
        if (value.isEmpty()) {
            return null;
        }
        JsonBody.checkText(name, value, 2_000);
        return value;
    }

    public boolean has(String name) {
        return raw(name) != null;
    }

    public long requiredProjectId() {
        Long id = optionalId("project_id");
        if (id == null) {
            throw new ApiException(ErrorCode.INVALID_PARAM, "project_id is required",
                    Map.of("param", "project_id", "reason", "required"));
        }
        return id;
    }

    public Long optionalId(String name) {
        return optionalLong(name, 1, Long.MAX_VALUE);
    }

    public Long optionalLong(String name, long min, long max) {
        String value = raw(name);
        if (value == null) {
            return null;
        }
        return parseLong(name, value, min, max);
    }

    public int page() {
        Long value = optionalLong("page", 1, 1_000_000);
        return value == null ? 1 : value.intValue();
    }

    public int perPage(int defaultValue, int max) {
        Long value = optionalLong("per_page", 1, max);
        return value == null ? defaultValue : value.intValue();
    }

    public boolean flag(String name, boolean defaultValue) {
        String value = raw(name);
        if (value == null) {
            return defaultValue;
        }
        return switch (value.toLowerCase(Locale.ROOT)) {
            case "true", "1" -> true;
            case "false", "0" -> false;
            default -> throw ApiException.invalidEnum(name, value, List.of("true", "false"));
        };
    }

    public String optionalEnum(String name, List<String> allowed) {
        String value = raw(name);
        if (value == null) {
            return null;
        }
        if (!allowed.contains(value)) {
            throw ApiException.invalidEnum(name, value, allowed);
        }
        return value;
    }

    public String optionalString(String name, int maxLength) {
        String value = raw(name);
        if (value != null) {
            JsonBody.checkText(name, value, maxLength);
        }
        return value;
    }

    /** A comma-separated list of positive integers, or an empty list when absent. */
    public List<Long> idList(String name) {
        String value = raw(name);
        List<Long> ids = new ArrayList<>();
        if (value == null) {
            return ids;
        }
        for (String part : value.split(",")) {
            String trimmed = part.strip();
            if (!trimmed.isEmpty()) {
                ids.add(parseLong(name, trimmed, 1, Long.MAX_VALUE));
            }
        }
        if (ids.size() > 100) {
            throw ApiException.invalidParam(name, name + " lists more than 100 ids");
        }
        return ids;
    }

    public Output output() {
        String value = optionalEnum("output", List.of("flat", "csv"));
        return value == null ? Output.JSON : Output.valueOf(value.toUpperCase(Locale.ROOT));
    }

    private static long parseLong(String name, String value, long min, long max) {
        long parsed;
        try {
            parsed = Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new ApiException(ErrorCode.INVALID_PARAM, name + " must be an integer",
                    Map.of("param", name, "expected", "integer"));
        }
        if (parsed < min || parsed > max) {
            throw new ApiException(ErrorCode.INVALID_PARAM, name + " is out of range",
                    Map.of("param", name, "min", min, "max", max));
        }
        return parsed;
    }
}
