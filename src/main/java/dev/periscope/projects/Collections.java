package dev.periscope.projects;

import dev.periscope.shared.ApiException;
import dev.periscope.shared.ErrorCode;
import dev.periscope.shared.Json;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;

/** Collections (Tags in the app): names unique per project regardless of case; deleting one keeps its prompts. */
@Component
public class Collections {
    private final JdbcClient db;

    public Collections(JdbcClient db) {
        this.db = db;
    }

    public record Collection(long id, String name, String description) {
    }

    public List<Collection> list(long projectId) {
        return db.sql("SELECT id, name, description FROM collections WHERE project_id = :project ORDER BY id")
                .param("project", projectId)
                .query((rs, n) -> new Collection(rs.getLong("id"), rs.getString("name"), rs.getString("description")))
                .list();
    }

    public Collection require(Project project, long id) {
        return db.sql("SELECT id, name, description FROM collections WHERE id = :id AND project_id = :project")
                .param("id", id).param("project", project.id())
                .query((rs, n) -> new Collection(rs.getLong("id"), rs.getString("name"), rs.getString("description")))
                .optional().orElseThrow(() -> ApiException.notFound("Collection"));
    }

    public record Created(Collection collection, int promptsAttached, int totalCollections) {
    }

    @Transactional
    public Created create(Project project, String name, String description, List<Long> promptIds) {
        lockProject(project.id());
        requireFreeName(project.id(), name, null);
        List<Long> prompts = promptIds == null ? List.of() : requireLivePrompts(project.id(), promptIds, "prompt_ids");
        long id = db.sql("INSERT INTO collections (project_id, name, description) VALUES (:project, :name, :description) RETURNING id")
                .param("project", project.id()).param("name", name).param("description", description)
                .query(Long.class).single();
        int attached = 0;
        for (long promptId : prompts) {
            attached += link(promptId, id);
        }
        int total = db.sql("SELECT count(*) FROM collections WHERE project_id = :project").param("project", project.id())
                .query(Integer.class).single();
        return new Created(new Collection(id, name, description), attached, total);
    }

    @Transactional
    public Collection update(Project project, long id, String name, String description) {
        lockProject(project.id());
        Collection current = require(project, id);
        if (name != null) {
            requireFreeName(project.id(), name, id);
        }
        db.sql("UPDATE collections SET name = :name, description = :description WHERE id = :id")
                .param("name", name != null ? name : current.name())
                .param("description", description != null ? description : current.description())
                .param("id", id).update();
        return require(project, id);
    }

    public void delete(Project project, long id) {
        int deleted = db.sql("DELETE FROM collections WHERE id = :id AND project_id = :project")
                .param("id", id).param("project", project.id()).update();
        if (deleted == 0) {
            throw ApiException.notFound("Collection");
        }
    }

    /** The outcome of {@code POST /prompts/assign_tags}, field by field as the spec names them. */
    public record Assignment(int promptsTargeted, List<Collection> tagsAttached, int newLinksCreated,
                             int skippedAlreadyLinked, List<String> missingTagNames, List<Long> ignoredPromptIds) {
    }

