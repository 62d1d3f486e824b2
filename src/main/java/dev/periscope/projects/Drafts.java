package dev.periscope.projects;

import dev.periscope.access.ApiKeySecrets;
import dev.periscope.access.Caller;
import dev.periscope.plans.Feature;
import dev.periscope.plans.PlanGate;
import dev.periscope.plans.PlanLimits;
import dev.periscope.plans.Quotas;
import dev.periscope.projects.site.SiteSuggester;
import dev.periscope.shared.ApiException;
import dev.periscope.shared.ErrorCode;
import dev.periscope.shared.Json;
import dev.periscope.shared.JsonBody;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * Project drafts, the four-step wizard (spec "States and transitions", Project draft): a step is accepted only when
 * every earlier step is complete, completed steps may be resubmitted, finalize creates the project once and
 * answers later calls with the same project, and a draft expires 24 hours after it was started.
 */
@Component
public class Drafts {
    public static final List<String> STEPS = List.of("details", "prompts", "competitors", "owned_media");
    public static final Duration LIFETIME = Duration.ofHours(24);
    private static final TypeReference<Map<String, Object>> MAP = new TypeReference<>() {
    };

    private final JdbcClient db;
    private final JsonMapper json;
    private final Clock clock;
    private final Projects projects;
    private final Quotas quotas;
    private final SiteSuggester suggester;
    private final ProjectRequests requests;

    public Drafts(JdbcClient db, JsonMapper json, Clock clock, Projects projects, Quotas quotas,
                  SiteSuggester suggester, ProjectRequests requests) {
        this.requests = requests;
        this.db = db;
        this.json = json;
        this.clock = clock;
        this.projects = projects;
        this.quotas = quotas;
        this.suggester = suggester;
    }

    public record Draft(String id, long accountId, String websiteUrl, String mainCountry, String mainLanguage,
                        boolean useSubdomain, boolean executePromptsImmediately, Map<String, Object> steps,
                        Map<String, Object> suggestions, Long projectId, OffsetDateTime finalizedAt,
                        OffsetDateTime createdAt, OffsetDateTime updatedAt, OffsetDateTime expiresAt) {
        List<String> completedSteps() {
            return STEPS.stream().filter(steps::containsKey).toList();
        }

        String nextStep() {
            return STEPS.stream().filter(step -> !steps.containsKey(step)).findFirst().orElse(null);
        }
    }

    /** Starts a draft; with {@code suggest} it reads the site first (bounded, see SiteSuggester) for step one. */
    public Draft start(Caller caller, JsonBody body) {
        body.allowOnly("website_url", "main_country", "main_language", "use_subdomain", "suggest",
                "execute_prompts_immediately");
        String websiteUrl = requests.websiteUrl(body);
        String country = Locales.country("main_country", body.requiredString("main_country", 10));
        String language = Locales.language("main_language", body.requiredString("main_language", 10));
        boolean useSubdomain = body.optionalBoolean("use_subdomain", false);
        boolean suggest = body.optionalBoolean("suggest", true);
        boolean immediately = body.optionalBoolean("execute_prompts_immediately", true);
        Map<String, Object> suggestions = new LinkedHashMap<>();
        if (suggest) {
            suggestions.put("details", suggester.suggestDetails(websiteUrl));
        }
        String id = "draft_" + ApiKeySecrets.generate().substring(ApiKeySecrets.PREFIX.length(), ApiKeySecrets.PREFIX.length() + 24);
        OffsetDateTime now = now();
        db.sql("""
                        INSERT INTO project_drafts (id, account_id, user_id, website_url, main_country, main_language,
                                                    use_subdomain, execute_prompts_immediately, suggestions,
                                                    created_at, updated_at, expires_at)
                        VALUES (:id, :account, :user, :url, :country, :language, :subdomain, :immediately,
                                CAST(:suggestions AS jsonb), :now, :now, :expires)
                        """)
                .param("id", id).param("account", caller.accountId()).param("user", caller.userId())
                .param("url", websiteUrl).param("country", country).param("language", language)
                .param("subdomain", useSubdomain).param("immediately", immediately)
                .param("suggestions", json.writeValueAsString(suggestions)).param("now", now)
                .param("expires", now.plus(LIFETIME))
                .update();
        return require(caller, id);
    }

