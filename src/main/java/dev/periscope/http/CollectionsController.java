package dev.periscope.http;

import dev.periscope.access.Caller;
import dev.periscope.projects.Collections;
import dev.periscope.projects.Project;
import dev.periscope.projects.Projects;
import dev.periscope.shared.Json;
import dev.periscope.shared.JsonBody;
import dev.periscope.shared.QueryParams;
import jakarta.servlet.http.HttpServletRequest;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;

/** Collections (Tags in the app): create, rename, delete. */
@RestController
@RequestMapping(ApiAccessFilter.PREFIX)
public class CollectionsController {
    private static final int MAX_NAME = 100;
    private static final int MAX_DESCRIPTION = 1_000;
    private final Projects projects;
    private final Collections collections;

    public CollectionsController(Projects projects, Collections collections) {
        this.projects = projects;
        this.collections = collections;
    }

    @PostMapping("/collections")
    ResponseEntity<Map<String, Object>> create(Caller caller, @RequestBody(required = false) JsonNode json) {
        JsonBody body = JsonBody.of(json).allowOnly("project_id", "name", "description", "prompt_ids");
        Project project = projects.require(caller, body.requiredId("project_id"));
        Collections.Created created = collections.create(project, body.requiredString("name", MAX_NAME),
                body.optionalString("description", MAX_DESCRIPTION), body.optionalIdList("prompt_ids", 1_000));
        return ResponseEntity.status(HttpStatus.CREATED).body(Json.object(
                "project_id", project.id(),
                "collection", Collections.json(created.collection()),
                "prompts_attached", created.promptsAttached(),
                "total_collections", created.totalCollections()));
    }

    @PatchMapping("/collections/{id}")
    Map<String, Object> update(Caller caller, @PathVariable long id, @RequestBody(required = false) JsonNode json) {
        JsonBody body = JsonBody.of(json).allowOnly("project_id", "name", "description");
        Project project = projects.require(caller, body.requiredId("project_id"));
        String name = body.optionalString("name", MAX_NAME);
        if (name != null && name.isBlank()) {
            throw body.missing("name");
        }
        var collection = collections.update(project, id, name, body.optionalString("description", MAX_DESCRIPTION));
        return Json.object("project_id", project.id(), "collection", Collections.json(collection));
    }

    @DeleteMapping("/collections/{id}")
    Map<String, Object> delete(Caller caller, @PathVariable long id, HttpServletRequest request) {
        Project project = projects.require(caller, new QueryParams(request).requiredProjectId());
        collections.delete(project, id);
        return Json.object("deleted", true, "id", id, "project_id", project.id());
    }
}
