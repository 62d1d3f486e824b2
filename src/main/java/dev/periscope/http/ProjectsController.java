package dev.periscope.http;

import dev.periscope.access.Caller;
import dev.periscope.plans.PlanLimits;
import dev.periscope.plans.Quotas;
import dev.periscope.projects.Drafts;
import dev.periscope.projects.ProjectRequests;
import dev.periscope.projects.Projects;
import dev.periscope.shared.Json;
import dev.periscope.shared.JsonBody;
import dev.periscope.shared.QueryParams;
import jakarta.servlet.http.HttpServletRequest;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;

/** Spec "Projects and drafts": {@code POST /projects} and the draft wizard. */
@RestController
@RequestMapping(ApiAccessFilter.PREFIX)
public class ProjectsController {
    private final Projects projects;
    private final Drafts drafts;
    private final Quotas quotas;
    private final ProjectRequests requests;

    public ProjectsController(Projects projects, Drafts drafts, Quotas quotas, ProjectRequests requests) {
        this.requests = requests;
        this.projects = projects;
        this.drafts = drafts;
        this.quotas = quotas;
    }

    @PostMapping("/projects")
    ResponseEntity<Map<String, Object>> create(Caller caller, @RequestBody(required = false) JsonNode body) {
        Projects.Created created = projects.create(caller, requests.newProject(JsonBody.of(body)));
        return ResponseEntity.status(created.replay() ? HttpStatus.OK : HttpStatus.CREATED).body(createdBody(caller, created));
    }

    @PostMapping("/project_drafts")
    ResponseEntity<Map<String, Object>> startDraft(Caller caller, @RequestBody(required = false) JsonNode body) {
        Drafts.Draft draft = drafts.start(caller, JsonBody.of(body));
        return ResponseEntity.status(HttpStatus.CREATED).body(drafts.envelope(caller, draft, true));
    }

    @GetMapping("/project_drafts/{id}")
    Map<String, Object> draft(Caller caller, @PathVariable String id, HttpServletRequest request) {
        boolean includeSuggestions = new QueryParams(request).flag("include_suggestions", false);
        return drafts.envelope(caller, drafts.require(caller, id), includeSuggestions);
    }

    @PatchMapping("/project_drafts/{id}")
    Map<String, Object> submitStep(Caller caller, @PathVariable String id, @RequestBody(required = false) JsonNode body) {
        return drafts.envelope(caller, drafts.submit(caller, id, JsonBody.of(body)), true);
    }

    @PostMapping("/project_drafts/{id}/finalize")
    ResponseEntity<Map<String, Object>> finalizeDraft(Caller caller, @PathVariable String id,
                                                      @RequestBody(required = false) JsonNode body) {
        Drafts.Finalized finalized = drafts.finalizeDraft(caller, id, JsonBody.of(body));
        Map<String, Object> response = createdBody(caller, finalized.created());
        response.put("draft_id", finalized.draft().id());
        return ResponseEntity.status(finalized.created().replay() ? HttpStatus.OK : HttpStatus.CREATED).body(response);
    }

    /** The public document's ProjectCreateResponse. */
    private Map<String, Object> createdBody(Caller caller, Projects.Created created) {
        var project = created.project();
        PlanLimits.Limits limits = quotas.limitsOf(caller.plan());
        Integer competitorCap = limits.competitorsPerProject();
        Map<String, Object> body = Json.object(
                "project", projects.detail(project),
                "prompts", Json.object(
                        "created", created.promptsCreated(),
                        "skipped", created.promptsSkipped(),
                        "execution", project.executePromptsImmediately() ? "immediate" : "deferred_to_next_scheduled_run"),
                "competitors", Json.object("created", created.competitorsCreated(), "processing", false),
                "email_subscription", Json.object("weekly_email_subscribed", project.weeklyEmailSubscribed()),
                "limits", Json.object(
                        "projects_remaining", limits.projects() == null ? null
                                : Math.max(0, limits.projects() - quotas.projects(caller.accountId())),
                        "prompts_available", quotas.promptsAvailable(caller),
                        "competitors_remaining", competitorCap == null ? null
                                : Math.max(0, competitorCap - quotas.liveCompetitors(project.id()))));
        if (created.replay()) {
            body.put("idempotent", true);
        }
        return body;
    }
}
