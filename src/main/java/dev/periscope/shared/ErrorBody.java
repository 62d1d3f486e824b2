package dev.periscope.shared;

import java.util.LinkedHashMap;
import java.util.Map;

/** The wire shape of every error: {@code {"error": {"code", "message", "meta"?}, "request_id"}}. */
public final class ErrorBody {
    private ErrorBody() {
    }

    public static Map<String, Object> of(ApiException failure, String requestId) {
        return of(failure.code(), failure.getMessage(), failure.meta(), requestId);
    }

    public static Map<String, Object> of(ErrorCode code, String message, Map<String, ?> meta, String requestId) {
        Map<String, Object> error = new LinkedHashMap<>();
        error.put("code", code.wireName());
        error.put("message", message);
        if (meta != null && !meta.isEmpty()) {
            error.put("meta", meta);
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("error", error);
        body.put("request_id", requestId);
        return body;
    }
}