    /** The caller's live draft; another account's, an unknown or an expired one are all {@code ERR_DRAFT_NOT_FOUND}. */
    public Draft require(Caller caller, String id) {
        return find(caller, id, false);
    }

    /** Submits one step. */
    @Transactional
    public Draft submit(Caller caller, String id, JsonBody body) {
        Draft draft = find(caller, id, true);
        String step = body.optionalEnum("step", STEPS);
        if (step == null) {
            throw body.missing("step");
        }
        int index = STEPS.indexOf(step);
        List<String> missing = STEPS.subList(0, index).stream().filter(earlier -> !draft.steps().containsKey(earlier)).toList();
        if (!missing.isEmpty()) {
            throw new ApiException(ErrorCode.DRAFT_STATE,
                    "Step " + step + " needs the earlier steps first: " + String.join(", ", missing),
                    Map.of("param", "step", "step", step, "missing_steps", missing, "next_step", draft.nextStep()));
        }
        if (draft.projectId() != null) {
            throw new ApiException(ErrorCode.DRAFT_STATE, "The draft is finalized; change the project instead",
                    Map.of("param", "step", "project_id", draft.projectId()));
        }
        Map<String, Object> data = switch (step) {
            case "details" -> details(body);
            case "prompts" -> prompts(body);
            case "competitors" -> competitors(caller, body);
            default -> ownedMedia(caller, body);
        };
        Map<String, Object> steps = new LinkedHashMap<>(draft.steps());
        steps.put(step, data);
        db.sql("UPDATE project_drafts SET steps = CAST(:steps AS jsonb), updated_at = :now WHERE id = :id")
                .param("steps", json.writeValueAsString(steps)).param("now", now()).param("id", id).update();
        return require(caller, id);
    }

    /** The outcome of finalize: the project, and whether this call created it (201) or found it (200). */
    public record Finalized(Draft draft, Projects.Created created) {
    }

    @Transactional
    public Finalized finalizeDraft(Caller caller, String id, JsonBody body) {
        body.allowOnly("weekly_email_subscribed", "execute_prompts_immediately");
        Draft draft = find(caller, id, true);
        if (draft.projectId() != null) {
            Project existing = projects.require(caller, draft.projectId());
            return new Finalized(draft, new Projects.Created(existing, true, 0, 0, 0));
        }
        if (!draft.steps().containsKey("details")) {
            throw new ApiException(ErrorCode.DRAFT_STATE, "Submit the details step before finalizing",
                    Map.of("missing_steps", List.of("details"), "next_step", "details"));
        }
        Map<String, Object> details = section(draft, "details");
        Map<String, Object> ownedMedia = section(draft, "owned_media");
        NewProject input = new NewProject(
                draft.websiteUrl(),
                Domains.bareHost("website_url", draft.websiteUrl()),
                (String) details.get("name"),
                (String) details.get("brand_name"),
                draft.mainCountry(),
                draft.mainLanguage(),
                (String) details.get("description"),
                strings(details.get("industry")),
                strings(details.get("matching_names")),
                strings(section(draft, "prompts").get("prompts")),
                competitorsOf(section(draft, "competitors")),
                stringMap(ownedMedia),
                draft.useSubdomain(),
                body.optionalBoolean("weekly_email_subscribed", false),
                (String) details.get("external_identifier"),
                body.optionalBoolean("execute_prompts_immediately", draft.executePromptsImmediately()),
                null, null, 1);
        Projects.Created created = projects.create(caller, input);
        db.sql("UPDATE project_drafts SET project_id = :project, finalized_at = :now, updated_at = :now WHERE id = :id")
                .param("project", created.project().id()).param("now", now()).param("id", id).update();
        return new Finalized(require(caller, id), created);
    }

