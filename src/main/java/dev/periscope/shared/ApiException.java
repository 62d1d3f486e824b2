package dev.periscope.shared;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;

/** A failure the caller caused or may act on; rendered as the error body by REST and as a tool error by MCP. */
public class ApiException extends RuntimeException {
    private final ErrorCode code;
    private final Map<String, Object> meta;

    public ApiException(ErrorCode code, String message) {
        this(code, message, Map.of());
    }

    public ApiException(ErrorCode code, String message, Map<String, ?> meta) {
        super(message, null, false, false);
        this.code = code;
        this.meta = meta.isEmpty() ? Map.of() : new LinkedHashMap<>(meta);
    }

    public ErrorCode code() {
        return code;
    }

    public Map<String, Object> meta() {
        return meta;
    }

    public static ApiException projectNotFound() {
        return new ApiException(ErrorCode.PROJECT_NOT_FOUND, "Project not found or not accessible");
    }

    public static ApiException notFound(String what) {
        return new ApiException(ErrorCode.NOT_FOUND, what + " not found");
    }

    public static ApiException invalidParam(String param, String message) {
        return new ApiException(ErrorCode.INVALID_PARAM, message, Map.of("param", param));
    }

    public static ApiException invalidEnum(String param, Object given, Collection<String> allowed) {
        Map<String, Object> meta = new LinkedHashMap<>();
        meta.put("param", param);
        meta.put("value", given);
        meta.put("allowed", allowed);
        return new ApiException(ErrorCode.INVALID_PARAM,
                "Invalid value for " + param + ": expected one of " + String.join(", ", allowed), meta);
    }
}
