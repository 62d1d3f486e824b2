package dev.periscope.http;

import dev.periscope.access.Caller;
import dev.periscope.projects.Annotations;
import dev.periscope.projects.Project;
import dev.periscope.projects.ProjectRequests;
import dev.periscope.projects.Projects;
import dev.periscope.shared.ApiException;
import dev.periscope.shared.ErrorCode;
import dev.periscope.shared.Json;
import dev.periscope.shared.JsonBody;
import dev.periscope.shared.PageRequest;
import dev.periscope.shared.QueryParams;
import jakarta.servlet.http.HttpServletRequest;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;

/** Timeline annotations (Growth and above; the gate is in {@link dev.periscope.plans.Feature#ANNOTATIONS}). */
@RestController
@RequestMapping(ApiAccessFilter.PREFIX)
public class AnnotationsController {
    private static final int MAX_TITLE = 200;
    private static final int MAX_DESCRIPTION = 5_000;
    private final Projects projects;
    private final Annotations annotations;

    public AnnotationsController(Projects projects, Annotations annotations) {
        this.projects = projects;
        this.annotations = annotations;
    }

    @GetMapping("/annotations")
    Map<String, Object> list(Caller caller, HttpServletRequest request) {
        QueryParams params = new QueryParams(request);
        Project project = projects.require(caller, params.requiredProjectId());
        LocalDate from = date(params, "from");
        LocalDate to = date(params, "to");
        if (from != null && to != null && from.isAfter(to)) {
            throw new ApiException(ErrorCode.INVALID_RANGE, "from must not be after to", Map.of("param", "from"));
        }
        PageRequest page = PageRequest.from(params, 20);
        Annotations.Listing listing = annotations.list(project, from, to, params.optionalId("annotation_category_id"), page);
        return Json.object(
                "project_id", project.id(),
                "page", page.page(),
                "per_page", page.perPage(),
                "total", listing.total(),
                "data", listing.annotations().stream().map(a -> Annotations.json(a, caller)).toList(),
                "categories", annotations.categories(project));
    }

    @PostMapping("/annotations")
    ResponseEntity<Map<String, Object>> create(Caller caller, @RequestBody(required = false) JsonNode json) {
        JsonBody body = JsonBody.of(json).allowOnly("project_id", "title", "annotation_date", "description", "color",
                "annotation_category_id");
        Project project = projects.require(caller, body.requiredId("project_id"));
        var fields = new Annotations.Fields(body.requiredString("title", MAX_TITLE), body.optionalDate("annotation_date"),
                body.optionalString("description", MAX_DESCRIPTION), ProjectRequests.color(body, "color"),
                body.optionalId("annotation_category_id"));
        var annotation = annotations.create(caller, project, fields);
        return ResponseEntity.status(HttpStatus.CREATED).body(Json.object(
                "project_id", project.id(), "annotation", Annotations.json(annotation, caller)));
    }

    @PatchMapping("/annotations/{id}")
    Map<String, Object> update(Caller caller, @PathVariable long id, @RequestBody(required = false) JsonNode json) {
        JsonBody body = JsonBody.of(json).allowOnly("project_id", "title", "annotation_date", "description", "color",
                "annotation_category_id");
        Project project = projects.require(caller, body.requiredId("project_id"));
        String title = body.optionalString("title", MAX_TITLE);
        if (title != null && title.isBlank()) {
            throw body.missing("title");
        }
        var fields = new Annotations.Fields(title, body.optionalDate("annotation_date"),
                body.optionalString("description", MAX_DESCRIPTION), ProjectRequests.color(body, "color"),
                body.optionalId("annotation_category_id"));
        return Json.object("project_id", project.id(),
                "annotation", Annotations.json(annotations.update(caller, project, id, fields), caller));
    }

    @DeleteMapping("/annotations/{id}")
    Map<String, Object> delete(Caller caller, @PathVariable long id, HttpServletRequest request) {
        Project project = projects.require(caller, new QueryParams(request).requiredProjectId());
        annotations.delete(caller, project, id);
        return Json.object("deleted", true, "id", id, "project_id", project.id());
    }

    private static LocalDate date(QueryParams params, String name) {
        String value = params.raw(name);
        if (value == null) {
            return null;
        }
        try {
            return LocalDate.parse(value);
        } catch (DateTimeParseException e) {
            throw ApiException.invalidParam(name, name + " must be a date in YYYY-MM-DD form");
        }
    }
}