    /** The draft envelope: state, suggestions for the next step and the limits that bound it. */
    public Map<String, Object> envelope(Caller caller, Draft draft, boolean includeSuggestions) {
        Map<String, Object> steps = new LinkedHashMap<>();
        for (String step : STEPS) {
            steps.put(step, Json.object("complete", draft.steps().containsKey(step), "data", draft.steps().get(step)));
        }
        PlanLimits.Limits limits = quotas.limitsOf(caller.plan());
        Integer projectsRemaining = limits.projects() == null ? null
                : Math.max(0, limits.projects() - quotas.projects(caller.accountId()));
        String next = draft.nextStep();
        Map<String, Object> body = Json.object(
                "draft", Json.object(
                        "id", draft.id(),
                        "status", draft.projectId() != null ? "finalized" : "open",
                        "website_url", draft.websiteUrl(),
                        "main_country", draft.mainCountry(),
                        "main_language", draft.mainLanguage(),
                        "use_subdomain", draft.useSubdomain(),
                        "execute_prompts_immediately", draft.executePromptsImmediately(),
                        "steps", steps,
                        "completed_steps", draft.completedSteps(),
                        "next_step", next,
                        "project_id", draft.projectId(),
                        "created_at", draft.createdAt(),
                        "updated_at", draft.updatedAt(),
                        "expires_at", draft.expiresAt()),
                "limits", Json.object(
                        "projects_remaining", projectsRemaining,
                        "prompts_available", quotas.promptsAvailable(caller),
                        "prompts_per_submission", ProjectRequests.MAX_PROMPTS_PER_REQUEST,
                        "competitors_per_project", limits.competitorsPerProject()));
        if (includeSuggestions) {
            body.put("suggestions", suggestionsFor(draft, next));
        }
        return body;
    }

    /**
     * Suggestions already computed for the step ahead. Details come from the site; prompt and competitor
     * suggestions need a language model and are empty until the model-backed suggester exists.
     */
    private Map<String, Object> suggestionsFor(Draft draft, String step) {
        if (step == null) {
            return Json.object("step", null);
        }
        Object cached = draft.suggestions().get(step);
        Map<String, Object> result = Json.object("step", step);
        if (cached instanceof Map<?, ?> map) {
            map.forEach((key, value) -> result.put(String.valueOf(key), value));
        } else if (step.equals("prompts")) {
            result.put("prompts", List.of());
        } else if (step.equals("competitors")) {
            result.put("competitors", List.of());
        }
        return result;
    }

    @Scheduled(fixedDelayString = "${periscope.drafts.cleanup-interval:PT10M}")
    public void deleteExpired() {
        db.sql("DELETE FROM project_drafts WHERE expires_at < :now AND project_id IS NULL").param("now", now()).update();
    }

    private Map<String, Object> details(JsonBody body) {
        body.allowOnly("step", "name", "brand_name", "description", "industry", "matching_names",
                "external_identifier", "suggest");
        String name = body.requiredString("name", ProjectRequests.MAX_NAME_LENGTH);
        String brandName = body.optionalString("brand_name", ProjectRequests.MAX_NAME_LENGTH);
        return Json.object(
                "name", name,
                "brand_name", brandName == null ? name : brandName,
                "description", body.optionalString("description", ProjectRequests.MAX_DESCRIPTION_LENGTH),
                "industry", orEmpty(body.optionalStringList("industry", 10, 100)),
                "matching_names", ProjectRequests.matchingNames(body, "matching_names"),
                "external_identifier", ProjectRequests.externalIdentifier(body));
    }

    private Map<String, Object> prompts(JsonBody body) {
        body.allowOnly("step", "prompts", "suggest");
        List<String> prompts = body.optionalStringList("prompts", ProjectRequests.MAX_PROMPTS_PER_REQUEST,
                ProjectRequests.MAX_PROMPT_LENGTH);
        if (prompts == null) {
            throw body.missing("prompts");
        }
        return Json.object("prompts", prompts);
    }

