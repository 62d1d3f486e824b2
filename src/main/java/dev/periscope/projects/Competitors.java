package dev.periscope.projects;

import dev.periscope.access.Caller;
import dev.periscope.jobs.Jobs;
import dev.periscope.plans.Quotas;
import dev.periscope.shared.ApiException;
import dev.periscope.shared.ErrorCode;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;

/**
 * Competitors: added within the plan's cap, one per domain; a name change re-runs matching in the background and
 * holds further edits until it is done (spec "States and transitions", Competitor).
 */
@Component
public class Competitors {
    public static final String REMATCH_JOB = "competitor.rematch";
    public static final String PURGE_JOB = "competitor.purge";
    private static final List<String> PALETTE = List.of("#ef4444", "#f59e0b", "#10b981", "#3b82f6", "#8b5cf6",
            "#ec4899", "#14b8a6", "#f97316", "#6366f1", "#84cc16", "#06b6d4", "#d946ef");
    private static final String SELECT = """
            SELECT id, project_id, brand_name, domain, matching_names, color, play_store_id, app_store_id,
                   processing, created_at
              FROM competitors
            """;

    private final JdbcClient db;
    private final Quotas quotas;
    private final Jobs jobs;
    private final Clock clock;

    public Competitors(JdbcClient db, Quotas quotas, Jobs jobs, Clock clock) {
        this.db = db;
        this.quotas = quotas;
        this.jobs = jobs;
        this.clock = clock;
    }

    public List<Competitor> list(long projectId) {
        return db.sql(SELECT + " WHERE project_id = :project AND deleted_at IS NULL ORDER BY id")
                .param("project", projectId).query(Competitors::map).list();
    }

    public Competitor require(Project project, long competitorId) {
        return db.sql(SELECT + " WHERE id = :id AND project_id = :project AND deleted_at IS NULL")
                .param("id", competitorId).param("project", project.id()).query(Competitors::map).optional()
                .orElseThrow(() -> ApiException.notFound("Competitor"));
    }

    /** Adds a competitor; starts the background backfill of historical matches. */
    @Transactional
    public Competitor create(Caller caller, Project project, NewCompetitor input) {
        db.sql("SELECT id FROM projects WHERE id = :id FOR UPDATE").param("id", project.id()).query(Long.class).single();
        Integer cap = quotas.limitsOf(caller.plan()).competitorsPerProject();
        int live = quotas.liveCompetitors(project.id());
        if (cap != null && live >= cap) {
            throw new ApiException(ErrorCode.QUOTA_EXCEEDED,
                    "Competitor limit of " + cap + " per project reached on the " + caller.plan().displayName() + " plan",
                    Map.of("limit", cap, "used", live));
        }
        return insert(project, input, "domain", live);
    }

    /** Inserts within the caller's transaction; {@code index} picks the colour. */
    Competitor insert(Project project, NewCompetitor input, String param, int index) {
        if (input.domain().equals(project.domain())) {
            throw new ApiException(ErrorCode.INVALID_PARAM, "A competitor cannot have the project's own domain",
                    Map.of("param", param, "value", input.domain()));
        }
        boolean taken = db.sql("""
                        SELECT EXISTS (SELECT 1 FROM competitors
                                        WHERE project_id = :project AND domain = :domain AND deleted_at IS NULL)
                        """)
                .param("project", project.id()).param("domain", input.domain()).query(Boolean.class).single();
        if (taken) {
            throw new ApiException(ErrorCode.INVALID_PARAM, "The project already has a competitor on " + input.domain(),
                    Map.of("param", param, "value", input.domain(), "reason", "duplicate_domain"));
        }
        List<String> names = MatchingNames.withBrand(input.brandName(), input.matchingNames());
        long id = db.sql("""
                        INSERT INTO competitors (project_id, brand_name, domain, matching_names, color, created_at)
                        VALUES (:project, :brand, :domain, :names, :color, :now) RETURNING id
                        """)
                .param("project", project.id()).param("brand", input.brandName()).param("domain", input.domain())
                .param("names", names.toArray(String[]::new)).param("color", PALETTE.get(index % PALETTE.size()))
                .param("now", now())
                .query(Long.class).single();
        jobs.enqueue(REMATCH_JOB, Map.of("competitor_id", id, "project_id", project.id()), REMATCH_JOB + ":" + id);
        return require(project, id);
    }

    /** What a PATCH may change; null fields stay as they are. */
    public record Changes(String brandName, List<String> matchingNames, String color) {
    }

    @Transactional
    public Competitor update(Project project, long competitorId, Changes changes) {
        Competitor current = db.sql(SELECT + " WHERE id = :id AND project_id = :project AND deleted_at IS NULL FOR UPDATE")
                .param("id", competitorId).param("project", project.id()).query(Competitors::map).optional()
                .orElseThrow(() -> ApiException.notFound("Competitor"));
        if (current.processing()) {
            throw new ApiException(ErrorCode.INVALID_PARAM,
                    "The competitor is being re-matched after a name change; try again in a few minutes",
                    Map.of("param", "id", "reason", "processing"));
        }
        String brandName = changes.brandName() != null ? changes.brandName() : current.brandName();
        List<String> names = changes.matchingNames() != null
                ? MatchingNames.withBrand(brandName, changes.matchingNames())
                : MatchingNames.withBrand(brandName, current.matchingNames().stream()
                        .filter(name -> !name.equalsIgnoreCase(current.brandName())).toList());
        boolean namesChanged = !brandName.equals(current.brandName()) || !names.equals(current.matchingNames());
        db.sql("""
                        UPDATE competitors SET brand_name = :brand, matching_names = :names, color = :color,
                                               processing = :processing
                         WHERE id = :id
                        """)
                .param("brand", brandName).param("names", names.toArray(String[]::new))
                .param("color", changes.color() != null ? changes.color() : current.color())
                .param("processing", namesChanged).param("id", competitorId).update();
        if (namesChanged) {
            jobs.enqueue(REMATCH_JOB, Map.of("competitor_id", competitorId, "project_id", project.id()),
                    REMATCH_JOB + ":" + competitorId);
        }
        return require(project, competitorId);
    }

    /** Gone at once, slot freed; a job purges its tracked data. */
    @Transactional
    public void delete(Project project, long competitorId) {
        int changed = db.sql("""
                        UPDATE competitors SET deleted_at = :now
                         WHERE id = :id AND project_id = :project AND deleted_at IS NULL
                        """)
                .param("now", now()).param("id", competitorId).param("project", project.id()).update();
        if (changed == 0) {
            throw ApiException.notFound("Competitor");
        }
        jobs.enqueue(PURGE_JOB, Map.of("competitor_id", competitorId), PURGE_JOB + ":" + competitorId);
    }

    private OffsetDateTime now() {
        return OffsetDateTime.now(clock.withZone(ZoneOffset.UTC));
    }

    static Competitor map(ResultSet rs, int row) throws SQLException {
        return new Competitor(rs.getLong("id"), rs.getLong("project_id"), rs.getString("brand_name"),
                rs.getString("domain"), Projects.textArray(rs, "matching_names"), rs.getString("color"),
                rs.getString("play_store_id"), rs.getString("app_store_id"), rs.getBoolean("processing"),
                rs.getObject("created_at", OffsetDateTime.class));
    }
}
