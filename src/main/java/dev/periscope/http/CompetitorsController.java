package dev.periscope.http;

import dev.periscope.access.Caller;
import dev.periscope.plans.Quotas;
import dev.periscope.projects.Competitor;
import dev.periscope.projects.Competitors;
import dev.periscope.projects.Project;
import dev.periscope.projects.ProjectRequests;
import dev.periscope.projects.Projects;
import dev.periscope.shared.ApiException;
import dev.periscope.shared.ErrorCode;
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

/** Competitors: add (within the plan's cap), edit names and colour, delete. */
@RestController
@RequestMapping(ApiAccessFilter.PREFIX)
public class CompetitorsController {
    private final Projects projects;
    private final Competitors competitors;
    private final Quotas quotas;

    public CompetitorsController(Projects projects, Competitors competitors, Quotas quotas) {
        this.projects = projects;
        this.competitors = competitors;
        this.quotas = quotas;
    }

    @PostMapping("/competitors")
    ResponseEntity<Map<String, Object>> create(Caller caller, @RequestBody(required = false) JsonNode json) {
        JsonBody body = JsonBody.of(json).allowOnly("project_id", "brand_name", "domain", "matching_names");
        Project project = projects.require(caller, body.requiredId("project_id"));
        body.requiredString("brand_name", ProjectRequests.MAX_NAME_LENGTH);
        Competitor competitor = competitors.create(caller, project, ProjectRequests.competitor(body, "domain"));
        Integer cap = quotas.limitsOf(caller.plan()).competitorsPerProject();
        int total = quotas.liveCompetitors(project.id());
        return ResponseEntity.status(HttpStatus.CREATED).body(Json.object(
                "project_id", project.id(),
                "competitor", Json.object("id", competitor.id(), "brand_name", competitor.brandName(),
                        "domain", competitor.domain(), "color", competitor.color(),
                        "matching_names", competitor.matchingNames(), "processing", competitor.processing()),
                "competitors_remaining", cap == null ? null : Math.max(0, cap - total),
                "total_competitors", total));
    }

    @PatchMapping("/competitors/{id}")
    Map<String, Object> update(Caller caller, @PathVariable long id, @RequestBody(required = false) JsonNode json) {
        JsonBody body = JsonBody.of(json).allowOnly("project_id", "brand_name", "matching_names", "color", "domain");
        Project project = projects.require(caller, body.requiredId("project_id"));
        if (body.has("domain")) {
            throw new ApiException(ErrorCode.INVALID_PARAM,
                    "A competitor's domain cannot change; delete it and add the new domain",
                    Map.of("param", "domain", "reason", "immutable"));
        }
        String brandName = body.optionalString("brand_name", ProjectRequests.MAX_NAME_LENGTH);
        if (brandName != null && brandName.isBlank()) {
            throw body.missing("brand_name");
        }
        var changes = new Competitors.Changes(brandName,
                body.has("matching_names") ? ProjectRequests.matchingNames(body, "matching_names") : null,
                ProjectRequests.color(body, "color"));
        return DimensionsController.competitorDetail(competitors.update(project, id, changes));
    }

    @DeleteMapping("/competitors/{id}")
    Map<String, Object> delete(Caller caller, @PathVariable long id, HttpServletRequest request) {
        Project project = projects.require(caller, new QueryParams(request).requiredProjectId());
        competitors.delete(project, id);
        return Json.object("deleted", true, "id", id, "project_id", project.id());
    }
}
