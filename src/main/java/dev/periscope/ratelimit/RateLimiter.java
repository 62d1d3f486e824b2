package dev.periscope.ratelimit;

import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Fixed one-minute windows per key: 300 requests in all, and 60 of them may be writes. One upsert per bucket
 * counts the request atomically in PostgreSQL, so two instances on one database share the count.
 * A refused request still counts, so hammering a limit does not reopen it.
 */
@Component
public class RateLimiter {
    private final JdbcClient db;
    private final Clock clock;
    private final int requestsPerMinute;
    private final int writesPerMinute;

    public RateLimiter(JdbcClient db, Clock clock,
                       @Value("${periscope.rate-limits.requests-per-minute:300}") int requestsPerMinute,
                       @Value("${periscope.rate-limits.write-requests-per-minute:60}") int writesPerMinute) {
        this.db = db;
        this.clock = clock;
        this.requestsPerMinute = requestsPerMinute;
        this.writesPerMinute = writesPerMinute;
    }

    /** The outcome for one request, with what the X-RateLimit-* headers report. */
    public record Decision(String bucket, boolean allowed, int limit, int remaining, Instant resetAt,
                           long retryAfterSeconds) {
    }

    public Decision hit(long apiKeyId, boolean write) {
        Instant now = Instant.now(clock);
        Instant windowStart = now.truncatedTo(ChronoUnit.MINUTES);
        Instant resetAt = windowStart.plus(1, ChronoUnit.MINUTES);
        long retryAfter = Math.max(1, (long) Math.ceil((resetAt.toEpochMilli() - now.toEpochMilli()) / 1000.0));
        int all = count(apiKeyId, "all", windowStart);
        Decision overall = decide("all", all, requestsPerMinute, resetAt, retryAfter);
        if (!write || !overall.allowed()) {
            return overall;
        }
        int writes = count(apiKeyId, "write", windowStart);
        Decision writeDecision = decide("write", writes, writesPerMinute, resetAt, retryAfter);
        // Report the tighter of the two buckets.
        return writeDecision.remaining() <= overall.remaining() || !writeDecision.allowed() ? writeDecision : overall;
    }

    public int requestsPerMinute() {
        return requestsPerMinute;
    }

    public int writesPerMinute() {
        return writesPerMinute;
    }

    private int count(long apiKeyId, String bucket, Instant windowStart) {
        return db.sql("""
                        INSERT INTO rate_limit_windows (api_key_id, bucket, window_start, hits)
                        VALUES (:key, :bucket, :start, 1)
                        ON CONFLICT (api_key_id, bucket, window_start) DO UPDATE SET hits = rate_limit_windows.hits + 1
                        RETURNING hits
                        """)
                .param("key", apiKeyId).param("bucket", bucket)
                .param("start", OffsetDateTime.ofInstant(windowStart, ZoneOffset.UTC))
                .query(Integer.class).single();
    }

    private static Decision decide(String bucket, int hits, int limit, Instant resetAt, long retryAfter) {
        return new Decision(bucket, hits <= limit, limit, Math.max(0, limit - hits), resetAt, retryAfter);
    }

    /** Old windows are useless after their minute; drop them now and then. */
    @Scheduled(fixedDelayString = "${periscope.rate-limits.cleanup-interval:PT5M}")
    public void dropOldWindows() {
        db.sql("DELETE FROM rate_limit_windows WHERE window_start < :cutoff")
                .param("cutoff", OffsetDateTime.ofInstant(Instant.now(clock).minus(10, ChronoUnit.MINUTES), ZoneOffset.UTC))
                .update();
    }
}
