package dev.periscope.shared;

/** Every error the API can return: wire code and HTTP status in one row. */
public enum ErrorCode {
    MISSING_AUTH(401),
    INVALID_API_KEY(401),
    REVOKED_API_KEY(403),
    INSUFFICIENT_SCOPE(403),
    INSUFFICIENT_PERMISSION(403),
    PLAN_REQUIRED(403),
    ACCOUNT_INACTIVE(403),
    PROJECT_NOT_FOUND(404),
    DRAFT_NOT_FOUND(404),
    NOT_FOUND(404),
    METHOD_NOT_ALLOWED(405),
    NOT_ACCEPTABLE(406),
    SEARCH_CONSOLE_NOT_CONNECTED(409),
    AI_TRAFFIC_NOT_CONNECTED(409),
    AGENT_TRAFFIC_NOT_CONNECTED(409),
    PAYLOAD_TOO_LARGE(413),
    UNSUPPORTED_MEDIA_TYPE(415),
    INVALID_PARAM(422),
    INVALID_RANGE(422),
    LIMIT_REACHED(422),
    QUOTA_EXCEEDED(422),
    DRAFT_STATE(422),
    RATE_LIMITED(429),
    INTERNAL(500),
    UNAVAILABLE(503);

    private final int status;

    ErrorCode(int status) {
        this.status = status;
    }

    public int status() {
        return status;
    }

    public String wireName() {
        return "ERR_" + name();
    }
}
