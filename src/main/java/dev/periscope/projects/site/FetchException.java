package dev.periscope.projects.site;

import java.io.Serial;
import java.util.Objects;
import java.util.OptionalInt;

/** Why {@link SafeFetcher} could not return a page; the message is safe to show to the user who gave the URL. */
public final class FetchException extends Exception {
    @Serial
    private static final long serialVersionUID = 1L;

    /** The failure kinds, each with its snake_case wire token. */
    public enum Reason {
        TIMEOUT("timeout"),
        TOO_LARGE("too_large"),
        TOO_MANY_REDIRECTS("too_many_redirects"),
        NOT_HTML("not_html"),
        HTTP_ERROR("http_error"),
        REFUSED_TARGET("refused_target"),
        NETWORK("network");

        private final String token;

        Reason(String token) {
            this.token = token;
        }

        public String token() {
            return token;
        }
    }

    private final Reason reason;
    /** 0 when the failure happened before a final HTTP status was known. */
    private final int httpStatus;

    public FetchException(Reason reason, String message) {
        this(reason, message, 0, null);
    }

    public FetchException(Reason reason, String message, Throwable cause) {
        this(reason, message, 0, cause);
    }

    private FetchException(Reason reason, String message, int httpStatus, Throwable cause) {
        super(message, cause);
        this.reason = Objects.requireNonNull(reason, "reason");
        this.httpStatus = httpStatus;
    }

    /** An {@link Reason#HTTP_ERROR} carrying the status the site answered with. */
    public static FetchException httpError(int status) {
        return new FetchException(Reason.HTTP_ERROR, "The site answered with HTTP status " + status, status, null);
    }

    public Reason reason() {
        return reason;
    }

    /** The snake_case token of {@link #reason()}, e.g. {@code too_large}. */
    public String reasonToken() {
        return reason.token();
    }

    /** The final HTTP status for {@link Reason#HTTP_ERROR}; empty otherwise. */
    public OptionalInt httpStatus() {
        return httpStatus == 0 ? OptionalInt.empty() : OptionalInt.of(httpStatus);
    }
}
