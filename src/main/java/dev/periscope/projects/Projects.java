package dev.periscope.projects;

import dev.periscope.access.Caller;
import dev.periscope.plans.Feature;
import dev.periscope.plans.PlanGate;
import dev.periscope.plans.PlanLimits;
import dev.periscope.plans.Quotas;
import dev.periscope.shared.ApiException;
import dev.periscope.shared.ErrorCode;
import dev.periscope.shared.Json;
import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;
import tools.jackson.databind.json.JsonMapper;

/** Projects: creation (with prompts and competitors, idempotent by external identifier), lookup and detail. */
@Component
public class Projects {
    static final String SELECT = """
            SELECT id, account_id, name, brand_name, url, domain, description, industry, business_model,
                   primary_products, target_audience, brand_voice, matching_names, country_code, language_code,
                   use_subdomain, paused, play_store_id, app_store_id, owned_media::text AS owned_media,
                   weekly_email_subscribed, execute_prompts_immediately, external_identifier, runs_per_prompt,
                   created_at
              FROM projects
            """;
    private static final List<String> DEFAULT_ANNOTATION_CATEGORIES =
            List.of("Product launch:#2563eb", "Campaign:#16a34a", "Content:#9333ea", "Model update:#ea580c", "Other:#6b7280");

    private final JdbcClient db;
    private final Quotas quotas;
    private final Prompts prompts;
    private final Competitors competitors;
    private final ApplicationEventPublisher events;
    private final JsonMapper json;

    public Projects(JdbcClient db, Quotas quotas, Prompts prompts, Competitors competitors,
                    ApplicationEventPublisher events, JsonMapper json) {
        this.db = db;
        this.quotas = quotas;
        this.prompts = prompts;
        this.competitors = competitors;
        this.events = events;
        this.json = json;
    }

    /** The project if the caller's account owns it; otherwise exactly the error of an unknown id. */
    public Project require(Caller caller, long projectId) {
        return db.sql(SELECT + " WHERE id = :id AND account_id = :account")
                .param("id", projectId).param("account", caller.accountId())
                .query(Projects::map).optional()
                .orElseThrow(ApiException::projectNotFound);
    }

    public List<Project> list(Caller caller) {
        return db.sql(SELECT + " WHERE account_id = :account ORDER BY id").param("account", caller.accountId())
                .query(Projects::map).list();
    }

    /** The outcome of a create call: a new project (201) or the replay of an earlier one (200). */
    public record Created(Project project, boolean replay, int promptsCreated, int promptsSkipped,
                          int competitorsCreated) {
    }

