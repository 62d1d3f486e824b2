package dev.periscope.http;

import dev.periscope.access.Caller;
import dev.periscope.plans.Quotas;
import dev.periscope.projects.Collections;
import dev.periscope.projects.Locales;
import dev.periscope.projects.Project;
import dev.periscope.projects.ProjectRequests;
import dev.periscope.projects.Projects;
import dev.periscope.projects.Prompts;
import dev.periscope.shared.ApiException;
import dev.periscope.shared.Json;
import dev.periscope.shared.JsonBody;
import dev.periscope.shared.QueryParams;
import jakarta.servlet.http.HttpServletRequest;
import java.util.List;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;

/** Spec "Prompts, collections, competitors, annotations": the prompt endpoints. */
@RestController
@RequestMapping(ApiAccessFilter.PREFIX)
public class PromptsController {
    private final Projects projects;
    private final Prompts prompts;
    private final Collections collections;
    private final Quotas quotas;

    public PromptsController(Projects projects, Prompts prompts, Collections collections, Quotas quotas) {
        this.projects = projects;
        this.prompts = prompts;
        this.collections = collections;
        this.quotas = quotas;
    }

    @PostMapping("/prompts")
    ResponseEntity<Map<String, Object>> create(Caller caller, @RequestBody(required = false) JsonNode json) {
        JsonBody body = JsonBody.of(json).allowOnly("project_id", "prompts", "country_code", "language_code");
        Project project = projects.require(caller, body.requiredId("project_id"));
        List<String> texts = body.optionalStringList("prompts", ProjectRequests.MAX_PROMPTS_PER_REQUEST,
                ProjectRequests.MAX_PROMPT_LENGTH);
        if (texts == null || texts.isEmpty()) {
            throw ApiException.invalidParam("prompts", "prompts must list at least one prompt");
        }
        String country = Locales.country("country_code", body.requiredString("country_code", 10));
        String language = Locales.language("language_code", body.requiredString("language_code", 10));
        Prompts.AddResult result = prompts.add(caller, project, texts, country, language);
        Integer available = quotas.promptsAvailable(caller);
        return ResponseEntity.status(HttpStatus.CREATED).body(Json.object(
                "project_id", project.id(),
                "created", result.created(),
                "skipped", result.skipped(),
                "total_after", projects.livePromptCount(project.id()),
                "prompts_available", available,
                "data", result.items().stream()
                        .map(item -> Json.object("id", item.id(), "raw_input", item.rawInput(), "status", item.status()))
                        .toList()));
    }

    @DeleteMapping("/prompts/{id}")
    Map<String, Object> delete(Caller caller, @PathVariable long id, HttpServletRequest request) {
        Project project = projects.require(caller, new QueryParams(request).requiredProjectId());
        prompts.delete(project, id);
        return Json.object("deleted", true, "id", id, "project_id", project.id());
    }

    @PostMapping("/prompts/assign_tags")
    Map<String, Object> assignTags(Caller caller, @RequestBody(required = false) JsonNode json) {
        JsonBody body = JsonBody.of(json).allowOnly("project_id", "prompt_ids", "tag_ids", "tag_names", "create_missing");
        Project project = projects.require(caller, body.requiredId("project_id"));
        List<Long> promptIds = body.optionalIdList("prompt_ids", 1_000);
        if (promptIds == null || promptIds.isEmpty()) {
            throw ApiException.invalidParam("prompt_ids", "prompt_ids must list at least one prompt id");
        }
        List<Long> tagIds = body.optionalIdList("tag_ids", 100);
        List<String> tagNames = body.optionalStringList("tag_names", 100, 100);
        if ((tagIds == null || tagIds.isEmpty()) && (tagNames == null || tagNames.isEmpty())) {
            throw ApiException.invalidParam("tag_ids", "Give tag_ids, tag_names or both");
        }
        Collections.Assignment result = collections.assign(project, promptIds, tagIds, tagNames,
                body.optionalBoolean("create_missing", false));
        return Json.object(
                "project_id", project.id(),
                "prompts_targeted", result.promptsTargeted(),
                "tags_attached", result.tagsAttached().stream()
                        .map(tag -> Json.object("id", tag.id(), "name", tag.name())).toList(),
                "new_links_created", result.newLinksCreated(),
                "skipped_already_linked", result.skippedAlreadyLinked(),
                "missing_tag_names", result.missingTagNames(),
                "ignored_prompt_ids", result.ignoredPromptIds());
    }
}