    private Map<String, Object> competitors(Caller caller, JsonBody body) {
        body.allowOnly("step", "competitors", "suggest");
        if (!body.has("competitors")) {
            throw body.missing("competitors");
        }
        List<NewCompetitor> competitors = ProjectRequests.competitors(body, "competitors");
        Integer cap = quotas.limitsOf(caller.plan()).competitorsPerProject();
        if (cap != null && competitors.size() > cap) {
            throw new ApiException(ErrorCode.QUOTA_EXCEEDED,
                    "At most " + cap + " competitors per project on the " + caller.plan().displayName() + " plan",
                    Map.of("param", "competitors", "limit", cap));
        }
        List<Map<String, Object>> items = new ArrayList<>();
        for (NewCompetitor competitor : competitors) {
            items.add(Json.object("domain", competitor.domain(), "brand_name", competitor.brandName(),
                    "matching_names", competitor.matchingNames()));
        }
        return Json.object("competitors", items);
    }

    private Map<String, Object> ownedMedia(Caller caller, JsonBody body) {
        List<String> allowed = new ArrayList<>(ProjectRequests.OWNED_MEDIA_FIELDS);
        allowed.addAll(List.of("step", "suggest", "google_play_url"));
        body.allowOnly(allowed.toArray(String[]::new));
        Map<String, String> media = requests.ownedMedia(body, true);
        if (!media.isEmpty()) {
            PlanGate.require(caller.plan(), Feature.OWNED_MEDIA);
        }
        return new LinkedHashMap<>(media);
    }

    private Draft find(Caller caller, String id, boolean forUpdate) {
        if (id == null || !id.matches("draft_[A-Za-z0-9]{1,64}")) {
            throw new ApiException(ErrorCode.DRAFT_NOT_FOUND, "Draft not found");
        }
        return db.sql("""
                        SELECT id, account_id, website_url, main_country, main_language, use_subdomain,
                               execute_prompts_immediately, steps::text AS steps, suggestions::text AS suggestions,
                               project_id, finalized_at, created_at, updated_at, expires_at
                          FROM project_drafts
                         WHERE id = :id AND account_id = :account AND (expires_at > :now OR project_id IS NOT NULL)
                        """ + (forUpdate ? " FOR UPDATE" : ""))
                .param("id", id).param("account", caller.accountId()).param("now", now())
                .query(this::map).optional()
                .orElseThrow(() -> new ApiException(ErrorCode.DRAFT_NOT_FOUND, "Draft not found or expired"));
    }

    private Draft map(ResultSet rs, int row) throws SQLException {
        return new Draft(rs.getString("id"), rs.getLong("account_id"), rs.getString("website_url"),
                rs.getString("main_country"), rs.getString("main_language"), rs.getBoolean("use_subdomain"),
                rs.getBoolean("execute_prompts_immediately"), json.readValue(rs.getString("steps"), MAP),
                json.readValue(rs.getString("suggestions"), MAP), (Long) rs.getObject("project_id"),
                rs.getObject("finalized_at", OffsetDateTime.class), rs.getObject("created_at", OffsetDateTime.class),
                rs.getObject("updated_at", OffsetDateTime.class), rs.getObject("expires_at", OffsetDateTime.class));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> section(Draft draft, String step) {
        Object value = draft.steps().get(step);
        return value instanceof Map<?, ?> map ? (Map<String, Object>) map : Map.of();
    }

    private static List<String> strings(Object value) {
        if (!(value instanceof List<?> list)) {
            return List.of();
        }
        return list.stream().map(String::valueOf).toList();
    }

    private static Map<String, String> stringMap(Map<String, Object> map) {
        Map<String, String> result = new LinkedHashMap<>();
        map.forEach((key, value) -> result.put(key, String.valueOf(value)));
        return result;
    }

    private static List<NewCompetitor> competitorsOf(Map<String, Object> section) {
        Object items = section.get("competitors");
        List<NewCompetitor> competitors = new ArrayList<>();
        if (items instanceof List<?> list) {
            for (Object item : list) {
                if (item instanceof Map<?, ?> map) {
                    competitors.add(new NewCompetitor((String) map.get("domain"), (String) map.get("brand_name"),
                            strings(map.get("matching_names"))));
                }
            }
        }
        return competitors;
    }

    private static <T> List<T> orEmpty(List<T> list) {
        return list == null ? List.of() : list;
    }

    private OffsetDateTime now() {
        return OffsetDateTime.now(clock.withZone(ZoneOffset.UTC));
    }
}
