package dev.periscope.execution;

import dev.periscope.execution.engines.EngineAnswer;
import dev.periscope.execution.engines.EngineClient;
import dev.periscope.execution.engines.EngineException;
import dev.periscope.execution.engines.EngineRequest;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.lang.management.ManagementFactory;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Drains the run queue. Each poll claims due runs under a lease ({@code FOR UPDATE SKIP LOCKED}, so instances never
 * claim the same run) and asks the engines in parallel on virtual threads. A run whose worker died is claimed again
 * when its lease ends. Engine failures that may pass are retried with backoff a bounded number of times; then the
 * run is recorded as an execution with {@code success = false} and the error. A failure never stops the batch.
 */
@Component
public class RunWorker {
    private static final Logger log = LoggerFactory.getLogger(RunWorker.class);

    private final JdbcClient db;
    private final Engines engines;
    private final ExecutionRecorder recorder;
    private final Clock clock;
    private final MeterRegistry meters;
    private final String workerId;
    private final Duration lease;
    private final int batchSize;
    private final Duration retryBase;

    public RunWorker(JdbcClient db, Engines engines, ExecutionRecorder recorder, Clock clock, MeterRegistry meters,
                     @Value("${periscope.runs.lease:PT10M}") Duration lease,
                     @Value("${periscope.runs.batch-size:16}") int batchSize,
                     @Value("${periscope.runs.retry-base:PT1M}") Duration retryBase) {
        this.db = db;
        this.engines = engines;
        this.recorder = recorder;
        this.clock = clock;
        this.meters = meters;
        this.workerId = ManagementFactory.getRuntimeMXBean().getName() + "/" + UUID.randomUUID().toString().substring(0, 8);
        this.lease = lease;
        this.batchSize = batchSize;
        this.retryBase = retryBase;
    }

    @Scheduled(fixedDelayString = "${periscope.runs.poll-interval:PT2S}",
            initialDelayString = "${periscope.runs.initial-delay:PT2S}")
    public void poll() {
        while (runDue() == batchSize) {
            // a full batch suggests more is due: keep going
        }
    }

