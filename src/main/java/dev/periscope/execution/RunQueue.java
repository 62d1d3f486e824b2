package dev.periscope.execution;

import dev.periscope.projects.ProjectEvents;
import java.time.Clock;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;
import org.springframework.transaction.event.TransactionPhase;
import org.springframework.transaction.event.TransactionalEventListener;

/**
 * Fills the run queue: every live prompt of every active project, on every enabled engine, runs_per_prompt times
 * per cycle. The insert is idempotent (one row per prompt, engine, cycle and sample), so every instance may run
 * it at any time. Prompts created during a cycle join it at once when their project executes prompts
 * immediately; otherwise they wait for the next cycle.
 */
@Component
public class RunQueue {
    private static final Logger log = LoggerFactory.getLogger(RunQueue.class);
    private static final String ENQUEUE = """
            INSERT INTO prompt_runs (project_id, prompt_id, model, cycle, sample, run_at)
            SELECT p.project_id, p.id, m.model, c.cycle, s.sample, :now
              FROM prompts p
              JOIN projects pr ON pr.id = p.project_id
              JOIN accounts a ON a.id = pr.account_id
              CROSS JOIN LATERAL (SELECT CASE WHEN a.tracking_frequency = 'daily' THEN CAST(:today AS date)
                                              ELSE CAST(:monday AS date) END AS cycle) c
              CROSS JOIN unnest(CAST(:models AS text[])) AS m(model)
              CROSS JOIN LATERAL generate_series(1, pr.runs_per_prompt) AS s(sample)
             WHERE p.deleted_at IS NULL
               AND NOT pr.paused
               AND a.status = 'active'
               AND (pr.execute_prompts_immediately OR p.created_at < (CAST(c.cycle AS timestamp) AT TIME ZONE 'UTC'))
               AND (CAST(:project AS bigint) IS NULL OR pr.id = :project)
            ON CONFLICT (prompt_id, model, cycle, sample) DO NOTHING
            """;

    private final JdbcClient db;
    private final Engines engines;
    private final Clock clock;

    public RunQueue(JdbcClient db, Engines engines, Clock clock) {
        this.db = db;
        this.engines = engines;
        this.clock = clock;
    }

    /** Queues the current cycle of every project; returns how many runs were new. */
    @Scheduled(fixedDelayString = "${periscope.runs.schedule-interval:PT1M}",
            initialDelayString = "${periscope.runs.schedule-initial-delay:PT3S}")
    public int enqueueCurrentCycle() {
        int added = enqueue(null);
        if (added > 0) {
            log.info("Queued {} runs for the current cycle", added);
        }
        return added;
    }

    public int enqueueProject(long projectId) {
        return enqueue(projectId);
    }

    /** New prompts of a project that runs them at once join the current cycle as soon as they are committed. */
    @TransactionalEventListener(phase = TransactionPhase.AFTER_COMMIT)
    public void onPromptsCreated(ProjectEvents.PromptsCreated event) {
        if (event.runNow()) {
            enqueue(event.projectId());
        }
    }

    private int enqueue(Long projectId) {
        LocalDate today = LocalDate.now(clock.withZone(ZoneOffset.UTC));
        return db.sql(ENQUEUE)
                .param("now", OffsetDateTime.now(clock.withZone(ZoneOffset.UTC)))
                .param("today", today)
                .param("monday", Cycles.weekly(today))
                .param("models", engines.enabledModels().toArray(String[]::new))
                .param("project", projectId)
                .update();
    }
}