    /** Idempotent: links that exist are counted as skipped; unknown names are created only with create_missing. */
    @Transactional
    public Assignment assign(Project project, List<Long> promptIds, List<Long> tagIds, List<String> tagNames,
                             boolean createMissing) {
        lockProject(project.id());
        Set<Long> livePrompts = new LinkedHashSet<>(db.sql("""
                        SELECT id FROM prompts WHERE project_id = :project AND deleted_at IS NULL AND id IN (:ids)
                        """)
                .param("project", project.id()).param("ids", promptIds).query(Long.class).list());
        List<Long> ignored = promptIds.stream().distinct().filter(id -> !livePrompts.contains(id)).toList();
        Map<Long, Collection> tags = new LinkedHashMap<>();
        if (tagIds != null && !tagIds.isEmpty()) {
            List<Collection> found = db.sql("SELECT id, name, description FROM collections WHERE project_id = :project AND id IN (:ids)")
                    .param("project", project.id()).param("ids", tagIds)
                    .query((rs, n) -> new Collection(rs.getLong("id"), rs.getString("name"), rs.getString("description")))
                    .list();
            List<Long> unknown = tagIds.stream().filter(id -> found.stream().noneMatch(c -> c.id() == id)).distinct().toList();
            if (!unknown.isEmpty()) {
                throw new ApiException(ErrorCode.INVALID_PARAM, "Unknown tag ids: " + unknown,
                        Map.of("param", "tag_ids", "invalid_ids", unknown));
            }
            for (Collection collection : found) {
                tags.put(collection.id(), collection);
            }
        }
        List<String> missing = new ArrayList<>();
        if (tagNames != null) {
            for (String name : new LinkedHashSet<>(tagNames)) {
                var existing = db.sql("SELECT id, name, description FROM collections WHERE project_id = :project AND lower(name) = lower(:name)")
                        .param("project", project.id()).param("name", name)
                        .query((rs, n) -> new Collection(rs.getLong("id"), rs.getString("name"), rs.getString("description")))
                        .optional();
                if (existing.isPresent()) {
                    tags.putIfAbsent(existing.get().id(), existing.get());
                } else if (createMissing) {
                    long id = db.sql("INSERT INTO collections (project_id, name) VALUES (:project, :name) RETURNING id")
                            .param("project", project.id()).param("name", name).query(Long.class).single();
                    tags.put(id, new Collection(id, name, null));
                } else if (missing.stream().noneMatch(m -> m.equalsIgnoreCase(name))) {
                    missing.add(name);
                }
            }
        }
        int created = 0;
        int skipped = 0;
        for (long promptId : livePrompts) {
            for (long tagId : tags.keySet()) {
                if (link(promptId, tagId) == 1) {
                    created++;
                } else {
                    skipped++;
                }
            }
        }
        return new Assignment(livePrompts.size(), List.copyOf(tags.values()), created, skipped, missing, ignored);
    }

    public static Map<String, Object> json(Collection collection) {
        return Json.object("id", collection.id(), "name", collection.name(), "description", collection.description());
    }

    private int link(long promptId, long collectionId) {
        return db.sql("INSERT INTO prompt_collections (prompt_id, collection_id) VALUES (:prompt, :collection) ON CONFLICT DO NOTHING")
                .param("prompt", promptId).param("collection", collectionId).update();
    }

    private List<Long> requireLivePrompts(long projectId, List<Long> promptIds, String param) {
        if (promptIds.isEmpty()) {
            return List.of();
        }
        List<Long> live = db.sql("SELECT id FROM prompts WHERE project_id = :project AND deleted_at IS NULL AND id IN (:ids)")
                .param("project", projectId).param("ids", promptIds).query(Long.class).list();
        List<Long> unknown = promptIds.stream().filter(id -> !live.contains(id)).distinct().toList();
        if (!unknown.isEmpty()) {
            throw new ApiException(ErrorCode.INVALID_PARAM, "These prompts do not belong to the project: " + unknown,
                    Map.of("param", param, "invalid_ids", unknown));
        }
        return promptIds.stream().distinct().toList();
    }

    private void requireFreeName(long projectId, String name, Long exceptId) {
        boolean taken = db.sql("""
                        SELECT EXISTS (SELECT 1 FROM collections WHERE project_id = :project AND lower(name) = lower(:name)
                                          AND id <> :except)
                        """)
                .param("project", projectId).param("name", name).param("except", exceptId == null ? -1L : exceptId)
                .query(Boolean.class).single();
        if (taken) {
            throw new ApiException(ErrorCode.INVALID_PARAM, "A collection named '" + name + "' already exists",
                    Map.of("param", "name", "reason", "duplicate_name", "value", name.toLowerCase(Locale.ROOT)));
        }
    }

    private void lockProject(long projectId) {
        db.sql("SELECT id FROM projects WHERE id = :id FOR UPDATE").param("id", projectId).query(Long.class).single();
    }
}
