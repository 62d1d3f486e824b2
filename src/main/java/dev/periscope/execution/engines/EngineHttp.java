package dev.periscope.execution.engines;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Map;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * The HTTP side every engine client shares: timeouts, a per-engine concurrency limit (per instance), and retries
 * of rate limits, server errors, timeouts and network failures with exponential backoff and jitter, honouring
 * Retry-After.
 * Other 4xx answers fail at once. Bodies of 2xx answers are returned as text for the client to parse.
 */
public final class EngineHttp {
    /** Waits between attempts; tests pass one that records instead of sleeping. */
    @FunctionalInterface
    public interface Sleeper {
        void sleep(Duration duration) throws InterruptedException;

        Sleeper REAL = duration -> Thread.sleep(duration);
    }

    public record Settings(Duration connectTimeout, Duration readTimeout, int maxAttempts, Duration baseBackoff,
                           Duration maxBackoff, int maxConcurrency) {
        public static Settings defaults() {
            return new Settings(Duration.ofSeconds(10), Duration.ofSeconds(120), 4, Duration.ofSeconds(2),
                    Duration.ofSeconds(60), 4);
        }
    }

    /** A successful answer: status and body text. */
    public record Response(int status, String body) {
    }

    private final String engine;
    private final Settings settings;
    private final Sleeper sleeper;
    private final HttpClient client;
    private final Semaphore permits;

    public EngineHttp(String engine, Settings settings, Sleeper sleeper) {
        this.engine = engine;
        this.settings = settings;
        this.sleeper = sleeper;
        this.client = HttpClient.newBuilder()
                .connectTimeout(settings.connectTimeout())
                .version(HttpClient.Version.HTTP_1_1)
                .followRedirects(HttpClient.Redirect.NEVER)
                .build();
        this.permits = new Semaphore(Math.max(1, settings.maxConcurrency()), true);
    }

    public Settings settings() {
        return settings;
    }

    /** A configured base URL stripped and without trailing slashes; {@code fallback} when none is configured. */
    static String baseUrl(String configured, String fallback) {
        return configured == null || configured.isBlank() ? fallback : withoutTrailingSlashes(configured.strip());
    }

    /** The URL without the slashes it ends in, so that paths can be appended to it. */
    static String withoutTrailingSlashes(String url) {
        String trimmed = url;
        while (trimmed.endsWith("/")) {
            trimmed = trimmed.substring(0, trimmed.length() - 1);
        }
        return trimmed;
    }

    /** POSTs a JSON body; headers carry the credentials. */
    public Response postJson(URI uri, Map<String, String> headers, String body) throws EngineException {
        HttpRequest.Builder builder = HttpRequest.newBuilder(uri)
                .timeout(settings.readTimeout())
                .header("Content-Type", "application/json")
                .header("Accept", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        headers.forEach(builder::header);
        return send(builder.build());
    }

    public Response send(HttpRequest request) throws EngineException {
        EngineException last = null;
        for (int attempt = 1; attempt <= settings.maxAttempts(); attempt++) {
            if (last != null) {
                pause(last, attempt);
            }
            try {
                return once(request);
            } catch (EngineException failure) {
                if (!failure.retryable() || failure.kind() == EngineException.Kind.BAD_RESPONSE) {
                    throw failure;
                }
                last = failure;
            }
        }
        throw last;
    }

    private Response once(HttpRequest request) throws EngineException {
        try {
            if (!permits.tryAcquire(settings.readTimeout().toMillis(), TimeUnit.MILLISECONDS)) {
                throw new EngineException(EngineException.Kind.TIMEOUT, engine + ": no free connection slot", 0, null, null);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EngineException(EngineException.Kind.TIMEOUT, engine + ": interrupted", 0, null, e);
        }
        try {
            HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
            int status = response.statusCode();
            if (status >= 200 && status < 300) {
                return new Response(status, response.body());
            }
            Duration retryAfter = response.headers().firstValue("Retry-After").map(EngineHttp::parseRetryAfter).orElse(null);
            String detail = engine + " answered HTTP " + status + snippet(response.body());
            if (status == 429) {
                throw new EngineException(EngineException.Kind.RATE_LIMITED, detail, status, retryAfter, null);
            }
            if (status == 401 || status == 403) {
                throw new EngineException(EngineException.Kind.AUTHENTICATION, detail, status, null, null);
            }
            if (status == 408 || status >= 500) {
                throw new EngineException(EngineException.Kind.SERVER_ERROR, detail, status, retryAfter, null);
            }
            throw new EngineException(EngineException.Kind.BAD_REQUEST, detail, status, null, null);
        } catch (HttpTimeoutException e) {
            throw new EngineException(EngineException.Kind.TIMEOUT, engine + " did not answer within "
                    + settings.readTimeout().toSeconds() + " s", 0, null, e);
        } catch (IOException e) {
            throw new EngineException(EngineException.Kind.NETWORK, engine + ": " + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + e.getMessage()), 0, null, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EngineException(EngineException.Kind.TIMEOUT, engine + ": interrupted", 0, null, e);
        } finally {
            permits.release();
        }
    }

    private void pause(EngineException failure, int attempt) throws EngineException {
        Duration wait = backoff(attempt - 1, failure.retryAfter());
        try {
            sleeper.sleep(wait);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw failure;
        }
    }

    /** Retry-After when given (capped), else a random wait between half and all of base × 2^(retry-1), capped. */
    Duration backoff(int retry, Duration retryAfter) {
        if (retryAfter != null) {
            return retryAfter.compareTo(settings.maxBackoff()) > 0 ? settings.maxBackoff() : retryAfter;
        }
        long ceiling = Math.min(settings.maxBackoff().toMillis(),
                settings.baseBackoff().toMillis() * (1L << Math.min(20, retry - 1)));
        return Duration.ofMillis(ThreadLocalRandom.current().nextLong(ceiling / 2, ceiling + 1));
    }

    /** Retry-After is delta-seconds or an HTTP date. */
    static Duration parseRetryAfter(String value) {
        String text = value.strip();
        try {
            return Duration.ofSeconds(Math.max(0, Long.parseLong(text)));
        } catch (NumberFormatException notSeconds) {
            try {
                ZonedDateTime when = ZonedDateTime.parse(text, DateTimeFormatter.RFC_1123_DATE_TIME);
                Duration until = Duration.between(ZonedDateTime.now(when.getZone()), when);
                return until.isNegative() ? Duration.ZERO : until;
            } catch (DateTimeParseException notADate) {
                return null;
            }
        }
    }

    private static String snippet(String body) {
        if (body == null || body.isBlank()) {
            return "";
        }
        String flat = body.replaceAll("\\s+", " ").strip();
        return ": " + (flat.length() > 300 ? flat.substring(0, 300) + "…" : flat);
    }
}