    @Transactional
    public Created create(Caller caller, NewProject input) {
        lockAccount(caller.accountId());
        if (input.externalIdentifier() != null) {
            var existing = db.sql(SELECT + " WHERE account_id = :account AND external_identifier = :external")
                    .param("account", caller.accountId()).param("external", input.externalIdentifier())
                    .query(Projects::map).optional();
            if (existing.isPresent()) {
                return new Created(existing.get(), true, 0, 0, 0);
            }
        }
        PlanLimits.Limits limits = quotas.limitsOf(caller.plan());
        int projectCount = quotas.projects(caller.accountId());
        if (limits.projects() != null && projectCount >= limits.projects()) {
            throw new ApiException(ErrorCode.QUOTA_EXCEEDED,
                    "Project limit of the " + caller.plan().displayName() + " plan reached",
                    Map.of("limit", limits.projects(), "used", projectCount));
        }
        if (!input.ownedMedia().isEmpty()) {
            PlanGate.require(caller.plan(), Feature.OWNED_MEDIA);
        }
        if (limits.competitorsPerProject() != null && input.competitors().size() > limits.competitorsPerProject()) {
            throw new ApiException(ErrorCode.QUOTA_EXCEEDED,
                    "At most " + limits.competitorsPerProject() + " competitors per project on the "
                            + caller.plan().displayName() + " plan",
                    Map.of("param", "competitors", "limit", limits.competitorsPerProject()));
        }
        List<String> names = MatchingNames.withBrand(input.brandName(), input.matchingNames());
        long id = db.sql("""
                        INSERT INTO projects (account_id, name, brand_name, url, domain, description, industry,
                                              matching_names, country_code, language_code, use_subdomain, owned_media,
                                              weekly_email_subscribed, execute_prompts_immediately, external_identifier,
                                              play_store_id, app_store_id, runs_per_prompt)
                        VALUES (:account, :name, :brand, :url, :domain, :description, :industry, :names, :country,
                                :language, :subdomain, CAST(:ownedMedia AS jsonb), :weekly, :immediately, :external,
                                :playStore, :appStore, :runs)
                        RETURNING id
                        """)
                .param("account", caller.accountId()).param("name", input.name()).param("brand", input.brandName())
                .param("url", input.websiteUrl()).param("domain", input.domain())
                .param("description", input.description())
                .param("industry", input.industry().isEmpty() ? null : String.join(", ", input.industry()))
                .param("names", names.toArray(String[]::new)).param("country", input.countryCode())
                .param("language", input.languageCode()).param("subdomain", input.useSubdomain())
                .param("ownedMedia", json.writeValueAsString(input.ownedMedia()))
                .param("weekly", input.weeklyEmailSubscribed()).param("immediately", input.executePromptsImmediately())
                .param("external", input.externalIdentifier())
                .param("playStore", input.playStoreId()).param("appStore", input.appStoreId())
                .param("runs", input.runsPerPrompt())
                .query(Long.class).single();
        for (String category : DEFAULT_ANNOTATION_CATEGORIES) {
            String[] parts = category.split(":");
            db.sql("INSERT INTO annotation_categories (project_id, name, color) VALUES (:project, :name, :color)")
                    .param("project", id).param("name", parts[0]).param("color", parts[1]).update();
        }
        Project project = db.sql(SELECT + " WHERE id = :id").param("id", id).query(Projects::map).single();
        Set<String> seenDomains = new HashSet<>();
        for (int i = 0; i < input.competitors().size(); i++) {
            NewCompetitor competitor = input.competitors().get(i);
            if (!seenDomains.add(competitor.domain())) {
                throw new ApiException(ErrorCode.INVALID_PARAM, "Competitor domain " + competitor.domain() + " is listed twice",
                        Map.of("param", "competitors[" + i + "].domain"));
            }
            competitors.insert(project, competitor, "competitors[" + i + "].domain", i);
        }
        Prompts.AddResult added = input.prompts().isEmpty()
                ? new Prompts.AddResult(List.of(), 0, 0)
                : prompts.addLocked(caller, project, input.prompts(), project.countryCode(), project.languageCode(),
                "prompts");
        events.publishEvent(new ProjectEvents.ProjectCreated(id, caller.accountId()));
        return new Created(project, false, added.created(), added.skipped(), input.competitors().size());
    }

