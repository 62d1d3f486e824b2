package dev.periscope.plans;

import dev.periscope.access.Caller;
import dev.periscope.ratelimit.RateLimiter;
import dev.periscope.shared.Json;
import java.time.Clock;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Map;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/** Usage against the plan's quotas: what {@code GET /account} reports and what quota checks count. */
@Component
public class Quotas {
    private final JdbcClient db;
    private final PlanLimits limits;
    private final RateLimiter rateLimiter;
    private final Clock clock;

    public Quotas(JdbcClient db, PlanLimits limits, RateLimiter rateLimiter, Clock clock) {
        this.db = db;
        this.limits = limits;
        this.rateLimiter = rateLimiter;
        this.clock = clock;
    }

    public PlanLimits.Limits limitsOf(Plan plan) {
        return limits.of(plan);
    }

    public int livePrompts(long accountId) {
        return db.sql("""
                        SELECT count(*) FROM prompts p JOIN projects pr ON pr.id = p.project_id
                         WHERE pr.account_id = :account AND p.deleted_at IS NULL
                        """)
                .param("account", accountId).query(Integer.class).single();
    }

    public int projects(long accountId) {
        return db.sql("SELECT count(*) FROM projects WHERE account_id = :account")
                .param("account", accountId).query(Integer.class).single();
    }

    public int liveCompetitors(long projectId) {
        return db.sql("SELECT count(*) FROM competitors WHERE project_id = :project AND deleted_at IS NULL")
                .param("project", projectId).query(Integer.class).single();
    }

    /** Prompts the account may still add; null when unlimited. */
    public Integer promptsAvailable(Caller caller) {
        Integer limit = limitsOf(caller.plan()).prompts();
        return limit == null ? null : Math.max(0, limit - livePrompts(caller.accountId()));
    }

    public Map<String, Object> account(Caller caller) {
        Map<String, Object> row = db.sql("""
                        SELECT a.plan, a.tracking_frequency, a.status, a.current_period_ends_at,
                               (SELECT count(*) FROM users u WHERE u.account_id = a.id) AS members
                          FROM accounts a WHERE a.id = :account
                        """)
                .param("account", caller.accountId()).query().singleRow();
        Plan plan = Plan.fromWire((String) row.get("plan"));
        PlanLimits.Limits planLimits = limitsOf(plan);
        LocalDate today = LocalDate.now(clock.withZone(ZoneOffset.UTC));
        OffsetDateTime periodEnd = row.get("current_period_ends_at") instanceof java.sql.Timestamp ts
                ? ts.toInstant().atOffset(ZoneOffset.UTC)
                : today.withDayOfMonth(1).plusMonths(1).atStartOfDay().atOffset(ZoneOffset.UTC);
        return Json.object(
                "plan", plan.wireName(),
                "plan_name", plan.displayName(),
                "tracking_frequency", row.get("tracking_frequency"),
                "role", caller.role(),
                "subscription", Json.object(
                        "status", row.get("status"),
                        "trialing", false,
                        "current_period_ends_at", periodEnd),
                "limits", Json.object(
                        "prompts", quota(planLimits.prompts(), livePrompts(caller.accountId()), null),
                        "projects", quota(planLimits.projects(), projects(caller.accountId()), null),
                        "intelligence_tasks", quota(planLimits.intelligenceTasksPerMonth(),
                                intelligenceTasksThisMonth(caller.accountId(), today), "month"),
                        "competitors_per_project", capacity(planLimits.competitorsPerProject()),
                        "team_members", Json.object(
                                "limit", planLimits.teamMembers(),
                                "used", ((Number) row.get("members")).intValue(),
                                "unlimited", planLimits.teamMembers() == null)),
                "rate_limits", Json.object(
                        "requests_per_minute", rateLimiter.requestsPerMinute(),
                        "write_requests_per_minute", rateLimiter.writesPerMinute()));
    }

    /** GEO Writer tasks arrive with their own module; until then no account has used any. */
    private int intelligenceTasksThisMonth(long accountId, LocalDate today) {
        Boolean tableExists = db.sql("SELECT to_regclass('intelligence_tasks') IS NOT NULL").query(Boolean.class).single();
        if (!tableExists) {
            return 0;
        }
        return db.sql("""
                        SELECT count(*) FROM intelligence_tasks t JOIN projects p ON p.id = t.project_id
                         WHERE p.account_id = :account AND t.created_at >= :month
                        """)
                .param("account", accountId)
                .param("month", today.withDayOfMonth(1).atStartOfDay().atOffset(ZoneOffset.UTC))
                .query(Integer.class).single();
    }

    private static Map<String, Object> quota(Integer limit, int used, String period) {
        return Json.object(
                "limit", limit,
                "used", used,
                "remaining", limit == null ? null : Math.max(0, limit - used),
                "unlimited", limit == null,
                "period", period);
    }

    private static Map<String, Object> capacity(Integer limit) {
        return Json.object("limit", limit, "unlimited", limit == null);
    }
}
