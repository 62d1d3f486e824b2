package dev.periscope.projects;

import dev.periscope.access.Caller;
import dev.periscope.jobs.Jobs;
import dev.periscope.plans.Quotas;
import dev.periscope.shared.ApiException;
import dev.periscope.shared.ErrorCode;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;

/**
 * Prompts: bulk creation within the account's prompt quota (spec "POST /prompts"), deletion that frees the slot at
 * once and purges history in the background, and bulk tagging.
 */
@Component
public class Prompts {
    public static final String PURGE_JOB = "prompt.purge";

    private final JdbcClient db;
    private final Quotas quotas;
    private final Jobs jobs;
    private final ApplicationEventPublisher events;
    private final Clock clock;

    public Prompts(JdbcClient db, Quotas quotas, Jobs jobs, ApplicationEventPublisher events, Clock clock) {
        this.db = db;
        this.quotas = quotas;
        this.jobs = jobs;
        this.events = events;
        this.clock = clock;
    }

    /** One input line and what became of it: {@code created} or {@code exists}. */
    public record Item(long id, String rawInput, String status) {
    }

    public record AddResult(List<Item> items, int created, int skipped) {
    }

    /**
     * Adds prompts; the same text (case and spacing aside) in the same locale counts as existing. All or nothing:
     * when the new ones do not fit in the free slots, nothing is added and {@code ERR_LIMIT_REACHED} says how many fit.
     */
    @Transactional
    public AddResult add(Caller caller, Project project, List<String> texts, String country, String language) {
        db.sql("SELECT id FROM accounts WHERE id = :id FOR UPDATE").param("id", caller.accountId())
                .query(Long.class).single();
        return addLocked(caller, project, texts, country, language, "prompts");
    }

    /** The body of {@link #add}; the caller holds the account row lock, which serialises quota checks. */
    AddResult addLocked(Caller caller, Project project, List<String> texts, String country, String language,
                        String param) {
        Map<String, Long> existing = new HashMap<>();
        db.sql("""
                        SELECT id, text_key FROM prompts
                         WHERE project_id = :project AND country_code = :country AND language_code = :language
                           AND deleted_at IS NULL
                        """)
                .param("project", project.id()).param("country", country).param("language", language)
                .query((rs, n) -> existing.put(rs.getString("text_key"), rs.getLong("id"))).list();
        Map<String, String> fresh = new LinkedHashMap<>();
        for (String text : texts) {
            String key = textKey(text);
            if (!existing.containsKey(key)) {
                fresh.putIfAbsent(key, normaliseSpacing(text));
            }
        }
        Integer limit = quotas.limitsOf(caller.plan()).prompts();
        if (limit != null) {
            int used = quotas.livePrompts(caller.accountId());
            int available = Math.max(0, limit - used);
            if (fresh.size() > available) {
                throw new ApiException(ErrorCode.LIMIT_REACHED,
                        "Not enough prompt slots: " + fresh.size() + " new prompts, " + available + " slots available",
                        Map.of("param", param, "requested", fresh.size(), "available", available, "limit", limit));
            }
        }
        List<String> ownNames = project.matchingNames();
        List<String> competitorNames = competitorNames(project.id());
        Map<String, Long> createdIds = new HashMap<>();
        for (Map.Entry<String, String> entry : fresh.entrySet()) {
            String text = entry.getValue();
            long id = db.sql("""
                            INSERT INTO prompts (project_id, prompt_text, text_key, country_code, language_code,
                                                 prompt_type, brand_kind, created_at)
                            VALUES (:project, :text, :key, :country, :language, :type, :kind, :now)
                            RETURNING id
                            """)
                    .param("project", project.id()).param("text", text).param("key", entry.getKey())
                    .param("country", country).param("language", language)
                    .param("type", PromptClassifier.promptType(text))
                    .param("kind", PromptClassifier.brandKind(text, ownNames, competitorNames))
                    .param("now", OffsetDateTime.now(clock.withZone(ZoneOffset.UTC)))
                    .query(Long.class).single();
            createdIds.put(entry.getKey(), id);
        }
        List<Item> items = new ArrayList<>();
        Map<String, Boolean> reported = new HashMap<>();
        int created = 0;
        for (String text : texts) {
            String key = textKey(text);
            Long newId = createdIds.get(key);
            if (newId != null && reported.putIfAbsent(key, true) == null) {
                items.add(new Item(newId, text, "created"));
                created++;
            } else {
                items.add(new Item(newId != null ? newId : existing.get(key), text, "exists"));
            }
        }
        if (!createdIds.isEmpty()) {
            events.publishEvent(new ProjectEvents.PromptsCreated(project.id(), List.copyOf(createdIds.values()),
                    project.executePromptsImmediately()));
        }
        return new AddResult(items, created, texts.size() - created);
    }

    /** Deletes a prompt: gone from every list at once, its slot free; the purge job removes it and its history. */
    @Transactional
    public void delete(Project project, long promptId) {
        int changed = db.sql("""
                        UPDATE prompts SET deleted_at = :now
                         WHERE id = :id AND project_id = :project AND deleted_at IS NULL
                        """)
                .param("now", OffsetDateTime.now(clock.withZone(ZoneOffset.UTC)))
                .param("id", promptId).param("project", project.id()).update();
        if (changed == 0) {
            throw ApiException.notFound("Prompt");
        }
        jobs.enqueue(PURGE_JOB, Map.of("prompt_id", promptId), PURGE_JOB + ":" + promptId);
    }

    /** Case and runs of white space do not make a prompt different. */
    static String textKey(String text) {
        return normaliseSpacing(text).toLowerCase(Locale.ROOT);
    }

    static String normaliseSpacing(String text) {
        return text.strip().replaceAll("\\s+", " ");
    }

    private List<String> competitorNames(long projectId) {
        List<String> names = new ArrayList<>();
        db.sql("SELECT matching_names FROM competitors WHERE project_id = :project AND deleted_at IS NULL")
                .param("project", projectId)
                .query((rs, n) -> names.addAll(Projects.textArray(rs, "matching_names"))).list();
        return names;
    }
}