    /** The project detail of the spec's Project table, with stats, data coverage and locale. */
    public Map<String, Object> detail(Project project) {
        Map<String, Object> stats = db.sql("""
                        SELECT (SELECT count(*) FROM prompts WHERE project_id = :id AND deleted_at IS NULL) AS prompts,
                               (SELECT count(*) FROM competitors WHERE project_id = :id AND deleted_at IS NULL) AS competitors,
                               (SELECT count(*) FROM collections WHERE project_id = :id) AS collections,
                               (SELECT count(*) FILTER (WHERE brand_kind = 'brand') FROM prompts
                                 WHERE project_id = :id AND deleted_at IS NULL) AS brand,
                               (SELECT count(*) FILTER (WHERE brand_kind = 'brand_other') FROM prompts
                                 WHERE project_id = :id AND deleted_at IS NULL) AS brand_other,
                               (SELECT count(*) FILTER (WHERE brand_kind = 'non_brand') FROM prompts
                                 WHERE project_id = :id AND deleted_at IS NULL) AS non_brand
                        """)
                .param("id", project.id()).query().singleRow();
        Map<String, Object> coverage = dataCoverage(project.id());
        Map<String, Object> detail = Json.object(
                "id", project.id(),
                "name", project.name(),
                "brand_name", project.brandName(),
                "url", project.url(),
                "domain", project.domain(),
                "description", project.description(),
                "matching_names", project.matchingNames(),
                "industry", project.industry(),
                "business_model", project.businessModel(),
                "primary_products", project.primaryProducts(),
                "target_audience", project.targetAudience(),
                "brand_voice", project.brandVoice(),
                "country_code", project.countryCode(),
                "language_code", project.languageCode(),
                "paused", project.paused(),
                "use_subdomain", project.useSubdomain(),
                "play_store_id", project.playStoreId(),
                "app_store_id", project.appStoreId(),
                "owned_media", json.readValue(project.ownedMediaJson(), Map.class),
                "weekly_email_subscribed", project.weeklyEmailSubscribed(),
                "execute_prompts_immediately", project.executePromptsImmediately(),
                "external_identifier", project.externalIdentifier(),
                "runs_per_prompt", project.runsPerPrompt(),
                "created_at", project.createdAt(),
                "stats", Json.object(
                        "prompts_count", number(stats.get("prompts")),
                        "competitors_count", number(stats.get("competitors")),
                        "collections_count", number(stats.get("collections")),
                        "prompts_by_brand_kind", Json.object(
                                "brand", number(stats.get("brand")),
                                "brand_other", number(stats.get("brand_other")),
                                "non_brand", number(stats.get("non_brand")))),
                "data_coverage", coverage,
                "locale", Json.object("country_code", project.countryCode(), "language_code", project.languageCode()));
        return detail;
    }

    public int livePromptCount(long projectId) {
        return db.sql("SELECT count(*) FROM prompts WHERE project_id = :id AND deleted_at IS NULL")
                .param("id", projectId).query(Integer.class).single();
    }

    /** Models, countries and languages that have at least one successful execution. */
    public Map<String, Object> dataCoverage(long projectId) {
        List<String> models = distinct("model", projectId);
        List<String> countries = distinct("country_code", projectId);
        List<String> languages = distinct("language_code", projectId);
        return Json.object("models", models, "countries", countries, "languages", languages);
    }

    public List<String> distinct(String column, long projectId) {
        if (!Set.of("model", "country_code", "language_code").contains(column)) {
            throw new IllegalArgumentException(column);
        }
        return db.sql("SELECT DISTINCT " + column + " AS value FROM prompt_executions WHERE project_id = :id AND success ORDER BY 1")
                .param("id", projectId).query(String.class).list();
    }

    private void lockAccount(long accountId) {
        db.sql("SELECT id FROM accounts WHERE id = :id FOR UPDATE").param("id", accountId).query(Long.class).single();
    }

    private static int number(Object value) {
        return ((Number) value).intValue();
    }

    static List<String> textArray(ResultSet rs, String column) throws SQLException {
        Array array = rs.getArray(column);
        return array == null ? List.of() : new ArrayList<>(Arrays.asList((String[]) array.getArray()));
    }

    static Project map(ResultSet rs, int row) throws SQLException {
        return new Project(rs.getLong("id"), rs.getLong("account_id"), rs.getString("name"),
                rs.getString("brand_name"), rs.getString("url"), rs.getString("domain"), rs.getString("description"),
                rs.getString("industry"), rs.getString("business_model"), rs.getString("primary_products"),
                rs.getString("target_audience"), rs.getString("brand_voice"), textArray(rs, "matching_names"),
                rs.getString("country_code"), rs.getString("language_code"), rs.getBoolean("use_subdomain"),
                rs.getBoolean("paused"), rs.getString("play_store_id"), rs.getString("app_store_id"),
                rs.getString("owned_media"), rs.getBoolean("weekly_email_subscribed"),
                rs.getBoolean("execute_prompts_immediately"), rs.getString("external_identifier"),
                rs.getInt("runs_per_prompt"), rs.getObject("created_at", OffsetDateTime.class));
    }

    static String lower(String value) {
        return value.toLowerCase(Locale.ROOT);
    }
}