    /** Claims what is due now and runs it; returns how many runs were claimed. */
    public int runDue() {
        List<Run> claimed = claim();
        if (claimed.isEmpty()) {
            return 0;
        }
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<?>> running = new ArrayList<>();
            for (Run run : claimed) {
                running.add(pool.submit(() -> execute(run)));
            }
            for (Future<?> future : running) {
                try {
                    future.get();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return claimed.size();
                } catch (java.util.concurrent.ExecutionException e) {
                    log.error("A run failed unexpectedly", e.getCause());
                }
            }
        }
        return claimed.size();
    }

    List<Run> claim() {
        OffsetDateTime now = now();
        return db.sql("""
                        UPDATE prompt_runs SET status = 'running', attempts = attempts + 1, locked_by = :worker,
                                               locked_until = :leaseEnd
                         WHERE id IN (SELECT id FROM prompt_runs
                                       WHERE (status = 'queued' AND run_at <= :now)
                                          OR (status = 'running' AND locked_until < :now)
                                       ORDER BY run_at, id
                                       LIMIT :batch
                                       FOR UPDATE SKIP LOCKED)
                        RETURNING id, project_id, prompt_id, model, cycle, sample, attempts, max_attempts
                        """)
                .param("worker", workerId).param("leaseEnd", now.plus(lease)).param("now", now).param("batch", batchSize)
                .query((rs, n) -> new Run(rs.getLong("id"), rs.getLong("project_id"), rs.getLong("prompt_id"),
                        rs.getString("model"), rs.getObject("cycle", java.time.LocalDate.class), rs.getInt("sample"),
                        rs.getInt("attempts"), rs.getInt("max_attempts")))
                .list();
    }

    void execute(Run run) {
        Optional<EngineRequest> request = request(run);
        Optional<EngineClient> client = engines.client(run.model());
        if (request.isEmpty() || client.isEmpty()) {
            cancel(run, request.isEmpty() ? "prompt deleted or project paused" : "engine no longer enabled");
            return;
        }
        meters.counter("periscope.engine.runs", "model", run.model(), "outcome", "started").increment();
        Instant started = Instant.now(clock);
        long startNanos = System.nanoTime();
        try {
            EngineAnswer answer = client.get().ask(request.get());
            long elapsed = Duration.ofNanos(System.nanoTime() - startNanos).toMillis();
            recorder.succeeded(run, client.get().adapter(), answer, started, elapsed);
            meters.counter("periscope.engine.runs", "model", run.model(), "outcome", "succeeded").increment();
            Timer.builder("periscope.engine.latency").tag("model", run.model()).register(meters)
                    .record(Duration.ofMillis(elapsed));
            log.info("Run {} ({} prompt {} sample {}) answered in {} ms", run.id(), run.model(), run.promptId(),
                    run.sample(), elapsed);
        } catch (EngineException failure) {
            handleFailure(run, client.get().adapter(), failure.retryable(), failure.getMessage(), failure.retryAfter(),
                    started, startNanos);
        } catch (RuntimeException failure) {
            log.error("Run {} on {} failed unexpectedly", run.id(), run.model(), failure);
            handleFailure(run, client.get().adapter(), true, failure.toString(), null, started, startNanos);
        }
    }

    private void handleFailure(Run run, String adapter, boolean retryable, String message, Duration retryAfter,
                               Instant started, long startNanos) {
        long elapsed = Duration.ofNanos(System.nanoTime() - startNanos).toMillis();
        if (retryable && run.attempts() < run.maxAttempts()) {
            Duration wait = retryAfter != null && retryAfter.compareTo(retryBase) > 0
                    ? retryAfter : retryBase.multipliedBy(1L << Math.min(10, run.attempts() - 1));
            db.sql("""
                            UPDATE prompt_runs SET status = 'queued', run_at = :retryAt, last_error = :error,
                                                   locked_by = NULL, locked_until = NULL
                             WHERE id = :id AND locked_by = :worker
                            """)
                    .param("retryAt", now().plus(wait)).param("error", message).param("id", run.id())
                    .param("worker", workerId).update();
            meters.counter("periscope.engine.runs", "model", run.model(), "outcome", "retried").increment();
            log.warn("Run {} on {} failed (attempt {} of {}), retrying in {} s: {}", run.id(), run.model(),
                    run.attempts(), run.maxAttempts(), wait.toSeconds(), message);
            return;
        }
        recorder.failed(run, adapter, message, started, elapsed);
        meters.counter("periscope.engine.runs", "model", run.model(), "outcome", "failed").increment();
        log.warn("Run {} on {} failed for good after {} attempts: {}", run.id(), run.model(), run.attempts(), message);
    }

    private void cancel(Run run, String reason) {
        db.sql("""
                        UPDATE prompt_runs SET status = 'cancelled', last_error = :reason, finished_at = :now,
                                               locked_by = NULL, locked_until = NULL
                         WHERE id = :id
                        """)
                .param("reason", reason).param("now", now()).param("id", run.id()).update();
    }

    /** The engine request of a run, or empty when the prompt was deleted or the project paused meanwhile. */
    private Optional<EngineRequest> request(Run run) {
        Optional<Object[]> row = db.sql("""
                        SELECT p.prompt_text, p.country_code, p.language_code, pr.brand_name, pr.domain
                          FROM prompts p JOIN projects pr ON pr.id = p.project_id
                         WHERE p.id = :prompt AND p.deleted_at IS NULL AND NOT pr.paused
                        """)
                .param("prompt", run.promptId())
                .query((rs, n) -> new Object[] {rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4),
                        rs.getString(5)})
                .optional();
        if (row.isEmpty()) {
            return Optional.empty();
        }
        List<EngineRequest.Rival> rivals = db.sql("""
                        SELECT brand_name, domain FROM competitors
                         WHERE project_id = :project AND deleted_at IS NULL ORDER BY id
                        """)
                .param("project", run.projectId())
                .query((rs, n) -> new EngineRequest.Rival(rs.getString(1), rs.getString(2))).list();
        Object[] values = row.get();
        return Optional.of(new EngineRequest((String) values[0], (String) values[1], (String) values[2],
                new EngineRequest.Subject((String) values[3], (String) values[4], rivals), run.seed()));
    }

    private OffsetDateTime now() {
        return OffsetDateTime.now(clock.withZone(ZoneOffset.UTC));
    }

    public String workerId() {
        return workerId;
    }
}
