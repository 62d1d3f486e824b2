package dev.periscope.jobs;

import java.lang.management.ManagementFactory;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Claims due jobs under a lease and runs them. A job whose worker died is claimed again once its lease runs
 * out; a failing job is retried with exponential backoff and marked failed after its last attempt.
 */
@Component
public class JobWorker {
    private static final Logger log = LoggerFactory.getLogger(JobWorker.class);

    private final JdbcClient db;
    private final JsonMapper json;
    private final Clock clock;
    private final Map<String, JobHandler> handlers;
    private final String workerId;
    private final Duration lease;
    private final int batchSize;

    public JobWorker(JdbcClient db, JsonMapper json, Clock clock, List<JobHandler> handlers,
                     @Value("${periscope.jobs.lease:PT5M}") Duration lease,
                     @Value("${periscope.jobs.batch-size:10}") int batchSize) {
        this.db = db;
        this.json = json;
        this.clock = clock;
        this.handlers = handlers.stream().collect(Collectors.toMap(JobHandler::kind, Function.identity()));
        this.workerId = ManagementFactory.getRuntimeMXBean().getName() + "/" + UUID.randomUUID().toString().substring(0, 8);
        this.lease = lease;
        this.batchSize = batchSize;
    }

    @Scheduled(fixedDelayString = "${periscope.jobs.poll-interval:PT1S}", initialDelayString = "${periscope.jobs.initial-delay:PT2S}")
    public void poll() {
        runDue();
    }

    /** Claims and runs what is due now; returns how many jobs ran. Tests call it directly. */
    public int runDue() {
        List<Claimed> claimed = claim();
        for (Claimed job : claimed) {
            run(job);
        }
        return claimed.size();
    }

    private List<Claimed> claim() {
        OffsetDateTime now = now();
        return db.sql("""
                        UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_by = :worker,
                                        locked_until = :leaseEnd
                         WHERE id IN (SELECT id FROM jobs
                                       WHERE kind IN (:kinds)
                                         AND ((status = 'queued' AND run_at <= :now)
                                              OR (status = 'running' AND locked_until < :now))
                                       ORDER BY run_at, id
                                       LIMIT :batch
                                       FOR UPDATE SKIP LOCKED)
                        RETURNING id, kind, payload::text AS payload, attempts, max_attempts
                        """)
                .param("worker", workerId).param("leaseEnd", now.plus(lease)).param("now", now)
                .param("kinds", handlers.isEmpty() ? List.of("") : List.copyOf(handlers.keySet()))
                .param("batch", batchSize)
                .query((rs, n) -> new Claimed(rs.getLong("id"), rs.getString("kind"), rs.getString("payload"),
                        rs.getInt("attempts"), rs.getInt("max_attempts")))
                .list();
    }

    private void run(Claimed job) {
        JobHandler handler = handlers.get(job.kind);
        try {
            JsonNode payload = json.readTree(job.payload);
            handler.handle(payload);
            db.sql("UPDATE jobs SET status = 'done', finished_at = :now, locked_by = NULL, locked_until = NULL WHERE id = :id AND locked_by = :worker")
                    .param("now", now()).param("id", job.id).param("worker", workerId).update();
        } catch (Exception failure) {
            boolean last = job.attempts >= job.maxAttempts;
            log.warn("Job {} ({}) failed on attempt {} of {}: {}", job.id, job.kind, job.attempts, job.maxAttempts,
                    failure.toString());
            Duration backoff = Duration.ofSeconds(Math.min(3_600, (long) Math.pow(2, job.attempts) * 5));
            db.sql("""
                            UPDATE jobs SET status = :status, run_at = :retryAt, last_error = :error,
                                            finished_at = :finished, locked_by = NULL, locked_until = NULL
                             WHERE id = :id AND locked_by = :worker
                            """)
                    .param("status", last ? "failed" : "queued")
                    .param("retryAt", now().plus(backoff))
                    .param("error", failure.toString())
                    .param("finished", last ? now() : null)
                    .param("id", job.id).param("worker", workerId).update();
        }
    }

    private OffsetDateTime now() {
        return OffsetDateTime.ofInstant(Instant.now(clock), ZoneOffset.UTC);
    }

    private record Claimed(long id, String kind, String payload, int attempts, int maxAttempts) {
    }
}
