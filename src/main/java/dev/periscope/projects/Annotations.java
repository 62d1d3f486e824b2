package dev.periscope.projects;

import dev.periscope.access.Caller;
import dev.periscope.shared.ApiException;
import dev.periscope.shared.ErrorCode;
import dev.periscope.shared.Json;
import dev.periscope.shared.PageRequest;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * Timeline annotations. Users edit only their own; system annotations (no author) are never editable
 * ({@code ERR_INSUFFICIENT_PERMISSION}).
 */
@Component
public class Annotations {
    private static final String SELECT = """
            SELECT a.id, a.title, a.annotation_date, a.description, a.color, a.annotation_category_id,
                   a.created_by_user_id, a.created_at, c.name AS category_name, c.color AS category_color
              FROM annotations a LEFT JOIN annotation_categories c ON c.id = a.annotation_category_id
            """;

    private final JdbcClient db;
    private final Clock clock;

    public Annotations(JdbcClient db, Clock clock) {
        this.db = db;
        this.clock = clock;
    }

    public record Annotation(long id, String title, LocalDate annotationDate, String description, String color,
                             Long annotationCategoryId, Long createdByUserId, OffsetDateTime createdAt,
                             String categoryName, String categoryColor) {
    }

    /** Fields of a create or update; on update, null means unchanged. */
    public record Fields(String title, LocalDate annotationDate, String description, String color, Long categoryId) {
    }

    public Annotation create(Caller caller, Project project, Fields fields) {
        requireCategory(project, fields.categoryId());
        LocalDate date = fields.annotationDate() != null ? fields.annotationDate() : LocalDate.now(clock.withZone(ZoneOffset.UTC));
        long id = db.sql("""
                        INSERT INTO annotations (project_id, created_by_user_id, title, annotation_date, description, color,
                                                 annotation_category_id)
                        VALUES (:project, :user, :title, :date, :description, :color, :category) RETURNING id
                        """)
                .param("project", project.id()).param("user", caller.userId()).param("title", fields.title())
                .param("date", date).param("description", fields.description()).param("color", fields.color())
                .param("category", fields.categoryId())
                .query(Long.class).single();
        return require(project, id);
    }

    public Annotation update(Caller caller, Project project, long id, Fields fields) {
        Annotation current = requireEditable(caller, project, id);
        requireCategory(project, fields.categoryId());
        db.sql("""
                        UPDATE annotations SET title = :title, annotation_date = :date, description = :description,
                                               color = :color, annotation_category_id = :category, updated_at = now()
                         WHERE id = :id
                        """)
                .param("title", fields.title() != null ? fields.title() : current.title())
                .param("date", fields.annotationDate() != null ? fields.annotationDate() : current.annotationDate())
                .param("description", fields.description() != null ? fields.description() : current.description())
                .param("color", fields.color() != null ? fields.color() : current.color())
                .param("category", fields.categoryId() != null ? fields.categoryId() : current.annotationCategoryId())
                .param("id", id).update();
        return require(project, id);
    }

    public void delete(Caller caller, Project project, long id) {
        requireEditable(caller, project, id);
        db.sql("DELETE FROM annotations WHERE id = :id").param("id", id).update();
    }

    public record Listing(List<Annotation> annotations, long total) {
    }

    /** Newest first. {@code from}/{@code to} are inclusive dates. */
    public Listing list(Project project, LocalDate from, LocalDate to, Long categoryId, PageRequest page) {
        String where = """
                 WHERE a.project_id = :project
                   AND (CAST(:from AS date) IS NULL OR a.annotation_date >= :from)
                   AND (CAST(:to AS date) IS NULL OR a.annotation_date <= :to)
                   AND (CAST(:category AS bigint) IS NULL OR a.annotation_category_id = :category)
                """;
        long total = db.sql("SELECT count(*) FROM annotations a" + where)
                .param("project", project.id()).param("from", from).param("to", to).param("category", categoryId)
                .query(Long.class).single();
        List<Annotation> rows = db.sql(SELECT + where + " ORDER BY a.annotation_date DESC, a.id DESC LIMIT :limit OFFSET :offset")
                .param("project", project.id()).param("from", from).param("to", to).param("category", categoryId)
                .param("limit", page.perPage()).param("offset", page.offset())
                .query(Annotations::map).list();
        return new Listing(rows, total);
    }

    public List<Map<String, Object>> categories(Project project) {
        return db.sql("SELECT id, name, color FROM annotation_categories WHERE project_id = :project ORDER BY id")
                .param("project", project.id())
                .query((rs, n) -> Json.object("id", rs.getLong("id"), "name", rs.getString("name"),
                        "color", rs.getString("color")))
                .list();
    }

    public Annotation require(Project project, long id) {
        return db.sql(SELECT + " WHERE a.id = :id AND a.project_id = :project")
                .param("id", id).param("project", project.id()).query(Annotations::map).optional()
                .orElseThrow(() -> ApiException.notFound("Annotation"));
    }

    public static Map<String, Object> json(Annotation annotation, Caller caller) {
        return Json.object(
                "id", annotation.id(),
                "title", annotation.title(),
                "annotation_date", annotation.annotationDate().toString(),
                "description", annotation.description(),
                "color", annotation.color(),
                "annotation_category_id", annotation.annotationCategoryId(),
                "category", annotation.annotationCategoryId() == null ? null : Json.object(
                        "id", annotation.annotationCategoryId(), "name", annotation.categoryName(),
                        "color", annotation.categoryColor()),
                "editable", annotation.createdByUserId() != null && annotation.createdByUserId() == caller.userId(),
                "created_at", annotation.createdAt());
    }

    private Annotation requireEditable(Caller caller, Project project, long id) {
        Annotation current = require(project, id);
        if (current.createdByUserId() == null || current.createdByUserId() != caller.userId()) {
            throw new ApiException(ErrorCode.INSUFFICIENT_PERMISSION,
                    current.createdByUserId() == null ? "System annotations cannot be changed"
                            : "Only the author of an annotation can change it");
        }
        return current;
    }

    private void requireCategory(Project project, Long categoryId) {
        if (categoryId == null) {
            return;
        }
        boolean exists = db.sql("SELECT EXISTS (SELECT 1 FROM annotation_categories WHERE id = :id AND project_id = :project)")
                .param("id", categoryId).param("project", project.id()).query(Boolean.class).single();
        if (!exists) {
            throw new ApiException(ErrorCode.INVALID_PARAM, "annotation_category_id does not belong to the project",
                    Map.of("param", "annotation_category_id", "value", categoryId));
        }
    }

    private static Annotation map(ResultSet rs, int row) throws SQLException {
        return new Annotation(rs.getLong("id"), rs.getString("title"), rs.getObject("annotation_date", LocalDate.class),
                rs.getString("description"), rs.getString("color"), (Long) rs.getObject("annotation_category_id"),
                (Long) rs.getObject("created_by_user_id"), rs.getObject("created_at", OffsetDateTime.class),
                rs.getString("category_name"), rs.getString("category_color"));
    }
}
