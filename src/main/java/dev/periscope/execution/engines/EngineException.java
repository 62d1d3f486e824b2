package dev.periscope.execution.engines;

import java.time.Duration;

/**
 * An engine call that failed. {@link #retryable()} says whether asking again later may succeed (rate limits,
 * server errors, timeouts, truncated bodies); authentication and request errors are not retryable.
 */
public final class EngineException extends Exception {
    private static final long serialVersionUID = 1L;

    public enum Kind {
        RATE_LIMITED(true), SERVER_ERROR(true), TIMEOUT(true), NETWORK(true), BAD_RESPONSE(true),
        AUTHENTICATION(false), BAD_REQUEST(false), NOT_CONFIGURED(false);

        private final boolean retryable;

        Kind(boolean retryable) {
            this.retryable = retryable;
        }
    }

    private final Kind kind;
    private final int httpStatus;
    private final Duration retryAfter;

    public EngineException(Kind kind, String message, int httpStatus, Duration retryAfter, Throwable cause) {
        super(message, cause);
        this.kind = kind;
        this.httpStatus = httpStatus;
        this.retryAfter = retryAfter;
    }

    public EngineException(Kind kind, String message) {
        this(kind, message, 0, null, null);
    }

    public Kind kind() {
        return kind;
    }

    public boolean retryable() {
        return kind.retryable;
    }

    /** 0 when no HTTP status was received. */
    public int httpStatus() {
        return httpStatus;
    }

    /** What the provider asked for in Retry-After, if anything. */
    public Duration retryAfter() {
        return retryAfter;
    }

    /**
     * This failure with {@code secret} replaced by {@code [redacted]} wherever its message quotes it (transports
     * quote the provider's error body, providers may quote the key); itself when the message does not.
     */
    EngineException withoutSecret(String secret) {
        String message = getMessage();
        if (message == null || secret == null || secret.isEmpty() || !message.contains(secret)) {
            return this;
        }
        return new EngineException(kind, message.replace(secret, "[redacted]"), httpStatus, retryAfter, getCause());
    }
}
