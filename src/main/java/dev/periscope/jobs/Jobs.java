package dev.periscope.jobs;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Map;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/** Enqueues jobs. Call it inside the transaction that makes the job necessary, so both commit or neither. */
@Component
public class Jobs {
    private final JdbcClient db;
    private final JsonMapper json;
    private final Clock clock;

    public Jobs(JdbcClient db, JsonMapper json, Clock clock) {
        this.db = db;
        this.json = json;
        this.clock = clock;
    }

    /** Enqueues a job; with a dedupe key, a job of that key already pending makes this a no-op. */
    public void enqueue(String kind, Map<String, ?> payload, String dedupeKey, Duration delay) {
        db.sql("""
                        INSERT INTO jobs (kind, payload, dedupe_key, run_at)
                        VALUES (:kind, CAST(:payload AS jsonb), :dedupe, :runAt)
                        ON CONFLICT (dedupe_key) WHERE status IN ('queued', 'running') DO NOTHING
                        """)
                .param("kind", kind)
                .param("payload", json.writeValueAsString(payload))
                .param("dedupe", dedupeKey)
                .param("runAt", OffsetDateTime.ofInstant(Instant.now(clock).plus(delay), ZoneOffset.UTC))
                .update();
    }

    public void enqueue(String kind, Map<String, ?> payload, String dedupeKey) {
        enqueue(kind, payload, dedupeKey, Duration.ZERO);
    }

    /** Jobs not yet finished, for tests and operators. */
    public int pending(String kind) {
        return db.sql("SELECT count(*) FROM jobs WHERE kind = :kind AND status IN ('queued', 'running')")
                .param("kind", kind).query(Integer.class).single();
    }
}
