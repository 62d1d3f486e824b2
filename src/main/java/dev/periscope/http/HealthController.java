package dev.periscope.http;

import dev.periscope.access.Caller;
import dev.periscope.plans.Quotas;
import dev.periscope.projects.Projects;
import dev.periscope.shared.Json;
import dev.periscope.shared.QueryParams;
import jakarta.servlet.http.HttpServletRequest;
import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** Spec "Health and account": {@code GET /ping}, {@code GET /account}. */
@RestController
@RequestMapping(ApiAccessFilter.PREFIX)
public class HealthController {
    private final Projects projects;
    private final Quotas quotas;
    private final Clock clock;

    public HealthController(Projects projects, Quotas quotas, Clock clock) {
        this.projects = projects;
        this.quotas = quotas;
        this.clock = clock;
    }

    @GetMapping("/ping")
    Map<String, Object> ping(Caller caller, HttpServletRequest request) {
        Long projectId = new QueryParams(request).optionalId("project_id");
        Map<String, Object> body = Json.object("ok", true, "message", "pong", "timestamp", Instant.now(clock),
                "user_id", caller.userId());
        if (projectId != null) {
            var project = projects.require(caller, projectId);
            body.put("project", Json.object("id", project.id(), "name", project.name(),
                    "brand_name", project.brandName()));
        }
        return body;
    }

    @GetMapping("/account")
    Map<String, Object> account(Caller caller) {
        return quotas.account(caller);
    }
}
